"""End to end: the real program in a real X window (Xvfb), a menu entry clicked with xdotool.

The program writes its menu layout and scene changes to the trace file named by
$PUZZLE_ARCADE_TRACE, so the test knows where to click and can confirm what happened;
screenshots taken with ImageMagick's ``import`` prove that the picture changed too.
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

pytestmark = pytest.mark.e2e
TOOLS = ("Xvfb", "xdotool", "import")
DISPLAY = ":94"


def wait_for(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def xserver():
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        pytest.skip(f"Xvfb end-to-end test needs {', '.join(missing)} (CI installs them)")
    server = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = dict(os.environ, DISPLAY=DISPLAY)
    env.pop("SDL_VIDEODRIVER", None)
    try:
        def ready() -> bool:
            return subprocess.run(["xdotool", "getdisplaygeometry"], env=env, capture_output=True).returncode == 0

        wait_for(ready, 15, "Xvfb to start")
        yield env
    finally:
        server.terminate()
        server.wait(10)


def screenshot(env, path: Path) -> pygame.Surface:
    subprocess.run(["import", "-window", "root", str(path)], env=env, check=True, timeout=30)
    return pygame.image.load(str(path))


def changed_fraction(a: pygame.Surface, b: pygame.Surface) -> float:
    step, changed, total = 8, 0, 0
    for y in range(0, a.get_height(), step):
        for x in range(0, a.get_width(), step):
            total += 1
            changed += a.get_at((x, y)) != b.get_at((x, y))
    return changed / total


def test_click_a_menu_entry_in_the_real_window(xserver, tmp_path):
    env = dict(xserver, PUZZLE_ARCADE_HOME=str(tmp_path / "home"), PUZZLE_ARCADE_TRACE=str(tmp_path / "trace"),
               SDL_AUDIODRIVER="dummy")
    trace = tmp_path / "trace"
    program = subprocess.Popen([sys.executable, "-m", "arcade", "--size", "1024x640"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: trace.exists() and "first-frame" in trace.read_text(), 60, "the first frame")
        window = subprocess.run(["xdotool", "search", "--sync", "--classname", "puzzle-arcade"], env=env,
                                capture_output=True, text=True, timeout=30).stdout.split()[0]
        entries = [line.split(" ", 5) for line in trace.read_text().splitlines() if line.startswith("menu-entry ")]
        # The first game if there is one, else Settings: either way a new scene must open.
        target = next((e for e in entries if e[5] not in ("Continue", "Quit")), None)
        assert target is not None, entries
        x, y, w, h = (int(v) for v in target[1:5])
        time.sleep(0.5)
        before = screenshot(env, tmp_path / "before.png")
        subprocess.run(["xdotool", "mousemove", "--window", window, str(x + w // 2), str(y + h // 2)], env=env,
                       check=True)
        time.sleep(0.2)
        subprocess.run(["xdotool", "click", "--window", window, "1"], env=env, check=True)
        pushes = wait_for(lambda: [line for line in trace.read_text().splitlines()
                                   if line.startswith("push ") and line != "push MenuScene"], 20, "a new scene")
        time.sleep(0.7)
        after = screenshot(env, tmp_path / "after.png")
        assert pushes, trace.read_text()
        assert changed_fraction(before, after) > 0.05, "the picture did not change after the click"
    finally:
        program.terminate()
        try:
            program.wait(10)
        except subprocess.TimeoutExpired:
            program.kill()
    assert program.returncode in (0, -15), program.stderr.read() if program.stderr else ""
