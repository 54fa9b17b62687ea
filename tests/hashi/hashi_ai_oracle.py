"""Test helpers for the Hashi AI: a brute-force oracle and random small boards (hypothesis strategies)."""

from __future__ import annotations

from hypothesis import strategies as st

from arcade.core.topology import Topology
from arcade.games.hashi.logic import Puzzle, State


def brute_force(puzzle: Puzzle) -> list[tuple[int, ...]]:
    """Every solution, by trying 0/1/2 on each line in order (pruned only by crossings and numbers)."""
    lines, cross = puzzle.lines, puzzle.crossings
    need = [island.number for island in puzzle.islands]
    degree = [0] * len(need)
    counts = [0] * len(lines)
    found: list[tuple[int, ...]] = []

    def pairs_ok() -> bool:
        """At most 2 bridges between the same two islands, whichever ways round (wrapped boards)."""
        per_pair: dict[frozenset[int], int] = {}
        for line, n in zip(lines, counts):
            key = frozenset((line.a, line.b))
            per_pair[key] = per_pair.get(key, 0) + n
        return all(n <= 2 for n in per_pair.values())

    def place(k: int) -> None:
        if k == len(lines):
            if degree == need and pairs_ok() and State(puzzle, tuple(counts)).connected:
                found.append(tuple(counts))
            return
        line = lines[k]
        for value in range(3):
            if value and any(counts[other] for other in cross[k] if other < k):
                break
            if degree[line.a] + value > need[line.a] or degree[line.b] + value > need[line.b]:
                break
            counts[k] = value
            degree[line.a] += value
            degree[line.b] += value
            place(k + 1)
            counts[k] = 0
            degree[line.a] -= value
            degree[line.b] -= value

    place(0)
    return found


@st.composite
def small_puzzles(draw: st.DrawFn, max_lines: int = 12) -> Puzzle:
    """Random boards up to 5x5 on any topology; most get numbers from a random bridge set so
    that solutions exist, the rest get random numbers (often unsolvable: the solver must say so)."""
    rows, cols = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    topology = draw(st.sampled_from(list(Topology)))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    chosen = draw(st.lists(st.sampled_from(cells), min_size=2, max_size=min(9, len(cells)), unique=True))
    grid = [[0] * cols for _ in range(rows)]
    for r, c in chosen:
        grid[r][c] = draw(st.integers(1, 8))
    puzzle = Puzzle.from_grid(grid, topology)
    if draw(st.booleans()) or draw(st.booleans()):
        counts = [0] * len(puzzle.lines)
        for line in draw(st.permutations(range(len(puzzle.lines)))):
            if not any(counts[other] for other in puzzle.crossings[line]):
                counts[line] = draw(st.sampled_from((0, 1, 1, 2)))
        degrees = State(puzzle, tuple(counts)).degrees
        if all(degrees):
            for island, degree in zip(puzzle.islands, degrees):
                grid[island.pos[0]][island.pos[1]] = degree
            puzzle = Puzzle.from_grid(grid, topology)
    if len(puzzle.lines) > max_lines:
        # Keep the oracle fast: drop islands until few lines remain.
        keep = list(puzzle.islands)
        while len(keep) > 2 and len(Puzzle(puzzle.shape, tuple(keep)).lines) > max_lines:
            keep.pop()
        puzzle = Puzzle(puzzle.shape, tuple(keep))
    return puzzle
