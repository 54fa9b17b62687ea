"""Helpers of the outside-program tests: the tiny bots' command lines and a /proc scan for leftover processes."""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

BOTS = Path(__file__).parent / "bots"
#: Words in the command line of every process these tests start (the bots, our bot, grandchildren).
MARKERS = (str(BOTS), "byob-grandchild", "arcade bot runway")
#: Helper processes Python's multiprocessing keeps for the whole session (not leftovers of a test).
HELPERS = ("resource_tracker", "forkserver")
#: Set in this test run's environment, which everything it starts inherits: a bot process of another
#: run on the same machine (a second checkout's suite, a command typed by hand) is not this run's
#: leftover -- one such ``arcade bot runway`` failed a test it had nothing to do with.
RUN_VARIABLE = "PUZZLE_ARCADE_TEST_RUN"
RUN_TOKEN = os.environ.setdefault(RUN_VARIABLE, f"{os.getpid()}-{time.time_ns()}")


def bot(name: str, *args: str) -> str:
    """The command line of a test bot, for a spec: ``python3 tests/byob/bots/NAME ARGS``."""
    return " ".join([sys.executable, str(BOTS / name), *args])


def waited_as_n(reason: str) -> str:
    """A failure reason with the measured wait past a limit ("waited 76 ms more") as "waited N ms more"."""
    return re.sub(r"waited \d+ ms more", "waited N ms more", reason)


def processes() -> list[tuple[int, int, str, str]]:
    """(pid, parent pid, state, command line) of every process we can see in /proc."""
    rows = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        rows.append((int(entry.name), int(fields[1]), fields[0], cmdline))
    return rows


def leftovers(before: set[int]) -> list[str]:
    """Processes started during the test that are still there: bots anywhere, or our own children."""
    me = os.getpid()
    found = []
    for pid, ppid, state, cmdline in processes():
        if pid == me or pid in before:
            continue
        if state == "Z" and ppid != me:
            continue  # killed, waiting for init to reap it: not running, not ours to reap
        ours = ppid == me and not any(h in cmdline for h in HELPERS)
        if ours or (any(m in cmdline for m in MARKERS) and started_by_this_run(pid)):
            found.append(f"{pid} ({state}, parent {ppid}) {cmdline[:100]}")
    return found


def started_by_this_run(pid: int) -> bool:
    """Whether process ``pid`` descends from this test run (its environment holds :data:`RUN_TOKEN`).
    One whose environment cannot be read (another user's) is not."""
    try:
        environ = (Path("/proc") / str(pid) / "environ").read_bytes()
    except OSError:
        return False
    return f"{RUN_VARIABLE}={RUN_TOKEN}".encode() in environ.split(b"\0")
