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


class _Pipe(io.RawIOBase):
    """Standard input as a pipe delivers it: one write per read, then ``at_end()`` once it is drained."""

    def __init__(self, writes: list[bytes], at_end) -> None:
        self.writes, self.at_end = list(writes), at_end

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if not self.writes:
            self.at_end()
            return 0
        data = self.writes.pop(0)
        buffer[: len(data)] = data
        return len(data)


def _bot_over_pipe(capsys, monkeypatch, game: str, writes: list[bytes]) -> tuple[int, str, str, str]:
    """Run ``bot GAME`` over ``writes``; also what it had answered when it asked for more input."""
    before_more: list[str] = []
    pipe = _Pipe(writes, lambda: before_more.append(capsys.readouterr().out))
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BufferedReader(pipe), encoding="utf-8"))
    code = main(["bot", game])
    out, err = capsys.readouterr()
    before = before_more[0] if before_more else ""  # "" when it never came to the end of the input
    return code, "".join(before_more) + out, err, before


@pytest.mark.parametrize("game, level", [("tron", TRON), ("runway", RUNWAY)])
def test_a_bot_answers_a_turn_whose_last_line_ends_in_cr_without_waiting_for_more(capsys, monkeypatch,
                                                                                  game, level):
    """Python's universal newlines hold a CR that ends what has arrived, to see whether an LF follows:
    a referee with CR line ends waited for an answer the bot never gave (it waited for the next byte)."""
    text = "\r".join(level.read_text(encoding="utf-8").splitlines()) + "\r"
    code, _out, err, answered_before_more = _bot_over_pipe(capsys, monkeypatch, game, [text.encode()])
    assert code == 0, err
    assert len(answered_before_more.splitlines()) == 1


@pytest.mark.parametrize("game, level", [("tron", TRON), ("runway", RUNWAY)])
def test_a_crlf_split_across_two_writes_is_one_line_end(capsys, monkeypatch, game, level):
    """The CR at the end of one write and the LF at the start of the next: one line end, not an
    empty line (a board's row count, a turn's lines, would be off by one)."""
    lines = level.read_text(encoding="utf-8").splitlines()
    text = ("\r\n".join(lines) + "\r\n").encode()
    writes, start = [], 0
    for at in [i + 1 for i, byte in enumerate(text) if byte == ord("\r")]:  # a write ends after every CR
        writes.append(text[start:at])
        start = at
    writes.append(text[start:])
    code, out, err, _ = _bot_over_pipe(capsys, monkeypatch, game, writes)
    assert code == 0, err
    assert len(out.splitlines()) == 1, out


def test_a_bot_names_the_line_with_a_byte_that_is_not_utf8(capsys, monkeypatch):
    """The text layer decoded a whole pipe write at once and blamed its first line."""
    text = b"5 5\r\n#####\r\n#1\xff #\r\n#   #\r\n#  2#\r\n#####\r\n"
    code, out, err, _ = _bot_over_pipe(capsys, monkeypatch, "tron", [text])
    assert code == 2 and out == ""
    assert err == "puzzle-arcade: <stdin>:3: not UTF-8 text (byte 0xff)\n"
