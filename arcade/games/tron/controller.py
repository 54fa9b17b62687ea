"""Steering and match bookkeeping (game controller, pure): key presses to directions, rounds to a score.

:class:`Steering` turns a human's key presses into one direction per tick. Presses are
queued (up to three), so a quick "up, left" between two ticks makes both turns on
consecutive ticks instead of losing one; a press that would reverse the cycle or repeat
its heading is ignored, as the rules ask of human input. :class:`Match` counts a best-of-N
series: who sits in each seat, the score, and when the match is decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from arcade.core.game import Outcome
from arcade.games.tron.logic import DELTAS, OPPOSITE

QUEUE_LIMIT = 3


class Steering:
    """One human cycle's pending turns."""

    def __init__(self, heading: str = "N") -> None:
        self.heading = heading
        self.queue: list[str] = []

    def reset(self, heading: str) -> None:
        """A new round (or a resumed one): face ``heading``, forget queued turns."""
        self.heading = heading
        self.queue = []

    def aim(self, direction: str) -> None:
        """Before the round starts any heading is allowed (there is no trail behind yet)."""
        if direction in DELTAS:
            self.heading = direction
            self.queue = []

    def press(self, direction: str) -> bool:
        """Queue a turn; False if it was ignored (reversal, same heading, or the queue is full)."""
        if direction not in DELTAS:
            return False
        last = self.queue[-1] if self.queue else self.heading
        if direction == last or direction == OPPOSITE[last] or len(self.queue) >= QUEUE_LIMIT:
            return False
        self.queue.append(direction)
        return True

    def toward(self, dx: float, dy: float, *, starting: bool = False) -> str | None:
        """The direction a click ``(dx, dy)`` pixels from the head asks for, or None.

        Before the start (``starting``) any heading goes: the one nearest the click's. Under way,
        the click picks a side: the turn perpendicular to where the cycle will be heading (after
        the turns already queued) towards the click -- never straight on, never back, so a click
        anywhere on one side of the cycle turns it that way.
        """
        if starting:
            if dx == dy == 0:
                return None
            return ("E" if dx > 0 else "W") if abs(dx) > abs(dy) else ("S" if dy > 0 else "N")
        last = self.queue[-1] if self.queue else self.heading
        if last in ("N", "S"):
            return None if dx == 0 else ("E" if dx > 0 else "W")
        return None if dy == 0 else ("S" if dy > 0 else "N")

    def next(self) -> str:
        """The direction for the coming tick (the heading if no turn is queued)."""
        if self.queue:
            self.heading = self.queue.pop(0)
        return self.heading


MODES = ("bot", "humans", "watch")
MODE_TITLES = {"bot": "You vs a bot", "humans": "Two players", "watch": "Bot vs bot"}


def _program_spec(seat: object) -> bool:
    """Whether a saved seat is an outside program's spec (``2010:./bot``) the setup could have made."""
    from arcade.core.errors import UsageError
    from arcade.games.tron.players import parse_spec

    if not isinstance(seat, str) or ":" not in seat:
        return False
    try:
        return parse_spec(seat).outside
    except UsageError:
        return False


@dataclass
class Match:
    """A best-of-``best_of`` series between two seats; ``seats`` hold "human" or a bot name.

    It ends as soon as a seat has won a majority of ``best_of`` rounds, or once ``best_of``
    rounds were played (drawn rounds count as played, so a map where every round is a
    forced draw still ends); level scores then make a drawn match.
    """

    mode: str = "bot"
    seats: tuple[str, str] = ("human", "flood-fill")
    best_of: int = 3
    score: list[float] = field(default_factory=lambda: [0.0, 0.0])
    draws: int = 0
    rounds: int = 0

    @property
    def needed(self) -> int:
        """Round wins that decide the match."""
        return self.best_of // 2 + 1

    @property
    def over(self) -> bool:
        return max(self.score) >= self.needed or self.rounds >= self.best_of

    @property
    def winner(self) -> int | None:
        if not self.over or self.score[0] == self.score[1]:
            return None
        return 0 if self.score[0] > self.score[1] else 1

    def record(self, outcome: Outcome) -> None:
        """Count a finished round; a drawn round counts for nobody but is one of the ``best_of``."""
        self.rounds += 1
        if outcome.winner is None:
            self.draws += 1
        else:
            self.score[outcome.winner] += 1

    def swap_sides(self) -> None:
        """The players change cycles (and starting corners); each keeps their score.

        Bot-vs-bot matches swap every round: two deterministic bots would otherwise play the
        very same round again and again.
        """
        self.seats = (self.seats[1], self.seats[0])
        self.score = [self.score[1], self.score[0]]

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == "human"

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode, "seats": list(self.seats), "best_of": self.best_of,
                "score": list(self.score), "draws": self.draws, "rounds": self.rounds}

    @classmethod
    def from_dict(cls, data: Any) -> Match:
        """Rebuild from a save; anything that is not a match this game could have played raises ValueError."""
        from arcade.core.numbers import checked_float, checked_int
        from arcade.games.tron.ai import BOTS

        if not isinstance(data, dict):
            raise ValueError("the match is not an object")
        mode, seats = data.get("mode"), data.get("seats")
        if mode not in MODES:
            raise ValueError(f"unknown match mode {str(mode)[:20]!r}")
        if not isinstance(seats, list) or len(seats) != 2 or not all(
                s == "human" or s in BOTS or _program_spec(s) for s in seats):
            raise ValueError("the seats are not two players this game knows")
        best_of = checked_int(data.get("best_of"), 1, 99, "best_of")
        score = data.get("score")
        if not isinstance(score, list) or len(score) != 2:
            raise ValueError("the score is not two numbers")
        points = [checked_float(v, 0, best_of, "a score") for v in score]
        draws = checked_int(data.get("draws", 0), 0, best_of, "draws")
        rounds = checked_int(data.get("rounds", 0), 0, best_of, "rounds")
        return cls(str(mode), (str(seats[0]), str(seats[1])), best_of, points, draws, rounds)


def failure_to_dict(outcome: Outcome, failures: Sequence[str]) -> dict[str, Any]:
    """A round a program lost by failing (late, crash, garbage), for the match's save: the rules
    see no end on its board, so without this Continue played the lost round on as the next one."""
    return {"result": outcome.result, "reason": outcome.reason, "winner": outcome.winner,
            "score": outcome.score, "failures": list(failures)}


def failure_from_dict(data: Any) -> tuple[Outcome | None, list[str]]:
    """The saved failure's outcome and each seat's reason, or (None, no reasons) when there is none;
    anything else raises ValueError, as any damage to a saved match does."""
    if data is None:
        return None, ["", ""]
    if not isinstance(data, dict):
        raise ValueError("the saved round's failure is not an object")
    winner, score, failures = data.get("winner"), data.get("score"), data.get("failures")
    if (data.get("result") not in ("win", "draw") or not isinstance(data.get("reason"), str)
            or winner not in (None, 0, 1) or isinstance(winner, bool)
            or not (score is None or (isinstance(score, (int, float)) and not isinstance(score, bool)))
            or not isinstance(failures, list) or len(failures) != 2
            or not all(isinstance(f, str) for f in failures)):
        raise ValueError("the saved round's failure is damaged")
    return Outcome(data["result"], data["reason"], winner, score), list(failures)
