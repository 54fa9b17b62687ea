"""Runway rules (logic, pure): the motorbike runway of CodinGame's "The Bridge — Episode 2".

This module is the referee, written to follow ``shared/specs/runway.md`` line by line:
the speed changes first, then every active bike moves ``s`` cells and checks exactly the
cells the spec lists for the command; UP/DOWN are refused for everyone when an *active*
bike sits on the edge lane; a destroyed bike never moves again. It is the reference the
fast search in :mod:`arcade.games.runway.solver` is tested against, so it favours being
obviously right over being fast.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from arcade.core.errors import IllegalMove, quoted
from arcade.core.game import Outcome, TickRules
from arcade.core.words import plural

#: The runway always has four lanes; lane 0 is the top one.
LANES = 4
#: Commands a game may last (the puzzle's rule).
TURN_LIMIT = 50
#: The puzzle's bounds on the input (checked when a level is read).
MAX_LENGTH = 500
MAX_SPEED = 49
ROAD, HOLE = ".", "0"


class Command(Enum):
    """The six commands; the value is the exact text the puzzle reads."""

    SPEED = "SPEED"
    SLOW = "SLOW"
    JUMP = "JUMP"
    WAIT = "WAIT"
    UP = "UP"
    DOWN = "DOWN"

    def __str__(self) -> str:
        return self.value


COMMANDS: tuple[Command, ...] = tuple(Command)


@dataclass(frozen=True)
class Bike:
    """One motorbike. ``fell_at`` is the (column, lane) of the hole that destroyed it, for drawing.

    A destroyed bike keeps the ``x``/``y`` it had at the start of the fatal turn: the rules
    say it never moves again, and that is what the protocol reports (``A = 0``).
    """

    x: int
    y: int
    active: bool = True
    fell_at: tuple[int, int] | None = None


@dataclass(frozen=True)
class Level:
    """A runway and its starting position: the puzzle's first-turn input."""

    lanes: tuple[str, ...]
    need: int
    speed: int
    bikes: tuple[Bike, ...]

    @property
    def length(self) -> int:
        return len(self.lanes[0])

    @cached_property
    def hole_columns(self) -> tuple[int, ...]:
        """Bit ``y`` of entry ``x`` is set when lane ``y`` has a hole at column ``x``."""
        return tuple(
            sum(1 << y for y in range(LANES) if self.lanes[y][x] == HOLE) for x in range(self.length)
        )

    def is_hole(self, x: int, y: int) -> bool:
        """Cells outside the runway (``x < 0`` or ``x >= L``) are never holes."""
        return 0 <= x < self.length and 0 <= y < LANES and self.lanes[y][x] == HOLE


@dataclass(frozen=True)
class State:
    """The race after ``turn`` commands: shared speed and every bike, active or not."""

    level: Level
    turn: int
    speed: int
    bikes: tuple[Bike, ...]

    @property
    def active(self) -> tuple[Bike, ...]:
        return tuple(b for b in self.bikes if b.active)

    @property
    def x(self) -> int:
        """Column of the active bikes (they always share it); the furthest bike once all fell."""
        active = self.active
        if active:
            return max(b.x for b in active)
        return max((b.x for b in self.bikes), default=0)

    @property
    def lane_mask(self) -> int:
        """Bit ``y`` set for every lane holding an active bike."""
        mask = 0
        for b in self.active:
            mask |= 1 << b.y
        return mask

    def __str__(self) -> str:
        return RULES.state_text(self)


def new_speed(speed: int, command: Command) -> int:
    """Step 1 of a turn: SPEED adds one, SLOW takes one (never below zero), the rest keep it."""
    if command is Command.SPEED:
        return speed + 1
    if command is Command.SLOW:
        return max(0, speed - 1)
    return speed


def lane_shift(bikes: Sequence[Bike], command: Command) -> int:
    """-1 for UP, +1 for DOWN, 0 otherwise or when an *active* bike blocks it at the edge."""
    active = [b for b in bikes if b.active]
    if command is Command.UP and not any(b.y == 0 for b in active):
        return -1
    if command is Command.DOWN and not any(b.y == LANES - 1 for b in active):
        return 1
    return 0


def cells_checked(x: int, y: int, speed: int, command: Command, shift: int) -> list[tuple[int, int]]:
    """The cells a bike at ``(x, y)`` must find free, in the order it meets them.

    The spec's table: a straight move checks its own lane ``x+1 .. x+s``; JUMP only the
    landing cell ``x+s``; a lane change checks the old lane ``x+1 .. x+s-1`` and the new lane
    ``x+1 .. x+s`` (never the new lane at ``x`` itself). A blocked UP/DOWN moves straight.
    """
    if command is Command.JUMP:
        return [(x + speed, y)]
    if shift == 0:
        return [(c, y) for c in range(x + 1, x + speed + 1)]
    cells: list[tuple[int, int]] = []
    for c in range(x + 1, x + speed + 1):
        if c < x + speed:
            cells.append((c, y))
        cells.append((c, y + shift))
    return cells


class RunwayRules(TickRules[Level, State, Command]):
    """The referee. ``turn_limit`` is 50 in the puzzle; tests use smaller ones for brute force."""

    name = "runway"
    level_pattern = "*.txt"
    players = 1
    tick_seconds = 0.5

    def __init__(self, turn_limit: int = TURN_LIMIT) -> None:
        self.turn_limit = turn_limit

    # -- levels ----------------------------------------------------------------------------
    def parse_level(self, text: str, source: str = "<string>") -> Level:
        from arcade.games.runway.formats import parse_level

        return parse_level(text, source)

    def format_level(self, level: Level) -> str:
        from arcade.games.runway.formats import format_level

        return format_level(level)

    def initial_state(self, level: Level, seed: int = 0) -> State:
        return State(level, 0, level.speed, level.bikes)

    # -- moves -----------------------------------------------------------------------------
    def legal_moves(self, state: State) -> tuple[Command, ...]:
        return () if self.outcome(state) is not None else COMMANDS

    def encode_move(self, move: Command) -> str:
        return move.value

    def decode_move(self, text: str) -> Command:
        word = str(text).strip().upper()
        try:
            return Command(word)
        except ValueError:
            raise IllegalMove(f"not a command: {quoted(text)} (use SPEED, SLOW, JUMP, WAIT, UP or DOWN)") from None

    def apply(self, state: State, move: Command) -> State:
        if not isinstance(move, Command):
            move = self.decode_move(move) if isinstance(move, str) else self._garbage(move)
        done = self.outcome(state)
        if done is not None:
            raise IllegalMove(f"the race is over: {done.reason}")
        speed = new_speed(state.speed, move)
        shift = lane_shift(state.bikes, move)
        level = state.level
        bikes = []
        for bike in state.bikes:
            if not bike.active:
                bikes.append(bike)
                continue
            hole = next((c for c in cells_checked(bike.x, bike.y, speed, move, shift) if level.is_hole(*c)), None)
            if hole is not None:
                bikes.append(Bike(bike.x, bike.y, False, hole))
            else:
                bikes.append(Bike(bike.x + speed, bike.y + shift, True))
        return State(level, state.turn + 1, speed, tuple(bikes))

    @staticmethod
    def _garbage(move: object) -> Command:
        raise IllegalMove(f"not a command: {move!r}")

    def outcome(self, state: State) -> Outcome | None:
        active = len(state.active)
        total = len(state.bikes)
        need = state.level.need
        if active < need:
            left = "No bike is left" if active == 0 else f"Only {plural(active, 'bike')} left"
            return Outcome("loss", f"{left}, {need} needed.", score=active)
        if state.x >= state.level.length:
            # The turns are not in the reason: the end panel's tally line under it ("Turns: 5 ·
            # Time: 00:05") and the CLI's "turns:" line already count them; said twice, they read
            # as two different numbers to check.
            return Outcome("win", f"{active} of {plural(total, 'bike')} crossed ({need} needed).", score=active)
        if state.turn >= self.turn_limit:
            verb = "is" if self.turn_limit == 1 else "are"
            return Outcome("loss", f"{plural(self.turn_limit, 'turn')} {verb} up with the bikes at x={state.x} of "
                                   f"{state.level.length}.", score=active)
        return None

    # -- text ------------------------------------------------------------------------------
    def state_text(self, state: State) -> str:
        """The runway with bikes as their numbers (1..M), wrecks as ``x``, the finish as ``|``."""
        level = state.level
        width = max(level.length, *(b.x + 1 for b in state.bikes))
        rows = [list(lane.ljust(width, ROAD)) for lane in level.lanes]
        for number, bike in enumerate(state.bikes, 1):
            if bike.active:
                rows[bike.y][bike.x] = str(number)
            else:
                fx, fy = bike.fell_at if bike.fell_at is not None else (bike.x, bike.y)
                if 0 <= fx < width:
                    rows[fy][fx] = "x"
        lines = ["".join(r[: level.length]) + "|" + "".join(r[level.length:]) for r in rows]
        head = (f"turn {state.turn}/{self.turn_limit}  speed {state.speed}  "
                f"{len(state.active)} of {len(state.bikes)} bikes active, {level.need} needed")
        return "\n".join([head, *lines])

    def protocol_lines(self, state: State) -> list[str]:
        """One turn of the puzzle's input: ``S`` then ``X Y A`` for every bike."""
        return [str(state.speed), *(f"{b.x} {b.y} {int(b.active)}" for b in state.bikes)]


RULES = RunwayRules()
