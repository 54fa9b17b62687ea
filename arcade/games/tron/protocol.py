"""The Google AI Challenge 2010 bot protocol (game I/O, pure): boards in, one digit out.

Each turn the referee writes ``W H`` and H rows of the board as the bot sees it: ``1``
is the bot's own head, ``2`` the opponent's, ``#`` every wall and trail, space the free
floor. The bot answers one line: ``1`` north, ``2`` east, ``3`` south, ``4`` west. We
answer every board until input ends, each within the time budget: the clock starts
when the board's last row has been read.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TextIO

from arcade.core.errors import FormatError, quoted
from arcade.core.inputs import read_line
from arcade.core.numbers import NumberError, parse_int
from arcade.games.tron.ai import Bot
from arcade.games.tron.board import PROTOCOL, Board
from arcade.games.tron.logic import MAX_SIDE, parse_map
from arcade.games.tron.match import bot_deadline


def read_boards(stream: TextIO, source: str = "<stdin>") -> Iterator[tuple[Board, float]]:
    """Yield (board, time it was read) for each board on ``stream``; blank lines between boards are skipped.

    The size line is checked before any row is read, and no line is buffered past
    :data:`~arcade.core.inputs.MAX_LINE_CHARS`, so a hostile referee cannot make us
    hold more than one legal board in memory. A byte-order mark before the first board is
    skipped (map files are read with it; ``bot tron < map.txt`` named it and stopped).
    """
    number = 0
    while True:
        number += 1
        line = read_line(stream, source, number)
        if not line:
            return
        if number == 1:
            line = line.removeprefix("\ufeff")  # a map saved by Notepad and piped in, as map files are read
        if not line.strip():
            continue
        first = number
        parts = line.split()
        if len(parts) != 2:
            raise FormatError(source, number, f"expected 'WIDTH HEIGHT', got {quoted(line.strip())}")
        try:
            parse_int(parts[0], 1, MAX_SIDE, "the board width")
            height = parse_int(parts[1], 1, MAX_SIDE, "the board height")
        except NumberError as exc:
            raise FormatError(source, number, str(exc)) from None
        rows = [line.rstrip("\r\n")]
        for _ in range(height):
            number += 1
            row = read_line(stream, source, number, limit=MAX_SIDE + 2)
            if not row:
                raise FormatError(source, number, f"input ended inside the board that starts on line {first}")
            rows.append(row.rstrip("\r\n"))
        read_at = time.perf_counter()
        text = "\n".join(rows) + "\n"
        try:
            level = parse_map(text, source)
        except FormatError as exc:
            line_no = None if exc.line is None else first + exc.line - 1
            raise FormatError(source, line_no, exc.message) from None
        yield Board.from_level(level, 0), read_at


def answer(bot: Bot, board: Board, read_at: float, budget_ms: float) -> str:
    """The protocol digit for ``board`` (decided before the budget, counted from ``read_at``)."""
    decision = bot.decide(board, bot_deadline(read_at, budget_ms, bot.search_share))
    return str(PROTOCOL[decision.direction])


def serve(bot: Bot, stdin: TextIO, stdout: TextIO, budget_ms: float, source: str = "<stdin>") -> int:
    """Answer boards until input ends; returns how many were answered."""
    count = 0
    for board, read_at in read_boards(stdin, source):
        stdout.write(answer(bot, board, read_at, budget_ms) + "\n")
        stdout.flush()
        count += 1
    return count


def board_text(board: Board) -> str:
    """A board as the referee sends it (for tests and tools)."""
    geo = board.geo
    return f"{geo.width} {geo.height}\n" + "\n".join(board.to_rows()) + "\n"
