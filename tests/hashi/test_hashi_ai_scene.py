"""The Hashi AI in the play scene, through real pygame events: hints, reveal, errors, watch, the New-puzzle dialog."""

from __future__ import annotations

import threading

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.games.hashi import solver
from arcade.games.hashi.view import HashiScene
from arcade.games.hashi.view.new_puzzle import NewPuzzleScene
from arcade.services import saves


@pytest.fixture
def open_level(app, tmp_path):
    def opener(text: str) -> HashiScene:
        path = tmp_path / "level.txt"
        path.write_text(text)
        scene = app.launch("hashi", Launch(level=str(path)))
        app.frame(1 / 60)
        return scene

    return opener


def ask_hint(scene: HashiScene, driver) -> None:
    driver.key(pygame.K_h)
    scene.worker.wait(10)
    driver.frame()


def island_ring(scene: HashiScene, island: int) -> list[tuple[int, int]]:
    """Pixels around an island's top-left corner, where a hint's bracket frame is drawn."""
    x, y = scene.painter.island_centre(island)
    r = scene.painter.radius
    cx, cy = round(x - r * 1.25), round(y - r * 1.25)
    return [(cx + dx, cy + dy) for dx in range(-4, 5) for dy in range(-4, 5)]


def test_hint_shows_rule_and_highlight_then_plays(app, driver, open_level):
    scene = open_level("1.1\n...\n3.3\n")
    spots = [island_ring(scene, i) for i in range(len(scene.puzzle.islands))]
    before = [[tuple(app.screen.get_at(p))[:3] for p in spot] for spot in spots]
    ask_hint(scene, driver)
    hint = scene.hint
    assert hint is not None and hint.kind == "move" and hint.rule in scene.status_text
    after = [[tuple(app.screen.get_at(p))[:3] for p in spot] for spot in spots]
    ringed = {i for kind, i in hint.highlight if kind == "island"}
    assert ringed and all(after[i] != before[i] for i in ringed)
    driver.key(pygame.K_h)
    assert scene.session.moves == [hint.move]
    (solution,) = solver.solutions(scene.puzzle, 2)
    line = scene.puzzle.lines.index(next(ln for ln in scene.puzzle.lines
                                         if scene.session.state.bridges[ln.index]))
    assert scene.session.state.bridges[line] <= solution[line]


def test_guess_hint_is_revealed_with_h_again(app, driver, open_level):
    scene = open_level("3.3\n...\n3.3\n")
    for _ in range(20):
        ask_hint(scene, driver)
        if scene.hint.kind == "guess":
            break
        driver.key(pygame.K_h)
    assert scene.hint.kind == "guess" and "reveals" in scene.status_text
    played = scene.session.index
    driver.key(pygame.K_h)
    assert scene.session.index == played + 1 and "Revealed" in scene.status_text


def test_error_hint_points_at_the_wrong_bridge(app, driver, open_level):
    scene = open_level("1.2.1\n")
    scene.session.play("set 0 0 E 2")
    driver.frame()
    ask_hint(scene, driver)
    assert scene.hint.kind == "error" and "wrong" in scene.status_text
    assert scene.status_role == "error"
    driver.key(pygame.K_h)
    assert scene.session.state.bridges[0] == 1


def test_watch_solves_with_rule_labels(app, driver, open_level):
    scene = open_level("7x7:a3d31g5a5a2e1b3b2d3b3a23d2a\n")
    driver.key(pygame.K_w)
    scene.worker.wait(20)
    labels = set()
    for _ in range(2000):
        driver.frame(dt=0.05)
        labels.add(scene.status_text.split(":")[0])
        if scene.session.outcome is not None:
            break
    assert scene.session.state.complete and scene.finished_with_ai
    assert {"Pigeonhole", "Single neighbour"} & labels
    # The step that solved it leaves the outcome's words and no highlight of its own behind.
    assert scene.status_text == scene.session.outcome.reason
    assert not scene.step_highlight


def test_every_letter_the_new_board_dialog_shows_changes_its_row(app, driver, open_level):
    """The rows' letters (D, T, O, S) are drawn beside their buttons; Touching islands' O did nothing
    (only D, T and S were handled), so a keyboard player could not make a Tatham-compatible board."""
    from arcade.ui.widgets import Button

    open_level("2.2\n")
    driver.key(pygame.K_n)
    dialog = app.stack.top
    assert isinstance(dialog, NewPuzzleScene)
    lettered = [w for _, w in dialog.rows if isinstance(w, Button) and len(w.hotkey) == 1]
    assert {w.hotkey for w in lettered} == {"D", "T", "O", "S"}
    for button in lettered:
        before = button.label
        code = getattr(pygame, f"K_{button.hotkey.lower()}")
        driver.key(code, unicode=button.hotkey.lower())
        assert button.label != before, f"{button.hotkey} did not change its row"
    assert dialog.no_touching and app.stack.top is dialog


def test_new_puzzle_dialog_generates_in_the_background(app, driver, open_level):
    scene = open_level("2.2\n")
    driver.key(pygame.K_n)
    dialog = app.stack.top
    assert isinstance(dialog, NewPuzzleScene)
    inside = (dialog.panel.x + 8, dialog.panel.centery)
    assert tuple(app.screen.get_at(inside))[:3] == app.theme["panel"]
    driver.key(pygame.K_END)  # the last stop (Cancel, after the rows) and back: the keys of every list
    assert dialog.focused_button() is dialog.cancel_button
    seed_row = len(dialog.rows) - 1
    driver.key(pygame.K_HOME)
    assert dialog.focus == 0
    driver.key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    assert dialog.focused_button() is dialog.cancel_button
    driver.key(pygame.K_HOME)
    for _ in range(6):  # down to the seed row, then type one
        driver.key(pygame.K_DOWN)
    assert dialog.focus == seed_row
    for digit in "123":
        driver.key(getattr(pygame, f"K_{digit}"), unicode=digit)
    assert dialog.seed_button.label == "123"
    driver.key(pygame.K_RETURN)
    dialog.worker.wait(30)  # headless frames are too quick to give the worker thread its turn
    driver.frame()
    assert app.stack.top is scene
    first = scene.puzzle
    assert first.title.endswith("#123") and first.meta_value("difficulty") == "medium"
    assert solver.count_solutions(first) == 1 and scene.session.index == 0
    assert app.settings.game("hashi")["new_puzzle"]["difficulty"] == "medium"
    # The same seed again gives the same puzzle; Esc cancels without change.
    driver.key(pygame.K_n)
    for _ in range(6):
        driver.key(pygame.K_DOWN)
    for digit in "123":
        driver.key(getattr(pygame, f"K_{digit}"), unicode=digit)
    dialog = app.stack.top
    driver.click(dialog.generate_button.rect.center)
    dialog.worker.wait(30)
    driver.frame()
    assert scene.puzzle == first
    driver.key(pygame.K_n)
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.puzzle == first


def test_dialog_choices_and_cancel_while_busy(app, driver, open_level):
    scene = open_level("2.2\n")
    driver.key(pygame.K_n)
    dialog = app.stack.top
    driver.key(pygame.K_d)  # medium -> hard
    driver.key(pygame.K_t)  # plane -> cylinder
    assert (dialog.difficulty, dialog.topology.value) == ("hard", "cylinder")
    dialog.width_slider._set_index(len(dialog.width_slider.values) - 1)
    dialog.height_slider._set_index(len(dialog.height_slider.values) - 1)
    driver.key(pygame.K_RETURN)
    assert dialog.busy is not None and "Generating" in dialog.message[0]
    driver.key(pygame.K_ESCAPE)
    assert dialog.busy is None and dialog.message[0] == "Cancelled." and app.stack.top is dialog
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_seed_launch_opens_a_generated_puzzle(app):
    scene = app.launch("hashi", Launch(seed=7))
    app.frame(1 / 60)
    assert scene.puzzle.title.endswith("#7") and scene.session.level_id == "generated"
    assert solver.count_solutions(scene.puzzle) == 1


def test_the_seed_box_takes_ascii_digits_only(app, driver, open_level):
    """'²' passes str.isdigit but not int(): typed into the seed box it crashed the dialog on Enter."""
    scene = open_level("2.2\n")
    driver.key(pygame.K_n)
    dialog = app.stack.top
    assert isinstance(dialog, NewPuzzleScene)
    for _ in range(6):  # down to the seed row
        driver.key(pygame.K_DOWN)
    for key, text in ((pygame.K_2, "²"), (pygame.K_3, "٣"), (pygame.K_4, "4"), (pygame.K_1, "１"), (pygame.K_2, "2")):
        driver.key(key, unicode=text)
    assert dialog.seed_button.label == "42"
    driver.key(pygame.K_RETURN)
    dialog.worker.wait(30)
    driver.frame()
    assert app.crashes == 0 and app.stack.top is scene and scene.puzzle.title.endswith("#42")


def test_new_puzzle_can_forbid_touching_islands_for_tatham(app, driver, open_level):
    scene = open_level("2.2\n")
    driver.key(pygame.K_n)
    dialog = app.stack.top
    assert isinstance(dialog, NewPuzzleScene) and not dialog.no_touching
    driver.click(dialog.touching_button.rect.center)
    assert dialog.no_touching and "Tatham" in dialog.touching_button.label
    driver.click(dialog.generate_button.rect.center)
    dialog.worker.wait(60)
    driver.frame()
    assert app.stack.top is scene
    cells = {island.pos for island in scene.puzzle.islands}
    assert not any((r + 1, c) in cells or (r, c + 1) in cells for r, c in cells)
    assert app.settings.game("hashi")["new_puzzle"]["no_touching"] is True


@pytest.mark.parametrize("window", [(1024, 640), (640, 400)])
def test_new_board_dialog_says_it_throws_away_a_game_in_progress(app, driver, open_level, window):
    """N then Enter threw a game with moves away without a word (other games ask "Press N again
    to throw away this game (3 moves made)"): the dialog says it, in the framework's words."""
    app.on_resize(window)
    scene = open_level("3...3\n.....\n2...2\n")
    driver.key(pygame.K_n)
    dialog = app.stack.top
    assert isinstance(dialog, NewPuzzleScene)
    assert dialog.discards == "" and dialog.warning_rect is None  # nothing played: nothing to lose
    driver.key(pygame.K_ESCAPE)
    scene.session.play("set 0 0 E 1")
    scene.session.play("set 0 0 S 1")
    driver.frame()
    driver.key(pygame.K_n)
    dialog = app.stack.top
    assert isinstance(dialog, NewPuzzleScene)
    assert dialog.discards == f"Generating throws away this game{scene.moves_made()}"
    assert scene.moves_made().replace("\N{NO-BREAK SPACE}", " ") == " (2 moves made)"  # kept whole when wrapped
    shown = dialog.warning_rect
    assert shown is not None and dialog.panel.contains(shown)
    warning = app.theme["warning"]
    assert any(tuple(app.screen.get_at((x, y)))[:3] == warning
               for x in range(shown.left, shown.right) for y in range(shown.top, shown.bottom))
    # Clear of the message above it and of the buttons below it.
    assert shown.top >= dialog.message_y + 18
    assert shown.bottom <= dialog.generate_button.rect.top


def test_generate_over_a_game_in_progress_throws_its_save_away_too(app, driver, open_level):
    """The dialog said "Generating throws away this game (2 moves made)" and Generate did replace
    it, but its save stayed until the new board's first move: left untouched, the menu's Continue
    and Hashi's entry reopened the game thrown away instead of the board on screen. Generate is the
    player's word, as a second N is in the other games: the old save goes with the game."""
    scene = open_level("3...3\n.....\n2...2\n")
    scene.session.play("set 0 0 E 1")
    scene.session.play("set 0 0 S 1")
    driver.frame()
    scene.saver.flush()
    assert saves.can_resume("hashi"), "the game in progress was not saved (the check could not fail)"
    driver.key(pygame.K_n)
    dialog = app.stack.top
    assert isinstance(dialog, NewPuzzleScene) and dialog.discards
    driver.key(pygame.K_RETURN)
    dialog.worker.wait(30)
    driver.frame()
    assert app.stack.top is scene and scene.session.index == 0
    scene.leave()
    assert not saves.can_resume("hashi"), "the game thrown away by Generate came back"


def test_a_hint_nobody_waits_for_stops_its_search(app, driver, open_level):
    """A move made while a hint was thinking cancelled the job, but the Hashi hint never asked:
    on a 400-island board it kept the one worker thread busy for up to ten seconds, and the next
    hint waited behind it. The scene's hint now asks the worker whether it was cancelled."""
    import threading

    from arcade.ui import worker

    scene = open_level("1.2.1\n")
    scene.session.play("set 0 0 E 2")  # wrong: the hint has a search and chains to make
    token = threading.Event()
    token.set()  # as Worker.cancel does to the job running on its thread
    worker._job.token = token
    try:
        with pytest.raises(solver.Stopped):
            scene.session.hint_hook(scene.session.state)
        with pytest.raises(solver.Stopped):
            list(scene.session.watch_hook(scene.session.state))
    finally:
        worker._job.token = None
    assert scene.session.hint_hook(scene.session.state).kind == "error"  # not cancelled: answered


def test_hint_asked_again_while_thinking_keeps_the_search_it_has(app, driver, open_level):
    """A second H while "Thinking…" started the hint over (on a 400-island board, a second wait as
    long as the first); it now says the hint is still coming and keeps the one search."""
    import threading

    from arcade.core.game import Hint

    scene = open_level("1.1\n...\n3.3\n")
    release, calls = threading.Event(), []

    def slow_hint(state):
        calls.append(state)
        release.wait(10)
        return Hint("set 0 0 S 1", "a slow hint")

    scene.session.hint_hook = slow_hint
    driver.key(pygame.K_h)
    driver.key(pygame.K_h)
    assert "Still thinking" in scene.status_text
    release.set()
    scene.worker.wait(10)
    driver.frame()
    assert len(calls) == 1 and scene.hint is not None and "a slow hint" in scene.status_text


def test_a_cancelled_new_board_stops_generating(monkeypatch):
    """Cancel (or a second Generate) cancels the dialog's job; the generator did not ask, so a big
    board kept the dialog's one worker thread busy and the next Generate waited behind it."""
    import threading

    from arcade.core.topology import Topology
    from arcade.games.hashi import generator
    from arcade.games.hashi.view.new_puzzle import make_puzzle
    from arcade.ui.worker import Worker

    grown = []
    real_grow = generator.grow_layout
    monkeypatch.setattr(generator, "grow_layout", lambda *a, **k: grown.append(1) or real_grow(*a, **k))
    worker, outcome, finished = Worker(), [], threading.Event()

    def job() -> None:
        worker.cancel()  # the player pressed Cancel just as the job started
        try:
            make_puzzle(10, 10, "medium", Topology.PLANE, 1.0, 7)
        except BaseException as error:  # the test reports whatever came out
            outcome.append(error)
        else:
            outcome.append("a puzzle")
        finished.set()

    worker.submit(job, on_done=lambda _: None)
    assert finished.wait(60)
    worker.close()
    assert isinstance(outcome[0], generator.GenerationCancelled), outcome
    assert not grown  # not one layout grown after the cancel


def test_a_long_new_board_says_which_attempt_it_is_on(app, driver, open_level):
    """A packed 40x40 hard torus took 40 s in the window with only a clock beside 'Generating…',
    which looked hung; the line now also names the layout the generator is on."""
    from arcade.core.topology import Topology
    from arcade.games.hashi import generator

    open_level("2.2\n")
    driver.key(pygame.K_n)
    dialog = app.stack.top
    assert isinstance(dialog, NewPuzzleScene)
    # A 6x6 torus at half density rarely allows a medium puzzle: seed 1 finds one on a late layout.
    dialog.width = dialog.height = 6
    dialog.difficulty, dialog.topology, dialog.density, dialog.seed_text = "medium", Topology.TORUS, 0.5, "1"
    layouts = generator.generate(6, 6, "medium", Topology.TORUS, 0.5, 1).layouts
    assert layouts > 1
    driver.key(pygame.K_RETURN)
    busy = dialog.busy
    assert busy is not None
    dialog.worker.wait(60)
    assert dialog.attempt == layouts
    dialog.busy = busy  # the line as it read while the last layout was being made
    assert dialog.busy_text().endswith(f" s, attempt {layouts})")


def test_a_generated_board_left_untouched_is_where_hashi_reopens(app, driver):
    """A newcomer's walk: a move on the first level, New board, Generate (the dialog said it throws
    the game away), no move, Main menu, quit, relaunch: Hashi opened the bundled "Seven seas" -- the
    old save went with the game, the untouched board is never saved, and only bundled levels were
    remembered. The board generated is where Hashi reopens now, title and seed included."""
    from arcade.ui.app import App
    from arcade.ui.menu import MenuScene

    app.push(MenuScene())
    scene = app.launch("hashi", Launch(level="classic/01-first-steps"))
    driver.frame()
    scene.session.play(scene.session.rules.encode_move(scene.session.rules.legal_moves(scene.session.state)[0]))
    driver.frame()
    driver.key(pygame.K_n)
    dialog = app.stack.top
    assert isinstance(dialog, NewPuzzleScene) and "throws away this game" in dialog.discards  # asked first
    driver.key(pygame.K_RETURN)
    dialog.worker.wait(60)
    driver.frame()
    assert app.stack.top is scene and scene.session.level_id == "generated"
    board, title = scene.puzzle, scene.level_title
    app.stack.pop_to(MenuScene)
    app.close()
    assert not saves.can_resume("hashi")  # the untouched board saved nothing: the check can fail
    again = App(app.registry, size=(1024, 640), headless=True)
    try:
        reopened = again.launch("hashi", Launch())
        assert reopened.puzzle == board and reopened.level_title == title
    finally:
        again.close()


def hold_the_watch_after_its_first_step(scene: HashiScene, monkeypatch) -> threading.Event:
    """Make the scene's watch plan give its first step at once and the rest only once the returned
    event is set: a long plan whose first steps are known while the rest is still being searched."""
    from arcade.ui import watch_feed

    monkeypatch.setattr(watch_feed, "START_SECONDS", 0.0)  # this plan's first step is its first moment
    release = threading.Event()
    hook = scene.session.watch_hook

    def slow_after_the_first(state, *args, **kwargs):
        steps = hook(state, *args, **kwargs)
        yield next(steps)
        release.wait(30)  # the rest of a long plan, still being searched
        yield from steps

    scene.session.watch_hook = slow_after_the_first
    return release


def frames_until(driver, done, tries: int = 2000) -> None:
    """Frames (half a second of game time each) until ``done()``, giving the worker thread its turn
    between them (headless frames take no time)."""
    import threading

    for _ in range(tries):
        if done():
            return
        driver.frame(dt=0.5)
        threading.Event().wait(0.005)


def test_a_long_watch_plan_plays_its_first_steps_while_the_rest_is_worked_out(app, driver, open_level, monkeypatch):
    """A watch was planned whole before its first step: on CLLV Hs_34_400_75_15_002 (400 islands,
    guesses) the window said "The AI is thinking…" for a minute, the first step known in under one
    second, and a W meant to stop it planned again. Now the first steps play at once, the button
    stops them, and the rest arrives while the player watches."""
    scene = open_level("7x7:a3d31g5a5a2e1b3b2d3b3a23d2a\n")
    release = hold_the_watch_after_its_first_step(scene, monkeypatch)
    driver.key(pygame.K_w)
    frames_until(driver, lambda: scene.session.moves)
    assert scene.session.moves, "the first step was not played while the rest was worked out"
    assert scene.watching and scene.watch_button == "Stop watching"
    assert not scene.session.state.complete
    release.set()
    for _ in range(4000):
        driver.frame(dt=0.05)
        if scene.session.outcome is not None:
            break
        if scene.watch is not None and scene.watch.waiting:
            threading.Event().wait(0.001)  # the worker's turn (headless frames take no time)
    assert scene.session.state.complete and scene.finished_with_ai


def test_the_stop_button_stops_a_watch_whose_plan_is_still_worked_out(app, driver, open_level, monkeypatch):
    """Stopping a streamed watch stops its planning too: no step of it is played afterwards."""
    scene = open_level("7x7:a3d31g5a5a2e1b3b2d3b3a23d2a\n")
    release = hold_the_watch_after_its_first_step(scene, monkeypatch)
    driver.key(pygame.K_w)
    frames_until(driver, lambda: scene.session.moves)
    played = len(scene.session.moves)
    assert played and scene.watching
    driver.key(pygame.K_w)  # W stops it, as the button does
    release.set()
    frames_until(driver, lambda: False, 200)  # time for a step the stopped plan might still bring
    assert not scene.watching and len(scene.session.moves) == played
    assert "Stopped watching" in scene.status_text


def test_h_again_brings_the_played_hint_into_view_after_the_player_panned_away(app, driver, open_level):
    """Zoomed into a big board, the hint scrolls into view; a player who then panned elsewhere and
    pressed H again read "Played the hint" with no bridge anywhere on screen."""
    rows = ["1...2" + "." * 15] + ["." * 20] * 19
    rows[19] = "....1" + "." * 15
    scene = open_level("\n".join(rows) + "\n")
    view = scene.painter.view
    view.zoom_by(8, view.board_rect.topleft)
    driver.frames(2)
    ask_hint(scene, driver)
    assert scene.hint is not None and scene.hint.move is not None
    ends = {scene.puzzle.islands[i].pos for kind, i in scene.hint.highlight if kind == "island"}
    view.pan_by(-10_000, -10_000)  # to the far corner
    driver.frames(2)

    def on_screen() -> bool:
        return all(view.viewport.contains(view.cell_rect(scene.painter.display(pos))) for pos in ends)

    assert not on_screen()
    driver.key(pygame.K_h)
    driver.frames(2)
    assert scene.session.moves and on_screen()


def test_the_wheel_over_a_new_board_slider_steps_that_slider_alone(app, driver, open_level):
    """The Width, Height and density sliders ignored the wheel; a notch now steps the one under
    the pointer by one value and leaves the others as they were."""
    open_level("2.2\n")
    driver.key(pygame.K_n)
    dialog = app.stack.top
    assert isinstance(dialog, NewPuzzleScene)
    width, height = dialog.width_slider, dialog.height_slider
    before = (width.index, height.index)
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=height.rect.center, rel=(1, 1), buttons=(0, 0, 0)))
    step = -1 if height.index == len(height.values) - 1 else 1
    driver.frame(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=step, flipped=False, precise_x=0.0,
                                    precise_y=float(step)))
    assert (width.index, height.index) == (before[0], before[1] + step)
