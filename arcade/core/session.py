"""The mid end (core): one game in progress with its history, undo/redo, saves, hint and watch hooks.

A :class:`Session` owns the list of states a game went through, like Tatham's midend:
moves are applied through the game's :class:`Rules`, never edited in place, so undo is
moving an index and a save is the level text plus the moves as text. The UI talks to
the session only; hint and watch are hooks the game plugs in (its AI), so the session
stays ignorant of how moves are chosen.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Generic

from arcade.core.errors import ArcadeError, FormatError, IllegalMove, NewerVersion, newer_version, quoted
from arcade.core.game import Hint, LevelT, MoveT, Outcome, Rules, StateT, Step
from arcade.core.inputs import parse_json
from arcade.core.numbers import checked_int
from arcade.core.words import plural

SAVE_VERSION = 1
#: Who chose a move the AI chose: the AI by itself (a watch step, a bot), or a hint the player played.
AI_MOVE, HINT_MOVE = "ai", "hint"


def credit_words(hints: int, played: int, moves: int, ai_label: str = "the AI", noun: str = "move") -> str:
    """What the AI did for a game, in words (pure; the live result, the record note, a saved
    replay's list row, viewer and end panel all say it so): "" (nothing), "with 1 hint" (hints
    the player played), "the AI played 4 of 6 moves" (watched steps; ", 1 of them a hint" when
    hints were played too), "the AI played it" (every move the AI's). ``moves`` counts what the
    result's "Moves" counts; ``hints`` and ``played`` count only those moves; ``noun`` is what the
    game calls one (:attr:`arcade.ui.front.GameFront.move_noun`: Runway's result counts "Turns")."""
    hint_words = plural(hints, 'hint')
    if not played:
        return f"with {hint_words}" if hints else ""
    if played >= moves:
        return f"{ai_label} played it"
    of_them = f", {hints} of them {'a hint' if hints == 1 else 'hints'}" if hints else ""
    if played + hints >= moves:  # "played 10 of 10 moves" read as a count that was not all
        return f"{ai_label} played all {plural(moves, noun)}{of_them}"
    return f"{ai_label} played {played + hints} of {plural(moves, noun)}{of_them}"


#: Bounds a save must respect before anything in it is replayed (a damaged or hostile file
#: must not make the program allocate or loop without limit).
MAX_SAVE_MOVES = 200_000
MAX_MOVE_TEXT = 256
MAX_LEVEL_TEXT = 4_000_000
SEED_LIMIT = 2**63

HintHook = Callable[[Any], Hint | None]
WatchHook = Callable[[Any], Iterator[Step]]


class Session(Generic[LevelT, StateT, MoveT]):
    """History of states for one game; the single place where moves are applied."""

    def __init__(
        self,
        rules: Rules[LevelT, StateT, MoveT],
        level: LevelT,
        *,
        seed: int = 0,
        level_id: str = "",
        hint: HintHook | None = None,
        watch: WatchHook | None = None,
        initial: StateT | None = None,
    ) -> None:
        self.rules = rules
        self.level = level
        self.seed = seed
        self.level_id = level_id
        self.hint_hook = hint
        self.watch_hook = watch
        #: Free-form data the UI keeps with a save (elapsed time, locks, ...); JSON-able.
        self.extra: dict[str, Any] = {}
        start = initial if initial is not None else rules.initial_state(level, seed)
        self._states: list[StateT] = [start]
        self._moves: list[str] = []
        #: Parallel to ``_moves``: who chose each move -- "" the player, :data:`AI_MOVE` the AI
        #: (a watch step, a bot), :data:`HINT_MOVE` a hint the player had played (H again).
        self._by_ai: list[str] = []
        #: What ``play(by_ai=True)`` records now (see :meth:`playing_hint`).
        self._ai_kind = AI_MOVE
        self._index = 0
        #: The last history end whose outcome :attr:`looking_back` asked, and whether it ends the game.
        self._end_of: StateT | None = None
        self._end_over = False
        self._listeners: list[Callable[[Session[LevelT, StateT, MoveT]], None]] = []

    # -- reading -----------------------------------------------------------------------
    @property
    def state(self) -> StateT:
        return self._states[self._index]

    @property
    def initial(self) -> StateT:
        return self._states[0]

    @property
    def index(self) -> int:
        """How many moves have been played to reach the current state."""
        return self._index

    @property
    def length(self) -> int:
        """Moves in the history, including undone moves that can be redone."""
        return len(self._moves)

    @property
    def moves(self) -> list[str]:
        """The moves (as text) that lead from the initial to the current state."""
        return self._moves[: self._index]

    @property
    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    @property
    def can_undo(self) -> bool:
        return self._index > 0

    @property
    def can_redo(self) -> bool:
        return self._index < len(self._moves)

    def state_at(self, index: int) -> StateT:
        return self._states[index]

    def move_at(self, index: int) -> str:
        """The move (as text) that leads from state ``index`` to the next, redo tail included."""
        return self._moves[index]

    @property
    def ai_moved(self) -> bool:
        """Whether any move that leads to the current state was the AI's (watch or a played hint).

        Undo past the AI's moves clears it, redo brings it back, a restart or a new level
        starts clean: the honest answer to "did the player do this alone?".
        """
        return any(self._by_ai[: self._index])

    @property
    def looking_back(self) -> bool:
        """Whether the current state is behind the end of a history that ends the game: the game was
        played to its end and the player is only looking back through it (undo, scrubbing). A move from
        here drops the ending and makes the game live again."""
        if not self.can_redo:
            return False
        last = self._states[-1]
        if self._end_of is not last:  # the outcome of one history end, asked once
            self._end_of = last
            self._end_over = self.rules.outcome(last) is not None
        return self._end_over

    @property
    def ai_played_all(self) -> bool:
        """Whether every move that leads to the current state was the AI's (a watched solve):
        the player's clock never ran, so a result shows no time."""
        return self._index > 0 and all(self._by_ai[: self._index])

    @property
    def hints_played(self) -> int:
        """How many of the moves that lead to the current state were hints the player had played."""
        return sum(1 for kind in self._by_ai[: self._index] if kind == HINT_MOVE)

    @property
    def ai_played(self) -> int:
        """How many of the moves that lead to the current state the AI played by itself (watch steps)."""
        return sum(1 for kind in self._by_ai[: self._index] if kind == AI_MOVE)

    @property
    def kinds(self) -> list[str]:
        """Who chose each move that leads to the current state: "" the player, :data:`AI_MOVE`
        the AI, :data:`HINT_MOVE` a hint the player played (a saved replay keeps them)."""
        return list(self._by_ai[: self._index])

    @property
    def ai_finished(self) -> bool:
        """Whether the AI played the move that leads to the current state by itself (a watch step):
        who crossed the line, so a result's title credits the AI. A hint the player chose to play
        is the player's move with help -- it earns the "with 1 hint" line, not "The AI solved it"."""
        return self._index > 0 and self._by_ai[self._index - 1] == AI_MOVE

    # -- changing ----------------------------------------------------------------------
    def subscribe(self, listener: Callable[[Session[LevelT, StateT, MoveT]], None]) -> None:
        """Call ``listener(session)`` after every change (the UI autosaves and redraws here)."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in self._listeners:
            listener(self)

    def play(self, move: MoveT | str, *, by_ai: bool = False) -> StateT:
        """Apply a move (a value or its text); drop any redo tail; raise IllegalMove if refused.

        ``by_ai`` marks a move the AI chose, so a game it finishes is never the player's record.
        """
        if isinstance(move, str):
            move = self.rules.decode_move(move)
        new_state = self.rules.apply(self.state, move)
        text = self.rules.encode_move(move)
        del self._states[self._index + 1 :]
        del self._moves[self._index :]
        del self._by_ai[self._index :]
        self._states.append(new_state)
        self._moves.append(text)
        self._by_ai.append(self._ai_kind if by_ai else "")
        self._index += 1
        self._changed()
        return new_state

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self._index -= 1
        self._changed()
        return True

    def redo(self, *, by_ai: bool = False) -> bool:
        """Step forward along the redo history. ``by_ai``: the AI chose this very move itself (its
        move equals the one recorded, so the history ahead is kept) -- the move is credited to the
        AI, whoever recorded it first. Replaying the tape through redo credited the AI's move to the
        player: SPEED, JUMP, undo, redo, undo, Watch AI -> the AI drove turns 2-5 but the result said
        "The AI played 3 of 5 moves"."""
        if not self.can_redo:
            return False
        if by_ai:
            self._by_ai[self._index] = self._ai_kind
        self._index += 1
        self._changed()
        return True

    def seek(self, index: int) -> None:
        """Jump to any point of the history (tick games scrub with this)."""
        index = max(0, min(index, len(self._moves)))
        if index != self._index:
            self._index = index
            self._changed()

    def restart(self) -> None:
        """Back to the start; the moves stay redoable, so a restart can itself be undone by redo."""
        self.seek(0)

    def replace_level(self, level: LevelT, *, seed: int = 0, level_id: str = "") -> None:
        """Start over on another level (new game); history is cleared."""
        self.level = level
        self.seed = seed
        self.level_id = level_id
        self._states = [self.rules.initial_state(level, seed)]
        self._moves = []
        self._by_ai = []
        self._index = 0
        self.extra = {}
        self._changed()

    @contextmanager
    def playing_hint(self) -> Iterator[None]:
        """Moves played by the AI inside are hints the player asked for and played (H again):
        the AI's all the same, but a result says "with 1 hint", not that the AI played the game."""
        self._ai_kind = HINT_MOVE
        try:
            yield
        finally:
            self._ai_kind = AI_MOVE

    # -- AI hooks ----------------------------------------------------------------------
    def hint(self) -> Hint | None:
        """The game's advice for the current state, or None if the game offers none."""
        return self.hint_hook(self.state) if self.hint_hook else None

    def watch(self) -> Iterator[Step]:
        """The AI's steps from the current state (empty if the game has no watch mode)."""
        if self.watch_hook is None:
            return iter(())
        return self.watch_hook(self.state)

    def apply_step(self, step: Step) -> None:
        """Carry out one AI step: take back ``step.undo`` moves, then play ``step.move`` as the AI's."""
        for _ in range(step.undo):
            if not self.undo():
                raise ArcadeError("AI asked to undo more moves than were played")
        if step.move is not None:
            self.play(step.move, by_ai=True)

    # -- saving ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-able save: the level as text plus every move as text (redo tail included)."""
        return {
            "version": SAVE_VERSION,
            "game": self.rules.name,
            "level": self.rules.format_level(self.level),
            "level_id": self.level_id,
            "seed": self.seed,
            "moves": list(self._moves),
            "index": self._index,
            "ai_moves": [i for i, by_ai in enumerate(self._by_ai) if by_ai],
            "hint_moves": [i for i, by_ai in enumerate(self._by_ai) if by_ai == HINT_MOVE],
            "extra": self.extra,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(
        cls,
        rules: Rules[LevelT, StateT, MoveT],
        data: dict[str, Any],
        source: str = "<save>",
        **hooks: Any,
    ) -> Session[LevelT, StateT, MoveT]:
        """Rebuild a session by replaying the saved moves; any damage raises FormatError.

        Every field is checked for type, range and size before anything is replayed, so a
        damaged, truncated or hostile file is one line of error, never a crash or a hang.
        """
        if not isinstance(data, dict):
            raise FormatError(source, None, "save is not a JSON object")
        if data.get("game") != rules.name:
            raise FormatError(source, None, f"save is for game {quoted(data.get('game'))}, not {rules.name!r}")
        newer = newer_version(data.get("version"), SAVE_VERSION)
        if newer is not None:  # not damage: "damaged save (save version 3 is newer ...)" set it aside as such
            raise NewerVersion(source, "save", newer, SAVE_VERSION)
        try:
            fields = _checked_fields(data)
        except KeyError as exc:  # said "damaged save ('level')"
            raise FormatError(source, None, f"damaged save ({exc.args[0]!r} is missing)") from None
        except (TypeError, ValueError) as exc:
            raise FormatError(source, None, f"damaged save ({exc})") from None
        level_text, level_id, seed, moves, index, ai_moves, hint_moves, extra = fields
        level = rules.parse_level(level_text, f"{source} (level)")
        session = cls(rules, level, seed=seed, level_id=level_id, **hooks)
        for number, text in enumerate(moves, 1):
            try:
                session._ai_kind = HINT_MOVE if number - 1 in hint_moves else AI_MOVE
                session.play(text, by_ai=number - 1 in ai_moves or number - 1 in hint_moves)
            except IllegalMove as exc:
                raise FormatError(source, None, f"move {number} ({quoted(text)}) is illegal: {exc}") from None
        session._ai_kind = AI_MOVE
        session.seek(index)
        session.extra = extra
        return session

    @classmethod
    def from_json(
        cls, rules: Rules[LevelT, StateT, MoveT], text: str, source: str = "<save>", **hooks: Any
    ) -> Session[LevelT, StateT, MoveT]:
        try:
            data = parse_json(text)
        except json.JSONDecodeError as exc:
            raise FormatError(source, exc.lineno, f"not valid JSON ({exc.msg})") from None
        except ValueError as exc:  # nested too deeply, a number with too many digits
            raise FormatError(source, None, f"damaged save ({exc})") from None
        return cls.from_dict(rules, data, source, **hooks)


def _checked_fields(data: dict[str, Any]) -> tuple[str, str, int, list[str], int, set[int], set[int], dict[str, Any]]:
    """The save's fields, each checked for type, range and size (KeyError/TypeError/ValueError if not)."""
    version = data.get("version", SAVE_VERSION)  # (a newer version's was refused before: NewerVersion)
    if isinstance(version, bool) or version != SAVE_VERSION:
        raise ValueError(f"unknown save version {quoted(version)}")
    level = data["level"]
    if not isinstance(level, str) or len(level) > MAX_LEVEL_TEXT:
        raise ValueError("'level' is not a level text")
    level_id = data.get("level_id", "")
    if not isinstance(level_id, str) or len(level_id) > 1000:
        raise ValueError("'level_id' is not a short text")
    seed = checked_int(data.get("seed", 0), -SEED_LIMIT, SEED_LIMIT, "'seed'")
    moves = data.get("moves", [])
    if not isinstance(moves, list) or len(moves) > MAX_SAVE_MOVES:
        raise ValueError("'moves' is not a list of moves")
    if not all(isinstance(m, str) and len(m) <= MAX_MOVE_TEXT for m in moves):
        raise ValueError("'moves' holds something that is not a move")
    index = checked_int(data.get("index", len(moves)), 0, len(moves), "'index'")
    ai_list = data.get("ai_moves", [])
    if not isinstance(ai_list, list):
        raise ValueError("'ai_moves' is not a list")
    ai_moves = {checked_int(i, 0, max(0, len(moves) - 1), "an 'ai_moves' entry") for i in ai_list}
    hint_list = data.get("hint_moves", [])  # older saves have none: their AI moves read as the AI's
    if not isinstance(hint_list, list):
        raise ValueError("'hint_moves' is not a list")
    hint_moves = {checked_int(i, 0, max(0, len(moves) - 1), "a 'hint_moves' entry") for i in hint_list}
    extra = data.get("extra", {})
    if not isinstance(extra, dict):
        raise ValueError("'extra' is not an object")
    return level, level_id, seed, [str(m) for m in moves], index, ai_moves, hint_moves, dict(extra)
