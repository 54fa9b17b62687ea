"""Tweens (ui, no pygame needed): values that ease from A to B over time, driven by ``update(dt)``.

Animations never run their own loop: a scene owns a :class:`Tweens` set, advances it from
``update`` and reads values in ``draw``. The settings' animation speed scales ``dt``; a
speed of 0 would freeze, so the app clamps it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Easing = Callable[[float], float]


def linear(t: float) -> float:
    """Constant speed (t in 0..1): for what must look even (Battle Royale's pickup and flash)."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle stop (t in 0..1): the default for a :class:`Tween`, as a moved thing settles."""
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Slow at both ends (t in 0..1): for a motion that starts and ends at rest (Battle Royale's ring)."""
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out_back(t: float) -> float:
    """Overshoots a little, then settles: good for "pop" effects."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def pulse(t: float) -> float:
    """0 -> 1 -> 0: for flashes."""
    return math.sin(math.pi * t)


@dataclass
class Tween:
    """One animated scalar from ``start`` to ``end``; ``key`` lets a scene find or replace it."""

    start: float
    end: float
    duration: float
    easing: Easing = ease_out_cubic
    key: Any = None
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    elapsed: float = field(default=0.0, init=False)

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.start + (self.end - self.start) * self.easing(self.progress)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def update(self, dt: float) -> None:
        self.elapsed += dt


class Tweens:
    """A set of running tweens, keyed so a new tween for the same thing replaces the old one."""

    def __init__(self) -> None:
        self._items: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        if tween.key is not None:
            self._items = [t for t in self._items if t.key != tween.key]
        self._items.append(tween)
        return tween

    def start(self, key: Any, start: float, end: float, duration: float, **kw: Any) -> Tween:
        return self.add(Tween(start, end, duration, key=key, **kw))

    def __bool__(self) -> bool:
        """True while any tween runs (the screen is animating)."""
        return bool(self._items)

    def get(self, key: Any) -> Tween | None:
        for t in self._items:
            if t.key == key:
                return t
        return None

    def value(self, key: Any, default: float = 0.0) -> float:
        t = self.get(key)
        return default if t is None else t.value

    def update(self, dt: float) -> None:
        finished = []
        for t in self._items:
            t.update(dt)
            if t.done:
                finished.append(t)
        if finished:
            self._items = [t for t in self._items if not t.done]
            for t in finished:
                if t.on_done:
                    t.on_done()

    def clear(self) -> None:
        self._items.clear()

    @property
    def active(self) -> bool:
        return bool(self._items)

    def __len__(self) -> int:
        return len(self._items)
