"""The search is not thrown away: Watch after a hint (and a hint after a watch plan) reuses the route
found for the same position, and a par cut short at the time limit comes back at once on a reopen,
still "not proven best". A stub solver stands for a big grid's 30 s search: it answers at once, as
if cut short, and counts how often it is asked."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.games.royale import ai
from arcade.games.royale.logic import State
from arcade.games.royale.solver import solve_state
from arcade.services.ai_memo import ResultMemo
from tests.royale.royale_scenes import open_level
from tests.test_frontend_contract import watch_to_the_end


def fresh_memo(path):
    """The game's memo as a new run reads it from ``path``, writing every result."""
    return ResultMemo("royale", ai.SOLVER_VERSION, encode=ai._encode_route, decode=ai._decode_route,
                      path=path, persist_after=0.0)


@pytest.fixture
def searches(tmp_path, monkeypatch):
    """The positions the solver was asked about; every answer is marked as cut short by the limit."""
    asked: list[tuple] = []

    def cut_short(state, deadline=None, should_stop=None):
        asked.append(state.path)
        route = solve_state(state)
        return None if route is None else dataclasses.replace(route, exact=False)

    monkeypatch.setattr(ai, "solve_state", cut_short)
    # Where the par went through a solver of its own before the memo (it goes through solve_state now).
    monkeypatch.setattr(ai, "solve_level", lambda level, **kw: cut_short(State(level)), raising=False)
    monkeypatch.setattr(ai, "THINK_SECONDS", 0.05)  # a tiny limit: the stub never waits for it
    monkeypatch.setattr(ai, "MEMO", fresh_memo(tmp_path / "memo.json"), raising=False)
    return asked


def press_and_wait(driver, scene, key: int) -> None:
    """Press ``key`` (H or I) and let the worker's answer (a hint, a watch plan) reach the scene."""
    driver.key(key)
    scene.worker.wait(30)
    driver.frames(1)


def test_watch_right_after_a_hint_plays_the_hints_route_without_searching_again(app, driver, searches):
    scene = open_level(app, driver)
    press_and_wait(driver, scene, pygame.K_h)
    driver.key(pygame.K_h)  # plays the drop
    assert scene.session.state.placed
    press_and_wait(driver, scene, pygame.K_h)
    assert scene.hint is not None and "not proven best" in scene.hint.reason
    asked = len(searches)
    press_and_wait(driver, scene, pygame.K_i)
    assert scene.watch is not None
    assert len(searches) == asked, "the watch searched the hint's position again"
    driver.frame(dt=0.3)  # its first step
    assert len(scene.session.moves) == 2
    assert "not proven best" in scene.status_text  # reused, and still marked as cut short


def test_a_hint_right_after_a_watch_plan_reuses_it(app, driver, searches):
    scene = open_level(app, driver)
    press_and_wait(driver, scene, pygame.K_h)
    driver.key(pygame.K_h)  # plays the drop
    press_and_wait(driver, scene, pygame.K_i)
    driver.key(pygame.K_i)  # stops the watch before its first step: the same position
    assert scene.watch is None and len(scene.session.moves) == 1
    asked = len(searches)
    press_and_wait(driver, scene, pygame.K_h)
    assert scene.hint is not None and scene.hint.move is not None
    assert len(searches) == asked and "not proven best" in scene.hint.reason


def test_a_par_cut_short_comes_back_at_once_on_a_reopen_still_not_proven(app, driver, searches, tmp_path,
                                                                         monkeypatch):
    scene = open_level(app, driver)
    assert scene.par_status == "known" and scene.par_text() == "6+?"
    assert len(searches) == 1
    app.pop()
    again = app.launch("royale", Launch(level="01-seed-14x20"))
    assert again.par_status == "known" and again.par_text() == "6+?", "the par was worked out again"
    app.pop()
    monkeypatch.setattr(ai, "MEMO", fresh_memo(tmp_path / "memo.json"))  # the next run: from the file
    later = app.launch("royale", Launch(level="01-seed-14x20"))
    assert later.par_status == "known" and later.par_text() == "6+?" and not later.par_route.exact
    assert len(searches) == 1
    assert "Par 6+?" in later.status_fields()


def test_the_result_keeps_a_cut_short_par_marked(app, driver, searches):
    """The side panel read "Par 6+?" and the result beside it "Par: 6", as if proven."""
    scene = open_level(app, driver)
    watch_to_the_end(app, scene)
    assert scene.session.outcome is not None and len(searches) == 1  # the watch took the par's route
    assert "Par: 6+?" in " ".join(scene.result_lines(scene.session.outcome))


def test_matching_a_cut_short_par_is_not_called_the_best_possible_route(app, driver, searches):
    """Par "6+?" is the best route the AI found before its time limit, not a proven best: the
    result said "you matched the best possible route" all the same."""
    scene = open_level(app, driver)
    assert scene.par_text() == "6+?"
    driver.click(tuple(int(v) for v in scene.grid.cell_center((3, 10))))  # the drop
    for key in (pygame.K_DOWN, pygame.K_s, pygame.K_s, pygame.K_d, pygame.K_DOWN, pygame.K_a):
        driver.key(key)
    outcome = scene.session.outcome
    assert outcome is not None and outcome.is_win and scene.session.state.loot == 6
    said = " ".join(scene.result_lines(outcome))
    assert "best possible route" not in said, said
    assert "you matched the best route the AI found (not proven best)" in said, said


def test_the_ai_matching_its_cut_short_par_is_not_called_the_best_possible_route(app, driver, searches):
    scene = open_level(app, driver)
    watch_to_the_end(app, scene)
    assert scene.session.outcome is not None
    said = " ".join(scene.result_lines(scene.session.outcome))
    assert "best possible route" not in said, said
    assert "the AI matched the best route it found (not proven best)" in said, said


def test_a_cut_short_par_is_not_called_the_optimal_route_in_the_result(app, driver, searches):
    """Par "6+?" is the best route the AI found, not a proven optimum: the result's par line said
    "(the optimal route is dashed below)" and its mini-map legend "optimal route (6 loot)"."""
    from arcade.games.royale.view.result import RoyaleResultScene

    scene = open_level(app, driver)
    assert scene.par_text() == "6+?"
    driver.click(tuple(int(v) for v in scene.grid.cell_center((3, 10))))  # the drop
    for key in (pygame.K_DOWN, pygame.K_s, pygame.K_s, pygame.K_d, pygame.K_w, pygame.K_w):  # away from the centre
        if scene.session.outcome is None:
            driver.key(key)
    outcome = scene.session.outcome
    assert outcome is not None and not outcome.is_win  # lost: the par line points at the par's route
    top = app.stack.top
    assert isinstance(top, RoyaleResultScene)
    driver.frames(2)
    (par_line,) = [line for line in top.lines if "Par:" in line]
    assert "optimal" not in par_line and "best route found" in par_line, par_line
    legend = [words for _, _, words in top.legend()]
    assert not any("optimal" in words for words in legend) and "best route found (6 loot)" in legend, legend


def test_o_and_look_at_the_board_call_a_cut_short_par_the_best_route_found(app, driver, searches):
    """After the round, O (and the result's way back to the board) said "Dashed: the optimal route"
    over a par the time limit cut short."""
    scene = open_level(app, driver)
    driver.click(tuple(int(v) for v in scene.grid.cell_center((3, 10))))  # the drop
    for key in (pygame.K_DOWN, pygame.K_s, pygame.K_s, pygame.K_d, pygame.K_w, pygame.K_w):  # away from the centre
        if scene.session.outcome is None:
            driver.key(key)
    assert scene.session.outcome is not None
    scene.look_at_board()
    assert "best route found" in scene.status_text and "optimal" not in scene.status_text, scene.status_text
    scene.toggle_optimal()
    assert scene.status_text == "The best route found is hidden (O shows it again).", scene.status_text
    scene.toggle_optimal()
    assert scene.status_text == "Dashed: the best route found (O hides it).", scene.status_text


def test_the_how_to_page_says_what_a_cut_short_par_is():
    """It said "the par is the best possible haul" with no word for the "6+?" a big grid shows."""
    from arcade.games.royale import INFO

    said = " ".join(INFO.how_to_play)
    assert "6+?" in said and "not proven best" in said
