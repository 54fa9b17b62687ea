"""Steering queues, best-of-N matches and the saved match setup (pure parts of the window)."""

from __future__ import annotations

import pytest

from arcade.core.game import Outcome
from arcade.games.tron.controller import Match, Steering
from arcade.games.tron.view.setup import MatchSetup


def test_steering_ignores_reversal_and_repeats_and_queues_turns():
    steering = Steering("E")
    assert not steering.press("W")  # straight back
    assert not steering.press("E")  # already heading east
    assert steering.press("S") and steering.press("W")  # a U-turn in two ticks
    assert not steering.press("E")  # reversal of the last queued turn
    assert steering.next() == "S" and steering.next() == "W" and steering.next() == "W"


def test_steering_queue_is_bounded_and_aim_sets_any_heading():
    steering = Steering("N")
    assert steering.press("E") and steering.press("N") and steering.press("W")
    assert not steering.press("N")  # a fourth turn is dropped
    steering.aim("S")  # before the start: any heading, queue cleared
    assert steering.heading == "S" and steering.queue == []
    assert not steering.press("Q")


def win(winner: int | None) -> Outcome:
    return Outcome("draw" if winner is None else "win", "", winner)


def test_best_of_three_ends_at_two_wins():
    match = Match(best_of=3)
    match.record(win(0))
    assert not match.over
    match.record(win(1))
    match.record(win(0))
    assert match.over and match.winner == 0 and match.score == [2, 1]


def test_drawn_rounds_count_as_played_so_a_forced_draw_map_ends():
    match = Match(best_of=3)
    for _ in range(3):
        match.record(win(None))
    assert match.over and match.winner is None and match.draws == 3


def test_match_survives_a_save_and_damaged_data_is_refused():
    match = Match("watch", ("strongest", "flood-fill"), 5)
    match.record(win(1))
    again = Match.from_dict(match.to_dict())
    assert again == match
    for damaged in ({"mode": "bot", "seats": "x"}, None, {**match.to_dict(), "seats": ["human", "nobot"]},
                    {**match.to_dict(), "score": [float("nan"), 0]}, {**match.to_dict(), "best_of": 10**9}):
        with pytest.raises(ValueError):
            Match.from_dict(damaged)


def test_setup_preferences_keep_defaults_for_anything_odd():
    setup = MatchSetup(mode="watch", bot1="voronoi", bot2="random", map="joust", speed=15, bot_ms=50, best_of=5)
    assert MatchSetup.from_dict(setup.to_dict()) == setup
    odd = MatchSetup.from_dict({"mode": "chess", "bot1": "hal", "speed": 11, "bot_ms": "fast", "best_of": 4,
                                "map": ""})
    assert odd == MatchSetup()
    assert MatchSetup(mode="humans").seats() == ("human", "human")
    assert MatchSetup(mode="bot", bot2="voronoi").seats() == ("human", "voronoi")


def test_swapping_sides_keeps_each_players_score():
    match = Match("watch", ("strongest", "flood-fill"), 3)
    match.record(win(0))
    match.swap_sides()
    assert match.seats == ("flood-fill", "strongest") and match.score == [0, 1]


@pytest.mark.parametrize(("heading", "queued", "dx", "dy", "starting", "expected"), [
    ("N", [], 5, -40, True, "N"),    # before the start: the heading nearest the click
    ("N", [], 40, 5, True, "E"),
    ("N", [], 0, 0, True, None),     # on the head itself: nothing
    ("N", [], -3, -40, False, "W"),  # under way: the click's side, even far ahead ...
    ("N", [], 3, 40, False, "E"),    # ... or behind: never back
    ("E", [], 40, 1, False, "S"),
    ("E", ["N"], 40, 1, False, "E"),  # after the queued turn north the sides are east and west
    ("S", [], 0, -9, False, None),   # straight behind on the axis: no side
])
def test_a_click_asks_for_the_turn_to_its_side(heading, queued, dx, dy, starting, expected):
    steering = Steering(heading)
    steering.queue = list(queued)
    assert steering.toward(dx, dy, starting=starting) == expected


def test_a_round_lost_by_a_programs_failure_round_trips_through_the_save_and_damage_is_refused():
    from arcade.games.tron.controller import failure_from_dict, failure_to_dict

    outcome = Outcome("win", "Cycle 1 (bot.py) lost on tick 4: exited with status 1", 1, 0.0)
    data = failure_to_dict(outcome, ["exited with status 1", ""])
    assert failure_from_dict(data) == (outcome, ["exited with status 1", ""])
    assert failure_from_dict(None) == (None, ["", ""])
    for damaged in ("x", {**data, "winner": 2}, {**data, "winner": True}, {**data, "failures": ["a"]},
                    {**data, "result": "lost"}, {**data, "score": "1"}):
        with pytest.raises(ValueError):
            failure_from_dict(damaged)
