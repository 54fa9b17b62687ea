"""Background work (ui, no pygame): run an AI search off the frame loop and poll for the answer.

Searches that take more than a frame (a bot's move, a hint on a big board, a new puzzle)
go to a single worker thread; the scene polls :meth:`Worker.poll` every frame and keeps
drawing meanwhile. AIs take their own time budget (a deadline), so a result always comes.
A newer request supersedes an older one: its late answer is dropped, and a search that
asks :func:`job_cancelled` (an AI's ``should_stop``) stops early instead of holding the
thread for its whole budget while the next request waits.

The thread is a daemon: an answer nobody will read is not worth waiting for at exit. (A
``ThreadPoolExecutor``'s threads are joined when the interpreter exits, so a search that does
not ask :func:`job_cancelled` -- a solver's count, a generator -- kept a closed window's
process alive until it was done.) Saves never run here; they have their own writer
(:class:`arcade.services.autosave.BackgroundSaver`), which the exit does wait for. A job may
write a cache (Battle Royale's par store): an atomic write, so one cut off at exit leaves the
old file whole and costs only a solve next time -- not a save, not waited for.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from arcade.services.daemon import DaemonThread

_job = threading.local()


def job_cancelled() -> bool:
    """Whether the worker job running on this thread was cancelled or superseded.

    Pass it (or a function that calls it) as an AI's ``should_stop``: a Battle Royale hint
    on a 151x151 grid searches for 30 s, and a move the player makes meanwhile cancels it.
    False outside a worker's thread.
    """
    token = getattr(_job, "token", None)
    return token is not None and token.is_set()


class Worker:
    """One background job at a time (an AI's hint or move, a solve): a new ``submit`` cancels the one
    before, and results are delivered by :meth:`poll` on the frame loop's thread, never from the worker's.
    """
    def __init__(self) -> None:
        self._pool = DaemonThread("arcade-ai")
        self._future: Future[Any] | None = None
        self._on_done: Callable[[Any], None] | None = None
        self._on_error: Callable[[BaseException], None] | None = None
        self._token: threading.Event | None = None
        self.label = ""

    @property
    def busy(self) -> bool:
        return self._future is not None

    def submit(
        self,
        fn: Callable[..., Any],
        *args: Any,
        on_done: Callable[[Any], None],
        on_error: Callable[[BaseException], None] | None = None,
        label: str = "",
    ) -> None:
        """Start ``fn(*args)``; ``on_done(result)`` runs later on the main thread via ``poll``."""
        if self._future is not None:
            self._future.cancel()
        if self._token is not None:
            self._token.set()
        token = self._token = threading.Event()

        def run() -> Any:
            _job.token = token
            try:
                return fn(*args)
            finally:
                _job.token = None

        self._future = self._pool.submit(run)
        self._on_done = on_done
        self._on_error = on_error
        self.label = label

    def cancel(self) -> None:
        if self._future is not None:
            self._future.cancel()
        if self._token is not None:
            self._token.set()
        self._future = None
        self.label = ""

    def poll(self) -> bool:
        """Deliver a finished result (on the caller's thread); True if one was delivered."""
        future = self._future
        if future is None or not future.done():
            return False
        self._future = None
        self.label = ""
        if future.cancelled():
            return False
        error = future.exception()
        if error is not None:
            if self._on_error is None:
                raise error
            self._on_error(error)
        elif self._on_done is not None:
            self._on_done(future.result())
        return True

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the current job ends and deliver it (for tests and the CLI)."""
        future = self._future
        if future is None:
            return False
        future.exception(timeout=timeout)
        return self.poll()

    def close(self) -> None:
        self.cancel()
        self._pool.shutdown()
