"""End to end: the real program in a real X window (Xvfb), a menu entry clicked with xdotool.

The program writes its menu layout and scene changes to the trace file named by
$PUZZLE_ARCADE_TRACE, so the test knows where to click and can confirm what happened;
screenshots taken with ImageMagick's ``import`` prove that the picture changed too.
The Xvfb, program and window plumbing lives in tests/xwindow.py.
"""

from __future__ import annotations

import time

import pytest

from tests.xwindow import changed_fraction, run_program, screenshot, wait_for, wait_window, xdotool, xvfb

pytestmark = pytest.mark.e2e


def test_click_a_menu_entry_in_the_real_window(xserver, tmp_path):
    with run_program(xserver, tmp_path, "--size", "1024x640") as program:
        env = program.env
        window = wait_window(program)
        entries = [line.split(" ", 5) for line in program.trace_lines() if line.startswith("menu-entry ")]
        # The first game if there is one, else Settings: either way a new scene must open.
        target = next((e for e in entries if e[5] not in ("Continue", "Quit")), None)
        assert target is not None, entries
        x, y, w, h = (int(v) for v in target[1:5])
        time.sleep(0.5)
        before = screenshot(env, tmp_path / "before.png")
        xdotool(env, "mousemove", "--window", window, str(x + w // 2), str(y + h // 2))
        time.sleep(0.2)
        xdotool(env, "click", "--window", window, "1")
        pushes = wait_for(lambda: [line for line in program.trace_lines()
                                   if line.startswith("push ") and line != "push MenuScene"], 20, "a new scene")
        time.sleep(0.7)
        after = screenshot(env, tmp_path / "after.png")
        assert pushes, program.trace_lines()
        assert changed_fraction(before, after) > 0.05, "the picture did not change after the click"
    assert program.returncode in (0, 130), program.output()


def test_the_letter_on_a_badge_opens_its_game_in_the_real_window(xserver, tmp_path):
    with run_program(xserver, tmp_path, "--size", "1024x640") as program:
        env = program.env
        window = wait_window(program)
        wait_for(lambda: [line for line in program.trace_lines() if line.startswith("menu-entry ")], 20, "the menu")
        time.sleep(0.5)
        xdotool(env, "windowfocus", "--sync", window, check=False)
        xdotool(env, "key", "--window", window, "r")
        pushes = wait_for(lambda: [line for line in program.trace_lines() if line.startswith("push Runway")],
                          20, "Runway opened by its letter")
        assert pushes == ["push RunwayScene"], program.trace_lines()
    assert program.returncode in (0, 130), program.output()


def test_the_first_window_fits_a_laptop_screen(tmp_path):
    """With no --size and no settings yet, the default 1280x800 opened half off a 1366x768 screen:
    the window opens at the largest offered size that fits, and that is the size remembered."""
    with xvfb("1366x768x24") as env, run_program(env, tmp_path) as program:
        window = wait_window(program)
        wait_for(lambda: [line for line in program.trace_lines() if line.startswith("menu-entry ")], 20, "the menu")
        geometry = xdotool(env, "getwindowgeometry", window).stdout
        assert "Geometry: 1024x640" in geometry, geometry
    assert program.returncode in (0, 130), program.output()
