"""The status line under the board (ui): one or two lines saying what just happened.

:class:`StatusLineMixin` is part of :class:`~arcade.ui.game_scene.GameScene`: ``say`` sets its text
and colour role; a hover text or the focused button's meaning takes its place while they last, and
dots follow it while the AI works. A text longer than two lines is shown two lines at a time, with
a page marker ("1/3 ▸"): a click on it or a reading pause turns the page, so every word of a long
hint is read rather than cut off with "…"; its pages are filled evenly (:mod:`arcade.ui.paging`),
never ending on a lone word. A text longer than three pages is cut into parts of
three, each ending "… (F4 reads on)": the key, or a click on its last page, shows the next. A
toast shares the line only where the text keeps its pages beside it (else it covers the line for
its few seconds, unless the text is newer than it); it is never drawn over the board. Wrapping
measures every word, so it is kept per text and width. It is drawn here too
(:meth:`StatusLineMixin.draw_status_line`), beside the scene's toast, which takes its right; it
reads the scene's ``app``, ``toast``, ``toolbar``, ``worker`` and ``_tooltip``, and
``status_rect`` is laid out by :meth:`GameScene.resize`.
"""

from __future__ import annotations

import pygame

from arcade.ui.console import wrap_line
from arcade.ui.paging import balanced_pages
from arcade.ui.text import draw_text, wrap_text
from arcade.ui.theme import Theme

#: Lines of the status line shown at once (a longer text shows a page at a time).
STATUS_LINES = 2
#: Room for two lines of status text: hints and refusals explain themselves in full sentences.
STATUS = 44
#: The most pages a status text takes at once: a longer one is cut into parts of at most this many,
#: each but the last ending with :data:`READ_ON` (see :meth:`StatusLineMixin.status_parts`).
STATUS_MAX_PAGES = 3
#: The key that shows the next part of a long status text (the line names it).
READ_ON_KEY = "F4"
#: How a part of a long status text ends: the key that reads on.
READ_ON = f"… ({READ_ON_KEY} reads on)"


class StatusLineMixin:
    """The status line of :class:`~arcade.ui.game_scene.GameScene`."""

    def _init_status_line(self) -> None:
        """The status line's state: its text and colour role, where it was drawn, the wrapping it
        reuses while the text and width stay, and which page of a long text it shows."""
        self.status_text = ""
        self.status_role = "text_dim"
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        #: The status line last drawn (traced for the end-to-end tests when it changes).
        self._traced_status = ""
        #: The status text last wrapped, at what width, and all its lines.
        self._status_cache: tuple[tuple[str, int], list[str]] = (("", 0), [])
        #: The text those are for, and its lines at each width asked for.
        self._status_wrapped = ""
        self._status_wraps: dict[int, list[str]] = {}
        #: Whether the status line drawn last needed more than its two lines (it shows them a page at
        #: a time): a game can then show the whole of it at once elsewhere (Hashi's caption).
        self.status_cut = False
        #: Which two lines of a long status text are shown (see :meth:`_status_lines`), and for how
        #: long they have been.
        self.status_page = 0
        self._status_page_time = 0.0
        #: Which part of a text longer than :data:`STATUS_MAX_PAGES` pages is shown, and the parts
        #: worked out last (for which text and width).
        self.status_part = 0
        #: Texts wrapped at each width (the status text's parts, each wrapped to find where to cut).
        self._word_wraps: dict[tuple[str, int], list[str]] = {}
        self._status_parts: dict[tuple[str, int], list[str]] = {}
        #: A part's lines in even pages (see :meth:`_paged_lines`), per text and width.
        self._status_paged: dict[tuple[str, int], list[str]] = {}
        self._parts_shown: list[str] = []
        #: The lines the status line drew last frame, and where its page marker ("1/3 ▸") was.
        self.status_shown: list[str] = []
        self.status_more_rect = pygame.Rect(0, 0, 0, 0)
        #: The status line's text part (left of a toast): a click there turns a long text's page.
        self.status_text_rect = pygame.Rect(0, 0, 0, 0)
        #: A key's end-of-range note on the line now ("This is the closest zoom.") and the words it
        #: covered, given back by the next step the other way (:meth:`drop_limit`).
        self._limit_text = ""
        self._before_limit: tuple[str, str] = ("", "text_dim")
        #: Whether the toast drawn this frame may spread over the whole status line (see
        #: :meth:`draw_status_line`).
        self.toast_spreads = True
        #: The newest toast and the text the line said when it came (see :meth:`draw_status_line`).
        self._toast_found: tuple[object, str] | None = None

    def say(self, text: str, role: str = "text_dim") -> None:
        """Set the status line (a refused move's reason, a hint, the watch step)."""
        self.status_text = text
        self.status_role = role
        self._dirty = True

    def say_limit(self, text: str) -> None:
        """Say that a key has reached the end of its range (the closest zoom), keeping the words it covers.

        Such a note is true only until the next step the other way: zoomed out again, the line
        still said "This is the closest zoom." -- and Tron's "Press an arrow … to start" it had
        covered was gone for good. :meth:`drop_limit` gives the line back.
        """
        if not (self._limit_text and self.status_text == self._limit_text):
            self._before_limit = (self.status_text, self.status_role)
        self._limit_text = text
        self.say(text)

    def drop_limit(self) -> None:
        """The key moved away from its end: the note said by :meth:`say_limit`, if the line still
        shows it, gives way to what the line said before it."""
        if self._limit_text and self.status_text == self._limit_text:
            self.say(*self._before_limit)
        self._limit_text = ""

    def _wrap_status(self, text: str, width: int) -> list[str]:
        """Every line of the status text wrapped to ``width`` (kept: wrapping measures every word). A
        new text starts again at its first page and part."""
        if self._status_wrapped != text:
            self._status_wrapped, self._status_wraps = text, {}
            self.status_page, self._status_page_time, self.status_part = 0, 0.0, 0
        if width not in self._status_wraps:
            self._status_wraps[width] = self._wrap_words(text, width)
        lines = self._status_wraps[width]
        self._status_cache = ((text, width), lines)
        return lines

    def _wrap_words(self, text: str, width: int) -> list[str]:
        """``text`` wrapped to ``width`` as the status line draws it (kept per text and width)."""
        key = (text, width)
        if key not in self._word_wraps:
            if len(self._word_wraps) > 512:
                self._word_wraps.clear()
            self._word_wraps[key] = self._wrap_afresh(text, width)
        return self._word_wraps[key]

    def _wrap_afresh(self, text: str, width: int) -> list[str]:
        """``text`` wrapped to ``width`` as the status line draws it, not kept (the pager tries many
        pieces of a text: kept, they would crowd out the wrappings worth keeping)."""
        assert self.app is not None
        font = self.app.theme.font(16)
        return [piece for line in wrap_text(self.app.theme, text, 16, width)
                # a word wider than the line (a replay's path) breaks rather than being cut off
                for piece in wrap_line(lambda part: font.size(part)[0] <= width, line, indent="")]

    def status_pages(self, lines: list[str]) -> int:
        """How many two-line pages ``lines`` take."""
        return max(1, -(-len(lines) // STATUS_LINES))

    def status_parts(self, text: str, width: int) -> list[str]:
        """``text`` cut into parts of at most :data:`STATUS_MAX_PAGES` pages at ``width``, each but the
        last ending with :data:`READ_ON` and each after the first starting with "…": the whole of it,
        a few pages at a time. At 640x400 a hint no margin beside the board held took twelve pages
        of the status line, turned every few seconds; now its first part is read, and the key the
        line names reads on (a click on the line turns its pages, part after part)."""
        if (text, width) in self._status_parts:
            return self._status_parts[(text, width)]
        room = width - self._status_marker_width()
        most = STATUS_MAX_PAGES * STATUS_LINES
        parts: list[str] = []
        rest = text
        while len(self._wrap_words(rest, room)) > most and len(parts) < 50:
            words = rest.split(" ")
            # Start from the words of the first pages, and drop words until the ending fits too.
            take = max(1, len(" ".join(self._wrap_words(rest, room)[:most]).split(" ")))
            while take > 1 and len(self._wrap_words(" ".join(words[:take]).rstrip() + READ_ON, room)) > most:
                take -= 1
            parts.append(" ".join(words[:take]).rstrip() + READ_ON)
            rest = "…" + " ".join(words[take:]).lstrip()
        parts.append(rest)
        if len(self._status_parts) > 8:
            self._status_parts.clear()
        self._status_parts[(text, width)] = parts
        return parts

    def _status_lines(self, text: str, width: int) -> list[str]:
        """The lines of the status text shown now: all of it when it takes two lines, else the current
        page of two of the current part (:meth:`status_parts`). A long hint used to end in "…"
        after two lines at 1024x640 -- its fix and the end of its reason ("… numbered on the board;
        remove the mark") never shown; now every word is shown, a page at a time (a click on the
        line, or a reading pause, turns it)."""
        lines = self._wrap_status(text, width)
        if len(lines) <= STATUS_LINES:
            return lines
        parts = self._parts_shown = self.status_parts(text, width)
        self.status_part %= len(parts)
        lines = self._paged_lines(parts[self.status_part], width - self._status_marker_width())
        self._status_cache = ((parts[self.status_part], width - self._status_marker_width()), lines)
        self.status_page %= self.status_pages(lines)
        page = lines[self.status_page * STATUS_LINES:(self.status_page + 1) * STATUS_LINES]
        while len(page) > 1 and not page[-1]:
            page.pop()  # a short page's padding (see :meth:`_paged_lines`)
        return page

    def _paged_lines(self, text: str, width: int) -> list[str]:
        """``text`` wrapped to ``width`` and split into even pages of :data:`STATUS_LINES` lines
        (:func:`~arcade.ui.paging.balanced_pages`: cut greedily, a hint's last page was its "it)"),
        every page but the last padded with empty lines to :data:`STATUS_LINES`, so that page ``n``
        is ``lines[n * STATUS_LINES:]`` (kept per text and width, as the wrapping)."""
        key = (text, width)
        if key not in self._status_paged:
            pages = balanced_pages(text, lambda words: self._wrap_afresh(words, width), STATUS_LINES)
            padded = [line for page in pages[:-1] for line in (page + [""] * STATUS_LINES)[:STATUS_LINES]]
            if len(self._status_paged) > 16:
                self._status_paged.clear()
            self._status_paged[key] = padded + pages[-1]
        return list(self._status_paged[key])

    def _pages_at(self, text: str, width: int) -> int:
        """How many pages the status line takes for ``text`` at ``width``, every part counted."""
        if len(self._wrap_words(text, width)) <= STATUS_LINES:
            return 1
        room = width - self._status_marker_width()
        return sum(self.status_pages(self._paged_lines(part, room)) for part in self.status_parts(text, width))

    def _status_marker_width(self) -> int:
        assert self.app is not None
        return self.app.theme.font(14, True).size("88/88 ▸")[0] + 12

    def turn_status_page(self, read_on: bool = False) -> None:
        """Show the next two lines of a long status text (from the last, the first again). A reading
        pause keeps to the part shown; a click (``read_on``) goes on from its last page to the next
        part's first. Turned from its last page, a toast that waited for the text has its turn."""
        every = self._status_cache[1]
        if self.toast.held and (not self.status_cut or self.status_page + 1 >= self.status_pages(every)):
            # The text has been read through: the toast that waited has its turn, over the line.
            self._toast_found = (self.toast.messages[-1], self.status_text)
            self.toast.held = False
            self._dirty = True
            if not self.status_cut:
                return
        if read_on and self.status_reads_on and self.status_page + 1 >= self.status_pages(every):
            self.read_on()
            return
        self.status_page += 1
        self._status_page_time = 0.0
        self._dirty = True

    @property
    def status_reads_on(self) -> bool:
        """The status line shows a part of a text longer than :data:`STATUS_MAX_PAGES` pages."""
        return self.status_cut and len(self._parts_shown) > 1

    @property
    def status_paged(self) -> bool:
        """The status line, or a toast in it, shows a page at a time now ("1/2 ▸"): the keys table
        then says a click turns it."""
        return self.status_cut or self.toast.paged

    def read_on(self) -> None:
        """The next part of a long status text (from the last, the first again), at its first page."""
        self.status_part += 1
        self.status_page, self._status_page_time = 0, 0.0
        self._dirty = True

    def status_line(self) -> tuple[str, str]:
        """What the status line shows and its role: a hover text, else what the button in the keyboard's
        focus does, else the last message (dots while the AI works)."""
        if self._tooltip:
            return self._tooltip, "text_dim"
        focused = self.toolbar.focused_tooltip()
        if focused:
            return focused, "text_dim"
        if self.worker.busy:
            dots = "." * (1 + pygame.time.get_ticks() // 300 % 3)
            text = f"{self.status_text.rstrip('…')}{dots}" if self.status_text else f"Thinking{dots}"
            return text, self.status_role
        return self.status_text, self.status_role

    def _toast_may_spread(self, theme: Theme, corner: pygame.Rect) -> bool:
        """Whether the newest toast, too long for its ``corner``, spreads over the whole status line
        and hides its text: only over the text it found there when it came, and never while the AI
        works. At 640x400 Hashi's "more than one solution" notice covered "Thinking…", and a hint's
        answer arriving under a notice would have been hidden too; the toast then keeps to its
        corner, a page at a time (see :meth:`~arcade.ui.toast.Toast.draw`)."""
        if not self.toast.spreads(theme, corner):
            return False
        assert self._toast_found is not None
        return not self.worker.busy and self._toast_found[1] == self.status_text

    def _toast_waits(self, theme: Theme, marked: str, corner: pygame.Rect, text_w: int) -> bool:
        """Whether the toast waits its turn (neither drawn nor aged) while the status text, newer than
        it, has the whole line: both too long for their share, they were paged side by side ("1/3 ▸"
        beside "1/2 ▸" at 640x400, a hint asked for under the torus notice), cramped and busy. The
        toast has its turn once the text's pages have been read (:meth:`turn_status_page`); a toast
        newer than the text covers it instead (:meth:`_toast_may_spread`)."""
        if not (self.toast.messages and marked) or self.toast_spreads or self.worker.busy:
            return False
        assert self._toast_found is not None
        if self._toast_found[1] == self.status_text:
            return False
        return self.toast.spreads(theme, corner) and len(self._wrap_words(marked, text_w)) > STATUS_LINES

    def _toast_room(self, marked: str) -> int:
        """The most of the status line's width a toast takes beside ``marked`` (the line's text):
        45 %, or all that a text short enough for one line in the rest leaves (the whole line
        beside none), so that a long notice beside "Thinking…" is not squeezed into pages."""
        assert self.app is not None
        width = self.status_rect.width
        if not marked:
            return width
        one_line = self.app.theme.font(16).size(marked)[0]
        return max(int(width * 0.45), width - one_line - 24) if one_line <= width * 0.55 - 12 else int(width * 0.45)

    def draw_status_line(self, surface: pygame.Surface) -> pygame.Rect:
        """Draw the status line (a page of its text, with the page marker of a long one) beside the
        toast, which takes its right; the rect the toast is drawn in (see :meth:`GameScene.draw`)."""
        assert self.app is not None
        theme = self.app.theme
        text, role = self.status_line()
        if text != self._traced_status and not self.worker.busy:
            self._traced_status = text
            self.app.trace(f"status {text}")
        # A toast takes the right of the status line and the text wraps in what is left: they used
        # to overlap, and hiding the text instead hid a failed test's reason behind "passed 0/13".
        # A text short enough for one line leaves the toast the rest ("Thinking…" beside a notice).
        marked = theme.marked(role, text) if text else ""
        toast_w = self.toast.width(theme, self._toast_room(marked)) if self.toast.messages else 0
        text_w = self.status_rect.width - (toast_w + 12 if toast_w else 0)
        toast_area = pygame.Rect(self.status_rect.right - toast_w, self.status_rect.y, toast_w, self.status_rect.height)
        newest = self.toast.messages[-1] if self.toast.messages else None
        if self._toast_found is None or self._toast_found[0] is not newest:
            self._toast_found = (newest, self.status_text)
        self.toast_spreads = self._toast_may_spread(theme, toast_area)
        self.toast.held = self._toast_waits(theme, marked, toast_area, text_w)
        if self.toast.held:
            toast_w, text_w = 0, self.status_rect.width
            toast_area = pygame.Rect(self.status_rect.right, self.status_rect.y, 0, self.status_rect.height)
        if (toast_w and marked and not self.toast_spreads and not self.worker.busy
                and self._toast_found[1] == self.status_text
                and self._pages_at(marked, text_w) != self._pages_at(marked, self.status_rect.width)):
            # Wrapped beside the toast, the text took more pages: a hint's chain step, cut to three
            # pages, took four while a toast was up. Words the toast found there it covers for its
            # few seconds, their page held (as a toast too long for its corner does). Newer words (a
            # hint asked for under a notice) are not covered: they wrap beside it for its few
            # seconds. (The toast stood above the line instead, over the board's bottom edge.)
            self.toast_spreads = True
        if self.toast_spreads:
            # A toast too long for the corner spreads over the whole line: the text, wrapped for the
            # corner's room, peeked out at its left ("Cl" before "Your unsaved board is kept…").
            # It is hidden while the toast is up, its pages held, and comes back whole after.
            text, text_w = "", 0
        self.status_cut = False
        self.status_shown = self._parts_shown = []
        self.status_more_rect = pygame.Rect(0, 0, 0, 0)
        self.status_text_rect = pygame.Rect(self.status_rect.x, self.status_rect.y, text_w, self.status_rect.height)
        if text:
            colour = theme[role] if role != "text_dim" else theme["text_dim"]
            lines = self.status_shown = self._status_lines(marked, text_w)
            every = self._status_cache[1]
            self.status_cut = len(every) > STATUS_LINES or len(self._parts_shown) > 1
            step = theme.px(20)
            top = self.status_rect.centery - step * len(lines) // 2
            for i, line in enumerate(lines):
                draw_text(surface, theme, line, (self.status_rect.x, top + step * i), size=16, colour=colour,
                          max_width=text_w)
            if self.status_cut:
                marker = f"{self.status_page + 1}/{self.status_pages(every)} ▸"
                self.status_more_rect = draw_text(surface, theme, marker, (self.status_rect.x + text_w, top + step),
                                                  size=14, bold=True, colour=theme["accent"], anchor="midright")
        return toast_area
