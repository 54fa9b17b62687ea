"""An island's number is never covered by a bridge or by what a hint, a chain walk or a drag draws
along a line: those stop at the island's circle (and short of its number where the number fills
the disc). The overlays went to 0.85 of the radius, so at 640x400 a 40x40 board's hint lines hid
most numbers, and a wrapped line's piece between an island and the board's edge, shorter than the
cut, turned round and ran back over its island. A chain walk's numbered step badges sat on a
neighbouring island's number where islands touch or stand a cell apart; the "bridges still needed" discs
keep clear of every number too, not only their own island's.

The check is on pixels: each island painted alone is the reference; on the board, with every bridge
of the solution (doubles too) and a hint drawn on every line, its number's box must be the same."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from arcade.core.registry import Launch
from arcade.core.topology import Topology
from arcade.games.hashi import generator, hints
from arcade.games.hashi.controller import ChainConflict, ChainStep, Highlight
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


def laid_out(puzzle: Puzzle, size: tuple[int, int]) -> BoardPainter:
    """A painter of ``puzzle`` laid out as in a window of ``size``, with no bridges."""
    pygame.init()
    painter = BoardPainter(puzzle)
    painter.theme = Theme()
    painter.layout(pygame.Rect(12, 40, size[0] - 24, size[1] - 120))
    painter.update_keys(State(puzzle, tuple([0] * len(puzzle.lines))), show_possible=False)
    return painter


def badges_over_numbers(painter: BoardPainter, size: tuple[int, int], highlight: Highlight, parts: int) -> list[int]:
    """The islands whose number's box changes when a chain's walk (each of its first ``parts`` parts
    in turn the current one, its badge drawn larger) is drawn over the board as ``painter`` has it."""
    theme = painter.theme
    assert theme is not None
    puzzle = painter.puzzle
    board = pygame.Surface(size)
    board.fill(theme["background"])
    painter.view.invalidate(background=True)
    painter.render(board)
    boxes = [(i, painter.number_rect(painter.view.cell_rect(painter.display(island.pos)), island.number))
             for i, island in enumerate(puzzle.islands)
             if painter.view.viewport.contains(painter.view.cell_rect(painter.display(island.pos)))]
    covered: set[int] = set()
    for current in range(parts):
        surface = board.copy()
        effects.draw_chain(surface, painter, theme, highlight, current)
        for i, box in boxes:
            seen = pygame.surfarray.array3d(surface.subsurface(box)).astype(int)
            meant = pygame.surfarray.array3d(board.subsurface(box)).astype(int)
            if (np.abs(seen - meant).sum(axis=2) > 24).any():
                covered.add(i)
    return sorted(covered)


def every_line_stepped(puzzle: Puzzle) -> Highlight:
    """A chain with a step on every line of ``puzzle`` (two-digit badges past the ninth) and a clash on
    its first line, drawn as "none" (crosses stop short of the numbers; no brackets)."""
    steps = tuple(ChainStep(k, line, -1, (0, 0), "") for k, line in enumerate(range(len(puzzle.lines)), 1))
    return Highlight(steps=steps, conflict=ChainConflict((), (0,), "clash"))


@pytest.mark.parametrize("size", [(1280, 800), (800, 500), (640, 400)])
@pytest.mark.parametrize("level", ["classic/03-neighbours.txt", "wrapped/01-round-the-bend.txt",
                                   "hard/20-open-sea.txt"])
def test_step_badges_never_cover_a_number(level, size):
    """A chain walk's numbered badges sat on a neighbouring island's number where islands touch or
    stand a cell apart: now each goes where it is clear, smaller, or not at all."""
    puzzle = read_puzzle(LEVELS / level)
    assert badges_over_numbers(laid_out(puzzle, size), size, every_line_stepped(puzzle), 2) == []


def test_step_badges_clear_on_a_40x40_board_at_640x400():
    puzzle = read_puzzle(Path(__file__).parent / "data" / "undecided-40x40-cylinder.txt")
    assert badges_over_numbers(laid_out(puzzle, (640, 400)), (640, 400), every_line_stepped(puzzle), 1) == []


@pytest.mark.parametrize("size", [(1024, 640), (800, 500), (640, 400)])
def test_the_two_contradiction_hints_badges_leave_every_number_clear(size):
    """``wrapped/01-round-the-bend``'s seventh hint in the game's window: every part of both chains'
    walk, with the bridges, bands and brackets it draws."""
    from arcade.games import REGISTRY
    from arcade.ui.app import App

    app = App(REGISTRY, size=size, headless=True)
    try:
        scene = app.launch("hashi", Launch(level=str(LEVELS / "wrapped" / "01-round-the-bend.txt"), new=True))
        app.frame(1 / 60)
        for _ in range(6):
            scene.play(hints.hint(scene.session.state).move)
        scene.show_hint(hints.hint(scene.session.state))
        app.frame(1 / 60)
        highlight = scene.chain_highlight()
        assert highlight is not None and len(highlight.chains()) == 2
        assert badges_over_numbers(scene.painter, size, highlight, effects.chain_parts(highlight)) == []
    finally:
        app.close()
        pygame.display.quit()


def cues_over_numbers(puzzle: Puzzle, size: tuple[int, int], zoom: float = 1.0) -> tuple[list[int], int]:
    """The islands whose number's box changes when the "bridges still needed" discs are drawn over a
    board of ``puzzle`` laid out as in a window of ``size`` (zoomed ``zoom`` times), a bridge on every
    third line so that most islands have a disc; and how many discs there were."""
    painter = laid_out(puzzle, size)
    theme = painter.theme
    assert theme is not None
    if zoom != 1.0:
        painter.view.set_zoom(zoom)
    some = tuple(int(k % 3 == 0) for k in range(len(puzzle.lines)))  # a bridge on every third line
    painter.update_keys(State(puzzle, some), show_possible=False)
    board = pygame.Surface(size)
    board.fill(theme["background"])
    painter.view.invalidate(background=True)
    painter.render(board)
    surface = board.copy()
    painter.draw_cues(surface)
    discs, covered = 0, []
    for i, island in enumerate(puzzle.islands):
        cell = painter.display(island.pos)
        rect = painter.view.cell_rect(cell)
        if not painter.view.viewport.contains(rect):
            continue
        key = painter.key_of(cell)
        discs += bool(isinstance(key, tuple) and key[5] and painter.cue_rect(rect, island.number, str(key[5])))
        box = painter.number_rect(rect, island.number).clip(painter.view.viewport)
        seen = pygame.surfarray.array3d(surface.subsurface(box)).astype(int)
        meant = pygame.surfarray.array3d(board.subsurface(box)).astype(int)
        if (np.abs(seen - meant).sum(axis=2) > 24).any():
            covered.append(i)
    return covered, discs


@pytest.mark.parametrize(("level", "size", "zoom"), [
    ("classic/03-neighbours.txt", (1280, 800), 1.0), ("classic/03-neighbours.txt", (640, 400), 2.0),
    ("hard/20-open-sea.txt", (640, 400), 5.0)])
def test_bridges_needed_discs_never_cover_a_number(level, size, zoom):
    """The "bridges still needed" disc kept clear of its own island's number only, and sat on a
    neighbour's where islands touch or stand a cell apart: it now keeps clear of every number."""
    covered, discs = cues_over_numbers(read_puzzle(LEVELS / level), size, zoom)
    assert discs, "no disc drawn: the test checks nothing"
    assert covered == []


def test_bridges_needed_discs_clear_on_a_40x40_board_at_640x400_zoomed_in():
    puzzle = read_puzzle(Path(__file__).parent / "data" / "undecided-40x40-cylinder.txt")
    covered, discs = cues_over_numbers(puzzle, (640, 400), 6.0)
    assert discs and covered == []
