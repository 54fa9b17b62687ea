"""The number parser and the bounded input readers every CLI path shares (core.numbers, core.inputs)."""

from __future__ import annotations

import io
import os

import pytest

from arcade.core.errors import FormatError
from arcade.core.inputs import read_line, read_stream_text, read_text_file
from arcade.core.numbers import NumberError, checked_float, is_finite_number, parse_int


@pytest.mark.parametrize("text, value", [("0", 0), ("42", 42), (" 7\n", 7), ("-3", -3), ("9" * 20, int("9" * 20))])
def test_parse_int_accepts_ascii_digits(text, value):
    assert parse_int(text) == value


@pytest.mark.parametrize("text, message", [
    ("\u00b2", "digits 0-9"),  # superscript two: isdigit() but not int()
    ("\u0663", "digits 0-9"),  # Arabic-Indic three: int() would accept it
    ("1_000", "digits 0-9"), ("+5", "digits 0-9"), ("1e3", "digits 0-9"), ("", "digits 0-9"), ("--1", "digits 0-9"),
    ("9" * 21, "too many digits"), ("9" * 5000, "too many digits"),
])
def test_parse_int_refuses_everything_else_in_one_short_line(text, message):
    with pytest.raises(NumberError, match=message) as info:
        parse_int(text, what="the width")
    assert str(info.value).startswith("the width") and len(str(info.value)) < 100


def test_parse_int_checks_the_range_and_names_it():
    assert parse_int("5", 1, 5) == 5
    with pytest.raises(NumberError, match="between 1 and 5, got 6"):
        parse_int("6", 1, 5)
    with pytest.raises(NumberError, match="at least 1, got 0"):
        parse_int("0", 1)
    with pytest.raises(NumberError, match="at most 9, got 10"):
        parse_int("10", hi=9)


def test_read_text_file_refuses_what_is_not_a_small_regular_utf8_file(tmp_path):
    good = tmp_path / "good.txt"
    good.write_bytes(b"\xef\xbb\xbfhello\n")  # a byte-order mark is skipped
    assert read_text_file(good) == "hello\n"
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 101)
    with pytest.raises(FormatError, match="limit is 100"):
        read_text_file(big, limit=100)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path, message in [(fifo, "FIFO"), (tmp_path, "directory"), ("/dev/zero", "device"),
                          (tmp_path / "missing", "cannot read")]:
        with pytest.raises(FormatError, match=message):
            read_text_file(path)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\n\xc3\x28")
    with pytest.raises(FormatError, match="byte 0xc3 at offset 3"):
        read_text_file(bad)


def test_read_stream_text_reads_at_most_the_limit_and_decodes_strictly():
    assert read_stream_text(io.BytesIO(b"abc")) == "abc"
    with pytest.raises(FormatError, match="larger than the limit of 2 bytes"):
        read_stream_text(io.BytesIO(b"abc"), limit=2)
    with pytest.raises(FormatError, match="not a UTF-8"):
        read_stream_text(io.TextIOWrapper(io.BytesIO(b"\xff"), encoding="latin-1"))  # its bytes are read


def test_read_line_never_buffers_more_than_the_limit():
    stream = io.StringIO("short\n" + "x" * 50 + "\n")
    assert read_line(stream, "<in>", 1, limit=10) == "short\n"
    with pytest.raises(FormatError, match="<in>:2: line is longer than 10"):
        read_line(stream, "<in>", 2, limit=10)
    assert stream.tell() <= len("short\n") + 11


def test_plural_says_one_in_the_singular_and_any_other_count_in_the_plural():
    from arcade.core.words import NBSP, plural

    assert [plural(n, "move") for n in (0, 1, 2)] == ["0 moves", "1 move", "2 moves"]
    assert plural(1, "match", "matches") == "1 match" and plural(3, "match", "matches") == "3 matches"
    assert plural(1, "move", joiner=NBSP) == "1\u00a0move"


@pytest.mark.parametrize("value", [10**400, -(10**400), float("nan"), float("inf"), True, "3", None, [1]],
                         ids=["huge", "-huge", "nan", "inf", "bool", "text", "null", "list"])
def test_checked_float_refuses_what_no_float_holds_with_a_value_error(value):
    """``float(10**400)`` is an OverflowError: a save with a 400-digit number crashed every start."""
    assert not is_finite_number(value)
    with pytest.raises(ValueError, match="'elapsed'"):
        checked_float(value, 0, 1e9, "'elapsed'")


def test_checked_float_keeps_ordinary_numbers_and_their_range():
    assert checked_float(12, 0, 100) == 12.0 and checked_float(2.5, 0, 100) == 2.5
    assert is_finite_number(10**300)
    with pytest.raises(ValueError, match="outside"):
        checked_float(10**300, 0, 100)
