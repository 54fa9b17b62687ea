"""Runway motion: the trajectories the viewer animates and the words the status line uses."""

from __future__ import annotations

import subprocess
import sys

import pytest

from arcade.games.runway.logic import RULES, Bike, Command, Level
from arcade.games.runway.motion import describe_turn, losses_by_turn, still, turn_motions

EXAMPLE = Level(("...0......", "...00.....", "...0..0...", "...0......"), 1, 1, (Bike(0, 1), Bike(0, 2)))


def after(state, command):
    return RULES.apply(state, command)


def test_a_turn_starts_where_the_bikes_were_and_ends_where_they_are():
    start = RULES.initial_state(EXAMPLE)
    end = after(start, Command.SPEED)
    for motion, old, new in zip(turn_motions(start, Command.SPEED, end), start.bikes, end.bikes):
        assert (motion.at(0).x, motion.at(0).lane) == (old.x, old.y)
        assert (motion.at(1).x, motion.at(1).lane) == (new.x, new.y)
        assert motion.at(0.5).x == pytest.approx((old.x + new.x) / 2)


def test_jump_arcs_and_the_dying_bike_reaches_its_hole_at_the_end():
    start = after(RULES.initial_state(EXAMPLE), Command.SPEED)
    end = after(start, Command.JUMP)
    dying, flying = turn_motions(start, Command.JUMP, end)
    assert flying.at(0).lift == 0 and flying.at(1).lift == 0 and 0.2 < flying.at(0.5).lift < 0.5
    assert dying.impact == 1.0 and not dying.at(0.99).crashed and dying.at(1).crashed
    assert (dying.at(1).x, dying.at(1).lane) == (4, 1)


def test_a_straight_run_into_a_hole_stops_at_the_hole():
    level = Level(("..0.....",) + ("........",) * 3, 1, 4, (Bike(0, 0), Bike(0, 1)))
    start = RULES.initial_state(level)
    end = after(start, Command.WAIT)
    dying, driving = turn_motions(start, Command.WAIT, end)
    assert dying.impact == pytest.approx(0.5)  # x=2 of a 4-cell move
    assert dying.at(0.25).x == pytest.approx(1.0) and not dying.at(0.25).crashed
    assert dying.at(0.75).crashed and dying.at(0.75).since_crash == pytest.approx(0.5)
    assert driving.at(1).x == 4


def test_lane_changes_slide_and_refused_ones_nudge_and_come_back():
    level = Level(("........",) * 4, 1, 1, (Bike(0, 0), Bike(0, 2)))
    start = RULES.initial_state(level)
    down = turn_motions(start, Command.DOWN, after(start, Command.DOWN))
    assert down[1].at(0.5).lane == pytest.approx(2.5) and down[1].at(1).lane == 3
    refused = turn_motions(start, Command.UP, after(start, Command.UP))
    assert refused[0].refused == -1
    assert refused[0].at(0.5).lane < 0 and refused[0].at(1).lane == pytest.approx(0)


def test_wrecks_stay_in_their_holes():
    start = after(after(RULES.initial_state(EXAMPLE), Command.SPEED), Command.JUMP)
    end = after(start, Command.DOWN)
    wreck = turn_motions(start, Command.DOWN, end)[0]
    assert wreck.wreck and wreck.at(0).crashed and (wreck.at(0.5).x, wreck.at(0.5).lane) == (4, 1)
    assert still(end)[0].at(0.3).crashed and still(end)[1].at(0.3).x == 6


def test_turns_are_described_in_words():
    start = RULES.initial_state(EXAMPLE)
    fast = after(start, Command.SPEED)
    assert describe_turn(start, Command.SPEED, fast) == "SPEED, speed 1 → 2: 2 bikes now at x=2."
    jumped = after(fast, Command.JUMP)
    assert describe_turn(fast, Command.JUMP, jumped) == "JUMP, speed 2: bike 1 landed in the hole at x=4, lane 1."
    level = Level(("........",) * 4, 1, 1, (Bike(0, 3),))
    blocked = RULES.initial_state(level)
    text = describe_turn(blocked, Command.DOWN, after(blocked, Command.DOWN))
    assert "refused — bike 1 is on the bottom lane" in text
    crossed = Level(("...",) * 4, 1, 3, (Bike(0, 0),))
    state = RULES.initial_state(crossed)
    assert "crossed the finish" in describe_turn(state, Command.WAIT, after(state, Command.WAIT))


def test_losses_by_turn_for_the_timeline():
    states = [RULES.initial_state(EXAMPLE)]
    for command in (Command.SPEED, Command.JUMP, Command.DOWN):
        states.append(after(states[-1], command))
    assert losses_by_turn(states) == {2: 1}


def test_pure_modules_do_not_import_pygame():
    code = ("import sys; import arcade.games.runway.motion, arcade.games.runway.bot, arcade.games.runway.cli; "
            "sys.exit('pygame' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
