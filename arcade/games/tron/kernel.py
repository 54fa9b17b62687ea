"""The strongest bot's search on flat arrays (game AI, pure), compiled by numba when it is installed.

The bitboard search in :mod:`arcade.games.tron.ai` is as fast as pure Python gets (a big-int
operation per breadth-first step), but a1k0n's evaluation -- articulation points and a tree
of chambers inside each Voronoi territory -- walks the board cell by cell, which costs
milliseconds per leaf in Python. Written as plain loops over numpy arrays, the same walk is
what numba compiles well: with numba installed (the optional ``fast`` extra) these functions
run as machine code, tens of times faster, and the bot searches several move pairs deeper in
the same time. Without numba they are ordinary Python functions -- correct (the tests check
them that way too) but far too slow to play with, so :class:`~arcade.games.tron.ai.StrongestBot`
then keeps the bitboard search. ``ARCADE_NO_JIT=1`` turns the compiler off.

The board is a flat ``uint8`` array with a border of walls (``1`` blocked, ``0`` free), so a
step is an index offset and never leaves the array: cell ``(x, y)`` is ``(y + 1) * (width + 2)
+ x + 1``. Heads are blocked cells, as in the 2010 protocol.

What is computed (a1k0n's recipe; ``docs/tron.md`` has the long story and the measurements):

* :func:`evaluate` -- one breadth-first search from both heads (:func:`split`); if they are
  cut apart, the difference of the moves each can still make in its own room (chamber tree +
  checkerboard parity) times :data:`SEPARATED`; otherwise ``55·(cells + front) + 194·edges`` of
  the best chain of chambers inside each player's Voronoi territory, mine minus theirs.
* :func:`search_root` -- alpha-beta over move pairs (I move, the opponent answers knowing my
  move, both apply), ordered by a transposition table of best moves and replies (Zobrist
  hashes) and by killer moves per ply, checking the clock about every millisecond (:func:`clock_interval`).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def _load_numba() -> Any:
    """numba if it is installed and not turned off, else None (the pure-Python path)."""
    if os.environ.get("ARCADE_NO_JIT"):
        return None
    try:
        import numba
    except Exception:  # a broken install is as good as none: run pure Python
        return None
    return numba


_numba = _load_numba()
#: True when the functions below are compiled (numba installed and not turned off).
ACCELERATED = _numba is not None


def _compiler(**options: Any) -> Callable[[Callable], Callable]:
    """numba's ``njit`` with the machine code cached on disk -- or, where numba finds no folder it
    may write the cache in (a read-only install and a read-only home: a kiosk, a container), not
    cached: compiled afresh each run. numba raises at the decorator then, and ``play tron``,
    ``bot tron`` and ``tournament`` ended at import with exit 70 ("cannot cache function '_now'")."""
    cached = _numba.njit(cache=True, **options)
    uncached = _numba.njit(**options)

    def compile_(func: Callable) -> Callable:
        try:
            return cached(func)
        except RuntimeError as exc:
            if "cannot cache" not in str(exc):
                raise
            return uncached(func)

    return compile_


if _numba is not None:
    #: Compile, cache the machine code on disk, and let other threads run meanwhile (the window).
    njit: Callable[[Callable], Callable] = _compiler(nogil=True)
    #: The clock needs the interpreter (and so the GIL) for a moment.
    _njit_gil: Callable[[Callable], Callable] = _compiler()
    objmode = _numba.objmode
else:
    def njit(func: Callable) -> Callable:
        """Without numba: the function itself, so the kernel runs as plain Python (slowly, but the same)."""
        return func

    _njit_gil = njit

    def objmode(**_types: str) -> contextlib.AbstractContextManager:
        """Without numba: a context that does nothing, as the compiled code's escape to Python needs none."""
        return contextlib.nullcontext()


#: Distance of a cell nobody reaches.
INF = 1 << 20
#: Score of a won position (minus the plies it takes); a loss is its negative, a draw 0.
WIN = 10**12
#: Weight of one move of difference once separated: more than any territory score.
SEPARATED = 10**6
#: a1k0n's weights of a territory's cells (and front) and of its edges.
K1 = 55
K2 = 194
#: Nodes between two looks at the clock (a look costs about a microsecond) on a 25x25 board,
#: about a millisecond of search; bigger boards look more often (see :func:`clock_interval`).
CLOCK_EVERY = 32
#: Deepest search in plies of move pairs (the buffers are sized for it).
MAX_PLY = 96
#: Columns of the chamber-tree frame stack (see :func:`_max_space`).
_FRAME_COLUMNS = 14
#: Rows of the int32 work array: distance to the nearer head and who owns the cell (see
#: :func:`split`), a queue, DFS numbers, low links, a DFS stack of cells and of next
#: directions, articulation flags.
_LEVEL, _OWNER, _QUEUE, _NUM, _LOW, _STACK, _STEP, _ART = range(8)


def clock_interval(cells: int) -> int:
    """Nodes between two looks at the clock on a board of ``cells``: about a millisecond of search.

    A leaf's cost grows with the board (a breadth-first search and a depth-first one over it):
    32 leaves take a millisecond on 25x25 but 25 ms on 200x200, which once overran a 100 ms budget.
    """
    return max(1, min(CLOCK_EVERY, CLOCK_EVERY * 625 // max(1, cells)))


@_njit_gil
def _now() -> float:
    """``time.perf_counter()`` from compiled code (the deadline is on that clock)."""
    with objmode(t="float64"):
        t = time.perf_counter()
    return t


@njit
def split(grid: np.ndarray, a: int, b: int, offs: np.ndarray, level: np.ndarray, owner: np.ndarray,
          queue: np.ndarray) -> bool:
    """Voronoi territories by one breadth-first search from both heads at once.

    ``level`` is each cell's distance to the nearer head and ``owner`` who is that near:
    1 (``a``), 2 (``b``) or 3 (both, a contested cell), 0 unreached. A cell's owners are
    those of its neighbours one step nearer, so the two separate searches a1k0n ran give
    the same split at half the cost. Returns whether the two can still meet: a contested
    cell, two neighbouring cells owned by different heads, or the heads side by side.
    """
    level[:] = INF
    owner[:] = 0
    level[a] = 0
    level[b] = 0
    owner[a] = 1
    owner[b] = 2
    queue[0] = a
    queue[1] = b
    head = 0
    tail = 2
    meet = False
    for k in range(4):
        if a + offs[k] == b:
            meet = True
    while head < tail:
        u = queue[head]
        head += 1
        lu = level[u] + 1
        ou = owner[u]
        for k in range(4):
            w = u + offs[k]
            if grid[w] != 0:
                continue
            lw = level[w]
            if lw == INF:
                level[w] = lu
                owner[w] = ou
                queue[tail] = w
                tail += 1
            elif lw == lu:
                if owner[w] != owner[w] | ou:
                    owner[w] |= ou
                    meet = True
            elif owner[w] != ou:
                meet = True
    return meet


@njit
def _articulations(grid: np.ndarray, root: int, offs: np.ndarray, level: np.ndarray, owner: np.ndarray,
                   me: int, work: np.ndarray, counter: int) -> int:
    """Tarjan's articulation points of the region around ``root``, without recursion.

    The region is the free cells reachable from ``root`` -- only those of my Voronoi
    territory (``owner == me``, see :func:`split`) unless ``me`` is 0. Marks ``work[_ART]`` and
    leaves DFS numbers in ``work[_NUM]`` (0: outside the region), which :func:`_explore`
    then uses as its "not yet claimed" marks. Returns the last DFS number given.
    """
    num = work[_NUM]
    low = work[_LOW]
    stack = work[_STACK]
    step = work[_STEP]
    art = work[_ART]
    counter += 1
    num[root] = counter
    low[root] = counter
    children = 0
    sp = 0
    stack[0] = root
    step[0] = 0
    while sp >= 0:
        v = stack[sp]
        k = step[sp]
        if k < 4:
            step[sp] = k + 1
            w = v + offs[k]
            if grid[w] != 0:
                continue
            if me != 0 and owner[w] != me:
                continue
            if num[w] == 0:
                if sp == 0:
                    children += 1
                counter += 1
                num[w] = counter
                low[w] = counter
                sp += 1
                stack[sp] = w
                step[sp] = 0
            elif num[w] < num[v] and num[w] < low[v]:
                low[v] = num[w]
        else:
            sp -= 1
            if sp >= 0:
                p = stack[sp]
                if sp > 0 and low[v] >= num[p]:
                    art[p] = 1
                if low[v] < low[p]:
                    low[p] = low[v]
    if children > 1:
        art[root] = 1
    return counter


@njit
def fillable(red: int, black: int, start_color: int) -> int:
    """Most moves a path can make over ``red`` and ``black`` cells starting on ``start_color``.

    A path alternates colours, so the scarcer colour caps it: a1k0n's checkerboard bound.
    """
    if start_color:
        return 2 * min(red - 1, black) + (1 if black >= red else 0)
    return 2 * min(red, black - 1) + (1 if red >= black else 0)


@njit
def _explore(grid: np.ndarray, v: int, offs: np.ndarray, color: np.ndarray, level: np.ndarray,
             owner: np.ndarray, me: int, work: np.ndarray, exits: np.ndarray,
             n_exits: int) -> tuple[int, int, int, int, int]:
    """Claim the chamber entered at ``v``: cells up to the articulation points around it.

    Returns its red and black cell counts, its edges (free neighbours of its cells), whether
    it touches the opponent's territory (the front), and the new end of ``exits`` -- the
    articulation points leading out of it, appended for :func:`_max_space` to follow.
    """
    num = work[_NUM]
    art = work[_ART]
    stack = work[_STACK]
    red = 0
    black = 0
    edges = 0
    front = 0
    if num[v] == 0:
        return red, black, edges, front, n_exits
    num[v] = 0
    if color[v]:
        red += 1
    else:
        black += 1
    # Entered at a cut cell, the chamber is that cell alone: every way on is an exit.
    cut_entry = art[v] != 0
    sp = 0
    stack[0] = v
    while sp >= 0:
        u = stack[sp]
        sp -= 1
        for k in range(4):
            w = u + offs[k]
            if grid[w] != 0:
                continue
            edges += 1
            if me != 0 and owner[w] != me:
                front = 1
                continue
            if num[w] == 0:
                continue
            if art[w] or cut_entry:
                exits[n_exits] = w
                n_exits += 1
            else:
                num[w] = 0
                if color[w]:
                    red += 1
                else:
                    black += 1
                sp += 1
                stack[sp] = w
    return red, black, edges, front, n_exits


@njit
def _open_frame(grid: np.ndarray, top: int, v: int, offs: np.ndarray, color: np.ndarray, level: np.ndarray,
                owner: np.ndarray, me: int, work: np.ndarray, exits: np.ndarray, frames: np.ndarray,
                n_exits: int) -> int:
    red, black, edges, front, end = _explore(grid, v, offs, color, level, owner, me, work, exits, n_exits)
    f = frames[top]
    f[0] = v
    f[1] = red
    f[2] = black
    f[3] = edges
    f[4] = front
    f[5] = n_exits
    f[6] = end
    # a1k0n started the best continuation at 0 steps, so any exit to the front beat staying in a
    # big chamber and the estimate fell to the (small) chamber at the front; staying counts here.
    f[7] = fillable(red, black, color[v])
    f[8] = red
    f[9] = black
    f[10] = edges
    f[11] = front
    f[12] = fillable(red, black + 1, color[v])
    f[13] = fillable(red + 1, black, color[v])
    return end


@njit
def _max_space(grid: np.ndarray, v: int, offs: np.ndarray, color: np.ndarray, level: np.ndarray,
               owner: np.ndarray, me: int, work: np.ndarray, exits: np.ndarray,
               frames: np.ndarray) -> tuple[int, int, int, int]:
    """The best chain of chambers from ``v``: (red, black, edges, front) of what a path can use.

    a1k0n's ``max_articulated_space`` with an explicit stack instead of recursion (a corridor
    is a chain of articulation points as long as the board). A frame is one chamber: its own
    counts, its exits still to follow, and the best continuation so far -- a child chamber
    adds to this one unless it reaches the front, where only the child's own room counts,
    plus the steps to get there.
    """
    top = 0
    n_exits = _open_frame(grid, 0, v, offs, color, level, owner, me, work, exits, frames, 0)
    while True:
        f = frames[top]
        if f[5] < f[6]:
            top += 1
            n_exits = _open_frame(grid, top, exits[f[5]], offs, color, level, owner, me, work, exits,
                                  frames, n_exits)
            continue
        red, black, edges, front = f[8], f[9], f[10], f[11]
        if top == 0:
            return red, black, edges, front
        top -= 1
        p = frames[top]
        exit_cell = exits[p[5]]
        exit_color = color[exit_cell]
        steps = fillable(red, black, exit_color)
        if front == 0:
            steps += p[12 + exit_color]
        else:
            steps += level[exit_cell] - 1
        if steps > p[7]:
            p[7] = steps
            if front == 0:
                p[8] = p[1] + red
                p[9] = p[2] + black
                p[10] = p[3] + edges
                p[11] = p[4] + front
            else:
                p[8] = red
                p[9] = black
                p[10] = edges
                p[11] = front
        p[5] += 1


@njit
def evaluate(grid: np.ndarray, a: int, b: int, offs: np.ndarray, color: np.ndarray, work: np.ndarray,
             exits: np.ndarray, frames: np.ndarray) -> int:
    """The position's value for the player at ``a`` (heads blocked in ``grid``, left as found)."""
    level = work[_LEVEL]
    owner = work[_OWNER]
    connected = split(grid, a, b, offs, level, owner, work[_QUEUE])
    work[_NUM][:] = 0
    work[_ART][:] = 0
    mine = 1 if connected else 0
    theirs = 2 if connected else 0
    grid[a] = 0
    grid[b] = 0
    counter = _articulations(grid, a, offs, level, owner, mine, work, 0)
    _articulations(grid, b, offs, level, owner, theirs, work, counter)
    ra, ba, ea, fa = _max_space(grid, a, offs, color, level, owner, mine, work, exits, frames)
    rb, bb, eb, fb = _max_space(grid, b, offs, color, level, owner, theirs, work, exits, frames)
    grid[a] = 1
    grid[b] = 1
    if connected:
        return (K1 * (fa + fillable(ra, ba, color[a])) + K2 * ea) - (K1 * (fb + fillable(rb, bb, color[b])) + K2 * eb)
    return SEPARATED * (fillable(ra, ba, color[a]) - fillable(rb, bb, color[b]))


@njit
def _to_front(row: np.ndarray, start: int, count: int, first: int) -> None:
    """Move direction ``first`` (if it is among ``row[start:start+count]``) to the front."""
    if first < 0:
        return
    for i in range(start, start + count):
        if row[i] == first:
            for j in range(i, start, -1):
                row[j] = row[j - 1]
            row[start] = first
            return


#: Fields of a suspended node in the search's stack (see :func:`search_root`).
_F_A, _F_B, _F_H, _F_DEPTH, _F_ALPHA, _F_BETA, _F_NA, _F_NB, _F_I, _F_J, _F_BEST, _F_BESTA, _F_WORST, \
    _F_REPLY, _F_FLOOR, _F_SLOT, _F_KEY, _F_HIT, _F_EXT = range(19)
_STACK_FIELDS = 19
#: A leaf whose heads are at most ``EXT_NEAR`` steps apart is searched one pair on, at most
#: ``EXT_MAX`` times along a line: where the heads can touch, one more pair decides a cut or
#: a head-on that the evaluation, counting territory, cannot see (the sixth pass, docs/tron.md).
EXT_MAX = 2
EXT_NEAR = 2


@njit
def search_root(grid: np.ndarray, a: int, b: int, h: int, depth: int, order: np.ndarray, n_order: int,
                values: np.ndarray, deadline: float, offs: np.ndarray,
                color: np.ndarray, work: np.ndarray, exits: np.ndarray, frames: np.ndarray, zobrist: np.ndarray,
                tt_key: np.ndarray, tt_move: np.ndarray, killers: np.ndarray, moves: np.ndarray,
                stack: np.ndarray, info: np.ndarray) -> int:
    """Alpha-beta over move pairs, ``depth`` pairs deep: the values of my moves ``order[:n_order]``.

    I pick a move, the opponent answers knowing it, both apply; entering the same cell is a
    draw. A pair where neither side has a choice (both in corridors) does not use up a pair of
    the depth: it costs one node, and the search sees where the corridors lead. A leaf whose
    heads are close is searched one pair on (``EXT_NEAR``, ``EXT_MAX``). The first
    move's value is exact, a later one's is exact if it beats the best so far and an upper
    bound otherwise (enough to rank the best first); they land in ``values``. Returns how many
    root moves were finished before the clock ran out.

    The recursion is written as a loop over an explicit ``stack`` of suspended nodes
    (numba cannot cache recursive functions), ``moves[ply]`` being each node's scratch row:
    my move order, the opponent's, and its best reply to each of my moves. ``info`` holds
    [nodes, aborted, node count of the next clock check, nodes between checks].
    """
    ply = 0
    alpha = -WIN - 1
    beta = WIN + 1
    ret = 0
    entering = True
    # Locals of the current node (saved to ``stack[ply]`` while a child runs).
    n_a = n_b = i = j = best_a = reply = slot = key = 0
    best = worst = floor = 0
    hit = False
    ext = 0  # leaves played on along the current line
    stride = offs[2]
    while True:
        if entering:
            entering = False
            row = moves[ply]
            info[0] += 1
            if info[0] >= info[2]:
                # A leaf costs 10-60 us on contest-sized boards: the clock is read about every millisecond.
                info[2] = info[0] + info[3]
                if _now() > deadline:
                    info[1] = 1
            if info[1] and ply > 0:
                # Out of time: unwind, undoing every move on the way, and report the finished root moves.
                while ply > 0:
                    ply -= 1
                    up = moves[ply]
                    grid[stack[ply, _F_A] + offs[up[stack[ply, _F_I]]]] = 0
                    grid[stack[ply, _F_B] + offs[up[4 + stack[ply, _F_J]]]] = 0
                return stack[0, _F_I]
            n_a = 0
            n_b = 0
            if ply == 0:
                for k in range(n_order):
                    row[k] = order[k]
                n_a = n_order
            else:
                for k in range(4):
                    if grid[a + offs[k]] == 0:
                        row[n_a] = k
                        n_a += 1
            for k in range(4):
                if grid[b + offs[k]] == 0:
                    row[4 + n_b] = k
                    n_b += 1
            terminal = True
            if n_a == 0:
                ret = 0 if n_b == 0 else -WIN + ply
            elif n_b == 0:
                ret = WIN - ply
                if ply == 0:
                    for k in range(n_a):
                        values[k] = WIN
                    return n_a
            elif depth == 0:
                near = abs(a % stride - b % stride) + abs(a // stride - b // stride) <= EXT_NEAR
                if near and ext < EXT_MAX and ply + 2 < MAX_PLY:
                    depth = 1
                    ext += 1
                    terminal = False
                else:
                    ret = evaluate(grid, a, b, offs, color, work, exits, frames)
            else:
                terminal = False
            if not terminal:
                key = h ^ zobrist[1, a] ^ zobrist[2, b]
                slot = key & (tt_key.shape[0] - 1)
                hit = tt_key[slot] == key
                if ply > 0:
                    _to_front(row, 0, n_a, tt_move[slot, 0] if hit else killers[ply, 0])
                for k in range(4):
                    row[8 + k] = -1
                best = -WIN - 1
                best_a = row[0]
                i = 0
                j = -1
        else:
            # A child just returned ``ret``: take back its moves and score my move ``i`` against reply ``j``.
            row = moves[ply]
            grid[a + offs[row[i]]] = 0
            grid[b + offs[row[4 + j]]] = 0
            terminal = False
            if ret < worst:
                worst = ret
                reply = row[4 + j]
                if worst <= floor:
                    j = n_b
        if not terminal:
            # Advance this node to its next child (or finish it).
            descended = False
            while not descended:
                if j < 0:
                    # Start my move ``i``: order the replies, best known first.
                    if i >= n_a:
                        break
                    ad = row[i]
                    floor = alpha if alpha > best else best
                    first = tt_move[slot, 1 + ad] if hit else -1
                    if first < 0:
                        first = killers[ply, 1]
                    _to_front(row, 4, n_b, first)
                    worst = WIN + 1
                    reply = row[4]
                    j = 0
                elif j < n_b:
                    j += 1
                if j < n_b:
                    na = a + offs[row[i]]
                    nb = b + offs[row[4 + j]]
                    if na == nb:
                        if worst > 0:
                            worst = 0
                            reply = row[4 + j]
                            if worst <= floor:
                                j = n_b
                        continue
                    grid[na] = 1
                    grid[nb] = 1
                    st = stack[ply]
                    st[_F_A], st[_F_B], st[_F_H], st[_F_DEPTH] = a, b, h, depth
                    st[_F_ALPHA], st[_F_BETA], st[_F_NA], st[_F_NB] = alpha, beta, n_a, n_b
                    st[_F_I], st[_F_J], st[_F_BEST], st[_F_BESTA] = i, j, best, best_a
                    st[_F_WORST], st[_F_REPLY], st[_F_FLOOR] = worst, reply, floor
                    st[_F_SLOT], st[_F_KEY], st[_F_HIT] = slot, key, 1 if hit else 0
                    st[_F_EXT] = ext
                    child_beta = worst if worst < beta else beta
                    h = h ^ zobrist[0, na] ^ zobrist[0, nb]
                    a = na
                    b = nb
                    alpha = floor
                    beta = child_beta
                    if not (n_a == 1 and n_b == 1 and ply + depth < MAX_PLY - 1):
                        depth -= 1
                    ply += 1
                    entering = True
                    descended = True
                    continue
                # Every reply to my move ``i`` is scored (or one refuted it).
                ad = row[i]
                row[8 + ad] = reply
                killers[ply, 1] = reply
                if ply == 0:
                    values[i] = worst
                if worst > best:
                    best = worst
                    best_a = ad
                i += 1
                j = -1
                if best >= beta:
                    break
            if descended:
                continue
            # Node finished: remember its best move and replies, and hand ``best`` up.
            if tt_key[slot] != key:
                # First visit, or another position took the slot meanwhile.
                tt_key[slot] = key
                for k in range(5):
                    tt_move[slot, k] = -1
            tt_move[slot, 0] = best_a
            for k in range(4):
                if row[8 + k] >= 0:
                    tt_move[slot, 1 + k] = row[8 + k]
            killers[ply, 0] = best_a
            if ply == 0:
                return n_a
            ret = best
        # Hand ``ret`` to the parent: restore its locals.
        if ply == 0:
            return 0
        ply -= 1
        st = stack[ply]
        a, b, h, depth = st[_F_A], st[_F_B], st[_F_H], st[_F_DEPTH]
        alpha, beta, n_a, n_b = st[_F_ALPHA], st[_F_BETA], st[_F_NA], st[_F_NB]
        i, j, best, best_a = st[_F_I], st[_F_J], st[_F_BEST], st[_F_BESTA]
        worst, reply, floor = st[_F_WORST], st[_F_REPLY], st[_F_FLOOR]
        slot, key, hit = st[_F_SLOT], st[_F_KEY], st[_F_HIT] != 0
        ext = st[_F_EXT]

class SearchArrays:
    """Everything the compiled search needs for one board size, made once and reused every move.

    The transposition table stays from move to move (its keys are whole positions, so an old
    entry is never wrong, only possibly useless), and the killer moves move up one ply per
    move, as a1k0n's did: last move's ply 2 is this move's ply 1.
    """

    def __init__(self, width: int, height: int, table_bits: int = 20, seed: int = 2010) -> None:
        self.width, self.height = width, height
        self.stride = width + 2
        size = self.stride * (height + 2)
        self.size = size
        self.offs = np.array([-self.stride, 1, self.stride, -1], dtype=np.int64)
        ys, xs = np.divmod(np.arange(size), self.stride)
        self.color = ((xs + ys) & 1).astype(np.uint8)
        self.grid = np.ones(size, dtype=np.uint8)
        self.work = np.zeros((8, size), dtype=np.int32)
        self.exits = np.zeros(4 * size + 8, dtype=np.int32)
        self.frames = np.zeros((size + 2, _FRAME_COLUMNS), dtype=np.int32)
        rng = np.random.default_rng(seed)
        self.zobrist = rng.integers(1, 2**62, size=(3, size), dtype=np.int64)
        self.tt_key = np.full(1 << table_bits, -1, dtype=np.int64)
        self.tt_move = np.full((1 << table_bits, 5), -1, dtype=np.int8)
        self.killers = np.full((MAX_PLY + 2, 2), -1, dtype=np.int8)
        self.moves = np.zeros((MAX_PLY + 2, 12), dtype=np.int64)
        self.stack = np.zeros((MAX_PLY + 2, _STACK_FIELDS), dtype=np.int64)
        self.info = np.zeros(4, dtype=np.int64)
        self.info[3] = clock_interval(width * height)
        self.values = np.zeros(4, dtype=np.int64)

    def clear(self) -> None:
        """A new round: forget the table and the killers."""
        self.tt_key[:] = -1
        self.killers[:] = -1

    def next_move(self) -> None:
        """The round moved on one pair: shift the killers up a ply."""
        self.killers[:-1] = self.killers[1:]
        self.killers[-1] = -1

    def load(self, free: int, stride: int, me: int, opp: int) -> tuple[int, int, int]:
        """Copy a bitboard position (see :mod:`arcade.games.tron.board`) into ``grid``.

        Returns the two heads' indices here and the position's Zobrist hash.
        """
        width, height = self.width, self.height
        nbits = (height + 2) * stride
        raw = np.frombuffer(free.to_bytes((nbits + 7) // 8, "little"), dtype=np.uint8)
        bits = np.unpackbits(raw, bitorder="little")[:nbits].reshape(height + 2, stride)
        grid = self.grid.reshape(height + 2, self.stride)
        grid[:] = 1
        grid[1:height + 1, 1:width + 1] = 1 - bits[1:height + 1, :width]
        h = int(np.bitwise_xor.reduce(self.zobrist[0][self.grid == 1]))
        return self.index(me, stride), self.index(opp, stride), h

    def index(self, bit: int, stride: int) -> int:
        """The cell of bitboard index ``bit`` here (one more column of wall on the left)."""
        return bit + bit // stride + 1

    def root(self, a: int, b: int, h: int, depth: int, order: np.ndarray, deadline: float) -> int:
        """Run :func:`search_root`; the values land in ``self.values``, nodes in ``self.info[0]``."""
        self.info[1] = 0
        self.info[2] = self.info[0]
        try:
            return search_root(self.grid, a, b, h, depth, order, len(order), self.values, deadline,
                               self.offs,
                               self.color, self.work, self.exits, self.frames, self.zobrist, self.tt_key,
                               self.tt_move, self.killers, self.moves, self.stack, self.info)
        except SystemError as exc:
            # Ctrl+C or SIGTERM (the CLI raises KeyboardInterrupt) landing in the compiled search's
            # clock call comes out as "returned a result with an exception set": an interrupt, not
            # an internal error (exit 130, not 70).
            if isinstance(exc.__cause__, KeyboardInterrupt):
                raise exc.__cause__ from None
            raise

    def evaluate(self, a: int, b: int) -> int:
        return evaluate(self.grid, a, b, self.offs, self.color, self.work, self.exits, self.frames)


_warm = False


def warm_up() -> None:
    """Compile (first time) or load from the disk cache everything the search runs: seconds once,
    then a fraction of one -- done before a round so no move pays for it. Once per process."""
    global _warm
    if _warm:
        return
    _warm = True
    arrays = SearchArrays(4, 3, table_bits=4)
    # A 4x3 room, bitboard stride 5: heads at (0, 0) and (3, 2), the rest free.
    free = (0b1111 << 5 | 0b1111 << 10 | 0b1111 << 15) & ~(1 << 5) & ~(1 << 18)
    a, b, h = arrays.load(free, 5, 5, 18)
    order = np.array([k for k in range(4) if arrays.grid[a + arrays.offs[k]] == 0], dtype=np.int64)
    arrays.root(a, b, h, 2, order, time.perf_counter() + 3600.0)
