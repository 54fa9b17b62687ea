"""Runway level files: the 13 bundled levels, round trips, and malformed files reported as file:line."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arcade.core.errors import FormatError
from arcade.core.session import Session
from arcade.games.runway.logic import RULES, Bike
from arcade.services.resources import level_files

GOOD = "2\n1\n...0......\n...00.....\n...0..0...\n...0......\n1\n0 1 1\n0 2 1\n"
LEVELS = level_files("runway", RULES.level_pattern)


def test_all_thirteen_levels_are_bundled_with_their_names():
    names = [p.stem for p in LEVELS]
    assert len(names) == 13
    assert names[0] == "00_statement_example"
    assert "08_diagonal_columns_of_holes_4_hole_row_mandatory_sacrifice" in names
    assert names[-1] == "12_well_worn_road"


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: p.stem[:12])
def test_bundled_levels_parse_and_round_trip(path):
    level = RULES.load_level_file(path)
    assert RULES.parse_level(RULES.format_level(level)) == level
    assert RULES.format_level(level).split() == path.read_text().split()
    assert all(b.active and b.x == 0 for b in level.bikes)


def test_parses_the_statement_example():
    level = RULES.parse_level(GOOD)
    assert level.length == 10 and level.need == 1 and level.speed == 1
    assert level.bikes == (Bike(0, 1), Bike(0, 2))
    assert level.is_hole(3, 0) and level.is_hole(6, 2) and not level.is_hole(10, 0)
    assert level.hole_columns[3] == 0b1111 and level.hole_columns[4] == 0b0010


def test_an_active_bike_may_share_a_lane_with_a_destroyed_one():
    # Bike 1 fell into lane 1's hole at column 3; a DOWN later brought bike 2 into lane 1 ahead
    # of it. Destroyed bikes stay where they fell and block nothing, so this mid-race input is
    # a level like any other, whichever of the two bikes is listed first.
    lanes = "..........\n...0......\n..........\n..........\n"
    for bikes in ("3 1 0\n5 1 1\n", "5 1 1\n3 1 0\n"):
        level = RULES.parse_level("2\n1\n" + lanes + "2\n" + bikes)
        assert set(level.bikes) == {Bike(3, 1, False), Bike(5, 1, True)}


def test_crlf_blank_lines_and_trailing_spaces_are_fine():
    messy = "\r\n".join(line + "  " for line in GOOD.splitlines()) + "\r\n\r\n"
    assert RULES.parse_level("\n" + messy) == RULES.parse_level(GOOD)


def lines_with(index: int, replacement: str | None) -> str:
    lines = GOOD.splitlines()
    if replacement is None:
        del lines[index]
    else:
        lines[index] = replacement
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("", 1, "missing the number of bikes"),
        (lines_with(0, "five"), 1, "whole number"),
        (lines_with(0, "5"), 1, "between 1 and 4"),
        (lines_with(1, "3"), 2, "between 1 and 2"),
        (lines_with(2, "...x......"), 3, "found 'x'"),
        (lines_with(3, "..."), 4, "lane 1 is 3 cells long"),
        (lines_with(6, "-1"), 7, "between 0 and 49"),
        (lines_with(7, "0 1"), 8, "needs 3 numbers"),
        (lines_with(7, "0 4 1"), 8, "lane from 0 to 3"),
        (lines_with(7, "0 1 2"), 8, "A must be 1"),
        (lines_with(8, "0 1 1"), 9, "shares lane 1"),
        (lines_with(8, "1 2 1"), 9, "move together"),
        ("2\n2\n" + "\n".join(GOOD.splitlines()[2:8]) + "\n0 2 0\n", 9, "but 2 must survive"),
        (lines_with(8, None), 9, "missing bike 2"),
        (GOOD + "WAIT\n", 10, "unexpected text"),
        (lines_with(7, "10 1 1").replace("0 2 1", "10 2 1"), 8, "past the end"),
    ],
)
def test_malformed_levels_name_the_line(text, line, message):
    with pytest.raises(FormatError) as info:
        RULES.parse_level(text, "bad.txt")
    assert info.value.line == line
    assert message in info.value.message
    assert str(info.value).startswith(f"bad.txt:{line}: ")


def test_a_too_long_lane_is_refused():
    lane = "." * 501
    text = f"1\n1\n{lane}\n{lane}\n{lane}\n{lane}\n0\n0 0 1\n"
    with pytest.raises(FormatError, match="at most 500"):
        RULES.parse_level(text, "long.txt")


def test_unreadable_files_are_format_errors(tmp_path):
    binary = tmp_path / "level.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(FormatError, match="UTF-8"):
        RULES.load_level_file(binary)
    with pytest.raises(FormatError, match="cannot read"):
        RULES.load_level_file(tmp_path / "missing.txt")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="0123456789 .-\n\r\tAx", max_size=120))
def test_fuzz_garbage_is_a_format_error_or_a_level(text):
    try:
        level = RULES.parse_level(text, "fuzz.txt")
    except FormatError as exc:
        assert str(exc).startswith("fuzz.txt")
    else:
        assert RULES.parse_level(RULES.format_level(level)) == level


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_fuzz_damaged_good_files(data):
    lines = GOOD.splitlines()
    index = data.draw(st.integers(0, len(lines) - 1))
    lines[index] = data.draw(st.text(alphabet="0123456789 .-x", max_size=14))
    try:
        RULES.parse_level("\n".join(lines), "damaged.txt")
    except FormatError as exc:
        assert exc.line is None or 1 <= exc.line <= len(lines) + 1


def test_session_save_and_load_keeps_the_race():
    level = RULES.parse_level(GOOD)
    session = Session(RULES, level, level_id="00_statement_example")
    for move in ("SPEED", "JUMP", "DOWN"):
        session.play(move)
    session.undo()
    again = Session.from_json(RULES, session.to_json())
    assert again.state == session.state and again.length == 3
    again.redo()
    assert again.state.bikes[1] == Bike(6, 3, True)
