"""Hashi formats: our level file, Tatham game IDs, CLLV .has and solutions -- examples, round trips, fuzzing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from arcade.core.errors import FormatError
from arcade.core.topology import Topology
from arcade.games.hashi.formats import (
    adjacent_pairs,
    detect,
    export,
    format_bridges,
    format_cllv,
    format_level,
    format_tatham,
    parse_bridges,
    parse_cllv,
    parse_grid,
    parse_puzzle,
    parse_tatham,
    read_puzzle,
    tatham_problems,
    tatham_refusal,
)
from arcade.games.hashi.logic import RULES, Puzzle, State
from tests.hashi.hashi_oracle import all_solutions

SPEC_ID = "7x7m2:a3d31g5a5a2e1b3b2d3b3a23d2a"
SPEC_GRID = [
    ".3....3",
    "1......",
    ".5.5.2.",
    "....1..",
    "3..2...",
    ".3..3.2",
    "3....2.",
]
#: Four CLLV benchmark instances (100-400 islands), copied from the shared data for the tests.
LITERATURE = Path(__file__).parent / "data"


def grid_text(p: Puzzle) -> list[str]:
    return ["".join(str(n) if n else "." for n in row) for row in p.to_grid()]


# -- our level file -----------------------------------------------------------------------------------
def test_level_file_with_headers_comments_and_topology():
    text = "# title: Round the bend\n# A plain comment\n# Difficulty: hard\n# topology: Torus\n\n.2.\n2.2\n\n"
    p = parse_grid(text, "f.txt")
    assert p.meta == (("title", "Round the bend"), ("difficulty", "hard"))
    assert p.topology is Topology.TORUS and p.title == "Round the bend"
    assert grid_text(p) == [".2.", "2.2"]
    assert format_level(p) == "# title: Round the bend\n# difficulty: hard\n# topology: torus\n.2.\n2.2\n"
    assert parse_grid(format_level(p)) == p


@pytest.mark.parametrize(("text", "line", "message"), [
    ("", 1, "no grid rows"),
    ("# title: x\n", 1, "no grid rows"),
    ("1.1\n1.\n", 2, "row has 2 cells but the first row has 3"),
    ("1.9\n", 1, "column 3: unexpected '9'"),
    ("1.0\n", 1, "column 3: unexpected '0'"),
    ("1²1\n", 1, "column 2: unexpected '²'"),
    ("1.1\n\n1.1\n", 3, "after the grid ended at line 2"),
    ("1.1\n# title: late\n", 2, "must come before the grid"),
    ("# topology: sphere\n1.1\n", 1, "unknown topology 'sphere'"),
    ("# bad key!: 1\n1.1\n", 1, "bad header key"),
    ("...\n...\n", 2, "no islands"),
    ("..1\n...\n", 2, "only one island"),
])
def test_level_file_errors_name_the_line(text, line, message):
    with pytest.raises(FormatError) as caught:
        parse_grid(text, "level.txt")
    assert caught.value.line == line
    assert str(caught.value).startswith(f"level.txt:{line}: ")
    assert message in str(caught.value)


def test_files_past_the_largest_file_side_are_refused_in_every_format():
    """Files may be larger than the boards Hashi makes (logic.MAX_SIDE, 40): a 60x60 puzzle from a
    collection is read and solved as it comes; past logic.MAX_FILE_SIDE every format refuses it."""
    from arcade.games.hashi.formats import parse_cllv, parse_tatham
    from arcade.games.hashi.logic import MAX_FILE_SIDE, MAX_SIDE

    assert MAX_FILE_SIDE > MAX_SIDE
    assert parse_grid("1" + "." * 58 + "1\n", "wide").cols == 60
    assert parse_grid("1" + "." * (MAX_FILE_SIDE - 2) + "1\n", "widest").cols == MAX_FILE_SIDE
    big = f"larger than {MAX_FILE_SIDE}×{MAX_FILE_SIDE}"
    with pytest.raises(FormatError, match=big):
        parse_grid("1" + "." * (MAX_FILE_SIDE - 1) + "1\n", "big")
    with pytest.raises(FormatError, match=big):
        parse_tatham(f"{MAX_FILE_SIDE + 1}x3:1a1", "id")
    with pytest.raises(FormatError, match=big):
        parse_cllv(f"3 {MAX_FILE_SIDE + 1} 2\n0 0 1\n0 2 1\n", "big.has")


def test_a_level_file_too_large_is_refused_without_a_size_it_does_not_have():
    """A level file is refused at the row that outgrows the largest board, so its message names
    only what was read: a 201x201 file said "board size 201×1" at its first row."""
    from arcade.games.hashi.logic import MAX_FILE_SIDE

    side = MAX_FILE_SIDE + 1
    square = "\n".join(["1" + "." * (side - 2) + "1"] + ["." * side] * (side - 2) + ["1" + "." * (side - 2) + "1"])
    with pytest.raises(FormatError) as wide:
        parse_grid(square + "\n", "big.txt")
    assert str(wide.value) == f"big.txt:1: a row of {side} cells makes the board larger than 200×200"
    tall = "\n".join(["1.1"] + ["..."] * (side - 2) + ["1.1"])
    with pytest.raises(FormatError) as rows:
        parse_grid(tall + "\n", "tall.txt")
    assert str(rows.value) == f"tall.txt:{side}: more than {MAX_FILE_SIDE} rows make the board larger than 200×200"


def test_read_puzzle_accepts_a_byte_order_mark_and_reports_unreadable_files(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeff# title: BOM\n1.1\n".encode())
    assert read_puzzle(path).title == "BOM"
    assert RULES.load_level_file(path).title == "BOM"
    with pytest.raises(FormatError, match="cannot read file"):
        read_puzzle(tmp_path / "missing.txt")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(FormatError, match="not a UTF-8 text file"):
        read_puzzle(binary)


# -- Tatham game IDs ----------------------------------------------------------------------------------
def test_the_spec_example_game_id_reads_as_the_expected_board_and_writes_back():
    p = parse_puzzle(SPEC_ID)
    assert detect(SPEC_ID) == "tatham"
    assert (p.rows, p.cols, len(p.islands)) == (7, 7, 14)
    assert grid_text(p) == SPEC_GRID
    assert format_tatham(p) == SPEC_ID
    assert len(all_solutions(p)) == 1


def test_game_ids_ignore_other_parameters_and_accept_our_headers():
    assert parse_tatham("7x7i30e10m2Ld1:a3d31g5a5a2e1b3b2d3b3a23d2a").islands == parse_puzzle(SPEC_ID).islands
    p = parse_puzzle(f"# title: From Tatham\n\n{SPEC_ID}\n", "level.txt")
    assert p.title == "From Tatham" and detect(f"# title: x\n{SPEC_ID}") == "tatham"


def test_a_one_bridge_game_id_reads_as_the_same_board():
    """Tatham's ``m1`` (at most one bridge per pair) was refused as "allows 1 bridges per pair", though
    its answer still wins under two-bridge rules and the docs say only m3/m4 are refused."""
    p = parse_tatham("3x3i30e10m1Ld0:1a2e1", "id")
    assert [(i.pos, i.number) for i in p.islands] == [((0, 0), 1), ((0, 2), 2), ((2, 2), 1)]
    assert len(all_solutions(p)) == 1
    with pytest.raises(FormatError, match="allows 4 bridges per pair"):
        parse_tatham("7x7m4:a3d31g5a5a2e1b3b2d3b3a23d2a", "id")


@pytest.mark.parametrize("param", ["m0", "m5", "m99999999999", "m" + "9" * 5000])
def test_a_game_id_with_a_bridges_parameter_tatham_has_not_is_refused_as_such(param):
    """``m0`` read as "this game allows 0 bridges per pair", ``m99999999999`` as "allows 999999" (its
    first six digits): Tatham's range is 1-4, so neither is a Bridges ID at all."""
    with pytest.raises(FormatError) as caught:
        parse_tatham(f"7x7{param}:a3d31g5a5a2e1b3b2d3b3a23d2a", "id")
    message = caught.value.message
    assert "is not a Bridges parameter: it gives 1-4 bridges per pair" in message and "allows" not in message
    assert len(message) < 120 and (param in message or len(param) > 40)


def test_runs_longer_than_26_split_into_z_and_more():
    p = Puzzle.from_grid([[1] + [0] * 30 + [1], [0] * 32, [0] * 32])
    assert format_tatham(p) == "32x3m2:1zd1zzl"
    assert parse_tatham("32x3:1zd1zzl").islands == p.islands


@pytest.mark.parametrize(("text", "message"), [
    ("7x7m3:a3d31g5a5a2e1b3b2d3b3a23d2a", "allows 3 bridges per pair"),
    ("7x7#12345", "random-seed ID"),
    ("3x1:1a", "covers 2 cells, the 3×1 board has 3"),
    ("2x1:1b", "covers more than the 2×1 board"),
    ("3x1:1A1", "island number 10"),
    ("3x1:191", "island number 9"),
    ("3x1:1-1", "unexpected '-' in the description"),
    ("3x1m2", "not a Bridges game ID"),
    ("3x1:", "no description"),
    ("0x1:a", "is empty"),
    ("3x1:a1a", "only one island"),
    (f"{SPEC_ID}\nmore", "unexpected text after the game ID"),
    ("99999999999x2:a", "far too large"),
])
def test_bad_game_ids_are_explained(text, message):
    with pytest.raises(FormatError) as caught:
        parse_tatham(text, "id")
    assert caught.value.line is not None
    assert message in str(caught.value)


def test_export_refuses_what_tatham_cannot_load():
    with pytest.raises(FormatError, match="touching islands"):
        format_tatham(parse_puzzle("11.\n...\n..."))
    with pytest.raises(FormatError, match="plane boards"):
        format_tatham(parse_puzzle("# topology: cylinder\n1.1"))
    with pytest.raises(FormatError, match="plane boards"):
        format_cllv(parse_puzzle("# topology: torus\n1.1"))
    assert adjacent_pairs(parse_puzzle("11\n.1")) == [((0, 0), (0, 1)), ((0, 1), (1, 1))]
    with pytest.raises(FormatError, match="at least 3×3"):
        format_tatham(parse_puzzle("1.1\n..."))
    assert tatham_problems(parse_puzzle("1.1\n...\n1.1")) == []


@pytest.mark.parametrize(("game_id", "refusal"), [
    (SPEC_ID, None),
    ("3x3m2:1a1a1a1a1", None),
    ("3x3m2:11g", "joined islands"),
    ("3x3m2:1b1e", "joined islands"),  # one above the other, across the row boundary of the run
    ("3x3m2:1a1a", "shorter than expected"),
    ("3x3m2:1a1g1", "longer than expected"),
    ("3x3m2:1h", "too few islands"),
    ("3x3m2:1a1a-e", "unexpected character"),
    ("3x3m5:1a1g", "Too many bridges"),
    ("2x3m2:1a1d", "at least 3"),
    ("3x3m2:2c1d", None),  # the 2 ends row 1, the 1 starts row 2: not side by side
])
def test_tathams_own_rules_on_game_id_text(game_id, refusal):
    found = tatham_refusal(game_id)
    assert found == refusal if refusal is None else refusal in found


# -- CLLV .has ------------------------------------------------------------------------------------------
def test_cllv_file_with_crlf_and_trailing_blanks():
    text = "3 4 4\r\n 2  0  0  1 \r\n 0  0  0  0 \r\n 3  0  0  2 \r\n"
    p = parse_puzzle(text, "x.has")
    assert detect(text) == "cllv" and grid_text(p) == ["2..1", "....", "3..2"]
    assert format_cllv(p) == "3 4 4\n 2  0  0  1\n 0  0  0  0\n 3  0  0  2\n"
    assert parse_cllv(format_cllv(p)) == p


@pytest.mark.parametrize(("text", "line", "message"), [
    ("2 2\n1 1\n0 0\n", 1, "first line must be"),
    ("2 2 2\n1 1\n", 2, "expected 2 grid rows, found 1"),
    ("2 2 2\n1 1\n0 0\n0 0\n", 4, "unexpected extra line"),
    ("2 2 2\n1 x\n0 0\n", 2, "whole numbers"),
    ("2 2 2\n1 1 1\n0 0\n", 2, "row has 3 numbers, expected 2"),
    ("2 2 2\n1 9\n0 0\n", 2, "column 2: island number 9"),
    ("2 2 2\n1 -1\n0 0\n", 2, "island number -1"),
    ("2 2 3\n1 1\n0 0\n", 1, "header says 3 islands, the grid has 2"),
])
def test_cllv_errors_name_the_line(text, line, message):
    with pytest.raises(FormatError) as caught:
        parse_cllv(text, "bad.has")
    assert caught.value.line == line and message in str(caught.value)


def test_the_literature_instances_load():
    files = sorted(LITERATURE.glob("*.has"))
    assert len(files) >= 4
    for path in files:
        p = read_puzzle(path)
        rows, cols, count = (int(v) for v in path.read_text().split()[:3])
        assert (p.rows, p.cols, len(p.islands)) == (rows, cols, count)
        assert p.lines and adjacent_pairs(p)  # the spec: these instances have touching islands


# -- solutions ------------------------------------------------------------------------------------------
def test_solution_files_round_trip_and_tell_the_two_ways_round_apart():
    p = parse_puzzle("# topology: cylinder\n2..2")
    both = State(p, (1, 1))
    text = format_bridges(both)
    assert text == "0 0 0 3 1\n0 3 0 0 1\n"
    assert parse_bridges(text, p) == both
    spec = parse_puzzle(SPEC_ID)
    solved = all_solutions(spec)[0]
    assert parse_bridges("# solved by hand\n\n" + format_bridges(solved), spec) == solved


@pytest.mark.parametrize(("text", "message"), [
    ("0 0 0 3", "five whole numbers"),
    ("1 1 0 3 1", "no island at row 1, column 1"),
    ("0 0 0 3 3", "must be 1 or 2"),
    ("0 0 0 3 1\n0 0 0 3 2", "already given on line 1"),
    ("0 3 2 0 1", "no straight line"),
])
def test_bad_solution_lines_are_explained(text, message):
    p = parse_puzzle("1..1\n....\n2...")
    with pytest.raises(FormatError, match=message) as caught:
        parse_bridges(text, p, "sol.txt")
    assert caught.value.line is not None


def test_crossing_bridges_in_a_solution_file_are_refused():
    p = parse_puzzle(".1.\n1.1\n.1.")
    with pytest.raises(FormatError, match="crosses"):
        parse_bridges("1 0 1 2 1\n0 1 2 1 1\n", p)


def test_export_dispatches_by_format_name():
    p = parse_puzzle(SPEC_ID)
    assert export(p, "tatham") == SPEC_ID + "\n"
    assert parse_puzzle(export(p, "cllv")) == parse_puzzle(export(p, "grid")) == p
    with pytest.raises(FormatError, match="unknown format"):
        export(p, "xml")


# -- round trips (hypothesis) ---------------------------------------------------------------------------
@st.composite
def puzzles(draw: st.DrawFn, plane: bool = False) -> Puzzle:
    rows = draw(st.integers(1, 9))
    cols = draw(st.integers(1, 40))
    cells = draw(st.lists(st.integers(0, 8), min_size=rows * cols, max_size=rows * cols))
    assume(sum(1 for c in cells if c) >= 2)
    topology = Topology.PLANE if plane else draw(st.sampled_from(list(Topology)))
    keys = st.from_regex(r"[a-z][a-z0-9_-]{0,8}", fullmatch=True).filter(lambda k: k != "topology")
    values = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20).map(
        lambda v: " ".join(v.splitlines()).strip())
    meta = draw(st.lists(st.tuples(keys, values), max_size=3))
    return Puzzle.from_grid([cells[r * cols:(r + 1) * cols] for r in range(rows)], topology, meta)


@settings(max_examples=150, deadline=None)
@given(puzzles())
def test_level_files_round_trip(p):
    assert parse_puzzle(format_level(p), "round") == p


@settings(max_examples=150, deadline=None)
@given(puzzles(plane=True))
def test_game_ids_round_trip(p):
    if tatham_problems(p):  # touching islands, a board under 3x3, a single island: Tatham refuses it
        with pytest.raises(FormatError):
            format_tatham(p)
        return
    game_id = format_tatham(p)
    assert re.fullmatch(r"\d+x\d+m2:[a-z1-8]+", game_id)
    assert tatham_refusal(game_id) is None
    again = parse_puzzle(game_id)
    assert (again.shape, again.islands) == (p.shape, p.islands)


@settings(max_examples=100, deadline=None)
@given(puzzles(plane=True))
def test_cllv_files_round_trip(p):
    again = parse_puzzle(format_cllv(p).replace("\n", "\r\n"))
    assert (again.shape, again.islands) == (p.shape, p.islands)


# -- fuzzing: never a traceback, always FormatError with source:line -------------------------------------
def assert_clean(text: str) -> None:
    try:
        p = parse_puzzle(text, "fuzz.txt")
    except FormatError as exc:
        assert exc.source == "fuzz.txt"
        assert exc.line is not None and exc.line >= 1
        assert str(exc).startswith(f"fuzz.txt:{exc.line}: ")
        assert "\n" not in str(exc)
    else:
        assert isinstance(p, Puzzle) and len(p.islands) >= 2


GRID_ALPHABET = st.sampled_from(list(".12345678#:\n \t9x0-ab²\r"))
TATHAM_ALPHABET = st.sampled_from(list("0123456789xmaezAGZ:#.\n Ld-"))
CLLV_ALPHABET = st.sampled_from(list("0123456789 -\n\r\t.x"))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(
    st.text(GRID_ALPHABET, max_size=80),
    st.text(TATHAM_ALPHABET, max_size=60).map(lambda t: "7x" + t),
    st.text(CLLV_ALPHABET, max_size=80).map(lambda t: "3 3 2\n" + t),
    st.text(max_size=60),
))
def test_fuzzed_text_never_raises_anything_but_a_format_error(text):
    assert_clean(text)


VALID = [
    format_level(parse_puzzle("# title: t\n# topology: torus\n2.3.\n....\n1.2.")),
    SPEC_ID + "\n",
    "3 4 4\r\n 2  0  0  1 \r\n 0  0  0  0 \r\n 3  0  0  2 \r\n",
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(VALID), st.lists(st.tuples(st.integers(0, 200), st.integers(0, 3),
                                                  st.sampled_from(list("0123456789.x:#\n -aAzm²\t"))), max_size=6))
def test_mutated_valid_files_never_raise_anything_but_a_format_error(text, edits):
    chars = list(text)
    for where, how, ch in edits:
        where = where % (len(chars) + 1)
        if how == 0:
            chars.insert(where, ch)
        elif how == 1 and where < len(chars):
            del chars[where]
        elif where < len(chars):
            chars[where] = ch
    assert_clean("".join(chars))


@settings(max_examples=150, deadline=None)
@given(st.text(CLLV_ALPHABET, max_size=60))
def test_fuzzed_solution_files_never_raise_anything_but_a_format_error(text):
    p = parse_puzzle("1..1\n....\n2..1")
    try:
        parse_bridges(text, p, "sol")
    except FormatError as exc:
        assert exc.line is not None and str(exc).startswith(f"sol:{exc.line}: ")
