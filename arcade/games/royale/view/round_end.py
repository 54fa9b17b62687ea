"""How a Battle Royale round ends on screen (ui): the result's title and lines, and what it counts.

The framework's :class:`~arcade.ui.game_scene.GameScene` shows every game's result; these are its
hooks answered in Royale's terms: the title ("You made it!", "Caught by the storm"), the loot against
the par and who matched it, whose route it was (yours, the AI's, or both played), which moves count
(the steps: not the drop nor the finish) and the result panel with Royale's map legend. A mixin of
:class:`~arcade.games.royale.view.scene.RoyaleScene` because a reader of the board need not read
the result's wording.

It reads the scene's ``session``, ``app``, ``par_route`` and ``par_text`` and sets ``show_optimal``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arcade.core.game import Outcome
from arcade.games.royale.solver import Route
from arcade.ui.overlays import ResultScene

from .result import RoyaleResultScene, on_map


class RoundEndMixin:
    """The result's title, lines and counts in Royale's terms (see the module's docstring)."""

    # Provided by the scene this is mixed into (RoyaleScene, made in its __init__).
    session: Any
    app: Any
    par_route: Route | None
    show_optimal: bool
    par_route_name: Callable[[], str]

    def aside_name(self, index: int) -> str:
        return "the drop" if self.session.rules.decode_move(self.session.moves[index]).kind == "start" else "the finish"

    def counts_as_move(self, index: int) -> bool:
        """The result's "Moves" counts the steps (State.moves): not the drop, nor the finish."""
        return self.session.rules.decode_move(self.session.moves[index]).kind == "go"

    def route_owner(self, *, capital: bool = True) -> str:
        """Whose route the result shows: yours when the AI chose none of its moves, the AI's when
        it chose every one (a watched game), "" when both played -- then the result says "Loot: 7"
        and its credit line below says what the AI did, as every game's count ("Moves: 6") names
        no one. "Your loot: 7" was said over "The AI played 5 of 6 moves". Every move a hint the
        player played is the player's route with help (the framework's :attr:`all_by_ai`): it read
        "The AI's loot" under "You made it!" and over "Finished with 6 hints"."""
        whose = ("the AI's" if self.all_by_ai else "" if self.session.ai_moved else "your")
        return whose[:1].upper() + whose[1:] if capital else whose

    def result_details(self, outcome: Outcome) -> list[str]:
        """After the reason: the loot against the par, and who matched it."""
        state = self.session.state
        lines: list[str] = []
        par = self.par_route
        owner = self.route_owner()
        whose = f"{owner} loot: {state.loot}" if owner else f"Loot: {state.loot}"
        if par is not None:
            if outcome.is_win and state.loot >= par.loot:
                # Who matched it, as the framework credits the AI (its line below says how much): a
                # hint that played the drop is "with 1 hint", not "the AI matched the best route".
                # A par cut short at the time limit ("6+?") is the best route the AI found, not a
                # proven best: "you matched the best possible route" claimed what no one knew.
                session, credit = self.session, self.ai_credit()
                if par.exact:
                    who = ("the AI matched the best possible route" if self.all_by_ai
                           else "you and the AI matched the best route" if session.ai_played
                           else f"you matched the best route {credit}" if credit
                           else "you matched the best possible route")
                else:
                    who = ("the AI matched the best route it found" if self.all_by_ai
                           else "you and the AI matched the best route the AI found" if session.ai_played
                           else f"you matched the best route the AI found {credit}" if credit
                           else "you matched the best route the AI found") + " (not proven best)"
                lines.append(f"{whose} · Par: {self.par_text()} — {who} ★")
            else:
                lines.append(f"{whose} · Par: {self.par_text()} {on_map(par.exact)}")
        else:
            lines.append(f"{whose} · Par: {self.par_text()}")
        return lines

    def tally_count(self) -> int:
        """The moves after the drop (the drop is not one of the result's moves)."""
        return self.session.state.moves

    def on_outcome(self, outcome: Outcome) -> None:
        assert self.app is not None
        self.show_optimal = True
        self.say(outcome.reason, "good" if outcome.is_win else "error")
        self.app.audio.play("win" if outcome.is_win else "lose")
        self.show_result(outcome)

    def result_title(self, outcome: Outcome) -> str:
        if outcome.is_win:
            return "The AI made it" if self.session.ai_finished else "You made it!"
        return "Caught by the storm" if self.session.state.dead else "Out of time"

    def look_at_board(self) -> None:
        self.show_optimal = True
        self.say(f"Dashed: {self.par_route_name()} (O hides it). Undo steps back into the round.", "info")

    def result_scene(self, title: str, lines: list[str], buttons: list[tuple[str, Callable[[], None]]],
                     role: str) -> ResultScene:
        return RoyaleResultScene(self, title, lines, buttons, role)
