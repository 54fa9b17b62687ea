"""The Hashi editor's board drawing (view): grid, rulers, islands, the verdict's marks, the cursor.

:class:`EditorDrawingMixin` is part of :class:`~arcade.games.hashi.view.editor.EditorScene`. The
editor draws its board plainly each frame (no cell cache: a board being edited is small work),
marking what the verdict found -- a contradiction's islands and lines in red (and the edit its
words lead with ringed in the edit colour), where two
solutions differ, the fix's cells -- and the island a drag carries. Its line and centre drawing
also draws the side panel's solution pictures (:mod:`~arcade.games.hashi.view.verdict_panel`).
It is separate because drawing reads as one subject, apart from input and files.
"""

from __future__ import annotations

from typing import Any

import pygame

from arcade.core.topology import Cell, Topology
from arcade.games.hashi.editing import Draft
from arcade.games.hashi.logic import Puzzle
from arcade.games.hashi.verdict import Fix, Verdict
from arcade.ui.gridview import ruler_font_size, ruler_labels
from arcade.ui.text import draw_text


class EditorDrawingMixin:
    """The board drawing of :class:`~arcade.games.hashi.view.editor.EditorScene` (see the module)."""

    app: Any
    draft: Draft
    verdict: Verdict | None
    verdict_puzzle: Puzzle | None
    fix: Fix | None
    hover: Cell | None
    cursor: Cell
    dragging: Cell | None
    board_rect: pygame.Rect
    label_band: int
    cell: int

    # -- drawing -------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        d = self.draft
        puzzle = self.verdict_puzzle
        shown = self.verdict
        highlight_islands: set[Cell] = set()
        highlight_lines: set[int] = set()
        edited: set[Cell] = set()
        if shown is not None and puzzle is not None and shown.kind == "none":
            islands = puzzle.islands
            highlight_islands = {islands[i].pos for i in shown.islands if i < len(islands)}
            edited = {islands[i].pos for i in shown.edited if i < len(islands)}
            highlight_lines = {i for i in shown.lines if i < len(puzzle.lines)}
        fix_cells = set(self.fix.cells) if self.fix is not None else set()
        self._draw_grid(surface, theme, self.board_rect, self.cell, d)
        if self.label_band:
            size, dim = ruler_font_size(self.cell, theme.scale), theme["text_dim"]
            band = self.label_band
            top, left = self.board_rect.top - band // 2, self.board_rect.left - band // 2
            columns = [(c, self.cell_centre((0, c))[0]) for c in range(d.cols)]
            rows = [(r, self.cell_centre((r, 0))[1]) for r in range(d.rows)]
            for text, centre in ruler_labels(columns, rows, self.cell, top, left):
                draw_text(surface, theme, text, centre, size=size, colour=dim, anchor="center", fixed=True)
        if puzzle is not None and highlight_lines:
            for index in highlight_lines:
                self._draw_line(surface, theme["error"], self.board_rect, self.cell, puzzle, index, 1, d)
        if shown is not None and puzzle is not None and shown.kind == "many" and Draft.of(puzzle) == d:
            for index in shown.differ:  # where the two solutions disagree, on the board itself
                self._draw_line(surface, theme["warning"], self.board_rect, self.cell, puzzle, index, 1, d, 1)
        for cell, n in d.numbers:
            role = "error" if cell in highlight_islands else "highlight" if cell in fix_cells else ""
            self._draw_island(surface, theme, self.board_rect, self.cell, cell, n, role)
        for cell in edited & set(dict(d.numbers)):
            # The edit the "no solution" words lead with: a ring outside the island, in the edit
            # colour, so both ends of the explanation are marked (only the contradiction's were).
            centre = self._centre(self.board_rect, self.cell, cell)
            ring = max(3, self.cell * 2 // 5) + max(3, self.cell // 10)
            pygame.draw.circle(surface, theme["highlight"], centre, ring, max(2, self.cell // 16))
        carried, over = self.dragging, self.hover
        if carried is not None and over is not None and over != carried and not d.number_at(over):
            # The island a drag carries, where a release would put it.
            self._draw_island(surface, theme, self.board_rect, self.cell, over, d.number_at(carried),
                              "highlight")
        for cell in fix_cells - set(dict(d.numbers)):
            centre = self._centre(self.board_rect, self.cell, cell)
            pygame.draw.circle(surface, theme["highlight"], centre, max(3, self.cell * 2 // 5), 2)
        target = self.hover or self.cursor
        if self.board_rect.width:
            rect = pygame.Rect(self.board_rect.x + target[1] * self.cell, self.board_rect.y + target[0] * self.cell,
                               self.cell, self.cell)
            pygame.draw.rect(surface, theme["accent"], rect, 2)
        self._draw_panel(surface, theme, puzzle, shown)

    @staticmethod
    def _centre(rect: pygame.Rect, cell: int, pos: Cell) -> tuple[int, int]:
        return (rect.x + pos[1] * cell + cell // 2, rect.y + pos[0] * cell + cell // 2)

    def _draw_grid(self, surface: pygame.Surface, theme: Any, rect: pygame.Rect, cell: int, d: Draft) -> None:
        pygame.draw.rect(surface, theme["panel"], rect)
        for r in range(d.rows + 1):
            y = rect.y + r * cell
            pygame.draw.line(surface, theme["grid_faint"], (rect.x, y), (rect.right, y))
        for c in range(d.cols + 1):
            x = rect.x + c * cell
            pygame.draw.line(surface, theme["grid_faint"], (x, rect.y), (x, rect.bottom))
        if d.topology is not Topology.PLANE:
            seam = theme["accent"]
            pygame.draw.line(surface, seam, rect.topleft, rect.bottomleft, 2)
            pygame.draw.line(surface, seam, (rect.right - 1, rect.y), (rect.right - 1, rect.bottom), 2)
            if d.topology is Topology.TORUS:
                pygame.draw.line(surface, seam, rect.topleft, (rect.right, rect.y), 2)
                pygame.draw.line(surface, seam, (rect.x, rect.bottom - 1), (rect.right, rect.bottom - 1), 2)

    def _draw_island(self, surface: pygame.Surface, theme: Any, rect: pygame.Rect, cell: int, pos: Cell,
                     n: int, role: str) -> None:
        centre = self._centre(rect, cell, pos)
        radius = max(3, cell * 2 // 5)
        pygame.draw.circle(surface, theme["panel_light"], centre, radius)
        pygame.draw.circle(surface, theme[role] if role else theme["text_dim"], centre, radius, 3 if role else 1)
        if cell >= 12:
            draw_text(surface, theme, str(n), centre, size=max(10, int(cell * 0.5)), bold=True, anchor="center",
                      fixed=True, colour=theme[role] if role else theme["text"])

    def _draw_line(self, surface: pygame.Surface, colour: Any, rect: pygame.Rect, cell: int, puzzle: Puzzle,
                   index: int, count: int, d: Draft, width: int = 2) -> None:
        """A line's bridges, drawn cell by cell so lines round the edge of a wrapped board show too."""
        line = puzzle.lines[index]
        a, b = puzzle.islands[line.a].pos, puzzle.islands[line.b].pos
        dr, dc = (0, 1) if line.horizontal else (1, 0)
        half = cell // 2
        pieces = []
        ca = self._centre(rect, cell, a)
        pieces.append((ca, (ca[0] + dc * half, ca[1] + dr * half)))
        for pos in line.cells:
            c = self._centre(rect, cell, pos)
            pieces.append(((c[0] - dc * half, c[1] - dr * half), (c[0] + dc * half, c[1] + dr * half)))
        cb = self._centre(rect, cell, b)
        pieces.append(((cb[0] - dc * half, cb[1] - dr * half), cb))
        gap = max(2, cell // 8)
        offsets = [0] if count == 1 else [-gap, gap]
        for start, end in pieces:
            for off in offsets:
                ox, oy = (0, off) if line.horizontal else (off, 0)
                pygame.draw.line(surface, colour, (start[0] + ox, start[1] + oy), (end[0] + ox, end[1] + oy), width)
