"""Tournaments with outside programs, in several processes and on a Dask cluster; Elo intervals; result files."""

from __future__ import annotations

import csv
import importlib.util
import json
import multiprocessing
import os
from pathlib import Path

import pytest

from arcade import cli
from arcade.core.errors import UsageError
from arcade.games.tron.logic import parse_map
from arcade.games.tron.match import Tournament, elo_intervals, fit_elo
from arcade.games.tron.replay import open_tron_replay
from tests.byob.helpers import bot

MAPS = [("small", parse_map("9 7\n#########\n#1      #\n#  # #  #\n#       #\n#  # #  #\n#      2#\n#########\n")),
        ("open", parse_map("8 6\n########\n#1     #\n#      #\n#      #\n#     2#\n########\n"))]


def tournament() -> Tournament:
    """Deterministic bots only: their one random draw is the round's seed."""
    program = f"line=2010:{bot('tron2010_straight.py')}"
    return Tournament(["flood-fill", "random", "line"], MAPS, games=1, budget_ms=20, seed=7,
                      specs={"line": program}, limit_ms=10_000)  # results, not speed, on a busy machine


def results(t: Tournament) -> list[tuple]:
    return [(r.index, r.map_id, r.bots, r.moves, r.outcome, r.seeds) for r in t.records]


def test_two_local_processes_give_the_same_results_as_one():
    one, two = tournament(), tournament()
    one.run(jobs=1)
    seen = []
    two.run(seen.append, jobs=2)
    assert len(seen) == len(two.records) == 12
    assert results(one) == results(two)
    assert [r.index for r in two.records] == list(range(12))


def test_the_workers_start_whatever_the_start_method(monkeypatch):
    """Under forkserver (Linux's default from Python 3.14) a worker's parent is the fork server: the
    workers took themselves for orphans and left, and ``--jobs 2`` failed at once."""
    from concurrent.futures import ProcessPoolExecutor

    from arcade.games.tron import cluster

    for method in ("forkserver", "spawn", "fork"):
        if method not in multiprocessing.get_all_start_methods():
            continue
        pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context(method),
                                   initializer=cluster._worker_init, initargs=(os.getpid(),))
        with pool:
            assert list(pool.map(abs, [-1, -2, -3])) == [1, 2, 3], method
    assert not cluster._alive(2 ** 22 + 12345)  # above Linux's largest pid: no such process


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="Dask distributed is not installed")
def test_a_dask_cluster_on_localhost_gives_the_same_results_as_the_local_run():
    from distributed import LocalCluster

    local = tournament()
    local.run(jobs=1)
    remote = tournament()
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster:
        remote.run(scheduler=cluster.scheduler_address)
    assert results(remote) == results(local)


def test_without_dask_the_scheduler_option_says_how_to_install_it(monkeypatch, capsys):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "distributed" else real(name, *a))
    status = cli.main(["tournament", "tron", "--bots", "random,straight", "--scheduler", "tcp://127.0.0.1:1"])
    err = capsys.readouterr().err
    assert status == 2
    assert err == "puzzle-arcade: error: --scheduler needs Dask distributed: pip install 'puzzle-arcade[cluster]'\n"


def test_elo_intervals_shrink_with_more_games_and_stay_finite_for_a_clean_sweep():
    few = [("a", "b", 1.0), ("b", "a", 0.0), ("a", "b", 0.5)]
    many = few * 20
    narrow = elo_intervals(["a", "b"], many, fit_elo(["a", "b"], many))
    wide = elo_intervals(["a", "b"], few, fit_elo(["a", "b"], few))
    assert 0 < narrow["a"] < wide["a"] < 2000
    sweep = [("a", "b", 1.0)] * 10
    assert all(0 < v < 2000 for v in elo_intervals(["a", "b"], sweep, fit_elo(["a", "b"], sweep)).values())


def test_the_tournament_command_takes_outside_bots_and_writes_rounds_and_replays(tmp_path, capsys):
    out_json, out_csv, replays = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "replays"
    args = ["tournament", "tron", "--bot", "flood-fill", "--bot", f"line=2010:{bot('tron2010_straight.py')}",
            "--maps", "hackerrank-obstacle-tron", "--jobs", "1", "--ms", "20", "--quiet", "--limit-ms", "10000"]
    assert cli.main([*args, "--out", str(out_json), "--save-replays", str(replays)]) == 0
    assert cli.main([*args, "--out", str(out_csv)]) == 0
    text = capsys.readouterr().out
    assert "flood-fill, line on 1 map, 1 game per pairing" in text and "± 95%" in text
    assert f"replays: 2 files in {replays}" in text
    data = json.loads(out_json.read_text())
    assert [r["seat1"] for r in data["rounds"]] == ["flood-fill", "line"]
    assert data["specs"] == {"line": f"line=2010:{bot('tron2010_straight.py')}"}  # the program behind the name
    assert set(data["elo"]) == {"flood-fill", "line"} and all(v["ci95"] > 0 for v in data["elo"].values())
    rows = list(csv.DictReader(out_csv.open()))
    assert [(r["seat1"], r["ticks"]) for r in rows] == [(r["seat1"], str(r["ticks"])) for r in data["rounds"]]
    files = sorted(replays.iterdir())
    assert [f.name for f in files] == ["0001-hackerrank-obstacle-tron-flood-fill-vs-line.json",
                                       "0002-hackerrank-obstacle-tron-line-vs-flood-fill.json"]
    playback = open_tron_replay(files[0])
    # The spec, as in a replay saved from the window or by referee runway (it kept only the label "line").
    assert playback.replay.players == ("flood-fill", f"line=2010:{bot('tron2010_straight.py')}")
    assert [" ".join(m) for m in playback.moves] == data["rounds"][0]["moves"]
    assert playback.turns[0].stderr[1] == ("heading 1",)  # seat 2 starts with free floor north


def test_a_program_without_a_label_is_named_after_its_script_and_alike_names_are_told_apart(tmp_path):
    """Named by its whole command line, a program made every table as wide as that line."""
    from arcade.games.tron.cli import tournament_bots

    other = tmp_path / "tron2010_straight.py"
    other.write_text("")
    straight = tmp_path / "straight"
    straight.write_text("")
    specs = [f"2010:{bot('tron2010_straight.py')}", f"2010:python3 {other}", f"2010:python3 {straight}",
             f"mine=2010:{bot('misbehave.py', 'crash')}"]
    named = tournament_bots("straight", specs)
    assert list(named) == ["straight", "tron2010_straight.py", "tron2010_straight.py#2", "straight#2", "mine"]
    assert list(named.values()) == ["straight", *specs]
    with pytest.raises(UsageError, match="listed twice"):
        tournament_bots("straight", [specs[0], specs[0]])


def test_quiet_drops_the_progress_but_not_a_programs_failure(capsys):
    """--quiet hid why a program lost (crashed, timed out): the table said only that it lost."""
    argv = ["tournament", "tron", "--bots", "straight,random", "--bot", f"2010:{bot('misbehave.py', 'crash')}",
            "--maps", "empty-room", "--jobs", "1", "--ms", "20", "--quiet", "--limit-ms", "10000"]
    assert cli.main(argv) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 4 and all("misbehave.py" in line and "exited with status 1" in line for line in lines), err
    assert "ZeroDivisionError" in lines[0]
    table = [line for line in out.splitlines() if line.startswith(("straight", "random", "misbehave.py", "bot "))]
    assert len(table) == 7 and max(map(len, table)) < 110, "a table as wide as the program's command line"


@pytest.mark.parametrize(("argv", "message"), [
    (["--bot", "flood-fill", "--bot", "ff"], "the bot 'flood-fill' is listed twice"),
    # A program labelled as a built-in was "listed twice", as if it were the built-in again.
    (["--bots", "straight", "--bot", "straight=2010:./mybot"],
     "two bots are named 'straight' ('straight', 'straight=2010:./mybot'): give the program another label"),
    (["--bot", "flood-fill"], "a tournament needs at least two bots"),
    (["--bot", "ff", "--bot", "runway:./x"], "unknown tron bot protocol 'runway'"),
    (["--bots", "ff,random", "--out", "r.txt"], "--out must end in .json or .csv"),
    # --jobs was silently ignored beside --scheduler
    (["--bots", "ff,random", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"],
     "argument --scheduler: not allowed with argument --jobs"),
])
def test_bad_tournament_requests_are_one_line(argv, message, capsys):
    assert cli.main(["tournament", "tron", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize("output", [["--out", "/proc/x.csv"], ["--save-replays", "FILE"],
                                    ["--save-replays", "/proc/r"]])
def test_an_output_that_cannot_be_written_is_refused_before_the_first_round(output, capsys, tmp_path):
    """All the rounds played, the table printed, then "cannot write" and exit 2: now 74 at once."""
    if output[1] == "FILE":
        output = [output[0], str(tmp_path / "a-file")]
        (tmp_path / "a-file").write_text("")
    assert cli.main(["tournament", "tron", "--bots", "flood-fill,random", "--maps", "official", *output]) == 74
    out, err = capsys.readouterr()
    assert "cannot write" in err and err.count("\n") == 1 and "rounds" not in out


def _started_by(root: int, command: str) -> bool:
    """Whether a process running ``command`` descends from ``root`` (the tournament naming the
    program in its own command line is not one): a program of another test's tournament, seen
    here, had the signal sent before this tournament had set itself up."""
    from tests.byob.helpers import processes

    rows = processes()
    parent = {pid: ppid for pid, ppid, _, _ in rows}
    for pid, _, _, cmd in rows:
        if command not in cmd or "arcade" in cmd:
            continue
        seen = 0
        while pid > 1 and seen < 64:
            pid, seen = parent.get(pid, 0), seen + 1
            if pid == root:
                return True
    return False


@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM", "SIGHUP", "SIGKILL"])
def test_ctrl_c_or_sigterm_stops_a_tournament_in_worker_processes_and_leaves_no_program(stop):
    """SIGTERM took up to 12 s now and then (a worker could not stop its programs, and each was
    waited for 5 s in turn), was lost once (it landed in a fork hook and was "ignored"), and a
    tournament killed with SIGKILL left its workers playing on, starting bots, for good."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from tests.byob.helpers import processes

    before = {pid for pid, *_ in processes()}
    sleeper = f"2010:{bot('misbehave.py', 'sleep')}"
    command = [sys.executable, "-m", "arcade", "tournament", "tron", "--bot", "flood-fill", "--bot", sleeper,
               "--maps", "official", "--jobs", "2", "--quiet"]
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        end = time.monotonic() + 30
        while not _started_by(run.pid, "misbehave.py sleep"):  # this tournament's program, not another's
            assert time.monotonic() < end, "the tournament never started its programs"
            time.sleep(0.05)
        if stop == "SIGINT":
            os.killpg(run.pid, signal.SIGINT)  # what Ctrl+C in a terminal does: every process of the group
        else:
            run.send_signal(getattr(signal, stop))  # what a service manager or `kill` does: the main process only
        # Stopping took up to 12 s (programs waited for one by one): a wait of 10 s fails on that.
        assert run.wait(timeout=10) == (130 if stop != "SIGKILL" else -signal.SIGKILL)
        end = time.monotonic() + 10
        while left := [cmd for pid, _, state, cmd in processes()
                       if pid not in before and state != "Z"  # its workers (forked: the same command) and bots
                       and ("misbehave.py sleep" in cmd or "arcade tournament tron --bot flood-fill" in cmd)]:
            assert time.monotonic() < end, f"left running: {left}"
            time.sleep(0.1)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()


_POOL_OWNER = """
import multiprocessing, os, sys, time
from concurrent.futures import ProcessPoolExecutor
from arcade.games.tron import cluster

if __name__ == "__main__":  # (spawn and forkserver import this file again in the worker)
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context(sys.argv[1]),
                               initializer=cluster._worker_init, initargs=(os.getpid(),))
    print(pool.submit(os.getpid).result(), flush=True)
    pool.submit(time.sleep, 120)
    time.sleep(120)
"""


@pytest.mark.parametrize("method", [m for m in ("forkserver", "fork", "spawn")
                                    if m in multiprocessing.get_all_start_methods()])
def test_a_worker_never_outlives_a_tournament_killed_outright(method, tmp_path):
    """Under forkserver (Linux's default from Python 3.14) the death signal follows the fork server,
    which outlived a tournament killed with SIGKILL: its worker played on for good."""
    import signal
    import subprocess
    import sys
    import time

    script = tmp_path / "owner.py"
    script.write_text(_POOL_OWNER)
    owner = subprocess.Popen([sys.executable, str(script), method], stdout=subprocess.PIPE, text=True)
    worker = 0
    try:
        worker = int(owner.stdout.readline())
        owner.kill()
        owner.wait(timeout=10)
        end = time.monotonic() + 10

        def running() -> bool:  # (a zombie waiting for its parent to reap it has stopped)
            stat = Path(f"/proc/{worker}/stat")
            try:
                return stat.read_text().split(")")[-1].split()[0] != "Z"
            except OSError:
                return False

        while running():
            assert time.monotonic() < end, f"the worker outlived the tournament ({method})"
            time.sleep(0.05)
    finally:
        if owner.poll() is None:
            owner.kill()
        if worker and os.path.exists(f"/proc/{worker}"):  # a failed check leaves nothing behind
            os.kill(worker, signal.SIGKILL)


def test_maps_and_outputs_with_names_that_are_not_utf8_are_played_printed_and_written(tmp_path):
    """A map file named b'\\xfb.txt' played every round, then its id stopped the table and the CSV:
    exit 74 "cannot write the output in encoding 'utf-8'" and no results. Ids shown are printable."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    folder = os.fsencode(tmp_path)
    map_file = os.fsdecode(folder + b"/\xfb.txt")
    Path(map_file).write_text((root / "levels" / "tron" / "official" / "u.txt").read_text())
    out, replays = os.fsdecode(folder + b"/\xfc.csv"), os.fsdecode(folder + b"/\xfd")
    process = subprocess.run([sys.executable, "-m", "arcade", "tournament", "tron", "--bots", "random,straight",
                              "--maps", map_file, "--out", out, "--save-replays", replays, "--jobs", "1"],
                             cwd=root, capture_output=True, timeout=120,
                             env=dict(os.environ, PYTHONIOENCODING="utf-8", LC_ALL="C.UTF-8"))
    assert process.returncode == 0, process.stderr
    stdout = process.stdout.decode("utf-8")
    assert "maps: \\xfb" in stdout and "results: " in stdout and "\\xfc.csv" in stdout
    rows = list(csv.DictReader(Path(out).read_text(encoding="utf-8").splitlines()))
    assert [r["map"] for r in rows] == ["\\xfb", "\\xfb"]
    assert len(os.listdir(replays)) == 2


def _fake_scheduler(answer: bytes | None):
    """A TCP server on localhost that answers every connection with ``answer`` (None: never a word)."""
    import socket
    import threading

    server = socket.create_server(("127.0.0.1", 0))
    kept = []

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            kept.append(conn)
            if answer is not None:
                conn.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    return server, f"tcp://127.0.0.1:{server.getsockname()[1]}"


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="Dask distributed is not installed")
def test_something_that_is_not_a_dask_scheduler_is_one_line_not_out_of_memory(capsys):
    """Dask read an HTTP answer's first bytes as a frame length, asked for exabytes, and the
    tournament ended "out of memory", exit 70."""
    server, address = _fake_scheduler(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
    try:
        assert cli.main(["tournament", "tron", "--bots", "random,straight", "--scheduler", address]) == 2
    finally:
        server.close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"cannot reach the Dask scheduler at {address}: what answers" in err, err


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="Dask distributed is not installed")
def test_ctrl_c_while_connecting_to_a_silent_scheduler_is_interrupted(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    server, address = _fake_scheduler(None)
    root = Path(__file__).resolve().parents[2]
    try:
        process = subprocess.Popen([sys.executable, "-m", "arcade", "tournament", "tron", "--bots", "random,straight",
                                    "--scheduler", address], cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   env=dict(os.environ, PUZZLE_ARCADE_HOME=str(tmp_path)))
        assert process.stdout is not None
        assert "on the Dask cluster" in process.stdout.readline().decode()  # connecting now
        time.sleep(1.0)
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=20)
    finally:
        server.close()
    assert process.returncode == 130 and err.decode() == "puzzle-arcade: interrupted (SIGINT)\n", err
