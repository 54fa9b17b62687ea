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
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from arcade.core.errors import ArcadeError, UsageError
from arcade.games.tron.match import RoundRecord, RoundTask, play_task

if TYPE_CHECKING:
    from distributed import Client

DASK_HINT = "--scheduler needs Dask distributed: pip install 'puzzle-arcade[cluster]'"


def default_jobs() -> int:
    """Worker processes by default: one per CPU this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _worker_init() -> None:
    """In each worker: Ctrl+C is the parent's business; SIGTERM stops the worker's programs, then it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_stop)


def _worker_stop(signum: int, frame: object) -> None:
    # Unwind whatever runs: the round's ``with`` blocks stop its programs on the way out.
    raise SystemExit(128 + signum)


def _play_in_worker(task: RoundTask) -> RoundRecord:
    """``play_task`` in a worker; stopped by SIGTERM, it leaves the worker for good, programs stopped."""
    try:
        return play_task(task)
    except SystemExit as stop:
        from arcade.services.programs import close_all, kill_child_groups

        close_all()
        kill_child_groups()  # a program started in the very moment the signal came
        os._exit(stop.code if isinstance(stop.code, int) else 1)


def run_in_processes(tasks: Sequence[RoundTask], jobs: int,
                     on_round: Callable[[RoundRecord], None] | None = None) -> list[RoundRecord]:
    """Play ``tasks`` in ``jobs`` local processes.

    On Ctrl+C (or any error) the workers are stopped at once: each kills the outside
    programs of its round before it exits, so nothing is left running.
    """
    records: list[RoundRecord] = []
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), initializer=_worker_init)
    try:
        futures = [pool.submit(_play_in_worker, task) for task in tasks]
        for future in as_completed(futures):
            try:
                record = future.result()
            except BrokenProcessPool as exc:
                raise ArcadeError(f"a worker process died: {exc}") from None
            records.append(record)
            if on_round is not None:
                on_round(record)
    except BaseException:
        workers = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            with contextlib.suppress(OSError, ValueError):
                worker.terminate()
        for worker in workers:
            worker.join(timeout=5)
        raise
    pool.shutdown(wait=True)
    return records


def dask_client(address: str) -> Client:
    """A client of the Dask scheduler at ``address``; one clear line if Dask is missing or unreachable."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError(DASK_HINT) from None
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {exc}") from None


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
        return records
    finally:
        client.close()
