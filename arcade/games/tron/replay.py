"""Tron replays and result files (game I/O, pure): a finished round as a replay, a tournament as JSON or CSV.

:func:`round_replay` turns a :class:`~arcade.games.tron.match.RoundRecord` into the
documented replay format (:mod:`arcade.services.replays`); :func:`open_tron_replay` is
what the viewer calls for ``play tron --replay FILE``. :func:`write_results` writes every
round of a tournament (``--out results.json`` or ``.csv``).
"""

from __future__ import annotations

import csv
import io
import json
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from arcade.core.errors import cannot_write
from arcade.games.tron.logic import RULES, format_map
from arcade.games.tron.match import RoundRecord, Tournament
from arcade.services.replays import Playback, Replay, Turn, open_replay, save_replay


def round_replay(record: RoundRecord, meta: dict[str, Any] | None = None,
                 specs: Mapping[str, str] | None = None) -> Replay:
    """The replay of one round: map text, both players' specs, moves, times, stderr and result.

    ``specs`` maps a seat's name to its spec where they differ (a labelled program, ``mine`` for
    ``mine=2010:./bot``): the replay keeps the spec, so it says which program played."""
    turns = tuple(
        Turn((record.times[0][i] * 1000, record.times[1][i] * 1000),
             (record.stderr[0][i] if i < len(record.stderr[0]) else (),
              record.stderr[1][i] if i < len(record.stderr[1]) else ()))
        for i in range(min(len(record.times[0]), len(record.times[1])))
    )
    outcome = record.outcome
    result = {"result": outcome.result, "winner": outcome.winner, "score": outcome.score, "reason": outcome.reason}
    info = {"seeds": list(record.seeds), "game": record.game, "ticks": len(record.moves)}
    info.update(meta or {})
    players = tuple((specs or {}).get(name, name) for name in record.bots)
    return Replay("tron", format_map(record.final.level), players, tuple(record.moves), turns, result,
                  record.map_id, record.failures, info)


def open_tron_replay(path: str | Path) -> Playback:
    """Load and check a Tron replay for the viewer: level, every state, moves and per-move metadata."""
    return open_replay(path, RULES)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:40] or "bot"


def replay_name(record: RoundRecord) -> str:
    """``0007-apocalyptic-flood-fill-vs-bot.py.json``: schedule order, map and seats."""
    return f"{record.index + 1:04d}-{_slug(record.map_id)}-{_slug(record.bots[0])}-vs-{_slug(record.bots[1])}.json"


class TournamentFiles:
    """``--save-replays`` and ``--out`` written while a tournament runs, not only at its end.

    They were written after the last round from records held in memory, so ``kill -9``, or a
    second Ctrl+C landing while the first one's files were written, lost every finished round.
    Now each round's replay is written as the round finishes (before its progress line), and
    the results file is rewritten as rounds come in -- as often as keeps its writes to about a
    fifth of the time (the Elo fit and the JSON grow with the rounds) -- and once more, whole,
    by :meth:`finish`. :attr:`records` holds every finished round in schedule order.
    """

    #: Rounds between two rewrites of ``--out`` take at least this many times the last write's own time.
    SPACING = 4.0

    def __init__(self, tournament: Tournament, out: Path | None, replays: Path | None, meta: dict[str, Any],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.tournament = tournament
        self.out = out
        self.replays = replays
        self.meta = dict(meta)
        self.replays_written = 0
        self._records: list[RoundRecord] = []
        self._unsaved: list[RoundRecord] = []
        self._clock = clock
        self._due = 0.0

    @property
    def records(self) -> list[RoundRecord]:
        return sorted(self._records, key=lambda r: r.index)

    def add(self, record: RoundRecord) -> None:
        """A round finished: write its replay now, and the results file if a rewrite is due."""
        self._records.append(record)
        self._unsaved.append(record)
        self.save_replays()
        if self.out is not None and self._clock() >= self._due:
            self.write_results()

    def save_replays(self) -> None:
        """Write the replays not written yet: the one of the round that just finished, or one whose
        write a signal cut short (the interrupted tournament's report calls this again)."""
        while self._unsaved:
            record = self._unsaved[0]
            if self.replays is not None:
                save_replay(round_replay(record, self.meta, self.tournament.specs),
                            self.replays / replay_name(record))
            self._unsaved.pop(0)  # before counting: a signal between them must not count one twice
            self.replays_written += self.replays is not None

    def write_results(self) -> None:
        """Rewrite ``--out`` with every round so far (atomically: a cut write leaves the previous one)."""
        if self.out is None:
            return
        started = self._clock()
        write_results(replace(self.tournament, records=self.records), self.out)
        self._due = self._clock() + self.SPACING * (self._clock() - started)

    def finish(self) -> None:
        """The last writes: every replay not written yet, and ``--out`` with every round that finished."""
        self.save_replays()
        self.write_results()


def results_dict(tournament: Tournament) -> dict[str, Any]:
    """Every round and the ratings, JSON-able."""
    ratings = tournament.elo()
    intervals = tournament.elo_intervals()
    return {
        "game": "tron", "bots": list(tournament.bots), "maps": [map_id for map_id, _ in tournament.maps],
        # The program behind each name that is not its spec (a label, or a script's name): which one played.
        "specs": {b: tournament.specs[b] for b in tournament.bots if b in tournament.specs},
        "games": tournament.games, "budget_ms": tournament.budget_ms, "seed": tournament.seed,
        "elo": {b: {"rating": round(ratings[b], 1), "ci95": round(intervals[b], 1)} for b in tournament.bots},
        # The table's "over" column: answers past the limit that applied (a program's first answer: its own).
        "moves_over": tournament.moves_over(),
        "rounds": [
            {"round": r.index + 1, "map": r.map_id, "game": r.game, "seat1": r.bots[0], "seat2": r.bots[1],
             "winner": None if r.outcome.winner is None else r.bots[r.outcome.winner],
             "score1": r.score, "ticks": len(r.moves), "reason": r.outcome.reason,
             "failures": list(r.failures),
             "max_ms": [round(max(t, default=0.0) * 1000, 2) for t in r.times],
             "seeds": list(r.seeds), "moves": list(r.moves)}
            for r in tournament.records
        ],
    }


CSV_FIELDS = ("round", "map", "game", "seat1", "seat2", "winner", "score1", "ticks", "reason",
              "seat1_max_ms", "seat2_max_ms", "seat1_failure", "seat2_failure")


def results_csv(tournament: Tournament) -> str:
    """The tournament's rounds as CSV, one row per round under :data:`CSV_FIELDS` (slowest answer and
    failures per seat), for a spreadsheet; the JSON results hold the moves as well.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for row in results_dict(tournament)["rounds"]:
        writer.writerow([row["round"], row["map"], row["game"], row["seat1"], row["seat2"], row["winner"] or "",
                         row["score1"], row["ticks"], row["reason"], row["max_ms"][0], row["max_ms"][1],
                         row["failures"][0], row["failures"][1]])
    return out.getvalue()


def write_results(tournament: Tournament, path: str | Path) -> None:
    """``.json`` (every round with its moves, ratings with intervals) or ``.csv`` (a row per round)."""
    from arcade.services.files import atomic_write_text

    suffix = Path(path).suffix.lower()
    if suffix == ".csv":
        text = results_csv(tournament)
    else:
        text = json.dumps(results_dict(tournament), indent=1) + "\n"
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise cannot_write(path, exc) from None
