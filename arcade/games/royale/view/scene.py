"""Battle Royale screen (ui): drop, move, watch the storm close in; par, hints and the AI in a worker.

The scene only turns clicks and keys into moves (through the pure controller) and draws
the state. Zones are recomputed when the state changes, not every frame; the GridView
repaints only cells whose look changed. Animations (the ring the storm eats, the
player's step, loot pickups, a death flash) are tweens advanced in ``update``.

:class:`RoyaleScene` is the round's frame: a grid set up (and a new random one), the drop prompt
and the position said in the status line, the framework's hooks for the header, the tooltip and
Undo's words. The parts that read on their own are mixins beside it, as Tron's and the framework's
:class:`~arcade.ui.game_scene.GameScene` are composed: :mod:`.assist` (the par's search, the best
route, the hint's scroll), :mod:`.player_moves` (the drop, steps, walks and the finish from keys,
clicks and drags), :mod:`.animation` (what a change of position sets going), :mod:`.round_end`
(the result's title, lines and counts) and :mod:`.drawing` (the board and side panel each frame).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import pygame

from arcade.core.grid import cell_name
from arcade.core.registry import GameInfo
from arcade.core.session import Session
from arcade.core.words import plural
from arcade.games.royale import ai, controller
from arcade.games.royale.logic import DIRECTION_NAMES, Cell, Level, Move, State
from arcade.games.royale.solver import Route
from arcade.ui.camera import CameraInput, CameraScene
from arcade.ui.game_scene import PuzzleScene
from arcade.ui.gridview import GridView
from arcade.ui.input import PointerTracker
from arcade.ui.keyboard_cursor import KeyboardCursor

from .animation import FLASH_SECONDS, PICKUP_SECONDS, RING_SECONDS, STEP_SECONDS, AnimationMixin
from .assist import QUICK_THINK_MOVES, AssistMixin
from .drawing import SIDE_WIDTH, DrawingMixin
from .paint import cell_keys
from .player_moves import PlayerMovesMixin
from .round_end import RoundEndMixin

if TYPE_CHECKING:
    from arcade.ui.app import App

#: The drop prompt the game opens with (Undo back to before the drop says it again).
DROP_PROMPT = "Click an empty cell inside the outlined diamond to drop (or arrows + Enter)."


class RoyaleScene(AssistMixin, PlayerMovesMixin, AnimationMixin, RoundEndMixin, DrawingMixin, CameraScene,
                  PuzzleScene):
    """The Battle Royale board, its side panel and the round-over overlay (the par, the moves, the
    animation, the result and the drawing are the mixins', see the module's docstring)."""

    watch_keys = "I"  # W moves up here

    stoppable_ai = True  # a big grid's hint or watch searches for up to 30 s

    def __init__(self, info: GameInfo, session: Session[Level, State, Move]) -> None:
        # Leaving the scene stops the par's search through this flag (the hint's and the watch's
        # end with their worker jobs: see ``stoppable_ai``).
        self.stop_event = threading.Event()
        super().__init__(info, session)
        self.pointer = PointerTracker()
        self._walking = False  # a left-drag that started on the player: it walks instead of panning
        self.par_worker = self.new_worker()
        self.par_route: Route | None = None
        self.par_status = "unknown"  # unknown | thinking | known | none | failed
        self.show_optimal = False
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self._side_cache: tuple[tuple, pygame.Surface] | None = None
        self.level_changed()

    # -- level -------------------------------------------------------------------
    def level_changed(self) -> None:
        """Everything drawn for one grid, rebuilt for a new one; the par is looked up again."""
        level = self.session.level
        # A 4-pixel margin keeps the board's frame inside the area; zoom and pan go through the camera.
        # Row and column numbers beside it, counted from 1: "row 26, column 26" of a 51x51 grid
        # had to be counted by hand.
        self.grid = GridView(level.rows, level.cols, margin=4, max_cell=56, rulers=True)
        self.camera = CameraInput(self.grid)
        self.cursor: Cell = level.centre
        self.keyboard = KeyboardCursor()  # see _draw_hover
        #: When and where the last click dropped or stepped (see :meth:`click_cell`).
        self._last_step_click: tuple[float, Cell] | None = None
        self.marks_drawn: set[str] = set()  # the overlay marks of the last frame (the legend lists them all)
        self.keys = cell_keys(self.session.state)
        self._keys_version = 0
        self._rendered_version = -1
        self._shown: State = self.session.state
        self.ring: tuple[int, pygame.Surface | None, list[list[tuple]]] | None = None
        self.step_from: Cell | None = None
        self.pickups: list[Cell] = []
        self.flash: Cell | None = None
        self.show_optimal = self.session.outcome is not None
        self.par_route = None
        self.par_status = "unknown"
        self._side_cache = None
        if self.app is not None:
            self.start_par()
            self._prompt_drop(f"{level.title}: click an empty cell inside the outlined diamond to drop.")

    def _prompt_drop(self, prompt: str) -> None:
        """Ask for the drop, or say why there is none: a grid full of loot (or whose empty cells
        are all too far out) asked the player to click a cell that does not exist."""
        self.say(*self._drop_prompt(prompt))

    def _drop_prompt(self, prompt: str) -> tuple[str, str]:
        reason = self.session.level.no_start_reason
        if reason is None:
            return prompt, "info"
        return f"No route on this grid: {reason}. Pick another one (Levels or New board).", "warning"

    # -- GameScene hooks -----------------------------------------------------------------
    @property
    def level_title(self) -> str:
        return self.session.level.title

    def enter(self, app: App) -> None:
        super().enter(app)
        self.start_par()
        state = self.session.state
        if not state.placed:
            self._prompt_drop(DROP_PROMPT)
        else:
            self._describe_position()

    def describe_move(self, before: State, move: Move, after: State) -> str:
        """How Undo and Redo name a move: "the drop at row 5, column 6", "the step up to row 4,
        column 6, with its loot", "finishing on the centre"."""
        if move.kind == "start" and move.cell is not None:
            return f"the drop at {cell_name(move.cell)}"
        if move.kind == "go" and after.placed:
            loot = ", with its loot" if after.loot > before.loot else ""
            return f"the step {DIRECTION_NAMES[move.direction]} to {cell_name(after.pos)}{loot}"  # type: ignore[arg-type]
        if move.kind == "finish":
            return "finishing on the centre"
        return ""

    def position_prompt(self) -> tuple[str, str] | None:
        """Before the drop its prompt (the one the game opens with), after it the position."""
        if not self.session.state.placed:
            return self._drop_prompt(DROP_PROMPT)
        return self._position_text()

    def leave(self) -> None:
        self.stop_event.set()
        self.par_worker.close()
        super().leave()

    def animating(self) -> bool:
        """The hint's route pulses."""
        return self.hint is not None

    def board_tooltip(self, pos: tuple[int, int]) -> str:
        """Before the drop: whether the hovered cell is a drop spot, and why not.

        Only then -- once the player walks, the status line carries the warnings (doomed!)
        and a hover text must not hide them.
        """
        cell = self.grid.cell_at(pos)
        if cell is None or self.session.state.placed:
            return ""
        return controller.describe_cell(self.session.state, cell)[0]

    @property
    def can_finish(self) -> bool:
        """Whether the Finish button can act: standing on the centre in a running round."""
        state = self.session.state
        return state.placed and state.on_centre and self.session.outcome is None and not self.watching

    @property
    def can_show_optimal(self) -> bool:
        """Whether the Best route button can act: once the round is over (or to hide the route). It
        was the O key alone, out of reach for a player who uses only the mouse."""
        return self.session.outcome is not None or self.show_optimal

    def status_fields(self) -> list[str]:
        state = self.session.state
        k = state.moves
        return [*self.zoom_fields(), f"Loot {state.loot}", f"Move {k}/{state.level.max_moves}",
                f"Par {self.par_text()}", self.clock_text]

    # -- actions ---------------------------------------------------------------------------
    def new_grid(self) -> None:
        """A fresh random grid of the size last chosen in the picker."""
        from arcade.games.royale.view import random_level, random_recipe

        assert self.app is not None
        level, level_id = random_level(*random_recipe(self.app.game_settings(self.info.name)))
        self.change_level(level, level_id)
        # The seed, said where it can be read (it was "seed in the level id", an id shown nowhere).
        self.toast.show(f"New board: {level.title} · seed {level_id.rpartition('#')[2]}", "info")

    # -- the position in the status line ---------------------------------------------------------
    def _describe_position(self) -> None:
        said = self._position_text()
        if said is not None:
            self.say(*said)

    def _position_text(self) -> tuple[str, str] | None:
        """Where the player stands during the round, and its role (None before the drop and after the end)."""
        state = self.session.state
        if self.session.outcome is not None or not state.placed:
            return None
        level = state.level
        distance = level.distance_to_centre(state.pos)  # type: ignore[arg-type]
        spare = state.remaining - distance
        if state.doomed:
            advice = ai.undo_advice(state)
            return (f"Doomed: the centre is {_steps(distance)} away but the storm allows only "
                    f"{plural(state.remaining, 'more move')}. {advice[0].upper()}{advice[1:]}.", "error")
        if state.on_centre:
            return (f"On the centre with {state.loot} loot: Enter finishes — or keep looting "
                    f"({plural(state.remaining, 'move')} left, come back in time).", "good")
        if spare < 2:
            return (f"No spare moves: head straight for the centre ({_steps(distance)}, "
                    f"{plural(state.remaining, 'move')} left).", "warning")
        return f"Centre {_steps(distance)} away · {spare} spare moves · loot {state.loot}", "text_dim"


def _steps(n: int) -> str:
    return plural(n, "step")


__all__ = [
    "DROP_PROMPT", "FLASH_SECONDS", "PICKUP_SECONDS", "QUICK_THINK_MOVES", "RING_SECONDS", "SIDE_WIDTH",
    "STEP_SECONDS", "RoyaleScene",
]
