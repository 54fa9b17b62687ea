"""Finding bundled ``assets/`` and ``levels/`` (services), in a checkout and in an installed wheel.

The wheel maps the top-level ``assets/`` and ``levels/`` folders to ``arcade/assets`` and
``arcade/levels`` (see ``pyproject.toml``); in a checkout or an editable install they sit
beside the package. This module is the only place that knows.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from arcade.core.errors import UsageError
from arcade.core.inputs import check_regular_file

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def _root_for(name: str) -> Path:
    for candidate in (_PACKAGE_DIR / name, _PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bundled folder {name!r} not found next to {_PACKAGE_DIR}")


def assets_dir() -> Path:
    return _root_for("assets")


def levels_dir(game: str | None = None) -> Path:
    root = _root_for("levels")
    return root / game if game else root


def level_files(game: str, pattern: str = "*") -> list[Path]:
    """Bundled level files of a game, sorted by path (empty if the game bundles none)."""
    folder = levels_dir(game)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob(pattern) if p.is_file() and not p.name.startswith("."))


def find_level(game: str, ref: str, pattern: str = "*.txt") -> Path:
    """Resolve ``--level FILE_OR_ID``: an existing file path, else a bundled level by id.

    An id is a bundled file's path relative to ``levels/<game>/`` without its suffix
    (``pack/easy-01``), or just its stem when that is unambiguous. A path that exists but
    is a FIFO, a device or a file over the input limit is refused here (FormatError), before
    anything opens it: ``open`` on a FIFO with no writer would block for ever.
    """
    path = Path(ref)
    try:
        exists = path.exists() and not path.is_dir()
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
        raise UsageError(f"level id {ref!r} is ambiguous for {game}: use one of {sorted(by_id)[:5]}")
    with contextlib.suppress(OSError, ValueError):
        if path.is_dir():  # "a directory, not a regular file", not "no level file ..."
            check_regular_file(path)
    raise UsageError(f"no level file or bundled level {ref!r} for {game} (list them: puzzle-arcade levels {game})")
