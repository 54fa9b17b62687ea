"""The README and docs/*.md against the checkout: the modules and files they name exist.

A cheap guard against drift: a module moved or renamed leaves the guides pointing at nothing
(docs/hashi.md listed ``view/autosave.py`` long after the writer moved to ``arcade/services/``).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A path from the checkout's root to a module or a test file: ``arcade/ui/app.py``, ``tests/byob/bots/x.py``.
ROOTED = re.compile(r"(?<![\w/.-])((?:arcade|tests)/[\w./-]*?\.py)\b")
#: A row of a guide's module table: ``| `view/scene.py` | ui | ... |`` (paths from the game's package).
TABLE_ROW = re.compile(r"^\| `([\w./-]+\.py)` \|", re.M)


def _doc_id(doc: Path) -> str:
    return str(doc.relative_to(ROOT))


@pytest.mark.parametrize("doc", DOCS, ids=_doc_id)
def test_every_module_path_a_guide_names_exists(doc):
    text = doc.read_text()
    named = set(ROOTED.findall(text))
    missing = sorted(path for path in named if not (ROOT / path).is_file())
    assert not missing, f"{_doc_id(doc)} names modules that do not exist: {missing}"


@pytest.mark.parametrize("doc", [d for d in DOCS if TABLE_ROW.search(d.read_text())], ids=_doc_id)
def test_every_module_in_a_guides_module_table_exists(doc):
    """A game's guide lists its modules from the game's package (or from the root, for shared ones)."""
    package = ROOT / "arcade" / "games" / doc.stem.split("-")[0]
    rows = TABLE_ROW.findall(doc.read_text())
    missing = [path for path in rows if not ((package / path).is_file() or (ROOT / path).is_file())]
    assert rows and not missing, f"{_doc_id(doc)}'s module table names modules that do not exist: {missing}"


#: A command block of a guide, and in its lines the files read from stdin and the files written.
_SHELL_BLOCK = re.compile(r"```(?:sh|console|bash)?\n(.*?)```", re.S)
_READS = re.compile(r"(?<![<\w])< ?([\w./-]+)")
_WRITES = re.compile(r"(?:\s-o|\s--out|\s--pdf|\s--svg|[^2]>) ?([\w./-]+)")


@pytest.mark.parametrize("doc", DOCS, ids=_doc_id)
def test_every_file_a_guides_command_reads_from_stdin_exists_or_was_written_just_before(doc):
    """docs/tron.md said ``bot tron ... < boards.txt`` and docs/royale.md ``solve royale - < grid.txt``
    a line before the command that writes grid.txt: neither ran as written from a fresh clone."""
    missing = []
    for block in _SHELL_BLOCK.findall(doc.read_text()):
        written: set[str] = set()
        for line in block.splitlines():
            command = line.split("#", 1)[0]
            missing += [name for name in _READS.findall(command) if name not in written and not (ROOT / name).is_file()]
            written |= set(_WRITES.findall(command))
    assert not missing, f"{_doc_id(doc)}: a command reads {missing} from stdin, which is no file of the checkout"


def test_the_level_file_example_in_docs_hashi_is_the_bundled_level_whole_and_solvable():
    """It showed three of the seven rows, labelled medium (the level is hard): saved as a file,
    it had no solution."""
    from arcade.games.hashi.formats import parse_puzzle
    from arcade.games.hashi.solver.search import count_solutions

    guide = (ROOT / "docs" / "hashi.md").read_text()
    blocks = re.findall(r"```\n(# title: Round the bend\n.*?)```", guide, re.S)
    bundled = (ROOT / "levels" / "hashi" / "wrapped" / "01-round-the-bend.txt").read_text()
    assert blocks == [bundled]
    assert count_solutions(parse_puzzle(blocks[0], "docs/hashi.md")) == 1


#: A board's size in prose: digits x digits, not inside `code` (what a player types, file names).
_PROSE_SIZE = re.compile(r"(?<![\w.-])(\d+) ?[x×] ?(\d+)(?![\w-])")
#: Window sizes are width x height already, as is the program's size_name.
_WINDOWS = {(640, 400), (800, 500), (800, 600), (1024, 640), (1280, 800), (1280, 720), (1366, 768),
            (320, 240), (1920, 1080), (1600, 1000), (1920, 1200), (2560, 1440), (3840, 2160)}


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_prose_names_a_board_size_width_first_as_the_program_does(doc):
    """README said the royale seed is "14x20" while its picker says "20×14" (size_name: width ×
    height with "×"). Prose writes it the program's way; typed syntax (`--size 14x20`, file names)
    stays in backticks as it is, and a quote of an old screen in double quotes."""
    wrong = []
    for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
        prose = re.sub(r'`[^`]*`|"[^"]*"', "", line)  # code, and quotes of what a screen once said
        for match in _PROSE_SIZE.finditer(prose):
            size = (int(match[1]), int(match[2]))
            if "x" in match[0] and size not in _WINDOWS and size[0] != size[1]:
                wrong.append(f"{doc.name}:{number}: {match[0]}")
    assert not wrong, wrong


#: A path from the checkout's root to anything else the guides send a reader to: a level file or
#: folder, a guide, an asset (``levels/hashi/classic/01-first-steps.txt``, ``docs/tron.md``).
ROOTED_OTHER = re.compile(r"(?<![\w/.~-])((?:levels|docs|assets|desktop|LICENSES)/[\w./*-]*[\w*/])")


@pytest.mark.parametrize("doc", DOCS, ids=_doc_id)
def test_every_level_guide_and_asset_path_a_guide_names_exists(doc):
    """The ``.py`` check above, for the other files a command or a sentence names (a glob such as
    ``levels/hashi/medium/*.txt`` must match something)."""
    missing = sorted(
        path for path in set(ROOTED_OTHER.findall(doc.read_text()))
        if not (list(ROOT.glob(path.rstrip("/"))) if "*" in path else (ROOT / path.rstrip("/")).exists()))
    assert not missing, f"{_doc_id(doc)} names files that do not exist: {missing}"


def _anchor(heading: str) -> str:
    """GitHub's anchor for a heading: markup dropped, lowercase, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(doc: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", doc.read_text(), flags=re.S | re.M)  # a `# comment` in a block is no heading
    seen: dict[str, int] = {}
    anchors = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", text, re.M):
        slug = _anchor(heading)
        anchors.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
        seen[slug] = seen.get(slug, 0) + 1
    return anchors


_LINK = re.compile(r"\]\(([^)\s]+)\)")
_REPOSITORY = re.compile(r"^https://(?:github\.com/[\w.-]+/[\w.-]+/blob|raw\.githubusercontent\.com/[\w.-]+/[\w.-]+)/main/")


@pytest.mark.parametrize("doc", DOCS, ids=_doc_id)
def test_every_link_between_the_guides_names_a_file_and_a_heading_that_exist(doc):
    """A link's file and its ``#anchor`` (GitHub's rule), relative or into the repository: a heading
    renamed (say "Tron against the 2010 winner") leaves every link to it landing at the top of
    the page, which nothing else notices."""
    broken = []
    for url in _LINK.findall(doc.read_text()):
        if _REPOSITORY.match(url):
            path, base = _REPOSITORY.sub("", url), ROOT
        elif re.match(r"^[a-z]+:", url):
            continue  # another site
        else:
            path, base = url, doc.parent
        path, _, anchor = path.partition("#")
        target = (base / path).resolve() if path else doc
        if not target.exists() or (anchor and target.suffix == ".md" and anchor not in _anchors(target)):
            broken.append(url)
    assert not broken, f"{_doc_id(doc)} links to files or headings that do not exist: {broken}"


def _layout_entry(readme: str, game: str) -> str:
    """The README layout's lines about one game package: its own line and the indented ones after it."""
    block = re.search(r"^```\narcade/\n(.*?)^```", readme, re.S | re.M)
    assert block, "README's layout block (```\\narcade/ ...) is gone"
    entry = re.search(rf"^    {game}/ +(.*?)(?=^ {{0,4}}\S)", block[1], re.S | re.M)
    assert entry, f"README's layout has no line for games/{game}/"
    return entry[1]


@pytest.mark.parametrize("game", sorted(p.name for p in (ROOT / "arcade" / "games").iterdir()
                                        if (p / "__init__.py").is_file()))
def test_the_readme_layout_names_every_module_of_every_game(game):
    """The layout lists a game's modules and its view/'s; a split (Tron's view into steering,
    board_camera, ...; Hashi's caption; Tron's tournament_run) left the newcomer's map of the
    code a module short. A ``view/`` named with no list after it would stand for all its modules."""
    entry = _layout_entry((ROOT / "README.md").read_text(), game)
    words = set(re.findall(r"\w+", entry))
    view_as_a_whole = re.search(r"view/(?!\s*\()", entry) is not None  # "view/" with no "(scene, ...)"
    package = ROOT / "arcade" / "games" / game
    modules = [p for p in package.rglob("*.py") if p.name != "__init__.py" and "__pycache__" not in p.parts]
    missing = sorted(str(p.relative_to(package)) for p in modules
                     if p.stem not in words and not (view_as_a_whole and p.parent.name == "view"))
    assert not missing, f"README's layout of games/{game}/ does not name {missing}"


#: A command line of the guides: ``python -m arcade ...``, ``python3 -m arcade ...`` or ``puzzle-arcade ...``
#: (``$ `` before it in a block that shows output, ``VAR=value`` for its environment), with the ``\``
#: continuations joined.
_COMMAND = re.compile(r"^(?:\$ )?(?:[A-Z_][A-Z0-9_]*=\S* )*(?:python3? -m arcade|puzzle-arcade)(?=\s|$)")
#: A command in a sentence without the program's name: a verb and a game (``bench`` alone too).
_BARE = re.compile(r"^(?:(?:play|solve|generate|bot|tournament|referee|export|levels) "
                   r"(?:hashi|runway|royale|tron)|bench)\b")
#: A word that stands for what the reader types (GAME, FILE, N, OUT.pdf, LEVEL...): a synopsis, not a command.
_PLACEHOLDER = re.compile(r"(?<![\w.:/=$-])(?:[A-Z][A-Z_]*(?:\.\w+)?|\.\.\.|…)(?![\w.:/-])")


def _commands(text: str) -> list[tuple[str, bool]]:
    """Every command line in ``text``'s code blocks and inline code: (the line, whether it is a
    synopsis with placeholders, ``[optional]`` parts or ``a|b`` choices rather than one to type --
    or a command named in a sentence, ``tournament tron --out``, as much of it as the sentence needs)."""
    lines = []
    for block in re.findall(r"^```[\w-]*\n(.*?)^```", text, re.S | re.M):
        joined = re.sub(r"\s*\\\n\s*", " ", block)
        for line in joined.splitlines():
            line = re.sub(r"^.*? \| (?=python3? -m arcade)", "", line.strip())  # ``cat map | python -m arcade ...``
            lines += [(line, False)] if _COMMAND.match(line) else []
    prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    for code in re.findall(r"`([^`\n]+)`", prose):
        if _BARE.match(code):
            lines.append((f"puzzle-arcade {code}", True))
        elif _COMMAND.match(code):
            lines.append((code, False))
    found = []
    for line, named in lines:
        line = re.sub(r"^\$ ", "", line)
        line = re.sub(r"^(?:[A-Z_][A-Z0-9_]*=\S* )+", "", line)  # the environment: not the program's to parse
        line = re.sub(r"\s+#\s.*$", "", line)  # a comment after the command
        line = re.sub(r"\s{2,}(?!-)[^#\s].*$", "", line)  # a synopsis' words in a column beside it
        synopsis = named or bool(re.search(r"\[|\]|(?<=\w)\|(?=[\w-])", line) or _PLACEHOLDER.search(line))
        found.append((line, synopsis))
    return found


def _argv(line: str) -> list[str]:
    """The arguments of a command line, its redirections and the pipe after it left out."""
    import shlex

    words = shlex.split(line, posix=True)
    argv = []
    for word in words[3 if words[0].startswith("python") else 1:]:
        if word in ("|", "&&", ";") or word.startswith((">", "<", "2>")):
            break
        argv.append(word)
    return argv


_DOC_COMMANDS = [(doc, line) for doc in DOCS for line, synopsis in _commands(doc.read_text()) if not synopsis]


def test_the_guides_show_commands_to_check():
    """The checks below are only as good as the extraction: a change of the guides' markup that
    found no command would leave them passing on nothing."""
    assert len(_DOC_COMMANDS) > 40, _DOC_COMMANDS


@pytest.mark.parametrize(("doc", "line"), _DOC_COMMANDS, ids=[f"{d.name}:{line[:60]}" for d, line in _DOC_COMMANDS])
def test_every_command_a_guide_shows_parses_with_the_program_s_own_parser(doc, line, capsys):
    """A reviewer types what the guides show: an option renamed or a command moved leaves a line
    that stops at "error: unrecognized arguments" (parsing only: nothing is run)."""
    from arcade.cli import parse_args

    try:
        parse_args(_argv(line))
    except SystemExit as exc:
        pytest.fail(f"{_doc_id(doc)}: `{line}` does not parse (status {exc.code}): {capsys.readouterr().err.strip()}")


def _options_named(line: str) -> list[tuple[str, argparse.ArgumentParser, str]]:
    """The options a command line or synopsis names, each with the (sub)parser it is given to:
    [(its command, parser, option)] (``export hashi|royale``: hashi's; ``[GAME [options]]``: none)."""
    import shlex

    from arcade.cli import build_parser

    parser, command = build_parser(), []
    try:
        words = shlex.split(line)
    except ValueError:
        words = line.split()
    named = []
    words = words[3 if words[0].startswith("python") else 1:]
    for index, word in enumerate(words):
        word = word.strip("[]()")
        if word == "|" and words[index + 1:] and words[index + 1].startswith("-"):
            continue  # a synopsis' choice: ``--pdf OUT.pdf | --svg OUT.svg``
        if word in ("|", "&&") or word.startswith(("<", ">")):
            break
        if re.match(r"^--?[a-z]", word):
            named.append((" ".join(command), parser, word.split("=", 1)[0]))
            continue
        subparsers = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        name = word.split("|")[0]
        if subparsers and name in subparsers[0].choices:
            parser = subparsers[0].choices[name]
            command.append(name)
    return named


_DOC_OPTIONS = sorted({(doc, line) for doc in DOCS for line, _ in _commands(doc.read_text())}, key=str)


@pytest.mark.parametrize(("doc", "line"), _DOC_OPTIONS, ids=[f"{d.name}:{line[:60]}" for d, line in _DOC_OPTIONS])
def test_every_option_a_command_or_synopsis_names_is_that_command_s_by_its_whole_name(doc, line):
    """Synopses too (``bench royale [--quick] [--seeds 3]``), which do not parse; and by the whole
    name, since argparse takes an abbreviation (``--limit`` for ``--limit-ms``) that a rename breaks."""
    wrong = [f"{command or 'puzzle-arcade'} {option}" for command, parser, option in _options_named(line)
             if option not in parser._option_string_actions]
    assert not wrong, f"{_doc_id(doc)}: `{line}` names options the program does not have: {wrong}"


@pytest.mark.parametrize("doc", DOCS, ids=_doc_id)
def test_every_module_a_guide_runs_with_python_m_runs_something(doc):
    """docs/royale.md named ``python -m arcade.bench``, which imports the module and exits 0 having
    done nothing (it has no ``__main__`` block: the benchmark is ``python -m arcade bench``)."""
    silent = []
    for module in set(re.findall(r"python3? -m (arcade(?:\.\w+)+)", doc.read_text())):
        path = ROOT.joinpath(*module.split("."))
        main = path / "__main__.py" if path.is_dir() else path.with_suffix(".py")
        runs = main.is_file() and (main.name == "__main__.py"
                                   or re.search(r"^if __name__ == .__main__.:", main.read_text(), re.M) is not None)
        if not runs:
            silent.append(module)
    assert not silent, f"{_doc_id(doc)}: `python -m` of {silent} does nothing (no such module, or no __main__ block)"


_ARROW_NAMES = {"←": "Left", "→": "Right", "↑": "Up", "↓": "Down"}


def _key_names(cell: str) -> set[str]:
    """The keys a keys-table cell names: "Ctrl+Z / U, Ctrl+Y / R" -> {Ctrl+Z, U, Ctrl+Y, R}; an aside
    in brackets, code marks and the prose words of a mouse row ("Click on the board") left out."""
    cell = re.sub(r"\([^)]*\)", "", cell).replace("`", "")
    parts = re.split(r" / | · |, | or |/|\s+", cell.strip())
    return {_ARROW_NAMES.get(part, part) for part in parts
            if part and not re.fullmatch(r"[a-z]{2,}", part) and part not in ("Arrows", "arrows")}


@pytest.mark.parametrize("game", ["hashi", "runway", "royale", "tron"])
def test_every_key_a_games_keys_table_names_is_bound_in_the_game(game):
    """A guide's "| Keys |" table against the keymap the game's scene dispatches on (the same rows
    its pause screen lists, the framework's included): a key renamed or dropped in the code leaves
    the guide telling players to press something that does nothing."""
    from arcade.games import REGISTRY
    from tests.test_frontend_contract import small_game

    with small_game(REGISTRY.get(game)) as (_app, scene):
        bound = set().union(*(_key_names(binding.keys) for binding in scene.keymap()))
    guide = (ROOT / "docs" / f"{game}.md").read_text()
    tables = re.findall(r"^\| [Kk]eys \|[^\n]*\n\|[-| ]+\|\n((?:\|.*\n)+)", guide, re.M)
    rows = [row for table in tables for row in re.findall(r"^\| ([^|]+?) \|", table, re.M)]
    unbound = [f"{row!r}: {sorted(_key_names(row) - bound)}" for row in rows if _key_names(row) - bound]
    assert rows and not unbound, f"docs/{game}.md names keys {game} does not bind: {unbound}"


#: Commands whose output a guide shows that are timed, run other programs or open a window: their
#: output is checked by hand (and by their own tests), not compared here.
_NOT_COMPARED = re.compile(r"\b(?:play|bench|tournament|referee)\b|[<>]")


def _shown_outputs(text: str) -> list[tuple[str, list[str]]]:
    """The commands of ``text``'s blocks with the output shown under them: [(command, its lines)],
    the lines up to a ``...`` (what follows is left out), stderr's (``# on stderr``) and the
    ``# exit status`` notes dropped, a ``| head -N`` kept in the command."""
    shown = []
    for block in re.findall(r"^```[\w-]*\n(.*?)^```", text, re.S | re.M):
        command, output = None, []
        for line in [*re.sub(r"\s*\\\n\s*", " ", block).splitlines(), ""]:
            if _COMMAND.match(line) or not line.strip():
                if command and output:
                    shown.append((command, output))
                command, output = (re.sub(r"^\$ |\s+#\s.*$", "", line), []) if _COMMAND.match(line) else (None, [])
            elif command is not None and not line.startswith("# exit status"):
                if line.strip() in ("...", "…"):
                    command = f"{command} | head -{len(output)}" if "| head" not in command else command
                    shown.append((command, output))
                    command = None
                elif not re.search(r"\s#\s*on stderr$", line):
                    output.append(line)
    return [(command, output) for command, output in shown
            if not _NOT_COMPARED.search(command) and not any(synopsis for _, synopsis in _commands(f"`{command}`"))]


_SHOWN = [(doc, command, output) for doc in DOCS for command, output in _shown_outputs(doc.read_text())]


@pytest.mark.parametrize(("doc", "command", "output"), _SHOWN,
                         ids=[f"{d.name}:{command[:60]}" for d, command, _ in _SHOWN])
def test_a_command_a_guide_shows_with_its_output_prints_that_output(doc, command, output, tmp_path):
    """Seeded generators, solvers and explanations print the same every time: what a guide shows
    under the command is what a reader gets (a changed rule name, order or wording shows here)."""
    import os
    import subprocess
    import sys

    program, _, head = command.partition(" | head -")
    env = {**os.environ, "PUZZLE_ARCADE_HOME": str(tmp_path)}
    run = subprocess.run([sys.executable, "-m", "arcade", *_argv(program)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    printed = run.stdout.splitlines()[:int(head)] if head else run.stdout.splitlines()
    assert (run.returncode, printed) == (0, output), f"{_doc_id(doc)}: `{command}`: {run.stderr}"


@pytest.mark.parametrize("doc", DOCS, ids=_doc_id)
def test_every_make_target_a_guide_names_is_in_the_makefile(doc):
    """``make run``, ``make install-desktop``...: a target renamed in the Makefile leaves "No rule to make target"."""
    targets = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M))
    named = set(re.findall(r"`make ([\w-]+)", doc.read_text()))
    assert named <= targets, f"{_doc_id(doc)} names make targets the Makefile lacks: {sorted(named - targets)}"
