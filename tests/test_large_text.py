"""Every game's screens at the largest Text size in a small window: no text cut, none out of its panel.

A player with poor eyesight sets the Settings' Text size to 150 %: in a 800x500 window the UI is
drawn at 125 % (as far as the window has room), so each screen is laid out as in a 640x400 window
with the text of a 800x500 one. Each test renders a screen there and checks the texts drawn
(``tests.drawing.texts_drawn``) against the panel they belong to.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from arcade.games import REGISTRY
from arcade.ui.app import App
from tests.drawing import texts_drawn

SIZE = (800, 500)
LARGEST = 1.5


@pytest.fixture
def large_app() -> Iterator[App]:
    """A headless 800x500 app at the largest Text size, the menu underneath."""
    from arcade.ui.menu import MenuScene

    app = App(REGISTRY, size=SIZE, headless=True)
    app.persist = False
    app.settings.text_size = LARGEST
    app.rescale()
    app.push(MenuScene())
    app.frame(1 / 60)
    try:
        assert app.theme.scale > 1.0, "the chosen Text size shows in a 800x500 window"
        yield app
    finally:
        app.close()
        pygame.display.quit()


@pytest.mark.parametrize("info", list(REGISTRY), ids=lambda g: g.name)
def test_how_to_play_shows_every_caption_of_the_example_whole(info, large_app, monkeypatch):
    """The example's caption was cut after two lines, mid-sentence ("the 1 each have one
    neighbour in"), with no "…": the page now keeps room under the example for its longest caption."""
    from arcade.ui import how_to_play
    from arcade.ui.how_to_play import HowToPlayScene

    page = large_app.push(HowToPlayScene(info, list(info.keys)))
    large_app.frame(1 / 60)
    assert page.example is not None and page.example_rect.width, "the example is drawn beside the rules"
    drawn = texts_drawn(monkeypatch, how_to_play)
    for step in range(page.steps):
        page.show(step)
        drawn.clear()
        page.draw(large_app.screen)
        under = [d for d in drawn if d.rect.top >= page.example_rect.bottom
                 and d.rect.left >= page.example_rect.left and d.size == 16]
        caption = page.example.captions[step] if step < len(page.example.captions) else ""
        shown = " ".join(d.text.strip() for d in under)
        assert shown.replace(" ", "").endswith(caption.replace(" ", "")), (step, shown, caption)
        for d in under:
            assert page.panel.contains(d.rect), (d.text, d.rect, page.panel)
            assert not d.rect.colliderect(page.close_button.rect), (d.text, d.rect)
            assert not any(d.rect.colliderect(b.rect) for b in page.player.values()), d.text
