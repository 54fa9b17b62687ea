"""Runway benchmark (pure, printed by ``python -m arcade bench runway``).

Times the exact AI's plan from the start on the public tests and on generated runways of the
longest length with a bike in every lane (the hardest plans a player meets), compares the bikes
it saves with the classic AI's, and times the CodinGame bot turn by turn against its 150 ms
limit. Medians over repetitions, because the machine is shared and single runs vary.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import TypeVar

from arcade.bench import percentile
from arcade.games.runway.ai import exact_plan, play_game
from arcade.games.runway.bot import Bot
from arcade.games.runway.generator import generate
from arcade.games.runway.logic import LANES, MAX_LENGTH, RULES, State
from arcade.services.resources import level_files

#: An exact plan from the start should take at most this long (median).
PLAN_TARGET_MS = 50.0
#: Hole density of the generated runways it is timed on (the generator's default); they are also
#: the longest a level may be (MAX_LENGTH) with a bike in every lane -- the hardest plans a player meets.
BENCH_DENSITY = 0.12

T = TypeVar("T")


def _median_ms(fn: Callable[[], T], repeats: int) -> tuple[float, T]:
    """Median milliseconds of ``repeats`` calls, and the last call's result."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), result


def _bot_turn_times(bot: Bot, state: State) -> list[tuple[int, float]]:
    """Drive a bot through a whole race against the rules; (turn index, ms) per answer."""
    times = []
    turn = 0
    while RULES.outcome(state) is None:
        started = time.perf_counter()
        command = bot.answer(state.speed, state.bikes)
        times.append((turn, (time.perf_counter() - started) * 1000))
        state = RULES.apply(state, command)
        turn += 1
    return times


def public_tests(repeats: int) -> None:
    """Plan time, bikes saved and turns on every bundled level, the classic AI's result beside it."""
    print(f"exact plan from the start (median of {repeats}; target ≤ {PLAN_TARGET_MS:.0f} ms per plan)")
    print(f"  {'level':<44}{'plan ms':>8}{'saved':>8}{'turns':>7}{'classic':>9}")
    times = []
    for path in level_files("runway", RULES.level_pattern):
        state = RULES.initial_state(RULES.load_level_file(path))
        ms, plan = _median_ms(lambda state=state: exact_plan(state), repeats)
        classic = play_game("classic", state)
        times.append(ms)
        mark = "" if classic.win else " (lost)"
        print(f"  {path.stem[:43]:<44}{ms:8.1f}{plan.survivors:>5}/{plan.bikes:<2}{plan.turns:>7}"
              f"{classic.survivors:>6}/{plan.bikes}{mark}")
    print(f"  public tests: median {statistics.median(times):.1f} ms, max {max(times):.1f} ms")


def generated_runways(count: int, repeats: int) -> None:
    """Plan times, bikes saved (exact and classic) and the bot's turn times on ``count`` long runways."""
    print(f"\ngenerated runways, length {MAX_LENGTH}, {LANES} bikes, density {BENCH_DENSITY:g} "
          f"({count} seeds)")
    times, bot_turns, saved, classic_saved = [], [], [], []
    for seed in range(count):
        level = generate(seed, length=MAX_LENGTH, density=BENCH_DENSITY, bikes=LANES).level
        state = RULES.initial_state(level)
        ms, plan = _median_ms(lambda state=state: exact_plan(state), repeats)
        times.append(ms)
        saved.append(plan.survivors)
        classic = play_game("classic", state)
        classic_saved.append(classic.survivors if classic.win else 0)
        bot_turns.extend(_bot_turn_times(Bot(level.lanes, len(level.bikes), level.need), state))
    p95 = percentile(times, 95)
    verdict = "meets" if statistics.median(times) <= PLAN_TARGET_MS else "MISSES"
    print(f"  plan: median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {max(times):.1f} ms "
          f"({verdict} the {PLAN_TARGET_MS:.0f} ms target)")
    print(f"  bikes saved: exact {sum(saved)} of {LANES * count}; classic {sum(classic_saved)} "
          f"(classic wins {sum(1 for c in classic_saved if c)} of {count} races)")
    first = [t for i, t in bot_turns if i == 0]
    later = [t for i, t in bot_turns if i > 0]
    print(f"  bot: first turn median {statistics.median(first):.1f} ms (max {max(first):.1f}); later turns "
          f"median {statistics.median(later):.3f} ms (max {max(later):.2f}) — puzzle limit 150 ms")


def run(*, quick: bool = False) -> int:
    """Every figure; ``quick`` takes fewer runways and repetitions (smoke tests)."""
    repeats = 3 if quick else 7
    public_tests(repeats)
    generated_runways(5 if quick else 20, repeats)
    return 0
