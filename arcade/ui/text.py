"""Text on screen (ui): one line drawn with the theme, shortened to fit, and text wrapped into lines.

Every scene and game view draws its words through :func:`draw_text` (the theme's font at the UI
scale) and wraps them with :func:`wrap_text` and its variants, so a text fits its room the same
way everywhere; :func:`wholly_inside` is the rule a scrolling column of such lines draws by. They
are separate from the widgets because text is drawn by far more code than buttons are.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from arcade.ui.theme import Theme


def fitting_prefix(text: str, room: int, width: Callable[[str], int], end: str = "") -> str:
    """The longest start of ``text`` that, followed by ``end``, is at most ``room`` pixels wide
    (``width`` measures a text); "" when not even one character fits.

    Found by halving, about 20 measurements for any length. Every place that shortened a text
    took one character off and measured again, as many times as characters went: a level whose
    title was a 2 MB line (a hostile or broken file) hung the window in its first frame, deaf to
    SIGTERM, for longer than ten minutes.
    """
    low, high = 0, len(text)  # text[:low] + end fits (or low is 0); text[:high + 1] + end does not
    while low < high:
        middle = (low + high + 1) // 2
        if width(text[:middle] + end) <= room:
            low = middle
        else:
            high = middle - 1
    return text[:low]


def draw_text(
    surface: pygame.Surface,
    theme: Theme,
    text: str,
    pos: tuple[float, float],
    *,
    size: int = 18,
    colour: tuple[int, int, int] | None = None,
    bold: bool = False,
    anchor: str = "topleft",
    max_width: int | None = None,
    fixed: bool = False,
) -> pygame.Rect:
    """Render one line of text anchored at ``pos``; long text is shortened with an ellipsis.
    ``size`` is in design pixels, drawn at the theme's UI scale unless ``fixed`` (see :meth:`Theme.font`)."""
    font = theme.font(size, bold, fixed=fixed)
    colour = colour or theme["text"]
    if max_width is not None and font.size(text)[0] > max_width:
        text = fitting_prefix(text, max_width, lambda t: font.size(t)[0], "…") + "…"
    image = font.render(text, True, colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def wholly_inside(top: int, height: int, area: pygame.Rect) -> bool:
    """Whether something ``height`` tall from ``top`` lies between ``area``'s top and bottom edges.
    A scrolling column draws only what is wholly inside, never half of it: How to play's key row
    cut by the column's edge was an unreadable sliver, and the level picker's "MEDIUM" heading
    stood at the list's bottom with its first level cut off below it."""
    return area.top <= top and top + height <= area.bottom


def wrap_text(theme: Theme, text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels.

    A number stays on the line of the word before it (when the two fit a line): a hint's "the 5
    at row 3, column 5" could end a line on "column" and start the next on "5 needs", a cell's
    name cut in two. A parenthesised aside that fits a line on its own starts a line rather than
    being cut in two: a status line read "… (Hint" / "again to play it)" (see :func:`_aside_end`)."""
    font = theme.font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        units: list[str] = []
        for word in paragraph.split(" "):
            if units and units[-1] and word[:1].isdigit() and font.size(f"{units[-1]} {word}")[0] <= width:
                units[-1] = f"{units[-1]} {word}"
            else:
                units.append(word)
        line = ""
        for i, word in enumerate(units):
            trial = f"{line} {word}".strip()
            end = _aside_end(units, i) if line else None
            if end is not None:
                aside = " ".join(units[i:end + 1])
                if font.size(aside)[0] <= width and font.size(f"{line} {aside}")[0] > width:
                    lines.append(line)  # the aside would be cut in two, and fits the next line whole
                    line = word
                    continue
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def _aside_end(units: list[str], start: int) -> int | None:
    """The index of the unit that closes the "(…)" aside opening at ``units[start]`` (it may be
    that unit), or None when no aside opens there or it never closes (then the text wraps as ever)."""
    if not units[start].startswith("("):
        return None
    depth = 0
    for i in range(start, len(units)):
        depth += units[i].count("(") - units[i].count(")")
        if depth <= 0:
            return i
    return None


def wrap_balanced(theme: Theme, text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """:func:`wrap_text` in as few lines, as even as they can be: a centred banner wrapped greedily
    left a last word alone on its line (Tron's "… turn now if you" / "like")."""
    lines = wrap_text(theme, text, size, width, bold)
    if len(lines) < 2:
        return lines
    low, high = 1, width  # the narrowest width that still takes no more lines
    while low < high:
        middle = (low + high) // 2
        if len(wrap_text(theme, text, size, middle, bold)) <= len(lines):
            high = middle
        else:
            low = middle + 1
    return wrap_text(theme, text, size, high, bold)


def wrap_whole(theme: Theme, text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` in lines that each fit ``width`` pixels, none of it cut: broken at spaces, and a word
    wider than the line (a path) broken where it must be. Joined with spaces, the lines give back
    the text's words (a message shortened with "…" at the useful part told nobody anything)."""
    font = theme.font(size, bold)
    out: list[str] = []
    for line in wrap_text(theme, text, size, width, bold):
        while font.size(line)[0] > width and len(line) > 1:
            cut = max(1, len(fitting_prefix(line[:-1], width, lambda t: font.size(t)[0])))
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out
