"""Runway: CodinGame's "The Bridge — Episode 2" motorbike puzzle, with an exact AI and a viewer.

Up to four motorbikes share one speed and one command per turn (SPEED, SLOW, JUMP, WAIT,
UP, DOWN) on a four-lane runway full of holes; get at least V of them past the end
within 50 turns. The exact AI finds the most bikes that can possibly be saved.
"""

from arcade.core.camerakeys import camera_bindings
from arcade.core.registry import Binding, GameInfo, RecordSpec, levels_binding

_COMMANDS = (("Up", "UP"), ("Down", "DOWN"), ("Right", "SPEED"), ("Left", "SLOW"))

INFO = GameInfo(
    name="runway",
    title="Runway",
    description="Steer up to four motorbikes over holes — one command for all",
    rules="arcade.games.runway.logic:RULES",
    front="arcade.games.runway.view:FRONT",
    commands="arcade.games.runway.cli:COMMANDS",
    order=20,
    # Space / W (play / pause: the AI drives, or a program's run plays) is the framework's watch
    # row, set by RunwayScene.watch_keys: one row, one meaning, whatever is on the timeline.
    keymap=(
        Binding("↑ / ↓", "", "UP / DOWN: every bike changes lane"),
        Binding("→ / ←", "", "SPEED / SLOW: one faster / one slower"),
        *(Binding(key, "command", "", arg=command) for key, command in _COMMANDS),
        Binding("J", "command", "JUMP: only the landing cell x + speed counts", arg="JUMP"),
        Binding("Enter", "command", "WAIT: go on at the same speed", arg="WAIT"),
        Binding("N / .", "step_forward", "next turn (the history's, else the AI's)", repeat=True),
        Binding("Timeline · minimap", "", "click or drag to go to a turn · to look along the runway"),
        levels_binding("pick a runway, or a saved replay to watch"),
        Binding("A", "switch_ai", "switch the AI (exact / classic)", button="AI"),
        Binding("F", "follow", "the camera follows the bikes again (wheel or drag pans)"),
        Binding("T", "open_tests", "test cases: run your program on every bundled test, watch any run",
                button="Tests"),
        Binding("C", "toggle_console", "console: the program's stderr, up to the turn on screen"),
        Binding("Ctrl+S", "save_replay", "save the run on the timeline as a replay file", button="Save replay"),
        # Ctrl for the zoom keys: the bare + and − change the speed. The plain wheel pans the road.
        *camera_bindings("Ctrl+wheel", "wheel or drag"),
    ),
    record=RecordSpec("bikes saved", lower_is_better=False),
    level_groups=("example", "easy", "medium", "hard", "random"),
    how_to_play=(
        "Up to four motorbikes ride a four-lane runway with holes. Every turn you give ONE command, and every "
        "bike still riding obeys it.",
        "SPEED and SLOW change the speed by one; WAIT keeps it; JUMP leaps: only the landing cell counts; UP "
        "and DOWN change lane (while a bike still riding is on the edge lane, no bike does: all ride straight on).",
        "A bike that passes over a hole (or lands in one) falls. Get at least the required number of bikes "
        "past the end of the runway within 50 turns.",
        "Hint (H) shows what the exact AI would do; Watch AI (Space) lets it drive; the timeline scrubs "
        "through every turn.",
    ),
)
