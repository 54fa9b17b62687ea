"""Runway bot (logic, pure): the CodinGame stdin/stdout protocol around the AIs.

The puzzle prints ``M``, ``V`` and the four lanes once, then every turn the speed and one
``X Y A`` line per bike, and reads one command back. :class:`Bot` plans on the first turn
and afterwards only checks that the referee's position is the one its plan predicted — a
dictionary-free comparison of three numbers — and plays the next planned command; if the
position differs (another referee, a different rule somewhere) it plans again from what it
sees. A plan cut short by the time budget is redone every turn until one completes.
:func:`run_bot` is the loop: tolerant of CRLF, blank lines and trailing spaces, silent on
stdout except for the commands, and it ends quietly when the input ends.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TextIO

from arcade.core.errors import FormatError
from arcade.core.inputs import read_line
from arcade.core.numbers import NumberError, parse_int
from arcade.games.runway.ai import AI_NAMES, classic_plan, exact_plan
from arcade.games.runway.formats import read_lanes
from arcade.games.runway.logic import LANES, MAX_LENGTH, TURN_LIMIT, Bike, Command, Level, State
from arcade.games.runway.solver import TOP_SPEED, Position, Track, position_of

#: Default planning budget per turn (seconds): well inside the puzzle's 150 ms.
DEFAULT_BUDGET = 0.12
#: Speeds the protocol may report (the puzzle starts below 50 and gains one per turn at most).
MAX_REPORTED_SPEED = 150
#: Positions the protocol may report: on the runway, or at most one jump past its end.
MAX_X = MAX_LENGTH + MAX_REPORTED_SPEED + 1


class EndOfInput(Exception):
    """The referee closed the input: the game is over."""


class InputReader:
    """Non-blank, stripped lines of a stream with line numbers, read one at a time (no read-ahead)."""

    def __init__(self, stream: TextIO, source: str = "<stdin>") -> None:
        self.stream = stream
        self.source = source
        self.line = 0

    def next(self) -> str:
        while True:
            raw = read_line(self.stream, self.source, self.line + 1)
            if not raw:
                raise EndOfInput
            self.line += 1
            text = raw.strip()
            if text:
                return text

    def error(self, message: str) -> FormatError:
        return FormatError(self.source, self.line, message)

    def integers(self, what: str, count: int) -> list[int]:
        text = self.next()
        parts = text.split()
        try:
            values = [parse_int(p, what=what) for p in parts]
        except NumberError as exc:
            raise self.error(str(exc)) from None
        if len(values) != count:
            raise self.error(f"{what}: expected {count} number(s), got {len(values)}")
        return values


class _Lines:
    """Adapter so :func:`read_lanes` (written for files) can read lanes from the stream."""

    def __init__(self, reader: InputReader) -> None:
        self.reader = reader

    def next(self, what: str) -> str:
        try:
            return self.reader.next()
        except EndOfInput:
            raise FormatError(self.reader.source, self.reader.line + 1, f"input ended before {what}") from None

    def error(self, message: str) -> FormatError:
        return self.reader.error(message)


@dataclass
class Bot:
    """One game's worth of decisions. Feed it each turn's observation with :meth:`answer`."""

    lanes: tuple[str, ...]
    bikes: int
    need: int
    ai: str = "exact"
    budget: float | None = DEFAULT_BUDGET
    turn: int = 0
    level: Level | None = None
    plan: list[Command] = field(default_factory=list)
    predicted: Position | None = None
    replan: bool = True
    #: How many times the bot planned, and why it last did (for ``--verbose`` and tests).
    plans: int = 0
    note: str = ""
    #: One note per answered turn: why the command was chosen.
    notes: list[str] = field(default_factory=list)
    _track: Track | None = None

    def __post_init__(self) -> None:
        if self.ai not in AI_NAMES:
            raise ValueError(f"unknown runway AI {self.ai!r} (choose from {', '.join(AI_NAMES)})")

    def observe(self, speed: int, bikes: tuple[Bike, ...]) -> State:
        """The rules state matching what the referee reported this turn."""
        if self.level is None:
            self.level = Level(self.lanes, self.need, speed, bikes)
        return State(self.level, self.turn, speed, bikes)

    def answer(self, speed: int, bikes: tuple[Bike, ...]) -> Command:
        """The command for this turn."""
        state = self.observe(speed, bikes)
        position = position_of(state)
        self.turn += 1
        if not state.active or self.ai == "classic":
            self.note = "classic look-ahead" if state.active else "no active bike left"
            self.notes.append(self.note)
            self.plans += bool(state.active)
            return classic_plan(state).commands[0] if state.active else Command.WAIT
        if self.replan or not self.plan or position != self.predicted:
            self.note = ("first turn" if self.plans == 0 else
                         "plan was cut short" if self.replan else
                         "plan ran out" if not self.plan else
                         f"referee at {position}, expected {self.predicted}")
            plan = exact_plan(state, budget=self.budget)
            self.plans += 1
            self.plan = list(plan.commands)
            self.replan = not plan.complete
            self.note += f" -> planned: {plan.summary()}"
        else:
            self.note = "following the plan"
        command = self.plan.pop(0) if self.plan else Command.WAIT
        self.notes.append(self.note)
        if self._track is None or self._track.max_speed <= state.speed + 1:
            self._track = Track(state.level, max(TOP_SPEED, state.speed + TURN_LIMIT))
        self.predicted = self._track.step(position, command)
        return command


def read_header(reader: InputReader) -> tuple[int, int, tuple[str, ...]]:
    """``M``, ``V`` and the four lanes."""
    (bikes,) = reader.integers("the number of bikes M", 1)
    if not 1 <= bikes <= LANES:
        raise reader.error(f"M must be between 1 and {LANES}, got {bikes}")
    (need,) = reader.integers("the number of bikes to save V", 1)
    if not 1 <= need <= bikes:
        raise reader.error(f"V must be between 1 and M={bikes}, got {need}")
    lanes = read_lanes(_Lines(reader))
    return bikes, need, lanes


def read_turn(reader: InputReader, bikes: int) -> tuple[int, tuple[Bike, ...]]:
    """One turn: ``S`` then ``X Y A`` per bike."""
    (speed,) = reader.integers("the speed S", 1)
    if not 0 <= speed <= MAX_REPORTED_SPEED:
        raise reader.error(f"S must be between 0 and {MAX_REPORTED_SPEED}, got {speed}")
    seen: list[Bike] = []
    for number in range(1, bikes + 1):
        x, y, a = reader.integers(f"bike {number} (X Y A)", 3)
        if not 0 <= x <= MAX_X or not 0 <= y < LANES or a not in (0, 1):
            raise reader.error(f"bike {number}: X Y A out of range: {x} {y} {a}")
        seen.append(Bike(x, y, bool(a)))
    return speed, tuple(seen)


def run_bot(
    stream: TextIO,
    out: TextIO,
    *,
    ai: str = "exact",
    budget: float | None = DEFAULT_BUDGET,
    log: TextIO | None = None,
    source: str = "<stdin>",
) -> Bot | None:
    """Play one game over the protocol; returns the bot (its turns and notes), None if input was empty."""
    reader = InputReader(stream, source)
    try:
        bikes, need, lanes = read_header(reader)
    except EndOfInput:
        return None
    bot = Bot(lanes, bikes, need, ai=ai, budget=budget)
    for speed, seen in _turns(reader, bikes):
        started = time.perf_counter()
        command = bot.answer(speed, seen)
        out.write(command.value + "\n")
        out.flush()
        if log is not None:
            elapsed = (time.perf_counter() - started) * 1000
            log.write(f"turn {bot.turn}: {command.value} ({elapsed:.1f} ms; {bot.note})\n")
            log.flush()
    return bot


def _turns(reader: InputReader, bikes: int) -> Iterator[tuple[int, tuple[Bike, ...]]]:
    while True:
        try:
            yield read_turn(reader, bikes)
        except EndOfInput:
            return
