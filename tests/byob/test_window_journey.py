"""End to end, in a real X window (Xvfb + xdotool): a bot author's journey through the Tron window.

Open the setup, choose a Program seat for cycle 2 with a test bot, play a round against it,
see its stderr in the console, save the replay with Ctrl+S, and reopen it with
``play tron --replay``. Stopping the window (SIGTERM, as Ctrl+C) leaves no bot process.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest

from arcade.games.tron.ai import DEFAULT_BOT
from arcade.games.tron.view.setup import SEAT_CHOICES
from arcade.services.replays import load_replay
from tests.byob.helpers import bot, processes
from tests.xwindow import changed_fraction, run_program, screenshot, wait_for, wait_window, xdotool

pytestmark = pytest.mark.e2e

BOT = bot("tron2010_straight.py")


#: This checkout's bot file: the same test run from another checkout at once has bots of its own.
BOT_FILE = str(Path(__file__).parent / "bots" / "tron2010_straight.py")


def bot_processes() -> list[str]:
    """The live processes of this checkout's test bot (a zombie is already gone, only not reaped)."""
    return [f"{pid} {state} {cmd[:80]}" for pid, _, state, cmd in processes()
            if BOT_FILE in cmd and state != "Z"]


def console_crop(env, path: Path, rect: tuple[int, int, int, int]) -> pygame.Surface:
    return screenshot(env, path).subsurface(pygame.Rect(rect)).copy()


def keys(env, window: str, *names: str) -> None:
    for name in names:
        xdotool(env, "key", "--window", window, name, timeout=10)
        time.sleep(0.08)


def test_a_program_seat_chosen_in_the_setup_plays_a_round_and_its_replay_reopens(xserver, tmp_path):
    assert not bot_processes()
    with run_program(xserver, tmp_path, "play", "tron", "--level", "test-board2", "--size", "1024x640") as program:
        env = program.env
        window = wait_window(program)
        xdotool(env, "windowfocus", "--sync", window, check=False, timeout=10)
        keys(env, window, "o")
        wait_for(lambda: "push SetupScene" in program.trace_lines(), 10, "the setup dialog")
        # Mode "You vs a bot"; cycle 2's seat steps from the default bot to "Program…".
        steps = SEAT_CHOICES.index("program") - SEAT_CHOICES.index(DEFAULT_BOT)
        keys(env, window, "Down", *(["Right"] * steps), "Down")  # (Down passes "Cycle 1: You")
        xdotool(env, "type", "--window", window, "--delay", "20", BOT, timeout=60)
        keys(env, window, "Return")
        line = wait_for(lambda: next((x for x in program.trace_lines() if x.startswith("tron-console ")), None),
                        10, "the console beside the board")
        rect = tuple(int(v) for v in line.split()[1:5])
        time.sleep(0.3)
        before = console_crop(env, tmp_path / "before.png", rect)
        keys(env, window, "Right")  # the first round starts on the player's key
        over = wait_for(lambda: next((x for x in program.trace_lines() if x.startswith("tron-round-over ")), None),
                        60, "the end of the round")
        time.sleep(0.3)
        after = console_crop(env, tmp_path / "after.png", rect)
        assert changed_fraction(before, after, step=2) > 0.01, "the console shows nothing new"
        keys(env, window, "ctrl+s")
        saved = wait_for(lambda: next((x for x in program.trace_lines() if x.startswith("replay-saved ")), None),
                         10, "the saved replay")
        path = Path(saved.split(" ", 1)[1])
        replay = load_replay(path, "tron")
        assert replay.players[1] == f"2010:{BOT}"
        assert any("heading" in text for turn in replay.turns for text in turn.stderr[1])
        assert over.split(" ", 2)[2] == replay.result["reason"]
    assert program.returncode in (0, 130), program.output()
    wait_for(lambda: not bot_processes(), 5, "no bot process left")
    # Reopen it: the viewer starts on the replay, the console beside it, nothing runs.
    with run_program(xserver, tmp_path / "again", "play", "tron", "--replay", str(path), "--size", "1024x640") \
            as viewer:
        wait_window(viewer)
        wait_for(lambda: any(x.startswith("tron-console ") for x in viewer.trace_lines()), 10, "the console")
        assert "push TronScene" in viewer.trace_lines() and not bot_processes()
    assert viewer.returncode in (0, 130), viewer.output()


def test_stopping_the_window_mid_round_leaves_no_bot_process(xserver, tmp_path):
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    setup = {"mode": "watch", "bot1": "program", "command1": BOT, "bot2": "random", "best_of": 3,
             "speed": 4}
    (home / "config" / "settings.json").write_text(json.dumps(
        {"games": {"tron": {"seen_how_to_play": True, "setup": setup}}}))
    with run_program(xserver, tmp_path, "play", "tron", "--level", "empty-room", "--new") as program:
        wait_for(lambda: any(x.startswith("tron-move ") for x in program.trace_lines()), 30, "a tick")
        assert bot_processes(), "the program should be running"
    assert program.returncode in (0, 130), program.output()
    wait_for(lambda: not bot_processes(), 5, "no bot process left")
