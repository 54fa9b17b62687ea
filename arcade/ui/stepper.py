"""A stepped walk with auto-advance (ui, no pygame): which of N steps is shown, played or stepped.

How to play's example and Hashi's hint chains both show a sequence one step at a time: it plays
by itself, a beat per step, holds on its last step and starts again; the player can step back and
on, jump to either end, and play or pause it. The moment the player steps, the walk pauses, so a
step they went back to stays until they move on (a chain hint's steps changed every 2.6 s whatever
the player did, and a step missed came back only after the whole loop). The scene draws the step
:attr:`SteppedWalk.index` names, drives time through :meth:`SteppedWalk.update` and wires keys and
the framework's player buttons (:class:`~arcade.ui.transport.PlayerButtons`) to the methods here.
"""

from __future__ import annotations


class SteppedWalk:
    """Steps ``0..count-1``, one shown at a time; while :attr:`playing`, each is shown ``seconds``
    (the last ``hold`` times as long, a beat to take in the end) before the next, wrapping round."""

    def __init__(self, count: int, seconds: float, *, hold: float = 2.0, playing: bool = True) -> None:
        self.count = max(1, count)
        self.seconds = seconds
        self.hold = hold
        self.playing = playing
        self.index = 0
        #: Seconds the current step has been shown while playing.
        self.clock = 0.0

    @property
    def at_end(self) -> bool:
        return self.index == self.count - 1

    def show(self, index: int) -> bool:
        """Show ``index`` (wrapping round: → past the last is the first) without pausing; True when
        it changed the step."""
        before, self.index, self.clock = self.index, index % self.count, 0.0
        return self.index != before

    def step_to(self, index: int) -> bool:
        """The player went to ``index`` (wrapping round): the walk pauses there."""
        self.playing = False
        return self.show(index)

    def step(self, delta: int) -> bool:
        """One step on (``delta`` 1) or back (-1), pausing."""
        return self.step_to(self.index + delta)

    def first(self) -> bool:
        return self.step_to(0)

    def last(self) -> bool:
        return self.step_to(self.count - 1)

    def toggle(self) -> None:
        """Play from the step shown (it gets a whole beat) or pause."""
        self.playing = not self.playing
        self.clock = 0.0

    def update(self, dt: float) -> bool:
        """Let ``dt`` seconds pass; True when a playing walk moved on to another step."""
        if not self.playing:
            return False
        self.clock += dt
        beat = self.seconds * (self.hold if self.at_end else 1.0)
        if self.clock < beat:
            return False
        return self.show(self.index + 1)
