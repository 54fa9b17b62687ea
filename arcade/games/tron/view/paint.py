"""Drawing a Tron board (ui): floor and walls, glowing trails, heads, countdown and crash effects.

Trails are cached per cell on the shared :class:`GridView`: a cell's key is (owner,
which sides its trail runs out of, dimmed?), so each tick repaints only the two cells
whose trail changed. Heads, heading arrows, crash bursts and the countdown move every
frame and are drawn on top. Colour is never the only cue: cycle 1's trail is a solid
tube and cycle 2's a hollow one, and each head carries its number.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence

import pygame

from arcade.games.tron.logic import DELTAS, OPPOSITE, Level, State
from arcade.ui.gridview import GridView
from arcade.ui.text import draw_text, wrap_balanced
from arcade.ui.theme import Theme, blend

SIDE_BITS = {"N": 1, "E": 2, "S": 4, "W": 8}


def floor_colour(theme: Theme) -> tuple[int, int, int]:
    """The arena's floor: the background darkened, so trails in player colours stand out on it."""
    return blend(theme["background"], (0, 0, 0), 0.35)


def player_colour(theme: Theme, player: int) -> tuple[int, int, int]:
    """Player ``player``'s (0 or 1) trail and cycle colour, the palette's player roles."""
    return theme[f"player{player + 1}"]


class TrailMap:
    """Which sides each trail cell connects to, rebuilt from the round's states as it goes.

    Cell ``(x, y)`` -> ``(owner, side bits)``. Going one tick forward only touches the
    cells the heads left; any other jump (a replay seek, a new round) rebuilds.
    """

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], tuple[int, int]] = {}
        self.index = -1
        self.key: object = None

    def _add(self, before: State, after: State) -> list[tuple[int, int]]:
        changed = []
        for player in (0, 1):
            pos = before.heads[player]
            sides = 0
            came = before.directions[player]
            if came is not None:
                sides |= SIDE_BITS[OPPOSITE[came]]
            went = after.directions[player]
            if went is not None:
                sides |= SIDE_BITS[went]
            self.cells[pos] = (player, sides)
            changed.append(pos)
        return changed

    def update(self, state_at: Callable[[int], State], index: int, key: object) -> list[tuple[int, int]] | None:
        """Bring the map to ``state_at(index)``; ``key`` identifies the round (a new key rebuilds).

        Returns the cells that changed, or None when the map was rebuilt (anything may have).
        """
        if key == self.key and index == self.index:
            return []
        changed: list[tuple[int, int]] | None
        if key == self.key and index == self.index + 1 and index >= 1:
            changed = self._add(state_at(index - 1), state_at(index))
        else:
            self.cells = {}
            for i in range(1, index + 1):
                self._add(state_at(i - 1), state_at(i))
            changed = None
        self.key = key
        self.index = index
        return changed


class BoardPainter:
    """Paints one map at the GridView's current layout."""

    def __init__(self, level: Level, view: GridView, theme: Theme) -> None:
        self.level = level
        self.view = view
        self.theme = theme
        self._shades: dict[tuple[int, int], pygame.Surface] = {}
        self._titles: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}
        self.band = pygame.Rect(0, 0, 0, 0)
        view.set_background_painter(self.paint_background)

    def paint_background(self, surface: pygame.Surface, view: GridView) -> None:
        theme, level = self.theme, self.level
        floor = floor_colour(theme)
        surface.fill(floor)
        cell = view.cell
        faint = blend(floor, theme["grid_faint"], 0.8)
        if cell >= 6:
            for x in range(level.width + 1):
                pygame.draw.line(surface, faint, (x * cell, 0), (x * cell, level.height * cell))
            for y in range(level.height + 1):
                pygame.draw.line(surface, faint, (0, y * cell), (level.width * cell, y * cell))
        wall = blend(theme["grid"], floor, 0.35)
        edge = blend(theme["grid"], theme["text"], 0.3)
        line = max(1, cell // 10)
        for y, row in enumerate(level.rows):
            for x, ch in enumerate(row):
                if ch == "#":
                    pygame.draw.rect(surface, wall, pygame.Rect(x * cell, y * cell, cell, cell))
        # A bright edge where a wall meets floor, so walls read as solid blocks.
        for y, row in enumerate(level.rows):
            for x, ch in enumerate(row):
                if ch != "#":
                    continue
                left, top = x * cell, y * cell
                if y > 0 and level.rows[y - 1][x] != "#":
                    pygame.draw.rect(surface, edge, pygame.Rect(left, top, cell, line))
                if y + 1 < level.height and level.rows[y + 1][x] != "#":
                    pygame.draw.rect(surface, edge, pygame.Rect(left, top + cell - line, cell, line))
                if x > 0 and row[x - 1] != "#":
                    pygame.draw.rect(surface, edge, pygame.Rect(left, top, line, cell))
                if x + 1 < level.width and row[x + 1] != "#":
                    pygame.draw.rect(surface, edge, pygame.Rect(left + cell - line, top, line, cell))
        # The edge of the map is a wall too (some maps have no border row).
        pygame.draw.rect(surface, edge, surface.get_rect(), width=max(1, cell // 10))

    def paint_trail(self, board: pygame.Surface, cell: tuple[int, int], rect: pygame.Rect, key: Hashable) -> None:
        if key is None:
            return
        owner, sides, dim = key  # type: ignore[misc]
        theme = self.theme
        floor = floor_colour(theme)
        colour = player_colour(theme, owner)
        if dim:
            colour = blend(colour, floor, 0.55)
        glow = blend(colour, floor, 0.72)
        size = rect.width
        core = max(2, round(size * 0.42))
        halo = max(core + 2, round(size * 0.8))
        for width, fill in ((halo, glow), (core, colour)):
            _tube(board, rect, sides, width, fill)
        if owner == 1 and core >= 6:
            # Cycle 2's tube is hollow: a dark stripe down its middle (a cue beyond colour).
            _tube(board, rect, sides, max(2, core // 3), floor)

    def draw_head(self, surface: pygame.Surface, player: int, pos: tuple[int, int], heading: str | None,
                  *, crashed: bool, pulse: float = 0.0, arrow: bool = False, shared: bool = False) -> None:
        """A head: a bright block with its number; an arrow shows the heading before the start.

        ``shared``: both heads are on this cell (a head-on crash); each takes its half of the block
        (cycle 1 the left, cycle 2 the right), so both numbers and crosses show -- drawn whole,
        cycle 2's hid cycle 1's."""
        view, theme = self.view, self.theme
        x, y = pos
        rect = view.cell_rect((y, x))
        colour = player_colour(theme, player)
        if not self.level.inside(x, y):
            rect = rect.clip(view.board_rect.inflate(view.cell, view.cell))
        bright = blend(colour, (255, 255, 255), 0.35 + 0.2 * pulse)
        grow = max(2, round(view.cell * (0.18 + 0.08 * pulse)))
        body = rect.inflate(grow, grow)
        if shared:
            half = body.width // 2
            body = pygame.Rect(body.x + player * half, body.y, body.width - half if player else half, body.height)
        glow = pygame.Surface(body.inflate(view.cell // 2, view.cell // 2).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*colour, 70), glow.get_rect(), border_radius=view.cell // 2)
        surface.blit(glow, glow.get_rect(center=body.center))
        pygame.draw.rect(surface, bright, body, border_radius=max(2, view.cell // 5))
        pygame.draw.rect(surface, theme["shadow"], body, width=1, border_radius=max(2, view.cell // 5))
        if view.cell >= 10:
            size = max(9, round(view.cell * (0.5 if shared else 0.7)))
            draw_text(surface, theme, str(player + 1), body.center, size=size, fixed=True,
                      bold=True, colour=theme["text_dark"], anchor="center")
        if crashed:
            self.draw_cross(surface, body, theme["error"])
        elif arrow and heading is not None:
            self.draw_arrow(surface, rect, heading, bright)

    def draw_arrow(self, surface: pygame.Surface, rect: pygame.Rect, heading: str,
                   colour: tuple[int, int, int]) -> None:
        dx, dy = DELTAS[heading]
        cell = self.view.cell
        cx, cy = rect.centerx + dx * cell * 1.25, rect.centery + dy * cell * 1.25
        size = max(4, cell * 0.45)
        # A triangle pointing along the heading.
        tip = (cx + dx * size, cy + dy * size)
        left = (cx - dx * size * 0.3 - dy * size, cy - dy * size * 0.3 + dx * size)
        right = (cx - dx * size * 0.3 + dy * size, cy - dy * size * 0.3 - dx * size)
        pygame.draw.polygon(surface, colour, [tip, left, right])
        pygame.draw.polygon(surface, self.theme["shadow"], [tip, left, right], width=1)

    @staticmethod
    def draw_cross(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
        inset = rect.inflate(-rect.width // 4, -rect.height // 4)
        width = max(2, rect.width // 6)
        pygame.draw.line(surface, colour, inset.topleft, inset.bottomright, width)
        pygame.draw.line(surface, colour, inset.topright, inset.bottomleft, width)

    def draw_burst(self, surface: pygame.Surface, pos: tuple[int, int], t: float, player: int) -> None:
        """A crash: an expanding ring and sparks, ``t`` from 0 to 1."""
        view, theme = self.view, self.theme
        cx, cy = view.cell_center((pos[1], pos[0]))
        cell = view.cell
        colour = blend(player_colour(theme, player), (255, 255, 255), 0.4)
        radius = cell * (0.6 + 2.6 * t)
        alpha = int(255 * (1 - t))
        layer = pygame.Surface((int(radius * 2 + 8), int(radius * 2 + 8)), pygame.SRCALPHA)
        centre = (layer.get_width() / 2, layer.get_height() / 2)
        pygame.draw.circle(layer, (*colour, alpha), centre, radius, width=max(2, cell // 4))
        for k in range(10):
            angle = k * math.tau / 10 + 0.3
            inner = radius * 0.35
            outer = radius * (0.75 + 0.2 * (k % 2))
            a = (centre[0] + math.cos(angle) * inner, centre[1] + math.sin(angle) * inner)
            b = (centre[0] + math.cos(angle) * outer, centre[1] + math.sin(angle) * outer)
            pygame.draw.line(layer, (*theme["highlight"], alpha), a, b, max(1, cell // 6))
        surface.blit(layer, layer.get_rect(center=(round(cx), round(cy))))

    def _banner_place(self, area: pygame.Rect, height: int,
                      avoid: Sequence[tuple[int, int]]) -> tuple[pygame.Rect, float]:
        """The band's rectangle and how clear of the cells ``avoid`` it is (negative: one is under
        it): the middle of ``area`` if none is under it, else the height nearest the middle that
        keeps them clearest."""
        middle = pygame.Rect(area.x, area.centery - height // 2, area.width, height)
        points = [self.view.cell_center(cell) for cell in avoid]
        points = [p for p in points if area.collidepoint(p)]
        margin = self.view.cell * 0.75
        if not points or _clear_of(middle, points, margin) >= 0:
            return middle, 0.0
        places = [middle.move(0, dy) for dy in range(-area.height, area.height, 8)]
        places = [band for band in places if area.top + 4 <= band.top and band.bottom <= area.bottom - 4] or [middle]
        best = max(places, key=lambda band: (min(0.0, _clear_of(band, points, margin)),
                                             -abs(band.centery - middle.centery)))
        return best, _clear_of(best, points, margin)

    def _banner_clear_of(self, area: pygame.Rect, lines: list[tuple[str, str]], title_h: int, line: int,
                         avoid: Sequence[tuple[int, int]]) -> tuple[pygame.Rect, float, int]:
        """The band for ``lines`` in ``area`` (see :meth:`_banner_place`), how clear of the heads it
        is and the big title's height: a smaller title (46 pixels) when the full one (90) leaves no
        room beside the heads."""
        band, clear = self._banner_place(area, title_h + line * len(lines) + 24, avoid)
        if clear < 0 and title_h:
            title_h = 46
            band, clear = self._banner_place(area, title_h + line * len(lines) + 24, avoid)
        return band, clear, title_h

    #: Pixels between a board's frame and a banner put beside it.
    BESIDE_GAP = 12

    def _beside_board(self, board: pygame.Rect, width: int, height: int) -> pygame.Rect | None:
        """A place ``width`` x ``height`` below the board (else above it), clear of its frame and
        inside the view; None when neither side has the room."""
        view = self.view.area
        width = min(width, view.width)
        for top in (board.bottom + self.BESIDE_GAP, board.top - self.BESIDE_GAP - height):
            place = pygame.Rect(0, top, width, height)
            place.centerx = board.centerx
            place = place.clamp(pygame.Rect(view.x, place.y, view.width, height))
            if view.contains(place) and not place.colliderect(board):
                return place
        return None

    def wrap_banner_lines(self, lines: list[tuple[str, str]], width: int) -> list[tuple[str, str]]:
        """``lines`` with any line wider than ``width`` wrapped onto as many lines as it needs, of even
        lengths: a program's crash reason was cut to "ZeroDivisionError: di…", the one line a bot
        author wanted, and a greedy wrap left one word alone under a centred line. A line of parts
        ("Space resumes · Esc menu") breaks between them, the dot dropped: at 640x400 the pause read
        "Space resumes" over "· Esc menu"."""
        out: list[tuple[str, str]] = []
        font = self.theme.font(19)
        for text, role in lines:
            if font.size(text)[0] <= width:
                out.append((text, role))
            elif " · " in text:
                out += self.wrap_banner_lines([(part, role) for part in text.split(" · ")], width)
            else:
                out += [(piece, role) for piece in wrap_balanced(self.theme, text, 19, max(40, width))]
        return out

    def draw_banner(self, surface: pygame.Surface, lines: list[tuple[str, str]], *, big: str = "",
                    big_role: str = "highlight", fade: float = 1.0,
                    avoid: Sequence[tuple[int, int]] = ()) -> None:
        """Text on the board over a translucent band (countdown, round result, pause): centred, or
        above or below the middle when the cells ``avoid`` (row, column: the heads) would be under
        it -- the round's banner hid the crash, "Paused" the bot's head while the player planned.

        The band and the big title are cached (a new font size per frame would load a new
        font each time); ``fade`` (0..1) animates the title's opacity instead.
        """
        theme = self.theme
        board = self.view.board_rect
        area = board.clip(self.view.area) if board.width else self.view.area
        given = lines
        widest = max((theme.font(19).size(text)[0] + 48 for text, _role in lines), default=0)
        title_h = 90 if big else 0
        line = theme.px(30)  # a line of the band grows with its text at the window's UI scale
        if board.width and widest > area.width:
            # Wrapped to the board first: a round's reason at 800x600 ran the band past the board's
            # frame on both sides, where a second line would have kept it on the board.
            wrapped = self.wrap_banner_lines(lines, area.width - 48)
            narrower = max((theme.font(19).size(text)[0] + 48 for text, _role in wrapped), default=0)
            if narrower <= area.width and title_h + line * len(wrapped) + 24 <= area.height:
                lines, widest = wrapped, narrower
        if board.width and (widest > area.width or title_h + line * len(lines) + 24 > area.height):
            # A board too small for the band (the 6x4 test board): the band ran across the board's
            # frame and hid both heads. Beside the board it hides nothing, if there is room.
            outside = self._beside_board(board, max(widest, board.width), title_h + line * len(lines) + 24)
            if outside is not None:
                area = outside
        if widest > area.width:  # still too narrow: let the band run wider, up to the whole area
            area = area.inflate(min(widest, self.view.area.width) - area.width, 0).clamp(self.view.area)
        lines = self.wrap_banner_lines(lines, area.width - 24)
        band, clear, title_h = self._banner_clear_of(area, lines, title_h, line, avoid)
        if clear < 0 and area != self.view.area:
            # Wrapped to a tall, narrow board (a 25x30 map at 1280x800, Text size 150 %) the band
            # had six lines, too tall to miss both heads: "Press an arrow or click to start" was
            # drawn over the player's cycle and the arrow it calls the heading. Across the whole
            # view, where the window has the room, it is short enough to stand clear of them.
            wide = self.wrap_banner_lines(given, self.view.area.width - 24)
            wide_band, wide_clear, wide_title = self._banner_clear_of(self.view.area, wide, 90 if big else 0,
                                                                      line, avoid)
            if wide_clear >= 0:
                area, lines, band, clear, title_h = self.view.area, wide, wide_band, wide_clear, wide_title
        self.band = band  # where the last banner went (tests check it keeps clear of the board)
        shade = self._shades.get(band.size)
        if shade is None:
            shade = pygame.Surface(band.size, pygame.SRCALPHA)
            shade.fill((*theme["shadow"], 175))
            self._shades = {band.size: shade}
        surface.blit(shade, band)
        y = band.y + 12
        if big:
            size = max(24, min(84, self.view.area.height // 5, area.width // max(4, len(big))))
            if title_h < 90:
                size = min(size, 34)
            key = (big, size, theme[big_role])
            image = self._titles.get(key)
            if image is None:
                image = theme.font(size, True, fixed=True).render(big, True, theme[big_role])
                if len(self._titles) > 32:
                    self._titles.clear()
                self._titles[key] = image
            image.set_alpha(round(255 * max(0.0, min(1.0, fade))))
            surface.blit(image, image.get_rect(center=(band.centerx, y + title_h // 2)))
            y += title_h
        for text, role in lines:
            draw_text(surface, theme, text, (band.centerx, y + line // 2 - 1), size=19, colour=theme[role],
                      anchor="center", max_width=band.width - 24)
            y += line


def _clear_of(band: pygame.Rect, points: list[tuple[float, float]], margin: float) -> float:
    """How far the nearest of ``points`` lies outside ``band`` (vertically; negative: under it)."""
    return min((max(band.top - y, y - band.bottom) - margin for _x, y in points), default=float("inf"))


def _tube(board: pygame.Surface, rect: pygame.Rect, sides: int, width: int, fill: tuple[int, int, int]) -> None:
    """A square of ``width`` at the cell's centre, extended to every side in ``sides`` (a trail segment)."""
    cx, cy = rect.center
    half = width // 2
    pygame.draw.rect(board, fill, pygame.Rect(cx - half, cy - half, width, width))
    for side, (dx, dy) in DELTAS.items():
        if not sides & SIDE_BITS[side]:
            continue
        if dx:
            x0 = cx if dx > 0 else rect.left
            x1 = rect.right if dx > 0 else cx
            pygame.draw.rect(board, fill, pygame.Rect(x0, cy - half, x1 - x0, width))
        else:
            y0 = cy if dy > 0 else rect.top
            y1 = rect.bottom if dy > 0 else cy
            pygame.draw.rect(board, fill, pygame.Rect(cx - half, y0, width, y1 - y0))
