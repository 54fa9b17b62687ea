"""Hashi rules from worked examples: lines, crossings, wrapping, adjacency, connectivity, the win test, moves."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.core.errors import IllegalMove
from arcade.core.session import Session
from arcade.core.topology import Topology
from arcade.games.hashi.formats import parse_puzzle
from arcade.games.hashi.logic import RULES, Move, Puzzle, State, line_move, mark_move
from tests.hashi.hashi_oracle import all_solutions


def puzzle(text: str, topology: str = "plane") -> Puzzle:
    header = f"# topology: {topology}\n" if topology != "plane" else ""
    return parse_puzzle(header + text.strip() + "\n", "test")


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = RULES.play(state, text)
    return state


def lines_between(p: Puzzle, a: tuple[int, int], b: tuple[int, int]) -> list[int]:
    return p.line_between(p.island_at[a], p.island_at[b])


# -- lines ----------------------------------------------------------------------------------------
def test_lines_join_islands_that_see_each_other_and_stop_at_the_first_island():
    p = puzzle("2.3.1\n.....\n1....")
    pairs = {(p.islands[ln.a].pos, p.islands[ln.b].pos) for ln in p.lines}
    assert pairs == {((0, 0), (0, 2)), ((0, 2), (0, 4)), ((0, 0), (2, 0))}
    (line,) = lines_between(p, (0, 0), (0, 2))
    assert p.lines[line].cells == ((0, 1),) and not p.lines[line].wraps
    assert p.line_from(p.island_at[(0, 2)], "W") == line
    assert p.line_from(p.island_at[(0, 2)], "S") is None


def test_adjacent_islands_get_a_line_without_cells_and_can_be_bridged_to_a_win():
    p = puzzle("12\n.1")
    (line,) = lines_between(p, (0, 0), (0, 1))
    assert p.lines[line].cells == ()
    state = play(State.empty(p), "set 0 0 E 1", "set 0 1 S 1")
    assert state.complete
    assert RULES.outcome(state) is not None and RULES.outcome(state).is_win


def test_crossing_lines_are_found_and_a_crossing_bridge_is_refused_with_a_reason():
    p = puzzle(".1.\n1.1\n.1.")
    (h,) = lines_between(p, (1, 0), (1, 2))
    (v,) = lines_between(p, (0, 1), (2, 1))
    assert p.crossings[h] == (v,) and p.crossings[v] == (h,)
    state = play(State.empty(p), "set 1 0 E 1")
    assert state.capacity(v) == 0 and state.blocked_by(v) == h
    with pytest.raises(IllegalMove, match="cross the bridge between the 1 at row 2, column 1"):
        RULES.play(state, "set 0 1 S 1")
    # A hand-built state with both bridges is invalid and never a win, even with every number met.
    crossed = State(p, tuple(1 if i in (h, v) else 0 for i in range(len(p.lines))))
    assert not crossed.valid and crossed.crossed_lines == {h, v}
    assert not crossed.complete
    assert "cross" in crossed.problems()[0]


def test_a_bridge_cannot_pass_an_island():
    p = puzzle("1.2.1")
    assert lines_between(p, (0, 0), (0, 4)) == []


# -- wrapping -------------------------------------------------------------------------------------
def test_on_a_plane_nothing_wraps():
    p = puzzle("1..1")
    assert len(p.lines) == 1 and not p.lines[0].wraps


def test_on_a_cylinder_two_islands_in_a_row_are_joined_both_ways_round():
    p = puzzle("1..1", "cylinder")
    direct, wrapped = sorted(lines_between(p, (0, 0), (0, 3)), key=lambda i: p.lines[i].wraps)
    assert p.lines[direct].cells == ((0, 1), (0, 2)) and not p.lines[direct].wraps
    assert p.lines[wrapped].cells == () and p.lines[wrapped].wraps
    assert p.lines[wrapped].a == p.island_at[(0, 3)]  # it leaves the right edge going east
    assert p.line_from(p.island_at[(0, 0)], "W") == wrapped
    # Either way round is a valid solution: both win.
    by_wrap = play(State.empty(p), "set 0 0 W 1")
    by_row = play(State.empty(p), "set 0 0 E 1")
    assert by_wrap.complete and by_row.complete and by_wrap != by_row


def test_a_cylinder_does_not_wrap_columns_but_a_torus_does():
    cyl = puzzle("1\n.\n.\n1", "cylinder")
    assert [ln.wraps for ln in cyl.lines] == [False]
    torus = puzzle("1\n.\n.\n1", "torus")
    assert sorted(ln.wraps for ln in torus.lines) == [False, True]
    wrapped = next(ln for ln in torus.lines if ln.wraps)
    assert wrapped.direction == "S" and wrapped.cells == ()


def test_wrapped_lines_cross_other_lines_across_the_seam():
    # Row 1 joins (1,1) and (1,3) round the edge through (1,4) and (1,0); column 4 joins (0,4) and (2,4).
    p = puzzle("....1\n.1.1.\n....1", "cylinder")
    (wrap,) = [i for i in lines_between(p, (1, 1), (1, 3)) if p.lines[i].wraps]
    assert p.lines[wrap].cells == ((1, 4), (1, 0))
    (vertical,) = lines_between(p, (0, 4), (2, 4))
    assert vertical in p.crossings[wrap]
    state = play(State.empty(p), "set 0 4 S 1")
    with pytest.raises(IllegalMove, match="cross"):
        RULES.play(state, "set 1 3 E 1")


def test_a_lone_island_in_a_wrapped_row_does_not_see_itself():
    p = puzzle("1...\n1...", "torus")
    assert all(p.lines[i].a != p.lines[i].b for i in range(len(p.lines)))
    assert all(not ln.horizontal for ln in p.lines)


# -- connectivity and the win test ------------------------------------------------------------------
def test_every_number_met_but_two_pieces_is_not_a_win():
    p = puzzle("2.2\n...\n2.2")
    pairs = play(State.empty(p), "set 0 0 E 2", "set 2 0 E 2")
    assert all(pairs.status(i) == "done" for i in range(4))
    assert not pairs.connected and not pairs.complete and RULES.outcome(pairs) is None
    assert len(pairs.closed_groups()) == 2
    assert any("cut off" in text for text in pairs.problems())
    ring = play(State.empty(p), "set 0 0 E 1", "set 2 0 E 1", "set 0 0 S 1", "set 0 2 S 1")
    assert ring.complete and RULES.outcome(ring).reason == "All 4 islands are satisfied and connected."


def test_a_solved_board_is_one_network_not_a_group_cut_off_from_the_rest():
    # Every island of a solved board is done and they form one group: that group is the whole
    # network, so nothing is painted amber and the status line names no problem.
    p = puzzle("2.2\n...\n2.2")
    ring = play(State.empty(p), "set 0 0 E 1", "set 2 0 E 1", "set 0 0 S 1", "set 0 2 S 1")
    assert ring.complete
    assert ring.closed_groups() == [] and ring.analysis.closed == frozenset()
    assert ring.problems() == []


def test_any_valid_solution_wins_not_only_the_intended_one():
    # Designed with one network in mind (seed 003's generator would store it), but it has several solutions.
    p = puzzle("2.2...1\n.......\n3.3.3.2\n.......\n3.2.1.3\n.......\n..3...4")
    solutions = all_solutions(p)
    assert len(solutions) == 2
    for solution in solutions:
        assert solution.complete
        state = State.empty(p)
        for index, n in enumerate(solution.bridges):
            if n:
                state = RULES.apply(state, line_move(p, index, n))
        assert RULES.outcome(state) is not None


def _brute_force_complete(state: State) -> bool:
    """An independent win test: counts, no crossing, one connected network (BFS)."""
    p = state.puzzle
    degree = [0] * len(p.islands)
    used_cells: dict[tuple[int, int], bool] = {}
    for line, n in zip(p.lines, state.bridges):
        if not n:
            continue
        degree[line.a] += n
        degree[line.b] += n
        for cell in line.cells:
            if cell in used_cells and used_cells[cell] != line.horizontal:
                return False
            used_cells[cell] = line.horizontal
    if degree != [i.number for i in p.islands]:
        return False
    per_pair: dict[frozenset[int], int] = {}  # both ways round a wrapped row count for the pair
    for line, n in zip(p.lines, state.bridges):
        per_pair[frozenset((line.a, line.b))] = per_pair.get(frozenset((line.a, line.b)), 0) + n
    if any(n > 2 for n in per_pair.values()):
        return False
    seen = {0}
    queue = deque([0])
    while queue:
        i = queue.popleft()
        for index, _ in p.lines_of[i]:
            j = p.lines[index].other(i)
            if state.bridges[index] and j not in seen:
                seen.add(j)
                queue.append(j)
    return len(seen) == len(p.islands)


@st.composite
def small_puzzles(draw: st.DrawFn) -> Puzzle:
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(2, 4))
    cells = draw(st.lists(st.integers(0, 4), min_size=rows * cols, max_size=rows * cols))
    if sum(1 for c in cells if c) < 2:
        cells[0], cells[-1] = 1, 1
    topology = draw(st.sampled_from(list(Topology)))
    return Puzzle.from_grid([cells[r * cols:(r + 1) * cols] for r in range(rows)], topology)


@settings(max_examples=150, deadline=None)
@given(small_puzzles(), st.data())
def test_the_win_test_agrees_with_an_independent_check_on_random_boards(p, data):
    bridges = tuple(data.draw(st.lists(st.integers(0, 2), min_size=len(p.lines), max_size=len(p.lines))))
    state = State(p, bridges)
    assert state.complete == _brute_force_complete(state)
    for solution in all_solutions(p, limit=20):
        assert solution.complete and _brute_force_complete(solution)


# -- island states ---------------------------------------------------------------------------------
def test_short_done_over_and_stuck_islands():
    p = puzzle("3.1\n...\n1..")
    corner = p.island_at[(0, 0)]
    state = play(State.empty(p), "set 0 0 E 1")
    assert state.status(corner) == "short"
    # The 3 can still get two more... only from the 1 below: at most 1 more. It is stuck.
    assert state.stuck(corner) and corner in state.analysis.stuck
    assert "can no longer get 3 bridges" in " ".join(state.problems())
    over = play(State.empty(p), "set 0 0 E 2")
    assert over.status(p.island_at[(0, 2)]) == "over" and p.island_at[(0, 2)] in over.analysis.over
    assert "too many" in over.problems()[0]


def test_a_mark_removes_room_and_can_make_an_island_stuck():
    p = puzzle("2.2")
    state = play(State.empty(p), "mark 0 0 E")
    assert state.stuck(0) and state.stuck(1)
    assert play(state, "unmark 0 2 W").marks == frozenset()


# -- moves ------------------------------------------------------------------------------------------
def test_moves_round_trip_through_text_and_name_a_line_from_either_end():
    p = puzzle("2.2")
    for text in ("set 0 0 E 2", "mark 0 2 W", "unmark 0 0 E", "lock 0 2", "unlock 0 0"):
        assert str(Move.parse(text)) == text
        assert RULES.decode_move(RULES.encode_move(Move.parse(text))) == Move.parse(text)
    assert play(State.empty(p), "set 0 2 W 2") == play(State.empty(p), "set 0 0 E 2")
    assert Move.parse("SET 0 0 e 1") == Move("set", (0, 0), "E", 1)


@pytest.mark.parametrize("text", ["", "set", "set 0 0 E", "set a b E 1", "set 0 0 X 1", "jump 1 2",
                                  "lock 1", "mark 0 0", "set 0 0 E 1 extra", "unlock 0 0 0"])
def test_garbage_moves_are_refused_with_a_reason(text):
    with pytest.raises(IllegalMove):
        RULES.decode_move(text)


@pytest.mark.parametrize(("moves", "reason"), [
    (["set 1 1 E 1"], "no island at row 2, column 2"),
    (["set 0 0 N 1"], "sees no island to the north"),
    (["set 0 0 E 3"], "at most 2 bridges"),
    (["lock 0 0", "set 0 2 W 1"], "locked as finished"),
    (["mark 0 0 E", "set 0 0 E 1"], "marked 'no bridge here'"),
    (["set 0 0 E 1", "mark 0 0 E"], "remove the bridges before marking"),
])
def test_refused_moves_explain_why(moves, reason):
    state = State.empty(puzzle("2.2\n...\n2.2"))
    *first, last = moves
    state = play(state, *first)
    with pytest.raises(IllegalMove, match=reason):
        RULES.play(state, last)


def test_a_solved_state_can_still_be_edited_by_the_rules_but_has_no_legal_moves():
    solved = play(State.empty(puzzle("2.2")), "set 0 0 E 2")
    assert solved.complete and RULES.legal_moves(solved) == []
    assert RULES.play(solved, "set 0 0 E 1").bridges == (1,)  # solvers may step back from a solution


def test_locks_do_not_change_bridges_and_unlock_restores_play():
    p = puzzle("2.2")
    locked = play(State.empty(p), "lock 0 0")
    assert locked.locks == {0} and locked.bridges == (0,)
    assert play(locked, "unlock 0 0", "set 0 0 E 2").complete


def test_legal_moves_are_all_accepted_and_finished_games_have_none():
    p = puzzle("2.3\n...\n..1", "cylinder")
    state = State.empty(p)
    moves = RULES.legal_moves(state)
    assert moves
    for move in moves:
        RULES.apply(state, move)
    solved = all_solutions(p)[0]
    assert RULES.legal_moves(solved) == []


@settings(max_examples=40, deadline=None)
@given(small_puzzles(), st.lists(st.integers(0, 10_000), max_size=25))
def test_random_legal_sequences_survive_text_saves_and_undo(p, picks):
    session = Session(RULES, p)
    states = [session.state]
    for pick in picks:
        moves = RULES.legal_moves(session.state)
        if not moves:
            break
        session.play(RULES.encode_move(moves[pick % len(moves)]))
        states.append(session.state)
    again = Session.from_json(RULES, session.to_json())
    assert again.state == session.state
    for expected in reversed(states[:-1]):
        session.undo()
        assert session.state == expected


# -- text form --------------------------------------------------------------------------------------
def test_ascii_board_shows_bridges_marks_and_adjacent_bridges():
    p = puzzle("3.2.\n....\n2..1\n.11.")
    state = play(State.empty(p), "set 0 0 E 2", "set 0 0 S 1", "set 2 0 E 1", "mark 0 2 S", "set 3 1 E 1")
    assert str(state) == (
        "3=2.\n"
        "|.x.\n"
        "2--1\n"
        ".11.\n"
        "bridges between adjacent islands: 3 1 3 2 1"
    )
    assert state.bridge_list() == [(0, 0, 0, 2, 2), (0, 0, 2, 0, 1), (2, 0, 2, 3, 1), (3, 1, 3, 2, 1)]


def test_move_helpers_name_lines_from_their_first_island():
    p = puzzle("2.2")
    assert line_move(p, 0, 2) == Move("set", (0, 0), "E", 2)
    assert mark_move(p, 0, False) == Move("unmark", (0, 0), "E")
    assert p.describe_line(0) == "the 2 at row 1, column 1 and the 2 at row 1, column 3"


def test_puzzles_reject_impossible_islands():
    from arcade.core.topology import Shape
    from arcade.games.hashi.logic import Island

    with pytest.raises(ValueError, match="off the"):
        Puzzle(Shape(2, 2), (Island((2, 0), 1),))
    with pytest.raises(ValueError, match="number 9"):
        Puzzle(Shape(2, 2), (Island((0, 0), 9),))
    with pytest.raises(ValueError, match="share"):
        Puzzle(Shape(2, 2), (Island((0, 0), 1), Island((0, 0), 2)))


def test_at_most_two_bridges_join_a_pair_whichever_way_round():
    """The spec: "at most 2 between the same pair". On a cylinder row holding only two islands,
    both routes (straight across and round the edge) join them: 2 on each was allowed, 4 in all."""
    from arcade.games.hashi import solver

    puzzle = parse_puzzle("# topology: cylinder\n2..2\n....\n")
    across, round_the_edge = puzzle.line_between(0, 1)
    assert puzzle.lines[round_the_edge].wraps and not puzzle.lines[across].wraps
    assert puzzle.twins[across] == (round_the_edge,)
    state = RULES.apply(State.empty(puzzle), line_move(puzzle, across, 2))
    assert state.capacity(round_the_edge) == 0
    with pytest.raises(IllegalMove, match="already have 2 the other way round"):
        RULES.apply(state, line_move(puzzle, round_the_edge, 1))
    assert all(m.count == 0 for m in RULES.legal_moves(state) if m.kind == "set" and m.direction == "E"
               and RULES.resolve_line(state, m) == round_the_edge)
    split = RULES.apply(RULES.apply(State.empty(puzzle), line_move(puzzle, across, 1)),
                        line_move(puzzle, round_the_edge, 1))
    assert split.complete  # one each way is two for the pair
    assert len(all_solutions(puzzle)) == 3 and solver.count_solutions(puzzle, 5) == 3
    four = parse_puzzle("# topology: cylinder\n4..4\n....\n")
    assert all_solutions(four) == [] and solver.count_solutions(four, 2) == 0
    assert not State(four, (2, 2)).valid


def test_the_solver_deduces_and_explains_the_pair_limit():
    """A bridge across leaves the way round the edge at most 2 minus it: a named rule, in words."""
    from arcade.games.hashi import explain, solver

    puzzle = parse_puzzle("# topology: cylinder\n3..2\n....\n1...\n")
    across, round_the_edge = puzzle.line_between(0, 1)
    log: list[solver.Event] = []
    engine = solver.Engine(solver.compile_puzzle(puzzle), solver.LOCAL, log)
    engine.restrict(across, 2, 2)
    engine.propagate()
    assert engine.hi[round_the_edge] == 0
    pair = next(e for e in log if e.rule == solver.PAIR)
    assert pair.line == round_the_edge and pair.detail == (across,)
    text = explain.sentence(puzzle, pair)
    assert text.startswith("At most 2 bridges join the same two islands") and ", no bridge on the line" in text
