"""Shared UI parts without a scene: GridView hit-testing, gestures, widgets, tweens, watch player, audio."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from arcade.core.game import Step
from arcade.games import REGISTRY
from arcade.services.settings import MIN_WINDOW
from arcade.ui.app import App
from arcade.ui.audio import Audio, synthesise
from arcade.ui.camera import zoom_field
from arcade.ui.gridview import GridView
from arcade.ui.input import PointerTracker, standard_action
from arcade.ui.menu import MenuScene
from arcade.ui.slider import Slider
from arcade.ui.text import fitting_prefix
from arcade.ui.toast import Toast
from arcade.ui.tween import Tweens, ease_out_back
from arcade.ui.watch import WatchPlayer
from arcade.ui.widgets import Button, Toolbar


def ev(kind, **kw):
    return pygame.event.Event(kind, **kw)


@given(rows=st.integers(1, 53), cols=st.integers(1, 61), w=st.integers(40, 1500), h=st.integers(40, 1000),
       x=st.integers(0, 200), y=st.integers(0, 200))
def test_gridview_cell_pixel_round_trip_on_odd_sizes(rows, cols, w, h, x, y):
    view = GridView(rows, cols, margin=3)
    view.layout(pygame.Rect(x, y, w, h))
    board = view.board_rect
    assert board.width == view.cell * cols and board.height == view.cell * rows
    if view.cell > view.min_cell:
        assert pygame.Rect(x, y, w, h).contains(board)
    for cell in [(0, 0), (rows - 1, cols - 1), (rows // 2, cols // 3)]:
        if not view.is_visible(cell):
            continue  # a board too big even at the smallest cell is panned, not squeezed: off-screen cells miss
        centre = view.cell_center(cell)
        assert view.cell_at((int(centre[0]), int(centre[1]))) == cell
        rect = view.cell_rect(cell)
        assert view.cell_at(rect.topleft) == cell
        assert view.cell_at((rect.right - 1, rect.bottom - 1)) == cell
    assert view.cell_at((board.right, board.bottom)) is None
    assert view.cell_at((board.left - 1, board.top)) is None


def test_gridview_hit_testing_follows_a_resize():
    view = GridView(7, 9)
    view.layout(pygame.Rect(0, 0, 900, 700))
    before = view.cell_center((3, 4))
    view.layout(pygame.Rect(100, 50, 450, 350))
    after = view.cell_center((3, 4))
    assert before != after
    assert view.cell_at((int(after[0]), int(after[1]))) == (3, 4)
    assert view.cell == 350 // 7


def test_gridview_repaints_only_changed_cells():
    surface = pygame.Surface((300, 300))
    view = GridView(10, 10)
    view.layout(surface.get_rect())
    keys = {(r, c): 0 for r in range(10) for c in range(10)}
    painted = []

    def paint(board, cell, rect, key):
        painted.append(cell)
        board.fill((255, 0, 0) if key else (0, 0, 255), rect)

    assert view.render(surface, keys.__getitem__, paint) == 100
    assert view.render(surface, keys.__getitem__, paint) == 0
    keys[(2, 3)] = 1
    painted.clear()
    assert view.render(surface, keys.__getitem__, paint) == 1 and painted == [(2, 3)]
    centre = tuple(map(int, view.cell_center((2, 3))))
    assert tuple(surface.get_at(centre))[:3] == (255, 0, 0)
    view.layout(pygame.Rect(0, 0, 200, 200))
    assert view.render(surface, keys.__getitem__, paint) == 100


def test_gridview_render_with_a_cells_hint_visits_only_those_cells():
    surface = pygame.Surface((300, 300))
    view = GridView(10, 10)
    view.layout(surface.get_rect())
    keys = {(r, c): 0 for r in range(10) for c in range(10)}
    looked: list[tuple[int, int]] = []

    def key_of(cell):
        looked.append(cell)
        return keys[cell]

    def paint(board, cell, rect, key):
        board.fill((255, 0, 0) if key else (0, 0, 255), rect)

    # The first render visits everything even with a hint (nothing is cached yet).
    assert view.render(surface, key_of, paint, cells=[]) == 100
    keys[(4, 4)] = keys[(7, 1)] = 1
    looked.clear()
    assert view.render(surface, key_of, paint, cells=[(4, 4)]) == 1 and looked == [(4, 4)]
    assert tuple(surface.get_at(tuple(map(int, view.cell_center((7, 1))))))[:3] == (0, 0, 255)
    # A cell invalidated by hand is repainted even when the hint leaves it out.
    view.invalidate([(7, 1)])
    assert view.render(surface, key_of, paint, cells=[]) == 1
    assert tuple(surface.get_at(tuple(map(int, view.cell_center((7, 1))))))[:3] == (255, 0, 0)
    # After a layout change the hint is ignored: every cell is painted again.
    view.layout(pygame.Rect(0, 0, 200, 200))
    assert view.render(surface, key_of, paint, cells=[]) == 100


def test_gridview_hover_from_event_positions():
    view = GridView(4, 4)
    view.layout(pygame.Rect(0, 0, 400, 400))
    assert view.update_hover((150, 50)) and view.hover == (0, 1)
    assert not view.update_hover((160, 60))
    assert view.update_hover((-5, 0)) and view.hover is None


def test_pointer_tracker_click_drag_cancel():
    t = PointerTracker(threshold=5)
    press = t.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    assert press.kind == "press" and not press.moved
    small = t.handle(ev(pygame.MOUSEMOTION, pos=(12, 11), rel=(2, 1), buttons=(1, 0, 0)))
    assert small.kind == "drag" and not small.moved
    assert t.handle(ev(pygame.MOUSEBUTTONUP, pos=(12, 11), button=1)).kind == "click"
    t.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=3))
    drag = t.handle(ev(pygame.MOUSEMOTION, pos=(40, 12), rel=(30, 2), buttons=(0, 0, 1)))
    assert drag.moved and drag.delta == (30, 2) and drag.button == 3
    assert t.handle(ev(pygame.MOUSEBUTTONUP, pos=(1, 1), button=1)) is None  # another button's release
    release = t.handle(ev(pygame.MOUSEBUTTONUP, pos=(50, 12), button=3))
    assert release.kind == "release" and release.start == (10, 10) and release.pos == (50, 12)
    t.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    assert t.handle(ev(pygame.WINDOWFOCUSLOST)).kind == "cancel" and not t.active
    assert t.handle(ev(pygame.MOUSEMOTION, pos=(9, 9), rel=(0, 0), buttons=(0, 0, 0))) is None


@pytest.mark.parametrize(
    "key, mod, unicode, action",
    [
        (pygame.K_z, pygame.KMOD_CTRL, "", "undo"),
        (pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT, "", "redo"),
        (pygame.K_y, pygame.KMOD_CTRL, "", "redo"),
        (pygame.K_u, 0, "u", "undo"),
        (pygame.K_r, 0, "r", "redo"),
        (pygame.K_r, pygame.KMOD_CTRL, "", "restart"),
        (pygame.K_h, 0, "h", "hint"),
        (pygame.K_ESCAPE, 0, "", "pause"),
        (pygame.K_SLASH, pygame.KMOD_SHIFT, "?", "help"),
        (pygame.K_q, 0, "q", None),
    ],
)
def test_standard_keys(key, mod, unicode, action):
    assert standard_action(ev(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode)) == action


def test_button_clicks_only_when_press_and_release_inside_and_enabled():
    clicks = []
    b = Button("Go", lambda: clicks.append(1))
    b.rect = pygame.Rect(0, 0, 50, 20)
    b.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    b.handle(ev(pygame.MOUSEBUTTONUP, pos=(60, 5), button=1))
    assert clicks == []
    b.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    assert b.handle(ev(pygame.MOUSEBUTTONUP, pos=(6, 6), button=1)) and clicks == [1]
    b.enabled_when = lambda: False
    b.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    b.handle(ev(pygame.MOUSEBUTTONUP, pos=(6, 6), button=1))
    assert clicks == [1]


def test_a_toolbar_is_one_row_smaller_text_first_then_a_more_menu_by_priority():
    """It wrapped onto a second row when narrow (Hashi's Pause under the rest at 1024 pixels)."""
    from arcade.ui.theme import Theme

    pygame.font.init()
    theme = Theme()
    buttons = [Button(f"Button {i}", lambda: None) for i in range(8)]
    buttons[0].priority = buttons[7].priority = 3
    bar = Toolbar(buttons)
    wide = bar.layout(theme, pygame.Rect(0, 0, 2000, 30), 30)
    assert wide.height == 30 and bar.overflow == [] and bar.text_size == 15
    full = bar._width(theme, buttons, 15, 21, 6)
    snug = bar.layout(theme, pygame.Rect(0, 0, full - 40, 30), 30)
    assert snug.height == 30 and bar.overflow == [] and (bar.text_size, bar._padding) < (15, 21)
    narrow = bar.layout(theme, pygame.Rect(0, 0, 400, 30), 30)
    assert narrow.height == 30 and bar.text_size == Toolbar.MIN_TEXT
    row = bar.row()
    assert row[-1] is bar.more and {b.rect.y for b in row} == {0} and all(b.rect.right <= 400 for b in row)
    assert buttons[0] in row and buttons[7] in row, "the highest priorities stay on the row"
    shown = [b for b in buttons if b in row]
    assert shown == sorted(shown, key=buttons.index) and bar.overflow == [b for b in buttons if b not in row]
    assert bar.overflow[-1] is buttons[6], "of equal priorities the rightmost go first"
    assert all(b.rect.width == 0 for b in bar.overflow)
    bar.toggle_menu()
    assert all(bar.menu_rect.contains(b.rect) and b.rect.bottom < 0 for b in bar.overflow)


def keydown(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def test_toolbar_focus_takes_its_keys_only_while_a_button_has_it():
    """Tab walks the enabled buttons (those in the More menu open it); Shift on its way to Shift+Tab
    keeps the focus; Space presses the button in focus; a game key (an arrow, a move) or a click lets
    the focus go and is not consumed; without focus Space and Enter are not the toolbar's."""
    from arcade.ui.theme import Theme

    pygame.font.init()
    theme = Theme()
    pressed: list[int] = []
    buttons = [Button(f"Button {i}", lambda i=i: pressed.append(i), hotkey=f"F{i + 1}") for i in range(8)]
    buttons[1].enabled = False
    bar = Toolbar(buttons)
    bar.layout(theme, pygame.Rect(0, 0, 400, 30), 30)
    assert bar.overflow
    assert not bar.handle(keydown(pygame.K_SPACE)) and not bar.handle(keydown(pygame.K_RETURN)) and pressed == []
    assert bar.handle(keydown(pygame.K_TAB)) and bar.focus is buttons[0]
    assert bar.handle(keydown(pygame.K_TAB)) and bar.focus is buttons[2], "a disabled button is passed over"
    assert not bar.handle(keydown(pygame.K_LSHIFT)) and bar.focus is buttons[2]
    assert bar.handle(keydown(pygame.K_TAB, pygame.KMOD_SHIFT)) and bar.focus is buttons[0]
    assert bar.handle(keydown(pygame.K_TAB, pygame.KMOD_SHIFT)) and bar.focus is buttons[7]
    bar.set_focus(bar.overflow[0])
    assert bar.menu_open, "a button in the More menu shows where the focus is"
    assert bar.handle(keydown(pygame.K_SPACE)) and pressed == [buttons.index(bar.overflow[0])] and not bar.menu_open
    assert not bar.handle(keydown(pygame.K_LEFT)) and bar.focus is None, "a move lets the focus go"
    bar.handle(keydown(pygame.K_TAB))
    bar.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5000, 5000), button=1))
    assert bar.focus is None, "so does a click"
    bar.handle(keydown(pygame.K_TAB))
    rebuilt = Toolbar([Button("Other", lambda: None, hotkey="F9"), Button("Renamed", lambda: None, hotkey="F1")])
    rebuilt.inherit(bar)
    assert rebuilt.focus is rebuilt.buttons[1], "a rebuilt row keeps the focus on the button for the same keys"


def test_slider_drag_and_keys():
    seen = []
    s = Slider([0.5, 1.0, 2.0], 1.0, seen.append)
    s.rect = pygame.Rect(0, 0, 200, 20)
    s.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(199, 10), button=1))
    assert s.value == 2.0
    s.handle(ev(pygame.MOUSEMOTION, pos=(0, 10), rel=(-1, 0), buttons=(1, 0, 0)))
    s.handle(ev(pygame.MOUSEBUTTONUP, pos=(0, 10), button=1))
    assert s.value == 0.5
    s.focused = True
    s.handle(ev(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert seen == [2.0, 0.5, 1.0]


def test_toast_fades_out():
    t = Toast(duration=1.0)
    t.show("saved", "good")
    assert t.current == "saved"
    t.update(0.6)
    assert t.current == "saved"
    t.update(0.6)
    assert t.current == ""


def test_a_long_toast_free_of_a_status_line_wraps_instead_of_losing_its_end():
    """The menu cut "…details are in /t…": a damaged save's new name and the crash log's path were lost."""
    from arcade.ui.theme import Theme

    theme = Theme("okabe-ito")
    surface = pygame.Surface((640, 400))
    t = Toast()
    t.show("Something went wrong in Hashi (ValueError: a long reason). Your progress is saved; details are "
           "in /home/player/.local/state/puzzle-arcade/logs/crash.log.", "error", 5)
    surface.fill((0, 0, 0))
    t.draw(surface, theme, 390)
    rows = [y for y in range(400) if any(surface.get_at((x, y))[:3] != (0, 0, 0) for x in range(0, 640, 2))]
    assert rows and rows[-1] - rows[0] > 2 * theme.font(17).get_linesize(), "one line, cut at the window's edge"
    one_line = Toast()
    one_line.show("saved", "good")
    surface.fill((0, 0, 0))
    one_line.draw(surface, theme, 390)
    short = [y for y in range(400) if any(surface.get_at((x, y))[:3] != (0, 0, 0) for x in range(0, 640, 2))]
    assert short[-1] - short[0] < 2 * theme.font(17).get_linesize()


def test_a_long_toast_in_a_status_line_uses_its_two_lines():
    """Beside the status line a toast was one line, cut: "Torus: … (rotate: Alt+…"."""
    from arcade.ui.theme import Theme

    theme = Theme("okabe-ito")
    surface = pygame.Surface((1024, 200))
    area = pygame.Rect(600, 100, 420, 44)
    t = Toast()
    t.show("Torus: opposite edges are joined (rotate: Alt+arrows, the wheel, or drag the water)", "info", 5)
    surface.fill((0, 0, 0))
    t.draw(surface, theme, area.bottom, area=area)
    rows = [y for y in range(200) if any(surface.get_at((x, y))[:3] != (0, 0, 0) for x in range(0, 1024, 2))]
    assert rows and area.top <= rows[0] and rows[-1] < area.bottom, "outside the status line"
    assert rows[-1] - rows[0] > theme.font(17).get_linesize() + 10, "one line, cut"


def test_tweens_ease_replace_by_key_and_finish():
    done = []
    tw = Tweens()
    tw.start("pop", 0.0, 1.0, 1.0, easing=ease_out_back, on_done=lambda: done.append("pop"))
    tw.update(0.5)
    assert 0.5 < tw.value("pop") <= 1.2
    tw.start("pop", 10.0, 20.0, 2.0)
    assert len(tw) == 1 and tw.value("pop") == 10.0
    tw.update(2.5)
    assert not tw.active and done == []  # the replaced tween never finished
    tw.start("x", 0, 1, 0.1, on_done=lambda: done.append("x"))
    tw.update(0.2)
    assert done == ["x"] and tw.value("x", -1) == -1


def test_watch_player_speed_pause_and_single_step():
    applied = []
    steps = iter([Step(str(i)) for i in range(10)])
    finished = []
    player = WatchPlayer(steps, lambda s: applied.append(s.move), steps_per_second=4,
                         on_finish=lambda: finished.append(1))
    assert player.update(0.5) == 2
    player.toggle_pause()
    assert player.update(5) == 0
    assert player.step() and applied == ["0", "1", "2"] and player.paused
    player.toggle_pause()
    assert player.faster() == 8.0 and player.slower() == 4.0
    player.update(100)
    assert applied == [str(i) for i in range(10)] and player.finished and finished == [1]
    assert not player.step()


def test_audio_is_silent_without_a_mixer(monkeypatch):
    def no_mixer(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_mixer)
    audio = Audio(enabled=True)
    assert not audio.available and "no audio" in audio.error
    audio.play("win")  # must not raise


def test_synthesised_sounds_are_short_and_in_range():
    for name, wave in synthesise().items():
        assert 0 < len(wave) < 22050, name
        assert abs(wave).max() <= 1.0, name


def test_worker_delivers_on_poll_and_newer_request_wins():
    import threading

    from arcade.ui.worker import Worker

    worker = Worker()
    results, errors = [], []
    gate = threading.Event()
    worker.submit(lambda: gate.wait(5) and "old", on_done=results.append)
    worker.submit(lambda: "new", on_done=results.append)
    gate.set()
    assert worker.wait(5)
    assert results == ["new"] and not worker.busy
    worker.submit(lambda: 1 / 0, on_done=results.append, on_error=errors.append)
    worker.wait(5)
    assert isinstance(errors[0], ZeroDivisionError)
    worker.close()


def test_a_cancelled_or_superseded_job_is_told_to_stop():
    """A search that asks job_cancelled() gives the thread back when the player moves on."""
    import threading

    from arcade.ui.worker import Worker, job_cancelled

    worker = Worker()
    started, seen = threading.Event(), []

    def search(name: str) -> str:
        started.set()
        for _ in range(500):
            if job_cancelled():
                seen.append(name)
                return "stopped"
            threading.Event().wait(0.01)
        return "ran out"

    try:
        assert not job_cancelled()  # outside a worker's thread
        worker.submit(search, "first", on_done=lambda r: None)
        assert started.wait(5)
        worker.cancel()
        started.clear()
        worker.submit(search, "second", on_done=lambda r: None)  # runs once "first" has stopped
        assert started.wait(5) and seen == ["first"]
        worker.submit(lambda: "third", on_done=lambda r: None)  # supersedes "second"
        assert worker.wait(5) and seen == ["first", "second"]
    finally:
        worker.close()


@pytest.mark.parametrize("palette", ["okabe-ito", "tol-bright", "high-contrast"])
def test_button_text_contrast_is_at_least_4_5_in_every_state_and_palette(palette):
    from arcade.ui.theme import PALETTES, Theme, contrast_ratio
    from arcade.ui.widgets import Button

    assert palette in PALETTES
    theme = Theme(palette)
    button = Button("Resume", lambda: None)
    for toggled in (False, True):
        for hovered in (False, True):
            button.toggled, button.hovered = toggled, hovered
            background, text = button.colours(theme)
            assert contrast_ratio(text, background) >= 4.5, (palette, toggled, hovered)


def test_the_window_size_list_offers_only_sizes_that_fit_the_screen():
    from arcade.ui.settings_scene import fitting_sizes

    assert fitting_sizes((1366, 768)) == [(1024, 640)]
    assert (1920, 1080) in fitting_sizes((1920, 1200)) and (1920, 1080) not in fitting_sizes((1600, 1000))
    assert fitting_sizes((800, 600)) == [(1024, 640)]  # always one to choose



def test_a_big_screen_is_offered_a_window_as_big_as_it():
    """On a 2560x1440 screen the Window size row stopped at 1920x1080: a bigger window could only be
    had by dragging its edge. The sizes of big screens are offered where they fit."""
    from arcade.ui.settings_scene import fitting_sizes

    assert fitting_sizes((2560, 1440))[-1] == (2560, 1440)
    assert fitting_sizes((3840, 2160))[-2:] == [(2560, 1440), (3840, 2160)]
    assert fitting_sizes((1920, 1200))[-1] == (1920, 1080)  # never one bigger than the screen


def test_the_first_window_fits_the_screen():
    """The default 1280x800 opened half off a 1366x768 laptop screen (its toolbar out of reach)."""
    from arcade.ui.settings_scene import start_size

    assert start_size((1280, 800), (1366, 768)) == (1024, 640)
    assert start_size((1280, 800), (1920, 1080)) == (1280, 800)  # a size that fits is kept
    assert start_size((1600, 1000), (1600, 1000)) == (1600, 1000)
    assert start_size((1920, 1080), (1600, 900)) == (1440, 900)
    assert start_size((1280, 800), (800, 600)) == (800, 600)  # smaller than every offered size
    assert start_size((1280, 800), (600, 300)) == (640, 400)  # never under the least window
    assert start_size((1280, 800), None) == (1280, 800)  # the screen unknown (headless)


def test_a_picker_opens_with_the_current_row_mid_list_so_the_next_ones_show(app):
    from arcade.ui.picker import Choice, PickerScene

    picker = PickerScene("Pick", [Choice(f"Level {i}") for i in range(40)], lambda c: None, selected=20)
    app.push(picker)
    assert picker.scroll <= 20 < picker.scroll + picker.visible_rows - 2


def test_a_picker_counts_levels_not_group_titles_and_home_shows_the_first_title(app):
    """The first level read "2 / 27" (23 levels), and Home scrolled its group's title out of view."""
    from arcade.ui.picker import Choice, PickerScene

    choices = [Choice("Small", header=True), *(Choice(f"S{i}") for i in range(20)),
               Choice("Large", header=True), *(Choice(f"L{i}") for i in range(20))]
    picker = PickerScene("Pick", choices, lambda c: None, selected=40)
    app.push(picker)
    assert picker.footer().startswith("39 / 40")
    picker.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode=""))
    assert picker.selected == 1 and picker.scroll == 0 and picker.footer().startswith("1 / 40")


@pytest.mark.parametrize("size", [(1024, 640), (480, 400)])
def test_a_picker_footer_always_says_how_to_pick_and_leave(size):
    """A list that scrolls used to show only its scroll keys: Enter and Esc were nowhere to be read."""
    from arcade.ui.app import App
    from arcade.ui.picker import Choice, PickerScene

    app = App(REGISTRY, size=size, headless=True)
    try:
        for count in (3, 40):
            picker = PickerScene("Pick", [Choice(f"Level {i}") for i in range(count)], lambda c: None, selected=2)
            app.push(picker)
            footer = picker.footer()
            assert "Enter pick" in footer and "Esc cancel" in footer, footer
            if size == (1024, 640):  # room for the mouse's words as well
                assert "click outside" in footer, footer
            assert ("3 / 40" in footer) == (count == 40)
            assert app.theme.font(14).size(footer)[0] <= picker.panel.width - 24
            app.pop()
    finally:
        app.close()


def test_a_long_key_table_goes_to_two_columns_instead_of_being_cut(app):
    from arcade.ui.overlays import PanelScene

    keys = [(f"K{i}", f"what key {i} does, in a sentence long enough to wrap once or twice") for i in range(12)]
    panel = PanelScene("Paused", [], [("Resume", lambda: None)], keys=keys)
    app.push(panel)
    assert len(panel._key_columns) == 2
    shown = sum(len(rows) for _, rows in panel._key_columns)
    assert shown == len(keys)
    for _, rows in panel._key_columns:
        assert 70 + 22 * sum(max(len(keys), len(lines)) for keys, lines in rows) + 16 <= panel.panel.height - 70


def test_a_key_table_taller_than_a_small_window_scrolls_to_its_last_key():
    """At 800x500 the pause menu cut the table at "…": Esc, F1, Space and more were listed nowhere."""
    from arcade.ui.app import App
    from arcade.ui.overlays import PanelScene

    app = App(REGISTRY, size=(800, 500), headless=True)
    try:
        keys = [(f"K{i}", f"what key {i} does") for i in range(30)]
        panel = PanelScene("Paused", [], [("Resume", lambda: None)], keys=keys)
        app.push(panel)
        assert panel.key_scroll.most > 0
        for _ in range(10):
            # Whole rows at every scroll position: the last row showed cut in half above "more keys".
            assert panel.keys_area().height % 22 == 0 and panel.key_scroll.offset % 22 == 0
            panel.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
        assert panel.key_scroll.offset == panel.key_scroll.most
        assert panel._keys_h - panel.key_scroll.offset <= panel.keys_area().height, "the last key is out of reach"
        panel.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        assert panel.key_scroll.offset < panel.key_scroll.most
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 500), (1000, 500)], ids=["one column", "two columns"])
def test_the_pause_key_table_scrolls_by_whole_rows_and_a_page_skips_none(size, monkeypatch):
    """The pause panel's keys scrolled by lines: with only whole rows drawn, a wrapped key half past
    the top left a blank line there (in both columns), and PgDn stepped over a three-line key cut at
    the bottom, shown on neither page. Every scroll now starts a row at the top of a column, and a
    walk down by PgDn (and by the wheel) shows every key."""
    import arcade.ui.overlays as overlays
    from arcade.ui.app import App
    from arcade.ui.overlays import PanelScene

    app = App(REGISTRY, size=size, headless=True)
    try:
        keys = [(f"K{i}", " ".join(["what this key does"] * (1 + i % 4))) for i in range(40)]
        panel = PanelScene("Paused", [], [("Resume", lambda: None)], keys=keys)
        app.push(panel)
        assert len(panel._key_columns) == (2 if size[0] >= 900 else 1)
        drawn: list[tuple[str, int]] = []
        real = overlays.draw_text
        monkeypatch.setattr(overlays, "draw_text", lambda surface, theme, text, pos, *a, **k: (
            drawn.append((text, pos[1])), real(surface, theme, text, pos, *a, **k))[1])

        def shown() -> tuple[set[str], set[int]]:
            drawn.clear()
            panel.draw(app.screen)
            return {t for t, _y in drawn if t in dict(keys)}, {y for _t, y in drawn}

        for scroll in (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""),
                       pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)):
            panel.key_scroll.offset = 0
            seen: set[str] = set()
            for _ in range(60):
                cells, tops = shown()
                seen |= cells
                assert panel.key_scroll.view.top in tops, f"a blank line at the top at {panel.key_scroll.offset}"
                if panel.key_scroll.offset == panel.key_scroll.most:
                    break
                panel.handle(scroll)
            assert panel.key_scroll.offset == panel.key_scroll.most
            assert seen == set(dict(keys)), f"never shown: {sorted(set(dict(keys)) - seen)}"
        for _ in range(60):  # and back up by PgUp, a row at the top every time, to the very top
            panel.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
            assert panel.key_scroll.view.top in shown()[1]
        assert panel.key_scroll.offset == 0
    finally:
        app.close()


def test_a_page_down_a_column_of_rows_never_steps_over_a_row():
    """A three-line row cut at the view's bottom (so not drawn) and reaching past the page's end:
    PgDn snapped on to the next row's top, and the row was shown on neither page (the pause keys,
    How to play). Every row is wholly in view at some page, down and back up."""
    from arcade.ui.scrolling import Scroll

    heights = [20, 60, 20, 20, 60, 20, 40, 20, 60, 20]
    tops = [sum(heights[:i]) for i in range(len(heights))]
    scroll = Scroll()
    scroll.fit(pygame.Rect(0, 0, 200, 60), sum(heights), tops)
    key = {d: pygame.event.Event(pygame.KEYDOWN, key=d, mod=0, unicode="")
           for d in (pygame.K_PAGEDOWN, pygame.K_PAGEUP)}
    for direction, end in ((pygame.K_PAGEDOWN, scroll.most), (pygame.K_PAGEUP, 0)):
        seen = set()
        for _ in range(20):
            seen |= {i for i, top in enumerate(tops) if scroll.shows(top, heights[i])}
            if scroll.offset == end:
                break
            assert scroll.keys(key[direction], 20)
        assert scroll.offset == end and seen == set(range(len(heights))), (direction, sorted(seen))


def test_what_the_sound_library_prints_while_probing_is_hidden_and_stderr_comes_back(capfd):
    """ALSA's "cannot find card" lines go to descriptor 2 from C: hidden during the probe only."""
    import os

    from arcade.ui.native_stderr import native_stderr_filtered

    with native_stderr_filtered(noise=None):
        os.write(2, b"ALSA lib confmisc.c: cannot find card '0'\n")
    os.write(2, b"after\n")
    err = capfd.readouterr().err
    assert "cannot find card" not in err and "after" in err


@contextmanager
def menu_window(size: tuple[int, int], *, continues: bool = False) -> Iterator[tuple[App, MenuScene]]:
    """The menu in a headless window of ``size`` (with a saved Hashi game: a Continue card too)."""
    from arcade.services import saves

    if continues:
        saves.write_autosave("hashi", {"game": "hashi", "moves": []}, "First steps")
    app = App(REGISTRY, size=size, headless=True)
    try:
        menu = MenuScene()
        app.push(menu)
        yield app, menu
    finally:
        app.close()


@pytest.mark.parametrize("size", [(640, 400), (800, 500), (1280, 800)])
def test_the_menu_cards_fit_between_the_title_and_the_keys_line(size, user_home):
    """At 800x500 the last card ran into the keys line under it."""
    with menu_window(size, continues=True) as (_app, menu):
        rects = [entry.rect for entry in menu.entries]
        assert len(rects) == 7
        assert rects[0].top >= menu.title_bottom(size[1]) and rects[-1].bottom <= size[1] - 40
        assert all(a.bottom < b.top for a, b in itertools.pairwise(rects))


MENU_SIZES = [MIN_WINDOW, (641, 401), (700, 430), (800, 500), (1024, 640), (1280, 800), (1920, 1080),
              (640, 1000), (2000, 400)]


@pytest.mark.parametrize("continues", [False, True], ids=["first-start", "with-continue"])
@pytest.mark.parametrize("size", MENU_SIZES, ids=[f"{w}x{h}" for w, h in MENU_SIZES])
def test_the_menus_keys_line_fits_whole_and_its_messages_cover_no_card(size, continues, user_home):
    """At 640x400 the keys line ran off the window ("… · C contin…", Esc quit lost); at 1024x640
    "Nothing to continue yet" lay over the Quit card's line. The keys wrap between keys onto a second
    line, under the cards; a message shows where there is room, a long one over the other cards."""
    from arcade.ui.menu import FOOTER_SIZE

    with menu_window(size, continues=continues) as (app, menu):
        app.frame(1 / 60, [])
        width, height = app.size
        font = app.theme.font(FOOTER_SIZE)
        lines = menu.footer_lines(width - 24)
        assert " · ".join(lines) in (menu.footer(), menu.footer(short=True)) and menu.footer().endswith("Esc quit")
        if width >= MIN_WINDOW[0]:  # two lines squeezed the cards above them at 640x400
            assert len(lines) == 1, lines
        assert all(font.size(line)[0] <= width - 24 for line in lines), lines
        cards = [entry.rect for entry in menu.entries]
        assert menu.footer_top(app.size) >= cards[-1].bottom + 4 and cards[0].top >= menu.title_bottom(height)
        assert all(a.bottom < b.top for a, b in itertools.pairwise(cards))
        if not continues:  # C with nothing to continue says so
            app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0)])
            assert "Nothing to continue" in menu.toast.current
        menu.toast.show("Could not resume that save: " + "a long reason with a path /home/player/.local/share/"
                        "puzzle-arcade/saves/hashi.json.damaged-2024 " * 3, "warning")
        app.frame(1 / 60, [])
        assert menu.toast.boxes, "no message was drawn"
        window = pygame.Rect(0, 0, width, height)
        for box in menu.toast.boxes:  # a long one, with no free room, over other cards only
            assert window.contains(box) and not box.colliderect(cards[menu.selected]), (box, cards)
            assert not box.colliderect(menu.title_rect), (box, menu.title_rect)


MENU_HINTS = {
    "nothing-to-continue": [],
    "after-a-warning": ["Could not read the records file: it was moved aside as records.json.damaged"],
    "long-warning": ["Could not resume that save: " + "a long reason with a path /home/player/.local/share/"
                     "puzzle-arcade/saves/hashi.json.damaged-2024 " * 3],
}


@pytest.mark.parametrize("before", list(MENU_HINTS))
@pytest.mark.parametrize("card", ["first", "last"])
@pytest.mark.parametrize("size", MENU_SIZES, ids=[f"{w}x{h}" for w, h in MENU_SIZES])
def test_the_menus_messages_never_cover_the_title_or_the_selected_card(size, card, before, user_home):
    """At 640x400 "Nothing to continue yet" (C with nothing saved), shown under a warning already
    up, or a long warning, fell back over "Puzzle Arcade": the menu's messages keep off the title and
    the selected card at every size, over the other cards and the keys line if they must."""
    with menu_window(size) as (app, menu):
        app.frame(1 / 60, [])
        if card == "last":
            menu.selected = len(menu.entries) - 1
        for text in MENU_HINTS[before]:
            menu.toast.show(text, "warning", 8)
        app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0)])
        app.frame(1 / 60, [])
        assert "Nothing to continue" in menu.toast.current
        assert menu.toast.boxes, "no message was drawn"
        assert any("Nothing to continue" in " ".join(lines) for lines in menu.toast.drawn_lines)
        window = pygame.Rect(0, 0, *app.size)
        chosen = menu.entries[menu.selected].rect
        for box in menu.toast.boxes:
            assert window.contains(box), (box, window)
            assert not box.colliderect(menu.title_rect), ("over the title", box, menu.title_rect)
            assert not box.colliderect(chosen), ("over the selected card", box, chosen)


def ink_rows(menu, app, surface: pygame.Surface) -> list[pygame.Rect]:
    """The bands of rows outside the cards where ``surface`` differs from the menu's background."""
    background = menu._background(app.size)
    cards = [entry.rect for entry in menu.entries]
    runs: list[pygame.Rect] = []
    for y in range(app.size[1]):
        if any(card.top <= y < card.bottom for card in cards):
            continue
        if any(surface.get_at((x, y)) != background.get_at((x, y)) for x in range(0, app.size[0], 2)):
            if runs and runs[-1].bottom == y:
                runs[-1].height += 1
            else:
                runs.append(pygame.Rect(0, y, app.size[0], 1))
    return runs


@pytest.mark.parametrize("problems", [1, 3], ids=["settings", "settings-records-save"])
@pytest.mark.parametrize("size", MENU_SIZES, ids=[f"{w}x{h}" for w, h in MENU_SIZES])
def test_damaged_files_are_said_at_start_without_covering_the_menus_text(size, problems, user_home):
    """A damaged settings file's one-line warning lay over the subtitle at 1280x800 (and three damaged
    files' over the title). The messages now stand where the menu has room -- under the cards, above
    the keys line at 1280x800 -- or, where it has none, in the place of the subtitle or the keys line,
    which give way while they show: no text is left half under a message. Only the smallest windows
    (below 800x500, or three messages under 1280x800) put them over cards: never the selected one,
    nor the title (they were over the title before)."""
    from arcade.services import saves
    from arcade.services.settings import Settings

    Settings.path().parent.mkdir(parents=True)
    Settings.path().write_text('{"theme": "dark", garb')
    if problems == 3:
        saves.records_path().parent.mkdir(parents=True, exist_ok=True)
        saves.records_path().write_text("garbage{")
        saves.autosave_path("hashi").parent.mkdir(parents=True, exist_ok=True)
        saves.autosave_path("hashi").write_text('{"game": "hashi", "mov')
    with menu_window(size) as (app, menu):
        app.frame(1 / 60, [])
        assert len(menu.toast.messages) == problems
        boxes = list(menu.toast.boxes)
        window = pygame.Rect(0, 0, *app.size)
        cards = [entry.rect for entry in menu.entries]
        assert all(window.contains(box) for box in boxes), boxes
        assert not any(box.colliderect(menu.title_rect) or box.colliderect(cards[menu.selected]) for box in boxes)
        if size[1] < (800 if problems == 3 else 500) or size[0] < 800:
            return  # (no room: the cards come up to the title, one message takes two lines; over other cards)
        assert all(box.collidelist(cards) == -1 for box in boxes), (boxes, cards)
        assert len(boxes) == problems, "a message was left out"
        shown = pygame.Surface(app.size)
        menu.draw(shown)
        menu.toast.messages, kept = [], menu.toast.messages
        plain = pygame.Surface(app.size)
        menu.draw(plain)
        menu.toast.messages = kept
        texts = ink_rows(menu, app, plain)
        title = texts[0]
        assert title.collidelist(boxes) == -1, ("the message covered the title", size, title, boxes)
        for text in texts:
            if text.collidelist(boxes) == -1:
                continue
            # Under a message: the text gave way (none of it shows beside the box).
            for y in range(text.top, text.bottom):
                for x in range(0, app.size[0], 2):
                    if not any(box.collidepoint(x, y) for box in boxes):
                        assert shown.get_at((x, y)) == menu._background(app.size).get_at((x, y)), \
                            ("text half under a message", size, text, boxes)
        if size == (1280, 800):
            assert min(box.top for box in boxes) > cards[-1].bottom, "at 1280x800 they stand under the cards"
            assert problems == 3 or not any(text.collidelist(boxes) != -1 for text in texts), \
                "one message covered the menu's text"


@pytest.mark.parametrize("continues", [False, True], ids=["first-start", "with-continue"])
@pytest.mark.parametrize("size", MENU_SIZES, ids=[f"{w}x{h}" for w, h in MENU_SIZES])
def test_a_menu_cards_words_and_chips_stand_clear_of_its_edges_and_of_each_other(size, continues, user_home,
                                                                                 monkeypatch):
    """At 640x400 a card's title touched its top edge (with Continue, seven cards 32 px high: the
    description touched the bottom one too), and the selected card's chips sat on "Enter ▶" and on
    the description's last word. Whatever card is selected: the title's and the description's lines
    lie inside the card and apart, every chip inside it and off both lines and off "Enter ▶", the
    cards below the big title, and at 640x400 every game's description whole."""
    from arcade.ui import menu as menu_module
    from tests.drawing import texts_drawn

    with menu_window(size, continues=continues) as (app, menu):
        drawn = texts_drawn(monkeypatch, menu_module)
        title_line = app.theme.font(menu_module.TITLE_SIZE, bold=True).get_linesize()
        for selected, entry in enumerate(menu.entries):
            menu.selected = selected
            drawn.clear()
            menu.draw(app.screen)
            card = entry.rect
            assert card.top >= menu.title_top(app.size[1]) + title_line, "a card under the big title"
            words = {d.text: d for d in drawn if card.contains(d.rect) or d.rect.colliderect(card)}
            title, sub = words[entry.title].rect, words[entry.subtitle].rect
            # A line's box has room above its capitals and below: 2 px more keep the words clear.
            assert title.top >= card.top + 2 and sub.bottom <= card.bottom - 2, (card, title, sub)
            assert title.bottom <= sub.top + 1, (title, sub)
            if size == MIN_WINDOW and entry.how_to_play is not None:
                font = app.theme.font(words[entry.subtitle].size)
                assert sub.width == font.size(entry.subtitle)[0], f"{entry.title}'s description was cut"
            chips = [r for r in (entry.make_rect, entry.new_rect, entry.how_rect) if r is not None]
            enter = words["Enter ▶"].rect if "Enter ▶" in words else None
            for chip in chips:
                assert card.contains(chip) and not chip.colliderect(sub) and not chip.colliderect(title), (chip, sub)
                assert enter is None or not chip.colliderect(enter), (chip, enter)


@pytest.mark.parametrize("size", [(640, 400), (800, 500), (1280, 800)])
def test_the_settings_panel_fits_the_window(size, user_home):
    """At 640x400 the panel was taller than the window: its title and Back button were cut off."""
    from arcade.ui.app import App
    from arcade.ui.settings_scene import SettingsScene

    app = App(REGISTRY, size=size, headless=True)
    try:
        scene = SettingsScene()
        app.push(scene)
        window = pygame.Rect(0, 0, *size)
        assert window.contains(scene.panel) and scene.panel.contains(scene.back.rect)
        rects = [widget.rect for _label, widget in scene.rows]
        assert all(scene.panel.contains(r) for r in rects) and rects[-1].bottom < scene.back.rect.top
    finally:
        app.close()


@pytest.mark.parametrize("size", [(640, 400), (1280, 800)])
def test_the_new_puzzle_dialog_fits_the_window(size, user_home):
    """At 640x400 Generate and Cancel lay over the seed field, and the hint over the border."""
    from arcade.core.registry import Launch
    from arcade.ui.app import App

    app = App(REGISTRY, size=size, headless=True)
    try:
        scene = app.launch("hashi", Launch(level="classic/01-first-steps"))
        scene.open_new_puzzle()
        dialog = app.stack.top
        rows = [widget.rect for _label, widget in dialog.rows]
        assert pygame.Rect(0, 0, *size).contains(dialog.panel)
        assert rows[-1].bottom < dialog.message_y < dialog.generate_button.rect.top
        assert dialog.panel.contains(dialog.generate_button.rect) and dialog.panel.contains(dialog.cancel_button.rect)
    finally:
        app.close()


def test_a_message_gets_its_roles_glyph_once():
    """A hovered Battle Royale cell's own "✗ doomed" was shown as "✗ ✗ doomed"."""
    from arcade.ui.theme import Theme

    assert Theme.marked("error", "✗ (4, 10) holds loot") == "✗ (4, 10) holds loot"
    assert Theme.marked("error", "refused") == "✗ refused"
    assert Theme.marked("good", "✓ drop here") == "✓ drop here"
    assert Theme.marked("text_dim", "plain") == "plain"


@pytest.mark.parametrize("size", [(1024, 640), (800, 500), (640, 400)])
def test_a_panels_buttons_stay_inside_it_and_apart(size, user_home):
    """Tron's match result has six buttons: two stuck out of the panel at 1024x640."""
    from arcade.ui.overlays import ResultScene

    app = App(REGISTRY, size=size, headless=True)
    try:
        buttons = [("Rematch", "F5"), ("Replay round", "R"), ("Save replay", "Ctrl+S"), ("Setup", "O"),
                   ("Look at board", "Esc"), ("Main menu", "M")]
        panel = ResultScene("You win the match!", ["You 3 : 1 Flood-fill"],
                            [(name, lambda: None, key) for name, key in buttons])
        app.push(panel)
        app.frame(1 / 60, [])
        rects = [b.rect for b in panel.buttons]
        assert all(panel.panel.contains(r) for r in rects), (panel.panel, rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    finally:
        app.close()


def test_a_console_line_wraps_and_a_path_without_spaces_breaks_anywhere():
    """Every long stderr line was cut at "…": a traceback could not be read."""
    from arcade.ui.console import wrap_line

    def fits(text: str) -> bool:
        return len(text) <= 20

    line = '  3 File "/tmp/walkA/crash/a/very/long/path.py", line 4'
    pieces = wrap_line(fits, line)
    assert all(fits(p) for p in pieces) and len(pieces) > 2
    assert "".join(p.removeprefix("    ") for p in pieces).replace(" ", "") == line.replace(" ", "")
    assert pieces[1].startswith("    ")
    assert wrap_line(fits, "short") == ["short"]
    assert wrap_line(lambda t: len(t) <= 1, "abc", indent="") == ["a", "b", "c"]  # always progresses


def test_the_console_scrolls_back_to_the_start_of_a_long_traceback(user_home):
    """Only the newest lines fitted: the "Traceback" line had scrolled away with no way back."""
    from arcade.ui.console import ConsolePanel
    from arcade.ui.theme import Theme

    theme = Theme("dark")
    panel = ConsolePanel(shown=True)
    panel.rect = pygame.Rect(0, 0, 300, 200)
    lines = [(0, f"  1 line {i}") for i in range(60)]
    surface = pygame.Surface((400, 300))
    drawn: list[str] = []

    def draw(**_kw: object) -> None:
        drawn.clear()
        import arcade.ui.console as console

        real = console.draw_text
        console.draw_text = lambda s, t, text, *a, **k: (drawn.append(text), real(s, t, text, *a, **k))
        try:
            panel.draw(surface, theme, lines, "Console")
        finally:
            console.draw_text = real

    draw()
    assert "  1 line 59" in drawn and "  1 line 0" not in drawn
    panel.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 50), rel=(0, 0), buttons=(0, 0, 0)))
    assert panel.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=100, precise_y=100.0))
    draw()
    assert drawn[2] == "  1 line 0" and "  1 line 59" not in drawn  # back to the first line, no further
    panel.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1000, precise_y=-1000.0))
    draw()
    assert panel.scroll == 0 and "  1 line 59" in drawn


@pytest.mark.parametrize("palette", ["okabe-ito", "tol-bright", "high-contrast"])
def test_no_players_colour_is_the_error_colour(palette):
    """Tol's bright palette drew the second player (Battle Royale's optimal route) in its error red,
    the same dashed pink as the storm's next edge."""
    from arcade.ui.theme import PALETTES

    colours = PALETTES[palette]
    players = [colours[f"player{i}"] for i in range(1, 5)]
    assert len(set(players)) == 4
    assert colours["error"] not in players


@pytest.mark.parametrize("vision", ["normal", "deuteranopia", "protanopia", "tritanopia"])
@pytest.mark.parametrize("palette", ["okabe-ito", "tol-bright", "high-contrast"])
def test_the_two_players_colours_read_apart(palette, vision):
    """Tron's two cycles (Runway's first two bikes) were blue and cyan in Tol's bright palette: hard
    to tell apart at a glance, the more so for colour-blind players."""
    import math

    from arcade.ui.theme import PALETTES
    from tests.hashi.test_hashi_hint_colours import delta_e, lab, simulate

    def hue(rgb: tuple[int, int, int]) -> float:
        _lightness, a, b = lab(rgb)
        return math.degrees(math.atan2(b, a)) % 360

    colours = PALETTES[palette]
    one, two = colours["player1"], colours["player2"]
    if vision != "normal":
        one, two = simulate(one, vision), simulate(two, vision)
    apart = abs(hue(one) - hue(two))
    assert delta_e(one, two) >= 20.0 and min(apart, 360 - apart) >= 90.0  # blue and cyan: 36 degrees


def test_a_keys_table_keeps_each_key_in_the_row_a_press_runs_now():
    from arcade.core.registry import Binding
    from arcade.ui.keymap import help_rows, listed_once, named_keys, parse_keys

    pygame.init()  # key names to codes
    rows = [
        Binding("Space", "replay_pause", "replay: pause", when="replaying"),
        Binding("Right / N", "step", "replay: step", when="replaying"),
        Binding("Arrows / W A S D", "", "steer"),
        Binding("Space", "pause", "pause the round", when="in_round"),
        Binding("Enter / Space", "next", "next round", when="over"),
        Binding("R", "replay", "replay the round", when="over"),
        Binding("N", "tick", "one tick", when="paused"),
    ]

    def table(*modes: str) -> list[tuple[str, str]]:
        kept = listed_once(rows, lambda b: not b.when or b.when in modes, lambda b: b.when == "replaying")
        return help_rows(kept[i] for i in sorted(kept))

    assert table("in_round") == [("Arrows / W A S D", "steer"), ("Space", "pause the round"),
                                 ("Enter", "next round"), ("R", "replay the round"), ("N", "one tick")]
    assert table("over") == [("Arrows / W A S D", "steer"), ("Enter / Space", "next round"),
                             ("R", "replay the round"), ("N", "one tick")]
    # Replaying, Right and Space are the replay's: the group row naming Right goes (it cannot be cut).
    assert table("replaying") == [("Space", "replay: pause"), ("Right / N", "replay: step"),
                                  ("Enter", "next round"), ("R", "replay the round")]
    assert named_keys("Arrows / W A S D") == named_keys("↑ / ↓ / ← / → / WASD")
    assert named_keys("Ctrl+arrow · 1–3") == {*parse_keys("Ctrl+Up / Ctrl+Down / Ctrl+Left / Ctrl+Right"),
                                              *parse_keys("1 / 2 / 3")}
    assert named_keys("Left-drag from an island") == named_keys("Timeline · minimap") == frozenset()


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _held_keys(monkeypatch):
    from arcade.ui import input as input_module

    clock = _Clock()
    monkeypatch.setattr(input_module.time, "monotonic", clock)
    return input_module.HeldKeys(), clock


def _key(kind: int, key: int = pygame.K_f) -> pygame.event.Event:
    return pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0)


def test_a_second_press_soon_after_the_window_was_remade_is_not_swallowed(monkeypatch):
    """Released, then pressed again within a second of the remake: the press acts (it was taken for
    the new window's focus pressing a key still held, and dropped)."""
    keys, clock = _held_keys(monkeypatch)
    assert not keys.swallows(_key(pygame.KEYDOWN))
    keys.window_replaced()
    clock.now += 0.05
    assert not keys.swallows(_key(pygame.KEYUP))
    assert not keys.swallows(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    clock.now += 0.25  # a person's new press, well after the focus
    assert not keys.swallows(_key(pygame.KEYDOWN))


def test_a_press_after_a_release_the_new_window_saw_is_not_swallowed(monkeypatch):
    keys, clock = _held_keys(monkeypatch)
    keys.swallows(_key(pygame.KEYDOWN))
    keys.window_replaced()
    clock.now += 0.02
    keys.swallows(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    assert not keys.swallows(_key(pygame.KEYUP))  # the new window has the focus: a real release
    clock.now += 0.01
    assert not keys.swallows(_key(pygame.KEYDOWN))


def test_the_press_x11_sends_with_the_new_windows_focus_is_still_swallowed(monkeypatch):
    """The old window's end releases the key, the new window's focus presses it again at once: the
    key is still held, and only its next release lets it act."""
    keys, clock = _held_keys(monkeypatch)
    keys.swallows(_key(pygame.KEYDOWN))
    keys.window_replaced()
    clock.now += 0.05
    for event in (_key(pygame.KEYUP), pygame.event.Event(pygame.WINDOWFOCUSLOST),
                  pygame.event.Event(pygame.WINDOWFOCUSGAINED)):
        assert not keys.swallows(event)
    clock.now += 0.005
    assert keys.swallows(_key(pygame.KEYDOWN)), "the focus's press of a held key acted"
    clock.now += 0.5
    assert keys.swallows(_key(pygame.KEYDOWN)), "a repeat of the held key acted"
    assert not keys.swallows(_key(pygame.KEYUP))
    assert not keys.swallows(_key(pygame.KEYDOWN))


def test_a_key_cell_breaks_only_after_a_separator_each_key_whole(app):
    """The pause table broke "Ctrl+Y / Ctrl+Shift+Z / R" before "/ R": a list of keys breaks
    after " / " or " · ", and a single key wider than the column at its spaces. Lines after the
    first fit the column less their hanging indent (they are drawn indented)."""
    from arcade.ui.key_table import KEY_INDENT, wrap_keys

    theme = app.theme
    font = theme.font(16, True)
    cell = "Ctrl+Y / Ctrl+Shift+Z / R"
    width = font.size("Ctrl+Y / Ctrl+Shift+Z /")[0] + 2
    assert font.size(cell)[0] > width
    assert wrap_keys(theme, cell, 16, width) == ["Ctrl+Y / Ctrl+Shift+Z /", "R"]
    narrow = font.size("Ctrl+Shift+Z /")[0] + 2 + theme.px(KEY_INDENT)
    assert wrap_keys(theme, cell, 16, narrow) == ["Ctrl+Y /", "Ctrl+Shift+Z /", "R"]
    room = max(font.size("Ctrl+arrow ·")[0], font.size("Shift+arrow")[0] + theme.px(KEY_INDENT))
    assert wrap_keys(theme, "Ctrl+arrow · Shift+arrow", 16, room) == \
        ["Ctrl+arrow ·", "Shift+arrow"]
    long_key = "Left-drag from an island"
    assert wrap_keys(theme, long_key, 16, font.size("Left-drag from")[0]) == ["Left-drag from", "an island"]
    assert wrap_keys(theme, "Space", 16, 400) == ["Space"]
    flush = font.size("Ctrl+Shift+Z /")[0] + 2  # fits as a first line, not indented
    assert wrap_keys(theme, "Ctrl+Shift+Z / Ctrl+Y", 16, flush)[0] == "Ctrl+Shift+Z /"
    assert all(font.size(line)[0] <= flush - theme.px(KEY_INDENT)
               for line in wrap_keys(theme, "Ctrl+Y / Ctrl+Shift+Z / R", 16, flush)[1:])


@pytest.mark.parametrize(("size", "scale"), [
    ((640, 400), 1.0), ((800, 600), 1.0), ((1280, 720), 1.0), ((1280, 800), 1.0), ((3840, 800), 1.0),
    ((1600, 1000), 1.125), ((1920, 1080), 1.219), ((1920, 1200), 1.25), ((2560, 1440), 1.5),
    ((3840, 2160), 2.0), ((7680, 4320), 2.0),
])
def test_the_ui_scale_is_one_up_to_1280x800_then_grows_with_the_shorter_gain(size, scale):
    """Worked values of the UI scale: small windows exactly as designed, 1.5 at 2560x1440, at most 2."""
    from arcade.ui.theme import ui_scale

    assert ui_scale(size) == scale


@pytest.mark.parametrize(("size", "choice", "scale"), [
    ((2560, 1440), 1.0, 1.0), ((2560, 1440), 1.25, 1.25), ((1920, 1080), 1.5, 1.5), ((1600, 1000), 1.5, 1.5),
    ((1280, 800), 1.5, 1.5), ((1280, 720), 1.5, 1.5), ((800, 600), 1.25, 1.25), ((800, 500), 1.5, 1.25),
    ((640, 400), 1.5, 1.0), ((1280, 400), 1.25, 1.0),
])
def test_a_chosen_text_size_is_kept_as_far_as_the_window_has_room(size, choice, scale):
    """100 % keeps the design size on a big screen; 125 % and 150 % need a window that many times
    640x400 (the smallest every layout fits), else they go as far as it allows. Measured against
    1280x800 instead, a laptop's window got 100 % whatever the player chose."""
    from arcade.ui.theme import ui_scale

    assert ui_scale(size, choice) == scale


def test_the_settings_text_size_row_rescales_every_scene_at_once():
    """T in Settings steps Auto → 100 % → 125 % → 150 %: at 1920x1080 the menu behind shrinks to the
    design size at 100 % and grows again at 150 %, without a restart; at 800x500 150 % is as far
    as 125 % and says so."""
    from arcade.ui.menu import MenuScene
    from arcade.ui.settings_scene import SettingsScene

    app = App(REGISTRY, size=(1920, 1080), headless=True)
    app.persist = False
    try:
        menu = app.push(MenuScene())
        settings = app.push(SettingsScene())
        app.frame(1 / 60)
        auto = (app.theme.scale, menu.entries[0].rect.height)
        assert auto[0] == 1.219
        labels = []
        for _ in range(3):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t", scancode=0))
            app.frame(1 / 60)
            labels.append((settings.rows[5][1].label, app.theme.scale, menu.entries[0].rect.height))
        assert [label for label, _, _ in labels] == ["100 %", "125 %", "150 %"]
        assert labels[0][1] == 1.0 and labels[0][2] < auto[1] < labels[2][2] and labels[2][1] == 1.5
        assert app.settings.text_size == 1.5
        row = settings.rows[5][1].rect
        assert settings.panel.contains(row) and settings.panel.contains(settings.back.rect)
        app.on_resize((800, 500))
        app.frame(1 / 60)
        assert settings.rows[5][1].label == "150 % → 125 % here" and app.theme.scale == 1.25
        row = settings.rows[5][1].rect
        assert settings.panel.contains(row) and settings.panel.contains(settings.back.rect)
    finally:
        app.close()


def test_theme_font_and_px_follow_the_scale_but_a_fixed_size_does_not():
    """Chrome text and metrics grow with the UI scale; a board's text, sized from its cells, does not."""
    from arcade.ui.theme import Theme

    pygame.font.init()
    theme = Theme()
    small = theme.font(16).get_height()
    assert theme.px(34) == 34
    theme.scale = 1.5
    assert theme.px(34) == 51
    assert theme.font(16).get_height() > small
    assert theme.font(16, fixed=True).get_height() == small


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
def test_the_menu_grows_on_a_big_window_and_its_cards_fit(size):
    """At 2560x1440 the menu's cards and text were 1280x720's, a strip in the middle of the screen:
    they grow with the window, titles and cards inside it, clear of the keys line."""
    from arcade.ui.menu import MenuScene

    cards = {}
    for window in [(1280, 720), size]:
        app = App(REGISTRY, size=window, headless=True)
        try:
            menu = app.push(MenuScene())
            app.frame(1 / 60)
            rects = [e.rect for e in menu.entries]
            screen = pygame.Rect((0, 0), window)
            assert all(screen.contains(r) for r in rects)
            assert all(a.bottom <= b.top for a, b in itertools.pairwise(rects))
            assert rects[-1].bottom <= menu.footer_top(window)
            cards[window] = (rects[0].width, rects[0].height, app.theme.font(18).get_height())
        finally:
            app.close()
    small, big = cards[(1280, 720)], cards[size]
    assert all(b > s for s, b in zip(small, big, strict=True)), (small, big)


def _linear_prefix(text: str, room: int, width, end: str) -> str:
    """What every shortening loop did, one character at a time (the oracle)."""
    while text and width(text + end) > room:
        text = text[:-1]
    return text


@given(st.text(alphabet="ab W…—\u0301", max_size=60), st.integers(0, 400), st.sampled_from(["", "…"]))
def test_fitting_prefix_is_the_one_character_loop_by_halving(text, room, end):
    pygame.font.init()
    font = pygame.font.Font(None, 20)

    def width(t: str) -> int:
        return font.size(t)[0]

    fitted = fitting_prefix(text, room, width, end)
    if width(text[:1] + end) <= room or not text:  # widths grow with the prefix: the loop's answer
        assert fitted == _linear_prefix(text, room, width, end)
    assert fitted == "" or width(fitted + end) <= room


def test_a_title_of_megabytes_is_shortened_with_a_few_measurements():
    """A level file whose title was a 2 MB line hung the first frame for over ten minutes (deaf to
    SIGTERM): the header took one character off the title per measurement of the whole rest."""
    from arcade.ui.formatting import header_title

    calls = []

    def width(text: str) -> int:
        calls.append(len(text))
        return 9 * len(text)

    title = "Long " * 4_000  # 20,000 characters: the loop measured nearly all of them
    shown = header_title("Hashi", title, 900, width)
    assert shown.endswith("…") and width(shown) <= 900 and shown.startswith("Long Long")
    assert len(calls) < 60


def test_a_header_too_narrow_drops_the_games_name_whole_and_cuts_the_level_at_a_word():
    """Battle Royale's header at 640 wide read "Scattered — Battle…": the game's name cut mid-word.
    It goes whole; a level too long for the room is cut after a word, unless that leaves under half."""
    from arcade.ui.formatting import header_title

    def width(text: str) -> int:
        return 10 * len(text)

    assert header_title("Battle Royale", "Scattered", 400, width) == "Battle Royale — Scattered"
    assert header_title("Battle Royale", "Scattered", 190, width) == "Scattered"
    assert header_title("Tron", "Even sides with a long way round", 260, width) == "Even sides with a long…"
    assert header_title("Tron", "Supercalifragilistic way", 120, width) == "Supercalifr…"
    assert header_title("Tron", "", 30, width) == "Tr…"


def test_a_header_too_narrow_shortens_the_title_before_the_ending_it_must_keep():
    """The editor's unsaved "*" and file went under the ellipsis of a long title; the first of the
    endings given that leaves some title is kept, else the title is cut at its end as before."""
    from arcade.ui.formatting import header_title

    def width(text: str) -> int:
        return 10 * len(text)

    level = "Editor — " + "x" * 60 + " (file.txt) *"
    keep = (" (file.txt) *", " *")
    assert header_title("Hashi", level, 400, width, keep).endswith("x… (file.txt) *")
    assert header_title("Hashi", level, 160, width, keep) == "Editor — xxxx… *"
    assert header_title("Hashi", level, 400, width).endswith("x…")
    assert all(width(header_title("Hashi", level, room, width, keep)) <= room for room in range(40, 900, 7))


@pytest.mark.parametrize("text, before", [
    ("Tatham's Bridges refuses touching islands (row 1, column 1 and row 1, column 2).",
     "Tatham's Bridges refuses touching islands (row 1, column"),
    ("Pigeonhole: The 5 at row 3, column 5 needs 5", "Pigeonhole: The 5 at row 3, column"),
    ("Moves: 10 · Time: 00:53", "Moves: 10 · Time:"),
])
def test_a_wrapped_line_never_parts_a_number_from_the_word_it_counts(text, before):
    """Hashi's Game ID panel read "…touching islands (row 1, column" and, on the next line, "1 and
    row 1, column 2)": the cell's name was cut in two. A number stays on the line of the word
    before it, as "row 1", "column 2" and "Moves: 10" are read; the words are all still there."""
    from arcade.ui.text import wrap_text
    from arcade.ui.theme import Theme

    pygame.font.init()
    theme = Theme()
    width = theme.font(16).size(before)[0] + 1  # the old wrap broke right after ``before``
    lines = wrap_text(theme, text, 16, width)
    assert len(lines) > 1
    assert not any(line.split(" ")[0][:1].isdigit() for line in lines[1:]), lines
    assert " ".join(lines).split() == text.split()


def test_a_balanced_wrap_takes_as_few_lines_and_leaves_no_word_alone():
    """Tron's start banner read "You are cycle 1: the arrow is your heading, turn now if you" over
    "like": a greedy wrap, centred. The balanced one keeps the line count, every word, each line
    within the width, and its lines near the same length."""
    from arcade.ui.text import wrap_balanced, wrap_text
    from arcade.ui.theme import Theme

    pygame.font.init()
    theme = Theme()
    font = theme.font(19)
    text = "You are cycle 1: the arrow is your heading, turn now if you like"
    width = font.size("You are cycle 1: the arrow is your heading, turn now if you")[0] + 2
    greedy = wrap_text(theme, text, 19, width)
    assert greedy[-1] == "like"  # the case seen on screen
    lines = wrap_balanced(theme, text, 19, width)
    assert len(lines) == len(greedy) == 2
    assert " ".join(lines).split() == text.split()
    assert all(font.size(line)[0] <= width for line in lines)
    shortest, longest = sorted(font.size(line)[0] for line in lines)[::len(lines) - 1]
    assert shortest > longest * 0.6, lines
    assert wrap_balanced(theme, "short", 19, width) == ["short"]


def test_scroll_reveals_what_the_focus_moved_to_and_stays_in_bounds():
    """The framework's Scroll: focus below the view scrolls just enough to show it whole, focus above
    scrolls back to it, the wheel never goes past either end, and a content that fits never scrolls."""
    import pygame

    from arcade.ui.scrolling import Scroll

    scroll = Scroll()
    scroll.fit(pygame.Rect(0, 100, 200, 90), 300)  # 10 rows of 30 px, 3 in view
    assert scroll.shows(60, 30) and not scroll.shows(90, 30)
    assert scroll.reveal(240, 30) and scroll.offset == 180 and scroll.shows(240, 30)
    assert scroll.reveal(30, 30) and scroll.offset == 30
    assert not scroll.reveal(60, 30)  # already in view: nothing moves
    scroll.wheel(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False), 30)
    assert scroll.offset == scroll.most == 210
    scroll.wheel(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=10, flipped=False), 30)
    assert scroll.offset == 0
    scroll.fit(pygame.Rect(0, 100, 200, 90), 60)
    assert scroll.most == 0 and not scroll.by(50)


def test_scroll_pages_a_view_less_a_line_and_goes_to_either_end_only_when_it_scrolls():
    """Scroll.keys, shared by How to play and the pause keys: PgDn keeps the line at the edge in
    sight, Home/End go to the ends (not with ``ends=False``: the pause panel's Home/End move its
    buttons), and a column that fits takes none of these keys."""
    from arcade.ui.scrolling import Scroll

    def press(code: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")

    scroll = Scroll()
    scroll.fit(pygame.Rect(0, 0, 100, 100), 450)
    assert scroll.keys(press(pygame.K_PAGEDOWN), 20) and scroll.offset == 80
    assert scroll.keys(press(pygame.K_END), 20) and scroll.offset == scroll.most == 350 and not scroll.more
    assert scroll.keys(press(pygame.K_PAGEUP), 20) and scroll.offset == 270 and scroll.more
    assert scroll.keys(press(pygame.K_HOME), 20) and scroll.offset == 0
    assert not scroll.keys(press(pygame.K_END), 20, ends=False) and scroll.offset == 0
    assert not scroll.keys(press(pygame.K_a), 20)
    scroll.fit(pygame.Rect(0, 0, 100, 100), 90)
    assert not scroll.keys(press(pygame.K_PAGEDOWN), 20) and not scroll.more and scroll.offset == 0


def test_a_letter_with_shift_is_the_letter_unless_a_binding_takes_it_with_shift():
    """The keys tables print letters as capitals ("H hint"); Shift+H, what a player reading it may
    press, did nothing. A Shift+letter binding still wins, and Ctrl or Alt keep their meaning."""
    from arcade.core.registry import Binding
    from arcade.ui.keymap import find_binding

    pygame.init()  # the key names are looked up in pygame's table
    hint, redo, other = Binding("H", "hint", "hint"), Binding("R", "redo", "redo"), Binding("Shift+R", "other", "x")
    bindings = [hint, redo, other]

    def press(key: int, mod: int = 0, char: str = "") -> Binding | None:
        return find_binding(bindings, pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char))

    assert press(pygame.K_h, pygame.KMOD_LSHIFT, "H") is hint
    assert press(pygame.K_h, 0, "h") is hint
    assert press(pygame.K_r, pygame.KMOD_LSHIFT, "R") is other and press(pygame.K_r, 0, "r") is redo
    assert press(pygame.K_h, pygame.KMOD_LSHIFT | pygame.KMOD_LCTRL) is None
    assert press(pygame.K_h, pygame.KMOD_LSHIFT | pygame.KMOD_LALT) is None


def test_a_damaged_settings_files_warning_is_said_once_not_again_back_from_a_game(user_home):
    """The warning about a damaged settings file is the first screen's: the menu's toast waited
    while a game covered it, and the same warning came back on the menu after the game."""
    from arcade.services.settings import Settings

    Settings.path().parent.mkdir(parents=True)
    Settings.path().write_text("garbage{")
    app = App(REGISTRY, size=(1280, 800), headless=True)
    try:
        menu = MenuScene()
        app.push(menu)
        for _ in range(90):  # a second and a half on screen: seen
            app.frame(1 / 60)
        assert [m.text for m in menu.toast.messages if "settings file was damaged" in m.text], "not said at launch"
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=pygame.K_b, mod=0, unicode="b", scancode=0))
        app.frame(1 / 60)
        assert app.stack.top is not menu and app.stack.top.info.name == "royale"
        app.back_to_menu()
        for _ in range(3):
            app.frame(1 / 60)
        assert app.stack.top is menu
        assert not [m.text for m in menu.toast.messages if "settings" in m.text], "said again back from the game"
    finally:
        app.close()
        pygame.display.quit()


def test_a_message_not_yet_seen_stays_when_the_menu_comes_back():
    """:meth:`Toast.drop_seen` takes only what was up long enough to read; a fresh one stays."""
    toast = Toast()
    toast.show("old news", "warning", 8.0)
    toast.update(2.0)
    toast.show("fresh", "warning", 8.0)
    assert toast.drop_seen() and [m.text for m in toast.messages] == ["fresh"]


def test_the_header_says_the_zoom_alike_in_every_game_and_only_while_zoomed():
    """One wording for the zoom field (a GridView camera's header and Runway's road): "Zoom 2.5×"."""
    assert zoom_field(2.5, True) == ["Zoom 2.5×"]
    assert zoom_field(1.04, True) == ["Zoom 1.0×"]
    assert zoom_field(3.0, False) == []


def test_columns_keep_their_text_and_only_the_widest_give_way():
    """Columns at fixed shares cut a short count ("120/1…") beside a wide column with room to spare:
    laid out by their text, the narrow ones stay whole and the widest share what is left."""
    from arcade.ui.columns import fitted_widths, lay_out_columns

    assert fitted_widths([50, 200, 170, 100], 600) == [50, 200, 170, 100]
    assert fitted_widths([50, 200, 170, 100], 400) == [50, 125, 125, 100]
    placed = lay_out_columns([50, 100], 10, 300, 12)
    assert placed == [(10, 50), (210, 100)]  # the spare room between them, the last ending at the edge


def test_a_picker_opens_the_selected_row_to_show_a_long_reason_whole(driver, monkeypatch):
    """Runway's Saved replays cut a damaged replay's reason with "…" at 640x400: the part that said
    what was wrong was lost. The selected row opens out over the rows below it with the whole reason,
    wrapped inside the list; a click there picks it; a row whose words fit stays one row."""
    from arcade.ui import picker as picker_module
    from arcade.ui.picker import Choice, PickerScene
    from tests.drawing import texts_drawn

    app = driver.app
    app.on_resize((640, 400))
    reason = ("damaged: not a valid replay: its level does not read: line 3 has 21 cells where the level's "
              "first row has 20, in /home/player/.local/share/puzzle-arcade/replays/runway-2024-05-01.json")
    choices = [Choice("runway-new.json", "One lonely hole — 3 turns", tag="2 min ago"),
               Choice("runway-damaged.json", reason, tag="damaged", role="error"),
               *(Choice(f"runway-{i}.json", "Two holes — 5 turns") for i in range(4))]
    picked: list[Choice] = []
    picker = PickerScene("Saved replays", choices, picked.append)
    app.push(picker)
    driver.frame()
    assert picker.opened_lines == []  # its words fit: one row as ever
    drawn = texts_drawn(monkeypatch, picker_module)
    driver.key(pygame.K_DOWN)
    assert picker.selected == 1
    assert " ".join(picker.opened_lines).split() == reason.split(), picker.opened_lines
    assert len(picker.opened_lines) > 1 and picker.list_rect.contains(picker.opened)
    font = app.theme.font(13)
    for line in picker.opened_lines:  # each drawn whole (not shortened), inside the opened row
        shown = next(d for d in drawn if d.text == line)
        assert shown.rect.width >= font.size(line)[0] and picker.opened.contains(shown.rect), shown
    below = (picker.opened.centerx, picker.opened.bottom - 4)  # over the row under it, as drawn before
    driver.click(below)
    assert [c.title for c in picked] == ["runway-damaged.json"]


def test_home_brings_the_first_rows_heading_into_view_from_a_list_opened_lower(driver):
    """At 640x400 Runway's level list opened on its current level with the *Saved replays* row on
    top and its "Replays" heading above, out of view; Home left it there. Home shows the list's top."""
    from arcade.ui.picker import Choice, PickerScene

    driver.app.on_resize((640, 400))
    choices = [Choice("Replays", header=True), Choice("Saved replays"), Choice("Example", header=True),
               Choice("00 · Statement example"), Choice("Easy", header=True), *(Choice(f"0{i}") for i in range(1, 9))]
    picker = PickerScene("Runway — choose a runway", choices, lambda c: None, selected=3)
    driver.app.push(picker)
    driver.frame()
    assert picker.scroll > 0, "the case: opened lower, the first heading out of view"
    driver.key(pygame.K_HOME)
    assert picker.selected == 1 and picker.scroll == 0
    assert [index for index, _rect in picker.rows_in_view()][:2] == [0, 1]


def test_audio_close_shuts_the_mixer_only_once_every_sound_is_halted(monkeypatch):
    """A sound ending while ``mixer.quit`` ran deadlocked pygame's end-of-sound callback against the
    quit (a test run hung for good in ``Audio.close``): close halts every channel first."""
    audio = Audio(enabled=True)
    assert audio.available, f"SDL's dummy sound driver (make test's) gives a mixer: {audio.error}"
    busy_at_quit = []
    real_quit = pygame.mixer.quit
    monkeypatch.setattr(pygame.mixer, "quit", lambda: (busy_at_quit.append(pygame.mixer.get_busy()), real_quit()))
    audio.play("win")  # 0.44 s
    assert pygame.mixer.get_busy()
    audio.close()
    assert busy_at_quit == [False]
    assert not audio.available
    audio.play("win")  # silent after close, no error


def test_a_results_long_title_stays_whole_inside_its_panel(user_home, monkeypatch):
    """Runway's result of a test run watched at 640x400, "The program brought 2 of 4 bikes home", ran
    past both edges of its panel: a title too wide for the panel is drawn smaller, whole."""
    from arcade.ui import overlays
    from arcade.ui.overlays import ResultScene
    from tests.drawing import texts_drawn

    app = App(REGISTRY, size=(640, 400), headless=True)
    try:
        title = "The program brought 2 of 4 bikes home"
        panel = ResultScene(title, ["2 of 4 bikes crossed (1 needed)."],
                            [("Next level", lambda: None), ("Main menu", lambda: None)], role="good")
        app.push(panel)
        drawn = texts_drawn(monkeypatch, overlays)
        panel.draw(app.screen)
        shown = next(d for d in drawn if d.text.startswith("The program"))
        assert shown.text == title
        assert panel.panel.contains(shown.rect), (panel.panel, shown.rect)
    finally:
        app.close()


def test_a_press_whose_release_was_lost_leaves_no_drag_behind():
    """A release the window never sees (another program took the pointer or the focus mid-drag) left
    the slider and the board's gesture held: the bare pointer went on dragging. The focus lost, or a
    motion whose buttons say the button is up, ends the press."""
    seen: list[float] = []
    s = Slider([0.5, 1.0, 2.0], 1.0, seen.append)
    s.rect = pygame.Rect(0, 0, 200, 20)
    s.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(100, 10), button=1))
    s.handle(ev(pygame.WINDOWFOCUSLOST))
    s.handle(ev(pygame.MOUSEMOTION, pos=(0, 10), rel=(-1, 0), buttons=(0, 0, 0)))
    assert s.value == 1.0 and not s.dragging
    s.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(100, 10), button=1))
    s.handle(ev(pygame.MOUSEMOTION, pos=(199, 10), rel=(1, 0), buttons=(0, 0, 0)))
    assert s.value == 1.0 and not s.dragging and seen == []
    t = PointerTracker()
    t.handle(ev(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=3))
    assert t.handle(ev(pygame.MOUSEMOTION, pos=(40, 10), rel=(30, 0), buttons=(0, 0, 1))).kind == "drag"
    lost = t.handle(ev(pygame.MOUSEMOTION, pos=(60, 10), rel=(20, 0), buttons=(1, 0, 0)))
    assert lost.kind == "cancel" and not t.active


MENU_NOTES = {
    "kept-draft": "Your unsaved board is kept as a draft: the menu's Continue, Resume draft (D) in the editor or "
                  "play hashi --edit reopens it. Your earlier unsaved board is now in My puzzles (earlier-draft.txt).",
    "long-warning": MENU_HINTS["long-warning"][0],
}


@pytest.mark.parametrize("note", list(MENU_NOTES))
@pytest.mark.parametrize("size", [(640, 400), (1280, 800)], ids=["640x400", "1280x800"])
def test_a_long_menu_message_keeps_clear_of_every_card(size, note, user_home):
    """At 640x400 with a Continue card, the Hashi editor's "Your unsaved board is kept as a draft: …"
    grew up over the Quit card. The band under the cards always has room for two lines of a message,
    a longer one is shown there a page at a time; the cards do not move when it comes."""
    with menu_window(size, continues=True) as (app, menu):
        app.frame(1 / 60, [])
        before = [entry.rect.copy() for entry in menu.entries]
        menu.toast.show(MENU_NOTES[note], "info", 6)
        for _ in range(3):
            app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=before[-1].center, rel=(0, 1),
                                                  buttons=(0, 0, 0))])
            assert menu.toast.boxes, "no message was drawn"
            cards = [entry.rect for entry in menu.entries]
            assert cards == before, "the cards moved when the message came"
            window = pygame.Rect(0, 0, *app.size)
            for box in menu.toast.boxes:
                assert window.contains(box), (box, window)
                assert box.collidelist(cards) == -1, ("over a card", box, cards)
                assert not box.colliderect(menu.title_rect), (box, menu.title_rect)
