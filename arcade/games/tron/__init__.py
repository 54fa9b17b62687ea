"""Tron light cycles (game package): two cycles, simultaneous moves, bots from random to a1k0n-style search.

The rules and map format follow the Google AI Challenge 2010 (see ``docs/tron.md``).
"""

from arcade.core.camerakeys import camera_bindings
from arcade.core.registry import Binding, GameInfo, levels_binding

INFO = GameInfo(
    name="tron",
    title="Tron",
    description="Light cycles: box in a bot (or a friend) before it boxes you in",
    rules="arcade.games.tron.logic:RULES",
    front="arcade.games.tron.view:FRONT",
    commands="arcade.games.tron.cli:COMMANDS",
    order=40,
    # Steering keys depend on the match mode and are added by TronScene.game_bindings.
    keymap=(
        Binding("Space", "replay_pause", "replay: pause / resume", when="replaying"),
        Binding("Left / ,", "step_back", "replay: step back", when="replaying", repeat=True),
        Binding("Right / N / .", "step_forward", "replay: step forward", when="replaying", repeat=True),
        Binding("R / Esc", "stop_replay", "replay: leave", when="replaying"),
        Binding("Space", "toggle_pause", "pause / resume the round", when="in_round"),
        # Also from a round's replay (Space there pauses it); once the match is over the scene shows it
        # as "Match result" (see TronScene.game_bindings).
        Binding("Enter / Space", "after_round", "next round", button="Next round", when="round_done"),
        Binding("R", "toggle_replay", "replay the round that just ended (there ←/→ step, Space pauses)",
                button="Replay", when="can_replay"),
        # The keys of a match are listed only where they act: a replay viewer has no match, and its
        # keys table listed F5 and T beside a viewer that only refused them (see TronScene.rematch_acts).
        Binding("F5", "rematch", "rematch on this map from 0 : 0 (mid-match: asks first)", button="Rematch",
                button_when="has_match", discards=True, listed_when="rematch_acts"),
        Binding("O / F2", "open_setup", "match setup: mode, bots, map, speed, rounds", button="Setup"),
        levels_binding("choose a map, or a saved replay to watch"),
        Binding("T", "open_last_tournament", "the last tournament's table again (after Setup's Tournament)",
                when="has_tournament", listed_when="has_match"),
        Binding("N", "single_tick", "one tick while paused", when="can_single_tick", repeat=True),
        Binding("C", "toggle_console", "console: outside programs' stderr, live and in replays", button="Console"),
        Binding("Ctrl+S", "save_replay", "save the whole round as a replay file (once it is over, from any tick)",
                button="Save replay", button_when="can_save_replay"),
        # Ctrl for the zoom keys: the bare + and − change the speed.
        *camera_bindings(),
    ),
    level_groups=("official", "later", "hackerrank", "random"),
    how_to_play=(
        "Two light cycles move at the same time, one cell per tick, and leave a wall behind them. You steer "
        "yours; it never stops and cannot turn back on itself.",
        "Running into any wall or trail — or off the map — crashes you. If both crash on the same tick, or "
        "move into the same cell, the round is a draw.",
        "Box the other cycle in so that it runs out of room before you do. A match is the best of several "
        "rounds; the first round starts when you press an arrow (or click where to go).",
    ),
)
