"""Filling a room alone (game AI, pure): the longest path once the cycles are cut apart.

Once separated, the round is a race of two single-player problems: whoever makes more
moves in their own room wins, and nothing the opponent does can change my room. So the
endgame keeps a **plan** -- a whole path through the room -- and only ever replaces it
with a longer one: a move never throws away room already found.

A plan starts as a greedy walk (tightest square first, Warnsdorff's rule, which hugs
walls; at a cell that would cut the room the walk takes the side with the most room, by
the parity bound) and is then lengthened by **detours**: wherever two side-by-side free
cells lie next to two consecutive cells of the path, the path can step out through them
and back, two cells longer. Between moves the walk is retried from every first step
and with random tie-breaks while time lasts. The chamber estimate
(:func:`~arcade.games.tron.board.chamber_fill`) is an upper bound: a plan that reaches
it is optimal and the search stops.
"""

from __future__ import annotations

import random
from time import perf_counter

from arcade.games.tron.board import Geometry, OutOfTime, chamber_fill, flood, mask_of, parity_bound


def _local_cut(free: int, cell: int, stride: int) -> bool:
    """Would taking ``cell`` split its free neighbours into several groups (seen in its 3x3 box)?

    Two side-by-side neighbours stay joined around the cell if the corner between them is
    free. This is a1k0n's "potential articulation" test: cheap, and never misses a real cut.
    """
    n = free >> (cell - stride) & 1
    e = free >> (cell + 1) & 1
    s = free >> (cell + stride) & 1
    w = free >> (cell - 1) & 1
    count = n + e + s + w
    if count < 2:
        return False
    links = ((n & e & (free >> (cell - stride + 1) & 1)) + (e & s & (free >> (cell + stride + 1) & 1))
             + (s & w & (free >> (cell + stride - 1) & 1)) + (w & n & (free >> (cell - stride - 1) & 1)))
    return links < 4 and count - links >= 2


def _room_after(geo: Geometry, free: int, cell: int) -> int:
    """Most cells a path can still visit after stepping onto ``cell`` (the best side if it cuts)."""
    rest = free & ~(1 << cell)
    best = 0
    seen = 0
    for off in geo.offsets:
        n = cell + off
        if rest >> n & 1 and not seen >> n & 1:
            part = flood(geo, rest, n) | (1 << n)
            seen |= part
            bound = parity_bound(geo, part, cell)
            if bound > best:
                best = bound
    return best


def greedy_walk(geo: Geometry, free: int, head: int, rng: random.Random | None = None,
                deadline: float | None = None) -> list[int]:
    """A path from ``head`` (not included) through ``free``: tightest square first, best side at cuts.

    At the ``deadline`` the walk stops where it is (a shorter path, still a path).
    """
    offsets = geo.offsets
    stride = geo.stride
    path: list[int] = []
    look = 0  # a cheap step adds 1, a step that flooded the room (about a millisecond on 200x200) 32
    while True:
        if deadline is not None and look >= 32:
            look = 0
            if perf_counter() > deadline:
                return path
        look += 1
        nexts = [head + o for o in offsets if free >> (head + o) & 1]
        if not nexts:
            return path
        if len(nexts) == 1:
            choice = nexts[0]
        else:
            cuts = [_local_cut(free, n, stride) for n in nexts]
            best_key: tuple[int, bool, int, float] | None = None
            choice = nexts[0]
            flooding = any(cuts)
            if flooding:
                look += 32
            for n, cut in zip(nexts, cuts, strict=True):
                room = _room_after(geo, free, n) if flooding else 0
                degree = sum(1 for o in offsets if free >> (n + o) & 1)
                # A dead end (no way on) only if nothing else is left: Warnsdorff's rule alone
                # would walk straight into it.
                key = (room, degree > 0, -cut - degree, rng.random() if rng is not None else 0.0)
                if best_key is None or key > best_key:
                    best_key, choice = key, n
        free &= ~(1 << choice)
        path.append(choice)
        head = choice


def add_detours(geo: Geometry, free: int, head: int, path: list[int], deadline: float | None = None) -> list[int]:
    """Lengthen ``path`` (from ``head``, through ``free``) by two-cell detours until none fit.

    Where the path steps from ``a`` to ``b`` and the two cells beside them (``a + p`` and
    ``b + p`` for a step ``p`` across the move) are both free and unused, the path can go
    ``a, a + p, b + p, b`` instead: two cells more, still a path. Then the end is extended
    greedily into whatever is left next to it.
    """
    def out_of_time() -> bool:
        return deadline is not None and perf_counter() > deadline

    if out_of_time():
        return path  # the plan as it is: even the bookkeeping below costs milliseconds on 200x200
    unused = free & ~mask_of(path)
    stride = geo.stride
    cells = [head, *path]
    changed = True
    while changed and not out_of_time():
        changed = False
        i = 0
        while i < len(cells) - 1:
            # A pass inserts into a long list (a 40,000-cell path on 200x200): the clock is looked
            # at every 64 steps, and a pass cut short leaves a path all the same.
            if i & 63 == 63 and out_of_time():
                return cells[1:]
            a, b = cells[i], cells[i + 1]
            step = b - a
            across = (1, -1) if step in (stride, -stride) else (stride, -stride)
            for p in across:
                u, v = a + p, b + p
                if unused >> u & 1 and unused >> v & 1:
                    cells[i + 1:i + 1] = [u, v]
                    unused &= ~((1 << u) | (1 << v))
                    changed = True
                    break
            i += 1
        tail = greedy_walk(geo, unused, cells[-1], None, deadline)
        if tail:
            cells.extend(tail)
            unused &= ~mask_of(tail)
            changed = True
    return cells[1:]


#: Rooms up to this many cells are solved exactly (a depth-first search with a bound cut).
EXACT_CELLS = 40
#: ... unless the exact search needs more nodes than this (then the heuristic plan stands).
EXACT_NODES = 20_000


def longest_path(geo: Geometry, free: int, head: int, max_nodes: int = EXACT_NODES,
                 deadline: float | None = None) -> list[int] | None:
    """The longest path from ``head`` through ``free`` (exact), or None if it takes too long.

    Depth-first, neighbours with fewer ways on first; a branch is cut when the steps taken
    plus the parity bound of what it can still reach cannot beat the best path found, and
    the search stops as soon as a path reaches the parity bound of the whole room.
    """
    offsets = geo.offsets
    best: list[int] = []
    target = parity_bound(geo, flood(geo, free, head), head)
    path: list[int] = []
    nodes = 0

    class _Stop(Exception):
        pass

    def walk(free: int, cell: int) -> None:
        nonlocal best, nodes
        nodes += 1
        if nodes > max_nodes or (deadline is not None and nodes & 63 == 0 and perf_counter() > deadline):
            raise _Stop
        if len(path) > len(best):
            best = path.copy()
            if len(best) >= target:
                raise _Stop
        if len(path) + parity_bound(geo, flood(geo, free, cell), cell) <= len(best):
            return
        nexts = [cell + o for o in offsets if free >> (cell + o) & 1]
        nexts.sort(key=lambda n: sum(1 for o in offsets if free >> (n + o) & 1))
        for n in nexts:
            path.append(n)
            walk(free & ~(1 << n), n)
            path.pop()

    try:
        walk(free, head)
    except _Stop:
        if nodes > max_nodes or len(best) < target:
            return None
    return best


class FillPlanner:
    """Keeps the longest path found through my room and improves it between moves."""

    def __init__(self, seed: int = 0, max_tries: int | None = None) -> None:
        """``max_tries`` caps the walks per move (for reproducible tests); normally the clock decides."""
        self.seed = seed
        self.rng = random.Random(seed)
        self.plan: list[int] = []
        self.max_tries = max_tries

    def reset(self) -> None:
        self.plan = []
        self.rng.seed(self.seed)

    def move(self, geo: Geometry, free: int, head: int, deadline: float) -> tuple[int, int, int]:
        """(next cell, planned path length, upper bound) for the head in its own room."""
        offsets = geo.offsets
        nexts = [head + o for o in offsets if free >> (head + o) & 1]
        if not nexts:
            return -1, 0, 0
        room = flood(geo, free, head)
        now = perf_counter()
        try:
            # A third of the time at most: on a 200x200 room the chamber tree takes 30 ms.
            bound = chamber_fill(geo, free, head, room, now + (deadline - now) / 3)
        except OutOfTime:
            bound = parity_bound(geo, room, head)
        plan = self.plan
        if plan and plan[0] == head:
            plan = plan[1:]  # the move was forced and made without asking the planner
        if plan and plan[0] in nexts and self._cells_free(free, plan):
            best = plan
        else:
            best = []
        if len(best) < bound and room.bit_count() <= EXACT_CELLS:
            exact = longest_path(geo, free, head, EXACT_NODES, deadline)
            if exact is not None:
                if len(exact) > len(best):
                    best = exact
                bound = len(best)  # proved optimal: nothing longer exists
        tries = 0
        last_walk = 0.0
        limit = self.max_tries
        while len(best) < bound and perf_counter() < deadline and (limit is None or tries < limit):
            first = nexts[tries % len(nexts)]
            rng = self.rng if tries >= len(nexts) else None
            started = perf_counter()
            if best and started + last_walk > deadline:
                break  # another walk would not finish in time
            walk = [first, *greedy_walk(geo, free & ~(1 << first), first, rng, deadline)]
            walk = add_detours(geo, free, head, walk, deadline)
            last_walk = perf_counter() - started
            if len(walk) > len(best):
                best = walk
            tries += 1
        if not best:
            best = [nexts[0]]
        self.plan = best[1:]
        return best[0], len(best), bound

    @staticmethod
    def _cells_free(free: int, cells: list[int]) -> bool:
        mask = mask_of(cells)
        return mask & free == mask
