"""Hashi's per-frame effects (ui): drag preview, AI highlights, refusal flash, pops, celebration, edge markers.

These are drawn over the cached board every frame, so they are plain functions of what
the scene knows (the painter for geometry, the theme for colours, a tween's progress);
none of them changes state.
"""

from __future__ import annotations

import math

import pygame

from arcade.games.hashi.controller import Highlight, Plan
from arcade.games.hashi.logic import State
from arcade.games.hashi.view.painter import BoardPainter
from arcade.ui.theme import Theme, blend
from arcade.ui.tween import pulse


def draw_seam_markers(surface: pygame.Surface, painter: BoardPainter, theme: Theme, state: State,
                      bridged: list[tuple[int, str]], possible: list[int]) -> None:
    """Lettered arrows pairing both ends of bridges that leave the visible board; faint ones for possible lines."""
    for index in possible:
        painter.edge_markers(surface, index, blend(theme["background"], theme["text_dim"], 0.6))
    analysis = state.analysis
    for index, label in bridged:
        line = state.puzzle.lines[index]
        colour = (theme["error"] if index in analysis.crossed
                  else theme["warning"] if line.a in analysis.closed and line.b in analysis.closed
                  else theme["text"])
        painter.edge_markers(surface, index, colour, label)


def draw_highlight(surface: pygame.Surface, painter: BoardPainter, theme: Theme, highlight: Highlight,
                   role: str, glow: float) -> None:
    """A hint's or watch step's highlight: glowing bands on lines, crosses on wrong lines, rings on islands."""
    if not highlight:
        return
    colour = theme[role]
    for index in highlight.lines:
        painter.edge_markers(surface, index, colour)
    with painter.view.clipped(surface, whole=painter.outer):  # markers sit in the margin; the rest on the board
        for index in highlight.lines:
            painter.band(surface, index, colour, int(70 + 80 * glow))
        for index in highlight.wrong:
            painter.band(surface, index, theme["error"], int(70 + 80 * glow))
            painter.crosses(surface, index, theme["error"])
        for island in highlight.islands:
            painter.ring(surface, island, colour, scale=1.2 + 0.1 * glow)


def draw_flash(surface: pygame.Surface, painter: BoardPainter, theme: Theme, lines: frozenset[int],
               islands: frozenset[int], progress: float) -> None:
    """A refused move: the lines and islands involved blink red twice."""
    strength = pulse(progress * 2.0) if progress < 0.5 else pulse(progress * 2.0 - 1.0)
    colour = theme["error"]
    for index in lines:
        painter.band(surface, index, colour, int(40 + 170 * strength))
    for island in islands:
        painter.ring(surface, island, colour, scale=1.25, alpha=int(60 + 195 * strength))


def draw_plan(surface: pygame.Surface, painter: BoardPainter, theme: Theme, plan: Plan,
              pointer: tuple[int, int] | None) -> None:
    """The live preview of a drag: the line it would build (accent), clear (dashed), mark, or why not (red)."""
    if plan.line is not None:
        if plan.refusal:
            painter.band(surface, plan.line, theme["error"], 70)
            if plan.blocking is not None:
                painter.band(surface, plan.blocking, theme["error"], 150)
            painter.crosses(surface, plan.line, theme["error"])
        elif plan.after is None:
            painter.crosses(surface, plan.line, theme["accent"])
        else:
            painter.band(surface, plan.line, theme["accent"], 60)
            painter.bars(surface, plan.line, plan.after, theme["accent"])
            if not plan.after:
                painter.dashes(surface, plan.line, theme["warning"])
        painter.edge_markers(surface, plan.line, theme["accent"])
    if pointer is not None and plan.label:
        role = "error" if plan.refusal and not plan.quiet else "warning" if plan.refusal else "accent"
        # Beside the line, not on it: above a horizontal drag, to the right of a vertical one.
        away = round(painter.view.cell * 0.45) + 10
        if plan.direction in ("N", "S"):
            pos = (pointer[0] + away, pointer[1])
        else:
            pos = (pointer[0] + 6, pointer[1] - away)
        draw_pill(surface, theme, plan.label, pos, theme[role])


def draw_pill(surface: pygame.Surface, theme: Theme, text: str, pos: tuple[int, int],
              colour: tuple[int, int, int]) -> None:
    """A small rounded label next to the pointer ("2 bridges", "no island")."""
    font = theme.font(14, bold=True)
    w, h = font.size(text)
    rect = pygame.Rect(pos[0], pos[1] - h // 2 - 3, w + 12, h + 6)
    rect.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, theme["panel"], rect, border_radius=rect.height // 2)
    pygame.draw.rect(surface, colour, rect, width=2, border_radius=rect.height // 2)
    surface.blit(font.render(text, True, theme["text"]), (rect.x + 6, rect.y + 3))


def draw_pop(surface: pygame.Surface, painter: BoardPainter, theme: Theme, island: int, t: float) -> None:
    """An island just completed: a green ring swells and fades."""
    painter.ring(surface, island, theme["good"], scale=1.0 + 0.9 * t, alpha=int(255 * (1 - t)),
                 width=max(1, round(painter.view.cell / 8 * (1 - t))))


def draw_celebration(surface: pygame.Surface, painter: BoardPainter, theme: Theme, islands: int,
                     t: float) -> None:
    """The puzzle is solved: a wave of coloured rings from the centre, a glowing frame and "Solved!"."""
    board = painter.view.board_rect
    cx, cy = board.center
    reach = math.hypot(board.width, board.height) / 2 or 1.0
    colours = (theme["highlight"], theme["good"], theme["accent"])
    for i in range(islands):
        x, y = painter.island_centre(i)
        phase = t * 1.6 - math.hypot(x - cx, y - cy) / reach * 0.9
        if 0.0 < phase < 0.5:
            strength = pulse(phase / 0.5)
            painter.ring(surface, i, colours[i % 3], scale=1.0 + 0.6 * strength, alpha=int(255 * strength))
    pygame.draw.rect(surface, blend(theme["background"], theme["good"], pulse(t)), board.inflate(8, 8), width=3,
                     border_radius=6)
    if t <= 0.15:
        return
    size = max(24, min(64, board.width // 8))
    image = theme.font(size, bold=True).render("Solved!", True, theme["good"])
    box = image.get_rect(center=board.center).inflate(size, size // 2)
    backing = pygame.Surface(box.size, pygame.SRCALPHA)
    alpha = min(1.0, (t - 0.15) * 4)
    pygame.draw.rect(backing, (*theme["panel"], int(225 * alpha)), backing.get_rect(), border_radius=box.height // 2)
    pygame.draw.rect(backing, (*theme["good"], int(255 * alpha)), backing.get_rect(), width=3,
                     border_radius=box.height // 2)
    image.set_alpha(int(255 * alpha))
    backing.blit(image, image.get_rect(center=backing.get_rect().center))
    surface.blit(backing, box)
