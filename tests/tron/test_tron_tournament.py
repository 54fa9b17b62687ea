"""The Tron window's tournament, driven by posted events: chosen in the setup, played off the main
thread in the CLI's worker processes, its table live, Esc asking before it stops, failures as the CLI
words them. Waits are for the run's end (``TournamentRun.wait``), never for a time."""

from __future__ import annotations

import itertools
import re
import sys
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.games.tron.tournament_run import RoundRow, StandingRow, TournamentRun
from arcade.games.tron.view.scene import TronScene
from arcade.games.tron.view.setup import NO_ENTRANT, PROGRAM, SetupScene
from arcade.games.tron.view.tournament import TournamentScene
from tests.drawing import assert_rests

TINY = "test-board"


def open_setup(app, driver, **setup) -> tuple[TronScene, SetupScene]:
    scene = app.launch("tron", Launch(level=TINY, seed=3))
    assert isinstance(scene, TronScene)
    chosen = {"mode": "watch", "bot1": "straight", "bot2": "flood-fill", "map": TINY, **setup}
    scene.new_match(replace(scene.setup, **chosen))
    app.frame(1 / 60)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    driver.key(pygame.K_RIGHT)  # Mode: Bot vs bot -> Tournament
    assert overlay.setup.mode == "tournament"
    return scene, overlay


def test_the_setup_plays_a_tournament_in_the_background_and_its_table_stays(app, driver):
    scene, overlay = open_setup(app, driver)
    assert [row[0] for row in overlay.rows()] == ["mode", "bot1", "bot2", "bot3", "bot4", "tourney_maps", "map",
                                                "games", "bot_ms"]
    driver.key(pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TournamentScene)
    assert table.run.total == 2  # one pairing, one map, both seats
    driver.frame()  # the frame loop goes on while the rounds run
    assert table.run.wait(120)
    driver.frame()
    assert table.status() == "Finished: 2 rounds"
    assert_rests(app, driver)  # an ended run's table is not drawn again and again
    rows = table.run.standings()
    assert {r.name for r in rows} == {"straight", "flood-fill"}
    assert all(r.games == 2 and r.wins + r.draws + r.losses == 2 for r in rows)
    assert len(table.round_lines(10)) == 2 and all("test-board" in line for line in table.round_lines(10))
    driver.key(pygame.K_ESCAPE)  # over: Esc leaves the table
    assert app.stack.top is scene
    assert scene.setup.mode == "watch"  # the match's own mode stays; the tournament's choices are kept
    assert app.settings.game("tron")["setup"]["tourney_maps"] == "map"


def test_drawing_the_table_fits_no_elo(app, driver, monkeypatch):
    """The standings are worked out as each round finishes, on the run's thread: an Elo fit over a
    few hundred rounds takes a fifth of a second, and drawn in every frame it held the window."""
    from arcade.games.tron.match import Tournament

    _scene, _overlay = open_setup(app, driver)
    driver.key(pygame.K_RETURN)
    table = app.stack.top
    assert table.run.wait(120)
    fits: list[int] = []
    real = Tournament.elo
    monkeypatch.setattr(Tournament, "elo", lambda self: (fits.append(1), real(self))[1])
    for _ in range(3):
        table.draw(app.screen)
    assert fits == [] and len(table.run.standings()) == 2


def test_escape_asks_then_stops_and_keeps_the_rounds_played(app, driver):
    scene, overlay = open_setup(app, driver, games=5)
    overlay.setup = replace(overlay.setup, tourney_maps="official")
    driver.key(pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TournamentScene) and table.run.total == 160
    driver.key(pygame.K_ESCAPE)
    assert table.asking and "Press Esc again" in table.status() and not table.run.done
    driver.key(pygame.K_ESCAPE)
    assert table.run.wait(30)
    driver.frame()
    assert table.run.stopped and app.stack.top is table  # the table stays after a stop
    played = table.run.played
    assert table.status() == f"Stopped after {played} of 160 rounds"
    assert len(table.run.lines()) == played
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_a_program_that_fails_shows_the_clis_line_with_its_reason(app, driver):
    command = f'{sys.executable} -c "raise SystemExit(3)"'
    _scene, overlay = open_setup(app, driver, bot2=PROGRAM, command2=command)
    assert "command2" in [row[0] for row in overlay.rows()]
    driver.key(pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TournamentScene)
    assert table.run.wait(120)
    driver.frame()
    lines = table.round_lines(10)
    assert len(lines) == 2 and all(re.search(r"\(\S+: exited with status 3", line) for line in lines)
    assert all(line.startswith("[") and "1 tick" in line for line in lines)


@pytest.mark.parametrize(("seat", "bot", "first"), [("bot2", "straight", 1), ("bot3", "flood-fill", 2)])
def test_the_same_bot_twice_is_refused_in_the_setup_in_its_words(app, driver, seat, bot, first):
    """Entrant 2 equal to Entrant 1, or a third entrant equal to another, is refused as the CLI refuses
    it -- in the panel's words, the cursor on the row to change: switched to Tournament after a match
    against Flood fill, Start said "the bot 'flood-fill' is listed twice", an id the panel never shows."""
    from arcade.games.tron.view.setup import bot_title

    _scene, overlay = open_setup(app, driver, **{seat: bot})
    overlay.selected = 0
    driver.key(pygame.K_RETURN)
    assert app.stack.top is overlay
    assert overlay.error.startswith(f"Entrant {seat[-1]}: {bot_title(bot)} is entrant {first} already"), overlay.error
    assert overlay.rows()[overlay.selected][0] == seat


def test_four_entrants_play_every_pairing_a_program_among_them(app, driver):
    """A bot author puts their program against three of our bots at once: Entrant 3 and 4 start as
    "None" (two entrants, as before) and step through the same choices, programs included."""
    straight = f"{sys.executable} {Path(__file__).parents[1] / 'byob' / 'bots' / 'tron2010_straight.py'}"
    _scene, overlay = open_setup(app, driver)
    assert (overlay.setup.bot3, overlay.setup.bot4) == (NO_ENTRANT, NO_ENTRANT)
    keys = [row[0] for row in overlay.rows()]
    overlay.selected = keys.index("bot3")
    driver.key(pygame.K_LEFT)  # None -> Program… (the last choice)
    assert overlay.setup.bot3 == PROGRAM
    assert [row[0] for row in overlay.rows()][keys.index("bot3"):][:4] == ["bot3", "command3", "protocol3", "bot4"]
    driver.key(pygame.K_RETURN)  # no command yet: refused, the cursor on Entrant 3's command
    assert overlay.error.startswith("Entrant 3: type the program's command")
    assert overlay.rows()[overlay.selected][0] == "command3"
    overlay.setup = replace(overlay.setup, command3=straight, bot4="random")
    driver.key(pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TournamentScene)
    assert table.run.total == 12  # six pairings of four, one map, both seats
    assert table.run.wait(120)
    driver.frame()
    assert table.status() == "Finished: 12 rounds"
    rows = table.run.standings()
    assert len(rows) == 4 and all(r.games == 6 for r in rows)
    assert "tron2010_straight.py" in {r.name for r in rows}
    assert not any(row.failure for row in table.run.rows())  # the program played every round
    assert app.settings.game("tron")["setup"]["bot4"] == "random"


def test_a_finished_round_opens_in_the_replay_viewer_and_esc_comes_back_to_the_table(app, driver):
    """A bot author watches how a round went without --save-replays: Down chooses it in the table,
    Enter opens it in the viewer `play tron --replay` uses, Esc comes back to the table."""
    scene, table = finished_table(app, driver, None)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)  # the second round from the top
    chosen = table.ordered()[1]
    assert table.chosen == chosen.index
    driver.key(pygame.K_RETURN)
    viewer = app.stack.top
    assert isinstance(viewer, TronScene) and viewer is not scene
    assert viewer.phase == "replay" and viewer.viewer is not None
    record = next(r for r in table.run.records() if r.index == chosen.index)
    assert viewer.viewer.replay.moves == tuple(record.moves)
    assert viewer.viewer.replay.level_id == chosen.map_id
    assert f"{viewer.seat_name(0)} vs {viewer.seat_name(1)}" == chosen.pairing  # one name per bot, both screens
    # It says where it came from and where Esc goes ("Replay file … Esc menu" was said of no file).
    assert viewer.status_text.startswith("Tournament round: ") and viewer.status_text.endswith("Esc the table")
    assert "Tournament round" in viewer.status_fields()
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is table and table.chosen == chosen.index  # back where it was chosen
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene


def four_programs_at_640x400(app, driver) -> SetupScene:
    """The setup's tallest form (four programs: 17 rows) in the smallest window the app allows."""
    app.on_resize((640, 400))
    _scene, overlay = open_setup(app, driver)
    programs = {f"bot{n}": PROGRAM for n in range(1, 5)} | {f"command{n}": f"python3 bot{n}.py" for n in range(1, 5)}
    overlay.setup = replace(overlay.setup, **programs)
    overlay.resize(app.size)
    driver.frame()
    assert len(overlay.rows()) == 17
    return overlay


def test_every_setup_row_is_reached_by_the_keyboard_in_a_small_window(app, driver):
    """Four programs at 640x400: the rows were squeezed to 12 px, drawn over each other. Each row the
    focus moves to is drawn whole inside the panel, above the buttons, and Start is still there."""
    overlay = four_programs_at_640x400(app, driver)
    seen = set()
    for _ in range(len(overlay.rows()) - 1):
        driver.key(pygame.K_DOWN)
        rect = overlay.row_rects[overlay.selected]
        assert rect.height >= 20 and overlay.panel.contains(rect), overlay.rows()[overlay.selected]
        assert rect.bottom <= overlay.buttons[0].rect.top and overlay.shown(overlay.selected)
        seen.add(overlay.selected)
    assert seen == set(range(1, 17))
    assert overlay.rows()[overlay.selected][0] == "bot_ms"
    driver.key(pygame.K_HOME)  # back to the top: the first row in view again
    assert overlay.selected == 0 and overlay.shown(0)
    start = overlay.buttons[0].rect
    assert overlay.panel.contains(start) and start.bottom <= app.size[1]


def test_the_wheel_scrolls_the_setup_rows_and_the_choice_stays_in_view(app, driver):
    overlay = four_programs_at_640x400(app, driver)
    assert not overlay.shown(16)
    driver.frame(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False))
    assert overlay.shown(16) and not overlay.shown(0)
    assert overlay.shown(overlay.selected)  # ← → never change a row out of sight
    row = next(i for i in range(17) if overlay.shown(i) and overlay.rows()[i][0] == "games")
    rect = overlay.row_rects[row]
    driver.click((rect.right - 4, rect.centery))  # the scrolled row takes the click (its ▸)
    assert overlay.setup.games == 2


def finished_table(app, driver, size: tuple[int, int] | None = (1024, 640)) -> tuple[TronScene, TournamentScene]:
    """Three built-in entrants' six rounds, played to the end, the table drawn (in a window of
    ``size``; None keeps the app's)."""
    if size is not None:
        app.on_resize(size)
    scene, _overlay = open_setup(app, driver, bot3="random")
    driver.key(pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TournamentScene)
    assert table.run.wait(120)
    driver.frame()
    return scene, table


def test_a_click_chooses_a_round_a_second_click_opens_it_and_the_keys_agree(app, driver):
    scene, table = finished_table(app, driver)
    second, third = table.places[1], table.places[2]
    driver.click(second[1].center)
    assert table.chosen == second[0]
    driver.key(pygame.K_DOWN)  # the keyboard goes on from the round the mouse chose
    assert table.chosen == third[0]
    driver.click(second[1].center)
    assert table.chosen == second[0] and app.stack.top is table  # a click on another round only chooses it
    driver.click(second[1].center)  # the chosen round clicked again (a double click): it opens
    viewer = app.stack.top
    assert isinstance(viewer, TronScene) and viewer is not scene and viewer.phase == "replay"
    record = next(r for r in table.run.records() if r.index == second[0])
    assert viewer.viewer is not None and viewer.viewer.replay.moves == tuple(record.moves)
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is table and table.chosen == second[0]
    driver.click((table.panel.centerx, table.panel.y + 10))  # not a round: nothing changes
    assert table.chosen == second[0] and app.stack.top is table


def test_the_round_under_the_pointer_is_lit(app, driver):
    _scene, table = finished_table(app, driver)
    _index, band = table.places[3]
    spot = (band.right - 4, band.centery)  # right of the row's text
    before = app.screen.get_at(spot)
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=band.center, rel=(0, 0), buttons=(0, 0, 0)))
    lit = app.screen.get_at(spot)
    assert lit != before and tuple(lit)[:3] == tuple(app.theme["panel_light"])[:3]
    assert table.chosen is None  # hovering chooses nothing


def test_the_wheel_scrolls_the_rounds_in_a_small_window(app, driver):
    _scene, table = finished_table(app, driver, (640, 400))
    shown = [index for index, _rect in table.places]
    assert 0 < len(shown) < len(table.ordered()), "the check needs more rounds than fit"
    driver.frame(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False))
    assert table.ordered()[-1].index in [index for index, _rect in table.places]
    index, band = table.places[-1]
    driver.click(band.center)  # a round scrolled into view is chosen by a click
    assert table.chosen == index
    driver.key(pygame.K_HOME)  # any key: the table is drawn again, the chosen round still in view
    assert index in [i for i, _rect in table.places]


@pytest.mark.parametrize("size", [(1280, 800), (640, 400), (1920, 1200)])
def test_the_round_rows_are_a_comfortable_target_that_grows_with_the_window(app, driver, size):
    """The round rows were a 13 px text's line, 16 px at any window: hard to aim at and to read. A
    row is the theme's ROW (shrunk to MIN_ROW at the least, so three show before the list scrolls),
    its text inside it, and a click in the middle of any row shown chooses that row."""
    _scene, table = finished_table(app, driver, size)
    px = app.theme.px
    bands = [band for _index, band in table.places]
    assert len(bands) >= 2, "the table shows at least two rounds at any window"
    assert min(band.height for band in bands) >= 22, [band.height for band in bands]
    assert px(TournamentScene.MIN_ROW) <= table.row_h <= px(TournamentScene.ROW)
    assert table.row_h >= 22 and all(band.height >= table.row_h for band in bands)
    if size != (640, 400):
        assert table.row_h == px(TournamentScene.ROW) >= 28
    for index, band in table.places:
        assert band.bottom <= table.leave_button.rect.top
        driver.click((band.centerx, band.y + table.row_h // 2))
        assert table.chosen == index


def test_a_round_coming_in_above_leaves_the_round_under_the_pointer_in_place(app, driver, monkeypatch):
    """Newest first, every finished round pushed the list down a line: a click aimed at a round
    while others were running chose the one above it. The list holds still under the pointer."""
    _scene, table = finished_table(app, driver)
    aimed, band = table.places[2]
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=band.center, rel=(0, 0), buttons=(0, 0, 0)))
    rows = table.ordered()
    newest = replace(rows[0], number=str(len(rows) + 1), index=99)
    monkeypatch.setattr(table, "ordered", lambda: [newest, *rows])  # a round finishes meanwhile
    table.draw(app.screen)
    assert dict(table.places)[aimed] == band
    driver.click(band.center)
    assert table.chosen == aimed
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    assert table.places[0][0] == 99  # the pointer gone, the round finished meanwhile is listed


def test_the_mouse_alone_stops_the_run_and_leaves_the_table(app, driver):
    """The table had no button and a click beside it did nothing: a player with only a mouse was
    stuck in it. Its button does what Esc does: Stop asks, Stop now stops (the table stays with
    the rounds played), then Back to the game leaves it."""
    scene, overlay = open_setup(app, driver, games=5)
    overlay.setup = replace(overlay.setup, tourney_maps="official")
    driver.key(pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TournamentScene)
    driver.frame()
    button = table.leave_button
    assert table.panel.contains(button.rect) and button.label == "Stop"
    driver.click(button.rect.center)
    assert table.asking and not table.run.done and button.label == "Stop now"
    driver.click(button.rect.center)
    assert table.run.wait(30)
    driver.frame()
    assert table.run.stopped and app.stack.top is table and button.label == "Back to the game"
    driver.click(button.rect.center)
    assert app.stack.top is scene


def test_a_round_opened_from_the_table_has_a_button_back_to_it(app, driver):
    """In a tournament's round the only way back by mouse was the Replay button, which said nothing
    of leaving (and in a replay file it opened the menu). The round has a Back to table button; the
    viewer, nothing but a replay, has no Replay button."""
    scene, table = finished_table(app, driver)
    chosen = table.places[0]
    driver.click(chosen[1].center)
    driver.click(chosen[1].center)
    viewer = app.stack.top
    assert isinstance(viewer, TronScene) and viewer is not scene
    driver.frame()
    labels = [b.label for b in viewer.toolbar.buttons]
    assert "Replay" not in labels
    back = viewer.toolbar.find("Back to table")
    assert back is not None and back.rect.width and back.is_enabled()
    driver.click(back.rect.center)
    assert app.stack.top is table and table.chosen == chosen[0]


def test_clicks_on_modes_arrow_step_through_every_mode_where_the_pointer_stays(app, driver):
    """At 1024x640 the Tournament's rows lifted the panel 22 px: the next click on Mode's ▸, where
    the pointer still was, landed between two rows and did nothing. The panel keeps its top (its
    rows shrink a little) so each click at the same place steps the mode on."""
    app.on_resize((1024, 640))
    scene = app.launch("tron", Launch(level=TINY, seed=3))
    driver.frame()
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    driver.frame()
    _back, forward = overlay.arrow_rects("mode", overlay.row_rects[0])
    seen = [overlay.setup.mode]
    for _ in range(4):
        driver.click(forward.center)
        seen.append(overlay.setup.mode)
    assert len(set(seen)) == 4 and seen[0] == seen[4], seen  # every mode, and round to the first
    assert scene is not overlay


def six_entrants_finished(monkeypatch) -> TournamentRun:
    """A finished run of six entrants (30 rounds) as the table reads it, no round played: the
    table's layout is under test, not the bots (the window's setup offers four; the CLI's
    tournaments and the ones to come take more)."""
    from arcade.games.tron import maps
    from arcade.games.tron.match import Tournament

    names = ["random", "straight", "flood-fill", "voronoi", "bot-five", "bot-six"]
    run = TournamentRun(Tournament(names, maps.resolve(TINY, 1), 1, 10.0, 1))
    monkeypatch.setattr(run, "start", lambda: None)
    rows = [RoundRow(str(i + 1), TINY, "random vs straight", "1-0", "12", "", i) for i in range(30)]
    monkeypatch.setattr(run, "rows", lambda: rows)
    monkeypatch.setattr(run, "lines", lambda: ["line"] * len(rows))
    monkeypatch.setattr(run, "standings", lambda: [StandingRow(n, 10, 5, 0, 5, 0.5, 1500.0) for n in names])
    monkeypatch.setattr(TournamentRun, "played", property(lambda self: len(rows)))
    run.done = True
    return run


def test_many_entrants_in_a_small_window_leave_two_rounds_in_view(app, driver, monkeypatch):
    """Six entrants at 640x400: the standings filled the panel down to its button and the round list
    was gone (its title drawn over the keys' line). The standings keep room for two rounds and
    scroll: the wheel over them brings the last entrant into view."""
    app.on_resize((640, 400))
    table = TournamentScene(six_entrants_finished(monkeypatch))
    app.push(table)
    driver.frame()
    bands = [band for _index, band in table.places]
    assert len(bands) >= 2, "the rounds list vanished"
    assert all(table.standings_view.bottom < band.top and band.bottom <= table.leave_button.rect.top
               for band in bands)
    assert "bot-six" not in table.standings_shown and table.standings_shown[0] == "random"
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=table.standings_view.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    driver.frame(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False))
    assert table.standings_shown[-1] == "bot-six", table.standings_shown
    assert [index for index, _band in table.places][:1] == [29]  # the rounds did not scroll


@pytest.mark.parametrize("size", [(640, 400), (800, 500), (1280, 800)])
def test_a_round_row_says_who_won_whole_in_a_small_window(app, driver, monkeypatch, size):
    """At 640x400 the result column was 88 px wide: every round's winner was cut ("flood-fill …",
    "strongest…") while the pairing beside it had room to spare. The built-in bots' rows are whole."""
    from arcade.games.tron.view import tournament

    run = six_entrants_finished(monkeypatch)
    rows = [RoundRow("12/12", "empty-room", "strongest vs flood-fill", "strongest wins", "50 ticks", "", 0),
            RoundRow("11/12", "empty-room", "flood-fill vs straight", "flood-fill wins", "40 ticks", "", 1)]
    monkeypatch.setattr(run, "rows", lambda: rows)
    monkeypatch.setattr(run, "lines", lambda: ["line"] * len(rows))
    monkeypatch.setattr(TournamentRun, "played", property(lambda self: len(rows)))
    cells = {text for row in rows for text in (row.number, row.map_id, row.pairing, row.result, row.length)}
    cut: list[tuple[str, int, int]] = []
    seen: set[str] = set()
    real = tournament.draw_text

    def spy(surface, theme, text, pos, *, size=18, bold=False, max_width=None, **k):
        if text in cells and max_width is not None:
            seen.add(text)
            width = theme.font(size, bold).size(text)[0]
            if width > max_width:
                cut.append((text, width, max_width))
        return real(surface, theme, text, pos, size=size, bold=bold, max_width=max_width, **k)

    monkeypatch.setattr(tournament, "draw_text", spy)
    app.on_resize(size)
    app.push(TournamentScene(run))
    driver.frame()
    assert {"strongest wins", "flood-fill wins"} <= seen, seen
    assert not cut, cut


@pytest.mark.parametrize("size", [(640, 400), (800, 500)])
def test_no_cell_of_the_table_is_cut_with_the_longest_names_and_a_finished_count(app, driver, monkeypatch, size):
    """At 640x400 the round columns sat at shares of the panel's width: "120/120" and a long map's
    name ("hackerrank-tron") were cut beside a column with room to spare. The columns are laid out
    by their text: every cell is drawn whole (not shortened, inside the panel, clear of its
    neighbours), or, where the widest cannot all fit, the chosen round shows them whole under it."""
    from arcade.games.tron import ai, maps
    from arcade.games.tron.view import tournament
    from tests.drawing import texts_drawn

    longest_map = max((entry.id for entry in maps.bundled()), key=len)
    first, second = sorted(ai.BOTS, key=len)[-2:]
    run = six_entrants_finished(monkeypatch)
    rows = [RoundRow("120/120", longest_map, f"{first} vs {second}", f"{second} wins", "1234 ticks", "", 0),
            RoundRow("119/120", "hackerrank-tron", f"{second} vs {first}", "draw", "1 tick", "", 1)]
    monkeypatch.setattr(run, "rows", lambda: rows)
    monkeypatch.setattr(run, "lines", lambda: ["line"] * len(rows))
    monkeypatch.setattr(TournamentRun, "played", property(lambda self: len(rows)))
    app.on_resize(size)
    table = TournamentScene(run)
    app.push(table)
    drawn = texts_drawn(monkeypatch, tournament)
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    assert {index for index, _band in table.places} == {0, 1}, "both rounds in view"

    def whole(text: str) -> bool:
        return any(d.text == text and table.app.theme.font(d.size, d.kwargs.get("bold", False)).size(text)[0]
                   <= d.rect.width and table.panel.contains(d.rect) for d in drawn)

    cells = [cell for row in rows for cell in TournamentScene.cells(row)]
    for d in drawn:  # nothing of the table drawn outside its panel, no cell over the next one
        assert table.panel.contains(d.rect), (d.text, d.rect, table.panel)
    by_row: dict[int, list[pygame.Rect]] = {}
    for d in drawn:
        if d.text in cells:
            by_row.setdefault(d.rect.centery, []).append(d.rect)
    for rects in by_row.values():
        rects.sort(key=lambda r: r.x)
        assert all(a.right <= b.x for a, b in itertools.pairwise(rects)), rects
    for text in ("120/120", "119/120", f"{second} wins", "draw", "1234 ticks", "1 tick"):
        assert whole(text), text  # the short cells are never the ones cut
    shortened = [cell for cell in cells if not whole(cell)]
    if size == (800, 500):
        assert not shortened, shortened
    for index in (0, 1):  # each round chosen: its shortened cells are read whole under it
        table.chosen, table.follow = index, True
        drawn.clear()
        driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
        for cell in table.cut_cells(rows[index]):
            assert any(cell in d.text.split(" · ") and whole(d.text) for d in drawn), (cell, [d.text for d in drawn])


def table_asking_after_esc(app, driver, monkeypatch, size: tuple[int, int]) -> tuple[TournamentScene, list]:
    """A running six-entrant table in a ``size`` window after one Esc: it asks before stopping. The
    table and the texts drawn (recorded from then on)."""
    from arcade.games.tron.view import tournament
    from tests.drawing import texts_drawn

    run = six_entrants_finished(monkeypatch)
    run.done = False  # still running: Esc asks
    app.on_resize(size)
    table = TournamentScene(run)
    app.push(table)
    drawn = texts_drawn(monkeypatch, tournament)
    driver.key(pygame.K_ESCAPE)
    assert table.asking
    return table, drawn


@pytest.mark.parametrize("size", [(640, 400), (1280, 800)])
def test_the_question_the_first_esc_asks_is_drawn_whole(app, driver, monkeypatch, size):
    """The first Esc's question, "Press Esc again to stop the tournament (the rounds played stay in
    the table)", was cut at "tabl…" even at 1280x800: its end, the part that reassures, was lost."""
    table, drawn = table_asking_after_esc(app, driver, monkeypatch, size)
    question = next(d for d in drawn if d.text == table.status())
    natural = app.theme.font(question.size, question.kwargs.get("bold", False)).size(question.text)[0]
    assert natural <= question.rect.width and table.panel.contains(question.rect), question
    assert "the rounds played stay" in question.text


def test_a_table_left_mid_way_opens_again_with_t_its_rounds_kept(app, driver):
    """Once the table was left (stopped mid-way, or finished) it was gone: a player who went back to
    look at the game lost the standings and every round's replay. T shows it again, as it was left,
    and the status line says so on the way back."""
    scene, overlay = open_setup(app, driver, games=5)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_t)  # no tournament yet: T does nothing
    assert app.stack.top is scene and not scene.has_tournament
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    overlay.setup = replace(overlay.setup, tourney_maps="official", mode="tournament")
    driver.key(pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TournamentScene)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)  # stopped mid-way
    assert table.run.wait(30)
    driver.frame()
    played = table.run.played
    driver.key(pygame.K_ESCAPE)  # back to the game
    assert app.stack.top is scene and "T:" in scene.status_line()[0]
    driver.key(pygame.K_t)
    assert app.stack.top is table and table.run.played == played and table.run.stopped
    assert table.status() == f"Stopped after {played} of {table.run.total} rounds"
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene


@pytest.mark.parametrize("size", [(640, 400), (1280, 800)])
def test_while_esc_asks_the_keys_line_says_what_the_next_esc_does(app, driver, monkeypatch, size):
    """Under "Press Esc again to stop…" the keys line still said "Esc: stop (asks first)": it now
    says that Esc again stops and any other key carries on, whole, and goes back after another key."""
    table, drawn = table_asking_after_esc(app, driver, monkeypatch, size)
    texts = [d.text for d in drawn]
    assert not any("asks first" in text for text in texts), texts
    hint = next(d for d in drawn if "Esc again: stop the tournament" in d.text)
    assert "any other key: carry on" in hint.text
    natural = app.theme.font(hint.size).size(hint.text)[0]
    assert natural <= hint.rect.width and table.panel.contains(hint.rect), hint
    drawn.clear()
    driver.key(pygame.K_DOWN)  # any other key: the question goes, and the line says Esc asks again
    assert not table.asking and not table.run.done
    assert any("Esc: stop (asks first)" in d.text for d in drawn)
    assert not any("Esc again" in d.text for d in drawn)


def test_a_random_map_is_a_new_one_in_every_tournament(app, driver):
    """The setup's map "Random map (new each match)" played the same map, random-627268, in every
    tournament the window ran: the run was drawn from the CLI's default seed each time."""
    played = []
    for _ in range(2):
        _scene, overlay = open_setup(app, driver, map="random")
        assert overlay.setup.tourney_maps == "map"
        overlay.start()
        table = app.stack.top
        assert isinstance(table, TournamentScene)
        played.append([map_id for map_id, _level in table.run.tournament.maps])
        table.run.stop()
        app.pop()
        app.pop()
    assert all(len(ids) == 1 and ids[0].startswith("random-") for ids in played), played
    assert played[0] != played[1], played


def test_the_table_names_the_bots_as_the_setup_does_and_a_program_by_its_label(app, driver, monkeypatch):
    """The table said "straight vs mine", "straight wins" and "straight" in its standings: the command
    line's ids, where the setup, the match's header and the round's viewer say "Straight line". A
    program keeps the label its author gave it; the run's results keep the ids."""
    from arcade.games.tron.view import tournament

    command = f'mine=2010:{sys.executable} -c "raise SystemExit(3)"'
    _scene, _overlay = open_setup(app, driver, bot2=PROGRAM, command2=command)
    driver.key(pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TournamentScene)
    assert table.run.wait(120)
    drawn: list[str] = []
    real = tournament.draw_text

    def spy(surface, theme, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, theme, text, *args, **kwargs)

    monkeypatch.setattr(tournament, "draw_text", spy)
    driver.key(pygame.K_DOWN)  # a round chosen: its cut cells, if any, drawn whole too
    named = {"Straight line", "mine", "Straight line vs mine", "mine vs Straight line", "Straight line wins"}
    assert named <= set(drawn)
    assert any(text.startswith("mine: exited with status 3") for text in drawn), drawn
    assert not any(re.search(r"\bstraight\b", text) for text in drawn), drawn
    assert {row.name for row in table.run.standings()} == {"straight", "mine"}  # the results' keys


def test_the_t_line_stays_readable_while_the_watched_match_under_the_table_goes_on(app, driver):
    """Back from the table over a bot-vs-bot match whose round had ended, the next round began at once
    and its lines (the round's start, then a commentary every tick) replaced "T: the tournament's
    table again" before anyone could read it. It stays as long as a watched round's end does, then
    the commentary goes on."""
    from arcade.games.tron.view.rounds import NOTE_TIME
    from tests.tron.test_tron_scene import finished_watched_round, run_ticks, wait_for_bots

    scene, _state, _length = finished_watched_round(app, driver)
    driver.frame(dt=5.0)  # the next round is due the moment the match goes on
    table = scene.open_tournament(replace(scene.setup, mode="tournament", bot1="straight", bot2="flood-fill",
                                          map=TINY, tourney_maps="map", games=1))
    assert isinstance(table, TournamentScene)
    app.push(table)
    assert table.run.wait(120)
    driver.frame()
    driver.key(pygame.K_ESCAPE)  # finished: back to the game
    assert app.stack.top is scene
    said = scene.status_line()[0]
    assert said.startswith("T: the tournament's table again")
    driver.frame()
    assert scene.match.rounds == 1 and scene.phase == "countdown"  # the next round began
    driver.frame(dt=scene.countdown + 0.05)
    wait_for_bots(scene)
    driver.frame(dt=scene.tick_seconds)
    assert scene.session.index >= 1  # its first move is on the board
    assert scene.status_line()[0] == said
    driver.frame(dt=NOTE_TIME)
    run_ticks(driver, scene, 2)
    assert scene.status_line()[0] != said  # then the round's own lines go on


def test_the_table_names_a_map_as_its_header_does():
    """The rounds' map column showed ids ("empty-room", "scatter-586130") beside a header that says
    "Empty room": a person reads the names the setup and the match give them."""
    row = RoundRow("1/2", "empty-room", "Strongest vs Flood fill", "draw", "9 ticks", "", 0)
    assert TournamentScene.cells(row)[1] == "Empty room"
    scattered = RoundRow("2/2", "scatter-586130", "Strongest vs Flood fill", "draw", "9 ticks", "", 1)
    assert TournamentScene.cells(scattered)[1] == "Scattered walls #586130"


def test_keys_that_start_a_match_are_refused_in_a_round_over_the_table_and_not_listed(app, driver):
    """O in a round opened from the table opened a setup whose Start turned the viewer into a new
    match on top of the table (L's maps and F5 alike). Under a round is the table, which takes no
    such key: they are refused with one line that says the way (Esc to the table, Esc to the game),
    and neither the keys table nor the toolbar offers them there."""
    from arcade.games.tron.view.new_match import OVER_TABLE

    scene, _overlay = open_setup(app, driver)
    driver.key(pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TournamentScene) and table.run.wait(120)
    driver.frame()
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    viewer = app.stack.top
    assert isinstance(viewer, TronScene) and viewer is not scene and viewer.from_table
    listed = dict(viewer.help_lines())
    assert not [k for k in listed if k.split(" ")[0] in ("O", "L", "F5")], listed
    for label in ("Setup", "Levels", "Rematch"):
        button = viewer.toolbar.find(label)
        assert button is None or not button.is_enabled(), label
    for key in (pygame.K_o, pygame.K_F2, pygame.K_l, pygame.K_F5):
        viewer.say("")
        driver.key(key)
        assert app.stack.top is viewer and viewer.viewer is not None, pygame.key.name(key)
        assert viewer.status_text == OVER_TABLE, (pygame.key.name(key), viewer.status_text)
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is table
    driver.key(pygame.K_ESCAPE)  # the run is over: back to the game, where O sets up a match
    assert app.stack.top is scene
    driver.key(pygame.K_o)
    assert isinstance(app.stack.top, SetupScene)
