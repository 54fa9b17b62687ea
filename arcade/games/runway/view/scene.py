"""Runway viewer (ui): the runway scene — lanes and holes, animated bikes, camera, minimap, HUD, timeline.

The scene only turns input into commands and session moves, and draws. The turn history
is the session's history, so stepping back and forward is undo/redo and scrubbing the
timeline is ``session.seek``. Watching the AI is a lazy :class:`WatchPlayer` whose steps are
computed for whatever state the session is in when the next step is due, so the viewer
can step back, scrub and resume without the AI losing track; when the AI's move equals
the next move already in the history it is replayed (redo) rather than re-played, so the
tape ahead survives. Plans are cached per state; the exact AI's plan from a state also
fills the cache for every state along it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from arcade.core.game import Outcome, Step
from arcade.core.numbers import checked_float
from arcade.core.registry import Binding, GameInfo
from arcade.core.session import Session
from arcade.core.words import plural
from arcade.games.runway.ai import AI_TITLES, Plan, PlanCache, compare_ais, last_winnable
from arcade.games.runway.logic import RULES, Command, State
from arcade.games.runway.motion import Motion, describe_turn, losses_by_turn, still, turn_motions
from arcade.games.runway.view.panels import (
    ControlPad,
    Minimap,
    Timeline,
    draw_plan_row,
    draw_status_row,
    level_title,
)
from arcade.games.runway.view.programs import ProgramsMixin
from arcade.games.runway.view.roadview import USER_ZOOM, RoadView
from arcade.services.settings import stored_choice
from arcade.ui.camera import ctrl_held, zoom_limit_words
from arcade.ui.overlays import ResultScene
from arcade.ui.speed import WATCH_SPEEDS
from arcade.ui.tick_scene import TickScene
from arcade.ui.transport import Scrub
from arcade.ui.watch import WatchPlayer

if TYPE_CHECKING:
    from arcade.ui.app import App
    from arcade.ui.widgets import Button

#: Seconds a turn takes on screen when the player drives (scaled by the animation setting).
TURN_SECONDS = 0.45
FALL_SECONDS = 0.55
#: How long watching a lost race may look back for a turn it could still be won from.
REWIND_SECONDS = 10.0
@dataclass
class Transition:
    """One turn being animated: the motions, and how far along they are (real seconds)."""

    motions: tuple[Motion, ...]
    duration: float
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        return min(1.0, self.elapsed / self.duration) if self.duration > 0 else 1.0


def brought_home(who: str, crossed: int, total: int) -> str:
    """The title of a race ``who`` (the AI, a program) won with ``crossed`` of ``total`` bikes: "The
    AI brought them home" was said when one of two bikes crossed and the other lay in a hole."""
    if crossed == total:
        bikes = "the bike" if total == 1 else "both bikes" if total == 2 else f"all {total} bikes"
    else:
        bikes = f"{crossed} of {plural(total, 'bike')}"
    return f"{who} brought {bikes} home"


class RunwayScene(ProgramsMixin, TickScene):
    """The runway viewer and manual game."""

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
        return (f"{bikes} bike{'s' * (bikes != 1)}, {level.need} must cross; runway of {level.length} cells. "
                "Arrows / J / Enter drive · Space lets the AI drive · H hints.")

    def resumed_summary(self) -> str:
        """A race continued where it was left: where it stands now. The level's opening words ("4
        bikes, 1 must cross") read as if no bike had fallen yet."""
        session, level = self.session, self.session.level
        riding, bikes = len(session.state.active), len(level.bikes)
        return (f"Turn {session.index} of {session.length}: {riding} of {bikes} bike{'s' * (bikes != 1)} "
                f"riding, {level.need} must cross. Arrows / J / Enter drive · Space lets the AI drive · H hints.")

    def status_fields(self) -> list[str]:
        """The header's fields: the zoom when the player's own, and the clock of a timed game."""
        zoom = [f"Zoom {self.road.user_zoom:.1f}×"] if self.road.zoomed else []
        clock = [self.clock_text] if self.timed else []  # a run on the timeline was not timed here
        # The turn is the HUD's first word, right under the header: "Turn 0/50" was said twice.
        return [*zoom, *clock]

    def camera_state(self) -> object:
        return (self.road.user_zoom, self.road.follow, round(self.road.cam, 3))

    def saved_camera(self) -> dict[str, object] | None:
        """The player's zoom over the speed's own (the camera follows the bikes at every layout)."""
        return {"zoom": self.road.user_zoom} if self.road.zoomed else None

    def restore_camera(self, saved: dict[str, object]) -> None:
        low, high = USER_ZOOM
        zoom = checked_float(saved.get("zoom"), 0.0, 1e6, "the zoom")
        self.road.user_zoom = min(high, max(low, zoom))
        self.road.snap_to(self.camera_target, self.session.state.speed)

    # -- AI plans ----------------------------------------------------------------------------
    def plan_now(self, ai: str, state: State) -> Plan:
        return self.plans.plan(ai, state)

    def start_preview(self, app: Any) -> None:
        """An example on the How-to-play page shows no AI figures: the comparison, arriving from its
        worker whenever the machine got to it, changed the example's picture under the reader."""
        super().start_preview(app)
        self.analysis.cancel()
        self.comparison = {}

    def start_analysis(self) -> None:
        """How many bikes each AI saves on this level (in the background, shown in the HUD)."""
        if self.previewing:
            return
        self.comparison = {}
        start = self.session.initial

        def compare() -> tuple[State, dict[str, str]]:
            return start, compare_ais(start)

        def done(result: tuple[State, dict[str, str]]) -> None:
            if result[0] == self.session.initial:
                self.comparison = result[1]

        self.analysis.submit(compare, on_done=done, on_error=lambda exc: None, label="compare")

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

    def step_past_end(self) -> None:
        """Past the history's last turn, N and . play the AI's next turn."""
        if self.session.outcome is not None:
            self.say("The race is over.")
            return
        if self.key_repeating:
            # Held, N and . step through the history and stop at its end: a turn costs a press (held
            # down they used to play the AI's turns to the end of the race).
            self.say("End of the history — press N again for the AI's next turn, Space to let it drive.")
            return
        plan = self.plan_now(self.ai_name, self.session.state)
        if plan.first is not None:
            self._apply_ai_step(Step(plan.first.value))

    def follow(self) -> None:
        self.road.follow = True
        self.say("The camera follows the bikes.")

    def zoom(self, arg: str) -> None:
        """Ctrl++ / Ctrl+− (and Ctrl+wheel): the player's zoom over the speed's own."""
        if self.road.zoom_by(int(arg)):
            self.drop_limit()
        else:
            self.say_limit(zoom_limit_words(int(arg)))

    def zoom_fit(self) -> None:
        self.road.fit()
        self.say("The camera follows the bikes at the speed's own zoom.")

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

    # -- watching the AI ------------------------------------------------------------------------
    @property
    def watch_help(self) -> str:  # type: ignore[override]
        """Space's meaning in the keys table: what it plays and pauses now."""
        if self.taping and self.watch is None:
            return "play / pause the program's run on the timeline"
        return "let the AI drive from the turn on screen / pause it"

    def watch_stopped_text(self, overlay: str) -> str:
        return f"{overlay} stopped the AI driving — Space lets it drive again from here."

    def watching_bindings(self) -> list[Binding]:
        """None: Space, N, . and + / − mean the same while the AI drives (the framework's watching
        rows listed Space, N and + / − a second time)."""
        return []

    def watch_paused_text(self) -> str:
        return "Paused — Space resumes, N steps, , steps back; a command of yours takes over."

    def toggle_watch(self) -> None:
        if self.watch is not None:
            self.stop_watch("Stopped watching — you drive.")
            return
        if self.drop_watch_plan():  # pressed again while the AI plans: stop, not plan again
            return
        if self.session.outcome is not None:
            self.say("The race is over — step back or restart to watch the AI drive.")
            return
        state = self.session.state
        known = self.plans.get("exact", state)
        if self.ai_name == "exact" and (known is None or not known.win):
            self.say("The AI is planning…")
            history = [self.session.state_at(i) for i in range(self.session.index + 1)]

            def planned(result: tuple[int, Plan]) -> None:
                back, plan = result
                if self.session.index != len(history) - 1 or self.session.state is not history[-1]:
                    return  # the player moved meanwhile: this plan was for another turn
                self.plans.remember(history[-1 - back], plan)
                note = ""
                if back:
                    turn = self.session.state.turn
                    for _ in range(back):
                        self.session.undo()
                    note = (f"The race could not be won from turn {turn} any more, so the AI goes back "
                            f"{back} turn{'s' * (back != 1)}, to turn {self.session.state.turn}: it "
                            f"{plan.summary()}. ")
                self.begin_watch(note)

            self.plan_watch(lambda: last_winnable(history, budget=REWIND_SECONDS), planned)
            return
        self.begin_watch()

    def begin_watch(self, note: str = "") -> None:
        """Start the AI driving; ``note`` says first what it did before (went back to a winnable turn)."""
        self.hint = None
        self.watch = WatchPlayer(self._ai_steps(), self._apply_ai_step, speed=self.speed,
                                 on_finish=self._ai_finished)
        self.refresh_toolbar()  # the Watch AI button lights up (the framework's, see GameScene.watch_lit)
        self.say(note + f"Watching the {AI_TITLES[self.ai_name].lower()} — Space pause · N step · , back · "
                 "+/− speed", "warning" if note else "info")

    def _ai_steps(self) -> Iterator[Step]:
        """The AI's next command for whatever state the session is in when a step is due."""
        while self.session.outcome is None:
            plan = self.plan_now(self.ai_name, self.session.state)
            if plan.first is None:
                return
            yield Step(plan.first.value)

    def _apply_ai_step(self, step: Step) -> None:
        assert step.move is not None
        state = self.session.state
        after = RULES.play(state, step.move)
        if self.session.can_redo and self.session.state_at(self.session.index + 1) == after:
            self.session.redo(by_ai=True)  # the AI's choice, though it equals the recorded move
        else:
            self.take_over_from_program()  # the AI's own move ends a program's run there (programs.py)
            self.new_attempt_clock()
            self.session.play(step.move, by_ai=True)

    def _ai_finished(self) -> None:
        self.stop_watch()

    def speed_changed(self, value: float) -> None:
        self.say(f"Playback speed: {value:g} turns per second", "info")

    def watch_speed(self, arg: str) -> None:
        self.change_speed(arg)

    def switch_ai(self) -> None:
        self.ai_name = "classic" if self.ai_name == "exact" else "exact"
        self.prefs["ai"] = self.ai_name
        self.relayout()
        saved = self.comparison.get(self.ai_name)
        self.say(f"Watch mode now uses the {AI_TITLES[self.ai_name].lower()}"
                 + (f" — it saves {saved} here." if saved else "."), "info")

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

    # -- session events ------------------------------------------------------------------------
    def on_changed(self) -> None:
        session = self.session
        if session.index == self.shown_index + 1 and session.index > 0:
            before = session.state_at(session.index - 1)
            command = RULES.decode_move(session.moves[-1])
            after = session.state
            self.start_transition(before, command, after)
        else:
            self.snap()
            if self.watch is None and session.index != self.shown_index:
                self.say_turn_on_screen()
        self.shown_index = session.index
        if session.outcome is None:
            self.pending_outcome = None

    def describe_move(self, before: State, move: Command, after: State) -> str:
        """How Undo and Redo name a turn: its number and its command, as the watch's lines do
        ("turn 3 · SPEED, speed 1 → 2: 4 bikes now at x=5.")."""
        return f"turn {after.turn} · {describe_turn(before, move, after)}"

    def position_prompt(self) -> tuple[str, str] | None:
        """Which turn of the history is on screen now ("Turn 2 of 5", "Turn 0 of 5: the start")."""
        session = self.session
        text = f"Turn {session.index} of {session.length}" + (": the start." if session.index == 0 else ".")
        if session.looking_back:
            text += " — looking back at a finished race (End: its finish)"
        return text, "text_dim"

    def say_turn_on_screen(self, role: str = "text_dim") -> None:
        """After a jump through the history (scrubbing, Home/End, stepping back), the status line says
        what the turn on screen is. Scrubbing back through a finished race kept its last words ("✓ 1
        of 2 bikes crossed…") above turn 1, as if the race were still over there."""
        session = self.session
        index = session.index
        if index == 0:
            text = f"Turn 0 of {session.length}: the start"
        else:
            what = describe_turn(session.state_at(index - 1), RULES.decode_move(session.moves[-1]), session.state)
            text = f"Turn {index} of {session.length} · {what}"
        if session.looking_back and not self.playback_running():
            # A program's run playing on is watched, not looked back at: every turn of a fast
            # program's run said "looking back at a finished race" as it played.
            text += " — looking back at a finished race (End: its finish)"
        self.say(text, role)

    def start_transition(self, before: State, command: Command, after: State) -> None:
        assert self.app is not None
        speed = self.app.animation_speed
        duration = TURN_SECONDS / speed
        if self.watch is not None:
            duration = min(duration, 0.85 / self.watch.steps_per_second)
        self.transition = Transition(turn_motions(before, command, after), duration)
        self.road.follow = True
        text = describe_turn(before, command, after)
        lost = len(before.active) - len(after.active)
        if self.watch is not None:
            text = f"Turn {after.turn} · {text}"
        if self.watch is None and (self.session.looking_back or self.navigating):
            # Stepping along the history (. or ▶ with turns ahead), or through a finished race:
            # which turn of it this is, "Turn 3 of 5 · ...", as End, Home and , say it. The step
            # forward alone said the command bare, a different message for the same look back.
            self.say_turn_on_screen("warning" if lost else "text_dim")
        else:
            self.say(text, "warning" if lost else ("info" if self.watch is not None else "text_dim"))
        if lost:
            self.app.audio.play("crash")
        elif command is Command.JUMP:
            self.app.audio.play("jump")
        else:
            self.app.audio.play("tick")

    def snap(self) -> None:
        """Show the current state without animation (undo, scrubbing, a new level)."""
        self.transition = None
        self.falls.clear()
        self.road.snap_to(self.camera_target, self.session.state.speed)

    def watch_step_shown(self, step: Step) -> None:
        """Every turn's label, the last one too: the outcome is told once its turn has been seen."""
        if step.label:
            self.say(step.label, "info")

    def on_outcome(self, outcome: Outcome) -> None:
        """Hold the result overlay back until the last turn has been seen. An end reached along the
        timeline (a seek, a drag, a step, Redo) was shown before: only the status line says it
        (the panel popped up under a drag of the timeline, ending the drag there)."""
        self.pending_outcome = outcome
        self.outcome_seen = self.navigating

    def result_scene(self, title: str, lines: list[str], buttons: list[tuple[str, Callable[[], None]]],
                     role: str) -> ResultScene:
        """The result sits at the bottom: the road, with the last fall, stays in view above it."""
        scene = ResultScene(title, lines, buttons, role=role)
        scene.placement = "bottom"
        return scene

    def result_title(self, outcome: Outcome) -> str:
        if self.taping and not self.own_run:  # an outside program's run (programs.py)
            if self.session.outcome is None:  # broken off by the program, not ended by the rules
                return "The program failed"
            return self.brought_home("The program") if outcome.is_win else "The program lost the race"
        if outcome.is_win:
            return self.brought_home("The AI") if self.session.ai_finished else "You win!"
        return "Race lost"

    def brought_home(self, who: str) -> str:
        """A won race's title when ``who`` drove it, counting the bikes as the reason does."""
        state = self.session.state
        return brought_home(who, len(state.active), len(state.bikes))

    def result_details(self, outcome: Outcome) -> list[str]:
        """After the reason: the turn that lost the race in a hole, and how many bikes each AI saves here."""
        lines = self.fall_lines(outcome)
        if self.comparison:
            lines.append(f"Exact AI: {self.comparison['exact']} · classic AI: {self.comparison['classic']}.")
        return lines

    def fall_lines(self, outcome: Outcome) -> list[str]:
        """A race the player lost in a hole: what helps. The panel said only "No bike is left, 1
        needed.", and a newcomer who drove into the first holes learnt neither that J jumps one nor
        that Undo takes the turn back. Where the bikes fell is on the road above the panel (its
        crosses), so this stays one line: a taller panel covered the fall at 1024x640."""
        session = self.session
        if outcome.is_win or session.index == 0 or self.taping or session.ai_finished:
            return []
        if len(session.state.active) >= len(session.state_at(session.index - 1).active):
            return []  # the turns ran out: the reason says so
        return ["J jumps a hole: only the landing cell counts. Undo takes the turn back."]

    def tally_count(self) -> int:
        return self.session.state.turn

    # -- frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        if self.transition is not None:
            self.transition.elapsed += dt
            for i, motion in enumerate(self.transition.motions):
                if motion.impact is not None and i not in self.falls and self.transition.progress >= motion.impact:
                    self.falls[i] = self.clock
        if self.watch is not None and self.session.outcome is None and not self.worker.busy:
            self.plan_now(self.ai_name, self.session.state)
        self.road.glide(self.camera_target(), dt, self.session.state.speed)
        if self.pending_outcome is not None and not self.animating():
            outcome, self.pending_outcome = self.pending_outcome, None
            self.stop_watch()
            # Scrubbed back to the end of a race already shown (a run on the tape: once its panel was up).
            if self.tape_result_shown if self.taping else self.outcome_seen:
                if not self.status_text.endswith(outcome.reason):  # Redo said it after the turn it names
                    self.say(outcome.reason, "good" if outcome.is_win else "warning")
                self.keep_result(outcome)  # the Result button and F3 bring the panel
            else:
                self.tape_result_shown = self.taping
                # The board stands still under the panel: put the camera on the end now (at a fast
                # watch speed on a long runway it was still gliding, the finish out of view).
                self.road.snap_to(self.camera_target, self.session.state.speed)
                super().on_outcome(outcome)
                self.say_tape_end("good" if outcome.is_win else "error")  # programs.py

    def is_idle(self) -> bool:
        """Nothing to redraw: the bikes stand, no run plays, and the camera has come to rest.

        The camera glides and zooms towards the bikes after every turn, so "at rest" is the
        view drawn last still being the view now, and the last glide having moved nothing; until
        then every frame is drawn. Without the second, the frame just drawn said "idle" while the
        camera still had 1.5 s to glide: the frame loop took the end of the bikes' move for the
        scene's rest, and a picture taken then was a pixel off the one Continue draws.
        """
        return (super().is_idle() and self.pending_outcome is None and not self.playback_running()
                and self._live is None and not self.road.gliding and self._drawn_view == self._view_now())

    def _view_now(self) -> tuple[float, float, bool]:
        return (self.road.cell_w, self.road.cam, self.road.follow)

    def animating(self) -> bool:
        if self.transition is not None and self.transition.progress < 1.0:
            return True
        fall = FALL_SECONDS / (self.app.animation_speed if self.app else 1.0)
        return any(self.clock - start < fall for start in self.falls.values())

    def motions(self) -> tuple[tuple[Motion, ...], float]:
        if self.transition is not None:
            return self.transition.motions, self.transition.progress
        return still(self.session.state), 1.0

    # -- layout ---------------------------------------------------------------------------------
    def layout_board(self, area: pygame.Rect) -> None:
        assert self.app is not None
        compact = area.height < 380
        px = self.app.theme.px  # the bands grow with their text at the window's UI scale
        hud_h, controls_h, timeline_h = (24, 30, 24) if compact else (px(46), px(36), px(32))
        minimap_h, gap = (22, 4) if compact else (34, 8)
        # The command pad keeps the whole width; the program console (programs.py), when shown,
        # takes the right side of what is above it. The How-to-play example has none: the page has
        # its own player under it, and the pad's transport beside it was a second one whose buttons
        # did nothing (a click there steps the page's example).
        pad_h = 0 if self.previewing else controls_h
        self.rects["controls"] = pygame.Rect(area.x, area.bottom - pad_h, area.width, pad_h)
        area = self.console_area(pygame.Rect(area.x, area.y, area.width, area.height - pad_h - gap))
        self.rects["hud"] = pygame.Rect(area.x, area.y, area.width, hud_h)
        self.timeline.rect = pygame.Rect(area.x, area.bottom - timeline_h, area.width, timeline_h)
        top = self.rects["hud"].bottom + gap
        space = pygame.Rect(area.x, top, area.width, self.timeline.rect.top - gap - top)
        self.road.layout(space, self.session.level.length, minimap_h + gap, self.app.theme.scale)
        self.minimap.rect = (pygame.Rect(area.x, self.road.road.bottom + gap, area.width, minimap_h)
                             if self.road.scrolls else pygame.Rect(0, 0, 0, 0))
        self.pad.layout(self.app.theme, self.rects["controls"])
        self.road.snap_to(self.camera_target, self.session.state.speed)
        road = self.road.road  # where the road is, for end-to-end tests (no-op without a trace file)
        self.app.trace(f"runway-layout {self.session.level_id} {road.x} {road.y} {road.w} {road.h} "
                       f"{self.road.base_cell:.1f} {int(self.road.scrolls)}")

    def lead_x(self) -> float:
        """Column of the leading live bike as drawn now (the camera follows it)."""
        motions, t = self.motions()
        xs = [m.at(t).x for m in motions if not m.wreck and (m.impact is None or t < m.impact)]
        return max(xs or [m.at(t).x for m in motions] or [0.0])

    def camera_target(self) -> float:
        return self.road.target(self.session.level.length, self.lead_x())

    # -- input ----------------------------------------------------------------------------------
    def handle_board(self, event: pygame.event.Event) -> bool:
        if self.console.handle(event) or self.pad.handle(event):  # the wheel over the console scrolls it
            return True
        if self.drag is None and self.scrub.handle(event, self.session.length):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            areas = {"minimap": self.minimap.rect,
                     "road": self.road.road.union(self.road.sky)}
            for name, rect in areas.items():
                if rect.collidepoint(event.pos):
                    self.drag = name
                    self.drag_origin = (event.pos[0], self.road.cam)
                    self._drag_to(event.pos)
                    return True
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self._drag_to(event.pos)
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self.drag = None
            return True
        elif event.type == pygame.MOUSEWHEEL and ctrl_held():
            return self.road.zoom_by(event.y) or True
        elif event.type == pygame.MOUSEWHEEL and (self.road.scrolls or self.road.grid.zoomed):
            self.road.pan(-(event.y - event.x) * 3)
            return True
        return False

    button_rows_name = "command, player and speed"

    def button_rows(self) -> list[list[Button]]:
        """The control pad's row (commands, player buttons, − and +): each has a key, but Tab went
        round the toolbar only and a keyboard user could not reach them as a mouse does."""
        return [self.pad.buttons]

    def control_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The toolbar's buttons and the control pad's (the button rows), and the speed's label."""
        speed = self.pad.speed_rect
        return [*super().control_rects(), *([("speed", speed)] if speed.width else [])]

    def board_tooltip(self, pos: tuple[int, int]) -> str:
        tip = self.pad.tooltip(pos)
        if tip:
            return tip
        if self.timeline.rect.collidepoint(pos):
            # The command from the whole history, redo tail included: a drag rightwards is a turn
            # ahead of the one on screen when this is said, and read only "Turn 6" where the
            # hover read "Turn 2: JUMP".
            turn = self.scrub.turn_at(pos[0], self.session.length)
            played = f": {self.session.move_at(turn - 1)}" if turn else ""
            return f"Turn {turn}{played} — click or drag to go there"
        if self.minimap.rect.collidepoint(pos):
            return "The whole runway — click or drag to look there (F follows the bikes again)"
        return ""

    def _drag_to(self, pos: tuple[int, int]) -> None:
        if self.drag == "minimap":
            column = self.minimap.column_at(self.session.level, pos[0]) - self.road.visible_columns / 2
            self.road.pan(column - self.road.cam)
        elif self.drag == "road":
            self.road.pan(self.drag_origin[1] - (pos[0] - self.drag_origin[0]) / self.road.cell_w - self.road.cam)

    # -- drawing ----------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        level = self.session.level
        motions, t = self.motions()
        clip = surface.get_clip()
        # The road's own width, not the board area's: with the console open the road ends short of
        # it, and a hole in the column the road's edge cuts was drawn whole across the gap, up to
        # the console's border.
        road = self.road.road
        surface.set_clip(self.board_area.clip(pygame.Rect(road.x, self.board_area.y, road.width,
                                                          self.board_area.height)))
        self.road.draw_road(surface, theme, level)
        if self.transition is None or self.transition.progress >= 1:
            self.road.draw_plan(surface, theme, self.plan_states())
        fall_time = FALL_SECONDS / self.app.animation_speed
        falls = {i: min(1.0, (self.clock - start) / fall_time) for i, start in self.falls.items()}
        self.road.draw_bikes(surface, theme, motions, t, falls, level.length)
        surface.set_clip(clip)
        if self.road.scrolls:
            self.minimap.draw(surface, theme, level, (self.road.cam, self.road.visible_columns),
                              [m.at(t) for m in motions])
        self.draw_hud(surface)
        states = [self.session.state_at(i) for i in range(self.session.length + 1)]
        final = RULES.outcome(states[-1])
        if final is None and self.taping and self.program_failure:
            final = self.broken_off_outcome()  # the ✗ after a run the program broke off (programs.py)
        self.fit_timeline(final)
        self.timeline.draw(surface, theme, self.session.index, self.session.length, losses_by_turn(states), final)
        self.draw_controls(surface)
        self.draw_console(surface)  # programs.py
        self._drawn_view = self._view_now()

    def fit_timeline(self, final: Outcome | None) -> None:
        """The timeline's axis ends where the race ends: at the history's last turn once that ended the
        race (or a program's run broke off there); a race still running gets its history and the plan
        ahead, with room to go on. It ran to turn 10 after a five-turn race."""
        ended = final is not None or (self.taping and bool(self.program_failure))
        shown = None if ended else self.shown_plan()
        self.timeline.fit(max(self.session.length, self.session.index + (len(shown[1]) if shown else 0)), ended=ended)

    def shown_plan(self) -> tuple[str, tuple[Command, ...]] | None:
        """The AI's commands ahead to show: the watched AI's plan, or the hint's."""
        state = self.session.state
        if self.session.outcome is not None:
            return None
        if self.watch is not None:
            plan = self.plans.get(self.ai_name, state)
            return (self.ai_name, plan.commands) if plan is not None else None
        if self.hint is not None and self.hint.highlight:
            return ("hint", tuple(Command(c) for c in self.hint.highlight))
        return None

    def plan_states(self) -> list[State]:
        """The states the shown plan goes through (at most 16 turns ahead), cached."""
        shown = self.shown_plan()
        if shown is None:
            return []
        key = (self.session.state, shown[1])
        if self._plan_states is None or self._plan_states[0] != key:
            states = [self.session.state]
            for command in shown[1][:16]:
                if RULES.outcome(states[-1]) is not None:
                    break
                states.append(RULES.apply(states[-1], command))
            self._plan_states = (key, states)
        return self._plan_states[1]

    def draw_hud(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        rect = self.rects["hud"]
        compact = rect.height < 40
        row1 = rect.y + (rect.height // 2 if compact else theme.px(11))
        last = self.session.moves[-1] if self.session.index else "—"
        draw_status_row(surface, theme, rect, row1, self.session.state, RULES.turn_limit, last,
                        {} if compact else self.comparison, 15 if compact else 17)
        if not compact:
            if self.session.outcome is not None:
                idle = "The race is over — step back, scrub the timeline or restart"
            elif self.taping and self.program_failure and not self.session.can_redo:
                idle = f"The program's run ended here: {self.program_failure}"
            elif self.taping:
                idle = self.tape_line()
            else:
                idle = "Plan: H asks the exact AI · Space lets the AI drive"
            draw_plan_row(surface, theme, rect, rect.y + theme.px(34), self.shown_plan(), idle)

    def draw_controls(self, surface: pygame.Surface) -> None:
        if self.previewing:
            return
        self.pad.draw(surface, self.app.theme, index=self.session.index, length=self.session.length,
                      race_over=self.session.outcome is not None, playing=self.playing, speed=self.speed.value)
