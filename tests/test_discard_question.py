"""The "press again to throw away this game" question says how long it stands, and stands exactly
while its toast is up.

It ran out unannounced after five seconds: the toast faded, and the next N asked again with no word
of why -- or, its toast kept back behind a long status text, it had run out before it was even
seen. Now the toast says "…, within 5 s", and what is on screen decides: while the toast is up, N
again goes ahead; once it has gone, N asks again (its toast back), never throwing the game away
unseen. Driven in every game, by key presses on the dummy driver, the seconds passed as frames.
"""

from __future__ import annotations

import types

import pygame
import pytest

from arcade.ui.discard import DISCARD_TAG
from tests.test_frontend_contract import GAMES, frames, safe_moves, small_game


def question(scene) -> str:
    return next((m.text.replace("\u00a0", " ") for m in scene.toast.messages if m.tag == DISCARD_TAG), "")


#: The games whose key throws a game away after asking in a toast (Hashi's N opens its own dialog).
ASKING = [g for g in GAMES if g.name in ("royale", "tron")]


def press_new_board(app, scene) -> None:
    """The key that throws the game away (N, Tron's F5), pressed."""
    binding = next(b for b in scene.keymap() if b.discards)
    key = pygame.key.key_code(binding.keys.split(" / ")[0].lower())
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
                       pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)])
    frames(app)


@pytest.mark.parametrize("info", ASKING, ids=lambda g: g.name)
def test_the_question_says_how_long_it_stands_and_stands_while_its_toast_is_up(info):
    with small_game(info) as (app, scene):
        frames(app)
        safe_moves(scene, 3)
        before = list(scene.session.moves)
        press_new_board(app, scene)
        assert scene.session.moves == before
        assert question(scene).endswith(", within 5 s"), question(scene)
        # Read for longer than it says, and not answered: the toast goes, and so does the question.
        for _ in range(8):
            frames(app, 1, 1.0)
        assert not question(scene)
        press_new_board(app, scene)
        assert scene.session.moves == before, "thrown away on a question no longer on screen"
        assert question(scene), "asked again, in words"
        frames(app, 3, 1.0)  # within its 5 s
        press_new_board(app, scene)
        assert scene.session.moves != before and not question(scene)


def test_a_question_kept_back_behind_a_long_status_text_still_stands_when_it_shows(monkeypatch):
    """Behind a long status text's pages the question's toast waits its turn; it was timed from the
    press, so it could run out before it was even shown."""
    import arcade.ui.discard

    clock = [1000.0]  # the player's clock, moved on with the frames (a test runs in no time)
    monkeypatch.setattr(arcade.ui.discard, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    from arcade.core.registry import Launch
    from arcade.games import REGISTRY
    from arcade.ui.app import App
    from tests.test_status_line_pages import close, longest_hint_text

    app = App(REGISTRY, size=(640, 400), headless=True)
    app.persist = False
    try:
        scene = app.launch("royale", Launch(level="01-seed-14x20"))
        frames(app)
        safe_moves(scene, 2)
        before = list(scene.session.moves)
        press_new_board(app, scene)
        assert question(scene) and scene.session.moves == before
        scene.say(longest_hint_text(), "info")  # newer than the toast: it waits for the text
        frames(app)
        assert scene.toast.held
        frames(app, 8, 1.0)  # reading the text's pages
        clock[0] += 8.0
        assert scene.toast.held and question(scene), "the question waits with its toast"
        press_new_board(app, scene)
        assert scene.session.moves != before
    finally:
        close(app)
