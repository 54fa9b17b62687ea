"""Compact Tron positions for the bots (game AI support, pure): bitboards as Python ints.

The bots see a position the way the 2010 contest sent it: free cells, their own head and
the opponent's head; who drew which trail does not matter. Cells live in one Python int
with a row stride of ``width + 1``: the extra column and an extra row above and below
are never free, so shifting a set by one cell or one row can never wrap into a free cell
and a whole breadth-first step is four shifts and a mask. Flood fill, Voronoi territory,
edge counts and checkerboard parity are then a few big-int operations per step, which is
what makes a pure-Python search fast enough (see ``python -m arcade bench tron``).

Index of cell ``(x, y)``: ``(y + 1) * stride + x``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from time import perf_counter

import numpy as np

from arcade.games.tron.logic import DIRECTIONS, RULES, Level, State

#: Protocol numbers of the directions (the 2010 contest's answers).
PROTOCOL = {"N": 1, "E": 2, "S": 3, "W": 4}


@dataclass(frozen=True)
class Geometry:
    """Constants of one map size: stride, the four step offsets and the checkerboard mask."""

    width: int
    height: int
    stride: int
    #: Offsets of N, E, S, W.
    offsets: tuple[int, int, int, int]
    #: Bits of every real cell whose ``x + y`` is even.
    even: int
    #: Bits of every real cell.
    cells: int

    def index(self, x: int, y: int) -> int:
        return (y + 1) * self.stride + x

    def coords(self, index: int) -> tuple[int, int]:
        y, x = divmod(index, self.stride)
        return (x, y - 1)

    def spread(self, bits: int) -> int:
        """Every cell next to a cell of ``bits`` (unmasked: callers AND with what is free)."""
        s = self.stride
        return (bits << 1) | (bits >> 1) | (bits << s) | (bits >> s)


@lru_cache(maxsize=32)
def geometry(width: int, height: int) -> Geometry:
    """The bitboard layout of a ``width`` x ``height`` board (cached: a round's first answer makes it).

    The masks are built at once (:func:`mask_of`): bit by bit on the big integers they took 36 ms
    on 200x200, inside the first answer on each new board size.
    """
    stride = width + 1
    ys, xs = np.divmod(np.arange(width * height, dtype=np.int64), width)
    cells = (ys + 1) * stride + xs
    even = cells[(xs + ys) % 2 == 0]
    return Geometry(width, height, stride, (-stride, 1, stride, -1), mask_of(even), mask_of(cells))


@dataclass(frozen=True)
class Board:
    """A position from one player's side: ``me`` and ``opp`` are head indices; heads are not free."""

    geo: Geometry
    free: int
    me: int
    opp: int

    @classmethod
    def from_state(cls, state: State, player: int) -> Board:
        """The position as ``player`` (0 or 1) sees it."""
        level = state.level
        geo = geometry(level.width, level.height)
        blocked = state.blocked
        free = 0
        width = level.width
        for y in range(level.height):
            row = (blocked >> (y * width)) & ((1 << width) - 1)
            free |= (~row & ((1 << width) - 1)) << ((y + 1) * geo.stride)
        heads = [geo.index(*pos) if level.inside(*pos) else -1 for pos in state.heads]
        return cls(geo, free, heads[player], heads[1 - player])

    @classmethod
    def from_level(cls, level: Level, player: int = 0) -> Board:
        return cls.from_state(RULES.initial_state(level), player)

    def safe_moves(self) -> list[tuple[str, int]]:
        """(direction, new head index) for every move of mine into a free cell."""
        free, me = self.free, self.me
        return [(d, me + off) for d, off in zip(DIRECTIONS, self.geo.offsets, strict=True) if free >> (me + off) & 1]

    def to_rows(self) -> list[str]:
        """The 2010 protocol picture: ``#`` blocked, space free, ``1`` me, ``2`` the opponent."""
        geo = self.geo
        width, stride = geo.width, geo.stride
        mask = (1 << width) - 1
        rows = []
        for y in range(geo.height):
            bits = (self.free >> ((y + 1) * stride)) & mask
            # Bit x of the row is cell x: write the row as binary, lowest bit first.
            rows.append(format(bits, f"0{width}b")[::-1].translate(_ROW_CHARS))
        for mark, head in (("1", self.me), ("2", self.opp)):
            if head >= 0:
                x, y = geo.coords(head)
                if 0 <= y < geo.height and 0 <= x < width:
                    rows[y] = rows[y][:x] + mark + rows[y][x + 1 :]
        return rows


_ROW_CHARS = str.maketrans("01", "# ")


# -- set operations on bitboards ------------------------------------------------------------

def flood(geo: Geometry, free: int, start: int) -> int:
    """Free cells reachable from head index ``start`` (the head itself is not included)."""
    s = geo.stride
    front = ((1 << start) << 1 | (1 << start) >> 1 | (1 << start) << s | (1 << start) >> s) & free
    reach = front
    while front:
        front = ((front << 1) | (front >> 1) | (front << s) | (front >> s)) & free & ~reach
        reach |= front
    return reach


def edges(geo: Geometry, region: int) -> int:
    """How many pairs of side-by-side cells lie inside ``region``."""
    return (region & (region >> 1)).bit_count() + (region & (region >> geo.stride)).bit_count()


def parity_bound(geo: Geometry, region: int, start: int) -> int:
    """Most cells a path from ``start`` (not counted) can visit in ``region``: colours alternate.

    The first step lands on the colour opposite to ``start``; a path of L cells uses
    ceil(L/2) of that colour and floor(L/2) of the start's colour.
    """
    even = geo.even
    evens = (region & even).bit_count()
    odds = region.bit_count() - evens
    start_even = bool(even >> start & 1)
    other, same = (odds, evens) if start_even else (evens, odds)
    if other > same:
        return 2 * same + 1
    return 2 * other


@dataclass(frozen=True)
class Territory:
    """A Voronoi split: cells each player reaches strictly first, and whether they are cut apart."""

    mine: int
    theirs: int
    separated: bool


def voronoi(geo: Geometry, free: int, me: int, opp: int) -> Territory:
    """Breadth-first from both heads at once; a cell both reach on the same step is nobody's.

    Blocking each search at the other's cells is exact for the split: a shortest path of
    mine through a cell the opponent reaches first reaches its end later than theirs.
    The players are separated when no cell is shared and no cell of mine touches theirs.
    """
    s = geo.stride
    a = 1 << me
    b = 1 << opp
    fa = ((a << 1) | (a >> 1) | (a << s) | (a >> s)) & free
    fb = ((b << 1) | (b >> 1) | (b << s) | (b >> s)) & free
    ties = fa & fb
    mine = fa ^ ties
    theirs = fb ^ ties
    # ``avail``: free cells neither search has reached (fronts are subsets of it, so xor removes them).
    avail = free & ~(fa | fb)
    while fa or fb:
        na = ((fa << 1) | (fa >> 1) | (fa << s) | (fa >> s)) & avail
        nb = ((fb << 1) | (fb >> 1) | (fb << s) | (fb >> s)) & avail
        tie = na & nb
        if tie:
            ties |= tie
            mine |= na ^ tie
            theirs |= nb ^ tie
        else:
            mine |= na
            theirs |= nb
        avail ^= na | nb
        fa, fb = na, nb
    if ties:
        return Territory(mine, theirs, False)
    touching = ((mine << 1) | (mine >> 1) | (mine << s) | (mine >> s)) & theirs
    if touching:
        return Territory(mine, theirs, False)
    # A player boxed in with no free neighbour touches nothing, yet may sit right beside the
    # other head: that is still "separated" (they can never meet again).
    return Territory(mine, theirs, True)


def cells_of(bits: int) -> list[int]:
    """Indices of the set bits, low to high."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def mask_of(cells: Iterable[int] | np.ndarray) -> int:
    """The bitboard with ``cells`` set, the inverse of :func:`cells_of`.

    Built as a numpy bit array and converted once: setting the bits one by one on the big int
    copies the whole board per cell, which for a 40,000-cell path on 200x200 took 12-57 ms.
    """
    index = cells.astype(np.int64) if isinstance(cells, np.ndarray) else np.fromiter(cells, dtype=np.int64)
    if index.size == 0:
        return 0
    bits = np.zeros(int(index.max()) + 1, dtype=np.uint8)
    bits[index] = 1
    return int.from_bytes(np.packbits(bits, bitorder="little").tobytes(), "little")


class OutOfTime(Exception):
    """A search ran past its deadline (raised from inside long evaluations)."""


#: Chamber estimates by (stride, region, head): the estimate depends on nothing else, and a
#: search meets the same region again and again (my room after a cut does not change with
#: the opponent's moves on the other side). When full, the oldest entry makes room for the new
#: one: clearing all 50,000 at once, inside some answer, took 4 ms of CPU on small boards and
#: 33 ms on 200x200 (their keys are whole regions), without a look at the clock.
_CHAMBER_CACHE: OrderedDict[tuple[int, int, int], int] = OrderedDict()
_CHAMBER_CACHE_SIZE = 50_000


def clear_chamber_cache() -> None:
    """Forget cached chamber estimates (benchmarks measure the work, not the lookup)."""
    _CHAMBER_CACHE.clear()


@lru_cache(maxsize=32)
def _even_string(geo: Geometry) -> str:
    """One character per cell index: "1" where the cell is on the even checkerboard colour."""
    size = (geo.height + 2) * geo.stride
    return format(geo.even, f"0{size}b")[::-1]


def dfs_tree(geo: Geometry, region: int, start: int, deadline: float | None = None,
             ) -> tuple[list[int], list[int], list[int], list[int]]:
    """Depth-first tree of ``region`` from ``start`` (Tarjan's numbering, iterative).

    Returns (cells in discovery order, parent of each cell index, discovery number, low
    point): a cell ``v`` whose parent ``u`` has ``low[v] >= disc[u]`` is cut off from the
    rest by ``u`` -- it starts a new chamber. ``start`` (a head, not in the region) is the root.
    """
    size = (geo.height + 2) * geo.stride
    # One character per cell: "1" in the region. Indexing a string is far cheaper than
    # shifting a big int for every neighbour test.
    inside = format(region, f"0{size}b")[::-1]
    o0, o1, o2, o3 = geo.offsets
    disc = [-1] * size
    low = [0] * size
    parent_of = [-1] * size
    disc[start] = 0
    order: list[int] = [start]
    stack: list[int] = [start]
    steps: list[int] = [0]
    counter = 1
    while stack:
        v = stack[-1]
        k = steps[-1]
        if k < 4:
            steps[-1] = k + 1
            w = v + (o0 if k == 0 else o1 if k == 1 else o2 if k == 2 else o3)
            if inside[w] != "1" and w != start:
                continue  # (the head is not in the region, but an edge back to it still counts)
            dw = disc[w]
            if dw < 0:
                disc[w] = low[w] = counter
                counter += 1
                if deadline is not None and counter & 255 == 0 and perf_counter() > deadline:
                    raise OutOfTime
                parent_of[w] = v
                order.append(w)
                stack.append(w)
                steps.append(0)
            elif w != parent_of[v] and dw < low[v]:
                low[v] = dw
        else:
            stack.pop()
            steps.pop()
            if stack:
                u = stack[-1]
                if low[v] < low[u]:
                    low[u] = low[v]
    return order, parent_of, disc, low


def local_cuts(geo: Geometry, cells: int) -> int:
    """Cells of ``cells`` whose free neighbours fall apart inside their own 3x3 box (bit-parallel).

    Around a cell, two side-by-side neighbours stay joined if the corner between them is
    in ``cells`` too; the neighbours form arcs, and a cell with two or more arcs *may* be
    an articulation point. One with a single arc never is (its neighbours stay joined
    through its box). So no local cut at all means no articulation point anywhere, and the
    chamber tree is one room -- a1k0n's "potential articulation" table, done for every
    cell at once with shifts.
    """
    s = geo.stride
    # Each set below has bit c where cell c's neighbour in that direction is in ``cells``.
    n = cells << s
    e = cells >> 1
    so = cells >> s
    w = cells << 1
    ne = cells << (s - 1)
    se = cells >> (s + 1)
    sw = cells >> (s - 1)
    nw = cells << (s + 1)
    # An arc starts at a neighbour whose counter-clockwise link is broken.
    start_n = n & ~(w & nw)
    start_e = e & ~(n & ne)
    start_s = so & ~(e & se)
    start_w = w & ~(so & sw)
    two = (start_n & (start_e | start_s | start_w)) | (start_e & (start_s | start_w)) | (start_s & start_w)
    return two & cells


def chamber_fill(geo: Geometry, free: int, start: int, region: int | None = None,
                 deadline: float | None = None) -> int:
    """Estimated longest path from ``start`` through ``region`` (default: all it reaches).

    The chamber tree (a1k0n, 2010): a depth-first search finds the articulation points
    of the region; a path that passes an articulation point into the part hanging below
    it can never come back. So the region splits into chambers, each worth its own
    cells (capped by the checkerboard parity bound) plus the best chamber hanging off it,
    and the estimate is the best root-to-leaf sum -- not the sum of everything, which is
    what a plain flood fill counts and why it walks into dead ends. With a ``deadline``
    (``time.perf_counter()`` seconds) it raises :class:`OutOfTime` rather than run past it:
    on a 50x50 map one estimate takes milliseconds.
    """
    if region is None:
        region = flood(geo, free, start)
    if not region:
        return 0
    key = (geo.stride, region, start)
    known = _CHAMBER_CACHE.get(key)
    if known is not None:
        return known
    if not local_cuts(geo, region | 1 << start):
        # No articulation point anywhere: one room, capped by parity (no depth-first search needed).
        return parity_bound(geo, region, start)
    best = _best_chamber_path(*_chambers(geo, region, start, deadline))
    while len(_CHAMBER_CACHE) >= _CHAMBER_CACHE_SIZE:
        _CHAMBER_CACHE.popitem(last=False)
    _CHAMBER_CACHE[key] = best
    return best


def _chambers(geo: Geometry, region: int, start: int,
              deadline: float | None) -> tuple[list[int], list[int], list[int], list[bool]]:
    """The chambers of ``region`` seen from ``start``, as parallel lists indexed by chamber (0 is
    the head's own): the chamber it hangs from (-1 for the head's), its cells of each checkerboard
    colour, and whether the cell it is entered by is of the even colour.

    A vertex whose depth-first parent separates it (low >= the parent's discovery time) starts a
    new chamber; every other vertex belongs to its parent's.
    """
    size = (geo.height + 2) * geo.stride
    parity = _even_string(geo)
    order, parent_of, disc, low = dfs_tree(geo, region, start, deadline)
    chamber = [0] * size
    chamber_parent = [-1]
    evens = [0]
    odds = [0]
    entry_even = [parity[start] == "1"]
    for v in order[1:]:
        u = parent_of[v]
        if low[v] >= disc[u]:
            cid = len(chamber_parent)
            chamber_parent.append(chamber[u])
            evens.append(0)
            odds.append(0)
            entry_even.append(parity[v] == "1")
        else:
            cid = chamber[u]
        chamber[v] = cid
        if parity[v] == "1":
            evens[cid] += 1
        else:
            odds[cid] += 1
    return chamber_parent, evens, odds, entry_even


def _best_chamber_path(chamber_parent: list[int], evens: list[int], odds: list[int], entry_even: list[bool]) -> int:
    """The best root-to-leaf sum of the chamber tree, each chamber worth the longest path its
    colours allow. Children are numbered after their parents, so one backward pass suffices."""
    count = len(chamber_parent)
    best_child = [0] * count
    value = [0] * count
    for cid in range(count - 1, -1, -1):
        if cid == 0:
            # The head's own chamber: the first step lands on the other colour.
            other, same = (odds[0], evens[0]) if entry_even[0] else (evens[0], odds[0])
            own = 2 * same + 1 if other > same else 2 * other
        else:
            # Entered at its first cell: that cell's colour comes first.
            first, second = (evens[cid], odds[cid]) if entry_even[cid] else (odds[cid], evens[cid])
            own = 2 * second + 1 if first > second else 2 * first
        value[cid] = own + best_child[cid]
        parent = chamber_parent[cid]
        if parent >= 0 and value[cid] > best_child[parent]:
            best_child[parent] = value[cid]
    return value[0]
