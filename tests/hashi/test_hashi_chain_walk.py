"""A hint's chain is the player's to step: keys and the caption box's buttons step it back and on,
pausing it; Space or ▶ plays it again; a long chain plays faster per step. It used to change
every 2.6 s whatever the player did: 2.5 minutes a pass on a 56-step chain, no way back to a step."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.games.hashi import hints
from arcade.games.hashi.view import HashiScene, effects
from arcade.ui.widgets import DoubleClickGuard

SARGASSO = Path(__file__).resolve().parents[2] / "levels" / "hashi" / "hard" / "04-sargasso.txt"


def to_the_first_contradiction_hint(scene: HashiScene, driver) -> None:
    """Play the hints' moves up to the first contradiction, then ask for that hint with H: the
    chain a contradiction shows is what these tests step through."""
    driver.frames(2)
    for _ in range(200):
        h = hints.hint(scene.session.state)
        if h.rule == "Contradiction":
            break
        scene.play(h.move)
    driver.key(pygame.K_h)
    scene.worker.wait(30)
    driver.frame()



@pytest.fixture
def chain(app, driver, monkeypatch):
    """Sargasso at its first contradiction hint: the assumption, four forced steps, the clash."""
    monkeypatch.setattr(DoubleClickGuard, "SECONDS", -1.0)  # the test's clicks are a player's, seconds apart
    scene = app.launch("hashi", Launch(level=str(SARGASSO), new=True))
    assert isinstance(scene, HashiScene)
    to_the_first_contradiction_hint(scene, driver)
    assert scene.hint is not None and scene.hint.rule == "Contradiction"
    walk = scene.chain_walk()
    assert walk is not None and walk.count == 6 and walk.index == 0 and walk.playing
    return scene


def test_keys_step_the_chain_and_pause_it(chain, driver):
    walk = chain.chain_walk()
    driver.key(pygame.K_PERIOD, unicode=".")
    assert walk.index == 1 and not walk.playing
    driver.frames(3, dt=effects.STEP_SECONDS)  # paused: the step the player went to stays
    assert walk.index == 1
    driver.key(pygame.K_COMMA, unicode=",")
    assert walk.index == 0
    driver.key(pygame.K_END)
    assert walk.index == 5  # the clash
    driver.key(pygame.K_HOME)
    assert walk.index == 0  # the assumption
    assert chain.painter.shift == (0, 0)
    driver.key(pygame.K_SPACE, unicode=" ")
    assert walk.playing
    driver.frames(1, dt=effects.STEP_SECONDS + 0.1)
    assert walk.index == 1, "played on"
    assert not chain.session.state.locks, "Space locked an island instead of playing the chain"


def test_arrows_step_the_chain_only_while_the_cursor_is_hidden(chain, driver):
    walk = chain.chain_walk()
    assert not chain.cursor_visible
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_LEFT)
    assert walk.index == 1 and not chain.cursor_visible
    driver.key(pygame.K_DOWN)  # shows the cursor: from now on the arrows move it
    assert chain.cursor_visible
    before = chain.cursor
    driver.key(pygame.K_RIGHT)
    assert walk.index == 1 and chain.cursor != before


def test_the_caption_box_steps_with_the_mouse(chain, driver):
    walk = chain.chain_walk()
    box = chain.chain_box
    assert box.width, "no caption box at 1024x640"
    buttons = chain.chain_buttons
    assert all(box.contains(b.rect) for b in buttons.values())
    step = buttons["step"].rect.center
    for _ in range(4):  # the box stays where the player took over: ▶ is where it was clicked
        driver.click(step)
    assert walk.index == 4 and not walk.playing
    driver.click(buttons["back"].rect.center)
    driver.click(buttons["back"].rect.center)
    driver.click(buttons["back"].rect.center)
    assert walk.index == 1
    driver.click(buttons["end"].rect.center)
    assert walk.index == 5
    driver.click(buttons["start"].rect.center)
    assert walk.index == 0
    driver.click((box.x + 12, box.y + 10))  # on the words: steps on
    assert walk.index == 1 and not walk.playing
    driver.click(buttons["play"].rect.center)
    assert walk.playing
    driver.frames(1, dt=effects.STEP_SECONDS + 0.1)
    assert walk.index == 2
    assert not chain.session.moves or chain.session.index == len(chain.session.moves)  # nothing played
    index = chain.session.index
    driver.click((box.x + 12, box.y + 10))
    assert chain.session.index == index and chain.hint is not None, "a click on the box acted on the board"


def test_a_move_ends_the_walk_and_the_keys_go_back_to_the_board(chain, driver):
    chain.play(chain.hint.move)
    driver.frame()
    assert chain.chain_walk() is None and not chain.chain_box.width
    driver.key(pygame.K_RIGHT)
    assert chain.cursor_visible  # the arrow is the cursor's again


def test_the_keys_table_names_the_chain_keys_while_a_chain_is_shown(chain, driver):
    keys = dict(chain.help_lines())
    assert "step the hint's chain back / on" in keys[", / ."]
    assert "assumption" in keys["Home / End"]
    assert "chain" in keys["Space"]
    chain.play(chain.hint.move)
    driver.frame()
    keys = dict(chain.help_lines())
    assert ", / ." not in keys and "lock" in keys["Space / Enter"] and "rotated" in keys["Home"]


def test_a_long_chain_plays_faster_per_step_capped():
    assert effects.chain_seconds(6) == effects.chain_seconds(12) == effects.STEP_SECONDS
    assert effects.chain_seconds(20) < effects.STEP_SECONDS
    assert effects.chain_seconds(57) == effects.chain_seconds(500) == effects.FASTEST_STEP_SECONDS
    assert 57 * effects.chain_seconds(57) < 90  # hard/09-world-ocean's chain: 2.5 minutes a pass before


def test_a_part_too_long_for_a_narrow_margin_keeps_the_box_and_its_buttons(app, driver):
    """At 640x400 the clash of hard/09-world-ocean's 56-step chain fits no margin: there was no box,
    so a player on the mouse lost the buttons there. The box now says which part it is instead."""
    app.on_resize((640, 400))
    scene = app.launch("hashi", Launch(level=str(SARGASSO.with_name("09-world-ocean.txt")), new=True))
    to_the_first_contradiction_hint(scene, driver)
    walk = scene.chain_walk()
    assert walk is not None and walk.count > 50
    driver.key(pygame.K_END)
    driver.frame()
    box = scene.chain_box
    assert walk.index == walk.count - 1 and box.width, "no box at the clash"
    assert all(box.contains(b.rect) for b in scene.chain_buttons.values())
    driver.click(scene.chain_buttons["back"].rect.center)
    assert walk.index == walk.count - 2


def test_a_hint_on_two_contradictions_walks_both_chains_in_one_walk(app, driver):
    """``wrapped/01-round-the-bend``'s seventh hint rests on two contradictions; its words named both
    but the board walked only the second. Now one walk goes through both, in order: the count spans
    them, each chain's first part names it, and the board draws the chain the part is in."""
    scene = app.launch("hashi", Launch(level=str(SARGASSO.parents[1] / "wrapped" / "01-round-the-bend.txt"),
                                       new=True))
    driver.frames(2)
    for _ in range(6):
        scene.play(hints.hint(scene.session.state).move)
    driver.key(pygame.K_h)
    scene.worker.wait(30)
    driver.frame()
    walk = scene.chain_walk()
    assert walk is not None and walk.count == 12 + 7  # 11 steps and a clash, then 6 steps and a clash
    captions = [text for text, _ in effects.chain_captions(scene.painter, scene.chain_highlight())]
    assert captions[0].startswith("1/19 · Contradiction 1 of 2 — Suppose two bridges")
    assert captions[11].startswith("12/19 · ✗ So: ")
    assert captions[12].startswith("13/19 · Contradiction 2 of 2 — Suppose two bridges")
    assert captions[18].startswith("19/19 · ✗ So: ")
    shown = []
    for _ in range(walk.count):
        driver.frame()
        shown.append(scene.chain_box.width > 0)
        driver.key(pygame.K_PERIOD, unicode=".")
    assert walk.index == 0 and all(shown), "a part of either chain had no caption box"
    driver.key(pygame.K_END)
    assert walk.index == walk.count - 1
    summary = scene.chain_summary()
    assert summary is None or "Then, numbered on the board" not in summary


@pytest.mark.parametrize("size", [(800, 500), (640, 400)])
def test_a_two_contradiction_hint_keeps_the_status_line_short_and_every_part_readable(size):
    """At 800x500 ``wrapped/01-round-the-bend``'s seventh hint paged its whole explanation on the
    status line, 28 pages of two lines: the short words were used only when every caption fitted the
    margin. Now the status line takes at most three pages, and every part's words are read by
    stepping the walk -- in the box beside the board, or on the status line when no margin holds
    them; the move the hint proves is on the status line while the walk plays."""
    from arcade.games import REGISTRY
    from arcade.ui.app import App
    from tests.conftest import Driver

    app = App(REGISTRY, size=size, headless=True)
    driver = Driver(app)
    try:
        scene = app.launch("hashi", Launch(level=str(SARGASSO.parents[1] / "wrapped" / "01-round-the-bend.txt"),
                                           new=True))
        driver.frames(2)
        for _ in range(6):
            scene.play(hints.hint(scene.session.state).move)
        driver.frame(dt=30)  # the topology's toast has gone: the status line has its whole width
        driver.key(pygame.K_h)
        scene.worker.wait(30)
        driver.frame()

        def pages() -> int:
            return scene.status_pages(scene._status_cache[1]) if scene.status_cut else 1

        assert pages() <= 3
        assert "at least one bridge south to the 2 at row 5, column 5" in scene.status_line()[0]
        walk = scene.chain_walk()
        captions = [text for text, _ in effects.chain_captions(scene.painter, scene.chain_highlight())]
        driver.key(pygame.K_HOME)  # stepping: the walk pauses on each part
        for index, caption in enumerate(captions):
            driver.frame()
            assert walk.index == index and pages() <= 3, (index, pages())
            boxed = scene.chain_box.width and scene.chain_part_unboxed() is None
            assert boxed or scene.status_line()[0] == caption, f"part {index + 1}'s words are nowhere"
            driver.key(pygame.K_PERIOD, unicode=".")
    finally:
        app.close()
        pygame.display.quit()


def test_h_again_names_the_move_played_not_the_whole_chain(chain, driver):
    """Playing a contradiction hint (H again) said "Played the hint:" and then its whole chain again,
    pages of it, burying which bridge was just built. It now names the move; a short reason (a
    single rule) is still said beside it."""
    reason = chain.hint.reason
    assert len(reason) > 240
    moves = len(chain.session.moves)
    driver.key(pygame.K_h)
    driver.frame()
    assert len(chain.session.moves) == moves + 1
    text = chain.status_text
    assert text.startswith("Played the hint: ") and reason not in text and len(text) < 240, text
    assert "row" in text and "column" in text, text  # the bridge, in the game's words
    # A one-rule hint keeps its reason beside the move.
    short = hints.hint(chain.session.state)
    assert short is not None and short.move is not None and len(short.reason) <= 240
    driver.key(pygame.K_h)
    chain.worker.wait(30)
    driver.frame()
    assert chain.hint is not None and chain.hint.reason == short.reason
    driver.key(pygame.K_h)
    driver.frame()
    assert chain.status_text.startswith("Played the hint: ") and short.reason in chain.status_text
