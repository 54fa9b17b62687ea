"""The compiled search's kernel against brute force: distances, cut cells, bounds, evaluation, alpha-beta.

Every test runs on the kernel as plain Python (``ARCADE_NO_JIT``: what a machine without
numba runs) and, where numba is installed, on the compiled kernel too, so both paths of
``arcade.games.tron.kernel`` answer to the same references.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import time
from collections import deque
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.games.tron import kernel
from arcade.games.tron.board import Board
from arcade.games.tron.logic import RULES, Level
from tests.tron.test_tron_board import boards


def _pure_copy() -> ModuleType:
    """A second copy of the kernel module loaded with the compiler turned off."""
    spec = importlib.util.spec_from_file_location("tron_kernel_pure", kernel.__file__)
    module = importlib.util.module_from_spec(spec)
    before = os.environ.get("ARCADE_NO_JIT")
    os.environ["ARCADE_NO_JIT"] = "1"
    try:
        spec.loader.exec_module(module)
    finally:
        if before is None:
            del os.environ["ARCADE_NO_JIT"]
        else:
            os.environ["ARCADE_NO_JIT"] = before
    assert not module.ACCELERATED
    return module


PURE = _pure_copy()
KERNELS = [
    pytest.param(PURE, id="pure"),
    pytest.param(kernel, id="compiled",
                 marks=pytest.mark.skipif(not kernel.ACCELERATED, reason="numba is not installed")),
]


def load(mod: ModuleType, level):
    board = Board.from_level(level)
    arrays = mod.SearchArrays(level.width, level.height, table_bits=8)
    a, b, h = arrays.load(board.free, board.geo.stride, board.me, board.opp)
    return board, arrays, a, b, h


def free_cells(arrays) -> set[int]:
    return {int(i) for i in np.flatnonzero(arrays.grid == 0)}


def neighbours(arrays, cell: int):
    return [cell + int(o) for o in arrays.offs]


def reach(arrays, start: int, cells: set[int]) -> dict[int, int]:
    """Reference breadth-first distances from ``start`` through ``cells``."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for w in neighbours(arrays, u):
            if w in cells and w not in dist:
                dist[w] = dist[u] + 1
                queue.append(w)
    return dist


@pytest.mark.parametrize("mod", KERNELS)
@settings(max_examples=40, deadline=None)
@given(boards(max_side=7))
def test_load_keeps_every_free_cell_and_both_heads(mod, level):
    board, arrays, a, b, _h = load(mod, level)
    expected = set()
    for y in range(level.height):
        for x in range(level.width):
            if board.free >> board.geo.index(x, y) & 1:
                expected.add((y + 1) * arrays.stride + x + 1)
    assert free_cells(arrays) == expected
    assert arrays.grid[a] == arrays.grid[b] == 1
    assert (a, b) == tuple((y + 1) * arrays.stride + x + 1 for x, y in level.starts)
    # Heads and walls alike are blocked; the border is wall all round.
    grid = arrays.grid.reshape(level.height + 2, level.width + 2)
    assert grid[0].all() and grid[-1].all() and grid[:, 0].all() and grid[:, -1].all()


@pytest.mark.parametrize("mod", KERNELS)
@settings(max_examples=60, deadline=None)
@given(boards(max_side=7))
def test_one_search_from_both_heads_splits_the_board_like_two(mod, level):
    _board, arrays, a, b, _h = load(mod, level)
    cells = free_cells(arrays)
    from_a = reach(arrays, a, cells)
    from_b = reach(arrays, b, cells)
    dist = np.zeros(arrays.size, dtype=np.int32)
    owner = np.zeros(arrays.size, dtype=np.int32)
    queue = np.zeros(arrays.size, dtype=np.int32)
    meet = mod.split(arrays.grid, a, b, arrays.offs, dist, owner, queue)
    for cell in cells | {a, b}:
        da, db = from_a.get(cell, mod.INF), from_b.get(cell, mod.INF)
        if cell == a:
            da = 0
        if cell == b:
            db = 0
        expected = (1 if da <= db and da < mod.INF else 0) | (2 if db <= da and db < mod.INF else 0)
        assert owner[cell] == expected, cell
        assert dist[cell] == min(da, db)
    # They can meet iff the search from one head reaches a free neighbour of the other.
    near_b = {w for w in neighbours(arrays, b) if w in cells}
    assert meet == (a in neighbours(arrays, b) or bool(near_b & set(from_a)))


@pytest.mark.parametrize("mod", KERNELS)
@settings(max_examples=60, deadline=None)
@given(boards(max_side=6))
def test_articulation_points_are_the_cells_whose_removal_splits_the_region(mod, level):
    _board, arrays, a, _b, _h = load(mod, level)
    arrays.grid[a] = 0
    cells = free_cells(arrays)
    region = set(reach(arrays, a, cells))
    arrays.work[:] = 0
    mod._articulations(arrays.grid, a, arrays.offs, arrays.work[0], arrays.work[1], 0, arrays.work, 0)
    found = {int(i) for i in np.flatnonzero(arrays.work[kernel._ART])}
    expected = set()
    for v in region:
        rest = region - {v}
        if rest and len(reach(arrays, next(iter(rest)), rest)) < len(rest):
            expected.add(v)
    assert found == expected
    assert {int(i) for i in np.flatnonzero(arrays.work[kernel._NUM])} == region


def longest_path(arrays, start: int, cells: set[int]) -> int:
    """Most moves a path from ``start`` can make through ``cells`` (exhaustive)."""
    best = 0
    stack = [(start, frozenset([start]))]
    while stack:
        u, seen = stack.pop()
        best = max(best, len(seen) - 1)
        for w in neighbours(arrays, u):
            if w in cells and w not in seen:
                stack.append((w, seen | {w}))
    return best


@pytest.mark.parametrize("mod", KERNELS)
@settings(max_examples=40, deadline=None)
@given(boards(max_side=5))
def test_the_checkerboard_bound_is_never_below_the_longest_path(mod, level):
    _board, arrays, a, _b, _h = load(mod, level)
    arrays.grid[a] = 0
    region = set(reach(arrays, a, free_cells(arrays)))
    red = sum(1 for c in region if arrays.color[c])
    black = len(region) - red
    assert mod.fillable(red, black, int(arrays.color[a])) >= longest_path(arrays, a, region)


def test_the_checkerboard_bound_on_worked_examples():
    # A corridor of five cells entered at a red end: red-black-red-black-red, four moves.
    assert kernel.fillable(3, 2, 1) == 4
    # A 2x3 room from a black corner: every cell, five moves.
    assert kernel.fillable(3, 3, 0) == 5
    # Four black cells round a red start can take only two of them (in and out is impossible).
    assert kernel.fillable(1, 4, 1) == 1


CORRIDORS = RULES.parse_level("""9 3
1       #
#########
2   #####
""")


@pytest.mark.parametrize("mod", KERNELS)
def test_separated_rooms_score_the_difference_in_moves(mod):
    _board, arrays, a, b, _h = load(mod, CORRIDORS)
    # Cut apart: seven moves left for cycle 1, three for cycle 2.
    assert arrays.evaluate(a, b) == mod.SEPARATED * (7 - 3)
    assert arrays.evaluate(b, a) == -mod.SEPARATED * (7 - 3)


@pytest.mark.parametrize("mod", KERNELS)
@settings(max_examples=60, deadline=None)
@given(boards(max_side=7))
def test_evaluation_is_antisymmetric_and_leaves_the_board_as_found(mod, level):
    _board, arrays, a, b, _h = load(mod, level)
    before = arrays.grid.copy()
    value = arrays.evaluate(a, b)
    assert arrays.evaluate(b, a) == -value
    assert np.array_equal(arrays.grid, before)


@pytest.mark.skipif(not kernel.ACCELERATED, reason="numba is not installed")
@settings(max_examples=60, deadline=None)
@given(boards(max_side=8))
def test_compiled_evaluation_equals_the_pure_one(level):
    _board, fast, a, b, _h = load(kernel, level)
    _board, slow, _a, _b, _h = load(PURE, level)
    assert fast.evaluate(a, b) == slow.evaluate(a, b)


def minimax(mod, arrays, a: int, b: int, depth: int, ply: int, extended: int = 0) -> int:
    """Reference: the pair game without pruning, the kernel's evaluation at the leaves (a leaf
    whose heads are close is played on one more pair, a path at most ``EXT_MAX`` times)."""
    grid, offs = arrays.grid, arrays.offs
    mine = [a + int(o) for o in offs if grid[a + o] == 0]
    theirs = [b + int(o) for o in offs if grid[b + o] == 0]
    if not mine:
        return 0 if not theirs else -mod.WIN + ply
    if not theirs:
        return mod.WIN - ply
    if depth == 0:
        if not near(mod, arrays, a, b, ply, extended):
            return arrays.evaluate(a, b)
        depth, extended = 1, extended + 1
    below = child_depth(mod, depth, ply, len(mine), len(theirs))
    return max(min(reply(mod, arrays, na, nb, below, ply, extended) for nb in theirs) for na in mine)


def near(mod, arrays, a: int, b: int, ply: int, extended: int) -> bool:
    """The heads are at most ``EXT_NEAR`` steps apart, and the path has extensions and stack left."""
    ax, ay = a % arrays.stride, a // arrays.stride
    bx, by = b % arrays.stride, b // arrays.stride
    return extended < mod.EXT_MAX and ply + 2 < mod.MAX_PLY and abs(ax - bx) + abs(ay - by) <= mod.EXT_NEAR


def child_depth(mod, depth: int, ply: int, n_mine: int, n_theirs: int) -> int:
    """A pair where neither side has a choice does not use up depth (within the stack's room)."""
    return depth if n_mine == 1 and n_theirs == 1 and ply + depth < mod.MAX_PLY - 1 else depth - 1


def reply(mod, arrays, na: int, nb: int, below: int, ply: int, extended: int = 0) -> int:
    """The pair (na, nb) played, then ``below`` pairs more."""
    if na == nb:
        return 0
    arrays.grid[na] = arrays.grid[nb] = 1
    try:
        return minimax(mod, arrays, na, nb, below, ply + 1, extended)
    finally:
        arrays.grid[na] = arrays.grid[nb] = 0


@pytest.mark.parametrize("mod", KERNELS)
@settings(max_examples=40, deadline=None)
@given(boards(max_side=6), st.integers(1, 3))
def test_alpha_beta_finds_the_minimax_value_of_the_best_move(mod, level, depth):
    _board, arrays, a, b, h = load(mod, level)
    order = np.array([k for k in range(4) if arrays.grid[a + arrays.offs[k]] == 0], dtype=np.int64)
    if len(order) == 0:
        return
    before = arrays.grid.copy()
    # Twice: the second search starts from the table and killers the first one left.
    for _ in range(2):
        done = arrays.root(a, b, h, depth, order, time.perf_counter() + 3600)
        assert done == len(order)
        values = [int(v) for v in arrays.values[: len(order)]]
        truth = []
        theirs = [b + int(o) for o in arrays.offs if arrays.grid[b + o] == 0]
        below = child_depth(mod, depth, 0, len(order), len(theirs))
        for k in order:
            na = a + int(arrays.offs[k])
            truth.append(min(reply(mod, arrays, na, nb, below, 0) for nb in theirs) if theirs else mod.WIN)
        assert max(values) == max(truth)
        assert values[0] == truth[0]
        # A later move is exact if it beat the best so far, else an upper bound.
        assert all(v >= t for v, t in zip(values, truth, strict=True))
        assert np.array_equal(arrays.grid, before)
        order = order[np.argsort([-v for v in values], kind="stable")]


@pytest.mark.parametrize("mod", KERNELS)
def test_a_passed_deadline_stops_the_search_and_restores_the_board(mod):
    level = Level(8, 8, ("        ",) * 8, ((0, 0), (7, 7)))
    _board, arrays, a, b, h = load(mod, level)
    before = arrays.grid.copy()
    order = np.array([k for k in range(4) if arrays.grid[a + arrays.offs[k]] == 0], dtype=np.int64)
    done = arrays.root(a, b, h, 6, order, time.perf_counter() - 1)
    assert done < len(order)
    assert arrays.info[1] == 1
    assert np.array_equal(arrays.grid, before)


def test_the_clock_is_read_about_every_millisecond_whatever_the_board_size(monkeypatch):
    """32 leaves cost a millisecond on 25x25 but 25 ms on 200x200, which ran a 100 ms move to 112:
    the bigger the board, the fewer nodes between two looks at the clock."""
    sides = [5, 25, 50, 80, 120, 200]
    intervals = [kernel.clock_interval(side * side) for side in sides]
    assert intervals[1] == kernel.CLOCK_EVERY and intervals[-1] == 1
    assert intervals == sorted(intervals, reverse=True) and min(intervals) >= 1
    # The search itself looks that often: count the looks of the plain-Python copy.
    looks = []
    monkeypatch.setattr(PURE, "_now", lambda: looks.append(1) or 0.0)
    for side in (8, 120):
        level = Level(side, side, (" " * side,) * side, ((0, 0), (side - 1, side - 1)))
        _board, arrays, a, b, h = load(PURE, level)
        assert arrays.info[3] == kernel.clock_interval(side * side)
        looks.clear()
        order = np.array([k for k in range(4) if arrays.grid[a + arrays.offs[k]] == 0], dtype=np.int64)
        arrays.root(a, b, h, 1 if side > 8 else 3, order, 1.0)
        nodes = int(arrays.info[0])
        assert len(looks) == -(-nodes // int(arrays.info[3])), (side, nodes, len(looks))


@pytest.mark.parametrize("mod", KERNELS)
def test_every_position_of_a_small_room_keeps_the_board_intact(mod):
    """Exhaustively over both heads in a 3x3 room: search never leaves a trace on the board."""
    cells = [(x, y) for y in range(3) for x in range(3)]
    for start_a, start_b in itertools.permutations(cells, 2):
        level = Level(3, 3, ("   ",) * 3, (start_a, start_b))
        _board, arrays, a, b, h = load(mod, level)
        before = arrays.grid.copy()
        order = np.array([k for k in range(4) if arrays.grid[a + arrays.offs[k]] == 0], dtype=np.int64)
        arrays.root(a, b, h, 4, order, time.perf_counter() + 3600)
        assert np.array_equal(arrays.grid, before)


@pytest.mark.parametrize("mod", KERNELS)
def test_corridors_do_not_use_up_depth_but_stay_within_the_stack(mod):
    """Both heads in one long corridor: every pair is forced, so the search runs on without
    spending depth -- until the stack's room (``MAX_PLY``) makes it count again."""
    length = 3 * mod.MAX_PLY
    level = Level(length, 1, (" " * length,), ((0, 0), (length - 1, 0)))
    _board, arrays, a, b, h = load(mod, level)
    before = arrays.grid.copy()
    order = np.array([k for k in range(4) if arrays.grid[a + arrays.offs[k]] == 0], dtype=np.int64)
    assert arrays.root(a, b, h, 2, order, time.perf_counter() + 3600) == 1
    assert np.array_equal(arrays.grid, before)
    # Two pairs deep, yet the search walked the corridor as far as the stack allows.
    assert arrays.info[0] >= mod.MAX_PLY - 2

    # A short one is seen to its end at depth 1: the heads meet (a draw), nobody wins.
    level = Level(9, 1, (" " * 9,), ((0, 0), (8, 0)))
    _board, arrays, a, b, h = load(mod, level)
    order = np.array([k for k in range(4) if arrays.grid[a + arrays.offs[k]] == 0], dtype=np.int64)
    arrays.root(a, b, h, 1, order, time.perf_counter() + 3600)
    assert arrays.values[0] == 0 and arrays.info[0] >= 4


#: Heads two steps apart: stepping between them (east) looks best one pair ahead, but four
#: pairs show it gets walled off into the top right (a cut five cells short); south is even.
NEAR_HEADS = Level(5, 5, (" #   ", "#    ", "#    ", "     ", "##   "), ((1, 1), (3, 1)))


@pytest.mark.parametrize("mod", KERNELS)
def test_a_leaf_with_the_heads_close_is_searched_on(mod):
    """Where the heads are within ``EXT_NEAR`` steps a leaf is played on (at most ``EXT_MAX``
    pairs a line), so one pair of nominal depth already sees the cut four pairs show."""
    _board, arrays, a, b, h = load(mod, NEAR_HEADS)
    east, south = 1, 2
    order = np.array([east, south], dtype=np.int64)
    assert arrays.root(a, b, h, 1, order, time.perf_counter() + 3600) == 2
    assert arrays.values[1] > arrays.values[0]  # south
    assert arrays.values[1] == reply_value(mod, arrays, a + int(arrays.offs[south]), b, 1)


def reply_value(mod, arrays, na: int, b: int, depth: int) -> int:
    """The reference value of my move to ``na`` at ``depth`` pairs (the opponent's best answer)."""
    theirs = [b + int(o) for o in arrays.offs if arrays.grid[b + o] == 0]
    below = child_depth(mod, depth, 0, 2, len(theirs))
    return min(reply(mod, arrays, na, nb, below, 0) for nb in theirs)


def test_an_interrupt_inside_the_compiled_search_is_an_interrupt_not_an_internal_error(monkeypatch):
    """Ctrl+C landing in the compiled clock call came out as SystemError ("returned a result with an
    exception set") and the CLI exited 70, "internal error", instead of 130."""
    arrays = kernel.SearchArrays(4, 3, table_bits=4)

    def interrupted(*args):
        try:
            raise KeyboardInterrupt("SIGTERM")
        except KeyboardInterrupt as exc:
            raise SystemError("<built-in method _now> returned a result with an exception set") from exc

    monkeypatch.setattr(kernel, "search_root", interrupted)
    with pytest.raises(KeyboardInterrupt, match="SIGTERM"):
        arrays.root(6, 13, 0, 2, np.array([0], dtype=np.int64), time.perf_counter() + 1)
    monkeypatch.setattr(kernel, "search_root", lambda *args: (_ for _ in ()).throw(SystemError("other")))
    with pytest.raises(SystemError, match="other"):
        arrays.root(6, 13, 0, 2, np.array([0], dtype=np.int64), time.perf_counter() + 1)


def test_the_kernel_compiles_where_numba_finds_no_folder_for_its_cache():
    """With a read-only install and a read-only home numba has nowhere to keep its cache, and its
    ``njit(cache=True)`` raised at import: ``play tron``, ``bot tron`` and ``tournament`` ended with
    exit 70 ("cannot cache function '_now': no locator available"). Now they compile uncached."""
    import subprocess
    import sys
    from pathlib import Path

    pytest.importorskip("numba")
    code = ("import numba.core.caching as caching\n"
            "for locator in caching.CacheImpl._locator_classes:\n"
            "    locator.from_function = classmethod(lambda cls, func, source: None)\n"
            "from arcade.games.tron import kernel\n"
            "print(kernel.ACCELERATED, type(kernel._now).__name__, type(kernel.evaluate).__name__)\n")
    env = {k: v for k, v in os.environ.items() if k != "ARCADE_NO_JIT"}
    process = subprocess.run([sys.executable, "-c", code], cwd=Path(kernel.__file__).parents[3], env=env,
                             capture_output=True, text=True, timeout=120)
    assert process.returncode == 0, process.stderr[-500:]
    assert process.stdout.split() == ["True", "CPUDispatcher", "CPUDispatcher"]
