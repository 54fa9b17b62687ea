"""The settings screen (ui): sound, animation speed, palette, window size, fullscreen, text size.

Every change applies at once and is saved (atomically) to the user config dir, so there
is no "OK/Cancel" to forget. It opens from the menu or over a paused game. On the keyboard
it is a list like every other (``arcade.ui.focus``) whose last stop is Back, with its keys
said under the rows and each row's letter beside its name: it showed none of them, and the
menu's "Esc quit" still read through the backdrop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from arcade.services.settings import ANIMATION_SPEEDS, MIN_WINDOW, PALETTES, TEXT_SIZES, WINDOW_SIZES
from arcade.ui.focus import focus_after
from arcade.ui.overlays import draw_backdrop, draw_panel
from arcade.ui.scene import Scene
from arcade.ui.slider import Slider
from arcade.ui.text import draw_text
from arcade.ui.theme import PALETTE_NAMES
from arcade.ui.theme import PALETTES as PALETTE_COLOURS
from arcade.ui.toast import Toast
from arcade.ui.widgets import Button, draw_form_row

if TYPE_CHECKING:
    from arcade.services.settings import Settings
    from arcade.ui.app import App

#: The keys that press the focused row's button (or Back), keypad Enter too, as in every other dialog.
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: The line under the rows that says the screen's keys (each row's own letter is beside its name).
KEYS_HINT = "↑↓ choose · ←→ or Enter change · F11 fullscreen · Esc back"
KEYS_HINT_SIZE = 14


def fitting_sizes(desktop: tuple[int, int] | None = None) -> list[tuple[int, int]]:
    """The window sizes that fit on the screen (all of them when the screen size is unknown; always one)."""
    if desktop is None:
        try:
            # Headless drivers report the window itself as the "desktop": no screen to fit then.
            headless = pygame.display.get_driver() in ("dummy", "offscreen")
            desktop = None if headless else pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            desktop = None
    if desktop is None or desktop[0] <= 0:
        return list(WINDOW_SIZES)
    fitting = [size for size in WINDOW_SIZES if size[0] <= desktop[0] and size[1] <= desktop[1]]
    return fitting or [WINDOW_SIZES[0]]


def start_size(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window size to open at: the remembered one if it fits on the screen, else the largest
    offered size that does, else the screen itself (never under the least window). The default
    1280x800 opened half off a 1366x768 laptop's screen, its toolbar out of reach."""
    if desktop is None or desktop[0] <= 0 or (size[0] <= desktop[0] and size[1] <= desktop[1]):
        return size
    fitting = [s for s in WINDOW_SIZES if s[0] <= desktop[0] and s[1] <= desktop[1]]
    if fitting:
        return max(fitting)
    return (max(MIN_WINDOW[0], min(size[0], desktop[0])), max(MIN_WINDOW[1], min(size[1], desktop[1])))


class SettingsScene(Scene):
    """The settings overlay, from the menu or a paused game: each row applies and saves its change at once
    (``App.apply_settings``), so there is no OK to forget.
    """
    overlay = True
    title = "Settings"

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[str, Button | Slider]] = []
        self.focus = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.toast = Toast()
        self.back = Button("Back", self.close, hotkey="Esc")
        #: Where the keys' line ends (0: no room for it).
        self.hint_bottom = 0

    def enter(self, app: App) -> None:
        super().enter(app)
        s = app.settings
        self.speed = Slider(
            list(ANIMATION_SPEEDS), s.animation_speed, self._set_speed, fmt=lambda v: f"{v:g}×"
        )
        self.rows = [
            ("Sound", Button(self._sound_label(), self._toggle_sound, hotkey="S")),
            ("Animation speed", self.speed),
            ("Colour palette", Button(PALETTE_NAMES[s.palette], self._next_palette, hotkey="C")),
            ("Window size", Button(self._size_label(), self._next_size, hotkey="Z")),
            ("Fullscreen", Button(self._fullscreen_label(), self._toggle_fullscreen, hotkey="F")),
            ("Text size", Button(self._text_size_label(), self._next_text_size, hotkey="T")),
        ]
        if s.problem:
            self.toast.show(s.problem, "warning", 5)

    # -- actions -----------------------------------------------------------------------
    def _settings(self) -> Settings:
        assert self.app is not None
        return self.app.settings

    def _changed(self) -> None:
        assert self.app is not None
        self.app.apply_settings()

    def _sound_label(self) -> str:
        if not self._settings().sound:
            return "Off"
        if self.app is not None and not self.app.audio.available:
            return "On (no device)"
        return "On"

    def _fullscreen_label(self) -> str:
        return "On" if self._settings().fullscreen else "Off"

    def _size_label(self) -> str:
        """The size of the window the player is looking at (out of fullscreen): a ``--size`` window is
        this run's only, and the row showed the remembered size instead, as if it were the window's."""
        remembered = tuple(self._settings().window_size)
        shown = remembered if self.app is None else tuple(self.app.windowed_size)
        w, h = shown
        return f"{w}×{h}" + (" (this run only)" if shown != remembered else "")

    def _text_size_label(self) -> str:
        """Auto, or the chosen scale -- and what the window allows of it when that is less."""
        choice = self._settings().text_size
        if not choice:
            return "Auto"
        label = f"{round(choice * 100)} %"
        if self.app is not None and round(self.app.theme.scale, 2) < choice:
            label += f" → {round(self.app.theme.scale * 100)} % here"  # the window has no room for more
        return label

    def _next_text_size(self, step: int = 1) -> None:
        s = self._settings()
        current = TEXT_SIZES.index(s.text_size) if s.text_size in TEXT_SIZES else 0
        s.text_size = TEXT_SIZES[(current + step) % len(TEXT_SIZES)]
        self._changed()

    def _toggle_sound(self) -> None:
        s = self._settings()
        s.sound = not s.sound
        self._changed()
        assert self.app is not None
        self.app.audio.play("click")

    def _set_speed(self, value: float) -> None:
        self._settings().animation_speed = value
        self._changed()

    def _next_palette(self, step: int = 1) -> None:
        s = self._settings()
        s.palette = PALETTES[(PALETTES.index(s.palette) + step) % len(PALETTES)]
        self._changed()

    def _next_size(self, step: int = 1) -> None:
        s = self._settings()
        sizes = fitting_sizes()
        current = sizes.index(s.window_size) if s.window_size in sizes else (-1 if step > 0 else 0)
        s.window_size = sizes[(current + step) % len(sizes)]
        self._changed()

    def _toggle_fullscreen(self) -> None:
        s = self._settings()
        s.fullscreen = not s.fullscreen
        self._changed()


    # -- layout and input --------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        assert self.app is not None
        if self.rows:
            self._refresh_labels()  # a button is as wide as its label now (the Text size's changes)
        px = self.app.theme.px  # the form grows with the window's UI scale (1.0 up to 1280x800)
        width = min(px(620), size[0] - 40)
        # Rows close up in a small window: at 640x400 the panel was taller than the window and its
        # title and Back button were cut off.
        most = px(56)
        step = max(px(44), min(most, (size[1] - 20 - px(150)) // len(self.rows)))
        head = px(80) if step == most else px(62)
        height = head + px(20) + step * len(self.rows) + px(70) - (most - step)
        self.panel = pygame.Rect(0, 0, width, min(height, size[1] - 10))
        self.panel.center = (size[0] // 2, size[1] // 2)
        y = self.panel.y + head
        for _label, widget in self.rows:
            if isinstance(widget, Slider):
                widget.rect = pygame.Rect(self.panel.x + px(250), y + px(8), width - px(340), px(24))
            else:
                x = self.panel.x + px(250)  # as wide as its label where that is longer (the Text size's)
                wide = min(max(px(190), widget.preferred_width(self.app.theme, 16)), self.panel.right - 16 - x)
                widget.rect = pygame.Rect(x, y, wide, px(38))
            y += step
        self.back.rect = pygame.Rect(0, 0, px(120), px(38))
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - px(18))
        # The keys' line sits between the last row and Back where it fits (not at 640x400, whose rows
        # already close up; the letters beside the names are still there).
        last = self.rows[-1][1].rect.bottom if self.rows else self.panel.y
        line = self.app.theme.font(KEYS_HINT_SIZE).get_linesize()
        bottom = self.back.rect.top - px(6)
        self.hint_bottom = bottom if bottom - line >= last + px(2) else 0

    def on_back(self) -> bool:
        """Whether the keyboard's focus is on Back, the list's last stop after the rows."""
        return self.focus >= len(self.rows)

    def _activate(self, index: int) -> None:
        widget = self.rows[index][1]
        if isinstance(widget, Button):
            widget.on_click()

    def pointer_widgets(self) -> list[object]:
        """Back and every row's button or slider (the rows are (label, widget) pairs)."""
        return [self.back, *(widget for _label, widget in self.rows)]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.back.handle(event):
            return True
        for i, (_label, widget) in enumerate(self.rows):
            if widget.handle(event):
                self.focus = i
                return True
        if event.type == pygame.KEYDOWN:
            hotkeys: dict[int, Callable[[], None]] = {
                pygame.K_s: self._toggle_sound,
                pygame.K_c: self._next_palette,
                pygame.K_z: self._next_size,
                pygame.K_f: self._toggle_fullscreen,
                pygame.K_t: self._next_text_size,
            }
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in hotkeys:
                hotkeys[event.key]()
            elif (moved := focus_after(event, self.focus, len(self.rows) + 1)) is not None:
                self.focus = moved  # the last stop is Back
            elif event.key in PRESS_KEYS and self.on_back():
                self.close()
            elif event.key in PRESS_KEYS:
                self._activate(self.focus)
            elif self.on_back():
                pass  # ← → change nothing on Back
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus in (2, 3, 5):
                # ← → step every choice, as in the other dialogs (only the speed slider took them)
                step = 1 if event.key == pygame.K_RIGHT else -1
                {2: self._next_palette, 3: self._next_size, 5: self._next_text_size}[self.focus](step)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus in (0, 4):
                (self._toggle_sound if self.focus == 0 else self._toggle_fullscreen)()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.rows[self.focus][1] is self.speed:
                self.speed.focused = True
                self.speed.handle(event)
        return True

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    def is_idle(self) -> bool:
        return not self.toast.messages

    def _refresh_labels(self) -> None:
        """Show the settings as they are now: Alt+Enter or dragging the window's edge change them
        behind this screen (the Fullscreen row said "Off" in fullscreen, and a click then turned it on)."""
        s = self._settings()
        labels = (self._sound_label(), None, PALETTE_NAMES[s.palette], self._size_label(), self._fullscreen_label(),
                  self._text_size_label())
        for (_label, widget), text in zip(self.rows, labels, strict=True):
            if text is not None and isinstance(widget, Button):
                widget.label = text

    def draw(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        self._refresh_labels()
        theme = self.app.theme
        draw_backdrop(surface, 170)
        draw_panel(surface, theme, self.panel)
        draw_text(surface, theme, "Settings", (self.panel.centerx, self.panel.y + theme.px(22)), size=28,
                  bold=True, anchor="midtop")
        for i, (label, widget) in enumerate(self.rows):
            draw_form_row(surface, theme, label, widget, self.panel.x + 24, i == self.focus)
        # Palette swatches next to the palette button, so the choice is visible.
        palette_button = self.rows[2][1]
        px = theme.px
        x = palette_button.rect.right + px(12)
        for role in ("good", "warning", "error", "info", "special"):
            swatch = pygame.Rect(x, palette_button.rect.centery - px(9), px(18), px(18))
            pygame.draw.rect(surface, PALETTE_COLOURS[self.app.settings.palette][role], swatch, border_radius=4)
            x += px(22)
        if self.hint_bottom:
            draw_text(surface, theme, KEYS_HINT, (self.panel.centerx, self.hint_bottom), size=KEYS_HINT_SIZE,
                      colour=theme["text_dim"], anchor="midbottom")
        self.back.draw(surface, theme, 17, focused=self.on_back())
        self.toast.draw(surface, theme, self.panel.bottom + 50)
