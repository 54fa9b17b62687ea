"""Runway viewer (ui): the runway scene — lanes and holes, animated bikes, camera, minimap, HUD, timeline.

The scene only turns input into commands and session moves, and draws. The turn history
is the session's history, so stepping back and forward is undo/redo and scrubbing the
timeline is ``session.seek``. Watching the AI is a lazy :class:`WatchPlayer` whose steps are
computed for whatever state the session is in when the next step is due, so the viewer
can step back, scrub and resume without the AI losing track; when the AI's move equals
the next move already in the history it is replayed (redo) rather than re-played, so the
tape ahead survives. Plans are cached per state; the exact AI's plan from a state also
fills the cache for every state along it.

:class:`RunwayScene` is the viewer's frame: its set-up and settings, the level's words, the
player's commands and the history's playback, a new level. The parts that read on their own are
mixins beside it, as Tron's and the framework's :class:`~arcade.ui.game_scene.GameScene` are
composed: :mod:`.watching` (the AI's plans, the comparison of the AIs, watching it drive),
:mod:`.turns` (a turn's animation and words, the outcome held back until seen), :mod:`.race_result`
(the result's title and lines), :mod:`.road_input` (the mouse and the camera), :mod:`.drawing`
(the layout and each frame) and :mod:`.programs` (an outside program's run, its console, the Tests
panel, replay files).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from arcade.core.game import Outcome
from arcade.core.registry import GameInfo
from arcade.core.session import Session
from arcade.core.words import plural
from arcade.games.runway.ai import AI_TITLES, PlanCache
from arcade.games.runway.logic import RULES, Command, State
from arcade.games.runway.view.drawing import DrawingMixin
from arcade.games.runway.view.panels import ControlPad, Minimap, Timeline, level_title
from arcade.games.runway.view.programs import ProgramsMixin
from arcade.games.runway.view.race_result import RaceResultMixin, brought_home
from arcade.games.runway.view.road_input import RoadInputMixin
from arcade.games.runway.view.roadview import RoadView
from arcade.games.runway.view.turns import FALL_SECONDS, TURN_SECONDS, Transition, TurnsMixin
from arcade.games.runway.view.watching import REWIND_SECONDS, WatchingMixin
from arcade.services.settings import stored_choice
from arcade.ui.camera import zoom_field
from arcade.ui.speed import WATCH_SPEEDS
from arcade.ui.tick_scene import TickScene
from arcade.ui.transport import Scrub

if TYPE_CHECKING:
    from arcade.ui.app import App


class RunwayScene(WatchingMixin, TurnsMixin, RaceResultMixin, RoadInputMixin, DrawingMixin, ProgramsMixin,
                  TickScene):
    """The runway viewer and manual game (the AI, a turn on screen, the result, the mouse and camera, the
    drawing and outside programs are the mixins', see the module's docstring)."""

    autosave_when = "move"
    allow_undo = True
    has_hint = True
    has_watch = True
    speeds = WATCH_SPEEDS
    #: One key plays and pauses whatever drives: the AI, or a program's run on the timeline. W is
    #: the same key (it is "watch" in every game); a command of the player's own takes over.
    watch_keys = "Space / W"
    watch_action = "play_pause"
    speed_help = "playback speed: faster / slower (turns per second; the AI's and a run's)"
    history_start_text = "This is the start of the race."

    def __init__(self, info: GameInfo, session: Session, prefs: dict | None = None) -> None:
        super().__init__(info, session, prefs)
        self.prefs: dict = prefs if prefs is not None else {}
        self.watch_rate = self.speed  # one speed: playback, the AI driving and stepping share it
        self.ai_name: str = stored_choice(self.prefs.get("ai"), AI_TITLES, "exact")
        self.plans = PlanCache()
        self.comparison: dict[str, str] = {}
        self.analysis = self.new_worker()
        self.transition: Transition | None = None
        self.shown_index = session.index
        self.falls: dict[int, float] = {}
        self.clock = 0.0
        self.road = RoadView(session.level.length)
        self.pending_outcome: Outcome | None = None
        #: Whether the pending outcome was reached along the timeline (see :meth:`on_outcome`).
        self.outcome_seen = False
        #: The camera as last drawn (see :meth:`is_idle`).
        self._drawn_view: tuple[float, float, bool] | None = None
        self.drag: str | None = None
        self.drag_origin = (0, 0.0)
        self.minimap = Minimap()
        self.timeline = Timeline(RULES.turn_limit)
        self._plan_states: tuple[tuple, list[State]] | None = None
        self.pad = ControlPad(self.command, {
            "start": self.seek_start, "back": self.step_back, "play": self.play_pause,
            "step": self.step_forward, "end": self.seek_end,
            "slower": lambda: self.change_speed("-1"), "faster": lambda: self.change_speed("1"),
        }, self.speeds)
        #: A click or drag on the timeline goes to that turn (the framework's, as in Tron's replay).
        self.scrub = Scrub(self.timeline, self.seek)
        self.rects: dict[str, pygame.Rect] = {}

    # -- set-up ----------------------------------------------------------------------------
    def enter(self, app: App) -> None:
        super().enter(app)
        self.start_analysis()
        if not self.status_text:  # a replay's or a program's own line, said as it was put on the timeline
            self.say(self.level_summary() if self.session.index == 0 else self.resumed_summary())

    def build_toolbar(self) -> None:
        super().build_toolbar()
        button = self.toolbar.find("AI")
        if button is not None:
            button.label = f"AI: {self.ai_name}"
            button.other_labels = tuple(f"AI: {name}" for name in AI_TITLES)  # A switches: one width

    def leave(self) -> None:
        super().leave()
        if self.app is not None:
            self.app.save_settings()  # the AI and playback speed chosen here

    @property
    def level_title(self) -> str:
        return level_title(self.session.level_id)

    def level_summary(self) -> str:
        level = self.session.level
        bikes = len(level.bikes)
        return (f"{plural(bikes, 'bike')}, {level.need} must cross; runway of {level.length} cells. "
                "Arrows / J / Enter drive · Space lets the AI drive · H hints.")

    def resumed_summary(self) -> str:
        """A race continued where it was left: where it stands now. The level's opening words ("4
        bikes, 1 must cross") read as if no bike had fallen yet."""
        session, level = self.session, self.session.level
        riding, bikes = len(session.state.active), len(level.bikes)
        return (f"Turn {session.index} of {session.length}: {riding} of {plural(bikes, 'bike')} "
                f"riding, {level.need} must cross. Arrows / J / Enter drive · Space lets the AI drive · H hints.")

    def status_fields(self) -> list[str]:
        """The header's fields: "Replay" while a replay file's run is played back, the zoom when the
        player's own, and the clock of a timed game. A saved replay watched over a race looked the
        same as the race once it had run to its end -- only the Back button told them apart."""
        replay = ["Replay"] if self.program_replayed and self.program_spec is not None else []
        zoom = zoom_field(self.road.user_zoom, self.road.zoomed)
        clock = [self.clock_text] if self.timed else []  # a run on the timeline was not timed here
        # The turn is the HUD's first word, right under the header: "Turn 0/50" was said twice.
        return [*replay, *zoom, *clock]

    # -- commands and the history --------------------------------------------------------------
    def command(self, command: Command | str) -> None:
        """The player issues a command (manual mode; it takes over from the AI)."""
        command = Command(command)
        if self.session.outcome is not None:
            self.refuse(f"The race is over: {self.session.outcome.reason} Step back or restart.")
            return
        self.play(command)

    # Stepping, seeking, undo and redo hold the AI's watch or a program's run where they are put
    # (Home restarted a playing run): the framework's (TickScene), with the run as Runway's playback.
    def playback_running(self) -> bool:
        return self.taping and not self.tape_paused and self.session.can_redo

    def pause_playback(self) -> None:
        if self.taping:
            self.tape_paused = True

    def toggle_playback(self) -> bool:
        """Space plays and pauses a program's run on the timeline (programs.py) when the AI is not watched."""
        if not self.taping:
            return False
        self.tape_pause()
        return True

    def restart(self) -> None:
        """Ctrl+R: the player's own game from turn 0 (the moves stay for Redo).

        With a program's run on the timeline its moves are not the player's to redo: Restart is a
        fresh game of that level, as Play again (Play again's reset forgets the run: its spec stayed,
        so Space only paused a tape and the clock was gone). Forgetting the run and then going back
        to turn 0 saved the program's moves, still there for Redo, as the player's game: the
        player's own save was overwritten (of another level after a test's run), Continue brought
        the program's run back and Redo replayed its moves as "the AI's". The fresh game saves
        nothing until the player's own move, so the player's save stays as it was.
        """
        if self.program_spec is not None and self.session.level is self.program_level:
            self.new_game()
            self.say("Restarted — a new game of this level (the program's run is not yours to redo).")
            return
        self.console_visible(False)
        super().restart()

    # -- levels ---------------------------------------------------------------------------------
    def level_changed(self) -> None:
        """A new runway (another level, Play again, Next level): forget the old plans and comparison
        and any program's run (one put on the timeline sets itself up after this), show its start."""
        if not self._loading_run:
            self.forget_program_run()
        self.plans.clear()
        self.start_analysis()
        self.shown_index = 0
        if not self.taping:  # the player's own game: no program's console (it stayed open, empty)
            self.console_visible(False)
        self.road.fit()  # a new runway opens at its own zoom, on the bikes
        self.snap()
        self.say(f"{level_title(self.session.level_id)}: {self.level_summary()}")

    def show_preview_step(self, index: int) -> None:
        """The "How to play" example shows each turn at rest (no animation runs on that page)."""
        super().show_preview_step(index)
        self.snap()


__all__ = [
    "FALL_SECONDS", "REWIND_SECONDS", "TURN_SECONDS", "RunwayScene", "Transition", "brought_home",
]
