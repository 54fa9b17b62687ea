"""The GridView camera: hit-testing through zoom and pan, zoom around a fixed point, fit, follow, caching."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.ui.gridview import MAX_CACHE_PIXELS, GridView


def _view(rows: int = 40, cols: int = 40, area: pygame.Rect | None = None) -> GridView:
    view = GridView(rows, cols, max_cell=96, min_cell=6)
    view.layout(area or pygame.Rect(12, 58, 1256, 630))
    return view


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(1, 60), cols=st.integers(1, 60), zoom=st.floats(1.0, 8.0),
       ax=st.floats(0, 1), ay=st.floats(0, 1), dx=st.integers(-3000, 3000), dy=st.integers(-3000, 3000))
def test_cell_at_inverts_cell_center_for_every_visible_cell_at_any_zoom_and_pan(rows, cols, zoom, ax, ay, dx, dy):
    view = _view(rows, cols, pygame.Rect(30, 40, 700, 500))
    vp = view.viewport
    view.set_zoom(zoom, (vp.x + ax * vp.width, vp.y + ay * vp.height))
    view.pan_by(dx, dy)
    top, bottom, left, right = view.visible_cells()
    assert top < bottom and left < right  # something is always on screen
    for r in range(top, bottom):
        for c in range(left, right):
            if not view.is_visible((r, c)):
                continue
            x, y = view.cell_center((r, c))
            assert view.cell_at((int(x), int(y))) == (r, c)
            rect = view.cell_rect((r, c))
            assert view.cell_at(rect.topleft) == (r, c)
            assert view.cell_at((rect.right - 1, rect.bottom - 1)) == (r, c)
            gy, gx = view.to_grid((x, y))
            assert (int(gy), int(gx)) == (r, c)


def test_nothing_outside_the_viewport_is_hit_even_where_the_zoomed_board_lies():
    view = _view()
    view.set_zoom(4.0)
    board, vp = view.board_rect, view.viewport
    assert board.left < vp.left and board.top < vp.top  # the board reaches under the header
    assert view.cell_at((vp.left - 1, vp.centery)) is None
    assert view.cell_at((vp.centerx, vp.top - 1)) is None
    assert view.cell_at(vp.center) is not None


@given(steps=st.lists(st.sampled_from([1, 1, 2, -1]), min_size=1, max_size=8),
       fx=st.floats(0, 0.999), fy=st.floats(0, 0.999))
def test_zoom_keeps_the_point_under_the_pointer_fixed(steps, fx, fy):
    view = _view()
    board = view.board_rect
    pointer = (board.x + int(fx * board.width), board.y + int(fy * board.height))
    for step in steps:
        before = view.to_grid(pointer)
        covered_before = (view.board_rect.width > view.viewport.width, view.board_rect.height > view.viewport.height)
        view.zoom_by(step, pointer)
        after = view.to_grid(pointer)
        covered = (view.board_rect.width > view.viewport.width, view.board_rect.height > view.viewport.height)
        # Along an axis where the board is narrower than the window it is centred, not anchored;
        # elsewhere the grid point stays under the pointer (to a whole pixel of the new cell).
        if step > 0 and covered_before[1] and covered[1]:
            assert abs(after[0] - before[0]) <= 1 / view.cell + 1e-6
        if step > 0 and covered_before[0] and covered[0]:
            assert abs(after[1] - before[1]) <= 1 / view.cell + 1e-6
    # The first step from the fit keeps the point under the pointer on the axis the board
    # (nearly) fills: a 40x40 board fills the height.
    view.fit()
    pointer = (view.board_rect.centerx, view.board_rect.y + int((0.2 + 0.6 * fy) * view.board_rect.height))
    before = view.to_grid(pointer)
    view.zoom_by(1, pointer)
    assert abs(view.to_grid(pointer)[0] - before[0]) <= 1 / view.cell + 1e-6


def test_zoom_in_grows_cells_and_fit_shows_the_whole_board_again():
    view = _view()
    fit_cell = view.cell
    assert view.shows_all and not view.zoomed
    assert view.zoom_by(1, view.viewport.center)
    assert view.cell > fit_cell and view.zoomed
    for _ in range(20):
        view.zoom_by(1, (100, 100))
    assert view.cell * view.cell * 40 * 40 <= MAX_CACHE_PIXELS  # the cached board stays bounded
    assert not view.shows_all
    view.pan_by(-5000, 3000)
    assert view.fit()
    assert view.cell == fit_cell and view.shows_all
    board = view.board_rect
    assert abs(board.centerx - view.viewport.centerx) <= 1 and abs(board.centery - view.viewport.centery) <= 1
    assert not view.zoom_by(-1)  # the fit is the widest view


def test_pan_never_loses_the_board():
    view = _view()
    view.set_zoom(3.0)
    view.pan_by(10_000, 10_000)
    assert view.board_rect.topleft == view.viewport.topleft
    view.pan_by(-10_000, -10_000)
    assert view.board_rect.bottomright == view.viewport.bottomright
    assert not view.follow  # a pan by hand stops following


def test_scroll_into_view_brings_an_off_screen_target_on_screen():
    view = _view()
    view.set_zoom(4.0, view.viewport.topleft)
    target = (37, 38)
    assert not view.is_visible(target)
    assert view.scroll_into_view([target])
    assert view.is_visible(target)
    assert not view.scroll_into_view([target])  # already on screen: no jump


def test_layout_keeps_the_zoom_and_the_centre_a_new_grid_goes_back_to_the_fit():
    view = _view()
    view.set_zoom(3.0, view.viewport.center)
    view.pan_by(-200, -100)
    centre = view.to_grid(view.viewport.center)
    view.layout(pygame.Rect(0, 50, 1000, 560))
    assert view.zoomed
    after = view.to_grid(view.viewport.center)
    assert abs(after[0] - centre[0]) < 1 and abs(after[1] - centre[1]) < 1
    view.resize_grid(10, 12)
    assert not view.zoomed and view.shows_all


def test_render_at_a_zoom_repaints_the_board_at_the_new_size_and_blits_inside_the_viewport():
    screen = pygame.Surface((400, 300))
    screen.fill((9, 9, 9))
    view = GridView(10, 10)
    view.layout(pygame.Rect(50, 50, 200, 200))
    keys = {(r, c): (r + c) % 2 for r in range(10) for c in range(10)}

    def paint(board, cell, rect, key):
        board.fill((200, 0, 0) if key else (0, 0, 200), rect)

    assert view.render(screen, keys.__getitem__, paint) == 100
    view.zoom_by(2, (150, 150))
    assert not view.blit_cached(screen)  # the zoom dropped the cache
    screen.fill((9, 9, 9))
    top, bottom, left, right = view.visible_cells()
    shown = (bottom - top) * (right - left)
    assert shown < 100
    assert view.render(screen, keys.__getitem__, paint) == shown  # only what is in view is painted
    assert view.blit_cached(screen)
    # Outside the viewport nothing was drawn, though the zoomed board reaches there.
    assert tuple(screen.get_at((45, 150)))[:3] == (9, 9, 9)
    assert tuple(screen.get_at((150, 45)))[:3] == (9, 9, 9)
    cell = view.cell_at((150, 150))
    assert cell is not None
    colour = (200, 0, 0) if keys[cell] else (0, 0, 200)
    assert tuple(screen.get_at((150, 150)))[:3] == colour
    # A pan moves the blit: only the cells that came into view are painted, once.
    view.pan_by(-30, 0)
    assert not view.blit_cached(screen)
    _, _, _, new_right = view.visible_cells()
    assert 0 < view.render(screen, keys.__getitem__, paint) <= (new_right - right) * (bottom - top)
    assert view.render(screen, keys.__getitem__, paint) == 0
    assert view.render(screen, keys.__getitem__, paint, cells=[]) == 0
    # With a cells hint too, cells that come into view are painted.
    view.pan_by(30, 0)
    view.pan_by(-10_000, -10_000)
    painted = view.render(screen, keys.__getitem__, paint, cells=[])
    assert painted > 0
    for cell in [(9, 9), (8, 9)]:
        colour = (200, 0, 0) if keys[cell] else (0, 0, 200)
        x, y = view.cell_center(cell)
        assert tuple(screen.get_at((int(x), int(y))))[:3] == colour


def test_non_square_grid_zooms_columns_only():
    view = GridView(4, 300, square=False, zoom_rows=False, max_cell=84, min_cell=2)
    view.layout(pygame.Rect(0, 0, 900, 200))
    lane = view.cell_h
    view.min_zoom = 0.2
    view.set_zoom(3.0)
    assert view.cell_h == lane and abs(view.cell_w - 3 * view.fit_w) < 1e-9
    centre = view.cell_center((2, 150))
    assert view.cell_at((int(centre[0]), int(centre[1]))) == (2, 150) or not view.is_visible((2, 150))


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 120), cols=st.integers(1, 120), zoom=st.floats(1.0, 6.0),
       dx=st.integers(-3000, 3000), dy=st.integers(-3000, 3000))
def test_rulers_number_the_rows_and_columns_in_view_from_1_beside_the_board(rows, cols, zoom, dx, dy):
    """A board that names cells ("row 26, column 26") has rulers: each number sits beside the row
    or column it names, counted from 1, outside the board and inside the view's area, at any zoom --
    every one on a coarse board, every fifth (1, 5, 10 ...) on a fine one."""
    view = GridView(rows, cols, max_cell=96, min_cell=2, rulers=True)
    area = pygame.Rect(30, 40, 700, 500)
    view.layout(area)
    assert area.contains(view.viewport) and view.viewport.top >= area.top + view.ruler_bands[0]
    assert view.viewport.left >= area.left + view.ruler_bands[1]
    view.set_zoom(zoom)
    view.pan_by(dx, dy)
    labels = view.ruler_labels()
    board, vp = view.board_rect, view.viewport
    left_edge, top_edge = max(board.left, vp.left), max(board.top, vp.top)
    columns = [(int(t), x) for t, (x, y) in labels if y < top_edge and x >= left_edge - 1]
    rows_shown = [(int(t), y) for t, (x, y) in labels if x < left_edge and y >= top_edge - 1]
    assert len(columns) + len(rows_shown) == len(labels)
    for _, (x, y) in labels:  # inside the view's area, never over the chrome
        assert area.collidepoint(x, y)
    shown_columns = [c for c in range(cols) if vp.left <= round(view.cell_center((0, c))[0]) < vp.right]
    shown_rows = [r for r in range(rows) if vp.top <= round(view.cell_center((r, 0))[1]) < vp.bottom]
    for number, x in columns:
        assert abs(x - view.cell_center((0, number - 1))[0]) <= 1
    for number, y in rows_shown:
        assert abs(y - view.cell_center((number - 1, 0))[1]) <= 1
    fine = view.cell < 16
    assert [n for n, _ in columns] == [c + 1 for c in shown_columns if not fine or c == 0 or (c + 1) % 5 == 0]
    assert [n for n, _ in rows_shown] == [r + 1 for r in shown_rows if not fine or r == 0 or (r + 1) % 5 == 0]


def test_a_view_without_rulers_keeps_its_whole_area_for_the_board():
    view = GridView(10, 10, rulers=False)
    view.layout(pygame.Rect(0, 0, 300, 300))
    assert view.viewport == pygame.Rect(0, 0, 300, 300) and view.ruler_labels() == []


def test_a_middle_drag_pan_whose_release_was_lost_stops_panning():
    """The middle button's release went to another program (the focus taken mid-pan): the board then
    followed the bare pointer. A motion with the button up, or the focus lost, ends the pan."""
    from arcade.ui.camera import CameraInput

    view = _view()
    view.zoom_by(3, view.viewport.center)
    camera = CameraInput(view)
    centre = view.viewport.center
    for lost in (pygame.event.Event(pygame.WINDOWFOCUSLOST), None):
        camera.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=2))
        if lost is not None:
            camera.handle(lost)
        before = view.origin
        camera.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(centre[0] + 40, centre[1] + 30), rel=(40, 30),
                                         buttons=(0, 0, 0)))
        assert view.origin == before and not camera.panning
