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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from arcade.core.game import Outcome
from arcade.core.rng import derive_seed
from arcade.games.tron.ai import SEARCH_SHARE, Bot
from arcade.games.tron.logic import RULES, Level, State
from arcade.games.tron.players import Answer, BuiltinPlayer, Player
from arcade.services import interrupts


def bot_deadline(started: float, budget_ms: float, share: float = SEARCH_SHARE) -> float:
    """When a bot given ``budget_ms`` must stop searching (a safety margin for the answer's trip).

    ``share`` is the part of the budget the bot may search for (:attr:`Bot.search_share`).
    """
    margin = max(0.002, budget_ms / 1000 * (1 - share))
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
    #: Per seat, per answer: the outside program's stderr lines (empty for our bots).
    stderr: tuple[list[tuple[str, ...]], list[tuple[str, ...]]] = ([], [])
    #: Why a seat lost without crashing its cycle (a program's timeout, crash, garbage), else "".
    failures: tuple[str, str] = ("", "")
    #: Where this round sits in its tournament's schedule, its game number and the seats' seeds.
    index: int = 0
    game: int = 0
    seeds: tuple[int, int] = (0, 0)
    #: Per seat, the first answer's own limit in ms (a 2010 program's, start-up included), else None:
    #: that answer is over only past it, not past the budget (:meth:`Tournament.moves_over`).
    first_limits_ms: tuple[float | None, float | None] = (None, None)

    @property
    def score(self) -> float:
        """Seat 1's score: 1 win, ½ draw, 0 loss."""
        return 0.5 if self.outcome.winner is None else (1.0 if self.outcome.winner == 0 else 0.0)


def failure_outcome(failures: tuple[str, str], names: tuple[str, str], tick: int) -> Outcome:
    """The result when one or both seats failed to answer (timeout, crash, garbage, end of output)."""
    if failures[0] and failures[1]:
        return Outcome("draw", f"Both programs failed on tick {tick}: 1 {failures[0]}; 2 {failures[1]}.", None, 0.5)
    loser = 0 if failures[0] else 1
    return Outcome("win", f"Cycle {loser + 1} ({names[loser]}) lost on tick {tick}: {failures[loser]}.",
                   1 - loser, 1.0 if loser == 1 else 0.0)


def play_round(
    level: Level,
    bots: tuple[Bot | Player, Bot | Player],
    budget_ms: float,
    *,
    map_id: str = "",
    names: tuple[str, str] | None = None,
    max_ticks: int | None = None,
    strict: bool = False,
    seeds: tuple[int, int] = (0, 0),
    on_tick: Callable[[State, tuple[Answer, Answer]], None] | None = None,
) -> RoundRecord:
    """Play one round to its end (a map's floor bounds its length; ``max_ticks`` is a safety stop).

    ``bots`` are our bots or :class:`~arcade.games.tron.players.Player` seats (outside
    programs). With ``strict`` an answer of our bots that arrives after the budget is
    ignored and the cycle keeps its heading, as a missed input would in the game window;
    an outside program that answers late, crashes or prints garbage loses the round.
    """
    players = tuple(b if isinstance(b, Player) else BuiltinPlayer(b, reseed=False) for b in bots)
    names = names or (players[0].name, players[1].name)
    state = RULES.initial_state(level)
    moves: list[str] = []
    times: tuple[list[float], list[float]] = ([], [])
    cpu: tuple[list[float], list[float]] = ([], [])
    stderr: tuple[list[tuple[str, ...]], list[tuple[str, ...]]] = ([], [])
    limit = max_ticks if max_ticks is not None else level.width * level.height + 1
    outcome: Outcome | None = None
    failures = ("", "")
    try:
        for seat, player in enumerate(players):
            player.begin(level, seat, seeds[seat])
        while RULES.outcome(state) is None and state.tick < limit:
            answers = (players[0].answer(state, 0, budget_ms), players[1].answer(state, 1, budget_ms))
            for seat, answer in enumerate(answers):
                times[seat].append(answer.ms / 1000)
                cpu[seat].append(answer.cpu_ms / 1000)
                stderr[seat].append(answer.stderr)
            if on_tick is not None:
                on_tick(state, answers)
            if answers[0].failure or answers[1].failure:
                failures = (answers[0].failure, answers[1].failure)
                outcome = failure_outcome(failures, names, state.tick + 1)
                break
            directions = []
            for seat, answer in enumerate(answers):
                direction = answer.direction or "N"
                if strict and answer.late:
                    direction = state.directions[seat] or direction
                directions.append(direction)
            move = (directions[0], directions[1])
            state = RULES.apply(state, move)
            moves.append(RULES.encode_move(move))
    finally:
        for player in players:
            player.end()
    if outcome is None:
        outcome = RULES.outcome(state) or Outcome("draw", f"stopped after {state.tick} ticks", None, 0.5)
    return RoundRecord(map_id, names, moves, outcome, times, state, cpu, stderr, failures, seeds=seeds,
                       first_limits_ms=(players[0].first_answer_ms(), players[1].first_answer_ms()))


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


@dataclass(frozen=True)
class RoundTask:
    """One round of a tournament, everything needed to play it anywhere (bots as spec texts)."""

    index: int
    map_id: str
    level: Level
    first: str
    second: str
    game: int
    seeds: tuple[int, int]
    budget_ms: float
    strict: bool = False
    limit_ms: float | None = None
    #: The seats' bot specs when they differ from their names (``mine=2010:./bot`` is named ``mine``).
    specs: tuple[str, str] | None = None


def play_task(task: RoundTask) -> RoundRecord:
    """Play ``task`` (in this process); outside programs are started for it and always stopped after."""
    from dataclasses import replace

    from arcade.games.tron.players import make_player

    specs = task.specs or (task.first, task.second)
    first = make_player(specs[0], task.seeds[0], limit_ms=task.limit_ms)
    with first, make_player(specs[1], task.seeds[1], limit_ms=task.limit_ms) as second:
        record = play_round(task.level, (first, second), task.budget_ms, map_id=task.map_id,
                            names=(task.first, task.second), strict=task.strict, seeds=task.seeds)
    return replace(record, index=task.index, game=task.game)


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
    #: Per-move time limit of outside programs in ms (None: their protocol's, the contest's).
    limit_ms: float | None = None
    #: Bot name -> spec text, for bots whose name is not their spec (labelled programs).
    specs: dict[str, str] = field(default_factory=dict)

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

    def tasks(self) -> list[RoundTask]:
        """Every round as a self-contained task (picklable: it can run in another process or machine).

        Each seat's seed is derived from the tournament seed, the map, both bots and the
        game number, never from the order rounds run in, so any number of workers gives
        the same results as one for bots whose only randomness is their seed.
        """
        return [
            RoundTask(index, map_id, level, first, second, game,
                      (derive_seed(self.seed, map_id, first, second, game, 0),
                       derive_seed(self.seed, map_id, first, second, game, 1)),
                      self.budget_ms, self.strict, self.limit_ms,
                      (self.specs.get(first, first), self.specs.get(second, second)))
            for index, (map_id, level, first, second, game) in enumerate(self.schedule())
        ]

    def run(self, on_round: Callable[[RoundRecord], None] | None = None, *, jobs: int = 1,
            scheduler: str | None = None) -> None:
        """Play every round: here (``jobs`` 1), in ``jobs`` local processes, or on a Dask cluster.

        ``on_round`` sees records as they finish; ``records`` ends in schedule order whatever ran where.
        Interrupted (Ctrl+C, SIGTERM, an error), ``records`` still holds every round that finished:
        an hour of rounds is not lost to the last one.
        """
        tasks = self.tasks()
        finished: list[RoundRecord] = []

        def keep(record: RoundRecord) -> None:
            finished.append(record)
            if on_round is not None:
                on_round(record)

        try:
            if scheduler is not None:
                from arcade.games.tron.cluster import run_on_dask

                run_on_dask(tasks, scheduler, keep)
            elif jobs > 1 and len(tasks) > 1:
                from arcade.games.tron.cluster import run_in_processes

                run_in_processes(tasks, jobs, keep)
            else:
                for task in tasks:
                    interrupts.check()  # a stop signal that was lost (see interrupts) ends it here
                    keep(play_task(task))
        finally:
            self.records = sorted(finished, key=lambda r: r.index)

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

    def moves_over(self) -> dict[str, int]:
        """Per bot, the answers slower than the limit that applied to them: the budget (``--ms``), but
        for a program's first answer its own first-answer limit (start-up included) when it has one.
        Counted against ``--ms``, every 2010 program showed its start-up as a move over the budget."""
        over = {name: 0 for name in self.bots}
        budget = self.budget_ms / 1000
        for r in self.records:
            for seat in (0, 1):
                first = r.first_limits_ms[seat]
                for index, seconds in enumerate(r.times[seat]):
                    allowed = max(budget, first / 1000) if index == 0 and first is not None else budget
                    over[r.bots[seat]] += seconds > allowed
        return over

    def slowest(self, count: int = 5) -> list[tuple[float, float, str, str, int]]:
        """The slowest answers: (wall s, CPU s, bot, map, tick), the tick counted from 1 as a round's
        results count it (the first answer is tick 1's: the table said "tick 0")."""
        rows = []
        for r in self.records:
            for seat in (0, 1):
                for index, wall in enumerate(r.times[seat]):
                    cpu = r.cpu[seat][index] if index < len(r.cpu[seat]) else float("nan")
                    rows.append((wall, cpu, r.bots[seat], r.map_id, index + 1))
        return sorted(rows, reverse=True)[:count]

    def elo(self) -> dict[str, float]:
        return fit_elo(self.bots, ((r.bots[0], r.bots[1], r.score) for r in self.records))

    def elo_intervals(self) -> dict[str, float]:
        """Half-width of each rating's 95 % confidence interval (Elo points)."""
        games = [(r.bots[0], r.bots[1], r.score) for r in self.records]
        return elo_intervals(self.bots, games, fit_elo(self.bots, games))


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


def elo_intervals(players: list[str], games: Iterable[tuple[str, str, float]], ratings: dict[str, float], *,
                  prior_games: float = 1.0, mean: float = 1500.0) -> dict[str, float]:
    """95 % confidence half-widths of :func:`fit_elo`'s ratings (normal approximation).

    The covariance of the log-strengths is the inverse of the observed information (minus
    the Hessian of the log-likelihood at the fit), including the virtual draws against an
    average opponent that keep the fit finite, projected on ratings relative to their mean
    (which is fixed at ``mean``); 1.96 standard errors, converted to Elo points.
    """
    import numpy as np

    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    info = np.zeros((n, n))
    theta = {p: (ratings[p] - mean) * math.log(10) / 400 for p in players}
    for p in players:
        q = 1.0 / (1.0 + math.exp(-theta[p]))
        info[index[p], index[p]] += prior_games * q * (1 - q)
    for a, b, _ in games:
        q = 1.0 / (1.0 + math.exp(theta[b] - theta[a]))
        w = q * (1 - q)
        i, j = index[a], index[b]
        info[i, i] += w
        info[j, j] += w
        info[i, j] -= w
        info[j, i] -= w
    # Ratings are centred on ``mean``: only differences are measured, so remove the common
    # shift (weakly pinned by the virtual draws alone) from the covariance.
    centre = np.eye(n) - np.full((n, n), 1.0 / n)
    covariance = centre @ np.linalg.pinv(info) @ centre
    scale = 400 / math.log(10)
    return {p: 1.96 * scale * math.sqrt(max(0.0, float(covariance[index[p], index[p]]))) for p in players}


def format_table(tournament: Tournament) -> str:
    """The W/D/L table, each bot's total and Elo, and the move-time figures, as text."""
    bots = tournament.bots
    standings = tournament.standings()
    totals = tournament.totals()
    ratings = tournament.elo()
    intervals = tournament.elo_intervals()
    times = tournament.move_times()
    over = tournament.moves_over()
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
    lines.append(f"{'bot':<{width}}{'games':>7}{'W':>6}{'D':>6}{'L':>6}{'score':>8}{'Elo':>7}{'± 95%':>7}"
                 f"{'moves':>8}{'max ms':>9}{'p99 ms':>9}{'over':>6}{'max cpu':>9}")
    for b in sorted(bots, key=lambda name: -ratings[name]):
        t = totals[b]
        ts = sorted(times[b])
        slowest = ts[-1] * 1000 if ts else 0.0
        p99 = ts[min(len(ts) - 1, int(0.99 * len(ts)))] * 1000 if ts else 0.0
        cpu_max = max(cpu_times[b], default=0.0) * 1000
        lines.append(f"{b:<{width}}{t.games:>7}{t.wins:>6}{t.draws:>6}{t.losses:>6}{t.score:>8.3f}"
                     f"{ratings[b]:>7.0f}{'±' + format(intervals[b], '.0f'):>7}{len(ts):>8}{slowest:>9.1f}"
                     f"{p99:>9.1f}{over[b]:>6}{cpu_max:>9.1f}")
    lines.append("")
    lines.append("slowest answers (wall ms / CPU ms of this process): " + ", ".join(
        f"{bot} {wall * 1000:.0f}/{cpu * 1000:.0f} on {map_id} tick {tick}"
        for wall, cpu, bot, map_id, tick in tournament.slowest(3)))
    return "\n".join(lines)
