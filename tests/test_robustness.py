"""Every command against bad input, bad disks and signals: one line, the documented status, bounded.

The rule under test lives in ``arcade.cli.main``: 2 bad input, 1 no solution, 74 an output
that cannot be written, 70 a bug (crash log), 130 SIGINT/SIGTERM; never a traceback.

* The matrix (every command that reads something x every kind of bad input) runs in
  process, under an alarm so a regression that blocks (a FIFO opened for reading) fails
  instead of hanging the suite.
* What needs real file descriptors or a fresh interpreter -- ``/dev/full`` as standard
  output, a strict-UTF-8 locale, an endless stdin -- runs as child processes whose peak
  RSS is read with ``os.wait4`` (``resource`` usage of exactly that child).
* SIGTERM is sent to long-running modes once they are provably busy (a trace line, an
  answer, a header), and the exit is awaited with a deadline.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from arcade import cli
from arcade.cli import main

ROOT = Path(__file__).resolve().parent.parent
HUGE = "9" * 5000
#: Peak RSS allowed to a child fed hostile input (a bare start is ~60-90 MB with numpy).
MAX_RSS_MB = 300
#: How long any one bad-input run may take before the test calls it a hang.
ALARM_SECONDS = 20


@pytest.fixture
def bad_files(tmp_path):
    """name -> path of every kind of bad file input."""
    nonutf8 = tmp_path / "nonutf8.txt"
    nonutf8.write_bytes(b"\xff\xfe garbage\n")
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    folder = tmp_path / "folder"
    folder.mkdir()
    huge_tron = tmp_path / "huge-tron.txt"
    huge_tron.write_text(f"5 {HUGE}\n#####\n")
    unicode_tron = tmp_path / "unicode-tron.txt"
    unicode_tron.write_text("5 \u00b2\n#####\n")
    runway_x = tmp_path / "runway-x.txt"  # X = 10**20
    runway_x.write_text("2\n1\n..0.\n....\n....\n....\n1\n100000000000000000000 0 0\n0 1 1\n")
    runway_x19 = tmp_path / "runway-x19.txt"  # 19 digits: within the digit cap, outside the range
    runway_x19.write_text("2\n1\n..0.\n....\n....\n....\n1\n1000000000000000000 0 0\n0 1 1\n")
    return {
        "non-UTF-8": nonutf8, "FIFO": fifo, "directory": folder, "/dev/zero": Path("/dev/zero"),
        "huge size": huge_tron, "Unicode digit": unicode_tron, "runway X=10**20": runway_x,
        "runway X=10**18": runway_x19,
    }


@contextlib.contextmanager
def alarm(seconds: int = ALARM_SECONDS):
    def expired(signum, frame):
        raise TimeoutError(f"still running after {seconds} s: the command blocked or looped")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(autouse=True)
def restore_signals():
    """main() installs SIGINT/SIGTERM handlers; give pytest its own back afterwards."""
    saved = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    yield
    for signum, handler in saved.items():
        signal.signal(signum, handler)


def run_in_process(capsys, argv: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="latin-1")  # main() makes it strict UTF-8
    try:
        with alarm():
            code = main(argv)
    finally:
        sys.stdin = old_stdin
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line(code: int, err: str, status: int, needle: str = "") -> None:
    lines = err.strip().splitlines()
    assert code == status, err
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert needle.lower() in err.lower(), err


# -- files --------------------------------------------------------------------------------------------

#: Every command that reads a file a user names; FILE is replaced by the bad file.
FILE_COMMANDS = {
    "solve hashi": ["solve", "hashi", "FILE"],
    "solve hashi --file": ["solve", "hashi", "--file", "FILE"],
    "solve royale": ["solve", "royale", "FILE"],
    "solve runway": ["solve", "runway", "FILE"],
    "tournament tron --maps": ["tournament", "tron", "--maps", "FILE", "--quiet"],
    "play runway --level": ["play", "runway", "--level", "FILE", "--screenshot", "SHOT"],
    "play tron --level": ["play", "tron", "--level", "FILE", "--screenshot", "SHOT"],
    "export hashi": ["export", "hashi", "FILE", "--svg", "SVG"],
    "export royale": ["export", "royale", "FILE", "--svg", "SVG"],
    "play hashi --edit": ["play", "hashi", "--edit", "FILE", "--screenshot", "SHOT"],
    "play tron --replay": ["play", "tron", "--replay", "FILE", "--screenshot", "SHOT"],
    "play runway --replay": ["play", "runway", "--replay", "FILE", "--screenshot", "SHOT"],
}
FILE_KINDS = ["non-UTF-8", "FIFO", "directory", "/dev/zero", "huge size", "Unicode digit"]


@pytest.mark.parametrize("kind", FILE_KINDS)
@pytest.mark.parametrize("command", list(FILE_COMMANDS))
def test_every_file_command_refuses_every_bad_file_in_one_line(capsys, tmp_path, bad_files, command, kind):
    argv = [str(bad_files[kind]) if a == "FILE" else str(tmp_path / "shot.png") if a == "SHOT"
            else str(tmp_path / "sheet.svg") if a == "SVG" else a for a in FILE_COMMANDS[command]]
    code, _out, err = run_in_process(capsys, argv)
    assert_one_line(code, err, 2)
    assert not (tmp_path / "shot.png").exists() and not (tmp_path / "sheet.svg").exists()


@pytest.mark.parametrize("kind, needle", [("FIFO", "a FIFO (named pipe), not a regular file"),
                                          ("/dev/zero", "a device, not a regular file")])
def test_a_replay_that_is_not_a_regular_file_is_refused_before_it_is_opened(capsys, tmp_path, bad_files, kind, needle):
    """``play tron --replay FIFO`` waited for a writer for ever, and /dev/urandom was read without end."""
    code, _out, err = run_in_process(capsys, ["play", "tron", "--replay", str(bad_files[kind]),
                                              "--screenshot", str(tmp_path / "shot.png")])
    assert_one_line(code, err, 2, needle)
    assert err.startswith(f"puzzle-arcade: {bad_files[kind]}: ")


@pytest.mark.parametrize("text, needle", [("[" * 100_000, "nested too deeply"),
                                          ("1" * 5000, "a number with too many digits")])
def test_a_replay_nested_too_deeply_or_with_a_huge_number_is_bad_input(capsys, tmp_path, text, needle):
    """RecursionError in json and Python's integer digit limit ended ``play --replay`` as internal errors (70)."""
    path = tmp_path / "r.json"
    path.write_text(text)
    code, _out, err = run_in_process(capsys, ["play", "tron", "--replay", str(path),
                                              "--screenshot", str(tmp_path / "shot.png")])
    assert_one_line(code, err, 2, f"{path}: not a valid replay: {needle}")


@pytest.mark.parametrize("kind, needle", [("runway X=10**20", "too many digits"),
                                          ("runway X=10**18", "X must be in 0..")])
@pytest.mark.parametrize("command", ["solve runway", "play runway --level"])
def test_a_runway_bike_far_beyond_the_road_is_a_parse_error(capsys, tmp_path, bad_files, command, kind, needle):
    argv = [str(bad_files[kind]) if a == "FILE" else str(tmp_path / "shot.png") if a == "SHOT" else a
            for a in FILE_COMMANDS[command]]
    code, _out, err = run_in_process(capsys, argv)
    assert_one_line(code, err, 2, needle)
    assert ":8:" in err  # the line of the bike


# -- standard input --------------------------------------------------------------------------------

STDIN_COMMANDS = {
    "bot tron": ["bot", "tron", "--ms", "20"],
    "bot runway": ["bot", "runway"],
    "solve royale -": ["solve", "royale", "-"],
}
STDIN_KINDS = {
    "non-UTF-8": b"\xff\xfe\n",
    "Unicode digit": "5 \u00b2\n#####\n".encode(),
    "Arabic digit": "\u0665 5\n".encode(),
    "huge size": f"5 {HUGE}\n".encode(),
    "size past the limit": b"5 999999999\n#####\n#####\n",
    "long line": b"1" * 200_000 + b"\n",
}


@pytest.mark.parametrize("kind", list(STDIN_KINDS))
@pytest.mark.parametrize("command", list(STDIN_COMMANDS))
def test_every_stdin_command_refuses_every_bad_input_in_one_line(capsys, command, kind):
    code, _out, err = run_in_process(capsys, STDIN_COMMANDS[command], STDIN_KINDS[kind])
    assert_one_line(code, err, 2)


@pytest.mark.parametrize("data, needle", [
    ("1 . 1\n. . .\n1 . 1\n".encode("utf-16"), "not a UTF-8 text file: UTF-16 text (save it as UTF-8)"),
    ("1 . 1\n. . .\n1 . 1\n".encode("utf-32"), "not a UTF-8 text file: UTF-32 text (save it as UTF-8)"),
    ((ROOT / "assets" / "puzzle-arcade.png").read_bytes(), "not a UTF-8 text file: a PNG image"),
    (b"\xff\xfe garbage\n", "not a UTF-8 text file (byte 0xff at offset 0)"),  # a BOM, then no UTF-16
], ids=["UTF-16", "UTF-32", "PNG", "BOM and garbage"])
@pytest.mark.parametrize("from_stdin", [False, True], ids=["file", "stdin"])
def test_a_file_in_another_encoding_or_an_image_is_named_as_such(capsys, tmp_path, data, needle, from_stdin):
    """A grid saved as "Unicode" (UTF-16) by Notepad, or an image, was "byte 0xff at offset 0": what
    the file is, and what to do, is said instead."""
    path = tmp_path / "grid.txt"
    path.write_bytes(data)
    if from_stdin:
        code, _out, err = run_in_process(capsys, ["solve", "royale", "-"], data)
    else:
        code, _out, err = run_in_process(capsys, ["solve", "royale", str(path)])
    assert_one_line(code, err, 2, needle)


# -- numbers in options and ids ----------------------------------------------------------------------

@pytest.mark.parametrize("argv, needle", [
    (["tournament", "tron", "--maps", "random:\u00b2"], "digits 0-9"),
    (["tournament", "tron", "--maps", f"random:{HUGE}"], "too many digits"),
    (["tournament", "tron", "--maps", "random-\u0663"], "digits 0-9"),
    (["tournament", "tron", "--maps", "joust", "--games", "1000000000000"], "between 1 and 1000"),
    (["tournament", "tron", "--maps", "random:1000", "--games", "1000"], "more than the 100000"),
    (["play", "tron", "--level", "random-\u00b2", "--screenshot", "SHOT"], "digits 0-9"),
    (["play", "tron", "--seed", HUGE], "too many digits"),
    (["generate", "tron", "--size", f"{HUGE}x5"], "25x25"),
    (["generate", "tron", "--count", "\u0663"], "digits 0-9"),
    (["generate", "hashi", "--size", "1\u00b2x10"], "10x10"),
    (["generate", "hashi", "-n", HUGE], "too many digits"),
    (["generate", "royale", "--size", HUGE], "31 or 21x31"),
    (["generate", "royale", "--seed", "1_000"], "digits 0-9"),
    (["generate", "runway", "--length", "\u0661\u0662"], "digits 0-9"),
    (["solve", "royale", "01-seed-14x20", "--timeout", "nan"], "timeout"),
    (["bot", "runway", "--budget-ms", "nan"], "budget"),
    (["bot", "runway", "--budget-ms", "\u0661\u0662\u0660"], "digits 0-9"),  # Arabic-Indic 120
    (["bot", "runway", "--budget-ms", "0"], "budget"),
])
def test_numbers_are_ascii_digits_with_maxima(capsys, tmp_path, argv, needle):
    argv = [str(tmp_path / "shot.png") if a == "SHOT" else a for a in argv]
    code, _out, err = run_in_process(capsys, argv)
    assert_one_line(code, err, 2, needle)


@pytest.mark.parametrize("argv", [
    ["tournament", "tron", "--bots", "flood-fill", "--bot", "2010:./no-such-bot", "--maps", "joust", "--jobs", "1"],
    ["play", "runway", "--bot", "codingame:./no-such-bot", "--screenshot", "SHOT"],
    ["play", "tron", "--bot", "2010:./no-such-bot", "--screenshot", "SHOT"],
])
def test_a_program_that_cannot_start_is_one_line_before_any_round(capsys, tmp_path, argv):
    """The tournament played every round as a forfeit and exited 0."""
    argv = [str(tmp_path / "shot.png") if a == "SHOT" else a for a in argv]
    code, out, err = run_in_process(capsys, argv)
    assert_one_line(code, err, 2, "cannot start './no-such-bot': no such program")
    assert "round" not in out and not (tmp_path / "shot.png").exists()


# -- outputs -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["generate", "hashi", "--out", "EXISTING_FILE"],
    ["generate", "hashi", "--out", "/proc/arcade-nope"],
    ["generate", "royale", "-o", "FOLDER"],
    ["generate", "runway", "--seed", "1", "-o", "FOLDER"],
    ["generate", "royale", "-o", "/dev/full"],
    ["generate", "runway", "--seed", "1", "-o", "/dev/full"],
    ["--screenshot", "FOLDER"],
    ["--screenshot", "/proc/nope/x.png"],
    ["play", "hashi", "--screenshot", "EXISTING_FILE/x.png"],
    ["export", "hashi", "classic/01-first-steps", "--svg", "FOLDER"],
    ["export", "hashi", "classic/01-first-steps", "--pdf", "/dev/full"],
    ["export", "royale", "07-pocket-storm-9x9", "--svg", "/dev/full"],
])
def test_outputs_that_cannot_be_written_are_one_line_and_exit_74(capsys, tmp_path, argv):
    existing = tmp_path / "existing.txt"
    existing.write_text("keep me\n")
    folder = tmp_path / "folder"
    folder.mkdir()
    argv = [str(existing) if a == "EXISTING_FILE" else str(existing) + "/x.png" if a == "EXISTING_FILE/x.png"
            else str(folder) if a == "FOLDER" else a for a in argv]
    code, _out, err = run_in_process(capsys, argv)
    assert_one_line(code, err, 74, "")
    target = argv[argv.index(next(a for a in argv if a in ("-o", "--out", "--svg", "--pdf", "--screenshot"))) + 1]
    assert target.split("/x.png")[0] in err or target in err, "the message names the output asked for"
    assert ".tmp" not in err, "not the temporary file beside it"
    assert existing.read_text() == "keep me\n"
    assert Path("/dev/full").is_char_device()  # never replaced by a file, even when run as root


def test_a_screenshot_on_a_full_disk_is_exit_74_and_no_cut_file(capsys, tmp_path, monkeypatch):
    """pygame wrote straight to the disk: a full one left an empty or cut PNG, and exit status 0."""
    import errno

    from arcade.services import files

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    shot = tmp_path / "menu.png"
    with monkeypatch.context() as disk:  # the test's own data folder stays set after it
        disk.setattr(files.os, "fsync", full)
        code, _out, err = run_in_process(capsys, ["--screenshot", str(shot)])
    assert_one_line(code, err, 74, "No space left on device")
    assert str(shot) in err and not shot.exists() and not list(tmp_path.glob("*menu*")), "a cut or temporary file"
    code, _out, err = run_in_process(capsys, ["--screenshot", str(tmp_path / "menu.txt")])
    assert code == 0 and (tmp_path / "menu.txt").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"  # not a TGA


def test_a_sheet_of_a_puzzle_with_no_solution_is_written_with_a_warning(capsys, tmp_path):
    """It was written in silence: only the solution page said "this puzzle has no solution"."""
    broken = tmp_path / "broken.txt"
    broken.write_text("2.1\n")
    code, out, err = run_in_process(capsys, ["export", "hashi", str(broken), "classic/01-first-steps",
                                             "--svg", str(tmp_path / "s.svg")])
    assert code == 0 and "wrote" in out and err.strip() == "warning: no solution for broken"


def test_an_existing_output_file_is_replaced_like_a_shell_redirect(capsys, tmp_path):
    target = tmp_path / "grid.txt"
    target.write_text("old\n")
    code, out, err = run_in_process(capsys, ["generate", "royale", "--size", "9", "--seed", "1", "-o", str(target)])
    assert code == 0 and err == "" and "wrote" in out
    assert target.read_text().startswith("#") and "old" not in target.read_text()


# -- child processes: real descriptors, locales, memory -------------------------------------------------

#: Runs the measured command as ITS child and writes that grandchild's peak RSS (kB) to $RSS_FILE.
#: A direct child of pytest would carry pytest's own peak into ru_maxrss (fork, then exec, keeps the
#: high-water mark), so the measurement goes through this small interpreter instead.
_RSS_WRAPPER = """
import os, subprocess, sys
child = subprocess.Popen(sys.argv[1:])
_, status, usage = os.wait4(child.pid, 0)
with open(os.environ["RSS_FILE"], "w") as out:
    out.write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status) % 256)
"""


def run_child(argv: list[str], *, stdin=None, env: dict[str, str] | None = None, timeout: float = 60,
              stdout=subprocess.PIPE) -> tuple[int, str, str, float]:
    """Run ``python -m arcade argv``; (status, stdout, stderr, peak RSS in MB of exactly that program)."""
    with tempfile.TemporaryDirectory() as folder:
        rss_file = Path(folder) / "rss"
        full_env = dict(os.environ, **(env or {}), RSS_FILE=str(rss_file))
        process = subprocess.Popen([sys.executable, "-c", _RSS_WRAPPER, sys.executable, "-m", "arcade", *argv],
                                   stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, env=full_env, cwd=ROOT,
                                   start_new_session=True)
        try:
            out_bytes, err_bytes = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            raise AssertionError(f"{argv} still running after {timeout} s") from None
        status = process.returncode
        rss_kb = float(rss_file.read_text()) if rss_file.exists() else 0.0
    out = out_bytes.decode() if out_bytes else ""
    return status, out, err_bytes.decode(), rss_kb / 1024


@pytest.mark.parametrize("argv", [
    ["generate", "hashi", "--seed", "1"],
    ["generate", "tron", "--seed", "1"],
    ["generate", "runway", "--seed", "1"],
    ["solve", "royale", "01-seed-14x20"],
    ["solve", "hashi", "levels/hashi/classic/01-first-steps.txt"],
    ["levels", "tron"],
    ["--version"],
])
def test_a_full_disk_on_stdout_is_one_line_and_exit_74(argv):
    with open("/dev/full", "wb") as full:
        code, _out, err, _rss = run_child(argv, stdout=full)
    lines = [line for line in err.splitlines() if not line.startswith("seed ")]  # runway's info line
    assert code == 74, err
    assert len(lines) == 1 and "No space left on device" in lines[0], err
    assert "Traceback" not in err and "Exception ignored" not in err


@pytest.mark.parametrize("argv", [["bot", "runway"], ["bot", "tron"], ["solve", "royale", "-"]])
def test_a_strict_utf8_locale_and_a_bad_byte_on_stdin_is_one_line(argv):
    read = _bytes_file(b"\xff\n")
    try:
        code, _out, err, _rss = run_child(argv, stdin=read, env={"PYTHONIOENCODING": "utf-8:strict",
                                                                 "LC_ALL": "C.UTF-8"})
    finally:
        os.close(read)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "UTF-8" in err, err


def _bytes_file(data: bytes):
    read, write = os.pipe()
    os.write(write, data)
    os.close(write)
    return read


def run_fed(feed: str, argv: list[str]) -> tuple[int, str, str, float]:
    """``run_child`` with an endless standard input made by the shell command ``feed``."""
    feeder = subprocess.Popen(["sh", "-c", feed], stdout=subprocess.PIPE)
    try:
        return run_child(argv, stdin=feeder.stdout, timeout=30)
    finally:
        feeder.kill()
        feeder.wait()


def test_an_endless_board_on_stdin_is_refused_before_it_is_buffered():
    """The 2010 referee's size line is checked first: ``5 999999999`` then endless rows used to reach 1.9 GB."""
    code, _out, err, rss = run_fed("printf '5 999999999\\n'; yes '#####'", ["bot", "tron"])
    assert code == 2 and "between 1 and 200" in err, err
    assert rss < MAX_RSS_MB, f"peak RSS {rss:.0f} MB"


def test_an_endless_line_on_stdin_is_refused_with_bounded_memory():
    code, _out, err, rss = run_fed("yes 1 | tr -d '\\n'", ["bot", "runway"])
    assert code == 2 and "longer than" in err, err
    assert rss < MAX_RSS_MB, f"peak RSS {rss:.0f} MB"


@pytest.mark.parametrize("argv", [["solve", "royale", "-"], ["bot", "tron"], ["bot", "runway"]])
def test_a_closed_stdin_is_no_input_not_an_internal_error(capsys, monkeypatch, argv):
    """``solve royale - <&-``: Python makes sys.stdin None, and reading it was an AttributeError (70)."""
    monkeypatch.setattr(sys, "stdin", None)
    with alarm():
        code = main(argv)
    assert_one_line(code, capsys.readouterr().err, 2, "puzzle-arcade: <stdin>: no input")


def test_a_closed_stdin_in_a_real_process_is_no_input():
    process = subprocess.run([sys.executable, "-m", "arcade", "solve", "royale", "-"],
                             preexec_fn=lambda: os.close(0), cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert process.returncode == 2 and process.stderr == "puzzle-arcade: <stdin>: no input\n", process.stderr


@pytest.mark.parametrize("argv", [
    ["levels", "hashi"],  # print(): to a None stdout it wrote nothing, exit 0
    ["generate", "royale", "--size", "11"],  # sys.stdout.write: AttributeError, exit 70
    ["solve", "hashi", "levels/hashi/classic/01-first-steps.txt"],
    ["--version"],  # argparse prints to stderr when stdout is None: the answer went there, exit 0
    ["solve", "hashi", "--help"],
])
def test_a_closed_stdout_in_a_real_process_is_exit_74(argv):
    """``puzzle-arcade levels hashi >&-``: the answer was lost with exit 0, or ended as a bug (70)."""
    process = subprocess.run([sys.executable, "-m", "arcade", *argv], preexec_fn=lambda: os.close(1), cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=60)
    assert process.returncode == 74, process.stderr
    assert process.stderr == "puzzle-arcade: cannot write standard output: it is closed\n"


def test_a_closed_stderr_keeps_the_error_line_off_stdout_and_its_descriptor_taken():
    """``2>&-``: print(..., file=sys.stderr) is print(..., file=None), which wrote the error line on
    stdout -- into a solver's output or a bot's answers. And descriptor 2 stayed free for the next
    file opened, where anything written to stderr by C code would land."""
    process = subprocess.run([sys.executable, "-m", "arcade", "solve", "hashi", "no-such-puzzle"],
                             preexec_fn=lambda: os.close(2), cwd=ROOT, capture_output=False,
                             stdout=subprocess.PIPE, text=True, timeout=60)
    assert process.returncode == 2 and process.stdout == ""
    probe = ("import os, sys; from arcade import cli; cli._hold_standard_streams();"
             " print(os.readlink('/proc/self/fd/2'), sys.stderr is not None, file=sys.__stdout__)")
    if Path("/proc/self/fd").is_dir():
        held = subprocess.run([sys.executable, "-c", probe], preexec_fn=lambda: os.close(2), cwd=ROOT,
                              stdout=subprocess.PIPE, text=True, timeout=60)
        assert held.stdout.split() == [os.devnull, "True"]


def test_solve_royale_reads_at_most_the_limit_from_an_endless_stdin():
    with open("/dev/zero", "rb") as zero:
        code, _out, err, rss = run_child(["solve", "royale", "-"], stdin=zero, timeout=30)
    assert code == 2 and "larger than the limit" in err, err
    assert rss < MAX_RSS_MB, f"peak RSS {rss:.0f} MB"


# -- signals --------------------------------------------------------------------------------------------

def _wait_for(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def _terminate_and_time(process: subprocess.Popen) -> float:
    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise AssertionError("SIGTERM did not end the program within 10 s") from None
    return time.monotonic() - started


def _spawn(argv: list[str], env: dict[str, str] | None = None, **kwargs) -> subprocess.Popen:
    env = dict(os.environ, PYTHONUNBUFFERED="1", **(env or {}))
    return subprocess.Popen([sys.executable, "-m", "arcade", *argv], env=env,
                            cwd=ROOT, stderr=subprocess.PIPE, **kwargs)


def _first_line(process: subprocess.Popen) -> str:
    assert process.stdout is not None
    return process.stdout.readline().decode()


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["bench", "screenshot", "bot tron", "tournament"])
def test_sigterm_ends_every_long_running_mode_within_a_second(tmp_path, mode):
    if mode == "bench":
        process = _spawn(["bench", "--quick"], stdout=subprocess.PIPE)
        assert "start-up" in _first_line(process)  # past the subprocess start-up probe, now drawing scenes
    elif mode == "screenshot":
        trace = tmp_path / "trace.txt"
        # The most frames allowed, on the biggest board: seconds of drawing left when the signal comes.
        process = _spawn(["--screenshot", str(tmp_path / "shot.png"), "--frames", "3600", "--size", "1920x1080",
                          "play", "tron", "--level", "huge-room"],
                         env={"PUZZLE_ARCADE_TRACE": str(trace)}, stdout=subprocess.DEVNULL)
        _wait_for(lambda: trace.exists() and "first-frame" in trace.read_text(), 30, "the first frame")
    elif mode == "bot tron":
        process = _spawn(["bot", "tron", "--ms", "20"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert process.stdin is not None
        process.stdin.write(b"5 5\n#####\n#1 ##\n#   #\n## 2#\n#####\n")
        process.stdin.flush()
        assert _first_line(process).strip() in "1234"  # answered; now blocked reading the next board
    else:
        process = _spawn(["tournament", "tron", "--maps", "joust", "--games", "1000", "--quiet"],
                         stdout=subprocess.PIPE)
        assert "Tron tournament" in _first_line(process)
    elapsed = _terminate_and_time(process)
    err = process.stderr.read().decode() if process.stderr else ""
    assert process.returncode == 130, err
    assert "Traceback" not in err and len(err.strip().splitlines()) <= 1, err
    assert "interrupted (SIGTERM)" in err, f"{mode} stopped without a word"  # the screenshot said nothing
    assert elapsed < 1.0, f"{mode} took {elapsed:.2f} s to stop"


@contextlib.contextmanager
def _reaped(process: subprocess.Popen) -> Iterator[subprocess.Popen]:
    """``process``, killed and waited for on the way out if it is still running (a failed check)."""
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _window_signalled(command: list[str], home: Path, sig: signal.Signals, ready: str) -> str:
    """Run ``command`` (a window on the dummy driver, its data in ``home``), send it ``sig`` once
    its trace shows ``ready``: it exits with status 130 and says why, no traceback. Its stderr."""
    trace = home.parent / "trace.txt"
    env = dict(os.environ, PYTHONUNBUFFERED="1", PUZZLE_ARCADE_HOME=str(home), PUZZLE_ARCADE_TRACE=str(trace),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with _reaped(subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE)) as process:
        _wait_for(lambda: trace.exists() and ready in trace.read_text(), 60, repr(ready))
        process.send_signal(sig)
        assert process.wait(timeout=10) == 130
    err = process.stderr.read().decode() if process.stderr else ""
    assert f"interrupted ({sig.name})" in err and "Traceback" not in err, err
    return err


ARCADE = [sys.executable, "-m", "arcade"]


@pytest.mark.slow
def test_a_closed_terminal_sighup_saves_the_window_as_quit_does(tmp_path):
    """SIGHUP (the terminal closed, an ssh session dropped) killed the program outright: a Tron
    match left mid-way was not saved."""
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    setup = {"mode": "watch", "bot1": "random", "bot2": "random", "best_of": 5, "speed": 4}
    (home / "config" / "settings.json").write_text(json.dumps(
        {"games": {"tron": {"seen_how_to_play": True, "setup": setup}}}))
    _window_signalled([*ARCADE, "play", "tron", "--level", "empty-room", "--new"], home, signal.SIGHUP,
                      "tron-move ")
    assert (home / "data" / "saves" / "tron.json").is_file(), "the match was not saved"


@pytest.mark.slow
def test_a_window_closed_by_sigterm_leaves_its_objects_out_of_the_exits_collection(tmp_path):
    """After the window closed, the process lived 0.4-0.8 s more in the interpreter's final garbage
    collection of everything the run loaded (numba, numpy, pygame, the games). The objects are
    frozen before the exit, and the exit still says why it stopped, with status 130."""
    probe = ("import atexit, gc, sys\n"
             "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0, file=sys.stderr))\n"
             "from arcade.cli import main\n"
             "raise SystemExit(main())\n")
    err = _window_signalled([sys.executable, "-c", probe, "play", "hashi", "--new"], tmp_path / "home",
                            signal.SIGTERM, "first-frame")
    assert "frozen True" in err, err


@pytest.mark.slow
def test_play_game_says_the_damaged_settings_it_moved_aside(tmp_path):
    """``play GAME`` (no menu) moved a damaged settings file aside without a word: only the menu
    said it (a toast, and the line once on stderr)."""
    home = tmp_path / "home"
    (home / "config" / "settings.json").mkdir(parents=True)  # a folder where the file belongs
    err = _window_signalled([*ARCADE, "play", "tron", "--level", "empty-room", "--new"], home, signal.SIGINT,
                            "first-frame")
    assert (home / "config" / "settings.json.damaged").is_dir()
    assert "settings file was damaged and moved to settings.json.damaged" in err, err


@pytest.mark.slow
def test_an_interrupted_referee_has_the_replay_of_every_level_it_reported(tmp_path):
    """``referee runway --save-replays``: the level's line came first and its replay after, so a
    Ctrl+C right after the line cut the replay's write short -- a level reported, no replay."""
    replays = tmp_path / "replays"
    process = _spawn(["referee", "runway", "--bot", "codingame:python -m arcade bot runway", "--limit-ms", "5000",
                      "--save-replays", str(replays), "00_statement_example", "01_one_lonely_hole"],
                     stdout=subprocess.PIPE)
    with _reaped(process):
        first = _first_line(process)
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=10) == 130
    err = process.stderr.read().decode() if process.stderr else ""
    assert first.startswith("00_statement_example:") and "interrupted (SIGINT)" in err, (first, err)
    replay = replays / "00_statement_example.json"
    assert replay.is_file(), "the level reported has no replay"
    assert cli.main(["play", "runway", "--replay", str(replay), "--screenshot", str(tmp_path / "shot.png")]) == 0


@pytest.mark.slow
def test_an_interrupted_tournament_keeps_the_rounds_it_finished(tmp_path):
    """An hour of rounds used to be lost to Ctrl+C or SIGTERM: now the table is printed and
    --out written for the rounds that finished, then the usual one line and status 130."""
    out = tmp_path / "results.json"
    process = _spawn(["tournament", "tron", "--bots", "random,straight", "--maps", "joust", "--games", "1000",
                      "--ms", "5", "--jobs", "1", "--out", str(out)], stdout=subprocess.PIPE)
    assert process.stderr is not None
    # Progress lines read "  [   2/2000] joust ...".
    _wait_for(lambda: process.stderr.readline().decode().split("/")[0].strip(" [") == "2", 30, "two finished rounds")
    _terminate_and_time(process)
    stdout = process.stdout.read().decode() if process.stdout else ""
    err = process.stderr.read().decode()
    assert process.returncode == 130, err
    assert "interrupted (SIGTERM)" in err and "Traceback" not in err, err
    played = int(stdout.split("Interrupted after ")[1].split()[0])
    assert played >= 2 and "Pairings" in stdout and f"results: {out}" in stdout, stdout
    assert len(json.loads(out.read_text())["rounds"]) == played


def _tournament_until_two_rounds(tmp_path):
    out, replays = tmp_path / "results.json", tmp_path / "replays"
    process = _spawn(["tournament", "tron", "--bots", "random,straight", "--maps", "joust", "--games", "1000",
                      "--ms", "5", "--jobs", "1", "--out", str(out), "--save-replays", str(replays)],
                     stdout=subprocess.PIPE)
    assert process.stderr is not None
    _wait_for(lambda: process.stderr.readline().decode().split("/")[0].strip(" [") == "2", 30, "two finished rounds")
    return process, out, replays


@pytest.mark.slow
def test_more_signals_while_an_interrupted_tournament_writes_its_files_lose_nothing(tmp_path):
    """A second Ctrl+C 50 ms after the first cut the final writes short: every finished round was lost
    (results and replays were only written at the end). Now replays are written as rounds finish and
    the last writes cannot be interrupted; the exit is still one line and 130."""
    process, out, replays = _tournament_until_two_rounds(tmp_path)
    try:
        process.send_signal(signal.SIGINT)
        for _ in range(40):  # a burst of Ctrl+C, from 50 ms after the first on
            time.sleep(0.05)
            if process.poll() is not None:
                break
            process.send_signal(signal.SIGINT)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    stdout = process.stdout.read().decode() if process.stdout else ""
    err = process.stderr.read().decode()
    assert process.returncode == 130 and "interrupted (SIGINT)" in err and "Traceback" not in err, err
    played = int(stdout.split("Interrupted after ")[1].split()[0])
    assert f"results: {out}" in stdout and f"replays: {played} files" in stdout, stdout
    assert len(json.loads(out.read_text())["rounds"]) == played
    assert len(list(replays.glob("*.json"))) == played


@pytest.mark.slow
def test_a_killed_tournament_has_written_every_round_it_reported(tmp_path):
    """kill -9 used to leave nothing: results and replays were held in memory until the last round."""
    process, out, replays = _tournament_until_two_rounds(tmp_path)
    process.kill()
    process.wait(timeout=10)
    assert len(list(replays.glob("*.json"))) >= 2, "a reported round has no replay"
    assert len(json.loads(out.read_text())["rounds"]) >= 1


def test_a_disk_that_fills_mid_tournament_still_shows_the_rounds_that_finished(capsys, monkeypatch, tmp_path):
    """Writing each replay as its round ends made a full disk after round k end the run with one
    line and no table; the table of the finished rounds came first before. The disk fills under
    the real ``save_replay``, which said exit 2 (bad input) for it: the folder's check before
    the first round passes on a full disk, and only the replay did not fit."""
    import errno

    from arcade.services import files

    written = []
    real = files.atomic_write_text

    def fills_up(path, text, encoding="utf-8"):
        if len(written) == 2:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        written.append(path)
        real(path, text, encoding)

    monkeypatch.setattr(files, "atomic_write_text", fills_up)
    code, out, err = run_in_process(capsys, ["tournament", "tron", "--bots", "random,straight", "--maps", "joust",
                                             "--games", "2", "--jobs", "1", "--quiet",
                                             "--save-replays", str(tmp_path / "r")])
    assert_one_line(code, err, 74, "No space left")
    assert "3 rounds in" in out and "straight" in out, out  # the third finished; its replay did not fit
    assert len(list((tmp_path / "r").glob("*.json"))) == 2


def test_tournament_files_write_each_replay_at_once_and_space_out_result_writes(tmp_path):
    from arcade.games.tron.maps import resolve
    from arcade.games.tron.match import Tournament
    from arcade.games.tron.replay import TournamentFiles

    tournament = Tournament(["random", "straight"], resolve("joust", 1), 2, 5.0, 1)
    now = [0.0]

    def clock() -> float:
        now[0] += 0.5  # every write "takes" half a second: the next one waits 4 x that
        return now[0]

    files = TournamentFiles(tournament, tmp_path / "r.json", tmp_path / "replays", {}, clock)
    tmp_path.joinpath("replays").mkdir()
    tournament.run(files.add)
    assert len(list((tmp_path / "replays").iterdir())) == 4
    written = len(json.loads((tmp_path / "r.json").read_text())["rounds"])
    assert 1 <= written < 4
    files.finish()
    assert len(json.loads((tmp_path / "r.json").read_text())["rounds"]) == 4


# -- crash log, --verbose, temp files, display ------------------------------------------------------

def test_an_unexpected_error_is_one_line_naming_the_crash_log_which_holds_the_traceback(
        capsys, monkeypatch, user_home):
    def broken(args):
        raise RuntimeError("a bug\nover two lines")

    monkeypatch.setattr(cli, "dispatch", broken)
    code, _out, err = run_in_process(capsys, ["levels", "tron"])
    log = user_home / "logs" / "crash.log"
    assert_one_line(code, err, 70, str(log))
    assert "RuntimeError: a bug" in err
    text = log.read_text()
    assert "Traceback" in text and "RuntimeError: a bug" in text and "levels" in text


@pytest.mark.parametrize("home_kind", ["a file", "crash.log a folder", "nowhere to log"])
def test_a_crash_log_that_cannot_be_written_still_gives_one_line_naming_a_log_that_exists(
        capsys, monkeypatch, tmp_path, home_kind):
    """PUZZLE_ARCADE_HOME a plain file (or a read-only dir), then a bug: a full traceback on the
    terminal (logging's last resort) and a line naming a crash log that was never written."""
    from arcade.services import logs

    home = tmp_path / "home"
    fallback = tmp_path / "tmp" / "crash.log"
    if home_kind == "a file":
        home.write_text("")
    else:
        (home / "logs" / "crash.log").mkdir(parents=True)
    if home_kind == "nowhere to log":
        fallback = tmp_path / "a-file" / "crash.log"
        (tmp_path / "a-file").write_text("")
    else:
        fallback.parent.mkdir()
    monkeypatch.setenv("PUZZLE_ARCADE_HOME", str(home))
    monkeypatch.setattr(logs, "fallback_log_path", lambda: fallback)

    def broken(args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(cli, "dispatch", broken)
    code, _out, err = run_in_process(capsys, ["levels", "tron"])
    if home_kind == "nowhere to log":
        assert_one_line(code, err, 70, "internal error (RuntimeError: a bug); the crash log could not be written")
    else:
        assert_one_line(code, err, 70, f"internal error (RuntimeError: a bug); details in {fallback}")
        assert "Traceback" in fallback.read_text() and fallback.stat().st_mode & 0o777 == 0o600


def test_verbose_prints_debug_logging_on_stderr(capsys):
    code, out, err = run_in_process(capsys, ["--verbose", "levels", "runway"])
    assert code == 0 and "00_statement_example" in out
    assert "arcade.cli: DEBUG:" in err
    code, out, err = run_in_process(capsys, ["levels", "runway"])
    assert code == 0 and err == ""


def test_stale_temp_files_of_interrupted_saves_are_removed_at_start(capsys, user_home):
    saves = user_home / "data" / "saves"
    saves.mkdir(parents=True)
    stale = saves / ".hashi.json.k2j4h1x_.tmp"
    fresh = saves / ".tron.json.a8d7f6e5.tmp"  # another instance may be saving right now
    other = saves / ".notes.tmp"  # not a name atomic_write_text makes
    for path in (stale, fresh, other):
        path.write_text("{")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    code, _out, _err = run_in_process(capsys, ["levels", "runway"])
    assert code == 0
    assert not stale.exists() and fresh.exists() and other.exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 displays")
@pytest.mark.parametrize("driver", [None, ""], ids=["unset", "empty"])
def test_a_display_nothing_answers_at_is_one_line_not_an_invisible_window(tmp_path, driver):
    """SDL fell back to its offscreen driver and the program ran, invisible, until killed. An
    SDL_VIDEODRIVER exported empty is no driver chosen: SDL looked for one named "" and said
    "windows not available" instead."""
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=":987", SDL_AUDIODRIVER="dummy", PUZZLE_ARCADE_HOME=str(tmp_path / "home"))
    if driver is not None:
        env["SDL_VIDEODRIVER"] = driver
    done = subprocess.run([sys.executable, "-m", "arcade", "play", "royale"], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "cannot open the window: nothing answers at DISPLAY=:987" in done.stderr.strip().splitlines()[-1]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 displays")
@pytest.mark.parametrize("game", [[], ["play", "runway"], ["play", "tron"]])
def test_a_display_nothing_answers_at_without_xdg_runtime_dir_prints_only_our_line(tmp_path, game):
    """SDL's Wayland probe printed "error: XDG_RUNTIME_DIR is invalid or not set in the environment."
    before our own line: only ours is printed."""
    drop = ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "SDL_AUDIODRIVER")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(DISPLAY=":987", PUZZLE_ARCADE_HOME=str(tmp_path / "home"))
    done = subprocess.run([sys.executable, "-m", "arcade", *game], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("puzzle-arcade: error: cannot open the window: nothing answers"), \
        lines
    assert done.stdout == ""


def test_a_damaged_level_file_is_named_before_the_missing_display(capsys, monkeypatch, tmp_path):
    """Headless, ``play tron --level bad.txt`` said "no display" of a map that no window could open."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    bad = tmp_path / "bad.txt"
    bad.write_text("3 3\n###\n#1#\n###\n", encoding="utf-8")  # no cycle 2
    code, _out, err = run_in_process(capsys, ["play", "tron", "--level", str(bad)])
    assert_one_line(code, err, 2, "bad.txt")
    assert "display" not in err


def test_no_display_is_one_line_not_an_invisible_window(capsys, monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    code, _out, err = run_in_process(capsys, [])
    assert_one_line(code, err, 2, "no display")
    code, _out, err = run_in_process(capsys, ["play", "hashi"])
    assert_one_line(code, err, 2, "--screenshot")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs to make a file of another user")
def test_a_crash_log_made_by_another_user_is_never_written_to(tmp_path):
    """The fallback log lives in the shared temp dir: another user could make it first and read our tracebacks."""
    import logging

    from arcade.services import logs

    path = tmp_path / "crash.log"
    path.write_text("")
    os.chown(path, 65534, 65534)
    handler = logs._crash_handler(path)
    try:
        handler.handle(logging.makeLogRecord({"msg": "secret", "levelno": logging.ERROR, "levelname": "ERROR"}))
        assert handler.failed and path.read_text() == ""
    finally:
        handler.close()


# -- an output that is an input ------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["export", "hashi", "LEVEL", "--svg", "LEVEL"],
    ["export", "hashi", "LEVEL", "--pdf", "LINK"],
    ["export", "royale", "GRID", "--svg", "GRID"],
    ["play", "hashi", "--level", "LEVEL", "--screenshot", "LINK"],
    ["play", "hashi", "--edit", "LEVEL", "--screenshot", "LEVEL"],
    ["tournament", "tron", "--bots", "flood-fill,random", "--maps", "MAP", "--out", "MAP", "--quiet"],
])
def test_an_output_that_is_one_of_the_inputs_is_refused_and_the_input_kept(capsys, tmp_path, argv):
    """``export hashi my.txt --svg my.txt`` wrote the sheet over the level and said "wrote 2 pages"."""
    level = tmp_path / "level.txt"
    level.write_text((ROOT / "levels/hashi/classic/01-first-steps.txt").read_text())
    grid = tmp_path / "grid.txt"
    grid.write_text(next((ROOT / "levels/royale").glob("01-*.txt")).read_text())
    tron_map = tmp_path / "map.csv"
    tron_map.write_text("10 10\n" + "#" * 10 + "\n" + ("#1" + " " * 7 + "#\n") + ("#" + " " * 8 + "#\n") * 6
                        + ("#" + " " * 7 + "2#\n") + "#" * 10 + "\n")
    link = tmp_path / "link.txt"
    link.symlink_to(level)
    names = {"LEVEL": level, "GRID": grid, "MAP": tron_map, "LINK": link}
    before = {path: path.read_bytes() for path in (level, grid, tron_map)}
    code, _out, err = run_in_process(capsys, [str(names.get(a, a)) for a in argv])
    assert_one_line(code, err, 2, "is also an input")
    assert {path: path.read_bytes() for path in before} == before


def test_results_and_replays_given_one_path_are_refused_before_the_first_round(capsys, tmp_path):
    """``--out r.json --save-replays r.json`` played every round, then could not write the results (74)."""
    same = tmp_path / "r.json"
    code, out, err = run_in_process(capsys, ["tournament", "tron", "--bots", "flood-fill,random", "--maps", "joust",
                                             "--jobs", "1", "--out", str(same), "--save-replays", str(same)])
    assert_one_line(code, err, 2, "--save-replays both name")
    assert out == "" and not same.exists()


@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="no SIGALRM: a second signal is the way out there")
def test_a_stop_signal_ends_a_window_whose_frame_never_ends(monkeypatch):
    """The first SIGTERM only posts QUIT for the frame loop; a frame that never ended (a 2 MB level
    title took over ten minutes to draw) never read it, and ``timeout`` waited on a process that did
    not stop. After the grace the signal ends the program as any other command's does."""
    import pygame

    from arcade.ui import signals

    monkeypatch.setattr(signals, "GRACE_SECONDS", 0.3)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    try:
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt, match="SIGTERM"), signals.close_window_on_signal() as interrupted:
            os.kill(os.getpid(), signal.SIGTERM)
            while time.monotonic() - started < 10:  # a stuck frame: it never looks at the event queue
                time.sleep(0.01)
        assert time.monotonic() - started < 5 and interrupted() == "SIGTERM"
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
        assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL
        # A window that closes in time is untouched: the alarm is cancelled with the block.
        with signals.close_window_on_signal() as interrupted:
            os.kill(os.getpid(), signal.SIGTERM)
            assert any(e.type == pygame.QUIT for e in pygame.event.get())
        assert interrupted() == "SIGTERM" and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
        time.sleep(0.5)  # past the grace: nothing fires
    finally:
        pygame.display.quit()
