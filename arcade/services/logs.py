"""Logging (services): a rotating crash log in the platform log dir, and ``--verbose`` debug lines on stderr.

Every module logs under the ``"arcade"`` logger (``logging.getLogger("arcade")`` or a
child such as ``"arcade.cli"``). Errors a user can fix are printed as one line and are
not logged; unexpected exceptions are logged here with their traceback, so a bug report
can quote the crash log while the user only ever sees one line naming its path. The
file is opened lazily (``delay=True``): a run that logs nothing creates nothing.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
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
    error report would print a traceback, which a user must never see."""

    def handleError(self, record: logging.LogRecord) -> None:
        pass


def crash_log_path() -> Path:
    """The crash log file (it may not exist yet)."""
    return log_dir() / CRASH_LOG_NAME


def setup_logging(verbose: bool = False) -> Path:
    """Route the ``arcade`` logger: errors to the crash log, and everything to stderr if ``verbose``.

    Safe to call more than once (tests run ``main`` many times): handlers added by an
    earlier call are replaced. A log dir that cannot be created (read-only home) only
    loses the crash log, never the run. Returns the crash log's path.
    """
    logger = logging.getLogger(LOGGER_NAME)
    for handler in [h for h in logger.handlers if getattr(h, "_arcade", False)]:
        logger.removeHandler(handler)
        handler.close()
    logger.setLevel(logging.DEBUG if verbose else logging.INFO)
    logger.propagate = False
    path = crash_log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        crash: logging.Handler = _QuietRotatingFile(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True)
        crash.setLevel(logging.ERROR)
        crash.setFormatter(logging.Formatter(_FORMAT))
        crash._arcade = True  # type: ignore[attr-defined]
        logger.addHandler(crash)
    except OSError:
        pass
    if verbose:
        stderr = logging.StreamHandler(sys.stderr)
        stderr.setLevel(logging.DEBUG)
        stderr.setFormatter(logging.Formatter("%(name)s: %(levelname)s: %(message)s"))
        stderr._arcade = True  # type: ignore[attr-defined]
        logger.addHandler(stderr)
    return path
