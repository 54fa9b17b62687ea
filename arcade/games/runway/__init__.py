"""Runway: CodinGame's "The Bridge — Episode 2" motorbike puzzle, with an exact AI and a viewer.

Up to four motorbikes share one speed and one command per turn (SPEED, SLOW, JUMP, WAIT,
UP, DOWN) on a four-lane runway full of holes; get at least V of them past the end
within 50 turns. The exact AI finds the most bikes that can possibly be saved.
"""

from arcade.core.registry import GameInfo

INFO = GameInfo(
    name="runway",
    title="Runway",
    description="Steer up to four motorbikes over holes — one command for all",
    rules="arcade.games.runway.logic:RULES",
    scene="arcade.games.runway.view:create_scene",
    commands="arcade.games.runway.cli:COMMANDS",
    order=20,
    keys=(
        ("↑ / ↓", "UP / DOWN: every bike changes lane"),
        ("→ / ←", "SPEED / SLOW: one faster / one slower"),
        ("J", "JUMP: only the landing cell x + speed counts"),
        ("Enter", "WAIT: go on at the same speed"),
        ("Space", "Let the AI drive / pause it"),
        (", / . or N", "Step back / forward one turn"),
        ("Home / End · timeline", "First / last turn · drag to scrub"),
        ("+ / −", "Playback speed (turns per second)"),
        ("L · A", "Pick a runway · switch AI (exact / classic)"),
        ("F · wheel · drag", "Follow the bikes · pan the camera"),
    ),
)
