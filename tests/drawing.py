"""What a screen drew, for layout tests: the texts a module drew and the app at a window size.

Layout tests asked the same two questions in every game's file -- "which texts did this module draw,
and where?" (a spy on its ``draw_text``) and "how does it look at 1280x720 and at 2560x1440?" (a
headless app per size, closed after) -- each written out again.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pygame

from arcade.core.registry import Launch


@dataclass
class Drawn:
    """One text a module drew: what, at which size, and the rect it took."""

    text: str
    size: int
    rect: pygame.Rect
    kwargs: dict[str, Any]


def texts_drawn(monkeypatch: Any, module: ModuleType) -> list[Drawn]:
    """Every text ``module`` draws from now on (through its ``draw_text``), in order."""
    drawn: list[Drawn] = []
    real = module.draw_text

    def spy(surface, theme, text, pos, size=16, **kwargs):  # type: ignore[no-untyped-def]
        rect = real(surface, theme, text, pos, size=size, **kwargs)
        drawn.append(Drawn(text, size, rect, kwargs))
        return rect

    monkeypatch.setattr(module, "draw_text", spy)
    return drawn


@contextmanager
def game_at(size: tuple[int, int], game: str, level: str | None = None) -> Iterator[tuple[Any, Any]]:
    """A headless app of ``size`` showing ``game`` (on ``level``), one frame drawn; closed after."""
    from arcade.games import REGISTRY
    from arcade.ui.app import App

    app = App(REGISTRY, size=size, headless=True)
    try:
        scene = app.launch(game, Launch(level=level))
        app.frame(1 / 60)
        yield app, scene
    finally:
        app.close()
        pygame.display.quit()


def assert_rests(app: Any, driver: Any) -> int:
    """The screen on top, left alone, draws no frame after it settles (a resting window costs no
    CPU); returns the frame count then, for a test that goes on to show input still draws."""
    driver.frames(5)
    drawn = app.drawn
    driver.frames(30)
    assert app.drawn == drawn, f"{app.stack.top!r} drew {app.drawn - drawn} frames while resting"
    return drawn
