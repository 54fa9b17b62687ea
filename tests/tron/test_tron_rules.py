"""Tron rules: the tick rule, crashes, draws, off-map walls, map files, moves as text, replays."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.core.errors import FormatError, IllegalMove
from arcade.core.session import Session
from arcade.games.tron import maps
from arcade.games.tron.logic import RULES, State, default_direction, free_run, parse_map


def level(text: str):
    return RULES.parse_level(text.lstrip("\n"))


def play(state: State, *moves: str) -> State:
    for move in moves:
        state = RULES.play(state, move)
    return state


OPEN = level("""
5 3
#####
#1 2#
#####
""")


def test_head_on_into_the_same_cell_is_a_draw():
    state = play(RULES.initial_state(OPEN), "E W")
    assert state.crashed == (True, True)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.result == "draw" and outcome.winner is None
    assert "Head-on" in outcome.reason


def test_swapping_cells_is_a_draw_because_both_heads_become_wall_first():
    board = level("""
4 3
####
#12#
####
""")
    state = play(RULES.initial_state(board), "E W")
    assert state.crashed == (True, True)
    assert RULES.outcome(state).result == "draw"


def test_both_crashing_on_the_same_tick_is_a_draw():
    board = level("""
5 3
#####
#1#2#
#####
""")
    state = play(RULES.initial_state(board), "N S")
    assert state.crashed == (True, True)
    outcome = RULES.outcome(state)
    assert outcome.result == "draw" and "1 into a wall" in outcome.reason


def test_one_crash_gives_the_other_the_win_with_a_reason():
    board = level("""
6 4
######
#1   #
#   2#
######
""")
    state = play(RULES.initial_state(board), "N W")
    outcome = RULES.outcome(state)
    assert outcome.result == "win" and outcome.winner == 1
    assert "Cycle 1 crashed into a wall on tick 1" in outcome.reason


def test_trails_are_walls_and_own_trail_is_named():
    board = level("""
6 5
######
#1   #
#    #
#   2#
######
""")
    state = play(RULES.initial_state(board), "E W", "S N", "W E", "N N")
    assert state.crashed == (True, False)
    assert "its own trail" in RULES.outcome(state).reason
    assert state.owner((1, 1)) == 0 and state.owner((2, 1)) == 0


def test_entering_the_cell_the_other_head_just_left_crashes():
    board = level("""
6 4
######
#1 2 #
#    #
######
""")
    state = play(RULES.initial_state(board), "E E")
    assert not state.over
    # Cycle 1 steps onto (3,1), where cycle 2 started: that cell became wall when 2 left it.
    state = play(state, "E S")
    assert state.crashed == (True, False)
    assert "the other trail" in RULES.outcome(state).reason


def test_off_the_map_is_a_wall_on_borderless_maps():
    board = level("""
3 2
1 2

""")
    state = play(RULES.initial_state(board), "N S")
    assert state.crashed == (True, False)
    assert "off the map" in RULES.outcome(state).reason
    assert state.heads[0] == (0, -1)


def test_the_official_u_map_has_no_right_border():
    _id, u = maps.load("u")
    assert u.rows[5][14] == " " and u.is_wall(15, 5) and u.is_wall(-1, 0)
    assert RULES.parse_level(RULES.format_level(u)) == u


def test_no_moves_after_the_round_ends_and_garbage_moves_are_refused():
    state = play(RULES.initial_state(OPEN), "E W")
    assert RULES.legal_moves(state) == []
    with pytest.raises(IllegalMove):
        RULES.apply(state, ("N", "N"))
    fresh = RULES.initial_state(OPEN)
    assert len(RULES.legal_moves(fresh)) == 16
    for garbage in ["", "N", "N E S", "X Y", "north east", "12", None]:
        with pytest.raises(IllegalMove):
            RULES.decode_move(garbage)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        RULES.apply(fresh, ("N", "Q"))  # type: ignore[arg-type]


def test_moves_round_trip_through_text():
    for move in RULES.legal_moves(RULES.initial_state(OPEN)):
        assert RULES.decode_move(RULES.encode_move(move)) == move
    assert RULES.decode_move("n,e") == ("N", "E")


def test_state_text_shows_trails_heads_and_crashes():
    state = play(RULES.initial_state(OPEN), "E W")
    assert str(state).splitlines()[1] == "#aXb#"


def test_free_run_and_default_heading():
    _id, joust = maps.load("joust")
    state = RULES.initial_state(joust)
    assert free_run(state, 0, "E") == 22 and free_run(state, 0, "S") == 10
    assert default_direction(state, 0) == "E"
    assert default_direction(state, 1) == "E"


def test_every_bundled_map_parses_and_round_trips():
    entries = maps.bundled()
    assert len(entries) == 29
    assert {e.group for e in entries} == {"official", "later", "hackerrank"}
    for entry in entries:
        lvl = entry.load()
        assert RULES.parse_level(RULES.format_level(lvl)) == lvl
        assert lvl.starts[0] != lvl.starts[1]
        assert not lvl.is_wall(*lvl.starts[0]) and not lvl.is_wall(*lvl.starts[1])


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("", 1, "WIDTH HEIGHT"),
        ("5\n", 1, "WIDTH HEIGHT"),
        ("0 5\n", 1, "outside"),
        ("3 2\n1 2\n", 3, "1 rows, expected 2"),
        ("3 1\n1 2x\n", 2, "4 cells"),
        ("3 1\n1x2\n", 2, "unexpected character 'x'"),
        ("3 1\n1 1\n", 2, "second start '1'"),
        ("3 1\n1  \n", None, "no start cell '2'"),
        ("3 1\n1 2\nmore\n", 3, "text after"),
    ],
)
def test_malformed_maps_name_the_line(text, line, words):
    with pytest.raises(FormatError) as info:
        parse_map(text, "bad.txt")
    assert info.value.line == line and words in info.value.message
    assert str(info.value).startswith("bad.txt")


def test_short_rows_are_padded_with_floor():
    lvl = parse_map("4 2\n1 2\n#\n")
    assert lvl.rows == ("    ", "#   ")


def test_whitespace_an_editor_adds_is_floor_and_blank_lines_before_the_size_are_skipped():
    """Spaces or a tab after a row's last cell made a valid map "row has 27 cells, expected 25",
    and a blank first line "expected the map size": both are what editors do to a file."""
    plain = parse_map("4 2\n#1 #\n# 2#\n", "m.txt")
    for text in ("4 2\n#1 #  \n# 2#\t\n", "\n\n4 2\r\n#1 #\r\n# 2# \r\n", "4 2  \n#1 #\t \n# 2#\n\n"):
        assert parse_map(text, "m.txt") == plain, repr(text)
    with pytest.raises(FormatError) as info:  # line numbers still count the skipped lines
        parse_map("\n\n3 1\n1 2x\n", "m.txt")
    assert info.value.line == 4 and "4 cells" in info.value.message
    with pytest.raises(FormatError) as info:
        parse_map("\n4 1\n1 11\n", "m.txt")
    assert info.value.line == 3 and "the first is on line 3" in info.value.message


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="# 12\n\r3x", max_size=60))
def test_fuzzed_maps_raise_only_format_errors(text):
    try:
        lvl = RULES.parse_level(text, "fuzz.txt")
    except FormatError as exc:
        assert str(exc).startswith("fuzz.txt")
    else:
        assert RULES.parse_level(RULES.format_level(lvl)) == lvl


def test_a_round_replays_exactly_from_its_moves_and_survives_save_and_load():
    rng = random.Random(4)
    for entry in maps.bundled()[:12]:
        lvl = entry.load()
        session = Session(RULES, lvl, level_id=entry.id)
        while session.outcome is None:
            session.play(rng.choice(RULES.legal_moves(session.state)))
        again = Session(RULES, lvl)
        for text in session.moves:
            again.play(text)
        assert again.state == session.state
        loaded = Session.from_json(RULES, session.to_json())
        assert loaded.state == session.state and loaded.moves == session.moves
        middle = min(3, session.length)
        loaded.seek(middle)
        assert loaded.state == session.state_at(middle)
