"""The player's moves from keys, clicks and drags on the Battle Royale board (ui).

Before the drop the arrows move a drop cursor and Enter drops on it; after it an arrow is a step,
a click a step, a walk along the player's row or column (a step at a time, each its own move) or
the finish on the centre, and a left-drag that starts on the player walks it -- any other drag pans
the zoomed board. The second click of a double-click on the cell the first click dropped or
stepped onto is let go. What a click means is the pure controller's (``controller.click``); this
module turns it into ``play`` calls and the camera following the player. A mixin of
:class:`~arcade.games.royale.view.scene.RoyaleScene` because it is the input half of the board,
apart from what is drawn.

It reads the scene's ``session``, ``grid``, ``camera``, ``pointer``, ``keyboard`` and ``watch``,
and sets ``cursor``, ``_walking`` and ``_last_step_click`` (made in ``__init__`` and
``level_changed``).
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from arcade.core.grid import cell_name
from arcade.core.words import plural
from arcade.games.royale import controller
from arcade.games.royale.logic import DIRECTIONS, Cell, Move
from arcade.ui.pointer import HAND
from arcade.ui.widgets import DoubleClickGuard


class PlayerMovesMixin:
    """The drop, steps, walks and the finish from keys, clicks and drags (see the module's docstring)."""

    # Provided by the scene this is mixed into (RoyaleScene, made in its __init__ and level_changed).
    session: Any
    grid: Any
    camera: Any
    pointer: Any
    keyboard: Any
    watch: Any
    cursor: Cell
    _walking: bool
    _last_step_click: tuple[float, Cell] | None

    def finish(self) -> None:
        state = self.session.state
        if not state.placed:
            self.refuse("Drop the player first.")
        elif not state.on_centre:
            distance = state.level.distance_to_centre(state.pos)  # type: ignore[arg-type]
            self.refuse(f"Finish only on the centre, at {cell_name(state.level.centre)} — it is "
                        f"{plural(distance, 'step')} away.")
        else:
            self.play(Move.finish())

    def confirm(self) -> None:
        """Enter: drop on the cursor's cell before the drop, finish on the centre after it."""
        if not self.session.state.placed:
            self.keyboard.shown = True
            self.click_cell(self.cursor)
        else:
            self.finish()

    def step(self, letter: str) -> None:
        state = self.session.state
        if not state.placed:
            # The first arrow only shows the drop cursor where it is, on the centre (it appeared
            # one cell off it, a step the player never saw).
            dr, dc = DIRECTIONS[letter]
            r, c = self.cursor
            cell = (r + dr, c + dc) if self.keyboard.arrow() else self.cursor
            if state.level.contains(cell):
                self.cursor = cell
                text, role = controller.describe_cell(state, cell)
                self.say(text + ("  (Enter drops here)" if role == "good" else ""), role)
            return
        if self.session.outcome is not None:
            self.refuse("The round is over: undo, restart (Ctrl+R) or N (New board) for a new board.")
            return
        self.play(Move.go(letter))

    def click_cell(self, cell: Cell) -> None:
        """Drop, step, walk or finish as the click means; the second click of a double-click on the
        cell its first click dropped or stepped onto is let go. It used to say in red "You are here:
        click a neighbouring cell", and on the centre it ended the round: a step onto the centre,
        double-clicked as many players click, was also a Finish.

        A cell farther along the player's row or column is walked to a step at a time, as a drag of
        the player walks (:meth:`walk_to`), once the controller has checked that no step meets the
        storm; it was refused with "One step at a time"."""
        now = time.monotonic()
        last, self._last_step_click = self._last_step_click, None
        if last is not None and last[1] == cell and now - last[0] <= DoubleClickGuard.SECONDS:
            return
        intent = controller.click(self.session.state, cell)
        if intent.move is None:
            self.refuse(intent.reason)
            return
        before = self.session.index
        if intent.steps > 1:
            self.walk_to(cell)
        else:
            self.play(intent.move)
        if intent.move.kind != "finish" and self.session.index > before:
            self._last_step_click = (now, cell)

    def board_pointer(self, pos: tuple[int, int]) -> str | None:
        """A hand over a cell a click moves to (the drop, a step, a walk, the finish) and over the
        player a drag walks; the arrow over a cell the click would refuse. The camera's pan is the
        framework's (its grab)."""
        if self._walking:
            return HAND
        if not self.grid.viewport.collidepoint(pos):
            return None
        cell = self.grid.cell_at(pos)
        if cell is None:
            return None
        state = self.session.state
        if controller.click(state, cell).move is not None or self._on_player(pos):
            return HAND
        return None

    def handle_board(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and self.camera.panning:
            self.pointer.handle(event)  # the tracker's drag ends with the pan (no click follows a pan)
            self.camera.stop_pan()
            return True
        if self.camera.handle(event):  # wheel zoom, middle-drag and a drag already panning
            if self.camera.pointer is not None:
                self.grid.update_hover(self.camera.pointer)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.grid.update_hover(event.pos)
        gesture = self.pointer.handle(event)
        if gesture is None:
            return False
        # A left-drag that starts on the player walks it (a drag of the player onto a neighbour did
        # nothing: at the fit zoom the pan it started had nowhere to go, and nothing was said).
        if gesture.kind == "press" and gesture.button == 1:
            self._walking = self._on_player(gesture.start)
        elif self._walking and gesture.kind == "drag":
            if gesture.moved:
                self._walk_towards(gesture.pos)
            return True
        elif self._walking and gesture.kind in ("release", "cancel"):
            self._walking = False
            return True
        # Every other cell is "empty space" for a drag (moves are clicks): a left-drag pans.
        if (gesture.kind == "drag" and gesture.moved and gesture.button == 1 and not self.camera.panning
                and self.grid.viewport.collidepoint(gesture.start)):
            self.camera.start_pan(gesture.start)
            self.camera.drag_to(gesture.pos)
            return True
        if gesture.kind == "click" and gesture.button == 1:
            cell = self.grid.cell_at(gesture.pos)
            if cell is not None:
                if not self.session.state.placed:
                    # The drop cursor goes where the mouse chose: after a refused click (loot, too
                    # far) the next arrow showed it back on the centre, or moved it from where the
                    # keyboard had left it, a second mark beside the clicked cell.
                    self.cursor = cell
                    self.keyboard.hide()
                self.click_cell(cell)
                return True
        return False

    def _on_player(self, pos: tuple[int, int]) -> bool:
        """Whether a press at ``pos`` is on the player of a round still running (a drag from there walks)."""
        state = self.session.state
        return (state.placed and self.session.outcome is None and self.grid.viewport.collidepoint(pos)
                and self.grid.cell_at(pos) == state.path[-1])

    def _walk_towards(self, pos: tuple[int, int]) -> None:
        """Step the dragged player, one cell at a time, to the cell under the pointer when it lies in
        the player's row or column; a cell off those lines waits until the pointer is back on one."""
        target = self.grid.cell_at(pos)
        if target is not None:
            self.walk_to(target)

    def walk_to(self, target: Cell) -> None:
        """Walk the player along its row or column to ``target``, one move a cell (each its own move,
        undone one at a time), stopping where a move is refused or the round ends; nothing when
        ``target`` is off both lines. A drag of the player and a click on a cell in line share it."""
        while self.session.outcome is None:
            if not self.session.state.placed:  # the drop was undone under a drag (Ctrl+Z): no one to walk
                self._walking = False
                return
            letters = controller.line_steps(self.session.state.path[-1], target)
            if not letters:
                return
            before = self.session.index
            self.play(Move.go(letters[0]))
            if self.session.index == before:
                return

    def _follow_player(self) -> None:
        """Keep the player (or, before the drop, the cursor) on screen when zoomed in."""
        if self._walking:  # the pointer drags the player: the board stays put under it (a scroll
            return  # put a farther cell under a still pointer, and the next motion walked on to it)
        state = self.session.state
        self.grid.scroll_into_view([state.path[-1] if state.placed else self.cursor], margin=2)

    def step_key(self, letter: str) -> None:
        if self.watch is not None:
            self.stop_watch("Stopped watching.")
        else:
            self.step(letter)
            self._follow_player()
