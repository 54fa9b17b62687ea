"""Battle Royale rules (pure): a shrinking grid, loot that counts once, and a route that must end on the centre.

The level is an n x m grid of loot (``1``) and empty cells. The player drops on an
empty cell, then moves one cell up, down, left or right per move. After the k-th move
the storm has eaten k cells from every side: the player is alive only while
``k <= r <= n-1-k`` and ``k <= c <= m-1-k``. The round ends on the centre
``(n // 2, m // 2)`` -- when the player chooses to finish there, or when no safe move
is left (won on the centre, lost anywhere else). Score: distinct loot cells visited.

One fact drives both the danger marking and the solver: with ``K = min((n-1)//2,
(m-1)//2)`` the last move the storm allows, a cell can still reach the centre in time
after k moves exactly when its Manhattan distance to the centre is at most ``K - k``
(that diamond always lies inside the storm's box, so walking straight in is safe).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from arcade.core.errors import IllegalMove
from arcade.core.game import Outcome, PuzzleRules
from arcade.core.grid import cell_name, size_name
from arcade.core.words import plural

Cell = tuple[int, int]

#: Move letters and their (row, column) steps, in the order the UI and solver list them.
DIRECTIONS: dict[str, Cell] = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
DIRECTION_NAMES = {"U": "up", "D": "down", "L": "left", "R": "right"}
#: Largest grid side we accept (the solver's tables grow with the cube of the side).
MAX_SIDE = 151


@dataclass(frozen=True)
class Level:
    """The loot grid (rows of 0/1) and the level file's ``# key: value`` header lines."""

    loot: tuple[tuple[int, ...], ...]
    meta: tuple[tuple[str, str], ...] = ()

    @property
    def rows(self) -> int:
        return len(self.loot)

    @property
    def cols(self) -> int:
        return len(self.loot[0]) if self.loot else 0

    @property
    def centre(self) -> Cell:
        return (self.rows // 2, self.cols // 2)

    @property
    def max_moves(self) -> int:
        """K: the last move after which the storm's box is still non-empty (it holds the centre)."""
        return min((self.rows - 1) // 2, (self.cols - 1) // 2)

    def contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def has_loot(self, cell: Cell) -> bool:
        return bool(self.loot[cell[0]][cell[1]])

    @cached_property
    def loot_cells(self) -> frozenset[Cell]:
        return frozenset((r, c) for r, row in enumerate(self.loot) for c, v in enumerate(row) if v)

    @property
    def loot_count(self) -> int:
        return len(self.loot_cells)

    def distance_to_centre(self, cell: Cell) -> int:
        cr, cc = self.centre
        return abs(cell[0] - cr) + abs(cell[1] - cc)

    def box(self, k: int) -> tuple[int, int, int, int]:
        """The storm-free box after k moves: ``(top, bottom, left, right)``, inclusive (may be empty)."""
        return (k, self.rows - 1 - k, k, self.cols - 1 - k)

    def in_box(self, cell: Cell, k: int) -> bool:
        top, bottom, left, right = self.box(k)
        return top <= cell[0] <= bottom and left <= cell[1] <= right

    def can_reach_centre(self, cell: Cell, k: int) -> bool:
        """Whether a player on ``cell`` after ``k`` moves can still stand on the centre in time."""
        return self.contains(cell) and self.distance_to_centre(cell) <= self.max_moves - k

    def is_start(self, cell: Cell) -> bool:
        """A cell the player may drop on: on the map, no loot, centre reachable."""
        return self.contains(cell) and not self.has_loot(cell) and self.can_reach_centre(cell, 0)

    @cached_property
    def no_start_reason(self) -> str | None:
        """Why no route exists at all (None when one does): no cell the player may drop on.

        A cell one may drop on always has a route (walking straight in is safe), so this is
        exactly the solver's "no route", known without a search: the screen says it at once
        instead of asking the player to drop on a cell that is not there.
        """
        if any(self.is_start((r, c)) for r in range(self.rows) for c in range(self.cols)):
            return None
        if len(self.loot_cells) == self.rows * self.cols:
            return "every cell holds loot, and a route starts on a cell without loot"
        return "no empty cell can reach the centre before the storm closes"

    def start_refusal(self, cell: Cell) -> str | None:
        """Why the player may not start on ``cell`` (None if they may)."""
        if not self.contains(cell):
            return f"{cell_name(cell)} is off the map"
        if self.has_loot(cell):
            return f"{cell_name(cell)} holds loot: drop on an empty cell"
        distance, budget = self.distance_to_centre(cell), self.max_moves
        if distance > budget:
            return (f"{cell_name(cell)} is {plural(distance, 'step')} from the centre but the storm closes "
                    f"after {plural(budget, 'move')}: you would never make it")
        return None

    def meta_value(self, key: str, default: str = "") -> str:
        for k, v in self.meta:
            if k == key:
                return v
        return default

    @property
    def title(self) -> str:
        return self.meta_value("title") or f"{size_name(self.cols, self.rows)} grid"

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]], meta: Sequence[tuple[str, str]] = ()) -> Level:
        return cls(tuple(tuple(1 if v else 0 for v in row) for row in rows), tuple(meta))


@dataclass(frozen=True)
class Move:
    """``start R C`` (drop the player), ``U``/``D``/``L``/``R`` (one step) or ``finish`` (stop on the centre)."""

    kind: Literal["start", "go", "finish"]
    cell: Cell | None = None
    direction: str = ""

    @classmethod
    def start(cls, cell: Cell) -> Move:
        return cls("start", (int(cell[0]), int(cell[1])))

    @classmethod
    def go(cls, direction: str) -> Move:
        return cls("go", None, direction)

    @classmethod
    def finish(cls) -> Move:
        return cls("finish")

    def __str__(self) -> str:
        if self.kind == "start":
            assert self.cell is not None
            return f"start {self.cell[0]} {self.cell[1]}"
        if self.kind == "go":
            return self.direction
        return "finish"

    @classmethod
    def parse(cls, text: str) -> Move:
        words = text.strip().split()
        if len(words) == 1 and words[0].upper() in DIRECTIONS:
            return cls.go(words[0].upper())
        if len(words) == 1 and words[0].lower() == "finish":
            return cls.finish()
        if len(words) == 3 and words[0].lower() == "start":
            try:
                return cls.start((int(words[1]), int(words[2])))
            except ValueError:
                pass
        raise IllegalMove(f"not a move: {text.strip()[:40]!r} (expected 'start R C', U, D, L, R or 'finish')")


@dataclass(frozen=True)
class State:
    """Where the player went: ``path[0]`` is the drop cell, ``path[-1]`` the player (empty: not placed)."""

    level: Level
    path: tuple[Cell, ...] = ()
    finished: bool = False
    dead: bool = False
    collected: frozenset[Cell] = field(default=frozenset())

    @property
    def placed(self) -> bool:
        return bool(self.path)

    @property
    def pos(self) -> Cell | None:
        return self.path[-1] if self.path else None

    @property
    def moves(self) -> int:
        """k: how many steps the player has made (the storm has shrunk that many times)."""
        return max(0, len(self.path) - 1)

    @property
    def loot(self) -> int:
        return len(self.collected)

    @property
    def remaining(self) -> int:
        """Moves the storm still allows (K - k)."""
        return self.level.max_moves - self.moves

    @property
    def on_centre(self) -> bool:
        return self.pos == self.level.centre

    @property
    def doomed(self) -> bool:
        """Alive, but the centre is out of reach in the moves left."""
        return (self.placed and not self.dead and not self.finished
                and not self.level.can_reach_centre(self.path[-1], self.moves))

    @property
    def moves_since_hope(self) -> int:
        """How many moves to undo to stand again where the centre was in reach (0 if not doomed).

        One Undo is not always enough: a player who walked on after being doomed needs several,
        and the hint and the status line say how many instead of a bare "undo". ``len(path)``
        when even the drop cell was out of reach (undoing the drop too).
        """
        if not self.doomed:
            return 0
        for k in range(len(self.path) - 1, -1, -1):
            if self.level.can_reach_centre(self.path[k], k):
                return len(self.path) - 1 - k
        return len(self.path)

    @property
    def over(self) -> bool:
        """The round has ended (the rules' outcome is set): caught by the storm, finished on the
        centre, or no safe move left. The board then shows the final state without next-move cues."""
        return self.placed and (self.dead or self.finished or not self.safe_directions())

    def safe_directions(self) -> list[str]:
        """Moves that keep the player inside the next box (no safe move left ends the round)."""
        if not self.placed or self.dead or self.finished:
            return []
        r, c = self.path[-1]
        k = self.moves + 1
        return [d for d, (dr, dc) in DIRECTIONS.items() if self.level.in_box((r + dr, c + dc), k)]

    def __str__(self) -> str:
        return render_text(self)


def render_text(state: State, storm: bool = True) -> str:
    """ASCII board: ``1`` loot, ``.`` empty, ``o`` visited, ``*`` loot taken, ``#`` storm
    (unless ``storm`` is False), ``+`` centre, ``P`` the player (``X`` if the storm got them);
    a header line first."""
    level = state.level
    k = state.moves
    visited = set(state.path)
    lines = []
    if not state.placed:
        closes = plural(level.max_moves, "move")
        lines.append(f"not placed · storm closes after {closes} · centre at {cell_name(level.centre)}")
    else:
        status = "dead" if state.dead else "finished" if state.finished else "doomed" if state.doomed else "alive"
        lines.append(f"move {k}/{level.max_moves} · loot {state.loot} · at {cell_name(state.pos)} · {status}")
    for r in range(level.rows):
        row = []
        for c in range(level.cols):
            cell = (r, c)
            if cell == state.pos:
                ch = "X" if state.dead else "P"
            elif cell in state.collected:
                ch = "*"
            elif cell in visited:
                ch = "o"
            elif storm and state.placed and not level.in_box(cell, k):
                ch = "#"
            elif level.has_loot(cell):
                ch = "1"
            elif cell == level.centre:
                ch = "+"
            else:
                ch = "."
            row.append(ch)
        lines.append(" ".join(row))
    return "\n".join(lines)


class RoyaleRules(PuzzleRules[Level, State, Move]):
    """Battle Royale for the framework: a level is a loot grid, a move a drop, a step or the finish; the formats
    are imported late, so loading the rules stays cheap.
    """
    name = "royale"
    level_pattern = "*.txt"

    def parse_level(self, text: str, source: str = "<string>") -> Level:
        from arcade.games.royale.formats import parse_level

        return parse_level(text, source)

    def format_level(self, level: Level) -> str:
        from arcade.games.royale.formats import format_level

        return format_level(level)

    def initial_state(self, level: Level, seed: int = 0) -> State:
        return State(level)

    def apply(self, state: State, move: Move) -> State:
        if not isinstance(move, Move):
            raise IllegalMove(f"not a move: {move!r}")
        level = state.level
        if self.outcome(state) is not None:
            raise IllegalMove("the round is over: undo or restart to play on")
        if move.kind == "start":
            if state.placed:
                raise IllegalMove("the player has already dropped: undo to choose another start")
            assert move.cell is not None
            reason = level.start_refusal(move.cell)
            if reason:
                raise IllegalMove(reason)
            return State(level, (move.cell,))
        if not state.placed:
            raise IllegalMove("drop the player first: click an empty cell inside the marked diamond")
        if move.kind == "finish":
            if not state.on_centre:
                raise IllegalMove(f"you can only finish on the centre, at {cell_name(level.centre)}")
            return State(level, state.path, finished=True, collected=state.collected)
        if move.direction not in DIRECTIONS:
            raise IllegalMove(f"unknown direction {move.direction!r}")
        dr, dc = DIRECTIONS[move.direction]
        r, c = state.path[-1]
        target = (r + dr, c + dc)
        if not level.contains(target):
            raise IllegalMove(f"the map ends there: no step {DIRECTION_NAMES[move.direction]} from {cell_name((r, c))}")
        collected = state.collected | {target} if level.has_loot(target) else state.collected
        dead = not level.in_box(target, state.moves + 1)
        return State(level, (*state.path, target), dead=dead, collected=collected)

    def legal_moves(self, state: State) -> list[Move]:
        if self.outcome(state) is not None:
            return []
        level = state.level
        if not state.placed:
            return [Move.start((r, c)) for r in range(level.rows) for c in range(level.cols)
                    if level.is_start((r, c))]
        r, c = state.path[-1]
        moves = [Move.go(d) for d, (dr, dc) in DIRECTIONS.items() if level.contains((r + dr, c + dc))]
        if state.on_centre:
            moves.append(Move.finish())
        return moves

    def encode_move(self, move: Move) -> str:
        return str(move)

    def decode_move(self, text: str) -> Move:
        return Move.parse(text)

    def outcome(self, state: State) -> Outcome | None:
        if not state.placed:
            return None
        score = float(state.loot)
        if state.dead:
            moves = plural(state.moves, "move")
            return Outcome("loss", f"Caught by the storm at {cell_name(state.path[-1])} after {moves}.",
                           score=score)
        if state.finished:
            moves = plural(state.moves, "move")
            return Outcome("win", f"Finished on the centre with {state.loot} loot in {moves}.", score=score)
        if not state.safe_directions():
            if state.on_centre:
                return Outcome("win", f"The storm closed in on the centre, held with {state.loot} loot.",
                               score=score)
            return Outcome("loss", "No safe move left: the storm closed in before you reached the centre.",
                           score=score)
        return None


RULES = RoyaleRules()


def replay(level: Level, start: Cell, moves: str) -> State:
    """The state after dropping on ``start`` and walking ``moves`` (letters); raises IllegalMove."""
    state = RULES.apply(State(level), Move.start(start))
    for letter in moves:
        state = RULES.apply(state, Move.go(letter))
    return state


def route_cells(start: Cell, moves: str) -> Iterator[Cell]:
    """Every cell of a route, the start first."""
    r, c = start
    yield (r, c)
    for letter in moves:
        dr, dc = DIRECTIONS[letter]
        r, c = r + dr, c + dc
        yield (r, c)


def route_is_valid(level: Level, start: Cell, moves: str) -> bool:
    """A route the rules accept: legal start, alive after every move, ends on the centre."""
    try:
        state = replay(level, start, moves)
    except IllegalMove:
        return False
    return not state.dead and state.on_centre
