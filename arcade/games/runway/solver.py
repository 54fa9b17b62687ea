"""Runway exact search (logic, pure): the most surviving bikes, then the fewest turns.

The future of a race only depends on ``(x, s, lanes of the active bikes)``: all active
bikes share a column and a speed, and their lanes are a 4-bit mask. A breadth-first
search over turns keeps each such position at the earliest turn it is reached (a later
visit has the same future with fewer turns left, so it can never do better); the whole
search is bounded by ``columns x speeds x 16`` positions.

Survivors first: the search tries "every bike survives", then one fewer, down to ``V``.
Each try only keeps positions with at least that many bikes (bikes never come back), so
the first try that meets a win has found the best count, and because it goes turn by
turn, the earliest such win. Positions that cannot reach the end any more (from speed
``s`` with ``r`` turns left the bikes cover at most ``r*s + r(r+1)/2`` cells) are dropped.

Holes are bit masks: ``rows[x, k]`` is the OR of the hole masks of columns ``x+1 .. x+k``,
so "which bikes survive WAIT at speed k" is ``mask & ~rows[x, k]``. A whole turn of the
search is a handful of numpy operations over every position of the layer. The reference
rules live in :mod:`arcade.games.runway.logic`; the tests prove that :meth:`Track.step`
agrees with them and that the search matches a brute force over every command sequence.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import accumulate
from operator import or_

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from arcade.games.runway.logic import COMMANDS, LANES, MAX_SPEED, TURN_LIMIT, Command, Level, State

SPEED, SLOW, JUMP, WAIT, UP, DOWN = range(6)
assert [c.name for c in COMMANDS] == ["SPEED", "SLOW", "JUMP", "WAIT", "UP", "DOWN"]
#: Number of set bits of every 4-lane mask.
POPCOUNT = tuple(bin(m).count("1") for m in range(1 << LANES))
EDGE_UP, EDGE_DOWN = 1, 1 << (LANES - 1)
FULL = (1 << LANES) - 1
#: Bit layout of a packed position: mask in bits 0-3, speed in bits 4-11, column above.
SPEED_SHIFT, X_SHIFT, SPEED_BITS = 4, 12, 0xFF
#: Fastest speed a race can reach: the puzzle's top starting speed plus one SPEED per turn.
TOP_SPEED = MAX_SPEED + TURN_LIMIT


@dataclass(frozen=True)
class Position:
    """What the future of a race depends on: column, speed, lanes of the active bikes."""

    x: int
    speed: int
    mask: int

    @property
    def count(self) -> int:
        return POPCOUNT[self.mask]


def position_of(state: State) -> Position:
    """The :class:`Position` of ``state``: what the exact search, the AI and the bot key their plans on."""
    return Position(state.x, state.speed, state.lane_mask)


class Track:
    """A runway prepared for fast hole checks (hole masks per column, padded with road)."""

    def __init__(self, level: Level | tuple[int, ...], max_speed: int = TOP_SPEED) -> None:
        columns = level.hole_columns if isinstance(level, Level) else tuple(level)
        if not 0 <= max_speed < SPEED_BITS:
            raise ValueError(f"speeds above {SPEED_BITS - 1} are not supported, got {max_speed}")
        self.length = len(columns)
        #: Speeds up to this one can be looked up (rows hold one more for SPEED).
        self.max_speed = max_speed
        self.columns = list(columns) + [0] * (max_speed + 2)
        self._width = max_speed + 2
        self._road = [0] * self._width
        self._rows: dict[int, list[int]] = {}
        self._tables: tuple[np.ndarray, np.ndarray] | None = None

    def row(self, x: int) -> list[int]:
        """``row(x)[k]`` = OR of the hole masks of columns ``x+1 .. x+k``, for k up to ``max_speed + 1``."""
        row = self._rows.get(x)
        if row is None:
            if x >= self.length:
                return self._road
            row = list(accumulate(self.columns[x + 1 : x + self._width], or_, initial=0))
            self._rows[x] = row
        return row

    def tables(self) -> tuple[np.ndarray, np.ndarray]:
        """numpy forms for the search: ``rows[x, k]`` for every column, and padded hole masks."""
        if self._tables is None:
            padded = np.zeros(self.length + self._width + 1, dtype=np.int64)
            padded[: self.length] = self.columns[: self.length]
            window = sliding_window_view(padded[1:], self._width - 1)[: self.length]
            rows = np.zeros((self.length, self._width), dtype=np.int64)
            rows[:, 1:] = np.bitwise_or.accumulate(window, axis=1)
            self._tables = (rows, padded)
        return self._tables

    def hole_mask(self, x: int) -> int:
        """Lanes with a hole at column ``x`` (0 off the runway)."""
        return self.columns[x] if 0 <= x < self.length else 0

    def step(self, pos: Position, command: int | Command) -> Position:
        """One turn for the compact position (same rules as ``RunwayRules.apply``)."""
        cmd = command if isinstance(command, int) else COMMANDS.index(command)
        x, s, m = pos.x, pos.speed, pos.mask
        if cmd == SPEED:
            s += 1
        elif cmd == SLOW:
            s = max(0, s - 1)
        row = self.row(x)
        if cmd == JUMP:
            m &= ~self.hole_mask(x + s)
        elif cmd == UP and not m & EDGE_UP:
            m = ((m & ~(row[s - 1] if s else 0)) >> 1) & ~row[s]
        elif cmd == DOWN and not m & EDGE_DOWN:
            m = (((m & ~(row[s - 1] if s else 0)) << 1) & ~row[s]) & FULL
        else:
            m &= ~row[s]
        return Position(x + s, s, m)

    def replay(self, pos: Position, commands: tuple[Command, ...] | list[Command]) -> Position:
        for command in commands:
            pos = self.step(pos, command)
        return pos


@dataclass(frozen=True)
class SearchResult:
    """A command sequence and what it achieves.

    ``win`` says whether it ends with at least ``need`` bikes past the end; ``survivors``
    is the number of active bikes at its end; ``complete`` is False when a deadline cut
    the search short (the result is then the best found so far, not a proven optimum).
    """

    commands: tuple[Command, ...]
    survivors: int
    win: bool
    complete: bool
    explored: int

    @property
    def turns(self) -> int:
        return len(self.commands)


@dataclass
class _Layer:
    """The positions first reached at one turn, with how each was reached (for the path back)."""

    x: np.ndarray
    speed: np.ndarray
    mask: np.ndarray
    parent: np.ndarray
    command: np.ndarray


_POPCOUNT = np.array(POPCOUNT, dtype=np.int64)
_COMMAND_IDS = np.arange(len(COMMANDS), dtype=np.int64)


def exact_search(
    track: Track,
    start: Position,
    need: int,
    turns_left: int,
    *,
    deadline: float | None = None,
) -> SearchResult:
    """The command sequence that gets the most bikes (at least ``need``) past the end, soonest.

    If no sequence wins, the result (``win`` False) drives as far as possible with at
    least ``need`` bikes, then keeps the most bikes alive turn by turn until the race is
    lost. ``deadline`` is a ``time.perf_counter()`` value; past it the search gives up
    with ``complete`` False and that fallback play.
    """
    need = max(1, need)
    if start.speed + turns_left > track.max_speed:
        raise ValueError(f"the track was prepared for speeds up to {track.max_speed}, "
                         f"not {start.speed} + {turns_left} turns")
    most = start.count
    if start.x >= track.length or most < need or turns_left <= 0:
        return SearchResult((), most, most >= need and start.x >= track.length, True, 1)
    explored = 0
    for target in range(most, need - 1, -1):
        layers, win, timed_out = _layered_search(track, start, target, turns_left, deadline)
        explored += sum(len(layer.x) for layer in layers)
        if win is not None:
            commands = _path(layers, win)
            return SearchResult(commands, POPCOUNT[track.replay(start, commands).mask], True, not timed_out,
                                explored)
        if timed_out:
            return _fallback(track, start, need, turns_left, False, explored, explore=False)
    return _fallback(track, start, need, turns_left, True, explored, explore=True, deadline=deadline)


def _layered_search(
    track: Track, start: Position, target: int, turns_left: int, deadline: float | None, *, prune: bool = True
) -> tuple[list[_Layer], tuple[int, int] | None, bool]:
    """Breadth-first over turns, keeping positions with at least ``target`` bikes.

    Returns the layers (layer 0 is the start), the first win as ``(parent, command)``
    into the last layer, and whether the deadline stopped the search. With ``prune``
    False, positions that cannot reach the end any more are kept (the fallback wants them).
    """
    length = track.length
    rows, holes = track.tables()
    width = rows.shape[1]
    enough = target <= _POPCOUNT
    seen = np.zeros(length * width * 16, dtype=bool)
    one = np.zeros(1, dtype=np.int64)
    layers = [_Layer(one + start.x, one + start.speed, one + start.mask, one - 1, one - 1)]
    for depth in range(1, turns_left + 1):
        if deadline is not None and time.perf_counter() > deadline:
            return layers, None, True
        layer = layers[-1]
        x, s, m = layer.x, layer.speed, layer.mask
        count = len(x)
        here = rows[x, s]
        slower = np.maximum(s - 1, 0)
        kept = m & ~rows[x, slower]  # bikes whose own lane is free on x+1 .. x+s-1
        up = np.where(m & EDGE_UP, -1, (kept >> 1) & ~here)
        down = np.where(m & EDGE_DOWN, -1, ((kept << 1) & ~here) & FULL)
        # Every command for every position, command by command (the order is SPEED..DOWN).
        new_mask = np.concatenate((m & ~rows[x, s + 1], kept, m & ~holes[x + s], m & ~here, up, down))
        new_speed = np.concatenate((s + 1, slower, s, s, s, s))
        parent = np.tile(np.arange(count), len(COMMANDS))
        command = np.repeat(_COMMAND_IDS, count)
        valid = new_mask >= 0
        valid[valid] = enough[new_mask[valid]]
        new_mask, new_speed, parent, command = new_mask[valid], new_speed[valid], parent[valid], command[valid]
        new_x = x[parent] + new_speed
        wins = np.flatnonzero(new_x >= length)
        if len(wins):
            first = wins[0]
            return layers, (int(parent[first]), int(command[first])), False
        remaining = turns_left - depth
        if remaining == 0:
            break
        keep = new_x < length
        if prune:
            keep &= new_x + remaining * new_speed + remaining * (remaining + 1) // 2 >= length
        index = (new_x * width + new_speed) * 16 + new_mask
        keep[keep] = ~seen[index[keep]]
        index = index[keep]
        if not len(index):
            break
        unique, first = np.unique(index, return_index=True)
        seen[unique] = True
        chosen = np.flatnonzero(keep)[first]
        layers.append(_Layer(new_x[chosen], new_speed[chosen], new_mask[chosen], parent[chosen], command[chosen]))
    return layers, None, False


def _path(layers: list[_Layer], win: tuple[int, int], depth: int | None = None) -> tuple[Command, ...]:
    """Commands from the start to ``win`` = (index in ``layers[depth]``, command), following parents."""
    index, command = win
    depth = len(layers) - 1 if depth is None else depth
    commands = [COMMANDS[command]] if command >= 0 else []
    while depth > 0:
        layer = layers[depth]
        commands.append(COMMANDS[int(layer.command[index])])
        index = int(layer.parent[index])
        depth -= 1
    commands.reverse()
    return tuple(commands)


def _fallback(
    track: Track, start: Position, need: int, turns_left: int, complete: bool, explored: int, *,
    explore: bool, deadline: float | None = None,
) -> SearchResult:
    """No win: drive to the furthest position with enough bikes, then greedy survival turn by turn.

    With ``explore`` False (the search already ran out of time) there is no search for the
    furthest position: this is plain greedy play from the start, so an answer still comes
    at once.
    """
    length = track.length
    commands: list[Command] = []
    pos = start
    if explore:
        layers, _win, _timed_out = _layered_search(track, start, need, turns_left, deadline, prune=False)
        best = (start.x, start.count, -start.speed, 0, 0)
        for depth, layer in enumerate(layers):
            if not len(layer.x):
                continue
            score = layer.x * 64 + _POPCOUNT[layer.mask] * 16 - np.minimum(layer.speed, 15)
            i = int(np.argmax(score))
            candidate = (int(layer.x[i]), POPCOUNT[int(layer.mask[i])], -min(int(layer.speed[i]), 15), depth, i)
            best = max(best, candidate)
        if best[3] > 0:
            commands = list(_path(layers, (best[4], -1), best[3]))
            pos = track.replay(start, commands)
    while len(commands) < turns_left and pos.count >= need and pos.x < length:
        cmd, pos = max(
            ((c, track.step(pos, c)) for c in range(len(COMMANDS))),
            key=lambda item: (item[1].count, min(item[1].x, length), -item[0]),
        )
        commands.append(COMMANDS[cmd])
    win = pos.count >= need and pos.x >= length
    return SearchResult(tuple(commands), pos.count, win, complete, explored)


def solve_state(
    state: State, turn_limit: int = TURN_LIMIT, *, deadline: float | None = None
) -> SearchResult:
    """The exact search from a rules state (``turn_limit`` counts from the start of the race)."""
    turns_left = max(0, turn_limit - state.turn)
    track = Track(state.level, max(TOP_SPEED, state.speed + turns_left))
    return exact_search(track, position_of(state), state.level.need, turns_left, deadline=deadline)
