"""The Hashi editor's side panel under its buttons (view): the live verdict, explained.

:class:`VerdictPanelMixin` is part of :class:`~arcade.games.hashi.view.editor.EditorScene`. It lays
out and draws what the solver said about the board -- the size line, the verdict's headline and
words, the rules the explained solve used, the proven fix, and the solution pictures (two side by
side for "2+ solutions", their differing lines marked) -- inside the panel at every window size.
It is separate because it reads as one subject: it uses the scene's ``panel_rect``,
``panel_buttons``, ``draft``, ``verdict``, ``verdict_puzzle``, ``fix``, ``fix_state`` and
``verdict_worker``, and the board's own line and centre drawing (``_draw_line``, ``_centre``, in
:mod:`~arcade.games.hashi.view.editor_drawing`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from arcade.core.grid import size_name
from arcade.games.hashi.editing import Draft
from arcade.games.hashi.logic import Puzzle
from arcade.games.hashi.verdict import Verdict
from arcade.ui.text import draw_text, wrap_text

#: The side panel's inner padding, and the height of one line of its 16-pixel text.
PANEL_PAD = 10
LINE = 20
#: A solution picture's cells are at least this many pixels (else the picture is left out), and
#: it gets up to this height before the rules list takes the rest.
PICTURE_MIN_CELL = 2
PICTURE_WANT = 160
#: Between the two pictures of "2+ solutions".
PICTURE_GAP = 10
ROLE = {"empty": "text_dim", "none": "error", "unique": "good", "many": "warning"}


class VerdictPanelMixin:
    """The side panel's verdict of :class:`~arcade.games.hashi.view.editor.EditorScene`."""

    app: Any
    panel_rect: pygame.Rect

    def _draw_solution(self, surface: pygame.Surface, theme: Any, board: pygame.Rect, puzzle: Puzzle,
                       bridges: tuple[int, ...], differ: frozenset[int]) -> None:
        """A solution's picture filling ``board`` (laid out by :meth:`panel_items`)."""
        d = Draft(puzzle.rows, puzzle.cols, puzzle.topology)
        cell = max(1, board.width // d.cols)
        pygame.draw.rect(surface, theme["panel_light"], board)
        for index, count in enumerate(bridges):
            if count:
                colour = theme["warning"] if index in differ else theme["text"]
                self._draw_line(surface, colour, board, cell, puzzle, index, count, d, 2 if index in differ else 1)
            elif index in differ:
                self._draw_line(surface, theme["warning"], board, cell, puzzle, index, 1, d, 1)
        for island in puzzle.islands:
            centre = self._centre(board, cell, island.pos)
            pygame.draw.circle(surface, theme["panel"], centre, max(1, cell * 2 // 5))
            pygame.draw.circle(surface, theme["text_dim"], centre, max(1, cell * 2 // 5), 1)
            if cell >= 14:
                draw_text(surface, theme, str(island.number), centre, size=max(9, int(cell * 0.45)),
                          anchor="center", fixed=True)

    def panel_items(self) -> list[PanelItem]:
        """Everything the side panel shows under its buttons, placed: the size line, the verdict's
        headline, its words, the rules used, the fix, and the solution pictures with their captions.

        All of it lies inside the panel at every window size: a picture is scaled to the room
        left (its cells down to :data:`PICTURE_MIN_CELL` pixels), the rules list gives way to it
        ("… and 3 more"), and what still does not fit is left out -- at 800x500 "The solution"
        sat on the panel's border with the picture cut off below it (its cells never went under 3
        pixels, 120 for a 40x40 board, whatever the room).
        """
        assert self.app is not None
        theme = self.app.theme
        panel = self.panel_rect
        x, width = panel.x + PANEL_PAD, panel.width - 2 * PANEL_PAD
        bottom = panel.bottom - PANEL_PAD
        line_h = theme.px(LINE)  # a line of 16-pixel text at the window's UI scale
        items: list[PanelItem] = []

        def text(line: str, y: int, size: int, role: str = "text", bold: bool = False) -> int:
            w, h = theme.font(size, bold).size(line)
            items.append(PanelItem("text", pygame.Rect(x, y, min(w, width), h), line, size, role, bold))
            return y + h + 1

        d, v, puzzle = self.draft, self.verdict, self.verdict_puzzle
        text(f"Size {size_name(d.cols, d.rows)} · {d.topology.value}", panel.y + 8, 16, "text_dim")
        y = max(b.rect.bottom for b in self.panel_buttons) + 12 if self.panel_buttons else panel.y + 110
        if v is None:
            text("Asking the solver…", y, 18, "text_dim")
            return items
        role = ROLE[v.kind]
        busy = " …" if self.verdict_worker.busy else ""
        # The headline wraps to a second line rather than lose its end: at 800x500 with the largest
        # text "Not a puzzle yet" read "Not a puzzle …".
        for part in wrap_text(theme, f"{theme.glyph(role)} {v.headline}{busy}".strip(), 22, width, bold=True)[:2]:
            y = text(part, y, 22, role, bold=True)
        y += 3
        words = self._verdict_words(theme, v, width)
        pictures, picture_w, need = _solutions_to_picture(v, puzzle, width)
        caption = theme.font(14).get_linesize()
        keep, rules_room = _share_room(bottom - y, len(words) * line_h, line_h, caption, need, bool(pictures))
        if not keep:
            pictures = []
            if v.kind == "many":  # "two shown" over no pictures, and the fix cut off under the count
                words = self._verdict_words(theme, v, width, room_lines=(bottom - y) // line_h)
        shown = words + _rules_lines(theme, v, width, rules_room)
        if len(shown) * line_h > bottom - y:
            shown = _fit_lines(shown, (bottom - y) // line_h)
        for line in shown:
            items.append(PanelItem("text", pygame.Rect(x, y, min(width, theme.font(16).size(line)[0]), line_h - 1),
                                   line, 16, "text"))
            y += line_h
        if pictures:
            assert puzzle is not None  # pictures are only chosen for a puzzle
            items += _picture_items(theme, pictures, v, puzzle, pygame.Rect(x, y + 4, picture_w, bottom - y - 4),
                                    caption)
        return items

    def _verdict_words(self, theme: Any, v: Verdict, width: int, room_lines: int | None = None) -> list[str]:
        """The verdict's explanation wrapped to the panel, and for several solutions what the fix
        search found so far: the proven fix, that it is still looking, or that no small change works.

        ``room_lines`` is given when the solution pictures are left out (the least windows): the
        differences are then said to be highlighted on the board, not "two shown", and when the
        lines do not all fit the fix is shown, whole, without the count -- it was cut to "Change the 3 at row 1,
        column 1 to 1 and the 3 …", and the author could not read what F would do."""
        detail = v.detail
        if v.kind == "many" and room_lines is not None:
            n = len(v.differ)
            detail = f"the solutions differ on {n} line{'s' if n != 1 else ''}, highlighted on the board"
        words = wrap_text(theme, detail, 16, width) if detail else []
        after: list[str] = []
        if v.kind == "many":
            if self.fix is not None:
                after = wrap_text(theme, f"Fix (proven, F applies it): {self.fix.text}.", 16, width)
            elif self.fix_state == "searching":
                after = ["Searching for a change that makes it unique…"]
            elif self.fix_state == "none":
                after = wrap_text(theme, "No single small change makes it unique: add islands or change numbers "
                                  "where the two solutions differ (highlighted).", 16, width)
        if room_lines is not None and len(words) + len(after) > room_lines:
            return after  # the differing lines are highlighted on the board, which says it without words
        return words + after

    def _draw_panel(self, surface: pygame.Surface, theme: Any, puzzle: Puzzle | None, v: Verdict | None) -> None:
        panel = self.panel_rect
        pygame.draw.rect(surface, theme["panel"], panel, border_radius=8)
        for button in self.panel_buttons:
            button.toggled = button.label.lower() == self.draft.topology.value
            button.draw(surface, theme, 15)
        for item in self.panel_items():
            if item.kind == "picture":
                if puzzle is not None:
                    self._draw_solution(surface, theme, item.rect, puzzle, item.bridges, item.differ)
                continue
            draw_text(surface, theme, item.text, item.rect.topleft, size=item.size, bold=item.bold,
                      colour=theme[item.role], max_width=max(1, item.rect.width))


@dataclass(frozen=True)
class PanelItem:
    """One thing the editor's side panel shows, where (see :meth:`VerdictPanelMixin.panel_items`)."""

    kind: str  # "text", "caption" or "picture"
    rect: pygame.Rect
    text: str = ""
    size: int = 16
    role: str = "text"
    bold: bool = False
    bridges: tuple[int, ...] = ()
    differ: frozenset[int] = frozenset()


def _solutions_to_picture(v: Verdict, puzzle: Puzzle | None, width: int) -> tuple[list[tuple[int, ...]], int, int]:
    """The solutions the panel draws -- a unique puzzle's one, or the two that show a puzzle has
    several, side by side in ``width`` -- with one picture's width and the least height a picture
    needs (cells of :data:`PICTURE_MIN_CELL` pixels). None without the puzzle they belong to, nor
    when the panel is too narrow for such cells."""
    pictures = [] if puzzle is None else \
        list(v.solutions[:1]) if v.kind == "unique" else list(v.solutions) if v.kind == "many" else []
    across = 1 if len(pictures) < 2 else 2
    picture_w = (width - PICTURE_GAP * (across - 1)) // across
    need = PICTURE_MIN_CELL * max(puzzle.rows, puzzle.cols) if puzzle is not None else 0
    if pictures and picture_w < need:
        pictures = []
    return pictures, picture_w, need


def _share_room(room: int, words_h: int, line_h: int, caption: int, need: int, pictures: bool) -> tuple[bool, int]:
    """Whether the solution pictures keep their place under the verdict's words, and how many lines
    the rules list then gets: the pictures take at least their smallest size (``need`` pixels and
    a caption), half the room when there is plenty, and the rules have what is left."""
    left = room - words_h
    if pictures and left >= 4 + caption + need:
        keep = 4 + caption + max(need, min(PICTURE_WANT, left // 2))
        return True, max(0, (left - keep) // line_h)
    return False, left // line_h


def _rules_lines(theme: Any, v: Verdict, width: int, room_lines: int) -> list[str]:
    """The rules used in the explained solve within ``room_lines`` lines: one rule a line when they
    all fit, else sharing lines ("Rules used: Pigeonhole 493 · Capacity 271 · …"), cut with "…"."""
    if not v.rules:
        return []
    # Wrapped like every other line of the panel: a narrow, tall one (640x1400) has room for a rule
    # a line but not for the heading's width, drawn cut to "Rules used in the explaine…".
    rules = [*wrap_text(theme, "Rules used in the explained solve:", 16, width),
             *("  " + part for rule, count in v.rules
               for part in wrap_text(theme, f"{rule}: {count}", 16, width - theme.font(16).size("  ")[0]))]
    if len(rules) <= room_lines:
        return rules
    if room_lines <= 0:
        return []
    compact = wrap_text(theme, "Rules used: " + " · ".join(f"{rule} {count}" for rule, count in v.rules), 16, width)
    cut = compact[:room_lines]
    return cut if len(cut) == len(compact) else [*cut[:-1], cut[-1] + " …"]


def _picture_items(theme: Any, pictures: list[tuple[int, ...]], v: Verdict, puzzle: Puzzle, area: pygame.Rect,
                   caption: int) -> list[PanelItem]:
    """The solution pictures side by side in ``area`` (its width is one picture's), each under its
    caption and scaled to whole cells; on several solutions the lines that differ are marked."""
    items = []
    area_h = area.height - caption
    names = ["The solution"] if len(pictures) == 1 else ["Solution A", "Solution B"]
    for k, (bridges, name) in enumerate(zip(pictures, names)):
        left = area.x + k * (area.width + PICTURE_GAP)
        w = theme.font(14).size(name)[0]
        label = pygame.Rect(0, area.y, min(w, area.width), caption)
        label.centerx = left + area.width // 2
        items.append(PanelItem("caption", label, name, 14, "text_dim"))
        cell = min(area.width // puzzle.cols, area_h // puzzle.rows)
        board = pygame.Rect(0, area.y + caption, cell * puzzle.cols, cell * puzzle.rows)
        board.centerx = left + area.width // 2
        items.append(PanelItem("picture", board, bridges=bridges,
                               differ=v.differ if v.kind == "many" else frozenset()))
    return items


def _fit_lines(lines: list[str], room: int) -> list[str]:
    """``lines`` cut to ``room`` lines, the last one ending in "…" when some were left out."""
    if len(lines) <= room:
        return lines
    return [*lines[: room - 1], lines[room - 1] + " …"] if room > 0 else []
