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
