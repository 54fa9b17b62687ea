"""Hashi's view (ui): the only part of the game that imports pygame -- the scene and its board painter.

``FRONT`` declares Hashi to the framework, which opens it the same way as every game:
a level file or bundled id, a Tatham game ID given as ``--level``, a generated puzzle for
``--seed``; with nothing asked for, the autosave, else the last level played, else the
first bundled level. The AI's hint and watch hooks are plugged in when
:mod:`arcade.games.hashi.hints` exists.
"""

from __future__ import annotations

import errno
import importlib
import math
from dataclasses import replace
from pathlib import Path, PurePath
from typing import Any

from arcade.core.errors import UsageError
from arcade.core.game import Example, LevelEntry
from arcade.core.registry import Launch
from arcade.core.session import Session
from arcade.games.hashi import INFO, catalog
from arcade.games.hashi.formats import TATHAM_ID, parse_tatham, read_puzzle
from arcade.games.hashi.logic import RULES, Puzzle
from arcade.games.hashi.view.scene import HashiScene
from arcade.services.resources import level_files, levels_dir, read_level
from arcade.services.settings import stored_choice
from arcade.ui.front import GameFront

#: The picker's group of the player's own puzzles (after the bundled groups).
MY_PUZZLES = "my-puzzles"

__all__ = ["FRONT", "HashiScene", "ai_hooks", "open_level"]


def ai_hooks() -> dict[str, Any]:
    """``hint`` and ``watch`` from the AI module when it is installed, else nothing (the scene
    calls both with ``should_stop``, which a search asks to end early)."""
    try:
        hints = importlib.import_module("arcade.games.hashi.hints")
    except ImportError:
        return {}
    hooks = {}
    for name in ("hint", "watch"):
        hook = getattr(hints, name, None)
        if callable(hook):
            hooks[name] = hook
    return hooks


def _level_id(path: Path) -> str:
    """The bundled id of a level file (``classic/01-first-steps``), ``my-puzzles/NAME`` for one the
    editor saved, or else its file name."""
    try:
        return str(path.resolve().relative_to(levels_dir("hashi").resolve()).with_suffix("")).replace("\\", "/")
    except (ValueError, FileNotFoundError):
        pass
    mine = _my_puzzle_name(path)
    return f"{MY_PUZZLES}/{mine}" if mine else path.name


def _my_puzzle_name(path: Path) -> str:
    """``path`` below the editor's folder, as ``sub/name.txt`` ("" when it is elsewhere)."""
    from arcade.games.hashi.view.puzzle_files import edits_dir

    try:
        return str(path.resolve().relative_to(edits_dir().resolve())).replace("\\", "/")
    except (ValueError, OSError):
        return ""


def my_puzzle_path(level_id: str) -> Path | None:
    """The file of a ``my-puzzles/NAME`` level id (None for any other id)."""
    from arcade.games.hashi.view.puzzle_files import edits_dir

    prefix = f"{MY_PUZZLES}/"
    if not level_id.startswith(prefix):
        return None
    name = level_id[len(prefix):]
    parts = name.replace("\\", "/").split("/")
    # Below the folder only: no "..", no absolute tail ("my-puzzles//etc/hosts" named /etc/hosts),
    # and no dot file (the editor's spare copy of an unsaved board is not a puzzle).
    if not name or PurePath(name).is_absolute() or any(p in ("", "..") or p.startswith(".") for p in parts):
        return None
    return edits_dir() / name


def _inside_bundle(path: Path) -> bool:
    """Whether ``path`` is a bundled level (the editor saves a copy elsewhere rather than change it)."""
    try:
        path.resolve().relative_to(levels_dir("hashi").resolve())
    except (ValueError, FileNotFoundError):
        return False
    return True


def open_level(ref: str, option: str = "--level") -> tuple[Puzzle, str, Path | None]:
    """Resolve ``--level`` (or ``option``, the one the player typed: ``--edit``): a Tatham game ID,
    a file of any supported format, or a bundled level id. A bad game ID is named by ``option``:
    ``--edit 7x7m2:zzzz`` said "--level:1: ...", an option the player never gave."""
    text = ref.strip()
    if TATHAM_ID.match(text):
        return parse_tatham(text, option), "", None
    mine = my_puzzle_path(text)  # "my-puzzles/NAME": a puzzle the editor saved
    if mine is not None and mine.is_file():
        return read_puzzle(mine), _level_id(mine), mine
    puzzle, path = read_level(RULES, ref)
    return puzzle, _level_id(path), path


def _generated(app: Any, seed: int) -> Puzzle:
    """``play hashi --seed N``: a puzzle from the generator with the New-puzzle dialog's last choices."""
    from arcade.core.topology import Topology
    from arcade.games.hashi.view.new_puzzle import DENSITIES, SIDES, make_puzzle

    settings = getattr(app, "settings", None)
    prefs = settings.game("hashi").get("new_puzzle", {}) if settings is not None else {}
    prefs = prefs if isinstance(prefs, dict) else {}
    width = stored_choice(prefs.get("width"), SIDES, 10)
    height = stored_choice(prefs.get("height"), SIDES, 10)
    difficulty = stored_choice(prefs.get("difficulty"), ("easy", "medium", "hard"), "medium")
    density = stored_choice(prefs.get("density"), DENSITIES, 1.0)
    try:
        topology = Topology.parse(str(prefs.get("topology", "plane")))
    except ValueError:
        topology = Topology.PLANE
    return make_puzzle(int(width), int(height), str(difficulty), topology, float(density), seed,
                       prefs.get("no_touching") is True)


def _file_name(ref: str) -> str:
    """``--edit NAME``: a bare name that is no file, game ID or level id means ``NAME.txt``, the
    file Save writes (or the puzzle saved there before). ``--edit harbour`` said "no level file or
    bundled level" where ``--edit harbour.txt`` created the puzzle."""
    path = Path(ref)
    try:
        if path.suffix or TATHAM_ID.match(ref.strip()) or path.exists() or my_puzzle_path(ref.strip()):
            return ref
    except (OSError, ValueError):  # a name too long for the file system, a NUL byte: said by open_level
        return ref
    root = levels_dir("hashi")
    if any(ref in (str(f.relative_to(root).with_suffix("")), f.stem) for f in level_files("hashi")):
        return ref  # a bundled level's id ("classic/05-harbour", "05-harbour")
    return ref + ".txt"


def _exists(ref: str) -> bool:
    """Whether the file ``--edit`` names is there; a name no file can have (longer than the file
    system allows) is a usage error in one line: ``Path.exists`` raised, and the editor said
    "cannot write NAME: File name too long" (exit 74) of a file it was never asked to write."""
    try:
        return Path(ref).exists()
    except ValueError:  # a NUL byte: no file (open_level says so)
        return False
    except OSError as exc:
        if exc.errno != errno.ENAMETOOLONG:
            raise
        shown = ref if len(ref) <= 40 else f"{ref[:40]}…"
        raise UsageError(f"--edit {shown}: the name is too long for a file ({len(ref)} characters); "
                         "give a shorter FILE, a bundled level or a game ID") from None


def _unsaved_or_blank() -> Any:
    """``--edit`` alone: the board left unsaved last time, else a blank 7x7 one (saying why, when
    the draft could not be read)."""
    from arcade.games.hashi.editing import Draft
    from arcade.games.hashi.view.editor import EditorScene, read_draft_or_why

    draft, why = read_draft_or_why()
    scene = EditorScene(INFO, draft or Draft.blank(), from_draft=draft is not None)
    if draft is not None and scene.from_draft:  # (not: the file saved since holds it, said by the scene)
        # A different board's draft the recovery set aside, a damaged undo history: said, not lost.
        notes = [note for note in (scene.recovery_note, scene.history_note) if note]
        # (A draft older than its file is asked about instead: the toast stood on after "Open the file".)
        lead = [] if scene.older_draft_asked else ["Your unsaved board from last time (Ctrl+N starts over)."]
        if lead or notes:
            scene.toast.show(" ".join([*lead, *notes]), "info", 10.0 if notes else 6.0)
    elif why:  # a damaged draft: said, and kept aside (it opened a blank board with no word)
        scene.toast.show(f"{why} A blank board instead.", "error", 10.0)
    return scene


class HashiFront(GameFront):
    """Hashi's declaration: the level catalogue, Tatham IDs as levels, the generator for seeds, the AI."""

    warm_modules = ("arcade.games.hashi.hints", "arcade.games.hashi.view.editor")

    def levels(self) -> list[LevelEntry]:
        return [catalog.picker_entry(e) for e in catalog.bundled_levels()]

    def extra_choices(self) -> list[LevelEntry]:
        """The puzzles saved from the editor, under "My puzzles" (they were reachable only by
        ``play hashi --edit FILE`` or the clipboard); a row opens the file by its path."""
        from arcade.games.hashi.view.puzzle_files import edits_dir

        return [replace(catalog.picker_entry(e), id=_level_id(e.path), group=MY_PUZZLES)
                for e in catalog.bundled_levels(edits_dir())]

    def open_level(self, ref: str) -> tuple[Puzzle, str]:
        puzzle, level_id, _path = open_level(ref)
        return puzzle, level_id

    def seeded_level(self, app: Any, seed: int) -> tuple[Puzzle, str]:
        return _generated(app, seed), "generated"

    def reopen_ref(self, level: Puzzle, level_id: str) -> str | None:
        """A bundled level, or a puzzle of My puzzles by its id (read again: an edit since shows)."""
        if my_puzzle_path(level_id) is not None:
            return level_id
        return super().reopen_ref(level, level_id)

    def hooks(self) -> dict[str, Any]:
        return ai_hooks()

    def example(self) -> Example:
        return Example("2.3\n...\n..1\n", ("set 0 0 E 2", "set 0 2 S 1"), (
            "Three islands: the 2 and the 1 each have one neighbour in line, the 3 has two.",
            "The 2's only neighbour is the 3, so both its bridges go there: a double bridge.",
            "The 3 has 2 and needs one more: down to the 1. Every number is met and all are joined: solved.",
        ))

    def record_key(self, level: Puzzle) -> str:
        return catalog.level_key(level)

    def record_value(self, scene: Any) -> float:
        """The time to the tenth, cut rather than rounded: the clock and the result's "Time: 00:25"
        cut to the second, and a record rounded up read "recorded: time 00:26" under it."""
        return math.floor(round(scene.elapsed * 10, 6)) / 10  # round(): 8.1 s stays 8.1, not 8.0

    def open_options(self, app: Any, launch: Launch) -> Any:
        """``play hashi --edit [FILE|ID]``: the editor on a file, a bundled level, a game ID or a blank board.

        A FILE that does not exist yet is where Save will write a new puzzle.
        """
        if "edit" not in launch.options:
            return None
        from arcade.games.hashi.editing import Draft
        from arcade.games.hashi.view.editor import EditorScene

        ref = launch.options["edit"] or ""
        if not ref:
            return _unsaved_or_blank()
        if ref.strip() == "-":
            # "-" is stdin to a filter, but the editor is a window that saves to a file: it made a
            # puzzle called "-.txt". Refused, as ``--level -`` and ``solve hashi -`` refuse it.
            raise UsageError("--edit -: the editor does not read standard input; give a FILE, "
                             "a bundled level or a game ID (a puzzle piped in: save it to a file first)")
        ref = _file_name(ref)
        if not TATHAM_ID.match(ref.strip()) and not _exists(ref) and Path(ref).suffix:
            if not Path(ref).parent.is_dir():
                raise UsageError(f"cannot create {ref}: no folder {Path(ref).parent}")
            return EditorScene(INFO, Draft.blank(), Path(ref))
        puzzle, _level_id, path = open_level(ref, "--edit")
        writable = path if path is not None and not _inside_bundle(path) else None
        return EditorScene(INFO, Draft.of(puzzle), writable)

    def make_scene(self, app: Any, session: Session[Any, Any, Any]) -> HashiScene:
        return HashiScene(INFO, session)


FRONT = HashiFront(INFO)
