"""Runway command line (cli, no pygame): ``solve``, ``generate``, ``bot``, ``bench`` and ``referee``.

* ``solve runway LEVEL`` — the commands an AI plays, the bikes that crossed and the turns.
* ``generate runway`` — a seeded random runway (only winnable ones) in the level format.
* ``bot runway`` — the CodinGame protocol on stdin/stdout (paste-compatible with the puzzle).
* ``bench runway`` — planning times on the public tests and on 500-cell runways.
* ``referee runway --bot codingame:COMMAND [LEVEL ...]`` — an outside program on every test.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from arcade.core.errors import EXIT_NO_SOLUTION, UsageError
from arcade.core.inputs import path_type, printable_name
from arcade.core.numbers import int_type, milliseconds_type, seed_type
from arcade.core.registry import Command as CliCommand
from arcade.core.rng import new_seed

if TYPE_CHECKING:
    from arcade.games.runway.logic import Level, State
    from arcade.games.runway.outside import RunwayRun


def _level_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("level", metavar="LEVEL",
                        help="a level file, '-' for stdin, or a bundled level id (see: levels runway)")


def _ai_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ai", choices=("exact", "classic"), default="exact",
                        help="exact search (default) or the seed's classic 3-turn look-ahead")


def load_level(ref: str) -> Level:
    """A level from a path, ``-`` (stdin) or a bundled id; bad files raise FormatError (file:line)."""
    from arcade.games.runway.logic import RULES
    from arcade.services.resources import read_level_arg

    return read_level_arg(RULES, ref)[0]


# -- solve ---------------------------------------------------------------------------------
def configure_solve(parser: argparse.ArgumentParser) -> None:
    """``runway solve``'s options: one level, the AI and ``--trace``."""
    _level_arg(parser)
    _ai_arg(parser)
    parser.add_argument("--trace", action="store_true", help="print the runway after every turn")


def run_solve(args: argparse.Namespace) -> int:
    """``runway solve``: play the level with the chosen AI and print its commands, the bikes that crossed
    and the result (``--trace``: the runway after every turn too).
    """
    from arcade.games.runway.ai import play_game
    from arcade.games.runway.logic import RULES

    level = load_level(args.level)
    start = RULES.initial_state(level)
    game = play_game(args.ai, start)
    if args.trace:
        state = start
        print(RULES.state_text(state))
        for command in game.commands:
            state = RULES.apply(state, command)
            print(f"\n> {command.value}")
            print(RULES.state_text(state))
        print()
    outcome = RULES.outcome(game.final)
    assert outcome is not None
    print("commands: " + " ".join(c.value for c in game.commands))
    # On a win the bikes left crossed; on a loss they have not ("survivors: 1 of 1 (1 needed)" beside
    # "result: loss — 50 turns are up" read as a success).
    how = "crossed" if outcome.is_win else "still riding"
    print(f"bikes: {game.survivors} of {len(level.bikes)} {how} ({level.need} needed to cross)")
    print(f"turns: {len(game.commands)}")
    print(f"result: {outcome.result} — {outcome.reason}")
    if not outcome.is_win:
        print(_why_lost(start, args.ai))
    # 1 like `solve hashi` with no solution: a script can tell a lost race from a won one.
    return 0 if outcome.is_win else EXIT_NO_SOLUTION


def _why_lost(start: State, ai: str) -> str:
    """Whether anyone could have won: a lost race read the same whether the level is impossible or
    the AI fell short ("result: loss — 50 turns are up" on a wall no jump clears left a referee
    guessing). The exact search answers it from the start, in milliseconds even at 500 cells.
    """
    from arcade.core.words import plural
    from arcade.games.runway.ai import exact_plan
    from arcade.games.runway.logic import TURN_LIMIT

    need = start.level.need
    plan = exact_plan(start)
    if not plan.win:
        return (f"impossible: no commands get {plural(need, 'bike')} across within {TURN_LIMIT} turns "
                "(the exact search tried them all)")
    if ai == "exact":  # pragma: no cover - the exact AI wins whatever can be won (tests prove it)
        return "the exact search found a win the play missed"
    return (f"winnable: the exact AI gets {plan.survivors} of {len(start.bikes)} across in "
            f"{plural(plan.turns, 'turn')} (leave out --ai classic)")


# -- generate ------------------------------------------------------------------------------
def configure_generate(parser: argparse.ArgumentParser) -> None:
    """``runway generate``'s options; their ranges are checked by
    :func:`~arcade.games.runway.generator.check_options`, so a bad one is one usage line.
    """
    parser.add_argument("--seed", type=seed_type, help="seed (default: a fresh one, printed on stderr)")
    parser.add_argument("--length", type=int_type(what="--length"),
                        default=120, help="runway length, 12..500 (default 120)")
    parser.add_argument("--density", type=float, default=0.12, help="share of hole cells, 0..0.4 (default 0.12)")
    parser.add_argument("--bikes", type=int_type(what="--bikes"), default=4, help="bikes, 1..4 (default 4)")
    parser.add_argument("--need", type=int_type(what="--need"),
                        help="bikes that must survive (default: the most that can)")
    parser.add_argument("--speed", type=int_type(what="--speed"), help="starting speed (default: random 0..3)")
    parser.add_argument("-o", "--output", type=path_type, metavar="FILE", help="write the level here instead of stdout")


def run_generate(args: argparse.Namespace) -> int:
    """``runway generate``: write one level to stdout or ``--output``; the seed and what the exact AI
    saves go to stderr, so stdout is the level alone and can be piped into ``bot runway``.
    """
    from arcade.games.runway.generator import generate
    from arcade.games.runway.logic import RULES
    from arcade.services.files import write_output

    seed = new_seed() if args.seed is None else args.seed
    made = generate(seed, length=args.length, density=args.density, bikes=args.bikes, need=args.need,
                    speed=args.speed)
    text = RULES.format_level(made.level)
    if args.output is not None:
        write_output(args.output, text)  # a failure is OSError: one line, exit 74
    else:
        sys.stdout.write(text)
    best = made.best
    print(f"seed {seed}: {len(made.level.bikes)} bikes, {made.level.need} needed; the exact AI saves "
          f"{best.survivors} in {best.turns} turns", file=sys.stderr)
    return 0


# -- bot -----------------------------------------------------------------------------------
def configure_bot(parser: argparse.ArgumentParser) -> None:
    """``bot runway``'s options: the AI, its planning ``--budget-ms`` per turn and ``--verbose``."""
    _ai_arg(parser)
    parser.add_argument("--budget-ms", type=milliseconds_type("--budget-ms"), default=120.0,
                        help="planning time limit per turn in ms (default 120; the puzzle allows 150)")
    parser.add_argument("--verbose", action="store_true", help="log every turn's decision on stderr")


def run_bot_command(args: argparse.Namespace) -> int:
    """``bot runway``: play the CodinGame protocol on stdin/stdout until the referee stops; the turn log
    goes to stderr, never stdout, which the referee reads as commands.
    """
    from arcade.core.lines import protocol_lines
    from arcade.games.runway.bot import run_bot

    run_bot(protocol_lines(sys.stdin), sys.stdout, ai=args.ai, budget=args.budget_ms / 1000,
            log=sys.stderr if args.verbose else None)
    return 0


# -- bench ---------------------------------------------------------------------------------
def configure_bench(parser: argparse.ArgumentParser) -> None:
    """``bench runway``'s one option, ``--quick``."""
    parser.add_argument("--quick", action="store_true", help="fewer runways and repetitions (smoke tests)")


def run_bench(args: argparse.Namespace) -> int:
    """``bench runway``: the solver and AI figures (:func:`arcade.games.runway.benchmark.run`)."""
    from arcade.games.runway.benchmark import run

    return run(quick=args.quick)


# -- referee -------------------------------------------------------------------------------
_limit_ms = milliseconds_type("a time limit")


def configure_referee(parser: argparse.ArgumentParser) -> None:
    """``referee runway``'s options: the ``--bot`` to test, the levels (default the 13 bundled tests),
    the per-turn ``--limit-ms`` and where to ``--save-replays``.
    """
    parser.add_argument("--bot", required=True, metavar="SPEC",
                        help="the program, as codingame:COMMAND (COMMAND split like a shell line)")
    parser.add_argument("levels", nargs="*", metavar="LEVEL",
                        help="level files, '-' for stdin, or bundled ids (default: the 13 bundled tests)")
    parser.add_argument("--limit-ms", type=_limit_ms, default=None, metavar="N",
                        help="time limit per turn (default CodinGame's 150 ms; the first answer gets 1000 ms)")
    parser.add_argument("--save-replays", type=path_type, metavar="DIR", default=None,
                        help="write one replay per level into DIR (open one with: play runway --replay FILE)")


def _unwinnable_note(run: RunwayRun) -> str:
    """For a race the program lost by the rules on a level nothing can win, say so: "fail — 50
    turns are up" alone blamed the bot for a level no command sequence crosses."""
    if run.passed or run.failure or not run.states:
        return ""
    from arcade.games.runway.ai import exact_plan

    plan = exact_plan(run.states[0])
    if plan.win or not plan.complete:
        return ""
    return " (no program can win this level: the exact search tried every command)"


def run_referee(args: argparse.Namespace) -> int:
    """``referee runway --bot SPEC [LEVEL ...]``: CodinGame's test-case list, one line per level."""
    from arcade.games.runway.outside import LIMITS, bundled_tests, parse_spec, run_levels, summary
    from arcade.services import interrupts
    from arcade.services.replays import save_replay

    spec = parse_spec(args.bot)
    if args.levels:
        from arcade.services.resources import check_stdin_once

        check_stdin_once(args.levels)
        # The id is printed and written into each replay: printable, whatever bytes the file name holds.
        levels = [(printable_name(Path(ref).stem), load_level(ref)) for ref in args.levels]
    else:
        levels = bundled_tests()
    if spec.problem():  # before the first level (it failed every level, one line each)
        raise UsageError(spec.problem())
    if args.save_replays is not None:
        from arcade.services.files import check_output_dir

        check_output_dir(args.save_replays)

    def report(run: RunwayRun) -> None:
        # The replay is written before the level's line, with stop signals held: a Ctrl+C right
        # after a level's line cut its replay's write short, and a level reported as run had none.
        with interrupts.deferred():
            if args.save_replays is not None:
                save_replay(run.replay(), args.save_replays / f"{run.level_id}.json")
            print(run.line() + _unwinnable_note(run), flush=True)
        interrupts.check()

    from arcade.services.program_cleanup import stop_on_sigterm

    with stop_on_sigterm():
        runs = run_levels(spec, levels, limits=LIMITS.scaled(args.limit_ms), on_run=report)
    print(summary(runs))
    # Like a test runner: a CI job running the referee on a bot must see a failure.
    return 0 if all(run.passed for run in runs) else EXIT_NO_SOLUTION  # as a test runner does


COMMANDS = {
    "referee": CliCommand("run an outside program (codingame:COMMAND) on every test; pass/fail per level",
                          configure_referee, run_referee),
    "solve": CliCommand("play a level with an AI and print the commands, survivors and turns",
                        configure_solve, run_solve),
    "generate": CliCommand("print a seeded random runway that the exact AI can win", configure_generate,
                           run_generate),
    "bot": CliCommand("answer the CodinGame protocol on stdin/stdout, one command per turn", configure_bot,
                      run_bot_command),
    "bench": CliCommand("planning time on the public tests and on 500-cell runways", configure_bench, run_bench),
}
