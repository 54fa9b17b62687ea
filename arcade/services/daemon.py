"""One daemon thread that runs submitted calls in turn (service, pure): background work nobody waits for at exit.

A ``ThreadPoolExecutor``'s threads are joined when the interpreter exits, so work that a
closed window no longer needs (a solver's count, a bot's move, a call waiting on an outside
program) kept the process alive until it was done. :class:`DaemonThread` is the executor's
one-thread equivalent whose thread is a daemon: it never holds up an exit, and
:meth:`DaemonThread.shutdown` drops what has not started and returns at once.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any


class DaemonThread:
    """Runs submitted calls one after another on one daemon thread, started on the first call."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._jobs: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]] | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """Queue ``fn(*args)``; its result or exception arrives in the returned future."""
        future: Future[Any] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot submit a job to a closed worker")
            self._jobs.put((future, (lambda: fn(*args)) if args else fn))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self._thread.start()
        return future

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            future, fn = job
            if not future.set_running_or_notify_cancel():
                continue  # cancelled before it started
            try:
                result = fn()
            except BaseException as exc:  # delivered to whoever reads the future
                future.set_exception(exc)
            else:
                future.set_result(result)

    def shutdown(self) -> None:
        """Drop the jobs not yet started and let the thread end after the one it runs (not waited for)."""
        with self._lock:
            self._closed = True
            while True:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is not None:
                    job[0].cancel()
            self._jobs.put(None)
