"""Hashi's paused watch names the key of its Step button, as the keys table lists it."""

from __future__ import annotations

import pygame

from arcade.core.registry import Launch
from arcade.ui.overlays import PauseScene


def test_the_paused_watch_names_steps_key_and_the_pause_table_lists_it(app, driver):
    """It said "Paused — Step plays one step, Resume AI goes on": a hint chain's "." (a key only
    while a chain is shown) took "." in the keys table, so the watch's one-step row had no key
    there, and the status line, naming the table's keys, named none. It says "Step (.)", the
    pause screen lists "." for one step, and "." does step."""
    scene = app.launch("hashi", Launch())
    driver.frames(2)
    driver.key(pygame.K_w, unicode="w")
    scene.worker.wait(30)
    driver.frames(3)
    assert scene.watching
    driver.key(pygame.K_SPACE, unicode=" ")
    assert scene.watch_paused
    assert "Step (.) plays one step" in scene.status_text, scene.status_text
    before = scene.session.index
    driver.key(pygame.K_PERIOD, unicode=".")
    scene.worker.wait(30)
    driver.frames(3)
    assert scene.session.index == before + 1 and scene.watch_paused
    driver.key(pygame.K_ESCAPE)  # stops the watch
    driver.key(pygame.K_ESCAPE)  # the pause screen
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    assert (".", "while watching: one step") in pause.keys
