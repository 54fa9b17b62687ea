"""Hashi AI command-line verbs (cli): ``solve``, ``generate`` and the AI half of ``bench``.

Imported to build ``--help``; everything here is pure Python (no pygame). Output formats:
the solved board in Tatham's text convention, bridges as ``r1 c1 r2 c2 n`` lines, our
level file or Tatham game IDs for generated puzzles.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from arcade.core.errors import EXIT_NO_SOLUTION, ArcadeError, UsageError, error_line
from arcade.core.grid import size_name
from arcade.core.inputs import path_type, read_stream_text, read_text_file
from arcade.core.numbers import int_type, seconds_type, seed_type, size_type
from arcade.core.rng import new_seed
from arcade.core.topology import Topology
from arcade.games.hashi import generator, hints, solver
from arcade.games.hashi.formats import TATHAM_ID, format_bridges, format_level, format_tatham, parse_tatham, read_puzzle
from arcade.games.hashi.logic import MAX_BRIDGES, MAX_SIDE, RULES, Move, Puzzle, State
from arcade.services.files import check_output_dir, write_output
from arcade.services.resources import STDIN_NAME, STDIN_REF, check_stdin_once, read_level_arg

LITERATURE_ENV = "PUZZLE_ARCADE_HASHI_LITERATURE"
LITERATURE_PARTS = ("shared", "data", "hashi", "literature")

#: Seconds before a puzzle is called undecided (why: see the solver's DEFAULT_TIMEOUT).
DEFAULT_SOLVE_TIMEOUT = solver.DEFAULT_TIMEOUT


# -- solve -------------------------------------------------------------------------------------
def configure_solve(parser: argparse.ArgumentParser) -> None:
    """``hashi solve``'s options: puzzles as files, ``-`` or Tatham game IDs, in any of the formats
    :func:`~arcade.games.hashi.formats.parse_puzzle` detects.
    """
    parser.add_argument("puzzles", nargs="*", metavar="PUZZLE",
                        help="a level file (ours or CLLV .has), '-' for stdin, "
                             "or a Tatham game ID such as 7x7:a3d31g5a...")
    parser.add_argument("--file", type=path_type, metavar="FILE",
                        help="read puzzles (paths or game IDs) from FILE, one per line ('-': stdin)")
    parser.add_argument("--bridges", action="store_true", help="print one bridge per line: r1 c1 r2 c2 n (0-based)")
    parser.add_argument("--count", action="store_true", help='print the number of solutions: 0, 1 or "2+"')
    parser.add_argument("--explain", action="store_true", help="print every deduction step with its rule")
    parser.add_argument("--time", action="store_true", help="print time_ms N (the solve alone) on stderr")
    parser.add_argument("--timeout", type=seconds_type("--timeout"), default=DEFAULT_SOLVE_TIMEOUT,
                        metavar="SECONDS",
                        help=f"give up on a puzzle after this long, saying it is undecided "
                             f"(default {DEFAULT_SOLVE_TIMEOUT:g})")


def load(ref: str) -> Puzzle:
    """A puzzle from a Tatham game ID, a file of any supported format, or a bundled level id
    (``classic/01-first-steps``, as ``play`` and ``export`` take it)."""
    text = ref.strip()
    if TATHAM_ID.match(text):
        return parse_tatham(text, "game id")
    return read_level_arg(RULES, text)[0]


def _refs(args: argparse.Namespace) -> list[str]:
    refs = list(args.puzzles)
    from_stdin = args.file is not None and str(args.file) == STDIN_REF
    check_stdin_once([*(ref.strip() for ref in refs), *([STDIN_REF] if from_stdin else [])])  # before a read
    if args.file is not None:
        text = read_stream_text(sys.stdin, STDIN_NAME) if from_stdin else read_text_file(args.file)
        lines = text.splitlines()
        refs += [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not refs and args.file is not None:
        source = STDIN_NAME if from_stdin else args.file
        raise UsageError(f"{source} lists no puzzles (one file or game ID a line; # starts a comment)")
    if not refs:
        raise UsageError("give a puzzle (file or game ID) or --file F")
    check_stdin_once([*(ref.strip() for ref in refs), *([STDIN_REF] if from_stdin else [])])  # '-' in the list
    return refs


def run_solve(args: argparse.Namespace) -> int:
    """``hashi solve``: solve each puzzle in turn; one that cannot be read is reported on stderr and the
    rest still run. Returns the worst status: 2 if any was unreadable, else 1 if any had no solution.
    """
    refs = _refs(args)
    worst = 0
    for number, ref in enumerate(refs):
        if len(refs) > 1:
            print(f"{'' if number == 0 else chr(10)}== {ref}")
        try:
            puzzle = load(ref)
        except ArcadeError as exc:
            print(f"puzzle-arcade: {error_line(exc)}", file=sys.stderr)
            worst = 2
            continue
        status = _solve_one(puzzle, args)
        worst = max(worst, status)
        sys.stdout.flush()
    return worst


def _solve_one(puzzle: Puzzle, args: argparse.Namespace) -> int:
    """Solve (and count) one puzzle within ``--timeout``; past it, "undecided" and status 1, as a
    ``--timeout`` that found nothing is everywhere (the next puzzle of a list still runs)."""
    deadline = time.monotonic() + args.timeout
    try:
        return _solve_within(puzzle, args, lambda: time.monotonic() > deadline)
    except solver.Stopped:
        print("undecided")
        print(f"puzzle-arcade: gave up after {args.timeout:g} s without finding a solution or proving "
              "there is none (--timeout SECONDS waits longer)", file=sys.stderr)
        return EXIT_NO_SOLUTION


def _solve_within(puzzle: Puzzle, args: argparse.Namespace, stop: Callable[[], bool]) -> int:
    started = time.perf_counter()
    if args.count:
        count = solver.count_solutions(puzzle, 2, stop)
        elapsed = time.perf_counter() - started
        print("2+" if count >= 2 else count)
        if args.time:
            print(f"time_ms {elapsed * 1000:.1f}", file=sys.stderr)
        if not (args.bridges or args.explain):
            return 0 if count else EXIT_NO_SOLUTION
    started = time.perf_counter()
    solution = solver.solve(puzzle, stop)
    elapsed = time.perf_counter() - started
    if args.time and not args.count:
        print(f"time_ms {elapsed * 1000:.1f}", file=sys.stderr)
    if args.explain:
        _explain(puzzle)
    if solution is None:
        print("no solution")
        return EXIT_NO_SOLUTION
    if args.bridges:
        sys.stdout.write(format_bridges(solution))
    else:
        print(solution)
    return 0


def _explain(puzzle: Puzzle) -> None:
    """Every step of the AI's process: deductions (internal ones too), guesses, backtracks."""
    for number, item in enumerate(hints.plan(State.empty(puzzle), internal=True), 1):
        rule = f"{item.rule}: " if item.rule else ""
        tail = f"  [{item.move}]" if item.move else ""
        undo = f"  (undo {item.undo})" if item.undo else ""
        print(f"{number:4d}. {rule}{item.text}{tail}{undo}")
    print()


# -- generate ----------------------------------------------------------------------------------
_size = size_type("10x10")


def configure_generate(parser: argparse.ArgumentParser) -> None:
    """``hashi generate``'s options; every number is checked by its parser, so a bad one is a usage
    error before any puzzle is made.
    """
    parser.add_argument("--size", type=_size, default=(10, 10), metavar="WxH",
                        help=f"board size ({generator.MIN_SIDE}x{generator.MIN_SIDE} .. {MAX_SIDE}x{MAX_SIDE}; "
                             "default 10x10)")
    parser.add_argument("--difficulty", choices=generator.DIFFICULTIES, default="medium",
                        help="easy: local rules suffice, medium: isolation needed, hard: connectivity or "
                             "trials (default medium)")
    parser.add_argument("--topology", choices=[t.value for t in Topology], default="plane",
                        help="cylinder: left and right edges joined, torus: top and bottom too (default plane)")
    parser.add_argument("--density", type=float, default=1.0,
                        help="island density factor, 0.25 .. 4 (default 1: the difficulty's own)")
    parser.add_argument("--seed", type=seed_type, help="seed of the first puzzle (then seed+1, ...); default: random")
    parser.add_argument("-n", "--count", type=int_type(1, 10_000, "-n"), default=1, help="how many puzzles (default 1)")
    parser.add_argument("--format", choices=("text", "tatham"), default="text",
                        help="our level file, or Simon Tatham's game ID (plane only; implies --no-touching; "
                             "default text)")
    parser.add_argument("--no-touching", action="store_true",
                        help="no two islands side by side (hard boards otherwise allow it; Tatham's Bridges "
                             "refuses them)")
    parser.add_argument("--out", type=path_type, metavar="DIR",
                        help="write one level file per puzzle into DIR (default: standard output)")
    parser.add_argument("--title", default="", help="title for the level files (numbered when -n > 1)")


def run_generate(args: argparse.Namespace) -> int:
    """``hashi generate``: ``--count`` unique puzzles from seeds ``seed``, ``seed+1`` ... (so any one can be
    made again alone), to stdout or one file each in ``--out``; UsageError for Tatham IDs of a wrapped board.
    """
    width, height = args.size
    topology = Topology.parse(args.topology)
    if args.format == "tatham" and topology is not Topology.PLANE:
        raise UsageError("Tatham game IDs only describe plane boards: use --format text for a "
                         f"{topology.value}")
    if not 1 <= args.count <= 10_000:
        raise UsageError(f"-n must be between 1 and 10000, not {args.count}")
    seed = new_seed() if args.seed is None else args.seed
    if args.out is not None:
        check_output_dir(args.out)  # the framework's check, worded as every other output's
    no_touching = args.no_touching or args.format == "tatham"
    for k in range(args.count):
        made = generator.generate(height, width, args.difficulty, topology, args.density, seed + k,
                                  no_touching=no_touching)
        title = args.title or f"{args.difficulty.capitalize()} {size_name(width, height)} {topology.value}"
        if args.count > 1 and args.title:
            title = f"{args.title} {k + 1}"
        puzzle = Puzzle(made.puzzle.shape, made.puzzle.islands, (("title", title), *made.puzzle.meta))
        if args.format == "tatham":
            text = format_tatham(puzzle) + "\n"
        else:
            text = format_level(puzzle)
        if args.out is not None:
            name = f"{args.difficulty}-{width}x{height}-{topology.value}-{seed + k}.txt"
            write_output(args.out / name, text)
            print(args.out / name)
        else:
            if k and args.format != "tatham":  # levels are parted by a blank line; game IDs are one a line
                print()
            sys.stdout.write(text)
    return 0


# -- benchmarks ----------------------------------------------------------------------------------
def find_literature(explicit: Path | None = None) -> Path | None:
    """The CLLV benchmark folder: ``--data`` (that one alone), else $PUZZLE_ARCADE_HASHI_LITERATURE or a
    ``shared/data/hashi/literature`` folder beside the checkout or any folder above it."""
    if explicit is not None:  # only the folder asked for: never another one benched in its place
        return explicit if explicit.is_dir() and any(explicit.glob("*.has")) else None
    candidates: list[Path] = []
    if os.environ.get(LITERATURE_ENV):
        candidates.append(Path(os.environ[LITERATURE_ENV]))
    here = Path(__file__).resolve()
    candidates += [parent.joinpath(*LITERATURE_PARTS) for parent in here.parents]
    for folder in candidates:
        if folder.is_dir() and any(folder.glob("*.has")):
            return folder
    return None


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    return (f"median {statistics.median(ordered) * 1000:8.1f} ms   max {ordered[-1] * 1000:8.1f} ms"
            f"   ({len(ordered)})")


def bench_literature(folder: Path, quick: bool) -> None:
    """Print solve times of the CLLV literature set in ``folder`` by island count; ``quick`` keeps one
    instance per size. The solver's cache is cleared each time, so a figure includes the set-up.
    """
    files = sorted(folder.glob("*.has"))
    if quick:
        by_size: dict[str, Path] = {}
        for path in files:
            by_size.setdefault(path.name.split("_")[2], path)
        files = list(by_size.values())
    print(f"CLLV literature set ({folder}): solve each instance (one solution; they are not unique)")
    groups: dict[int, list[float]] = {}
    solved = 0
    for path in files:
        puzzle = read_puzzle(path)
        solver.compile_puzzle.cache_clear()
        started = time.perf_counter()
        solution = solver.solve(puzzle)
        elapsed = time.perf_counter() - started
        if solution is not None and solution.complete:
            solved += 1
        groups.setdefault(len(puzzle.islands), []).append(elapsed)
    for islands in sorted(groups):
        print(f"  {islands:3d} islands: {_ms(groups[islands])}")
    everything = [t for ts in groups.values() for t in ts]
    big = groups.get(max(groups), [])
    print(f"  solved {solved}/{len(files)}; 400-island median {statistics.median(big):.2f} s (target ≤ 1.5 s), "
          f"slowest {max(everything):.2f} s (target ≤ 10 s)")


def _with_wrong_bridges(state: State, solution: tuple[int, ...], rng: random.Random, k: int) -> State:
    """``state`` plus ``k`` bridges the cached solution lacks (one more than it has), on lines the rules allow."""
    p = state.puzzle
    lines = list(range(len(p.lines)))
    rng.shuffle(lines)
    added = 0
    for x in lines:
        n = max(state.bridges[x], solution[x]) + 1
        if added == k:
            break
        if n > MAX_BRIDGES or x in state.marks:
            continue
        ln = p.lines[x]
        try:
            state = RULES.apply(state, Move("set", p.islands[ln.a].pos, ln.direction, n))
        except ArcadeError:
            continue
        added += 1
    return state


def _time_hints(folder: Path, quick: bool,
                boards: Callable[[Puzzle, tuple[int, ...], Path], Iterable[State]],
                keep: Callable[[hints.Check], bool] = lambda _verdict: True) -> tuple[int, list[float], list[float]]:
    """On each 400-island CLLV instance (``quick``: one), with the first hint's solve cached as in play
    and nothing else: the times of ``check`` and of the whole hint on each of ``boards(puzzle, the
    cached solution, path)`` whose verdict ``keep`` accepts. The instances, the checks, the hints."""
    files = sorted(folder.glob("Hs_*_400_*.has"))[:1 if quick else None]
    checks: list[float] = []
    whole: list[float] = []
    for path in files:
        puzzle = read_puzzle(path)
        hints.reference_solution.cache_clear()
        solution = hints.reference_solution(puzzle)
        if solution is None:
            continue
        for state in boards(puzzle, solution, path):
            hints.forget_checks()
            started = time.perf_counter()
            verdict = hints.check(hints.Board.of(state))
            checked = time.perf_counter() - started
            if not keep(verdict):
                continue
            hints.forget_checks()
            started = time.perf_counter()
            hints.hint(state)
            whole.append(time.perf_counter() - started)
            checks.append(checked)
    return len(files), checks, whole


def _wrong_bridge_boards(puzzle: Puzzle, solution: tuple[int, ...], path: Path) -> Iterator[State]:
    """One or two wrong bridges on the empty board and on one half built from ``solution`` (every
    other bridged line), placed by a generator seeded with the file's name."""
    bridged = [x for x, n in enumerate(solution) if n]
    kept = set(bridged[::2])
    half = State(puzzle, tuple(solution[x] if x in kept else 0 for x in range(len(solution))))
    rng = random.Random(path.stem)
    for base in (State.empty(puzzle), half):
        for k in (1, 2):
            yield _with_wrong_bridges(base, solution, rng, k)


def bench_wrong_hints(folder: Path, quick: bool) -> None:
    """Time the hint on boards with one or two wrong bridges (:func:`_wrong_bridge_boards`). ``check``
    is the search for the solution closest to the claims (it took up to 10 s before it started from
    the cached solution); the rest of a hint is the chain of forced steps showing the bridge wrong.
    Boards some solution fits after all are not wrong-bridge hints and are left out.
    """
    count, checks, whole = _time_hints(folder, quick, _wrong_bridge_boards,
                                       keep=lambda verdict: verdict.solution is None)
    if whole:
        where = f"{count} instance{'s' * (count != 1)}, 1-2 wrong bridges on the empty and a half-built board"
        print(f"wrong-bridge hint, 400-island CLLV boards ({where}):\n"
              f"  check (closest solution) {_ms(checks)}\n  whole hint               {_ms(whole)}   target max ≤ 1.5 s")


def _fitting_other_boards(puzzle: Puzzle, reference: tuple[int, ...]) -> list[State]:
    """Boards whose claims fit a solution other than ``reference`` and not ``reference``: a few of that
    solution's bridges ``reference`` lacks (and "no bridge" marks where only ``reference`` has one), and
    a board half built from it. None when the puzzle has one solution."""
    other = next((s for s in solver.solutions(puzzle, 2) if s != reference), None)
    if other is None:
        return []
    lines = range(len(other))
    more = [x for x in lines if other[x] > reference[x]]
    fewer = [x for x in lines if other[x] == 0 < reference[x]]
    few = tuple(other[x] if x in more[:3] else 0 for x in lines)
    kept = set([x for x in lines if other[x]][::2]) | set(more)
    return [State(puzzle, few), State(puzzle, few, frozenset(fewer[:2])),
            State(puzzle, tuple(other[x] if x in kept else 0 for x in lines))]


def bench_fitting_hints(folder: Path, quick: bool) -> None:
    """Time the hint on boards whose claims fit some solution but not the cached one (a player following
    their own solution; every CLLV instance has several: :func:`_fitting_other_boards`). ``check``
    decides that a solution has all the claims: searched with only the claims preferred and probing at
    every node it took up to 3.9 s; it now tries near the cached solution first.
    """
    count, checks, whole = _time_hints(folder, quick, lambda puzzle, reference, _path: _fitting_other_boards(
        puzzle, reference))
    if whole:
        where = f"{count} instance{'s' * (count != 1)}, a few or half of another solution's bridges"
        print(f"claims fit another solution, 400-island CLLV boards ({where}):\n"
              f"  check (some solution)    {_ms(checks)}\n  whole hint               {_ms(whole)}   target max ≤ 1 s")


def bench_generated(quick: bool) -> None:
    """Print solve and generation times of hard unique 30x30 boards (and generation of 40x40 ones) from
    fixed seeds, beside the targets and Tatham's C figures, so runs compare.
    """
    n30 = 6 if quick else 50
    n40 = 3 if quick else 50
    gen30: list[float] = []
    puzzles: list[Puzzle] = []
    for seed in range(n30):
        started = time.perf_counter()
        made = generator.generate(30, 30, "hard", seed=10_000 + seed)
        gen30.append(time.perf_counter() - started)
        puzzles.append(made.puzzle)
    solve30: list[float] = []
    for puzzle in puzzles:
        fresh = Puzzle(puzzle.shape, puzzle.islands, puzzle.meta)  # nothing cached: count the set-up too
        started = time.perf_counter()
        solver.solve(fresh)
        solve30.append(time.perf_counter() - started)
    print(f"solve unique 30x30 hard:     {_ms(solve30)}   target median ≤ 15 ms (Tatham, C: ~3 ms)")
    print(f"generate unique 30x30 hard:  {_ms(gen30)}   target median ≤ 150 ms (Tatham, C: 83 ms)")
    apart: list[float] = []
    for seed in range(n30):
        started = time.perf_counter()
        generator.generate(30, 30, "hard", seed=10_000 + seed, no_touching=True)
        apart.append(time.perf_counter() - started)
    print(f"  ... with --no-touching:    {_ms(apart)}   (what --format tatham asks for)")
    gen40: list[float] = []
    for seed in range(n40):
        started = time.perf_counter()
        generator.generate(40, 40, "hard", seed=20_000 + seed)
        gen40.append(time.perf_counter() - started)
    print(f"generate unique 40x40 hard:  {_ms(gen40)}   target worst of 50 ≤ 2 s (Tatham, C: 5.5 s of 200)")


def bench_large(quick: bool) -> None:
    """Counting to two on random lattices of 900 and 1,600 islands (``lattice_puzzle``), far past
    the literature's 400: where a restart budget or a scan over every island shows. The 80x80 one
    took over 300 s with a budget grown to half a conflict per island (now 12 s)."""
    from arcade.games.hashi.generator import lattice_puzzle

    for side in (30,) if quick else (60, 80):  # quick: the code path only (a smoke test)
        puzzle = lattice_puzzle(side)
        started = time.perf_counter()
        engine = solver.Engine(solver.compile_puzzle(puzzle))
        search = solver.Search(engine)
        found = search.run(2)
        elapsed = time.perf_counter() - started
        print(f"count to 2, {size_name(side, side)} lattice ({len(puzzle.islands):,} islands): {elapsed:.1f} s, "
              f"{'2+' if found >= 2 else found} found, {engine.nodes:,} nodes, {search.conflicts:,} conflicts")
        sys.stdout.flush()


def run_ai_bench(quick: bool, data: Path | None = None) -> int:
    """The solver and generator figures of ``bench hashi``; the literature set is skipped with a note
    when it is not found (it is not bundled). Always 0: the figures are read, not checked.
    """
    folder = find_literature(data)
    if folder is None:
        print(f"CLLV literature set not found: pass --data DIR or set {LITERATURE_ENV} (skipped)")
    else:
        bench_literature(folder, quick)
        sys.stdout.flush()
        bench_wrong_hints(folder, quick)
        sys.stdout.flush()
        bench_fitting_hints(folder, quick)
    sys.stdout.flush()
    bench_generated(quick)
    bench_large(quick)
    return 0
