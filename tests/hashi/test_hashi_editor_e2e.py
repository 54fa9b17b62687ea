"""End to end in a real window (Xvfb + xdotool): build a 7x7 puzzle by mouse to "unique", test-play it, save, reopen.

The editor writes where it drew the board (``editor-layout``), each verdict and each save
to the trace file; the play scene writes its islands and the win. Skipped only when the
X tools are missing (CI installs them).
"""

from __future__ import annotations

import time

import pytest

from arcade.games.hashi.formats import read_puzzle
from tests.xwindow import run_program, wait_for, wait_window, window_origin, xdotool

CORNERS = ((0, 0), (0, 6), (6, 0), (6, 6))


def verdicts(game) -> list[str]:
    return [line.split()[1] for line in game.trace_lines() if line.startswith("hashi-verdict")]


@pytest.mark.e2e
def test_build_a_puzzle_by_mouse_play_it_save_it_reopen_it(xserver, tmp_path):
    path = tmp_path / "corners.txt"
    with run_program(xserver, tmp_path, "play", "hashi", "--edit", str(path), "--size", "1280x800") as game:
        env = game.env
        window = wait_window(game)
        wx, wy = window_origin(env, window)
        layout = [line.split() for line in game.trace_lines() if line.startswith("editor-layout")][-1]
        cell, ox, oy = (int(v) for v in layout[1:4])

        def at(r: int, c: int) -> tuple[str, str]:
            return str(wx + ox + c * cell + cell // 2), str(wy + oy + r * cell + cell // 2)

        wait_for(lambda: verdicts(game)[-1:] == ["empty"], 15, "the empty board's verdict")
        # Four 3s in the corners: place by click, turn the wheel up once on each (a 2 becomes a 3).
        for r, c in CORNERS:
            xdotool(env, "mousemove", *at(r, c), "sleep", "0.1", "click", "1", "sleep", "0.1", "click", "4")
        wait_for(lambda: verdicts(game)[-1:] == ["many"], 15, "'2+ solutions' for four 3s")
        # Guided by the verdict: back to 2s with the wheel down on each, and the puzzle is unique.
        for r, c in CORNERS:
            xdotool(env, "mousemove", *at(r, c), "sleep", "0.1", "click", "5")
        wait_for(lambda: verdicts(game)[-1:] == ["unique"], 15, "'unique' for four 2s")

        # Test-play (T): drag the four bridges in the normal play scene.
        xdotool(env, "key", "t")
        islands = wait_for(lambda: {(int(p[2]), int(p[3])): (int(p[4]), int(p[5]))
                                    for p in (line.split() for line in game.trace_lines())
                                    if p[0] == "hashi-island"}, 15, "the play scene's islands")
        play_cell = int([line.split() for line in game.trace_lines() if line.startswith("hashi-layout")][-1][1])
        for corner, (dx, dy) in (((0, 0), (1, 0)), ((0, 0), (0, 1)), ((6, 6), (-1, 0)), ((6, 6), (0, -1))):
            x, y = islands[corner]
            command = ["mousemove", str(wx + x), str(wy + y), "sleep", "0.1", "mousedown", "1"]
            for step in (4, 10, 20, round(play_cell * 0.8)):
                command += ["sleep", "0.03", "mousemove", str(wx + x + dx * step), str(wy + y + dy * step)]
            command += ["sleep", "0.1", "mouseup", "1", "sleep", "0.2"]
            xdotool(env, *command)
        wait_for(lambda: "hashi-solved" in game.trace_lines(), 15, "the test-play to be solved")
        # The result offers "Back to the editor" first; Enter takes it. Then save with Ctrl+S.
        wait_for(lambda: "push ResultScene" in game.trace_lines(), 15, "the result after the celebration")
        time.sleep(0.2)
        xdotool(env, "key", "Return")
        wait_for(lambda: "pop PlaytestScene" in game.trace_lines(), 15, "back in the editor")
        xdotool(env, "key", "ctrl+s")
        saved = wait_for(lambda: [line for line in game.trace_lines() if line.startswith("hashi-saved")], 15,
                         "the save")
        assert saved[-1].split(" ", 1)[1] == str(path)
    puzzle = read_puzzle(path)
    assert sorted(island.pos for island in puzzle.islands) == sorted(CORNERS)
    assert all(island.number == 2 for island in puzzle.islands)

    # Reopen it in the editor: same board, and the verdict says unique again.
    (tmp_path / "again").mkdir()
    with run_program(xserver, tmp_path / "again", "play", "hashi", "--edit", str(path), "--size", "1280x800") as game:
        wait_for(lambda: verdicts(game)[-1:] == ["unique"], 15, "'unique' on the reopened file")
