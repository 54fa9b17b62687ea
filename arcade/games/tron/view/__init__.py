"""Tron's window (ui): the only part of the game that imports pygame, and its front-end declaration.

``scene`` holds the game screen, ``paint`` draws the board, ``setup`` the match setup
overlay, ``replay`` plays a finished round back. :class:`TronFront` tells the framework
what is particular to Tron: maps grouped as in the contest, random symmetric maps, the
last match's setup, and the match state a save carries.
"""

from __future__ import annotations

import shlex
from dataclasses import replace
from typing import Any

from arcade.core.game import Example, LevelEntry
from arcade.core.numbers import checked_int
from arcade.core.registry import Launch
from arcade.core.session import Session
from arcade.games.tron import INFO, generator, maps
from arcade.games.tron.controller import Match
from arcade.games.tron.logic import RULES, Level
from arcade.games.tron.view.scene import TronScene
from arcade.games.tron.view.setup import (
    DEFAULT_MAP,
    FRESH_MAPS,
    PROGRAM,
    MatchSetup,
    bundled_map_entries,
    fresh_map_entries,
    generated_map_title,
)
from arcade.services.botspec import BotSpec
from arcade.ui.front import GameFront

__all__ = ["FRONT", "TronScene"]


class TronFront(GameFront):
    """Tron's declaration to the framework."""

    replays = True
    #: Tron's levels are maps: its setup, its help ("L: choose a map") and its picker's title say so.
    level_noun = "map"

    def replay_player(self, player: str) -> str:
        from arcade.games.tron.view.seats import seat_names

        return seat_names((player, "flood-fill" if player == "human" else "human"))[0]

    def replay_players(self, players: tuple[str, ...]) -> list[str]:
        """The seats' names as the live header and the replay's viewer say them ("You vs Flood fill")."""
        from arcade.games.tron.view.seats import seat_names

        return list(seat_names(tuple(players)))

    def replay_reason(self, replay: Any) -> str:
        """"You crashed into a wall", as the round said it (the list said "Cycle 1 crashed …")."""
        from arcade.games.tron.view.seats import named_reason, seat_names

        return named_reason(super().replay_reason(replay), seat_names(tuple(replay.players)))

    def levels(self) -> list[LevelEntry]:
        return bundled_map_entries()

    def level_title(self, level: Any, level_id: str) -> str:
        """A generated map by its family's name and seed ("Scattered walls #1798841909"), as the
        map picker names the family: the header and the menu's Continue read "scatter-1798841909"."""
        return generated_map_title(level_id) or super().level_title(level, level_id)

    def extra_choices(self) -> list[LevelEntry]:
        return fresh_map_entries()

    def open_level(self, ref: str) -> tuple[Level, str]:
        if ref in maps.FAMILIES:  # "random", "scatter": a new map of the family
            from arcade.core.rng import new_seed

            map_id, level = maps.fresh(ref, new_seed())
            return level, map_id
        map_id, level = maps.load(ref)
        return level, map_id

    def seeded_level(self, app: Any, seed: int) -> tuple[Level, str]:
        return generator.generate(seed), generator.map_id(seed)

    def example(self) -> Example:
        return Example("7 5\n#######\n#1    #\n#     #\n#    2#\n#######\n", ("E W", "E N", "S N", "S W"), (
            "Cycle 1 (you) top left, cycle 2 bottom right; both move every tick.",
            "Both ride on, each leaving a wall behind.",
            "Cycle 2 turns up to chase.",
            "Cycle 1 turns down and cuts across: its trail now walls off the top row.",
            "Cycle 2 turns left into cycle 1's trail and crashes: cycle 1 wins the round.",
        ))

    def reopen_ref(self, level: Any, level_id: str) -> str | None:
        """A generated map's id ("random-1775809881", "scatter-7") makes the same map again (its
        seed is in it), so it is kept as where Tron reopens, as a bundled map's is: a map drawn by
        the picker's random rows or by ``--seed`` came back as the setup's bundled map after a relaunch."""
        if maps.seed_of(level_id) is not None:
            return level_id
        return super().reopen_ref(level, level_id)

    def remade_id(self, level_id: str) -> bool:
        """A generated map's id makes its map again (its seed is in it), as a bundled map's does.
        The bundled ids come from the file names: the framework's default read and parsed every
        bundled map to list them, for each row of the saved replays (a second's freeze for 100)."""
        return maps.seed_of(level_id) is not None or level_id in {entry.id for entry in maps.bundled()}

    def first_level(self) -> str:
        """The empty room, the setup's own first map: the maps are listed by name, and the first,
        "Apocalyptic", is a maze of walls a newcomer (or a remembered map deleted since) landed in."""
        return DEFAULT_MAP if DEFAULT_MAP in {e.id for e in self.levels() if not e.error} else super().first_level()

    def last_level(self, app: Any) -> str | None:
        """The map on screen last time, as the framework remembered it (a bundled or generated map's
        id, a file, a pasted board); settings from before that was kept name the setup's map.
        "Random map (new each match)" as the setup's choice stays the choice: the map it drew
        comes back, and the next match draws a new one."""
        return super().last_level(app) or MatchSetup.from_dict(app.game_settings(INFO.name).get("setup")).map

    def new_session(self, app: Any, level: Any, level_id: str, seed: int = 0) -> Session[Any, Any, Any]:
        from arcade.core.rng import new_seed

        return Session(RULES, level, seed=seed or new_seed(), level_id=level_id)

    def make_scene(self, app: Any, session: Session[Any, Any, Any]) -> TronScene:
        """A new match from the player's last setup, or the saved match (checked: damage raises ValueError)."""
        setup = MatchSetup.from_dict(app.game_settings(INFO.name).get("setup"))
        extra = session.extra
        if "match" not in extra:
            # "Random map" / "Scattered walls" stay the choice (a new map each match, as bot_match
            # keeps it): replaced by the id drawn for this opening, the setup's Start replayed it.
            if setup.map not in FRESH_MAPS:
                setup = replace(setup, map=session.level_id)
            return TronScene(INFO, session, setup, Match(setup.mode, setup.seats(), setup.best_of),
                             map_ref=session.level_id, seed=session.seed)
        setup = MatchSetup.from_dict(extra.get("setup", setup.to_dict()))
        match = Match.from_dict(extra["match"])
        seed = checked_int(extra.get("seed", session.seed), -(2**63), 2**63, "'seed'")
        map_ref = extra.get("map_ref", session.level_id)
        log = extra.get("round_log", [])
        if not isinstance(map_ref, str) or not isinstance(log, list) or not all(isinstance(x, str) for x in log):
            raise ValueError("the saved match's map or round log is damaged")
        return TronScene(INFO, session, setup, match, map_ref=map_ref, seed=seed)

    def open_options(self, app: Any, launch: Launch) -> TronScene | None:
        """``play tron --replay FILE``: the round of the file, scrubbed in the viewer (no bots run).
        ``play tron --bot SPEC``: a new match against that bot or outside program (see :meth:`bot_match`)."""
        playback = launch.options.get("replay")
        if playback is None:
            spec = launch.options.get("bot")
            return None if spec is None else self.bot_match(app, launch, spec)
        # A map edited since, or from another version, under a bundled map's id: the replay's own map
        # is the one it was played on, shown under a name that says so (it was headed as the bundled one).
        named = playback.replay.level_id
        differs = self.level_differs(playback.level, named)
        level_id = self.replay_level_title(playback.replay, playback.level) if differs else named
        session = Session(RULES, playback.level, seed=0, level_id=level_id or "replay")
        for move in playback.moves:
            session.play(move, by_ai=True)
        setup = MatchSetup.from_dict(app.game_settings(INFO.name).get("setup"))
        scene = TronScene(INFO, session, replace(setup, mode="watch"), Match("watch", ("?", "?"), 1),
                          map_ref=session.level_id, seed=0)
        scene.view_replay(playback)
        if differs:
            scene.map_note = (f"Its map differs from the bundled {self.level_title(None, named)} (edited, or from "
                              "another version): this is the map the round was played on.")
        return scene


    def bot_match(self, app: Any, launch: Launch, spec: BotSpec) -> TronScene:
        """You against ``spec`` (a bot's name or ``PROTOCOL:COMMAND``) in cycle 2's seat, on ``--level``
        or the last map, with the rest of the last setup: the option used to be read, checked and
        then dropped, and the match was against the setup's bot (Flood fill) with no word of it.

        Like ``play --new`` it starts a new match (the old save stays until the first move), and
        the choice is this run's: the setup kept for next time is not changed (O changes it).
        """
        last = MatchSetup.from_dict(app.game_settings(INFO.name).get("setup"))
        if spec.outside:
            # A label is kept: the Command field takes the whole spec (``mine=2010:./mybot``), so the
            # header, the scoreboard and a saved replay say "mine" (the script's name showed instead).
            command = spec.text.strip() if spec.name != spec.text else shlex.join(spec.argv)
            setup = replace(last, mode="bot", bot2=PROGRAM, command2=command, protocol2=str(spec.protocol))
        else:
            setup = replace(last, mode="bot", bot2=spec.name)
        level, level_id = self.launch_level(app, launch)
        session = self.new_session(app, level, level_id, launch.seed or 0)
        if setup.map not in FRESH_MAPS:
            setup = replace(setup, map=level_id)
        return TronScene(INFO, session, setup, Match(setup.mode, setup.seats(), setup.best_of),
                         map_ref=level_id, seed=session.seed)


FRONT = TronFront(INFO)
