"""Board topologies (core): plane, cylinder and torus, with wrapped steps and lines of sight.

A cylinder joins the left and right edges (columns wrap); a torus also joins the top and
bottom edges (rows wrap). Everything that walks a grid -- neighbours, rays, flood fill,
Hashi's lines of sight -- goes through :class:`Shape` so a game never special-cases wrapping.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

Cell = tuple[int, int]

#: The four orthogonal directions as (d_row, d_col), in the order N, E, S, W.
DIRECTIONS: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
DIRECTION_NAMES = {(-1, 0): "N", (0, 1): "E", (1, 0): "S", (0, -1): "W"}


class Topology(StrEnum):
    """How the edges of a board are joined."""

    PLANE = "plane"
    CYLINDER = "cylinder"
    TORUS = "torus"

    @property
    def wraps_columns(self) -> bool:
        return self is not Topology.PLANE

    @property
    def wraps_rows(self) -> bool:
        return self is Topology.TORUS

    @classmethod
    def parse(cls, text: str) -> Topology:
        """Read a topology name (case-insensitive); raise ValueError naming the choices."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            choices = ", ".join(t.value for t in cls)
            raise ValueError(f"unknown topology {text!r} (expected one of: {choices})") from None


@dataclass(frozen=True)
class Shape:
    """A rows x cols board with a topology; all coordinates are (row, col), 0-based."""

    rows: int
    cols: int
    topology: Topology = Topology.PLANE

    def __post_init__(self) -> None:
        if self.rows <= 0 or self.cols <= 0:
            raise ValueError(f"board must have positive size, got {self.rows}x{self.cols}")

    def contains(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols

    def wrap(self, cell: Cell) -> Cell | None:
        """Bring a possibly out-of-range cell onto the board, or None if it falls off."""
        r, c = cell
        if self.topology.wraps_rows:
            r %= self.rows
        elif not 0 <= r < self.rows:
            return None
        if self.topology.wraps_columns:
            c %= self.cols
        elif not 0 <= c < self.cols:
            return None
        return (r, c)

    def step(self, cell: Cell, direction: Cell) -> Cell | None:
        """The cell one step away in ``direction``, wrapped, or None off a plain edge."""
        return self.wrap((cell[0] + direction[0], cell[1] + direction[1]))

    def crosses_seam(self, cell: Cell, direction: Cell) -> bool:
        """True if a step from ``cell`` in ``direction`` leaves one edge and re-enters the other."""
        r, c = cell[0] + direction[0], cell[1] + direction[1]
        return not (0 <= r < self.rows and 0 <= c < self.cols)

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Orthogonal neighbours in N, E, S, W order (deduplicated on tiny wrapped boards)."""
        out: list[Cell] = []
        for d in DIRECTIONS:
            n = self.step(cell, d)
            if n is not None and n != cell and n not in out:
                out.append(n)
        return out

    def ray(self, cell: Cell, direction: Cell) -> Iterator[Cell]:
        """Cells after ``cell`` going in ``direction``, stopping at a plain edge or back at the start.

        On a wrapped axis a ray visits every other cell of its row/column exactly once.
        """
        current = cell
        while True:
            nxt = self.step(current, direction)
            if nxt is None or nxt == cell:
                return
            yield nxt
            current = nxt

    def distance(self, a: Cell, b: Cell) -> int:
        """Manhattan distance taking wrapped axes into account."""
        dr = abs(a[0] - b[0])
        dc = abs(a[1] - b[1])
        if self.topology.wraps_rows:
            dr = min(dr, self.rows - dr)
        if self.topology.wraps_columns:
            dc = min(dc, self.cols - dc)
        return dr + dc

    def cells(self) -> Iterator[Cell]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield (r, c)
