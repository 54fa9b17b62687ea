"""Runway motion (logic, pure): where each bike is drawn during a turn, and what the turn did in words.

The viewer animates a turn from the state before to the state after. This module turns
that pair (and the command) into per-bike trajectories — a straight run at the new speed,
a lane slide, a jump arc, a run that ends in a hole at the moment the bike reaches it —
sampled by a progress ``t`` from 0 to 1. It also writes the one-line account of a turn the
status line shows ("JUMP: bike 1 landed in the hole at x=4"). Nothing here draws, so it
is tested like the rules.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from arcade.games.runway.logic import Bike, Command, State, lane_shift

#: How high a jump goes, in lane heights, per cell of speed (capped below half a lane, so a
#: bike in the air never looks as if it were in the lane above).
JUMP_HEIGHT_PER_CELL = 0.05
MAX_JUMP_HEIGHT = 0.42
#: A refused UP/DOWN nudges the bikes this far towards the edge and back.
REFUSED_NUDGE = 0.18


def smooth(t: float) -> float:
    """Ease in and out on 0..1 (smoothstep)."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


@dataclass(frozen=True)
class Pose:
    """A bike as drawn: column (float), lane (float), height above the road (lanes), and state.

    ``crashed`` is True once the bike has reached the hole that destroys it; ``since_crash``
    is how much of the turn has passed since then (0..1), for the fall animation.
    """

    x: float
    lane: float
    lift: float = 0.0
    active: bool = True
    crashed: bool = False
    since_crash: float = 0.0


@dataclass(frozen=True)
class Motion:
    """One bike's trajectory during one turn."""

    x0: int
    lane0: int
    x1: float
    lane1: float
    jump: bool = False
    speed: int = 0
    #: Progress (0..1) at which the bike reaches its hole; None if it survives or was already out.
    impact: float | None = None
    #: The bike was already destroyed before the turn (it is drawn as a wreck).
    wreck: bool = False
    refused: int = 0

    def at(self, t: float) -> Pose:
        t = max(0.0, min(1.0, t))
        if self.wreck:
            return Pose(self.x1, self.lane1, active=False, crashed=True, since_crash=1.0)
        if self.impact is not None and t >= self.impact:
            return Pose(self.x1, self.lane1, 0.0, False, True, (t - self.impact) / max(1e-6, 1 - self.impact))
        span = self.impact if self.impact is not None else 1.0
        u = t / span if span > 0 else 1.0
        x = self.x0 + (self.x1 - self.x0) * u
        lane = self.lane0 + (self.lane1 - self.lane0) * smooth(u)
        if self.refused:
            lane += self.refused * REFUSED_NUDGE * math.sin(math.pi * u)
        lift = 0.0
        if self.jump:
            height = min(MAX_JUMP_HEIGHT, 0.2 + JUMP_HEIGHT_PER_CELL * self.speed)
            lift = 4 * height * u * (1 - u)
        return Pose(x, lane, lift)


def wreck_spot(bike: Bike) -> tuple[int, int]:
    """Where a destroyed bike is drawn: the hole it met, or where it stands if that is unknown."""
    return bike.fell_at if bike.fell_at is not None else (bike.x, bike.y)


def still(state: State) -> tuple[Motion, ...]:
    """Motions that keep every bike where it is (used for a state shown without animation)."""
    motions = []
    for bike in state.bikes:
        if bike.active:
            motions.append(Motion(bike.x, bike.y, bike.x, bike.y))
        else:
            x, y = wreck_spot(bike)
            motions.append(Motion(x, y, x, y, wreck=True))
    return tuple(motions)


def turn_motions(before: State, command: Command, after: State) -> tuple[Motion, ...]:
    """Every bike's trajectory from ``before`` to ``after`` under ``command``."""
    speed = after.speed
    shift = lane_shift(before.bikes, command)
    refused = 0
    if shift == 0 and command in (Command.UP, Command.DOWN):
        refused = -1 if command is Command.UP else 1
    jump = command is Command.JUMP
    motions = []
    for old, new in zip(before.bikes, after.bikes):
        if not old.active:
            x, y = wreck_spot(old)
            motions.append(Motion(x, y, x, y, wreck=True))
        elif new.active:
            motions.append(Motion(old.x, old.y, new.x, new.y, jump, speed, refused=refused))
        else:
            hx, hy = wreck_spot(new)
            impact = 1.0 if jump or speed == 0 else (hx - old.x) / speed
            motions.append(Motion(old.x, old.y, hx, hy, jump, speed, impact=max(0.0, min(1.0, impact)),
                                  refused=refused))
    return tuple(motions)


def describe_turn(before: State, command: Command, after: State) -> str:
    """One line: what the command did ("JUMP at speed 2: bike 1 landed in the hole at x=4, lane 1")."""
    parts = []
    speed_text = f"speed {after.speed}"
    if command is Command.SPEED:
        speed_text = f"speed {before.speed} → {after.speed}"
    elif command is Command.SLOW:
        speed_text = f"speed {before.speed} → {after.speed}" if after.speed != before.speed else "speed stays 0"
    head = f"{command.value}, {speed_text}"
    shift = lane_shift(before.bikes, command)
    if command in (Command.UP, Command.DOWN) and shift == 0:
        edge, where = (0, "top") if command is Command.UP else (3, "bottom")
        blockers = [str(i) for i, b in enumerate(before.bikes, 1) if b.active and b.y == edge]
        parts.append(f"refused — bike {blockers[0]} is on the {where} lane, so every bike went straight")
    lost = []
    for number, (old, new) in enumerate(zip(before.bikes, after.bikes), 1):
        if old.active and not new.active:
            hx, hy = wreck_spot(new)
            verb = "landed in" if command is Command.JUMP else "fell into"
            lost.append(f"bike {number} {verb} the hole at x={hx}, lane {hy}")
    parts.extend(lost)
    count = len(after.active)
    bikes = f"{count} bike{'s' * (count != 1)}"
    if count and after.x >= after.level.length:
        parts.append(f"{bikes} crossed the finish at x={after.x}")
    elif not lost and count:
        parts.append(f"{bikes} now at x={after.x}")
    return f"{head}: " + "; ".join(parts) + "."


def losses_by_turn(states: list[State]) -> dict[int, int]:
    """Turn number → bikes lost on that turn, over a history of states (for the timeline)."""
    lost: dict[int, int] = {}
    for turn in range(1, len(states)):
        count = len(states[turn - 1].active) - len(states[turn].active)
        if count > 0:
            lost[turn] = count
    return lost
