"""The Hashi play screen (ui): mouse and keyboard input, live validation, animations and level picking.

The scene translates input into moves through the pure controller and draws the state
through :class:`BoardPainter`; the rules live in :mod:`arcade.games.hashi.logic`. Frame
cost stays flat on big boards: the board is a cached grid repainted only where cell keys
change, and each frame only draws what moves (drag preview, highlights, animations).
"""

from __future__ import annotations

import logging
import math
import os
from typing import TYPE_CHECKING, Any

import pygame

from arcade.core.errors import ArcadeError, FormatError, IllegalMove
from arcade.core.game import Outcome, Step
from arcade.core.grid import size_name
from arcade.core.registry import GameInfo
from arcade.core.session import Session
from arcade.core.topology import Cell, Topology
from arcade.games.hashi import explain, solver
from arcade.games.hashi.controller import (
    LEFT,
    RIGHT,
    Gestures,
    Highlight,
    Plan,
    arrow_plan,
    move_cursor,
    nearest_with_number,
    plan_lock,
    read_highlight,
)
from arcade.games.hashi.formats import parse_puzzle, read_puzzle
from arcade.games.hashi.logic import RULES, Puzzle, State, describe_move
from arcade.games.hashi.verdict import find_solutions
from arcade.games.hashi.view import dialogs, effects
from arcade.games.hashi.view.caption import CaptionMixin
from arcade.games.hashi.view.chain_walk import ChainWalkMixin
from arcade.games.hashi.view.line_overlays import assign_seam_labels, seam_label
from arcade.games.hashi.view.painter import BoardPainter
from arcade.ui.camera import CameraInput, CameraScene
from arcade.ui.front import level_name_from_id
from arcade.ui.game_scene import LEVEL_TAG, PuzzleScene
from arcade.ui.input import LEFT as BUTTON_LEFT
from arcade.ui.input import MIDDLE as BUTTON_MIDDLE
from arcade.ui.input import RIGHT as BUTTON_RIGHT
from arcade.ui.input import Gesture, PointerTracker
from arcade.ui.keyboard_cursor import KeyboardCursor
from arcade.ui.pointer import HAND, MOVE
from arcade.ui.tween import ease_out_cubic
from arcade.ui.worker import job_cancelled

if TYPE_CHECKING:
    from pathlib import Path

    from arcade.ui.app import App

LOG = logging.getLogger("arcade.hashi")
#: The opening status line names the keyboard way too: it was mouse-only, and a keyboard player
#: had no clue that arrows move a cursor and Ctrl+arrow builds.
INTRO = ("Drag from an island towards a neighbour to build · right-drag removes · click an island to lock it"
         " · or arrows + Ctrl+arrow")
WRAP_NOTE = {
    Topology.CYLINDER: "Cylinder: left and right edges are joined (rotate: Alt+arrows)",
    Topology.TORUS: "Torus: opposite edges are joined (rotate: Alt+arrows)",
}
#: An arrow key's direction letter as the keys table prints the key and as a sentence says the way.
ARROW_KEYS = {"N": "↑", "S": "↓", "W": "←", "E": "→"}
COMPASS = {"N": "north", "S": "south", "W": "west", "E": "east"}
#: The level ids of puzzles from no level file (:meth:`HashiScene.start_puzzle`, the editor's
#: test-play): they name no puzzle, so Print… names the sheet after the title or the date.
UNNAMED_LEVELS = frozenset({"pasted", "generated", "test-play"})
FLASH_TIME = 0.7
POP_TIME = 0.45
CELEBRATE_TIME = 1.4


class HashiScene(ChainWalkMixin, CaptionMixin, CameraScene, PuzzleScene):
    """Play one Hashi puzzle; ``start_puzzle`` switches to another without leaving the screen."""

    hint_help = "hint: the next sure step and why (again: play it)"
    #: N opens the New board dialog: it asks first by itself (Cancel keeps the game).
    new_board_asks = True

    stoppable_ai = True  # a 400-island board's hint searches for seconds

    def __init__(self, info: GameInfo, session: Session[Puzzle, State, Any]) -> None:
        super().__init__(info, session)
        self.painter = BoardPainter(session.level)
        # A wrapped board comes back turned as it was left (Continue showed it unturned).
        shift = session.extra.get("shift")
        if isinstance(shift, list) and len(shift) == 2 and all(type(v) is int for v in shift):
            self.painter.set_shift((shift[0], shift[1]))  # (reduced to the board; 0 where it does not wrap)
        #: The shared GridView camera: wheel zoom on a plane board, Ctrl+wheel on a wrapped one.
        self.camera = CameraInput(self.painter.view)
        self._pan_last: tuple[int, int] = (0, 0)
        self.tracker = PointerTracker(threshold=4)
        self.gestures = Gestures()
        self.plan: Plan | None = None
        self.pointer: tuple[int, int] | None = None
        self.pan: tuple[tuple[int, int], Cell] | None = None
        self.cursor = 0
        #: Whether the keyboard cursor is on screen (the first arrow only shows it).
        self.keyboard = KeyboardCursor()
        self.hover_island: int | None = None
        self.show_possible = False
        self.flash_lines: frozenset[int] = frozenset()
        self.flash_islands: frozenset[int] = frozenset()
        self.step_highlight = Highlight()
        self.clock = 0.0
        self.init_chain_walk()
        self._pops: set[int] = set()
        self.celebrating = False
        #: Checks each puzzle as it opens: a file or a paste may have no solution, or several.
        self.check_worker = self.new_worker()
        self._keys_state: State | None = None
        self._keys_possible = False
        self._seam_cache: tuple[Any, ...] | None = None
        self._seam_lines: list[tuple[int, str]] = []
        #: The label number each bridged seam line holds, kept while it stays bridged (for this turn).
        self._seam_numbers: tuple[Any, dict[int, int]] = (None, {})
        self._seam_possible: list[int] = []
        self._prev_state = session.state
        self._prev_index = session.index
        self.prefs: dict[str, Any] = {}

    # -- set-up ------------------------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        return self.session.level

    @property
    def level_title(self) -> str:
        """The file's own title line, else its name without the extension (a CLLV ``.has`` has no
        title: the header read "Hs_24_200_50_05_001.…" at 640x400)."""
        return self.puzzle.title or level_name_from_id(self.session.level_id)

    def enter(self, app: App) -> None:
        self.prefs = app.settings.game(self.info.name)
        self.show_possible = self.prefs.get("show_possible") is True
        super().enter(app)
        self.painter.theme = app.theme
        self._introduce()

    def start_preview(self, app: App) -> None:
        """The How to play example takes the app's theme at once: it is laid out before its first
        draw, so it used no UI scale and kept 96-pixel cells in a 2560x1440 window."""
        super().start_preview(app)
        self.painter.theme = app.theme

    def build_toolbar(self) -> None:
        super().build_toolbar()
        button = self.toolbar.find("Possible")
        if button is not None:
            button.toggled = self.show_possible

    def animating(self) -> bool:
        """Highlights glow, the win celebrates, a drag follows the pointer."""
        return (self.hint is not None or bool(self.step_highlight)
                or self.celebrating or self.plan is not None or bool(self.flash_lines or self.flash_islands))

    @property
    def dragging(self) -> bool:
        return self.gestures.active or self.pan is not None or self.camera.panning

    @property
    def input_blocked(self) -> bool:
        """While the win celebrates, clicks and keys wait (the result overlay follows)."""
        return self.celebrating

    def pause(self) -> None:
        """An overlay opened: drop any drag or pan in progress (its button-up will go to the overlay)."""
        self.gestures.cancel()
        self.tracker.reset()
        self.plan = None
        self.pan = None
        self.camera.stop_pan()

    def _introduce(self) -> None:
        self.say(INTRO)
        note = WRAP_NOTE.get(self.puzzle.topology)
        if note:
            # A tip on opening, for a toast's usual time: at 6 seconds it outlasted a whole Watch AI
            # on the doughnut and sat on the "Solved!" at its end.
            self.level_note(note, "info", self.toast.duration)
        self.check_puzzle()

    def check_puzzle(self) -> None:
        """A puzzle from a file or a paste was never proven: say at once if it cannot be solved
        (or has several solutions) instead of letting the player find out at the end."""
        puzzle = self.puzzle
        self.check_worker.submit(find_solutions, puzzle, 2, job_cancelled,
                                 on_done=lambda found: self._checked(puzzle, found),
                                 on_error=self._check_failed, label="check")

    @staticmethod
    def _check_failed(error: BaseException) -> None:
        # Stopped: another puzzle opened. Anything else is a bug, but a check the player never
        # asked for must not end the game: it goes to the log (--verbose shows it).
        if not isinstance(error, solver.Stopped):
            LOG.warning("checking the puzzle failed: %r", error)

    def _checked(self, puzzle: Puzzle, found: list[tuple[int, ...]]) -> None:
        if puzzle is not self.puzzle or len(found) == 1:
            return
        if not found:
            self.say(self.no_solution_text(), "error")
        else:
            self.level_note("This puzzle has more than one solution: any valid one wins.", "info", 6.0)

    def no_solution_text(self) -> str:
        """What the status line says when the check proves the puzzle has no solution."""
        return "This puzzle has no solution (the solver proved it): E opens it in the editor, L picks another."

    def save_extra(self) -> None:
        """The turn of a wrapped board goes with the save (a view, but the player's arrangement)."""
        self.session.extra["shift"] = list(self.painter.shift)

    def level_changed(self) -> None:
        """A new puzzle in this scene (picker, paste, "New board"): reset everything made for the old one."""
        self.step_highlight = Highlight()
        self.gestures.cancel()
        self.tracker.reset()
        self.plan = None
        self.pan = None
        self.camera.stop_pan()
        self._pops.clear()
        self.celebrating = False
        self.flash_lines = self.flash_islands = frozenset()
        self.cursor = 0
        self.keyboard.hide()
        self.hover_island = None
        self.painter.set_puzzle(self.puzzle)
        self._keys_state = None
        self._seam_cache = None
        self._seam_numbers = (None, {})
        self._prev_index = 0
        self._prev_state = self.session.state
        self._introduce()

    def start_puzzle(self, puzzle: Puzzle, level_id: str = "") -> None:
        """Start a fresh game on ``puzzle`` in this scene (paste, the "New board" dialog)."""
        self.change_level(puzzle, level_id)

    # -- layout ------------------------------------------------------------------------------
    def layout_board(self, area: pygame.Rect) -> None:
        self.painter.layout(area)
        self._keys_state = None
        self._seam_cache = None
        if os.environ.get("PUZZLE_ARCADE_TRACE") and self.app is not None:
            view = self.painter.view
            self.app.trace(f"hashi-layout {view.cell} {view.origin[0]} {view.origin[1]}")
            for i, island in enumerate(self.puzzle.islands):
                x, y = self.painter.island_centre(i)
                self.app.trace(f"hashi-island {i} {island.pos[0]} {island.pos[1]} {round(x)} {round(y)}")

    # -- header and messages -----------------------------------------------------------------
    def status_fields(self) -> list[str]:
        state = self.session.state
        fields = [f"Islands {state.analysis.done}/{len(self.puzzle.islands)}", f"Moves {self.session.index}",
                  self.clock_text]
        if self.puzzle.topology is not Topology.PLANE:
            fields.insert(0, self.puzzle.topology.value.capitalize())
        return [*self.zoom_fields(), *fields]

    def _report(self, state: State) -> None:
        self.say(*self.report(state))

    def report(self, state: State) -> tuple[str, str]:
        """What a move that led to ``state`` says: its first problem, else the islands to go."""
        problems = state.problems()
        if problems:
            more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
            return problems[0] + more, "warning"
        left = len(self.puzzle.islands) - state.analysis.done
        return (f"{left} island{'s' if left != 1 else ''} to go." if left else "Every island is satisfied."), "text_dim"

    def describe_move(self, before: Any, move: Any, after: Any) -> str:
        return describe_move(before, move, after)

    def position_prompt(self) -> tuple[str, str] | None:
        return self.report(self.session.state)

    # -- session changes ---------------------------------------------------------------------
    def on_changed(self) -> None:
        session = self.session
        state = session.state
        if session.index == self._prev_index + 1 and session.outcome is None:
            before = self._prev_state.analysis.status
            after = state.analysis.status
            popped = [i for i, (a, b) in enumerate(zip(before, after)) if b == "done" and a != "done"]
            for i in popped:
                self.tweens.start(("pop", i), 0.0, 1.0, POP_TIME, easing=ease_out_cubic)
                self._pops.add(i)
            if popped and self.app is not None:
                self.app.audio.play("pop")
            self._report(state)
            if self.app is not None and session.moves:
                self.app.trace(f"hashi-move {session.index} {session.moves[-1]}")
        if self.cursor >= len(self.puzzle.islands):
            self.cursor = 0
        self._prev_state = state
        self._prev_index = session.index

    def watch_step_shown(self, step: Step) -> None:
        super().watch_step_shown(step)
        if self.session.outcome is None:  # solved: the board itself is the picture
            self.step_highlight = read_highlight(self.puzzle, step.highlight)
            self.reveal(self.step_highlight)

    def show_hint(self, hint: Any) -> None:
        super().show_hint(hint)
        self.reveal(self._hint_highlight())

    def hint_played(self, hint: Any) -> None:
        """H again played the hint: its bridge is brought into view. Zoomed into a big board, a player
        who had panned away since the hint showed saw "Played the hint" and no bridge anywhere."""
        shown, self.hint = self.hint, hint
        try:
            highlight = self._hint_highlight()
        finally:
            self.hint = shown
        self.reveal(highlight)

    def reveal(self, highlight: Highlight) -> bool:
        """Scroll a zoomed board so a hint's or watch step's islands and lines are on screen."""
        p = self.puzzle
        islands = set(highlight.islands)
        for index in highlight.lines | highlight.wrong:
            if 0 <= index < len(p.lines):
                islands.update((p.lines[index].a, p.lines[index].b))
        cells = [self.painter.display(p.islands[i].pos) for i in islands if 0 <= i < len(p.islands)]
        return self.painter.view.scroll_into_view(cells)

    def _reveal_cursor(self) -> None:
        if self.cursor_visible and 0 <= self.cursor < len(self.puzzle.islands):
            self.painter.view.scroll_into_view([self.painter.display(self.puzzle.islands[self.cursor].pos)])

    def stop_watch(self, message: str = "") -> None:
        super().stop_watch(message)
        self.step_highlight = Highlight()

    def on_outcome(self, outcome: Outcome) -> None:
        assert self.app is not None
        self.gestures.cancel()
        self.plan = None
        self.step_highlight = Highlight()  # the solved board, not the last watched step
        self.app.trace("hashi-solved")
        self.app.audio.play("win" if outcome.is_win else "lose")
        self.say(outcome.reason, "good")
        self.celebrating = True

        def done() -> None:
            self.celebrating = False
            # Under another overlay the framework shows the panel when the game is back on top.
            if self.app is not None and self.session.outcome is not None:
                self.show_result(outcome)

        self.tweens.start("celebrate", 0.0, 1.0, CELEBRATE_TIME, on_done=done)

    # -- playing plans ------------------------------------------------------------------------
    def play_plan(self, plan: Plan) -> bool:
        """Play what a gesture planned, or explain (and flash) why it cannot be played."""
        assert self.app is not None
        state = self.session.state
        if plan.refusal or plan.move is None:
            lines = {i for i in (plan.line, plan.blocking) if i is not None}
            islands = set()
            if plan.line is not None:
                line = self.puzzle.lines[plan.line]
                islands = {i for i in (line.a, line.b) if i in state.locks}
            if not lines and not islands:
                islands = {plan.island}
            self.flash(lines, islands)
            if plan.quiet:
                self.say(plan.refusal, "warning")
            else:
                self.refuse(plan.refusal)
            return False
        before = state.bridges[plan.line] if plan.line is not None else 0
        if not self.play(plan.move):
            self.flash({plan.line} if plan.line is not None else set(), {plan.island})
            return False
        if plan.after is not None:
            self.app.audio.play("build" if plan.after > before else "remove")
        else:
            self.app.audio.play("click")
            if plan.move.kind in ("lock", "unlock"):
                word = "locked as finished" if plan.move.kind == "lock" else "unlocked"
                text = self.puzzle.describe(plan.island)
                self.say(f"{text[:1].upper()}{text[1:]} is {word}.")
        return True

    def flash(self, lines: set[int], islands: set[int]) -> None:
        self.flash_lines = frozenset(lines)
        self.flash_islands = frozenset(islands)
        self.tweens.start("flash", 0.0, 1.0, FLASH_TIME, easing=lambda t: t)

    # -- input ---------------------------------------------------------------------------------
    def _grid_pos(self, pos: tuple[int, int]) -> tuple[float, float]:
        return self.painter.view.to_grid(pos)

    def _on_board(self, pos: tuple[int, int]) -> bool:
        return self.painter.view.cell_at(pos) is not None

    def game_bindings(self) -> list[Any]:
        """The chain's keys first: while a hint's chain is shown they step it (see :mod:`.chain_walk`)."""
        return [*self.chain_bindings(), *super().game_bindings()]

    def board_tooltip(self, pos: tuple[int, int]) -> str:
        return self.chain_tooltip(pos) or super().board_tooltip(pos)

    def board_pointer(self, pos: tuple[int, int]) -> str | None:
        """The grab while a wrapped board turns under a drag, a hand over an island (a click or a
        drag from it makes a bridge) and while a bridge is being drawn."""
        if self.pan is not None:
            return MOVE
        if self.gestures.active or self.painter.island_at_pixel(pos) is not None:
            return HAND
        return None

    def handle_board(self, event: pygame.event.Event) -> bool:
        if self.handle_chain(event):  # the chain's caption box: its buttons, a click stepping on
            return True
        if event.type == pygame.MOUSEMOTION:
            self.pointer = tuple(event.pos)
            self.camera.pointer = self.pointer
            self.painter.view.update_hover(event.pos)
            self.hover_island = self.painter.island_at_pixel(event.pos)
        if event.type == pygame.WINDOWLEAVE:
            self.hover_island = None
            self.painter.view.hover = None
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                          pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
            if event.type == pygame.MOUSEBUTTONDOWN and event.button not in (BUTTON_LEFT, BUTTON_MIDDLE,
                                                                            BUTTON_RIGHT):
                return False
            gesture = self.tracker.handle(event)
            if gesture is not None:
                return self._gesture(gesture)
        return False

    def _gesture(self, g: Gesture) -> bool:
        state = self.session.state
        if g.kind == "press":
            self.plan = None
            if not self._on_board(g.pos):
                return False
            island = self.painter.island_at_pixel(g.pos)
            if island is not None and g.button in (BUTTON_LEFT, BUTTON_RIGHT):
                cell = self.painter.display(self.puzzle.islands[island].pos)
                self.gestures.press(island, (cell[0] + 0.5, cell[1] + 0.5), LEFT if g.button == BUTTON_LEFT else RIGHT)
                self.cursor = island
                self.keyboard.hide()
                return True
            if g.button == BUTTON_MIDDLE or (island is None and g.button == BUTTON_LEFT):
                # Drag on water: a wrapped board rotates (and pans along an axis that does not wrap).
                if self.painter.wraps:
                    self.pan = (g.pos, self.painter.shift)
                    self._pan_last = g.pos
                else:
                    self.camera.start_pan(g.pos, g.button)
                return True
            return False
        if g.kind == "drag":
            if self.gestures.active:
                self.plan = self.gestures.motion(state, self._grid_pos(g.pos))
                return True
            if self.pan is not None:
                self._pan_to(g.pos)
                return True
            if self.camera.drag_to(g.pos):
                self._camera_moved_by_pointer(g.pos)
                return True
            return False
        if g.kind in ("release", "click"):
            if self.gestures.active:
                result = self.gestures.release(state, self._grid_pos(g.pos))
                self.plan = None
                if result.plan is not None and result.kind in ("play", "click"):
                    self.play_plan(result.plan)
                return True
            if self.pan is not None:
                self.pan = None
                return True
            if self.camera.panning:
                self.camera.stop_pan()
                return True
            return False
        # cancel
        self.gestures.cancel()
        self.plan = None
        self.pan = None
        self.camera.stop_pan()
        return True

    def _camera_moved_by_pointer(self, pos: tuple[int, int]) -> None:
        """The board moved under a still pointer: what it hovers changed."""
        self.painter.view.update_hover(pos)
        self.hover_island = self.painter.island_at_pixel(pos)

    def _pan_to(self, pos: tuple[int, int]) -> None:
        assert self.pan is not None
        start, shift = self.pan
        cell = self.painter.view.cell
        d_cols = round((pos[0] - start[0]) / cell)
        d_rows = round((pos[1] - start[1]) / cell)
        self.painter.set_shift((shift[0] + d_rows, shift[1] + d_cols))
        # An axis that does not wrap pans the camera instead (a zoomed cylinder scrolls up and down).
        topo = self.puzzle.topology
        dx = 0 if topo.wraps_columns else pos[0] - self._pan_last[0]
        dy = 0 if topo.wraps_rows else pos[1] - self._pan_last[1]
        self._pan_last = pos
        if dx or dy:
            self.painter.view.pan_by(dx, dy)

    def _wheel(self, event: pygame.event.Event) -> bool:
        topo = self.puzzle.topology
        # The plain wheel zooms a plane board; a wrapped board keeps it for rotating, Ctrl+wheel zooms.
        if self.camera.wheel(event, plain_zooms=topo is Topology.PLANE):
            if self.pointer is not None:
                self._camera_moved_by_pointer(self.pointer)
            return True
        if topo is Topology.PLANE:
            return False
        shift_held = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) if pygame.display.get_init() else False
        d_rows = d_cols = 0
        if topo is Topology.TORUS and not shift_held:
            d_rows, d_cols = event.y, -event.x
        else:
            d_cols = event.y or -event.x
        return self.painter.rotate(d_rows, d_cols)

    # -- keymap actions (the rows are declared in arcade.games.hashi.INFO) --------------------
    def cancel_drag(self) -> None:
        self.gestures.cancel()
        self.tracker.reset()
        self.plan = None
        self.pan = None
        self.say("Drag cancelled.")

    @property
    def cursor_visible(self) -> bool:
        """Whether the keyboard cursor is drawn."""
        return self.keyboard.shown

    def _show_cursor(self) -> bool:
        """Make the keyboard cursor visible (on the hovered island); True if it was hidden."""
        if self.keyboard.shown:
            return False
        if self.hover_island is not None:
            self.cursor = self.hover_island
        self.keyboard.shown = True
        return True

    def cursor_step(self, letter: str) -> None:
        """An arrow moves the cursor; the first one while it is hidden only shows it, on the hovered
        island or where it was (:class:`KeyboardCursor`): that press jumped it to the second island,
        and the player never saw where it started."""
        if self._show_cursor():
            self._reveal_cursor()
            return
        self.cursor = move_cursor(self.puzzle, self.cursor, letter)
        self._reveal_cursor()

    def _unseen_cursor(self, key: str, does: str) -> bool:
        """Show a hidden cursor; True when the key that did it must stop there: the cursor was hidden
        and is not on the island under the pointer, so the player could not know which island a
        Ctrl+arrow would build from (it built at once, from wherever the cursor was left). The press
        then says so, with the island it is on and what pressing ``key`` again ``does``: it did nothing
        without a word, and a player took the key for broken."""
        hovered = self.hover_island is not None
        if self._show_cursor() and not hovered:
            self._reveal_cursor()
            if 0 <= self.cursor < len(self.puzzle.islands):
                where = explain.island(self.puzzle, self.cursor)
                self.say(f"The cursor was hidden: it is on {where}. {key} again {does} (arrows move it).")
            return True
        return False

    def cursor_build(self, letter: str) -> None:
        key = f"Ctrl+{ARROW_KEYS[letter]}"
        if not self._unseen_cursor(key, f"builds a bridge {COMPASS[letter]} from it"):
            self.play_plan(arrow_plan(self.session.state, self.cursor, letter, LEFT))

    def cursor_remove(self, letter: str) -> None:
        key = f"Shift+{ARROW_KEYS[letter]}"
        if not self._unseen_cursor(key, f"removes a bridge {COMPASS[letter]} of it (or marks the line)"):
            self.play_plan(arrow_plan(self.session.state, self.cursor, letter, RIGHT))

    def jump_to_number(self, digit: str) -> None:
        self.keyboard.shown = True
        found = nearest_with_number(self.puzzle, self.cursor, int(digit))
        if found is None:
            self.say(f"There is no other island showing {digit}.", "warning")
        else:
            self.cursor = found
            self._reveal_cursor()

    def lock_cursor(self) -> None:
        if not self._unseen_cursor("Space or Enter", "locks or unlocks it"):
            self.play_plan(plan_lock(self.session.state, self.cursor))

    def rotate_toward(self, letter: str) -> None:
        d_row, d_col = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}[letter]
        self.painter.rotate(-d_row, -d_col)

    def rotate_columns(self, step: str) -> None:
        self.painter.rotate(0, int(step))

    def rotate_rows(self, step: str) -> None:
        self.painter.rotate(int(step), 0)

    def reset_rotation(self) -> None:
        self.painter.set_shift((0, 0))

    # -- commands ------------------------------------------------------------------------------
    def toggle_possible(self) -> None:
        self.show_possible = not self.show_possible
        button = self.toolbar.find("Possible")
        if button is not None:
            button.toggled = self.show_possible
        self.prefs["show_possible"] = self.show_possible
        self.say("Showing the bridges that could still be built." if self.show_possible
                 else "Possible bridges hidden.")

    def open_new_puzzle(self) -> None:
        """The "New board" dialog; it generates in its own worker and hands the puzzle back."""
        assert self.app is not None
        from arcade.games.hashi.view.new_puzzle import NewPuzzleScene

        self.stop_watch()
        # Generate replaces this game: say so, as the other games' "press N again" does.
        discards = f"Generating throws away this game{self.moves_made()}" if self.in_progress() else ""
        self.app.push(NewPuzzleScene(self.prefs, self.start_generated, discards))

    def start_generated(self, puzzle: Puzzle) -> None:
        if self.in_progress():
            # The dialog said "Generating throws away this game": Generate was the player's word, as
            # a second N is in the other games (GameScene.confirm_discard), so the old game's save
            # goes with it -- kept, Continue reopened it in place of the untouched new board.
            self.abandon_save()
        self.start_puzzle(puzzle, "generated")
        self.announce_board(f"New board: {puzzle.title}")
        if self.app is not None:
            self.app.save_settings()

    def announce_board(self, text: str) -> None:
        """Say that a board made or pasted here has opened, with a wrapped board's tip in the same
        toast. The status line's corner shows only the newest toast, so the tip that opening had
        just shown ("Torus: opposite edges are joined (rotate: Alt+arrows)") sat hidden under "New
        board: …" and went with it unread: a generated torus never said how to turn it."""
        note = WRAP_NOTE.get(self.puzzle.topology)
        if note:
            self.toast.drop(LEVEL_TAG)  # the tip alone, just shown by _introduce: it is said below
            text = f"{text} · {note}"
        self.level_note(text, "good", 2.5)

    def open_game_id(self) -> None:
        assert self.app is not None
        app = self.app

        def close() -> None:
            if app.stack.top is not self:
                app.pop()

        app.push(dialogs.game_id_panel(self.puzzle, self.toast.show, close, self.paste))

    def open_editor(self) -> None:
        """The puzzle editor on this puzzle (a test-play opened from the editor goes back instead)."""
        assert self.app is not None
        from arcade.games.hashi.view.editor import open_editor

        self.stop_watch()
        open_editor(self.app, self.info, self.puzzle, self.own_file())

    def own_file(self) -> Path | None:
        """The player's own file this puzzle came from (My puzzles), so the editor saves back to it."""
        from arcade.games.hashi.view import my_puzzle_path

        path = my_puzzle_path(self.session.level_id)
        if path is None or not path.is_file():
            return None
        try:
            return path if read_puzzle(path) == self.puzzle else None
        except (ArcadeError, OSError):
            return None

    def print_sheet(self) -> None:
        """"Print…": this puzzle and its solution as a PDF; the status line says where."""
        from arcade.games.hashi.view.puzzle_files import print_puzzle

        level_id = self.session.level_id
        named = level_id and level_id not in UNNAMED_LEVELS  # a pasted puzzle is no "pasted.pdf"
        stem = level_id.replace("/", "-") if named else ""
        text, role = print_puzzle(self.app, self.puzzle, stem)
        self.say(text, role)

    def paste(self) -> None:
        text, error = dialogs.paste_text()
        if error:
            self.refuse(error)
            return
        if not text.strip():
            self.say("The clipboard holds no text: copy a Bridges game ID or a level file first.", "warning")
            return
        try:
            puzzle = parse_puzzle(text, "clipboard")
        except FormatError as exc:
            self.refuse(str(exc))
            return
        # A paste replaces the game as N and another level do, and asks the same way (it threw a
        # game in progress away without a word); only once there is a puzzle to paste.
        if not self.confirm_discard("paste", "Paste again"):
            return
        self.start_puzzle(puzzle, "pasted")
        self.announce_board(f"Started the pasted {size_name(puzzle.cols, puzzle.rows)} puzzle.")

    # -- frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        self.chain_update(dt)

    def _specials(self) -> dict[Cell, tuple[str, ...]]:
        specials: dict[Cell, list[str]] = {}
        painter = self.painter

        def add(island: int | None, flag: str) -> None:
            if island is not None and 0 <= island < len(self.puzzle.islands):
                specials.setdefault(painter.display(self.puzzle.islands[island].pos), []).append(flag)

        drag = self.gestures.drag
        if drag is not None:
            add(drag.island, "selected")
            if self.plan is not None and self.plan.line is not None and not self.plan.refusal:
                add(self.puzzle.lines[self.plan.line].other(drag.island), "hover")
        elif self.hover_island is not None and not self.celebrating:
            add(self.hover_island, "hover")
        if self.cursor_visible:
            add(self.cursor, "cursor")
        return {cell: tuple(flags) for cell, flags in specials.items()}

    def _refresh_keys(self, state: State) -> None:
        if self._keys_state is not state or self._keys_possible != self.show_possible:
            self.painter.update_keys(state, self.show_possible)
            self._keys_state = state
            self._keys_possible = self.show_possible
        self.painter.specials = self._specials()

    def _seams(self, state: State) -> tuple[list[tuple[int, str]], list[int]]:
        """Bridged lines crossing the visible edge (with their pairing letters), and possible ones."""
        if not self.painter.wraps:
            return [], []
        cache = (id(state), state.bridges, self.painter.shift, self.show_possible, self.painter.view.cell)
        if cache != self._seam_cache:
            crossing = [line.index for line in self.puzzle.lines if self.painter.crosses_view_edge(line.index)]
            bridged = [i for i in crossing if state.bridges[i]]
            if self._seam_numbers[0] != self.painter.shift:  # turned: other lines cross the edge
                self._seam_numbers = (self.painter.shift, {})
            numbers = assign_seam_labels(self._seam_numbers[1], bridged)
            self._seam_numbers = (self.painter.shift, numbers)
            self._seam_lines = [(i, seam_label(numbers[i])) for i in bridged]
            self._seam_possible = [
                i for i in crossing if self.show_possible and not state.bridges[i] and state.capacity(i) > 0
            ] if self.show_possible else []
            self._seam_cache = cache
        return self._seam_lines, self._seam_possible

    def draw_board(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        painter = self.painter
        painter.theme = theme
        state = self.session.state
        self._refresh_keys(state)
        painter.render(surface)
        with painter.view.clipped(surface, painter.outer):
            bridged, possible = self._seams(state)
            effects.draw_seam_markers(surface, painter, theme, state, bridged, possible)
            glow = 0.55 + 0.45 * math.sin(self.clock * 5.0)
            walk = self.chain_walk()
            effects.draw_highlight(surface, painter, theme, self._hint_highlight(), "hint", glow,
                                   walk.index if walk is not None else 0)
            effects.draw_highlight(surface, painter, theme, self.step_highlight, "info", glow)
        if not self.previewing:
            with painter.view.clipped(surface, painter.outer):
                painter.draw_coordinates(surface)
        with painter.view.clipped(surface, whole=painter.outer):  # a zoomed board must not spill onto the chrome
            flash = self.tweens.get("flash")
            if flash is not None:
                effects.draw_flash(surface, painter, theme, self.flash_lines, self.flash_islands, flash.progress)
            if self.plan is not None:
                effects.draw_plan(surface, painter, theme, self.plan, self.pointer)
            for island in sorted(self._pops):
                pop = self.tweens.get(("pop", island))
                if pop is None or island >= len(self.puzzle.islands):
                    self._pops.discard(island)
                else:
                    effects.draw_pop(surface, painter, theme, island, pop.value)
            # The badges over the rings, arrows and marks above (they covered them during a watch).
            painter.draw_cues(surface)
            celebrate = self.tweens.get("celebrate")
            if celebrate is not None:
                effects.draw_celebration(surface, painter, theme, len(self.puzzle.islands), celebrate.progress)

    def draw_foreground(self, surface: pygame.Surface) -> None:
        celebrate = self.tweens.get("celebrate")
        if celebrate is not None and self.app is not None:
            # The toasts are drawn after this, from where they were last frame: keep clear of them.
            toasts = self.toast.boxes if self.toast.messages else []
            effects.draw_solved_banner(surface, self.app.theme, celebrate.progress, self.status_rect, toasts)
        caption = self.status_caption()
        if caption is not None and self.app is not None:
            effects.draw_caption(surface, self.painter, self.app.theme, *caption)
        self.draw_chain_caption(surface)

    def _hint_highlight(self) -> Highlight:
        """The hint's highlight, plus the line its move names when the hint highlights no line itself."""
        hint = self.hint
        if hint is None:
            return Highlight()
        found = read_highlight(self.puzzle, hint.highlight)
        if hint.move is not None and not found.lines and not found.wrong:
            try:
                move = RULES.decode_move(hint.move)
                if move.kind in ("set", "mark", "unmark"):
                    line = RULES.resolve_line(self.session.state, move)
                    found = Highlight(found.islands, found.lines | {line}, found.wrong)
            except IllegalMove:
                pass  # a hint naming no line only loses its highlight
        return found
