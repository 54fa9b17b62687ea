"""The process layer shared by every protocol: deadlines, failures as one line, bounded output, no leftovers."""

from __future__ import annotations

import os
import re
import shlex
import sys
import time

import pytest

from arcade.core.errors import UsageError
from arcade.services.botspec import parse_bot_spec
from arcade.services.program_cleanup import MARKER, descendants, marked
from arcade.services.program_failures import READS_TO_THE_END, WANTS_MORE_INPUT, ProgramFailure
from arcade.services.program_limits import STDERR_LIMIT, STDERR_LINE, Limits
from arcade.services.programs import Program, live_programs
from tests.byob.helpers import BOTS, processes, waited_as_n

PROTOCOLS = {"2010": "the 2010 contest", "hackerrank": "HackerRank"}


def misbehave(mode: str) -> list[str]:
    return [sys.executable, str(BOTS / "misbehave.py"), mode]


def test_spec_is_a_builtin_name_or_protocol_and_shell_split_command():
    builtin = parse_bot_spec("Flood", PROTOCOLS, lambda s: s.lower())
    assert builtin.protocol is None and builtin.name == "flood"
    spec = parse_bot_spec("2010:./my bot 'two words' --x=1", PROTOCOLS, str)
    assert spec.protocol == "2010" and spec.argv == ("./my", "bot", "two words", "--x=1")
    assert spec.name == spec.text
    labelled = parse_bot_spec("mine=hackerrank:python3 bot.py", PROTOCOLS, str)
    assert (labelled.name, labelled.protocol, labelled.argv) == ("mine", "hackerrank", ("python3", "bot.py"))
    for bad, words in [("codingame:./x", "unknown bot protocol 'codingame'"), ("2010:", "no command"),
                       ("2010:'open", "cannot split"), ("  ", "empty")]:
        with pytest.raises(UsageError, match=words):
            parse_bot_spec(bad, PROTOCOLS, str)
    with pytest.raises(UsageError, match="not a program spec"):
        parse_bot_spec("exact", {"codingame": "CG"}, None)


def test_a_command_given_without_its_protocol_says_the_spec_to_type():
    """Tron's ``--bot 'python3 mybot.py'`` said "unknown bot 'python3 mybot.py' (choose from: random,
    ...)", as if a name were mistyped; a label before it was moved behind the protocol by the hint."""
    builtin = {"flood-fill": "flood-fill"}.__getitem__
    for text, spec in [("python3 mybot.py", "2010:python3 mybot.py"), ("./mybot", "2010:./mybot"),
                       ("mine=python3 mybot.py", "mine=2010:python3 mybot.py")]:
        with pytest.raises(UsageError) as caught:
            parse_bot_spec(text, PROTOCOLS, builtin)
        assert str(caught.value) == (f"{text!r} is not a bot's name nor a program spec"
                                     f" (use 2010:COMMAND or hackerrank:COMMAND): {spec}")
    with pytest.raises(UsageError) as caught:
        parse_bot_spec("mine=python3 mybot.py", {"codingame": "CG"}, None)
    assert str(caught.value) == ("'mine=python3 mybot.py' is not a program spec (use codingame:COMMAND):"
                                 " mine=codingame:python3 mybot.py")
    assert parse_bot_spec("flood-fill", PROTOCOLS, builtin).name == "flood-fill"


@pytest.mark.parametrize("label", ["", "my bot", "a,b", "机器人", "2nd"])
def test_a_bad_label_is_named_as_the_label(label):
    """``=2010:./mybot`` or ``my bot=2010:./mybot`` was read as a built-in's name: "unknown bot
    '=2010:./mybot' (choose from: random, straight, ...)", which said nothing of the label."""
    def builtin(name: str) -> str:
        raise UsageError(f"unknown bot {name!r}")

    for table in (builtin, None):  # Tron (built-ins too) and Runway (programs only)
        with pytest.raises(UsageError) as error:
            parse_bot_spec(f"{label}=2010:./mybot", PROTOCOLS, table)
        assert str(error.value).startswith(f"the label {label!r} of '{label}=2010:./mybot' is not a label")
        assert str(error.value).endswith("(e.g. mine=2010:COMMAND)")
    # A '=' in the command is not a label: only what comes before the protocol is.
    assert parse_bot_spec("2010:env X=1 ./mybot", PROTOCOLS, builtin).argv == ("env", "X=1", "./mybot")
    with pytest.raises(UsageError, match="not a bot's name nor a program spec"):  # no protocol after the '=':
        parse_bot_spec("python3 -c 'x=1:2'", PROTOCOLS, builtin)                # not a label


@pytest.mark.parametrize(("text", "short"), [
    ("2010:/usr/bin/python3 -m arcade bot tron", "arcade bot tron"),  # was "-m"
    ("2010:python3 -u mybot.py --fast", "mybot.py"),
    ("2010:python3 -W ignore bots/mybot.py", "mybot.py"),  # was "ignore"
    ("2010:python3 -X dev -marcade bot tron", "arcade bot tron"),
    ("2010:/usr/bin/env PYTHONHASHSEED=0 python3 mybot.py", "mybot.py"),  # was "env"
    ("2010:env -u HOME ./tronbot", "tronbot"),
    # The README's way to cd first was named "sh" (and a second one "sh#2")
    ('2010:sh -c "cd bots && exec ./mybot"', "mybot"),
    ("2010:bash -c 'cd bots; PYTHONHASHSEED=0 python3 -u v2/main.py 2>log | cat'", "main.py"),
    ("2010:sh -c 'echo 2'", "echo"),
    ("2010:sh ./run.sh", "run.sh"),
    ("2010:python3 -c 'print(1)'", "python3"),
    ("2010:./bots/tronbot", "tronbot"),
    ("mine=hackerrank:python3 x.py", "mine"),
    # Other interpreters: named by what they run, as a Python script is (they were "java" and "node").
    ("2010:java -cp /tmp/bots Player", "Player"),
    ("2010:java -Xss64m -classpath out Player", "Player"),
    ("2010:java -jar bots/mybot.jar", "mybot.jar"),
    ("2010:java -p mods -m Player", "Player"),  # java's -p is the module path, not code to print
    ("2010:node --max-old-space-size=512 bots/main.js", "main.js"),
    ("2010:node -e 'console.log(1)'", "node"),
    ("2010:bash run.sh", "run.sh"),
])
def test_a_program_is_named_on_screen_by_its_label_script_or_module(text, short):
    assert parse_bot_spec(text, PROTOCOLS, str).short_name == short


def test_an_answer_comes_back_with_its_time_and_stderr():
    code = "import sys; l = input(); print('dbg', l, file=sys.stderr, flush=True); print(l.upper(), flush=True)"
    with Program([sys.executable, "-c", code]) as program:
        answer = program.ask("hello\n", 5.0)
    assert answer.line == "HELLO" and not answer.failure and answer.ms > 0
    assert answer.stderr == ("dbg hello",)
    assert not live_programs()


def test_a_late_answer_loses_with_a_reason():
    with Program(misbehave("sleep")) as program:
        answer = program.ask("x\n", 0.2)
    assert answer.line is None and answer.late
    assert waited_as_n(answer.failure) == "timed out: no answer within 200 ms (waited N ms more)"


def test_a_program_reading_all_of_stdin_is_told_to_read_line_by_line():
    """``sys.stdin.read()`` waits for an end of input that never comes between turns: it used to be
    a bare "no answer within 200 ms", as if the bot were slow."""
    with Program([sys.executable, "-c", "import sys; sys.stdin.read(); print('SPEED', flush=True)"]) as program:
        answer = program.ask("1\n2\n", 0.2)
    assert answer.line is None and answer.late
    assert waited_as_n(answer.failure) == "timed out: no answer within 200 ms (waited N ms more)" + READS_TO_THE_END
    assert "sys.stdin.read()" in READS_TO_THE_END and "\n" not in READS_TO_THE_END
    # A bot that sleeps past its limit and happens to answer while we probe is only slow.
    code = "import time; input(); time.sleep(0.4); print('SPEED', flush=True); time.sleep(5)"
    with Program([sys.executable, "-c", code]) as program:
        answer = program.ask("1\n", 0.2)
    assert waited_as_n(answer.failure) == "timed out: no answer within 200 ms (waited N ms more)"
    assert not live_programs()


def test_a_program_waiting_for_a_line_never_sent_is_told_it_reads_too_much(tmp_path):
    """A bot reading one row too many (``range(h + 1)``) waits for a line the turn never sends: a
    deadlock that was reported as a bare "no answer within 200 ms", like a slow bot. Its input is
    closed after the limit; ending silently then (Python's EOFError, bash's failed ``read``) says it."""
    python_bot = tmp_path / "rows.py"
    python_bot.write_text("w, h = map(int, input().split())\nrows = [input() for _ in range(h + 1)]\nprint(1)\n")
    bash_bot = tmp_path / "rows.sh"
    bash_bot.write_text("read w h\nfor ((i = 0; i <= h; i++)); do read -r row || exit 0; done\necho 1\n")
    for argv in ([sys.executable, str(python_bot)], ["bash", str(bash_bot)]):
        with Program(argv) as program:
            answer = program.ask("3 2\n###\n#1#\n", 0.2)
        assert answer.line is None
        assert waited_as_n(answer.failure) == "timed out: no answer within 200 ms (waited N ms more)" + WANTS_MORE_INPUT
        assert "reads more lines than each turn sends" in answer.failure
    assert not live_programs()


NODE_CRASH = """/tmp/bot.js:1
const M = parseInt(readline());
          ^

ReferenceError: readline is not defined
    at Object.<anonymous> (/tmp/bot.js:1:11)
    at Module._compile (node:internal/modules/cjs/loader:1521:14)

Node.js v20.20.2
"""
JAVA_CRASH = """Exception in thread "main" java.lang.ArrayIndexOutOfBoundsException: Index 15 out of bounds
\tat Player.main(Player.java:12)
"""


@pytest.mark.parametrize(("stderr", "reason"), [
    (NODE_CRASH, "ReferenceError: readline is not defined"),
    (JAVA_CRASH, 'Exception in thread "main" java.lang.ArrayIndexOutOfBoundsException: Index 15 out of bounds'),
    ("only a frame\n    at f (bot.js:1:1)\n", "only a frame"),
])
def test_a_crash_is_named_by_its_error_not_the_stack_frames_after_it(tmp_path, stderr, reason):
    """Node ends a crash with its stack and ``Node.js v20.20.2``, Java with ``at Player.main``: the
    reason quoted the last stderr line, "exited with status 1 without answering: Node.js v20.20.2"."""
    bot = tmp_path / "crash.py"
    bot.write_text(f"import sys\ninput()\nsys.stderr.write({stderr!r})\nsys.exit(1)\n")
    with Program([sys.executable, str(bot)]) as program:
        answer = program.ask("1\n", 2)
    assert answer.line is None
    assert answer.failure.startswith(f"exited with status 1 without answering: {reason}")


def test_an_answer_left_in_the_output_buffer_is_told_to_flush():
    """A C bot's ``printf("SPEED\\n")`` then ``scanf``: on a pipe the line waits in its buffer until the
    exit writes it out, and the reason only said "read line by line, not all of stdin" -- which it
    already did. (From outside it looks like the reading habit, so the reason names both.)"""
    code = "import sys; sys.stdin.readline(); answer = 'SPEED'; sys.stdin.readline(); print(answer, flush=True)"
    with Program([sys.executable, "-c", code]) as program:
        answer = program.ask("1\n", 0.2)
    assert waited_as_n(answer.failure) == "timed out: no answer within 200 ms (waited N ms more)" + READS_TO_THE_END
    assert "fflush(stdout)" in answer.failure and "flush=True" in answer.failure


def test_an_answer_with_no_line_end_is_named():
    """``printf("2")`` with no newline, flushed: the line never ends, and the reason was a bare timeout
    (or, for a bot blocked reading the next turn, the advice to read line by line)."""
    sleeper = "import os, sys, time; sys.stdin.readline(); os.write(1, b'SPEED'); time.sleep(30)"
    reader = "import os, sys; sys.stdin.readline(); os.write(1, b' 2'); sys.stdin.readline()"
    for code, shown in ((sleeper, "'SPEED'"), (reader, "'2'")):
        with Program([sys.executable, "-c", code]) as program:
            answer = program.ask("1\n", 0.2)
        assert answer.line is None and answer.late
        assert waited_as_n(answer.failure) == (f"timed out: no answer within 200 ms (waited N ms more);"
                                               f" it wrote {shown} with no line end after it:"
                                               " end each answer with a newline"), answer.failure


def test_a_program_that_exits_while_its_child_holds_its_output_is_said_to_have_exited():
    """It started a helper (same process group) and exited with status 3: its stdout stayed open in the
    helper, no end of output came, and the reason was "timed out", as if it were thinking. The helper
    dies with the program's group."""
    code = ("import subprocess, sys; sys.stdin.readline()\n"
            "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)  # byob-grandchild'])\n"
            "print('giving up', file=sys.stderr, flush=True); sys.exit(3)")
    with Program([sys.executable, "-c", code]) as program:
        answer = program.ask("1\n", 0.3)
    assert answer.line is None and not answer.late
    assert answer.failure == ("exited with status 3 without answering: giving up; "
                              "a process it started still holds its stdout open"), answer.failure


def test_a_stop_signal_whose_interrupt_was_lost_still_ends_the_wait_for_an_answer():
    """A signal landing in a fork hook (starting a bot) raises KeyboardInterrupt where Python
    prints "Exception ignored" and drops it: the tournament went on playing. The wait for an
    answer looks again every quarter second."""
    import contextlib
    import signal

    from arcade.services import interrupts

    with Program(misbehave("sleep")) as program:
        with contextlib.suppress(KeyboardInterrupt):  # lost, as in a fork hook
            interrupts.raise_interrupt(signal.SIGTERM, None)
        try:  # lost for good, the wait would end in 30 s with a timeout answer, not an interrupt
            with pytest.raises(KeyboardInterrupt, match="SIGTERM"):
                program.ask("x\n", 30.0)
        finally:
            interrupts.clear()
    assert not live_programs()
    # A bot that answers at once never lets a wait run out: the next question raises it all the same.
    code = "import sys\nfor line in sys.stdin: print(line.strip(), flush=True)\n"
    with Program([sys.executable, "-c", code]) as program:
        assert program.ask("warm\n", 30.0).line == "warm"
        with contextlib.suppress(KeyboardInterrupt):
            interrupts.raise_interrupt(signal.SIGTERM, None)
        try:
            with pytest.raises(KeyboardInterrupt):
                program.ask("x\n", 30.0)
        finally:
            interrupts.clear()


def test_an_answer_after_the_limit_is_reported_with_its_lateness():
    code = "import time\ninput(); print('0', flush=True)\ninput(); time.sleep(0.5); print('1', flush=True)\n"
    with Program([sys.executable, "-c", code]) as program:
        assert program.ask("warm up\n", 30.0).line == "0"  # started: now only the sleep counts
        answer = program.ask("x\n", 0.4)  # listened to until 0.6 s, only to report the lateness
    assert answer.line is None and answer.late
    assert answer.failure.startswith("timed out: answered '1' after ") and "past the 400 ms limit" in answer.failure


def test_an_answer_later_than_we_listen_says_how_long_we_listened():
    """A Runway bot answering 400 ms into its 150 ms limit read "no answer within 150 ms", as if it never
    answered: we listen only half the limit past it (75 ms), and the reason did not say so."""
    code = "import time\ninput(); print('0', flush=True)\ninput(); time.sleep(0.6); print('1', flush=True)\n"
    with Program([sys.executable, "-c", code]) as program:
        assert program.ask("warm up\n", 30.0).line == "0"
        answer = program.ask("x\n", 0.15)
    assert answer.line is None and answer.late
    waited = re.fullmatch(r"timed out: no answer within 150 ms \(waited (\d+) ms more\)", answer.failure)
    assert waited is not None, answer.failure
    assert int(waited.group(1)) >= 75  # the grace, at least (more on a busy machine)


def test_a_late_first_answer_names_the_first_answers_limit():
    """The first answer's limit includes the start-up; its failure says so, late or missing."""
    code = "import time\ninput(); time.sleep(1.1); print('1', flush=True); time.sleep(5)\n"
    with Program([sys.executable, "-c", code]) as program:
        answer = program.ask("x\n", 1.0, first=True)  # listened to until 1.5 s, to say how late
    assert answer.failure.startswith("timed out: answered '1' after ")
    assert answer.failure.endswith("past the 1000 ms first-answer limit (start-up included)")
    with Program(misbehave("sleep")) as program:
        answer = program.ask("x\n", 0.2, first=True)
    assert waited_as_n(answer.failure) == ("timed out: gave no first answer within 200 ms"
                                           " (start-up included; waited N ms more)")


def test_a_crash_is_one_line_with_the_exit_status_and_the_last_stderr_line():
    with Program(misbehave("crash")) as program:
        answer = program.ask("x\n", 5.0)
    assert answer.failure == ("exited with status 1 without answering: "
                              "ZeroDivisionError: integer division or modulo by zero")
    assert "\n" not in answer.failure
    assert answer.stderr[0] == "about to divide" and any("Traceback" in line for line in answer.stderr)


def test_a_crash_before_the_input_is_written_reads_as_the_same_crash():
    """A bot dying at start-up lost "without answering" when the board went out first, and
    "exited with status 1 (stopped reading its input)" when its exit won the race with the write:
    the same bot, two reasons, at random from round to round."""
    code = "import sys; sys.exit('boom at start')"
    with Program([sys.executable, "-c", code]) as program:
        program.process.wait(5)  # the race's other outcome, made certain: it is gone before the write
        answer = program.ask("x\n", 5.0)
    assert answer.failure == "exited with status 1 without answering: boom at start"


def test_an_answer_written_before_quitting_unread_input_is_judged_not_lost():
    """It printed 'hello there' and quit while its input was still being written: the referee said
    only "stopped reading its input"; now the answer is judged like any other."""
    with Program(misbehave("blurt")) as program:
        answer = program.ask("x\n" + "y" * 300_000 + "\n", 5.0)
    assert answer.line == "hello there" and not answer.failure, answer


def test_an_endless_line_on_stdout_is_a_loss():
    with Program(misbehave("overlong")) as program:
        answer = program.ask("x\n", 5.0)
    assert answer.failure == "printed a line longer than 4096 bytes"


def test_a_complete_line_over_the_limit_is_a_loss_too():
    """Only a line still coming was held to 4096 bytes: 'SPEED' and 6000 spaces with its line end was SPEED."""
    with Program([*misbehave("padded"), "SPEED"]) as program:
        answer = program.ask("x\n", 5.0)
    assert answer.line is None and answer.failure == "printed a line longer than 4096 bytes"
    code = "input(); print('A' * 4096, flush=True); print('B' * 4097, flush=True); input()"
    with Program([sys.executable, "-c", code]) as program:
        first = program.ask("x\n", 5.0)
        second = program.read_line(5.0, time.perf_counter())
    assert first.line == "A" * 4096 and second.failure == "printed a line longer than 4096 bytes"


def test_a_missing_program_is_one_line():
    with pytest.raises(ProgramFailure, match="cannot start '/no/such/bot': no such program"):
        Program(["/no/such/bot"])


def test_stderr_floods_are_drained_and_kept_bounded():
    code = ("import sys\nfor n in range(3):\n    input()\n"
            "    sys.stderr.write('y' * 3_000_000 + '\\n' + 'z\\n' * 200_000)\n"
            "    sys.stderr.flush()\n    print(n, flush=True)\n")
    with Program([sys.executable, "-c", code]) as program:
        answers = [program.ask("go\n", 30.0) for _ in range(3)]
        kept = program.stderr_since(0)
    assert [a.line for a in answers] == ["0", "1", "2"]
    assert sum(len(line) + 1 for line in kept) < STDERR_LIMIT + 2 * STDERR_LINE
    assert max(len(line) for line in kept) <= STDERR_LINE + 4
    assert kept[0].startswith("yyy") and kept[0].endswith("[…]") and kept[1] == "z"


def test_closing_kills_the_whole_process_group():
    program = Program(misbehave("spawn"))
    program.ask("x\n", 0.5)  # times out while the program and its grandchild sleep
    group = program.pid
    program.close()
    assert program.process.returncode is not None  # reaped: no zombie child of ours
    # The grandchild was killed with its group; init reaps it (a dead zombie of init's meanwhile).
    end = time.monotonic() + 5
    while (alive := [pid for pid, _, state, _ in processes() if state != "Z" and _pgid(pid) == group]):
        assert time.monotonic() < end, f"still running in the program's group: {alive}"
        time.sleep(0.02)


def _pgid(pid: int) -> int | None:
    try:
        return os.getpgid(pid)
    except ProcessLookupError:
        return None


def test_the_first_answer_may_take_longer():
    limits = Limits(150.0, 1000.0)
    assert limits.for_answer(0) == 1000.0 and limits.for_answer(1) == 150.0
    assert limits.scaled(2000.0).for_answer(0) == 2000.0 and limits.scaled(None) is limits


def test_the_leftover_check_sees_a_bot_nobody_stopped():
    import subprocess

    from tests.byob.helpers import leftovers

    before = {pid for pid, *_ in processes()}
    stray = subprocess.Popen(misbehave("sleep"), stdin=subprocess.PIPE)
    try:
        assert any(str(stray.pid) == line.split()[0] for line in leftovers(before))
    finally:
        stray.kill()
        stray.wait()
        stray.stdin.close()
    assert leftovers(before) == []


def test_ctrl_c_in_the_middle_of_a_round_leaves_no_program_running():
    from arcade.games.tron.logic import parse_map
    from arcade.games.tron.match import play_round
    from arcade.games.tron.players import make_player

    level = parse_map("8 6\n########\n#1     #\n#      #\n#      #\n#     2#\n########\n")

    def interrupt(state, answers):
        raise KeyboardInterrupt

    first = make_player(f"2010:{sys.executable} {BOTS / 'tron2010_straight.py'}")
    with pytest.raises(KeyboardInterrupt), first, make_player("flood-fill") as second:
        play_round(level, (first, second), 20, on_tick=interrupt)
    assert live_programs() == []


def test_the_window_runner_talks_to_a_program_in_a_thread():
    from arcade.games.tron.logic import RULES, parse_map
    from arcade.games.tron.runner import ProgramRunner, make_runner

    level = parse_map("8 6\n########\n#1     #\n#      #\n#      #\n#     2#\n########\n")
    runner = make_runner(f"2010:{sys.executable} {BOTS / 'tron2010_straight.py'}")
    assert isinstance(runner, ProgramRunner)
    try:
        runner.begin_round(level, 0)
        runner.request_state(1, RULES.initial_state(level), 0, 50)
        reply = runner.wait(10)
        assert reply is not None and reply.direction == "E" and reply.failure == ""
        assert reply.stderr == ("heading 2",) and runner.console_since(0) == ["heading 2"]
        with pytest.raises(TypeError):
            runner.request(2, None, 50)  # type: ignore[arg-type]
    finally:
        runner.close()
    assert live_programs() == []


def test_a_program_that_cannot_start_is_named_before_it_is_run(tmp_path, monkeypatch):
    """Checked before a tournament, a referee run or a match: a wrong path used to forfeit every round."""
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "bot.py"
    script.write_text("print('UP')\n")
    plain = tmp_path / "plain"
    plain.write_text("#!/bin/sh\n")
    plain.chmod(0o644)

    def problem(command: str) -> str:
        return parse_bot_spec(f"2010:{command}", PROTOCOLS, str).problem()

    assert problem("./nope") == "cannot start './nope': no such program"
    assert problem(str(tmp_path)) == f"cannot start {str(tmp_path)!r}: it is a folder, not a program"
    if os.geteuid() != 0:  # root may run anything
        assert problem("./plain").startswith("cannot start './plain': not executable")
    assert problem("no-such-command-here") == "cannot start 'no-such-command-here': no such program on the PATH"
    assert problem(f"{sys.executable} -u missing.py") == \
        f"cannot start '{sys.executable} -u missing.py': no such file 'missing.py'"
    assert problem(f"{sys.executable} -W ignore missing.py").endswith("no such file 'missing.py'")
    assert problem("env X=1 ./nope") == "cannot start './nope': no such program"
    assert problem(f"env X=1 {sys.executable} missing.py").endswith("no such file 'missing.py'")
    for fine in (f"{sys.executable} bot.py", f"{sys.executable} -m arcade bot tron", f"{sys.executable} -c pass",
                 "sh -c 'echo UP'", f"{sys.executable} -W ignore bot.py", f"env -u HOME {sys.executable} bot.py"):
        assert problem(fine) == "", fine
    assert parse_bot_spec("flood-fill", PROTOCOLS, str).problem() == ""


@pytest.mark.skipif(os.name != "posix", reason="the kernel reads a script's '#!' line on POSIX only")
def test_a_script_the_system_cannot_run_is_named_before_it_is_run(tmp_path, monkeypatch):
    """An executable script with a missing interpreter, a Windows line break after ``#!``, or no
    ``#!`` line, or no bytes at all passed the check and then forfeited every round ("no such
    program" of a file that is there, env's "use -[v]S to pass options", "Exec format error")."""
    monkeypatch.chdir(tmp_path)

    def script(name: str, data: bytes) -> str:
        (tmp_path / name).write_bytes(data)
        (tmp_path / name).chmod(0o755)
        return f"./{name}"

    def problem(command: str) -> str:
        return parse_bot_spec(f"2010:{command}", PROTOCOLS, str).problem()

    assert problem(script("gone.py", b"#!/no/such/python3\nprint(1)\n")) == (
        "cannot start './gone.py': its '#!' first line names the interpreter '/no/such/python3', which does not exist")
    assert problem(script("crlf.py", b"#!/usr/bin/env python3\r\nprint(1)\r\n")) == (
        "cannot start './crlf.py': its first line ends in a Windows line break (\\r\\n):"
        " save it with Unix line endings (dos2unix crlf.py)")
    assert problem(script("plain.sh", b"echo 1\n")).startswith(
        "cannot start './plain.sh': it has no '#!' first line naming its interpreter")
    assert problem(script("env.py", b"#!/usr/bin/env no-such-python-here\n")) == (
        "cannot start './env.py': its '#!' first line asks env for 'no-such-python-here', which is not on the PATH")
    assert problem(script("empty.sh", b"#!\n")) == "cannot start './empty.sh': its '#!' first line names no interpreter"
    # An empty file (a save that never happened) forfeited every round with "Exec format error".
    assert problem(script("blank.py", b"")) == (
        "cannot start './blank.py': it is an empty file: there is no program in it (was it saved?)")
    # What runs is not refused: a real interpreter, env with options, a binary.
    assert problem(script("ok.py", f"#!{sys.executable}\nprint(1)\n".encode())) == ""
    assert problem(script("ok2.sh", b"#!/bin/sh -e\necho 1\n")) == ""
    assert problem(script("ok3.py", b"#!/usr/bin/env -S python3 -u\n")) == ""
    assert problem(sys.executable) == ""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux gives env the shebang's rest as one word")
def test_a_shebang_passing_options_through_env_says_to_add_dash_s(tmp_path, monkeypatch):
    """``#!/usr/bin/env python3 -u`` (the ``-u`` the flush advice suggests) asks Linux's env for a program
    named "python3 -u": every round a forfeit ("/usr/bin/env: use -[v]S to pass options in shebang
    lines", referee exit 1, tournament 0) instead of one line and status 2 before the first."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bot.py").write_bytes(b"#!/usr/bin/env python3 -u\nprint(input())\n")
    (tmp_path / "bot.py").chmod(0o755)
    assert parse_bot_spec("2010:./bot.py", PROTOCOLS, str).problem() == (
        "cannot start './bot.py': its '#!' first line passes 'python3 -u' to env as one word, as Linux does:"
        " write #!/usr/bin/env -S python3 -u")


@pytest.mark.skipif(os.name != "posix", reason="the kernel reads a script's '#!' line on POSIX only")
def test_referee_and_tournament_refuse_a_script_whose_interpreter_is_missing(tmp_path):
    """Both ran every level or round as a forfeit and exited 1 (referee) or 0 (tournament)."""
    import subprocess

    bot = tmp_path / "bot.py"
    bot.write_bytes(b"#!/no/such/python3\nprint('WAIT')\n")
    bot.chmod(0o755)
    env = {**os.environ, "PUZZLE_ARCADE_HOME": str(tmp_path / "home"), "SDL_VIDEODRIVER": "dummy"}
    for argv in (["referee", "runway", "--bot", f"codingame:{bot}", "01_one_lonely_hole"],
                 ["tournament", "tron", "--bots", "random", "--bot", f"2010:{bot}", "--maps", "joust", "--jobs", "1"]):
        done = subprocess.run([sys.executable, "-m", "arcade", *argv], capture_output=True, text=True,
                              env=env, timeout=120, stdin=subprocess.DEVNULL)
        assert done.returncode == 2, (argv, done.stderr)
        assert done.stdout == "" and "Traceback" not in done.stderr
        assert done.stderr.strip().endswith("which does not exist") and done.stderr.count("\n") == 1


def test_an_unquoted_path_with_spaces_says_how_to_quote_it(tmp_path, monkeypatch):
    """``python3 my bots/my bot.py`` said only "no such file 'my'" of a file that is plainly there."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my bots").mkdir()
    (tmp_path / "my bots" / "my bot.py").write_text("print(1)\n")
    (tmp_path / "my bots" / "run bot").write_text("#!/bin/sh\necho 1\n")
    (tmp_path / "my bots" / "run bot").chmod(0o755)

    def problem(command: str) -> str:
        return parse_bot_spec(f"2010:{command}", PROTOCOLS, str).problem()

    assert problem("python3 my bots/my bot.py --fast") == (
        "cannot start 'python3 my bots/my bot.py --fast': no such file 'my'"
        " (a path with spaces needs quotes: python3 'my bots/my bot.py' --fast)")
    assert problem("./my bots/run bot") == (
        "cannot start './my': no such program (a path with spaces needs quotes: './my bots/run bot')")
    assert problem("python3 'my bots/my bot.py'") == ""
    assert problem("python3 my bots/other.py") == "cannot start 'python3 my bots/other.py': no such file 'my'"


def test_a_shell_operator_in_a_command_is_refused_with_the_sh_c_command_to_type():
    """``python3 bot.py | tee log`` ran ``python3 bot.py '|' tee log``: the bot got three stray
    arguments, no log was written, and nothing said so. Quoted, the same characters are words."""
    for command, operator in [("python3 bot.py | tee log", "|"), ("./bot 2>err.txt", ">"),
                              ("./bot && echo done", "&&"), ("./bot;", ";"), ("./bot < board.txt", "<")]:
        with pytest.raises(UsageError) as caught:
            parse_bot_spec(f"mine=2010:{command}", PROTOCOLS, str)
        assert str(caught.value) == (f"the command {command!r} uses the shell's {operator!r}, but no shell runs it"
                                     " (its words would go to the program as arguments): run a shell yourself:"
                                     f" sh -c {shlex.quote(command)}")
    for fine in ["sh -c 'python3 bot.py | tee log'", 'sh -c "cd bots && exec ./mybot"', "./bot '|' \\;",
                 "./bot --sep=\"a|b\""]:
        assert parse_bot_spec(f"2010:{fine}", PROTOCOLS, str).argv[0] in ("sh", "./bot")


def test_a_path_a_shell_would_have_found_says_what_to_type(tmp_path, monkeypatch):
    """``~/bots/bot.py``, ``$HOME/bots/bot.py`` and a bare ``bot.py`` in this folder were "no such
    program" of a file that is there: no shell expands or looks in the current folder here."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "bot.py").write_text("#!/bin/sh\necho 1\n")
    (tmp_path / "bots" / "bot.py").chmod(0o755)
    whole = tmp_path / "bots" / "bot.py"

    def problem(command: str) -> str:
        return parse_bot_spec(f"2010:{command}", PROTOCOLS, str).problem()

    expands = f"(no shell expands '~' or $VARS here: give the whole path: {whole})"
    assert problem("~/bots/bot.py") == f"cannot start '~/bots/bot.py': no such program {expands}"
    assert problem("$HOME/bots/bot.py --fast") == f"cannot start '$HOME/bots/bot.py': no such program {expands}"
    assert problem("python3 ~/bots/bot.py") == (
        f"cannot start 'python3 ~/bots/bot.py': no such file '~/bots/bot.py' {expands}")
    assert problem("~/bots/gone.py") == (
        "cannot start '~/bots/gone.py': no such program (no shell expands '~' or $VARS here: give the whole path)")
    monkeypatch.chdir(tmp_path / "bots")
    assert problem("bot.py") == ("cannot start 'bot.py': no such program on the PATH"
                                 " (the file in this folder is ./bot.py, as a shell needs it too)")
    assert problem("./bot.py") == ""
    assert problem("PYTHONUNBUFFERED=1 ./bot.py") == ("cannot start 'PYTHONUNBUFFERED=1': no such program on the PATH"
                                                      " (setting a variable the shell's way needs env here:"
                                                      " env PYTHONUNBUFFERED=1 …)")


def test_a_program_started_after_its_owner_stopped_is_killed_as_it_starts():
    """A window closes without waiting for the thread that is starting a program: that program must
    not outlive it (the window used to wait for its workers, up to the answer limit and a second)."""
    import threading

    stop = threading.Event()
    stop.set()
    before = {pid for pid, *_ in processes()}
    with pytest.raises(ProgramFailure, match="stopped"):
        Program(misbehave("sleep"), stop=stop)
    assert live_programs() == []
    assert not [p for p in processes() if p[0] not in before and "misbehave" in p[3] and p[2] != "Z"]


def test_a_closed_seat_leaves_no_program_a_worker_was_still_starting():
    """Closing a Tron seat set its stop and killed the program it held; one a worker thread had
    started but not yet handed to the seat lived on until that thread looked again (a full test
    run under load saw it alive after the window's close). Close kills it too, before returning."""
    from arcade.games.tron.players import make_player

    player = make_player(f"2010:{sys.executable} {BOTS / 'misbehave.py'} sleep")
    starting = Program(misbehave("sleep"), stop=player.stop)  # started for the seat, not handed over yet
    assert starting in live_programs()
    player.close()
    assert live_programs() == []


def test_closing_the_window_runner_mid_answer_waits_for_no_thread():
    """Tron's runners used non-daemon pools (joined at exit) and closing waited for the worker talking
    to the program; now close kills the program and returns, and any thread left is a daemon."""
    import threading

    from arcade.games.tron.logic import RULES, parse_map
    from arcade.games.tron.runner import make_runner

    level = parse_map("8 6\n########\n#1     #\n#      #\n#      #\n#     2#\n########\n")
    before = set(threading.enumerate())
    for protocol in ("2010", "hackerrank"):
        runner = make_runner(f"{protocol}:{sys.executable} {BOTS / 'misbehave.py'} sleep")
        runner.begin_round(level, 0)
        runner.request_state(1, RULES.initial_state(level), 0, 50)
        end = time.monotonic() + 10
        while not live_programs() and time.monotonic() < end:
            time.sleep(0.01)
        assert live_programs(), "the program should be running and its worker waiting for it"
        # The interpreter's exit joins every non-daemon thread: the worker must be a daemon.
        assert all(t.daemon for t in threading.enumerate() if t not in before), protocol
        runner.close()
        assert live_programs() == []
        left = [t for t in threading.enumerate() if t not in before and t.is_alive()]
        assert all(t.daemon for t in left), [t.name for t in left if not t.daemon]


def test_a_closed_program_writes_nothing_into_a_file_that_reused_its_descriptor(tmp_path):
    """A window's worker may still ``send``/``ask`` after the window closed the program; the stdin
    number is free by then and the autosave's next temp file can get it: the board used to land there."""
    program = Program([sys.executable, "-c", "import sys; sys.stdin.read()"])
    in_fd = program._in_fd
    program.close()
    files = [open(tmp_path / f"save{n}.tmp", "wb") for n in range(3)]  # noqa: SIM115 - kept open on purpose
    try:
        assert in_fd in {f.fileno() for f in files}, "the test needs the number reused"
        with pytest.raises(ProgramFailure, match="closed"):
            program.send("1 2 3 4\n", time.perf_counter() + 1.0)
        answer = program.ask("board\n", 0.2)
        assert answer.line is None and "closed" in answer.failure
    finally:
        for f in files:
            f.close()
    assert [(tmp_path / f"save{n}.tmp").read_bytes() for n in range(3)] == [b"", b"", b""]


def test_closing_input_then_sending_writes_nothing():
    with Program([sys.executable, "-c", "import sys; sys.stdin.read(); print('done', flush=True)"]) as program:
        program.close_input()
        with pytest.raises(ProgramFailure, match="already closed"):
            program.send("late\n", time.perf_counter() + 1.0)
        assert program.read_line(5.0, time.perf_counter()).line == "done"


#: A program that leaves a daemon holding its stdout: a child in a session of its own forks a
#: grandchild and exits, and the program reaps it, so nothing links the grandchild (init's now)
#: to the program any more; then the program sleeps.
DAEMON = ("import os, sys, time\n"
          "child = os.fork()\n"
          "if child == 0:\n"
          "    os.setsid()\n"
          "    if os.fork() == 0:\n"
          "        time.sleep(0.2)\n"
          "        print(os.getpid(), flush=True)\n"
          "        time.sleep(30)\n"
          "    os._exit(0)\n"
          "os.waitpid(child, 0)\n"
          "time.sleep(30)\n")
#: The same daemon, started again with an empty environment: nothing at all names the program.
DAEMON_WITHOUT_ENVIRONMENT = DAEMON.replace(
    "        time.sleep(30)\n",
    "        os.execve(sys.executable, [sys.executable, '-c', 'import time; time.sleep(30)'], {})\n")


def test_a_double_forked_daemon_is_found_by_its_environment_and_killed():
    """Its middle process exited and was reaped: nothing linked the daemon to the program, and it
    outlived the close (holding the program's stdout). It inherited the program's mark."""
    program = Program([sys.executable, "-c", DAEMON])
    escaped = int(program.read_line(10.0, time.perf_counter()).line)
    assert escaped not in descendants(program.pid) and _pgid(escaped) != program.pid
    program.close()
    _gone_within(escaped, 5)
    assert not marked(f"{MARKER}={program.mark}".encode())


def test_a_helper_left_by_a_program_that_exited_by_itself_is_killed_at_its_close():
    """A HackerRank program exits after every move: a helper it started in a session of its own was
    init's child by the close, found by nothing -- one leftover process per move, and one that kept
    stdout open held every move for 2 s."""
    code = ("import subprocess, sys\n"
            "sys.stdin.readline()\n"
            "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(30)  # byob-grandchild'],"
            " start_new_session=True)\n"
            "print('UP', flush=True)\n")
    with Program([sys.executable, "-c", code]) as program:
        answer = program.ask("board\n", 10.0)
        assert answer.line == "UP"
        program.process.wait(10)  # exited by itself: its helper is init's now
        helpers = marked(f"{MARKER}={program.mark}".encode())
        assert len(helpers) == 1 and helpers[0] not in descendants(program.pid)
    _gone_within(helpers[0], 5)
    assert not any(t.is_alive() for t in program._threads), "a reader still waits for the helper's pipe"


def _gone_within(pid: int, seconds: float) -> None:
    end = time.monotonic() + seconds
    while any(p == pid and state != "Z" for p, _, state, _ in processes()):
        assert time.monotonic() < end, f"process {pid} outlived the program"
        time.sleep(0.02)


def test_a_child_in_a_session_of_its_own_is_killed_with_the_program():
    """``setsid`` took a bot's helper out of the bot's process group: it outlived the close."""
    code = ("import subprocess, sys, time\n"
            "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(30)  # byob-grandchild'],"
            " start_new_session=True)\n"
            "print(child.pid, flush=True)\n"
            "time.sleep(30)\n")
    program = Program([sys.executable, "-c", code])
    helper = int(program.read_line(10.0, time.perf_counter()).line)
    assert _pgid(helper) == helper != program.pid  # its own group and session
    program.close()
    end = time.monotonic() + 5
    while any(pid == helper and state != "Z" for pid, _, state, _ in processes()):
        assert time.monotonic() < end, "the helper in its own session outlived the program"
        time.sleep(0.02)


def test_a_pipe_still_being_read_is_not_closed_under_its_reader():
    """A program that left a daemon holding its stdout outlives the close's join: its reader keeps
    reading, so the descriptor stays its own (not reused and drained) until the end."""
    import signal
    import stat

    program = Program([sys.executable, "-c", DAEMON_WITHOUT_ENVIRONMENT])
    escaped = int(program.read_line(10.0, time.perf_counter()).line)
    try:
        program.close()  # the join times out: the escaped process still holds the write end
        reader = program._threads[0]
        assert reader.is_alive()
        assert stat.S_ISFIFO(os.fstat(program._out_fd).st_mode), "stdout was closed under its reader"
    finally:
        os.kill(escaped, signal.SIGKILL)
    for thread in program._threads:  # stdout's reader and stderr's: each closes its own pipe as it ends
        thread.join(5)
    assert not any(t.is_alive() for t in program._threads)
    assert program.process.stdout.closed and program.process.stderr.closed


def test_a_tron_player_stopped_while_its_program_started_gets_no_closed_program():
    """``HackerRankPlayer.answer`` went on to send the board to the program ``_started`` had just closed."""
    from arcade.games.tron.outside import make_program_player
    from arcade.services.botspec import BotSpec

    spec = BotSpec(text="x", name="x", protocol="hackerrank", argv=(sys.executable, "-c", "pass"))
    player = make_program_player(spec)
    program = Program(misbehave("sleep"))
    player.stop.set()  # the window closed between the program's start and its hand-over
    with pytest.raises(ProgramFailure, match="stopped"):
        player._started(program)
    assert program.closed and player.program is None and live_programs() == []


def test_a_window_closing_while_a_worker_starts_a_program_is_over_only_once_it_is_dead(monkeypatch):
    """A window's close sets its stop and kills every open program; one a worker thread had just
    spawned but not yet registered was missed, and ran on for a moment after the close returned
    (Runway's "closing mid-tests leaves no process" failed once with another test running
    alongside). Starting and registering are one step now: the close waits for it and kills it."""
    import subprocess
    import threading

    from arcade.services import programs

    real = subprocess.Popen
    stop = threading.Event()
    spawned: list[subprocess.Popen] = []
    alive_after_close: list[subprocess.Popen] = []
    closing = threading.Event()

    def close_the_window() -> None:
        closing.set()
        stop.set()
        programs.close_all()
        alive_after_close.extend(p for p in spawned if p.poll() is None)

    closer = threading.Thread(target=close_the_window)

    def popen(*args, **kwargs):  # the window closes just as the worker's program has been spawned
        process = real(*args, **kwargs)
        spawned.append(process)
        closer.start()
        closing.wait()
        closer.join(0.5)  # a close that does not wait for the starting program is over by now
        return process

    monkeypatch.setattr(subprocess, "Popen", popen)
    with pytest.raises(ProgramFailure, match="stopped"):
        Program(misbehave("sleep"), stop=stop)
    closer.join()
    assert spawned and alive_after_close == []
    assert live_programs() == []


def test_an_answer_that_is_not_utf8_is_said_as_a_file_that_is_not_is():
    """A bot's answer in Latin-1 read "answered '\\ufffd'" (a replacement character); a level file
    says "not a UTF-8 text file (byte 0xff at offset 0)". One wording, from :func:`not_utf8`."""
    code = "import sys; input(); sys.stdout.buffer.write(b'UP\\xff\\n'); sys.stdout.flush()"
    with Program([sys.executable, "-c", code]) as program:
        answer = program.ask("x\n", 5.0)
    assert answer.line is None
    assert answer.failure == "printed a line that is not UTF-8 text (byte 0xff at offset 2)"


def test_a_command_field_holding_a_whole_spec_is_that_spec_and_any_other_text_a_command():
    """The window's Command field takes ``--bot``'s text (``mine=2010:…``) to label a program; a command
    with a colon in it, or a shell's ``VAR=value`` before it, stays a command of the row's protocol."""
    from arcade.services.botspec import typed_spec, with_protocol

    assert typed_spec(" mine=2010:python3 bot.py --fast ", "hackerrank", PROTOCOLS) == "mine=2010:python3 bot.py --fast"
    assert typed_spec("HackerRank:./bot", "2010", PROTOCOLS) == "HackerRank:./bot"
    assert typed_spec("./bot --host=a:b", "2010", PROTOCOLS) == "2010:./bot --host=a:b"
    assert typed_spec("FOO=1 ./bot", "2010", PROTOCOLS) == "2010:FOO=1 ./bot"
    assert typed_spec("c:/bots/bot.exe", "2010", PROTOCOLS) == "2010:c:/bots/bot.exe"
    assert with_protocol("mine=2010:./bot a:b", "hackerrank", PROTOCOLS) == "mine=hackerrank:./bot a:b"
    assert with_protocol("./bot", "hackerrank", PROTOCOLS) == "./bot"
