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

:class:`TronScene` is the match's frame: set-up, the phases and the clock, the keys each phase
takes, pausing. The parts that read on their own are mixins beside it, as the framework's
:class:`~arcade.ui.game_scene.GameScene` is composed: :mod:`.steering` (the keys and clicks that
turn a person's cycle), :mod:`.board_camera` (the board's layout, the mouse on it, the camera),
:mod:`.rounds` (a round's start, its ticks, the next round), :mod:`.new_match` (setup, rematch,
another map, a tournament), :mod:`.saving` (the autosave and leaving), :mod:`.seats` (the seats'
names, the bots and programs that play them, their console), :mod:`.replay` (replaying a
round, replay files), :mod:`.round_end` (a round's result, its banner, the match result)
and :mod:`.drawing` (the header and the board as drawn each frame).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from arcade.core.registry import Binding, GameInfo
from arcade.core.session import Session
from arcade.games.tron.controller import Match, Steering, failure_from_dict
from arcade.games.tron.logic import Level, State
from arcade.games.tron.runner import BotRunner, Reply
from arcade.games.tron.view.board_camera import BoardCameraMixin
from arcade.games.tron.view.drawing import DrawingMixin
from arcade.games.tron.view.new_match import NewMatchMixin
from arcade.games.tron.view.paint import BoardPainter, TrailMap
from arcade.games.tron.view.replay import ReplayMixin, ReplayPlayer
from arcade.games.tron.view.round_end import CRASH_TIME, RoundEndMixin
from arcade.games.tron.view.rounds import COUNTDOWN, RESUME_COUNTDOWN, WATCH_NEXT_ROUND, RoundsMixin
from arcade.games.tron.view.saving import SavingMixin
from arcade.games.tron.view.seats import BOTS_FIRST_START, SeatsMixin, bots_starting_text
from arcade.games.tron.view.setup import GENTLE_SPEED, SPEEDS, MatchSetup
from arcade.games.tron.view.steering import ARROWS, WASD, SteeringMixin
from arcade.services.replays import Playback, Turn
from arcade.ui.camera import CameraInput, CameraScene
from arcade.ui.console import ConsolePanel
from arcade.ui.gridview import GridView
from arcade.ui.tick_scene import TickScene
from arcade.ui.transport import ReplayBar

if TYPE_CHECKING:
    from arcade.ui.app import App

#: Seconds the heads pulse while a round waits for the player's first key (three whole pulses,
#: ending unlit): the banner and the heading arrow keep saying what to do, and a board left waiting
#: rests like a paused one -- pulsing on, it was drawn 60 times a second, over half a core.
READY_PULSE_TIME = 3 * 2 * math.pi / 7.0


class TronScene(SteeringMixin, BoardCameraMixin, RoundsMixin, NewMatchMixin, SavingMixin,
                SeatsMixin, ReplayMixin, RoundEndMixin, DrawingMixin, CameraScene, TickScene):
    """A Tron match on screen: its phases and clock, the keys each takes, pausing (steering, the board
    and camera, the rounds, a new match, saving, the seats, the replay, the round's end and the
    drawing are the mixins', see the module's docstring)."""

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

    def explain_missing(self, name: str) -> None:
        """Why Ctrl+Z does nothing, in the round's present: once a round is over, R replays it now
        ("R replays it once it ends" was still said over a finished round)."""
        if name in ("undo", "redo") and self.phase in ("over", "replay"):
            self.say(f"Tron has no {name}: a round is played live — R replays this one.", "warning")
            return
        super().explain_missing(name)

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
        #: Seconds "go" has waited for the bot processes to start (0.0: not waiting).
        self.bots_waited = 0.0
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
            # the keys table said "replay: leave" beside an Esc that opened the menu. A tournament's
            # round goes back to its table, and says so on a button: a mouse had no way back there
            # but the Replay button, whose word did not say it left.
            leave = (("back to the tournament table", "Back to table") if self.from_table
                     else (f"back to {self.back_to}", "")  # the framework's Back button (back_binding)
                     if self.back_to else ("the menu (a replay file has no round to go back to)", ""))
            replay = [replace(b, label=leave[0], button=leave[1]) if b.action == "stop_replay" else b
                      for b in replay]
        rest = []
        for b in self.info.keymap:
            if b.action == "toggle_replay" and self.viewer is not None:
                continue  # the viewer is nothing but the replay: R leaves it (the row above)
            if b.action == "after_round":
                if self.viewer is not None:
                    continue  # a replay file has no match: no next round, no match result
                if self.match.over:  # "Next round" stayed lit and opened the match result; the
                    # button is the framework's way back to a result (result_button, shown once it
                    # was). Hidden, it keeps its place: removed, it moved every button after it.
                    b = replace(b, label="the match result again (rematch, replay, setup)", shown_when="match_on")
            if b.action in self.PASSED_DOWN:  # O and L start another match: not over a tournament's table
                b = replace(b, listed_when="starts_matches", button_when="starts_matches")
            if b.when != "replaying":
                rest.append(b)
        return [*replay, *steer, *rest]

    def standard_bindings(self) -> list[Binding]:
        """The framework's rows; its F3 (the result again) is a match's, listed only where there is one:
        a replay viewer's keys table listed "F3: the match result again" beside no match at all."""
        return [replace(b, listed_when="has_match") if b.action == "reopen_result" else b
                for b in super().standard_bindings()]

    @property
    def rematch_acts(self) -> bool:
        """F5 acts here: in a match, or in a replay viewer over one (the framework passes it down to
        the match, see ``ReplaysMixin.passes_down``). A replay file and a tournament's round have no
        match to start again: F5 only refused there."""
        if self.viewer is None:
            return True
        if not self.back_to or self.app is None or self not in self.app.stack.scenes:
            return False
        at = self.app.stack.scenes.index(self)
        return at > 0 and callable(getattr(self.app.stack.scenes[at - 1], "rematch", None))

    @property
    def match_on(self) -> bool:
        """The match goes on: its Next round button is shown (its place is kept after the match)."""
        return not self.match.over

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

    def single_tick(self) -> None:
        self.advance()

    # -- input ---------------------------------------------------------------------------------
    def toggle_pause(self) -> None:
        if self.phase not in ("countdown", "running"):
            return
        self.paused = not self.paused
        self.say("Paused — Space resumes." if self.paused else "Go!", "info")

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
                self.bots_waited += -self.countdown  # the time since "go" was due
                self.countdown = 1e-3
                text = f"{bots_starting_text(self.bots_starting(), self.bots_waited)} — {BOTS_FIRST_START}"
                if self.status_text != text:
                    self.say(text, "info")
            elif self.countdown <= 0:
                self.bots_waited = 0.0
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

    # -- the "How to play" example ---------------------------------------------------------------
    def start_preview(self, app: Any) -> None:
        super().start_preview(app)
        self.painter = BoardPainter(self.session.level, self.view, app.theme)
        self.phase = "preview"  # no countdown, no banners
        self.console.shown = False  # the last match's console (a program seat) squeezed the example

