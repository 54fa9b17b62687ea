"""Runway generator (logic, pure): seeded random runways that the exact AI is proven to win.

A runway is built from the obstacles the public tests use — single pits, pits across
two lanes, diagonal columns (a hole per lane, one column further each lane) and walls
across every lane that must be jumped — placed at random until the requested share of
cells are holes. Every candidate is then solved exactly: one that nobody could win is
thrown away and the next attempt (a seed derived from the same seed) is tried, so the
same seed always gives the same runway and every runway it gives can be won.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from arcade.core.errors import ArcadeError, UsageError
from arcade.core.rng import derive_seed, make_rng
from arcade.games.runway.logic import HOLE, LANES, MAX_LENGTH, MAX_SPEED, ROAD, RULES, Bike, Level
from arcade.games.runway.solver import SearchResult, solve_state

#: Columns at the start that are always road, so the bikes can get going.
START_CLEAR = 4
MIN_LENGTH = 12
MAX_DENSITY = 0.4


@dataclass(frozen=True)
class Generated:
    """A generated runway, the attempt that produced it and the exact AI's best race on it."""

    level: Level
    seed: int
    attempt: int
    best: SearchResult


def _stamp(rng: random.Random, grid: list[list[str]], length: int) -> int:
    """Place one obstacle; returns how many new hole cells it made."""
    kind = rng.choices(("pit", "pair", "diagonal", "wall"), weights=(5, 2, 2, 2))[0]
    start = rng.randrange(START_CLEAR, length)
    cells: list[tuple[int, int]] = []
    if kind == "pit":
        y = rng.randrange(LANES)
        cells = [(start + i, y) for i in range(rng.randint(1, 3))]
    elif kind == "pair":
        y = rng.randrange(LANES - 1)
        run = rng.randint(1, 3)
        cells = [(start + i, lane) for i in range(run) for lane in (y, y + 1)]
    elif kind == "diagonal":
        step = rng.choice((1, -1))
        lanes = range(LANES) if step == 1 else range(LANES - 1, -1, -1)
        cells = [(start + i, lane) for i, lane in enumerate(lanes)]
    else:
        run = rng.randint(1, 4)
        cells = [(start + i, lane) for i in range(run) for lane in range(LANES)]
    made = 0
    for x, y in cells:
        if x < length and grid[y][x] != HOLE:
            grid[y][x] = HOLE
            made += 1
    return made


def random_runway(rng: random.Random, length: int, density: float) -> tuple[str, ...]:
    """Four lanes with about ``density`` of their cells holes (none in the first columns)."""
    grid = [[ROAD] * length for _ in range(LANES)]
    target = round(density * LANES * max(0, length - START_CLEAR))
    holes = 0
    for _ in range(20 * length):
        if holes >= target:
            break
        holes += _stamp(rng, grid, length)
    return tuple("".join(row) for row in grid)


def check_options(length: int, density: float, bikes: int, need: int | None, speed: int | None) -> None:
    """Refuse generator options out of range with a UsageError naming the option, before any work."""
    if not MIN_LENGTH <= length <= MAX_LENGTH:
        raise UsageError(f"length must be between {MIN_LENGTH} and {MAX_LENGTH}, got {length}")
    if not 0.0 <= density <= MAX_DENSITY:
        raise UsageError(f"density must be between 0 and {MAX_DENSITY}, got {density}")
    if not 1 <= bikes <= LANES:
        raise UsageError(f"bikes must be between 1 and {LANES}, got {bikes}")
    if need is not None and not 1 <= need <= bikes:
        raise UsageError(f"need must be between 1 and the number of bikes ({bikes}), got {need}")
    if speed is not None and not 0 <= speed <= MAX_SPEED:
        raise UsageError(f"speed must be between 0 and {MAX_SPEED}, got {speed}")


def generate(
    seed: int,
    *,
    length: int = 120,
    density: float = 0.12,
    bikes: int = 4,
    need: int | None = None,
    speed: int | None = None,
    attempts: int = 200,
) -> Generated:
    """A runway the exact AI wins. ``need`` defaults to the most bikes that can be saved.

    Raises :class:`ArcadeError` if no winnable runway turned up in ``attempts`` tries
    (too many holes for that length, or ``need`` too high).
    """
    check_options(length, density, bikes, need, speed)
    for attempt in range(attempts):
        rng = make_rng(derive_seed(seed, "runway", attempt))
        lanes = random_runway(rng, length, density)
        start_lanes = sorted(rng.sample(range(LANES), bikes))
        start_speed = rng.randint(0, 3) if speed is None else speed
        level = Level(lanes, 1, start_speed, tuple(Bike(0, y) for y in start_lanes))
        best = solve_state(RULES.initial_state(level))
        if not best.win or (need is not None and best.survivors < need):
            continue
        level = Level(lanes, best.survivors if need is None else need, start_speed, level.bikes)
        return Generated(level, seed, attempt, best)
    raise ArcadeError(
        f"no winnable runway in {attempts} attempts with length {length}, density {density:g}"
        + (f" and {need} bikes to save" if need else "") + ": try fewer holes"
    )
