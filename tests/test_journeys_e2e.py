"""Journeys in a real window: what a player does in one sitting, per game, proven on the trace, the files and pixels.

Each test starts the real program (``python -m arcade``) on a private Xvfb and plays one
journey as a player would -- with the mouse and the keyboard through xdotool (XTEST), never
by calling the program's code:

    menu → the game by a mouse click on its entry → a few moves → watch the AI to the end
    (the result says it was finished with the AI and no personal best is recorded) → change
    the level (the board is laid out again) → a move on the new level → Esc → Main menu →
    Quit → start the program again → Continue → the exact state is back: the autosave's
    level and moves, and the board's pixels against a screenshot taken before quitting.

Tron has no AI to watch: its journey plays a round against the bot to the end, changes the
map, quits in the middle of the next round and comes back to that match with Continue.

The program tells the tests where it drew things and what it did through the trace file
(``$PUZZLE_ARCADE_TRACE``: ``menu-entry``, ``push``/``pop``, ``hashi-island``, ``royale-layout``,
``runway-layout``, ``tron-layout``, ``tron-tournament-round``, ``tron-tournament-button``, ``tron-setup-row``,
``tron-setup-button``, ``toolbar-button``, ``overlay-button``, ``picker-row``, ``outcome``, ``result``,
``rest``
...); the plumbing is in tests/xwindow.py.
Screenshots of each step are left in the test's ``tmp_path``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from tests.xwindow import (
    Program,
    click,
    crop,
    focus,
    menu_entries,
    park_pointer,
    press,
    read_records,
    run_program,
    saved_session,
    screenshot,
    wait_for,
    wait_window,
    window_origin,
    xdotool,
)

pytestmark = pytest.mark.e2e

SIZE = (1024, 640)
#: The part of the window that is the board: below the header, above the status line and toolbar.
BOARD = (12, 60, SIZE[0] - 24, SIZE[1] - 60 - 140)


class Player:
    """One run of the program in the journey, and what a player does to it."""

    def __init__(self, program: Program, tmp_path: Path) -> None:
        self.program = program
        self.env = program.env
        self.tmp_path = tmp_path
        self.window = wait_window(program)
        self.origin = window_origin(self.env, self.window)
        focus(self.env, self.window)

    # -- the trace ---------------------------------------------------------------------------------
    def mark(self) -> int:
        """Where the trace is now: ``since(mark)`` gives what the program said after this point."""
        return len(self.program.trace_lines())

    def since(self, mark: int) -> list[str]:
        return self.program.trace_lines()[mark:]

    def wait_line(self, mark: int, test: Callable[[str], bool], what: str, timeout: float = 20) -> str:
        """The first trace line after ``mark`` that passes ``test`` (fails, with the program's output, on timeout)."""
        def found() -> str | None:
            assert self.program.process.poll() is None, f"the program exited: {self.program.output()}"
            return next((line for line in self.since(mark) if test(line)), None)

        return wait_for(found, timeout, what)

    def wait_rest(self, mark: int, test: Callable[[str], bool], what: str, timeout: float = 20) -> None:
        """Wait for the frame loop's ``rest`` line after the first line past ``mark`` that passes ``test``.

        The loop says ``rest`` on the frame its scenes come to rest: the bikes stopped and the camera
        landed where a resumed game draws it. A fixed wait could take the picture a frame early on a
        loaded machine (Runway's zoom glides for about 1.7 s after a change of speed).
        """
        def found() -> bool:
            assert self.program.process.poll() is None, f"the program exited: {self.program.output()}"
            lines = self.since(mark)
            start = next((i for i, line in enumerate(lines) if test(line)), None)
            return start is not None and "rest" in lines[start + 1:]

        wait_for(found, timeout, what)

    def wait_push(self, mark: int, scene: str, timeout: float = 20) -> None:
        self.wait_line(mark, lambda line: line == f"push {scene}", f"{scene} to open", timeout)

    # -- input -------------------------------------------------------------------------------------
    def click(self, x: float, y: float, button: int = 1) -> None:
        click(self.env, self.window, round(x), round(y), button)

    def keys(self, *keys: str) -> None:
        press(self.env, self.window, *keys)

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        """Press at ``start`` (window pixels), move there in a few steps, release (a player's drag)."""
        x0, y0 = round(start[0]), round(start[1])
        command = ["mousemove", "--window", self.window, str(x0), str(y0), "sleep", "0.15", "mousedown", "1"]
        for i in range(1, 6):
            x = round(start[0] + (end[0] - start[0]) * i / 5)
            y = round(start[1] + (end[1] - start[1]) * i / 5)
            command += ["sleep", "0.05", "mousemove", "--window", self.window, str(x), str(y)]
        command += ["sleep", "0.15", "mouseup", "1", "sleep", "0.1"]
        xdotool(self.env, *command)

    def open_entry(self, title: str, scene: str) -> None:
        """Click the menu entry ``title`` (where the trace says the menu drew it) and wait for ``scene``."""
        rect = wait_for(lambda: menu_entries(self.program.trace_lines()).get(title), 20, f"the menu entry {title!r}")
        mark = self.mark()
        x, y, w, h = rect
        self.click(x + w // 2, y + h // 2)
        self.wait_push(mark, scene)

    def quit_by_menu(self, game_scene: str) -> None:
        """Esc → Main menu (the pause overlay's last button: End) → the Quit entry, clicked; the program must exit 0."""
        mark = self.mark()
        self.keys("Escape")
        self.wait_push(mark, "PauseScene")
        self.keys("End", "Return")
        self.wait_line(mark, lambda line: line == f"pop {game_scene}", "the game to close")
        menu = wait_for(lambda: menu_entries(self.since(mark)).get("Quit"), 20, "the menu to come back")
        x, y, w, h = menu
        self.click(x + w // 2, y + h // 2)
        assert self.program.process.wait(20) == 0, self.program.output()

    # -- pictures ----------------------------------------------------------------------------------
    def shot(self, name: str, settle: float = 0.6) -> pygame.Surface:
        """The window's board area after the pointer left the board and animations settled (saved as ``name``)."""
        park_pointer(self.env, self.window)
        time.sleep(settle)
        image = screenshot(self.env, self.tmp_path / f"{name}.png")
        x, y, w, h = BOARD
        return crop(image, (self.origin[0] + x, self.origin[1] + y, w, h))


def differing_pixels(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels differ between two pictures of the same size."""
    import numpy

    return int(numpy.any(pygame.surfarray.array3d(a) != pygame.surfarray.array3d(b), axis=2).sum())


def same_picture(a: pygame.Surface, b: pygame.Surface, tolerance: int = 60) -> tuple[bool, int]:
    """Whether two board pictures match but for ``tolerance`` pixels (a blinking cursor, a glow)."""
    changed = differing_pixels(a, b)
    return changed <= tolerance, changed


def closed_result(line: str) -> bool:
    """The trace line of a result overlay closing (a game may show its own kind of result)."""
    return line.startswith("pop ") and line.endswith("ResultScene")


def assert_continue_restores(tmp_path: Path, env: dict[str, str], game: str, scene: str,
                             before: pygame.Surface, saved: dict, layout_prefix: str, layout: list[str],
                             *, on_board: Callable[[Player], None] | None = None,
                             same: Callable[[pygame.Surface, pygame.Surface], tuple[bool, int]] = same_picture,
                             by_key: bool = False) -> None:
    """Start the program again, click Continue: the same game, level, moves and board picture come back.

    Continue is clicked, or with ``by_key`` chosen with its key, C. ``on_board`` runs as soon
    as the game is shown (Tron checks there that its resumed round waits for a key);
    the picture may take a moment to settle (a par or an AI comparison arriving), so it is
    compared a few times before the test gives up.
    """
    with run_program(env, tmp_path, "--size", f"{SIZE[0]}x{SIZE[1]}", run="-again") as program:
        player = Player(program, tmp_path)
        entries = wait_for(lambda: menu_entries(program.trace_lines()), 20, "the menu")
        assert "Continue" in entries, entries
        if by_key:
            mark = player.mark()
            player.keys("c")
            player.wait_push(mark, scene)
        else:
            player.open_entry("Continue", scene)
        if on_board is not None:
            on_board(player)
        again = [line for line in program.trace_lines() if line.startswith(layout_prefix)]
        assert again[-len(layout):] == layout, "the board is laid out differently after Continue"
        changed = -1
        for attempt in range(8):  # a loaded machine (the suite beside other work) takes longer to settle
            after = player.shot(f"after-continue-{attempt}", settle=0.8)
            matches, changed = same(before, after)
            if matches:
                break
        else:
            raise AssertionError(f"{changed} pixels of the board differ after Continue (see {tmp_path})")
        now = saved_session(program.home, game)
        assert (now["level_id"], now["moves"], now["index"]) == (saved["level_id"], saved["moves"], saved["index"])


# -- Hashi -------------------------------------------------------------------------------------------------


def hashi_layout(lines: list[str]) -> tuple[list[str], dict[tuple[int, int], tuple[int, int]]]:
    """The last board layout in ``lines``: its trace lines and each island's grid position → window pixel."""
    start = max(i for i, line in enumerate(lines) if line.startswith("hashi-layout"))
    block = [lines[start]]
    for line in lines[start + 1:]:
        if not line.startswith("hashi-island"):
            break
        block.append(line)
    islands = {(int(p[2]), int(p[3])): (int(p[4]), int(p[5])) for p in (line.split() for line in block[1:])}
    return block, islands


def neighbour_pair(islands: dict[tuple[int, int], tuple[int, int]]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The pixels of two islands on one grid line with no island between them (a first bridge there is legal)."""
    for (a, b) in sorted(islands, key=lambda pos: (pos[1], pos[0])):
        further = sorted(x for (x, y) in islands if y == b and x > a)
        if further:
            return islands[(a, b)], islands[(further[0], b)]
    raise AssertionError("no two islands share a grid line")


def test_hashi_journey(xserver, tmp_path):
    with run_program(xserver, tmp_path, "--size", f"{SIZE[0]}x{SIZE[1]}") as program:
        player = Player(program, tmp_path)
        player.open_entry("Hashi", "HashiScene")
        first, islands = hashi_layout(program.trace_lines())
        # Two bridges between neighbouring islands, dragged with the mouse.
        a, b = neighbour_pair(islands)
        for n in (1, 2):
            mark = player.mark()
            player.drag(a, b)
            player.wait_line(mark, lambda line, n=n: line.startswith(f"hashi-move {n} "), f"bridge {n}")
        # Watch the AI finish it: the result says so and no time is recorded.
        mark = player.mark()
        player.keys("w")
        player.wait_line(mark, lambda line: line == "outcome hashi win with-ai=1", "the AI to solve it", 40)
        result = player.wait_line(mark, lambda line: line.startswith("result "), "the result")
        assert re.search(r"The AI played \d+ of \d+ moves — not counted as a personal best\.", result), result
        assert "hashi" not in read_records(program.home)
        mark = player.mark()
        time.sleep(1.0)  # a result panel takes keys once it has been open ARM_SECONDS
        player.keys("Escape")  # close the result and look at the board
        player.wait_line(mark, closed_result, "the result to close")
        solved = player.shot("hashi-1-solved")
        # Another level from the picker by keys: the board is laid out again for it.
        mark = player.mark()
        player.keys("l")
        player.wait_push(mark, "PickerScene")
        player.keys("Down", "Return")
        player.wait_line(mark, lambda line: line == "pop PickerScene", "the picker to close")
        player.wait_line(mark, lambda line: line.startswith("hashi-layout"), "the new board's layout")
        time.sleep(0.3)
        layout, islands = hashi_layout(program.trace_lines())
        assert layout != first
        fresh = player.shot("hashi-2-new-level")
        assert not same_picture(solved, fresh, 20_000)[0], "the board did not change with the level"
        a, b = neighbour_pair(islands)
        mark = player.mark()
        player.drag(a, b)
        move = player.wait_line(mark, lambda line: line.startswith("hashi-move 1 "), "a bridge on the new level")
        before = player.shot("hashi-3-before-quit")
        assert not same_picture(fresh, before)[0], "the bridge is not drawn (the pixel check could not fail)"
        player.quit_by_menu("HashiScene")
    saved = saved_session(program.home, "hashi")
    assert saved["level_id"] == "classic/02-seven-seas"
    assert saved["moves"] == [move.split(" ", 2)[2]] and saved["index"] == 1
    assert_continue_restores(tmp_path, xserver, "hashi", "HashiScene", before, saved, "hashi-", layout)


def test_a_window_destroyed_from_outside_loses_nothing_but_the_last_second(xserver, tmp_path):
    """``xdotool windowclose`` -- a window manager that crashed, an X session killed -- destroys the
    window under SDL: Xlib's default error handler prints "X Error of failed request" and exits the
    process at once (status 1), with no Python code run on the way out (no ``atexit``, no save on
    leaving, the background writer not waited for). What survives is what was written as it
    happened: every move, and a zoom with no move after it (saved within a second: it was saved
    only with the next move or on leaving, and was lost). No temporary file is left beside the save,
    and the next launch's Continue brings back the very board, zoom and all."""
    with run_program(xserver, tmp_path, "--size", f"{SIZE[0]}x{SIZE[1]}") as program:
        player = Player(program, tmp_path)
        player.open_entry("Hashi", "HashiScene")
        layout, islands = hashi_layout(program.trace_lines())  # (at the fit: a zoom traces no layout)
        a, b = neighbour_pair(islands)
        for n in (1, 2):
            mark = player.mark()
            player.drag(a, b)
            player.wait_line(mark, lambda line, n=n: line.startswith(f"hashi-move {n} "), f"bridge {n}")
        player.keys("ctrl+equal")  # a zoom, and no move after it
        wait_for(lambda: saved_session(program.home, "hashi").get("extra", {}).get("camera"), 20,
                 "the zoom in the autosave")
        before = player.shot("closed-1-before")
        xdotool(program.env, "windowclose", player.window)
        status = program.process.wait(20)
        assert status == 1 and "X Error of failed request" in program.output(), (status, program.output())
    saved = saved_session(program.home, "hashi")
    assert len(saved["moves"]) == 2 and saved["index"] == 2 and saved["extra"]["camera"]["zoom"] > 1, saved
    assert not [p for p in program.home.rglob("*.tmp")], "a save was cut off half-written"
    assert_continue_restores(tmp_path, xserver, "hashi", "HashiScene", before, saved, "hashi-", layout)


def test_kill_term_mid_game_keeps_the_play_time(xserver, tmp_path):
    """``kill -TERM`` in the middle of a Hashi game closes the window as its close button does (exit
    130): the autosave holds the time played up to the signal, not the time of the last move
    (a helper's run saved ``elapsed: 0.0`` after a bridge and a pause to think). While the clock
    runs with no move, its time reaches the save every few seconds anyway, so a ``kill -9`` would
    lose at most those (:data:`~arcade.ui.autosaving.CLOCK_SAVE_SECONDS`)."""
    import os
    import signal

    from arcade.ui.autosaving import CLOCK_SAVE_SECONDS

    with run_program(xserver, tmp_path, "--size", f"{SIZE[0]}x{SIZE[1]}") as program:
        player = Player(program, tmp_path)
        player.open_entry("Hashi", "HashiScene")
        layout, islands = hashi_layout(program.trace_lines())
        a, b = neighbour_pair(islands)
        mark = player.mark()
        player.drag(a, b)
        player.wait_line(mark, lambda line: line.startswith("hashi-move 1 "), "a bridge")
        started = time.monotonic()
        # No move: the running clock is saved by itself (the window is focused, nothing over it).
        ran = wait_for(lambda: saved_session(program.home, "hashi").get("extra", {}).get("elapsed", 0)
                       >= CLOCK_SAVE_SECONDS, 60, "the running clock in the autosave")
        assert ran
        time.sleep(1.5)
        before = player.shot("sigterm-1-before")
        os.kill(program.pid, signal.SIGTERM)
        played = time.monotonic() - started
        assert program.process.wait(20) == 130, program.output()
    saved = saved_session(program.home, "hashi")
    assert saved["index"] == 1, saved
    # The clock counts frames' time (at most 0.1 s each), so a loaded machine may count less than
    # the wall time, never more; the second and a half after the periodic save is in it.
    assert CLOCK_SAVE_SECONDS + 1.0 <= saved["extra"]["elapsed"] <= played + 0.5, (saved["extra"], played)
    assert_continue_restores(tmp_path, xserver, "hashi", "HashiScene", before, saved, "hashi-", layout)


# -- Runway ------------------------------------------------------------------------------------------------


def test_runway_journey(xserver, tmp_path):
    with run_program(xserver, tmp_path, "--size", f"{SIZE[0]}x{SIZE[1]}") as program:
        player = Player(program, tmp_path)
        home = program.home
        player.open_entry("Runway", "RunwayScene")
        first = player.wait_line(0, lambda line: line.startswith("runway-layout 00_"), "the first runway")
        # Two commands by keys: SPEED (→) and JUMP (J), each in the autosave as soon as it is played.
        player.keys("Right")
        wait_for(lambda: saved_session(home, "runway").get("moves") == ["SPEED"], 20, "SPEED in the autosave")
        player.keys("j")
        wait_for(lambda: saved_session(home, "runway").get("moves") == ["SPEED", "JUMP"], 20, "JUMP in the autosave")
        # Let the AI drive to the end: its win is not the player's.
        mark = player.mark()
        player.keys("w")
        player.wait_line(mark, lambda line: line == "outcome runway win with-ai=1", "the AI to finish the race", 40)
        result = player.wait_line(mark, lambda line: line.startswith("result "), "the result")
        home_words = r"(the bike|both bikes|all \d+ bikes|\d+ of \d+ bikes)"
        assert re.match(rf"result The AI brought {home_words} home", result), result
        assert re.search(r"The AI played \d+ of \d+ turns — not counted as a personal best\.", result), result
        assert "runway" not in read_records(home)
        mark = player.mark()
        time.sleep(1.0)  # a result panel takes keys once it has been open ARM_SECONDS
        player.keys("Escape")
        player.wait_line(mark, closed_result, "the result to close")
        finished = player.shot("runway-1-finished")
        # Runway 07 from the picker (seven rows down from the example): the road is laid out for it.
        mark = player.mark()
        player.keys("l")
        player.wait_push(mark, "PickerScene")
        player.keys(*["Down"] * 7, "Return")
        player.wait_line(mark, lambda line: line == "pop PickerScene", "the picker to close")
        layout = player.wait_line(mark, lambda line: line.startswith("runway-layout 07_"), "runway 07's layout")
        assert layout.split()[2:] != first.split()[2:], "the road kept the first runway's layout"
        fresh = player.shot("runway-2-new-level", settle=1.5)
        assert not same_picture(finished, fresh, 20_000)[0], "the road did not change with the level"
        mark = player.mark()
        player.keys("Right")
        wait_for(lambda: saved_session(home, "runway").get("moves") == ["SPEED"], 20, "SPEED on runway 07")
        # The picture Continue must give back is the road at rest: the camera glides to speed 8's zoom
        # after the bikes stopped, and until it lands one grid line stands a pixel aside.
        player.wait_rest(mark, lambda line: line.startswith("status SPEED, speed 7 → 8"), "the road to rest")
        before = player.shot("runway-3-before-quit", settle=0)
        assert not same_picture(fresh, before)[0], "the move is not drawn (the pixel check could not fail)"
        player.quit_by_menu("RunwayScene")
    saved = saved_session(home, "runway")
    assert saved["level_id"].startswith("07_") and saved["moves"] == ["SPEED"] and saved["index"] == 1
    assert_continue_restores(tmp_path, xserver, "runway", "RunwayScene", before, saved, "runway-layout",
                             [layout], by_key=True)


# -- Battle Royale -----------------------------------------------------------------------------------------


def royale_drop_cell(level_ref: str) -> tuple[tuple[int, int], str]:
    """A cell the player may drop on (the nearest such to the centre) and the arrow key of a step towards it."""
    from arcade.games.royale.view import FRONT

    level, _ = FRONT.open_level(level_ref)
    cr, cc = level.centre
    cells = [(r, c) for r in range(level.rows) for c in range(level.cols)
             if level.is_start((r, c)) and level.distance_to_centre((r, c)) >= 2]
    cell = min(cells, key=lambda rc: (level.distance_to_centre(rc), rc))
    key = ("Down" if cell[0] < cr else "Up") if cell[0] != cr else ("Right" if cell[1] < cc else "Left")
    return cell, key


def royale_level_ids() -> dict[str, str]:
    """The bundled levels' ids by the title the picker shows them under."""
    from arcade.games.royale.view import FRONT

    return {entry.title: entry.id for entry in FRONT.levels()}


def test_royale_journey(xserver, tmp_path):
    with run_program(xserver, tmp_path, "--size", f"{SIZE[0]}x{SIZE[1]}") as program:
        player = Player(program, tmp_path)
        home = program.home
        player.open_entry("Battle Royale", "RoyaleScene")
        first = player.wait_line(0, lambda line: line.startswith("royale-layout"), "the board")
        level_id = "01-seed-14x20"
        cell_size, ox, oy = (int(v) for v in first.split()[1:4])

        def centre(rc: tuple[int, int]) -> tuple[float, float]:
            return ox + (rc[1] + 0.5) * cell_size, oy + (rc[0] + 0.5) * cell_size

        # The pointer rests on a loot cell ("holds loot"); H: the hint's explanation replaces that hover text.
        mark = player.mark()
        xdotool(player.env, "mousemove", "--window", player.window, *(str(round(v)) for v in centre((5, 10))))
        player.wait_line(mark, lambda line: line.startswith("status ") and "holds loot" in line, "the hover text")
        player.keys("h")
        player.wait_line(mark, lambda line: line.startswith("status Optimal route: drop at"), "the hint's text")
        # Drop with a click, one step with an arrow key.
        (r, c), key = royale_drop_cell(level_id)
        mark = player.mark()
        player.click(*centre((r, c)))
        player.wait_line(mark, lambda line: line == f"royale-move 1 start {r} {c}", "the drop")
        player.keys(key)
        player.wait_line(mark, lambda line: line.startswith("royale-move 2 "), "the first step")
        # Watch the AI (I) to the end: finished with the AI, no record, and the par arrives as a number.
        mark = player.mark()
        player.keys("i")
        player.wait_line(mark, lambda line: line == "outcome royale win with-ai=1", "the AI to win the round", 40)
        result = player.wait_line(mark, lambda line: line.startswith("result ") and re.search(r"Par: \d+", line),
                                  "a numeric par in the result", 40)
        assert result.startswith("result The AI made it"), result  # the AI's last move: the AI's title
        assert re.search(r"The AI played \d+ of \d+ moves — not counted as a personal best\.", result), result
        assert "royale" not in read_records(home)
        mark = player.mark()
        time.sleep(1.0)  # a result panel takes keys once it has been open ARM_SECONDS
        player.keys("Escape")
        player.wait_line(mark, closed_result, "the result to close")
        finished = player.shot("royale-1-finished")
        # Another grid, clicked in the picker (the first level row it shows): the board is laid out again.
        ids = royale_level_ids()
        mark = player.mark()
        player.keys("l")
        player.wait_push(mark, "PickerScene")
        rows = [line.split(" ", 5) for line in player.since(mark) if line.startswith("picker-row ")]
        row = next(r for r in rows if ids.get(r[5], level_id) != level_id)
        following = ids[row[5]]
        x, y, w, h = (int(v) for v in row[1:5])
        player.click(x + w // 2, y + h // 2)
        player.wait_line(mark, lambda line: line == "pop PickerScene", "the picker to close")
        layout = player.wait_line(mark, lambda line: line.startswith("royale-layout"), "the new board's layout")
        assert layout != first, "the board kept the old grid's layout"
        fresh = player.shot("royale-2-new-level")
        assert not same_picture(finished, fresh, 20_000)[0], "the board did not change with the level"
        cell_size, ox, oy = (int(v) for v in layout.split()[1:4])
        (r, c), _ = royale_drop_cell(following)
        mark = player.mark()
        player.click(*centre((r, c)))
        player.wait_line(mark, lambda line: line == f"royale-move 1 start {r} {c}", "the drop on the new grid")
        before = player.shot("royale-3-before-quit")
        assert not same_picture(fresh, before)[0], "the drop is not drawn (the pixel check could not fail)"
        player.quit_by_menu("RoyaleScene")
    saved = saved_session(home, "royale")
    assert (saved["level_id"], saved["moves"], saved["index"]) == (following, [f"start {r} {c}"], 1)
    assert_continue_restores(tmp_path, xserver, "royale", "RoyaleScene", before, saved, "royale-layout", [layout])


# -- Tron --------------------------------------------------------------------------------------------------


def tron_next_map(current: str) -> str:
    """The map one row below ``current`` in the level picker (the picker's own list of rows)."""
    from arcade.games.tron import INFO
    from arcade.games.tron.view import FRONT
    from arcade.ui.picker import level_choices

    choices, selected = level_choices(INFO, [*FRONT.levels(), *FRONT.extra_choices()], {}, current)
    return next(c.value.id for c in choices[selected + 1:] if not c.header)


def tron_compare(layout: str) -> Callable[[pygame.Surface, pygame.Surface], tuple[bool, int]]:
    """Compare the board but for the banner band across its middle ("Paused", the countdown) and the heads' pulse."""
    _cols, rows, cell, _ox, oy = (int(v) for v in layout.split()[2:7])
    band_top = oy + rows * cell // 2 - 120 - BOARD[1]
    band_bottom = oy + rows * cell // 2 + 120 - BOARD[1]

    def compare(a: pygame.Surface, b: pygame.Surface) -> tuple[bool, int]:
        width, height = a.get_size()
        top = pygame.Rect(0, 0, width, max(0, band_top))
        bottom = pygame.Rect(0, band_bottom, width, max(0, height - band_bottom))
        changed = sum(differing_pixels(a.subsurface(r), b.subsurface(r)) for r in (top, bottom) if r.height)
        return changed <= 3 * cell * cell, changed  # two pulsing heads at most

    return compare


def test_tron_journey(xserver, tmp_path):
    with run_program(xserver, tmp_path, "--size", f"{SIZE[0]}x{SIZE[1]}") as program:
        player = Player(program, tmp_path)
        home = program.home
        player.open_entry("Tron", "TronScene")
        first = player.wait_line(0, lambda line: line.startswith("tron-layout empty-room "), "the first map")
        # Another map before the first round starts: a new match on it, the board laid out again.
        following = tron_next_map("empty-room")
        mark = player.mark()
        player.keys("l")
        player.wait_push(mark, "PickerScene")
        player.keys("Down", "Return")
        player.wait_line(mark, lambda line: line == "pop PickerScene", "the picker to close")
        layout = player.wait_line(mark, lambda line: line.startswith(f"tron-layout {following} "), "the new map")
        assert layout.split()[2:] != first.split()[2:]
        # Round 1 against the bot: aim south in the countdown, then east, then north into the wall.
        player.keys("Down")
        player.wait_line(mark, lambda line: line.startswith("tron-move 3 "), "the round to start")
        player.keys("Right")
        player.wait_line(mark, lambda line: line.startswith("tron-move 6 "), "a few ticks")
        player.keys("Up")
        moves = [line.split()[2] for line in player.since(mark) if line.startswith("tron-move ")]
        assert {"S", "E"} <= set(moves), f"the steering keys did not steer: {moves}"
        player.wait_line(mark, lambda line: line.startswith("outcome tron "), "the end of round 1", 30)
        # Round 2 (Enter), ten ticks, then pause (Space) and leave in the middle of the match.
        time.sleep(0.5)
        mark = player.mark()
        player.keys("Return")
        player.wait_line(mark, lambda line: line.startswith("tron-move 1 "), "round 2 to start", 15)
        fresh = player.shot("tron-1-round-2", settle=0)
        player.wait_line(mark, lambda line: line.startswith("tron-move 10 "), "ten ticks of round 2")
        player.keys("space")
        before = player.shot("tron-2-before-quit")
        played = [line for line in player.since(mark) if line.startswith("tron-move ")]
        assert not tron_compare(layout)(fresh, before)[0], "the trails are not drawn (the check could not fail)"
        player.quit_by_menu("TronScene")
    saved = saved_session(home, "tron")
    assert saved["level_id"] == following and saved["index"] == len(saved["moves"]) == len(played)
    match = saved["extra"]["match"]
    assert match["rounds"] == 1 and sum(match["score"]) + match["draws"] == 1, match

    def the_resumed_round_waits_for_the_player(player: Player) -> None:
        """It used to run at once after Continue: a crash before the hands were on the keys."""
        mark = player.mark()
        time.sleep(2.0)
        assert not [line for line in player.since(mark) if line.startswith("tron-move ")], \
            "the resumed round ran without a key from the player"

    assert_continue_restores(tmp_path, xserver, "tron", "TronScene", before, saved, "tron-layout", [layout],
                             on_board=the_resumed_round_waits_for_the_player, same=tron_compare(layout),
                             by_key=True)


def tournament_rounds(lines: list[str]) -> dict[int, tuple[int, int, int, int]]:
    """Where the tournament table last drew each finished round (``tron-tournament-round index x y w h``)."""
    rounds: dict[int, tuple[int, int, int, int]] = {}
    for line in lines:
        if line.startswith("tron-tournament-round "):
            index, x, y, w, h = (int(field) for field in line.split()[1:])
            rounds[index] = (x, y, w, h)
    return rounds


def test_tron_tournament_journey(xserver, tmp_path):
    """Tron → setup (O) → Tournament, flood fill against random on the chosen map at the shortest bot
    time → Start: the table runs the rounds and finishes → a click chooses a round, a second click on
    it opens it in the replay viewer → Esc back to the table → Esc closes it → out by the menu."""
    with run_program(xserver, tmp_path, "--size", f"{SIZE[0]}x{SIZE[1]}") as program:
        player = Player(program, tmp_path)
        player.open_entry("Tron", "TronScene")
        mark = player.mark()
        player.keys("o")
        player.wait_push(mark, "SetupScene")
        # Mode ← : Tournament; Entrant 1 strongest ←← flood fill; Entrant 2 flood fill ←← random;
        # End: Bot time, 100 ms ←← 25 ms (the shortest). Entrants 3 and 4 stay None, Maps the chosen map.
        player.keys("Left", "Down", "Left", "Left", "Down", "Left", "Left", "End", "Left", "Left")
        player.shot("tron-tournament-0-setup", settle=0.2)
        player.keys("Return")
        player.wait_push(mark, "TournamentScene")
        player.wait_line(mark, lambda line: line == "tron-tournament-progress Finished: 2 rounds",
                         "the tournament to finish", 60)
        player.shot("tron-tournament-1-finished", settle=0.3)
        rounds = tournament_rounds(player.since(mark))
        assert len(rounds) == 2, rounds
        index = list(rounds)[-1]  # the lower of the two rows
        x, y, w, h = rounds[index]
        player.click(x + w // 2, y + h // 2)  # chooses it
        assert not [line for line in player.since(mark) if line.startswith("tron-tournament-open ")], \
            "one click opened the round (it only chooses it)"
        opened = player.mark()
        player.click(x + w // 2, y + h // 2)  # the chosen round again: it opens
        player.wait_push(opened, "TronScene")
        assert f"tron-tournament-open {index}" in player.since(opened)
        player.wait_line(opened, lambda line: line.startswith("status Tournament round: "), "the viewer's status")
        player.shot("tron-tournament-2-replay")
        back = player.mark()
        player.keys("Escape")
        player.wait_line(back, lambda line: line == "pop TronScene", "the viewer to close")
        assert "pop TournamentScene" not in player.since(back), "Esc in the viewer closed the table too"
        player.keys("Escape")
        player.wait_line(back, lambda line: line == "pop TournamentScene", "the table to close")
        player.quit_by_menu("TronScene")


def placed(lines: list[str], prefix: str) -> dict[str, tuple[int, int, int, int]]:
    """Where the last ``PREFIX x y w h label`` trace lines put each label (toolbar and overlay buttons)."""
    found: dict[str, tuple[int, int, int, int]] = {}
    for line in lines:
        if line.startswith(prefix + " "):
            fields = line.split(" ", 5)
            found[fields[5]] = (int(fields[1]), int(fields[2]), int(fields[3]), int(fields[4]))
    return found


def setup_rows(lines: list[str]) -> dict[str, tuple[int, int, int, int, str]]:
    """The Tron setup's rows in view as last drawn: key → (◂ x, ◂ y, ▸ x, ▸ y, value)."""
    rows: dict[str, tuple[int, int, int, int, str]] = {}
    batch_over = False
    for line in lines:
        if line.startswith("tron-setup-button "):
            batch_over = True  # each drawing's rows come before its buttons: a new batch starts afresh
        elif line.startswith("tron-setup-row "):
            if batch_over:
                rows, batch_over = {}, False
            fields = line.split(" ", 6)
            rows[fields[1]] = (int(fields[2]), int(fields[3]), int(fields[4]), int(fields[5]), fields[6])
    return rows


def test_tron_tournament_by_mouse_alone_at_640x400(xserver, tmp_path):
    """A player with only a mouse, in the smallest window: Tron from the menu → the toolbar's Setup →
    the rows' ▸ to a tournament of Random against Flood fill → Start →
    a round opened by two clicks → the round's Back to table → the table's Back to the game → Pause →
    Main menu → Quit. The table had no button and the round's only way back was its Replay button:
    the mouse was stuck there."""
    with run_program(xserver, tmp_path, "--size", "640x400") as program:
        player = Player(program, tmp_path)

        def press(mark: int, prefix: str, label: str) -> None:
            x, y, w, h = wait_for(lambda: placed(player.since(mark), prefix).get(label), 20, f"the {label} button")
            player.click(x + w // 2, y + h // 2)

        def shot(name: str) -> None:
            """The whole 640x400 window, left in ``tmp_path`` to look at (nothing is compared)."""
            time.sleep(0.3)
            image = screenshot(player.env, tmp_path / f"{name}-screen.png")
            pygame.image.save(crop(image, (*player.origin, 640, 400)), str(tmp_path / f"{name}.png"))

        def set_row(key: str, wanted: str) -> None:
            for _ in range(8):
                mark = player.mark()
                rows = wait_for(lambda: setup_rows(player.program.trace_lines()), 20, "the setup's rows")
                _bx, _by, fx, fy, value = rows[key]
                if value.startswith(wanted):
                    return
                player.click(fx, fy)
                player.wait_line(mark, lambda line: line.startswith("tron-setup-row "), f"the {key} row to change")
            raise AssertionError(f"{key} never became {wanted!r}: {setup_rows(player.program.trace_lines())[key]}")

        mark = player.mark()
        player.open_entry("Tron", "TronScene")
        press(mark, "toolbar-button", "Setup")
        player.wait_push(mark, "SetupScene")
        set_row("mode", "Tournament")
        set_row("bot1", "Random")
        set_row("bot2", "Flood fill")  # at 100 ms a move (the time row is below the fold here)
        shot("mouse-tournament-0-setup")
        start = player.mark()
        x, y = wait_for(lambda: next(((int(f[1]), int(f[2])) for f in map(str.split, player.since(0))
                                      if f[0] == "tron-setup-button" and f[3] == "Start"), None), 20, "Start")
        player.click(x, y)
        player.wait_push(start, "TournamentScene")
        player.wait_line(start, lambda line: line == "tron-tournament-progress Finished: 2 rounds",
                         "the tournament to finish", 60)
        shot("mouse-tournament-1-finished")
        rounds = tournament_rounds(player.since(start))
        rx, ry, rw, rh = rounds[list(rounds)[-1]]
        player.click(rx + rw // 2, ry + rh // 2)
        opened = player.mark()
        player.click(rx + rw // 2, ry + rh // 2)
        player.wait_push(opened, "TronScene")
        shot("mouse-tournament-2-round")
        back = player.mark()
        press(opened, "toolbar-button", "Back to table")
        player.wait_line(back, lambda line: line == "pop TronScene", "the round to close")
        assert "pop TournamentScene" not in player.since(back), "Back to table closed the table too"
        press(start, "tron-tournament-button", "Back to the game")
        player.wait_line(back, lambda line: line == "pop TournamentScene", "the table to close")
        out = player.mark()
        press(mark, "toolbar-button", "Pause")
        player.wait_push(out, "PauseScene")
        press(out, "overlay-button", "Main menu")
        player.wait_line(out, lambda line: line == "pop TronScene", "the game to close")
        qx, qy, qw, qh = wait_for(lambda: menu_entries(player.since(out)).get("Quit"), 20, "the menu to come back")
        player.click(qx + qw // 2, qy + qh // 2)
        assert program.process.wait(20) == 0, program.output()


# -- The keyboard's way to the toolbar -------------------------------------------------------------------


def test_tab_reaches_the_toolbar_in_a_real_window(xserver, tmp_path):
    """A player without a mouse: Tab puts the focus on the toolbar's first button, Tab again on the
    next (Hashi's Levels), Enter presses it and the level picker opens; Esc closes it. The focus is
    still on Levels: the next Esc lets it go, and the one after is the game's (the pause screen)."""
    with run_program(xserver, tmp_path, "--size", f"{SIZE[0]}x{SIZE[1]}") as program:
        player = Player(program, tmp_path)
        player.open_entry("Hashi", "HashiScene")
        def toolbar(name: str) -> pygame.Surface:  # the status line and the toolbar under the board
            time.sleep(0.6)
            image = screenshot(player.env, tmp_path / f"{name}.png")
            return crop(image, (player.origin[0], player.origin[1] + SIZE[1] - 90, SIZE[0], 90))

        before = toolbar("tab-0-game")
        player.keys("Tab", "Tab")
        focused = toolbar("tab-1-focus-on-levels")
        assert not same_picture(before, focused)[0], "no focus ring (nor its status line) was drawn"
        mark = player.mark()
        player.keys("Return")
        player.wait_push(mark, "PickerScene")
        player.keys("Escape")
        player.wait_line(mark, lambda line: line == "pop PickerScene", "the picker to close")
        mark = player.mark()
        player.keys("Escape")  # the focus (still on Levels) goes: no pause screen
        time.sleep(0.5)
        assert "push PauseScene" not in player.since(mark)
        player.keys("Escape")  # and Esc is the game's again
        player.wait_push(mark, "PauseScene")
        mark = player.mark()
        player.keys("Escape")
        player.wait_line(mark, lambda line: line == "pop PauseScene", "the pause screen to close")
        player.quit_by_menu("HashiScene")
