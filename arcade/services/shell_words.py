"""What a shell would have done to a bot's command, said when it matters (service, pure).

A program's COMMAND is split like a shell line but run without a shell. Typed as in a terminal,
``python3 bot.py | tee log`` started ``python3 bot.py '|' tee log`` -- a bot given three stray
arguments and no log, and nothing said -- and ``~/bots/bot.py``, ``$HOME/bot.py`` or
``PYTHONUNBUFFERED=1 python3 bot.py`` was "no such program" of a file that is there. These say
what the shell would have done and what to type.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

#: Characters a shell reads as operators outside quotes: pipes, lists, background, redirections.
OPERATORS = "|&;<>"


def shell_operator(command: str) -> str:
    """The first run of shell operator characters outside quotes in ``command`` ("" if none).

    Quotes and backslashes are read as ``shlex`` (and a shell) reads them, so ``sh -c "a | b"``
    and ``--sep '|'`` hold none.
    """
    quote = ""
    escaped = False
    for index, char in enumerate(command):
        if escaped:
            escaped = False
        elif quote == "'":
            quote = "" if char == "'" else quote
        elif char == "\\":
            escaped = True
        elif quote == '"':
            quote = "" if char == '"' else quote
        elif char in "'\"":
            quote = char
        elif char in OPERATORS:
            end = index
            while end < len(command) and command[end] in OPERATORS:
                end += 1
            return command[index:end]
    return ""


def operator_problem(command: str) -> str:
    """One line for a command that uses a shell operator, with the ``sh -c`` command to type ("" if none).

    The command alone, not the spec: the window's Command field takes it as it is."""
    operator = shell_operator(command)
    if not operator:
        return ""
    return (f"the command {command!r} uses the shell's {operator!r}, but no shell runs it (its words would go to "
            f"the program as arguments): run a shell yourself: sh -c {shlex.quote(command)}")


def unexpanded_hint(word: str) -> str:
    """A hint for a missing program that a shell would have run: a ``VAR=value`` prefix it sets, a ``~``
    or ``$VAR`` it expands, or a program in the current folder it runs only as ``./NAME`` ("" when none applies)."""
    if re.match(r"[A-Za-z_][A-Za-z0-9_]*=", word):
        return f" (setting a variable the shell's way needs env here: env {word} …)"
    if word.startswith("~") or "$" in word:
        expanded = os.path.expandvars(os.path.expanduser(word))
        whole = f": {expanded}" if expanded != word and Path(expanded).exists() else ""
        return f" (no shell expands '~' or $VARS here: give the whole path{whole})"
    if "/" not in word and Path(word).is_file():
        return f" (the file in this folder is ./{word}, as a shell needs it too)"
    return ""


#: Shells whose ``-c`` command is the program that really runs.
SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh"})
#: Words a shell line joins commands with: the bot is the last command of the line.
_LIST_OPERATORS = frozenset({"&&", "||", ";"})


def shell_c_command(argv: tuple[str, ...]) -> tuple[str, ...]:
    """The command a ``sh -c "cd bots && exec ./mybot"`` line ends up running (``("./mybot",)``), or ()
    for any other argv. The README's own way to ``cd`` first named the program "sh" in tables and on
    the seats, and a second one "sh#2"."""
    if not argv or argv[0].replace("\\", "/").rsplit("/", 1)[-1] not in SHELLS or "-c" not in argv[1:]:
        return ()
    at = argv.index("-c", 1) + 1
    if at >= len(argv):
        return ()
    lexer = shlex.shlex(argv[at], posix=True, punctuation_chars=True)
    lexer.whitespace_split = True  # ``cd bots;`` is ``cd``, ``bots``, ``;``
    try:
        words = list(lexer)
    except ValueError:
        return ()
    last = max((i for i, word in enumerate(words) if word in _LIST_OPERATORS), default=-1)
    words = words[last + 1:]
    if "|" in words:
        words = words[:words.index("|")]  # ``./mybot | tee log``: the bot is what is piped from
    while words and (words[0] == "exec" or re.match(r"[A-Za-z_][A-Za-z0-9_]*=", words[0])):
        words = words[1:]
    return tuple(words)
