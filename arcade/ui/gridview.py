"""GridView (ui): fits a rows x cols grid into a rectangle and redraws only the cells that changed.

The layout maps cells to pixels and back (hit-testing works on odd sizes and after a
resize). Drawing follows Tatham's drawstate idea: each cell has a *key* -- any hashable
value describing what the cell shows -- and :meth:`GridView.render` repaints only cells
whose key changed since the last frame onto a cached board surface, over a cached
background. Things that move every frame (drag previews, cursors, animations) are drawn
on top afterwards, straight on the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

import pygame

from arcade.ui.input import Point

Cell = tuple[int, int]
CellPainter = Callable[[pygame.Surface, Cell, pygame.Rect, Hashable], None]


class GridView:
    """Layout and cached rendering of a grid of square cells."""

    def __init__(
        self,
        rows: int,
        cols: int,
        *,
        margin: int = 0,
        max_cell: int = 96,
        min_cell: int = 2,
    ) -> None:
        self.rows = rows
        self.cols = cols
        self.margin = margin
        self.max_cell = max_cell
        self.min_cell = min_cell
        self.area = pygame.Rect(0, 0, 0, 0)
        self.cell = min_cell
        self.origin: Point = (0, 0)
        self.hover: Cell | None = None
        self._background: pygame.Surface | None = None
        self._board: pygame.Surface | None = None
        self._drawn: dict[Cell, Hashable] = {}
        #: Cells invalidated one by one since the last render (a ``cells`` hint must still visit them).
        self._dirty: set[Cell] = set()
        #: True until a render has visited every cell since the last full invalidation.
        self._full = True
        self._background_painter: Callable[[pygame.Surface, GridView], None] | None = None
        #: How many cells the last render repainted (for tests and benchmarks).
        self.repainted = 0

    # -- layout ------------------------------------------------------------------------
    def resize_grid(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.layout(self.area)

    def layout(self, area: pygame.Rect) -> None:
        """Fit the grid, centred, into ``area`` with square cells of whole pixels."""
        self.area = pygame.Rect(area)
        usable_w = max(1, self.area.width - 2 * self.margin)
        usable_h = max(1, self.area.height - 2 * self.margin)
        cell = min(usable_w // max(1, self.cols), usable_h // max(1, self.rows), self.max_cell)
        self.cell = max(self.min_cell, cell)
        width, height = self.cell * self.cols, self.cell * self.rows
        self.origin = (
            self.area.x + (self.area.width - width) // 2,
            self.area.y + (self.area.height - height) // 2,
        )
        self.invalidate(background=True)

    @property
    def board_rect(self) -> pygame.Rect:
        return pygame.Rect(self.origin, (self.cell * self.cols, self.cell * self.rows))

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        r, c = cell
        return pygame.Rect(self.origin[0] + c * self.cell, self.origin[1] + r * self.cell, self.cell, self.cell)

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        r, c = cell
        return (self.origin[0] + (c + 0.5) * self.cell, self.origin[1] + (r + 0.5) * self.cell)

    def cell_at(self, pos: Point) -> Cell | None:
        """The cell under a pixel, or None outside the board."""
        x = pos[0] - self.origin[0]
        y = pos[1] - self.origin[1]
        if x < 0 or y < 0:
            return None
        c, r = int(x // self.cell), int(y // self.cell)
        if r >= self.rows or c >= self.cols:
            return None
        return (r, c)

    def to_grid(self, pos: Point) -> tuple[float, float]:
        """Fractional (row, col) of a pixel; useful for drag directions and sub-cell hits."""
        return ((pos[1] - self.origin[1]) / self.cell, (pos[0] - self.origin[0]) / self.cell)

    def update_hover(self, pos: Point) -> bool:
        """Track the hovered cell from an event position; True if it changed."""
        cell = self.cell_at(pos)
        if cell != self.hover:
            self.hover = cell
            return True
        return False

    # -- cached drawing ----------------------------------------------------------------
    def set_background_painter(self, painter: Callable[[pygame.Surface, GridView], None]) -> None:
        """``painter(surface, view)`` draws the static board; it runs again after each layout."""
        self._background_painter = painter
        self.invalidate(background=True)

    def invalidate(self, cells: list[Cell] | None = None, *, background: bool = False) -> None:
        """Force a repaint of some cells, all cells, or (``background``) the cached background too."""
        if background:
            self._background = None
            self._board = None
        if cells is None:
            self._drawn.clear()
            self._full = True
        else:
            for cell in cells:
                self._drawn.pop(cell, None)
                self._dirty.add(cell)

    def _ensure_surfaces(self) -> None:
        rect = self.board_rect
        size = (max(1, rect.width), max(1, rect.height))
        if self._background is None or self._background.get_size() != size:
            self._background = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            self._background.fill((0, 0, 0))
            if self._background_painter is not None:
                # Paint in board-local coordinates by temporarily moving the origin.
                saved = self.origin
                self.origin = (0, 0)
                try:
                    self._background_painter(self._background, self)
                finally:
                    self.origin = saved
            self._board = self._background.copy()
            self._drawn.clear()
            self._full = True

    def blit_cached(self, surface: pygame.Surface) -> bool:
        """Blit the board exactly as last rendered, without asking for any key.

        For callers that know no cell changed since their last :meth:`render` (a frame
        where only a drag preview moves): on big boards this skips a key lookup per cell.
        Returns False -- and draws nothing -- when there is no complete cached board
        (never rendered, re-laid out or invalidated since); then call :meth:`render`.
        """
        if self._board is None or len(self._drawn) != self.rows * self.cols:
            return False
        surface.blit(self._board, self.origin)
        self.repainted = 0
        return True

    def render(
        self,
        surface: pygame.Surface,
        key_of: Callable[[Cell], Hashable],
        paint: CellPainter,
        cells: Iterable[Cell] | None = None,
    ) -> int:
        """Repaint changed cells onto the cached board, blit it to ``surface``; returns repaint count.

        ``paint(board, cell, rect, key)`` gets a rect in board-local coordinates and must
        stay inside it (the board surface is clipped to the cell while it paints).
        ``cells``, when the caller knows them, are the only cells whose key may have changed
        since the last render: only they (plus any cell invalidated since) are looked at,
        which keeps a big board with a few changes per frame cheap. After a layout change
        or a full invalidation every cell is visited anyway.
        """
        self._ensure_surfaces()
        assert self._board is not None and self._background is not None
        board, background, drawn, size = self._board, self._background, self._drawn, self.cell
        if cells is None or self._full:
            visit: Iterable[Cell] = ((r, c) for r in range(self.rows) for c in range(self.cols))
            self._full = False
        else:
            visit = [*cells, *self._dirty]
        self._dirty = set()
        count = 0
        for cell in visit:
            key = key_of(cell)
            if cell in drawn and drawn[cell] == key:
                continue
            r, c = cell
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                continue
            rect = pygame.Rect(c * size, r * size, size, size)
            board.set_clip(rect)
            board.blit(background, rect, rect)
            paint(board, cell, rect, key)
            drawn[cell] = key
            count += 1
        board.set_clip(None)
        surface.blit(board, self.origin)
        self.repainted = count
        return count
