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
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from arcade.core.errors import ArcadeError
from arcade.core.game import Outcome
from arcade.core.registry import Binding, GameInfo
from arcade.core.session import Session
from arcade.core.words import NBSP
from arcade.games.tron import maps
from arcade.games.tron.ai import BOTS
from arcade.games.tron.board import Board, voronoi
from arcade.games.tron.controller import Match, Steering, failure_from_dict, failure_to_dict
from arcade.games.tron.logic import OPPOSITE, Level, State, default_direction
from arcade.games.tron.match import failure_outcome
from arcade.games.tron.runner import BotRunner, ProgramRunner, Reply, ThreadRunner, make_runner
from arcade.games.tron.view.paint import BoardPainter, TrailMap
from arcade.games.tron.view.replay import ReplayPlayer
from arcade.games.tron.view.setup import FRESH_MAPS, SPEEDS, MatchSetup, SetupScene, bot_budget_ms, bot_title
from arcade.services import programs
from arcade.services.botspec import short_name_of
from arcade.services.replays import Playback, Replay, Turn, replay_from_session
from arcade.ui.camera import CameraInput, CameraScene
from arcade.ui.console import ConsolePanel, console_lines
from arcade.ui.gridview import GridView
from arcade.ui.overlays import LOOK_AT_BOARD, MAIN_MENU, NEXT_LEVEL, ResultScene
from arcade.ui.picker import next_level
from arcade.ui.tick_scene import TickScene
from arcade.ui.transport import ReplayBar
from arcade.ui.widgets import draw_text

if TYPE_CHECKING:
    from arcade.ui.app import App

#: Seconds of "3, 2, 1" before a round, and before play resumes after a pause overlay.
COUNTDOWN = 2.4
RESUME_COUNTDOWN = 1.2
#: Seconds the crash burst plays before the match result appears.
CRASH_TIME = 1.1
#: Bot-vs-bot matches move on to the next round by themselves after this long.
WATCH_NEXT_ROUND = 2.5
#: Said while "go" waits for the bot processes to start.
BOTS_STARTING = "Starting the bots…"
#: What the setup's Start asks about mid-match (see :meth:`GameScene.forget_discard_question`).
NEW_MATCH = "new match"
#: The first round of a match against a bot is played at most this fast (ticks per second).
GENTLE_SPEED = 6
#: Below this cell size a cycle is hard to follow (a 200x200 file fits a window in 3-pixel
#: cells; the bundled 50x50 map gets 9 at 1024x640 and stays whole): such a map starts each
#: round zoomed to :data:`READABLE_CELL` around the player's cycle.
SMALLEST_CELL = 8
READABLE_CELL = 12

WASD = (("W", "N"), ("D", "E"), ("S", "S"), ("A", "W"))
ARROWS = (("Up", "N"), ("Right", "E"), ("Down", "S"), ("Left", "W"))
def program_title(spec: str) -> str:
    """A short name for an outside program's seat: its label, else its script's file name."""
    from arcade.games.tron.players import parse_spec

    return short_name_of(spec, parse_spec)


def seat_names(seats: tuple[str, ...]) -> tuple[str, ...]:
    """Each seat's one name, in the live header, a replay's viewer and the saved replays' list alike:
    "You" against a bot, "Player N" when two people play, a bot's title or a program's short name;
    the same bot in both seats is told apart by its cycle's number ("Strongest 1", "Strongest 2")."""
    humans = seats.count("human")
    names = []
    for seat, who in enumerate(seats):
        if who == "human":
            names.append("You" if humans == 1 else f"Player {seat + 1}")
            continue
        title = bot_title(who) if who in BOTS else program_title(who)
        if len(seats) == 2 and seats[0] == seats[1]:
            title += f" {seat + 1}"  # strongest vs strongest: say which is which
        names.append(title)
    return tuple(names)


def named_reason(reason: str, names: tuple[str, ...]) -> str:
    """A rules' reason with each "Cycle N" (or "Cycle 2 (crash.py)") as the seat's one name."""
    return re.sub(r"Cycle ([12])(?: \([^)]*\))? ", lambda m: f"{names[int(m.group(1)) - 1]} ", reason)


class TronScene(CameraScene, TickScene):
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
            result = self.viewer.replay.result.get("reason", "")
            self.say(f"Replay file: {self.seat_name(0)} vs {self.seat_name(1)} — {result}  "
                     "Space pause · ←/→ step · C console · Esc menu", "info")
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
        return not self.paused

    # -- when keys act ---------------------------------------------------------------------------
    @property
    def replaying(self) -> bool:
        return self.phase == "replay"

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
    def can_replay(self) -> bool:
        return self.phase in ("over", "replay")

    @property
    def can_scrub(self) -> bool:
        return self.phase == "replay"

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

    def replay_pause(self) -> None:
        """Play or pause; play at the round's end plays it again from the start."""
        self.replay.paused = not self.replay.paused
        if not self.replay.paused and self.session.index >= self.session.length:
            self.session.seek(0)

    def replay_seek(self, index: int) -> None:
        """A click or drag on the replay's timeline, or its ⏮ ⏭ buttons: pause there (the framework's
        seek holds the playback, see :meth:`pause_playback`)."""
        self.seek(index)

    def replay_step(self, delta: int) -> None:
        if delta < 0:
            self.step_back()
        else:
            self.step_forward()

    # The replay is Tron's playback on the framework's timeline: a step, a seek or Home / End pauses
    # it where it is (TickScene.hold_playback).
    def playback_running(self) -> bool:
        return self.phase == "replay" and not self.replay.paused

    def pause_playback(self) -> None:
        self.replay.paused = True

    def start_runners(self) -> None:
        self.stop_runners()
        if self.viewer is not None:
            return
        for seat, who in enumerate(self.match.seats):
            if who != "human":
                self.runners[seat] = make_runner(who, self.seed + seat)

    def stop_runners(self) -> None:
        for seat, runner in enumerate(self.runners):
            if runner is not None:
                runner.close()
            self.runners[seat] = None

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
    def seat_name(self, seat: int) -> str:
        """A seat's one name, everywhere (a replay file's header said "P1" where its status line said
        "Player 1"; the saved replays' list "a player"): see :func:`seat_names`."""
        return seat_names(tuple(self.match.seats))[seat]

    def score_text(self) -> str:
        """The match's score between the two names. A name that ends in a number keeps off the score
        by a dash: "Strongest 1 0 : 0 Strongest 2" read as a score of 1 0 : 0 Strongest."""
        first, second = self.seat_name(0), self.seat_name(1)
        score = f"{self.match.score[0]:g} : {self.match.score[1]:g}"
        if first[-1:].isdigit() or second[-1:].isdigit():
            return f"{first} — {score} — {second}"
        return f"{first} {score} {second}"

    @property
    def bot_budget_ms(self) -> float:
        return bot_budget_ms(self.setup.bot_ms, 1.0 / self.tick_seconds)

    def begin_round(self, *, resume: bool = False) -> None:
        """Countdown into a round; ``resume`` continues a saved round from its current tick."""
        self.round_key += 1
        state = self.session.state
        # A match's first round waits for the player: it starts on their first steering key. So
        # does a round resumed from a save: dropped into a running round, the player crashed
        # before their hands were on the keys.
        first = (resume or self.match.rounds == 0) and self.setup.mode != "watch"
        self.phase = "ready" if first else "countdown"
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
            self.say("Get ready — steer with the arrows or W A S D. Space pauses.", "info")

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
                                 on_cancel=lambda: self.forget_discard_question(NEW_MATCH)))

    def confirm_new_match(self) -> str:
        """The setup's Start in the middle of a match asks once, in the panel, as F5 and another map
        do (it started the new match and threw the old one away); "" when it may go ahead."""
        if self.confirm_discard(NEW_MATCH, "Press Start again", timed=False):
            return ""
        return f"Press Start again to throw away this game{self.moves_made()}"

    # -- bots ----------------------------------------------------------------------------------
    def request_moves(self) -> None:
        state = self.session.state
        for seat, runner in enumerate(self.runners):
            self.answers[seat] = None
            self.waiting[seat] = None
            if runner is None:
                continue
            self.serial += 1
            self.waiting[seat] = self.serial
            if isinstance(runner, ProgramRunner):
                runner.request_state(self.serial, state, seat, self.bot_budget_ms)
            else:
                runner.request(self.serial, Board.from_state(state, seat), self.bot_budget_ms)

    def poll_bots(self) -> None:
        for seat, runner in enumerate(self.runners):
            if runner is None:
                continue
            reply = runner.poll()
            if reply is not None and reply.id == self.waiting[seat]:
                self.answers[seat] = reply
                self.reasons[seat] = reply.reason
                self.slowest_ms[seat] = max(self.slowest_ms[seat], reply.ms)
                if reply.failure:
                    self.failures[seat] = reply.failure
            if isinstance(runner, ProgramRunner):
                if runner.error and self.waiting[seat] is not None and self.answers[seat] is None:
                    # The worker talking to the program broke: the program's seat loses, like a crash.
                    self.failures[seat] = runner.error
                    self.answers[seat] = Reply(self.waiting[seat], "", runner.error, failure=runner.error)
                    runner.error = ""
                continue
            if runner.error and not isinstance(runner, ThreadRunner):
                # The child process died: carry on in a thread rather than freeze the round.
                self.toast.show(f"{runner.error}; running it in-process instead", "warning")
                runner.close()
                self.runners[seat] = ThreadRunner(runner.bot_name, self.seed + seat)
                if self.waiting[seat] is not None and self.answers[seat] is None:
                    self.runners[seat].request(self.waiting[seat], Board.from_state(self.session.state, seat),
                                               self.bot_budget_ms)

    def bots_started(self) -> bool:
        """Every bot process of this round has said it is ready (threads and programs always are)."""
        return all(getattr(runner, "ready", True) for runner in self.runners if runner is not None)

    def moves_ready(self) -> bool:
        return all(self.runners[s] is None or self.answers[s] is not None for s in (0, 1))

    def program_seat(self, seat: int) -> bool:
        return isinstance(self.runners[seat], ProgramRunner)

    def waits_for_program(self) -> bool:
        """An outside program has its own time limit (enforced by its player): the tick waits for it."""
        return any(self.program_seat(s) and self.answers[s] is None for s in (0, 1))

    def record_turn(self) -> None:
        """Keep this tick's answer times and stderr (the console and a saved replay show them)."""
        answers = self.answers
        self.turns.append(Turn(tuple(a.ms if a is not None else 0.0 for a in answers),
                               tuple(a.stderr if a is not None else () for a in answers)))

    def end_by_failure(self) -> None:
        """A program failed to answer (late, crash, garbage, end of output): its seat loses the round.

        The tick it lost on is the one it was asked to play, ``state.tick + 1``: a crash on the first
        move is "on tick 1", the console labels this answer's stderr 1, and the tournament said 1;
        the window alone said "lost on tick 0" next to a traceback numbered 1."""
        self.record_turn()
        names = (self.seat_name(0), self.seat_name(1))
        outcome = failure_outcome((self.failures[0], self.failures[1]), names, self.session.state.tick + 1)
        self.failed = outcome
        for seat in (0, 1):
            runner = self.runners[seat]
            if isinstance(runner, ProgramRunner):
                runner.reset()  # stop the round's process now (a per-move program is gone already)
        self.on_outcome(outcome)

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

    # -- outside programs: console, replay files ------------------------------------------------
    def toggle_console(self) -> None:
        self.console.shown = not self.console.shown
        self.relayout()
        self._painted = None
        self.say("Console shown: each program's stderr, newest at the bottom (C hides it)." if self.console.shown
                 else "Console hidden (C shows it).", "info")

    def console_view(self) -> list[tuple[int, str]]:
        """Stderr lines up to the tick on screen (all of them while a round runs)."""
        key = (len(self.turns), self.session.index)
        if self._console_cache[0] != key:
            names = ("1", "2")
            upto = self.session.index + (1 if self.session.index >= self.session.length else 0)
            lines = console_lines(self.turns, upto, names)
            if self.unkept_ticks and upto > 0:
                shown = "tick 1" if self.unkept_ticks == 1 else f"ticks 1–{self.unkept_ticks}"
                lines.insert(0, (-1, f"({shown}: earlier output was not kept across the relaunch)"))
            self._console_cache = (key, lines)
        return self._console_cache[1]

    @property
    def can_save_replay(self) -> bool:
        """Save replay saves the whole round, never the tick on screen: it is there from the round's end,
        and stays through its replay however it is scrubbed (it greyed out on every tick but the last),
        and for a replay file whatever its end. Before the round is over, Ctrl+S says why not."""
        return self.phase in ("over", "replay") and (self.round_outcome is not None or self.viewer is not None)

    def round_replay(self) -> Replay:
        """This round as a replay file: map, both seats' specs, every tick, times, stderr, result."""
        session = self.session
        index = session.index
        session.seek(session.length)
        try:
            moves = len(session.moves)
            turns = list(self.turns)
            if len(turns) < moves:  # a resumed round: the ticks before the save have no times
                turns[:0] = [Turn((0.0, 0.0), ((), ()))] * (moves - len(turns))
            seats = tuple(self.match.seats)
            players = tuple("human" if who == "human" else who for who in seats)
            replay = replay_from_session(session, players, turns=tuple(turns[:moves + 1]),
                                         failures=tuple(self.failures), meta={"seed": self.seed})
        finally:
            session.seek(index)
        outcome = self.round_outcome
        if self.final_outcome is None and outcome is not None:  # a program's failure ended the round
            result = {"result": outcome.result, "winner": outcome.winner, "score": outcome.score,
                      "reason": outcome.reason}
            replay = replace(replay, result=result)
        return replay

    def save_replay(self) -> None:
        """Write the round to the user data dir (``replays/``) and say where."""
        if not self.can_save_replay:
            self.say("A round can be saved as a replay once it is over.", "warning")
            return
        path = self.keep_replay(self.viewer.replay if self.viewer is not None else self.round_replay())
        if path is not None:
            self.last_replay = path

    def view_replay(self, playback: Playback) -> None:
        """Show a replay file (``play tron --replay``): its seats, ticks, stderr and result, scrubbed."""
        replay = playback.replay
        self.viewer = playback
        self.stop_runners()
        players = ((*replay.players, "?", "?"))[:2]
        seats = tuple("human" if p == "human" else p for p in players)
        self.match = Match("watch", (seats[0], seats[1]), 1)
        self.setup = replace(self.setup, mode="watch")
        self.turns = list(playback.turns)
        self.failures = list(((*replay.failures, "", ""))[:2])
        result = replay.result
        self.failed = None
        if self.final_outcome is None and result.get("result") not in (None, "unfinished"):
            self.failed = Outcome(str(result["result"]), str(result.get("reason", "")), result.get("winner"),
                                  result.get("score"))
        self.console.shown = any(any(lines) for turn in self.turns for lines in turn.stderr)
        self.phase = "replay"
        self.replay.start(self.session)

    # -- outcome -------------------------------------------------------------------------------
    def named(self, reason: str) -> str:
        """The rules say "Cycle 1" (or "Cycle 2 (crash.py)"); the screen says who they are, once
        ("crash.py (crash.py) lost" named the program twice)."""
        return named_reason(reason, seat_names(tuple(self.match.seats)))

    def told(self, outcome: Outcome) -> str:
        """The round's reason as the screen says it: :meth:`named`, and why a bot crashed when its
        answer came too late (a loaded machine): it went straight on, and "Strongest crashed into the
        other trail" read as a blunder of the strongest bot's own."""
        return f"{self.named(outcome.reason)}{self.late_note}"  # the note is this round's (begin_round clears it)

    def round_message(self, outcome: Outcome) -> str:
        if outcome.winner is None:
            return f"Draw. {self.told(outcome)}"
        name = self.seat_name(outcome.winner)
        verb = "win" if name == "You" else "wins"
        return f"{name} {verb} the round. {self.told(outcome)}"

    def on_outcome(self, outcome: Outcome) -> None:
        if self.phase != "running":
            return  # a replay reached the end, or a finished round was loaded
        assert self.app is not None
        self.phase = "over"
        self.over_clock = 0.0
        state = self.session.state
        late = [seat for seat in (0, 1) if state.crashed[seat] and self.late_last_tick[seat]]
        self.late_note = "".join(f" {self.seat_name(seat)}'s answer came too late for tick {state.tick}, "
                                 "so it went straight on." for seat in late)
        self.match.record(outcome)
        self.round_log.append(f"Round {self.match.rounds}: {self.round_message(outcome)}")
        # A round's end is saved at once (once a round, in the background): kill -9 between rounds
        # lost the finished round, and Continue let it be played again.
        self.save_progress(leaving=True)
        self.app.trace(f"tron-round-over {self.session.state.tick} {outcome.reason}")
        for seat in (0, 1):
            runner = self.runners[seat]
            if isinstance(runner, ProgramRunner) and not self.failures[seat]:
                runner.reset()  # the round's program process ends with the round
        state = self.session.state
        for seat in (0, 1):
            if state.crashed[seat]:
                self.tweens.start(("burst", seat), 0.0, 1.0, CRASH_TIME * 0.8)
        self.app.audio.play("crash")
        self.say_round_end(outcome)

    def say_round_end(self, outcome: Outcome) -> None:
        """The ended round's status line with its keys: at the round's end and on Continue alike
        (Continue brought back "Player 1 wins the round…" without the keys it had shown)."""
        tail = "" if self.match.over else "  Enter: next round · R: replay"
        if self.can_save_replay:
            tail += " · Ctrl+S: save replay"
        self.say(self.round_message(outcome) + tail, "warning" if outcome.winner is None else "info")

    def show_match_result(self) -> None:
        assert self.app is not None
        self._result_shown = True
        match = self.match
        winner = match.winner
        if winner is None:
            title, role = "Match drawn", "warning"
        else:
            name = self.seat_name(winner)
            title = "You win the match!" if name == "You" else f"{name} wins the match"
            role = "good" if name == "You" or self.setup.mode != "bot" else "error"
        human_lost = self.setup.mode == "bot" and winner == 1
        self.app.audio.play("lose" if human_lost else "win")
        lines = [self.score_text() + (f" ({match.draws} drawn)" if match.draws else ""), *self.round_log[-6:]]
        # Esc is one step back, to the board, as on every result panel (it went to the main menu,
        # where the next Esc quits).
        buttons = [("Rematch", self.rematch, "F5"), ("Replay round", self.start_replay, "R"),
                   ("Setup", self.open_setup, "O"), (LOOK_AT_BOARD, self.look_at_board, "Esc"),
                   (MAIN_MENU, self.to_menu, "M")]
        if self.turns:
            buttons.insert(2, ("Save replay", self.save_replay, "Ctrl+S"))
        # Every game with bundled levels offers the next one on its result (the framework's words);
        # Tron's match result offered none, so the 32 maps were reached only through the picker.
        following = next_level(self.info, self.front.levels(), self.session.level_id)
        if following is not None:
            buttons.insert(1, (NEXT_LEVEL, lambda: self.load_entry(following)))
        self.push_result(ResultScene(title, lines, buttons, role=role))
        self.say_match_over()

    @property
    def final_outcome(self) -> Outcome | None:
        """The rules' result at the round's last tick (a crash, a draw), whatever tick is on screen."""
        session = self.session
        return session.rules.outcome(session.state_at(session.length))

    @property
    def round_outcome(self) -> Outcome | None:
        """The round's result: the rules' (a crash, a draw) or a program's failure. The round's, not the
        tick's on screen: scrubbing a replay back made the round unfinished (Save replay greyed out)."""
        return self.final_outcome or self.failed

    # -- replay --------------------------------------------------------------------------------
    def toggle_replay(self) -> None:
        if self.phase == "replay":
            self.stop_replay()
        else:
            self.start_replay()

    def start_replay(self) -> None:
        if self.round_outcome is None and self.phase != "over":
            self.say("Replay is for a finished round.", "warning")
            return
        self.phase = "replay"
        self.tweens.clear()
        self.replay.start(self.session)
        then = "match result" if self.match.over else "next round"
        self.say(f"Replay — Space pause · ←/→ step · +/− speed · Home/End · the bar: click or drag · "
                 f"R or Esc to leave · Enter: {then}",
                 "info")

    def stop_replay(self) -> None:
        if self.phase != "replay":
            return
        if self.viewer is not None:
            self.open_pause()  # a replay file has nothing but the replay: Esc is the menu
            return
        self.phase = "over"
        self.over_clock = CRASH_TIME
        self._result_shown = True
        self.session.seek(self.session.length)
        outcome = self.round_outcome
        if outcome is not None:
            self.say(self.round_message(outcome), "info")
        if self.match.over and self.app is not None:
            # Opened from the match result: back to it (the round's banner offered "Next round"
            # in a match that was over).
            self.show_match_result()

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
            self.toast.show(f"Speed: {self.setup.speed} ticks per second from the next round (this first "
                            f"round stays at a gentle {now:g})", "info")
        else:
            self.toast.show(f"Speed: {self.setup.speed} ticks per second", "info")

    # -- pause overlay -------------------------------------------------------------------------
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

    @property
    def failed_seats_shown(self) -> tuple[int, ...]:
        """The seats whose program failed, while the board on screen is the round's last: a failure
        ends the round on the tick the program was asked to play, which has no board of its own, so
        the last board (the tick before) stands for it, with those heads crossed out as a crash's
        are. Empty for a round the rules ended, and for a replay scrubbed back from the end."""
        session = self.session
        if (self.phase not in ("over", "replay") or self.failed is None or session.index < session.length
                or session.rules.outcome(session.state) is not None):
            return ()
        return tuple(seat for seat in (0, 1) if self.failures[seat])

    def status_line(self) -> tuple[str, str]:
        """At the end of a replay of a round a program lost, what that last board is: the replay
        ended on "Replay 5/5" while the result said the round ended on tick 6, a tick with no board."""
        text, role = super().status_line()
        failed = self.failed
        if (self.phase == "replay" and self.failed_seats_shown and failed is not None and not self._tooltip
                and not self.toolbar.focused_tooltip()):
            tick = self.session.state.tick
            return (f"Tick {tick} is the last board: {self.named(failed.reason).rstrip('.')} "
                    f"-- no move, so no board of tick {tick + 1}; the crossed head is where it stood."), "warning"
        return text, role

    @property
    def tick_shown(self) -> int:
        """The header's tick: the last one played -- or, once a program failed to answer, the one it
        was asked to play, which the round ended on. Tick N is the N-th move, counted from 1 as
        crashes, failures, the console and the tournament count them; the header said "Tick 5"
        beside "lost on tick 6" (and the console's line 6)."""
        tick = self.session.state.tick
        if self.phase == "over" and any(self.failures) and self.session.rules.outcome(self.session.state) is None:
            return tick + 1
        return tick

    def status_fields(self) -> list[str]:
        if self.viewer is not None:  # a replay file has no match: "0 : 0 … Best of 1" was made up
            return [*self.zoom_fields(), f"{self.seat_name(0)} vs {self.seat_name(1)}", "Replay file",
                    f"Replay {self.session.index}/{self.session.length}", f"{round(self.speed.value)}/s"]
        match = self.match
        # One wording all match long: the round on screen -- the one running, or the one just
        # played (and replayed) once it ends. It read "Round 1/3" during a round and "Best of 3"
        # once that round was over.
        ended = self.phase in ("over", "replay")
        round_now = max(1, min(match.rounds + (not ended), match.best_of))
        fields = [self.score_text(), f"Round {round_now}/{match.best_of}"]
        if self.phase == "replay":
            fields.append(f"Replay {self.session.index}/{self.session.length}")
        else:
            fields.append(f"Tick {self.tick_shown}")
        # The round on screen: the one just played once it is over (the gentle first round's end
        # showed the next round's speed), the next one otherwise.
        shown = self.match.rounds - 1 if self.phase in ("over", "replay") and self.match.rounds else self.match.rounds
        fields.append(f"{round(self.round_rate(shown))}/s")
        return [*self.zoom_fields(), *fields]

    def draw_status_fields(self, surface: pygame.Surface, pos: tuple[int, int]) -> pygame.Rect:
        """The header's facts, the names and the score set apart: each name after its cycle's colour
        chip (cycle 2's hollow, as its trail), the score bold between them."""
        assert self.app is not None
        theme = self.app.theme
        fields = self.status_fields()
        zoom = self.zoom_fields()
        x, y = pos
        rest = "   ".join(fields[len(zoom) + 1:])
        rect = draw_text(surface, theme, rest, (x, y), size=18, anchor="midright", colour=theme["text"])
        x = rect.left - theme.px(22)
        if self.viewer is not None:
            middle, bold = "vs", False
        else:
            middle, bold = f"{self.match.score[0]:g} : {self.match.score[1]:g}", True
        for seat, piece in ((1, None), (1, self.seat_name(1)), (None, middle), (0, self.seat_name(0)), (0, None)):
            if piece is None:  # a chip
                chip = pygame.Rect(0, 0, theme.px(12), theme.px(12))
                chip.midright = (x, y)
                colour = theme[f"player{seat + 1}"]
                pygame.draw.rect(surface, colour, chip, border_radius=3)
                if seat == 1:
                    pygame.draw.rect(surface, theme["panel"], chip.inflate(-theme.px(6), -theme.px(6)), border_radius=1)
                rect.union_ip(chip)
                x = chip.left - theme.px(6)
                continue
            score = seat is None
            part = draw_text(surface, theme, piece, (x, y), size=18, anchor="midright", bold=bold and score,
                             colour=theme["highlight" if score and bold else "text"])
            rect.union_ip(part)
            x = part.left - theme.px(6 if seat == 0 else 12)  # the score keeps off both names
        if zoom:
            rect.union_ip(draw_text(surface, theme, "   ".join(zoom), (x - 10, y), size=18, anchor="midright",
                                    colour=theme["text"]))
        return rect

    def draw_board(self, surface: pygame.Surface) -> None:
        assert self.app is not None and self.painter is not None
        painter = self.painter
        session = self.session
        state = session.state
        if self._bar_laid_out != (self.phase == "replay"):  # a replay began or ended: the bar comes or goes
            self.layout_board(self.board_area)
        changed = self.trails.update(session.state_at, session.index, (self.round_key, id(session.initial)))
        cells = self.trails.cells
        over = state.over
        crashed = state.crashed
        palette = self.app.theme.palette_name
        # Only the cells the heads just left change from tick to tick; anything else (a new
        # round, a replay seek, the end of a round dimming a trail, a new palette) repaints all.
        signature = (self.trails.key, over, palette)
        hint = None if changed is None or signature != self._painted else [(y, x) for x, y in changed]
        self._painted = signature

        def key_of(cell: tuple[int, int]) -> Any:
            entry = cells.get((cell[1], cell[0]))
            if entry is None:
                return None
            return (entry[0], entry[1], over and crashed[entry[0]], palette)

        def paint(board: pygame.Surface, cell: tuple[int, int], rect: pygame.Rect, key: Any) -> None:
            painter.paint_trail(board, cell, rect, None if key is None else key[:3])

        self.follow_cycles()
        self.view.render(surface, key_of, paint, hint)
        clip = surface.get_clip()
        # Zoomed in, heads and bursts stay on the board (while it all shows, they may overhang it).
        surface.set_clip((self.board_area if self.view.shows_all else self.view.viewport).clip(clip))
        pulse = 0.5 + 0.5 * math.sin(self.clock * 7.0)
        # The heading arrow shows before a round starts, and while a resumed round waits for a key.
        before_start = self.phase == "ready" or (self.phase == "countdown" and session.index == 0)
        failed = self.failed_seats_shown
        for seat in (0, 1):
            heading = self.steering[seat].heading if self.match.is_human(seat) else state.directions[seat]
            painter.draw_head(surface, seat, state.heads[seat], heading, crashed=crashed[seat] or seat in failed,
                              pulse=0.0 if over or self.paused else pulse,
                              arrow=before_start and self.match.is_human(seat),
                              shared=state.heads[0] == state.heads[1])
            burst = self.tweens.get(("burst", seat))
            if burst is not None:
                painter.draw_burst(surface, state.heads[seat], burst.value, seat)
        surface.set_clip(clip)
        if self.console.shown:
            programs = [seat for seat in (0, 1) if ":" in self.match.seats[seat]]
            # Each line is tagged with its cycle's number: the title says whose number is whose. Without
            # a program it said "stderr of cycle [1] / [2]", which read as placeholders left unfilled.
            whose = " and ".join(f"{self.seat_name(seat)} [{seat + 1}]" for seat in programs)
            # The longest wording that fits, as Runway's: at 800 pixels "Console — stderr of tron…"
            # had lost the program's name and its number.
            title = ([f"Console — stderr of {whose}", f"stderr of {whose}", whose] if programs
                     else ["Console — outside programs' stderr", "Outside programs' stderr", "stderr"])
            self.console.draw(surface, self.app.theme, self.console_view(), title,
                              "No stderr yet (a program's stderr shows here)."
                              if any(":" in who for who in self.match.seats) else "Only outside programs write here.")
        if self.phase == "replay":
            self.replay_bar.draw(surface, self.app.theme, session.index, session.length,
                                 playing=not self.replay.paused)
        self.draw_banners(surface)

    def draw_banners(self, surface: pygame.Surface) -> None:
        assert self.painter is not None
        painter = self.painter
        state = self.session.state
        heads = [(state.heads[seat][1], state.heads[seat][0]) for seat in (0, 1)]  # kept in view: see draw_banner
        if self.phase == "ready":
            gentle = (f"This first round runs at a gentle {GENTLE_SPEED} ticks a second."
                      if self.setup.mode == "bot" and self.speed.value > GENTLE_SPEED else "")
            keys = "W A S D or an arrow" if self.setup.mode == "humans" else "an arrow or click"
            if self.session.index > 0:  # a saved round: say where it stands
                lines = [(f"Resumed on tick {self.session.index}: a turn now is taken at once", "text")]
                big = f"Press {keys} to go on"
            else:
                lines = [(self.countdown_hint(), "text"), (gentle, "text_dim")]
                big = f"Press {keys} to start"
            painter.draw_banner(surface, lines, big=big, big_role="info", avoid=heads)
        elif self.phase == "countdown":
            number = max(1, math.ceil(self.countdown / 0.8))
            text = "Ready" if self.session.index > 0 and self.countdown <= 0.8 else str(number)
            lines = [] if self.paused else [(self.countdown_hint(), "text")]
            if self.paused:
                lines = [("Paused — Space resumes", "text")]
            painter.draw_banner(surface, lines, big=text, fade=0.35 + 0.65 * (self.countdown / 0.8 % 1), avoid=heads)
        elif self.phase == "running":
            go = self.tweens.get("go")
            if self.paused:
                painter.draw_banner(surface, [("Space resumes · Esc menu", "text")], big="Paused", avoid=heads)
            elif go is not None and self.session.index <= 2:
                painter.draw_banner(surface, [], big="GO", big_role="good", fade=go.value, avoid=heads)
        elif (self.phase == "over" and self.over_clock >= CRASH_TIME * 0.6 and self.round_outcome is not None
              and self.looked_at != self.round_key):  # Look at board: the banner is in the status line
            outcome = self.round_outcome
            big, role, _ = self.round_banner()
            match = self.match
            hint = (self.match_over_hint() if match.over
                    else "Enter or Space: next round · R: replay" + (" (next round soon)" if
                                                                    self.setup.mode == "watch" else ""))
            painter.draw_banner(surface, [(self.told(outcome), "text"), (self.score_text(), "highlight"),
                                          (hint, "text_dim")],
                                big=big, big_role=role, avoid=heads)

    def round_banner(self) -> tuple[str, str, str]:
        """The ended round's banner words: the big line, its role and the keys line."""
        outcome = self.round_outcome
        assert outcome is not None
        if outcome.winner is None:
            big, role = "Draw", "warning"
        else:
            name = self.seat_name(outcome.winner)
            big = "You win!" if name == "You" else f"{name} wins"
            role = "error" if self.setup.mode == "bot" and outcome.winner == 1 else "good"
        hint = self.match_over_hint() if self.match.over else "Enter or Space: next round · R: replay"
        return big, role, hint

    def match_over_hint(self) -> str:
        """The keys once the match is over, true at the moment they are read: the match result opens
        by itself, focused on Look at board -- a banner saying "Enter: match result" before it came
        made the player's Enter close the panel it promised to open. Enter opens it only once it
        was closed (Look at board)."""
        if not self._result_shown:
            return "the match result follows · R: replay"
        if self.app is not None and self.app.stack.top is not self:
            return "R: replay"  # the panel (or another overlay) is up over the banner
        return "Enter: match result · R: replay"

    def say_match_over(self) -> None:
        """The status line under the match result panel: the round's words, no key to open the panel
        that is already up (it kept "Enter: match result" from Look at board when F3 reopened it)."""
        outcome = self.round_outcome
        if outcome is None:
            return
        big, role, _ = self.round_banner()
        self.say(f"{big} — {self.told(outcome)} · {self.score_text()}",
                 "info" if role == "good" else role)

    def reopen_result(self) -> None:
        super().reopen_result()
        if self._result_panel is not None and self.app is not None and self.app.stack.top is self._result_panel:
            self.say_match_over()

    def look_at_board(self) -> None:
        """The match result's Look at board shows the board: the round's big banner ("Flood fill
        wins / Enter: match result · R: replay") covered its middle; its words go to the status line."""
        if self.phase != "over" or self.round_outcome is None:
            return
        self.looked_at = self.round_key
        big, role, hint = self.round_banner()
        self.say(f"{big} — {self.told(self.round_outcome)} · {self.score_text()} · {hint}",
                 "info" if role == "good" else role)

    def countdown_hint(self) -> str:
        if self.setup.mode == "watch":  # which cycle is whose ("Strongest 1 (1)" said it twice)
            first, second = self.seat_name(0), self.seat_name(1)
            return (f"{first} vs {second}" if self.match.seats[0] == self.match.seats[1]
                    else f"{first} (1) vs {second} (2)")
        if self.setup.mode == "humans":
            return "Cycle 1: W A S D · Cycle 2: arrows"
        return "You are cycle 1: the arrow is your heading, turn now if you like"

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
