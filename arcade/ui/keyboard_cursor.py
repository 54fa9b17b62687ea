"""A game's keyboard cursor on the board (ui): hidden until the keyboard is used, shown by the first arrow.

Hashi's island cursor and Battle Royale's drop cursor start hidden (a mark drawn unasked on the
centre read as part of the board). The first arrow pressed while one is hidden moved it too: the
player saw it appear already one step away -- on Hashi's second island, off Royale's centre --
and never where it had been. Here, once for every game: the first arrow only shows the cursor
where it is; the next ones move it.
"""

from __future__ import annotations


class KeyboardCursor:
    """Whether a keyboard cursor is on screen, and what an arrow key may do to it."""

    def __init__(self) -> None:
        self.shown = False

    def arrow(self) -> bool:
        """An arrow key pressed: True if it moves the cursor; False (the cursor now shown) the first
        time, while it was hidden -- the player sees where it is before it goes anywhere."""
        if self.shown:
            return True
        self.shown = True
        return False

    def hide(self) -> None:
        """The mouse took over (a click, a drag): the cursor goes until the keyboard is used again."""
        self.shown = False
