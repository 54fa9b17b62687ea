"""The wrong-bridge hint on screen: the chain's steps drawn one after another in the hint's own colour and shapes."""

from __future__ import annotations

from pathlib import Path

import pygame

from arcade.core.registry import Launch
from arcade.games.hashi import hints
from arcade.games.hashi.controller import ChainConflict, ChainStep, read_highlight
from arcade.games.hashi.formats import read_puzzle
from arcade.games.hashi.logic import State
from arcade.games.hashi.view import HashiScene, effects

LEVEL = Path(__file__).resolve().parents[2] / "levels" / "hashi" / "classic" / "01-first-steps.txt"


def test_the_chain_survives_the_trip_through_the_highlight():
    p = read_puzzle(LEVEL)
    bridges = [0] * len(p.lines)
    bridges[p.line_from(p.island_at[(2, 0)], "E")] = 2
    h = hints.hint(State(p, tuple(bridges)))
    found = read_highlight(p, h.highlight)
    assert [s.number for s in found.steps] == [1, 2]
    assert all(isinstance(s, ChainStep) and "row" in s.text for s in found.steps)
    assert isinstance(found.conflict, ChainConflict) and len(found.conflict.islands) == 2
    # Malformed entries are skipped, not fatal.
    assert read_highlight(p, (("step", (1, 999, 0, (0, 0), "x")), ("conflict", ((99,), (), "x")), ("step", 3))) \
        == read_highlight(p, ())


def test_chain_phases_play_the_steps_then_hold_on_the_contradiction():
    seconds = effects.STEP_SECONDS
    assert [effects.chain_phase(2, t * seconds + 0.1) for t in range(5)] == [0, 1, 2, 2, 0]
    assert effects.chain_phase(0, 0.0) == 0


def test_the_wrong_bridge_hint_draws_its_numbered_steps(app, driver):
    scene = app.launch("hashi", Launch(level=str(LEVEL), new=True))
    assert isinstance(scene, HashiScene)
    driver.frames(2)
    scene.play("set 2 0 E 2")
    driver.key(pygame.K_h)
    scene.worker.wait(10)
    driver.frame()
    assert scene.hint is not None and scene.hint.kind == "error"
    assert "the 2 at row 1, column 1 and the 2 at row 1, column 3 would form a finished group" in scene.status_text
    theme, painter = app.theme, scene.painter
    p = scene.puzzle
    first = p.line_from(p.island_at[(0, 0)], "S")  # step 1: no bridge north of the left 2
    second = p.line_from(p.island_at[(0, 0)], "E")  # step 2: two bridges between the corner pair
    cell = painter.view.cell
    (x, y), _ = painter.line_midpoint(first)
    # A vertical line's diamond sits right of it; look inside the diamond, beside its number.
    badge = (round(x + cell * 0.42 + cell * 0.26 * 0.7), round(y))
    assert tuple(app.screen.get_at(badge))[:3] == theme["hint"]
    # Step 2 (its diamond above the horizontal line) is faint until its turn comes, then in the hint's colour.
    (x, y), _ = painter.line_midpoint(second)
    inside = (round(x + cell * 0.21 * 0.6), round(y - cell * 0.42))
    faint = tuple(app.screen.get_at(inside))[:3]
    driver.frames(round(effects.STEP_SECONDS * 60) + 5)
    assert tuple(app.screen.get_at(inside))[:3] == theme["hint"] != faint


def test_a_caption_beside_the_board_leaves_the_row_numbers_readable():
    """On the left of the board the caption box covered the row numbers ("finished1")."""
    from arcade.games.hashi.view.painter import BoardPainter
    from arcade.ui.theme import Theme

    pygame.font.init()
    theme = Theme()
    painter = BoardPainter(read_puzzle(LEVEL))
    painter.theme = theme
    screen = pygame.Rect(0, 0, 1280, 800)
    for area in (pygame.Rect(0, 60, 1280, 640), pygame.Rect(300, 60, 700, 640), pygame.Rect(0, 60, 900, 640)):
        painter.layout(area)
        board = painter.view.board_rect
        for anchor in ((board.left, board.top + 10), (board.centerx, board.centery), (board.right, board.bottom)):
            placed = effects.caption_box(painter, theme, screen, "Step 1 of 2 — " + "a long reason " * 8, anchor)
            if placed is None:
                continue  # no margin holds it: no box at all (the status line's pages hold the words)
            box, _lines = placed
            for text, centre in painter.coordinate_labels():
                label = pygame.Rect(0, 0, 10 * len(text), 14)
                label.center = centre
                assert not box.colliderect(label), (area, anchor, text, centre, box)
