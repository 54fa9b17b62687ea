"""Battle Royale UI (ui): the game's front-end declaration -- levels, random grids, records, the scene.

The framework opens Battle Royale like every game (resume, ``--level``, ``--seed``, the
last level played); :class:`RoyaleFront` says what is particular: bundled grids grouped
by size with their par, random grids as extra picker rows, loot as the record.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arcade.core.errors import ArcadeError
from arcade.core.game import Example, LevelEntry
from arcade.core.grid import cell_name, size_name
from arcade.core.rng import new_seed
from arcade.core.session import Session
from arcade.games.royale import INFO, ai
from arcade.games.royale.generator import generate
from arcade.games.royale.logic import RULES, Level
from arcade.services.resources import level_files, levels_dir, read_level
from arcade.ui.front import GameFront

from .scene import RoyaleScene

RANDOM_SIZES = ((15, 0.2), (21, 0.2), (31, 0.2), (31, 0.3), (41, 0.15), (51, 0.1))
DEFAULT_RANDOM = (21, 0.2)


def bundled_levels() -> list[tuple[str, Path]]:
    """Every bundled grid as (level id, path), the id being its path under ``levels/royale`` without
    suffix, as ``--level`` and saves name it.
    """
    root = levels_dir("royale")
    return [(str(p.relative_to(root).with_suffix("")), p) for p in level_files("royale", RULES.level_pattern)]


def load_ref(ref: str) -> tuple[Level, str]:
    """A level and its id from a file path or a bundled id (FormatError/UsageError otherwise)."""
    level, path = read_level(RULES, ref)
    try:
        level_id = str(path.resolve().relative_to(levels_dir("royale").resolve()).with_suffix(""))
    except ValueError:
        level_id = str(path)
    return level, level_id


def random_recipe(prefs: dict[str, Any]) -> tuple[int, float]:
    """The last random grid size chosen, if the settings hold one we offer; else the default."""
    recipe = (prefs.get("random_size"), prefs.get("random_density"))
    return recipe if recipe in RANDOM_SIZES else DEFAULT_RANDOM  # type: ignore[return-value]


def random_level(size: int, density: float, seed: int | None = None) -> tuple[Level, str]:
    """A new ``size`` x ``size`` grid at ``density`` loot and its title; ``seed`` None draws a fresh
    one, which the title shows so the grid can be made again.
    """
    seed = new_seed() if seed is None else seed
    return generate(size, size, density, seed), f"random {size}x{size} #{seed}"


def size_group(level: Level) -> str:
    """The level picker's group of a grid by its larger side: small (≤ 15), medium (≤ 31) or large."""
    side = max(level.rows, level.cols)
    return "small" if side <= 15 else "medium" if side <= 31 else "large"


class RoyaleFront(GameFront):
    """Battle Royale's declaration to the framework."""

    level_noun = "grid"  # the picker's title, as its help ("L: ... grid") names it

    def levels(self) -> list[LevelEntry]:
        entries = []
        for level_id, path in bundled_levels():
            try:
                level = RULES.load_level_file(path)
            except ArcadeError as exc:
                entries.append(LevelEntry(level_id, level_id, error=str(exc)))
                continue
            density = round(100 * level.loot_count / max(1, level.rows * level.cols))
            entries.append(LevelEntry(level_id, level.title, group=size_group(level),
                                      subtitle=f"{size_name(level.cols, level.rows)} · {density} % loot",
                                      tag=f"par {level.meta_value('par', '?')}", record_key=ai.level_key(level)))
        return entries

    def extra_choices(self) -> list[LevelEntry]:
        return [LevelEntry(f"random-{size}-{density}", f"Random {size_name(size, size)}, {density * 100:g} % loot",
                           group="random", subtitle="a new grid every time", tag="random", value=(size, density))
                for size, density in RANDOM_SIZES]

    def open_level(self, ref: str) -> tuple[Level, str]:
        return load_ref(ref)

    def picker_row(self, level: Level, level_id: str) -> str:
        """A random grid's row, known by its size and its loot (the generator scatters exactly
        ``round(density * cells)``), so boards made by N open the picker on their row too."""
        if level_id.startswith("random "):
            for size, density in RANDOM_SIZES:
                if (level.rows, level.cols) == (size, size) and level.loot_count == round(density * size * size):
                    return f"random-{size}-{density}"
        return level_id

    def open_entry(self, app: Any, entry: LevelEntry) -> tuple[Level, str]:
        if entry.value is None:
            return self.open_level(entry.id)
        size, density = entry.value
        prefs = app.game_settings(INFO.name)
        prefs["random_size"], prefs["random_density"] = size, density
        return random_level(size, density)

    def seeded_level(self, app: Any, seed: int) -> tuple[Level, str]:
        return random_level(*random_recipe(app.game_settings(INFO.name)), seed)

    def record_key(self, level: Level) -> str:
        return ai.level_key(level)

    def record_value(self, scene: Any) -> float:
        return float(scene.session.state.loot)

    def example(self) -> Example:
        level = ("1 . . . . . .\n. . . . . 1 .\n. . . 1 1 . .\n. . . . . . .\n. 1 . . . . .\n"
                 ". . . . . 1 .\n. . . . . . 1\n")
        # Cells are named as the game names them (counted from 1), never by the move text's 0-based pair.
        centre, drop = RULES.parse_level(level).centre, (1, 4)
        return Example(level, (f"start {drop[0]} {drop[1]}", "D", "L", "D"), (
            f"A 7x7 grid: the centre is {cell_name(centre)}; the storm allows 3 moves.",
            f"Drop on an empty cell near the loot ({cell_name(drop)}).",
            "Move down onto a loot cell (+1). The outer ring is now storm.",
            "Left onto the next loot (+2). Only the centre's ring is still safe.",
            "Down onto the centre as the storm closes: 2 loot, the par of this grid.",
        ))

    def hooks(self) -> dict[str, Any]:
        return {"hint": ai.hint, "watch": ai.watch}

    def make_scene(self, app: Any, session: Session[Any, Any, Any]) -> RoyaleScene:
        return RoyaleScene(INFO, session)


FRONT = RoyaleFront(INFO)
