"""Hashi input rules (pure controller): drags from islands, clicks and the keyboard cursor become moves.

The view turns pixels into fractional grid coordinates and calls this module, which
knows nothing of pygame, so every gesture can be tested on its own:

* left-drag from an island towards a neighbour cycles that line 0 -> 1 -> 2 -> 0; the drag
  only has to make the direction clear (the pointer need not reach the other island);
* right-drag removes one bridge, and on an empty line toggles the "no bridge here" mark;
* a click on an island (press and release without leaving it) locks or unlocks it;
* the keyboard cursor jumps between islands with the arrows; Ctrl+arrow builds one more
  bridge (refused at 2), Shift+arrow removes one (or toggles the mark on an empty line).

Every gesture is first *planned* (:class:`Plan`): what it would do, or why the rules would
refuse it. The view draws the plan live while the mouse moves and plays it on release.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from arcade.core.errors import IllegalMove
from arcade.core.topology import Cell
from arcade.games.hashi.logic import (
    DIR_WORDS,
    DIRS,
    MAX_BRIDGES,
    RULES,
    Move,
    Puzzle,
    State,
    line_move,
    mark_move,
)

#: How far (in cells) the pointer must leave the island's centre before a drag has a direction.
DEAD_ZONE = 0.4
#: Once a drag has a direction, the other axis must beat it by this factor to take over.
HYSTERESIS = 1.3

LEFT, RIGHT = "build", "remove"
SOLVED = "the puzzle is solved — undo to change it"
Button = Literal["build", "remove"]


@dataclass(frozen=True)
class Plan:
    """What a gesture would do: a move, or the reason it would be refused.

    ``after`` is how many bridges the line would hold afterwards (None for a mark or a lock),
    ``blocking`` the line whose bridge is in the way of a refused build, ``quiet`` marks a
    refusal that is just "nothing there" (no error sound), ``label`` a short preview text.
    """

    island: int
    direction: str | None = None
    line: int | None = None
    move: Move | None = None
    after: int | None = None
    refusal: str = ""
    blocking: int | None = None
    quiet: bool = False
    label: str = ""

    @property
    def ok(self) -> bool:
        return self.move is not None and not self.refusal


def drag_direction(d_row: float, d_col: float, previous: str | None = None) -> str | None:
    """The direction a drag vector (in cells, from the island centre) points to, or None if unclear.

    Inside the dead zone there is no direction. Otherwise the dominant axis wins, with some
    hysteresis so a drag that wobbles near the diagonal does not flicker between two lines.
    """
    if max(abs(d_row), abs(d_col)) < DEAD_ZONE:
        return None
    horizontal = abs(d_col) >= abs(d_row)
    if previous is not None and (previous in "EW") != horizontal:
        kept, other = (abs(d_col), abs(d_row)) if previous in "EW" else (abs(d_row), abs(d_col))
        if other < kept * HYSTERESIS:
            horizontal = previous in "EW"
    if horizontal:
        return "E" if d_col > 0 else "W"
    return "S" if d_row > 0 else "N"


def _try(state: State, plan: Plan) -> Plan:
    """Fill in the refusal (and the blocking bridge) if the rules would refuse ``plan.move``."""
    assert plan.move is not None
    if state.complete:  # the rules would allow it (solvers may edit solved states); a player has won
        return Plan(plan.island, plan.direction, plan.line, plan.move, plan.after, SOLVED, label="solved")
    try:
        RULES.apply(state, plan.move)
    except IllegalMove as exc:
        blocking = state.blocked_by(plan.line) if plan.line is not None and plan.after else None
        return Plan(plan.island, plan.direction, plan.line, plan.move, plan.after, _sentence(state, plan, str(exc)),
                    blocking, label="refused")
    return plan


def _sentence(state: State, plan: Plan, reason: str) -> str:
    """The rules' reason as the status line shows it: after the move it refuses, when the reason does
    not name it itself (the player read "✗ it would cross the bridge between ...", whose "it" was
    never said)."""
    if plan.line is None or reason[:1].isupper():
        return reason  # a sentence of its own, naming its island ("The 2 at ... is locked as finished")
    current = state.bridges[plan.line]
    action = ("mark 'no bridge here' between" if plan.after is None
              else "build a bridge between" if plan.after > current else "remove a bridge between")
    return f"Cannot {action} {state.puzzle.describe_line(plan.line)}: {reason}"


def _no_line(state: State, island: int, letter: str) -> Plan:
    p = state.puzzle
    text = p.describe(island)
    return Plan(island, letter, refusal=f"{text[:1].upper()}{text[1:]} sees no island to the {DIR_WORDS[letter]}",
                quiet=True, label="no island")


def _count_label(n: int) -> str:
    return "remove" if n == 0 else "1 bridge" if n == 1 else f"{n} bridges"


def plan_build(state: State, island: int, letter: str, *, cycle: bool = True) -> Plan:
    """One more bridge on the line leaving ``island`` towards ``letter``.

    With ``cycle`` (mouse drags) a full line goes back to 0; without it (keyboard) a full
    line is refused, so a held key cannot silently wipe a double bridge.
    """
    p = state.puzzle
    line = p.line_from(island, letter)
    if line is None:
        return _no_line(state, island, letter)
    current = state.bridges[line]
    if current >= MAX_BRIDGES and not cycle:
        return Plan(island, letter, line, line_move(p, line, current + 1), current + 1,
                    f"two islands can share at most {MAX_BRIDGES} bridges — Shift+arrow removes one",
                    label="full")
    after = (current + 1) % (MAX_BRIDGES + 1)
    return _try(state, Plan(island, letter, line, line_move(p, line, after), after, label=_count_label(after)))


def plan_remove(state: State, island: int, letter: str) -> Plan:
    """One bridge fewer on that line; on an empty line, toggle the "no bridge here" mark."""
    p = state.puzzle
    line = p.line_from(island, letter)
    if line is None:
        return _no_line(state, island, letter)
    current = state.bridges[line]
    if current:
        return _try(state, Plan(island, letter, line, line_move(p, line, current - 1), current - 1,
                                label=_count_label(current - 1)))
    marked = line in state.marks
    return _try(state, Plan(island, letter, line, mark_move(p, line, not marked), None,
                            label="clear mark" if marked else "no bridge"))


def plan_lock(state: State, island: int) -> Plan:
    """Lock an island as finished (no more changes to its bridges), or unlock it."""
    pos = state.puzzle.islands[island].pos
    kind = "unlock" if island in state.locks else "lock"
    return _try(state, Plan(island, move=Move(kind, pos), label=kind))  # type: ignore[arg-type]


def plan_gesture(state: State, island: int, letter: str | None, button: Button) -> Plan | None:
    """The plan of a drag from ``island`` towards ``letter`` with the build or remove button."""
    if letter is None:
        return None
    return plan_build(state, island, letter) if button == LEFT else plan_remove(state, island, letter)


@dataclass
class Drag:
    """A drag in progress: where it started, which button, and the direction it points to now."""

    island: int
    centre: tuple[float, float]
    button: Button
    direction: str | None = None
    left_island: bool = False


@dataclass(frozen=True)
class Release:
    """What a finished gesture amounts to: play ``plan``, lock (a click), or nothing (cancelled)."""

    kind: Literal["play", "click", "cancel"]
    plan: Plan | None = None


class Gestures:
    """Press → drag → release on the board, in fractional grid coordinates (row, col) of the display.

    ``press`` starts a drag when it lands on an island; ``motion`` returns the live plan
    (None while the direction is unclear); ``release`` says what to do. Returning to the
    island before letting go cancels the drag, as in Tatham's Bridges.
    """

    def __init__(self) -> None:
        self.drag: Drag | None = None

    @property
    def active(self) -> bool:
        return self.drag is not None

    def press(self, island: int | None, centre: tuple[float, float], button: Button) -> bool:
        """Start a drag from ``island`` (whose centre is at ``centre``); False if not on an island."""
        self.drag = None if island is None else Drag(island, centre, button)
        return self.drag is not None

    def motion(self, state: State, pos: tuple[float, float]) -> Plan | None:
        drag = self.drag
        if drag is None:
            return None
        d_row, d_col = pos[0] - drag.centre[0], pos[1] - drag.centre[1]
        drag.direction = drag_direction(d_row, d_col, drag.direction)
        if drag.direction is not None:
            drag.left_island = True
        return plan_gesture(state, drag.island, drag.direction, drag.button)

    def plan(self, state: State) -> Plan | None:
        """The current plan of the drag in progress (for drawing the preview)."""
        drag = self.drag
        return None if drag is None else plan_gesture(state, drag.island, drag.direction, drag.button)

    def release(self, state: State, pos: tuple[float, float]) -> Release:
        drag = self.drag
        if drag is None:
            return Release("cancel")
        plan = self.motion(state, pos)
        self.drag = None
        if plan is not None:
            return Release("play", plan)
        if drag.left_island:
            return Release("cancel")
        if drag.button == LEFT:
            return Release("click", plan_lock(state, drag.island))
        return Release("cancel")

    def cancel(self) -> None:
        self.drag = None


# -- keyboard cursor ------------------------------------------------------------------------
def _offset(puzzle: Puzzle, a: Cell, b: Cell, letter: str) -> tuple[int, int] | None:
    """(distance ahead, sideways offset) of cell ``b`` seen from ``a`` looking ``letter``.

    On a wrapped axis "ahead" goes round the board; on a plain one it must be positive.
    """
    d_row, d_col = DIRS[letter]
    topo = puzzle.topology
    dr, dc = b[0] - a[0], b[1] - a[1]
    # Looking along a column or along a row is the same reading with the axes swapped:
    # (offset, board size, wraps) ahead and sideways.
    if d_row:
        along, across = (dr * d_row, puzzle.rows, topo.wraps_rows), (dc, puzzle.cols, topo.wraps_columns)
    else:
        along, across = (dc * d_col, puzzle.cols, topo.wraps_columns), (dr, puzzle.rows, topo.wraps_rows)
    ahead, size, wraps = along
    if wraps:  # ahead round the board: always forwards
        ahead %= size
    side, size, wraps = across
    if wraps:  # sideways round the board: the nearer way, -size/2 .. size/2
        side = (side + size // 2) % size - size // 2
    if ahead <= 0:
        return None
    return ahead, side


def move_cursor(puzzle: Puzzle, island: int, letter: str) -> int:
    """The island the cursor goes to from ``island`` when the player presses an arrow.

    The one straight ahead if there is one (nearest first), else the nearest within a
    widening 45-degree cone, like Tatham's cursor; the cursor stays if nothing is there.
    """
    here = puzzle.islands[island].pos
    best: tuple[int, int, int, int] | None = None
    for index, other in enumerate(puzzle.islands):
        if index == island:
            continue
        found = _offset(puzzle, here, other.pos, letter)
        if found is None:
            continue
        ahead, side = found
        if abs(side) > ahead:
            continue
        key = (abs(side), ahead, 0 if side >= 0 else 1, index)
        if best is None or key < best:
            best = key
    return island if best is None else best[3]


def nearest_with_number(puzzle: Puzzle, island: int, number: int) -> int | None:
    """The closest other island showing ``number`` (ties: reading order), for the 1-8 keys."""
    here = puzzle.islands[island].pos
    best: tuple[int, int] | None = None
    for index, other in enumerate(puzzle.islands):
        if index == island or other.number != number:
            continue
        key = (puzzle.shape.distance(here, other.pos), index)
        if best is None or key < best:
            best = key
    return None if best is None else best[1]


def arrow_plan(state: State, island: int, letter: str, action: Button) -> Plan:
    """Ctrl+arrow (build one more, refused when full) or Shift+arrow (remove one / toggle the mark)."""
    if action == LEFT:
        return plan_build(state, island, letter, cycle=False)
    return plan_remove(state, island, letter)


# -- highlights from the AI -----------------------------------------------------------------
@dataclass(frozen=True)
class ChainStep:
    """One forced step of a wrong-bridge hint's chain, as the view draws it.

    ``number`` is its place in the whole chain (badges show it); ``line`` is the line it
    settles, to ``bounds`` (lo, hi); ``island`` the island whose rule forced it (-1: none).
    """

    number: int
    line: int
    island: int
    bounds: tuple[int, int]
    text: str


@dataclass(frozen=True)
class ChainConflict:
    """The contradiction a chain ends in: the islands and lines it is about, and its sentence."""

    islands: tuple[int, ...]
    lines: tuple[int, ...]
    text: str


@dataclass(frozen=True)
class DrawnChain:
    """One chain of a hint that rests on several: its steps and the contradiction it ends in."""

    steps: tuple[ChainStep, ...]
    conflict: ChainConflict | None


@dataclass(frozen=True)
class Highlight:
    """A hint's or watch step's highlight split by kind: islands, lines to look at, wrong lines,
    and for a wrong-bridge hint the chain of forced steps (``steps``), the other claims it used
    (``claims``) and the contradiction it ends in (``conflict``). A hint resting on two
    contradictions ("neither 0 nor 1 bridge works") has the chains before its last in ``earlier``
    (:meth:`chains` lists them all, in the order they are walked)."""

    islands: frozenset[int] = frozenset()
    lines: frozenset[int] = frozenset()
    wrong: frozenset[int] = frozenset()
    steps: tuple[ChainStep, ...] = ()
    claims: frozenset[int] = frozenset()
    conflict: ChainConflict | None = None
    earlier: tuple[DrawnChain, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.islands or self.lines or self.wrong or self.steps)

    def chains(self) -> list[DrawnChain]:
        """Every chain to walk, in order: the earlier ones, then the last (none: no chain)."""
        last = [DrawnChain(self.steps, self.conflict)] if self.steps or self.conflict is not None else []
        return [*self.earlier, *last]


def _ints(values: object, limit: int) -> tuple[int, ...] | None:
    if not isinstance(values, (tuple, list)) or not all(isinstance(v, int) and 0 <= v < limit for v in values):
        return None
    return tuple(values)


def _read_step(puzzle: Puzzle, value: object) -> ChainStep | None:
    if not (isinstance(value, tuple) and len(value) == 5):
        return None
    number, line, island, bounds, text = value
    if not (isinstance(number, int) and isinstance(line, int) and 0 <= line < len(puzzle.lines)
            and isinstance(island, int) and -1 <= island < len(puzzle.islands) and isinstance(text, str)):
        return None
    if not (isinstance(bounds, tuple) and len(bounds) == 2 and all(isinstance(b, int) for b in bounds)):
        return None
    return ChainStep(number, line, island, (bounds[0], bounds[1]), text)


def _read_conflict(puzzle: Puzzle, value: object) -> ChainConflict | None:
    if not (isinstance(value, tuple) and len(value) == 3 and isinstance(value[2], str)):
        return None
    islands = _ints(value[0], len(puzzle.islands))
    lines = _ints(value[1], len(puzzle.lines))
    if islands is None or lines is None:
        return None
    return ChainConflict(islands, lines, value[2])


def read_highlight(puzzle: Puzzle, entries: tuple[object, ...]) -> Highlight:
    """Parse ``(("island", i), ("line", j), ("wrong", k), ("claim", x), ("step", (...)), ("conflict", (...)))``
    (see :func:`arcade.games.hashi.hints.chain_highlight`), skipping anything malformed."""
    islands: set[int] = set()
    lines: set[int] = set()
    wrong: set[int] = set()
    claims: set[int] = set()
    steps: list[ChainStep] = []
    conflict: ChainConflict | None = None
    earlier: list[DrawnChain] = []
    for entry in entries:
        if not (isinstance(entry, tuple) and len(entry) == 2):
            continue
        kind, index = entry
        if kind == "step":
            step = _read_step(puzzle, index)
            if step is not None and conflict is not None:  # a chain ended: this step begins the next
                earlier.append(DrawnChain(tuple(steps), conflict))
                steps, conflict = [], None
            if step is not None:
                steps.append(step)
            continue
        if kind == "conflict":
            conflict = _read_conflict(puzzle, index) or conflict
            continue
        if not isinstance(index, int):
            continue
        if kind == "island" and 0 <= index < len(puzzle.islands):
            islands.add(index)
        elif kind == "line" and 0 <= index < len(puzzle.lines):
            lines.add(index)
        elif kind == "wrong" and 0 <= index < len(puzzle.lines):
            wrong.add(index)
        elif kind == "claim" and 0 <= index < len(puzzle.lines):
            claims.add(index)
    return Highlight(frozenset(islands), frozenset(lines), frozenset(wrong), tuple(steps), frozenset(claims),
                     conflict, tuple(earlier))
