"""Outside Runway programs (game I/O, pure): the referee's side of CodinGame's protocol for The Bridge.

``codingame:COMMAND`` starts the program once for the whole run. Its first input is
``M``, ``V`` and the four lanes; every turn (the first one right after) it reads the speed
``S`` and one ``X Y A`` line per bike and answers one command (SPEED, SLOW, JUMP, WAIT,
UP, DOWN). The run ends when the rules say so (a win, too few bikes, 50 turns); then the
program's input is closed and it is stopped. The bot side of this protocol is
``python -m arcade bot runway`` (:mod:`arcade.games.runway.bot`).

A late answer, a crash, the end of its output or an unknown command loses the run with a
one-line reason, as on CodinGame (150 ms a turn there, 1000 ms for the first answer).
:func:`run_program` returns a :class:`RunwayRun`: every state, command, answer time and
stderr line, ready to be drawn, listed by the referee or saved as a replay. A viewer that
shows the run while it happens passes ``on_turn`` and can stop it early with ``stop``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from arcade.core.errors import IllegalMove
from arcade.core.game import Outcome
from arcade.games.runway.formats import format_level
from arcade.games.runway.logic import RULES, Command, Level, State
from arcade.services import interrupts
from arcade.services.botspec import BotSpec, parse_bot_spec
from arcade.services.program_failures import ProgramFailure, answered_on_stderr, unexpected_answer
from arcade.services.program_limits import Limits
from arcade.services.programs import Program
from arcade.services.replays import Replay, Turn

PROTOCOLS = {"codingame": "CodinGame's The Bridge: M, V, lanes, then S and X Y A per turn; one command back"}
#: CodinGame's limits: 1000 ms for the first answer (start-up included), 150 ms for the others.
LIMITS = Limits(150.0, 1000.0)
EXPECTED = "SPEED, SLOW, JUMP, WAIT, UP or DOWN"
ANSWERS = frozenset(command.value for command in Command)
#: CodinGame's JavaScript runner defines ``readline()`` (and ``print``/``printErr``); Node has none of
#: them, so a submission copied as it is dies at its first line with "ReferenceError: readline is not
#: defined" -- true, but it does not say the code is fine on CodinGame and what to use here instead.
CODINGAME_GLOBALS = {
    "readline": "CodinGame's readline() is not in Node: read lines with "
                "require('readline').createInterface({input: process.stdin}) and its 'line' events",
    "print": "CodinGame's print() is not in Node: use console.log()",
    "printErr": "CodinGame's printErr() is not in Node: use console.error()",
}


def codingame_hint(failure: str) -> str:
    """``failure`` with what to do when it is a CodinGame-only JavaScript global missing from Node."""
    for name, hint in CODINGAME_GLOBALS.items():
        if f"ReferenceError: {name} is not defined" in failure:
            return f"{failure}; {hint}"
    return failure


def parse_spec(text: str) -> BotSpec:
    """A runway program spec: ``codingame:COMMAND`` (optionally ``LABEL=codingame:COMMAND``)."""
    return parse_bot_spec(text, PROTOCOLS, None, game="runway")


@dataclass
class RunwayRun:
    """One run of a program on one level: states (one more than commands), times, stderr, outcome."""

    level: Level
    level_id: str
    spec: str
    states: list[State]
    commands: list[Command] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)
    outcome: Outcome | None = None
    failure: str = ""
    #: The first turn (1-based) whose answer had been written before the turn's input: the program
    #: printed more than one line on an earlier turn, so from here its answers run behind (0: never).
    behind_from: int = 0
    #: The turn (1-based) whose answer the program failed to give (0: it did not fail on a turn, e.g. it
    #: could not be started or the run was stopped).
    failed_turn: int = 0

    @property
    def final(self) -> State:
        return self.states[-1]

    @property
    def passed(self) -> bool:
        return not self.failure and self.outcome is not None and self.outcome.result == "win"

    def line(self) -> str:
        """``NAME: pass K/N alive in T turns`` or ``NAME: fail — reason`` (CodinGame's test-case list)."""
        if self.passed:
            final = self.final
            return (f"{self.level_id}: pass {len(final.active)}/{len(final.bikes)} alive in "
                    f"{len(self.commands)} turn{'s' * (len(self.commands) != 1)}")
        reason = (self.failure or (self.outcome.reason if self.outcome else "did not finish")).rstrip(".")
        if self.failure and self.failed_turn:
            # The turn it failed on: "answered 'debug: speed 2'" did not say when, and a bot printing
            # debug text only on some turns, or crashing late, left its author replaying to find it.
            reason = f"turn {self.failed_turn}: {reason}"
        if self.behind_from:
            # CodinGame reads one line a turn, so a second line printed on one turn is taken as
            # the next turn's answer; the run failed with only the rules' reason and no clue why.
            reason += (f"; from turn {self.behind_from} its answers were lines left over from an earlier turn "
                       "(it printed more than one line in a turn): print exactly one line per turn")
        return f"{self.level_id}: fail — {reason}"

    def replay(self) -> Replay:
        """This run in the replay format (:mod:`arcade.services.replays`)."""
        outcome = self.outcome or Outcome("loss", "did not finish")
        result = {"result": "win" if self.passed else "loss", "winner": 0 if self.passed else None,
                  "score": outcome.score, "reason": self.failure or outcome.reason}
        return Replay("runway", format_level(self.level), (self.spec,), tuple(c.value for c in self.commands),
                      tuple(self.turns), result, self.level_id, (self.failure,),
                      {"turns": len(self.commands), "alive": len(self.final.active)})


def _first_input(level: Level) -> str:
    header = [str(len(level.bikes)), str(level.need), *level.lanes]
    return "\n".join(header) + "\n"


def run_program(
    level: Level,
    spec: BotSpec | str,
    *,
    level_id: str = "",
    limits: Limits = LIMITS,
    seed: int = 0,
    on_turn: Callable[[RunwayRun], None] | None = None,
    stop: threading.Event | None = None,
) -> RunwayRun:
    """Run ``spec``'s program on ``level`` to the end of the game (or until ``stop`` is set)."""
    if isinstance(spec, str):
        spec = parse_spec(spec)
    state = RULES.initial_state(level)
    run = RunwayRun(level, level_id, spec.text, [state])
    try:
        program = Program(spec.launch_argv, env=spec.launch_env({"ARCADE_SEED": str(seed)}), name=spec.name, stop=stop)
    except ProgramFailure as exc:
        run.failure = str(exc)
        run.outcome = Outcome("loss", run.failure, score=0)
        return run
    with program:
        prefix = _first_input(level)
        while RULES.outcome(state) is None:
            if stop is not None and stop.is_set():
                run.failure = "stopped"
                break
            text = prefix + "\n".join(RULES.protocol_lines(state)) + "\n"
            prefix = ""
            number = len(run.commands)
            answer = program.ask(text, limits.for_answer(number) / 1000, first=limits.is_first(number))
            run.turns.append(Turn((answer.ms,), (answer.stderr,)))
            if answer.ahead and not run.behind_from:
                run.behind_from = len(run.commands) + 1
            if answer.line is None:
                failure = answered_on_stderr(answer.failure, answer.stderr, ANSWERS)
                run.failure, run.failed_turn = codingame_hint(failure), number + 1
                break
            word = answer.line.strip()
            try:
                command = Command(word)
            except ValueError:
                run.failure, run.failed_turn = unexpected_answer(word, EXPECTED), number + 1
                break
            try:
                state = RULES.apply(state, command)
            except IllegalMove as exc:  # pragma: no cover - every command is legal while the race runs
                run.failure = str(exc)
                break
            run.commands.append(command)
            run.states.append(state)
            if on_turn is not None:
                on_turn(run)
    run.outcome = RULES.outcome(state)
    if run.failure:
        run.outcome = Outcome("loss", run.failure, score=len(state.active))
    return run


def run_levels(spec: BotSpec | str, levels: Sequence[tuple[str, Level]], *, limits: Limits = LIMITS,
               on_run: Callable[[RunwayRun], None] | None = None) -> list[RunwayRun]:
    """Run the program on every ``(name, level)``; ``on_run`` sees each run as it ends."""
    if isinstance(spec, str):
        spec = parse_spec(spec)
    runs = []
    for name, level in levels:
        interrupts.check()  # a stop signal that was lost (see interrupts) ends the referee here
        run = run_program(level, spec, level_id=name, limits=limits)
        runs.append(run)
        if on_run is not None:
            on_run(run)
    return runs


def bundled_tests() -> list[tuple[str, Level]]:
    """The 13 bundled tests (``levels/runway``), in order, as ``(name, level)``."""
    from arcade.services.resources import level_files

    return [(path.stem, RULES.load_level_file(path)) for path in level_files("runway", RULES.level_pattern)]


def summary(runs: Sequence[RunwayRun]) -> str:
    """The referee's last line, ``passed K/N``, as CodinGame's test list sums its runs up."""
    return f"passed {sum(r.passed for r in runs)}/{len(runs)}"
