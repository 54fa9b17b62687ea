"""The editor's undo history kept with its draft: written, read back, and refused when damaged."""

from __future__ import annotations

import json

import pytest

from arcade.core.topology import Topology
from arcade.games.hashi.edit_history import KEPT_VERSIONS, HistoryError, dump_history, parse_history
from arcade.games.hashi.editing import Draft, Editor


def edited() -> Editor:
    editor = Editor(Draft.blank(5, 5).with_meta("title", "Harbour"))
    editor.toggle((0, 0))
    editor.toggle((0, 2))
    editor.set_number((1, 4), 3)
    editor.set_topology(Topology.CYLINDER)
    editor.undo()
    return editor


def test_a_history_read_back_undoes_and_redoes_as_before():
    editor = edited()
    back = parse_history(dump_history(editor), editor.draft)
    assert back is not None and back.history == editor.history and back.index == editor.index
    assert back.origin == editor.origin
    assert back.undo() == "Undone: placed a 3 at row 2, column 5."
    assert back.redo() == "Redone: placed a 3 at row 2, column 5."
    assert back.redo() == "Redone: plane → cylinder."


def test_a_history_of_another_board_is_not_this_boards():
    editor = edited()
    assert parse_history(dump_history(editor), Draft.blank(5, 5)) is None


def test_a_long_history_is_written_bounded_around_where_it_is():
    editor = Editor(Draft.blank(9, 9))
    for n in range(KEPT_VERSIONS + 50):
        editor.toggle((n % 9, n // 9 % 9))
    back = parse_history(dump_history(editor), editor.draft)
    assert back is not None and len(back.history) == KEPT_VERSIONS and back.draft == editor.draft
    assert back.history == editor.history[-KEPT_VERSIONS:]


def _damaged(change) -> str:
    data = json.loads(dump_history(edited()))
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(("text", "why"), [
    ("", "not JSON"),
    ("[" * 100000, "not JSON"),
    ("{}", "not an undo history"),
    (_damaged(lambda d: d.update(format=0)), "not an undo history"),
    (_damaged(lambda d: d.update(format="1")), "not an undo history"),
    (_damaged(lambda d: d.update(format=2)), "made by a newer Puzzle Arcade"),  # not damage: see NewerHistory
    (_damaged(lambda d: d.update(versions=[])), "no list of 1 to"),
    (_damaged(lambda d: d.update(index=99)), "the position is not a whole number"),
    (_damaged(lambda d: d.update(index=True)), "the position is not a whole number"),
    (_damaged(lambda d: d["versions"][0].update(rows="5")), "version 1: rows"),
    (_damaged(lambda d: d["versions"][0].update(rows=0)), "version 1: rows"),
    (_damaged(lambda d: d["versions"][1].update(topology="sphere")), "version 2: no topology"),
    (_damaged(lambda d: d["versions"][2]["islands"].append([0, 9, 2])), "version 3: a column"),
    (_damaged(lambda d: d["versions"][2]["islands"].append([0, 0, 4])), "version 3: two islands on one cell"),
    (_damaged(lambda d: d["versions"][2]["islands"].append([3, 3, 9])), "version 3: an island's number"),
    (_damaged(lambda d: d["versions"][2]["islands"].append([3, 3])), "an island is not"),
    (_damaged(lambda d: d["versions"][0]["meta"].append(["title", "a\nb"])), "a header line"),
    (_damaged(lambda d: d.update(origin=None)), "the board opened is not a board"),
])
def test_a_damaged_history_is_refused_saying_where(text, why):
    editor = edited()
    with pytest.raises(HistoryError, match=why.replace("(", r"\(")):
        parse_history(text, editor.draft)
