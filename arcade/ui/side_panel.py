"""How wide a side panel beside a board is (ui): the room the board does not need, up to what it wants.

A screen with a board and a panel to its right gave the panel a fixed share of the window (a
third of it, or a design width) and centred the board in the rest. A board limited by the
window's height (a square 7x7 board in a wide 800x500 window) then left ~100 empty pixels beside
it while the panel, at the largest Text size, cut its buttons' labels ("Cylin…") and its
headline. :func:`panel_width` gives the panel that spare room, never more than it wants.
"""

from __future__ import annotations


def panel_width(area_width: int, share: int, want: int, board_need: int, gap: int) -> int:
    """The panel's width in an area ``area_width`` pixels wide: its usual ``share`` (what it got
    before), widened into whatever the board leaves spare -- ``board_need`` is the width the board
    takes at the area's full height, ``gap`` the pixels kept between them -- up to ``want``, the
    width its contents are designed for. Never narrower than ``share``: a board that needs the
    whole width is laid out as it always was."""
    return max(share, min(want, area_width - gap - board_need))
