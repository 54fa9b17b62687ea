"""Runway level files (logic, pure): the puzzle's own first-turn input, read strictly with line numbers.

A level file is exactly what the puzzle prints on its first turn, so any level can be
piped into ``python -m arcade bot runway``::

    M            bikes (1..4)
    V            bikes that must survive (1..M)
    lane 0       four lanes of equal length L (1..500), '.' road and '0' hole
    lane 1
    lane 2
    lane 3
    S            starting speed (0..49)
    X Y A        one line per bike: column, lane, 1 if active

Blank lines, trailing spaces and CRLF line ends are tolerated; anything else that is
wrong is reported as ``file:line: what is wrong``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from arcade.core.errors import FormatError
from arcade.core.numbers import NumberError, parse_int
from arcade.games.runway.logic import HOLE, LANES, MAX_LENGTH, MAX_SPEED, ROAD, Bike, Level

#: The farthest a bike can be: a destroyed bike stays where it fell, a finished one at most
#: one jump past the end. Anything larger (X = 10**20) is refused here, not in the view.
MAX_X = MAX_LENGTH + MAX_SPEED + 1


class LineReader:
    """Hands out the non-blank lines of a text with their 1-based line numbers."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self._lines: Iterator[tuple[int, str]] = (
            (n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()
        )
        self.line = 0

    def next(self, what: str) -> str:
        """The next non-blank line; a missing one is reported after the last line read."""
        for number, line in self._lines:
            self.line = number
            return line
        raise FormatError(self.source, self.line + 1, f"missing {what}")

    def rest(self) -> tuple[int, str] | None:
        return next(self._lines, None)

    def error(self, message: str) -> FormatError:
        return FormatError(self.source, self.line, message)

    def integer(self, what: str, low: int, high: int) -> int:
        text = self.next(what)
        try:
            return parse_int(text, low, high, what)
        except NumberError as exc:
            raise self.error(str(exc)) from None

    def integers(self, what: str, count: int) -> list[int]:
        text = self.next(what)
        parts = text.split()
        if len(parts) != count:
            raise self.error(f"{what} needs {count} numbers, got {len(parts)}: {text[:40]!r}")
        try:
            return [parse_int(p, what=what) for p in parts]
        except NumberError as exc:
            raise self.error(str(exc)) from None


class Lines(Protocol):
    """Anything that hands out lines and builds errors at the current line (files, the bot's stdin)."""

    def next(self, what: str) -> str: ...

    def error(self, message: str) -> FormatError: ...


def read_lanes(reader: Lines) -> tuple[str, ...]:
    """The four lanes from ``reader``, of '.' and '0' only, equal in length and at most
    :data:`MAX_LENGTH`; shared by level files and the bot's first turn, so both refuse the same input.
    """
    lanes: list[str] = []
    for y in range(LANES):
        lane = reader.next(f"lane {y} (4 lanes of '.' and '0')")
        bad = sorted(set(lane) - {ROAD, HOLE})
        if bad:
            raise reader.error(f"lane {y} may only hold '.' (road) and '0' (hole), found {bad[0]!r}")
        if len(lane) > MAX_LENGTH:
            raise reader.error(f"lane {y} is {len(lane)} cells long; the puzzle allows at most {MAX_LENGTH}")
        if lanes and len(lane) != len(lanes[0]):
            raise reader.error(f"lane {y} is {len(lane)} cells long, lane 0 is {len(lanes[0])}")
        lanes.append(lane)
    return tuple(lanes)


def read_bikes(reader: LineReader, count: int, length: int | None = None) -> tuple[Bike, ...]:
    """``count`` lines ``X Y A``; active bikes must share one column and use distinct lanes."""
    bikes: list[Bike] = []
    for number in range(1, count + 1):
        x, y, a = reader.integers(f"bike {number} (X Y A)", 3)
        if not 0 <= x <= MAX_X:
            raise reader.error(f"bike {number}: X must be in 0..{MAX_X}, got {x}")
        if not 0 <= y < LANES:
            raise reader.error(f"bike {number}: Y must be a lane from 0 to {LANES - 1}, got {y}")
        if a not in (0, 1):
            raise reader.error(f"bike {number}: A must be 1 (active) or 0 (destroyed), got {a}")
        bike = Bike(x, y, bool(a))
        for other_number, other in enumerate(bikes, 1):
            if bike.active and other.active and other.y == y:
                raise reader.error(f"bike {number} shares lane {y} with bike {other_number}")
            if bike.active and other.active and other.x != x:
                raise reader.error(f"bike {number} is at X={x} but bike {other_number} is at X={other.x}; "
                                   "active bikes move together")
        if bike.active and length is not None and x >= length:
            raise reader.error(f"bike {number} starts at X={x}, past the end of the runway (length {length})")
        bikes.append(bike)
    return tuple(bikes)


def parse_level(text: str, source: str = "<string>") -> Level:
    """Read a level (the puzzle's first-turn input); raise FormatError naming the line."""
    if not isinstance(text, str):
        raise FormatError(source, None, "level text is not a string")
    reader = LineReader(text, source)
    count = reader.integer("the number of bikes M", 1, LANES)
    need = reader.integer("the number of bikes that must survive V", 1, count)
    lanes = read_lanes(reader)
    speed = reader.integer("the starting speed S", 0, MAX_SPEED)
    bikes = read_bikes(reader, count, len(lanes[0]))
    active = sum(b.active for b in bikes)
    if active < need:
        raise reader.error(f"only {active} active bike{'s' * (active != 1)}, but {need} must survive")
    extra = reader.rest()
    if extra is not None:
        raise FormatError(source, extra[0], f"unexpected text after the {count} bike lines: {extra[1][:40]!r}")
    return Level(lanes, need, speed, bikes)


def format_level(level: Level) -> str:
    """The level in the puzzle's input format (``parse_level`` reads it back equal)."""
    lines = [str(len(level.bikes)), str(level.need), *level.lanes, str(level.speed)]
    lines += [f"{b.x} {b.y} {int(b.active)}" for b in level.bikes]
    return "\n".join(lines) + "\n"
