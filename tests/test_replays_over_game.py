"""A saved replay opened from a game's level picker (L → Saved replays) is watched over the game,
in every game that has replays: Esc comes back to the same game, its moves, clock and camera as
the player left them (the viewer replaced the game, and Esc opened the menu), and no key of the
viewer starts a second game over the first or loses it."""

from __future__ import annotations

import json

import pygame
import pytest

from arcade.services import saves
from arcade.services.replays import replay_from_session
from arcade.ui.game_scene import GameScene
from arcade.ui.picker import PickerScene
from tests.test_frontend_contract import REPLAYING, frames, key, safe_moves, small_game, top_game


def saved_file(scene: GameScene) -> dict | None:
    """The game's autosave as it is on disk once written, but for when it was (None: there is none)."""
    scene.saver.flush()
    path = saves.autosave_path(scene.info.name)
    if not path.exists():
        return None
    data = json.loads(path.read_text())
    data.pop("saved_at", None)
    return data


def open_first_saved_replay(app, scene: GameScene) -> GameScene:
    """L, Home (the Saved replays row), Enter, Enter (the newest file): its viewer, on top."""
    key(app, pygame.K_l)
    assert isinstance(app.stack.top, PickerScene)
    key(app, pygame.K_HOME)
    key(app, pygame.K_RETURN)
    listing = app.stack.top
    assert isinstance(listing, PickerScene) and "saved replays" in listing.title
    key(app, pygame.K_RETURN)
    viewer = top_game(app)
    assert viewer is not scene and viewer.info.name == scene.info.name
    return viewer


def a_game_with_a_replay_saved(app, scene: GameScene) -> None:
    """Two moves kept as a replay (what Ctrl+S writes), then one move more and time on the clock."""
    frames(app)
    assert safe_moves(scene, 2)
    players = ("human",) * getattr(scene.session.rules, "players", 1)  # Tron's two cycles, Runway's one rider
    assert scene.keep_replay(replay_from_session(scene.session, players)) is not None
    assert len(safe_moves(scene, 1)) == 3
    scene.elapsed = 42.5


@pytest.mark.parametrize("info", REPLAYING, ids=[g.name for g in REPLAYING])
def test_esc_from_a_saved_replay_comes_back_to_the_game_as_it_was_left(info):
    with small_game(info) as (app, scene):
        a_game_with_a_replay_saved(app, scene)
        moves, camera = list(scene.session.moves), scene.camera_state()
        frames(app)
        saved = saved_file(scene)
        viewer = open_first_saved_replay(app, scene)
        assert scene in app.stack.scenes, "the game stays under the replay"
        assert viewer.back_to == "the game" and not viewer.owns_save()
        assert any(b.button == "Back to game" for b in viewer.keymap())
        frames(app, 30)
        viewer.session.seek(viewer.session.length)
        assert len(viewer.session.moves) == 2  # the replay's run, not the game's
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is scene, f"Esc left {type(app.stack.top).__name__} on top, not the game"
        assert sum(isinstance(s, GameScene) for s in app.stack.scenes) == 1
        assert scene.session.moves == moves and scene.session.index == 3
        assert 42.5 <= scene.elapsed < 43.0, "the clock goes on where it was, not from 0"
        assert scene.camera_state() == camera
        assert saved_file(scene) == saved, "the replay wrote no save of its own"


@pytest.mark.parametrize("info", REPLAYING, ids=[g.name for g in REPLAYING])
def test_the_back_button_comes_back_to_the_game(info):
    with small_game(info) as (app, scene):
        a_game_with_a_replay_saved(app, scene)
        viewer = open_first_saved_replay(app, scene)
        frames(app)
        button = viewer.toolbar.find("Back to game")
        assert button is not None and button.rect.w > 0
        pos = button.rect.center
        app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                           pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                           pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        frames(app)
        assert app.stack.top is scene and len(scene.session.moves) == 3


@pytest.mark.parametrize("info", REPLAYING, ids=[g.name for g in REPLAYING])
def test_a_level_key_in_the_replay_acts_on_the_game_underneath(info):
    """L in the viewer opened the level picker over it, and a level picked there became a second game
    in the viewer, over the first (never saved, gone with Esc): it is the game's picker now, which
    asks before throwing the game in progress away."""
    with small_game(info) as (app, scene):
        a_game_with_a_replay_saved(app, scene)
        open_first_saved_replay(app, scene)
        key(app, pygame.K_l)
        picker = app.stack.top
        assert isinstance(picker, PickerScene)
        assert [s for s in app.stack.scenes if isinstance(s, GameScene)] == [scene], "the viewer closed"
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is scene and len(scene.session.moves) == 3


def viewer_again(app, scene: GameScene, viewer: GameScene) -> GameScene:
    """Close what a key opened over the viewer (a panel, a picker) -- or, back at the game, open the
    replay again: never a second game."""
    while app.stack.top not in (viewer, scene):
        top = app.stack.top
        assert not isinstance(top, GameScene), f"a second game over the first: {top.title}"
        top.close()
    return viewer if app.stack.top is viewer else open_first_saved_replay(app, scene)


@pytest.mark.parametrize("info", REPLAYING, ids=[g.name for g in REPLAYING])
def test_no_key_of_the_replay_starts_a_second_game_or_loses_the_first(info):
    """Every key of the viewer's keys table, pressed in turn over a game (O, L, N, Ctrl+S, the menu
    key, the moves): whatever it opens, the game underneath is still there, the only game, with
    its moves, and the replay is not played on into a game of its own; the viewer writes no save."""
    from arcade.ui.keymap import named_keys
    from tests.test_frontend_contract import press_matcher

    with small_game(info) as (app, scene):
        a_game_with_a_replay_saved(app, scene)
        frames(app)
        saved = saved_file(scene)
        viewer = open_first_saved_replay(app, scene)
        pressed = [(alternative, matcher) for b in viewer.keymap() if b.action
                   for alternative in b.keys.split(" / ") for matcher in named_keys(alternative)]
        assert {"L", "Ctrl+S", "P"} <= {alternative for alternative, _ in pressed}
        for alternative, matcher in pressed:
            viewer = viewer_again(app, scene, viewer)
            press_matcher(app, matcher)
            frames(app, 3)
            games = [s for s in app.stack.scenes if isinstance(s, GameScene)]
            assert games[0] is scene and len(games) <= 2, (alternative, games)
            if len(games) == 2:
                assert games[1] is viewer and not viewer.owns_save(), alternative
                assert viewer.session.length <= 2, f"{alternative} played on in the replay: a game over the game"
            assert len(scene.session.moves) == 3, alternative
        viewer_again(app, scene, viewer)
        viewer.close()
        frames(app)
        assert app.stack.top is scene and saved_file(scene) == saved


@pytest.mark.parametrize("info", REPLAYING, ids=[g.name for g in REPLAYING])
def test_leaving_a_replay_stops_no_program_of_the_game_underneath(info):
    """Closing a replay viewer closed every outside program (``programs.close_all``): a program the
    game underneath was running (Tron's seat, Runway's driver or test run) was gone when the player
    came back. A program the viewer did not start outlives it."""
    import sys
    import threading

    from arcade.services.programs import Program

    with small_game(info) as (app, scene):
        a_game_with_a_replay_saved(app, scene)
        theirs = Program([sys.executable, "-c", "import time; time.sleep(60)"], name="underneath",
                         stop=threading.Event())
        try:
            open_first_saved_replay(app, scene)
            frames(app, 5)
            key(app, pygame.K_ESCAPE)
            assert theirs.running, "the viewer's leaving stopped a program that was not its own"
            assert app.stack.top is scene
        finally:
            theirs.close()


def test_runways_replay_over_a_race_says_esc_goes_back_not_that_an_arrow_takes_over():
    """Its line said "an arrow key takes over from here": over a race, an arrow is refused."""
    from arcade.games import REGISTRY

    with small_game(REGISTRY.get("runway")) as (app, scene):
        a_game_with_a_replay_saved(app, scene)
        viewer = open_first_saved_replay(app, scene)
        assert viewer.tape_line().endswith("Esc back to the game"), viewer.tape_line()
        key(app, pygame.K_UP)
        assert "Esc goes back to it" in viewer.status_text and viewer.session.length == 2


def test_runways_header_says_replay_while_a_saved_replay_is_watched_over_a_race():
    """Run to its end, the replay looked just like the race under it: the header says which it is."""
    from arcade.games import REGISTRY

    with small_game(REGISTRY.get("runway")) as (app, scene):
        a_game_with_a_replay_saved(app, scene)
        assert "Replay" not in scene.status_fields()
        viewer = open_first_saved_replay(app, scene)
        for _ in range(200):  # played to its end, where it looked like the race
            frames(app)
            if viewer.session.index == viewer.session.length:
                break
        assert viewer.status_fields()[0] == "Replay", viewer.status_fields()
        key(app, pygame.K_ESCAPE)
        if app.stack.top is viewer:  # the first Esc stopped a playback still running
            key(app, pygame.K_ESCAPE)
        assert app.stack.top is scene and "Replay" not in scene.status_fields()
