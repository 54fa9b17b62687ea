"""Theme (ui): colour-blind-safe palettes and fonts.

Every palette names colours by *role* (good, warning, error, player colours...) so views
never hard-code RGB. The default is Okabe & Ito's palette, distinguishable under the
common colour-vision deficiencies; "tol-bright" is Paul Tol's bright scheme and
"high-contrast" pushes luminance apart for low vision. Colour is never the only cue:
views pair each role with a shape or a glyph (see ``Theme.glyph``). The ``hint`` role
(a violet outside the palettes' status colours) marks what a hint points at; a test
keeps it far from every status colour, also under simulated colour-vision deficiencies.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from arcade.core.inputs import printable_name
from arcade.services.resources import assets_dir

RGB = tuple[int, int, int]

_BASE = {
    "background": (22, 24, 31),
    "panel": (34, 37, 47),
    "panel_light": (48, 52, 65),
    "grid": (54, 59, 73),
    "grid_faint": (40, 44, 55),
    "text": (232, 234, 240),
    "text_dim": (150, 156, 172),
    "text_dark": (18, 18, 22),
    "shadow": (8, 9, 12),
}

PALETTES: dict[str, dict[str, RGB]] = {
    # Okabe & Ito (2008): orange, sky blue, bluish green, yellow, blue, vermillion, purple.
    "okabe-ito": {
        "accent": (86, 180, 233),
        "good": (0, 158, 115),
        "warning": (230, 159, 0),
        "error": (213, 94, 0),
        "info": (0, 114, 178),
        "highlight": (240, 228, 66),
        "hint": (200, 80, 255),
        "special": (204, 121, 167),
        "player1": (86, 180, 233),
        "player2": (230, 159, 0),
        "player3": (0, 158, 115),
        "player4": (204, 121, 167),
    },
    # Paul Tol's "bright" qualitative scheme.
    "tol-bright": {
        "accent": (102, 204, 238),
        "good": (34, 136, 51),
        "warning": (204, 187, 68),
        "error": (238, 102, 119),
        "info": (68, 119, 170),
        "highlight": (204, 187, 68),
        "hint": (200, 80, 255),
        "special": (170, 51, 119),
        "player1": (68, 119, 170),
        # Tol's yellow: his red is the error colour (the storm's edge and the optimal route looked
        # alike), and his cyan was too near the blue of player 1 (Tron's two cycles).
        "player2": (204, 187, 68),
        "player3": (34, 136, 51),
        "player4": (170, 51, 119),
    },
    # Large luminance steps between roles for low vision.
    "high-contrast": {
        "accent": (255, 255, 255),
        "good": (120, 255, 200),
        "warning": (255, 220, 0),
        "error": (255, 80, 160),
        "info": (120, 200, 255),
        "highlight": (255, 255, 0),
        "hint": (170, 90, 255),
        "special": (255, 150, 255),
        "player1": (0, 220, 255),
        "player2": (255, 200, 0),
        "player3": (120, 255, 120),
        "player4": (255, 120, 255),
    },
}

PALETTE_NAMES = {"okabe-ito": "Okabe–Ito", "tol-bright": "Tol bright", "high-contrast": "High contrast"}

#: Glyphs that go with status colours, so state is readable without colour.
GLYPHS = {"good": "✓", "warning": "!", "error": "✗", "info": "▸"}


#: Up to this window size the UI is drawn at its design size (scale 1.0): every layout was made there.
SCALE_FROM = (1280, 800)
#: At this window size the UI scale reaches :data:`SCALE_AT_BIG` (a 27-inch monitor's 2560x1440).
SCALE_TO = (2560, 1440)
SCALE_AT_BIG = 1.5
#: The largest UI scale (a 4K window): text and chrome never grow past this.
SCALE_MOST = 2.0
#: The smallest window every layout fits at scale 1 (the Settings' ``MIN_WINDOW``): a chosen Text
#: size ``s`` lays the UI out as in a window ``1/s`` the size, so it may go as far as this.
SMALLEST_LAYOUT = (640, 400)


def ui_scale(size: tuple[int, int], choice: float = 0.0) -> float:
    """How much bigger the UI's text and chrome are drawn in a window of ``size`` pixels.

    Exactly 1.0 up to :data:`SCALE_FROM` in either direction, so small windows look as they were
    made; then rising linearly with whichever side has grown less (a wide but short window keeps
    its text short enough for its height) to :data:`SCALE_AT_BIG` at :data:`SCALE_TO`, at most
    :data:`SCALE_MOST`. At 1280x720 the same fonts in a 2560x1440 window looked tiny in a sea of
    board: 1920x1080 gives 1.22, 1920x1200 gives 1.25, 2560x1440 gives 1.5.

    ``choice`` (the Settings' Text size) other than 0 fixes the scale instead, as far as the window
    has room for it: every layout also fits the smallest window (:data:`SMALLEST_LAYOUT`), so a
    scale ``s`` needs a window ``s`` times that -- 150 % at 1280x800 (a player with poor eyesight
    on a laptop asked for larger text and, measured against 1280x800, got none), 125 % at 800x500.
    """
    w, h = size
    if choice:
        room = max(1.0, min(w / SMALLEST_LAYOUT[0], h / SMALLEST_LAYOUT[1]))
        return round(max(1.0, min(choice, room, SCALE_MOST)), 3)
    grown = min((w - SCALE_FROM[0]) / (SCALE_TO[0] - SCALE_FROM[0]),
                (h - SCALE_FROM[1]) / (SCALE_TO[1] - SCALE_FROM[1]))
    return round(max(1.0, min(SCALE_MOST, 1.0 + grown * (SCALE_AT_BIG - 1.0))), 3)


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """Mix two colours; ``t`` = 0 gives ``a``, 1 gives ``b``."""
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG 2.x)."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours: 1 (none) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_on(background: RGB, light: RGB, dark: RGB) -> RGB:
    """Whichever of ``light`` and ``dark`` text reads better on ``background``."""
    return light if contrast_ratio(light, background) >= contrast_ratio(dark, background) else dark


def drawable(text: str) -> str:
    """``text`` as SDL_ttf can draw it: a NUL shown as U+FFFD and a lone surrogate (a byte that was
    not UTF-8, ``\\udcfb``) as ``\\xfb``. SDL_ttf refuses both with an exception, and text from
    outside reaches the screen -- a level's ``# title:``, a save's label, a program's message: a
    NUL in a title stopped the game on its first frame ("Something went wrong"), and one in a
    save's label broke the menu on every frame."""
    if "\x00" not in text:
        try:
            text.encode("utf-8")
            return text
        except UnicodeEncodeError:
            pass
    return printable_name(text).replace("\x00", "\ufffd")


class UIFont(pygame.font.Font):
    """A font that draws any ``str`` (see :func:`drawable`): every text of every game goes through
    :meth:`Theme.font`, so one class makes all of them safe, whatever view draws the text."""

    def render(self, text: str | bytes | None, *args: object, **kwargs: object) -> pygame.Surface:  # type: ignore[override]
        return super().render(drawable(text) if isinstance(text, str) else text, *args, **kwargs)  # type: ignore[arg-type]

    def size(self, text: str | bytes) -> tuple[int, int]:  # type: ignore[override]
        return super().size(drawable(text) if isinstance(text, str) else text)

    def metrics(self, text: str | bytes) -> list[tuple[int, int, int, int, int] | None]:  # type: ignore[override]
        return super().metrics(drawable(text) if isinstance(text, str) else text)


@dataclass
class Theme:
    """The palette and fonts every drawing asks by role (``theme["accent"]``), never by colour, so a palette
    switch recolours everything; it also caches fonts by size and holds the UI's ``scale``.
    """

    palette_name: str = "okabe-ito"
    colours: dict[str, RGB] = field(default_factory=dict)
    #: How much bigger than designed the UI's text and chrome are drawn (see :func:`ui_scale`); the
    #: app sets it from the window's size on every resize.
    scale: float = 1.0
    _fonts: dict[tuple[int, bool], pygame.font.Font] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.set_palette(self.palette_name)

    def set_palette(self, name: str) -> None:
        if name not in PALETTES:
            name = "okabe-ito"
        self.palette_name = name
        self.colours = {**_BASE, **PALETTES[name]}
        if name == "high-contrast":
            self.colours.update(background=(0, 0, 0), panel=(20, 20, 20), grid=(110, 110, 110))

    def __getitem__(self, role: str) -> RGB:
        return self.colours[role]

    def px(self, length: float) -> int:
        """``length`` design pixels of chrome (a toolbar's height, a row, a padding) at the UI scale:
        exactly ``length`` at scale 1.0."""
        return round(length * self.scale) if self.scale != 1.0 else int(length)

    def font(self, size: int, bold: bool = False, *, fixed: bool = False) -> pygame.font.Font:
        """The UI font at ``size`` design pixels, drawn ``scale`` times bigger (see :func:`ui_scale`);
        ``fixed``: ``size`` is already in screen pixels (a board's text, sized from its cells,
        which the camera scales instead).

        We ship DejaVu Sans in ``assets/fonts`` because pygame's default font has no
        arrows, check marks or crosses, and system fonts differ between machines.
        """
        size = max(6, int(size) if fixed else self.px(int(size)))
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
            try:
                font = UIFont(assets_dir() / "fonts" / name, size)
            except (OSError, FileNotFoundError):
                font = UIFont(None, round(size * 1.3))
                font.set_bold(bold)
            self._fonts[key] = font
        return font

    @staticmethod
    def glyph(role: str) -> str:
        return GLYPHS.get(role, "")

    @staticmethod
    def marked(role: str, text: str) -> str:
        """``text`` behind its role's glyph ("✗ refused"), once: a message that already starts
        with it (a hovered cell's "✗ doomed") was shown as "✗ ✗ doomed"."""
        glyph = GLYPHS.get(role, "")
        if not glyph or text.startswith(glyph):
            return text
        return f"{glyph} {text}".strip()
