"""Saving and leaving a Tron match (ui): what the autosave holds, and what leaving stops.

A tick-by-tick autosave would write ten files a second, so the match is saved only when the scene
is left unfinished (the round so far, the score, the setup and a program's failure); a replay
file on screen is not the player's match and neither writes nor clears the save. Leaving a match
stops every bot and outside program; leaving a replay viewer stops none (it runs none, and the
screen under it may be a match or a tournament whose programs are running). A mixin of
:class:`~arcade.games.tron.view.scene.TronScene` because these are the framework's save hooks
(``GameScene``), answered in Tron's terms.

It reads the scene's ``match``, ``setup``, ``session``, ``viewer``, ``phase``, ``failed`` and
``failures``.
"""

from __future__ import annotations

from typing import Any

from arcade.core.words import NBSP
from arcade.games.tron.controller import failure_to_dict
from arcade.services import programs


class SavingMixin:
    """The framework's save and leave hooks in Tron's terms (see the module's docstring)."""

    # Provided by the scene this is mixed into (TronScene, made in its __init__).
    session: Any
    match: Any
    setup: Any
    viewer: Any
    back_to: str
    phase: str

    def leave(self) -> None:
        if self.viewer is None:
            self.stop_replay()  # a save holds the round as it stands, not a replay's position
        self.stop_runners()
        if self.viewer is None:
            # Nothing an outside program started outlives its window -- but a replay viewer runs
            # none, and the match or the tournament under it keeps its programs (leaving a round
            # watched from the table stopped the tournament's, as a saved replay's did the match's).
            programs.close_all()
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
        whole where the question wraps, and the score: at 640x400 a map picked mid-match asked
        "… Strongest 1" over ": 0 Flood fill)"."""
        best, score = self.match.best_of, self.score_text().replace(" : ", f"{NBSP}:{NBSP}")
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
