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

#: How far (design pixels) a key cell's second and later lines sit right of its first: a key cell
#: wrapped flush ("Alt+arrows · [ ] ·" over "PgUp PgDn · wheel") read as a row of its own with no
#: meaning beside it; indented, it reads as the rest of the key above, as a hanging indent does.
KEY_INDENT = 12


def key_indent(theme: Theme, line: int) -> int:
    """Pixels a key cell's ``line`` (0 = first) is drawn right of the key column: :data:`KEY_INDENT`
    for a wrapped cell's later lines, so both key tables draw them alike."""
    return theme.px(KEY_INDENT) if line else 0


def wrap_keys(theme: Theme, keys: str, size: int, width: int, bold: bool = True) -> list[str]:
    """A key cell in lines that each fit ``width`` pixels, broken only after a separator (see
    :data:`KEY_SEPARATORS`): the pause table broke "Ctrl+Y / Ctrl+Shift+Z / R" before "/ R". A
    single key wider than the line ("Left-drag from an island") wraps at its spaces (:func:`wrap_whole`).
    Lines after the first fit ``width`` less their indent (:func:`key_indent`), where they are drawn."""
    font = theme.font(size, bold)
    rest = max(1, width - key_indent(theme, 1))
    pattern = "|".join(f"(?<={re.escape(sep)})" for sep in KEY_SEPARATORS)
    lines: list[str] = []
    line = ""
    for piece in re.split(pattern, keys):
        if line and font.size((line + piece).rstrip())[0] > (rest if lines else width):
            lines.append(line.rstrip())
            line = piece
        else:
            line += piece
    lines.append(line.rstrip())
    wrapped: list[str] = []
    for line in lines:
        room = rest if wrapped else width
        if font.size(line)[0] <= room:
            wrapped.append(line)
            continue
        parts = wrap_whole(theme, line, size, room, bold)
        # A key wrapped at its spaces: its later parts are continuation lines, as narrow as those.
        wrapped.extend(parts[:1] + (wrap_whole(theme, " ".join(parts[1:]), size, rest, bold) if parts[1:] else []))
    return wrapped


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
