"""The framework end to end on the toy game: scene stack, posted events, undo, hint, watch, autosave."""

from __future__ import annotations

import pygame
import pytest

from arcade.core.game import Hint
from arcade.core.registry import Launch
from arcade.services import saves
from arcade.ui.game_scene import GameScene
from arcade.ui.overlays import PauseScene, ResultScene


def open_toy(app, toy_registered, level=None):
    scene = app.launch("toy", Launch(level=level) if level else Launch())
    app.frame(1 / 60)
    return scene


def test_click_toggles_and_undo_restores(app, driver, toy_registered):
    scene = open_toy(app, toy_registered, "o..\n...\n...\n")
    start = scene.session.state
    driver.click(tuple(map(int, scene.view.cell_center((2, 2)))))
    assert scene.session.index == 1
    assert scene.session.state.lights[2][2] == 1
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.session.state == start
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert scene.session.index == 1


def test_pixels_follow_the_state(app, driver, toy_registered):
    scene = open_toy(app, toy_registered, "o..\n...\n...\n")
    centre = tuple(map(int, scene.view.cell_center((1, 1))))
    before = app.screen.get_at(centre)
    driver.click(centre)
    after = app.screen.get_at(centre)
    assert tuple(after)[:3] == app.theme["highlight"]
    assert before != after


def test_hint_then_hint_again_plays_it(app, driver, toy_registered):
    scene = open_toy(app, toy_registered)
    driver.key(pygame.K_h)
    scene.worker.wait(5)
    assert scene.hint is not None and scene.hint.move == "1,1"
    driver.key(pygame.K_h)
    assert scene.session.outcome is not None
    assert isinstance(app.stack.top, ResultScene)


def test_a_guess_hint_is_revealed_by_pressing_h_again(app, driver, toy_registered):
    scene = open_toy(app, toy_registered)
    scene.session.hint_hook = lambda state: Hint("1,1", "Only a guess helps here.", "Guess", "guess")
    driver.key(pygame.K_h)
    scene.worker.wait(5)
    assert scene.hint is not None and scene.hint.kind == "guess"
    driver.key(pygame.K_h)
    assert scene.session.moves == ["1,1"]


def test_watch_solves_and_reports(app, driver, toy_registered):
    scene = open_toy(app, toy_registered, "o..\n...\n...\n")
    driver.key(pygame.K_w)
    scene.worker.wait(5)
    driver.frame()
    assert scene.watch is not None
    for _ in range(600):
        driver.frame(dt=0.1)
        if scene.session.outcome is not None:
            break
    assert scene.session.outcome is not None and scene.finished_with_ai
    assert scene.status_text == scene.session.outcome.reason  # not the last step's label


@pytest.mark.parametrize("key", [pygame.K_h, pygame.K_w], ids=["hint", "watch"])
def test_a_move_while_the_ai_thinks_says_its_answer_was_dropped(app, driver, toy_registered, key):
    """A move made while a hint or a watch is worked out drops it and says so. The watch's own
    "The AI is thinking…" was left on screen, as if the plan were still coming."""
    import threading

    release = threading.Event()

    def slow(hook):
        def wait(state, *args, **kwargs):
            release.wait(5)
            return hook(state, *args, **kwargs)
        return wait

    scene = open_toy(app, toy_registered, "o..\n...\n...\n")
    scene.session.hint_hook = slow(scene.session.hint_hook)
    scene.session.watch_hook = slow(scene.session.watch_hook)
    driver.key(key)
    assert scene.worker.busy
    driver.click(tuple(map(int, scene.view.cell_center((2, 2)))))
    release.set()
    what, again = ("Hint", "H") if key == pygame.K_h else ("Watch", "W")
    assert scene.status_text == f"{what} dropped: the position changed. Press {again} to ask again."


def test_escape_opens_pause_with_game_keys_and_back(app, driver, toy_registered):
    scene = open_toy(app, toy_registered)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    assert any("toggle a light" in what for _keys, what in app.stack.top.keys)
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_m_on_the_pause_panel_goes_to_the_main_menu(app, driver, toy_registered):
    """Every result panel's Main menu has the key M; the pause panel's had none (M did nothing)."""
    from arcade.ui.menu import MenuScene

    open_toy(app, toy_registered)
    driver.key(pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    assert [b.hotkey for b in pause.buttons if b.label == "Main menu"] == ["M"]
    assert ("M", "main menu (this panel's button)") in pause.keys  # said in the panel's keys table
    driver.key(pygame.K_m, unicode="m")
    assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("size", [(640, 400), (1280, 800), (2560, 1440)])
def test_the_result_and_pause_panels_say_their_keys_under_their_buttons(app, driver, toy_registered, monkeypatch,
                                                                        size):
    """On the keyboard a result panel showed a ring on Look at board and nothing else: no word that
    ← → move it, Enter presses it, Esc goes back to the board or M to the menu (the pause panel's
    table lists the game's keys, not its own). Both now draw a line of them under their buttons,
    inside the panel, at every window size."""
    from arcade.ui import overlays
    from tests.drawing import texts_drawn

    app.on_resize(size)
    open_toy(app, toy_registered)
    drawn = texts_drawn(monkeypatch, overlays)
    driver.key(pygame.K_h)
    app.stack.top.worker.wait(5)
    driver.key(pygame.K_h)
    for expected in ("Esc back to the board", "Esc resume"):
        panel = app.stack.top
        assert isinstance(panel, ResultScene if "board" in expected else PauseScene)
        drawn.clear()
        app.redraw = True  # (an idle panel is not drawn again)
        driver.frames(1)
        line = [d for d in drawn if d.size == overlays.HINT_SIZE and "Enter" in d.text and "Esc" in d.text]
        assert len(line) == 1, [d.text for d in drawn]
        if size[0] > 640:  # the long form where it fits
            assert expected in line[0].text and "M main menu" in line[0].text
        assert panel.panel.contains(line[0].rect)
        assert all(line[0].rect.top >= b.rect.bottom for b in panel.buttons)
        panel.close()
        driver.key(pygame.K_ESCAPE)


@pytest.mark.parametrize("size", [(640, 400), (1280, 800), (1920, 1080)])
def test_a_panels_keys_line_names_each_key_once_and_never_a_bare_key(app, driver, size):
    """Tron's match result has seven buttons, six with keys, Look at board's being Esc: the first
    keys line read "←→ choose · Enter · Esc · F5 · R · Ctrl+S · O · Esc · M" -- Esc twice, and keys
    that said nothing of what they do. Each key now comes with its words or not at all."""
    from arcade.ui.overlays import LOOK_AT_BOARD, MAIN_MENU

    app.on_resize(size)
    buttons = [("Rematch", lambda: None, "F5"), ("Next level", lambda: None, ""),
               ("Replay round", lambda: None, "R"), ("Save replay", lambda: None, "Ctrl+S"),
               ("Setup", lambda: None, "O"), (LOOK_AT_BOARD, lambda: None, "Esc"), (MAIN_MENU, lambda: None, "M")]
    panel = ResultScene("Flood fill wins the match", ["You 0 : 2 Flood fill"], buttons, role="error")
    app.push(panel)
    driver.frames(1)
    parts = panel._hint.split(" · ")
    assert parts and parts.count("Esc look at board") + parts.count("Esc") == 1, parts
    keys = {"F5", "R", "Ctrl+S", "O", "M"}
    assert not keys & set(parts), parts  # no key without its words
    if size[0] >= 1280:
        assert "F5 rematch" in parts and "M main menu" in parts


def test_autosave_after_move_and_resume(app, driver, toy_registered):
    scene = open_toy(app, toy_registered, "o..\n...\n...\n")
    driver.click(tuple(map(int, scene.view.cell_center((2, 2)))))
    scene.saver.flush()
    saved = saves.read_autosave("toy")
    assert saved is not None and saved.data["moves"] == ["2,2"]
    resumed = app.launch("toy", Launch(save=saved.data))
    assert isinstance(resumed, GameScene)
    assert resumed.session.state == scene.session.state


def test_board_tooltip_hook_shows_hover_help(app, driver, toy_registered, monkeypatch):
    scene = open_toy(app, toy_registered)
    centre = tuple(map(int, scene.view.cell_center((0, 0))))
    monkeypatch.setattr(scene, "board_tooltip", lambda pos: "a light" if scene.view.cell_at(pos) else "")
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene._tooltip == "a light"
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
    assert scene._tooltip == ""


def test_opening_the_saved_level_again_resumes_it_and_new_starts_over(app, driver, toy_registered):
    """``play hashi --level BIG.has`` opened the 400-island board afresh though the save was that
    board half solved, and the first move replaced the save. The saved game of the very level asked
    for is resumed; another level, or ``--new``, starts over."""
    scene = open_toy(app, toy_registered, "o..\n...\n...\n")
    driver.click(tuple(map(int, scene.view.cell_center((2, 2)))))
    scene.saver.flush()
    app.stack.pop()
    again = open_toy(app, toy_registered, "o..\n...\n...\n")
    assert again.session.moves == ["2,2"]
    app.stack.pop()
    assert not open_toy(app, toy_registered, "...\n.o.\n...\n").session.moves
    app.stack.pop()
    fresh = app.launch("toy", Launch(level="o..\n...\n...\n", new=True))
    assert not fresh.session.moves


@pytest.mark.parametrize("damage", ["unreadable", "moves"])
def test_a_damaged_save_met_by_play_level_is_moved_aside_and_said(app, driver, toy_registered, damage):
    """``play GAME --level L`` passed a damaged save over without a word, and one whose moves no
    longer replay was then replaced by the first move (the menu's Continue moves it aside, says so)."""
    import json

    scene = open_toy(app, toy_registered, "o..\n...\n...\n")
    driver.click(tuple(map(int, scene.view.cell_center((2, 2)))))
    scene.saver.flush()
    app.stack.pop()
    path = saves.autosave_path("toy")
    if damage == "unreadable":
        path.write_text('{"saved_at": 1, "ga')
    else:
        data = json.loads(path.read_text())
        data["session"]["moves"] = ["99,99"]  # well-formed JSON, a move off the board
        path.write_text(json.dumps(data))
    warned: list[str] = []
    app.warn = warned.append
    again = open_toy(app, toy_registered, "o..\n...\n...\n")
    assert not again.session.moves
    assert len(warned) == 1 and "damaged and moved to toy.json.damaged" in warned[0], warned
    assert path.with_name("toy.json.damaged").exists()
