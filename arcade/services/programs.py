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
  the limit only to *report* how late the answer was, then the game is lost anyway;
* stderr is split per question: the lines that arrived by the time the answer did (plus
  a few milliseconds for lines written just before it) belong to that move; the console
  panel reads the same lines live with :meth:`Program.stderr_since`.

Every failure is one line (``ProgramFailure``) fit for a result line: "timed out: no
answer within 150 ms", "exited with status 1 without answering: ZeroDivisionError: …".
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import queue
import re
import secrets
import select
import signal
import subprocess
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from arcade.core.errors import ArcadeError
from arcade.services import interrupts

#: Longest answer line we accept (bytes); a longer one is garbage.
LINE_LIMIT = 4096
#: Everything a program may print on stdout over its life (bytes); more is a loss.
STDOUT_LIMIT = 1 << 20
#: stderr kept per program (bytes) and per line (characters); the rest is drained and counted.
STDERR_LIMIT = 256 * 1024
STDERR_LINE = 400
#: How long after a late deadline we keep listening, only to say how late the answer was.
GRACE_SHARE = 0.5
GRACE_MAX = 1.0
#: After a timeout, how long we wait for an answer once the program's input is closed: one that
#: comes then was waiting for the end of its input (``sys.stdin.read()``), not thinking.
EOF_PROBE = 0.3
#: What a program that answers only at the end of its input is told. Two habits look alike from
#: outside: reading all of stdin, and an answer left in the output buffer (C's ``printf`` to a pipe is
#: not flushed by the next ``scanf``, as it is on a terminal) that only the exit writes out.
READS_TO_THE_END = ("; it answered only once its input ended: flush stdout after each answer "
                    "(fflush(stdout), print(..., flush=True)) and read this turn's lines one by one "
                    "(input()), not all of stdin (sys.stdin.read())")
#: What a program is told that, silent past its limit, was blocked reading and ended once its input did:
#: it waited for more lines than it was sent (one row too many, a line the protocol never sends), a
#: deadlock that "no answer within 1000 ms" made look like a slow bot.
WANTS_MORE_INPUT = ("; it was still waiting for input: it reads more lines than each turn sends "
                    "(count the lines the protocol gives)")
#: What a program whose answer has no line end yet is told (the line is what we wait for).
NO_LINE_END = "; it wrote {shown} with no line end after it: end each answer with a newline"
#: What a program that exited while a process it started keeps its stdout open is told.
OUTPUT_HELD = "; a process it started still holds its stdout open"
#: The longest single wait for a program's line before checking for a lost stop signal.
WAIT_SLICE = 0.25
#: How long an answer waits for stderr lines written just before it.
STDERR_SETTLE = 0.1


class ProgramFailure(ArcadeError):
    """An outside program lost its game: the message is the one-line reason."""


class InputClosed(ProgramFailure):
    """The program closed its input (or exited) before it read all of it. Not always a loss: a
    program run once per move (HackerRank) may answer without reading and exit."""


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


@dataclass(frozen=True)
class Limits:
    """Time allowed per answer: ``first_ms`` for the first one (start-up included), ``move_ms`` after."""

    move_ms: float
    first_ms: float | None = None

    def for_answer(self, number: int) -> float:
        """Milliseconds allowed for answer ``number`` (0 is the first)."""
        if number == 0 and self.first_ms is not None:
            return max(self.first_ms, self.move_ms)
        return self.move_ms

    def scaled(self, move_ms: float | None) -> Limits:
        """These limits with the per-move one replaced (the first answer keeps at least its own)."""
        return self if move_ms is None else Limits(move_ms, self.first_ms)


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


atexit.register(close_all)


def parent_pids() -> dict[int, int]:
    """Each process's parent, from Linux's ``/proc`` (elsewhere, or unreadable: empty)."""
    try:
        entries = os.listdir("/proc")
    except OSError:
        return {}
    parents = {}
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                text = stat.read()
        except OSError:
            continue
        fields = text[text.rfind(")") + 2:].split()
        if len(fields) > 1:
            parents[int(entry)] = int(fields[1])
    return parents


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (children, their children, ...), from ``/proc``.

    A program's own process group dies with it, but a child it started in a session of its own
    (``setsid``, ``start_new_session``) is in another group: it outlived the program, still
    holding the program's pipes. Still the program's descendant until the program dies, it is
    found here first. (A daemon that forked twice and let its parent exit is init's child by
    then: nobody but a subreaper could find it.)
    """
    children: dict[int, list[int]] = {}
    for child, parent in parent_pids().items():
        children.setdefault(parent, []).append(child)
    found: list[int] = []
    todo = list(children.get(pid, []))
    while todo:
        child = todo.pop()
        found.append(child)
        todo.extend(children.get(child, []))
    return found


#: The environment variable that marks every process a program starts (see :func:`kill_marked`).
MARKER = "ARCADE_PROGRAM_ID"
_MARKS = itertools.count(1)


def marked(entry: bytes) -> list[int]:
    """Processes whose environment holds ``entry`` (``NAME=VALUE``), from Linux's ``/proc``.

    Another user's processes (unreadable) and zombies (an empty environment) are never found."""
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    found = []
    for name in entries:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as environ:
                if entry in environ.read().split(b"\0"):
                    found.append(int(name))
        except OSError:
            continue
    return found


def kill_marked(entry: bytes) -> None:
    """Kill every process whose environment holds ``entry``: what a program left behind.

    A process the program started in a session of its own and then left (it exited first, as a
    HackerRank program does after every move; or a daemon's double fork) is init's child by then,
    out of reach of its process group and of ``/proc``'s parent links; a HackerRank bot leaked one
    helper per move, and one that kept the program's stdout open held every move for 2 s. Its
    environment, inherited unless it cleared it, still names the program. Looked for again while
    any is found: a helper that forks as it dies leaves a marked child."""
    me = os.getpid()
    for _ in range(10):
        found = [pid for pid in marked(entry) if pid != me]
        if not found:
            return
        for pid in found:
            _kill_group_and_process(pid)


def kill_child_groups() -> None:
    """Kill the process group of every child of this process (Linux ``/proc``; elsewhere nothing).

    For a worker process that only ever starts programs: a stop signal can land between a
    program's start and its registration, and then only its parent knows it.
    """
    me = os.getpid()
    for child, parent in parent_pids().items():
        if parent == me:
            _kill_group_and_process(child)


def _group_of(pid: int) -> int | None:
    """The process group of ``pid``, None if it is gone."""
    try:
        return os.getpgid(pid)
    except OSError:
        return None


def _kill_group_and_process(pid: int) -> None:
    """SIGKILL the process group ``pid`` leads (if it leads one) and the process itself."""
    with contextlib.suppress(OSError):
        os.killpg(pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)


@contextlib.contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """While a long command runs (a tournament, a referee run), SIGTERM ends it like Ctrl+C:
    through the ``with`` blocks that stop every program, instead of leaving them orphaned."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    signums = interrupts.stop_signals(terminal_too=False)  # SIGTERM, SIGHUP: "interrupted (SIGTERM)"
    previous = {signum: signal.signal(signum, interrupts.raise_interrupt) for signum in signums}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _ready(fd: int, event: int, timeout: float | None) -> bool:
    """Whether ``fd`` is ready for ``event`` within ``timeout`` seconds (None: wait).

    ``poll`` rather than ``select``: it works for any descriptor number, however many files
    a long-running window has open.
    """
    poller = select.poll()
    poller.register(fd, event | select.POLLHUP | select.POLLERR)
    if timeout is None:
        return bool(poller.poll())
    return bool(poller.poll(0 if timeout <= 0 else int(timeout * 1000) + 1))


def unexpected_answer(line: str, expected: str) -> str:
    """The one-line reason for an answer that is not a move: what it said, what was expected, and
    -- when it reads like a sentence, not a mistyped word -- where debug text belongs.

    Every protocol's answer is a single word, and the first thing a beginner's bot prints is a
    debug line ("debug: read 2 1"): "(expected SPEED, ...)" alone did not say why that line was
    taken for an answer, nor where else to write it.
    """
    word = line.strip()
    shown = repr(word[:40] + ("…" if len(word) > 40 else ""))
    reason = f"answered {shown} (expected {expected})"
    if len(word.split()) > 1:
        reason += "; stdout is for answers only: print debug text to stderr"
    return reason


#: stderr lines written after the error itself: a stack frame (Node's and Java's ``    at f (bot.js:3:7)``,
#: Ruby's ``	from bot.rb:2``) and the version line Node ends every crash with.
_AFTER_THE_ERROR = re.compile(r"\s+(at|from)\s\S|Node\.js v\d")


def last_error_line(lines: Sequence[str]) -> str:
    """The line of a crashed program's stderr that says what went wrong: its last one, stack frames
    and trailers after the error skipped.

    Python ends a traceback with the error; Node ends it with frames and ``Node.js v20.20.2``,
    Java with frames (``at Main.main``), so "exited with status 1 without answering: Node.js
    v20.20.2" named the interpreter's version, not the ``ReferenceError`` a bot made of
    CodinGame's ``readline()`` that Node has not got."""
    fallback = ""
    for line in reversed(lines):
        text = line.strip()
        if not text:
            continue
        if _AFTER_THE_ERROR.match(line):
            fallback = fallback or text
            continue
        return text
    return fallback


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


@dataclass
class _Stderr:
    lines: list[str] = field(default_factory=list)
    partial: str = ""
    kept: int = 0
    dropped: int = 0
    eof: bool = False
    skipping: bool = False


class Program:
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
        self.mark = f"{os.getpid()}-{next(_MARKS)}-{secrets.token_hex(4)}"
        full_env[MARKER] = self.mark
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
        with _LIVE_LOCK:
            _LIVE.add(self)  # at once: a signal handler's close_all must find it
        self.answers = 0
        #: Non-blank lines the program has begun to write, counted by the reader before it queues them,
        #: so ``ask`` can tell an answer already written when a move's input goes out (``Answer.ahead``).
        self._lines_written = 0
        self._lines: queue.Queue[tuple[str, str]] = queue.Queue()
        self._stdout_bytes = 0
        #: The start of an answer line not ended yet (only to say so when it never ends).
        self._unfinished = b""
        self._err = _Stderr()
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
        if stop is not None and stop.is_set():  # after registering: a close_all before it saw it, or this does
            self.close()
            raise ProgramFailure("stopped: its window was closed")

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
                    self._lines.put(("line", buffer.decode("utf-8", "replace")))
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
                    self._lines.put(("line", line.decode("utf-8", "replace")))
            # After the complete lines are queued: a reader of both never sees a line in neither.
            self._unfinished = b"" if overflow else buffer

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
                _ready(self._err_fd, select.POLLIN, None)
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
                    ready = _ready(self._err_fd, select.POLLIN, 0)
                except (OSError, ValueError):
                    return
                if not ready:
                    return
            time.sleep(0.0005)

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
                ready = _ready(self._in_fd, select.POLLOUT, remaining)
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

    def read_line(self, limit: float, sent_at: float) -> Answer:
        """Wait for one answer line until ``sent_at + limit`` seconds; late or missing answers fail."""
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
                reason = f"timed out: no answer within {limit * 1000:.0f} ms"
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
                return self._answer(None, ms, f"timed out: answered {shown!r} after {ms:.0f} ms, "
                                              f"over the {limit * 1000:.0f} ms limit", late=True)
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

    def ask(self, text: str, limit: float, *, close_input: bool = False) -> Answer:
        """Send one input and read one answer line within ``limit`` seconds (from the last byte sent)."""
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
        answer = self.read_line(limit, time.perf_counter())
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
        """Why the program stopped talking: its exit status or signal and its last stderr line."""
        try:
            status = self.process.wait(timeout=0.2)
        except subprocess.TimeoutExpired:
            return what
        if status < 0:
            how = f"was killed by {_signal_name(-status)}"
        elif status == 0:
            how = "exited"
        else:
            how = f"exited with status {status}"
        self._settle_stderr()
        with self._err_lock:
            last = last_error_line(self._err.lines)
        verb = "without answering" if "answer" in what else f"({what})"
        if len(last) > 120:  # one line stays one line; the console has it whole
            last = last[:119].rstrip() + "…"
        return f"{how} {verb}" + (f": {last}" if last else "")

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
        others = [pid for pid in descendants(self.pid) if _group_of(pid) != self.pid]
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            os.killpg(self.pid, signal.SIGKILL)
        for pid in others:
            _kill_group_and_process(pid)
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
