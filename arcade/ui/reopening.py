"""Where a game reopens (ui): the level played last, remembered however it was made.

``play GAME`` and the menu's card open the autosave when there is one; without one (an untouched
board is never saved, a finished game's save goes) they open the level played last. That used to
be remembered only for bundled levels: a board the player generated ("New board", a random runway,
Battle Royale's random grid), pasted or opened from a file was lost on relaunch, and the game
opened on some bundled level instead. Now every level is remembered, in the first of these forms
that fits (a game says which of its levels have a reference, :meth:`GameFront.reopen_ref`):

* a **reference** its front opens again -- a bundled id, a player's own puzzle, a map id;
* the **file** it was opened from (``play GAME --level FILE``), read again next time, so an edit
  made since shows; a file deleted since falls back with one message (:func:`arcade.ui.front.open_session`);
* else the **board itself**: the level's text in the game's own format (``Rules.format_level``,
  which every autosave already writes) and its id, so a generated board comes back exactly,
  its title and seed with it, however long it took to generate.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from arcade.core.errors import ArcadeError

if TYPE_CHECKING:
    from arcade.ui.app import App
    from arcade.ui.front import GameFront

#: The per-game preference naming the level played last (a reference or a file path).
LAST_LEVEL = "last_level"
#: The board itself, when the level has no reference: ``{"id": level_id, "level": text}``.
LAST_BOARD = "last_board"
#: The id ``last_level`` holds while the board itself is kept (never a level's id or a file's name).
BOARD_REF = "<board>"
#: Longest level text kept in the settings (a 100x100 Hashi board is about 10,000 characters).
MAX_BOARD_TEXT = 200_000


def remember(app: App, front: GameFront, level: Any, level_id: str, file: str | None = None) -> None:
    """Note ``level`` as where the game reopens next time (see the module's note for the forms);
    the settings are written only when it changed."""
    prefs = app.game_settings(front.name)
    ref = front.reopen_ref(level, level_id) or file
    board = None
    if not ref:
        text = front.rules.format_level(level)
        if len(text) > MAX_BOARD_TEXT:
            return  # too big to keep in the settings: the last level remembered stays
        ref, board = BOARD_REF, {"id": level_id, "level": text}
    if prefs.get(LAST_LEVEL) == ref and prefs.get(LAST_BOARD) == board:
        return
    prefs[LAST_LEVEL] = ref
    if board is None:
        prefs.pop(LAST_BOARD, None)
    else:
        prefs[LAST_BOARD] = board
    app.save_settings()


def remembered_board(app: App, front: GameFront) -> tuple[Any, str] | None:
    """The board kept by :func:`remember` as ``(level, level_id)``, None when none is kept; a
    damaged one raises :class:`ArcadeError` (said once by the caller, which opens another level)."""
    prefs = app.game_settings(front.name)
    if prefs.get(LAST_LEVEL) != BOARD_REF:
        return None
    board = prefs.get(LAST_BOARD)
    if not (isinstance(board, dict) and isinstance(board.get("id"), str) and isinstance(board.get("level"), str)):
        raise ArcadeError("the board kept from last time is damaged")
    return front.rules.parse_level(board["level"], "the board kept from last time"), board["id"]


def file_ref(ref: str | None) -> str | None:
    """The absolute path of ``ref`` when it names a file (``--level FILE``), else None."""
    if not ref:
        return None
    try:
        path = Path(ref)
        return str(path.resolve()) if path.is_file() else None
    except (OSError, ValueError):
        return None
