"""Runway CLI: solve, generate, bench and the one-line errors (exit 2)."""

from __future__ import annotations

import argparse
import sys

from arcade.cli import main
from arcade.games.runway.cli import run_bench
from arcade.games.runway.logic import RULES


def test_solve_prints_commands_survivors_and_turns(capsys):
    assert main(["solve", "runway", "11_mandatory_sacrifices"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("commands: SPEED ")
    assert out[1] == "bikes: 2 of 4 crossed (1 needed to cross)"
    turns = int(out[2].split(": ")[1])
    assert turns == len(out[0].split()) - 1
    assert out[3].startswith("result: win")


def test_solve_with_the_classic_ai_and_a_trace(capsys):
    assert main(["solve", "runway", "levels/runway/00_statement_example.txt", "--ai", "classic", "--trace"]) == 0
    out = capsys.readouterr().out
    assert "> SPEED" in out and "...0x.....|" in out
    assert "bikes: 1 of 2 crossed (1 needed to cross)" in out


def test_solve_says_a_lost_race_has_bikes_still_riding_not_survivors(tmp_path, capsys):
    """A loss by turns printed "survivors: 1 of 1 (1 needed)" beside "result: loss"."""
    wall = "." * 10 + "0" * 25 + "." * 10
    lost = tmp_path / "lost.txt"
    lost.write_text(f"1\n1\n{wall}\n{wall}\n{wall}\n{wall}\n0\n0 0 1\n")
    assert main(["solve", "runway", str(lost)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "bikes: 1 of 1 still riding (1 needed to cross)"
    assert out[3].startswith("result: loss — 50 turns are up")


def test_solve_reports_a_malformed_level_as_file_line(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("2\n1\n....\n....\n..x.\n....\n0\n0 0 1\n0 1 1\n")
    assert main(["solve", "runway", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(f"{bad}:5: lane 2 may only hold '.' (road) and '0' (hole), found 'x'")
    assert "Traceback" not in err


def test_solve_unknown_level_is_a_usage_error(capsys):
    assert main(["solve", "runway", "no-such-level"]) == 2
    assert "no level file or bundled level" in capsys.readouterr().err


def test_generate_prints_a_level_that_reads_back(capsys, tmp_path):
    assert main(["generate", "runway", "--seed", "5", "--length", "60", "--bikes", "3"]) == 0
    captured = capsys.readouterr()
    level = RULES.parse_level(captured.out)
    assert level.length == 60 and len(level.bikes) == 3
    assert "seed 5:" in captured.err
    target = tmp_path / "r.txt"
    assert main(["generate", "runway", "--seed", "5", "--length", "60", "--bikes", "3", "-o", str(target)]) == 0
    assert RULES.load_level_file(target) == level


def test_generate_rejects_bad_options(capsys):
    assert main(["generate", "runway", "--length", "9000"]) == 2
    assert "length must be between" in capsys.readouterr().err


def test_bench_quick_prints_the_figures(capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["bench"])
    assert run_bench(argparse.Namespace(quick=True)) == 0
    out = capsys.readouterr().out
    assert "12_well_worn_road" in out and "target ≤ 50 ms" in out
    assert "generated runways, length 500" in out and "bot: first turn" in out


def test_solve_exits_1_when_the_race_cannot_be_won(tmp_path, capsys):
    """Holes wider than any jump from a standing start: the exact AI keeps both bikes alive for
    50 turns and loses. It says so, and the status tells a script (as `solve hashi` does)."""
    level = tmp_path / "hopeless.txt"
    holes = "..0000000000000000000000...."
    level.write_text("2\n2\n" + "\n".join([holes] * 4) + "\n1\n0 0 1\n0 1 1\n")
    assert main(["solve", "runway", str(level)]) == 1
    assert "result: loss" in capsys.readouterr().out


def test_a_lost_race_on_an_impossible_level_says_it_is_impossible(tmp_path, capsys):
    """A referee could not tell an impossible level from an AI that fell short: both read
    "result: loss". Holes wider than the fastest jump from a standstill: nothing can win."""
    level = tmp_path / "wall.txt"
    wall = "." + "0" * 120 + "." * 79
    level.write_text("4\n1\n" + "\n".join([wall] * 4) + "\n0\n0 0 1\n0 1 1\n0 2 1\n0 3 1\n")
    assert main(["solve", "runway", str(level)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[3].startswith("result: loss")
    assert out[4] == "impossible: no commands get 1 bike across within 50 turns (the exact search tried them all)"


def test_a_race_the_classic_ai_loses_says_the_exact_ai_wins_it(tmp_path, capsys):
    level = tmp_path / "winnable.txt"
    level.write_text("2\n2\n"
                     "...................................0............000.........\n"
                     "............0.......................0...000..00.000.....000.\n"
                     ".........................0000........0...................0.0\n"
                     "......................................0..................0.0\n"
                     "3\n0 0 1\n0 2 1\n")
    assert main(["solve", "runway", str(level), "--ai", "classic"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[3].startswith("result: loss")
    assert out[4] == "winnable: the exact AI gets 2 of 2 across in 11 turns (leave out --ai classic)"
