"""Runway panels (ui, pygame): the HUD rows, the turn timeline and the minimap, as small widgets.

Each panel is laid out by the scene (its ``rect``), draws from plain values it is given
(a state, a camera window, the losses per turn) and converts pointer positions back into
turns or columns. None of them touches the session.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from arcade.core.game import Outcome
from arcade.games.runway.logic import LANES, Command, Level, State
from arcade.games.runway.motion import Pose
from arcade.games.runway.render import bike_colour, minimap_picture
from arcade.ui.theme import Theme
from arcade.ui.widgets import draw_text

PLAN_LABELS = {"exact": "Exact AI plan", "classic": "Classic AI series", "hint": "Hint plan"}


def draw_status_row(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, y: int, state: State, turn_limit: int,
                    last: str, comparison: dict[str, str], size: int) -> None:
    """Turn, speed, the bikes (numbered, a cross when lost), active/needed, the last command, the AIs' scores."""
    x = rect.x + 4
    x = draw_text(surface, theme, f"Turn {state.turn}/{turn_limit}", (x, y), size=size, bold=True,
                  anchor="midleft").right + 18
    x = draw_text(surface, theme, f"Speed {state.speed}", (x, y), size=size, bold=True, anchor="midleft").right + 18
    radius = size * 0.6
    for index, bike in enumerate(state.bikes):
        centre = (x + radius, y)
        if bike.active:
            pygame.draw.circle(surface, bike_colour(theme, index), centre, radius)
            draw_text(surface, theme, str(index + 1), centre, size=int(size * 0.8), bold=True,
                      colour=theme["text_dark"], anchor="center")
        else:
            pygame.draw.circle(surface, theme["panel_light"], centre, radius)
            pygame.draw.circle(surface, bike_colour(theme, index), centre, radius, width=2)
            draw_text(surface, theme, "✗", centre, size=int(size * 0.85), colour=theme["error"], anchor="center")
        x += radius * 2 + 4
    active, need = len(state.active), state.level.need
    colour = theme["error"] if active < need else theme["text"]
    x = draw_text(surface, theme, f"{active} active · {need} needed", (x + 6, y), size=size, colour=colour,
                  anchor="midleft").right + 18
    x = draw_text(surface, theme, f"Last: {last}", (x, y), size=size, anchor="midleft",
                  colour=theme["highlight"]).right + 18
    if comparison and rect.right - x > 120:
        text = f"Exact AI saves {comparison['exact']} · classic {comparison['classic']}"
        draw_text(surface, theme, text, (rect.right - 4, y), size=14, colour=theme["text_dim"], anchor="midright",
                  max_width=rect.right - x - 8)


def draw_plan_row(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, y: int,
                  shown: tuple[str, Sequence[Command]] | None, idle_text: str) -> None:
    """The AI's commands ahead as chips, the next one highlighted; or a line saying how to get them."""
    if shown is None:
        draw_text(surface, theme, idle_text, (rect.x + 4, y), size=14, colour=theme["text_dim"], anchor="midleft",
                  max_width=rect.width - 8)
        return
    who, commands = shown
    x = draw_text(surface, theme, f"{PLAN_LABELS[who]}:", (rect.x + 4, y), size=14, colour=theme["info"],
                  anchor="midleft").right + 8
    for i, command in enumerate(commands):
        image = theme.font(13, i == 0).render(command.value, True, theme["text"] if i else theme["text_dark"])
        chip = image.get_rect(midleft=(x + 6, y)).inflate(12, 4)
        if chip.right > rect.right - 40:
            draw_text(surface, theme, f"… +{len(commands) - i}", (x + 4, y), size=13, colour=theme["text_dim"],
                      anchor="midleft")
            break
        pygame.draw.rect(surface, theme["highlight"] if i == 0 else theme["panel_light"], chip, border_radius=6)
        surface.blit(image, image.get_rect(center=chip.center))
        x = chip.right + 2


class Timeline:
    """The turn scrubber: turns 0..limit, the recorded history, losses (✗) and the result (✓/✗)."""

    LABEL = 64

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def track(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x + self.LABEL, r.y + r.height // 2 - 4, max(10, r.width - self.LABEL - 14), 8)

    def turn_at(self, x: int) -> int:
        track = self.track
        return round((x - track.x) / track.width * self.limit)

    def x_of(self, turn: float) -> float:
        track = self.track
        return track.x + track.width * turn / self.limit

    def draw(self, surface: pygame.Surface, theme: Theme, index: int, length: int, losses: dict[int, int],
             final: Outcome | None) -> None:
        track = self.track
        draw_text(surface, theme, "Turns", (self.rect.x + 4, track.centery), size=14, colour=theme["text_dim"],
                  anchor="midleft")
        pygame.draw.rect(surface, theme["grid_faint"], track, border_radius=4)
        tape = pygame.Rect(track.x, track.y, round(self.x_of(length) - track.x), track.height)
        pygame.draw.rect(surface, theme["grid"], tape, border_radius=4)
        done = pygame.Rect(track.x, track.y, round(self.x_of(index) - track.x), track.height)
        pygame.draw.rect(surface, theme["accent"], done, border_radius=4)
        for turn in range(0, self.limit + 1, 10):
            x = self.x_of(turn)
            pygame.draw.line(surface, theme["text_dim"], (x, track.bottom + 1), (x, track.bottom + 4))
            if self.rect.height >= 28:
                draw_text(surface, theme, str(turn), (x, track.bottom + 4), size=10, colour=theme["text_dim"],
                          anchor="midtop")
        for turn, lost in losses.items():
            draw_text(surface, theme, "✗" * min(lost, 2), (self.x_of(turn), track.top - 1), size=12,
                      colour=theme["error"], anchor="midbottom", bold=True)
        if final is not None:
            glyph, role = ("✓", "good") if final.is_win else ("✗", "error")
            draw_text(surface, theme, glyph, (self.x_of(length) + 8, track.centery), size=15, colour=theme[role],
                      anchor="midleft", bold=True)
        knob = (self.x_of(index), track.centery)
        pygame.draw.circle(surface, theme["text"], knob, 8)
        pygame.draw.circle(surface, theme["accent"], knob, 8, width=2)


class Minimap:
    """The whole runway in one strip, the camera's window on it, and every bike (a cross once lost)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._picture: pygame.Surface | None = None
        self._key: tuple | None = None

    def columns(self, level: Level) -> int:
        return level.length + 2

    def column_at(self, level: Level, x: int) -> float:
        return (x - self.rect.x) / max(1, self.rect.width) * self.columns(level)

    def draw(self, surface: pygame.Surface, theme: Theme, level: Level, window: tuple[float, float],
             poses: Sequence[Pose]) -> None:
        rect = self.rect
        key = (id(level), rect.size, theme.palette_name)
        if self._picture is None or self._key != key:
            self._picture = minimap_picture(theme, level, rect.size)
            self._key = key
        surface.blit(self._picture, rect)
        scale = rect.width / self.columns(level)
        first, count = window
        view = pygame.Rect(rect.x + first * scale, rect.y - 2, count * scale, rect.height + 4)
        pygame.draw.rect(surface, theme["accent"], view.clip(rect.inflate(0, 4)), width=2, border_radius=3)
        lane_h = rect.height / LANES
        for index, pose in enumerate(poses):
            centre = (rect.x + (min(pose.x, level.length + 1) + 0.5) * scale, rect.y + (pose.lane + 0.5) * lane_h)
            colour = bike_colour(theme, index)
            if pose.crashed:
                draw_text(surface, theme, "✗", centre, size=max(9, int(lane_h * 1.6)), colour=colour,
                          anchor="center", bold=True)
            else:
                pygame.draw.circle(surface, colour, centre, max(3, lane_h * 0.6))
                pygame.draw.circle(surface, theme["shadow"], centre, max(3, lane_h * 0.6), width=1)
