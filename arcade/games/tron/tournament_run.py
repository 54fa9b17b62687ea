"""A tournament played in the background for the window (game host, pure: no pygame).

The command line's tournament blocks until its last round; the window must keep drawing. So
:class:`TournamentRun` plays the very same :class:`~arcade.games.tron.match.Tournament`
rounds in the CLI's worker processes (:func:`~arcade.games.tron.cluster.run_in_processes`)
from a daemon thread, and the window reads what finished: the standings, the progress, and a
line per round worded as the CLI prints it (a program's failure with its one-line reason).
Stopping keeps every round that finished, as Ctrl+C does on the command line.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace

from arcade.games.tron import maps
from arcade.games.tron.ai import bot_title
from arcade.games.tron.cli import progress_line, round_words, tick_word, tournament_bots
from arcade.games.tron.cluster import Stopped, default_jobs, run_in_processes
from arcade.games.tron.logic import RULES
from arcade.games.tron.match import RoundRecord, Tournament
from arcade.games.tron.replay import round_replay
from arcade.services.replays import Playback, replay_states

#: The window's map choices for a tournament: (maps.resolve spec, title); "map" is the setup's map.
MAP_SETS = {
    "map": "The chosen map",
    "official": "Official contest maps (16)",
    "later": "Later contest maps (11)",
    "random:3": "3 random maps",
    "official,later,random:3": "Official + later + 3 random",
}
#: Games per pairing, map and seat.
GAMES = (1, 2, 3, 5)


@dataclass(frozen=True)
class StandingRow:
    """One entrant's line of the live table: ``name`` is the entrant's id (the results' key), ``title``
    what the table shows (see :func:`~arcade.games.tron.ai.bot_title`)."""

    name: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    elo: float

    @property
    def title(self) -> str:
        return bot_title(self.name)


@dataclass(frozen=True)
class RoundRow:
    """One finished round in the table's columns, in the words of the CLI's line for it: its number
    in the order rounds finished, the map, who played whom, the result, its length, and a failed
    program's reason ("" if none). The CLI's line padded its columns with spaces, which do not line
    up in the window's proportional font."""

    number: str
    map_id: str
    pairing: str
    result: str
    length: str
    failure: str
    #: The round's place in the schedule (its record's ``index``): the table opens its replay.
    index: int = -1


def map_spec(choice: str, setup_map: str) -> str:
    """The ``--maps`` text for a map choice; "map" is the setup's own map (a fresh family draws one)."""
    if choice != "map":
        return choice
    return f"{setup_map}:1" if setup_map in ("random", "scatter") else setup_map


class TournamentRun:
    """Every round of ``tournament`` in worker processes off the caller's thread; read it any time."""

    def __init__(self, tournament: Tournament, jobs: int | None = None) -> None:
        self.tournament = tournament
        self.tasks = tournament.tasks()
        self.jobs = jobs or max(1, min(4, default_jobs() - 1))  # a core stays with the window
        self._lock = threading.Lock()
        self._finished: list[RoundRecord] = []
        self._lines: list[str] = []
        self._rows: list[RoundRow] = []
        #: The table's standings, worked out on the run's thread as each round finishes: an Elo fit
        #: over a few hundred rounds takes a fifth of a second, and made in every frame it held the
        #: window's frame loop.
        self._standings = self._standings_of([])
        self._stop = threading.Event()
        #: Why the run ended early ("" when it did not): an error's one line.
        self.error = ""
        self.stopped = False
        self.done = False
        self._thread = threading.Thread(target=self._run, name="tron-tournament", daemon=True)

    @classmethod
    def create(cls, specs: list[str], map_choice: str, setup_map: str, games: int, budget_ms: float,
               seed: int = 2010) -> TournamentRun:
        """The run for the window's choices, named and checked as ``tournament tron`` does it
        (UsageError with the CLI's one line: a program that cannot start, the same bot twice)."""
        from arcade.core.errors import UsageError
        from arcade.games.tron.players import parse_spec

        named = tournament_bots("", specs)
        problem = next((p for p in (parse_spec(text).problem() for text in named.values()) if p), "")
        if problem:
            raise UsageError(problem)
        chosen = maps.resolve(map_spec(map_choice, setup_map), seed)
        tournament = Tournament(list(named), chosen, games, budget_ms, seed,
                                specs={n: t for n, t in named.items() if n != t})
        return cls(tournament)

    # -- running -----------------------------------------------------------------------------
    def start(self) -> None:
        """Start the rounds (a second call does nothing)."""
        if self._thread.ident is None:
            self._thread.start()

    def _run(self) -> None:
        try:
            run_in_processes(self.tasks, self.jobs, self._keep, stop=self._stop.is_set)
        except Stopped:
            self.stopped = True
        except Exception as exc:  # a worker died: say so, keep what finished
            self.error = str(exc) or type(exc).__name__
        finally:
            self.done = True

    def _keep(self, record: RoundRecord) -> None:
        with self._lock:
            self._finished.append(record)
            done, total = len(self._finished), len(self.tasks)
            self._lines.append(progress_line(record, done, total).strip())
            # The table is read by a person: a bot by its title, as the setup and the match name it
            # ("strongest vs flood-fill" was the command line's ids); a program by its label.
            winner, ticks, failure = round_words(record, bot_title)
            self._rows.append(RoundRow(f"{done}/{total}", record.map_id, " vs ".join(map(bot_title, record.bots)),
                                       winner, f"{ticks} {tick_word(ticks)}", failure, record.index))
            finished = sorted(self._finished, key=lambda r: r.index)
        standings = self._standings_of(finished)  # off the lock: the window reads the last ones meanwhile
        with self._lock:
            self._standings = standings

    def stop(self) -> None:
        """Ask the rounds to end: the workers and their programs are stopped; finished rounds stay."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the run's end (tests, the window's close); True once it has ended."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    # -- reading -----------------------------------------------------------------------------
    @property
    def total(self) -> int:
        return len(self.tasks)

    @property
    def played(self) -> int:
        with self._lock:
            return len(self._finished)

    def records(self) -> list[RoundRecord]:
        """The finished rounds in schedule order."""
        with self._lock:
            return sorted(self._finished, key=lambda r: r.index)

    def lines(self) -> list[str]:
        """A line per finished round, in the order they finished, as the CLI prints them."""
        with self._lock:
            return list(self._lines)

    def rows(self) -> list[RoundRow]:
        """A row per finished round, in the order they finished (the window's table)."""
        with self._lock:
            return list(self._rows)

    def replay(self, index: int) -> Playback | None:
        """The finished round ``index`` (a RoundRow's) as the replay viewer takes it: its map, moves,
        times, stderr and result, the programs' specs kept; None if it has not finished."""
        record = next((r for r in self.records() if r.index == index), None)
        if record is None:
            return None
        return replay_states(round_replay(record, specs=self.tournament.specs), RULES)

    def results(self) -> Tournament:
        """The tournament with the rounds played so far (its table, Elo and timings as the CLI's)."""
        return replace(self.tournament, records=self.records())

    def standings(self) -> list[StandingRow]:
        """Each entrant's W/D/L, score and Elo, best first, as of the last finished round."""
        with self._lock:
            return list(self._standings)

    def _standings_of(self, records: list[RoundRecord]) -> list[StandingRow]:
        results = replace(self.tournament, records=records)
        totals = results.totals()
        elo = results.elo()
        rows = [StandingRow(name, t.games, t.wins, t.draws, t.losses, t.score, elo[name])
                for name, t in totals.items()]
        return sorted(rows, key=lambda r: (-r.score, -r.elo, r.name))

    def progress(self) -> str:
        """"Round 7 of 24", then how it ended once it has."""
        played, total = self.played, self.total
        if not self.done:
            return f"Round {min(played + 1, total)} of {total} ({played} played)"
        if self.error:
            return f"Ended after {played} of {total} rounds: {self.error}"
        if self.stopped:
            return f"Stopped after {played} of {total} rounds"
        return f"Finished: {total} rounds"
