"""Why a board is contradictory (pure logic): each deduction's premises, and the chain that ends in the clash.

Hints must give the *actual* reason a bridge is wrong, so this module reruns the engine's
propagation on the puzzle plus some claims (the player's bridges and marks), with the log
on, until a contradiction; then it works out which earlier facts every logged deduction
used and keeps only the cone of facts the contradiction rests on: a chain like "this
double bridge fills the 2; so the corner 2 can only reach its east neighbour; so those two
close a group off".

Premises come from the rules' own definitions, replayed in log order over the bounds each
line had at that moment (the engine's hot path stays as it was):

* pigeonhole / single neighbour at island ``i``: the upper bounds of ``i``'s other lines;
* saturation / capacity at ``i``: the lower bounds (sure bridges) of ``i``'s other lines;
* crossing: the sure bridge that crosses the line;
* isolation: the sure bridges inside the group that would be closed;
* connectivity / parity: the emptied lines around the side only this line reaches (and,
  for parity, the sure bridges on that side, which fix its remaining demand);
* trial ("with X, a contradiction"): the premises of the nested contradiction, found by
  the same method one level down.

A contradiction's premises follow the same pattern (an over-full island: its sure bridges;
a closed group: the bridges that join it; a split: the emptied lines around the part cut off).
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from arcade.games.hashi.logic import MAX_BRIDGES, Puzzle
from arcade.games.hashi.solver.engine import (
    CAPACITY,
    CONNECTIVITY,
    CROSSING,
    CUT_LINE,
    GIVEN,
    ISOLATION_11,
    ISOLATION_22,
    ISOLATION_GROUP,
    PAIR,
    PARITY,
    PIGEONHOLE,
    SATURATED,
    SINGLE,
    TRIAL_RULE,
    Contradiction,
    Engine,
    Event,
    OutOfProbes,
    compile_puzzle,
)
from arcade.games.hashi.solver.search import staged

#: A claim: (line, lowest, highest) bridge count the line is said to hold.
Claim = tuple[int, int, int]


@dataclass(frozen=True)
class Conflict:
    """What went wrong at the end of a chain: the engine's (kind, subject) and where it shows."""

    kind: str  # "over", "short", "closed", "split", "cross", "empty"
    subject: int  # an island (over, short, closed, split) or a line (cross, empty)
    islands: tuple[int, ...]  # the islands it is about (the closed group, the over-full island...)
    lines: tuple[int, ...]  # the lines it is about (the crossing pair, the emptied line...)
    event: Event | None = None  # for "empty": the narrowing that found nothing left


@dataclass(frozen=True)
class Chain:
    """The facts a contradiction rests on, in the order the engine derived them.

    ``events[k]`` used the facts ``premises[k]`` (indices into ``events``); the claims it
    starts from are the events with rule ``GIVEN``. ``length`` counts the deductions.
    """

    events: tuple[Event, ...]
    premises: tuple[tuple[int, ...], ...]
    conflict: Conflict
    conflict_premises: tuple[int, ...]

    @property
    def claims(self) -> list[Event]:
        return [e for e in self.events if e.rule == GIVEN]

    @property
    def steps(self) -> list[Event]:
        """The forced deductions, in order (the claims left out)."""
        return [e for e in self.events if e.rule != GIVEN]

    @property
    def length(self) -> int:
        return len(self.steps)


@dataclass
class Budget:
    """The trial probes one propagation of :func:`find_chain` may spend, and whether one ran out.

    A count of probes, not seconds, so the same board always gets the same hint. On a 400-island
    board a trial stage that meets no contradiction tries every open line both ways (about 4200
    probes, 2.5 s) before it knows; the chains found there took at most 495 probes.
    """

    probes: int
    exhausted: bool = False


class _Replay:
    """The bounds of every line as the log is replayed, with the event behind each bound."""

    def __init__(self, puzzle: Puzzle, memo: dict[tuple[Claim, ...], Chain | None] | None = None) -> None:
        self.puzzle = puzzle
        #: Nested chains already found for a trial's facts (both propagation orders meet the same trials).
        self.memo: dict[tuple[Claim, ...], Chain | None] = {} if memo is None else memo
        self.net = compile_puzzle(puzzle)
        m = self.net.m
        self.lo = [0] * m
        self.hi = [MAX_BRIDGES] * m
        self.lo_src = [-1] * m
        self.hi_src = [-1] * m
        self.applied = 0  # events replayed so far

    def snapshot(self) -> _Replay:
        """The bounds as they are now, for premises worked out later (see :func:`_chain`)."""
        snap = copy.copy(self)
        snap.lo, snap.hi, snap.lo_src, snap.hi_src = self.lo[:], self.hi[:], self.lo_src[:], self.hi_src[:]
        return snap

    def apply(self, index: int, event: Event) -> None:
        (olo, ohi), (nlo, nhi) = event.old, event.new
        line = event.line
        self.applied = index + 1
        if nlo != olo:
            self.lo[line], self.lo_src[line] = nlo, index
        if nhi != ohi:
            self.hi[line], self.hi_src[line] = nhi, index

    # -- premises of one narrowing, by rule -------------------------------------------------------
    def _sure(self, lines: Sequence[int]) -> set[int]:
        return {self.lo_src[x] for x in lines if self.lo[x] > 0 and self.lo_src[x] >= 0}

    def _capped(self, lines: Sequence[int]) -> set[int]:
        return {self.hi_src[x] for x in lines if self.hi[x] < MAX_BRIDGES and self.hi_src[x] >= 0}

    def _inside(self, members: set[int]) -> list[int]:
        net = self.net
        return [x for x in range(net.m) if net.a[x] in members and net.b[x] in members]

    def _around(self, members: set[int], skip: int = -1) -> list[int]:
        """Emptied lines between ``members`` and the rest (what makes the set a cut-off part)."""
        net = self.net
        return [x for x in range(net.m) if x != skip and self.hi[x] == 0
                and (net.a[x] in members) != (net.b[x] in members)]

    def premises(self, event: Event, depth: int) -> set[int]:
        net, line, rule = self.net, event.line, event.rule
        i = event.island
        others = [x for x in net.lines_of[i] if x != line] if i >= 0 else []
        if rule == GIVEN:
            return set()
        if rule in (SINGLE, PIGEONHOLE):
            return self._capped(others)
        if rule in (SATURATED, CAPACITY):
            return self._sure(others)
        if rule in (CROSSING, PAIR):
            cause = int(event.detail[0])  # type: ignore[arg-type]
            return self._sure([cause])
        if rule in (ISOLATION_11, ISOLATION_22, ISOLATION_GROUP):
            members = {int(k) for k in event.detail[0]} if event.detail else {net.a[line], net.b[line]}  # type: ignore[union-attr]
            return self._sure(self._inside(members))
        if rule in (CUT_LINE, PARITY):
            side = {int(k) for k in event.detail[0]} if event.detail else {i}  # type: ignore[union-attr]
            found = {self.hi_src[x] for x in self._around(side, line) if self.hi_src[x] >= 0}
            if rule == PARITY:
                touching = [x for x in range(net.m) if net.a[x] in side or net.b[x] in side]
                found |= self._sure(touching)
            return found
        if rule == TRIAL_RULE:
            return self._trial(event, depth)
        # Unknown rule: lean on everything known about the line's islands (over-approximates).
        near = [x for end in (net.a[line], net.b[line]) for x in net.lines_of[end]]
        return self._sure(near) | self._capped(near)

    def _trial(self, event: Event, depth: int) -> set[int]:
        """The facts a trial's refutation used: the nested contradiction's claims, mapped back."""
        value = int(event.detail[0])  # type: ignore[arg-type]
        facts = [x for x in range(self.net.m) if (self.lo[x], self.hi[x]) != (0, MAX_BRIDGES)]
        claims: tuple[Claim, ...] = ((event.line, value, value), *((x, self.lo[x], self.hi[x]) for x in facts))
        nested = None
        if depth < 1:
            if claims not in self.memo:
                self.memo[claims] = find_chain(self.puzzle, claims, CONNECTIVITY, depth + 1)
            nested = self.memo[claims]
        if nested is None:  # not reproducible: lean on every fact near the line
            net = self.net
            near = [x for end in (net.a[event.line], net.b[event.line]) for x in net.lines_of[end]]
            return self._sure(near) | self._capped(near)
        # The line's own bounds: the assumption sits at one end of them, the conclusion keeps the rest.
        used = {s for s in (self.lo_src[event.line], self.hi_src[event.line]) if s >= 0}
        for e in nested.claims:
            if e.line == event.line and e.new == (value, value):
                continue  # the assumption itself
            for src in (self.lo_src[e.line], self.hi_src[e.line]):
                if src >= 0:
                    used.add(src)
        return used

    # -- premises of the contradiction ------------------------------------------------------------
    def conflict(self, exc: Contradiction, depth: int) -> tuple[Conflict, set[int]]:
        net = self.net
        kind, subject = str(exc.args[0]), int(exc.args[1])
        if kind == "over":
            return Conflict(kind, subject, (subject,), tuple(net.lines_of[subject])), self._sure(net.lines_of[subject])
        if kind == "short":
            return (Conflict(kind, subject, (subject,), tuple(net.lines_of[subject])),
                    self._capped(net.lines_of[subject]))
        if kind == "closed":
            members = self._component(subject, sure=True)
            inside = self._inside(members)
            return Conflict(kind, subject, tuple(sorted(members)), tuple(x for x in inside if self.lo[x])), \
                self._sure(inside)
        if kind == "split":
            part = self._component(subject, sure=False)
            around = self._around(part)
            return (Conflict(kind, subject, tuple(sorted(part)), tuple(around)),
                    {self.hi_src[x] for x in around if self.hi_src[x] >= 0})
        if kind == "cross":
            rivals = [x for x in net.cross[subject] if self.lo[x] > 0]
            ends = {net.a[x] for x in (subject, *rivals)} | {net.b[x] for x in (subject, *rivals)}
            return Conflict(kind, subject, tuple(sorted(ends)), (subject, *rivals)), self._sure([subject, *rivals])
        if kind == "empty":
            event: Event | None = getattr(exc, "event", None)
            used = {s for s in (self.lo_src[subject], self.hi_src[subject]) if s >= 0}
            if event is not None:
                used |= self.premises(event, depth)
            ends = (net.a[subject], net.b[subject])
            return Conflict(kind, subject, ends, (subject,), event), used
        # Not raised by propagation ("seen" belongs to the search): lean on everything derived.
        return Conflict(kind, subject, (), ()), set(range(self.applied))

    def _component(self, start: int, sure: bool) -> set[int]:
        """Islands joined to ``start`` by sure bridges (``sure``) or by lines that may still get one."""
        seen = {start}
        todo = [start]
        while todo:
            v = todo.pop()
            for x, w in self.net.nbrs[v]:
                if (self.lo[x] if sure else self.hi[x]) and w not in seen:
                    seen.add(w)
                    todo.append(w)
        return seen


def find_chain(puzzle: Puzzle, claims: Sequence[Claim], max_stage: int = CONNECTIVITY,
               depth: int = 0, budget: Budget | None = None) -> Chain | None:
    """Propagate ``claims`` (weakest rules first, as a player would) and explain the contradiction.

    None if the rules up to ``max_stage`` find no contradiction (the claims may still be
    wrong: a search may be needed to show it). The chain keeps only what the contradiction
    rests on, so its length is the number of forced steps a player has to follow.

    Which contradiction propagation meets first depends on the order it visits islands, so
    two orders are tried -- outward from the claims (a player looks there first) and the
    engine's own -- and the shorter chain wins.
    """
    net = compile_puzzle(puzzle)
    start = [end for line, _, _ in claims for end in (net.a[line], net.b[line])]
    seen = dict.fromkeys(start)
    frontier = list(seen)
    while frontier:  # breadth first over possible lines from the claimed islands
        nxt = []
        for v in frontier:
            for _, w in net.nbrs[v]:
                if w not in seen:
                    seen[w] = None
                    nxt.append(w)
        frontier = nxt
    outward = [*seen, *(i for i in range(net.n) if i not in seen)]
    best: Chain | None = None
    memo: dict[tuple[Claim, ...], Chain | None] = {}
    outcomes: list[bool] = []  # the first order's trial probes (True: refuted); the second skips the rest
    for order in (outward, list(range(net.n))):
        found = _chain(puzzle, claims, max_stage, depth, order, budget, memo, outcomes, best is not None)
        if found is None:
            # The same rules reach the same fixpoint in any order: no contradiction (or, with the
            # budget spent, none found in time -- then the first order's chain, if any, stands).
            return best
        if best is None or (found.length, len(found.conflict.islands)) < (best.length, len(best.conflict.islands)):
            best = found
    return best


def _overfull(puzzle: Puzzle, claims: Sequence[Claim]) -> Chain | None:
    """Claims that give an island more bridges than its number on their own: the plainest clash."""
    net = compile_puzzle(puzzle)
    strongest: dict[int, int] = {}  # per line, the claim with the most bridges (claims on a line intersect)
    for k, (line, lo, _) in enumerate(claims):
        if lo and (line not in strongest or lo > claims[strongest[line]][1]):
            strongest[line] = k
    have = [0] * net.n
    at: list[list[int]] = [[] for _ in range(net.n)]
    for line, k in strongest.items():
        for end in (net.a[line], net.b[line]):
            have[end] += claims[k][1]
            at[end].append(k)
    for i in range(net.n):
        if have[i] > net.need[i]:
            events = tuple(Event(GIVEN, claims[k][0], (0, MAX_BRIDGES), claims[k][1:]) for k in at[i])
            conflict = Conflict("over", i, (i,), tuple(net.lines_of[i]))
            return Chain(events, tuple(() for _ in events), conflict, tuple(range(len(events))))
    return None


def _chain(puzzle: Puzzle, claims: Sequence[Claim], max_stage: int, depth: int, order: list[int],
           budget: Budget | None = None, memo: dict[tuple[Claim, ...], Chain | None] | None = None,
           outcomes: list[bool] | None = None, replaying: bool = False) -> Chain | None:
    """One propagation of :func:`find_chain` in ``order``; ``outcomes`` records its trial probes'
    outcomes or, when ``replaying`` (a second order), skips the probes that were not refuted."""
    plain = _overfull(puzzle, claims)
    if plain is not None:
        return plain
    log: list[Event] = []
    engine = Engine(compile_puzzle(puzzle), CONNECTIVITY, log)
    engine.queue = deque(order)
    if budget is not None:
        engine.max_probes = budget.probes
    if outcomes is not None:
        if replaying:
            engine.probe_known = outcomes
        else:
            engine.probe_record = outcomes
    failure: Contradiction | None = None
    applying: Claim | None = None  # the claim being applied, while they are
    try:
        for applying in claims:
            engine.restrict(applying[0], applying[1], applying[2], 0, GIVEN)
        applying = None
        for _ in staged(engine, max_stage):
            pass
    except Contradiction as exc:
        failure = exc
    except OutOfProbes:
        assert budget is not None
        budget.exhausted = True
    if failure is None:
        return None
    replay = _Replay(puzzle, memo)
    # A trial's premises take a nested chain (most of a trial-stage chain's time), and most trials
    # are not in the cone: those keep a snapshot of the bounds and are worked out when the cone
    # reaches them (the same premises as worked out in log order).
    premises: list[set[int] | _Replay] = []
    for index, event in enumerate(log):
        premises.append(replay.snapshot() if event.rule == TRIAL_RULE else replay.premises(event, depth))
        replay.apply(index, event)
    conflict, used = replay.conflict(failure, depth)
    if applying is not None:
        # The clash came as a claim was applied (a double bridge on a torus line whose pair's other
        # line a claim had already taken): that claim is never logged, yet the clash rests on it.
        # Left out, the hint named only the other claim and its chain did not lead to the clash.
        log.append(Event(GIVEN, applying[0], (0, MAX_BRIDGES), (applying[1], applying[2])))
        premises.append(set())
        used.add(len(log) - 1)
    # The cone: everything the contradiction rests on, transitively.
    keep: set[int] = set()
    todo = list(used)
    while todo:
        k = todo.pop()
        if k in keep:
            continue
        keep.add(k)
        todo.extend(_resolved(premises, k, log, depth))
    order_kept = sorted(keep)
    renumber = {k: n for n, k in enumerate(order_kept)}
    return Chain(
        tuple(log[k] for k in order_kept),
        tuple(tuple(sorted(renumber[p] for p in _resolved(premises, k, log, depth))) for k in order_kept),
        conflict,
        tuple(sorted(renumber[k] for k in used)),
    )


def _resolved(premises: list[set[int] | _Replay], k: int, log: list[Event], depth: int) -> set[int]:
    """The premises of event ``k``, a deferred trial's worked out from its snapshot (once)."""
    found = premises[k]
    if isinstance(found, _Replay):
        found = premises[k] = found.premises(log[k], depth)
    return found
