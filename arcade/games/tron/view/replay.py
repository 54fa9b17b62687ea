"""Replaying a finished round (ui): the round's session scrubbed tick by tick, at any speed, and replay files.

A round's history is its replay: the player moves the session's index with ``seek``
(never replaying moves by hand), so every frame shows exactly a state the round went
through. :class:`ReplayPlayer` plays it on at the scene's tick rate; the scene's keymap
and the replay bar pause, step and seek.

:class:`ReplayMixin` is the replay's part of :class:`~arcade.games.tron.view.scene.TronScene`:
going into a replay from a round's end (R, the match result's Replay round) and back out,
the replay's controls on the framework's timeline, and replay files -- the round saved
with Ctrl+S and a file opened with ``play tron --replay`` (the *viewer*, where no bot runs
and the only phase is "replay"). It is separate because a replay is a mode of its own:
it reads the round, never plays it.

It reads the scene's ``phase``, ``session``, ``match``, ``setup``, ``seed``, ``turns``,
``failures``, ``failed``, ``replay`` (its :class:`ReplayPlayer`), ``viewer``, ``console``,
``tweens`` and ``app``, sets ``phase``, ``over_clock`` and ``_result_shown`` when a replay
ends, and asks the scene's ``round_outcome``, ``final_outcome``, ``round_message`` and
``show_match_result`` (see :mod:`~arcade.games.tron.view.round_end`) and ``stop_runners``
(see :mod:`~arcade.games.tron.view.seats`); the framework's ``seek``, ``step_back``,
``step_forward``, ``open_pause`` and ``keep_replay`` do the rest.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arcade.core.game import Outcome
from arcade.core.session import Session
from arcade.games.tron.controller import Match
from arcade.games.tron.view.round_end import CRASH_TIME
from arcade.services.replays import Playback, Replay, Turn, replay_from_session


class ReplayPlayer:
    """Plays a finished round on by seeking the session one tick at a time (never applying moves again);
    the scene drives it from ``update`` and it pauses by itself at the end.
    """
    def __init__(self) -> None:
        self.paused = False
        self.clock = 0.0

    def start(self, session: Session[Any, Any, Any]) -> None:
        self.paused = False
        self.clock = 0.0
        session.seek(0)

    def update(self, dt: float, session: Session[Any, Any, Any], ticks_per_second: float) -> None:
        """Advance by ``dt`` seconds at the game's tick rate; pause at the end."""
        if self.paused:
            return
        self.clock += dt * ticks_per_second
        while self.clock >= 1.0:
            self.clock -= 1.0
            if session.index >= session.length:
                self.paused = True
                self.clock = 0.0
                return
            session.seek(session.index + 1)


class ReplayMixin:
    """Replaying a finished round, the replay's controls, and replay files saved and viewed."""

    # Provided by the scene this is mixed into (TronScene, made in its __init__).
    session: Any
    match: Any
    setup: Any
    replay: ReplayPlayer
    viewer: Playback | None
    from_table: bool
    back_to: str
    console: Any
    phase: str
    #: Said as a replay file opens when its map is not the bundled map its id names ("" otherwise).
    map_note: str = ""

    # -- when the replay's keys act ----------------------------------------------------------------
    @property
    def replaying(self) -> bool:
        return self.phase == "replay"

    @property
    def can_replay(self) -> bool:
        return self.phase in ("over", "replay")

    @property
    def can_scrub(self) -> bool:
        return self.phase == "replay"

    @property
    def can_save_replay(self) -> bool:
        """Save replay saves the whole round, never the tick on screen: it is there from the round's end,
        and stays through its replay however it is scrubbed (it greyed out on every tick but the last),
        and for a replay file whatever its end. Before the round is over, Ctrl+S says why not."""
        return self.phase in ("over", "replay") and (self.round_outcome is not None or self.viewer is not None)

    # -- into and out of a replay ------------------------------------------------------------------
    def toggle_replay(self) -> None:
        if self.phase == "replay":
            self.stop_replay()
        else:
            self.start_replay()

    def start_replay(self) -> None:
        if self.round_outcome is None and self.phase != "over":
            self.say("Replay is for a finished round.", "warning")
            return
        self.phase = "replay"
        self.tweens.clear()
        self.replay.start(self.session)
        then = "match result" if self.match.over else "next round"
        self.say(f"Replay — Space pause · ←/→ step · +/− speed · Home/End · the bar: click or drag · "
                 f"R or Esc to leave · Enter: {then}",
                 "info")

    def stop_replay(self) -> None:
        if self.phase != "replay":
            return
        if self.viewer is not None:
            if self.from_table or self.back_to:  # back to the table, or the setup, where it was chosen
                self.close()
                return
            self.open_pause()  # a replay file has nothing but the replay: Esc is the menu
            return
        self.phase = "over"
        self.over_clock = CRASH_TIME
        self._result_shown = True
        self.session.seek(self.session.length)
        outcome = self.round_outcome
        if outcome is not None:
            self.say(self.round_message(outcome), "info")
        if self.match.over and self.app is not None:
            # Opened from the match result: back to it (the round's banner offered "Next round"
            # in a match that was over).
            self.show_match_result()

    # -- the replay's controls ---------------------------------------------------------------------
    def replay_pause(self) -> None:
        """Play or pause; play at the round's end plays it again from the start."""
        self.replay.paused = not self.replay.paused
        if not self.replay.paused and self.session.index >= self.session.length:
            self.session.seek(0)

    def replay_seek(self, index: int) -> None:
        """A click or drag on the replay's timeline, or its ⏮ ⏭ buttons: pause there (the framework's
        seek holds the playback, see :meth:`pause_playback`)."""
        self.seek(index)

    def replay_step(self, delta: int) -> None:
        if delta < 0:
            self.step_back()
        else:
            self.step_forward()

    # The replay is Tron's playback on the framework's timeline: a step, a seek or Home / End pauses
    # it where it is (TickScene.hold_playback).
    def playback_running(self) -> bool:
        return self.phase == "replay" and not self.replay.paused

    def pause_playback(self) -> None:
        self.replay.paused = True

    # -- replay files ------------------------------------------------------------------------------
    def round_replay(self) -> Replay:
        """This round as a replay file: map, both seats' specs, every tick, times, stderr, result."""
        session = self.session
        index = session.index
        session.seek(session.length)
        try:
            moves = len(session.moves)
            turns = list(self.turns)
            if len(turns) < moves:  # a resumed round: the ticks before the save have no times
                turns[:0] = [Turn((0.0, 0.0), ((), ()))] * (moves - len(turns))
            seats = tuple(self.match.seats)
            players = tuple("human" if who == "human" else who for who in seats)
            replay = replay_from_session(session, players, turns=tuple(turns[:moves + 1]),
                                         failures=tuple(self.failures), meta={"seed": self.seed})
        finally:
            session.seek(index)
        outcome = self.round_outcome
        if self.final_outcome is None and outcome is not None:  # a program's failure ended the round
            result = {"result": outcome.result, "winner": outcome.winner, "score": outcome.score,
                      "reason": outcome.reason}
            replay = replace(replay, result=result)
        return replay

    def save_replay(self) -> None:
        """Write the round to the user data dir (``replays/``) and say where."""
        if not self.can_save_replay:
            self.say("A round can be saved as a replay once it is over.", "warning")
            return
        path = self.keep_replay(self.viewer.replay if self.viewer is not None else self.round_replay())
        if path is not None:
            self.last_replay = path

    def view_replay(self, playback: Playback) -> None:
        """Show a replay file (``play tron --replay``): its seats, ticks, stderr and result, scrubbed."""
        replay = playback.replay
        self.viewer = playback
        self.stop_runners()
        players = ((*replay.players, "?", "?"))[:2]
        seats = tuple("human" if p == "human" else p for p in players)
        self.match = Match("watch", (seats[0], seats[1]), 1)
        self.setup = replace(self.setup, mode="watch")
        self.turns = list(playback.turns)
        self.failures = list(((*replay.failures, "", ""))[:2])
        result = replay.result
        self.failed = None
        if self.final_outcome is None and result.get("result") not in (None, "unfinished"):
            self.failed = Outcome(str(result["result"]), str(result.get("reason", "")), result.get("winner"),
                                  result.get("score"))
        self.console.shown = any(any(lines) for turn in self.turns for lines in turn.stderr)
        self.phase = "replay"
        self.replay.start(self.session)

    def replay_intro(self) -> str:
        """The status line as a replay opens: where it came from, who played, how it ended, the keys.
        A tournament's round (opened from its table) said "Replay file … Esc menu", though it came
        from no file and Esc goes back to the table. The reason names the seats as the header does:
        "You vs Flood fill — Cycle 1 crashed …" gave one player two names."""
        assert self.viewer is not None
        result = self.named(str(self.viewer.replay.result.get("reason", "")))
        source, back = (("Tournament round", "Esc the table") if self.from_table
                        else ("Replay file", f"Esc {self.back_to}" if self.back_to else "Esc menu"))
        note = f" {self.map_note}" if self.map_note else ""
        return (f"{source}: {self.seat_name(0)} vs {self.seat_name(1)} — {result}{note}  "
                f"Space pause · ←/→ step · C console · {back}")
