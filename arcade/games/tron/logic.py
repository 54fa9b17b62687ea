"""Tron rules (game logic, pure): maps, the round state and the simultaneous-move rule.

A map is the Google AI Challenge 2010 text format (``W H`` then H rows of ``#``, space,
``1``, ``2``). A round's state keeps both trails as bitboards (Python ints, bit
``y * W + x``), both heads, their last directions and who crashed. A move is the joint
action of both cycles for one tick, ``"N E"`` in text, so a round is replayed exactly from
its map and its moves. The tick rule, in this order: both head cells become wall, both
heads advance one cell, and a head that enters a wall, a trail or a cell off the map
crashes. Both heads entering the same cell, or both crashing, is a draw (so a head-on
swap is a draw, unlike the 2010 starter referee which favoured player 1).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from arcade.core.errors import FormatError, IllegalMove, quoted
from arcade.core.game import Outcome, TickRules
from arcade.core.grid import size_name

#: Directions in protocol order (1 north, 2 east, 3 south, 4 west) and their (dx, dy).
DIRECTIONS = ("N", "E", "S", "W")
DELTAS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
#: Largest map side we accept (the biggest official map is 50x50).
MAX_SIDE = 200

Pos = tuple[int, int]
Move = tuple[str, str]


@dataclass(frozen=True)
class Level:
    """A map: ``rows`` hold ``#`` (wall) and space (floor); the two start cells are in ``starts``."""

    width: int
    height: int
    rows: tuple[str, ...]
    starts: tuple[Pos, Pos]

    def is_wall(self, x: int, y: int) -> bool:
        """Walls, and every cell off the map (some maps have no full border)."""
        return not (0 <= x < self.width and 0 <= y < self.height) or self.rows[y][x] == "#"

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    @cached_property
    def walls(self) -> int:
        """The map's walls as a bitboard (bit ``y * width + x``)."""
        bits = 0
        for y, row in enumerate(self.rows):
            for x, ch in enumerate(row):
                if ch == "#":
                    bits |= 1 << (y * self.width + x)
        return bits

    def bit(self, pos: Pos) -> int:
        return 1 << (pos[1] * self.width + pos[0])

    def text_rows(self) -> list[str]:
        """The rows with the start cells marked ``1`` and ``2``."""
        rows = [list(row) for row in self.rows]
        for number, (x, y) in enumerate(self.starts, 1):
            rows[y][x] = str(number)
        return ["".join(row) for row in rows]


@dataclass(frozen=True)
class State:
    """One moment of a round. Trails include the map's starting cells once the heads left them."""

    level: Level
    heads: tuple[Pos, Pos]
    trails: tuple[int, int] = (0, 0)
    #: Each cycle's last direction (None before the first tick).
    directions: tuple[str | None, str | None] = (None, None)
    crashed: tuple[bool, bool] = (False, False)
    tick: int = 0

    @property
    def blocked(self) -> int:
        """Bitboard of every cell a head may not enter: walls, both trails and both heads."""
        level = self.level
        bits = level.walls | self.trails[0] | self.trails[1]
        for pos in self.heads:
            if level.inside(*pos):
                bits |= level.bit(pos)
        return bits

    def is_free(self, pos: Pos) -> bool:
        """True if a head could move into ``pos`` now (on the map, not a wall, trail or head)."""
        if not self.level.inside(*pos):
            return False
        return not self.blocked & self.level.bit(pos)

    def owner(self, pos: Pos) -> int | None:
        """0 or 1 if ``pos`` is part of that player's trail or head, else None."""
        level = self.level
        if not level.inside(*pos):
            return None
        bit = level.bit(pos)
        for player in (0, 1):
            if self.trails[player] & bit or self.heads[player] == pos:
                return player
        return None

    @property
    def over(self) -> bool:
        return any(self.crashed)

    def __str__(self) -> str:
        """Walls ``#``, trails ``a``/``b``, heads ``1``/``2`` (``X`` where a crash happened), floor ``.``."""
        level = self.level
        rows = [list(row.replace(" ", ".")) for row in level.rows]
        for player, trail in enumerate(self.trails):
            mark = "ab"[player]
            for y in range(level.height):
                for x in range(level.width):
                    if trail >> (y * level.width + x) & 1:
                        rows[y][x] = mark
        for player, (x, y) in enumerate(self.heads):
            if level.inside(x, y):
                rows[y][x] = "X" if self.crashed[player] else str(player + 1)
        return "\n".join("".join(row) for row in rows)


def step(pos: Pos, direction: str) -> Pos:
    """The cell one step from ``pos`` (x, y) in ``direction`` (N, E, S or W; y grows southwards).
    No bounds check: the board's walls are what stops a cycle.
    """
    dx, dy = DELTAS[direction]
    return (pos[0] + dx, pos[1] + dy)


_SIZE_LINE = re.compile(r"^\s*(\d{1,9})\s+(\d{1,9})\s*$", re.ASCII)


def parse_map(text: str, source: str = "<string>") -> Level:
    """Read a map in the 2010 contest format; every problem is a FormatError with its line.

    Rows shorter than ``W`` are padded with floor (editors strip trailing spaces, and the
    official ``apocalyptic`` map has floor at the ends of rows); whitespace at the end of a row
    is floor the padding would give anyway, so a row is also read without it (an editor that
    adds spaces or a tab there made a valid map "row has 27 cells, expected 25"), and blank
    lines before the size line are skipped, as every other game's reader does. A row still
    longer than ``W`` is an error.
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()  # the newline that ends the last line does not start another row
    first = next((n for n, line in enumerate(lines) if line.strip()), 0)  # the size line's index
    if not lines or not lines[first].strip():
        raise FormatError(source, 1, "expected the map size 'WIDTH HEIGHT' on the first line")
    match = _SIZE_LINE.match(lines[first])
    if match is None:
        raise FormatError(source, first + 1, f"expected 'WIDTH HEIGHT', got {quoted(lines[first])}")
    width, height = int(match.group(1)), int(match.group(2))
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise FormatError(source, first + 1, f"map size {size_name(width, height)} is outside 1..{MAX_SIDE}")
    if width * height < 2:
        raise FormatError(source, first + 1, "a map needs at least two cells")
    body = lines[first + 1 : first + 1 + height]
    trailing = [n for n, line in enumerate(lines[first + 1 + height :], first + 2 + height) if line.strip()]
    if len(body) < height:
        raise FormatError(source, first + 2 + len(body), f"the map has {len(body)} rows, expected {height}")
    if trailing:
        raise FormatError(source, trailing[0], f"text after the {height} rows of the map")
    rows: list[str] = []
    starts: dict[str, Pos] = {}
    for y, line in enumerate(body):
        number = first + y + 2
        line = line.rstrip(" \t\f\v")
        if len(line) > width:
            raise FormatError(source, number, f"row has {len(line)} cells, expected {width}")
        line = line.ljust(width)
        bad = sorted(set(line) - set("# 12"))
        if bad:
            raise FormatError(source, number, f"unexpected character {bad[0]!r} (use '#', space, '1', '2')")
        for x, ch in enumerate(line):
            if ch in "12":
                if ch in starts:
                    raise FormatError(source, number,
                                      f"a second start '{ch}' (the first is on line {first + starts[ch][1] + 2})")
                starts[ch] = (x, y)
        rows.append(line.replace("1", " ").replace("2", " "))
    for ch in "12":
        if ch not in starts:
            raise FormatError(source, None, f"no start cell '{ch}' on the map")
    return Level(width, height, tuple(rows), (starts["1"], starts["2"]))


def format_map(level: Level) -> str:
    """``level`` in the 2010 contest format (``W H`` then the rows), as bots read it and ``generate``
    writes it.
    """
    return f"{level.width} {level.height}\n" + "\n".join(level.text_rows()) + "\n"


def crash_reason(state: State, player: int) -> str:
    """Why ``player`` crashed, in a few words (for the result line)."""
    pos = state.heads[player]
    other = state.heads[1 - player]
    level = state.level
    if state.crashed[1 - player] and pos == other:
        return "head-on"
    if not level.inside(*pos):
        return "off the map"
    if level.is_wall(*pos):
        return "into a wall"
    bit = level.bit(pos)
    if state.trails[player] & bit:
        return "into its own trail"
    if state.trails[1 - player] & bit:
        return "into the other trail"
    return "into a cycle"


class TronRules(TickRules[Level, State, Move]):
    """Two light cycles moving at once; a move is ``(direction of 1, direction of 2)``."""

    name = "tron"
    players = 2
    tick_seconds = 0.1
    level_pattern = "*.txt"
    level_forms = "a generated map like random-7 or scatter-7"

    def parse_level(self, text: str, source: str = "<string>") -> Level:
        return parse_map(text, source)

    def format_level(self, level: Level) -> str:
        return format_map(level)

    def initial_state(self, level: Level, seed: int = 0) -> State:
        return State(level, level.starts)

    def legal_moves(self, state: State) -> Sequence[Move]:
        if state.over:
            return []
        return [(a, b) for a in DIRECTIONS for b in DIRECTIONS]

    def apply(self, state: State, move: Move) -> State:
        if state.over:
            raise IllegalMove("the round is over")
        if (
            not isinstance(move, tuple)
            or len(move) != 2
            or move[0] not in DELTAS
            or move[1] not in DELTAS
        ):
            raise IllegalMove(f"not a move: {move!r} (expected two of N, E, S, W)")
        level = state.level
        # 1. Both head cells become wall.
        trails = (state.trails[0] | level.bit(state.heads[0]), state.trails[1] | level.bit(state.heads[1]))
        blocked = level.walls | trails[0] | trails[1]
        # 2. Both heads advance.
        targets = (step(state.heads[0], move[0]), step(state.heads[1], move[1]))
        crashed = tuple(
            not level.inside(*pos) or bool(blocked & level.bit(pos)) for pos in targets
        )
        if targets[0] == targets[1]:
            crashed = (True, True)
        return State(level, targets, trails, (move[0], move[1]), (crashed[0], crashed[1]), state.tick + 1)

    def encode_move(self, move: Move) -> str:
        return f"{move[0]} {move[1]}"

    def decode_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise IllegalMove(f"not a move: {quoted(text)}")
        parts = text.replace(",", " ").split()
        if len(parts) != 2 or any(p.upper() not in DELTAS for p in parts):
            raise IllegalMove(f"not a move: {quoted(text)} (expected two directions like 'N E')")
        return (parts[0].upper(), parts[1].upper())

    def outcome(self, state: State) -> Outcome | None:
        first, second = state.crashed
        if not (first or second):
            return None
        if first and second:
            if state.heads[0] == state.heads[1]:
                reason = "Head-on: both cycles entered the same cell."
            else:
                reason = (f"Both cycles crashed on tick {state.tick} "
                          f"(1 {crash_reason(state, 0)}, 2 {crash_reason(state, 1)}).")
            return Outcome("draw", reason, None, 0.5)
        loser = 0 if first else 1
        reason = f"Cycle {loser + 1} crashed {crash_reason(state, loser)} on tick {state.tick}."
        return Outcome("win", reason, 1 - loser, 1.0 if loser == 1 else 0.0)

    def state_text(self, state: State) -> str:
        return str(state)


RULES = TronRules()


def free_run(state: State, player: int, direction: str) -> int:
    """How many free cells lie straight ahead of ``player`` in ``direction`` (the seed's measure)."""
    pos = state.heads[player]
    count = 0
    while True:
        pos = step(pos, direction)
        if not state.is_free(pos):
            return count
        count += 1


def default_direction(state: State, player: int) -> str:
    """A sensible heading before anyone pressed a key: the longest straight free run (N, E, S, W order)."""
    return max(DIRECTIONS, key=lambda d: free_run(state, player, d))
