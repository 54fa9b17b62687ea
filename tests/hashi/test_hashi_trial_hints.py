"""A hint found by contradiction ("if this line had N bridges ...") shows the player how: the
assumption, the lines it forces one by one (each by a rule the hints name elsewhere), the island
where it breaks -- and every step of that chain really is forced.

The checker below replays a chain with its own reading of each rule (bounds per line, nothing
from the engine), starting from the assumption and facts the player's board shows, so a chain
cannot skip a step, cite a rule that does not apply or end in a contradiction that is not there.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.core.topology import Topology
from arcade.games.hashi import explain, generator, hints, solver
from arcade.games.hashi.formats import read_puzzle
from arcade.games.hashi.logic import MAX_BRIDGES, RULES, Puzzle, State
from arcade.games.hashi.solver import reasons

HERE = Path(__file__).resolve().parent
LEVELS = HERE.parents[1] / "levels" / "hashi"


def first_trial(puzzle: Puzzle, limit: int = 600) -> tuple[State, hints.Item] | None:
    """Follow the hints from an empty board until one is a contradiction step (None if none comes)."""
    state = State.empty(puzzle)
    for _ in range(limit):
        if state.complete:
            return None
        board = hints.Board.of(state)
        item = next(hints.deductions(board), None)
        if item is None or item.move is None:
            return None
        if item.rule == solver.TRIAL_RULE:
            return state, item
        state = RULES.play(state, item.move)
    return None


# -- an independent checker ---------------------------------------------------------------------------
class Facts:
    """Bounds per line, narrowed only by what the chain claims and each rule, as read here, allows."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.p = puzzle
        self.lo = [0] * len(puzzle.lines)
        self.hi = [MAX_BRIDGES] * len(puzzle.lines)

    def narrow(self, line: int, lo: int, hi: int) -> None:
        self.lo[line] = max(self.lo[line], lo)
        self.hi[line] = min(self.hi[line], hi)

    def others(self, island: int, line: int) -> list[int]:
        return [x for x, _ in self.p.lines_of[island] if x != line]

    def group(self, island: int, by: list[int]) -> set[int]:
        """Islands joined to ``island`` by lines whose bound in ``by`` is positive."""
        seen, todo = {island}, [island]
        while todo:
            v = todo.pop()
            for x, _ in self.p.lines_of[v]:
                w = self.p.lines[x].other(v)
                if by[x] > 0 and w not in seen:
                    seen.add(w)
                    todo.append(w)
        return seen

    def demand(self, members: set[int]) -> int:
        """Bridge ends ``members`` still want beyond their sure bridges."""
        return sum(self.p.islands[i].number - sum(self.lo[x] for x, _ in self.p.lines_of[i]) for i in members)

    def boundary(self, side: set[int]) -> list[int]:
        return [x for x, ln in enumerate(self.p.lines) if (ln.a in side) != (ln.b in side)]

    def implied(self, event: solver.Event) -> tuple[int, int]:
        """The bounds ``event``'s rule gives its line from the facts so far (an unknown rule: none)."""
        p, line, i, rule = self.p, event.line, event.island, event.rule
        lo, hi = 0, MAX_BRIDGES
        need = p.islands[i].number if i >= 0 else 0
        if rule in (solver.SINGLE, solver.PIGEONHOLE):
            lo = need - sum(self.hi[x] for x in self.others(i, line))
        elif rule in (solver.SATURATED, solver.CAPACITY):
            hi = need - sum(self.lo[x] for x in self.others(i, line))
        elif rule == solver.CROSSING:
            cause = int(event.detail[0])
            if self.lo[cause] > 0 and line in p.crossings[cause]:
                hi = 0
        elif rule == solver.PAIR:
            cause = int(event.detail[0])
            if cause in p.twins[line]:
                hi = MAX_BRIDGES - self.lo[cause]
        elif rule in (solver.ISOLATION_11, solver.ISOLATION_22, solver.ISOLATION_GROUP):
            ln = p.lines[line]
            ga, gb = self.group(ln.a, self.lo), self.group(ln.b, self.lo)
            union = ga | gb
            if len(union) < len(p.islands):
                spare = (self.demand(union) - 1) // 2  # each new bridge uses two wanted ends
                hi = spare if ga != gb else self.lo[line] + spare
        elif rule in (solver.CUT_LINE, solver.PARITY):
            side = {int(k) for k in event.detail[0]}
            cut = self.boundary(side)
            if 0 < len(side) < len(p.islands) and line in cut and all(self.hi[x] == 0 for x in cut if x != line):
                lo = 1
                if rule == solver.PARITY:  # the side's numbers = 2 * (bridges inside) + this line's bridges
                    odd = sum(p.islands[k].number for k in side) % 2
                    lo, hi = (1, 1) if odd else (2, 2)
        return lo, hi

    def step(self, event: solver.Event) -> None:
        """Apply a chain step, asserting its rule forces the bounds it claims."""
        lo, hi = self.implied(event)
        (olo, ohi), (nlo, nhi) = event.old, event.new
        # Only the bound the step moved is its claim (the other may rest on facts outside the chain).
        moved_lo, moved_hi = nlo != olo, nhi != ohi
        assert moved_lo or moved_hi
        assert not moved_lo or nlo <= max(lo, self.lo[event.line]), ("not forced", event, lo, self.lo[event.line])
        assert not moved_hi or nhi >= min(hi, self.hi[event.line]), ("not forced", event, hi, self.hi[event.line])
        self.narrow(event.line, nlo if moved_lo else 0, nhi if moved_hi else MAX_BRIDGES)

    def broken(self, conflict: reasons.Conflict) -> bool:
        """Does the contradiction the chain ends in hold in the facts?"""
        p, i = self.p, conflict.subject
        if conflict.kind == "empty":
            assert conflict.event is not None
            lo, hi = self.implied(conflict.event)
            return max(lo, self.lo[i]) > min(hi, self.hi[i])
        if conflict.kind == "over":
            return sum(self.lo[x] for x, _ in p.lines_of[i]) > p.islands[i].number
        if conflict.kind == "short":
            return sum(self.hi[x] for x, _ in p.lines_of[i]) < p.islands[i].number
        if conflict.kind == "closed":
            members = self.group(i, self.lo)
            return len(members) < len(p.islands) and self.demand(members) <= 0
        if conflict.kind == "split":
            return len(self.group(i, self.hi)) < len(p.islands)
        if conflict.kind == "cross":
            return self.lo[i] > 0 and any(self.lo[x] > 0 for x in p.crossings[i])
        return False


def board_shows(state: State, claim: reasons.Claim) -> bool:
    """Is ``claim`` something the player's board states or shows at a glance?"""
    line, lo, hi = claim
    p = state.puzzle
    if hi == MAX_BRIDGES:
        return lo <= state.bridges[line]
    if (lo, hi) != (0, 0):
        return False
    if line in state.marks or any(state.bridges[x] for x in p.crossings[line]):
        return True
    return any(sum(state.bridges[x] for x, _ in p.lines_of[end]) >= p.islands[end].number
               for end in (p.lines[line].a, p.lines[line].b))


def assert_chain_is_forced(state: State, item: hints.Item) -> None:
    """Every chain the hint tells (a hint may rest on two contradictions) is forced, and the board
    walks each, in order: see :func:`assert_one_chain_is_forced`."""
    assert item.chain is not None and item.chains and item.chains[-1] is item.chain
    drawn: list[tuple[list, tuple]] = [([], ())]
    for kind, value in item.highlight:
        if kind == "step":
            drawn[-1][0].append(value)
        elif kind == "conflict":
            drawn[-1] = (drawn[-1][0], value)
            drawn.append(([], ()))
    drawn.pop()
    assert len(drawn) == len(item.chains), "the board does not walk every chain the hint tells"
    told = item.text.split("Suppose ")
    for k, (chain, (steps, conflict)) in enumerate(zip(item.chains, drawn, strict=True)):
        assert_one_chain_is_forced(state, chain, steps, conflict, "Suppose ".join(told[:k + 1]))
    # The hint concludes the opposite of the last assumption on that line.
    _, line, _, (value, _), _ = drawn[-1][0][0]
    assert item.move is not None
    after = RULES.play(state, item.move)
    assert after.bridges[line] != value or (value == 0) != (line in after.marks) or value != state.bridges[line]


def assert_one_chain_is_forced(state: State, chain: reasons.Chain, steps: list, conflict: tuple,
                               said_before: str) -> None:
    """The chain starts from its assumption and what the board shows (or what the hint said before
    it, ``said_before``), every step is forced by the rule it names, it ends in the contradiction it
    names, its assumption is false, and its highlight is the assumption, every step, the clash."""
    p = state.puzzle
    number, line, _, (value, _), _ = steps[0]
    assert number == 0
    (assumed,) = [e for e in chain.claims if e.line == line and e.new == (value, value)]
    facts = Facts(p)
    solutions = solver.solutions(p, 2)
    for e in chain.claims:
        if e is not assumed and not board_shows(state, (e.line, *e.new)):
            # Else an earlier contradiction's finding: true, and the hint says it (about that line) first.
            assert all(e.new[0] <= sol[e.line] <= e.new[1] for sol in solutions), e
            assert explain.line_from(p, e.line) in said_before, ("an unexplained premise", e)
        facts.narrow(e.line, *e.new)
    for e in chain.events:
        if e.rule != solver.GIVEN:
            facts.step(e)
    assert facts.broken(chain.conflict), chain.conflict
    assert all(sol[line] != value for sol in solutions), "the assumption refuted holds in a solution"
    # The hint's highlight: the assumption as step 0, then every step in order, then the clash.
    assert steps[0][:4] == (0, assumed.line, -1, assumed.new)
    assert [(n, line, bounds) for n, line, _, bounds, _ in steps[1:]] == [
        (n, e.line, e.new) for n, e in enumerate(chain.steps, 1)]
    assert conflict[0] == chain.conflict.islands


# -- worked examples -------------------------------------------------------------------------------
def test_a_short_contradiction_hint_tells_every_step_to_the_island_that_breaks():
    """CLLV Hs_16_100_25_00_001, followed hint by hint: the first contradiction step. The hint used
    to say only "With one bridge on ..., the 4 at row 5, column 1 would get more bridges than its
    number: so no bridge." -- an island two rows away, and no way to see why."""
    found = first_trial(read_puzzle(HERE / "data" / "Hs_16_100_25_00_001.has"))
    assert found is not None
    state, item = found
    assert item.text == (
        "Suppose one bridge on the line from the 2 at row 6, column 2 east to the 4 at row 6, column 3. "
        "Then, numbered on the board: "
        "1. Saturation: the 2 at row 6, column 2 already has all its bridges: none goes north to the 2 at row 5, "
        "column 2. "
        "2. Saturation: the 2 at row 6, column 2 is complete: exactly one bridge west to the 4 at row 6, column 1. "
        "3. Pigeonhole: the 4 at row 6, column 1 needs 4 but its other directions take at most 3: at least one "
        "bridge north to the 4 at row 5, column 1. "
        "4. Single neighbour: the 2 at row 5, column 2 can only reach the 4 at row 5, column 1, to the west: two "
        "bridges there. "
        "In the end the 4 at row 5, column 1 would get more bridges than its number, which is impossible: so no "
        "bridge on the line from the 2 at row 6, column 2 east to the 4 at row 6, column 3.")
    h = hints.hint(state)
    assert h is not None and h.rule == solver.TRIAL_RULE and h.reason == item.text and h.move == item.move
    assert [value[0] for kind, value in h.highlight if kind == "step"] == [0, 1, 2, 3, 4]
    assert_chain_is_forced(state, item)


def test_a_long_chain_is_told_by_its_first_steps_and_a_count_and_drawn_whole():
    found = first_trial(read_puzzle(LEVELS / "hard" / "01-deep-water.txt"))
    assert found is not None
    state, item = found
    assert item.chain is not None and item.chain.length == 11
    assert item.text.startswith("Suppose two bridges on the line from the 2 at row 2, column 6 east to the 3 at "
                                "row 2, column 9. Then, numbered on the board: 1. Saturation: ")
    assert " 3. Pigeonhole: " in item.text and " 4. " not in item.text
    assert "…and 8 more forced lines. In the end the 4 at row 7, column 4 could no longer get enough bridges, " \
           "which is impossible: so at most one bridge on the line from the 2 at row 2, column 6" in item.text
    assert [value[0] for kind, value in item.highlight if kind == "step"] == list(range(12))
    assert_chain_is_forced(state, item)


def first_hint_on_two_contradictions(puzzle: Puzzle, limit: int = 600) -> tuple[State, hints.Item] | None:
    """Follow the hints from an empty board until one rests on two contradictions (None if none does)."""
    state = State.empty(puzzle)
    for _ in range(limit):
        if state.complete:
            return None
        item = next(hints.deductions(hints.Board.of(state)), None)
        if item is None or item.move is None:
            return None
        if len(item.chains) >= 2:
            return state, item
        state = RULES.play(state, item.move)
    return None


def test_a_hint_resting_on_two_contradictions_tells_and_walks_both():
    """``wrapped/01-round-the-bend``, hint by hint, the seventh: two bridges fit neither east of the 4
    at row 1, column 2 nor east of the 3 at row 1, column 5, so the 3 needs a bridge south. The words
    named both contradictions, but the first only as one sentence, and the board walked only the
    second: each is now a chain, told and walked in order, and every step of both is forced."""
    found = first_hint_on_two_contradictions(read_puzzle(LEVELS / "wrapped" / "01-round-the-bend.txt"))
    assert found is not None
    state, item = found
    assert len(item.chains) == 2
    assert item.text.count("Suppose ") == 2 and item.text.count("Then, numbered on the board: ") == 2
    assert [value[0] for kind, value in item.highlight if kind == "step"] == [*range(11), *range(6)]
    assert_chain_is_forced(state, item)


def test_the_watch_keeps_the_one_sentence_form():
    """Watching, a step goes by in a couple of seconds: no chain to work out or read."""
    found = first_trial(read_puzzle(HERE / "data" / "Hs_16_100_25_00_001.has"))
    assert found is not None
    state, _ = found
    item = next(i for i in hints.plan(state) if i.move)
    assert item.rule == solver.TRIAL_RULE and item.chain is None and item.text.startswith("With one bridge on ")


# -- every chain is forced -------------------------------------------------------------------------
@cache
def trial_on(seed: int, topology: Topology) -> tuple[State, hints.Item] | None:
    g = generator.generate(7 + seed % 4, 8, "hard", topology, seed=seed)
    return first_trial(g.puzzle)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 39), st.sampled_from(list(Topology)))
def test_every_step_of_a_contradiction_hint_is_forced(seed, topology):
    found = trial_on(seed, topology)
    if found is None:  # this board needs no contradiction step
        return
    assert_chain_is_forced(*found)


def test_contradiction_hints_come_up_on_generated_hard_boards():
    """The property above is not vacuous."""
    assert sum(trial_on(seed, Topology.PLANE) is not None for seed in range(12)) >= 3


def test_the_checker_refuses_a_chain_with_a_step_left_out():
    """The checker is not a rubber stamp: drop a middle step and the next one is no longer forced."""
    import dataclasses

    import pytest

    found = first_trial(read_puzzle(HERE / "data" / "Hs_16_100_25_00_001.has"))
    assert found is not None
    state, item = found
    assert item.chain is not None
    events = list(item.chain.events)
    events.remove(item.chain.steps[2])  # "at least one bridge north to the 4 at row 5, column 1"
    broken = dataclasses.replace(item.chain, events=tuple(events))
    with pytest.raises(AssertionError):
        assert_chain_is_forced(state, dataclasses.replace(item, chain=broken))
