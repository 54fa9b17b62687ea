"""Replaying a finished round (ui): the round's session scrubbed tick by tick, at any speed.

A round's history is its replay: the player moves the session's index with ``seek``
(never replaying moves by hand), so every frame shows exactly a state the round went
through. Space pauses, left/right step, Home/End jump, +/- change the speed.
"""

from __future__ import annotations

from typing import Any

import pygame

from arcade.core.session import Session

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


class ReplayPlayer:
    def __init__(self) -> None:
        self.speed = 1.0
        self.paused = False
        self.clock = 0.0

    def start(self, session: Session[Any, Any, Any]) -> None:
        self.paused = False
        self.clock = 0.0
        session.seek(0)

    def update(self, dt: float, session: Session[Any, Any, Any], ticks_per_second: float) -> None:
        """Advance by ``dt`` seconds at ``speed`` times the game's tick rate; pause at the end."""
        if self.paused:
            return
        self.clock += dt * self.speed * ticks_per_second
        while self.clock >= 1.0:
            self.clock -= 1.0
            if session.index >= session.length:
                self.paused = True
                self.clock = 0.0
                return
            session.seek(session.index + 1)

    def key(self, key: int, session: Session[Any, Any, Any]) -> str:
        """Handle a key: "" if not ours, "leave" to end the replay, else "ok"."""
        if key == pygame.K_SPACE:
            self.paused = not self.paused
        elif key in (pygame.K_LEFT, pygame.K_a):
            self.paused = True
            session.seek(session.index - 1)
        elif key in (pygame.K_RIGHT, pygame.K_d, pygame.K_n):
            self.paused = True
            session.seek(session.index + 1)
        elif key == pygame.K_HOME:
            session.seek(0)
        elif key == pygame.K_END:
            session.seek(session.length)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.speed = next((s for s in SPEEDS if s > self.speed), SPEEDS[-1])
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.speed = next((s for s in reversed(SPEEDS) if s < self.speed), SPEEDS[0])
        elif key in (pygame.K_ESCAPE, pygame.K_r):
            return "leave"
        else:
            return ""
        return "ok"
