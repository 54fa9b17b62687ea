"""Battle Royale benchmark (pure, printed by ``python -m arcade bench royale``).

Times the exact solver (table building included) on seeded random square grids: the
issue's two targets, the seed's Java figures side by side, and the largest square grid
solved exactly within the time limit at 10 % and 30 % loot. Medians over a few seeds,
because the machine is shared and single grids vary a lot.
"""

from __future__ import annotations

import statistics
import sys
import time

from arcade.core.rng import derive_seed
from arcade.games.royale.bruteforce import brute_force
from arcade.games.royale.generator import generate
from arcade.games.royale.logic import Level
from arcade.games.royale.solver import Tables, solve_level, tables_for

#: The seed's optimised Java program ("A* between loot" + Zobrist memo), seconds; None = over 300 s.
JAVA = {(31, 0.1): 1.3, (41, 0.1): 7.8, (51, 0.1): 243.0, (31, 0.2): 19.0, (41, 0.2): 181.0,
        (31, 0.3): 41.0, (41, 0.3): None}
TARGETS = {(51, 0.1): 1.0, (41, 0.3): 2.0}

SEED_EXAMPLE = """\
. . . 1 1 . . 1 . 1 . 1 . . 1 . . . . .
1 . . . . . 1 1 . 1 . . . . . . . . . .
1 . . 1 . . . . 1 . . . . 1 . 1 . 1 . 1
. . 1 . . 1 . . . . . . . . . . . . . .
. 1 1 1 1 . . . . . 1 . . . . . 1 . . 1
. . . . . 1 . . . . 1 . . 1 . 1 . . . .
. . 1 1 . . 1 . . . 1 1 1 1 . . . 1 . 1
. . . . 1 . . . . . 1 1 . . . . . . . .
. . 1 1 . . . . . 1 . . . . 1 1 . . . .
. . . 1 . . . . . . . . . . . . 1 . . 1
. . . 1 . . . . . . 1 1 . . 1 . . 1 . 1
. . . . . . 1 1 . . . . . . . . . 1 1 .
. . . . . . . . . . . . . . . . . . 1 1
1 1 . . . . . 1 . . . . 1 . . . . . . .
"""


def grid(size: int, density: float, index: int) -> Level:
    """The ``index``-th benchmark grid of ``size`` x ``size`` at ``density`` loot: seeded from all three,
    so every run, and the figures in the docs, time the same grids.
    """
    return generate(size, size, density, derive_seed(20240601, size, density, index))


def timed_solve(level: Level, limit: float | None = None) -> tuple[float, int, bool, int]:
    """(seconds, loot, exact, nodes), tables included (the cache is bypassed)."""
    started = time.perf_counter()
    tables_for.cache_clear()
    deadline = time.monotonic() + limit if limit else None
    route = solve_level(level, deadline=deadline)
    elapsed = time.perf_counter() - started
    if route is None:
        return elapsed, -1, True, 0
    return elapsed, route.loot, route.exact, route.nodes


def _line(text: str) -> None:
    print(text)
    sys.stdout.flush()


def run(*, quick: bool = False, seeds: int = 3, limit: float = 10.0) -> int:
    """Print every Battle Royale figure (see the module docstring); 1 when a full run misses one of
    :data:`TARGETS`, else 0 (``quick`` never fails: it is a smoke test, not a measurement).
    """
    from arcade.games.royale.formats import parse_level

    seeds = 1 if quick else max(1, seeds)
    example = parse_level(SEED_EXAMPLE, "seed example")
    seconds, loot, _, _ = timed_solve(example)
    _line(f"seed's 14x20 example: loot {loot} (expected 6) in {seconds * 1000:.1f} ms")
    small = grid(17, 0.3, 0)
    started = time.perf_counter()
    oracle = brute_force(small)[0]
    brute_s = time.perf_counter() - started
    seconds, loot, _, _ = timed_solve(small)
    _line(f"17x17 at 30 %: brute-force DFS (the oracle) {brute_s * 1000:.0f} ms, exact solver "
          f"{seconds * 1000:.1f} ms (both loot {oracle}/{loot})")
    started = time.perf_counter()
    Tables(grid(101, 0.3, 0))
    _line(f"bound tables for 101x101: {(time.perf_counter() - started) * 1000:.0f} ms")

    _line(f"\nexact solve time, median of {seeds} seeded random grid(s) (tables included):")
    _line(f"  {'grid':<8}{'loot':>6}{'ours':>11}{'max':>11}{'Java (seed)':>14}{'target':>10}")
    densities = (0.1, 0.3) if quick else (0.1, 0.2, 0.3)
    sizes = (31, 41, 51) if not quick else (41, 51)
    failed = False
    for density in densities:
        for size in sizes:
            if (size, density) not in JAVA and (size, density) not in TARGETS:
                continue
            runs = [timed_solve(grid(size, density, k)) for k in range(seeds)]
            times = [r[0] for r in runs]
            median = statistics.median(times)
            java = JAVA.get((size, density), "n/a")
            java_text = "n/a" if java == "n/a" else "> 300 s" if java is None else f"{java:g} s"
            target = TARGETS.get((size, density))
            verdict = ""
            if target is not None:
                ok = median <= target
                failed |= not ok
                verdict = f"≤ {target:g} s {'✓' if ok else '✗'}"
            loot = statistics.median(r[1] for r in runs)
            _line(f"  {size}x{size:<5}{loot:>6g}{median * 1000:>9.0f}ms{max(times) * 1000:>9.0f}ms"
                  f"{java_text:>14}{verdict:>12}  @{density * 100:g} %")

    _line(f"\nlargest square grid solved exactly within {limit:g} s (every one of {seeds} grid(s)):")
    steps = (31,) if quick else (61, 71, 81, 91, 101, 111, 121, 131, 141, 151)
    for density in (0.1, 0.3):
        largest = None
        for size in steps:
            runs = [timed_solve(grid(size, density, k), limit) for k in range(seeds)]
            done = all(r[2] and r[0] <= limit for r in runs)
            times = ", ".join(f"{r[0]:.1f}s{'' if r[2] else ' (cut)'}" for r in runs)
            _line(f"  {density * 100:g} % loot, {size}x{size}: {'✓' if done else '✗'} [{times}]")
            if not done:
                break
            largest = size
        _line(f"  → largest at {density * 100:g} %: {f'{largest}x{largest}' if largest else 'none'}")
    return 1 if failed and not quick else 0
