"""End to end: Runway in a real X window (Xvfb), driven with xdotool keys, checked on the autosave and pixels."""

from __future__ import annotations

import json
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


def wait_for(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def display():
    """A private Xvfb on a display number the server picks itself (other test runs may hold others)."""
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        pytest.skip(f"Xvfb end-to-end test needs {', '.join(missing)}")
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x700x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,))
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        env = dict(os.environ, DISPLAY=f":{number}")
        env.pop("SDL_VIDEODRIVER", None)
        yield env
    finally:
        server.terminate()
        server.wait(10)


def grab(env, path: Path) -> pygame.Surface:
    subprocess.run(["import", "-window", "root", str(path)], env=env, check=True, timeout=30)
    return pygame.image.load(str(path))


def test_drive_the_statement_example_with_real_keys(display, tmp_path):
    home = tmp_path / "home"
    trace = tmp_path / "trace"
    env = dict(display, PUZZLE_ARCADE_HOME=str(home), PUZZLE_ARCADE_TRACE=str(trace), SDL_AUDIODRIVER="dummy")
    program = subprocess.Popen([sys.executable, "-m", "arcade", "play", "runway", "--level", "00_statement_example",
                                "--size", "1000x660"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)

    def saved() -> dict:
        """The autosave the game writes after every change (wherever the platform puts it)."""
        found = list(home.rglob("runway.json"))
        try:
            return json.loads(found[0].read_text())["session"] if found else {}
        except (ValueError, KeyError):
            return {}

    def moves() -> list[str]:
        return saved().get("moves", [])

    try:
        wait_for(lambda: trace.exists() and "first-frame" in trace.read_text(), 60, "the first frame")
        window = subprocess.run(["xdotool", "search", "--sync", "--classname", "puzzle-arcade"], env=env,
                                capture_output=True, text=True, timeout=30).stdout.split()[0]
        subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env, timeout=10, check=False)
        before = grab(env, tmp_path / "before.png")
        subprocess.run(["xdotool", "key", "--window", window, "Right"], env=env, check=True, timeout=10)
        wait_for(lambda: moves() == ["SPEED"], 20, "SPEED in the autosave")
        subprocess.run(["xdotool", "key", "--window", window, "j"], env=env, check=True, timeout=10)
        wait_for(lambda: moves() == ["SPEED", "JUMP"], 20, "JUMP in the autosave")
        time.sleep(1.0)
        after = grab(env, tmp_path / "after.png")
        changed = sum(before.get_at((x, y)) != after.get_at((x, y))
                      for x in range(0, before.get_width(), 8) for y in range(0, before.get_height(), 8))
        assert changed > 50
        subprocess.run(["xdotool", "key", "--window", window, "comma"], env=env, check=True, timeout=10)
        wait_for(lambda: saved().get("index") == 1, 20, "a step back in the autosave")
    finally:
        program.terminate()
        try:
            program.wait(10)
        except subprocess.TimeoutExpired:
            program.kill()
