"""The play clock in the autosave: every way out of a game keeps the time played, and no more.

Scenes on the dummy driver with the frame loop's ``dt`` as the clock (no wall time is measured):
a game is played for a known number of seconds, left one way or another -- the menu, Esc and the
pause's Main menu, the window's close (``pygame.QUIT``), a stop signal, another game opened --
and the next run's Continue must show that time. Time under the pause or with the window away
does not count, and the time since the last move is saved as the clock runs (a ``kill -9``, or a
window destroyed from outside, runs no code on its way out), but a game at rest writes nothing.
The real-window check with ``kill -TERM`` is in tests/test_journeys_e2e.py.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator

import pygame
import pytest

from arcade.core.registry import GameInfo, Launch
from arcade.ui.app import App
from arcade.ui.autosaving import CLOCK_SAVE_SECONDS
from arcade.ui.game_scene import GameScene
from arcade.ui.menu import MenuScene
from arcade.ui.signals import close_window_on_signal
from tests.test_frontend_contract import (  # noqa: F401 -- toy_in_registry is a fixture
    SMALL,
    WATCHABLE,
    frames,
    key,
    new_app,
    registry_with,
    safe_moves,
    saved_session,
    toy_in_registry,
)

pytestmark = pytest.mark.usefixtures("toy_in_registry")

#: Seconds played after the first move, in frames of half a second.
PLAYED = 3.0


@contextlib.contextmanager
def playing(info: GameInfo) -> Iterator[tuple[App, GameScene]]:
    """The menu, then ``info``'s small level opened from it, one move made and :data:`PLAYED` seconds played."""
    app = new_app(registry_with(info, 0))
    try:
        app.push(MenuScene())
        scene = app.launch(info.name, Launch(level=SMALL[info.name]))
        assert safe_moves(scene, 1), f"{info.name}: no move could be played"
        frames(app, int(PLAYED / 0.5), dt=0.5)
        assert scene.elapsed == pytest.approx(PLAYED)
        yield app, scene
    finally:
        app.close()


def continued(info: GameInfo) -> float:
    """The next run: Continue (C on the menu) opens ``info`` again; its clock's time."""
    app = new_app(registry_with(info, 0))
    try:
        app.push(MenuScene())
        key(app, pygame.K_c)
        scene = app.stack.top
        assert isinstance(scene, GameScene) and scene.info.name == info.name
        return scene.elapsed
    finally:
        app.close()


def leave_by_menu(app: App, scene: GameScene) -> None:
    app.stack.pop_to(MenuScene)


def leave_by_pause(app: App, scene: GameScene) -> None:
    """Esc, then the pause's Main menu (M); time under the pause does not count."""
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene, "Esc opened no pause"
    frames(app, 10, dt=0.5)
    key(app, pygame.K_m)
    assert isinstance(app.stack.top, MenuScene)


def close_the_window(app: App, scene: GameScene) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(1 / 60)  # (the frame's time is played: it counts)
    assert not app.running


def open_another_game(app: App, scene: GameScene) -> None:
    leave_by_menu(app, scene)
    other = next(name for name in SMALL if name not in (scene.info.name, "tron"))
    app.launch(other, Launch(level=SMALL[other]))
    frames(app, 2, dt=0.5)


def stop_signal(name: str):
    def send(app: App, scene: GameScene) -> None:
        with close_window_on_signal((getattr(signal, name),)):
            os.kill(os.getpid(), getattr(signal, name))
            app.frame(1 / 60)  # the handler posted pygame.QUIT: this frame reads it
            assert not app.running
            app.close()
    return send


WAYS = {"menu": leave_by_menu, "pause": leave_by_pause, "close": close_the_window, "other-game": open_another_game,
        **{name: stop_signal(name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name)}}


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_continue_shows_the_time_played_however_the_game_was_left(info, way):
    with playing(info) as (app, scene):
        WAYS[way](app, scene)
    assert continued(info) == pytest.approx(PLAYED, abs=0.1)


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_the_time_since_the_last_move_is_saved_as_the_clock_runs(info):
    """A run that ends with no code run on the way out (``kill -9``, a window destroyed from outside)
    keeps what was written: the time was saved only with a move, and a player thinking over a
    timed puzzle lost every second since their last one. It is saved every
    :data:`CLOCK_SAVE_SECONDS` while it runs, and once when it stops (here: the window away)."""
    with playing(info) as (app, scene):
        scene.saver.flush()
        assert saved_session(info.name)["extra"]["elapsed"] == 0.0  # the first move's save
        frames(app, int((CLOCK_SAVE_SECONDS - PLAYED) / 0.5) + 1, dt=0.5)
        scene.saver.flush()
        assert saved_session(info.name)["extra"]["elapsed"] >= CLOCK_SAVE_SECONDS, "the running clock was not saved"
        frames(app, 3, dt=0.5)  # 1.5 s more, then the window goes away: the clock stops, its time is saved
        app.frame(0.5, [pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None)])
        frames(app, 2, dt=0.5)
        scene.saver.flush()
        assert saved_session(info.name)["extra"]["elapsed"] == pytest.approx(scene.elapsed, abs=0.1)


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_a_game_at_rest_writes_no_save(info, monkeypatch):
    """Once the clock stands still (the pause open, the window away) and its time is saved, nothing
    is written however long the game waits, and the paused or away time does not count."""
    with playing(info) as (app, scene):
        key(app, pygame.K_ESCAPE)  # the pause: the time played so far is saved once
        frames(app, 4, dt=0.5)
        scene.saver.flush()
        assert saved_session(info.name)["extra"]["elapsed"] == pytest.approx(PLAYED, abs=0.1)
        writes: list[object] = []
        monkeypatch.setattr(scene.saver, "submit", lambda *args: writes.append(args))
        frames(app, 120, dt=0.5)
        key(app, pygame.K_ESCAPE)  # back to the game, then away
        assert app.stack.top is scene
        app.frame(0.5, [pygame.event.Event(pygame.WINDOWMINIMIZED, window=None)])
        frames(app, 120, dt=0.5)
        assert writes == [], "a game at rest wrote its save"
        assert scene.elapsed == pytest.approx(PLAYED, abs=0.1), "time paused or away was counted"
