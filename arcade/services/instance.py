"""One window per data folder (services): a second one is told, not silently overwritten.

Two windows on the same data folder each keep their own copy of a game and autosave it: the
last to write won, and the other's moves were gone without a word (seen with two windows on
one Hashi game) -- now the second to save is kept beside the first
(:class:`arcade.services.saves.SaveClaim`), and the player is told here as the second window
opens. The first window holds an advisory lock on a file in the data folder for as long as it
runs -- the system drops it when the process ends, even by kill -9 -- and a second
window that cannot take it says so once. Neither is stopped: a second window on other games
is harmless, and refusing to start would strand a player whose first window hangs.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

#: The lock file, in the data folder.
LOCK_NAME = ".window.lock"
#: The open lock file of this process (held until it exits).
_held: IO[str] | None = None


def _try_lock(handle: IO[str]) -> bool:
    """Take an exclusive, non-blocking lock on ``handle``; False if another process holds it."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def claim(folder: Path) -> str:
    """Hold this data folder for the window of this process; what to tell the player if another
    window already holds it ("" when not, or when the folder cannot be locked at all -- a
    read-only disk is said elsewhere)."""
    global _held
    if _held is not None:
        return ""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = open(folder / LOCK_NAME, "a+", encoding="utf-8")  # noqa: SIM115 - held until exit
    except OSError:
        return ""
    if _try_lock(handle):
        _held = handle
        return ""
    handle.close()
    return ("Another Puzzle Arcade window is open on the same saves: a game open in both keeps both "
            "windows' moves (the window that saves it second keeps its game in a file of its own, and says so).")


def release() -> None:
    """Let the folder go: the window calls this once it has closed and its autosave writer has
    finished every save (:func:`arcade.services.autosave.wait_for_writers`); the system also does
    it when the process ends."""
    global _held
    if _held is not None:
        _held.close()
        _held = None
