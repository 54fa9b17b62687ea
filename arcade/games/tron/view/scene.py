"""The Tron screen (ui): a match of rounds between humans and bots, played, watched and replayed.

A round is one :class:`Session`: every tick the scene plays the joint move of both
cycles, so the session history is the round's replay. Humans steer through
:class:`Steering` queues; bots think in :mod:`arcade.games.tron.runner` runners (a child
process for the searchers) and are asked about each position as soon as it exists, with
at most three quarters of a tick to answer, so the tick never waits and the frame loop
never blocks. Phases: countdown -> running -> over (crash burst, score) -> next round
or the match result; "replay" scrubs through a finished round.

Saving: a tick-by-tick autosave would write ten files a second for a round that lasts
half a minute, so the scene asks the framework to save only when it is left with a
match unfinished (the round so far, the score and the setup); Continue resumes it with
a fresh countdown, and the save goes once the match is over.

:class:`TronScene` is the match and its rounds: set-up, the phases and the clock, steering,
the camera, saving. The parts that read on their own are mixins beside it, as the
framework's :class:`~arcade.ui.game_scene.GameScene` is composed: :mod:`.seats` (the seats'
names, the bots and programs that play them, their console), :mod:`.replay` (replaying a
round, replay files), :mod:`.round_end` (a round's result, its banner, the match result)
and :mod:`.drawing` (the header and the board as drawn each frame).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from arcade.core.errors import ArcadeError
from arcade.core.registry import Binding, GameInfo
from arcade.core.session import Session
from arcade.core.words import NBSP
from arcade.games.tron import maps
from arcade.games.tron.board import Board, voronoi
from arcade.games.tron.controller import Match, Steering, failure_from_dict, failure_to_dict
from arcade.games.tron.logic import OPPOSITE, Level, State, default_direction
from arcade.games.tron.runner import BotRunner, ProgramRunner, Reply
from arcade.games.tron.view.drawing import DrawingMixin
from arcade.games.tron.view.paint import BoardPainter, TrailMap
from arcade.games.tron.view.replay import ReplayMixin, ReplayPlayer
from arcade.games.tron.view.round_end import CRASH_TIME, RoundEndMixin
from arcade.games.tron.view.seats import SeatsMixin
from arcade.games.tron.view.setup import FRESH_MAPS, GENTLE_SPEED, SPEEDS, MatchSetup, SetupScene
from arcade.services import programs
from arcade.services.replays import Playback, Turn
from arcade.ui.camera import CameraInput, CameraScene
from arcade.ui.console import ConsolePanel
from arcade.ui.gridview import GridView
from arcade.ui.scene import Scene
from arcade.ui.tick_scene import TickScene
from arcade.ui.transport import ReplayBar

if TYPE_CHECKING:
    from arcade.ui.app import App

#: Seconds of "3, 2, 1" before a round, and before play resumes after a pause overlay.
COUNTDOWN = 2.4
RESUME_COUNTDOWN = 1.2
#: Seconds the heads pulse while a round waits for the player's first key (three whole pulses,
#: ending unlit): the banner and the heading arrow keep saying what to do, and a board left waiting
#: rests like a paused one -- pulsing on, it was drawn 60 times a second, over half a core.
READY_PULSE_TIME = 3 * 2 * math.pi / 7.0
#: Bot-vs-bot matches move on to the next round by themselves after this long.
WATCH_NEXT_ROUND = 2.5
#: Said while "go" waits for the bot processes to start.
BOTS_STARTING = "Starting the bots…"
#: What the setup's Start asks about mid-match (see :meth:`GameScene.forget_discard_question`).
NEW_MATCH = "new match"
#: Below this cell size a cycle is hard to follow (a 200x200 file fits a window in 3-pixel
#: cells; the bundled 50x50 map gets 9 at 1024x640 and stays whole): such a map starts each
#: round zoomed to :data:`READABLE_CELL` around the player's cycle.
SMALLEST_CELL = 8
READABLE_CELL = 12

WASD = (("W", "N"), ("D", "E"), ("S", "S"), ("A", "W"))
ARROWS = (("Up", "N"), ("Right", "E"), ("Down", "S"), ("Left", "W"))


class TronScene(SeatsMixin, ReplayMixin, RoundEndMixin, DrawingMixin, CameraScene, TickScene):
    """A Tron match on screen: its rounds, their phases and clock, steering, camera and saving (the
    seats, the replay, the round's end and the drawing are the mixins', see the module's docstring)."""

    scrub_always = False
    speed_help = "speed: faster / slower (ticks per second; in a replay, the replay's)"
    #: Ten ticks a second is no reason to write ten files a second: the match is saved when left.
    autosave_when = "leave"
    speeds = SPEEDS
    #: The framework's way back to a result, in the match's words (Enter does the same once it is over).
    result_button = "Match result"
    result_help = "the match result again (rematch, replay, setup) after Look at board"
    #: The shared keys Tron has no use for say why (H was ignored without a word).
    missing_reasons: ClassVar[dict[str, str]] = {
        "hints": "Tron has no hints: it is played live against a bot.",
        "undo": "Tron has no undo: a round is played live — R replays it once it ends.",
        "redo": "Tron has no redo: a round is played live — R replays it once it ends.",
        "restart": "Tron has no restart: F5 starts a rematch (it asks first mid-match).",
    }

    def __init__(self, info: GameInfo, session: Session[Level, State, Any], setup: MatchSetup, match: Match,
                 *, map_ref: str, seed: int) -> None:
        super().__init__(info, session)
        self.speed.set(setup.speed)
        self.setup = setup
        #: The ended round (its ``round_key``) whose banner Look at board moved into the status line.
        self.looked_at: int | None = None
        self.match = match
        self.map_ref = map_ref
        self.seed = seed
        level = session.level
        self.view = GridView(level.height, level.width, max_cell=44)
        #: Zoomed in, the camera follows the human's cycle (both cycles when no one plays).
        self.camera = CameraInput(self.view)
        self.painter: BoardPainter | None = None
        self.trails = TrailMap()
        self.steering = [Steering(), Steering()]
        self.runners: list[BotRunner | None] = [None, None]
        self.waiting: list[int | None] = [None, None]
        self.answers: list[Reply | None] = [None, None]
        self.reasons = ["", ""]
        self.serial = 0
        self.round_key = 0
        #: The round whose camera was set for a readable cell (see :meth:`readable_camera`).
        self._camera_round = -1
        #: The zoom :meth:`readable_camera` chose (0: none), so a new round may choose again.
        self._auto_zoom = 0.0
        self.phase = "countdown"
        self.paused = False
        self._auto_paused = False
        self.countdown = COUNTDOWN
        self.tick_clock = 0.0
        self.over_clock = 0.0
        self.replay = ReplayPlayer()
        #: A replay's mouse controls (the framework's, as Runway's): play/pause, step, ends, a timeline
        #: to click or drag. Tron's replay had only keys, named in the status line.
        self.replay_bar = ReplayBar(self.replay_seek, self.replay_pause, self.replay_step,
                                    tooltips={"play": "Play / pause the replay [Space]"})
        #: Whether the board was laid out with the replay bar under it (it shows only in a replay).
        self._bar_laid_out = False
        self.clock = 0.0
        #: :attr:`clock` when the round began to wait for the player's first key.
        self.ready_since = 0.0
        self.stalls = 0
        self.late_moves = 0
        #: Per seat, whether its bot's answer for the last tick came too late (it went straight on).
        self.late_last_tick = [False, False]
        #: Said after the round's reason when a bot's late answer made its last move (see :meth:`told`).
        self.late_note = ""
        #: Ticks played in this scene (all rounds), for the benchmark.
        self.ticks_played = 0
        self.slowest_ms = [0.0, 0.0]
        self.round_log: list[str] = list(session.extra.get("round_log", []))
        self._result_shown = False
        self._painted: tuple[object, ...] | None = None
        #: Per tick of this round: each seat's answer time and the stderr its program wrote (replays, console).
        self.turns: list[Turn] = []
        #: Ticks at the start of this round whose answers were not kept (a round resumed from a save).
        self.unkept_ticks = 0
        #: ``failed``: the round's result when a program failed (the rules only know crashes), else
        #: None; ``failures``: why each program seat lost it without crashing (late, crash, garbage,
        #: EOF). Both are saved with the match: Continue after such a round brought it back running
        #: as the next round on the lost round's board (its end was in no save).
        self.failed, self.failures = failure_from_dict(session.extra.get("failed"))
        #: A replay file being viewed (``play tron --replay``): no bots run, the round is only scrubbed.
        self.viewer: Playback | None = None
        #: The viewer was opened from a tournament's table: Esc (and R) go back to it, not to the menu.
        self.from_table = False
        self.console = ConsolePanel(shown=any(":" in who for who in match.seats))
        self._toolbar_for: tuple[bool, bool] | None = None
        self._console_cache: tuple[tuple[int, int], list[tuple[int, str]]] = ((-1, -1), [])

    # -- set-up --------------------------------------------------------------------------------
    def enter(self, app: App) -> None:
        super().enter(app)
        self.painter = BoardPainter(self.session.level, self.view, app.theme)
        self.start_runners()
        if self.viewer is not None:
            self.phase = "replay"
            self.replay.start(self.session)
            self.say(self.replay_intro(), "info")
        elif (ended := self.session.outcome or self.failed) is not None:
            self.phase = "over"
            self.over_clock = CRASH_TIME
            # A program's stderr of the ended round is not kept across the relaunch: the console
            # said "No stderr yet" beside a round the program had written to all along.
            self.pad_unkept_turns(self.session.length + (self.failed is not None))
            self.say_round_end(ended)
        else:
            self.begin_round(resume=self.session.index > 0)

    def tick_bindings(self) -> list[Binding]:
        """The shared history keys (, . Home End) walk a replay here: a live round has no history."""
        rows = []
        for b in super().tick_bindings():
            if b.when == "can_scrub":  # , and . are listed with the replay's arrows already
                listed = b.action in ("step_back", "step_forward")
                label = "" if listed else f"replay: {b.label[0].lower()}{b.label[1:]}"
                b = replace(b, label=label, when="replaying")
            rows.append(b)
        return rows

    def game_bindings(self) -> list[Binding]:
        """Who steers with which keys depends on the mode; replay keys come first while replaying."""
        if self.setup.mode == "humans":
            steer = [Binding("W / A / S / D", "", "steer cycle 1"), Binding("Arrows", "", "steer cycle 2"),
                     *(Binding(k, "steer_key", "", arg=f"0{d}", when="can_steer") for k, d in WASD),
                     *(Binding(k, "steer_key", "", arg=f"1{d}", when="can_steer") for k, d in ARROWS)]
        elif self.setup.mode == "bot":
            steer = [Binding("Arrows / W A S D", "", "steer your cycle (cycle 1)"),
                     Binding("Click", "", "steer with the mouse: before the start towards the click, then to "
                             "the click's side of your cycle"),
                     *(Binding(k, "steer_key", "", arg=f"0{d}", when="can_steer") for k, d in (*WASD, *ARROWS))]
        else:
            steer = []
        replay = [b for b in self.info.keymap if b.when == "replaying"]
        if self.viewer is not None:
            # A replay file has nothing to leave to: R and Esc open the menu (see stop_replay), where
            # the keys table said "replay: leave" beside an Esc that opened the menu.
            replay = [replace(b, label="the menu (a replay file has no round to go back to)")
                      if b.action == "stop_replay" else b for b in replay]
        rest = []
        for b in self.info.keymap:
            if b.action == "after_round":
                if self.viewer is not None:
                    continue  # a replay file has no match: no next round, no match result
                if self.match.over:  # "Next round" stayed lit and opened the match result; the
                    # button is the framework's way back to a result (result_button, shown once it was)
                    b = replace(b, label="the match result again (rematch, replay, setup)", button="")
            if b.when != "replaying":
                rest.append(b)
        return [*replay, *steer, *rest]

    def build_toolbar(self) -> None:
        super().build_toolbar()
        self._toolbar_for = self.toolbar_key()

    def toolbar_key(self) -> tuple[bool, bool]:
        """What the toolbar's buttons depend on besides the mode: the match being over, a replay file."""
        return (self.match.over, self.viewer is None)

    def animating(self) -> bool:
        """Drawn every frame while something moves: a round on the clock, a countdown, the pulsing
        heads, a crash settling, a replay playing. A finished round or a paused one stands still
        and is drawn again only when something changes (left open at the round's end, the window
        used to take half a core for as long as it stayed there)."""
        if self.phase == "over":
            return self.over_clock < CRASH_TIME
        if self.phase == "replay":
            return not self.replay.paused
        if self.phase == "ready":
            return not self.paused and self.ready_pulse() > 0.0
        return not self.paused

    def ready_pulse(self) -> float:
        """The heads' pulse while the round waits for the first key: from unlit, :data:`READY_PULSE_TIME`
        long, then unlit for good (0.0)."""
        waited = self.clock - self.ready_since
        return 0.5 - 0.5 * math.cos(waited * 7.0) if waited < READY_PULSE_TIME else 0.0

    # -- when keys act ---------------------------------------------------------------------------
    @property
    def can_steer(self) -> bool:
        return self.phase in ("ready", "countdown", "running")

    @property
    def tick_seconds(self) -> float:
        """The chosen speed -- but a match's first round against a bot is gentle (at most GENTLE_SPEED)."""
        return 1.0 / self.round_rate(self.match.rounds)

    def round_rate(self, index: int) -> float:
        """Ticks a second of round ``index`` (0-based) of this match."""
        rate = self.speed.value
        if self.setup.mode == "bot" and index == 0:
            rate = min(rate, GENTLE_SPEED)
        return max(1.0, rate)

    @property
    def in_round(self) -> bool:
        return self.phase in ("countdown", "running")

    @property
    def round_done(self) -> bool:
        """A round of the match has ended: on its banner, or in its replay, Enter goes on."""
        return self.viewer is None and self.phase in ("over", "replay")

    @property
    def has_match(self) -> bool:
        """A match is being played (not a replay file viewed): Rematch greys out in the viewer, where
        it looked live and only refused (F5 still says why)."""
        return self.viewer is None

    @property
    def can_single_tick(self) -> bool:
        return self.paused and self.phase == "running" and self.moves_ready()

    def steer_key(self, arg: str) -> None:
        self.steer(int(arg[0]), arg[1])

    def after_round(self) -> None:
        if self.refuse_in_viewer():
            return
        if self.phase == "replay":
            self.stop_replay()  # back at the round's end (a match that is over shows its result there)
            if self.match.over:
                return
        if self.match.over:
            self.show_match_result()
        else:
            self.next_round()

    def single_tick(self) -> None:
        self.advance()

    # -- layout, the mouse on the board, the camera ------------------------------------------------
    def layout_board(self, area: pygame.Rect) -> None:
        self._bar_laid_out = self.phase == "replay"
        if self._bar_laid_out:  # the replay's controls take a row under the board
            bar_h = ReplayBar.HEIGHT
            self.replay_bar.layout(pygame.Rect(area.x, area.bottom - bar_h, area.width, bar_h))
            area = pygame.Rect(area.x, area.y, area.width, area.height - bar_h - 8)
        self.view.layout(self.console.split(area), scale=self.app.theme.scale if self.app is not None else None)
        if self.app is not None and self.console.shown:
            rect = self.console.rect
            self.app.trace(f"tron-console {rect.x} {rect.y} {rect.width} {rect.height}")  # end-to-end tests
        self.readable_camera()
        if self.app is not None:  # where the board is, for end-to-end tests (no-op without a trace file)
            self.app.trace(f"tron-layout {self.session.level_id} {self.view.cols} {self.view.rows} "
                           f"{self.view.cell} {self.view.origin[0]} {self.view.origin[1]}")

    def board_tooltip(self, pos: tuple[int, int]) -> str:
        return self.replay_bar.tooltip(pos) if self.phase == "replay" and self._bar_laid_out else ""

    def handle_board(self, event: pygame.event.Event) -> bool:
        """Against a bot a click steers (see :meth:`click_steer`); otherwise the mouse moves the
        camera: wheel zooms, a drag pans (over the console, the wheel scrolls its lines). In a
        replay, its bar's buttons and timeline come first."""
        if self.phase == "replay" and self._bar_laid_out and self.replay_bar.handle(event):
            return True
        if self.console.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.view.viewport.collidepoint(event.pos):
            if self.click_steer(event.pos):
                return True
            self.camera.start_pan(event.pos)
            return True
        return self.camera.handle(event)

    def click_steer(self, pos: tuple[int, int]) -> bool:
        """A click on the board steers the one human cycle against a bot: before the start it heads
        towards the click (and starts the round, as an arrow does), under way it turns to the
        click's side of the cycle. Tron could not be played with the mouse at all: the round
        waited for an arrow key. Two players keep the keys (whose cycle would a click steer?)."""
        humans = self.human_seats()
        if len(humans) != 1 or self.phase not in ("ready", "countdown", "running"):
            return False
        seat = humans[0]
        x, y = self.session.state.heads[seat]
        cx, cy = self.view.cell_center((y, x))
        starting = self.session.index == 0 and self.phase in ("ready", "countdown")
        direction = self.steering[seat].toward(pos[0] - cx, pos[1] - cy, starting=starting)
        if direction is not None:
            self.steer(seat, direction)
        return True

    def readable_camera(self) -> None:
        """Once a round, on a map too big to read at the fit (cells under :data:`SMALLEST_CELL`): zoom
        in towards :data:`READABLE_CELL` -- but never so far that a cycle starts off screen: at 800x500
        with a program's console, Huge room opened at 1.7x on cycle 1 and cycle 2 was not in view
        until Ctrl+0. The camera then follows the player's cycle; Fit or Ctrl+0 shows the whole map.
        Bots alone: the whole map, as a spectator wants it."""
        view = self.view
        if self._camera_round == self.round_key or view.viewport.width <= 1:
            return  # done for this round, or not laid out yet (layout_board calls again)
        self._camera_round = self.round_key
        if view.zoomed and view.zoom != self._auto_zoom:
            return  # the player's own zoom stays
        if view.zoomed:
            view.fit()  # the last round's start: this round's heads may be elsewhere
        self._auto_zoom = 0.0
        if not self.human_seats() or view.cell >= SMALLEST_CELL:
            return
        state = self.session.state
        rows = [state.heads[seat][1] for seat in (0, 1)]
        cols = [state.heads[seat][0] for seat in (0, 1)]
        margin = 4  # cells around the heads, as the following camera keeps (see follow_cycles)
        both = min(view.viewport.width / (max(cols) - min(cols) + 1 + 2 * margin),
                   view.viewport.height / (max(rows) - min(rows) + 1 + 2 * margin))
        cell = math.floor(min(float(READABLE_CELL), both))
        if cell <= view.cell:
            return  # the heads are as far apart as the map is wide: the fit is what shows both
        view.set_zoom(cell / max(1.0, view.fit_w))
        self._auto_zoom = view.zoom
        view.follow = True
        view.look_at(((min(rows) + max(rows) + 1) / 2, (min(cols) + max(cols) + 1) / 2))
        self.camera_changed()

    def human_seats(self) -> list[int]:
        return [seat for seat in (0, 1) if self.match.is_human(seat)]

    def followed_heads(self) -> list[tuple[int, int]]:
        """The heads the camera keeps on screen, as (row, col): the humans', or both when bots play."""
        state = self.session.state
        return [(state.heads[seat][1], state.heads[seat][0]) for seat in self.human_seats() or [0, 1]]

    def follow_cycles(self) -> None:
        """Keep the followed cycles' heads on screen (a few cells ahead of the edge) while zoomed."""
        if not self.view.zoomed or not self.view.follow:
            return
        self.view.scroll_into_view(self.followed_heads(), margin=4)

    # -- rounds --------------------------------------------------------------------------------
    def score_text(self) -> str:
        """The match's score between the two names. A name that ends in a number keeps off the score
        by a dash: "Strongest 1 0 : 0 Strongest 2" read as a score of 1 0 : 0 Strongest."""
        first, second = self.seat_name(0), self.seat_name(1)
        score = f"{self.match.score[0]:g} : {self.match.score[1]:g}"
        if first[-1:].isdigit() or second[-1:].isdigit():
            return f"{first} — {score} — {second}"
        return f"{first} {score} {second}"

    def begin_round(self, *, resume: bool = False) -> None:
        """Countdown into a round; ``resume`` continues a saved round from its current tick."""
        self.round_key += 1
        state = self.session.state
        # A match's first round waits for the player: it starts on their first steering key. So
        # does a round resumed from a save: dropped into a running round, the player crashed
        # before their hands were on the keys.
        first = (resume or self.match.rounds == 0) and self.setup.mode != "watch"
        self.phase = "ready" if first else "countdown"
        self.ready_since = self.clock
        self.countdown = RESUME_COUNTDOWN if resume else COUNTDOWN
        self.tick_clock = 0.0
        self.paused = False
        self._result_shown = False
        self.tweens.clear()
        for seat in (0, 1):
            heading = state.directions[seat] or default_direction(state, seat)
            self.steering[seat].reset(heading)
            runner = self.runners[seat]
            if runner is not None:
                runner.reset(self.session.level)
                if isinstance(runner, ProgramRunner):
                    runner.begin_round(self.session.level, seat, self.seed + seat)
        self.readable_camera()
        self.reasons = ["", ""]
        if not resume:
            self.turns = []
            self.unkept_ticks = 0
        else:
            self.pad_unkept_turns(self.session.index)
        self.failures = ["", ""]
        self.failed = None
        self.late_last_tick = [False, False]
        self.late_note = ""
        self.request_moves()
        if self.phase == "ready":
            keys = ("W A S D (cycle 1) or the arrows (cycle 2)" if self.setup.mode == "humans"
                    else "an arrow (or click where to go)")
            if self.session.index > 0:
                self.say(f"Resumed on tick {self.session.index}: press {keys} to go on — a turn, or your heading "
                         "to go straight.", "info")
            else:
                self.say(f"Press {keys} to start — that is also your first direction.", "info")
        elif self.setup.mode == "watch":
            self.say(f"Round {self.match.rounds + 1}: {self.seat_name(0)} vs {self.seat_name(1)} — "
                     "+/− speed, Space pause", "info")
        elif self.setup.mode == "humans":
            self.say("Get ready — cycle 1: W A S D, cycle 2: arrows. Space pauses.", "info")
        else:
            # The click as well: the next round's countdown named only the keys, so a player who
            # had started round 1 with a click read that the mouse was no longer theirs.
            self.say("Get ready — steer with the arrows, W A S D or a click beside your cycle. Space pauses.",
                     "info")

    def pad_unkept_turns(self, ticks: int) -> None:
        """A round resumed after a relaunch: its earlier ticks' stderr was not saved. Empty turns
        stand in for them, so a line keeps its real tick (the console numbered from 1 again while
        the header said Tick 43), and the console says what is missing."""
        if len(self.turns) < ticks:
            self.unkept_ticks = ticks - len(self.turns)
            self.turns[:0] = [Turn((0.0, 0.0), ((), ()))] * self.unkept_ticks

    def next_round(self) -> None:
        if self.phase not in ("over", "replay") or self.match.over:
            return
        level, map_id = self.session.level, self.session.level_id
        if self.setup.mode == "watch":  # bots change sides each round, or every round would be the same
            self.match.swap_sides()
            self.start_runners()
        self.session.replace_level(level, seed=self.seed, level_id=map_id)
        self.begin_round()

    def remember_level(self, level_id: str) -> None:
        """The next start opens the map played last, as in every game: Tron's is the setup's map
        (``play tron --level big-room`` was forgotten). Only the map: a ``--bot`` seat stays this
        match's own."""
        super().remember_level(level_id)
        if self.app is None or level_id not in {e.id for e in self.front.levels() if not e.error}:
            return
        prefs = self.app.game_settings("tron")
        saved = MatchSetup.from_dict(prefs.get("setup"))
        if saved.map != level_id:
            prefs["setup"] = MatchSetup(**{**saved.to_dict(), "map": level_id}).to_dict()
            self.app.save_settings()

    def new_match(self, setup: MatchSetup) -> None:
        """Start a match from ``setup``: maybe a new map, new bots; the old match is abandoned."""
        assert self.app is not None
        try:
            level, map_id = self.front.open_level(setup.map)
        except ArcadeError as exc:  # a map file that broke since it was listed
            self.refuse(f"Cannot open map {setup.map}: {exc}")
            return
        self.setup = setup
        self.speed.set(setup.speed)
        self.app.game_settings("tron")["setup"] = setup.to_dict()
        self.app.save_settings()
        seed = maps.seed_of(map_id)
        if seed is None:
            seed = self.seed
        self.change_level(level, map_id, seed=seed)

    def level_changed(self) -> None:
        """A new map (setup, picker): a fresh match on it, the board and the bots rebuilt. The old
        match is over by the player's choice, so its save goes (see ``GameScene.abandon_save``)."""
        self.abandon_save()  # not while a replay file is on screen: owns_save says so
        self.viewer = None  # a replay file being watched gives way to a real match
        level = self.session.level
        if self.setup.map not in FRESH_MAPS:
            self.setup = replace(self.setup, map=self.session.level_id)
        self.map_ref = self.session.level_id
        self.seed = self.session.seed
        self.match = Match(self.setup.mode, self.setup.seats(), self.setup.best_of)
        self.round_log = []
        self.phase = "countdown"
        seated = any(":" in who for who in self.match.seats)
        if seated != self.console.shown:
            # A program seat: show what it writes to stderr. None: the console only ever says
            # "Only outside programs write here." -- it stayed from the last match with a program,
            # a third of the window beside a board of built-in bots (a relaunch had it closed).
            self.console.shown = seated
            self.relayout()
        if level.width != self.view.cols or level.height != self.view.rows:
            self.view.resize_grid(level.height, level.width)
        if self.app is not None:
            self.painter = BoardPainter(level, self.view, self.app.theme)
            self.start_runners()
            self.begin_round()

    def refuse_in_viewer(self) -> bool:
        """A replay file is only watched: a new round or rematch needs a match (O sets one up)."""
        if self.viewer is None:
            return False
        self.say("This is a replay file — O sets up a match to play, Esc the menu.", "warning")
        return True

    def rematch(self) -> None:
        if self.refuse_in_viewer():
            return
        self.stop_replay()
        self.abandon_save()  # Continue offered the old match after a rematch left before its first tick
        setup = self.setup
        seated = self.match.seats
        self.match = Match(setup.mode, setup.seats(), setup.best_of)
        if self.match.seats != seated:
            # The bots had changed sides (every round of bot vs bot): the runners follow the seats,
            # or the header named one bot on the cycle the other drove.
            self.start_runners()
        self.round_log = []
        self.session.replace_level(self.session.level, seed=self.seed, level_id=self.session.level_id)
        self.begin_round()
        self.toast.show("Rematch: the score is back to 0 : 0", "info")

    def open_setup(self) -> None:
        assert self.app is not None
        self.forget_discard_question(NEW_MATCH)  # a Start asked about in an earlier visit is not this one's
        self.app.push(SetupScene(self.setup, self.new_match, confirm=self.confirm_new_match,
                                 on_cancel=lambda: self.forget_discard_question(NEW_MATCH),
                                 on_tournament=self.open_tournament))

    def open_tournament(self, setup: MatchSetup) -> Scene | str:
        """The setup's Tournament: its table over the game (the match underneath stays as it was), or
        the one line ``tournament tron`` would refuse it with. The choices are kept for next time,
        the match's own mode with them."""
        from arcade.games.tron.tournament_run import TournamentRun
        from arcade.games.tron.view.tournament import TournamentScene

        assert self.app is not None
        try:
            run = TournamentRun.create(setup.entrant_specs(), setup.tourney_maps, setup.map,
                                       setup.games, setup.bot_ms)
        except ArcadeError as exc:
            return str(exc)
        self.setup = replace(setup, mode=self.setup.mode)
        self.app.game_settings("tron")["setup"] = self.setup.to_dict()
        self.app.save_settings()
        return TournamentScene(run)

    def confirm_new_match(self) -> str:
        """The setup's Start in the middle of a match asks once, in the panel, as F5 and another map
        do (it started the new match and threw the old one away); "" when it may go ahead."""
        if self.confirm_discard(NEW_MATCH, "Press Start again", timed=False):
            return ""
        return f"Press Start again to throw away this game{self.moves_made()}"

    # -- ticks ---------------------------------------------------------------------------------
    def advance(self) -> None:
        """Play one tick: each seat's direction, both at once."""
        if any(self.failures):
            self.end_by_failure()
            return
        self.record_turn()
        directions = []
        for seat in (0, 1):
            answer = self.answers[seat]
            self.late_last_tick[seat] = self.runners[seat] is not None and answer is None
            if self.runners[seat] is not None:
                if answer is not None:
                    self.steering[seat].heading = answer.direction
                else:
                    self.late_moves += 1
                directions.append(self.steering[seat].heading)
            else:
                directions.append(self.steering[seat].next())
        move = f"{directions[0]} {directions[1]}"
        self.session.play(move)
        self.ticks_played += 1
        if self.app is not None:
            self.app.trace(f"tron-move {self.session.index} {move}")  # only with $PUZZLE_ARCADE_TRACE set
        if self.session.outcome is None:
            self.request_moves()
            if self.setup.mode == "watch":
                self.say(self.commentary(), "text_dim")

    def commentary(self) -> str:
        """Who has more room, in plain words (Voronoi territory: the cells each cycle reaches first)."""
        board = Board.from_state(self.session.state, 0)
        split = voronoi(board.geo, board.free, board.me, board.opp)
        mine, theirs = bin(split.mine).count("1"), bin(split.theirs).count("1")
        first, second = self.seat_name(0), self.seat_name(1)
        if split.separated:
            if mine == theirs:
                return f"Walled apart, with the same room each ({mine} cells): the better filler wins."
            leader, more, less = (first, mine, theirs) if mine > theirs else (second, theirs, mine)
            return f"Walled apart: {leader} has more room to fill, {more} cells against {less}."
        if mine == theirs:
            return f"Even: each cycle reaches {mine} cells first."
        leader, more, less = (first, mine, theirs) if mine > theirs else (second, theirs, mine)
        verb = "control" if leader == "You" else "controls"
        return f"{leader} {verb} more room: {more} vs {less} cells."

    # -- input ---------------------------------------------------------------------------------
    def toggle_pause(self) -> None:
        if self.phase not in ("countdown", "running"):
            return
        self.paused = not self.paused
        self.say("Paused — Space resumes." if self.paused else "Go!", "info")

    def steer(self, seat: int, direction: str) -> None:
        """A steering key. While paused it is kept for the next tick (N steps into it)."""
        if not self.match.is_human(seat) or self.phase not in ("ready", "countdown", "running"):
            return
        steering = self.steering[seat]
        if self.phase == "ready":
            if self.session.index == 0:
                steering.aim(direction)
            else:  # a resumed round: its trail is behind the cycle, so only a real turn is taken
                steering.press(direction)
            self.phase = "countdown"
            self.say("Get ready…", "info")
        elif self.phase == "countdown" and self.session.index == 0:
            steering.aim(direction)
        elif not steering.press(direction) and direction == OPPOSITE.get(steering.heading):
            self.say("A cycle cannot turn back on itself.", "text_dim")

    def speed_changed(self, value: float) -> None:
        self.setup = replace(self.setup, speed=int(value))
        now = self.round_rate(self.match.rounds)
        if self.phase in ("ready", "countdown", "running") and now != self.setup.speed:
            # The gentle first round keeps its pace: the toast said 20 while the round ran on at 6.
            self.show_speed(f"Speed: {self.setup.speed} ticks per second from the next round (this first "
                            f"round stays at a gentle {now:g})")
        else:
            self.show_speed(f"Speed: {self.setup.speed} ticks per second")

    # -- pause overlay -------------------------------------------------------------------------
    def runs_without_the_player(self) -> bool:
        """A round a person plays, counting down or running and not paused: it pauses when the window
        goes away (see ``GameScene.window_went_away``). Bot vs bot and a replay are only watched and
        run on; a round waiting for its first key waits anyway."""
        return (self.phase in ("countdown", "running") and not self.paused and not self.previewing
                and self.viewer is None and bool(self.human_seats()))

    def pause(self) -> None:
        if self.phase in ("countdown", "running") and not self.paused:
            self.paused = True
            self._auto_paused = True

    def resume(self) -> None:
        super().resume()
        if self._auto_paused:
            self._auto_paused = False
            self.paused = False
            if self.phase == "running":
                self.phase = "countdown"
                self.countdown = RESUME_COUNTDOWN

    # -- frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        if self._toolbar_for != self.toolbar_key():
            self.relayout()  # the match ended (Next round is now Match result), or a replay file opened
        self.poll_bots()
        if self.phase == "countdown" and not self.paused:
            before = math.ceil(self.countdown / 0.8)
            self.countdown -= dt
            after = math.ceil(self.countdown / 0.8)
            if after != before and self.app is not None:
                self.app.audio.play("tick")
            if self.countdown <= 0 and not self.bots_started():
                # Hold "go" until every bot process has started: the first start after an install
                # compiles the strongest bot's search, and its first moves must not be lost to that.
                self.countdown = 1e-3
                if self.status_text != BOTS_STARTING:
                    self.say(BOTS_STARTING, "info")
            elif self.countdown <= 0:
                self.phase = "running"
                self.tick_clock = 0.0
                self.tweens.start("go", 1.0, 0.0, 0.6)
                if self.setup.mode == "bot":
                    self.say("Steer with the arrows, W A S D or a click beside your cycle · Space pause · Esc menu",
                             "text_dim")
                elif self.setup.mode == "humans":
                    self.say("Cycle 1: W A S D · cycle 2: arrows · Space pause · Esc menu", "text_dim")
        elif self.phase == "running" and not self.paused:
            self.tick_clock += dt
            if self.tick_clock >= self.tick_seconds:
                late = self.tick_clock >= 2 * self.tick_seconds and not self.waits_for_program()
                if self.moves_ready() or late:
                    # A bot that missed a whole extra tick keeps its heading (a missed input).
                    self.tick_clock = min(self.tick_clock - self.tick_seconds, self.tick_seconds) if not late else 0.0
                    self.advance()
                else:
                    self.stalls += 1
        elif self.phase == "over":
            self.over_clock += dt
            if self.match.over and not self._result_shown and self.over_clock >= CRASH_TIME:
                self.show_match_result()
            elif (self.setup.mode == "watch" and not self.match.over
                  and self.over_clock >= CRASH_TIME + WATCH_NEXT_ROUND):
                self.next_round()
        elif self.phase == "replay":
            self.replay.update(dt, self.session, self.speed.value)

    def replay_intro(self) -> str:
        """The status line as a replay opens: where it came from, who played, how it ended, the keys.
        A tournament's round (opened from its table) said "Replay file … Esc menu", though it came
        from no file and Esc goes back to the table."""
        assert self.viewer is not None
        result = self.viewer.replay.result.get("reason", "")
        source, back = ("Tournament round", "Esc the table") if self.from_table else ("Replay file", "Esc menu")
        return (f"{source}: {self.seat_name(0)} vs {self.seat_name(1)} — {result}  "
                f"Space pause · ←/→ step · C console · {back}")

    # -- the "How to play" example ---------------------------------------------------------------
    def start_preview(self, app: Any) -> None:
        super().start_preview(app)
        self.painter = BoardPainter(self.session.level, self.view, app.theme)
        self.phase = "preview"  # no countdown, no banners
        self.console.shown = False  # the last match's console (a program seat) squeezed the example

    # -- saving and leaving ---------------------------------------------------------------------
    def leave(self) -> None:
        if self.viewer is None:
            self.stop_replay()  # a save holds the round as it stands, not a replay's position
        self.stop_runners()
        programs.close_all()  # nothing an outside program started outlives its window
        super().leave()

    def game_over(self) -> bool:
        return self.match.over

    def in_progress(self) -> bool:
        """A match under way -- a round played or one running, the match not over: a rematch or another
        map throws it away (F5 restarted a running round at 0 : 0 without a word)."""
        if self.viewer is not None or self.match.over or not self.owns_save():
            return False
        return self.match.rounds > 0 or self.session.index > 0

    def moves_made(self) -> str:
        """What a rematch would throw away: the round being played and the score -- or, between
        rounds, the match so far. After round 1 had ended F5 asked "(round 1 of 3, You 0 : 1 ...)",
        naming a round that was over as if it were being played. No-break spaces keep a count
        whole where the question wraps."""
        best, score = self.match.best_of, self.score_text()
        if self.phase in ("over", "replay") or (self.phase != "running" and self.session.index == 0):
            return f" (after{NBSP}round{NBSP}{self.match.rounds}{NBSP}of{NBSP}{best}, {score})"
        return f" (round{NBSP}{self.match.rounds + 1}{NBSP}of{NBSP}{best}, {score})"

    def owns_save(self) -> bool:
        """A replay file on screen is not the player's match: it neither writes nor clears the save."""
        return super().owns_save() and self.viewer is None

    def has_progress(self) -> bool:
        if self.viewer is not None:
            return False  # a replay file is not a match to continue
        return self.session.index > 0 or self.match.rounds > 0

    def save_extra(self) -> None:
        self.session.extra.update(match=self.match.to_dict(), setup=self.setup.to_dict(), map_ref=self.map_ref,
                                  seed=self.seed, round_log=self.round_log[-20:])
        failed = self.failed if self.final_outcome is None else None
        if failed is None:
            self.session.extra.pop("failed", None)
        else:
            self.session.extra["failed"] = failure_to_dict(failed, self.failures)

    def autosave_label(self) -> str:
        return f"{self.level_title} — {self.score_text()}"  # (status_fields start with the zoom when zoomed)
