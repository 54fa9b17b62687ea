"""Shared plumbing for the end-to-end tests that drive the real program in an X server.

Those tests start a private Xvfb, run ``python -m arcade`` in it with a trace file
(``$PUZZLE_ARCADE_TRACE``) that tells them where the program drew things and what it
did, press keys and the mouse with xdotool, and check screenshots taken with
ImageMagick's ``import``. Everything here is that plumbing; what each test clicks and
checks stays in the test. Import it as ``from tests.xwindow import ...`` (pytest puts
the repository root on ``sys.path``; ``tests`` is a namespace package).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ("Xvfb", "xdotool", "import")
SCREEN = "1280x800x24"

T = TypeVar("T")


def require_tools() -> None:
    """Skip (never fail) when the X tools are not installed: a developer box may lack them, CI installs them."""
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        pytest.skip(f"Xvfb end-to-end test needs {', '.join(missing)} (install xvfb, xdotool, imagemagick)")


def wait_for(predicate: Callable[[], T], timeout: float, what: str) -> T:
    """Poll ``predicate`` until it returns something truthy and return that.

    The program, the X server and xdotool all run in other processes, so the tests
    can only poll for the effect they expect; ``what`` names it in the failure.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


@contextlib.contextmanager
def xvfb(screen: str = SCREEN) -> Iterator[dict[str, str]]:
    """A private Xvfb; yields an environment whose ``DISPLAY`` points at it.

    The server picks a free display number itself (``-displayfd``) so parallel or
    leftover test runs holding other displays never collide with this one. The
    environment has no ``SDL_VIDEODRIVER``: the test suite sets it to ``dummy`` for the
    headless tests, and the program must open a real window here. The server is
    terminated (then killed) on the way out, whatever happened.
    """
    require_tools()
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", screen, "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,))
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            ready, _, _ = select.select([pipe], [], [], 15)
            number = pipe.readline().strip() if ready else ""
        assert number, f"Xvfb did not report a display number (exit status {server.poll()})"
        env = dict(os.environ, DISPLAY=f":{number}")
        env.pop("SDL_VIDEODRIVER", None)
        wait_for(lambda: xdotool(env, "getdisplaygeometry", check=False).returncode == 0, 15, "Xvfb to answer")
        yield env
    finally:
        stop(server)


def stop(process: subprocess.Popen) -> None:
    """Terminate ``process`` and reap it; kill it if it does not exit within 10 s."""
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(10)


def xdotool(env: dict[str, str], *args: str, check: bool = True, timeout: float = 20) -> subprocess.CompletedProcess:
    """Run one xdotool command line on the test's display and return its (text) result."""
    return subprocess.run(["xdotool", *args], env=env, check=check, capture_output=True, text=True, timeout=timeout)


def read_trace(path: Path) -> list[str]:
    """The lines of the program's trace file so far (none before the program has created it)."""
    return path.read_text().splitlines() if path.exists() else []


class Program:
    """The program running on the test's display, with its own user directory and trace file.

    Its output goes to a file rather than a pipe, so a chatty program can never block
    on a full pipe, and ``output()`` can still put it in an assertion message.
    """

    def __init__(self, env: dict[str, str], tmp_path: Path, *args: str, run: str = "",
                 first_run: bool = False) -> None:
        # Runs named apart (``run``) share the user directory but not the trace and log files.
        self.home = tmp_path / "home"
        if not first_run and not (self.home / "config" / "settings.json").exists():
            seen_how_to_play(self.home)
        self.trace = tmp_path / f"trace{run}"
        self.log = tmp_path / f"program{run}.log"
        self.env = dict(env, PUZZLE_ARCADE_HOME=str(self.home), PUZZLE_ARCADE_TRACE=str(self.trace),
                        SDL_AUDIODRIVER="dummy")
        self.env.pop("SDL_VIDEODRIVER", None)
        with self.log.open("wb") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "arcade", *args], cwd=ROOT, env=self.env,
                                            stdout=log, stderr=subprocess.STDOUT)

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def returncode(self) -> int | None:
        return self.process.returncode

    def output(self) -> str:
        """Everything the program printed so far (stdout and stderr together)."""
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def trace_lines(self) -> list[str]:
        return read_trace(self.trace)

    def wait_first_frame(self, timeout: float = 60) -> None:
        """Wait for the trace's ``first-frame`` line; fail at once (with the output) if the program exits first."""
        wait_for(lambda: any(line.startswith("first-frame") for line in self.trace_lines())
                 or self.process.poll() is not None, timeout, "the first frame")
        assert self.process.poll() is None, self.output()

    def stop(self) -> None:
        stop(self.process)


def seen_how_to_play(home: Path) -> None:
    """Settings of a player who has seen every game's "How to play" page (it opens by itself the first time).

    Journeys that are not about the first run start from here, so their first key goes to the game.
    """
    from arcade.games import REGISTRY

    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"games": {name: {"seen_how_to_play": True} for name in REGISTRY.names()}}))


@contextlib.contextmanager
def run_program(env: dict[str, str], tmp_path: Path, *args: str, run: str = "",
                first_run: bool = False) -> Iterator[Program]:
    """Start ``python -m arcade *args``, wait for its first frame, and stop it cleanly on the way out.

    After the ``with`` block the program has exited, so a test can assert on
    ``program.returncode`` (130: the terminate it was sent closed the window as its close button
    would) with ``program.output()``. ``run`` names this run's trace and log files apart from an
    earlier run on the same user directory; ``first_run`` leaves the "How to play" pages unseen.
    """
    program = Program(env, tmp_path, *args, run=run, first_run=first_run)
    try:
        program.wait_first_frame()
        yield program
    finally:
        program.stop()


def find_window(env: dict[str, str], pid: int) -> str | None:
    """The program's window id, by window class or else by process id; ``None`` while it has none.

    Not by title: xdotool 3.2016, still shipped by Debian/Ubuntu, does not match
    ``--name`` against a ``WM_NAME`` of type UTF8_STRING, which is what SDL sets.
    """
    for how in (["--classname", "puzzle-arcade"], ["--pid", str(pid)]):
        found = xdotool(env, "search", *how, check=False, timeout=10)
        if found.returncode == 0 and found.stdout.split():
            return found.stdout.split()[0]
    return None


def wait_window(program: Program, timeout: float = 20) -> str:
    """The program's window id, waiting until X knows it (the first frame may come a moment before)."""
    return wait_for(lambda: find_window(program.env, program.pid), timeout, "the game window")


def window_origin(env: dict[str, str], window: str) -> tuple[int, int]:
    """Where the window's top-left corner is on the screen, to turn window coordinates into screen ones."""
    fields = dict(line.split("=", 1) for line in xdotool(env, "getwindowgeometry", "--shell", window).stdout.split())
    return int(fields["X"]), int(fields["Y"])


def screenshot(env: dict[str, str], path: Path) -> pygame.Surface:
    """The whole screen as X drew it (``import -window root``), saved to ``path`` and loaded with pygame."""
    subprocess.run(["import", "-window", "root", str(path)], env=env, check=True, timeout=30)
    return pygame.image.load(str(path))


def changed_samples(a: pygame.Surface, b: pygame.Surface, step: int = 8) -> tuple[int, int]:
    """How many of the pixels on a ``step`` grid differ between two screenshots, and how many were sampled."""
    changed = total = 0
    for y in range(0, a.get_height(), step):
        for x in range(0, a.get_width(), step):
            total += 1
            changed += a.get_at((x, y)) != b.get_at((x, y))
    return changed, total


def changed_fraction(a: pygame.Surface, b: pygame.Surface, step: int = 8) -> float:
    """The share of sampled pixels that differ: "did the picture change" without comparing every pixel."""
    changed, total = changed_samples(a, b, step)
    return changed / total


# -- journeys: several runs of the program on one user directory ------------------------------------


def menu_entries(lines: list[str]) -> dict[str, tuple[int, int, int, int]]:
    """Where the menu drew each entry last (``menu-entry x y w h title`` trace lines), by title."""
    entries: dict[str, tuple[int, int, int, int]] = {}
    for line in lines:
        if line.startswith("menu-entry "):
            fields = line.split(" ", 5)
            entries[fields[5]] = (int(fields[1]), int(fields[2]), int(fields[3]), int(fields[4]))
    return entries


def click(env: dict[str, str], window: str, x: int, y: int, button: int = 1) -> None:
    """Move the pointer to window coordinates ``(x, y)`` and click there, as a player's mouse would (XTEST)."""
    xdotool(env, "mousemove", "--window", window, str(x), str(y), "sleep", "0.15", "click", str(button),
            "sleep", "0.1")


def press(env: dict[str, str], window: str, *keys: str, delay: float = 0.12) -> None:
    """Press and release each key in turn on the focused window (XTEST), with a pause between them."""
    for key in keys:
        xdotool(env, "key", "--clearmodifiers", key, "sleep", str(delay))


def focus(env: dict[str, str], window: str) -> None:
    """Give the window the keyboard focus (there is no window manager on Xvfb to do it)."""
    xdotool(env, "windowfocus", "--sync", window, check=False, timeout=10)


def park_pointer(env: dict[str, str], window: str) -> None:
    """Move the pointer off the board (top-left corner, over the header), so no hover highlight shows."""
    xdotool(env, "mousemove", "--window", window, "4", "4", "sleep", "0.1")


def saved_session(home: Path, game: str) -> dict:
    """The session inside ``game``'s autosave under the program's user directory (``{}`` if none or unreadable)."""
    import json

    found = [p for p in home.rglob(f"{game}.json") if p.parent.name == "saves"]
    try:
        return json.loads(found[0].read_text())["session"] if found else {}
    except (OSError, ValueError, KeyError):
        return {}


def read_records(home: Path) -> dict:
    """The program's records file (personal bests), ``{}`` when it has written none."""
    import json

    found = list(home.rglob("records.json"))
    return json.loads(found[0].read_text()) if found else {}


def crop(image: pygame.Surface, rect: tuple[int, int, int, int]) -> pygame.Surface:
    """A copy of ``rect`` (x, y, w, h in screen pixels) of a screenshot."""
    return image.subsurface(pygame.Rect(rect)).copy()
