"""Tournament rounds elsewhere (game host, pure): local worker processes, or a Dask distributed cluster.

Rounds are independent, so a tournament is a map over :class:`~arcade.games.tron.match.RoundTask`
values with :func:`~arcade.games.tron.match.play_task`. Results come back in any order and
are put back in schedule order by the tournament; seeds belong to the round, not to the
worker, so ``--jobs 4`` or a cluster give what ``--jobs 1`` gives for seeded bots.

Dask is an optional extra (``pip install 'puzzle-arcade[cluster]'``): the scheduler's
workers need this package installed too (same version), since they import ``play_task``.
Outside programs run on the worker that plays the round, so their command must work there.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from arcade.core.errors import ArcadeError, UsageError
from arcade.games.tron.match import RoundRecord, RoundTask, play_task
from arcade.services import interrupts
from arcade.services.program_cleanup import kill_child_groups
from arcade.services.programs import live_programs

if TYPE_CHECKING:
    from distributed import Client

#: How long the results wait in one go before checking for a lost stop signal.
WAIT_SLICE = 0.25
#: How long stopped workers get, all together, to stop their programs and exit.
STOP_SECONDS = 2.0
DASK_HINT = "--scheduler needs Dask distributed: pip install 'puzzle-arcade[cluster]'"


def default_jobs() -> int:
    """Worker processes by default: one per CPU this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _worker_init(parent: int) -> None:
    """In each worker: Ctrl+C is the parent's business; SIGTERM stops the worker's programs, then
    it; and on Linux the worker gets SIGTERM when its parent dies (even by SIGKILL), so a worker
    and its programs never outlive the tournament."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):  # a closed terminal reaches the whole group: the parent stops us
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_stop)
    with contextlib.suppress(Exception):  # not Linux, or no libc to ask: the parent's terminate() still works
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)
    if not _alive(parent):  # the tournament died before the line above
        _worker_stop(signal.SIGTERM, None)
    _watch_parent()


def _watch_parent() -> None:
    """Stop this worker when the tournament dies, whatever the start method. The death signal
    above follows the worker's parent, and under forkserver that is the fork server -- which
    outlives a killed tournament, since every worker holds its "alive" pipe open: a tournament
    killed with SIGKILL left a worker and the fork server running for good. So a thread waits on
    the tournament's own sentinel too (on macOS and Windows, which have no death signal, it is
    the only guard)."""
    import multiprocessing
    import threading
    from multiprocessing.connection import wait as wait_for

    tournament = multiprocessing.parent_process()
    if tournament is None:
        return

    def watch() -> None:
        wait_for([tournament.sentinel])
        _worker_stop(signal.SIGTERM, None)  # from this thread: it kills the programs and leaves at once

    threading.Thread(target=watch, name="tournament-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still exists. Not ``os.getppid() == pid``: under the forkserver start
    method (Linux's default from Python 3.14) a worker's parent is the fork server, and every
    worker took itself for an orphan and left at once."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists but is not ours to signal
        return True
    return True


def _worker_stop(signum: int, frame: object) -> None:
    """Kill the round's programs and leave, from the handler itself and without waiting for
    anything: an exception raised here could be swallowed (a signal landing in a fork hook is
    "ignored") and the worker would play on; a wait could hang on a lock the interrupted code
    holds, past the parent's deadline. Nothing needs reaping before ``_exit``. (Nothing is imported
    here: an import from the watching thread once failed in a forked worker -- "cannot import name
    'kill_child_groups'" -- and the worker slept on past its tournament.)"""
    for program in live_programs():
        with contextlib.suppress(OSError):
            os.killpg(program.pid, signal.SIGKILL)
    kill_child_groups()  # a program started in the very moment the signal came
    os._exit(128 + signum)


class Stopped(Exception):
    """The caller's ``stop`` asked the rounds to end (the window's tournament: Esc, then Stop)."""


def run_in_processes(tasks: Sequence[RoundTask], jobs: int,
                     on_round: Callable[[RoundRecord], None] | None = None, *,
                     stop: Callable[[], bool] | None = None) -> list[RoundRecord]:
    """Play ``tasks`` in ``jobs`` local processes.

    On Ctrl+C (or any error) the workers are stopped at once: each kills the outside
    programs of its round before it exits, so nothing is left running. ``stop`` is asked
    between the same short slices: true, the workers are stopped the same way and
    :class:`Stopped` is raised (the window, whose tournament runs in a thread, has no Ctrl+C).
    """
    records: list[RoundRecord] = []
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), initializer=_worker_init,
                               initargs=(os.getpid(),))
    try:
        with interrupts.deferred():  # see below: submit takes the pool's locks too
            pending = {pool.submit(play_task, task) for task in tasks}
        interrupts.check()
        while pending:
            # In slices: a stop signal lost while a worker was forked is raised again (interrupts).
            # Deferred while it waits: ``wait`` takes every future's lock one by one, and a Ctrl+C
            # raised in between left some taken for good -- the pool's thread then blocked on one as
            # it cancelled the rest, and the exit, which joins that thread, hung after "interrupted".
            with interrupts.deferred():
                done, pending = wait(pending, timeout=WAIT_SLICE, return_when=FIRST_COMPLETED)
            interrupts.check()
            for future in done:  # first: rounds that finished are reported even if a stop came
                try:
                    record = future.result()
                except BrokenProcessPool as exc:
                    raise ArcadeError(f"a worker process died: {exc}") from None
                records.append(record)
                if on_round is not None:
                    on_round(record)
            interrupts.check()
            if stop is not None and stop():
                raise Stopped
    except BaseException:
        workers = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            with contextlib.suppress(OSError, ValueError):
                worker.terminate()
        end = time.monotonic() + STOP_SECONDS
        for worker in workers:
            worker.join(timeout=max(0.0, end - time.monotonic()))
            if worker.is_alive():  # it could not stop its programs in time: no more waiting
                with contextlib.suppress(OSError, ValueError):
                    worker.kill()
                worker.join(timeout=1)
        raise
    pool.shutdown(wait=True)
    return records


def dask_client(address: str) -> Client:
    """A client of the Dask scheduler at ``address``; one clear line if Dask is missing or unreachable,
    or if something else answers there. Ctrl+C while it connects is KeyboardInterrupt (exit 130)."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError(DASK_HINT) from None
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        interrupts.check()  # Ctrl+C while it connected, whatever Dask made of it: exit 130
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    except Exception as exc:
        interrupts.check()
        # Something that is not a Dask scheduler answered: Dask reads its first bytes as a frame
        # length and asks for exabytes (MemoryError), which ended as "out of memory", exit 70.
        raise UsageError(f"cannot reach the Dask scheduler at {address}: what answers there is not a Dask "
                         f"scheduler ({type(exc).__name__})") from None


def run_on_dask(tasks: Sequence[RoundTask], address: str,
                on_round: Callable[[RoundRecord], None] | None = None) -> list[RoundRecord]:
    """Play ``tasks`` on the Dask cluster whose scheduler listens at ``address`` (e.g. tcp://host:8786)."""
    client = dask_client(address)
    try:
        from distributed import as_completed as dask_completed

        futures = client.map(play_task, list(tasks), pure=False)
        records: list[RoundRecord] = []
        for future in dask_completed(futures):
            try:
                record = future.result()
            except Exception as exc:  # whatever broke on a worker (e.g. the package missing there)
                raise ArcadeError(f"a round failed on the Dask cluster: {type(exc).__name__}: {exc}") from None
            records.append(record)
            if on_round is not None:
                on_round(record)
            interrupts.check()
        return records
    finally:
        client.close()
