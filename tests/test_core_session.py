"""The Session mid end on the toy game: history, undo/redo, seek, restart, save/load, hooks."""

from __future__ import annotations

import json

import pytest

from arcade.core.errors import FormatError, IllegalMove
from arcade.core.game import Step
from arcade.core.session import Session
from tests.toygame import RULES, hint, watch

LEVEL = RULES.parse_level("o..\n.o.\n..o\n")


def make(**kw) -> Session:
    return Session(RULES, LEVEL, level_id="diag", hint=hint, watch=watch, **kw)


def test_play_undo_redo_and_redo_tail_dropped():
    s = make()
    start = s.state
    s.play("0,0")
    s.play((1, 1))
    assert s.index == 2 and s.moves == ["0,0", "1,1"]
    assert s.undo() and s.undo() and not s.undo()
    assert s.state == start
    assert s.redo() and s.index == 1
    s.play("2,2")
    assert not s.can_redo and s.moves == ["0,0", "2,2"]


def test_a_redo_the_ai_chose_is_credited_to_it_and_keeps_the_tape_ahead():
    """The AI's move equal to the recorded one is replayed by redo (the tape ahead is kept), but it is the
    AI's move: a plain redo credited it to the player ("The AI played 3 of 5 moves" for 4 of 5)."""
    from arcade.core.session import AI_MOVE

    s = make()
    s.play("0,0")
    s.play("1,1")
    s.undo()
    s.undo()
    assert s.redo(by_ai=True) and s.kinds == [AI_MOVE] and s.length == 2
    assert s.redo() and s.kinds == [AI_MOVE, ""], "a plain redo keeps the recorded credit"
    assert s.ai_played == 1


def test_illegal_move_leaves_history_untouched():
    s = make()
    with pytest.raises(IllegalMove, match="off the board"):
        s.play("5,5")
    with pytest.raises(IllegalMove, match="not a move"):
        s.play("nonsense")
    assert s.index == 0 and s.length == 0


def test_restart_is_undoable_by_redo_and_seek_clamps():
    s = make()
    for m in ("0,0", "0,1", "0,2"):
        s.play(m)
    s.restart()
    assert s.index == 0 and s.can_redo
    s.seek(99)
    assert s.index == 3
    s.seek(-4)
    assert s.index == 0


def test_listeners_hear_every_change():
    s = make()
    heard = []
    s.subscribe(lambda session: heard.append(session.index))
    s.play("0,0")
    s.undo()
    s.redo()
    s.seek(0)
    assert heard == [1, 0, 1, 0]


def test_save_load_round_trip_keeps_redo_tail_and_extra():
    s = make(seed=7)
    for m in ("0,0", "1,1", "2,2"):
        s.play(m)
    s.undo()
    s.extra["elapsed"] = 12.5
    loaded = Session.from_json(RULES, s.to_json())
    assert loaded.state == s.state
    assert loaded.index == 2 and loaded.length == 3
    assert loaded.seed == 7 and loaded.level_id == "diag" and loaded.extra == {"elapsed": 12.5}
    assert loaded.redo() and loaded.state == s.state_at(3)


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda d: d.update(game="other"), "not 'toy'"),
        (lambda d: d.update(level="x?x"), "only '.' and 'o'"),
        (lambda d: d.update(moves=["0,0", "9,9"]), "move 2"),
        (lambda d: d.pop("level"), "damaged save"),
        (lambda d: d.update(extra=[1]), "damaged save"),
        (lambda d: d.update(index="many"), "damaged save"),
        # A position past the last move, or an AI credit on a move that is not there, is damage
        # too: read as it was, the game opened somewhere its file never recorded.
        (lambda d: d.update(index=len(d["moves"]) + 1), "damaged save"),
        (lambda d: d.update(ai_moves=[len(d["moves"])]), "damaged save"),
        (lambda d: d.update(hint_moves=["0"]), "damaged save"),
    ],
)
def test_damaged_saves_raise_format_error(damage, message):
    played = make()
    played.play("0,0")
    played.play("1,1")
    data = played.to_dict()
    damage(data)
    with pytest.raises(FormatError, match=message):
        Session.from_dict(RULES, data, "save.json")


def test_bad_json_names_the_line():
    with pytest.raises(FormatError, match=r"save.json:2: not valid JSON"):
        Session.from_json(RULES, '{\n"game": }', "save.json")
    with pytest.raises(FormatError, match="not a JSON object"):
        Session.from_json(RULES, json.dumps([1, 2]), "save.json")


def test_hint_and_watch_hooks_drive_the_session():
    s = make()
    h = s.hint()
    assert h is not None and h.move is not None
    for step in s.watch():
        s.apply_step(step)
    assert s.outcome is not None and s.outcome.is_win


def test_apply_step_backtracks_with_undo():
    s = make()
    s.apply_step(Step("0,0", kind="guess"))
    s.apply_step(Step("1,1", undo=1, kind="backtrack"))
    assert s.moves == ["1,1"]
    from arcade.core.errors import ArcadeError

    with pytest.raises(ArcadeError):
        s.apply_step(Step(None, undo=5))


def test_no_hooks_means_no_hint_and_empty_watch():
    s = Session(RULES, LEVEL)
    assert s.hint() is None and list(s.watch()) == []
