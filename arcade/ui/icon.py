"""The window and desktop icon (ui): drawn by this code, saved as ``assets/puzzle-arcade.png``.

Four quarters, one per game, on a dark rounded tile: two Hashi islands joined by a double
bridge, a Runway lane with a hole, the Battle Royale storm closing on its centre, and a
Tron trail turning a corner. Drawn at 4x and smoothed down, so edges are anti-aliased.

``python -m arcade.ui.icon`` redraws the committed PNG (256 px, also used by the
freedesktop ``.desktop`` entry); :func:`set_window_icon` loads it for the window.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

ICON_NAME = "puzzle-arcade.png"
#: The Okabe-Ito colours of the default palette (colour-blind safe).
BACKGROUND = (24, 28, 36)
TILE = (38, 44, 56)
BLUE = (86, 180, 233)
ORANGE = (230, 159, 0)
GREEN = (0, 158, 115)
YELLOW = (240, 228, 66)
WHITE = (235, 238, 242)


def draw_icon(size: int = 256) -> pygame.Surface:
    """The icon as a ``size`` x ``size`` surface with alpha (needs no display)."""
    scale = 4
    s = size * scale
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.rect(big, BACKGROUND, (0, 0, s, s), border_radius=s // 6)
    half = s // 2
    pad = s // 16
    q = half - pad - pad // 2  # side of a quarter tile
    corners = [(pad, pad), (half + pad // 2, pad), (pad, half + pad // 2), (half + pad // 2, half + pad // 2)]
    for x, y in corners:
        pygame.draw.rect(big, TILE, (x, y, q, q), border_radius=q // 8)
    # Hashi: two islands and a double bridge.
    x, y = corners[0]
    r = q // 6
    a, b = (x + q // 4, y + q // 2), (x + 3 * q // 4, y + q // 2)
    for dy in (-r // 2, r // 2):
        pygame.draw.line(big, WHITE, (a[0], a[1] + dy), (b[0], b[1] + dy), max(2, s // 96))
    for centre in (a, b):
        pygame.draw.circle(big, BLUE, centre, r)
        pygame.draw.circle(big, WHITE, centre, r, max(2, s // 128))
    # Runway: a lane, a hole and a bike about to jump it.
    x, y = corners[1]
    lane = pygame.Rect(x + q // 10, y + q // 2 - q // 8, q - q // 5, q // 4)
    pygame.draw.rect(big, (70, 78, 92), lane, border_radius=q // 24)
    pygame.draw.rect(big, BACKGROUND, (x + q // 2, lane.y, q // 6, lane.h))
    pygame.draw.circle(big, ORANGE, (x + q // 4, y + q // 2), q // 10)
    # Battle Royale: the storm's rings closing on the centre.
    x, y = corners[2]
    for k, colour in enumerate((GREEN, (0, 120, 90), YELLOW)):
        inset = q // 8 + k * q // 7
        pygame.draw.rect(big, colour, (x + inset, y + inset, q - 2 * inset, q - 2 * inset),
                         width=max(3, s // 80) if k < 2 else 0, border_radius=q // 24)
    # Tron: a trail that turns a corner, with its head.
    x, y = corners[3]
    w = max(4, q // 10)
    points = [(x + q // 6, y + 5 * q // 6), (x + q // 6, y + q // 3), (x + 2 * q // 3, y + q // 3),
              (x + 2 * q // 3, y + 2 * q // 3)]
    pygame.draw.lines(big, BLUE, False, points, w)
    pygame.draw.rect(big, WHITE, (points[-1][0] - w, points[-1][1] - w // 2, 2 * w, 2 * w))
    return pygame.transform.smoothscale(big, (size, size))


def icon_path() -> Path:
    """The committed icon PNG in the bundled assets (:func:`main` redraws it); FileNotFoundError if
    the assets folder is missing, which :func:`set_window_icon` treats as no icon.
    """
    from arcade.services.resources import assets_dir

    return assets_dir() / ICON_NAME


def set_window_icon() -> bool:
    """Give the window our icon (call once the display is initialised); False if it cannot.

    An icon is decoration: a missing or unreadable file never stops the program.
    """
    try:
        pygame.display.set_icon(pygame.image.load(str(icon_path())))
    except (pygame.error, OSError, FileNotFoundError):
        return False
    return True


def main(argv: list[str]) -> int:
    """``python -m arcade.ui.icon [OUT.png]``: redraw the committed icon."""
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[2] / "assets" / ICON_NAME
    pygame.image.save(draw_icon(256), str(out))
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
