"""Printable Battle Royale sheets (pure logic): grids with their par, numbered, with the optimal routes after.

``export royale GRID… --pdf OUT.pdf``: each grid shows its loot, the centre and the
par (the most loot a route can collect, from the level's ``# par:`` line or the exact
solver); the solution pages draw one optimal route from its start (a circle) to the
centre. Drawing is vector (:mod:`arcade.services.sheets`).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

from arcade.core.grid import size_name
from arcade.games.royale.logic import Level
from arcade.services import sheets
from arcade.services.sheets import Box, Circle, Page, Segment, Text

#: Grids per page by their larger side: up to 15 cells four, up to 31 two, else one.
PER_PAGE = ((15, 4), (31, 2))
#: Longest the exact solver may think about one grid's par before printing the best found.
SOLVE_SECONDS = 20.0


def per_page(level: Level) -> int:
    """How many grids like ``level`` share a page (4, 2 or 1 by its larger side), so cells stay big
    enough to draw a route in by hand.
    """
    side = max(level.rows, level.cols)
    return next((n for limit, n in PER_PAGE if side <= limit), 1)


def best_route(level: Level, seconds: float = SOLVE_SECONDS) -> tuple[str, list[tuple[int, int]] | None]:
    """(par text, the route's cells): from the exact solver, cut short after ``seconds`` ("≥ N")."""
    from arcade.games.royale.solver import solve_level

    route = solve_level(level, deadline=time.monotonic() + seconds)
    if route is None:
        return "no route reaches the centre", None
    return (str(route.loot) if route.exact else f"≥ {route.loot}"), route.cells


def draw_grid(page: Page, box: tuple[float, float, float, float], level: Level, heading: str,
              route: list[tuple[int, int]] | None = None) -> None:
    """Draw ``level`` into ``box`` (x, y, w, h in mm) under ``heading``: grid, centre and loot, and
    ``route`` (0-based (row, column) cells from the start) on the solution pages.
    """
    x, y, w, h = box
    page.add(Text(x, y + 3, heading, 10, "start", bold=True))
    top = y + 8
    cell = min(w / level.cols, (h - 8) / level.rows)
    left = x + (w - cell * level.cols) / 2
    for r in range(level.rows + 1):
        page.add(Segment(left, top + r * cell, left + cell * level.cols, top + r * cell, 0.1, "#bbbbbb"))
    for c in range(level.cols + 1):
        page.add(Segment(left + c * cell, top, left + c * cell, top + cell * level.rows, 0.1, "#bbbbbb"))
    cr, cc = level.centre
    page.add(Box(left + cc * cell, top + cr * cell, cell, cell, 0.4, "#000000", "#dddddd"))
    for r, row in enumerate(level.loot):
        for c, loot in enumerate(row):
            if loot:
                page.add(Circle(left + (c + 0.5) * cell, top + (r + 0.5) * cell, cell * 0.22, 0.1, "#555555"))
    if route:
        points = [(left + (c + 0.5) * cell, top + (r + 0.5) * cell) for r, c in route]
        for (x1, y1), (x2, y2) in itertools.pairwise(points):
            page.add(Segment(x1, y1, x2, y2, max(0.3, cell * 0.12), "#000000"))
        page.add(Circle(points[0][0], points[0][1], cell * 0.35, max(0.3, cell * 0.08)))


def sheet_pages(items: list[tuple[str, Level, str, list[tuple[int, int]] | None]], paper: str = "a4",
                title: str = "Battle Royale", solutions: bool = True) -> list[Page]:
    """Grid pages (each captioned with its par), then the route pages; numbered "page N of M"."""
    width, height = sheets.paper_size(paper)
    pages: list[tuple[Page, str]] = []
    for with_routes in (False, True) if solutions else (False,):
        for group in sheets.page_groups([per_page(level) for _, level, _, _ in items]):
            count = per_page(items[group[0]][1])
            page = Page(width, height)
            for index, box in zip(group, sheets.slots(width, height, count, columns=1 if count == 2 else None)):
                name, level, par, route = items[index]
                heading = f"{index + 1}. {_title(level) or name} — {size_name(level.cols, level.rows)} · par {par}"
                if with_routes:
                    draw_grid(page, box, level, f"Route {heading}", route)
                else:
                    draw_grid(page, box, level, heading)
            pages.append((page, f"{title} {'routes' if with_routes else 'grids'}"))
    for number, (page, heading) in enumerate(pages, 1):
        sheets.page_frame(page, heading, number, len(pages))
    return [page for page, _ in pages]


def _title(level: Level) -> str:
    return next((v for k, v in level.meta if k == "title"), "")


def configure_export(parser: argparse.ArgumentParser) -> None:
    """``royale export``'s options: the grids, the shared sheet options and ``--no-solutions``."""
    parser.add_argument("grids", nargs="+", metavar="GRID", help="level files or bundled level ids")
    sheets.configure_options(parser, "Battle Royale")
    parser.add_argument("--no-solutions", action="store_true", help="leave out the route pages")


def run_export(args: argparse.Namespace) -> int:
    """``export royale GRID… --pdf OUT.pdf``: the grids with their par, then one optimal route each."""
    from arcade.games.royale.cli import read_grid
    from arcade.services.files import check_output_file, summary_stream, where_words
    from arcade.services.resources import check_stdin_once

    out = args.pdf or args.svg
    check_output_file(out, args.grids)  # an output that cannot be written fails before any solving (exit 74)
    check_stdin_once(args.grids)
    items = []
    for ref in args.grids:
        level = read_grid(ref)
        par, route = best_route(level)
        items.append((Path(ref).stem, level, par, route))
    pages = sheet_pages(items, args.paper, args.title or "Battle Royale", not args.no_solutions)
    sheets.write(pages, out, "pdf" if args.pdf else "svg")
    print(f"wrote {len(pages)} page{'s' if len(pages) != 1 else ''} ({len(items)} grid"
          f"{'s' if len(items) != 1 else ''}) to {where_words(out)}", file=summary_stream(out))
    stranded = [name for name, _, _, route in items if route is None]
    if stranded:  # written all the same, but never silently
        print(f"warning: no route reaches the centre on {', '.join(stranded)}", file=sys.stderr)
    return 0
