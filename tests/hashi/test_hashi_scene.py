"""The Hashi scene driven by real pygame events under the dummy driver: state AND pixels."""

from __future__ import annotations

import sys
import types

import pygame
import pytest

from arcade.core.game import Hint, Step
from arcade.core.registry import Launch
from arcade.games.hashi.catalog import level_key
from arcade.games.hashi.formats import parse_puzzle
from arcade.games.hashi.view import HashiScene
from arcade.games.hashi.view.painter import seam_label
from arcade.services import saves
from arcade.ui.overlays import PanelScene, ResultScene
from arcade.ui.picker import PickerScene
from tests.drawing import assert_rests, game_at

SPEC_ID = "7x7m2:a3d31g5a5a2e1b3b2d3b3a23d2a"


@pytest.fixture
def open_level(app, tmp_path):
    def opener(text: str) -> HashiScene:
        path = tmp_path / "level.txt"
        path.write_text(text)
        scene = app.launch("hashi", Launch(level=str(path)))
        assert isinstance(scene, HashiScene)
        app.frame(1 / 60)
        return scene

    return opener


def at(scene: HashiScene, pos: tuple[int, int]) -> tuple[int, int]:
    x, y = scene.painter.island_centre(scene.puzzle.island_at[pos])
    return round(x), round(y)


def cell_centre(scene: HashiScene, cell: tuple[int, int]) -> tuple[int, int]:
    x, y = scene.painter.centre(cell)
    return round(x), round(y)


def towards(scene: HashiScene, pos: tuple[int, int], d_row: float, d_col: float) -> tuple[int, int]:
    """A point ``d`` cells away from an island's centre (a drag only needs to show the direction)."""
    x, y = at(scene, pos)
    cell = scene.painter.view.cell
    return round(x + d_col * cell), round(y + d_row * cell)


def pixel(app, pos: tuple[int, int]) -> tuple[int, int, int]:
    return tuple(app.screen.get_at(pos))[:3]


def test_drag_builds_drag_again_doubles_third_drag_clears(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    line = scene.puzzle.line_from(0, "E")
    water = cell_centre(scene, (0, 2))
    background = pixel(app, water)
    _thick, gap = scene.painter.bar_sizes()
    above = (water[0], water[1] - round(gap / 2))

    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0.1, 0.9))
    assert scene.session.state.bridges[line] == 1
    assert pixel(app, water) == app.theme["text"]  # one bar through the middle

    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0, 0.7))
    assert scene.session.state.bridges[line] == 2
    assert pixel(app, water) == background  # the gap between the two bars
    assert pixel(app, above) == app.theme["text"]

    driver.drag(at(scene, (0, 4)), towards(scene, (0, 4), 0, -0.8))  # from the other end
    assert scene.session.state.bridges[line] == 0
    assert pixel(app, water) == background and pixel(app, above) == app.theme["background"]
    assert scene.session.index == 3


def test_right_drag_removes_a_bridge_then_marks_no_bridge(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    line = scene.puzzle.line_from(0, "E")
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0, 1))
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0, 1))
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0, 1), button=3)
    assert scene.session.state.bridges[line] == 1
    driver.drag(at(scene, (0, 4)), towards(scene, (0, 4), 0, -1), button=3)
    assert scene.session.state.bridges[line] == 0
    driver.drag(at(scene, (0, 4)), towards(scene, (0, 4), 0, -1), button=3)
    assert line in scene.session.state.marks
    # The mark is drawn: a cross in the middle cell of the line.
    assert pixel(app, cell_centre(scene, (0, 2))) == app.theme["text_dim"]


def test_a_locked_island_refuses_and_says_why(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    driver.click(at(scene, (0, 4)))
    assert scene.session.state.locks == {scene.puzzle.island_at[(0, 4)]}
    assert "locked as finished" in scene.status_text
    before = scene.session.state
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0, 1))
    assert scene.session.state == before
    assert scene.status_role == "error" and "locked as finished — click it to unlock" in scene.status_text
    assert scene.tweens.get("flash") is not None and scene.flash_islands == {scene.puzzle.island_at[(0, 4)]}
    driver.click(at(scene, (0, 4)))
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0, 1))
    assert scene.session.state.bridges[scene.puzzle.line_from(0, "E")] == 1


def test_undo_and_redo_restore_the_board(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    start = scene.session.state
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 1, 0))
    after = scene.session.state
    assert after != start
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.session.state == start
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert scene.session.state == after


def test_undo_and_redo_name_the_bridge_and_say_what_is_left(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 1, 0))
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.status_text == ("Undone: the bridge between the 3 at row 1, column 1 and the 2 at row 3, "
                                 "column 1. 4 islands to go.")
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert scene.status_text == ("Redone: the bridge between the 3 at row 1, column 1 and the 2 at row 3, "
                                 "column 1. 4 islands to go.")
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 1, 0))
    driver.key(pygame.K_u)
    assert scene.status_text.startswith("Undone: the second bridge between the 3 at row 1, column 1 and")
    driver.key(pygame.K_u)
    driver.key(pygame.K_u)
    assert scene.status_text == "Nothing to undo."


def test_a_crossing_is_refused_flashes_and_is_explained(app, driver, open_level):
    scene = open_level(".1.\n1.1\n.1.\n")
    driver.drag(at(scene, (1, 0)), towards(scene, (1, 0), 0, 1))
    blocking = scene.puzzle.line_from(scene.puzzle.island_at[(1, 0)], "E")
    driver.drag(at(scene, (0, 1)), towards(scene, (0, 1), 1, 0))
    assert scene.session.index == 1
    assert scene.status_role == "error" and "would cross the bridge" in scene.status_text
    assert blocking in scene.flash_lines
    flashed = pixel(app, cell_centre(scene, (1, 1)))
    driver.frames(60)
    assert pixel(app, cell_centre(scene, (1, 1))) != flashed  # the flash fades


def test_the_live_preview_shows_the_line_before_release(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    water = cell_centre(scene, (2, 2))
    before = pixel(app, water)
    start, end = at(scene, (2, 0)), towards(scene, (2, 0), 0, 0.8)
    driver.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                 pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)))
    assert scene.plan is not None and scene.plan.label == "1 bridge"
    assert pixel(app, water) == app.theme["accent"] and before != app.theme["accent"]
    driver.key(pygame.K_ESCAPE)  # Esc cancels the drag, not the game
    assert scene.plan is None and not scene.gestures.active and app.stack.top is scene
    driver.frame(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    assert scene.session.index == 0 and pixel(app, water) == before


def test_a_bridge_key_on_a_hidden_cursor_first_shows_it(app, driver, open_level):
    """Ctrl+arrow (and Shift+arrow) with the cursor hidden built at once from wherever the cursor
    was left, an island the player had not seen; like an arrow, the first press now only shows it.
    With the pointer on an island the player knows which one: it builds from there at once."""
    scene = open_level("3...3\n.....\n2...2\n")
    line = scene.puzzle.line_from(0, "E")
    for mod in (pygame.KMOD_CTRL, pygame.KMOD_SHIFT):
        scene.keyboard.hide()
        driver.key(pygame.K_RIGHT, mod)
        assert scene.cursor_visible and scene.cursor == 0 and scene.session.index == 0, mod
    driver.key(pygame.K_RIGHT, pygame.KMOD_CTRL)
    assert scene.session.state.bridges[line] == 1
    scene.keyboard.hide()
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=at(scene, (0, 0)), rel=(1, 0), buttons=(0, 0, 0)))
    assert scene.hover_island == 0
    driver.key(pygame.K_RIGHT, pygame.KMOD_CTRL)
    assert scene.session.state.bridges[line] == 2


def test_a_key_that_only_showed_the_hidden_cursor_says_why_nothing_happened(app, driver, open_level):
    """The first Ctrl+arrow, Shift+arrow or Space with the cursor hidden only shows it (see above),
    and said nothing: the status line kept the opening words, and a player who pressed Ctrl+→ to
    build saw no bridge and no reason. It now names the island the cursor is on and what the same
    key does when pressed again -- which it then does."""
    scene = open_level("3...3\n.....\n2...2\n")
    line = scene.puzzle.line_from(0, "E")
    cases = ((pygame.K_RIGHT, pygame.KMOD_CTRL, "Ctrl+→ again builds a bridge east"),
             (pygame.K_RIGHT, pygame.KMOD_SHIFT, "Shift+→ again removes a bridge east"),
             (pygame.K_SPACE, 0, "Space or Enter again locks"))
    for key, mod, does in cases:
        scene.keyboard.hide()
        driver.key(key, mod)
        assert scene.cursor_visible and scene.session.index == 0
        assert "the 3 at row 1, column 1" in scene.status_text and does in scene.status_text, scene.status_text
    driver.key(pygame.K_RIGHT, pygame.KMOD_CTRL)
    assert scene.session.state.bridges[line] == 1
    driver.key(pygame.K_SPACE)
    assert scene.session.state.locks == {0}


def test_keyboard_cursor_builds_removes_and_locks(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    assert not scene.cursor_visible
    driver.key(pygame.K_RIGHT)  # the first arrow shows the cursor where it is: it jumped to the second island
    assert scene.cursor_visible and scene.cursor == 0
    assert "cursor" in scene._specials()[scene.puzzle.islands[0].pos]  # drawn there
    driver.key(pygame.K_RIGHT)  # the next ones move it
    assert scene.cursor == scene.puzzle.island_at[(0, 4)]
    driver.key(pygame.K_LEFT)
    assert scene.cursor == 0
    driver.key(pygame.K_RIGHT, pygame.KMOD_CTRL)
    driver.key(pygame.K_RIGHT, pygame.KMOD_CTRL)
    line = scene.puzzle.line_from(0, "E")
    assert scene.session.state.bridges[line] == 2
    driver.key(pygame.K_RIGHT, pygame.KMOD_CTRL)  # over the limit: refused and explained
    assert scene.session.state.bridges[line] == 2 and "at most 2 bridges" in scene.status_text
    driver.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert scene.session.state.bridges[line] == 1
    driver.key(pygame.K_DOWN)
    assert scene.cursor == scene.puzzle.island_at[(2, 0)]
    driver.key(pygame.K_3)
    assert scene.cursor in (scene.puzzle.island_at[(0, 0)], scene.puzzle.island_at[(0, 4)])
    driver.key(pygame.K_SPACE)
    assert scene.session.state.locks == {scene.cursor}
    # Held down, the cursor keys repeat (moving about); building and locking act once a press.
    def held(key: int, mod: int = 0, times: int = 3) -> None:
        driver.frame(*[pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)] * times)
        driver.frame(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))

    held(pygame.K_SPACE)
    assert scene.session.state.locks == set(), "a held Space locked and unlocked and locked again"
    scene.cursor = scene.puzzle.island_at[(0, 0)]
    before = scene.session.state.bridges[line]
    held(pygame.K_RIGHT, pygame.KMOD_CTRL)
    assert scene.session.state.bridges[line] == before + 1
    index = scene.session.index
    held(pygame.K_z, pygame.KMOD_CTRL, times=3)  # undo repeats: three moves back
    assert scene.session.index == index - 3


def test_solving_pops_celebrates_records_the_time_and_shows_the_result(app, driver, open_level):
    scene = open_level("2.2\n...\n2.2\n")
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0, 1))
    scene.elapsed = 12.0  # the clock runs from the first move
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 1, 0))
    driver.drag(at(scene, (2, 2)), towards(scene, (2, 2), -1, 0))
    assert scene.tweens.get(("pop", scene.puzzle.island_at[(0, 0)])) is not None
    driver.drag(at(scene, (2, 2)), towards(scene, (2, 2), 0, -1))
    assert scene.session.outcome is not None and scene.celebrating
    assert not isinstance(app.stack.top, ResultScene)  # the celebration plays first
    driver.frames(30, dt=0.1)
    assert isinstance(app.stack.top, ResultScene)
    assert any("recorded" in line for line in app.stack.top.lines)
    assert app.stack.top.buttons[0].label == "Levels"  # not a bundled level: no next one
    key = level_key(scene.puzzle)
    assert saves.read_records()["hashi"][key] == pytest.approx(12.0, abs=1.0)
    assert saves.read_autosave("hashi") is None


def test_autosave_after_a_move_and_resume(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0, 1))
    scene.saver.flush()
    saved = saves.read_autosave("hashi")
    assert saved is not None and saved.data["moves"] == ["set 0 0 E 1"]
    resumed = app.launch("hashi", Launch(save=saved.data))
    assert isinstance(resumed, HashiScene) and resumed.session.state == scene.session.state
    app.frame(1 / 60)
    fresh = app.launch("hashi", Launch())  # with nothing asked for, the autosave is resumed
    assert fresh.session.moves == ["set 0 0 E 1"]


def test_continue_brings_a_wrapped_board_back_turned_as_it_was_left(app, driver, open_level):
    """The bridges came back, but a board turned with ] came back unturned."""
    scene = open_level("# topology: cylinder\n2...2\n.....\n1...1\n")
    driver.drag(at(scene, (0, 4)), towards(scene, (0, 4), 0, 0.8))
    driver.key(pygame.K_RIGHTBRACKET)
    driver.key(pygame.K_RIGHTBRACKET)
    assert scene.painter.shift == (0, 2)
    app.pop()  # leaving saves
    scene.saver.flush()
    again = app.launch("hashi", Launch())
    driver.frames(1)
    assert again.session.state == scene.session.state and again.painter.shift == (0, 2)


def test_with_nothing_to_resume_the_first_bundled_level_opens(app, driver):
    scene = app.launch("hashi", Launch())
    driver.frames(2)
    assert scene.session.level_id == "classic/01-first-steps"
    assert pixel(app, at(scene, scene.puzzle.islands[0].pos)) != app.theme["background"]


def test_a_wrapped_board_rotates_and_a_drag_round_the_edge_builds_the_wrapped_line(app, driver, open_level):
    scene = open_level("# topology: cylinder\n2...2\n.....\n1...1\n")
    wrapped = next(ln.index for ln in scene.puzzle.lines if ln.wraps and ln.a == scene.puzzle.island_at[(0, 4)])
    driver.drag(at(scene, (0, 4)), towards(scene, (0, 4), 0, 0.8))  # east off the right edge
    assert scene.session.state.bridges[wrapped] == 1
    assert "Cylinder" in scene.status_fields()[0]
    left_edge = scene.painter.view.board_rect.left
    assert any(pixel(app, (x, at(scene, (0, 0))[1])) == app.theme["text"] for x in range(left_edge - 12, left_edge))
    driver.key(pygame.K_RIGHTBRACKET)
    assert scene.painter.shift == (0, 1)
    assert scene.painter.display((0, 4)) == (0, 0)
    # The picture rotates too: the island now shows in the first column, water where it was.
    view = scene.painter.view
    water = (app.theme["background"], app.theme["grid_faint"])
    assert pixel(app, tuple(map(round, view.cell_center((0, 0))))) not in water
    assert pixel(app, tuple(map(round, view.cell_center((0, 4))))) in water
    assert scene.painter.island_at_pixel(cell_centre(scene, (0, 4))) == scene.puzzle.island_at[(0, 4)]
    # The column numbers move with it: "column 5" (a hint's words) is above the island that moved.
    labels = scene.painter.coordinate_labels()
    column_5 = next(centre for text, centre in labels[:5] if text == "5")
    assert abs(column_5[0] - view.cell_center((0, 0))[0]) < 1 and column_5[1] < view.board_rect.top
    assert [text for text, _ in labels[5:]] == ["1", "2", "3"], "rows do not rotate on a cylinder"
    driver.key(pygame.K_LEFT, pygame.KMOD_ALT)
    assert scene.painter.shift == (0, 2)
    driver.key(pygame.K_HOME)
    assert scene.painter.shift == (0, 0)
    driver.key(pygame.K_PAGEDOWN)  # rows do not wrap on a cylinder
    assert scene.painter.shift == (0, 0)


def test_the_level_picker_lists_every_folder_and_opens_a_level(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    driver.key(pygame.K_l)
    picker = app.stack.top
    assert isinstance(picker, PickerScene)
    ids = [None if choice.header else choice.value.id for choice in picker.choices]
    assert "classic/01-first-steps" in ids and "wrapped/02-doughnut" in ids
    headers = [choice.title for choice in picker.choices if choice.header]
    assert headers == ["Classic", "Easy", "Medium", "Hard", "Wrapped"]  # the declared order, not the alphabet
    doughnut = ids.index("wrapped/02-doughnut")
    assert "torus" in picker.choices[doughnut].subtitle and picker.choices[doughnut].tag.startswith("easy")
    picker.selected = doughnut
    driver.key(pygame.K_RETURN)
    assert app.stack.top is scene and scene.session.level_id == "wrapped/02-doughnut"
    assert scene.puzzle.topology.value == "torus" and scene.session.index == 0


def test_pasting_a_game_id_starts_it_and_the_game_id_panel_shows_it(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    pygame.scrap.put_text(SPEC_ID)
    driver.key(pygame.K_v, pygame.KMOD_CTRL)
    assert scene.puzzle.islands == parse_puzzle(SPEC_ID).islands and scene.session.level_id == "pasted"
    driver.key(pygame.K_i)
    panel = app.stack.top
    assert isinstance(panel, PanelScene) and SPEC_ID in panel.lines
    pygame.scrap.put_text("nonsense")
    panel.buttons[0].on_click()  # "Copy game ID" closes the panel
    assert pygame.scrap.get_text() == SPEC_ID and app.stack.top is scene
    pygame.scrap.put_text("12x")
    driver.key(pygame.K_v, pygame.KMOD_CTRL)
    assert scene.status_role == "error" and scene.status_text.startswith("clipboard:1:")


@pytest.mark.parametrize("copied", [f"\ufeff{SPEC_ID}\r\n", f"\ufeff# title: Copied\r\n{SPEC_ID}\r\n\r\n"],
                         ids=["bom-id", "bom-level-file"])
def test_a_paste_copied_with_a_byte_order_mark_plays(app, driver, open_level, copied):
    """A game ID or level copied from a file saved by Notepad carries its byte-order mark: every file
    and stdin reader drops it, but the paste said "clipboard:1: column 1: unexpected '\ufeff'"."""
    scene = open_level("3...3\n.....\n2...2\n")
    pygame.scrap.put_text(copied)
    driver.key(pygame.K_v, pygame.KMOD_CTRL)
    assert scene.status_role != "error", scene.status_text
    assert scene.puzzle.islands == parse_puzzle(SPEC_ID).islands and scene.session.level_id == "pasted"


def test_pasting_over_a_game_in_progress_asks_first(app, driver, open_level):
    """Ctrl+V (or the Game ID panel's Paste) replaced a game with moves made at once, without a
    word -- while N and another level picked ask "again to throw away this game (2 moves made)"
    first. A paste asks the same way once there is a puzzle to paste: the first keeps the game and
    says so, the second plays the pasted puzzle (and the old game's save goes with it)."""
    scene = open_level("3...3\n.....\n2...2\n")
    scene.session.play("set 0 0 E 1")
    scene.session.play("set 0 0 S 1")
    driver.frame()
    moves = list(scene.session.moves)
    pygame.scrap.put_text(SPEC_ID)
    driver.key(pygame.K_v, pygame.KMOD_CTRL)
    assert scene.session.moves == moves and scene.session.level_id != "pasted", "thrown away at once"
    assert any("Paste again to throw away this game (2\N{NO-BREAK SPACE}moves\N{NO-BREAK SPACE}made)" in m.text
               for m in scene.toast.messages), [m.text for m in scene.toast.messages]
    driver.key(pygame.K_v, pygame.KMOD_CTRL)
    assert scene.session.level_id == "pasted" and scene.session.index == 0
    assert scene.puzzle.islands == parse_puzzle(SPEC_ID).islands
    scene.leave()
    assert not saves.can_resume("hashi")


@pytest.mark.parametrize("size", [(640, 400), (1024, 640), (1280, 800)])
def test_the_game_id_panel_has_a_paste_button_that_does_what_ctrl_v_does(app, driver, open_level, size):
    """The Game ID panel said "Ctrl+V in this screen starts a puzzle from a copied game ID", and a
    player with only the mouse had nothing to click. Its Paste button, whole in the panel's row at
    every size, closes the panel and starts the puzzle on the clipboard -- or says why not, as
    Ctrl+V does."""
    from arcade.games.hashi.view.dialogs import PASTE_LABEL

    app.on_resize(size)
    scene = open_level("3...3\n.....\n2...2\n")
    driver.key(pygame.K_i)  # the panel copies this puzzle's ID as it opens
    panel = app.stack.top
    assert isinstance(panel, PanelScene) and any(PASTE_LABEL in line for line in panel.lines)
    driver.frame()
    button = next(b for b in panel.buttons if b.label == PASTE_LABEL)
    assert panel.panel.contains(button.rect) and not any(button.rect.colliderect(b.rect)
                                                         for b in panel.buttons if b is not button)
    font = app.theme.font(16)
    assert font.size(PASTE_LABEL)[0] <= button.rect.width, "the button's words are cut"
    pygame.scrap.put_text(SPEC_ID)
    driver.click(button.rect.center)
    assert app.stack.top is scene
    assert scene.puzzle.islands == parse_puzzle(SPEC_ID).islands and scene.session.level_id == "pasted"
    driver.key(pygame.K_i)
    pygame.scrap.put_text("12x")
    driver.frame()
    driver.click(next(b for b in app.stack.top.buttons if b.label == PASTE_LABEL).rect.center)
    assert app.stack.top is scene
    assert scene.status_role == "error" and scene.status_text.startswith("clipboard:1:")


def test_hint_and_watch_highlights_are_drawn(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    water = cell_centre(scene, (1, 0))
    plain = pixel(app, water)
    line = scene.puzzle.line_from(0, "S")
    scene.hint = Hint("set 0 0 S 1", "the 3 needs the 2", highlight=(("line", line), ("island", 0)))
    driver.frame()
    hinted = pixel(app, water)
    assert hinted != plain
    scene.hint = None
    driver.frame()
    assert pixel(app, water) == plain
    scene.hint = Hint(None, "this bridge is wrong", kind="error", highlight=(("wrong", line),))
    driver.frame()
    assert pixel(app, water) != plain


def test_ai_hooks_are_wired_only_when_the_hints_module_exists(app, driver, open_level, monkeypatch):
    scene = open_level("3...3\n.....\n2...2\n")
    if "arcade.games.hashi.hints" not in sys.modules:
        try:
            import arcade.games.hashi.hints  # noqa: F401
        except ImportError:
            assert not scene.has_hint and not scene.has_watch
            assert scene.toolbar.find("Hint") is None and scene.toolbar.find("Watch AI") is None
    fake = types.ModuleType("arcade.games.hashi.hints")
    fake.hint = lambda state, should_stop=None: Hint("set 0 0 E 1", "fake hint", highlight=(("line", 0),))  # type: ignore[attr-defined]
    fake.watch = lambda state, should_stop=None: iter([  # type: ignore[attr-defined]
        Step("set 2 0 E 1", "the 2 needs a bridge", kind="deduce", highlight=(("island", 2), ("line", 3))),
    ])
    monkeypatch.setitem(sys.modules, "arcade.games.hashi.hints", fake)
    hooked = open_level("3...3\n.....\n2...2\n")
    assert hooked.has_hint and hooked.toolbar.find("Hint") is not None
    driver.key(pygame.K_h)
    hooked.worker.wait(5)
    driver.frame()
    assert hooked.hint is not None and "fake hint" in hooked.status_text
    driver.key(pygame.K_h)
    assert hooked.session.moves == ["set 0 0 E 1"]
    driver.key(pygame.K_w)
    hooked.worker.wait(5)
    for _ in range(60):
        driver.frame(dt=0.05)
        if hooked.session.index == 2:
            break
    assert hooked.session.moves[-1] == "set 2 0 E 1" and "the 2 needs a bridge" in hooked.status_text
    assert hooked.step_highlight.islands == {2} and hooked.step_highlight.lines == {3}


def test_show_possible_bridges_toggles_dotted_lines(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    dot_row = cell_centre(scene, (0, 2))
    before = [pixel(app, (x, dot_row[1])) for x in range(dot_row[0] - 12, dot_row[0] + 12)]
    driver.key(pygame.K_g)
    assert scene.show_possible and scene.toolbar.find("Possible").toggled
    after = [pixel(app, (x, dot_row[1])) for x in range(dot_row[0] - 12, dot_row[0] + 12)]
    assert before != after
    assert app.settings.game("hashi")["show_possible"] is True


def test_resizing_keeps_drawing_and_hit_testing_right(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    app.on_resize((800, 500))
    driver.frame()
    assert scene.painter.view.board_rect.right <= 800
    driver.drag(at(scene, (2, 0)), towards(scene, (2, 0), 0, 1))
    assert scene.session.state.bridges[scene.puzzle.line_from(scene.puzzle.island_at[(2, 0)], "E")] == 1


def test_start_puzzle_replaces_the_game_for_a_new_puzzle_dialog(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0, 1))
    scene.elapsed = 30.0
    other = parse_puzzle("# title: Fresh\n1.1\n")
    scene.start_puzzle(other, "generated/fresh")
    driver.frame()
    assert scene.puzzle == other and scene.session.index == 0 and not scene.session.can_redo
    assert scene.elapsed < 1 and scene.level_title == "Fresh"
    assert scene.painter.view.rows == 1 and scene.painter.view.cols == 3


def test_solving_a_bundled_level_offers_the_next_one(app, driver):
    from arcade.games.hashi.logic import line_move
    from tests.hashi.hashi_oracle import all_solutions

    scene = app.launch("hashi", Launch(level="classic/01-first-steps"))
    solution = all_solutions(scene.puzzle)[0]
    for index, n in enumerate(solution.bridges):
        if n:
            scene.session.play(line_move(scene.puzzle, index, n))
    driver.frames(30, dt=0.1)
    result = app.stack.top
    assert isinstance(result, ResultScene)
    labels = [button.label for button in result.buttons]
    assert labels == ["Next level", "Play again", "Look at board", "New board", "Main menu"]
    result.buttons[0].on_click()
    assert app.stack.top is scene and scene.session.level_id == "classic/02-seven-seas"
    assert scene.session.index == 0 and scene.session.outcome is None


def test_a_win_finished_by_the_ai_is_not_recorded_as_a_best_time(app, driver, open_level, monkeypatch):
    fake = types.ModuleType("arcade.games.hashi.hints")
    fake.hint = lambda state: None  # type: ignore[attr-defined]
    fake.watch = lambda state, should_stop=None: iter([Step("set 0 0 E 2", "the only way", kind="deduce")])  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "arcade.games.hashi.hints", fake)
    scene = open_level("2.2\n")
    driver.key(pygame.K_w)
    scene.worker.wait(5)
    driver.frames(40, dt=0.1)
    assert scene.session.outcome is not None and scene.finished_with_ai
    assert isinstance(app.stack.top, ResultScene)
    lines = app.stack.top.lines
    assert "Moves: 1, all played by the AI" in lines and "Not counted as a personal best." in lines, lines
    assert saves.read_records().get("hashi", {}) == {}


def test_opening_an_overlay_mid_drag_drops_the_drag(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    start = at(scene, (0, 0))
    driver.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                 pygame.event.Event(pygame.MOUSEMOTION, pos=towards(scene, (0, 0), 0, 1), rel=(1, 1),
                                    buttons=(1, 0, 0)))
    assert scene.plan is not None
    driver.key(pygame.K_l)
    assert isinstance(app.stack.top, PickerScene)
    driver.frame(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(3, 300), button=1))  # outside the panel: closes it
    assert app.stack.top is scene and scene.session.level_id == "level.txt"
    assert scene.plan is None and not scene.gestures.active
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=towards(scene, (0, 0), 1, 0), rel=(1, 1),
                                    buttons=(0, 0, 0)))
    assert scene.plan is None and scene.session.index == 0


def test_a_badge_counts_the_bridges_an_island_still_needs(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    cell = scene.painter.view.cell
    assert cell >= 36
    disc = scene.painter.cue_rect(scene.painter.view.cell_rect(scene.painter.display((0, 0))), 3, "2")
    assert disc is not None
    badge = (disc.x + 2, disc.centery)  # the disc's fill, left of the digit
    before = pixel(app, badge)
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0, 1))
    assert pixel(app, badge) != before  # "2" still needed
    key = scene.painter._board_keys[0]
    assert key[0] == "i" and key[-1] == 2


def test_solved_is_announced_in_the_status_line_never_over_an_island(app, driver, open_level):
    scene = open_level("2.2\n")
    scene.session.play("set 0 0 E 2")
    driver.frames(12, dt=0.05)
    assert scene.celebrating
    good = app.theme["good"]
    status = app.screen.subsurface(scene.status_rect)
    width, height = status.get_size()
    shown = {tuple(status.get_at((x, y)))[:3] for x in range(0, width, 3) for y in range(0, height, 3)}
    assert good in shown, "no 'Solved!' banner in the status line"
    assert not scene.status_rect.colliderect(scene.painter.view.board_rect)


def test_solved_is_not_drawn_under_a_toast(app, driver, open_level):
    """On the doughnut the torus tip was still up when Watch AI solved it, and "Solved!" sat
    under it (26-doughnut-watch3): the banner keeps to the status line left of the toasts."""
    scene = open_level("2.2\n")
    scene.toast.show("Torus: opposite edges are joined (rotate: Alt+arrows)", "info", 30.0)
    driver.frames(2)
    scene.session.play("set 0 0 E 2")
    driver.frames(12, dt=0.05)
    assert scene.celebrating and scene.toast.boxes
    good = app.theme["good"]
    area = scene.status_rect
    banner = [(x, y) for x in range(area.left, area.right) for y in range(area.top, area.bottom, 2)
              if pixel(app, (x, y)) == good]
    assert banner, "no 'Solved!' banner in the status line"
    xs = [x for x, _ in banner]
    ys = [y for _, y in banner]
    drawn = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    for box in scene.toast.boxes:
        assert not drawn.colliderect(box.inflate(4, 4)), (drawn, box)


def test_the_torus_tip_is_a_toast_of_the_usual_time(app, driver):
    """It stayed 6 seconds: through a whole Watch AI on the doughnut, up to the "Solved!"."""
    from arcade.ui.toast import reading_seconds

    scene = app.launch("hashi", Launch(level="easy/14-tidal-ring"))
    driver.frames(1)
    tips = [m for m in scene.toast.messages if m.text.startswith("Torus")]
    assert tips, "no torus tip on opening"
    usual = max(scene.toast.duration, reading_seconds(tips[0].text))
    assert tips[0].remaining <= usual
    driver.frames(int(usual * 10) + 2, dt=0.1)
    assert not any(m.text.startswith("Torus") for m in scene.toast.messages)


@pytest.mark.parametrize("way", ["generated", "pasted"])
def test_a_wrapped_board_made_or_pasted_says_how_its_edges_join(app, driver, open_level, monkeypatch, way):
    """A generated torus opened with the tip "Torus: opposite edges are joined (rotate: Alt+arrows)"
    and at once "New board: Hard 12x10 torus #…" over it: the status line's corner shows the newest
    toast only, both went together, and the tip was never seen. One toast says both now."""
    from arcade.games.hashi.view import dialogs

    scene = open_level("2.2\n")
    torus = "# title: Ring\n# topology: torus\n2.2\n...\n2.2\n"
    if way == "generated":
        scene.start_generated(parse_puzzle(torus))
    else:
        monkeypatch.setattr(dialogs, "paste_text", lambda: (torus, ""))
        scene.paste()
    driver.frames(2)
    said = [m.text for m in scene.toast.messages if "New board" in m.text or "pasted" in m.text]
    assert len(said) == 1 and "opposite edges are joined (rotate: Alt+arrows)" in said[0], said
    assert len([m for m in scene.toast.messages if "edges are joined" in m.text]) == 1


@pytest.mark.parametrize(("text", "says"), [
    ("1.1\n...\n..1\n", "no solution"),    # three 1s: no network can join them
    ("3.3\n...\n3.3\n", "more than one"),  # a ring of four 3s: doubles across or down
    ("1.1\n", ""),                          # unique: nothing to say
])
def test_a_puzzle_from_a_file_is_checked_as_it_opens(open_level, text, says):
    """A file or a paste was never proven: the player learns at once that it cannot be solved
    (or has several solutions), not after trying every bridge."""
    scene = open_level(text)
    scene.check_worker.wait(10)
    scene.app.frame(1 / 60)
    shown = " ".join([scene.status_text, *(message.text for message in scene.toast.messages)])
    if says:
        assert says in shown, shown
    else:
        assert "solution" not in shown, shown


def test_a_failing_puzzle_check_is_logged_and_the_game_goes_on(open_level, monkeypatch, caplog):
    from arcade.games.hashi.view import scene as scene_module

    def broken(*args):
        raise RuntimeError("a bug in the check")

    monkeypatch.setattr(scene_module, "find_solutions", broken)
    scene = open_level("1.1\n")
    scene.check_worker.wait(10)
    scene.app.frame(1 / 60)
    assert scene.app.stack.top is scene and "solution" not in scene.status_text
    assert "a bug in the check" in caplog.text


def test_the_game_id_panel_copies_the_id_as_it_opens_and_says_so(app, driver, open_level, monkeypatch):
    """The guide says I "shows it, copies it", but the panel only showed it (a button copied)."""
    scene = open_level(SPEC_ID)
    pygame.scrap.put_text("nonsense")
    driver.key(pygame.K_i)
    panel = app.stack.top
    assert isinstance(panel, PanelScene) and SPEC_ID in panel.lines
    assert pygame.scrap.get_text() == SPEC_ID and "copied to the clipboard" in panel.lines[0]
    app.pop()
    # No clipboard: the panel says the ID was not copied, and why.
    monkeypatch.setattr("arcade.games.hashi.view.dialogs.copy_text", lambda text: "Could not copy: no clipboard")
    driver.key(pygame.K_i)
    panel = app.stack.top
    assert app.stack.top is not scene and "not copied (no clipboard)" in panel.lines[0]


def test_a_watch_step_explanation_too_long_for_the_status_line_is_shown_whole_on_the_board(app, driver, open_level):
    """A long watch step ended in "…" after two lines of the status line, with no way to read the rest.
    Where the margin beside the board holds it, it is shown there whole (and the status line points
    to it rather than say it twice); elsewhere the status line's pages hold it."""
    from arcade.games.hashi.view import effects

    app.on_resize((1280, 800))
    scene = open_level("3...3\n.....\n2...2\n")
    long = " ".join(f"Reason {k}: the 2 at row 3, column 1 can only reach the 3 above it." for k in range(5))
    scene.start_watch([Step("set 2 0 N 1", long, kind="deduce", highlight=(("island", 2), ("line", 3))),
                       Step("set 0 0 E 1", "A short one.", kind="deduce")])
    driver.key(pygame.K_SPACE)  # pause, then N steps one at a time
    driver.key(pygame.K_n)
    driver.frame()
    assert scene.status_text == long
    text, anchor = scene.status_caption()
    assert text == long
    box, lines = effects.caption_box(scene.painter, app.theme, app.screen.get_rect(), text, anchor)
    assert long not in scene.status_line()[0], "the status line does not say it a second time"
    assert " ".join(lines).split() == long.split(), "the caption holds every word"
    assert pixel(app, (box.centerx, box.y)) == app.theme["hint"], "the caption is drawn"
    driver.key(pygame.K_n)
    driver.frame()
    assert scene.status_text == "A short one." and not scene.status_cut and scene.status_caption() is None


def marker_overlaps(scene: HashiScene) -> tuple[list[str], int]:
    """Every edge marker (arrow and letter) that would overlap a row or column number, as drawn:
    markers clipped to their zone and the board's area, numbers where they are. Also how many
    lettered markers were checked."""
    painter = scene.painter
    zone = painter.marker_zone.clip(painter.outer)
    numbers = painter.coordinate_rects()
    problems, checked = [], 0
    crossing = [line.index for line in scene.puzzle.lines if painter.crosses_view_edge(line.index)]
    board, viewport = painter.view.board_rect, painter.view.viewport
    for k, index in enumerate(crossing):
        label = seam_label(k)
        for points, rect in painter.marker_shapes(index, label):
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            arrow = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
            for what, shape in (("arrow", arrow), (f"letter {label}", rect)):
                shown = shape.clip(zone)
                if not shown.width or not shown.height:
                    continue
                checked += what != "arrow"
                for text, number in numbers:
                    if shown.colliderect(number):
                        problems.append(f"{what} {shown} on the number {text} {number}")
            # Where the board's edge shows, the letter is whole (the margin is wide enough for it).
            whole = (board.left >= viewport.left and board.right <= viewport.right
                     and board.top >= viewport.top and board.bottom <= viewport.bottom)
            if whole and not zone.contains(rect):
                problems.append(f"letter {label} {rect} cut by its margin {zone}")
    return problems, checked


@pytest.mark.parametrize("size", [(2560, 1440), (1280, 800), (1024, 640), (640, 400)])
def test_edge_letters_and_the_row_and_column_numbers_never_overlap_at_any_zoom(tmp_path, size):
    """Zoomed in on a Hard 40x40 torus (Ctrl++ twice), the letters A and B pairing the ends of
    wrapped bridges sat on the row numbers 11 and 13: the margin was a fraction of the fit's cell
    while the markers grew with the zoom. Checked on the rectangles as drawn, zoomed in step by
    step to the closest zoom, panned to every corner, on a rotated board too."""
    from arcade.core.topology import Topology
    from arcade.games import REGISTRY
    from arcade.games.hashi.formats import format_level
    from arcade.games.hashi.generator import generate
    from arcade.ui.app import App

    puzzle = generate(40, 40, "hard", Topology.TORUS, seed=942).puzzle
    path = tmp_path / "torus.txt"
    path.write_text(format_level(puzzle))
    app = App(REGISTRY, size=size, headless=True)
    try:
        scene = app.launch("hashi", Launch(level=str(path)))
        app.frame(1 / 60)
        view = scene.painter.view
        checked = 0
        for step in range(12):
            for pan in ((0, 0), (10_000, 10_000), (-10_000, 0), (0, -10_000), (10_000, 0)):
                view.pan_by(*pan)
                problems, seen = marker_overlaps(scene)
                assert problems == [], (size, step, view.cell, pan, problems[:4])
                checked += seen
            scene.painter.rotate(3, 5)
            scene.zoom("1")
            app.frame(1 / 60)
        assert view.zoomed and checked > 100, (view.cell, checked)
    finally:
        app.close()
        pygame.display.quit()


@pytest.mark.parametrize("size", [(2560, 1440), (1024, 640), (640, 400)])
def test_row_and_column_numbers_never_overlap_each_other_zoomed_in_and_panned(size):
    """Zoomed in and panned on a plane board, the number of a column half out of view sat over the
    row numbers in the corner (the shared rulers number only what has its middle in view; Hashi's
    own copy did not)."""
    from arcade.games import REGISTRY
    from arcade.ui.app import App

    app = App(REGISTRY, size=size, headless=True)
    try:
        scene = app.launch("hashi", Launch(level="easy/12-rowing-boats"))
        app.frame(1 / 60)
        view = scene.painter.view
        for _step in range(8):
            scene.zoom("1")
            app.frame(1 / 60)
            for pan in ((7, 5), (-13, 11), (10_000, 10_000), (-10_000, -10_000), (33, -17)):
                view.pan_by(*pan)
                rects = [r for _, r in scene.painter.coordinate_rects()]
                clash = [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]
                assert clash == [], (size, view.cell, pan, clash[:3])
                # Drawn whole or not at all (the shared rulers' rule): none reaches past the board's area.
                assert all(scene.painter.outer.contains(r) for r in rects), (size, view.cell, pan)
        assert view.zoomed
    finally:
        app.close()
        pygame.display.quit()


@pytest.mark.parametrize("level", ["classic/05-harbour", "wrapped/02-doughnut", "hard/20-open-sea"])
def test_on_a_big_window_the_numbers_and_edge_letters_grow_and_keep_to_their_bands(level):
    """At 2560x1440 the row and column numbers and a wrapped board's edge letters stayed 1280x720's
    size in their 18-pixel band, small beside the grown text: they follow the UI scale (1.5 there),
    their bands with them, and still never touch the board, the letters' margin or each other."""
    sizes = {}
    for size in [(1280, 720), (2560, 1440)]:
        with game_at(size, "hashi", level) as (_app, scene):
            painter = scene.painter
            numbers = painter.coordinate_rects()
            assert numbers
            pad = painter.frame_pad()
            board = painter.view.board_rect.inflate(2 * pad, 2 * pad)  # the board and its frame
            assert [(t, r) for t, r in numbers if r.colliderect(board)] == [], (size, board)
            assert [(a, b) for i, (_, a) in enumerate(numbers) for _, b in numbers[i + 1:] if a.colliderect(b)] == []
            assert all(painter.outer.contains(r) for _, r in numbers), (size, painter.outer)
            assert marker_overlaps(scene)[0] == []
            sizes[size] = (painter.coordinate_size(), painter.label_band, painter.marker_font,
                           max(r.height for _, r in numbers))
    small, big = sizes[(1280, 720)], sizes[(2560, 1440)]
    assert all(b > s for s, b in zip(small, big, strict=True)), (small, big)


def frame_colour_in(app, rect: pygame.Rect, colour: tuple[int, int, int]) -> list[tuple[int, int]]:
    screen = app.screen
    rect = rect.clip(screen.get_rect())
    return [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
            if tuple(screen.get_at((x, y)))[:3] == colour]


@pytest.mark.parametrize("size", [(1024, 640), (640, 400)])
def test_zoomed_and_scrolled_the_edge_line_and_markers_keep_clear_of_the_numbers(size):
    """Zoomed 3.8x into "Circumnavigation" (a 20x20 torus) near its top-left, scrolled a little
    past the top edge: the dashed edge line was drawn through the column numbers and the top
    edge arrow sat under the "2" -- the frame was drawn round the board even where its edge lay
    outside the viewport. Checked on the pixels drawn and on every marker's place."""
    from arcade.games import REGISTRY
    from arcade.ui.app import App
    from arcade.ui.theme import blend

    app = App(REGISTRY, size=size, headless=True)
    try:
        scene = app.launch("hashi", Launch(level="hard/13-circumnavigation"))
        app.frame(1 / 60)
        painter, view = scene.painter, scene.painter.view
        for _ in range(6):
            view.zoom_by(1, view.board_rect.topleft)
        joined = blend(app.theme["background"], app.theme["accent"], 0.75)
        checked = 0
        for rotate in ((0, 0), (3, 5)):
            painter.rotate(*rotate)
            scene.camera_changed()
            for dy in range(0, view.cell + 1, max(1, view.cell // 6)):
                view.pan_by(10_000, 10_000)
                view.pan_by(-dy, -dy)
                app.redraw = True
                app.frame(1 / 60)
                vp = view.viewport
                for text, rect in painter.coordinate_rects():
                    assert not frame_colour_in(app, rect, joined), (size, rotate, dy, text, rect)
                crossing = [line.index for line in scene.puzzle.lines if painter.crosses_view_edge(line.index)]
                for index in crossing:
                    for points, _ in painter.marker_shapes(index):
                        tip = points[0]
                        if points[1][0] == points[2][0]:  # left or right of the board
                            assert vp.top <= tip[1] < vp.bottom, (dy, tip, vp)
                            assert (tip[0] < vp.left and view.board_rect.left >= vp.left) or (
                                tip[0] > vp.right and view.board_rect.right <= vp.right), (dy, tip, vp)
                        else:
                            assert vp.left <= tip[0] < vp.right, (dy, tip, vp)
                            assert (tip[1] < vp.top and view.board_rect.top >= vp.top) or (
                                tip[1] > vp.bottom and view.board_rect.bottom <= vp.bottom), (dy, tip, vp)
                        checked += 1
        assert checked > 10
    finally:
        app.close()
        pygame.display.quit()


def test_zoomed_on_a_big_torus_every_row_inside_the_frame_is_drawn(tmp_path):
    """Test-playing a 40x40 torus at 2.0x near the top-left, row 1 was out of view (above the
    viewport) yet inside the dashed frame, with its "A" marker beside it: the row looked empty.
    Now the frame's top line shows only where the board's top edge is in view, so whatever lies
    between it and the viewport is drawn; a row out of view has no marker."""
    from arcade.core.topology import Topology
    from arcade.games import REGISTRY
    from arcade.games.hashi.formats import format_level
    from arcade.games.hashi.generator import generate
    from arcade.ui.app import App

    puzzle = generate(40, 40, "hard", Topology.TORUS, seed=942).puzzle
    path = tmp_path / "torus.txt"
    path.write_text(format_level(puzzle))
    app = App(REGISTRY, size=(800, 500), headless=True)
    try:
        scene = app.launch("hashi", Launch(level=str(path)))
        app.frame(1 / 60)
        painter, view = scene.painter, scene.painter.view
        view.set_zoom(2.0, view.board_rect.topleft)
        for dy in range(0, 2 * view.cell):
            view.pan_by(10_000, 10_000)
            view.pan_by(0, -dy)
            app.redraw = True
            app.frame(1 / 60)
            vp = view.viewport
            r0 = view.visible_cells()[0]
            tops = [rect for side, rect in painter.frame_rects() if side == "top"]
            for rect in tops:
                # Nothing between the frame's top line and the viewport is left undrawn.
                assert rect.bottom <= vp.top + 1 and r0 == 0, (dy, rect, vp, r0)
                centre_y = view.cell_center((0, 0))[1]
                assert rect.bottom <= centre_y
            if view.board_rect.top < vp.top:
                assert not tops, (dy, tops, vp)
                assert not frame_colour_in(app, pygame.Rect(vp.left, vp.top - painter.marker_gap[1], vp.width,
                                                            painter.marker_gap[1]),
                                           painter_joined(app)), dy
            for line in scene.puzzle.lines:
                for points, _ in painter.marker_shapes(line.index, "A"):
                    tip = points[0]
                    if points[1][0] == points[2][0]:  # left or right: beside a row in view
                        assert vp.top <= tip[1] < vp.bottom, (dy, tip, vp)
    finally:
        app.close()
        pygame.display.quit()


def painter_joined(app) -> tuple[int, int, int]:
    from arcade.ui.theme import blend

    return blend(app.theme["background"], app.theme["accent"], 0.75)


def test_a_wrapped_pairs_letter_stays_while_other_bridges_come_and_go(app, driver):
    """Watching the AI on a torus, the letters were handed out afresh in board order at every
    bridge: a new bridge early in the order turned column 4's "D" into "E"."""
    from arcade.games.hashi.logic import line_move
    from arcade.games.hashi.solver.search import solve

    scene = app.launch("hashi", Launch(level="wrapped/02-doughnut"))
    assert isinstance(scene, HashiScene)
    app.frame(1 / 60)
    puzzle = scene.puzzle
    solution = solve(puzzle)
    assert solution is not None
    crossing = [line.index for line in puzzle.lines
                if scene.painter.crosses_view_edge(line.index) and solution.bridges[line.index]]
    assert len(crossing) >= 3
    # Build the seam bridges last first, so each new one comes earlier in board order.
    letters: dict[int, str] = {}
    for index in reversed(crossing):
        scene.play(line_move(puzzle, index, 1))
        app.frame(1 / 60)
        now = dict(scene._seams(scene.session.state)[0])
        assert {i: now[i] for i in letters} == letters, (letters, now)
        assert len(set(now.values())) == len(now)  # the pairs are told apart
        letters = now
    # Taking one away leaves the others as they were.
    gone = crossing[1]
    scene.play(line_move(puzzle, gone, 0))
    app.frame(1 / 60)
    now = dict(scene._seams(scene.session.state)[0])
    assert now == {i: t for i, t in letters.items() if i != gone}


def _inside_disc(disc: pygame.Rect, box: pygame.Rect, margin: float) -> bool:
    """Every corner of ``box`` inside the pill ``disc`` shrunk by ``margin`` (its outline)."""
    import math

    r = disc.height / 2 - margin
    cy = disc.y + disc.height / 2
    x0, x1 = disc.x + disc.height / 2, disc.right - disc.height / 2
    for x, y in ((box.left, box.top), (box.right, box.top), (box.left, box.bottom), (box.right, box.bottom)):
        if math.hypot(x - min(max(x, x0), x1), y - cy) > r:
            return False
    return True


def _square_level(tmp_path, n: int) -> str:
    rows = ["." * n for _ in range(n)]
    rows[0] = "3" + "." * (n - 2) + "3"
    rows[-1] = "2" + "." * (n - 2) + "2"
    path = tmp_path / f"square{n}.txt"
    path.write_text("\n".join(rows) + "\n")
    return str(path)


@pytest.mark.parametrize("window", [(1024, 640), (640, 400)])
@pytest.mark.parametrize("n", [7, 10])
def test_a_badge_holds_its_whole_text_clear_of_the_number(app, tmp_path, n, window):
    """At 1024x640 a 7x7's and a 10x10's badge was 9-12 px with the digit filling the disc and its
    bottom clipped: the text's real ink must lie inside the disc, and disc and text clear of the
    island's number, at the cell sizes these boards really get."""
    from arcade.games.hashi.view.painter import CUE_MIN_TEXT, CUE_OUTLINE, disc_distance

    app.on_resize(window)
    scene = app.launch("hashi", Launch(level=_square_level(tmp_path, n)))
    app.frame(1 / 60)
    painter = scene.painter
    cell = painter.view.cell
    rect = pygame.Rect(40, 40, cell, cell)
    shown = 0
    for number in range(1, 9):
        number_box = painter.number_rect(rect, number)
        for text in [str(k) for k in range(1, number + 1)] + ["+1", "+2", "+3"]:
            badge = painter.cue_badge(rect, number, text)
            if badge is None:
                continue
            shown += 1
            assert badge.size >= CUE_MIN_TEXT
            image = app.theme.font(badge.size, bold=True).render(text, True, (255, 255, 255))
            ink = image.get_bounding_rect().move(badge.at)  # the pixels really drawn
            assert badge.ink.contains(ink), (cell, text, badge.ink, ink)
            assert _inside_disc(badge.disc, ink, CUE_OUTLINE), (cell, text, badge.disc, ink)
            assert not ink.colliderect(number_box), (cell, number, text, ink, number_box)
            assert disc_distance(badge.disc, number_box) >= badge.disc.height / 2, (cell, number, text)
    if window == (1024, 640):
        assert shown >= 8 * 9 // 2, f"badges hidden on {cell}-pixel cells"  # every digit at least


def test_a_badge_is_drawn_over_the_watch_ring(app, driver, open_level):
    """During Watch AI the step's ring around an island covered its badge (26-doughnut-watch1)."""
    from arcade.games.hashi.controller import Highlight

    scene = open_level("3...3\n.....\n2...2\n")
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0, 1))
    island = scene.puzzle.island_at[(0, 0)]
    rect = scene.painter.view.cell_rect(scene.painter.display((0, 0)))
    badge = scene.painter.cue_rect(rect, 3, "2")
    assert badge is not None
    inside = pygame.Rect(0, 0, badge.height * 7 // 10, badge.height * 7 // 10)  # within the round disc
    inside.center = badge.center
    driver.frames(1)
    before = pygame.image.tobytes(app.screen.subsurface(inside), "RGB")
    scene.step_highlight = Highlight(islands=frozenset({island}))
    driver.frames(1)
    assert pygame.image.tobytes(app.screen.subsurface(inside), "RGB") == before


def test_the_keyboard_cursor_does_not_cover_a_badge(app, driver, open_level):
    scene = open_level("3...3\n.....\n2...2\n")
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0, 1))
    rect = scene.painter.view.cell_rect(scene.painter.display((0, 0)))
    badge = scene.painter.cue_rect(rect, 3, "2")
    assert badge is not None
    badge = badge.inflate(-badge.height, -2)  # the pill between its round ends
    before = app.screen.subsurface(badge).copy()
    scene.cursor, scene.keyboard.shown = 0, True
    scene._keys_state = None
    driver.frames(1)
    after = app.screen.subsurface(badge)
    assert pygame.image.tobytes(before, "RGB") == pygame.image.tobytes(after, "RGB")


def test_the_opening_status_names_the_keyboard_way_and_fits_at_640x400(app, driver, open_level):
    """The opening line was mouse-only ("Drag from an island… click an island to lock it"): a
    keyboard player learnt nothing of the arrows. It names them, and still fits the least window."""
    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=(640, 400), w=640, h=400)])
    scene = open_level("1.2.1\n")  # one solution: no toast beside the status line
    app.frame(1 / 60)
    assert not scene.toast.messages
    assert "arrows" in scene.status_text and "Ctrl+arrow" in scene.status_text
    assert "Drag" in scene.status_text and not scene.status_cut


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_game_id_panel_says_why_there_is_none_in_whole_words(size):
    """On Neighbours (touching islands) the Game ID panel read "…touching islands (row 1, column"
    and, a line below, "1 and row 1, column 2).": the reason was cut every 56 characters, as a game
    ID (which has no spaces) is. A sentence wraps at its spaces; only a game ID is cut in pieces."""
    from arcade.games.hashi.view import dialogs

    with game_at(size, "hashi", "classic/03-neighbours") as (app, scene):
        shown, copyable = dialogs.game_id(scene.puzzle)
        assert not copyable and "row 1, column 1" in shown  # no game ID: the reason names the islands
        panel = dialogs.game_id_panel(scene.puzzle, lambda *_: None, lambda: None, lambda: None)
        app.push(panel)
        app.frame(1 / 60)
        assert not any(line.split(" ")[0][:1].isdigit() for line in panel._body), panel._body
        assert " ".join(panel._body).split() == " ".join(panel.lines).split()


def test_the_row_and_column_numbers_are_drawn_in_the_rulers_face_as_on_every_board(app):
    """Hashi's row and column numbers were bold, Battle Royale's and Runway's regular: one board
    looked like another game's. They are measured and drawn through the shared rulers
    (:func:`arcade.ui.gridview.ruler_font`), pixel for pixel what that face draws."""
    from arcade.ui.gridview import ruler_font

    scene = app.launch("hashi", Launch(level="classic/05-harbour"))
    app.redraw = True
    app.frame(1 / 60)
    painter = scene.painter
    numbers = painter.coordinate_rects()
    assert len(numbers) > 4
    for text, rect in numbers:
        expected = pygame.Surface(rect.size)
        expected.fill(app.screen.get_at(rect.topleft))
        expected.blit(ruler_font(app.theme, painter.coordinate_size()).render(text, True, app.theme["text_dim"]),
                      (0, 0))
        drawn = app.screen.subsurface(rect)
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(expected, "RGB"), (text, rect)


def test_at_the_smallest_window_the_caption_does_not_cover_the_islands_it_explains(app, driver, open_level):
    """At 640x400 a hint's whole explanation was drawn over the board, taller than the board, on top
    of the very islands it named ("the 3 at row 3, column 9") although the margin beside the board was
    free: beside the board was "no room" below 220 pixels."""
    from arcade.games.hashi.view import effects

    app.on_resize((640, 400))
    scene = open_level("4.5..6.5..\n..........\n2.....2.3.\n..2..3....\n..........\n"
                       ".4.3...3..\n..........\n.....3.6.2\n.3.1...3..\n..........\n")
    long = ("Pigeonhole: The 3 at row 3, column 9 needs 3 but its other directions take at most 2: at least "
            "one bridge west to the 2 at row 3, column 7. (Hint again to play it)")
    left, right = scene.puzzle.island_at[(2, 6)], scene.puzzle.island_at[(2, 8)]
    scene.start_watch([Step("set 2 8 W 1", long, kind="deduce", highlight=(("island", left), ("island", right)))])
    driver.key(pygame.K_SPACE)
    driver.key(pygame.K_n)
    driver.frame()
    assert scene.status_caption() is not None
    assert "Pigeonhole: The 3" not in scene.status_line()[0], "the status line does not say it a second time"
    box, lines = effects.caption_box(scene.painter, app.theme, app.screen.get_rect(), *scene.status_caption())
    assert " ".join(lines).split() == long.split(), "the caption still holds every word"
    radius = scene.painter.radius
    for island in (left, right):
        x, y = scene.painter.island_centre(island)
        disc = pygame.Rect(round(x - radius), round(y - radius), round(2 * radius), round(2 * radius))
        assert not box.colliderect(disc), (island, box, disc)
    assert not box.colliderect(scene.status_rect), "nor the status line under the board"
    assert not box.colliderect(scene.painter.view.board_rect), "the margin beside the board is used"


@pytest.mark.parametrize("name, title", [("Hs_24_200_50_05_001.has", "Hs_24_200_50_05_001"),
                                         ("harbour.txt", "Harbour at dawn")])
def test_a_level_file_is_titled_without_its_extension_and_fits_at_640x400(app, tmp_path, name, title):
    """A CLLV ``.has`` file opened with --level read "Hashi — Hs_24_200_50_05_001.has", cut to
    "Hs_24_200_50_05_001.…" at 640x400: its name is shown without the extension, whole (a file
    with a title line of its own shows that title instead)."""
    from pathlib import Path

    source = Path(__file__).parent / "data" / "Hs_24_200_50_05_001.has"
    path = tmp_path / name
    if name.endswith(".has"):
        path.write_text(source.read_text())
    else:
        path.write_text(f"# title: {title}\n2.2\n...\n2.2\n")
    scene = app.launch("hashi", Launch(level=str(path)))
    assert isinstance(scene, HashiScene)
    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=(640, 400), w=640, h=400)])
    app.frame(1 / 60)
    assert scene.level_title == title
    assert title in scene.header_shown and "…" not in scene.header_shown, scene.header_shown
    assert scene.session.level_id == name, "the id (what --level and the saves name) keeps the file's name"
    assert scene.front.level_title(scene.session.level, scene.session.level_id) == title  # the menu's Continue


def test_a_small_board_grows_with_a_big_window_and_can_still_zoom_in(app, driver):
    """At 2560x1440 the header and toolbar grew with the UI scale but First steps (5x5) kept the
    96-pixel cells of 1280x800, a third of the window's height: Hashi's painter laid its board out
    without the scale, which is what lets Tron's and Battle Royale's largest cell grow. The zoom's
    limit grows with it, so such a board still zooms in."""
    scene = app.launch("hashi", Launch(level="classic/01-first-steps"))
    app.on_resize((1280, 800))
    driver.frames(1)
    small = scene.painter.view.cell
    app.on_resize((2560, 1440))
    driver.frames(1)
    view = scene.painter.view
    assert app.theme.scale > 1.4
    assert view.cell > small * 1.4
    assert view.viewport.contains(view.board_rect)  # the whole board, at the fit


def test_a_zoom_in_a_big_window_goes_as_far_as_the_ui_scale_lets_the_fit_go(app, driver):
    """The zoom stopped at 96-pixel cells whatever the window: at 2560x1440, where a small board
    now fits with 144-pixel cells, a 12x12 board could be zoomed to two thirds of that at most."""
    scene = app.launch("hashi", Launch(level="easy/12-rowing-boats"))
    app.on_resize((2560, 1440))
    driver.frames(1)
    view = scene.painter.view
    assert round(view.cell * view.max_zoom) >= round(96 * app.theme.scale) - 1


def test_the_how_to_play_example_grows_with_a_big_window_as_the_board_does(app, driver):
    """The example on Hashi's How to play page kept 96-pixel cells at 2560x1440 -- three islands in
    a corner of an empty black square -- because it was laid out before its first draw gave its
    painter the theme and with it the UI scale."""
    from arcade.ui.how_to_play import HowToPlayScene

    app.on_resize((2560, 1440))
    scene = app.launch("hashi", Launch(level="classic/01-first-steps"))
    driver.frames(1)
    if not isinstance(app.stack.top, HowToPlayScene):
        scene.open_how_to_play()
        driver.frames(1)
    page = app.stack.top
    assert isinstance(page, HowToPlayScene)
    assert page.preview.painter.view.cell > 96


def test_the_new_board_dialog_resting_open_is_not_redrawn(app, driver, open_level):
    """Hashi's New board dialog left open was drawn 60 times a second (the base scene's default);
    only a board being made (its seconds, the worker's answer) moves it."""
    from arcade.games.hashi.view.new_puzzle import NewPuzzleScene

    open_level("3...3\n.....\n2...2\n")
    driver.key(pygame.K_n)
    assert isinstance(app.stack.top, NewPuzzleScene)
    assert_rests(app, driver)


def test_the_recorded_time_is_the_time_the_result_shows(app, driver, open_level):
    """Solved at 25.96 s, the result read "Time: 00:25" over "Your first result on this level is
    recorded: time 00:26." -- the clock cuts to the second, the record was rounded to the tenth."""
    scene = open_level("2.2\n...\n2.2\n")
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 0, 1))
    driver.drag(at(scene, (0, 0)), towards(scene, (0, 0), 1, 0))
    driver.drag(at(scene, (2, 2)), towards(scene, (2, 2), -1, 0))
    scene.elapsed = 25.96
    driver.drag(at(scene, (2, 2)), towards(scene, (2, 2), 0, -1))
    driver.frames(30, dt=0.1)  # the celebration; the clock stopped with the last bridge
    assert isinstance(app.stack.top, ResultScene)
    lines = app.stack.top.lines
    assert "Moves: 4 · Time: 00:25" in lines, lines
    assert "Your first result on this level is recorded: time 00:25." in lines, lines


def test_at_640x400_a_hint_on_a_wide_board_covers_no_row_and_is_said_once(app, driver, open_level, monkeypatch):
    """At 640x400 a hint on an 18-wide board was drawn in a box over the board's bottom four rows,
    saying word for word what the status line said under it. With no margin beside the board there
    is no box: the status line's pages hold every word, once."""
    from arcade.games.hashi.formats import format_level
    from arcade.games.hashi.generator import generate
    from arcade.games.hashi.view import effects

    app.on_resize((640, 400))
    made = generate(10, 18, "medium", seed=5)
    scene = open_level(format_level(made.puzzle))
    driver.key(pygame.K_h)
    scene.worker.wait(30)
    driver.frame()
    hint = scene.hint
    assert hint is not None and hint.reason in scene.status_text
    text, _role = scene.status_line()
    assert text == scene.status_text and scene.status_cut, "the whole hint, a page at a time"
    assert scene.status_caption() is None, "no box over the board"
    boxes = []
    placed = effects.caption_box

    def caption_box(*args):
        boxes.append(placed(*args))
        return boxes[-1]

    monkeypatch.setattr(effects, "caption_box", caption_box)
    scene._dirty = True
    driver.frames(3)
    board = scene.painter.view.board_rect
    assert not [box for box in boxes if box is not None and box[0].colliderect(board)], "a box covers the board"


TORUS_12X10 = """# topology: torus
...6.42..1..
.43........3
...4.7..5.2.
..3.2..2.1.2
.6..3...3...
.....4.4.3.4
..2.5...4.1.
.3...4.3...2
...4..3.....
..4....2..5.
"""


def test_at_640x400_a_wrong_bridge_hint_captions_its_steps_and_says_them_once(app, driver, open_level):
    """At 640x400 a wrong-bridge hint on a 12x10 torus (New board: hard, torus) showed none of its
    step captions (the margin beside the board was 152 pixels wide and only as high as the board)
    and said every step in the status line instead: seven pages of two lines ("1/7 ▸"), out of step
    with the board's numbered steps. The narrow margin now takes the play area's height (and a
    smaller text if need be), and while it captions every step the status line says only the verdict."""
    from arcade.games.hashi.view import effects

    app.on_resize((640, 400))
    scene = open_level(TORUS_12X10)
    driver.frames(40, dt=0.5)  # the opening toasts go: the status line has its whole width
    scene.session.play("set 5 11 E 1")  # the 4 at row 6, column 12 east (round the edge): wrong
    driver.frame()
    ask_hint = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    driver.frame(ask_hint)
    scene.worker.wait(30)
    driver.frame()
    hint = scene.hint
    highlight = scene._hint_highlight()
    assert hint is not None and hint.kind == "error" and len(highlight.steps) == 3
    screen = app.screen.get_rect()
    board = scene.painter.view.board_rect
    for words, anchor in effects.chain_captions(scene.painter, highlight):
        placed = effects.caption_box(scene.painter, app.theme, screen, words, anchor)
        assert placed is not None, f"no caption for {words!r}"
        box, _lines = placed
        assert not box.colliderect(board) and not box.colliderect(scene.status_rect), box
        assert screen.contains(box) and scene.painter.outer.contains(box), box
    shown, _role = scene.status_line()
    assert hint.reason.split(" 1. ")[0] in shown and "1. Crossing" not in shown, shown
    driver.frame()
    assert scene.status_pages(scene._status_cache[1]) <= 2, scene._status_cache[1]
