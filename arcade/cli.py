"""The command line (cli): one argparse parser for the menu, ``play``, ``bench`` and game commands.

``main.py``, ``python -m arcade`` and the ``puzzle-arcade`` script all call :func:`main`.
Games add sub-commands (``solve``, ``generate``, ``bot``, ``tournament``, ``bench``)
through their registry entry, so this module names no game. Every user error -- unknown
game, bad option, unreadable file -- ends with one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import NoReturn

from arcade import __version__
from arcade.core.errors import ArcadeError, UsageError

PROG = "puzzle-arcade"
GAME_VERBS = {
    "solve": "solve a puzzle or level and print the answer",
    "generate": "generate new puzzles or levels",
    "bot": "run a game's AI as a stdin/stdout bot",
    "tournament": "play bots against each other and print a table",
    "export": "write printable sheets (PDF or SVG) of levels, with solutions",
}


class Parser(argparse.ArgumentParser):
    """argparse, but errors are one line (no usage dump) and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{PROG}: error: {message}\n")


def size_arg(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, got {text!r}") from None
    if not (320 <= w <= 8000 and 240 <= h <= 8000):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is outside 320x240 .. 8000x8000")
    return (w, h)


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {value}")
    return value


def seed_arg(text: str) -> int:
    from arcade.core.numbers import parse_int

    try:
        return parse_int(text, 0, 2**63 - 1, "seed")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _screen_options(required_default: bool) -> argparse.ArgumentParser:
    """--screenshot/--frames/--size, shared by the top level and ``play``."""
    parent = Parser(add_help=False)
    default = None if required_default else argparse.SUPPRESS
    group = parent.add_argument_group("headless screenshot")
    group.add_argument("--screenshot", metavar="OUT.png", type=Path, default=default,
                       help="render without a window (dummy video driver), save a PNG and exit")
    group.add_argument("--frames", metavar="N", type=positive_int, default=3 if required_default else default,
                       help="frames to run before the screenshot (default 3)")
    group.add_argument("--size", metavar="WxH", type=size_arg, default=default,
                       help="window size, e.g. 1280x800 (default: from settings)")
    return parent


def build_parser() -> Parser:
    from arcade.games import REGISTRY

    parser = Parser(
        prog=PROG,
        description="Puzzle Arcade: Hashi, Runway, Battle Royale and Tron, with explainable AIs. "
        "Without a command, opens the menu.",
        parents=[_screen_options(True)],
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    play = sub.add_parser("play", help="open a game directly", parents=[_screen_options(False)])
    play.add_argument("game", metavar="GAME", help=f"one of: {', '.join(REGISTRY.names())}")
    play.add_argument("--level", metavar="FILE_OR_ID", help="a level file or a bundled level id")
    play.add_argument("--seed", type=seed_arg, help="seed for generated levels and bots")
    play.add_argument("--new", action="store_true",
                      help="start a new game instead of resuming the autosave (which stays until the first move)")
    play.add_argument("--edit", metavar="FILE_OR_ID", nargs="?", const="",
                      help="open the game's editor (Hashi): on a level file, bundled level or game ID, "
                      "a new FILE to create, or a blank board")

    bench = sub.add_parser("bench", help="print speed figures (start-up, frame times, game benchmarks)")
    bench.add_argument("game", nargs="?", metavar="GAME", help="only this game")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions (for smoke tests)")

    levels = sub.add_parser("levels", help="list a game's bundled levels")
    levels.add_argument("game", metavar="GAME")

    for verb, help_text in GAME_VERBS.items():
        games = [(info, cmds[verb]) for info in REGISTRY if verb in (cmds := info.load_commands())]
        if not games:
            continue
        verb_parser = sub.add_parser(verb, help=help_text)
        game_sub = verb_parser.add_subparsers(dest="game", metavar="GAME", parser_class=Parser, required=True)
        for info, command in games:
            game_parser = game_sub.add_parser(info.name, help=command.help, description=command.help)
            command.configure(game_parser)
            game_parser.set_defaults(run=command.run)
    return parser


def run_window(args: argparse.Namespace, game: str | None = None) -> int:
    """Open the menu (or a game) in a window, or headless for ``--screenshot``."""
    from arcade.core.registry import Launch
    from arcade.games import REGISTRY

    if game is not None:
        REGISTRY.get(game)  # fail fast, before a window opens
    screenshot = getattr(args, "screenshot", None)
    if screenshot is not None:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from arcade.ui.app import App
    from arcade.ui.menu import MenuScene

    app = App(REGISTRY, size=getattr(args, "size", None), headless=screenshot is not None)
    app.persist_settings = screenshot is None  # a screenshot run never changes the user's settings
    if game is None:
        app.push(MenuScene())
    else:
        try:
            options = {"edit": args.edit} if getattr(args, "edit", None) is not None else {}
            app.launch(game, Launch(level=args.level, seed=args.seed, new=args.new, options=options), strict=True)
        except BaseException:
            app.close()
            raise
    frames = getattr(args, "frames", None) or 3
    return app.run(max_frames=frames if screenshot is not None else None, screenshot=screenshot)


def list_levels(game: str) -> int:
    from arcade.games import REGISTRY

    info = REGISTRY.get(game)
    commands = info.load_commands()
    if "levels" in commands:
        return commands["levels"].run(argparse.Namespace(game=game))
    from arcade.services.resources import level_files, levels_dir

    root = levels_dir(game)
    for path in level_files(game, info.load_rules().level_pattern):
        print(path.relative_to(root).with_suffix(""))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the process exit status."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:
            return run_window(args)
        if args.command == "play":
            return run_window(args, args.game)
        if args.command == "bench":
            from arcade.bench import run_bench

            return run_bench(args.game, quick=args.quick)
        if args.command == "levels":
            return list_levels(args.game)
        return int(args.run(args))
    except UsageError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except ArcadeError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`); nothing more to say.
        sys.stderr.close()
        return 0
