"""Hashi's cell painting (view): what each cell's key looks like -- islands, bridges, marks.

:class:`CellPaintMixin` is part of :class:`~arcade.games.hashi.view.painter.BoardPainter`. The
board is drawn Tatham's way: every cell gets a *key* describing exactly what it shows (an
island's number, state and bridge stubs; the bridges and marks crossing a water cell), and
:class:`~arcade.ui.gridview.GridView` repaints only cells whose key changed, through
:meth:`~CellPaintMixin.paint`. This module is the painting of those keys into the cached board
(and the palette and glyph cache it paints with); the painter computes the keys. It is separate
because it is what a cell looks like, apart from where cells are and what moves over them.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from arcade.core.topology import Cell
from arcade.ui.gridview import GridView
from arcade.ui.theme import Theme, blend

#: A line's key in a cell: (bridges, marked "no bridge", style n/w/x, shown as possible).
LineKey = tuple[int, bool, str, bool]

ORDER = "NESW"


class CellPaintMixin:
    """The cached board's painting of :class:`~arcade.games.hashi.view.painter.BoardPainter` (see the module)."""

    view: GridView
    theme: Theme | None
    shift: Cell
    radius: float
    _col: dict[str, tuple[int, int, int]]
    _glyphs: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface]

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
