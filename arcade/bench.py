"""Benchmarks (cli): start-up time, frame times of every scene, and each game's own figures.

``python -m arcade bench`` prints the time from process start to the first drawn menu
frame (measured in a fresh interpreter), then median and p95 frame time of the menu,
the overlays and every registered game's scene at 1280x800 on the dummy driver, with
the mouse moving so hover and redraw paths are exercised. ``bench GAME`` runs that
game's scene and its own benchmark command. Tests never assert on these numbers.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from arcade.core.errors import EXIT_INTERRUPTED
from arcade.services import interrupts

if TYPE_CHECKING:
    from arcade.core.registry import GameInfo
    from arcade.ui.app import App
    from arcade.ui.scene import Scene

BENCH_SIZE = (1280, 800)


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0..100) of ``values`` by nearest rank; NaN for no values.

    Every benchmark's p95 is this one, so figures printed by ``bench`` and by each game's own
    benchmark are comparable (they were computed by four copies of the same expression).
    """
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def time_spread(ms: list[float], digits: int = 2) -> str:
    """``median … ms   p95 … ms   max … ms`` of times already in milliseconds (at least one)."""
    return (f"median {statistics.median(ms):6.{digits}f} ms   p95 {percentile(ms, 95):6.{digits}f} ms   "
            f"max {max(ms):6.{digits}f} ms")


def frame_stats(times: list[float]) -> str:
    """``median … ms   p95 … ms   (N frames)`` of frame times given in seconds."""
    ms = [t * 1000 for t in times]
    return f"median {statistics.median(ms):6.2f} ms   p95 {percentile(ms, 95):6.2f} ms   ({len(ms)} frames)"


def time_to_first_frame(runs: int = 3) -> float:
    """Seconds from spawning ``python -m arcade`` to its first drawn menu frame (best of ``runs``)."""
    best = float("inf")
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            trace = Path(home) / "trace.txt"
            env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                       PUZZLE_ARCADE_HOME=home, PUZZLE_ARCADE_TRACE=str(trace))
            started = time.time()
            child = subprocess.run(
                [sys.executable, "-m", "arcade", "--screenshot", str(Path(home) / "shot.png"), "--frames", "1"],
                env=env, capture_output=True, text=True, errors="replace",
            )
            _check_child(child)
            for line in trace.read_text().splitlines():
                if line.startswith("first-frame "):
                    best = min(best, float(line.split()[1]) - started)
    return best


def _check_child(child: subprocess.CompletedProcess[str]) -> None:
    """Stop the benchmark as its start-up run stopped. A run ended by a stop signal (killed alone,
    or by a Ctrl+C that reached it first) is the benchmark's interruption (exit 130); "internal
    error (CalledProcessError ...)", exit 70, blamed the benchmark. Any other failure names the
    run's own last line."""
    import signal

    status = child.returncode
    if status == 0:
        return
    stops = {int(s) for s in interrupts.stop_signals()}
    if status == EXIT_INTERRUPTED or -status in stops:
        name = signal.Signals(-status).name if status < 0 else "SIGINT"
        raise KeyboardInterrupt(f"{name}, in the start-up run")
    last = (child.stderr.strip().splitlines() or ["no message"])[-1]
    raise RuntimeError(f"the start-up run exited with status {status}: {last}")


def measure_scene(make_scene: Callable[[App], Scene], frames: int,
                  overlay_on: Callable[[App], Scene] | None = None) -> list[float]:
    """Frame times of a scene in a headless app with a mouse sweeping across the window."""
    import pygame

    from arcade.games import REGISTRY
    from arcade.ui.app import App

    app = App(REGISTRY, size=BENCH_SIZE, headless=True)
    app.audio.enabled = False
    if overlay_on is not None:
        app.push(overlay_on(app))
    app.push(make_scene(app))
    w, h = BENCH_SIZE
    for i in range(frames):
        x = int((i * 37) % w)
        y = int(h * 0.2 + (i * 23) % int(h * 0.6))
        event = pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0))
        app.frame(1 / 60, [event])
    times = app.frame_times[5:]
    app.close()
    return times


def run_bench(game: str | None = None, *, quick: bool = False, options: argparse.Namespace | None = None) -> int:
    """Every benchmark, or only ``game``'s; ``options`` are the game's own (``bench GAME --seeds 3``)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # Always a home of its own: with PUZZLE_ARCADE_HOME already set, the benchmark boards were
    # autosaved over the player's game and the editor's draft in that home.
    before = os.environ.get("PUZZLE_ARCADE_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["PUZZLE_ARCADE_HOME"] = home
        try:
            return _run(game, quick, options)
        finally:
            if before is None:
                os.environ.pop("PUZZLE_ARCADE_HOME", None)
            else:
                os.environ["PUZZLE_ARCADE_HOME"] = before


def _run(game: str | None, quick: bool, options: argparse.Namespace | None) -> int:
    from arcade.core.registry import Launch
    from arcade.games import REGISTRY
    from arcade.ui.front import open_session
    from arcade.ui.menu import MenuScene
    from arcade.ui.overlays import PauseScene
    from arcade.ui.settings_scene import SettingsScene

    frames = 60 if quick else 300
    infos = [REGISTRY.get(game)] if game else list(REGISTRY)
    if game is None:
        first = time_to_first_frame(1 if quick else 3)
        print(f"start-up to first menu frame: {first * 1000:.0f} ms (target ≤ 1500 ms)")
        print(f"frame times at {BENCH_SIZE[0]}x{BENCH_SIZE[1]}, dummy driver:")
        print(f"  {'menu':<22}{frame_stats(measure_scene(lambda app: MenuScene(), frames))}")
        print(f"  {'settings (overlay)':<22}"
              f"{frame_stats(measure_scene(lambda app: SettingsScene(), frames, lambda app: MenuScene()))}")
    for info in infos:
        def make(app: App, info: GameInfo = info) -> Scene:
            return open_session(app, info.load_front(), Launch())[0]

        print(f"  {info.name + ' scene':<22}{frame_stats(measure_scene(make, frames))}")
        if game is None:
            def pause(app: App, info: GameInfo = info) -> Scene:
                scene = app.stack.top
                return PauseScene(scene, scene.help_lines())

            print(f"  {info.name + ' pause':<22}{frame_stats(measure_scene(pause, frames, make))}")
    for info in infos:
        command = info.load_commands().get("bench")
        if command is not None:
            print(f"\n== {info.title} ==")
            sys.stdout.flush()
            parser = argparse.ArgumentParser()
            command.configure(parser)
            args = parser.parse_args(["--quick"] if quick else [])  # the game's defaults
            if game is not None and options is not None:  # and the options given after its name
                args = argparse.Namespace(**{**vars(args), **{k: v for k, v in vars(options).items()
                                                             if k in vars(args)}})
                args.quick = quick
            status = command.run(args)
            if status:
                return status
    return 0
