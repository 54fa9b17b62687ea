"""Printable sheets: ``export hashi|royale … --pdf/--svg``: page count, numbering, each page's islands."""

from __future__ import annotations

import re

import pytest

from arcade.cli import main
from arcade.games.hashi.cli import load_level
from arcade.games.hashi.sheets import per_page

LEVELS = ["classic/01-first-steps", "medium/01-stepping-stones", "medium/02-reef-passage",
          "hard/01-deep-water", "wrapped/02-doughnut"]


def svg_pages(text: str) -> list[str]:
    return re.findall(r'<svg class="page".*?</svg>', text, flags=re.S)


def island_numbers(page: str) -> list[int]:
    """The bold one-digit texts on a page: one per island drawn."""
    return [int(n) for n in re.findall(r'font-weight="bold">(\d)</text>', page)]


def expected_pages(puzzles) -> int:
    pages, k = 0, 0
    while k < len(puzzles):
        n = per_page(puzzles[k])
        group = 0
        while k < len(puzzles) and group < n and per_page(puzzles[k]) == n:
            group += 1
            k += 1
        pages += 1
    return pages


def test_svg_has_puzzle_pages_then_solution_pages_with_every_island(tmp_path, capsys):
    out = tmp_path / "sheet.svg"
    assert main(["export", "hashi", *LEVELS, "--svg", str(out)]) == 0
    puzzles = [load_level(ref) for ref in LEVELS]
    pages = svg_pages(out.read_text())
    half = expected_pages(puzzles)
    assert len(pages) == 2 * half
    assert f"wrote {2 * half} pages" in capsys.readouterr().out
    # The puzzles' islands, page by page, in order -- and the same again on the solution pages.
    numbers = [island_numbers(p) for p in pages]
    flat = [n for p in numbers[:half] for n in p]
    assert flat == [i.number for p in puzzles for i in p.islands]
    assert [n for p in numbers[half:] for n in p] == flat
    assert "page 1 of" in pages[0] and f"page {2 * half} of {2 * half}" in pages[-1]
    assert "1. First steps" in pages[0] and "Solution 1. First steps" in pages[half]
    # Solution pages carry bridges (lines), puzzle pages only the grid's frame.
    assert pages[half].count("<line") > pages[0].count("<line")


def test_pdf_page_count_and_text(tmp_path):
    pytest.importorskip("fpdf")
    pypdf = pytest.importorskip("pypdf")
    out = tmp_path / "sheet.pdf"
    assert main(["export", "hashi", *LEVELS[:3], "--pdf", str(out), "--paper", "letter"]) == 0
    reader = pypdf.PdfReader(str(out))
    assert len(reader.pages) == 2  # three small boards fit one page, their solutions another
    first = reader.pages[0].extract_text()
    assert "1. First steps" in first and "3. Reef Passage" in first and "page 1 of 2" in first
    assert "Solution 2. Stepping Stones" in reader.pages[1].extract_text()
    width = float(reader.pages[0].mediabox.width)
    assert abs(width - 612) < 1  # Letter: 8.5 in = 612 pt
    # The island numbers of the first board: the text lines between its caption and the next one.
    lines = first.splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith("1. First steps"))
    end = next(k for k, line in enumerate(lines) if line.startswith("2. "))
    digits = [int(d) for line in lines[start + 1:end] for d in line.split()]
    assert sorted(digits) == sorted(i.number for i in load_level(LEVELS[0]).islands)


def test_a_pdf_is_written_as_every_output_is_through_a_link_and_keeping_the_mode(tmp_path):
    """The PDF had a writer of its own: it replaced a symbolic link by a regular file and a file's
    mode by the umask's, where the SVG (and every other output) writes the link's target and keeps
    the mode -- one writer now, :func:`arcade.services.files.write_output`."""
    import os

    pytest.importorskip("fpdf")
    target = tmp_path / "kept.pdf"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    link = tmp_path / "sheet.pdf"
    link.symlink_to(target)
    assert main(["export", "hashi", LEVELS[0], "--pdf", str(link)]) == 0
    assert link.is_symlink() and target.read_bytes().startswith(b"%PDF")
    assert oct(target.stat().st_mode & 0o777) == oct(0o640)


def test_royale_sheets_show_the_par(tmp_path):
    out = tmp_path / "royale.svg"
    assert main(["export", "royale", "07-pocket-storm-9x9", "02-dead-end-11x11", "--svg", str(out)]) == 0
    pages = svg_pages(out.read_text())
    assert len(pages) == 2
    assert re.search(r"1\. .* · par \d+", pages[0])
    assert "Route 1." in pages[1] and "Battle Royale routes" in pages[1]


def test_export_errors_are_one_line(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert main(["export", "hashi", "no/such-level", "--svg", str(tmp_path / "x.svg")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("puzzle-arcade")
    assert main(["export", "hashi", "classic/01-first-steps", "--svg", str(blocker / "x.svg")]) == 74
    assert "cannot write" in capsys.readouterr().err
    assert main(["export", "hashi", "classic/01-first-steps"]) == 2  # --pdf or --svg is required


def test_the_export_examples_in_the_guide_name_levels_that_load():
    """``export hashi classic/01-first-steps medium/*.txt …`` failed: run from the project folder the
    shell glob matches nothing and "medium/*.txt" is no level. Each argument, globbed as a shell
    would from the project folder, must load."""
    import glob
    import shlex
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    examples = [line for line in (root / "docs" / "hashi.md").read_text().splitlines()
                if line.startswith("python -m arcade export hashi ")]
    assert examples
    for line in examples:
        words = shlex.split(line)[5:]
        for word in words[: next((i for i, w in enumerate(words) if w.startswith("--")), len(words))]:
            matches = sorted(glob.glob(word, root_dir=root)) if any(c in word for c in "*?[") else [word]
            assert matches, f"{word!r} matches nothing from the project folder"
            for ref in matches:
                load_level(str(root / ref) if (root / ref).is_file() else ref)


def test_export_says_a_board_it_could_not_decide_in_time_and_does_not_hang(tmp_path, capsys, monkeypatch):
    """A held-out board with no solution whose proof took 439 s held ``export hashi`` up as long.
    Past the solver's time limit the sheet is written, its solution page and stderr saying that
    no solution was found in time (not that there is none)."""
    from pathlib import Path

    from arcade.games.hashi import solver

    monkeypatch.setattr(solver, "DEFAULT_TIMEOUT", 0.5)
    board = Path(__file__).parent / "data" / "undecided-40x40-cylinder.txt"
    out = tmp_path / "sheet.svg"
    assert main(["export", "hashi", str(board), "--svg", str(out)]) == 0
    err = capsys.readouterr().err
    assert "no solution found within 0.5 s for undecided-40x40-cylinder" in err
    assert "no solution for" not in err
    assert "no solution found in time" in out.read_text()
