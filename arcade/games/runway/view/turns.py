"""A Runway turn on screen (ui): its animation, what the status line says of it, the outcome held back.

Every change of the session comes through ``on_changed``: one turn forward is animated (the bikes'
:mod:`~arcade.games.runway.motion` motions, a fall where a bike meets a hole, with its sound); a jump
through the history (undo, scrubbing, Home and End) snaps to the state and says which turn is on
screen. The outcome waits until its last turn has been seen: ``update`` shows the result then, or
only says it when that end was reached along the timeline. ``is_idle`` tells the frame loop when the
bikes stand and the camera has come to rest. A mixin of
:class:`~arcade.games.runway.view.scene.RunwayScene` because it holds what moves between frames,
and :mod:`.drawing` only reads it.

It reads the scene's ``session``, ``app``, ``watch``, ``worker``, ``road``, ``navigating``,
``taping``, ``tape_result_shown``, ``status_text`` and ``_live``, and sets ``transition``,
``shown_index``, ``falls``, ``clock``, ``pending_outcome`` and ``outcome_seen`` (made in the scene's
``__init__``); ``_drawn_view`` is what :mod:`.drawing` drew last.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arcade.core.game import Outcome
from arcade.games.runway.logic import RULES, Command, State
from arcade.games.runway.motion import Motion, describe_turn, still, turn_motions

#: Seconds a turn takes on screen when the player drives (scaled by the animation setting).
TURN_SECONDS = 0.45
FALL_SECONDS = 0.55


@dataclass
class Transition:
    """One turn being animated: the motions, and how far along they are (real seconds)."""

    motions: tuple[Motion, ...]
    duration: float
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        return min(1.0, self.elapsed / self.duration) if self.duration > 0 else 1.0


class TurnsMixin:
    """A turn's animation, its words and the held-back outcome (see the module's docstring)."""

    # Provided by the scene this is mixed into (RunwayScene, made in its __init__).
    session: Any
    app: Any
    watch: Any
    worker: Any
    road: Any
    ai_name: str
    transition: Transition | None
    shown_index: int
    falls: dict[int, float]
    clock: float
    pending_outcome: Outcome | None
    outcome_seen: bool
    navigating: bool
    taping: bool
    tape_result_shown: bool
    status_text: str
    _live: Any
    _drawn_view: tuple[float, float, bool] | None

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

    def on_outcome(self, outcome: Outcome) -> None:
        """Hold the result overlay back until the last turn has been seen. An end reached along the
        timeline (a seek, a drag, a step, Redo) was shown before: only the status line says it
        (the panel popped up under a drag of the timeline, ending the drag there)."""
        self.pending_outcome = outcome
        self.outcome_seen = self.navigating

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
