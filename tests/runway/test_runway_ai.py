"""Runway AIs: the optimum on every public test, optimality against a brute force, the classic AI, hints."""

from __future__ import annotations

import time

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from arcade.games.runway.ai import (
    CLASSIC_SERIES,
    INVALID,
    classic_plan,
    classic_series_score,
    exact_plan,
    hint,
    last_winnable,
    play_game,
    watch,
)
from arcade.games.runway.logic import COMMANDS, RULES, Bike, Command, Level, RunwayRules, State
from arcade.games.runway.solver import Position, Track, exact_search, position_of
from arcade.services.resources import levels_dir

#: The most bikes that can be saved on each public test (spec: 8 → 4, 11 → 2, 12 → 1).
OPTIMUM = {
    "00_statement_example": 1,
    "01_one_lonely_hole": 1,
    "02_chained_jumps_over_increasing_length": 4,
    "03_chained_jumps_over_decreasing_length": 4,
    "04_chained_jumps_of_equal_length": 4,
    "05_diagonal_columns_of_holes_3_hole_row": 4,
    "06_scattered_pits": 2,
    "07_big_jump_chained_with_hole_columns": 3,
    "08_diagonal_columns_of_holes_4_hole_row_mandatory_sacrifice": 4,
    "09_obstacle_course_for_1_bike": 1,
    "10_obstacle_course_for_2_bikes": 2,
    "11_mandatory_sacrifices": 2,
    "12_well_worn_road": 1,
}


def start_of(name: str) -> State:
    return RULES.initial_state(RULES.load_level_file(levels_dir("runway") / f"{name}.txt"))


def replay(state: State, commands, rules: RunwayRules = RULES) -> State:
    for command in commands:
        state = rules.apply(state, command)
    return state


@pytest.mark.parametrize("name", sorted(OPTIMUM))
def test_exact_ai_wins_every_public_test_with_the_most_bikes(name):
    start = start_of(name)
    plan = exact_plan(start)
    assert plan.win and plan.complete and plan.survivors == OPTIMUM[name]
    end = replay(start, plan.commands)
    outcome = RULES.outcome(end)
    assert outcome is not None and outcome.is_win and len(end.active) == OPTIMUM[name]
    assert len(plan.commands) == end.turn <= 50


@pytest.mark.parametrize("name", sorted(OPTIMUM))
def test_classic_ai_plays_every_public_test_to_the_end(name):
    game = play_game("classic", start_of(name))
    assert RULES.outcome(game.final) is not None
    assert game.survivors <= OPTIMUM[name]


# -- brute force ------------------------------------------------------------------------------
def brute_force(state: State, rules: RunwayRules) -> tuple[int, int] | None:
    """(survivors, commands) of the best win over every command sequence: most bikes, then fewest turns."""
    best: tuple[int, int] | None = None

    def visit(node: State) -> None:
        nonlocal best
        outcome = rules.outcome(node)
        if outcome is not None:
            if outcome.is_win:
                candidate = (len(node.active), -node.turn)
                best = candidate if best is None else max(best, candidate)
            return
        for command in COMMANDS:
            visit(rules.apply(node, command))

    visit(state)
    return None if best is None else (best[0], -best[1] - state.turn)


@st.composite
def small_runways(draw, max_length: int = 8) -> Level:
    length = draw(st.integers(3, max_length))
    density = draw(st.sampled_from((0.1, 0.2, 0.3, 0.45)))
    lanes = tuple(
        "".join("0" if draw(st.floats(0, 1)) < density else "." for _ in range(length)) for _ in range(4)
    )
    lanes_used = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    need = draw(st.integers(1, len(lanes_used)))
    speed = draw(st.integers(0, 3))
    return Level(lanes, need, speed, tuple(Bike(0, y) for y in sorted(lanes_used)))


@settings(max_examples=40, deadline=None)
@given(small_runways())
# Pinned, for forty random runways seldom hold them: both bikes win only on the fifth and last
# turn (a pruning bound one turn short drops the way there); a race whose only win keeps just
# the V bikes needed (a search that stops at V + 1 leaves it to the fallback, which loses).
@example(Level(("......", ".....0", "00.000", "0....0"), 2, 0, (Bike(0, 0), Bike(0, 2))))
@example(Level(("..0", "..0", "..0", "0.."), 1, 0, (Bike(0, 1), Bike(0, 3))))
def test_exact_ai_matches_a_brute_force_over_every_command_sequence(level):
    rules = RunwayRules(turn_limit=5)
    start = rules.initial_state(level)
    expected = brute_force(start, rules)
    plan = exact_plan(start, turn_limit=5)
    end = replay(start, plan.commands, rules)
    outcome = rules.outcome(end)
    if expected is None:
        assert not plan.win
        assert outcome is not None and outcome.result == "loss"
    else:
        assert plan.win and (plan.survivors, plan.turns) == expected
        assert outcome is not None and outcome.is_win and len(end.active) == expected[0]


@settings(max_examples=25, deadline=None)
@given(small_runways(max_length=7), st.integers(0, 3))
def test_exact_ai_is_optimal_from_the_middle_of_a_race(level, opening):
    rules = RunwayRules(turn_limit=6)
    state = rules.apply(rules.initial_state(level), COMMANDS[opening])
    if rules.outcome(state) is not None:
        return
    expected = brute_force(state, rules)
    plan = exact_plan(state, turn_limit=6)
    assert (expected is None) == (not plan.win)
    if expected is not None:
        assert (plan.survivors, plan.turns) == expected


@settings(max_examples=60, deadline=None)
@given(small_runways(max_length=14), st.lists(st.sampled_from(COMMANDS), max_size=12))
def test_the_fast_engine_agrees_with_the_referee(level, commands):
    track = Track(level)
    state = RULES.initial_state(level)
    pos = position_of(state)
    for command in commands:
        if RULES.outcome(state) is not None:
            break
        state = RULES.apply(state, command)
        pos = track.step(pos, command)
        assert (pos.speed, pos.mask) == (state.speed, state.lane_mask)
        if pos.mask:
            assert pos.x == state.x


# -- edge cases of the search ----------------------------------------------------------------
def test_no_win_still_gives_a_full_losing_plan():
    wall = "...." + "0" * 30 + "......"
    level = Level((wall,) * 4, 1, 1, (Bike(0, 0), Bike(0, 1)))
    start = RULES.initial_state(level)
    plan = exact_plan(start)
    assert not plan.win and plan.commands
    assert "no way to get 1 across" in plan.summary()
    outcome = RULES.outcome(replay(start, plan.commands))
    assert outcome is not None and outcome.result == "loss"


@pytest.mark.parametrize("opening", [("SPEED",), ("SPEED", "SPEED", "SPEED", "JUMP", "SLOW"), ("SPEED", "SPEED")])
def test_a_lost_race_steps_back_to_the_latest_turn_it_could_still_be_won(opening):
    """Watching the AI on a race no longer winnable played on until the bikes fell or time ran out."""
    name = "03_chained_jumps_over_decreasing_length" if len(opening) < 5 else "02_chained_jumps_over_increasing_length"
    history = [start_of(name)]
    for command in opening:
        history.append(RULES.play(history[-1], command))
    winnable = [exact_plan(state).win for state in history]
    back, plan = last_winnable(history)
    expected = next(k for k in range(len(history)) if winnable[-1 - k])
    assert back == expected and plan.win
    end = replay(history[-1 - back], plan.commands)
    assert RULES.outcome(end).is_win


def test_a_race_never_winnable_takes_nothing_back():
    wall = "...." + "0" * 30 + "......"
    start = RULES.initial_state(Level((wall,) * 4, 1, 1, (Bike(0, 0), Bike(0, 1))))
    history = [start, RULES.apply(start, Command.SPEED)]
    back, plan = last_winnable(history)
    assert back == 0 and not plan.win and plan.commands


def test_a_deadline_cuts_the_search_but_an_answer_still_comes(monkeypatch):
    from arcade.games.runway import solver

    calls = []
    original = solver._layered_search
    monkeypatch.setattr(solver, "_layered_search", lambda *a, **k: calls.append(1) or original(*a, **k))
    start = start_of("12_well_worn_road")
    result = exact_search(Track(start.level), position_of(start), 1, 50, deadline=time.perf_counter() - 1)
    assert not result.complete and result.commands
    assert len(calls) == 1  # no second, unbounded search after the deadline: greedy play instead
    assert replay(start, result.commands) is not None


def test_a_race_already_over_needs_no_commands():
    level = Level(("....",) * 4, 1, 0, (Bike(0, 0),))
    result = exact_search(Track(level), Position(5, 0, 1), 1, 10)
    assert result.win and result.commands == ()


def test_more_survivors_beat_fewer_turns():
    # Test 11: one bike could cross sooner, but two can cross.
    plan = exact_plan(start_of("11_mandatory_sacrifices"))
    assert plan.survivors == 2


# -- the classic AI ----------------------------------------------------------------------------
def test_classic_simulates_all_125_series_without_wait():
    assert len(CLASSIC_SERIES) == 125
    assert all(Command.WAIT not in series for series in CLASSIC_SERIES)


def test_classic_scores_like_the_seed():
    level = Level(("..........",) * 4, 1, 1, (Bike(0, 1), Bike(0, 2)))
    track = Track(level)
    pos = Position(0, 1, 0b0110)
    # All alive, speed 2 then 3 then 4: X = 2 + 3 + 4 = 9 for each of the two bikes.
    assert classic_series_score(track, pos, 2, (Command.SPEED,) * 3) == 2 * 9
    # SLOW to a stop is invalid; so is UP with a bike on lane 0.
    assert classic_series_score(track, pos, 2, (Command.SLOW,) * 3) < INVALID // 2
    assert classic_series_score(track, Position(0, 1, 0b0001), 1, (Command.UP,) * 3) < INVALID // 2


def test_classic_prefers_losing_no_bike():
    level = Level(("..0.......", "..........", "..........", ".........."), 1, 2, (Bike(0, 0), Bike(0, 1)))
    plan = classic_plan(RULES.initial_state(level))
    end = replay(RULES.initial_state(level), plan.commands)
    assert len(end.active) == 2


def test_classic_speeds_up_from_a_standstill():
    assert classic_plan(start_of("01_one_lonely_hole")).commands[0] is Command.SPEED


# -- hint and watch hooks ---------------------------------------------------------------------
def test_hint_names_the_command_and_how_many_bikes_it_saves():
    tip = hint(start_of("11_mandatory_sacrifices"))
    assert tip.kind == "move" and tip.move in {c.value for c in Command}
    assert "saves 2 of 4 bikes" in tip.reason
    over = replay(start_of("00_statement_example"), exact_plan(start_of("00_statement_example")).commands)
    assert hint(over).kind == "info" and hint(over).move is None


def test_watch_steps_play_the_plan_to_a_win():
    start = start_of("08_diagonal_columns_of_holes_4_hole_row_mandatory_sacrifice")
    state = start
    for step in watch(start):
        state = RULES.play(state, step.move)
        assert step.label.startswith(f"Turn {state.turn}:")
    assert RULES.outcome(state).is_win and len(state.active) == 4


def test_plan_cache_serves_every_state_along_an_exact_plan():
    from arcade.games.runway.ai import PlanCache

    cache = PlanCache()
    start = start_of("12_well_worn_road")
    plan = cache.plan("exact", start)
    state = start
    for i, command in enumerate(plan.commands[:-1]):
        state = RULES.apply(state, command)
        cached = cache.get("exact", state)
        assert cached is not None and cached.commands == plan.commands[i + 1 :] and cached.survivors == 1
    assert cache.get("classic", start) is None
    assert cache.plan("classic", start).ai == "classic" and cache.get("classic", start) is not None


def test_compare_ais_in_words():
    from arcade.games.runway.ai import compare_ais

    assert compare_ais(start_of("11_mandatory_sacrifices")) == {"exact": "2/4 in 8 turns", "classic": "2/4 in 8 turns"}
    # A runway crossed in one turn read "Exact AI saves 1/1 in 1 turns" in the HUD and the result.
    one_turn = RULES.initial_state(RULES.parse_level("1\n1\n...\n...\n...\n...\n2\n0 0 1\n"))
    assert compare_ais(one_turn) == {"exact": "1/1 in 1 turn", "classic": "1/1 in 1 turn"}
