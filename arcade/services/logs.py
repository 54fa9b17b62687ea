"""Logging (services): a rotating crash log in the platform log dir, and ``--verbose`` debug lines on stderr.

Every module logs under the ``"arcade"`` logger (``logging.getLogger("arcade")`` or a
child such as ``"arcade.cli"``). Errors a user can fix are printed as one line and are
not logged; unexpected exceptions are logged here with their traceback, so a bug report
can quote the crash log while the user only ever sees one line naming its path. The
file is opened lazily (``delay=True``): a run that logs nothing creates nothing.
"""

from __future__ import annotations

import errno
import io
import logging
import logging.handlers
import os
import stat
import sys
import tempfile
from pathlib import Path

from arcade.services.paths import log_dir

LOGGER_NAME = "arcade"
CRASH_LOG_NAME = "crash.log"
#: Rotation: a few hundred kB in all, enough for many tracebacks.
MAX_BYTES = 256 * 1024
BACKUPS = 2
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class _QuietRotatingFile(logging.handlers.RotatingFileHandler):
    """A crash log that cannot be written (full disk) is dropped silently: logging's own
    error report would print a traceback, which a user must never see. :attr:`failed` says
    that the last record was not written, so the user is not sent to a file that is not there."""

    failed = False

    def handleError(self, record: logging.LogRecord) -> None:
        self.failed = True

    def _open(self) -> io.TextIOWrapper:
        """Created 0600, never through a symlink (the fallback lives in the shared temp dir), only a
        regular file (a FIFO in its place would block the exit for good), and only our own."""
        # The folder too is made only now: a run that logs nothing (a screenshot) leaves no logs/ behind.
        Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(self.baseFilename, flags, 0o600)
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            os.close(fd)
            raise OSError(errno.EINVAL, "not a regular file", self.baseFilename)
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            # In the shared temp dir another user could have made the file first, to read our tracebacks.
            os.close(fd)
            raise OSError(errno.EPERM, "belongs to another user", self.baseFilename)
        return open(fd, "a", encoding=self.encoding, errors=self.errors)


def crash_log_path() -> Path:
    """The crash log file (it may not exist yet)."""
    return log_dir() / CRASH_LOG_NAME


def fallback_log_path() -> Path:
    """Where the crash log goes when the log dir cannot be written (a read-only home, a home that
    is a file): a file of this user's own in the temp dir."""
    user = getattr(os, "getuid", lambda: 0)()
    return Path(tempfile.gettempdir()) / f"puzzle-arcade-{user}-{CRASH_LOG_NAME}"


def _crash_handler(path: Path) -> _QuietRotatingFile:
    handler = _QuietRotatingFile(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True)
    handler.setLevel(logging.ERROR)
    handler.setFormatter(logging.Formatter(_FORMAT))
    handler._arcade = True  # type: ignore[attr-defined]
    return handler


def log_crash(message: str, *args: object) -> Path | None:
    """Log the exception being handled, with its traceback, as an error; the file that now holds
    it, or None if none could be written.

    The crash log in the log dir first; if that write fails (a read-only dir, a full disk), the
    fallback in the temp dir. The CLI used to name a log file that had never been written.
    """
    logger = logging.getLogger(LOGGER_NAME)
    crash = [h for h in logger.handlers if isinstance(h, _QuietRotatingFile)]
    for handler in crash:
        handler.failed = False
    logger.exception(message, *args)
    for handler in crash:
        if not handler.failed:
            return Path(handler.baseFilename)
    fallback = fallback_log_path()
    if any(Path(h.baseFilename) == fallback for h in crash):
        return None
    handler = _crash_handler(fallback)
    try:
        handler.handle(logger.makeRecord(logger.name, logging.ERROR, __file__, 0, message, args, sys.exc_info()))
    finally:
        handler.close()
    return None if handler.failed else fallback


def _can_make(folder: Path) -> bool:
    """Whether ``folder`` is there or could be made, without making it (it is made at the first
    crash): the nearest folder that exists must be a writable folder. ``mkdir`` here left an empty
    logs/ folder after every run, a screenshot's included."""
    for place in (folder, *folder.parents):
        if place.exists():
            return place.is_dir() and os.access(place, os.W_OK | os.X_OK)
        if place.is_symlink():  # a dangling or looping link: nothing can be made under it
            return False
    return False


def setup_logging(verbose: bool = False) -> Path:
    """Route the ``arcade`` logger: errors to the crash log, and everything to stderr if ``verbose``.

    Safe to call more than once (tests run ``main`` many times): handlers added by an
    earlier call are replaced. The log dir is made at the first error, not here (a run that logs
    nothing leaves no empty folder). A log dir that cannot be made (a read-only home) moves the
    crash log to the temp dir (:func:`fallback_log_path`), never stops the run, and never leaves
    the logger without a handler (logging's last resort printed a traceback on the terminal).
    Returns the crash log's path.
    """
    logger = logging.getLogger(LOGGER_NAME)
    for handler in [h for h in logger.handlers if getattr(h, "_arcade", False)]:
        logger.removeHandler(handler)
        handler.close()
    logger.setLevel(logging.DEBUG if verbose else logging.INFO)
    logger.propagate = False
    path = crash_log_path()
    if not _can_make(path.parent):  # a read-only home, or one that is a file: the temp dir keeps the log
        path = fallback_log_path()
    logger.addHandler(_crash_handler(path))
    if verbose:
        stderr = logging.StreamHandler(sys.stderr)
        stderr.setLevel(logging.DEBUG)
        stderr.setFormatter(logging.Formatter("%(name)s: %(levelname)s: %(message)s"))
        stderr._arcade = True  # type: ignore[attr-defined]
        logger.addHandler(stderr)
    return path
