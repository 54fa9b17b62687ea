"""The "watch the AI" player (ui, no pygame needed): pulls steps from an AI at a chosen speed.

A :class:`WatchPlayer` wraps any iterator of :class:`arcade.core.game.Step` and a function
that carries a step out (usually ``Session.apply_step``). The scene calls ``update(dt)``
every frame; the player applies as many steps as the speed allows, never blocking: the
AI's iterator must itself be cheap per step (long searches run in a worker, see
:mod:`arcade.ui.worker`). Pause, single step and speed changes work at any time. An iterator
that gives ``None`` has its next step still on the way (a streamed plan, see
:mod:`arcade.ui.watch_feed`): the player waits for it rather than ending the watch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from arcade.core.game import Step
from arcade.ui.speed import WATCH_SPEEDS, SpeedControl

SPEEDS = WATCH_SPEEDS


class WatchPlayer:
    """Plays an AI's steps through ``apply`` (the session, so undo works on them) at the speed of its
    :class:`SpeedControl`, driven by the scene's ``update``; pause and single step for "watch the AI".
    """
    def __init__(
        self,
        steps: Iterator[Step | None],
        apply: Callable[[Step], None],
        *,
        steps_per_second: float = 2.0,
        on_finish: Callable[[], None] | None = None,
        speed: SpeedControl | None = None,
    ) -> None:
        self._steps = steps
        self._apply = apply
        #: Shared with the scene, so the speed chosen while watching is the scene's speed.
        self.speed = speed if speed is not None else SpeedControl(WATCH_SPEEDS, steps_per_second)
        self.paused = False
        self.finished = False
        self.last: Step | None = None
        self.count = 0
        self._on_finish = on_finish
        self._clock = 0.0
        #: The last pull found the next step still being worked out.
        self.waiting = False

    def _advance(self) -> bool:
        try:
            step = next(self._steps)
        except StopIteration:
            self.finished = True
            if self._on_finish:
                self._on_finish()
            return False
        self.waiting = step is None
        if step is None:
            return False
        self._apply(step)
        self.last = step
        self.count += 1
        return True

    def update(self, dt: float) -> int:
        """Advance the clock by ``dt`` seconds; returns how many steps were applied."""
        if self.paused or self.finished:
            return 0
        self._clock += dt * self.steps_per_second
        applied = 0
        # Cap per frame so a huge speed cannot stall a frame.
        while self._clock >= 1.0 and applied < 64 and not self.finished:
            self._clock -= 1.0
            if self._advance():
                applied += 1
            elif self.waiting:
                # The next step is shown as soon as it arrives, not a whole beat later.
                self._clock = min(self._clock + 1.0, 1.0)
                break
        if applied >= 64:
            self._clock = 0.0
        return applied

    def step(self) -> bool:
        """Apply exactly one step (pausing playback); False if the AI had nothing more."""
        self.paused = True
        if self.finished:
            return False
        return self._advance()

    def toggle_pause(self) -> None:
        self.paused = not self.paused

    @property
    def steps_per_second(self) -> float:
        return self.speed.value

    @steps_per_second.setter
    def steps_per_second(self, value: float) -> None:
        self.speed.set(value)

    def faster(self) -> float:
        return self.speed.faster()

    def slower(self) -> float:
        return self.speed.slower()
