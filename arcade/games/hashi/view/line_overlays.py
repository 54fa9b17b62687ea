"""Hashi's overlays along lines (view): on-screen runs of (possibly wrapped) lines, and what is drawn on them.

Everything that moves -- the drag preview, hint highlights, flashes, the completion pop and the
edge markers of wrapped bridges -- is drawn over the cached board each frame from *runs*: the
straight pixel segments a line occupies on screen, split where it crosses the edge of a wrapped
board. A bridge that leaves the visible board is paired with its other end by matching lettered
arrows in the margin. :class:`LineOverlaysMixin` is part of
:class:`~arcade.games.hashi.view.painter.BoardPainter`; the effects
(:mod:`~arcade.games.hashi.view.effects`) call its shapes. It is separate because it draws per
frame, over the board, while the cell painting is cached.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from arcade.games.hashi.logic import Puzzle
from arcade.ui.gridview import GridView
from arcade.ui.theme import Theme

Point = tuple[float, float]


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


class LineOverlaysMixin:
    """The per-frame overlays of :class:`~arcade.games.hashi.view.painter.BoardPainter` (see the module)."""

    view: GridView
    theme: Theme | None
    puzzle: Puzzle
    radius: float
    marker_size: float
    marker_font: int
    marker_zone: pygame.Rect
    display: Callable[[tuple[int, int]], tuple[int, int]]
    island_centre: Callable[[int], Point]
    bar_sizes: Callable[[], tuple[int, int]]
    text_size: Callable[[str, int], tuple[int, int]]
    edges_in_view: Callable[[], dict[str, bool]]
    glyph: Callable[[str, int, tuple[int, int, int]], pygame.Surface]
    number_size: Callable[..., int]
    #: How far the numbers' ink reaches from an island's centre, per cell size and direction.
    _reach: dict[tuple[int, bool], float]

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
        """A run without its islands: it starts and ends at their circles' edge, and never over their
        numbers. (It went to 0.85 of the radius, so every band, bar, cross and dash drawn over the
        board -- a hint's chain, a drag's preview -- covered the rim, and on small cells, where the
        number fills the disc, the number: a 40x40 board at 640x400 hid most of its numbers under a
        hint's lines.) Touching islands have no water between them: their overlay crosses the rims
        (as their bridges do) but still stops short of the numbers."""
        (x0, y0), (x1, y1) = run.start, run.end
        ink = self.number_reach(run.horizontal) + 1
        if run.start_island and run.end_island and math.dist(run.start, run.end) < self.view.cell * 1.5:
            cut = max(self.view.cell * 0.28, ink)
        else:
            cut = max(self.radius, ink)
        dx, dy = (1, 0) if run.horizontal else (0, 1)
        if run.start_island:
            x0, y0 = x0 + dx * cut, y0 + dy * cut
        if run.end_island:
            x1, y1 = x1 - dx * cut, y1 - dy * cut
        return (x0, y0), (x1, y1)

    def _trimmed_runs(self, index: int) -> list[tuple[Run, Point, Point]]:
        """The runs of a line, trimmed (:meth:`_trim`), with those left no length dropped: a piece of
        a wrapped line between an island and the board's edge is shorter than the cut, and trimmed
        it turned round and ran back over the island's number."""
        out = []
        for run in self.line_runs(index):
            a, b = self._trim(run)
            if (b[0] - a[0]) + (b[1] - a[1]) >= 1:
                out.append((run, a, b))
        return out

    def number_reach(self, horizontal: bool) -> float:
        """How far the widest island number's ink reaches from the island's centre, across (``horizontal``:
        left and right) or up and down, at this cell size."""
        cell = self.view.cell
        cached = self._reach.get((cell, horizontal))
        if cached is None:
            centre = cell / 2
            boxes = []
            for n in range(1, 9):  # placed as the cell painting places an island's number
                glyph = self.glyph(str(n), self.number_size(cell), (255, 255, 255))
                at = glyph.get_rect(center=(centre, centre + 0.5))
                boxes.append(glyph.get_bounding_rect().move(at.topleft))
            if horizontal:
                cached = max(max(centre - b.left, b.right - centre) for b in boxes)
            else:
                cached = max(max(centre - b.top, b.bottom - centre) for b in boxes)
            self._reach[(cell, horizontal)] = cached
        return cached

    # -- overlays ------------------------------------------------------------------------------
    def band(self, surface: pygame.Surface, index: int, colour: tuple[int, int, int], alpha: int,
             width: float | None = None) -> None:
        """A translucent highlight along a line (hint, flash, preview background)."""
        width = width or self.view.cell * 0.62
        for run, (x0, y0), (x1, y1) in self._trimmed_runs(index):
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
        for run, (x0, y0), (x1, y1) in self._trimmed_runs(index):
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
        for _, (x0, y0), (x1, y1) in self._trimmed_runs(index):
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
        for _, (x0, y0), (x1, y1) in self._trimmed_runs(index):
            length = math.dist((x0, y0), (x1, y1))
            for t in (0.5,) if length < self.view.cell * 1.5 else (0.25, 0.5, 0.75):
                # Within the trimmed run and its row: a cross wider than what is left between two
                # islands' numbers (small cells) is drawn smaller, or not at all, never over them.
                arm = min(size, length * min(t, 1 - t) - width, self.view.cell / 2 - width)  # nor across the row
                if arm < 1:
                    continue
                mx, my = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                pygame.draw.line(surface, colour, (mx - arm, my - arm), (mx + arm, my + arm), width)
                pygame.draw.line(surface, colour, (mx - arm, my + arm), (mx + arm, my - arm), width)

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
