"""The editor scene driven by posted events: place, number, undo, topology, verdicts, test-play, save, print."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.core.topology import Topology
from arcade.games.hashi import INFO, solver
from arcade.games.hashi.editing import Draft
from arcade.games.hashi.formats import parse_puzzle, read_puzzle
from arcade.games.hashi.logic import line_move
from arcade.games.hashi.view import HashiScene
from arcade.games.hashi.view.editor import EditorScene, PlaytestScene
from arcade.services.settings import MIN_WINDOW, Settings
from arcade.ui.overlays import ResultScene

CTRL = pygame.KMOD_CTRL


def settle(scene: EditorScene, driver) -> None:
    """Let the verdict (and a fix search) finish and be delivered on the frame loop."""
    for worker in (scene.verdict_worker, scene.fix_worker):
        worker.wait(30)
    driver.frames(1)


def an_editor_with_a_square(app, driver) -> EditorScene:
    """A blank 5x5 editor with four islands round a square (four 2s: one cycle, a unique puzzle),
    its verdict in: the smallest board that saves, plays and test-plays."""
    scene = EditorScene(INFO, Draft.blank(5, 5))
    app.push(scene)
    driver.frames(2)
    for cell in ((0, 0), (0, 2), (2, 0), (2, 2)):
        driver.click(scene.cell_centre(cell))
    settle(scene, driver)
    return scene


def wheel(driver, pos, y):
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                 pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)))


def test_click_places_wheel_and_digits_number_undo_takes_back(editor, driver):
    driver.click(editor.cell_centre((0, 0)))
    assert editor.draft.number_at((0, 0)) == 2
    wheel(driver, editor.cell_centre((0, 0)), 1)
    assert editor.draft.number_at((0, 0)) == 3
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=editor.cell_centre((0, 4)), rel=(0, 0),
                                    buttons=(0, 0, 0)))
    driver.key(pygame.K_5, unicode="5")
    assert editor.draft.number_at((0, 4)) == 5
    driver.key(pygame.K_z, CTRL, "z")
    assert editor.draft.number_at((0, 4)) == 0
    driver.key(pygame.K_z, CTRL, "z")
    assert editor.draft.number_at((0, 0)) == 2
    driver.key(pygame.K_y, CTRL, "y")
    assert editor.draft.number_at((0, 0)) == 3
    driver.click(editor.cell_centre((0, 0)))
    assert editor.draft.number_at((0, 0)) == 0


def test_dragging_an_island_moves_it_and_a_click_still_removes_it(editor, driver):
    """A press on an island removed it at once, so a drag meant to move it lost it instead (and
    moving took three edits: remove, place, renumber). The release decides now: on water the
    island moves there with its number, in one edit; on the same island it is a click."""
    driver.click(editor.cell_centre((0, 0)))
    wheel(driver, editor.cell_centre((0, 0)), 1)
    driver.click(editor.cell_centre((0, 4)))
    driver.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=editor.cell_centre((0, 0)), button=1),
                 pygame.event.Event(pygame.MOUSEMOTION, pos=editor.cell_centre((3, 2)), rel=(1, 1),
                                    buttons=(1, 0, 0)))
    assert editor.draft.number_at((0, 0)) == 3  # still there while carried
    assert editor.board_tooltip(editor.cell_centre((3, 2))) == "Let go to move the 3 to row 4, column 3."
    driver.frame(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=editor.cell_centre((3, 2)), button=1))
    assert editor.draft.number_at((0, 0)) == 0 and editor.draft.number_at((3, 2)) == 3
    assert editor.status_line()[0] == "Moved the 3 from row 1, column 1 to row 4, column 3."
    driver.drag(editor.cell_centre((3, 2)), editor.cell_centre((0, 4)))
    assert editor.draft.number_at((3, 2)) == 3 and editor.draft.number_at((0, 4)) == 2
    assert "already" in editor.status_line()[0]
    driver.key(pygame.K_z, CTRL, "z")
    assert editor.draft.number_at((0, 0)) == 3 and editor.draft.number_at((3, 2)) == 0
    driver.click(editor.cell_centre((0, 0)))
    assert editor.draft.number_at((0, 0)) == 0


def test_a_click_that_wanders_a_few_pixels_on_a_small_cell_still_removes_the_island(app, driver):
    """On a 40x40 board a cell is a few pixels wide: a click whose release slipped over the border
    would move the island to the next cell instead of removing it."""
    scene = EditorScene(INFO, Draft.blank(40, 40).with_numbers({(5, 5): 3}), keep_drafts=False)
    app.push(scene)
    driver.frames(1)
    assert scene.cell <= 12
    x, y = scene.cell_centre((5, 5))
    edge = scene.board_rect.x + 6 * scene.cell  # the border with the next column
    driver.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(edge - 1, y), button=1),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(edge + 2, y), button=1))
    assert scene.draft.islands == {}
    driver.key(pygame.K_z, CTRL, "z")
    driver.drag((x, y), (x + 3 * scene.cell, y))
    assert scene.draft.islands == {(5, 8): 3}


def test_the_editors_first_words_are_one_line_at_1024x640(editor):
    """Naming the drag made the opening line wrap, "F1 every" and then "key" alone below it."""
    from arcade.games.hashi.view.editor import INTRO

    assert editor.status_shown == [INTRO]


def test_arrows_and_space_act_on_the_square_drawn(editor, driver):
    """The editor draws its cursor square on the hovered cell; the first arrow jumped the square
    from there to beside the keyboard's old cell (hidden under the hover), and Space toggled that
    hidden cell. Both now start from the square the player sees."""
    assert editor.cursor == (0, 0)
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=editor.cell_centre((2, 3)), rel=(0, 0),
                                    buttons=(0, 0, 0)))
    assert editor._target() == (2, 3)
    driver.key(pygame.K_DOWN)
    assert editor.cursor == (3, 3) and editor.hover is None
    driver.key(pygame.K_RIGHT)
    assert editor.cursor == (3, 4)
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=editor.cell_centre((1, 1)), rel=(0, 0),
                                    buttons=(0, 0, 0)))
    driver.key(pygame.K_SPACE, unicode=" ")
    assert editor.draft.number_at((1, 1)) == 2 and editor.draft.number_at((3, 4)) == 0


def test_topology_and_size_buttons_in_the_side_panel(editor, driver):
    torus = next(b for b in editor.panel_buttons if b.label == "Torus")
    driver.click(torus.rect.center)
    assert editor.draft.topology is Topology.TORUS
    wider = next(b for b in editor.panel_buttons if b.label == "W +")
    driver.click(wider.rect.center)
    assert (editor.draft.cols, editor.draft.rows) == (6, 5)
    driver.key(pygame.K_z, CTRL, "z")
    driver.key(pygame.K_z, CTRL, "z")
    assert editor.draft.topology is Topology.PLANE and editor.draft.cols == 5


def test_the_live_verdict_goes_through_every_state(editor, driver):
    settle(editor, driver)
    assert editor.verdict.kind == "empty"
    for cell in ((0, 0), (0, 2), (2, 0), (2, 2)):
        driver.click(editor.cell_centre(cell))
    settle(editor, driver)
    assert editor.verdict.kind == "unique"  # four 2s round a square: one cycle
    wheel(driver, editor.cell_centre((0, 0)), 1)
    settle(editor, driver)
    assert editor.verdict.kind == "none" and "odd total" in editor.verdict.detail
    for cell in ((0, 2), (2, 0), (2, 2)):
        wheel(driver, editor.cell_centre(cell), 1)
    settle(editor, driver)
    assert editor.verdict.kind == "many" and len(editor.verdict.solutions) == 2
    assert editor.fix is not None
    driver.key(pygame.K_f, unicode="f")
    settle(editor, driver)
    assert editor.verdict.kind == "unique"


def test_round_trip_editor_file_play_solved(app, driver, tmp_path):
    path = tmp_path / "mine.txt"
    scene = app.launch("hashi", Launch(options={"edit": str(path)}), strict=True)
    assert isinstance(scene, EditorScene) and scene.path == path
    driver.frames(1)
    for cell in ((0, 0), (0, 2), (2, 0), (2, 2)):
        driver.click(scene.cell_centre(cell))
    settle(scene, driver)
    driver.key(pygame.K_s, CTRL, "s")
    saved = read_puzzle(path)
    assert len(saved.islands) == 4
    # Test-play (T), solve it there, E comes back to the editor.
    driver.key(pygame.K_t, unicode="t")
    play = app.stack.top
    assert isinstance(play, PlaytestScene) and play.puzzle.islands == saved.islands
    assert saved.meta_value("difficulty") == scene.verdict.grade != "", "the save is not graded by the verdict"
    for line, count in enumerate(solver.solutions(saved, 1)[0]):
        if count:
            play.play(line_move(saved, line, count))
    assert play.session.outcome is not None and play.session.outcome.is_win
    driver.frames(120)  # the celebration, then the result overlay
    result = app.stack.top
    assert isinstance(result, ResultScene)
    labels = [b.label for b in result.buttons]
    assert labels[0] == "Back to the editor" and "Look at board" in labels
    # Enter's default is Look at board, as in every result panel: the finished board stays.
    assert labels[result.selected] == "Look at board"
    driver.frames(60)  # the panel takes keys once it has been open a moment
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert app.stack.top is play
    driver.key(pygame.K_e, unicode="e")
    assert app.stack.top is scene
    # Reopen the saved file in the normal game: it plays.
    again = app.launch("hashi", Launch(level=str(path)))
    assert isinstance(again, HashiScene) and again.puzzle == saved


def test_a_fresh_board_saves_without_the_old_puzzles_header_and_warns_when_it_does_not_work(app, driver, user_home):
    """Ctrl+N on a generated puzzle, then a new one built and saved: the file kept the old title,
    grade and seed; and a puzzle with no solution was saved with a green 'Saved'."""
    old = parse_puzzle("# title: Hard 12x14 torus #1\n# difficulty: hard\n# generator: seed 1\n"
                       "# author: Puzzle Arcade generator\n2.2\n...\n2.2\n")
    scene = EditorScene(INFO, Draft.of(old))
    app.push(scene)
    driver.frames(2)
    driver.key(pygame.K_n, CTRL, "n")
    assert scene.draft.meta == () and scene.draft.numbers == ()
    for cell in ((0, 0), (0, 2), (2, 0)):
        driver.click(scene.cell_centre(cell))
    settle(scene, driver)
    assert scene.verdict.kind == "none"
    driver.key(pygame.K_s, CTRL, "s")
    assert scene.status_role == "warning" and "no solution" in scene.status_text
    saved = read_puzzle(scene.path)
    assert saved.meta_value("title") == "" and saved.meta_value("generator") == ""
    assert saved.meta_value("difficulty") == "", "a puzzle with no solution got a grade"
    driver.click(scene.cell_centre((2, 2)))
    settle(scene, driver)
    driver.key(pygame.K_s, CTRL, "s")
    assert scene.status_role == "good"
    assert read_puzzle(scene.path).meta_value("difficulty") == scene.verdict.grade != ""


def test_play_scene_e_opens_the_editor_on_its_puzzle(app, driver, tmp_path):
    path = tmp_path / "level.txt"
    path.write_text("2.2\n...\n2.2\n")
    scene = app.launch("hashi", Launch(level=str(path)))
    driver.frames(1)
    driver.key(pygame.K_e, unicode="e")
    top = app.stack.top
    assert isinstance(top, EditorScene)
    assert top.draft.puzzle().to_grid() == scene.puzzle.to_grid()


def test_the_pause_screen_lists_e_back_to_the_game_only_when_there_is_a_game(app, driver, tmp_path):
    """Opened by ``play hashi --edit``, the editor's pause screen listed "E: back to the game the
    editor was opened from" where there is no game: the keys listed are the ones that work."""
    from arcade.ui.overlays import PauseScene

    def paused_keys() -> list[str]:
        driver.key(pygame.K_ESCAPE)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        keys = [key for key, _ in pause.keys]
        driver.key(pygame.K_ESCAPE)
        return keys

    editor = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    assert "E" not in paused_keys() and app.stack.top is editor
    app.stack.pop()
    path = tmp_path / "level.txt"
    path.write_text("2.2\n...\n2.2\n")
    app.launch("hashi", Launch(level=str(path)))
    driver.frames(1)
    driver.key(pygame.K_e, unicode="e")
    assert isinstance(app.stack.top, EditorScene)
    assert "E" in paused_keys()


def test_game_id_is_copied_or_refused_with_the_reason(editor, driver, monkeypatch):
    copied = []
    monkeypatch.setattr("arcade.games.hashi.view.editor.copy_text", lambda text: copied.append(text) or "")
    editor.load_draft(Draft.of(parse_puzzle("2.2\n...\n2.2\n")), None)
    driver.key(pygame.K_i, unicode="i")
    assert copied == ["3x3m2:2a2c2a2"]
    editor.load_draft(Draft.of(parse_puzzle("22.\n...\n...\n")), None)
    driver.key(pygame.K_i, unicode="i")
    assert len(copied) == 1 and "touching islands" in editor.status_text


def test_print_writes_a_pdf_and_says_where(editor, driver, user_home):
    pytest.importorskip("fpdf")
    editor.load_draft(Draft.of(parse_puzzle("2.2\n...\n2.2\n")), None)
    driver.key(pygame.K_p, CTRL, "p")
    assert "Printed 2 pages (the puzzle, then its solution) to " in editor.status_text
    written = editor.status_text.split(" to ", 1)[1]
    assert written.endswith(".pdf") and str(user_home) in written


def test_a_bare_name_to_edit_is_the_name_with_txt(app, driver, tmp_path, monkeypatch):
    """``--edit harbour`` said "no level file or bundled level 'harbour'" where ``--edit harbour.txt``
    created the puzzle: a bare name that is no file and no level id is NAME.txt, new or saved before."""
    monkeypatch.chdir(tmp_path)
    scene = app.launch("hashi", Launch(options={"edit": "harbour"}), strict=True)
    assert isinstance(scene, EditorScene) and scene.path is not None
    assert scene.path.resolve() == (tmp_path / "harbour.txt").resolve()
    driver.frames(1)
    for cell in ((0, 0), (0, 2)):
        driver.click(scene.cell_centre(cell))
    driver.key(pygame.K_s, CTRL, "s")
    assert len(read_puzzle(tmp_path / "harbour.txt").islands) == 2 and not (tmp_path / "harbour").exists()
    app.stack.pop()
    again = app.launch("hashi", Launch(options={"edit": str(tmp_path / "harbour")}), strict=True)
    assert isinstance(again, EditorScene) and len(again.draft.numbers) == 2, "the puzzle saved as harbour.txt"
    # A bundled level's id, by its path or its name alone, still opens that level.
    assert app.launch("hashi", Launch(options={"edit": "01-first-steps"}), strict=True).draft.numbers


def test_edit_is_refused_for_a_game_without_an_editor(app):
    from arcade.core.errors import UsageError

    with pytest.raises(UsageError, match="has no editor"):
        app.launch("royale", Launch(options={"edit": ""}), strict=True)


def test_bundled_levels_are_never_overwritten(app, driver):
    scene = app.launch("hashi", Launch(options={"edit": "classic/01-first-steps"}), strict=True)
    assert isinstance(scene, EditorScene) and scene.draft.numbers
    assert scene.path is None  # Save writes a copy in the edits folder, never into the bundle


def test_the_play_scene_prints_too(app, driver, tmp_path, user_home):
    pytest.importorskip("fpdf")
    path = tmp_path / "level.txt"
    path.write_text("2.2\n...\n2.2\n")
    scene = app.launch("hashi", Launch(level=str(path)))
    driver.frames(1)
    driver.key(pygame.K_p, CTRL, "p")
    assert "Printed 2 pages" in scene.status_text and str(user_home) in scene.status_text


def edit_a_game(app, driver) -> tuple[object, EditorScene]:
    """The first classic level opened, then E: the game scene and the editor over it."""
    game = app.launch("hashi", Launch(level="classic/01-first-steps"))
    driver.frames(1)
    driver.key(pygame.K_e, unicode="e")
    editor = app.stack.top
    assert isinstance(editor, EditorScene)
    return game, editor


def edit_a_file(app, driver, tmp_path, text: str = "# title: Mine\n2.2\n...\n2.2\n") -> tuple[EditorScene, Path]:
    """``mine.txt`` in ``tmp_path`` holding ``text``, opened in the editor as ``--edit FILE`` does
    (the editor, drawn once, and the file)."""
    mine = tmp_path / "mine.txt"
    mine.write_text(text)
    editor = app.launch("hashi", Launch(options={"edit": str(mine)}), strict=True)
    assert isinstance(editor, EditorScene)
    driver.frames(1)
    return editor, mine


def leave_an_unsaved_board(app, driver) -> None:
    """``--edit`` alone, two islands placed, the editor left without saving (a spare copy is kept)."""
    scene = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    for cell in ((0, 0), (0, 2)):
        driver.click(scene.cell_centre(cell))
    scene.close()


def test_quitting_inside_the_editor_says_the_board_is_kept_as_every_terminal_line_is(app, driver, capsys):
    """The note came on stderr as "Your unsaved board is kept as a draft: ..." -- the one line of
    the window without the ``puzzle-arcade:`` every other one has."""
    scene = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    for cell in ((0, 0), (0, 2)):
        driver.click(scene.cell_centre(cell))
    capsys.readouterr()
    app.close()
    err = capsys.readouterr().err
    assert err.startswith("puzzle-arcade: Your unsaved board is kept as a draft"), err
    assert all(line.startswith("puzzle-arcade: ") for line in err.splitlines()), err


def test_a_board_drawn_survives_a_run_killed_inside_the_editor(app, driver, monkeypatch):
    """The spare copy was written only when the editor was left: kill -9 lost the board drawn."""
    from arcade.games.hashi.view import editor as editor_module

    scene = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    for cell in ((0, 0), (0, 2), (2, 0)):
        driver.click(scene.cell_centre(cell))
    scene.spare_saver.flush()
    assert editor_module.live_copy_path().is_file() and not editor_module.draft_path().is_file()
    monkeypatch.setattr(editor_module, "_live_in_use", False)  # the next run: nobody edits it now
    again = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    assert set(again.draft.islands) == {(0, 0), (0, 2), (2, 0)}
    again.close()
    assert not editor_module.live_copy_path().exists() and editor_module.draft_path().is_file()


def killed_and_restarted(monkeypatch, apps: list, driver):
    """The run killed (its editor never left: nothing written on the way out) and a new app started
    against the same data folder: (app, driver). Each is closed by the caller's ``apps`` list."""
    from arcade.games import REGISTRY
    from arcade.games.hashi.view import editor as editor_module
    from arcade.ui.app import App

    monkeypatch.setattr(editor_module, "_live_in_use", False)  # the new process edits nothing yet
    again = App(REGISTRY, size=(1024, 640), headless=True)
    apps.append(again)
    return again, type(driver)(again)  # (importing the conftest again would reset the data folder)


def killed_mid_edit(scene, cell, monkeypatch, apps: list, driver):
    """``cell`` clicked in ``scene``'s editor (its live copy written), the run killed and the editor
    opened in a new app on the same data folder: (that editor, its driver)."""
    from arcade.games.hashi.view.editor import live_copy_path

    driver.click(scene.cell_centre(cell))
    scene.spare_saver.flush()
    assert live_copy_path().is_file()
    again, again_driver = killed_and_restarted(monkeypatch, apps, driver)
    editor = again.launch("hashi", Launch(options={"edit": ""}), strict=True)
    again_driver.frames(1)
    return editor, again_driver


@pytest.fixture
def restarted_apps():
    apps: list = []
    yield apps
    for each in apps:
        each.close()


def test_a_run_killed_after_a_save_brings_back_the_file_and_later_changes_to_it(app, driver, monkeypatch,
                                                                             restarted_apps):
    """After Save the live copy stayed until the editor was left: a kill in that window brought the
    saved board back as an unsaved draft with no link to its file (Save then made a second copy)."""
    from arcade.games.hashi.view.editor import draft_path, edits_dir, live_copy_path

    scene = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    for cell in ((0, 0), (0, 2), (2, 0)):
        driver.click(scene.cell_centre(cell))
    driver.key(pygame.K_s, CTRL, "s")
    saved = scene.path
    assert saved is not None and saved.is_file() and not scene.unsaved
    scene.spare_saver.flush()
    assert not live_copy_path().exists(), "the saved board is no unsaved work"
    second, _second_driver = killed_and_restarted(monkeypatch, restarted_apps, driver)
    fresh = second.launch("hashi", Launch(options={"edit": ""}), strict=True)
    assert fresh.draft.numbers == () and not fresh.draft_waiting and not draft_path().exists()
    # Edited after the save and killed again: the restart offers the changes to that file.
    again, third_driver = killed_mid_edit(scene, (2, 2), monkeypatch, restarted_apps, driver)
    assert again.from_draft and again.path == saved.resolve() and (2, 2) in dict(again.draft.numbers)
    assert again.level_title == f"Editor — {saved.name} *"
    third_driver.key(pygame.K_s, CTRL, "s")
    assert (2, 2) in {i.pos for i in read_puzzle(saved).islands}
    assert list(edits_dir().glob("[!.]*.txt")) == [saved], "no second copy"
    assert not draft_path().exists() and not live_copy_path().exists()


def test_a_change_undone_back_to_the_saved_board_leaves_no_live_copy(app, driver):
    from arcade.games.hashi.view.editor import live_copy_path

    scene = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    for cell in ((0, 0), (0, 2)):
        driver.click(scene.cell_centre(cell))
    driver.key(pygame.K_s, CTRL, "s")
    driver.click(scene.cell_centre((2, 2)))
    scene.spare_saver.flush()
    assert live_copy_path().is_file()
    driver.key(pygame.K_z, CTRL, "z")
    assert not scene.unsaved and not live_copy_path().exists()


def test_undo_survives_a_run_killed_inside_the_editor(app, driver, monkeypatch, restarted_apps):
    """The undo history was written only when the editor was left: a killed run's board came back
    from its live copy, but Undo said "Nothing to undo." of every edit. The history is written with
    the live copy after each edit, through the same background writer."""
    import json

    from arcade.games.hashi.view.editor import history_path, live_history_path

    scene = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    for cell in ((0, 0), (0, 2)):
        driver.click(scene.cell_centre(cell))
    scene.spare_saver.flush()
    written = json.loads(live_history_path().read_text())  # the editor is still open: nothing was left
    assert written["index"] == 2 and len(written["versions"]) == 3
    assert not history_path().exists()
    again, second = killed_mid_edit(scene, (2, 0), monkeypatch, restarted_apps, driver)
    assert set(again.draft.islands) == {(0, 0), (0, 2), (2, 0)}
    assert not live_history_path().exists() and history_path().is_file()  # taken up with the board
    second.key(pygame.K_z, CTRL, "z")
    assert again.status_line()[0] == "Undone: placed a 2 at row 3, column 1.", again.status_line()
    assert set(again.draft.islands) == {(0, 0), (0, 2)}
    second.key(pygame.K_z, CTRL, "z")
    second.key(pygame.K_z, CTRL, "z")
    assert again.draft.numbers == () and not again.editor.can_undo


def test_a_restart_after_a_kill_keeps_a_different_earlier_draft_in_my_puzzles(app, driver, monkeypatch,
                                                                           restarted_apps):
    """Restarting after a kill moved the live copy over the draft: a different board left unsaved
    before was lost in silence. Leaving keeps it in My puzzles; the restart does the same."""
    from arcade.games.hashi.view.editor import draft_path, edits_dir

    leave_an_unsaved_board(app, driver)
    first = read_puzzle(draft_path())
    _game, editor = edit_a_game(app, driver)
    again, _second_driver = killed_mid_edit(editor, (0, 1), monkeypatch, restarted_apps, driver)
    assert again.draft.numbers == editor.draft.numbers  # the newest board is the draft
    kept = [read_puzzle(f) for f in edits_dir().glob("[!.]*.txt")]
    assert [k.islands for k in kept] == [first.islands] and dict(kept[0].meta)["title"] == "Earlier draft"
    assert "earlier unsaved board is in My puzzles (earlier-draft.txt)" in again.toast.current


def test_a_restart_after_a_kill_in_the_resumed_draft_replaces_it_and_sets_nothing_aside(app, driver, monkeypatch,
                                                                                     restarted_apps):
    from arcade.games.hashi.view.editor import draft_path, edits_dir

    leave_an_unsaved_board(app, driver)
    resumed = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    again, _second_driver = killed_mid_edit(resumed, (2, 0), monkeypatch, restarted_apps, driver)
    assert set(again.draft.islands) == {(0, 0), (0, 2), (2, 0)}
    assert "resumed" not in draft_path().read_text() and "resumed" not in dict(again.draft.meta)
    assert not list(edits_dir().glob("[!.]*.txt"))


def test_an_unsaved_board_comes_back_with_edit_alone(app, driver):
    leave_an_unsaved_board(app, driver)
    again = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    assert set(again.draft.islands) == {(0, 0), (0, 2)}
    driver.key(pygame.K_n, CTRL, "n")
    assert again.draft.numbers == ()
    driver.key(pygame.K_s, CTRL, "s")  # an empty board is not saved...
    assert "two islands" in again.status_text
    again.close()
    third = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    assert third.draft.numbers == ()  # ...and the spare copy of the old one is gone


def test_a_saved_puzzle_is_in_the_level_picker_under_my_puzzles_and_e_edits_that_file(app, driver, user_home):
    """Saved puzzles went to a folder the app never showed again: only --edit FILE reached them."""
    from arcade.games.hashi.view.editor import edits_dir
    from arcade.ui.picker import PickerScene

    editor = an_editor_with_a_square(app, driver)
    driver.key(pygame.K_s, CTRL, "s")
    saved = editor.path
    assert saved is not None and saved.parent == edits_dir()
    app.pop()
    scene = app.launch("hashi", Launch(level="classic/01-first-steps"))
    driver.frames(1)
    scene.open_levels()
    picker = app.stack.top
    assert isinstance(picker, PickerScene)
    titles = [c.title for c in picker.choices]
    assert "My puzzles" in titles, titles
    row = titles.index("My puzzles") + 1
    picker.pick(row)
    driver.frames(1)
    assert app.stack.top is scene and scene.puzzle.islands == read_puzzle(saved).islands
    assert scene.session.level_id == f"my-puzzles/{saved.name}"
    scene.open_levels()
    assert app.stack.top.selected == row, "the picker opens on the puzzle being played"
    app.pop()
    driver.key(pygame.K_e, unicode="e")
    again = app.stack.top
    assert isinstance(again, EditorScene) and again.path == saved, "E on my puzzle edits its file"
    app.pop()
    by_id = app.launch("hashi", Launch(level=f"my-puzzles/{saved.name}"), strict=True)  # play --level works too
    assert by_id.puzzle.islands == read_puzzle(saved).islands


def test_e_in_the_editor_goes_back_to_the_game_it_was_opened_from(app, driver):
    """The pause menu offered only Resume, Settings and Main menu: the game was out of reach."""
    game, editor = edit_a_game(app, driver)
    assert isinstance(editor, EditorScene) and editor.over_a_game
    assert editor.toolbar.find("Back to game") is not None
    driver.key(pygame.K_e, unicode="e")
    assert app.stack.top is game


def test_e_does_nothing_in_an_editor_opened_on_its_own(app, driver):
    editor = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    assert not editor.over_a_game
    driver.key(pygame.K_e, unicode="e")
    assert app.stack.top is editor


def test_the_keys_table_lists_d_only_when_a_draft_waits(app, driver):
    """The pause screen listed "D resume draft" in an editor with no draft: a key that could not act
    there (a draft is only written when the editor is left)."""
    editor = app.launch("hashi", Launch(level="classic/01-first-steps", options={"edit": ""}), strict=True)
    driver.frames(1)
    assert not editor.draft_waiting
    assert not any("resume draft" in str(row) for row in editor.help_lines())
    editor._draft_waiting = True
    assert any("resume draft" in str(row) for row in editor.help_lines())


def test_the_spare_copy_of_an_unsaved_board_is_not_one_of_my_puzzles(app, driver):
    """It was listed under "My puzzles", and opening it there then leaving the editor deleted it."""
    from arcade.games.hashi.view import FRONT, my_puzzle_path
    from arcade.games.hashi.view.editor import LEGACY_DRAFT, draft_path, edits_dir

    leave_an_unsaved_board(app, driver)
    assert draft_path().is_file()
    assert [e.id for e in FRONT.extra_choices()] == [], "the spare copy is listed as a puzzle"
    assert my_puzzle_path(f"my-puzzles/{draft_path().name}") is None
    for bad in ("my-puzzles/", "my-puzzles//etc/hosts", "my-puzzles/../x.txt", "my-puzzles/a/../../x.txt"):
        assert my_puzzle_path(bad) is None, bad
    assert my_puzzle_path("my-puzzles/sub/mine.txt") == edits_dir() / "sub" / "mine.txt"
    # A draft kept by an earlier version (a plain name, listed) is read once, then moved out of the list.
    legacy = edits_dir() / LEGACY_DRAFT
    draft_path().rename(legacy)
    again = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    assert set(again.draft.islands) == {(0, 0), (0, 2)}
    again.close()
    assert not legacy.exists() and draft_path().is_file()


def test_the_title_marks_unsaved_changes_not_a_board_just_opened(app, driver):
    """A new empty board showed "*" (unsaved) before anything was done."""
    editor = EditorScene(INFO, Draft.blank(5, 5))
    app.push(editor)
    driver.frames(2)
    assert not editor.level_title.endswith("*")
    driver.click(editor.cell_centre((0, 0)))
    assert editor.level_title.endswith(" *")


def test_looking_at_another_puzzle_in_the_editor_keeps_the_draft(app, driver, tmp_path):
    """E on a game opened the editor with "Leviathan *", and going back replaced the spare copy of the
    board drawn from scratch with Leviathan; an unchanged editor on a saved file deleted it."""
    from arcade.games.hashi.view.editor import draft_path

    leave_an_unsaved_board(app, driver)
    kept = draft_path().read_text()
    game, editor = edit_a_game(app, driver)
    assert isinstance(editor, EditorScene) and not editor.level_title.endswith("*"), editor.level_title
    driver.key(pygame.K_e, unicode="e")
    assert app.stack.top is game and draft_path().read_text() == kept
    mine = tmp_path / "mine.txt"
    mine.write_text("2.2\n...\n2.2\n")
    for way_in in (Launch(options={"edit": str(mine)}), Launch(options={"edit": "3x3m2:2a2c2a2"}),
                   Launch(options={"edit": "classic/01-first-steps"})):
        editor = app.launch("hashi", way_in, strict=True)
        driver.frames(1)
        assert not editor.level_title.endswith("*"), way_in
        editor.close()
        assert draft_path().read_text() == kept, way_in
    # A real change does replace it (and marks the title).
    editor = app.launch("hashi", Launch(options={"edit": "classic/01-first-steps"}), strict=True)
    driver.frames(1)
    driver.click(editor.cell_centre((0, 1)))
    assert editor.level_title.endswith(" *")
    editor.close()
    assert draft_path().read_text() != kept
    again = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    assert again.draft.numbers == editor.draft.numbers


def test_leaving_another_edited_board_keeps_the_earlier_draft_in_my_puzzles(app, driver):
    """There is one draft: a board drawn and left unsaved, then a game's puzzle tweaked in the editor
    and left, replaced it in silence -- the first board was gone. It is a puzzle of My puzzles now,
    marked "(earlier draft)", and the note on the way out says where."""
    from arcade.games.hashi.view.editor import draft_path, edits_dir

    leave_an_unsaved_board(app, driver)
    first = read_puzzle(draft_path())
    game, editor = edit_a_game(app, driver)
    driver.click(editor.cell_centre((0, 1)))
    driver.key(pygame.K_e, unicode="e")
    assert app.stack.top is game
    assert read_puzzle(draft_path()).islands == editor.draft.puzzle().islands  # the newer board
    kept = [read_puzzle(f) for f in edits_dir().glob("[!.]*.txt")]  # (not the draft, a dot file)
    assert [k.islands for k in kept] == [first.islands]
    assert dict(kept[0].meta)["title"] == "Earlier draft"
    assert "earlier unsaved board is now in My puzzles (earlier-draft.txt)" in game.toast.current
    assert "Earlier draft" in [e.title for e in game.front.extra_choices()]
    # The draft's own board, resumed and changed, replaces it: nothing more is set aside.
    again = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    driver.click(again.cell_centre((4, 4)))
    again.close()
    assert len(list(edits_dir().glob("[!.]*.txt"))) == 1


def test_leaving_unsaved_work_says_it_is_kept_and_the_editor_offers_it_back(app, driver):
    """Nothing said the board was kept, and E from a game opened that game's puzzle: only
    ``--edit`` alone reached the draft."""
    game, editor = edit_a_game(app, driver)
    assert not editor.draft_waiting and editor.toolbar.find("Resume draft") is not None
    driver.click(editor.cell_centre((0, 1)))
    driver.key(pygame.K_e, unicode="e")
    assert app.stack.top is game
    assert "kept as a draft" in game.toast.current
    drawn = editor.draft.numbers
    driver.key(pygame.K_e, unicode="e")
    again = app.stack.top
    assert isinstance(again, EditorScene) and again is not editor and again.draft_waiting
    driver.click(again.cell_centre((1, 1)))
    driver.key(pygame.K_d, unicode="d")  # refused over unsaved changes: they would be lost
    assert again.status_role == "error" and again.draft.numbers != drawn
    driver.key(pygame.K_z, CTRL, "z")
    driver.key(pygame.K_d, unicode="d")
    assert again.draft.numbers == drawn and again.path is None and not again.draft_waiting
    assert again.level_title.endswith(" *"), "a resumed draft is unsaved work"


def test_a_test_play_names_the_puzzle_in_its_header(editor, driver):
    """The test-play's header said "Hashi — Test-play" whatever the puzzle was called."""
    editor.load_draft(Draft.of(parse_puzzle("2.2\n...\n2.2\n")).with_meta("title", "Harbour at dawn"), None)
    driver.key(pygame.K_t, unicode="t")
    play = editor.app.stack.top
    assert isinstance(play, PlaytestScene) and play.level_title == "Test-play — Harbour at dawn"
    driver.frames(1)
    assert play.header_shown == "Hashi — Test-play — Harbour at dawn"


def test_a_test_play_of_a_puzzle_with_no_solution_says_so_there_not_back_in_the_editor(editor, driver):
    """T on a board with no solution put "you can play it, but not finish it" on the editor's
    toast, under the test-play: unseen there, it came up on the way back, over a board since made
    unique. The test-play says it itself now, and the editor says nothing stale."""
    editor.load_draft(Draft.of(parse_puzzle("1.1\n...\n..1\n")), None)
    settle(editor, driver)
    assert editor.verdict is not None and editor.verdict.kind == "none"
    driver.key(pygame.K_t, unicode="t")
    play = editor.app.stack.top
    assert isinstance(play, PlaytestScene)
    play.check_worker.wait(10)
    driver.frames(2)
    assert "you can play it, but not finish it" in play.status_text
    assert "E goes back to the editor" in play.status_text
    driver.key(pygame.K_e, unicode="e")
    assert editor.app.stack.top is editor
    driver.frames(1)
    assert not any("no solution" in m.text for m in editor.toast.messages), editor.toast.messages


def test_back_from_a_test_play_the_status_line_says_so_and_whether_it_was_solved(editor, driver):
    """Back from test-play the editor's status line still showed the last thing said before it,
    as if no test-play had happened."""
    for cell in ((0, 0), (0, 2), (2, 0), (2, 2)):
        driver.click(editor.cell_centre(cell))
    settle(editor, driver)
    before = editor.status_text
    driver.key(pygame.K_t, unicode="t")
    play = editor.app.stack.top
    assert isinstance(play, PlaytestScene)
    driver.key(pygame.K_e, unicode="e")  # left unsolved
    assert editor.app.stack.top is editor
    driver.frames(1)
    assert editor.status_text != before
    assert editor.status_text.startswith("Back in the editor") and "not solved" in editor.status_text
    driver.key(pygame.K_t, unicode="t")
    play = editor.app.stack.top
    puzzle = play.puzzle
    for line, count in enumerate(solver.solutions(puzzle, 1)[0]):
        if count:
            play.play(line_move(puzzle, line, count))
    assert play.session.outcome is not None and play.session.outcome.is_win
    driver.frames(120)  # the celebration, then the result panel
    result = editor.app.stack.top
    assert isinstance(result, ResultScene) and result.buttons[0].label == "Back to the editor"
    driver.frames(60)  # the panel takes clicks once it has been open a moment
    driver.click(result.buttons[0].rect.center)
    assert editor.app.stack.top is editor
    driver.frames(1)
    assert editor.status_text == "Back in the editor — the test-play was solved.", editor.status_text


def test_a_level_chosen_during_a_test_play_is_played_normally(editor, driver):
    """L during a test-play opened a real level still as "Test-play": no record, no Next level."""
    from arcade.services import saves
    from arcade.ui.picker import PickerScene

    app = editor.app
    editor.load_draft(Draft.of(parse_puzzle("2.2\n...\n2.2\n")), None)
    driver.key(pygame.K_t, unicode="t")
    play = app.stack.top
    assert isinstance(play, PlaytestScene) and play.level_title == "Test-play"
    driver.key(pygame.K_l, unicode="l")
    picker = app.stack.top
    assert isinstance(picker, PickerScene)
    row = next(i for i, c in enumerate(picker.choices) if not c.header and c.value.id == "classic/01-first-steps")
    picker.pick(row)
    driver.frames(1)
    assert app.stack.top is play and play.session.level_id == "classic/01-first-steps"
    assert play.level_title == "First steps" and play.autosave_when == "move"
    puzzle = play.puzzle
    for line, count in enumerate(solver.solutions(puzzle, 1)[0]):
        if count:
            play.play(line_move(puzzle, line, count))
    assert "personal best" not in play.record_note and "recorded" in play.record_note, play.record_note
    assert saves.game_records("hashi")
    assert play.result_buttons(play.session.outcome)[0][0] == "Next level"
    # E now edits that level (it no longer goes back to the test-played board).
    driver.frames(120)
    app.pop()
    driver.key(pygame.K_e, unicode="e")
    assert isinstance(app.stack.top, EditorScene) and app.stack.top is not editor


def test_the_save_message_says_what_the_panel_says_about_a_fix(app, driver, user_home):
    """First steps on a cylinder: the save said "F applies a fix" while the panel said no single
    small change makes it unique, with Fix greyed."""
    scene = app.launch("hashi", Launch(options={"edit": "classic/01-first-steps"}), strict=True)
    driver.frames(1)
    driver.click(next(b for b in scene.panel_buttons if b.label == "Cylinder").rect.center)
    settle(scene, driver)
    assert scene.verdict.kind == "many" and scene.fix is None and scene.fix_state == "none"
    driver.key(pygame.K_s, CTRL, "s")
    assert "F applies" not in scene.status_text and "no single small change" in scene.status_text
    # A board with a fix: the message names F.
    scene.load_draft(Draft.of(parse_puzzle("3.3\n...\n3.3\n")), None)
    settle(scene, driver)
    assert scene.verdict.kind == "many" and scene.fix is not None
    driver.key(pygame.K_s, CTRL, "s")
    assert "F applies the fix shown" in scene.status_text


def test_size_buttons_at_the_largest_board_are_grey_refuse_with_the_reason_and_keep_every_island(app, driver):
    """A 40x40 board from the New dialog, edited: W+ cut it to 30x30 and removed 161 islands
    ("The board is now 30×30; 161 islands outside it removed"). At the limit W+ and H+ are grey and
    a click says why; W− takes one column, the rows and the other islands stay."""
    from arcade.games.hashi.logic import MAX_SIDE

    numbers = {(r, c): 1 + (r + c) % 4 for r in range(0, MAX_SIDE, 3) for c in range(0, MAX_SIDE, 3)}
    scene = EditorScene(INFO, Draft.blank(MAX_SIDE, MAX_SIDE, Topology.TORUS).with_numbers(numbers))
    app.push(scene)
    driver.frames(2)
    before = scene.draft
    buttons = {b.label: b for b in scene.panel_buttons}
    assert not buttons["W +"].is_enabled() and not buttons["H +"].is_enabled()
    assert buttons["W −"].is_enabled() and buttons["H −"].is_enabled()
    for label, what in (("W +", "wide"), ("H +", "tall")):
        driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=buttons[label].rect.center, rel=(0, 0),
                                        buttons=(0, 0, 0)))
        assert scene.status_line()[0].startswith(f"The board is 40 cells {what}: 40 is the most"), "no hover reason"
        driver.click(buttons[label].rect.center)
        assert scene.draft is before and not scene.editor.can_undo
        assert scene.status_role == "error" and scene.status_text.startswith(f"The board is 40 cells {what}")
    driver.click(buttons["W −"].rect.center)
    assert (scene.draft.rows, scene.draft.cols) == (MAX_SIDE, MAX_SIDE - 1)
    assert set(scene.draft.islands) == {cell for cell in numbers if cell[1] < MAX_SIDE - 1}
    lost = sum(1 for cell in numbers if cell[1] == MAX_SIDE - 1)
    assert scene.status_text == f"The board is now 39×40; {lost} islands outside it removed (Undo brings them back)."
    assert buttons["W +"].is_enabled()
    driver.click(buttons["W +"].rect.center)
    assert (scene.draft.rows, scene.draft.cols) == (MAX_SIDE, MAX_SIDE)


#: The least window, the playtester's 800x500, the default sizes.
PANEL_SIZES = sorted({MIN_WINDOW, (800, 500), (1024, 640), Settings().window_size})


def panel_problems(scene: EditorScene) -> list[str]:
    """Every thing in the side panel that is not wholly inside it."""
    panel = scene.panel_rect
    problems = [f"button {b.label} {b.rect}" for b in scene.panel_buttons if not panel.contains(b.rect)]
    problems += [f"{item.kind} {item.text!r} {item.rect}" for item in scene.panel_items()
                 if not panel.contains(item.rect)]
    return problems


@pytest.mark.parametrize("size", PANEL_SIZES, ids=[f"{w}x{h}" for w, h in PANEL_SIZES])
def test_the_side_panel_fits_every_verdict_at_every_window_size(driver, size):
    """At 800x500 "The solution" sat on the panel's border and the picture of a 40x40 board was cut
    off below it (its cells never went under 3 pixels). Everything the panel shows is inside it,
    for each verdict, from the least window to the default; the picture is scaled to the room and
    the rules list gives way to it."""
    from arcade.core.topology import Topology as T
    from arcade.games import REGISTRY
    from arcade.games.hashi.generator import generate
    from arcade.ui.app import App

    app = App(REGISTRY, size=size, headless=True)
    driver.app = app
    try:
        big = generate(40, 40, "hard", T.TORUS, seed=7).puzzle
        drafts = {
            "unique": Draft.of(big),
            "many": Draft.blank(5, 5).with_numbers({(0, 0): 3, (0, 2): 3, (2, 0): 3, (2, 2): 3}),
            "none": Draft.blank(40, 40).with_numbers({(0, 0): 8, (0, 39): 1, (39, 0): 1, (20, 20): 1}),
        }
        for kind, draft in drafts.items():
            scene = EditorScene(INFO, draft, keep_drafts=False)
            app.push(scene)
            driver.frames(1)
            settle(scene, driver)
            assert scene.verdict.kind == kind
            assert panel_problems(scene) == [], (kind, size, panel_problems(scene))
            board = scene.board_rect.inflate(scene.label_band, scene.label_band).move(-scene.label_band // 2,
                                                                                       -scene.label_band // 2)
            assert scene.board_area.contains(board) and not board.colliderect(scene.panel_rect), (board, size)
            pictures = [item for item in scene.panel_items() if item.kind == "picture"]
            if kind == "unique" and size != MIN_WINDOW:
                assert len(pictures) == 1, "the solution's picture was left out"
                assert any(i.kind == "caption" and i.text == "The solution" for i in scene.panel_items())
            if kind == "many" and size != MIN_WINDOW:  # the least window has room for the words only
                assert len(pictures) == 2
            app.pop()
    finally:
        app.close()


def test_a_board_that_cannot_be_kept_is_never_lost_in_silence(app, driver, monkeypatch, capsys):
    """With a read-only data folder the running copy and the draft failed in silence: the editor
    was left, the board was gone, and nothing said so."""
    from arcade.games.hashi.formats import format_level
    from arcade.games.hashi.view.editor import live_copy_path

    def read_only(path, _text):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("arcade.games.hashi.view.editor.atomic_write_text", read_only)
    game, editor = edit_a_game(app, driver)
    driver.click(editor.cell_centre((0, 1)))
    editor.spare_saver.flush()
    driver.frames(1)
    assert "leaving loses it" in editor.toast.current and "Permission denied" in editor.toast.current
    assert live_copy_path().name in editor.toast.current  # which file: a full disk named none
    board = format_level(editor.draft.puzzle()).strip()
    driver.key(pygame.K_e, unicode="e")
    assert app.stack.top is game
    assert "could not be kept as a draft" in game.toast.current and "Permission denied" in game.toast.current
    err = capsys.readouterr().err
    assert "could not be kept as a draft" in err and board in err


def test_a_resumed_draft_of_a_saved_puzzle_saves_back_to_its_file(app, driver, tmp_path):
    """A puzzle of "My puzzles" edited and left unsaved came back as "new puzzle": Save wrote a
    second file beside it, and the one the player had edited never got the change."""
    from arcade.games.hashi.view.editor import draft_path, edits_dir

    editor, mine = edit_a_file(app, driver, tmp_path)
    driver.click(editor.cell_centre((1, 1)))
    editor.close()
    assert draft_path().is_file()
    for resume in ("--edit alone", "Resume draft"):
        if resume == "--edit alone":
            again = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
        else:
            again = app.launch("hashi", Launch(options={"edit": "3x3m2:2a2c2a2"}), strict=True)
            driver.frames(1)
            driver.key(pygame.K_d, unicode="d")
        driver.frames(1)
        assert again.path == mine.resolve(), resume
        assert again.level_title == "Editor — Mine (mine.txt) *", resume
        assert again.draft.number_at((1, 1)) == 2 and dict(again.draft.meta).get("title") == "Mine"
        if resume == "--edit alone":
            again.close()  # left unsaved again: still the draft of mine.txt
    driver.key(pygame.K_s, CTRL, "s")
    saved = read_puzzle(mine)
    assert {i.pos for i in saved.islands} == {(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)}
    assert "editing" not in mine.read_text() and not list(edits_dir().glob("puzzle-*.txt"))
    assert again.level_title == "Editor — Mine (mine.txt)"


def test_the_menus_continue_reopens_the_unsaved_editor_board(app, driver):
    """A player who drew a puzzle, quit and came back found nothing on the menu leading to it:
    Continue opened the last game played (or was not there), and only E then D in a game, or
    ``play hashi --edit``, reached the board."""
    from arcade.services import saves
    from arcade.ui.menu import MenuScene

    saves.write_autosave("hashi", {"game": "hashi", "moves": []}, "First steps")
    menu = app.push(MenuScene())
    driver.frames(1)
    assert "First steps" in menu.entries[0].subtitle
    leave_an_unsaved_board(app, driver)
    assert app.stack.top is menu
    subtitle = menu.entries[0].subtitle
    assert menu.entries[0].title == "Continue" and "Hashi editor: a puzzle not saved to a file" in subtitle
    assert not subtitle.startswith("Saved")  # "Saved just now · … unsaved puzzle" said both at once
    driver.key(pygame.K_c, unicode="c")
    editor = app.stack.top
    assert isinstance(editor, EditorScene) and editor.from_draft and len(editor.draft.numbers) == 2


def test_the_menus_continue_names_an_unsaved_drafts_title(app, driver):
    """A puzzle the player had named was only "your unsaved puzzle in the editor" on the Continue
    card; it is named now (the generic words stay for one without a title)."""
    from arcade.ui.menu import MenuScene

    menu = app.push(MenuScene())
    driver.frames(1)
    scene = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    for cell in ((0, 0), (0, 2)):
        driver.click(scene.cell_centre(cell))
    scene.set_title("Harbour at Dawn")
    scene.close()
    assert app.stack.top is menu
    assert menu.entries[0].title == "Continue"
    assert menu.entries[0].subtitle.startswith("Left just now · Hashi editor: “Harbour at Dawn”, not saved to a file")


def test_the_menus_continue_names_the_file_an_unsaved_edit_belongs_to(app, driver, tmp_path):
    """A saved puzzle edited and left was "“Mine”, not saved to a file" on the Continue card, as
    if the file were lost; it is the unsaved changes to that file."""
    from arcade.ui.menu import MenuScene

    menu = app.push(MenuScene())
    driver.frames(1)
    editor, _mine = edit_a_file(app, driver, tmp_path)
    driver.click(editor.cell_centre((1, 1)))
    editor.close()
    assert app.stack.top is menu
    subtitle = menu.entries[0].subtitle
    assert menu.entries[0].title == "Continue" and "not saved to a file" not in subtitle
    assert subtitle.startswith("Left just now · Hashi editor: “Mine” — unsaved changes to mine.txt"), subtitle


def test_a_print_that_cannot_be_written_says_so_in_words(editor, driver, monkeypatch):
    """A read-only data folder made Print say "Could not print: [Errno 13] Permission denied:
    '/…/puzzle.pdf'" -- Python's words, where Save says "Could not save PATH: Permission denied"."""
    def read_only(_puzzles, out, **_kw):
        raise PermissionError(13, "Permission denied", str(out))

    monkeypatch.setattr("arcade.games.hashi.sheets.write_sheets", read_only)
    editor.load_draft(Draft.of(parse_puzzle("2.2\n...\n2.2\n")), None)
    driver.key(pygame.K_p, CTRL, "p")
    said = editor.status_text
    assert said.startswith("Could not print to ") and said.endswith(".pdf: Permission denied")
    assert "Errno" not in said and "'" not in said


def test_a_small_board_grows_with_a_big_window_as_the_play_board_does(app, driver):
    """At 1600x1000 a 5x5 board's cells were 64 pixels in the editor (a quarter of the room) and
    96 in its test-play: the editor uses the play board's cap (at the window's UI scale, as the
    play board does: 120 pixels here)."""
    from arcade.games.hashi.view.painter import MAX_CELL

    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 1000), w=1600, h=1000))
    scene = EditorScene(INFO, Draft.blank(5, 5))
    app.push(scene)
    driver.frames(2)
    assert scene.cell == round(MAX_CELL * app.theme.scale) > MAX_CELL
    for cell in ((0, 0), (0, 2)):
        driver.click(scene.cell_centre(cell))
    driver.key(pygame.K_t, unicode="t")
    play = app.stack.top
    assert isinstance(play, PlaytestScene)
    driver.frames(2)
    assert play.painter.view.cell == scene.cell


def type_text(driver, text: str) -> None:
    for char in text:
        key = pygame.K_SPACE if char == " " else pygame.key.key_code(char.lower()) if char.isalnum() else 0
        driver.key(key, pygame.KMOD_SHIFT if char.isupper() else 0, char)


def test_the_title_dialog_names_the_puzzle_its_file_and_its_my_puzzles_row(editor, app, driver):
    """A new puzzle had no way to get a name: Ctrl+S saved it as puzzle-DATE-TIME.txt and My puzzles
    listed "puzzle 20261126 185403". Title (F2 / Ctrl+T / the toolbar) opens a field; Enter keeps
    the title as an undoable edit, shown in the header, saved as ``# title:``, naming the file."""
    from arcade.games.hashi.view import FRONT
    from arcade.games.hashi.view.editor import edits_dir
    from arcade.ui.text_prompt import TextPromptScene

    for cell in ((0, 0), (0, 2), (2, 0), (2, 2)):
        driver.click(editor.cell_centre(cell))
    button = editor.toolbar.find("Title")
    assert button is not None
    if button in editor.toolbar.row():
        driver.click(button.rect.center)
    else:
        button.on_click()
    driver.frames(1)
    dialog = app.stack.top
    assert isinstance(dialog, TextPromptScene)
    type_text(driver, "Harbour at dawn!")
    driver.key(pygame.K_x, CTRL, "x")  # a shortcut types nothing
    assert dialog.text == "Harbour at dawn!"
    driver.key(pygame.K_RETURN)
    assert app.stack.top is editor
    assert dict(editor.draft.meta)["title"] == "Harbour at dawn!"
    assert editor.level_title == "Editor — Harbour at dawn! *"
    driver.key(pygame.K_z, CTRL, "z")  # undoable, like every edit
    assert "title" not in dict(editor.draft.meta)
    driver.key(pygame.K_y, CTRL, "y")
    driver.key(pygame.K_s, CTRL, "s")
    saved = edits_dir() / "harbour-at-dawn.txt"
    assert editor.path == saved and "# title: Harbour at dawn!" in saved.read_text()
    assert editor.level_title == "Editor — Harbour at dawn! (harbour-at-dawn.txt)"
    rows = {e.title: e.id for e in FRONT.extra_choices()}
    assert rows == {"Harbour at dawn!": "my-puzzles/harbour-at-dawn.txt"}

    # Another new puzzle of the same name never overwrites it; Esc cancels; Ctrl+T opens the field too.
    driver.key(pygame.K_n, CTRL, "n")
    editor.load_draft(Draft.blank(5, 5), None)
    for cell in ((1, 0), (1, 2)):
        driver.click(editor.cell_centre(cell))
    driver.key(pygame.K_t, CTRL, "t")
    assert isinstance(app.stack.top, TextPromptScene)
    type_text(driver, "Lost")
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is editor and "title" not in dict(editor.draft.meta)
    driver.key(pygame.K_F2)
    type_text(driver, "Harbour at dawn!")
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_s, CTRL, "s")
    assert editor.path == edits_dir() / "harbour-at-dawn-2.txt"
    assert read_puzzle(saved).islands != read_puzzle(editor.path).islands


def test_a_title_of_nothing_safe_saves_under_the_date():
    from arcade.games.hashi.view.editor import slug

    assert slug("Île 7 / ../etc") == "ile-7-etc"
    assert slug("???") == "" and slug("  ") == ""


@pytest.mark.parametrize("way_in", ["--edit alone", "Resume draft"])
def test_a_damaged_draft_is_said_and_kept_aside(app, driver, way_in):
    """A draft that could not be read opened a blank board with no word, and leaving that board
    overwrote it: now one line says why, and the file is renamed aside (``.damaged``)."""
    from arcade.games.hashi.view.editor import draft_path

    spare = draft_path()
    spare.parent.mkdir(parents=True, exist_ok=True)
    spare.write_text("2.2\n..x\n2.2\n")
    if way_in == "--edit alone":
        editor = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
        driver.frames(1)
        said = editor.toast.current
    else:
        editor = app.launch("hashi", Launch(options={"edit": "3x3m2:2a2c2a2"}), strict=True)
        driver.frames(1)
        driver.key(pygame.K_d, unicode="d")
        said = editor.toast.current + " " + editor.status_text
    aside = spare.with_name(spare.name + ".damaged")
    assert "could not be read" in said and str(aside) in said, said
    assert not spare.exists() and aside.read_text() == "2.2\n..x\n2.2\n"
    spare.write_text("garbage\n")  # a second damaged draft does not overwrite the first
    assert editor_module_read_draft() is None
    assert aside.read_text() == "2.2\n..x\n2.2\n" and spare.with_name(spare.name + ".damaged.2").is_file()


def editor_module_read_draft():
    from arcade.games.hashi.view.editor import read_draft

    return read_draft()


def test_tab_reaches_the_side_panel_and_enter_presses_its_button(editor, driver):
    """The side panel's size and topology buttons took clicks only: Tab went round the toolbar and
    never reached them. It goes on from the toolbar to the panel's rows; Enter presses the button in
    focus, and the status line says what it does."""
    wider = next(b for b in editor.panel_buttons if b.label == "W +")
    torus = next(b for b in editor.panel_buttons if b.label == "Torus")
    for _ in range(60):
        if editor.toolbar.focus is wider:
            break
        driver.key(pygame.K_TAB)
    assert editor.toolbar.focus is wider
    assert "one column more" in editor.status_line()[0]
    driver.key(pygame.K_RETURN)
    assert (editor.draft.cols, editor.draft.rows) == (6, 5)
    assert editor.toolbar.focus is wider, "the focus stays on the button pressed"
    while editor.toolbar.focus is not torus:
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_SPACE)
    assert editor.draft.topology is Topology.TORUS
    driver.key(pygame.K_ESCAPE)
    assert editor.toolbar.focus is None and driver.app.stack.top is editor


def test_enter_on_a_grey_button_in_focus_says_why(editor, driver):
    """A size button that went grey under the keyboard's focus (W − pressed down to the least
    width) took Enter in silence, while a click on it says why: the status line now gives the reason."""
    narrower = next(b for b in editor.panel_buttons if b.label == "W −")
    while editor.toolbar.focus is not narrower:
        driver.key(pygame.K_TAB)
    for _ in range(editor.draft.cols):
        driver.key(pygame.K_RETURN)
    assert not narrower.is_enabled() and editor.toolbar.focus is narrower
    driver.key(pygame.K_RETURN)
    assert "is the least" in editor.status_line()[0]
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=narrower.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert "is the least" in editor.status_line()[0], "hovering says the same"


def test_the_keys_table_says_tab_reaches_the_side_panel(editor):
    """The editor's keys table (pause, F1) did not list Tab at all, while it reaches the toolbar
    and goes on through the side panel's buttons."""
    tab = next(b for b in [*editor.game_bindings(), *editor.standard_bindings()] if b.keys.startswith("Tab"))
    assert "side-panel" in tab.label


def test_a_generated_puzzle_edited_keeps_its_name_and_changed_back_is_the_original(app, driver, tmp_path, user_home):
    """E on a generated puzzle, one island tweaked: the editor called it "new puzzle" and Save wrote
    `puzzle-DATE.txt` with no title; removing the island and putting it back (the same board as
    opened) stayed "new puzzle *"; the title's "8×8" became "88" in a file name."""
    path = tmp_path / "gen.txt"
    path.write_text("# title: Hard 8×8 cylinder #951009188\n# difficulty: hard\n# generator: seed 951009188\n"
                    "2.2\n...\n2.2\n")
    app.launch("hashi", Launch(level=str(path)))
    driver.frames(1)
    driver.key(pygame.K_e, unicode="e")
    editor = app.stack.top
    assert isinstance(editor, EditorScene)
    driver.click(editor.cell_centre((0, 0)))
    assert editor.level_title == "Editor — Hard 8×8 cylinder #951009188 (edited) *"
    driver.click(editor.cell_centre((0, 0)))
    assert editor.level_title == "Editor — Hard 8×8 cylinder #951009188", "the board opened, by hand"
    driver.click(editor.cell_centre((1, 1)))
    driver.key(pygame.K_s, CTRL, "s")
    assert editor.path.name == "hard-8x8-cylinder-951009188-edited.txt"
    saved = read_puzzle(editor.path)
    assert saved.title == "Hard 8×8 cylinder #951009188 (edited)" and saved.meta_value("generator") == ""


def test_a_long_title_is_shortened_before_the_file_and_the_unsaved_mark(app, driver, tmp_path):
    """At 1024x640 the header read "Editor — The long and winding road to the old harbour at d…":
    the ellipsis took the file Save writes and the "*" that says there is unsaved work. The title
    gives way now; the file stays when there is room for it, the "*" always."""
    long = "The long and winding road to the old harbour at dawn"
    for name in ("dawn.txt", "the-long-and-winding-road-to-the-old-harbour-at-dawn-on-a-winter-morning.txt"):
        scene = EditorScene(INFO, Draft.blank(5, 5).with_meta("title", long), tmp_path / name, keep_drafts=False)
        app.push(scene)
        driver.click(scene.cell_centre((1, 1)))
        driver.frames(1)
        shown, font = scene.header_shown, app.theme.font(22, True)
        assert "…" in shown and font.size(shown)[0] <= scene.header_room, shown
        assert shown.endswith(" (dawn.txt) *" if name == "dawn.txt" else "… *"), shown
        assert shown.startswith("Editor — The long"), shown
        app.pop()


def test_saving_a_cllv_has_file_keeps_it_a_cllv_file(app, driver, tmp_path):
    """``--edit set/x.has`` and Ctrl+S rewrote the CLLV instance as our grid with ``#`` headers: the
    CLLV tools (and ``bench hashi --data``'s set) no longer read it. It stays CLLV; a board it cannot
    hold (a torus) is refused, said why, and the file is left as it was."""
    from arcade.games.hashi.formats import detect, parse_cllv

    has = tmp_path / "x.has"
    original = "3 3 4\n 3 0 3\n 0 0 0\n 3 0 3\n"
    has.write_text(original)
    editor = app.launch("hashi", Launch(options={"edit": str(has)}), strict=True)
    driver.frames(1)
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=editor.cell_centre((0, 0)), rel=(0, 0),
                                    buttons=(0, 0, 0)))
    driver.key(pygame.K_2, unicode="2")
    driver.key(pygame.K_s, CTRL, "s")
    text = has.read_text()
    assert detect(text) == "cllv", text
    assert parse_cllv(text).islands == editor.draft.puzzle().islands
    assert "CLLV" in editor.status_line()[0]
    editor.set_topology("torus")
    driver.key(pygame.K_s, CTRL, "s")
    assert has.read_text() == text
    assert "only plane boards" in editor.status_line()[0]


def test_ctrl_z_says_which_edit_it_took_back(editor, driver):
    """The status line said only "Undone." -- a creator could not tell which edit went."""
    driver.click(editor.cell_centre((0, 0)))
    wheel(driver, editor.cell_centre((0, 0)), 1)
    driver.key(pygame.K_z, CTRL, "z")
    assert editor.status_line()[0] == "Undone: changed the 2 at row 1, column 1 to 3."
    driver.key(pygame.K_y, CTRL, "y")
    assert editor.status_line()[0] == "Redone: changed the 2 at row 1, column 1 to 3."


def test_test_play_keeps_its_way_back_to_the_editor_on_the_row_in_a_small_window(app, driver):
    """At 640x400 the test-play's only way back by mouse was "Edit", in the More menu, and nothing
    on screen said so. Its button says where it goes and stays on the row; a click on it is back."""
    app.on_resize(MIN_WINDOW)
    scene = an_editor_with_a_square(app, driver)
    driver.key(pygame.K_t, unicode="t")
    play = app.stack.top
    assert isinstance(play, PlaytestScene)
    driver.frames(2)
    back = next((b for b in play.toolbar.row() if b.label == "Back to editor"), None)
    assert back is not None and back.rect.width, [b.label for b in play.toolbar.row()]
    assert "Edit" not in [b.label for b in (*play.toolbar.row(), *play.toolbar.menu())]
    driver.click(back.rect.center)
    assert app.stack.top is scene


def test_a_resumed_draft_changed_back_to_its_saved_file_is_no_unsaved_work(app, driver, tmp_path):
    """A puzzle of "My puzzles" edited, left, resumed by Continue and changed back to the file still
    showed "*", and leaving kept a draft identical to the file: the menu's Continue went on offering
    "your unsaved puzzle" that the file already held (the file's own grade line aside)."""
    from arcade.games.hashi.view.editor import draft_path

    editor, mine = edit_a_file(app, driver, tmp_path, "# title: Mine\n# difficulty: easy\n2.2\n...\n2.2\n")
    driver.click(editor.cell_centre((1, 1)))
    editor.close()
    assert draft_path().is_file()
    again = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    assert again.from_draft and again.level_title == "Editor — Mine (mine.txt) *"
    driver.click(again.cell_centre((1, 1)))  # the island added last time removed: the file's board
    assert again.draft.number_at((1, 1)) == 0
    assert again.level_title == "Editor — Mine (mine.txt)"
    again.close()
    assert not draft_path().is_file()
    assert read_puzzle(mine).islands == parse_puzzle("2.2\n...\n2.2\n").islands


def test_printing_two_pasted_puzzles_keeps_both_sheets(app, driver, user_home, monkeypatch):
    """Every pasted puzzle was printed to "pasted.pdf" (every generated one to "generated.pdf"): the
    author who printed a second puzzle for a friend overwrote the first sheet without a word. A
    puzzle with no file is printed under its title, else the date and time, never over another sheet."""
    pytest.importorskip("fpdf")
    from arcade.games.hashi.view import dialogs
    from arcade.games.hashi.view.editor import edits_dir

    scene = app.launch("hashi", Launch(level="classic/01-first-steps"))
    driver.frames(1)
    for game_id in ("3x3m2:2a2c2a2", "3x3m2:1a1c1a1", "3x3m2:1a1c1a1"):
        monkeypatch.setattr(dialogs, "paste_text", lambda text=game_id: (text, ""))
        scene.paste()
        driver.frames(1)
        driver.key(pygame.K_p, CTRL, "p")
        assert "Printed 2 pages" in scene.status_text, scene.status_text
    assert len(list(edits_dir().glob("*.pdf"))) == 3


def test_a_board_started_over_is_saved_as_a_new_puzzle_not_over_the_file(app, driver, tmp_path, user_home):
    """Ctrl+N on one of My puzzles, a new puzzle drawn, Ctrl+S: it was written over the file of the
    puzzle it replaced (the header still named that file), and the puzzle made for a friend was
    gone. A board started over is a new puzzle with no file until saved; Undo of Ctrl+N brings the
    old board back with its file."""
    from arcade.games.hashi.view.editor import edits_dir

    editor, mine = edit_a_file(app, driver, tmp_path)
    driver.key(pygame.K_n, CTRL, "n")
    assert "mine.txt" not in editor.level_title
    driver.key(pygame.K_z, CTRL, "z")  # Undo: the puzzle of mine.txt again, with its file
    assert editor.level_title == "Editor — Mine (mine.txt)"
    driver.key(pygame.K_y, CTRL, "y")
    assert "mine.txt" not in editor.level_title
    for cell in ((0, 0), (0, 2)):
        driver.click(editor.cell_centre(cell))
    driver.key(pygame.K_s, CTRL, "s")
    assert mine.read_text() == "# title: Mine\n2.2\n...\n2.2\n"
    new = list(edits_dir().glob("*.txt"))
    assert len(new) == 1 and read_puzzle(new[0]).islands == parse_puzzle("2.2\n").islands
    assert editor.path == new[0]
    driver.click(editor.cell_centre((2, 2)))
    driver.key(pygame.K_s, CTRL, "s")  # the new puzzle's own file from now on
    assert len(list(edits_dir().glob("*.txt"))) == 1 and mine.read_text().count("2") == 4


def test_at_the_least_window_the_panel_shows_the_whole_fix_and_no_pictures_it_left_out(driver):
    """At 640x400 the panel said "two shown; they differ on 4 lines" over no pictures, and cut the
    fix to "Change the 3 at row 1, column 1 to 1 and the 3 …": the author could not read what F
    would do. With no room for the pictures the differences are said to be on the board, and the
    fix's words come before the count of differing lines, whole."""
    from arcade.games import REGISTRY
    from arcade.ui.app import App

    app = App(REGISTRY, size=MIN_WINDOW, headless=True)
    driver.app = app
    try:
        scene = EditorScene(INFO, Draft.blank(6, 6).with_numbers({(0, 0): 3, (0, 3): 3, (3, 0): 3, (3, 3): 3}),
                            keep_drafts=False)
        app.push(scene)
        driver.frames(1)
        settle(scene, driver)
        assert scene.verdict.kind == "many" and scene.fix is not None
        items = scene.panel_items()
        words = " ".join(item.text for item in items if item.kind == "text")
        assert scene.fix.text in words and "…" not in words, words
        if not any(item.kind == "picture" for item in items):
            assert "two shown" not in words, words
        assert panel_problems(scene) == []
    finally:
        app.close()


def test_no_solution_after_an_edit_is_explained_from_that_edit(app, driver):
    """On the bundled ``Open Sea`` opened in the editor, a 2 added at row 16, column 25 made the
    puzzle unsolvable and the verdict blamed "the 6 at row 15, column 20", five columns away, with
    no word about the 2. Now it leads with the island just added and what it stands between, the
    contradiction it names is the nearest the rules reach from the edit, and it is true: the
    independent search finds no solution, and one again without the 2."""
    from arcade.games.hashi.verdict import find_solutions

    scene = app.launch("hashi", Launch(options={"edit": "20-open-sea"}), strict=True)
    settle(scene, driver)
    before = scene.draft.puzzle()
    assert scene.current_verdict().kind == "unique"
    driver.click(scene.cell_centre((15, 24)))
    settle(scene, driver)
    assert scene.draft.number_at((15, 24)) == 2
    verdict = scene.current_verdict()
    assert verdict.kind == "none"
    assert verdict.detail.startswith("with the 2 at row 16, column 25 (the last edit) standing between "
                                     "the 7 at row 15, column 25 and the 6 at row 17, column 25"), verdict.detail
    assert find_solutions(scene.draft.puzzle(), 1) == [] and find_solutions(before, 1) != []


@pytest.mark.parametrize("cell", [(0, 24), (0, 27), (2, 13)])
def test_no_solution_names_the_contradiction_nearest_the_edit(cell):
    """Islands added to ``Open Sea`` whose contradiction the rules met first five or two cells away
    (the rules went from the board's first rows): it is now the island just added."""
    from arcade.games.hashi.verdict import find_solutions, verdict

    draft = Draft.of(read_puzzle(Path(__file__).resolve().parents[2] / "levels" / "hashi" / "hard" / "20-open-sea.txt"))
    puzzle = draft.with_numbers({**draft.islands, cell: 2}).puzzle()
    found = verdict(puzzle, near=(cell,))
    assert found.kind == "none" and find_solutions(puzzle, 1) == []
    assert puzzle.island_at[cell] in found.islands, found.detail


def test_no_solution_rings_the_edit_its_words_lead_with(app, driver):
    """"No solution" marked only the contradiction's island, while its words led with the island
    just edited: the edited island now has a ring of its own in the edit colour, outside its disc,
    and the contradiction's island keeps its red mark."""
    scene = app.launch("hashi", Launch(options={"edit": "20-open-sea"}), strict=True)
    settle(scene, driver)
    driver.click(scene.cell_centre((15, 24)))
    settle(scene, driver)
    verdict, puzzle = scene.current_verdict(), scene.draft.puzzle()
    assert verdict.kind == "none" and verdict.edited == {puzzle.island_at[(15, 24)]}
    assert puzzle.island_at[(15, 24)] not in verdict.islands
    driver.frames(1)
    highlight = app.theme["highlight"]

    def ringed(cell) -> bool:
        x, y = scene.cell_centre(cell)
        ring = max(3, scene.cell * 2 // 5) + max(3, scene.cell // 10) - 1
        spots = ((x + ring, y), (x - ring, y), (x, y + ring), (x, y - ring))
        return all(tuple(app.screen.get_at(spot))[:3] == highlight for spot in spots)

    assert ringed((15, 24))
    assert not any(ringed(puzzle.islands[i].pos) for i in verdict.islands)


def test_undo_after_a_relaunch_takes_back_the_last_edit_of_the_previous_run(app, driver):
    """A player who quit mid-edit and came back by the menu's Continue found the board but not its
    history: Undo said "Nothing to undo." of the edits made before quitting. The history is kept
    with the draft, and Undo and Redo name those edits as they did before the quit."""
    from arcade.games import REGISTRY
    from arcade.ui.app import App
    from arcade.ui.menu import MenuScene
    from tests.conftest import Driver

    scene = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    for cell in ((0, 0), (0, 2)):
        driver.click(scene.cell_centre(cell))
    driver.click(scene.cell_centre((1, 4)))
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.cell_centre((1, 4)), rel=(0, 0), buttons=(0, 0, 0)))
    driver.key(pygame.K_3, unicode="3")
    assert scene.draft.number_at((1, 4)) == 3
    app.close()  # quit inside the editor

    again = App(REGISTRY, size=(1024, 640), headless=True)  # the next run
    try:
        second = Driver(again)
        menu = again.push(MenuScene())
        second.frames(1)
        assert menu.entries[0].title == "Continue"
        second.key(pygame.K_c, unicode="c")
        editor = again.stack.top
        assert isinstance(editor, EditorScene) and editor.draft.number_at((1, 4)) == 3
        second.key(pygame.K_z, CTRL, "z")
        assert editor.status_line()[0] == "Undone: changed the 2 at row 2, column 5 to 3."
        assert editor.draft.number_at((1, 4)) == 2
        second.key(pygame.K_z, CTRL, "z")
        assert editor.status_line()[0] == "Undone: placed a 2 at row 2, column 5."
        second.key(pygame.K_y, CTRL, "y")
        second.key(pygame.K_y, CTRL, "y")
        assert editor.status_line()[0] == "Redone: changed the 2 at row 2, column 5 to 3."
        assert editor.draft.number_at((1, 4)) == 3 and not editor.editor.can_redo
    finally:
        again.close()


def test_a_damaged_undo_history_opens_the_board_without_it_and_says_so(app, driver):
    """A history that cannot be read drops only the history: the draft opens as it was left, one
    line says the history is gone, and the file is put aside."""
    from arcade.games.hashi.view.editor import history_path

    leave_an_unsaved_board(app, driver)
    history_path().write_text('{"format": 1, "index": 0, "versions": [{"rows": "seven"}]}')
    again = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    assert len(again.draft.numbers) == 2 and not again.editor.can_undo
    said = " ".join(message.text for message in again.toast.messages)
    assert "The undo history from last time could not be read (version 1: rows" in said, said
    assert "\n" not in again.history_note and not history_path().exists()


def _a_draft_older_than_its_file(app, driver, tmp_path, second_edit):
    """Two editors on ``mine.txt``: the first leaves a draft, the second saves the file after it."""
    import os

    from arcade.games.hashi.view.editor import draft_path

    first, mine = edit_a_file(app, driver, tmp_path)
    driver.click(first.cell_centre((1, 1)))
    first.close()
    second = app.launch("hashi", Launch(options={"edit": str(mine)}), strict=True)
    driver.frames(1)
    driver.click(second.cell_centre(second_edit))
    driver.key(pygame.K_s, CTRL, "s")
    second.close()
    later = draft_path().stat().st_mtime + 60  # saved a minute after the draft was left
    os.utime(mine, (later, later))
    return mine


def test_a_draft_older_than_its_file_saved_since_is_asked_about_not_offered_silently(app, driver, tmp_path):
    """Two windows on one puzzle: one left a draft, the other saved the file after it. Continue
    offered the stale draft as if nothing had happened; now the card says it is older, and opening
    it asks: the draft, or the file (the draft then kept in My puzzles, not lost)."""
    from arcade.games.hashi.view.editor import OlderDraftScene, draft_path, edits_dir
    from arcade.ui.menu import MenuScene

    mine = _a_draft_older_than_its_file(app, driver, tmp_path, (1, 0))
    menu = app.push(MenuScene())
    driver.frames(1)
    assert menu.entries[0].title == "Continue"
    assert "“Mine” — mine.txt is newer than this draft" in menu.entries[0].subtitle
    driver.key(pygame.K_c, unicode="c")
    driver.frames(1)
    question = app.stack.top
    assert isinstance(question, OlderDraftScene)
    assert question.lines[0].startswith("Your draft of mine.txt is older than the file saved at ")
    editor = app.stack.scenes[-2]
    assert editor.draft.number_at((1, 1)) == 2 and editor.draft.number_at((1, 0)) == 0
    driver.key(pygame.K_f, unicode="f")  # open the file
    assert app.stack.top is editor and not draft_path().exists()
    assert editor.draft.number_at((1, 0)) == 2 and editor.draft.number_at((1, 1)) == 0
    assert editor.level_title == "Editor — Mine (mine.txt)"
    kept = [p for p in edits_dir().glob("*.txt") if "earlier draft" in p.read_text()]
    assert len(kept) == 1 and read_puzzle(kept[0]).island_at.get((1, 1)) is not None
    assert "older draft is in My puzzles" in editor.status_line()[0]
    assert not any("Your unsaved board from last time" in message.text for message in editor.toast.messages)
    assert read_puzzle(mine).island_at.get((1, 0)) is not None


def test_a_draft_older_than_its_file_opens_when_the_player_says_so(app, driver, tmp_path):
    from arcade.games.hashi.view.editor import OlderDraftScene, draft_path

    _a_draft_older_than_its_file(app, driver, tmp_path, (1, 0))
    editor = app.launch("hashi", Launch(options={"edit": ""}), strict=True)
    driver.frames(1)
    assert isinstance(app.stack.top, OlderDraftScene)
    driver.key(pygame.K_d, unicode="d")
    assert app.stack.top is editor and editor.from_draft and editor.draft.number_at((1, 1)) == 2
    assert draft_path().exists() and "Ctrl+S saves it over mine.txt" in editor.status_line()[0]


def test_a_draft_the_file_saved_since_holds_is_dropped(app, driver, tmp_path):
    """The other window saved the very board of the draft: the draft is no unsaved work, and the
    menu no longer offers it."""
    from arcade.games.hashi.view.editor import draft_path
    from arcade.ui.menu import MenuScene

    _a_draft_older_than_its_file(app, driver, tmp_path, (1, 1))
    assert draft_path().exists()
    menu = app.push(MenuScene())
    driver.frames(1)
    assert not draft_path().exists()
    assert not (menu.entries[0].title == "Continue" and "Hashi editor" in menu.entries[0].subtitle)


def test_the_rules_heading_wraps_in_a_narrow_tall_panel(driver):
    """At 640x1400 every rule had a line of its own, under a heading drawn cut to the panel's
    width: "Rules used in the explaine…". Every line the panel shows is whole, within its width."""
    from arcade.core.topology import Topology as T
    from arcade.games import REGISTRY
    from arcade.games.hashi.generator import generate
    from arcade.games.hashi.view.verdict_panel import PANEL_PAD
    from arcade.ui.app import App

    app = App(REGISTRY, size=(640, 1400), headless=True)
    driver.app = app
    try:
        scene = EditorScene(INFO, Draft.of(generate(12, 12, "hard", T.PLANE, seed=7).puzzle), keep_drafts=False)
        app.push(scene)
        driver.frames(1)
        settle(scene, driver)
        assert scene.verdict.kind == "unique" and scene.verdict.rules
        items = [item for item in scene.panel_items() if item.kind == "text"]
        assert any(item.text.startswith("Rules used") for item in items)
        room = scene.panel_rect.width - 2 * PANEL_PAD
        wide = [(item.text, app.theme.font(item.size, item.bold).size(item.text)[0]) for item in items
                if app.theme.font(item.size, item.bold).size(item.text)[0] > room]
        assert wide == [], (room, wide)
    finally:
        app.close()
