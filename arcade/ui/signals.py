"""SIGINT and SIGTERM close the window like its close button (ui), so saves are flushed.

The CLI makes both signals raise KeyboardInterrupt, which in the frame loop would skip
:meth:`App.close` and with it the last autosave and the settings. While a window is up,
:func:`close_window_on_signal` swaps in a handler that posts ``pygame.QUIT``: the loop
ends at the next frame (within 1/60 s) through the normal path. A second signal, or one
before the display exists, still raises KeyboardInterrupt, so nothing can hang.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from types import FrameType

import pygame


def close_window_on_signal(signums: tuple[int, ...] = (signal.SIGINT, signal.SIGTERM)) -> Callable[[], bool]:
    """Install the handler; returns a function that says whether a signal arrived (exit 130 then)."""
    received: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        first = not received
        received.append(signum)
        if first and pygame.display.get_init():
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            return
        raise KeyboardInterrupt(signal.Signals(signum).name)

    for signum in signums:
        try:
            signal.signal(signum, handler)
        except ValueError:  # not the main thread: leave the defaults
            break
    return lambda: bool(received)
