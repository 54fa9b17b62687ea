"""A toast never covers the board, in every game, however long it is and however small the window.

At 640x400 and 800x500 a long toast (the words after asking for a hint, "Played the hint: …") grew
upwards out of the status line over the board's bottom edge for its few seconds: over Hashi's
bottom-right island, over Runway's command pad. A toast now keeps to the status line: too long for
it, it is shown two lines at a time, its pages turned as it is read.
"""

from __future__ import annotations

import pygame
import pytest

from arcade.ui.gridview import GridView
from tests.test_frontend_contract import GAMES, frames, resize, small_game

LONG = ("Played the hint: the bridge between the island at column 7, row 3 and the island at column 7, "
        "row 9 must be doubled, because the island needs every bridge it can still get, and nothing "
        "else on the board can give it one more; look at the islands around it to see why.")


def board_drawn(scene) -> list[pygame.Rect]:
    """Where the scene draws its board: the cells of its grid view (as far as they are on screen),
    and the whole area the board and its own controls are laid out in."""
    rects = [scene.board_area]
    for view in (getattr(scene, "grid", None), getattr(scene, "view", None),
                 getattr(getattr(scene, "painter", None), "view", None)):
        if isinstance(view, GridView):
            rects.append(view.board_rect.clip(view.viewport))
    return [r for r in rects if r.width and r.height]


@pytest.mark.parametrize("text_size", [1.0, 1.5])
@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_a_long_toast_never_covers_the_board(info, text_size):
    with small_game(info) as (app, scene):
        app.persist = False
        app.settings.text_size = text_size
        app.rescale()
        resize(app, (640, 400))
        for worker in scene.workers:
            worker.wait(30)
        frames(app)
        for status in ("", "Some words from before the toast.", LONG):
            scene.toast.messages.clear()
            scene.say(status)
            frames(app)
            scene.toast.show(LONG, "info")
            seen: list[str] = []
            for _ in range(200):  # the whole of its time, page after page
                app.frame(0.25)
                if not scene.toast.messages:
                    break
                assert scene.toast.boxes, "the toast is drawn"
                for box in scene.toast.boxes:
                    hit = [r for r in board_drawn(scene) if box.colliderect(r)]
                    assert not hit, (status, box, hit)
                for line in scene.toast.drawn_lines[0]:
                    if line not in seen:
                        seen.append(line)
            # Every word was shown, a page at a time.
            assert " ".join(seen).split() == app.theme.marked("info", LONG).split(), (status, seen)
