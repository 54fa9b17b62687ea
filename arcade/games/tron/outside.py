"""Outside Tron programs (game I/O, pure): the referee's side of the 2010 and HackerRank protocols.

* ``2010:COMMAND`` -- the Google AI Challenge 2010 protocol, one process per round. Each
  tick the program reads ``W H`` and H rows seen from its side (``#`` wall or trail, space
  free, ``1`` itself, ``2`` the opponent) and answers one line, ``1`` north, ``2`` east,
  ``3`` south or ``4`` west (the bot side is :mod:`arcade.games.tron.protocol`).
* ``hackerrank:COMMAND`` -- HackerRank's Tron, one process per move: the input is the
  player's letter (``r`` for seat 1, ``g`` for seat 2), a line ``r_row r_col g_row g_col``,
  then the rows (``#`` wall, ``-`` free, ``r``/``g`` the trails and heads); the program
  prints ``LEFT``, ``RIGHT``, ``UP`` or ``DOWN`` and ends. Anything else (the seed's bot
  prints ``None`` when boxed in) loses the round with that reason.

A late answer loses the round (the contests' rule); the limits default to the contests'
(:data:`LIMITS`) and can be overridden. Each program gets ``ARCADE_SEED`` in its
environment, a seed per round, so a program that wants randomness can repeat a run.
"""

from __future__ import annotations

import threading
from dataclasses import replace

from arcade.games.tron.board import Board
from arcade.games.tron.logic import Level, State
from arcade.games.tron.players import Answer, Player, parse_spec
from arcade.games.tron.protocol import board_text
from arcade.services.botspec import BotSpec
from arcade.services.program_failures import InputClosed, ProgramFailure, answered_on_stderr, unexpected_answer
from arcade.services.program_limits import Limits
from arcade.services.programs import Answer as ProgramAnswer
from arcade.services.programs import Program, close_started_by

#: Time limits per protocol: the 2010 contest gave 1 s a move (3 s for the first); HackerRank-style
#: programs start anew every move, so the start-up counts and we allow 1 s for each.
LIMITS = {"2010": Limits(1000.0, 3000.0), "hackerrank": Limits(1000.0)}
__all__ = ["LIMITS", "HackerRankPlayer", "ProgramPlayer", "Tron2010Player", "hackerrank_text",
           "make_program_player", "parse_spec"]
DIGITS = {"1": "N", "2": "E", "3": "S", "4": "W"}
WORDS = {"UP": "N", "RIGHT": "E", "DOWN": "S", "LEFT": "W"}


def _from_program(answer: ProgramAnswer, table: dict[str, str], expected: str) -> Answer:
    if answer.line is None:
        failure = answered_on_stderr(answer.failure, answer.stderr, table)
        return Answer(None, answer.ms, failure, answer.late, answer.stderr)
    direction = table.get(answer.line.strip())
    if direction is None:
        return Answer(None, answer.ms, unexpected_answer(answer.line, expected), False, answer.stderr)
    return Answer(direction, answer.ms, stderr=answer.stderr)


def hackerrank_text(state: State, seat: int) -> str:
    """The HackerRank input for ``seat``: its letter, both heads as ``row col``, and the rows."""
    level = state.level
    rows = [list(row.replace(" ", "-")) for row in level.rows]
    for player, trail in enumerate(state.trails):
        mark = "rg"[player]
        bits = trail
        while bits:
            low = bits & -bits
            index = low.bit_length() - 1
            y, x = divmod(index, level.width)
            rows[y][x] = mark
            bits ^= low
    for player, (x, y) in enumerate(state.heads):
        if level.inside(x, y):
            rows[y][x] = "rg"[player]
    (rx, ry), (gx, gy) = state.heads
    lines = ["rg"[seat], f"{ry} {rx} {gy} {gx}", *("".join(row) for row in rows)]
    return "\n".join(lines) + "\n"


class ProgramPlayer(Player):
    """An outside program in a seat; ``console`` holds every stderr line of the current round."""

    protocol = ""

    def __init__(self, spec: BotSpec, limits: Limits) -> None:
        super().__init__(spec.name)
        self.spec = spec
        self.limits = limits
        self.seed = 0
        self.moves = 0
        self.console: list[str] = []
        #: Set by :meth:`close`: a program a worker thread starts after it is killed at once.
        self.stop = threading.Event()
        #: The program running now (2010: the round's; HackerRank: this move's), for :meth:`end` to kill.
        self.program: Program | None = None

    def close(self) -> None:
        """Stop for good, from any thread, without waiting for one that is talking to the program --
        and with none left running: one a worker thread is still starting is killed too."""
        self.stop.set()
        self.end()
        close_started_by(self.stop)

    def end(self) -> None:
        program, self.program = self.program, None
        if program is not None:
            program.close()

    def _started(self, program: Program) -> Program:
        """Keep ``program`` as the one running. Closed meanwhile (whoever closed may not have seen it),
        it is killed and ProgramFailure raised, as ``Program`` does: a closed program handed back
        would still be sent the board by a worker thread the window no longer waits for."""
        self.program = program
        if self.stop.is_set():
            self.end()
            raise ProgramFailure("stopped: its window was closed")
        return program

    def begin(self, level: Level, seat: int, seed: int) -> None:
        self.end()
        self.seed = seed
        self.moves = 0
        self.console = []

    def first_answer_ms(self) -> float | None:
        return self.limits.for_answer(0) if self.limits.is_first(0) else None

    def _env(self) -> dict[str, str]:
        return {"ARCADE_SEED": str(self.seed)}

    def _program(self) -> Program:
        """Start the spec's program (``python -m arcade …`` with the game's interpreter: BotSpec.launch_argv)."""
        return Program(self.spec.launch_argv, env=self.spec.launch_env(self._env()), name=self.spec.name,
                       stop=self.stop)

    def _record(self, answer: Answer) -> Answer:
        self.moves += 1
        self.console.extend(answer.stderr)
        return answer


class Tron2010Player(ProgramPlayer):
    """One process for the whole round, a board per tick."""

    protocol = "2010"

    def __init__(self, spec: BotSpec, limits: Limits) -> None:
        super().__init__(spec, limits)
        self.failure = ""
        #: The first tick (1-based) whose answer was written before its board went out (0: none yet).
        self.behind_from = 0

    def begin(self, level: Level, seat: int, seed: int) -> None:
        super().begin(level, seat, seed)
        self.failure = ""
        self.behind_from = 0
        try:
            self._started(self._program())
        except ProgramFailure as exc:
            self.failure = str(exc)

    def answer(self, state: State, seat: int, budget_ms: float) -> Answer:
        program = self.program
        if program is None:
            return self._record(Answer(None, 0.0, self.failure or "the program is not running"))
        limit = self.limits.for_answer(self.moves) / 1000
        reply = program.ask(board_text(Board.from_state(state, seat)), limit, first=self.limits.is_first(self.moves))
        if (reply.ahead or program.lines_too_many) and not self.behind_from:
            # As in the contest, a second line printed for one board is read as the next board's
            # answer, so every later move is a tick stale -- and the cycle crashed with no clue why.
            # Seen before the board went out (``ahead``) or once this answer is read.
            self.behind_from = self.moves + 1 + (not reply.ahead)
            reply = replace(reply, stderr=(*reply.stderr, behind_note(self.behind_from)))
        return self._record(_from_program(reply, DIGITS, "1, 2, 3 or 4"))


def behind_note(tick: int) -> str:
    """The console's line for a 2010 program whose answers run behind its boards."""
    return (f"[arcade] from tick {tick} its answers were lines written before their board was sent (it printed "
            "more than one line for a board): they answer earlier boards; print exactly one line per board")


class HackerRankPlayer(ProgramPlayer):
    """A fresh process every move: input to its end, one word back; the start-up is inside the limit."""

    protocol = "hackerrank"

    def answer(self, state: State, seat: int, budget_ms: float) -> Answer:
        limit = self.limits.for_answer(self.moves) / 1000
        try:
            program = self._started(self._program())
        except ProgramFailure as exc:
            return self._record(Answer(None, 0.0, str(exc)))
        with program:
            try:
                program.send(hackerrank_text(state, seat), program.started + limit)
            except InputClosed:
                # It answered without reading the board (``echo UP``) and exited: a valid move under
                # a once-per-move protocol. Whether our write came before or after its exit was luck,
                # and after it the move was lost at random ticks; the answer it wrote decides instead
                # (none: "exited without answering").
                pass
            except ProgramFailure as exc:
                return self._record(Answer(None, 0.0, str(exc), stderr=program.take_stderr()))
            program.close_input()
            reply = program.read_line(limit, program.started)
            # Its move is over: let it exit, stop it, and keep every stderr line it wrote.
            program.finish(0.2)
        if self.program is program:
            self.program = None
        late_lines = program.take_stderr()
        if late_lines:
            reply = replace(reply, stderr=reply.stderr + late_lines)
        return self._record(_from_program(reply, WORDS, "LEFT, RIGHT, UP or DOWN"))


def make_program_player(spec: BotSpec, *, limit_ms: float | None = None) -> ProgramPlayer:
    """The adapter for ``spec.protocol`` with the contest's limits (``limit_ms`` replaces the per-move one)."""
    limits = LIMITS[spec.protocol or ""].scaled(limit_ms)
    if spec.protocol == "2010":
        return Tron2010Player(spec, limits)
    return HackerRankPlayer(spec, limits)
