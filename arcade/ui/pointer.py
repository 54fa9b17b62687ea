"""The mouse pointer's shape (ui): what the system pointer says about what is under it.

The window never changed the pointer: a player could not tell a button, a menu card or an
island from the background without clicking. A scene answers :meth:`Scene.pointer_shape
<arcade.ui.scene.Scene.pointer_shape>` with one of the shape names below (its default asks its
widgets, each of which answers ``pointer_shape(pos)`` with a name or None for "not mine"), and
:class:`PointerCursor`, held by the App, sets the system cursor only when the name changes.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

#: The plain arrow: nothing here acts on a click.
ARROW = "arrow"
#: A hand: a click here acts (a button, a card, a list row, an island).
HAND = "hand"
#: The I-beam: a text field.
IBEAM = "ibeam"
#: A grab / move shape: a board being panned, a slider or a timeline being dragged.
MOVE = "move"

#: The system cursor for each shape.
SYSTEM_CURSORS = {ARROW: pygame.SYSTEM_CURSOR_ARROW, HAND: pygame.SYSTEM_CURSOR_HAND,
                  IBEAM: pygame.SYSTEM_CURSOR_IBEAM, MOVE: pygame.SYSTEM_CURSOR_SIZEALL}


def shape_of(widget: object, pos: tuple[int, int]) -> str | None:
    """What ``widget`` says the pointer at ``pos`` should look like, or None (not over it, or a
    value that is no widget)."""
    ask = getattr(widget, "pointer_shape", None)
    return ask(pos) if callable(ask) else None


def first_shape(widgets: Iterable[object], pos: tuple[int, int]) -> str | None:
    """The first answer of ``widgets`` (in order: the one drawn on top first), or None."""
    for widget in widgets:
        shape = shape_of(widget, pos)
        if shape is not None:
            return shape
    return None


def hand_over(rects: Iterable[pygame.Rect | None], pos: tuple[int, int]) -> str | None:
    """HAND if ``pos`` is in one of ``rects`` (a scene's own clickable places: cards, rows, links)."""
    return HAND if any(rect is not None and rect.collidepoint(pos) for rect in rects) else None


class PointerCursor:
    """The window's pointer: set only when its shape changes, never every frame.

    A driver without cursors (the dummy driver of tests and screenshots) raises pygame.error;
    the shape is still recorded (tests read it) and the cursor is not tried again.
    """

    def __init__(self) -> None:
        #: The shape last chosen (the system's own arrow until something else is).
        self.shape = ARROW
        self._works = True

    def show(self, shape: str) -> None:
        """Make the pointer ``shape`` (one of the names above; an unknown one is the arrow)."""
        if shape not in SYSTEM_CURSORS:
            shape = ARROW
        if shape == self.shape:
            return
        self.shape = shape
        if not self._works:
            return
        try:
            pygame.mouse.set_cursor(SYSTEM_CURSORS[shape])
        except pygame.error:
            self._works = False
