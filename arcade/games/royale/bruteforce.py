"""The seed's brute-force search (pure): try every start and every walk, simulating the storm step by step.

This is the student's "intended" solution, kept as the test oracle: it knows nothing of
budgets, bounds or tables -- it erases loot as it walks over it, puts it back when it
backtracks, kills walks that leave the shrinking box, and records the best loot seen on
the centre. Exponential: only for grids up to about 11x11.
"""

from __future__ import annotations

from arcade.games.royale.logic import DIRECTIONS, Cell, Level, State


def brute_force(level: Level, state: State | None = None) -> tuple[int, Cell | None, str]:
    """(best loot, start, moves) over every start -- or, for a placed ``state``, the best *new*
    loot and moves from there. Loot is -1 (start None) when no walk reaches the centre."""
    n, m = level.rows, level.cols
    centre = level.centre
    grid = [list(row) for row in level.loot]
    best: list = [-1, None, ""]
    path: list[str] = []

    def walk(r: int, c: int, k: int, gained: int, start: Cell) -> None:
        if (r, c) == centre and gained > best[0]:
            best[:] = [gained, start, "".join(path)]
        k += 1
        for letter, (dr, dc) in DIRECTIONS.items():
            nr, nc = r + dr, c + dc
            if k <= nr <= n - 1 - k and k <= nc <= m - 1 - k:
                value = grid[nr][nc]
                grid[nr][nc] = 0
                path.append(letter)
                walk(nr, nc, k, gained + value, start)
                path.pop()
                grid[nr][nc] = value

    if state is not None and state.placed:
        if state.dead or state.finished:
            return -1, None, ""
        for cell in state.collected:
            grid[cell[0]][cell[1]] = 0
        r, c = state.path[-1]
        grid[r][c] = 0
        walk(r, c, state.moves, 0, (r, c))
        return best[0], best[1], best[2]
    for r in range(n):
        for c in range(m):
            if not grid[r][c]:
                walk(r, c, 0, 0, (r, c))
    return best[0], best[1], best[2]
