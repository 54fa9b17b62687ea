"""The framework end to end on the toy game: scene stack, posted events, undo, hint, watch, autosave."""

from __future__ import annotations

import pygame

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
