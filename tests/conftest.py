"""Test setup: headless SDL drivers, a private user dir per test, and helpers to drive scenes."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
import pytest

from arcade.games import REGISTRY
from tests.xwindow import xvfb

#: The run's fallback data folder, under every test's own (``user_home``): a test that calls
#: ``monkeypatch.undo()`` drops its own folder with the rest of its patches, and its next save went
#: to the real user's folders (a "toy" game's save and every game's turned up there).
SESSION_HOME = tempfile.mkdtemp(prefix="arcade-tests-home-")
os.environ["PUZZLE_ARCADE_HOME"] = SESSION_HOME
atexit.register(shutil.rmtree, SESSION_HOME, ignore_errors=True)


@pytest.fixture(autouse=True)
def signal_handlers():
    """The stop signals' handlers as every test found them. A command run in-process may leave them
    ignored on its way out (``interrupts.hold``: right for a process about to exit); left so, every
    later program this test process starts inherits SIGHUP ignored -- taken for nohup."""
    import signal

    names = [name for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)]
    saved = {name: signal.getsignal(getattr(signal, name)) for name in names}
    yield
    for name, handler in saved.items():
        if handler is not None:
            signal.signal(getattr(signal, name), handler)


@pytest.fixture(autouse=True)
def user_home(tmp_path, monkeypatch):
    """Every test gets its own settings/saves directory (never the real user dirs)."""
    home = tmp_path / "home"
    monkeypatch.setenv("PUZZLE_ARCADE_HOME", str(home))
    monkeypatch.delenv("PUZZLE_ARCADE_TRACE", raising=False)
    from arcade.services import files, saves

    monkeypatch.setattr(saves, "_unsaved", {})  # a failed save is remembered per process
    monkeypatch.setattr(files, "_keep_files", True)  # a screenshot run of an earlier test turned it off
    editor = sys.modules.get("arcade.games.hashi.view.editor")
    if editor is not None:
        monkeypatch.setattr(editor, "_live_in_use", False)  # an editor of an earlier test kept it
    return home


@pytest.fixture
def xserver():
    """A private Xvfb for the end-to-end tests (skipped without the X tools); yields the env pointing at it."""
    with xvfb() as env:
        yield env


@pytest.fixture
def toy_registered():
    """Register the toy game next to the real ones for the duration of a test."""
    from tests.toygame import INFO

    REGISTRY.register(INFO)
    yield INFO
    REGISTRY.unregister(INFO.name)


@pytest.fixture
def app():
    from arcade.ui.app import App

    application = App(REGISTRY, size=(1024, 640), headless=True)
    yield application
    application.close()
    pygame.display.quit()


class Driver:
    """Posts real pygame events through the app's frame loop."""

    def __init__(self, app) -> None:
        self.app = app

    def frame(self, *events: pygame.event.Event, dt: float = 1 / 60) -> None:
        for event in events:
            pygame.event.post(event)
        self.app.frame(dt)

    def frames(self, n: int, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.app.frame(dt)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.frame(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0),
        )

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.frame(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        )

    def drag(self, start: tuple[int, int], end: tuple[int, int], button: int = 1, steps: int = 6) -> None:
        events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button)]
        for i in range(1, steps + 1):
            x = round(start[0] + (end[0] - start[0]) * i / steps)
            y = round(start[1] + (end[1] - start[1]) * i / steps)
            held = (1, 0, 0) if button == 1 else (0, 0, 1)
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=held))
        events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button))
        self.frame(*events)


@pytest.fixture
def driver(app):
    return Driver(app)
