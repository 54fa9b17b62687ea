"""Battle Royale drawing (ui): cell keys and painters, routes, the player and the mini-map.

Each cell's look is a small tuple (its *key*) computed from the state; the shared
GridView repaints only cells whose key changed. Zones pair a colour with a pattern so
they read without colour: safe cells are plain, "no spare moves" cells carry one
diagonal stripe, doomed cells a dense hatch, storm cells a dark cross-hatch, and the
edge of the reachable diamond is a thick outline.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

from arcade.games.royale.logic import Cell, Level, State
from arcade.ui.text import draw_text
from arcade.ui.theme import Theme, blend

SAFE, EDGE, DOOMED, STORM = range(4)
NO_LOOT, LOOT, TAKEN = range(3)
# The marks drawn over the cells, named as the legend names them (the scene records which it drew,
# and a test checks that the legend lists every one of them).
NEXT_EDGE, OPTIMAL, HINT = "storm's next edge", "optimal route (O)", "hint (H)"
DROP_OK, DROP_NO = "may drop here", "may not drop here"
YOU, STEP = "you, your route", "a step you can take"


def horizon(state: State) -> int:
    """The move count zones are judged at: the next move once placed, the drop itself before."""
    return state.moves + 1 if state.placed and not state.over else state.moves


def zone_of(level: Level, cell: Cell, k: int, h: int) -> int:
    """Zone of ``cell`` when the storm has shrunk ``k`` times, judged for a player arriving at move ``h``."""
    return _zone(level.in_box(cell, k), level.max_moves - h - level.distance_to_centre(cell))


def _zone(inside: bool, spare: int) -> int:
    """The zone rule itself: outside the storm's box, storm; else by the moves to spare on the way
    to the centre (none: doomed, one: the edge). :func:`cell_keys` applies it to a whole grid."""
    if not inside:
        return STORM
    return DOOMED if spare < 0 else EDGE if spare < 2 else SAFE


def cell_keys(state: State, k: int | None = None) -> list[list[tuple]]:
    """The key of every cell (zone, loot, trail, centre, outline mask) for ``state``.

    ``k`` overrides the storm's shrink count (the ring animation shows the old ring). Each cell's
    zone is :func:`zone_of`, worked out here from the level's geometry read once: asked per cell
    through the level's properties (three calls a cell), a 51x51 grid's keys took 4.2 ms of the
    main thread's CPU, now 1.3 ms -- twice on every step (the new keys and the old ring's).

    Once the round is over (:attr:`State.over`) there is no next move to judge: the final zone is
    plain and the storm cross-hatched, with no diamond outline. A finished board used to keep the
    hatching and the outlined diamond of a move that could no longer happen, as if play went on.
    """
    level = state.level
    if k in (None, state.moves) and state.over:
        return _final_keys(state)
    k = state.moves if k is None else k
    h = k + (1 if state.placed else 0)  # the next move's :func:`horizon` (a finished round returned above)
    rows, cols = level.rows, level.cols
    budget = level.max_moves - h
    cr, cc = level.centre
    top, bottom, left, right = level.box(k)
    trail = set(state.path)
    collected = state.collected
    loot_rows = level.loot
    sides = tuple(enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))))
    keys = []
    for r in range(rows):
        row = []
        loot_row = loot_rows[r]
        dr0 = abs(r - cr)
        inside_rows = top <= r <= bottom
        for c in range(cols):
            cell = (r, c)
            distance = dr0 + abs(c - cc)
            zone = _zone(inside_rows and left <= c <= right, budget - distance)
            if loot_row[c]:
                loot = TAKEN if cell in collected else LOOT
            else:
                loot = NO_LOOT
            mask = 0
            if budget >= 0 and distance <= budget and zone != STORM:
                # Outline the reachable diamond: sides whose neighbour is outside it.
                for bit, (dr, dc) in sides:
                    if abs(r + dr - cr) + abs(c + dc - cc) > budget:
                        mask |= 1 << bit
            row.append((zone, loot, cell in trail, cell == (cr, cc), mask))
        keys.append(row)
    return keys


def _final_keys(state: State) -> list[list[tuple]]:
    """The keys of a finished round: inside the last box plain (:data:`SAFE`), outside storm."""
    level = state.level
    top, bottom, left, right = level.box(state.moves)
    trail, collected = set(state.path), state.collected
    keys = []
    for r in range(level.rows):
        row = []
        for c in range(level.cols):
            cell = (r, c)
            zone = SAFE if top <= r <= bottom and left <= c <= right else STORM
            loot = (TAKEN if cell in collected else LOOT) if level.loot[r][c] else NO_LOOT
            row.append((zone, loot, cell in trail, cell == level.centre, 0))
        keys.append(row)
    return keys


def zone_colour(theme: Theme, zone: int) -> tuple[int, int, int]:
    """The background of a cell in ``zone`` (SAFE, EDGE, DOOMED or STORM): tinted by danger, quietly,
    so loot and trail drawn on it stay the strongest marks. The scene tests compare pixels with it.
    """
    if zone == SAFE:
        return theme["panel_light"]
    if zone == EDGE:
        return blend(theme["panel_light"], theme["warning"], 0.22)
    if zone == DOOMED:
        return blend(theme["panel"], theme["error"], 0.07)  # quiet: most of a fresh grid is doomed
    return blend(theme["background"], theme["special"], 0.10)


def hatch(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], lines: int,
          width: int = 1, cross: bool = False) -> None:
    """Diagonal lines (bottom-left to top-right) across ``rect``; ``cross`` adds the other diagonal."""
    size = rect.width
    for i in range(1, lines + 1):
        t = i / (lines + 1) * 2 * size
        a = (rect.left + max(0, t - size), rect.bottom - 1 - min(t, size))
        b = (rect.left + min(t, size), rect.bottom - 1 - max(0, t - size))
        pygame.draw.line(surface, colour, a, b, width)
        if cross:
            pygame.draw.line(surface, colour, (a[0], rect.top + rect.bottom - 1 - a[1]),
                             (b[0], rect.top + rect.bottom - 1 - b[1]), width)


def draw_coin(surface: pygame.Surface, theme: Theme, center: tuple[float, float], radius: float,
              taken: bool = False, alpha: int = 255) -> None:
    """Loot: a gold coin with a rim; taken loot is an empty dashed ring."""
    x, y = round(center[0]), round(center[1])
    radius = max(2, round(radius))
    if taken:
        colour = theme["text_dim"]
        if radius < 5:
            pygame.draw.circle(surface, colour, (x, y), radius, 1)
            return
        for k in range(8):
            a0 = k * math.pi / 4
            pygame.draw.arc(surface, colour, (x - radius, y - radius, 2 * radius, 2 * radius), a0, a0 + 0.5, 2)
        return
    gold = theme["highlight"]
    pygame.draw.circle(surface, blend(gold, theme["shadow"], 0.55), (x, y + max(1, radius // 6)), radius)
    pygame.draw.circle(surface, gold, (x, y), radius)
    if radius >= 5:
        pygame.draw.circle(surface, blend(gold, theme["shadow"], 0.35), (x, y), radius, max(1, radius // 5))
        pygame.draw.circle(surface, blend(gold, (255, 255, 255), 0.55), (x - radius // 3, y - radius // 3),
                           max(1, radius // 4))


def draw_target(surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
    """The centre: concentric rings (a target), readable at any size."""
    colour = theme["good"]
    cx, cy = rect.center
    radius = rect.width * 0.42
    for frac, width in ((1.0, 2), (0.62, 2), (0.22, 0)):
        r = max(1, round(radius * frac))
        pygame.draw.circle(surface, colour, (cx, cy), r, width if r > 3 else 0)


def paint_cell(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, key: tuple) -> None:
    """Paint one cell from its key (see :func:`cell_keys`)."""
    zone, loot, trail, centre, mask = key
    size = rect.width
    base = zone_colour(theme, zone)
    if trail and zone != STORM:
        base = blend(base, theme["player1"], 0.22)
    surface.fill(base, rect)
    if size >= 6:
        if zone == EDGE:
            hatch(surface, rect, blend(base, theme["warning"], 0.75), 1, max(1, size // 14))
        elif zone == DOOMED:
            # Before the drop most of a big grid is doomed: a light, sparse hatch says so without
            # drowning the loot and the safe diamond in red.
            hatch(surface, rect, blend(base, theme["error"], 0.32), 2 if size >= 14 else 1, 1)
        elif zone == STORM:
            hatch(surface, rect, blend(base, theme["text_dim"], 0.18), 2 if size >= 14 else 1, 1, cross=True)
    if size >= 5:
        pygame.draw.rect(surface, theme["grid_faint"] if zone != STORM else theme["background"], rect, 1)
    if centre:
        draw_target(surface, theme, rect)
    if loot and zone == STORM:
        # Loot the storm swallowed: a dim grey disc, out of the game.
        pygame.draw.circle(surface, blend(base, theme["text_dim"], 0.35), rect.center, max(1, round(size * 0.18)))
    elif loot:
        draw_coin(surface, theme, rect.center, size * 0.3, taken=loot == TAKEN)
    if mask:
        width = max(2, size // 9)
        colour = theme["accent"]
        if mask & 1:
            surface.fill(colour, (rect.left, rect.top, size, width))
        if mask & 2:
            surface.fill(colour, (rect.left, rect.bottom - width, size, width))
        if mask & 4:
            surface.fill(colour, (rect.left, rect.top, width, size))
        if mask & 8:
            surface.fill(colour, (rect.right - width, rect.top, width, size))


def dashed_polyline(surface: pygame.Surface, colour: tuple[int, int, int], points: Sequence[tuple[float, float]],
                    width: int, dash: float, gap: float) -> None:
    """A dashed line through ``points`` (the pattern continues across corners)."""
    on, left = True, dash
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while pos < length - 1e-6:
            step = min(left, length - pos)
            if on:
                a = (x0 + (x1 - x0) * pos / length, y0 + (y1 - y0) * pos / length)
                b = (x0 + (x1 - x0) * (pos + step) / length, y0 + (y1 - y0) * (pos + step) / length)
                pygame.draw.line(surface, colour, a, b, width)
            pos += step
            left -= step
            if left <= 1e-6:
                on = not on
                left = dash if on else gap


def draw_route(surface: pygame.Surface, theme: Theme, points: list[tuple[float, float]], cell: float,
               role: str, dashed: bool = False, markers: bool = True) -> None:
    """A route through cell centres: solid for the player's trail, dashed with diamonds for the optimum."""
    if not points:
        return
    colour = theme[role]
    width = max(2, round(cell / 7))
    if len(points) > 1:
        if dashed:
            dashed_polyline(surface, colour, points, width, max(4.0, cell * 0.45), max(3.0, cell * 0.25))
        else:
            pygame.draw.lines(surface, colour, False, points, width)
    if markers and cell >= 8:
        s = max(2.5, cell * 0.12)
        for x, y in points[1:-1] if dashed else []:
            pygame.draw.polygon(surface, colour, [(x, y - s), (x + s, y), (x, y + s), (x - s, y)])
    x, y = points[0]
    s = max(3.0, cell * 0.22)
    # Start marker: a square (dashed route) or a ring (trail) -- shapes, not just colours.
    if dashed:
        pygame.draw.rect(surface, colour, (x - s, y - s, 2 * s, 2 * s), max(1, width // 2 + 1))
    else:
        pygame.draw.circle(surface, colour, (round(x), round(y)), round(s), max(1, width // 2 + 1))


def draw_player(surface: pygame.Surface, theme: Theme, center: tuple[float, float], cell: float,
                dead: bool = False, pulse: float = 0.0, halo: bool | None = None) -> None:
    """The player: a ringed disc (a cross when the storm got them); ``halo`` (by default below
    20-pixel cells) rings it to stand out of a busy board -- not the legend's sample, on plain panel."""
    x, y = round(center[0]), round(center[1])
    radius = max(5, round(cell * (0.36 + 0.04 * pulse)))
    if cell < 20 if halo is None else halo:
        # Small cells: a halo so the player stands out of a busy board.
        pygame.draw.circle(surface, theme["text"], (x, y), radius + 4, 2)
    if dead:
        colour = theme["error"]
        s = radius
        w = max(2, radius // 3)
        pygame.draw.line(surface, colour, (x - s, y - s), (x + s, y + s), w)
        pygame.draw.line(surface, colour, (x - s, y + s), (x + s, y - s), w)
        return
    pygame.draw.circle(surface, theme["shadow"], (x, y + max(1, radius // 5)), radius)
    pygame.draw.circle(surface, theme["player1"], (x, y), radius)
    pygame.draw.circle(surface, theme["text"], (x, y), radius, max(1, radius // 5))
    if radius >= 8:
        pygame.draw.circle(surface, theme["text"], (x, y - radius // 3), max(1, radius // 4))


def draw_drop_mark(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, ok: bool) -> None:
    """Before the drop: a cell you may drop on (green frame, ✓) or may not (red frame, ✗).

    Shared by the board and the legend, so the legend's sample is the board's mark itself.
    """
    size = rect.width
    role = "good" if ok else "error"
    pygame.draw.rect(surface, theme[role], rect.inflate(2, 2), max(2, size // 9))
    if size >= 14:
        draw_text(surface, theme, "✓" if ok else "✗", (rect.right - 2, rect.top + 1), size=max(10, size // 3),
                  bold=True, fixed=True, anchor="topright", colour=theme[role])


def draw_arrow(surface: pygame.Surface, colour: tuple[int, int, int], a: tuple[float, float],
               b: tuple[float, float], width: int) -> None:
    """A line from ``a`` to ``b`` with a filled head at ``b`` (at least 6 px, so it reads on small cells):
    the hint's next step.
    """
    pygame.draw.line(surface, colour, a, b, width)
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    head = max(6.0, width * 2.6)
    left = (b[0] - head * math.cos(angle - 0.5), b[1] - head * math.sin(angle - 0.5))
    right = (b[0] - head * math.cos(angle + 0.5), b[1] - head * math.sin(angle + 0.5))
    pygame.draw.polygon(surface, colour, [b, left, right])


def minimap(theme: Theme, level: Level, size: tuple[int, int], trail: Sequence[Cell],
            optimal: Sequence[Cell] | None, collected: frozenset[Cell]) -> pygame.Surface:
    """A small picture of the level with the player's trail (solid) and the optimal route (dashed)."""
    cell = max(2, min(size[0] // level.cols, size[1] // level.rows))
    surf = pygame.Surface((cell * level.cols, cell * level.rows))
    K = level.max_moves
    cr, cc = level.centre
    for r in range(level.rows):
        for c in range(level.cols):
            rect = pygame.Rect(c * cell, r * cell, cell, cell)
            inside = abs(r - cr) + abs(c - cc) <= K
            surf.fill(theme["panel_light"] if inside else blend(theme["background"], theme["panel"], 0.5), rect)
            if level.loot[r][c]:
                draw_coin(surf, theme, rect.center, max(1.5, cell * 0.3), taken=(r, c) in collected)
    draw_target(surf, theme, pygame.Rect(cc * cell, cr * cell, cell, cell))

    def points(cells: Sequence[Cell]) -> list[tuple[float, float]]:
        return [((c + 0.5) * cell, (r + 0.5) * cell) for r, c in cells]

    if optimal:
        draw_route(surf, theme, points(optimal), cell, "player2", dashed=True)
    if trail:
        draw_route(surf, theme, points(trail), cell, "player1")
    return surf
