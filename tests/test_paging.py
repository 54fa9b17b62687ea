"""A long text split into pages (the status line's and a toast's "1/2 ▸") keeps its words, fits,
and does not end on a lone word where even pages can avoid it.

Cut greedily -- every page full but the last -- a Hashi hint at 640x400 paged as "… (Hint again
to play" / "it)". Checked here with the pager's own function over many texts and widths, the
lines wrapped by character count (the pager knows no font), and once through the real status line.
"""

from __future__ import annotations

import itertools
import textwrap

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.ui.paging import balanced_pages
from tests.test_status_line_pages import close, hashi_at

WORD = st.text(alphabet="abcdefghij", min_size=1, max_size=9)
ASIDE = st.lists(WORD, min_size=2, max_size=5).map(lambda ws: "(" + " ".join(ws) + ")")


def char_wrap(width: int):
    def wrap(text: str) -> list[str]:
        return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [""]
    return wrap


def smallest(pages: list[list[str]]) -> int:
    return min(len(" ".join(" ".join(page).split())) for page in pages)


def best_smallest(words: list[str], wrap, per_page: int, count: int) -> int:
    """By brute force: the largest smallest page over every split of ``words`` into ``count`` pages."""
    best = -1
    for cuts in itertools.combinations(range(1, len(words)), count - 1):
        bounds = [0, *cuts, len(words)]
        pages = [" ".join(words[a:b]) for a, b in itertools.pairwise(bounds)]
        if all(len(wrap(page)) <= per_page for page in pages):
            best = max(best, min(len(page) for page in pages))
    return best


@settings(max_examples=300, deadline=None)
@given(st.lists(WORD, min_size=1, max_size=40), st.one_of(st.none(), ASIDE),
       st.integers(min_value=10, max_value=60), st.integers(min_value=1, max_value=3))
def test_pages_keep_every_word_in_order_fit_and_are_even(words, aside, width, per_page):
    text = " ".join(words) + (f"  {aside}" if aside else "")
    wrap = char_wrap(width)
    pages = balanced_pages(text, wrap, per_page)
    greedy = -(-len(wrap(text)) // per_page)
    assert len(pages) <= greedy, "more pages than the greedy cut"
    assert " ".join(line for page in pages for line in page).split() == text.split()
    for page in pages:
        assert page and any(line.strip() for line in page), "an empty page"
        assert len(page) <= per_page and all(len(line) <= width for line in page)
    if len(pages) > 1:
        if not aside and len(words) <= 12:
            # The smallest page (a lone last word) is as large as any split into that many pages,
            # each fitting, allows: a tiny tail only where no split avoids it.
            assert smallest(pages) == best_smallest(words, wrap, per_page, len(pages))
        if aside and len(wrap(aside)) <= per_page:
            assert any(aside in " ".join(page) for page in pages), ("the aside was broken across pages", pages)


def test_a_hint_no_longer_ends_on_a_lone_word():
    text = "Pigeonhole: the 4 at row 3 needs two more bridges to the east  (Hint again to play it)"
    wrap = char_wrap(20)
    assert wrap(text)[-1] == "it)"  # cut greedily, its last page: "it)"
    pages = balanced_pages(text, wrap, 2)
    assert len(pages) == 3 and "(Hint again to play it)" in " ".join(pages[-1])
    assert len(" ".join(pages[-1]).split()) >= 5, pages


def test_the_hint_suffix_is_never_a_lone_last_page_at_640x400():
    """A hint that paged as "…(Hint again to" / "play it)" at 640x400 now ends on a page with more of
    its words, and the aside whole."""
    app, scene = hashi_at((640, 400))
    try:
        filler = ["more", "bridges", "to", "the", "east"]
        paged = 0
        for extra in range(20, 60):
            text = (f"Pigeonhole: the 4 at row 3, column 5 needs {' '.join(filler[i % 5] for i in range(extra))}"
                    " islands.  (Hint again to play it)")
            scene.say(text, "info")
            app.frame(1 / 60)
            if not scene.status_cut:
                continue
            paged += 1
            pages = []
            for _ in range(scene.status_pages(scene._status_cache[1])):
                pages.append(" ".join(scene.status_shown))
                pos = scene.status_text_rect.center
                app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
            assert " ".join(pages).split() == app.theme.marked("info", text).split()
            assert len(pages[-1].split()) > 5, (extra, pages)
            assert any("(Hint again to play it)" in page for page in pages), pages
        assert paged > 10
    finally:
        close(app)


def test_a_long_toast_does_not_end_on_a_lone_word_at_640x400():
    """A toast too long for the status line pages there the same way: evenly."""
    app, scene = hashi_at((640, 400))
    try:
        filler = ["the", "island", "needs", "every", "bridge"]
        paged = 0
        for extra in range(10, 60):
            text = f"Played the hint: {' '.join(filler[i % 5] for i in range(extra))} it can still get."
            scene.toast.messages.clear()
            scene.toast.show(text, "info")
            app.frame(1 / 60)
            if not scene.toast.paged:
                continue
            paged += 1
            pages = []
            for _ in range(len(scene.toast.messages[-1].page_seconds)):
                pages.append(" ".join(scene.toast.drawn_lines[0]))
                box = scene.toast.boxes[0]
                pos = (box.right - 20, box.centery)
                app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
            assert " ".join(pages).split() == app.theme.marked("info", text).split()
            assert len(pages[-1].split()) > 3, (extra, pages)
        assert paged > 10
    finally:
        close(app)
