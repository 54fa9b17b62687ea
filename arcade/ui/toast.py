"""Toasts (ui): short messages near the bottom of the screen that stay long enough to read, then fade.

A scene says what an action did with ``toast.show(text, role)``; :class:`Toast` keeps the newest
few, draws them inside a status line (or stacked from the bottom of the menu) and never cuts one
off: a message too long for its corner spreads over the whole status line, and one too long even
for that is shown there a page at a time -- never over the board (a game's screen) -- or, where
there is nothing beneath to hide (the menu's corner), grows upwards.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from arcade.ui.paging import balanced_pages
from arcade.ui.text import fitting_prefix, wrap_text
from arcade.ui.theme import Theme


@dataclass
class _ToastMessage:
    text: str
    role: str
    remaining: float
    #: What the message is about, for :meth:`Toast.drop` ("level": the level on screen).
    tag: str = ""
    #: Seconds it has been up on screen (aged by :meth:`Toast.update`), for :meth:`Toast.drop_seen`.
    shown: float = 0.0
    #: Which page of a message longer than its status line is shown, and for how long it has been
    #: (see :meth:`Toast.draw` with ``pages``).
    page: int = 0
    page_shown: float = 0.0
    #: How long each of its pages stays up, as drawn last (one page: empty), for :meth:`Toast.click`.
    page_seconds: tuple[float, ...] = ()


#: The most lines a toast wraps onto; past them (a message of a hundred words) it is shortened.
TOAST_MAX_LINES = 8
#: Words a player reads per second: a long toast stays up long enough to be read.
READ_WORDS_PER_SECOND = 3.0
#: How long a message must have been up to count as seen (:meth:`Toast.drop_seen`).
SEEN_SECONDS = 1.0
#: The least time a page of a long toast stays up, however few its words.
PAGE_SECONDS = 2.5
#: The page marker of a long toast ("1/2 ▸"), as the status line's.
PAGE_MARKER = "{page}/{pages} ▸"


def reading_seconds(text: str) -> float:
    """How long a message must stay up to be read."""
    return len(text.split()) / READ_WORDS_PER_SECOND


class Toast:
    """Short messages that appear near the bottom of the screen and fade out."""

    def __init__(self, duration: float = 2.5) -> None:
        self.duration = duration
        self.messages: list[_ToastMessage] = []
        #: Where the messages were drawn last (one box each, newest first).
        self.boxes: list[pygame.Rect] = []
        #: The lines drawn in each box last (newest first).
        self.drawn_lines: list[list[str]] = []
        #: Whether the newest message was drawn a page at a time last ("1/2 ▸").
        self.paged = False
        #: A long message's pages, per text, width, lines a page and font (see :meth:`_pages`).
        self._paged: dict[tuple[str, int, int, int], list[list[str]]] = {}
        #: Whether the messages wait, neither drawn nor aged: a newer status text pages through the
        #: whole status line first (see :meth:`~arcade.ui.status_line.StatusLineMixin.draw_status_line`).
        self.held = False

    def show(self, text: str, role: str = "info", duration: float | None = None, *, tag: str = "") -> None:
        """Show ``text`` for ``duration`` seconds -- longer when it takes longer to read; ``tag``
        says what it is about (see :meth:`drop`)."""
        self.messages = [m for m in self.messages if m.text != text][-2:]
        seconds = max(duration or self.duration, reading_seconds(text))
        self.messages.append(_ToastMessage(text, role, seconds, tag))

    def drop(self, tag: str) -> bool:
        """Take away at once the messages tagged ``tag`` (no longer true); True if any went."""
        kept = [m for m in self.messages if m.tag != tag]
        dropped = len(kept) != len(self.messages)
        self.messages = kept
        return dropped

    def drop_seen(self, seconds: float = SEEN_SECONDS) -> bool:
        """Take away the messages already up for ``seconds`` (read, or as good as): a screen the
        player comes back to (the menu after a game) does not say its old news again -- its toast
        waits while covered, and the damaged settings file's start-up warning came back on the
        menu after every game. One the player had no time to see stays. True if any went."""
        kept = [m for m in self.messages if m.shown < seconds]
        dropped = len(kept) != len(self.messages)
        self.messages = kept
        return dropped

    @property
    def current(self) -> str:
        return self.messages[-1].text if self.messages else ""

    def click(self, pos: tuple[int, int]) -> bool:
        """A click at ``pos``: on a message drawn a page at a time, its next page (as a click turns
        the status line's); on its last page, or on a message of one, the message goes early -- a
        long toast's pages were turned by a reading pause only, the click on "1/2 ▸" did nothing.
        True if the click was on a message (what is drawn beneath must be drawn again)."""
        for box, m in zip(self.boxes, reversed(self.messages), strict=False):
            if not box.collidepoint(pos):
                continue
            if m.page + 1 < len(m.page_seconds):
                m.page += 1
                m.page_shown = 0.0
                m.remaining = sum(m.page_seconds[m.page:])
            else:
                self.messages.remove(m)
            return True
        return False

    def update(self, dt: float) -> bool:
        """Age the messages (not while :attr:`held`); True when one went (what is drawn beside them,
        e.g. a status line that made room for them, must be drawn again)."""
        if self.held:
            return False
        for m in self.messages:
            m.remaining -= dt
            m.shown += dt
            m.page_shown += dt
        count = len(self.messages)
        self.messages = [m for m in self.messages if m.remaining > 0]
        return len(self.messages) != count

    def width(self, theme: Theme, most: int) -> int:
        """The widest box the messages need, at most ``most`` pixels (a status line makes room for
        it); a message wider than that wraps onto a second line in :meth:`draw`."""
        font = theme.font(17)
        return max((min(most, font.size(theme.marked(m.role, m.text))[0] + 28) for m in self.messages),
                   default=0)

    @staticmethod
    def box_height(theme: Theme, lines: int) -> int:
        """How tall one message of ``lines`` lines stands (its box), so a screen can keep room for
        it (the menu keeps a line's under its cards)."""
        return theme.font(17).get_linesize() * lines + (14 if lines == 1 else 4)

    @classmethod
    def paged_area(cls, theme: Theme, band: pygame.Rect) -> pygame.Rect:
        """The part of ``band`` (at its bottom) to give :meth:`draw` with ``pages`` so that the newest
        message is drawn wholly inside ``band``, as many lines a page as it holds (one at least).
        A status line's area counts its lines a little generously (see :meth:`_area_lines`); a box
        taller than the area by more than that was not drawn at all, and one grown past it lay over
        what stood above (the menu's cards)."""
        lines = max([n for n in range(1, TOAST_MAX_LINES + 1) if cls.box_height(theme, n) <= band.height],
                    default=1)
        height = cls.box_height(theme, lines) - 2
        return pygame.Rect(band.x, band.bottom - height, band.width, height)

    def height(self, theme: Theme, width: int) -> int:
        """How tall the messages stand when drawn ``width`` pixels wide, each whole (0: none), so a
        screen can choose a place with room for them (see :meth:`draw`)."""
        boxes = [min(TOAST_MAX_LINES, len(wrap_text(theme, theme.marked(m.role, m.text), 17, width - 28)))
                 for m in self.messages]
        return sum(self.box_height(theme, n) for n in boxes) + 6 * max(0, len(boxes) - 1)

    @staticmethod
    def _area_lines(theme: Theme, area: pygame.Rect) -> int:
        """How many lines a toast has in ``area`` (a status line's corner): its two lines' height."""
        return max(1, (area.height + 4) // theme.font(17).get_linesize())

    def spreads(self, theme: Theme, area: pygame.Rect) -> bool:
        """Whether the newest message is too long for ``area`` (the status line's corner), so that
        :meth:`draw` spreads it over the whole status line: the line's own text is then covered,
        and a screen hides it while the message is up. (Drawn beneath, its first letters peeked
        out at the left of "Your unsaved board is kept as a draft…".)"""
        if not self.messages or area.width <= 0:
            return False
        m = self.messages[-1]
        lines = wrap_text(theme, theme.marked(m.role, m.text), 17, area.width - 28)
        return len(lines) > self._area_lines(theme, area)

    def draw(self, surface: pygame.Surface, theme: Theme, bottom: int, area: pygame.Rect | None = None,
             wide: pygame.Rect | None = None, *, spread: bool = True, top: int | None = None,
             pages: bool = False) -> None:
        """Newest message lowest. With ``area`` (a game's status line) toasts stay inside it, as many
        as fit; without, they stack up from ``bottom``. A message too long for the area is never
        cut: the newest takes the whole of ``wide`` (the status line, over its text for a while),
        and if that is not enough either, with ``pages`` (a game's screen) it is shown there a page
        at a time ("1/2 ▸"), each page up long enough to be read (:meth:`_turn_page`) -- it grew
        upwards over the board, and at 640x400 hid Hashi's bottom-right island and Runway's command
        pad for its few seconds. Without ``pages`` (the menu's corner, nothing beneath to hide) it
        grows upwards, as many lines as it needs (up to :data:`TOAST_MAX_LINES`). ("Your unsaved
        board is kept as a draft: Resume draft (D…" lost its words at 640x400, with no way to read
        them.) Not ``spread``, it keeps to the area's width: the status line's text beside it says
        something newer (Hashi's "Thinking…", hidden at 640x400 under "This puzzle has more than
        one solution")."""
        y = area.bottom if area is not None else bottom
        width = area.width if area is not None else surface.get_width() - 40
        centre = area.centerx if area is not None else surface.get_width() // 2
        font = theme.font(17)
        marker_font = theme.font(14, True)
        line_h = font.get_linesize()
        screen = surface.get_rect()
        self.boxes = []
        self.drawn_lines = []
        self.paged = False
        if self.held:
            return
        for k, m in enumerate(reversed(self.messages)):
            newest = k == 0
            alpha = max(0.0, min(1.0, m.remaining / 0.4))
            text = theme.marked(m.role, m.text)
            # In a status line a toast has its two lines' height (the replay path after Ctrl+S, the
            # torus notice's rotation keys were cut); elsewhere (the menu) as many as it needs.
            most = TOAST_MAX_LINES if area is None else self._area_lines(theme, area)
            wrap_w = width - 28
            lines = wrap_text(theme, text, 17, wrap_w)
            grow = area is not None and newest and len(lines) > most
            marker = ""
            m.page_seconds = ()
            if grow:
                # Wider (the whole status line), then a page at a time there, or taller.
                wrap_w = (max(width, (wide or area).width, min(screen.width - 24, 640)) if spread else width) - 28
                if pages:
                    wrap_w = min(wrap_w, (wide or area).width - 28) if spread else wrap_w
                lines = wrap_text(theme, text, 17, wrap_w)
                if pages and len(lines) > most:
                    wrap_w -= marker_font.size(PAGE_MARKER.format(page=8, pages=8))[0] + 8
                    chunks = self._pages(theme, text, wrap_w, most)
                    lines = chunks[self._turn_page(m, chunks)]
                    marker = PAGE_MARKER.format(page=m.page + 1, pages=len(chunks))
                    self.paged = newest
                elif not pages:
                    # As many lines as the window has room for above the area's bottom (the menu's
                    # area starts at the top: no room to grow there).
                    most = max(most, min(TOAST_MAX_LINES, (y - (screen.top if top is None else top) - 8) // line_h))
            lines = [_fit(font, line, wrap_w) for line in lines]
            if len(lines) > most:
                lines = [*lines[: most - 1], _fit(font, " ".join(lines[most - 1:]), wrap_w)]
            pad = 14 if len(lines) == 1 else 4
            marker_w = marker_font.size(marker)[0] + 8 if marker else 0
            w = max(font.size(line)[0] for line in lines) + marker_w
            box = pygame.Rect(0, 0, w + 28, line_h * len(lines) + pad)
            box.midbottom = (centre, y)
            if grow:
                assert area is not None
                if spread:  # from the status line's corner leftwards; not spread (the menu's), centred
                    box.right = min(max(area.right, box.width + 12), screen.right - 12)
                    box.left = max(box.left, 12)
            elif area is not None and box.top < area.top - 2:
                break
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(panel, (*theme["panel_light"], int(245 * alpha)), panel.get_rect(), border_radius=8)
            pygame.draw.rect(panel, (*theme[m.role], int(255 * alpha)), panel.get_rect(), width=2, border_radius=8)
            centre_x = (box.width - marker_w) // 2
            for i, line in enumerate(lines):
                image = font.render(line, True, theme["text"])
                image.set_alpha(int(255 * alpha))
                panel.blit(image, image.get_rect(midtop=(centre_x, pad // 2 + i * line_h)))
            if marker:
                image = marker_font.render(marker, True, theme["accent"])
                image.set_alpha(int(255 * alpha))
                panel.blit(image, image.get_rect(midright=(box.width - 14, box.height // 2)))
            surface.blit(panel, box)
            self.boxes.append(box)
            self.drawn_lines.append(lines)
            y = box.top - 6
            if grow:
                break

    def _pages(self, theme: Theme, text: str, width: int, most: int) -> list[list[str]]:
        """``text`` in even pages of ``most`` lines ``width`` pixels wide (a lone last word, cut
        greedily; see :func:`~arcade.ui.paging.balanced_pages`), worked out once, not every frame."""
        font = theme.font(17)
        key = (text, width, most, id(font))
        if key not in self._paged:
            if len(self._paged) > 8:
                self._paged.clear()
            self._paged[key] = balanced_pages(
                text, lambda words: [_fit(font, line, width) for line in wrap_text(theme, words, 17, width)], most)
        return self._paged[key]

    @staticmethod
    def _turn_page(m: _ToastMessage, chunks: list[list[str]]) -> int:
        """The page of ``m`` to show now: the next once the current one has been up long enough to
        read (:data:`READ_WORDS_PER_SECOND`, at least :data:`PAGE_SECONDS`), the last kept to the
        end; the message stays up until every page has had its time."""
        def seconds(chunk: list[str]) -> float:
            return max(PAGE_SECONDS, reading_seconds(" ".join(chunk)) + 1.0)

        m.page_seconds = tuple(seconds(chunk) for chunk in chunks)
        m.page = min(m.page, len(chunks) - 1)
        if m.page < len(chunks) - 1 and m.page_shown >= seconds(chunks[m.page]):
            m.page += 1
            m.page_shown = 0.0
        left = max(0.0, seconds(chunks[m.page]) - m.page_shown) + sum(seconds(c) for c in chunks[m.page + 1:])
        m.remaining = max(m.remaining, left)
        return m.page


def _fit(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    if font.size(text)[0] <= width:
        return text
    return fitting_prefix(text, width, lambda t: font.size(t)[0], "…").rstrip() + "…"
