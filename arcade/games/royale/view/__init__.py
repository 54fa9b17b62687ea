"""Battle Royale UI (ui): opening a game (resume, level, random grid), the level picker and new grids.

``create_scene(app, launch)`` resumes an autosave, opens ``--level FILE_OR_ID``, makes a
random grid for ``--seed``, or reopens the last level played (the seed's example the
first time).
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path
from typing import Any

from arcade.core.errors import ArcadeError
from arcade.core.registry import Launch
from arcade.core.rng import new_seed
from arcade.core.session import Session
from arcade.games.royale import INFO, ai
from arcade.games.royale.generator import generate
from arcade.games.royale.logic import RULES, Level
from arcade.services.resources import find_level, level_files, levels_dir
from arcade.ui.picker import Choice, PickerScene

from .scene import RoyaleScene

RANDOM_SIZES = ((15, 0.2), (21, 0.2), (31, 0.2), (31, 0.3), (41, 0.15), (51, 0.1))


def bundled_levels() -> list[tuple[str, Path]]:
    root = levels_dir("royale")
    return [(str(p.relative_to(root).with_suffix("")), p) for p in level_files("royale", RULES.level_pattern)]


def load_ref(ref: str) -> tuple[Level, str]:
    """A level and its id from a file path or a bundled id (FormatError/UsageError otherwise)."""
    path = find_level("royale", ref, RULES.level_pattern)
    level = RULES.load_level_file(path)
    try:
        level_id = str(path.resolve().relative_to(levels_dir("royale").resolve()).with_suffix(""))
    except ValueError:
        level_id = str(path)
    return level, level_id


def random_level(prefs: dict[str, Any], seed: int | None = None) -> tuple[Level, str]:
    size = int(prefs.get("random_size", 21))
    density = float(prefs.get("random_density", 0.2))
    seed = new_seed() if seed is None else seed
    try:
        level = generate(size, size, density, seed)
    except ArcadeError:
        size, density = 21, 0.2
        level = generate(size, size, density, seed)
    return level, f"random {size}x{size} #{seed}"


def open_picker(scene: RoyaleScene) -> None:
    assert scene.app is not None
    app = scene.app
    records = _records()
    choices = []
    current = 0
    for index, (level_id, path) in enumerate(bundled_levels()):
        try:
            level = RULES.load_level_file(path)
        except ArcadeError as exc:
            choices.append(Choice(level_id, str(exc), None, tag="damaged", role="error"))
            continue
        if level_id == scene.session.level_id:
            current = index
        par = level.meta_value("par", "?")
        density = round(100 * level.loot_count / max(1, level.rows * level.cols))
        best = records.get(ai.level_key(level))
        tag = f"best {best:g}/{par}" if best is not None else f"par {par}"
        role = "good" if best is not None and str(int(best)) == par else "text_dim"
        choices.append(Choice(level.title, f"{level_id} · {level.rows}x{level.cols} · {density} % loot",
                              (level, level_id), tag=tag, role=role))
    for size, density in RANDOM_SIZES:
        choices.append(Choice(f"Random {size}x{size}, {density * 100:g} % loot", "a new grid every time",
                              ("random", size, density), tag="random"))

    def pick(choice: Choice) -> None:
        if choice.value is None:
            return
        prefs = app.game_settings(INFO.name)
        if choice.value[0] == "random":
            _, size, density = choice.value
            prefs["random_size"], prefs["random_density"] = size, density
            level, level_id = random_level(prefs)
        else:
            level, level_id = choice.value
            prefs["last_level"] = level_id
        scene.replace_level(level, level_id)

    app.push(PickerScene("Battle Royale — choose a grid", choices, pick, selected=current))


def new_grid(scene: RoyaleScene) -> None:
    assert scene.app is not None
    prefs = scene.app.game_settings(INFO.name)
    level, level_id = random_level(prefs)
    scene.replace_level(level, level_id)
    scene.toast.show(f"New grid: {level.title} (seed in the level id)", "info")


def _records() -> dict[str, float]:
    from arcade.services.saves import read_records

    data = read_records().get(INFO.name, {})
    return {k: float(v) for k, v in data.items() if isinstance(v, (int, float))} if isinstance(data, dict) else {}


def create_scene(app: Any, launch: Launch) -> RoyaleScene:
    stop = threading.Event()
    hooks = {"hint": functools.partial(ai.hint, should_stop=stop.is_set),
             "watch": functools.partial(ai.watch, should_stop=stop.is_set)}
    prefs = app.game_settings(INFO.name)
    if launch.save is not None:
        session = Session.from_dict(RULES, launch.save, "autosave", **hooks)
    else:
        if launch.level is not None:
            level, level_id = load_ref(launch.level)
            prefs["last_level"] = level_id
        elif launch.seed is not None:
            level, level_id = random_level(prefs, launch.seed)
        else:
            level, level_id = None, ""
            last = prefs.get("last_level")
            if isinstance(last, str):
                try:
                    level, level_id = load_ref(last)
                except ArcadeError:
                    level = None
            if level is None:
                level, level_id = load_ref(bundled_levels()[0][0])
        session = Session(RULES, level, level_id=level_id, **hooks)
    return RoyaleScene(INFO, session, stop_event=stop, open_picker=open_picker, new_grid=new_grid)
