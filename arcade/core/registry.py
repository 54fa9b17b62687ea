"""The game registry (core): maps a game's name to its rules, scene, CLI commands and levels.

Entries hold dotted paths and are imported lazily, so listing games for the menu or the
CLI's ``--help`` does not import every game's UI. The menu, the CLI, the contract tests
and the benchmarks iterate over the registry instead of naming games.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from arcade.core.errors import UsageError, quoted
from arcade.core.game import Rules


def load_object(path: str) -> Any:
    """Import ``"package.module:attribute"``."""
    module_name, _, attr = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module


@dataclass(frozen=True)
class Command:
    """A CLI sub-command a game contributes (``solve``, ``generate``, ``bot``, ``tournament``, ``bench``)."""

    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


@dataclass(frozen=True)
class Launch:
    """What to open: a level (file path or bundled id), a seed, a save to resume, or a new game.

    With none of them the game's autosave is resumed if there is one (the menu entry, ``play
    GAME`` and Continue all behave alike); ``new`` starts over on the last level played and
    keeps the old autosave until the first move replaces it.
    """

    level: str | None = None
    seed: int | None = None
    save: dict[str, Any] | None = None
    new: bool = False
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Binding:
    """One row of a game's keymap: it drives key dispatch, the toolbar and the help overlay alike.

    ``keys`` is what the help shows and what the UI parses ("Ctrl+Z / U", "F5", "Arrows" ...);
    ``action`` names a method of the scene (empty: a help-only row, e.g. a mouse gesture);
    ``arg`` is passed to it (a direction, a digit); ``button`` puts it on the toolbar with that
    label; ``when`` names a scene predicate that must hold for the key to act (e.g. "watching").
    ``repeat``: whether a held key acts again at the keyboard's repeat rate. Only moving about
    does (a cursor, undo and redo, steps through a history, zoom); a move that costs a turn, a
    toggle or a dialog acts once per press -- a held arrow in Battle Royale walked the player
    sixteen cells into the storm. ``button_when`` names a scene predicate that enables the
    button alone: the key still acts and says why it cannot (Battle Royale's Enter drops the
    player before the drop, while its Finish button stays grey until the player stands on the
    centre -- a Finish button that dropped the player was a surprise).
    ``listed_when`` names a scene predicate without which the row is left out of the keys table
    (pause, F1): for a key that cannot act at all where the scene was opened, unlike ``when``, whose
    rows stay listed because they act in another mode of the scene (the Hashi editor opened by
    ``play hashi --edit`` listed "E: back to the game the editor was opened from" with no game there).
    ``shown_when`` names a scene predicate without which the button is not drawn, its place on the
    toolbar kept (the Result button until there is a result): a button that is not available is
    otherwise shown grey in place, since one that came and went moved the buttons after it.
    ``discards``: the action throws away a game in progress (a new board, Tron's rematch): the
    first press only asks, the same again within a few seconds goes ahead (see
    ``GameScene.confirm_discard``; Tron's F5 threw a running round away without a word).
    """

    keys: str
    action: str
    label: str
    button: str = ""
    arg: str | None = None
    when: str = ""
    repeat: bool = False
    button_when: str = ""
    discards: bool = False
    listed_when: str = ""
    shown_when: str = ""


#: Toolbar words the framework owns, so one thing has one name in every game ("Levels" in one game
#: and "Level" in another, "New" in one and "New grid" in another, read as different things).
LEVELS_BUTTON = "Levels"
NEW_BOARD_BUTTON = "New board"


def levels_binding(label: str, *, button: bool = True) -> Binding:
    """L: the framework's level picker (``open_levels``), "Levels" on the toolbar (``button``)."""
    return Binding("L", "open_levels", label, button=LEVELS_BUTTON if button else "")


def new_board_binding(action: str, label: str, keys: str = "N") -> Binding:
    """A new board made for the player (Hashi's new puzzle, Battle Royale's random grid): "New board"
    on the toolbar, and on the result panel, which runs the same action."""
    return Binding(keys, action, label, button=NEW_BOARD_BUTTON, discards=True)


@dataclass(frozen=True)
class RecordSpec:
    """What a personal best is in a game: a solve time (lower is better), loot or bikes saved (higher)."""

    what: str
    lower_is_better: bool
    #: How a value is shown: "time" formats seconds as mm:ss, anything else as a number.
    unit: str = ""


@dataclass(frozen=True)
class DraftSpec:
    """Unsaved work a game keeps outside its autosave (the Hashi editor's board): the menu's
    Continue opens it when it is newer than every autosave. A player who drew a puzzle, quit and
    came back found nothing on the menu that led to it: Continue opened the last game played."""

    #: Where the work is kept, relative to the user data dir; the newest file that exists counts.
    files: tuple[str, ...]
    #: The ``play`` options that reopen it (``(("edit", ""),)``: Hashi's ``--edit`` alone).
    options: tuple[tuple[str, str], ...]
    #: What the Continue card calls it, after "<game> editor:" ("a puzzle not saved to a file").
    label: str
    #: ``"module:function"``: the game's own reading of the draft, called with no arguments before the
    #: menu offers it; "" when it opens (or there is none), else one line why not, the file put aside
    #: as the game does when it fails to open it. Continue offered any file there -- garbage, empty,
    #: binary -- and then opened a blank board with an error.
    check: str = ""
    #: ``"module:function"``: what the Continue card calls this draft, read from it (called with no
    #: arguments once ``check`` passed); "" keeps ``label``. A titled puzzle left in the editor was
    #: only "your unsaved puzzle in the editor", which of a player's puzzles unsaid.
    describe: str = ""


@dataclass(frozen=True)
class GameInfo:
    """One registered game. ``rules``/``scene``/``commands`` are ``"module:attribute"`` paths."""

    name: str
    title: str
    description: str
    rules: str
    #: ``"module:FRONT"``: the game's front-end declaration (an ``arcade.ui.front.GameFront``).
    front: str
    commands: str | None = None
    #: Sort key in the menu.
    order: int = 100
    #: The game's own keys (the framework adds undo, hint, watch, pause ... to every game).
    keymap: tuple[Binding, ...] = ()
    #: What a personal best is (None: the game keeps no records).
    record: RecordSpec | None = None
    #: Order of the bundled level groups in the picker (folders not named here come last).
    level_groups: tuple[str, ...] = ()
    #: The rules in a few sentences, for the "How to play" page.
    how_to_play: tuple[str, ...] = ()
    #: Unsaved work kept beside the autosave, offered by the menu's Continue (None: only the autosave).
    draft: DraftSpec | None = None
    #: The ``play`` options that open the game's puzzle editor (empty: it has none); the menu offers
    #: it on the game's card ("Make a puzzle", E), since making puzzles is a reason to open the game.
    editor_options: tuple[tuple[str, str], ...] = ()

    @property
    def keys(self) -> tuple[tuple[str, str], ...]:
        """(keys, meaning) pairs of the game's keymap, for the help overlay and the README."""
        return tuple((b.keys, b.label) for b in self.keymap)

    def load_rules(self) -> Rules[Any, Any, Any]:
        return load_object(self.rules)

    def load_front(self) -> Any:
        """The game's ``GameFront`` (imports its UI)."""
        return load_object(self.front)

    def load_commands(self) -> dict[str, Command]:
        if not self.commands:
            return {}
        return dict(load_object(self.commands))


class Registry:
    """An ordered collection of :class:`GameInfo` by name."""

    def __init__(self) -> None:
        self._games: dict[str, GameInfo] = {}

    def register(self, info: GameInfo) -> GameInfo:
        self._games[info.name] = info
        return info

    def unregister(self, name: str) -> None:
        self._games.pop(name, None)

    def get(self, name: str) -> GameInfo:
        try:
            return self._games[name]
        except KeyError:
            choices = ", ".join(self.names()) or "none registered"
            raise UsageError(f"unknown game {quoted(name)} (choose from: {choices})") from None

    def names(self) -> list[str]:
        return [g.name for g in self]

    def __iter__(self) -> Iterator[GameInfo]:
        return iter(sorted(self._games.values(), key=lambda g: (g.order, g.name)))

    def __contains__(self, name: object) -> bool:
        return name in self._games

    def __len__(self) -> int:
        return len(self._games)
