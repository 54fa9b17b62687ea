"""The strongest bot answers on time even when its search stalls: it thinks in its own thread.

A stall is injected where the search starts a depth (the compiled kernel's root call, or the
bitboard search's): the worker thread then waits on an event the test releases, standing in for
a search held up by page faults or a host taking its core. No timing is asserted tightly: a
stall of 10 s is escaped in well under one.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator

import pytest

from arcade.games.tron import ai, kernel, maps
from arcade.games.tron.ai import StrongestBot, flood_choice, watchdog_time
from arcade.games.tron.board import Board
from arcade.games.tron.logic import RULES
from arcade.games.tron.match import bot_deadline
from tests.tron.test_tron_bots import FORK, SEARCHES

#: Cycle 1 in the open, cycle 2 near: several moves to weigh, none forced.
OPEN = RULES.parse_level("""9 7
#########
#       #
#  1    #
#       #
#    2  #
#       #
#########
""")
#: Cut apart: cycle 1 fills its room alone (the endgame planner answers).
ROOMS = RULES.parse_level("""9 6
#########
#  1#   #
#   #   #
#   #  2#
#   #   #
#########
""")
STALL = 10.0


def positions() -> list[Board]:
    _id, joust = maps.load("joust")
    return [Board.from_level(FORK), Board.from_level(OPEN), Board.from_level(OPEN, 1), Board.from_level(joust),
            Board.from_level(joust, 1)]


class Stall:
    """Makes the search hang at the start of every depth from ``first`` on, until released."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, compiled: bool, first: int) -> None:
        self.first = first
        self.release = threading.Event()
        self.stalled = threading.Event()
        owner = kernel.SearchArrays if compiled else ai.PairSearch
        original = owner.root

        def root(search: object, *args: object) -> object:
            depth = args[3] if compiled else args[1]
            if depth >= self.first:
                self.stalled.set()
                self.release.wait(STALL)
            return original(search, *args)

        monkeypatch.setattr(owner, "root", root)


@pytest.fixture
def released() -> Iterator[list[Stall]]:
    """Stalls made by a test are released at its end (so no worker thread is left hanging)."""
    stalls: list[Stall] = []
    yield stalls
    for stall in stalls:
        stall.release.set()


def timed_decide(bot: StrongestBot, board: Board, seconds: float) -> tuple[ai.Decision, float]:
    started = time.perf_counter()
    decision = bot.decide(board, started + seconds)
    return decision, time.perf_counter() - started


@pytest.mark.parametrize("compiled", SEARCHES)
def test_without_a_stall_the_thread_answers_what_the_search_would(compiled):
    """Run in its thread, the search gives the answer it gives when called directly."""
    for board in positions():
        threaded = StrongestBot(depth=3, compiled=compiled)
        direct = StrongestBot(depth=3, compiled=compiled)
        for bot in (threaded, direct):
            bot.prepare(board.geo.width, board.geo.height)
        expected = direct._decide(board, time.perf_counter() + 60)
        got = threaded.decide(board, time.perf_counter() + 60)
        assert got == expected
        assert "overran" not in got.reason


@pytest.mark.parametrize("compiled", SEARCHES)
def test_a_search_stalled_past_its_deadline_answers_its_last_finished_depth_on_time(
        compiled, monkeypatch: pytest.MonkeyPatch, released: list[Stall]):
    board = Board.from_level(OPEN)
    depth_one = StrongestBot(depth=1, compiled=compiled)._decide(board, time.perf_counter() + 60)
    stall = Stall(monkeypatch, compiled, first=2)
    released.append(stall)
    bot = StrongestBot(depth=6, compiled=compiled)
    bot.prepare(board.geo.width, board.geo.height)
    decision, took = timed_decide(bot, board, 0.05)
    assert stall.stalled.is_set()
    assert took < 1.0  # the stall lasts 10 s
    assert decision.direction == depth_one.direction and decision.depth == 1
    assert "overran" in decision.reason


@pytest.mark.parametrize("compiled", SEARCHES)
def test_the_answers_during_and_after_a_stall_are_safe_then_the_searchs_own(
        compiled, monkeypatch: pytest.MonkeyPatch, released: list[Stall]):
    """A search stuck before its first depth leaves the safe local choice; the next answer waits
    behind it (the buffers are its) without waiting past its own time; once it ends, answers are
    the search's again."""
    board = Board.from_level(OPEN)
    safe = {d for d, _t in board.safe_moves()}
    stall = Stall(monkeypatch, compiled, first=1)
    released.append(stall)
    bot = StrongestBot(depth=3, compiled=compiled)
    bot.prepare(board.geo.width, board.geo.height)
    for _ in range(2):
        decision, took = timed_decide(bot, board, 0.05)
        assert took < 1.0
        assert decision.direction == flood_choice(board, -1.0)[0] and decision.direction in safe
        assert decision.reason.startswith("no time to search") and "overran" in decision.reason
    stall.release.set()
    monkeypatch.undo()
    assert bot.worker.idle(5.0)
    expected = StrongestBot(depth=3, compiled=compiled)._decide(board, time.perf_counter() + 60)
    assert bot.decide(board, time.perf_counter() + 60).direction == expected.direction


@pytest.mark.parametrize("compiled", SEARCHES)
def test_a_stalled_plan_for_a_separated_room_answers_the_plan_kept(compiled, monkeypatch: pytest.MonkeyPatch):
    """The endgame planner runs in the thread too; stalled, the plan kept from the last move answers."""
    board = Board.from_level(ROOMS)
    bot = StrongestBot(depth=3, compiled=compiled)
    first = bot.decide(board, time.perf_counter() + 60)
    assert first.reason.startswith("separated")
    planned = dict(board.safe_moves())[first.direction]
    after = Board(board.geo, board.free & ~(1 << planned), planned, board.opp)
    kept = bot.planner.kept_step(after.free, after.me)
    assert kept is not None
    release = threading.Event()
    original = bot.planner.move
    monkeypatch.setattr(bot.planner, "move", lambda *args: release.wait(STALL) and original(*args))
    try:
        decision, took = timed_decide(bot, after, 0.05)
    finally:
        release.set()
    assert took < 1.0
    assert dict(after.safe_moves())[decision.direction] == kept
    assert "plan kept" in decision.reason and "overran" in decision.reason


def test_a_new_rounds_buffers_wait_for_a_stalled_search_without_deadlock(monkeypatch: pytest.MonkeyPatch,
                                                                        released: list[Stall]):
    """Buffers are never changed under a running search: a round's reset and a new board's buffers
    queue behind it; if it is still stuck they give up waiting (no deadlock) and run before the next answer."""
    board = Board.from_level(OPEN)
    stall = Stall(monkeypatch, kernel.ACCELERATED, first=1)
    released.append(stall)
    monkeypatch.setattr(ai, "PREPARE_WAIT", 0.05)
    bot = StrongestBot(depth=2)
    bot.prepare(board.geo.width, board.geo.height)
    timed_decide(bot, board, 0.02)
    memory = bot.memory.table
    memory[(1, 2, 3)] = (4, 5)
    started = time.perf_counter()
    bot.reset()
    bot.prepare(11, 9)
    assert time.perf_counter() - started < 1.0
    assert memory  # not cleared under the running search
    stall.release.set()
    monkeypatch.undo()
    assert bot.worker.idle(5.0)
    assert not memory
    if bot.compiled:
        assert bot.arrays is not None and (bot.arrays.width, bot.arrays.height) == (11, 9)


def test_one_thread_per_bot_kept_across_answers_and_ended_with_the_bot():
    """No thread per answer, and a dropped bot (a tournament makes one per round) takes its thread along."""
    board = Board.from_level(OPEN)
    bot = StrongestBot(depth=1)
    bot.decide(board, time.perf_counter() + 60)
    thread = bot.worker._thread
    assert thread is not None and thread.daemon and thread.is_alive()
    bot.decide(board, time.perf_counter() + 60)
    assert bot.worker._thread is thread
    del bot
    gc.collect()
    thread.join(5.0)
    assert not thread.is_alive()


def test_the_wake_time_is_halfway_from_the_search_deadline_to_the_end_of_the_budget():
    for budget_ms, share in ((100, ai.COMPILED_SEARCH_SHARE), (100, ai.SEARCH_SHARE), (10, 0.9)):
        deadline = bot_deadline(50.0, budget_ms, share)
        wake = watchdog_time(50.0, deadline, share)
        assert deadline < wake < 50.0 + budget_ms / 1000
        assert wake == pytest.approx((deadline + 50.0 + budget_ms / 1000) / 2)
    # Read later than the budget began, the wake time comes earlier, never later.
    assert watchdog_time(50.01, bot_deadline(50.0, 100, 0.9), 0.9) < 50.095
