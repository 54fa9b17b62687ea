"""Counts said in words (core): one helper, so every game says "1 move" and "2 moves" alike.

Battle Royale's result read "Caught by the storm ... after 1 moves."; each game spelled the
plural its own way (``'s' if n != 1``) or not at all. Every count the player reads goes through
:func:`plural`.
"""

from __future__ import annotations

#: A no-break space: a count and its noun are one unit that a line never breaks inside
#: ("(1" at the end of one line and "move made)" on the next read as two things).
NBSP = "\u00a0"


def plural(count: int, noun: str, many: str | None = None, *, joiner: str = " ") -> str:
    """``"1 move"``, ``"2 moves"``, ``"0 moves"``: ``count`` and ``noun`` in the right number.

    ``many`` is the plural where adding "s" is wrong (``plural(n, "match", "matches")``);
    ``joiner`` is what goes between the number and the noun (:data:`NBSP` keeps them on one line).
    """
    return f"{count}{joiner}{noun if count == 1 else (many or noun + 's')}"
