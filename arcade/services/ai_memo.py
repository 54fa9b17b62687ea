"""What a game's AI worked out, remembered (services, no pygame): by level, position and solver version.

A hint and a watch from the same position ask the same search the same question; on a big Battle
Royale grid that search runs for its whole 30 s limit, and Watch right after a hint ran it again.
A level's par, cut short at the limit, was worked out again on every reopen of the level. A
:class:`ResultMemo` answers the second asker from the first one's result, in this run (memory) and
in the next ones (a small JSON file in the data folder, ``ai-memo/GAME.json``).

The framework owns the keying, the rules and the file; a game declares one memo (its name and its
solver's version) and says how its results turn into JSON and back -- ``decode`` also checks a
result against the level (a damaged or forged entry is then ignored, never shown to the player).

Rules, the same for every game:

* A result cut short by a time limit is kept with ``exact=False`` and stays so when reused: it is
  reused by a caller whose own budget is no longer than the search that found it (a longer or an
  unlimited search works it out again, and replaces it); a complete result is never replaced by a
  cut-short one. A search its caller stopped (a move, leaving the level) is not kept.
* The solver's version is part of the key: a result an older, maybe buggy solver stored is never
  used (the whole file of another version is dropped).
* The file is written atomically (:func:`arcade.services.files.atomic_write_text`), only in a run
  that keeps files, and only for searches long enough to be worth it; a damaged file never stops
  the game -- it is dropped, with a one-line note in the log, and written anew by the next store.
  A file that cannot be written (a full disk, a folder in its place) is said once per run too.
* Running copies of the program share the file: a store re-reads it under a lock
  (:func:`arcade.services.files.held_lock`), so one copy's entries are not written over by
  another's, and a complete entry another copy stored is not replaced by a cut-short one.
"""

from __future__ import annotations

import json
import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from arcade.core.inputs import parse_json
from arcade.services.files import atomic_write_text, damage_reason, held_lock, keeps_files, read_kept_text
from arcade.services.paths import data_dir

T = TypeVar("T")

log = logging.getLogger(__name__)

#: Entries kept in memory and on disk; the oldest go first.
LIMIT = 400


@dataclass(frozen=True)
class Remembered(Generic[T]):
    """One result: the game's value, whether its search was complete, and its seconds: for a complete
    search the time it took, for one cut short the time limit that cut it (what a later caller's own
    limit is compared with -- not the clock, which a deadline checked between steps overshoots)."""

    value: T
    exact: bool
    seconds: float

    def serves(self, budget: float | None) -> bool:
        """Whether a caller allowed ``budget`` seconds (None: no limit) can take this result as it is."""
        if self.exact:
            return True
        return budget is not None and self.seconds >= budget

    def beats(self, other: Remembered[Any]) -> bool:
        """Whether this result may replace ``other``: complete beats cut short, a longer search a shorter."""
        if self.exact != other.exact:
            return self.exact
        return self.exact or self.seconds >= other.seconds


class _KeyLock:
    """One key's search lock and how many callers hold or wait on it (:meth:`ResultMemo._enter`)."""

    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.users = 0


class ResultMemo(Generic[T]):
    """Results of one game's solver by (level key, position key), in memory and in ``ai-memo/GAME.json``.

    ``encode`` turns a value into JSON data; ``decode(data, context)`` turns it back, or returns
    None when the data does not hold up for ``context`` (the asker's level or position: it is then ignored).
    ``persist_after``: shorter searches stay in memory only (redoing them beats a disk write).
    """

    def __init__(self, game: str, version: int, *, encode: Callable[[T], Any],
                 decode: Callable[[Any, Any], T | None], path: Path | None = None,
                 persist_after: float = 0.5, limit: int = LIMIT) -> None:
        self.game = game
        self.version = version
        self._encode = encode
        self._decode = decode
        self._path = path
        self.persist_after = persist_after
        self.limit = limit
        self._lock = threading.Lock()
        self._memory: dict[str, Remembered[T]] = {}
        #: The file's raw entries, read once (again if the data folder moved: a test's own folder).
        self._disk: tuple[Path, dict[str, dict[str, Any]]] | None = None
        #: Per key being searched: its lock and how many callers hold or wait on it (see :meth:`_enter`).
        self._busy: dict[str, _KeyLock] = {}
        self._noted: set[Path] = set()  # files whose damage the log was told of (once each)

    @property
    def path(self) -> Path:
        return self._path or data_dir() / "ai-memo" / f"{self.game}.json"

    @staticmethod
    def key(level_key: str, position_key: str) -> str:
        return f"{level_key}|{position_key}"

    # -- reading -----------------------------------------------------------------------
    def _read_disk(self) -> dict[str, dict[str, Any]]:
        """The file's entries of this solver version; {} when there is none or it is damaged (noted once)."""
        try:
            data = parse_json(read_kept_text(self.path))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, RecursionError) as exc:
            self._note(damage_reason(exc))
            return {}
        if not isinstance(data, dict) or not isinstance(data.get("entries"), dict):
            self._note("not a memo file")
            return {}
        if data.get("version") != self.version:
            return {}  # another solver's answers: never trusted
        return {k: v for k, v in data["entries"].items() if isinstance(k, str) and isinstance(v, dict)}

    def _note(self, why: str, what: str = "dropped") -> None:
        """One line in the log for a file that is damaged (it is dropped, and replaced by the next
        store) or cannot be written -- once per file and run: a full disk failed every store, and
        each long search added a line."""
        path = self.path
        if path not in self._noted:
            self._noted.add(path)
            log.warning("%s AI memo %s %s: %s", self.game, path, what, why)

    def _disk_entries(self) -> dict[str, dict[str, Any]]:
        path, disk = self.path, self._disk
        if disk is None or disk[0] != path:
            disk = (path, self._read_disk())
            with self._lock:
                self._disk = disk
        return disk[1]

    def peek(self, level_key: str, position_key: str, context: Any,
             budget: float | None = None) -> Remembered[T] | None:
        """The remembered result that serves a caller with ``budget`` (see :meth:`Remembered.serves`),
        or None. ``context`` is what ``decode`` checks the stored value against (the level, the state)."""
        key = self.key(level_key, position_key)
        with self._lock:
            found = self._memory.get(key)
        if found is None:
            found = self._from_disk(key, context)
        return found if found is not None and found.serves(budget) else None

    def _from_disk(self, key: str, context: Any) -> Remembered[T] | None:
        entry = self._disk_entries().get(key)
        if entry is None:
            return None
        marks = _marks(entry)
        if marks is None:
            return None
        try:
            value = self._decode(entry.get("value"), context)
        except (KeyError, TypeError, ValueError, IndexError, OverflowError):
            value = None
        if value is None:
            return None
        found = Remembered(value, *marks)
        with self._lock:
            self._memory.setdefault(key, found)
        return found

    # -- solving through the memo ------------------------------------------------------------
    def solve(self, level_key: str, position_key: str, context: Any,
              search: Callable[[float | None], tuple[T, bool] | None], *, budget: float | None,
              should_stop: Callable[[], bool] | None = None) -> Remembered[T] | None:
        """The remembered result, or ``search(deadline)`` -> (value, exact) run now and remembered.

        One search per key at a time: a second caller (a hint while the par is worked out) waits
        for the first one's answer -- unless ``should_stop`` says it has moved on (then None).
        ``search`` returning None (no answer exists, or it was stopped) is not remembered.
        """
        key = self.key(level_key, position_key)
        busy = self._enter(key)
        try:
            while not busy.lock.acquire(timeout=0.05):
                if should_stop is not None and should_stop():
                    self._leave(key, busy)
                    return None
        except BaseException:
            self._leave(key, busy)
            raise
        try:
            found = self.peek(level_key, position_key, context, budget)
            if found is not None:
                return found
            started = time.monotonic()
            deadline = None if budget is None else started + budget
            result = search(deadline)
            if result is None:
                return None
            value, exact = result
            spent = time.monotonic() - started
            fresh = Remembered(value, exact, spent if exact or budget is None else budget)
            if should_stop is None or not should_stop():  # a search its caller stopped is not kept
                self.store(level_key, position_key, fresh)
            return fresh
        finally:
            busy.lock.release()
            self._leave(key, busy)

    def _enter(self, key: str) -> _KeyLock:
        """``key``'s lock, counted as held or waited on by one more caller.

        One lock per key was made and never dropped: every position a hint or a par was asked for
        left one behind for the run's whole life. The count is changed under ``_lock`` only, so a
        lock is dropped when its count falls to 0 and no one can be between finding and counting it
        -- a caller after that makes a new one, and there is never a second lock for a searched key."""
        with self._lock:
            busy = self._busy.get(key)
            if busy is None:
                busy = self._busy[key] = _KeyLock()
            busy.users += 1
            return busy

    def _leave(self, key: str, busy: _KeyLock) -> None:
        """One caller of ``key`` is done with ``busy`` (released, or gave up waiting): the last drops it."""
        with self._lock:
            busy.users -= 1
            if busy.users == 0 and self._busy.get(key) is busy:
                del self._busy[key]

    # -- writing -------------------------------------------------------------------------
    def store(self, level_key: str, position_key: str, result: Remembered[T]) -> None:
        """Remember ``result`` unless a better one is known (:meth:`Remembered.beats`); on disk too
        when its search was long enough and this run keeps files."""
        key = self.key(level_key, position_key)
        with self._lock:
            old = self._memory.get(key)
            if old is not None and not result.beats(old):
                return
            self._memory.pop(key, None)
            self._memory[key] = result
            while len(self._memory) > self.limit:
                del self._memory[next(iter(self._memory))]
        if result.seconds < self.persist_after or not keeps_files():
            return
        path = self.path
        with held_lock(path.with_name(f".{path.stem}.lock")):  # another window may store right now
            entries = dict(self._read_disk())  # what other runs stored since
            theirs = entries.get(key)
            marks = None if theirs is None else _marks(theirs)
            if marks is not None and not result.beats(Remembered(None, *marks)):
                return  # another run found better (its value is checked when it is read)
            entries.pop(key, None)
            entries[key] = {"value": self._encode(result.value), "exact": result.exact,
                            "seconds": round(result.seconds, 3)}
            for old_key in list(entries)[: max(0, len(entries) - self.limit)]:
                del entries[old_key]
            try:  # a memo that cannot be written only costs a search next time
                atomic_write_text(path, json.dumps({"version": self.version, "entries": entries}) + "\n")
            except OSError as exc:
                self._note(damage_reason(exc), "not written")
                return
        with self._lock:
            self._disk = (path, entries)

    def forget(self) -> None:
        """Drop what this run remembers (the file stays): a benchmark timing the search itself."""
        with self._lock:
            self._memory.clear()
            self._disk = None


def _marks(entry: dict[str, Any]) -> tuple[bool, float] | None:
    """A stored entry's ``exact`` and ``seconds``, or None when they are damaged: not a bool, not a
    finite number of seconds at least 0 -- a 400-digit one too (``math.isfinite`` raised
    OverflowError on it, out of the hint's worker)."""
    exact, seconds = entry.get("exact"), entry.get("seconds")
    if not isinstance(exact, bool) or isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        return None
    try:
        seconds = float(seconds)
    except OverflowError:
        return None
    return (exact, seconds) if math.isfinite(seconds) and seconds >= 0 else None


__all__ = ["LIMIT", "Remembered", "ResultMemo"]
