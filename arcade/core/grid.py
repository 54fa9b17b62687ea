"""Grid helpers (core): cell and size names, lines of sight and disjoint sets over any :class:`Shape`.

One way to name a cell to a player (:func:`cell_name`) and a board's size (:func:`size_name`),
used by every game; a topology-aware line of sight (Hashi looks along rows and columns, across
seams, for the next island) and union-find (Hashi's connectivity checks and its generator). Tron
and Battle Royale count reachable space on bitboards and arrays of their own, where a generic
flood fill over cells would be far too slow, so none is kept here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from arcade.core.topology import Cell, Shape

T = TypeVar("T", bound=Hashable)


def cell_name(cell: Cell, *, short: bool = False) -> str:
    """A ``(row, column)`` cell as every game names it to a player: counted from 1, in words.

    Inside, cells count from 0; players count from 1, and a board's row and column numbers
    do too. ``(0, 0)`` is "row 1, column 1", ``(3, 10)`` "row 4, column 11" (``short``: "r4,c11",
    for a list of many). Hints, refused moves, hover texts and results all go through here, so
    no game prints a bare 0-based pair ("(3, 4)") while another says "row 2, column 5".
    """
    row, column = cell
    return f"r{row + 1},c{column + 1}" if short else f"row {row + 1}, column {column + 1}"


def size_name(width: int, height: int) -> str:
    """A board's size as every game shows it to a player: width × height, "40×7" for 40 columns
    and 7 rows, with the multiplication sign.

    Battle Royale's picker said rows x columns ("14x20") where Hashi said "40×7", so the same
    words meant two shapes. Pickers, titles, dialogs, sheets and messages all go through here.
    (Text the player types -- ``--size``, game IDs, file names -- keeps its own ASCII syntax.)
    """
    return f"{width}×{height}"


@dataclass(frozen=True)
class Sight:
    """What a look along one direction found: the first stopping cell and the cells crossed."""

    direction: Cell
    target: Cell
    between: tuple[Cell, ...]
    wraps: bool


def line_of_sight(
    shape: Shape, start: Cell, direction: Cell, stops: Callable[[Cell], bool]
) -> Sight | None:
    """Walk from ``start`` along ``direction`` to the first cell where ``stops`` is true.

    Returns None when the walk leaves a plain edge or comes back to ``start`` without
    stopping. ``wraps`` tells whether the line crosses a joined edge (a seam).
    """
    between: list[Cell] = []
    current = start
    wraps = False
    for cell in shape.ray(start, direction):
        if shape.crosses_seam(current, direction):
            wraps = True
        if stops(cell):
            return Sight(direction, cell, tuple(between), wraps)
        between.append(cell)
        current = cell
    return None


class DisjointSet(Generic[T]):
    """Union-find with path halving and union by size; items are added on first sight."""

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._parent: dict[T, T] = {}
        self._size: dict[T, int] = {}
        for item in items:
            self.add(item)

    def add(self, item: T) -> None:
        if item not in self._parent:
            self._parent[item] = item
            self._size[item] = 1

    def find(self, item: T) -> T:
        self.add(item)
        parent = self._parent
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    def union(self, a: T, b: T) -> bool:
        """Join the sets of ``a`` and ``b``; False if they were already one set."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self._size[ra] < self._size[rb]:
            ra, rb = rb, ra
        self._parent[rb] = ra
        self._size[ra] += self._size[rb]
        return True

    def connected(self, a: T, b: T) -> bool:
        return self.find(a) == self.find(b)

    def size(self, item: T) -> int:
        return self._size[self.find(item)]

    def groups(self) -> list[list[T]]:
        """The sets, each in insertion order, ordered by their first item."""
        by_root: dict[T, list[T]] = {}
        for item in self._parent:
            by_root.setdefault(self.find(item), []).append(item)
        return list(by_root.values())

    def __len__(self) -> int:
        return len(self._parent)
