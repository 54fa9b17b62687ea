"""Battle Royale level files: the seed's spaced rows, headers, and a clear file:line for every mistake."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.core.errors import FormatError
from arcade.games.royale.formats import format_level, parse_level
from arcade.games.royale.logic import MAX_SIDE, Level


def test_spaced_and_compact_rows_read_the_same():
    spaced = parse_level(". . 1 .\n1 . . .\n")
    compact = parse_level("..1.\n1...\n")
    assert spaced == compact
    assert spaced.loot == ((0, 0, 1, 0), (1, 0, 0, 0))


def test_headers_are_kept_in_order_and_round_trip():
    level = parse_level("# title: Test grid\n# par: 3\n\n. 1\n1 .\n\n")
    assert level.meta == (("title", "Test grid"), ("par", "3"))
    assert level.title == "Test grid" and level.meta_value("par") == "3"
    assert parse_level(format_level(level)) == level
    assert format_level(level).splitlines()[-1] == "1 ."


@pytest.mark.parametrize(("text", "line", "words"), [
    ("..1\n.x.\n", 2, "unexpected 'x'"),
    ("...\n..\n", 2, "row has 2 cells, but row 1 (line 1) has 3"),
    ("...\n# late: header\n", 2, "before the grid"),
    ("# no colon here\n...\n", 1, "expected '# key: value'"),
    ("...\n\n...\n", 2, "blank line inside the grid"),
    ("..2\n", 1, "unexpected '2'"),
])
def test_mistakes_name_the_line(text, line, words):
    with pytest.raises(FormatError) as info:
        parse_level(text, "grid.txt")
    assert info.value.line == line
    assert str(info.value).startswith(f"grid.txt:{line}: ")
    assert words in str(info.value)


def test_empty_and_oversized_grids_are_refused():
    with pytest.raises(FormatError, match="no grid"):
        parse_level("# title: nothing\n\n", "empty.txt")
    with pytest.raises(FormatError, match=f"at most {MAX_SIDE}"):
        parse_level("." * (MAX_SIDE + 1) + "\n", "wide.txt")
    with pytest.raises(FormatError, match=f"more than {MAX_SIDE} rows"):
        parse_level(".\n" * (MAX_SIDE + 1), "tall.txt")


def test_unreadable_files_are_format_errors(tmp_path):
    from arcade.games.royale.logic import RULES

    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(FormatError, match=r"bad\.txt"):
        RULES.load_level_file(bad)
    with pytest.raises(FormatError, match="cannot read"):
        RULES.load_level_file(tmp_path / "missing.txt")


grids = st.lists(st.lists(st.integers(0, 1), min_size=1, max_size=12), min_size=1, max_size=12).filter(
    lambda rows: len({len(r) for r in rows}) == 1)


@settings(max_examples=80, deadline=None)
@given(grids)
def test_any_grid_round_trips(rows):
    level = Level.from_rows(rows, (("title", "fuzz"),))
    assert parse_level(format_level(level)) == level


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(". 1#:\n\tx2ab\r")), max_size=120))
def test_fuzzed_text_is_a_level_or_a_format_error(text):
    try:
        level = parse_level(text, "fuzz.txt")
    except FormatError as exc:
        assert str(exc).startswith("fuzz.txt")
        assert "\n" not in str(exc)
    else:
        assert parse_level(format_level(level)) == level
