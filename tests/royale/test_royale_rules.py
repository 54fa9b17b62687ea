"""Battle Royale rules: the seed's worked example and the corner cases of the shrinking box."""

from __future__ import annotations

import pytest

from arcade.core.errors import IllegalMove
from arcade.games.royale.logic import RULES, Level, Move, State, replay, route_is_valid
from arcade.services.resources import levels_dir

SEED = RULES.load_level_file(levels_dir("royale") / "01-seed-14x20.txt")


def empty(rows: int, cols: int) -> Level:
    return Level.from_rows([[0] * cols for _ in range(rows)])


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = RULES.play(state, text)
    return state


def test_seed_example_geometry():
    assert (SEED.rows, SEED.cols) == (14, 20)
    assert SEED.centre == (7, 10)
    assert SEED.max_moves == 6


def test_seed_example_route_scores_six():
    state = replay(SEED, (3, 10), "DDDRDL")
    assert state.loot == 6 and state.on_centre and not state.dead
    assert route_is_valid(SEED, (3, 10), "DDDRDL")
    # After the sixth move the storm leaves no safe move: the round ends on the centre, won.
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.is_win and outcome.score == 6


@pytest.mark.parametrize(("rows", "cols", "centre", "k"), [
    (14, 20, (7, 10), 6), (12, 16, (6, 8), 5), (2, 2, (1, 1), 0), (1, 1, (0, 0), 0),
    (9, 9, (4, 4), 4), (10, 3, (5, 1), 1), (4, 7, (2, 3), 1),
])
def test_even_and_odd_sizes(rows, cols, centre, k):
    level = empty(rows, cols)
    assert level.centre == centre
    assert level.max_moves == k
    # The centre is inside the last box, and the box after it is empty.
    assert level.in_box(centre, k)
    top, bottom, left, right = level.box(k + 1)
    assert top > bottom or left > right


def test_box_bounds_at_each_k():
    level = empty(14, 20)
    for k in range(7):
        assert level.box(k) == (k, 13 - k, k, 19 - k)
        assert level.in_box((k, k), k) and level.in_box((13 - k, 19 - k), k)
        assert not level.in_box((k - 1, 10), k) and not level.in_box((14 - k, 10), k)
        assert not level.in_box((7, k - 1), k) and not level.in_box((7, 20 - k), k)


def test_reachability_is_a_diamond_inside_the_box():
    level = empty(12, 16)
    K = level.max_moves
    for k in range(K + 1):
        for r in range(12):
            for c in range(16):
                if level.can_reach_centre((r, c), k):
                    assert level.in_box((r, c), k)


def test_walking_into_the_storm_kills():
    level = empty(9, 9)
    state = play(RULES.initial_state(level), "start 4 1", "L")  # (4, 0) is outside the box after move 1
    assert state.dead
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.result == "loss" and "storm" in outcome.reason
    assert RULES.legal_moves(state) == []
    with pytest.raises(IllegalMove):
        RULES.play(state, "R")


def test_the_route_may_pass_the_centre_and_come_back():
    level = Level.from_rows([[0, 0, 0, 0, 0, 0, 0],
                             [0, 0, 0, 0, 0, 0, 0],
                             [0, 0, 0, 0, 0, 0, 0],
                             [0, 0, 0, 0, 1, 0, 0],
                             [0, 0, 0, 0, 0, 0, 0],
                             [0, 0, 0, 0, 0, 0, 0],
                             [0, 0, 0, 0, 0, 0, 0]])
    state = play(RULES.initial_state(level), "start 3 2", "R")
    assert state.on_centre and RULES.outcome(state) is None  # safe moves remain: not over
    assert Move.finish() in RULES.legal_moves(state)
    state = play(state, "R", "L")
    assert state.loot == 1 and state.on_centre
    outcome = RULES.outcome(state)  # three moves on a 7x7 grid: no safe move left, on the centre
    assert outcome is not None and outcome.is_win and outcome.score == 1


def test_starting_on_the_centre_and_finishing_at_once():
    level = empty(5, 5)
    state = play(RULES.initial_state(level), "start 2 2", "finish")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.is_win and state.moves == 0 and state.loot == 0


def test_no_safe_move_off_centre_is_a_loss():
    level = empty(3, 3)
    state = play(RULES.initial_state(level), "start 0 1")  # K = 1, centre (1, 1) one step away
    state = play(state, "R")  # to (0, 2): outside box 1 -> dead
    assert state.dead
    state = play(RULES.initial_state(empty(5, 5)), "start 1 2", "R")  # (1, 3) after 1 move, K = 2
    assert state.doomed  # 2 steps from the centre, 1 move left
    assert state.safe_directions() == []  # box 2 is the centre alone
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.result == "loss" and "No safe move" in outcome.reason


def test_doomed_player_plays_on_until_no_safe_move():
    level = empty(9, 9)
    state = play(RULES.initial_state(level), "start 2 4", "U")  # distance 3 with 3 moves left
    assert not state.doomed
    state = play(state, "U")  # (0, 4) after 2 moves is outside box 2: dead
    assert state.dead
    state = play(RULES.initial_state(level), "start 3 4", "R", "R")  # (3, 6): distance 3, 2 moves left
    assert state.doomed and RULES.outcome(state) is None and state.safe_directions()


def test_loot_counts_once():
    level = empty(7, 7)
    level = Level.from_rows([[1 if (r, c) == (2, 2) else 0 for c in range(7)] for r in range(7)])
    state = play(RULES.initial_state(level), "start 2 3", "L", "R", "D")
    assert state.loot == 1 and state.collected == frozenset({(2, 2)}) and state.on_centre


@pytest.mark.parametrize(("move", "reason"), [
    ("start 0 3", "holds loot"),
    ("start 0 0", "never make it"),
    ("start 20 3", "off the map"),
    ("U", "drop the player first"),
    ("finish", "drop the player first"),
])
def test_refusals_before_the_drop(move, reason):
    level = SEED
    with pytest.raises(IllegalMove, match=reason):
        RULES.play(RULES.initial_state(level), move)


def test_refusals_after_the_drop():
    state = play(RULES.initial_state(SEED), "start 3 10")
    with pytest.raises(IllegalMove, match="already dropped"):
        RULES.play(state, "start 3 9")
    with pytest.raises(IllegalMove, match="only finish on the centre"):
        RULES.play(state, "finish")
    edge = play(RULES.initial_state(empty(9, 9)), "start 4 4")
    edge = play(edge, "U", "U", "U")
    assert edge.dead or edge.doomed
    corner = State(empty(9, 9), ((0, 4),))
    with pytest.raises(IllegalMove, match="map ends"):
        RULES.play(corner, "U")


def test_moves_round_trip_through_text():
    for text in ("start 3 10", "U", "D", "L", "R", "finish"):
        move = RULES.decode_move(text)
        assert RULES.encode_move(move) == text
    assert RULES.decode_move("u") == Move.go("U")
    for bad in ("", "start", "start a b", "X", "go U", "start 1 2 3"):
        with pytest.raises(IllegalMove):
            RULES.decode_move(bad)


def test_legal_moves_list_what_apply_accepts():
    state = RULES.initial_state(SEED)
    starts = RULES.legal_moves(state)
    assert all(m.kind == "start" for m in starts)
    assert Move.start((3, 10)) in starts and Move.start((0, 3)) not in starts
    assert len(starts) == sum(SEED.is_start((r, c)) for r in range(14) for c in range(20))
    state = play(state, "start 3 10")
    assert {str(m) for m in RULES.legal_moves(state)} == {"U", "D", "L", "R"}


def test_state_text_is_an_ascii_board():
    state = play(RULES.initial_state(SEED), "start 3 10", "D")
    text = RULES.state_text(state)
    lines = text.splitlines()
    assert lines[0].startswith("move 1/6 · loot 1")
    assert len(lines) == 15
    assert lines[1 + 4].split()[10] == "P" and lines[1 + 3].split()[10] == "o"
    assert lines[1].split()[0] == "#"  # row 0 is storm after one move
    assert lines[1 + 7].split()[10] == "1"  # the centre holds loot in the seed's grid
    assert "+" in RULES.state_text(play(RULES.initial_state(Level.from_rows([[0] * 5] * 5)), "start 0 2"))


def test_states_compare_by_value():
    a = play(RULES.initial_state(SEED), "start 3 10", "D")
    b = play(RULES.initial_state(SEED), "start 3 10", "D")
    assert a == b and hash(a) == hash(b)


def test_sentences_name_cells_from_1_as_row_and_column():
    """They said "(3, 10)", counted from 0, where Hashi says "row 4, column 11"."""
    from arcade.games.royale.controller import describe_cell

    start = RULES.initial_state(SEED)
    with pytest.raises(IllegalMove, match=r"^row 1, column 4 holds loot"):
        RULES.play(start, "start 0 3")
    with pytest.raises(IllegalMove, match=r"^row 1, column 1 is 17 steps from the centre"):
        RULES.play(start, "start 0 0")
    with pytest.raises(IllegalMove, match=r"only finish on the centre, at row 8, column 11$"):
        RULES.play(play(start, "start 3 10"), "finish")
    with pytest.raises(IllegalMove, match=r"no step up from row 1, column 5$"):
        RULES.play(State(empty(9, 9), ((0, 4),)), "U")
    caught = play(RULES.initial_state(empty(9, 9)), "start 4 4", "U", "U", "U")  # onto (1, 4)
    assert RULES.outcome(caught).reason == "Caught by the storm at row 2, column 5 after 3 moves."
    assert describe_cell(start, (3, 10))[0].startswith("✓ row 4, column 11: drop here")
    assert "at row 4, column 11 ·" in RULES.state_text(play(start, "start 3 10")).splitlines()[0]


def test_a_count_of_one_is_said_in_the_singular():
    """The result read "Caught by the storm at row 1, column 11 after 1 moves.": every count
    goes through the framework's one plural helper."""
    from arcade.games.royale.controller import describe_cell

    caught = play(RULES.initial_state(SEED), "start 1 10", "U")  # row 1 is outside box 1
    assert RULES.outcome(caught).reason == "Caught by the storm at row 1, column 11 after 1 move."
    # Finish pressed one step after the drop said "...with 1 loot in 1 moves." (Pocket storm).
    finished = play(RULES.initial_state(empty(9, 9)), "start 3 4", "D", "finish")
    assert RULES.outcome(finished).reason == "Finished on the centre with 0 loot in 1 move."
    three = RULES.initial_state(empty(3, 3))  # K = 1: one step from the centre, no spare move
    assert "centre 1 step away" in describe_cell(three, (0, 1))[0]
    with pytest.raises(IllegalMove, match=r"closes after 1 move: you would never"):
        RULES.play(RULES.initial_state(empty(3, 3)), "start 0 0")
