"""Runway road view (ui, pygame): cell and lane sizes, the camera, and drawing the road, bikes and plan.

A short runway is shown whole; a long one (it does not fit at a readable cell width) is
seen through a camera that follows the leading bike, keeping it a third of the way
across, and zooms out as the bikes speed up so that about two turns of road ahead are
always on screen (at speed 15 a turn covers 15 cells). The player can pan it (wheel,
drag, minimap); ``follow`` comes back on the next turn or with F.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from arcade.games.runway.logic import LANES, Level, State
from arcade.games.runway.motion import Motion, wreck_spot
from arcade.games.runway.view.render import (
    bike_colour,
    draw_bike,
    draw_finish,
    draw_hole,
    draw_shadow,
    draw_wreck,
    road_colours,
)
from arcade.ui.theme import Theme
from arcade.ui.widgets import draw_text

#: Where the leading bike sits on screen when the camera follows (share of the visible width).
LEAD_AT = 0.32
MAX_LANE = 84
MIN_LANE = 14
#: On a scrolling runway the camera zooms out with speed, to keep this many turns ahead in view.
TURNS_AHEAD = 2.2
MIN_CELL = 9.0


class RoadView:
    def __init__(self) -> None:
        self.sky = pygame.Rect(0, 0, 0, 0)
        self.road = pygame.Rect(0, 0, 0, 0)
        self.lane_h = 40
        self.cell_w = 40.0
        self.cam = 0.0
        self.follow = True
        self.scrolls = False
        self.base_cell = 40.0

    # -- layout and camera ------------------------------------------------------------------------
    def layout(self, space: pygame.Rect, length: int, minimap_height: int) -> None:
        """Fit four lanes (and a strip above them for jumps) into ``space``.

        If the whole runway fits with cells at least 0.4 lane (and 18 pixels) wide it is
        shown whole; otherwise cells are 0.7 lane wide, the camera scrolls, and
        ``minimap_height`` is kept free under the road.
        """
        lane = max(MIN_LANE, min(MAX_LANE, int(space.height / (LANES + 0.7))))
        cell = min(float(lane), space.width / (length + 3))
        self.scrolls = cell < max(18.0, 0.4 * lane)
        if self.scrolls:
            lane = max(MIN_LANE, min(MAX_LANE, int((space.height - minimap_height) / (LANES + 0.7))))
            cell = max(0.7 * lane, min(float(lane), space.width / (length + 3)))
        self.lane_h, self.cell_w, self.base_cell = lane, cell, cell
        margin = int(lane * 0.7)
        block = LANES * lane + margin + (minimap_height if self.scrolls else 0)
        y = space.y + max(0, (space.height - block) // 2)
        self.sky = pygame.Rect(space.x, y, space.width, margin)
        self.road = pygame.Rect(space.x, y + margin, space.width, LANES * lane)

    @property
    def visible_columns(self) -> float:
        return self.road.width / self.cell_w if self.cell_w else 1.0

    def target(self, length: int, lead: float) -> float:
        """The camera's left column for a leading bike at column ``lead``."""
        visible = self.visible_columns
        if not self.scrolls:
            return max(-(visible - length) / 2, lead + 2 - visible)
        return max(-1.5, min(lead - LEAD_AT * visible, max(length, lead) + 3 - visible))

    def zoom_for(self, speed: int) -> float:
        """Cell width that keeps ``TURNS_AHEAD`` turns at ``speed`` in the part of the view ahead of the bikes."""
        if not self.scrolls:
            return self.base_cell
        wanted = (TURNS_AHEAD * speed + 4) / (1 - LEAD_AT)
        return max(MIN_CELL, min(self.base_cell, self.road.width / max(1.0, wanted)))

    def glide(self, target: float, dt: float, speed: int = 0) -> None:
        """Ease the zoom towards the one for ``speed`` and (when following) the camera towards ``target``."""
        ease = 1 - math.exp(-dt * 9)
        zoom = self.zoom_for(speed)
        if zoom != self.cell_w:
            centre = self.cam + self.visible_columns * LEAD_AT
            # Land exactly on the zoom (and below on the target) once close: at rest the road is
            # drawn where a snap would draw it, whatever way the camera came.
            self.cell_w = zoom if abs(zoom - self.cell_w) <= 0.01 else self.cell_w + (zoom - self.cell_w) * ease * 0.5
            self.cam = centre - self.visible_columns * LEAD_AT
        if self.follow:
            self.cam = target if abs(target - self.cam) < 0.002 else self.cam + (target - self.cam) * ease

    def snap_to(self, target_for, speed: int) -> None:
        """Jump straight to the zoom for ``speed`` and the camera ``target_for()`` gives for it."""
        self.cell_w = self.zoom_for(speed)
        self.follow = True
        self.cam = target_for()

    def pan(self, columns: float) -> None:
        if self.scrolls:
            self.follow = False
            self.cam += columns

    def to_screen(self, x: float, lane: float) -> tuple[float, float]:
        return self.road.x + (x + 0.5 - self.cam) * self.cell_w, self.road.y + (lane + 0.5) * self.lane_h

    def column_at(self, px: float) -> float:
        return (px - self.road.x) / self.cell_w + self.cam - 0.5

    # -- drawing --------------------------------------------------------------------------------
    def draw_road(self, surface: pygame.Surface, theme: Theme, level: Level) -> None:
        """Verge, road up to the finish, run-off after it, lane dashes, holes, column ruler, finish strip."""
        colours = road_colours(theme)
        road, cw = self.road, self.cell_w
        left_edge = self.to_screen(-0.5, 0)[0]
        finish_x = self.to_screen(level.length - 0.5, 0)[0]
        pygame.draw.rect(surface, colours["verge"], road.inflate(0, 8))
        start = max(road.x, int(left_edge))
        pygame.draw.rect(surface, colours["road"], (start, road.y, max(0, min(road.right, finish_x) - start),
                                                    road.height))
        if finish_x < road.right:
            runoff = max(road.x, finish_x)
            pygame.draw.rect(surface, colours["runoff"], (runoff, road.y, road.right - runoff, road.height))
        dash = max(6, int(cw * 0.5))
        for lane in range(1, LANES):
            y = road.y + lane * self.lane_h
            x = start - (start - left_edge) % (dash * 2)
            while x < road.right:
                if x + dash > start:
                    pygame.draw.line(surface, colours["line"], (max(x, start), y), (min(x + dash, road.right), y), 2)
                x += dash * 2
        step = next((k for k in (1, 2, 5, 10, 20, 50, 100) if k * cw >= 34), 100)
        first = max(0, math.floor(self.cam) - 1)
        last = min(level.length, math.ceil(self.cam + self.visible_columns) + 1)
        ruler = max(10, min(14, int(cw)))
        finish_label = f"⚑ {level.length}"
        keep_clear = theme.font(ruler, True).size(finish_label)[0] / 2 + 14
        for column in range(first, last):
            x0 = self.to_screen(column - 0.5, 0)[0]
            if cw >= 14:
                pygame.draw.line(surface, colours["grid"], (x0, road.y), (x0, road.bottom))
            mask = level.hole_columns[column]
            for lane in range(LANES):
                if mask >> lane & 1:
                    cell = pygame.Rect(round(x0), road.y + lane * self.lane_h, math.ceil(cw), self.lane_h)
                    draw_hole(surface, theme, cell, colours)
            if column % step == 0 and abs(x0 + cw / 2 - finish_x) > keep_clear:
                draw_text(surface, theme, str(column), (x0 + cw / 2, self.sky.bottom - 2), size=ruler,
                          colour=theme["text_dim"], anchor="midbottom")
        if road.x - 4 <= finish_x <= road.right + 4:
            draw_finish(surface, theme, int(finish_x), road.y, road.bottom, max(4, int(min(cw, self.lane_h) / 3)))
            label_x = min(max(finish_x, road.x + keep_clear), road.right - keep_clear)
            draw_text(surface, theme, finish_label, (label_x, self.sky.bottom - 2), size=ruler, bold=True,
                      colour=theme["text"], anchor="midbottom")

    def draw_bikes(self, surface: pygame.Surface, theme: Theme, motions: Sequence[Motion], t: float,
                   falls: dict[int, float]) -> None:
        """Every bike at progress ``t``; ``falls`` maps a bike to how far its fall has gone (0..1)."""
        size = min(self.lane_h * 0.92, self.cell_w * 2.2)
        for index, motion in enumerate(motions):
            pose = motion.at(t)
            if pose.crashed:
                cell = pygame.Rect(0, 0, math.ceil(self.cell_w), self.lane_h)
                cell.center = tuple(map(round, self.to_screen(pose.x, pose.lane)))
                progress = falls.get(index, 1.0)
                if progress < 1.0:
                    draw_bike(surface, theme, cell.center, size, index, tilt=-200 * progress,
                              scale=max(0.15, 1 - 0.85 * progress), alpha=int(255 * (1 - 0.6 * progress)))
                else:
                    draw_wreck(surface, theme, cell, index)
                continue
            cx, cy = self.to_screen(pose.x, pose.lane)
            if pose.lift > 0:
                draw_shadow(surface, (cx, cy + size * 0.3), size * 0.8, 70)
            tilt = 14 * (1 - 2 * min(1.0, t)) if motion.jump and motion.speed else 0.0
            # In the air a bike also grows a little: height reads as "closer", not as another lane.
            draw_bike(surface, theme, (cx, cy - pose.lift * self.lane_h), size, index, wheel_turn=pose.x * 2.1,
                      tilt=tilt, scale=1 + 0.35 * pose.lift)

    def draw_plan(self, surface: pygame.Surface, theme: Theme, states: Sequence[State]) -> None:
        """Where a plan takes every bike: a line of dots per bike, a cross where one would fall."""
        if len(states) < 2:
            return
        radius = max(3, int(min(self.cell_w, self.lane_h) * 0.14))
        for index, first in enumerate(states[0].bikes):
            if not first.active:
                continue
            colour = bike_colour(theme, index)
            points = []
            fall = None
            for state in states:
                bike = state.bikes[index]
                if not bike.active:
                    fall = self.to_screen(*wreck_spot(bike))
                    points.append(fall)
                    break
                points.append(self.to_screen(bike.x, bike.y))
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, 1)
            for point in points[1 : len(points) - (fall is not None)]:
                pygame.draw.circle(surface, colour, point, radius)
                pygame.draw.circle(surface, theme["shadow"], point, radius, width=1)
            if fall is not None:
                draw_text(surface, theme, "✗", fall, size=max(12, radius * 4), bold=True, colour=theme["error"],
                          anchor="center")
