"""The status line and a toast share the foot of a game's window, in every game at 640x400.

At 640x400 Hashi's "This puzzle has more than one solution" notice, too long for its corner of
the status line, spread over the whole line and covered "Thinking…": the player saw no sign that
a hint was on its way. A toast spreads only over the text it found there, and never while the AI
works; otherwise it keeps to its corner and grows upwards.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tests.test_frontend_contract import GAMES, frames, resize, small_game

NOTICE = "This puzzle has more than one solution: any valid one wins, so play on as you like."
HINTED = [g for g in GAMES if g.name != "tron"]


@contextmanager
def small_game_at_640x400(info) -> Iterator[tuple]:
    """A small level of the game in a 640x400 window, its workers done and their words shown: the
    status line's room is what these tests measure, so nothing may still be arriving."""
    with small_game(info) as (app, scene):
        resize(app, (640, 400))
        for worker in scene.workers:
            worker.wait(30)
        frames(app)
        yield app, scene


def covered(scene) -> bool:
    """Whether a toast box covers the status line's text part."""
    return any(box.colliderect(scene.status_text_rect) for box in scene.toast.boxes)


@pytest.mark.parametrize("info", HINTED, ids=lambda g: g.name)
def test_a_long_notice_never_covers_thinking(info, toy_registered):
    with small_game_at_640x400(info) as (app, scene):
        release = threading.Event()
        hook = scene.session.hint_hook
        scene.session.hint_hook = lambda state: (release.wait(30), hook(state))[1]
        try:
            scene.level_note(NOTICE)
            scene.request_hint()
            assert scene.worker.busy
            frames(app)
            assert "Thinking" in " ".join(scene.status_shown), scene.status_shown
            assert scene.toast.boxes and not covered(scene), (scene.toast.boxes, scene.status_text_rect)
            assert " ".join(" ".join(lines) for lines in scene.toast.drawn_lines).endswith("as you like.")
        finally:
            release.set()
            scene.worker.wait(30)
        frames(app)
        # The hint's answer is newer than the notice: it is not covered either.
        assert scene.status_shown and not covered(scene)


@pytest.mark.parametrize("info", HINTED, ids=lambda g: g.name)
def test_a_long_notice_still_spreads_over_the_words_it_came_after(info, toy_registered):
    """The older words are hidden while the notice is up (drawn beneath, they peeked out)."""
    with small_game_at_640x400(info) as (app, scene):
        scene.say("Some words from before the notice.")
        scene.level_note(NOTICE)
        frames(app)
        assert scene.status_shown == [] and scene.toast.boxes
