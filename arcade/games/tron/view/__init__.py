"""Tron's window (ui): the only part of the game that imports pygame.

``scene`` holds the game screen, ``paint`` draws the board, ``setup`` the match setup
overlay, ``replay`` scrubs a finished round; the registry opens :func:`create_scene`.
"""

from __future__ import annotations

from dataclasses import replace

from arcade.core.registry import Launch
from arcade.core.rng import new_seed
from arcade.core.session import Session
from arcade.games.tron import generator, maps
from arcade.games.tron.controller import Match
from arcade.games.tron.logic import RULES
from arcade.games.tron.view.scene import TronScene
from arcade.games.tron.view.setup import RANDOM_MAP, MatchSetup

__all__ = ["TronScene", "create_scene"]


def create_scene(app, launch: Launch) -> TronScene:  # type: ignore[no-untyped-def]
    """Open Tron: resume a save, or a match on ``--level`` / the last map chosen, against the last bot."""
    from arcade.games import REGISTRY

    info = REGISTRY.get("tron")
    prefs = app.game_settings("tron")
    setup = MatchSetup.from_dict(prefs.get("setup"))
    if launch.save is not None:
        session = Session.from_dict(RULES, launch.save, "autosave")
        extra = session.extra
        setup = MatchSetup.from_dict(extra.get("setup", setup.to_dict()))
        match = Match.from_dict(extra.get("match"))
        seed = int(extra.get("seed", 0)) if str(extra.get("seed", "0")).lstrip("-").isdigit() else 0
        return TronScene(info, session, setup, match, map_ref=str(extra.get("map_ref", session.level_id)),
                         seed=seed)
    seed = launch.seed if launch.seed is not None else new_seed()
    ref = launch.level or setup.map
    if ref == RANDOM_MAP:
        level, map_id = generator.generate(seed), generator.map_id(seed)
    else:
        map_id, level = maps.load(ref)
        # A map opened with --level becomes this match's map (the setup overlay shows it).
        setup = replace(setup, map=map_id if launch.level is None or maps.is_bundled(map_id) else ref)
    session = Session(RULES, level, seed=seed, level_id=map_id)
    match = Match(setup.mode, setup.seats(), setup.best_of)
    return TronScene(info, session, setup, match, map_ref=map_id, seed=seed)
