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
from pathlib import Path
from typing import Any

from arcade.core.errors import OutputError
from arcade.games.tron.logic import RULES, format_map
from arcade.games.tron.match import RoundRecord, Tournament
from arcade.services.replays import Playback, Replay, Turn, open_replay, save_replay


def round_replay(record: RoundRecord, meta: dict[str, Any] | None = None) -> Replay:
    """The replay of one round: map text, both players' specs, moves, times, stderr and result."""
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
    return Replay("tron", format_map(record.final.level), record.bots, tuple(record.moves), turns, result,
                  record.map_id, record.failures, info)


def open_tron_replay(path: str | Path) -> Playback:
    """Load and check a Tron replay for the viewer: level, every state, moves and per-move metadata."""
    return open_replay(path, RULES)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:40] or "bot"


def replay_name(record: RoundRecord) -> str:
    """``0007-apocalyptic-flood-fill-vs-2010_python3_bot.py.json``: schedule order, map and seats."""
    return f"{record.index + 1:04d}-{_slug(record.map_id)}-{_slug(record.bots[0])}-vs-{_slug(record.bots[1])}.json"


def save_round_replays(records: list[RoundRecord], directory: str | Path, meta: dict[str, Any]) -> int:
    """One replay file per round in ``directory`` (created if needed); returns how many were written."""
    from arcade.services.files import check_output_dir

    folder = check_output_dir(directory)
    for record in records:
        save_replay(round_replay(record, meta), folder / replay_name(record))
    return len(records)


def results_dict(tournament: Tournament) -> dict[str, Any]:
    """Every round and the ratings, JSON-able."""
    ratings = tournament.elo()
    intervals = tournament.elo_intervals()
    return {
        "game": "tron", "bots": list(tournament.bots), "maps": [map_id for map_id, _ in tournament.maps],
        "games": tournament.games, "budget_ms": tournament.budget_ms, "seed": tournament.seed,
        "elo": {b: {"rating": round(ratings[b], 1), "ci95": round(intervals[b], 1)} for b in tournament.bots},
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
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
