"""SIGINT, SIGTERM and SIGHUP close the window like its close button (ui), so saves are flushed.

The CLI makes both signals raise KeyboardInterrupt, which in the frame loop would skip
:meth:`App.close` and with it the last autosave and the settings. While a window is up,
:func:`close_window_on_signal` swaps in, for the ``with`` block, a handler that posts ``pygame.QUIT``: the loop
ends at the next frame (within 1/60 s) through the normal path. A second signal, or one
before the display exists, still raises KeyboardInterrupt, so nothing can hang -- and so does the
first one when the window has not closed :data:`GRACE_SECONDS` after it: a frame that never ends
(a 2 MB level title took over ten minutes to draw) never read the posted QUIT, and ``timeout``,
a service manager or ``kill``, which send one SIGTERM, waited on a process that did not stop.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Iterator
from types import FrameType

import pygame

from arcade.services import interrupts

#: How long the window has to close after a stop signal before the signal ends the program anyway
#: (closing saves in milliseconds; a frame that takes this long is stuck).
GRACE_SECONDS = 5.0


@contextlib.contextmanager
def close_window_on_signal(signums: tuple[int, ...] | None = None) -> Iterator[Callable[[], str]]:
    """While the ``with`` block runs, a signal posts ``pygame.QUIT``; yields "which signal came?"
    (its name, "" if none).

    The previous handlers come back on exit, so a caller that runs more than one window
    (tests) keeps its own Ctrl+C behaviour afterwards. The CLI says so and exits 130 when one came.
    """
    if signums is None:
        signums = interrupts.stop_signals()  # SIGHUP too: a closed terminal saves the game as Quit does
    received: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        first = not received
        received.append(signum)
        if first and pygame.display.get_init():
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            if alarm is not None:  # the window closes well within the grace, or the signal ends it
                signal.setitimer(signal.ITIMER_REAL, GRACE_SECONDS)
            return
        raise KeyboardInterrupt(signal.Signals(signum).name)

    def overdue(_signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt(signal.Signals(received[0]).name if received else "SIGTERM")

    alarm = getattr(signal, "SIGALRM", None)  # not on Windows: a second signal is the way out there
    previous: dict[int, object] = {}
    for signum in signums:
        try:
            previous[signum] = signal.signal(signum, handler)
        except ValueError:  # not the main thread: leave the defaults
            alarm = None
            break
    if not previous:
        alarm = None
    old_alarm = signal.signal(alarm, overdue) if alarm is not None else None
    try:
        yield lambda: signal.Signals(received[0]).name if received else ""
    finally:
        if alarm is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(alarm, old_alarm)  # type: ignore[arg-type]
        for signum, old in previous.items():
            signal.signal(signum, old)  # type: ignore[arg-type]
