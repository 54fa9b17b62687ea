"""The game interfaces (core): what every game's pure back end provides.

Modelled on the back end of Simon Tatham's puzzles and on python-chess: a level is
parsed from text, a state is immutable, a move is a small value that round-trips through
text, ``apply`` returns a new state (or raises :class:`IllegalMove` with a reason), and
``outcome`` is an object rather than a flag. Because moves are text, a save is a level
plus a move list, a hint is just a move, and undo covers hints and AI moves for free.

Two flavours share this interface:

* :class:`PuzzleRules` -- one player, moves whenever they like (Hashi, Battle Royale).
* :class:`TickRules` -- the world advances in ticks and a move is the joint action of
  every player for one tick (Tron: both cycles' directions; Runway: the command).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from arcade.core.inputs import read_text_file

LevelT = TypeVar("LevelT")
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")

#: A level file's header line, ``# key: value`` (a title, an author): no game's board row has a
#: word and a colon after its ``#`` (Tron's walls are ``#``, its rows never hold a colon).
HEADER_LINE = re.compile(r"#\s*([A-Za-z][\w-]*)\s*:")

Result = Literal["win", "loss", "draw"]


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``winner`` is a 0-based player index for two-player games."""

    result: Result
    reason: str = ""
    winner: int | None = None
    score: float | None = None

    @property
    def is_win(self) -> bool:
        return self.result == "win"


@dataclass(frozen=True)
class Hint:
    """One step of advice: a move to play (encoded as text) or a warning, with its reason.

    ``kind`` is ``"move"`` for a safe step, ``"error"`` when the player's own moves already
    contradict every solution (``move`` then undoes or removes the culprit, if any),
    ``"guess"`` when only a guess can make progress and ``"info"`` when there is nothing to do.
    ``highlight`` is game-specific (cells, lines) and only drawn, never interpreted by the core.
    ``played_reason`` is what is still true once the move is played, said after it ("Best still
    possible: 4"); empty when the whole reason still is (a Hashi deduction). A reason that is an
    instruction ("go left — best still possible: 4"), said again after the step was taken, read as
    advice to step left once more.
    """

    move: str | None
    reason: str
    rule: str = ""
    kind: Literal["move", "error", "guess", "info"] = "move"
    highlight: tuple[Any, ...] = ()
    played_reason: str = ""


@dataclass(frozen=True)
class Step:
    """One step of an AI playing on its own, for the "watch" player.

    ``undo`` moves are taken back before ``move`` is applied, which is how a search shows
    that a guess was contradicted and backtracked.
    """

    move: str | None
    label: str = ""
    undo: int = 0
    kind: Literal["deduce", "guess", "backtrack", "move", "info"] = "move"
    highlight: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Example:
    """A worked example for the "How to play" page: a tiny level and a few moves, with a caption per step.

    ``captions[i]`` says what the board shows after ``i`` moves (so there is one more
    caption than moves).
    """

    level: str
    moves: tuple[str, ...]
    captions: tuple[str, ...]


@dataclass(frozen=True)
class LevelEntry:
    """One level as a picker lists it; games fill what they know.

    ``group`` is the heading it is listed under (a folder, a difficulty), ``record_key`` the
    key its personal best is kept under, ``value`` what the game needs to open it (a path, a
    generator recipe); ``error`` is set for a bundled file that does not load.
    """

    id: str
    title: str
    group: str = ""
    subtitle: str = ""
    tag: str = ""
    record_key: str = ""
    value: Any = None
    error: str = ""


class Rules(ABC, Generic[LevelT, StateT, MoveT]):
    """The pure rules of one game. Implementations are stateless; put state in ``StateT``."""

    #: Registry name, e.g. ``"hashi"``.
    name: str = ""
    #: ``"puzzle"`` or ``"tick"``.
    kind: Literal["puzzle", "tick"] = "puzzle"
    #: Glob of the game's bundled level files under ``levels/<name>/``.
    level_pattern: str = "*.txt"
    #: What else a level argument may be besides a file or a bundled id, read by the game itself
    #: (Hashi: ``"a game ID like 7x7:a3d31g5a..."``); named when an argument is none of them.
    level_forms: str = ""

    @abstractmethod
    def parse_level(self, text: str, source: str = "<string>") -> LevelT:
        """Read a level; raise :class:`FormatError` naming ``source`` and the line on bad input."""

    @abstractmethod
    def format_level(self, level: LevelT) -> str:
        """Write a level in the game's own file format (``parse_level`` reads it back equal)."""

    @abstractmethod
    def initial_state(self, level: LevelT, seed: int = 0) -> StateT:
        """The state a new game on ``level`` starts from."""

    @abstractmethod
    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The state after ``move``; never mutates ``state``; raises IllegalMove with a reason."""

    @abstractmethod
    def legal_moves(self, state: StateT) -> Sequence[MoveT]:
        """Every move ``apply`` accepts in ``state`` (empty once the game is over)."""

    @abstractmethod
    def encode_move(self, move: MoveT) -> str:
        """Text form of a move; ``decode_move`` reads it back equal."""

    @abstractmethod
    def decode_move(self, text: str) -> MoveT:
        """Parse a move; raise IllegalMove with a reason for garbage."""

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    def state_text(self, state: StateT) -> str:
        """ASCII picture of the state, for the CLI, tests and bug reports."""
        return str(state)

    #: Header keys (``# key: value``) that change how the level plays -- Hashi's topology --
    #: and so are part of :meth:`board_text`; every other header line is the level's description.
    board_headers: tuple[str, ...] = ()

    def board_text(self, level: LevelT) -> str:
        """What a game on ``level`` is played on, as text: :meth:`format_level` without the header
        lines that only describe it (title, author, difficulty), those in :attr:`board_headers` kept.

        ``play GAME --level FILE`` resumes the save of the same board (see :meth:`same_board`): it
        compared whole levels, so a file whose ``# title:`` was edited started afresh and its first
        move replaced the save of that very grid. A game whose levels hold rules elsewhere than in
        the formatted text, or whose header holds more of them, overrides this.
        """
        lines = self.format_level(level).splitlines(keepends=True)
        kept = []
        for line in lines:
            header = HEADER_LINE.match(line)
            if header is None or header.group(1).lower() in self.board_headers:
                kept.append(line)
        return "".join(kept)

    def same_board(self, a: LevelT, b: LevelT) -> bool:
        """Whether a game on ``a`` is a game on ``b``: the same :meth:`board_text`, whatever their titles."""
        return a == b or self.board_text(a) == self.board_text(b)

    def play(self, state: StateT, text: str) -> StateT:
        """Decode and apply one move given as text."""
        return self.apply(state, self.decode_move(text))

    def load_level_file(self, path: str | Path) -> LevelT:
        """Parse a level file; unreadable files raise FormatError like malformed ones.

        A UTF-8 byte-order mark (Windows editors add one) is skipped.
        """
        text = read_text_file(path)  # bounded, regular files only, strict UTF-8: every failure a FormatError
        return self.parse_level(text.removeprefix("\ufeff"), str(path))


class PuzzleRules(Rules[LevelT, StateT, MoveT]):
    """A one-player puzzle in the Tatham mould."""

    kind: Literal["puzzle", "tick"] = "puzzle"


class TickRules(Rules[LevelT, StateT, MoveT]):
    """A game that advances in ticks; a move is every player's action for one tick."""

    kind: Literal["puzzle", "tick"] = "tick"
    #: How many players act each tick.
    players: int = 1
    #: Real-time tick length at normal speed (the UI scales it by the speed setting).
    tick_seconds: float = 0.1
