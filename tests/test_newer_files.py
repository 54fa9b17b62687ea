"""Files a newer Puzzle Arcade wrote, and other unusual input a reviewer feeds the program.

A newer version's file is not damage: it is said in one line as a newer Puzzle Arcade's, and its
bytes survive (kept under a name that says why), through the real read paths -- the menu's
Continue, ``play GAME`` and the command line.
"""

from __future__ import annotations

import json
from pathlib import Path

from arcade.cli import main


def run_main(capsys, *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().err


def test_a_bad_game_id_given_to_edit_is_named_by_edit(capsys, tmp_path):
    # It said "--level:1: ...": the editor's game ID went through --level's parser, label and all.
    status, err = run_main(capsys, "play", "hashi", "--edit", "7x7m2:zzzz", "--screenshot", str(tmp_path / "s.png"))
    assert (status, err) == (2, "puzzle-arcade: --edit:1: description covers more than the 7×7 board\n")


def newer_replay(path: Path) -> bytes:
    """A Tron replay file as a newer Puzzle Arcade would write it (version 99, a field this one does not know)."""
    from arcade.games.tron.view import FRONT
    from arcade.services.replays import Replay

    level, level_id = FRONT.open_level(FRONT.first_level())
    replay = Replay("tron", FRONT.rules.format_level(level), ("human", "human"), (), (),
                    {"result": "draw", "winner": None, "score": 0.5, "reason": "both crashed"}, level_id)
    data = {**replay.to_dict(), "version": 99, "future": True}
    path.write_text(json.dumps(data))
    return path.read_bytes()


def test_a_newer_replay_on_the_command_line_is_one_line_naming_the_newer_version(capsys, tmp_path):
    path = tmp_path / "tron-newer.json"
    before = newer_replay(path)
    status, err = run_main(capsys, "play", "tron", "--replay", str(path), "--screenshot", str(tmp_path / "s.png"))
    assert (status, err) == (2, f"puzzle-arcade: {path}: made by a newer Puzzle Arcade (replay version 99; "
                                "this one reads 1)\n")
    assert path.read_bytes() == before


def test_a_newer_replay_in_the_saved_list_is_named_so_not_damaged():
    # Its row said "damaged: replay version 99 is newer than this program reads (1)", tagged "damaged".
    from arcade.games.tron.view import FRONT
    from arcade.ui.replays import replay_choices, replays_folder, saved_replays

    replays_folder().mkdir(parents=True, exist_ok=True)
    path = replays_folder() / "tron-newer.json"
    before = newer_replay(path)
    [row] = replay_choices(FRONT, saved_replays("tron"))
    assert (row.subtitle, row.tag) == ("made by a newer Puzzle Arcade (replay version 99; this one reads 1)", "newer")
    assert path.read_bytes() == before


def test_a_newer_undo_history_is_kept_as_newer_and_the_draft_opens_without_it(app, driver):
    # It was "could not be read (not an undo history of this version)" and set aside as .damaged.
    import pygame

    from arcade.games.hashi.view.editor import EditorScene, history_path
    from arcade.ui.menu import MenuScene
    from tests.hashi.test_hashi_editor_scene import leave_an_unsaved_board

    leave_an_unsaved_board(app, driver)
    newer = b'{"format": 99, "branches": [], "note": "a newer history"}'
    history_path().write_bytes(newer)
    menu = app.push(MenuScene())
    driver.frames(1)
    assert menu.entries[0].title == "Continue"
    driver.key(pygame.K_c, unicode="c")
    editor = app.stack.top
    assert isinstance(editor, EditorScene) and len(editor.draft.numbers) == 2 and not editor.editor.can_undo
    kept = history_path().with_name(history_path().name + ".newer")
    assert editor.history_note == (f"The undo history from last time was made by a newer Puzzle Arcade (history "
                                   f"version 99; this one reads 1); it is kept as {kept.name}. The board is as "
                                   "you left it, and Undo starts from here.")
    assert any(editor.history_note in message.text for message in editor.toast.messages)
    assert kept.read_bytes() == newer
    driver.click(editor.cell_centre((2, 2)))  # an edit here writes this version's history, beside it
    assert kept.read_bytes() == newer
    assert not history_path().with_name(history_path().name + ".damaged").exists()


def test_a_newer_save_read_by_the_session_is_a_newer_version_not_damage():
    import pytest

    from arcade.core.errors import FormatError, NewerVersion
    from arcade.core.session import SAVE_VERSION, Session
    from arcade.games.hashi.logic import RULES

    text = json.dumps({"version": SAVE_VERSION + 1, "game": "hashi", "board": "in a shape to come"})
    with pytest.raises(NewerVersion) as caught:
        Session.from_json(RULES, text, "hashi.json")
    assert str(caught.value) == (f"hashi.json: made by a newer Puzzle Arcade (save version {SAVE_VERSION + 1}; "
                                 f"this one reads {SAVE_VERSION})")
    with pytest.raises(FormatError, match="unknown save version 'three'"):  # a version that is no number: damage
        Session.from_json(RULES, json.dumps({"version": "three", "game": "hashi", "level": "x"}), "hashi.json")


def test_play_on_a_newer_save_from_the_command_line_says_so_and_keeps_it(capsys, tmp_path):
    from arcade.services.saves import autosave_path, write_autosave

    write_autosave("hashi", {"version": 99, "game": "hashi", "board": "in a shape to come"}, label="Later")
    before = autosave_path("hashi").read_bytes()
    status, err = run_main(capsys, "--screenshot", str(tmp_path / "s.png"), "--frames", "2", "play", "hashi")
    assert (status, err) == (0, "puzzle-arcade: Your saved Hashi game was made by a newer Puzzle Arcade (save "
                                "version 99; this one reads 1); it was left as it is.\n")
    assert autosave_path("hashi").read_bytes() == before  # a screenshot run moves nothing
