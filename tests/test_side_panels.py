"""Side panels in small windows at every Text size: every item a panel lists is drawn whole inside it.

At 800x500 with the largest Text size (150 %, drawn at 125 %) Battle Royale's legend showed its
first six items and none of the drop's keys, and Hashi's editor cut "Cylin…" and its verdict's
headline while ~100 pixels lay empty between the board and the panel. Each test renders the real
screen at a window size and Text size and checks the texts drawn (``tests.drawing.texts_drawn``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.games import REGISTRY
from arcade.ui.app import App
from tests.conftest import Driver
from tests.drawing import texts_drawn

#: (window size, Text size): the largest text in the small windows, and the default beside it.
WINDOWS = [((800, 500), 1.5), ((800, 500), 0.0), ((640, 400), 1.5), ((960, 600), 1.5), ((1280, 800), 1.5),
           ((780, 420), 1.25)]


@contextmanager
def app_at(size: tuple[int, int], text_size: float) -> Iterator[App]:
    """A headless app of ``size`` at the Settings' ``text_size`` (0: automatic); closed after."""
    app = App(REGISTRY, size=size, headless=True)
    app.persist = False
    app.settings.text_size = text_size
    app.rescale()
    try:
        yield app
    finally:
        app.close()
        pygame.display.quit()


def _royale(app: App, phase: str) -> Any:
    driver = Driver(app)
    scene = app.launch("royale", Launch(level="01-seed-14x20"))
    driver.frames(2)
    scene.par_worker.wait(30)
    driver.frames(1)
    if phase == "in the round":
        for _ in range(5):  # the first press shows the cursor, the next four move it
            driver.key(pygame.K_UP)
        driver.key(pygame.K_RETURN)  # drop at the cursor
        assert scene.session.state.placed and scene.session.outcome is None
    return scene


@pytest.mark.parametrize("phase", ["before the drop", "in the round"])
@pytest.mark.parametrize(("size", "text_size"), WINDOWS, ids=lambda v: str(v))
def test_royale_legend_draws_every_item_inside_the_panel(size, text_size, phase, monkeypatch):
    """At 800x500 @150 % the legend ended at "storm": "reach of the centre", "loot taken", "may drop
    here", "may not drop here" and "hint (H)" were not drawn. Every item the phase lists is drawn
    whole inside the panel, none over another (the short ones may go two to a row)."""
    from arcade.games.royale.view import panel

    with app_at(size, text_size) as app:
        scene = _royale(app, phase)
        if not scene.side_rect.width:  # a window too narrow for the panel (640x400) shows none at all
            assert size[0] < 800
            return
        drawn = texts_drawn(monkeypatch, panel)
        scene._side_cache = None
        scene.draw(app.screen)
        state = scene.session.state
        items = [text for _, text in panel.legend_rows(None)] + panel.line_marks(state, None)
        bounds = pygame.Rect((0, 0), scene.side_rect.size)
        rects = {d.text: d.rect for d in drawn}
        for item in items:
            assert item in rects, (size, text_size, phase, item, [d.text for d in drawn])
            assert bounds.contains(rects[item]), (item, rects[item], bounds)
        # Side by side or a row apart (a text's box is taller than its letters: rows' boxes may touch).
        shown = [rects[item] for item in items]
        for i, a in enumerate(shown):
            for b in shown[i + 1:]:
                assert a.right <= b.left or b.right <= a.left or abs(a.centery - b.centery) >= 12, (a, b)
