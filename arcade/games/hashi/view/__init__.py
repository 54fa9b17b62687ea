"""Hashi's view (ui): the only part of the game that imports pygame -- the scene and its board painter.

``create_scene`` opens what the launch asks for: a saved game, a level file or bundled id,
a Tatham game ID given as ``--level``, a generated puzzle for ``--seed``, or (with nothing)
the autosave, else the last level played, else the first bundled level.
The AI's hint and watch hooks are plugged in when :mod:`arcade.games.hashi.hints` exists.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from arcade.core.errors import FormatError, UsageError
from arcade.core.registry import Launch
from arcade.core.session import Session
from arcade.games.hashi import catalog
from arcade.games.hashi.formats import TATHAM_ID, parse_tatham, read_puzzle
from arcade.games.hashi.logic import RULES, Puzzle
from arcade.games.hashi.view.scene import HashiScene
from arcade.services import saves
from arcade.services.resources import find_level, levels_dir

__all__ = ["HashiScene", "ai_hooks", "create_scene", "open_level"]


def ai_hooks() -> dict[str, Any]:
    """``hint`` and ``watch`` from the AI module when it is installed, else nothing."""
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
    """The bundled id of a level file (``classic/01-first-steps``), or its file name."""
    try:
        return str(path.resolve().relative_to(levels_dir("hashi").resolve()).with_suffix("")).replace("\\", "/")
    except (ValueError, FileNotFoundError):
        return path.name


def open_level(ref: str) -> tuple[Puzzle, str, Path | None]:
    """Resolve ``--level``: a Tatham game ID, a file of any supported format, or a bundled level id."""
    text = ref.strip()
    if TATHAM_ID.match(text):
        return parse_tatham(text, "--level"), "", None
    path = Path(ref)
    if not path.is_file():
        path = find_level("hashi", ref, "*")
    return read_puzzle(path), _level_id(path), path


def _default(app: Any, hooks: dict[str, Any]) -> tuple[Session[Any, Any, Any], Path | None]:
    """With nothing asked for: resume the autosave, else the last level played, else the first one."""
    saved = saves.read_autosave("hashi")
    if saved is not None:
        try:
            session = Session.from_dict(RULES, saved.data, str(saved.path), **hooks)
        except FormatError:
            saves.quarantine(saved.path)
        else:
            entry = catalog.find_entry(catalog.bundled_levels(), session.level_id)
            return session, entry.path if entry else None
    entries = [e for e in catalog.bundled_levels() if not e.error]
    settings = getattr(app, "settings", None)
    last = settings.game("hashi").get("last_level") if settings is not None else None
    entry = catalog.find_entry(entries, str(last)) if last else None
    entry = entry or (entries[0] if entries else None)
    if entry is None:
        raise UsageError("no Hashi levels found under levels/hashi")
    return Session(RULES, read_puzzle(entry.path), level_id=entry.id, **hooks), entry.path


def _generated(app: Any, seed: int) -> Puzzle:
    """``play hashi --seed N``: a puzzle from the generator with the New-puzzle dialog's last choices."""
    from arcade.core.topology import Topology
    from arcade.games.hashi.view.new_puzzle import DENSITIES, SIDES, make_puzzle

    settings = getattr(app, "settings", None)
    prefs = settings.game("hashi").get("new_puzzle", {}) if settings is not None else {}
    prefs = prefs if isinstance(prefs, dict) else {}
    width = prefs.get("width") if prefs.get("width") in SIDES else 10
    height = prefs.get("height") if prefs.get("height") in SIDES else 10
    difficulty = prefs.get("difficulty") if prefs.get("difficulty") in ("easy", "medium", "hard") else "medium"
    density = prefs.get("density") if prefs.get("density") in DENSITIES else 1.0
    try:
        topology = Topology.parse(str(prefs.get("topology", "plane")))
    except ValueError:
        topology = Topology.PLANE
    return make_puzzle(int(width), int(height), str(difficulty), topology, float(density), seed)


def create_scene(app: Any, launch: Launch) -> HashiScene:
    from arcade.games.hashi import INFO

    hooks = ai_hooks()
    path: Path | None = None
    if launch.save is not None:
        session = Session.from_dict(RULES, launch.save, "autosave", **hooks)
        entry = catalog.find_entry(catalog.bundled_levels(), session.level_id)
        path = entry.path if entry else None
    elif launch.level is not None:
        puzzle, level_id, path = open_level(launch.level)
        session = Session(RULES, puzzle, level_id=level_id, **hooks)
    elif launch.seed is not None:
        session = Session(RULES, _generated(app, launch.seed), level_id="generated", **hooks)
    else:
        session, path = _default(app, hooks)
    return HashiScene(INFO, session, level_path=path)
