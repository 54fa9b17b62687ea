"""Hashi solver: rules on worked examples, search and counting against brute force, undo, benchmarks' formats."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from arcade.games.hashi import solver
from arcade.games.hashi.formats import parse_puzzle, read_puzzle
from arcade.games.hashi.logic import Puzzle, State
from tests.hashi.hashi_ai_oracle import brute_force, small_puzzles

DATA = Path(__file__).parent / "data"


def events(text: str, max_stage: int = solver.TRIAL) -> tuple[Puzzle, list[solver.Event], solver.Engine]:
    """All deductions the staged solver makes on a puzzle, in order."""
    puzzle = parse_puzzle(text)
    log: list[solver.Event] = []
    engine = solver.Engine(solver.compile_puzzle(puzzle), solver.LOCAL, log)
    for _ in solver.staged(engine, max_stage):
        pass
    return puzzle, log, engine


def line_between(puzzle: Puzzle, a: tuple[int, int], b: tuple[int, int]) -> int:
    (line,) = puzzle.line_between(puzzle.island_at[a], puzzle.island_at[b])
    return line


def find(log: list[solver.Event], rule: str, line: int) -> solver.Event:
    matches = [e for e in log if e.rule == rule and e.line == line]
    assert matches, f"no {rule} on line {line}: {log}"
    return matches[0]


# -- the rules, each on the smallest board where it fires ------------------------------
def test_single_neighbour_then_saturation():
    puzzle, log, engine = events("1.1\n")
    line = line_between(puzzle, (0, 0), (0, 2))
    assert find(log, solver.SINGLE, line).new[0] == 1
    assert find(log, solver.SATURATED, line).new == (1, 1)
    assert engine.solved()


def test_capacity_and_the_seeds_pigeonhole_rule():
    # The 3 at the bottom left needs 3: its east line takes at most 2, so at least one goes north,
    # where the 1 caps the line at one bridge (capacity).
    puzzle, log, _ = events("1.1\n...\n3.3\n")
    up = line_between(puzzle, (2, 0), (0, 0))
    assert find(log, solver.CAPACITY, line_between(puzzle, (0, 0), (0, 2))).new[1] == 1
    event = find(log, solver.PIGEONHOLE, up)
    assert event.new[0] == 1 and event.island == puzzle.island_at[(2, 0)]


def test_crossing_elimination():
    puzzle, log, engine = events(".1.2.\n.....\n1..3.\n.....\n.2.3.\n")
    crossing = [e for e in log if e.rule == solver.CROSSING]
    assert crossing
    for event in crossing:
        (cause,) = event.detail
        assert event.line in puzzle.crossings[cause] and event.new[1] == 0
    assert engine.solved()


def test_isolation_one_one_and_group():
    puzzle, log, _ = events("1.1\n...\n2.2\n")
    ones = line_between(puzzle, (0, 0), (0, 2))
    assert find(log, solver.ISOLATION_11, ones).new == (0, 0)
    twos = line_between(puzzle, (2, 0), (2, 2))
    group = find(log, solver.ISOLATION_GROUP, twos)
    assert group.new == (1, 1)  # a second bridge would close the pair off
    assert solver.grade(puzzle).name == "medium"


def test_isolation_inside_a_group_caps_a_line_that_would_close_it():
    # A square of four islands already joined by sure bridges (north, east, south sides) still
    # needs 2 at each west corner and nothing elsewhere: a double bridge on the west side would
    # meet the group's last 4 and close it off from the 1s on the right, so at most one goes there.
    puzzle = parse_puzzle("3.2.1\n.....\n3.2.1\n")
    engine = solver.Engine(solver.compile_puzzle(puzzle), solver.LOCAL, [])
    sure = {((0, 0), (0, 2)): 1, ((0, 2), (2, 2)): 1, ((2, 0), (2, 2)): 1, ((0, 2), (0, 4)): 0, ((2, 2), (2, 4)): 0}
    for (a, b), count in sure.items():
        engine.restrict(line_between(puzzle, a, b), count, count)
    west = line_between(puzzle, (0, 0), (2, 0))
    assert (engine.lo[west], engine.hi[west]) == (0, 2)
    assert engine._isolate(west)
    assert (engine.lo[west], engine.hi[west]) == (0, 1)


def test_isolation_two_two():
    puzzle, log, engine = events("2.2\n...\n2.2\n")
    assert find(log, solver.ISOLATION_22, line_between(puzzle, (0, 0), (0, 2))).new[1] == 1
    assert engine.bridges() == (1, 1, 1, 1)


def test_isolation_never_applies_to_the_whole_board():
    puzzle, log, engine = events("1.1\n")
    assert not [e for e in log if e.rule.startswith("Isolation")]
    assert engine.solved() and solver.count_solutions(puzzle) == 1


def test_parity_and_cut_lines():
    puzzle = parse_puzzle("1.2.1\n")
    log: list[solver.Event] = []
    engine = solver.Engine(solver.compile_puzzle(puzzle), solver.CONNECTIVITY, log)
    engine._connectivity()
    # Each line cuts off one side; the far side's remaining demand is odd, so exactly 1 bridge.
    assert [(e.rule, e.new) for e in log] == [(solver.PARITY, (1, 1)), (solver.PARITY, (1, 1))]

    puzzle = parse_puzzle("2.4.2\n")
    log = []
    engine = solver.Engine(solver.compile_puzzle(puzzle), solver.CONNECTIVITY, log)
    engine._connectivity()
    assert {e.new for e in log} == {(2, 2)}  # even demand beyond: a double bridge

    puzzle = parse_puzzle("1.2.1\n")
    log = []
    engine = solver.Engine(solver.compile_puzzle(puzzle), solver.CONNECTIVITY, log)
    engine.restrict(0, 0, 1)
    engine.restrict(1, 0, 1)
    engine._connectivity()
    assert [(e.rule, e.new) for e in log[2:]] == [(solver.CUT_LINE, (1, 1))] * 2


def test_split_network_is_a_contradiction():
    engine = solver.Engine(solver.compile_puzzle(parse_puzzle("1.1\n...\n1.1\n")), solver.CONNECTIVITY)
    engine.restrict(0, 0, 0)
    engine.restrict(1, 0, 0)
    with pytest.raises(solver.Contradiction) as info:
        engine.propagate()
    assert info.value.args[0] in ("split", "short", "closed")


def test_trial_rule_makes_a_puzzle_hard():
    text = ".2..2\n.....\n.31.3\n.....\n.3..2\n"
    puzzle, log, engine = events(text)
    trials = [e for e in log if e.rule == solver.TRIAL_RULE]
    assert trials and engine.solved()
    _assumed, (kind, _subject) = trials[0].detail
    assert kind in ("over", "short", "closed", "split", "empty", "cross")
    assert solver.grade(puzzle).name == "hard"
    _, _, weaker = events(text, max_stage=solver.CONNECTIVITY)
    assert not weaker.solved()


def test_grades_of_small_examples():
    assert solver.grade(parse_puzzle("2.2\n")).name == "easy"
    assert solver.grade(parse_puzzle("1.1\n...\n2.2\n")).name == "medium"
    ring = parse_puzzle("3.3\n...\n3.3\n")
    assert solver.grade(ring).name == "search"
    assert solver.count_solutions(ring) == 2


def test_a_lone_island_has_no_solution():
    puzzle = Puzzle.from_grid([[0, 1, 0]])
    assert solver.count_solutions(puzzle) == 0 and solver.solve(puzzle) is None


@pytest.mark.parametrize(("text", "count"), [
    ("1.2\n", 0), ("1.1\n", 1), ("2.1\n", 0), ("3.3\n...\n3.3\n", 2), ("1.1\n...\n1.1\n", 0),
])
def test_counts_of_tiny_boards(text, count):
    puzzle = parse_puzzle(text)
    assert solver.count_solutions(puzzle, 10) == count == len(brute_force(puzzle))
    solution = solver.solve(puzzle)
    assert (solution is not None) == (count > 0)
    if solution is not None:
        assert solution.complete


# -- search and counting against brute force -------------------------------------------
@settings(max_examples=250, deadline=None)
@given(small_puzzles())
def test_search_finds_exactly_the_brute_force_solutions(puzzle):
    expected = set(brute_force(puzzle))
    found: list[tuple[int, ...]] = []
    count = solver.search(solver.Engine(solver.compile_puzzle(puzzle)), 10**6, on_solution=found.append)
    assert count == len(found) == len(expected)
    assert set(found) == expected
    assert solver.count_solutions(puzzle, 2) == min(2, len(expected))
    one = solver.solve(puzzle)
    assert (one is None) == (not expected)
    if one is not None:
        assert one.complete and one.bridges in expected


@settings(max_examples=150, deadline=None)
@given(small_puzzles())
def test_deduction_never_contradicts_a_solution(puzzle):
    """Every rule is sound: whatever staged deduction narrows, every solution still fits."""
    expected = brute_force(puzzle)
    engine = solver.Engine(solver.compile_puzzle(puzzle), solver.LOCAL)
    try:
        for _ in solver.staged(engine):
            pass
    except solver.Contradiction:
        assert not expected
        return
    for solution in expected:
        assert all(engine.lo[x] <= solution[x] <= engine.hi[x] for x in range(len(solution)))
    if engine.solved() and expected:
        assert expected == [engine.bridges()]


def engine_snapshot(e: solver.Engine) -> tuple:
    """Everything an engine holds about the board (bounds, reasons, sums, groups, live lines)."""
    return (list(e.lo), list(e.hi), list(e.lomask), list(e.himask), list(e.slo), list(e.shi),
            list(e.rootof), list(e.size), list(e.crem), [e.gmask[r] for r in range(e.net.n)], e.groups,
            sorted(e.live[:e.nlive]), [sorted(e.members[r]) for r in range(e.net.n) if e.rootof[r] == r])


@settings(max_examples=60, deadline=None)
@given(small_puzzles(), st.randoms(use_true_random=False))
def test_undo_restores_the_engine_exactly(puzzle, rnd):
    engine = solver.Engine(solver.compile_puzzle(puzzle))
    snapshot = engine_snapshot

    try:
        engine.propagate()
    except solver.Contradiction:
        return
    before, mark = snapshot(engine), engine.mark()
    for depth in range(1, 6):
        open_lines = engine.open_lines()
        if not open_lines:
            break
        line = rnd.choice(open_lines)
        value = rnd.randint(engine.lo[line], engine.hi[line])
        try:
            engine.restrict(line, value, value, 1 << depth)
            engine.propagate()
        except solver.Contradiction:
            break
    engine.undo(mark)
    assert snapshot(engine) == before


# -- real inputs -------------------------------------------------------------------------
def test_literature_instance_is_solved():
    puzzle = read_puzzle(DATA / "Hs_16_100_25_00_001.has")
    assert len(puzzle.islands) == 100
    solution = solver.solve(puzzle)
    assert solution is not None and solution.complete
    assert all(not (solution.bridges[x] and any(solution.bridges[y] for y in puzzle.crossings[x]))
               for x in range(len(puzzle.lines)))


def test_tatham_game_id_from_the_spec():
    puzzle = parse_puzzle("7x7m2:a3d31g5a5a2e1b3b2d3b3a23d2a")
    assert solver.count_solutions(puzzle) == 1
    assert solver.grade(puzzle).solved
    assert solver.solve(puzzle).complete


def test_wrapped_board_with_two_lines_between_the_same_pair():
    puzzle = Puzzle.from_grid([[2, 0, 0, 2]], topology=parse_puzzle("# topology: cylinder\n2..2\n").topology)
    assert len(puzzle.lines) == 2  # one each way round
    assert solver.count_solutions(puzzle, 10) == len(brute_force(puzzle)) == 3
    assert all(State(puzzle, s).complete for s in solver.solutions(puzzle, 10))


def lattice(side: int, step: int) -> str:
    """A board of islands every ``step`` cells, each bridged once to its right and lower neighbour."""
    rows = []
    count = (side - 1) // step + 1
    for r in range(side):
        row = ["."] * side
        if r % step == 0:
            for c in range(0, side, step):
                i, j = r // step, c // step
                row[c] = str((i > 0) + (i < count - 1) + (j > 0) + (j < count - 1))
        rows.append("".join(row))
    return "\n".join(rows) + "\n"


def test_a_large_lattice_is_counted_without_an_unlucky_restart_budget():
    """The restart budget grew past 400 islands (half a conflict per island), for lattices like
    these; they now take one conflict whatever the budget, and on a random 80x80 lattice the grown
    budget kept the search from any solution for minutes. Both kinds of large board count to two
    with the one budget."""
    from arcade.games.hashi.solver.search import Search

    puzzle = parse_puzzle(lattice(41, 2))  # 441 islands, more than one network
    engine = solver.Engine(solver.compile_puzzle(puzzle))
    engine.propagate()
    search = Search(engine)
    assert search.run(2) == 2 and search.conflicts < Search.RESTART_BASE  # no restart was needed


# -- the search with restarts forced after every conflict ---------------------------------
#: ``generate hashi --size 12x9 --difficulty hard --topology cylinder --seed 7``: a unique puzzle
#: that counted two solutions while the search's end undid the trail to the restart budget's
#: number instead of its own start mark (e18c31e).
HARD_CYLINDER_SEED_7 = """\
# topology: cylinder
.4...3.1.1.2
1..1.2......
.......3.5..
...2........
2....3...4..
.3.4...2...1
3....3...3..
............
.2.3.4......
"""
LEVELS = Path(__file__).resolve().parents[2] / "levels" / "hashi"


@pytest.fixture
def restart_always(monkeypatch):
    """A restart after every conflict (the Luby sequence still grows, so the search ends): the
    restart and undo bookkeeping runs on small boards, where the usual budget of 100 conflicts
    is never reached."""
    from arcade.games.hashi.solver.search import Search

    monkeypatch.setattr(Search, "RESTART_BASE", 1)


def searched_twice(puzzle: Puzzle, limit: int = 2) -> tuple[int, int]:
    """Count on one engine twice; the engine after each search must be as it was before it."""
    engine = solver.Engine(solver.compile_puzzle(puzzle))
    engine.propagate()
    before, mark = engine_snapshot(engine), engine.mark()
    first = solver.Search(engine).run(limit)
    assert engine.mark() == mark, "the search did not undo its trail to where it started"
    assert engine_snapshot(engine) == before, "the search left the engine changed"
    second = solver.Search(engine).run(limit)
    assert engine.mark() == mark and engine_snapshot(engine) == before
    return first, second


@pytest.mark.parametrize("name", ["seed 7", "01-deep-water", "05-endless-current", "10-storm-surge"])
def test_unique_hard_puzzles_count_one_solution_with_restarts_forced(restart_always, name):
    puzzle = (parse_puzzle(HARD_CYLINDER_SEED_7) if name == "seed 7"
              else read_puzzle(LEVELS / "hard" / f"{name}.txt"))
    assert searched_twice(puzzle) == (1, 1)
    assert solver.count_solutions(puzzle, 2) == 1


@settings(max_examples=150, deadline=None)
@given(small_puzzles())
def test_restarts_forced_the_search_still_finds_exactly_the_brute_force_solutions(puzzle):
    from arcade.games.hashi.solver.search import Search

    # (hypothesis runs the body many times per fixture: the class attributes are set here, and put back)
    saved = Search.RESTART_BASE
    Search.RESTART_BASE = 1
    try:
        expected = set(brute_force(puzzle))
        found: list[tuple[int, ...]] = []
        engine = solver.Engine(solver.compile_puzzle(puzzle))
        try:
            engine.propagate()
        except solver.Contradiction:
            assert not expected
            return
        before, mark = engine_snapshot(engine), engine.mark()
        count = solver.Search(engine).run(10**6, found.append)
        assert count == len(found) == len(expected) and set(found) == expected
        assert engine.mark() == mark and engine_snapshot(engine) == before
        assert solver.Search(engine).run(2) == min(2, len(expected))  # the same engine, searched again
    finally:
        Search.RESTART_BASE = saved


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=1, max_size=16))
def test_cut_lines_are_exactly_the_edges_whose_removal_splits_the_graph(pairs):
    """The connectivity rule's Tarjan walk (rewritten for speed: it was most of a trial step on big
    boards) against the definition, on random multigraphs with parallel edges."""
    from arcade.games.hashi.solver.engine import _bridges_of

    edges = [(k, u, v) for k, (u, v) in enumerate(pairs) if u != v]
    assume(edges)
    adj: dict[int, list[tuple[int, int]]] = {}
    for k, u, v in edges:
        adj.setdefault(u, []).append((k, v))
        adj.setdefault(v, []).append((k, u))
    start = next(iter(adj))

    def reach(skip: int) -> set[int]:
        seen, todo = {start}, [start]
        while todo:
            for k, w in adj[todo.pop()]:
                if k != skip and w not in seen:
                    seen.add(w)
                    todo.append(w)
        return seen

    disc, fin, via, cuts = _bridges_of(adj, start)
    whole = reach(-1)
    assert set(disc) == whole and via[start] == -1
    assert {k for k, _ in cuts} == {k for k, u, v in edges if u in whole and len(reach(k)) < len(whole)}
    for line, below in cuts:  # the node below a cut line heads the part only that line reaches
        assert via[below] == line
        assert {r for r, d in disc.items() if disc[below] <= d <= fin[below]} == whole - reach(line)
