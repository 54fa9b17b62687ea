"""Battle Royale's result panel, whose buttons wrap onto two rows: ↓ goes to the button below."""

from __future__ import annotations

import pygame
import pytest

from arcade.games import REGISTRY
from arcade.games.royale.view.result import RoyaleResultScene
from arcade.ui.app import App
from tests.conftest import Driver
from tests.royale.royale_scenes import open_level


@pytest.fixture
def small_app(user_home):
    """A 640x400 window, where the result's five buttons wrap onto two rows."""
    application = App(REGISTRY, size=(640, 400), headless=True)
    yield application
    application.close()
    pygame.display.quit()


def test_down_on_the_result_panel_goes_to_the_button_below(small_app):
    """↓ moved to the next button in order, on the same row, rather than to the one under it."""
    app, driver = small_app, Driver(small_app)
    scene = open_level(app, driver)
    driver.click(tuple(int(v) for v in scene.grid.cell_center((3, 10))))
    driver.key(pygame.K_w)
    driver.key(pygame.K_w)  # into the storm: the round is over
    panel = app.stack.top
    assert isinstance(panel, RoyaleResultScene)
    driver.frames(40)  # armed
    rects = [b.rect for b in panel.buttons]
    tops = sorted({r.top for r in rects})
    assert len(tops) == 2, [(b.label, b.rect) for b in panel.buttons]  # the wrapped panel this is about
    start = panel.selected
    driver.key(pygame.K_DOWN if rects[start].top == tops[0] else pygame.K_UP)
    moved = rects[panel.selected]
    assert moved.top != rects[start].top  # onto the other row
    others = [r for r in rects if r.top == moved.top]
    assert abs(moved.centerx - rects[start].centerx) == min(abs(r.centerx - rects[start].centerx) for r in others)
