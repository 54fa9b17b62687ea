"""Bot-vs-bot rounds and tournaments (game logic, pure): W/D/L tables, Elo, move-time accounting.

A round is played through the rules exactly as in the game: each tick both bots get the
position from their own side and a deadline, their answers form the joint move, and the
moves (text) are the replay. Every answer is timed; the tournament reports the slowest
move of each bot and how many went over the budget (a bot is built to stop early, so the
budget is a promise we check, not a hope). Elo ratings are fitted to all results at once
(maximum likelihood, draws count half), which unlike sequential updates does not depend
on the order the games were played in.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from arcade.core.game import Outcome
from arcade.core.rng import derive_seed
from arcade.games.tron.ai import Bot, make_bot
from arcade.games.tron.board import Board
from arcade.games.tron.logic import RULES, Level, State

#: Part of the budget a bot may use for its search; the rest covers conversion and jitter.
SEARCH_SHARE = 0.85


def bot_deadline(started: float, budget_ms: float) -> float:
    """When a bot given ``budget_ms`` must stop searching (a safety margin for the answer's trip)."""
    margin = max(0.002, budget_ms / 1000 * (1 - SEARCH_SHARE))
    return started + max(0.0005, budget_ms / 1000 - margin)


@dataclass
class RoundRecord:
    """One finished round: who sat where, the moves, the outcome and the timing of every answer."""

    map_id: str
    bots: tuple[str, str]
    moves: list[str]
    outcome: Outcome
    times: tuple[list[float], list[float]]
    final: State
    #: CPU seconds of this process per answer: a move far over its wall-clock time but not its
    #: CPU time was waiting for the processor (another program ran), not thinking too long.
    cpu: tuple[list[float], list[float]] = ([], [])

    @property
    def score(self) -> float:
        """Seat 1's score: 1 win, ½ draw, 0 loss."""
        return 0.5 if self.outcome.winner is None else (1.0 if self.outcome.winner == 0 else 0.0)


def play_round(
    level: Level,
    bots: tuple[Bot, Bot],
    budget_ms: float,
    *,
    map_id: str = "",
    names: tuple[str, str] | None = None,
    max_ticks: int | None = None,
    strict: bool = False,
    clock: Callable[[], float] = time.perf_counter,
) -> RoundRecord:
    """Play one round to its end (a map's floor bounds its length; ``max_ticks`` is a safety stop).

    With ``strict`` an answer that arrives after the budget is ignored and the cycle keeps
    its heading, as a missed input would in the game window.
    """
    state = RULES.initial_state(level)
    moves: list[str] = []
    times: tuple[list[float], list[float]] = ([], [])
    cpu: tuple[list[float], list[float]] = ([], [])
    limit = max_ticks if max_ticks is not None else level.width * level.height + 1
    for bot in bots:
        bot.reset()
    while RULES.outcome(state) is None and state.tick < limit:
        directions = []
        for seat in (0, 1):
            started = clock()
            cpu_started = time.process_time()
            board = Board.from_state(state, seat)
            decision = bots[seat].decide(board, bot_deadline(started, budget_ms))
            elapsed = clock() - started
            times[seat].append(elapsed)
            cpu[seat].append(time.process_time() - cpu_started)
            direction = decision.direction
            if strict and elapsed > budget_ms / 1000:
                direction = state.directions[seat] or direction
            directions.append(direction)
        move = (directions[0], directions[1])
        state = RULES.apply(state, move)
        moves.append(RULES.encode_move(move))
    outcome = RULES.outcome(state) or Outcome("draw", f"stopped after {state.tick} ticks", None, 0.5)
    return RoundRecord(map_id, names or (bots[0].name, bots[1].name), moves, outcome, times, state, cpu)


@dataclass
class Standing:
    """One bot's results against one opponent (or overall)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def add(self, score: float) -> None:
        if score == 1.0:
            self.wins += 1
        elif score == 0.0:
            self.losses += 1
        else:
            self.draws += 1


@dataclass
class Tournament:
    """Every pairing of ``bots`` on every map, from both seats, ``games`` times each."""

    bots: list[str]
    maps: list[tuple[str, Level]]
    games: int = 1
    budget_ms: float = 100.0
    seed: int = 0
    strict: bool = False
    records: list[RoundRecord] = field(default_factory=list)

    def pairings(self) -> list[tuple[str, str]]:
        return [(a, b) for i, a in enumerate(self.bots) for b in self.bots[i + 1 :]]

    def schedule(self) -> list[tuple[str, Level, str, str, int]]:
        """(map id, level, seat-1 bot, seat-2 bot, game number) for every round to play."""
        rounds = []
        for a, b in self.pairings():
            for map_id, level in self.maps:
                for game in range(self.games):
                    rounds.append((map_id, level, a, b, game))
                    rounds.append((map_id, level, b, a, game))
        return rounds

    def run(self, on_round: Callable[[RoundRecord], None] | None = None) -> None:
        for map_id, level, first, second, game in self.schedule():
            bots = (
                make_bot(first, derive_seed(self.seed, map_id, first, second, game, 0)),
                make_bot(second, derive_seed(self.seed, map_id, first, second, game, 1)),
            )
            record = play_round(level, bots, self.budget_ms, map_id=map_id, names=(first, second),
                                strict=self.strict)
            self.records.append(record)
            if on_round is not None:
                on_round(record)

    # -- results ---------------------------------------------------------------------------
    def standings(self) -> dict[tuple[str, str], Standing]:
        """(bot, opponent) -> the bot's results against that opponent, both seats together."""
        table: dict[tuple[str, str], Standing] = {}
        for r in self.records:
            a, b = r.bots
            table.setdefault((a, b), Standing()).add(r.score)
            table.setdefault((b, a), Standing()).add(1.0 - r.score)
        return table

    def totals(self) -> dict[str, Standing]:
        totals = {name: Standing() for name in self.bots}
        for r in self.records:
            totals[r.bots[0]].add(r.score)
            totals[r.bots[1]].add(1.0 - r.score)
        return totals

    def move_times(self, cpu: bool = False) -> dict[str, list[float]]:
        """Every answer's wall-clock seconds (or this process's CPU seconds) per bot."""
        times: dict[str, list[float]] = {name: [] for name in self.bots}
        for r in self.records:
            source = r.cpu if cpu else r.times
            times[r.bots[0]].extend(source[0])
            times[r.bots[1]].extend(source[1])
        return times

    def slowest(self, count: int = 5) -> list[tuple[float, float, str, str, int]]:
        """The slowest answers: (wall s, CPU s, bot, map, tick)."""
        rows = []
        for r in self.records:
            for seat in (0, 1):
                for tick, wall in enumerate(r.times[seat]):
                    cpu = r.cpu[seat][tick] if tick < len(r.cpu[seat]) else float("nan")
                    rows.append((wall, cpu, r.bots[seat], r.map_id, tick))
        return sorted(rows, reverse=True)[:count]

    def elo(self) -> dict[str, float]:
        return fit_elo(self.bots, ((r.bots[0], r.bots[1], r.score) for r in self.records))


def fit_elo(players: list[str], games: Iterable[tuple[str, str, float]], *, mean: float = 1500.0,
            prior_games: float = 1.0, iterations: int = 2000) -> dict[str, float]:
    """Maximum-likelihood Elo ratings (Bradley-Terry on base 10^(d/400)), averaging ``mean``.

    Each player also gets ``prior_games`` virtual draws against an average opponent, so a
    bot that won every game gets a large but finite rating.
    """
    index = {p: i for i, p in enumerate(players)}
    results = [(index[a], index[b], s) for a, b, s in games]
    n = len(players)
    strength = [1.0] * n
    for _ in range(iterations):
        changed = 0.0
        for i in range(n):
            score = prior_games * 0.5
            denominator = prior_games / (strength[i] + 1.0)
            for a, b, s in results:
                if a == i:
                    score += s
                    denominator += 1.0 / (strength[i] + strength[b])
                elif b == i:
                    score += 1.0 - s
                    denominator += 1.0 / (strength[i] + strength[a])
            new = max(score / denominator, 1e-9) if denominator else strength[i]
            changed = max(changed, abs(math.log(new) - math.log(strength[i])))
            strength[i] = new
        # Keep the geometric mean at 1 (the virtual opponent's strength).
        centre = math.exp(sum(math.log(s) for s in strength) / n)
        strength = [s / centre for s in strength]
        if changed < 1e-9:
            break
    return {p: mean + 400.0 * math.log10(strength[index[p]]) for p in players}


def format_table(tournament: Tournament) -> str:
    """The W/D/L table, each bot's total and Elo, and the move-time figures, as text."""
    bots = tournament.bots
    standings = tournament.standings()
    totals = tournament.totals()
    ratings = tournament.elo()
    times = tournament.move_times()
    budget = tournament.budget_ms / 1000
    width = max(12, *(len(b) for b in bots)) + 2
    lines = []
    lines.append("Pairings (row bot's wins-draws-losses against the column bot, score in brackets):")
    lines.append(" " * width + "".join(f"{b:>{width + 8}}" for b in bots))
    for a in bots:
        cells = []
        for b in bots:
            if a == b:
                cells.append(f"{'—':>{width + 8}}")
                continue
            s = standings.get((a, b), Standing())
            cells.append(f"{f'{s.wins}-{s.draws}-{s.losses} ({s.score:.2f})':>{width + 8}}")
        lines.append(f"{a:<{width}}" + "".join(cells))
    lines.append("")
    cpu_times = tournament.move_times(cpu=True)
    lines.append(f"{'bot':<{width}}{'games':>7}{'W':>6}{'D':>6}{'L':>6}{'score':>8}{'Elo':>8}"
                 f"{'moves':>8}{'max ms':>9}{'p99 ms':>9}{'over':>6}{'max cpu':>9}")
    for b in sorted(bots, key=lambda name: -ratings[name]):
        t = totals[b]
        ts = sorted(times[b])
        slowest = ts[-1] * 1000 if ts else 0.0
        p99 = ts[min(len(ts) - 1, int(0.99 * len(ts)))] * 1000 if ts else 0.0
        over = sum(1 for x in ts if x > budget)
        cpu_max = max(cpu_times[b], default=0.0) * 1000
        lines.append(f"{b:<{width}}{t.games:>7}{t.wins:>6}{t.draws:>6}{t.losses:>6}{t.score:>8.3f}"
                     f"{ratings[b]:>8.0f}{len(ts):>8}{slowest:>9.1f}{p99:>9.1f}{over:>6}{cpu_max:>9.1f}")
    lines.append("")
    lines.append("slowest answers (wall ms / CPU ms of this process): " + ", ".join(
        f"{bot} {wall * 1000:.0f}/{cpu * 1000:.0f} on {map_id} tick {tick}"
        for wall, cpu, bot, map_id, tick in tournament.slowest(3)))
    return "\n".join(lines)
