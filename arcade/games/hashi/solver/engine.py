"""Hashi solver engine (pure logic): compiled puzzles, line intervals, the named rules, propagation, trail.

The solver never looks at :class:`~arcade.games.hashi.logic.State` objects while it works:
it compiles a :class:`~arcade.games.hashi.logic.Puzzle` into flat lists (:class:`Net`) and
keeps, per candidate line, an interval ``lo..hi`` of bridge counts still possible. Rules
narrow intervals; every change goes on a trail so a guess is undone in time proportional
to what it changed. Rules come in stages, which is also how puzzles are graded:

1. *local* (easy): pigeonhole / single neighbour (a number that the other directions
   cannot cover forces bridges), saturation and capacity (a number already reached, or a
   small neighbour, caps a line), crossing elimination.
2. *isolation* (medium): never close a group that cannot reach the rest -- 1–1, 2=2 and
   the general form on groups of islands already joined.
3. *connectivity* (hard): the islands must stay connected, so a line whose removal would
   split the possible network is needed (and, by parity, carries exactly 1 or 2 bridges);
   a split network is a contradiction.
4. *trial* (hard): assume a line's value, propagate stages 1-3; a contradiction proves
   the opposite (a one-step lookahead a careful player does on paper).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from typing import NoReturn

from arcade.games.hashi.logic import MAX_BRIDGES, Puzzle

LOCAL, ISOLATION, CONNECTIVITY, TRIAL = 1, 2, 3, 4
STAGE_NAMES = {LOCAL: "local", ISOLATION: "isolation", CONNECTIVITY: "connectivity", TRIAL: "trial"}

# Rule names as shown to players (hints, --explain, watch labels).
SINGLE = "Single neighbour"
PIGEONHOLE = "Pigeonhole"
SATURATED = "Saturation"
CAPACITY = "Capacity"
CROSSING = "Crossing"
PAIR = "Pair"
ISOLATION_11 = "Isolation 1–1"
ISOLATION_22 = "Isolation 2=2"
ISOLATION_GROUP = "Isolation"
CUT_LINE = "Connectivity"
PARITY = "Parity"
TRIAL_RULE = "Contradiction"
GIVEN = "Given"

#: Which stage each rule belongs to (for grading and for hints that prefer simple rules).
RULE_STAGE = {
    SINGLE: LOCAL, PIGEONHOLE: LOCAL, SATURATED: LOCAL, CAPACITY: LOCAL, CROSSING: LOCAL, PAIR: LOCAL,
    ISOLATION_11: ISOLATION, ISOLATION_22: ISOLATION, ISOLATION_GROUP: ISOLATION,
    CUT_LINE: CONNECTIVITY, PARITY: CONNECTIVITY, TRIAL_RULE: TRIAL,
}


class Contradiction(Exception):
    """Raised inside propagation; ``args`` = (kind, subject) with kind one of
    ``"over"`` (island can only exceed its number), ``"short"`` (cannot reach it),
    ``"empty"`` (a line has no value left), ``"closed"`` (a finished group is cut off),
    ``"split"`` (the possible network falls apart), ``"cross"`` (two bridges would cross).
    """


@dataclass(frozen=True)
class Event:
    """One narrowing of a line's interval, with the rule that did it (only recorded when logging)."""

    rule: str
    line: int
    old: tuple[int, int]
    new: tuple[int, int]
    island: int = -1
    detail: tuple[object, ...] = ()


class OutOfProbes(Exception):
    """A trial stage spent its :attr:`Engine.max_probes` (the engine is left at a fixpoint: nothing proven wrong)."""


class Net:
    """A puzzle compiled into flat lists: what the solver reads in its inner loops."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.n = len(puzzle.islands)
        self.m = len(puzzle.lines)
        self.need = [island.number for island in puzzle.islands]
        self.a = [line.a for line in puzzle.lines]
        self.b = [line.b for line in puzzle.lines]
        self.lines_of = [[index for index, _ in per] for per in puzzle.lines_of]
        #: Per island: (line, other island) pairs, for graph walks.
        self.nbrs = [[(index, puzzle.lines[index].other(i)) for index, _ in per]
                     for i, per in enumerate(puzzle.lines_of)]
        self.cross = [list(c) for c in puzzle.crossings]
        #: Per line: the other lines joining the same two islands (both ways round a wrapped row).
        self.twins = [list(t) for t in puzzle.twins]


@lru_cache(maxsize=16)
def compile_puzzle(puzzle: Puzzle) -> Net:
    """The :class:`Net` of a puzzle (cached: hints and watch ask again and again)."""
    return Net(puzzle)


class Engine:
    """Intervals per line, the propagation queue and the trail. One engine per solve.

    ``stage`` limits which rules propagate (see the module docstring); ``log`` collects
    :class:`Event` records when given (hints, explanations, grading), and costs nothing
    when it is None. Changes go on ``trail``; :meth:`undo` returns to a mark taken after
    :meth:`propagate` finished (a fixpoint), so pending work is simply dropped.

    Every bound also carries a *reason mask*: a bit set of the search decisions it follows
    from (bit ``d`` for the decision at depth ``d``; 0 = the puzzle alone). A contradiction
    reports the decisions that caused it, so the search can jump straight back to the
    latest decision that matters instead of retrying unrelated ones (conflict-directed
    backjumping).
    """

    def __init__(self, net: Net, stage: int = CONNECTIVITY, log: list[Event] | None = None) -> None:
        self.net = net
        self.stage = stage
        self.log = log
        n, m = net.n, net.m
        self.lo = [0] * m
        self.hi = [MAX_BRIDGES] * m
        self.lomask = [0] * m
        self.himask = [0] * m
        self.slo = [0] * n
        self.shi = [MAX_BRIDGES * len(net.lines_of[i]) for i in range(n)]
        # Groups of islands joined by sure bridges: each island knows its group's root, each
        # root its members; merging moves the smaller group, undo moves it back.
        self.rootof = list(range(n))
        self.size = [1] * n
        self.members = [[i] for i in range(n)]  # per root
        self.crem = list(net.need)  # per root: demand the group has not met with sure bridges
        self.gmask = [0] * n  # per root: decisions behind the group's sure bridges
        self.groups = n
        # Lines with no sure bridge that may still get one ("live"), as an undoable sparse set.
        self.live = list(range(m))
        self.live_pos = list(range(m))
        self.nlive = m
        self.trail: list[tuple[int, ...]] = []
        self.queue: deque[int] = deque(range(n))
        self.queued = [True] * n
        self.dirty_groups: set[int] = set(range(n))  # groups whose demand changed since the isolation sweep
        self.cut_dirty = True  # a line lost its last bridge since the connectivity pass
        self.level = 0  # depth of the current search decision (its reason bit)
        self.probe_stage = CONNECTIVITY  # rules used inside trials
        self.trial_cursor = 0  # where the next trial scan starts (after the last success)
        self.nodes = 0  # search nodes visited (statistics)
        self.probes = 0  # trial assumptions tried (the work a trial stage has done)
        #: With a limit, a trial raises :class:`OutOfProbes` instead of trying more (a hint's work budget).
        self.max_probes: int | None = None
        #: Optional: each probe's outcome (True: refuted) is appended here, in probe order.
        self.probe_record: list[bool] | None = None
        #: Optional: the outcomes an earlier run on the same facts recorded. The rules reach the same
        #: fixpoint in any order, so the trials meet the same bounds: a probe that was not refuted
        #: then is not tried again (it narrows nothing either way).
        self.probe_known: list[bool] | None = None

    # -- basic operations ---------------------------------------------------------------
    def find(self, i: int) -> int:
        return self.rootof[i]

    def mark(self) -> int:
        return len(self.trail)

    def undo(self, mark: int) -> None:
        """Take back every change made after ``mark`` (a fixpoint), dropping pending work."""
        trail, lo, hi, slo, shi = self.trail, self.lo, self.hi, self.slo, self.shi
        rootof, size, crem, a, b = self.rootof, self.size, self.crem, self.net.a, self.net.b
        while len(trail) > mark:
            entry = trail.pop()
            line = entry[0]
            if line < 0:  # a merge: (-1 - child root, root it joined)
                child, root = -1 - line, entry[1]
                for j in self.members[child]:
                    rootof[j] = child
                size[root] -= size[child]
                crem[root] -= crem[child]
                del self.members[root][-size[child]:]
                self.groups += 1
                continue
            _, olo, ohi, olomask, ohimask, groot, ogmask = entry
            nlo = lo[line]
            dlo = nlo - olo
            x, y = a[line], b[line]
            if dlo:
                slo[x] -= dlo
                slo[y] -= dlo
                crem[rootof[x]] += dlo
                crem[rootof[y]] += dlo
                self.gmask[groot] = ogmask
            if olo == 0 and ohi and not (nlo == 0 and hi[line]):
                # Back into the live set: it was the last one taken out, so it sits just past the end.
                self.nlive += 1
            dhi = hi[line] - ohi
            shi[x] -= dhi
            shi[y] -= dhi
            lo[line] = olo
            hi[line] = ohi
            self.lomask[line] = olomask
            self.himask[line] = ohimask
        if self.queue:
            for i in self.queue:
                self.queued[i] = False
            self.queue.clear()
        self.dirty_groups.clear()
        self.cut_dirty = False

    def restrict(self, line: int, nlo: int, nhi: int, mask: int = 0, rule: str = GIVEN, island: int = -1,
                 detail: tuple[object, ...] = ()) -> None:
        """Narrow ``line`` to ``nlo..nhi`` (intersected with what it was) because of the decisions in
        ``mask``; raise Contradiction if nothing is left.

        The hottest function of the solver, so the common case stays inline (a helper call per
        narrowing cost 2-3 % of a generation's instructions); only the rare paths -- the first
        bridge joining two groups, the contradiction -- are helpers.
        """
        olo, ohi = self.lo[line], self.hi[line]
        if nlo < olo:
            nlo = olo
        if nhi > ohi:
            nhi = ohi
        if nlo == olo and nhi == ohi:
            return
        if nlo > nhi:
            self._empty(line, olo, ohi, nlo, nhi, mask, rule, island, detail)
        net = self.net
        x, y = net.a[line], net.b[line]
        olomask, ohimask = self.lomask[line], self.himask[line]
        self.lo[line] = nlo
        self.hi[line] = nhi
        groot, ogmask = 0, 0
        if nlo != olo:
            self.lomask[line] = mask
            groot = self.rootof[x]
            ogmask = self.gmask[groot]
        if nhi != ohi:
            self.himask[line] = mask
        self.trail.append((line, olo, ohi, olomask, ohimask, groot, ogmask))
        if self.log is not None:
            self.log.append(Event(rule, line, (olo, ohi), (nlo, nhi), island, detail))
        if nhi != ohi:
            self.shi[x] += nhi - ohi
            self.shi[y] += nhi - ohi
            if not nhi:
                self.cut_dirty = True
        if olo == 0 and ohi and not (nlo == 0 and nhi):
            # Leaves the live set: swap it to the end of the live part (undo grows the part by one).
            live, pos = self.live, self.live_pos
            self.nlive -= 1
            last = live[self.nlive]
            at = pos[line]
            live[at], live[self.nlive] = last, line
            pos[last], pos[line] = at, self.nlive
        queued, queue = self.queued, self.queue
        if not queued[x]:
            queued[x] = True
            queue.append(x)
        if not queued[y]:
            queued[y] = True
            queue.append(y)
        if nlo == olo:
            return
        # More sure bridges: island sums and group demand, joined groups, no crossing line, room
        # left for its twins, and a contradiction if a finished group is cut off.
        dlo = nlo - olo
        self.slo[x] += dlo
        self.slo[y] += dlo
        rx, ry = groot, self.rootof[y]
        crem, gmask = self.crem, self.gmask
        crem[rx] -= dlo
        crem[ry] -= dlo
        if rx != ry:
            rx = self._merge(line, rx, ry, mask)
        else:
            gmask[rx] |= mask
        if olo == 0:
            hi = self.hi
            for other in net.cross[line]:
                if hi[other]:
                    if self.lo[other]:
                        raise Contradiction("cross", line, mask | self.lomask[other])
                    self.restrict(other, 0, 0, mask, CROSSING, -1, (line,))
        for other in net.twins[line]:  # at most 2 between the pair, whichever way round
            if self.hi[other] > MAX_BRIDGES - nlo:
                self.restrict(other, 0, MAX_BRIDGES - nlo, mask, PAIR, -1, (line,))
        self.dirty_groups.add(rx)
        if crem[rx] <= 0 and self.size[rx] < net.n:
            raise Contradiction("closed", rx, gmask[rx])

    def _empty(self, line: int, olo: int, ohi: int, nlo: int, nhi: int, mask: int, rule: str, island: int,
               detail: tuple[object, ...]) -> NoReturn:
        """Raise the contradiction of a line left with no value, with what the rule tried when logging
        (explanations show it, see .reasons)."""
        exc = Contradiction("empty", line, mask | self.lomask[line] | self.himask[line])
        if self.log is not None:
            exc.event = Event(rule, line, (olo, ohi), (nlo, nhi), island, detail)  # type: ignore[attr-defined]
        raise exc

    def _merge(self, line: int, rx: int, ry: int, mask: int) -> int:
        """Join the groups of roots ``rx`` (``line``'s first island) and ``ry`` by the line's first
        bridge, moving the smaller group; returns the surviving root.

        Only the surviving root's mask changes, which the line's trail entry (just appended by
        :meth:`restrict`) restores as its ``groot``: when the survivor is ``ry`` that entry is
        rewritten to record ``ry``'s old mask instead.
        """
        size, gmask = self.size, self.gmask
        if size[rx] < size[ry]:
            self.trail[-1] = (*self.trail[-1][:5], ry, gmask[ry])
            rx, ry = ry, rx
        rootof = self.rootof
        moved = self.members[ry]
        for j in moved:
            rootof[j] = rx
        size[rx] += size[ry]
        self.crem[rx] += self.crem[ry]
        gmask[rx] |= gmask[ry] | mask
        self.members[rx].extend(moved)
        self.groups -= 1
        self.trail.append((-1 - ry, rx))
        return rx

    # -- propagation ---------------------------------------------------------------------
    def propagate(self) -> None:
        """Apply the rules of ``self.stage`` until nothing changes; raise Contradiction on a dead end."""
        while True:
            self._drain()
            if self.stage >= ISOLATION and self.dirty_groups and self._isolation_sweep():
                continue
            if self.stage >= CONNECTIVITY and self.cut_dirty and self._connectivity():
                continue
            return

    def _drain(self) -> None:
        """Local rules (and isolation on the popped island's lines) for every queued island."""
        net, lo, hi, slo, shi = self.net, self.lo, self.hi, self.slo, self.shi
        lomask, himask = self.lomask, self.himask
        need, lines_of, queue, queued = net.need, net.lines_of, self.queue, self.queued
        isolation = self.stage >= ISOLATION
        rootof, crem, a, b = self.rootof, self.crem, net.a, net.b
        logging = self.log is not None
        while queue:
            i = queue.popleft()
            queued[i] = False
            r = need[i]
            s_lo, s_hi = slo[i], shi[i]
            if s_lo > r:
                raise Contradiction("over", i, self._mask_of(lomask, i))
            if s_hi < r:
                raise Contradiction("short", i, self._mask_of(himask, i))
            if s_lo == s_hi:
                continue
            for line in lines_of[i]:
                l_lo, l_hi = lo[line], hi[line]
                if l_lo == l_hi:
                    continue
                nlo = r - (s_hi - l_hi)
                if nlo > l_lo:
                    # Pigeonhole: the other lines' upper bounds cannot cover the number.
                    mask = 0
                    for x in lines_of[i]:
                        if x != line:
                            mask |= himask[x]
                    if logging:
                        alone = all(hi[x] == 0 for x in lines_of[i] if x != line)
                        self.restrict(line, nlo, l_hi, mask, SINGLE if alone else PIGEONHOLE, i)
                    else:
                        self.restrict(line, nlo, l_hi, mask)
                    s_lo, s_hi = slo[i], shi[i]
                    if s_lo > r:
                        raise Contradiction("over", i, self._mask_of(lomask, i))
                    l_lo, l_hi = lo[line], hi[line]
                nhi = r - (s_lo - l_lo)
                if nhi < l_hi:
                    # Saturation / capacity: the other lines' sure bridges leave only so much room.
                    mask = 0
                    for x in lines_of[i]:
                        if x != line:
                            mask |= lomask[x]
                    if logging:
                        self.restrict(line, l_lo, nhi, mask, SATURATED if nhi <= l_lo else CAPACITY, i)
                    else:
                        self.restrict(line, l_lo, nhi, mask)
                    s_lo, s_hi = slo[i], shi[i]
                    if s_hi < r:
                        raise Contradiction("short", i, self._mask_of(himask, i))
                if isolation and lo[line] < hi[line]:
                    # _isolate's first test, inline: with more than 4 bridge ends still wanted by
                    # the groups at its ends no bridge here can close them off. Most lines stop here,
                    # and the call alone was a tenth of a wrong-bridge hint's search.
                    rx, ry = rootof[a[line]], rootof[b[line]]
                    if (crem[rx] if rx == ry else crem[rx] + crem[ry]) <= 4 and self._isolate(line):
                        s_lo, s_hi = slo[i], shi[i]

    def _mask_of(self, masks: list[int], i: int) -> int:
        out = 0
        for x in self.net.lines_of[i]:
            out |= masks[x]
        return out

    def _isolate(self, line: int) -> bool:
        """Isolation rule on one open line: bridges there must not close a group off. True if narrowed."""
        net, crem = self.net, self.crem
        x, y = net.a[line], net.b[line]
        rx, ry = self.rootof[x], self.rootof[y]
        if rx != ry:
            total = crem[rx] + crem[ry]
            # Bridges on a line between two groups use 2 of their joint demand each; with 5 or
            # more left, even a double bridge leaves the merged group something to connect with.
            if total > 4 or self.size[rx] + self.size[ry] >= net.n:
                return False
            cap = (total - 1) // 2
            mask = self.gmask[rx] | self.gmask[ry]
        else:
            if crem[rx] > 4 or self.size[rx] >= net.n:
                return False
            cap = self.lo[line] + (crem[rx] - 1) // 2
            mask = self.gmask[rx] | self.lomask[line]
        if cap >= self.hi[line]:
            return False
        rule = ISOLATION_GROUP
        if rx != ry and self.size[rx] == 1 and self.size[ry] == 1:
            nx, ny = net.need[x], net.need[y]
            if nx == ny == 1:
                rule = ISOLATION_11
            elif nx == ny == 2:
                rule = ISOLATION_22
        detail: tuple[object, ...] = ()
        if self.log is not None:
            detail = (sorted(self.group(x) | self.group(y)),)
        self.restrict(line, self.lo[line], cap, mask, rule, x, detail)
        return True

    def group(self, i: int) -> set[int]:
        """Islands joined to ``i`` by lines with at least one sure bridge."""
        return set(self.members[self.rootof[i]])

    def _isolation_sweep(self) -> bool:
        """Isolation on the open lines of every group whose demand changed (only small demands matter)."""
        lo, hi, crem, lines_of = self.lo, self.hi, self.crem, self.net.lines_of
        roots = {self.rootof[r] for r in self.dirty_groups}
        self.dirty_groups.clear()
        changed = False
        for root in roots:
            if crem[root] > 4:
                continue
            for i in self.members[root]:
                for line in lines_of[i]:
                    if lo[line] < hi[line] and self._isolate(line):
                        changed = True
        return changed

    def _connectivity(self) -> bool:
        """Cut lines of the possible network are needed; a split network is a contradiction.

        Works on groups rather than islands: the nodes are groups joined by sure bridges and
        the edges are live lines between different groups, so the graph shrinks as the
        solve advances. Bridges of that graph (Tarjan's low-link) are the cut lines.
        """
        self.cut_dirty = False
        if self.groups <= 1:
            return False
        adj = self._group_graph()
        start = next(iter(adj))
        disc, fin, via, cuts = _bridges_of(adj, start)
        if len(disc) < self.groups:
            raise Contradiction("split", start, self._cut_mask(set(disc)))
        if not cuts:
            return False
        self._force_cuts(disc, fin, via, cuts)
        return True

    def _group_graph(self) -> dict[int, list[tuple[int, int]]]:
        """Per group root, its live lines to other groups as (line, other root); raises "split" when a
        group has none (it can never join the rest)."""
        a, b, rootof = self.net.a, self.net.b, self.rootof
        adj: dict[int, list[tuple[int, int]]] = {}
        live = self.live
        for k in range(self.nlive):
            line = live[k]
            ra, rb = rootof[a[line]], rootof[b[line]]
            if ra != rb:
                if ra in adj:
                    adj[ra].append((line, rb))
                else:
                    adj[ra] = [(line, rb)]
                if rb in adj:
                    adj[rb].append((line, ra))
                else:
                    adj[rb] = [(line, ra)]
        if len(adj) < self.groups:
            lonely = next(r for r in range(self.net.n) if rootof[r] == r and r not in adj)
            raise Contradiction("split", lonely, self._cut_mask({lonely}))
        return adj

    def _force_cuts(self, disc: dict[int, int], fin: dict[int, int], via: dict[int, int],
                    cuts: list[tuple[int, int]]) -> None:
        """Narrow every cut line to what connectivity and parity allow.

        A cut line needs a bridge; and the side beyond it must send all its odd unit of
        remaining demand across, so the line's count has the parity of that side's demand.
        """
        gmask = self.gmask
        sub = self._subtree_demand(disc, via)
        for line, child in cuts:
            first, last = disc[child], fin[child]
            side = {r for r, d in disc.items() if first <= d <= last}
            mask = self._cut_mask(side)
            l_lo, l_hi = self.lo[line], self.hi[line]
            need_lo, need_hi = 1, l_hi
            rule = CUT_LINE
            odd = sub[child] % 2
            if odd and l_hi > 1:
                need_hi, rule = 1, PARITY
            elif not odd:
                need_lo, rule = 2, PARITY
            if rule == PARITY:
                for r in side:
                    mask |= gmask[r]
            if need_lo <= l_lo and need_hi >= l_hi:
                continue
            detail: tuple[object, ...] = ()
            if self.log is not None:
                detail = (sorted(self._side(line, child)), sub[child])
            self.restrict(line, need_lo, need_hi, mask, rule, child, detail)

    def _subtree_demand(self, disc: dict[int, int], via: dict[int, int]) -> dict[int, int]:
        """Per group, the demand left in its subtree of the depth-first tree (the group and all
        groups discovered below it): what the side beyond its tree line still needs."""
        order = sorted(disc, key=disc.__getitem__)
        crem, rootof, a, b = self.crem, self.rootof, self.net.a, self.net.b
        sub = {r: crem[r] for r in order}
        for r in reversed(order[1:]):
            parent = rootof[a[via[r]]]
            if parent == r:
                parent = rootof[b[via[r]]]
            sub[parent] += sub[r]
        return sub

    def _cut_mask(self, roots: set[int]) -> int:
        """Decisions that emptied the lines between the groups ``roots`` and the rest."""
        a, b, rootof, hi, himask = self.net.a, self.net.b, self.rootof, self.hi, self.himask
        mask = 0
        for line in range(self.net.m):
            if not hi[line] and himask[line] and ((rootof[a[line]] in roots) != (rootof[b[line]] in roots)):
                mask |= himask[line]
        return mask

    def _side(self, line: int, start: int) -> set[int]:
        """Islands reachable from ``start`` over possible lines other than ``line`` (for explanations)."""
        seen = {start}
        todo = [start]
        while todo:
            v = todo.pop()
            for other, w in self.net.nbrs[v]:
                if other != line and self.hi[other] and w not in seen:
                    seen.add(w)
                    todo.append(w)
        return seen

    # -- reading the result ---------------------------------------------------------------
    def solved(self) -> bool:
        return self.nlive == 0 and all(low == high for low, high in zip(self.lo, self.hi))

    def open_lines(self) -> list[int]:
        lo, hi = self.lo, self.hi
        return [x for x in range(self.net.m) if lo[x] < hi[x]]

    def bridges(self) -> tuple[int, ...]:
        return tuple(self.lo)

    # -- trial (one-step lookahead) ---------------------------------------------------------
    def trial(self, lines: list[int] | None = None, first_only: bool = True) -> bool:
        """Stage 4: for each open line, assume "no more bridges" and "as many as possible"; a
        contradiction under the probe rules proves the other side. Returns True if anything narrowed.

        ``first_only`` stops after the first success so cheaper rules get the next turn.
        Must be called at a fixpoint (after :meth:`propagate`). The assumption gets the reason
        bit of the next depth; a contradiction that does not use it is the board's own fault
        and is raised.
        """
        saved_stage, saved_log = self.stage, self.log
        bit = 1 << (self.level + 1)
        progress = False
        lo, hi = self.lo, self.hi
        if lines is None:
            # Resume after the previous success: a scan from the start would re-try every line
            # that failed before (quadratic on big boards); one full round still proves "stuck".
            open_lines = self.open_lines()
            start = next((k for k, x in enumerate(open_lines) if x >= self.trial_cursor), 0)
            candidates = open_lines[start:] + open_lines[:start]
        else:
            candidates = lines
        for line in candidates:
            for side in (0, 1):
                l_lo, l_hi = lo[line], hi[line]
                if l_lo == l_hi:
                    break
                value = l_lo if side == 0 else l_hi
                if self.max_probes is not None and self.probes >= self.max_probes:
                    raise OutOfProbes(self.probes)
                ordinal = self.probes
                self.probes += 1
                known, record = self.probe_known, self.probe_record
                if known is not None and ordinal < len(known) and not known[ordinal]:
                    if record is not None:
                        record.append(False)
                    continue
                mark = self.mark()
                self.stage, self.log = self.probe_stage, None
                try:
                    self.restrict(line, value, value, bit)
                    self.propagate()
                except Contradiction as exc:
                    self.undo(mark)
                    self.stage, self.log = saved_stage, saved_log
                    kind, subject, mask = exc.args
                    if not mask & bit:
                        raise
                    if record is not None:
                        record.append(True)
                    keep = (l_lo + 1, l_hi) if side == 0 else (l_lo, l_hi - 1)
                    self.restrict(line, keep[0], keep[1], mask & ~bit, TRIAL_RULE, -1, (value, (kind, subject)))
                    progress = True
                    self.trial_cursor = line + 1
                    if first_only:
                        return True
                    self.propagate()
                else:
                    self.undo(mark)
                    self.stage, self.log = saved_stage, saved_log
                    if record is not None:
                        record.append(False)
        return progress


def _bridges_of(adj: dict[int, list[tuple[int, int]]],
                start: int) -> tuple[dict[int, int], dict[int, int], dict[int, int], list[tuple[int, int]]]:
    """Tarjan's bridge finding from ``start`` over ``adj`` (node -> (edge, node) pairs), iteratively.

    Returns the discovery times of the nodes reached (1-based, so ``len`` counts them), the last
    discovery time in each node's subtree (its subtree is the nodes discovered in between), the
    tree edge each node was reached by (-1 for ``start``), and the bridges as (edge, node below it).
    Parallel edges are told apart by their edge, so two lines between the same groups are no bridge.
    """
    # Each stack entry keeps its own iterator over the node's edges: a shared pointer table read and
    # written per edge made this loop most of a trial step's time on 400-island boards (trials run
    # it once per probe). The walk visits edges in the same order, so the results are the same.
    disc = {start: 1}
    low = {start: 1}
    via = {start: -1}
    fin: dict[int, int] = {}
    t = 1
    stack = [(start, -1, iter(adj[start]))]
    cuts: list[tuple[int, int]] = []
    while stack:
        v, came, edges = stack[-1]
        low_v = low[v]
        for line, w in edges:
            if line == came:
                continue
            dw = disc.get(w)
            if dw is None:
                t += 1
                disc[w] = low[w] = t
                via[w] = line
                stack.append((w, line, iter(adj[w])))
                break
            if dw < low_v:
                low_v = dw
        else:
            low[v] = low_v
            stack.pop()
            fin[v] = t
            if stack:
                u = stack[-1][0]
                if low_v < low[u]:
                    low[u] = low_v
                if low_v > disc[u]:
                    cuts.append((came, v))
            continue
        low[v] = low_v
    return disc, fin, via, cuts
