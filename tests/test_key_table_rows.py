"""A keys table's rows read as rows: each meaning beside its key, a wrapped key visibly one cell.

Hashi's pause table at 1280x800 wrapped "Alt+arrows · [ ] · PgUp PgDn · wheel" flush onto a second
line with nothing beside it, which read as a row of its own that had lost its meaning. A key
cell's later lines now hang indented under its first (as a wrapped meaning's lines hang under
the meaning's first), in every game's pause table, at the smallest and a large window and at the
largest Text size.
"""

from __future__ import annotations

import pygame
import pytest

from arcade.games import REGISTRY
from arcade.ui import overlays
from arcade.ui.overlays import PanelScene
from tests.drawing import texts_drawn
from tests.test_frontend_contract import frames, key, resize, small_game

CASES = [((640, 400), 1.0), ((1280, 800), 1.0), ((1280, 800), 1.5), ((640, 400), 1.5)]


def pause_table(monkeypatch, info, size, text_size):
    """Every page of ``info``'s pause keys table as drawn: [(key lines, meaning lines)] with their
    rects, and the panel (PgDn through the pages; a row is drawn whole or not at all)."""
    with small_game(info) as (app, _scene):
        app.settings.text_size = text_size
        app.rescale()
        resize(app, size)
        frames(app)
        key(app, pygame.K_ESCAPE)
        frames(app)
        panel = app.stack.top
        assert isinstance(panel, PanelScene) and panel.keys, type(panel).__name__
        drawn = texts_drawn(monkeypatch, overlays)
        pages = []
        for _ in range(40):
            drawn.clear()
            panel.draw(app.screen)
            keys = [d for d in drawn if d.kwargs.get("bold") and d.size == 16]
            meanings = [d for d in drawn if not d.kwargs.get("bold") and d.size == 16]
            pages.append((keys, meanings))
            before = panel.key_scroll.offset
            key(app, pygame.K_PAGEDOWN)
            if panel.key_scroll.offset == before:
                break
        return panel, pages


@pytest.mark.parametrize(("size", "text_size"), CASES, ids=lambda c: str(c))
@pytest.mark.parametrize("info", list(REGISTRY), ids=lambda g: g.name)
def test_every_rows_meaning_starts_beside_its_key_and_a_wrapped_key_hangs_under_it(
        info, size, text_size, monkeypatch):
    panel, pages = pause_table(monkeypatch, info, size, text_size)
    rows_seen = set()
    for keys, meanings in pages:
        for _x, rows in panel._key_columns:
            for key_lines, meaning_lines in rows:
                first = next((d for d in keys if d.text == key_lines[0]), None)
                if first is None:
                    continue  # scrolled off this page
                rows_seen.add(" ".join(key_lines))
                column = first.rect.x
                beside = [d for d in meanings if d.text == meaning_lines[0] and d.rect.y == first.rect.y]
                assert beside, (key_lines, meaning_lines, "no meaning on the key's first line")
                for later in key_lines[1:]:
                    drawn = [d for d in keys if d.text == later and d.rect.y > first.rect.y]
                    assert drawn and drawn[0].rect.x > column, (key_lines, "a wrapped key's line is not indented")
        texts = keys + meanings
        for d in texts:
            assert panel.panel.contains(d.rect), (d.text, d.rect, panel.panel)
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                assert not a.rect.colliderect(b.rect), (a.text, b.text)
    assert rows_seen, "the table was drawn"
