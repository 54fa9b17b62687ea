"""Atomic file writes (services): a crash or a full disk never leaves a half-written save.

We write to a temporary file in the same directory, flush and fsync it, then
``os.replace`` it over the target, which is atomic on POSIX and Windows.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from arcade.core.errors import cannot_write
from arcade.core.inputs import MAX_INPUT_BYTES, describe_mode

#: ``mkstemp`` names of :func:`atomic_write_text`: ``.NAME.`` + random letters + ``.tmp``.
_TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]+\.tmp$")
#: A temp file older than this is a leftover (a save takes milliseconds).
STALE_SECONDS = 60.0


def atomic_write_text(path: str | Path, text: str, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``text`` atomically, creating parent directories as needed.

    Only a regular file (or nothing) is ever replaced: ``os.replace`` over ``/dev/full``
    run as root would swap the device node for a file, so a device, FIFO or directory at
    ``path`` raises OSError instead (use :func:`write_output` for outputs a user names).
    """
    atomic_write_bytes(path, text.encode(encoding))


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """:func:`atomic_write_text` for bytes (a screenshot's PNG): all of it, or the old file untouched.

    The file ends up as a shell's ``>`` would leave it, not as ``mkstemp`` makes its temporary
    file: a new file gets ``0666 & ~umask`` (every screenshot, sheet and replay was 0600; saves,
    settings and records, in the user's own dirs, follow the umask too), an existing file keeps
    its mode, and a symbolic link keeps pointing where it did -- its target is written (the link
    used to be replaced by a regular file).
    """
    path = Path(path)
    if path.is_symlink():
        path = Path(os.path.realpath(path))  # the file the link names (which may not exist yet)
    if path.exists() and not path.is_file():
        raise OSError(errno.EEXIST, "exists and is not a regular file", str(path))
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mode = 0o666 & ~current_umask()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)  # see _TEMP_NAME
    except OSError as exc:  # name the file asked for, not the temporary one beside it
        blocker = file_in_the_way(path.parent) if exc.errno in (errno.EEXIST, errno.ENOTDIR) else None
        if blocker is not None:
            # A file where a folder belongs (``saves`` made a file): "File exists" named neither.
            from arcade.services.paths import shown_path

            raise OSError(errno.ENOTDIR, f"{shown_path(blocker)} is a file, not a folder", str(path)) from None
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise OSError(exc.errno, exc.strerror, str(path)) from None
        raise


@contextlib.contextmanager
def held_lock(path: Path, wait: float = 2.0) -> Iterator[bool]:
    """Hold an advisory lock on the file ``path`` (made if missing) while a read-modify-write of a
    file that several running copies share is done; yields whether it is held.

    Two windows storing AI results at once each read the file, added their own entry and wrote it
    back: the later write dropped the other's entries. A lock that cannot be had (a read-only
    folder, no ``fcntl``, a holder that hangs past ``wait`` seconds) yields False: the caller goes
    on without it -- a lost entry costs less than a stuck game.
    """
    try:
        import fcntl
    except ImportError:  # Windows: no advisory lock here
        yield False
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a", encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError:
        yield False
        return
    with handle:
        held = False
        give_up = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                held = True
                break
            except OSError:
                if time.monotonic() >= give_up:
                    break
                time.sleep(0.01)
        yield held  # closing the handle lets the lock go


def current_umask() -> int:
    """The process's umask, read without changing it where the platform allows (Linux's
    /proc/self/status): setting it to read it back races with threads creating files."""
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status", encoding="ascii",
                                                         errors="replace") as handle:
        for line in handle:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def read_kept_text(path: Path, limit: int = MAX_INPUT_BYTES) -> str:
    """The text of a file the program keeps (a save, the settings, the records): bounded, and
    never a read that waits or has no end. A FIFO in a save's place hung the start for good, and
    a link to /dev/zero ate memory until the machine gave out.

    Raises what ``open`` raises (FileNotFoundError, IsADirectoryError, PermissionError ...) for
    a file that cannot be read, and ValueError or UnicodeDecodeError for one that is damaged --
    a FIFO, a device, more than ``limit`` bytes, not UTF-8 -- which the caller moves aside.
    """
    try:
        info = os.stat(path)  # follows a link: /dev/zero behind one is a device; stat never blocks
    except OSError as exc:
        if exc.errno == errno.ENOTDIR or (exc.errno == errno.ELOOP and _stat_errno(path.parent) == errno.ELOOP):
            # Under a file or a looping folder no file can be: nothing to read, as for a missing
            # one. "The saved game cannot be read (Not a directory)" told of a save that never was;
            # the folder itself is said once, at start (:func:`folder_problem`).
            raise FileNotFoundError(errno.ENOENT, f"no file: {exc.strerror}", str(path)) from None
        raise
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"{describe_mode(info.st_mode)}, not a file")
    if info.st_size > limit:
        raise ValueError(f"larger than {limit // (1024 * 1024)} MB")
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"larger than {limit // (1024 * 1024)} MB")
    return data.decode("utf-8")


#: False while a run must leave the player's files as they are: a headless ``--screenshot`` only
#: looks. It resumed a game and wrote its save back on the way out (in a read-only folder it even
#: said "your latest moves ... were not saved" of moves nobody made), and it moved a damaged save or
#: settings file aside. Set by the app (:attr:`arcade.ui.app.App.persist`) before it reads the
#: settings; read by every writer of the player's files -- autosaves, records, a game's drafts, the
#: par cache -- and by :func:`set_aside` (:func:`keeps_files`). Kept here, the lowest layer that
#: touches those files, so the settings and the saves read one flag.
_keep_files = True


def keep_files(keep: bool) -> None:
    """Let this run write the player's saves, records and drafts (True), or leave them untouched."""
    global _keep_files
    _keep_files = bool(keep)


def keeps_files() -> bool:
    """Whether this run may write the player's files (False: a headless screenshot run)."""
    return _keep_files


def set_aside(path: Path) -> str:
    """Move a damaged file aside (:func:`quarantine`) and say where it went, as the player's line
    words it: "moved to NAME.damaged", "could not be moved aside", or -- in a run that keeps no
    files (a screenshot) -- "left as it is", since that run moves nothing."""
    if not _keep_files:
        return "left as it is"
    moved = quarantine(path)
    return f"moved to {moved.name}" if moved is not None else "could not be moved aside"


def free_name(path: Path, why: str) -> Path:
    """``NAME.why``, or ``NAME.why.2`` ... if that is taken: a name beside ``path`` that replaces no file."""
    target = path.with_name(f"{path.name}.{why}")
    n = 1
    while target.exists() or target.is_symlink():
        n += 1
        target = path.with_name(f"{path.name}.{why}.{n}")
    return target


def quarantine(path: Path, why: str = "damaged") -> Path | None:
    """Move a damaged file aside (``NAME.damaged``, or ``NAME.damaged.2`` ... if that is taken) so it
    stops failing but can still be inspected; None if it could not be moved. No copy is ever replaced:
    the count used to stop at 100, and the hundredth damaged save then went over ``.damaged.100``.
    ``why`` names the suffix: ``"newer"`` for a newer Puzzle Arcade's file, which is not damaged."""
    target = free_name(path, why)
    try:
        path.replace(target)
    except OSError:
        return None
    return target


def damage_reason(exc: BaseException) -> str:
    """Why a file could not be used, in words a player reads (not a parser's line and column)."""
    if isinstance(exc, json.JSONDecodeError):
        return "not readable JSON: cut short or overwritten"
    if isinstance(exc, UnicodeDecodeError):
        return "not text"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, KeyError):
        return f"{exc.args[0]!r} is missing" if exc.args else "a field is missing"
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return " ".join(str(exc).split())[:120] or type(exc).__name__


def write_failure(exc: OSError, where: str | Path | None = None) -> str:
    """Why a file of the player's could not be written, and which one: "No space left on device
    (~/.local/share/puzzle-arcade/saves/hashi.json)". A full disk's "Autosave failed: No space left
    on device" named no file, which left the player to guess which disk to free. ``where`` is the
    file meant when the error names none (nor its message: the records' "PATH cannot be read").
    """
    from arcade.services.paths import shown_path

    named = exc.filename or where
    why = exc.strerror or str(exc)
    return f"{why} ({shown_path(Path(named))})" if named and str(named) not in why else why


def clean_stale_temp(*folders: Path, older_than: float = STALE_SECONDS) -> list[Path]:
    """Delete ``.NAME.xxxx.tmp`` files that an interrupted save (kill -9, power cut) left behind.

    Only names :func:`atomic_write_text` makes, only older than ``older_than`` seconds (a
    save running in another instance right now is left alone), and never anything else.
    Returns what was removed; folders that do not exist or cannot be read are skipped.
    """
    removed: list[Path] = []
    now = time.time()
    for folder in folders:
        try:
            candidates = [p for p in Path(folder).rglob(".*.tmp") if _TEMP_NAME.match(p.name)]
        except OSError:
            continue
        for path in candidates:
            with contextlib.suppress(OSError):
                if path.is_file() and now - path.stat().st_mtime > older_than:
                    path.unlink()
                    removed.append(path)
    return removed


#: The output name that means standard output (``export hashi … --svg -``), as most tools read it.
STDOUT_NAME = "-"


def is_stdout(path: str | Path | None) -> bool:
    """Whether ``path`` is :data:`STDOUT_NAME`: ``--svg -`` wrote a file called "-" in the current
    folder where a user of any other command-line tool expects the sheet on standard output."""
    return path is not None and str(path) == STDOUT_NAME


def check_output_file(path: str | Path, inputs: Iterable[str | Path | None] = (), *,
                      streams: bool = True) -> Path:
    """Refuse, before any work is done, an output path that cannot become a file.

    A directory, a path under something that is not a folder (``/proc/nope/x.png``), a
    folder we may not write: :class:`OutputError` (the CLI exits 74). Missing parent
    folders are created. An existing file is fine -- outputs replace it, like a shell's
    ``>`` -- and is left untouched here; a probe file made to test the path is removed.

    An output that is one of the command's ``inputs`` (the same file by another name too) is a
    usage error (exit 2): ``export hashi my.txt --svg my.txt`` wrote the sheet over the level
    and said "wrote 2 pages", and ``tournament --maps my.map --out my.map`` the results over the map.

    A FIFO or a device already there (``--svg /dev/stdout``, ``mkfifo p.svg``) is never opened to
    test it: the test's open blocked until a reader came, and its close ended that reader's stream
    before the output was written -- the reader got nothing and the command then waited forever for
    another. It is written straight through (:func:`write_output`), or, for an output that is only
    ever written as a regular file (``streams=False``: a tournament's ``--out`` rewritten after
    every round, a screenshot), refused now (exit 74) instead of after the work.
    """
    from arcade.core.errors import UsageError

    if is_stdout(path):
        if not streams:
            raise UsageError(f"'{STDOUT_NAME}' (standard output) cannot take this output, only a "
                             "regular file can; name one")
        return Path(STDOUT_NAME)
    path = Path(path)
    for ref in inputs:
        if ref is not None and str(ref) and same_file(path, Path(ref)):
            raise UsageError(f"the output {path} is also an input ({ref}): it would be written over; "
                             "choose another output file")
    try:
        if path.is_dir():
            raise cannot_write(path, "it is a directory")
        existed = path.exists()
        if existed and not path.is_file():
            if not streams:
                raise cannot_write(path, f"it is {describe_mode(path.stat().st_mode)}, not a regular file")
            return path
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "ab"):
            pass
        if not existed:
            path.unlink()
    except OSError as exc:
        raise cannot_write(path, _why_not(path.parent, exc)) from None
    except ValueError as exc:  # a NUL byte in the name
        raise cannot_write(repr(str(path)), exc) from None
    return path


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file (a link, ``./x``, a hard link): what the path would
    write over. Only files that exist can be one; a path that cannot be looked at is not."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def check_output_dir(path: str | Path) -> Path:
    """Make sure ``path`` is (or can become) a folder we may write, before any work is done:
    a tournament found out only after its last round that its replays had nowhere to go.
    :class:`OutputError` (the CLI exits 74) otherwise."""
    path = Path(path)
    try:
        if path.exists() and not path.is_dir():
            what = "a file" if path.is_file() else describe_mode(path.stat().st_mode)  # /dev/null: a device
            raise cannot_write(path, f"it is {what}, not a folder")
        path.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-check.", dir=path)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise cannot_write(path, _why_not(path, exc)) from None
    except ValueError as exc:  # a NUL byte in the name
        raise cannot_write(repr(str(path)), exc) from None
    return path


#: What :func:`folder_problem` writes to see that a save would fit: one disk block.
PROBE_BYTES = 4096


def folder_problem(folder: str | Path) -> str:
    """Why nothing can be written in ``folder`` (created if missing), in one line naming the
    folder at fault; "" when a file can be made there.

    The window said nothing about an unusable data folder until the first move failed to save,
    and then only "Permission denied"; with ``PUZZLE_ARCADE_HOME`` naming a file it said the
    saved game "cannot be read (Not a directory)", as if there had been one. A full disk is found
    by writing one block (:data:`PROBE_BYTES`), not by reading ``statvfs``: its free count is not
    what this user may write (root may use the blocks kept for it, a quota may stop a user first).
    """
    from arcade.services.paths import shown_path

    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-check.", dir=folder)
        try:
            # One block, the least any save takes: an empty probe fitted on a full disk, and the
            # first save then failed. The data are written, not only reserved (a sparse file takes
            # no room); a write the disk has no block for fails here, or at the latest on close.
            os.write(fd, bytes(PROBE_BYTES))
        finally:
            os.close(fd)
            os.unlink(probe)
    except OSError as exc:
        # Name the folder at fault, which may be one up the path: the file PUZZLE_ARCADE_HOME
        # names, the link that loops, the read-only folder where the data folder cannot be made.
        top_down = (*reversed(folder.parents), folder)
        if exc.errno == errno.ELOOP:
            looping = next((p for p in top_down if _stat_errno(p) == errno.ELOOP), folder)
            return f"{shown_path(looping)} is a loop of symbolic links"
        if exc.errno == errno.ENOTDIR:
            blocker = file_in_the_way(folder) or folder
            return f"{shown_path(blocker)} is a file, not a folder"
        if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            return f"there is no room on the disk of {shown_path(folder)} ({exc.strerror})"
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            existing = next((p for p in (folder, *folder.parents) if p.exists()), folder)
            if existing != folder:
                return f"{shown_path(folder)} cannot be made: {shown_path(existing)} is read-only ({exc.strerror})"
            return f"{shown_path(folder)} is read-only ({exc.strerror})"
        return f"{shown_path(folder)} cannot be written ({exc.strerror or exc})"
    except ValueError as exc:  # a NUL byte in the name
        return f"{folder!r} cannot be written ({exc})"
    return ""


def file_in_the_way(folder: Path) -> Path | None:
    """The first of ``folder`` and the folders above it that exists but is not a folder (None if none is):
    the file no folder can be made under."""
    top_down = (*reversed(folder.parents), folder)
    return next((p for p in top_down if p.exists() and not p.is_dir()), None)


def _why_not(folder: Path, exc: OSError) -> object:
    """Why nothing can be written in ``folder``: the file standing where one of its folders belongs,
    when that is it, else ``exc`` itself. ``export --svg notes.txt/x.svg`` said "File exists" and
    ``--save-replays notes.txt/runs`` "Not a directory", naming neither the file nor what is wrong
    with it (a screenshot or an ``-o`` there already said "notes.txt is a file, not a folder")."""
    if exc.errno in (errno.EEXIST, errno.ENOTDIR):
        blocker = file_in_the_way(folder)
        if blocker is not None:
            from arcade.services.paths import shown_path

            return f"{shown_path(blocker)} is a file, not a folder"
    return exc


def _stat_errno(path: Path) -> int:
    """The errno of ``os.stat(path)``, 0 when it works."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno or 0
    return 0


def write_output(path: str | Path, data: str | bytes) -> None:
    """Write a command's output file (text as UTF-8, or bytes: a PDF): atomically when it is (or
    will be) a regular file, straight through when the user named a device or FIFO (``-o
    /dev/stdout``), like a shell's ``>``.

    Failures are OSError naming the file; the CLI turns them into one line and exit 74.
    :data:`STDOUT_NAME` ("-") writes to standard output.
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if is_stdout(path):
        import sys

        sys.stdout.flush()
        sys.stdout.buffer.write(payload)
        sys.stdout.buffer.flush()
        return
    path = Path(path)
    if path.exists() and not path.is_file() and not path.is_dir():
        try:
            with open(path, "wb") as handle:
                handle.write(payload)
        except OSError as exc:  # a write error names no file ("No space left on device"): name it
            raise OSError(exc.errno, exc.strerror, str(path)) from None
        return
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a directory", str(path))
    atomic_write_bytes(path, payload)


def summary_stream(out: str | Path) -> TextIO:
    """Where a command says what it wrote: standard output, unless the output itself went there
    (``--svg -``), where "wrote 2 pages" would have been appended to the sheet."""
    import sys

    return sys.stderr if is_stdout(out) else sys.stdout


def where_words(out: str | Path) -> str:
    """An output's name in a sentence: "standard output" for :data:`STDOUT_NAME`, else the path."""
    return "standard output" if is_stdout(out) else str(out)
