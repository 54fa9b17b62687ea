"""Where the Hashi editor writes a puzzle (view): the edits folder, file names from titles, printing.

The editor's Save and Print…, and the play scene's Print… of a puzzle from no file, all write
into one folder of the player's (the level picker lists it as "My puzzles"); this module says
where that is and what the files are called, so the two scenes name them alike. It is separate
from :mod:`~arcade.games.hashi.view.editor` because it is plain file naming, with no scene in it.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from datetime import datetime
from pathlib import Path
from typing import Any

from arcade.core.errors import ArcadeError
from arcade.games.hashi.logic import Puzzle
from arcade.services.paths import data_dir


def edits_dir() -> Path:
    """Where the editor saves and prints when the puzzle came from no file."""
    return data_dir() / "hashi-edits"


#: The longest title the Title dialog takes (a header line, a picker row, a file name).
TITLE_LIMIT = 60


def slug(title: str) -> str:
    """A file name stem for ``title``: ASCII letters and digits joined by "-" ("Harbour at
    Dawn!" is "harbour-at-dawn", "Île 7" is "ile-7", "8×8" is "8x8", not "88" as it was); "" when
    nothing of it is left."""
    ascii_text = unicodedata.normalize("NFKD", title.replace("×", "x")).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:TITLE_LIMIT].strip("-")


def new_puzzle_path(title: str = "", suffix: str = ".txt") -> Path:
    """Where Save writes a puzzle from no file (Print…, with ``suffix`` ".pdf", its sheet): named
    after its title, else the date and time, never over another file ("-2", "-3"... are added)."""
    stem = slug(title) or f"puzzle-{datetime.now():%Y%m%d-%H%M%S}"
    folder = edits_dir()
    path = folder / f"{stem}{suffix}"
    for n in itertools.count(2):
        if not path.exists():
            return path
        path = folder / f"{stem}-{n}{suffix}"
    raise AssertionError("unreachable")


def print_puzzle(app: Any, puzzle: Puzzle, stem: str = "") -> tuple[str, str]:
    """"Print…": the puzzle and its solution as a PDF in the edits folder; (what to say, its role).

    ``stem`` names the sheet of a puzzle that has a file or a level id (printed again, it is
    replaced); without one the sheet is named after the title, else the date, never over another:
    every pasted puzzle went to "pasted.pdf", and a second one printed lost the first."""
    from arcade.games.hashi.sheets import write_sheets

    title = dict(puzzle.meta).get("title", "")
    out = edits_dir() / f"{stem}.pdf" if stem else new_puzzle_path(title, ".pdf")
    stem = stem or title or out.stem
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        pages, written = write_sheets([(stem, puzzle)], out)
    except OSError as exc:  # in the words Save uses: "[Errno 13] Permission denied: '/…'" was Python's
        return f"Could not print to {exc.filename or out}: {exc.strerror or exc}", "error"
    except ArcadeError as exc:
        return f"Could not print: {exc}", "error"
    if app is not None:
        app.trace(f"hashi-printed {pages} {written}")
    return f"Printed {pages} page{'s' if pages != 1 else ''} (the puzzle, then its solution) to {written}", "good"
