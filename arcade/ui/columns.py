"""Table columns laid out by their measured text (ui): each as wide as its widest cell, when it fits.

Columns placed at fixed shares of a panel's width cut short cells in a small window ("120/1…",
"hackerrank…") while a wide one beside them had room to spare. :func:`lay_out_columns` gives each
column the width its text needs; when the whole row does not fit, only the widest columns give
way, all to one width, so a short cell (a count, a result) is never the one cut.
"""

from __future__ import annotations


def fitted_widths(natural: list[int], room: int) -> list[int]:
    """Widths for columns whose text is ``natural`` pixels wide, in ``room`` pixels in all: the
    natural widths when they fit, else the widest capped at the one width that makes them fit
    (the narrow ones kept whole)."""
    if sum(natural) <= room:
        return list(natural)
    left, cap = max(0, room), 0
    for done, width in enumerate(sorted(natural)):
        share = left // (len(natural) - done)
        if width > share:
            cap = share
            break
        left -= width
    return [min(width, cap) for width in natural]


def lay_out_columns(natural: list[int], left: int, room: int, gap: int) -> list[tuple[int, int]]:
    """Each column's (left edge, width) from ``left`` in ``room`` pixels, ``gap`` at least between
    two: the room left over is shared out between the gaps, so a wide window spreads the table
    rather than crowding it to the left."""
    if not natural:
        return []
    gaps = len(natural) - 1
    widths = fitted_widths(natural, room - gap * gaps)
    spare = max(0, room - gap * gaps - sum(widths))
    placed, x = [], left
    for n, width in enumerate(widths):
        placed.append((x, width))
        x += width + gap + (spare // gaps + (1 if n < spare % gaps else 0) if gaps else 0)
    return placed
