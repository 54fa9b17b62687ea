"""Who sits in a Tron seat (game AI host, pure): one of our bots or an outside program, behind one interface.

A round asks each seat's :class:`Player` for a move every tick with the whole
:class:`~arcade.games.tron.logic.State` and the seat number, because protocols see the
game differently: our bots and the 2010 protocol only need free cells and heads, the
HackerRank protocol also tells whose trail is whose. An answer carries the direction (or
a one-line ``failure``: the seat then loses the round), its time, whether it was late, the
program's stderr lines for this move and, for our bots, the reason they gave.

Specs are read by :func:`parse_spec` (``flood-fill``, ``2010:./mybot``,
``hackerrank:python3 bot.py``) and turned into players by :func:`make_player`.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from dataclasses import dataclass

from arcade.games.tron.ai import SEARCH_SHARE, Bot, bot_name, collector_paused, make_bot
from arcade.games.tron.board import Board
from arcade.games.tron.logic import Level, State
from arcade.services.botspec import BotSpec, parse_bot_spec

#: The protocols an outside Tron program may speak (``PROTOCOL:COMMAND``).
PROTOCOLS = {
    "2010": "Google AI Challenge 2010: W H and rows, answer 1-4, one process per round",
    "hackerrank": "HackerRank Tron: r/g, positions and rows, answer LEFT/RIGHT/UP/DOWN, one process per move",
}


def bot_deadline(started: float, budget_ms: float, share: float = SEARCH_SHARE) -> float:
    """When a bot given ``budget_ms`` must stop searching (see :func:`arcade.games.tron.match.bot_deadline`)."""
    from arcade.games.tron.match import bot_deadline as deadline

    return deadline(started, budget_ms, share)


@dataclass(frozen=True)
class Answer:
    """A seat's move for one tick. ``direction`` is None exactly when ``failure`` says why the seat lost."""

    direction: str | None
    ms: float = 0.0
    failure: str = ""
    late: bool = False
    stderr: tuple[str, ...] = ()
    reason: str = ""
    cpu_ms: float = 0.0


class Player(ABC):
    """A Tron seat. ``begin`` before a round, ``answer`` every tick, ``end`` after it, ``close`` at the end."""

    def __init__(self, name: str) -> None:
        self.name = name

    def begin(self, level: Level, seat: int, seed: int) -> None:  # noqa: B027 -- optional hook
        """A round starts on ``level`` in ``seat`` (0 or 1); ``seed`` seeds any randomness."""

    @abstractmethod
    def answer(self, state: State, seat: int, budget_ms: float) -> Answer:
        """The move for this tick (a bot searches for ``budget_ms``; a program gets its protocol's limit)."""

    def end(self) -> None:  # noqa: B027 -- optional hook
        """The round is over (per-round processes stop here)."""

    def first_answer_ms(self) -> float | None:
        """The first answer's own limit in ms (an outside program's, start-up included), None when
        the first answer has the same budget as the others: a tournament counts a first answer as
        over only past this limit, not past ``--ms``."""
        return None

    def close(self) -> None:
        self.end()

    def __enter__(self) -> Player:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class BuiltinPlayer(Player):
    """One of our bots (:mod:`arcade.games.tron.ai`); a round re-seeds it so runs repeat exactly."""

    def __init__(self, bot: Bot, name: str | None = None, *, reseed: bool = True) -> None:
        super().__init__(name or bot.name)
        self.bot = bot
        self.reseed = reseed

    def begin(self, level: Level, seat: int, seed: int) -> None:
        if self.reseed:
            self.bot.rng.seed(seed)
        self.bot.reset()
        self.bot.prepare(level.width, level.height)  # outside the first answer's time

    def answer(self, state: State, seat: int, budget_ms: float) -> Answer:
        started = time.perf_counter()
        cpu_started = time.process_time()
        with collector_paused():  # the board's conversion too, not only the search
            board = Board.from_state(state, seat)
            decision = self.bot.decide(board, bot_deadline(started, budget_ms, self.bot.search_share))
        elapsed = time.perf_counter() - started
        return Answer(decision.direction, elapsed * 1000, late=elapsed > budget_ms / 1000,
                      reason=decision.reason, cpu_ms=(time.process_time() - cpu_started) * 1000)


def parse_spec(text: str) -> BotSpec:
    """A Tron bot spec: a built-in name (aliases accepted) or ``2010:COMMAND`` / ``hackerrank:COMMAND``."""
    return parse_bot_spec(text, PROTOCOLS, bot_name, game="tron")


def make_player(spec: BotSpec | str, seed: int = 0, *, limit_ms: float | None = None) -> Player:
    """The player for ``spec``; ``limit_ms`` overrides an outside program's per-move time limit."""
    if isinstance(spec, str):
        spec = parse_spec(spec)
    if spec.protocol is None:
        return BuiltinPlayer(make_bot(spec.name, seed), spec.name)
    from arcade.games.tron import outside

    return outside.make_program_player(spec, limit_ms=limit_ms)
