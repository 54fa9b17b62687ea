"""Stop signals as KeyboardInterrupt: the handlers are swapped as one step, so a signal that lands
half-way through a swap (deterministically here, sent from inside it) meets the right handler."""

from __future__ import annotations

import signal

import pytest

from arcade.services import interrupts

SIGNALS = interrupts.stop_signals()


@pytest.fixture
def app_handlers():
    """The command line's handlers, as ``main`` installs them; no stop left pending."""
    interrupts.clear()
    for signum in SIGNALS:
        signal.signal(signum, interrupts.raise_interrupt)
    yield
    interrupts.clear()


def signal_while_restoring(monkeypatch: pytest.MonkeyPatch, sent: int) -> None:
    """Make ``signal.signal`` send ``sent`` right after it puts back the app's
    handler for SIGINT (the first restored): the moment a Ctrl+C arriving during the restore hits."""
    real = signal.signal

    def hooked(signum, handler):
        previous = real(signum, handler)
        if signum == signal.SIGINT and handler is interrupts.raise_interrupt:
            signal.raise_signal(sent)  # to this thread: its handler runs right here, not a moment later
        return previous

    monkeypatch.setattr(signal, "signal", hooked)


def test_a_signal_during_deferreds_restore_leaves_every_handler_restored(app_handlers, monkeypatch):
    """A Ctrl+C landing while ``deferred`` put the handlers back raised KeyboardInterrupt between two
    of them: SIGTERM (and SIGHUP) kept "remember only" for good, and a later SIGTERM did nothing."""
    with pytest.raises(KeyboardInterrupt), interrupts.deferred():
        signal_while_restoring(monkeypatch, signal.SIGINT)
    monkeypatch.undo()
    assert all(signal.getsignal(s) is interrupts.raise_interrupt for s in SIGNALS), \
        {signal.Signals(s).name: signal.getsignal(s) for s in SIGNALS}


def test_deferred_never_puts_the_default_action_back(app_handlers, monkeypatch):
    """A previous handler not installed from Python (``signal.signal`` reports None) was put back as
    SIG_DFL: a SIGTERM after the block then killed the process outright, no ``finally`` run, no
    program stopped. The app's own handler goes back instead."""
    real = signal.signal
    monkeypatch.setattr(signal, "signal", lambda signum, handler: (real(signum, handler), None)[1])
    with interrupts.deferred():
        pass
    monkeypatch.undo()
    assert all(signal.getsignal(s) is interrupts.raise_interrupt for s in SIGNALS)
    with pytest.raises(KeyboardInterrupt, match="SIGTERM"):
        signal.raise_signal(signal.SIGTERM)


#: A tournament run in a child process whose wait for the rounds is hit by Ctrl+C at its worst
#: moment: ``concurrent.futures.wait`` takes each future's lock in turn, and the signal lands
#: while it holds them (deterministically: sent from there).
_CTRL_C_IN_WAIT = """
import os, signal, sys
from concurrent.futures import wait as real_wait
from arcade.games.tron import cluster

def wait(futures, timeout=None, return_when=None):
    held = [future._condition for future in futures]
    for lock in held:
        lock.acquire()
    os.kill(os.getpid(), signal.SIGINT)  # as _AcquireFutures.__enter__ is part-way
    for lock in held:
        lock.release()
    return real_wait(futures, timeout=timeout, return_when=return_when)

cluster.wait = wait
from arcade.cli import main
sys.exit(main(["tournament", "tron", "--bots", "straight,random", "--maps", "empty-room",
               "--games", "4", "--jobs", "2", "--quiet"]))
"""


def test_ctrl_c_while_a_tournament_waits_for_its_rounds_ends_the_process(tmp_path):
    """The interrupted tournament said "interrupted (SIGINT)" and then never exited: the Ctrl+C left
    a future's lock taken, the pool's thread blocked on it, and the interpreter's exit joins that
    thread. (The timeout only catches that hang: the run takes a second or two.)"""
    import os
    import subprocess
    import sys

    env = dict(os.environ, PUZZLE_ARCADE_HOME=str(tmp_path), ARCADE_NO_JIT="1")
    try:
        done = subprocess.run([sys.executable, "-c", _CTRL_C_IN_WAIT], env=env, capture_output=True,
                              text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the interrupted tournament never exited")
    assert done.returncode == 130, done.stderr
    assert "interrupted (SIGINT)" in done.stderr
    assert "Traceback" not in done.stderr
