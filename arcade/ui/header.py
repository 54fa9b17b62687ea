"""A game scene's header (ui): the title at the left, the game's facts at the right.

:class:`HeaderMixin` is part of :class:`~arcade.ui.game_scene.GameScene`: the band at the top of
every game screen shows the game's and level's title (shortened to the room left, see
:func:`~arcade.ui.formatting.header_title`) and the facts a game lists in :meth:`status_fields`
(moves and clock by default; Tron draws its score its own way), with "✗ Not saved" while the
autosave fails. It is separate because a game varies it only through those hooks, and the
contract tests read what it drew (``header_shown``, ``header_fields_rect``). It reads the scene's
``app``, ``info``, ``front``, ``session``, ``clock_text`` and ``owns_save``; ``header_rect`` is
laid out by :meth:`GameScene.resize`.
"""

from __future__ import annotations

import pygame

from arcade.services import saves
from arcade.ui.formatting import header_title
from arcade.ui.text import draw_text

#: The header's height at a UI scale of 1.
HEADER = 52


class HeaderMixin:
    """The header of :class:`~arcade.ui.game_scene.GameScene`."""

    def _init_header(self) -> None:
        """The header's rect, where its facts and title were last drawn and the room the title had."""
        self.header_rect = pygame.Rect(0, 0, 0, 0)
        #: Where the header's facts were last drawn (the title must end left of them).
        self.header_fields_rect = pygame.Rect(0, 0, 0, 0)
        #: The title the header last drew (see :func:`header_title`) and the pixels it had.
        self.header_shown = ""
        self.header_room = 0

    @property
    def level_title(self) -> str:
        """The level's name in the header and the menu's Continue: the picker's title, never a
        file id ("huge-room" is "Huge room"), see :meth:`GameFront.level_title`."""
        return self.front.level_title(self.session.level, self.session.level_id)

    @property
    def header_keep(self) -> tuple[str, ...]:
        """Endings of :attr:`level_title` that a header too narrow for it keeps, shortening the
        title before them instead (see :func:`header_title`); none by default."""
        return ()

    def status_fields(self) -> list[str]:
        """Short facts for the header's right side (moves, timer, score...)."""
        return [f"Moves {self.session.index}", self.clock_text]

    def draw_status_fields(self, surface: pygame.Surface, pos: tuple[int, int], room: int) -> pygame.Rect:
        """Draw :meth:`status_fields` in the header, right-aligned at ``pos`` and at most ``room``
        pixels wide (the title keeps the rest); the rect drawn (Tron sets its score apart from the
        players' names).

        Every field is drawn whole or not at all: wider than ``room``, the first fields go (the zoom
        comes first in every game's list; the clock and counters last). Cut at the room's end, a
        zoomed Battle Royale's clock read "0…" at 640x400."""
        assert self.app is not None
        fields = self.status_fields()
        measure = self.app.theme.font(18).size
        while len(fields) > 1 and measure("   ".join(fields))[0] > room:
            fields = fields[1:]
        return draw_text(surface, self.app.theme, "   ".join(fields), pos, size=18, anchor="midright",
                         colour=self.app.theme["text"], max_width=room)

    def header_title_least(self, width: int) -> int:
        """The pixels the title keeps at least beside the facts in a header ``width`` wide: its
        first word and "…" (the whole title if shorter). The facts' numbers come first -- the title
        is shortened before a clock or a counter is cut. Tron keeps more (see its override)."""
        assert self.app is not None
        font = self.app.theme.font(22, True)
        title = self.level_title or self.info.title
        words = title.split()
        first = font.size(words[0] + "…")[0] if words else 0
        return min(font.size(title)[0], first, width // 4)

    def draw_header(self, surface: pygame.Surface) -> None:
        """The header: the game's and level's title at the left, :meth:`draw_status_fields` at the
        right (and "✗ Not saved" while the autosave fails), the title shortened to the room they leave."""
        assert self.app is not None
        theme = self.app.theme
        pygame.draw.rect(surface, theme["panel"], self.header_rect)
        pygame.draw.line(surface, theme["grid"], self.header_rect.bottomleft, self.header_rect.bottomright)
        # The title keeps its first word (see header_title_least); the facts the rest they need.
        title_least = self.header_title_least(self.header_rect.width)
        fields_rect = self.draw_status_fields(surface, (self.header_rect.right - 16, self.header_rect.centery),
                                              max(0, self.header_rect.width - 16 - 16 - 40 - title_least))
        if self.owns_save() and saves.save_failure(self.info.name):
            # Lasting, not a toast: until a save succeeds, quitting would lose the moves since.
            fields_rect = draw_text(surface, theme, "✗ Not saved", (fields_rect.left - 20, self.header_rect.centery),
                                    size=18, bold=True, anchor="midright", colour=theme["error"])
        self.header_fields_rect = fields_rect
        room = self.header_room = max(80, fields_rect.left - 40)
        font = theme.font(22, True)
        self.header_shown = header_title(self.info.title, self.level_title, room, lambda text: font.size(text)[0],
                                         self.header_keep)
        draw_text(surface, theme, self.header_shown, (16, self.header_rect.centery), size=22, bold=True,
                  anchor="midleft", max_width=room)
