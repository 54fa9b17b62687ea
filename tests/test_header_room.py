"""Every game's header at the least window and the largest Text size: its numbers are drawn whole.

The header's title, the level's name, the zoom, the counters and the clock compete for one line;
at 640x400 a zoomed Battle Royale cut its facts at the room's end and the clock read "0…". The
title is shortened first (to its first word), then whole facts are left out (the zoom first).
"""

from __future__ import annotations

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.games import REGISTRY
from arcade.ui import header
from arcade.ui.app import App
from tests.drawing import texts_drawn

ZOOM_IN = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_EQUALS, mod=pygame.KMOD_CTRL, unicode="=", scancode=0)


def _levels(info):
    """Each game's first and last bundled level (the last has the most moves and the longest names)."""
    entries = [entry for entry in info.load_front().levels() if not entry.error]
    return [entries[0].id, entries[-1].id] if entries else [None]


#: Besides: long names beside the most facts (a wrapped board's topology, a two-digit move limit).
CROWDED = [("hashi", "hard/13-circumnavigation"), ("hashi", "medium/05-around-the-cape"),
           ("royale", "13-treasure-maze-31x31")]
CASES = [(info.name, level) for info in REGISTRY for level in _levels(info)] + CROWDED


@pytest.mark.parametrize(("game", "level"), CASES, ids=[f"{g}-{lv}" for g, lv in CASES])
def test_the_headers_numbers_are_drawn_whole_at_640x400_zoomed_in(game, level, user_home, monkeypatch):
    app = App(REGISTRY, size=(640, 400), headless=True)
    try:
        app.persist = False
        app.settings.text_size = 1.5
        app.rescale()
        scene = app.launch(game, Launch(level=level))
        app.frame(1 / 60)
        for _ in range(4):
            pygame.event.post(ZOOM_IN)
        app.frame(1 / 60)
        assert app.stack.top is scene
        drawn = texts_drawn(monkeypatch, header)
        if game == "tron":
            from arcade.games.tron.view import drawing

            drawn = texts_drawn(monkeypatch, drawing)
        scene.draw(app.screen)
        shown = [d for d in drawn if scene.header_rect.contains(d.rect)]

        def whole(d) -> bool:
            """Whether ``d`` was drawn as it was given (draw_text shortens a text wider than its room)."""
            return app.theme.font(d.size, d.kwargs.get("bold", False)).size(d.text)[0] <= d.rect.width

        numbers = [field for field in scene.status_fields() if any(c.isdigit() for c in field)]
        assert numbers, "every game's header has a number"
        if game == "tron":
            for d in shown:
                if any(c.isdigit() for c in d.text):
                    assert whole(d), f"a number cut in the header: {d.text!r}"
        else:  # one line of whole facts (Tron draws its own apart: names, score, the rest)
            facts = [d for d in shown if d.rect.right == scene.header_rect.right - 16]  # right-aligned
            assert len(facts) == 1, [d.text for d in shown]
            assert whole(facts[0]), f"the facts were cut: {facts[0].text!r}"
            pieces = facts[0].text.split("   ")
            assert pieces and all(piece in scene.status_fields() for piece in pieces), pieces
            assert pieces[-1] == scene.status_fields()[-1], "the last fact (the clock) is left out"
        assert scene.header_fields_rect.left > 16 + 20, "the facts took the title's place"
    finally:
        app.close()
        pygame.display.quit()
