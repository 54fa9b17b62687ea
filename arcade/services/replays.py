"""Replay files (service, pure): one game as documented JSON -- level, every move, every answer's time and stderr.

A replay is what a bot author keeps of a Tron round or a Runway run to look at later:
the level text (so the file stands alone), the players (bot specs), every move in the
game's own move text, per move each player's answer time and the stderr lines its
program wrote, and the result. The format is described in ``docs/tron.md`` and
``docs/runway.md``::

    {"format": "puzzle-arcade-replay", "version": 1, "game": "tron",
     "level_id": "apocalyptic", "level": "W H\\n...", "players": ["flood-fill", "2010:./bot"],
     "moves": ["N E", ...],
     "turns": [{"ms": [1.2, 40.3], "stderr": [[], ["depth 7"]]}, ...],
     "result": {"result": "win", "winner": 0, "score": 1.0, "reason": "..."},
     "failures": ["", ""], "meta": {...}}

``turns`` has one entry per move, plus one more when the game ended because a program
failed to answer (that entry holds its time and the stderr it wrote, often a traceback).
Loading checks everything, including that every move is legal from the level on; a
damaged file is one :class:`~arcade.core.errors.FormatError` line. :func:`open_replay`
gives the viewer the level, every state and the per-move metadata.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arcade.core.errors import ArcadeError, FormatError, NewerVersion, cannot_write, quoted
from arcade.core.game import Rules
from arcade.core.inputs import not_utf8, parse_json, read_bytes_file
from arcade.core.numbers import is_finite_number
from arcade.core.session import AI_MOVE, HINT_MOVE, credit_words

FORMAT = "puzzle-arcade-replay"
VERSION = 1
#: A replay larger than this is refused (a Tron round on the largest map is far below it).
MAX_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class Turn:
    """One move's metadata: per player the answer time (ms) and the stderr lines written for it."""

    ms: tuple[float, ...]
    stderr: tuple[tuple[str, ...], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"ms": [round(x, 3) for x in self.ms], "stderr": [list(lines) for lines in self.stderr]}


@dataclass(frozen=True)
class Replay:
    """A whole game. ``result`` holds ``result``, ``reason``, ``winner`` (or None) and ``score``."""

    game: str
    level: str
    players: tuple[str, ...]
    moves: tuple[str, ...]
    turns: tuple[Turn, ...]
    result: dict[str, Any]
    level_id: str = ""
    failures: tuple[str, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "game": self.game, "level_id": self.level_id,
            "level": self.level, "players": list(self.players), "moves": list(self.moves),
            "turns": [t.to_dict() for t in self.turns], "result": dict(self.result),
            "failures": list(self.failures or ("",) * len(self.players)), "meta": dict(self.meta),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"


def replay_from_session(session: Any, players: tuple[str, ...], *, turns: tuple[Turn, ...] | None = None,
                        failures: tuple[str, ...] | None = None, meta: dict[str, Any] | None = None) -> Replay:
    """A replay of a game played in the window (a :class:`~arcade.core.session.Session`): its level,
    the moves up to the current state and the outcome; ``turns`` default to no times and no stderr."""
    moves = tuple(session.moves)
    if turns is None:
        turns = tuple(Turn((0.0,) * len(players), ((),) * len(players)) for _ in moves)
    outcome = session.outcome
    result = ({"result": "unfinished", "winner": None, "score": None, "reason": "the game was not finished"}
              if outcome is None else
              {"result": outcome.result, "winner": outcome.winner, "score": outcome.score, "reason": outcome.reason})
    kinds = list(getattr(session, "kinds", ()))[: len(moves)]
    who = {"ai_moves": [i for i, kind in enumerate(kinds) if kind == AI_MOVE],
           "hint_moves": [i for i, kind in enumerate(kinds) if kind == HINT_MOVE]}
    return Replay(session.rules.name, session.rules.format_level(session.level), players, moves, turns, result,
                  session.level_id, failures or ("",) * len(players), {**who, **(meta or {})})


def move_kinds(replay: Replay) -> list[str]:
    """Who chose each of the replay's moves, as a session says it ("" the player, "ai", "hint"):
    ``meta`` keeps ``ai_moves`` and ``hint_moves`` (the indexes); a file without them (a program's
    run, an older file) is all the AI's."""
    meta = replay.meta
    ai, hints = meta.get("ai_moves"), meta.get("hint_moves")
    if not isinstance(ai, list) or not isinstance(hints, list):
        return [AI_MOVE] * len(replay.moves)
    return [HINT_MOVE if i in hints else AI_MOVE if i in ai else "" for i in range(len(replay.moves))]


def replay_credit(replay: Replay, ai_label: str = "the AI", noun: str = "move") -> str:
    """What the AI did in a saved run, in the live result's words ("with 1 hint", "the AI played it")."""
    kinds = move_kinds(replay)
    return credit_words(kinds.count(HINT_MOVE), kinds.count(AI_MOVE), len(kinds), ai_label, noun)


def play_replay_moves(session: Any, playback: Playback) -> None:
    """Play a replay's moves into a fresh viewer session, each as the one who chose it (the
    player's, a hint, the AI's), so the viewer's result credits the run as the live one did."""
    for move, kind in zip(playback.moves, move_kinds(playback.replay), strict=True):
        if kind == HINT_MOVE:
            with session.playing_hint():
                session.play(move, by_ai=True)
        else:
            session.play(move, by_ai=kind == AI_MOVE)


def save_replay(replay: Replay, path: str | Path) -> None:
    """Write ``replay`` atomically; an unwritable path is one :class:`OutputError` line.

    An output, not bad input: a full disk under ``tournament --save-replays`` ended with exit
    status 2 ("bad input") instead of 74, since the folder's check before the first round passes
    on a full disk (an empty probe file still fits) and only the replay itself does not.
    """
    from arcade.services.files import atomic_write_text

    try:
        atomic_write_text(path, replay.to_json())
    except OSError as exc:
        raise cannot_write(path, exc) from None


def replays_folder() -> Path:
    """The one folder replays are saved in and listed from (it may not exist yet): the picker's list
    and Ctrl+S named it each on its own, two places to keep in step."""
    from arcade.services.paths import data_dir

    return data_dir() / "replays"


def save_replay_in_data(replay: Replay, game: str, level_id: str) -> Path:
    """Write ``replay`` to the user data dir's ``replays/`` folder, named after the game, the level
    and the time (``tron-joust-20261126-101500.json``); its path, or one ArcadeError line.

    Two runs saved within the same second get ``-2``, ``-3``… after the time: the second one
    replaced the first, which was gone from the list.
    """
    from datetime import datetime

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    name = "".join(c if c.isalnum() or c in "-_." else "-" for c in (level_id or "run"))[:60]
    folder = replays_folder()
    path = folder / f"{game}-{name}-{stamp}.json"
    count = 1
    while path.exists():
        count += 1
        path = folder / f"{game}-{name}-{stamp}-{count}.json"
    save_replay(replay, path)
    return path


def _need(cond: bool, source: str, message: str) -> None:
    if not cond:
        raise FormatError(source, None, f"not a valid replay: {message}")


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def replay_from_dict(data: object, source: str = "<replay>", game: str | None = None) -> Replay:
    """Check the structure of a decoded replay and build it (moves are checked by :func:`replay_states`)."""
    _need(isinstance(data, dict), source, "expected a JSON object")
    assert isinstance(data, dict)
    _need(data.get("format") == FORMAT, source, f"the 'format' field is not {FORMAT!r}")
    version = data.get("version")
    # Not a bool: JSON ``true`` is an int to Python and read as version 1 (the same below for 'winner').
    _need(isinstance(version, int) and not isinstance(version, bool), source, "no version number")
    if version > VERSION:  # said as every newer version's file is; the file is only read, never moved
        raise NewerVersion(source, "replay", version, VERSION)
    name = data.get("game")
    _need(isinstance(name, str), source, "no game name")
    if game is not None and name != game:
        raise FormatError(source, None, f"this is a {name} replay, not a {game} one")
    _need(isinstance(data.get("level"), str), source, "no level text")
    players = data.get("players")
    _need(_strings(players) and len(players) >= 1, source, "'players' must be a list of bot specs")
    moves = data.get("moves")
    _need(_strings(moves), source, "'moves' must be a list of strings")
    turns_data = data.get("turns")
    _need(isinstance(turns_data, list), source, "'turns' must be a list")
    _need(len(moves) <= len(turns_data) <= len(moves) + 1, source,
          f"{len(turns_data)} turns for {len(moves)} moves")
    turns = []
    for number, turn in enumerate(turns_data, 1):
        ok = isinstance(turn, dict) and isinstance(turn.get("ms"), list) and isinstance(turn.get("stderr"), list)
        _need(ok, source, f"turn {number} needs 'ms' and 'stderr' lists")
        ms, stderr = turn["ms"], turn["stderr"]
        _need(len(ms) == len(players) and all(is_finite_number(x) and x >= 0 for x in ms), source,
              f"turn {number}: 'ms' needs one time per player")
        _need(len(stderr) == len(players) and all(_strings(lines) for lines in stderr), source,
              f"turn {number}: 'stderr' needs one list of lines per player")
        turns.append(Turn(tuple(float(x) for x in ms), tuple(tuple(lines) for lines in stderr)))
    result = data.get("result")
    _need(isinstance(result, dict) and isinstance(result.get("result"), str)
          and isinstance(result.get("reason", ""), str), source, "'result' needs 'result' and 'reason'")
    winner = result.get("winner")
    _need(winner is None or (isinstance(winner, int) and not isinstance(winner, bool) and 0 <= winner < len(players)),
          source, "bad 'winner'")
    failures = data.get("failures", [""] * len(players))
    _need(_strings(failures) and len(failures) == len(players), source, "'failures' needs one entry per player")
    meta = data.get("meta", {})
    _need(isinstance(meta, dict), source, "'meta' must be an object")
    return Replay(name, data["level"], tuple(players), tuple(moves), tuple(turns), dict(result),
                  _level_id(data.get("level_id")), tuple(failures), dict(meta))


#: The longest ``level_id`` a replay's title shows (a map's or a file's name is far shorter).
MAX_LEVEL_ID = 200


def _level_id(value: object) -> str:
    """A replay's ``level_id`` fit for a title, else "" (the level is in the file; its id only names it).

    ``str()`` of whatever was there became the title: ``null`` was a level called "None", a list
    "[1, 2]", NULs a row of boxes. The replay still opens -- its level is its own ``level`` text --
    and is listed and headed as a level of its own, or under the level's own title."""
    if not isinstance(value, str) or len(value) > MAX_LEVEL_ID or not value.isprintable():
        return ""
    return value


def load_replay(path: str | Path, game: str | None = None) -> Replay:
    """Read and check a replay file; every problem is one FormatError line naming the file.

    The file is read like a level file (:func:`~arcade.core.inputs.read_bytes_file`): a regular
    file of at most :data:`MAX_BYTES`, checked with ``stat`` before it is opened. ``play tron
    --replay FIFO`` waited for a writer for ever, and ``--replay /dev/urandom`` read until
    memory ran out.
    """
    source = str(path)
    try:
        os.stat(path)
    except FileNotFoundError:
        raise ArcadeError(f"{source}: no such replay file") from None
    except OSError as exc:
        raise ArcadeError(f"{source}: cannot read: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL byte in the name
        raise ArcadeError(f"{source!r}: cannot read: {exc}") from None
    raw = read_bytes_file(path, MAX_BYTES)  # FIFOs, devices, folders, too large: FormatError
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:  # worded as a level file's and a program's answer are
        raise FormatError(source, None, f"not a valid replay: {not_utf8(raw, exc.start)}") from None
    if not text.strip():  # a save cut off before its first byte: "broken JSON (expecting value at column 1)"
        raise FormatError(source, None, "not a valid replay: the file is empty")
    try:
        data = parse_json(text)
    except json.JSONDecodeError as exc:
        what = exc.msg.lower().removesuffix(" starting at").removesuffix(" at")
        message = f"not a valid replay: broken JSON ({what} at column {exc.colno})"
        raise FormatError(source, exc.lineno, message) from None
    except ValueError as exc:  # 100000 '[' or a 5000-digit number: these were internal errors (exit 70)
        raise FormatError(source, None, f"not a valid replay: {exc}") from None
    return replay_from_dict(data, source, game)


@dataclass(frozen=True)
class Playback:
    """What a viewer needs: the level, the state before and after every move, the moves and their turns."""

    replay: Replay
    level: Any
    states: list[Any]
    moves: list[Any]

    @property
    def turns(self) -> tuple[Turn, ...]:
        return self.replay.turns

    def turn(self, index: int) -> Turn | None:
        """Metadata of move ``index`` (0-based), or of the failed answer after the last move."""
        return self.replay.turns[index] if 0 <= index < len(self.replay.turns) else None


def replay_states(replay: Replay, rules: Rules[Any, Any, Any], source: str = "<replay>") -> Playback:
    """Parse the level and apply every move with ``rules``; an illegal move is a FormatError line."""
    try:
        level = rules.parse_level(replay.level, f"{source} (level)")
    except FormatError as exc:
        raise FormatError(source, None, f"not a valid replay: its level does not read: {exc.message}") from None
    state = rules.initial_state(level)
    states, moves = [state], []
    for number, text in enumerate(replay.moves, 1):
        try:
            move = rules.decode_move(text)
            state = rules.apply(state, move)
        except ArcadeError as exc:
            raise FormatError(source, None, f"not a valid replay: move {number} {quoted(text)}: {exc}") from None
        states.append(state)
        moves.append(move)
    return Playback(replay, level, states, moves)


def open_replay(path: str | Path, rules: Rules[Any, Any, Any]) -> Playback:
    """Load, check and replay a file for ``rules``' game: the viewer's one call."""
    return replay_states(load_replay(path, rules.name), rules, str(path))
