"""Battle Royale controller (pure): a clicked cell or a key becomes a move, or a reason why not.

The scene hands over grid coordinates and key names only, so these rules of the
interface are testable without a window: clicking before the drop places the player,
clicking a neighbour steps there, clicking the centre while standing on it finishes.
"""

from __future__ import annotations

from dataclasses import dataclass

from arcade.core.grid import cell_name
from arcade.core.words import plural
from arcade.games.royale.logic import DIRECTIONS, Cell, Move, State


@dataclass(frozen=True)
class Intent:
    """What a click or key asks for: a move to play, or a reason it cannot be played."""

    move: Move | None = None
    reason: str = ""


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
        return Intent(reason="You are here: click a neighbouring cell (or use the arrows) to move.")
    delta = (cell[0] - pos[0], cell[1] - pos[1])
    for letter, step in DIRECTIONS.items():
        if step == delta:
            return Intent(Move.go(letter))
    return Intent(reason="One step at a time: click a cell next to the player (or use the arrows / WASD).")


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
