"""How a Runway race ends on screen (ui): the result's title and lines.

The framework's :class:`~arcade.ui.game_scene.GameScene` shows every game's result; these are its
hooks answered in Runway's terms: who brought how many bikes home (you, the AI, an outside
program), the hint after a race lost in a hole (J jumps one, Undo takes the turn back), how many
bikes each AI saves on the level, and the panel placed at the bottom so the last fall stays in view.
A mixin of :class:`~arcade.games.runway.view.scene.RunwayScene` because a reader of the road need
not read the result's wording.

It reads the scene's ``session``, ``comparison``, ``taping`` and ``own_run``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arcade.core.game import Outcome
from arcade.core.words import plural
from arcade.ui.overlays import ResultScene


def brought_home(who: str, crossed: int, total: int) -> str:
    """The title of a race ``who`` (the AI, a program) won with ``crossed`` of ``total`` bikes: "The
    AI brought them home" was said when one of two bikes crossed and the other lay in a hole."""
    if crossed == total:
        bikes = "the bike" if total == 1 else "both bikes" if total == 2 else f"all {total} bikes"
    else:
        bikes = f"{crossed} of {plural(total, 'bike')}"
    return f"{who} brought {bikes} home"


class RaceResultMixin:
    """The result's title and lines in Runway's terms (see the module's docstring)."""

    # Provided by the scene this is mixed into (RunwayScene, made in its __init__).
    session: Any
    comparison: dict[str, str]
    taping: bool
    own_run: bool

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
