"""Files a newer Puzzle Arcade wrote, and other unusual input a reviewer feeds the program.

A newer version's file is not damage: it is said in one line as a newer Puzzle Arcade's, and its
bytes survive (kept under a name that says why), through the real read paths -- the menu's
Continue, ``play GAME`` and the command line.
"""

from __future__ import annotations

from arcade.cli import main


def run_main(capsys, *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().err


def test_a_bad_game_id_given_to_edit_is_named_by_edit(capsys, tmp_path):
    # It said "--level:1: ...": the editor's game ID went through --level's parser, label and all.
    status, err = run_main(capsys, "play", "hashi", "--edit", "7x7m2:zzzz", "--screenshot", str(tmp_path / "s.png"))
    assert (status, err) == (2, "puzzle-arcade: --edit:1: description covers more than the 7×7 board\n")
