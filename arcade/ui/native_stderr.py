"""What native libraries print on file descriptor 2 (ui), held back where a player would only be
alarmed by it: SDL's and ALSA's own lines go to the descriptor, not to Python's ``sys.stderr``,
so only the descriptor catches them. Python's stream is flushed first and restored after, and
nothing is held if the descriptor cannot be duplicated (no stderr at all, some embedded
interpreters)."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator

#: Lines the native libraries print on their own while the display starts, said better by our own
#: message or of no use to a player: with DISPLAY naming no X server and no XDG_RUNTIME_DIR, SDL's
#: Wayland probe printed "error: XDG_RUNTIME_DIR is invalid or not set in the environment." before
#: our one line saying what is wrong.
NATIVE_NOISE = ("XDG_RUNTIME_DIR is invalid or not set",)


@contextlib.contextmanager
def native_stderr_filtered(noise: tuple[str, ...] | None = NATIVE_NOISE) -> Iterator[None]:
    """Hold what C code writes to file descriptor 2 meanwhile, then write it back without the lines
    naming any of ``noise`` -- or none of it with ``noise=None`` (the mixer's start on a machine
    without a sound card: ALSA's eight lines of "cannot find card", while the game already plays
    silently and the settings say why)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            if noise is not None:
                held.seek(0)
                text = held.read().decode("utf-8", "replace")
                kept = [line for line in text.splitlines(keepends=True) if not any(n in line for n in noise)]
                if kept:
                    with contextlib.suppress(OSError, ValueError):
                        sys.stderr.write("".join(kept))
                        sys.stderr.flush()
