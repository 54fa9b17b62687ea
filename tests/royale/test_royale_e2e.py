"""End to end: the real program in an X server (Xvfb); drop with an xdotool click, step with a key press.

The scene writes where it drew the board and every move to the trace file named by
``$PUZZLE_ARCADE_TRACE``, so the test knows where to click and what happened; a
screenshot taken with ImageMagick's ``import`` proves the player is drawn where it went.
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
DISPLAYS = (93, 92, 91, 90)
PLAYER = (86, 180, 233)  # the default palette's player1


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
def xserver():
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
    for how in (["--classname", "puzzle-arcade"], ["--name", "Puzzle Arcade"], ["--pid", str(pid)]):
        found = subprocess.run(["xdotool", "search", *how], env=env, capture_output=True, text=True, timeout=10)
        if found.returncode == 0 and found.stdout.split():
            return found.stdout.split()[0]
    return None


def _trace(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []


@pytest.mark.e2e
def test_drop_and_step_in_the_real_window(xserver, tmp_path):
    trace = tmp_path / "trace.txt"
    env = dict(os.environ, DISPLAY=xserver, PUZZLE_ARCADE_HOME=str(tmp_path / "home"),
               PUZZLE_ARCADE_TRACE=str(trace), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen(
        [sys.executable, "-m", "arcade", "play", "royale", "--level", "01-seed-14x20", "--size", "1280x800"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    try:
        _wait_for(lambda: any(line.startswith("first-frame") for line in _trace(trace)) or game.poll() is not None,
                  30, "the first frame")
        assert game.poll() is None, game.stdout.read().decode() if game.stdout else ""
        window = _wait_for(lambda: _find_window(env, game.pid), 20, "the game window")
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], env=env, check=True,
                                  capture_output=True, text=True).stdout
        fields = dict(line.split("=", 1) for line in geometry.split())
        wx, wy = int(fields["X"]), int(fields["Y"])
        layout = [line.split() for line in _trace(trace) if line.startswith("royale-layout")][-1]
        cell, ox, oy = (int(v) for v in layout[1:4])

        def centre(r: int, c: int) -> tuple[int, int]:
            return wx + ox + c * cell + cell // 2, wy + oy + r * cell + cell // 2

        x, y = centre(3, 10)
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "sleep", "0.2", "click", "1"], env=env, check=True,
                       timeout=20)
        _wait_for(lambda: "royale-move 1 start 3 10" in _trace(trace), 15, "the drop on (3, 10)")
        subprocess.run(["xdotool", "mousemove", str(wx + 5), str(wy + 5), "key", "--window", window, "Down"],
                       env=env, check=True, timeout=20)
        _wait_for(lambda: "royale-move 2 D" in _trace(trace), 15, "the step down")
        time.sleep(0.6)  # let the step and ring animations finish
        shot = tmp_path / "screen.png"
        subprocess.run(["import", "-window", "root", str(shot)], env=env, check=True, timeout=20)
        image = pygame.image.load(str(shot))
        x, y = centre(4, 10)
        assert tuple(image.get_at((x, y)))[:3] == PLAYER, "the player is not drawn on (4, 10)"
    finally:
        game.terminate()
        try:
            game.wait(10)
        except subprocess.TimeoutExpired:
            game.kill()
