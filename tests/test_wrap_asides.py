"""wrap_text keeps a short "(…)" aside whole: it starts the next line rather than being cut in two.

A status line read "… the 3 (Hint" over "again to play it)": the aside fitted a line of its own,
but greedy wrapping broke it after its first word. An aside that fits a line is now moved whole
to the next line; an aside too long for any line, and text with no aside, wrap as ever.
"""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arcade.ui.text import wrap_text
from arcade.ui.theme import Theme

HINT = "The 5 needs one more bridge to the 3 (Hint again to play it)"


@pytest.fixture(scope="module")
def theme():
    pygame.font.init()
    return Theme()


def width_of(theme: Theme, text: str) -> int:
    return theme.font(16).size(text)[0]


def test_an_aside_cut_after_its_first_word_starts_the_next_line(theme):
    width = width_of(theme, "The 5 needs one more bridge to the 3 (Hint") + 1
    assert wrap_text(theme, HINT, 16, width) == ["The 5 needs one more bridge to the 3", "(Hint again to play it)"]


def test_an_aside_that_fits_where_it_starts_stays_there(theme):
    width = width_of(theme, HINT) + 1
    assert wrap_text(theme, HINT, 16, width) == [HINT]


def test_an_aside_wider_than_any_line_wraps_as_ever(theme):
    text = "Saved (to a folder whose name is far too long for one line of this status bar) now"
    width = width_of(theme, "Saved (to a folder whose name") + 1
    lines = wrap_text(theme, text, 16, width)
    assert lines[0] == "Saved (to a folder whose name", lines


def test_an_aside_later_on_its_line_and_a_nested_one(theme):
    text = "Done. Press R (or click Restart (the button)) to go again"
    aside = "(or click Restart (the button))"
    width = width_of(theme, aside) + 1
    lines = wrap_text(theme, text, 16, width)
    assert aside in lines, lines
    assert lines[0] == "Done. Press R", lines


WORDS = st.sampled_from(["a", "bridge", "island", "to", "the", "again", "play", "it", "Hint", "needs", "cursor",
                         "(Hint", "(again", "it)", "one)", "(a", "b)", "row", "(x)"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(WORDS, min_size=1, max_size=30), width=st.integers(60, 400))
def test_words_stay_in_order_every_line_fits_and_a_fitting_aside_is_whole(theme, words, width):
    text = " ".join(words)
    lines = wrap_text(theme, text, 16, width)
    assert " ".join(lines).split() == words
    for line in lines:
        assert width_of(theme, line) <= width or " " not in line, (line, width)
    # A closed aside that fits a line lies on one line.
    for start, word in enumerate(words):
        if not word.startswith("("):
            continue
        depth = 0
        for end in range(start, len(words)):
            depth += words[end].count("(") - words[end].count(")")
            if depth <= 0:
                break
        else:
            continue
        aside = " ".join(words[start:end + 1])
        if width_of(theme, aside) <= width:
            assert any(aside in line for line in lines), (aside, lines)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(st.sampled_from(["a", "bridge", "island", "to", "the", "again", "cursor", "it)"]),
                      min_size=1, max_size=30), width=st.integers(60, 400))
def test_text_without_an_aside_wraps_greedily_as_before(theme, words, width):
    lines = wrap_text(theme, " ".join(words), 16, width)
    for line, following in pairwise(lines):
        assert width_of(theme, f"{line} {following.split()[0]}") > width, (line, following)
