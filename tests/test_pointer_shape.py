"""The mouse pointer says what is under it: a hand over what a click acts on, an I-beam over a text
field, a grab while dragging, the arrow elsewhere -- in every scene, every game.

The window never changed the pointer (nothing called ``pygame.mouse.set_cursor``): a button, a
menu card or an island looked like the background until clicked. Driven with posted mouse events
on the dummy driver, which has no cursors: the App must not fail there, and still says the shape
it chose (``app.pointer_shape``).
"""

from __future__ import annotations

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.ui.app import App
from arcade.ui.menu import MenuScene
from arcade.ui.picker import Choice, PickerScene
from arcade.ui.pointer import ARROW, HAND, IBEAM, MOVE, PointerCursor
from arcade.ui.settings_scene import SettingsScene
from arcade.ui.text_prompt import TextPromptScene
from tests.test_frontend_contract import GAMES, small_game


def move(app: App, pos: tuple[int, int], held: tuple[int, int, int] = (0, 0, 0)) -> str:
    """The player moves the pointer to ``pos`` (one posted motion, one frame, the buttons ``held``);
    the shape the App chose."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=held))
    app.frame(1 / 60)
    return app.pointer_shape


def press(app: App, pos: tuple[int, int], kind: int) -> str:
    pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.frame(1 / 60)
    return app.pointer_shape


def empty_corner(app: App) -> tuple[int, int]:
    """The window's bottom-left corner: left of the toolbar's margin, under its row, off every board."""
    return (3, app.size[1] - 3)


def test_the_dummy_driver_has_no_cursors_and_the_shape_is_still_told():
    pygame.display.init()
    pygame.display.set_mode((100, 100))
    pointer = PointerCursor()
    pointer.show(HAND)  # pygame.error inside: no cursor on the dummy driver
    pointer.show(IBEAM)
    assert pointer.shape == IBEAM
    pointer.show("no such shape")
    assert pointer.shape == ARROW


def test_menu_cards_and_chips_have_the_hand(app):
    menu = app.push(MenuScene())
    app.frame(1 / 60)
    card = menu.entries[0].rect
    assert move(app, (card.x + 4, card.centery)) == HAND
    assert move(app, (2, 2)) == ARROW
    chips = [where for entry in menu.entries for where, action in entry.chips() if where is not None and action]
    if chips:  # the selected card's "How to play" / "Make a puzzle" links
        assert move(app, chips[0].center) == HAND


def test_a_text_field_has_the_i_beam_and_its_buttons_the_hand(app):
    app.push(MenuScene())
    prompt = app.push(TextPromptScene("Title", "Name it:", "abc", lambda _text: None))
    app.frame(1 / 60)
    field = prompt.input._drawn[0]
    assert move(app, field.center) == IBEAM
    assert move(app, prompt.buttons[0].rect.center) == HAND
    assert move(app, (2, 2)) == ARROW


def test_a_picker_row_has_the_hand_a_header_does_not(app):
    app.push(MenuScene())
    picker = app.push(PickerScene("Pick", [Choice("Group", header=True), Choice("One"), Choice("Two")],
                                  lambda _choice: None))
    app.frame(1 / 60)
    rows = picker.list_rect
    assert move(app, (rows.centerx, rows.y + picker.ROW // 2)) == ARROW  # the header
    assert move(app, (rows.centerx, rows.y + picker.ROW + picker.ROW // 2)) == HAND


def test_a_dragged_slider_has_the_grab_wherever_the_pointer_goes(app):
    app.push(MenuScene())
    settings = app.push(SettingsScene())
    app.frame(1 / 60)
    knob = settings.speed.rect.center
    assert move(app, knob) == HAND
    assert press(app, knob, pygame.MOUSEBUTTONDOWN) == MOVE
    assert move(app, (2, 2), held=(1, 0, 0)) == MOVE  # still dragging, off the slider
    assert press(app, (2, 2), pygame.MOUSEBUTTONUP) == ARROW


def test_a_new_scene_asks_again():
    """Hovering a menu card, the click that opens a game leaves no hand over the game's background."""
    info = next(g for g in GAMES if g.name == "hashi")
    with small_game(info) as (app, scene):
        app.frame(1 / 60)
        button = next(b for b in scene.toolbar.row() if b.rect.width and b.is_enabled())
        assert move(app, button.rect.center) == HAND
        scene.open_pause()  # the pause panel opens under the resting pointer: no click, no motion
        app.frame(1 / 60)
        assert app.stack.top is not scene
        assert app.pointer_shape == ARROW  # the panel has no button there


def test_a_hashi_island_has_the_hand_the_water_the_arrow():
    info = next(g for g in GAMES if g.name == "hashi")
    with small_game(info) as (app, scene):
        app.frame(1 / 60)
        centre = scene.painter.island_centre(0)
        assert move(app, (round(centre[0]), round(centre[1]))) == HAND
        view = scene.painter.view
        cells = ((r, c) for r in range(scene.puzzle.rows) for c in range(scene.puzzle.cols))
        x, y = next(view.cell_center(cell) for cell in cells
                    if scene.painter.island_at_pixel(tuple(map(round, view.cell_center(cell)))) is None)
        assert move(app, (round(x), round(y))) == ARROW


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_every_game_has_the_hand_over_its_toolbar_and_the_arrow_on_empty_space(info):
    with small_game(info) as (app, scene):
        app.frame(1 / 60)
        button = next(b for b in scene.toolbar.row() if b.rect.width and b.is_enabled() and b.is_shown())
        assert move(app, button.rect.center) == HAND, button.label
        assert move(app, empty_corner(app)) == ARROW
        grey = next((b for b in scene.toolbar.row() if b.rect.width and not b.is_enabled() and b.is_shown()), None)
        if grey is not None:  # a grey button does nothing: no hand
            assert move(app, grey.rect.center) == ARROW, grey.label


def test_launching_a_game_by_name_keeps_the_shape_known(app):
    """A scene pushed with no pointer event yet: the arrow, asked of the new scene without a crash."""
    app.launch("hashi", Launch())
    app.frame(1 / 60)
    assert app.pointer_shape == ARROW


def small(name: str):
    return small_game(next(g for g in GAMES if g.name == name))


def test_a_royale_cell_the_click_moves_to_has_the_hand_a_refused_one_the_arrow():
    from arcade.games.royale import controller

    with small("royale") as (app, scene):
        app.frame(1 / 60)
        grid, state = scene.grid, scene.session.state
        cells = [(r, c) for r in range(state.level.rows) for c in range(state.level.cols)]
        taken = next(cell for cell in cells if controller.click(state, cell).move is not None)
        assert move(app, tuple(map(round, grid.cell_center(taken)))) == HAND
        refused = next((cell for cell in cells if controller.click(state, cell).move is None), None)
        if refused is not None:
            assert move(app, tuple(map(round, grid.cell_center(refused)))) == ARROW


def test_runway_minimap_and_road_have_the_hand():
    with small("runway") as (app, scene):
        app.frame(1 / 60)
        assert move(app, scene.road.road.center) == HAND
        if scene.minimap.rect.width:  # shown only for a road longer than the window
            assert move(app, scene.minimap.rect.center) == HAND


def test_a_tron_board_a_click_steers_has_the_hand():
    with small("tron") as (app, scene):
        app.frame(1 / 60)
        steers = len(scene.human_seats()) == 1 and scene.phase in ("ready", "countdown", "running")
        assert move(app, scene.view.viewport.center) == (HAND if steers else ARROW)
