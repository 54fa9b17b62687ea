"""Error types shared by every layer (core).

Every error a user can cause carries a one-line message that the CLI and the UI show as
is, so parsers and rules raise these instead of bare ``ValueError``.
"""

from __future__ import annotations

#: The program's exit statuses, one table for the CLI and every game's commands (``arcade.cli``
#: explains when each is used). A game's command returned a bare 1 for "no route" or "a test
#: failed"; the number now has the name the documentation gives it.
EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 70  # sysexits EX_SOFTWARE
EXIT_IO = 74  # sysexits EX_IOERR
EXIT_INTERRUPTED = 130  # 128 + SIGINT, also used for SIGTERM


#: How many characters of a user's text an error line quotes at most (:func:`quoted`).
QUOTE_LIMIT = 40
#: The same for what may be a file's path (a level reference): its folders are part of the name.
QUOTE_PATH_LIMIT = 200


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for an error line: escaped as ``repr`` escapes it (a NUL is ``\\x00``, a newline
    ``\\n``) and cut to about ``limit`` characters with "…".

    Every parser quotes what it could not read, and quoted it whole: ``solve hashi --file F`` where
    F held 3000 NUL bytes printed one line of 12,000 characters (``'\\x00\\x00...'``). The limit is
    on the escaped text, so 40 NULs do not make 160 characters either.
    """
    text = str(text)
    shown = repr(text)
    if len(shown) - 2 <= limit:
        return shown
    keep = min(len(text), limit)
    while keep > 0 and len(repr(text[:keep])) - 2 > limit:
        keep -= 1
    cut = repr(text[:keep])
    return f"{cut[:-1]}…{cut[-1]}"


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


def newer_version(value: object, reads: int) -> int | None:
    """``value`` (a file's version field) when it is a whole number above ``reads``, the version
    this program reads -- a newer Puzzle Arcade's file -- else None (this version's, or damage)."""
    if isinstance(value, int) and not isinstance(value, bool) and value > reads:
        return value
    return None


def newer_words(kind: str, version: int, reads: int) -> str:
    """How every file of a newer Puzzle Arcade is named, so a player reads one wording for all:
    "made by a newer Puzzle Arcade (save version 3; this one reads 1)". Such a file is not damage:
    a save of a newer version was reported as "damaged and moved aside"."""
    return f"made by a newer Puzzle Arcade ({kind} version {version}; this one reads {reads})"


class NewerVersion(FormatError):
    """A file (a save, a replay, a history) of a version newer than this program reads: ``str()``
    is ``source: made by a newer Puzzle Arcade (KIND version N; this one reads M)``. A
    :class:`FormatError`, so every reader's one-line handling holds; callers that keep files tell
    it apart to keep the file as a newer version's, not set it aside as damaged."""

    def __init__(self, source: str, kind: str, version: int, reads: int) -> None:
        self.kind, self.version, self.reads = kind, version, reads
        super().__init__(source, None, newer_words(kind, version, reads))


class IllegalMove(ArcadeError):
    """A move that the rules refuse; ``str()`` is the reason, fit for a status line."""


class UsageError(ArcadeError):
    """A bad command-line request (unknown game, bad option value)."""


class OutputError(ArcadeError):
    """An output (a file, a folder, standard output) could not be written; the CLI exits 74."""


def cannot_write(target: object, why: object) -> OutputError:
    """The one line every command says when an output cannot be written (exit 74):
    ``cannot write TARGET: WHY`` -- a file, a folder, "standard output".

    Some commands said "I/O error: PATH: ..." and others "cannot write PATH: ..." (or "cannot
    write to", "cannot write the replay", "cannot write into --out") for the same full disk.
    ``why`` may be the OSError itself: its reason is taken, without the file it names (``target`` does).
    """
    if isinstance(why, OSError):
        why = why.strerror or why
    return OutputError(f"cannot write {target}: {why}")


def error_line(exc: ArcadeError) -> str:
    """What a command prints for ``exc`` after ``puzzle-arcade:``: a request it cannot follow says
    ``error:`` first, as argparse's own refusals do; a file's fault is named by its place alone.
    Hashi's ``solve`` of several puzzles, which goes on past a bad one, printed "no level file ..."
    without the ``error:`` every other command put before it."""
    return f"error: {exc}" if isinstance(exc, UsageError) else str(exc)
