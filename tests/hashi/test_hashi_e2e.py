"""End to end: the real program in an X server (Xvfb), a bridge dragged with xdotool, checked on a screenshot.

The game writes where it drew the board and each island to the trace file named by
``$PUZZLE_ARCADE_TRACE``, so the test knows where to press without copying layout code,
and it logs each move it played. Skipped (with the reason) only when Xvfb, xdotool or
ImageMagick's ``import`` are missing; CI installs them. The Xvfb, program and window
plumbing lives in tests/xwindow.py.
"""

from __future__ import annotations

import time

import pytest

from tests.xwindow import run_program, screenshot, wait_for, wait_window, window_origin, xdotool


@pytest.mark.e2e
def test_dragging_a_bridge_in_the_real_window(xserver, tmp_path):
    with run_program(xserver, tmp_path, "play", "hashi", "--level", "classic/01-first-steps",
                     "--size", "1280x800") as game:
        env = game.env
        window = wait_window(game)
        wx, wy = window_origin(env, window)
        lines = game.trace_lines()
        layout = [line.split() for line in lines if line.startswith("hashi-layout")][-1]
        cell, ox, oy = (int(v) for v in layout[1:4])
        islands = {(int(p[2]), int(p[3])): (int(p[4]), int(p[5]))
                   for p in (line.split() for line in lines if line.startswith("hashi-island"))}
        start = islands[(0, 0)]
        # Drag east by less than a cell: the direction is all the game needs.
        steps = [(start[0] + dx, start[1]) for dx in (3, 8, 14, 20, round(cell * 0.8))]
        command = ["mousemove", str(wx + start[0]), str(wy + start[1]), "sleep", "0.2", "mousedown", "1"]
        for x, y in steps:
            command += ["sleep", "0.05", "mousemove", str(wx + x), str(wy + y)]
        command += ["sleep", "0.2", "mouseup", "1"]
        xdotool(env, *command)
        wait_for(lambda: "hashi-move 1 set 0 0 E 1" in game.trace_lines(), 15,
                 "the game to log the move 'set 0 0 E 1'")
        time.sleep(0.3)  # a few more frames so the screen shows the new bridge
        image = screenshot(env, tmp_path / "screen.png")
        water = (wx + ox + round(1.5 * cell), wy + oy + cell // 2)  # cell (0, 1), between the two islands
        assert tuple(image.get_at(water))[:3] == (232, 234, 240), "no bridge drawn between the islands"
        island = (wx + start[0], wy + start[1])
        assert tuple(image.get_at(island))[:3] != (22, 24, 31), "the island is not drawn"
