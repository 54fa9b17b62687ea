"""Tron's command-line verbs (cli, no pygame): ``bot``, ``tournament``, ``generate``, ``bench``.

* ``bot tron [--bot NAME] [--ms N]`` speaks the 2010 contest protocol on stdin/stdout.
* ``tournament tron --bots A,B[,C...] [--bot SPEC ...] [--maps SPEC] [--games N] [--ms N]
  [--jobs N | --scheduler ADDRESS] [--out FILE] [--save-replays DIR]`` plays every pairing on
  every map from both seats (outside programs too) and prints the W/D/L table, Elo with 95 %
  intervals and move times.
* ``generate tron [--seed S] [--size WxH | --scatter] [--count N]`` prints random symmetric maps.
* ``bench tron [--quick]`` prints evaluation speeds, search rates and frame times.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from arcade.core.errors import ArcadeError, UsageError
from arcade.core.grid import size_name
from arcade.core.inputs import path_type, printable_name
from arcade.core.numbers import int_type, milliseconds_type, seed_type, size_type
from arcade.core.registry import Command
from arcade.core.rng import new_seed
from arcade.core.words import plural

if TYPE_CHECKING:
    from collections.abc import Callable

    from arcade.games.tron.match import RoundRecord, Tournament

DEFAULT_MAPS = "all,random:6"


_ms = milliseconds_type("a move budget")


#: ``--games`` and ``--count``: enough for any experiment, small enough that the schedule fits in memory.
MAX_COUNT = 1000
_count = int_type(1, MAX_COUNT, "a count")
#: The schedule is built up front; this keeps it (and the records) a few MB at most.
MAX_ROUNDS = 100_000


# -- bot -------------------------------------------------------------------------------------

def configure_bot(parser: argparse.ArgumentParser) -> None:
    """``bot tron``'s options: which bot, its ``--ms`` per answer (default the 2010 contest's
    second) and the seed of the random bot.
    """
    parser.add_argument("--bot", default="strongest", metavar="NAME",
                        help="random, straight, flood-fill, voronoi or strongest (default strongest)")
    parser.add_argument("--ms", type=_ms, default=1000.0, metavar="N",
                        help="answer each board within N milliseconds (default 1000, the contest's second)")
    parser.add_argument("--seed", type=seed_type, default=0, help="seed of the random bot")


def run_bot(args: argparse.Namespace) -> int:
    """``bot tron``: serve the 2010 contest protocol on stdin/stdout until the referee stops."""
    from arcade.core.lines import protocol_lines
    from arcade.games.tron.ai import make_bot
    from arcade.games.tron.protocol import serve

    bot = make_bot(args.bot, args.seed)
    serve(bot, protocol_lines(sys.stdin), sys.stdout, args.ms)  # a CR ends a line at once
    return 0


# -- tournament ------------------------------------------------------------------------------

def _jobs(text: str) -> int:
    value = _count(text)
    if value > 256:
        raise argparse.ArgumentTypeError(f"at most 256 jobs, got {value}")
    return value


def configure_tournament(parser: argparse.ArgumentParser) -> None:
    """``tournament tron``'s options: bots or outside programs, maps, rounds, budgets, where to run
    (``--jobs`` or a Dask scheduler, one or the other) and where to write results and replays.
    """
    parser.add_argument("--bots", default=None, metavar="A,B[,C...]",
                        help="two or more built-in bots (default strongest,flood-fill unless --bot is given)")
    parser.add_argument("--bot", action="append", default=[], metavar="SPEC", dest="specs",
                        help="a bot: a built-in name, or an outside program as 2010:COMMAND or hackerrank:COMMAND "
                             "(repeatable; adds to --bots)")
    parser.add_argument("--maps", default=DEFAULT_MAPS, metavar="SPEC",
                        help="comma-separated: all, official, later, hackerrank, map ids or files (- for stdin), "
                             f"random:N, random-SEED, scatter:N, scatter-SEED (default {DEFAULT_MAPS})")
    parser.add_argument("--games", type=_count, default=1, metavar="N",
                        help="rounds per pairing, map and seat (default 1)")
    parser.add_argument("--ms", type=_ms, default=100.0, metavar="N", help="budget per move (default 100)")
    parser.add_argument("--limit-ms", type=_ms, default=None, metavar="N",
                        help="time limit per move of outside programs (default: the contest's, 2010: 1000 ms "
                             "with 3000 for the first, hackerrank: 1000 ms including start-up); late loses")
    parser.add_argument("--seed", type=seed_type, default=2010, help="seed of the random maps and bots (default 2010)")
    parser.add_argument("--strict", action="store_true",
                        help="ignore our bots' answers later than --ms (the cycle keeps its heading) "
                             "instead of only counting them")
    # One or the other: --jobs beside --scheduler was silently ignored (the cluster has its own workers).
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=_jobs, default=None, metavar="N",
                       help="play rounds in N local processes (default: the number of CPUs)")
    where.add_argument("--scheduler", metavar="ADDRESS", default=None,
                       help="play rounds on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786 "
                            "(needs: pip install 'puzzle-arcade[cluster]'; not with --jobs)")
    parser.add_argument("--out", type=path_type, metavar="FILE", default=None,
                        help="write every round to FILE (.json with moves and ratings, or .csv)")
    parser.add_argument("--save-replays", type=path_type, metavar="DIR", default=None,
                        help="write one replay file per round into DIR")
    parser.add_argument("--quiet", action="store_true",
                        help="print no line per round, except for a round a program lost by failing (crash, "
                             "timeout, garbage), which says why")


def tournament_bots(bots: str | None, specs: list[str]) -> dict[str, str]:
    """The bots of a tournament, name -> spec text: ``--bots`` names, then every ``--bot`` spec."""
    from arcade.games.tron.players import parse_spec

    texts = [b for b in (bots or "").split(",") if b.strip()]
    if bots is None and not specs:
        texts = ["strongest", "flood-fill"]
    parsed = [parse_spec(t) for t in [*texts, *specs]]
    if len(parsed) < 2:
        raise UsageError("a tournament needs at least two bots, e.g. --bots strongest,flood-fill "
                         "or --bot flood-fill --bot '2010:./mybot'")
    # The same bot twice is refused: a built-in by its canonical name, a program by its whole spec.
    given = [printable_name(p.name) for p in parsed]
    if len(set(given)) != len(given):
        twice = next(n for n in given if given.count(n) > 1)
        both = [p for p in parsed if printable_name(p.name) == twice]
        if len({(p.protocol, p.argv) if p.outside else p.name for p in both}) > 1:
            # ``--bots straight --bot 'straight=2010:./mybot'``: two bots, one name ("listed twice" said
            # the program was the built-in again).
            raise UsageError(f"two bots are named {twice!r} ({', '.join(repr(p.text) for p in both)}):"
                             " give the program another label")
        raise UsageError(f"the bot {twice!r} is listed twice")
    # A name is shown and written into the results; the text (the command) is run as given. A program
    # given without a LABEL= is named after what it runs (``mybot.py``), as the window names its seat:
    # named by its whole command line it made every table as wide as that line. Two such names that
    # come out alike (``a/bot.py``, ``b/bot.py``; a script called ``straight``) get ``#2``, ``#3``...
    unlabelled = [p.outside and p.name == p.text for p in parsed]
    names = [printable_name(p.short_name) if bare else printable_name(p.name)
             for p, bare in zip(parsed, unlabelled, strict=True)]
    taken = {n for n, bare in zip(names, unlabelled, strict=True) if not bare}
    for i, bare in enumerate(unlabelled):
        if not bare:
            continue
        name, number = names[i], 1
        while name in taken:
            number += 1
            name = f"{names[i]}#{number}"
        names[i] = name
        taken.add(name)
    return {name: p.text for name, p in zip(names, parsed, strict=True)}


def round_words(record: RoundRecord, name: Callable[[str], str] = str) -> tuple[str, int, str]:
    """A finished round's result ("flood-fill wins", "draw"), its length in ticks and a failed
    program's reason ("" if none), as the CLI's lines and the window's table say them.
    A failed round counts the tick it failed on, as its reason, the window's header and the console
    do ("lost on tick 1"): the moves played alone said "0 ticks (exited …)".
    The reason names the program it belongs to ("quit: exited …"), and both when both failed: with two
    programs in a round, only the first seat's reason was shown, under neither name -- a draw between
    two programs that each exited said one "(exited without answering)" and left the author guessing.
    ``name`` words an entrant: the CLI's lines keep the names typed on its command line, the window's
    table says a bot's title (see :func:`~arcade.games.tron.ai.bot_title`)."""
    winner = "draw" if record.outcome.winner is None else f"{name(record.bots[record.outcome.winner])} wins"
    failure = "; ".join(f"{name(bot)}: {reason}" for bot, reason in zip(record.bots, record.failures, strict=True)
                        if reason)
    ticks = len(record.moves) + (1 if failure else 0)
    return winner, ticks, failure


def progress_line(record: RoundRecord, done: int, total: int) -> str:
    """A round's line while a tournament runs (a program that fails its first answer ends the
    round on tick 1, and that is a line a bot author reads)."""
    winner, ticks, failure = round_words(record)
    return (f"  [{done:>{len(str(total))}}/{total}] {record.map_id:<26} {record.bots[0]:>10} vs "
            f"{record.bots[1]:<10} {winner:<16} {ticks:>4} {tick_word(ticks)}" + (f"  ({failure})" if failure else ""))


def tick_word(ticks: int) -> str:
    """"tick" or "ticks": "1 ticks" read wrong in a line a bot author reads."""
    return "tick" if ticks == 1 else "ticks"


def _refuse_before_the_first_round(args: argparse.Namespace, specs: dict[str, str]) -> None:
    """What would fail a tournament part-way, refused before it starts: a program that cannot start
    here, Dask missing for ``--scheduler``, and outputs that cannot be written (exit 74 now, not
    after the last round)."""
    from arcade.games.tron.cluster import DASK_HINT
    from arcade.services.files import check_output_dir, check_output_file

    if args.scheduler is not None:
        import importlib.util

        if importlib.util.find_spec("distributed") is None:
            raise UsageError(DASK_HINT)
    else:  # a program that cannot start here is named before the first round (on a cluster it runs elsewhere)
        from arcade.games.tron.players import parse_spec

        problem = next((p for p in (parse_spec(text).problem() for text in specs.values()) if p), "")
        if problem:
            raise UsageError(problem)
    if args.out is not None and args.out.suffix.lower() not in (".json", ".csv"):
        raise UsageError(f"--out must end in .json or .csv, got {str(args.out)!r}")
    # Where the results go is checked before the first round, not after the last (exit 74).
    if args.out is not None:
        if args.save_replays is not None and args.out.resolve() == args.save_replays.resolve():
            raise UsageError(f"--out and --save-replays both name {args.out}: the results file needs its own name")
        # (a map file among the maps is an input; the results are rewritten as a file after every round)
        check_output_file(args.out, args.maps.split(","), streams=False)
    if args.save_replays is not None:
        check_output_dir(args.save_replays)


def run_tournament(args: argparse.Namespace) -> int:
    """``tournament tron``: every pairing on every map from both seats, a line per round, then the table.

    The results and replays are written as the rounds finish; a stop (Ctrl+C, SIGTERM) or a file
    that cannot be written mid-run still prints the table of the rounds that were played.
    """
    from arcade.games.tron.cluster import default_jobs
    from arcade.services import interrupts
    from arcade.services.program_cleanup import stop_on_sigterm

    specs = tournament_bots(args.bots, args.specs)
    _refuse_before_the_first_round(args, specs)
    tournament = _schedule_tournament(args, specs)
    total = len(tournament.schedule())
    jobs = args.jobs or default_jobs()
    _announce_tournament(args, tournament, total, jobs)
    output = _TournamentOutput(args, tournament, total)
    try:
        with stop_on_sigterm():
            tournament.run(output.progress, jobs=jobs, scheduler=args.scheduler)
            # A signal now waits until the files are whole, then exits 130 (one landing before this
            # line is the Ctrl+C case below, which writes them too).
            with interrupts.deferred():
                output.report(total)
    except (ArcadeError, OSError):
        # A replay or results file that could not be written (a full disk) mid-run: the rounds that
        # finished are still the player's -- their table first, then the error's one line.
        interrupts.hold()
        output.report(len(output.files.records), write=False)
        raise
    except KeyboardInterrupt:
        # Ctrl+C or SIGTERM: the rounds that finished are reported and written, then the usual exit.
        # Further signals are only remembered from here on: they must not cut the last writes short.
        interrupts.hold()
        played = len(output.files.records)
        print(f"\nInterrupted after {played} of {total} rounds" + (": the table and files below hold those."
                                                                    if played else "."), flush=True)
        output.report(played)
        raise
    interrupts.check()
    return 0


def _schedule_tournament(args: argparse.Namespace, specs: dict[str, str]) -> Tournament:
    """The tournament the options ask for, refused before anything runs when its schedule would
    pass :data:`MAX_ROUNDS` (the schedule and its records are held in memory)."""
    from arcade.games.tron import maps
    from arcade.games.tron.match import Tournament

    names = list(specs)
    chosen = maps.resolve(args.maps, args.seed)
    planned = len(names) * (len(names) - 1) * len(chosen) * args.games  # pairings x maps x games x 2 seats
    if planned > MAX_ROUNDS:
        raise UsageError(f"{planned} rounds is more than the {MAX_ROUNDS} a tournament may schedule: "
                         "use fewer maps, bots or --games")
    return Tournament(names, chosen, args.games, args.ms, args.seed, strict=args.strict,
                      limit_ms=args.limit_ms, specs={n: t for n, t in specs.items() if n != t})


def _announce_tournament(args: argparse.Namespace, tournament: Tournament, total: int, jobs: int) -> None:
    """The first line: who plays, on how many maps, at what budget, and where the rounds run."""
    where = f"on the Dask cluster at {args.scheduler}" if args.scheduler else \
        f"in {min(jobs, total)} process{'es' * (min(jobs, total) != 1)}"
    print(f"Tron tournament: {', '.join(tournament.bots)} on {plural(len(tournament.maps), 'map')}, "
          f"{plural(args.games, 'game')} per pairing, map and seat, {args.ms:g} ms per move: {total} rounds {where}",
          flush=True)


class _TournamentOutput:
    """What a tournament prints and writes as it goes: a line per round (the round already on disk),
    and once, however the run ends, the table of the rounds played and where the files are."""

    def __init__(self, args: argparse.Namespace, tournament: Tournament, total: int) -> None:
        import time

        from arcade.games.tron.replay import TournamentFiles

        self.args, self.tournament, self.total = args, tournament, total
        self.started = time.perf_counter()
        self.files = TournamentFiles(tournament, args.out, args.save_replays,
                                     {"budget_ms": args.ms, "tournament_seed": args.seed})
        self.done = 0
        self.shown = False  # the table is printed once, whichever way the run ends

    def progress(self, record: RoundRecord) -> None:
        """One finished round: written first, so kill -9 loses no round it reported, then its line."""
        self.files.add(record)
        self.done += 1
        # --quiet drops progress, not errors: a round a program lost by crashing, timing out or
        # answering garbage is still printed with why (the table says only that it lost).
        if self.args.quiet and not any(record.failures):
            return
        print(progress_line(record, self.done, self.total), file=sys.stderr, flush=True)

    def report(self, played: int, *, write: bool = True) -> None:
        """The table of the ``played`` rounds, then (``write``) the files finished and named;
        without ``write`` (a file that could not be written) the table alone."""
        import time

        from arcade.games.tron.match import format_table

        if not played:
            return
        if not self.shown:
            self.shown = True
            self.tournament.records = self.files.records  # every round reported, even if a signal cut run() short
            print(format_table(self.tournament))
            print(f"\n{played} rounds in {time.perf_counter() - self.started:.0f} s; maps: "
                  + ", ".join(map_id for map_id, _ in self.tournament.maps))
        if not write:
            return
        self.files.finish()
        if self.args.out is not None:
            print(f"results: {printable_name(str(self.args.out))}")
        if self.args.save_replays is not None:
            print(f"replays: {self.files.replays_written} files in {printable_name(str(self.args.save_replays))}")


# -- generate --------------------------------------------------------------------------------

_size = size_type("25x25")


def configure_generate(parser: argparse.ArgumentParser) -> None:
    """``generate tron``'s options: seed, size or ``--scatter``, and ``--count`` maps."""
    parser.add_argument("--seed", type=seed_type, default=None, help="seed (default: a fresh one, printed)")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH", help="map size (default random)")
    parser.add_argument("--count", type=_count, default=1, metavar="N", help="how many maps (seeds S, S+1, ...)")
    parser.add_argument("--scatter", action="store_true",
                        help="single walls strewn at random, 10..30 a side, 0-8 %% of the cells (ids scatter-SEED)")


def run_generate(args: argparse.Namespace) -> int:
    """``generate tron``: write maps in the 2010 format to stdout, seeds ``seed``, ``seed+1`` ...; each
    map's id goes to stderr when the seed was drawn or there are several, so any can be played again.
    """
    from arcade.games.tron import generator, maps
    from arcade.games.tron.logic import format_map

    seed = new_seed() if args.seed is None else args.seed
    if args.scatter and args.size:
        raise UsageError("--scatter maps choose their own size (10..30 a side); leave out --size")
    width, height = args.size if args.size else (None, None)
    for k in range(args.count):
        try:
            if args.scatter:
                name, level = maps.fresh("scatter", seed + k)
            else:
                name, level = generator.map_id(seed + k), generator.generate(seed + k, width, height)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        if args.count > 1 or args.seed is None:
            print(f"# {name}", file=sys.stderr)
        sys.stdout.write(format_map(level))
    return 0


# -- levels --------------------------------------------------------------------------------

def configure_levels(parser: argparse.ArgumentParser) -> None:
    """``levels tron`` has no options; the registry's Command still needs a configure function."""
    pass


def run_levels(args: argparse.Namespace) -> int:
    """``levels tron``: every bundled map with its group, size and what is special about it."""
    from arcade.games.tron import maps

    for entry in maps.bundled():
        level = entry.load()
        note = maps.NOTES.get(entry.id, "")
        print(f"{entry.id:<26}{entry.group:<12}{size_name(level.width, level.height):<8}{note}".rstrip())
    print("random-SEED               generated   a point-symmetric map (python -m arcade generate tron)")
    print("scatter-SEED              generated   single walls strewn about, 10..30 a side (generate tron --scatter)")
    return 0


# -- bench -----------------------------------------------------------------------------------

def configure_bench(parser: argparse.ArgumentParser) -> None:
    """``bench tron``'s options: ``--quick`` and the ``--ms`` move budget of the search figures."""
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (for smoke tests)")
    parser.add_argument("--ms", type=_ms, default=100.0, metavar="N", help="move budget for the search figures")


def run_bench(args: argparse.Namespace) -> int:
    """``bench tron``: :func:`arcade.games.tron.benchmark.run`."""
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
