"""A game scene's play clock (ui): the time an attempt takes, and when it stands still.

:class:`PlayClockMixin` is part of :class:`~arcade.ui.game_scene.GameScene`: ``elapsed`` counts
the player's time from the first move of an attempt to its end (a new attempt after a restart
starts again at 00:00), and stands still while the AI or a replay is watched, while a finished
game is looked back through and while the window is away; a game that runs without the player
(Tron's round) pauses itself then instead. It is separate because those rules about time read
as one subject and are what records and saves trust. It reads the scene's ``app`` (its
``window_away``), ``session`` and ``watch``; ``elapsed`` comes from the save and goes back into it
(:mod:`arcade.ui.autosaving`: with every move, on leaving, and while it runs without a move every
few seconds -- :meth:`AutosaveMixin.save_clock_changes`), and :meth:`GameScene.update` advances it
while :meth:`clock_runs`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from arcade.core.numbers import checked_float
from arcade.core.session import Session
from arcade.ui.formatting import format_time

#: Longest play time a save may carry (a bigger number is a damaged save).
MAX_ELAPSED = 10 * 365 * 86400.0


class PlayClockMixin:
    """The play clock of :class:`~arcade.ui.game_scene.GameScene`."""

    def _init_clock(self, session: Session[Any, Any, Any]) -> None:
        """The clock's time, from the save (a damaged number is refused, see :data:`MAX_ELAPSED`)."""
        self.elapsed = checked_float(session.extra.get("elapsed", 0.0), 0.0, MAX_ELAPSED, "'elapsed'")

    @property
    def clock_text(self) -> str:
        """The header's clock: 00:00 at the start of an attempt (after Restart it showed the old
        time until the first move, which starts the clock again; Redo brings the old time back).
        A finished game looked back through keeps its time at the start too (Home on a finished
        race read 00:00 while every other turn read the race's time)."""
        shown = self.session.index > 0 or self.session.looking_back
        return format_time(self.elapsed if shown else 0.0)

    def new_attempt_clock(self) -> None:
        """Before a new move (the player's or the AI's): at the start it is a new attempt (after a
        restart, or undoing to the start), whose clock runs from its first move as on a fresh
        board; redoing the old moves keeps the old clock. The AI's first move after a Restart
        showed the old attempt's time in the header."""
        if self.session.index == 0:
            self.elapsed = 0.0

    #: The window events after which the player is away (:attr:`App.window_away`).
    AWAY_EVENTS: ClassVar[tuple[int, ...]] = (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN)

    def runs_without_the_player(self) -> bool:
        """Whether play moves on by itself now, against a player who must answer it in time (Tron's
        round against a bot, or between two people): such a game opens its pause screen when the
        window goes away (:meth:`window_went_away`). A puzzle's clock simply stands still then
        (:meth:`clock_runs`), and what only plays to be watched (the AI, a replay) may run on."""
        return False

    def window_went_away(self) -> None:
        """The window lost the focus, or was minimized or hidden: a game that runs without the player
        pauses as Esc pauses it, saying why, and Esc, P or Resume plays on (with the game's own
        way back in: Tron's countdown). A round of Tron against a bot ran on behind an alt-tab, and
        the player came back to a crashed cycle."""
        if self.runs_without_the_player():
            self.open_pause("Paused by itself: the window was minimized or lost the focus. "
                            "Esc, P or Resume plays on.")

    def clock_runs(self) -> bool:
        """Whether the player's clock runs now: from their first move to the end, never while the
        AI (or, in Runway, an outside program's run on the timeline) is being watched, nor while the
        player looks back through a game already played to its end (scrubbing back into a finished
        race restarted the clock: 00:14 became 00:16); a move from there plays again, and times.
        Nor while the window is minimized or has lost the focus (:attr:`App.window_away`): a
        player who stepped away came back to a worse time."""
        return (self.watch is None and self.session.outcome is None and self.session.index > 0
                and not self.session.looking_back and not (self.app is not None and self.app.window_away))
