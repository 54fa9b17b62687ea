"""``-`` is standard input for every command that reads a level, in every game (services.resources).

Only ``solve royale -`` read stdin: ``solve hashi -`` and ``solve runway -`` said there was no
level ``'-'``, and ``solve hashi --file -`` said there was no such file.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from arcade.cli import main
from arcade.games import REGISTRY
from arcade.games.tron import maps

ROOT = Path(__file__).resolve().parent.parent
HASHI = ROOT / "levels" / "hashi" / "classic" / "01-first-steps.txt"
RUNWAY = ROOT / "levels" / "runway" / "00_statement_example.txt"
ROYALE = ROOT / "levels" / "royale" / "07-pocket-storm-9x9.txt"
TRON = ROOT / "levels" / "tron" / "official" / "apocalyptic.txt"

#: Per game, the commands that take a level, and what a good level prints. Keyed by game so a
#: new game must say here how its commands read ``-``.
CASES: dict[str, list[tuple[list[str], Path, str]]] = {
    "hashi": [(["solve", "hashi", "-"], HASHI, ""),
              (["export", "hashi", "-", "--svg", "{tmp}/h.svg"], HASHI, "wrote 2 pages")],
    "runway": [(["solve", "runway", "-"], RUNWAY, "result: win")],
    "royale": [(["solve", "royale", "-"], ROYALE, "loot "),
               (["export", "royale", "-", "--svg", "{tmp}/r.svg"], ROYALE, "wrote 2 pages")],
    "tron": [],  # its only level-taking command is tournament --maps: see the test below
}


def test_every_game_has_its_stdin_cases():
    assert set(CASES) == set(REGISTRY.names())


def _run(capsys, monkeypatch, argv: list[str], text: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, level, expected",
                         [case for cases in CASES.values() for case in cases],
                         ids=[" ".join(case[0][:2]) for cases in CASES.values() for case in cases])
def test_dash_reads_the_level_from_stdin(capsys, monkeypatch, tmp_path, argv, level, expected):
    argv = [arg.replace("{tmp}", str(tmp_path)) for arg in argv]
    code, out, err = _run(capsys, monkeypatch, argv, level.read_text(encoding="utf-8"))
    assert code == 0, err
    assert expected in out


#: Per game, a malformed level and where its error must point.
BAD = {"hashi": ("# title: x\n\u00a7\u00a7\n", "<stdin>:2: column 1"),
       "runway": ("3\n3\n\u00a7\n", "<stdin>:3: lane 0"),
       "royale": ("# a comment\n", "<stdin>:1: expected '# key: value'")}


@pytest.mark.parametrize("game, argv", [(game, case[0]) for game, cases in CASES.items() for case in cases])
def test_a_bad_level_on_stdin_is_named_with_its_line(capsys, monkeypatch, tmp_path, game, argv):
    argv = [arg.replace("{tmp}", str(tmp_path)) for arg in argv]
    text, where = BAD[game]
    code, _out, err = _run(capsys, monkeypatch, argv, text)
    assert code == 2
    assert err.startswith(f"puzzle-arcade: {where}"), err


def test_hashi_file_dash_reads_the_puzzle_list_from_stdin(capsys, monkeypatch):
    code, out, err = _run(capsys, monkeypatch, ["solve", "hashi", "--file", "-"], f"# list\n{HASHI}\n")
    assert code == 0, err
    assert out.strip()


def test_tron_tournament_maps_take_dash(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(TRON.read_text(encoding="utf-8")))
    [(map_id, level)] = maps.resolve("-")
    assert map_id == "stdin" and level == maps.load(str(TRON))[1]


@pytest.mark.parametrize("argv", [["solve", "hashi", "-", "-"], ["export", "royale", "-", "-", "--svg", "x.svg"],
                                  ["solve", "hashi", "-", "--file", "-"], ["tournament", "tron", "--maps=-,-"]])
def test_dash_twice_is_refused_in_one_line(capsys, monkeypatch, argv):
    code, _out, err = _run(capsys, monkeypatch, argv, "")
    assert code == 2
    assert "given more than once" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
@pytest.mark.parametrize("game, level", [("tron", TRON), ("runway", RUNWAY)])
def test_bots_read_boards_with_any_line_ends(capsys, monkeypatch, game, level, eol):
    """``bot tron`` and ``bot runway`` read stdin a line at a time, and Python's stdin splits lines at
    LF only: a board with CR line ends (which every level reader takes) was one long first line."""
    text = eol.join(level.read_text(encoding="utf-8").splitlines()) + eol
    # What Python makes of a pipe: bytes under a text layer that ends lines at LF only.
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode()), encoding="utf-8", newline="\n"))
    code = main(["bot", game])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert len(out.splitlines()) == 1 and out.strip() in {"1", "2", "3", "4", "SPEED", "SLOW", "JUMP", "WAIT",
                                                          "UP", "DOWN"}
