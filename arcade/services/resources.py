"""Finding bundled ``assets/`` and ``levels/`` (services), in a checkout and in an installed wheel.

The wheel maps the top-level ``assets/`` and ``levels/`` folders to ``arcade/assets`` and
``arcade/levels`` (see ``pyproject.toml``); in a checkout or an editable install they sit
beside the package. This module is the only place that knows.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeVar, overload

from arcade.core.errors import QUOTE_PATH_LIMIT, UsageError, quoted
from arcade.core.game import Rules
from arcade.core.inputs import check_reachable, check_regular_file, read_stream_text

LevelT = TypeVar("LevelT")

#: The argument that names standard input, and how errors in it are located (``<stdin>:3: ...``).
STDIN_REF = "-"
STDIN_NAME = "<stdin>"

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def _root_for(name: str) -> Path:
    for candidate in (_PACKAGE_DIR / name, _PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bundled folder {name!r} not found next to {_PACKAGE_DIR}")


def assets_dir() -> Path:
    """The bundled ``assets/`` (fonts, the icon) in a checkout or a wheel; FileNotFoundError if
    the install lost it.
    """
    return _root_for("assets")


def levels_dir(game: str | None = None) -> Path:
    """The bundled ``levels/`` folder, or ``game``'s folder in it (which may not exist: a game
    that bundles no levels has none); FileNotFoundError if ``levels/`` itself is missing.
    """
    root = _root_for("levels")
    return root / game if game else root


def level_files(game: str, pattern: str = "*") -> list[Path]:
    """Bundled level files of a game, sorted by path (empty if the game bundles none)."""
    folder = levels_dir(game)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob(pattern) if p.is_file() and not p.name.startswith("."))


def find_level(game: str, ref: str, pattern: str = "*.txt", also: str = "") -> Path:
    """Resolve ``--level FILE_OR_ID``: an existing file path, else a bundled level by id.

    An id is a bundled file's path relative to ``levels/<game>/`` without its suffix
    (``pack/easy-01``), or just its stem when that is unambiguous. A path that exists but
    is a FIFO, a device or a file over the input limit is refused here (FormatError), before
    anything opens it: ``open`` on a FIFO with no writer would block for ever. ``also`` names
    what else the game takes for a level (Hashi: a game ID), in the error when ``ref`` is nothing.
    """
    path = Path(ref)  # Path("") is ".", the current folder: an empty --level is no path at all
    try:
        exists = bool(ref) and path.exists() and not path.is_dir()
    except (OSError, ValueError):  # a name too long for the file system, a NUL byte
        exists = False
    if exists:
        check_regular_file(path)
        return path
    root = levels_dir(game)
    files = level_files(game, pattern)
    by_id = {str(f.relative_to(root).with_suffix("")): f for f in files}
    if ref in by_id:
        return by_id[ref]
    stems = [f for f in files if f.stem == ref or f.name == ref]
    if len(stems) == 1:
        return stems[0]
    if len(stems) > 1:
        raise UsageError(f"level id {quoted(ref, QUOTE_PATH_LIMIT)} is ambiguous for {game}: "
                         f"use one of {sorted(by_id)[:5]}")
    with contextlib.suppress(OSError, ValueError):
        if ref and path.is_dir():  # "a directory, not a regular file", not "no level file ..."
            check_regular_file(path)
    if ref:  # in a folder that cannot be entered, or a link loop: "cannot read file", not "no level file"
        check_reachable(path)
    nor = f", nor {also}" if also else ""
    raise UsageError(f"no level file or bundled level {quoted(ref, QUOTE_PATH_LIMIT)} for {game}{nor} "
                     f"(list them: puzzle-arcade levels {game})")


@overload
def read_level(rules: Rules[LevelT, Any, Any], ref: str) -> tuple[LevelT, Path]: ...
@overload
def read_level(rules: Rules[LevelT, Any, Any], ref: str, *, stdin: bool) -> tuple[LevelT, Path | None]: ...
def read_level(rules: Rules[LevelT, Any, Any], ref: str, *, stdin: bool = False) -> tuple[LevelT, Path | None]:
    """The level a command-line argument names, and its file: a path, a bundled id, or ``-``.

    ``-`` is standard input (bounded, strict UTF-8; the file is None) where the caller says
    ``stdin=True``, and otherwise an id like any other. Everything else goes through
    :func:`find_level` (FIFOs, devices, directories and oversized files refused before they
    are opened; a bundled id looked up with the game's ``level_pattern``) and
    ``Rules.load_level_file`` (strict UTF-8, the game's parser). Every game read its arguments
    with its own copy of these steps, and the copies had drifted: Battle Royale skipped
    ``load_level_file``, Hashi's ``solve`` named a missing level in other words and as a
    different kind of error than its ``export`` and ``play``. A game's own forms (a Hashi game
    ID, a Tron ``random-SEED``) are read by the game before it calls this, and named in the
    error through ``rules.level_forms``.
    """
    if stdin and ref == STDIN_REF:
        return rules.parse_level(read_stream_text(sys.stdin, STDIN_NAME).removeprefix("\ufeff"), STDIN_NAME), None
    path = find_level(rules.name, ref, rules.level_pattern, rules.level_forms)
    return rules.load_level_file(path), path


def read_level_arg(rules: Rules[LevelT, Any, Any], ref: str) -> tuple[LevelT, Path | None]:
    """A level named by a command-line filter's argument: like :func:`read_level`, with ``-`` as stdin.

    Every command that reads a level (``solve``, ``export``, ``referee``, ``tournament --maps``)
    calls this, so ``-`` means the same thing for every game: only Battle Royale's ``solve``
    passed ``stdin=True``, and ``solve hashi -`` said there was no level ``'-'``. Windows
    (``play --level``) call :func:`read_level` itself: a window is not a filter.
    """
    return read_level(rules, ref, stdin=True)


def check_stdin_once(refs: Iterable[str]) -> None:
    """Refuse ``-`` given more than once: standard input can be read only once.

    The second ``-`` would read an empty text and be reported as a malformed level.
    """
    if sum(ref == STDIN_REF for ref in refs) > 1:
        raise UsageError("'-' (standard input) is given more than once: it can be read only once")
