"""Scene stack, menu, settings and overlays driven by posted pygame events."""

from __future__ import annotations

import time

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.services import saves
from arcade.services.settings import Settings
from arcade.ui.menu import MenuScene
from arcade.ui.overlays import PauseScene
from arcade.ui.scene import Scene
from arcade.ui.settings_scene import SettingsScene
from tests.conftest import Driver


class Recorder(Scene):
    def __init__(self, name, log, overlay=False):
        super().__init__()
        self.name, self.log, self.overlay = name, log, overlay

    def enter(self, app):
        super().enter(app)
        self.log.append(f"enter {self.name}")

    def leave(self):
        self.log.append(f"leave {self.name}")

    def pause(self):
        self.log.append(f"pause {self.name}")

    def resume(self):
        self.log.append(f"resume {self.name}")

    def draw(self, surface):
        self.log.append(f"draw {self.name}")


def test_stack_push_pop_replace_and_overlay_drawing(app):
    log = []
    a, b, c = Recorder("a", log), Recorder("b", log), Recorder("c", log, overlay=True)
    app.push(a)
    app.push(b)
    app.push(c)
    log.clear()
    app.frame(0.016)
    assert log == ["draw b", "draw c"]  # a is hidden under the opaque b
    app.pop()
    app.replace(Recorder("d", log))
    assert log[-4:] == ["leave c", "resume b", "leave b", "enter d"]
    assert [type(s).__name__ for s in app.stack.scenes] == ["Recorder", "Recorder"]
    assert app.stack.top.name == "d"


def entry_index(menu, title):
    return next(i for i, e in enumerate(menu.entries) if e.title == title)


def test_menu_lists_games_and_a_click_opens_one(app, driver, toy_registered):
    menu = app.push(MenuScene())
    driver.frame()
    titles = [e.title for e in menu.entries]
    assert "Toy Lights" in titles and titles[-2:] == ["Settings", "Quit"]
    assert "Continue" not in titles
    entry = menu.entries[entry_index(menu, "Toy Lights")]
    before = app.screen.copy()
    driver.click(entry.rect.center)
    driver.frame()
    assert type(app.stack.top).__name__ == "ToyScene"
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(app.screen, "RGB")


def test_menu_keyboard_navigation_and_escape_quits(app, driver, toy_registered):
    menu = app.push(MenuScene())
    target = entry_index(menu, "Toy Lights")
    for _ in range(target):
        driver.key(pygame.K_DOWN)
    assert menu.selected == target
    driver.key(pygame.K_RETURN)
    assert type(app.stack.top).__name__ == "ToyScene"
    driver.key(pygame.K_ESCAPE)  # pause
    assert isinstance(app.stack.top, PauseScene)
    driver.key(pygame.K_p)  # the other pause key resumes too
    assert type(app.stack.top).__name__ == "ToyScene"
    driver.key(pygame.K_p)
    assert isinstance(app.stack.top, PauseScene)
    app.stack.top.to_menu()
    assert app.stack.top is menu
    driver.key(pygame.K_ESCAPE)
    assert not app.running


def test_a_save_that_cannot_be_read_is_not_offered_as_resume(app, driver, toy_registered, monkeypatch):
    """Its entry said "Resume your game" (the file was there), and Enter opened a new game: the
    save belonged to another user (mode 000). Read access is refused here as it is for that file
    (root reads every file, so a chmod would prove nothing when the tests run as root)."""
    import os
    from pathlib import Path

    from arcade.services import files

    scene = app.launch("toy", Launch(level="o..\n...\n...\n"))
    driver.click(tuple(map(int, scene.view.cell_center((2, 2)))))
    app.pop()
    assert saves.can_resume("toy")
    unreadable = saves.autosave_path("toy")
    real_access = os.access
    monkeypatch.setattr(saves.os, "access",
                        lambda path, mode, **kw: False if Path(path) == unreadable else real_access(path, mode, **kw))

    def denied(path, *args, **kwargs):
        if Path(path) == unreadable:
            raise PermissionError(13, "Permission denied", str(path))
        return open(path, *args, **kwargs)

    monkeypatch.setattr(files, "open", denied, raising=False)
    menu = app.push(MenuScene())
    entry = menu.entries[entry_index(menu, "Toy Lights")]
    assert "Resume" not in entry.subtitle and entry.new_game is None, entry.subtitle
    assert unreadable.is_file()


def test_continue_appears_after_an_autosave_and_resumes(app, driver, toy_registered):
    scene = app.launch("toy", Launch(level="o..\n...\n...\n"))
    driver.click(tuple(map(int, scene.view.cell_center((2, 2)))))
    expected = scene.session.state
    app.pop()
    menu = app.push(MenuScene())
    assert menu.entries[0].title == "Continue" and "Toy Lights" in menu.entries[0].subtitle
    driver.key(pygame.K_c)
    resumed = app.stack.top
    assert resumed is not scene and resumed.session.state == expected and resumed.session.index == 1


def test_continue_key_with_nothing_saved_says_so_instead_of_doing_nothing(app, driver, toy_registered):
    menu = app.push(MenuScene())
    assert menu.autosave is None
    driver.key(pygame.K_c)
    assert app.stack.top is menu
    assert "Nothing to continue" in menu.toast.current


def test_the_menus_game_keys_act_on_every_card_or_say_why_not(app, driver, toy_registered):
    """The keys line says "N new game" under every card, but N on a game not played yet did
    nothing, nor did E on a game without an editor or N, ? and E on Settings: a newcomer pressed
    and nothing happened."""
    menu = app.push(MenuScene())
    toy = entry_index(menu, "Toy Lights")
    assert menu.entries[toy].new_game is None, "the toy game has a save: nothing to test"
    menu.selected = toy
    driver.key(pygame.K_e)
    assert app.stack.top is menu and "Toy Lights has no puzzle editor" in menu.toast.current
    assert "Hashi" in menu.toast.current, "which game has one is not said"
    menu.selected = entry_index(menu, "Settings")
    for key, unicode in ((pygame.K_n, "n"), (pygame.K_e, "e"), (pygame.K_SLASH, "?")):
        driver.key(key, unicode=unicode)
        assert app.stack.top is menu and "choose a game" in menu.toast.current, (unicode, menu.toast.current)
        assert len(menu.toast.messages) == 1, "the words stack up over the menu's title"
    menu.selected = toy
    driver.key(pygame.K_n, unicode="n")
    assert type(app.stack.top).__name__ == "ToyScene", "N on a game with no save opened nothing"


def test_the_menus_settings_card_names_every_row_of_the_settings(app, driver):
    """The card read "Sound, animation speed, colours, window": a player looking for bigger text
    had no sign that the Settings hold a Text size row."""
    from arcade.ui.settings_scene import SettingsScene

    menu = app.push(MenuScene())
    driver.frame()
    card = menu.entries[entry_index(menu, "Settings")].subtitle.lower()
    settings = app.push(SettingsScene())
    driver.frame()
    for name, _widget in settings.rows:
        word = {"colour palette": "colours", "window size": "window", "fullscreen": "window"}.get(name.lower(),
                                                                                               name.lower())
        assert word in card, (name, card)


def test_settings_say_when_sound_is_on_but_there_is_no_device(app, driver):
    app.push(MenuScene())
    app.audio.available = False  # the dummy driver may or may not give a mixer: pin the case
    settings = app.push(SettingsScene())
    label = settings.rows[0][1].label
    assert app.settings.sound and "no device" in label
    app.audio.available = True
    driver.key(pygame.K_s)
    driver.key(pygame.K_s)
    assert settings.rows[0][1].label == "On"


def test_pause_key_column_fits_the_longest_key(app, driver, toy_registered):
    app.launch("toy", Launch(level="o..\n...\n...\n"))
    driver.key(pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.keys = [*pause.keys, ("Right-drag from an island", "remove one")]
    pause.resize(app.size)
    font = app.theme.font(16, True)
    assert pause._keys_w - 8 >= font.size("Right-drag from an island")[0]


def test_settings_change_applies_and_persists(app, driver, user_home):
    app.push(MenuScene())
    settings = app.push(SettingsScene())
    driver.key(pygame.K_s)  # sound off
    driver.key(pygame.K_c)  # next palette
    assert app.settings.sound is False and app.audio.enabled is False
    assert app.theme.palette_name == "tol-bright"
    on_disk = Settings.load()
    assert on_disk.sound is False and on_disk.palette == "tol-bright"
    driver.click((settings.speed.rect.right - 1, settings.speed.rect.centery))
    assert Settings.load().animation_speed == 4.0
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


def test_the_settings_show_a_change_made_behind_them_and_the_next_click_undoes_it(app, driver, user_home):
    """Alt+Enter over the settings left the row saying "Off"; a click on it then turned fullscreen on."""
    app.push(MenuScene())
    settings = app.push(SettingsScene())
    row = settings.rows[4][1]
    assert row.label == "Off"
    driver.key(pygame.K_RETURN, mod=pygame.KMOD_ALT)
    assert app.settings.fullscreen is True
    driver.frame()
    assert row.label == "On"
    driver.click(row.rect.center)
    assert app.settings.fullscreen is False and Settings.load().fullscreen is False
    driver.frame()
    assert row.label == "Off"


def test_left_and_right_step_every_setting_both_ways(app, driver, user_home):
    """Only the speed slider took ← →: a palette one back meant going round all of them."""
    app.push(MenuScene())
    settings = app.push(SettingsScene())
    settings.focus = 2
    before = app.settings.palette
    driver.key(pygame.K_RIGHT)
    assert app.settings.palette != before
    driver.key(pygame.K_LEFT)
    assert app.settings.palette == before
    settings.focus = 0
    sound = app.settings.sound
    driver.key(pygame.K_RIGHT)
    assert app.settings.sound is not sound


def test_the_settings_are_left_and_changed_with_the_keys_every_dialog_takes(app, driver, user_home):
    """A keyboard player in the Settings: its Back was out of the keys' reach, keypad Enter did nothing
    (it presses in every other dialog), and nothing on the screen said which keys work -- only the
    menu's "Esc quit" behind the backdrop. Back is now the list's last stop, keypad Enter presses,
    and a line under the rows names the keys."""
    menu = app.push(MenuScene())
    settings = app.push(SettingsScene())
    driver.frame()
    assert settings.hint_bottom > settings.rows[-1][1].rect.bottom  # the keys' line, between the rows and Back
    assert settings.hint_bottom <= settings.back.rect.top
    driver.key(pygame.K_END)
    assert settings.on_back()
    sound = app.settings.sound
    driver.key(pygame.K_RIGHT)  # ← → on Back change nothing
    assert app.settings.sound is sound and app.stack.top is settings
    driver.key(pygame.K_UP)
    assert settings.focus == len(settings.rows) - 1  # Text size
    before = app.settings.text_size
    driver.key(pygame.K_KP_ENTER)
    assert app.settings.text_size != before and Settings.load().text_size == app.settings.text_size
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_KP_ENTER)
    assert app.stack.top is menu


def test_the_settings_keys_line_never_overlaps_in_the_least_window(app, driver):
    """At 640x400 the rows close up: the keys' line is left out rather than drawn over the last row."""
    app.push(MenuScene())
    settings = app.push(SettingsScene())
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(640, 400), w=640, h=400))
    line = app.theme.font(14).get_linesize()
    if settings.hint_bottom:
        assert settings.hint_bottom - line >= settings.rows[-1][1].rect.bottom
        assert settings.hint_bottom <= settings.back.rect.top
    assert settings.back.rect.bottom <= 400


def test_window_size_setting_resizes_and_relayouts(app, driver):
    menu = app.push(MenuScene())
    first = menu.entries[0].rect.copy()
    app.push(SettingsScene())
    driver.key(pygame.K_z)
    assert app.size == app.settings.window_size == app.screen.get_size()
    assert menu.entries[0].rect != first


def test_a_command_line_size_is_this_runs_only(user_home):
    """``--size 640x400`` (a screenshot's, a one-off look) was saved as the size to remember: the
    next plain start opened at 640x400. Another setting's change neither saves it nor resizes the
    window to the remembered size; the Settings' Window size row and a dragged window are remembered."""
    from arcade.games import REGISTRY
    from arcade.ui.app import App

    Settings(window_size=(1600, 1000)).save()
    app = App(REGISTRY, size=(640, 400), headless=True)
    try:
        driver = Driver(app)
        assert app.size == app.screen.get_size() == (640, 400)
        app.push(MenuScene())
        app.push(SettingsScene())
        driver.key(pygame.K_s)  # sound off: the settings are written
        assert app.size == (640, 400)
        assert Settings.load().window_size == (1600, 1000) and Settings.load().sound is False
        driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(640, 400), w=640, h=400))
        assert Settings.load().window_size == (1600, 1000)  # the window's news of its own size
        driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 500), w=800, h=500))
        driver.key(pygame.K_s)  # sound on again: the settings are written with the dragged size
        assert Settings.load().window_size == (800, 500)
    finally:
        app.close()
    assert Settings.load().window_size == (800, 500)


def test_the_window_size_row_shows_a_command_line_size_as_this_runs_only(user_home):
    """With ``--size 640x400`` the Window size row said "1600×1000", the remembered size, over a
    640x400 window. It says the window's size and that it is for this run only; Z still chooses a
    size to remember, and a dragged window is remembered, so the row then reads plainly."""
    from arcade.games import REGISTRY
    from arcade.ui.app import App

    Settings(window_size=(1600, 1000)).save()
    app = App(REGISTRY, size=(640, 400), headless=True)
    try:
        driver = Driver(app)
        app.push(MenuScene())
        settings = app.push(SettingsScene())
        driver.frame()
        row = dict(settings.rows)["Window size"]
        assert row.label == "640×400 (this run only)", row.label
        assert settings.panel.contains(row.rect), (row.rect, settings.panel)
        driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 500), w=800, h=500))
        driver.frame()
        assert dict(settings.rows)["Window size"].label == "800×500"
    finally:
        app.close()


def test_video_resize_event_relayouts_every_scene(app, driver, toy_registered):
    app.push(MenuScene())
    scene = app.launch("toy", Launch())
    old = scene.view.cell_center((1, 1))
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(700, 450), w=700, h=450))
    assert app.size == (700, 450)
    new = scene.view.cell_center((1, 1))
    assert new != old and scene.view.cell_at(tuple(map(int, new))) == (1, 1)
    assert scene.toolbar.rect.bottom <= 450



def _window_minimum() -> tuple[int, int]:
    """The least size the window tells the window manager (the WM_NORMAL_HINTS it honours)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return tuple(pygame.Window.from_display_module().minimum_size)


def test_the_window_manager_is_told_the_least_window_size_after_every_resize(app, driver):
    """No least size was given to the window manager: a player could drag the window below 640x400
    and the program then set it back under the pointer, the window jumping mid-drag. The window
    says 640x400 from its start, after a resize (pygame's set_mode forgot it) and after the window
    is made anew (the fullscreen key); a size under it that comes anyway is still held at 640x400."""
    from arcade.services.settings import MIN_WINDOW

    menu = app.push(MenuScene())
    driver.frames(1)
    assert _window_minimum() == MIN_WINDOW
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(500, 300), w=500, h=300))
    assert app.size == app.screen.get_size() == MIN_WINDOW and _window_minimum() == MIN_WINDOW
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 1300), w=900, h=1300))
    assert app.size == (900, 1300) and _window_minimum() == MIN_WINDOW
    driver.key(pygame.K_F11)
    assert _window_minimum() == MIN_WINDOW
    # The menu was laid out for the size held, and answers there: a click on Settings opens it.
    settings = menu.entries[entry_index(menu, "Settings")]
    assert settings.rect is not None and settings.rect.bottom <= app.size[1]
    driver.click(settings.rect.center)
    assert isinstance(app.stack.top, SettingsScene)

def test_result_overlay_on_win_and_play_again(app, driver, toy_registered):
    scene = app.launch("toy", Launch(level=".o.\nooo\n.o.\n"))
    driver.click(tuple(map(int, scene.view.cell_center((1, 1)))))
    top = app.stack.top
    assert type(top).__name__ == "ResultScene" and top.title == "Solved!"
    assert saves.read_autosave("toy") is None  # a finished game leaves no autosave
    driver.frames(40)  # the panel takes input once it has been read a moment
    again = next(b for b in top.buttons if b.label == "Play again")
    driver.click(again.rect.center)
    assert app.stack.top is scene and scene.session.index == 0


def test_a_key_held_as_the_result_panel_opens_acts_on_it_only_after_its_release(app, driver, toy_registered):
    """The game ended while Enter was down (the repeat of a key pressed for the board): the
    keyboard's repeats of it never reach the panel; a new press does."""
    scene = app.launch("toy", Launch(level=".o.\nooo\n.o.\n"))
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    driver.frame(down)  # the toy game has no Enter: the key is only down
    driver.click(tuple(map(int, scene.view.cell_center((1, 1)))))
    panel = app.stack.top
    assert type(panel).__name__ == "ResultScene"
    driver.frames(40)
    driver.frame(down)  # the keyboard's repeat, long after: still the old press
    assert app.stack.top is panel
    driver.frame(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    driver.frame(down)
    assert app.stack.top is scene and scene.session.outcome is not None  # "Look at board"


def test_refused_move_explains_in_status_line(app, driver, toy_registered):
    scene = app.launch("toy", Launch())
    scene.play((9, 9))
    assert scene.status_role == "error" and "off the board" in scene.status_text


def test_pause_lists_standard_and_game_keys(app, driver, toy_registered):
    app.launch("toy", Launch())
    driver.key(pygame.K_F1)  # How to play: a key with a toolbar button is named with it
    page = app.stack.top
    keys = dict(page.keys)
    assert keys["Click"].startswith("toggle") and "Undo (Ctrl+Z / U)" in keys
    page.close()
    driver.key(pygame.K_ESCAPE)  # the pause screen lists the keys alone
    assert "Ctrl+Z / U" in dict(app.stack.top.keys)


def test_picker_scrolls_jumps_by_letter_picks_and_cancels(app, driver):
    from arcade.ui.picker import Choice, PickerScene

    picked, cancelled = [], []
    app.push(MenuScene())
    choices = [Choice(f"{name} {i}", value=i) for i, name in enumerate(["Alpha", "Beta", "Gamma"] * 20)]
    picker = app.push(PickerScene("Levels", choices, picked.append, on_cancel=lambda: cancelled.append(1)))
    driver.key(pygame.K_END)
    assert picker.selected == 59 and picker.scroll > 0
    driver.key(pygame.K_HOME)
    assert picker.selected == 0 and picker.scroll == 0
    driver.key(pygame.K_g, unicode="g")
    assert choices[picker.selected].title.startswith("Gamma")
    driver.frame(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
    assert picker.scroll == 6
    row = picker.list_rect.y + picker.ROW // 2
    driver.click((picker.list_rect.centerx, row))
    assert picked and picked[0].value == 6 and app.stack.top is not picker
    app.push(PickerScene("Again", choices, picked.append, on_cancel=lambda: cancelled.append(1)))
    driver.key(pygame.K_ESCAPE)
    assert cancelled == [1] and isinstance(app.stack.top, MenuScene)


def test_an_idle_menu_is_not_redrawn_but_input_redraws_it(app, driver):
    app.push(MenuScene())
    driver.frames(5)
    drawn = app.drawn
    driver.frames(120)  # two idle seconds
    assert app.drawn == drawn, "an idle menu was drawn again"
    driver.key(pygame.K_DOWN)
    assert app.drawn == drawn + 1


def test_the_letter_on_a_game_badge_opens_that_game_and_the_footer_says_so(app, driver):
    menu = app.push(MenuScene())
    driver.frame()
    assert menu.accelerators() == {"h": entry_index(menu, "Hashi"), "r": entry_index(menu, "Runway"),
                                   "b": entry_index(menu, "Battle Royale"), "t": entry_index(menu, "Tron")}
    assert "Enter play · H R B T open · N new game" in menu.footer()
    driver.key(pygame.K_t, unicode="T")  # shifted or not, the letter counts
    assert type(app.stack.top).__name__ == "TronScene"


def test_a_badge_letter_the_menu_already_uses_or_two_games_share_opens_nothing(app, driver, toy_registered):
    menu = app.push(MenuScene())
    driver.frame()
    games = menu.game_entries()
    menu.entries[games[0]].glyph = "Q"  # Q quits: it stays the menu's
    menu.entries[games[1]].glyph = menu.entries[games[2]].glyph = "X"
    assert "q" not in menu.accelerators() and "x" not in menu.accelerators()
    driver.key(pygame.K_x, unicode="x")
    assert app.stack.top is menu


def test_a_pointer_resting_where_the_window_opened_does_not_move_the_menus_highlight(app, driver, toy_registered):
    """The window opening under a resting pointer sent a motion there: Enter then opened that game, not Continue."""
    menu = app.push(MenuScene())
    driver.frame()
    under = menu.entries[2].rect.center
    motion = {"rel": (0, 0), "buttons": (0, 0, 0)}
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=under, **motion))
    assert menu.selected == 0
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=under, **motion))
    assert menu.selected == 0
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=(under[0] + 3, under[1]), **motion))
    assert menu.selected == 2, "a pointer that moves still selects"


def test_alt_enter_acts_once_even_when_its_release_goes_to_the_window_it_replaced(app, driver, toy_registered,
                                                                                  monkeypatch):
    """The release went to the old window, pygame repeated the press for ever: fullscreen toggled
    again and again over the Settings, and on the menu the repeats opened Continue."""
    menu = app.push(MenuScene())
    driver.frame()
    toggles = []
    apply = app.apply_settings  # the window is made anew, as in a real window (headless: never fullscreen)
    monkeypatch.setattr(app, "apply_settings", lambda: (toggles.append(app.settings.fullscreen), apply()))
    press = {"key": pygame.K_RETURN, "unicode": "\r", "scancode": 0}
    driver.frame(pygame.event.Event(pygame.KEYDOWN, mod=pygame.KMOD_ALT, **press))
    assert len(toggles) == 1
    for mod in (pygame.KMOD_ALT, pygame.KMOD_ALT, 0, 0):  # the repeats, Alt held and let go
        driver.frame(pygame.event.Event(pygame.KEYDOWN, mod=mod, **press))
    assert len(toggles) == 1, "a repeat toggled fullscreen again"
    assert app.stack.top is menu, "a repeat of Enter acted on the menu"
    driver.frame(pygame.event.Event(pygame.KEYUP, mod=0, **press))
    driver.frame(pygame.event.Event(pygame.KEYDOWN, mod=pygame.KMOD_ALT, **press))
    assert len(toggles) == 2, "a new Alt+Enter no longer works"


def test_f11_switches_fullscreen_in_a_game_and_the_pause_table_names_it(app, driver, toy_registered, monkeypatch):
    """F11, the key a player tries first for fullscreen, did nothing, and Alt+Enter was named in no
    keys table in the window: only the Settings' Fullscreen row was there to be found."""
    scene = app.launch("toy", Launch(level="o..\n...\n...\n"))
    driver.frame()
    toggles = []
    apply = app.apply_settings  # headless, the window itself never goes fullscreen
    monkeypatch.setattr(app, "apply_settings", lambda: (toggles.append(app.settings.fullscreen), apply()))
    driver.key(pygame.K_F11)
    assert toggles == [True] and app.stack.top is scene
    driver.key(pygame.K_F11)
    assert len(toggles) == 2, "a second F11 did not switch again"
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    assert any("F11" in key and "fullscreen" in words for key, words in app.stack.top.keys), app.stack.top.keys


REMAKE_KEYS = [("Z", pygame.K_z, None), ("F", pygame.K_f, None), ("Enter on Window size", pygame.K_RETURN, 3),
               ("Space on Fullscreen", pygame.K_SPACE, 4), ("Right on Window size", pygame.K_RIGHT, 3),
               ("Left on Fullscreen", pygame.K_LEFT, 4)]


@pytest.mark.parametrize(("name", "code", "row"), REMAKE_KEYS, ids=[k[0] for k in REMAKE_KEYS])
def test_a_settings_key_that_remakes_the_window_acts_once_until_released(app, driver, name, code, row, monkeypatch):
    """The Window size and Fullscreen rows make the window anew, and the key's release could go to
    the old window: pygame repeated the press for ever and the window size cycled on its own. As
    for Alt+Enter, a key down when the window was replaced acts again only after its release --
    through the focus the old window loses."""
    from arcade.ui.settings_scene import SettingsScene

    settings = app.push(SettingsScene())
    driver.frame()
    if row is not None:
        settings.focus = row
    remade = []
    set_window = app.set_window
    monkeypatch.setattr(app, "set_window", lambda *a, **k: (remade.append(1), set_window(*a, **k)))
    shown = lambda: (app.settings.window_size, app.settings.fullscreen)  # noqa: E731
    press = {"key": code, "mod": 0, "unicode": "", "scancode": 0}
    before = shown()
    driver.frame(pygame.event.Event(pygame.KEYDOWN, **press))
    once = shown()
    assert once != before, f"{name} did not change the window"
    for _ in range(2):  # the keyboard's repeats, the release gone to the old window (an odd count in all)
        driver.frame(pygame.event.Event(pygame.KEYDOWN, **press))
    driver.frame(pygame.event.Event(pygame.WINDOWFOCUSLOST), pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    driver.frame(pygame.event.Event(pygame.KEYDOWN, **press))
    assert shown() == once, f"a repeat of {name} changed the window again"
    assert app.stack.top is settings
    driver.frame(pygame.event.Event(pygame.KEYUP, **press))
    del remade[:]
    driver.frame(pygame.event.Event(pygame.KEYDOWN, **press))
    assert shown() != once, f"a new {name} no longer works"
    if not remade:  # headless, fullscreen off again keeps the window: once more, to make it anew
        driver.frame(pygame.event.Event(pygame.KEYUP, **press))
        driver.frame(pygame.event.Event(pygame.KEYDOWN, **press))
    assert remade
    twice = shown()
    # As X11 does it (seen under Xvfb): the old window's end releases the key, the new window's
    # focus presses it again while it is still held -- that press made the window anew again, for
    # ever. It is the same key, still held: only its next real release lets it act again.
    driver.frame(pygame.event.Event(pygame.KEYUP, **press))
    # The focus's press comes with the focus, in one batch (a press tens of ms later is the player's).
    driver.frame(pygame.event.Event(pygame.WINDOWFOCUSLOST), pygame.event.Event(pygame.WINDOWFOCUSGAINED),
                 pygame.event.Event(pygame.KEYDOWN, **press))
    assert shown() == twice, f"the new window's press of a held {name} changed the window again"
    for _ in range(3):
        driver.frame(pygame.event.Event(pygame.KEYDOWN, **press))  # pygame's repeats of it
    assert shown() == twice, f"a repeat of a held {name} changed the window again"
    driver.frame(pygame.event.Event(pygame.KEYUP, **press))
    driver.frame(pygame.event.Event(pygame.KEYDOWN, **press))
    assert shown() != twice, f"a new {name} no longer works"


def test_closing_writes_the_save_then_closes_the_window_before_the_sound_device(app, driver, toy_registered,
                                                                             monkeypatch):
    """Left to pygame.quit at exit, the sound device closed first and the window stayed on screen
    while PulseAudio drained it (0.9-1.5 s measured, seconds on some desktops). The window must go
    as soon as the save is written, the lock on the data folder with it, and the sound last."""
    from arcade.services import instance

    scene = app.launch("toy", Launch(level="o..\n...\n...\n"))
    driver.click(tuple(map(int, scene.view.cell_center((2, 2)))))
    expected = scene.session.to_dict()["moves"]
    steps: list[str] = []
    real_display_quit, real_mixer_quit, real_release = pygame.display.quit, pygame.mixer.quit, instance.release

    def display_quit():
        saved = saves.read_autosave("toy")
        steps.append("window" + (" after the save" if saved and saved.data["moves"] == expected else " unsaved"))
        real_display_quit()

    def mixer_quit():
        steps.append("sound")
        real_mixer_quit()

    def release():
        steps.append("lock")
        real_release()

    monkeypatch.setattr(pygame.display, "quit", display_quit)
    monkeypatch.setattr(pygame.mixer, "quit", mixer_quit)
    monkeypatch.setattr(instance, "release", release)
    app.close()
    assert steps == ["window after the save", "lock", "sound"]
    assert not pygame.display.get_init() and not app.audio.available


def test_no_work_but_a_save_keeps_a_closed_window_s_process_alive(app, driver, toy_registered):
    """The interpreter joins every non-daemon thread at exit: an AI job that does not ask
    job_cancelled (a solver's count, a generator) kept the closed window's process running until it
    was done. Only a save still being written may hold the exit -- and must, to be finished."""
    import threading

    from arcade.services.autosave import BackgroundSaver

    scene = app.launch("toy", Launch(level="o..\n...\n...\n"))
    gate = threading.Event()
    started = threading.Event()

    def stubborn_search():
        started.set()
        gate.wait(30)  # never asks job_cancelled()

    scene.worker.submit(stubborn_search, on_done=lambda result: None)
    assert started.wait(10)
    try:
        app.close()
        holding = [t.name for t in threading.enumerate()
                   if t is not threading.main_thread() and not t.daemon and t.is_alive()]
        assert holding == [], f"threads the exit would wait for: {holding}"
    finally:
        gate.set()
    writing = threading.Event()
    saver = BackgroundSaver("toy", write=lambda data, label: writing.wait(10))
    saver.submit({}, "slow disk")
    try:
        assert not saver._thread.daemon, "a save still being written at exit would be cut off"
    finally:
        writing.set()
        saver.flush()


def test_the_data_folder_stays_locked_until_a_slow_save_is_written(app, driver, toy_registered, monkeypatch):
    """A scene's flush gives up after a few seconds on a slow disk: the lock went while the writer
    was still replacing the save, and a window opened then would have read it half way."""
    import time

    from arcade.services import autosave, instance

    scene = app.launch("toy", Launch(level="o..\n...\n...\n"))
    driver.click(tuple(map(int, scene.view.cell_center((2, 2)))))
    real_flush = autosave.BackgroundSaver.flush
    monkeypatch.setattr(autosave.BackgroundSaver, "flush", lambda self, timeout=5.0: real_flush(self, 0.01))
    real_write = saves.atomic_write_text  # the autosave's write, whoever makes it
    written: list[str] = []

    def slow_write(*args, **kwargs):
        time.sleep(0.3)  # longer than the (shortened) flush
        real_write(*args, **kwargs)
        written.append("save")

    monkeypatch.setattr(saves, "atomic_write_text", slow_write)
    steps: list[str] = []
    real_release = instance.release
    monkeypatch.setattr(instance, "release", lambda: (steps.append(f"lock after {written}"), real_release()))
    app.close()
    # Every save begun (the move's, the leave's: how many depends on timing) was written before the lock went.
    assert written and steps == [f"lock after {written}"], "the lock went before the save was written"


def assert_list_keys(driver, focus, count):
    """End, Shift+Tab, Home on a list of ``count`` whose focus ``focus()`` reads."""
    driver.key(pygame.K_END)
    assert focus() == count - 1
    driver.key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    assert focus() == count - 2
    driver.key(pygame.K_HOME)
    assert focus() == 0


def test_every_list_takes_home_end_and_shift_tab_alike(app, driver, toy_registered):
    """The menu, the settings and a dialog's buttons: Home / End jump to the ends and Shift+Tab
    steps back (it used to step forward, as Tab does, and Home / End did nothing)."""
    menu = app.push(MenuScene())
    assert_list_keys(driver, lambda: menu.selected, len(menu.entries))
    driver.key(pygame.K_TAB, mod=pygame.KMOD_RSHIFT)  # wraps round, as ↑ does
    assert menu.selected == len(menu.entries) - 1

    settings = app.push(SettingsScene())
    assert_list_keys(driver, lambda: settings.focus, len(settings.rows) + 1)  # the rows, then Back
    settings.close()

    app.launch("toy", Launch())
    driver.key(pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and len(pause.buttons) >= 3
    assert_list_keys(driver, lambda: pause.selected, len(pause.buttons))


def test_a_game_with_an_editor_offers_it_on_its_menu_card(app, driver):
    """Making puzzles had no door on the menu: a newcomer had to open Hashi and find its Edit button.
    The selected card of a game that declares an editor shows "Make a puzzle", which a click or E
    opens; a game without one takes no E."""
    from arcade.games.hashi.view.editor import EditorScene

    menu = app.push(MenuScene())
    hashi = entry_index(menu, "Hashi")
    runway = entry_index(menu, "Runway")
    assert menu.entries[runway].make is None
    menu.selected = runway
    driver.key(pygame.K_e)
    assert app.stack.top is menu and "E make a puzzle" not in menu.footer()
    driver.key(pygame.K_HOME)
    for _ in range(hashi):
        driver.key(pygame.K_DOWN)
    assert menu.selected == hashi
    assert "E make a puzzle" in menu.footer() and menu.entries[hashi].make_rect is not None
    driver.click(menu.entries[hashi].make_rect.center)
    assert isinstance(app.stack.top, EditorScene)
    app.pop()
    driver.frames(1)
    driver.key(pygame.K_e)
    assert isinstance(app.stack.top, EditorScene)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_selected_card_keeps_its_whole_description_beside_the_editor_chip(app, driver, monkeypatch, size):
    """Selected, Hashi's card put "Make a puzzle (E)" and "Enter ▶" both beside its description, which
    was cut to "Bridges: join numbered islands into one …" at 1280x800. The chip sits on the title's
    line now; the description is drawn whole, and the chip stays on the card."""
    import arcade.ui.menu as menu_module

    drawn: list[str] = []
    real = menu_module.draw_text

    def spy(surface, theme, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = real(surface, theme, text, *args, **kwargs)
        font = theme.font(kwargs.get("size", 18), kwargs.get("bold", False))
        if kwargs.get("max_width") is not None and font.size(text)[0] > kwargs["max_width"]:
            drawn.append(text)  # this one was cut
        return rect

    monkeypatch.setattr(menu_module, "draw_text", spy)
    app.on_resize(size)
    menu = app.push(MenuScene())
    menu.selected = entry_index(menu, "Hashi")
    driver.frames(2)
    hashi = menu.entries[menu.selected]
    assert hashi.subtitle not in drawn
    assert hashi.make_rect is not None and hashi.rect is not None and hashi.rect.contains(hashi.make_rect)
    # Every game's card, selected: "Enter ▶" beside Runway's cut it to "… one command for…" at 1280x800.
    for info in app.registry:
        while menu.entries[menu.selected].title != info.title:
            driver.key(pygame.K_DOWN)  # a key, as a player moves: the menu draws what changed
        assert menu.entries[menu.selected].subtitle not in drawn, info.title



@pytest.mark.parametrize("size", [(640, 1400), (700, 1200), (640, 400), (2400, 500)])
def test_no_cards_description_is_cut_in_a_tall_narrow_window(app, driver, monkeypatch, size):
    """A window dragged tall and narrow (600x1400, held at 640x1400) gave the cards their full
    height and with it 18 px descriptions, which the 640 px width cut ("… one command fo…") where
    640x400's smaller text showed them whole. The cards' text is as large as their width allows."""
    import arcade.ui.menu as menu_module

    cut: list[str] = []
    real = menu_module.draw_text

    def spy(surface, theme, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        font = theme.font(kwargs.get("size", 18), kwargs.get("bold", False))
        if kwargs.get("max_width") is not None and font.size(text)[0] > kwargs["max_width"]:
            cut.append(text)
        return real(surface, theme, text, *args, **kwargs)

    monkeypatch.setattr(menu_module, "draw_text", spy)
    menu = app.push(MenuScene())
    driver.frames(1)
    app.on_resize(size)
    driver.frames(2)
    subtitles = {entry.subtitle for entry in menu.entries}
    assert not subtitles & set(cut), cut
    # And the resized cards answer where they are drawn: a click on Settings' opens the Settings.
    settings = menu.entries[entry_index(menu, "Settings")]
    assert settings.rect is not None and settings.rect.bottom <= app.size[1]
    driver.click(settings.rect.center)
    assert isinstance(app.stack.top, SettingsScene)

def _burn_cpu(seconds: float) -> None:
    """Main-thread CPU work standing for a freeze (counted on the thread's own clock)."""
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        sum(range(1000))


class _StallingScene(Scene):
    """A scene whose update does the work of a freeze once it is asked to."""

    stall = False

    def update(self, dt: float) -> None:
        if self.stall:
            self.stall = False
            _burn_cpu(0.15)


def test_a_frame_over_100_ms_of_cpu_is_profiled_to_the_slow_frames_file(tmp_path, monkeypatch):
    """$PUZZLE_ARCADE_SLOW_FRAMES names a file where each frame over 100 ms of main-thread CPU leaves
    the scenes, the events and a profile naming the costly call -- how freezes are found; a quick
    frame leaves nothing, and every frame's main-thread CPU is kept beside its wall time."""
    from arcade.games import REGISTRY
    from arcade.ui.app import SLOW_FRAMES_ENV, App

    log = tmp_path / "slow.txt"
    monkeypatch.setenv(SLOW_FRAMES_ENV, str(log))
    application = App(REGISTRY, size=(640, 400), headless=True)
    try:
        scene = application.push(_StallingScene())
        application.frame(1 / 60, [])
        assert not log.exists()
        scene.stall = True
        application.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")])
        application.frame(1 / 60, [])
    finally:
        application.close()
    text = log.read_text()
    assert text.count("== frame") == 1
    assert "scenes before: _StallingScene" in text and "events: KeyDown h" in text
    assert "_burn_cpu" in text
    assert len(application.frame_cpu) == len(application.frame_times) == 3
    assert max(application.frame_cpu) > 0.1


def test_the_frame_on_which_a_scene_comes_to_rest_is_drawn(app, driver):
    """The update that stops a scene's motion may change what it shows (Tron's replay pausing at
    its last tick turns the bar's ⏸ into ▶); that frame was skipped as idle, so the last moving
    frame stayed on screen until the next input."""

    class Settling(Scene):
        def __init__(self) -> None:
            super().__init__()
            self.step = 0
            self.shown: list[int] = []

        def update(self, dt: float) -> None:
            self.step = min(3, self.step + 1)

        def is_idle(self) -> bool:
            return self.step >= 3

        def draw(self, surface: pygame.Surface) -> None:
            self.shown.append(self.step)

    scene = app.push(Settling())
    driver.frames(10)
    assert scene.shown[-1] == 3, scene.shown
    drawn = app.drawn
    driver.frames(30)
    assert app.drawn == drawn, "a scene at rest was drawn again"


@pytest.mark.parametrize("size", [(640, 400), (1024, 640), (1280, 800)])
def test_a_games_card_shows_how_many_levels_you_have_won(app, driver, monkeypatch, size):
    """Hashi's first level solved and Battle Royale's won, the menu looked as it had before the
    first game: nothing on a card said the player had been there. A game with wins says how many
    beside its title ("✓ 1 win"), clear of its chips."""
    import arcade.ui.menu as menu_module
    from tests.drawing import texts_drawn

    saves.record_result("hashi", "k1", 26.0)
    saves.record_result("royale", "a", 6.0, lower_is_better=False)
    saves.record_result("royale", "b", 4.0, lower_is_better=False)
    drawn = texts_drawn(monkeypatch, menu_module)
    menu = app.push(MenuScene())
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    menu.selected = entry_index(menu, "Hashi")
    driver.frames(1)
    menu.draw(app.screen)
    texts = {d.text: d for d in drawn}
    assert "✓ 1 win" in texts and "✓ 2 wins" in texts, sorted(texts)
    hashi = menu.entries[menu.selected]
    assert hashi.rect is not None and hashi.rect.contains(texts["✓ 1 win"].rect)
    title = next(d for d in drawn if d.text == "Hashi")
    assert texts["✓ 1 win"].rect.left > title.rect.right
    for chip in (hashi.how_rect, hashi.make_rect):
        assert chip is None or not chip.colliderect(texts["✓ 1 win"].rect)
    runway = menu.entries[entry_index(menu, "Runway")]
    assert not any(d.text.startswith("✓") and runway.rect.contains(d.rect) for d in drawn)


def _post(app, *events: pygame.event.Event) -> None:
    """Events through the window's own queue and frame loop, as a player's would come."""
    for event in events:
        pygame.event.post(event)
    app.frame(1 / 60)


def _press(code: int) -> tuple[pygame.event.Event, pygame.event.Event]:
    return (pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))


def _notch(y: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))


def test_how_to_play_scrolls_a_wheel_notch_as_three_down_keys_and_not_at_all_when_it_fits():
    """The wheel moved How to play 40 unscaled pixels a notch while the pause keys moved two lines
    and the pickers three rows: every column now scrolls three of its lines a notch, as three ↓
    do; a page that fits takes neither."""
    from arcade.games import REGISTRY
    from arcade.ui.app import App
    from arcade.ui.how_to_play import HowToPlayScene

    application = App(REGISTRY, size=(800, 500), headless=True)
    try:
        page = application.push(HowToPlayScene(REGISTRY.get("tron")))
        application.frame(1 / 60, [])
        assert page.scroll.most > 3 * page.line
        _post(application, _notch(-1))
        by_wheel = page.scroll.offset
        _post(application, *_press(pygame.K_HOME))
        for _ in range(3):
            _post(application, *_press(pygame.K_DOWN))
        assert by_wheel == page.scroll.offset == 3 * page.line
        _post(application, *_press(pygame.K_END))
        assert page.scroll.offset == page.scroll.most and not page.scroll.more
    finally:
        application.close()
    application = App(REGISTRY, size=(1920, 1200), headless=True)
    try:
        page = application.push(HowToPlayScene(REGISTRY.get("hashi")))
        application.frame(1 / 60, [])
        if page.scroll.most == 0:
            _post(application, _notch(-1), *_press(pygame.K_PAGEDOWN), *_press(pygame.K_END))
            assert page.scroll.offset == 0
    finally:
        application.close()


def test_the_pause_keys_scroll_three_lines_a_notch_with_a_bar_and_not_when_they_fit():
    """The pause screen's key table scrolled two lines a notch and showed no bar (How to play and
    the pickers had one): it scrolls as they do, a thumb on the panel's edge showing where, and a
    table that fits neither scrolls nor draws a bar."""
    from arcade.games import REGISTRY
    from arcade.ui.app import App

    app = App(REGISTRY, size=(800, 500), headless=True)
    try:
        _scroll_the_pause_keys(app)
    finally:
        app.close()


def _scroll_the_pause_keys(app) -> None:
    keys = [(f"K{i}", f"what key {i} does") for i in range(40)]
    pause = app.push(PauseScene(MenuScene(), keys))
    app.frame(1 / 60, [])
    line = pause.key_line
    _post(app, _notch(-1))
    assert pause.key_scroll.offset == 3 * line
    area, bar_x = pause.key_scroll.view, pause.panel.right - app.theme.px(12) + 1
    app.screen.fill((0, 0, 0))
    pause.draw(app.screen)
    column = {tuple(app.screen.get_at((bar_x, y)))[:3] for y in range(area.top, area.bottom)}
    assert tuple(app.theme["accent"])[:3] in column, "no scroll bar beside the key table"
    _post(app, *_press(pygame.K_PAGEDOWN))
    assert pause.key_scroll.offset == 3 * line + area.height - line
    pause.close()
    few = app.push(PauseScene(MenuScene(), keys[:2]))
    app.frame(1 / 60, [])
    _post(app, _notch(-1), *_press(pygame.K_PAGEDOWN))
    assert few.key_scroll.offset == 0 and few.key_scroll.most == 0


def test_the_level_pickers_bar_stays_in_its_track_at_the_end_of_a_long_list(app):
    """The picker drew its own bar: on a long list the knob's least height pushed it past the
    track's end at the bottom of the list, over the footer's margin. On the framework's Scroll bar
    the knob ends where the track does; End still brings the last row into view, and a list that
    fits neither scrolls nor draws a bar."""
    from arcade.ui.picker import Choice, PickerScene

    picker = app.push(PickerScene("Levels", [Choice(f"Level {i}") for i in range(2000)], lambda c: None))
    app.frame(1 / 60, [])
    _post(app, *_press(pygame.K_END))
    assert picker.selected == 1999 and picker.scroll + picker.visible_rows == 2000
    assert [index for index, _rect in picker.rows_in_view()][-1] == 1999
    app.screen.fill((0, 0, 0))
    picker.draw(app.screen)
    x, bottom = picker.list_rect.right + 5, picker.list_rect.bottom

    def bar_at(y: int) -> bool:  # the bar's column differs from the panel just right of it
        return app.screen.get_at((x, y)) != app.screen.get_at((x + 8, y))

    assert bar_at(bottom - 2), "the knob is not at the end of its track"
    assert not any(bar_at(y) for y in range(bottom + 1, bottom + 10)), "the knob runs past its track"
    picker.close()
    short = app.push(PickerScene("Levels", [Choice(f"Level {i}") for i in range(3)], lambda c: None))
    app.frame(1 / 60, [])
    _post(app, _notch(-2), *_press(pygame.K_END))
    assert short.scroll == 0 and short.rows.most == 0


def test_a_settings_slider_lets_go_when_the_focus_goes_mid_drag(app, driver, user_home):
    """Pressed on the speed slider, the window lost the focus before the release (another program took
    it): the release never came and the speed followed the bare pointer across the dialog."""
    app.push(MenuScene())
    settings = app.push(SettingsScene())
    driver.frame()
    before = app.settings.animation_speed
    track = settings.speed.rect
    driver.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(settings.speed.knob_x(), track.centery), button=1),
                 pygame.event.Event(pygame.WINDOWFOCUSLOST))
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=(track.right, track.centery), rel=(1, 0),
                                    buttons=(0, 0, 0)))
    assert app.settings.animation_speed == before


class _ClickLog(Scene):
    """A scene that logs the presses it gets; with ``opens``, a click on it pushes that scene."""

    def __init__(self, log: list, opens: Scene | None = None) -> None:
        super().__init__()
        self.log, self.opens = log, opens

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.log.append(("press", tuple(event.pos)))
        if event.type == pygame.MOUSEBUTTONUP and self.opens is not None:
            self.app.push(self.opens)
        return True


def test_a_double_click_that_opens_a_scene_does_not_press_in_it(app, driver):
    """A double-click on the menu's Hashi opened the game and its second press locked the island
    that lay under the pointer there; the same with Resume, a picked level, Got it. The second
    half of a double-click whose first click changed the scene is dropped; a press elsewhere, or a
    third one, is a press again."""
    log: list = []
    opened = _ClickLog(log)
    app.push(_ClickLog([], opens=opened))
    down = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(200, 200), button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(200, 200), button=1)]
    driver.frame(*down, *down)
    assert app.stack.top is opened and log == [], "the second press of the double-click reached the new scene"
    driver.frame(*down)
    assert log == [("press", (200, 200))], "a third press is a press again"
    app.pop()
    log.clear()
    app.push(_ClickLog([], opens=(opened := _ClickLog(log))))
    driver.frame(*down, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 200), button=1))
    assert log == [("press", (300, 200))], "a press away from the first is the player's"
    app.pop()
    log.clear()
    app.push(_ClickLog([], opens=(opened := _ClickLog(log))))
    key = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0, unicode="i", scancode=0),
           pygame.event.Event(pygame.KEYUP, key=pygame.K_i, mod=0, unicode="i", scancode=0)]
    driver.frame(*down, *key, *down)  # Paste, I (the panel again), Paste: no double-click in that
    assert log == [("press", (200, 200))], "a key between two clicks makes the second the player's own"


def test_a_menu_chip_lights_under_the_pointer(app, driver, user_home):
    """The selected card's chips (How to play, New game, Make a puzzle) are clickable but did not answer
    the pointer, the one thing on the menu that did not: under it a chip now fills with the accent."""
    menu = app.push(MenuScene())
    driver.frame()
    entry = menu.entries[entry_index(menu, "Hashi")]
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=entry.rect.move(0, 2).topleft, rel=(1, 1),
                                    buttons=(0, 0, 0)))
    chip = entry.how_rect
    assert chip is not None
    inside = (chip.left + 3, chip.centery)  # clear of the words and of the rounded corners
    before = tuple(app.screen.get_at(inside))[:3]
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=chip.center, rel=(1, 1), buttons=(0, 0, 0)))
    assert tuple(app.screen.get_at(inside))[:3] == app.theme["accent"] != before


def test_the_wheel_over_a_settings_slider_steps_it_a_value_a_notch_and_stops_at_its_ends(app, driver, user_home):
    """A mouse player turned the wheel over the Animation speed slider and nothing moved (most
    desktop programs step a slider by the wheel). A notch up is one value right, down one left;
    never past either end; the wheel elsewhere leaves it alone."""
    from arcade.ui.settings_scene import ANIMATION_SPEEDS

    app.push(MenuScene())
    settings = app.push(SettingsScene())
    driver.frame()
    speeds = list(ANIMATION_SPEEDS)
    start = speeds.index(settings.speed.value)
    track = settings.speed.rect
    away = (settings.panel.x + 8, settings.panel.y + 8)
    _post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0)), _notch(1))
    assert app.settings.animation_speed == speeds[start], "the wheel away from the slider moved it"
    _post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=track.center, rel=(1, 1), buttons=(0, 0, 0)))
    _post(app, _notch(-1))
    assert app.settings.animation_speed == speeds[max(0, start - 1)]
    for _ in range(len(speeds) + 2):
        _post(app, _notch(1))
    assert app.settings.animation_speed == speeds[-1], "the wheel did not reach, or went past, the end"
    for _ in range(len(speeds) + 2):
        _post(app, _notch(-1))
    assert app.settings.animation_speed == speeds[0]
