"""The Hashi editor's undo history, kept with its unsaved draft (pure logic): to text and back, checked.

A player who left the editor mid-edit and came back (the menu's Continue, Resume draft, ``--edit``)
found the board but not its history: Undo said "Nothing to undo." of the edits made before quitting.
The history is written as JSON beside the draft when the draft is -- and beside its live copy after
every edit, so a killed run's board comes back with its Undo -- and read back here: every version
checked as a board the editor could hold, the version the history is at checked against the draft
itself (a history of another board is no history of this one). A damaged history is a
:class:`HistoryError`, so the board is opened without it -- never instead of it.
"""

from __future__ import annotations

import json
from typing import Any

from arcade.core.errors import newer_version, newer_words
from arcade.core.topology import Topology
from arcade.games.hashi.editing import Draft, Editor
from arcade.games.hashi.logic import MAX_FILE_SIDE, MAX_NUMBER

#: The most versions written (centred where the history is): each is a whole board, and a 40x40 one
#: of hundreds of islands is kilobytes; a few hundred steps back is more than a relaunch needs.
KEPT_VERSIONS = 200
#: The format's version: a history of another format is not read (nor mistaken for this one).
FORMAT = 1


class HistoryError(ValueError):
    """A history that cannot be read: damaged, or of a format this version does not know."""


class NewerHistory(HistoryError):
    """A history a newer Puzzle Arcade wrote: not damage, so it is kept as that version's (``.newer``)."""

    def __init__(self, version: int) -> None:
        super().__init__(newer_words("history", version, FORMAT))


def _version(draft: Draft) -> dict[str, Any]:
    return {"rows": draft.rows, "cols": draft.cols, "topology": draft.topology.value,
            "islands": [[r, c, n] for (r, c), n in draft.numbers], "meta": [[k, v] for k, v in draft.meta]}


def kept_history(editor: Editor) -> Editor:
    """The part of ``editor``'s history that is written, as an editor of its own: at most
    :data:`KEPT_VERSIONS` versions around where it is. A cheap copy (the versions are immutable),
    taken on the frame an edit is made so that :func:`dump_history` can run on the background
    writer -- turning a few hundred boards into JSON after every edit must not hold up a frame."""
    start = max(0, min(editor.index - KEPT_VERSIONS // 2, len(editor.history) - KEPT_VERSIONS))
    kept = Editor(editor.origin)
    kept.history, kept.index = editor.history[start:start + KEPT_VERSIONS], editor.index - start
    return kept


def dump_history(editor: Editor) -> str:
    """The editor's history as text: at most :data:`KEPT_VERSIONS` versions around where it is, that
    position, and the board opened (an edit changed back to it brings back its header lines)."""
    editor = kept_history(editor)
    return json.dumps({"format": FORMAT, "index": editor.index, "origin": _version(editor.origin),
                       "versions": [_version(d) for d in editor.history]}, ensure_ascii=False, separators=(",", ":"))


def _int(value: Any, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise HistoryError(f"{what} is not a whole number from {low} to {high}")
    return value


def _draft(data: Any, where: str) -> Draft:
    """One version, every part checked: a board the editor could hold, or a HistoryError saying where."""
    if not isinstance(data, dict):
        raise HistoryError(f"{where} is not a board")
    rows = _int(data.get("rows"), 1, MAX_FILE_SIDE, f"{where}: rows")
    cols = _int(data.get("cols"), 1, MAX_FILE_SIDE, f"{where}: columns")
    try:
        topology = Topology(data.get("topology"))
    except ValueError:
        raise HistoryError(f"{where}: no topology {data.get('topology')!r}") from None
    islands, meta = data.get("islands"), data.get("meta")
    if not isinstance(islands, list) or not isinstance(meta, list):
        raise HistoryError(f"{where} has no islands or header list")
    numbers: dict[tuple[int, int], int] = {}
    for item in islands:
        if not isinstance(item, list) or len(item) != 3:
            raise HistoryError(f"{where}: an island is not [row, column, number]")
        cell = (_int(item[0], 0, rows - 1, f"{where}: a row"), _int(item[1], 0, cols - 1, f"{where}: a column"))
        if cell in numbers:
            raise HistoryError(f"{where}: two islands on one cell")
        numbers[cell] = _int(item[2], 1, MAX_NUMBER, f"{where}: an island's number")
    pairs = []
    for item in meta:
        if (not isinstance(item, list) or len(item) != 2 or not all(isinstance(s, str) for s in item)
                or any("\n" in s or "\r" in s for s in item)):
            raise HistoryError(f"{where}: a header line is not [key, value]")
        pairs.append((item[0], item[1]))
    return Draft(rows, cols, topology, tuple(sorted(numbers.items())), tuple(pairs))


def parse_history(text: str, board: Draft) -> Editor | None:
    """The editor the history in ``text`` describes, at ``board`` (the draft as read from its file,
    which takes the place of the version the history is at); None when that version is another
    board (the draft was replaced since, by a version that wrote no history). Damage of any kind is
    a :class:`HistoryError`."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise HistoryError(f"not JSON: {exc}") from None
    newer = newer_version(data.get("format"), FORMAT) if isinstance(data, dict) else None
    if newer is not None:
        raise NewerHistory(newer)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise HistoryError("not an undo history of this version")
    versions = data.get("versions")
    if not isinstance(versions, list) or not 1 <= len(versions) <= KEPT_VERSIONS:
        raise HistoryError(f"no list of 1 to {KEPT_VERSIONS} versions")
    index = _int(data.get("index"), 0, len(versions) - 1, "the position")
    history = [_draft(item, f"version {n + 1}") for n, item in enumerate(versions)]
    origin = _draft(data.get("origin"), "the board opened")
    here = history[index]
    if not here.same_board(board) or dict(here.meta).get("title") != dict(board.meta).get("title"):
        return None
    history[index] = board
    editor = Editor(board)
    editor.history, editor.index, editor.origin = history, index, origin
    return editor
