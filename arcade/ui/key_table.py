"""Key tables (ui): a keymap's keys and meanings wrapped into rows, each key kept whole on its line.

The pause screen and How to play both show a game's keys as a two-column table; this is how a
key cell breaks ("Ctrl+Y / Ctrl+Shift+Z / R" only after a separator) and how many lines a row
takes, so the two tables lay out alike.
"""

from __future__ import annotations

import re

from arcade.ui.text import wrap_text, wrap_whole
from arcade.ui.theme import Theme

#: What a key cell lists its keys with ("Ctrl+Y / Ctrl+Shift+Z / R", "Ctrl+arrow · Shift+arrow"):
#: a key cell breaks only after one of these, so each key stays whole on its line.
KEY_SEPARATORS = (" / ", " · ")


def wrap_keys(theme: Theme, keys: str, size: int, width: int, bold: bool = True) -> list[str]:
    """A key cell in lines that each fit ``width`` pixels, broken only after a separator (see
    :data:`KEY_SEPARATORS`): the pause table broke "Ctrl+Y / Ctrl+Shift+Z / R" before "/ R". A
    single key wider than the line ("Left-drag from an island") wraps at its spaces (:func:`wrap_whole`)."""
    font = theme.font(size, bold)
    pattern = "|".join(f"(?<={re.escape(sep)})" for sep in KEY_SEPARATORS)
    lines: list[str] = []
    line = ""
    for piece in re.split(pattern, keys):
        if line and font.size((line + piece).rstrip())[0] > width:
            lines.append(line.rstrip())
            line = piece
        else:
            line += piece
    lines.append(line.rstrip())
    return [part for line in lines for part in (wrap_whole(theme, line, size, width, bold)
                                                if font.size(line)[0] > width else [line])]


KeyRow = tuple[list[str], list[str]]


def key_table_rows(theme: Theme, keys: list[tuple[str, str]], size: int, key_width: int,
                   meaning_width: int) -> list[KeyRow]:
    """A key table's rows, each key cell (:func:`wrap_keys`, bold) and meaning wrapped to its column:
    the pause screen and How to play lay out their tables alike (How to play cut "Ctrl+Y / Ctrl+…")."""
    return [(wrap_keys(theme, cell, size, key_width) or [""], wrap_text(theme, meaning, size, meaning_width) or [""])
            for cell, meaning in keys]


def row_lines(row: KeyRow) -> int:
    """Lines a key table row takes: its key's or its meaning's, whichever wrapped onto more."""
    return max(len(row[0]), len(row[1]))
