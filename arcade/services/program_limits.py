"""Outside programs' limits (service, pure): how much a program may print and how long it may take.

Every number that bounds an outside program -- the longest answer line, all of stdout, the stderr
kept, the grace past a deadline, the slices of a wait -- and :class:`Limits`, the time per answer
each protocol declares. They live apart from :class:`~arcade.services.programs.Program` so a
protocol (Tron's, Runway's) and a test can name a limit without reading the process machinery,
and so changing a limit is a one-file change that says what it bounds.
"""

from __future__ import annotations

from dataclasses import dataclass

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
#: The longest single wait for a program's line before checking for a lost stop signal.
WAIT_SLICE = 0.25
#: How long an answer waits for stderr lines written just before it.
STDERR_SETTLE = 0.1


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

    def is_first(self, number: int) -> bool:
        """Whether answer ``number`` has the first answer's own limit (its failure names it)."""
        return number == 0 and self.first_ms is not None

    def scaled(self, move_ms: float | None) -> Limits:
        """These limits with the per-move one replaced (the first answer keeps at least its own)."""
        return self if move_ms is None else Limits(move_ms, self.first_ms)
