"""The end of a Tron round and of the match (ui): its result in words, the crash, the banner, the match result.

When a round ends -- the rules' crash or draw, or an outside program's failure -- the scene
records it in the match, saves at once, plays the crash burst and says who won; after
:data:`CRASH_TIME` the round's banner shows (or, once the match is decided, the match result
panel with Rematch, Replay round, Setup, Look at board). :class:`RoundEndMixin` holds that
part of :class:`~arcade.games.tron.view.scene.TronScene`, and the words for it, kept true at
the moment they are read (the banner's keys change once the result panel has been shown).
It is separate because it is all about one moment and its aftermath: nothing in it runs
while a round is played.

It reads the scene's ``session``, ``match``, ``setup``, ``phase``, ``runners``, ``turns``,
``failures``, ``failed``, ``late_last_tick``, ``round_key``, ``_result_shown``,
``_result_panel``, ``tweens`` (the crash bursts), ``info``, ``front`` and ``app``; it sets ``phase``, ``over_clock``,
``late_note``, ``round_log``, ``looked_at`` and ``_result_shown``, and asks the scene's
``seat_name``, ``named`` and ``score_text`` for the names, and its ``rematch``,
``start_replay``, ``open_setup``, ``save_replay`` and ``to_menu`` for the result's buttons.
"""

from __future__ import annotations

from typing import Any

from arcade.core.game import Outcome
from arcade.games.tron.runner import ProgramRunner
from arcade.ui.overlays import LOOK_AT_BOARD, MAIN_MENU, NEXT_LEVEL, ResultScene
from arcade.ui.picker import next_level

#: Seconds the crash burst plays before the match result appears.
CRASH_TIME = 1.1


class RoundEndMixin:
    """A round's result, its banner and status line, and the match result panel."""

    # Provided by the scene this is mixed into (TronScene, made in its __init__).
    session: Any
    match: Any
    setup: Any
    app: Any
    phase: str
    failed: Outcome | None
    failures: list[str]

    # -- the round's result ------------------------------------------------------------------------
    @property
    def final_outcome(self) -> Outcome | None:
        """The rules' result at the round's last tick (a crash, a draw), whatever tick is on screen."""
        session = self.session
        return session.rules.outcome(session.state_at(session.length))

    @property
    def round_outcome(self) -> Outcome | None:
        """The round's result: the rules' (a crash, a draw) or a program's failure. The round's, not the
        tick's on screen: scrubbing a replay back made the round unfinished (Save replay greyed out)."""
        return self.final_outcome or self.failed

    def told(self, outcome: Outcome) -> str:
        """The round's reason as the screen says it: :meth:`named`, and why a bot crashed when its
        answer came too late (a loaded machine): it went straight on, and "Strongest crashed into the
        other trail" read as a blunder of the strongest bot's own."""
        return f"{self.named(outcome.reason)}{self.late_note}"  # the note is this round's (begin_round clears it)

    def round_message(self, outcome: Outcome) -> str:
        if outcome.winner is None:
            return f"Draw. {self.told(outcome)}"
        name = self.seat_name(outcome.winner)
        verb = "win" if name == "You" else "wins"
        return f"{name} {verb} the round. {self.told(outcome)}"

    def on_outcome(self, outcome: Outcome) -> None:
        if self.phase != "running":
            return  # a replay reached the end, or a finished round was loaded
        assert self.app is not None
        self.phase = "over"
        self.over_clock = 0.0
        state = self.session.state
        late = [seat for seat in (0, 1) if state.crashed[seat] and self.late_last_tick[seat]]
        self.late_note = "".join(f" {self.seat_name(seat)}'s answer came too late for tick {state.tick}, "
                                 "so it went straight on." for seat in late)
        self.match.record(outcome)
        self.round_log.append(f"Round {self.match.rounds}: {self.round_message(outcome)}")
        # A round's end is saved at once (once a round, in the background): kill -9 between rounds
        # lost the finished round, and Continue let it be played again.
        self.save_progress(leaving=True)
        self.app.trace(f"tron-round-over {self.session.state.tick} {outcome.reason}")
        for seat in (0, 1):
            runner = self.runners[seat]
            if isinstance(runner, ProgramRunner) and not self.failures[seat]:
                runner.reset()  # the round's program process ends with the round
        state = self.session.state
        for seat in (0, 1):
            if state.crashed[seat]:
                self.tweens.start(("burst", seat), 0.0, 1.0, CRASH_TIME * 0.8)
        self.app.audio.play("crash")
        self.say_round_end(outcome)

    def say_round_end(self, outcome: Outcome) -> None:
        """The ended round's status line with its keys: at the round's end and on Continue alike
        (Continue brought back "Player 1 wins the round…" without the keys it had shown)."""
        tail = "" if self.match.over else "  Enter: next round · R: replay"
        if self.can_save_replay:
            tail += " · Ctrl+S: save replay"
        self.say(self.round_message(outcome) + tail, "warning" if outcome.winner is None else "info")

    # -- the banner and the match result -----------------------------------------------------------
    def round_banner(self) -> tuple[str, str, str]:
        """The ended round's banner words: the big line, its role and the keys line."""
        outcome = self.round_outcome
        assert outcome is not None
        if outcome.winner is None:
            big, role = "Draw", "warning"
        else:
            name = self.seat_name(outcome.winner)
            big = "You win!" if name == "You" else f"{name} wins"
            role = "error" if self.setup.mode == "bot" and outcome.winner == 1 else "good"
        hint = self.match_over_hint() if self.match.over else "Enter or Space: next round · R: replay"
        return big, role, hint

    def match_over_hint(self) -> str:
        """The keys once the match is over, true at the moment they are read: the match result opens
        by itself, focused on Look at board -- a banner saying "Enter: match result" before it came
        made the player's Enter close the panel it promised to open. Enter opens it only once it
        was closed (Look at board)."""
        if not self._result_shown:
            return "the match result follows · R: replay"
        if self.app is not None and self.app.stack.top is not self:
            return "R: replay"  # the panel (or another overlay) is up over the banner
        return "Enter: match result · R: replay"

    def show_match_result(self) -> None:
        assert self.app is not None
        self._result_shown = True
        match = self.match
        winner = match.winner
        if winner is None:
            title, role = "Match drawn", "warning"
        else:
            name = self.seat_name(winner)
            title = "You win the match!" if name == "You" else f"{name} wins the match"
            role = "good" if name == "You" or self.setup.mode != "bot" else "error"
        human_lost = self.setup.mode == "bot" and winner == 1
        self.app.audio.play("lose" if human_lost else "win")
        lines = [self.score_text() + (f" ({match.draws} drawn)" if match.draws else ""), *self.round_log[-6:]]
        # Esc is one step back, to the board, as on every result panel (it went to the main menu,
        # where the next Esc quits).
        buttons = [("Rematch", self.rematch, "F5"), ("Replay round", self.start_replay, "R"),
                   ("Setup", self.open_setup, "O"), (LOOK_AT_BOARD, self.look_at_board, "Esc"),
                   (MAIN_MENU, self.to_menu, "M")]
        if self.turns:
            buttons.insert(2, ("Save replay", self.save_replay, "Ctrl+S"))
        # Every game with bundled levels offers the next one on its result (the framework's words);
        # Tron's match result offered none, so the 32 maps were reached only through the picker.
        following = next_level(self.info, self.front.levels(), self.session.level_id)
        if following is not None:
            buttons.insert(1, (NEXT_LEVEL, lambda: self.load_entry(following)))
        self.push_result(ResultScene(title, lines, buttons, role=role))
        self.say_match_over()

    def say_match_over(self) -> None:
        """The status line under the match result panel: the round's words, no key to open the panel
        that is already up (it kept "Enter: match result" from Look at board when F3 reopened it)."""
        outcome = self.round_outcome
        if outcome is None:
            return
        big, role, _ = self.round_banner()
        self.say(f"{big} — {self.told(outcome)} · {self.score_text()}",
                 "info" if role == "good" else role)

    def reopen_result(self) -> None:
        super().reopen_result()
        if self._result_panel is not None and self.app is not None and self.app.stack.top is self._result_panel:
            self.say_match_over()

    def look_at_board(self) -> None:
        """The match result's Look at board shows the board: the round's big banner ("Flood fill
        wins / Enter: match result · R: replay") covered its middle; its words go to the status line."""
        if self.phase != "over" or self.round_outcome is None:
            return
        self.looked_at = self.round_key
        big, role, hint = self.round_banner()
        self.say(f"{big} — {self.told(self.round_outcome)} · {self.score_text()} · {hint}",
                 "info" if role == "good" else role)
