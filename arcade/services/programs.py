"""Outside programs (service, pure): a bot someone else wrote, spoken to over pipes, never left running.

Every protocol (Tron's 2010 and HackerRank ones, Runway's CodinGame one) goes through
:class:`Program`, so the rules for outside code live in one place:

* it starts in a process group of its own (``start_new_session``), so closing it kills the
  program *and* anything it started; the group is killed and the leader reaped on every
  path out -- a normal close, an error, ``with`` leaving on an exception or Ctrl+C, and
  ``atexit`` for whatever is still open -- so no zombie or orphan is left behind; what it
  started in a session of its own dies too, found by its parent links while the program lives
  and by the program's mark in its environment (:data:`MARKER`) once it is dead;
* stdout and stderr are read by two daemon threads with plain blocking ``os.read`` calls,
  so a program that floods either pipe can never block itself or us; what is kept is
  bounded (an answer line, all of stdout, all of stderr), the rest is read and dropped;
* :meth:`Program.ask` writes one input and waits for one answer line until a deadline.
  The contests all treat a late answer as a lost game: we wait a short grace period past
  the limit only to *report* how late the answer was ("answered '2' after 412 ms, past the 150 ms
  limit"), then the game is lost anyway; past the grace the reason says how long we waited
  ("no answer within 150 ms (waited 75 ms more)");
* stderr is split per question: the lines that arrived by the time the answer did (plus
  a few milliseconds for lines written just before it) belong to that move; the console
  panel reads the same lines live with :meth:`Program.stderr_since`.

Every failure is one line (``ProgramFailure``) fit for a result line: "timed out: no
answer within 150 ms (waited 75 ms more)", "exited with status 1 without answering: ZeroDivisionError: …".

The parts that read on their own are beside it: :mod:`~arcade.services.program_limits` (every
limit), :mod:`~arcade.services.program_failures` (the wording of a failure),
:mod:`~arcade.services.program_readers` (the threads that drain stdout and stderr) and
:mod:`~arcade.services.program_cleanup` (killing what a program leaves behind). This module keeps
a program's life: starting it, talking to it, closing it, and the registry of open programs.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import queue
import secrets
import select
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from arcade.services import interrupts
from arcade.services.program_cleanup import MARKER, MARKS, descendants, group_of, kill_group_and_process, kill_marked
from arcade.services.program_failures import (
    NO_LINE_END,
    OUTPUT_HELD,
    READS_TO_THE_END,
    WANTS_MORE_INPUT,
    InputClosed,
    ProgramFailure,
    last_error_line,
    late_reason,
    signal_name,
    timeout_reason,
)
from arcade.services.program_limits import EOF_PROBE, GRACE_MAX, GRACE_SHARE, WAIT_SLICE
from arcade.services.program_readers import OutputReaders, Stderr, fd_ready


@dataclass(frozen=True)
class Answer:
    """One answer: the line (None when the program failed), its time and the stderr written meanwhile."""

    line: str | None
    ms: float
    failure: str = ""
    late: bool = False
    stderr: tuple[str, ...] = ()
    #: The line was written before this move's input was sent: left over from an earlier move on
    #: which the program printed more than one line (a protocol that reads one line a move takes it
    #: as this move's answer, as CodinGame does, so the program's answers run one move behind).
    ahead: bool = False


_LIVE: set[Program] = set()
_LIVE_LOCK = threading.RLock()  # re-entrant: a signal handler may close programs


def live_programs() -> list[Program]:
    """Programs started and not yet closed (tests check this is empty between tests)."""
    with _LIVE_LOCK:
        return list(_LIVE)


def close_all() -> None:
    """Kill every program still open (the window calls this on close; ``atexit`` does too)."""
    for program in live_programs():
        program.close()


def close_started_by(stop: threading.Event) -> None:
    """Kill every open program started with ``stop`` (see :class:`Program`), set by now.

    An owner closing for good sets its ``stop`` and kills the program it holds; one that a worker
    thread is still starting is not held yet and would live until that thread next looked -- a
    closed Tron seat's program outlived its window's close by a few milliseconds, under load
    longer. Killed here, none of them is running once the owner's close returns."""
    for program in live_programs():
        if program.stop is stop:
            program.close()


def close_stopped() -> None:
    """Kill every open program whose owner has set its ``stop``: a window closing its own runs (the
    current ones and any it stopped earlier that are still waiting for an answer) without touching
    a program that belongs to the screen under it -- a replay viewer closed with :func:`close_all`
    stopped the match's or the tournament's programs underneath."""
    for program in live_programs():
        if program.stop is not None and program.stop.is_set():
            program.close()


atexit.register(close_all)


class Program(OutputReaders):
    """One running outside program. Use as a context manager, or call :meth:`close`."""

    def __init__(self, argv: Sequence[str], *, env: Mapping[str, str] | None = None, cwd: str | None = None,
                 name: str = "", stop: threading.Event | None = None) -> None:
        """Start ``argv``. With ``stop`` set by the time it is registered (its owner closed meanwhile, as a
        window does without waiting for the thread starting it), it is killed at once: ProgramFailure."""
        if not argv:
            raise ProgramFailure("no command to run")
        self.argv = list(argv)
        self.name = name or self.argv[0]
        #: The owner's "closed for good" event, if any (:func:`close_started_by`).
        self.stop = stop
        full_env = dict(os.environ)
        if env:
            full_env.update(env)
        #: This program's mark in the environment of everything it starts (:func:`kill_marked`).
        self.mark = f"{os.getpid()}-{next(MARKS)}-{secrets.token_hex(4)}"
        full_env[MARKER] = self.mark
        # Starting and registering are one step for a closer (close_all, close_started_by, which list the
        # open programs under the same lock): a window closing while a worker was between Popen and the
        # registry missed the program, and for a moment after the close returned it was still running.
        with _LIVE_LOCK:
            if stop is not None and stop.is_set():  # its owner closed before it started: start nothing
                raise ProgramFailure("stopped: its window was closed")
            self.started = time.perf_counter()
            try:
                self.process = subprocess.Popen(
                    self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    start_new_session=True, env=full_env, cwd=cwd, bufsize=0,
                )
            except FileNotFoundError:
                raise ProgramFailure(f"cannot start {self.argv[0]!r}: no such program") from None
            except PermissionError:
                raise ProgramFailure(f"cannot start {self.argv[0]!r}: not executable") from None
            except OSError as exc:
                raise ProgramFailure(f"cannot start {self.argv[0]!r}: {exc.strerror or exc}") from None
            self.pid = self.process.pid
            self.closed = False
            self._done = False
            # Guards the stdin descriptor: a worker thread may still be sending when the window closes
            # the program, and a number closed and reused (the autosave's temp file) must never be
            # written. ``send`` checks ``_input_closed`` under it right before each write, and closing
            # happens under it too. Re-entrant: a signal handler may close programs mid-``send``.
            self._in_lock = threading.RLock()
            self._input_closed = False
            self._writing = False
            self._close_pending = False
            _LIVE.add(self)  # at once: a signal handler's close_all must find it
            self.answers = 0
            #: Non-blank lines the program has begun to write, counted by the reader before it queues them,
            #: so ``ask`` can tell an answer already written when a move's input goes out (``Answer.ahead``).
            self._lines_written = 0
            self._lines: queue.Queue[tuple[str, str]] = queue.Queue()
            self._stdout_bytes = 0
            #: The start of an answer line not ended yet (only to say so when it never ends).
            self._unfinished = b""
            self._err = Stderr()
            self._err_lock = threading.Lock()
            self._taken = 0
            assert self.process.stdin and self.process.stdout and self.process.stderr
            self._in_fd = self.process.stdin.fileno()
            os.set_blocking(self._in_fd, False)
            self._out_fd = self.process.stdout.fileno()
            self._err_fd = self.process.stderr.fileno()
            self._threads = [
                threading.Thread(target=self._read_stdout, name=f"{self.name}-stdout", daemon=True),
                threading.Thread(target=self._read_stderr, name=f"{self.name}-stderr", daemon=True),
            ]
            for thread in self._threads:
                thread.start()
            if stop is not None and stop.is_set():  # set while it started: its closer waits on the lock, this kills it
                self.close()
                raise ProgramFailure("stopped: its window was closed")

    # -- talking -------------------------------------------------------------------------
    def send(self, text: str, deadline: float) -> None:
        """Write ``text`` to the program's stdin before ``deadline`` (a ``perf_counter`` value).

        Raises :class:`InputClosed` if the program no longer reads it, ProgramFailure if the
        deadline passes first or the program was closed (a worker thread may still be talking
        to a program its window closed; the descriptor number may belong to another file by
        then, so nothing is written)."""
        data = text.encode()
        while data:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise ProgramFailure("timed out: did not read its input")
            try:
                # A poll on a closed or reused number is harmless; the write is checked below.
                ready = fd_ready(self._in_fd, select.POLLOUT, remaining)
                if not ready:
                    continue
                written = self._write(data)
            except BlockingIOError:
                continue
            except (BrokenPipeError, ConnectionResetError, ValueError, OSError):
                raise InputClosed(self._gone("stopped reading its input")) from None
            data = data[written:]

    def _write(self, data: bytes) -> int:
        """One ``os.write`` to stdin, only while it is still open (checked under the lock that closes it)."""
        with self._in_lock:
            if self._input_closed:
                if self.closed:
                    raise ProgramFailure("stopped: the program was closed")
                raise InputClosed("its input was already closed")
            self._writing = True
            try:
                return os.write(self._in_fd, data)
            finally:
                self._writing = False
                if self._close_pending:
                    self._close_pending = False
                    self._close_stdin()

    def close_input(self) -> None:
        """Send end-of-file (for programs that read their input to the end); no write follows it."""
        with self._in_lock:
            self._input_closed = True
            if self._writing:
                # Only this thread can hold the lock while writing: a signal handler closing
                # programs interrupted our own ``_write``; it closes the descriptor after its write.
                self._close_pending = True
                return
            self._close_stdin()

    def _close_stdin(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            assert self.process.stdin is not None
            self.process.stdin.close()

    def read_line(self, limit: float, sent_at: float, *, first: bool = False) -> Answer:
        """Wait for one answer line until ``sent_at + limit`` seconds; late or missing answers fail.

        ``first``: the limit is the longer one of a program's first answer (start-up included),
        and a timeout says so -- "no answer within 3000 ms" read like the per-move limit, and a
        bot's author trimmed their search when it was the start-up that was slow."""
        deadline = sent_at + limit
        grace_end = deadline + min(GRACE_MAX, limit * GRACE_SHARE)
        interrupts.check()  # every answer: a bot that answers fast never lets a wait run out
        while True:
            timeout = grace_end - time.perf_counter()
            try:
                # In slices: a stop signal lost in a fork hook is raised again here (interrupts).
                kind, text = self._lines.get(timeout=max(0.0, min(timeout, WAIT_SLICE)))
            except queue.Empty:
                interrupts.check()
                if time.perf_counter() < grace_end:
                    continue
                ms = (time.perf_counter() - sent_at) * 1000
                reason = timeout_reason(limit * 1000, ms - limit * 1000, first=first)
                unfinished = self._unfinished.decode("utf-8", "replace").strip()
                if unfinished:
                    # Checked before the probe: a C bot's ``printf("2")`` then ``scanf`` answers once
                    # its input ends too, and "read line by line" was the wrong advice.
                    shown = repr(unfinished[:40] + ("…" if len(unfinished) > 40 else ""))
                    return self._answer(None, ms, reason + NO_LINE_END.format(shown=shown), late=True)
                if self.process.poll() is not None:
                    # It is gone, yet its output never ended: a child holds it. "Timed out" read
                    # like a slow bot; the exit status and last stderr line say what happened.
                    return self._answer(None, ms, self._gone("closed its output without answering") + OUTPUT_HELD)
                return self._answer(None, ms, reason + self._waits_for_eof(), late=True)
            now = time.perf_counter()
            ms = (now - sent_at) * 1000
            if kind == "eof":
                return self._answer(None, ms, self._gone("closed its output without answering"))
            if kind == "error":
                return self._answer(None, ms, text)
            if not text.strip():
                continue  # blank lines between answers are harmless
            self.answers += 1
            if now > deadline:
                shown = text.strip()[:40]
                return self._answer(None, ms, late_reason(shown, ms, limit * 1000, first=first), late=True)
            return self._answer(text.strip(), ms)

    def _waits_for_eof(self) -> str:
        """:data:`READS_TO_THE_END` if the program, silent past its limit, answers once its input ends.

        A bot that reads the whole of stdin before answering (``sys.stdin.read()``, the habit of
        one-shot puzzles) waits forever on a protocol that keeps its input open between turns, and
        "no answer within 1000 ms" read like a slow bot. The run is lost anyway, so closing its
        input costs nothing and tells the two apart.
        """
        with self._in_lock:
            if self._input_closed:
                return ""
        if not self._reading_a_pipe():
            return ""  # thinking or sleeping (or no /proc to tell): a slow bot, not a reading one
        self.close_input()
        end = time.perf_counter() + EOF_PROBE
        while (left := end - time.perf_counter()) > 0:
            try:
                kind, text = self._lines.get(timeout=left)
            except queue.Empty:
                break
            if kind == "eof":
                # It ended, silent, as soon as its input did (Python's EOFError, a C loop on
                # ``scanf``): it was waiting for a line it was never going to be sent.
                return WANTS_MORE_INPUT
            if kind != "line":
                break
            if text.strip():
                return READS_TO_THE_END
        return ""

    def _reading_a_pipe(self) -> bool:
        """Whether the program (or a process it started) is blocked reading a pipe, from ``/proc``.

        Only such a program is probed with an end of input: a bot that merely sleeps past its
        limit and answers during the probe would be told to stop reading stdin, wrongly.
        """
        for pid in (self.process.pid, *descendants(self.process.pid)):
            try:
                with open(f"/proc/{pid}/wchan", encoding="ascii", errors="replace") as wchan:
                    if "pipe" in wchan.read():
                        return True
            except OSError:
                continue
        return False

    @property
    def lines_too_many(self) -> int:
        """Non-blank lines written beyond one per answer read so far: after an answer, more than one
        line for one input (``print(d); print(d)``), which a line-a-move protocol reads as later answers."""
        return max(0, self._lines_written - self.answers)

    def ask(self, text: str, limit: float, *, close_input: bool = False, first: bool = False) -> Answer:
        """Send one input and read one answer line within ``limit`` seconds (from the last byte sent);
        ``first``: ``limit`` is the first answer's (see :meth:`read_line`)."""
        sent_at = time.perf_counter()
        ahead = self._lines_written > self.answers
        try:
            self.send(text, sent_at + limit)
        except ProgramFailure as exc:
            ms = (time.perf_counter() - sent_at) * 1000
            early = self._written_answer()
            if early is not None:
                # It answered before reading all of its input, then quit: judge what it said
                # ("answered 'HELLO'") rather than only that it stopped reading.
                self.answers += 1
                return self._answer(early, ms)
            return self._answer(None, ms, str(exc))
        if close_input:
            self.close_input()
        answer = self.read_line(limit, time.perf_counter(), first=first)
        return replace(answer, ahead=True) if ahead and answer.line is not None else answer

    def _written_answer(self) -> str | None:
        """An answer line the program had already written (it is not waited for), else None."""
        end = time.perf_counter() + 0.05  # the reader thread may still be handing it over
        while True:
            try:
                kind, text = self._lines.get(timeout=max(0.0, end - time.perf_counter()))
            except queue.Empty:
                return None
            if kind != "line":
                self._lines.put((kind, text))  # an end of output or an error stays for read_line
                return None
            if text.strip():
                return text.strip()

    def _answer(self, line: str | None, ms: float, failure: str = "", late: bool = False) -> Answer:
        if line is None:
            # Give a crashing program a moment to finish its traceback before we quote it.
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=0.05)
        self._settle_stderr()
        return Answer(line, ms, failure, late, self.take_stderr())

    def _gone(self, what: str) -> str:
        """Why the program stopped talking: its exit status or signal and its last stderr line.

        ``what`` is said only while the program still runs (it closed its stdin or stdout and
        lives on). Once it is gone, it exited without answering, however our write or read found
        out: a bot that crashed at start-up read "exited with status 1 (stopped reading its input)"
        in the rounds where the board's write lost the race with its exit, and "exited with
        status 1 without answering" in the others -- one failure, two reasons, at random.
        """
        try:
            status = self.process.wait(timeout=0.2)
        except subprocess.TimeoutExpired:
            return what
        if status < 0:
            how = f"was killed by {signal_name(-status)}"
        elif status == 0:
            how = "exited"
        else:
            how = f"exited with status {status}"
        self._settle_stderr()
        with self._err_lock:
            last = last_error_line(self._err.lines)
        if len(last) > 120:  # one line stays one line; the console has it whole
            last = last[:119].rstrip() + "…"
        return f"{how} without answering" + (f": {last}" if last else "")

    # -- ending --------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return not self.closed and self.process.poll() is None

    def finish(self, timeout: float) -> None:
        """Give a program that has answered ``timeout`` seconds to exit by itself, then close it."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=timeout)
        self.close()

    def close(self) -> None:
        """Kill the program's whole process group and reap it; safe to call twice, or again
        from a signal handler that interrupted a first call."""
        if self._done:
            return
        self.closed = True
        # Found before the program dies: then they become init's children and cannot be told apart.
        others = [pid for pid in descendants(self.pid) if group_of(pid) != self.pid]
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            os.killpg(self.pid, signal.SIGKILL)
        for pid in others:
            kill_group_and_process(pid)
        with contextlib.suppress(ProcessLookupError, OSError):
            self.process.kill()
        self.close_input()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)
        # Dead and reaped: whatever still carries its mark was left behind (and may hold its pipes).
        kill_marked(f"{MARKER}={self.mark}".encode())
        # The readers close stdout and stderr themselves once they have read to the end (the group
        # is dead, so at once); one still reading after the join (a program that left a process of
        # its own session holding the pipe) keeps its descriptor until then, never reused under it.
        threads = getattr(self, "_threads", [None, None])
        for stream, thread in zip((self.process.stdout, self.process.stderr), threads, strict=True):
            if thread is None or thread.ident is None:  # closed (by a signal) before its reader started
                with contextlib.suppress(OSError, ValueError):
                    if stream is not None:
                        stream.close()
            elif thread is not threading.current_thread():
                thread.join(timeout=1)
        self._done = True
        with _LIVE_LOCK:
            _LIVE.discard(self)

    def __enter__(self) -> Program:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
