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


def focus_in_grid(event: pygame.event.Event, rects: Sequence[pygame.Rect], index: int) -> int | None:
    """Where the focus goes after the key ``event`` over buttons laid out in rows at ``rects`` (a
    panel's buttons wrapped onto two lines in a narrow window), or None.

    ↑ ↓ go to the nearest button (by its middle) on the row above / below, round from the last row
    to the first; ← → step along the buttons in reading order, Tab / Shift+Tab too, and Home / End
    jump to the first and the last (:func:`focus_after`). On a single row ↑ ↓ step as ← → do: there
    is no row to go to. Battle Royale's result wrapped its five buttons onto two rows, and ↓ went
    to the next button in order, on the same row, not to the one under it.
    """
    tops = sorted({rect.top for rect in rects})
    if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and len(tops) > 1 \
            and 0 <= index < len(rects):
        row = tops.index(rects[index].top)
        target = tops[(row + (1 if event.key == pygame.K_DOWN else -1)) % len(tops)]
        middle = rects[index].centerx
        return min((i for i, rect in enumerate(rects) if rect.top == target),
                   key=lambda i: (abs(rects[i].centerx - middle), i))
    return focus_after(event, index, len(rects), back=(pygame.K_LEFT, pygame.K_UP),
                       forward=(pygame.K_RIGHT, pygame.K_DOWN))
