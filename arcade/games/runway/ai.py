"""Runway AIs (logic, pure): the exact planner, the seed's "classic" look-ahead, hints and watch steps.

Two AIs share one interface, :class:`Plan` — the commands an AI means to play from a
state and what it expects them to achieve:

* ``exact`` — the search of :mod:`arcade.games.runway.solver`: the most bikes that can
  possibly cross, then the fewest turns. Its plan runs to the end of the race.
* ``classic`` — the approach of the seed article: simulate all 5^3 series of three
  commands (WAIT left out, JUMP does its job), score each, play the first command of
  the best, and think again next turn. Its plan is the best series of three.

Both are deterministic, so a plan computed once can be followed (and cached) turn by turn.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass

from arcade.core.game import Hint, Step
from arcade.core.words import plural
from arcade.games.runway.logic import RULES, TURN_LIMIT, Command, RunwayRules, State
from arcade.games.runway.solver import TOP_SPEED, Position, Track, exact_search, position_of

AI_NAMES = ("exact", "classic")
AI_TITLES = {"exact": "Exact search", "classic": "Classic (seed) look-ahead"}

# -- the seed's approach -----------------------------------------------------------------
#: The five commands the seed simulates (WAIT is dropped: JUMP keeps the speed and skips holes).
CLASSIC_COMMANDS = (Command.SPEED, Command.SLOW, Command.JUMP, Command.UP, Command.DOWN)
#: Every series of three of them, in a fixed order (ties go to the first).
CLASSIC_SERIES: tuple[tuple[Command, ...], ...] = tuple(itertools.product(CLASSIC_COMMANDS, repeat=3))
#: Scores: a series with an invalid command is filtered out; a lost bike outweighs any distance.
INVALID = -1_000_000_000
LOST_BIKE = -10_000
#: The seed calls speeds above this "too fast to steer".
CLASSIC_TOP_SPEED = 10


@dataclass(frozen=True)
class Plan:
    """What an AI means to do from a state.

    ``commands`` are the moves it would play, first one next. For the exact AI they run
    to the end of the race and ``survivors``/``turns``/``win`` are what they achieve;
    for the classic AI they are the best series of three and ``score`` is its score.
    """

    ai: str
    commands: tuple[Command, ...]
    survivors: int
    bikes: int
    need: int
    win: bool
    complete: bool = True
    score: int | None = None

    @property
    def turns(self) -> int:
        return len(self.commands)

    @property
    def first(self) -> Command | None:
        return self.commands[0] if self.commands else None

    def summary(self) -> str:
        """One line: what the plan achieves, for hints, labels and the CLI."""
        if self.ai == "classic":
            return f"best series {' '.join(c.value for c in self.commands)} (score {self.score})"
        bikes = f"{self.survivors} of {self.bikes} bike{'s' * (self.bikes != 1)}"
        if self.win:
            turns = f"{self.turns} more turn{'s' * (self.turns != 1)}"
            return f"saves {bikes}, across in {turns}" + ("" if self.complete else " (search cut short)")
        return f"no way to get {self.need} across any more; this keeps {bikes} going as far as possible"


# -- the exact AI ------------------------------------------------------------------------
def exact_plan(state: State, turn_limit: int = TURN_LIMIT, *, budget: float | None = None) -> Plan:
    """The exact search's plan from ``state``; ``budget`` (seconds) bounds the search time."""
    turns_left = max(0, turn_limit - state.turn)
    track = Track(state.level, max(TOP_SPEED, state.speed + turns_left))
    deadline = None if budget is None else time.perf_counter() + budget
    result = exact_search(track, position_of(state), state.level.need, turns_left, deadline=deadline)
    return Plan("exact", result.commands, result.survivors, len(state.bikes), state.level.need, result.win,
                result.complete)


def last_winnable(history: list[State], *, budget: float | None = None) -> tuple[int, Plan]:
    """How many turns to take back, and the exact plan from there, for a race to be won again.

    ``history`` runs from the start of the race to the current state. Watching the AI on a
    race that can no longer be won used to play on to the turn limit, 50 turns of bikes
    crawling; it now steps back to the latest turn from which the race could still be won
    (Battle Royale's AI starts over the same way). When none can (or ``budget`` seconds run
    out) it takes nothing back and returns the plan that keeps most bikes going.
    """
    plan = exact_plan(history[-1])
    if plan.win:
        return 0, plan
    deadline = None if budget is None else time.perf_counter() + budget
    for back in range(1, len(history)):
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            break
        earlier = exact_plan(history[-1 - back], budget=left)
        if earlier.win and earlier.complete:
            return back, earlier
    return 0, plan


# -- the classic AI ----------------------------------------------------------------------
def classic_series_score(track: Track, pos: Position, bikes: int, series: tuple[Command, ...]) -> int:
    """The seed's score of one series from ``pos``: X for every live moving bike, penalties otherwise."""
    invalid = False
    for command in series:
        if (command is Command.UP and pos.mask & 1) or (command is Command.DOWN and pos.mask & 8):
            invalid = True  # "would do nothing": a bike already sits on the edge lane
        pos = track.step(pos, command)
        if pos.speed == 0 or pos.speed > CLASSIC_TOP_SPEED:
            invalid = True  # stopped, or too fast to steer
    alive = pos.count
    score = alive * pos.x if pos.speed > 0 else alive * LOST_BIKE
    score += (bikes - alive) * LOST_BIKE
    return score + (INVALID if invalid else 0)


def classic_choice(track: Track, pos: Position, bikes: int) -> tuple[tuple[Command, ...], int]:
    """The best of the 125 series (the first one on ties) and its score."""
    best_series, best_score = CLASSIC_SERIES[0], None
    for series in CLASSIC_SERIES:
        score = classic_series_score(track, pos, bikes, series)
        if best_score is None or score > best_score:
            best_series, best_score = series, score
    assert best_score is not None
    return best_series, best_score


def classic_plan(state: State) -> Plan:
    """The classic AI's decision for ``state``: its best series (it plays only the first command)."""
    track = Track(state.level, max(TOP_SPEED, state.speed + 3))
    pos = position_of(state)
    series, score = classic_choice(track, pos, len(state.bikes))
    end = track.replay(pos, series)
    return Plan("classic", series, end.count, len(state.bikes), state.level.need,
                end.count >= state.level.need and end.x >= state.level.length, True, score)


def plan_for(ai: str, state: State, *, budget: float | None = None) -> Plan:
    """Dispatch by AI name (``exact`` or ``classic``)."""
    if ai == "exact":
        return exact_plan(state, budget=budget)
    if ai == "classic":
        return classic_plan(state)
    raise ValueError(f"unknown runway AI {ai!r} (choose from {', '.join(AI_NAMES)})")


@dataclass(frozen=True)
class Game:
    """A whole race played by one AI from a state: the commands and how it ended."""

    ai: str
    commands: tuple[Command, ...]
    final: State

    @property
    def survivors(self) -> int:
        return len(self.final.active)

    @property
    def win(self) -> bool:
        outcome = RULES.outcome(self.final)
        return outcome is not None and outcome.is_win


def play_game(ai: str, state: State, rules: RunwayRules = RULES) -> Game:
    """Let ``ai`` play from ``state`` to the end of the race (the exact AI plans once)."""
    if ai not in AI_NAMES:
        raise ValueError(f"unknown runway AI {ai!r} (choose from {', '.join(AI_NAMES)})")
    commands: list[Command] = []
    planned: list[Command] = []
    while rules.outcome(state) is None:
        if ai == "classic":
            command = classic_plan(state).commands[0]
        else:
            if not planned:
                planned = list(exact_plan(state, rules.turn_limit).commands) or [Command.WAIT]
            command = planned.pop(0)
        state = rules.apply(state, command)
        commands.append(command)
    return Game(ai, tuple(commands), state)


class PlanCache:
    """Plans by (AI, state). An exact plan from a state is also an optimal plan from every
    state along it (its suffix), so one search serves a whole watched race."""

    def __init__(self, limit: int = 4000) -> None:
        self.limit = limit
        self._plans: dict[tuple[str, State], Plan] = {}

    def get(self, ai: str, state: State) -> Plan | None:
        return self._plans.get((ai, state))

    def remember(self, state: State, plan: Plan, rules: RunwayRules = RULES) -> None:
        if len(self._plans) > self.limit:
            self._plans.clear()
        self._plans[(plan.ai, state)] = plan
        if plan.ai != "exact":
            return
        for i, command in enumerate(plan.commands[:-1]):
            if rules.outcome(state) is not None:
                break
            state = rules.apply(state, command)
            self._plans.setdefault(("exact", state), Plan("exact", plan.commands[i + 1 :], plan.survivors,
                                                          plan.bikes, plan.need, plan.win, plan.complete))

    def plan(self, ai: str, state: State) -> Plan:
        """The cached plan, or a new one (computed now and remembered)."""
        plan = self.get(ai, state)
        if plan is None:
            plan = plan_for(ai, state)
            self.remember(state, plan)
        return plan

    def clear(self) -> None:
        self._plans.clear()

    def __len__(self) -> int:
        return len(self._plans)


def compare_ais(state: State) -> dict[str, str]:
    """What each AI achieves from ``state``, in words ("3/4 in 12 turns", "loses (1/4 left)")."""
    best = exact_plan(state)
    classic = play_game("classic", state)
    bikes = len(state.bikes)
    return {
        "exact": f"{best.survivors}/{bikes} in {plural(best.turns, 'turn')}" if best.win else "cannot win",
        "classic": (f"{classic.survivors}/{bikes} in {plural(len(classic.commands), 'turn')}" if classic.win
                    else f"loses ({classic.survivors}/{bikes} left)"),
    }


# -- hooks for the session: hint and watch ---------------------------------------------------
def hint(state: State) -> Hint:
    """The exact AI's next command with what it achieves ("saves 3 of 4 bikes")."""
    outcome = RULES.outcome(state)
    if outcome is not None:
        return Hint(None, f"The race is over: {outcome.reason}", kind="info")
    plan = exact_plan(state)
    if plan.first is None:
        return Hint(None, "Nothing left to plan.", kind="info")
    kind = "move" if plan.win else "guess"
    return Hint(plan.first.value, f"{plan.first.value} — {plan.summary()}", rule="exact search", kind=kind,
                highlight=tuple(c.value for c in plan.commands))


def steps_from_plan(state: State, plan: Plan, rules: RunwayRules = RULES) -> Iterator[Step]:
    """Watch steps that play an exact plan, each labelled with the turn and the plan's promise."""
    for command in plan.commands:
        if rules.outcome(state) is not None:
            return
        yield Step(command.value, f"Turn {state.turn + 1}: {command.value} — the plan {plan.summary()}")
        state = rules.apply(state, command)


def watch(state: State) -> Iterator[Step]:
    """The exact AI playing from ``state`` to the end (the session's watch hook)."""
    yield from steps_from_plan(state, exact_plan(state))
