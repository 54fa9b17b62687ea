"""The Battle Royale screen driven by real pygame events: drop, move, die, finish, hint, watch, resume."""

from __future__ import annotations

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.games.royale.view.paint import DOOMED, SAFE, STORM, zone_colour
from arcade.games.royale.view.result import RoyaleResultScene
from arcade.services import saves
from arcade.ui.overlays import PauseScene
from tests.conftest import Driver
from tests.drawing import game_at
from tests.royale.royale_scenes import open_level


def centre_of(scene, cell) -> tuple[int, int]:
    return tuple(int(v) for v in scene.grid.cell_center(cell))


def pixel(app, scene, cell) -> tuple[int, int, int]:
    """The fill colour of ``cell``: the most common colour in its outer ring of pixels.

    Sampling a whole ring (away from the coin in the middle) keeps the answer independent of
    where the hatch lines fall at the current cell size.
    """
    rect = scene.grid.cell_rect(cell).inflate(-4, -4)
    counts: dict[tuple[int, int, int], int] = {}
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            if rect.w // 4 <= x - rect.left < rect.w * 3 // 4 and rect.h // 4 <= y - rect.top < rect.h * 3 // 4:
                continue
            colour = tuple(app.screen.get_at((x, y)))[:3]
            counts[colour] = counts.get(colour, 0) + 1
    return max(counts, key=counts.get)


def test_opens_on_the_seed_example_with_par(app, driver):
    scene = open_level(app, driver)
    assert scene.session.level.centre == (7, 10)
    assert scene.par_status == "known" and scene.par_route.loot == 6
    assert "Par 6" in scene.status_fields()


def test_click_on_loot_is_refused_with_a_reason_then_an_empty_cell_drops(app, driver):
    scene = open_level(app, driver)
    driver.click(centre_of(scene, (0, 3)))  # loot
    assert not scene.session.state.placed
    assert "holds loot" in scene.status_text and scene.status_role == "error"
    driver.click(centre_of(scene, (0, 0)))  # too far from the centre
    assert not scene.session.state.placed and "never make it" in scene.status_text
    driver.click(centre_of(scene, (3, 10)))
    assert scene.session.state.path == ((3, 10),)


def test_after_a_refused_drop_click_the_arrows_carry_on_from_the_clicked_cell(app, driver):
    """The keyboard cursor stayed where the keys had left it (or on the centre) after a click the
    game refused: Enter then dropped on a cell the player had not chosen last."""
    scene = open_level(app, driver)
    driver.key(pygame.K_UP)
    driver.key(pygame.K_UP)
    assert scene.cursor == (6, 10) and scene.keyboard.shown
    driver.click(centre_of(scene, (4, 10)))  # loot: refused
    assert not scene.session.state.placed and "holds loot" in scene.status_text
    driver.key(pygame.K_RIGHT)  # shows the cursor where the mouse left it
    assert scene.cursor == (4, 10) and scene.keyboard.shown
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)
    assert scene.session.state.path == ((4, 11),)


def test_arrows_wasd_and_clicks_move_and_pick_up_loot(app, driver):
    scene = open_level(app, driver)
    driver.click(centre_of(scene, (3, 10)))
    driver.key(pygame.K_DOWN)
    assert scene.session.state.pos == (4, 10) and scene.session.state.loot == 1
    assert scene.tweens.get("pickup") is not None and scene.tweens.get("ring") is not None
    driver.key(pygame.K_s)
    driver.click(centre_of(scene, (6, 10)))  # a neighbour
    assert scene.session.state.pos == (6, 10) and scene.session.state.loot == 3
    driver.click(centre_of(scene, (7, 11)))  # in neither its row nor its column
    assert scene.session.state.pos == (6, 10) and "Not in your row or column" in scene.status_text
    driver.key(pygame.K_d)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_a)
    outcome = scene.session.outcome
    assert outcome is not None and outcome.is_win and scene.session.state.loot == 6
    assert isinstance(app.stack.top, RoyaleResultScene)
    lines = " ".join(app.stack.top.lines)
    assert "Par: 6" in lines and "matched the best possible route" in lines


def test_walking_into_the_storm_dies_and_undo_brings_you_back(app, driver):
    scene = open_level(app, driver)
    driver.click(centre_of(scene, (3, 10)))
    driver.key(pygame.K_w)  # (2, 10) after one move: inside box 1
    driver.key(pygame.K_w)  # (1, 10) after two moves: the storm
    state = scene.session.state
    assert state.dead
    top = app.stack.top
    assert isinstance(top, RoyaleResultScene) and top.title == "Caught by the storm"
    assert "Par: 6" in " ".join(top.lines)
    driver.frames(40)  # the panel takes keys once it has been read a moment
    driver.key(pygame.K_RETURN)  # the default: "Look at board"
    assert app.stack.top is scene and scene.show_optimal
    driver.key(pygame.K_u)
    assert not scene.session.state.dead and scene.session.state.pos == (2, 10)


def test_undo_and_redo_name_the_move_and_say_where_you_stand(app, driver):
    scene = open_level(app, driver)
    driver.click(centre_of(scene, (3, 10)))
    driver.key(pygame.K_DOWN)  # (4, 10): loot
    driver.key(pygame.K_u)
    assert scene.status_text.startswith("Undone: the step down to row 5, column 11, with its loot. Centre ")
    driver.key(pygame.K_u)
    # Back before the drop: the drop prompt the game opens with (the side panel's too).
    assert scene.status_text == ("Undone: the drop at row 4, column 11. Click an empty cell inside the "
                                 "outlined diamond to drop (or arrows + Enter).")
    assert scene.status_role == "info"
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert scene.status_text.startswith("Redone: the drop at row 4, column 11. Centre 4 steps away")
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert scene.status_text.startswith("Redone: the step down to row 5, column 11, with its loot. Centre ")
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert scene.status_text == "Nothing to redo."


def test_enter_finishes_on_the_centre_and_the_overlay_shows_both_routes(app, driver):
    scene = open_level(app, driver, "02-dead-end-11x11")
    centre = scene.session.level.centre
    driver.click(centre_of(scene, centre))
    assert scene.session.state.on_centre
    driver.key(pygame.K_RETURN)
    outcome = scene.session.outcome
    assert outcome is not None and outcome.is_win and scene.session.state.loot == 0
    top = app.stack.top
    assert isinstance(top, RoyaleResultScene)
    driver.frames(1)
    assert top.map_rect.width > 0
    # The optimal route is drawn in the mini-map: its colour appears there.
    colour = app.theme["player2"]
    found = any(tuple(app.screen.get_at((x, y)))[:3] == colour
                for x in range(top.map_rect.left, top.map_rect.right)
                for y in range(top.map_rect.top, top.map_rect.bottom, 2))
    assert found


def test_the_finish_button_is_grey_until_the_player_stands_on_the_centre(app, driver):
    """Before the drop the Finish button dropped the player where the keyboard cursor was."""
    scene = open_level(app, driver, "02-dead-end-11x11")
    finish = next(b for b in scene.toolbar.buttons if b.label == "Finish")
    assert not finish.is_enabled()
    driver.click(finish.rect.center)
    assert not scene.session.state.placed, "the grey Finish button dropped the player"
    centre = scene.session.level.centre
    driver.click(centre_of(scene, (centre[0] - 1, centre[1])))
    assert scene.session.state.placed and not finish.is_enabled()
    driver.key(pygame.K_RETURN)  # the key still says why it cannot finish here
    assert "Finish only on the centre" in scene.status_text and scene.session.outcome is None
    driver.click(centre_of(scene, centre))
    assert finish.is_enabled()
    driver.click(finish.rect.center)
    assert scene.session.outcome is not None and scene.session.outcome.is_win


def test_zones_are_painted_by_danger(app, driver):
    scene = open_level(app, driver, "02-dead-end-11x11")
    theme = app.theme
    # Before the drop: the centre's neighbourhood is safe, the corner is doomed.
    assert pixel(app, scene, (5, 4)) == zone_colour(theme, SAFE)
    assert pixel(app, scene, (0, 0)) == zone_colour(theme, DOOMED)
    driver.click(centre_of(scene, (3, 5)))
    driver.key(pygame.K_DOWN)
    driver.frames(60)  # let the ring fade finish
    assert pixel(app, scene, (0, 0)) == zone_colour(theme, STORM)


def test_hover_before_the_drop_explains_the_cell(app, driver):
    scene = open_level(app, driver)
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=centre_of(scene, (5, 9)), rel=(0, 0), buttons=(0, 0, 0))
    driver.frame(move)
    assert scene._tooltip.startswith("✓") and "drop here" in scene._tooltip
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=centre_of(scene, (0, 0)), rel=(0, 0), buttons=(0, 0, 0)))
    assert scene._tooltip.startswith("✗") and "never make it" in scene._tooltip
    driver.click(centre_of(scene, (5, 9)))
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=centre_of(scene, (4, 9)), rel=(0, 0), buttons=(0, 0, 0)))
    assert scene._tooltip == "" and "spare moves" in scene.status_text


def test_keyboard_drop_with_a_cursor(app, driver):
    scene = open_level(app, driver)
    driver.key(pygame.K_UP)  # the first arrow only shows the cursor, on the centre (it stepped off it unseen)
    assert scene.cursor == scene.session.level.centre == (7, 10) and scene.keyboard.shown
    for key in (pygame.K_UP, pygame.K_UP, pygame.K_UP, pygame.K_UP):
        driver.key(key)
    assert scene.cursor == (3, 10) and not scene.session.state.placed
    driver.key(pygame.K_RETURN)
    assert scene.session.state.path == ((3, 10),)


def test_hint_twice_plays_the_best_move(app, driver):
    scene = open_level(app, driver)
    driver.key(pygame.K_h)
    scene.worker.wait(30)
    driver.frames(1)
    assert scene.hint is not None and scene.hint.move == "start 3 10"
    assert "best still possible: 6" in scene.status_text
    driver.key(pygame.K_h)
    assert scene.session.state.path == ((3, 10),)


def test_a_played_hint_says_what_still_holds_not_its_instruction_again(app, driver):
    """Playing a step's hint said "Played the hint: the step left to …, with its loot. go left — best
    still possible: 4": a sentence in lower case, and "go left" after the step read as advice to
    step left once more. After the move only the reach is said, as a sentence."""
    scene = open_level(app, driver)
    driver.click(centre_of(scene, (3, 10)))
    driver.key(pygame.K_h)
    scene.worker.wait(30)
    driver.frames(1)
    assert scene.hint is not None and scene.hint.move in "UDLR"
    assert "go " in scene.status_text  # shown: the instruction and its reason
    driver.key(pygame.K_h)
    text = scene.status_text
    assert text.startswith("Played the hint: the step ") and len(scene.session.state.path) == 2, text
    assert "go " not in text.lower().split(". ", 1)[1], text
    assert ". Best still possible: 6" in text, text


def test_doomed_two_moves_deep_the_status_and_the_hint_say_how_many_undos(app, driver):
    """Both said only "Undo (U) to step back": one U left the player still doomed."""
    scene = open_level(app, driver)
    driver.click(centre_of(scene, (3, 10)))
    for key in (pygame.K_a, pygame.K_a, pygame.K_a):  # (3, 9) still in reach, (3, 8) doomed, (3, 7) too
        driver.key(key)
    assert scene.session.state.doomed and scene.session.state.pos == (3, 7)
    assert scene.status_text.endswith("Undo 2 moves (press U 2 times) to get back to row 4, column 10.")
    driver.frames(1)
    pixel_before = {cell: app.screen.get_at((scene.grid.cell_rect(cell).inflate(2, 2).centerx,
                                             scene.grid.cell_rect(cell).inflate(2, 2).top))[:3]
                    for cell in ((3, 9), (3, 8))}
    driver.key(pygame.K_h)
    scene.worker.wait(30)
    driver.frames(1)
    assert scene.hint is not None and scene.hint.kind == "error" and scene.hint.move is None
    assert "undo 2 moves (press U 2 times) to get back to row 4, column 10" in scene.status_text
    assert scene.hint.highlight == ((3, 7), (3, 8), (3, 9))  # the way back, drawn on the board
    # Its box marks the cell it names, where the way back leads (it boxed the first step back).
    driver.frames(1)
    for cell, boxed in (((3, 9), True), ((3, 8), False)):
        rect = scene.grid.cell_rect(cell).inflate(2, 2)
        edge = tuple(app.screen.get_at((rect.centerx, rect.top)))[:3]
        changed = max(abs(a - b) for a, b in zip(edge, pixel_before[cell], strict=True)) > 30
        assert changed is boxed, cell
    driver.key(pygame.K_u)
    assert scene.status_text.startswith("Undone: the step left to row 4, column 8.")
    assert scene.status_text.endswith("Undo (U) to step back to row 4, column 10.")
    driver.key(pygame.K_u)
    assert not scene.session.state.doomed and scene.session.state.pos == (3, 9)


def test_watch_the_ai_walks_the_optimal_route(app, driver):
    scene = open_level(app, driver)
    driver.key(pygame.K_i)
    scene.worker.wait(30)
    driver.frames(1)
    assert scene.watch is not None
    for _ in range(400):
        driver.frame(dt=0.1)
        if scene.session.outcome is not None:
            break
    assert scene.session.outcome is not None and scene.session.outcome.is_win
    assert scene.session.state.loot == 6 and scene.finished_with_ai
    lines = " ".join(scene.result_lines(scene.session.outcome))
    assert "The AI's loot: 6" in lines and "Your" not in lines and " you " not in lines, lines


def test_optimal_route_is_hidden_until_the_round_ends(app, driver):
    scene = open_level(app, driver)
    driver.key(pygame.K_o)
    assert not scene.show_optimal and scene.status_role == "warning"


def test_autosave_and_resume(app, driver):
    scene = open_level(app, driver)
    driver.click(centre_of(scene, (3, 10)))
    driver.key(pygame.K_DOWN)
    scene.saver.flush()
    saved = saves.read_autosave("royale")
    assert saved is not None and saved.data["moves"] == ["start 3 10", "D"]
    resumed = app.launch("royale", Launch(save=saved.data))
    assert resumed.session.state == scene.session.state


def test_new_grid_and_level_picker(app, driver):
    scene = open_level(app, driver)
    driver.key(pygame.K_n)
    assert scene.session.level_id.startswith("random 21x21")
    assert not scene.session.state.placed
    seed = scene.session.level_id.rpartition("#")[2]
    # The toast says the seed itself (it said "seed in the level id", and no id is shown anywhere).
    assert any(m.text.endswith(f"seed {seed}") and "level id" not in m.text for m in scene.toast.messages)
    driver.key(pygame.K_l)
    top = app.stack.top
    assert type(top).__name__ == "PickerScene"
    assert any(c.title == "The seed's example" for c in top.choices)
    # It opens on the row that made the board (it opened on "Dead end", the first row).
    assert top.choices[top.selected].title == "Random 21×21, 20 % loot"
    driver.key(pygame.K_RETURN)
    assert app.stack.top is scene


def test_pause_lists_the_game_keys_with_i_for_watch(app, driver):
    open_level(app, driver)
    driver.key(pygame.K_ESCAPE)
    top = app.stack.top
    assert isinstance(top, PauseScene)
    keys = dict((what, keys) for keys, what in top.keys)
    assert keys["watch the AI play / stop"] == "I"
    assert any("WASD" in k for k, _ in top.keys)


@pytest.mark.parametrize("size", [(640, 400), (800, 500), (1024, 640)])
def test_the_result_buttons_never_overlap_where_they_wrap_onto_two_rows(app, driver, size):
    """The framework's five result buttons wrap onto two rows in a narrow window; Royale's result,
    which makes room for its mini-map, put every button on one line there (Main menu over Play again)."""
    scene = open_level(app, driver, "02-dead-end-11x11")
    driver.click(centre_of(scene, scene.session.level.centre))
    driver.key(pygame.K_RETURN)
    top = app.stack.top
    assert isinstance(top, RoyaleResultScene)
    app.on_resize(size)
    driver.frames(2)
    rects = [b.rect for b in top.buttons]
    assert len(rects) >= 4
    assert [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)] == []
    assert all(top.panel.contains(r) for r in rects) and not any(r.colliderect(top.map_rect) for r in rects)


@pytest.mark.parametrize("size", [(640, 400), (1024, 640)])
def test_the_result_says_dashed_below_only_over_a_mini_map(app, driver, size):
    """At 640x400 the result has no room for its mini-map, yet its par line said "the optimal route
    is dashed below" over nothing: there it sends the player to Look at board, which shows it."""
    app.on_resize(size)
    scene = open_level(app, driver, "02-dead-end-11x11")
    driver.click(centre_of(scene, scene.session.level.centre))
    driver.key(pygame.K_RETURN)
    top = app.stack.top
    assert isinstance(top, RoyaleResultScene)
    driver.frames(2)
    (par_line,) = [line for line in top.lines if "Par:" in line]
    assert scene.session.state.loot < scene.par_route.loot, "matched the par: no pointer to test"
    if top.map_rect.width:
        assert "the optimal route is dashed below" in par_line
    else:
        assert size == (640, 400) and "Look at board shows the optimal route, dashed" in par_line
        assert "below" not in " ".join(top._body)
    app.on_resize((1024, 640) if size == (640, 400) else (640, 400))  # and back when the window changes
    driver.frames(2)
    (par_line,) = [line for line in top.lines if "Par:" in line]
    assert ("dashed below" in par_line) == bool(top.map_rect.width), (par_line, top.map_rect)


@pytest.mark.parametrize("size", [(2560, 1440), (1920, 1080), (1280, 720), (1024, 640)])
def test_the_result_mini_map_grows_with_a_big_window(app, driver, size):
    """On a 1920x1080 screen the result's mini-map stayed 250 pixels high: both routes on a
    thumbnail under two thirds of empty screen. It takes up to 45 % of the window's height (never
    less than before, never more than the panel leaves room for), the buttons still in the panel."""
    scene = open_level(app, driver)
    app.on_resize(size)
    driver.frames(2)
    driver.click(centre_of(scene, (3, 10)))
    for step in ((4, 10), (5, 10), (6, 10), (6, 11), (7, 11), (7, 10)):
        driver.click(centre_of(scene, step))
    top = app.stack.top
    assert isinstance(top, RoyaleResultScene)
    driver.frames(2)
    assert top.map_rect.height >= (0.4 * size[1] if size[1] >= 1000 else 230), (size, top.map_rect)
    assert top.panel.top >= 0 and top.panel.bottom <= size[1]
    assert all(top.panel.contains(b.rect) and not b.rect.colliderect(top.map_rect) for b in top.buttons)
    # Under the text, whose lines grow with the window (at 2560x1440 the map covered "Moves: 0 · Time").
    px = app.theme.px
    last_line_bottom = top.panel.y + px(70) + px(26) * (len(top._body) - 1) + app.theme.font(18).get_height()
    assert top.map_rect.top >= last_line_bottom, (top.map_rect, last_line_bottom)


@pytest.mark.parametrize("size", [(800, 500), (1600, 1000), (2560, 1440)])
def test_layout_fits_small_and_large_windows(app, driver, size):
    scene = open_level(app, driver, "17-grand-royale-51x51")
    app.on_resize(size)
    driver.frames(2)
    board = scene.grid.board_rect
    assert board.width > 0 and app.screen.get_rect().contains(board)
    assert not board.colliderect(scene.status_rect)
    if scene.side_rect.width:
        assert not board.colliderect(scene.side_rect)


def test_a_seed_opens_the_same_random_grid(app, driver):
    first = app.launch("royale", Launch(seed=5))
    driver.frames(1)
    second = app.launch("royale", Launch(seed=5))
    driver.frames(1)
    assert first.session.level_id == "random 21x21 #5"
    assert first.session.level.loot == second.session.level.loot


def test_a_held_arrow_moves_once_not_into_the_storm(app, driver):
    """The keyboard's repeat of a held → walked the player sixteen cells in a row, into the storm."""
    scene = open_level(app, driver)
    for _ in range(5):  # the first press shows the cursor, the next four move it
        driver.key(pygame.K_UP)
    driver.key(pygame.K_RETURN)  # drop at the cursor, (3, 10)
    assert scene.session.state.placed
    before = len(scene.session.state.path)
    held = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="", scancode=0) for _ in range(8)]
    driver.frame(*held)  # one press and seven repeats: the key is not released
    assert len(scene.session.state.path) == before + 1
    driver.frame(pygame.event.Event(pygame.KEYUP, key=pygame.K_UP, mod=0, unicode="", scancode=0))
    driver.key(pygame.K_UP)  # a new press moves again
    assert len(scene.session.state.path) == before + 2


SWATCH_ROWS = ("the centre", "loot", "safe", "no spare moves", "doomed", "storm", "reach of the centre",
               "loot taken")
#: The line marks the legend lists in each state, written out here (not taken from ``line_marks``,
#: the function under test): only what the board can show then, so the rows fit a small window.
LINE_ROWS = {
    "before the drop": ("may drop here", "may not drop here", "hint (H)"),
    "in the round": ("you, your route", "a step you can take", "storm's next edge", "hint (H)"),
    "finished": ("you, your route", "optimal route (O)", "hint (H)"),
}
ALL_LINE_ROWS = {row for rows in LINE_ROWS.values() for row in rows}


def royale_in(app, driver, phase: str):
    """A scene whose session is ``phase``: before the drop, in the round, or finished (won)."""
    if phase == "finished":
        scene = open_level(app, driver, "02-dead-end-11x11")
        driver.click(centre_of(scene, scene.session.level.centre))
        driver.key(pygame.K_RETURN)
        app.pop()  # the result panel
        assert scene.session.outcome is not None
        return scene
    scene = open_level(app, driver)
    if phase == "in the round":
        for _ in range(5):  # the first press shows the cursor, the next four move it
            driver.key(pygame.K_UP)
        driver.key(pygame.K_RETURN)  # drop at the cursor
        assert scene.session.state.placed and scene.session.outcome is None
    else:
        assert not scene.session.state.placed
    return scene


def texts_drawn(monkeypatch) -> dict[str, tuple[int, int]]:
    """Where the side panel writes each text (filled in as it draws)."""
    from arcade.games.royale.view import panel

    drawn: dict[str, tuple[int, int]] = {}
    real = panel.draw_text

    def spy(surface, theme, text, pos, *a, **k):
        drawn[text] = pos
        return real(surface, theme, text, pos, *a, **k)

    monkeypatch.setattr(panel, "draw_text", spy)
    return drawn


@pytest.mark.parametrize("phase", list(LINE_ROWS))
@pytest.mark.parametrize("height", [330, 560])
def test_the_side_panels_legend_keeps_every_row_in_a_small_window(app, driver, monkeypatch, height, phase):
    """At 800x500 it left out the centre, the loot, the reach of the centre and loot taken; in the
    round, the storm's next edge (and, after it, the optimal route) must fit too. Each state lists
    only the marks the board can show then."""
    from arcade.games.royale.view import panel

    scene = royale_in(app, driver, phase)
    drawn = texts_drawn(monkeypatch)
    panel.render_side(app.theme, (230, height), scene.session.state, scene.session.outcome, "6", True)
    required = LINE_ROWS[phase]  # every row: at 800x500 the round's "hint (H)" fell off
    swatches = [text for _, text in panel.legend_rows(scene.session.outcome)]
    assert set(swatches) <= set(SWATCH_ROWS) | {"the final zone"}
    for row in (*swatches, *required):
        assert row in drawn, (phase, row, list(drawn))
        assert 0 <= drawn[row][1] < height, (phase, row, drawn[row])
    shown_lines = [row for row in drawn if row in ALL_LINE_ROWS]
    assert shown_lines == list(LINE_ROWS[phase])[:len(shown_lines)], (phase, shown_lines)


@pytest.mark.parametrize("hint_shown", [False, True])
def test_where_even_the_smallest_legend_rows_do_not_fit_the_hint_row_comes_with_a_hint(app, driver, monkeypatch,
                                                                                        hint_shown):
    """Where not every row fits even at its smallest, two to a row under a compact score (a panel
    228 pixels tall): "hint (H)" is listed while a hint is on the board, and then every other row
    still fits; the rows never run off the panel."""
    from arcade.games.royale.view import panel

    scene = royale_in(app, driver, "in the round")
    drawn = texts_drawn(monkeypatch)
    height = 228
    panel.render_side(app.theme, (230, height), scene.session.state, None, "6", True, hint_shown=hint_shown)
    assert ("hint (H)" in drawn) == hint_shown, list(drawn)
    assert "you, your route" in drawn and drawn["hint (H)" if hint_shown else "you, your route"][1] < height
    for row in SWATCH_ROWS:
        assert row in drawn and drawn[row][1] < height, (row, list(drawn))


def test_o_after_the_round_says_whether_the_optimal_route_is_shown(app, driver):
    """Hiding it left the status line saying "Dashed: the optimal route (O hides it)"."""
    scene = open_level(app, driver, "02-dead-end-11x11")
    driver.click(centre_of(scene, scene.session.level.centre))
    driver.key(pygame.K_RETURN)
    app.pop()  # the result panel
    assert scene.show_optimal
    driver.key(pygame.K_o, unicode="o")
    assert not scene.show_optimal and "hidden" in scene.status_text
    driver.key(pygame.K_o, unicode="o")
    assert scene.show_optimal and "O hides it" in scene.status_text


def test_the_how_to_play_example_names_its_cells_from_1_as_the_game_does():
    """It said "the centre is row 3, column 3" and "drop … (row 1, column 4)" on its 7x7 grid,
    counted from 0, while the game (its hints, hovers and rulers) calls them row 4, column 4 and
    row 2, column 5."""
    from arcade.core.grid import cell_name
    from arcade.core.session import Session
    from arcade.games.royale import INFO

    front = INFO.load_front()
    example = front.example()
    rules = INFO.load_rules()
    session = Session(rules, rules.parse_level(example.level, "example"))
    assert f"the centre is {cell_name(session.level.centre)};" in example.captions[0]
    session.play(example.moves[0])
    assert f"({cell_name(session.state.pos)})" in example.captions[1]


def test_the_board_has_row_and_column_numbers_counted_from_1_as_its_words_name_cells(app, driver):
    """A hint's "row 26, column 26" on a 51x51 grid had to be counted by hand: the board now has
    rulers (the shared GridView's, as Hashi has), every fifth number on a fine board, every one
    once zoomed in, each beside the row or column that cell_name calls by it."""
    from arcade.core.grid import cell_name

    scene = open_level(app, driver, "17-grand-royale-51x51")
    grid = scene.grid
    board = grid.board_rect
    labels = grid.ruler_labels()
    columns = {text: x for text, (x, y) in labels if y < board.top}
    rows = {text: y for text, (x, y) in labels if x < board.left}
    assert [t for t in ["1", "5", "10", "25", "50"] if t in columns and t in rows] == ["1", "5", "10", "25", "50"]
    for text, x in columns.items():
        assert cell_name(grid.cell_at((x, board.top + 1))).endswith(f"column {text}")
    for text, y in rows.items():
        assert cell_name(grid.cell_at((board.left + 1, y))).startswith(f"row {text},")
    # Drawn, beside the board (not under it): ink where "25" stands over column 25.
    background = app.theme["background"]
    x, y = columns["25"], next(yy for _t, (xx, yy) in labels if xx == columns["25"])
    box = [tuple(app.screen.get_at((x + dx, y + dy)))[:3] for dx in range(-6, 7) for dy in range(-5, 6)]
    assert any(colour != tuple(background) for colour in box)
    # Zoomed in, every row and column in view has its number: 26 is the centre's.
    grid.set_zoom(4.0, grid.cell_center((25, 25)))
    driver.frames(1)
    texts = {text for text, _ in grid.ruler_labels()}
    assert "26" in texts and grid.cell >= 16


def test_zoomed_so_a_column_sits_at_the_views_edge_its_number_is_drawn_whole_or_not_at_all(app, driver):
    """Zoomed in with a column's middle on the view's last pixel, its number reached past the
    view's area and lost ~3 pixels of its last digit ("26" read as "2"): the shared rulers draw a
    number whole or not at all (a row's at the bottom edge too), as Runway's and Hashi's do."""
    scene = open_level(app, driver, "17-grand-royale-51x51")
    grid = scene.grid
    grid.set_zoom(4.0, grid.cell_center((25, 25)))
    font = app.theme.font(grid.ruler_size(), fixed=True)
    background = tuple(app.theme["background"])[:3]
    for axis in (0, 1):  # a column at the right edge, a row at the bottom
        vp = grid.viewport
        middle = round(grid.cell_center((25, 25))[axis])
        grid.pan_by(*((vp.right - 1 - middle, 0) if axis == 0 else (0, vp.bottom - 1 - middle)))
        app.redraw = True
        driver.frames(1)
        beside = [(text, centre) for text, centre in grid.ruler_labels()
                  if (centre[1] < grid.viewport.top if axis == 0 else centre[0] < grid.viewport.left)]
        cut = pygame.Rect((0, 0), font.size("26"))
        cut.center = dict(beside)["26"]  # its middle is in view: placed, but it would not fit whole
        assert not grid.area.contains(cut), (axis, cut, grid.area)
        drawn = grid.ruler_rects(app.theme)
        assert cut not in [rect for _, rect in drawn]
        assert drawn and all(grid.area.contains(rect) for _, rect in drawn)
        # No part of it on screen: where it stood inside the area is background.
        inside = cut.clip(grid.area)
        assert all(tuple(app.screen.get_at((x, y)))[:3] == background
                   for x in range(inside.left, inside.right) for y in range(inside.top, inside.bottom))


def test_a_hint_that_played_the_drop_is_credited_as_a_hint_not_as_the_ai_matching_par(app, driver):
    """The playtester took one hint (it played the drop), walked D D D R D L and read "the AI
    matched the best possible route": the result now says the player matched it, with 1 hint."""
    scene = open_level(app, driver)
    driver.key(pygame.K_h)
    scene.worker.wait(30)
    driver.frames(1)
    driver.key(pygame.K_h)  # H again plays it: the drop
    assert scene.session.moves == ["start 3 10"] and scene.session.hints_played == 1
    for key in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT):
        driver.key(key)
    top = app.stack.top
    assert isinstance(top, RoyaleResultScene) and top.title == "You made it!"
    said = "\n".join(top.lines)
    assert "Par: 6 — you matched the best route with 1 hint ★" in said, said
    assert "Finished with 1 hint — not counted as a personal best." in said and "the AI matched" not in said


def test_a_round_played_all_by_hints_is_the_players_route_with_hints(app, driver):
    """Hint, play it, for every move (the drop too): the panel "You made it!" said "The AI's loot:
    6 · Par: 6 — the AI matched the best possible route" above "Finished with 7 hints"."""
    scene = open_level(app, driver)
    for _ in range(7):  # the drop and the six steps, each a hint played
        driver.key(pygame.K_h)
        scene.worker.wait(30)
        driver.frames(1)
        driver.key(pygame.K_h)
        driver.frames(1)
    top = app.stack.top
    assert isinstance(top, RoyaleResultScene) and top.title == "You made it!"
    assert scene.session.hints_played == 7
    said = "\n".join(top.lines)
    assert "Loot: 6 · Par: 6 — you matched the best route with 7 hints ★" in said, said
    assert "AI's loot" not in said and "the AI matched" not in said, said


def test_the_ai_credit_counts_the_moves_the_result_counts_and_names_the_drop(app, driver):
    """A hint that played the drop, then the AI watched: "Moves: 6" next to "The AI played 6 of 7
    moves, 1 of them a hint" -- the drop is not one of the result's moves; it is said on its own."""
    import re

    scene = open_level(app, driver)
    scene.request_hint()
    scene.worker.wait(30)
    driver.frames(1)
    scene.request_hint()  # H again plays it: the drop
    assert scene.session.hints_played == 1 and scene.session.index == 1
    scene.toggle_watch()
    for _ in range(3000):
        scene.worker.wait(30)
        driver.frames(1)
        if scene.session.outcome is not None:
            break
    outcome = scene.session.outcome
    assert outcome is not None
    lines = " · ".join(scene.result_lines(outcome))
    moves = int(re.search(r"Moves: (\d+)", lines).group(1))
    assert moves == scene.session.state.moves
    credit = scene.ai_credit()
    assert credit.startswith(f"the AI played all {moves} moves, with a hint for the drop"), (credit, lines)
    assert f"of {moves + 1} moves" not in credit and "of them a hint" not in credit


def test_n_during_a_round_asks_first_counting_moves_as_the_header_does(app, driver):
    """N threw a round in progress away without a word (Undo grey afterwards); its question then said
    "2 moves made" next to "Move 1/6" (the drop is not a move)."""
    scene = open_level(app, driver)
    rules = scene.session.rules

    def safe(state):
        return next(m for m in rules.legal_moves(state) if rules.outcome(rules.apply(state, m)) is None
                    and rules.legal_moves(rules.apply(state, m)))

    scene.session.play(safe(scene.session.state))  # the drop
    scene.session.play(safe(scene.session.state))  # a step
    moves = list(scene.session.moves)
    driver.key(pygame.K_n)
    assert scene.session.moves == moves
    said = [m.text.replace("\u00a0", " ") for m in scene.toast.messages]  # a count is one unit
    # The drop, not a move, named on its own (an AI-only drop left the question with no words after it).
    assert "Press N (New board) again to throw away this game (your drop and 1 move made), within 5 s" in said, said
    driver.key(pygame.K_n)
    assert scene.session.index == 0 and scene.session.level_id != "01-seed-14x20"


def test_the_level_picker_writes_a_grid_size_width_by_height_as_hashi_does():
    """The seed grid (14 rows, 20 columns) was "14x20" in Battle Royale's picker, rows first,
    where Hashi's "40×7" is 40 columns: the same words meant two shapes."""
    from arcade.core.grid import size_name
    from arcade.games.royale.logic import RULES
    from arcade.games.royale.view import FRONT as front
    from arcade.games.royale.view import bundled_levels

    entries = {e.id: e for e in front.levels()}
    seed = entries["01-seed-14x20"]
    assert seed.subtitle.startswith("20×14 · "), seed.subtitle
    for entry in entries.values():
        level = RULES.load_level_file(next(p for i, p in bundled_levels() if i == entry.id))
        assert entry.subtitle.startswith(size_name(level.cols, level.rows) + " · ")
    assert all("×" in e.title and "x" not in e.title.split(",")[0] for e in front.extra_choices())


def _legend_rows(app, scene) -> list[str]:
    from arcade.games.royale.view import panel

    drawn: list[str] = []
    real = panel.draw_text
    panel.draw_text = lambda surface, theme, text, *a, **k: (drawn.append(text), real(surface, theme, text, *a, **k))
    try:
        panel.render_side(app.theme, (230, 700), scene.session.state, scene.session.outcome, "6", True)
    finally:
        panel.draw_text = real
    return drawn


def test_the_centre_reads_as_the_goal_before_the_drop(app, driver):
    """The keyboard cursor sat unasked on the centre (loot, so "may not drop"): a red square and "✗"
    that no legend row explained, and the goal read as forbidden."""
    scene = open_level(app, driver)
    driver.frames(1)
    rect = scene.grid.cell_rect(scene.session.level.centre).inflate(4, 4)
    red = tuple(app.theme["error"])
    reds = sum(tuple(app.screen.get_at((x, y)))[:3] == red for x in range(rect.left, rect.right)
               for y in range(rect.top, rect.bottom))
    assert reds == 0
    driver.key(pygame.K_UP)  # the keyboard brings the cursor, on the centre; the next press moves it
    assert scene.cursor == (7, 10) and scene.keyboard.shown
    driver.key(pygame.K_UP)
    assert scene.cursor == (6, 10)


def test_the_legend_lists_every_mark_the_board_draws(app, driver):
    scene = open_level(app, driver)
    seen: set[str] = set()

    def check() -> None:
        driver.frames(1)
        assert scene.marks_drawn <= set(_legend_rows(app, scene)), (scene.marks_drawn, _legend_rows(app, scene))
        seen.update(scene.marks_drawn)

    move = pygame.event.Event(pygame.MOUSEMOTION, pos=centre_of(scene, (0, 0)), rel=(0, 0), buttons=(0, 0, 0))
    driver.frame(move)
    check()
    driver.key(pygame.K_UP)
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=centre_of(scene, (5, 9)), rel=(0, 0), buttons=(0, 0, 0)))
    check()
    driver.key(pygame.K_h)
    scene.worker.wait(30)
    check()
    driver.click(centre_of(scene, (3, 10)))
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=centre_of(scene, (4, 10)), rel=(0, 0), buttons=(0, 0, 0)))
    check()
    driver.key(pygame.K_h)
    scene.worker.wait(30)
    check()
    assert {"may drop here", "may not drop here", "you, your route", "a step you can take", "hint (H)",
            "storm's next edge"} <= seen


def test_the_panel_before_the_drop_names_the_keyboard_way_and_fits(app, driver):
    """The side panel said only "click a cell to drop": nothing for a keyboard player. The panel is
    always SIDE_WIDTH wide (below 760 pixels it is not drawn; the status line says it), and the line
    fits one line (a second pushes the legend's last rows off a small window)."""
    from arcade.games.royale.view import panel
    from arcade.games.royale.view.scene import SIDE_WIDTH
    from arcade.ui.text import wrap_text

    scene = open_level(app, driver)
    line, _ = panel.status_line(scene.session.state, None)
    assert "click" in line and "arrows+Enter" in line
    lines = wrap_text(app.theme, line, 15, SIDE_WIDTH - 2 * 14)
    assert len(lines) == 1 and all(app.theme.font(15).size(part)[0] <= SIDE_WIDTH - 28 for part in lines)


def test_a_double_click_that_drops_or_steps_acts_once(app, driver, monkeypatch):
    """Many players double-click: the second click on the cell just dropped on said in red "You are
    here", and on the centre just stepped onto it was a Finish that ended the round."""
    from arcade.games.royale.view import player_moves  # where click_cell reads the clock

    clock = [100.0]
    monkeypatch.setattr(player_moves, "time", type("Clock", (), {"monotonic": staticmethod(lambda: clock[0])}))
    scene = open_level(app, driver, "02-dead-end-11x11")
    level = scene.session.level
    r, c = level.centre
    drop = next(cell for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if level.start_refusal(cell) is None)
    driver.click(centre_of(scene, drop))
    clock[0] += 0.2
    driver.click(centre_of(scene, drop))
    assert scene.session.index == 1 and scene.status_role != "error", scene.status_text
    clock[0] += 1.0
    driver.click(centre_of(scene, level.centre))  # one step onto the centre ...
    clock[0] += 0.2
    driver.click(centre_of(scene, level.centre))  # ... double-clicked: not a finish
    assert scene.session.state.on_centre and scene.session.outcome is None
    clock[0] += 1.0
    driver.click(centre_of(scene, level.centre))  # a click of its own on the centre finishes
    assert scene.session.outcome is not None and scene.session.outcome.is_win


def test_the_best_route_button_shows_and_hides_the_optimal_route_with_the_mouse(app, driver):
    """The optimal route was the O key alone: a player who uses only the mouse never saw it again
    after closing the result panel. The toolbar's Best route button is grey during the round and
    toggles the route after it."""
    scene = open_level(app, driver, "02-dead-end-11x11")
    button = scene.toolbar.find("Best route")
    assert button is not None and not button.is_enabled()
    driver.click(button.rect.center)
    assert not scene.show_optimal
    driver.click(centre_of(scene, scene.session.level.centre))
    driver.key(pygame.K_RETURN)
    app.pop()  # the result panel
    driver.frames(1)
    button = scene.toolbar.find("Best route")
    assert scene.show_optimal and button.is_enabled()
    driver.click(button.rect.center)
    assert not scene.show_optimal and "hidden" in scene.status_text
    driver.click(button.rect.center)
    assert scene.show_optimal


@pytest.mark.parametrize("rows, why", [
    ("1 1 1\n1 1 1\n1 1 1\n", "every cell holds loot"),
    (".1111\n11111\n11111\n11111\n1111.\n", "no empty cell can reach the centre"),
])
def test_a_grid_without_a_route_says_so_instead_of_asking_for_a_drop(app, driver, tmp_path, rows, why):
    """A held-out grid full of loot opened with "Click an empty cell inside the outlined diamond
    to drop": there was none, and nothing told the player the grid cannot be played."""
    path = tmp_path / "no-route.txt"
    path.write_text(rows)
    scene = open_level(app, driver, str(path))
    assert scene.par_status == "none"
    assert scene.status_role == "warning"
    assert "No route on this grid" in scene.status_text and why in scene.status_text
    assert "outlined diamond" not in scene.status_text


def ruler_rects(app, scene) -> list[tuple[str, pygame.Rect]]:
    """Each row and column number's rect, as :meth:`GridView.draw_rulers` draws it."""
    return scene.grid.ruler_rects(app.theme)


@pytest.mark.parametrize("level", ["01-seed-14x20", "17-grand-royale-51x51"])
def test_on_a_big_window_the_rulers_and_legend_marks_grow_and_keep_to_their_bands(level, monkeypatch):
    """At 2560x1440 the row and column numbers stayed 1280x720's size in their 18-pixel band, and
    the legend's marks 15 pixels beside 21-pixel words: both follow the UI scale (1.5 there). The
    numbers stay in their bands, clear of the board (inside the frame drawn round it) and of each
    other -- on a 51x51 grid, whose fine cells are numbered every fifth, too."""
    from arcade.games.royale.view import panel

    boxes: list[pygame.Rect] = []
    real = panel.draw_drop_mark
    monkeypatch.setattr(panel, "draw_drop_mark", lambda surface, theme, rect, ok: (boxes.append(rect),
                                                                                 real(surface, theme, rect, ok)))
    measured = {}
    for size in [(1280, 720), (2560, 1440)]:
        with game_at(size, "royale", level) as (app, scene):
            grid = scene.grid
            rects = ruler_rects(app, scene)
            assert rects
            board = grid.board_rect.inflate(4, 4)  # and the frame drawn round it
            assert [(t, r) for t, r in rects if r.colliderect(board)] == [], (size, board)
            assert [(a, b) for i, (_, a) in enumerate(rects) for _, b in rects[i + 1:] if a.colliderect(b)] == []
            assert all(grid.area.contains(r) for _, r in rects), (size, grid.area)
            boxes.clear()  # the legend's drop marks, before the drop
            panel.render_side(app.theme, scene.side_rect.size, scene.session.state, None, "par", True)
            measured[size] = (grid.ruler_size(), grid.ruler_bands[0], max(r.height for _, r in rects),
                              max(b.height for b in boxes))
    small, big = measured[(1280, 720)], measured[(2560, 1440)]
    assert all(b > s for s, b in zip(small, big, strict=True)), (small, big)


def _keys_cell_by_cell(state, k=None):
    """The cell keys as they were worked out before, each zone asked of the level cell by cell."""
    from arcade.games.royale.view.paint import EDGE, LOOT, NO_LOOT, TAKEN, horizon, zone_of

    level = state.level
    k = state.moves if k is None else k
    over = state.over and k == state.moves  # the final state: its zone plain, no next move's cues
    h = horizon(state) if k == state.moves else k + (1 if state.placed else 0)
    budget = -1 if over else level.max_moves - h
    cr, cc = level.centre
    keys = []
    for r in range(level.rows):
        row = []
        for c in range(level.cols):
            zone = zone_of(level, (r, c), k, h)
            if over:
                zone = STORM if zone == STORM else SAFE
            assert zone in (SAFE, EDGE, DOOMED, STORM)
            loot = (TAKEN if (r, c) in state.collected else LOOT) if level.loot[r][c] else NO_LOOT
            mask = 0
            if budget >= 0 and abs(r - cr) + abs(c - cc) <= budget and zone != STORM:
                for bit, (dr, dc) in enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))):
                    if abs(r + dr - cr) + abs(c + dc - cc) > budget:
                        mask |= 1 << bit
            row.append((zone, loot, (r, c) in state.path, (r, c) == level.centre, mask))
        keys.append(row)
    return keys


@pytest.mark.parametrize("level_id", ["01-seed-14x20", "07-pocket-storm-9x9", "17-grand-royale-51x51"])
def test_cell_keys_read_the_level_once_and_match_the_zones_cell_by_cell(level_id, monkeypatch):
    """A 51x51 grid's keys asked the level's properties three times a cell (4.2 ms of the main
    thread, twice on each step); they read its geometry once, and are the same keys through a
    random game, with the ring animation's older shrink counts too."""
    import random

    from arcade.games.royale import logic
    from arcade.games.royale.view import paint
    from arcade.services.resources import level_files

    path = next(p for p in level_files("royale") if p.stem == level_id)
    level = logic.RULES.load_level_file(path)
    state = logic.RULES.initial_state(level)
    rnd = random.Random(7)
    states = [state]
    while not (state.dead or state.finished) and len(states) < 40:
        moves = logic.RULES.legal_moves(state)
        if not moves:
            break
        state = logic.RULES.apply(state, rnd.choice(moves))
        states.append(state)
    assert len(states) > 3
    calls: list[str] = []
    for name in ("distance_to_centre", "in_box", "has_loot"):
        original = getattr(logic.Level, name)
        monkeypatch.setattr(logic.Level, name,
                            lambda self, *a, _o=original, _n=name: calls.append(_n) or _o(self, *a))
    for state in states:
        for k in (None, *range(max(0, state.moves - 2), state.moves)):
            expected = _keys_cell_by_cell(state, k)
            calls.clear()
            assert paint.cell_keys(state, k) == expected
            # Whether the round is over reads the player's four neighbours, once; never cell by cell.
            assert len(calls) <= 4, f"asked the level cell by cell: {len(calls)} calls"


def test_dragging_the_player_walks_it_and_a_drag_elsewhere_still_pans(app, driver):
    """A newcomer dragged the player onto the next cell and nothing happened, nor was anything said:
    any left-drag panned, and at the fit zoom there was nowhere to pan to. A drag from the player
    now walks it along its row or column, one move a cell; a drag from any other cell pans."""
    scene = open_level(app, driver)
    driver.click(centre_of(scene, (3, 10)))
    driver.drag(centre_of(scene, (3, 10)), centre_of(scene, (6, 10)), steps=12)  # three cells down
    state = scene.session.state
    assert scene.session.moves == ["start 3 10", "D", "D", "D"] and state.loot == 3
    assert not scene.camera.panning
    driver.drag(centre_of(scene, (6, 10)), centre_of(scene, (6, 11)))  # onto the right-hand neighbour
    assert scene.session.state.pos == (6, 11)
    driver.drag(centre_of(scene, (6, 11)), centre_of(scene, (7, 12)), steps=1)  # off its row and column: waits
    assert scene.session.state.pos == (6, 11)
    driver.key(pygame.K_EQUALS, pygame.KMOD_CTRL)  # zoom in, so that a pan has room
    driver.key(pygame.K_EQUALS, pygame.KMOD_CTRL)
    camera = scene.camera_state()
    before = list(scene.session.moves)
    away = next(c for c in ((2, 2), (10, 2), (2, 17), (10, 17)) if scene.grid.cell_at(centre_of(scene, c)) == c)
    driver.drag(centre_of(scene, away), centre_of(scene, (6, 11)))
    assert scene.session.moves == before  # a drag from another cell moves no one
    assert scene.camera_state() != camera  # it panned, as before


def test_a_drag_of_the_player_to_the_edge_of_a_zoomed_view_stops_under_the_pointer(app, driver):
    """Keeping the player in view scrolled the board under a dragging pointer: a farther cell came
    under it, and the next motion walked on -- six cells past the pointer, into the storm."""
    scene = open_level(app, driver, "16-big-drop-51x51")
    start = scene.session.level.centre
    assert scene.session.level.is_start(start)
    driver.click(centre_of(scene, start))
    for _ in range(8):
        driver.key(pygame.K_EQUALS, pygame.KMOD_CTRL)
    row = [(start[0], c) for c in range(start[1], scene.session.level.cols)]
    edge = [c for c in row if scene.grid.cell_at(centre_of(scene, c)) == c][-1]
    assert edge[1] - start[1] >= 3
    driver.drag(centre_of(scene, start), centre_of(scene, edge), steps=30)
    state = scene.session.state
    assert state.pos == edge and not state.dead


def test_a_drag_of_the_player_whose_drop_is_undone_under_it_walks_no_one(app, driver):
    """The drop undone with Ctrl+Z while the player was being dragged: the drag's next motion looked
    for the player at the end of an empty path (IndexError, found by the monkey test)."""
    scene = open_level(app, driver)
    driver.click(centre_of(scene, (3, 10)))
    start, below = centre_of(scene, (3, 10)), centre_of(scene, (4, 10))
    driver.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert not scene.session.state.placed
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=below, rel=(0, 20), buttons=(1, 0, 0)),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=below, button=1))
    assert app.crashes == 0 and scene.session.moves == [] and not scene.session.state.placed


def test_the_panel_says_on_the_centre_rather_than_centre_0_away(app, driver):
    """Standing on the centre the panel read "centre 0 away · 4 spare", and with a move left
    "! no spare moves: centre 0 away" in the warning colour, where the status line said Enter finishes."""
    from arcade.games.royale.view.panel import status_line

    scene = open_level(app, driver, "02-dead-end-11x11")
    driver.click(centre_of(scene, (4, 5)))
    driver.key(pygame.K_DOWN)
    state = scene.session.state
    assert state.on_centre and state.remaining == 4
    assert status_line(state, None) == ("✓ on the centre · 4 spare", "good")
    scene = open_level(app, driver, "01-seed-14x20")  # 14 rows: one move from the centre stays alive
    level = scene.session.level
    cr, cc = level.centre
    start = (cr - level.max_moves + 1, cc)
    assert level.is_start(start)
    driver.click(centre_of(scene, start))
    for _ in range(level.max_moves - 1):
        driver.key(pygame.K_DOWN)
    state = scene.session.state
    assert state.on_centre and state.remaining == 1 and scene.session.outcome is None
    assert status_line(state, None) == ("✓ on the centre: finish here", "good")


@pytest.mark.parametrize("ending", ["finish", "storm", "no safe move"])
def test_a_finished_board_shows_the_final_state_without_next_move_cues(app, driver, ending):
    """After the round (a finish on the centre, death in the storm, no safe move left) the board
    kept the hatched zones and the outlined diamond of a next move that could not happen, and
    looked as if play went on -- also after Look at board. It now shows the final zone plain, the
    storm cross-hatched, and no diamond; the legend lists only what is on the board."""
    scene = open_level(app, driver, "02-dead-end-11x11" if ending == "finish" else "01-seed-14x20")
    theme = app.theme
    if ending == "finish":
        driver.click(centre_of(scene, scene.session.level.centre))
        driver.frames(1)
        corner = (0, 0)  # in the storm's box after no move, but far out of the centre's reach
        assert pixel(app, scene, corner) == zone_colour(theme, DOOMED)
        driver.key(pygame.K_RETURN)
    elif ending == "storm":
        driver.click(centre_of(scene, (3, 10)))
        driver.key(pygame.K_w)
        corner = (2, 2)  # inside the box after one move, doomed from there
        driver.key(pygame.K_w)  # (1, 10) after two moves: the storm
    else:
        driver.click(centre_of(scene, (3, 10)))
        for key in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT):
            driver.key(key)
        corner = (6, 6)  # in the last box (rows 7-8, columns 7-14)
    assert scene.session.outcome is not None
    driver.frames(40)
    driver.key(pygame.K_RETURN)  # Look at board
    assert app.stack.top is scene
    scene.show_optimal = False  # the board's own cells, without the optimal route over them
    driver.frames(60)  # the ring the storm ate has faded
    assert pixel(app, scene, corner) == zone_colour(theme, SAFE)
    assert all(key[4] == 0 for row in scene.keys for key in row)
    # No cell off the route has the diamond's blue outline along any of its sides.
    state = scene.session.state
    accent = tuple(theme["accent"])
    outlined = []
    for r in range(state.level.rows):
        for c in range(state.level.cols):
            near_route = any(abs(r - pr) + abs(c - pc) <= 1 for pr, pc in state.path)
            rect = scene.grid.cell_rect((r, c))
            sides = [(rect.centerx, rect.top + 1), (rect.centerx, rect.bottom - 2),
                     (rect.left + 1, rect.centery), (rect.right - 2, rect.centery)]
            if not near_route and any(tuple(app.screen.get_at(p))[:3] == accent for p in sides):
                outlined.append((r, c))
    assert outlined == [], "the next move's diamond is still outlined"
    rows = _legend_rows(app, scene)
    assert "doomed" not in rows and "reach of the centre" not in rows and "storm's next edge" not in rows
    assert "the final zone" in rows and "storm" in rows


def test_a_click_along_the_row_or_column_walks_there_unless_a_step_meets_the_storm(app, driver):
    """A click three cells down from the player was refused with "One step at a time" where a drag
    of the player walks there. It now walks, one move a cell (undone one at a time); a click whose
    walk would meet the storm is refused, naming the step that would, and moves no one."""
    scene = open_level(app, driver)
    driver.click(centre_of(scene, (3, 10)))
    driver.frames(1)
    driver.click(centre_of(scene, (6, 10)))  # three cells down, every one inside its box
    state = scene.session.state
    assert scene.session.moves == ["start 3 10", "D", "D", "D"] and state.loot == 3
    driver.frames(40)  # not a double-click
    driver.key(pygame.K_u)
    assert scene.session.state.pos == (5, 10)  # one step undone
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    # The storm allows 6 moves in all: a walk of 8 from move 3 would meet it at its 4th step.
    driver.click(centre_of(scene, (6, 2)))
    assert scene.session.state.pos == (6, 10) and scene.session.index == 4
    assert scene.status_role == "error"
    assert scene.status_text == ("Not walking 8 steps left to row 7, column 3: the 4th step, onto row 7, "
                                 "column 7, would be caught by the storm (move 7). Click a nearer cell.")


def test_a_round_the_ai_played_most_of_says_loot_not_your_loot(app, driver):
    """The player dropped and took one step, the AI was watched to the end: the panel said "Your
    loot: 6" above "The AI played 5 of 6 moves" and its map "your route". With the AI's moves in it,
    the headline names no one ("Loot: 6"), as every game's count does, and the credit line says who."""
    scene = open_level(app, driver)
    driver.click(centre_of(scene, (3, 10)))
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_i)
    for _ in range(400):
        scene.worker.wait(30)
        driver.frame(dt=0.1)
        if scene.session.outcome is not None:
            break
    outcome = scene.session.outcome
    assert outcome is not None and outcome.is_win and scene.session.ai_played
    top = app.stack.top
    assert isinstance(top, RoyaleResultScene)
    lines = list(top.lines)
    moves = scene.session.state.moves
    assert any(line.startswith("Loot: 6 · Par: 6 — you and the AI matched the best route") for line in lines), lines
    assert any(line.startswith(f"The AI played {moves - 1} of {moves} moves") for line in lines), lines
    assert not any("Your loot" in line for line in lines), lines
    drawn: list[str] = []
    from arcade.games.royale.view import result

    real = result.draw_text
    result.draw_text = lambda surface, theme, text, *a, **k: (drawn.append(text), real(surface, theme, text, *a, **k))
    try:
        top.draw(app.screen)
    finally:
        result.draw_text = real
    assert "the route played (6 loot)" in drawn and not any(t.startswith("your route") for t in drawn), drawn


def test_on_a_grid_past_the_bundled_sizes_thinking_says_how_long_it_may_take_and_what_stops_it(app, driver,
                                                                                              tmp_path):
    """On a 101x101 grid a hint thought for its full 30 s under a bare "Thinking...": the player
    could not tell a long search from a stuck one, nor that a move ends it. Past 51x51 (every
    bundled level and picker size answers in under 0.1 s) the status line says both."""
    from arcade.games.royale.formats import format_level
    from arcade.games.royale.generator import generate

    path = tmp_path / "big.txt"
    path.write_text(format_level(generate(61, 61, 0.1, 4)))
    scene = open_level(app, driver, str(path))
    scene.request_hint()
    assert scene.status_text == "Thinking — a grid this big may take up to 30 s; a move stops it…"
    scene.worker.wait(30)
    driver.frames(1)
    scene.toggle_watch()
    assert scene.status_text.startswith("The AI is thinking — a grid this big may take up to 30 s")
    scene.worker.wait(30)

    small = open_level(app, driver)
    small.request_hint()
    assert small.status_text == "Thinking…"
    small.worker.wait(30)


@pytest.mark.parametrize("height", [318, 330, 560])
def test_the_drop_mark_samples_keep_to_their_rows_in_a_squeezed_panel(app, driver, monkeypatch, height):
    """At 800x500 before the drop the legend's rows shrink to fit: the ✓ and ✗ squares stayed 15
    pixels in 13-pixel rows, overlapping each other and the "hint (H)" row below."""
    from arcade.games.royale.view import panel

    scene = royale_in(app, driver, "before the drop")
    drawn = texts_drawn(monkeypatch)
    marks: list[pygame.Rect] = []
    real = panel.draw_drop_mark
    monkeypatch.setattr(panel, "draw_drop_mark", lambda surface, theme, rect, ok: (marks.append(rect.inflate(2, 2)),
                                                                                  real(surface, theme, rect, ok)))
    panel.render_side(app.theme, (230, height), scene.session.state, None, "6", True)
    assert len(marks) == 2, marks
    assert not marks[0].colliderect(marks[1]), marks
    if "hint (H)" in drawn:
        assert marks[1].bottom <= drawn["hint (H)"][1], (marks, drawn["hint (H)"])


@pytest.mark.parametrize("height", [330, 560])
def test_the_players_sample_keeps_to_its_row_in_a_squeezed_panel(app, driver, monkeypatch, height):
    """At 800x500 in the round the legend's line rows are 13 px: the player's sample, a disc with a
    halo 20 px tall, covered the "a step you can take" square below it."""
    from arcade.games.royale.view import panel

    scene = royale_in(app, driver, "in the round")
    drawn = texts_drawn(monkeypatch)
    players: list[float] = []
    real = panel.draw_player
    monkeypatch.setattr(panel, "draw_player", lambda surface, theme, centre, cell, *a, **k: (
        players.append((cell, k.get("halo"))), real(surface, theme, centre, cell, *a, **k)))
    panel.render_side(app.theme, (230, height), scene.session.state, None, "6", True)
    row = drawn["a step you can take"][1] - drawn["you, your route"][1]
    [(cell, halo)] = players
    assert 2 * _player_extent(cell, halo) <= row + 2, (cell, halo, row)


def _player_extent(cell: float, halo: bool | None) -> int:
    """How far the player's disc reaches from its centre, as draw_player draws it."""
    return max(5, round(cell * 0.36)) + (4 if (cell < 20 if halo is None else halo) else 0)


def test_the_players_sample_keeps_inside_its_row_in_a_wide_short_window():
    """At 2400x500 the legend's line rows are 12 px apart and the player's disc was 14 px: it
    nearly touched the "a step you can take" square of the row below. It keeps inside its row,
    a pixel clear of each neighbour."""
    from arcade.games import REGISTRY
    from arcade.games.royale.view import panel
    from arcade.ui.app import App

    app = App(REGISTRY, size=(2400, 500), headless=True)
    driver = Driver(app)
    try:
        scene = royale_in(app, driver, "in the round")
        with pytest.MonkeyPatch.context() as monkeypatch:
            drawn = texts_drawn(monkeypatch)
            players: list[tuple[float, bool | None]] = []
            real = panel.draw_player
            monkeypatch.setattr(panel, "draw_player", lambda surface, theme, centre, cell, *a, **k: (
                players.append((cell, k.get("halo"))), real(surface, theme, centre, cell, *a, **k)))
            panel.render_side(app.theme, scene.side_rect.size, scene.session.state, None, "6", True)
        row = drawn["a step you can take"][1] - drawn["you, your route"][1]
        [(cell, halo)] = players
        assert 2 * _player_extent(cell, halo) <= row - 2, (cell, halo, row)
    finally:
        app.close()
