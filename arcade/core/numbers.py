"""Numbers typed or read anywhere (core): ASCII digits only, with bounds.

``str.isdigit`` accepts ``²`` and other Unicode digits that ``int`` then refuses, and
``int`` accepts ``"١٢"`` (Arabic-Indic digits), underscores and thousands of digits; a
number a player types in a dialog or a file carries is therefore parsed here and nowhere
else, so every place gives the same one-line answer to the same bad text.
"""

from __future__ import annotations

import math
import re

_INT = re.compile(r"[+-]?[0-9]{1,18}")


def is_ascii_int(text: str) -> bool:
    """True for an optional sign and 1-18 ASCII digits (what :func:`parse_int` accepts before its bounds)."""
    return bool(_INT.fullmatch(text.strip()))


def parse_int(text: str, lo: int | None = None, hi: int | None = None, what: str = "number") -> int:
    """``text`` as an int in ``[lo, hi]``; ValueError with a one-line reason otherwise."""
    stripped = text.strip() if isinstance(text, str) else ""
    if not _INT.fullmatch(stripped):
        shown = text if isinstance(text, str) and len(text) <= 20 else f"{str(text)[:20]}…"
        raise ValueError(f"{what} must be a whole number in ASCII digits, got {shown!r}")
    value = int(stripped)
    if lo is not None and value < lo:
        raise ValueError(f"{what} must be at least {lo}, got {value}")
    if hi is not None and value > hi:
        raise ValueError(f"{what} must be at most {hi}, got {value}")
    return value


def checked_int(value: object, lo: int, hi: int, what: str = "number") -> int:
    """A JSON value that must be an int in ``[lo, hi]`` (bools are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} is not a whole number")
    if not lo <= value <= hi:
        raise ValueError(f"{what} {value} is outside {lo}..{hi}")
    return value


def checked_float(value: object, lo: float, hi: float, what: str = "number") -> float:
    """A JSON value that must be a finite number in ``[lo, hi]`` (NaN, infinities and bools refused)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{what} is not a number")
    number = float(value)
    if not math.isfinite(number) or not lo <= number <= hi:
        raise ValueError(f"{what} {value!r} is outside {lo:g}..{hi:g}")
    return number
