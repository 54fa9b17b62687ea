"""Replaying a finished round (ui): the round's session scrubbed tick by tick, at any speed.

A round's history is its replay: the player moves the session's index with ``seek``
(never replaying moves by hand), so every frame shows exactly a state the round went
through. The scene's keymap pauses, steps and seeks; it runs at the scene's tick rate.
"""

from __future__ import annotations

from typing import Any

from arcade.core.session import Session


class ReplayPlayer:
    def __init__(self) -> None:
        self.paused = False
        self.clock = 0.0

    def start(self, session: Session[Any, Any, Any]) -> None:
        self.paused = False
        self.clock = 0.0
        session.seek(0)

    def update(self, dt: float, session: Session[Any, Any, Any], ticks_per_second: float) -> None:
        """Advance by ``dt`` seconds at the game's tick rate; pause at the end."""
        if self.paused:
            return
        self.clock += dt * ticks_per_second
        while self.clock >= 1.0:
            self.clock -= 1.0
            if session.index >= session.length:
                self.paused = True
                self.clock = 0.0
                return
            session.seek(session.index + 1)
