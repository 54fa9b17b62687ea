"""What each game declares to the framework, and the one launch path that uses it (ui).

Like the ``struct game`` that Tatham's mid end drives, a :class:`GameFront` says what is
particular to a game -- its level catalogue, how to open a level or make one from a seed,
its AI hooks, how to check the game-specific part of a save, which scene draws it -- and
:func:`open_game` does the rest the same way for every game: a save resumes unless a
level, a seed or a new game was asked for; a damaged save is moved aside with one line;
a last-played level that has gone falls back to the first bundled one.
"""

from __future__ import annotations

import contextlib
import re
from typing import TYPE_CHECKING, Any

from arcade.core.errors import ArcadeError, FormatError, UsageError
from arcade.core.game import Example, LevelEntry, Rules
from arcade.core.registry import GameInfo, Launch
from arcade.core.session import Session
from arcade.services import saves
from arcade.services.files import damage_reason
from arcade.ui.reopening import BOARD_REF, file_ref, remembered_board

if TYPE_CHECKING:
    from arcade.ui.app import App
    from arcade.ui.game_scene import GameScene

#: What a damaged save or scene state can raise while it is read (besides the framework's errors).
DAMAGE = (ArcadeError, ValueError, TypeError, KeyError, IndexError, OverflowError, AttributeError, RecursionError)


#: A level id that is a file's name: a folder part (optional), a name, and a short extension of letters.
_FILE_ID = re.compile(r"(?:.*[/\\])?(?P<stem>[^/\\]+?)\.[A-Za-z][A-Za-z0-9]{0,4}")


def level_name_from_id(level_id: str) -> str:
    """A level with no title of its own, as the player reads it: a file's name without its folder
    and extension ("Hs_24_200_50_05_001.has" is "Hs_24_200_50_05_001"; it was cut "…001.…" in the
    header at 640x400), any other id (a bundled id, "random 21x21 #42") as it is."""
    match = _FILE_ID.fullmatch(level_id)
    return match.group("stem") if match else level_id


class GameFront:
    """A game's front-end declaration. Subclasses override what their game needs."""

    #: Replay files saved in the window (Ctrl+S) open again from the level picker's *Saved replays*
    #: row (see :mod:`arcade.ui.replays`); the game's :meth:`open_options` opens ``{"replay": ...}``.
    replays = False
    #: What the game calls one move, in the result's count and the AI credit ("Turns: 7", "The AI
    #: played 3 of 7 turns"): Runway's result counted "Turns" and its credit "moves".
    move_noun = "move"
    #: What the game calls one of its levels, in the level picker's title ("Tron — choose a map"): Tron's
    #: help said "L: choose a map" over a picker titled "choose a level".
    level_noun = "level"
    #: Modules the game imports only on the way to its screen (Hashi's hints and editor, found by
    #: name): the menu's warm-up (:meth:`arcade.ui.app.App.warm_up_games`) imports them after the
    #: front, so the first opening finds them loaded as well.
    warm_modules: tuple[str, ...] = ()

    def __init__(self, info: GameInfo) -> None:
        self.info = info
        #: Bundled levels' titles by id, read once (see :meth:`level_title`).
        self._titles: dict[str, str] | None = None

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def rules(self) -> Rules[Any, Any, Any]:
        return self.info.load_rules()

    # -- levels --------------------------------------------------------------------------
    def levels(self) -> list[LevelEntry]:
        """Every bundled level, in the order the picker lists them (its groups in ``info.level_groups``)."""
        return []

    def extra_choices(self) -> list[LevelEntry]:
        """Picker rows after the bundled levels that are not files (a random runway, a new grid)."""
        return []

    def open_level(self, ref: str) -> tuple[Any, str]:
        """``(level, level_id)`` for a file path, a bundled id or a game ID; ArcadeError otherwise."""
        raise UsageError(f"{self.info.title} has no level {ref!r}")

    def open_entry(self, app: App, entry: LevelEntry) -> tuple[Any, str]:
        """``(level, level_id)`` for a picker row (default: its id as a level reference)."""
        return self.open_level(entry.id)

    def picker_row(self, level: Any, level_id: str) -> str:
        """The id of the picker row the level on screen came from, which the picker opens on.

        Default: its own id (a bundled level). A generated board's id names its seed ("random 51x51
        #42"), not the row that made it ("random-51-0.1"), so the picker opened on its first row,
        as if the player were on another grid; games with random rows map the one back to the other.
        """
        return level_id

    def seeded_level(self, app: App, seed: int) -> tuple[Any, str]:
        """A generated level for ``--seed`` (games without a generator refuse)."""
        raise UsageError(f"{self.info.title} makes no levels from a seed")

    def reopen_ref(self, level: Any, level_id: str) -> str | None:
        """A reference :meth:`open_level` makes this same level from again, remembered as where the
        game reopens (see :mod:`arcade.ui.reopening`): a bundled level's id by default. None (a
        generated or pasted board) has the framework keep the board itself, or the file it came from."""
        if not self.remade_id(level_id) or self.level_differs(level, level_id, board_only=False):
            # A file of one's own under a bundled level's name reopens from the file, even when only
            # its title differs: it is the file the player opened, and edits to it are theirs to see.
            return None
        return level_id

    def remade_id(self, level_id: str) -> bool:
        """Whether :meth:`open_level` makes a level from ``level_id`` alone: a bundled level's id
        (default); a game whose generated ids carry their seed says so for those too."""
        return level_id in {e.id for e in self.levels() if not e.error}

    def last_level(self, app: App) -> str | None:
        """The level played last time (default: what the framework remembered on each level change)."""
        last = app.game_settings(self.name).get("last_level")
        return last if isinstance(last, str) and last else None

    def launch_level(self, app: App, launch: Launch) -> tuple[Any, str]:
        """The level a launch with options names (``play GAME --bot``): ``--level``, else ``--seed``,
        else the one played last if it still opens, else the first bundled one."""
        if launch.level is not None:
            return self.open_level(launch.level)  # a bad --level is the caller's error
        if launch.seed is not None:
            return self.seeded_level(app, launch.seed)
        return _last_or_first(app, self, [])

    def first_level(self) -> str:
        """The level a first-time player starts on."""
        entries = [e for e in self.levels() if not e.error]
        if not entries:
            raise UsageError(f"no {self.info.title} levels found")
        return entries[0].id

    def level_title(self, level: Any, level_id: str) -> str:
        """A level's name as the player reads it everywhere -- the game's header, the menu's
        Continue, the picker: a bundled level's picker title, else the level's own title, else its
        id (a random board's "random 21x21 #42"), a file's without its folder and extension
        (:func:`level_name_from_id`). Tron's header said "huge-room" where its setup
        and picker said "Huge room"."""
        if self._titles is None:
            self._titles = {e.id: e.title for e in self.levels() if not e.error}
        title = self._titles.get(level_id) or getattr(level, "title", "")
        return title if isinstance(title, str) and title else level_name_from_id(level_id)

    def level_differs(self, level: Any, level_id: str, *, board_only: bool = True) -> bool:
        """Whether ``level`` is not the level its id names: a replay keeps its own level and names it by
        the id it was played under, and a map edited since (or a replay from another version) kept the
        bundled map's name, as does a level file of one's own named like a bundled level (its id is its
        name). Only an id :meth:`open_level` makes again (see :meth:`remade_id`) is compared; any
        other id names nothing to compare with.

        By default only the board counts (:meth:`Rules.same_board`): a replay of the bundled map whose
        ``# title:`` changed between versions was called "the replay's copy" over the very board the
        bundled level is. ``board_only=False`` compares the whole formatted level, headers included."""
        if level is None or not level_id or not self.remade_id(level_id):
            return False
        try:
            named, _ = self.open_level(level_id)
        except ArcadeError:
            return False
        if board_only:
            return not self.rules.same_board(named, level)
        return self.rules.format_level(named) != self.rules.format_level(level)

    def replay_level_title(self, replay: Any, level: Any) -> str:
        """A replay's level as its viewer and the saved-replays list name it: the title of the level it
        names, marked "(the replay's copy)" when its own level differs from that one (see
        :meth:`level_differs`), "a level of its own" when it names none."""
        if not replay.level_id:
            return "a level of its own"
        title = self.level_title(None, replay.level_id)
        return f"{title} (the replay's copy)" if self.level_differs(level, replay.level_id) else title

    def record_key(self, level: Any) -> str:
        """The key a level's personal best is kept under (default: none, so no records)."""
        return ""

    def record_value(self, scene: GameScene) -> float | None:
        """The finished game's result in the unit of ``info.record`` (None: nothing to record)."""
        return None

    def example(self) -> Example | None:
        """A worked example for the "How to play" page (None: rules and keys only)."""
        return None

    # -- sessions and scenes ---------------------------------------------------------------
    def hooks(self) -> dict[str, Any]:
        """``hint`` and ``watch`` for the Session (empty when the game has no AI for them)."""
        return {}

    def new_session(self, app: App, level: Any, level_id: str, seed: int = 0) -> Session[Any, Any, Any]:
        return Session(self.rules, level, seed=seed, level_id=level_id, **self.hooks())

    def resume_session(self, data: dict[str, Any], source: str) -> Session[Any, Any, Any]:
        return Session.from_dict(self.rules, data, source, **self.hooks())

    def make_scene(self, app: App, session: Session[Any, Any, Any]) -> GameScene:
        """The game's scene for ``session``; raises (ValueError, ArcadeError ...) on a damaged save's extras."""
        raise NotImplementedError

    def replay_player(self, player: str) -> str:
        """A replay's player (a bot spec, "human") as the list of saved replays names it."""
        return player

    def replay_players(self, players: tuple[str, ...]) -> list[str]:
        """A replay's players as its list row names them: one name per player, as the game's
        header and replay viewer say it (Tron's list said "a player" where they said "You")."""
        return [self.replay_player(p) for p in players]

    def replay_reason(self, replay: Any) -> str:
        """How a saved replay ended, as its list row says it (Tron names the seats as its screen does)."""
        return str(replay.result.get("reason", "")).strip()

    def open_options(self, app: App, launch: Launch) -> GameScene | None:
        """The scene for ``launch.options`` (``play --replay FILE``, ``play --bot SPEC``, ``play hashi
        --edit``), or None to open the usual way. The options were checked by the CLI (see
        :func:`arcade.cli.play_options`)."""
        return None


def open_session(app: App, front: GameFront, launch: Launch) -> tuple[GameScene, list[str]]:
    """The scene ``launch`` asks for, and one message per problem met (and mended) on the way."""
    messages: list[str] = []
    name = front.name
    if launch.options:
        special = front.open_options(app, launch)
        if special is not None:
            return special, messages
        if "edit" in launch.options:  # play GAME --edit: only a game whose front opens an editor has one
            raise UsageError(f"{front.info.title} has no editor")
    if launch.save is not None:
        try:
            return _resumed(app, front, launch.save, "the save"), messages
        except DAMAGE as exc:
            messages.append(f"Could not resume that save: {_one_line(exc)}")
    elif launch.level is None and launch.seed is None and not launch.new:
        try:
            saved = saves.read_autosave(name, front.info.title)
        except saves.DamagedSave as exc:
            messages.append(str(exc))
            saved = None
        if saved is not None:
            try:
                return _resumed(app, front, saved.data, saved.path.name), messages
            except DAMAGE as exc:
                messages.append(saves.damaged_message(front.info.title, saved.path, _one_line(exc)))
    if launch.level is not None:
        level, level_id = front.open_level(launch.level)  # a bad --level is the caller's error (exit 2)
        seed, ref = launch.seed or 0, launch.level
        resumed = None if launch.new or launch.seed is not None else _saved_game_of(app, front, level, messages)
        if resumed is not None:
            resumed.level_file = file_ref(ref)
            return resumed, messages
    elif launch.seed is not None:
        level, level_id = front.seeded_level(app, launch.seed)
        seed, ref = launch.seed, None
    else:
        level, level_id, ref = _last_or_first_ref(app, front, messages)
        seed = 0
    session = front.new_session(app, level, level_id, seed)
    scene = front.make_scene(app, session)
    # A level opened from a file is remembered as that file, read again next time (see reopening).
    scene.level_file = file_ref(ref)
    return scene, messages


def _saved_game_of(app: App, front: GameFront, level: Any, messages: list[str]) -> GameScene | None:
    """The autosave resumed, when it is a game of ``level`` itself; else None (no save, a damaged
    one, another level's). ``play hashi --level BIG.has`` opened a 400-island board afresh though
    the save was that board half solved, and the first move there replaced the save: an evening's
    bridges were gone. ``--new`` still starts over.

    A damaged save is moved aside and said in ``messages``, as the menu's Continue does: it was
    passed over without a word -- and one whose moves no longer replay was then replaced by the
    first move, not kept as ``.damaged``.

    "The same level" is the same board (:meth:`Rules.same_board`), not the same file: an edited
    ``# title:`` line started the game afresh and its first move replaced the save of that grid.
    The game resumes on the file's level as it is now (its new title in the header and the save)."""
    try:
        saved = saves.read_autosave(front.name, front.info.title)
    except saves.DamagedSave as exc:  # already moved aside (or left, if unreadable)
        messages.append(str(exc))
        return None
    if saved is None:
        return None
    try:
        session = front.resume_session(saved.data, saved.path.name)
    except DAMAGE as exc:
        messages.append(saves.damaged_message(front.info.title, saved.path, _one_line(exc)))
        return None
    if not front.rules.same_board(session.level, level):
        return None
    if session.level != level:  # the same board described anew: its moves replayed on the file's level
        # Failing that, kept as it was saved: the moves are the board's, the description the save's.
        with contextlib.suppress(*DAMAGE):
            session = front.resume_session({**saved.data, "level": front.rules.format_level(level)},
                                           saved.path.name)
    return front.make_scene(app, session)


def _resumed(app: App, front: GameFront, data: dict[str, Any], source: str) -> GameScene:
    session = front.resume_session(data, source)
    return front.make_scene(app, session)


def _last_or_first(app: App, front: GameFront, messages: list[str]) -> tuple[Any, str]:
    """The last level played if it still opens -- a bundled level, a file, a board generated or
    pasted (see :mod:`arcade.ui.reopening`) -- else the first bundled level (saying why)."""
    level, level_id, _ref = _last_or_first_ref(app, front, messages)
    return level, level_id


def _last_or_first_ref(app: App, front: GameFront, messages: list[str]) -> tuple[Any, str, str | None]:
    """:func:`_last_or_first`, and the reference it opened (None: the board kept, or the first level)."""
    last = front.last_level(app)
    if last == BOARD_REF:
        try:
            board = remembered_board(app, front)
        except DAMAGE as exc:
            messages.append(f"The board played last could not be opened: {_one_line(exc)}; "
                            "starting on the first level.")
            board = None
        if board is not None:
            return (*board, None)
    elif last:
        try:
            return (*front.open_level(last), last)
        except (ArcadeError, OSError) as exc:
            messages.append(f"The last level played ({last[:60]}) could not be opened: {_one_line(exc)}; "
                            "starting on the first level.")
    return (*front.open_level(front.first_level()), None)


def _one_line(exc: BaseException) -> str:
    """``exc`` as one line of a message: a damaged value's own words ("'elapsed' is not a finite
    number" was said "ValueError: 'elapsed' ..."), the type's name kept only for what is not one."""
    plain = isinstance(exc, (ArcadeError, FormatError, ValueError)) and not isinstance(exc, UnicodeError)
    text = str(exc) if plain else damage_reason(exc) if isinstance(exc, KeyError) else f"{type(exc).__name__}: {exc}"
    return " ".join(text.split())[:200]
