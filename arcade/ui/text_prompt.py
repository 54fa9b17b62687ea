"""A one-line text field and the small dialog that asks for one (ui): name a puzzle, and the like.

:class:`TextField` is every text field of the arcade (Runway's Tests command, Tron's program
commands, this dialog): its text, a caret and a selection, the keys a desktop field answers, and
its drawing. A game holds one rather than growing its own typing: a field that only appended and
cleared came prefilled, and a player typing over the prefilled command got the two run together.
:class:`TextPromptScene` is a panel over the scene with a prompt, that field, and OK / Cancel:
Enter keeps the text, Esc cancels.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from arcade.ui.clipboard import copy_text, paste_text
from arcade.ui.keymap import CTRL
from arcade.ui.overlays import PanelScene
from arcade.ui.pointer import IBEAM
from arcade.ui.text import draw_text
from arcade.ui.theme import Theme

#: The field's height, and its gap from the prompt above and the buttons below.
FIELD_H = 40
FIELD_GAP = 8
#: What the field's keys are, for the hints and footers that describe a field (one wording everywhere).
FIELD_KEYS = "Ctrl+A select all · Ctrl+U clear · Ctrl+V paste"


class TextField:
    """One line of editable text: a caret, a selection, and the keys of a desktop text field.

    Typing (or pasting) replaces the selection; Backspace / Delete take the selection or the
    character beside the caret (with Ctrl, the word); ← → Home End move the caret (with Shift,
    extend the selection; ← → with Ctrl, by word); Ctrl+A selects all, Ctrl+U clears, Ctrl+C / X / V
    copy, cut and paste. :meth:`focus` selects a prefilled value, so typing replaces it as in most
    dialogs. At most ``limit`` characters: what goes past it is dropped.
    """

    def __init__(self, text: str = "", limit: int = 80) -> None:
        self.limit = limit
        self.text = text[:limit]
        self.caret = len(self.text)
        #: The selection's other end (None, or the caret itself: nothing selected).
        self.anchor: int | None = None
        #: The first character shown: a long text scrolls so the caret stays in view.
        self._start = 0
        #: The field's rectangle, size and padding as last drawn (a click places the caret by them).
        self._drawn: tuple[pygame.Rect, Theme, int, int] | None = None

    # -- state ---------------------------------------------------------------------------------------
    def set(self, text: str) -> None:
        """Replace the text (the caret at its end, nothing selected)."""
        self.text = text[:self.limit]
        self.caret, self.anchor, self._start = len(self.text), None, 0

    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self.text)

    def focus(self, select: bool = True) -> None:
        """The field got the keyboard: its value selected (typing replaces it), or with ``select``
        False the caret at the end (a prefix to type after, as Runway's bare ``codingame:``)."""
        if select:
            self.select_all()
        else:
            self.caret, self.anchor = len(self.text), None

    @property
    def selection(self) -> tuple[int, int] | None:
        """(start, end) of the selected characters, or None when nothing is selected."""
        if self.anchor is None or self.anchor == self.caret:
            return None
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def selected_text(self) -> str:
        sel = self.selection
        return self.text[sel[0]:sel[1]] if sel else ""

    def insert(self, chars: str) -> None:
        """Put ``chars`` in place of the selection (or at the caret), cut to the length limit."""
        start, end = self.selection or (self.caret, self.caret)
        room = self.limit - (len(self.text) - (end - start))
        chars = chars[:max(0, room)]
        self.text = self.text[:start] + chars + self.text[end:]
        self.caret, self.anchor = start + len(chars), None

    def _word_left(self, i: int) -> int:
        while i > 0 and self.text[i - 1].isspace():
            i -= 1
        while i > 0 and not self.text[i - 1].isspace():
            i -= 1
        return i

    def _word_right(self, i: int) -> int:
        n = len(self.text)
        while i < n and self.text[i].isspace():
            i += 1
        while i < n and not self.text[i].isspace():
            i += 1
        return i

    def _move(self, to: int, extend: bool) -> None:
        if extend:
            if self.anchor is None:
                self.anchor = self.caret
        else:
            self.anchor = None
        self.caret = max(0, min(len(self.text), to))

    def _delete(self, start: int, end: int) -> None:
        self.text = self.text[:start] + self.text[end:]
        self.caret, self.anchor = start, None

    def pointer_shape(self, pos: tuple[int, int]) -> str | None:
        """The I-beam over the field as last drawn (a click there places the caret)."""
        return IBEAM if self._drawn is not None and self._drawn[0].collidepoint(pos) else None

    # -- keys ----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Apply a key press; False when the key is not the field's (Enter, Esc, ↑ ↓, Tab, F-keys,
        another Ctrl shortcut), so the panel holding the field gets it."""
        if event.type != pygame.KEYDOWN:
            return False
        mod = getattr(event, "mod", 0)
        ctrl, shift = bool(mod & CTRL), bool(mod & pygame.KMOD_SHIFT)
        key, char = event.key, getattr(event, "unicode", "")
        sel = self.selection
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            back = key == pygame.K_BACKSPACE
            if sel:
                self._delete(*sel)
            elif back and self.caret > 0:
                self._delete(self._word_left(self.caret) if ctrl else self.caret - 1, self.caret)
            elif not back and self.caret < len(self.text):
                self._delete(self.caret, self._word_right(self.caret) if ctrl else self.caret + 1)
            self.anchor = None
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            left = key == pygame.K_LEFT
            if sel and not shift and not ctrl:  # a selection collapses to the side the arrow points
                self._move(sel[0] if left else sel[1], False)
            elif ctrl:
                self._move(self._word_left(self.caret) if left else self._word_right(self.caret), shift)
            else:
                self._move(self.caret + (-1 if left else 1), shift)
        elif key in (pygame.K_HOME, pygame.K_END):
            self._move(0 if key == pygame.K_HOME else len(self.text), shift)
        elif ctrl and key == pygame.K_a:
            self.select_all()
        elif ctrl and key == pygame.K_u:
            self.set("")
        elif ctrl and key in (pygame.K_c, pygame.K_x):
            if sel:
                copy_text(self.selected_text())
                if key == pygame.K_x:
                    self._delete(*sel)
        elif ctrl and key == pygame.K_v:
            pasted, _ = paste_text()
            line = pasted.strip().splitlines()[0] if pasted.strip() else ""
            self.insert("".join(c for c in line if c.isprintable()))
        elif char and char.isprintable() and not ctrl:
            self.insert(char)
        else:
            return False
        return True

    # -- mouse and drawing -----------------------------------------------------------------------------
    def click(self, pos: tuple[int, int]) -> None:
        """Put the caret at the character boundary nearest ``pos`` (as the field was last drawn)."""
        if self._drawn is None:
            self._move(len(self.text), False)
            return
        rect, theme, size, pad = self._drawn
        font = theme.font(size)
        x0 = rect.x + pad - font.size(self.text[:self._start])[0]
        best = min(range(len(self.text) + 1), key=lambda i: abs(x0 + font.size(self.text[:i])[0] - pos[0]))
        self._move(best, False)

    def draw(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect, *, size: int = 16,
             focused: bool = True, placeholder: str = "", pad: int = 8) -> None:
        """The text inside ``rect`` (the owner draws the box): the selection highlighted, the caret when
        ``focused``, a long text scrolled so the caret stays in view; ``placeholder`` dim while empty,
        the caret over it when focused, as desktop fields draw it (it showed only while the field
        was not focused: a player who moved onto an empty field lost the example as it took the cursor)."""
        self._drawn = (rect, theme, size, pad)
        font = theme.font(size)
        if not self.text:
            if placeholder:
                draw_text(surface, theme, placeholder, (rect.x + pad, rect.centery), size=size, anchor="midleft",
                          colour=theme["text_dim"], max_width=rect.width - 2 * pad)
            if focused:
                self._draw_caret(surface, theme, rect.x + pad, rect.centery - font.get_linesize() // 2,
                                 font.get_linesize())
            return
        room = max(1, rect.width - 2 * pad)
        width = font.size
        self._start = min(self._start, self.caret)
        while self._start < self.caret and width(self.text[self._start:self.caret])[0] > room:
            self._start += 1
        while self._start > 0 and width(self.text[self._start - 1:])[0] <= room:
            self._start -= 1  # room freed (text deleted, a wider window): show more of the start
        x0 = rect.x + pad - width(self.text[:self._start])[0]
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(rect.x + pad - 1, rect.y, room + 2, rect.height).clip(clip or surface.get_rect()))
        line_h = font.get_linesize()
        top = rect.centery - line_h // 2
        image = font.render(self.text, True, theme["text"])
        surface.blit(image, (x0, rect.centery - image.get_height() // 2))
        sel = self.selection
        if sel and focused:
            a, b = x0 + width(self.text[:sel[0]])[0], x0 + width(self.text[:sel[1]])[0]
            pygame.draw.rect(surface, theme["accent"], pygame.Rect(a, top, max(2, b - a), line_h))
            chosen = font.render(self.text[sel[0]:sel[1]], True, theme["background"])
            surface.blit(chosen, (a, rect.centery - chosen.get_height() // 2))
        elif focused:
            self._draw_caret(surface, theme, x0 + width(self.text[:self.caret])[0], top, line_h)
        surface.set_clip(clip)

    @staticmethod
    def _draw_caret(surface: pygame.Surface, theme: Theme, x: int, top: int, line_h: int) -> None:
        """The caret: a bar of the text's colour at ``x``, one line high from ``top``."""
        pygame.draw.line(surface, theme["text"], (x, top + 2), (x, top + line_h - 2), max(1, theme.px(2)))


class TextPromptScene(PanelScene):
    """Ask for one line of text: Enter (or OK) hands it to ``on_done``, Esc (or Cancel) drops it.

    The field starts with ``text`` (the current value) selected: Enter alone keeps it, typing replaces it;
    an empty field shows ``placeholder`` dimmed behind the caret.
    """

    def __init__(self, title: str, prompt: str, text: str, on_done: Callable[[str], None], *,
                 limit: int = 80, placeholder: str = "") -> None:
        super().__init__(title, [prompt, f"Enter keeps it · Esc cancels · {FIELD_KEYS}"],
                         [("OK", self.accept), ("Cancel", self.close)])
        self.input = TextField(text, limit)
        self.input.focus()
        self.on_done = on_done
        #: Said dimmed in the field while it is empty (an example of what goes there).
        self.placeholder = placeholder
        self.field = pygame.Rect(0, 0, 0, 0)

    @property
    def text(self) -> str:
        return self.input.text

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
            # Space types a space here (it presses the focused button elsewhere); ← → move the caret.
            if self.input.handle(event):
                if self.app is not None:
                    self.app.redraw = True
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.field.collidepoint(event.pos):
            self.input.click(event.pos)
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        assert self.app is not None
        theme = self.app.theme
        pygame.draw.rect(surface, theme["panel_light"], self.field, border_radius=6)
        pygame.draw.rect(surface, theme["accent"], self.field, 2, border_radius=6)
        self.input.draw(surface, theme, self.field, size=20, pad=12, placeholder=self.placeholder)
