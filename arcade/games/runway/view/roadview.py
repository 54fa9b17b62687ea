"""Runway road view (ui, pygame): the road as a GridView of lanes x columns, its camera, and the drawing.

The road is a grid of four lanes by the runway's columns, on the shared
:class:`~arcade.ui.gridview.GridView`: its camera is the one every board has (pixels to
cells and back, zoom around a point, pan with a clamp, follow). Lanes are wide and
columns narrow, and a zoom only narrows or widens the columns (``square=False``,
``zoom_rows=False``). The road is drawn each frame from the visible columns (holes are
few and bikes move all the time), so the cached cell layer of GridView is not used.

A short runway is shown whole; a long one (it does not fit at a readable cell width) is
seen through the camera, which follows the leading bike, keeping it a third of the way
across, and zooms out as the bikes speed up so that about two turns of road ahead are
always on screen (at speed 15 a turn covers 15 cells). The player can pan it (wheel,
drag, minimap) and zoom it (Ctrl+wheel, Ctrl++ / Ctrl+−, on top of the speed zoom);
``follow`` comes back on the next turn, with F or with Fit.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence

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
from arcade.ui.gridview import ZOOM_STEP, GridView, ruler_font, whole_labels
from arcade.ui.text import draw_text
from arcade.ui.theme import Theme

#: Where the leading bike sits on screen when the camera follows (share of the visible width).
LEAD_AT = 0.32
MAX_LANE = 84
MIN_LANE = 14
#: On a scrolling runway the camera zooms out with speed, to keep this many turns ahead in view.
TURNS_AHEAD = 2.2
MIN_CELL = 9.0
#: Columns the camera may show before the start and after the finish (the run-off).
BEFORE_START, AFTER_FINISH = 1.5, 3.0
#: Half a bike's drawn width, as a share of its size (the wheels' outer edges, see ``draw_bike``).
BIKE_HALF = 0.53
#: Where the lane numbers stand: their centre's distance from the road's left edge, and their
#: badge's largest radius (pixels).
LANE_NUMBER_X, LANE_NUMBER_RADIUS = 12, 13
#: How far the player may zoom the road in or out over the speed's own zoom.
USER_ZOOM = (0.5, 4.0)


class RoadView:
    """The road's grid and camera; ``cam`` is the camera's left column, ``follow`` whether it chases the bikes."""

    def __init__(self, length: int = 1) -> None:
        self.grid = GridView(LANES, max(1, length), square=False, zoom_rows=False, min_cell=1, max_cell=10_000)
        self.grid.overscroll = (BEFORE_START, AFTER_FINISH, 0.0, 0.0)
        self.sky = pygame.Rect(0, 0, 0, 0)
        self.scrolls = False
        self.base_cell = 40.0
        #: The player's zoom on top of the speed zoom (Ctrl+wheel, Ctrl++ / Ctrl+−; Fit resets it).
        self.user_zoom = 1.0
        #: The UI scale the ruler, the lane numbers and their room grow with (``layout`` sets it).
        self.label_scale = 1.0
        #: Whether the last :meth:`glide` moved the camera or its zoom (it has not landed yet).
        self.gliding = False

    # -- the camera, through the grid ------------------------------------------------------------
    @property
    def road(self) -> pygame.Rect:
        return self.grid.viewport

    @property
    def lane_h(self) -> int:
        return round(self.grid.cell_h)

    @property
    def cell_w(self) -> float:
        return self.grid.cell_w

    @property
    def cam(self) -> float:
        """The column at the road's left edge (fractional; negative before the start)."""
        return self.grid.to_grid(self.road.topleft)[1]

    @cam.setter
    def cam(self, column: float) -> None:
        self.grid.look_at((0.0, column), (0.0, 0.0), clamp=False)

    @property
    def follow(self) -> bool:
        return self.grid.follow

    @follow.setter
    def follow(self, value: bool) -> None:
        self.grid.follow = value

    # -- layout and camera ------------------------------------------------------------------------
    def layout(self, space: pygame.Rect, length: int, minimap_height: int, scale: float = 1.0) -> None:
        """Fit four lanes (and a strip above them for jumps) into ``space``; ``scale`` is the app's UI
        scale, which the ruler and the lane numbers follow.

        If the whole runway fits with cells at least 0.4 lane (and 18 pixels) wide it is
        shown whole; otherwise cells are 0.7 lane wide, the camera scrolls, and
        ``minimap_height`` is kept free under the road.
        """
        self.label_scale = scale
        lane = max(MIN_LANE, min(MAX_LANE, int(space.height / (LANES + 0.7))))
        cell = min(float(lane), space.width / (length + 3))
        self.scrolls = cell < max(18.0, 0.4 * lane)
        if self.scrolls:
            lane = max(MIN_LANE, min(MAX_LANE, int((space.height - minimap_height) / (LANES + 0.7))))
            cell = max(0.7 * lane, min(float(lane), space.width / (length + 3)))
        self.base_cell = cell
        margin = int(lane * 0.7)
        block = LANES * lane + margin + (minimap_height if self.scrolls else 0)
        y = space.y + max(0, (space.height - block) // 2)
        self.sky = pygame.Rect(space.x, y, space.width, margin)
        if self.grid.cols != max(1, length):
            self.grid.cols = max(1, length)
        self.grid.min_zoom = MIN_CELL * USER_ZOOM[0] / cell
        self.grid.layout_cells(pygame.Rect(space.x, y + margin, space.width, LANES * lane), cell, lane)

    @property
    def visible_columns(self) -> float:
        return self.road.width / self.cell_w if self.cell_w else 1.0

    def target(self, length: int, lead: float) -> float:
        """The camera's left column for a leading bike at column ``lead``: a runway that fits is
        shown whole and centred; a long one, or a short one the player zoomed into, follows the
        bike (centring a zoomed short runway left the bikes off screen, behind the camera)."""
        visible = self.visible_columns
        if not self.scrolls and visible >= length + BEFORE_START:
            # Centred, but with room after the finish for a bike drawn whole past the chequered strip,
            # and before the start for the lane numbers and a back wheel at x=0 (How to play's narrow
            # example gave the finish all the room, and the bikes covered the lane numbers).
            spare = visible - length
            cell = max(1e-6, self.cell_w)
            # Not capped by the spare columns: a bike is drawn up to 2.2 columns wide, and three spare
            # columns could not hold one whole past the strip (01 at 1024x640, 03 at 1600x1000: the
            # finished bikes were cut by the road's right edge); then the camera moves on to the finish.
            after = max(spare / 2, self.finish_room() / cell)
            before = min(spare, max(0.0, self.start_room() / cell - 0.5))
            finish_first, start_first = length + after - visible, -before
            if finish_first > start_first:  # no room for both: the camera moves from one to the other
                share = min(1.0, max(0.0, lead / max(1, length)))
                finish_first = start_first + (finish_first - start_first) * share
            return max(finish_first, lead + 2 - visible)
        after = max(AFTER_FINISH, self.finish_room() / max(1e-6, self.cell_w))  # a whole bike past the strip
        return max(-BEFORE_START, min(lead - LEAD_AT * visible, max(length, lead) + after - visible))

    @property
    def bike_size(self) -> float:
        """A bike's drawing size (see :func:`draw_bike`: its wheels span about ``BIKE_HALF`` of it each side)."""
        return min(self.lane_h * 0.92, self.cell_w * 2.2)

    @property
    def finish_square(self) -> int:
        """The side of the finish strip's squares (the strip is two squares wide)."""
        return max(4, int(min(self.cell_w, self.lane_h) / 3))

    def finish_room(self) -> float:
        """Pixels after the finish line that hold the strip and a whole bike past it."""
        return 2 * self.finish_square + 2 * BIKE_HALF * self.bike_size + 6

    def start_room(self) -> float:
        """Pixels before the centre of column 0 that hold the lane numbers and a bike's back wheel."""
        x, radius = self.lane_number_place()
        return x + radius + BIKE_HALF * self.bike_size + 2

    def lane_number_place(self) -> tuple[int, int]:
        """The lane numbers' centre from the road's left edge and their badge's largest radius:
        :data:`LANE_NUMBER_X` and :data:`LANE_NUMBER_RADIUS` at the UI scale (exactly those at 1)."""
        if self.label_scale == 1.0:
            return LANE_NUMBER_X, LANE_NUMBER_RADIUS
        return round(LANE_NUMBER_X * self.label_scale), round(LANE_NUMBER_RADIUS * self.label_scale)

    def lane_number_size(self) -> int:
        """The lane numbers' text size (their badge's radius is 2 less): a quarter of a lane, at
        least 11, at most the badge's largest radius at the UI scale and 2."""
        return max(11, min(self.lane_number_place()[1] + 2, self.lane_h // 4))

    def ruler_size(self) -> int:
        """The column ruler's text size: 10 to 14 at the UI scale 1, larger with the scale, but never
        wider than a column (nor, grown, taller than the strip above the road it stands in)."""
        scale = self.label_scale
        return max(10, min(round(14 * scale), int(self.cell_w), max(14, self.sky.height)))

    def bike_x(self, x: float, length: int) -> float:
        """The screen x of a bike's centre at column ``x``. Past the line (``x ≥ length``) a bike is drawn
        whole after the chequered strip: centred on its cell it stood on the strip, though the panel said
        it had crossed. From the line to its cell it slides there, so a crossing animates smoothly."""
        cx = self.to_screen(x, 0)[0]
        line = length - 0.5
        if x <= line:
            return cx
        past = self.to_screen(line, 0)[0] + 2 * self.finish_square + BIKE_HALF * self.bike_size + 3
        return cx + max(0.0, past - cx) * min(1.0, (x - line) / 0.5)

    def zoom_for(self, speed: int) -> float:
        """Cell width that keeps ``TURNS_AHEAD`` turns at ``speed`` ahead of the bikes (times the player's zoom)."""
        if not self.scrolls:
            return self.base_cell * self.user_zoom
        wanted = (TURNS_AHEAD * speed + 4) / (1 - LEAD_AT)
        return max(MIN_CELL, min(self.base_cell, self.road.width / max(1.0, wanted))) * self.user_zoom

    def _lead_pixel(self) -> tuple[float, float]:
        return (self.road.x + self.road.width * LEAD_AT, float(self.road.centery))

    def glide(self, target: float, dt: float, speed: int = 0) -> None:
        """Ease the zoom towards the one for ``speed`` and (when following) the camera towards ``target``."""
        before = (self.cell_w, self.grid.to_screen((0.0, 0.0)))
        ease = 1 - math.exp(-dt * 9)
        zoom = self.zoom_for(speed)
        if zoom != self.cell_w:
            # Land exactly on the zoom once close: at rest the road is drawn where a snap would draw it.
            width = zoom if abs(zoom - self.cell_w) <= 0.01 else self.cell_w + (zoom - self.cell_w) * ease * 0.5
            self.grid.set_zoom(width / self.base_cell, self._lead_pixel(), clamp=False)
        if self.follow:
            self.grid.glide_to((0.0, target), (0.0, 0.0), dt, clamp=False)
        self.gliding = (self.cell_w, self.grid.to_screen((0.0, 0.0))) != before

    def snap_to(self, target_for: Callable[[], float], speed: int) -> None:
        """Jump straight to the zoom for ``speed`` and the camera ``target_for()`` gives for it."""
        self.grid.set_zoom(self.zoom_for(speed) / self.base_cell, clamp=False)
        self.follow = True
        self.cam = target_for()

    def pan(self, columns: float) -> None:
        """Look ``columns`` further along (a wheel notch, a drag, the minimap); the camera stops following."""
        if self.scrolls or self.grid.zoomed:
            self.grid.pan_by(-columns * self.cell_w, 0)

    def zoom_by(self, steps: float) -> bool:
        """The player's zoom, around the point under the pointer's column third; True if it changed."""
        before = self.user_zoom
        self.user_zoom = min(USER_ZOOM[1], max(USER_ZOOM[0], self.user_zoom * ZOOM_STEP ** steps))
        return self.user_zoom != before

    def fit(self) -> None:
        """Back to the speed's own zoom, following the bikes."""
        self.user_zoom = 1.0
        self.follow = True

    @property
    def zoomed(self) -> bool:
        """Whether the player zoomed the road (the header says how far)."""
        return self.user_zoom != 1.0

    def to_screen(self, x: float, lane: float) -> tuple[float, float]:
        return self.grid.to_screen((lane + 0.5, x + 0.5))

    def column_at(self, px: float) -> float:
        return self.grid.to_grid((px, self.road.y))[1] - 0.5

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
        # Numbers at least 34 design pixels apart: they grow with the UI scale, and so does their pitch.
        pitch = 34 * self.label_scale
        step = next((k for k in (1, 2, 5, 10, 20, 50, 100) if k * cw >= pitch), 100)
        first = max(0, math.floor(self.cam) - 1)
        last = min(level.length, math.ceil(self.cam + self.visible_columns) + 1)
        ruler = self.ruler_size()
        finish_label = f"⚑ {level.length}"
        # The finish's mark starts at the line and stands over the run-off (column ``length``, where a
        # bike that crossed is): centred on the line it took the room of the last column's number, and
        # "63 ⚑ 65" left the last cell of the road, the one a bike must reach, unnumbered.
        finish_w, finish_h = theme.font(ruler, True, fixed=True).size(finish_label)
        label_left = min(max(finish_x + theme.px(4), road.x + theme.px(4)), road.right - finish_w - theme.px(4))
        finish_shown = road.x - 4 <= finish_x <= road.right + 4
        finish_rect = pygame.Rect(round(label_left), self.sky.bottom - 2 - finish_h, finish_w, finish_h)
        finish_rect.inflate_ip(2 * theme.px(3), 0)  # a number beside it keeps a gap, never touches it
        number_size = ruler_font(theme, ruler).size
        for column in range(first, last):
            x0 = self.to_screen(column - 0.5, 0)[0]
            if cw >= 14:
                pygame.draw.line(surface, colours["grid"], (x0, road.y), (x0, road.bottom))
            mask = level.hole_columns[column]
            for lane in range(LANES):
                if mask >> lane & 1:
                    cell = pygame.Rect(round(x0), road.y + lane * self.lane_h, math.ceil(cw), self.lane_h)
                    draw_hole(surface, theme, cell, colours)
            # A number is drawn whole or not at all, as on every grid: cut by the road's edge, "23" read "2".
            if column % step == 0 \
                    and whole_labels([(str(column), (round(x0 + cw / 2), road.centery))], number_size, road):
                number = pygame.Rect((0, 0), number_size(str(column)))
                number.midbottom = (round(x0 + cw / 2), self.sky.bottom - 2)
                if not (finish_shown and number.colliderect(finish_rect)):  # a crowded finish: its number wins
                    draw_text(surface, theme, str(column), number.midbottom, size=ruler, fixed=True,
                              colour=theme["text_dim"], anchor="midbottom")
        self._draw_lane_numbers(surface, theme)
        if finish_shown:
            draw_finish(surface, theme, int(finish_x), road.y, road.bottom, self.finish_square)
            draw_text(surface, theme, finish_label, (label_left, self.sky.bottom - 2), size=ruler, bold=True,
                      fixed=True, colour=theme["text"], anchor="bottomleft")

    def _draw_lane_numbers(self, surface: pygame.Surface, theme: Theme) -> None:
        """Each lane's number (the Y of the rules, as the messages say "lane 1") at the view's left
        edge: in the verge before the road while the start shows (far left, clear of a bike's back
        wheel at x=0, which hid the number beside the road), at the road's edge once it scrolled."""
        x = self.road.x + self.lane_number_place()[0]
        size = self.lane_number_size()
        for lane in range(LANES):
            centre = (round(x), self.road.y + lane * self.lane_h + self.lane_h // 2)
            pygame.draw.circle(surface, theme["panel"], centre, size - 2)
            draw_text(surface, theme, str(lane), centre, size=size, bold=True, fixed=True, colour=theme["text_dim"],
                      anchor="center")

    def draw_bikes(self, surface: pygame.Surface, theme: Theme, motions: Sequence[Motion], t: float,
                   falls: dict[int, float], length: int) -> None:
        """Every bike at progress ``t``; ``falls`` maps a bike to how far its fall has gone (0..1)."""
        size = self.bike_size
        # A hole holding two wrecks draws them side by side, the lower number first.
        poses = [motion.at(t) for motion in motions]
        holes = Counter((pose.x, pose.lane) for pose in poses if pose.crashed)
        wrecks: Counter[tuple[float, float]] = Counter()  # how many wrecks of each hole are drawn
        for index, (motion, pose) in enumerate(zip(motions, poses, strict=True)):
            if pose.crashed:
                cell = pygame.Rect(0, 0, math.ceil(self.cell_w), self.lane_h)
                cell.center = tuple(map(round, self.to_screen(pose.x, pose.lane)))
                progress = falls.get(index, 1.0)
                if progress < 1.0:
                    draw_bike(surface, theme, cell.center, size, index, tilt=-200 * progress,
                              scale=max(0.15, 1 - 0.85 * progress), alpha=int(255 * (1 - 0.6 * progress)))
                else:
                    spot = (pose.x, pose.lane)
                    draw_wreck(surface, theme, cell, index, holes[spot] - 1 - wrecks[spot])
                    wrecks[spot] += 1
                continue
            cy = self.to_screen(pose.x, pose.lane)[1]
            cx = self.bike_x(pose.x, length)
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
                          anchor="center", fixed=True)
