"""Whether a level "differs" from the bundled one its id names: the board decides for a replay, the
whole file for where a game reopens."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from arcade.games.hashi.view import FRONT

LEVEL_ID = "classic/01-first-steps"
TEXT = (Path(__file__).resolve().parents[1] / "levels" / "hashi" / "classic" / "01-first-steps.txt").read_text()


def retitled() -> str:
    """The bundled level's text with only its ``# title:`` header changed, as between two versions."""
    assert "# title: First steps\n" in TEXT
    return TEXT.replace("# title: First steps\n", "# title: The first steps\n")


def test_a_replay_of_the_bundled_board_under_another_title_is_not_the_replays_copy():
    """Its header title changed between versions, not its board: it was named "(the replay's copy)"."""
    level = FRONT.rules.parse_level(retitled())
    assert not FRONT.level_differs(level, LEVEL_ID)
    title = FRONT.replay_level_title(SimpleNamespace(level_id=LEVEL_ID), level)
    assert "(the replay's copy)" not in title, title


def test_a_replay_of_another_board_under_the_bundled_id_still_differs():
    rows = TEXT.splitlines(keepends=True)
    board = [n for n, line in enumerate(rows) if not line.startswith("#")]
    assert rows[board[1]] == ".....\n"
    rows[board[1]] = "1....\n"  # one more island: another puzzle
    level = FRONT.rules.parse_level("".join(rows))
    assert FRONT.level_differs(level, LEVEL_ID)
    assert "(the replay's copy)" in FRONT.replay_level_title(SimpleNamespace(level_id=LEVEL_ID), level)


def test_a_file_of_ones_own_under_a_bundled_name_with_its_own_title_reopens_from_the_file():
    """Only its title differs, yet it is the player's file: the game reopens it, not the bundled level."""
    level = FRONT.rules.parse_level(retitled())
    assert FRONT.reopen_ref(level, LEVEL_ID) is None
    assert FRONT.reopen_ref(FRONT.rules.parse_level(TEXT), LEVEL_ID) == LEVEL_ID
