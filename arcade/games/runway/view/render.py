"""Runway drawing (ui, pygame): the road, holes, bikes, wrecks, the minimap picture and small icons.

Pure functions of what to draw and where, used by :mod:`arcade.games.runway.view`. Every
colour comes from the theme's roles, and every state has a second cue besides colour:
bikes carry their number, wrecks a cross, holes are dark pits with a rim, the finish line
is a chequered strip.
"""

from __future__ import annotations

import math

import pygame

from arcade.games.runway.logic import LANES, Level
from arcade.ui.text import draw_text
from arcade.ui.theme import Theme, blend

BIKE_ROLES = ("player1", "player2", "player3", "player4")


def bike_colour(theme: Theme, index: int) -> tuple[int, int, int]:
    """Bike ``index``'s colour, the same on the road, the panels and the timeline, so a bike is
    recognised everywhere (its player role in the palette, cycling past four).
    """
    return theme[BIKE_ROLES[index % len(BIKE_ROLES)]]


# -- the road --------------------------------------------------------------------------------
def road_colours(theme: Theme) -> dict[str, tuple[int, int, int]]:
    """The road's colours by part (road, hole, verge, lines ...), blended from the theme so every
    palette, high contrast included, gets a road without colours of its own.
    """
    road = blend(theme["panel_light"], theme["text_dim"], 0.18)
    return {
        "road": road,
        "road_alt": blend(road, theme["panel"], 0.25),
        "runoff": blend(road, theme["good"], 0.12),
        "verge": blend(theme["background"], theme["good"], 0.10),
        "line": blend(road, theme["text"], 0.45),
        "hole": blend(theme["shadow"], theme["background"], 0.3),
        "hole_rim": blend(theme["shadow"], theme["error"], 0.45),
        "grid": blend(road, theme["shadow"], 0.12),
    }


def draw_hole(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, colours: dict) -> None:
    """A pit: dark, rounded, with a rim and a deeper centre, so it reads without colour."""
    pit = rect.inflate(-max(2, rect.width // 8), -max(2, rect.height // 8))
    radius = max(2, min(pit.width, pit.height) // 4)
    pygame.draw.rect(surface, colours["hole_rim"], pit, border_radius=radius)
    inner = pit.inflate(-max(2, pit.width // 6), -max(2, pit.height // 6))
    pygame.draw.rect(surface, colours["hole"], inner, border_radius=radius)
    if inner.width > 10 and inner.height > 10:
        deep = inner.inflate(-inner.width // 3, -inner.height // 3)
        pygame.draw.ellipse(surface, theme["shadow"], deep)


def draw_finish(surface: pygame.Surface, theme: Theme, x: int, top: int, bottom: int, size: int) -> None:
    """A chequered finish strip two squares wide at screen column ``x``."""
    square = max(4, size)
    light, dark = theme["text"], theme["shadow"]
    for row, y in enumerate(range(top, bottom, square)):
        for col in range(2):
            colour = light if (row + col) % 2 == 0 else dark
            h = min(square, bottom - y)
            pygame.draw.rect(surface, colour, (x + col * square, y, square, h))


# -- bikes --------------------------------------------------------------------------------------
def draw_bike(
    surface: pygame.Surface,
    theme: Theme,
    centre: tuple[float, float],
    size: float,
    index: int,
    *,
    wheel_turn: float = 0.0,
    tilt: float = 0.0,
    scale: float = 1.0,
    alpha: int = 255,
    ghost: bool = False,
) -> None:
    """A motorbike with its rider facing right, numbered ``index + 1``, centred on ``centre``.

    ``tilt`` rotates it (degrees, nose up positive), ``scale`` and ``alpha`` shrink and fade
    it (falls), ``wheel_turn`` spins the spokes.
    """
    s = max(8.0, size)
    box = int(s * 1.5)
    sprite = pygame.Surface((box, box), pygame.SRCALPHA)
    c = box / 2
    colour = bike_colour(theme, index)
    dark = blend(theme["shadow"], theme["panel"], 0.4)
    rim = blend(theme["text"], theme["text_dim"], 0.4)
    wheel_r = 0.19 * s
    rear = (c - 0.33 * s, c + 0.2 * s)
    front = (c + 0.33 * s, c + 0.2 * s)
    for hub in (rear, front):
        pygame.draw.circle(sprite, dark, hub, wheel_r)
        pygame.draw.circle(sprite, rim, hub, wheel_r, width=max(1, int(s * 0.04)))
        for k in range(3):
            angle = wheel_turn + k * 2 * math.pi / 3
            end = (hub[0] + math.cos(angle) * wheel_r * 0.8, hub[1] + math.sin(angle) * wheel_r * 0.8)
            pygame.draw.line(sprite, rim, hub, end, max(1, int(s * 0.03)))
    seat = (c - 0.08 * s, c - 0.02 * s)
    bars = (c + 0.22 * s, c - 0.14 * s)
    width = max(2, int(s * 0.07))
    body = [(rear[0] + 0.05 * s, rear[1] - 0.08 * s), seat, (bars[0] - 0.02 * s, bars[1] + 0.06 * s),
            (front[0] - 0.06 * s, front[1] - 0.1 * s), (c + 0.05 * s, c + 0.2 * s)]
    pygame.draw.polygon(sprite, colour, body)
    pygame.draw.line(sprite, rim, bars, front, width)
    pygame.draw.line(sprite, colour, rear, seat, width)
    # Rider: torso, arm, helmet with a visor.
    shoulder = (c + 0.02 * s, c - 0.33 * s)
    rider = blend(colour, theme["shadow"], 0.35)
    pygame.draw.line(sprite, rider, seat, shoulder, max(2, int(s * 0.11)))
    pygame.draw.line(sprite, rider, shoulder, bars, max(2, int(s * 0.06)))
    head = (c + 0.09 * s, c - 0.45 * s)
    pygame.draw.circle(sprite, colour, head, 0.11 * s)
    pygame.draw.circle(sprite, theme["shadow"], head, 0.11 * s, width=max(1, int(s * 0.025)))
    visor = pygame.Rect(0, 0, 0.09 * s, 0.06 * s)
    visor.midleft = (head[0] + 0.01 * s, head[1] - 0.01 * s)
    pygame.draw.rect(sprite, theme["shadow"], visor)
    # Number plate: the bike's number, so bikes never differ by colour alone.
    plate = (c - 0.06 * s, c + 0.1 * s)
    pygame.draw.circle(sprite, theme["text"], plate, 0.15 * s)
    pygame.draw.circle(sprite, theme["shadow"], plate, 0.15 * s, width=max(1, int(s * 0.02)))
    draw_text(sprite, theme, str(index + 1), plate, size=max(7, int(0.22 * s)), bold=True, fixed=True,
              colour=theme["text_dark"], anchor="center")
    if ghost:
        sprite.set_alpha(90)
    if tilt or scale != 1.0:
        sprite = pygame.transform.rotozoom(sprite, tilt, scale)
    if alpha < 255:
        sprite.set_alpha(alpha)
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_wreck(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, index: int, slot: int = 0) -> None:
    """A destroyed bike in its hole: the hole, a cross in the bike's colour and its number.

    ``slot`` is how many wrecks of the same hole stand to this one's right (two bikes can end in
    one hole: one changing lane into it, one leaving it): each moves its cross and its number
    aside, so the second no longer hides the first's number."""
    colour = bike_colour(theme, index)
    size = max(8, min(rect.width, rect.height))
    centre = (rect.centerx - slot * size * 0.14, rect.centery)
    arm = size * 0.28
    width = max(2, size // 9)
    for dx in (-arm, arm):
        pygame.draw.line(surface, colour, (centre[0] - dx, centre[1] - arm), (centre[0] + dx, centre[1] + arm), width)
    badge = (rect.right - size * 0.18 - slot * size * 0.34, rect.top + size * 0.2)
    pygame.draw.circle(surface, theme["text"], badge, size * 0.16)
    draw_text(surface, theme, str(index + 1), badge, size=max(7, int(size * 0.22)), bold=True, fixed=True,
              colour=theme["text_dark"], anchor="center")


def draw_shadow(surface: pygame.Surface, centre: tuple[float, float], width: float, alpha: int) -> None:
    """A soft ellipse on the road under a jumping bike."""
    w, h = max(4, int(width)), max(3, int(width * 0.25))
    blob = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.ellipse(blob, (0, 0, 0, alpha), blob.get_rect())
    surface.blit(blob, blob.get_rect(center=(round(centre[0]), round(centre[1]))))


# -- the minimap -----------------------------------------------------------------------------
def minimap_picture(theme: Theme, level: Level, size: tuple[int, int]) -> pygame.Surface:
    """The whole runway squeezed into ``size``: road, holes (dark) and the finish."""
    colours = road_colours(theme)
    columns = level.length + 2
    small = pygame.Surface((columns, LANES))
    small.fill(colours["road"])
    for x, mask in enumerate(level.hole_columns):
        for y in range(LANES):
            if mask >> y & 1:
                small.set_at((x, y), colours["hole"])
    for y in range(LANES):
        small.set_at((level.length, y), theme["text"])
        small.set_at((level.length + 1, y), colours["runoff"])
    return pygame.transform.scale(small, (max(1, size[0]), max(1, size[1])))


# -- icons --------------------------------------------------------------------------------------
