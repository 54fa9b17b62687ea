"""Hashi board drawing (ui): the board's layout, display rotation and cell keys, and the frame around it.

The board is drawn Tatham's way: every cell gets a *key* describing exactly what it shows
(an island's number, state and bridge stubs; the bridges and marks crossing a water
cell), and :class:`~arcade.ui.gridview.GridView` repaints only cells whose key changed.
Everything that moves -- the drag preview, hint highlights, flashes, the completion pop
and the edge markers of wrapped bridges -- is drawn on top each frame.

On a cylinder or torus the display can be rotated (``shift``): display cell = board cell
plus the shift, modulo the board size. The seam (where the real edge lies) is drawn as a
dashed line when the board is rotated, and a bridge that leaves the visible board is
paired with its other end by matching lettered arrows in the margin.

:class:`BoardPainter` here owns the puzzle, the GridView, the rotation, the layout (margins for
the edge markers, the rulers' band), the keys and the frame. What it draws comes from three
parts, each a subject of its own: :mod:`~arcade.games.hashi.view.cell_paint` (what a key looks
like in the cached board), :mod:`~arcade.games.hashi.view.cue_badges` (the "bridges still
needed" badges) and :mod:`~arcade.games.hashi.view.line_overlays` (runs of lines on screen and
the per-frame shapes drawn on them, edge markers and their letters).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

import pygame

from arcade.core.topology import Cell
from arcade.games.hashi.logic import Puzzle, State
from arcade.games.hashi.view.cell_paint import ORDER, CellPaintMixin, LineKey
from arcade.games.hashi.view.cue_badges import CUE_MIN_TEXT, CUE_OUTLINE, CueBadgeMixin, disc_distance
from arcade.games.hashi.view.line_overlays import MARKER_GAP, LineOverlaysMixin, Point, seam_label
from arcade.ui.gridview import GridView, ruler_band, ruler_font_size, whole_labels
from arcade.ui.theme import Theme, blend

#: The largest cell of a Hashi board (pixels), the play board's and the editor's: the editor capped
#: its cells at 64 while the play board grew to this, so on a 1600x1000 window a 5x5 board filled a
#: quarter of the editor and twice as much of the test-play.
MAX_CELL = 96


class BoardPainter(CellPaintMixin, CueBadgeMixin, LineOverlaysMixin):
    """Owns the GridView of one puzzle, the display rotation, the cell keys and the drawing code."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.view = GridView(puzzle.rows, puzzle.cols, max_cell=MAX_CELL, min_cell=6)
        #: The area the board was laid out in (the view's viewport plus the margin for edge markers).
        self.outer = pygame.Rect(0, 0, 0, 0)
        #: The margin kept for a wrapped board's edge markers (x, y); the numbers sit outside it.
        self.marker_gap = (4, 4)
        #: The edge markers' size and their letters' text size (set by :meth:`layout`).
        self.marker_size = 4.0
        self.marker_font = 9
        #: The band kept above and left of the board for the row and column numbers.
        self.label_band = 0
        self.theme: Theme | None = None
        self.shift: Cell = (0, 0)
        self._glyphs: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}
        self._reach: dict[tuple[int, bool], float] = {}
        self._col: dict[str, tuple[int, int, int]] = {}
        self._palette = ""
        #: The keys and flags the cached board was last rendered from (to skip checking 1600 keys a frame).
        self._rendered_from: tuple[list[Hashable], list[tuple[Cell, tuple[str, ...]]]] | None = None
        self.set_puzzle(puzzle)

    # -- puzzle and display mapping ----------------------------------------------------------
    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.shift = (0, 0)
        self._board_keys: list[Hashable] = [None] * (puzzle.rows * puzzle.cols)
        self._display_keys: list[Hashable] = list(self._board_keys)
        self.specials: dict[Cell, tuple[str, ...]] = {}
        self.seam_labels: dict[int, str] = {}
        if (self.view.rows, self.view.cols) != (puzzle.rows, puzzle.cols):
            self.view.resize_grid(puzzle.rows, puzzle.cols)
        self.view.set_background_painter(self._paint_background)
        self.view.invalidate(background=True)

    @property
    def wraps(self) -> bool:
        return self.puzzle.topology.wraps_columns

    def display(self, cell: Cell) -> Cell:
        """Where a board cell is shown."""
        return ((cell[0] + self.shift[0]) % self.puzzle.rows, (cell[1] + self.shift[1]) % self.puzzle.cols)

    def board(self, cell: Cell) -> Cell:
        """Which board cell a display cell shows."""
        return ((cell[0] - self.shift[0]) % self.puzzle.rows, (cell[1] - self.shift[1]) % self.puzzle.cols)

    def rotate(self, d_rows: int, d_cols: int) -> bool:
        """Rotate the display of a wrapped board (only along joined axes); True if it changed."""
        topo = self.puzzle.topology
        d_rows = d_rows if topo.wraps_rows else 0
        d_cols = d_cols if topo.wraps_columns else 0
        if not (d_rows or d_cols):
            return False
        self.set_shift(((self.shift[0] + d_rows) % self.puzzle.rows, (self.shift[1] + d_cols) % self.puzzle.cols))
        return True

    def set_shift(self, shift: Cell) -> None:
        topo = self.puzzle.topology
        shift = (shift[0] % self.puzzle.rows if topo.wraps_rows else 0,
                 shift[1] % self.puzzle.cols if topo.wraps_columns else 0)
        if shift != self.shift:
            self.shift = shift
            self._rebuild_display()
            self.view.invalidate(background=True)

    def centre(self, cell: Cell) -> Point:
        """Pixel centre of a board cell (through the display rotation)."""
        return self.view.cell_center(self.display(cell))

    def island_centre(self, island: int) -> Point:
        return self.centre(self.puzzle.islands[island].pos)

    def island_at_pixel(self, pos: tuple[int, int]) -> int | None:
        cell = self.view.cell_at(pos)
        return None if cell is None else self.puzzle.island_at.get(self.board(cell))

    @property
    def radius(self) -> float:
        return max(3.0, self.view.cell * 0.46)

    # -- layout ------------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """Fit the board in ``area``: a margin on each wrapped side for the edge markers, sized for
        the largest marker and letter this board can show, and outside it, above and to the left,
        a band for the row and column numbers -- so the two never meet, at any zoom. (The margin
        was a fraction of the cell while the markers grew with the zoom: zoomed in on a 40x40
        torus, the letters "A" and "B" sat on the row numbers 11 and 13.)"""
        p = self.puzzle
        rough = max(6, min(area.width // p.cols, area.height // p.rows))
        # Markers keep the size of the fit (they are chrome in the margin, like the numbers).
        self.marker_size = max(4.0, min(9.0, rough * 0.35))
        # The letters grow with the UI scale as the numbers do (exactly as before at scale 1).
        scale = self.scale
        self.marker_font = max(round(9 * scale), round(self.marker_size * 1.5 * scale))
        label_w, label_h = self._widest_seam_label()
        size = self.marker_size
        # Left and right: gap, arrow, gap, letter; top and bottom: gap, arrow, letter (see marker_shapes).
        across = math.ceil(MARKER_GAP + size * 1.4 + 1 + label_w) + 2
        along = math.ceil(MARKER_GAP + size + 1 + label_h) + 2
        # A plane edge keeps room for the frame drawn around the board (a pad of cell // 8, see
        # _draw_frame): at the fit it lay outside the area and its bottom line was clipped away.
        plain = 4 + rough // 8
        mx = max(10, across) if p.topology.wraps_columns else plain
        my = max(10, along) if p.topology.wraps_rows else plain
        band = self.label_band = ruler_band(scale)
        self.outer = pygame.Rect(area)
        self.marker_gap = (mx, my)
        # The scale also lets the largest cell grow with the window, as Tron's and Battle Royale's do:
        # without it a 5x5 board kept 96-pixel cells at 2560x1440, a third of the window's height.
        self.view.layout(pygame.Rect(area.x + mx + band, area.y + my + band,
                                     max(1, area.width - 2 * mx - band), max(1, area.height - 2 * my - band)),
                         scale=scale)

    @property
    def scale(self) -> float:
        """The UI scale the numbers and the edge letters grow with (1 before a theme is set)."""
        return self.theme.scale if self.theme is not None else 1.0

    def _widest_seam_label(self) -> tuple[int, int]:
        """The size of the widest letter (or number) an edge marker of this board can carry: at most
        one wrapped line crosses the visible edge per row and per column."""
        p = self.puzzle
        count = (p.rows if p.topology.wraps_columns else 0) + (p.cols if p.topology.wraps_rows else 0)
        texts = {seam_label(k) for k in range(count)}
        sizes = [self.text_size(text, self.marker_font) for text in texts] or [(0, 0)]
        return max(w for w, _ in sizes), max(h for _, h in sizes)

    def text_size(self, text: str, size: int) -> tuple[int, int]:
        """Pixels of ``text`` in the bold UI font (an estimate before a theme is set: a preview)."""
        if self.theme is not None:
            return self.theme.font(size, bold=True, fixed=True).size(text)  # as glyph() draws it
        return math.ceil(0.75 * size * len(text)), math.ceil(1.25 * size)

    @property
    def marker_zone(self) -> pygame.Rect:
        """Where edge markers may show: the viewport and its margins, never the numbers' band."""
        return self.view.viewport.inflate(2 * self.marker_gap[0], 2 * self.marker_gap[1])

    def edges_in_view(self) -> dict[str, bool]:
        """Which of the board's four edges show in the viewport ("top", "bottom", "left", "right").

        Zoomed in and scrolled, an edge can lie outside the viewport (in the margin or past it):
        then neither its frame line nor its markers are drawn there. (They were: the dashed top
        edge ran through the column numbers, and row 1, out of view, sat inside the frame as if
        it were empty, with its "A" marker beside it.)"""
        board, vp = self.view.board_rect, self.view.viewport
        return {"top": board.top >= vp.top, "bottom": board.bottom <= vp.bottom,
                "left": board.left >= vp.left, "right": board.right <= vp.right}

    def frame_pad(self) -> int:
        """How far outside the board its frame lies: a little more on larger cells, never past the
        margin (where the numbers' band begins)."""
        return max(2, min(self.view.cell // 8, min(self.marker_gap) - 3))

    def frame_span(self) -> pygame.Rect:
        """Where the frame may be drawn: the viewport, and past it by the frame's pad only on the
        sides whose edge is in view (a side line stops at the viewport where the board goes on)."""
        vp, shown, out = self.view.viewport, self.edges_in_view(), self.frame_pad() + 1
        left, top = vp.left - out * shown["left"], vp.top - out * shown["top"]
        right, bottom = vp.right + out * shown["right"], vp.bottom + out * shown["bottom"]
        return pygame.Rect(left, top, right - left, bottom - top).clip(self.outer)

    def frame_rects(self) -> list[tuple[str, pygame.Rect]]:
        """(side, rect) of each frame line drawn: only the edges in view, within the viewport's span."""
        pad = self.frame_pad()
        rect = self.view.board_rect.inflate(2 * pad, 2 * pad)
        shown, span = self.edges_in_view(), self.frame_span()
        out = []
        for side, line in (("top", pygame.Rect(rect.left, rect.top - 1, rect.width, 2)),
                           ("bottom", pygame.Rect(rect.left, rect.bottom - 1, rect.width, 2)),
                           ("left", pygame.Rect(rect.left - 1, rect.top, 2, rect.height)),
                           ("right", pygame.Rect(rect.right - 1, rect.top, 2, rect.height))):
            line = line.clip(span)
            if shown[side] and line.width and line.height:
                out.append((side, line))
        return out

    def coordinate_labels(self) -> list[tuple[str, tuple[int, int]]]:
        """(number, centre) of each row and column label beside the visible board (every fifth on a
        fine board, all of them once zoomed in). Counted from 1 as hints and messages count cells ("the 4
        at row 2, column 2"); they name board cells, so on a rotated wrapped board they move with
        the islands and a hint's words and the picture always agree. Placed by the shared rulers,
        in the band outside the edge markers' margin."""
        if not self.label_band:
            return []
        gap_x, gap_y = self.marker_gap
        return self.view.labels_beside((gap_y, gap_x), (self.label_band, self.label_band), self.board)

    def coordinate_size(self) -> int:
        """The numbers' text size: a little larger on larger cells, and with the UI scale."""
        return ruler_font_size(self.view.cell, self.scale)

    def coordinate_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Where each row and column number is drawn (text, rect on screen): only those whole inside
        the board's area, as every board's rulers are."""
        size = self.coordinate_size()
        if self.theme is None:  # a preview: an estimate of the size
            return whole_labels(self.coordinate_labels(), lambda text: self.text_size(text, size), self.outer)
        return self.view.label_rects(self.theme, self.coordinate_labels(), size, self.outer)

    def draw_coordinates(self, surface: pygame.Surface) -> None:
        """The numbers in the rulers' face, as every board's (they were bold here alone)."""
        if self.theme is None:
            return
        self.view.draw_labels(surface, self.theme, self.coordinate_rects(), self.coordinate_size())

    # -- keys ----------------------------------------------------------------------------------
    def update_keys(self, state: State, show_possible: bool) -> None:
        """Recompute every cell's key for ``state`` (once per change, not per frame)."""
        p = self.puzzle
        analysis = state.analysis
        closed = analysis.closed
        crossed = analysis.crossed
        bridges = state.bridges
        marks = state.marks
        locks = state.locks
        cols = p.cols

        def line_key(index: int) -> LineKey | None:
            n = bridges[index]
            marked = index in marks
            line = p.lines[index]
            possible = (
                show_possible and not n and not marked and line.a not in locks and line.b not in locks
                and state.capacity(index) > 0
            )
            if not (n or marked or possible):
                return None
            style = "x" if index in crossed else "w" if n and line.a in closed and line.b in closed else "n"
            return (n, marked, style, possible)

        keys: list[Hashable] = [None] * (p.rows * cols)
        line_keys = [line_key(i) for i in range(len(p.lines))]
        for (r, c), indices in p.cell_lines.items():
            h = v = None
            for index in indices:
                k = line_keys[index]
                if k is None:
                    continue
                if p.lines[index].horizontal:
                    h = k if h is None or k[0] else h
                else:
                    v = k if v is None or k[0] else v
            if h is not None or v is not None:
                keys[r * cols + c] = ("w", h, v)
        for i, island in enumerate(p.islands):
            stubs: list[tuple[LineKey, bool] | None] = [None, None, None, None]
            for index, letter in p.lines_of[i]:
                k = line_keys[index]
                if k is not None:
                    stubs[ORDER.index(letter)] = (k, not p.lines[index].cells)
            status = analysis.status[i]
            look = ("over" if status == "over" else "stuck" if i in analysis.stuck
                    else "closed" if i in closed else status)
            r, c = island.pos
            # The number cue: bridges still needed (once some are built), or how many too many.
            have = state.degrees[i]
            cue = have - island.number if have > island.number else island.number - have if have else 0
            keys[r * cols + c] = ("i", island.number, look, i in locks, tuple(stubs), cue)
        self._board_keys = keys
        self._rebuild_display()
        # Letters pairing the two ends of bridges that cross the visible edge.
        self.seam_labels = {}

    def _rebuild_display(self) -> None:
        p = self.puzzle
        rows, cols = p.rows, p.cols
        sr, sc = self.shift
        if sr == 0 and sc == 0:
            self._display_keys = list(self._board_keys)
            return
        out: list[Hashable] = [None] * (rows * cols)
        keys = self._board_keys
        for r in range(rows):
            dr = (r + sr) % rows
            base = r * cols
            for c in range(cols):
                out[dr * cols + (c + sc) % cols] = keys[base + c]
        self._display_keys = out

    def key_of(self, cell: Cell) -> Hashable:
        """The key of a display cell: its content plus hover/cursor/drag flags (see :meth:`key_function`)."""
        return self.key_function()(cell)

    def key_function(self) -> Callable[[Cell], Hashable]:
        """A fast ``key_of`` for one frame: the grid view calls it for every cell, every frame."""
        keys = self._display_keys
        cols = self.puzzle.cols
        specials = self.specials
        if not specials:
            return lambda cell: keys[cell[0] * cols + cell[1]]

        def key_of(cell: Cell) -> Hashable:
            key = keys[cell[0] * cols + cell[1]]
            flags = specials.get(cell)
            return key if flags is None else ("+", key, flags)

        return key_of

    def render(self, surface: pygame.Surface) -> int:
        """Blit the cached board (repainting changed cells) and the frame around it."""
        assert self.theme is not None
        palette = self.theme.palette_name
        if palette != self._palette:
            self._palette = palette
            self._col = self.colours()
            self.view.invalidate(background=True)
        made_from = (self._display_keys, sorted(self.specials.items()))
        last = self._rendered_from
        if last is not None and last[0] is made_from[0] and last[1] == made_from[1] and self.view.blit_cached(surface):
            count = 0
        else:
            count = self.view.render(surface, self.key_function(), self.paint)
            self._rendered_from = made_from
        with self.view.clipped(surface, self.outer):
            self._draw_frame(surface)
        return count

    def _draw_frame(self, surface: pygame.Surface) -> None:
        assert self.theme is not None
        theme = self.theme
        pad = self.frame_pad()
        rect = self.view.board_rect.inflate(2 * pad, 2 * pad)
        topo = self.puzzle.topology
        solid = theme["grid"]
        joined = blend(theme["background"], theme["accent"], 0.75)
        dash = max(4, self.view.cell // 3)
        shown = self.edges_in_view()

        def edge(side: str, a: Point, b: Point, wrapped: bool) -> None:
            if not shown[side]:
                return
            if not wrapped:
                pygame.draw.line(surface, solid, a, b)
                return
            length = math.dist(a, b)
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            t = 0.0
            while t < length:
                t1 = min(length, t + dash)
                pygame.draw.line(surface, joined, (a[0] + ux * t, a[1] + uy * t), (a[0] + ux * t1, a[1] + uy * t1), 2)
                t += dash * 2

        # Within the viewport's span and its margins, never in the numbers' band.
        with self.view.clipped(surface, self.frame_span()):
            edge("left", rect.topleft, rect.bottomleft, topo.wraps_columns)
            edge("right", rect.topright, rect.bottomright, topo.wraps_columns)
            edge("top", rect.topleft, rect.topright, topo.wraps_rows)
            edge("bottom", rect.bottomleft, rect.bottomright, topo.wraps_rows)


#: The badges' sizes and their fitting are also named here for the tests that import them from the painter.
__all__ = ["CUE_MIN_TEXT", "CUE_OUTLINE", "MAX_CELL", "BoardPainter", "disc_distance", "seam_label"]
