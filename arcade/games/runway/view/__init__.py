"""Runway's view (ui, pygame): the viewer scene, its drawing modules, and the game's front-end declaration.

:class:`RunwayFront` tells the framework what is particular to Runway: the bundled tests
grouped by difficulty, random runways as extra picker rows and for ``--seed``, the exact
AI's hooks, and bikes saved as the record. Opening, resuming and the picker are the
framework's.
"""

from __future__ import annotations

import hashlib
from typing import Any

from arcade.core.errors import ArcadeError
from arcade.core.game import Example, LevelEntry
from arcade.core.registry import Launch
from arcade.core.rng import new_seed
from arcade.core.session import Session
from arcade.core.words import plural
from arcade.games.runway import INFO
from arcade.games.runway.ai import hint, watch
from arcade.games.runway.generator import generate
from arcade.games.runway.logic import RULES, Level
from arcade.games.runway.view.panels import RANDOM_SIZES, level_title
from arcade.games.runway.view.scene import RunwayScene
from arcade.services.replays import play_replay_moves
from arcade.services.resources import level_files, read_level
from arcade.ui.front import GameFront

__all__ = ["FRONT", "RunwayScene"]


def difficulty(level_id: str) -> str:
    """The statement's example, then the public tests in CodinGame's order of difficulty."""
    number = level_id.partition("_")[0]
    if not (number.isascii() and number.isdigit()):
        return "more"
    n = int(number)
    return "example" if n == 0 else "easy" if n <= 4 else "medium" if n <= 8 else "hard"


def level_key(level: Level) -> str:
    """Records follow a runway's content, not its file name."""
    return "r" + hashlib.sha1(RULES.format_level(level).encode()).hexdigest()[:16]


class RunwayFront(GameFront):
    """Runway's declaration to the framework."""

    replays = True
    move_noun = "turn"  # the result counts "Turns", and the AI credit says "3 of 7 turns"
    level_noun = "runway"  # the picker's title, as its help ("L: ... runway") names it

    def replay_player(self, player: str) -> str:
        from arcade.games.runway.view.programs import short_name

        return {"player": "you", "ai": "the AI"}.get(player) or short_name(player)

    def levels(self) -> list[LevelEntry]:
        entries = []
        for path in level_files("runway", RULES.level_pattern):
            try:
                level = RULES.load_level_file(path)
            except ArcadeError as exc:
                entries.append(LevelEntry(path.stem, path.stem, group=difficulty(path.stem), error=str(exc)))
                continue
            bikes = len(level.bikes)
            entries.append(LevelEntry(
                path.stem, level_title(path.stem), group=difficulty(path.stem),
                subtitle=(f"{plural(bikes, 'bike')}, {level.need} to save · {level.length} cells · "
                          f"start speed {level.speed}"),
                record_key=level_key(level)))
        return entries

    def extra_choices(self) -> list[LevelEntry]:
        return [LevelEntry(f"random-{length}", title, group="random",
                           subtitle=f"{length} cells, 4 bikes · a fresh seed · always winnable", tag="new",
                           value=length) for title, length in RANDOM_SIZES]

    def open_level(self, ref: str) -> tuple[Level, str]:
        level, path = read_level(RULES, ref)
        return level, path.stem

    def open_entry(self, app: Any, entry: LevelEntry) -> tuple[Level, str]:
        if entry.value is None:
            return self.open_level(entry.id)
        seed = new_seed()
        made = generate(seed, length=entry.value)
        return made.level, f"random-{seed}-{entry.value}"

    def picker_row(self, level: Level, level_id: str) -> str:
        """A random runway's row: ``random-SEED-LENGTH`` came from ``random-LENGTH``."""
        parts = level_id.split("-")
        if len(parts) == 3 and parts[0] == "random" and f"random-{parts[2]}" in {
                e.id for e in self.extra_choices()}:
            return f"random-{parts[2]}"
        return level_id

    def seeded_level(self, app: Any, seed: int) -> tuple[Level, str]:
        made = generate(seed)
        return made.level, f"random-{seed}-{made.level.length}"

    def example(self) -> Example:
        level = RULES.format_level(self.open_level("00_statement_example")[0])
        return Example(level, ("SPEED", "JUMP", "UP", "UP", "SPEED"), (
            "The statement's example: bikes in lanes 1 and 2 at x=0, speed 1; one of them must cross.",
            "SPEED: speed 2, both bikes ride 2 cells.",
            "JUMP: only the landing cell counts. Bike 1 lands in the hole at x=4 and falls; one is enough.",
            "UP: every riding bike changes lane (a lane change checks both lanes on the way).",
            "UP again, past the last holes.",
            "SPEED: the bike crosses the finish in 5 turns — the fewest possible.",
        ))

    def hooks(self) -> dict[str, Any]:
        return {"hint": hint, "watch": watch}

    def record_key(self, level: Level) -> str:
        return level_key(level)

    def record_value(self, scene: Any) -> float:
        return float(len(scene.session.state.active))

    def make_scene(self, app: Any, session: Session[Any, Any, Any]) -> RunwayScene:
        return RunwayScene(INFO, session, app.game_settings(INFO.name))

    def open_options(self, app: Any, launch: Launch) -> RunwayScene | None:
        """``play runway --replay FILE`` (the file's run on the timeline) or ``--bot SPEC`` (the program
        drives the last runway played, or the one given with ``--level``)."""
        playback, spec = launch.options.get("replay"), launch.options.get("bot")
        if playback is not None:
            session = self.new_session(app, playback.level, playback.replay.level_id or "replay")
            play_replay_moves(session, playback)  # each move as the one who chose it
            session.seek(0)
            scene = self.make_scene(app, session)
            scene.show_playback(playback, played=True)
            return scene
        if spec is None:
            return None
        level, level_id = self.launch_level(app, launch)
        scene = self.make_scene(app, self.new_session(app, level, level_id))
        scene.drive_with(spec.text)
        return scene


FRONT = RunwayFront(INFO)
