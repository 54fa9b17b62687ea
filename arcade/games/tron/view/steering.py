"""Steering in Tron (ui): the keys and clicks that turn a person's cycle, and when they may.

A person's direction goes into the seat's :class:`~arcade.games.tron.controller.Steering` queue and
is played on the next tick; before the start it aims the cycle (and starts the round), under way it
turns it, and against a bot a click beside the cycle turns it to that side. It is a mixin of
:class:`~arcade.games.tron.view.scene.TronScene` apart from the round's flow because what a key
means depends only on the phase and on who is human, and reads best in one place.

It reads the scene's ``phase``, ``session``, ``match``, ``steering`` and ``view`` and changes
``phase`` from "ready" to "countdown" on the first key.
"""

from __future__ import annotations

from typing import Any

from arcade.games.tron.logic import OPPOSITE

WASD = (("W", "N"), ("D", "E"), ("S", "S"), ("A", "W"))
ARROWS = (("Up", "N"), ("Right", "E"), ("Down", "S"), ("Left", "W"))


class SteeringMixin:
    """Steering keys and clicks on a person's cycle (see the module's docstring)."""

    # Provided by the scene this is mixed into (TronScene, made in its __init__).
    phase: str
    session: Any
    match: Any
    steering: list[Any]
    view: Any

    @property
    def can_steer(self) -> bool:
        return self.phase in ("ready", "countdown", "running")

    def steer_key(self, arg: str) -> None:
        self.steer(int(arg[0]), arg[1])

    def click_steer(self, pos: tuple[int, int]) -> bool:
        """A click on the board steers the one human cycle against a bot: before the start it heads
        towards the click (and starts the round, as an arrow does), under way it turns to the
        click's side of the cycle. Tron could not be played with the mouse at all: the round
        waited for an arrow key. Two players keep the keys (whose cycle would a click steer?)."""
        humans = self.human_seats()
        if len(humans) != 1 or self.phase not in ("ready", "countdown", "running"):
            return False
        seat = humans[0]
        x, y = self.session.state.heads[seat]
        cx, cy = self.view.cell_center((y, x))
        starting = self.session.index == 0 and self.phase in ("ready", "countdown")
        direction = self.steering[seat].toward(pos[0] - cx, pos[1] - cy, starting=starting)
        if direction is not None:
            self.steer(seat, direction)
        return True

    def human_seats(self) -> list[int]:
        return [seat for seat in (0, 1) if self.match.is_human(seat)]

    def steer(self, seat: int, direction: str) -> None:
        """A steering key. While paused it is kept for the next tick (N steps into it)."""
        if not self.match.is_human(seat) or self.phase not in ("ready", "countdown", "running"):
            return
        steering = self.steering[seat]
        if self.phase == "ready":
            if self.session.index == 0:
                steering.aim(direction)
            else:  # a resumed round: its trail is behind the cycle, so only a real turn is taken
                steering.press(direction)
            self.phase = "countdown"
            self.say("Get ready…", "info")
        elif self.phase == "countdown" and self.session.index == 0:
            steering.aim(direction)
        elif not steering.press(direction) and direction == OPPOSITE.get(steering.heading):
            self.say("A cycle cannot turn back on itself.", "text_dim")
