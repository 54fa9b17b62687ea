"""The shared game screen (ui): what every game gets from the framework, written once.

:class:`GameScene` is the chrome and the machinery every game shares: header, toolbar,
status line and toasts; one keymap (the game's declared ``Binding`` rows plus the
framework's) that drives key dispatch, toolbar buttons and the help overlay; workers
polled here, never by a game; hint and watch; autosave; the pause overlay and the "How to
play" example. The parts that read on their own are mixed in from modules named for them:

* :mod:`arcade.ui.results` -- the result panel (kept to reopen after Look at board), its lines,
  honest AI credit (a game finished with any AI move since the last restart or level change
  is "finished with the AI" and never a personal best) and records kept the way the game's
  ``RecordSpec`` says;
* :mod:`arcade.ui.level_changes` -- the level picker and level changes (the session listener
  here rebuilds and re-lays out the board);
* :mod:`arcade.ui.discard` -- "press again to throw away this game";
* :mod:`arcade.ui.replays` -- saved replays: Ctrl+S, the picker's list, opening one;
* :mod:`arcade.ui.assist` -- the hint (in a worker, H again plays it) and watching the AI play
  (pause, step, speed), with status words that name the keys the keys table lists;
* :mod:`arcade.ui.status_line` -- the status line: ``say``, a long text shown two lines at a time;
* :mod:`arcade.ui.moves` -- a move played, undone, redone or restarted, and the words for each;
* :mod:`arcade.ui.bindings` -- the keymap: the game's rows, the framework's (:func:`tab_binding`,
  :func:`fullscreen_binding`...), key dispatch and the keys table;
* :mod:`arcade.ui.scene_toolbar` -- the toolbar built from the keymap, and the rows of controls;
* :mod:`arcade.ui.header` -- the header: the title and the game's facts (``status_fields``);
* :mod:`arcade.ui.play_clock` -- the play clock (``elapsed``, ``clock_runs``) and the window going away;
* :mod:`arcade.ui.autosaving` -- the autosave (``has_progress``, ``owns_save``, the background
  writer) and the camera that goes with it;
* :mod:`arcade.ui.worker_polling` -- the worker threads, polled on the main thread.

What stays here ties them together: the scene's state, the hooks a game's scene supplies, the
layout of header, board, status line and toolbar on resize, the level notes, the overlays,
the "How to play" preview, the session listener and the frame (``handle``, ``update``, ``draw``).

Two flavours build on it, as the rules do:

* :class:`PuzzleScene` (here: a few switches) -- undo/redo/restart, hint (in a worker, H again
  plays it), watch the AI (a :class:`WatchPlayer`), autosave after every change, a play timer.
* :class:`~arcade.ui.tick_scene.TickScene` -- a clock from ``TickRules.tick_seconds`` scaled by
  one speed control, and a timeline to step and seek through the session's history.

A game's scene supplies the board: ``layout_board``, ``draw_board``, ``handle_board`` (the
mouse), ``level_changed`` (rebuild what depends on the level) and the methods its
keymap names. Formatting of times and records is in :mod:`arcade.ui.formatting`.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from arcade.core.game import Hint, Outcome
from arcade.core.registry import GameInfo
from arcade.core.session import Session
from arcade.ui.assist import AssistMixin
from arcade.ui.autosaving import WATCH_SAVE_SECONDS, AutosaveMixin
from arcade.ui.bindings import BindingsMixin
from arcade.ui.discard import DiscardMixin
from arcade.ui.header import HEADER, HeaderMixin
from arcade.ui.keymap import find_binding
from arcade.ui.level_changes import LevelChangesMixin
from arcade.ui.moves import MovesMixin
from arcade.ui.overlays import PauseScene, ResultScene
from arcade.ui.play_clock import PlayClockMixin
from arcade.ui.pointer import ARROW, HAND, first_shape, hand_over
from arcade.ui.replays import ReplaysMixin
from arcade.ui.results import ResultsMixin
from arcade.ui.scene import Scene
from arcade.ui.scene_toolbar import ToolbarMixin
from arcade.ui.speed import WATCH_SPEEDS, SpeedControl
from arcade.ui.status_line import STATUS, StatusLineMixin
from arcade.ui.toast import Toast
from arcade.ui.tween import Tweens
from arcade.ui.watch import WatchPlayer
from arcade.ui.widgets import Toolbar
from arcade.ui.worker import Worker, job_cancelled
from arcade.ui.worker_polling import WorkerPollingMixin

if TYPE_CHECKING:
    from arcade.ui.app import App
    from arcade.ui.front import GameFront

#: The tag of toasts about the level on screen (see :meth:`GameScene.level_note`).
LEVEL_TAG = "level"


class GameScene(ResultsMixin, LevelChangesMixin, ReplaysMixin, DiscardMixin, AssistMixin, MovesMixin, BindingsMixin,
                ToolbarMixin, HeaderMixin, StatusLineMixin, PlayClockMixin, AutosaveMixin, WorkerPollingMixin, Scene):
    """Base of every game screen. Subclasses call ``super().__init__(info, session)``."""

    #: When the autosave is written: after every change ("move"), only when the scene is left
    #: ("leave": a real-time game changes ten times a second), or never (None).
    autosave_when: str | None = None
    #: Undo/redo/restart available to the player.
    allow_undo = False
    #: Whether a hint / watch mode exists for this game (buttons and keys are left out otherwise).
    has_hint = False
    has_watch = False
    #: The key that starts and stops watching (Battle Royale moves with WASD, so it uses I).
    watch_keys = "W"
    #: What that key runs, and its meaning in the keys table (Runway's plays and pauses).
    watch_action = "toggle_watch"
    watch_help = "watch the AI play / stop"
    #: What a hint gives, for the keys table (Hashi's is a sure deduction, the others' a best move).
    hint_help = "hint: the AI's best next move and why (again: play it)"
    #: While true, clicks and keys wait (e.g. during a win animation); the toolbar still hovers.
    input_blocked = False
    #: A scene drawing a "How to play" example: no saves, no records, no overlays, no sounds.
    previewing = False
    #: The game's hint and watch hooks take ``should_stop``: the framework passes the worker's
    #: :func:`job_cancelled`, so a move, a level change or leaving the scene (each cancels the job)
    #: ends a long search -- a cancelled Hashi hint held the one worker for ten seconds.
    stoppable_ai: ClassVar[bool] = False

    def __init__(self, info: GameInfo, session: Session[Any, Any, Any]) -> None:
        super().__init__()
        #: The pending "press again to throw away this game" question: what was asked and when
        #: (see :meth:`confirm_discard`); dropped only through :meth:`forget_discard_question`.
        self._discard_asked: tuple[str, float] | None = None
        self.info = info
        self.front: GameFront = info.load_front()
        self.title = info.title
        if self.stoppable_ai:
            for name in ("hint_hook", "watch_hook"):
                hook = getattr(session, name)
                if hook is not None:
                    setattr(session, name, functools.partial(hook, should_stop=job_cancelled))
        self.session = session
        self.toast = Toast()
        self.tweens = Tweens()
        self.workers: list[Worker] = []
        self.worker = self.new_worker()
        self.toolbar = Toolbar()
        self.watch: WatchPlayer | None = None
        self.watch_rate = SpeedControl(WATCH_SPEEDS, 4.0)
        self._hint: Hint | None = None
        self._init_status_line()
        self._init_clock(session)
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self._init_header()
        self._init_game_end(session)
        self._init_autosave(info)
        #: Set by every change of the session or the status line; a drawn frame clears it (``is_idle``).
        self._dirty = True
        self._drawn_second = -1
        self._tooltip = ""
        session.subscribe(self._on_session_change)

    def _init_game_end(self, session: Session[Any, Any, Any]) -> None:
        """What the scene knows about the end of the game: the outcome and level last seen (to notice
        a change), whether the AI helped, the records note, and the result panel to show again."""
        self._last_outcome: Outcome | None = session.outcome
        self._shown_level = session.level
        #: Set when the game ends: whether any move that led there was the AI's.
        self.finished_with_ai = session.outcome is not None and session.ai_moved
        #: What the framework says about records in the result (a new best, the best so far, AI help).
        self.record_note = ""
        #: The result panel last shown, kept while the game stays over: Look at board closed it and
        #: nothing on screen led back to its Next level (see :meth:`reopen_result`).
        self._result_panel: ResultScene | None = None
        #: A result panel waits for the game to be back on top (see :meth:`push_result`).
        self._result_due = False

    @property
    def hint(self) -> Hint | None:
        """The hint on screen (setting it marks the screen for a redraw)."""
        return self._hint

    @hint.setter
    def hint(self, value: Hint | None) -> None:
        self._hint = value
        self._dirty = True

    # -- things subclasses provide -------------------------------------------------------
    def layout_board(self, area: pygame.Rect) -> None:
        """Fit the board into ``area`` (called on every resize and every level change)."""

    def draw_board(self, surface: pygame.Surface) -> None:
        """Draw the board and everything on it."""

    def draw_foreground(self, surface: pygame.Surface) -> None:
        """Draw over the chrome (status line, toolbar) -- a moment's banner that must not hide the board."""

    def handle_board(self, event: pygame.event.Event) -> bool:
        """Pointer input on the board (and keys no binding took); True if consumed."""
        return False

    def level_changed(self) -> None:
        """The session now plays another level: rebuild whatever was made for the old one."""

    def camera_state(self) -> object:
        """What the player made of the camera (zoom, pan, follow), as a value to compare: a new
        level opens at its own camera, as if opened from the menu, not at the last level's zoom
        (Runway kept it, and a zoomed-in level could open with no bike on screen)."""
        return None

    def animating(self) -> bool:
        """Whether the board moves on its own right now (a glow, a transition, a running round)."""
        return False

    def is_idle(self) -> bool:
        """Nothing changed since the last drawn frame: no move, no animation, no work, no clock tick."""
        return (not self._dirty and not self.tweens and self.watch is None and not self.busy
                and not self.toast.messages and int(self.elapsed) == self._drawn_second and not self.animating())

    def is_idle_covered(self) -> bool:
        """Under an overlay the game does not move (its tweens, watch and clock wait for it to be on
        top again): only a worker's answer changes it, and that marks it dirty. Battle Royale under
        its result panel used to be drawn every frame (a move's tween never finished): half a core."""
        return not self._dirty

    def board_pointer(self, pos: tuple[int, int]) -> str | None:
        """The pointer's shape over the game's own board at ``pos`` (a name from
        :mod:`arcade.ui.pointer`: a hand where a click acts, the grab while the game drags), or None
        for the arrow. Asked on mouse events only; answer from what the view already knows."""
        return None

    def pointer_shape(self, pos: tuple[int, int]) -> str:
        """The toolbar (its open menu over everything), a toast a click turns, the side panel's
        rows, the status line while a click turns its page, the scene's other widgets (a camera's
        pan, a replay bar), and then the board (:meth:`board_pointer`; not while input is blocked)."""
        return (self.toolbar.pointer_shape(pos)
                or hand_over(self.toast.boxes, pos)
                or first_shape((button for row in self.button_rows() for button in row), pos)
                or (HAND if self.status_cut and self.status_text_rect.collidepoint(pos) else None)
                or first_shape(self.pointer_widgets(), pos)
                or (None if self.input_blocked else self.board_pointer(pos))
                or ARROW)

    def board_tooltip(self, pos: tuple[int, int]) -> str:
        """Hover help for the game's own widgets at ``pos`` (shown in the status line like toolbar tooltips)."""
        return ""

    def on_changed(self) -> None:
        """After any change of the session (move, undo, redo, restart, AI step)."""

    def on_outcome(self, outcome: Outcome) -> None:
        """The game just ended (records are already kept); the default plays a sound and shows the result."""
        assert self.app is not None
        self.say(outcome.reason, "good" if outcome.is_win else "error" if outcome.result == "loss" else "warning")
        self.app.audio.play("win" if outcome.is_win else "lose")
        self.show_result(outcome)

    def new_game(self) -> None:
        """"Play again": the same level from scratch -- a new clock, no history, no old words.
        (Restart differs: it keeps the moves for Redo, as one attempt.)"""
        self.change_level(self.session.level, self.session.level_id, seed=self.session.seed)

    # -- layout --------------------------------------------------------------------------
    def enter(self, app: App) -> None:
        super().enter(app)
        self.build_toolbar()
        if self.owns_save():
            # However the level was opened (``play GAME --level X``, Continue): a finished game's
            # save goes, and the next start came back to the first level instead of this one.
            self.remember_level(self.session.level_id)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        assert self.app is not None
        w = size[0]
        px = self.app.theme.px  # the chrome grows with the window's UI scale (1.0 up to 1280x800)
        header, status = px(HEADER), px(STATUS)
        self.header_rect = pygame.Rect(0, 0, w, header)
        bar_top = self._layout_toolbar(size)
        self.status_rect = pygame.Rect(12, bar_top - status - 4, w - 24, status)
        self.board_area = pygame.Rect(12, header + 6, w - 24, self.status_rect.top - header - 12)
        self.layout_board(self.board_area)
        self._restore_saved_camera()

    def relayout(self) -> None:
        """Lay the whole screen out again (the toolbar may have changed, the board surely has)."""
        if self.app is not None:
            self.build_toolbar()
            self.resize(self.app.size)

    # -- messages ------------------------------------------------------------------------
    def level_note(self, text: str, role: str = "info", seconds: float = 6.0) -> None:
        """A toast about the level on screen ("Torus: opposite edges are joined"): it goes when
        the level changes, as the status line's words do. (Toasts outlived the level: the torus
        note stayed up over the plane level picked next.) A toast about anything else -- a save
        that failed, a program's test results -- is ``self.toast.show`` and stays its time."""
        self.toast.show(text, role, seconds, tag=LEVEL_TAG)
        self._dirty = True

    def refuse(self, reason: str) -> None:
        """A move was refused: explain, buzz, and let the view flash what it wants."""
        self.say(reason, "error")
        if self.app is not None:
            self.app.audio.play("error")

    # -- overlays ----------------------------------------------------------------------------
    def open_pause(self, reason: str = "") -> None:
        assert self.app is not None
        self.stop_watch_for_overlay("The pause menu")
        self.app.push(PauseScene(self, self.help_lines(), reason))

    def open_how_to_play(self) -> None:
        from arcade.ui.how_to_play import HowToPlayScene

        assert self.app is not None
        self.stop_watch_for_overlay("The how-to page")
        self.app.push(HowToPlayScene(self.info, self.how_to_play_lines()))

    # -- preview (the "How to play" example) ---------------------------------------------------
    def start_preview(self, app: Any) -> None:
        """Become an example on someone else's page: drawn into a rect, never saving or scoring."""
        self.app = app
        self.previewing = True
        self.autosave_when = None

    def layout_preview(self, rect: pygame.Rect) -> None:
        self.board_area = rect
        self.layout_board(rect)

    def show_preview_step(self, index: int) -> None:
        """Show the example after ``index`` moves, without animation: the page never runs the
        scene's tweens, so one started by the move (Hashi's "complete" pop) would stay on the
        board for good -- a green ring on the 2 at step 0 of 2."""
        self.session.seek(index)
        self.tweens.clear()

    # -- session events ------------------------------------------------------------------
    def _on_session_change(self, session: Session[Any, Any, Any]) -> None:
        self._dirty = True
        if self.previewing:
            self.on_changed()
            return
        if not self.result_stands():
            self.forget_result()
        if session.level is not self._shown_level:
            # Another level (picker, new puzzle, next round on a new map): rebuild and re-lay out.
            self._shown_level = session.level
            self._last_outcome = None
            self._tooltip = ""
            self.say("")  # the last game's words are not this one's (a game's level_changed may greet)
            self.toast.drop(LEVEL_TAG)  # nor its level notes
            self.forget_discard_question()  # nor a question about the game that was there
            self.tweens.clear()
            self.level_changed()
            self.relayout()
        if self.hint is not None and self.hint.kind != "info":
            self.hint = None
        if self.worker.label == "hint" or (self.worker.label == "watch" and self.watch is None):
            # Its answer would be for the position before this change (H again would play a hint
            # here, a watch would start from a plan made elsewhere): drop it. A hint on a big board
            # can take seconds; the player need not wait.
            what = "Hint" if self.worker.label == "hint" else "Watch"
            self.worker.cancel()
            if what == "Watch":
                self.refresh_toolbar()  # its button read "Stop watching" while the plan was worked out
            if self.status_text.startswith(("Thinking", "Still thinking", "The AI is thinking", "The AI is planning")):
                self.say(f"{what} dropped: the position changed. Press {'H' if what == 'Hint' else self.watch_keys} "
                         "to ask again.")
        outcome = session.outcome
        self.on_changed()
        if outcome is not None and self._last_outcome is None:
            self._last_outcome = outcome
            self.finished_with_ai = session.ai_moved
            self.record_note = self.keep_record(outcome)
            if self.app is not None:  # for the end-to-end tests (a no-op without $PUZZLE_ARCADE_TRACE)
                self.app.trace(f"outcome {self.info.name} {outcome.result} with-ai={int(self.finished_with_ai)}")
            self.on_outcome(outcome)
            self.save_progress()
        else:
            if outcome is None:
                self.finished_with_ai = False
                self.record_note = ""
            self._last_outcome = outcome
            if self.autosave_when == "move":
                self.save_progress()

    def leave(self) -> None:
        self.stop_watch()
        self.save_progress(leaving=True)
        self.saver.flush()
        for worker in self.workers:
            worker.close()

    # -- frame ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in self.AWAY_EVENTS:
            self.window_went_away()  # and on: a drag or a pan under way lets go as before
        if event.type == pygame.MOUSEMOTION:
            over_menu = self.toolbar.handle(event)  # the open More menu covers the board under it
            board_tip = "" if over_menu else self.board_tooltip(tuple(event.pos))
            self._tooltip = self.toolbar.hovered_tooltip() or board_tip
            return True if over_menu else self.handle_board(event)
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            # The player acts: what that brings (a hint asked for with the pointer resting on the
            # board, a drop) shows in place of the hover text; moving the pointer brings it back.
            # Ticks and the AI's moves leave it, so a button can be read while a round runs.
            self._tooltip = ""
        blocked = self.input_blocked and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if blocked or self.toolbar.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.toast.click(event.pos):
            self._dirty = True  # a toast's next page, or the status line it covered
            return True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.status_cut
                and self.status_text_rect.collidepoint(event.pos)):
            self.turn_status_page(read_on=True)  # the status line's next page (or part)
            return True
        if event.type == pygame.KEYDOWN:
            binding = find_binding((b for b in self.keymap() if self.binding_active(b)), event)
            if binding is not None:
                if not getattr(event, "repeat", False) or binding.repeat:  # a held key acts once, see Binding
                    self.key_repeating = bool(getattr(event, "repeat", False))
                    try:
                        self.run_binding(binding)
                    finally:
                        self.key_repeating = False
                return True
        handled = self.handle_board(event)
        if not handled and event.type == pygame.KEYDOWN and not getattr(event, "repeat", False):
            handled = self.explain_not_now(event)
        return handled

    def update(self, dt: float) -> None:
        assert self.app is not None
        self.poll_workers()
        self.show_due_result()
        self.tweens.update(dt * self.app.animation_speed)
        if self.status_cut or self.toast.held:
            # A long text turns its pages by itself too, after time to read them (a keyboard
            # player has no click): about 15 characters a second, at least 4 seconds a page. (A
            # toast held back for a newer text has its turn once that is read.)
            self._status_page_time += dt
            shown = sum(len(line) for line in self.status_shown)
            if self._status_page_time >= max(4.0, shown / 15):
                self.turn_status_page()
        if self.toast.update(dt):
            # The status line wraps in the room the toast left: draw it again at its full width (an
            # idle screen is not redrawn, and the line stayed wrapped beside nothing).
            self._dirty = True
        if self.watch is not None:
            self.watch.update(dt)
            self._watched_unsaved += dt
            if self._save_due and self._watched_unsaved >= WATCH_SAVE_SECONDS:
                self.save_progress()
            self.save_clock_changes(False)
        elif self.clock_runs():
            self.elapsed += dt
            self.save_clock_changes(True)
        else:
            self.save_clock_changes(False)
        self.save_view_changes(dt)

    def background_update(self, dt: float) -> None:
        """Under an overlay (pause, picker, result, settings) the clock stands still: the time the
        last save lacks is written now (see :meth:`save_clock_changes`)."""
        super().background_update(dt)
        self.save_clock_changes(False)

    def draw(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        self._dirty = False
        self._drawn_second = int(self.elapsed)
        theme = self.app.theme
        self.draw_header(surface)
        self.draw_board(surface)
        toast_area = self.draw_status_line(surface)
        self.toolbar.draw(surface, theme)
        self.draw_foreground(surface)
        # A game's toasts keep to the status line, a long one a page at a time: never over the board.
        self.toast.draw(surface, theme, self.status_rect.bottom, area=toast_area, wide=self.status_rect,
                        spread=self.toast_spreads, pages=True)
        self.toolbar.draw_menu(surface, theme)


class PuzzleScene(GameScene):
    """A one-player puzzle: undo/redo/restart, hint, watch, autosave after every move, records."""

    autosave_when = "move"
    allow_undo = True
    has_hint = True
    has_watch = True

    def __init__(self, info: GameInfo, session: Session[Any, Any, Any]) -> None:
        super().__init__(info, session)
        # A game without an AI module loses the buttons rather than showing dead ones.
        self.has_hint = session.hint_hook is not None
        self.has_watch = session.watch_hook is not None
