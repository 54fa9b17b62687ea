"""Battle Royale: drop on a shrinking grid, grab loot, and stand on the centre when the storm closes."""

from arcade.core.registry import GameInfo

INFO = GameInfo(
    name="royale",
    title="Battle Royale",
    description="Drop, loot and outrun the shrinking storm to the centre",
    rules="arcade.games.royale.logic:RULES",
    scene="arcade.games.royale.view:create_scene",
    commands="arcade.games.royale.cli:COMMANDS",
    order=30,
    keys=(
        ("Click", "drop the player on an empty cell inside the diamond"),
        ("Arrows / WASD", "move one cell (or click a neighbouring cell)"),
        ("Enter", "finish on the centre (you may also keep looting)"),
        ("I", "watch the AI play the optimal route"),
        ("O", "show / hide the optimal route (after the round)"),
        ("L", "choose a level · N new random grid"),
    ),
)
