"""The match setup overlay (ui): mode, who drives each cycle, map, speed, bot time and rounds.

Rows are chosen with Up/Down (or the mouse) and changed with Left/Right (or a click on
the arrows); Enter on the map row opens the map picker, Enter elsewhere starts the
match. The overlay edits a plain :class:`MatchSetup` and hands it back, so the game
scene decides what a new setup means (a new match).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pygame

from arcade.core.errors import ArcadeError
from arcade.games.tron import maps
from arcade.games.tron.ai import BOTS, DEFAULT_BOT
from arcade.games.tron.controller import MODE_TITLES, MODES
from arcade.ui.overlays import draw_backdrop, draw_panel
from arcade.ui.picker import Choice, PickerScene
from arcade.ui.scene import Scene
from arcade.ui.widgets import Button, draw_text

SPEEDS = (4, 6, 8, 10, 12, 15, 20, 30)
BOT_TIMES = (25, 50, 100, 200, 500)
BEST_OF = (1, 3, 5, 7, 9)
RANDOM_MAP = "random"
DEFAULT_MAP = "empty-room"


@dataclass(frozen=True)
class MatchSetup:
    """What the player chose; stored in the settings as the next match's defaults."""

    mode: str = "bot"
    bot1: str = "strongest"
    bot2: str = DEFAULT_BOT
    map: str = DEFAULT_MAP
    speed: int = 10
    bot_ms: int = 100
    best_of: int = 3

    def seats(self) -> tuple[str, str]:
        if self.mode == "bot":
            return ("human", self.bot2)
        if self.mode == "humans":
            return ("human", "human")
        return (self.bot1, self.bot2)

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode, "bot1": self.bot1, "bot2": self.bot2, "map": self.map, "speed": self.speed,
                "bot_ms": self.bot_ms, "best_of": self.best_of}

    @classmethod
    def from_dict(cls, data: Any) -> MatchSetup:
        """Read saved preferences, keeping defaults for anything missing or odd."""
        setup = cls()
        if not isinstance(data, dict):
            return setup
        picks: dict[str, Any] = {}
        if data.get("mode") in MODES:
            picks["mode"] = data["mode"]
        for key in ("bot1", "bot2"):
            if data.get(key) in BOTS:
                picks[key] = data[key]
        if isinstance(data.get("map"), str) and data["map"]:
            picks["map"] = data["map"]
        for key, allowed in (("speed", SPEEDS), ("bot_ms", BOT_TIMES), ("best_of", BEST_OF)):
            if data.get(key) in allowed:
                picks[key] = data[key]
        return replace(setup, **picks)


def bot_title(name: str) -> str:
    return BOTS[name].title if name in BOTS else name


def map_title(ref: str) -> str:
    return "Random map (new each match)" if ref == RANDOM_MAP else ref


def map_choices() -> list[Choice]:
    choices = [Choice("Random map", "a fresh symmetric map for each match", RANDOM_MAP, tag="seeded")]
    for entry in maps.bundled():
        try:
            level = entry.load()
        except ArcadeError:  # a damaged file on disk: skip it here, the CLI reports it
            continue
        subtitle = maps.GROUP_TITLES.get(entry.group, entry.group)
        if entry.id in maps.NOTES:
            subtitle += f" · {maps.NOTES[entry.id]}"
        choices.append(Choice(entry.id, subtitle, entry.id, tag=f"{level.width}×{level.height}"))
    return choices


class SetupScene(Scene):
    overlay = True
    ROW = 44

    def __init__(self, setup: MatchSetup, on_start: Callable[[MatchSetup], None]) -> None:
        super().__init__()
        self.title = "New match"
        self.setup = setup
        self.on_start = on_start
        self.selected = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.row_rects: list[pygame.Rect] = []
        self.buttons = [Button("Start", self.start), Button("Cancel", self.close)]

    # -- rows --------------------------------------------------------------------------------
    def rows(self) -> list[tuple[str, str, str]]:
        """(key, label, value text) of the rows that apply to the chosen mode."""
        s = self.setup
        rows = [("mode", "Mode", MODE_TITLES[s.mode])]
        if s.mode == "watch":
            rows.append(("bot1", "Cycle 1", bot_title(s.bot1)))
        else:
            rows.append(("human1", "Cycle 1", "You: WASD" + (" or arrows" if s.mode == "bot" else "")))
        if s.mode == "humans":
            rows.append(("human2", "Cycle 2", "Player 2: arrows"))
        else:
            rows.append(("bot2", "Cycle 2", bot_title(s.bot2)))
        rows += [
            ("map", "Map", map_title(s.map) + "  ▸"),
            ("speed", "Speed", f"{s.speed} ticks per second"),
        ]
        if s.mode != "humans":
            rows.append(("bot_ms", "Bot time", f"{s.bot_ms} ms per move (at most ¾ of a tick)"))
        rows.append(("best_of", "Rounds", f"best of {s.best_of}"))
        return rows

    def change(self, key: str, step: int) -> None:
        s = self.setup
        names = list(BOTS)
        cycle: dict[str, tuple[list[Any], Any]] = {
            "mode": (list(MODES), s.mode), "bot1": (names, s.bot1), "bot2": (names, s.bot2),
            "speed": (list(SPEEDS), s.speed), "bot_ms": (list(BOT_TIMES), s.bot_ms),
            "best_of": (list(BEST_OF), s.best_of),
        }
        if key == "map":
            self.pick_map()
            return
        if key not in cycle:
            return
        values, current = cycle[key]
        index = values.index(current) if current in values else 0
        self.setup = replace(s, **{key: values[(index + step) % len(values)]})
        self.selected = min(self.selected, len(self.rows()) - 1)
        if self.app is not None:
            self.resize(self.app.size)

    def pick_map(self) -> None:
        assert self.app is not None
        choices = map_choices()
        current = next((i for i, c in enumerate(choices) if c.value == self.setup.map), 0)

        def picked(choice: Choice) -> None:
            self.setup = replace(self.setup, map=str(choice.value))

        self.app.push(PickerScene("Choose a map", choices, picked, selected=current))

    def start(self) -> None:
        self.close()
        self.on_start(self.setup)


    # -- layout and input ------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        assert self.app is not None
        rows = self.rows()
        width = min(620, size[0] - 40)
        height = min(size[1] - 20, 80 + self.ROW * len(rows) + 80)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        row_h = min(self.ROW, (height - 160) // max(1, len(rows)))
        self.row_rects = [pygame.Rect(self.panel.x + 16, self.panel.y + 66 + i * row_h, width - 32, row_h - 4)
                          for i in range(len(rows))]
        theme = self.app.theme
        total = sum(b.preferred_width(theme, 17) + 24 for b in self.buttons) + 10
        x = self.panel.centerx - total // 2
        for b in self.buttons:
            w = b.preferred_width(theme, 17) + 24
            b.rect = pygame.Rect(x, self.panel.bottom - 56, w, 38)
            x += w + 10

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        for i, rect in enumerate(self.row_rects):
            if rect.collidepoint(pos):
                return i
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        rows = self.rows()
        if event.type == pygame.MOUSEMOTION:
            row = self._row_at(event.pos)
            if row is not None:
                self.selected = row
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self._row_at(event.pos)
            if row is not None:
                self.selected = row
                rect = self.row_rects[row]
                # The left third steps back, the rest steps forward.
                self.change(rows[row][0], -1 if event.pos[0] < rect.x + rect.width // 3 else 1)
            elif not self.panel.collidepoint(event.pos):
                self.close()
        elif event.type == pygame.KEYDOWN:
            key = rows[self.selected][0]
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_UP, pygame.K_w):
                self.selected = (self.selected - 1) % len(rows)
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.selected = (self.selected + 1) % len(rows)
            elif event.key in (pygame.K_LEFT, pygame.K_a):
                self.change(key, -1)
            elif event.key in (pygame.K_RIGHT, pygame.K_d):
                self.change(key, 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if key == "map":
                    self.pick_map()
                else:
                    self.start()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        draw_backdrop(surface)
        draw_panel(surface, theme, self.panel)
        draw_text(surface, theme, self.title, (self.panel.centerx, self.panel.y + 18), size=26, bold=True,
                  anchor="midtop")
        for i, ((key, label, value), rect) in enumerate(zip(self.rows(), self.row_rects, strict=False)):
            fixed = key.startswith("human")
            if i == self.selected:
                pygame.draw.rect(surface, theme["panel_light"], rect, border_radius=8)
                pygame.draw.rect(surface, theme["accent"], rect, width=1, border_radius=8)
            draw_text(surface, theme, label, (rect.x + 14, rect.centery), size=17, bold=True, anchor="midleft",
                      colour=theme["text_dim"])
            text = value if fixed or key == "map" else f"◂  {value}  ▸"
            draw_text(surface, theme, text, (rect.x + 130, rect.centery), size=17, anchor="midleft",
                      colour=theme["text_dim"] if fixed else theme["text"], max_width=rect.width - 140)
        for b in self.buttons:
            b.draw(surface, theme, 17)
        hint = "↑↓ choose · ←→ change · Enter start · Esc cancel"
        draw_text(surface, theme, hint, (self.panel.centerx, self.panel.bottom - 64), size=14,
                  colour=theme["text_dim"], anchor="midbottom")
