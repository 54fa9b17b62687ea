"""Esc puts away what the player called up for a moment (a hint shown, Hashi's chain walk) before it
pauses, in every game with hints: it opened the pause menu over the hint, while everywhere else in
the arcade Esc first closes what is open. A second Esc pauses."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from arcade.core.registry import GameInfo, Launch, Registry
from arcade.games import REGISTRY
from arcade.ui.app import App
from arcade.ui.overlays import PauseScene
from tests import toygame

#: Games whose AI helps the player (Tron's is the opponent: it has no hint).
HINTED: list[GameInfo] = [g for g in [*REGISTRY, toygame.INFO] if g.name != "tron"]
SMALL = {"hashi": "classic/01-first-steps", "royale": "01-seed-14x20", "runway": "00_statement_example",
         "toy": "plus"}


def press(app: App, code: int) -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0),
                       pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)])


@pytest.mark.parametrize("info", HINTED, ids=[g.name for g in HINTED])
def test_esc_puts_the_hint_away_and_a_second_esc_pauses(info):
    registry = Registry()
    for i, game in enumerate([info, *(g for g in REGISTRY if g.name != info.name)]):
        registry.register(replace(game, order=i))
    app = App(registry, size=(1024, 640), headless=True)
    try:
        scene = app.launch(info.name, Launch(level=SMALL[info.name]))
        app.frame(1 / 60, [])
        press(app, pygame.K_h)
        scene.worker.wait(30)
        app.frame(1 / 60, [])
        assert scene.hint is not None, scene.status_text
        assert any(key == "Esc" and "hint away" in what for key, what in scene.help_lines())
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is scene, "Esc opened the pause menu over the hint"
        assert scene.hint is None and "Esc again" in scene.status_text
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.stack.top, PauseScene)
    finally:
        app.close()


def test_esc_ends_hashis_chain_walk_and_the_board_is_back_to_normal(app, driver):
    from tests.hashi.test_hashi_chain_walk import SARGASSO, to_the_first_contradiction_hint

    scene = app.launch("hashi", Launch(level=str(SARGASSO), new=True))
    to_the_first_contradiction_hint(scene, driver)
    assert scene.chain_walk() is not None
    driver.key(pygame.K_PERIOD, unicode=".")
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.chain_walk() is None and not scene.chain_box.width
    driver.key(pygame.K_PERIOD, unicode=".")  # the chain's keys are the game's own again
    assert scene.chain_walk() is None


def watched_games() -> list[GameInfo]:
    """Every registered game (and the toy); in one whose scene has no AI to watch Esc simply pauses."""
    return [*REGISTRY, toygame.INFO]


@pytest.mark.parametrize("info", watched_games(), ids=[g.name for g in watched_games()])
def test_esc_stops_a_watch_and_a_second_esc_pauses(info):
    """Esc while the AI was watched opened the pause menu, which stopped the watch: the player who
    only wanted it stopped had to leave the game for it. Now Esc stops the watch (the board stays
    as far as the AI got, the status line says so and that Esc again pauses), in every game with a
    watch; the keys table names Esc's meaning of the moment."""
    registry = Registry()
    for i, game in enumerate([info, *(g for g in REGISTRY if g.name != info.name)]):
        registry.register(replace(game, order=i))
    app = App(registry, size=(1024, 640), headless=True)
    try:
        scene = app.launch(info.name, Launch(level=SMALL.get(info.name)))
        app.frame(1 / 60, [])
        if not scene.has_watch:  # Tron: its AI is the opponent, nothing to stop -- Esc pauses at once
            press(app, pygame.K_ESCAPE)
            assert isinstance(app.stack.top, PauseScene)
            return
        key = scene.watch_keys.split(" / ")[-1]
        press(app, pygame.key.key_code(key.lower()))
        scene.worker.wait(30)
        app.frame(1 / 60, [])
        assert scene.watch is not None, scene.status_text
        assert any(k == "Esc" and "stop watching" in what for k, what in scene.help_lines())
        state = scene.session.state
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is scene, "Esc opened the pause menu over the watch"
        assert scene.watch is None and not scene.planning_watch
        assert scene.session.state == state, "the board did not stay as the AI left it"
        assert "Stopped watching" in scene.status_text and "Esc again" in scene.status_text
        # The key is named as a key press: Battle Royale's "(I watches again)" read as the player's "I".
        assert f"press {scene.watch_keys} to watch again" in scene.status_text, scene.status_text
        app.frame(1.0, [])
        assert scene.watch is None and scene.session.state == state
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.stack.top, PauseScene)
    finally:
        app.close()


def test_esc_drops_a_watch_still_being_planned(app, driver):
    """Esc while the watch's plan is worked out drops it: the AI does not play after all."""
    scene = app.launch("hashi", Launch(level=SMALL["hashi"]))
    driver.frame()
    scene.toggle_watch()
    assert scene.planning_watch or scene.watch is not None
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.watch is None and not scene.planning_watch
    scene.worker.wait(30)
    driver.frames(3)
    assert scene.watch is None and "Esc again" in scene.status_text
