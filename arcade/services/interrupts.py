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

import signal
from types import FrameType

#: The signal that asked this process to stop ("SIGINT", "SIGTERM", "SIGHUP"), or "".
_pending = ""


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
    """A signal handler: remember the signal, then end the command as KeyboardInterrupt."""
    global _pending
    _pending = signal.Signals(signum).name
    raise KeyboardInterrupt(_pending)


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
