"""An island's number is never covered by a bridge or by what a hint, a chain walk or a drag draws
along a line: those stop at the island's circle (and short of its number where the number fills
the disc). The overlays went to 0.85 of the radius, so at 640x400 a 40x40 board's hint lines hid
most numbers, and a wrapped line's piece between an island and the board's edge, shorter than the
cut, turned round and ran back over its island.

The check is on pixels: each island painted alone is the reference; on the board, with every bridge
of the solution (doubles too) and a hint drawn on every line, its number's box must be the same."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from arcade.core.topology import Topology
from arcade.games.hashi import generator, hints
from arcade.games.hashi.controller import Highlight
from arcade.games.hashi.formats import read_puzzle
from arcade.games.hashi.logic import Puzzle, State
from arcade.games.hashi.view import effects
from arcade.games.hashi.view.painter import BoardPainter
from arcade.ui.theme import Theme

LEVELS = Path(__file__).resolve().parents[2] / "levels" / "hashi"


def covered_numbers(puzzle: Puzzle, size: tuple[int, int], overlay: str) -> list[int]:
    """The islands whose number's box differs from the island painted alone, on a board laid out as
    in a window of ``size`` with the solution's bridges and ``overlay`` drawn on every line."""
    pygame.init()
    theme = Theme()
    solution = hints.reference_solution(puzzle)
    assert solution is not None
    painter = BoardPainter(puzzle)
    painter.theme = theme
    painter.layout(pygame.Rect(12, 40, size[0] - 24, size[1] - 120))
    painter.update_keys(State(puzzle, tuple(solution)), show_possible=False)
    surface = pygame.Surface(size)
    surface.fill(theme["background"])
    painter.render(surface)
    lines = [i for i, n in enumerate(solution) if n]
    if overlay == "hint":  # a hint's bands, a wrong line's crosses, the claims a chain leans on
        highlight = Highlight(frozenset(), frozenset(lines[::2]), frozenset(lines[1::2]))
        effects.draw_highlight(surface, painter, theme, highlight, "hint", 1.0)
        for line in lines[1::3]:
            painter.dashes(surface, line, theme["hint"])
    elif overlay == "chain":  # what a chain's steps draw along their lines: bridges, or crosses for none
        for k, line in enumerate(lines):
            if k % 3:
                painter.bars(surface, line, solution[line], theme["hint"])
            else:
                painter.crosses(surface, line, theme["hint"])
    elif overlay == "drag":
        for line in lines:
            painter.bars(surface, line, solution[line], theme["accent"])
    covered = []
    for i, island in enumerate(puzzle.islands):
        cell = painter.display(island.pos)
        rect = painter.view.cell_rect(cell)
        if not painter.view.viewport.contains(rect):
            continue
        alone = pygame.Surface(size)
        alone.fill(theme["background"])
        alone.set_clip(rect)
        painter.paint(alone, cell, rect, painter.key_of(cell))
        box = painter.number_rect(rect, island.number).clip(rect)
        seen = pygame.surfarray.array3d(surface.subsurface(box)).astype(int)
        meant = pygame.surfarray.array3d(alone.subsurface(box)).astype(int)
        if (np.abs(seen - meant).sum(axis=2) > 24).any():
            covered.append(i)
    return covered


@pytest.mark.parametrize("overlay", ["none", "hint", "chain", "drag"])
@pytest.mark.parametrize("size", [(1280, 800), (640, 400)])
def test_no_bridge_or_hint_covers_a_number_on_big_boards(size, overlay):
    puzzle = read_puzzle(LEVELS / "hard" / "20-open-sea.txt")  # 219 islands: 8-pixel cells at 640x400
    assert covered_numbers(puzzle, size, overlay) == []


@pytest.mark.parametrize("overlay", ["hint", "chain", "drag"])
@pytest.mark.parametrize("topology", [Topology.TORUS, Topology.CYLINDER])
def test_no_bridge_or_hint_covers_a_number_on_wrapped_boards(topology, overlay):
    puzzle = generator.generate(30, 30, "hard", topology, seed=3).puzzle  # 7-pixel cells at 640x400
    assert covered_numbers(puzzle, (640, 400), overlay) == []


@pytest.mark.parametrize("size", [(1280, 800), (640, 400)])
def test_touching_islands_keep_their_numbers_clear(size):
    assert covered_numbers(read_puzzle(LEVELS / "classic" / "03-neighbours.txt"), size, "chain") == []
