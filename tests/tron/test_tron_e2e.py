"""End to end: Tron in a real X window (Xvfb): a key pressed with xdotool steers the cycle.

The program runs with its real frame loop and the flood-fill bot in its worker; the trace
file ($PUZZLE_ARCADE_TRACE) records every tick's move, and screenshots show the trail.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from tests.test_e2e_menu import changed_fraction, screenshot, wait_for, xserver  # noqa: F401 -- fixture

pytestmark = pytest.mark.e2e


def test_steer_the_cycle_with_a_real_key_press(xserver, tmp_path):  # noqa: F811
    env = dict(xserver, PUZZLE_ARCADE_HOME=str(tmp_path / "home"), PUZZLE_ARCADE_TRACE=str(tmp_path / "trace"),
               SDL_AUDIODRIVER="dummy")
    trace = tmp_path / "trace"
    program = subprocess.Popen([sys.executable, "-m", "arcade", "play", "tron", "--level", "empty-room",
                                "--size", "1024x640"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    try:
        wait_for(lambda: trace.exists() and "first-frame" in trace.read_text(), 60, "the first frame")
        window = subprocess.run(["xdotool", "search", "--sync", "--classname", "puzzle-arcade"], env=env,
                                capture_output=True, text=True, timeout=30).stdout.split()[0]
        before = screenshot(env, tmp_path / "before.png")
        # The countdown lasts 2.4 s: turn south before the start (cycle 1 sits in the top-left corner).
        subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env, timeout=10)
        subprocess.run(["xdotool", "key", "--window", window, "Down"], env=env, check=True, timeout=10)
        moves = wait_for(lambda: [line.split() for line in trace.read_text().splitlines()
                                  if line.startswith("tron-move ")], 20, "the first tick")
        assert moves[0][1:3] == ["1", "S"], moves[0]
        time.sleep(0.6)
        after = screenshot(env, tmp_path / "after.png")
        assert changed_fraction(before, after) > 0.01, "the board did not change"
    finally:
        program.terminate()
        try:
            program.wait(10)
        except subprocess.TimeoutExpired:
            program.kill()
    assert program.returncode in (0, -15), program.stderr.read() if program.stderr else ""
