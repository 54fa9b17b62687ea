"""The editor's verdict: it agrees with an exhaustive search, explains contradictions, and its fixes are proven."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from arcade.games.hashi import solver
from arcade.games.hashi.formats import adjacent_pairs, parse_puzzle, tatham_problems
from arcade.games.hashi.logic import Island, Puzzle, State
from arcade.games.hashi.verdict import candidates, suggest_fix, verdict
from tests.hashi.hashi_ai_oracle import brute_force, small_puzzles

KIND = {0: "none", 1: "unique", 2: "many"}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_the_verdict_matches_an_exhaustive_count(puzzle):
    every = set(brute_force(puzzle))
    v = verdict(puzzle)
    assert v.kind == KIND[min(2, len(every))]
    assert v.kind == KIND[solver.count_solutions(puzzle, 2)]
    for bridges in v.solutions:
        assert bridges in every
    if v.kind == "many":
        a, b = v.solutions
        assert a != b
        assert v.differ == {i for i, (x, y) in enumerate(zip(a, b)) if x != y}
    if v.kind == "unique":
        assert v.grade == solver.grade(puzzle).name
        assert v.rules and all(count > 0 for _, count in v.rules)
    if v.kind == "none":
        assert v.detail


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_a_suggested_fix_is_proven_unique(puzzle):
    v = verdict(puzzle)
    if v.kind != "many":
        return
    fix = suggest_fix(puzzle, *v.solutions, budget=30.0)
    if fix is not None:
        assert len(brute_force(fix.puzzle)) == 1
        assert fix.puzzle != puzzle and fix.cells


def test_two_ways_round_a_square_get_a_fix_that_makes_it_unique():
    puzzle = parse_puzzle("3.3\n...\n3.3\n")
    v = verdict(puzzle)
    assert v.kind == "many" and v.headline == "2+ solutions"
    assert len(v.differ) == 4
    fix = suggest_fix(puzzle, *v.solutions)
    assert fix is not None
    assert solver.count_solutions(fix.puzzle, 2) == 1
    assert fix.text.startswith(("Add", "Change", "Remove"))


def test_no_solution_names_the_smallest_contradiction():
    # A 5 with only two neighbours can never get its bridges: one island, highlighted.
    puzzle = parse_puzzle("5.2\n...\n2..\n")
    v = verdict(puzzle)
    assert v.kind == "none"
    assert v.islands == {puzzle.island_at[(0, 0)]}
    assert "needs 5" in v.detail
    odd = verdict(parse_puzzle("1.2\n...\n...\n"))
    assert odd.kind == "none" and "odd total" in odd.detail


def test_a_finished_group_cut_off_highlights_every_island_of_the_group():
    """"a finished group ... would be cut off" lit only the one island the solver's group is rooted
    at: the player saw a single 1 marked for a group of three."""
    puzzle = parse_puzzle("1.2.1\n.....\n.1.1.\n")
    v = verdict(puzzle)
    assert v.kind == "none" and "finished group" in v.detail and "cut off" in v.detail
    group = {puzzle.island_at[cell] for cell in ((0, 0), (0, 2), (0, 4))}
    other = {puzzle.island_at[cell] for cell in ((2, 1), (2, 3))}
    assert v.islands in (group, other), v.islands


def test_unique_gives_the_grade_and_rule_counts():
    puzzle = parse_puzzle("2.2\n...\n2.2\n")
    v = verdict(puzzle)
    assert v.kind == "unique"
    assert v.summary.startswith("Unique — grade: ")
    assert sum(count for _, count in v.rules) > 0
    assert State(puzzle, v.solutions[0]).complete


def test_the_empty_draft_is_not_a_puzzle_yet():
    assert verdict(None).kind == "empty"


def test_candidates_stay_near_the_difference():
    puzzle = parse_puzzle("3.3\n...\n3.3\n")
    v = verdict(puzzle)
    changes = [change for _, change in candidates(puzzle, *v.solutions)]
    assert changes and len({tuple(sorted(c.items())) for c in changes}) == len(changes)


def test_the_fix_of_a_square_with_room_keeps_it_a_game_id():
    """Four 3s round a square, two cells apart: the fix was "Add a 4 at row 1, column 3", beside the
    3 at column 4 -- a proven unique puzzle, but one Tatham's Bridges refuses, so the author who
    pressed F could no longer share it as a game ID. A change that touches no island comes first."""
    puzzle = parse_puzzle("3..3..\n......\n......\n3..3..\n......\n......\n")
    v = verdict(puzzle)
    fix = suggest_fix(puzzle, *v.solutions)
    assert fix is not None and solver.count_solutions(fix.puzzle, 2) == 1
    assert not adjacent_pairs(fix.puzzle) and not tatham_problems(fix.puzzle), fix.text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_a_fix_makes_islands_touch_only_when_no_other_change_works(puzzle):
    """On a puzzle with no touching islands, the fix adds a touching one only if no candidate
    that touches none makes the puzzle unique."""
    if adjacent_pairs(puzzle):
        return
    v = verdict(puzzle)
    if v.kind != "many":
        return
    fix = suggest_fix(puzzle, *v.solutions, budget=30.0)
    if fix is None or not adjacent_pairs(fix.puzzle):
        return
    for _, change in candidates(puzzle, *v.solutions):
        numbers = {isl.pos: isl.number for isl in puzzle.islands} | change
        islands = tuple(Island(cell, n) for cell, n in sorted(numbers.items()) if n)
        other = Puzzle(puzzle.shape, islands) if len(islands) >= 2 and max(numbers.values()) <= 8 else None
        if other is not None and not adjacent_pairs(other):
            assert len(brute_force(other)) != 1, f"{fix.text} was chosen over {change}"
