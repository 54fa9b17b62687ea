"""Battle Royale screen (ui): drop, move, watch the storm close in; par, hints and the AI in a worker.

The scene only turns clicks and keys into moves (through the pure controller) and draws
the state. Zones are recomputed when the state changes, not every frame; the GridView
repaints only cells whose look changed. Animations (the ring the storm eats, the
player's step, loot pickups, a death flash) are tweens advanced in ``update``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from arcade.core.game import Hint, Outcome
from arcade.core.grid import cell_name
from arcade.core.registry import GameInfo
from arcade.core.session import Session
from arcade.core.words import plural
from arcade.games.royale import ai, controller
from arcade.games.royale.logic import DIRECTION_NAMES, DIRECTIONS, Cell, Level, Move, State
from arcade.games.royale.solver import Route
from arcade.ui.camera import CameraInput, CameraScene
from arcade.ui.game_scene import PuzzleScene
from arcade.ui.gridview import GridView
from arcade.ui.input import PointerTracker
from arcade.ui.keyboard_cursor import KeyboardCursor
from arcade.ui.overlays import ResultScene
from arcade.ui.theme import blend
from arcade.ui.tween import ease_in_out, ease_out_back, ease_out_cubic, linear
from arcade.ui.widgets import DoubleClickGuard

from .paint import (
    DROP_NO,
    DROP_OK,
    HINT,
    NEXT_EDGE,
    OPTIMAL,
    STEP,
    YOU,
    cell_keys,
    dashed_polyline,
    draw_arrow,
    draw_drop_mark,
    draw_player,
    draw_route,
    paint_cell,
)
from .panel import render_side
from .result import ON_MAP, RoyaleResultScene

if TYPE_CHECKING:
    from arcade.ui.app import App

#: The drop prompt the game opens with (Undo back to before the drop says it again).
DROP_PROMPT = "Click an empty cell inside the outlined diamond to drop (or arrows + Enter)."

SIDE_WIDTH = 236
RING_SECONDS = 0.55
STEP_SECONDS = 0.14
PICKUP_SECONDS = 0.7
FLASH_SECONDS = 0.8
#: Past this many moves (sides over 51: no bundled level nor picker size) a hint or a par may
#: think for seconds, up to ``ai.THINK_SECONDS``; up to it, under 0.1 s (README, Benchmarks).
QUICK_THINK_MOVES = 25


class RoyaleScene(CameraScene, PuzzleScene):
    """The Battle Royale board, its side panel and the round-over overlay."""

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

    def thinking_note(self) -> str:
        """On a grid past the bundled and picker sizes, say that the wait may be long and a move
        ends it: a 101x101 grid's hint thought for its full 30 s under a bare "Thinking...", the
        player left guessing whether anything would come (a move stops it, which was said only
        to a second H)."""
        if self.session.level.max_moves <= QUICK_THINK_MOVES:
            return ""
        return f" — a grid this big may take up to {ai.THINK_SECONDS:g} s; a move stops it"

    # -- level and par -------------------------------------------------------------------
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

    def start_par(self) -> None:
        """Look the par up (the AI memo: a big grid's par, even one cut short at the time limit, is
        not worked out again on every reopen) or solve it in the par worker; the frame never waits."""
        level = self.session.level
        route = ai.known_best(State(level))
        if route is not None:
            self._par_done((level, route))
            return
        self.par_status = "thinking"
        stop = self.stop_event

        def work() -> tuple[Level, Route | None]:
            return level, ai.best_from(State(level), should_stop=stop.is_set)

        self.par_worker.submit(work, on_done=self._par_done, on_error=self._par_failed, label="par")

    def _par_done(self, result: tuple[Level, Route | None]) -> None:
        level, route = result
        if level != self.session.level:
            return
        self.par_route = route
        self.par_status = "none" if route is None else "known"
        self._side_cache = None
        outcome = self.session.outcome
        top = self.app.stack.top if self.app is not None else None
        if outcome is not None and isinstance(top, RoyaleResultScene) and top.scene is self:
            top.set_lines(self.result_lines(outcome))  # the par arrived while the result was showing

    def _par_failed(self, error: BaseException) -> None:
        self.par_status = "failed"
        self.toast.show(f"Could not compute the par: {error}", "error")

    def par_text(self) -> str:
        if self.par_status == "known" and self.par_route is not None:
            return f"{self.par_route.loot}" + ("" if self.par_route.exact else "+?")
        return {"thinking": "…", "none": "no route", "failed": "?"}.get(self.par_status, "…")

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

    def aside_name(self, index: int) -> str:
        return "the drop" if self.session.rules.decode_move(self.session.moves[index]).kind == "start" else "the finish"

    def counts_as_move(self, index: int) -> bool:
        """The result's "Moves" counts the steps (State.moves): not the drop, nor the finish."""
        return self.session.rules.decode_move(self.session.moves[index]).kind == "go"

    def route_owner(self, *, capital: bool = True) -> str:
        """Whose route the result shows: yours when the AI chose none of its moves, the AI's when
        it chose every one (a watched game), "" when both played -- then the result says "Loot: 7"
        and its credit line below says what the AI did, as every game's count ("Moves: 6") names
        no one. "Your loot: 7" was said over "The AI played 5 of 6 moves"."""
        whose = ("the AI's" if self.session.ai_played_all else "" if self.session.ai_moved else "your")
        return whose[:1].upper() + whose[1:] if capital else whose

    def result_details(self, outcome: Outcome) -> list[str]:
        """After the reason: the loot against the par, and who matched it."""
        state = self.session.state
        lines: list[str] = []
        par = self.par_route
        owner = self.route_owner()
        whose = f"{owner} loot: {state.loot}" if owner else f"Loot: {state.loot}"
        if par is not None:
            if outcome.is_win and state.loot >= par.loot:
                # Who matched it, as the framework credits the AI (its line below says how much): a
                # hint that played the drop is "with 1 hint", not "the AI matched the best route".
                # A par cut short at the time limit ("6+?") is the best route the AI found, not a
                # proven best: "you matched the best possible route" claimed what no one knew.
                session, credit = self.session, self.ai_credit()
                if par.exact:
                    who = ("the AI matched the best possible route" if session.ai_played_all
                           else "you and the AI matched the best route" if session.ai_played
                           else f"you matched the best route {credit}" if credit
                           else "you matched the best possible route")
                else:
                    who = ("the AI matched the best route it found" if session.ai_played_all
                           else "you and the AI matched the best route the AI found" if session.ai_played
                           else f"you matched the best route the AI found {credit}" if credit
                           else "you matched the best route the AI found") + " (not proven best)"
                lines.append(f"{whose} · Par: {self.par_text()} — {who} ★")
            else:
                lines.append(f"{whose} · Par: {self.par_text()} {ON_MAP}")
        else:
            lines.append(f"{whose} · Par: {self.par_text()}")
        return lines

    def tally_count(self) -> int:
        """The moves after the drop (the drop is not one of the result's moves)."""
        return self.session.state.moves

    def on_outcome(self, outcome: Outcome) -> None:
        assert self.app is not None
        self.show_optimal = True
        self.say(outcome.reason, "good" if outcome.is_win else "error")
        self.app.audio.play("win" if outcome.is_win else "lose")
        self.show_result(outcome)

    def result_title(self, outcome: Outcome) -> str:
        if outcome.is_win:
            return "The AI made it" if self.session.ai_finished else "You made it!"
        return "Caught by the storm" if self.session.state.dead else "Out of time"

    def look_at_board(self) -> None:
        self.show_optimal = True
        self.say("Dashed: the optimal route (O hides it). Undo steps back into the round.", "info")

    def result_scene(self, title: str, lines: list[str], buttons: list[tuple[str, Callable[[], None]]],
                     role: str) -> ResultScene:
        return RoyaleResultScene(self, title, lines, buttons, role)

    # -- actions ---------------------------------------------------------------------------
    def finish(self) -> None:
        state = self.session.state
        if not state.placed:
            self.refuse("Drop the player first.")
        elif not state.on_centre:
            distance = state.level.distance_to_centre(state.pos)  # type: ignore[arg-type]
            self.refuse(f"Finish only on the centre, at {cell_name(state.level.centre)} — it is "
                        f"{plural(distance, 'step')} away.")
        else:
            self.play(Move.finish())

    def new_grid(self) -> None:
        """A fresh random grid of the size last chosen in the picker."""
        from arcade.games.royale.view import random_level, random_recipe

        assert self.app is not None
        level, level_id = random_level(*random_recipe(self.app.game_settings(self.info.name)))
        self.change_level(level, level_id)
        # The seed, said where it can be read (it was "seed in the level id", an id shown nowhere).
        self.toast.show(f"New board: {level.title} · seed {level_id.rpartition('#')[2]}", "info")

    def confirm(self) -> None:
        """Enter: drop on the cursor's cell before the drop, finish on the centre after it."""
        if not self.session.state.placed:
            self.keyboard.shown = True
            self.click_cell(self.cursor)
        else:
            self.finish()

    def toggle_optimal(self) -> None:
        if self.session.outcome is None and not self.show_optimal:
            self.say("The optimal route is revealed when the round ends — H gives a hint meanwhile.", "warning")
            return
        self.show_optimal = not self.show_optimal
        if self.show_optimal and self.par_route is None:
            self.say(f"The optimal route is not known yet (par {self.par_text()}).", "warning")
        elif self.show_optimal:
            self.say("Dashed: the optimal route (O hides it).", "info")
        else:
            self.say("The optimal route is hidden (O shows it again).", "info")  # it said "O hides it" still

    def step(self, letter: str) -> None:
        state = self.session.state
        if not state.placed:
            # The first arrow only shows the drop cursor where it is, on the centre (it appeared
            # one cell off it, a step the player never saw).
            dr, dc = DIRECTIONS[letter]
            r, c = self.cursor
            cell = (r + dr, c + dc) if self.keyboard.arrow() else self.cursor
            if state.level.contains(cell):
                self.cursor = cell
                text, role = controller.describe_cell(state, cell)
                self.say(text + ("  (Enter drops here)" if role == "good" else ""), role)
            return
        if self.session.outcome is not None:
            self.refuse("The round is over: undo, restart (Ctrl+R) or N (New board) for a new board.")
            return
        self.play(Move.go(letter))

    def click_cell(self, cell: Cell) -> None:
        """Drop, step, walk or finish as the click means; the second click of a double-click on the
        cell its first click dropped or stepped onto is let go. It used to say in red "You are here:
        click a neighbouring cell", and on the centre it ended the round: a step onto the centre,
        double-clicked as many players click, was also a Finish.

        A cell farther along the player's row or column is walked to a step at a time, as a drag of
        the player walks (:meth:`walk_to`), once the controller has checked that no step meets the
        storm; it was refused with "One step at a time"."""
        now = time.monotonic()
        last, self._last_step_click = self._last_step_click, None
        if last is not None and last[1] == cell and now - last[0] <= DoubleClickGuard.SECONDS:
            return
        intent = controller.click(self.session.state, cell)
        if intent.move is None:
            self.refuse(intent.reason)
            return
        before = self.session.index
        if intent.steps > 1:
            self.walk_to(cell)
        else:
            self.play(intent.move)
        if intent.move.kind != "finish" and self.session.index > before:
            self._last_step_click = (now, cell)

    # -- input -------------------------------------------------------------------------------
    def handle_board(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and self.camera.panning:
            self.pointer.handle(event)  # the tracker's drag ends with the pan (no click follows a pan)
            self.camera.stop_pan()
            return True
        if self.camera.handle(event):  # wheel zoom, middle-drag and a drag already panning
            if self.camera.pointer is not None:
                self.grid.update_hover(self.camera.pointer)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.grid.update_hover(event.pos)
        gesture = self.pointer.handle(event)
        if gesture is None:
            return False
        # A left-drag that starts on the player walks it (a drag of the player onto a neighbour did
        # nothing: at the fit zoom the pan it started had nowhere to go, and nothing was said).
        if gesture.kind == "press" and gesture.button == 1:
            self._walking = self._on_player(gesture.start)
        elif self._walking and gesture.kind == "drag":
            if gesture.moved:
                self._walk_towards(gesture.pos)
            return True
        elif self._walking and gesture.kind in ("release", "cancel"):
            self._walking = False
            return True
        # Every other cell is "empty space" for a drag (moves are clicks): a left-drag pans.
        if (gesture.kind == "drag" and gesture.moved and gesture.button == 1 and not self.camera.panning
                and self.grid.viewport.collidepoint(gesture.start)):
            self.camera.start_pan(gesture.start)
            self.camera.drag_to(gesture.pos)
            return True
        if gesture.kind == "click" and gesture.button == 1:
            cell = self.grid.cell_at(gesture.pos)
            if cell is not None:
                self.click_cell(cell)
                return True
        return False

    def _on_player(self, pos: tuple[int, int]) -> bool:
        """Whether a press at ``pos`` is on the player of a round still running (a drag from there walks)."""
        state = self.session.state
        return (state.placed and self.session.outcome is None and self.grid.viewport.collidepoint(pos)
                and self.grid.cell_at(pos) == state.path[-1])

    def _walk_towards(self, pos: tuple[int, int]) -> None:
        """Step the dragged player, one cell at a time, to the cell under the pointer when it lies in
        the player's row or column; a cell off those lines waits until the pointer is back on one."""
        target = self.grid.cell_at(pos)
        if target is not None:
            self.walk_to(target)

    def walk_to(self, target: Cell) -> None:
        """Walk the player along its row or column to ``target``, one move a cell (each its own move,
        undone one at a time), stopping where a move is refused or the round ends; nothing when
        ``target`` is off both lines. A drag of the player and a click on a cell in line share it."""
        while self.session.outcome is None:
            if not self.session.state.placed:  # the drop was undone under a drag (Ctrl+Z): no one to walk
                self._walking = False
                return
            letters = controller.line_steps(self.session.state.path[-1], target)
            if not letters:
                return
            before = self.session.index
            self.play(Move.go(letters[0]))
            if self.session.index == before:
                return

    def show_hint(self, hint: Hint | None) -> None:
        super().show_hint(hint)
        if hint is not None and hint.highlight:
            cells = [c for c in hint.highlight if isinstance(c, tuple)][:2]
            self.grid.scroll_into_view(cells, margin=2)

    def _follow_player(self) -> None:
        """Keep the player (or, before the drop, the cursor) on screen when zoomed in."""
        if self._walking:  # the pointer drags the player: the board stays put under it (a scroll
            return  # put a farther cell under a still pointer, and the next motion walked on to it)
        state = self.session.state
        self.grid.scroll_into_view([state.path[-1] if state.placed else self.cursor], margin=2)

    def step_key(self, letter: str) -> None:
        if self.watch is not None:
            self.stop_watch("Stopped watching.")
        else:
            self.step(letter)
            self._follow_player()

    # -- state changes and animation -------------------------------------------------------------
    def on_changed(self) -> None:
        old, new = self._shown, self.session.state
        self._shown = new
        assert self.app is not None
        moves = self.session.moves
        self.app.trace(f"royale-move {len(moves)} {moves[-1] if moves else '-'}")
        self.keys = cell_keys(new)
        self._keys_version += 1
        self._follow_player()
        self._side_cache = None
        audio = self.app.audio
        if new.placed and old.placed and new.path[:-1] == old.path and len(new.path) == len(old.path) + 1:
            self.step_from = old.path[-1]
            self.tweens.start("step", 0.0, 1.0, STEP_SECONDS, easing=ease_out_cubic)
            self._start_ring(old, new)
            if new.loot > old.loot:
                self.pickups = [new.path[-1]]
                self.tweens.start("pickup", 0.0, 1.0, PICKUP_SECONDS, easing=linear)
                audio.play("pickup")
            else:
                audio.play("tick")
            if new.dead:
                self.flash = new.path[-1]
                self.tweens.start("flash", 0.0, 1.0, FLASH_SECONDS, easing=linear)
                audio.play("crash")
            self._describe_position()
        elif new.placed and not old.placed:
            self.step_from = None
            self.tweens.start("drop", 0.0, 1.0, 0.35, easing=ease_out_back)
            audio.play("pop")
            self._describe_position()
        elif new.finished and not old.finished:
            pass
        else:  # undo, redo, restart, load: no animation
            self.tweens.clear()
            self.ring = None
            self.step_from = None
            self.pickups = []
            self.flash = None
            if new.placed:
                self._describe_position()
        if self.session.outcome is None:
            self.show_optimal = False

    def _start_ring(self, old: State, new: State) -> None:
        """Capture the ring the storm just ate, drawn as it looked, to fade it out."""
        k = new.moves
        self.ring = (k, None, cell_keys(old, k - 1))
        self.tweens.start("ring", 0.0, 1.0, RING_SECONDS, easing=ease_in_out, on_done=self._ring_done)

    def _ring_done(self) -> None:
        self.ring = None

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

    # -- layout and drawing -------------------------------------------------------------------------
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

    # -- side panel ------------------------------------------------------------------------------
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


def _steps(n: int) -> str:
    return plural(n, "step")


__all__ = ["RoyaleScene"]
