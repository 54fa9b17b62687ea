"""The command line (cli): one argparse parser for the menu, ``play``, ``bench`` and game commands.

``main.py``, ``python -m arcade`` and the ``puzzle-arcade`` script all call :func:`main`.
Games add sub-commands (``solve``, ``generate``, ``bot``, ``tournament``, ``bench``)
through their registry entry, so this module names no game.

One rule for every command, kept in :func:`main` alone: whatever goes wrong ends as one
line on stderr and a documented exit status -- :data:`EXIT_USAGE` (2) for bad input,
:data:`EXIT_NO_SOLUTION` (1) when a solver finds none (or, as in any test runner, a
referee's test fails), :data:`EXIT_INTERRUPTED` (130) on SIGINT or SIGTERM, :data:`EXIT_IO`
(74) when an output cannot be written, and :data:`EXIT_INTERNAL` (70) for a bug, whose
traceback goes to the crash log, never to the terminal. Commands raise; they do not print
errors or pick statuses themselves (the statuses live in :mod:`arcade.core.errors`, where a
game's command that ends without a solution finds :data:`EXIT_NO_SOLUTION` too).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import os
import signal
import sys
from pathlib import Path
from typing import IO, Any, NoReturn

from arcade import __version__
from arcade.core.errors import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_IO,
    EXIT_OK,
    EXIT_USAGE,
    ArcadeError,
    OutputError,
    UsageError,
    cannot_write,
    error_line,
)
from arcade.core.inputs import check_reachable, path_type
from arcade.core.numbers import int_type, seed_type, size_type
from arcade.services import interrupts

PROG = "puzzle-arcade"
#: Environment variables that mean "there is a screen" on Linux (SDL_VIDEODRIVER set by hand also counts).
DISPLAY_VARS = ("DISPLAY", "WAYLAND_DISPLAY")
log = logging.getLogger("arcade.cli")
GAME_VERBS = {
    "solve": "solve a puzzle or level and print the answer",
    "generate": "generate new puzzles or levels",
    "bot": "run a game's AI as a stdin/stdout bot",
    "tournament": "play bots against each other and print a table",
    "referee": "run an outside program on a game's tests and list pass/fail",
    "export": "write printable sheets (PDF or SVG) of levels, with solutions",
}


class Parser(argparse.ArgumentParser):
    """argparse, but errors are one line (no usage dump) and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{PROG}: error: {message}\n")

    def _print_message(self, message: str, file: IO[str] | None = None) -> None:
        """Like argparse's, but a failed write (``--version > /dev/full``) is not swallowed: exit 74."""
        target = file or sys.stderr
        if message and target is not None:  # None: pythonw (the gui-scripts entry on Windows) has no console
            target.write(message)

    #: Set on a parser whose positionals may come after its options (``play hashi --new FILE``).
    intermixed = False
    _mixing = False

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """argparse's, or for an :attr:`intermixed` parser its intermixed kind: argparse fills every
        positional it can at the first run of plain words, so ``play hashi --new FILE`` gave the
        optional LEVEL nothing at "hashi" and then called FILE an unrecognized argument. (The
        intermixed parse calls this one again, which then parses as argparse does.)"""
        if not self.intermixed or self._mixing:
            return super().parse_known_args(args, namespace)
        self._mixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False


_window_size = size_type("1280x800")


def size_arg(text: str) -> tuple[int, int]:
    """``--size WxH`` of the window: ASCII digits as every number a user types, within MIN_WINDOW..8000."""
    w, h = _window_size(text)
    from arcade.services.settings import MIN_WINDOW

    # The same least size a window can be dragged to: below it headers, boards and toolbars overlap.
    low_w, low_h = MIN_WINDOW
    if not (low_w <= w <= 8000 and low_h <= h <= 8000):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is outside {low_w}x{low_h} .. 8000x8000")
    return (w, h)


#: Frames a headless screenshot may run first: a minute at 60 frames a second is plenty for any
#: animation to settle (99999999999 ran for ever).
MAX_FRAMES = 3600


def _screen_options(required_default: bool) -> argparse.ArgumentParser:
    """--screenshot/--frames/--size, shared by the top level and ``play``."""
    parent = Parser(add_help=False)
    default = None if required_default else argparse.SUPPRESS
    group = parent.add_argument_group("headless screenshot")
    group.add_argument("--screenshot", metavar="OUT.png", type=path_type, default=default,
                       help="render without a window (dummy video driver), save a PNG and exit")
    group.add_argument("--frames", metavar="N", type=int_type(1, MAX_FRAMES, "frames"),
                       default=3 if required_default else default,
                       help="frames to run before the screenshot (default 3)")
    window = parent.add_argument_group("window")  # the window's size as much as a screenshot's
    window.add_argument("--size", metavar="WxH", type=size_arg, default=default,
                        help="window size, e.g. 1280x800, at least 640x400 (default: from settings)")
    return parent


class _NotWindowOnly(Exception):
    """Raised by :class:`_WindowOnlyParser` for arguments that need the whole CLI (or are wrong)."""


class _WindowOnlyParser(Parser):
    """The window's part of the CLI: an error is not printed but raised, for the whole parser to
    read the arguments again (and say what is wrong with them as it always did)."""

    def error(self, message: str) -> NoReturn:
        raise _NotWindowOnly(message)


def _asks_for_help(argv: list[str]) -> bool:
    """Whether ``argv`` asks for a help text (``-h``, ``--help`` or an abbreviation of it), which
    lists every command: only the whole parser has them all."""
    return any(arg.startswith("-h") or (len(arg) > 2 and "--help".startswith(arg)) for arg in argv)


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Read ``argv``: first with the window's part of the CLI alone, then, if that cannot, the whole.

    Building the whole parser imports every game's command-line code (its solver, generator, bots,
    benchmark and the PDF sheets: 240-370 ms on the 2-core machine) to add their options; the menu
    and ``play`` use none of it, and paid it before the window opened. The result is the same: the
    window's parsers are the whole one's, so arguments either parse alike or go to the whole parser.
    """
    if not _asks_for_help(argv):
        with contextlib.suppress(_NotWindowOnly):
            return build_parser(window_only=True).parse_args(argv)
        if (command := _game_command(argv)) is not None:
            # ``bot runway`` run as an outside program paid every other game's command-line code
            # (~280 ms) inside its 1 s first answer; on a loaded machine our own bot then failed
            # CodinGame's tests on time. The named game's commands alone parse the same arguments.
            with contextlib.suppress(_NotWindowOnly):
                return build_parser(window_only=True, game_command=command).parse_args(argv)
    return build_parser().parse_args(argv)


def _game_command(argv: list[str]) -> tuple[str, str] | None:
    """``(verb, game)`` when ``argv``'s command is one of :data:`GAME_VERBS` followed by a game's name."""
    from arcade.games import REGISTRY

    for index, arg in enumerate(argv[:-1]):
        if arg in GAME_VERBS:
            return (arg, argv[index + 1]) if argv[index + 1] in REGISTRY else None
    return None


def build_parser(*, window_only: bool = False, game_command: tuple[str, str] | None = None) -> Parser:
    """The whole CLI: the window's options, ``play``, ``levels``, ``bench`` and each game's commands from
    the registry (each sub-parser's ``run`` is what :func:`dispatch` calls). ``window_only``: only
    the window's options, ``play`` and ``levels``, whose errors raise :class:`_NotWindowOnly` (see
    :func:`parse_args`); with ``game_command`` (``("bot", "runway")``) that one command too, loading
    no other game's command-line code.
    """
    from arcade.games import REGISTRY

    parser_class = _WindowOnlyParser if window_only else Parser
    parser = parser_class(
        prog=PROG,
        description="Puzzle Arcade: Hashi, Runway, Battle Royale and Tron, with explainable AIs. "
        "Without a command, opens the menu.",
        parents=[_screen_options(True)],
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--verbose", dest="debug_log", action="store_true",
                        help="print debug logging on stderr (give it before the command)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=parser_class)

    play = sub.add_parser("play", help="open a game directly", parents=[_screen_options(False)])
    play.add_argument("game", metavar="GAME", help=f"one of: {', '.join(REGISTRY.names())}")
    play.intermixed = True
    play.add_argument("level_arg", metavar="LEVEL", nargs="?",
                      help="a level file or bundled level id, as --level (with --edit: the one to edit)")
    play.add_argument("--level", metavar="FILE_OR_ID", help="a level file or a bundled level id")
    play.add_argument("--seed", type=seed_type, help="seed for generated levels and bots")
    play.add_argument("--new", action="store_true",
                      help="start a new game instead of resuming the autosave (which stays until the first move)")
    play.add_argument("--replay", metavar="FILE", type=path_type, help="open a replay file in the viewer")
    play.add_argument("--bot", metavar="SPEC",
                      help="a bot or an outside program plays (runway: codingame:./mybot; tron: strongest, "
                      "2010:./mybot, the opponent's seat)")
    play.add_argument("--edit", metavar="FILE_OR_ID", nargs="?", const="",
                      help="open the game's editor (Hashi): on a level file, bundled level or game ID, "
                      "a new FILE to create, or the last unsaved board")

    if not window_only:
        _add_bench(sub, REGISTRY)

    levels = sub.add_parser("levels", help="list a game's bundled levels")
    levels.add_argument("game", metavar="GAME")
    if window_only and game_command is None:
        return parser

    for verb, help_text in GAME_VERBS.items():
        if game_command is not None and verb != game_command[0]:
            continue
        games = [(info, cmds[verb]) for info in REGISTRY
                 if (game_command is None or info.name == game_command[1]) and verb in (cmds := info.load_commands())]
        if not games:
            continue
        verb_parser = sub.add_parser(verb, help=help_text)
        game_sub = verb_parser.add_subparsers(dest="game", metavar="GAME", parser_class=Parser, required=True)
        for info, command in games:
            game_parser = game_sub.add_parser(info.name, help=command.help, description=command.help)
            command.configure(game_parser)
            game_parser.set_defaults(run=command.run)
    return parser


class _BenchParser(Parser):
    """``bench``'s parser: a game's own option given before the game's name is named as such."""

    game_options: dict[str, list[str]]  # option string -> the games whose benchmark takes it

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        own = ("-h", "--help", "--quick")
        for arg in args or ():
            if arg in self.game_options.get("", ()):  # a game's name: what follows is its own
                break
            option = arg.split("=", 1)[0]
            if option.startswith("-") and not any(o == option or (option.startswith("--") and o.startswith(option))
                                                  for o in own):
                games = self.game_options.get(option)
                where = (f"an option of {' and '.join(f'bench {g}' for g in games)}: give it after the game's name"
                         if games else "not an option of bench (bench --help lists every game's own options)")
                self.error(f"{option} is {where}")
        return super().parse_known_args(args, namespace)


def _add_bench(sub: Any, registry: Any) -> None:
    """``bench [--quick] [GAME [its own options]]``: each game's benchmark options follow its name."""
    import textwrap

    description = textwrap.fill(
        "Without GAME: start-up time, the frame times of the menu and of every game's scene, then every "
        "game's own benchmark. With GAME: only that game's scene and its own benchmark, which takes the "
        "options listed below (bench GAME --help explains them).", 78)
    parser_class, sub._parser_class = sub._parser_class, _BenchParser
    try:
        bench = sub.add_parser("bench", help="print speed figures (start-up, frame times, game benchmarks)",
                               usage="%(prog)s [-h] [--quick] [GAME [the game's options]]",
                               description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    finally:
        sub._parser_class = parser_class
    bench.add_argument("--quick", action="store_true", help="fewer repetitions (for smoke tests)")
    games = bench.add_subparsers(dest="game", metavar="GAME", parser_class=Parser, prog=bench.prog)
    options: dict[str, list[str]] = {"": []}
    usages = []
    for info in registry:
        command = info.load_commands().get("bench")
        help_text = command.help if command is not None else "frame times of its scene"
        game_parser = games.add_parser(info.name, help=help_text, description=help_text)
        if command is not None:
            command.configure(game_parser)
        else:
            game_parser.add_argument("--quick", action="store_true", help="fewer repetitions (for smoke tests)")
        options[""].append(info.name)
        for action in game_parser._actions:
            if action.dest == "quick":  # ``bench --quick GAME`` keeps it (the default would reset it)
                action.default = argparse.SUPPRESS
            for option in action.option_strings:
                options.setdefault(option, []).append(info.name)
        usage = " ".join(game_parser.format_usage().split()[1:]).replace(" [-h]", "")
        usages.append(f"  {usage}")
    bench.game_options = options
    bench.epilog = "each game's own options:\n" + "\n".join(usages)


def require_display() -> None:
    """Stop with one line when a window cannot be shown: on Linux, no X11 or Wayland display.

    Without one, SDL falls back to its offscreen driver and the program would run
    invisibly for ever. Setting ``SDL_VIDEODRIVER`` by hand skips the check (the user
    chose a driver); ``--screenshot`` never needs a display.
    """
    if os.environ.get("SDL_VIDEODRIVER") == "":
        # Exported but empty is unset to the user (and to this check), not to SDL, which then looked
        # for a driver named "" and said "windows not available" whatever the display.
        del os.environ["SDL_VIDEODRIVER"]
    if not sys.platform.startswith("linux") or os.environ.get("SDL_VIDEODRIVER"):
        return
    if not any(os.environ.get(name) for name in DISPLAY_VARS):
        raise UsageError("no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset): run it from "
                         "a desktop session, or render headless with --screenshot OUT.png")


def refuse_invisible_window(app: Any) -> None:
    """Stop with one line when SDL opened no real window: a ``DISPLAY`` naming no X server made it
    fall back to its offscreen driver, and the program ran invisibly until killed."""
    import pygame

    driver = pygame.display.get_driver()
    if os.environ.get("SDL_VIDEODRIVER") or driver not in ("offscreen", "dummy"):
        return
    app.persist = False  # a run that never showed a window changes no setting, save or record
    app.close()
    shown = ", ".join(f"{name}={os.environ[name]}" for name in DISPLAY_VARS if os.environ.get(name)) or "no display"
    raise UsageError(f"cannot open the window: nothing answers at {shown} (SDL fell back to its {driver} "
                     "driver); run it from a desktop session, or render headless with --screenshot OUT.png")


def _is_file(ref: str) -> bool:
    """Whether ``ref`` names a file; False for a name no file can have: ``Path.is_file`` raised on a
    long game ID (ENAMETOOLONG), and ``play hashi --level 40x40:...`` said "cannot write" it (exit 74)."""
    try:
        return Path(ref).is_file()
    except (OSError, ValueError):
        return False


def run_window(args: argparse.Namespace, game: str | None = None) -> int:
    """Open the menu (or a game) in a window, or headless for ``--screenshot``."""
    from arcade.core.registry import Launch
    from arcade.games import REGISTRY
    from arcade.services.files import check_output_file

    options: dict[str, object] = {}
    if game is not None:
        info = REGISTRY.get(game)  # fail fast, before a window opens
        options = play_options(game, args)
        level = getattr(args, "level", None)
        for ref in (level, getattr(args, "edit", None)):  # is_file() raised there: "cannot write LEVEL", 74
            if ref:
                check_reachable(ref)
        if level and _is_file(level):
            # A damaged level file is named before the display is looked for: without one, "no
            # display" was said of a file that could never have opened in any window.
            info.load_front().open_level(level)
    screenshot = getattr(args, "screenshot", None)
    if screenshot is not None:
        # A bad path fails in one line before any rendering; so does the level, replay or edited file itself.
        check_output_file(screenshot, [getattr(args, name, None) for name in ("level", "replay", "edit")],
                          streams=False)  # written as a file, atomically
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    else:
        require_display()
    import pygame

    from arcade.ui.app import App
    from arcade.ui.icon import set_window_icon
    from arcade.ui.menu import MenuScene
    from arcade.ui.signals import close_window_on_signal

    try:
        # A screenshot run only looks: no setting, save, record or draft of the player's is written,
        # and no damaged one is moved aside (``persist``, set before the settings are read).
        app = App(REGISTRY, size=getattr(args, "size", None), headless=screenshot is not None,
                  persist=screenshot is None)
        shared = ""
        if screenshot is None:
            refuse_invisible_window(app)
            from arcade.services import instance
            from arcade.services.files import folder_problem
            from arcade.services.paths import data_dir

            claimed = instance.claim(data_dir())
            app.cannot_save = folder_problem(data_dir())
            shared = claimed or unsaved_warning(app.cannot_save)
        set_window_icon()
        with close_window_on_signal() as interrupted:  # SIGINT/SIGTERM close it like its close button
            if game is None:
                app.push(MenuScene())
            else:
                try:
                    launch = Launch(level=args.level, seed=args.seed, new=args.new, options=options)
                    app.launch(game, launch, strict=True)
                except BaseException:
                    app.close()
                    raise
            if shared:
                app.warn(shared)  # once the menu or the game is there to show it
            frames = getattr(args, "frames", None) or 3
            status = app.run(max_frames=frames if screenshot is not None else None, screenshot=screenshot)
    except pygame.error as exc:
        if screenshot is not None:
            raise cannot_write(screenshot, exc) from None
        raise ArcadeError(f"cannot open the window: {exc}") from None
    if screenshot is None:
        skip_final_collection()
    if interrupted():
        print(f"{PROG}: interrupted ({interrupted()})", file=sys.stderr)  # as every other command says
        return EXIT_INTERRUPTED
    return status


def skip_final_collection() -> None:
    """Spare the interpreter's exit a garbage collection of everything a window run loaded.

    After the window closed, the process lived 0.4-0.8 s more in the interpreter's finalization,
    mostly the cyclic collector walking every object left (numba's and llvmlite's, numpy's, the
    games', pygame's). Frozen (``gc.freeze``), those objects are still freed by their reference
    counts as the modules are torn down; only cycles still alive at exit are left to the operating
    system, as CPython never promises to finalize those anyway. Nothing of the player's depends on
    it: saves and settings are written, fsynced and closed by then (``App.close`` waits for the
    autosave writer), and logging is flushed by its own ``atexit`` handler, which still runs.
    """
    import gc

    gc.freeze()


def unsaved_warning(problem: str) -> str:
    """What the window says at once when its data folder cannot be written (``problem``, from
    :func:`~arcade.services.files.folder_problem`; "" when it can): the games play on, nothing is
    kept (said before the first move, not at its failed save)."""
    return f"Nothing can be saved: {problem}. You can play, but no game or record is kept." if problem else ""


def take_level_argument(args: argparse.Namespace) -> None:
    """``play GAME FILE`` is ``play GAME --level FILE`` (and ``play GAME FILE --edit`` edits FILE).

    A puzzle file shared by a friend was opened the way most programs open a file, by naming it,
    and argparse answered "unrecognized arguments: FILE"; both spellings now mean the same.
    """
    given = getattr(args, "level_arg", None)
    if given is None:
        return
    if args.edit == "":
        args.edit = given
    elif args.edit is not None:
        raise UsageError(f"--edit {args.edit} and {given}: name one puzzle to edit")
    elif args.level is not None:
        raise UsageError(f"--level {args.level} and {given}: name one level to play")
    else:
        args.level = given


def play_options(game: str, args: argparse.Namespace) -> dict[str, object]:
    """``play --replay FILE`` / ``play --bot SPEC``, read and checked before a window opens.

    The scene finds them in ``Launch.options``: ``"replay"`` is a checked
    :class:`~arcade.services.replays.Playback` (level, every state, moves, per-move times
    and stderr), ``"bot"`` a :class:`~arcade.services.botspec.BotSpec` of the game's protocols.
    """
    import importlib

    from arcade.games import REGISTRY

    options: dict[str, object] = {}
    edit = getattr(args, "edit", None)
    if edit is not None:
        options["edit"] = edit  # the game's front opens its editor (GameFront.open_options)
    replay = getattr(args, "replay", None)
    bot = getattr(args, "bot", None)
    if replay is not None and bot is not None:
        raise UsageError("--replay and --bot do not go together (a replay already has its players)")
    if replay is not None:
        from arcade.services.replays import open_replay

        options["replay"] = open_replay(replay, REGISTRY.get(game).load_rules())
    if bot is not None:
        try:
            outside = importlib.import_module(f"arcade.games.{game}.outside")
        except ModuleNotFoundError:
            raise UsageError(f"{game} does not take outside programs (--bot)") from None
        options["bot"] = outside.parse_spec(bot)
        if options["bot"].problem():
            raise UsageError(options["bot"].problem())
    return options


def list_levels(game: str) -> int:
    """``levels GAME``: the game's own ``levels`` command if it has one, else its bundled level ids
    (paths under its levels folder, without suffix), one a line; exit status 0.
    """
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


def install_signal_handlers() -> None:
    """SIGINT and SIGTERM raise KeyboardInterrupt in the main thread (the window swaps in its own).

    Installed before pygame starts, and with ``SDL_NO_SIGNAL_HANDLERS`` set, so SDL never
    turns them into a quit event that nobody reads (``bench`` used to ignore SIGTERM).
    """
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    for signum in interrupts.stop_signals():
        try:
            signal.signal(signum, interrupts.raise_interrupt)
        except ValueError:  # not the main thread (main() called from a test's thread)
            return


def _strict_stdin() -> None:
    """Standard input is UTF-8 whatever the locale, and a bad byte is an error, not mojibake.

    Its lines end at CR, LF or CRLF alike (universal newlines): Python's stdin splits lines at LF
    only, so a board or runway with old-Mac CR line ends, which every level file reader takes, was
    one long line to ``bot tron`` and ``bot runway`` ("expected 'WIDTH HEIGHT', got '25 24\\r###…'").
    Those two read their lines through :class:`arcade.core.lines.ProtocolLines`, which ends a line
    at its CR at once (this stream held a final CR back until the next byte came).
    """
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(OSError, ValueError):  # already read from, or closed
            reconfigure(encoding="utf-8", errors="strict", newline=None)


class _ClosedOutput(io.TextIOBase):
    """``sys.stdout`` of a command started with standard output closed (``>&-``).

    Python makes it None, and ``print()`` to None writes nothing: ``levels hashi >&-`` lost its whole
    answer with exit status 0, and ``generate royale >&-``, which writes ``sys.stdout`` directly,
    stopped with exit 70 ("'NoneType' object has no attribute 'write'"). A write here is the
    OutputError of any output that cannot be written (exit 74).
    """

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise cannot_write("standard output", "it is closed")


def _hold_standard_streams() -> None:
    """Keep descriptors 0-2 taken and the error line off standard output when a stream was closed.

    A descriptor left closed is the next one a file opens: an autosave's temporary file would become
    descriptor 2, and what SDL or a library writes on stderr would land in the save. And with stderr
    closed (``2>&-``), ``print(..., file=sys.stderr)`` is ``print(..., file=None)``, which writes to
    *stdout*: the one error line went into a bot's answers or a solver's output. The closed ones
    now hold the null device and stderr writes there; a command's stdout is :func:`_guard_stdout`'s.
    """
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            with contextlib.suppress(OSError):
                held = os.open(os.devnull, os.O_RDWR)  # the lowest free number: this one, normally
                if held != fd:
                    os.dup2(held, fd)
                    os.close(held)
    if sys.stderr is None:
        with contextlib.suppress(OSError):
            sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 -- held for the whole run


def _guard_stdout(command: str | None) -> None:
    """A command started with stdout closed writes to :class:`_ClosedOutput` (the window, which
    prints nothing there and is None's main user -- pythonw -- keeps None)."""
    if sys.stdout is None and command not in (None, "play"):
        sys.stdout = _ClosedOutput()


def _discard_stdout() -> None:
    """If stdout cannot be flushed (full disk, closed pipe), send the rest to /dev/null so
    the interpreter's own flush at exit cannot print a traceback."""
    try:
        sys.stdout.flush()
        return
    except (OSError, ValueError, AttributeError):
        pass
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _flush_stdout() -> None:
    if sys.stdout is None:  # pythonw: no console
        return
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise cannot_write("standard output", exc) from None


def _startup(args: argparse.Namespace) -> None:
    """Housekeeping that must not delay or break a command: temp files of interrupted saves -- not
    in a ``--screenshot`` run, which leaves the data folder as it found it."""
    from arcade.services.files import clean_stale_temp
    from arcade.services.paths import config_dir, data_dir

    if getattr(args, "screenshot", None) is not None:
        return
    removed = clean_stale_temp(data_dir(), config_dir())
    if removed:
        log.info("removed %d stale temp file(s) of interrupted saves", len(removed))


def dispatch(args: argparse.Namespace) -> int:
    """Run the parsed command and return its exit status; failures are raised, for :func:`main` to turn
    into one line and a status.
    """
    if args.command is None:
        return run_window(args)
    if args.command == "play":
        take_level_argument(args)
        return run_window(args, args.game)
    if args.command == "bench":
        from arcade.bench import run_bench

        return run_bench(args.game, quick=args.quick, options=args)
    if args.command == "levels":
        return list_levels(args.game)
    return int(args.run(args))


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the process exit status (see the module docstring for the rule)."""
    argv = sys.argv[1:] if argv is None else argv
    _prepare_process()
    try:
        return _parse_and_dispatch(argv)
    except KeyboardInterrupt as exc:
        name = str(exc) or "SIGINT"
        print(f"{PROG}: interrupted ({name})", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as exc:
        return _failure_status(exc, argv)


def _prepare_process() -> None:
    """What every run needs before its arguments are read: no stop left pending from an earlier
    main() in this process (tests), signals that raise, descriptors 0-2 held, strict UTF-8 input
    and quiet logging."""
    from arcade.services.logs import setup_logging

    interrupts.clear()
    install_signal_handlers()
    _hold_standard_streams()
    _strict_stdin()
    setup_logging(verbose=False)


def _parse_and_dispatch(argv: list[str]) -> int:
    """Parse ``argv`` and run the command; --help, --version and a usage error argparse printed
    end here with their status, and standard output is flushed so a failed write is an error."""
    closed = sys.stdout is None
    if closed:
        # argparse prints --help and --version to stderr when stdout is None: ``--version >&-`` put its
        # answer there with exit 0. While the arguments are read a closed stdout is one (exit 74).
        sys.stdout = _ClosedOutput()
    try:
        args = parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error argparse printed
        _flush_stdout()
        return int(exc.code or 0) if not isinstance(exc.code, str) else EXIT_USAGE
    if closed:
        sys.stdout = None  # the window keeps None; a command's is :func:`_guard_stdout`'s
    _guard_stdout(args.command)
    if args.debug_log:
        from arcade.services.logs import setup_logging

        setup_logging(verbose=True)
    log.debug("puzzle-arcade %s, Python %s, command %s", __version__, sys.version.split()[0], argv)
    _startup(args)
    status = dispatch(args)
    _flush_stdout()
    return status


def _failure_status(exc: Exception, argv: list[str]) -> int:
    """The one line a failed command prints on stderr, and its exit status: the request or its input
    (2), an output that cannot be written (74, the rest of stdout discarded), or an internal error
    (70, its traceback in the crash log). Called while ``exc`` is being handled, for that log."""
    if isinstance(exc, BrokenPipeError):
        # The reader went away (e.g. `| head`); nothing more to say.
        _discard_stdout()
        return EXIT_OK
    if isinstance(exc, OutputError):
        _discard_stdout()
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_IO
    if isinstance(exc, ArcadeError):  # a UsageError or a FormatError: the request or its input
        print(f"{PROG}: {error_line(exc)}", file=sys.stderr)
        return EXIT_USAGE
    if isinstance(exc, UnicodeEncodeError):  # e.g. PYTHONIOENCODING=ascii and a "≤" in the output
        _discard_stdout()
        why = f"its encoding {exc.encoding!r} cannot hold it; use a UTF-8 locale"
        print(f"{PROG}: {cannot_write('the output', why)}", file=sys.stderr)
        return EXIT_IO
    if isinstance(exc, UnicodeError):
        print(f"{PROG}: input is not UTF-8 text ({exc})"[:300], file=sys.stderr)
        return EXIT_USAGE
    if isinstance(exc, OSError):
        _discard_stdout()
        # An OSError that reaches here is an output's (write_output, a screenshot, a folder made for
        # one): said as every other output failure is, never "I/O error: PATH: ...".
        print(f"{PROG}: {cannot_write(exc.filename or 'the output', exc)}", file=sys.stderr)
        return EXIT_IO
    if isinstance(exc, MemoryError):
        print(f"{PROG}: out of memory", file=sys.stderr)
        return EXIT_INTERNAL
    from arcade.services.logs import log_crash

    written = log_crash("unexpected error in %s", argv)  # the log it is really in, or None
    line = f"{type(exc).__name__}: {exc}".splitlines()[0][:200] if str(exc) else type(exc).__name__
    where = f"details in {written}" if written is not None else "the crash log could not be written"
    print(f"{PROG}: internal error ({line}); {where}", file=sys.stderr)
    return EXIT_INTERNAL
