"""The keys table says how the status line's pages turn while a page marker is up, in every game.

A long status text or toast is shown a page at a time ("1/2 ▸") and a click turns it, but no keys
table said so: F4 is listed only while a text reads on, and a toast's pages had no row at all.
Like F4's row, the new one is listed only while it applies (a table of every game's moment would
grow by a row a player rarely needs).
"""

from __future__ import annotations

import pytest

from tests.test_frontend_contract import GAMES, frames, resize, small_game
from tests.test_toast_pages import LONG

PAGES_ROW = "Click the status line"


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_the_keys_table_says_a_click_turns_a_paged_toast(info, toy_registered):
    with small_game(info) as (app, scene):
        resize(app, (640, 400))
        for worker in scene.workers:
            worker.wait(30)
        scene.toast.messages.clear()
        scene.say("")
        frames(app)
        assert PAGES_ROW not in dict(scene.help_lines())
        scene.toast.show(LONG, "info")
        frames(app)
        assert scene.toast.paged
        meaning = dict(scene.help_lines()).get(PAGES_ROW, "")
        assert "next page" in meaning and "message" in meaning, scene.help_lines()
