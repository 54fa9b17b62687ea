"""A referee's check of the exact solver: an independent reference written from the spec alone.

The package's own oracle (:mod:`arcade.games.royale.bruteforce`) is the seed's DFS and shares the
rules module with the solver. This reference re-reads docs' spec (shared/specs/royale.md) instead:
a breadth-first sweep over (cell, loot taken) move by move, with the storm's box written out from
the spec's formula. The solver's route is then replayed through the rules' ``apply`` as a player
would play it (drop, steps, finish) and must win with the loot it claims.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.games.royale.logic import RULES, Level, Move, State
from arcade.games.royale.solver import solve_level

STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def reference_best(grid: list[list[int]]) -> int:
    """Most distinct loot over every legal route (-1: none). Exhaustive over (cell, taken) states."""
    n, m = len(grid), len(grid[0])
    centre = (n // 2, m // 2)
    best = -1
    layer = {((r, c), frozenset()) for r in range(n) for c in range(m) if not grid[r][c]}
    k = 0
    while layer:
        for cell, taken in layer:
            if cell == centre:
                best = max(best, len(taken))
        k += 1
        nxt = set()
        for (r, c), taken in layer:
            for dr, dc in STEPS.values():
                nr, nc = r + dr, c + dc
                if k <= nr <= n - 1 - k and k <= nc <= m - 1 - k:  # alive after the k-th move
                    nxt.add(((nr, nc), taken | {(nr, nc)} if grid[nr][nc] else taken))
        layer = nxt
    return best


def play(level: Level, start: tuple[int, int], moves: str) -> State:
    """The route as a player plays it: drop, every step, and finish on the centre unless the round ended."""
    state = RULES.apply(State(level), Move.start(start))
    for letter in moves:
        state = RULES.apply(state, Move.go(letter))
    if RULES.outcome(state) is None:
        state = RULES.apply(state, Move.finish())
    return state


@st.composite
def grids(draw) -> list[list[int]]:
    shape = draw(st.sampled_from(["any", "row", "column", "all-loot", "no-loot"]))
    rows, cols = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    if shape == "row":
        rows = 1
    elif shape == "column":
        cols = 1
    density = {"all-loot": 1.0, "no-loot": 0.0}.get(shape) or draw(st.sampled_from([0.1, 0.3, 0.5, 0.7, 0.9]))
    rng = random.Random(draw(st.integers(0, 10**6)))
    return [[int(rng.random() < density) for _ in range(cols)] for _ in range(rows)]


def judge(grid: list[list[int]]) -> None:
    level = Level.from_rows(grid)
    best = reference_best(grid)
    route = solve_level(level)
    if best < 0:
        assert route is None
        assert level.no_start_reason is not None
        return
    assert route is not None and route.exact
    assert route.loot == best
    assert not grid[route.start[0]][route.start[1]]  # a drop on a cell without loot
    final = play(level, route.start, route.moves)
    outcome = RULES.outcome(final)
    assert outcome is not None and outcome.is_win and final.on_centre
    assert final.loot == best


@settings(max_examples=300, deadline=None)
@given(grids())
def test_the_solver_matches_the_reference_and_its_route_wins_as_played(grid):
    judge(grid)


def test_the_edge_shapes_one_by_one():
    for grid in ([[0]], [[1]], [[0, 1, 0]], [[1], [0], [1]], [[1] * 7] * 7, [[0] * 6] * 6,
                 [[1, 1, 1], [1, 0, 1], [1, 1, 1]], [[0, 1, 1], [1, 1, 1], [1, 1, 1]],
                 [[1, 0], [0, 1]], [[0] * 7, [1] * 7, [0] * 7]):
        judge([list(row) for row in grid])
