"""Ctrl+C and SIGTERM as KeyboardInterrupt that cannot be lost (services).

The command line turns both signals into KeyboardInterrupt, so ``finally`` blocks and ``with``
statements stop child programs on the way out. But Python reports and drops an exception
raised where it cannot propagate: a signal that lands while the interpreter runs a fork hook
(logging's lock release after every ``fork`` -- starting a bot or a worker process) or a
``__del__`` is printed as "Exception ignored" and forgotten, and a tournament went on playing.
So the handler also remembers the signal, and every long wait calls :func:`check` between
short slices: a lost interrupt is raised again a fraction of a second later.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

#: The signal that asked this process to stop ("SIGINT", "SIGTERM", "SIGHUP"), or "".
_pending = ""
#: While :func:`install_handlers` changes handlers, and the signals :func:`raise_interrupt` saw meanwhile.
_swapping = False
_came_during_swap: list[int] = []


def stop_signals(*, terminal_too: bool = True) -> tuple[int, ...]:
    """The signals that ask the program to stop: Ctrl+C, SIGTERM and -- where the platform has it
    and the program was not started under ``nohup`` -- SIGHUP, sent when the terminal closes or
    an ssh session drops. SIGHUP killed the program outright: a Tron match was not saved, and a
    tournament left its bots running. ``terminal_too=False`` leaves SIGINT out (the ones a child
    process that the parent stops itself should catch)."""
    signums = [signal.SIGINT] if terminal_too else []
    signums.append(signal.SIGTERM)
    hangup = getattr(signal, "SIGHUP", None)
    if hangup is not None and signal.getsignal(hangup) is not signal.SIG_IGN:
        signums.append(hangup)
    return tuple(signums)


def raise_interrupt(signum: int, frame: FrameType | None) -> None:
    """A signal handler: remember the signal, then end the command as KeyboardInterrupt (at once,
    or -- while :func:`install_handlers` changes handlers -- once they are all in place)."""
    global _pending
    _pending = signal.Signals(signum).name
    if _swapping:
        _came_during_swap.append(signum)
        return
    raise KeyboardInterrupt(_pending)


def remember_interrupt(signum: int, frame: FrameType | None) -> None:
    """A signal handler for code that must not be cut short: remember the signal (the first one
    wins, so the exit still names it), raise nothing."""
    global _pending
    _pending = _pending or signal.Signals(signum).name


def hold() -> None:
    """From now on stop signals are ignored: the program is on its way out, writing what an
    interrupted run keeps (a tournament's table, results and replays) before the exit line.
    A second Ctrl+C 50 ms after the first cut those writes short and every finished round was
    lost. Ignored, not remembered: the first signal already decided the exit, and a Python
    handler is reset at interpreter shutdown, where one more Ctrl+C killed the process by
    SIGINT. Main thread only (a no-op elsewhere)."""
    _set_handlers(signal.SIG_IGN)


def _set_handlers(handler: Any) -> dict[int, Any]:
    """Install ``handler`` for every stop signal; the previous ones (main thread only, else {})."""
    return install_handlers(dict.fromkeys(stop_signals(), handler))


def install_handlers(handlers: dict[int, Any]) -> dict[int, Any]:
    """Install every handler of ``handlers`` (signal -> handler) as one step: the previous ones. A
    None (a handler not installed from Python, as ``signal.signal`` reports it) installs
    :func:`raise_interrupt`, the app's own: the default action would kill the process outright.

    One step: :func:`raise_interrupt` only remembers a signal that comes while the handlers change,
    and it is raised once they are all in place (if its handler then is :func:`raise_interrupt`). A
    Ctrl+C raised between two changes left the others as they were -- ``deferred``'s "remember only"
    for good, and a later SIGTERM did nothing. (Blocking the signals is not enough: this thread's
    mask does not stop the kernel handing a signal to another thread, whose flag this thread then
    acts on at once.) Main thread only (else {})."""
    global _swapping
    previous: dict[int, Any] = {}
    if threading.current_thread() is not threading.main_thread() or not handlers:
        return previous
    _swapping = True
    try:
        for signum, handler in handlers.items():
            with contextlib.suppress(ValueError, OSError):
                previous[signum] = signal.signal(signum, raise_interrupt if handler is None else handler)
    finally:
        _swapping = False
    came, _came_during_swap[:] = list(_came_during_swap), []
    for signum in came:
        if signal.getsignal(signum) is raise_interrupt:
            raise KeyboardInterrupt(signal.Signals(signum).name)
    return previous


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Stop signals that come while the block runs are remembered, not raised in the middle of
    it; the previous handlers come back afterwards, and :func:`check` raises a remembered one.
    For the last writes of a run that ends normally: an exit 130 after the files are whole."""
    previous = _set_handlers(remember_interrupt)
    try:
        yield
    finally:
        # (A None -- a handler not installed from Python -- had SIG_DFL put back, and a SIGTERM after
        # the block killed the process outright: no ``finally`` ran, no program was stopped.)
        install_handlers(previous)


def check() -> None:
    """Raise KeyboardInterrupt again if a stop signal came and its first one was lost."""
    if _pending:
        raise KeyboardInterrupt(_pending)


def pending() -> str:
    """The stop signal received, or "" (tests, and code that must not start new work)."""
    return _pending


def clear() -> None:
    """Forget a stop signal (a test that sent one to itself, or a caller that handled it)."""
    global _pending
    _pending = ""
