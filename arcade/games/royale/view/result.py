"""Battle Royale round-over overlay (ui): what happened, the par, and both routes on a mini-map."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from arcade.ui.overlays import ResultScene
from arcade.ui.text import draw_text

from .paint import draw_route, minimap

if TYPE_CHECKING:
    from .scene import RoyaleScene

#: The mini-map's height in a small window (pixels), and the share of a taller window's height it
#: may take: a fixed 250 pixels left the two routes a thumbnail in a 1080-pixel window (21x21
#: cells of 11 pixels, the route lines hard to follow) with two thirds of the screen unused.
MAP_MAX = 250
MAP_SHARE = 0.45


def route_name(exact: bool) -> str:
    """What the result calls the par's route: the optimal one only when the solver proved it; a par
    the time limit cut short ("6+?") is the best route the AI found. The mini-map's legend said
    "optimal route (6 loot)" beside "not proven best"."""
    return "optimal route" if exact else "best route found"


def on_map(exact: bool) -> str:
    """Where the result's par line points for the par's route: the mini-map under it (see
    :func:`on_board` for a window without one)."""
    return f"(the {route_name(exact)} is dashed below)"


def on_board(exact: bool) -> str:
    """The par line's pointer in a window with no room for the mini-map (640x400): the board, where
    Look at board shows the route. The panel said "dashed below" over no map at all."""
    return f"(Look at board shows the {route_name(exact)}, dashed)"


#: The pointers for a proven par (the usual case).
ON_MAP = on_map(True)
ON_BOARD = on_board(True)


class RoyaleResultScene(ResultScene):
    """The result panel with a mini-map: your trail (solid ring start) against the optimal route (dashed)."""

    def __init__(self, scene: RoyaleScene, title: str, lines: list[str],
                 buttons: list[tuple[str, Callable[[], None]]], role: str) -> None:
        super().__init__(title, lines, buttons, role=role)
        self.scene = scene
        self._map: pygame.Surface | None = None
        self._map_key: tuple = ()
        self.map_rect = pygame.Rect(0, 0, 0, 0)

    def resize(self, size: tuple[int, int]) -> None:
        self._layout(size)
        # The par line names where the par's route is drawn: under it only when the map fits.
        said = self.lines
        for exact in (True, False):
            here, there = on_map(exact), on_board(exact)
            said = [line.replace(there, here) if self._map_height else line.replace(here, there) for line in said]
        if said != self.lines:
            self.lines = said
            self._layout(size)

    def _layout(self, size: tuple[int, int]) -> None:
        """The panel laid out for ``size`` with room for the mini-map under the text, if the window has it."""
        super().resize(size)
        room = size[1] - 20 - self.panel.height
        self._map_height = max(0, min(max(MAP_MAX, int(size[1] * MAP_SHARE)), room - 40))
        if self._map_height < 60:
            self._map_height = 0
        else:  # as high as the map is drawn (its cells are square): no empty band above the buttons
            level = self.scene.session.state.level
            cell = max(2, min((self.panel.width - 48) // level.cols, self._map_height // level.rows))
            self._map_height = min(self._map_height, cell * level.rows)
        extra = self._map_height + self.app.theme.px(34) if self._map_height else 0
        bottom = self.panel.bottom
        self.panel.height += extra
        self.panel.center = (size[0] // 2, size[1] // 2)
        # The buttons keep their rows (five wrap onto two in a narrow window), moved with the bottom.
        for b in self.buttons:
            b.rect.y += self.panel.bottom - bottom
        self._map = None

    def _minimap(self) -> pygame.Surface | None:
        assert self.app is not None
        if not self._map_height:
            return None
        state = self.scene.session.state
        par = self.scene.par_route
        optimal = par.cells if par is not None else None
        key = (state, None if par is None else (par.start, par.moves), self._map_height, self.app.theme.palette_name)
        if self._map is None or key != self._map_key:
            width = self.panel.width - 48
            self._map = minimap(self.app.theme, state.level, (width, self._map_height), state.path,
                                optimal, state.collected)
            self._map_key = key
        return self._map

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        assert self.app is not None
        theme = self.app.theme
        image = self._minimap()
        if image is None:
            self.map_rect = pygame.Rect(0, 0, 0, 0)  # no room for it in this window
            return
        px = theme.px  # below the body, whose lines are laid out at the window's UI scale (PanelScene)
        top = self.panel.y + px(70) + px(26) * len(self._body) + px(6)
        rect = image.get_rect(midtop=(self.panel.centerx, top))
        surface.blit(image, rect)
        pygame.draw.rect(surface, theme["grid"], rect, 1)
        self.map_rect = rect
        # Legend: a short sample of each line style, then its words.
        y = rect.bottom + px(16)
        items = self.legend()
        widths = [px(44) + theme.font(15).size(text)[0] for _, _, text in items]
        x = self.panel.centerx - (sum(widths) + px(24) * (len(items) - 1)) // 2
        for (role, dashed, text), w in zip(items, widths):
            draw_route(surface, theme, [(x + 2, y), (x + px(34), y)], 14, role, dashed=dashed, markers=False)
            draw_text(surface, theme, text, (x + px(42), y), size=15, anchor="midleft")
            x += w + px(24)

    def legend(self) -> list[tuple[str, bool, str]]:
        """The mini-map legend's entries: the line's colour role, whether dashed, and its words."""
        par = self.scene.par_route
        whose = self.scene.route_owner(capital=False)
        route = f"{whose} route" if whose else "the route played"  # the AI and you: the credit line says who
        items = [("player1", False, f"{route} ({self.scene.session.state.loot} loot)")]
        if par is not None:
            items.append(("player2", True, f"{route_name(par.exact)} ({par.loot} loot)"))
        else:
            items.append(("text_dim", True, "optimal route: " + self.scene.par_text()))
        return items
