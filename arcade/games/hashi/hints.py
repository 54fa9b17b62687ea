"""Hashi hints and "watch the AI" (pure logic): one explained step at a time, never trusting the player blindly.

The player's board is a set of *claims*: a line with bridges holds at least that many (the
player may still add one), a "no bridge" mark holds none. Locks only freeze editing.

* :func:`hint` -- if the claims agree with some solution, the next bridge (or "no bridge")
  the cheapest rule proves, with the rule's name, a sentence naming the islands and a
  highlight; if they contradict every solution, an error pointing at a wrong bridge or
  mark (with the move that removes it); if no rule can progress, an offer to reveal one
  bridge of a solution.
* :func:`watch` -- the AI finishes the board: it first takes back wrong claims, then
  deduces step by step; when stuck it guesses, and a contradiction takes the guess and
  everything built on it back (visible as a backtrack step).
* :func:`plan` -- the same process with every internal deduction, for ``solve --explain``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from arcade.core.game import Hint, Step
from arcade.games.hashi import explain, solver
from arcade.games.hashi.logic import MAX_BRIDGES, Move, Puzzle, State
from arcade.games.hashi.solver import reasons

#: Failed guesses the watch mode shows before it follows the complete search's solution.
MAX_VISIBLE_FAILURES = 60
GUESS = "Guess"
BACKTRACK = "Backtrack"
WRONG = "Wrong bridge"
WRONG_MARK = "Wrong mark"


# -- the player's board as claims -----------------------------------------------------------
@dataclass
class Board:
    """What is on the screen: bridges, marks and locks (the watch mode updates it as it plays)."""

    puzzle: Puzzle
    bridges: list[int]
    marks: set[int]
    locks: set[int]

    @classmethod
    def of(cls, state: State) -> Board:
        return cls(state.puzzle, list(state.bridges), set(state.marks), set(state.locks))

    def copy(self) -> Board:
        return Board(self.puzzle, list(self.bridges), set(self.marks), set(self.locks))

    def degree(self, i: int) -> int:
        return sum(self.bridges[x] for x, _ in self.puzzle.lines_of[i])

    def evident_none(self, line: int) -> bool:
        """A "no bridge" fact the player can see without help: a bridge crosses it or an end is full."""
        p = self.puzzle
        if any(self.bridges[x] for x in p.crossings[line]):
            return True
        ln = p.lines[line]
        return any(self.degree(i) >= p.islands[i].number for i in (ln.a, ln.b))

    def claims(self) -> dict[int, int]:
        """Preferred values for the search: the player's counts, 0 on marks."""
        out = {x: n for x, n in enumerate(self.bridges) if n}
        out.update({x: 0 for x in self.marks})
        return out


@lru_cache(maxsize=8)
def reference_solution(puzzle: Puzzle) -> tuple[int, ...] | None:
    """One solution of the bare puzzle (cached: hints ask again after every move)."""
    found = solver.solutions(puzzle, 1)
    return found[0] if found else None


@dataclass(frozen=True)
class Check:
    """The claims against the solutions: ``solution`` agrees with them all, else ``closest`` and ``wrong``."""

    solvable: bool
    solution: tuple[int, ...] | None = None
    closest: tuple[int, ...] | None = None
    wrong: tuple[int, ...] = ()


#: The last few boards :func:`check` answered: a watch asked for right after a hint, or a hint asked
#: again after an undo, checks the very same board, and on a 400-island puzzle that took seconds.
_CHECKED: dict[tuple[Puzzle, tuple[int, ...], frozenset[int]], Check] = {}
_CHECKED_SIZE = 8

#: Asked during long searches; True ends them with :class:`solver.Stopped` (nobody waits any more).
Stop = Callable[[], bool] | None


def forget_checks() -> None:
    """Drop the remembered checks (a benchmark timing the search itself)."""
    _CHECKED.clear()


def check(board: Board, stop: Stop = None) -> Check:
    """Does some solution agree with every claim? If not, which claims are wrong (relative to the
    solution that keeps every claim the cached solution agrees with, and as many others as the
    search can: see :func:`_closest`)?

    Remembered for the last few boards (the searches are deterministic, so the answer is the
    same); ``stop`` ends a search early with :class:`solver.Stopped`, and nothing is remembered.
    """
    key = (board.puzzle, tuple(board.bridges), frozenset(board.marks))
    found = _CHECKED.get(key)
    if found is None:
        found = _check(board, stop)
        if len(_CHECKED) >= _CHECKED_SIZE:
            del _CHECKED[next(iter(_CHECKED))]
        _CHECKED[key] = found
    return found


def _check(board: Board, stop: Stop) -> Check:
    ref = reference_solution(board.puzzle)
    if ref is None:
        return Check(False)
    if all(n <= ref[x] for x, n in enumerate(board.bridges)) and all(ref[x] == 0 for x in board.marks):
        return Check(True, ref)
    found = _fitting(board, ref, stop)
    if found:
        return Check(True, found[0])
    closest = _closest(board, ref, stop)
    wrong = [x for x, n in enumerate(board.bridges) if n > closest[x]]
    wrong += sorted(x for x in board.marks if closest[x] > 0)
    # Over-full islands first: their wrong bridges are the ones a player can verify at a glance.
    over = {i for i in range(len(board.puzzle.islands)) if board.degree(i) > board.puzzle.islands[i].number}
    wrong.sort(key=lambda x: (not ({board.puzzle.lines[x].a, board.puzzle.lines[x].b} & over), x))
    return Check(True, None, closest, tuple(wrong))


#: Search nodes the quick try in :func:`_fitting` gets before the probing search takes over (a count,
#: not a time, so the answer never depends on the machine's speed). The quick tries that succeeded on
#: the CLLV boards took at most 581 nodes; 1024 made the one board it misses take 1.35 s instead of 0.9.
FIT_NODES = 640


def _fitting(board: Board, ref: tuple[int, ...], stop: Stop) -> list[tuple[int, ...]]:
    """A solution with every claim as a fact (empty: proven that none exists).

    A player following another solution than the cached one has claims that fit some solution but
    not ``ref``. Searched with only the claims preferred and probing after every decision, this took
    up to 3.9 s on the 400-island CLLV boards (hundreds of conflicts, 7 s on a busy machine). A quick
    try first prefers ``ref`` on every line where it agrees with the claims (a solution near the cached
    one is likely when the claims are few) and does not probe (without probing a node costs a fraction
    of the time); on the 68 such boards measured the check took at most 0.08 s, and clashes are proven
    as fast or faster. Should it need more than :data:`FIT_NODES` nodes, the probing search from before
    decides, so the answer is exact either way (one board measured: 0.9 s, 0.7 s before)."""
    try:
        engine = solver.engine_from_state(board, solver.CONNECTIVITY)
    except solver.Contradiction:
        return []
    prefer = dict(enumerate(ref))
    prefer.update({x: max(n, ref[x]) for x, n in enumerate(board.bridges) if n})
    prefer.update({x: 0 for x in board.marks})
    limit = engine.nodes + FIT_NODES
    asked = [False]

    def quick_stop() -> bool:
        if stop is not None and stop():
            asked[0] = True
            return True
        return engine.nodes > limit

    try:
        return solver.solutions_from(engine, 1, prefer, quick_stop, probe=False)
    except solver.Stopped:
        if asked[0]:
            raise
    try:
        engine = solver.engine_from_state(board, solver.CONNECTIVITY)
        return solver.solutions_from(engine, 1, board.claims(), stop)
    except solver.Contradiction:
        return []


def _closest(board: Board, ref: tuple[int, ...], stop: Stop) -> tuple[int, ...]:
    """A solution keeping every claim ``ref`` agrees with and as many of the others as the search can.

    The claims the cached solution agrees with are facts (``ref`` satisfies them all, so a solution
    exists); the others are preferred, and so is ``ref`` on every other line. On a unique puzzle this
    is the solution, as before. Searching from the bare puzzle with only the claims preferred took up
    to 10 s on the 400-island CLLV boards (hundreds of conflicts, most of the time probing) and could
    end far from the player's board: a half-solved board with one wrong bridge was told a bridge the
    solution agrees with was wrong. Now 0.4 s at most, and only claims ``ref`` disagrees with are blamed.
    """
    engine = solver.Engine(solver.compile_puzzle(board.puzzle))
    prefer = dict(enumerate(ref))
    for x, n in enumerate(board.bridges):
        if n and n <= ref[x]:
            engine.restrict(x, n, MAX_BRIDGES)
        elif n:
            prefer[x] = n
    for x in board.marks:
        if ref[x] == 0:
            engine.restrict(x, 0, 0)
        else:
            prefer[x] = 0
    return solver.solutions_from(engine, 1, prefer, stop)[0]


def _claims(board: Board, line: int, keep: tuple[int, ...] | None) -> list[reasons.Claim]:
    """The claim on ``line`` first, then the player's other claims (only those ``keep`` agrees with, if given)."""
    def claim(x: int) -> reasons.Claim:
        return (x, 0, 0) if x in board.marks else (x, board.bridges[x], MAX_BRIDGES)

    others = [x for x in range(len(board.bridges)) if x != line and (board.bridges[x] or x in board.marks)]
    if keep is not None:
        others = [x for x in others if (keep[x] == 0 if x in board.marks else board.bridges[x] <= keep[x])]
    return [claim(line), *(claim(x) for x in others)]


#: Wrong claims tried with trial steps when propagation alone shows no clash (trials cost more).
TRIAL_CANDIDATES = 3
#: Trial probes one propagation of a wrong-bridge explanation may spend. On the 400-island CLLV
#: boards the chains found took at most 495; a try that finds none took about 4200 probes (2.5 s)
#: to prove it, three times over, so a hint waited 17 s to say it takes a search.
TRIAL_PROBES = 1000


def explain_wrong(board: Board, verdict: Check, stop: Stop = None,
                  budget: reasons.Budget | None = None) -> tuple[int, reasons.Chain | None]:
    """The wrong claim to report and the chain of forced steps showing it is wrong (None if a search is needed).

    Each wrong claim is tried together with the player's *right* claims, so any contradiction
    found must use it: weakest rules first, then with trial steps. Failing that, all claims
    together; the claim reported is then a wrong one the chain really uses. ``stop`` is asked
    between the tries (raising :class:`solver.Stopped`).

    Trial steps spend at most ``budget.probes`` (default :data:`TRIAL_PROBES`) per propagation;
    once a try runs out, ``budget.exhausted`` is set and no further try is made (the others
    start from the same board, as far from a clash): the chain is None without proof that
    the rules alone cannot show the clash.
    """
    assert verdict.closest is not None
    budget = reasons.Budget(TRIAL_PROBES) if budget is None else budget
    wrong = verdict.wrong
    for stage, candidates in ((solver.CONNECTIVITY, wrong), (solver.TRIAL, wrong[:TRIAL_CANDIDATES])):
        for line in candidates:
            _stop_if(stop)
            chain = reasons.find_chain(board.puzzle, _claims(board, line, verdict.closest), stage, budget=budget)
            if chain is not None:
                return line, chain
            if budget.exhausted:
                return wrong[0], None
    _stop_if(stop)
    chain = reasons.find_chain(board.puzzle, _claims(board, wrong[0], None), solver.TRIAL, budget=budget)
    if chain is not None:
        used = [e.line for e in chain.claims if e.line in wrong]
        if used:
            return used[0], chain
    return wrong[0], None


def _stop_if(stop: Stop) -> None:
    if stop is not None and stop():
        raise solver.Stopped(0)


def _chain_for(board: Board, line: int, keep: tuple[int, ...], budget: reasons.Budget | None) -> reasons.Chain | None:
    """The chain showing one given claim wrong (with the player's right claims), if rules can show it
    (with trial steps only given a ``budget`` that has not run out)."""
    claims = _claims(board, line, keep)
    found = reasons.find_chain(board.puzzle, claims, solver.CONNECTIVITY)
    if found is None and budget is not None and not budget.exhausted:
        found = reasons.find_chain(board.puzzle, claims, solver.TRIAL, budget=budget)
    return found


def _claim_name(board: Board, line: int) -> str:
    p = board.puzzle
    if line in board.marks:
        return f"your 'no bridge' mark on {explain.line_from(p, line)}"
    what = "bridge" if board.bridges[line] == 1 else "double bridge"
    return f"your {what} on {explain.line_from(p, line)}"


def _wrong_text(board: Board, line: int, closest: tuple[int, ...], chain: reasons.Chain | None,
                locked: int = -1, gave_up: bool = False) -> tuple[str, str | None]:
    """Reason and fixing move for a wrong claim: the chain of forced steps that ends in a contradiction.

    ``locked``: an end of the line the player locked; the advice then starts with unlocking it.
    ``gave_up``: without a chain, the rules ran out of their work budget (not proven unable).
    """
    p = board.puzzle
    ln = p.lines[line]
    if line in board.marks:
        subject = f"The 'no bridge' mark on {explain.line_from(p, line)}"
        fix, move = "remove the mark", str(Move("unmark", p.islands[ln.a].pos, ln.direction))
    else:
        keep = closest[line]
        what = "bridge" if board.bridges[line] == 1 else "double bridge"
        subject = f"The {what} on {explain.line_from(p, line)}"
        fix = "remove it" if keep == 0 else f"keep only {explain.bridges(keep)}"
        move = explain.move_for(p, line, keep)
    if locked >= 0:
        fix = f"unlock {explain.island(p, locked)} first (click it), then {fix}"
    if chain is None and gave_up:
        return (f"{subject} is wrong: no solution has it together with your other bridges and marks (a search "
                f"shows it; the rules did not reach the clash within a hint's work limit); {fix}.", move)
    if chain is None:
        return (f"{subject} is wrong: no solution has it together with your other bridges and marks (the rules "
                f"alone cannot show the clash; it takes a search); {fix}.", move)
    others = [e.line for e in chain.claims if e.line != line]
    with_ = "with it"
    if len(others) == 1:
        with_ = f"with it and {_claim_name(board, others[0])}"
    elif others:
        with_ = f"with it and {len(others)} of your other bridges and marks (outlined)"
    clash = explain.conflict_text(p, chain.conflict)
    if chain.length == 0:
        return f"{subject} is wrong: {with_}, {clash}; {fix}.", move
    n = chain.length
    steps = " ".join(f"{k}. {explain.step_text(p, e)}" for k, e in explain.shown_steps(chain))
    if n > explain.MAX_SHOWN_STEPS:
        how = f"after {n} forced steps (the first and the last are numbered on the board)"
    else:
        how = "after one forced step" if n == 1 else f"after {n} forced steps"
        how += " (numbered on the board)"
    return f"{subject} is wrong: {with_}, {clash} {how}; {fix}. {steps}", move


def chain_highlight(board: Board, line: int, chain: reasons.Chain | None) -> tuple[Any, ...]:
    """The error hint's highlight: the wrong line and its ends, then the chain for the view to draw.

    ``("step", (number, line, island, (lo, hi), text))`` per shown step (``island`` is the one
    whose rule forced it, -1 for none), ``("claim", line)`` per other claim the chain uses and
    ``("conflict", (islands, lines, text))`` for the contradiction it ends in.
    """
    p = board.puzzle
    ln = p.lines[line]
    out: list[Any] = [("wrong", line), ("island", ln.a), ("island", ln.b)]
    if chain is None:
        return tuple(out)
    out += [("claim", e.line) for e in chain.claims if e.line != line]
    for number, event in explain.shown_steps(chain):
        out.append(("step", (number, event.line, event.island, event.new, explain.step_text(p, event))))
    clash = explain.conflict_text(p, chain.conflict)
    out.append(("conflict", (chain.conflict.islands, chain.conflict.lines, clash[:1].upper() + clash[1:] + ".")))
    return tuple(out)


def trial_chain(board: Board, event: solver.Event, earlier: Sequence[solver.Event] = ()) -> reasons.Chain | None:
    """The forced steps behind a trial step ("Contradiction"): from its assumption to the clash.

    First from the assumption, the player's own bridges and marks and the "no bridge" lines the
    board shows at a glance only, so every step is one the player can follow from the board (the
    solver's invisible facts, like "at most one bridge here", are derived again in the chain, each
    with its rule). Should that not reach
    the clash (it rested on an earlier trial's finding), the findings of the ``earlier`` trial
    steps are facts too (the hint says them first). None if neither reproduces it.
    """
    value = int(event.detail[0])  # type: ignore[arg-type]
    assumed: reasons.Claim = (event.line, value, value)
    own = [claim for claim in _claims(board, event.line, None) if claim[0] != event.line
           or board.bridges[event.line] or event.line in board.marks]
    # What the board shows at a glance (a bridge crosses the line, an end is full) is a fact, not a
    # step: numbered, those filled a long chain's first steps with lines far from the assumption.
    # They go first: a bridge's claim forbids the lines it crosses as it is applied, as a step.
    seen = [(x, 0, 0) for x in range(len(board.puzzle.lines))
            if x != event.line and not board.bridges[x] and x not in board.marks and board.evident_none(x)]
    found: list[reasons.Claim] = [(e.line, *e.new) for e in earlier]
    for claims in ([*seen, *own, assumed], [*seen, *own, *found, assumed]):
        chain = reasons.find_chain(board.puzzle, claims, solver.CONNECTIVITY)
        if chain is not None and any(e.line == event.line and e.new == (value, value) for e in chain.claims):
            return chain
        if not found:
            break
    return None


def trial_highlight(puzzle: Puzzle, event: solver.Event, chain: reasons.Chain) -> tuple[Any, ...]:
    """A contradiction hint's highlight: its line and ends, then the chain for the view to draw.

    The assumption is step 0 (a "?" diamond, what it supposes drawn on the line), then every
    forced step numbered from 1 (all of them: the words tell a long chain by its first steps
    and a count, the board shows the whole way), then the contradiction with what it proves."""
    ln = puzzle.lines[event.line]
    value = int(event.detail[0])  # type: ignore[arg-type]
    out: list[Any] = [("line", event.line), ("island", ln.a), ("island", ln.b),
                      ("step", (0, event.line, -1, (value, value), explain.assumption(puzzle, event)))]
    for number, step in enumerate(chain.steps, 1):
        out.append(("step", (number, step.line, step.island, step.new, explain.step_text(puzzle, step))))
    clash = explain.conflict_text(puzzle, chain.conflict)
    text = f"{clash[:1].upper()}{clash[1:]} — impossible, so {explain.conclusion(puzzle, event)}."
    out.append(("conflict", (chain.conflict.islands, chain.conflict.lines, text)))
    return tuple(out)


# -- deductions as visible steps -------------------------------------------------------------
@dataclass(frozen=True)
class Item:
    """One step of the AI's process: a deduction (visible or internal), a guess or a backtrack."""

    kind: str  # "deduce", "guess", "backtrack", "fix", "unlock", "info"
    text: str
    rule: str = ""
    move: str | None = None
    undo: int = 0
    highlight: tuple[Any, ...] = ()
    event: solver.Event | None = None
    #: A hint's trial step (its rule or a fact it leans on is "Contradiction"): the chain it tells.
    chain: reasons.Chain | None = None
    #: Every chain the hint tells, in order (``chain`` is the last): a hint may rest on two.
    chains: tuple[reasons.Chain, ...] = ()


def _highlight(puzzle: Puzzle, event: solver.Event) -> tuple[Any, ...]:
    ln = puzzle.lines[event.line]
    islands = {ln.a, ln.b}
    if event.island >= 0:
        islands.add(event.island)
    if event.rule in (solver.ISOLATION_GROUP, solver.CUT_LINE, solver.PARITY) and event.detail:
        islands.update(int(i) for i in event.detail[0])  # type: ignore[union-attr]
    lines: list[Any] = [("line", event.line)]
    if event.rule == solver.TRIAL_RULE:
        kind, subject = event.detail[1]  # type: ignore[misc]
        if kind in ("over", "short", "closed") and int(subject) >= 0:
            islands.add(int(subject))
        if kind in ("empty", "cross") and int(subject) >= 0:
            # The sentence names the line that would be left without a count (or crossed): show it.
            other = puzzle.lines[int(subject)]
            islands.update((other.a, other.b))
            if int(subject) != event.line:
                lines.append(("line", int(subject)))
    if event.rule in (solver.CROSSING, solver.PAIR):
        lines.append(("line", int(event.detail[0])))  # type: ignore[arg-type]
    return (*lines, *(("island", i) for i in sorted(islands)))


def _visible_move(board: Board, event: solver.Event) -> str | None:
    """The move showing ``event`` on the board, or None if the board cannot show it (or needs no help)."""
    (olo, ohi), (nlo, nhi) = event.old, event.new
    line = event.line
    if nlo > olo and nlo > board.bridges[line]:
        return explain.move_for(board.puzzle, line, nlo)
    if nhi == 0 < ohi and not board.bridges[line] and line not in board.marks and not board.evident_none(line):
        return explain.move_for(board.puzzle, line, None)
    return None


def _play(board: Board, move: str) -> None:
    m = Move.parse(move)
    if m.kind in ("lock", "unlock"):
        i = board.puzzle.island_at[m.pos]
        (board.locks.add if m.kind == "lock" else board.locks.discard)(i)
        return
    line = board.puzzle.line_from(board.puzzle.island_at[m.pos], m.direction)
    assert line is not None
    if m.kind == "set":
        board.bridges[line] = m.count
    elif m.kind == "mark":
        board.marks.add(line)
    else:
        board.marks.discard(line)


def _relevant(puzzle: Puzzle, event: solver.Event, context: list[solver.Event]) -> list[solver.Event]:
    """Earlier, invisible, non-local facts this step leans on (same line or a line of the same island)."""
    ln = puzzle.lines[event.line]
    near = {x for i in (ln.a, ln.b) for x, _ in puzzle.lines_of[i]}
    return [e for e in context if e.line in near and solver.RULE_STAGE.get(e.rule, 0) >= solver.ISOLATION][-2:]


def _deduction_item(board: Board, event: solver.Event, context: list[solver.Event], move: str,
                    trials: list[solver.Event] | None = None) -> Item:
    """The hint or watch step for ``event``, with the earlier facts it leans on said first.

    Given ``trials`` (a hint: the trial steps so far, this one's among them), every trial step
    told is told as its chain (:func:`trial_chain`), in order, and the board gets each chain to
    draw, one after another: a hint resting on two contradictions ("neither 0 nor 1 bridge works,
    so 2") named both, but the board walked only the last. The watch mode keeps the one-sentence
    form (a chain per step would slow it)."""
    p = board.puzzle
    leaning = _relevant(p, event, context)
    told = [*leaning, event]
    stages = [solver.RULE_STAGE.get(e.rule, 0) for e in told]
    rule = told[stages.index(max(stages))].rule
    chains: dict[int, tuple[reasons.Chain, list[solver.Event]]] = {}
    if trials is not None:
        for k, trial in enumerate(told):
            if trial.rule != solver.TRIAL_RULE or not any(e is trial for e in trials):
                continue
            earlier = trials[:next(n for n, e in enumerate(trials) if e is trial)]
            chain = trial_chain(board, trial, earlier)
            if chain is not None:
                used = {(e.line, e.new) for e in chain.claims}
                chains[k] = (chain, [e for e in earlier if (e.line, e.new) in used and e not in told])
    sentences = [explain.trial_text(p, e, *chains[k]) if k in chains else explain.sentence(p, e)
                 for k, e in enumerate(told)]
    marks = [h for k, e in enumerate(told) for h in (trial_highlight(p, e, chains[k][0]) if k in chains
                                                      else _highlight(p, e))]
    walked = tuple(chain for chain, _ in chains.values())
    return Item("deduce", " ".join(sentences), rule, move, 0, _unique_marks(marks), event,
                walked[-1] if walked else None, walked)


def _unique_marks(marks: list[Any]) -> tuple[Any, ...]:
    """``marks`` with each island and line once; every chain's steps and clash kept, in order (two
    chains may share a step, and each walks it)."""
    seen: set[Any] = set()
    out = []
    for mark in marks:
        if mark[0] in ("step", "conflict"):
            out.append(mark)
        elif mark not in seen:
            seen.add(mark)
            out.append(mark)
    return tuple(out)


def _touches_lock(board: Board, move: str) -> int | None:
    m = Move.parse(move)
    i = board.puzzle.island_at[m.pos]
    line = board.puzzle.line_from(i, m.direction)
    if line is None:
        return None
    ln = board.puzzle.lines[line]
    for end in (ln.a, ln.b):
        if end in board.locks:
            return end
    return None


def deductions(board: Board, engine: solver.Engine | None = None) -> Iterator[Item]:
    """The visible steps the rules find on ``board``, weakest rules first, as :func:`hint` tells
    them (a trial step with its chain in ``Item.chain``); the board itself is not changed.

    ``engine`` (made from the board, logging) is left where the rules stopped; the hint offers a
    guess from there when they find nothing."""
    if engine is None:
        engine = solver.engine_from_state(board, solver.LOCAL, [])
    log = engine.log
    assert log is not None
    context: list[solver.Event] = []
    trials: list[solver.Event] = []  # the trial steps so far: a later one may rest on their findings
    for _ in solver.staged(engine):
        for event in log:
            if event.rule == solver.TRIAL_RULE:
                trials.append(event)
            move = _visible_move(board, event)
            if move is None:
                context.append(event)
                continue
            yield _deduction_item(board, event, context, move, trials)
            context.append(event)  # a later step may lean on it (a step on a locked island stays unplayed)
        log.clear()


# -- hint ---------------------------------------------------------------------------------------
def hint(state: State, should_stop: Stop = None) -> Hint | None:
    """Exactly one step of advice for the player's board (see the module docstring).

    ``should_stop`` (the worker's "nobody waits for this any more") ends a long search with
    :class:`solver.Stopped`: a cancelled hint on a 400-island board held the worker for
    seconds, and the next hint waited behind it."""
    p = state.puzzle
    if state.complete:
        return Hint(None, "Solved: every island has its number of bridges and all are connected.", kind="info")
    board = Board.of(state)
    verdict = check(board, should_stop)
    if not verdict.solvable:
        return Hint(None, "This puzzle has no solution, so no hint can help.", kind="info")
    if verdict.solution is None:
        assert verdict.closest is not None
        budget = reasons.Budget(TRIAL_PROBES)
        line, chain = explain_wrong(board, verdict, should_stop, budget)
        ln = p.lines[line]
        locked = [i for i in (ln.a, ln.b) if i in board.locks]
        reason, move = _wrong_text(board, line, verdict.closest, chain, locked[0] if locked else -1,
                                   chain is None and budget.exhausted)
        if locked:
            move = None
        rule = WRONG_MARK if line in board.marks else WRONG
        return Hint(move, reason, rule, "error", chain_highlight(board, line, chain))
    engine = solver.engine_from_state(board, solver.LOCAL, [])
    locked_item: tuple[Item, int] | None = None
    for item in deductions(board, engine):
        assert item.move is not None
        lock = _touches_lock(board, item.move)
        if lock is None:
            return Hint(item.move, item.text, item.rule, "move", item.highlight)
        if locked_item is None:
            locked_item = (item, lock)
    if locked_item is not None:
        item, lock = locked_item
        return Hint(None, f"{item.text} But {explain.island(p, lock)} is locked: click it to unlock, "
                    f"then ask again.", item.rule, "info", item.highlight)
    # Nothing a rule can show: offer one bridge of a solution that fits the board.
    solution = verdict.solution
    open_lines = [x for x in engine.open_lines() if solution[x] > board.bridges[x]] or [
        x for x in range(len(p.lines)) if solution[x] > board.bridges[x]]
    if not open_lines:
        return Hint(None, "Every line is settled; finish the remaining bridges.", kind="info")
    slack = {i: engine.shi[i] - p.islands[i].number for i in range(len(p.islands))}
    line = min(open_lines, key=lambda x: (min(slack[p.lines[x].a], slack[p.lines[x].b]), x))
    move = explain.move_for(p, line, solution[line])
    reason = (f"No rule settles another line now; only a guess can. Hint again reveals one step of a solution: "
              f"{explain.bridges(solution[line])} on {explain.line_from(p, line)}.")
    ln = p.lines[line]
    return Hint(move, reason, GUESS, "guess", (("line", line), ("island", ln.a), ("island", ln.b)))


# -- watch and explain ---------------------------------------------------------------------------
def plan(state: State, *, internal: bool = False, max_stage: int = solver.TRIAL,
         should_stop: Stop = None) -> Iterator[Item]:
    """The AI's whole process from ``state``: fixes, deductions, guesses and backtracks.

    Items with a ``move`` (or ``undo``) change the board; with ``internal`` the deductions
    that the board cannot show (like "at most one bridge here") are yielded too, moveless.
    ``max_stage`` caps the rules used before guessing (weaker rules: more guesses);
    ``should_stop`` ends the first check's search early (see :func:`hint`).
    """
    if state.complete:
        return
    board = Board.of(state)
    verdict = check(board, should_stop)
    if not verdict.solvable:
        yield Item("info", "This puzzle has no solution.")
        return
    if verdict.solution is None:
        assert verdict.closest is not None
        budget = reasons.Budget(TRIAL_PROBES)
        for k, line in enumerate(verdict.wrong):
            chain = _chain_for(board, line, verdict.closest, budget if k < TRIAL_CANDIDATES else None)
            reason, move = _wrong_text(board, line, verdict.closest, chain, gave_up=chain is None and budget.exhausted)
            rule = WRONG_MARK if line in board.marks else WRONG
            yield from _unlock_for(board, move)
            _play(board, move)
            yield Item("fix", reason, rule, move, 0, (("wrong", line),))
        solution = verdict.closest
    else:
        solution = verdict.solution
    yield from _search(board, solution, internal, max_stage)


def _unlock_for(board: Board, move: str | None) -> Iterator[Item]:
    if move is None:
        return
    lock = _touches_lock(board, move)
    if lock is not None:
        pos = board.puzzle.islands[lock].pos
        unlock = str(Move("unlock", pos))
        _play(board, unlock)
        yield Item("unlock", f"Unlocking {explain.island(board.puzzle, lock)} to build there.", "", unlock, 0,
                   (("island", lock),))


def _before_move(board: Board, move: str, pending: Item | None) -> Generator[Item, None, int]:
    """What is shown before ``move`` is played: the held backtrack (``pending``: it has waited for
    a move to carry), then the unlock of a locked island the move builds at. Returns how many board
    moves that made (the unlocks), which the search counts to know how far a backtrack undoes."""
    if pending is not None:
        yield pending
    made = 0
    for unlock in _unlock_for(board, move):
        made += 1
        yield unlock
    return made


@dataclass
class _Frame:
    mark: int
    line: int
    values: list[int]
    moves: int  # board moves made before the guess
    board: Board


def _search(board: Board, solution: tuple[int, ...], internal: bool, max_stage: int) -> Iterator[Item]:
    """Staged deduction; when stuck, guess (depth first) with visible backtracking.

    ``solution`` fits the board; after :data:`MAX_VISIBLE_FAILURES` dead ends the guesses
    follow it, so a watch never runs away on a puzzle that needs a long search.
    """
    yield from _Search(board, solution, internal, max_stage).run()


class _Search:
    """The state of one :func:`_search`, whose steps -- deduce, open a guess, take one back, place
    the next value -- share it: the board and engine, the stack of guesses and the counts a
    backtrack needs (each was a block of one 118-line loop over a dozen locals)."""

    def __init__(self, board: Board, solution: tuple[int, ...], internal: bool, max_stage: int) -> None:
        self.board = board
        self.p = board.puzzle
        self.solution = solution
        self.internal = internal
        self.max_stage = max_stage
        self.log: list[solver.Event] = []
        self.engine = solver.engine_from_state(board, solver.LOCAL, self.log)
        self.stack: list[_Frame] = []
        self.moves = 0  # moves on the board since the search began (undo counts are differences of this)
        self.failures = 0
        #: Past MAX_VISIBLE_FAILURES dead ends: the guesses follow ``solution``.
        self.informed = False
        #: Deductions the board cannot show since the last visible one (the next one's reasons).
        self.context: list[solver.Event] = []
        self.pending: Item | None = None  # a backtrack; it carries the next guess as its move
        self.failure: solver.Contradiction | None = None

    def run(self) -> Iterator[Item]:
        while True:
            if self.failure is None:
                yield from self._deduce()
            if self.failure is None:
                if self.engine.solved():
                    if self.pending is not None:
                        yield self.pending
                    return
                self._open_guess()
            else:
                gave_up = self._take_back()
                if gave_up is not None:
                    yield gave_up
                    return
            yield from self._place_guess()

    def _deduce(self) -> Iterator[Item]:
        """Apply the rules up to ``max_stage`` and show what they find, until they find no more or
        meet a contradiction (then kept in ``failure``)."""
        p, board, log = self.p, self.board, self.log
        try:
            for _ in solver.staged(self.engine, self.max_stage):
                for event in log:
                    move = _visible_move(board, event)
                    if move is None:
                        self.context.append(event)
                        if self.internal:
                            yield Item("deduce", explain.sentence(p, event), event.rule, None, 0,
                                       _highlight(p, event), event)
                        continue
                    self.moves += yield from _before_move(board, move, self.pending)
                    self.pending = None
                    # With internal steps listed, the context is already on screen: no repeat.
                    item = _deduction_item(board, event, [] if self.internal else self.context, move)
                    self.context.clear()
                    _play(board, move)
                    self.moves += 1
                    yield item
                log.clear()
        except solver.Contradiction as exc:
            self.failure = exc
            log.clear()

    def _open_guess(self) -> None:
        """Stuck: a new guess on an open line at the island with the least room to spare, its
        values from the most bridges down (the solution's first once informed)."""
        p, engine = self.p, self.engine
        slack = [engine.shi[i] - p.islands[i].number for i in range(len(p.islands))]
        line = min(engine.open_lines(), key=lambda x: (min(slack[p.lines[x].a], slack[p.lines[x].b]), x))
        values = list(range(engine.hi[line], engine.lo[line] - 1, -1))
        if self.informed:
            values.remove(self.solution[line])
            values.insert(0, self.solution[line])
        self.stack.append(_Frame(engine.mark(), line, values, self.moves, self.board.copy()))

    def _take_back(self) -> Item | None:
        """Take back the newest guess that has values left, and everything built on it; the backtrack
        is held in ``pending`` until a move carries it. Returns the last word when no guess is left."""
        p, stack, board = self.p, self.stack, self.board
        assert self.failure is not None
        self.failures += 1
        why = explain.contradiction_text(p, str(self.failure.args[0]), int(self.failure.args[1]))
        self.failure = None
        while stack and not stack[-1].values:
            stack.pop()
        if self.failures > MAX_VISIBLE_FAILURES and not self.informed and stack:
            self.informed = True  # enough dead ends shown: back to the first guess, then follow the solution
            del stack[1:]
            stack[0].values = [self.solution[stack[0].line]]
        if not stack:
            return Item("info", f"No solution fits this board ({why}).")
        frame = stack[-1]
        undo = self.moves - frame.moves
        self.engine.undo(frame.mark)
        board.bridges, board.marks, board.locks = (list(frame.board.bridges), set(frame.board.marks),
                                                   set(frame.board.locks))
        self.moves = frame.moves
        self.context.clear()
        text = f"Contradiction: {why}. Taking back the last guess"
        text += f" and {undo - 1} steps built on it." if undo > 1 else "."
        if self.pending is not None:  # the previous backtrack never got a move: merge the two
            undo += self.pending.undo
        self.pending = Item("backtrack", text, BACKTRACK, None, undo, (("line", frame.line),))
        return None

    def _place_guess(self) -> Iterator[Item]:
        """Place the next value of the newest guess (a held backtrack carries it as its move); a
        value the engine refuses at once is kept in ``failure``."""
        p, board, engine = self.p, self.board, self.engine
        frame = self.stack[-1]
        value, line = frame.values.pop(0), frame.line
        if value > board.bridges[line]:
            move: str | None = explain.move_for(p, line, value)
        elif value == 0 and not board.bridges[line] and line not in board.marks:
            move = explain.move_for(p, line, None)
        else:
            move = None  # "no more bridges here" on a line that has some: nothing to draw
        if move is not None and _touches_lock(board, move) is not None:
            self.moves += yield from _before_move(board, move, self.pending)
            self.pending = None
        what = "no more bridges" if value == engine.lo[line] and value else (
            "no bridge" if value == 0 else explain.bridges(value))
        ln = p.lines[line]
        text = f"{what.capitalize()} on {explain.line_from(p, line)} (no rule applies)."
        highlight = (("line", line), ("island", ln.a), ("island", ln.b))
        if self.pending is not None:
            guess = Item("backtrack", f"{self.pending.text} Now guess: {text}", BACKTRACK, move,
                         self.pending.undo, highlight)
            self.pending = None
        else:
            guess = Item("guess", text, GUESS, move, 0, highlight)
        if move is not None:
            _play(board, move)
            self.moves += 1
        yield guess
        try:
            engine.restrict(line, value, value, 0, GUESS)
        except solver.Contradiction as exc:
            self.failure = exc
        self.log.clear()


def watch(state: State, max_stage: int = solver.TRIAL, should_stop: Stop = None) -> Iterator[Step]:
    """The AI's visible steps from ``state`` for the watch player (moves with rule-named labels).

    ``should_stop`` is asked before each step too: the framework works out the rest of a watch
    while the first steps play (the whole plan took a minute on CLLV ``Hs_34_400_75_15_002``)."""
    for item in plan(state, max_stage=max_stage, should_stop=should_stop):
        _stop_if(should_stop)
        if item.kind == "info":
            yield Step(None, item.text, 0, "info", item.highlight)
            continue
        kind = {"deduce": "deduce", "guess": "guess", "backtrack": "backtrack", "fix": "backtrack"}.get(
            item.kind, "move")
        label = f"{item.rule}: {item.text}" if item.rule else item.text
        yield Step(item.move, label, item.undo, kind, item.highlight)  # type: ignore[arg-type]
