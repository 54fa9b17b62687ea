"""Tron's rounds (ui): a round's countdown and start, its ticks, and going on to the next one.

A round is one :class:`~arcade.core.session.Session`: :meth:`RoundsMixin.begin_round` resets the
seats' steering and runners and says what to press, :meth:`RoundsMixin.advance` plays both seats'
directions as one move, and Enter (``after_round``) goes on to the next round or the match result.
A mixin of :class:`~arcade.games.tron.view.scene.TronScene` because this is the match's flow,
apart from what starts a new match (:mod:`.new_match`) and how a round ends (:mod:`.round_end`).

It reads and sets the scene's phase and clocks (``phase``, ``countdown``, ``tick_clock``,
``ready_since``, ``paused``), the seats' ``steering``, ``runners``, ``answers`` and ``failures``,
and the per-round records ``turns``, ``unkept_ticks``, ``reasons``, ``late_*`` (all made in the
scene's ``__init__``).
"""

from __future__ import annotations

from typing import Any

from arcade.games.tron.board import Board, voronoi
from arcade.games.tron.logic import default_direction
from arcade.games.tron.runner import ProgramRunner
from arcade.games.tron.view.round_end import CRASH_TIME
from arcade.services.replays import Turn

#: Seconds of "3, 2, 1" before a round, and before play resumes after a pause overlay.
COUNTDOWN = 2.4
RESUME_COUNTDOWN = 1.2
#: Bot-vs-bot matches move on to the next round by themselves after this long.
WATCH_NEXT_ROUND = 2.5
#: Seconds a note said to the player (the tournament table's "T: …again") stays before a watched
#: match's own lines -- a round's start, the commentary of every tick -- replace it: as long as a
#: watched round's end stays. The next round started at once and its lines replaced the note unread.
NOTE_TIME = CRASH_TIME + WATCH_NEXT_ROUND


class RoundsMixin:
    """A round's start, its ticks and the next round (see the module's docstring)."""

    # Provided by the scene this is mixed into (TronScene, made in its __init__).
    phase: str
    session: Any
    match: Any
    setup: Any
    seed: int
    clock: float
    steering: list[Any]
    runners: list[Any]
    answers: list[Any]
    turns: list[Turn]
    tweens: Any
    #: The scene's ``clock`` until which a note stays on the status line (see :meth:`say_note`).
    note_until: float = 0.0

    def say_note(self, text: str, role: str = "info") -> None:
        """Say ``text`` to the player and keep it readable for :data:`NOTE_TIME` against the watched
        match's own lines (:meth:`say_watching`); what the player does next still replaces it."""
        self.say(text, role)
        self.note_until = self.clock + NOTE_TIME

    def say_watching(self, text: str, role: str) -> None:
        """A watched match's running line (a round's start, the commentary): said unless a note is
        still being read (see :meth:`say_note`)."""
        if self.clock >= self.note_until:
            self.say(text, role)

    def score_text(self) -> str:
        """The match's score between the two names. A name that ends in a number keeps off the score
        by a dash: "Strongest 1 0 : 0 Strongest 2" read as a score of 1 0 : 0 Strongest."""
        first, second = self.seat_name(0), self.seat_name(1)
        score = f"{self.match.score[0]:g} : {self.match.score[1]:g}"
        if first[-1:].isdigit() or second[-1:].isdigit():
            return f"{first} — {score} — {second}"
        return f"{first} {score} {second}"

    def begin_round(self, *, resume: bool = False) -> None:
        """Countdown into a round; ``resume`` continues a saved round from its current tick."""
        self.round_key += 1
        state = self.session.state
        # A match's first round waits for the player: it starts on their first steering key. So
        # does a round resumed from a save: dropped into a running round, the player crashed
        # before their hands were on the keys.
        first = (resume or self.match.rounds == 0) and self.setup.mode != "watch"
        self.phase = "ready" if first else "countdown"
        self.ready_since = self.clock
        self.countdown = RESUME_COUNTDOWN if resume else COUNTDOWN
        self.tick_clock = 0.0
        self.paused = False
        self._result_shown = False
        self.tweens.clear()
        for seat in (0, 1):
            heading = state.directions[seat] or default_direction(state, seat)
            self.steering[seat].reset(heading)
            runner = self.runners[seat]
            if runner is not None:
                runner.reset(self.session.level)
                if isinstance(runner, ProgramRunner):
                    runner.begin_round(self.session.level, seat, self.seed + seat)
        self.readable_camera()
        self.reasons = ["", ""]
        if not resume:
            self.turns = []
            self.unkept_ticks = 0
        else:
            self.pad_unkept_turns(self.session.index)
        self.failures = ["", ""]
        self.failed = None
        self.late_last_tick = [False, False]
        self.late_note = ""
        self.request_moves()
        if self.phase == "ready":
            keys = ("W A S D (cycle 1) or the arrows (cycle 2)" if self.setup.mode == "humans"
                    else "an arrow (or click where to go)")
            if self.session.index > 0:
                self.say(f"Resumed on tick {self.session.index}: press {keys} to go on — a turn, or your heading "
                         "to go straight.", "info")
            else:
                self.say(f"Press {keys} to start — that is also your first direction.", "info")
        elif self.setup.mode == "watch":
            self.say_watching(f"Round {self.match.rounds + 1}: {self.seat_name(0)} vs {self.seat_name(1)} — "
                              "+/− speed, Space pause", "info")
        elif self.setup.mode == "humans":
            self.say("Get ready — cycle 1: W A S D, cycle 2: arrows. Space pauses.", "info")
        else:
            # The click as well: the next round's countdown named only the keys, so a player who
            # had started round 1 with a click read that the mouse was no longer theirs.
            self.say("Get ready — steer with the arrows, W A S D or a click beside your cycle. Space pauses.",
                     "info")

    def pad_unkept_turns(self, ticks: int) -> None:
        """A round resumed after a relaunch: its earlier ticks' stderr was not saved. Empty turns
        stand in for them, so a line keeps its real tick (the console numbered from 1 again while
        the header said Tick 43), and the console says what is missing."""
        if len(self.turns) < ticks:
            self.unkept_ticks = ticks - len(self.turns)
            self.turns[:0] = [Turn((0.0, 0.0), ((), ()))] * self.unkept_ticks

    def next_round(self) -> None:
        if self.phase not in ("over", "replay") or self.match.over:
            return
        level, map_id = self.session.level, self.session.level_id
        if self.setup.mode == "watch":  # bots change sides each round, or every round would be the same
            self.match.swap_sides()
            self.start_runners()
        self.session.replace_level(level, seed=self.seed, level_id=map_id)
        self.begin_round()

    def after_round(self) -> None:
        if self.refuse_in_viewer():
            return
        if self.phase == "replay":
            self.stop_replay()  # back at the round's end (a match that is over shows its result there)
            if self.match.over:
                return
        if self.match.over:
            self.show_match_result()
        else:
            self.next_round()

    def advance(self) -> None:
        """Play one tick: each seat's direction, both at once."""
        if any(self.failures):
            self.end_by_failure()
            return
        self.record_turn()
        directions = []
        for seat in (0, 1):
            answer = self.answers[seat]
            self.late_last_tick[seat] = self.runners[seat] is not None and answer is None
            if self.runners[seat] is not None:
                if answer is not None:
                    self.steering[seat].heading = answer.direction
                else:
                    self.late_moves += 1
                directions.append(self.steering[seat].heading)
            else:
                directions.append(self.steering[seat].next())
        move = f"{directions[0]} {directions[1]}"
        self.session.play(move)
        self.ticks_played += 1
        if self.app is not None:
            self.app.trace(f"tron-move {self.session.index} {move}")  # only with $PUZZLE_ARCADE_TRACE set
        if self.session.outcome is None:
            self.request_moves()
            if self.setup.mode == "watch":
                self.say_watching(self.commentary(), "text_dim")

    def commentary(self) -> str:
        """Who has more room, in plain words (Voronoi territory: the cells each cycle reaches first)."""
        board = Board.from_state(self.session.state, 0)
        split = voronoi(board.geo, board.free, board.me, board.opp)
        mine, theirs = bin(split.mine).count("1"), bin(split.theirs).count("1")
        first, second = self.seat_name(0), self.seat_name(1)
        if split.separated:
            if mine == theirs:
                return f"Walled apart, with the same room each ({mine} cells): the better filler wins."
            leader, more, less = (first, mine, theirs) if mine > theirs else (second, theirs, mine)
            return f"Walled apart: {leader} has more room to fill, {more} cells against {less}."
        if mine == theirs:
            return f"Even: each cycle reaches {mine} cells first."
        leader, more, less = (first, mine, theirs) if mine > theirs else (second, theirs, mine)
        verb = "control" if leader == "You" else "controls"
        return f"{leader} {verb} more room: {more} vs {less} cells."
