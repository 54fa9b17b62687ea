"""One speed control (ui, no pygame): the steps a speed can take, and moving between them.

Watching an AI, playing back a runway and running a Tron round all change speed with
+ and −; each offers a tuple of speeds (steps or ticks per second) and remembers the
choice in the game's preferences, so the control is written once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

WATCH_SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)


class SpeedControl:
    """A speed chosen from ``values``; a stored preference is used only if it is one of them."""

    def __init__(self, values: Sequence[float], default: float, prefs: dict[str, Any] | None = None,
                 key: str = "speed") -> None:
        self.values = tuple(sorted(values))
        self.prefs = prefs
        self.key = key
        stored = prefs.get(key) if prefs is not None else None
        usable = not isinstance(stored, bool) and isinstance(stored, (int, float)) and stored in self.values
        self.value: float = stored if usable else self.nearest(default)  # type: ignore[assignment]

    def nearest(self, value: float) -> float:
        return min(self.values, key=lambda v: abs(v - value))

    def set(self, value: float) -> float:
        self.value = self.nearest(value)
        if self.prefs is not None:
            self.prefs[self.key] = self.value
        return self.value

    def change(self, step: int) -> float:
        """One notch faster (step > 0) or slower; stays at the ends."""
        index = self.values.index(self.value) if self.value in self.values else 0
        return self.set(self.values[max(0, min(len(self.values) - 1, index + step))])

    def faster(self) -> float:
        return self.change(1)

    def slower(self) -> float:
        return self.change(-1)
