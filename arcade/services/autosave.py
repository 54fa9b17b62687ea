"""A background autosave writer (services): a move never waits for the disk.

An atomic write with fsync takes 4-10 ms, more than a frame's budget on a big board,
so game scenes hand the session's save dict to :class:`BackgroundSaver`. Saves are
written in order by one thread and a newer one replaces any not yet started; ``flush``
waits for the last one (before the autosave is cleared on a win and when the scene closes).

The thread is not a daemon: the interpreter waits for it at exit, so a save still being
written when the window closes (a slow disk, past ``flush``'s timeout) is finished, never cut
off. It is the only work the exit waits for -- the AI's threads are daemons
(:mod:`arcade.ui.worker`). The window waits for it too (:func:`wait_for_writers`) before it
lets the data folder's lock go: another window may open the saves as soon as it does.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from arcade.services import files, saves
from arcade.services.files import write_failure

#: Every writer thread still running, whichever scene started it (its scene may be gone).
_WRITERS: set[threading.Thread] = set()
_WRITERS_LOCK = threading.Lock()


def wait_for_writers() -> None:
    """Wait, without a time limit, until no save is being written: the window closing holds the
    data folder's lock until then (a scene's ``flush`` gives up after a few seconds on a slow disk,
    and a window opened meanwhile would read a save half way to its newest version)."""
    while True:
        with _WRITERS_LOCK:
            running = list(_WRITERS)
        if not running:
            return
        for thread in running:
            thread.join()


def _wait_for_writes_of(game: str, timeout: float = 30.0) -> None:
    """Wait until this window's earlier writes of ``game``'s autosave are on disk (the scene before,
    left with a save still under way past its flush's time limit): the new scene's claim takes the
    save on disk as its own, and a write of this window landing after that read as another window's."""
    with _WRITERS_LOCK:
        running = [t for t in _WRITERS if t.name == f"{game}-autosave"]
    for thread in running:
        thread.join(timeout)


class BackgroundSaver:
    """Writes ``game``'s autosave off the main thread -- or, with ``write``, any file the scene
    keeps current (the Hashi editor's spare copy of an unsaved board): ``write(data, label)``."""

    def __init__(self, game: str, write: Callable[[Any, str], None] | None = None, title: str = "") -> None:
        self.game = game
        if write is None:
            _wait_for_writes_of(game)
        #: Which autosave on disk is this window's (another window may have the same game open).
        self.claim = saves.SaveClaim(game, title) if write is None else None
        self._write = write or self.claim.write  # type: ignore[union-attr]
        #: The file named when a failure names none (the autosave's; a ``write`` of its own names its file).
        self._where = None if write else saves.autosave_path(game)
        #: The last write's failure, for the scene to show (and reset) on its next frame.
        self.error = ""
        self._lock = threading.Lock()
        self._pending: tuple[Any, str] | None = None
        self._thread: threading.Thread | None = None

    def submit(self, data: Any, label: str) -> None:
        if not files.keeps_files():
            return  # a run that only looks (a headless screenshot) writes none of the player's files
        with self._lock:
            self._pending = (data, label)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=f"{self.game}-autosave", daemon=False)
                with _WRITERS_LOCK:
                    _WRITERS.add(self._thread)
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                job, self._pending = self._pending, None
                if job is None:
                    with _WRITERS_LOCK:
                        _WRITERS.discard(threading.current_thread())
                    self._thread = None
                    return
            try:
                self._write(*job)
            except OSError as exc:
                self.error = f"Autosave failed: {write_failure(exc, self._where)}"

    def take_notice(self) -> str:
        """The line to tell the player once about this game kept beside another window's ("" for none)."""
        if self.claim is None or not self.claim.notice:
            return ""
        notice, self.claim.notice = self.claim.notice, ""
        return notice

    def clear(self) -> None:
        """Remove this window's autosave of the game (never another window's); raises OSError as
        :func:`~arcade.services.saves.clear_autosave`."""
        if self.claim is not None:
            self.claim.clear()
        else:
            saves.clear_autosave(self.game)

    def flush(self, timeout: float = 5.0) -> None:
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
