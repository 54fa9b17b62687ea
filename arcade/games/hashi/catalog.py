"""Hashi level catalogue (pure): every bundled level file under ``levels/hashi/``, with what a picker shows.

The picker lists every level file below ``levels/hashi/`` recursively (our ``.txt`` files,
Tatham IDs saved as ``.txt``, CLLV ``.has``), grouped by folder, so generated packs
appear as soon as their files exist. Summaries are cached by path and modification time.
A level's *key* is a digest of its board (not its title or file name), so best times
follow a puzzle wherever it comes from.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from arcade.core import game
from arcade.core.errors import FormatError
from arcade.core.grid import size_name
from arcade.games.hashi.formats import LEVEL_SUFFIXES, format_level, read_puzzle
from arcade.games.hashi.logic import Puzzle
from arcade.services.resources import levels_dir

GAME = "hashi"


@dataclass(frozen=True)
class LevelEntry:
    """One bundled level as the picker shows it; ``error`` is set (and the rest empty) if it does not load."""

    id: str
    path: Path
    folder: str
    title: str
    rows: int = 0
    cols: int = 0
    islands: int = 0
    difficulty: str = ""
    topology: str = "plane"
    key: str = ""
    error: str = ""

    @property
    def size(self) -> str:
        return size_name(self.cols, self.rows)


def level_key(puzzle: Puzzle) -> str:
    """A short digest of the board and topology (titles and other headers do not count)."""
    bare = Puzzle(puzzle.shape, puzzle.islands)
    return "p" + hashlib.sha1(format_level(bare).encode()).hexdigest()[:16]


_CACHE: dict[tuple[Path, float], LevelEntry] = {}


def _entry(root: Path, path: Path) -> LevelEntry:
    level_id = str(path.relative_to(root).with_suffix("")).replace("\\", "/")
    folder = str(path.parent.relative_to(root)).replace("\\", "/")
    folder = "" if folder == "." else folder
    try:
        stamp = path.stat().st_mtime
    except OSError:
        stamp = 0.0
    cached = _CACHE.get((path, stamp))
    if cached is not None:
        return cached
    try:
        puzzle = read_puzzle(path)
    except FormatError as exc:
        entry = LevelEntry(level_id, path, folder, path.stem, error=str(exc))
    else:
        entry = LevelEntry(
            level_id, path, folder, puzzle.title or path.stem.replace("-", " ").replace("_", " "),
            puzzle.rows, puzzle.cols, len(puzzle.islands), puzzle.meta_value("difficulty"),
            puzzle.topology.value, level_key(puzzle),
        )
    _CACHE[(path, stamp)] = entry
    return entry


def bundled_levels(root: Path | None = None) -> list[LevelEntry]:
    """Every level file below ``levels/hashi`` (or ``root``), sorted by folder then file name."""
    if root is None:
        try:
            root = levels_dir(GAME)
        except FileNotFoundError:
            return []
    if not root.is_dir():
        return []
    files = [
        p for p in root.rglob("*")
        if p.is_file() and p.suffix.lower() in LEVEL_SUFFIXES and not p.name.startswith(".")
    ]
    files.sort(key=lambda p: (str(p.parent.relative_to(root)).lower(), p.name.lower()))
    return [_entry(root, p) for p in files]


def find_entry(entries: list[LevelEntry], level_id: str) -> LevelEntry | None:
    """The entry with ``level_id`` (``group/name``), or None: an id from a save or ``--level`` may name a
    level that is no longer bundled.
    """
    return next((e for e in entries if e.id == level_id), None)


def picker_entry(entry: LevelEntry) -> game.LevelEntry:
    """A catalogue entry as the framework's level picker lists it (grouped by folder, best time by board)."""
    if entry.error:
        return game.LevelEntry(entry.id, entry.title, group=entry.folder, error=entry.error, value=entry.path)
    return game.LevelEntry(entry.id, entry.title, group=entry.folder,
                           subtitle=f"{entry.size} · {entry.islands} islands · {entry.topology}",
                           tag=entry.difficulty, record_key=entry.key, value=entry.path)
