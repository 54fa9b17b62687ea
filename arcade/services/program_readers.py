"""Outside programs' readers (service, pure): the threads that drain a program's stdout and stderr.

A program that floods either pipe must never block itself or us, so each pipe is read by a daemon
thread with plain blocking ``os.read`` calls, and what is kept is bounded (an answer line, all of
stdout, all of stderr: :mod:`~arcade.services.program_limits`); the rest is read and dropped.
stdout becomes a queue of lines for :meth:`Program.ask <arcade.services.programs.Program.ask>`;
stderr a list of lines that each answer takes its share of and the console reads live. The
threads are a mixin of :class:`~arcade.services.programs.Program` because their rules (who
closes a descriptor, what a line too long becomes) are a subject of their own.
"""

from __future__ import annotations

import contextlib
import os
import queue
import select
import subprocess
import threading
import time
from dataclasses import dataclass, field

from arcade.core.inputs import NOT_UTF8_TEXT, not_utf8
from arcade.services.program_limits import LINE_LIMIT, STDERR_LIMIT, STDERR_LINE, STDERR_SETTLE, STDOUT_LIMIT


def fd_ready(fd: int, event: int, timeout: float | None) -> bool:
    """Whether ``fd`` is ready for ``event`` within ``timeout`` seconds (None: wait).

    ``poll`` rather than ``select``: it works for any descriptor number, however many files
    a long-running window has open.
    """
    poller = select.poll()
    poller.register(fd, event | select.POLLHUP | select.POLLERR)
    if timeout is None:
        return bool(poller.poll())
    return bool(poller.poll(0 if timeout <= 0 else int(timeout * 1000) + 1))


@dataclass
class Stderr:
    """A program's stderr as kept so far: its lines, the line still coming, and what was dropped."""

    lines: list[str] = field(default_factory=list)
    partial: str = ""
    kept: int = 0
    dropped: int = 0
    eof: bool = False
    skipping: bool = False


class OutputReaders:
    """The reader threads of :class:`~arcade.services.programs.Program` and the stderr they keep."""

    # Made in Program.__init__ before the threads start.
    process: subprocess.Popen[bytes]
    _out_fd: int
    _err_fd: int
    _lines: queue.Queue[tuple[str, str]]
    _lines_written: int
    _stdout_bytes: int
    _unfinished: bytes
    _err: Stderr
    _err_lock: threading.Lock
    _taken: int

    # -- readers (threads) ---------------------------------------------------------------
    # Each reader closes its own descriptor when it has read to the end, never :meth:`close`:
    # closed under a reader still in ``os.read``, the number could be reused by another file
    # (a save) and the reader would drain it.
    def _read_stdout(self) -> None:
        try:
            self._read_stdout_to_end()
        finally:
            with contextlib.suppress(OSError, ValueError):
                assert self.process.stdout is not None
                self.process.stdout.close()

    def _read_stdout_to_end(self) -> None:
        buffer = b""
        overflow = False
        complete_lines = 0  # non-blank lines ended so far
        while True:
            try:
                data = os.read(self._out_fd, 65536)
            except OSError:
                data = b""
            if not data:
                if buffer and not overflow:
                    self._lines.put(self._decoded(buffer))
                self._lines.put(("eof", ""))
                return
            self._stdout_bytes += len(data)
            if overflow:
                continue  # drain only: the game is already lost
            if self._stdout_bytes > STDOUT_LIMIT:
                self._lines.put(("error", f"printed more than {STDOUT_LIMIT // 1024} KiB on stdout"))
                overflow = True
                continue
            *complete, buffer = (buffer + data).split(b"\n")
            # Counted before any is queued, a line begun as much as one ended: "SPEED\nWAIT" read
            # before a move's input went out holds that move's answer, though its line end comes later.
            complete_lines += sum(1 for line in complete if line.strip())
            self._lines_written = complete_lines + bool(buffer.strip())
            # Every line is held to the limit, a complete one as much as one still coming.
            for number, line in enumerate([*complete, buffer]):
                if len(line) > LINE_LIMIT:
                    self._lines.put(("error", f"printed a line longer than {LINE_LIMIT} bytes"))
                    overflow = True
                    break
                if number < len(complete):  # the last piece is the line still coming
                    kind, text = self._decoded(line)
                    self._lines.put((kind, text))
                    if kind == "error":
                        overflow = True
                        break
            # After the complete lines are queued: a reader of both never sees a line in neither.
            self._unfinished = b"" if overflow else buffer

    @staticmethod
    def _decoded(line: bytes) -> tuple[str, str]:
        """A stdout line as the queue holds it: ``("line", text)``, or ``("error", why)`` for bytes that
        are not UTF-8, said as a file that is not UTF-8 is (:func:`~arcade.core.inputs.not_utf8`). It
        read "answered '\ufffd'" (a replacement character), naming neither the byte nor the encoding."""
        try:
            return "line", line.decode("utf-8")
        except UnicodeDecodeError as exc:
            return "error", f"printed a line that is {not_utf8(line, exc.start, NOT_UTF8_TEXT)}"

    def _read_stderr(self) -> None:
        try:
            self._read_stderr_to_end()
        finally:
            # Under the lock, after ``eof`` is set: ``_settle_stderr`` polls the descriptor
            # only while ``eof`` is not set.
            with self._err_lock, contextlib.suppress(OSError, ValueError):
                self._err.eof = True
                assert self.process.stderr is not None
                self.process.stderr.close()

    def _read_stderr_to_end(self) -> None:
        err = self._err
        while True:
            with contextlib.suppress(OSError, ValueError):
                fd_ready(self._err_fd, select.POLLIN, None)
            with self._err_lock:
                try:
                    data = os.read(self._err_fd, 65536)
                except OSError:
                    data = b""
                if not data:
                    if err.partial:
                        self._keep_line(err.partial)
                        err.partial = ""
                    err.eof = True
                    return
                if err.kept >= STDERR_LIMIT:
                    err.dropped += len(data)
                    continue
                text = data.decode("utf-8", "replace")
                if err.skipping:
                    # The rest of an overlong line: drop it up to its end.
                    cut = text.find("\n")
                    err.dropped += len(text) if cut < 0 else cut
                    if cut < 0:
                        continue
                    err.skipping = False
                    text = text[cut + 1:]
                *complete, err.partial = (err.partial + text).split("\n")
                for line in complete:
                    self._keep_line(line)
                if len(err.partial) > STDERR_LINE:
                    self._keep_line(err.partial)
                    err.partial = ""
                    err.skipping = True

    def _keep_line(self, line: str) -> None:
        err = self._err
        if err.kept >= STDERR_LIMIT:
            err.dropped += len(line) + 1
            return
        line = line.rstrip("\r")
        if len(line) > STDERR_LINE:
            line = line[:STDERR_LINE] + " […]"
        err.kept += len(line) + 1
        err.lines.append(line)
        if err.kept >= STDERR_LIMIT:
            err.lines.append(f"[stderr past {STDERR_LIMIT // 1024} KiB is not kept]")

    # -- stderr --------------------------------------------------------------------------
    def stderr_since(self, index: int) -> list[str]:
        """stderr lines from number ``index`` on (the console panel keeps its own index)."""
        with self._err_lock:
            return self._err.lines[index:]

    def take_stderr(self) -> tuple[str, ...]:
        """stderr lines not yet attributed to an answer."""
        with self._err_lock:
            lines = self._err.lines[self._taken:]
            self._taken = len(self._err.lines)
        return tuple(lines)

    def _settle_stderr(self) -> None:
        """Wait (briefly) until stderr written before the answer has been read by its thread."""
        end = time.perf_counter() + STDERR_SETTLE
        while time.perf_counter() < end:
            with self._err_lock:
                if self._err.eof:
                    return
                try:
                    ready = fd_ready(self._err_fd, select.POLLIN, 0)
                except (OSError, ValueError):
                    return
                if not ready:
                    return
            time.sleep(0.0005)
