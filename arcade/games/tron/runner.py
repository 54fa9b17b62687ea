"""Running bots off the frame loop (game AI host, no pygame): a thread for quick bots, a process for searchers.

The window asks a runner for a move (``request``) and looks for the answer every frame
(``poll``), so drawing never waits for a bot. Quick bots (random, straight, flood-fill)
answer in well under a millisecond and run in a thread. The searching bots run pure
Python flat out until their deadline; in a thread they would hold the GIL and make
frames stutter, so they run in a child process (:mod:`arcade.games.tron.botserver`)
spoken to in JSON lines, with a reader thread waiting on its output. Answers to an
older request are dropped: a bot's move is only ever used for the tick it was asked for.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
import time
from abc import ABC, abstractmethod
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path

import arcade
from arcade.core.inputs import parse_json
from arcade.games.tron.ai import make_bot
from arcade.games.tron.board import Board
from arcade.games.tron.logic import Level, State
from arcade.games.tron.match import bot_deadline
from arcade.games.tron.protocol import board_text
from arcade.services.daemon import DaemonThread

#: Bots that search until their deadline and therefore get their own process.
SEARCHERS = ("voronoi", "strongest")


@dataclass(frozen=True)
class Reply:
    """A bot's answer to request ``id``: its direction and why, the search's depth and nodes, and the
    time it took in ms (what the console panel and the move-time figures read).
    """

    id: int
    direction: str
    reason: str = ""
    depth: int = 0
    nodes: int = 0
    ms: float = 0.0
    #: An outside program's one-line reason for losing the round (its seat has lost), else "".
    failure: str = ""
    #: stderr lines an outside program wrote for this move (the console panel shows them).
    stderr: tuple[str, ...] = ()


class BotRunner(ABC):
    """Asks one bot for moves without blocking the caller."""

    def __init__(self, bot_name: str) -> None:
        self.bot_name = bot_name
        self.pending: int | None = None
        self.error = ""

    @abstractmethod
    def request(self, request_id: int, board: Board, budget_ms: float) -> None:
        """Start thinking about ``board``; an older request still running is superseded."""

    @abstractmethod
    def poll(self) -> Reply | None:
        """The answer to the latest request if it has arrived (once), else None."""

    def wait(self, timeout: float = 5.0) -> Reply | None:
        """Block until the latest answer arrives (tests and benchmarks only)."""
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            reply = self.poll()
            if reply is not None:
                return reply
            time.sleep(0.001)
        return None

    def reset(self, level: Level | None = None) -> None:
        """A new round (on ``level``, when it is about to begin): forget the pending request."""
        self.pending = None

    def close(self) -> None:  # noqa: B027 -- optional hook
        """Release the thread or process."""


class PooledRunner(BotRunner):
    """A runner whose answers come from one worker thread (our quick bots, outside programs).

    The thread is a daemon: closing the window never waits for it (a ``ThreadPoolExecutor``'s
    threads are joined at exit, and the window stayed until a program's answer came or timed out).
    """

    def __init__(self, bot_name: str, thread_name: str) -> None:
        super().__init__(bot_name)
        self._pool = DaemonThread(thread_name)
        self._future: Future[Reply] | None = None

    def poll(self) -> Reply | None:
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        error = future.exception()
        if error is not None:
            self.error = f"{type(error).__name__}: {error}"
            return None
        reply = future.result()
        if reply.id != self.pending:
            return None
        self.pending = None
        return reply


class ThreadRunner(PooledRunner):
    """A built-in bot thinking in a thread of the window's process: for the quick bots, whose
    answers do not need a process of their own (see :func:`make_runner`).
    """
    def __init__(self, bot_name: str, seed: int = 0) -> None:
        super().__init__(bot_name, f"tron-{bot_name}")
        self.bot = make_bot(bot_name, seed)

    def _think(self, request_id: int, board: Board, budget_ms: float, started: float) -> Reply:
        decision = self.bot.decide(board, bot_deadline(started, budget_ms, self.bot.search_share))
        return Reply(request_id, decision.direction, decision.reason, decision.depth, decision.nodes,
                     (time.perf_counter() - started) * 1000)

    def request(self, request_id: int, board: Board, budget_ms: float) -> None:
        self.pending = request_id
        self._future = self._pool.submit(self._think, request_id, board, budget_ms, time.perf_counter())

    def reset(self, level: Level | None = None) -> None:
        super().reset(level)
        self.bot.reset()
        if level is not None:
            self.bot.prepare(level.width, level.height)  # outside the round's first answer

    def close(self) -> None:
        self._pool.shutdown()


class ProcessRunner(BotRunner):
    """A bot in a child Python process; the first answer may take the child's start-up time."""

    def __init__(self, bot_name: str, seed: int = 0) -> None:
        super().__init__(bot_name)
        self._replies: queue.Queue[dict] = queue.Queue()
        # The child must import this very package, even when the program was started as
        # ``python path/to/main.py`` from another directory without being installed.
        root = str(Path(arcade.__file__).resolve().parent.parent)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "arcade.games.tron.botserver", bot_name, str(seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, bufsize=1, env=env,
        )
        self.ready = False
        self._outbox: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, name=f"tron-{bot_name}-reader", daemon=True)
        self._writer = threading.Thread(target=self._write, name=f"tron-{bot_name}-writer", daemon=True)
        self._reader.start()
        self._writer.start()

    def _write(self) -> None:
        """Send requests from a thread of its own: writing wakes the child, and on a busy
        machine the kernel may hand the CPU straight to it; better this thread waits than
        the frame loop (measured: 8 ms median per tick on 2 busy cores when written inline)."""
        stdin = self.process.stdin
        assert stdin is not None
        while True:
            message = self._outbox.get()
            if message is None:
                break
            try:
                stdin.write(message + "\n")
                stdin.flush()
            except (BrokenPipeError, OSError, ValueError) as exc:
                self.error = f"the {self.bot_name} bot's process stopped ({exc})"
                break
        with contextlib.suppress(OSError, ValueError):
            stdin.close()

    def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        for line in stdout:
            try:
                self._replies.put(parse_json(line))  # a damaged line is a ValueError: skipped
            except ValueError:
                continue
        self._replies.put({"closed": True})

    def request(self, request_id: int, board: Board, budget_ms: float) -> None:
        self.pending = request_id
        self._outbox.put(json.dumps({"id": request_id, "ms": budget_ms, "board": board_text(board)}))

    def reset(self, level: Level | None = None) -> None:
        """A new round: the child's bot forgets the last one (its search tables, its fill plan) and,
        given the round's board, makes its search buffers now -- the window's bot process kept
        one bot for the whole match and made them inside its first answer."""
        super().reset(level)
        message: dict[str, object] = {"reset": True}
        if level is not None:
            message.update(width=level.width, height=level.height)
        self._outbox.put(json.dumps(message))

    def poll(self) -> Reply | None:
        while True:
            try:
                data = self._replies.get_nowait()
            except queue.Empty:
                return None
            if data.get("ready"):
                self.ready = True
                continue
            if data.get("closed"):
                self.error = f"the {self.bot_name} bot's process stopped"
                continue
            if "error" in data:
                self.error = str(data["error"])
                continue
            if data.get("id") != self.pending:
                continue
            self.pending = None
            return Reply(int(data["id"]), str(data["dir"]), str(data.get("reason", "")),
                         int(data.get("depth", 0)), int(data.get("nodes", 0)), float(data.get("ms", 0.0)))

    def close(self) -> None:
        """Stop the child now: it holds nothing to save. Asked politely (its stdin closed), a child
        still compiling or loading its search (seconds on a first start) never read the end of
        its input, and each bot cost the window half a second of waiting before the kill -- a
        bot-vs-bot match took over a second to close."""
        self._outbox.put(None)  # the writer thread ends (a write to the dead child fails quietly)
        with contextlib.suppress(OSError):
            self.process.kill()
        self.process.wait()  # reaped at once: a killed process does not linger


class ProgramRunner(PooledRunner):
    """An outside program (``2010:COMMAND``, ``hackerrank:COMMAND``) in a seat of the window.

    Programs block on pipes, not on the CPU, so a worker thread talks to them. Unlike our
    bots they need the whole state (HackerRank's protocol tells the trails apart), so the
    scene asks with :meth:`request_state`; :meth:`begin_round` starts a round (the 2010
    protocol's process lives for one round), :meth:`console_since` feeds the console panel
    with stderr lines as they arrive, and :meth:`close` stops the program for good.
    A reply with ``failure`` set means the program lost the round (late, crashed, garbage).
    """

    def __init__(self, spec: str, seed: int = 0, *, limit_ms: float | None = None) -> None:
        from arcade.games.tron.players import make_player

        super().__init__(spec, "tron-program")
        self.player = make_player(spec, seed, limit_ms=limit_ms)
        self.seed = seed
        self._began: Future[None] | None = None
        self._console: list[str] = []
        self._lock = threading.Lock()

    def begin_round(self, level: Level, seat: int, seed: int | None = None) -> None:
        """A new round on ``level`` in ``seat``; starts the program (in the worker thread)."""
        self.pending = None
        self._began = self._pool.submit(self.player.begin, level, seat, self.seed if seed is None else seed)

    def _think(self, request_id: int, state: State, seat: int, budget_ms: float) -> Reply:
        answer = self.player.answer(state, seat, budget_ms)
        with self._lock:
            self._console.extend(answer.stderr)
        return Reply(request_id, answer.direction or "", answer.failure or answer.reason, ms=answer.ms,
                     failure=answer.failure, stderr=answer.stderr)

    def request_state(self, request_id: int, state: State, seat: int, budget_ms: float) -> None:
        """Ask for the move of ``seat`` in ``state`` (the program's own limit applies, not ``budget_ms``)."""
        self.pending = request_id
        self._future = self._pool.submit(self._think, request_id, state, seat, budget_ms)

    def request(self, request_id: int, board: Board, budget_ms: float) -> None:
        raise TypeError("an outside program needs the whole state: use request_state()")

    def console_since(self, index: int) -> list[str]:
        """The program's stderr lines from number ``index`` on (this round and earlier ones)."""
        with self._lock:
            return self._console[index:]

    def reset(self, level: Level | None = None) -> None:
        super().reset(level)
        self._pool.submit(self.player.end)

    def close(self) -> None:
        """Kill the program now; the worker thread is not waited for: a program it starts after this
        is killed as it starts (the player's stop is set), and nothing of the program needs saving."""
        self.player.close()
        self._pool.shutdown()


def make_runner(bot_name: str, seed: int = 0, *, process: bool | None = None) -> BotRunner:
    """A process for the searching bots, a thread for the rest (``process`` forces either);
    an outside program's spec (``2010:./bot``) gets a :class:`ProgramRunner`."""
    if ":" in bot_name:
        return ProgramRunner(bot_name, seed)
    use_process = bot_name in SEARCHERS if process is None else process
    if use_process:
        try:
            return ProcessRunner(bot_name, seed)
        except OSError:
            pass
    return ThreadRunner(bot_name, seed)
