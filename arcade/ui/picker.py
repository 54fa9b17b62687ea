"""A list picker overlay (ui): choose a level, a map, a bot, a size -- by mouse, wheel or keys.

Games push a :class:`PickerScene` with :class:`Choice` items; picking one calls
``on_pick(choice)`` after the overlay closes. Long lists scroll (wheel, PgUp/PgDn,
Home/End), typing letters jumps to the first matching title, Esc cancels. Header rows
(``Choice(header=True)``) title the groups and cannot be picked.

:func:`level_choices` is the one level list every game's picker shows: the bundled
groups in the order the game declares, a header per group, a solved mark and the best
result from the records on each level.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from arcade.core.game import LevelEntry
from arcade.core.registry import GameInfo
from arcade.ui.formatting import format_record
from arcade.ui.overlays import draw_backdrop, draw_panel
from arcade.ui.pointer import HAND
from arcade.ui.scene import Scene
from arcade.ui.scrolling import NOTCH_LINES, Scroll
from arcade.ui.text import draw_text, wrap_whole


@dataclass(frozen=True)
class Choice:
    """One row of a :class:`PickerScene`; ``value`` is what the picker's caller gets back in ``on_pick`` (the
    picker never looks at it), so one picker serves levels, maps, bots and sizes.
    """

    title: str
    subtitle: str = ""
    value: Any = None
    #: A short tag drawn at the right (difficulty, size, "solved ✓").
    tag: str = ""
    role: str = "text_dim"
    #: A group heading: drawn differently, skipped by the keys, never picked.
    header: bool = False


#: The group of the level picker's *Saved replays* row (:func:`arcade.ui.replays.picker_entry`).
REPLAYS_GROUP = "replays"


def level_groups(info: GameInfo, entries: list[LevelEntry]) -> list[tuple[str, list[LevelEntry]]]:
    """``entries`` by group, in the order the picker lists them: the saved replays first, under their
    own heading (at the end of Tron's thirty-odd maps a player looking for them scrolled through every
    one), then the game's declared groups."""
    order = {name: i for i, name in enumerate(info.level_groups)}
    order[REPLAYS_GROUP] = -1
    first_seen: dict[str, int] = {}
    for i, entry in enumerate(entries):
        first_seen.setdefault(entry.group, i)
    groups = sorted(first_seen, key=lambda g: (order.get(g, len(order)), first_seen[g]))
    return [(group, [e for e in entries if e.group == group]) for group in groups]


def next_level(info: GameInfo, entries: list[LevelEntry], level_id: str) -> LevelEntry | None:
    """The level after ``level_id`` as the picker lists them -- the game's groups in their declared
    order (Runway's example, then easy, medium, hard), skipping files that do not load; None after
    the last or for a level that is not one of ``entries`` (a random or pasted board)."""
    playable = [e for _group, members in level_groups(info, entries) for e in members if not e.error]
    for i, entry in enumerate(playable):
        if entry.id == level_id:
            return playable[i + 1] if i + 1 < len(playable) else None
    return None


def level_choices(info: GameInfo, entries: list[LevelEntry], records: dict[str, float],
                  current: str) -> tuple[list[Choice], int]:
    """Picker rows for ``entries``: grouped in the game's declared order, with headers and best results."""
    grouped = level_groups(info, entries)
    choices: list[Choice] = []
    selected = -1
    for group, members in grouped:
        if group and len(grouped) > 1:
            choices.append(Choice(group.replace("-", " ").capitalize(), header=True))
        for entry in members:
            if entry.error:
                choices.append(Choice(entry.title, entry.error, entry, tag="damaged", role="error"))
                continue
            best = records.get(entry.record_key) if entry.record_key else None
            if best is not None:
                what = info.record.what if info.record else "best"
                done = f"✓ {what} {format_record(info, best)}"
                tag, role = (f"{entry.tag} · {done}" if entry.tag else done), "good"  # the grade stays
            else:
                tag, role = entry.tag, "text_dim"
            if entry.id == current and selected < 0:
                selected = len(choices)
            choices.append(Choice(entry.title, entry.subtitle, entry, tag=tag, role=role))
    if selected < 0:
        selected = next((i for i, c in enumerate(choices) if not c.header), 0)
    return choices, selected


class PickerScene(Scene):
    """An overlay list: pick a :class:`Choice` by click, wheel or keys; ``on_pick`` gets it, Esc calls
    ``on_cancel``. The one chooser every game's level, map, bot and size lists open.
    """
    overlay = True
    #: A row's height in pixels: 46 at the design size, set at the window's UI scale on every resize.
    ROW = 46
    #: The title's type size on one line, and the smaller size it takes when it needs more than one.
    TITLE_SIZE = 26
    TITLE_WRAPPED_SIZE = 20

    def __init__(
        self,
        title: str,
        choices: list[Choice],
        on_pick: Callable[[Choice], None],
        *,
        selected: int = 0,
        on_cancel: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self._title = title
        self.choices = choices
        self.on_pick = on_pick
        self.on_cancel = on_cancel
        self.selected = max(0, min(selected, len(choices) - 1))
        if self.choices and self.choices[self.selected].header:
            self.selected = self._pickable(self.selected, 1)
        #: The list's scroll, in pixels, always whole rows (:attr:`scroll` is the first row shown).
        self.rows = Scroll()
        #: Where the pointer last was (a wheel event carries no position).
        self.pointer: tuple[int, int] | None = None
        self._placed = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        #: Where each line of the title was last drawn (tests check they stay inside the panel).
        self.title_rects: list[pygame.Rect] = []
        #: The selected row opened out over its neighbours when its description is too long for
        #: one line (a damaged replay's reason), and that description's lines, as last drawn
        #: (empty when it fits): see :meth:`_draw_opened`.
        self.opened = pygame.Rect(0, 0, 0, 0)
        self.opened_lines: list[str] = []
        self._opened_row = -1

    @property
    def scroll(self) -> int:
        """The first row shown: the list scrolls by whole rows, so none is ever drawn cut."""
        return self.rows.offset // self.ROW

    @scroll.setter
    def scroll(self, row: int) -> None:
        self.rows.offset = row * self.ROW  # clamped by the caller's _keep_visible / _settle

    @property
    def title(self) -> str:
        return self._title

    @title.setter
    def title(self, text: str) -> None:
        """A new title is laid out again: the level picker's re-ask ("pick 11 · Mandatory sacrifices
        again to throw away this game (1 move made)") was twice the dialog's width, drawn over both
        of its edges."""
        self._title = text
        if self.app is not None and self.size != (0, 0):
            self.resize(self.size)

    def title_lines(self, width: int) -> tuple[list[str], int]:
        """The title in lines that fit ``width`` pixels, and their type size: one line at the
        full size when it fits, else wrapped whole at a smaller size (nothing cut)."""
        assert self.app is not None
        theme = self.app.theme
        if theme.font(self.TITLE_SIZE, True).size(self._title)[0] <= width:
            return [self._title], self.TITLE_SIZE
        return wrap_whole(theme, self._title, self.TITLE_WRAPPED_SIZE, width, True), self.TITLE_WRAPPED_SIZE

    def _title_height(self, width: int) -> int:
        if self.app is None:
            return 30
        lines, size = self.title_lines(width)
        return len(lines) * self.app.theme.font(size, True).get_linesize()

    @property
    def visible_rows(self) -> int:
        return max(1, self.list_rect.height // self.ROW)

    def resize(self, size: tuple[int, int]) -> None:
        first = self.scroll  # the same first row after the UI scale changes the row's height
        super().resize(size)
        px = self.app.theme.px if self.app is not None else int  # the list grows with its text
        self.ROW = px(type(self).ROW)
        width = min(px(720), size[0] - 40)
        # The list is placed as for a one-line title; a title of several lines (the level picker's
        # re-ask) grows the panel upwards into the margin above it, so the rows stay where they
        # were: the re-ask moved every row down by half its extra line, and a second click aimed
        # at the row just picked landed on the one above. Only what that margin cannot hold moves
        # the list down (and, past the window's bottom, takes rows off its end).
        rows = min(len(self.choices), max(3, (size[1] - px(200)) // self.ROW))
        self.panel = pygame.Rect(0, 0, width, px(90) + rows * self.ROW + px(40))
        self.panel.center = (size[0] // 2, size[1] // 2)
        extra = max(0, self._title_height(width - 32) - px(30))
        grow = min(extra, max(0, self.panel.y - px(4)))
        self.panel.y -= grow
        list_top = self.panel.y + px(70) + extra
        while rows > 1 and list_top + rows * self.ROW + px(40) > size[1] - px(4) and extra > grow:
            rows -= 1
        self.panel.height = list_top + rows * self.ROW + px(40) - self.panel.y
        self.list_rect = pygame.Rect(self.panel.x + 16, list_top, width - 32, rows * self.ROW)
        self.rows.fit(self.list_rect, len(self.choices) * self.ROW)
        self.scroll = first
        if not self._placed:  # on opening, the current row sits mid-list: the ones after it show too
            self.scroll = self.selected - self.visible_rows // 2
            self._placed = True
        self._keep_visible()
        if self.app is not None:  # where each shown row is, for end-to-end tests (no-op without a trace file)
            for index, rect in self.rows_in_view():
                self.app.trace(f"picker-row {rect.x} {rect.y} {rect.width} {rect.height} {self.choices[index].title}")

    def rows_in_view(self) -> list[tuple[int, pygame.Rect]]:
        """The rows drawn at the current scroll, with where: a group heading comes with its first
        row or not at all (:func:`wholly_inside` over both) -- at 800x600 "MEDIUM" stood at the
        list's bottom edge with its first level cut off below it, a heading over nothing."""
        shown = []
        for index in range(self.scroll, min(len(self.choices), self.scroll + self.visible_rows)):
            top = index * self.ROW
            rect = pygame.Rect(self.list_rect.x, self.rows.screen_y(top), self.list_rect.width, self.ROW - 4)
            follows = index + 1 < len(self.choices) and not self.choices[index + 1].header
            if self.rows.shows(top, 2 * self.ROW - 4 if self.choices[index].header and follows else rect.height):
                shown.append((index, rect))
        return shown

    def select(self, index: int) -> None:
        """Highlight row ``index`` and bring it into view, mid-list (the level picker's re-ask
        highlighted the level asked about while showing the rows around the current one: at
        640x400 "1 / 17" was counted under rows 09-11)."""
        self.selected = index
        self.scroll = index - self.visible_rows // 2
        self._keep_visible()

    def follow(self, other: PickerScene, index: int) -> None:
        """Show the rows ``other`` showed, row ``index`` highlighted: the level picker's re-ask opens
        a new picker, which centred the row asked about -- it jumped from under the pointer, and
        the second click, aimed where it had been, picked another level or missed."""
        self.scroll = other.scroll
        self.selected = index
        self._keep_visible()

    def _keep_visible(self) -> None:
        """Bring the highlighted row into view; a group's first row comes with its title (Home
        showed no "Small")."""
        before = self.scroll
        titled = 0 < self.selected < self.scroll and self.choices[self.selected - 1].header  # going up
        top = (self.selected - titled) * self.ROW
        self.rows.reveal(top, (1 + titled) * self.ROW)
        self._settle(self.scroll - before)

    def _settle(self, direction: int, *, keep_selected: bool = True) -> None:
        """Clamp the scroll to the list, and never leave a heading as the top row below the list's
        start: a heading is drawn low in its row, the gap above it parting two groups, so on top
        a wheel or a key left the list starting on blank space. Going down (``direction`` > 0) the
        scroll goes one row on, past the heading (the group's first level on top); going up, or with
        no room further on, one row back (the previous group's last level above the heading); and
        if that would hide the highlighted row, one row on even at the list's end (the room is left
        below its last row) -- each only while the highlighted row stays in view (``keep_selected``; after the wheel the
        highlight follows the rows shown instead)."""
        self.rows.by(0)  # within the list
        last = self.rows.most // self.ROW
        if not 0 < self.scroll < len(self.choices) or not self.choices[self.scroll].header:
            return
        on, back = self.scroll + 1, self.scroll - 1
        shows_on = not keep_selected or on <= self.selected
        if direction > 0 and on <= last and shows_on:
            self.scroll = on
        elif not keep_selected or self.selected < back + self.visible_rows:
            self.scroll = back
        elif shows_on:  # at the list's end: its last slot is left empty, below the list, not above it
            self.scroll = on

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        if self._opened_row == self.selected and self.opened.collidepoint(pos):  # opened out over its neighbours
            return self.selected
        index = self.scroll + (pos[1] - self.list_rect.y) // self.ROW
        return index if 0 <= index < len(self.choices) else None

    def pointer_shape(self, pos: tuple[int, int]) -> str:
        """A hand over a row a click picks (not over a header)."""
        row = self._row_at(pos)
        if row is not None and not self.choices[row].header:
            return HAND
        return super().pointer_shape(pos)

    def _pickable(self, index: int, direction: int) -> int:
        """The nearest row from ``index`` in ``direction`` that is not a header (or ``index`` itself)."""
        i = index
        while 0 <= i < len(self.choices) and self.choices[i].header:
            i += direction
        if 0 <= i < len(self.choices):
            return i
        i = index
        while 0 <= i < len(self.choices) and self.choices[i].header:
            i -= direction
        return i if 0 <= i < len(self.choices) else index

    def _select_after_scroll(self) -> None:
        """After a wheel scroll the highlight is the row under the pointer, or else the nearest
        shown row: the selection stayed on a row scrolled out of view, the footer counted it and
        Enter opened it, unseen."""
        row = self._row_at(self.pointer) if self.pointer is not None else None
        if row is not None and not self.choices[row].header:
            self.selected = row
            return
        end = min(len(self.choices), self.scroll + self.visible_rows) - 1
        if self.scroll <= self.selected <= end:
            return
        edge, direction = (self.scroll, 1) if self.selected < self.scroll else (end, -1)
        candidate = self._pickable(edge, direction)
        if self.scroll <= candidate <= end:
            self.selected = candidate

    def pick(self, index: int) -> None:
        assert self.app is not None
        choice = self.choices[index]
        if choice.header:
            return
        self.close()
        self.on_pick(choice)

    def cancel(self) -> None:
        self.close()
        if self.on_cancel:
            self.on_cancel()

    def move(self, delta: int) -> None:
        if self.choices:
            target = max(0, min(len(self.choices) - 1, self.selected + delta))
            self.selected = self._pickable(target, 1 if delta >= 0 else -1)
            self._keep_visible()
            if self.selected < self.visible_rows and all(c.header for c in self.choices[: self.selected]):
                # The first row (Home): the list's top, its heading with it. Opened lower, Tron's
                # and Runway's lists left "Replays" above the Saved replays row out of view.
                self.scroll = 0

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = tuple(event.pos)
            row = self._row_at(event.pos)
            if row is not None and not self.choices[row].header:
                self.selected = row
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self._row_at(event.pos)
            if row is not None:
                self.pick(row)
            elif not self.panel.collidepoint(event.pos):
                self.cancel()
        elif event.type == pygame.MOUSEWHEEL:
            before = self.scroll
            self.rows.wheel(event, NOTCH_LINES * self.ROW)
            self._settle(self.scroll - before, keep_selected=False)  # the wheel's highlight follows
            self._select_after_scroll()
        elif event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows,
                pygame.K_PAGEDOWN: self.visible_rows, pygame.K_HOME: -len(self.choices),
                pygame.K_END: len(self.choices),
            }
            if event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.choices:
                self.pick(self.selected)
            elif event.key in keys:
                self.move(keys[event.key])
            elif event.unicode and event.unicode.isprintable():
                letter = event.unicode.lower()
                order = list(range(self.selected + 1, len(self.choices))) + list(range(self.selected + 1))
                for i in order:
                    if not self.choices[i].header and self.choices[i].title.lower().startswith(letter):
                        self.selected = i
                        self._keep_visible()
                        break
        return True

    def is_idle(self) -> bool:
        return True

    def footer(self) -> str:
        """The keys line under the list: where the selection is when it scrolls, and always how to pick or
        leave -- with the mouse too where the line has room (a mouse player had no word that a click
        outside the panel leaves it, and no Cancel button to see)."""
        keys, mouse = "Enter pick · Esc cancel", "click or Enter pick · click outside or Esc cancel"
        if len(self.choices) <= self.visible_rows:
            lines = [mouse, keys]
        else:
            # Counted as the player counts: levels, not the group titles between them.
            number = sum(not c.header for c in self.choices[: self.selected + 1])
            where = f"{number} / {sum(not c.header for c in self.choices)}"
            lines = [f"{where} · wheel scroll · {mouse}", f"{where} · wheel or PgUp/PgDn scroll · {keys}",
                     f"{where} · {keys}"]
        if self.app is None:
            return lines[0]
        font = self.app.theme.font(14)
        # A narrow window keeps what matters: where the list is, and how to pick or leave.
        return next((line for line in lines if font.size(line)[0] <= self.panel.width - 24), lines[-1])

    def draw(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        px = theme.px
        draw_backdrop(surface)
        draw_panel(surface, theme, self.panel)
        lines, size = self.title_lines(self.panel.width - 32)
        height = theme.font(size, True).get_linesize()
        self.title_rects = [draw_text(surface, theme, line, (self.panel.centerx, self.panel.y + px(20) + i * height),
                                      size=size, bold=True, anchor="midtop") for i, line in enumerate(lines)]
        self.opened, self.opened_lines = pygame.Rect(0, 0, 0, 0), []
        for index, rect in self.rows_in_view():
            choice = self.choices[index]
            if choice.header:
                draw_text(surface, theme, choice.title.upper(), (rect.x + 4, rect.bottom - 6), size=15, bold=True,
                          colour=theme["accent"], anchor="bottomleft")
                pygame.draw.line(surface, theme["grid"], (rect.x, rect.bottom - 1), (rect.right, rect.bottom - 1))
                continue
            if index == self.selected:
                pygame.draw.rect(surface, theme["panel_light"], rect, border_radius=8)
                pygame.draw.rect(surface, theme["accent"], rect, width=1, border_radius=8)
            tag_rect = draw_text(surface, theme, choice.tag, (rect.right - 12, rect.centery), size=15,
                                 colour=theme[choice.role], anchor="midright") if choice.tag else None
            right = (tag_rect.left if tag_rect else rect.right) - 12
            if choice.subtitle:
                draw_text(surface, theme, choice.title, (rect.x + 12, rect.y + px(13)), size=17, bold=True,
                          anchor="midleft", max_width=right - rect.x - 12)
                draw_text(surface, theme, choice.subtitle, (rect.x + 12, rect.y + px(31)), size=13,
                          colour=theme["text_dim"], anchor="midleft", max_width=right - rect.x - 12)
            else:
                draw_text(surface, theme, choice.title, (rect.x + 12, rect.centery), size=17, bold=True,
                          anchor="midleft", max_width=right - rect.x - 12)
        selected = next((rect for index, rect in self.rows_in_view() if index == self.selected), None)
        if selected is not None and not self.choices[self.selected].header:
            self._draw_opened(surface, self.choices[self.selected], selected)
        self.rows.draw_bar(surface, theme, self.list_rect.right + 4)
        draw_text(surface, theme, self.footer(), (self.panel.centerx, self.panel.bottom - 14), size=14,
                  colour=theme["text_dim"], anchor="midbottom", max_width=self.panel.width - 24)

    def _draw_opened(self, surface: pygame.Surface, choice: Choice, rect: pygame.Rect) -> None:
        """The selected row, opened out over the rows below it (above, at the list's foot) when its
        description is too long for its one line: the whole of it, wrapped. A damaged replay's
        reason in Runway's Saved replays was cut with "…" at 640x400, the part that said what was
        wrong lost. The other rows keep their one line; a click on the opened row picks it."""
        assert self.app is not None
        theme = self.app.theme
        px = theme.px
        tag_w = theme.font(15).size(choice.tag)[0] + 12 if choice.tag else 0
        room = rect.width - 24 - tag_w
        if not choice.subtitle or theme.font(13).size(choice.subtitle)[0] <= room:
            return
        lines = wrap_whole(theme, choice.subtitle, 13, rect.width - 24)
        line_h = theme.font(13).get_linesize()
        need = px(24) + len(lines) * line_h + px(6)
        # Whole rows high: a row half under it showed its words' lower half below its edge.
        opened = pygame.Rect(rect.x, rect.y, rect.width, -(-(need + 4) // self.ROW) * self.ROW - 4)
        opened.height = min(opened.height, self.list_rect.height)
        opened.bottom = min(opened.bottom, self.list_rect.bottom)
        opened.top = max(opened.top, self.list_rect.top)
        pygame.draw.rect(surface, theme["panel_light"], opened, border_radius=8)
        pygame.draw.rect(surface, theme["accent"], opened, width=1, border_radius=8)
        tag_rect = draw_text(surface, theme, choice.tag, (opened.right - 12, opened.y + px(13)), size=15,
                             colour=theme[choice.role], anchor="midright") if choice.tag else None
        right = (tag_rect.left if tag_rect else opened.right) - 12
        draw_text(surface, theme, choice.title, (opened.x + 12, opened.y + px(13)), size=17, bold=True,
                  anchor="midleft", max_width=right - opened.x - 12)
        shown = max(1, (opened.bottom - opened.y - px(24)) // line_h)
        for i, line in enumerate(lines[:shown]):
            draw_text(surface, theme, line, (opened.x + 12, opened.y + px(24) + i * line_h), size=13,
                      colour=theme["text_dim"], anchor="topleft")
        self.opened, self.opened_lines, self._opened_row = opened, lines[:shown], self.selected
