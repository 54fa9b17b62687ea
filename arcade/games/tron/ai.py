"""Tron bots (game AI, pure): a ladder from random to a 2010-contest-style searcher.

Every bot answers :meth:`Bot.decide` for a :class:`~arcade.games.tron.board.Board` seen
from its own side and a deadline (a ``time.perf_counter()`` value); it returns its best
move found so far by then, never later. The ladder, weakest first:

* ``random``     -- a random move that does not crash at once (if there is one).
* ``straight``   -- the seed's bot: the direction with the longest straight free run.
* ``flood-fill`` -- the move after which it can reach the most cells; ties go to the move
  with more walls around it (wall hugging wastes less space). The default opponent.
* ``voronoi``    -- alpha-beta over move pairs, iteratively deepened, scoring the cells each
  player reaches first (Voronoi territory); once cut apart it fills like ``flood-fill``.
* ``strongest``  -- the 2010 winner's recipe (a1k0n): the same search with the evaluation
  55·ΔN + 194·ΔE over Voronoi regions (N cells, E edges between them), a transposition
  table for move ordering, separated positions scored by the chamber tree (articulation
  points) with the checkerboard parity bound, and a space-filling search once separated.
  With numba installed it searches with :mod:`arcade.games.tron.kernel` instead: the same
  pair search compiled, with a1k0n's chamber tree at every leaf.
"""

from __future__ import annotations

import gc
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from arcade.core.errors import UsageError
from arcade.games.tron import kernel
from arcade.games.tron.board import (
    Board,
    Geometry,
    OutOfTime,
    chamber_fill,
    flood,
    geometry,
    parity_bound,
    voronoi,
)
from arcade.games.tron.endgame import FillPlanner
from arcade.games.tron.logic import DIRECTIONS

#: Score of a won position (a loss is its negative; a draw scores 0), and the weight of one cell
#: of difference once the players are separated (beats any territory score): the compiled
#: search's numbers, so both searches describe their scores alike.
WIN = kernel.WIN
SEPARATED = kernel.SEPARATED
#: Part of its budget a bot searches for; the rest covers Python's wrap-up, conversion and jitter.
SEARCH_SHARE = 0.85
#: The compiled search looks at the clock about every millisecond; the other 10 % covers the
#: wrap-up and a few milliseconds without the processor on a busy machine.
COMPILED_SEARCH_SHARE = 0.90
#: How long past its deadline a search that finished no depth may still measure the flood-fill
#: fallback (:func:`flood_choice`): ample on contest boards, a cap on 200x200 ones.
FALLBACK_GRACE = 0.001
#: a1k0n's weights for Voronoi nodes and edges.
NODE_WEIGHT = kernel.K1
EDGE_WEIGHT = kernel.K2


@dataclass(frozen=True)
class Decision:
    """A bot's answer: the direction plus what it thought (shown while watching, printed by tools)."""

    direction: str
    reason: str = ""
    depth: int = 0
    nodes: int = 0
    score: float | None = None


class Bot(ABC):
    """A Tron player. ``decide`` must return before ``deadline`` (``time.perf_counter()`` seconds)."""

    name = ""
    title = ""
    description = ""
    #: The part of a move's budget this bot's deadline leaves it (see ``match.bot_deadline``).
    search_share = SEARCH_SHARE

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def decide(self, board: Board, deadline: float) -> Decision:
        """The move for this tick."""

    def reset(self) -> None:  # noqa: B027 -- optional hook, most bots keep no memory
        """A new round starts (bots with memory forget it)."""

    def prepare(self, width: int, height: int) -> None:
        """A round on a ``width`` x ``height`` board is about to start: make now, outside any
        answer's time, what the first answer would otherwise make against its budget -- for
        every bot the board's layout (cached; 3 ms on 200x200)."""
        geometry(width, height)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for one answer.

    Answering makes no reference cycles, and a full collection over a big heap (a tournament
    worker holds every finished round) can take ten milliseconds -- a late answer if it lands
    inside a move. Paused, the collection runs between moves instead.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _fallback(board: Board) -> str:
    """Any move that does not crash at once, else north (every move crashes)."""
    moves = board.safe_moves()
    return moves[0][0] if moves else "N"


def _wall_count(geo: Geometry, free: int, index: int) -> int:
    return sum(1 for off in geo.offsets if not free >> (index + off) & 1)


class RandomBot(Bot):
    """Any move that does not crash at once: the weakest opponent. Its choices come from the bot's
    seeded rng, so a round with the same seed plays the same.
    """
    name = "random"
    title = "Random"
    description = "a random move that does not crash at once"

    def decide(self, board: Board, deadline: float) -> Decision:
        moves = board.safe_moves()
        if not moves:
            return Decision("N", "no safe move")
        return Decision(self.rng.choice(moves)[0], "random safe move")


class StraightBot(Bot):
    """The seed's bot: look along each direction and go where the straight free run is longest."""

    name = "straight"
    title = "Straight line"
    description = "goes where the straight run of free cells is longest (the seed's bot)"
    #: The seed checks LEFT, RIGHT, UP, DOWN and keeps the first longest.
    ORDER = ("W", "E", "N", "S")

    def decide(self, board: Board, deadline: float) -> Decision:
        geo, free = board.geo, board.free
        best, best_run = None, 0
        for d in self.ORDER:
            off = geo.offsets[DIRECTIONS.index(d)]
            run, i = 0, board.me + off
            while free >> i & 1:
                run += 1
                i += off
            if run > best_run:
                best, best_run = d, run
        if best is None:
            return Decision(_fallback(board), "boxed in")
        return Decision(best, f"{best_run} free cells straight ahead")


def flood_choice(board: Board, deadline: float | None = None) -> tuple[str, int]:
    """The flood-fill rule: most reachable cells after the move, then no head-on risk, then most walls.

    Cells the opponent can enter next tick count as walls while measuring (it may well
    take one), and a move into one of them risks a head-on draw, so its area counts half.
    With a ``deadline`` a move not measured by then is not measured at all (a flood takes
    4 ms on 200x200, so the four of a fallback took 15 ms past the search's deadline): it only
    wins if nothing was measured, by the local rule -- no head-on risk, then most free neighbours.
    """
    geo, free = board.geo, board.free
    opp = board.opp
    contested = geo.spread(1 << opp) & free if opp >= 0 else 0
    best: tuple[int, int, int, int] | None = None
    choice = _fallback(board)
    for order, (d, target) in enumerate(board.safe_moves()):
        after = free & ~(1 << target)
        safe = not contested >> target & 1
        walls = _wall_count(geo, after, target)
        if deadline is not None and time.perf_counter() > deadline:
            key = (-1, safe, -walls, -order)  # below any measured move
        else:
            area = flood(geo, after & ~contested, target).bit_count()
            key = (area if safe else area // 2, safe, walls, -order)
        if best is None or key > best:
            best, choice = key, d
    return choice, (max(0, best[0]) if best else 0)


class FloodFillBot(Bot):
    """The move with the most reachable cells, no look-ahead: cheap and steady, the reference
    opponent of the benchmarks and the default second seat of a tournament.
    """
    name = "flood-fill"
    title = "Flood fill"
    description = "heads for the largest reachable area, hugging walls on ties"

    def decide(self, board: Board, deadline: float) -> Decision:
        direction, area = flood_choice(board)
        return Decision(direction, f"{area} cells reachable")


_Timeout = OutOfTime


Evaluate = Callable[[Geometry, int, int, int, float], int]


class OrderingMemory:
    """The search's move-ordering hints, kept from one move to the next.

    Last tick's search already visited most positions of this tick's tree (two plies
    down), so its best moves and refutations order this search from the first
    iteration. The entries are only hints -- the order moves are tried in, never a
    value -- so a stale one costs a little time and cannot change a result; the dicts
    are emptied once they pass ``limit`` entries to bound the memory.
    """

    def __init__(self, limit: int = 150_000) -> None:
        self.limit = limit
        #: Best move pair found in each position (free cells, my head, their head).
        self.table: dict[tuple[int, int, int], tuple[int, int]] = {}
        #: The opponent's best reply to each of my moves in a position.
        self.replies: dict[tuple[int, int, int, int], int] = {}

    def trim(self) -> None:
        """Forget everything once the dicts have grown past the limit."""
        if len(self.table) + len(self.replies) > self.limit:
            self.table.clear()
            self.replies.clear()

    def clear(self) -> None:
        self.table.clear()
        self.replies.clear()


def _tried_first(moves: list[int], first: int | None) -> list[int]:
    """``moves`` in the order a search tries them: ``first`` (a remembered best move or refutation,
    or a killer step) ahead of the rest, if it is one of them; else ``moves`` as they are. The
    order is only a hint -- it speeds up the cut-offs and never changes a value."""
    if first in moves and moves[0] != first:
        return [first, *(m for m in moves if m != first)]
    return moves


class PairSearch:
    """Alpha-beta over move pairs: I pick a move, the opponent answers knowing it, both apply.

    Letting the opponent answer my move is the pessimistic reading of simultaneous moves
    that a1k0n used; entering the same cell is a draw, and a head with no free neighbour
    crashes next tick. Iterative deepening stops at the deadline and keeps the best move of
    the last finished depth; a transposition table remembers each position's best replies
    so deeper iterations search them first.
    """

    def __init__(self, geo: Geometry, evaluate: Evaluate, deadline: float, *, use_table: bool = True,
                 draw: int = 0, memory: OrderingMemory | None = None, extend_forced: bool = False,
                 extend_near: bool = False) -> None:
        self.geo = geo
        #: A pair with one move on each side does not use up depth (as in the compiled search).
        self.extend_forced = extend_forced
        #: A leaf whose heads are close is searched on (as in the compiled search, see ``near_leaf``).
        self.extend_near = extend_near
        #: What a draw is worth to me (negative: I would rather play on).
        self.draw = draw
        self.evaluate = evaluate
        self.deadline = deadline
        self.nodes = 0
        self.use_table = use_table
        if memory is None:
            memory = OrderingMemory()
        self.table = memory.table
        #: The opponent's refutation of each of my moves in a position (their best reply to it).
        self.replies = memory.replies
        #: Killer directions by ply (a1k0n's ordering): the step that was best at this ply elsewhere.
        self.killer_a: dict[int, int] = {}
        self.killer_b: dict[int, int] = {}
        self.partial: list[tuple[int, int]] = []

    def _check(self) -> None:
        self.nodes += 1
        if time.perf_counter() > self.deadline:
            raise _Timeout

    def value(self, free: int, a: int, b: int, depth: int, alpha: int, beta: int, ply: int,
              extended: int = 0) -> int:
        self._check()
        if depth == 0:
            if not (self.extend_near and self.near_leaf(a, b, ply, extended)):
                return self.evaluate(self.geo, free, a, b, self.deadline)
            depth, extended = 1, extended + 1
        offsets = self.geo.offsets
        amoves = [a + o for o in offsets if free >> (a + o) & 1]
        bmoves = [b + o for o in offsets if free >> (b + o) & 1]
        if not amoves:
            return self.draw if not bmoves else -WIN + ply
        if not bmoves:
            return WIN - ply
        key = (free, a, b)
        use_table = self.use_table
        hint = self.table.get(key) if use_table else None
        if len(amoves) > 1:
            amoves = _tried_first(amoves, hint[0] if hint is not None else a + self.killer_a.get(ply, 0))
        killer_b = b + self.killer_b.get(ply, 0)
        replies = self.replies
        best = -WIN - 1
        best_a = amoves[0]
        best_b = bmoves[0]
        child_depth = self.child_depth(depth, ply, len(amoves), len(bmoves))
        for na in amoves:
            worst = WIN + 1
            floor = alpha if alpha > best else best
            order = bmoves
            if use_table and len(bmoves) > 1:
                order = _tried_first(bmoves, replies.get((free, a, b, na), killer_b))
            reply = order[0]
            for nb in order:
                if na == nb:
                    v = self.draw
                else:
                    v = self.value(free & ~(1 << na) & ~(1 << nb), na, nb, child_depth,
                                   floor, worst if worst < beta else beta, ply + 1, extended)
                if v < worst:
                    worst, reply = v, nb
                    if worst <= floor:
                        break
            if use_table:
                replies[free, a, b, na] = reply
                self.killer_b[ply] = reply - b
            if worst > best:
                best, best_a, best_b = worst, na, reply
                if best >= beta:
                    break
        if use_table:
            self.table[key] = (best_a, best_b)
            self.killer_a[ply] = best_a - a
        return best

    def near_leaf(self, a: int, b: int, ply: int, extended: int) -> bool:
        """Whether a leaf is searched one pair on: the heads are close enough to touch within it."""
        s = self.geo.stride
        return (extended < kernel.EXT_MAX and ply + 2 < kernel.MAX_PLY
                and abs(a % s - b % s) + abs(a // s - b // s) <= kernel.EXT_NEAR)

    def child_depth(self, depth: int, ply: int, n_mine: int, n_theirs: int) -> int:
        """The depth left below a node: one pair less, unless neither side has a choice here."""
        if self.extend_forced and n_mine == 1 and n_theirs == 1 and ply + depth < kernel.MAX_PLY - 1:
            return depth
        return depth - 1

    def root(self, board: Board, depth: int, order: list[int]) -> list[tuple[int, int]]:
        """Values of my moves (in ``order``) at ``depth`` pairs: exact for the best so far, and an
        upper bound for a move that cannot beat it (enough to rank the best first)."""
        free, _a, b = board.free, board.me, board.opp
        offsets = self.geo.offsets
        bmoves = [b + o for o in offsets if free >> (b + o) & 1]
        results: list[tuple[int, int]] = []
        #: What a search cut short by the clock still knows (the moves it finished, in order).
        self.partial = results
        best = -WIN - 1
        a = board.me
        child_depth = self.child_depth(depth, 0, len(order), len(bmoves))
        for na in order:
            if not bmoves:
                results.append((na, WIN))
                continue
            worst = WIN + 1
            replies = _tried_first(bmoves, self.replies.get((free, a, b, na)))
            reply = replies[0]
            for nb in replies:
                if na == nb:
                    v = self.draw
                else:
                    v = self.value(free & ~(1 << na) & ~(1 << nb), na, nb, child_depth, best, worst, 1)
                if v < worst:
                    worst, reply = v, nb
                    if worst <= best:
                        break
            self.replies[free, a, b, na] = reply
            results.append((na, worst))
            best = max(best, worst)
        return results


def territory_eval(geo: Geometry, free: int, a: int, b: int, deadline: float) -> int:
    """The voronoi bot's evaluation: difference of Voronoi cell counts (flood counts once separated)."""
    t = voronoi(geo, free, a, b)
    if t.separated:
        return SEPARATED * (parity_bound(geo, t.mine, a) - parity_bound(geo, t.theirs, b))
    return t.mine.bit_count() - t.theirs.bit_count()


def a1k0n_eval(geo: Geometry, free: int, a: int, b: int, deadline: float) -> int:
    """a1k0n's evaluation, his terms as he counted them: 55·ΔN + 194·ΔE over the Voronoi territories.

    N is the parity-capped cell count (the most cells a path could visit) and E each
    territory cell's count of free neighbours -- internal edges twice, and edges into the
    opponent's or contested cells too -- so it rewards room that is open and a long front.
    (Counting E as pairs inside the territory, as this bot first did, halves its weight
    against N, which is not the model he fitted the 55 and 194 to.) Separated positions
    are scored by the chamber-tree fill estimate, times a weight no territory score reaches.
    """
    t = voronoi(geo, free, a, b)
    mine, theirs = t.mine, t.theirs
    if t.separated:
        return SEPARATED * separated_difference(geo, free, a, mine, b, theirs, deadline)
    s = geo.stride
    spread_free = (free >> 1, free << 1, free >> s, free << s)
    deg_a = deg_b = 0
    for f in spread_free:
        deg_a += (mine & f).bit_count()
        deg_b += (theirs & f).bit_count()
    return (NODE_WEIGHT * (parity_bound(geo, mine, a) - parity_bound(geo, theirs, b))
            + EDGE_WEIGHT * (deg_a - deg_b))


def separated_difference(geo: Geometry, free: int, a: int, mine: int, b: int, theirs: int,
                         deadline: float | None = None) -> int:
    """Chamber estimate of my room minus theirs, skipping the costly estimate where it cannot matter.

    The parity bound is an upper bound of the chamber estimate. The side with the larger
    bound is estimated first; if the other side's bound does not even reach that estimate,
    the outcome is settled and the other side's exact estimate would only widen the margin,
    so its bound stands in (the margin is then understated) and half the work is saved --
    cuts that leave one side a small pocket are most of the separated leaves of a search.
    """
    bound_a = parity_bound(geo, mine, a)
    bound_b = parity_bound(geo, theirs, b)
    if bound_a >= bound_b:
        fill_a = chamber_fill(geo, free, a, mine, deadline)
        fill_b = bound_b if bound_b <= fill_a else chamber_fill(geo, free, b, theirs, deadline)
    else:
        fill_b = chamber_fill(geo, free, b, theirs, deadline)
        fill_a = bound_a if bound_a <= fill_b else chamber_fill(geo, free, a, mine, deadline)
    return fill_a - fill_b


def describe(score: int, cell_value: float = 1.0) -> str:
    """A search score in words; ``cell_value`` is what one cell of territory is worth in it."""
    if score >= WIN - 10_000:
        return f"forced win in {WIN - score} ticks"
    if score <= -WIN + 10_000:
        return f"lost in {WIN + score} ticks at best"
    if abs(score) >= SEPARATED // 2:
        cells = round(score / SEPARATED)
        return f"separated, {cells:+d} cells of room" if cells else "separated, even room"
    cells = round(score / cell_value)
    return f"territory {cells:+d} cells" if cells else "territory even"


class SearchBot(Bot):
    """Shared driver of the searching bots: iterative deepening at the root, endgame when separated."""

    evaluate: Evaluate = staticmethod(territory_eval)
    use_table = False
    max_depth = 64
    #: What a draw costs in ``evaluate``'s units (0: a draw is as good as an even position).
    contempt = 0
    #: What one cell of territory is worth in ``evaluate``'s units (for the reason shown to people).
    cell_value = 1.0
    #: Keep the move-ordering tables from one move to the next (see :class:`OrderingMemory`).
    keep_memory = False
    #: Let a pair with no choice on either side not use up depth (see :meth:`PairSearch.child_depth`).
    extend_forced = False
    #: Search a leaf whose heads are close one pair on (see :meth:`PairSearch.near_leaf`).
    extend_near = False

    def __init__(self, seed: int = 0, *, depth: int | None = None) -> None:
        """``depth`` fixes the search depth (in move pairs) for reproducible tests; normally the clock decides."""
        super().__init__(seed)
        if depth is not None:
            self.max_depth = depth
        self.memory = OrderingMemory()

    def reset(self) -> None:
        self.memory.clear()

    def decide(self, board: Board, deadline: float) -> Decision:
        with collector_paused():
            return self._decide(board, deadline)

    def _decide(self, board: Board, deadline: float) -> Decision:
        geo = board.geo
        moves = board.safe_moves()
        if not moves:
            return Decision("N", "no safe move: crashing")
        if len(moves) == 1:
            return Decision(moves[0][0], "only one safe move")
        territory = voronoi(geo, board.free, board.me, board.opp)
        if territory.separated:
            return self.endgame(board, deadline)
        return self.search(board, deadline, territory.mine.bit_count() + territory.theirs.bit_count())

    def search(self, board: Board, deadline: float, room: int) -> Decision:
        """Iterative deepening of :class:`PairSearch` until the deadline (``room``: cells either can reach)."""
        moves = board.safe_moves()
        memory = None
        if self.keep_memory:
            self.memory.trim()
            memory = self.memory
        search = PairSearch(board.geo, self.evaluate, deadline, use_table=self.use_table, draw=-self.contempt,
                            memory=memory, extend_forced=self.extend_forced, extend_near=self.extend_near)

        def run(depth: int, order: list[int]) -> tuple[list[tuple[int, int]], bool]:
            try:
                return search.root(board, depth, order), True
            except _Timeout:
                return search.partial, False

        by_target = {target: d for d, target in moves}
        best, score, depth = self.deepen(run, [target for _d, target in moves], deadline, room)
        return self.decision(board, by_target.get(best), score, depth, search.nodes, deadline)

    def deepen(self, run: Callable[[int, list[int]], tuple[list[tuple[int, int]], bool]],
               order: list[int], deadline: float, room: int) -> tuple[int | None, int | None, int]:
        """Iterative deepening, shared by the searches: (best move, its score, depth finished).

        ``run(depth, order)`` searches the root moves in ``order`` and returns (move, value)
        pairs for the moves it finished, and whether it finished them all before the clock
        ran out. Equal values keep the order of the last iteration: the move the shallower
        search ranked first stays first unless another one beats it.
        """
        best: int | None = None
        best_score: int | None = None
        depth_done = 0
        for depth in range(1, self.max_depth + 1):
            results, complete = run(depth, order)
            if not complete:
                # The deeper search ran out of time, but if it finished the old best move and
                # then found another that beats it, that move is better by a deeper look.
                if best_score is not None and len(results) >= 2:
                    top = max(results[1:], key=lambda r: r[1])
                    if top[1] > results[0][1]:
                        best, best_score = top
                break
            results.sort(key=lambda r: r[1], reverse=True)
            order = [move for move, _value in results]
            best, best_score = results[0]
            depth_done = depth
            if abs(best_score) >= WIN - 10_000 or time.perf_counter() > deadline:
                break
            if depth * 2 > room + 2:
                break
        return best, best_score, depth_done

    def decision(self, board: Board, direction: str | None, score: int | None, depth: int, nodes: int,
                 deadline: float | None = None) -> Decision:
        """The search's answer in words; the flood-fill choice if no depth finished in time (measured
        until ``deadline`` plus :data:`FALLBACK_GRACE`)."""
        if direction is None or score is None:
            cutoff = None if deadline is None else deadline + FALLBACK_GRACE
            return Decision(flood_choice(board, cutoff)[0], "no time to search", depth, nodes, None)
        return Decision(direction, describe(score, self.cell_value) + f" (depth {depth})", depth, nodes, score)

    def endgame(self, board: Board, deadline: float) -> Decision:
        direction, area = flood_choice(board)
        return Decision(direction, f"separated: filling {area} cells")


class VoronoiBot(SearchBot):
    """The :class:`SearchBot` with plain territory scoring: a step between flood fill and
    :class:`StrongestBot`, the same search without a1k0n's evaluation and extensions.
    """
    name = "voronoi"
    title = "Voronoi"
    description = "alpha-beta over move pairs, scoring the cells each side reaches first"


class StrongestBot(SearchBot):
    """The :class:`SearchBot` with a1k0n's evaluation, a transposition table and search extensions;
    compiled with numba when installed, else the same search in pure Python.
    """
    name = "strongest"
    title = "Strongest"
    description = "a1k0n's 2010 recipe: Voronoi nodes+edges, chambers, parity, space-filling endgame"
    evaluate = staticmethod(a1k0n_eval)
    use_table = True
    keep_memory = True
    extend_forced = True
    extend_near = True
    #: An open cell has about four free neighbours inside a territory.
    cell_value = NODE_WEIGHT + 4 * EDGE_WEIGHT

    def __init__(self, seed: int = 0, *, depth: int | None = None, compiled: bool | None = None) -> None:
        """``compiled``: search with :mod:`~arcade.games.tron.kernel` (None: when numba is installed)."""
        super().__init__(seed, depth=depth)
        if compiled is None:
            compiled = kernel.ACCELERATED
        # At a fixed depth (tests) the endgame is made reproducible too: a fixed number of walks.
        self.planner = FillPlanner(seed, None if depth is None else 12)
        self.compiled = bool(compiled)
        #: The compiled search's buffers for the board size last played (its table is 13 MB: one
        #: size at a time, so a bot that meets many sizes in a tournament does not pile them up).
        self.arrays: kernel.SearchArrays | None = None
        if compiled:
            kernel.warm_up()
            self.max_depth = min(self.max_depth, kernel.MAX_PLY)
            self.search_share = COMPILED_SEARCH_SHARE

    def reset(self) -> None:
        super().reset()
        self.planner.reset()
        if self.arrays is not None:
            self.arrays.clear()

    def prepare(self, width: int, height: int) -> None:
        """Make the compiled search's buffers for the round's board before its first answer.

        Made inside an answer, their 13 MB of fresh memory cost 4-42 ms of the process's CPU
        (page faults, measured in tournament workers): search time lost on every round's first
        move, and an answer over the budget at small budgets (33 ms at ``--ms 30``).
        """
        super().prepare(width, height)
        if self.compiled:
            self._arrays_for(width, height)

    def _arrays_for(self, width: int, height: int) -> kernel.SearchArrays:
        """The buffers for this board size (made for a new size; the old size's go first)."""
        arrays = self.arrays
        if arrays is None or (arrays.width, arrays.height) != (width, height):
            self.arrays = None  # the old size's 13 MB are freed before the new size's are made
            arrays = self.arrays = kernel.SearchArrays(width, height)
        return arrays

    def search(self, board: Board, deadline: float, room: int) -> Decision:
        if not self.compiled:
            return super().search(board, deadline, room)
        return self.array_search(board, deadline, room)

    def array_search(self, board: Board, deadline: float, room: int) -> Decision:
        """The same iterative deepening on the compiled search of :mod:`arcade.games.tron.kernel`."""
        geo = board.geo
        arrays = self._arrays_for(geo.width, geo.height)
        arrays.next_move()  # the killers move up a ply (on new buffers they are all still unset)
        a, b, h = arrays.load(board.free, geo.stride, board.me, board.opp)
        arrays.info[0] = 0

        def run(depth: int, order: list[int]) -> tuple[list[tuple[int, int]], bool]:
            done = arrays.root(a, b, h, depth, np.array(order, dtype=np.int64), deadline)
            return list(zip(order, arrays.values[:done].tolist(), strict=False)), done == len(order)

        by_dir = {DIRECTIONS.index(d): d for d, _target in board.safe_moves()}
        best, score, depth = self.deepen(run, list(by_dir), deadline, room)
        return self.decision(board, by_dir.get(best), score, depth, int(arrays.info[0]), deadline)

    def endgame(self, board: Board, deadline: float) -> Decision:
        cell, length, bound = self.planner.move(board.geo, board.free, board.me, deadline)
        by_target = {target: d for d, target in board.safe_moves()}
        if cell not in by_target:
            direction, length, depth = fill_search(board, deadline, self.max_depth)
            return Decision(direction, f"separated: about {length} moves of room (depth {depth})", depth, 0, length)
        return Decision(by_target[cell], f"separated: a path of {length} moves planned (at most {bound})",
                        0, 0, length)


def fill_search(board: Board, deadline: float, max_depth: int = 10_000) -> tuple[str, int, int]:
    """Longest path from my head, alone in my region: iterative deepening, chamber-tree leaves.

    Each leaf scores the steps taken plus the chamber estimate of what is left; moves
    into tighter spots are tried first (Warnsdorff's rule), which finds wall-hugging
    paths early. Returns (direction, estimated moves, depth searched).
    """
    geo = board.geo
    offsets = geo.offsets
    moves = board.safe_moves()
    if not moves:
        return "N", 0, 0
    best_dir = moves[0][0]
    best_len = -1
    counter = [0]

    def dfs(free: int, head: int, depth: int) -> int:
        counter[0] += 1
        if time.perf_counter() > deadline:
            raise _Timeout
        nexts = [head + o for o in offsets if free >> (head + o) & 1]
        if not nexts:
            return 0
        if depth == 0:
            return chamber_fill(geo, free, head, None, deadline)
        if len(nexts) > 1:
            nexts.sort(key=lambda n: sum(1 for o in offsets if free >> (n + o) & 1))
        best = 0
        for n in nexts:
            v = 1 + dfs(free & ~(1 << n), n, depth - 1)
            if v > best:
                best = v
        return best

    region_size = flood(geo, board.free, board.me).bit_count()
    order = [(d, t) for d, t in moves]
    depth_done = 0
    for depth in range(0, min(region_size, max_depth) + 1):
        try:
            scored = []
            for d, target in order:
                scored.append((1 + dfs(board.free & ~(1 << target), target, depth), d, target))
        except _Timeout:
            break
        scored.sort(key=lambda s: -s[0])
        best_len, best_dir = scored[0][0], scored[0][1]
        order = [(d, t) for _v, d, t in scored]
        depth_done = depth
        if depth + 1 >= best_len or time.perf_counter() > deadline:
            break
    if best_len < 0:
        best_dir, best_len = flood_choice(board, deadline + FALLBACK_GRACE)
    return best_dir, best_len, depth_done


BOTS: dict[str, type[Bot]] = {
    cls.name: cls for cls in (RandomBot, StraightBot, FloodFillBot, VoronoiBot, StrongestBot)
}
ALIASES = {
    "rand": "random", "straight-line": "straight", "line": "straight", "flood": "flood-fill",
    "floodfill": "flood-fill", "ff": "flood-fill", "minimax": "voronoi", "alphabeta": "voronoi",
    "strong": "strongest", "best": "strongest", "a1k0n": "strongest",
}
DEFAULT_BOT = "flood-fill"


def bot_name(text: str) -> str:
    """The canonical name of a bot (aliases accepted); unknown names raise UsageError."""
    key = text.strip().lower()
    key = ALIASES.get(key, key)
    if key not in BOTS:
        raise UsageError(f"unknown bot {text!r} (choose from: {', '.join(BOTS)})")
    return key


def bot_title(name: str) -> str:
    """The name a person reads for a bot or a tournament's entrant: a built-in bot's title ("Flood
    fill", as the setup and the match's header say it), anything else (a program's label, its
    script's name) as it is. Ids stay what the command line takes and the results files hold."""
    return BOTS[name].title if name in BOTS else name


def make_bot(name: str, seed: int = 0) -> Bot:
    """A fresh bot by name or alias, seeded with ``seed``; UsageError naming the choices for an
    unknown name (the CLI's ``--bot`` and the window's seats both come here).
    """
    return BOTS[bot_name(name)](seed)
