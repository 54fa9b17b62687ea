"""Battle Royale level files (pure): optional ``# key: value`` lines, then one row per line of ``.`` and ``1``.

Spaces between cells are allowed (the seed prints ``. . 1 .``), so are blank lines
around the grid. Everything else is a :class:`FormatError` naming the file and line.
We write rows with spaces, like the seed, and keep the header lines in order.
"""

from __future__ import annotations

import re

from arcade.core.errors import FormatError
from arcade.games.royale.logic import MAX_SIDE, Level

_KEY = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")


def parse_level(text: str, source: str = "<string>") -> Level:
    """Read a level; any problem raises FormatError(source, line, what is wrong)."""
    meta: list[tuple[str, str]] = []
    rows: list[tuple[int, ...]] = []
    first_row_line = 0
    blank_after_rows = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            if rows:
                blank_after_rows = blank_after_rows or number
            continue
        if line.startswith("#"):
            if rows:
                raise FormatError(source, number, "'# key: value' lines must come before the grid")
            key, sep, value = line[1:].partition(":")
            key = key.strip()
            if not sep or not _KEY.match(key):
                raise FormatError(source, number, "expected '# key: value' (a word, a colon, then text)")
            meta.append((key.lower(), value.strip()))
            continue
        if blank_after_rows:
            raise FormatError(source, blank_after_rows, "blank line inside the grid")
        cells = line.replace(" ", "").replace("\t", "")
        bad = next((ch for ch in cells if ch not in ".1"), None)
        if bad is not None:
            raise FormatError(source, number, f"unexpected {bad!r}: cells are '.' (empty) or '1' (loot)")
        if rows and len(cells) != len(rows[0]):
            raise FormatError(source, number,
                              f"row has {len(cells)} cells, but row 1 (line {first_row_line}) has {len(rows[0])}")
        if len(cells) > MAX_SIDE:
            raise FormatError(source, number, f"row has {len(cells)} cells: at most {MAX_SIDE} are supported")
        if not rows:
            first_row_line = number
        rows.append(tuple(1 if ch == "1" else 0 for ch in cells))
        if len(rows) > MAX_SIDE:
            raise FormatError(source, number, f"more than {MAX_SIDE} rows are not supported")
    if not rows:
        raise FormatError(source, None, "no grid: expected rows of '.' and '1'")
    return Level(tuple(rows), tuple(meta))


def format_level(level: Level) -> str:
    """The level in our file format (``parse_level`` reads it back equal)."""
    # A header value on one line: a title with a newline (``generate --title``) wrote grid rows.
    lines = [f"# {key}: {' '.join(str(value).splitlines()).strip()}" for key, value in level.meta]
    lines += [" ".join("1" if v else "." for v in row) for row in level.loot]
    return "\n".join(lines) + "\n"
