"""Hashi's "bridges still needed" badges (view): where a badge fits beside an island's number, and drawing it.

Once some of an island's bridges are built, a small disc at its cell's corner says how many are
still needed (or "+n" too many). :class:`CueBadgeMixin` is part of
:class:`~arcade.games.hashi.view.painter.BoardPainter`; the functions size a disc around the
text's real ink, so the digits fit whole and never touch the number. Badges are drawn over the
board's overlays each frame, not into the cached cells. It is separate because the fitting is a
subject of its own (font metrics, pills, overhangs), tested on its own.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from arcade.games.hashi.logic import Puzzle
from arcade.ui.gridview import GridView
from arcade.ui.theme import Theme

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


class CueBadgeMixin:
    """The badges of :class:`~arcade.games.hashi.view.painter.BoardPainter` (see the module)."""

    view: GridView
    theme: Theme | None
    puzzle: Puzzle
    _display_keys: list[Hashable]
    number_rect: Callable[[pygame.Rect, int], pygame.Rect]
    glyph: Callable[[str, int, tuple[int, int, int]], pygame.Surface]
    shift: tuple[int, int]
    board: Callable[[tuple[int, int]], tuple[int, int]]

    def cue_badge(self, rect: pygame.Rect, number: int, text: str) -> CueBadge | None:
        """Where the "bridges still needed" badge ``text`` goes for the island in cell ``rect``, or
        None when no legible badge fits beside its number.

        The badge sits at the cell's lower right corner (overhanging it by :func:`cue_overhang`:
        that corner of the cell is water), its text at least :data:`CUE_MIN_TEXT` pixels, smaller
        until the disc clears every island's number (:meth:`number_boxes`). The disc is sized from
        the text's ink as the font's metrics give it, so the glyphs fit whole: at 1024x640 the old
        badge was sized from a guess, the digit filled it and lost its bottom. (At 800x600 a 9-pixel badge half over the
        number made a "6" read as "64".)"""
        assert self.theme is not None
        s = rect.width
        if s < CUE_MIN_CELL:
            return None
        corner = rect.right + cue_overhang(s), rect.bottom + cue_overhang(s)
        # Every number near the corner, not only the island's own: where islands touch or stand a
        # cell apart the corner is a neighbour's too (the step badges keep clear of them alike).
        near = rect.inflate(s, s)
        numbers = [self.number_rect(rect, number), *(box for box in self.number_boxes() if box.colliderect(near))]
        for size in range(self.cue_size(s), CUE_MIN_TEXT - 1, -1):
            ink = text_ink(self.theme.font(size, bold=True, fixed=True), text)
            disc = disc_around(ink.width, ink.height)
            disc.bottomright = corner
            if min(disc_distance(disc, box) for box in numbers) < disc.height / 2 + 1:
                continue  # it would touch a number: try smaller text
            at = (round(disc.centerx - ink.width / 2) - ink.x, round(disc.centery - ink.height / 2) - ink.y)
            return CueBadge(disc, size, at, ink.move(at))
        return None

    #: The number boxes last worked out (:meth:`number_boxes`) and the layout they are for.
    _number_boxes: tuple[object, list[pygame.Rect]] = (None, [])

    def number_boxes(self) -> list[pygame.Rect]:
        """The ink of every visible island's number on screen, for badges drawn over the board to
        keep clear of (a hint's step badge sat on a neighbour's number on dense boards). Kept while
        the layout and the display's rotation stay."""
        view = self.view
        key = (self.puzzle, tuple(view.board_rect), view.cell, self.shift, view.visible_cells())
        if self._number_boxes[0] != key:
            top, bottom, left, right = view.visible_cells()
            boxes = []
            for r in range(top, bottom):
                for c in range(left, right):
                    island = self.puzzle.island_at.get(self.board((r, c)))
                    if island is not None:
                        boxes.append(self.number_rect(view.cell_rect((r, c)), self.puzzle.islands[island].number))
            self._number_boxes = (key, boxes)
        return self._number_boxes[1]

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
