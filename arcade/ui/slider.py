"""The slider (ui): a horizontal slider over discrete values, for settings-style forms.

Dragged with the mouse, stepped by the wheel while the pointer is over it (as in most desktop
programs; a mouse player turned the wheel and nothing moved) or by the arrow keys while its form row
has the focus (see :func:`~arcade.ui.widgets.draw_form_row`); the Settings' volumes and speeds and
the Hashi "New board" dialog use it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from arcade.ui.input import release_lost
from arcade.ui.pointer import HAND, MOVE
from arcade.ui.text import draw_text
from arcade.ui.theme import Theme


class Slider:
    """A horizontal slider over discrete ``values``; drag with the mouse or use arrow keys."""

    def __init__(
        self,
        values: list[float],
        value: float,
        on_change: Callable[[float], None],
        *,
        label: str = "",
        fmt: Callable[[float], str] = lambda v: f"{v:g}",
    ) -> None:
        self.values = list(values)
        self.index = min(range(len(values)), key=lambda i: abs(values[i] - value))
        self.on_change = on_change
        self.label = label
        self.fmt = fmt
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        self.focused = False
        #: The pointer's last position from events (a MOUSEWHEEL has none), so posted events drive it.
        self.pointer: tuple[int, int] | None = None

    @property
    def value(self) -> float:
        return self.values[self.index]

    def _set_index(self, index: int) -> None:
        index = max(0, min(len(self.values) - 1, index))
        if index != self.index:
            self.index = index
            self.on_change(self.value)

    def _index_at(self, x: int) -> int:
        if len(self.values) == 1 or self.rect.width <= 0:
            return 0
        t = (x - self.rect.x) / self.rect.width
        return round(t * (len(self.values) - 1))

    def _grabs(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the slider: its track and a little above and below (the knob)."""
        return self.rect.inflate(0, 16).collidepoint(pos)

    def pointer_shape(self, pos: tuple[int, int]) -> str | None:
        """The grab while the knob is dragged (wherever the pointer is), a hand over the slider."""
        if self.dragging:
            return MOVE
        return HAND if self._grabs(pos) else None

    def handle(self, event: pygame.event.Event) -> bool:
        """Drag, wheel and (while focused) ← →; True if the slider used the event. The wheel over
        the slider is always used, at either end too, so a scrolling form around it stays put."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = tuple(event.pos)  # type: ignore[assignment]
        if event.type == pygame.MOUSEWHEEL:
            if self.pointer is None or not self._grabs(self.pointer):
                return False
            self._set_index(self.index + int(event.y))  # a notch up steps right, one value per notch
            return True
        if self.dragging and release_lost(event, 1):
            self.dragging = False  # the release went elsewhere: the bare pointer must not drag the knob
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._grabs(event.pos):
                self.dragging = True
                self._set_index(self._index_at(event.pos[0]))
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_index(self._index_at(event.pos[0]))
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        elif event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_LEFT:
                self._set_index(self.index - 1)
                return True
            if event.key == pygame.K_RIGHT:
                self._set_index(self.index + 1)
                return True
        return False

    def knob_x(self) -> int:
        if len(self.values) == 1:
            return self.rect.centerx
        return self.rect.x + round(self.rect.width * self.index / (len(self.values) - 1))

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        track = pygame.Rect(self.rect.x, self.rect.centery - 3, self.rect.width, 6)
        pygame.draw.rect(surface, theme["grid"], track, border_radius=3)
        filled = track.copy()
        filled.width = self.knob_x() - track.x
        pygame.draw.rect(surface, theme["accent"], filled, border_radius=3)
        for i in range(len(self.values)):
            x = self.rect.x + (round(self.rect.width * i / (len(self.values) - 1)) if len(self.values) > 1 else 0)
            pygame.draw.line(surface, theme["text_dim"], (x, track.bottom + 3), (x, track.bottom + 6))
        colour = theme["highlight"] if self.focused else theme["text"]
        pygame.draw.circle(surface, colour, (self.knob_x(), self.rect.centery), 9)
        pygame.draw.circle(surface, theme["shadow"], (self.knob_x(), self.rect.centery), 9, width=1)
        draw_text(
            surface, theme, self.fmt(self.value), (self.rect.right + 16, self.rect.centery),
            size=16, anchor="midleft",
        )
