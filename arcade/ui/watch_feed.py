"""A watch plan that arrives while it is watched (ui, no pygame): the AI's steps, streamed.

A watch used to be planned whole in the worker before its first step was shown. On a 400-island
Hashi board that needs guesses (CLLV ``Hs_34_400_75_15_002``) the whole plan took about a minute,
and for that minute the window said "The AI is thinking…" and nothing else, while the first step
was known after less than a second. :func:`plan_start` works out the steps for a moment only;
what is left goes to a :class:`StepFeed`, which the worker fills while the player already
watches. Its iterator gives ``None`` for "not worked out yet", which
:class:`~arcade.ui.watch.WatchPlayer` waits on instead of ending the watch.
"""

from __future__ import annotations

import collections
import time
from collections.abc import Callable, Iterator

from arcade.core.game import Step

#: How long the first worker job plans before the watch starts and the rest streams (seconds):
#: short enough that the first step shows at once, long enough that a small board's whole plan
#: (a few milliseconds) is done in it and its watch is as it always was.
START_SECONDS = 0.5


class StepFeed:
    """Steps a producer (the worker) appends and the watch player (the frame loop) takes.

    ``deque`` appends and pops are atomic, so no lock; ``done`` is set after the last append.
    """

    def __init__(self, rest: Iterator[Step], limit: int) -> None:
        self._rest = rest
        self._limit = limit
        self._queue: collections.deque[Step] = collections.deque()
        self.done = False
        #: The producer stopped before the AI's plan ended (cancelled, or the AI failed).
        self.cut_short = False

    def fill(self, should_stop: Callable[[], bool]) -> None:
        """Run on the worker: append every step until the plan ends or ``should_stop`` says so."""
        try:
            for _ in range(self._limit):
                if should_stop():
                    self.cut_short = True
                    return
                try:
                    step = next(self._rest)
                except StopIteration:
                    return
                self._queue.append(step)
        except BaseException:
            self.cut_short = True
            raise
        finally:
            self.done = True

    def __iter__(self) -> Iterator[Step | None]:
        return self

    def __next__(self) -> Step | None:
        if self._queue:
            return self._queue.popleft()
        if self.done:
            if self._queue:  # appended between the two looks
                return self._queue.popleft()
            raise StopIteration
        return None  # not worked out yet: the watch waits


def plan_start(steps: Iterator[Step], limit: int,
               seconds: float | None = None) -> tuple[list[Step], StepFeed | None]:
    """Run on the worker: the steps worked out within ``seconds`` (default :data:`START_SECONDS`;
    at least one, if the plan has one), and a feed for the rest, or None when the plan ended within them."""
    seconds = START_SECONDS if seconds is None else seconds
    start = time.monotonic()
    first: list[Step] = []
    for step in steps:
        first.append(step)
        if len(first) >= limit:
            return first, None
        if time.monotonic() - start >= seconds:
            return first, StepFeed(steps, limit - len(first))
    return first, None
