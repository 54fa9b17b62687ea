"""Outside programs' failures (service, pure): the one-line reason a program lost, and its wording.

A bot's author sees only this line in a result ("timed out: no answer within 150 ms (waited 75 ms
more)", "exited with
status 1 without answering: ZeroDivisionError: ..."), so how it is worded -- which stderr line is
the error, what a debug line on stdout means, what to do about an answer that came only once the
input ended -- is kept in one place, apart from the pipes and processes that detect the failure.
"""

from __future__ import annotations

import re
import signal
from collections.abc import Collection, Sequence

from arcade.core.errors import ArcadeError, quoted

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
#: What a program whose answer went to stderr is told (in place of a hint that would mislead it).
ON_STDERR = ("; it wrote {shown} on stderr, not stdout: answers go to stdout "
             "(print(answer), not print(answer, file=sys.stderr))")
#: What a program that exited while a process it started keeps its stdout open is told.
OUTPUT_HELD = "; a process it started still holds its stdout open"


class ProgramFailure(ArcadeError):
    """An outside program lost its game: the message is the one-line reason."""


class InputClosed(ProgramFailure):
    """The program closed its input (or exited) before it read all of it. Not always a loss: a
    program run once per move (HackerRank) may answer without reading and exit."""


def late_reason(shown: str, ms: float, limit_ms: float, *, first: bool = False) -> str:
    """The one-line reason for an answer that came after its limit: what it said, after how long,
    and the limit it missed (the first answer's names its own, start-up included)."""
    which = " first-answer limit (start-up included)" if first else " limit"
    return f"timed out: answered {shown!r} after {ms:.0f} ms, past the {limit_ms:.0f} ms{which}"


def timeout_reason(limit_ms: float, waited_ms: float, *, first: bool = False) -> str:
    """The one-line reason for no answer at all: the limit, and how long past it we listened.

    A Runway bot answering 400 ms into its 150 ms limit read "no answer within 150 ms", as if it never
    answered: the grace we listen past the limit (half of it, at most a second: 75 ms there) was
    not said, so a bot 250 ms late looked dead. The wait is not made longer to tell more -- a bot
    that never answers would hold up every round -- the reason says how long it was instead."""
    waited = f"waited {max(0.0, waited_ms):.0f} ms more"
    if first:
        return f"timed out: gave no first answer within {limit_ms:.0f} ms (start-up included; {waited})"
    return f"timed out: no answer within {limit_ms:.0f} ms ({waited})"


def unexpected_answer(line: str, expected: str) -> str:
    """The one-line reason for an answer that is not a move: what it said, what was expected, and
    -- when it reads like a sentence, not a mistyped word -- where debug text belongs.

    Every protocol's answer is a single word, and the first thing a beginner's bot prints is a
    debug line ("debug: read 2 1"): "(expected SPEED, ...)" alone did not say why that line was
    taken for an answer, nor where else to write it.
    """
    word = line.strip()
    reason = f"answered {quoted(word)} (expected {expected})"
    if len(word.split()) > 1:
        reason += "; stdout is for answers only: print debug text to stderr"
    return reason


def answered_on_stderr(failure: str, stderr: Sequence[str], answers: Collection[str]) -> str:
    """``failure`` (a move with no answer) told that the answer went to stderr, when it plainly did.

    A bot that writes its move to stderr (``print(cmd, file=sys.stderr)``, ``console.error``) then
    waits for the next turn was told "it reads more lines than each turn sends (count the lines the
    protocol gives)" -- the probe's end of input ends it, as it ends a bot reading a line too many --
    and one run once per move (HackerRank) "exited without answering: UP". Said only then, and only
    when a line of the move's stderr is itself one of the protocol's ``answers`` (the traceback of
    the probe's ``EOFError`` follows it): a bot merely slow after logging its choice is not told this.
    """
    if not (failure.endswith(WANTS_MORE_INPUT) or "without answering" in failure):
        return failure
    shown = next((line.strip() for line in reversed(stderr) if line.strip() in answers), "")
    if not shown:
        return failure
    return failure.removesuffix(WANTS_MORE_INPUT) + ON_STDERR.format(shown=quoted(shown))


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


def signal_name(number: int) -> str:
    """A signal's name (``SIGKILL``), or its number when Python does not know it."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
