"""The AI's help on the Battle Royale screen (ui): the par's search, the best route, the hint's place.

The par (the most loot a route can bring home) is looked up in the framework's AI memo
(:mod:`arcade.services.ai_memo`, through ``ai.known_best``: the hint and the watch share it) or solved
in the scene's own par worker, never in a frame, and arrives whenever it is ready -- also behind the
result, whose lines it then updates. A par the time limit cut short is kept and shown as such
("6+?"). The best route it found is shown dashed once the round is over (O, or the Best route
button). A hint scrolls its cells into view, and on a grid too big to think about in a blink the
"Thinking..." of a hint or a watch says how long it may take. A mixin of
:class:`~arcade.games.royale.view.scene.RoyaleScene`, apart from the board and its drawing, because
this is the part that waits on searches.

It reads the scene's ``session``, ``app``, ``toast``, ``stop_event``, ``grid`` and ``hint``, and
sets ``par_worker``'s jobs, ``par_route``, ``par_status``, ``show_optimal`` and ``_side_cache``
(all made in the scene's ``__init__`` and ``level_changed``).
"""

from __future__ import annotations

from typing import Any

from arcade.core.game import Hint
from arcade.games.royale import ai
from arcade.games.royale.logic import Level, State
from arcade.games.royale.solver import Route

from .result import RoyaleResultScene, route_name

#: Past this many moves (sides over 51: no bundled level nor picker size) a hint or a par may
#: think for seconds, up to ``ai.THINK_SECONDS``; up to it, under 0.1 s (README, Benchmarks).
QUICK_THINK_MOVES = 25


class AssistMixin:
    """The par, the best route and the hint's scroll (see the module's docstring)."""

    # Provided by the scene this is mixed into (RoyaleScene, made in its __init__).
    session: Any
    app: Any
    toast: Any
    grid: Any
    stop_event: Any
    par_worker: Any
    par_route: Route | None
    par_status: str
    show_optimal: bool
    _side_cache: Any
    hint: Hint | None

    def thinking_note(self) -> str:
        """On a grid past the bundled and picker sizes, say that the wait may be long and a move
        ends it: a 101x101 grid's hint thought for its full 30 s under a bare "Thinking...", the
        player left guessing whether anything would come (a move stops it, which was said only
        to a second H)."""
        if self.session.level.max_moves <= QUICK_THINK_MOVES:
            return ""
        return f" — a grid this big may take up to {ai.THINK_SECONDS:g} s; a move stops it"

    def start_par(self) -> None:
        """Look the par up (the AI memo: a big grid's par, even one cut short at the time limit, is
        not worked out again on every reopen) or solve it in the par worker; the frame never waits."""
        level = self.session.level
        route = ai.known_best(State(level))
        if route is not None:
            self._par_done((level, route))
            return
        self.par_status = "thinking"
        stop = self.stop_event

        def work() -> tuple[Level, Route | None]:
            return level, ai.best_from(State(level), should_stop=stop.is_set)

        self.par_worker.submit(work, on_done=self._par_done, on_error=self._par_failed, label="par")

    def _par_done(self, result: tuple[Level, Route | None]) -> None:
        level, route = result
        if level != self.session.level:
            return
        self.par_route = route
        self.par_status = "none" if route is None else "known"
        self._side_cache = None
        outcome = self.session.outcome
        top = self.app.stack.top if self.app is not None else None
        if outcome is not None and isinstance(top, RoyaleResultScene) and top.scene is self:
            top.set_lines(self.result_lines(outcome))  # the par arrived while the result was showing

    def _par_failed(self, error: BaseException) -> None:
        self.par_status = "failed"
        self.toast.show(f"Could not compute the par: {error}", "error")

    def par_text(self) -> str:
        if self.par_status == "known" and self.par_route is not None:
            return f"{self.par_route.loot}" + ("" if self.par_route.exact else "+?")
        return {"thinking": "…", "none": "no route", "failed": "?"}.get(self.par_status, "…")

    def par_route_name(self) -> str:
        """"the optimal route", or "the best route found" for a par the time limit cut short ("6+?"):
        the words O and the result's "look at the board" said claimed a best route nobody proved."""
        return f"the {route_name(self.par_route is None or self.par_route.exact)}"

    def toggle_optimal(self) -> None:
        if self.session.outcome is None and not self.show_optimal:
            self.say("The optimal route is revealed when the round ends — H gives a hint meanwhile.", "warning")
            return
        self.show_optimal = not self.show_optimal
        if self.show_optimal and self.par_route is None:
            self.say(f"The optimal route is not known yet (par {self.par_text()}).", "warning")
        elif self.show_optimal:
            self.say(f"Dashed: {self.par_route_name()} (O hides it).", "info")
        else:
            # It said "O hides it" still.
            self.say(f"{self.par_route_name().capitalize()} is hidden (O shows it again).", "info")

    def show_hint(self, hint: Hint | None) -> None:
        super().show_hint(hint)
        if hint is not None and hint.highlight:
            cells = [c for c in hint.highlight if isinstance(c, tuple)][:2]
            self.grid.scroll_into_view(cells, margin=2)
