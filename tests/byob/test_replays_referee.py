"""Replays (save -> load -> the same states, damaged files are one line) and ``referee runway``."""

from __future__ import annotations

import json
import shutil
import sys

import pytest

from arcade import cli
from arcade.core.errors import ArcadeError, FormatError
from arcade.games.runway.logic import RULES as RUNWAY
from arcade.games.runway.outside import bundled_tests, parse_spec, run_program
from arcade.games.tron.logic import parse_map
from arcade.games.tron.match import play_round
from arcade.games.tron.outside import Tron2010Player
from arcade.games.tron.players import make_player
from arcade.games.tron.players import parse_spec as tron_spec
from arcade.games.tron.replay import open_tron_replay, round_replay
from arcade.services.program_limits import Limits
from arcade.services.replays import load_replay, open_replay, save_replay
from tests.byob.helpers import bot, waited_as_n

LEVEL = parse_map("8 6\n########\n#1     #\n#      #\n#      #\n#     2#\n########\n")
OUR_BOT = f"codingame:{sys.executable} -m arcade bot runway"
ROOMY = Limits(3000.0, 3000.0)  # these tests check results, not speed, on a busy machine


def tron_record():
    outside = Tron2010Player(tron_spec(f"2010:{bot('tron2010_straight.py')}"), ROOMY)
    with outside, make_player("random", 5) as ours:
        return play_round(LEVEL, (ours, outside), 20, map_id="small", seeds=(5, 6))


def test_a_tron_round_round_trips_through_a_replay_file(tmp_path):
    record = tron_record()
    path = tmp_path / "round.json"
    save_replay(round_replay(record), path)
    playback = open_tron_replay(path)
    assert playback.states[-1] == record.final
    assert len(playback.states) == len(record.moves) + 1
    assert [t.stderr[1] for t in playback.turns] == record.stderr[1]
    assert [round(t.ms[0], 3) for t in playback.turns] == [round(x * 1000, 3) for x in record.times[0]]
    assert playback.replay.result["reason"] == record.outcome.reason
    assert playback.replay.players == ("random", f"2010:{bot('tron2010_straight.py')}")
    again = tmp_path / "again.json"
    save_replay(playback.replay, again)
    assert again.read_text() == path.read_text()


def test_a_failed_answer_is_kept_as_the_last_turn(tmp_path):
    outside = Tron2010Player(tron_spec(f"2010:{bot('misbehave.py', 'crash')}"), ROOMY)
    with outside:
        record = play_round(LEVEL, (make_player("flood-fill"), outside), 20)
    save_replay(round_replay(record), tmp_path / "crash.json")
    playback = open_tron_replay(tmp_path / "crash.json")
    assert playback.moves == [] and len(playback.turns) == 1
    assert "Traceback (most recent call last):" in playback.turn(0).stderr[1]
    assert playback.replay.failures[1].startswith("exited with status 1")


def test_a_runway_run_round_trips_through_a_replay_file(tmp_path):
    name, level = bundled_tests()[0]
    run = run_program(level, OUR_BOT, level_id=name, limits=ROOMY)
    assert run.passed
    save_replay(run.replay(), tmp_path / "run.json")
    playback = open_replay(tmp_path / "run.json", RUNWAY)
    assert playback.states == run.states and playback.moves == run.commands
    assert playback.replay.level_id == name and len(playback.turns) == len(run.commands)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(version=99), "made by a newer Puzzle Arcade (replay version 99; this one reads 1)"),
    (lambda d: d.update(game="runway"), "this is a runway replay, not a tron one"),
    (lambda d: d["moves"].__setitem__(0, "N X"), "move 1 'N X'"),
    (lambda d: d["turns"].pop() and d["turns"].pop(), "turns for"),
    (lambda d: d.update(level="9 9\nnot a map"), "its level does not read"),
    (lambda d: d["turns"][0].update(ms=[1.0]), "turn 1: 'ms' needs one time per player"),
    # JSON true is an int to Python: it was read as version 1, player 2's win and a 1 ms move, and
    # a 400-digit time stopped the loader with an OverflowError instead of this line.
    (lambda d: d.update(version=True), "no version number"),
    (lambda d: d["result"].update(winner=True), "bad 'winner'"),
    (lambda d: d["turns"][0].update(ms=[True, 1.0]), "turn 1: 'ms' needs one time per player"),
    (lambda d: d["turns"][0].update(ms=[10**400, 1.0]), "turn 1: 'ms' needs one time per player"),
])
def test_a_damaged_replay_is_one_line(tmp_path, change, message):
    path = tmp_path / "r.json"
    save_replay(round_replay(tron_record()), path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(FormatError) as caught:
        open_tron_replay(path)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_truncated_or_missing_replay_is_one_line_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "cut.json"
    save_replay(round_replay(tron_record()), path)
    path.write_text(path.read_text()[:200])
    assert cli.main(["play", "tron", "--replay", str(path)]) == 2
    assert cli.main(["play", "runway", "--replay", str(tmp_path / "none.json")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"puzzle-arcade: {path}:") and "not a valid replay: broken JSON" in err[0]
    assert err[1] == f"puzzle-arcade: {tmp_path / 'none.json'}: no such replay file"
    with pytest.raises(ArcadeError, match="no such replay file"):
        load_replay(tmp_path / "none.json")


def test_an_empty_replay_says_it_is_empty_on_the_command_line(tmp_path, capsys):
    """An empty file (a save cut off, a file made by hand) read "broken JSON (expecting value at
    column 1)", on the command line and in the level picker's Saved replays list alike."""
    path = tmp_path / "runway-empty.json"
    path.write_text("\n")
    assert cli.main(["play", "runway", "--replay", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [f"puzzle-arcade: {path}: not a valid replay: the file is empty"]


def test_play_hands_a_checked_replay_and_a_bot_spec_to_the_scene(tmp_path):
    path = tmp_path / "r.json"
    save_replay(round_replay(tron_record()), path)
    args = cli.build_parser().parse_args(["play", "tron", "--replay", str(path)])
    options = cli.play_options("tron", args)
    assert options["replay"].states[-1].tick == len(options["replay"].moves)
    args = cli.build_parser().parse_args(["play", "runway", "--bot", OUR_BOT])
    assert cli.play_options("runway", args)["bot"] == parse_spec(OUR_BOT)


def test_referee_runs_our_own_bot_as_an_outside_program_and_it_passes_all_13(capsys):
    assert cli.main(["referee", "runway", "--bot", OUR_BOT, "--limit-ms", "3000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 14 and lines[-1] == "passed 13/13"
    assert lines[0] == "00_statement_example: pass 1/2 alive in 5 turns"
    assert lines[12] == "12_well_worn_road: pass 1/2 alive in 16 turns"
    assert all(": pass " in line for line in lines[:13])


def test_referee_lists_failures_with_their_reason_and_saves_replays(tmp_path, capsys):
    status = cli.main(["referee", "runway", "--bot", f"codingame:{bot('codingame_straight.py')}",
                       "01_one_lonely_hole", "00_statement_example", "--save-replays", str(tmp_path),
                       "--limit-ms", "3000"])
    out = capsys.readouterr().out.splitlines()
    assert status == 1, "a failed test is exit status 1, as in any test runner (a CI job must see it)"
    assert out == ["01_one_lonely_hole: fail — No bike is left, 1 needed",
                   "00_statement_example: fail — No bike is left, 1 needed", "passed 0/2"]
    playback = open_replay(tmp_path / "01_one_lonely_hole.json", RUNWAY)
    assert [m.value for m in playback.moves][:2] == ["SPEED", "WAIT"]
    assert playback.turn(0).stderr == (("turn 0 speed 0",),)


def test_referee_says_when_a_failed_level_could_not_be_won_by_any_program(tmp_path, capsys):
    """"fail — 50 turns are up" alone blamed the bot for a level no command sequence crosses."""
    wall = tmp_path / "wall.txt"
    lane = "." + "0" * 120 + "." * 79
    wall.write_text("1\n1\n" + "\n".join([lane] * 4) + "\n0\n0 0 1\n")
    status = cli.main(["referee", "runway", "--bot", OUR_BOT, str(wall), "01_one_lonely_hole", "--limit-ms", "3000"])
    out = capsys.readouterr().out.splitlines()
    assert status == 1
    assert out[0] == ("wall: fail — 50 turns are up with the bikes at x=0 of 200 "
                      "(no program can win this level: the exact search tried every command)")
    assert out[1].startswith("01_one_lonely_hole: pass")


@pytest.mark.skipif(sys.platform != "linux", reason="file names that are not UTF-8")
def test_referee_on_a_level_whose_file_name_is_not_utf8_prints_and_saves_its_run(tmp_path, capsys):
    """Its run passed, then the replay holding its id could not be written: exit 74, no replay."""
    import shutil

    from arcade.services.resources import levels_dir

    level = tmp_path / "\udcfb.txt"  # the bytes b"\xfb.txt", as Python names them
    shutil.copy(levels_dir("runway") / "01_one_lonely_hole.txt", level)
    status = cli.main(["referee", "runway", "--bot", OUR_BOT, str(level), "--save-replays", str(tmp_path / "r"),
                       "--limit-ms", "3000"])
    assert status == 0, capsys.readouterr()
    assert capsys.readouterr().out.splitlines()[0].startswith("\\xfb: pass")
    assert open_replay(tmp_path / "r" / "\\xfb.json", RUNWAY).moves


@pytest.mark.parametrize(("mode", "reason"), [
    ("garbage", "answered 'hello there' (expected SPEED, SLOW, JUMP, WAIT, UP or DOWN)"
                "; stdout is for answers only: print debug text to stderr"),
    ("crash", "exited with status 1 without answering: ZeroDivisionError: integer division or modulo by zero"),
    ("sleep", "timed out: no answer within 300 ms (waited N ms more)"),
])
def test_a_misbehaving_runway_program_fails_the_test_with_one_line(mode, reason):
    name, level = bundled_tests()[1]
    limits = Limits(300.0) if mode == "sleep" else ROOMY  # a crash must not be mistaken for a timeout
    run = run_program(level, f"codingame:{bot('misbehave.py', mode)}", level_id=name, limits=limits)
    assert waited_as_n(run.line()) == f"{name}: fail — turn 1: {reason}"
    assert waited_as_n(run.replay().result["reason"]) == reason


@pytest.mark.parametrize(("mode", "reason"), [
    ("debug", "answered 'debug: speed is 2' (expected SPEED, SLOW, JUMP, WAIT, UP or DOWN)"
              "; stdout is for answers only: print debug text to stderr"),
    ("crash", "exited with status 1 without answering: IndexError: list index out of range"),
])
def test_a_runway_program_failing_on_a_later_turn_is_told_which_turn(tmp_path, mode, reason):
    """A bot that printed a debug line on stdout (or crashed) only on its third turn was told what it
    printed but not when, so its author had to replay the run to find the turn."""
    level = tmp_path / "flat.txt"
    level.write_text("1\n1\n" + ("." * 200 + "\n") * 4 + "0\n0 0 1\n")
    run = run_program(RUNWAY.load_level_file(level), f"codingame:{bot('codingame_late.py', mode, '3')}",
                      level_id="flat", limits=ROOMY)
    assert [c.value for c in run.commands] == ["SPEED", "SPEED"]
    assert run.line() == f"flat: fail — turn 3: {reason}"


def test_a_runway_program_missing_its_first_answer_is_told_which_limit_it_missed():
    """The first answer has CodinGame's longer limit (start-up included); a program silent past it
    read "no answer within 1000 ms", and its author tuned a turn's search instead of its start."""
    name, level = bundled_tests()[1]
    run = run_program(level, f"codingame:{bot('misbehave.py', 'sleep')}", level_id=name, limits=Limits(150.0, 300.0))
    assert waited_as_n(run.line()) == (f"{name}: fail — turn 1: timed out: gave no first answer within 300 ms"
                                       " (start-up included; waited N ms more)")


def test_a_program_that_prints_two_lines_a_turn_is_told_its_answers_ran_behind():
    """A bot printing SPEED and WAIT every turn lost with only "No bike is left, 1 needed": its
    second line is taken as the next turn's answer (as on CodinGame), and nothing said so."""
    name, level = bundled_tests()[1]
    run = run_program(level, f"codingame:{bot('codingame_twice.py')}", level_id=name, limits=ROOMY)
    assert [c.value for c in run.commands[:3]] == ["SPEED", "WAIT", "SPEED"]
    assert run.behind_from == 2
    assert run.line() == (f"{name}: fail — No bike is left, 1 needed; from turn 2 its answers were lines left "
                          "over from an earlier turn (it printed more than one line in a turn): "
                          "print exactly one line per turn")
    straight = run_program(level, f"codingame:{bot('codingame_straight.py')}", level_id=name, limits=ROOMY)
    assert straight.behind_from == 0
    assert straight.line() == f"{name}: fail — No bike is left, 1 needed"


CODINGAME_JS = "const M = parseInt(readline());\nconst V = parseInt(readline());\nprint('SPEED');\n"
#: What Node prints for it, for machines without Node.
NODE_SAYS = ("/bot.js:1\nconst M = parseInt(readline());\n          ^\n\n"
             "ReferenceError: readline is not defined\n    at Object.<anonymous> (/bot.js:1:11)\n\nNode.js v20.20.2\n")


@pytest.mark.parametrize("runner", ["node", "stand-in"])
def test_a_codingame_javascript_submission_run_by_node_is_told_what_node_lacks(tmp_path, runner):
    """CodinGame's JavaScript template reads with ``readline()``, a global of CodinGame's runner: run by
    Node it lost with "ReferenceError: readline is not defined", which did not say the code was fine on
    CodinGame nor what Node reads lines with."""
    if runner == "node":
        if shutil.which("node") is None:
            pytest.skip("no node on this machine")
        (tmp_path / "bot.js").write_text(CODINGAME_JS)
        command = f"node {tmp_path / 'bot.js'}"
    else:
        (tmp_path / "bot.py").write_text(f"import sys\nsys.stderr.write({NODE_SAYS!r})\nsys.exit(1)\n")
        command = f"{sys.executable} {tmp_path / 'bot.py'}"
    name, level = bundled_tests()[1]
    run = run_program(level, f"codingame:{command}", level_id=name, limits=ROOMY)
    assert run.line() == (f"{name}: fail — turn 1: exited with status 1 without answering: ReferenceError: readline is "
                          "not defined; CodinGame's readline() is not in Node: read lines with "
                          "require('readline').createInterface({input: process.stdin}) and its 'line' events")


def test_a_runway_answer_padded_past_the_line_limit_fails():
    """'SPEED' followed by 6000 spaces and a line end was accepted as SPEED."""
    name, level = bundled_tests()[1]
    spec = f"codingame:{bot('misbehave.py', 'padded', 'SPEED')}"
    run = run_program(level, spec, level_id=name, limits=Limits(300.0, 3000.0))
    assert run.line() == f"{name}: fail — turn 1: printed a line longer than 4096 bytes"


def test_a_run_reports_each_turn_and_can_be_stopped():
    import threading

    stop = threading.Event()
    seen = []

    def on_turn(run):
        seen.append(len(run.commands))
        if len(run.commands) == 2:
            stop.set()

    name, level = bundled_tests()[12]
    run = run_program(level, OUR_BOT, level_id=name, limits=ROOMY, on_turn=on_turn, stop=stop)
    assert seen == [1, 2] and run.failure == "stopped" and not run.passed


@pytest.mark.parametrize(("argv", "message"), [
    (["--bot", "exact"], "'exact' is not a program spec (use codingame:COMMAND)"),
    (["--bot", "python3 mybot.py"], "is not a program spec (use codingame:COMMAND): codingame:python3 mybot.py"),
    (["--bot", "codingame:/no/such/bot", "01_one_lonely_hole"], "cannot start '/no/such/bot': no such program"),
    (["--bot", f"codingame:{sys.executable} no_such_bot.py"], "no such file 'no_such_bot.py'"),
    (["--bot", "codingame:x", "no_such_level"], "no_such_level"),
])
def test_referee_usage_errors(argv, message, capsys):
    status = cli.main(["referee", "runway", *argv])
    captured = capsys.readouterr()
    # A program that cannot start is named before the first level (it failed every level, one by one).
    assert status == 2 and message in captured.err and captured.err.count("\n") == 1
    assert captured.out == ""


def test_a_game_played_in_the_window_saves_as_a_replay(tmp_path):
    from arcade.core.session import Session
    from arcade.games.runway.ai import play_game
    from arcade.services.replays import replay_from_session

    name, level = bundled_tests()[11]
    session = Session(RUNWAY, level, level_id=name)
    for command in play_game("exact", RUNWAY.initial_state(level)).commands:
        session.play(command)
    save_replay(replay_from_session(session, ("exact",)), tmp_path / "w.json")
    playback = open_replay(tmp_path / "w.json", RUNWAY)
    assert playback.states[-1] == session.state and playback.replay.result["result"] == "win"


def test_play_runway_with_a_replay_opens_headless(tmp_path):
    name, level = bundled_tests()[0]
    save_replay(run_program(level, OUR_BOT, level_id=name, limits=ROOMY).replay(), tmp_path / "r.json")
    shot = tmp_path / "shot.png"
    assert cli.main(["play", "runway", "--replay", str(tmp_path / "r.json"), "--screenshot", str(shot)]) == 0
    assert shot.stat().st_size > 0


def _python_without_our_dependencies(tmp_path, monkeypatch) -> None:
    """Put first on the PATH a ``python``/``python3`` that cannot import the game, like a newcomer's system one."""
    fake = tmp_path / "bin"
    fake.mkdir()
    for name in ("python", "python3"):
        script = fake / name
        script.write_text("#!/bin/sh\necho \"ModuleNotFoundError: No module named 'platformdirs'\" >&2\nexit 1\n")
        script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}{__import__('os').pathsep}{__import__('os').environ['PATH']}")
    monkeypatch.chdir(tmp_path)  # and not from the checkout: the child must still find this copy


@pytest.mark.parametrize("python", ["python", "python3"])
def test_the_readmes_own_command_runs_with_the_games_interpreter_whatever_python_is_first(
        python, tmp_path, monkeypatch):
    """``codingame:python -m arcade bot runway`` typed into the Tests panel failed 0/13 with
    "ModuleNotFoundError: No module named 'platformdirs'": the PATH's ``python`` was the system one."""
    _python_without_our_dependencies(tmp_path, monkeypatch)
    name, level = bundled_tests()[1]
    spec = parse_spec(f"codingame:{python} -m arcade bot runway")
    assert spec.problem() == ""
    run = run_program(level, spec, level_id=name, limits=ROOMY)
    assert run.passed, run.line()
    # Tron's outside programs start through the same spec: the same interpreter.
    assert tron_spec(f"2010:{python} -m arcade bot tron").launch_argv[0] == sys.executable


def test_only_a_bare_python_running_our_package_is_given_the_games_interpreter():
    """A path is taken as written, and another module or a script runs with the PATH's interpreter."""
    for command in ("/usr/bin/python3 -m arcade bot runway", "python bot.py", "python -m mybot",
                    "python3 -m arcadey", "./mybot"):
        spec = parse_spec(f"codingame:{command}")
        assert spec.launch_argv == spec.argv, command
        assert "PYTHONPATH" not in spec.launch_env(), command
    spec = parse_spec("codingame:python3.11 -u -m arcade.cli bot runway")
    assert spec.launch_argv == (sys.executable, "-u", "-m", "arcade.cli", "bot", "runway")
    assert spec.launch_env({"ARCADE_SEED": "3"})["ARCADE_SEED"] == "3"


def test_a_runway_answer_written_on_stderr_is_said_to_belong_on_stdout(tmp_path):
    """CodinGame's template with ``print(cmd, file=sys.stderr)`` for ``print(cmd)``: the bot waits for the
    next turn, and was told to count the lines the protocol gives -- the wrong fix."""
    (tmp_path / "bot.py").write_text("import sys\nm = int(input()); input(); [input() for _ in range(4)]\n"
                                     "while True:\n    input(); [input() for _ in range(m)]\n"
                                     "    print('SPEED', file=sys.stderr, flush=True)\n")
    name, level = bundled_tests()[1]
    run = run_program(level, f"codingame:{sys.executable} {tmp_path / 'bot.py'}", level_id=name,
                      limits=Limits(300.0, 3000.0))
    assert waited_as_n(run.line()) == (f"{name}: fail — turn 1: timed out: gave no first answer within 3000 ms"
                                       " (start-up included; waited N ms more); it wrote 'SPEED' on stderr,"
                                       " not stdout: answers go to stdout"
                                       " (print(answer), not print(answer, file=sys.stderr))")
