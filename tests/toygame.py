"""A toy puzzle (Lights Out) that proves the framework end to end without any real game.

It implements the same :class:`PuzzleRules` interface, a hint and a watch hook, a
:class:`GameFront` and a :class:`PuzzleScene` on the shared GridView -- and nothing else:
launch, resume, the level picker, records, AI credit, keys and help all come from the
framework. ``docs/adding-a-game.md`` walks through it as the worked example.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from arcade.core.errors import FormatError, IllegalMove
from arcade.core.game import Hint, LevelEntry, Outcome, PuzzleRules, Step
from arcade.core.grid import cell_name
from arcade.core.registry import Binding, GameInfo, RecordSpec, levels_binding
from arcade.core.session import Session
from arcade.core.topology import Shape
from arcade.services.resources import read_level
from arcade.ui.front import GameFront
from arcade.ui.game_scene import PuzzleScene
from arcade.ui.gridview import GridView


@dataclass(frozen=True)
class Level:
    lights: tuple[tuple[int, ...], ...]

    @property
    def shape(self) -> Shape:
        return Shape(len(self.lights), len(self.lights[0]))


@dataclass(frozen=True)
class State:
    level: Level
    lights: tuple[tuple[int, ...], ...]

    def __str__(self) -> str:
        return "\n".join("".join("o" if v else "." for v in row) for row in self.lights)


class LightsOut(PuzzleRules[Level, State, tuple[int, int]]):
    name = "toy"

    def parse_level(self, text: str, source: str = "<string>") -> Level:
        rows = []
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith(";"):
                continue
            if set(line) - {".", "o"}:
                raise FormatError(source, number, "only '.' and 'o' are allowed")
            if rows and len(line) != len(rows[0]):
                raise FormatError(source, number, f"row has {len(line)} cells, expected {len(rows[0])}")
            rows.append(tuple(1 if ch == "o" else 0 for ch in line))
        if not rows:
            raise FormatError(source, None, "no rows")
        return Level(tuple(rows))

    def format_level(self, level: Level) -> str:
        return str(State(level, level.lights)) + "\n"

    def initial_state(self, level: Level, seed: int = 0) -> State:
        return State(level, level.lights)

    def legal_moves(self, state: State) -> list[tuple[int, int]]:
        if self.outcome(state) is not None:
            return []
        return list(state.level.shape.cells())

    def apply(self, state: State, move: tuple[int, int]) -> State:
        shape = state.level.shape
        if not shape.contains(move):
            raise IllegalMove(f"{cell_name(move)} is off the board")
        if self.outcome(state) is not None:
            raise IllegalMove("the puzzle is already solved")
        grid = [list(row) for row in state.lights]
        for r, c in [move, *shape.neighbours(move)]:
            grid[r][c] ^= 1
        return State(state.level, tuple(tuple(row) for row in grid))

    def encode_move(self, move: tuple[int, int]) -> str:
        return f"{move[0]},{move[1]}"

    def decode_move(self, text: str) -> tuple[int, int]:
        try:
            r, c = (int(v) for v in text.split(","))
        except ValueError:
            raise IllegalMove(f"not a move: {text!r}") from None
        return (r, c)

    def outcome(self, state: State) -> Outcome | None:
        if any(any(row) for row in state.lights):
            return None
        return Outcome("win", "All lights are off.")


RULES = LightsOut()


def solve(state: State) -> list[tuple[int, int]] | None:
    cells = list(state.level.shape.cells())
    for k in range(len(cells) + 1):
        for presses in itertools.combinations(cells, k):
            s = state
            for p in presses:
                s = RULES.apply(s, p)
            if RULES.outcome(s) is not None:
                return list(presses)
    return None


def hint(state: State) -> Hint | None:
    presses = solve(state)
    if not presses:
        return Hint(None, "Nothing to do." if presses == [] else "No solution.", kind="info")
    return Hint(RULES.encode_move(presses[0]), f"press {cell_name(presses[0])}", rule="search", highlight=(presses[0],))


def watch(state: State) -> Iterator[Step]:
    for p in solve(state) or []:
        yield Step(RULES.encode_move(p), f"press {cell_name(p)}", kind="deduce")


class ToyScene(PuzzleScene):
    def __init__(self, info: GameInfo, session: Session) -> None:
        super().__init__(info, session)
        shape = session.level.shape
        self.view = GridView(shape.rows, shape.cols, max_cell=80)

    def layout_board(self, area: pygame.Rect) -> None:
        self.view.layout(area)

    def describe_move(self, before: State, move: tuple[int, int], after: State) -> str:
        return f"the press at {cell_name(move)}"

    def position_prompt(self) -> tuple[str, str] | None:
        return f"{sum(map(sum, self.session.state.lights))} lights on.", "text_dim"

    def handle_board(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            cell = self.view.cell_at(event.pos)
            if cell is not None:
                self.play(cell)
                return True
        if event.type == pygame.MOUSEMOTION:
            self.view.update_hover(event.pos)
        return False

    def draw_board(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        lights = self.session.state.lights

        def paint(board, cell, rect, key):
            pygame.draw.rect(board, theme["highlight"] if key else theme["panel_light"], rect.inflate(-4, -4),
                             border_radius=6)

        self.view.render(surface, lambda cell: lights[cell[0]][cell[1]], paint)


INFO = GameInfo(
    name="toy",
    title="Toy Lights",
    description="Lights Out: the framework's test game",
    rules="tests.toygame:RULES",
    front="tests.toygame:FRONT",
    order=999,
    keymap=(
        Binding("Click", "", "toggle a light and its neighbours"),
        levels_binding("choose a level"),
    ),
    record=RecordSpec("time", lower_is_better=True, unit="time"),
    level_groups=("easy", "hard"),
    how_to_play=("Click a light to toggle it and its four neighbours; switch every light off.",),
)

DEFAULT_LEVEL = ".o.\nooo\n.o.\n"
#: The toy's bundled levels: (group, id, text).
LEVELS = (
    ("easy", "plus", DEFAULT_LEVEL),
    ("easy", "corner", "o..\n...\n...\n"),
    ("hard", "ring", "ooo\no.o\nooo\n"),
)


class ToyFront(GameFront):
    """Everything the toy declares: its levels, its AI hooks, its record and its scene."""

    def levels(self) -> list[LevelEntry]:
        return [LevelEntry(level_id, level_id.capitalize(), group=group, record_key=level_id)
                for group, level_id, _text in LEVELS]

    def open_level(self, ref: str) -> tuple[Level, str]:
        for _group, level_id, text in LEVELS:
            if ref == level_id:
                return RULES.parse_level(text, level_id), level_id
        if "\n" in ref:
            return RULES.parse_level(ref, "text"), "custom"
        level, path = read_level(RULES, ref)  # a file, as every game reads one (the toy bundles no files)
        return level, path.stem

    def hooks(self) -> dict:
        return {"hint": hint, "watch": watch}

    def record_key(self, level: Level) -> str:
        return RULES.format_level(level).replace("\n", "/")

    def record_value(self, scene) -> float:
        return round(scene.elapsed, 1)

    def make_scene(self, app, session: Session) -> ToyScene:
        return ToyScene(INFO, session)


FRONT = ToyFront(INFO)
