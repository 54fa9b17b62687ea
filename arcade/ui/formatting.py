"""How the game screens write times and records (ui): plain functions, no pygame.

The header's clock, the result's time, a personal best "time 00:39 (was 00:41)" and the picker's
best-result tags all say a time the same way because they all come here; the header's title
(the level's name alone when the room is short) is here too. They are separate from the scene classes
so that the picker and the tests can use them without the scene machinery.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from arcade.core.registry import GameInfo
from arcade.ui.text import fitting_prefix


def format_time(seconds: float, *, tenths: bool = False) -> str:
    """``mm:ss`` (``h:mm:ss`` past an hour); with ``tenths``, ``mm:ss.t``."""
    if tenths:
        whole, tenth = divmod(round(seconds * 10), 10)
        return f"{format_time(whole)}.{tenth}"
    seconds = int(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def format_record(info: GameInfo, value: float, *, tenths: bool = False) -> str:
    """A personal best as the game's RecordSpec wants it shown (``tenths``: a time to the tenth)."""
    if info.record is not None and info.record.unit == "time":
        return format_time(value, tenths=tenths)
    return f"{value:g}"


def format_records(info: GameInfo, new: float, old: float) -> tuple[str, str]:
    """A new best and the one it beat, as different as they are: times that print the same to the
    second show tenths ("time 00:08 (was 00:08)" for 8.1 s after 8.6 s)."""
    shown, was = format_record(info, new), format_record(info, old)
    if shown == was and new != old:
        shown, was = format_record(info, new, tenths=True), format_record(info, old, tenths=True)
    return shown, was



def header_title(game: str, level: str, room: int, width: Callable[[str], int],
                 keep: Sequence[str] = ()) -> str:
    """The header's title in ``room`` pixels (``width`` measures a text): "Game — Level" when it fits.

    When it does not, the game's name is dropped whole and the level's name is shown alone: the
    game's name, which the player chose a moment ago, was kept first ("Tron ...") and then cut
    mid-word after the level ("Scattered — Battle…"), a different cut in every game. Only a level
    title wider than the room itself is shortened, at a word's end (see :func:`word_prefix`), with
    an ellipsis -- in its middle when it ends with one of ``keep`` (tried in order, the first that
    leaves half the room to the title): the editor's file name and unsaved mark "*" went under the
    ellipsis of a long puzzle title.
    """
    full = f"{game} — {level}" if level else game
    if width(full) <= room:
        return full
    if not level:
        return word_prefix(game, room, width, "…") + "…"
    if width(level) <= room:
        return level
    for tail in keep:
        if tail and level.endswith(tail):
            head = word_prefix(level[:-len(tail)], room, width, "…" + tail)
            if head and width(head) >= room // 2:
                return head + "…" + tail
    return word_prefix(level, room, width, "…") + "…"


def word_prefix(text: str, room: int, width: Callable[[str], int], end: str = "") -> str:
    """The longest start of ``text`` that ends with a whole word and, followed by ``end``, fits
    ``room`` (see :func:`~arcade.ui.text.fitting_prefix`), its trailing spaces and dashes dropped.

    Cut mid-word only when the words that fit would fill less than half the room (one long word):
    "Even sides with a long…" reads, "Even sides with a long wa…" does not.
    """
    prefix = fitting_prefix(text, room, width, end)
    if len(prefix) < len(text) and not text[len(prefix)].isspace():
        words = prefix.rsplit(" ", 1)[0].rstrip() if " " in prefix else ""
        # Not back over a separator: "Editor — xxxx…" keeps some of the puzzle's title, "Editor…" none.
        if words and words[-1] not in "—–-:" and width(words + end) >= room // 2:
            prefix = words
    return prefix.rstrip(" —-–:,")
