"""Tron's setup lists the saved replays as L does: the map list's *Saved replays* row, its
files, a damaged one's reason, and a replay watched from there that Esc closes back to the setup."""

from __future__ import annotations

from dataclasses import replace

import pygame

from arcade.games.tron.view.scene import TronScene
from arcade.games.tron.view.setup import SetupScene
from arcade.services.replays import replays_folder
from arcade.ui.picker import PickerScene
from tests.tron.test_tron_scene import finish_countdown, open_tron, run_ticks


def a_round_saved(app, driver) -> TronScene:
    """Round 1 of a best-of-3 between two players, over and saved with Ctrl+S: the match goes on."""
    scene = open_tron(app, mode="humans", best_of=3)
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 40)
    assert scene.phase == "over" and not scene.match.over
    driver.key(pygame.K_s, mod=pygame.KMOD_LCTRL)
    assert len(list(replays_folder().glob("tron-*.json"))) == 1
    return scene


def saved_replays_from_setup(app, driver) -> tuple[SetupScene, PickerScene]:
    """O, the Map row, Enter (every map), Home (the top row: Saved replays), Enter: the list."""
    driver.key(pygame.K_o)
    panel = app.stack.top
    assert isinstance(panel, SetupScene)
    panel.selected = next(i for i, row in enumerate(panel.rows()) if row[0] == "map")
    driver.key(pygame.K_RETURN)
    maps = app.stack.top
    assert isinstance(maps, PickerScene)
    assert [c.title for c in maps.choices[:2]] == ["Replays", "Saved replays"]  # under its heading, on top
    driver.key(pygame.K_HOME)
    assert maps.choices[maps.selected].title == "Saved replays"
    driver.key(pygame.K_RETURN)
    return panel, app.stack.top



def match_plays_on_with_its_program(app, driver, scene) -> None:
    """The match is on top again and its outside program still answers: three ticks, no failure."""
    assert app.stack.top is scene
    finish_countdown(driver, scene)
    run_ticks(driver, scene, 3)
    assert scene.session.index == 3 and not scene.failures[1], scene.failures

def test_a_replay_saved_in_a_match_opens_from_the_setup_and_esc_comes_back_to_it(app, driver):
    scene = a_round_saved(app, driver)
    panel, listed = saved_replays_from_setup(app, driver)
    assert isinstance(listed, PickerScene) and listed.title.startswith("Tron — saved replays")
    row = listed.choices[0]
    assert row.title.startswith("Empty room — Player 1 vs Player 2") and row.role != "error", row
    driver.key(pygame.K_RETURN)
    viewer = app.stack.top
    assert isinstance(viewer, TronScene) and viewer is not scene
    assert viewer.viewer is not None and viewer.phase == "replay"
    assert viewer.session.length == scene.session.length  # the round saved, whole
    assert viewer.status_text.endswith("Esc the setup")
    driver.frames(5)
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is panel  # back where the player was, not the menu
    assert scene.match.rounds == 1 and not scene.match.over  # the match under it is as it was
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_a_click_on_the_saved_replay_opens_it_too(app, driver):
    a_round_saved(app, driver)
    panel, listed = saved_replays_from_setup(app, driver)
    driver.frame()
    _index, rect = listed.rows_in_view()[0]
    driver.click(rect.center)
    assert isinstance(app.stack.top, TronScene) and app.stack.top.viewer is not None
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is panel


def test_damaged_and_empty_replay_files_show_their_reason_and_are_refused_in_the_setup(app, driver):
    scene = open_tron(app)
    folder = replays_folder()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tron-broken.json").write_text("{\"players\": ")
    (folder / "tron-empty.json").write_text("")
    panel, listed = saved_replays_from_setup(app, driver)
    assert isinstance(listed, PickerScene)
    rows = {c.title: c for c in listed.choices}
    assert set(rows) == {"tron-broken.json", "tron-empty.json"}
    for row in rows.values():
        assert row.tag == "damaged" and row.role == "error"
        reason = row.subtitle.removeprefix("damaged: ")
        assert row.subtitle.startswith("damaged: ") and reason and "\n" not in reason
    driver.key(pygame.K_RETURN)
    assert app.stack.top is panel  # refused where the player is: in the panel
    assert panel.error.startswith("Cannot open the replay tron-") and panel.error_role == "error"
    assert scene.viewer is None


def test_with_no_saved_replays_the_setup_says_so(app, driver):
    open_tron(app)
    panel, top = saved_replays_from_setup(app, driver)
    assert top is panel and panel.error.startswith("No saved replays yet")


def test_a_replay_watched_from_the_setup_leaves_the_matchs_program_running(app, driver):
    """The viewer's leaving closed every outside program: back from a replay, the match under the
    setup had lost its bot author's program."""
    import sys
    from pathlib import Path

    from arcade.games.tron.view.setup import PROGRAM

    a_round_saved(app, driver)
    app.pop()
    bot = Path(__file__).parents[1] / "byob" / "bots" / "tron2010_straight.py"
    scene = open_tron(app, mode="bot", bot2=PROGRAM, command2=f"{sys.executable} {bot}", protocol2="2010")
    saved_replays_from_setup(app, driver)
    driver.key(pygame.K_RETURN)
    assert isinstance(app.stack.top, TronScene) and app.stack.top is not scene
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    match_plays_on_with_its_program(app, driver, scene)


def test_setup_and_levels_in_a_replay_viewed_over_the_setup_lead_back_to_that_setup(app, driver):
    """O in such a viewer pushed a second setup over it, whose Start turned the viewer into a match
    over the match the first setup came from; L's map did the same. O is the setup under it, L its map list."""
    scene = a_round_saved(app, driver)
    panel, _listed = saved_replays_from_setup(app, driver)
    driver.key(pygame.K_RETURN)
    assert app.stack.top is not scene and isinstance(app.stack.top, TronScene)
    driver.key(pygame.K_o)
    assert app.stack.top is panel
    driver.key(pygame.K_RETURN)  # the Map row's list, Saved replays on top
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)  # the replay again
    assert isinstance(app.stack.top, TronScene) and app.stack.top.viewer is not None
    driver.key(pygame.K_l)
    maps = app.stack.top
    assert isinstance(maps, PickerScene) and maps.title == "Choose a map"
    assert [type(s) for s in app.stack.scenes[-3:]] == [TronScene, SetupScene, PickerScene]
    assert sum(isinstance(s, TronScene) for s in app.stack.scenes) == 1


def a_match_against_a_program(app) -> TronScene:
    """You against an outside program (Tron 2010's protocol) on the empty room."""
    import sys
    from pathlib import Path

    from arcade.games.tron.view.setup import PROGRAM

    bot = Path(__file__).parents[1] / "byob" / "bots" / "tron2010_straight.py"
    return open_tron(app, mode="bot", bot2=PROGRAM, command2=f"{sys.executable} {bot}", protocol2="2010")


def test_a_replay_watched_from_l_over_a_match_leaves_its_program_running_and_esc_comes_back(app, driver):
    """L → Saved replays → a replay, in a match against a program: the replay replaced the match
    (Esc opened the menu), and its leaving closed every outside program. Now it is watched over the
    match, Esc comes back to it and the program answers on."""
    a_round_saved(app, driver)
    app.pop()
    scene = a_match_against_a_program(app)
    driver.key(pygame.K_l)
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)
    viewer = app.stack.top
    assert isinstance(viewer, TronScene) and viewer is not scene and viewer.viewer is not None
    assert viewer.status_text.endswith("Esc the game")
    driver.frames(5)
    driver.key(pygame.K_ESCAPE)
    match_plays_on_with_its_program(app, driver, scene)


def test_a_round_watched_from_the_tournament_table_leaves_the_matchs_program_running(app, driver):
    """The table's viewer, left with Esc, closed every outside program: the match under the table
    (against a bot author's program) had lost it when the player came back to it."""
    from arcade.games.tron.view.tournament import TournamentScene

    scene = a_match_against_a_program(app)
    table = scene.open_tournament(replace(scene.setup, mode="tournament", bot1="straight", bot2="flood-fill",
                                          map="test-board", tourney_maps="map", games=1))
    assert isinstance(table, TournamentScene), table
    app.push(table)
    assert table.run.wait(120)
    driver.frame()
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    viewer = app.stack.top
    assert isinstance(viewer, TronScene) and viewer.from_table
    driver.frames(5)
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is table
    driver.key(pygame.K_ESCAPE)
    match_plays_on_with_its_program(app, driver, scene)
