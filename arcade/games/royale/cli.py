"""Battle Royale command line (cli, no pygame): ``solve``, ``generate`` and ``bench``.

``solve royale GRID [--time]`` prints ``loot N``, ``start R C`` and ``moves DDDRDL``
(``moves -`` for a route of no moves); exit 0, 1 when no route reaches the centre, 2 on
bad input (``file:line: what is wrong``). GRID is a file, ``-`` for standard input, or
a bundled level id.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from types import ModuleType

from arcade.core.errors import EXIT_NO_SOLUTION, UsageError
from arcade.core.inputs import path_type
from arcade.core.numbers import int_type, seconds_type, seed_type
from arcade.core.registry import Command
from arcade.games.royale.formats import format_level
from arcade.games.royale.generator import generate, parse_size
from arcade.games.royale.logic import RULES, Level, State, render_text, replay, route_cells

#: Every grid gets this limit unless ``--timeout`` says otherwise. Grids up to 101x101 once had
#: none, "proven fast" by the bench's seeded grids -- a held-out 101x101 grid at 10 % loot then
#: searched for over a minute without a word. Search time depends on the grid, not just its size
#: (docs/royale.md, Benchmark): a search that finishes in time is exact whatever the limit.
DEFAULT_TIMEOUT = 30.0
#: Seconds of search after which ``solve`` says on stderr that it is still at it, and until when.
NOTE_AFTER = 3.0


def read_grid(ref: str) -> Level:
    """A grid from a file, ``-`` (stdin, bounded and strict UTF-8) or a bundled id."""
    from arcade.services.resources import read_level_arg

    return read_level_arg(RULES, ref)[0]


def default_timeout(level: Level) -> float:
    """:data:`DEFAULT_TIMEOUT` seconds for any grid: no size is fast for every grid of that size."""
    return DEFAULT_TIMEOUT


def still_searching_note(timeout: float) -> Callable[[], bool]:
    """A ``should_stop`` that never stops, but after :data:`NOTE_AFTER` seconds says once on
    stderr that the search goes on and when it will give its best route, so a long wait is
    not mistaken for a hang."""
    started = time.monotonic()
    said = False

    def check() -> bool:
        nonlocal said
        if not said and time.monotonic() - started >= NOTE_AFTER:
            said = True
            print(f"puzzle-arcade: still searching; the best route found comes by {timeout:g} s "
                  "(--timeout SECONDS to change)", file=sys.stderr, flush=True)
        return False

    return check


seconds_arg = seconds_type("--timeout")


def configure_solve(parser: argparse.ArgumentParser) -> None:
    """``royale solve``'s options: one grid, and a ``--timeout`` after which the best route so far is
    printed (marked ``exact no``).
    """
    parser.add_argument("grid", metavar="GRID", help="level file, '-' for stdin, or a bundled level id")
    parser.add_argument("--time", action="store_true", help="print the solving time as 'time_ms N' on stderr")
    parser.add_argument("--draw", action="store_true", help="also print the board with the route")
    parser.add_argument("--timeout", type=seconds_arg, metavar="SECONDS",
                        help="stop after this long and print the best route found (marked 'exact no'); "
                             f"default {DEFAULT_TIMEOUT:g} s")


def run_solve(args: argparse.Namespace) -> int:
    """``royale solve``: print loot, start and moves of the best route (``--draw``: the board too);
    EXIT_NO_SOLUTION with the reason on stderr when no route reaches the centre in time.
    """
    from arcade.games.royale.solver import solve_level

    level = read_grid(args.grid)
    started = time.perf_counter()
    timeout = args.timeout if args.timeout is not None else default_timeout(level)
    route = solve_level(level, deadline=time.monotonic() + timeout, should_stop=still_searching_note(timeout))
    elapsed = time.perf_counter() - started
    if args.time:
        print(f"time_ms {elapsed * 1000:.0f}", file=sys.stderr)
    if route is None:
        # A grid full of loot has no start at all (a route starts on a cell without loot):
        # "no empty cell can reach the centre" read as if some empty cell had tried.
        why = level.no_start_reason or "no empty cell can reach the centre before the storm closes"
        print(f"puzzle-arcade: no route: {why}", file=sys.stderr)
        return EXIT_NO_SOLUTION
    print(f"loot {route.loot}")
    print(f"start {route.start[0]} {route.start[1]}")
    print(f"moves {route.moves or '-'}")
    if not route.exact:
        print("exact no")
    if args.draw:
        final = replay(level, route.start, route.moves)
        # Every route ends on the centre: its header said "alive", as if the round went on, and the
        # marks went unexplained.
        shown = State(level, tuple(route_cells(route.start, route.moves)), finished=True, collected=final.collected)
        print(render_text(shown, storm=False))
        print("o start and route · * loot taken · P the end, on the centre · 1 loot left")
    return 0


def configure_generate(parser: argparse.ArgumentParser) -> None:
    """``royale generate``'s options; ``--size`` is ROWSxCOLS, rows first, as files' ``# generator:`` lines say."""
    # Rows first, unlike the title's "20×14" (width × height) and Hashi's --size WxH: the
    # "# generator:" lines of existing files say --size ROWSxCOLS and must make the same grid again.
    parser.add_argument("--size", default="21x21", metavar="ROWSxCOLS",
                        help="ROWS (a square) or ROWSxCOLS -- rows first, so 14x20 is 14 rows of 20 columns, "
                             "the grid the title calls 20×14 (width × height); 3..151 each (default 21x21)")
    parser.add_argument("--density", type=float, default=0.2, help="share of cells with loot, 0..0.9 (default 0.2)")
    parser.add_argument("--seed", type=seed_type, help="seed (printed in the header, so the grid can be made again)")
    parser.add_argument("--title", default="", help="title for the header")
    parser.add_argument("--par", action="store_true", help="solve it and add a '# par: N' header line")
    parser.add_argument("-o", "--output", type=path_type, help="write to this file instead of standard output")


def run_generate(args: argparse.Namespace) -> int:
    """``royale generate``: write one grid (its seed in the header, so it can be made again); with
    ``--par`` only a proven par is written, else UsageError. A grid with no route is written with a warning.
    """
    rows, cols = parse_size(args.size)
    level = generate(rows, cols, args.density, args.seed, args.title)
    if args.par:
        from arcade.games.royale.solver import solve_level

        timeout = default_timeout(level)
        route = solve_level(level, deadline=time.monotonic() + timeout)
        if route is not None and not route.exact:  # a par must be proven, or it misleads players
            raise UsageError(f"no proven par within {timeout:g} s for a grid this large; leave out --par")
        level = Level(level.loot, (*level.meta, ("par", str(route.loot if route else "none"))))
    text = format_level(level)
    reason = level.no_start_reason
    if reason is not None:  # a small dense grid may have no route: it was written without a word
        print(f"warning: no route on this grid: {reason}; try a lower --density or another --seed",
              file=sys.stderr)
    if args.output is None:
        sys.stdout.write(text)
    else:
        from arcade.services.files import write_output

        write_output(args.output, text)  # a failure is OSError: one line, exit 74
        print(f"wrote {args.output} ({level.title})")
    return 0


def configure_bench(parser: argparse.ArgumentParser) -> None:
    """``bench royale``'s options: ``--quick``, ``--seeds`` per size and the ``--limit`` in seconds."""
    parser.add_argument("--quick", action="store_true", help="fewer grids and sizes (smoke test)")
    parser.add_argument("--seeds", type=int_type(1, 100, "--seeds"),
                        default=3, help="random grids per size (default 3)")
    parser.add_argument("--limit", type=seconds_type("--limit"), default=10.0,
                        help="seconds allowed for the largest-grid search")


def run_bench(args: argparse.Namespace) -> int:
    """``bench royale``: the exact solver's figures (:func:`arcade.games.royale.benchmark.run`)."""
    from arcade.games.royale.benchmark import run

    return run(quick=args.quick, seeds=args.seeds, limit=args.limit)


COMMANDS = {
    "solve": Command("solve a grid exactly: prints loot, start and moves", configure_solve, run_solve),
    "generate": Command("generate a random grid (size, loot density, seed)", configure_generate, run_generate),
    "bench": Command("time the exact solver against the seed's Java figures", configure_bench, run_bench),
    "export": Command("printable sheets of grids with their par (PDF or SVG), optimal routes at the end",
                      lambda parser: _sheets().configure_export(parser), lambda args: _sheets().run_export(args)),
}


def _sheets() -> ModuleType:
    from arcade.games.royale import sheets

    return sheets
