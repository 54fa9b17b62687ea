"""The Tron window driven by real pygame events: countdown, steering, pause, rounds, replay, setup, saves."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from arcade.core.game import Outcome
from arcade.core.registry import Launch
from arcade.games.tron.view.rounds import COUNTDOWN
from arcade.games.tron.view.scene import TronScene
from arcade.games.tron.view.setup import SetupScene
from arcade.services import saves
from arcade.ui.overlays import PauseScene, ResultScene
from arcade.ui.theme import Theme
from tests.drawing import assert_rests

TWO_ROOMS = "test-board2"


def open_tron(app, level: str | None = "empty-room", **setup) -> TronScene:
    scene = app.launch("tron", Launch(level=level, seed=3))
    assert isinstance(scene, TronScene)
    if setup:
        scene.new_match(replace(scene.setup, **setup))
    app.frame(1 / 60)
    return scene


ARROW_FOR = {"N": pygame.K_UP, "E": pygame.K_RIGHT, "S": pygame.K_DOWN, "W": pygame.K_LEFT}


def start_round(driver, scene: TronScene) -> None:
    """A match's first round waits for the player: press the arrow of the heading they already have."""
    if scene.phase == "ready":
        driver.key(ARROW_FOR[scene.steering[0].heading])
    assert scene.phase == "countdown"


def finish_countdown(driver, scene: TronScene) -> None:
    start_round(driver, scene)
    driver.frame(dt=COUNTDOWN + 0.05)
    assert scene.phase == "running"


def wait_for_bots(scene: TronScene, timeout: float = 30.0) -> None:
    """Until both seats have their move. Generous: bots in processes start slowly on a loaded
    machine (the wait ends as soon as they answer; a short limit failed tests under load)."""
    end = time.perf_counter() + timeout
    while not scene.moves_ready() and time.perf_counter() < end:
        time.sleep(0.002)
        scene.poll_bots()
    assert scene.moves_ready()


def run_ticks(driver, scene: TronScene, count: int) -> None:
    """Advance ``count`` ticks (or until the round ends), waiting for the bots like the real loop would."""
    for _ in range(count):
        if scene.phase != "running":
            return
        wait_for_bots(scene)
        driver.frame(dt=scene.tick_seconds)


def pixel(app, scene: TronScene, cell: tuple[int, int]) -> tuple[int, int, int]:
    x, y = scene.view.cell_center((cell[1], cell[0]))
    return tuple(app.screen.get_at((int(x), int(y))))[:3]


def test_opens_with_nothing_given_and_waits_for_the_player_then_counts_down(app, driver):
    scene = app.launch("tron", Launch())
    driver.frames(3)
    assert isinstance(scene, TronScene) and scene.phase == "ready"
    driver.frame(dt=COUNTDOWN * 3)
    assert scene.phase == "ready" and scene.session.index == 0  # nothing moves before the player is ready
    driver.key(pygame.K_DOWN)
    assert scene.phase == "countdown" and scene.steering[0].heading == "S"
    assert scene.tick_seconds >= 1 / 6  # the first round against a bot is gentle
    assert scene.session.level_id == "empty-room"
    assert scene.match.seats == ("human", "flood-fill")
    assert "You 0 : 0 Flood fill" in scene.status_fields()[0]


def test_steering_with_posted_keys_moves_the_cycle_and_paints_its_trail(app, driver):
    scene = open_tron(app)
    start = scene.session.state.heads[0]
    assert start == (1, 1)
    driver.key(pygame.K_DOWN)  # before the start any heading is allowed
    assert scene.steering[0].heading == "S"
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 3)
    state = scene.session.state
    assert state.heads[0] == (1, 4) and state.directions[0] == "S"
    driver.key(pygame.K_d)  # WASD steers the same cycle
    run_ticks(driver, scene, 1)
    assert scene.session.state.heads[0] == (2, 4)
    driver.frame()
    assert pixel(app, scene, (1, 2)) == app.theme["player1"]
    empty = pixel(app, scene, (7, 7))
    assert empty != app.theme["player1"] and empty != app.theme["player2"]


def test_reversing_is_ignored_and_quick_turns_are_queued(app, driver):
    scene = open_tron(app)
    driver.key(pygame.K_RIGHT)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 1)
    driver.key(pygame.K_LEFT)  # straight back: refused
    assert scene.steering[0].queue == []
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_LEFT)  # two turns before the next tick: a U-turn over two ticks
    run_ticks(driver, scene, 2)
    assert scene.session.state.directions[0] == "W"
    assert scene.session.state.heads[0] == (1, 2)


def test_space_pauses_and_the_clock_stops(app, driver):
    scene = open_tron(app)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 2)
    driver.key(pygame.K_SPACE)
    ticks = scene.session.index
    driver.frames(30, dt=0.1)
    assert scene.paused and scene.session.index == ticks
    driver.key(pygame.K_SPACE)
    run_ticks(driver, scene, 1)
    assert scene.session.index == ticks + 1


def test_escape_pauses_under_the_overlay_and_counts_down_on_return(app, driver):
    scene = open_tron(app)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 1)
    ticks = scene.session.index
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    assert any("steer" in what for _keys, what in app.stack.top.keys)
    driver.frames(20, dt=0.1)
    assert scene.session.index == ticks
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.phase == "countdown"


@pytest.mark.parametrize("away", [pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED], ids=["focus-lost", "minimized"])
def test_a_round_against_a_bot_pauses_itself_when_the_window_goes_away(app, driver, away):
    """An alt-tab (or a minimize) in the middle of a round opened nothing: the bot played on and the
    player came back to a crashed cycle. The pause screen opens, says why, and the player resumes."""
    scene = open_tron(app)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 2)
    ticks = scene.session.index
    driver.frame(pygame.event.Event(away, window=None))
    overlay = app.stack.top
    assert isinstance(overlay, PauseScene)
    assert any("window" in line for line in overlay.lines)
    back = pygame.WINDOWFOCUSGAINED if away == pygame.WINDOWFOCUSLOST else pygame.WINDOWRESTORED
    driver.frame(pygame.event.Event(back, window=None))
    driver.frames(30, dt=0.1)
    assert app.stack.top is overlay and scene.session.index == ticks  # coming back does not resume by itself
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.phase == "countdown"  # the usual way back in, as after Esc
    driver.frame(dt=COUNTDOWN)
    run_ticks(driver, scene, 1)
    assert scene.session.index == ticks + 1


def record_arrows(scene, monkeypatch) -> list[str]:
    """The headings of the arrows the painter draws from now on (it still draws them)."""
    arrows: list[str] = []
    real = scene.painter.draw_arrow

    def draw_arrow(surface, rect, heading, colour):
        arrows.append(heading)
        return real(surface, rect, heading, colour)

    monkeypatch.setattr(scene.painter, "draw_arrow", draw_arrow)
    return arrows


def test_the_countdown_back_into_a_paused_round_shows_the_arrow_its_banner_speaks_of(app, driver, monkeypatch):
    """Back from the pause menu mid-round, the banner said "the arrow is your heading, turn now if you
    like" over a board with no arrow. It shows, and a turn pressed in that countdown turns it."""
    scene = open_tron(app)
    driver.key(pygame.K_RIGHT)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 2)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    assert scene.phase == "countdown" and scene.session.index > 0
    arrows = record_arrows(scene, monkeypatch)
    driver.frame()
    assert arrows == ["E"]
    driver.key(pygame.K_DOWN)
    arrows.clear()
    driver.frame()
    assert arrows == ["S"]  # where the first tick goes


def test_a_round_paused_with_space_shows_the_heading_and_the_turn_kept_for_the_next_tick(app, driver, monkeypatch):
    scene = open_tron(app)
    driver.key(pygame.K_RIGHT)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 2)
    driver.key(pygame.K_SPACE)
    arrows = record_arrows(scene, monkeypatch)
    driver.frame()
    assert arrows == ["E"]
    driver.key(pygame.K_DOWN)  # kept for the next tick: the arrow says so
    arrows.clear()
    driver.frame()
    assert arrows == ["S"]
    driver.key(pygame.K_SPACE)
    arrows.clear()
    driver.frame()
    assert arrows == []  # under way, the cycle's own trail says where it goes


def test_a_countdown_pauses_when_the_window_goes_away_but_a_space_pause_stays_as_it_was(app, driver):
    scene = open_tron(app)
    start_round(driver, scene)
    driver.frame(pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None))
    assert isinstance(app.stack.top, PauseScene) and scene.phase == "countdown"
    driver.frame(pygame.event.Event(pygame.WINDOWFOCUSGAINED, window=None))
    driver.key(pygame.K_ESCAPE)
    finish_countdown(driver, scene)
    driver.key(pygame.K_SPACE)  # paused by the player: going away adds no screen over it
    driver.frame(pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None))
    assert app.stack.top is scene and scene.paused


def test_bots_and_replays_play_on_when_the_window_goes_away(app, driver):
    scene = open_tron(app, mode="watch", bot1="flood-fill", bot2="straight", best_of=3)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 2)
    driver.frame(pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None))
    assert app.stack.top is scene
    run_ticks(driver, scene, 400)
    assert scene.phase == "over"
    driver.key(pygame.K_r)
    driver.frame(pygame.event.Event(pygame.WINDOWMINIMIZED, window=None))
    assert app.stack.top is scene and scene.phase == "replay"


def test_two_players_head_on_is_a_drawn_round_and_the_match_goes_on(app, driver):
    scene = open_tron(app, level="hackerrank-tron", mode="humans", best_of=3)
    assert scene.runners == [None, None]
    driver.key(pygame.K_d)       # cycle 1 (1,7) east
    driver.key(pygame.K_LEFT)    # cycle 2 (13,7) west
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 10)
    assert scene.phase == "over"
    outcome = scene.session.outcome
    assert outcome.result == "draw" and "Head-on" in outcome.reason
    assert scene.match.rounds == 1 and scene.match.score == [0, 0]
    driver.frames(80, dt=1 / 30)
    assert not isinstance(app.stack.top, ResultScene)
    driver.key(pygame.K_RETURN)
    assert scene.phase == "countdown" and scene.session.index == 0


def test_a_lost_round_ends_the_match_with_a_result_overlay(app, driver):
    scene = open_tron(app, best_of=1)
    driver.key(pygame.K_UP)  # straight into the wall above
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 1)
    assert scene.phase == "over" and scene.session.outcome.winner == 1
    assert scene.match.over and scene.match.score == [0, 1]
    # The header tells the round just played at its gentle rate (it showed the next round's).
    assert f"{round(scene.round_rate(0))}/s" in scene.status_fields() and scene.round_rate(0) < scene.speed.value
    assert scene.status_text.startswith("Flood fill wins the round. You crashed into a wall on tick 1")
    driver.frames(90, dt=1 / 30)
    top = app.stack.top
    assert isinstance(top, ResultScene) and top.title == "Flood fill wins the match"
    assert saves.read_autosave("tron") is None
    driver.key(pygame.K_ESCAPE)  # one step back, to the board (it went to the main menu)
    assert app.stack.top is scene
    scene.show_match_result()
    driver.frames(40)  # a result panel takes keys once it has been read a moment
    driver.key(pygame.K_r)  # the result's "Replay round", then leaving it: back to the match result
    assert app.stack.top is scene and scene.phase == "replay"
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ResultScene) and app.stack.top.title == "Flood fill wins the match", \
        "left the replay onto a round banner offering a next round in a match that was over"
    driver.frames(40)
    driver.key(pygame.K_F5)  # the result's Rematch (Enter's default keeps the board)
    assert app.stack.top is scene and scene.phase == "ready" and scene.match.score == [0, 0]


def finished_watched_round(app, driver):
    """A bot-vs-bot round played to its end: (scene, the final state, the history's length)."""
    scene = open_tron(app, mode="watch", bot1="flood-fill", bot2="straight", best_of=3)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 400)
    assert scene.phase == "over"
    return scene, scene.session.state, scene.session.length


def test_replay_scrubs_through_the_finished_round(app, driver):
    scene, final, length = finished_watched_round(app, driver)
    driver.key(pygame.K_r)
    assert scene.phase == "replay" and scene.session.index == 0
    driver.frames(3, dt=0.1)
    assert 0 < scene.session.index < length
    driver.key(pygame.K_SPACE)
    here = scene.session.index
    driver.key(pygame.K_LEFT)
    assert scene.session.index == here - 1
    driver.key(pygame.K_END)
    assert scene.session.state == final
    driver.key(pygame.K_HOME)
    assert scene.session.index == 0
    driver.key(pygame.K_ESCAPE)
    assert scene.phase == "over" and scene.session.state == final
    assert scene.match.rounds == 1  # replaying did not count the round again


def test_tab_reaches_the_replay_bars_player_buttons(app, driver):
    """The replay bar's ⏮ ◀ ▶ ▶ ⏭ took clicks, but Tab went round the toolbar only: they are in the
    focus ring while the replay shows them (above the toolbar, so first), and Enter presses one."""
    scene, _final, _length = finished_watched_round(app, driver)
    driver.key(pygame.K_r)
    driver.key(pygame.K_SPACE)  # paused, on its first tick
    driver.key(pygame.K_END)
    bar = scene.replay_bar.player
    assert bar["start"] in scene.toolbar.ring() and bar["end"] in scene.toolbar.ring()
    driver.key(pygame.K_TAB)
    assert scene.toolbar.focus is bar["start"], "the bar is above the toolbar: its first button first"
    driver.key(pygame.K_RETURN)
    assert scene.session.index == 0 and scene.phase == "replay"
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    assert scene.phase == "over"
    assert bar["start"] not in scene.toolbar.ring(), "no replay, no bar in the ring"


def test_save_replay_stays_available_through_the_whole_replay_and_saves_the_whole_round(app, driver):
    """Save replay greyed out on every tick of a replay but the last, flickering as the round played
    back or was scrubbed: it saves the whole round, so it is there from the round's end on, whatever
    tick is on screen. Before the end it is grey, and Ctrl+S says why."""
    from arcade.games.tron.logic import RULES
    from arcade.services.replays import open_replay

    scene = open_tron(app, mode="watch", bot1="flood-fill", bot2="straight", best_of=3)
    save = next(b for b in scene.toolbar.buttons if b.label == "Save replay")
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 2)
    assert scene.phase == "running" and not save.is_enabled()
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    assert "once it is over" in scene.status_text
    run_ticks(driver, scene, 400)
    assert scene.phase == "over" and save.is_enabled()
    length = scene.session.length
    driver.key(pygame.K_r)
    assert scene.phase == "replay"
    seen = []
    while scene.session.index < length:  # played back...
        seen.append((scene.session.index, save.is_enabled()))
        driver.frame(dt=scene.tick_seconds)
    driver.key(pygame.K_HOME)  # ...and scrubbed
    for step in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_END, pygame.K_LEFT):
        driver.key(step)
        seen.append((scene.session.index, save.is_enabled()))
    assert len({index for index, _ in seen}) > 5 and all(enabled for _, enabled in seen), seen
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_RIGHT)
    assert scene.session.index == 1
    driver.key(pygame.K_s, pygame.KMOD_CTRL)  # at tick 1: the whole round is saved
    assert scene.status_role == "good" and scene.last_replay is not None
    saved = open_replay(scene.last_replay, RULES)
    assert len(saved.moves) == length and saved.replay.result["result"] == scene.round_outcome.result
    assert scene.session.index == 1 and scene.phase == "replay"  # and the replay stays where it was
    # A replay file in the viewer: the same, from its first tick to its last.
    viewer = app.launch("tron", Launch(options={"replay": open_replay(scene.last_replay, RULES)}))
    driver.frame()
    button = next(b for b in viewer.toolbar.buttons if b.label == "Save replay")
    for _ in range(length + 2):
        assert button.is_enabled(), viewer.session.index
        driver.key(pygame.K_RIGHT)


def test_bot_vs_bot_watch_plays_by_itself_and_speed_keys_work(app, driver):
    scene = open_tron(app, level="quadrant", mode="watch", bot1="flood-fill", bot2="random", best_of=1, speed=10)
    driver.key(pygame.K_PLUS)
    assert scene.setup.speed == 12
    driver.key(pygame.K_MINUS)
    driver.key(pygame.K_MINUS)
    assert scene.setup.speed == 8
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 300)
    assert scene.phase == "over" and scene.match.over
    assert scene.session.length > 3


def test_setup_overlay_changes_mode_and_starts_a_new_match(app, driver):
    scene = open_tron(app)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    driver.key(pygame.K_DOWN)  # past "Cycle 1: You", which nothing changes, to the bot
    assert overlay.rows()[overlay.selected][0] == "bot2"
    driver.key(pygame.K_UP)
    assert overlay.rows()[overlay.selected][0] == "mode"
    driver.key(pygame.K_TAB)
    assert overlay.rows()[overlay.selected][0] == "bot2"
    driver.key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT)  # Shift+Tab steps back, as in every list
    assert overlay.rows()[overlay.selected][0] == "mode"
    driver.key(pygame.K_RIGHT)  # mode: you vs bot -> two players
    assert overlay.setup.mode == "humans"
    driver.key(pygame.K_RETURN)
    assert app.stack.top is scene
    assert scene.match.seats == ("human", "human") and scene.phase == "ready"
    assert app.settings.game("tron")["setup"]["mode"] == "humans"


def test_setup_home_and_end_jump_to_the_first_and_the_last_row_as_in_every_list(app, driver):
    """Home and End did nothing in Tron's setup, the one list where they did not jump to its ends;
    a seat the players hold ("Cycle 1: You") is passed over as ↑ ↓ pass it."""
    open_tron(app)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    driver.key(pygame.K_END)
    rows = overlay.rows()
    assert overlay.selected == len(rows) - 1 and rows[overlay.selected][0] == "best_of"
    driver.key(pygame.K_HOME)
    assert overlay.selected == 0 and overlay.rows()[0][0] == "mode"
    driver.key(pygame.K_RIGHT)  # two players: both seats are held, the rows around them still reached
    assert overlay.setup.mode == "humans"
    driver.key(pygame.K_END)
    assert overlay.rows()[overlay.selected][0] == "best_of"
    driver.key(pygame.K_HOME)
    assert overlay.rows()[overlay.selected][0] == "mode"
    assert app.stack.top is overlay


def test_tab_reaches_the_setups_start_and_cancel_after_its_rows_and_enter_presses_them(app, driver):
    """Tab went round the setup's rows only: Start and Cancel took a click (or Enter / Esc from a
    row), never the keyboard's focus. Tab goes down the rows, then Start and Cancel in the
    framework's focus ring (drawn), and round to the first row; Shift+Tab back; Enter presses the
    button in focus."""
    scene = open_tron(app)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    start, cancel = overlay.buttons
    driver.key(pygame.K_END)  # the last row
    driver.key(pygame.K_TAB)
    assert overlay.focus.focus is start, "after the last row: Start"
    driver.frame()
    ring = start.rect.inflate(app.theme.px(6), app.theme.px(6))
    assert tuple(app.screen.get_at((ring.centerx, ring.top)))[:3] == app.theme["highlight"], "the ring is drawn"
    driver.key(pygame.K_TAB)
    assert overlay.focus.focus is cancel
    driver.key(pygame.K_TAB)
    assert overlay.focus.focus is None and overlay.rows()[overlay.selected][0] == "mode", "round to the first row"
    driver.key(pygame.K_RIGHT)  # mode: you vs bot -> two players
    assert overlay.setup.mode == "humans"
    driver.key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    assert overlay.focus.focus is cancel, "Shift+Tab from the first row: Cancel, the last in the screen's order"
    match = scene.match
    driver.key(pygame.K_RETURN)
    assert app.stack.top is scene and scene.match is match, "Enter pressed Cancel: no new match"
    driver.key(pygame.K_o)
    overlay = app.stack.top
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    driver.key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    assert overlay.focus.focus is overlay.buttons[0]
    driver.key(pygame.K_RETURN)
    assert app.stack.top is scene and scene.match.seats == ("human", "human"), "Enter pressed Start"


def test_setup_map_row_steps_with_the_arrows_and_opens_the_list_on_enter(app, driver):
    """Right on the map row opened the picker (every other row steps), and Enter there did too
    while the footer said "Enter start": the footer now says what Enter does on that row."""
    from arcade.ui.picker import PickerScene

    scene = open_tron(app)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    overlay.selected = next(i for i, row in enumerate(overlay.rows()) if row[0] == "map")
    before = overlay.setup.map
    driver.key(pygame.K_RIGHT)
    assert app.stack.top is overlay and overlay.setup.map != before
    driver.key(pygame.K_LEFT)
    assert overlay.setup.map == before
    driver.key(pygame.K_RETURN)
    assert isinstance(app.stack.top, PickerScene)
    setup_rows = [(c.title, c.tag) for c in app.stack.top.choices]
    app.pop()
    assert app.stack.top is overlay and scene.phase != "running"
    app.pop()
    scene.open_levels()  # L: the same list, the same look (ids and sizes there, names without sizes here)
    rows = [(c.title, c.tag) for c in app.stack.top.choices]
    # the replays too, at the top under their heading (at the end, a player scrolled through every map)
    assert rows == setup_rows and rows[:2] == [("Replays", ""), ("Saved replays", "")]
    assert ("Huge room", "50×50") in setup_rows
    app.pop()
    driver.key(pygame.K_o)
    overlay = app.stack.top
    # A map that is not in the list (a generated id, a file) is kept as the first choice, not lost.
    overlay.setup = replace(overlay.setup, map="scatter-7")
    overlay._map_values = None
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_LEFT)
    assert overlay.setup.map == "scatter-7"


@pytest.mark.parametrize("level", ["empty-room", "scatter-7"])
def test_leaving_mid_match_saves_and_continue_resumes(app, driver, level):
    """A bundled map, and a generated one that only its id names (``play tron --level scatter-7``)."""
    scene = open_tron(app, level=level, best_of=3)
    driver.key(pygame.K_DOWN)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 4)
    state = scene.session.state
    app.pop()
    saved = saves.read_autosave("tron")
    assert saved is not None and saved.data["extra"]["match"]["best_of"] == 3
    resumed = app.launch("tron", Launch(save=saved.data))
    driver.frame()
    assert isinstance(resumed, TronScene)
    assert resumed.session.level_id == level
    assert resumed.session.state == state and resumed.steering[0].heading == "S"
    # A resumed round waits for the player (it used to run at once: a crash before the hands
    # were on the keys); the first key is a real turn, not a free aim through the trail.
    driver.frames(60, dt=0.1)
    assert resumed.phase == "ready" and resumed.session.state == state
    driver.key(pygame.K_UP)  # straight back through the trail: refused, but the round goes on
    assert resumed.phase == "countdown" and resumed.steering[0].queue == []
    driver.frame(dt=COUNTDOWN + 0.05)
    assert resumed.phase == "running" and resumed.session.state == state


def test_the_next_rounds_countdown_names_the_click_too(app, driver):
    """Round 1 starts with an arrow or a click; round 2's countdown said "steer with the arrows or
    W A S D" only, while the running round's line offered the click."""
    scene = open_tron(app, best_of=3)
    driver.click(scene.view.cell_center((scene.session.state.heads[0][1] + 3, scene.session.state.heads[0][0])))
    assert scene.phase == "countdown"
    driver.frame(dt=COUNTDOWN + 0.05)
    run_ticks(driver, scene, 200)
    assert scene.phase == "over" and not scene.match.over
    driver.key(pygame.K_RETURN)
    assert scene.phase == "countdown"
    assert "a click beside your cycle" in scene.status_text


def test_a_turn_pressed_while_paused_is_taken_on_the_next_tick(app, driver):
    """Keys were dropped while paused: N (one tick) could only go straight, and a turn made
    before Space was lost, into the wall the player had just turned away from."""
    scene = open_tron(app)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 1)
    heading = scene.steering[0].heading
    turn = {"N": "E", "S": "E", "E": "S", "W": "S"}[heading]
    driver.key(pygame.K_SPACE)
    assert scene.paused
    driver.key(ARROW_FOR[turn])
    wait_for_bots(scene)
    driver.key(pygame.K_n)
    assert scene.paused and scene.session.state.directions[0] == turn


def test_separate_rooms_map_forced_draw_and_small_window(app, driver):
    app.on_resize((800, 500))
    scene = open_tron(app, level=TWO_ROOMS, best_of=1)
    driver.key(pygame.K_DOWN)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 3)
    assert scene.phase == "over" and scene.session.outcome.result == "draw"
    assert scene.view.board_rect.width <= 800 and scene.view.board_rect.bottom <= scene.status_rect.top


class SilentRunner:
    """A bot that never answers (a hung or very slow process)."""

    bot_name = "silent"
    error = ""

    def request(self, request_id, board, budget_ms):
        pass

    def poll(self):
        return None

    def reset(self):
        pass

    def close(self):
        pass


def test_a_bot_that_misses_its_tick_keeps_its_heading_and_the_round_goes_on(app, driver):
    scene = open_tron(app, level="joust")
    scene.runners[1].close()
    scene.runners[1] = SilentRunner()
    scene.request_moves()  # forget the answer the real bot may already have given
    heading = scene.steering[1].heading
    finish_countdown(driver, scene)
    driver.frame(dt=scene.tick_seconds)
    assert scene.session.index == 0  # waits for the bot for up to one more tick
    driver.frame(dt=scene.tick_seconds)
    assert scene.session.index == 1 and scene.late_moves == 1
    assert scene.session.state.directions[1] == heading


def test_leaving_during_a_replay_mid_match_keeps_the_match(app, driver):
    """Found by the monkey test: a match left while a round was being replayed was not saved at all."""
    scene = open_tron(app, best_of=3)
    driver.key(pygame.K_UP)  # straight into the wall above: round 1 is lost at once
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 1)
    assert scene.phase == "over" and not scene.match.over
    final = scene.session.state
    driver.key(pygame.K_r)
    assert scene.phase == "replay" and scene.session.index == 0
    scene.open_pause()  # what the toolbar's Pause button does (Esc leaves the replay instead)
    assert isinstance(app.stack.top, PauseScene)
    app.stack.top.to_menu()
    saved = saves.read_autosave("tron")
    assert saved is not None, "the match was lost"
    assert saved.data["extra"]["match"]["score"] == [0, 1]
    resumed = app.launch("tron")
    driver.frame()
    assert isinstance(resumed, TronScene) and resumed.session.state == final and resumed.phase == "over"
    assert resumed.match.score == [0, 1]
    driver.key(pygame.K_RETURN)  # on to round 2
    assert resumed.phase == "countdown" and resumed.session.index == 0


def test_the_setup_panel_keeps_its_place_when_the_mode_adds_rows(app, driver):
    scene = open_tron(app)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    first_row = overlay.row_rects[0].copy()
    rows = len(overlay.row_rects)
    for _ in range(2):  # you vs bot -> two players -> bot vs bot (a second bot row appears)
        driver.key(pygame.K_RIGHT)
        assert overlay.row_rects[0] == first_row, "the panel moved under the pointer"
    assert len(overlay.row_rects) != rows or overlay.setup.mode == "watch"
    assert scene is not None


def test_bot_versus_bot_rounds_change_sides_so_they_differ(app, driver):
    scene = open_tron(app, TWO_ROOMS, mode="watch", bot1="straight", bot2="flood-fill", best_of=3)
    first = scene.match.seats
    scene.phase = "over"
    scene.next_round()
    assert scene.match.seats == (first[1], first[0])
    assert [r.bot_name if r else None for r in scene.runners] == list(scene.match.seats)


def test_a_rematch_after_the_bots_changed_sides_seats_each_bot_where_the_header_says(app, driver):
    """F5 after a bot-vs-bot round with the sides changed: the header put Straight on cycle 1 again
    while Flood fill's runner still drove it, and the console's [1] lines were the other bot's."""
    scene = open_tron(app, TWO_ROOMS, mode="watch", bot1="straight", bot2="flood-fill", best_of=3)
    first = scene.match.seats
    driver.frame(dt=COUNTDOWN + 0.05)
    run_ticks(driver, scene, 200)
    assert scene.phase == "over" and not scene.match.over
    driver.key(pygame.K_RETURN)  # round 2: the bots change sides
    assert scene.match.seats == (first[1], first[0])
    driver.key(pygame.K_F5)
    driver.key(pygame.K_F5)  # mid-match the rematch asks once
    assert scene.match.rounds == 0 and scene.match.seats == first
    assert [r.bot_name if r else None for r in scene.runners] == list(first)
    assert scene.status_fields()[0].startswith("Straight line 0 : 0 Flood fill")


class StartingRunner(SilentRunner):
    """A bot process that has not said it is ready yet (the first start compiles the search)."""

    ready = False


def test_go_waits_for_the_bot_processes_to_start(app, driver, monkeypatch):
    """A first start compiles the strongest bot's search in its process (20-40 s measured on a fresh
    checkout): the window said "Starting the bots…" over a dim "1" that never moved. Go still waits,
    and the banner and the status line say which bot, that its first start compiles, and count the
    seconds, until the bot is ready."""
    scene = open_tron(app, level="joust")
    real = scene.runners[1]
    scene.runners[1] = StartingRunner()
    banners: list[tuple[str, list[str]]] = []
    draw = scene.painter.draw_banner

    def draw_banner(surface, lines, big="", **options):
        banners.append((big, [text for text, _role in lines]))
        return draw(surface, lines, big=big, **options)

    monkeypatch.setattr(scene.painter, "draw_banner", draw_banner)
    start_round(driver, scene)
    driver.frame(dt=COUNTDOWN + 0.05)
    for _ in range(3):
        driver.frame(dt=1.0)
    assert scene.phase == "countdown" and scene.session.index == 0
    assert scene.status_text.startswith("Preparing Flood fill… 3 s — ")
    assert "first start compiles its search" in scene.status_text
    big, lines = banners[-1]
    assert big == "Preparing the bot" and lines[0] == "Preparing Flood fill… 3 s" and "compiles" in lines[1]
    scene.runners[1] = real
    scene.request_moves()
    driver.frame(dt=0.05)
    assert scene.phase == "running" and "Preparing" not in scene.status_text


@pytest.mark.parametrize(("choice", "draw"), [("random", "generate"), ("scatter", "scatter")])
def test_a_generated_map_choice_draws_a_new_map_for_every_match(app, driver, choice, draw):
    """"Random map" and "Scattered walls" in the setup: each match on a fresh map of the family,
    named by its seed (so a save or a replay can name it again), the choice itself kept."""
    from arcade.games.tron import generator
    from arcade.games.tron.view.setup import map_choices, map_title

    assert choice in [c.value.id for c in map_choices()[0] if not c.header] and "new each match" in map_title(choice)
    scene = open_tron(app, map=choice)
    ids = [scene.session.level_id]
    scene.new_match(replace(scene.setup))
    ids.append(scene.session.level_id)
    assert ids[0] != ids[1] and scene.setup.map == choice
    for map_id in ids:
        family, _, seed = map_id.partition("-")
        assert family == choice
    assert scene.session.level == getattr(generator, draw)(int(seed))


@pytest.mark.parametrize("choice", ["random", "scatter"])
def test_opening_tron_again_keeps_a_new_map_each_match(app, driver, choice):
    """Chosen last time, "Scattered walls (new each match)" came back from the menu as the one map
    drawn at the opening (the setup read "scatter-557658215"): its Start replayed that map, and
    saved it as the choice, so every later match was on it too."""
    from arcade.games.tron.view.setup import SetupScene

    scene = open_tron(app, map=choice)
    app.pop()
    assert app.game_settings("tron")["setup"]["map"] == choice
    again = app.launch("tron", Launch())
    driver.frame()
    assert isinstance(again, TronScene) and again.session.level_id.startswith(f"{choice}-")
    assert again.setup.map == choice
    first = again.session.level_id
    again.open_setup()
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.setup.map == choice
    again.new_match(setup.setup)
    assert again.session.level_id != first and app.game_settings("tron")["setup"]["map"] == choice
    assert scene is not again


def _big_map(tmp_path, side: int = 150, gap: int | None = None) -> str:
    """A walled square; cycle 1 at column 21, cycle 2 ``gap`` columns after it (default: by the east wall)."""
    rows = ["#" * side] + ["#" + " " * (side - 2) + "#" for _ in range(side - 2)] + ["#" * side]
    gap = side - 23 if gap is None else gap
    rows[side // 2] = "#" + " " * 20 + "1" + " " * (gap - 1) + "2" + " " * (side - 24 - gap) + "#"
    path = tmp_path / f"big-{gap}.txt"
    path.write_text(f"{side} {side}\n" + "\n".join(rows) + "\n")
    return str(path)


def heads_in_view(scene: TronScene) -> bool:
    view = scene.view
    return all(view.viewport.contains(view.cell_rect((y, x))) for x, y in scene.session.state.heads)


def test_a_map_too_big_to_read_at_the_fit_opens_zoomed_on_the_players_cycle(app, driver, tmp_path):
    """A 150x150 map fits a 1024x640 window in 3-pixel cells: a cycle nobody can follow. It opens
    zoomed in -- as far as both cycles stay in view (with the cycles 126 columns apart, less than
    the readable cell; close together, the readable cell)."""
    from arcade.games.tron.view.board_camera import READABLE_CELL

    scene = open_tron(app, level=_big_map(tmp_path))
    view = scene.view
    fit = view.fit_w
    assert view.zoomed and fit < view.cell < READABLE_CELL and heads_in_view(scene)
    near = open_tron(app, level=_big_map(tmp_path, gap=20))
    assert near.view.zoomed and near.view.cell >= READABLE_CELL and heads_in_view(near)
    app.pop()
    # Ctrl+0 (Fit) shows the whole map and the next layout (a resize) leaves that choice alone.
    scene.zoom_fit()
    app.on_resize((1100, 700))
    driver.frame()
    assert not view.zoomed
    # Bots alone: the spectator sees the whole map; a map readable at the fit is never zoomed.
    watching = replace(scene.setup, mode="watch", bot1="random", bot2="random")
    app.game_settings("tron")["setup"] = watching.to_dict()  # as if chosen last time
    assert open_tron(app, level=_big_map(tmp_path)).setup.mode == "watch"
    assert not app.stack.top.view.zoomed
    huge = open_tron(app, level="huge-room")  # 50x50 in 9-pixel cells here: readable, left whole
    assert not huge.view.zoomed and huge.view.cell >= 8


def test_a_finished_or_paused_round_stands_still_and_is_not_redrawn(app, driver):
    """Left open on a round's end, the window used to redraw 60 times a second: half a core."""
    scene = open_tron(app, level="hackerrank-tron", mode="humans", best_of=3)
    driver.key(pygame.K_d)
    driver.key(pygame.K_LEFT)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 2)
    driver.key(pygame.K_SPACE)  # paused in a round: the heads stop pulsing
    driver.frames(20, dt=0.05)  # the "GO" fades out
    drawn = app.drawn
    driver.frames(40, dt=0.05)
    assert app.drawn - drawn <= 2, app.drawn - drawn  # at most the clock's seconds
    driver.key(pygame.K_SPACE)
    drawn = app.drawn
    driver.frames(10)
    assert app.drawn - drawn >= 10  # running: every frame
    run_ticks(driver, scene, 10)  # the head-on
    assert scene.phase == "over" and not scene.match.over
    driver.frames(60, dt=1 / 30)  # the crash settles, the banner comes
    drawn = app.drawn
    driver.frames(60, dt=1 / 30)
    assert app.drawn - drawn <= 2, app.drawn - drawn  # at most the timer's second
    driver.key(pygame.K_RETURN)  # and the next round moves again
    drawn = app.drawn
    driver.frames(10)
    assert scene.phase == "countdown" and app.drawn - drawn >= 10


def test_a_banner_keeps_off_the_heads(app, driver):
    """The round's banner hid the crash in the middle of the board, "Paused" the bot's head."""
    scene = open_tron(app)
    painter = scene.painter
    view = painter.view
    area = view.board_rect.clip(view.area)
    rows = view.rows
    middle_row = rows // 2
    band, clear = painter._banner_place(area, 200, [(middle_row, 2)])
    assert clear >= 0, "a head in the middle stayed under the band"
    assert not band.collidepoint(view.cell_center((middle_row, 2)))
    band, clear = painter._banner_place(area, 200, [(0, 0)])  # nothing in the middle: it stays there
    assert clear == 0 and abs(band.centery - area.centery) <= 1


def resumed_match(app, driver) -> TronScene:
    """A best-of-3 match three ticks into its first round, left, and opened again from its save."""
    scene = open_tron(app, best_of=3)
    driver.key(pygame.K_DOWN)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 3)
    app.pop()
    saved = saves.read_autosave("tron")
    assert saved is not None
    resumed = app.launch("tron", Launch(save=saved.data))
    driver.frame()
    assert isinstance(resumed, TronScene) and resumed.session.index > 0
    return resumed


@pytest.mark.parametrize("how", ["rematch", "setup"])
def test_a_rematch_or_a_new_setup_left_before_its_first_tick_leaves_no_old_match_to_continue(app, driver, how):
    """Continue offered the old match ("You 0 : 1 …") after F5 or a new setup left at tick 0: an
    untouched match never saves, so the old save stayed. The choice, made in the game, ends it."""
    resumed = resumed_match(app, driver)
    if how == "rematch":
        driver.key(pygame.K_F5)  # a match under way: the first press asks
        assert resumed.session.index > 0
        driver.key(pygame.K_F5)
        assert resumed.session.index == 0 and resumed.match.rounds == 0
    else:
        driver.key(pygame.K_o)
        overlay = app.stack.top
        assert isinstance(overlay, SetupScene)
        overlay.start()  # the overlay's Start: a match under way, so it asks first, in the panel
        driver.frame()
        assert app.stack.top is overlay and resumed.session.index > 0
        assert overlay.error.replace("\u00a0", " ").startswith(
            "Press Start again to throw away this game (round 1 of 3"), overlay.error
        overlay.start()
        driver.frame()
        assert app.stack.top is resumed and resumed.session.index == 0 and resumed.match.rounds == 0
    assert saves.read_autosave("tron") is None
    driver.key(pygame.K_ESCAPE)  # Esc -> Main menu before the first arrow
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.to_menu()
    assert app.stack.top is not resumed
    assert saves.read_autosave("tron") is None


def launch_from_command_line(app, *argv: str) -> TronScene:
    """``python -m arcade play tron ARGV``, down the command line's own path to the scene."""
    from arcade.cli import build_parser, play_options

    args = build_parser().parse_args(["play", "tron", *argv])
    scene = app.launch("tron", Launch(level=args.level, seed=args.seed, new=args.new,
                                      options=play_options("tron", args)), strict=True)
    assert isinstance(scene, TronScene)
    app.frame(1 / 60)
    return scene


def test_play_with_bot_puts_that_bot_in_the_opponents_seat_and_says_so(app, driver):
    """``play tron --bot strongest --level joust`` was checked and then dropped: Flood fill played."""
    scene = launch_from_command_line(app, "--bot", "strongest", "--level", "joust")
    assert scene.session.level_id == "joust" and scene.setup.mode == "bot"
    assert scene.match.seats == ("human", "strongest")
    assert scene.status_fields()[0].startswith("You 0 : 0 Strongest")
    assert scene.runners[0] is None and scene.runners[1] is not None
    again = app.launch("tron", Launch())  # the map is remembered, as every game's level is;
    assert again.session.level_id == "joust" and again.setup.bot2 != "strongest"  # the bot is this run's only


def reopen_as_replay_file(app, driver, scene: TronScene, tmp_path) -> TronScene:
    """The round ``scene`` just finished, saved as a replay file, the scene left, and the file
    opened as ``play tron --replay`` opens it: the viewer."""
    from arcade.games.tron.logic import RULES
    from arcade.services.replays import open_replay, save_replay

    assert scene.phase == "over"
    path = tmp_path / "round.json"
    save_replay(scene.round_replay(), path)
    app.pop()
    viewer = app.launch("tron", Launch(options={"replay": open_replay(path, RULES)}))
    driver.frame()
    assert isinstance(viewer, TronScene)
    return viewer


def test_the_replay_viewer_greys_rematch_and_shows_no_made_up_score(app, driver, tmp_path):
    """``play tron --replay`` showed "0 : 0 … Best of 1" and a Rematch button that only refused."""
    scene = open_tron(app, mode="humans", best_of=3)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 40)
    viewer = reopen_as_replay_file(app, driver, scene, tmp_path)
    assert isinstance(viewer, TronScene) and viewer.phase == "replay"
    fields = viewer.status_fields()
    assert "Replay file" in fields and not any(" : " in f or f.startswith("Best of") for f in fields)
    rematch = next(b for b in viewer.toolbar.buttons if b.label == "Rematch")
    assert not rematch.is_enabled()
    driver.key(pygame.K_F5)  # the key still says why
    assert "replay file" in viewer.status_text and viewer.phase == "replay"
    live = app.launch("tron", Launch(level="empty-room"))
    driver.frame()
    assert next(b for b in live.toolbar.buttons if b.label == "Rematch").is_enabled()


def test_a_long_reason_in_the_round_banner_wraps_instead_of_being_cut(app, driver, monkeypatch):
    """A program's crash reason was cut to "ZeroDivisionError: di…" in the round's banner."""
    from arcade.games.tron.view import paint

    scene = open_tron(app)
    reason = ("Flood fill wins the round. mybot.py lost on tick 1: exited with status 1 without answering: "
              "ZeroDivisionError: division by zero (in mybot.py, line 12, in choose)")
    drawn: list[tuple[str, int]] = []
    real = paint.draw_text

    def spy(surface, theme, text, pos, **kw):
        drawn.append((text, kw.get("max_width", 10**6)))
        return real(surface, theme, text, pos, **kw)

    monkeypatch.setattr(paint, "draw_text", spy)
    scene.painter.draw_banner(app.screen, [(reason, "text"), ("You 0 : 1 Flood fill", "highlight")], big="Draw")
    font = app.theme.font(19)
    pieces = [text for text, _ in drawn[:-1]]
    assert len(pieces) >= 2 and " ".join(pieces) == reason
    assert all(font.size(text)[0] <= width for text, width in drawn)


def test_a_replay_watched_to_its_end_leaves_the_players_saved_match(app, driver, tmp_path):
    """A replay file's match is not the player's: seeing it end must not clear Tron's save."""
    from arcade.games.tron.logic import RULES
    from arcade.services import saves
    from arcade.services.replays import open_replay, save_replay

    scene = open_tron(app, mode="humans", best_of=3)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 40)
    path = tmp_path / "round.json"
    save_replay(scene.round_replay(), path)
    app.pop()  # leaving mid-match saves it
    scene.saver.flush()
    assert saves.read_autosave("tron") is not None
    viewer = app.launch("tron", Launch(options={"replay": open_replay(path, RULES)}))
    for _ in range(400):
        driver.frame(dt=0.1)
    assert viewer.owns_save() is False
    viewer.save_progress(leaving=True)
    app.pop()
    viewer.saver.flush()
    assert saves.read_autosave("tron") is not None, "the replay viewer cleared the player's match"


def test_a_finished_round_is_saved_at_once_not_only_when_the_match_is_left(app, driver):
    """kill -9 between rounds lost the round just played: Continue brought back 0 : 0 to play it again."""
    from arcade.services import saves

    scene = open_tron(app, mode="humans", best_of=3)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 40)
    assert scene.phase == "over" and scene.match.rounds == 1
    scene.saver.flush()
    saved = saves.read_autosave("tron")
    assert saved is not None and saved.data["extra"]["match"] == scene.match.to_dict()


def test_a_speed_change_in_the_gentle_first_round_says_when_it_applies(app, driver):
    """+ said "Speed: 20 ticks per second" while the first round ran on at its gentle 6."""
    scene = open_tron(app, mode="bot", speed=10)
    assert scene.phase == "ready" and scene.round_rate(0) == 6
    driver.key(pygame.K_PLUS, unicode="+")
    said = scene.toast.current
    assert scene.setup.speed > 10 and "from the next round" in said and "gentle 6" in said, said
    assert scene.tick_seconds == 1 / 6


def test_a_speed_toast_replaces_the_last_so_the_one_left_up_is_the_speed_now(app, driver):
    """Toasts stack and a long one outlives the short ones: − three times in the first round left
    "Speed: 8 ticks per second from the next round" up alone, at a speed of 4."""
    scene = open_tron(app)
    for _ in range(3):
        driver.key(pygame.K_MINUS)
    assert scene.setup.speed == 4
    assert [m.text for m in scene.toast.messages] == ["Speed: 4 ticks per second"]


def test_main_menu_on_the_match_result_opens_the_menu_when_started_in_tron(app, driver):
    """``play tron``: no menu underneath, and the match result's Main menu quit the program."""
    from arcade.ui.menu import MenuScene

    scene = open_tron(app, mode="humans", best_of=1)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 40)
    scene.show_match_result()
    panel = app.stack.top
    next(b for b in panel.buttons if b.label == "Main menu").on_click()
    driver.frame()
    assert isinstance(app.stack.top, MenuScene) and app.running


@pytest.mark.parametrize(("speed", "bot_ms", "shown"), [
    (30, 200, "25 ms (¾ of a 33 ms tick; 200 chosen)"),
    (10, 200, "75 ms (¾ of a 100 ms tick; 200 chosen)"),
    (10, 50, "50 ms per move"),
    (4, 100, "100 ms per move"),
])
def test_the_setups_bot_time_is_the_time_the_bot_gets_at_the_chosen_speed(app, driver, speed, bot_ms, shown):
    """It said "200 ms per move (at most ¾ of a tick)" at 30 ticks a second, where a bot gets 25 ms."""
    scene = open_tron(app, mode="watch", best_of=1)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    overlay.setup = replace(overlay.setup, speed=speed, bot_ms=bot_ms)
    row = next(value for key, _, value in overlay.rows() if key == "bot_ms")
    assert row == shown
    driver.key(pygame.K_RETURN)
    assert app.stack.top is scene and scene.speed.value == speed
    assert row.startswith(f"{scene.bot_budget_ms:.0f} ms")  # what the bots are asked with
    # The whole row fits the panel down to the smallest window.
    from arcade.services.settings import MIN_WINDOW

    app.on_resize(MIN_WINDOW)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    overlay.setup = replace(overlay.setup, speed=speed, bot_ms=bot_ms)
    rect = overlay.row_rects[next(i for i, r in enumerate(overlay.rows()) if r[0] == "bot_ms")]
    assert app.theme.font(17).size(f"◂  {shown}  ▸")[0] <= rect.width - 140


def test_once_the_match_is_over_next_round_is_match_result_and_a_replay_agrees_with_its_keys(app, driver, tmp_path):
    """After a lost match (Look at board) "Next round" stayed lit and opened the match result; in a
    replay the keys table listed "Enter: next round" while Enter did nothing and the button was grey."""
    scene = open_tron(app, best_of=3)

    def lose_round() -> None:
        driver.key(pygame.K_UP)  # straight into the wall above
        if scene.phase == "ready":
            driver.key(pygame.K_UP)
        driver.frame(dt=COUNTDOWN + 0.05)
        run_ticks(driver, scene, 2)
        assert scene.phase == "over"

    def keys() -> dict[str, str]:
        return dict(scene.help_lines())

    lose_round()
    assert keys()["Enter / Space"] == "next round"
    assert scene.toolbar.find("Next round").is_enabled() and scene.toolbar.find("Match result") is None
    driver.key(pygame.K_r)  # the round's replay: Enter goes on to the next round, and the table says so
    assert scene.phase == "replay"
    assert keys()["Enter"] == "next round" and scene.toolbar.find("Next round").is_enabled()
    assert "Enter: next round" in scene.status_text
    driver.key(pygame.K_RETURN)
    assert scene.phase in ("ready", "countdown") and scene.session.index == 0 and scene.match.rounds == 1
    lose_round()
    assert scene.match.over and scene.match.score == [0, 2]
    driver.frames(90, dt=1 / 30)
    assert isinstance(app.stack.top, ResultScene)
    result = app.stack.top
    driver.click(next(b for b in result.buttons if b.label == "Look at board").rect.center)
    assert app.stack.top is scene
    driver.frame()
    assert scene.toolbar.find("Next round") is None
    button = scene.toolbar.find("Match result")
    assert button is not None and button.is_enabled()
    assert keys()["Enter / Space"].startswith("the match result")
    driver.click(button.rect.center)
    assert isinstance(app.stack.top, ResultScene) and app.stack.top.title == result.title
    driver.frames(40)  # a result panel takes keys once it has been read a moment
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_r)  # the last round's replay: Enter is the match result there too
    assert scene.phase == "replay" and keys()["Enter"].startswith("the match result")
    driver.key(pygame.K_RETURN)
    assert isinstance(app.stack.top, ResultScene) and scene.phase == "over"
    driver.frames(40)
    driver.key(pygame.K_ESCAPE)
    # A replay file has no match: no Enter in its keys, no button for it.
    scene.save_replay()
    from arcade.games.tron.logic import RULES
    from arcade.services.replays import open_replay

    viewer = app.launch("tron", Launch(options={"replay": open_replay(scene.last_replay, RULES)}))
    driver.frame()
    assert viewer.phase == "replay"
    assert not any(k.startswith("Enter") for k, _ in viewer.help_lines())
    assert viewer.toolbar.find("Next round") is None and viewer.toolbar.find("Match result") is None


@pytest.mark.parametrize("size", [(640, 400), (800, 500), (1024, 640)])
@pytest.mark.parametrize("console", [False, True])
def test_a_round_against_a_bot_opens_with_both_cycles_in_view(app, driver, size, console):
    """At 800x500 with a program's console, Huge room opened at 1.7x around cycle 1: cycle 2 started
    off screen until Ctrl+0."""
    app.on_resize(size)
    scene = open_tron(app, level="huge-room", mode="bot", best_of=3)
    if console:  # as a program's seat opens it (then a new match starts)
        scene.console.shown = True
        scene.relayout()
        scene.rematch()
    driver.frame()
    assert scene.phase == "ready" and heads_in_view(scene), (scene.view.zoom, scene.view.cell)
    # And each new round: lose this one, the next opens with both in view again.
    driver.key(pygame.K_UP)
    driver.frame(dt=COUNTDOWN + 0.05)
    run_ticks(driver, scene, 200)
    assert scene.phase == "over"
    driver.key(pygame.K_RETURN)
    driver.frame()
    assert scene.phase == "countdown" and heads_in_view(scene)


def test_names_and_score_are_told_apart_one_name_per_player_and_the_replay_keys_listed(app, driver, monkeypatch):
    """"Strongest 1 0 : 0 Strongest 2" read as one run of numbers; the console's title said "stderr of
    cycle [1] / [2]" like placeholders; a replay file's header said "P1" where its status line said
    "Player 1"; the replay's "←/→ step" was in no keys table of the round."""
    import json

    from arcade.games.tron import view as tron_view
    from arcade.games.tron.logic import RULES
    from arcade.services.replays import open_replay

    scene = open_tron(app, mode="watch", bot1="flood-fill", bot2="flood-fill", best_of=3)
    assert scene.seat_name(0) == "Flood fill 1" and scene.seat_name(1) == "Flood fill 2"
    assert scene.score_text() == "Flood fill 1 — 0 : 0 — Flood fill 2"
    assert scene.status_fields()[0] == scene.score_text()
    assert scene.countdown_hint() == "Flood fill 1 vs Flood fill 2"
    drawn = []
    real = tron_view.drawing.draw_text

    def spy(surface, theme, text, pos, **kw):
        drawn.append((text, kw.get("bold", False)))
        return real(surface, theme, text, pos, **kw)

    titles = []
    with monkeypatch.context() as spying:  # the test's own data folder stays set after it
        spying.setattr(tron_view.drawing, "draw_text", spy)
        spying.setattr(scene.console, "draw", lambda surface, theme, lines, title, empty="": titles.append(title))
        scene.console.shown = True
        driver.frame()
    # The header: each name on its own, the score bold and apart from them.
    assert ("0 : 0", True) in drawn and ("Flood fill 1", False) in drawn and ("Flood fill 2", False) in drawn
    assert titles[-1][0] == "Console — outside programs' stderr"  # the longest of its wordings
    # A live round's keys table tells the replay's stepping keys (its status line advertises them).
    keys = dict(scene.help_lines())
    assert "←/→ step" in keys["R"]
    # A replay file: one name per player in the header, the status line and the console.
    humans = open_tron(app, level="hackerrank-tron", mode="humans", best_of=3)
    assert humans.score_text() == "Player 1 — 0 : 0 — Player 2"
    driver.key(pygame.K_d)
    driver.key(pygame.K_LEFT)
    finish_countdown(driver, humans)
    run_ticks(driver, humans, 10)
    assert humans.phase == "over"
    humans.save_replay()
    data = json.loads(humans.last_replay.read_text())
    data["players"] = ["human", "2010:python3 mybot.py"]
    humans.last_replay.write_text(json.dumps(data))
    viewer = app.launch("tron", Launch(options={"replay": open_replay(humans.last_replay, RULES)}))
    driver.frame()
    # One name per player: a person against a program is "You", as in the live header (the viewer
    # said "Player 1" and the saved replays' list "a player" for the same seat).
    assert viewer.seat_name(0) == "You" and viewer.seat_name(1) == "mybot.py"
    assert "You vs mybot.py" in viewer.status_fields() and "P1" not in " ".join(viewer.status_fields())
    assert viewer.status_text.startswith("Replay file: You vs mybot.py")
    from arcade.ui.replays import replay_choices, saved_replays

    row = replay_choices(viewer.front, saved_replays("tron"))[0]
    title = viewer.front.level_title(None, data["level_id"])
    assert title != data["level_id"] and row.title == f"{title} — You vs mybot.py", row.title  # not the map's id
    # How it ended, in the same names ("Cycle 1 crashed …" where the round said "You crashed …").
    said = row.subtitle
    assert "Cycle " not in said and said.startswith(viewer.named(data["result"]["reason"])), said
    titles = []
    monkeypatch.setattr(viewer.console, "draw", lambda surface, theme, lines, title, empty="": titles.append(title))
    viewer.console.shown = True
    driver.frame()
    assert titles[-1][0] == "Console — stderr of mybot.py [2]"  # the longest of its wordings


def test_look_at_board_after_a_lost_match_shows_the_board_the_banner_goes_to_the_status_line(app, driver):
    """After a lost match, Look at board still had the big "Flood fill wins / Enter: match result ·
    R: replay" banner over the middle of the board: its words move to the status line."""
    scene = open_tron(app, best_of=1)
    driver.key(pygame.K_UP)  # straight into the wall above
    if scene.phase == "ready":
        driver.key(pygame.K_UP)
    driver.frame(dt=COUNTDOWN + 0.05)
    run_ticks(driver, scene, 2)
    assert scene.match.over
    drawn: list[str] = []
    real = scene.painter.draw_banner

    def record(surface, lines, **kwargs):
        drawn.append(kwargs.get("big", ""))
        return real(surface, lines, **kwargs)

    scene.painter.draw_banner = record
    driver.frames(90, dt=1 / 30)
    result = app.stack.top
    assert isinstance(result, ResultScene)
    assert any(big.endswith(" wins") for big in drawn), drawn  # the banner, before Look at board
    driver.click(next(b for b in result.buttons if b.label == "Look at board").rect.center)
    assert app.stack.top is scene
    drawn.clear()
    driver.frames(3)
    assert drawn == [], drawn
    assert " wins — " in scene.status_text and "Enter: match result · R: replay" in scene.status_text, scene.status_text
    # The next match's rounds have their banner again.
    scene.rematch()
    driver.key(pygame.K_UP)
    if scene.phase == "ready":
        driver.key(pygame.K_UP)
    driver.frame(dt=COUNTDOWN + 0.05)
    run_ticks(driver, scene, 2)
    driver.frames(20, dt=1 / 30)
    assert any(big.endswith(" wins") for big in drawn), drawn


def test_f5_and_the_setups_start_ask_once_mid_match_and_not_once_it_is_over(app, driver):
    """F5 threw a running round away at 0 : 0 without a word (New board and another level asked).
    In the middle of a match -- in a round or between two -- F5 and the setup's Start ask once;
    once the match is over a rematch is what the result offers, and goes at once."""
    scene = open_tron(app, best_of=3)
    driver.key(pygame.K_DOWN)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 3)
    ticks = scene.session.index
    driver.key(pygame.K_F5)
    assert scene.session.index >= ticks and scene.match.rounds == 0, "F5 restarted at once"
    assert any("Press F5 (Rematch) again to throw away this game (round 1 of 3" in m.text.replace("\u00a0", " ")
               for m in scene.toast.messages)
    driver.key(pygame.K_F5)
    assert scene.session.index == 0
    scene.match.record(Outcome("win", "boxed in", winner=0))  # between rounds: 1 : 0
    assert scene.in_progress()
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    overlay.start()
    assert app.stack.top is overlay and scene.match.rounds == 1 and "round" in overlay.error
    overlay.close()
    while not scene.match.over:
        scene.match.record(Outcome("win", "boxed in", winner=0))
    assert not scene.in_progress()
    driver.key(pygame.K_F5)
    assert scene.match.rounds == 0, "a finished match's rematch asked"


def test_f5_between_rounds_describes_the_match_not_a_round_that_is_over(app, driver):
    """After round 1 had ended F5 asked "...(round 1 of 3, You 0 : 1 Flood fill)", as if the
    round that was over were being played. Between rounds the question tells the match so far."""
    scene = open_tron(app, best_of=3)
    driver.key(pygame.K_UP)  # straight into the wall above: round 1 lost
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 1)
    assert scene.phase == "over" and scene.match.rounds == 1 and not scene.match.over
    driver.key(pygame.K_F5)
    said = [m.text.replace("\u00a0", " ") for m in scene.toast.messages]
    assert any("throw away this game (after round 1 of 3, " in text for text in said), said
    assert not any("(round 1 of 3" in text for text in said), said


def _setup_row(overlay: SetupScene, key: str) -> int:
    return next(i for i, row in enumerate(overlay.rows()) if row[0] == key)


def test_setup_measures_each_rows_values_once_until_they_or_the_font_change(app, driver):
    """Every draw and every click measured every value of every row (every map's title) to place the
    ▸: the widest is kept per row, measured again when the row's values change (the bot's time says
    per-tick milliseconds, so it follows the speed) or the font does."""
    open_tron(app, mode="bot")
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    measured: list[str] = []
    values_of = overlay.values_of
    overlay.values_of = lambda key: measured.append(key) or values_of(key)
    app.theme = Theme(app.theme.palette_name)  # another font: measured afresh
    app.redraw = True  # changed behind the panel's back (the panel is drawn only on a change)
    driver.frame()
    assert "map" in measured and "bot_ms" in measured
    measured.clear()
    driver.frames(3)
    row = _setup_row(overlay, "best_of")
    driver.click(overlay.arrow_rects("best_of", overlay.row_rects[row])[1].center)  # relays the panel
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 640), w=900, h=640))
    driver.frames(2)
    assert measured == [], "the values were measured again with nothing changed"
    font = app.theme.font(17)
    overlay.setup = replace(overlay.setup, speed=4 if overlay.setup.speed != 4 else 30)
    app.redraw = True
    driver.frame()
    assert measured == ["bot_ms"]
    widest = max(font.size(text)[0] for text in values_of("bot_ms"))
    assert overlay.widest_value("bot_ms") == widest


def test_enter_starts_the_match_from_the_map_row_once_a_map_is_picked(app, driver):
    """Enter on Map opened the list, the pick came back with Map selected, and the next Enter opened
    the list again: the footer's "Enter start" was never true there."""
    scene = open_tron(app)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    while overlay.rows()[overlay.selected][0] != "map":
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    picker = app.stack.top
    assert picker is not overlay  # the list of every map
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert app.stack.top is overlay and overlay.map_set
    chosen = overlay.setup.map
    driver.key(pygame.K_RETURN)
    assert app.stack.top is scene, "Enter on the map row opened the list again instead of starting"
    assert scene.session.level_id == chosen


def test_setup_arrows_stay_put_so_a_second_click_steps_again(app, driver):
    """The ◂ ▸ followed the value's width: "You vs a bot ▸" clicked, "Two players ▸" moved left of the
    pointer. Clicking ▸ on the Map row opened the list instead of stepping, so the next click (aimed at
    Start) landed in the list."""
    open_tron(app)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    rect = overlay.row_rects[0]
    spot = overlay.arrow_rects("mode", rect)[1].center
    driver.click(spot)
    assert overlay.setup.mode == "humans"
    assert overlay.arrow_rects("mode", overlay.row_rects[0])[1].center == spot
    driver.click(spot)
    assert overlay.setup.mode == "watch"
    driver.click(overlay.arrow_rects("mode", overlay.row_rects[0])[0].center)
    assert overlay.setup.mode == "humans"
    row = _setup_row(overlay, "map")
    before = overlay.setup.map
    driver.click(overlay.arrow_rects("map", overlay.row_rects[row])[1].center)
    assert app.stack.top is overlay, "▸ on the Map row opened the list"
    assert overlay.setup.map != before
    start = overlay.buttons[0].rect.center
    driver.click(start)
    assert app.stack.top is not overlay  # one click on Start starts


def test_a_round_replay_is_played_paused_stepped_and_scrubbed_with_the_mouse(app, driver):
    """Tron's replay had keys only (named in the status line); Runway's has a timeline and player
    buttons. The same framework bar now sits under Tron's board: a mouse-only player drives it."""
    scene, final, length = finished_watched_round(app, driver)
    driver.key(pygame.K_r)
    driver.frame()
    bar = scene.replay_bar
    assert bar.rect.width > 0 and not bar.rect.colliderect(scene.view.viewport), "the bar covers the board"
    buttons = bar.buttons
    driver.click(buttons["play"].rect.center)  # pause
    assert scene.replay.paused
    here = scene.session.index
    driver.click(buttons["step"].rect.center)
    assert scene.session.index == here + 1
    driver.click(buttons["back"].rect.center)
    driver.click(buttons["back"].rect.center)
    assert scene.session.index == max(0, here - 1)
    driver.click(buttons["end"].rect.center)
    assert scene.session.state == final
    track = bar.timeline.track
    driver.click((track.x, track.centery))  # the timeline's start
    assert scene.session.index == 0
    driver.drag((track.x, track.centery), (round(bar.timeline.x_of(length // 2)), track.centery))
    assert scene.session.index == length // 2 and scene.phase == "replay"
    driver.click(buttons["play"].rect.center)  # play on
    assert not scene.replay.paused
    driver.frames(3, dt=0.1)
    assert scene.session.index > length // 2
    driver.key(pygame.K_ESCAPE)
    driver.frame()
    assert scene.phase == "over" and scene.session.state == final
    assert scene.view.viewport.bottom > bar.rect.top  # the board has its room back


def test_the_round_banner_on_a_tiny_board_stands_beside_it_not_across_its_frame(app, driver):
    """On the 6x4 test board at 1600x1000 "Draw" and its lines were drawn across the board's frame,
    over both crashed heads: a band that does not fit the board goes below it."""
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 1000), w=1600, h=1000))
    scene = open_tron(app, "test-board", mode="watch", bot1="flood-fill", bot2="straight")
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 50)
    assert scene.phase == "over"
    driver.frames(40, dt=1 / 30)  # the crash settles, the banner comes
    board = scene.view.board_rect
    band = scene.painter.band
    assert band.height > 0 and not band.colliderect(board), (band, board)
    assert scene.view.area.contains(band)


def test_a_long_round_banner_wraps_on_the_board_instead_of_running_past_its_frame(app, driver):
    """At 800x600 the round's reason ("Strongest crashed into the other trail on tick 15 …") made the
    band wider than the board, across its frame on both sides, where a second line fits on it."""
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    scene = open_tron(app)
    board = scene.view.board_rect
    reason = ("Strongest wins the round. You crashed into the other trail on tick 15; Strongest's answer came "
              "too late for tick 14, so it went straight on.")
    scene.painter.draw_banner(app.screen, [(reason, "text"), ("You 0 : 1 Strongest", "highlight")], big="Lost")
    band = scene.painter.band
    assert band.left >= board.left and band.right <= board.right, (band, board)


def test_a_head_on_crash_shows_both_cycles(app, driver):
    """Both heads on one cell: cycle 2's block was drawn whole over cycle 1's. Each now has its half."""
    from arcade.games.tron.view.paint import player_colour
    from arcade.ui.theme import blend

    scene = open_tron(app, level="hackerrank-tron", mode="humans", best_of=3)
    driver.key(pygame.K_d)       # cycle 1 (1,7) east
    driver.key(pygame.K_LEFT)    # cycle 2 (13,7) west
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 10)
    state = scene.session.state
    assert "Head-on" in scene.session.outcome.reason and state.heads[0] == state.heads[1]
    driver.frames(80, dt=1 / 30)  # the bursts are over, the banner keeps clear of the heads
    x, y = state.heads[0]
    rect = scene.view.cell_rect((y, x))
    theme = app.theme
    bright = [blend(player_colour(theme, seat), (255, 255, 255), 0.35) for seat in (0, 1)]

    def nearest(pos: tuple[int, int]) -> int:
        got = tuple(app.screen.get_at(pos))[:3]
        return min((0, 1), key=lambda seat: sum((a - b) ** 2 for a, b in zip(got, bright[seat], strict=True)))

    assert nearest((rect.x + 3, rect.centery)) == 0, "cycle 1's head is hidden"
    assert nearest((rect.right - 4, rect.centery)) == 1


def test_the_header_names_the_round_in_one_wording_while_it_runs_and_once_it_ends(app, driver):
    """The header read "Round 1/3" while a round ran and "Best of 3" once it ended: the same
    thing in two words. It names the round on screen, "Round k/N", throughout."""
    scene = open_tron(app, best_of=3)
    assert "Round 1/3" in scene.status_fields()
    driver.key(pygame.K_UP)  # straight into the wall above
    finish_countdown(driver, scene)
    assert "Round 1/3" in scene.status_fields()
    run_ticks(driver, scene, 1)
    assert scene.phase == "over" and scene.match.rounds == 1
    fields = scene.status_fields()
    assert "Round 1/3" in fields and not any(f.startswith("Best of") for f in fields), fields
    driver.key(pygame.K_RETURN)  # the next round
    assert "Round 2/3" in scene.status_fields()


def setup_asked_mid_match(app, driver) -> tuple[TronScene, SetupScene]:
    """Three ticks into a best-of-3 match, the setup opened and its Start pressed once: it asks
    "Press Start again to throw away this game…" (the scene and the asking setup)."""
    scene = open_tron(app, best_of=3)
    driver.key(pygame.K_DOWN)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 3)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    overlay.start()
    driver.frame()
    assert app.stack.top is overlay and overlay.error.startswith("Press Start again")
    return scene, overlay


def test_the_setups_question_is_drawn_as_a_warning_not_an_error(app, driver):
    """Mid-match, the setup's Start asks "Press Start again to throw away this game…" in the panel;
    it was drawn in the error red. A question is a warning: drawn in the warning colour."""
    _, overlay = setup_asked_mid_match(app, driver)
    assert overlay.error_role == "warning"
    surface = pygame.Surface(app.size)
    overlay.draw(surface)
    theme = app.theme
    band = pygame.Rect(overlay.panel.x, overlay.panel.bottom - 84 - 20, overlay.panel.width, 20)
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(band.left, band.right)
               for y in range(band.top, band.bottom)}
    assert tuple(theme["warning"]) in colours and tuple(theme["error"]) not in colours


def test_the_setups_question_goes_with_its_toast_when_cancelled_and_leaves_f5s_alone(app, driver):
    """Esc on the setup after its Start asked left "! Press Start again to throw away this game" in
    the corner for five seconds; and opening the setup cleared F5's pending question without its
    toast (the toast said "again" to a key that would now ask anew). Cancelled, the setup's question
    and toast go; opening it leaves another question alone."""
    from arcade.ui.discard import DISCARD_TAG

    def asking() -> bool:
        return any(m.tag == DISCARD_TAG for m in scene.toast.messages)

    scene = open_tron(app, best_of=3)
    driver.key(pygame.K_DOWN)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 3)
    for leave in (pygame.K_ESCAPE, "Cancel"):
        driver.key(pygame.K_o)
        overlay = app.stack.top
        assert isinstance(overlay, SetupScene)
        overlay.start()
        driver.frame()
        assert app.stack.top is overlay and overlay.error.startswith("Press Start again")
        if leave == "Cancel":
            next(b for b in overlay.buttons if b.label == "Cancel").on_click()
        else:
            driver.key(leave)
        driver.frame()
        assert app.stack.top is not overlay
        assert not asking() and scene._discard_asked is None, [m.text for m in scene.toast.messages]
    # F5's question, then the setup opened: F5's question and toast stay.
    scene.confirm_discard("rematch", "Press F5 again")
    assert asking()
    driver.key(pygame.K_o)
    assert isinstance(app.stack.top, SetupScene)
    assert asking() and scene._discard_asked is not None and scene._discard_asked[0] == "rematch"


def test_the_setups_question_is_said_once_in_its_panel_not_again_in_a_toast(app, driver):
    """Mid-match, the setup's Start asked "Press Start again to throw away this game…" in the panel
    and the same words again in a toast under it, which squeezed the status line onto two lines.
    The question is said where it is asked; a second Start still starts the new match."""
    from arcade.ui.discard import DISCARD_TAG

    scene, overlay = setup_asked_mid_match(app, driver)
    assert not [m.text for m in scene.toast.messages if m.tag == DISCARD_TAG]
    overlay.start()
    driver.frame()
    assert app.stack.top is scene and scene.session.index == 0


@pytest.mark.parametrize("window", [(640, 400), (1280, 800)])
@pytest.mark.parametrize("mode", ["bot", "watch", "humans"])
def test_setup_arrows_form_one_column_on_every_row(app, driver, window, mode):
    """Each row's ▸ stood after its own widest value: Mode 660, Cycle 2 775, Map 845, Speed 721,
    Bot time 895 at 1024x640, a ragged column. Every row's ◂ and ▸ now share their x, inside the
    panel, and no value runs past its ▸."""
    app.on_resize(window)
    open_tron(app, mode=mode)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    driver.frame()
    stepped = [(key, rect) for (key, _label, _value), rect in zip(overlay.rows(), overlay.row_rects, strict=False)
               if not key.startswith(("human", "command"))]
    assert len(stepped) >= 4
    arrows = [overlay.arrow_rects(key, rect) for key, rect in stepped]
    assert len({back.x for back, _ in arrows}) == 1, arrows
    assert len({forward.x for _, forward in arrows}) == 1, arrows
    for (_key, rect), (back, forward) in zip(stepped, arrows, strict=True):
        assert overlay.panel.contains(forward) and back.right < forward.x
        assert rect.contains(forward)


def test_the_match_results_words_are_true_enter_opens_it_only_once_it_was_closed(app, driver):
    """The banner said "Enter: match result", then the panel opened by itself focused on Look at
    board: the Enter the banner asked for closed it. And after F3 or Enter reopened it, the status
    line still said "Enter: match result" under the open panel."""
    scene = open_tron(app, best_of=1)
    driver.key(pygame.K_UP)  # straight into the wall above
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 2)
    assert scene.match.over
    hints: list[str] = []
    real = scene.painter.draw_banner

    def record(surface, lines, **kwargs):
        hints.extend(text for text, _ in lines)
        return real(surface, lines, **kwargs)

    scene.painter.draw_banner = record
    driver.frames(90, dt=1 / 30)
    assert isinstance(app.stack.top, ResultScene)
    assert not any("Enter" in hint for hint in hints), hints  # it opens by itself: nothing to press
    assert "Enter" not in scene.status_text, scene.status_text

    def panel_up() -> bool:
        return isinstance(app.stack.top, ResultScene) and app.stack.top.title == "Flood fill wins the match"

    driver.frames(40)
    driver.key(pygame.K_RETURN)  # the panel's default: Look at board
    assert app.stack.top is scene
    assert "Enter: match result" in scene.status_text, scene.status_text
    opened = [lambda: driver.key(pygame.K_RETURN), lambda: driver.key(pygame.K_F3),
              lambda: driver.click(next(b for b in scene.toolbar.buttons if b.label == "Match result").rect.center)]
    for open_it in opened:
        open_it()
        assert panel_up()
        assert "Enter" not in scene.status_text, scene.status_text
        driver.frames(40)
        driver.key(pygame.K_RETURN)  # Look at board again: Enter is back in the status line
        assert app.stack.top is scene and "Enter: match result" in scene.status_text, scene.status_text


def test_continue_after_a_round_shows_the_same_status_line_with_its_keys(app, driver):
    """Continue brought back "Player 1 wins the round…" without the "Enter: next round · R: replay ·
    Ctrl+S: save replay" the round's end had shown before the player left."""
    scene = open_tron(app, mode="humans", best_of=3)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 40)
    assert scene.phase == "over" and not scene.match.over
    before = scene.status_text
    assert "Enter: next round · R: replay · Ctrl+S: save replay" in before, before
    app.pop()
    saved = saves.read_autosave("tron")
    assert saved is not None
    resumed = app.launch("tron", Launch(save=saved.data))
    driver.frame()
    assert isinstance(resumed, TronScene) and resumed.phase == "over"
    assert resumed.status_text == before


@pytest.mark.parametrize("mode", ["bot", "humans"])
def test_the_setup_names_each_player_as_the_header_does(app, driver, mode):
    """Two players: the setup said "Cycle 1: You: WASD" while the header said "Player 1"."""
    scene = open_tron(app, mode=mode)
    header = scene.status_fields()[0]
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    values = {key: value for key, _, value in overlay.rows()}
    for seat, name in enumerate(scene.seat_name(s) for s in (0, 1)):
        assert name in header
        human = values.get(f"human{seat + 1}")
        if human is not None:
            assert human.startswith(f"{name}: "), (human, header)


def test_the_match_result_offers_the_next_map(app, driver):
    """Tron's match result offered Rematch, Replay, Setup… but no next map, while every other game's
    result offers Next level (the README says every game with bundled levels does)."""
    from arcade.ui.picker import next_level

    scene = open_tron(app, best_of=1)
    following = next_level(scene.info, scene.front.levels(), scene.session.level_id)
    assert following is not None
    while not scene.match.over:
        scene.match.record(Outcome("win", "boxed in", winner=1))
    scene.show_match_result()
    panel = app.stack.top
    assert isinstance(panel, ResultScene)
    labels = [button.label for button in panel.buttons]
    assert labels[:2] == ["Rematch", "Next level"], labels
    assert labels[panel.selected] == "Look at board", labels
    driver.frames(40)  # a result panel takes keys once it has been read a moment
    app.frame(1 / 60, [pygame.event.Event(kind, pos=panel.buttons[1].rect.center, button=1)
                       for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)])
    driver.frames(2)
    assert app.stack.top is scene and scene.session.level_id == following.id
    assert scene.match.score == [0, 0] and not scene.match.over


def test_a_click_starts_the_round_and_steers_to_its_side(app, driver):
    """Tron could not be played with the mouse: the round waited for an arrow key. A click heads
    the cycle towards it before the start, and under way turns it to the click's side."""
    scene = open_tron(app)
    x, y = scene.session.state.heads[0]
    cx, cy = scene.view.cell_center((y, x))
    cell = scene.view.cell_w
    driver.click((int(cx + 3 * cell), int(cy + cell)))  # right of the cycle, a little below: east
    assert scene.phase == "countdown" and scene.steering[0].heading == "E"
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 2)
    assert scene.session.state.directions[0] == "E"
    x, y = scene.session.state.heads[0]
    cx, cy = scene.view.cell_center((y, x))
    driver.click((int(cx + 4 * cell), int(cy + cell)))  # ahead but below: the turn is south
    run_ticks(driver, scene, 1)
    assert scene.session.state.directions[0] == "S"
    x, y = scene.session.state.heads[0]
    cx, cy = scene.view.cell_center((y, x))
    driver.click((int(cx - 2 * cell), int(cy - cell)))  # behind and to the left: west, never back
    run_ticks(driver, scene, 1)
    assert scene.session.state.directions[0] == "W"


def test_a_small_map_grows_with_a_big_window_as_its_chrome_does(app, driver):
    """At 2560x1440 the header and toolbar grew with the UI scale but the empty room kept its 44-pixel
    cells: a third of the window, in a sea of black. The largest cell follows the UI scale (the same
    cells at 1280x720, where the scale is 1)."""
    scene = open_tron(app)
    app.on_resize((1280, 720))
    driver.frames(1)
    small = scene.view.cell
    app.on_resize((2560, 1440))
    driver.frames(1)
    assert app.theme.scale > 1.2
    assert scene.view.cell > small * 1.2
    assert scene.view.viewport.contains(scene.view.board_rect)  # still the whole room, at the fit


def test_a_replay_of_a_round_a_program_lost_ends_on_the_failure_it_names(app, driver, monkeypatch):
    """A program that failed to answer tick 6 loses "on tick 6", but the round has boards up to tick
    5 only: its replay ended on "Replay 5/5" with nothing saying where tick 6 went. The last board
    stands for the failure: the failing seat's head is crossed out, and at the replay's end the
    status line says tick 5 is the last board and why there is none of tick 6. Scrubbed back, the
    board is an ordinary tick again."""
    scene = open_tron(app, mode="watch", bot1="flood-fill", bot2="flood-fill", best_of=3)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 5)
    assert scene.phase == "running" and scene.session.state.tick == 5
    wait_for_bots(scene)
    scene.failures[1] = "timed out (no answer within 1000 ms)"  # as a program's runner reports it
    driver.frame(dt=scene.tick_seconds)
    assert scene.phase == "over" and "lost on tick 6" in scene.failed.reason
    assert scene.tick_shown == 6 and scene.failed_seats_shown == (1,)
    crossed: list[tuple[int, bool]] = []
    real = scene.painter.draw_head

    def spy(surface, player, pos, heading, *, crashed, **kw):
        crossed.append((player, crashed))
        return real(surface, player, pos, heading, crashed=crashed, **kw)

    monkeypatch.setattr(scene.painter, "draw_head", spy)
    scene.start_replay()
    driver.key(pygame.K_END)
    assert scene.phase == "replay" and "Replay 5/5" in scene.status_fields()
    said = scene.status_line()[0]
    assert "Tick 5 is the last board" in said and "lost on tick 6" in said and "no board of tick 6" in said
    crossed.clear()
    scene.draw(app.screen)
    assert (1, True) in crossed and (0, False) in crossed, "the failing seat's head is crossed out"
    driver.key(pygame.K_LEFT)
    assert scene.session.index == 4 and scene.failed_seats_shown == ()
    assert "last board" not in scene.status_line()[0]
    crossed.clear()
    scene.draw(app.screen)
    assert (1, True) not in crossed


@pytest.mark.parametrize("window", [(1280, 800), (1024, 640)])
def test_the_setups_start_stays_under_the_pointer_when_it_asks(app, driver, window):
    """Mid-match, a click on the setup's Start put "Press Start again to throw away this game (after
    round 1 of 3, You 0 : 1 Flood fill)" in the panel on two lines, and the panel grew downwards:
    Start moved 18 px down, so a second click on the upper half of where it was hit nothing. The
    panel grows upwards for its message (the pointer is on Start, not on the rows): Start and
    Cancel stay where they were, and the same click twice starts the new match."""
    app.on_resize(window)
    scene = open_tron(app, best_of=3)
    driver.key(pygame.K_UP)  # straight into the wall above: round 1 lost, the match goes on
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 1)
    assert scene.phase == "over" and scene.in_progress()
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    driver.frame()
    start, cancel = (pygame.Rect(b.rect) for b in overlay.buttons)
    aim = (start.centerx, start.top + 2)
    driver.click(aim)
    driver.frame()
    assert app.stack.top is overlay and overlay.error.startswith("Press Start again")
    assert len(overlay.error_lines) > 1, "the question fits one line: the check could not fail"
    assert [b.rect for b in overlay.buttons] == [start, cancel]
    assert all(overlay.panel.contains(r) for r in overlay.row_rects)
    driver.click(aim)
    driver.frame()
    assert app.stack.top is scene and scene.session.index == 0


def test_a_replay_that_reaches_its_end_shows_the_play_button_at_once(app, driver):
    """The replay pauses itself at its last tick; that frame was skipped as idle, so the bar kept
    showing ⏸ (playing) over a replay at rest until the mouse moved."""
    scene, _final, length = finished_watched_round(app, driver)
    driver.key(pygame.K_r)
    shown: list[bool] = []
    draw = scene.replay_bar.draw

    def spy(surface, theme, index, span, playing):
        shown.append(playing)
        draw(surface, theme, index, span, playing=playing)

    scene.replay_bar.draw = spy
    driver.frames(length * 8 + 60, dt=0.05)
    assert scene.session.index == length and scene.replay.paused
    assert shown and shown[-1] is False, "the last frame drawn still showed the replay playing"


def test_a_bot_whose_late_answer_made_it_crash_is_said_to_have_been_late(app, driver):
    """On a loaded machine a bot's answer can miss its tick; it then goes straight on, and the round
    read "Strongest crashed into the other trail" -- a blunder, as far as anyone watching could tell."""
    scene = open_tron(app, mode="watch", bot1="flood-fill", bot2="flood-fill", best_of=3)
    finish_countdown(driver, scene)
    wait_for_bots(scene)
    late_seat = scene.runners[1]
    late_seat.poll = lambda: None  # cycle 2's answers never come in time
    for _ in range(400):
        if scene.phase != "running":
            break
        scene.poll_bots()
        driver.frame(dt=scene.tick_seconds * 2.5)  # past the wait for a late bot
    assert scene.phase == "over" and scene.session.state.crashed[1], scene.phase
    told = scene.told(scene.round_outcome)
    assert "answer came too late" in told and "went straight on" in told, told
    assert "too late" in scene.status_text and "too late" in scene.round_log[-1]


@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1024, 640)])
def test_the_setups_protocol_row_keeps_its_time_a_move_in_a_small_window(app, driver, monkeypatch, size):
    """At 640x400 the Protocol row read "2010 — Google AI Challenge 2010 · 1 s a m…": the time a
    move, the part a bot's author needs, was cut. A narrow panel drops the title instead."""
    from arcade.games.tron.view import setup as setup_module
    from arcade.games.tron.view.setup import PROGRAM
    from tests.drawing import texts_drawn

    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    open_tron(app, mode="bot")
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    overlay.setup = replace(overlay.setup, bot2=PROGRAM)  # Cycle 2: Program… (your own bot)
    overlay.resize(app.size)
    app.redraw = True  # set here, not by input: the panel is drawn on a change
    drawn = texts_drawn(monkeypatch, setup_module)
    driver.frame()
    shown = [d for d in drawn if d.text.startswith("2010 ")]
    assert len(shown) == 1, [d.text for d in drawn]
    assert shown[0].text.endswith("1 s a move"), shown[0].text
    forward = overlay.arrow_rects("protocol2", overlay.row_rects[_setup_row(overlay, "protocol2")])[1]
    assert shown[0].rect.right <= forward.left and overlay.panel.contains(shown[0].rect)
    assert app.theme.font(17).size(shown[0].text)[0] == shown[0].rect.width, "drawn shortened with …"
    if size[0] >= 1024:
        assert "Google AI Challenge" in shown[0].text  # the title where there is room


@pytest.mark.parametrize("map_id, title", [("scatter-1798841909", "Scattered walls #1798841909"),
                                           ("random-7", "Random map #7")])
def test_a_generated_map_is_named_by_its_family_not_its_raw_id(app, driver, map_id, title):
    """A generated map's header read "Tron — scatter-1798841909": it now reads as the map picker
    names the family, with its seed; the raw id stays the level id that --level takes."""
    scene = open_tron(app, map_id)
    driver.frames(2)
    assert scene.session.level_id == map_id
    assert scene.level_title == title
    assert title in scene.header_shown and map_id not in scene.header_shown, scene.header_shown
    setup = SetupScene(scene.setup, lambda _s: None)
    assert ("map", "Map", title) in setup.rows(), "the setup's Map row names it the same way"


def test_the_match_setup_resting_open_is_not_redrawn(app, driver):
    """The New match panel left open (the player reading its options) was drawn 60 times a second:
    70 % of a core in a 1280x800 window. It changes only on input."""
    open_tron(app)
    driver.key(pygame.K_o)
    assert isinstance(app.stack.top, SetupScene)
    drawn = assert_rests(app, driver)
    driver.key(pygame.K_DOWN)  # a key still shows at once
    assert app.drawn > drawn


def test_a_round_waiting_for_the_first_key_pulses_a_few_times_then_rests(app, driver):
    """The first round waits for the player's key; its heads pulsed all the while, so a board left
    waiting was drawn 60 times a second (over half a core at 1280x800). They pulse three times,
    then the board rests like a paused one -- and the first key still starts the round."""
    from arcade.games.tron.view.scene import READY_PULSE_TIME

    scene = open_tron(app)
    assert scene.phase == "ready"
    drawn = app.drawn
    driver.frames(30)
    assert app.drawn - drawn >= 30  # pulsing at first
    driver.frames(round(READY_PULSE_TIME * 60) + 5)
    drawn = app.drawn
    driver.frames(60, dt=1 / 30)
    assert app.drawn - drawn <= 2, app.drawn - drawn  # at most the clock's seconds
    assert scene.ready_pulse() == 0.0
    start_round(driver, scene)
    drawn = app.drawn
    driver.frames(10)
    assert app.drawn - drawn >= 10


def test_a_tournament_round_at_the_least_window_keeps_its_title_off_the_names(app, driver, tmp_path, monkeypatch):
    """At 640x400 a tournament round's header facts ("Strongest vs Flood fill  Tournament round
    Replay 16/26  10/s") took the whole header and the title ("Emp…") was drawn over the names:
    the label goes (the status line says it too), then long names are shortened."""
    from arcade.games.tron.logic import RULES
    from arcade.services.replays import open_replay, save_replay

    scene = open_tron(app, mode="humans", best_of=1)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 40)
    path = tmp_path / "round.json"
    save_replay(scene.round_replay(), path)
    app.pop()
    app.on_resize((640, 400))
    viewer = app.launch("tron", Launch(options={"replay": open_replay(path, RULES)}))
    viewer.from_table = True
    font = app.theme.font(22, True)
    for names in (("Strongest", "Flood fill"), ("my-very-own-bot-v12.py", "an-even-longer-program-name.py")):
        monkeypatch.setattr(type(viewer), "seat_name", lambda _s, seat, n=names: n[seat])
        viewer._dirty = True
        driver.frame()
        assert viewer.header_shown.startswith("Empty")  # the map's name, not three letters of it
        assert 16 + font.size(viewer.header_shown)[0] < viewer.header_fields_rect.left, names
        assert viewer.header_fields_rect.right <= 640


def test_a_map_drawn_by_the_picker_reopens_and_a_deleted_map_file_falls_back_to_the_empty_room(app, driver,
                                                                                               tmp_path):
    """The L picker's "A map with scattered walls", untouched, then the menu and Tron again: the setup's
    bundled map opened, not the map drawn (Tron's last map was only the setup's). And a map file
    played last and deleted since opened "Apocalyptic", the first map by name, a maze of walls."""
    scene = open_tron(app)
    row = next(e for e in scene.front.extra_choices() if e.id == "scatter")
    scene.load_entry(row)
    drawn, board = scene.session.level_id, scene.session.level
    app.pop()
    again = app.launch("tron", Launch())
    driver.frame()
    assert again.session.level_id == drawn and again.session.level == board
    path = tmp_path / "mine.txt"
    path.write_text("7 5\n#######\n#1    #\n#     #\n#    2#\n#######\n")
    app.pop()
    app.launch("tron", Launch(level=str(path)))
    app.pop()
    path.unlink()
    assert app.launch("tron", Launch()).session.level_id == "empty-room"


def test_a_map_picked_with_l_is_the_setups_map_from_then_on(app, driver):
    """The setup on "Random map (new each match)", then Joust picked with L: the setup still said
    Random map and its Start left Joust. And the L row "A map with scattered walls -- a new one
    every match" gave one map that the setup's Start replayed, match after match."""
    scene = open_tron(app, map="random")
    scene.load_entry(next(e for e in scene.front.levels() if e.id == "joust"))
    assert scene.session.level_id == "joust" and scene.setup.map == "joust"
    scene.new_match(scene.setup)
    assert scene.session.level_id == "joust"
    scene.load_entry(next(e for e in scene.front.extra_choices() if e.id == "scatter"))
    drawn = scene.session.level_id
    assert drawn.startswith("scatter-") and scene.setup.map == "scatter"
    app.pop()
    again = app.launch("tron", Launch())  # the map on screen comes back, the choice with it
    assert (again.session.level_id, again.setup.map) == (drawn, "scatter")
    again.new_match(again.setup)
    assert again.session.level_id.startswith("scatter-") and again.session.level_id != drawn


@pytest.mark.parametrize("size", [(640, 400), (700, 430)])
def test_a_zoomed_match_in_a_small_window_keeps_its_maps_name_whole(app, driver, size):
    """At 700x430 a zoomed bot-vs-bot match's header read "Empty r…" beside "Fl…": the zoom and the
    speed took the room, and only the names and the title were ever shortened. The zoom and the
    speed now go before the names do; the map's name stays whole."""
    app.on_resize(size)
    scene = open_tron(app, mode="watch", bot1="flood-fill", bot2="strongest", best_of=3)
    driver.key(pygame.K_EQUALS, mod=pygame.KMOD_CTRL, unicode="=")
    driver.key(pygame.K_EQUALS, mod=pygame.KMOD_CTRL, unicode="=")
    assert scene.zoom_fields(), "the board should be zoomed"
    scene._dirty = True
    driver.frame()
    font = app.theme.font(22, True)
    assert scene.header_shown.endswith("Empty room"), scene.header_shown
    assert 16 + font.size(scene.header_shown)[0] < scene.header_fields_rect.left
    assert scene.header_fields_rect.right <= size[0]


def _replay_file(tmp_path, level_text: str, level_id: str = "empty-room"):
    """A finished two-tick round saved as a replay file naming ``level_id`` but holding ``level_text``."""
    from arcade.services.replays import FORMAT, VERSION

    path = tmp_path / "tron-edited.json"
    turn = {"ms": [1.0, 1.0], "stderr": [[], []]}
    path.write_text(json.dumps({
        "format": FORMAT, "version": VERSION, "game": "tron", "level_id": level_id, "level": level_text,
        "players": ["flood-fill", "flood-fill"], "moves": ["E W", "E W"], "turns": [turn, turn],
        "result": {"result": "unfinished", "winner": None, "score": None, "reason": ""}}))
    return path


def test_a_replay_whose_map_differs_from_the_bundled_one_it_names_says_so(app, driver, tmp_path):
    """A replay whose ``level_id`` names a bundled map but whose own map was edited (or is from
    another version) was headed "Empty room" over a board that is not the empty room: it shows its
    own map, named as the replay's, and the status line says the bundled one differs."""
    from arcade.games.tron.logic import RULES
    from arcade.services.replays import open_replay

    edited = "15 9\n###############\n#1            #\n#     ###     #\n#             #\n#             #\n" \
             "#             #\n#     ###     #\n#            2#\n###############\n"
    path = _replay_file(tmp_path, edited)
    viewer = app.launch("tron", Launch(options={"replay": open_replay(path, RULES)}))
    driver.frame()
    assert viewer.session.level == RULES.parse_level(edited), "the replay's own map is on screen"
    assert viewer.level_title != "Empty room" and "replay" in viewer.level_title
    assert "differs from the bundled Empty room" in viewer.status_text
    # The saved-replays list names it the same way.
    from arcade.services.replays import load_replay
    from arcade.ui.replays import SavedReplay, replay_choices

    row = replay_choices(viewer.front, [SavedReplay(path, 0.0, load_replay(path, "tron"))])[0]
    assert row.title.startswith("Empty room (the replay's copy) — ")
    # The same file with the bundled map as it is: named as before, nothing said.
    same = _replay_file(tmp_path, (Path(__file__).parents[2] / "levels/tron/official/empty-room.txt").read_text())
    viewer = app.launch("tron", Launch(options={"replay": open_replay(same, RULES)}))
    driver.frame()
    assert viewer.level_title == "Empty room" and "differs" not in viewer.status_text


def test_the_saved_replays_list_reads_the_maps_it_compares_with_once(app, tmp_path, monkeypatch):
    """Each row of the saved replays read and parsed every bundled map (to learn that its id is one)
    and then the map its id names: 100 replays froze the window for most of a second when the list
    opened. The work is counted here, not timed: each named map is read once."""
    from arcade.games.tron.logic import RULES
    from arcade.services.replays import load_replay
    from arcade.ui.replays import SavedReplay, replay_choices

    room = (Path(__file__).parents[2] / "levels/tron/official/empty-room.txt").read_text()
    listed = []
    for n in range(40):
        (tmp_path / str(n)).mkdir()
        path = _replay_file(tmp_path / str(n), room)
        listed.append(SavedReplay(path, 0.0, load_replay(path, "tron")))
    front = app.registry.get("tron").load_front()
    reads: list[str] = []
    real = RULES.load_level_file
    monkeypatch.setattr(RULES, "load_level_file", lambda path: reads.append(str(path)) or real(path))
    rows = replay_choices(front, listed)
    assert all(row.title.startswith("Empty room — ") for row in rows)
    assert len(reads) == 1, f"{len(reads)} map files read for {len(rows)} rows"


def test_a_saved_replay_whose_level_does_not_read_is_listed_as_damaged(app, tmp_path):
    """A replay whose map text was cut short was listed like any other ("Empty room — …"), and only
    opening it said that it was damaged; a replay with no level text at all was listed as damaged."""
    from arcade.services.replays import load_replay
    from arcade.ui.replays import SavedReplay, replay_choices

    path = _replay_file(tmp_path, "15 9\n###############\n")
    front = app.registry.get("tron").load_front()
    (row,) = replay_choices(front, [SavedReplay(path, 0.0, load_replay(path, "tron"))])
    assert row.tag == "damaged" and row.title == path.name
    assert row.subtitle.startswith("damaged: not a valid replay: its level does not read: ")
    assert row.value.error  # picking it refuses it in one line, without opening it


def test_two_bots_names_are_whole_in_the_least_window_the_tick_gives_way(app, driver, monkeypatch):
    """At 640x400 a match of Voronoi against Flood fill read "Voro… 0 : 0 Floo…  Round 1/3  Tick 5":
    who is who was cut for a counter. The tick goes before the names are shortened."""
    from arcade.games.tron.view import drawing
    from tests.drawing import texts_drawn

    app.on_resize((640, 400))
    scene = open_tron(app, mode="watch", bot1="voronoi", bot2="flood-fill")
    drawn = texts_drawn(monkeypatch, drawing)
    scene._dirty = True
    driver.frame()
    shown = [d.text for d in drawn]
    assert "Voronoi" in shown and "Flood fill" in shown, shown
    assert not any(text.endswith("…") for text in shown), shown
    assert 16 + app.theme.font(22, True).size(scene.header_shown)[0] < scene.header_fields_rect.left
    assert scene.header_fields_rect.right <= 640


def test_the_pause_banner_in_the_least_window_breaks_between_its_parts(app, driver, monkeypatch):
    """At 640x400 the pause banner read "Space resumes" over "· Esc menu": the wrap broke at a space
    and left the separator leading the second line. A line of parts breaks between them."""
    from arcade.games.tron.view import paint
    from tests.drawing import texts_drawn

    app.on_resize((640, 400))
    scene = open_tron(app)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 2)
    drawn = texts_drawn(monkeypatch, paint)
    driver.key(pygame.K_SPACE)
    driver.frame()
    assert scene.paused
    shown = [d.text for d in drawn]
    assert "Space resumes" in " ".join(shown), shown
    assert not any(text.startswith("·") or text.endswith("·") for text in shown), shown


def test_a_replay_files_status_names_the_seats_as_its_header_does(app, driver, tmp_path):
    """A saved round opened from the replays list said "Replay file: You vs Flood fill — Cycle 1
    crashed into a wall…": one player, two names. The reason says "You", as the round did."""
    scene = open_tron(app, best_of=3)
    driver.key(pygame.K_UP)  # straight into the wall above
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 1)
    viewer = reopen_as_replay_file(app, driver, scene, tmp_path)
    intro = viewer.replay_intro()
    assert "You vs Flood fill" in intro and "You crashed" in intro and "Cycle 1" not in intro, intro


def test_the_start_banner_on_a_tall_board_leaves_the_players_cycle_and_its_arrow_in_sight(app, driver):
    """At 1280x800 with Text size 150 % the first round on a tall random map (25x30) wrapped "Press
    an arrow or click to start" and its lines to the board's width: six lines, a band too tall to
    miss both heads, drawn over cycle 1 and the arrow it says is the heading. Wider than the board
    (the window has the room) it is short enough to stand clear of them."""
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 800), w=1280, h=800))
    app.settings.text_size = 1.5
    app.rescale()
    scene = open_tron(app, "random-1618979452", mode="bot", bot2="flood-fill")
    driver.frames(3)
    assert scene.phase == "ready"
    state = scene.session.state
    band = scene.painter.band
    assert band.height > 0
    for seat in (0, 1):
        x, y = state.heads[seat]
        head = scene.view.cell_rect((y, x))
        assert not band.colliderect(head), (seat, band, head)


def test_the_question_before_another_map_keeps_the_score_whole_where_it_wraps(app, driver):
    """At 640x400 picking a random map mid-match asked "… (round 2 of 3, Strongest 1" over ": 0 Flood
    fill)": the score was cut in two at the line's end, as the round's count no longer is."""
    from arcade.ui.picker import PickerScene

    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(640, 400), w=640, h=400))
    scene = open_tron(app, mode="watch", bot1="strongest", bot2="flood-fill", best_of=3)
    scene.match.record(Outcome("win", "boxed in", winner=0))  # round 2 under way at 1 : 0
    end = time.perf_counter() + 60  # generous: ends once the bots' processes have started (10 s failed under load)
    while scene.phase != "running" and time.perf_counter() < end:  # the bots' processes start
        driver.frame(dt=0.1)
        time.sleep(0.01)
    assert scene.phase == "running"
    run_ticks(driver, scene, 2)
    scene.open_levels()
    picker = app.stack.top
    assert isinstance(picker, PickerScene)
    picker.selected = next(i for i, c in enumerate(picker.choices) if c.title == "A random symmetric map")
    driver.key(pygame.K_RETURN)
    again = app.stack.top
    assert isinstance(again, PickerScene) and "throw away this game" in again.title
    lines, _size = again.title_lines(again.panel.width - 32)  # as the picker draws it
    assert len(lines) > 1
    assert any("1\u00a0:\u00a00" in line or "1 : 0" in line for line in lines), lines


def test_the_replay_bar_numbers_its_ticks_at_the_largest_text_size(app, driver, monkeypatch):
    """At 1280x800 with Text size 150 % the replay's Ticks bar showed its marks without a number:
    the bar kept 36 pixels while its numbers asked for room that grows with the text, and its
    buttons stayed small beside a status line half as big again."""
    from arcade.ui import transport
    from tests.drawing import texts_drawn

    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 800), w=1280, h=800))
    app.settings.text_size = 1.5
    app.rescale()
    scene = open_tron(app, "test-board", mode="watch", bot1="flood-fill", bot2="straight")
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 50)
    assert scene.phase == "over"
    driver.key(pygame.K_r)
    assert scene.phase == "replay"
    drawn = texts_drawn(monkeypatch, transport)
    scene.draw(app.screen)
    numbers = [d.text for d in drawn if d.text.isdigit()]
    assert "0" in numbers and str(scene.session.length) in numbers, numbers


def test_the_header_gives_a_rounds_replay_the_speed_it_plays_at(app, driver):
    """The gentle first round's replay ran at 10 ticks a second under "6/s" in the header: a replay
    runs at the speed + and − set, and the header says that one (the round's own once it is left)."""
    scene = open_tron(app, best_of=3)
    driver.key(pygame.K_UP)  # straight into the wall above
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 1)
    assert scene.phase == "over" and scene.round_rate(0) < scene.speed.value
    driver.key(pygame.K_r)
    assert scene.phase == "replay"
    assert f"{round(scene.speed.value)}/s" in scene.status_fields(), scene.status_fields()
    driver.key(pygame.K_ESCAPE)
    assert scene.phase == "over" and f"{round(scene.round_rate(0))}/s" in scene.status_fields()


def test_a_resumed_match_without_a_program_has_no_lost_output_to_speak_of(app, driver):
    """The console of a round against Flood fill, relaunched, said "(ticks 1–31: earlier output was
    not kept across the relaunch)" under "Outside programs' stderr": no program ran, nothing was lost."""
    resumed = resumed_match(app, driver)
    driver.key(pygame.K_c)
    assert resumed.console.shown
    assert not any("not kept" in text for _tick, text in resumed.console_view()), resumed.console_view()


def test_ctrl_z_says_r_replays_the_round_in_its_present(app, driver):
    """Ctrl+Z said "R replays it once it ends" over a round that had ended: then R replays this one."""
    scene, _state, _length = finished_watched_round(app, driver)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.status_text == "Tron has no undo: a round is played live — R replays this one.", scene.status_text
