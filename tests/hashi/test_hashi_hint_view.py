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


def test_a_chain_plays_its_steps_then_holds_on_the_contradiction():
    """The walk of a short chain: a step each STEP_SECONDS, two on the contradiction, then again."""
    from arcade.ui.stepper import SteppedWalk

    seconds = effects.chain_seconds(3)
    walk = SteppedWalk(3, seconds)
    seen = [walk.index]
    for _ in range(4):
        walk.update(seconds + 0.01)
        seen.append(walk.index)
    assert seconds == effects.STEP_SECONDS and seen == [0, 1, 2, 2, 0]


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


SARGASSO = LEVEL.parents[1] / "hard" / "04-sargasso.txt"


def _to_first_contradiction(scene: HashiScene) -> None:
    """Play the hints' own moves until the next hint is a contradiction step."""
    for _ in range(200):
        h = hints.hint(scene.session.state)
        assert h is not None and h.move is not None
        if h.rule == "Contradiction":
            return
        scene.play(h.move)
    raise AssertionError("no contradiction hint came")


def test_a_contradiction_hint_walks_its_chain_on_the_board(app, driver):
    """The hint used to name a far-away island ("..., the 1 at row 5, column 3 could no longer get
    enough bridges") and show nothing between: now the board shows the assumption ("?"), then each
    forced line numbered in turn, captioned, then the island that breaks."""
    scene = app.launch("hashi", Launch(level=str(SARGASSO), new=True))
    assert isinstance(scene, HashiScene)
    driver.frames(2)
    _to_first_contradiction(scene)
    driver.key(pygame.K_h)
    scene.worker.wait(10)
    driver.frame()
    assert scene.hint is not None and scene.hint.rule == "Contradiction"
    shown = scene._hint_highlight()
    assert [s.number for s in shown.steps] == [0, 1, 2, 3, 4] and shown.conflict is not None
    assert shown.steps[0].text.startswith("Suppose one bridge on the line from the 4 at row 1, column 3 east")
    captions = [text for text, _ in effects.chain_captions(scene.painter, shown)]
    assert captions[0] == shown.steps[0].text  # the assumption is captioned as such, not "Step 0 of 4"
    assert captions[1].startswith("Step 1 of 4 — Pigeonhole: the 4 at row 1, column 3 needs 4")
    assert captions[-1] == ("✗ So: The 3 at row 5, column 6 would get more bridges than its number — impossible, "
                            "so at least two bridges on the line from the 4 at row 1, column 3 east to the 4 at row 1, "
                            "column 6.")
    # The box beside the board captions every step: the status line does not list them a second time.
    status = scene.status_line()[0]
    assert "Suppose one bridge on the line from the 4 at row 1, column 3" in status
    assert "The box beside the board walks its 4 forced steps one by one. In the end the 3 at row 5, column 6" \
        in status and "1. Pigeonhole" not in status
    theme, painter = app.theme, scene.painter
    cell = painter.view.cell
    first = shown.steps[1]
    (x, y), horizontal = painter.line_midpoint(first.line)
    away = cell * 0.42
    centre = (x, y - away) if horizontal else (x + away, y)
    # Inside step 1's diamond, off its number: faint while the assumption is current, then the hint's colour.
    inside = (round(centre[0] + cell * 0.21 * 0.6), round(centre[1])) if horizontal else \
        (round(centre[0] + cell * 0.26 * 0.7), round(centre[1]))
    faint = tuple(app.screen.get_at(inside))[:3]
    assert faint != theme["hint"]
    driver.frames(round(effects.STEP_SECONDS * 60) + 5)
    assert tuple(app.screen.get_at(inside))[:3] == theme["hint"]
