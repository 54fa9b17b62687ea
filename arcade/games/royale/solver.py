"""Exact Battle Royale solver (pure): the most loot and one route that takes it, from the start or mid-game.

Why it is fast -- three observations (docs/royale.md has the long version):

1. **The storm is a budget.** A route ending on the centre after T <= K moves is alive
   at every step, because at time t it is at most T - t <= K - t steps from the centre
   and that diamond lies inside the storm's box. So the rules reduce to: a walk of at
   most ``R = K - k`` more steps that ends on the centre. Each step away from the
   centre costs two steps of the budget: the *slack* ``R - dist(cell, centre)`` says how
   many detours (``a = slack // 2`` away steps) are left.

2. **A relaxation that is exact when slack is low.** A walk can only come back to a
   cell it saw j steps ago if it made j/2 away steps in between. We precompute, with
   numpy over the whole grid, ``F[R][h][cell]``: the most loot a walk of <= R steps to
   the centre can collect if we only forbid counting a cell seen 2 or 4 steps earlier
   (``h`` is one of 37 states remembering the last three steps). That is an upper bound
   everywhere and *exact* when at most two away steps are left and no loot already
   taken lies where the walk could still go.

3. **Branch and bound with aspiration.** Depth-first search over moves, ordered by the
   bound, pruned by it, and memoised on ``(cell, R, loot taken that the walk could
   still revisit)`` -- loot out of reach no longer matters, which keeps the key small.
   We ask "is there a route with >= T loot?" for T from the root bound downwards: a
   failed T proves that nothing better exists, the first success is optimal.

The seed's plain brute-force DFS lives in :mod:`arcade.games.royale.bruteforce`; the
tests check this solver against it on many small grids.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from arcade.games.royale.logic import DIRECTIONS, Cell, Level, State

LETTERS = tuple(DIRECTIONS)  # U D L R
VECTORS = tuple(DIRECTIONS.values())
NEG = -1000
#: Memo entries kept before the table is cleared (it is a cache; clearing never loses exactness).
MEMO_LIMIT = 1_500_000


# -- history states of the relaxation ---------------------------------------------------
# A state remembers where the last three cells were, relative to the current one
# (P1, P2, P3), dropping what can no longer matter, so that a step onto the cell of one
# or three steps ago earns nothing. 37 states; computed once at import.
def _canon(offsets: list[Cell | None]) -> tuple[Cell | None, ...]:
    out: list[Cell | None] = []
    seen: set[Cell] = set()
    span = len(offsets)
    for q, p in enumerate(offsets, 1):
        if p is None or p == (0, 0) or p in seen:
            out.append(None)
            continue
        distance = abs(p[0]) + abs(p[1])
        # P_q is zeroed on a step s moves from now if q + s is odd; it must be adjacent then.
        useful = any((q + s) % 2 == 1 and distance <= s + 1 for s in range(span - q + 1))
        out.append(p if useful else None)
        if useful:
            seen.add(p)
    return tuple(out)


def _history_machine(span: int = 3) -> tuple[list[list[int]], list[list[bool]]]:
    start = tuple([None] * span)
    states: list[tuple[Cell | None, ...]] = [start]
    index = {start: 0}
    transitions: list[list[int]] = []
    zero: list[list[bool]] = []
    k = 0
    while k < len(states):
        s = states[k]
        k += 1
        row = []
        for dr, dc in VECTORS:
            nxt = _canon([(-dr, -dc), *[None if p is None else (p[0] - dr, p[1] - dc) for p in s[:-1]]])
            if nxt not in index:
                index[nxt] = len(states)
                states.append(nxt)
            row.append(index[nxt])
        transitions.append(row)
        zero.append([any(s[q] == v for q in range(0, span, 2)) for v in VECTORS])
    return transitions, zero


NEXT, ZERO = _history_machine()
HISTORY_STATES = len(NEXT)


def history_state(path: tuple[Cell, ...] | list[Cell]) -> int:
    """The relaxation's history state after walking ``path`` (cells, oldest first)."""
    h = 0
    for (r0, c0), (r1, c1) in itertools.pairwise(path):
        h = NEXT[h][VECTORS.index((r1 - r0, c1 - c0))]
    return h


# -- results ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Route:
    """A route from ``start`` (letters U/D/L/R) and the loot it collects on the way.

    For a mid-game plan ``start`` is the player's cell and ``loot`` counts only new loot.
    ``exact`` is False when a deadline cut the search short (then it is the best found).
    """

    start: Cell
    moves: str
    loot: int
    exact: bool = True
    nodes: int = 0

    @property
    def cells(self) -> list[Cell]:
        out = [self.start]
        r, c = self.start
        for letter in self.moves:
            dr, dc = DIRECTIONS[letter]
            r, c = r + dr, c + dc
            out.append((r, c))
        return out


class SearchTimeout(Exception):
    """Raised inside the search when the deadline passes."""


class _Found(Exception):
    def __init__(self, route: tuple[int, str]) -> None:
        super().__init__()
        self.route = route


# -- precomputed tables per level --------------------------------------------------------
class Tables:
    """Everything about a level the search reads: the diamond of useful cells and the bound F.

    Cells are numbered over the diamond of radius K around the centre (nothing else can
    reach it). ``F[R][h]`` is a ``bytes`` of bound+1 per cell (0: the centre is out of reach).
    """

    def __init__(self, level: Level) -> None:
        self.level = level
        n, m = level.rows, level.cols
        cr, cc = level.centre
        self.K = K = level.max_moves
        grid = np.array(level.loot, dtype=np.int16).reshape(n, m)
        rr, ccs = np.indices((n, m))
        dist = np.abs(rr - cr) + np.abs(ccs - cc)
        self.cells: list[Cell] = [(int(r), int(c)) for r, c in zip(*np.nonzero(dist <= K))]
        self.index = {cell: i for i, cell in enumerate(self.cells)}
        flat = np.array([r * m + c for r, c in self.cells], dtype=np.int64)
        self.centre = self.index[level.centre]
        self.rows = [r for r, _ in self.cells]
        self.cols = [c for _, c in self.cells]
        self.dist = [abs(r - cr) + abs(c - cc) for r, c in self.cells]
        self.loot = [level.loot[r][c] for r, c in self.cells]
        self.neighbours: list[list[tuple[int, int]]] = []
        for r, c in self.cells:
            row = []
            for e, (dr, dc) in enumerate(VECTORS):
                j = self.index.get((r + dr, c + dc))
                if j is not None:
                    row.append((e, j))
            self.neighbours.append(row)
        self.F = self._bound_tables(grid, dist, flat)

    def _bound_tables(self, grid: np.ndarray, dist: np.ndarray, flat: np.ndarray) -> list[list[bytes]]:
        n, m = grid.shape
        cr, cc = self.level.centre

        def shifted(src: np.ndarray, dr: int, dc: int, fill: int) -> np.ndarray:
            """out[..., r, c] = src[..., r + dr, c + dc] (the neighbour's value), ``fill`` off the map."""
            out = np.full(src.shape, fill, dtype=src.dtype)
            r0, r1 = max(0, -dr), n - max(0, dr)
            c0, c1 = max(0, -dc), m - max(0, dc)
            out[..., r0:r1, c0:c1] = src[..., r0 + dr:r1 + dr, c0 + dc:c1 + dc]
            return out

        loot_next = [shifted(grid, dr, dc, 0) for dr, dc in VECTORS]
        prev = np.full((HISTORY_STATES, n, m), NEG, dtype=np.int16)
        prev[:, cr, cc] = 0

        def pack(table: np.ndarray) -> list[bytes]:
            values = np.clip(table.reshape(HISTORY_STATES, -1)[:, flat] + 1, 0, 255).astype(np.uint8)
            return [bytes(row) for row in values]

        tables = [pack(prev)]
        for R in range(1, self.K + 1):
            neighbour = [shifted(prev, dr, dc, NEG) for dr, dc in VECTORS]
            cur = np.empty_like(prev)
            far = dist > R
            for h in range(HISTORY_STATES):
                best = np.full((n, m), NEG, dtype=np.int16)
                for e in range(4):
                    value = neighbour[e][NEXT[h][e]]
                    if not ZERO[h][e]:
                        value = value + loot_next[e]
                    np.maximum(best, value, out=best)
                best[cr, cc] = max(int(best[cr, cc]), 0)
                best[far] = NEG
                cur[h] = best
            prev = cur
            tables.append(pack(cur))
        return tables

    def bound(self, cell: Cell, remaining: int, history: int = 0) -> int:
        """Upper bound on new loot from ``cell`` with ``remaining`` moves (-1: centre out of reach)."""
        i = self.index.get(cell)
        if i is None or remaining < 0 or remaining > self.K:
            return -1
        return self.F[remaining][history][i] - 1


@lru_cache(maxsize=4)
def tables_for(level: Level) -> Tables:
    """Tables are pure functions of the level; the UI asks for the same level again and again."""
    return Tables(level)


# -- the search ----------------------------------------------------------------------------
@dataclass
class _Root:
    cell: int
    remaining: int
    history: int
    taken: tuple[int, ...]  # loot already taken that the walk could still step on


class Search:
    """Branch and bound over one set of roots (every start, or the player's current state)."""

    def __init__(self, tables: Tables, deadline: float | None = None,
                 should_stop: Callable[[], bool] | None = None) -> None:
        self.t = tables
        self.deadline = deadline
        self.should_stop = should_stop
        self.nodes = 0
        self.iterations: list[tuple[int, int]] = []  # (target, nodes) per aspiration round

    def complete(self, i: int, remaining: int, history: int) -> str:
        """Follow the bound table's best moves; exact when slack is low and nothing taken is in reach."""
        t = self.t
        F, loot = t.F, t.loot
        out = []
        value = F[remaining][history][i] - 1
        while not (i == t.centre and value == 0):
            nxt = NEXT[history]
            for e, j in t.neighbours[i]:
                if remaining - 1 < t.dist[j]:
                    continue
                gain = loot[j] if not ZERO[history][e] else 0
                h2 = nxt[e]
                if gain + F[remaining - 1][h2][j] - 1 == value:
                    out.append(LETTERS[e])
                    value -= gain
                    i, remaining, history = j, remaining - 1, h2
                    break
            else:  # pragma: no cover - the table is consistent by construction
                raise AssertionError("bound table has no consistent successor")
        return "".join(out)

    def greedy(self, root: _Root) -> tuple[int, str]:
        """A quick valid route: follow the bound with real gains (used when time runs out)."""
        t = self.t
        F, loot = t.F, t.loot
        i, remaining, history, taken = root.cell, root.remaining, root.history, set(root.taken)
        total, out = 0, []
        while True:
            best = None
            for e, j in t.neighbours[i]:
                if remaining - 1 < t.dist[j]:
                    continue
                gain = 1 if loot[j] and j not in taken else 0
                score = gain + F[remaining - 1][NEXT[history][e]][j] - 1
                if best is None or score > best[0]:
                    best = (score, e, j, gain)
            if i == t.centre and (best is None or best[0] <= 0):
                return total, "".join(out)
            assert best is not None
            _, e, j, gain = best
            if loot[i]:
                taken.add(i)
            total += gain
            out.append(LETTERS[e])
            i, remaining, history = j, remaining - 1, NEXT[history][e]

    def run(self, roots: list[_Root]) -> tuple[int, int, str, bool] | None:
        """(loot, root index, moves, exact) of the best route over ``roots``; None if none exists."""
        t = self.t
        F, dist = t.F, t.dist
        roots = [r for r in roots if 0 <= r.remaining <= t.K and dist[r.cell] <= r.remaining]
        if not roots:
            return None
        bounds = [F[r.remaining][r.history][r.cell] - 1 for r in roots]
        # Roots with little slack are solved exactly by the table: a free lower bound.
        lower, lower_route = -1, (0, "")
        for k, r in enumerate(roots):
            if not r.taken and (r.remaining - dist[r.cell]) >> 1 <= 2 and bounds[k] > lower:
                lower, lower_route = bounds[k], (k, self.complete(r.cell, r.remaining, r.history))
        try:
            target = max(bounds)
            while target > lower:
                found = self._attempt(roots, bounds, target)
                if found is not None:
                    return target, found[0], found[1], True
                target -= 1
        except SearchTimeout:
            if lower >= 0:
                return lower, lower_route[0], lower_route[1], False
            k = max(range(len(roots)), key=lambda k: bounds[k])
            value, moves = self.greedy(roots[k])
            return value, k, moves, False
        return lower, lower_route[0], lower_route[1], True

    def _attempt(self, roots: list[_Root], bounds: list[int], target: int) -> tuple[int, str] | None:
        """Search for a route with >= ``target`` loot; None proves there is none."""
        t = self.t
        F, dist, loot, neighbours, centre = t.F, t.dist, t.loot, t.neighbours, t.centre
        rows, cols = t.rows, t.cols
        floor = target - 1  # prune anything that cannot beat this
        memo: dict[tuple[int, int, tuple[int, ...]], int] = {}
        path: list[str] = []
        start_nodes = self.nodes
        deadline, should_stop = self.deadline, self.should_stop
        root_index = 0

        def visit(i: int, R: int, h: int, v: int, taken: tuple[int, ...]) -> None:
            self.nodes += 1
            if not self.nodes & 4095 and (
                (deadline is not None and time.monotonic() > deadline) or (should_stop and should_stop())
            ):
                raise SearchTimeout
            f = F[R][h][i] - 1
            if v + f <= floor:
                return
            if i == centre and v > floor:
                raise _Found((root_index, "".join(path)))
            if not taken and (R - dist[i]) >> 1 <= 2:
                raise _Found((root_index, "".join(path) + self.complete(i, R, h)))
            key = (i, R, taken)
            seen = memo.get(key)
            if seen is not None and seen >= v:
                return
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            memo[key] = v
            R1 = R - 1
            row = F[R1]
            nxt = NEXT[h]
            children = []
            for e, j in neighbours[i]:
                if dist[j] > R1:
                    continue
                gain = 1 if loot[j] and j not in taken else 0
                h2 = nxt[e]
                ub = gain + row[h2][j] - 1
                if v + ub > floor:
                    children.append((ub, e, j, gain, h2))
            if not children:
                return
            children.sort(reverse=True)
            cand = (*taken, i) if loot[i] else taken
            for _ub, e, j, gain, h2 in children:
                rj, cj = rows[j], cols[j]
                child = tuple(sorted(x for x in cand
                                     if x != j and abs(rows[x] - rj) + abs(cols[x] - cj) + dist[x] <= R1))
                path.append(LETTERS[e])
                visit(j, R1, h2, v + gain, child)
                path.pop()

        # Tight roots first: when a route with ``target`` exists, one whose bound is just
        # ``target`` and whose slack is small is found with the least search.
        order = sorted((k for k in range(len(roots)) if bounds[k] >= target),
                       key=lambda k: (bounds[k], roots[k].remaining - dist[roots[k].cell]))
        try:
            for root_index in order:
                r = roots[root_index]
                path.clear()
                visit(r.cell, r.remaining, r.history, 0, r.taken)
        except _Found as found:
            self.iterations.append((target, self.nodes - start_nodes))
            return found.route
        self.iterations.append((target, self.nodes - start_nodes))
        return None


# -- public entry points ------------------------------------------------------------------------
def solve_level(level: Level, *, deadline: float | None = None,
                should_stop: Callable[[], bool] | None = None) -> Route | None:
    """The best route over every start (None when no empty cell can reach the centre in time)."""
    t = tables_for(level)
    roots = [_Root(i, t.K, 0, ()) for i in range(len(t.cells)) if not t.loot[i]]
    search = Search(t, deadline, should_stop)
    result = search.run(roots)
    if result is None:
        return None
    value, k, moves, exact = result
    return Route(t.cells[roots[k].cell], moves, value, exact, search.nodes)


def solve_state(state: State, *, deadline: float | None = None,
                should_stop: Callable[[], bool] | None = None) -> Route | None:
    """The best way on from a placed, living player: new loot and the moves (None if doomed).

    An unplaced state is solved over every start (``Route.start`` is then the drop cell).
    """
    level = state.level
    if not state.placed:
        return solve_level(level, deadline=deadline, should_stop=should_stop)
    if state.dead or state.finished:
        return None
    t = tables_for(level)
    pos = state.path[-1]
    i = t.index.get(pos)
    remaining = state.remaining
    if i is None or t.dist[i] > remaining:
        return None
    taken = tuple(sorted(
        t.index[cell] for cell in state.collected
        if cell != pos and cell in t.index
        and abs(cell[0] - pos[0]) + abs(cell[1] - pos[1]) + t.dist[t.index[cell]] <= remaining
    ))
    root = _Root(i, remaining, history_state(state.path), taken)
    search = Search(t, deadline, should_stop)
    result = search.run([root])
    if result is None:  # pragma: no cover - a living, undoomed player always has a route
        return None
    value, _k, moves, exact = result
    return Route(pos, moves, value, exact, search.nodes)
