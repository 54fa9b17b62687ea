"""Runway referee: the statement's worked example turn by turn and every row of the spec's rule table."""

from __future__ import annotations

import pytest

from arcade.core.errors import IllegalMove
from arcade.games.runway.logic import RULES, Bike, Command, Level, RunwayRules, State
from arcade.services.resources import levels_dir

S, SL, J, W, U, D = Command.SPEED, Command.SLOW, Command.JUMP, Command.WAIT, Command.UP, Command.DOWN


def level(*lanes: str, bikes: tuple[int, ...] = (0,), x: int = 0, speed: int = 1, need: int = 1) -> Level:
    """A runway from up to four lane strings (missing lanes and short ones are padded with road)."""
    width = max(len(lane) for lane in lanes)
    rows = tuple(lane.ljust(width, ".") for lane in (*lanes, "", "", "")[:4])
    return Level(rows, need, speed, tuple(Bike(x, y) for y in bikes))


def play(lvl: Level, *commands: Command, rules: RunwayRules = RULES) -> State:
    state = rules.initial_state(lvl)
    for command in commands:
        state = rules.apply(state, command)
    return state


def spots(state: State) -> list[tuple[int, int, bool]]:
    return [(b.x, b.y, b.active) for b in state.bikes]


# -- the statement's worked example -------------------------------------------------------
@pytest.fixture
def example() -> State:
    return RULES.initial_state(RULES.load_level_file(levels_dir("runway") / "00_statement_example.txt"))


def test_statement_example_turn_by_turn(example):
    assert spots(example) == [(0, 1, True), (0, 2, True)] and example.speed == 1

    after_speed = RULES.apply(example, S)
    assert after_speed.speed == 2
    assert spots(after_speed) == [(2, 1, True), (2, 2, True)]

    after_jump = RULES.apply(after_speed, J)
    # The lane-1 bike lands on the hole at x=4 and dies where it was; the lane-2 bike lands safely.
    assert spots(after_jump) == [(2, 1, False), (4, 2, True)]
    assert after_jump.bikes[0].fell_at == (4, 1)
    assert RULES.outcome(after_jump) is None  # one bike is enough here

    after_down = RULES.apply(after_jump, D)
    # From x=4 at speed 2: old lane 2 checks x=5 only, so its hole at x=6 does not matter.
    assert example.level.is_hole(6, 2)
    assert spots(after_down) == [(2, 1, False), (6, 3, True)]
    assert RULES.protocol_lines(after_down) == ["2", "2 1 0", "6 3 1"]


def test_statement_example_is_won_by_continuing(example):
    state = play(example.level, S, J, D, W, W)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.is_win and outcome.score == 1


# -- speed ---------------------------------------------------------------------------------
def test_speed_changes_before_the_move():
    lvl = level("...0")
    assert spots(play(lvl, SL)) == [(0, 0, True)]  # speed 1 -> 0, no move at all
    fast = play(lvl, S)  # speed 2: checks x=1,2 only
    assert spots(fast) == [(2, 0, True)] and fast.speed == 2


def test_slow_never_goes_below_zero():
    state = play(level("....", speed=0), SL, SL)
    assert state.speed == 0 and spots(state) == [(0, 0, True)]


# -- straight moves: own lane x+1 .. x+s ----------------------------------------------------------
@pytest.mark.parametrize("command", [S, SL, W])
def test_straight_moves_check_every_cell_up_to_the_landing(command):
    speed = {S: 4, SL: 2, W: 3}[command]  # the speed after the change, from 3
    # The last cell reached is a hole: the bike dies.
    lanes = "." * (speed + 2)
    dead = play(level(lanes[:speed] + "0" + lanes[speed + 1 :], speed=3), command)
    assert not dead.bikes[0].active and dead.bikes[0].fell_at == (speed, 0)
    # A hole one cell further is not looked at.
    alive = play(level(lanes[: speed + 1] + "0" + lanes[speed + 2 :], speed=3), command)
    assert spots(alive) == [(speed, 0, True)]


def test_wait_does_not_check_the_cell_it_stands_on():
    lvl = Level(("0......", ".......", ".......", "......."), 1, 2, (Bike(0, 0),))
    assert spots(play(lvl, W)) == [(2, 0, True)]


def test_wait_meets_a_hole_in_the_middle_of_the_move():
    state = play(level(".0.....", speed=3), W)
    assert not state.bikes[0].active and state.bikes[0].fell_at == (1, 0)


# -- JUMP: only the landing cell -------------------------------------------------------------------
def test_jump_flies_over_holes_and_only_checks_the_landing_cell():
    assert spots(play(level(".00.....", speed=3), J)) == [(3, 0, True)]
    landed = play(level("...0....", speed=3), J)
    assert not landed.bikes[0].active and landed.bikes[0].fell_at == (3, 0)


def test_jump_at_speed_zero_lands_where_it_stands():
    # A bike can stand on a hole after a speed-0 lane change (nothing is checked then).
    lvl = level("0.....", "......", bikes=(1,), speed=0)
    on_hole = play(lvl, U)
    assert spots(on_hole) == [(0, 0, True)]
    assert spots(RULES.apply(on_hole, W)) == [(0, 0, True)]  # WAIT at speed 0 checks nothing
    jumped = RULES.apply(on_hole, J)
    assert not jumped.bikes[0].active and jumped.bikes[0].fell_at == (0, 0)


# -- UP / DOWN: old lane x+1 .. x+s-1 and new lane x+1 .. x+s --------------------------------
def test_lane_change_ignores_the_old_lane_at_the_landing_column():
    lvl = level("......", "...0..", bikes=(1,), speed=3)
    assert spots(play(lvl, U)) == [(3, 0, True)]


def test_lane_change_checks_the_old_lane_before_the_landing_column():
    lvl = level("......", "..0...", bikes=(1,), speed=3)
    state = play(lvl, U)
    assert not state.bikes[0].active and state.bikes[0].fell_at == (2, 1) and state.bikes[0].y == 1


@pytest.mark.parametrize("column", [1, 2, 3])
def test_lane_change_checks_the_new_lane_up_to_the_landing(column):
    lane = list("......")
    lane[column] = "0"
    lvl = level("......", "......", "".join(lane), bikes=(1,), speed=3)
    state = play(lvl, D)
    assert not state.bikes[0].active and state.bikes[0].fell_at == (column, 2)


def test_lane_change_never_checks_the_new_lane_at_x():
    # The known ambiguity: some solutions check the new lane at column x too. We do not.
    lvl = Level(("0.....", "......", "......", "......"), 1, 2, (Bike(0, 1),))
    assert spots(play(lvl, U)) == [(2, 0, True)]


def test_lane_change_at_speed_zero_checks_nothing():
    lvl = level("......", "......", "0.....", bikes=(1,), speed=0)
    assert spots(play(lvl, D)) == [(0, 2, True)]


def test_up_is_blocked_for_everyone_when_an_active_bike_is_on_lane_0():
    lvl = level("......", "......", "..0...", bikes=(0, 2), speed=2)
    state = play(lvl, U)
    # Nobody changes lane; they move like WAIT, so the lane-2 bike meets its hole at x=2.
    assert spots(state) == [(2, 0, True), (0, 2, False)]
    assert state.bikes[1].fell_at == (2, 2)


def test_down_is_blocked_for_everyone_when_an_active_bike_is_on_lane_3():
    lvl = level("......", "......", "......", "......", bikes=(1, 3), speed=1)
    assert spots(play(lvl, D)) == [(1, 1, True), (1, 3, True)]


def test_a_destroyed_bike_on_the_edge_does_not_block():
    lvl = level(".0....", "......", "......", bikes=(0, 2), speed=1)
    first = play(lvl, W)
    assert spots(first) == [(0, 0, False), (1, 2, True)]
    assert spots(RULES.apply(first, U)) == [(0, 0, False), (2, 1, True)]


def test_how_to_play_states_the_edge_rule_as_the_referee_plays_it():
    """The rules page said UP/DOWN were refused "if any bike is on the edge lane": a player with a
    fallen bike on lane 0 held back from UP, which the referee (above) allows; and "refused" read
    as "nothing happens", where the bikes still ride on straight ahead."""
    from arcade.games.runway import INFO

    rule = next(line for line in INFO.how_to_play if "edge lane" in line)
    assert "still riding" in rule.split("UP", 1)[1]
    assert "straight" in rule


def test_destroyed_bikes_stay_put_for_good():
    lvl = level(".0......", "........", bikes=(0, 1), speed=1, need=1)
    state = play(lvl, W, S, W, D)
    assert state.bikes[0] == Bike(0, 0, False, (1, 0))
    assert RULES.protocol_lines(state)[1] == "0 0 0"


# -- winning and losing ------------------------------------------------------------------------
def test_win_when_enough_bikes_reach_the_end():
    lvl = level("....", "..0.", bikes=(0, 1), speed=2, need=1)
    state = play(lvl, W)
    assert RULES.outcome(state) is None  # x=2 < 4, one bike fell
    won = RULES.apply(state, S)
    outcome = RULES.outcome(won)
    assert won.x >= lvl.length and outcome is not None and outcome.is_win and outcome.score == 1
    assert "1 of 2 bikes crossed" in outcome.reason


def test_loss_as_soon_as_fewer_than_v_bikes_are_left():
    lvl = level("....", "..0.", bikes=(0, 1), speed=2, need=2)
    state = play(lvl, W)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.result == "loss" and "Only 1 bike left, 2 needed" in outcome.reason
    with pytest.raises(IllegalMove, match="over"):
        RULES.apply(state, W)
    assert RULES.legal_moves(state) == ()


def test_crossing_with_too_few_bikes_is_a_loss():
    lvl = level("....", "...0", bikes=(0, 1), speed=3, need=2)
    outcome = RULES.outcome(play(lvl, W))
    assert outcome is not None and outcome.result == "loss"


def test_loss_after_the_turn_limit_and_a_win_on_the_last_turn_counts():
    lvl = level("." * 12, speed=0)
    rules = RunwayRules(turn_limit=4)
    stalled = play(lvl, W, W, W, W, rules=rules)
    outcome = rules.outcome(stalled)
    assert outcome is not None and outcome.result == "loss" and "4 turns are up" in outcome.reason
    just_in_time = play(lvl, S, S, S, S, rules=rules)  # 1 + 2 + 3 + 4 = 10 < 12
    assert rules.outcome(just_in_time).result == "loss"
    lvl10 = level("." * 10, speed=0)
    won = play(lvl10, S, S, S, S, rules=rules)
    assert rules.outcome(won).is_win


def test_fifty_turns_is_the_puzzle_limit():
    state = play(level("." * 40, speed=0), *([W] * 49))
    assert RULES.outcome(state) is None
    assert RULES.outcome(RULES.apply(state, W)).result == "loss"


# -- moves as text -----------------------------------------------------------------------------
def test_commands_round_trip_through_text():
    for command in Command:
        assert RULES.decode_move(RULES.encode_move(command)) is command
    assert RULES.decode_move(" jump\r\n") is Command.JUMP


@pytest.mark.parametrize("garbage", ["", "JUMPS", "UP UP", "1", "LEFT"])
def test_garbage_commands_are_refused(garbage):
    with pytest.raises(IllegalMove):
        RULES.decode_move(garbage)
    with pytest.raises(IllegalMove):
        RULES.apply(play(level("....")), garbage)


def test_apply_never_mutates_and_states_compare_by_value():
    start = RULES.initial_state(level("..0.....", "........", bikes=(0, 1)))
    copy = RULES.initial_state(level("..0.....", "........", bikes=(0, 1)))
    after = RULES.apply(start, W)
    assert start == copy and after != start
    assert RULES.apply(start, W) == after and hash(RULES.apply(start, W)) == hash(after)


def test_state_text_shows_bikes_wrecks_and_the_finish():
    state = play(level(".0..", "....", bikes=(0, 1), speed=1), W)
    text = RULES.state_text(state)
    assert text.splitlines()[1:3] == [".x..|", ".2..|"]
    assert "1 of 2 bikes active" in text


def test_win_reason_counts_bikes_in_words_and_leaves_turns_to_the_tally():
    """The end panel said "…in 5 turns." above "Turns: 5 · Time: 00:05", and "1 of 1 bikes crossed"."""
    lvl = level("....", "....", bikes=(0,), speed=2, need=1)
    won = play(lvl, W, W)
    outcome = RULES.outcome(won)
    assert outcome is not None and outcome.is_win
    assert outcome.reason == "1 of 1 bike crossed (1 needed)."
    assert "turn" not in outcome.reason
