"""A status text takes at most three pages of the status line, at any window size, toast or none.

At 640x400 a Hashi hint that no margin beside the board held was paged in full on the status line
(twelve pages of a contradiction, turned every few seconds); and a toast arriving beside a hint,
narrowing the line, pushed its step from three pages to four. A text longer than three pages is
now cut into parts of three, each ending with the key that reads on (F4; a click on a part's last
page reads on too), so every word is still there; and a toast shares the line only where the text
keeps its pages beside it -- otherwise it covers the words it came over for its few seconds.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.games import REGISTRY
from arcade.games.hashi import hints
from arcade.games.hashi.formats import read_puzzle
from arcade.ui.app import App
from arcade.ui.status_line import READ_ON, READ_ON_KEY, STATUS_MAX_PAGES

LEVELS = Path(__file__).resolve().parents[1] / "levels" / "hashi"
#: The longest hint the engine gives on the bundled levels: ``wrapped/01-round-the-bend``'s seventh.
ROUND_THE_BEND = str(LEVELS / "wrapped" / "01-round-the-bend.txt")


def longest_hint_text() -> str:
    """The words of the longest hint on the bundled levels, as the status line says them."""
    from arcade.games.hashi.logic import HashiRules, Move, State

    puzzle = read_puzzle(Path(ROUND_THE_BEND))
    state = State(puzzle, tuple([0] * len(puzzle.lines)))
    for _ in range(6):
        state = HashiRules().apply(state, Move.parse(hints.hint(state).move))
    hint = hints.hint(state)
    assert hint is not None and len(hint.reason) > 2000
    return f"{hint.rule}: {hint.reason}  (Hint again to play it)"


def hashi_at(size: tuple[int, int], text_size: float = 0.0) -> tuple[App, object]:
    app = App(REGISTRY, size=size, headless=True)
    app.persist = False
    if text_size:
        app.settings.text_size = text_size
        app.rescale()
    scene = app.launch("hashi", Launch(level=ROUND_THE_BEND, new=True))
    scene.toast.messages.clear()  # the level's note ("Cylinder: …"): these tests show their own
    app.frame(1 / 60)
    return app, scene


def close(app: App) -> None:
    app.close()
    pygame.display.quit()


def click_line(app: App, scene) -> None:
    pos = scene.status_text_rect.center
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    app.frame(1 / 60)


def press(app: App, key: int) -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
                       pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)])
    app.frame(1 / 60)


def marker_pages(scene) -> int:
    return scene.status_pages(scene._status_cache[1]) if scene.status_cut else 1


@pytest.mark.parametrize("text_size", [0.0, 1.5])
@pytest.mark.parametrize("size", [(640, 400), (800, 500)])
def test_the_longest_hint_takes_three_pages_a_part_and_every_word_is_read(size, text_size):
    text = longest_hint_text()
    app, scene = hashi_at(size, text_size)
    try:
        scene.say(text, "info")
        app.frame(1 / 60)
        assert scene.status_cut and scene.status_reads_on
        assert any(row.keys == READ_ON_KEY for row in scene.keymap() if scene.binding_active(row))
        words: list[str] = []
        for _part in range(60):
            assert marker_pages(scene) <= STATUS_MAX_PAGES, scene._status_cache[1]
            part = scene.status_part
            shown = []
            for _page in range(STATUS_MAX_PAGES):
                shown += scene.status_shown
                if scene.status_page + 1 >= marker_pages(scene):
                    break
                click_line(app, scene)
            said = " ".join(shown)
            last = scene.status_part + 1 == len(scene._parts_shown)
            if not last:
                assert said.endswith(READ_ON), said  # the line names the key that reads on
                said = said[:-len(READ_ON)]
            words += said.removeprefix("…").split()
            if last:
                break
            press(app, pygame.K_F4)
            assert scene.status_part == part + 1 and scene.status_page == 0
        assert " ".join(words) == " ".join(app.theme.marked("info", text).split()), "a word was lost between the parts"
        # A reading pause turns the pages of the part shown, never on to the next part.
        press(app, pygame.K_F4)
        assert scene.status_part == 0
        for _ in range(STATUS_MAX_PAGES + 1):
            app.frame(30.0)
        assert scene.status_part == 0
    finally:
        close(app)


@pytest.mark.parametrize("size", [(640, 400), (800, 500)])
def test_a_toast_never_changes_how_many_pages_the_status_text_takes(size):
    """A hint's words cut to three pages took four beside a toast: now the toast shares the line only
    where the text keeps its pages there, and otherwise covers the line for its few seconds, the
    text's page held -- never over the board or the controls above the line."""
    text = longest_hint_text()
    app, scene = hashi_at(size)
    try:
        for words in (text, " ".join(text.split()[:70]), " ".join(text.split()[:45]), " ".join(text.split()[:22])):
            scene.toast.messages.clear()
            scene.say(words, "info")
            app.frame(1 / 60)
            click_line(app, scene)
            before = (marker_pages(scene), len(scene._parts_shown), scene.status_page)
            scene.toast.show("Saved to your levels", "info", 5.0)
            app.frame(1 / 60)
            if scene.status_shown:
                assert (marker_pages(scene), len(scene._parts_shown), scene.status_page) == before, words
                assert not any(box.colliderect(scene.status_text_rect) for box in scene.toast.boxes)
            assert scene.toast.boxes and all(box.top >= scene.status_rect.top - 2 for box in scene.toast.boxes)
            for _ in range(3):
                app.frame(2.0)
            assert not scene.toast.messages
            assert (marker_pages(scene), len(scene._parts_shown), scene.status_page) == before, words
    finally:
        close(app)
