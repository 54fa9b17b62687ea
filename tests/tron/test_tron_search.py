"""The pair search's memory between moves: ordering hints only, never a different decision."""

from __future__ import annotations

import time

import pytest

from arcade.games.tron import kernel, maps
from arcade.games.tron.ai import OrderingMemory, StrongestBot
from arcade.games.tron.board import Board
from arcade.games.tron.logic import RULES

FAR = 10**9


def test_kept_tables_change_no_decision_at_a_fixed_depth():
    _id, level = maps.load("box")
    state = RULES.initial_state(level)
    kept, fresh = StrongestBot(depth=4, compiled=False), StrongestBot(depth=4, compiled=False)
    fresh.keep_memory = False
    for _tick in range(12):
        boards_ = [Board.from_state(state, seat) for seat in (0, 1)]
        a = kept.decide(boards_[0], time.perf_counter() + FAR)
        b = fresh.decide(boards_[0], time.perf_counter() + FAR)
        assert (a.direction, a.score) == (b.direction, b.score)
        other = StrongestBot(depth=2, compiled=False).decide(boards_[1], time.perf_counter() + FAR)
        state = RULES.apply(state, (a.direction, other.direction))
        if state.over:
            break
    assert kept.memory.table  # it did keep something


@pytest.mark.skipif(not kernel.ACCELERATED, reason="numba is not installed")
def test_the_compiled_search_keeps_its_table_and_finds_the_same_values():
    """The transposition table and killers carried between moves only reorder the search."""
    _id, level = maps.load("box")
    state = RULES.initial_state(level)
    kept, fresh = StrongestBot(depth=5, compiled=True), StrongestBot(depth=5, compiled=True)
    for _tick in range(12):
        boards_ = [Board.from_state(state, seat) for seat in (0, 1)]
        fresh.reset()
        a = kept.decide(boards_[0], time.perf_counter() + FAR)
        b = fresh.decide(boards_[0], time.perf_counter() + FAR)
        assert a.score == b.score
        other = StrongestBot(depth=2, compiled=False).decide(boards_[1], time.perf_counter() + FAR)
        state = RULES.apply(state, (a.direction, other.direction))
        if state.over:
            break
    arrays = kept.arrays
    assert arrays is not None and (arrays.width, arrays.height) == (level.width, level.height)
    assert (arrays.tt_key != -1).any()  # it did keep something
    assert b.nodes and a.nodes < b.nodes * 2


def test_memory_is_emptied_past_its_limit():
    memory = OrderingMemory(limit=3)
    memory.table.update({(1, 2, 3): (4, 5), (2, 2, 3): (4, 5)})
    memory.trim()
    assert len(memory.table) == 2
    memory.replies.update({(1, 2, 3, 4): 5, (2, 2, 3, 4): 5})
    memory.trim()
    assert not memory.table and not memory.replies


def test_the_bitboard_search_also_walks_forced_pairs_without_spending_depth():
    """The pure-Python path (no numba) extends a pair with no choice on either side, as the kernel does."""
    from arcade.games.tron.ai import PairSearch, a1k0n_eval
    from arcade.games.tron.logic import Level

    level = Level(40, 1, (" " * 40,), ((0, 0), (39, 0)))
    board = Board.from_level(level)
    targets = [target for _d, target in board.safe_moves()]
    nodes = {}
    for extend in (False, True):
        search = PairSearch(board.geo, a1k0n_eval, time.perf_counter() + FAR, extend_forced=extend)
        assert search.root(board, 1, targets)[0][1] == 0  # the heads meet in the middle: a draw
        nodes[extend] = search.nodes
    assert nodes[False] <= 2 and nodes[True] >= 18


def test_the_bitboard_search_also_plays_on_where_the_heads_are_close():
    """One pair ahead, stepping between two heads two steps apart looks best; the pure-Python
    path, like the kernel, plays such a leaf on and sees what four pairs see: it gets walled off."""
    from arcade.games.tron.ai import PairSearch, a1k0n_eval
    from arcade.games.tron.logic import Level

    level = Level(5, 5, (" #   ", "#    ", "#    ", "     ", "##   "), ((1, 1), (3, 1)))
    board = Board.from_level(level)
    name = {target: direction for direction, target in board.safe_moves()}
    assert sorted(name.values()) == ["E", "S"]

    def best(depth: int, near: bool) -> str:
        search = PairSearch(board.geo, a1k0n_eval, time.perf_counter() + FAR, extend_near=near)
        values = search.root(board, depth, list(name))
        return name[max(values, key=lambda value: value[1])[0]]

    assert best(1, near=False) == "E"
    assert best(4, near=False) == "S"
    assert best(1, near=True) == "S"
