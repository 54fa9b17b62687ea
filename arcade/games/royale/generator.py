"""Random Battle Royale grids (pure): a seeded generator with size and loot density options.

Exactly ``round(density * rows * cols)`` loot cells are scattered uniformly (not each cell
on a coin flip), so two grids of one size and density always hold the same amount of
loot; the seed and options go into the level's header so a grid can be made again.
"""

from __future__ import annotations

from arcade.core.errors import UsageError
from arcade.core.grid import size_name
from arcade.core.numbers import is_ascii_int
from arcade.core.rng import make_rng
from arcade.games.royale.logic import MAX_SIDE, Level

MIN_SIDE = 3


def generate(rows: int, cols: int, density: float = 0.2, seed: int | None = None, title: str = "") -> Level:
    """A random grid; ``density`` is the share of cells holding loot (0..0.9)."""
    if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise UsageError(f"grid size {rows}x{cols} is outside {MIN_SIDE}..{MAX_SIDE} on each side")
    if not 0.0 <= density <= 0.9:
        raise UsageError(f"loot density {density:g} is outside 0..0.9")
    rng = make_rng(seed)
    if seed is None:
        seed = rng.randrange(2**31)
        rng = make_rng(seed)
    cells = rows * cols
    chosen = set(rng.sample(range(cells), round(density * cells)))
    loot = [[1 if r * cols + c in chosen else 0 for c in range(cols)] for r in range(rows)]
    percent = f"{density * 100:g}"
    meta = [
        ("title", " ".join(title.split()) or f"Random {size_name(cols, rows)}, {percent} % loot"),
        ("generator", f"generate royale --size {rows}x{cols} --density {density:g} --seed {seed}"),
    ]
    return Level.from_rows(loot, meta)


def parse_size(text: str) -> tuple[int, int]:
    """``31`` or ``31x41`` (rows x columns)."""
    pieces = text.lower().split("x")
    if not all(is_ascii_int(p) for p in pieces):
        raise UsageError(f"size must look like 31 or 21x31, got {text[:20]!r}")
    parts = [int(p) for p in pieces]
    if len(parts) == 1:
        parts *= 2
    if len(parts) != 2:
        raise UsageError(f"size must look like 31 or 21x31, got {text!r}")
    return parts[0], parts[1]
