"""What the window remembers of itself: its size (written once a drag settles), whether it is
maximised, and where it stands across a fullscreen switch. Driven by the window's own events."""

from __future__ import annotations

import warnings

import pygame
import pytest

from arcade.games import REGISTRY
from arcade.services.settings import Settings
from arcade.ui.app import SIZE_SAVE_DELAY, App
from arcade.ui.menu import MenuScene
from tests.conftest import Driver


def _settle(driver: Driver) -> None:
    """Frames enough for the window's news to be written (the delay, in frame time, not wall time)."""
    driver.frames(int(SIZE_SAVE_DELAY * 60) + 2)


def _resize(size: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


@pytest.fixture
def windowed(user_home):
    """A window as a player's start makes it (no ``--size``), on the dummy driver."""
    made = []

    def make() -> tuple[App, Driver]:
        app = App(REGISTRY)
        app.preload = False
        app.push(MenuScene())
        made.append(app)
        return app, Driver(app)

    yield make
    for app in made:
        if app.stack.scenes:
            app.close()
    pygame.display.quit()


def test_a_dragged_size_is_written_once_the_drag_stops_not_only_at_quit(app, driver):
    """Written only at quit (or with another setting), a size dragged to was lost to ``kill -9`` or a
    crash: the next start opened at whatever was saved long before (640x400, once)."""
    app.push(MenuScene())
    driver.frame(_resize((1000, 700)), _resize((1200, 740)), _resize((1300, 760)))
    _settle(driver)
    assert Settings.load().window_size == (1300, 760)


def test_a_maximised_window_keeps_the_dragged_size_and_says_it_was_maximised(app, driver):
    """Maximising saved the screen's size as the window's: the next start opened a screen-sized
    window, not maximised, that no restore made smaller."""
    app.push(MenuScene())
    driver.frame(_resize((1300, 760)))
    driver.frame(pygame.event.Event(pygame.WINDOWMAXIMIZED), _resize((1920, 1061)))
    _settle(driver)
    saved = Settings.load()
    assert (saved.window_size, saved.maximized) == ((1300, 760), True)
    assert app.size == (1920, 1061)
    # Minimised and back: still maximised.
    driver.frame(pygame.event.Event(pygame.WINDOWMINIMIZED))
    driver.frame(pygame.event.Event(pygame.WINDOWRESTORED))
    _settle(driver)
    assert Settings.load().maximized is True
    # Restored: the dragged size again, and not maximised at the next start.
    driver.frame(pygame.event.Event(pygame.WINDOWRESTORED), _resize((1300, 760)))
    _settle(driver)
    saved = Settings.load()
    assert (saved.window_size, saved.maximized) == ((1300, 760), False)


def test_a_window_opened_maximised_does_not_take_the_screen_for_its_size(windowed):
    """SDL sends no WINDOWMAXIMIZED for a maximise the program asked for: the screen-sized resize
    after a maximised start was remembered as the window's size."""
    Settings(window_size=(1300, 760), maximized=True).save()
    app, driver = windowed()
    driver.frame(_resize((1920, 1061)))
    _settle(driver)
    app.close()
    saved = Settings.load()
    assert (saved.window_size, saved.maximized) == ((1300, 760), True)


def _position() -> tuple[int, int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return tuple(pygame.Window.from_display_module().position)


def _move(position: tuple[int, int]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().position = position


def test_fullscreen_on_and_off_puts_the_window_back_where_it_was(windowed, monkeypatch):
    """The window out of fullscreen is a new one, and a window manager put its frame where the old
    window's inside was: openbox moved the window a title bar (20 px) down at every switch. The
    stand-in window manager here does the same to every window made out of fullscreen."""
    make = pygame.display.set_mode

    def like_openbox(size=(0, 0), flags=0, *args, **kwargs):
        screen = make(size, flags, *args, **kwargs)
        if not flags & pygame.FULLSCREEN:
            x, y = _position()
            _move((x, y + 20))
        return screen

    app, driver = windowed()
    _move((200, 150))
    monkeypatch.setattr(pygame.display, "set_mode", like_openbox)
    for _ in range(2):
        driver.key(pygame.K_F11)
        assert app.fullscreen
        driver.key(pygame.K_F11)
        assert not app.fullscreen
        assert _position() == (200, 150)
    assert app.size == Settings.load().window_size
