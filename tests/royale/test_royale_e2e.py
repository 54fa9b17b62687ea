"""End to end: the real program in an X server (Xvfb); drop with an xdotool click, step with a key press.

The scene writes where it drew the board and every move to the trace file named by
``$PUZZLE_ARCADE_TRACE``, so the test knows where to click and what happened; a
screenshot taken with ImageMagick's ``import`` proves the player is drawn where it went.
The Xvfb, program and window plumbing lives in tests/xwindow.py.
"""

from __future__ import annotations

import time

import pytest

from tests.xwindow import run_program, screenshot, wait_for, wait_window, window_origin, xdotool

PLAYER = (86, 180, 233)  # the default palette's player1


@pytest.mark.e2e
def test_drop_and_step_in_the_real_window(xserver, tmp_path):
    with run_program(xserver, tmp_path, "play", "royale", "--level", "01-seed-14x20", "--size", "1280x800") as game:
        env = game.env
        window = wait_window(game)
        wx, wy = window_origin(env, window)
        layout = [line.split() for line in game.trace_lines() if line.startswith("royale-layout")][-1]
        cell, ox, oy = (int(v) for v in layout[1:4])

        def centre(r: int, c: int) -> tuple[int, int]:
            return wx + ox + c * cell + cell // 2, wy + oy + r * cell + cell // 2

        x, y = centre(3, 10)
        xdotool(env, "mousemove", str(x), str(y), "sleep", "0.2", "click", "1")
        wait_for(lambda: "royale-move 1 start 3 10" in game.trace_lines(), 15, "the drop on (3, 10)")
        xdotool(env, "mousemove", str(wx + 5), str(wy + 5), "key", "--window", window, "Down")
        wait_for(lambda: "royale-move 2 D" in game.trace_lines(), 15, "the step down")
        time.sleep(0.6)  # let the step and ring animations finish
        image = screenshot(env, tmp_path / "screen.png")
        x, y = centre(4, 10)
        assert tuple(image.get_at((x, y)))[:3] == PLAYER, "the player is not drawn on (4, 10)"
