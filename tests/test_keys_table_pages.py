"""Every game's keys table says how the status line's pages turn, and what Esc does first.

A long status text or toast is shown a page at a time ("1/2 ▸") and a click turns it, but no keys
table said so (F4 is listed only while a text reads on); and Esc first puts away a hint or a watch
before it pauses, while the Esc / P row still said only "pause, settings, main menu".
"""

from __future__ import annotations

import pytest

from tests.test_frontend_contract import GAMES, small_game


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_the_keys_table_says_how_pages_turn_and_what_esc_puts_away_first(info, toy_registered):
    with small_game(info) as (app, scene):
        rows = dict(scene.help_lines())
        pages = [meaning for keys, meaning in rows.items() if keys.startswith("Click the status line")]
        assert pages and "next page" in pages[0] and "message" in pages[0], rows
        pause = rows["Esc / P"]
        if scene.has_hint or scene.has_watch:
            assert "Esc first puts away" in pause, pause
        else:
            assert "first" not in pause, pause
