"""Outside programs' cleanup (service, pure): nothing a program starts outlives it.

A program runs in a process group of its own, but what it starts in a session of its own, or
leaves behind when it exits, is in another group. These functions find such processes -- by
parent links in ``/proc`` while the program lives, by the mark in their environment
(:data:`MARKER`) once it is dead -- and kill them, and make SIGTERM end a long command like
Ctrl+C. They are apart from :class:`~arcade.services.programs.Program` because a worker process
(``--jobs``) and a CLI use them without holding a program.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import threading
from collections.abc import Iterator

from arcade.services import interrupts


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
MARKS = itertools.count(1)


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
            kill_group_and_process(pid)


def kill_child_groups() -> None:
    """Kill the process group of every child of this process (Linux ``/proc``; elsewhere nothing).

    For a worker process that only ever starts programs: a stop signal can land between a
    program's start and its registration, and then only its parent knows it.
    """
    me = os.getpid()
    for child, parent in parent_pids().items():
        if parent == me:
            kill_group_and_process(child)


def group_of(pid: int) -> int | None:
    """The process group of ``pid``, None if it is gone."""
    try:
        return os.getpgid(pid)
    except OSError:
        return None


def kill_group_and_process(pid: int) -> None:
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
    # As one step, and put back as one (see interrupts.install_handlers): a signal between two changes
    # met a half-changed set of handlers.
    previous = interrupts.install_handlers(dict.fromkeys(signums, interrupts.raise_interrupt))
    try:
        yield
    finally:
        interrupts.install_handlers(previous)
