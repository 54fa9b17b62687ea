"""What the Battle Royale screen draws each frame (ui): the board, the storm, the routes, the marks, the side panel.

The board's cells go through the shared :class:`~arcade.ui.gridview.GridView` (repainted only when
their keys changed); on top of them the ring the storm just ate, the storm's next edge, the best
route once shown, the hint's line, the player's trail and the pickup and death effects, the drop
marks under the pointer and the keyboard's cursor, then the rulers and the side panel (cached until
its inputs change). How one cell, route or mark looks is :mod:`.paint`'s and the side panel's
text :mod:`.panel`'s; this module decides what is on screen from the scene's state and changes
none of it (it records the marks it drew, ``marks_drawn``, for the legend). It is separate because
a reader of the rules of a move should not wade through pixels.

It reads the scene's ``session``, ``app``, ``grid``, ``board_area``, ``tweens``, ``keys``, ``ring``,
``step_from``, ``pickups``, ``flash``, ``cursor``, ``keyboard``, ``hint``, ``show_optimal``,
``par_route``, ``par_status`` and ``par_text``, and keeps ``side_rect``, ``_side_cache``,
``_rendered_version`` and ``marks_drawn``.
"""

from __future__ import annotations

from typing import Any

import pygame

from arcade.core.game import Hint
from arcade.games.royale import controller
from arcade.games.royale.logic import Cell, State
from arcade.games.royale.solver import Route
from arcade.ui.theme import blend

from .paint import (
    DROP_NO,
    DROP_OK,
    HINT,
    NEXT_EDGE,
    OPTIMAL,
    STEP,
    YOU,
    dashed_polyline,
    draw_arrow,
    draw_drop_mark,
    draw_player,
    draw_route,
    paint_cell,
)
from .panel import render_side

SIDE_WIDTH = 236


class DrawingMixin:
    """The board and side panel as drawn each frame (see the module's docstring)."""

    # Provided by the scene this is mixed into (RoyaleScene, made in its __init__ and level_changed).
    session: Any
    app: Any
    grid: Any
    board_area: pygame.Rect
    tweens: Any
    keys: list[list[tuple]]
    ring: tuple[int, pygame.Surface | None, list[list[tuple]]] | None
    step_from: Cell | None
    pickups: list[Cell]
    flash: Cell | None
    cursor: Cell
    keyboard: Any
    hint: Hint | None
    show_optimal: bool
    par_route: Route | None
    par_status: str
    side_rect: pygame.Rect
    _side_cache: tuple[tuple, pygame.Surface] | None
    _keys_version: int
    _rendered_version: int
    marks_drawn: set[str]

    def layout_board(self, area: pygame.Rect) -> None:
        if area.width >= 760:
            side = self.app.theme.px(SIDE_WIDTH) if self.app is not None else SIDE_WIDTH  # grows with its text
            self.side_rect = pygame.Rect(area.right - side, area.y, side, area.height)
            board = pygame.Rect(area.x, area.y, area.width - side - 12, area.height)
        else:
            self.side_rect = pygame.Rect(0, 0, 0, 0)
            board = area
        self.grid.layout(board, scale=self.app.theme.scale if self.app is not None else None)
        self._side_cache = None
        if self.app is not None:  # where the board is, for end-to-end tests (no-op without a trace file)
            self.app.trace(f"royale-layout {self.grid.cell} {self.grid.origin[0]} {self.grid.origin[1]}")

    def _pixel(self, cell: Cell) -> tuple[float, float]:
        return self.grid.cell_center(cell)

    def draw_board(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        keys = self.keys
        size = self.grid.cell

        def paint(board: pygame.Surface, cell: Cell, rect: pygame.Rect, key: tuple) -> None:
            paint_cell(board, theme, rect, key)

        board_rect = self.grid.board_rect
        with self.grid.clipped(surface, self.grid.area):  # the frame shows only while the edge does
            pygame.draw.rect(surface, theme["grid"], board_rect.inflate(4, 4), 2)
        # Nothing changed since the last frame (the usual case): skip the per-cell key check.
        with self.grid.clipped(surface, whole=self.board_area):  # a zoomed board must not spill onto the chrome
            if self._rendered_version != self._keys_version or not self.grid.blit_cached(surface):
                self.grid.render(surface, lambda cell: keys[cell[0]][cell[1]], paint)
                self._rendered_version = self._keys_version
            state = self.session.state
            self.marks_drawn = set()
            self._draw_ring(surface)
            if state.placed and self.session.outcome is None:
                self._draw_next_edge(surface, state.moves + 1)
                self.marks_drawn.add(NEXT_EDGE)
            if self.show_optimal and self.par_route is not None:
                points = [self._pixel(c) for c in self.par_route.cells]
                draw_route(surface, theme, points, size, "player2", dashed=True)
                self.marks_drawn.add(OPTIMAL)
            self._draw_hint(surface)
            if state.placed:
                self.marks_drawn.add(YOU)
                trail = [self._pixel(c) for c in state.path]
                step = self.tweens.get("step")
                if step is not None and self.step_from is not None and len(trail) >= 2:
                    a, b = self._pixel(self.step_from), trail[-1]
                    t = step.value
                    trail[-1] = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                draw_route(surface, theme, trail, size, "player1")
                drop = self.tweens.get("drop")
                pulse = 0.0 if drop is None else (1 - drop.value) * 4
                draw_player(surface, theme, trail[-1], size, dead=state.dead, pulse=pulse)
            self._draw_effects(surface)
            self._draw_hover(surface, state)
        self.grid.draw_rulers(surface, theme)
        if self.side_rect.width:
            self._draw_side(surface)

    def _draw_ring(self, surface: pygame.Surface) -> None:
        if self.ring is None:
            return
        tween = self.tweens.get("ring")
        if tween is None:
            return
        assert self.app is not None
        theme = self.app.theme
        k, image, old_keys = self.ring
        level = self.session.level
        t = tween.value
        if image is None:
            # The eaten ring as it looked a moment ago, painted once, faded out over the storm.
            rect = self.grid.board_rect
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            top, bottom, left, right = level.box(k - 1)
            size = self.grid.cell
            for r in range(max(0, top), min(level.rows, bottom + 1)):
                for c in range(max(0, left), min(level.cols, right + 1)):
                    if level.in_box((r, c), k):
                        continue
                    cell_rect = pygame.Rect(c * size, r * size, size, size)
                    paint_cell(image, theme, cell_rect, old_keys[r][c])
            self.ring = (k, image, old_keys)
        image.set_alpha(round(255 * (1 - t)))
        surface.blit(image, self.grid.origin)
        # The storm's new edge flashes as it lands.
        self._box_outline(surface, k, blend(theme["error"], theme["text"], 0.3 * (1 - t)), max(2, round(4 * (1 - t))))

    def _box_rect(self, k: int) -> pygame.Rect | None:
        level = self.session.level
        top, bottom, left, right = level.box(k)
        if top > bottom or left > right:
            return None
        a = self.grid.cell_rect((top, left))
        b = self.grid.cell_rect((bottom, right))
        return a.union(b)

    def _box_outline(self, surface: pygame.Surface, k: int, colour: tuple[int, int, int], width: int) -> None:
        rect = self._box_rect(k)
        if rect is not None:
            pygame.draw.rect(surface, colour, rect, width)

    def _draw_next_edge(self, surface: pygame.Surface, k: int) -> None:
        """Where the storm strikes after the next move: a dashed red box."""
        assert self.app is not None
        rect = self._box_rect(k)
        if rect is None:
            return
        corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
        dash = max(4.0, self.grid.cell * 0.4)
        dashed_polyline(surface, self.app.theme["error"], [(float(x), float(y)) for x, y in corners],
                        max(2, self.grid.cell // 12), dash, dash * 0.6)

    def hint_box(self, cells: list[Cell]) -> Cell:
        """The cell the hint's box marks: the drop, else the step to take -- and for a doomed hint,
        whose line is the way back, where it leads (the cell its words name), not its first step."""
        if self.hint is not None and self.hint.rule == "doomed":
            return cells[-1]
        if not self.session.state.placed or len(cells) == 1:
            return cells[0]
        return cells[1]

    def _draw_hint(self, surface: pygame.Surface) -> None:
        hint = self.hint
        if hint is None or not hint.highlight or hint.kind not in ("move", "error"):
            return
        assert self.app is not None
        theme = self.app.theme
        cells = [c for c in hint.highlight if isinstance(c, tuple)]
        if not cells:
            return
        size = self.grid.cell
        self.marks_drawn.add(HINT)
        points = [self._pixel(c) for c in cells]
        if len(points) > 1:
            dashed_polyline(surface, theme["special"], points, max(4, size // 4), max(5.0, size * 0.35),
                            max(3.0, size * 0.2))
        glow = 0.5 + 0.5 * abs(((pygame.time.get_ticks() / 600.0) % 2) - 1)
        colour = blend(theme["special"], theme["text"], glow * 0.6)
        state = self.session.state
        if state.placed and len(points) > 1:
            draw_arrow(surface, colour, points[0], points[1], max(2, size // 7))
        pygame.draw.rect(surface, colour, self.grid.cell_rect(self.hint_box(cells)).inflate(2, 2), max(2, size // 10))

    def _draw_effects(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        size = self.grid.cell
        pickup = self.tweens.get("pickup")
        if pickup is not None and self.pickups:
            t = pickup.value
            x, y = self._pixel(self.pickups[0])
            radius = size * (0.3 + 0.6 * t)
            ring = pygame.Surface((int(radius * 2 + 8), int(radius * 2 + 8)), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*theme["highlight"], round(220 * (1 - t))), ring.get_rect().center,
                               round(radius), max(2, size // 10))
            surface.blit(ring, ring.get_rect(center=(round(x), round(y))))
            label = theme.font(max(14, int(size * 0.6)), bold=True, fixed=True).render("+1", True, theme["highlight"])
            label.set_alpha(round(255 * (1 - t * t)))
            surface.blit(label, label.get_rect(midbottom=(round(x), round(y - size * (0.4 + 0.8 * t)))))
        flash = self.tweens.get("flash")
        if flash is not None and self.flash is not None:
            t = flash.value
            rect = self.grid.cell_rect(self.flash).inflate(size * (1 + t), size * (1 + t))
            overlay = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(overlay, (*theme["error"], round(180 * (1 - t))), overlay.get_rect(),
                             max(3, size // 6), border_radius=max(2, size // 4))
            surface.blit(overlay, rect)

    def _draw_hover(self, surface: pygame.Surface, state: State) -> None:
        assert self.app is not None
        theme = self.app.theme
        size = self.grid.cell
        cells = []
        if not state.placed:
            if self.grid.hover is not None:
                cells.append(self.grid.hover)
            # The keyboard's drop cursor shows only once the keyboard is used: it starts on the
            # centre, which often holds loot, and a red "✗" drawn there unasked made the goal
            # read as forbidden.
            if self.keyboard.shown and self.cursor != self.grid.hover:
                cells.append(self.cursor)
            for cell in cells:
                ok = state.level.is_start(cell)
                draw_drop_mark(surface, theme, self.grid.cell_rect(cell), ok)
                self.marks_drawn.add(DROP_OK if ok else DROP_NO)
        elif self.grid.hover is not None and self.session.outcome is None:
            intent = controller.click(state, self.grid.hover)
            if intent.move is not None:
                pygame.draw.rect(surface, theme["text"], self.grid.cell_rect(self.grid.hover).inflate(2, 2),
                                 max(2, size // 12))
                self.marks_drawn.add(STEP)

    def _draw_side(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        state = self.session.state
        key = (state, self.par_status, self.par_route, self.side_rect.size, self.app.theme.palette_name,
               self.grid.hover if not state.placed else None, self.hint is not None)
        if self._side_cache is None or self._side_cache[0] != key:
            par = f"Par {self.par_text()}" + ("  (thinking)" if self.par_status == "thinking" else "")
            image = render_side(self.app.theme, self.side_rect.size, state, self.session.rules.outcome(state), par,
                                self.par_status == "known", hint_shown=self.hint is not None)
            self._side_cache = (key, image)
        surface.blit(self._side_cache[1], self.side_rect)
