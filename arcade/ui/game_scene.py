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
* :mod:`arcade.ui.status_line` -- the status line: ``say``, a long text shown two lines at a time.

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
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from arcade.core.errors import IllegalMove
from arcade.core.game import Hint, Outcome
from arcade.core.numbers import checked_float
from arcade.core.registry import NEW_BOARD_BUTTON, Binding, GameInfo
from arcade.core.session import Session
from arcade.services import saves
from arcade.services.autosave import BackgroundSaver
from arcade.services.files import write_failure
from arcade.ui.assist import AssistMixin
from arcade.ui.discard import DiscardMixin
from arcade.ui.formatting import format_time, header_title
from arcade.ui.keymap import KeyMatcher, find_binding, help_rows, listed_once, named_keys, parse_keys
from arcade.ui.level_changes import LevelChangesMixin
from arcade.ui.overlays import PauseScene, ResultScene
from arcade.ui.replays import ReplaysMixin
from arcade.ui.results import ResultsMixin
from arcade.ui.scene import Scene
from arcade.ui.speed import WATCH_SPEEDS, SpeedControl
from arcade.ui.status_line import STATUS_LINES, StatusLineMixin
from arcade.ui.text import draw_text
from arcade.ui.toast import Toast
from arcade.ui.tween import Tweens
from arcade.ui.watch import WatchPlayer
from arcade.ui.widgets import Button, Toolbar
from arcade.ui.worker import Worker, job_cancelled

if TYPE_CHECKING:
    from arcade.ui.app import App
    from arcade.ui.front import GameFront

LOG = logging.getLogger("arcade")

HEADER = 52
#: Room for two lines of status text: hints and refusals explain themselves in full sentences.
STATUS = 44
#: While the AI is watched, the game is saved at most this often (seconds of watching).
WATCH_SAVE_SECONDS = 5.0
#: Longest play time a save may carry (a bigger number is a damaged save).
MAX_ELAPSED = 10 * 365 * 86400.0
#: The tag of toasts about the level on screen (see :meth:`GameScene.level_note`).
LEVEL_TAG = "level"


def tab_binding(*, side_panel: bool = False) -> Binding:
    """The keys table's row for the keyboard's focus ring (see :class:`~arcade.ui.widgets.Toolbar`),
    one wording for every scene: with ``side_panel`` it says the ring goes on through the scene's
    own button rows, as it does in the Hashi editor."""
    where = "toolbar and side-panel" if side_panel else "toolbar"
    return Binding("Tab / Shift+Tab", "", f"{where} buttons (Enter or Space presses one, Esc leaves them)")


def fullscreen_binding() -> Binding:
    """The keys table's row for the window's fullscreen switch, which the app itself answers
    (:func:`~arcade.ui.app.toggles_fullscreen`): Alt+Enter was named in no table in the window, and
    F11, the key a player tries, did nothing."""
    return Binding("F11 / Alt+Enter", "", "fullscreen on and off")


class GameScene(ResultsMixin, LevelChangesMixin, ReplaysMixin, DiscardMixin, AssistMixin, StatusLineMixin, Scene):
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
        self.elapsed = checked_float(session.extra.get("elapsed", 0.0), 0.0, MAX_ELAPSED, "'elapsed'")
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.header_rect = pygame.Rect(0, 0, 0, 0)
        #: Where the header's facts were last drawn (the title must end left of them).
        self.header_fields_rect = pygame.Rect(0, 0, 0, 0)
        #: The title the header last drew (see :func:`header_title`) and the pixels it had.
        self.header_shown = ""
        self.header_room = 0
        self._init_game_end(session)
        #: Autosaves are written by a background thread: an fsync can take longer than a frame.
        self.saver = BackgroundSaver(info.name)
        self._save_due = False
        #: Seconds watched since the last save (see :meth:`save_progress`).
        self._watched_unsaved = 0.0
        #: Set by every change of the session or the status line; a drawn frame clears it (``is_idle``).
        self._dirty = True
        self._drawn_second = -1
        self._tooltip = ""
        #: Whether the saved camera (zoom, pan) was put back: once, at the first layout, when the
        #: board knows the window it is shown in (see :meth:`restore_camera`).
        self._camera_restored = False
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
    @property
    def level_title(self) -> str:
        """The level's name in the header and the menu's Continue: the picker's title, never a
        file id ("huge-room" is "Huge room"), see :meth:`GameFront.level_title`."""
        return self.front.level_title(self.session.level, self.session.level_id)

    @property
    def header_keep(self) -> tuple[str, ...]:
        """Endings of :attr:`level_title` that a header too narrow for it keeps, shortening the
        title before them instead (see :func:`header_title`); none by default."""
        return ()

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

    def saved_camera(self) -> dict[str, Any] | None:
        """The player's zoom and pan, to go with the autosave (None: the view is at its own camera).

        Continue restored a Hashi board's turn but opened it at the fit: zoomed in on a 40x40
        board, the player had to find their corner again. Every view that zooms says here what to
        keep and gets it back through :meth:`restore_camera`."""
        return None

    def restore_camera(self, saved: dict[str, Any]) -> None:
        """Put back what :meth:`saved_camera` gave, clamped to the window the board has now (a
        smaller window, a board grown since). Raise ``ValueError`` for a value that is not one: a
        damaged camera opens the game at its own camera, it never costs the game."""

    def _restore_saved_camera(self) -> None:
        """Once, after the first layout: the save's camera, validated (see :meth:`restore_camera`)."""
        if self._camera_restored:
            return
        self._camera_restored = True
        saved = self.session.extra.get("camera")
        if saved is None:
            return
        try:
            if not isinstance(saved, dict):
                raise ValueError("'camera' is not an object")
            self.restore_camera(saved)
        except ValueError as exc:
            LOG.warning("the saved camera was ignored: %s", exc)
            self.session.extra.pop("camera", None)

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

    def button_rows(self) -> list[list[Button]]:
        """The scene's own button rows (a side panel's, drawn and clicked by the scene), in reading
        order: Tab / Shift+Tab reach them after the toolbar's, and Enter or Space presses the one in
        focus (see :class:`~arcade.ui.widgets.Toolbar`)."""
        return []

    def control_rects(self) -> list[tuple[str, pygame.Rect]]:
        """(name, rect) of every control and label in the scene's rows of controls: the toolbar's
        buttons, the :meth:`button_rows`, and a scene's own (Runway's commands, player buttons and
        playback speed override this to add them). No two may touch, at any window size (the
        contract tests hold every game to it): at 640x400 Runway's "0.5 turns/s" ran into its +."""
        rects = [(button.label, button.rect) for button in self.toolbar.row() if button.rect.width]
        return rects + [(button.label, button.rect) for row in self.button_rows() for button in row
                        if button.rect.width]

    def board_tooltip(self, pos: tuple[int, int]) -> str:
        """Hover help for the game's own widgets at ``pos`` (shown in the status line like toolbar tooltips)."""
        return ""

    def game_bindings(self) -> list[Binding]:
        """The game's keymap rows (default: the registry's declaration; a scene may vary it by mode)."""
        return list(self.info.keymap)

    def status_fields(self) -> list[str]:
        """Short facts for the header's right side (moves, timer, score...)."""
        return [f"Moves {self.session.index}", self.clock_text]

    def draw_status_fields(self, surface: pygame.Surface, pos: tuple[int, int], room: int) -> pygame.Rect:
        """Draw :meth:`status_fields` in the header, right-aligned at ``pos`` and at most ``room``
        pixels wide (the title keeps the rest); the rect drawn (Tron sets its score apart from the
        players' names)."""
        assert self.app is not None
        return draw_text(surface, self.app.theme, "   ".join(self.status_fields()), pos, size=18, anchor="midright",
                         colour=self.app.theme["text"], max_width=room)

    def autosave_label(self) -> str:
        return self.level_title

    def on_changed(self) -> None:
        """After any change of the session (move, undo, redo, restart, AI step)."""

    def on_outcome(self, outcome: Outcome) -> None:
        """The game just ended (records are already kept); the default plays a sound and shows the result."""
        assert self.app is not None
        self.say(outcome.reason, "good" if outcome.is_win else "error" if outcome.result == "loss" else "warning")
        self.app.audio.play("win" if outcome.is_win else "lose")
        self.show_result(outcome)

    @property
    def clock_text(self) -> str:
        """The header's clock: 00:00 at the start of an attempt (after Restart it showed the old
        time until the first move, which starts the clock again; Redo brings the old time back)."""
        return format_time(self.elapsed if self.session.index > 0 else 0.0)

    def new_game(self) -> None:
        """"Play again": the same level from scratch -- a new clock, no history, no old words.
        (Restart differs: it keeps the moves for Redo, as one attempt.)"""
        self.change_level(self.session.level, self.session.level_id, seed=self.session.seed)

    def game_over(self) -> bool:
        """Whether the game is over, so its autosave goes (Tron: the match, not the round)."""
        return self.session.outcome is not None

    def has_progress(self) -> bool:
        """Whether there is anything worth saving (an untouched game never replaces an older save).
        Moves undone back to the start count: the save must hold the undo (Continue brought the
        undone move back), and Redo still has them."""
        return self.session.length > 0

    #: While a binding runs: whether a held key's repeat triggered it. A key that repeats to move
    #: about (stepping through a history) must not go on to play turns once the history ends.
    key_repeating = False

    def owns_save(self) -> bool:
        """Whether the game on screen is the player's own, whose autosave this scene writes and clears.

        An outside program's run or a replay put on the timeline is not: watching Runway's test
        panel play a program's run to its end cleared the player's saved game (a finished game's
        save goes), and its turns would have replaced it. Nor is a scene that never autosaves (the
        editor, a test-play, the How-to-play example): its header must not say "Not saved".
        """
        return self.autosave_when is not None and not self.previewing

    def save_extra(self) -> None:
        """Put the scene's own state (a match score, a setup) into ``session.extra`` before a save."""

    # -- the keymap ------------------------------------------------------------------------
    def standard_bindings(self) -> list[Binding]:
        """The framework's own rows, for the features this scene has."""
        rows: list[Binding] = []
        if self.allow_undo:
            rows += [
                Binding("Ctrl+Z / U", "undo", "undo", button="Undo", repeat=True),
                Binding("Ctrl+Y / Ctrl+Shift+Z / R", "redo", "redo", button="Redo", repeat=True),
                Binding("Ctrl+R", "restart", "restart (redo brings the moves back, one a press)", button="Restart"),
            ]
        if self.has_hint:
            rows.append(Binding("H", "request_hint", self.hint_help, button="Hint"))
        if self.has_watch:
            rows.append(Binding(self.watch_keys, self.watch_action, self.watch_help, button=self.watch_button))
        rows += [
            Binding(self.RESULT_KEYS, "reopen_result", self.result_help, button=self.result_button,
                    when="result_ready"),
            Binding("Esc / P", "open_pause", "pause, settings, main menu", button="Pause"),
            Binding("F1 / ?", "open_how_to_play", "how to play: the rules, an example, every key"),
            tab_binding(side_panel=bool(self.button_rows())),
            fullscreen_binding(),
        ]
        return rows

    #: The README's "Keys every game shares" rows a game may lack (feature: the keys and the name
    #: it goes by) -- see :meth:`missing_bindings`.
    SHARED_FEATURES: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("undo", "Ctrl+Z / U", "undo"), ("undo", "Ctrl+Y / Ctrl+Shift+Z / R", "redo"),
        ("undo", "Ctrl+R", "restart"), ("hint", "H", "hints"), ("watch", "W", "AI to watch"),
    )
    #: Why the game has no undo, hint or watch, said when a shared key for it is pressed.
    missing_reasons: ClassVar[dict[str, str]] = {}

    def missing_bindings(self, bound: list[Binding]) -> list[Binding]:
        """Rows for the shared keys of features this game lacks: a press says in one line why.
        Tron ignored H without a word while "Keys every game shares" lists it as the hint. The keys
        the game uses itself (Tron's W steers, its R replays) are left to it; the rows have no label,
        so the game's keys table does not list what it does not have."""
        have = {"undo": self.allow_undo, "hint": self.has_hint, "watch": self.has_watch}
        used: set[KeyMatcher] = set()
        for binding in bound:
            for alternative in binding.keys.split(" / "):
                used |= named_keys(alternative)
        rows = []
        for feature, keys, name in self.SHARED_FEATURES:
            if have[feature]:
                continue
            keys = self.watch_keys if feature == "watch" else keys
            free = [k for k in keys.split(" / ") if not named_keys(k) & used]
            if free:
                rows.append(Binding(" / ".join(free), "explain_missing", "", arg=name))
        return rows

    def explain_missing(self, name: str) -> None:
        """A shared key of a feature this game does not have: say why, in one line."""
        self.say(self.missing_reasons.get(name, f"{self.title} has no {name}."), "warning")

    def bound_keymap(self) -> list[Binding]:
        """The bindings of what this scene has, in dispatch order: watching keys, the game's, the framework's."""
        return [*self.watching_bindings(), *self.game_bindings(), *self.standard_bindings()]

    def keymap(self) -> list[Binding]:
        """Every binding in dispatch order: :meth:`bound_keymap`, then the shared keys of what the
        game lacks (see :meth:`missing_bindings`)."""
        bound = self.bound_keymap()
        return [*bound, *self.missing_bindings(bound)]

    def binding_active(self, binding: Binding) -> bool:
        return not binding.when or bool(getattr(self, binding.when))

    def run_binding(self, binding: Binding) -> None:
        """Run a key's or a button's action; one that throws a game in progress away (``discards``:
        a new board, a rematch) asks first -- unless it has a dialog of its own (``new_board_asks``)."""
        new_board = binding.button == NEW_BOARD_BUTTON
        if (binding.discards or new_board) and not (new_board and self.new_board_asks):
            keys = binding.keys.split(" / ")[0]
            name = binding.button or binding.label
            if not self.confirm_discard(name.lower(), f"Press {keys} ({name}) again"):
                return
        action = getattr(self, binding.action)
        if binding.arg is None:
            action()
        else:
            action(binding.arg)

    def help_lines(self) -> list[tuple[str, str]]:
        """The help overlay: each key once, with what a press of it does now.

        The game's keys first, the framework's after, keys of a mode (watching, a replay) last.
        A key with meanings in several modes is listed with the one it has at the moment (Tron's
        Space pauses the round, or the replay, or goes on to the next round); a key whose only
        meaning does not apply now is still listed with it (see :func:`listed_once`).
        """
        return help_rows(self.listed_bindings())

    def listed_bindings(self) -> list[Binding]:
        """The rows of the keys table, as :meth:`help_lines` lists them (keys trimmed to those listed there)."""
        rows = [b for b in self.keymap() if not b.listed_when or getattr(self, b.listed_when)]

        def is_mode(b: Binding) -> bool:
            return b.when in ("watching", "replaying")

        kept = listed_once(rows, self.binding_active, later_first=is_mode)
        order = sorted(kept, key=lambda i: (is_mode(rows[i]), i))
        return [kept[i] for i in order]

    #: Toolbar buttons kept on the row longest when the window is too narrow for all (the rest go
    #: into its More menu, the game's own buttons before these): Pause, which also lists every key,
    #: then the moves every game shares ("toggle_watch" stands for the game's ``watch_action``:
    #: Runway's is its play / pause key).
    TOOLBAR_PRIORITY: ClassVar[dict[str, int]] = {"open_pause": 3, "undo": 2, "redo": 2, "request_hint": 2,
                                                  "toggle_watch": 2, "watch_pause": 3, "watch_step": 3,
                                                  "reopen_result": 3}

    def build_toolbar(self) -> None:
        """The toolbar from the keymap's rows that have a button (again when the keymap changes).

        The watch's own buttons are there while the AI is watched only, right after the Watch
        button (which then shows pressed)."""
        buttons = []
        watch_rows = set(self.watching_bindings())
        watching: list[Button] = []
        for binding in self.keymap():
            if not binding.button:
                continue
            if binding in watch_rows and not self.watching:
                continue
            if binding.action == "reopen_result" and not self.result_ready:
                continue  # only while there is a result to go back to (a grey button all game long)
            enabled = self._enabled_predicate(binding)
            watch = binding.action == self.watch_action and self.has_watch and binding not in watch_rows
            stops_by_click_only = watch and self.watching and self.watch_action != "toggle_watch"
            button = Button(binding.button,
                            (lambda b=binding: self.press_watch_button(b)) if watch
                            else (lambda b=binding: self.run_binding(b)),
                            # The watch key pauses there: the button's help says what a click does.
                            hotkey="" if stops_by_click_only else binding.keys,
                            tooltip="stop watching: the AI stops, you take over here" if stops_by_click_only
                            else binding.label, enabled_when=enabled,
                            priority=self.TOOLBAR_PRIORITY.get(
                                "toggle_watch" if binding.action == self.watch_action else binding.action, 1))
            if binding in watch_rows:
                if binding.action == "watch_pause":
                    button.other_label = "Pause AI" if button.label == "Resume AI" else "Resume AI"
                watching.append(button)
                continue
            if watch:
                button.toggled = self.watch_lit
                # One width for both labels: the row stays put as a watch starts and stops.
                button.other_label = next(label for label in self.WATCH_LABELS if label != button.label)
                buttons.append(button)
                buttons += watching
                watching = []
                continue
            buttons.append(button)
        # The last press goes on to the new row: a double-click on a button the press rebuilt the
        # toolbar for (Watch AI) must not reach the button that took its place.
        previous, self.toolbar = self.toolbar, Toolbar([*buttons, *watching])
        self.toolbar.rows = lambda: self.button_rows()  # read at each Tab: a scene may rebuild its rows
        self.toolbar.inherit(previous)  # and the keyboard's focus, on the button for the same keys

    def refresh_toolbar(self) -> None:
        """Build and lay out the toolbar again (a watch started, paused or stopped), the board as it is."""
        if self.app is None:
            return
        self.build_toolbar()
        self._layout_toolbar(self.app.size)
        self._dirty = True

    def _enabled_predicate(self, binding: Binding) -> Callable[[], bool] | None:
        # Hint and Watch have nothing to do on a finished game (they only said so): grey, as Finish is.
        checks = {"undo": lambda: self.session.can_undo, "redo": lambda: self.session.can_redo,
                  "restart": lambda: self.session.index > 0,
                  "request_hint": lambda: self.session.outcome is None,
                  self.watch_action: lambda: self.watching or self.session.outcome is None}
        if binding.action in checks:
            return checks[binding.action]
        if binding.button_when:
            return lambda: bool(getattr(self, binding.button_when))
        if binding.when:
            return lambda: self.binding_active(binding)
        return None

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

    def _layout_toolbar(self, size: tuple[int, int]) -> int:
        """Lay the toolbar out along the window's foot; returns its top."""
        assert self.app is not None
        w, h = size
        bar_height = self.app.theme.px(34 if h >= 600 else 28)
        bar_top = h - bar_height - 10  # one row at every size (buttons that do not fit go into its More menu)
        self.toolbar.layout(self.app.theme, pygame.Rect(12, bar_top, w - 24, bar_height), bar_height)
        return bar_top

    def relayout(self) -> None:
        """Lay the whole screen out again (the toolbar may have changed, the board surely has)."""
        if self.app is not None:
            self.build_toolbar()
            self.resize(self.app.size)

    # -- workers -------------------------------------------------------------------------
    def new_worker(self) -> Worker:
        """A worker thread for this scene; the base scene polls it every frame and closes it on leave."""
        worker = Worker()
        self.workers.append(worker)
        return worker

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

    # -- moves ---------------------------------------------------------------------------
    def play(self, move: Any, *, by_ai: bool = False) -> bool:
        """Play a move (the player's, or the AI's when ``by_ai``); a refused move is explained."""
        if self.watch is not None and not by_ai:
            self.stop_watch("Stopped watching: your move.")
        elapsed = self.elapsed
        self.new_attempt_clock()
        try:
            self.session.play(move, by_ai=by_ai)
        except IllegalMove as exc:
            self.elapsed = elapsed
            self.refuse(str(exc))
            return False
        return True

    def new_attempt_clock(self) -> None:
        """Before a new move (the player's or the AI's): at the start it is a new attempt (after a
        restart, or undoing to the start), whose clock runs from its first move as on a fresh
        board; redoing the old moves keeps the old clock. The AI's first move after a Restart
        showed the old attempt's time in the header."""
        if self.session.index == 0:
            self.elapsed = 0.0

    def undo(self) -> None:
        self.stop_watch()
        taken = self.session.index - 1
        if self.session.undo():
            self.say_history_step("Undone", taken)
        else:
            self.say("Nothing to undo.")

    def redo(self) -> None:
        self.stop_watch()
        brought = self.session.index
        if self.session.redo():
            self.say_history_step("Redone", brought)
        else:
            self.say("Nothing to redo.")

    def describe_move(self, before: Any, move: Any, after: Any) -> str:
        """The move that led from ``before`` to ``after``, in the game's own words, for Undo and
        Redo to name ("the bridge between the 3 at row 2, column 4 and …"). "" (the default): they
        say only "Undone." / "Redone."."""
        return ""

    def position_prompt(self) -> tuple[str, str] | None:
        """What the status line would say, and its role, to a player who had just arrived at the
        current state (Battle Royale's drop prompt, Hashi's islands to go); None: nothing. Undo
        and Redo say it after the move they name; a finished game's outcome is said instead."""
        return None

    def say_history_step(self, verb: str, index: int) -> None:
        """After Undo or Redo ("Undone" / "Redone"): which move of the history (``index``) was taken
        back or brought back, then where the player now stands. Both used to say only "Undone.":
        undoing Battle Royale's drop left the player without the drop prompt, Redo without a word
        of where they stood."""
        session = self.session
        what = self.describe_move(session.state_at(index), session.rules.decode_move(session.move_at(index)),
                                  session.state_at(index + 1))
        text = f"{verb}: {what}" if what else f"{verb}"
        text += "" if text.endswith((".", "!", "?")) else "."
        outcome = session.outcome
        if outcome is not None:
            prompt: tuple[str, str] | None = (outcome.reason, "good" if outcome.is_win else "error")
        else:
            prompt = self.position_prompt()
        if prompt and prompt[0]:
            self.say(f"{text} {prompt[0][:1].upper()}{prompt[0][1:]}", prompt[1])
        else:
            self.say(text)

    def restart(self) -> None:
        self.stop_watch()
        self.session.restart()
        self.say("Restarted — Redo (Ctrl+Y) brings your moves back one at a time.")

    # -- overlays ----------------------------------------------------------------------------
    def open_pause(self, reason: str = "") -> None:
        assert self.app is not None
        self.stop_watch_for_overlay()
        self.app.push(PauseScene(self, self.help_lines(), reason))

    #: The window events after which the player is away (:attr:`App.window_away`).
    AWAY_EVENTS: ClassVar[tuple[int, ...]] = (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN)

    def runs_without_the_player(self) -> bool:
        """Whether play moves on by itself now, against a player who must answer it in time (Tron's
        round against a bot, or between two people): such a game opens its pause screen when the
        window goes away (:meth:`window_went_away`). A puzzle's clock simply stands still then
        (:meth:`clock_runs`), and what only plays to be watched (the AI, a replay) may run on."""
        return False

    def window_went_away(self) -> None:
        """The window lost the focus, or was minimized or hidden: a game that runs without the player
        pauses as Esc pauses it, saying why, and Esc, P or Resume plays on (with the game's own
        way back in: Tron's countdown). A round of Tron against a bot ran on behind an alt-tab, and
        the player came back to a crashed cycle."""
        if self.runs_without_the_player():
            self.open_pause("Paused by itself: the window was minimized or lost the focus. "
                            "Esc, P or Resume plays on.")

    def open_how_to_play(self) -> None:
        from arcade.ui.how_to_play import HowToPlayScene

        assert self.app is not None
        self.stop_watch_for_overlay()
        self.app.push(HowToPlayScene(self.info, self.help_lines()))

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
        if not self.game_over():
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
            if self.status_text.startswith(("Thinking", "Still thinking", "The AI is thinking", "The AI is planning")):
                self.say(f"{what} dropped: the position changed. {'H' if what == 'Hint' else self.watch_keys} "
                         "asks again.")
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

    def save_progress(self, *, leaving: bool = False) -> None:
        """Write the autosave, or clear it once the game is over; never blocks a frame.

        Saves go to a background writer (an fsync can take longer than a frame). While the
        AI is being watched a step is not worth a file write: one save every
        :data:`WATCH_SAVE_SECONDS` of watching, and one at the end or a pause (a kill -9 while
        watching lost every step the AI had played).
        """
        if self.autosave_when is None or self.app is None or not self.owns_save():
            return
        if self.game_over():
            self.saver.flush()
            try:
                saves.clear_autosave(self.info.name)
            except OSError as exc:
                self.toast.show(f"Autosave failed: {write_failure(exc, saves.autosave_path(self.info.name))}", "error")
            return
        if not self.has_progress() or (self.autosave_when == "leave" and not leaving):
            return
        playing = self.watch is not None and not self.watch.paused
        if playing and not leaving and self._watched_unsaved < WATCH_SAVE_SECONDS:
            self._save_due = True
            return
        self._save_due = False
        self._watched_unsaved = 0.0
        self.session.extra["elapsed"] = round(self.elapsed, 1)
        camera = self.saved_camera()
        if camera:
            self.session.extra["camera"] = camera
        else:
            self.session.extra.pop("camera", None)
        self.save_extra()
        self.saver.submit(self.session.to_dict(), self.autosave_label())

    def abandon_save(self) -> None:
        """The player gave this game up for a new one from inside the scene (Tron's rematch, a new
        match from its setup): its autosave goes now, and the untouched new game saves nothing until
        it has progress, as ever.

        A new game from the menu keeps the old save until its first move (opened by mistake, it must
        not cost a game); a choice made in the game, looking at it, is the player's word that it is
        over -- Tron's old match came back from Continue after a rematch left at 0 : 0. Only this
        game's own save is touched, and never by a scene that does not autosave (a test-play).
        """
        if not self.owns_save() or self.app is None:
            return
        self._save_due = False
        self.saver.flush()  # a write of the old game still under way would bring it back
        try:
            saves.clear_autosave(self.info.name)
        except OSError as exc:
            self.toast.show(f"Autosave failed: {write_failure(exc, saves.autosave_path(self.info.name))}", "error")

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
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.status_cut
                and self.status_text_rect.collidepoint(event.pos)):
            self.turn_status_page()  # the status line's next page
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

    def explain_not_now(self, event: pygame.event.Event) -> bool:
        """A key the keys table lists for another moment ("R: replay the round that just ended"
        pressed during Tron's round) says so, in one line: it did nothing without a word."""
        for binding in self.listed_bindings():
            if not binding.label or not binding.action or self.binding_active(binding):
                continue
            pressed = [k for k in binding.keys.split(" / ") if any(m.matches(event) for m in parse_keys(k))]
            if pressed:
                self.say(f"{pressed[0]}: {binding.label} — not now.")
                return True
        return False

    @property
    def busy(self) -> bool:
        return any(w.busy for w in self.workers)

    def poll_workers(self) -> None:
        """Deliver finished background work (par, hints, plans, bot moves) on the main thread.

        An answer always marks the scene for drawing: the callbacks only store what came (the
        editor's verdict, a par), and an idle screen is not drawn again until something says so."""
        for worker in self.workers:
            if worker.poll():
                self._dirty = True
        if self.saver.error:
            self.toast.show(self.saver.error, "error")
            self.saver.error = ""
            self._dirty = True
        for problem in saves.take_problems():  # a damaged records file met by a picker or a win
            if self.app is not None:
                self.app.warn(problem, self.toast)
            self._dirty = True

    def background_update(self, dt: float) -> None:
        """Under an overlay (pause, result, picker) the workers still deliver: a par arrives behind the result."""
        self.poll_workers()

    def update(self, dt: float) -> None:
        assert self.app is not None
        self.poll_workers()
        self.show_due_result()
        self.tweens.update(dt * self.app.animation_speed)
        if self.status_cut:
            # A long text turns its pages by itself too, after time to read them (a keyboard
            # player has no click): about 15 characters a second, at least 4 seconds a page.
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
        elif self.clock_runs():
            self.elapsed += dt

    def clock_runs(self) -> bool:
        """Whether the player's clock runs now: from their first move to the end, never while the
        AI (or, in Runway, an outside program's run on the timeline) is being watched, nor while the
        player looks back through a game already played to its end (scrubbing back into a finished
        race restarted the clock: 00:14 became 00:16); a move from there plays again, and times.
        Nor while the window is minimized or has lost the focus (:attr:`App.window_away`): a
        player who stepped away came back to a worse time."""
        return (self.watch is None and self.session.outcome is None and self.session.index > 0
                and not self.session.looking_back and not (self.app is not None and self.app.window_away))

    def draw(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        self._dirty = False
        self._drawn_second = int(self.elapsed)
        theme = self.app.theme
        pygame.draw.rect(surface, theme["panel"], self.header_rect)
        pygame.draw.line(surface, theme["grid"], self.header_rect.bottomleft, self.header_rect.bottomright)
        # The title keeps room for the level's name, up to a quarter of the header: at 640x400 a
        # Tron tournament round's facts took the whole header and the title ("Emp…") was drawn
        # over the players' names.
        title_least = min(theme.font(22, True).size(self.level_title or self.info.title)[0],
                          self.header_rect.width // 4)
        fields_rect = self.draw_status_fields(surface, (self.header_rect.right - 16, self.header_rect.centery),
                                              max(0, self.header_rect.width - 16 - 16 - 40 - title_least))
        if self.owns_save() and saves.save_failure(self.info.name):
            # Lasting, not a toast: until a save succeeds, quitting would lose the moves since.
            fields_rect = draw_text(surface, theme, "✗ Not saved", (fields_rect.left - 20, self.header_rect.centery),
                                    size=18, bold=True, anchor="midright", colour=theme["error"])
        self.header_fields_rect = fields_rect
        room = self.header_room = max(80, fields_rect.left - 40)
        font = theme.font(22, True)
        self.header_shown = header_title(self.info.title, self.level_title, room, lambda text: font.size(text)[0],
                                         self.header_keep)
        draw_text(surface, theme, self.header_shown, (16, self.header_rect.centery), size=22, bold=True,
                  anchor="midleft", max_width=room)
        self.draw_board(surface)
        text, role = self.status_line()
        if text != self._traced_status and not self.worker.busy:
            self._traced_status = text
            self.app.trace(f"status {text}")
        # A toast takes the right of the status line and the text wraps in what is left: they used
        # to overlap, and hiding the text instead hid a failed test's reason behind "passed 0/13".
        toast_w = self.toast.width(theme, int(self.status_rect.width * 0.45)) if self.toast.messages else 0
        text_w = self.status_rect.width - (toast_w + 12 if toast_w else 0)
        toast_area = pygame.Rect(self.status_rect.right - toast_w, self.status_rect.y, toast_w, self.status_rect.height)
        if self.toast.spreads(theme, toast_area):
            # A toast too long for the corner spreads over the whole line: the text, wrapped for the
            # corner's room, peeked out at its left ("Cl" before "Your unsaved board is kept…").
            # It is hidden while the toast is up, its pages held, and comes back whole after.
            text, text_w = "", 0
        self.status_cut = False
        self.status_shown = []
        self.status_more_rect = pygame.Rect(0, 0, 0, 0)
        self.status_text_rect = pygame.Rect(self.status_rect.x, self.status_rect.y, text_w, self.status_rect.height)
        if text:
            colour = theme[role] if role != "text_dim" else theme["text_dim"]
            lines = self.status_shown = self._status_lines(theme.marked(role, text), text_w)
            every = self._status_cache[1]
            self.status_cut = len(every) > STATUS_LINES
            step = theme.px(20)
            top = self.status_rect.centery - step * len(lines) // 2
            for i, line in enumerate(lines):
                draw_text(surface, theme, line, (self.status_rect.x, top + step * i), size=16, colour=colour,
                          max_width=text_w)
            if self.status_cut:
                marker = f"{self.status_page + 1}/{self.status_pages(every)} ▸"
                self.status_more_rect = draw_text(surface, theme, marker, (self.status_rect.x + text_w, top + step),
                                                  size=14, bold=True, colour=theme["accent"], anchor="midright")
        self.toolbar.draw(surface, theme)
        self.draw_foreground(surface)
        self.toast.draw(surface, theme, self.status_rect.bottom, area=toast_area, wide=self.status_rect)
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
