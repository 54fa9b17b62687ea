"""The program console (ui): outside programs' stderr, shown live beside the board, like CodinGame's.

A bot author debugs by printing to stderr; the console shows those lines as they arrive
and, when a replay is scrubbed, the lines written up to the turn on screen. It is built
from replay :class:`~arcade.services.replays.Turn` rows (one per move, each holding every
player's stderr lines), so a live game, a saved replay and a test run all feed it alike.
The panel is toggled by a key the game declares (``C``) and takes the right part of the
board area while shown.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from arcade.services.replays import Turn
from arcade.ui.theme import Theme
from arcade.ui.widgets import draw_text

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


class ConsolePanel:
    """The console's state (shown or not) and drawing; the scene gives it the lines to show."""

    def __init__(self, shown: bool = False, *, min_width: int = MIN_WIDTH, max_width: int = MAX_WIDTH,
                 share: float = SHARE) -> None:
        self.shown = shown
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.min_width, self.max_width, self.share = min_width, max_width, share

    def split(self, area: pygame.Rect) -> pygame.Rect:
        """Take the console's part of ``area`` (when shown) and return what is left for the board."""
        if not self.shown or area.width < 2 * self.min_width:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return area
        width = max(self.min_width, min(self.max_width, int(area.width * self.share)))
        self.rect = pygame.Rect(area.right - width, area.y, width, area.height)
        return pygame.Rect(area.x, area.y, area.width - width - 8, area.height)

    def draw(self, surface: pygame.Surface, theme: Theme, lines: Sequence[tuple[int, str]], title: str,
             empty: str = "No stderr output yet.") -> None:
        rect = self.rect
        if not self.shown or rect.width == 0:
            return
        pygame.draw.rect(surface, theme["panel"], rect, border_radius=8)
        pygame.draw.rect(surface, theme["panel_light"], rect, width=1, border_radius=8)
        draw_text(surface, theme, title, (rect.x + 10, rect.y + 8), size=15, bold=True, max_width=rect.width - 20)
        top = rect.y + 32
        rows = max(0, (rect.bottom - 8 - top) // LINE)
        if not lines:
            draw_text(surface, theme, empty, (rect.x + 10, top), size=13, colour=theme["text_dim"],
                      max_width=rect.width - 20)
            return
        roles = {-1: "text_dim", 0: "text", 1: "highlight"}
        for i, (player, text) in enumerate(lines[-rows:] if rows else []):
            draw_text(surface, theme, text, (rect.x + 10, top + i * LINE), size=13,
                      colour=theme[roles.get(player, "text")], max_width=rect.width - 20)
