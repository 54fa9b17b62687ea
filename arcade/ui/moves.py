"""Playing a move, and taking it back (ui): the scene's path to the session's history.

:class:`MovesMixin` is part of :class:`~arcade.ui.game_scene.GameScene`: ``play`` hands a move (the
player's, or the AI's) to the session and explains a refused one; Undo, Redo and Restart move
through the history and say which move they took back or brought back and where the player now
stands, in the game's own words (``describe_move``, ``position_prompt``). It is separate because it
is the one way a scene changes the session's history; what a change then does to the screen is the
scene's session listener. It reads the scene's ``session``, ``watch`` and ``elapsed`` and calls its
``stop_watch``, ``new_attempt_clock`` (:mod:`arcade.ui.play_clock`), ``say`` and ``refuse``.
"""

from __future__ import annotations

from typing import Any

from arcade.core.errors import IllegalMove


class MovesMixin:
    """Moves, undo, redo and restart of :class:`~arcade.ui.game_scene.GameScene`."""

    def play(self, move: Any, *, by_ai: bool = False) -> bool:
        """Play a move (the player's, or the AI's when ``by_ai``); a refused move is explained."""
        if not self.may_play():  # a replay viewed over a game is only watched
            return False
        if self.watch is not None and not by_ai:
            self.stop_watch("Stopped watching: your move.")
        elapsed = self.elapsed
        self.new_attempt_clock()
        try:
            self.session.play(move, by_ai=by_ai)
        except IllegalMove as exc:
            self.elapsed = elapsed
            self.refuse(str(exc))
            return False
        return True

    def undo(self) -> None:
        self.stop_watch()
        taken = self.session.index - 1
        if self.session.undo():
            self.say_history_step("Undone", taken)
        else:
            self.say("Nothing to undo.")

    def redo(self) -> None:
        self.stop_watch()
        brought = self.session.index
        if self.session.redo():
            self.say_history_step("Redone", brought)
        else:
            self.say("Nothing to redo.")

    def describe_move(self, before: Any, move: Any, after: Any) -> str:
        """The move that led from ``before`` to ``after``, in the game's own words, for Undo and
        Redo to name ("the bridge between the 3 at row 2, column 4 and …"). "" (the default): they
        say only "Undone." / "Redone."."""
        return ""

    def position_prompt(self) -> tuple[str, str] | None:
        """What the status line would say, and its role, to a player who had just arrived at the
        current state (Battle Royale's drop prompt, Hashi's islands to go); None: nothing. Undo
        and Redo say it after the move they name; a finished game's outcome is said instead."""
        return None

    def say_history_step(self, verb: str, index: int) -> None:
        """After Undo or Redo ("Undone" / "Redone"): which move of the history (``index``) was taken
        back or brought back, then where the player now stands. Both used to say only "Undone.":
        undoing Battle Royale's drop left the player without the drop prompt, Redo without a word
        of where they stood."""
        session = self.session
        what = self.describe_move(session.state_at(index), session.rules.decode_move(session.move_at(index)),
                                  session.state_at(index + 1))
        text = f"{verb}: {what}" if what else f"{verb}"
        text += "" if text.endswith((".", "!", "?")) else "."
        outcome = session.outcome
        if outcome is not None:
            prompt: tuple[str, str] | None = (outcome.reason, "good" if outcome.is_win else "error")
        else:
            prompt = self.position_prompt()
        if prompt and prompt[0]:
            self.say(f"{text} {prompt[0][:1].upper()}{prompt[0][1:]}", prompt[1])
        else:
            self.say(text)

    def restart(self) -> None:
        self.stop_watch()
        self.session.restart()
        self.say("Restarted — Redo (Ctrl+Y) brings your moves back one at a time.")
