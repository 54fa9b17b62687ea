"""The hint's colour stands apart from every Hashi validation state in every palette, also for colour-blind players.

Distances are CIE76 ΔE in CIELAB (about 2.3 is a just-noticeable difference; 20 and more
reads as a different colour at a glance), computed from the palettes the game draws with
(the painter's own state colours), under normal vision and under full deuteranopia,
protanopia and tritanopia simulated with Machado, Oliveira & Fernandes (2009).
The shape is the second cue: brackets and diamonds, which no validation state uses.
"""

from __future__ import annotations

import math

import pygame
import pytest

from arcade.games.hashi.formats import parse_puzzle
from arcade.games.hashi.view.painter import BoardPainter
from arcade.ui.theme import PALETTES, Theme

RGB = tuple[int, int, int]
#: What an island, bridge or mark can show: needs more, complete, too many, cannot complete,
#: cut off (amber), locked (plate), and the bridges of a cut-off group / crossing bridges.
STATES = ("short", "done", "over", "stuck", "closed", "plate", "w", "x")
MIN_DELTA_E = 20.0
MIN_CONTRAST = 3.0  # WCAG 2.1 1.4.11, non-text contrast against the board's background

_MACHADO = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encode(v: float) -> int:
    v = 12.92 * v if v <= 0.0031308 else 1.055 * max(v, 0.0) ** (1 / 2.4) - 0.055
    return max(0, min(255, round(v * 255)))


def simulate(rgb: RGB, vision: str) -> RGB:
    if vision == "normal":
        return rgb
    lin = [_linear(c) for c in rgb]
    m = _MACHADO[vision]
    return tuple(_encode(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))  # type: ignore[return-value]


def lab(rgb: RGB) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: RGB, b: RGB) -> float:
    return math.dist(lab(a), lab(b))


def contrast(a: RGB, b: RGB) -> float:
    def luminance(c: RGB) -> float:
        r, g, bl = (_linear(v) for v in c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def state_colours(palette: str) -> tuple[Theme, dict[str, RGB]]:
    theme = Theme(palette)
    painter = BoardPainter(parse_puzzle("1.1\n"))
    painter.theme = theme
    colours = painter.colours()
    return theme, {name: colours[name] for name in STATES}


def test_the_measure_can_fail():
    """The old hint colour in Tol's palette was the cut-off amber itself."""
    theme, states = state_colours("tol-bright")
    assert delta_e(theme["highlight"], states["closed"]) < 1
    assert delta_e((0, 0, 0), (255, 255, 255)) == pytest.approx(100, abs=0.5)
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21, abs=0.01)


@pytest.mark.parametrize("palette", list(PALETTES))
@pytest.mark.parametrize("vision", ["normal", *_MACHADO])
def test_hint_colour_is_far_from_every_validation_state(palette, vision):
    theme, states = state_colours(palette)
    hint = simulate(theme["hint"], vision)
    for name, colour in states.items():
        distance = delta_e(hint, simulate(colour, vision))
        assert distance >= MIN_DELTA_E, f"{palette}, {vision}: hint vs {name} is only ΔE {distance:.1f}"


@pytest.mark.parametrize("palette", list(PALETTES))
def test_hint_colour_stands_out_on_the_board(palette):
    theme, states = state_colours(palette)
    assert contrast(theme["hint"], theme["background"]) >= MIN_CONTRAST
    # The badge's number is dark ink on the hint colour.
    assert contrast(theme["hint"], theme["text_dark"]) >= 4.5
    # The amber "cut off" state the issue found the old highlight lost against.
    assert delta_e(theme["hint"], states["closed"]) >= 30


@pytest.mark.parametrize("text", ["2.2.2\n.....\n2.3.5\n.....\n2...2\n", "# topology: torus\n2...2\n.....\n1...1\n"])
@pytest.mark.parametrize("size", [(800, 300), (640, 240), (1280, 560), (300, 900), (90, 70)])
def test_the_frame_around_the_board_lies_inside_its_area(text, size):
    """At the fit the frame's bottom line was drawn outside the board's area and clipped away."""
    painter = BoardPainter(parse_puzzle(text))
    area = pygame.Rect(10, 60, *size)
    painter.layout(area)
    pad = max(2, painter.view.cell // 8)
    frame = painter.view.board_rect.inflate(2 * pad, 2 * pad)
    # Its lines are drawn on rect.left/top and on rect.right/bottom themselves (one past the rect).
    assert area.collidepoint(frame.topleft) and area.collidepoint(frame.bottomright), (frame, area)
