"""Hashi board drawing (ui): cell keys for the cached grid, islands and bridges, and per-frame overlays.

The board is drawn Tatham's way: every cell gets a *key* describing exactly what it shows
(an island's number, state and bridge stubs; the bridges and marks crossing a water
cell), and :class:`~arcade.ui.gridview.GridView` repaints only cells whose key changed.
Everything that moves -- the drag preview, hint highlights, flashes, the completion pop
and the edge markers of wrapped bridges -- is drawn on top each frame from *runs*: the
straight pixel segments a line occupies on screen, split where it crosses the edge of a
wrapped board.

On a cylinder or torus the display can be rotated (``shift``): display cell = board cell
plus the shift, modulo the board size. The seam (where the real edge lies) is drawn as a
dashed line when the board is rotated, and a bridge that leaves the visible board is
paired with its other end by matching lettered arrows in the margin.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from arcade.core.topology import Cell
from arcade.games.hashi.logic import Puzzle, State
from arcade.ui.gridview import GridView, ruler_band, ruler_font_size, whole_labels
from arcade.ui.theme import Theme, blend

Point = tuple[float, float]
#: A line's key in a cell: (bridges, marked "no bridge", style n/w/x, shown as possible).
LineKey = tuple[int, bool, str, bool]

ORDER = "NESW"
#: Cells smaller than this show no "bridges still needed" badge (it would cover the number).
CUE_MIN_CELL = 36
#: The badge's smallest text: smaller digits did not read (9-pixel badges at 800x600).
CUE_MIN_TEXT = 11
#: The badge's light outline (pixels), which sets it off from the island, the water and rings.
CUE_OUTLINE = 1


@dataclass(frozen=True)
class CueBadge:
    """A "bridges still needed" badge: its ``disc`` (outline included), its text ``size``, where the
    rendered text's top-left goes (``at``) and the text's ink on screen (``ink``)."""

    disc: pygame.Rect
    size: int
    at: tuple[int, int]
    ink: pygame.Rect


def text_ink(font: pygame.font.Font, text: str) -> pygame.Rect:
    """The ink of ``text`` as ``font.render`` draws it, from the font's glyph metrics (relative to
    the rendered image's top-left: the baseline is at the font's ascent)."""
    metrics = [m for m in font.metrics(text) if m is not None]
    if not metrics:
        return pygame.Rect(0, 0, 1, 1)
    ascent = font.get_ascent()
    pen = 0
    right = 0
    for _minx, maxx, _miny, _maxy, advance in metrics:
        right = max(right, pen + maxx)
        pen += advance
    top = ascent - max(m[3] for m in metrics)
    bottom = ascent - min(m[2] for m in metrics)
    left = metrics[0][0]
    return pygame.Rect(left, top, max(1, right - left), max(1, bottom - top))


def disc_around(width: int, height: int) -> pygame.Rect:
    """The smallest disc -- a circle, or a pill for "+2" -- holding a ``width`` x ``height`` box of
    ink with a pixel to spare, plus the outline (its top-left at 0, 0)."""
    inner = math.ceil(math.hypot(min(width, height), height)) + 2
    straight = width - math.sqrt(inner * inner - height * height) + 2  # what the round ends cannot hold
    inner_w = max(inner, math.ceil(inner + straight))
    return pygame.Rect(0, 0, inner_w + 2 * CUE_OUTLINE, inner + 2 * CUE_OUTLINE)


def disc_distance(disc: pygame.Rect, box: pygame.Rect) -> float:
    """How far the centre line of the pill ``disc`` is from ``box`` (less than its radius: they overlap)."""
    r = disc.height / 2
    cy = disc.y + r
    x0, x1 = disc.x + r, disc.right - r
    dx = max(0.0, box.left - x1, x0 - box.right)
    dy = max(0.0, box.top - cy, cy - box.bottom)
    return math.hypot(dx, dy)


def cue_overhang(cell: int) -> int:
    """How far a badge may reach past its cell's corner: the corner of the next cells is water
    (islands are round, bridges run through the middle), and at 1024x640 a 10x10 board's badge
    did not fit inside its cell."""
    return cell // 12


@dataclass(frozen=True)
class Run:
    """One straight on-screen piece of a line: from ``start`` to ``end`` in pixels.

    ``start_island``/``end_island`` tell whether the end is an island centre (else it is
    the edge of the board, where a wrapped line leaves the view).
    """

    start: Point
    end: Point
    start_island: bool
    end_island: bool
    horizontal: bool


#: Pixels between the board's edge and the tip of an edge marker.
MARKER_GAP = 3
#: The letters pairing the two ends of a wrapped bridge (no I or O, which read as 1 and 0);
#: past them, numbers from 25.
SEAM_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def seam_label(k: int) -> str:
    """The label of the ``k``-th bridged line crossing the visible edge (0-based)."""
    return SEAM_LETTERS[k] if k < len(SEAM_LETTERS) else str(k + 1)


def assign_seam_labels(previous: dict[int, int], bridged: list[int]) -> dict[int, int]:
    """Label numbers (for :func:`seam_label`) for the bridged lines crossing the visible edge.

    A line that already has a label keeps it for as long as it stays bridged; a new one takes the
    smallest number no other line holds. Numbering the present bridges in board order re-lettered
    the pairs while the AI played on a torus: a new bridge earlier in the order pushed every later
    letter on ("D" became "E" under the player's eyes).
    """
    keep = {line: k for line, k in previous.items() if line in set(bridged)}
    used = set(keep.values())
    free = (k for k in range(len(bridged) + len(used) + 1) if k not in used)
    for line in bridged:
        if line not in keep:
            keep[line] = next(free)
    return keep


#: The largest cell of a Hashi board (pixels), the play board's and the editor's: the editor capped
#: its cells at 64 while the play board grew to this, so on a 1600x1000 window a 5x5 board filled a
#: quarter of the editor and twice as much of the test-play.
MAX_CELL = 96


class BoardPainter:
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

    # -- colours -------------------------------------------------------------------------------
    def colours(self) -> dict[str, tuple[int, int, int]]:
        theme = self.theme
        assert theme is not None
        return {
            "bridge": theme["text"],
            "w": theme["warning"],
            "x": theme["error"],
            "mark": theme["text_dim"],
            "possible": blend(theme["background"], theme["text_dim"], 0.55),
            "short": blend(theme["text"], theme["panel"], 0.08),
            "done": theme["good"],
            "over": theme["error"],
            "closed": theme["warning"],
            "stuck": blend(blend(theme["text"], theme["panel"], 0.08), theme["error"], 0.35),
            "ink": theme["text_dark"],
            "plate": blend(theme["panel_light"], theme["text_dim"], 0.75),
        }

    # -- painting the cached board -------------------------------------------------------------
    def _paint_background(self, surface: pygame.Surface, view: GridView) -> None:
        assert self.theme is not None
        theme = self.theme
        surface.fill(theme["background"])
        s = view.cell
        dot = theme["grid_faint"]
        if s >= 10:
            for r in range(view.rows):
                for c in range(view.cols):
                    surface.set_at((int((c + 0.5) * s), int((r + 0.5) * s)), dot)
        seam = blend(theme["background"], theme["accent"], 0.45)
        dash = max(3, s // 4)
        if self.shift[1]:
            x = self.shift[1] * s
            for y in range(0, view.rows * s, dash * 2):
                pygame.draw.line(surface, seam, (x, y), (x, min(view.rows * s, y + dash) - 1))
        if self.shift[0]:
            y = self.shift[0] * s
            for x in range(0, view.cols * s, dash * 2):
                pygame.draw.line(surface, seam, (x, y), (min(view.cols * s, x + dash) - 1, y))

    def bar_sizes(self) -> tuple[int, int]:
        """(thickness, distance between the two bars of a double bridge) for the current cell size."""
        s = self.view.cell
        thick = max(2, round(s * 0.09))
        gap = max(thick + 2, round(s * 0.26))
        return thick, gap

    def paint(self, surface: pygame.Surface, cell: Cell, rect: pygame.Rect, key: Hashable) -> None:
        flags: tuple[str, ...] = ()
        if isinstance(key, tuple) and key and key[0] == "+":
            _, key, flags = key
        if key is not None:
            if key[0] == "w":
                self._paint_water(surface, rect, key[1], key[2])
            else:
                self._paint_island(surface, rect, key, flags)
        if "cursor" in flags and self.theme is not None:
            width = max(2, rect.width // 12)
            pygame.draw.rect(surface, self.theme["highlight"], rect.inflate(-1, -1), width=width,
                             border_radius=max(2, rect.width // 5))

    def _paint_line_part(self, surface: pygame.Surface, rect: pygame.Rect, key: LineKey, horizontal: bool,
                         start: float, end: float) -> None:
        """Bars (or the mark / possible hint) of one line across ``rect`` from ``start`` to ``end`` (0..1)."""
        n, marked, style, possible = key
        colours = self._col
        s = rect.width
        cx, cy = rect.x + s / 2, rect.y + s / 2
        thick, gap = self.bar_sizes()
        if n:
            colour = colours["bridge"] if style == "n" else colours[style]
            offsets = [0.0] if n == 1 else [-gap / 2, gap / 2]
            for off in offsets:
                if horizontal:
                    x0, x1 = rect.x + start * s, rect.x + end * s
                    bar = pygame.Rect(round(x0), round(cy + off - thick / 2), max(1, round(x1 - x0)), thick)
                else:
                    y0, y1 = rect.y + start * s, rect.y + end * s
                    bar = pygame.Rect(round(cx + off - thick / 2), round(y0), thick, max(1, round(y1 - y0)))
                pygame.draw.rect(surface, colour, bar)
        elif marked:
            mid = (start + end) / 2
            mx = rect.x + mid * s if horizontal else cx
            my = cy if horizontal else rect.y + mid * s
            size = max(2.0, s * 0.14)
            width = max(1, round(s * 0.06))
            pygame.draw.line(surface, colours["mark"], (mx - size, my - size), (mx + size, my + size), width)
            pygame.draw.line(surface, colours["mark"], (mx - size, my + size), (mx + size, my - size), width)
        elif possible:
            step = max(3, s // 4)
            radius = max(1, thick // 2)
            a, b = start * s, end * s
            t = a + step / 2
            while t < b:
                point = (rect.x + t, cy) if horizontal else (cx, rect.y + t)
                pygame.draw.circle(surface, colours["possible"], (round(point[0]), round(point[1])), radius)
                t += step

    def _paint_water(self, surface: pygame.Surface, rect: pygame.Rect, h: LineKey | None,
                     v: LineKey | None) -> None:
        # A mark or a possible-line hint may share a cell with a crossing bridge; bridges go on top.
        parts = [(k, horizontal) for k, horizontal in ((h, True), (v, False)) if k is not None]
        parts.sort(key=lambda part: part[0][0] > 0)
        for k, horizontal in parts:
            self._paint_line_part(surface, rect, k, horizontal, 0.0, 1.0)

    def _paint_island(self, surface: pygame.Surface, rect: pygame.Rect, key: tuple, flags: tuple[str, ...]) -> None:
        assert self.theme is not None
        theme = self.theme
        _, number, look, locked, stubs, _cue = key  # the badge is an overlay: draw_cues()
        colours = self._col
        s = rect.width
        cx, cy = rect.x + s / 2, rect.y + s / 2
        radius = self.radius
        if locked:
            inset = max(1, s // 16)
            pygame.draw.rect(surface, colours["plate"], rect.inflate(-2 * inset, -2 * inset),
                             border_radius=max(2, s // 5))
        # Bridges to islands further away run under the island, from its centre to the cell edge.
        for letter, stub in zip(ORDER, stubs):
            if stub is not None and not stub[1] and stub[0][0]:
                start, end = (0.5, 1.0) if letter in "ES" else (0.0, 0.5)
                self._paint_line_part(surface, rect, stub[0], letter in "EW", start, end)
        selected = "selected" in flags
        hover = "hover" in flags
        fill = colours[look]
        if selected:
            fill = blend(fill, theme["accent"], 0.45)
        elif hover:
            fill = blend(fill, theme["text"], 0.18) if look != "short" else blend(fill, theme["accent"], 0.25)
        centre = (round(cx), round(cy))
        r = round(radius)
        if look == "over":
            side = round(radius * 1.8)
            box = pygame.Rect(0, 0, side, side)
            box.center = centre
            pygame.draw.rect(surface, fill, box, border_radius=max(2, side // 5))
            pygame.draw.rect(surface, theme["shadow"], box, width=max(1, s // 24), border_radius=max(2, side // 5))
        else:
            pygame.draw.aacircle(surface, fill, centre, r)
            if look == "closed":
                pygame.draw.aacircle(surface, theme["shadow"], centre, max(2, r - max(2, s // 9)),
                                     width=max(1, s // 28))
            elif look == "stuck":
                self._dashed_ring(surface, centre, r, theme["error"], max(2, s // 10))
            elif look == "short":
                pygame.draw.aacircle(surface, theme["text_dim"], centre, r, width=1)
        # Touching islands have no water between them: their bridges cross the rims, on top.
        for letter, stub in zip(ORDER, stubs):
            if stub is not None and stub[1]:
                self._paint_adjacent(surface, rect, letter, stub[0])
        if hover or selected:
            pygame.draw.aacircle(surface, theme["accent"], centre, min(s // 2, r + 1), width=max(2, s // 14))
        ink = colours["ink"]
        glyph = self.glyph(str(number), self.number_size(s), ink)
        surface.blit(glyph, glyph.get_rect(center=(cx, cy + 0.5)))

    def number_rect(self, rect: pygame.Rect, number: int) -> pygame.Rect:
        """The ink of an island's number in its cell ``rect`` (as :meth:`_paint_island` draws it)."""
        assert self.theme is not None
        glyph = self.glyph(str(number), self.number_size(rect.width), self._col["ink"])
        at = glyph.get_rect(center=(rect.x + rect.width / 2, rect.y + rect.width / 2 + 0.5))
        return glyph.get_bounding_rect().move(at.topleft)

    def cue_badge(self, rect: pygame.Rect, number: int, text: str) -> CueBadge | None:
        """Where the "bridges still needed" badge ``text`` goes for the island in cell ``rect``, or
        None when no legible badge fits beside its number.

        The badge sits at the cell's lower right corner (overhanging it by :func:`cue_overhang`:
        that corner of the cell is water), its text at least :data:`CUE_MIN_TEXT` pixels, smaller
        until the disc clears the island's number. The disc is sized from the text's ink as the
        font's metrics give it, so the glyphs fit whole: at 1024x640 the old badge was sized from a
        guess, the digit filled it and lost its bottom. (At 800x600 a 9-pixel badge half over the
        number made a "6" read as "64".)"""
        assert self.theme is not None
        s = rect.width
        if s < CUE_MIN_CELL:
            return None
        number_box = self.number_rect(rect, number)
        corner = rect.right + cue_overhang(s), rect.bottom + cue_overhang(s)
        for size in range(self.cue_size(s), CUE_MIN_TEXT - 1, -1):
            ink = text_ink(self.theme.font(size, bold=True, fixed=True), text)
            disc = disc_around(ink.width, ink.height)
            disc.bottomright = corner
            if disc_distance(disc, number_box) < disc.height / 2 + 1:
                continue  # it would touch the number: try smaller text
            at = (round(disc.centerx - ink.width / 2) - ink.x, round(disc.centery - ink.height / 2) - ink.y)
            return CueBadge(disc, size, at, ink.move(at))
        return None

    def cue_rect(self, rect: pygame.Rect, number: int, text: str) -> pygame.Rect | None:
        """The disc of :meth:`cue_badge` (outline included), or None when there is no badge."""
        badge = self.cue_badge(rect, number, text)
        return None if badge is None else badge.disc

    @staticmethod
    def cue_size(cell: int) -> int:
        """The badge's largest text size on cells of ``cell`` pixels (never below :data:`CUE_MIN_TEXT`)."""
        return max(CUE_MIN_TEXT, round(cell * 0.3))

    def draw_cues(self, surface: pygame.Surface) -> None:
        """Every visible island's badge: bridges still needed, or "+n" too many.

        Drawn over the board's overlays -- the watch's and hint's rings, the edge arrows, the
        keyboard cursor -- which covered it when it was painted into the cached cells; never over
        a number (see :meth:`cue_badge`)."""
        assert self.theme is not None
        keys = self._display_keys
        cols = self.puzzle.cols
        top, bottom, left, right = self.view.visible_cells()
        for r in range(top, bottom):
            for c in range(left, right):
                key = keys[r * cols + c]
                if not (isinstance(key, tuple) and key[0] == "i" and key[5]):
                    continue
                _, number, look, _, _, cue = key
                over = look == "over"
                self._paint_cue(surface, self.view.cell_rect((r, c)), number, f"+{cue}" if over else str(cue), over)

    def _paint_cue(self, surface: pygame.Surface, rect: pygame.Rect, number: int, text: str, over: bool) -> None:
        """One badge: a dark (red when too many) disc with a light outline, so it reads on the
        island, on the water and on a highlight ring alike."""
        assert self.theme is not None
        theme = self.theme
        badge = self.cue_badge(rect, number, text)
        if badge is None:
            return
        radius = badge.disc.height // 2
        pygame.draw.rect(surface, theme["error"] if over else theme["panel"], badge.disc, border_radius=radius)
        pygame.draw.rect(surface, theme["text"], badge.disc, width=CUE_OUTLINE, border_radius=radius)
        surface.blit(self.glyph(text, badge.size, theme["text"]), badge.at)

    def _paint_adjacent(self, surface: pygame.Surface, rect: pygame.Rect, letter: str, key: LineKey) -> None:
        """The part of a touching-islands line inside one island cell: over the rim, clear of the number."""
        n, marked, style, possible = key
        s = rect.width
        horizontal = letter in "EW"
        start, end = (0.78, 1.0) if letter in "ES" else (0.0, 0.22)
        if n:
            outline = (*self._col["ink"],)
            thick, gap = self.bar_sizes()
            offsets = [0.0] if n == 1 else [-gap / 2, gap / 2]
            colour = self._col["bridge"] if style == "n" else self._col[style]
            for off in offsets:
                if horizontal:
                    bar = pygame.Rect(round(rect.x + start * s), round(rect.centery + off - thick / 2),
                                      max(1, round((end - start) * s)), thick)
                else:
                    bar = pygame.Rect(round(rect.centerx + off - thick / 2), round(rect.y + start * s), thick,
                                      max(1, round((end - start) * s)))
                pygame.draw.rect(surface, outline, bar.inflate(2, 2))
                pygame.draw.rect(surface, colour, bar)
            return
        # The shared edge's midpoint: each island cell draws its half (painting is clipped to the cell).
        ex = rect.right if letter == "E" else rect.x if letter == "W" else rect.centerx
        ey = rect.bottom if letter == "S" else rect.y if letter == "N" else rect.centery
        if marked:
            size = max(2.0, s * 0.16)
            width = max(2, round(s * 0.07))
            for colour, w in ((self._col["ink"], width + 2), (self._col["mark"], width)):
                pygame.draw.line(surface, colour, (ex - size, ey - size), (ex + size, ey + size), w)
                pygame.draw.line(surface, colour, (ex - size, ey + size), (ex + size, ey - size), w)
        elif possible:
            pygame.draw.circle(surface, self._col["possible"], (ex, ey), max(2, s // 12))

    @staticmethod
    def _dashed_ring(surface: pygame.Surface, centre: tuple[int, int], r: int, colour: tuple[int, int, int],
                     width: int) -> None:
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = centre
        segments = 8
        for k in range(segments):
            a0 = 2 * math.pi * k / segments
            pygame.draw.arc(surface, colour, rect, a0, a0 + math.pi / segments * 1.2, width)

    def number_size(self, cell: int | None = None) -> int:
        """The islands' number size on cells of ``cell`` pixels (default: the view's)."""
        return max(8, round((cell or self.view.cell) * 0.6))

    def glyph(self, text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
        key = (text, size, colour)
        image = self._glyphs.get(key)
        if image is None:
            assert self.theme is not None
            image = self.theme.font(size, bold=True, fixed=True).render(text, True, colour)
            self._glyphs[key] = image
        return image

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

    # -- geometry of lines on screen ------------------------------------------------------------
    def line_runs(self, index: int) -> list[Run]:
        """The straight on-screen pieces of a line, split where it crosses the visible edge."""
        p = self.puzzle
        line = p.lines[index]
        seq = [p.islands[line.a].pos, *line.cells, p.islands[line.b].pos]
        disp = [self.display(c) for c in seq]
        d_row, d_col = (0, 1) if line.horizontal else (1, 0)
        pieces: list[tuple[int, int]] = []
        first = 0
        for k in range(1, len(disp)):
            if disp[k] != (disp[k - 1][0] + d_row, disp[k - 1][1] + d_col):
                pieces.append((first, k - 1))
                first = k
        pieces.append((first, len(disp) - 1))
        half = self.view.cell / 2
        out = []
        for a, b in pieces:
            x0, y0 = self.view.cell_center(disp[a])
            x1, y1 = self.view.cell_center(disp[b])
            if a > 0:
                x0, y0 = x0 - d_col * half, y0 - d_row * half
            if b < len(disp) - 1:
                x1, y1 = x1 + d_col * half, y1 + d_row * half
            out.append(Run((x0, y0), (x1, y1), a == 0, b == len(disp) - 1, line.horizontal))
        return out

    def crosses_view_edge(self, index: int) -> bool:
        return len(self.line_runs(index)) > 1

    def _trim(self, run: Run) -> tuple[Point, Point]:
        """A run without the parts hidden under its islands."""
        (x0, y0), (x1, y1) = run.start, run.end
        short = math.dist(run.start, run.end) < self.view.cell * 1.5
        cut = self.view.cell * 0.28 if short else self.radius * 0.85
        dx, dy = (1, 0) if run.horizontal else (0, 1)
        if run.start_island:
            x0, y0 = x0 + dx * cut, y0 + dy * cut
        if run.end_island:
            x1, y1 = x1 - dx * cut, y1 - dy * cut
        return (x0, y0), (x1, y1)

    # -- overlays ------------------------------------------------------------------------------
    def band(self, surface: pygame.Surface, index: int, colour: tuple[int, int, int], alpha: int,
             width: float | None = None) -> None:
        """A translucent highlight along a line (hint, flash, preview background)."""
        width = width or self.view.cell * 0.62
        for run in self.line_runs(index):
            (x0, y0), (x1, y1) = self._trim(run)
            if run.horizontal:
                rect = pygame.Rect(round(min(x0, x1)), round(y0 - width / 2), max(1, round(abs(x1 - x0))),
                                   max(1, round(width)))
            else:
                rect = pygame.Rect(round(x0 - width / 2), round(min(y0, y1)), max(1, round(width)),
                                   max(1, round(abs(y1 - y0))))
            if rect.width <= 0 or rect.height <= 0:
                continue
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            layer.fill((*colour, alpha))
            surface.blit(layer, rect)

    def bars(self, surface: pygame.Surface, index: int, n: int, colour: tuple[int, int, int]) -> None:
        """``n`` bridges drawn along a line (the preview of a drag), over whatever is there."""
        assert self.theme is not None
        thick, gap = self.bar_sizes()
        clear = self.view.cell * 0.5
        for run in self.line_runs(index):
            (x0, y0), (x1, y1) = self._trim(run)
            # Clear the line's track first, so the preview shows the result, not the sum.
            self._rect_along(surface, run.horizontal, (x0, y0), (x1, y1), 0.0, clear, self.theme["background"])
            offsets = [] if n == 0 else [0.0] if n == 1 else [-gap / 2, gap / 2]
            for off in offsets:
                self._rect_along(surface, run.horizontal, (x0, y0), (x1, y1), off, thick, colour)

    @staticmethod
    def _rect_along(surface: pygame.Surface, horizontal: bool, a: Point, b: Point, offset: float, width: float,
                    colour: tuple[int, int, int]) -> None:
        if horizontal:
            rect = pygame.Rect(round(min(a[0], b[0])), round(a[1] + offset - width / 2), round(abs(b[0] - a[0])),
                               max(1, round(width)))
        else:
            rect = pygame.Rect(round(a[0] + offset - width / 2), round(min(a[1], b[1])), max(1, round(width)),
                               round(abs(b[1] - a[1])))
        if rect.width > 0 and rect.height > 0:
            pygame.draw.rect(surface, colour, rect)

    def dashes(self, surface: pygame.Surface, index: int, colour: tuple[int, int, int]) -> None:
        """A dashed centre line along a line (the preview of a removal)."""
        thick, _ = self.bar_sizes()
        dash = max(3, self.view.cell // 4)
        for run in self.line_runs(index):
            (x0, y0), (x1, y1) = self._trim(run)
            length = math.dist((x0, y0), (x1, y1))
            if length <= 0:
                continue
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            t = 0.0
            while t < length:
                t1 = min(length, t + dash)
                pygame.draw.line(surface, colour, (x0 + ux * t, y0 + uy * t), (x0 + ux * t1, y0 + uy * t1),
                                 max(1, thick - 1))
                t += dash * 2

    def crosses(self, surface: pygame.Surface, index: int, colour: tuple[int, int, int]) -> None:
        """Small crosses along a line (the preview of a "no bridge here" mark, a wrong line)."""
        size = max(2.0, self.view.cell * 0.14)
        width = max(2, round(self.view.cell * 0.07))
        for run in self.line_runs(index):
            (x0, y0), (x1, y1) = self._trim(run)
            for t in (0.5,) if math.dist((x0, y0), (x1, y1)) < self.view.cell * 1.5 else (0.25, 0.5, 0.75):
                mx, my = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                pygame.draw.line(surface, colour, (mx - size, my - size), (mx + size, my + size), width)
                pygame.draw.line(surface, colour, (mx - size, my + size), (mx + size, my - size), width)

    def ring(self, surface: pygame.Surface, island: int, colour: tuple[int, int, int], scale: float = 1.15,
             width: int | None = None, alpha: int = 255) -> None:
        """A ring around an island (hint, pop, flash), optionally translucent."""
        x, y = self.island_centre(island)
        r = max(2, round(self.radius * scale))
        w = width or max(2, self.view.cell // 10)
        if alpha >= 255:
            pygame.draw.aacircle(surface, colour, (round(x), round(y)), r, width=w)
            return
        layer = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        pygame.draw.circle(layer, (*colour, alpha), (r + 2, r + 2), r, width=w)
        surface.blit(layer, (round(x) - r - 2, round(y) - r - 2))

    def marker_shapes(self, index: int, label: str = "") -> list[tuple[list[Point], pygame.Rect | None]]:
        """Where a line's edge markers go: for each end that leaves the visible board, the arrow's
        points in the margin and the rect of its ``label`` (None without one). Drawn clipped to
        :attr:`marker_zone`, which the row and column numbers lie outside of."""
        runs = self.line_runs(index)
        if len(runs) < 2:
            return []
        board = self.view.board_rect
        size = self.marker_size
        shapes: list[tuple[list[Point], pygame.Rect | None]] = []
        label_size = self.text_size(label, self.marker_font) if label else (0, 0)
        shown, vp = self.edges_in_view(), self.view.viewport
        for run in runs:
            for point, is_island, sign in ((run.start, run.start_island, -1), (run.end, run.end_island, 1)):
                if is_island:
                    continue
                x, y = point
                # Only at an edge in view, beside a row or column in view: a marker at an edge
                # scrolled away, or beside a row out of view, pointed at nothing drawn.
                side = ("right" if sign > 0 else "left") if run.horizontal else ("bottom" if sign > 0 else "top")
                along = y if run.horizontal else x
                lo, hi = (vp.top, vp.bottom) if run.horizontal else (vp.left, vp.right)
                if not shown[side] or not lo <= along < hi:
                    continue
                if run.horizontal:
                    tip = (board.right + size + MARKER_GAP, y) if sign > 0 else (board.left - size - MARKER_GAP, y)
                    base = tip[0] - sign * size
                    pts = [tip, (base, y - size * 0.8), (base, y + size * 0.8)]
                    text_pos = (tip[0] + sign * (size * 0.4 + 1), y)
                    anchor = "midleft" if sign > 0 else "midright"
                else:
                    tip = (x, board.bottom + size + MARKER_GAP) if sign > 0 else (x, board.top - size - MARKER_GAP)
                    base = tip[1] - sign * size
                    pts = [tip, (x - size * 0.8, base), (x + size * 0.8, base)]
                    # Beyond the tip, as on the left and right: beside it, the letters of
                    # neighbouring columns ran into each other ("Z25", "26Q" on a 40x40 torus).
                    text_pos = (x, tip[1] + sign)
                    anchor = "midtop" if sign > 0 else "midbottom"
                rect = None
                if label:
                    rect = pygame.Rect((0, 0), label_size)
                    setattr(rect, anchor, (round(text_pos[0]), round(text_pos[1])))
                shapes.append((pts, rect))
        return shapes

    def edge_markers(self, surface: pygame.Surface, index: int, colour: tuple[int, int, int],
                     label: str = "") -> None:
        """Arrows in the margin where a line leaves the visible board, with a label pairing both ends."""
        shapes = self.marker_shapes(index, label)
        if not shapes:
            return
        with self.view.clipped(surface, self.marker_zone):
            for pts, rect in shapes:
                pygame.draw.polygon(surface, colour, pts)
                if rect is not None:
                    surface.blit(self.glyph(label, self.marker_font, colour), rect)

    # -- hint marks (shapes no validation state uses) -------------------------------------------
    def brackets(self, surface: pygame.Surface, island: int, colour: tuple[int, int, int], scale: float = 1.25,
                 width: int | None = None) -> None:
        """Four corner brackets framing an island: the hint's own shape (islands are discs or squares,
        validation states are fills, rings and dashes, so a bracket frame is never mistaken for one)."""
        x, y = self.island_centre(island)
        half = self.radius * scale
        arm = max(3.0, half * 0.55)
        w = width or max(2, round(self.view.cell / 14))
        for sx in (-1, 1):
            for sy in (-1, 1):
                cx, cy = x + sx * half, y + sy * half
                pygame.draw.line(surface, colour, (cx, cy), (cx - sx * arm, cy), w)
                pygame.draw.line(surface, colour, (cx, cy), (cx, cy - sy * arm), w)

    def line_midpoint(self, index: int) -> tuple[Point, bool]:
        """The middle of a line's longest visible piece, and whether the line runs horizontally."""
        runs = self.line_runs(index)
        run = max(runs, key=lambda r: math.dist(r.start, r.end))
        return ((run.start[0] + run.end[0]) / 2, (run.start[1] + run.end[1]) / 2), run.horizontal
