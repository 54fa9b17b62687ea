"""Whole numbers typed by a user (core): ASCII digits only, bounded before ``int()`` sees them.

Python's ``int()`` and ``str.isdigit`` accept far more than a user means by a number:
``"²".isdigit()`` is true but ``int("²")`` fails, ``int("٣")`` is 3, ``int("1_000")`` is
1000, and a 5000-digit string stops ``int()`` at its 4300-digit limit with a ValueError
that names neither the field nor the range. Every number the CLI, the file formats and
the bot protocols read goes through :func:`parse_int`, so they all accept the same
spelling and fail with the same kind of one-line message.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from arcade.core.errors import UsageError

#: The longest spelling accepted; no field needs more (seeds are < 2**63, 19 digits).
MAX_DIGITS = 20


class NumberError(UsageError):
    """A number that is not ASCII digits or is outside its range; ``str()`` is the one-line reason."""


def is_ascii_int(text: str, *, signed: bool = False) -> bool:
    """True when ``text`` is 1..MAX_DIGITS ASCII digits (with one leading ``-`` if ``signed``)."""
    digits = text[1:] if signed and text.startswith("-") else text
    return 0 < len(digits) <= MAX_DIGITS and digits.isascii() and digits.isdigit()


def parse_int(text: str, lo: int | None = None, hi: int | None = None, what: str = "number") -> int:
    """``text`` as an int in ``lo..hi`` (either bound may be None), else :class:`NumberError`.

    Accepts ASCII digits with an optional leading ``-`` and surrounding whitespace, nothing
    else (no ``+``, ``_``, Unicode digits or exponents). The message names ``what`` and the
    range and quotes at most 20 characters of the input.
    """
    raw = text.strip() if isinstance(text, str) else ""
    shown = raw if len(raw) <= 20 else raw[:17] + "..."
    if not is_ascii_int(raw, signed=True):
        digits = raw.removeprefix("-")
        if digits.isascii() and digits.isdigit():
            raise NumberError(f"{what}: {shown!r} has too many digits")
        raise NumberError(f"{what} must be a whole number written with digits 0-9, got {shown!r}")
    value = int(raw)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            wanted = f"between {lo} and {hi}"
        else:
            wanted = f"at least {lo}" if lo is not None else f"at most {hi}"
        raise NumberError(f"{what} must be {wanted}, got {value}")
    return value


def int_type(lo: int | None = None, hi: int | None = None, what: str = "number") -> Callable[[str], int]:
    """An argparse ``type=`` that uses :func:`parse_int` (argparse prints the reason on one line)."""

    def convert(text: str) -> int:
        try:
            return parse_int(text, lo, hi, what)
        except NumberError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = what  # argparse names the type in some messages
    return convert


def size_type(example: str) -> Callable[[str], tuple[int, int]]:
    """An argparse ``type=`` for ``WxH``: two ASCII whole numbers (``example`` is shown when it is not).

    Only the spelling is checked here; each command bounds the sides itself (a window, a map and
    a board have different limits).
    """

    def convert(text: str) -> tuple[int, int]:
        parts = text.lower().split("x")
        if len(parts) != 2 or not all(is_ascii_int(p) for p in parts):
            raise argparse.ArgumentTypeError(f"size must look like {example}, got {text[:20]!r}")
        return int(parts[0]), int(parts[1])

    convert.__name__ = "size"
    return convert


#: Seeds: any non-negative 63-bit number.
MAX_SEED = 2**63 - 1
seed_type = int_type(0, MAX_SEED, "seed")


def checked_int(value: object, lo: int, hi: int, what: str = "number") -> int:
    """A JSON value that must be an int in ``[lo, hi]`` (bools are not numbers here); ValueError if not.

    Saves and settings are read with this: their damage is a ValueError the loader turns
    into "moved aside" or "using the default", never a crash.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} is not a whole number")
    if not lo <= value <= hi:
        raise ValueError(f"{what} {value} is outside {lo}..{hi}")
    return value


def checked_float(value: object, lo: float, hi: float, what: str = "number") -> float:
    """A JSON value that must be a finite number in ``[lo, hi]`` (NaN, infinities and bools refused).

    JSON integers have no size limit: ``float()`` of a 400-digit one is an OverflowError, which no
    loader expected -- a save holding one stopped the program at every start. It is a ValueError here.
    """
    if not is_finite_number(value):
        raise ValueError(f"{what} is not a finite number")
    assert isinstance(value, (int, float))
    number = float(value)
    if not lo <= number <= hi:
        raise ValueError(f"{what} {number:g} is outside {lo:g}..{hi:g}")
    return number


def is_finite_number(value: object) -> bool:
    """Whether a JSON value is a number a float can hold: not a bool, NaN, an infinity, nor an
    integer too large for a float (whose ``float()`` raises OverflowError)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def milliseconds_type(what: str, lo: float = 1, hi: float = 60_000) -> Callable[[str], float]:
    """An argparse ``type=`` for a time in milliseconds within ``lo..hi`` (finite, ASCII)."""

    def convert(text: str) -> float:
        if not text.strip().isascii():  # float() reads '١٢٠' and '１２０'; users type 0-9 (see int_type)
            raise argparse.ArgumentTypeError(f"{what} must be a number written with digits 0-9, got {text[:20]!r}")
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected milliseconds, got {text[:20]!r}") from None
        if not lo <= value <= hi:  # also refuses NaN
            raise argparse.ArgumentTypeError(f"{what} must be {lo:g}..{hi:g} ms, got {text[:20]}")
        return value

    convert.__name__ = what
    return convert


def seconds_type(what: str) -> Callable[[str], float]:
    """An argparse ``type=`` for ``what`` (an option's name): a positive, finite number of seconds, at most a day."""

    def convert(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected seconds, got {text[:20]!r}") from None
        if not 0 < value <= 86_400:  # also refuses nan and inf
            raise argparse.ArgumentTypeError(f"{what} must be more than 0 and at most 86400 seconds, got {text[:20]}")
        return value

    convert.__name__ = what
    return convert
