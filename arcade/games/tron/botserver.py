"""A bot in its own process for the game window (game AI host, pure): JSON lines in, JSON lines out.

``python -m arcade.games.tron.botserver NAME SEED`` reads one request per line --
``{"id": 7, "ms": 80, "board": "W H\\n...rows..."}`` with the board in the 2010 contest
format as seen by the bot -- and answers ``{"id": 7, "dir": "N", "reason": ..., "depth":
..., "nodes": ..., "ms": ...}``; ``{"reset": true, "width": W, "height": H}`` starts a round
(no answer: the bot forgets the last one and makes its buffers for that board). The search
runs here rather than in a thread of the
window's process, so it never competes with the frame loop for Python's GIL. The
budget clock starts when the request line has been read.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from typing import TextIO

from arcade.core.errors import ArcadeError
from arcade.core.inputs import parse_json
from arcade.games.tron.ai import make_bot
from arcade.games.tron.board import Board
from arcade.games.tron.logic import MAX_SIDE, parse_map
from arcade.games.tron.match import bot_deadline


def handle(bot_name: str, seed: int, stdin: TextIO, stdout: TextIO) -> int:
    """Answer requests from ``stdin`` on ``stdout`` until stdin closes (the protocol is in the module
    docstring); a damaged request gets an ``error`` reply, never a crash, so the window can say why.
    """
    bot = make_bot(bot_name, seed)
    stdout.write(json.dumps({"ready": bot.name}) + "\n")
    stdout.flush()
    for line in stdin:
        started = time.perf_counter()
        if not line.strip():
            continue
        request = None
        try:
            request = parse_json(line)  # damaged requests are ValueErrors, answered below
            if request.get("reset"):
                bot.reset()
                width, height = request.get("width"), request.get("height")
                if all(type(n) is int and 0 < n <= MAX_SIDE for n in (width, height)):
                    bot.prepare(width, height)  # the round's board: its buffers before its first answer
                continue
            board = Board.from_level(parse_map(request["board"], "<request>"), 0)
            decision = bot.decide(board, bot_deadline(started, float(request["ms"]), bot.search_share))
            reply = {"id": request["id"], "dir": decision.direction, "reason": decision.reason,
                     "depth": decision.depth, "nodes": decision.nodes,
                     "ms": round((time.perf_counter() - started) * 1000, 2)}
        except (ValueError, KeyError, TypeError, ArcadeError) as exc:
            reply = {"id": request.get("id") if isinstance(request, dict) else None, "error": str(exc)}
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    """The child process's entry: ``NAME SEED`` from ``argv``, at a lower priority than the window;
    0 when the window closes the pipe or interrupts it.
    """
    args = sys.argv[1:] if argv is None else argv
    name = args[0] if args else "flood-fill"
    seed = int(args[1]) if len(args) > 1 else 0
    if hasattr(os, "nice"):
        # Below the window's priority: on a busy machine the frames come first, the bot
        # still answers by its deadline (it just searches a little less deep).
        with contextlib.suppress(OSError):
            os.nice(10)
    try:
        return handle(name, seed, sys.stdin, sys.stdout)
    except (KeyboardInterrupt, BrokenPipeError):
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
