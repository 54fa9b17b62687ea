"""Runway generator: seeded, within the options, and only runways the exact AI wins."""

from __future__ import annotations

import pytest

from arcade.core.errors import ArcadeError, UsageError
from arcade.games.runway.ai import exact_plan
from arcade.games.runway.generator import START_CLEAR, generate
from arcade.games.runway.logic import RULES


def test_same_seed_same_runway_and_different_seeds_differ():
    assert generate(7).level == generate(7).level
    assert generate(7).level != generate(8).level


@pytest.mark.parametrize(("seed", "length", "bikes", "density"), [(1, 40, 1, 0.1), (2, 120, 3, 0.15),
                                                                  (3, 500, 4, 0.12), (4, 80, 2, 0.3)])
def test_generated_runways_follow_the_options_and_can_be_won(seed, length, bikes, density):
    made = generate(seed, length=length, bikes=bikes, density=density)
    level = made.level
    assert level.length == length and len(level.bikes) == bikes
    assert len({b.y for b in level.bikes}) == bikes
    assert all(level.hole_columns[x] == 0 for x in range(START_CLEAR))
    holes = sum(lane.count("0") for lane in level.lanes)
    assert holes >= 0.8 * density * 4 * (length - START_CLEAR)
    # V defaults to the most bikes that can be saved, and the exact AI does save them.
    plan = exact_plan(RULES.initial_state(level))
    assert plan.win and plan.survivors == level.need == made.best.survivors
    # The file form reads back the same.
    assert RULES.parse_level(RULES.format_level(level)) == level


def test_a_requested_need_is_kept():
    made = generate(11, length=60, bikes=4, density=0.05, need=1)
    assert made.level.need == 1 and made.best.survivors >= 1


@pytest.mark.parametrize("options", [dict(length=5), dict(length=501), dict(density=0.9), dict(bikes=0),
                                     dict(bikes=2, need=3), dict(speed=60)])
def test_bad_options_are_usage_errors(options):
    with pytest.raises(UsageError):
        generate(1, **options)


def test_impossible_requests_say_so():
    with pytest.raises(ArcadeError, match="no winnable runway"):
        generate(1, length=500, density=0.4, bikes=4, need=4, attempts=3)
