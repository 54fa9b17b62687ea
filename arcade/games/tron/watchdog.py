"""A persistent worker thread that answers on time even when its work stalls (game AI, pure).

The strongest bot stops its search at a deadline, but the search can only stop itself: a
stall inside it (page faults, the host taking the core away from the thread) overran the
budget about 3 answers in 55,000 (111-159 ms at 100 ms). Run in this worker, the search is
watched from the calling thread instead, which waits until a *wake* time a little before the
budget and then answers with the best move the work has **published** so far -- never later.

One thread per :class:`SearchWorker`, made on first use and kept (no thread per answer). The
jobs run one at a time, in the order they were given: a job that needs the search's buffers
(an answer, a new round's reset, a new board's buffers) therefore never starts before the one
abandoned by its caller has ended, and no lock guards the buffers. An abandoned job is told to
stop (:meth:`Job.stop`); one still queued when told is skipped. If a job never ends, every
later job waits behind it and every later answer is its cheap fallback, on time: a stuck
worker costs moves, never a deadlock.

The thread holds only its queue, not the worker or its owner: a bot (and its 13 MB of search
buffers) that is dropped is collected, and its thread then ends.
"""

from __future__ import annotations

import queue
import threading
import weakref
from collections.abc import Callable
from time import perf_counter
from typing import Generic, TypeVar

T = TypeVar("T")


class Job(Generic[T]):
    """One piece of work handed to the worker, with the best answer it has published so far."""

    def __init__(self, work: Callable[[Job[T]], T], fallback: T) -> None:
        self._work: Callable[[Job[T]], T] | None = work
        #: The answer to give if the work is not done in time: the fallback, then what it published.
        self.best: T = fallback
        self.result: T | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        #: Set by the caller that gave up waiting; the work should end at its next look.
        self.stopped = False
        self._stoppers: list[Callable[[], None]] = []

    def publish(self, answer: T) -> None:
        """The work's best answer so far (one reference assignment: atomic, no lock needed)."""
        self.best = answer

    def on_stop(self, stop: Callable[[], None]) -> None:
        """Call ``stop`` when the caller gives up (at once if it already has): e.g. raise the compiled
        search's abort flag, which it reads at every node, not only at its once-a-millisecond clock look."""
        self._stoppers.append(stop)
        if self.stopped:
            stop()

    def stop(self) -> None:
        """The caller answered without this job: make it end as soon as it looks."""
        self.stopped = True
        for stop in list(self._stoppers):
            stop()

    def run(self) -> None:
        """Do the work in the worker's thread (nothing if the caller already gave up on it)."""
        work, self._work = self._work, None
        try:
            if work is not None and not self.stopped:
                self.result = work(self)
        except BaseException as exc:  # handed to the caller, who re-raises it
            self.error = exc
        finally:
            self._stoppers.clear()
            self.done.set()


def _serve(jobs: queue.SimpleQueue) -> None:
    """The worker thread: run jobs in order until the ``None`` its owner's finalizer sends."""
    while True:
        job = jobs.get()
        if job is None:
            return
        job.run()
        del job  # no reference to a finished job (and what its result holds) while waiting


class SearchWorker:
    """A daemon thread that runs jobs in order, and callers that wait for them with a time limit."""

    def __init__(self, name: str = "search") -> None:
        self.name = name
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        #: The job given last (None before the first): the one a new job waits behind.
        self.last: Job | None = None

    def submit(self, work: Callable[[Job[T]], T], fallback: T) -> Job[T]:
        """Queue ``work`` (called with its :class:`Job`) behind the jobs given before it."""
        if self._thread is None:
            self._thread = threading.Thread(target=_serve, args=(self._jobs,), name=self.name, daemon=True)
            self._thread.start()
            weakref.finalize(self, self._jobs.put, None)
        job = Job(work, fallback)
        self.last = job
        self._jobs.put(job)
        return job

    def run(self, work: Callable[[Job[T]], T], fallback: T, wake: float) -> tuple[T, bool]:
        """``work``'s result if it is done by ``wake`` (a ``perf_counter()`` time), else what it
        published by then, the job being told to stop. Returns (answer, finished in time);
        an exception of the work is raised here, in the caller's thread."""
        job = self.submit(work, fallback)
        if not job.done.wait(max(0.0, wake - perf_counter())):
            job.stop()
            return job.best, False
        if job.error is not None:
            raise job.error
        return job.result, True  # type: ignore[return-value]

    def wait(self, work: Callable[[Job[T]], T], timeout: float) -> bool:
        """Run ``work`` after the jobs before it and wait up to ``timeout`` seconds for it (work done
        outside any answer: a new round's reset, a new board's buffers). If it is not done by then
        it stays queued and runs before any later job; returns whether it was done. Its exception
        is raised here."""
        job = self.submit(work, None)
        if not job.done.wait(timeout):
            return False
        if job.error is not None:
            raise job.error
        return True

    def idle(self, timeout: float = 0.0) -> bool:
        """Whether every job given so far has ended (waiting up to ``timeout`` seconds for it)."""
        return self.last is None or self.last.done.wait(timeout)
