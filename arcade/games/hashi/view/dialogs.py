"""Hashi's dialogs (ui): the game-ID panel and the clipboard.

The scene opens these; they only build the overlay contents (and talk to the clipboard),
so the rules of what a row or the panel says live in one place.
"""

from __future__ import annotations

from collections.abc import Callable

from arcade.core.errors import FormatError
from arcade.games.hashi.formats import format_level, format_tatham
from arcade.games.hashi.logic import Puzzle
from arcade.ui.clipboard import copy_text, paste_text  # noqa: F401 -- the scene and editor use them from here
from arcade.ui.overlays import PanelScene

#: Game IDs have no spaces, so the panel breaks them into pieces of this many characters.
ID_CHUNK = 56


def game_id(puzzle: Puzzle) -> tuple[str, str]:
    """(what to show, what to copy): Simon Tatham's game ID, or why there is none (and nothing to copy)."""
    try:
        text = format_tatham(puzzle)
    except FormatError as exc:
        return exc.message, ""
    return text, text


#: The Game ID panel's paste button: Ctrl+V was the only way, and a player with the mouse read
#: "Ctrl+V in this screen…" with nothing to click.
PASTE_LABEL = "Paste game ID"


def game_id_panel(puzzle: Puzzle, on_copied: Callable[[str, str], None], close: Callable[[], None],
                  paste: Callable[[], None]) -> PanelScene:
    """The Game ID panel: the ID, already copied to the clipboard (or why not), and buttons to copy
    it again or the level file, and to paste one. The guide says I "shows it, copies it", and it only
    showed it: the panel now copies on opening and says whether the clipboard took it.

    ``on_copied(message, role)`` reports the result; the panel closes itself after a copy, and
    before ``paste`` (the game's Ctrl+V) starts the puzzle on the clipboard or says why not.
    """
    shown, copyable = game_id(puzzle)
    if copyable:
        error = copy_text(copyable)
        lines = [f"Simon Tatham's Bridges game ID — not copied ({error.removeprefix('Could not copy: ')}):"
                 if error else "Simon Tatham's Bridges game ID (copied to the clipboard):"]
    else:
        lines = ["No Tatham game ID for this puzzle:"]
        shown = shown if shown.endswith(".") else shown + "."  # a reason, said as a sentence
    # Only a game ID (no spaces) is cut in pieces; a reason is a sentence the panel wraps at its
    # spaces -- cut every 56 characters it read "(row 1, column" and, below, "1 and row 1, column 2).".
    lines += [shown[i:i + ID_CHUNK] for i in range(0, len(shown), ID_CHUNK)] if copyable else [shown]
    lines.append(f"{PASTE_LABEL} (Ctrl+V in the game) starts a puzzle from a copied game ID or level file.")

    def copier(text: str, what: str) -> Callable[[], None]:
        def run() -> None:
            error = copy_text(text)
            on_copied(error or f"{what} copied to the clipboard.", "error" if error else "good")
            close()
        return run

    buttons: list[tuple[str, Callable[[], None]]] = []
    if copyable:
        buttons.append(("Copy game ID", copier(copyable, "Game ID")))
    def paster() -> None:
        close()
        paste()

    buttons += [("Copy level file", copier(format_level(puzzle), "Level file")), (PASTE_LABEL, paster),
                ("Close", close)]
    return PanelScene("Game ID", lines, buttons)
