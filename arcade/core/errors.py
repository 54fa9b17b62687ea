"""Error types shared by every layer (core).

Every error a user can cause carries a one-line message that the CLI and the UI show as
is, so parsers and rules raise these instead of bare ``ValueError``.
"""

from __future__ import annotations


class ArcadeError(Exception):
    """An error with a message fit to show a user on one line."""


class FormatError(ArcadeError):
    """A level, save or puzzle text could not be read: ``source:line: what is wrong``."""

    def __init__(self, source: str, line: int | None, message: str) -> None:
        self.source = source
        self.line = line
        self.message = message
        where = f"{source}:{line}" if line is not None else source
        super().__init__(f"{where}: {message}")


class IllegalMove(ArcadeError):
    """A move that the rules refuse; ``str()`` is the reason, fit for a status line."""


class UsageError(ArcadeError):
    """A bad command-line request (unknown game, bad option value)."""


class OutputError(ArcadeError):
    """An output (a file, a folder, standard output) could not be written; the CLI exits 74."""
