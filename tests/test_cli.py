"""The command line: one-line errors with exit status 2, headless screenshots, the three entry points."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from arcade import cli
from arcade.cli import main
from arcade.core.errors import ArcadeError
from arcade.ui import app as app_module

ROOT = Path(__file__).resolve().parent.parent


def run_main(capsys, *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        raise SystemExit(main(list(argv)))
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out, err


def test_pygame_is_the_community_edition():
    assert pygame.IS_CE


def test_upstream_pygame_is_refused_with_one_line(monkeypatch, capsys):
    monkeypatch.delattr(pygame, "IS_CE")
    with pytest.raises(ArcadeError, match="pip install pygame-ce"):
        app_module.require_pygame_ce()
    code, _out, err = run_main(capsys, "--screenshot", "/tmp/never.png")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "pygame-ce" in err


@pytest.mark.parametrize(
    "argv, expected",
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["--frames", "zero"], "frames must be a whole number"),
        (["--frames", "99999999999"], "frames must be between 1 and 3600"),  # it ran for ever
        (["--size", "big"], "size must look like 1280x800"),
        (["--size", "320x240"], "outside 640x400"),  # the least a window can be dragged to
        # int() took these for 1280x800, unlike every other number a user types (core.numbers).
        (["--size", "1_280x800"], "size must look like 1280x800"),
        (["--size", "\uff11\uff12\uff18\uff10x800"], "size must look like 1280x800"),
        (["nonsense"], "invalid choice"),
        (["play"], "required"),
        (["levels", "chess"], "unknown game"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(capsys, argv, expected):
    code, _out, err = run_main(capsys, *argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert expected in err
    assert "Traceback" not in err


def test_edit_dash_is_refused_in_one_line_and_makes_no_file(capsys, tmp_path, monkeypatch):
    """``play hashi --edit -`` opened the editor on a new puzzle called "-.txt" (the bare-name rule
    adds ".txt"): "-" means standard input to a filter, which the editor is not. Refused in one
    line, exit 2, as ``--level -`` is, and nothing is created."""
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    code, _out, err = run_main(capsys, "play", "hashi", "--edit", "-", "--screenshot", str(tmp_path / "s.png"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "--edit -: the editor does not read standard input" in err
    assert list(here.iterdir()) == [] and not (tmp_path / "s.png").exists()


def test_unreadable_level_file_is_one_line(capsys, toy_registered, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("o.x\n")
    code, _out, err = run_main(capsys, "play", "toy", "--level", str(bad), "--screenshot", str(tmp_path / "s.png"))
    assert code == 2
    assert err.strip() == f"puzzle-arcade: {bad}:1: only '.' and 'o' are allowed"


def test_menu_screenshot_is_written_headless(tmp_path):
    out = tmp_path / "menu.png"
    assert main(["--screenshot", str(out), "--frames", "2", "--size", "800x500"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (800, 500)


def test_play_screenshot_shows_the_game(tmp_path, toy_registered):
    out = tmp_path / "toy.png"
    assert main(["play", "toy", "--screenshot", str(out), "--size", "640x400"]) == 0
    assert pygame.image.load(str(out)).get_size() == (640, 400)


def test_help_lists_commands(capsys):
    code, out, _err = run_main(capsys, "--help")
    assert code == 0 and "play" in out and "bench" in out


def test_bench_royales_limit_is_a_positive_number_of_seconds(capsys):
    """``bench royale --limit 0`` (or nan, or inf) was taken as a float and ran the whole benchmark to say
    that no grid was solved within it; ``solve royale --timeout`` in the same module refused them."""
    parser = cli.build_parser()
    for text in ("0", "nan", "inf"):
        with pytest.raises(SystemExit):
            parser.parse_args(["bench", "royale", "--limit", text])
        assert "--limit must be more than 0" in capsys.readouterr().err


@pytest.mark.parametrize("entry", [["-m", "arcade"], [str(ROOT / "main.py")]])
def test_entry_points_share_main(entry, tmp_path, user_home):
    result = subprocess.run(
        [sys.executable, *entry, "play", "no-such-game"], capture_output=True, text=True, cwd=tmp_path, timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("puzzle-arcade: error: unknown game 'no-such-game'")
    assert result.stdout == ""


def test_console_script_is_installed():
    script = Path(sys.executable).parent / "puzzle-arcade"
    assert script.exists(), "pip install -e . should create the puzzle-arcade script"
    result = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("puzzle-arcade ")


@pytest.mark.parametrize("game", ["hashi", "royale", "runway"])
def test_a_directory_given_as_a_level_is_named_as_one(capsys, tmp_path, game):
    """Battle Royale and Runway said "no level file or bundled level" for a folder that exists."""
    code, _out, err = run_main(capsys, "solve", game, str(tmp_path))
    assert code == 2 and "a directory, not a regular file" in err and len(err.strip().splitlines()) == 1


def _fake_benchmarks(monkeypatch) -> list[tuple[str, dict]]:
    """Every game's own benchmark records the options it got instead of running; scenes are not measured."""
    import argparse

    from arcade import bench
    from arcade.core.registry import Command
    from arcade.games import REGISTRY

    ran: list[tuple[str, dict]] = []
    monkeypatch.setattr(bench, "measure_scene", lambda *a, **k: [0.001] * 3)
    monkeypatch.setattr(bench, "time_to_first_frame", lambda runs: 0.1)
    from arcade.core.registry import load_object

    for info in REGISTRY:
        commands = load_object(info.commands)
        real = commands["bench"]

        def record(args: argparse.Namespace, name=info.name) -> int:
            ran.append((name, vars(args)))
            return 0

        monkeypatch.setitem(commands, "bench", Command(real.help, real.configure, record))
    return ran


def test_bench_game_takes_the_games_own_options(capsys, monkeypatch):
    """docs/royale.md's ``bench royale --quick --seeds 3 --limit 10`` and docs/tron.md's ``bench tron --ms N``
    were refused: only ``bench [GAME] [--quick]`` was known."""
    ran = _fake_benchmarks(monkeypatch)
    code, _out, err = run_main(capsys, "bench", "royale", "--quick", "--seeds", "2", "--limit", "4")
    assert code == 0, err
    assert ran == [("royale", {"quick": True, "seeds": 2, "limit": 4.0})]
    ran.clear()
    code, _out, err = run_main(capsys, "bench", "--quick", "tron", "--ms", "50")  # --quick before the game too
    assert code == 0, err
    assert ran == [("tron", {"quick": True, "ms": 50.0})]
    ran.clear()
    code, _out, err = run_main(capsys, "bench", "hashi")
    assert code == 0, err
    assert ran == [("hashi", {"quick": False, "size": 40, "only": None, "data": None})]
    ran.clear()
    code, _out, err = run_main(capsys, "bench", "--quick")  # every game, each with its defaults
    assert code == 0, err
    assert [name for name, _args in ran] == ["hashi", "runway", "royale", "tron"]
    assert dict(ran)["royale"] == {"quick": True, "seeds": 3, "limit": 10.0}


@pytest.mark.parametrize("argv, expected", [
    (["bench", "--seeds", "3"], "--seeds is an option of bench royale: give it after the game's name"),
    (["bench", "--quick", "--ms=5", "tron"], "--ms is an option of bench tron"),
    (["bench", "--bogus"], "--bogus is not an option of bench"),
    (["bench", "royale", "--ms", "5"], "unrecognized arguments: --ms 5"),
])
def test_bench_refuses_misplaced_game_options_in_one_line(capsys, monkeypatch, argv, expected):
    ran = _fake_benchmarks(monkeypatch)
    code, _out, err = run_main(capsys, *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1 and expected in err and not ran


@pytest.mark.parametrize("make, expected", [
    (lambda tmp: tmp / "typo", "typo: No such file or directory"),
    (lambda tmp: tmp, "no *.has file in this folder"),
    (lambda tmp: (tmp / "one.has").write_text("1 1 1\n1\n") and tmp / "one.has", "one.has: a file, not a folder"),
])
def test_a_bench_data_folder_that_holds_no_puzzles_is_refused_before_any_benchmark(capsys, monkeypatch, tmp_path,
                                                                                  make, expected):
    """``bench hashi --data TYPO`` ran the whole benchmark, then said "not found: pass --data DIR" to a
    user who had (or benched another folder it found by itself); now one line, exit 2, nothing run."""
    ran = _fake_benchmarks(monkeypatch)
    code, _out, err = run_main(capsys, "bench", "hashi", "--quick", "--data", str(make(tmp_path)))
    assert code == 2 and len(err.strip().splitlines()) == 1 and expected in err and not ran, err


def test_an_explicit_bench_data_folder_is_the_only_one_looked_at(tmp_path, monkeypatch):
    from arcade.games.hashi import ai_cli

    found = tmp_path / "found"
    found.mkdir()
    (found / "a.has").write_text("1 1 1\n1\n")
    monkeypatch.setenv(ai_cli.LITERATURE_ENV, str(found))
    assert ai_cli.find_literature(None) == found
    assert ai_cli.find_literature(tmp_path / "typo") is None


def test_bench_help_shows_every_games_options(capsys):
    code, out, _err = run_main(capsys, "bench", "--help")
    assert code == 0
    assert "bench royale [--quick] [--seeds SEEDS] [--limit LIMIT]" in out and "bench tron [--quick] [--ms N]" in out
    code, out, _err = run_main(capsys, "bench", "royale", "--help")
    assert code == 0 and "--seeds" in out and "--limit" in out


@pytest.mark.parametrize("argv", [
    ["generate", "runway", "-o", "OUT/x.txt"],
    ["generate", "hashi", "--out", "OUT/levels"],
    ["export", "hashi", str(ROOT / "levels" / "hashi" / "classic" / "01-first-steps.txt"), "--svg", "OUT/x.svg"],
    ["--screenshot", "OUT/x.png", "--frames", "1"],
], ids=["generate -o", "generate --out", "export --svg", "--screenshot"])
def test_an_output_a_full_disk_refuses_is_one_line_of_one_form(argv, tmp_path, monkeypatch, capsys):
    """A full disk was "I/O error: PATH: No space left on device" for some commands and "cannot
    write PATH: ..." for others, both exit 74; every output failure now reads "cannot write PATH: WHY"."""
    import errno

    from arcade.services import files

    def full(fd):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device")

    argv = [a.replace("OUT", str(tmp_path)) for a in argv]
    with monkeypatch.context() as disk:  # the write gets as far as the fsync, as on a full disk
        disk.setattr(files.os, "fsync", full)
        code, _out, err = run_main(capsys, *argv)
    assert code == 74
    assert err.startswith(f"puzzle-arcade: cannot write {tmp_path}/") and err.endswith(": No space left on device\n")
    assert err.count("\n") == 1


@pytest.mark.parametrize(("argv", "why"), [
    (["--screenshot", "OUT"], "it is a directory"),
    (["tournament", "tron", "--bots", "random,straight", "--save-replays", "OUT/file"],
     "it is a file, not a folder"),
    (["generate", "hashi", "--out", "OUT/file"], "it is a file, not a folder"),
    # Under a file: "File exists" (export, screenshot) and "Not a directory" (replays, levels) named
    # neither the file in the way nor what is wrong with it.
    (["export", "hashi", "classic/01-first-steps", "--svg", "OUT/file/x.svg"], "OUT/file is a file, not a folder"),
    (["play", "hashi", "--screenshot", "OUT/file/x.png"], "OUT/file is a file, not a folder"),
    (["tournament", "tron", "--bots", "random,straight", "--save-replays", "OUT/file/runs"],
     "OUT/file is a file, not a folder"),
    (["generate", "hashi", "--out", "OUT/file/levels"], "OUT/file is a file, not a folder"),
    (["generate", "hashi", "--out", "/dev/null"], "it is a device, not a folder"),
], ids=["screenshot into a folder", "replays into a file", "levels into a file", "sheet under a file",
        "screenshot under a file", "replays under a file", "levels under a file", "levels into a device"])
def test_an_output_in_the_wrong_place_reads_the_same_way(argv, why, tmp_path, capsys):
    (tmp_path / "file").write_text("mine\n")
    argv = [a.replace("OUT", str(tmp_path)) for a in argv]
    code, _out, err = run_main(capsys, *argv)
    target = next(a for a in argv if a.startswith((str(tmp_path), "/dev/")))
    assert (code, err) == (74, f"puzzle-arcade: cannot write {target}: {why.replace('OUT', str(tmp_path))}\n")


def test_an_export_into_a_fifo_reaches_its_reader(tmp_path):
    """``mkfifo p.svg; cat p.svg > got.svg & export ... --svg p.svg``: the check that the output can be
    written opened the FIFO and closed it, so cat read nothing and ended, and the export then waited
    for ever for another reader."""
    import os

    fifo = tmp_path / "p.svg"
    os.mkfifo(fifo)
    level = ROOT / "levels" / "hashi" / "classic" / "01-first-steps.txt"
    process = subprocess.Popen([sys.executable, "-m", "arcade", "export", "hashi", str(level), "--svg", str(fifo)],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        with open(fifo, "rb") as reader:  # the first stream a reader gets holds the sheet
            got = reader.read()
        code = process.wait(timeout=60)
    finally:
        process.kill()
        process.wait()
        process.stderr.close()
    assert code == 0 and got.startswith(b"<svg") and got.rstrip().endswith(b"</svg>")


@pytest.mark.parametrize("game, level", [("hashi", "classic/01-first-steps"), ("royale", "01-seed-14x20")])
def test_an_export_to_dash_writes_the_sheet_on_standard_output(tmp_path, game, level):
    """``export hashi LEVEL --svg -`` wrote a file called "-" in the current folder, where any other
    tool's user expects the sheet on standard output; what was written is said on stderr then, off the
    sheet."""
    process = subprocess.run([sys.executable, "-m", "arcade", "export", game, level, "--svg", "-"], cwd=tmp_path,
                             capture_output=True, timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert process.returncode == 0, process.stderr
    assert process.stdout.startswith(b"<svg") and process.stdout.rstrip().endswith(b"</svg>")
    assert b"to standard output" in process.stderr
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("argv", [
    ["--screenshot", "-", "--frames", "1"],
    ["tournament", "tron", "--bots", "random,straight", "--maps", "test-board", "--out", "-"],
], ids=["--screenshot", "tournament --out"])
def test_an_output_only_a_file_can_take_refuses_a_dash(argv, tmp_path, capsys, monkeypatch):
    """Only a regular file can hold a screenshot or a tournament's results (rewritten after every
    round): "-" is refused in one line, exit 2, and no file called "-" is made."""
    monkeypatch.chdir(tmp_path)
    code, _out, err = run_main(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and "-" in err, err
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("argv", [
    ["tournament", "tron", "--bots", "random,straight", "--maps", "test-board", "--out", "OUT"],
    ["--screenshot", "OUT", "--frames", "1"],
], ids=["tournament --out", "--screenshot"])
def test_an_output_written_as_a_file_refuses_a_fifo_before_the_work(argv, tmp_path, capsys):
    """A FIFO as ``--out`` hung the tournament before its first round until a reader came, then the
    rounds were played and the results refused after the last (they are rewritten as a file);
    a screenshot was rendered and then refused. Both are refused at once now."""
    import os

    fifo = tmp_path / ("r.csv" if argv[0] == "tournament" else "shot.png")
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # (so an open to write would not block here)
    try:
        code, out, err = run_main(capsys, *[str(fifo) if a == "OUT" else a for a in argv])
    finally:
        os.close(reader)
    assert (code, err) == (74, f"puzzle-arcade: cannot write {fifo}: it is a FIFO (named pipe), not a regular file\n")
    assert "rounds" not in out


@pytest.mark.parametrize("game, level", [("hashi", "classic/01-first-steps"), ("royale", "01-seed-14x20")])
def test_export_writes_a_well_formed_svg_whatever_the_title_holds(capsys, tmp_path, game, level):
    """A title with a control character (a level's ``# title:`` or ``--title``) went into the SVG as is:
    XML forbids it, and no viewer opened the file ("not well-formed"). One with a byte that was not
    UTF-8 stopped the export, exit 74, "use a UTF-8 locale" -- in a UTF-8 locale. Both are drawn
    as a replacement, and the sheet is written."""
    import xml.dom.minidom

    out = tmp_path / "sheet.svg"
    status, _, err = run_main(capsys, "export", game, level, "--svg", str(out), "--title", "A\x00B\x01C\udcfbD")
    assert status == 0, err
    document = xml.dom.minidom.parse(str(out))
    titles = [t.firstChild.data for t in document.getElementsByTagName("text") if t.firstChild]
    assert any("A\ufffdB\ufffdC\\xfbD" in title for title in titles), titles


def path_options(parser, prefix=()):
    """(command words, option) for every option of every command that names a file or folder."""
    import argparse

    from arcade.core.inputs import path_type

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from path_options(sub, (*prefix, name))
        elif action.type is path_type and action.option_strings:
            yield prefix, action.option_strings[-1]


def test_an_empty_file_name_is_refused_by_every_option_that_takes_one(capsys, tmp_path, monkeypatch):
    """``Path("")`` is ".": ``generate hashi --out ""`` and ``--save-replays ""`` wrote their files into
    the folder the command was started in, and ``--replay ""`` said ".: a directory". Every file or
    folder option now says "an empty file name" (exit 2) and writes nothing."""
    from arcade.games import REGISTRY

    for info in REGISTRY:  # the games' commands are added when their parser is built
        info.load_commands()
    found = list(path_options(cli.build_parser()))
    assert len(found) >= 12, found
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    for words, option in found:
        status, _, err = run_main(capsys, *words, option, "")
        assert status == 2 and "an empty file name" in err and len(err.splitlines()) == 1, (words, option, err)
    assert list(here.iterdir()) == []


@pytest.mark.parametrize("argv", [["solve", "royale", ""], ["solve", "runway", ""],
                                  ["export", "royale", "", "--svg", "x.svg"]])
def test_an_empty_level_name_is_no_level_not_the_current_folder(capsys, tmp_path, monkeypatch, argv):
    """An empty level argument was looked up as ``Path("")`` -- the current folder -- and refused as
    ".: a directory, not a regular file"; it is a level that does not exist, said as such."""
    monkeypatch.chdir(tmp_path)
    status, _, err = run_main(capsys, *argv)
    assert status == 2 and "no level file or bundled level ''" in err, err


def test_the_menu_and_play_read_their_arguments_without_any_games_command_line_code(monkeypatch, capsys):
    """Building the whole parser imports every game's solver, generator, bots, benchmark and PDF
    sheets to add their options: the menu and ``play`` use none of them and paid for them (240-370 ms)
    before the window opened. They are read without; any other command, an error or a help text
    still get the whole parser, so what is printed is unchanged."""
    from arcade.core.registry import GameInfo

    loaded: list[str] = []
    original = GameInfo.load_commands
    monkeypatch.setattr(GameInfo, "load_commands", lambda self: (loaded.append(self.name), original(self))[1])

    assert cli.parse_args([]).command is None
    args = cli.parse_args(["--size", "1024x640", "play", "hashi", "--new", "--level", "solve"])
    assert (args.command, args.game, args.new, args.level, args.size) == ("play", "hashi", True, "solve", (1024, 640))
    assert cli.parse_args(["levels", "tron"]).game == "tron"
    assert loaded == []

    assert cli.parse_args(["solve", "hashi", "-"]).command == "solve"
    assert loaded
    with pytest.raises(SystemExit):
        cli.parse_args(["bogus"])
    assert "'solve'" in capsys.readouterr().err  # the whole list of commands, as before
    with pytest.raises(SystemExit):
        cli.parse_args(["--he"])
    assert "tournament" in capsys.readouterr().out


def test_a_games_command_loads_that_games_command_line_code_alone(monkeypatch, capsys):
    """``bot runway`` run as an outside program (``referee runway --bot 'codingame:python -m arcade
    bot runway'``) loaded every game's command-line code, ~280 ms of its 1 s first answer: on a
    loaded machine our own bot failed CodinGame's tests on time. Errors still read as before."""
    from arcade.core.registry import GameInfo

    loaded: list[str] = []
    original = GameInfo.load_commands
    monkeypatch.setattr(GameInfo, "load_commands", lambda self: (loaded.append(self.name), original(self))[1])

    args = cli.parse_args(["--verbose", "bot", "runway", "--budget-ms", "50"])
    assert (args.command, args.game, args.budget_ms, args.debug_log) == ("bot", "runway", 50, True)
    assert cli.parse_args(["tournament", "tron", "--bots", "random,straight"]).game == "tron"
    assert set(loaded) == {"runway", "tron"}

    with pytest.raises(SystemExit):
        cli.parse_args(["referee", "hashi"])  # no such command for the game: the whole parser says so
    assert "invalid choice: 'hashi' (choose from 'runway')" in capsys.readouterr().err


def test_a_level_file_named_after_the_game_is_played_or_edited_as_with_level(capsys, tmp_path):
    """``play hashi FILE`` -- how a friend opens the puzzle file they were given, as most programs
    open a file -- answered "unrecognized arguments: FILE"; it is ``--level FILE``, and
    ``FILE --edit`` opens the editor on it. Naming two puzzles is one line, exit 2."""
    shared = tmp_path / "four-corners.txt"
    shared.write_text("# title: Four Corners\n2.2\n...\n2.2\n")
    shot = str(tmp_path / "s.png")
    assert main(["play", "hashi", str(shared), "--screenshot", shot]) == 0
    assert main(["play", "hashi", str(shared), "--edit", "--screenshot", shot]) == 0
    args = cli.parse_args(["play", "hashi", "--new", "--size", "640x400", str(shared)])  # options first
    cli.take_level_argument(args)
    assert (args.level, args.new, args.edit) == (str(shared), True, None)
    args = cli.parse_args(["play", "hashi", "--edit", "--new", str(shared)])
    cli.take_level_argument(args)
    assert (args.level, args.edit) == (None, str(shared))
    for words in (["--edit"], []):  # the file is read: its error is the file's, not the command line's
        damaged = tmp_path / "damaged.txt"
        damaged.write_text("2.9\n")
        code, _out, err = run_main(capsys, "play", "hashi", str(damaged), *words, "--screenshot", shot)
        assert code == 2 and err.strip() == f"puzzle-arcade: {damaged}:1: column 3: unexpected '9' " \
            "(use '.' for water and 1-8 for islands)", (words, err)
    for words, expected in ((["--level", "classic/01"], "name one level to play"),
                            (["--edit", "other.txt"], "name one puzzle to edit")):
        code, _out, err = run_main(capsys, "play", "hashi", *words, str(shared), "--screenshot", shot)
        assert code == 2 and expected in err and len(err.strip().splitlines()) == 1, (words, err)
