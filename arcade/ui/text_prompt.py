"""A one-line text field and the small dialog that asks for one (ui): name a puzzle, and the like.

:func:`edit_text` is the typing every text field of the arcade does (a printable key adds its
character, Backspace takes the last one off, Ctrl+U clears); :class:`TextPromptScene` is a
panel over the scene with a prompt, that field, and OK / Cancel: Enter keeps the text, Esc
cancels. A game asks for text through it rather than growing its own field.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from arcade.ui.keymap import CTRL
from arcade.ui.overlays import PanelScene
from arcade.ui.text import draw_text

#: The field's height, and its gap from the prompt above and the buttons below.
FIELD_H = 40
FIELD_GAP = 8


def edit_text(text: str, event: pygame.event.Event, limit: int) -> str | None:
    """``text`` after the key press ``event`` (None when the key is not typing: Enter, Esc, arrows,
    a Ctrl shortcut other than Ctrl+U). At most ``limit`` characters: a key past it is swallowed."""
    if event.type != pygame.KEYDOWN:
        return None
    ctrl = bool(getattr(event, "mod", 0) & CTRL)
    char = getattr(event, "unicode", "")
    if event.key == pygame.K_BACKSPACE:
        return text[:-1]
    if ctrl and event.key == pygame.K_u:
        return ""
    if char and char.isprintable() and not ctrl:
        return text + char if len(text) < limit else text
    return None


class TextPromptScene(PanelScene):
    """Ask for one line of text: Enter (or OK) hands it to ``on_done``, Esc (or Cancel) drops it.

    The field starts with ``text`` (the current value, so Enter alone keeps it and Ctrl+U clears it).
    """

    def __init__(self, title: str, prompt: str, text: str, on_done: Callable[[str], None], *,
                 limit: int = 80) -> None:
        super().__init__(title, [prompt, "Enter keeps it · Esc cancels · Ctrl+U clears"],
                         [("OK", self.accept), ("Cancel", self.close)])
        self.text = text[:limit]
        self.limit = limit
        self.on_done = on_done
        self.field = pygame.Rect(0, 0, 0, 0)

    def accept(self) -> None:
        """Close, then hand the text over (the callback may open another panel)."""
        self.close()
        self.on_done(self.text)

    def keys_hint(self, width: int) -> str:
        """None under the buttons: the prompt says its keys (Enter keeps the text, not the focused button)."""
        return ""

    def _layout_keys(self, width: int, columns: int) -> int:
        return super()._layout_keys(width, columns) + FIELD_H + FIELD_GAP

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        top = self.panel.y + 70 + 26 * len(self._body) + FIELD_GAP
        self.field = pygame.Rect(self.panel.x + 24, top, self.panel.width - 48, FIELD_H)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.accept()
                return True
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            typed = edit_text(self.text, event, self.limit)
            if typed is not None:  # Space types a space here (it presses the focused button elsewhere)
                self.text = typed
                if self.app is not None:
                    self.app.redraw = True
                return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        assert self.app is not None
        theme = self.app.theme
        pygame.draw.rect(surface, theme["panel_light"], self.field, border_radius=6)
        pygame.draw.rect(surface, theme["accent"], self.field, 2, border_radius=6)
        font = theme.font(20)
        room = self.field.width - 24
        shown = self.text
        while shown and font.size(shown + "|")[0] > room:  # the end, where typing goes, stays in view
            shown = shown[1:]
        draw_text(surface, theme, shown + "|", (self.field.x + 12, self.field.centery), size=20,
                  anchor="midleft")
