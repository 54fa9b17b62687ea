"""Hashi "wrong bridge" hints give the true reason: the chain of forced steps the solver followed to a contradiction.

Every step of a chain is replayed with the engine from only the facts it claims to use, so
a chain cannot cite a premise it did not need or skip one it did; every island a hint
sentence names carries its row and column.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from arcade.core.topology import Topology
from arcade.games.hashi import explain, generator, hints, solver
from arcade.games.hashi.formats import parse_puzzle, read_puzzle
from arcade.games.hashi.logic import MAX_BRIDGES, RULES, Puzzle, State
from arcade.games.hashi.solver import reasons

LEVELS = Path(__file__).resolve().parents[2] / "levels" / "hashi"
#: "the 2" not followed by its position (what a hint must never say: a board has many 2s).
BARE_ISLAND = re.compile(r"\bthe [1-8]\b(?! at row \d+, column \d+)")
ISLAND = re.compile(r"\bthe ([1-8]) at row (\d+), column (\d+)")


@cache
def made(seed: int, topology: Topology, difficulty: str) -> generator.Generated:
    return generator.generate(7 + seed % 4, 8, difficulty, topology, seed=seed)


def first_steps() -> Puzzle:
    return read_puzzle(LEVELS / "classic" / "01-first-steps.txt")


def line_between(puzzle: Puzzle, a: tuple[int, int], direction: str) -> int:
    line = puzzle.line_from(puzzle.island_at[a], direction)
    assert line is not None
    return line


# -- the example ------------------------------------------------------------------------------
def test_double_bridge_on_first_steps_is_explained_by_the_closed_corner_pair():
    p = first_steps()
    wrong = line_between(p, (2, 0), "E")  # the left 2 (row 3, column 1) to the 3
    bridges = [0] * len(p.lines)
    bridges[wrong] = 2
    h = hints.hint(State(p, tuple(bridges)))
    assert h.kind == "error" and h.rule == hints.WRONG
    # The old, false reason: that 2 has exactly its two bridges.
    assert "more bridges than its number" not in h.reason
    assert "the 2 at row 1, column 1 and the 2 at row 1, column 3 would form a finished group" in h.reason
    assert "1. Saturation: the 2 at row 3, column 1 already has all its bridges: none goes north to the 2 at " \
           "row 1, column 1." in h.reason
    assert "2. Single neighbour: the 2 at row 1, column 1 can only reach the 2 at row 1, column 3" in h.reason
    steps = [entry[1] for entry in h.highlight if entry[0] == "step"]
    assert [(number, line) for number, line, *_ in steps] == [
        (1, line_between(p, (0, 0), "S")), (2, line_between(p, (0, 0), "E"))]
    assert steps[0][3] == (0, 0) and steps[1][3] == (2, 2)  # no bridge north; two bridges east
    (conflict,) = [entry[1] for entry in h.highlight if entry[0] == "conflict"]
    assert conflict[0] == (p.island_at[(0, 0)], p.island_at[(0, 2)])
    assert ("wrong", wrong) in h.highlight
    assert RULES.play(State(p, tuple(bridges)), h.move).bridges[wrong] < 2


def test_an_overfull_island_is_its_own_reason():
    p = parse_puzzle("1.2.1\n")
    state = RULES.play(State.empty(p), "set 0 0 E 2")
    h = hints.hint(state)
    assert "the 1 at row 1, column 1 would get more bridges than its number" in h.reason
    assert not [e for e in h.highlight if e[0] == "step"]


def test_a_long_chain_says_so_and_shows_its_first_and_last_step():
    chain = None
    for seed in range(60):
        g = made(seed % 12, Topology.PLANE, "hard")
        p, solution = g.puzzle, g.solution
        for line, n in enumerate(solution):
            if n == 0 and not p.crossings[line]:
                found = reasons.find_chain(p, [(line, 1, MAX_BRIDGES)], solver.TRIAL)
                if found is not None and found.length > explain.MAX_SHOWN_STEPS:
                    chain, puzzle, wrong = found, p, line
                    break
        if chain is not None:
            break
    assert chain is not None
    bridges = [0] * len(puzzle.lines)
    bridges[wrong] = 1
    board = hints.Board(puzzle, bridges, set(), set())
    reason, _ = hints._wrong_text(board, wrong, tuple(0 for _ in bridges), chain)
    assert f"after {chain.length} forced steps (the first and the last are numbered on the board)" in reason
    numbers = [entry[1][0] for entry in hints.chain_highlight(board, wrong, chain) if entry[0] == "step"]
    assert numbers == [1, chain.length]
    assert f" {chain.length}. " in reason and " 2. " not in reason


# -- every step is a real deduction --------------------------------------------------------------------
def _fact(engine: solver.Engine, event: solver.Event) -> None:
    """Restrict ``engine`` by what ``event`` established (only the bound it moved)."""
    (olo, ohi), (nlo, nhi) = event.old, event.new
    engine.restrict(event.line, nlo if nlo != olo else 0, nhi if nhi != ohi else MAX_BRIDGES)


def _narrows(engine: solver.Engine, event: solver.Event) -> bool:
    """Does the engine now hold the bound ``event`` established?"""
    (olo, ohi), (nlo, nhi) = event.old, event.new
    return (nlo == olo or engine.lo[event.line] >= nlo) and (nhi == ohi or engine.hi[event.line] <= nhi)


def _rule_fires(puzzle: Puzzle, engine: solver.Engine, event: solver.Event) -> bool:
    """Apply exactly ``event``'s rule, where it fired, to the facts in ``engine`` (no other propagation)."""
    net, line, rule, i = engine.net, event.line, event.rule, event.island
    others = [x for x in net.lines_of[i] if x != line] if i >= 0 else []
    (_, _), (nlo, nhi) = event.old, event.new
    if rule in (solver.SINGLE, solver.PIGEONHOLE):
        return net.need[i] - sum(engine.hi[x] for x in others) >= nlo
    if rule in (solver.SATURATED, solver.CAPACITY):
        return net.need[i] - sum(engine.lo[x] for x in others) <= nhi
    if rule == solver.CROSSING:
        cause = int(event.detail[0])
        return engine.lo[cause] > 0 and line in puzzle.crossings[cause]
    if rule in (solver.ISOLATION_11, solver.ISOLATION_22, solver.ISOLATION_GROUP):
        engine._isolate(line)
    elif rule in (solver.CUT_LINE, solver.PARITY):
        engine.cut_dirty = True
        engine._connectivity()
    elif rule == solver.TRIAL_RULE:
        # The trial's own probe: at the premises' fixpoint, assume the value it refuted and propagate.
        engine.propagate()  # a subset of a consistent fixpoint: never contradicts
        try:
            engine.restrict(line, int(event.detail[0]), int(event.detail[0]))
            engine.propagate()
        except solver.Contradiction:
            return True
        return False
    return _narrows(engine, event)


def assert_chain_replays(puzzle: Puzzle, chain: reasons.Chain) -> None:
    """Each step is its rule applied to its premises alone; the conflict follows from its premises."""
    net = solver.compile_puzzle(puzzle)
    for k, event in enumerate(chain.events):
        if event.rule == solver.GIVEN:
            assert chain.premises[k] == ()
            continue
        assert all(p < k for p in chain.premises[k])  # premises come first
        engine = solver.Engine(net, solver.CONNECTIVITY)
        try:
            for p in chain.premises[k]:
                _fact(engine, chain.events[p])
        except solver.Contradiction as exc:
            # The premises alone already wall a group off (on a torus two lines can join the same
            # two 2s: "both bridges to the only neighbour left" closes the pair): the step follows
            # from them, the chain just goes on past the earliest clash.
            assert exc.args[0] == "closed", (k, exc.args)
            continue
        assert _rule_fires(puzzle, engine, event), (k, event, [chain.events[p] for p in chain.premises[k]])
    conflict = chain.conflict
    i = conflict.subject
    if conflict.kind == "over":  # the premises' sure bridges alone overfill the island
        lows = {chain.events[p].line: chain.events[p].new[0] for p in chain.conflict_premises}
        assert sum(lows.get(x, 0) for x in net.lines_of[i]) > net.need[i]
        return
    engine = solver.Engine(net, solver.CONNECTIVITY)
    try:
        for p in chain.conflict_premises:
            _fact(engine, chain.events[p])
    except solver.Contradiction:
        assert conflict.kind in ("closed", "cross", "empty")  # what restrict itself detects
        return
    if conflict.kind == "short":
        assert sum(engine.hi[x] for x in net.lines_of[i]) < net.need[i]
    elif conflict.kind == "split":
        part = set(conflict.islands)
        assert len(part) < net.n and all(engine.hi[x] == 0 for x in range(net.m)
                                         if (net.a[x] in part) != (net.b[x] in part))
    else:
        try:
            engine.propagate()
        except solver.Contradiction:
            return
        raise AssertionError(f"the conflict {conflict} does not follow from its premises")


@st.composite
def wrong_boards(draw: st.DrawFn) -> tuple[generator.Generated, State]:
    """A generated puzzle and a board with some right claims and one or two wrong ones."""
    g = made(draw(st.integers(0, 11)), draw(st.sampled_from(list(Topology))),
             draw(st.sampled_from(generator.DIFFICULTIES)))
    solution, p = g.solution, g.puzzle
    bridges = [draw(st.integers(0, n)) if draw(st.booleans()) else 0 for n in solution]
    marks: set[int] = set()
    for _ in range(draw(st.integers(1, 2))):
        candidates = [x for x, n in enumerate(solution) if n < 2 and x not in marks
                      and not any(bridges[y] for y in p.crossings[x])]
        positive = [x for x, n in enumerate(solution) if n and not bridges[x] and x not in marks]
        if positive and (draw(st.booleans()) or not candidates):
            marks.add(draw(st.sampled_from(positive)))
        elif candidates:
            x = draw(st.sampled_from(candidates))
            bridges[x] = solution[x] + 1
    return g, State(p, tuple(bridges), frozenset(marks))


def test_a_step_whose_premises_already_close_a_group_replays():
    """Found by the property below: on this torus the 2s at (2, 4) and (5, 4) are joined by two
    lines (down, and down around the edge); once the first is cut, "the 2 at (5, 4) has one
    neighbour left" puts both bridges on the second, which alone closes the pair off."""
    g = made(2, Topology.TORUS, "medium")
    bridges = [0] * len(g.puzzle.lines)
    for line in (13, 14, 15, 20, 22):
        bridges[line] = 1
    board = hints.Board.of(State(g.puzzle, tuple(bridges), frozenset({27})))
    verdict = hints.check(board)
    line, chain = hints.explain_wrong(board, verdict)
    assert line == 27 and chain is not None
    double = next(k for k, e in enumerate(chain.events) if e.rule == solver.SINGLE and e.new == (2, 2))
    closing = solver.Engine(solver.compile_puzzle(g.puzzle), solver.CONNECTIVITY)
    with pytest.raises(solver.Contradiction, match="closed"):
        _fact(closing, chain.events[double])
    assert_chain_replays(g.puzzle, chain)


def test_a_clash_met_as_a_claim_is_applied_keeps_that_claim_in_the_chain():
    """Found by the property below: on a torus two lines join the same pair of islands, one each
    way round. A bridge claimed on one (line 8, wrong) leaves the other (line 6) one bridge; the
    player's double bridge there then failed as it was applied, was never logged, and the chain
    named only line 8 -- its steps did not lead to the clash it showed."""
    g = made(2, Topology.TORUS, "hard")
    bridges = [0] * len(g.solution)
    bridges[6], bridges[8] = 2, 1
    board = hints.Board.of(State(g.puzzle, tuple(bridges), frozenset()))
    line, chain = hints.explain_wrong(board, hints.check(board))
    assert line == 8 and chain is not None
    assert {e.line for e in chain.claims} == {6, 8}
    assert_chain_replays(g.puzzle, chain)


@settings(max_examples=80, deadline=None)
@given(wrong_boards())
def test_chains_of_wrong_claims_replay_step_by_step(case):
    g, state = case
    board = hints.Board.of(state)
    verdict = hints.check(board)
    assume(verdict.solution is None)
    line, chain = hints.explain_wrong(board, verdict)
    assert line in verdict.wrong
    assert chain is not None  # generated puzzles are graded: the rules always reach a clash
    assert any(e.line == line for e in chain.claims)  # the chain uses the claim it blames
    assert_chain_replays(g.puzzle, chain)


# -- a work budget, not a clock, on trial steps ------------------------------------------------------
def _needs_trials() -> tuple[State, int]:
    """Seed 4's hard 7x7 board with a double bridge on line 3 (the solution has one there): only
    trial steps show the clash."""
    g = made(4, Topology.PLANE, "hard")
    bridges = [0] * len(g.puzzle.lines)
    bridges[3] = 2
    return State(g.puzzle, tuple(bridges)), 3


def test_a_chain_that_needs_trial_steps_is_found_within_the_budget():
    state, wrong = _needs_trials()
    board = hints.Board.of(state)
    line, chain = hints.explain_wrong(board, hints.check(board))
    assert line == wrong and chain is not None
    assert any(e.rule == solver.TRIAL_RULE for e in chain.events)
    assert_chain_replays(state.puzzle, chain)
    h = hints.hint(state)
    assert h.highlight[0] == ("wrong", wrong) and any(entry[0] == "step" for entry in h.highlight)
    assert "work limit" not in h.reason


def test_find_chain_gives_up_when_its_trial_probes_are_spent_and_says_so():
    state, wrong = _needs_trials()
    board = hints.Board.of(state)
    claims = hints._claims(board, wrong, hints.check(board).closest)
    spent = reasons.Budget(0)
    assert reasons.find_chain(state.puzzle, claims, solver.TRIAL, budget=spent) is None and spent.exhausted
    roomy = reasons.Budget(10**6)
    found = reasons.find_chain(state.puzzle, claims, solver.TRIAL, budget=roomy)
    assert found is not None and not roomy.exhausted
    assert found == reasons.find_chain(state.puzzle, claims, solver.TRIAL)  # a budget that suffices changes nothing


def test_a_hint_out_of_trial_probes_still_names_the_wrong_bridge_and_says_it_gave_up(monkeypatch):
    """On a 400-island board a hint tried three times for ~2.5 s each to find no chain (17 s in all)."""
    monkeypatch.setattr(hints, "TRIAL_PROBES", 0)
    state, wrong = _needs_trials()
    h = hints.hint(state)
    assert h.kind == "error" and h.rule == hints.WRONG
    assert h.highlight == (("wrong", wrong), ("island", state.puzzle.lines[wrong].a),
                           ("island", state.puzzle.lines[wrong].b))
    assert h.move == explain.move_for(state.puzzle, wrong, 1)
    assert "is wrong: no solution has it together with your other bridges and marks" in h.reason
    assert "the rules did not reach the clash within a hint's work limit" in h.reason
    assert "cannot show" not in h.reason  # not proven: more trial steps might have shown it
    hints.forget_checks()
    assert hints.hint(state) == h  # a count of probes, not a clock: the same board, the same hint


def test_the_watch_fix_out_of_trial_probes_says_it_gave_up(monkeypatch):
    monkeypatch.setattr(hints, "TRIAL_PROBES", 0)
    state, wrong = _needs_trials()
    fix = next(hints.plan(state))
    assert fix.kind == "fix" and fix.highlight == (("wrong", wrong),)
    assert "within a hint's work limit" in fix.text


# -- every island a sentence names has its position ---------------------------------------------------
def _named_islands_are_real(puzzle: Puzzle, text: str) -> None:
    assert not BARE_ISLAND.search(text), text
    for number, row, col in ISLAND.findall(text):
        pos = (int(row) - 1, int(col) - 1)
        assert pos in puzzle.island_at, text
        assert puzzle.islands[puzzle.island_at[pos]].number == int(number), text


@settings(max_examples=120, deadline=None)
@given(wrong_boards(), st.booleans())
def test_every_island_in_a_hint_sentence_has_its_row_and_column(case, keep_wrong):
    g, state = case
    if not keep_wrong:  # the right claims only: a move hint rather than an error
        solution = g.solution
        state = State(g.puzzle, tuple(min(n, s) for n, s in zip(state.bridges, solution)),
                      frozenset(x for x in state.marks if solution[x] == 0))
    h = hints.hint(state)
    assert h is not None
    _named_islands_are_real(g.puzzle, h.reason)
    for kind, value in h.highlight:
        if kind in ("step", "conflict"):
            _named_islands_are_real(g.puzzle, value[-1])


@settings(max_examples=15, deadline=None)
@given(wrong_boards())
def test_every_island_in_a_watch_step_has_its_row_and_column(case):
    g, state = case
    for k, step in enumerate(hints.plan(state, internal=True)):
        _named_islands_are_real(g.puzzle, step.text)
        if k > 60:
            break
