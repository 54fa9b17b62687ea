"""User settings (services): sound, animation speed, palette, window size, fullscreen, text size.

Stored as JSON in the platform's user config dir and written atomically. A damaged or
foreign settings file never stops the game: unknown keys are kept as they are, bad values fall
back to defaults, and :attr:`Settings.problem` says what was wrong so the UI can tell.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from arcade.core.inputs import parse_json
from arcade.core.numbers import checked_float, checked_int
from arcade.services.files import atomic_write_text, damage_reason, held_lock, read_kept_text, set_aside
from arcade.services.paths import config_dir

PALETTES = ("okabe-ito", "tol-bright", "high-contrast")
#: The Settings' window sizes (those that fit the screen are offered): the list stopped at 1920x1080,
#: so on a 2560x1440 or 4K screen a bigger window was only to be had by dragging its edge.
WINDOW_SIZES = ((1024, 640), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080), (2560, 1440), (3840, 2160))
ANIMATION_SPEEDS = (0.25, 0.5, 1.0, 1.5, 2.0, 4.0)
MIN_WINDOW = (640, 400)
#: The Settings' "Text size" choices: 0 is Auto (grows with the window, see ``arcade.ui.theme.ui_scale``),
#: the others a fixed scale of the UI's text and chrome (as far as the window has room for it).
TEXT_SIZES = (0.0, 1.0, 1.25, 1.5)


@dataclass
class Settings:
    """The player's settings, and whether and why the file on disk could not be used as is: one
    object read at start and saved on change, so a damaged file is reported, never replaced unread.
    """

    sound: bool = True
    animation_speed: float = 1.0
    palette: str = "okabe-ito"
    #: The window's size out of fullscreen and out of a maximise: the size the player last dragged
    #: it to or chose in the Settings.
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    #: Whether the window was maximised: it opens maximised again, and ``window_size`` is still the
    #: size it returns to when the player restores it (the maximised size was saved as the size, so
    #: the next start opened a screen-sized window that no restore made smaller).
    maximized: bool = False
    #: The UI's text size: 0 (Auto) or one of :data:`TEXT_SIZES`' fixed scales.
    text_size: float = 0.0
    #: Per-game preferences (last level, bot choice, ...), free-form JSON.
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: Not saved: why the file on disk could not be used as is, if it could not.
    problem: str = field(default="", compare=False, repr=False)
    #: Not saved: the file on disk could not be read, so it must not be replaced by these values.
    readonly: bool = field(default=False, compare=False, repr=False)
    #: Not saved: the settings that were not valid, by the names the Settings screen shows.
    bad: list[str] = field(default_factory=list, compare=False, repr=False)
    #: Not saved: the file's text as last read or written (None: no file known), so that a
    #: :meth:`save` with nothing changed writes nothing.
    on_disk: str | None = field(default=None, compare=False, repr=False)
    #: Keys this version does not know (a newer Puzzle Arcade's settings), written back as they were:
    #: the first change here dropped them, and going back to the newer version lost its settings.
    unknown: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @staticmethod
    def path() -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        path = path or cls.path()
        try:
            raw = parse_json(read_kept_text(path))
        except FileNotFoundError:
            return cls()
        except IsADirectoryError:
            return cls(problem=_set_aside(path, "a folder, not a file"))
        except OSError as exc:  # unreadable, not damaged: left alone, and never written over
            return cls(problem=f"Your settings file {path} cannot be read ({damage_reason(exc)}): the defaults "
                               "are used and changes are not saved.", readonly=True)
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # (a FIFO, a device: ValueError too)
            return cls(problem=_set_aside(path, damage_reason(exc)))
        if not isinstance(raw, dict):
            return cls(problem=_set_aside(path, "not a table of settings"))
        settings = cls.from_dict(raw, str(path))
        if settings.bad:
            # Moved aside like any damaged file: the next change would have written the defaults over it.
            settings.problem = _set_aside(path, f"not valid: {', '.join(settings.bad)}",
                                          rest="those are back to their defaults and the other settings are kept")
        else:
            settings.on_disk = settings.to_text()
        return settings

    @classmethod
    def from_dict(cls, raw: Any, source: str = "<settings>") -> Settings:
        settings = cls()
        if not isinstance(raw, dict):
            settings.problem = f"{source}: settings are not a JSON object, using defaults"
            return settings
        bad = []
        known = {f.name for f in fields(cls)}
        settings.unknown = {key: value for key, value in raw.items() if key not in known}
        for f in fields(cls):
            if f.name in _NOT_SAVED or f.name not in raw:
                continue
            try:
                setattr(settings, f.name, _coerce(f.name, raw[f.name]))
            except (TypeError, ValueError, OverflowError):  # [Infinity, 800]: int() overflows
                bad.append(f.name)
        if bad:
            settings.bad = [_LABELS.get(name, name) for name in bad]
            settings.problem = f"Some settings were not valid ({', '.join(settings.bad)}); their defaults are used."
        return settings

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for name in _NOT_SAVED:
            data.pop(name)
        data["window_size"] = list(self.window_size)
        return {**data, **{key: value for key, value in self.unknown.items() if key not in data}}

    def to_text(self) -> str:
        """The settings as the file holds them."""
        return json.dumps(self.to_dict(), indent=2) + "\n"

    def save(self, path: Path | None = None) -> None:
        """Write the settings this window changed, unless it changed none.

        Raises OSError naming the file when it cannot be written. Quitting wrote the settings
        every time, changed or not, so a read-only data folder printed "could not save settings"
        at every quit although the player had changed nothing.

        Only what changed since this object read (or last wrote) the file is written, over what the
        file holds now: two windows open at once each wrote their whole copy, and the one that wrote
        last dropped the other's changes. The file is re-read and replaced under a lock
        (:func:`~arcade.services.files.held_lock`, which the system drops with the process, kill -9
        included), so a change the other window writes at the same moment is not lost either.
        """
        if self.readonly:
            return  # the file that could not be read is the player's: it is not replaced
        text = self.to_text()
        if path is not None:
            atomic_write_text(path, text)  # an explicit file is this object's, whole
            return
        if text == self.on_disk:
            return
        target = self.path()
        base = json.loads(self.on_disk if self.on_disk is not None else Settings().to_text())
        ours = json.loads(text)
        with held_lock(target.with_name(f".{target.name}.lock")):
            atomic_write_text(target, json.dumps(_merged(_current(target), base, ours), indent=2) + "\n")
        self.on_disk = text  # what this window's next changes are told from

    def game(self, name: str) -> dict[str, Any]:
        """The mutable preference dict of one game."""
        return self.games.setdefault(name, {})

    def choices_unsaved(self) -> bool:
        """Whether something the player chose differs from the file (with no file: from the defaults).

        What the program records by itself (:data:`RECORDED`) does not count: a failure to write
        only that is worth no warning, as the player loses nothing they chose.
        """
        before = self.on_disk if self.on_disk is not None else Settings().to_text()
        return _choices(json.loads(self.to_text())) != _choices(json.loads(before))


def _current(path: Path) -> dict[str, Any] | None:
    """The settings file's table as it is now (None: none, or none this program can merge into)."""
    try:
        raw = parse_json(read_kept_text(path))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    return raw if isinstance(raw, dict) else None


def _merged(disk: dict[str, Any] | None, base: dict[str, Any], ours: dict[str, Any]) -> dict[str, Any]:
    """``disk`` with what differs between ``base`` (as this window read it) and ``ours`` put over it.

    A setting is one value (the window size is both numbers); the games' preferences are told apart
    one by one (another window's Hashi level and this one's Tron bots are both kept). With no file
    to merge into, ours is written whole.
    """
    if disk is None:
        return ours
    merged = dict(disk)
    for key in set(base) | set(ours):
        if key == "games" and isinstance(ours.get(key), dict) and isinstance(disk.get(key), dict):
            old = base.get(key) if isinstance(base.get(key), dict) else {}
            games = {name: dict(prefs) if isinstance(prefs, dict) else prefs for name, prefs in disk[key].items()}
            for name in set(old) | set(ours[key]):
                mine, was = ours[key].get(name, {}), old.get(name, {})
                prefs = games.get(name) if isinstance(games.get(name), dict) else {}
                for pref in set(mine) | set(was):
                    if pref not in mine:  # (so it was in ``was``): this window dropped it
                        prefs.pop(pref, None)
                    elif mine[pref] != was.get(pref, object()):
                        prefs[pref] = mine[pref]
                if prefs or name in mine:
                    games[name] = prefs
                else:
                    games.pop(name, None)
            merged[key] = games
        elif key not in ours:
            merged.pop(key, None)
        elif ours[key] != base.get(key, object()):
            merged[key] = ours[key]
    return merged


def stored_choice(value: Any, choices: Iterable[Any], default: Any) -> Any:
    """``value`` from the settings file if it is one of ``choices``, else ``default``.

    The per-game preferences are free-form JSON the player can edit, so a choice read back may
    be a list or an object: ``value in CHOICES`` raised "unhashable type" where CHOICES is a dict
    and the game would not open at all. Here a stored value counts only when it has the kind of
    its choice (text for text, a number for a number, ``true`` never as 1) and equals it.
    """
    for choice in choices:
        if _kind(value) == _kind(choice) and value == choice:
            return choice
    return default


def _kind(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, (int, float)):
        return "number"
    return type(value).__name__


#: The settings' names as the Settings screen shows them (a message said "animation_speed, window_size").
_LABELS = {"sound": "sound", "animation_speed": "animation speed", "palette": "colour palette",
           "window_size": "window size", "fullscreen": "fullscreen", "maximized": "maximised window",
           "text_size": "text size", "games": "the games' preferences"}


#: Per-game preferences the program records by itself, not the player's choices: written when the
#: folder allows, but a read-only folder's "could not save settings" was said for them at every
#: quit after opening a game (How to play marks itself seen, the level opened is where the game
#: reopens -- progress, which that folder was already told it cannot keep).
RECORDED = frozenset({"seen_how_to_play", "last_level", "last_board"})


def _choices(data: dict[str, Any]) -> dict[str, Any]:
    """The settings' data without :data:`RECORDED` keys (and games left with no other key)."""
    games = data.get("games")
    if not isinstance(games, dict):
        return data
    kept = {name: {k: v for k, v in prefs.items() if k not in RECORDED} if isinstance(prefs, dict) else prefs
            for name, prefs in games.items()}
    return {**data, "games": {name: prefs for name, prefs in kept.items() if prefs != {}}}


#: The fields that say how the file was read, not what the player chose: never written.
_NOT_SAVED = ("problem", "readonly", "bad", "on_disk", "unknown")


def _set_aside(path: Path, why: str, rest: str = "the defaults are used") -> str:
    """Move a damaged settings file aside (it would be overwritten by the next change) and say so;
    ``rest`` says what is used instead (all the defaults, or only for the values that were bad)."""
    # Where the file went comes before why, as for every damaged file (a window shortens the end).
    return f"Your settings file was damaged and {set_aside(path)} ({why}); {rest}."


def _coerce(name: str, value: Any) -> Any:
    if name in ("sound", "fullscreen", "maximized"):
        if not isinstance(value, bool):
            raise TypeError(name)
        return value
    if name == "animation_speed":
        # checked_float, not float(): float(True) is 1.0 and float("2") is 2.0, so a JSON ``true`` or
        # a quoted number passed for a speed and was written back as one.
        return checked_float(value, 0.1, 8, name)
    if name == "palette":
        if value not in PALETTES:
            raise ValueError(name)
        return value
    if name == "window_size":
        # A list of two JSON whole numbers: int() took "1280", 1280.9 and true, and iterating took
        # the keys of an object or the letters of a text.
        if not isinstance(value, list) or len(value) != 2:
            raise TypeError(name)
        return (checked_int(value[0], MIN_WINDOW[0], 10000, name), checked_int(value[1], MIN_WINDOW[1], 10000, name))
    if name == "text_size":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or float(value) not in TEXT_SIZES:
            raise ValueError(name)
        return float(value)
    if name == "games":
        if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
            raise TypeError(name)
        return value
    raise KeyError(name)
