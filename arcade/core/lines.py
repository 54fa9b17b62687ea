"""Lines of a line protocol as they arrive (core, pure): CR, LF and CRLF end a line at once.

``bot tron`` and ``bot runway`` answer a referee turn by turn. Python's text streams in universal
newline mode (``newline=None`` or ``""``) hold back a CR that ends what has arrived so far, to see
whether an LF follows: a referee whose lines end in CR alone, waiting for the answer, never got
one -- the bot waited for the next byte and the referee timed it out. :class:`ProtocolLines`
ends a line at its CR at once and, when the next bytes begin with LF, takes that LF as the rest
of the same CRLF (a CR at the end of one pipe write and an LF at the start of the next are one
line end, never an empty line).
"""

from __future__ import annotations

import codecs
import io
from typing import BinaryIO, TextIO

#: Bytes asked of the stream at a time (``read1`` returns what has arrived, up to this).
CHUNK = 8192


class ProtocolLines(io.TextIOBase):
    """``readline`` over a binary stream: strict UTF-8, every line end given as ``"\\n"``.

    Only what a line protocol needs (:func:`arcade.core.inputs.read_line` calls ``readline``);
    nothing is read beyond what the stream has already delivered. Each line is decoded on its own,
    so a byte that is not UTF-8 is blamed on its own line (a text stream decodes a whole pipe
    write at once, and named the first line of it).
    """

    def __init__(self, raw: BinaryIO) -> None:
        super().__init__()
        self._raw = raw
        self._buf = b""
        self._after_cr = False  # the last line ended in a CR whose LF may come next
        self._ended = False

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:
        """The next line with its end as ``"\\n"`` ('' at end of input); at most ``size``
        characters when ``size`` >= 0 (a longer line comes back cut, without its end).
        Raises UnicodeDecodeError, its ``object`` the line's bytes, for a line that is not UTF-8."""
        limit = -1 if size is None else size
        while True:
            if self._after_cr and self._buf:
                self._after_cr = False
                if self._buf.startswith(b"\n"):
                    self._buf = self._buf[1:]
                    continue
            line = self._take_line(limit)
            if line is not None:
                return line
            if self._ended:
                line, self._buf = self._buf.decode("utf-8"), b""
                return line
            chunk = getattr(self._raw, "read1", self._raw.read)(CHUNK)
            self._ended = not chunk
            self._buf += chunk

    def _take_line(self, limit: int) -> str | None:
        buf = self._buf
        ends = [i for i in (buf.find(b"\r"), buf.find(b"\n")) if i >= 0]  # never inside a UTF-8 character
        if ends:
            end = min(ends)
            text = buf[:end].decode("utf-8")
            if limit < 0 or len(text) < limit:
                after = end + 1
                if buf[end:after] == b"\r":
                    if after < len(buf):
                        after += buf[after:after + 1] == b"\n"
                    else:
                        self._after_cr = True  # its LF, if any, is still on the way
                self._buf = buf[after:]
                return text + "\n"
            return self._cut(text, buf[end:], limit)
        if 0 <= limit <= len(buf):  # perhaps that many characters already (never more than bytes)
            decoder = codecs.getincrementaldecoder("utf-8")("strict")
            text = decoder.decode(buf)
            if len(text) >= limit:
                return self._cut(text, decoder.getstate()[0], limit)
        return None

    def _cut(self, text: str, rest: bytes, limit: int) -> str:
        """The first ``limit`` characters of a line too long for the caller; the rest stays."""
        self._buf = text[limit:].encode("utf-8") + rest
        return text[:limit]


def protocol_lines(stream: TextIO | None) -> TextIO | None:
    """``stream`` (stdin) read as :class:`ProtocolLines` when it has a binary buffer underneath;
    a stream without one (a StringIO in tests) or None (stdin closed) is returned as it is."""
    raw = getattr(stream, "buffer", None)
    return stream if raw is None else ProtocolLines(raw)


__all__ = ["ProtocolLines", "protocol_lines"]
