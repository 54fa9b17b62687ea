"""What Tron's New match panel says about its Map row and its Command field, whole at every size.

The map list opens with Saved replays, but the footer on the Map row said only "every map"; and the
Command field takes a whole spec naming the program as ``--bot`` does (``mine=2010:python3 bot.py``),
but its placeholder showed only a plain command. Both now say so, and fit at 640x400 with 150 % text.
"""

from __future__ import annotations

import pytest

from arcade.ui import text_prompt
from tests.conftest import Driver
from tests.drawing import texts_drawn
from tests.test_side_panels import WINDOWS, app_at, tron_setup_with_a_program


@pytest.mark.parametrize(("size", "text_size"), WINDOWS, ids=lambda v: str(v))
def test_the_map_rows_footer_names_saved_replays_and_the_command_field_a_label(size, text_size, monkeypatch):
    from arcade.games.tron.view import setup as setup_module

    with app_at(size, text_size) as app:
        driver = Driver(app)
        overlay = tron_setup_with_a_program(app, driver)
        keys = [row[0] for row in overlay.rows()]
        for map_set in (False, True):
            overlay.map_set = map_set
            overlay.selected = keys.index("map")
            drawn = texts_drawn(monkeypatch, setup_module)
            placeholders = texts_drawn(monkeypatch, text_prompt)
            app.redraw = True
            driver.frames(1)
            [footer] = [d for d in drawn if d.size == 14 and "every map" in d.text]
            assert "saved replays" in footer.text, footer.text
            assert overlay.panel.contains(footer.rect), (footer.rect, overlay.panel)
            [hint] = [d for d in placeholders if "python3 bot.py" in d.text]
            assert "mine=2010:python3 bot.py" in hint.text, hint.text
            assert app.theme.font(16).size(hint.text)[0] == hint.rect.width, "drawn whole, not cut with …"
            monkeypatch.undo()
