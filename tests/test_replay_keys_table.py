"""Tron's and Runway's replay viewers list each key once in their keys table, in every way a viewer
opens: ``play GAME --replay FILE``, L → Saved replays over a game, Tron's setup's map list, a round
of Tron's tournament table. Two rows claim Esc in a viewer over a game -- Tron's own "R / Esc" and
the framework's "Esc back to …" (``ReplaysMixin.back_binding``) -- and only one may be listed, saying
where Esc goes in that way."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.games import REGISTRY
from arcade.services.replays import open_replay, replays_folder
from arcade.ui.game_scene import GameScene
from arcade.ui.keymap import named_keys
from tests.test_frontend_contract import small_game
from tests.test_replays_over_game import a_game_with_a_replay_saved, open_first_saved_replay
from tests.tron.test_tron_scene import open_tron
from tests.tron.test_tron_setup_replays import a_round_saved, saved_replays_from_setup


def assert_each_key_once(viewer: GameScene, esc_says: str) -> None:
    """No key (by what it matches: "Left" is "←") in two rows of the table; Esc's row says ``esc_says``."""
    seen: dict[object, str] = {}
    esc = []
    for keys, label in viewer.help_lines():
        for alternative in keys.split(" / "):
            for matcher in named_keys(alternative):
                assert matcher not in seen, f"{alternative!r} listed twice: {seen[matcher]!r} and {label!r}"
                seen[matcher] = label
            if alternative == "Esc":
                esc.append(label)
    assert len(esc) == 1 and esc_says in esc[0], esc


def assert_lists_only_what_acts(viewer: GameScene, rematch: bool) -> None:
    """Every row of the keys table acts here: its key is live now, or goes to the game under the
    viewer. Tron's viewers listed "F3: the match result again", "T: the last tournament's table" and
    "F5: rematch" beside no match (F5 only refused); F5 acts only over a match, passed down to it."""
    for binding in viewer.listed_bindings():
        if binding.action:
            assert viewer.binding_active(binding) or viewer.passes_down(binding), binding
    keys = {keys for keys, _label in viewer.help_lines()}
    assert not keys & {"F3", "T"}, keys
    assert ("F5" in keys) == rematch, keys


def test_tron_viewer_from_the_command_line_over_a_match_and_over_the_setup(app, driver):
    scene = a_round_saved(app, driver)
    assert {"F3", "F5", "T"} <= {keys for keys, _label in scene.help_lines()}  # a match lists them
    _panel, _listed = saved_replays_from_setup(app, driver)
    driver.key(pygame.K_RETURN)
    assert_each_key_once(app.stack.top, "back to the setup")
    assert_lists_only_what_acts(app.stack.top, rematch=False)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene
    driver.key(pygame.K_l)
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)
    assert app.stack.top is not scene and app.stack.top.back_to == "the game"
    assert_each_key_once(app.stack.top, "back to the game")
    assert_lists_only_what_acts(app.stack.top, rematch=True)
    app.pop()
    app.pop()
    path = next(replays_folder().glob("tron-*.json"))
    viewer = app.launch("tron", Launch(options={"replay": open_replay(path, scene.session.rules)}))
    driver.frame()
    assert_each_key_once(viewer, "the menu")
    assert_lists_only_what_acts(viewer, rematch=False)


def test_tron_viewer_of_a_tournament_round(app, driver):
    scene = open_tron(app)
    table = scene.open_tournament(replace(scene.setup, mode="tournament", bot1="straight", bot2="flood-fill",
                                          map="test-board", tourney_maps="map", games=1))
    app.push(table)
    assert table.run.wait(120)
    driver.frame()
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert app.stack.top.from_table
    assert_each_key_once(app.stack.top, "back to the tournament table")
    assert_lists_only_what_acts(app.stack.top, rematch=False)


@pytest.mark.parametrize("way", ["over the race", "from the command line"])
def test_runway_viewer(way):
    with small_game(REGISTRY.get("runway")) as (app, scene):
        a_game_with_a_replay_saved(app, scene)
        if way == "over the race":
            assert_each_key_once(open_first_saved_replay(app, scene), "back to the game")
            return
        app.pop()
        path = next(replays_folder().glob("runway-*.json"))
        viewer = app.launch("runway", Launch(options={"replay": open_replay(path, scene.session.rules)}))
        app.frame(1 / 60)
        assert_each_key_once(viewer, "pause, settings, main menu")
