"""Battle Royale controller (pure): a clicked cell or a key becomes a move, or a reason why not.

The scene hands over grid coordinates and key names only, so these rules of the
interface are testable without a window: clicking before the drop places the player,
clicking a cell in the player's row or column walks there a step at a time (refused, with the
step that would meet the storm, when one would), clicking the centre while standing on it finishes.
"""

from __future__ import annotations

from dataclasses import dataclass

from arcade.core.grid import cell_name
from arcade.core.words import plural
from arcade.games.royale.logic import DIRECTION_NAMES, DIRECTIONS, Cell, Move, State


@dataclass(frozen=True)
class Intent:
    """What a click or key asks for: a move to play, or a reason it cannot be played. A click on a
    cell farther along the player's row or column is a walk: ``move`` is its first step and
    ``steps`` how many in all (the scene walks them as a drag of the player does)."""

    move: Move | None = None
    reason: str = ""
    steps: int = 1


def line_steps(pos: Cell, cell: Cell) -> str | None:
    """The step letters from ``pos`` straight to ``cell`` ("DDD"), "" on ``pos`` itself, None when
    ``cell`` is in neither its row nor its column. Clicks and a drag of the player walk by it."""
    (r, c), (tr, tc) = pos, cell
    if tr == r:
        return ("R" if tc > c else "L") * abs(tc - c)
    if tc == c:
        return ("D" if tr > r else "U") * abs(tr - r)
    return None


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def walk_refusal(state: State, letters: str) -> str | None:
    """Why walking ``letters`` from the player would be fatal ("the 2nd step, onto row 2, column
    11, would be caught by the storm (move 3)"), or None when every step stays inside the box. A
    click never walks into the storm: a player clicking five cells along could not see which step
    the storm would catch."""
    level = state.level
    r, c = state.path[-1]
    for i, letter in enumerate(letters, start=1):
        dr, dc = DIRECTIONS[letter]
        r, c = r + dr, c + dc
        k = state.moves + i
        if not level.in_box((r, c), k):
            which = "that step" if len(letters) == 1 else f"the {_ordinal(i)} step"
            return f"{which}, onto {cell_name((r, c))}, would be caught by the storm (move {k})"
    return None


def click(state: State, cell: Cell) -> Intent:
    """The move a left click on ``cell`` means in ``state``."""
    level = state.level
    if not state.placed:
        refusal = level.start_refusal(cell)
        return Intent(reason=refusal) if refusal else Intent(Move.start(cell))
    if state.dead or state.finished:
        return Intent(reason="The round is over: undo, restart or N (New board) for a new board.")
    pos = state.path[-1]
    if cell == pos:
        if state.on_centre:
            return Intent(Move.finish())
        return Intent(reason="You are here: click a cell in your row or column (or use the arrows) to move.")
    letters = line_steps(pos, cell)
    if letters is None:
        return Intent(reason=f"Not in your row or column: click a cell along them to walk to {cell_name(cell)} "
                             "a step at a time (or use the arrows / WASD).")
    if len(letters) == 1:  # a neighbour: one step, even into the storm (the arrows take it too)
        return Intent(Move.go(letters))
    refusal = walk_refusal(state, letters)
    if refusal:
        return Intent(reason=f"Not walking {plural(len(letters), 'step')} {DIRECTION_NAMES[letters[0]]} to "
                             f"{cell_name(cell)}: {refusal}. Click a nearer cell.")
    return Intent(Move.go(letters[0]), steps=len(letters))


def describe_cell(state: State, cell: Cell) -> tuple[str, str]:
    """A one-line description of a hovered cell and its role (good/warning/error/text_dim)."""
    level = state.level
    where = cell_name(cell)
    k = state.moves
    if not state.placed:
        refusal = level.start_refusal(cell)
        if refusal:
            return f"✗ {refusal}", "error"
        distance = level.distance_to_centre(cell)
        spare = level.max_moves - distance
        steps = f"centre {plural(distance, 'step')} away"
        if spare < 2:  # as the board's colour says: one spare move cannot pay for a detour (two)
            return f"✓ {where}: drop here — {steps}, no spare moves: only straight to the centre", "good"
        return f"✓ {where}: drop here — {steps}, {plural(spare, 'spare move')}", "good"
    if not level.in_box(cell, k):
        return f"{where}: swallowed by the storm", "text_dim"
    distance = level.distance_to_centre(cell)
    spare = level.max_moves - (k + 1) - distance
    loot = " · loot" if level.has_loot(cell) and cell not in state.collected else ""
    if cell == level.centre:
        return f"{where}: the centre — finish here with Enter{loot}", "good"
    if spare < 0:
        return f"✗ {where}: doomed — from here the centre is out of reach{loot}", "error"
    if spare < 2:
        return f"! {where}: no spare moves — from here only straight to the centre{loot}", "warning"
    return f"{where}: safe, {plural(spare, 'spare move')} after stepping here{loot}", "text_dim"
