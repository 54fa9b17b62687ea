"""Hashi's command-line verbs (cli): ``solve``, ``generate``, ``bench`` and ``levels``.

Imported to build ``--help``, so pygame is only imported inside the benchmark itself.
``solve`` and ``generate`` and the AI's benchmark figures live in :mod:`ai_cli`.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

from arcade.bench import percentile, time_spread
from arcade.core.errors import IllegalMove
from arcade.core.grid import size_name
from arcade.core.inputs import input_folder_type
from arcade.core.numbers import int_type
from arcade.core.registry import Command
from arcade.games.hashi import ai_cli
from arcade.games.hashi.generator import lattice_puzzle
from arcade.games.hashi.logic import Puzzle
from arcade.services import sheets

TARGET_P95_MS = 8.0


def _configure_bench(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quick", action="store_true", help="fewer drags and puzzles (for smoke tests)")
    parser.add_argument("--size", type=int_type(5, 200, "--size"),
                        default=40, help="board side for the drag benchmark (default 40)")
    parser.add_argument("--only", choices=("play", "ai", "editor"),
                        help="only the play (frame time), the AI or the editor's verdict latency figures")
    parser.add_argument("--data", type=input_folder_type("*.has"), help="folder of the CLLV literature set (*.has)")


def drag_frame_times(size: int = 40, drags: int = 40, steps: int = 24,
                     zoom: float = 1.0) -> tuple[list[float], list[float], int]:
    """Wall-clock and CPU frame times (ms) while dragging bridges on a size x size board at 1280x800.

    With ``zoom`` > 1 the camera is zoomed in on the board's centre first and the drags
    start from islands on screen (the cached board is then bigger than the window).

    Each drag presses on an island, moves the pointer round it so the preview changes
    direction, and releases towards a neighbour (building, doubling or clearing a bridge).
    Events are posted to pygame's queue and go through the real frame loop. CPU time
    (this process only) is reported too: on a shared machine the wall clock also counts
    time the scheduler gave to other programs.
    """
    import pygame

    from arcade.core.session import Session
    from arcade.games import REGISTRY
    from arcade.games.hashi import INFO
    from arcade.games.hashi.logic import RULES
    from arcade.games.hashi.view import HashiScene
    from arcade.ui.app import App

    app = App(REGISTRY, size=(1280, 800), headless=True)
    app.audio.enabled = False
    scene = HashiScene(INFO, Session(RULES, lattice_puzzle(size)))
    app.push(scene)
    for _ in range(5):
        app.frame(1 / 60)
    view = scene.painter.view
    if zoom != 1.0:
        view.set_zoom(zoom)
        app.frame(1 / 60)
    on_screen = [i for i, island in enumerate(scene.puzzle.islands) if view.is_visible(island.pos)]
    rng = random.Random(7)
    cell = view.cell
    wall: list[float] = []
    cpu: list[float] = []
    moves_before = scene.session.index

    def frame(event: pygame.event.Event) -> None:
        pygame.event.post(event)
        started = time.process_time()
        app.frame(1 / 60)
        cpu.append((time.process_time() - started) * 1000)
        wall.append(app.frame_times[-1] * 1000)

    for _ in range(drags):
        x, y = scene.painter.island_centre(rng.choice(on_screen))
        pos = (round(x), round(y))
        frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        heading = rng.uniform(0, 2 * math.pi)
        for k in range(1, steps + 1):
            angle = heading + k * 0.35
            radius = cell * min(1.6, 0.3 + k * 0.15)
            pos = (round(x + radius * math.cos(angle)), round(y + radius * math.sin(angle)))
            frame(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frame(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    moves = scene.session.index - moves_before
    app.close()
    pygame.display.quit()
    return wall, cpu, moves


def run_bench(args: argparse.Namespace) -> int:
    """``bench hashi``: play, AI and editor figures, or only the part ``--only`` names. Always 0."""
    only = getattr(args, "only", None)
    if only in (None, "play"):
        run_play_bench(args)
    if only in (None, "ai"):
        print("AI (solver and generator):")
        sys.stdout.flush()
        ai_cli.run_ai_bench(args.quick, getattr(args, "data", None))
    if only in (None, "editor"):
        from arcade.games.hashi.editor_bench import run as run_editor_bench

        sys.stdout.flush()
        run_editor_bench(args.quick)
    return 0


def run_play_bench(args: argparse.Namespace) -> int:
    """Time what a player's move costs on a ``--size`` square lattice board: deriving its lines and
    crossings, and applying random moves (refused ones included, as a drag pays for them too).
    """
    size = args.size  # 5..200, checked by the parser
    puzzle = lattice_puzzle(size)
    started = time.perf_counter()
    lines = puzzle.lines
    crossings = puzzle.crossings
    derive = (time.perf_counter() - started) * 1000
    print(f"{size_name(size, size)} board: {len(puzzle.islands)} islands, {len(lines)} lines, "
          f"{sum(map(len, crossings)) // 2} crossings; derived in {derive:.1f} ms")
    from arcade.games.hashi.logic import RULES, State, line_move

    state = State.empty(puzzle)
    rng = random.Random(1)
    apply_times = []
    refused = 0
    for _ in range(200 if not args.quick else 40):
        index = rng.randrange(len(lines))
        move = line_move(puzzle, index, rng.choice((0, 1, 2)))
        t0 = time.perf_counter()
        # Random lines cross built bridges: the refusal is part of what a drag costs, so it is timed
        # too, and counted. Any other error is a bug and stops the benchmark with its one-line report
        # (``except Exception: pass`` timed a crash as a fast move).
        try:
            new = RULES.apply(state, move)
            new.analysis  # noqa: B018 - the live validation the view needs after every move
            state = new
        except IllegalMove:
            refused += 1
        apply_times.append((time.perf_counter() - t0) * 1000)
    print(f"rules: apply + live validation per move  {time_spread(apply_times)}  ({refused} of {len(apply_times)} "
          "refused as a player's would be: timed as well)")
    rounds = 1 if args.quick else 3
    drags = 8 if args.quick else 40
    print(f"frame time during a drag at 1280x800, {drags} drags per round, target p95 ≤ {TARGET_P95_MS:g} ms:")
    wall_p95s, cpu_p95s = [], []
    for number in range(1, rounds + 1):
        wall, cpu, moves = drag_frame_times(size, drags=drags)
        wall_p95s.append(percentile(wall, 95))
        cpu_p95s.append(percentile(cpu, 95))
        print(f"  round {number}: wall {time_spread(wall)}")
        print(f"           cpu  {time_spread(cpu)}   ({len(wall)} frames, {moves} moves)")
    wall_p95 = statistics.median(wall_p95s)
    verdict = "ok" if wall_p95 <= TARGET_P95_MS else "ABOVE TARGET (see cpu: is the machine busy?)"
    print(f"  median of rounds: wall p95 {wall_p95:.2f} ms, cpu p95 {statistics.median(cpu_p95s):.2f} ms: {verdict}")
    # The same drags with the camera zoomed to 3x: the cached board is then bigger than the window.
    wall, cpu, moves = drag_frame_times(size, drags=drags, zoom=3.0)
    verdict = "ok" if percentile(wall, 95) <= TARGET_P95_MS else "ABOVE TARGET (see cpu: is the machine busy?)"
    print(f"  zoomed 3x: wall {time_spread(wall)}")
    print(f"             cpu  {time_spread(cpu)}   ({len(wall)} frames, {moves} moves): {verdict}")
    return 0


def _configure_levels(parser: argparse.ArgumentParser) -> None:
    pass


def run_levels(args: argparse.Namespace) -> int:
    """List the bundled levels with what the picker shows."""
    from arcade.games.hashi.catalog import bundled_levels

    for entry in bundled_levels():
        if entry.error:
            print(f"{entry.id:<32} cannot load: {entry.error}")
            continue
        print(f"{entry.id:<32} {entry.size:>7}  {entry.topology:<8} {entry.difficulty or '-':<7} {entry.title}")
    return 0


def _configure_export(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("levels", nargs="+", metavar="LEVEL",
                        help="level files, '-' for stdin, bundled level ids (classic/01-first-steps) "
                             "or Tatham game IDs")
    sheets.configure_options(parser, "Hashi")
    parser.add_argument("--no-solutions", action="store_true", help="leave out the solution pages")


def load_level(ref: str) -> Puzzle:
    """A puzzle from a game ID, a file of any supported format or a bundled level id."""
    from arcade.games.hashi.formats import TATHAM_ID, parse_tatham
    from arcade.games.hashi.logic import RULES
    from arcade.services.resources import read_level_arg

    if TATHAM_ID.match(ref.strip()):
        return parse_tatham(ref.strip(), "game id")
    return read_level_arg(RULES, ref)[0]


def run_export(args: argparse.Namespace) -> int:
    """``export hashi LEVEL… --pdf OUT.pdf``: numbered puzzle pages, then the solution pages."""
    from arcade.games.hashi import solver
    from arcade.games.hashi.sheets import solve_all, write_sheets
    from arcade.services.files import check_output_file, summary_stream, where_words
    from arcade.services.resources import check_stdin_once

    out = args.pdf or args.svg
    check_output_file(out, args.levels)  # an output that cannot be written fails before any work (exit 74)
    check_stdin_once(args.levels)
    items = [(Path(ref).stem if not ref.count(":") else "", load_level(ref)) for ref in args.levels]
    answers = solve_all(items)
    pages, where = write_sheets(items, out, args.paper, args.title or "Hashi", not args.no_solutions,
                                "pdf" if args.pdf else "svg", answers)
    several = len(items) != 1
    print(f"wrote {pages} page{'s' if pages != 1 else ''} ({len(items)} puzzle{'s' if several else ''}"
          f"{'' if args.no_solutions else (' and their solutions' if several else ' and its solution')}) "
          f"to {where_words(where)}", file=summary_stream(out))
    names = [name or f"#{i + 1}" for i, (name, _) in enumerate(items)]
    unsolvable = [name for name, found in zip(names, answers) if found == []]
    if unsolvable:  # written all the same (a sheet may show a broken puzzle), but never silently
        print(f"warning: no solution for {', '.join(unsolvable)}", file=sys.stderr)
    undecided = [name for name, found in zip(names, answers) if found is None]
    if undecided:
        print(f"warning: no solution found within {solver.DEFAULT_TIMEOUT:g} s for {', '.join(undecided)} "
              "(nor a proof there is none)", file=sys.stderr)
    return 0


COMMANDS = {
    "export": Command("printable sheets of puzzles (PDF or SVG), numbered, with solution pages at the end",
                      _configure_export, run_export),
    "solve": Command("solve a puzzle (level file, CLLV .has or Tatham game ID) and print the answer",
                     ai_cli.configure_solve, ai_cli.run_solve),
    "generate": Command("generate unique, graded puzzles (plane, cylinder or torus)",
                        ai_cli.configure_generate, ai_cli.run_generate),
    "bench": Command("frame time while dragging on a 40x40 board, and rules timings", _configure_bench, run_bench),
    "levels": Command("list the bundled levels", _configure_levels, run_levels),
}
