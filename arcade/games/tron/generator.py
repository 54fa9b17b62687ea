"""Random Tron maps (game generator, pure): seeded, point-symmetric, fair and connected.

A map is drawn on one half and copied rotated by 180 degrees, so both cycles see the
same board (the official maps are built the same way). Walls are a border plus a few
random blocks, bars and pillars; the two starts mirror each other. A draw is rejected
(and redrawn from a derived seed) if the starts are cut apart, if either start has less
than a fair share of room, or if floor is scarce; pockets that neither cycle can reach
are filled in so the map shows only what matters. Same seed, same map.

A second family, :func:`scatter`, is the one issue 12 measures the strongest bot on: sides
of 10 to 30 cells, every inner cell a wall with one probability of 0 to 8 % per map (so the
walls are single cells strewn about, not pieces), mirrored the same way.
"""

from __future__ import annotations

from arcade.core.grid import size_name
from arcade.core.rng import derive_seed, make_rng
from arcade.games.tron.board import Board, flood
from arcade.games.tron.logic import Level

MIN_SIDE = 8
MAX_SIDE = 60


def _mirror(width: int, height: int, x: int, y: int) -> tuple[int, int]:
    return (width - 1 - x, height - 1 - y)


def _draw(seed: int, width: int, height: int) -> Level | None:
    rng = make_rng(seed)
    grid = [[" "] * width for _ in range(height)]

    def wall(x: int, y: int) -> None:
        if 0 <= x < width and 0 <= y < height:
            grid[y][x] = "#"
            mx, my = _mirror(width, height, x, y)
            grid[my][mx] = "#"

    for x in range(width):
        wall(x, 0)
    for y in range(height):
        wall(0, y)
    inner = (width - 2) * (height - 2)
    style = rng.choice(("blocks", "bars", "pillars", "mixed", "open"))
    pieces = {"open": rng.randint(0, 2), "pillars": 0}.get(style, max(2, inner // rng.randint(40, 90)))
    for _ in range(pieces):
        kind = rng.choice(("block", "hbar", "vbar")) if style == "mixed" else {
            "blocks": "block", "bars": rng.choice(("hbar", "vbar")), "open": "block"}.get(style, "block")
        x, y = rng.randint(1, width - 2), rng.randint(1, height - 2)
        if kind == "block":
            w, h = rng.randint(1, max(1, width // 6)), rng.randint(1, max(1, height // 6))
        elif kind == "hbar":
            w, h = rng.randint(2, max(2, width // 2)), 1
        else:
            w, h = 1, rng.randint(2, max(2, height // 2))
        for dy in range(h):
            for dx in range(w):
                wall(x + dx, y + dy)
    if style == "pillars":
        step = rng.randint(2, 4)
        offset = rng.randint(1, step)
        for y in range(offset + 1, height - 1, step):
            for x in range(offset + 1, width - 1, step):
                wall(x, y)
    # Starts: a free cell in the first half (by reading order) and its mirror.
    half = [(x, y) for y in range(1, height - 1) for x in range(1, width - 1)
            if grid[y][x] == " " and (y * width + x) < (height - 1 - y) * width + (width - 1 - x)]
    if not half:
        return None
    start = rng.choice(half)
    level = _connected(width, height, grid, start, _mirror(width, height, *start))
    if level is None:
        return None  # cut apart
    board = Board.from_level(level)
    if flood(board.geo, board.free, board.me).bit_count() < max(20, inner // 3):
        return None  # too little floor
    return level


def generate(seed: int, width: int | None = None, height: int | None = None) -> Level:
    """A random symmetric map; sizes default to a random 13..31 by 13..31."""
    rng = make_rng(derive_seed(seed, "size"))
    width = width if width is not None else rng.randint(13, 31)
    height = height if height is not None else rng.randint(13, 31)
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise ValueError(f"random maps are {MIN_SIDE}..{MAX_SIDE} cells on a side, not {size_name(width, height)}")
    for attempt in range(200):
        level = _draw(derive_seed(seed, "map", attempt), width, height)
        if level is not None:
            return level
    # An open room always works.
    rows = tuple("#" * width if y in (0, height - 1) else "#" + " " * (width - 2) + "#" for y in range(height))
    return Level(width, height, rows, ((1, height // 2), (width - 2, height - 1 - height // 2)))


def map_id(seed: int) -> str:
    """The name a generated map goes by (``random-<seed>``)."""
    return f"random-{seed}"


#: Sides and inner-wall probability of :func:`scatter` maps (the border counts in the side).
SCATTER_SIDES = (10, 30)
SCATTER_MAX_WALLS = 0.08


def scatter(seed: int) -> Level:
    """A point-symmetric map with single walls strewn at random: 10..30 a side, 0-8 % of the inner cells.

    The starts are a free cell and its mirror that can reach each other; pockets neither can
    reach are walled in. Redrawn from a derived seed until that holds (an empty room if
    200 draws fail, which no seed has needed).
    """
    low, high = SCATTER_SIDES
    for attempt in range(200):
        rng = make_rng(derive_seed(seed, "scatter", attempt))
        width, height = rng.randint(low, high), rng.randint(low, high)
        density = rng.uniform(0.0, SCATTER_MAX_WALLS)
        grid = [["#" if x in (0, width - 1) or y in (0, height - 1) else " " for x in range(width)]
                for y in range(height)]
        for y in range(1, height - 1):
            for x in range(1, width - 1):
                mx, my = _mirror(width, height, x, y)
                if (y, x) <= (my, mx) and rng.random() < density:
                    grid[y][x] = grid[my][mx] = "#"
        free = [(x, y) for y in range(height) for x in range(width)
                if grid[y][x] == " " and (x, y) != _mirror(width, height, x, y)]
        if not free:
            continue
        start = rng.choice(free)
        other = _mirror(width, height, *start)
        level = _connected(width, height, grid, start, other)
        if level is not None:
            return level
    rows = tuple("#" * width if y in (0, height - 1) else "#" + " " * (width - 2) + "#" for y in range(height))
    return Level(width, height, rows, ((1, 1), (width - 2, height - 2)))


def _connected(width: int, height: int, grid: list[list[str]], start: tuple[int, int],
               other: tuple[int, int]) -> Level | None:
    """The map with unreachable pockets walled in, or None if the starts cannot reach each other."""
    level = Level(width, height, tuple("".join(row) for row in grid), (start, other))
    board = Board.from_level(level)
    reach = flood(board.geo, board.free, board.me)
    if not (board.geo.spread(1 << board.opp) & reach or reach >> board.opp & 1):
        return None
    # A pocket whose only way in is a head belongs to that head's flood alone: keep both.
    keep = reach | flood(board.geo, board.free, board.opp)
    rows = tuple("".join(" " if keep >> board.geo.index(x, y) & 1 or (x, y) in (start, other) else "#"
                         for x in range(width)) for y in range(height))
    return Level(width, height, rows, (start, other))

