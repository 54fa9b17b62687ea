"""The pair search's tie-break and its memory: exact ties, the head-on avoidance, kept tables."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.games.tron import maps
from arcade.games.tron.ai import OrderingMemory, PairSearch, StrongestBot, a1k0n_eval
from arcade.games.tron.board import Board
from arcade.games.tron.logic import DELTAS, RULES, State
from tests.tron.test_tron_board import boards
from tests.tron.test_tron_bots import random_position

FAR = 10**9
directions = st.sampled_from(tuple(DELTAS))


def play(map_id: str, moves: list[str]) -> State:
    _id, level = maps.load(map_id)
    state = RULES.initial_state(level)
    for move in moves:
        state = RULES.apply(state, RULES.decode_move(move))
    return state


#: ``vee`` from the first seat, the tick before a head-on the 2010 winner and this bot used to
#: walk into: both heads can enter the cell between them (east of ours), and the search scores
#: that cell and both other moves exactly even from depth 3 on.
VEE = ["E W"] * 5 + ["S N"] * 6


def test_the_standoff_position_is_an_exact_three_way_tie():
    board = Board.from_state(play("vee", VEE), 0)
    search = PairSearch(board.geo, a1k0n_eval, time.perf_counter() + FAR)
    values = {target: search.root(board, 4, [target])[0][1] for _d, target in board.safe_moves()}
    assert len(values) == 3
    assert set(values.values()) == {0}


def test_strongest_steps_aside_from_a_head_on_when_it_costs_nothing():
    board = Board.from_state(play("vee", VEE), 0)
    contested = board.geo.spread(1 << board.opp)
    targets = dict(board.safe_moves())
    heads_on = [d for d, t in targets.items() if contested >> t & 1]
    assert heads_on == ["E"]
    decision = StrongestBot(depth=4).decide(board, time.perf_counter() + FAR)
    assert decision.direction != "E"
    assert decision.score == 0
    # Without a tie-break the first of the tied moves is the head-on (the draw it used to play).
    bot = StrongestBot(depth=4)
    bot.break_ties = False
    assert bot.decide(board, time.perf_counter() + FAR).direction == "E"


def test_a_head_on_that_is_the_best_move_is_still_taken():
    # Cornered: the only move that does not lose at once is into the cell both can reach.
    level = RULES.parse_level("""5 3
#####
#1 2#
#####
""")
    board = Board.from_state(RULES.initial_state(level), 0)
    assert StrongestBot(depth=3).decide(board, time.perf_counter() + FAR).direction == "E"


@settings(max_examples=40, deadline=None)
@given(boards(max_side=7), st.lists(st.tuples(directions, directions), max_size=10), st.integers(0, 1),
       st.integers(1, 3))
def test_exact_ties_report_every_tied_move_at_its_true_value(level, moves, seat, depth):
    board = Board.from_state(random_position(level, moves), seat)
    if board.me < 0 or board.opp < 0:
        return
    order = [t for _d, t in board.safe_moves()]
    if not order:
        return
    deadline = time.perf_counter() + FAR
    exact = {t: PairSearch(board.geo, a1k0n_eval, deadline, use_table=False).root(board, depth, [t])[0][1]
             for t in order}
    results = PairSearch(board.geo, a1k0n_eval, deadline).root(board, depth, order, exact_ties=True)
    best = max(v for _t, v in results)
    assert best == max(exact.values())
    for target, value in results:
        assert value >= exact[target]  # a bound, never below the truth
        if value == best:
            assert exact[target] == best  # a reported tie is a real one


def test_kept_tables_change_no_decision_at_a_fixed_depth():
    _id, level = maps.load("box")
    state = RULES.initial_state(level)
    kept, fresh = StrongestBot(depth=4), StrongestBot(depth=4)
    fresh.keep_memory = False
    for _tick in range(12):
        boards_ = [Board.from_state(state, seat) for seat in (0, 1)]
        a = kept.decide(boards_[0], time.perf_counter() + FAR)
        b = fresh.decide(boards_[0], time.perf_counter() + FAR)
        assert (a.direction, a.score) == (b.direction, b.score)
        other = StrongestBot(depth=2).decide(boards_[1], time.perf_counter() + FAR)
        state = RULES.apply(state, (a.direction, other.direction))
        if state.over:
            break
    assert kept.memory.table  # it did keep something


def test_memory_is_emptied_past_its_limit():
    memory = OrderingMemory(limit=3)
    memory.table.update({(1, 2, 3): (4, 5), (2, 2, 3): (4, 5)})
    memory.trim()
    assert len(memory.table) == 2
    memory.replies.update({(1, 2, 3, 4): 5, (2, 2, 3, 4): 5})
    memory.trim()
    assert not memory.table and not memory.replies
