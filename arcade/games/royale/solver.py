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
   numpy over the whole grid, ``F(R, h, cell)``: the most loot a walk of <= R steps to
   the centre can collect if we only forbid counting a cell seen 2, 4 or 6 steps
   earlier (``h`` is one of 345 states remembering the last five steps). That is an
   upper bound everywhere and *exact* when at most three away steps are left and no
   loot already taken lies where the walk could still go.

3. **Branch and bound with aspiration.** Depth-first search over moves, ordered by the
   bound and pruned by it. A memo per ``(cell, R)`` keeps the loot taken that the walk
   could still step on (loot out of reach no longer matters) and prunes a visit that an
   earlier one dominates: ``v1 - v >= |T1 - T|``. We ask "is there a route with >= T
   loot?" for T from the root bound downwards: a failed T proves that nothing better
   exists, the first success is optimal.

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
#: Bump whenever a change could alter the answer (a fix, a new pruning rule): cached pars are
#: keyed by it (see ``ai.MEMO``), so a route an older, buggier solver stored is never shown.
SOLVER_VERSION = 3  # 3: routes go straight home once nothing is left to collect
#: Nodes between two tries at a better fallback route (``Search.incumbent``; read only on timeout).
INCUMBENT_EVERY = 256


# -- history states of the relaxation ---------------------------------------------------
# A state remembers where the last few cells were, relative to the current one (P1, P2,
# ...), dropping offsets that can no longer matter, so that a step onto the cell of one,
# three or five steps ago earns nothing. 345 states for five cells; computed at import.
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


#: Steps of history the relaxation remembers (5: it never counts a cell seen 2, 4 or 6 steps ago).
HISTORY_SPAN = 5
NEXT, ZERO = _history_machine(HISTORY_SPAN)
HISTORY_STATES = len(NEXT)
#: The bound is exact when at most this many detours (away steps) are left: a walk can
#: only come back to a cell after 2 x (detours) steps, and those revisits are not counted.
EXACT_DETOURS = (HISTORY_SPAN + 1) // 2


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
    reach it), nearest to the centre first, so "every cell within distance D" is a prefix.
    The bound depends on the remaining budget R only through the detours it allows,
    ``a = (R - dist) // 2`` (an odd spare step is useless: walks to the centre have the
    parity of the distance). ``G[a][h]`` is a ``bytes`` of bound+1 for the cells within
    distance ``K - 2a`` -- about K^3/3 entries per history state instead of K^3.
    """

    def __init__(self, level: Level) -> None:
        self.level = level
        n, m = level.rows, level.cols
        cr, cc = level.centre
        self.K = K = level.max_moves
        grid = np.array(level.loot, dtype=np.int16).reshape(n, m)
        rr, ccs = np.indices((n, m))
        dist = np.abs(rr - cr) + np.abs(ccs - cc)
        inside = [(int(dist[r, c]), int(r), int(c)) for r, c in zip(*np.nonzero(dist <= K))]
        inside.sort()
        self.cells: list[Cell] = [(r, c) for _, r, c in inside]
        self.index = {cell: i for i, cell in enumerate(self.cells)}
        self.centre = self.index[level.centre]
        self.rows = [r for r, _ in self.cells]
        self.cols = [c for _, c in self.cells]
        self.dist = [d for d, _, _ in inside]
        self.loot = [level.loot[r][c] for r, c in self.cells]
        #: prefix[D] = number of cells within distance D of the centre.
        self.prefix = [0] * (K + 1)
        for d in self.dist:
            self.prefix[d] += 1
        for d in range(1, K + 1):
            self.prefix[d] += self.prefix[d - 1]
        self.neighbours: list[list[tuple[int, int]]] = []
        for r, c in self.cells:
            row = []
            for e, (dr, dc) in enumerate(VECTORS):
                j = self.index.get((r + dr, c + dc))
                if j is not None:
                    row.append((e, j))
            self.neighbours.append(row)
        self.G = self._bound_tables(grid, dist)

    def _bound_tables(self, grid: np.ndarray, dist: np.ndarray) -> list[list[bytes]]:
        """F for every budget R = 0..K, history state and cell, with numpy over all states at once.

        F(R, h, cell) = max over the four steps of [loot there, unless h says we saw that
        cell 2, 4 or 6 steps ago] + F(R - 1, next state, neighbour); 0 on the centre at
        least (stop there); -inf beyond distance R. Only the window of cells within R of
        the centre changes at step R, so each step works on that window alone.
        """
        n, m = grid.shape
        cr, cc = self.level.centre
        K, S = self.K, HISTORY_STATES
        next_state = np.array(NEXT, dtype=np.int64)  # (S, 4)
        earns = ~np.array(ZERO, dtype=bool)  # (S, 4): does a step this way count loot?
        padded_loot = np.zeros((n + 2, m + 2), dtype=np.int16)
        padded_loot[1:-1, 1:-1] = grid
        padded_dist = np.full((n + 2, m + 2), 1 << 20, dtype=np.int64)
        padded_dist[1:-1, 1:-1] = dist
        flat = np.array([(r + 1) * (m + 2) + c + 1 for r, c in self.cells], dtype=np.int64)
        rings = [flat[(self.prefix[d - 1] if d else 0):self.prefix[d]] for d in range(K + 1)]
        layers = [np.zeros((S, self.prefix[K - 2 * a]), dtype=np.uint8) for a in range(K // 2 + 1)]
        # Two buffers with a border of -inf; only the growing window around the centre is written.
        prev = np.full((S, n + 2, m + 2), NEG, dtype=np.int16)
        cur = prev.copy()
        prev[:, cr + 1, cc + 1] = 0
        for R in range(K + 1):
            if R:
                r0, r1 = max(0, cr - R) + 1, min(n - 1, cr + R) + 2
                c0, c1 = max(0, cc - R) + 1, min(m - 1, cc + R) + 2
                window = np.full((S, r1 - r0, c1 - c0), NEG, dtype=np.int16)
                for e, (dr, dc) in enumerate(VECTORS):
                    value = prev[next_state[:, e], r0 + dr:r1 + dr, c0 + dc:c1 + dc]
                    value += padded_loot[None, r0 + dr:r1 + dr, c0 + dc:c1 + dc] * earns[:, e, None, None]
                    np.maximum(window, value, out=window)
                window[:, padded_dist[r0:r1, c0:c1] > R] = NEG
                cur[:, r0:r1, c0:c1] = window
                cur[:, cr + 1, cc + 1] = np.maximum(cur[:, cr + 1, cc + 1], 0)
                prev, cur = cur, prev
            flat_prev = prev.reshape(S, -1)
            # Cells whose distance has the parity of R get their layer a = (R - d) / 2.
            for a in range(R // 2 + 1):
                d = R - 2 * a
                if d <= K - 2 * a:
                    lo = self.prefix[d - 1] if d else 0
                    layers[a][:, lo:self.prefix[d]] = np.clip(flat_prev[:, rings[d]] + 1, 0, 255)
        return [[bytes(row) for row in layer] for layer in layers]

    def value(self, i: int, remaining: int, history: int) -> int:
        """The bound for cell index ``i`` (which must be within ``remaining`` of the centre)."""
        return self.G[(remaining - self.dist[i]) >> 1][history][i] - 1

    def bound(self, cell: Cell, remaining: int, history: int = 0) -> int:
        """Upper bound on new loot from ``cell`` with ``remaining`` moves (-1: centre out of reach)."""
        i = self.index.get(cell)
        if i is None or remaining > self.K or self.dist[i] > remaining:
            return -1
        return self.value(i, remaining, history)


@lru_cache(maxsize=2)
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
        #: The best real route met so far, (loot, root index, moves): a stop on the centre or a
        #: leaf where the table is exact. A failed round still walks past many of them; when the
        #: deadline strikes, this is what the search has to show for its time (only read then).
        self.incumbent: tuple[int, int, str] = (-1, 0, "")

    def complete(self, i: int, remaining: int, history: int) -> str:
        """Follow the bound table's best moves; exact when slack is low and nothing taken is in reach."""
        t = self.t
        value_of, loot = t.value, t.loot
        out = []
        value = value_of(i, remaining, history)
        while not (i == t.centre and value == 0):
            nxt = NEXT[history]
            for e, j in t.neighbours[i]:
                if remaining - 1 < t.dist[j]:
                    continue
                if value == 0 and t.dist[j] >= t.dist[i]:
                    # Nothing left to collect: straight home. The first consistent neighbour
                    # spent the spare moves on a walk away and back ("UUUDDD..." on a grid
                    # with no loot in reach), a long route that collects nothing more.
                    continue
                gain = loot[j] if not ZERO[history][e] else 0
                h2 = nxt[e]
                if gain + value_of(j, remaining - 1, h2) == value:
                    out.append(LETTERS[e])
                    value -= gain
                    i, remaining, history = j, remaining - 1, h2
                    break
            else:  # pragma: no cover - the table is consistent by construction
                raise AssertionError("bound table has no consistent successor")
        return "".join(out)

    def real_gain(self, i: int, moves: str, taken: tuple[int, ...]) -> int:
        """The loot ``moves`` from cell ``i`` really collects, ``taken`` (and each cell) counted once."""
        t = self.t
        seen = set(taken)
        seen.add(i)
        gain = 0
        for letter in moves:
            i = next(j for e, j in t.neighbours[i] if LETTERS[e] == letter)
            if t.loot[i] and i not in seen:
                gain += 1
            seen.add(i)
        return gain

    def greedy(self, root: _Root) -> tuple[int, str]:
        """A quick valid route: follow the bound with real gains (used when time runs out)."""
        t = self.t
        value_of, loot = t.value, t.loot
        i, remaining, history, taken = root.cell, root.remaining, root.history, set(root.taken)
        total, out = 0, []
        while True:
            best = None
            for e, j in t.neighbours[i]:
                if remaining - 1 < t.dist[j]:
                    continue
                gain = 1 if loot[j] and j not in taken else 0
                score = gain + value_of(j, remaining - 1, NEXT[history][e])
                # Ties go to the step towards the centre: no walk away and back for nothing.
                if best is None or score > best[0] or (score == best[0] and t.dist[j] < t.dist[best[2]]):
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
        dist = t.dist
        roots = [r for r in roots if 0 <= r.remaining <= t.K and dist[r.cell] <= r.remaining]
        if not roots:
            return None
        bounds = [t.value(r.cell, r.remaining, r.history) for r in roots]
        # Roots with little slack are solved exactly by the table: a free lower bound.
        lower, lower_route = -1, (0, "")
        for k, r in enumerate(roots):
            if not r.taken and (r.remaining - dist[r.cell]) >> 1 <= EXACT_DETOURS and bounds[k] > lower:
                lower, lower_route = bounds[k], (k, self.complete(r.cell, r.remaining, r.history))
        try:
            target = max(bounds)
            while target > lower:
                found = self._attempt(roots, bounds, target)
                if found is not None:
                    return target, found[0], found[1], True
                target -= 1
        except SearchTimeout:
            # Out of time: the best of the table's exact low-slack routes, the best real route the
            # search met and a greedy walk. The greedy walk alone trusted a bound that recounts
            # loot round any loop of eight cells or more: from the centre of a 101x101 grid it
            # circled near the centre for 11 loot where the search had met routes of 34.
            k = max(range(len(roots)), key=lambda k: bounds[k])
            value, moves = self.greedy(roots[k])
            options = [(lower, lower_route[0], lower_route[1]), self.incumbent, (value, k, moves)]
            # max keeps the first of equals: the table's route as before, then the one met, then greedy.
            best, index, route = max(options, key=lambda option: option[0])
            return best, index, route, False
        return lower, lower_route[0], lower_route[1], True

    def _attempt(self, roots: list[_Root], bounds: list[int], target: int) -> tuple[int, str] | None:
        """Search for a route with >= ``target`` loot; None proves there is none."""
        t = self.t
        G, dist, loot, neighbours, centre = t.G, t.dist, t.loot, t.neighbours, t.centre
        rows, cols = t.rows, t.cols
        floor = target - 1  # prune anything that cannot beat this
        memo: dict[tuple[int, int], list[tuple[int, int]]] = {}
        path: list[str] = []
        start_nodes = self.nodes
        deadline, should_stop = self.deadline, self.should_stop
        root_index = 0
        incumbent = self.incumbent
        next_try = 0

        def visit(i: int, R: int, h: int, v: int, taken: tuple[int, ...]) -> None:
            nonlocal incumbent, next_try
            self.nodes += 1
            if self.nodes & 4095 == 1 and (
                (deadline is not None and time.monotonic() > deadline) or (should_stop and should_stop())
            ):
                raise SearchTimeout
            f = G[(R - dist[i]) >> 1][h][i] - 1
            if v + f > incumbent[0] and self.nodes >= next_try:
                # A real route worth more than any met so far, should the deadline strike: stop
                # here on the centre, or finish along the table's moves where few detours are
                # left. Never steers the search; tried at most once per INCUMBENT_EVERY nodes,
                # so an exact search pays about a percent for it.
                if i == centre and v > incumbent[0]:
                    incumbent = self.incumbent = (v, root_index, "".join(path))
                if (R - dist[i]) >> 1 <= EXACT_DETOURS:
                    next_try = self.nodes + INCUMBENT_EVERY
                    rest = self.complete(i, R, h)
                    # Exact with nothing taken in reach; else count what the finish really takes.
                    value = v + f if not taken else v + self.real_gain(i, rest, taken)
                    if value > incumbent[0]:
                        incumbent = self.incumbent = (value, root_index, "".join(path) + rest)
            if v + f <= floor:
                return
            if i == centre and v > floor:
                raise _Found((root_index, "".join(path)))
            if not taken and (R - dist[i]) >> 1 <= EXACT_DETOURS:
                raise _Found((root_index, "".join(path) + self.complete(i, R, h)))
            # Dominance memo: an earlier visit here with v1 loot and taken set T1 is at least as
            # good as this one when v1 - v >= |T1 - T| (this walk can win back at most the loot
            # the other one holds and this one does not).
            mask = 0
            for x in taken:
                mask |= 1 << x
            key = (i, R)
            entries = memo.get(key)
            if entries is None:
                if len(memo) >= MEMO_LIMIT:
                    memo.clear()
                memo[key] = [(v, mask)]
            else:
                for v1, m1 in entries:
                    if v1 - v >= (m1 & ~mask).bit_count():
                        return
                entries[:] = [(v1, m1) for v1, m1 in entries if v - v1 < (mask & ~m1).bit_count()][-7:]
                entries.append((v, mask))
            R1 = R - 1
            nxt = NEXT[h]
            children = []
            for e, j in neighbours[i]:
                dj = dist[j]
                if dj > R1:
                    continue
                gain = 1 if loot[j] and j not in taken else 0
                h2 = nxt[e]
                ub = gain + G[(R1 - dj) >> 1][h2][j] - 1
                if v + ub > floor:
                    children.append((ub, e, j, gain, h2))
            if not children:
                return
            children.sort(reverse=True)
            cand = (*taken, i) if loot[i] else taken
            for _ub, e, j, gain, h2 in children:
                if cand:
                    rj, cj = rows[j], cols[j]
                    child = tuple(x for x in cand
                                  if x != j and abs(rows[x] - rj) + abs(cols[x] - cj) + dist[x] <= R1)
                else:
                    child = cand
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
    if value == 0 and not t.loot[t.centre]:
        # No route collects anything: the shortest of them all is to drop on the centre and stop
        # (``moves -``). The first start the table met was kept: on an empty 151x151 grid a
        # 75-move walk from row 7 that collected nothing.
        return Route(t.cells[t.centre], "", 0, exact, search.nodes)
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
