"""Saved replays in the window (ui): the list a game's level picker opens, for every game that has them.

A replay saved with Ctrl+S could only be opened from the command line (``play GAME
--replay FILE``); a player who only uses the window had no way back to it. A game whose
front declares ``replays = True`` (Runway, Tron) gets a *Saved replays* row at the top of
its level picker, under its own heading, which lists the game's files in the user data dir's ``replays/`` folder,
newest first. Each row says the level, the players and how it ended; a damaged file is
listed under its name with what is wrong, and picking it says so in one line. A good one
opens in the game's replay viewer, exactly as ``play GAME --replay FILE`` opens it -- over the
screen the list was opened from (the game, Tron's setup), which stays as the player left it: Esc
or the viewer's Back button closes the viewer back there (it used to replace the game, and Esc
opened the menu, the game only in its save). A viewer over a game is only watched: it writes no
save, plays no move of its own, and a key that would start another game in it (L, Tron's O, a
new board) closes it and acts on the screen underneath, which asks first as it always does.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from arcade.core.errors import ArcadeError, FormatError, NewerVersion
from arcade.core.game import LevelEntry
from arcade.core.registry import NEW_BOARD_BUTTON, Binding, Launch
from arcade.services.paths import shown_path
from arcade.services.replays import (
    Replay,
    load_replay,
    open_replay,
    replay_credit,
    replays_folder,
    save_replay_in_data,
)
from arcade.ui.picker import REPLAYS_GROUP, Choice, PickerScene

if TYPE_CHECKING:
    from arcade.ui.front import GameFront

#: At most this many files are listed (the newest): each is read to say what it holds.
MAX_LISTED = 100
#: The level picker's row that opens the list (its ``value``; no level has it).
SAVED_REPLAYS = "saved-replays"


@dataclass(frozen=True)
class SavedReplay:
    """One file of the replays folder: what it holds, or why it cannot be read (``error``, one line)."""

    path: Path
    modified: float
    replay: Replay | None = None
    error: str = ""
    #: The error is that a newer Puzzle Arcade wrote it: listed as that version's, not as damaged.
    newer: bool = False


def replay_files(game: str) -> list[tuple[Path, float]]:
    """``game``'s replay files (``GAME-*.json``) and their times, newest first; none if the folder cannot be read."""
    found = []
    try:
        for path in replays_folder().glob(f"{game}-*.json"):
            try:
                stat = path.stat()
            except OSError:
                continue
            if path.is_file():
                found.append((path, stat.st_mtime))
    except OSError:
        return []
    found.sort(key=lambda item: (item[1], item[0].name), reverse=True)
    return found


def saved_replays(game: str, limit: int = MAX_LISTED) -> list[SavedReplay]:
    """The newest ``limit`` files of ``game``, each read and checked (a damaged one says why)."""
    listed = []
    for path, modified in replay_files(game)[:limit]:
        try:
            listed.append(SavedReplay(path, modified, load_replay(path, game)))
        except FormatError as exc:
            listed.append(SavedReplay(path, modified, error=exc.message, newer=isinstance(exc, NewerVersion)))
        except ArcadeError as exc:
            listed.append(SavedReplay(path, modified, error=str(exc).removeprefix(f"{path}: ")))
    return listed


def picker_entry(game: str) -> LevelEntry:
    """The level picker's first row (see :func:`~arcade.ui.picker.level_groups`): the saved replays, how many."""
    count = len(replay_files(game))
    subtitle = ("the runs you saved with Ctrl+S, newest first — watch one again" if count
                else "none yet: Ctrl+S saves the run on screen as a replay")
    return LevelEntry(SAVED_REPLAYS, "Saved replays", group=REPLAYS_GROUP, subtitle=subtitle,
                      tag=f"{count} saved" if count else "", value=SAVED_REPLAYS)


def replay_choices(front: GameFront, listed: list[SavedReplay]) -> list[Choice]:
    """The list's rows: the level and the players, how it ended and the file, the time it was saved."""
    choices = []
    titles: dict[tuple[str, str], str] = {}  # by (level id, level text): many replays share a map
    for saved in listed:
        when = time.strftime("%d %b %H:%M", time.localtime(saved.modified))
        replay = saved.replay
        own = None if replay is None else _own_level(front, replay)
        if isinstance(own, str):  # its level text does not read: listed as damaged, as opening it says
            saved = SavedReplay(saved.path, saved.modified, error=f"not a valid replay: its level does not read: {own}")
        if saved.replay is None or saved.error:
            # A newer version's file is that version's, not damage: "damaged: … is newer" said it was.
            said, tag = (saved.error, "newer") if saved.newer else (f"damaged: {saved.error}", "damaged")
            choices.append(Choice(saved.path.name, said, saved, tag=tag, role="error"))
            continue
        assert replay is not None
        players = " vs ".join(front.replay_players(replay.players))
        mine = len(replay.players) == 1 and "ai_moves" in replay.meta
        credit = replay_credit(replay, noun=front.move_noun) if mine else ""  # "3 of 5 turns" in Runway
        if credit.endswith(" played it"):  # a watched solve: the AI's run, as its result says
            players = credit.removesuffix(" played it")
        elif credit:  # the player's run, with the live result's words ("you, with 1 hint")
            players = f"{players}, {credit}"
        reason = front.replay_reason(replay)
        key = (replay.level_id, replay.level)
        if key not in titles:  # the map its id names is read (or generated) once, not once a row
            titles[key] = front.replay_level_title(replay, own)
        level = titles[key]
        title = f"{level} — {players}"
        choices.append(Choice(title, f"{reason + ' · ' if reason else ''}{saved.path.name}", saved, tag=when,
                              role="text_dim"))
    return choices


def _own_level(front: GameFront, replay: Replay) -> Any:
    """The level a listed replay holds, or why it does not read (a str): such a row looked like any
    other -- "Scattered walls #7 — …" -- and only opening it said the file was damaged."""
    try:
        return front.rules.parse_level(replay.level)
    except FormatError as exc:
        return exc.message
    except ArcadeError as exc:
        return str(exc)


def refusal(saved: SavedReplay, error: Any = None) -> str:
    """The one line said when a listed file cannot be opened."""
    return f"Cannot open the replay {saved.path.name}: {error or saved.error}"


class ReplaysMixin:
    """A game scene's saved replays: keep the one on screen (Ctrl+S), list them, open one.

    Part of :class:`~arcade.ui.game_scene.GameScene`, beside the picker rows above that lead
    here. It reads the scene's ``app``, ``session``, ``info``, ``front`` and ``toast`` and calls
    its ``say``, ``refuse`` and ``keymap``.
    """

    #: The run last saved by :meth:`keep_replay` and its file.
    _kept_replay: tuple[Any, Path] | None = None
    #: In a replay viewer opened from the saved replays' list: the screen it was opened over, as
    #: Esc and the Back button name it ("the game", Tron's "the setup"); "" in any other scene (a
    #: game, ``play GAME --replay``). That screen is right under the viewer, as the player left it.
    back_to: str = ""
    #: How a viewer opened over this screen names it (see :attr:`back_to`).
    return_name = "the game"
    #: A viewer's keys that would start another game in it: over a game they go to the screen under it.
    PASSED_DOWN: ClassVar[frozenset[str]] = frozenset({"open_levels", "open_setup"})

    def back_binding(self) -> list[Binding]:
        """A viewer over a game: Esc and a button go back to it (Esc opened the pause menu, and a
        replay opened from the list had replaced the game)."""
        if not self.back_to:
            return []
        return [Binding("Esc", "close_replay", f"back to {self.back_to}, as you left it",
                        button=f"Back to {self.back_to.removeprefix('the ')}")]

    def close_replay(self) -> None:
        """Close this viewer: the screen it was opened over is on top again, as it was."""
        self.close()

    def passes_down(self, binding: Binding) -> bool:
        """Whether ``binding`` belongs to the screen under this viewer: L, Tron's O, a new board or a
        rematch made the viewer a second game over the first (never saved, gone with Esc)."""
        return bool(self.back_to) and (binding.discards or binding.button == NEW_BOARD_BUTTON
                                       or binding.action in self.PASSED_DOWN)

    def pass_down(self, binding: Binding) -> None:
        """Close the viewer and run ``binding`` on the screen under it, which asks first while a game
        is in progress there, as its own key would; a screen without that action (Tron's setup
        under O) is simply the one the player asked for."""
        app = self.app
        assert app is not None
        self.close()
        under = app.stack.top
        if hasattr(under, "run_binding") and hasattr(under, binding.action):
            under.run_binding(binding)
        elif callable(action := getattr(under, binding.action, None)):
            action() if binding.arg is None else action(binding.arg)

    def owns_save(self) -> bool:
        """A viewer over a game is not the player's game: the save is the game's under it."""
        return not self.back_to and super().owns_save()  # type: ignore[misc]

    def may_play(self) -> bool:
        """Whether a move may be played here: not in a viewer over a game (taken over, the run was a
        second game over the first, never saved and gone with Esc); says why when not."""
        if self.back_to:
            self.say(f"A saved replay, watched over {self.back_to}: Esc goes back to it.", "warning")
            return False
        return True

    def open_saved_replays(self) -> None:
        """The game's saved replays, newest first; picking one opens it in the game's replay viewer."""
        assert self.app is not None
        opened = self.saved_replays_picker()
        if isinstance(opened, str):
            self.say(opened, "warning")
            return
        self.app.push(opened)

    def saved_replays_picker(self, refuse: Callable[[str], Any] | None = None) -> PickerScene | str:
        """The list :meth:`open_saved_replays` pushes, or the line that says there is nothing in it.

        A screen the list is opened from that is not this scene (Tron's setup) says a refusal itself
        (``refuse``): under its panel the status line is dimmed.
        """
        listed = saved_replays(self.info.name)
        if not listed:
            return "No saved replays yet: Ctrl+S saves the run on screen as a replay."
        total = len(replay_files(self.info.name))
        more = f" (the newest {MAX_LISTED} of {total})" if total > len(listed) else ""
        return PickerScene(f"{self.info.title} — saved replays{more}", replay_choices(self.front, listed),
                           lambda choice: self.open_saved_replay(choice.value, refuse))

    def open_saved_replay(self, saved: Any, refuse: Callable[[str], Any] | None = None) -> None:
        """Open one listed file in the replay viewer (``play GAME --replay FILE``'s scene) over the
        screen the list was opened from (see :attr:`back_to`); a damaged file is refused in one line
        (by ``refuse``)."""
        assert self.app is not None
        refuse = refuse or self.refuse
        if saved.error:
            refuse(refusal(saved))
            return
        try:
            playback = open_replay(saved.path, self.session.rules)
            scene = self.front.open_options(self.app, Launch(options={"replay": playback}))
        except ArcadeError as exc:
            refuse(refusal(saved, exc.message if isinstance(exc, FormatError) else exc))
            return
        if scene is None:
            refuse(f"{self.info.title} has no replay viewer.")
            return
        under = self.app.stack.top  # the list has closed: the game, or the screen it was opened from
        scene.back_to = getattr(under, "return_name", "") or "the game"
        self.app.push(scene)
        self.app.trace(f"replay-opened {saved.path}")  # end-to-end tests

    def keep_replay(self, replay: Any) -> Path | None:
        """Save ``replay`` in the user data dir and say where, and how to open it again -- in the window
        (Runway's and Tron's Ctrl+S), else with the command; None when it could not be written (a toast).

        The same run saved again is not written again: a second Ctrl+S (the first one's line hidden
        under a result panel, or simply pressed twice) made a second, identical file in the list.
        """
        kept = self._kept_replay
        if kept is not None and kept[0] == replay and kept[1].is_file():
            self.say(f"This run is already saved: {shown_path(kept[1])}", "info")
            return kept[1]
        try:
            path = save_replay_in_data(replay, self.info.name, self.session.level_id)
        except ArcadeError as exc:
            self.toast.show(str(exc), "error", 6.0)
            return None
        self._kept_replay = (replay, path)
        # The status line alone, at its full width: a toast beside it took half the line, and the
        # file's path and the command to open it were cut in both.
        key = next((b.keys for b in self.keymap() if b.action == "open_levels"), "")
        if self.front.replays and key:  # a player who only uses the window opens it there (it said only the command)
            self.say(f"Replay saved — {key} → Saved replays opens it here; the file: {shown_path(path)}", "good")
        else:
            self.say(f"Replay saved — open it with: puzzle-arcade play {self.info.name} --replay {shown_path(path)}",
                     "good")
        if self.app is not None:
            self.app.trace(f"replay-saved {path}")  # end-to-end tests
        return path
