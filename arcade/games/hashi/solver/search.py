"""Hashi solver search (pure logic): complete search, exact counting up to a limit, and grading.

Beyond the rules of :mod:`.engine` the solver *guesses* -- depth-first with propagation at
every node, backjumping on the reasons of contradictions, restarts -- which makes it
complete: it finds a solution of any solvable board and counts solutions up to a limit,
so uniqueness is proven rather than assumed. Grading replays the rules weakest first.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from arcade.games.hashi.logic import MAX_BRIDGES, Puzzle, State
from arcade.games.hashi.solver.engine import (
    CONNECTIVITY,
    ISOLATION,
    LOCAL,
    TRIAL,
    Contradiction,
    Engine,
    Event,
    compile_puzzle,
)


# -- search -----------------------------------------------------------------------------
def luby(i: int) -> int:
    """The i-th term (1-based) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ...: restart budgets."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


class Stopped(Exception):
    """A search ended early because its ``stop`` callable said so; ``args[0]`` = solutions found so far."""


class Search:
    """Complete search: decide, propagate, and on a contradiction jump back and assert the opposite.

    Decisions are bounds (``x >= v`` or ``x <= v``), so every refuted decision has an
    interval-shaped opposite. When a contradiction's reason mask names decisions ``k``
    (the deepest) and ``j`` (the next deepest), the opposite of decision ``k`` follows
    from the decisions up to ``j`` alone: the search undoes everything above ``j`` and
    asserts it there, where it stays until ``j`` itself is undone (this is how SAT solvers
    backjump; facts asserted at depth 0 hold for good).

    The branching island is the one whose constraints failed most often (weighted degree)
    per open line, and a line first gets the value it had last time (phase saving); the
    search restarts from the top after a Luby-growing number of conflicts, keeping the
    weights, phases and depth-0 facts, which cures the heavy tail of unlucky early
    choices. After each decision, lines near the change are probed (stage-2 trial).
    Found solutions become constraints ("not this one again"), so counting stays exact
    even with restarts and backjumps.
    """

    #: Conflicts before the first restart, on every board. A budget that grew past 400 islands (half
    #: a conflict per island) was tried for large lattices and dropped: the regular lattices it was
    #: made for now solve with one conflict either way (2,500 islands), and on a random 80x80
    #: lattice of 1,600 islands it kept the search from a solution for over 300 s where 100 counts
    #: both in 12 s (bench hashi's large-board figures).
    RESTART_BASE = 100

    def __init__(self, engine: Engine, *, prefer: dict[int, int] | None = None, seed: int = 0,
                 restarts: bool = True, probe: bool = True, stop: Callable[[], bool] | None = None) -> None:
        self.engine = engine
        #: Asked every 64 nodes; True ends the search with :class:`Stopped` (the editor's live verdict
        #: drops a count the player's next edit made stale, and bounds its search for a fix).
        self.stop = stop
        self.rng = random.Random(seed)
        self.weight = [1.0] * engine.net.n
        self.phase: dict[int, int] = dict(prefer or {})
        self.restarts = restarts
        self.probe = probe
        self.seen: list[tuple[int, ...]] = []
        self.conflicts = 0

    def _bump(self, exc: Contradiction) -> None:
        kind, subject = exc.args[0], exc.args[1]
        net = self.engine.net
        if kind in ("over", "short", "closed"):
            self.weight[subject] += 1
        elif kind in ("empty", "cross") and subject >= 0:
            self.weight[net.a[subject]] += 1
            self.weight[net.b[subject]] += 1

    def _decision(self) -> tuple[int, int, int]:
        """(line, lo, hi) of the next decision: narrow that line to ``lo..hi``."""
        e = self.engine
        net, lo, hi, slo, shi, weight = e.net, e.lo, e.hi, e.slo, e.shi, self.weight
        lines_of, random_ = net.lines_of, self.rng.random
        best, best_island = -1.0, -1
        for i in range(net.n):
            if slo[i] == shi[i]:
                continue
            count = 0
            for x in lines_of[i]:
                if lo[x] < hi[x]:
                    count += 1
            score = weight[i] / count + random_() * 1e-6
            if score > best:
                best, best_island = score, i
        if best_island < 0:  # every island is settled but a line is not (cannot happen at a fixpoint)
            line = e.open_lines()[0]
        else:
            line = max((x for x in lines_of[best_island] if lo[x] < hi[x]),
                       key=lambda x: (hi[x] - lo[x], weight[net.a[x]] + weight[net.b[x]]))
        l_lo, l_hi = lo[line], hi[line]
        value = self.phase.get(line, l_hi)
        if value >= l_hi:
            return line, l_hi, l_hi
        if value <= l_lo:
            return line, l_lo, l_lo
        return line, value, l_hi

    def _settle(self, mark: int) -> None:
        """Propagate, then probe the lines of every island the last step touched."""
        e = self.engine
        e.propagate()
        if not self.probe:
            return
        a, b, lines_of, lo, hi = e.net.a, e.net.b, e.net.lines_of, e.lo, e.hi
        touched: set[int] = set()
        for entry in e.trail[mark:]:
            line = entry[0]
            if line >= 0:
                touched.add(a[line])
                touched.add(b[line])
        lines = sorted({x for i in touched for x in lines_of[i] if lo[x] < hi[x]})
        while lines and e.trial(lines, first_only=False):
            e.propagate()
            lines = [x for x in lines if lo[x] < hi[x]]

    def _check_seen(self) -> None:
        """At a full assignment: a solution found before is a contradiction (it is blocked)."""
        e = self.engine
        current = tuple(e.lo)
        if current in self.seen:
            mask = 0
            for x in range(e.net.m):
                mask |= e.lomask[x] | e.himask[x]
            raise Contradiction("seen", -1, mask)

    def run(self, limit: int = 1, on_solution: Callable[[tuple[int, ...]], None] | None = None) -> int:
        """Find up to ``limit`` solutions; returns how many. The engine is left at its starting fixpoint."""
        e = self.engine
        saved_probe, e.probe_stage = e.probe_stage, ISOLATION  # cheap probes; search covers the rest
        try:
            return self._run(limit, on_solution)
        finally:
            e.probe_stage = saved_probe

    def _run(self, limit: int, on_solution: Callable[[tuple[int, ...]], None] | None) -> int:
        e = self.engine
        e.level = 0
        try:
            e.propagate()
        except Contradiction:
            return 0
        base = e.mark()
        # Per depth: (trail mark before it, line, True for "x >= bound" / False for "x <= bound", bound).
        levels: list[tuple[int, int, bool, int]] = []
        found = 0
        first_budget = self.RESTART_BASE
        run, budget, since = 1, first_budget, 0
        mask: int | None = None
        while True:
            if mask is None:
                e.nodes += 1
                if self.stop is not None and not e.nodes & 63 and self.stop():
                    e.undo(base)
                    raise Stopped(found)
                if e.solved():
                    try:
                        self._check_seen()
                        found += 1
                        self.seen.append(tuple(e.lo))
                        if on_solution is not None:
                            on_solution(tuple(e.lo))
                        if found >= limit:
                            break
                        self._check_seen()
                    except Contradiction as exc:
                        mask = exc.args[2]
                        continue
                if self.restarts and since >= budget and levels:
                    run += 1
                    budget, since = first_budget * luby(run), 0
                    e.undo(levels[0][0])
                    levels.clear()
                    e.level = 0
                mask = self._decide(levels)
                continue
            # Resolve a contradiction whose reasons are the decisions in ``mask``.
            self.conflicts += 1
            since += 1
            if mask == 0:
                break  # it follows from the puzzle (and found solutions) alone: nothing left
            mask = self._backjump(mask, levels)
        e.undo(base)
        return found

    def _decide(self, levels: list[tuple[int, int, bool, int]]) -> int | None:
        """Take the next decision one level deeper; the reason mask of the contradiction it led to,
        or None. A decision that settles its line saves the value as the line's phase."""
        e = self.engine
        line, d_lo, d_hi = self._decision()
        mark = e.mark()
        raises = d_lo > e.lo[line]
        levels.append((mark, line, raises, d_lo if raises else d_hi))
        e.level = depth = len(levels)
        mask = self._assert(line, d_lo, d_hi, 1 << depth, mark)
        if mask is None and e.lo[line] == e.hi[line]:
            self.phase[line] = e.lo[line]
        return mask

    def _backjump(self, mask: int, levels: list[tuple[int, int, bool, int]]) -> int | None:
        """Undo to the next deepest decision in ``mask`` (a contradiction's reasons) and assert there
        the opposite of the deepest; the reason mask of the contradiction that led to, or None."""
        e = self.engine
        k = mask.bit_length() - 1
        rest = mask & ~(1 << k)
        j = rest.bit_length() - 1 if rest else 0
        _, line, raises, bound = levels[k - 1]
        # A decision is one bound; its opposite is the other side of that bound and nothing
        # more: the rest of the interval at decision time may rest on facts the jump undid.
        opposite = (0, bound - 1) if raises else (bound + 1, MAX_BRIDGES)
        e.undo(levels[j][0] if j < len(levels) else e.mark())
        del levels[j:]
        e.level = j
        return self._assert(line, opposite[0], opposite[1], rest, e.mark())

    def _assert(self, line: int, lo: int, hi: int, mask: int, mark: int) -> int | None:
        """Narrow ``line`` to ``lo..hi`` for the reasons in ``mask`` and settle; on a contradiction
        weigh its islands and return its reason mask (None: no contradiction)."""
        try:
            self.engine.restrict(line, lo, hi, mask)
            self._settle(mark)
        except Contradiction as exc:
            self._bump(exc)
            return exc.args[2]
        return None


def search(engine: Engine, limit: int = 1, prefer: dict[int, int] | None = None,
           on_solution: Callable[[tuple[int, ...]], None] | None = None, seed: int = 0,
           stop: Callable[[], bool] | None = None) -> int:
    """Find up to ``limit`` solutions (see :class:`Search`); returns how many were found.

    ``prefer`` maps lines to values tried first (hints use the player's bridges, so the
    solution found disagrees with them as little as possible); ``stop`` ends it early with
    :class:`Stopped` (a hint the player no longer waits for).
    """
    return Search(engine, prefer=prefer, seed=seed, stop=stop).run(limit, on_solution)


# -- public API ---------------------------------------------------------------------------
def _engine_for(puzzle: Puzzle, stage: int = CONNECTIVITY, log: list[Event] | None = None) -> Engine:
    return Engine(compile_puzzle(puzzle), stage, log)


def solutions(puzzle: Puzzle, limit: int = 2, stop: Callable[[], bool] | None = None) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions as bridge counts per line (``State.bridges`` order).

    ``stop`` (asked every 64 nodes) ends the search with :class:`Stopped`: proving that a
    large board has no solution can take minutes on an unlucky branching order, and a
    command line must be able to give up rather than hang."""
    found: list[tuple[int, ...]] = []
    search(_engine_for(puzzle), limit, on_solution=found.append, stop=stop)
    return found


def solutions_from(engine: Engine, limit: int = 1, prefer: dict[int, int] | None = None,
                   stop: Callable[[], bool] | None = None, *, probe: bool = True) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions that agree with what ``engine`` already holds (e.g. a player's claims).

    ``probe=False`` skips the trial probes after each decision (see :class:`Search`): cheaper per node
    when ``prefer`` already points near a solution, as a hint's check does with the cached one."""
    found: list[tuple[int, ...]] = []
    engine.stage = CONNECTIVITY
    Search(engine, prefer=prefer, probe=probe, stop=stop).run(limit, found.append)
    return found


#: Seconds a command (``solve hashi``, ``export hashi``) searches one puzzle before it calls it
#: undecided. Puzzles solve in milliseconds (the 400-island CLLV instances in at most 1.5 s), but
#: proving that a large board has *no* solution has a heavy tail: a 40x40 cylinder with two
#: numbers changed by one took 439 s on the first branching order (0.2 s on another), and
#: without a limit the commands looked hung.
DEFAULT_TIMEOUT = 60.0


def solutions_within(puzzle: Puzzle, limit: int, seconds: float) -> list[tuple[int, ...]] | None:
    """:func:`solutions`, or None when ``seconds`` pass before the search ends (undecided)."""
    deadline = time.monotonic() + seconds
    try:
        return solutions(puzzle, limit, lambda: time.monotonic() > deadline)
    except Stopped:
        return None


def solve(puzzle: Puzzle, stop: Callable[[], bool] | None = None) -> State | None:
    """One solution as a State, or None if the puzzle has none (``stop``: see :func:`solutions`)."""
    found = solutions(puzzle, 1, stop)
    return State(puzzle, found[0]) if found else None


def count_solutions(puzzle: Puzzle, limit: int = 2, stop: Callable[[], bool] | None = None) -> int:
    """Number of solutions, counting no further than ``limit`` (so 2 means "2 or more");
    ``stop``: see :func:`solutions`."""
    return search(_engine_for(puzzle), limit, stop=stop)


def is_unique(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` has exactly one solution; stops at the second, so a non-unique board costs no
    more than finding two. Part of the solver's public API (nothing in the program calls it).
    """
    return count_solutions(puzzle, 2) == 1


def engine_from_state(state: State | Any, stage: int = CONNECTIVITY, log: list[Event] | None = None) -> Engine:
    """An engine holding the player's board as facts: bridges as lower bounds, marks as "none".

    Anything with ``puzzle``, ``bridges`` and ``marks`` will do (the hints' mutable ``Board`` too).

    Raises Contradiction if the claims clash on their own (which a legal State never does,
    except for over-full islands, which propagation reports).
    """
    engine = _engine_for(state.puzzle, stage, log)
    for line, count in enumerate(state.bridges):
        if count:
            engine.restrict(line, count, MAX_BRIDGES)
    for line in state.marks:
        engine.restrict(line, 0, 0)
    if log is not None:
        log.clear()
    return engine


@dataclass(frozen=True)
class Grade:
    """What it takes to solve a puzzle: the hardest rule stage needed (0 if search was needed) and counts."""

    stage: int  # LOCAL..TRIAL, or 0 when deduction alone got stuck
    solved: bool  # deduction alone settled every line
    trials: int  # successful trial steps (longer chains make a harder puzzle)

    @property
    def name(self) -> str:
        if not self.solved:
            return "search"
        return {LOCAL: "easy", ISOLATION: "medium"}.get(self.stage, "hard")


def staged(engine: Engine, max_stage: int = TRIAL) -> Iterator[int]:
    """Deduce with the weakest rules that still make progress (Tatham's grading order).

    Yields the stage of each productive pass (a pass runs its rules and all weaker ones
    to a fixpoint); ends when every line is settled or nothing applies. A pass at stage
    ``s`` leaves the board at a fixpoint of stages ``<= s``, so the next pass only needs
    to try stronger rules -- except after a trial, which starts over from local rules.
    Contradiction propagates to the caller (the board was inconsistent).
    """
    stage = LOCAL
    while not engine.solved():
        engine.stage = stage
        before = engine.mark()
        engine.propagate()
        if engine.mark() != before:
            yield stage
            continue
        if stage < min(max_stage, CONNECTIVITY):
            stage += 1
            continue
        if max_stage >= TRIAL and engine.trial():
            yield TRIAL
            stage = LOCAL
            continue
        return


def grade(puzzle: Puzzle, max_stage: int = TRIAL) -> Grade:
    """How hard a puzzle is: the strongest rule stage deduction needs, or "search" if it gets stuck.

    Easy = local rules settle every line; medium = isolation is needed; hard = connectivity
    or trial steps are needed. A puzzle that deduction settles has exactly one solution
    (every rule is sound), so a graded puzzle is also proven unique.
    """
    engine = _engine_for(puzzle, LOCAL)
    needed, trials = LOCAL, 0
    try:
        for stage in staged(engine, max_stage):
            needed = max(needed, stage)
            trials += stage == TRIAL
    except Contradiction:
        return Grade(needed, False, trials)
    return Grade(needed, engine.solved(), trials)
