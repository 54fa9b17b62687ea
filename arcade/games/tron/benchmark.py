"""Tron's speed figures (bench): evaluation cost, search rate, move times against the budget, frame times.

``python -m arcade bench tron`` prints, for a 25x25 and the 50x50 official map: the cost
of one flood fill, Voronoi split, chamber estimate and full evaluation; the strongest
bot's depth and nodes per second in a few real positions; the slowest move of a short
strongest-vs-flood-fill series against its budget; the slowest answer on the largest map a
file may hold (200x200); and the window's frame times on the
50x50 map while two strongest bots think (in their own processes, as the game runs
them, and -- for comparison -- in threads of the window's process). The full strength
benchmark is the tournament command (see docs/tron.md).
"""

from __future__ import annotations

import os
import statistics
import time
import timeit
from collections.abc import Callable

from arcade.games.tron import kernel, maps
from arcade.games.tron.ai import StrongestBot, a1k0n_eval, make_bot
from arcade.games.tron.board import Board, chamber_fill, clear_chamber_cache, flood, voronoi
from arcade.games.tron.logic import MAX_SIDE, RULES, State, parse_map
from arcade.games.tron.match import Tournament, bot_deadline


def _micro(fn: Callable[[], object], repeat: int) -> float:
    """Median microseconds per call."""
    times = timeit.repeat(fn, number=repeat, repeat=5)
    return statistics.median(times) / repeat * 1e6


def _position(map_id: str, ticks: int) -> State:
    """A real position: ``ticks`` of flood-fill against flood-fill from the start of ``map_id``."""
    _id, level = maps.load(map_id)
    state = RULES.initial_state(level)
    bots = (make_bot("flood-fill"), make_bot("flood-fill"))
    for _ in range(ticks):
        move = tuple(bots[seat].decide(Board.from_state(state, seat), time.perf_counter() + 1).direction
                     for seat in (0, 1))
        after = RULES.apply(state, move)
        if after.over:
            break
        state = after
    return state


def evaluation_speed(quick: bool) -> None:
    """Print the median µs of one flood fill, Voronoi split, chamber fill and evaluation on two maps'
    start positions (the compiled evaluation too, or the array version when numba is missing).
    """
    print("evaluation cost (median µs per call):")
    compiled = "compiled eval" if kernel.ACCELERATED else "array eval (no numba)"
    print(f"  {'map':<12}{'flood':>9}{'voronoi':>10}{'chamber':>10}{'a1k0n eval':>12}{compiled:>24}")
    for map_id in ("joust", "huge-room"):
        board = Board.from_state(_position(map_id, 0), 0)
        n = 20 if quick else 200
        figures = [
            _micro(lambda b=board: flood(b.geo, b.free, b.me), n),
            _micro(lambda b=board: voronoi(b.geo, b.free, b.me, b.opp), n),
            _micro(lambda b=board: (clear_chamber_cache(), chamber_fill(b.geo, b.free, b.me)), max(2, n // 10)),
            _micro(lambda b=board: a1k0n_eval(b.geo, b.free, b.me, b.opp, 1e18), n),
        ]
        arrays = kernel.SearchArrays(board.geo.width, board.geo.height, table_bits=4)
        a, b, _h = arrays.load(board.free, board.geo.stride, board.me, board.opp)
        figures.append(_micro(lambda s=arrays, a=a, b=b: s.evaluate(a, b), n if kernel.ACCELERATED else 2))
        print(f"  {map_id:<12}{figures[0]:>9.0f}{figures[1]:>10.0f}{figures[2]:>10.0f}{figures[3]:>12.0f}"
              f"{figures[4]:>24.1f}")


def search_speed(quick: bool, budget_ms: float) -> None:
    """Print the strongest bot's depth and nodes per second in real positions, compiled (when numba
    is installed) and in pure Python, within ``budget_ms`` per move.
    """
    backends = [("compiled search", True)] if kernel.ACCELERATED else []
    backends.append(("bitboard search (pure Python)", False))
    for label, compiled in backends:
        _search_speed(quick, budget_ms, label, compiled)


def _search_speed(quick: bool, budget_ms: float, label: str, compiled: bool) -> None:
    share = StrongestBot(compiled=compiled).search_share  # as in play: each search its own share
    print(f"\nstrongest bot, {label}, one move with {budget_ms:g} ms (deadline at {share:.0%}, as in play):")
    positions = [("joust", 0), ("big-room", 12), ("apocalyptic", 10), ("huge-room", 0), ("huge-room", 30)]
    if quick:
        positions = positions[:2]
    for map_id, ticks in positions:
        state = _position(map_id, ticks)
        board = Board.from_state(state, 0)
        results = []
        for _ in range(1 if quick else 3):
            bot = StrongestBot(compiled=compiled)
            started = time.perf_counter()
            decision = bot.decide(board, bot_deadline(started, budget_ms, bot.search_share))
            elapsed = time.perf_counter() - started
            results.append((elapsed, decision))
        elapsed, decision = sorted(results, key=lambda r: r[0])[len(results) // 2]
        rate = decision.nodes / elapsed if elapsed else 0
        print(f"  {map_id:<12} tick {state.tick:>3}: depth {decision.depth:>2}, {decision.nodes:>6} nodes, "
              f"{rate / 1000:6.1f} k nodes/s, {elapsed * 1000:6.1f} ms -> {decision.direction} ({decision.reason})")


def move_times(quick: bool, budget_ms: float) -> None:
    """Play a short strongest-vs-flood-fill tournament and print the strongest bot's move times
    against ``budget_ms``: how many moves went over is the figure that matters.
    """
    chosen = maps.resolve("empty-room" if quick else "joust,huge-room,keyhole,random:1", seed=2010)
    tournament = Tournament(["strongest", "flood-fill"], chosen, 1, budget_ms, 2010)
    started = time.perf_counter()
    tournament.run()
    times = tournament.move_times()["strongest"]
    over = sum(1 for t in times if t > budget_ms / 1000)
    score = tournament.totals()["strongest"].score
    print(f"\nmove times, strongest vs flood-fill on {', '.join(m for m, _ in chosen)} (both seats, "
          f"{budget_ms:g} ms budget): {len(times)} moves, median {statistics.median(times) * 1000:.1f} ms, "
          f"max {max(times) * 1000:.1f} ms, {over} over budget; score {score:.2f}; "
          f"{time.perf_counter() - started:.0f} s")


def frame_times(quick: bool) -> None:
    """Frame times of the window on the 50x50 map while two strongest bots think."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from dataclasses import replace

    import pygame

    from arcade.bench import BENCH_SIZE, frame_stats
    from arcade.core.registry import Launch
    from arcade.games import REGISTRY
    from arcade.games.tron.runner import ThreadRunner
    from arcade.ui.app import App

    seconds = 3.0 if quick else 10.0
    print(f"\nframe times at {BENCH_SIZE[0]}x{BENCH_SIZE[1]}, huge-room (50x50), strongest vs strongest, "
          f"10 ticks/s, 60 fps cap, {seconds:g} s of play:")
    for label in ("bots in processes (as shipped)", "bots in threads (comparison)"):
        app = App(REGISTRY, size=BENCH_SIZE, headless=True)
        app.audio.enabled = False
        scene = app.launch("tron", Launch(level="huge-room", seed=1))
        scene.new_match(replace(scene.setup, mode="watch", bot1="strongest", bot2="strongest", speed=10,
                                bot_ms=100, best_of=9))
        if "threads" in label:
            scene.stop_runners()
            scene.runners = [ThreadRunner("strongest", 1), ThreadRunner("strongest", 2)]
            scene.begin_round()
        clock = pygame.time.Clock()
        app.frame(1 / 60)
        scene.countdown = 0.01
        app.frame_times.clear()
        end = time.perf_counter() + seconds
        ticks_before = scene.ticks_played
        while time.perf_counter() < end:
            dt = clock.tick(60) / 1000
            event = pygame.event.Event(pygame.MOUSEMOTION, pos=(200 + app.frames % 600, 300), rel=(1, 0),
                                       buttons=(0, 0, 0))
            app.frame(min(dt, 0.1), [event])
        frames = list(app.frame_times)
        ticks = scene.ticks_played - ticks_before
        print(f"  {label:<32}{frame_stats(frames)}, {ticks} ticks, {scene.late_moves} late answers")
        app.close()


def _largest_board(separated: bool) -> Board:
    """A map of the largest size a file may have (200x200), 3 % single walls, heads in opposite corners;
    ``separated``: a wall down the middle, so the bot is in the endgame from the first move."""
    import random

    side = MAX_SIDE
    rng = random.Random(2010)
    rows = []
    for y in range(side):
        row = ["#" if x in (0, side - 1) or y in (0, side - 1) or (separated and x == side // 2)
               or rng.random() < 0.03 else " " for x in range(side)]
        rows.append(row)
    rows[1][1], rows[side - 2][side - 2] = "1", "2"
    text = f"{side} {side}\n" + "\n".join("".join(row) for row in rows) + "\n"
    return Board.from_level(parse_map(text, "largest"), 0)


def largest_boards(quick: bool, budget_ms: float) -> None:
    """The slowest answer on the largest board: a leaf there costs a millisecond, a chamber tree 30."""
    answers = 2 if quick else 5
    print(f"\nslowest of {answers} answers on a {MAX_SIDE}x{MAX_SIDE} map, {budget_ms:g} ms budget "
          "(the deadline the referee sets):")
    for label, separated in (("open", False), ("cut in two", True)):
        board = _largest_board(separated)
        for name in ("voronoi", "strongest"):
            bot = make_bot(name, 1)
            slowest = 0.0
            for _ in range(answers):
                started = time.perf_counter()
                bot.decide(board, bot_deadline(started, budget_ms, bot.search_share))
                slowest = max(slowest, time.perf_counter() - started)
            print(f"  {label:<12}{name:<11}{slowest * 1000:6.1f} ms")


def run(*, quick: bool = False, budget_ms: float = 100.0) -> int:
    """``bench tron``: every figure in the module docstring's order, with ``budget_ms`` per move.
    Always 0: the figures are read, never checked.
    """
    evaluation_speed(quick)
    search_speed(quick, budget_ms)
    move_times(quick, budget_ms)
    largest_boards(quick, budget_ms)
    frame_times(quick)
    return 0



