"""GridView (ui): one grid renderer for every game -- layout, a camera (zoom, pan, follow) and cached cells.

The layout fits a rows x cols grid into a rectangle (the *viewport*); that "fit" is zoom
1, the default, so a board always fills the window it is given. The camera then zooms
(around a pixel that stays put: the pointer), pans and follows. Every mapping between
cells and pixels -- :meth:`cell_rect`, :meth:`cell_center`, :meth:`cell_at`,
:meth:`to_grid` -- goes through the camera, so hit-testing is right at every zoom, and
:meth:`cell_at` sees nothing outside the viewport (a cell scrolled off screen cannot be
clicked through the header).

Drawing follows Tatham's drawstate idea: each cell has a *key* -- any hashable value
describing what the cell shows -- and :meth:`GridView.render` repaints only cells whose
key changed since the last frame onto a cached board surface, over a cached background.
The cache is the whole board at the current cell size: a zoom rebuilds it once, a pan
only moves where it is blitted (with a clip to the viewport), so a drag frame on a
zoomed board costs what it costs unzoomed. The zoom is capped so the cached board stays
under :data:`MAX_CACHE_PIXELS`. Things that move every frame (drag previews, cursors,
animations) are drawn on top afterwards, straight on the screen, inside :meth:`clipped`.

Row and column numbers ("rulers") count from 1, as every game names cells to a player
(:func:`arcade.core.grid.cell_name`): a view made with ``rulers=True`` keeps a band above
and left of the board for them and :meth:`GridView.draw_rulers` draws them -- each row and
column on a coarse board, every fifth (1, 5, 10 ...) on a fine one, as on a ruler. A board
that lays out its own bands (Hashi's, with a margin for its edge markers between the numbers
and the board) places them with :meth:`GridView.labels_beside` and keeps them whole with
:func:`whole_labels`, so every board numbers its cells one way.

Cells are square and whole pixels (``square=True``, what the cache needs). Runway's road
is a grid of lanes x columns with wide lanes and a zoom that only narrows the columns:
``square=False`` gives it float cell sizes (``cell_w``/``cell_h``) and ``zoom_rows=False``;
it draws its visible columns itself each frame and uses the camera only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager

import pygame

from arcade.ui.input import Point
from arcade.ui.theme import Theme

Cell = tuple[int, int]
CellPainter = Callable[[pygame.Surface, Cell, pygame.Rect, Hashable], None]

#: Largest cached board (pixels): 9 M pixels is 36 MB; a 40x40 board zooms to 75-pixel cells.
MAX_CACHE_PIXELS = 9_000_000
#: Largest cell a zoom goes to (pixels), whatever the board.
MAX_ZOOM_CELL = 96
#: One wheel notch or one Ctrl++ press.
ZOOM_STEP = 1.25
#: Pixels above and left of a board for its row and column numbers (two digits; more widen the left one).
RULER_BAND = 18
#: Pixels between the rulers and the board's edge (a frame drawn round the board stays clear of them).
RULER_GAP = 3
#: Cells at least this wide get a number each; finer ones every fifth (1, 5, 10, ...), as on a ruler.
RULER_MIN_CELL = 16


def ruler_font_size(cell: float, scale: float = 1.0) -> int:
    """The row and column numbers' text size (screen pixels) beside cells ``cell`` pixels wide.

    10 to 14 at the UI scale 1 (a little larger on larger cells); the bounds grow with the UI
    ``scale`` so the numbers read at 2560x1440 as the rest of the text does, but never past what
    their cells hold: a number is at most 0.8 of a numbered cell (or of the four cells between
    the 1 and the 5 of a fine board's ruler). Never under 10, the smallest readable size."""
    size = min(round(14 * scale), max(round(10 * scale), int(cell) // 3 + 4))
    room = cell if cell >= RULER_MIN_CELL else 4 * cell
    return max(10, min(size, int(0.8 * room)))


def ruler_band(scale: float = 1.0) -> int:
    """The band kept beside a board for its numbers: :data:`RULER_BAND` at the UI ``scale``, as the
    numbers' largest size grows with it (exactly 18 at scale 1)."""
    return round(RULER_BAND * scale) if scale != 1.0 else RULER_BAND


def ruler_labelled(index: int, cell: float) -> bool:
    """Whether row or column ``index`` (0-based) is numbered at this cell size."""
    return cell >= RULER_MIN_CELL or index == 0 or (index + 1) % 5 == 0


def ruler_labels(columns: Iterable[tuple[int, float]], rows: Iterable[tuple[int, float]], cell: float,
                 top: float, left: float) -> list[tuple[str, tuple[int, int]]]:
    """(number, centre) of the row and column numbers: ``columns`` are (board column, x on
    screen), ``rows`` (board row, y); the numbers sit on the line ``top`` and the column ``left``.
    Counted from 1, as hints and messages name cells (``cell_name``), so the words and the
    picture agree. Every board with rulers (Hashi's, its editor's, Battle Royale's) draws from here."""
    labels = [(str(c + 1), (round(x), round(top))) for c, x in columns if ruler_labelled(c, cell)]
    labels += [(str(r + 1), (round(left), round(y))) for r, y in rows if ruler_labelled(r, cell)]
    return labels


def ruler_font(theme: Theme, size: int) -> pygame.font.Font:
    """The one face every board's row and column numbers are measured and drawn in: the UI font,
    regular, at ``size`` screen pixels. Hashi drew its numbers bold and the other boards regular;
    the numbers are quiet help beside the board, not its content (an island's number is bold)."""
    return theme.font(size, fixed=True)


def whole_labels(labels: Iterable[tuple[str, tuple[int, int]]], measure: Callable[[str], tuple[int, int]],
                 bounds: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
    """(number, rect) of each of ``labels`` (number, centre) whose text, ``measure(text)`` pixels
    large, lies wholly inside ``bounds`` (the clip it is drawn in). A number is drawn whole or not
    at all: zoomed so a column's middle sits at the view's edge, its number reached past the clip
    and lost the side of its last digit -- "51" read as "5", a column that is not there."""
    out = []
    for text, centre in labels:
        rect = pygame.Rect((0, 0), measure(text))
        rect.center = centre
        if bounds.contains(rect):
            out.append((text, rect))
    return out


class GridView:
    """Layout, camera and cached rendering of a grid of cells."""

    def __init__(
        self,
        rows: int,
        cols: int,
        *,
        margin: int = 0,
        max_cell: int = 96,
        min_cell: int = 2,
        square: bool = True,
        zoom_rows: bool = True,
        rulers: bool = False,
    ) -> None:
        self.rows = rows
        self.cols = cols
        self.margin = margin
        self.max_cell = max_cell
        self.min_cell = min_cell
        self.square = square
        self.zoom_rows = zoom_rows
        #: Whether the board has row and column numbers beside it (see :meth:`ruler_labels`).
        self.rulers = rulers
        #: The UI scale the rulers' band and numbers and the largest cell grow with (``layout(..., scale=)`` sets it).
        self.label_scale = 1.0
        self._ruler_glyphs: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}
        self.area = pygame.Rect(0, 0, 0, 0)
        #: Where the board is shown (the area less the margin): the clip of every board drawing.
        self.viewport = pygame.Rect(0, 0, 0, 0)
        #: Cell size at zoom 1 (the fit), and the zoom over it.
        self.fit_w = self.fit_h = float(min_cell)
        self.zoom = 1.0
        #: The lowest zoom (1: the fit; Runway's speed zoom goes below it).
        self.min_zoom = 1.0
        self.cell_w = self.cell_h = float(min_cell)
        #: Top-left corner of the board on screen (floats; may lie outside the viewport).
        self._ox = self._oy = 0.0
        #: Cells of slack the camera may show beyond each edge (left, right, top, bottom).
        self.overscroll = (0.0, 0.0, 0.0, 0.0)
        #: Whether the camera follows what the game says to follow (cleared by a pan).
        self.follow = True
        self.hover: Cell | None = None
        self._background: pygame.Surface | None = None
        self._board: pygame.Surface | None = None
        #: The big surfaces the background and the board are cut from (see :meth:`_surface`).
        self._pool: dict[str, pygame.Surface] = {}
        self._drawn: dict[Cell, Hashable] = {}
        #: Cells invalidated one by one since the last render (a ``cells`` hint must still visit them).
        self._dirty: set[Cell] = set()
        #: True until a render has visited every cell since the last full invalidation.
        self._full = True
        self._background_painter: Callable[[pygame.Surface, GridView], None] | None = None
        #: How many cells the last render repainted (for tests and benchmarks).
        self.repainted = 0
        #: Bumped whenever the camera moves or zooms (callers cache per-camera work on it).
        self.camera_version = 0
        #: The camera the cached board was last brought up to date for (cells are painted lazily,
        #: as they come into view: a zoom repaints what shows, not the whole board).
        self._rendered_camera = -1

    # -- layout ------------------------------------------------------------------------
    def resize_grid(self, rows: int, cols: int) -> None:
        """Another grid (a new level): the camera goes back to the fit."""
        self.rows, self.cols = rows, cols
        self.zoom = 1.0
        self._pool.clear()
        self.layout(self.area, keep_camera=False)

    def layout(self, area: pygame.Rect, *, keep_camera: bool = True, scale: float | None = None) -> None:
        """Fit the grid into ``area``; a zoomed camera keeps its zoom and the grid point at the centre.

        ``scale``: the app's UI scale (``theme.scale``), which the rulers' band and numbers follow."""
        if scale is not None:
            self.label_scale = scale
        centre = self.to_grid(self.viewport.center) if keep_camera and self.zoom != 1.0 and self.viewport.w else None
        self.area = pygame.Rect(area)
        self.viewport = self.area.inflate(-2 * self.margin, -2 * self.margin)
        if self.rulers:  # the numbers' bands, above and to the left, are not the board's
            top, left = self.ruler_bands
            self.viewport.update(self.viewport.x + left, self.viewport.y + top,
                                 self.viewport.width - left, self.viewport.height - top)
        self.viewport.width, self.viewport.height = max(1, self.viewport.width), max(1, self.viewport.height)
        fit_w = self.viewport.width / max(1, self.cols)
        fit_h = self.viewport.height / max(1, self.rows)
        cap = self.cell_cap
        if self.square:
            cell = max(self.min_cell, min(int(fit_w), int(fit_h), cap))
            self.fit_w = self.fit_h = float(cell)
        else:
            self.fit_w = max(float(self.min_cell), min(fit_w, float(cap)))
            self.fit_h = max(float(self.min_cell), min(fit_h, float(cap)))
        self.zoom = min(max(self.zoom, self.min_zoom), self.max_zoom)
        self._apply_zoom()
        if centre is None:
            self._centre_board()
        else:
            self._place(centre, self.viewport.center)
        self.invalidate(background=True)

    @property
    def cell_cap(self) -> int:
        """The largest cell the fit may use: ``max_cell`` at the UI scale the view was laid out with.
        The cap keeps a small board from blowing up into a few giant cells; at a fixed number of
        pixels it left Tron's empty room a third of a 2560x1440 window, its chrome grown around it."""
        return max(self.min_cell, round(self.max_cell * self.label_scale))

    def layout_cells(self, viewport: pygame.Rect, cell_w: float, cell_h: float) -> None:
        """Lay out with cell sizes the caller chose (Runway sizes its lanes and columns itself).

        The viewport is ``viewport``; those sizes are zoom 1; the zoom is kept.
        """
        self.area = pygame.Rect(viewport)
        self.viewport = pygame.Rect(viewport)
        self.fit_w, self.fit_h = float(cell_w), float(cell_h)
        self._apply_zoom()
        self.invalidate(background=True)

    def _apply_zoom(self) -> None:
        if self.square:
            cell = max(self.min_cell, round(self.fit_w * self.zoom))
            self.cell_w = self.cell_h = float(cell)
        else:
            self.cell_w = self.fit_w * self.zoom
            self.cell_h = self.fit_h * self.zoom if self.zoom_rows else self.fit_h

    @property
    def cell(self) -> int:
        """The cell size in whole pixels (square grids; the column width otherwise)."""
        return max(1, round(self.cell_w))

    @property
    def max_zoom(self) -> float:
        """The zoom at which cells reach :data:`MAX_ZOOM_CELL` (at the UI scale, as the fit's cap is:
        at 96 pixels a board fitted with 144-pixel cells in a 2560x1440 window could not zoom at all)
        or the cache its pixel limit (never below 1)."""
        most = MAX_ZOOM_CELL * self.label_scale
        if not self.square:
            return max(1.0, most / max(1.0, self.fit_w))
        by_pixels = math.sqrt(MAX_CACHE_PIXELS / max(1, self.rows * self.cols))
        biggest = min(most, by_pixels)
        return max(1.0, math.floor(biggest) / max(1.0, self.fit_w))

    @property
    def origin(self) -> tuple[int, int]:
        return (round(self._ox), round(self._oy))

    @origin.setter
    def origin(self, value: tuple[float, float]) -> None:
        self._ox, self._oy = float(value[0]), float(value[1])

    @property
    def board_rect(self) -> pygame.Rect:
        """The whole board on screen (it may reach past the viewport when zoomed)."""
        x, y = self.origin
        return pygame.Rect(x, y, round(self.cell_w * self.cols), round(self.cell_h * self.rows))

    @property
    def zoomed(self) -> bool:
        return self.zoom > 1.0 + 1e-9

    @property
    def shows_all(self) -> bool:
        """Whether every cell is inside the viewport."""
        return self.viewport.contains(self.board_rect)

    # -- rulers ------------------------------------------------------------------------
    @property
    def ruler_bands(self) -> tuple[int, int]:
        """Pixels kept above and left of the board for the numbers (0, 0 without rulers); the left
        band widens for three-digit rows."""
        if not self.rulers:
            return (0, 0)
        digits = len(str(self.rows))
        band = ruler_band(self.label_scale)
        return (band + RULER_GAP, band + RULER_GAP + round(7 * self.label_scale) * max(0, digits - 2))

    def ruler_size(self) -> int:
        """The numbers' font size: small beside small cells, never under 10, growing with the UI scale."""
        return ruler_font_size(self.cell, self.label_scale)

    def ruler_labels(self) -> list[tuple[str, tuple[int, int]]]:
        """(number, centre) of each row and column number beside the cells in view -- every one on
        a coarse board, every fifth on a fine one, all once zoomed in; they follow the camera."""
        if not self.rulers:
            return []
        top_band, left_band = self.ruler_bands
        return self.labels_beside((RULER_GAP, RULER_GAP), (top_band - RULER_GAP, left_band - RULER_GAP))

    def labels_beside(self, gaps: tuple[int, int], bands: tuple[int, int],
                      name: Callable[[Cell], Cell] | None = None) -> list[tuple[str, tuple[int, int]]]:
        """(number, centre) of each row and column number beside the cells in view: centred in a
        band ``bands`` = (above, left) pixels deep that lies ``gaps`` = (above, left) pixels off the
        board's edge in view. ``name`` gives the board cell a shown cell is (a rotated wrapped
        board's numbers move with its cells); by default the cell itself."""
        r0, r1, c0, c1 = self.visible_cells()
        board, vp = self.board_rect, self.viewport
        top = max(board.top, vp.top) - gaps[0] - bands[0] // 2
        left = max(board.left, vp.left) - gaps[1] - bands[1] // 2
        named = name or (lambda cell: cell)
        # Only rows and columns whose middle is in view: a number beside half a cell at the edge
        # would sit over the other ruler, or past the end of its own. Rounded as drawn: a middle at
        # 539.6 is drawn at 540, on the edge of a view ending there.
        columns = [(named((0, c))[1], x) for c in range(c0, c1)
                   if vp.left <= (x := round(self.cell_center((0, c))[0])) < vp.right]
        rows = [(named((r, 0))[0], y) for r in range(r0, r1)
                if vp.top <= (y := round(self.cell_center((r, 0))[1])) < vp.bottom]
        return ruler_labels(columns, rows, self.cell_w, top, left)

    def ruler_rects(self, theme: Theme) -> list[tuple[str, pygame.Rect]]:
        """(number, rect) of each row and column number drawn: those whole inside the view's area."""
        return self.label_rects(theme, self.ruler_labels(), self.ruler_size(), self.area)

    @staticmethod
    def label_rects(theme: Theme, labels: Iterable[tuple[str, tuple[int, int]]], size: int,
                    bounds: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
        """(number, rect) of each of ``labels`` (number, centre) whole inside ``bounds``, measured in
        the rulers' face (:func:`ruler_font`): a board that places its numbers itself (Hashi's, in
        the band beyond its edge markers) measures them here as the rulers are."""
        return whole_labels(labels, ruler_font(theme, size).size, bounds)

    def draw_rulers(self, surface: pygame.Surface, theme: Theme) -> None:
        """Draw the row and column numbers (inside the view's area: never over the chrome)."""
        self.draw_labels(surface, theme, self.ruler_rects(theme), self.ruler_size())

    def draw_labels(self, surface: pygame.Surface, theme: Theme, rects: Iterable[tuple[str, pygame.Rect]],
                    size: int) -> None:
        """Draw row and column numbers at ``rects`` (from :meth:`label_rects`) in the rulers' face
        and colour, from one cache of their images: every board's numbers look alike."""
        colour = theme["text_dim"]
        for text, rect in rects:
            key = (text, size, colour)
            image = self._ruler_glyphs.get(key)
            if image is None:
                if len(self._ruler_glyphs) > 1000:
                    self._ruler_glyphs.clear()
                image = self._ruler_glyphs[key] = ruler_font(theme, size).render(text, True, colour)
            surface.blit(image, image.get_rect(center=rect.center))

    # -- cells and pixels, through the camera ------------------------------------------
    def cell_rect(self, cell: Cell) -> pygame.Rect:
        r, c = cell
        if self.square:
            s = self.cell
            x, y = self.origin
            return pygame.Rect(x + c * s, y + r * s, s, s)
        x0, y0 = self._ox + c * self.cell_w, self._oy + r * self.cell_h
        left, top = round(x0), round(y0)
        return pygame.Rect(left, top, round(x0 + self.cell_w) - left, round(y0 + self.cell_h) - top)

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        r, c = cell
        x, y = self._screen_origin()
        return (x + (c + 0.5) * self.cell_w, y + (r + 0.5) * self.cell_h)

    def _screen_origin(self) -> tuple[float, float]:
        # Square grids are blitted at whole pixels: map through the rounded origin so overlays line up.
        return self.origin if self.square else (self._ox, self._oy)

    def to_grid(self, pos: Point | tuple[float, float]) -> tuple[float, float]:
        """Fractional (row, col) of a pixel; useful for drag directions and sub-cell hits."""
        x, y = self._screen_origin()
        return ((pos[1] - y) / self.cell_h, (pos[0] - x) / self.cell_w)

    def to_screen(self, point: tuple[float, float]) -> tuple[float, float]:
        """The pixel of a fractional (row, col) grid point (the inverse of :meth:`to_grid`)."""
        x, y = self._screen_origin()
        return (x + point[1] * self.cell_w, y + point[0] * self.cell_h)

    def cell_at(self, pos: Point) -> Cell | None:
        """The cell under a pixel, or None outside the board or outside the viewport."""
        if not self.viewport.collidepoint(pos):
            return None
        gy, gx = self.to_grid(pos)
        if gx < 0 or gy < 0:
            return None
        r, c = int(gy), int(gx)
        if r >= self.rows or c >= self.cols:
            return None
        return (r, c)

    def visible_cells(self) -> tuple[int, int, int, int]:
        """(first row, last row + 1, first column, last column + 1) of the cells the viewport shows."""
        vp = self.viewport
        top, left = self.to_grid(vp.topleft)
        bottom, right = self.to_grid(vp.bottomright)
        return (max(0, math.floor(top)), min(self.rows, math.ceil(bottom)),
                max(0, math.floor(left)), min(self.cols, math.ceil(right)))

    def is_visible(self, cell: Cell, *, whole: bool = True) -> bool:
        rect = self.cell_rect(cell)
        return self.viewport.contains(rect) if whole else self.viewport.colliderect(rect)

    def update_hover(self, pos: Point) -> bool:
        """Track the hovered cell from an event position; True if it changed."""
        cell = self.cell_at(pos)
        if cell != self.hover:
            self.hover = cell
            return True
        return False

    # -- the camera --------------------------------------------------------------------
    def _clamp(self) -> None:
        """Keep the board on screen: centred on an axis where it fits, else edge to edge (plus overscroll)."""
        left, right, top, bottom = self.overscroll
        vp = self.viewport
        width = (self.cols + left + right) * self.cell_w
        height = (self.rows + top + bottom) * self.cell_h
        if width <= vp.width:
            self._ox = vp.x + (vp.width - width) / 2 + left * self.cell_w
        else:
            self._ox = min(vp.x + left * self.cell_w, max(vp.right - (self.cols + right) * self.cell_w, self._ox))
        if height <= vp.height:
            self._oy = vp.y + (vp.height - height) / 2 + top * self.cell_h
        else:
            self._oy = min(vp.y + top * self.cell_h, max(vp.bottom - (self.rows + bottom) * self.cell_h, self._oy))
        if self.square:
            self._ox, self._oy = float(round(self._ox)), float(round(self._oy))
        self.camera_version += 1

    def _centre_board(self) -> None:
        self._ox = self.viewport.x + (self.viewport.width - self.cols * self.cell_w) / 2
        self._oy = self.viewport.y + (self.viewport.height - self.rows * self.cell_h) / 2
        self._clamp()

    def _place(self, point: tuple[float, float], pixel: tuple[float, float], *, clamp: bool = True) -> None:
        """Move the camera so grid ``point`` (row, col) is at screen ``pixel``."""
        self._ox = pixel[0] - point[1] * self.cell_w
        self._oy = pixel[1] - point[0] * self.cell_h
        if clamp:
            self._clamp()
        else:
            self.camera_version += 1

    def set_zoom(self, zoom: float, anchor: tuple[float, float] | None = None, *, clamp: bool = True) -> bool:
        """Zoom to ``zoom`` (clamped) keeping the grid point under ``anchor`` (default: the viewport centre) still.

        Returns True if the cell size changed. The cached board is rebuilt at the new size
        on the next render.
        """
        anchor = anchor if anchor is not None else self.viewport.center
        zoom = min(max(zoom, self.min_zoom), self.max_zoom)
        point = self.to_grid(anchor)
        before = (self.cell_w, self.cell_h)
        self.zoom = zoom
        self._apply_zoom()
        if (self.cell_w, self.cell_h) == before:
            return False
        self._place(point, anchor, clamp=clamp)
        self.invalidate(background=True)
        return True

    def zoom_by(self, steps: float, anchor: tuple[float, float] | None = None) -> bool:
        """Zoom in (``steps`` > 0) or out by :data:`ZOOM_STEP` per step around ``anchor``.

        On square grids each step changes the cell by at least one pixel, so a step is never lost to rounding.
        """
        if not steps:
            return False
        zoom = self.zoom * ZOOM_STEP ** steps
        if self.square:
            cell = round(self.fit_w * zoom)
            if cell == self.cell:
                cell += 1 if steps > 0 else -1
            zoom = max(cell, 1) / self.fit_w
        return self.set_zoom(zoom, anchor)

    def fit(self) -> bool:
        """Back to zoom 1, the whole board centred; True if anything moved."""
        before = (self.zoom, self.origin)
        self.zoom = max(1.0, self.min_zoom)
        self._apply_zoom()
        self._centre_board()
        self.follow = True
        self.invalidate(background=True)
        return (self.zoom, self.origin) != before

    def pan_by(self, dx: float, dy: float) -> bool:
        """Move the board by (dx, dy) pixels (a drag); the camera stops following. True if it moved."""
        before = self.origin
        self._ox += dx
        self._oy += dy
        self._clamp()
        self.follow = False
        return self.origin != before

    def look_at(self, point: tuple[float, float], at: tuple[float, float] = (0.5, 0.5), *,
                clamp: bool = True) -> None:
        """Put grid ``point`` (row, col) at fraction ``at`` (x, y) of the viewport."""
        vp = self.viewport
        self._place(point, (vp.x + at[0] * vp.width, vp.y + at[1] * vp.height), clamp=clamp)

    def glide_to(self, point: tuple[float, float], at: tuple[float, float], dt: float, *, rate: float = 9.0,
                 clamp: bool = True) -> None:
        """Ease the camera towards :meth:`look_at` ``(point, at)`` (a follow camera, frame by frame)."""
        vp = self.viewport
        tx = vp.x + at[0] * vp.width - point[1] * self.cell_w
        ty = vp.y + at[1] * vp.height - point[0] * self.cell_h
        ease = 1 - math.exp(-dt * rate)
        # Land exactly once within a hundredth of a pixel: at rest the board is drawn where a snap
        # would draw it (a resumed game looks exactly like the one left).
        self._ox = tx if abs(tx - self._ox) < 0.01 else self._ox + (tx - self._ox) * ease
        self._oy = ty if abs(ty - self._oy) < 0.01 else self._oy + (ty - self._oy) * ease
        if clamp:
            self._clamp()
        else:
            self.camera_version += 1

    def scroll_into_view(self, cells: Iterable[Cell], margin: float = 1.0) -> bool:
        """Pan the least that shows every cell in ``cells`` (with ``margin`` cells around); True if it moved.

        Cells that cannot all fit are centred. Following a hint or a watch step calls this:
        a target the player cannot see is no help.
        """
        cells = list(cells)
        if not cells:
            return False
        top = min(r for r, _ in cells) - margin
        bottom = max(r for r, _ in cells) + 1 + margin
        left = min(c for _, c in cells) - margin
        right = max(c for _, c in cells) + 1 + margin
        vp = self.viewport
        x0, y0 = self._screen_origin()
        before = self.origin
        x_left, x_right = x0 + left * self.cell_w, x0 + right * self.cell_w
        y_top, y_bottom = y0 + top * self.cell_h, y0 + bottom * self.cell_h
        dx = _least_shift(x_left, x_right, vp.x, vp.right)
        dy = _least_shift(y_top, y_bottom, vp.y, vp.bottom)
        if not (dx or dy):
            return False
        self._ox += dx
        self._oy += dy
        self._clamp()
        return self.origin != before

    @contextmanager
    def clipped(self, surface: pygame.Surface, rect: pygame.Rect | None = None,
                *, whole: pygame.Rect | None = None) -> Iterator[pygame.Surface]:
        """Draw overlays inside the viewport (or ``rect``) only: a zoomed board must not spill onto the chrome.

        ``whole`` is the clip while the whole board shows (usually a larger area around it,
        so rings and pops at the edge islands are not cut as they were never cut before zoom).
        """
        saved = surface.get_clip()
        if whole is not None and self.shows_all:
            rect = whole
        surface.set_clip((rect or self.viewport).clip(saved))
        try:
            yield surface
        finally:
            surface.set_clip(saved)

    # -- cached drawing ----------------------------------------------------------------
    def set_background_painter(self, painter: Callable[[pygame.Surface, GridView], None]) -> None:
        """``painter(surface, view)`` draws the static board; it runs again after each layout or zoom."""
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

    def release(self) -> None:
        """Drop the cached surfaces (a zoomed big board holds tens of megabytes); the next render rebuilds."""
        self._pool.clear()
        self.invalidate(background=True)

    def _surface(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A ``size`` surface cut from a kept, larger one: a zoom step reuses memory instead of allocating.

        Allocating (and the kernel zeroing) tens of megabytes took most of a zoom frame on a
        big board; surfaces grow with headroom for the next zoom steps (never past
        :data:`MAX_CACHE_PIXELS` by much) and shrink by taking a smaller piece.
        """
        big = self._pool.get(name)
        if big is None or big.get_width() < size[0] or big.get_height() < size[1]:
            scale = max(1.0, min(1.25, math.sqrt(MAX_CACHE_PIXELS / max(1, size[0] * size[1]))))
            full = (max(size[0], int(size[0] * scale)), max(size[1], int(size[1] * scale)))
            display = pygame.display.get_surface() if pygame.display.get_init() else None
            big = pygame.Surface(full, 0, display) if display is not None else pygame.Surface(full)
            self._pool[name] = big
        return big.subsurface((0, 0, *size))

    def _ensure_surfaces(self) -> None:
        size = (max(1, self.cell * self.cols), max(1, self.cell * self.rows))
        if self._background is None or self._background.get_size() != size:
            self._background = self._surface("background", size)
            self._background.fill((0, 0, 0))
            if self._background_painter is not None:
                # Paint in board-local coordinates by moving the camera to (0, 0) for the painter.
                saved = (self._ox, self._oy)
                self._ox = self._oy = 0.0
                try:
                    self._background_painter(self._background, self)
                finally:
                    self._ox, self._oy = saved
            # No copy of the background: every cell is cleared from it as it is first painted,
            # and only painted cells are ever shown.
            self._board = self._surface("board", size)
            self._drawn.clear()
            self._full = True

    def _blit_board(self, surface: pygame.Surface) -> None:
        """The cached board at the camera's offset, only the part inside the viewport."""
        assert self._board is not None
        x, y = self.origin
        source = self.viewport.move(-x, -y).clip(self._board.get_rect())
        if source.width and source.height:
            surface.blit(self._board, (x + source.x, y + source.y), source)

    def blit_cached(self, surface: pygame.Surface) -> bool:
        """Blit the board exactly as last rendered, without asking for any key.

        For callers that know no cell changed since their last :meth:`render` (a frame
        where only a drag preview moves): on big boards this skips a key lookup per cell.
        Returns False -- and draws nothing -- when there is no complete cached board
        (never rendered, re-laid out, zoomed or invalidated since); then call :meth:`render`.
        """
        if self._board is None or self._full or self._dirty or self._rendered_camera != self.camera_version:
            return False
        self._blit_board(surface)
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
        which keeps a big board with a few changes per frame cheap. After a layout change,
        a zoom or a full invalidation every visible cell is visited anyway.

        Only cells in view are painted: a cell off screen keeps whatever it showed (or
        nothing) until a pan brings it into view, when it is looked at again. So a zoom on a
        big board repaints a window's worth of cells, not the whole board.
        """
        self._ensure_surfaces()
        assert self._board is not None and self._background is not None
        board, background, drawn, size = self._board, self._background, self._drawn, self.cell
        top, bottom, left, right = self.visible_cells()
        if cells is None or self._full:
            visit: Iterable[Cell] = ((r, c) for r in range(top, bottom) for c in range(left, right))
            self._full = False
        else:
            visit = [*cells, *self._dirty]
            if self._rendered_camera != self.camera_version:  # a pan: cells that came into view
                visit += [(r, c) for r in range(top, bottom) for c in range(left, right) if (r, c) not in drawn]
        self._rendered_camera = self.camera_version
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
        self._blit_board(surface)
        self.repainted = count
        return count


def _least_shift(lo: float, hi: float, view_lo: float, view_hi: float) -> float:
    """The least move along one axis that brings ``lo..hi`` into ``view_lo..view_hi`` (centred if it cannot fit)."""
    if hi - lo > view_hi - view_lo:
        return (view_lo + view_hi) / 2 - (lo + hi) / 2
    if lo < view_lo:
        return view_lo - lo
    if hi > view_hi:
        return view_hi - hi
    return 0.0
