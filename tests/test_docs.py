"""The README and docs/*.md against the checkout: the modules and files they name exist.

A cheap guard against drift: a module moved or renamed leaves the guides pointing at nothing
(docs/hashi.md listed ``view/autosave.py`` long after the writer moved to ``arcade/services/``).
"""

from __future__ import annotations

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
