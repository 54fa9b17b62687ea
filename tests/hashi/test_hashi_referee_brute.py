"""An independent referee for the Hashi solver's solution counts on tiny boards.

The brute force in ``hashi_ai_oracle`` reuses the game's own ``Puzzle.lines``, ``crossings`` and
``State.connected``, so a mistake in the line geometry (seams, adjacent islands, a row holding only
two islands on a cylinder) would be shared by oracle and solver and go unseen. This one knows only
the rules: it reads the grid and the topology, walks the rows and columns itself, tries 0, 1 and 2
bridges on every line it finds and checks connectivity with its own union-find. The solver's
``count_solutions`` must agree on 0, 1 or 2+ for every board, malformed ones included: numbers no
neighbours can supply, islands that see nobody, a lone island, touching islands.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.core.topology import Topology
from arcade.games.hashi import solver
from arcade.games.hashi.logic import Puzzle

Grid = list[list[int]]


def _walk(grid: Grid, topology: Topology, start: tuple[int, int], step: tuple[int, int]):
    """The island seen from ``start`` along ``step`` and the water cells passed, or None
    (a plain edge, or all the way round a wrapped row/column back to ``start``)."""
    rows, cols = len(grid), len(grid[0])
    r, c = start
    passed: list[tuple[int, int]] = []
    while True:
        r, c = r + step[0], c + step[1]
        if not 0 <= c < cols:
            if topology is Topology.PLANE:
                return None
            c %= cols
        if not 0 <= r < rows:
            if topology is not Topology.TORUS:
                return None
            r %= rows
        if (r, c) == start:
            return None
        if grid[r][c]:
            return (r, c), passed
        passed.append((r, c))


def count_by_brute_force(grid: Grid, topology: Topology, limit: int = 2) -> int:
    """Solutions of the board, counted up to ``limit``, from the rules alone."""
    islands = [(r, c) for r, row in enumerate(grid) for c, n in enumerate(row) if n]
    index = {pos: i for i, pos in enumerate(islands)}
    need = [grid[r][c] for r, c in islands]
    lines: list[tuple[int, int, bool, set[tuple[int, int]]]] = []  # a, b, horizontal, cells
    for pos in islands:
        for step in ((0, 1), (1, 0)):
            seen = _walk(grid, topology, pos, step)
            if seen is not None:
                lines.append((index[pos], index[seen[0]], step == (0, 1), set(seen[1])))
    crossing = [[j for j in range(i) if lines[i][2] != lines[j][2] and lines[i][3] & lines[j][3]]
                for i in range(len(lines))]
    room = [0] * len(islands)  # what the undecided lines could still bring each island
    for a, b, _, _ in lines:
        room[a] += 2
        room[b] += 2
    have = [0] * len(islands)
    counts = [0] * len(lines)
    found = 0

    def complete() -> bool:
        pair: dict[frozenset[int], int] = {}
        for (a, b, _, _), n in zip(lines, counts):
            pair[frozenset((a, b))] = pair.get(frozenset((a, b)), 0) + n
        if any(n > 2 for n in pair.values()):
            return False
        parent = list(range(len(islands)))

        def root(i: int) -> int:
            while parent[i] != i:
                i = parent[i]
            return i

        for (a, b, _, _), n in zip(lines, counts):
            if n:
                parent[root(a)] = root(b)
        return len({root(i) for i in range(len(islands))}) == 1

    def place(k: int) -> None:
        nonlocal found
        if found >= limit:
            return
        if k == len(lines):
            if have == need and complete():
                found += 1
            return
        a, b, _, _ = lines[k]
        room[a] -= 2
        room[b] -= 2
        for n in (0, 1, 2):
            if n and any(counts[j] for j in crossing[k]):
                break
            if have[a] + n > need[a] or have[b] + n > need[b]:
                break
            if have[a] + n + room[a] < need[a] or have[b] + n + room[b] < need[b]:
                continue
            counts[k] = n
            have[a] += n
            have[b] += n
            place(k + 1)
            have[a] -= n
            have[b] -= n
            counts[k] = 0
        room[a] += 2
        room[b] += 2

    place(0)
    return found


def _touches(cells: set[tuple[int, int]], pos: tuple[int, int], rows: int, cols: int, topology: Topology) -> bool:
    r, c = pos
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        nr, nc = r + dr, c + dc
        if topology is not Topology.PLANE:
            nc %= cols
        if topology is Topology.TORUS:
            nr %= rows
        if (nr, nc) != pos and (nr, nc) in cells:
            return True
    return False


@st.composite
def tiny_boards(draw: st.DrawFn) -> tuple[Grid, Topology]:
    """Up to 8 islands on boards from 1x2 to 5x5, any topology, touching allowed or not; three times
    in four the numbers come from a random set of bridges (often solvable), otherwise any 1-8."""
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    if rows * cols < 2:
        cols = 2
    topology = draw(st.sampled_from(list(Topology)))
    apart = draw(st.booleans())
    cells: set[tuple[int, int]] = set()
    for pos in draw(st.lists(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)),
                             min_size=1, max_size=8, unique=True)):
        if not (apart and _touches(cells, pos, rows, cols, topology)):
            cells.add(pos)
    grid = [[0] * cols for _ in range(rows)]
    for r, c in cells:
        grid[r][c] = draw(st.integers(1, 8))
    if draw(st.booleans()) or draw(st.booleans()):
        # Numbers from bridges: lay 0-2 on each line in a random order, skipping crossed ones.
        for r, c in cells:
            grid[r][c] = 1  # any non-zero marks the island for the walk
        order = sorted(cells)
        lines = []
        for pos in order:
            for step in ((0, 1), (1, 0)):
                seen = _walk(grid, topology, pos, step)
                if seen is not None:
                    lines.append((pos, seen[0], step == (0, 1), set(seen[1])))
        degree = {pos: 0 for pos in order}
        group = {pos: pos for pos in order}  # which islands the laid bridges join: a line that
        laid: list[int] = []  # joins two groups always gets bridges, so many boards are solvable
        for k in draw(st.permutations(range(len(lines)))):
            if any(lines[k][2] != lines[j][2] and lines[k][3] & lines[j][3] for j in laid):
                continue
            a, b = group[lines[k][0]], group[lines[k][1]]
            n = draw(st.sampled_from((1, 2) if a != b else (0, 0, 1, 2)))
            if a != b:
                group = {pos: a if g == b else g for pos, g in group.items()}
            if n:
                laid.append(k)
                degree[lines[k][0]] += n
                degree[lines[k][1]] += n
        for (r, c), d in degree.items():
            grid[r][c] = min(max(d, 1), 8)
    return grid, topology


@settings(max_examples=400, deadline=None)
@given(tiny_boards())
def test_solution_counts_agree_with_a_brute_force_that_shares_no_code(board):
    grid, topology = board
    puzzle = Puzzle.from_grid(grid, topology)
    expected = count_by_brute_force(grid, topology)
    assert solver.count_solutions(puzzle, 2) == expected, (grid, topology)
    assert (solver.solve(puzzle) is None) == (expected == 0)


def test_the_referee_itself_on_boards_worked_by_hand():
    plane, cylinder, torus = Topology.PLANE, Topology.CYLINDER, Topology.TORUS
    assert count_by_brute_force([[1, 0, 1]], plane) == 1
    assert count_by_brute_force([[0, 1, 0]], plane) == 0  # a lone island
    assert count_by_brute_force([[1, 1], [0, 1]], plane) == 0  # 3 islands, degree sum odd
    assert count_by_brute_force([[3, 0, 3], [0, 0, 0], [3, 0, 3]], plane) == 2
    # A row of two on a cylinder: joined straight across and round the seam, at most 2 in all.
    assert count_by_brute_force([[2, 0, 2]], cylinder, limit=10) == 3  # 2 straight, 2 round, or 1 + 1
    assert count_by_brute_force([[1, 0, 1]], cylinder, limit=10) == 2
    assert count_by_brute_force([[4, 0, 4]], cylinder) == 0
    # A column wraps only on a torus.
    assert count_by_brute_force([[1], [0], [1]], cylinder, limit=10) == 1
    assert count_by_brute_force([[1], [0], [1]], torus, limit=10) == 2
