"""The keyboard's focus, one look everywhere, and arrow keys over a panel's wrapped buttons.

The focus showed as a yellow ring on toolbars, How to play and Tron's setup, but as the toggled
state's blue fill on the pause, result and Game ID panels' buttons and on Settings' Back: a player
had two looks to learn for "this has the focus". These tests read the screen: a focused button has
the ring (highlight-coloured pixels just outside its edges), the others do not.
"""

from __future__ import annotations

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.games import REGISTRY
from arcade.ui.app import App
from arcade.ui.overlays import PanelScene, PauseScene, ResultScene
from arcade.ui.widgets import Button


def ringed(app: App, button: Button) -> bool:
    """Whether the focus ring is drawn round ``button``: the highlight colour just above and just
    below the middle of its edges (clear of the button, where nothing else of a button is drawn)."""
    app.redraw = True
    app.frame(1 / 60)
    px, colour = app.theme.px, app.theme["highlight"]
    rect = button.rect
    above = app.screen.get_at((rect.centerx, rect.top - px(3)))[:3]
    below = app.screen.get_at((rect.centerx, rect.bottom + px(3) - 1))[:3]
    return above == colour and below == colour


def only_ringed(app: App, buttons: list[Button], focused: Button) -> None:
    assert ringed(app, focused), focused.label
    for other in buttons:
        if other is not focused:
            assert not ringed(app, other), other.label
    assert not focused.toggled, "the focus is the ring, not the toggled state's fill"


def test_a_panels_focused_button_has_the_toolbars_ring(app, driver):
    """A panel focuses its first button, then → the next: each ringed as a toolbar's focus is."""
    app.push(PanelScene("A panel", ["body"], [("One", lambda: None), ("Two", lambda: None)]))
    driver.frames(1)
    panel = app.stack.top
    only_ringed(app, panel.buttons, panel.buttons[0])
    driver.key(pygame.K_RIGHT)
    only_ringed(app, panel.buttons, panel.buttons[1])


@pytest.mark.parametrize("palette", ["okabe-ito", "tol-bright", "high-contrast"])
def test_the_pause_and_result_panels_ring_their_focus_in_every_palette(app, driver, toy_registered, palette):
    app.settings.palette = palette
    app.apply_settings()
    scene = app.launch("toy", Launch())
    driver.frames(1)
    app.push(PauseScene(scene, []))
    driver.frames(1)
    pause = app.stack.top
    only_ringed(app, pause.buttons, pause.buttons[0])
    driver.key(pygame.K_TAB)
    only_ringed(app, pause.buttons, pause.buttons[1])
    pause.close()
    result = ResultScene("Solved!", ["Moves: 3"], [("Play again", lambda: None), ("Look at board", lambda: None),
                                                   ("Main menu", lambda: None)])
    app.push(result)
    result.opened = 1.0  # armed
    driver.frames(1)
    only_ringed(app, result.buttons, result.buttons[1])  # Look at board, Enter's default


def hashi_with_dialog(app, driver, tmp_path, key: int, letter: str) -> None:
    """A small Hashi level open, and ``key`` pressed on it (its dialog on top)."""
    path = tmp_path / "level.txt"
    path.write_text("3...3\n.....\n2...2\n")
    app.launch("hashi", Launch(level=str(path)))
    driver.frames(1)
    driver.key(key, unicode=letter)


def test_the_game_id_panel_rings_its_focus(app, driver, tmp_path):
    hashi_with_dialog(app, driver, tmp_path, pygame.K_i, "i")
    panel = app.stack.top
    assert isinstance(panel, PanelScene) and panel.title == "Game ID"
    only_ringed(app, panel.buttons, panel.buttons[0])


def test_settings_back_and_its_rows_buttons_ring_their_focus(app, driver):
    from arcade.ui.settings_scene import SettingsScene

    settings = SettingsScene()
    app.push(settings)
    driver.frames(1)
    buttons = [settings.back, *(w for _label, w in settings.rows if isinstance(w, Button))]
    only_ringed(app, buttons, settings.rows[0][1])  # Sound, the first row
    driver.key(pygame.K_END)  # Back, the last stop
    only_ringed(app, buttons, settings.back)


def test_hashi_new_board_rings_generate_as_a_toolbar_does(app, driver, tmp_path):
    hashi_with_dialog(app, driver, tmp_path, pygame.K_n, "n")
    dialog = app.stack.top
    driver.key(pygame.K_END)  # the last stop: Cancel
    only_ringed(app, dialog.buttons, dialog.cancel_button)


def test_the_toolbar_ring_is_the_same_ring(app, driver, toy_registered):
    scene = app.launch("toy", Launch())
    driver.frames(1)
    driver.key(pygame.K_TAB)
    focus = scene.toolbar.focus
    assert focus is not None
    only_ringed(app, scene.toolbar.row(), focus)


def test_the_ring_is_drawn_at_640x400_with_large_text(user_home):
    """The smallest window with the largest text: the ring still clear of the button, in view."""
    app = App(REGISTRY, size=(640, 400), headless=True)
    try:
        app.settings.text_size = 1.5
        app.apply_settings()
        app.push(PanelScene("A panel", ["body"], [("One", lambda: None), ("Two", lambda: None)]))
        app.frame(1 / 60)
        panel = app.stack.top
        only_ringed(app, panel.buttons, panel.buttons[0])
    finally:
        app.close()
        pygame.display.quit()


def wrapped_panel(app: App) -> PanelScene:
    """A result panel whose six buttons wrap onto two rows (Tron's match result at 640x400)."""
    names = ["Rematch", "Replay round", "Save replay", "Setup", "Look at board", "Main menu"]
    panel = ResultScene("You win the match!", ["You 3 : 1 Flood-fill"], [(n, lambda: None) for n in names])
    app.push(panel)
    panel.opened = 1.0  # armed
    app.frame(1 / 60)
    return panel


def test_arrows_move_spatially_over_wrapped_buttons_and_tab_keeps_reading_order(user_home):
    app = App(REGISTRY, size=(640, 400), headless=True)
    try:
        driver_frame = app.frame
        panel = wrapped_panel(app)
        rects = [b.rect for b in panel.buttons]
        tops = sorted({r.top for r in rects})
        assert len(tops) == 2, rects  # wrapped

        def press(key: int, mod: int = 0) -> None:
            driver_frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
                                  pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)])

        def nearest_on(top: int, middle: int) -> int:
            return min((i for i, r in enumerate(rects) if r.top == top), key=lambda i: abs(rects[i].centerx - middle))

        panel.selected = 0
        press(pygame.K_DOWN)  # to the button under the first, not the second on its row
        below = nearest_on(tops[1], rects[0].centerx)
        assert panel.selected == below and rects[below].top == tops[1]
        press(pygame.K_UP)  # back up to the nearest on the first row
        assert panel.selected == nearest_on(tops[0], rects[below].centerx)
        last_top = max(i for i, r in enumerate(rects) if r.top == tops[0])
        panel.selected = last_top
        press(pygame.K_RIGHT)  # along the row: off its end to the next row's first, in reading order
        assert panel.selected == last_top + 1
        press(pygame.K_LEFT)
        assert panel.selected == last_top
        press(pygame.K_TAB)  # Tab / Shift+Tab in reading order
        assert panel.selected == last_top + 1
        press(pygame.K_TAB, pygame.KMOD_LSHIFT)
        assert panel.selected == last_top
        panel.selected = nearest_on(tops[1], 0)
        press(pygame.K_DOWN)  # from the last row round to the first
        assert rects[panel.selected].top == tops[0]
    finally:
        app.close()
        pygame.display.quit()


def test_on_one_row_up_and_down_still_step_along_it(app, driver):
    app.push(PanelScene("A panel", ["body"], [("One", lambda: None), ("Two", lambda: None), ("Three", lambda: None)]))
    driver.frames(1)
    panel = app.stack.top
    driver.key(pygame.K_DOWN)
    assert panel.selected == 1
    driver.key(pygame.K_UP)
    driver.key(pygame.K_UP)
    assert panel.selected == 2  # round from the first to the last
