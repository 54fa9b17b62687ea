"""End to end: the real program in an X server (Xvfb), a bridge dragged with xdotool, checked on a screenshot.

The game writes where it drew the board and each island to the trace file named by
``$PUZZLE_ARCADE_TRACE``, so the test knows where to press without copying layout code,
and it logs each move it played. Skipped (with the reason) only when Xvfb, xdotool or
ImageMagick's ``import`` are missing; CI installs them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
DISPLAYS = (97, 96, 95, 94)


def _need(*tools: str) -> None:
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        pytest.skip(f"end-to-end test needs {', '.join(missing)} (install xvfb, xdotool, imagemagick)")


def _wait_for(predicate, timeout: float, what: str):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


@pytest.fixture
def xserver(tmp_path):
    _need("Xvfb", "xdotool", "import")
    for number in DISPLAYS:
        if Path(f"/tmp/.X{number}-lock").exists():
            continue
        proc = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        socket = Path(f"/tmp/.X11-unix/X{number}")
        try:
            _wait_for(lambda s=socket, p=proc: s.exists() or p.poll() is not None, 10, "Xvfb to start")
        except AssertionError:
            proc.kill()
            raise
        if proc.poll() is None:
            try:
                yield f":{number}"
            finally:
                proc.terminate()
                proc.wait(10)
            return
    pytest.fail(f"no free X display among {DISPLAYS}")


def _find_window(env: dict[str, str], pid: int) -> str | None:
    """The game's window id: by window class, title, or process id (whichever this xdotool can match).

    (xdotool 3.2016, still shipped by Debian/Ubuntu, does not match ``--name`` against a
    ``WM_NAME`` of type UTF8_STRING, which is what SDL sets.)
    """
    for how in (["--classname", "puzzle-arcade"], ["--name", "Puzzle Arcade"], ["--pid", str(pid)]):
        found = subprocess.run(["xdotool", "search", *how], env=env, capture_output=True, text=True, timeout=10)
        if found.returncode == 0 and found.stdout.split():
            return found.stdout.split()[0]
    return None


def _trace(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []


@pytest.mark.e2e
def test_dragging_a_bridge_in_the_real_window(xserver, tmp_path):
    trace = tmp_path / "trace.txt"
    env = dict(os.environ, DISPLAY=xserver, PUZZLE_ARCADE_HOME=str(tmp_path / "home"),
               PUZZLE_ARCADE_TRACE=str(trace), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen(
        [sys.executable, "-m", "arcade", "play", "hashi", "--level", "classic/01-first-steps", "--size", "1280x800"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    try:
        _wait_for(lambda: any(line.startswith("first-frame") for line in _trace(trace)) or game.poll() is not None,
                  30, "the first frame")
        assert game.poll() is None, game.stdout.read().decode() if game.stdout else ""
        window = _wait_for(lambda: _find_window(env, game.pid), 20, "the window 'Puzzle Arcade'")
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], env=env, check=True,
                                  capture_output=True, text=True).stdout
        fields = dict(line.split("=", 1) for line in geometry.split())
        wx, wy = int(fields["X"]), int(fields["Y"])
        lines = _trace(trace)
        layout = [line.split() for line in lines if line.startswith("hashi-layout")][-1]
        cell, ox, oy = (int(v) for v in layout[1:4])
        islands = {(int(p[2]), int(p[3])): (int(p[4]), int(p[5]))
                   for p in (line.split() for line in lines if line.startswith("hashi-island"))}
        start = islands[(0, 0)]
        # Drag east by less than a cell: the direction is all the game needs.
        steps = [(start[0] + dx, start[1]) for dx in (3, 8, 14, 20, round(cell * 0.8))]
        command = ["xdotool", "mousemove", str(wx + start[0]), str(wy + start[1]), "sleep", "0.2", "mousedown", "1"]
        for x, y in steps:
            command += ["sleep", "0.05", "mousemove", str(wx + x), str(wy + y)]
        command += ["sleep", "0.2", "mouseup", "1"]
        subprocess.run(command, env=env, check=True, timeout=20)
        _wait_for(lambda: any(line == "hashi-move 1 set 0 0 E 1" for line in _trace(trace)), 15,
                  "the game to log the move 'set 0 0 E 1'")
        time.sleep(0.3)  # a few more frames so the screen shows the new bridge
        shot = tmp_path / "screen.png"
        subprocess.run(["import", "-window", "root", str(shot)], env=env, check=True, timeout=20)
        image = pygame.image.load(str(shot))
        water = (wx + ox + round(1.5 * cell), wy + oy + cell // 2)  # cell (0, 1), between the two islands
        assert tuple(image.get_at(water))[:3] == (232, 234, 240), "no bridge drawn between the islands"
        island = (wx + start[0], wy + start[1])
        assert tuple(image.get_at(island))[:3] != (22, 24, 31), "the island is not drawn"
    finally:
        game.terminate()
        try:
            game.wait(10)
        except subprocess.TimeoutExpired:
            game.kill()
