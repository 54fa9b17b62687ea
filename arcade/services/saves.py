"""Autosaves and records (services): one autosave per game, best times, all written atomically.

The game scenes save after every move, so quitting -- or a crash -- never loses a
player's progress; the menu offers "Continue" for the most recent autosave. A damaged
save is moved aside (never silently deleted) and reported in one line.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arcade.services.files import atomic_write_text
from arcade.services.paths import data_dir


@dataclass(frozen=True)
class Autosave:
    game: str
    path: Path
    saved_at: float
    data: dict[str, Any]
    label: str


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path(game: str) -> Path:
    return saves_dir() / f"{game}.json"


def write_autosave(game: str, data: dict[str, Any], label: str = "") -> None:
    """Store ``data`` (a JSON-able session dict) as the autosave of ``game``."""
    payload = {"saved_at": time.time(), "label": label, "session": data}
    atomic_write_text(autosave_path(game), json.dumps(payload) + "\n")


def clear_autosave(game: str) -> None:
    autosave_path(game).unlink(missing_ok=True)


def read_autosave(game: str) -> Autosave | None:
    """The autosave of ``game``, or None; a damaged file is renamed ``*.damaged`` and skipped."""
    path = autosave_path(game)
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
        return Autosave(
            game=game,
            path=path,
            saved_at=float(payload["saved_at"]),
            data=dict(payload["session"]),
            label=str(payload.get("label", "")),
        )
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        quarantine(path)
        return None


def quarantine(path: Path) -> Path | None:
    """Move a damaged save aside so it stops failing but can still be inspected."""
    target = path.with_suffix(path.suffix + ".damaged")
    try:
        path.replace(target)
    except OSError:
        return None
    return target


def latest_autosave(games: list[str]) -> Autosave | None:
    found = [s for s in (read_autosave(g) for g in games) if s is not None]
    return max(found, key=lambda s: s.saved_at, default=None)


def records_path() -> Path:
    return data_dir() / "records.json"


def read_records() -> dict[str, Any]:
    try:
        data = json.loads(records_path().read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def record_result(game: str, key: str, value: float, *, lower_is_better: bool = True) -> bool:
    """Keep the best ``value`` for ``game``/``key`` (e.g. a solve time); True if it is a new best."""
    records = read_records()
    per_game = records.setdefault(game, {})
    old = per_game.get(key)
    better = old is None or (value < old if lower_is_better else value > old)
    if better:
        per_game[key] = value
        atomic_write_text(records_path(), json.dumps(records, indent=1) + "\n")
    return better
