"""A vertical scroll over a column taller than its view (ui): the offset, the wheel, "bring this
into view", and the thin bar beside it.

How to play, the pause screen's keys and the level picker each kept their own offset, clamp and
bar (one scrolled by unscaled pixels, one by lines, one by rows; one had no bar), and the Tron
setup (17 rows with four programs at 640x400) and the tournament's round list needed the same
again, so it lives here once. Content is laid out in content pixels from 0; a thing at content
``top`` is drawn at ``view.y + top - offset``.

Every column scrolls alike: a wheel notch is :data:`NOTCH_LINES` of its lines, PgUp/PgDn a view
less one line (the line at the edge stays in sight), Home/End to either end (:meth:`Scroll.keys`).
A column of rows that wrap onto two lines gives their tops (``stops``): every scroll then ends
with a row's first line at the top, never its second line alone.
"""

from __future__ import annotations

import pygame

from arcade.ui.text import wholly_inside
from arcade.ui.theme import Theme

#: Lines of a column a wheel notch scrolls (How to play, the pause keys, the pickers, the rounds).
NOTCH_LINES = 3
#: The keys :meth:`Scroll.keys` takes: a page either way, and either end.
PAGE_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
END_KEYS = (pygame.K_HOME, pygame.K_END)


class Scroll:
    """The offset of a column of ``content`` pixels seen through ``view`` (a screen rectangle)."""

    def __init__(self) -> None:
        self.offset = 0
        self.content = 0
        self.view = pygame.Rect(0, 0, 0, 0)
        #: The content tops a scroll may stop at (each row's first line), sorted; empty: any pixel.
        self.stops: list[int] = []

    def fit(self, view: pygame.Rect, content: int, stops: list[int] | None = None) -> None:
        """The view and the content's height after a layout; the offset is kept, within the new
        bounds (on a row's top, with ``stops``: the tops of the column's rows, see :attr:`stops`)."""
        self.view = pygame.Rect(view)
        self.content = max(0, content)
        self.stops = sorted(set(stops or []))
        self.offset = self._snap(max(0, min(self.offset, self.most)), forward=False)

    @property
    def most(self) -> int:
        """The largest offset: the content's end at the view's bottom (0 when it all fits). With
        :attr:`stops`, the first row top at or past that, so the end shows whole rows from its top
        (a little room under the last one): How to play's keys stopped with a wrapped key's second
        line alone at the top, its first line and its key above the view."""
        end = max(0, self.content - self.view.height)
        return min((stop for stop in self.stops if stop >= end), default=end) if end else 0

    def _snap(self, offset: int, *, forward: bool) -> int:
        """``offset`` moved onto a row's top: the next one scrolling down, the one before up."""
        if not self.stops or offset in (0, self.most):
            return offset
        if forward:
            return min((stop for stop in self.stops if stop >= offset), default=offset)
        return max((stop for stop in self.stops if stop <= offset), default=offset)

    def by(self, pixels: int) -> bool:
        """Scroll ``pixels`` down (up when negative), onto a row's top; True if the offset changed.

        With :attr:`stops`, the last row top the scroll reaches (down) or passes (up), so a page
        never skips a row: a two-line row cut at the view's bottom (so not drawn) and half past
        the page's end was stepped over, shown in neither view. A step shorter than the row at the
        top goes on to the next row, so every scroll moves."""
        before = self.offset
        target = max(0, min(self.offset + pixels, self.most))
        if self.stops and target not in (0, self.most):
            if pixels > 0:
                reached = [stop for stop in self.stops if before < stop <= target]
                target = max(reached) if reached else self._snap(target, forward=True)
            else:
                passed = [stop for stop in self.stops if target <= stop < before]
                target = min(passed) if passed else self._snap(target, forward=False)
        self.offset = max(0, min(target, self.most))
        return self.offset != before

    def wheel(self, event: pygame.event.Event, step: int) -> bool:
        """A mouse-wheel event scrolls ``step`` pixels a notch; True if it moved anything."""
        return event.type == pygame.MOUSEWHEEL and self.by(-step * int(event.y))

    def keys(self, event: pygame.event.Event, line: int, *, ends: bool = True) -> bool:
        """PgUp/PgDn scroll a view less one ``line`` (what was at the edge stays in sight), Home/End
        to the top or the end (only with ``ends``: the pause panel's Home/End move its buttons).
        True if the key is one of these and the content scrolls at all -- a column that fits leaves
        the key to its screen."""
        if event.type != pygame.KEYDOWN or not self.most:
            return False
        page = max(line, self.view.height - line)
        if event.key in PAGE_KEYS:
            self.by(page if event.key == pygame.K_PAGEDOWN else -page)
        elif ends and event.key in END_KEYS:
            self.offset = 0 if event.key == pygame.K_HOME else self.most
        else:
            return False
        return True

    @property
    def more(self) -> bool:
        """Whether there is more below the view (a "↓ more" hint is worth drawing)."""
        return self.offset < self.most

    def reveal(self, top: int, height: int) -> bool:
        """Scroll just enough that content from ``top``, ``height`` tall, is wholly in view (its top
        first when it is taller than the view): keyboard focus moved below the view's edge stayed
        out of sight. True if the offset changed."""
        before = self.offset
        if top < self.offset or height > self.view.height:
            self.offset = top
        elif top + height > self.offset + self.view.height:
            self.offset = top + height - self.view.height
        self.offset = max(0, min(self.offset, self.most))
        return self.offset != before

    def screen_y(self, top: int) -> int:
        """Where content ``top`` is drawn on the screen."""
        return self.view.y + top - self.offset

    def shows(self, top: int, height: int) -> bool:
        """Whether content from ``top``, ``height`` tall, is wholly in view (only that is drawn or
        clickable: never half a row)."""
        return wholly_inside(self.screen_y(top), height, self.view)

    def draw_bar(self, surface: pygame.Surface, theme: Theme, x: int) -> None:
        """A thin track at ``x`` beside the view with a knob for the part shown (nothing when it all fits)."""
        if not self.most:
            return
        track = pygame.Rect(x, self.view.y, 4, self.view.height)
        pygame.draw.rect(surface, theme["panel_light"], track, border_radius=2)
        knob_h = max(20, track.height * self.view.height // max(1, self.content))
        knob_y = track.y + (track.height - knob_h) * self.offset // self.most
        pygame.draw.rect(surface, theme["accent"], (track.x, knob_y, 4, knob_h), border_radius=2)
