"""The program console (ui): outside programs' stderr, shown live beside the board, like CodinGame's.

A bot author debugs by printing to stderr; the console shows those lines as they arrive
and, when a replay is scrubbed, the lines written up to the turn on screen. It is built
from replay :class:`~arcade.services.replays.Turn` rows (one per move, each holding every
player's stderr lines), so a live game, a saved replay and a test run all feed it alike.
The panel is toggled by a key the game declares (``C``) and takes the right part of the
board area while shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from arcade.services.replays import Turn
from arcade.ui.text import draw_text, wrap_text
from arcade.ui.theme import Theme

#: At most this many lines are gathered for the panel (the newest; older ones scroll away).
KEEP = 200
#: Width of the panel: a share of the board area, within these bounds (pixels).
MIN_WIDTH, MAX_WIDTH, SHARE = 240, 420, 0.3
LINE = 17


def console_lines(turns: Sequence[Turn], upto: int, names: Sequence[str], keep: int = KEEP) -> list[tuple[int, str]]:
    """``(player, text)`` of the stderr written in turns ``0 .. upto-1`` (the newest ``keep``), each line
    led by its turn number and, with several players, the player's tag from ``names``: ``12 [1] depth 7``."""
    out: list[tuple[int, str]] = []
    for number in range(min(upto, len(turns)) - 1, -1, -1):
        turn = turns[number]
        block: list[tuple[int, str]] = []
        for player, lines in enumerate(turn.stderr):
            tag = f"[{names[player]}] " if len(names) > 1 and player < len(names) else ""
            block += [(player, f"{number + 1:>3} {tag}{line}") for line in lines]
        out[:0] = block
        if len(out) >= keep:
            break
    return out[-keep:]


def wrap_line(fits: Callable[[str], bool], text: str, indent: str = "    ") -> list[str]:
    """One stderr line in pieces that each ``fits``: broken at a space where one is near the end,
    else anywhere (a traceback's path has no space); the pieces after the first are indented.
    The console cut every long line at "…", so a traceback could not be read."""
    pieces: list[str] = []
    rest, lead = text, ""
    while rest:
        if fits(lead + rest):
            pieces.append(lead + rest)
            break
        low, high = 1, len(rest)  # the longest prefix that fits (at least one character)
        while low < high:
            mid = (low + high + 1) // 2
            if fits(lead + rest[:mid]):
                low = mid
            else:
                high = mid - 1
        cut = low
        space = rest.rfind(" ", 0, cut + 1)
        if space > cut // 2:
            cut = space + 1
        pieces.append(lead + rest[:cut].rstrip(" "))
        rest, lead = rest[cut:], indent
    return pieces or [""]


class ConsolePanel:
    """The console's state (shown or not) and drawing; the scene gives it the lines to show."""

    def __init__(self, shown: bool = False, *, min_width: int = MIN_WIDTH, max_width: int = MAX_WIDTH,
                 share: float = SHARE) -> None:
        self.shown = shown
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.min_width, self.max_width, self.share = min_width, max_width, share
        #: Screen lines scrolled back from the newest (the wheel over the panel); 0 follows new output.
        self.scroll = 0
        self._pointer: tuple[int, int] | None = None
        #: (text, width) -> its wrapped pieces: the panel is drawn every frame of a live round.
        self._wrapped: dict[tuple[str, int], list[str]] = {}
        #: The title's wording drawn last (see :meth:`fitting_title`).
        self.title_shown = ""

    def handle(self, event: pygame.event.Event) -> bool:
        """The wheel over the panel scrolls back through older lines (the start of a long traceback
        had scrolled out of sight for good); True if it used the event."""
        if event.type == pygame.MOUSEMOTION:
            self._pointer = tuple(event.pos)  # type: ignore[assignment]
            return False
        if (event.type == pygame.MOUSEWHEEL and self.shown and self._pointer is not None
                and self.rect.collidepoint(self._pointer)):
            self.scroll = max(0, self.scroll + 3 * int(event.y))
            return True
        return False

    def fitting_title(self, theme: Theme, title: str | Sequence[str]) -> str:
        """The first of ``title``'s wordings that fits the console's width (the last one otherwise)."""
        wordings = [title] if isinstance(title, str) else list(title)
        font = theme.font(15, bold=True)
        return next((text for text in wordings if font.size(text)[0] <= self.rect.width - 20), wordings[-1])

    def split(self, area: pygame.Rect) -> pygame.Rect:
        """Take the console's part of ``area`` (when shown) and return what is left for the board."""
        if not self.shown or area.width < 2 * self.min_width:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return area
        width = max(self.min_width, min(self.max_width, int(area.width * self.share)))
        self.rect = pygame.Rect(area.right - width, area.y, width, area.height)
        return pygame.Rect(area.x, area.y, area.width - width - 8, area.height)

    def draw(self, surface: pygame.Surface, theme: Theme, lines: Sequence[tuple[int, str]],
             title: str | Sequence[str], empty: str = "No stderr output yet.") -> None:
        """``title``: one text, or wordings longest first -- the first that fits is drawn whole (a
        narrow console cut "Console — codingame_straight.py stderr" to "Console — codingame…")."""
        rect = self.rect
        if not self.shown or rect.width == 0:
            return
        pygame.draw.rect(surface, theme["panel"], rect, border_radius=8)
        pygame.draw.rect(surface, theme["panel_light"], rect, width=1, border_radius=8)
        self.title_shown = self.fitting_title(theme, title)
        draw_text(surface, theme, self.title_shown, (rect.x + 10, rect.y + 8), size=15, bold=True,
                  max_width=rect.width - 20)
        top = rect.y + 32
        rows = max(0, (rect.bottom - 8 - top) // LINE)
        if not lines:
            # Wrapped, as the lines are: a narrow console (800 pixels wide) cut Tron's "No stderr yet
            # (a program's stderr shows here)." to "No stderr yet (a program's stde…".
            for i, piece in enumerate(wrap_text(theme, empty, 13, rect.width - 20)[:max(1, rows)]):
                draw_text(surface, theme, piece, (rect.x + 10, top + i * LINE), size=13, colour=theme["text_dim"],
                          max_width=rect.width - 20)
            return
        roles = {-1: "text_dim", 0: "text", 1: "highlight"}
        font, room = theme.font(13), rect.width - 20
        shown: list[tuple[int, str]] = []  # the newest lines, wrapped, as many as the panel holds
        for player, text in reversed(lines):
            if len(shown) >= rows + self.scroll:
                break
            pieces = self._wrapped.get((text, room))
            if pieces is None:
                if len(self._wrapped) > 4 * KEEP:
                    self._wrapped.clear()
                pieces = self._wrapped[(text, room)] = wrap_line(lambda piece: font.size(piece)[0] <= room, text)
            shown[:0] = [(player, piece) for piece in pieces]
        # No further back than the first line (scrolled, the last row is the note below).
        self.scroll = 0 if len(shown) <= rows else min(self.scroll, len(shown) - rows + 1)
        if self.scroll and rows > 1:
            shown = shown[:len(shown) - self.scroll]
            rows -= 1  # the last row says where the view is
            draw_text(surface, theme, f"↑ {self.scroll} lines back · wheel down: newest",
                      (rect.x + 10, top + rows * LINE), size=12, colour=theme["accent"], max_width=room)
        for i, (player, text) in enumerate(shown[-rows:] if rows else []):
            draw_text(surface, theme, text, (rect.x + 10, top + i * LINE), size=13,
                      colour=theme[roles.get(player, "text")], max_width=room)
