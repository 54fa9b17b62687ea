"""Bundled Hashi levels (each has exactly one solution), the level catalogue, and the CLI verbs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from arcade.cli import main
from arcade.games.hashi import catalog
from arcade.games.hashi.formats import parse_puzzle, read_puzzle
from arcade.games.hashi.generator import lattice_puzzle
from arcade.games.hashi.logic import State
from arcade.services.resources import levels_dir
from tests.hashi.hashi_oracle import all_solutions

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted(p for p in levels_dir("hashi").rglob("*.txt"))
#: The exhaustive oracle is only fast enough for the small hand-made boards; the generated
#: packs (up to 30x30) are proven unique by the solver in test_hashi_packs.py.
HAND_MADE = [p for p in BUNDLED if p.parent.name in ("classic", "wrapped")]


def test_there_are_hand_made_levels_in_two_folders_with_a_readme():
    folders = {p.parent.name for p in BUNDLED}
    assert {"classic", "wrapped"} <= folders and len(BUNDLED) >= 7
    assert (levels_dir("hashi") / "README.md").is_file()


@pytest.mark.parametrize("path", HAND_MADE, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_hand_made_level_has_exactly_one_solution(path):
    puzzle = read_puzzle(path)
    assert puzzle.title and puzzle.meta_value("difficulty") in ("easy", "medium", "hard")
    solutions = all_solutions(puzzle, limit=2)
    assert len(solutions) == 1
    if puzzle.topology.value != "plane":
        assert any(n and puzzle.lines[i].wraps for i, n in enumerate(solutions[0].bridges)), \
            "a wrapped level should need a bridge round the edge"


def test_the_catalogue_lists_levels_by_folder_with_what_the_picker_shows():
    entries = catalog.bundled_levels()
    assert [e.folder for e in entries] == sorted(e.folder for e in entries)
    first = catalog.find_entry(entries, "classic/01-first-steps")
    assert first is not None and first.title == "First steps" and first.size == "5×5"
    assert (first.islands, first.difficulty, first.topology, first.error) == (8, "medium", "plane", "")
    doughnut = catalog.find_entry(entries, "wrapped/02-doughnut")
    assert doughnut is not None and doughnut.topology == "torus"


def test_the_catalogue_finds_generated_packs_and_reports_broken_files(tmp_path):
    (tmp_path / "pack" / "deep").mkdir(parents=True)
    (tmp_path / "pack" / "deep" / "a.txt").write_text("# title: Deep one\n1.1\n")
    (tmp_path / "pack" / "b.has").write_text("1 3 2\n1 0 1\n")
    (tmp_path / "pack" / "broken.txt").write_text("1.9\n")
    (tmp_path / "notes.md").write_text("not a level")
    entries = catalog.bundled_levels(tmp_path)
    assert [e.id for e in entries] == ["pack/b", "pack/broken", "pack/deep/a"]
    broken = catalog.find_entry(entries, "pack/broken")
    assert broken.error.endswith("broken.txt:1: column 3: unexpected '9' (use '.' for water and 1-8 for islands)")


def test_best_times_follow_the_board_not_its_title():
    a = parse_puzzle("# title: One\n2.2\n")
    b = parse_puzzle("# title: Two\n2.2\n")
    c = parse_puzzle("# topology: cylinder\n2.2\n")
    assert catalog.level_key(a) == catalog.level_key(b) != catalog.level_key(c)


def test_the_benchmark_board_is_solvable_and_deterministic():
    p = lattice_puzzle(12)
    assert p == lattice_puzzle(12) and (p.rows, p.cols) == (12, 12)
    assert all(1 <= island.number <= 8 for island in p.islands)
    assert not any(p.crossings)
    assert State.empty(p).analysis.done == 0


def test_levels_command_lists_the_bundled_levels(capsys):
    assert main(["levels", "hashi"]) == 0
    out = capsys.readouterr().out
    assert "classic/01-first-steps" in out and "torus" in out and "Round the bend" in out


def test_play_with_a_game_id_renders_a_screenshot(tmp_path):
    shot = tmp_path / "id.png"
    result = subprocess.run(
        [sys.executable, "-m", "arcade", "play", "hashi", "--level", "7x7m2:a3d31g5a5a2e1b3b2d3b3a23d2a",
         "--screenshot", str(shot), "--size", "800x500"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 1000


def test_a_bad_level_is_one_line_and_exit_status_2(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("1.1\n1.\n")
    result = subprocess.run([sys.executable, "-m", "arcade", "play", "hashi", "--level", str(bad),
                             "--screenshot", str(tmp_path / "x.png")], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 2
    assert result.stderr.strip().endswith("bad.txt:2: row has 2 cells but the first row has 3")
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_bench_quick_prints_drag_frame_times(user_home):
    """It runs in a home of its own: with PUZZLE_ARCADE_HOME set (as here) the benchmark boards
    were autosaved over the player's game."""
    save = user_home / "data" / "saves" / "hashi.json"
    save.parent.mkdir(parents=True)
    save.write_text("the player's game")
    result = subprocess.run([sys.executable, "-m", "arcade", "bench", "hashi", "--quick"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    written = sorted(str(p.relative_to(user_home)) for p in user_home.rglob("*") if p.parts[-1] != "logs"
                     and "logs" not in p.relative_to(user_home).parts)  # (the program's own log may start)
    assert save.read_text() == "the player's game" and written == ["data", "data/saves", "data/saves/hashi.json"], \
        f"the benchmark wrote into the player's home: {written}"
    assert "frame time during a drag at 1280x800" in result.stdout and "p95" in result.stdout
    assert "30x30 in the scene, click to verdict shown" in result.stdout  # the editor's verdict latency


def test_the_editor_benchmark_keeps_no_draft_and_says_nothing(user_home, capfd):
    """``bench hashi`` printed "Your unsaved board is kept as a draft … play hashi --edit reopens it"
    on stderr once per board size: its edited boards were kept as the player's draft."""
    from arcade.games.hashi.editor_bench import scene_latencies
    from arcade.services.paths import data_dir

    assert len(scene_latencies(10, 3)) == 3
    assert "kept as a draft" not in capfd.readouterr().err
    assert not [p for p in data_dir().rglob("*") if "draft" in p.name]


def test_the_play_benchmark_counts_refused_moves_and_lets_a_bug_through(monkeypatch, capsys):
    """The benchmark's random moves are refused when they cross a bridge (timed, as a player's
    drag is); ``except Exception: pass`` also timed any crash of the rules as a fast move and
    said nothing. Refusals are counted and said; anything else stops the benchmark."""
    import argparse

    from arcade.games.hashi import cli as hashi_cli
    from arcade.games.hashi.logic import RULES

    monkeypatch.setattr(hashi_cli, "drag_frame_times", lambda size, drags, zoom=1.0: ([1.0], [1.0], 1))
    args = argparse.Namespace(size=7, quick=True)
    assert hashi_cli.run_play_bench(args) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("rules:"))
    assert re.search(r"\((\d+) of 40 refused as a player's would be", line), line

    def broken(state, move):
        raise RuntimeError("a bug in the rules")

    monkeypatch.setattr(RULES, "apply", broken)
    with pytest.raises(RuntimeError, match="a bug in the rules"):
        hashi_cli.run_play_bench(args)
