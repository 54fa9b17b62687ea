"""Autosaves and records (services): one autosave per game, best times, all written atomically.

The game scenes save after every move, so quitting -- or a crash -- never loses a
player's progress; the menu offers "Continue" for the most recent autosave. A damaged
save is moved aside (never silently deleted) and reported in one line; so is a newer Puzzle
Arcade's save, kept as ``GAME.json.newer`` and said to be that version's, not damaged. Two
windows with the same game open never replace each other's save (:class:`SaveClaim`: the second
is kept as ``GAME.json.other-window``), and two windows' records are merged (:func:`record_result`).
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arcade.core.errors import ArcadeError, NewerVersion, newer_version, newer_words, quoted
from arcade.core.inputs import parse_json
from arcade.core.numbers import is_finite_number
from arcade.core.session import SAVE_VERSION
from arcade.services.files import (
    atomic_write_text,
    damage_reason,
    free_name,
    held_lock,
    keeps_files,
    quarantine,
    read_kept_text,
    set_aside,
)
from arcade.services.paths import data_dir


class DamagedSave(ArcadeError):
    """An autosave that could not be used; it has already been moved aside (``*.damaged``, or
    ``*.newer`` for a newer version's: :func:`newer_message`), or left where it is if unreadable."""


@dataclass(frozen=True)
class Autosave:
    """A game's autosave as read back: ``data`` is the session dict for ``Session.from_dict``,
    ``saved_at`` a Unix time and ``label`` the line the menu's Continue shows ("" for none).
    """

    game: str
    path: Path
    saved_at: float
    data: dict[str, Any]
    label: str


def saves_dir() -> Path:
    """The folder of the autosaves, one ``GAME.json`` each (made by the first write)."""
    return data_dir() / "saves"


def autosave_path(game: str) -> Path:
    """The one autosave file of ``game``: a game has one game in progress, never a list of them."""
    return saves_dir() / f"{game}.json"


#: Per game, why its last autosave could not be written (cleared by the next one that is).
_unsaved: dict[str, str] = {}


def save_failure(game: str) -> str:
    """Why ``game``'s latest progress is not on disk ("" when it is): a read-only or full disk.

    A failed save used to be a toast of a few seconds, after which the menu said "Saved just
    now" over the old file and quitting lost the moves without a word.
    """
    return _unsaved.get(game, "")


def _noting_failure(game: str, write: Callable[[], None]) -> None:
    try:
        write()
    except OSError as exc:
        _unsaved[game] = str(exc.strerror or exc)
        raise
    _unsaved.pop(game, None)


def write_autosave(game: str, data: dict[str, Any], label: str = "") -> None:
    """Store ``data`` (a JSON-able session dict) as the autosave of ``game`` (nothing in a run
    that keeps no files, see :func:`~arcade.services.files.keep_files`), whatever is there: a game
    scene writes through its :class:`SaveClaim`, which leaves another window's save alone."""
    if not keeps_files():
        return
    stamp = uuid.uuid4().hex
    _WRITTEN_HERE.add(stamp)
    payload = {"saved_at": time.time(), "label": label, "session": data, "stamp": stamp}

    def write() -> None:
        _keep_unreadable(autosave_path(game))
        atomic_write_text(autosave_path(game), json.dumps(payload) + "\n")

    _noting_failure(game, write)


def _stamp(path: Path) -> str | None:
    """The ``stamp`` of the autosave at ``path``: a token new at every write (None: no file, a save
    written before stamps, or one that cannot be read -- which the read and the write say themselves)."""
    try:
        payload = json.loads(read_kept_text(path))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return None
    stamp = payload.get("stamp") if isinstance(payload, dict) else None
    return stamp if isinstance(stamp, str) else None


#: The stamps of the autosaves this process (this window) wrote: a few dozen bytes a save.
_WRITTEN_HERE: set[str] = set()

#: The suffix of a window's game kept beside another window's autosave of the same game.
OTHER_WINDOW = "other-window"


class SaveClaim:
    """One window's autosave of one game: which save on disk is this window's to replace.

    Two windows with the same game open each wrote ``GAME.json`` after every move, and the one that
    wrote last silently replaced the other's game. Every save now carries a new ``stamp``; the claim
    remembers the stamp of the file as the game was opened, then as it last wrote it. A save on disk
    with another stamp was written by another window since: it is left alone, and this window's game
    goes to ``GAME.json.other-window`` (as a newer version's save is kept as ``.newer``) for as long
    as it is open, with :attr:`notice` said once. Check and write are done under a lock the system
    drops with the process (kill -9 included), so two windows saving at the same moment both see it.
    """

    def __init__(self, game: str, title: str = "") -> None:
        self.game = game
        self.title = title or game
        #: The stamp of the save this window may replace (None: no stamped save when the game opened).
        self.stamp = _stamp(autosave_path(game))
        #: Where this window's game is kept instead of the autosave, once another window took that.
        self.kept: Path | None = None
        #: The one line to tell the player when that happens ("" once taken).
        self.notice = ""

    def _lock(self) -> contextlib.AbstractContextManager[bool]:
        path = autosave_path(self.game)
        return held_lock(path.with_name(f".{path.name}.lock"))

    def _taken(self) -> bool:
        """Whether another window has written the autosave since this one read or wrote it. A stamp
        this process wrote is never another window's: one window's scenes hand a game on (the level
        left saves as the next one opens), and its last save was taken for another window's -- the
        new game went to ``.other-window`` while Continue offered the level left."""
        stamp = _stamp(autosave_path(self.game))
        return stamp is not None and stamp != self.stamp and stamp not in _WRITTEN_HERE

    def write(self, data: dict[str, Any], label: str = "") -> None:
        """:func:`write_autosave`, to this window's file (see the class)."""
        if not keeps_files():
            return
        path = autosave_path(self.game)

        def write() -> None:
            with self._lock():
                if self.kept is None and self._taken():
                    self.kept = free_name(path, OTHER_WINDOW)
                    self.notice = (f"{self.title} is also open in another window, which saved it since; this "
                                   f"window's game is kept as {self.kept.name}.")
                target = self.kept or path
                _keep_unreadable(target)
                stamp = uuid.uuid4().hex
                _WRITTEN_HERE.add(stamp)
                payload = {"saved_at": time.time(), "label": label, "session": data, "stamp": stamp}
                atomic_write_text(target, json.dumps(payload) + "\n")
                if self.kept is None:
                    self.stamp = stamp

        _noting_failure(self.game, write)

    def clear(self) -> None:
        """:func:`clear_autosave` of this window's game only: another window's save is not removed."""
        if not keeps_files():
            return
        if self.kept is not None:
            _noting_failure(self.game, lambda: self.kept.unlink(missing_ok=True) if self.kept else None)
            return
        with self._lock():
            if not self._taken():
                clear_autosave(self.game)


def clear_autosave(game: str) -> None:
    """Remove ``game``'s autosave once its game is over or given up, so Continue does not offer a
    finished game. Raises OSError (noted for :func:`save_failure`) if it cannot, or if the file is
    one this program cannot read and so must not remove.
    """
    if not keeps_files():
        return

    def clear() -> None:
        _keep_unreadable(autosave_path(game))
        with contextlib.suppress(NotADirectoryError):  # a file where the saves' folder belongs: no save
            autosave_path(game).unlink(missing_ok=True)

    _noting_failure(game, clear)


def can_resume(game: str) -> bool:
    """Whether ``game`` has an autosave this program can open (the menu's "Resume your game").

    A save another user owns (mode 000) is a file all the same: its entry offered "Resume your
    game", and Enter opened a new one.
    """
    path = autosave_path(game)
    return path.is_file() and os.access(path, os.R_OK)


def _keep_unreadable(path: Path) -> None:
    """Refuse to replace or remove a save this program cannot read (another user's, mode 000).

    The start said "cannot be read ... it was left as it is", and the first move of the new game
    then replaced it -- with a copy of its mode 000, so the new game could not be read back either.
    Raises OSError (the game says "Not saved" and keeps the moves in memory) while it stays so.
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return  # a folder or a FIFO is refused by the write itself; opening a FIFO would wait
        with open(path, "rb"):
            pass
    except FileNotFoundError:
        return  # nothing to keep
    except NotADirectoryError:
        # A file where the saves' folder belongs: no save can be there, and the write says why.
        # "The save there cannot be read: Not a directory" told of a save that never was.
        return
    except OSError as exc:
        raise OSError(exc.errno, f"the save there cannot be read: {exc.strerror}; it is not written over",
                      str(path)) from None


def read_autosave(game: str, title: str = "") -> Autosave | None:
    """The autosave of ``game``, or None if there is none (``title``: the game's name in messages).

    A file that is not a well-formed autosave (bad JSON, wrong types, a NaN or infinite
    time stamp, a foreign game) is moved aside and reported by raising :class:`DamagedSave`
    with a one-line message; the session inside is checked later, when it is replayed.
    """
    path = autosave_path(game)
    name = title or game
    try:
        text = read_kept_text(path)
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise DamagedSave(damaged_message(name, path, "a folder, not a file")) from None
    except OSError as exc:  # unreadable, not damaged (permissions, a home that is a file): left alone
        raise DamagedSave(f"The saved {name} game at {path} cannot be read ({damage_reason(exc)}); "
                          "it was left as it is.") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise DamagedSave(damaged_message(name, path, damage_reason(exc))) from None
    try:
        payload = parse_json(text)
        if not isinstance(payload, dict):  # a list said "list indices must be integers or slices, not str"
            raise TypeError(f"{json_kind(payload)}, not a saved game")
        saved_at = payload["saved_at"]
        if not is_finite_number(saved_at):
            raise ValueError("'saved_at' is not a time")
        label = payload.get("label", "")
        session = payload["session"]
        if not isinstance(label, str) or not isinstance(session, dict):
            raise TypeError("'label' or 'session' has the wrong type")
        if session.get("game") != game:
            raise ValueError(f"it holds a game of {quoted(session.get('game'))}")
        newer = newer_version(session.get("version"), SAVE_VERSION)
        if newer is not None:
            raise NewerVersion(path.name, "save", newer, SAVE_VERSION)
        return Autosave(game=game, path=path, saved_at=float(saved_at), data=session, label=label[:200])
    except NewerVersion as exc:
        raise DamagedSave(newer_message(name, path, exc)) from None
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        raise DamagedSave(damaged_message(name, path, damage_reason(exc))) from None


def newer_message(game: str, path: Path, exc: NewerVersion) -> str:
    """Keep a newer Puzzle Arcade's save as ``NAME.newer`` (not in a run that keeps no files) and say
    so in one line. It was called "damaged and moved aside": it is not damaged, only not this version's.

    Moved aside rather than left where it is: left there, the first move of a game here writes over
    it (the autosave is one file per game) -- or, refused, no game of that kind could be saved at all
    while the old version is in use. Under a name that says why, the bytes stay as the newer version
    wrote them, and the line names the file, so a player back on that version renames it back."""
    why = newer_words("save", exc.version, exc.reads)
    if not keeps_files():
        return f"Your saved {game} game was {why}; it was left as it is."
    kept = quarantine(path, "newer")
    if kept is None:  # (a folder that refuses a rename refuses the autosave's atomic write too)
        return f"Your saved {game} game was {why}; it could not be moved aside and is left at {path}."
    return f"Your saved {game} game was {why}; it was kept as {kept.name} and a new game starts."


def json_kind(value: object) -> str:
    """What a JSON value is, in words ("a list", "a number"), for a file that holds the wrong one."""
    kinds = ((bool, "true or false"), (dict, "an object"), (list, "a list"), (str, "a text"), (int, "a number"),
             (float, "a number"))
    return next((word for kind, word in kinds if isinstance(value, kind)), "null")


def damaged_message(game: str, path: Path, why: str) -> str:
    """Move ``path`` aside (not in a run that keeps no files) and say so in one line."""
    # Where the file went comes before why: a window shortens the end of a long line.
    why = " ".join(why.split())
    return f"The saved {game} game was damaged and {set_aside(path)} ({why if len(why) <= 120 else why[:119] + '…'})."


def latest_autosave(games: list[str], titles: Mapping[str, str] | None = None) -> tuple[Autosave | None, list[str]]:
    """The most recent valid autosave of ``games`` and one message per damaged save moved aside
    (``titles``: the games' names for the messages -- "royale" read as a typo next to "Battle Royale")."""
    found: list[Autosave] = []
    problems: list[str] = []
    for game in games:
        try:
            save = read_autosave(game, (titles or {}).get(game, ""))
        except DamagedSave as exc:
            problems.append(str(exc))
            continue
        if save is not None:
            found.append(save)
    return max(found, key=lambda s: s.saved_at, default=None), problems


def records_path() -> Path:
    """The one records file shared by every game (best results by game and key)."""
    return data_dir() / "records.json"


#: What went wrong with a file the player never opened by hand (the records), kept until the
#: UI takes it: records are read deep inside a level picker or a win, where there is no one to tell.
_unreported: list[str] = []
#: Messages about a lasting state (a file that cannot be read) the UI has taken already: the file
#: is read again at every picker and win, and the player was told again each time.
_told: set[str] = set()


def _report(message: str, *, lasting: bool = False) -> None:
    """Queue a message for the UI, once (the records are read several times for one win); a
    ``lasting`` one only once per run."""
    if message in _unreported or (lasting and message in _told):
        return
    _unreported.append(message)
    if lasting:
        _told.add(message)


def _set_records_aside(path: Path, why: str) -> str:
    """Move a damaged records file aside and say so; why no new record may be written ("": it may)."""
    if not keeps_files():  # a screenshot moves nothing, and writes no record either
        _report(f"Your records file {path} is damaged ({why}); it was left as it is.", lasting=True)
        return ""
    moved = quarantine(path)
    if moved is None and path.exists():
        _report(f"Your records file {path} is damaged ({why}) and could not be moved aside: no new record "
                "is kept until it is.", lasting=True)
        return f"{path} is damaged ({why}) and could not be moved aside"
    if moved is not None:  # (None and gone: someone else removed it meanwhile; nothing to say)
        _report(f"Your records were damaged and moved to {moved.name} ({why}); new records start now.")
    return ""


def take_problems() -> list[str]:
    """The messages about damaged files moved aside since the last call (the menu and games show them)."""
    problems = _unreported[:]
    _unreported.clear()
    return problems


def read_records() -> dict[str, dict[str, float]]:
    """Every game's best results; anything that is not a result a game could give (a finite number
    from 0 to :data:`MAX_RECORD`) is dropped, not trusted.

    A file that is not a JSON object of games is moved aside (``records.json.damaged``) before
    anything else happens: the next record written would otherwise replace every old one. One with
    only some bad entries is moved aside too, and its valid records written back at once.
    """
    return _load_records()[0]


def _load_records() -> tuple[dict[str, dict[str, float]], str]:
    """The records, and why no new one may be written ("" when it may: nothing is in the way)."""
    path = records_path()
    try:
        data = parse_json(read_kept_text(path))
        if not isinstance(data, dict):
            raise TypeError("it is not a table of games")
    except FileNotFoundError:
        return {}, ""
    except OSError as exc:
        if not isinstance(exc, IsADirectoryError):
            # Unreadable, not damaged (permissions, an I/O error): the file stays as it is, and no
            # record is written over it; moving it aside would have thrown every best away.
            _report(f"Your records file {path} cannot be read ({damage_reason(exc)}): no new record is kept "
                    "until it can.", lasting=True)
            return {}, f"{path} cannot be read ({damage_reason(exc)})"
        return {}, _set_records_aside(path, "a folder, not a file")
    except (UnicodeDecodeError, ValueError, TypeError, RecursionError) as exc:
        return {}, _set_records_aside(path, damage_reason(exc))
    clean: dict[str, dict[str, float]] = {}
    dropped: list[str] = []
    for game, per_game in data.items():
        if not isinstance(per_game, dict):
            dropped.append(str(game)[:40])
            continue
        clean[str(game)] = {str(k): float(v) for k, v in per_game.items() if _is_result(v)}
        dropped += [f"{str(game)[:40]} {str(k)[:40]}" for k, v in per_game.items() if not _is_result(v)]
    if dropped:
        return clean, _keep_good_records(path, clean, dropped)
    return clean, ""


#: The largest result a record may hold (31 years in seconds): more is a hand edit, not a game.
MAX_RECORD = 1e9


def _is_result(value: object) -> bool:
    """Whether a records entry is a result a game could give: a time, loot or a count, from 0 to
    :data:`MAX_RECORD`. A negative time or a loot of 1e308 was kept as a best no game could ever
    beat, and 1e308 seconds overflowed the picker's time to the tenth."""
    return is_finite_number(value) and 0 <= float(value) <= MAX_RECORD  # type: ignore[arg-type]


def _keep_good_records(path: Path, clean: dict[str, dict[str, float]], dropped: list[str]) -> str:
    """Records with some entries that are not results (a text, NaN, a game that is not a table): the
    file is moved aside whole and the valid ones written back. They were dropped in silence and the
    next win wrote the rest over the file, so a hand-edited or half-damaged best was gone without a copy.
    Returns why no new record may be written ("" when it may), as :func:`_set_records_aside`."""
    shown = ", ".join(dropped[:5]) + (f" and {len(dropped) - 5} more" if len(dropped) > 5 else "")
    if not keeps_files():
        _report(f"Your records file {path} has entries that are not valid ({shown}); it was left as it is.",
                lasting=True)
        return ""
    moved = quarantine(path)
    if moved is None:
        if not path.exists():
            return ""  # someone else removed it meanwhile: nothing of it is left to keep
        _report(f"Your records file {path} has entries that are not valid ({shown}) and could not be moved "
                "aside: no new record is kept until it is.", lasting=True)
        return f"{path} has entries that are not valid ({shown}) and could not be moved aside"
    try:
        atomic_write_text(path, json.dumps(clean, indent=1) + "\n")
    except OSError as exc:
        _report(f"Some of your records were not valid ({shown}); the file was moved to {moved.name} and the "
                f"valid records could not be written back ({damage_reason(exc)}).")
        return ""
    _report(f"Some of your records were not valid and were dropped ({shown}); the file as it was is kept as "
            f"{moved.name} and the other records are kept.")
    return ""


def game_records(game: str) -> dict[str, float]:
    """``game``'s best results by record key ({} for none yet), already checked as
    :func:`read_records` checks them; for the level picker and the result panel.
    """
    return read_records().get(game, {})


def record_result(game: str, key: str, value: float, *, lower_is_better: bool = True) -> bool:
    """Keep the best ``value`` for ``game``/``key`` (e.g. a solve time); True if it is a new best.

    Raises OSError when the records cannot be written (the caller says so; nothing is lost). A run
    that keeps no files (:func:`~arcade.services.files.keep_files`) still says whether it is a best, and writes nothing.

    The file is read afresh and written back under a lock (:func:`~arcade.services.files.held_lock`,
    dropped by the system with the process, kill -9 included): two windows winning at the same
    moment each read the records, added their own best and wrote them back, and the later write
    dropped the other's.
    """
    path = records_path()
    with contextlib.ExitStack() as held:
        if keeps_files():
            held.enter_context(held_lock(path.with_name(f".{path.name}.lock")))
        records, blocked = _load_records()
        if blocked:
            raise OSError(blocked)
        per_game = records.setdefault(game, {})
        old = per_game.get(key)
        better = old is None or (value < old if lower_is_better else value > old)
        if better and keeps_files():
            per_game[key] = value
            atomic_write_text(path, json.dumps(records, indent=1) + "\n")
    return better
