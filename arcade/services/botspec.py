"""Bot specs (service, pure): ``NAME`` for a built-in bot or ``PROTOCOL:COMMAND`` for an outside program.

``flood-fill`` names one of our bots; ``2010:./mybot --fast`` runs ``./mybot --fast`` and
speaks the 2010 contest protocol with it; ``mine=2010:./mybot`` does the same and calls it
``mine`` in tables (otherwise a program is named by its whole spec). COMMAND is split like a shell line (``shlex``:
quotes keep spaces, no globbing; a shell operator outside quotes is refused, see
``shell_words``). Each game says which protocols it speaks; the
same spec text works on the command line, in the Tron setup dialog and in replays.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from arcade.core.errors import UsageError
from arcade.services.shell_words import operator_problem, shell_c_command, unexpanded_hint

_PREFIX = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_.-]*):(.*)$", re.S)
_LABEL = re.compile(r"^([A-Za-z][A-Za-z0-9_.-]*)=([A-Za-z0-9][A-Za-z0-9_.-]*:.*)$", re.S)
#: ``LABEL=PROTOCOL:COMMAND`` with a label _LABEL refuses (empty, a space, a comma, not ASCII).
_BAD_LABEL = re.compile(r"^([^=:]*)=([A-Za-z0-9][A-Za-z0-9_.-]*):", re.S)


@dataclass(frozen=True)
class BotSpec:
    """A parsed spec: ``protocol`` is None for a built-in bot (then ``name`` is its canonical name)."""

    text: str
    name: str
    protocol: str | None = None
    argv: tuple[str, ...] = ()

    @property
    def outside(self) -> bool:
        return self.protocol is not None

    @property
    def short_name(self) -> str:
        """A short name for the screen: the spec's label, else the script it runs (``mybot.py``), or
        the module after ``-m`` (``arcade bot tron``; the seat was named "-m"). ``env`` and the
        interpreter's options are looked past (``python3 -W ignore bot.py`` was named "ignore"), and so is
        a shell's ``-c`` line (``sh -c "cd bots && exec ./mybot"`` is ``mybot``)."""
        if not self.outside or self.name != self.text or not self.argv:
            return self.name[:30]
        argv = _past_env(self.argv) or self.argv
        argv = shell_c_command(argv) or argv
        argv = _past_env(argv) or argv
        kind, target = _python_target(argv)
        if kind == "module":
            return target[:30]
        if kind != "script":
            target = _runner_target(argv) or argv[0]
        return target.rstrip("/").rsplit("/", 1)[-1][:30]

    @property
    def launch_argv(self) -> tuple[str, ...]:
        """The command actually started: ``argv``, except that ``python``/``python3 -m arcade …`` (a bare
        interpreter name running our own package) starts with the game's own interpreter.

        The README's own example, ``codingame:python -m arcade bot runway``, typed into Runway's Tests
        panel ran the first ``python`` on the PATH -- the system one, without the game's dependencies
        -- and every test failed with ``ModuleNotFoundError``. Our package is only ever meant to run in
        the interpreter it is installed in, so a bare name asking for it means that one. A path
        (``/usr/bin/python3 -m arcade``) is taken as written, and so is any other module or script.
        """
        if not self.outside or not self.argv or not self.runs_arcade:
            return self.argv
        return (sys.executable or self.argv[0], *self.argv[1:])

    @property
    def runs_arcade(self) -> bool:
        """Whether the command is a bare ``python``/``python3``/``pythonX.Y`` running ``-m arcade…``."""
        if not self.outside or not self.argv or not re.fullmatch(r"python[0-9.]*(\.exe)?", self.argv[0]):
            return False
        kind, target = _python_target(self.argv)
        module = target.split(" ", 1)[0] if kind == "module" else ""
        return module == "arcade" or module.startswith("arcade.")

    def launch_env(self, env: Mapping[str, str] | None = None) -> dict[str, str]:
        """``env`` plus, for a command that runs our package (:attr:`runs_arcade`), a ``PYTHONPATH`` that
        finds this very copy of it first (a checkout started as ``python path/to/main.py`` from another
        folder, or a second checkout beside an installed one, would import another copy or none)."""
        result = dict(env or {})
        if self.runs_arcade:
            root = str(Path(__file__).resolve().parent.parent.parent)
            rest = result.get("PYTHONPATH", os.environ.get("PYTHONPATH", ""))
            result["PYTHONPATH"] = os.pathsep.join(p for p in (root, rest) if p)
        return result

    def problem(self) -> str:
        """Why this program cannot be started from here, in one line ("" if it can, or for a built-in bot).

        Asked before a tournament, a referee run or a match: a mistyped path used to play every
        round as a forfeit ("cannot start ... no such program" 78 times, exit status 0). A Python
        script that is missing is caught too, since it is the interpreter that would start.
        """
        if not self.outside or not self.argv:
            return ""
        for argv in (self.launch_argv, _past_env(self.argv)):  # env itself (or our interpreter), then what env runs
            if not argv:
                continue
            program = argv[0]
            if "/" in program or (os.altsep is not None and os.altsep in program):
                path = Path(program)
                try:
                    path.stat()
                except (FileNotFoundError, NotADirectoryError):
                    pass  # said just below
                except OSError as exc:  # a folder it cannot enter: "cannot write PATH" (exit 74) before
                    return f"cannot start {program!r}: {exc.strerror or exc}"
                if not path.exists():
                    return (f"cannot start {program!r}: no such program"
                            + (_unquoted_spaces(argv, 0) or unexpanded_hint(program)))
                if path.is_dir():
                    return f"cannot start {program!r}: it is a folder, not a program"
                if not os.access(path, os.X_OK):
                    return f"cannot start {program!r}: not executable (chmod +x it, or run it through its interpreter)"
                found = program
            else:
                found = shutil.which(program)
                if found is None:
                    return f"cannot start {program!r}: no such program on the PATH" + unexpanded_hint(program)
            if why := interpreter_problem(Path(found)):
                return f"cannot start {program!r}: {why}"
            kind, script = _python_target(argv)
            if kind == "script" and not Path(script).is_file():
                return (f"cannot start {' '.join(self.argv)!r}: no such file {script!r}"
                        + (_unquoted_spaces(argv, argv.index(script)) or unexpanded_hint(script)))
        return ""


def interpreter_problem(path: Path) -> str:
    """Why the system cannot run the executable file ``path`` by its first line ("" when, as far as
    that line tells, it can): a script whose ``#!`` names an interpreter that is not there, or ends in
    a Windows line break, a text file with no ``#!`` line at all, or an empty file.

    Each passed the checks above (the file exists and is executable) and then failed at every
    round: "cannot start './bot.py': no such program" of a file that is plainly there (it is the
    interpreter that is missing), "/usr/bin/env: use -[v]S to pass options in shebang lines" for
    ``python3\\r``, "Exec format error" -- and as forfeits, with exit status 1 from ``referee`` and
    0 from ``tournament`` instead of the 2 of a program that cannot be started. Only on POSIX, where
    the kernel reads that line; elsewhere "" always.
    """
    if os.name != "posix" or not path.is_file():  # never open a FIFO: that waits for a writer
        return ""
    try:
        with path.open("rb") as file:
            head = file.read(256)  # what Linux reads of a script's first line (BINPRM_BUF_SIZE)
    except OSError:
        return ""  # unreadable here: starting it will say why
    if not head:  # the kernel runs nothing from it ("Exec format error" at every round); a shell, nothing at all
        return "it is an empty file: there is no program in it (was it saved?)"
    if not head.startswith(b"#!"):
        if b"\0" not in head:  # text: a binary program (ELF, Mach-O) has NUL bytes early on
            return ("it has no '#!' first line naming its interpreter"
                    " (add one, e.g. #!/bin/sh, or run it through its interpreter)")
        return ""
    line = head[2:].split(b"\n", 1)[0]
    if line.endswith(b"\r"):
        return f"its first line ends in a Windows line break (\\r\\n): save it with Unix line endings (dos2unix {path})"
    words = line.split()
    if not words:
        return "its '#!' first line names no interpreter"
    interpreter = os.fsdecode(words[0])
    if interpreter.startswith("/") and not Path(interpreter).is_file():
        return f"its '#!' first line names the interpreter {interpreter!r}, which does not exist"
    if (interpreter.rsplit("/", 1)[-1] == "env" and len(words) > 2 and not words[1].startswith(b"-")
            and sys.platform.startswith("linux")):
        # Linux hands env everything after the interpreter as one word: ``#!/usr/bin/env python3 -u``
        # (the -u the flush advice suggests) asks for a program named "python3 -u", and every round
        # was a forfeit ("/usr/bin/env: use -[v]S to pass options in shebang lines").
        rest = os.fsdecode(b" ".join(words[1:]))
        return (f"its '#!' first line passes {rest!r} to env as one word, as Linux does:"
                f" write #!{interpreter} -S {rest}")
    if interpreter.rsplit("/", 1)[-1] == "env" and len(words) == 2 and not words[1].startswith(b"-"):
        wanted = os.fsdecode(words[1])
        if shutil.which(wanted) is None:
            return f"its '#!' first line asks env for {wanted!r}, which is not on the PATH"
    return ""


def _unquoted_spaces(argv: tuple[str, ...], at: int) -> str:
    """The fix, when the missing path ``argv[at]`` is the start of a path with spaces that exists.

    A command is split like a shell line, so ``python3 my bots/my bot.py`` names the file ``my``:
    the bare "no such file 'my'" left a beginner staring at a file that is plainly there. When
    the words from ``at`` on, joined by spaces, make an existing file, we say how to quote it.
    """
    for end in range(len(argv), at + 1, -1):
        joined = " ".join(argv[at:end])
        if Path(joined).exists():
            fixed = shlex.join((*argv[:at], joined, *argv[end:]))
            return f" (a path with spaces needs quotes: {fixed})"
    return ""


def _past_env(argv: tuple[str, ...]) -> tuple[str, ...]:
    """The command ``env`` is asked to run (``env PYTHONHASHSEED=0 python3 bot.py``); () for any other."""
    if argv[0].replace("\\", "/").rsplit("/", 1)[-1] != "env":
        return ()
    rest = list(argv[1:])
    while rest and (rest[0].startswith("-") or "=" in rest[0]):
        if rest.pop(0) in ("-u", "--unset", "-C", "--chdir", "-S", "--split-string"):
            rest = rest[1:]  # an option that takes the next word
    return tuple(rest)


def _python_target(argv: tuple[str, ...]) -> tuple[str, str]:
    """What a Python interpreter is asked to run: ("script", path), ("module", "name args"),
    ("code", ""), or ("", "") when ``argv`` is not a Python interpreter or runs nothing named."""
    if not re.fullmatch(r"python[0-9.]*(\.exe)?|pypy[0-9.]*", argv[0].replace("\\", "/").rsplit("/", 1)[-1]):
        return "", ""
    args = list(argv[1:])
    while args:
        arg = args.pop(0)
        if arg == "-m" and args:
            return "module", " ".join(args)
        if arg.startswith("-m") and len(arg) > 2:
            return "module", " ".join([arg[2:], *args])
        if arg.startswith("-c") or arg == "-":
            return "code", ""
        if arg in ("-W", "-X"):  # options that take the next word
            args = args[1:]
        elif not arg.startswith("-"):
            return "script", arg
    return "", ""


#: Interpreters other than Python that contestants run their bot with, and their options that take the
#: next word (``java -cp DIR Player``, ``node -r dotenv/config bot.js``).
_RUNNERS = {
    "java": {"-cp", "-classpath", "--class-path", "-p", "--module-path", "--add-modules"},
    "node": {"-r", "--require", "--import", "--loader"},
    "deno": set(), "bun": set(), "ruby": {"-I", "-r"}, "perl": set(), "php": set(), "lua": set(),
    "sh": set(), "bash": set(), "Rscript": set(), "dotnet": set(), "kotlin": {"-cp", "-classpath"},
}


def _runner_target(argv: tuple[str, ...]) -> str:
    """What another interpreter runs (``Player`` for ``java -cp bots Player``, ``bot.js`` for ``node
    bot.js``, ``my.jar`` for ``java -jar my.jar``), or "" when it runs nothing named (``node -e …``)
    or is no interpreter we know. A Java or Node bot was named "java" or "node" on screen and in tables,
    and a second one "node#2"."""
    runner = argv[0].replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".exe")
    takes_next = _RUNNERS.get(runner)
    if takes_next is None:
        return ""
    args = list(argv[1:])
    while args:
        arg = args.pop(0)
        if arg == "-jar" and args:
            return args[0]
        if arg in takes_next:
            args = args[1:]
        elif arg in ("-e", "-p", "--eval", "--print", "-c"):  # code on the command line: nothing named
            return ""
        elif not arg.startswith("-") or arg == "-":
            return "" if arg == "-" else arg
    return ""


def short_name_of(text: str, parse: Callable[[str], BotSpec]) -> str:
    """``text``'s :attr:`BotSpec.short_name` as ``parse`` (a game's spec reader) reads it; a spec that
    no longer parses (an old replay's) is shown cut to 30 characters."""
    try:
        return parse(text).short_name
    except UsageError:
        return text[:30]


def parse_bot_spec(text: str, protocols: Mapping[str, str], builtin: Callable[[str], str] | None = None,
                   *, game: str = "") -> BotSpec:
    """Read ``text``; ``protocols`` maps the game's protocol names to a description, ``builtin``
    canonicalises a built-in bot's name (raising UsageError for unknown names)."""
    raw = text.strip()
    if not raw:
        raise UsageError("an empty bot spec (use a bot name or PROTOCOL:COMMAND)")
    label = _LABEL.match(raw)
    if label is not None:
        spec = parse_bot_spec(label.group(2), protocols, builtin, game=game)
        return BotSpec(raw, label.group(1), spec.protocol, spec.argv)
    match = _PREFIX.match(raw)
    bad = _BAD_LABEL.match(raw)
    if match is None and bad is not None and bad.group(2).lower() in protocols:
        # It was read as a built-in bot's name: "unknown bot '=2010:./mybot' (choose from: random, ...)"
        # said nothing of the label that was wrong.
        raise UsageError(f"the label {bad.group(1)!r} of {raw!r} is not a label: one starts with a letter and"
                         f" holds only ASCII letters, digits, '_', '.' and '-' (e.g. mine={bad.group(2)}:COMMAND)")
    if match is None:
        looks_like_a_command = any(mark in raw for mark in " /.")  # not a built-in's name
        if builtin is None or looks_like_a_command:
            names = " or ".join(f"{p}:COMMAND" for p in protocols)
            # The command as it would be typed ("--bot 'python3 mybot.py'" only said to use
            # codingame:COMMAND, and left the newcomer to work out where it goes; Tron's said
            # "unknown bot 'python3 mybot.py' (choose from: random, ...)", as if it were a name).
            labelled = re.match(r"([A-Za-z][A-Za-z0-9_.-]*)=(.*)$", raw, re.S)
            label, command = (f"{labelled.group(1)}=", labelled.group(2)) if labelled else ("", raw)
            example = f": {label}{next(iter(protocols))}:{command}" if looks_like_a_command else ""
            what = "a program spec" if builtin is None else "a bot's name nor a program spec"
            raise UsageError(f"{raw!r} is not {what} (use {names}){example}")
        return BotSpec(raw, builtin(raw))
    protocol, command = match.group(1).lower(), match.group(2)
    if protocol not in protocols:
        where = f"{game} " if game else ""
        choices = ", ".join(f"{p} ({d})" for p, d in protocols.items())
        raise UsageError(f"unknown {where}bot protocol {match.group(1)!r} (choose from: {choices})")
    try:
        argv = tuple(shlex.split(command))
    except ValueError as exc:
        raise UsageError(f"cannot split the command of {raw!r}: {exc}") from None
    if not argv:
        raise UsageError(f"no command after '{protocol}:' in {raw!r}")
    if why := operator_problem(command.strip()):
        raise UsageError(why)
    return BotSpec(raw, raw, protocol, argv)


def typed_spec(command: str, protocol: str, protocols: Mapping[str, str]) -> str:
    """The spec a window's Command field stands for: the text itself when it is a whole spec, as
    ``--bot`` takes it (``mine=2010:python3 bot.py --fast``, ``hackerrank:./bot``), else
    ``PROTOCOL:COMMAND`` with the field's protocol (``protocol``).

    The window had no way to label a program: two seats running ``t2010.py`` with other arguments
    were ``t2010.py`` and ``t2010.py#2`` in every table and replay, while ``--bot`` took
    ``mine=2010:...``. Only a protocol the game speaks makes the text a spec, so a command that merely
    holds a colon (``./bot --host=a:b``) stays a command; a label without a protocol (``mine=./bot``)
    is not taken either: it reads like a shell's ``VAR=value`` before the command."""
    text = command.strip()
    match = _PREFIX.match(text)
    labelled = _LABEL.match(text)
    if labelled is not None:
        match = _PREFIX.match(labelled.group(2))
    if match is not None and match.group(1).lower() in protocols:
        return text
    return f"{protocol}:{text}"


def spec_protocol(text: str, protocols: Mapping[str, str]) -> str:
    """The protocol a whole spec (see :func:`typed_spec`) names, lower-cased; "" for none."""
    labelled = _LABEL.match(text.strip())
    match = _PREFIX.match(labelled.group(2) if labelled else text.strip())
    if match is None or match.group(1).lower() not in protocols:
        return ""
    return match.group(1).lower()


def with_protocol(text: str, protocol: str, protocols: Mapping[str, str]) -> str:
    """A whole spec's text (see :func:`typed_spec`) speaking ``protocol`` instead, label and command
    kept; any other text as it is. The window's Protocol row steps the protocol a typed spec names."""
    if not spec_protocol(text, protocols):
        return text
    text = text.strip()
    labelled = _LABEL.match(text)
    label = f"{labelled.group(1)}=" if labelled else ""
    rest = labelled.group(2) if labelled else text
    return f"{label}{protocol}:{rest.split(':', 1)[1]}"
