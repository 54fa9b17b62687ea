"""The AI on the Runway viewer (ui): its plans, the comparison of the two AIs, and watching it drive.

Watching the AI is a lazy :class:`~arcade.ui.watch.WatchPlayer` whose steps are computed for
whatever state the session is in when the next step is due, so the viewer can step back, scrub and
resume without the AI losing track; when the AI's move equals the next move already in the history
it is replayed (redo) rather than re-played, so the tape ahead survives. Watching a race already
lost first plans in the worker (the framework's ``plan_watch``: Space again drops that plan), going
back to the last turn it could still be won from. An overlay that stops the AI is named in the
status line (``watch_stopped_text``). Plans are cached per state (``plans``); how many bikes each AI
saves on the level is worked out in the ``analysis`` worker and shown in the HUD and the result. N
and . past the history's end play the AI's next turn. A mixin of
:class:`~arcade.games.runway.view.scene.RunwayScene` because this is the AI's part of the viewer,
apart from the player's commands and the history.

It reads the scene's ``session``, ``app``, ``speed``, ``hint``, ``watch``, ``taping``,
``previewing`` and ``key_repeating``, and sets ``ai_name``, ``prefs["ai"]``, ``plans``,
``comparison`` and ``watch`` (made in the scene's ``__init__``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arcade.core.game import Step
from arcade.core.registry import Binding
from arcade.core.words import plural
from arcade.games.runway.ai import AI_TITLES, Plan, PlanCache, compare_ais, last_winnable
from arcade.games.runway.logic import RULES, State
from arcade.ui.watch import WatchPlayer

#: How long watching a lost race may look back for a turn it could still be won from.
REWIND_SECONDS = 10.0


class WatchingMixin:
    """The AI's plans, its comparison and its watch (see the module's docstring)."""

    # Provided by the scene this is mixed into (RunwayScene, made in its __init__).
    session: Any
    app: Any
    speed: Any
    prefs: dict
    hint: Any
    watch: Any
    ai_name: str
    plans: PlanCache
    comparison: dict[str, str]
    analysis: Any
    taping: bool
    previewing: bool
    key_repeating: bool

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
                            f"{plural(back, 'turn')}, to turn {self.session.state.turn}: it "
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
        elif not self.may_play():  # past a replay watched over a game: the AI plays no second game
            self.stop_watch()
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

    def watch_step_shown(self, step: Step) -> None:
        """Every turn's label, the last one too: the outcome is told once its turn has been seen."""
        if step.label:
            self.say(step.label, "info")
