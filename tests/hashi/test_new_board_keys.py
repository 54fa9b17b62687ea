"""Hashi's New board dialog with the keyboard only: every control reachable, as in Settings and Tron's setup."""

from __future__ import annotations

import pygame

from arcade.core.registry import Launch
from arcade.games.hashi.view import HashiScene
from arcade.games.hashi.view.new_puzzle import NewPuzzleScene


def open_dialog(app, driver, tmp_path) -> NewPuzzleScene:
    path = tmp_path / "level.txt"
    path.write_text("3...3\n.....\n2...2\n")
    scene = app.launch("hashi", Launch(level=str(path)))
    assert isinstance(scene, HashiScene)
    app.frame(1 / 60)
    driver.key(pygame.K_n)
    dialog = app.stack.top
    assert isinstance(dialog, NewPuzzleScene)
    return dialog


def test_tab_goes_past_the_rows_to_generate_and_cancel(app, driver, tmp_path):
    """Tab went round the seven rows only: Generate and Cancel were for the mouse (Enter and Esc
    ran them, but the buttons never showed the focus). Past Seed, Tab lights Generate, then Cancel,
    then the first row again; Enter on Cancel closes the dialog without generating."""
    dialog = open_dialog(app, driver, tmp_path)
    for _ in range(len(dialog.rows)):
        driver.key(pygame.K_TAB)
    assert dialog.focused_button() is dialog.generate_button
    driver.key(pygame.K_TAB)
    assert dialog.focused_button() is dialog.cancel_button
    driver.key(pygame.K_RETURN)
    assert app.stack.top is not dialog  # Cancel pressed: closed
    assert dialog.busy is None  # and nothing is being generated


def test_shift_tab_from_the_first_row_reaches_cancel_and_left_goes_to_generate(app, driver, tmp_path):
    """Shift+Tab from Width goes round to Cancel; ← moves to Generate beside it; Tab again to Width.
    Typing digits on a button stop does not change the seed (they are the seed row's only)."""
    dialog = open_dialog(app, driver, tmp_path)
    driver.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert dialog.focused_button() is dialog.cancel_button
    driver.key(pygame.K_LEFT)
    assert dialog.focused_button() is dialog.generate_button
    driver.key(pygame.K_7, unicode="7")
    assert dialog.seed_text == ""
    driver.key(pygame.K_TAB)  # Generate → Cancel
    driver.key(pygame.K_TAB)  # Cancel → Width, round
    assert dialog.focused_button() is None
    assert dialog.focus == 0
