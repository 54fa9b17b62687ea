"""Battle Royale CLI: solve's output and exit codes, generate's seeds, and the bench smoke run."""

from __future__ import annotations

import io

from arcade.cli import main
from arcade.games.royale.logic import RULES, route_is_valid
from arcade.services.resources import levels_dir

SEED_FILE = levels_dir("royale") / "01-seed-14x20.txt"


def parse_answer(out: str) -> dict[str, str]:
    return dict(line.split(" ", 1) for line in out.strip().splitlines())


def test_solve_prints_loot_start_and_moves(capsys):
    assert main(["solve", "royale", str(SEED_FILE)]) == 0
    captured = capsys.readouterr()
    answer = parse_answer(captured.out)
    assert answer["loot"] == "6"
    r, c = (int(v) for v in answer["start"].split())
    level = RULES.load_level_file(SEED_FILE)
    assert route_is_valid(level, (r, c), answer["moves"])
    assert captured.err == ""


def test_solve_time_goes_to_stderr_and_bundled_ids_work(capsys):
    assert main(["solve", "royale", "01-seed-14x20", "--time"]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("time_ms ")
    assert int(captured.err.split()[1]) >= 0
    assert "loot 6" in captured.out


def test_solve_reads_stdin_and_draws(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("1 1 1\n1 . 1\n1 1 1\n"))
    assert main(["solve", "royale", "-", "--draw"]) == 0
    out = capsys.readouterr().out
    assert "loot 0" in out and "moves -" in out and "P" in out


def test_draw_says_the_route_finished_and_explains_its_marks(capsys):
    """The drawn route's header said "alive" (the round looked unfinished) and o, *, P were not explained."""
    assert main(["solve", "royale", "01-seed-14x20", "--draw"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[3] == "move 6/6 · loot 6 · at row 8, column 11 · finished"
    assert out[-1] == "o start and route · * loot taken · P the end, on the centre · 1 loot left"


def test_no_route_exits_1(tmp_path, capsys):
    grid = tmp_path / "full.txt"
    grid.write_text("1 1 1\n1 1 1\n1 1 1\n")
    assert main(["solve", "royale", str(grid)]) == 1
    assert capsys.readouterr().err.strip() == (
        "puzzle-arcade: no route: every cell holds loot, and a route starts on a cell without loot")


def test_no_route_from_empty_corners_says_they_cannot_reach(tmp_path, capsys):
    """Empty cells only in the corners of a 5x5 grid: the first move already leaves the storm's box."""
    grid = tmp_path / "corners.txt"
    grid.write_text(". 1 1 1 .\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n. 1 1 1 .\n")
    assert main(["solve", "royale", str(grid)]) == 1
    assert capsys.readouterr().err.strip() == (
        "puzzle-arcade: no route: no empty cell can reach the centre before the storm closes")


def test_bad_input_exits_2_with_file_and_line(tmp_path, capsys):
    grid = tmp_path / "bad.txt"
    grid.write_text("# title: broken\n. . 1\n. x .\n")
    assert main(["solve", "royale", str(grid)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(f"{grid}:3: unexpected 'x': cells are '.' (empty) or '1' (loot)")
    assert len(err.splitlines()) == 1
    assert main(["solve", "royale", str(tmp_path / "missing.txt")]) == 2


def test_generate_is_seeded_and_reads_back(tmp_path, capsys):
    out = tmp_path / "g.txt"
    assert main(["generate", "royale", "--size", "15x21", "--density", "0.25", "--seed", "9", "--par",
                 "-o", str(out)]) == 0
    level = RULES.load_level_file(out)
    assert (level.rows, level.cols) == (15, 21)
    assert level.loot_count == round(0.25 * 15 * 21)
    assert level.meta_value("par").isdigit()
    capsys.readouterr()
    assert main(["generate", "royale", "--size", "15x21", "--density", "0.25", "--seed", "9"]) == 0
    again = RULES.parse_level(capsys.readouterr().out)
    assert again.loot == level.loot
    assert main(["generate", "royale", "--size", "2"]) == 2
    assert main(["generate", "royale", "--density", "1.5"]) == 2
    # A title with line breaks wrote grid rows into the header: a file the program could not read.
    assert main(["generate", "royale", "--size", "5", "--seed", "1", "--title", "a\n1.1\nzz", "-o", str(out)]) == 0
    assert RULES.load_level_file(out).title == "a 1.1 zz"


def test_generate_size_is_rows_by_columns_and_its_help_says_so(capsys):
    """A generated header holds the title "Random 20×14" (width × height) beside the command
    ``generate royale --size 14x20``: --size is rows first (existing files' generator lines must make
    the same grid again), and the help says so."""
    assert main(["generate", "royale", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert "ROWSxCOLS -- rows first, so 14x20 is 14 rows of 20 columns" in help_text
    assert main(["generate", "royale", "--size", "14x20", "--seed", "3"]) == 0
    level = RULES.parse_level(capsys.readouterr().out)
    assert (level.rows, level.cols) == (14, 20)
    assert level.title.startswith("Random 20×14")
    command = level.meta_value("generator").split()
    assert command[command.index("--size") + 1] == "14x20"
    assert main(command) == 0  # the header's command makes the same grid again
    assert RULES.parse_level(capsys.readouterr().out).loot == level.loot


def test_bench_quick_prints_the_figures(capsys):
    assert main(["bench", "royale", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "seed's 14x20 example: loot 6" in out
    assert "51x51" in out and "41x41" in out and "largest at 30 %" in out


def test_generate_warns_when_its_grid_has_no_route(tmp_path, capsys):
    """`generate royale --size 3 --density 0.9 --seed 5` wrote a grid no route can be played on (its
    one empty cell cannot reach the centre) without a word; it still writes it, with a warning."""
    out = tmp_path / "g.txt"
    assert main(["generate", "royale", "--size", "3", "--density", "0.9", "--seed", "5", "-o", str(out)]) == 0
    assert RULES.load_level_file(out).no_start_reason is not None
    assert capsys.readouterr().err.strip() == (
        "warning: no route on this grid: no empty cell can reach the centre before the storm closes; "
        "try a lower --density or another --seed")
    assert main(["generate", "royale", "--size", "3", "--density", "0.9", "--seed", "1"]) == 0
    assert capsys.readouterr().err == ""  # this one has a route: no warning


def test_a_grid_where_nothing_can_be_collected_is_solved_by_dropping_on_the_centre(tmp_path, capsys):
    """An empty 151x151 grid printed a 75-move walk from row 7 ("UUUDDD...") that collected nothing:
    when no route collects anything, the shortest -- drop on the centre, stop -- is the answer."""
    grid = tmp_path / "empty.txt"
    grid.write_text(("." * 151 + "\n") * 151)
    assert main(["solve", "royale", str(grid)]) == 0
    assert parse_answer(capsys.readouterr().out) == {"loot": "0", "start": "75 75", "moves": "-"}


def test_a_route_goes_straight_home_once_nothing_is_left_to_collect(tmp_path, capsys):
    """After the last loot in reach the route walked away and back on its spare moves."""
    grid = tmp_path / "one.txt"
    grid.write_text(".........\n" * 3 + "....1....\n" + ".........\n" * 5)  # loot just above the centre (4, 4)
    assert main(["solve", "royale", str(grid)]) == 0
    answer = parse_answer(capsys.readouterr().out)
    assert answer["loot"] == "1"
    r, c = (int(v) for v in answer["start"].split())
    assert len(answer["moves"]) == abs(r - 3) + abs(c - 4) + 1  # to the loot, then one step home
