"""End to end: Runway in a real X window (Xvfb), driven with xdotool keys, checked on the autosave and pixels.

The Xvfb, program and window plumbing lives in tests/xwindow.py.
"""

from __future__ import annotations

import json
import time

import pytest

from tests.xwindow import changed_samples, run_program, screenshot, wait_for, wait_window, xdotool

pytestmark = pytest.mark.e2e


def test_drive_the_statement_example_with_real_keys(xserver, tmp_path):
    with run_program(xserver, tmp_path, "play", "runway", "--level", "00_statement_example",
                     "--size", "1000x660") as program:
        env = program.env

        def saved() -> dict:
            """The autosave the game writes after every change (wherever the platform puts it)."""
            found = list(program.home.rglob("runway.json"))
            try:
                return json.loads(found[0].read_text())["session"] if found else {}
            except (ValueError, KeyError):
                return {}

        def moves() -> list[str]:
            return saved().get("moves", [])

        window = wait_window(program)
        xdotool(env, "windowfocus", "--sync", window, check=False, timeout=10)
        before = screenshot(env, tmp_path / "before.png")
        xdotool(env, "key", "--window", window, "Right", timeout=10)
        wait_for(lambda: moves() == ["SPEED"], 20, "SPEED in the autosave")
        xdotool(env, "key", "--window", window, "j", timeout=10)
        wait_for(lambda: moves() == ["SPEED", "JUMP"], 20, "JUMP in the autosave")
        time.sleep(1.0)
        after = screenshot(env, tmp_path / "after.png")
        changed, _ = changed_samples(before, after)
        assert changed > 50
        xdotool(env, "key", "--window", window, "comma", timeout=10)
        wait_for(lambda: saved().get("index") == 1, 20, "a step back in the autosave")
