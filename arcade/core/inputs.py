"""Reading what a user hands us (core): bounded before it is buffered, strict UTF-8, regular files only.

A level path can name a FIFO with no writer (``open`` blocks for ever), ``/dev/zero``
(``read()`` never ends, then MemoryError), a directory, or a file in another encoding.
Every text input of the command line goes through these helpers, which refuse such
things up front with a :class:`FormatError` naming the source, so the CLI prints one line
and exits 2. Nothing here blocks except a read from a stream the user chose (stdin).
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from arcade.core.errors import FormatError

#: The largest file or stdin text we read (the biggest bundled level is about 10 kB).
MAX_INPUT_BYTES = 8 * 1024 * 1024
#: What a closed standard input (``sys.stdin`` None) is called.
NO_INPUT = "no input"
#: The longest line a line protocol (bots) accepts; the widest legal board row is far shorter.
MAX_LINE_CHARS = 64 * 1024


def describe_mode(mode: int) -> str:
    """What a file that is not a regular one is, in words ("a FIFO (named pipe)", "a device")."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def printable_name(text: str) -> str:
    """``text`` -- a file name or a command line argument -- with the bytes that were not UTF-8
    (Python keeps them as lone surrogates, ``\\udcfb``) shown as ``\\xfb``: it can be printed, and
    written into a CSV or JSON file, in any UTF-8 output. A map file named ``\\xfb.txt`` played
    all its rounds, then its id stopped the table and the results file (exit 74, nothing written).
    Names that were UTF-8 come back unchanged. (A name holding the four characters ``\xfb``
    and one holding the byte 0xfb read the same: it is for showing and recording, not a key.)"""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a surrogate no file name makes (from "\\ud800" in the text itself)
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def path_type(text: str) -> Path:
    """A file or folder named on the command line (argparse ``type=``): any name but the empty one.

    ``Path("")`` is ``.``, the current folder: ``generate hashi --out ""`` and ``--save-replays ""``
    wrote their files wherever the command was started, and ``--replay ""`` said ".: a directory".
    """
    if not text:
        raise argparse.ArgumentTypeError("an empty file name")
    return Path(text)


def input_folder_type(pattern: str) -> Callable[[str], Path]:
    """A folder of input files named on the command line (argparse ``type=``): it must exist and
    hold at least one file matching ``pattern``, or the command stops at once with one line.

    ``bench hashi --data`` given a missing folder, a file or an empty folder said "not found:
    pass --data DIR" -- to a user who had -- after the frame benchmark, or quietly benched
    another folder it found by itself; the typo is now named before any work.
    """
    def convert(text: str) -> Path:
        path = path_type(text)
        try:
            mode = os.stat(path).st_mode
        except OSError as exc:
            raise argparse.ArgumentTypeError(f"{printable_name(text)}: {exc.strerror or exc}") from None
        if not stat.S_ISDIR(mode):
            what = "a file" if stat.S_ISREG(mode) else describe_mode(mode)
            raise argparse.ArgumentTypeError(f"{printable_name(text)}: {what}, not a folder")
        if not os.access(path, os.R_OK | os.X_OK):  # glob finds nothing in a folder it cannot list
            raise argparse.ArgumentTypeError(f"{printable_name(text)}: cannot read this folder (Permission denied)")
        if not any(path.glob(pattern)):
            raise argparse.ArgumentTypeError(f"{printable_name(text)}: no {pattern} file in this folder")
        return path
    return convert


def decode_text(data: bytes, source: str) -> str:
    """Strict UTF-8 (a leading byte-order mark is skipped); a bad byte is a FormatError with its offset."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(source, None, not_utf8(data, exc.start)) from None


#: What every reader says of bytes that are not UTF-8, a file's or a program's (:func:`not_utf8`).
NOT_UTF8_FILE = "a UTF-8 text file"
NOT_UTF8_TEXT = "UTF-8 text"


def not_utf8(data: bytes, start: int | None, what: str = NOT_UTF8_FILE) -> str:
    """The one wording of input that does not decode, whoever reads it: "not a UTF-8 text file (byte
    0xff at offset 12)", "not a UTF-8 text file: UTF-16 text (save it as UTF-8)" -- ``what`` is
    :data:`NOT_UTF8_TEXT` for a program's line ("not UTF-8 text (byte 0xff at offset 3)").

    A level file, a replay and a bot's answer said it three ways ("not a UTF-8 text file (byte ...)",
    "not UTF-8 text", "answered '\ufffd'"). A file saved as "Unicode" by Windows' Notepad is UTF-16
    with a byte-order mark: "byte 0xff at offset 0" left the user guessing what to change, so its
    encoding is named (PNG and PDF too). ``start`` is the first bad byte's offset in ``data`` (None:
    ``data`` is a piece of a stream, the byte alone is named, not where it was).
    """
    known = next((kind for magic, codec, kind in _NOT_UTF8
                  if data.startswith(magic) and (codec is None or _decodes(data, codec))), None)
    if known is not None and start is not None:
        return f"not {what}: {known}"
    if start is None or not 0 <= start < len(data):
        bad = next((b for b in data if b >= 0x80), None)
        return f"not {what} (byte 0x{bad:02x})" if bad is not None else f"not {what}"
    return f"not {what} (byte 0x{data[start]:02x} at offset {start})"


#: Leading bytes of what users hand us instead of UTF-8 text, the codec that must then read it all
#: (None: the bytes alone say it) and what to call it. UTF-32 before UTF-16: its little-endian
#: mark starts with UTF-16's.
_NOT_UTF8: tuple[tuple[bytes, str | None, str], ...] = (
    (b"\xff\xfe\x00\x00", "utf-32", "UTF-32 text (save it as UTF-8)"),
    (b"\x00\x00\xfe\xff", "utf-32", "UTF-32 text (save it as UTF-8)"),
    (b"\xff\xfe", "utf-16", "UTF-16 text (save it as UTF-8)"),
    (b"\xfe\xff", "utf-16", "UTF-16 text (save it as UTF-8)"),
    (b"\x89PNG", None, "a PNG image"),
    (b"%PDF", None, "a PDF document"),
)


def _decodes(data: bytes, codec: str) -> bool:
    """Whether ``data`` is text in ``codec`` from start to end (a BOM alone proves little)."""
    try:
        data.decode(codec)
    except UnicodeDecodeError:
        return False
    return True


def check_regular_file(path: str | Path, limit: int = MAX_INPUT_BYTES) -> os.stat_result:
    """The file's stat if it is a regular file of at most ``limit`` bytes, else a FormatError.

    ``stat`` never blocks, unlike ``open`` on a FIFO, so FIFOs and devices are refused
    before anything waits on them.
    """
    try:
        info = os.stat(path)
    except OSError as exc:
        raise FormatError(str(path), None, f"cannot read file: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise FormatError(str(path), None, f"{describe_mode(info.st_mode)}, not a regular file")
    if info.st_size > limit:
        raise FormatError(str(path), None, f"file is {info.st_size} bytes; the limit is {limit}")
    return info


#: What ``stat`` says of a path that is not there (or is no path at all): a missing file, a missing
#: folder on the way, a file used as a folder, a name too long for the file system.
_ABSENT = (errno.ENOENT, errno.ENOTDIR, errno.ENAMETOOLONG)


def check_reachable(path: str | Path) -> None:
    """A FormatError ("cannot read file: Permission denied") for a path that may be there but cannot
    be looked at -- in a folder this user cannot enter, or a symbolic-link loop; nothing otherwise.

    ``Path.is_file`` and ``Path.exists`` raise there instead of answering, and the OSError ended
    ``play --level`` as an output failure ("cannot write LEVEL", exit 74) or was read as no file at
    all ("no level file or bundled level ..." of a file that is there).
    """
    try:
        os.stat(path)
    except ValueError:  # a NUL byte: no path at all
        return
    except OSError as exc:
        if exc.errno not in _ABSENT:
            raise FormatError(str(path), None, f"cannot read file: {exc.strerror or exc}") from None


def read_bytes_file(path: str | Path, limit: int = MAX_INPUT_BYTES) -> bytes:
    """At most ``limit`` bytes of a regular file (a file that grew past it meanwhile is refused)."""
    check_regular_file(path, limit)
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise FormatError(str(path), None, f"cannot read file: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise FormatError(str(path), None, f"file is larger than the limit of {limit} bytes")
    return data


def read_text_file(path: str | Path, limit: int = MAX_INPUT_BYTES) -> str:
    """A regular file's text: bounded, strict UTF-8; every failure is a FormatError naming the file."""
    return decode_text(read_bytes_file(path, limit), str(path))


def read_stream_text(stream: BinaryIO | TextIO | None, source: str = "<stdin>", limit: int = MAX_INPUT_BYTES) -> str:
    """All of a stream (stdin), reading at most ``limit`` + 1 bytes; bytes are decoded strictly.

    Given a text stream, its underlying binary buffer is read when it has one, so the
    decoding does not depend on the locale (``PYTHONIOENCODING``). ``None`` -- what Python makes
    ``sys.stdin`` when the program starts with it closed (``<&-``) -- is "no input", not an
    AttributeError (exit 70).
    """
    if stream is None:
        raise FormatError(source, None, NO_INPUT)
    raw = getattr(stream, "buffer", stream)
    data = raw.read(limit + 1)
    if isinstance(data, str):  # a StringIO (tests)
        if len(data) > limit:
            raise FormatError(source, None, f"input is larger than the limit of {limit} characters")
        return data
    if len(data) > limit:
        raise FormatError(source, None, f"input is larger than the limit of {limit} bytes")
    return decode_text(data, source)


def parse_json(text: str | bytes) -> Any:
    """``json.loads`` where every damaged input is a ValueError (a JSONDecodeError when the JSON
    itself is broken), so a loader needs one ``except`` for all of them.

    ``json.loads`` has two more ways to fail on damaged text: 100000 ``[`` in a row raise
    RecursionError, and a 5000-digit number raises a ValueError about
    ``sys.set_int_max_str_digits``. Both ended commands as internal errors (exit 70). Here
    they are ValueErrors that say, in a user's words, what is wrong.
    """
    if isinstance(text, str):
        # A byte-order mark, as Notepad and some editors write it, made a hand-edited save or
        # settings file "damaged": the save was moved aside, the settings reset to the defaults.
        text = text.removeprefix("\ufeff")
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except ValueError as exc:  # only the integer digit limit gets here
        if "digits" in str(exc):
            raise ValueError("a number with too many digits") from None
        raise


def read_line(stream: TextIO | None, source: str, line: int, limit: int = MAX_LINE_CHARS) -> str:
    """One line of a line protocol ('' at end of input), never buffering more than ``limit`` characters.

    ``stream`` None (stdin closed, ``<&-``) is "no input", as for :func:`read_stream_text`.

    A text stream that cannot decode its bytes raises UnicodeDecodeError; that becomes a
    FormatError at this line too.
    """
    if stream is None:
        raise FormatError(source, None, NO_INPUT)
    try:
        text = stream.readline(limit + 1)
    except UnicodeDecodeError as exc:  # exc.object is the stream's chunk: its offsets are not the line's
        bad = exc.object[exc.start:exc.start + 1] if isinstance(exc.object, bytes) else b""
        raise FormatError(source, line, not_utf8(bad, None, NOT_UTF8_TEXT)) from None
    if len(text) > limit and not text.endswith("\n"):
        raise FormatError(source, line, f"line is longer than {limit} characters")
    return text
