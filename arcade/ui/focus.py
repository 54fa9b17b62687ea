"""Keyboard focus over a list of choices, one rule for every list the window shows.

The menu, the settings and every dialog's buttons each moved their highlight with their own
keys: Tab went forward everywhere but Shift+Tab went forward too, and Home / End did nothing.
A player who learns the keys on one list expects them on the next, so they live here once.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

#: Keys that move the focus back or forward by one, in every list.
BACK = (pygame.K_UP,)
FORWARD = (pygame.K_DOWN,)


def focus_step(event: pygame.event.Event, *, back: Sequence[int] = BACK,
               forward: Sequence[int] = FORWARD) -> int | None:
    """-1 or +1 if the key ``event`` steps the focus back or forward (Shift+Tab / Tab too), else None."""
    if event.type != pygame.KEYDOWN:
        return None
    if event.key == pygame.K_TAB:
        return -1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1
    if event.key in back:
        return -1
    if event.key in forward:
        return 1
    return None


def focus_after(event: pygame.event.Event, index: int, count: int, *, back: Sequence[int] = BACK,
                forward: Sequence[int] = FORWARD) -> int | None:
    """Where the focus goes after the key ``event`` on a list of ``count`` choices, or None.

    ``back`` / ``forward`` step one choice (wrapping round), as do Shift+Tab / Tab; Home and
    End jump to the first and the last. None: the key does not move the focus (the caller
    handles it, or not).
    """
    if event.type != pygame.KEYDOWN or count <= 0:
        return None
    if event.key == pygame.K_HOME:
        return 0
    if event.key == pygame.K_END:
        return count - 1
    step = focus_step(event, back=back, forward=forward)
    return None if step is None else (index + step) % count
