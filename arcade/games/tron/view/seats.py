"""Tron's two seats (ui): who sits in them, named once, and the bots and outside programs that play them.

A seat is a person, a built-in bot or an outside program. Its one name (:func:`seat_names`)
is used everywhere -- the live header, the status line, a replay file's viewer, the saved
replays' list (``view/__init__.py``) -- so it lives here, not in the scene.

:class:`SeatsMixin` is the part of :class:`~arcade.games.tron.view.scene.TronScene` that talks
to the bots: it starts and stops a runner per seat that is not a person (a thread, a child
process for the searchers, or an outside program's player), asks each about every position
the moment it exists, polls for the answers without ever waiting, and ends the round when a
program fails to answer. It is separate because that conversation (serial numbers, late and
failed answers, a child process replaced by a thread) has a life of its own that the rest of
the scene only starts, reads (:meth:`moves_ready`, ``answers``) and stops. The console of
the programs' stderr is here too: it shows what the runners kept per tick.

It reads the scene's ``match``, ``setup``, ``seed``, ``session``, ``viewer``, ``toast``,
``tick_seconds``, ``unkept_ticks`` and ``console``; it keeps ``runners``, ``waiting``,
``answers``, ``reasons``, ``serial``, ``slowest_ms``, ``failures``, ``failed``, ``turns``
and ``_console_cache`` (all made in the scene's ``__init__``), and ends a failed round
through the scene's ``on_outcome`` (see :mod:`~arcade.games.tron.view.round_end`).
"""

from __future__ import annotations

import re
from typing import Any

from arcade.games.tron.ai import BOTS
from arcade.games.tron.board import Board
from arcade.games.tron.match import failure_outcome
from arcade.games.tron.runner import ProgramRunner, Reply, ThreadRunner, make_runner
from arcade.games.tron.view.setup import bot_budget_ms, bot_title
from arcade.services.botspec import short_name_of
from arcade.services.replays import Turn
from arcade.ui.console import console_lines

#: Said under the wait for a bot process: on a first start (a fresh checkout, an update of the
#: search's code) numba compiles the strongest bot's search, 20-40 s on a busy machine, and the
#: window said only "Starting the bots…" over a countdown stuck at a dim "1" all along.
BOTS_FIRST_START = "A bot's first start compiles its search, once: up to a minute. Later starts take a second."


def bots_starting_text(names: list[str], waited: float) -> str:
    """What the status line and the banner say while "go" waits for ``names``' processes: who, and
    for how long so far (the whole seconds tick on: the window is alive, the wait moves)."""
    who = " and ".join(names) or "the bots"
    return f"Preparing {who}… {int(waited)} s" if waited >= 1.0 else f"Preparing {who}…"


def program_title(spec: str) -> str:
    """A short name for an outside program's seat: its label, else its script's file name."""
    from arcade.games.tron.players import parse_spec

    return short_name_of(spec, parse_spec)


def seat_names(seats: tuple[str, ...]) -> tuple[str, ...]:
    """Each seat's one name, in the live header, a replay's viewer and the saved replays' list alike:
    "You" against a bot, "Player N" when two people play, a bot's title or a program's short name;
    the same bot in both seats is told apart by its cycle's number ("Strongest 1", "Strongest 2")."""
    humans = seats.count("human")
    names = []
    for seat, who in enumerate(seats):
        if who == "human":
            names.append("You" if humans == 1 else f"Player {seat + 1}")
            continue
        title = bot_title(who) if who in BOTS else program_title(who)
        if len(seats) == 2 and seats[0] == seats[1]:
            title += f" {seat + 1}"  # strongest vs strongest: say which is which
        names.append(title)
    return tuple(names)


def named_reason(reason: str, names: tuple[str, ...]) -> str:
    """A rules' reason with each "Cycle N" (or "Cycle 2 (crash.py)") as the seat's one name."""
    return re.sub(r"Cycle ([12])(?: \([^)]*\))? ", lambda m: f"{names[int(m.group(1)) - 1]} ", reason)



class SeatsMixin:
    """The seats' names, the bots and programs behind them, and the console of their stderr."""

    # Provided by the scene this is mixed into (TronScene, made in its __init__).
    session: Any
    match: Any
    setup: Any
    viewer: Any
    console: Any
    toast: Any
    seed: int
    runners: list[Any]
    waiting: list[int | None]
    answers: list[Reply | None]
    turns: list[Turn]

    # -- names -------------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """A seat's one name, everywhere (a replay file's header said "P1" where its status line said
        "Player 1"; the saved replays' list "a player"): see :func:`seat_names`."""
        return seat_names(tuple(self.match.seats))[seat]

    def named(self, reason: str) -> str:
        """The rules say "Cycle 1" (or "Cycle 2 (crash.py)"); the screen says who they are, once
        ("crash.py (crash.py) lost" named the program twice)."""
        return named_reason(reason, seat_names(tuple(self.match.seats)))

    # -- bots and programs -------------------------------------------------------------------------
    @property
    def bot_budget_ms(self) -> float:
        return bot_budget_ms(self.setup.bot_ms, 1.0 / self.tick_seconds)

    def start_runners(self) -> None:
        self.stop_runners()
        self.bots_waited = 0.0  # a new wait, if any, counts from now
        if self.viewer is not None:
            return
        for seat, who in enumerate(self.match.seats):
            if who != "human":
                self.runners[seat] = make_runner(who, self.seed + seat)

    def stop_runners(self) -> None:
        for seat, runner in enumerate(self.runners):
            if runner is not None:
                runner.close()
            self.runners[seat] = None

    def request_moves(self) -> None:
        state = self.session.state
        for seat, runner in enumerate(self.runners):
            self.answers[seat] = None
            self.waiting[seat] = None
            if runner is None:
                continue
            self.serial += 1
            self.waiting[seat] = self.serial
            if isinstance(runner, ProgramRunner):
                runner.request_state(self.serial, state, seat, self.bot_budget_ms)
            else:
                runner.request(self.serial, Board.from_state(state, seat), self.bot_budget_ms)

    def poll_bots(self) -> None:
        for seat, runner in enumerate(self.runners):
            if runner is None:
                continue
            reply = runner.poll()
            if reply is not None and reply.id == self.waiting[seat]:
                self.answers[seat] = reply
                self.reasons[seat] = reply.reason
                self.slowest_ms[seat] = max(self.slowest_ms[seat], reply.ms)
                if reply.failure:
                    self.failures[seat] = reply.failure
            if isinstance(runner, ProgramRunner):
                if runner.error and self.waiting[seat] is not None and self.answers[seat] is None:
                    # The worker talking to the program broke: the program's seat loses, like a crash.
                    self.failures[seat] = runner.error
                    self.answers[seat] = Reply(self.waiting[seat], "", runner.error, failure=runner.error)
                    runner.error = ""
                continue
            if runner.error and not isinstance(runner, ThreadRunner):
                # The child process died: carry on in a thread rather than freeze the round.
                self.toast.show(f"{runner.error}; running it in-process instead", "warning")
                runner.close()
                self.runners[seat] = ThreadRunner(runner.bot_name, self.seed + seat)
                if self.waiting[seat] is not None and self.answers[seat] is None:
                    self.runners[seat].request(self.waiting[seat], Board.from_state(self.session.state, seat),
                                               self.bot_budget_ms)

    def bots_started(self) -> bool:
        """Every bot process of this round has said it is ready (threads and programs always are)."""
        return all(getattr(runner, "ready", True) for runner in self.runners if runner is not None)

    def bots_starting(self) -> list[str]:
        """The names of the seats whose bot process has not said it is ready yet (see :meth:`bots_started`)."""
        return [self.seat_name(seat) for seat, runner in enumerate(self.runners)
                if runner is not None and not getattr(runner, "ready", True)]

    def moves_ready(self) -> bool:
        return all(self.runners[s] is None or self.answers[s] is not None for s in (0, 1))

    def program_seat(self, seat: int) -> bool:
        return isinstance(self.runners[seat], ProgramRunner)

    def waits_for_program(self) -> bool:
        """An outside program has its own time limit (enforced by its player): the tick waits for it."""
        return any(self.program_seat(s) and self.answers[s] is None for s in (0, 1))

    def record_turn(self) -> None:
        """Keep this tick's answer times and stderr (the console and a saved replay show them)."""
        answers = self.answers
        self.turns.append(Turn(tuple(a.ms if a is not None else 0.0 for a in answers),
                               tuple(a.stderr if a is not None else () for a in answers)))

    def end_by_failure(self) -> None:
        """A program failed to answer (late, crash, garbage, end of output): its seat loses the round.

        The tick it lost on is the one it was asked to play, ``state.tick + 1``: a crash on the first
        move is "on tick 1", the console labels this answer's stderr 1, and the tournament said 1;
        the window alone said "lost on tick 0" next to a traceback numbered 1."""
        self.record_turn()
        names = (self.seat_name(0), self.seat_name(1))
        outcome = failure_outcome((self.failures[0], self.failures[1]), names, self.session.state.tick + 1)
        self.failed = outcome
        for seat in (0, 1):
            runner = self.runners[seat]
            if isinstance(runner, ProgramRunner):
                runner.reset()  # stop the round's process now (a per-move program is gone already)
        self.on_outcome(outcome)

    # -- the console -------------------------------------------------------------------------------
    def toggle_console(self) -> None:
        self.console.shown = not self.console.shown
        self.relayout()
        self._painted = None
        self.say("Console shown: each program's stderr, newest at the bottom (C hides it)." if self.console.shown
                 else "Console hidden (C shows it).", "info")

    def console_view(self) -> list[tuple[int, str]]:
        """Stderr lines up to the tick on screen (all of them while a round runs)."""
        key = (len(self.turns), self.session.index)
        if self._console_cache[0] != key:
            names = ("1", "2")
            upto = self.session.index + (1 if self.session.index >= self.session.length else 0)
            lines = console_lines(self.turns, upto, names)
            # Only a program writes stderr: against Flood fill the note spoke of output never made.
            if self.unkept_ticks and upto > 0 and any(":" in who for who in self.match.seats):
                shown = "tick 1" if self.unkept_ticks == 1 else f"ticks 1–{self.unkept_ticks}"
                lines.insert(0, (-1, f"({shown}: earlier output was not kept across the relaunch)"))
            self._console_cache = (key, lines)
        return self._console_cache[1]
