"""Tron light cycles (game package): two cycles, simultaneous moves, bots from random to a1k0n-style search.

The rules and map format follow the Google AI Challenge 2010 (see ``docs/tron.md``).
"""

from arcade.core.registry import GameInfo

INFO = GameInfo(
    name="tron",
    title="Tron",
    description="Light cycles: box in a bot (or a friend) before it boxes you in",
    rules="arcade.games.tron.logic:RULES",
    scene="arcade.games.tron.view:create_scene",
    commands="arcade.games.tron.cli:COMMANDS",
    order=40,
    keys=(
        ("Arrows / WASD", "steer (two players: WASD is cycle 1, arrows cycle 2)"),
        ("Space", "pause / resume the round"),
    ),
)
