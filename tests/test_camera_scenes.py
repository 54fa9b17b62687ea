"""Zoom and pan in the game scenes, driven by posted events: the camera is in the way of nothing.

Every board goes through the one GridView camera, so a drag-build, a drop, a hint and the
follow camera must all land on the right cells at any zoom.
"""

from __future__ import annotations

import gc

import pygame
import pytest

from arcade.core.game import Hint
from arcade.core.registry import Launch
from arcade.games.hashi.formats import format_level
from arcade.games.hashi.generator import lattice_puzzle
from arcade.games.hashi.view import HashiScene

CTRL = pygame.KMOD_LCTRL


@pytest.fixture(autouse=True)
def _free_zoomed_boards():
    """Zoomed big boards cache tens of megabytes: free them before the next test (child processes
    forked later by other tests would otherwise start from a large parent)."""
    yield
    gc.collect()


def wheel(driver, pos: tuple[int, int], notches: int) -> None:
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                 *(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if notches > 0 else -1, flipped=False)
                   for _ in range(abs(notches))))


@pytest.fixture
def big_hashi(app, tmp_path):
    path = tmp_path / "lattice.txt"
    path.write_text(format_level(lattice_puzzle(24)))
    scene = app.launch("hashi", Launch(level=str(path)))
    assert isinstance(scene, HashiScene)
    app.frame(1 / 60)
    return scene


def test_hashi_wheel_zooms_around_the_pointer_and_fit_brings_the_whole_board_back(app, driver, big_hashi):
    view = big_hashi.painter.view
    fit = view.cell
    assert view.shows_all
    pointer = (view.viewport.x + view.viewport.width // 3, view.viewport.y + view.viewport.height // 3)
    under = view.cell_at(pointer)
    wheel(driver, pointer, 1)
    # The board fills the window's height: along it, the row under the pointer stays.
    assert view.cell > fit and view.cell_at(pointer)[0] == under[0]
    wheel(driver, pointer, 4)
    assert view.cell >= 2.9 * fit and not view.shows_all  # 1.25 ** 5, in whole pixels
    assert any(field.startswith("Zoom ") for field in big_hashi.status_fields())
    # Once the board overflows the window both ways, a zoom keeps the very cell under the pointer.
    assert view.board_rect.width > view.viewport.width and view.board_rect.height > view.viewport.height
    under = view.cell_at(pointer)
    wheel(driver, pointer, 1)
    assert view.cell_at(pointer) == under
    driver.key(pygame.K_0, mod=CTRL)
    assert view.cell == fit and view.shows_all
    driver.key(pygame.K_EQUALS, mod=CTRL, unicode="=")
    assert view.cell > fit
    # The toolbar's Fit button does what Ctrl+0 does.
    button = big_hashi.toolbar.find("Fit")
    assert button is not None
    driver.click(button.rect.center)
    assert view.cell == fit


def test_hashi_drag_builds_the_right_bridge_at_twice_the_zoom(app, driver, big_hashi):
    scene = big_hashi
    view = scene.painter.view
    fit = view.cell
    wheel(driver, view.viewport.center, 4)
    assert view.cell >= 2 * fit
    puzzle = scene.puzzle
    # An island on screen whose east neighbour is on screen too, not at the centre (where the anchor was).
    candidates = [i for i, island in enumerate(puzzle.islands)
                  if view.is_visible(scene.painter.display(island.pos)) and puzzle.line_from(i, "E") is not None
                  and view.is_visible(puzzle.islands[puzzle.lines[puzzle.line_from(i, "E")].b].pos)]
    assert candidates
    island = candidates[len(candidates) // 3]
    line = puzzle.line_from(island, "E")
    x, y = scene.painter.island_centre(island)
    start = (round(x), round(y))
    driver.drag(start, (round(x + 0.9 * view.cell), round(y + 0.1 * view.cell)))
    bridges = scene.session.state.bridges
    assert bridges[line] == 1
    assert sum(bridges) == 1  # that line and no other


def test_hashi_drag_on_water_pans_a_zoomed_plane_board_without_playing(app, driver, big_hashi):
    scene = big_hashi
    view = scene.painter.view
    wheel(driver, view.viewport.center, 6)
    water = next((r, c) for r in range(view.rows) for c in range(view.cols)
                 if (r, c) not in scene.puzzle.island_at and view.is_visible((r, c)))
    start = tuple(round(v) for v in view.cell_center(water))
    before = view.origin
    driver.drag(start, (start[0] - 60, start[1] - 40))
    assert view.origin == (before[0] - 60, before[1] - 40)
    assert scene.session.index == 0


def test_hashi_hint_off_screen_is_scrolled_into_view(app, driver, big_hashi):
    scene = big_hashi
    view = scene.painter.view
    wheel(driver, view.viewport.topleft, 5)
    far = max(range(len(scene.puzzle.islands)), key=lambda i: sum(scene.puzzle.islands[i].pos))
    cell = scene.puzzle.islands[far].pos
    assert not view.is_visible(cell)
    scene.show_hint(Hint(None, "look at this island", kind="info", highlight=(("island", far),)))
    assert view.is_visible(cell)


def test_wrapped_hashi_wheel_rotates_and_ctrl_wheel_zooms(app, driver, open_wrapped):
    scene = open_wrapped
    view = scene.painter.view
    fit = view.cell
    wheel(driver, view.viewport.center, 1)
    assert view.cell == fit and scene.painter.shift != (0, 0)
    pygame.key.set_mods(CTRL)
    try:
        wheel(driver, view.viewport.center, 2)
    finally:
        pygame.key.set_mods(0)
    assert view.cell > fit


@pytest.fixture
def open_wrapped(app):
    scene = app.launch("hashi", Launch(level="wrapped/01-round-the-bend"))
    assert isinstance(scene, HashiScene)
    app.frame(1 / 60)
    return scene


def test_royale_drop_lands_on_the_clicked_cell_when_zoomed_and_panned(app, driver):
    scene = app.launch("royale", Launch(level="16-big-drop-51x51"))
    driver.frames(2)
    grid = scene.grid
    wheel(driver, grid.viewport.center, 3)
    driver.drag((grid.viewport.centerx, grid.viewport.centery), (grid.viewport.centerx + 120,
                                                                   grid.viewport.centery + 60))
    assert grid.zoomed and scene.session.index == 0  # a drag pans, it does not move
    level = scene.session.level
    top, bottom, left, right = grid.visible_cells()
    target = next((r, c) for r in range(top, bottom) for c in range(left, right)
                  if level.is_start((r, c)) and grid.is_visible((r, c)) and (r, c) != level.centre)
    driver.click(tuple(int(v) for v in grid.cell_center(target)))
    state = scene.session.state
    assert state.placed and state.path[-1] == target


def test_runway_follow_keeps_the_lead_bike_on_screen_at_the_players_zoom(app, driver):
    from arcade.games.runway.ai import exact_plan

    scene = app.launch("runway", Launch(level=None, seed=3))
    app.frame(1 / 60)
    road = scene.road
    assert road.scrolls
    wide = road.cell_w
    driver.key(pygame.K_EQUALS, mod=CTRL, unicode="=")
    driver.key(pygame.K_EQUALS, mod=CTRL, unicode="=")
    driver.frames(60)
    assert road.cell_w > wide * 1.3
    for command in exact_plan(scene.session.state).commands[:10]:
        scene.command(command)
        driver.frames(40)
        lead = road.to_screen(scene.lead_x(), 0)[0]
        assert road.road.left < lead < road.road.right
    driver.key(pygame.K_0, mod=CTRL)
    driver.frames(60)
    assert road.user_zoom == 1.0 and road.follow


def test_tron_zoomed_camera_keeps_the_players_cycle_on_screen(app, driver):
    scene = app.launch("tron", Launch(level="official/huge-room"))
    driver.frames(2)
    view = scene.view
    wheel(driver, view.viewport.bottomright, 4)  # far from cycle 1's corner
    assert view.zoomed
    driver.frames(3)
    x, y = scene.session.state.heads[0]
    assert view.is_visible((y, x))


@pytest.mark.parametrize("game", ["tron", "hashi", "royale", "runway"])
def test_a_zoom_key_at_either_end_says_so_and_the_next_step_gives_the_line_back(app, driver, game):
    """Ctrl+− at the fit did nothing and said nothing (Runway alone said so), and "This is the
    closest zoom." stayed on the line after zooming out again -- over Tron's "Press an arrow…",
    which never came back. The end's note lasts until the next step the other way."""
    scene = app.launch(game, Launch())
    driver.frames(2)
    scene.say("The words on the line before the zoom.")
    driver.key(pygame.K_MINUS, mod=CTRL)
    if game != "runway":  # the road opens at the speed's own zoom, which zooms out further
        assert scene.status_text == "This is the widest zoom."
    for _ in range(40):
        driver.key(pygame.K_MINUS, mod=CTRL)
    assert scene.status_text == "This is the widest zoom."
    driver.key(pygame.K_PLUS, mod=CTRL, unicode="+")
    assert scene.status_text == "The words on the line before the zoom."
    for _ in range(60):
        driver.key(pygame.K_PLUS, mod=CTRL, unicode="+")
    assert scene.status_text == "This is the closest zoom."
    driver.key(pygame.K_MINUS, mod=CTRL)
    assert scene.status_text == "The words on the line before the zoom."
    for _ in range(3):
        driver.key(pygame.K_PLUS, mod=CTRL, unicode="+")
    driver.key(pygame.K_0, mod=CTRL)
    if game != "runway":  # Runway's Fit says where its camera goes
        assert scene.status_text == "The words on the line before the zoom."
