"""End to end: Tron in a real X window (Xvfb): a key pressed with xdotool steers the cycle.

The program runs with its real frame loop and the flood-fill bot in its worker; the trace
file ($PUZZLE_ARCADE_TRACE) records every tick's move, and screenshots show the trail.
The Xvfb, program and window plumbing lives in tests/xwindow.py.
"""

from __future__ import annotations

import time

import pytest

from tests.xwindow import changed_fraction, click, run_program, screenshot, wait_for, wait_window, xdotool

pytestmark = pytest.mark.e2e


def test_steer_the_cycle_with_a_real_key_press(xserver, tmp_path):
    with run_program(xserver, tmp_path, "play", "tron", "--level", "empty-room", "--size", "1024x640") as program:
        env = program.env
        window = wait_window(program)
        before = screenshot(env, tmp_path / "before.png")
        # The first round waits for a steering key, which is also the first heading: south
        # (cycle 1 sits in the top-left corner); the countdown follows.
        xdotool(env, "windowfocus", "--sync", window, check=False, timeout=10)
        xdotool(env, "key", "--window", window, "Down", timeout=10)
        moves = wait_for(lambda: [line.split() for line in program.trace_lines()
                                  if line.startswith("tron-move ")], 20, "the first tick")
        assert moves[0][1:3] == ["1", "S"], moves[0]
        time.sleep(0.6)
        after = screenshot(env, tmp_path / "after.png")
        assert changed_fraction(before, after) > 0.01, "the board did not change"
    assert program.returncode in (0, 130), program.output()


def test_start_and_steer_with_a_real_click(xserver, tmp_path):
    """The mouse alone plays against a bot: a click well below cycle 1 (top-left corner) starts the
    round heading south."""
    with run_program(xserver, tmp_path, "play", "tron", "--level", "empty-room", "--size", "1024x640") as program:
        env = program.env
        window = wait_window(program)
        xdotool(env, "windowfocus", "--sync", window, check=False, timeout=10)
        # empty-room fills the board area's height, centred: x 310 is about cycle 1's column, y 470 far below it.
        click(env, window, 310, 470)
        moves = wait_for(lambda: [line.split() for line in program.trace_lines()
                                  if line.startswith("tron-move ")], 20, "the first tick")
        assert moves[0][1:3] == ["1", "S"], moves[0]
    assert program.returncode in (0, 130), program.output()
