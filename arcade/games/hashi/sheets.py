"""Printable Hashi sheets (pure logic): puzzles laid out on pages, numbered, with solution pages at the end.

``export hashi LEVEL… --pdf OUT.pdf`` and the editor's "Print…" both come here. Small
boards go four to a page, middling ones two, big ones one; the solutions follow in the
same order and layout, found by the complete solver (a puzzle without one says so).
Drawing is vector (:mod:`arcade.services.sheets`).
"""

from __future__ import annotations

from pathlib import Path

from arcade.core.grid import size_name
from arcade.core.topology import Cell, Topology
from arcade.games.hashi import solver
from arcade.games.hashi.logic import Puzzle
from arcade.services import sheets
from arcade.services.sheets import Box, Circle, Page, Segment, Text

#: Boards per page by their larger side: up to 10 cells four, up to 18 two, else one.
PER_PAGE = ((10, 4), (18, 2))
WRAP_NOTE = {Topology.CYLINDER: "cylinder: the left and right edges are joined",
             Topology.TORUS: "torus: opposite edges are joined"}


def per_page(puzzle: Puzzle) -> int:
    """How many of boards like ``puzzle`` share a page (4, 2 or 1 by its larger side), so each stays
    big enough to solve on paper.
    """
    side = max(puzzle.rows, puzzle.cols)
    return next((n for limit, n in PER_PAGE if side <= limit), 1)


def caption(number: int, title: str, puzzle: Puzzle) -> str:
    """The heading above a board on a sheet: number, title (the puzzle's own, else ``title``), size,
    topology and difficulty if known, so a printed board can be found again.
    """
    parts = [size_name(puzzle.cols, puzzle.rows), puzzle.topology.value]
    difficulty = puzzle.meta_value("difficulty")
    if difficulty:
        parts.append(difficulty)
    name = puzzle.title or title
    return f"{number}. {name} — {' · '.join(parts)}" if name else f"{number}. {' · '.join(parts)}"


def draw_puzzle(page: Page, box: tuple[float, float, float, float], puzzle: Puzzle, heading: str,
                bridges: tuple[int, ...] | None = None, note: str = "") -> None:
    """One board in ``box`` (x, y, w, h in mm): heading, dotted grid, islands, and ``bridges`` if given."""
    x, y, w, h = box
    page.add(Text(x, y + 3, heading, 10, "start", bold=True))
    extra = WRAP_NOTE.get(puzzle.topology, "")
    lines_below = [t for t in (extra, note) if t]
    top = y + 8
    bottom_room = 5 * len(lines_below)
    cell = min(w / puzzle.cols, (h - 8 - bottom_room) / puzzle.rows)
    bw, bh = cell * puzzle.cols, cell * puzzle.rows
    left = x + (w - bw) / 2

    def centre(pos: Cell) -> tuple[float, float]:
        return left + (pos[1] + 0.5) * cell, top + (pos[0] + 0.5) * cell

    page.add(Box(left, top, bw, bh, 0.2, "#bbbbbb"))
    if puzzle.topology is not Topology.PLANE:
        page.add(Segment(left, top, left, top + bh, 0.8, "#777777"))
        page.add(Segment(left + bw, top, left + bw, top + bh, 0.8, "#777777"))
        if puzzle.topology is Topology.TORUS:
            page.add(Segment(left, top, left + bw, top, 0.8, "#777777"))
            page.add(Segment(left, top + bh, left + bw, top + bh, 0.8, "#777777"))
    dot = max(0.15, cell * 0.03)
    occupied = set(puzzle.island_at)
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            if (r, c) not in occupied:
                cx, cy = centre((r, c))
                page.add(Circle(cx, cy, dot, 0.05, "#cccccc"))
    if bridges is not None:
        half = cell / 2
        gap = cell * 0.1
        for line, count in zip(puzzle.lines, bridges):
            if not count:
                continue
            dx, dy = (1, 0) if line.horizontal else (0, 1)
            ends = [puzzle.islands[line.a].pos, puzzle.islands[line.b].pos]
            ax, ay = centre(ends[0])
            bx, by = centre(ends[1])
            pieces = [((ax, ay), (ax + dx * half, ay + dy * half))]
            for pos in line.cells:
                cx, cy = centre(pos)
                pieces.append(((cx - dx * half, cy - dy * half), (cx + dx * half, cy + dy * half)))
            pieces.append(((bx - dx * half, by - dy * half), (bx, by)))
            offsets = (0.0,) if count == 1 else (-gap, gap)
            for (x1, y1), (x2, y2) in pieces:
                for off in offsets:
                    ox, oy = (0.0, off) if line.horizontal else (off, 0.0)
                    page.add(Segment(x1 + ox, y1 + oy, x2 + ox, y2 + oy, max(0.25, cell * 0.04)))
    radius = cell * 0.38
    size = max(4.0, cell * 0.5 * 72 / 25.4)
    for island in puzzle.islands:
        cx, cy = centre(island.pos)
        page.add(Circle(cx, cy, radius, max(0.2, cell * 0.03)))
        page.add(Text(cx, cy, str(island.number), size, bold=True))
    below = top + bh + 4
    for text in lines_below:
        page.add(Text(x + w / 2, below, text, 7))
        below += 5


def solve_all(items: list[tuple[str, Puzzle]], seconds: float | None = None) -> list[list[tuple[int, ...]] | None]:
    """One solution per puzzle (an empty list: it has none; None: undecided after ``seconds``, by
    default the solver's DEFAULT_TIMEOUT, so a board whose proof of no solution takes minutes does
    not hold the export up)."""
    limit = solver.DEFAULT_TIMEOUT if seconds is None else seconds
    return [solver.solutions_within(p, 1, limit) for _, p in items]


def sheet_pages(items: list[tuple[str, Puzzle]], paper: str = "a4", title: str = "Hashi",
                solutions: bool = True, answers: list[list[tuple[int, ...]] | None] | None = None) -> list[Page]:
    """The puzzle pages, then (``solutions``) the solution pages, numbered "page N of M"."""
    width, height = sheets.paper_size(paper)
    puzzle_pages = _pages(items, width, height, None)
    solution_pages = _pages(items, width, height, answers or solve_all(items)) if solutions else []
    pages = [(page, f"{title} puzzles") for page in puzzle_pages] + [(page, f"{title} solutions")
                                                                      for page in solution_pages]
    for number, (page, heading) in enumerate(pages, 1):
        sheets.page_frame(page, heading, number, len(pages))
    return [page for page, _ in pages]


def _pages(items: list[tuple[str, Puzzle]], width: float, height: float,
           answers: list[list[tuple[int, ...]] | None] | None) -> list[Page]:
    pages: list[Page] = []
    for group in sheets.page_groups([per_page(puzzle) for _, puzzle in items]):
        count = per_page(items[group[0]][1])
        page = Page(width, height)
        boxes = sheets.slots(width, height, count, columns=1 if count == 2 else None)
        for index, box in zip(group, boxes):
            name, puzzle = items[index]
            heading = caption(index + 1, name, puzzle)
            if answers is None:
                draw_puzzle(page, box, puzzle, heading)
            else:
                found = answers[index]
                draw_puzzle(page, box, puzzle, f"Solution {heading}", found[0] if found else None,
                            "" if found else "this puzzle has no solution" if found is not None
                            else "no solution found in time (and no proof there is none)")
        pages.append(page)
    return pages


def write_sheets(items: list[tuple[str, Puzzle]], out: Path, paper: str = "a4", title: str = "Hashi",
                 solutions: bool = True, fmt: str = "",
                 answers: list[list[tuple[int, ...]] | None] | None = None) -> tuple[int, str]:
    """Write the sheets to ``out`` as ``fmt`` ("pdf"/"svg", default by suffix); returns (pages, the path)."""
    pages = sheet_pages(items, paper, title, solutions, answers)
    sheets.write(pages, out, fmt)
    return len(pages), str(out)
