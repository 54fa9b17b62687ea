"""Hashi AI on the command line: solve (text, bridges, count, explain, time), generate, the AI benchmark."""

from __future__ import annotations

from pathlib import Path

from arcade.cli import main
from arcade.core.topology import Topology
from arcade.games.hashi import solver
from arcade.games.hashi.formats import adjacent_pairs, parse_puzzle, read_puzzle, tatham_refusal
from arcade.games.hashi.logic import State

DATA = Path(__file__).parent / "data"
SPEC_ID = "7x7m2:a3d31g5a5a2e1b3b2d3b3a23d2a"
SOLVED_SPEC = ".3----3\n1\"....\"\n|5=5-2\"\n||.\"1|\"\n3|.2||\"\n\"3==3|2\n3----2.\n"


def test_solve_prints_the_board_in_tathams_convention(capsys):
    assert main(["solve", "hashi", SPEC_ID]) == 0
    assert capsys.readouterr().out == SOLVED_SPEC


def test_help_names_each_value_as_its_usage_line_does(capsys):
    """The help's words name the placeholder its usage line shows, as the guides write them:
    solve's '--file FILE' read "from F", and generate's '--out OUT' was "this folder"."""
    assert main(["solve", "hashi", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--file FILE read puzzles (paths or game IDs) from FILE, one per line" in text
    assert main(["generate", "hashi", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--out DIR write one level file per puzzle into DIR (default: standard output)" in text


def test_solve_bridges_are_a_valid_solution(capsys):
    assert main(["solve", "hashi", SPEC_ID, "--bridges"]) == 0
    puzzle = parse_puzzle(SPEC_ID)
    counts = [0] * len(puzzle.lines)
    for row in capsys.readouterr().out.splitlines():
        r1, c1, r2, c2, n = map(int, row.split())
        (line,) = puzzle.line_between(puzzle.island_at[(r1, c1)], puzzle.island_at[(r2, c2)])
        counts[line] = n
    assert State(puzzle, tuple(counts)).complete


def test_count_zero_one_and_more(tmp_path, capsys):
    ring = tmp_path / "ring.txt"
    ring.write_text("3.3\n...\n3.3\n")
    odd = tmp_path / "odd.txt"
    odd.write_text("1.2\n")
    assert main(["solve", "hashi", SPEC_ID, "--count"]) == 0
    assert capsys.readouterr().out == "1\n"
    assert main(["solve", "hashi", str(ring), "--count"]) == 0
    assert capsys.readouterr().out == "2+\n"
    assert main(["solve", "hashi", str(odd), "--count"]) == 1
    assert capsys.readouterr().out == "0\n"
    assert main(["solve", "hashi", str(odd)]) == 1
    assert capsys.readouterr().out == "no solution\n"


def test_explain_and_time(capsys):
    assert main(["solve", "hashi", SPEC_ID, "--explain", "--time"]) == 0
    captured = capsys.readouterr()
    assert "Pigeonhole: " in captured.out and "[set " in captured.out
    assert captured.out.endswith(SOLVED_SPEC)
    (timing,) = captured.err.splitlines()
    assert timing.startswith("time_ms ") and float(timing.split()[1]) >= 0


def test_several_puzzles_from_arguments_and_a_file(tmp_path, capsys):
    listing = tmp_path / "list.txt"
    listing.write_text(f"# benchmark list\n{DATA / 'Hs_16_100_25_00_001.has'}\n\n{SPEC_ID}\n")
    assert main(["solve", "hashi", SPEC_ID, "--file", str(listing), "--count"]) == 0
    out = capsys.readouterr().out
    assert out.count("== ") == 3 and out.count("\n1\n") == 2


def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("1.x\n")
    assert main(["solve", "hashi", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.txt:1:" in err and "Traceback" not in err
    assert main(["solve", "hashi", "no-such-file.has"]) == 2
    assert main(["solve", "hashi"]) == 2
    assert main(["solve", "hashi", "5x5:zzz"]) == 2
    # A bad puzzle among good ones: the good ones are still solved.
    assert main(["solve", "hashi", str(bad), SPEC_ID]) == 2
    assert SOLVED_SPEC in capsys.readouterr().out


def test_generate_text_is_a_unique_graded_level(capsys):
    assert main(["generate", "hashi", "--size", "12x9", "--difficulty", "hard", "--topology", "cylinder",
                 "--seed", "7"]) == 0
    puzzle = parse_puzzle(capsys.readouterr().out)
    assert (puzzle.cols, puzzle.rows, puzzle.topology) == (12, 9, Topology.CYLINDER)
    assert puzzle.meta_value("difficulty") == "hard" and puzzle.title
    assert solver.count_solutions(puzzle) == 1 and solver.grade(puzzle).name == "hard"
    assert main(["generate", "hashi", "--size", "12x9", "--difficulty", "hard", "--topology", "cylinder",
                 "--seed", "7"]) == 0
    assert parse_puzzle(capsys.readouterr().out) == puzzle


def test_generate_several_as_game_ids_and_into_a_folder(tmp_path, capsys):
    assert main(["generate", "hashi", "--size", "8x8", "--format", "tatham", "-n", "3", "--seed", "1"]) == 0
    ids = capsys.readouterr().out.splitlines()  # one a line, as a shell's `while read id` wants them
    assert len(ids) == 3 and len(set(ids)) == 3 and all(ids)
    assert all(solver.count_solutions(parse_puzzle(i)) == 1 for i in ids)
    assert main(["generate", "hashi", "--size", "8x8", "-n", "2", "--seed", "1", "--out", str(tmp_path),
                 "--title", "Pack"]) == 0
    files = sorted(tmp_path.glob("*.txt"))
    assert len(files) == 2
    assert [read_puzzle(f).title for f in files] == ["Pack 1", "Pack 2"]


def test_hard_game_ids_are_all_accepted_by_tathams_rules(capsys):
    """The issue's "done when": ten hard 15x15 game IDs, none with touching islands."""
    assert main(["generate", "hashi", "--size", "15x15", "--difficulty", "hard", "-n", "10", "--format", "tatham",
                 "--seed", "11"]) == 0
    ids = [line for line in capsys.readouterr().out.splitlines() if line]
    assert len(ids) == 10
    for game_id in ids:
        assert tatham_refusal(game_id) is None
        puzzle = parse_puzzle(game_id)
        assert not adjacent_pairs(puzzle) and solver.grade(puzzle).name == "hard"


def test_no_touching_is_an_option_for_level_files_too(capsys):
    assert main(["generate", "hashi", "--size", "12x12", "--difficulty", "hard", "--no-touching", "--seed", "3"]) == 0
    puzzle = parse_puzzle(capsys.readouterr().out)
    assert not adjacent_pairs(puzzle) and solver.grade(puzzle).name == "hard"


def test_generate_refuses_impossible_requests(capsys):
    assert main(["generate", "hashi", "--topology", "torus", "--format", "tatham"]) == 2
    assert main(["generate", "hashi", "--size", "3x3"]) == 2
    assert main(["generate", "hashi", "--size", "ten"]) == 2  # argparse's own one-line error
    assert main(["generate", "hashi", "--density", "9"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "plane" in err


def test_generate_help_shows_every_default(capsys):
    """Size, difficulty, topology and format had defaults the help did not name."""
    assert main(["generate", "hashi", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # as argparse wraps it
    for default in ("default 10x10", "default medium", "default plane", "default 1", "default text",
                    "default: random", "default: standard output"):
        assert default in out, default


def test_ai_benchmark_quick(tmp_path, capsys):
    from arcade.games.hashi import ai_cli

    assert ai_cli.run_ai_bench(True, DATA) == 0
    out = capsys.readouterr().out
    count = len(list(DATA.glob("*.has")))
    assert f"solved {count}/{count}" in out
    assert "generate unique 30x30 hard" in out and "generate unique 40x40 hard" in out
    # The wrong-bridge hint on the 400-island board (it took up to 10 s on such boards).
    assert "wrong-bridge hint, 400-island CLLV boards (1 instance," in out
    assert "check (closest solution)" in out and "whole hint" in out
    # Claims that fit another solution than the cached one (that check took up to 3.9 s on such boards).
    assert "claims fit another solution, 400-island CLLV boards (1 instance," in out
    assert "check (some solution)" in out


def test_solve_takes_a_bundled_level_id_as_play_and_export_do(capsys):
    """``solve hashi classic/01-first-steps`` said "no such file"."""
    from arcade import cli

    assert cli.main(["solve", "hashi", "classic/01-first-steps", "--count"]) == 0
    assert capsys.readouterr().out.strip() == "1"
    assert cli.main(["solve", "hashi", "no-such-level"]) == 2
    assert "puzzle-arcade levels hashi" in capsys.readouterr().err


def test_solve_export_and_play_name_a_missing_level_in_one_way(capsys, tmp_path):
    """``solve hashi`` said "no-such: no such file, bundled level (...) or game ID like ..." where
    ``export hashi`` and ``play hashi --level`` said "error: no level file or bundled level
    'no-such' for hashi (...)": each read the argument with its own code. Now all three read it
    with ``resources.read_level``, whose line also names the game IDs only Hashi takes -- and
    with the same ``error:`` before it (solve, which goes on to its next puzzle and prints the
    line itself, left it out)."""
    from arcade import cli

    expected = ("puzzle-arcade: error: no level file or bundled level 'no-such' for hashi, nor a game ID like "
                "7x7:a3d31g5a... (list them: puzzle-arcade levels hashi)\n")
    for argv in (["solve", "hashi", "no-such"], ["export", "hashi", "no-such", "--svg", str(tmp_path / "a.svg")],
                 ["play", "hashi", "--level", "no-such", "--screenshot", str(tmp_path / "a.png")]):
        assert cli.main(argv) == 2, argv
        assert capsys.readouterr().err == expected, argv


def test_the_levels_folders_readme_is_not_a_bundled_level(capsys):
    """Hashi looked bundled ids up among every file (``*``), so ``solve hashi README`` parsed
    levels/hashi/README.md as a puzzle ("README.md:3: column 1: unexpected 'E'"); ids are the
    game's ``level_pattern`` files, as for every other game."""
    from arcade import cli

    assert cli.main(["solve", "hashi", "README"]) == 2
    assert "no level file or bundled level 'README' for hashi" in capsys.readouterr().err


def test_solve_gives_up_after_its_timeout_instead_of_hanging(capsys):
    """A held-out board: no solution, but proving it took 439 s on the solver's first branching
    order, so ``solve hashi`` looked hung. Past ``--timeout`` it says "undecided" (status 1, one
    line on stderr) and goes on with the next puzzle of the list."""
    board = str(DATA / "undecided-40x40-cylinder.txt")
    assert main(["solve", "hashi", board, SPEC_ID, "--count", "--timeout", "0.5"]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines()[:2] == [f"== {board}", "undecided"]
    assert out.splitlines()[-1] == "1"
    assert err.count("\n") == 1 and "gave up after 0.5 s" in err and "--timeout" in err


# Held out: IDs made by Simon Tatham's own Bridges generator (`new_game_desc`, built from a public
# mirror of the puzzles source) with the board its solver prints for each. They are unique at their
# difficulty there, so ours must find exactly one solution, and the same one.
TATHAM_SOLVED = {
    "10x10m2:1a2d5a4k3b5a2f2k2a5c5a5j4a3d1h3b3b2g3b6a4": (
        "1.2====5=4\n|......|.\"\n|3--5=2|.\"\n|\".2\"..|.\"\n|\".\"\"2=5.\"\n"
        "|5=5\"..\".\"\n||.|4-3\".\"\n|1.||.\"\".\"\n3==3|.2\".\"\n....3==6=4\n"),
    "12x8m2:1a2d1a2m14a3f5n4d2c5a5a1a3t1b4g4": (
        "1.2----1.2..\n|.|......\".1\n4-3------5.|\n\"........\".|\n"
        "4----2---5=5\n|1-3.......\"\n|..\".......\"\n1..4=======4\n"),
}


def test_tatham_generated_ids_have_one_solution_and_it_is_tathams(capsys):
    for game_id, board in TATHAM_SOLVED.items():
        assert main(["solve", "hashi", "--count", game_id]) == 0
        assert capsys.readouterr().out == "1\n"
        assert main(["solve", "hashi", game_id]) == 0
        assert capsys.readouterr().out == board


def test_a_tatham_no_loops_id_keeps_its_answer_but_not_its_uniqueness(capsys):
    """'L' forbids closed loops in Tatham's Bridges; our rules allow them, so as docs/hashi.md says the
    ID loads, Tatham's answer is one of ours, and this one (made by his generator) has a second."""
    game_id = "10x10m2L:1c2a2b2j1e2a1e5d5e1a2b3c5j3a7a64b2k2a3a24c3e"
    tathams = parse_bridges_board(game_id, (
        "1---2.2--2\n....|.|..|\n1...|.2-1|\n|...5====5\n|...\"1.2.\"\n"
        "3===5|.\".\"\n....|3=7=6\n4==2|..|.\"\n\"...|2=3.2\n4===3.....\n"))
    assert tathams.complete
    assert main(["solve", "hashi", "--count", game_id]) == 0
    assert capsys.readouterr().out == "2+\n"


def parse_bridges_board(game_id: str, board: str) -> State:
    """A board in Tatham's text convention read back into bridges on ``game_id``'s lines."""
    puzzle = parse_puzzle(game_id)
    rows = board.splitlines()
    counts = []
    for line in puzzle.lines:
        r, c = line.cells[0] if line.cells else (None, None)
        counts.append(0 if r is None else {"-": 1, "|": 1, "=": 2, '"': 2}.get(rows[r][c], 0))
    return State(puzzle, tuple(counts))


def test_malformed_game_ids_are_one_line_and_exit_2(capsys):
    """What a referee fed the command line: never a traceback, never a hang."""
    for bad in ("7x7m2:a3d31g5a5a2e1b3b2d3b3a23d2", SPEC_ID + "a", "7x7m2:", "0x0:", "0x0m2:a",
                "1000x1000m2:1a1", "99999999999999999999x3:a", "3x99999999999999999999:a",
                "7x7m99999999999999999999:" + SPEC_ID.split(":")[1], SPEC_ID + "#", SPEC_ID + ":extra",
                "7x7m2:G" + SPEC_ID.split(":")[1][1:], "3x3:1a1ｆ", "3x3:1h", "3x3:i", "7x7#1234",
                "7x7m3:" + SPEC_ID.split(":")[1]):
        assert main(["solve", "hashi", bad]) == 2, bad
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, (bad, err)
