"""Battle Royale: drop on a shrinking grid, grab loot, and stand on the centre when the storm closes."""

from arcade.core.camerakeys import camera_bindings
from arcade.core.registry import Binding, GameInfo, RecordSpec, levels_binding, new_board_binding

_MOVES = (("Up", "U"), ("W", "U"), ("Down", "D"), ("S", "D"), ("Left", "L"), ("A", "L"), ("Right", "R"), ("D", "R"))

INFO = GameInfo(
    name="royale",
    title="Battle Royale",
    description="Drop, loot and outrun the shrinking storm to the centre",
    rules="arcade.games.royale.logic:RULES",
    front="arcade.games.royale.view:FRONT",
    commands="arcade.games.royale.cli:COMMANDS",
    order=30,
    keymap=(
        Binding("Click", "", "drop on an empty cell inside the diamond, then click a cell in your row or "
                "column (or drag the player) to walk there"),
        Binding("Arrows / WASD", "", "move one cell (before the drop: choose where)"),
        *(Binding(key, "step_key", "", arg=letter) for key, letter in _MOVES),
        Binding("Enter", "confirm", "drop here / finish on the centre (you may keep looting)", button="Finish",
                button_when="can_finish"),
        Binding("O", "toggle_optimal", "show / hide the optimal route (after the round)", button="Best route",
                button_when="can_show_optimal"),
        levels_binding("choose a grid"),
        new_board_binding("new_grid", "a new board (a random grid)"),
        *camera_bindings(),
    ),
    record=RecordSpec("loot", lower_is_better=False),
    level_groups=("small", "medium", "large", "random"),
    how_to_play=(
        "Drop onto any empty cell, then move one cell at a time (up, down, left, right) and collect the loot "
        "you step on.",
        "After your k-th move only the grid shrunk by k cells on every side is safe: the storm eats a ring "
        "each move. End your route on the centre cell before the storm reaches you.",
        'Collect as much loot as you can; the par is the best possible haul on this grid — or, shown as "6+?" '
        "on a grid too big to search in time, the best haul the AI found (not proven best).",
        "Hint (H) shows the best next move; Watch AI (I) lets the AI walk the optimal route.",
    ),
)
