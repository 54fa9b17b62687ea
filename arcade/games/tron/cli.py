"""Tron's command-line verbs (cli, no pygame): ``bot``, ``tournament``, ``generate``, ``bench``.

* ``bot tron [--bot NAME] [--ms N]`` speaks the 2010 contest protocol on stdin/stdout.
* ``tournament tron --bots A,B[,C...] [--maps SPEC] [--games N] [--ms N]`` plays every
  pairing on every map from both seats and prints the W/D/L table, Elo and move times.
* ``generate tron [--seed S] [--size WxH] [--count N]`` prints random symmetric maps.
* ``bench tron [--quick]`` prints evaluation speeds, search rates and frame times.
"""

from __future__ import annotations

import argparse
import sys

from arcade.core.errors import UsageError
from arcade.core.numbers import int_type, is_ascii_int, seed_type
from arcade.core.registry import Command
from arcade.core.rng import new_seed

DEFAULT_MAPS = "all,random:6"


def _ms(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected milliseconds, got {text!r}") from None
    if not 1 <= value <= 60_000:
        raise argparse.ArgumentTypeError(f"a move budget must be 1..60000 ms, got {text}")
    return value


#: ``--games`` and ``--count``: enough for any experiment, small enough that the schedule fits in memory.
MAX_COUNT = 1000
_count = int_type(1, MAX_COUNT, "a count")
#: The schedule is built up front; this keeps it (and the records) a few MB at most.
MAX_ROUNDS = 100_000


# -- bot -------------------------------------------------------------------------------------

def configure_bot(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bot", default="strongest", metavar="NAME",
                        help="random, straight, flood-fill, voronoi or strongest (default strongest)")
    parser.add_argument("--ms", type=_ms, default=1000.0, metavar="N",
                        help="answer each board within N milliseconds (default 1000, the contest's second)")
    parser.add_argument("--seed", type=seed_type, default=0, help="seed of the random bot")


def run_bot(args: argparse.Namespace) -> int:
    from arcade.games.tron.ai import make_bot
    from arcade.games.tron.protocol import serve

    bot = make_bot(args.bot, args.seed)
    serve(bot, sys.stdin, sys.stdout, args.ms)
    return 0


# -- tournament ------------------------------------------------------------------------------

def configure_tournament(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bots", default="strongest,flood-fill", metavar="A,B[,C...]",
                        help="two or more bots (default strongest,flood-fill)")
    parser.add_argument("--maps", default=DEFAULT_MAPS, metavar="SPEC",
                        help="comma-separated: all, official, later, hackerrank, map ids or files, "
                             f"random:N, random-SEED (default {DEFAULT_MAPS})")
    parser.add_argument("--games", type=_count, default=1, metavar="N",
                        help="rounds per pairing, map and seat (default 1)")
    parser.add_argument("--ms", type=_ms, default=100.0, metavar="N", help="budget per move (default 100)")
    parser.add_argument("--seed", type=seed_type, default=2010, help="seed of the random maps and bots (default 2010)")
    parser.add_argument("--strict", action="store_true",
                        help="ignore answers later than --ms (the cycle keeps its heading) "
                             "instead of only counting them")
    parser.add_argument("--quiet", action="store_true", help="do not print a line per round")


def run_tournament(args: argparse.Namespace) -> int:
    import time

    from arcade.games.tron import maps
    from arcade.games.tron.ai import bot_name
    from arcade.games.tron.match import Tournament, format_table

    names = [bot_name(b) for b in args.bots.split(",") if b.strip()]
    if len(names) < 2:
        raise UsageError("a tournament needs at least two bots, e.g. --bots strongest,flood-fill")
    if len(set(names)) != len(names):
        raise UsageError(f"a bot is listed twice in {args.bots!r}")
    chosen = maps.resolve(args.maps, args.seed)
    planned = len(names) * (len(names) - 1) * len(chosen) * args.games  # pairings x maps x games x 2 seats
    if planned > MAX_ROUNDS:
        raise UsageError(f"{planned} rounds is more than the {MAX_ROUNDS} a tournament may schedule: "
                         "use fewer maps, bots or --games")
    tournament = Tournament(names, chosen, args.games, args.ms, args.seed, strict=args.strict)
    total = len(tournament.schedule())
    print(f"Tron tournament: {', '.join(names)} on {len(chosen)} maps, {args.games} game(s) per pairing, map "
          f"and seat, {args.ms:g} ms per move: {total} rounds", flush=True)
    started = time.perf_counter()
    done = [0]

    def progress(record) -> None:  # type: ignore[no-untyped-def]
        done[0] += 1
        if args.quiet:
            return
        winner = "draw" if record.outcome.winner is None else f"{record.bots[record.outcome.winner]} wins"
        print(f"  [{done[0]:>{len(str(total))}}/{total}] {record.map_id:<26} {record.bots[0]:>10} vs "
              f"{record.bots[1]:<10} {winner:<16} {len(record.moves):>4} ticks", file=sys.stderr, flush=True)

    tournament.run(progress)
    print(format_table(tournament))
    print(f"\n{total} rounds in {time.perf_counter() - started:.0f} s; maps: "
          + ", ".join(map_id for map_id, _ in chosen))
    return 0


# -- generate --------------------------------------------------------------------------------

def _size(text: str) -> tuple[int, int]:
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(is_ascii_int(p) for p in parts):
        raise argparse.ArgumentTypeError(f"size must look like 25x25, got {text[:20]!r}")
    return (int(parts[0]), int(parts[1]))


def configure_generate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=seed_type, default=None, help="seed (default: a fresh one, printed)")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH", help="map size (default random)")
    parser.add_argument("--count", type=_count, default=1, metavar="N", help="how many maps (seeds S, S+1, ...)")


def run_generate(args: argparse.Namespace) -> int:
    from arcade.games.tron import generator
    from arcade.games.tron.logic import format_map

    seed = new_seed() if args.seed is None else args.seed
    width, height = args.size if args.size else (None, None)
    for k in range(args.count):
        try:
            level = generator.generate(seed + k, width, height)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        if args.count > 1 or args.seed is None:
            print(f"# {generator.map_id(seed + k)}", file=sys.stderr)
        sys.stdout.write(format_map(level))
    return 0


# -- levels --------------------------------------------------------------------------------

def configure_levels(parser: argparse.ArgumentParser) -> None:
    pass


def run_levels(args: argparse.Namespace) -> int:
    """``levels tron``: every bundled map with its group, size and what is special about it."""
    from arcade.games.tron import maps

    for entry in maps.bundled():
        level = entry.load()
        note = maps.NOTES.get(entry.id, "")
        print(f"{entry.id:<26}{entry.group:<12}{level.width:>3}x{level.height:<4}{note}".rstrip())
    print("random-SEED               generated   a point-symmetric map (python -m arcade generate tron)")
    return 0


# -- bench -----------------------------------------------------------------------------------

def configure_bench(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (for smoke tests)")
    parser.add_argument("--ms", type=_ms, default=100.0, metavar="N", help="move budget for the search figures")


def run_bench(args: argparse.Namespace) -> int:
    from arcade.games.tron.benchmark import run

    return run(quick=args.quick, budget_ms=args.ms)


COMMANDS = {
    "bot": Command("answer 2010 contest boards on stdin with a move digit on stdout", configure_bot, run_bot),
    "tournament": Command("play bots against each other on many maps; W/D/L, Elo and move times",
                          configure_tournament, run_tournament),
    "generate": Command("print random symmetric Tron maps", configure_generate, run_generate),
    "levels": Command("list the bundled maps", configure_levels, run_levels),
    "bench": Command("evaluation speed, search rate, move times and frame times", configure_bench, run_bench),
}
