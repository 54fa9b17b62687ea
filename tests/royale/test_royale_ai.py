"""Hints, watch mode and the par cache: advice that matches the solver, plays out, and survives restarts."""

from __future__ import annotations

import json

import pytest

from arcade.core.session import Session
from arcade.games.royale import ai
from arcade.games.royale.generator import generate
from arcade.games.royale.logic import RULES, Level, Move, State
from arcade.games.royale.solver import solve_level, solve_state
from arcade.services.ai_memo import ResultMemo
from arcade.services.resources import levels_dir

SEED = RULES.load_level_file(levels_dir("royale") / "01-seed-14x20.txt")


def test_hint_before_the_drop_names_the_best_start():
    hint = ai.hint(State(SEED))
    assert hint is not None and hint.kind == "move"
    assert hint.move == "start 3 10" and "best still possible: 6" in hint.reason
    assert hint.highlight[0] == (3, 10) and hint.highlight[-1] == SEED.centre


def test_hint_mid_game_gives_the_next_step_and_the_best_total():
    state = RULES.play(RULES.play(State(SEED), "start 3 10"), "D")
    hint = ai.hint(state)
    assert hint is not None and hint.move == "D" and "best still possible: 6" in hint.reason
    worse = RULES.play(RULES.play(State(SEED), "start 3 9"), "D")  # a poorer start: less is possible
    hint = ai.hint(worse)
    assert hint is not None and hint.move in {"U", "D", "L", "R"}
    total = int(hint.reason.split("best still possible: ")[1].split()[0])
    assert total < 6


def test_a_hint_cut_short_by_its_time_limit_never_calls_its_route_optimal():
    """On a 151x151 grid the search stops at 30 s: its route is the best found, not proven."""
    big = generate(61, 61, 0.3, seed=5)
    state = RULES.play(State(big), f"start {big.centre[0]} {big.centre[1] + 3}")
    hint = ai.hint(state, should_stop=lambda: True)
    assert hint is not None and hint.move is not None
    assert hint.rule == "best route found" and "not proven best" in hint.reason
    assert "optimal" not in hint.rule + hint.reason and "best still possible" not in hint.reason
    exact = ai.hint(RULES.play(RULES.play(State(SEED), "start 3 10"), "D"))
    assert exact is not None and exact.rule == "optimal route"


def test_a_watch_cut_short_by_its_time_limit_never_calls_its_goal_the_best():
    """On a grid too big to prove its par ("38+?") the watch said it "aims for 33 loot" as if 33
    were the most: its words now say the route is only the best found, as the hint's do."""
    big = generate(61, 61, 0.3, seed=5)
    steps = ai.watch(State(big), should_stop=lambda: True)
    first = next(iter(steps))
    assert "aims for" in first.label and "not proven best" in first.label
    assert "not proven best" in next(iter(steps)).label  # and each step's "loot N of M"
    placed = RULES.play(State(big), f"start {big.centre[0]} {big.centre[1] + 3}")
    mid = next(iter(ai.watch(placed, should_stop=lambda: True)))
    assert " of " in mid.label and "not proven best" in mid.label
    exact = list(ai.watch(State(SEED)))
    assert not any("proven" in step.label for step in exact)


def test_hint_on_the_centre_with_nothing_left_says_finish():
    level = Level.from_rows([[0] * 7 for _ in range(7)])
    state = RULES.play(State(level), "start 3 3")
    hint = ai.hint(state)
    assert hint is not None and hint.move == "finish"


def test_hint_when_doomed_is_an_error_without_a_move():
    level = Level.from_rows([[0] * 9 for _ in range(9)])
    state = State(level)
    for move in ("start 3 4", "R", "R"):
        state = RULES.play(state, move)
    hint = ai.hint(state)
    assert hint is not None and hint.kind == "error" and hint.move is None and "undo" in hint.reason.lower()


def test_hint_when_doomed_names_the_undos_and_searches_nothing(monkeypatch):
    """Doomed, every press of H answers at once (nothing can win from here: no search) and says
    how far back hope lies; it used to say a bare "undo (U)" however far the player had walked on."""
    def no_search(*args, **kwargs):
        raise AssertionError("a doomed hint searched")

    monkeypatch.setattr(ai, "solve_state", no_search)
    level = generate(21, 21, 0.2, 4)
    state = State(level)
    for move in ("start 10 3", "U", "U", "U"):
        state = RULES.play(state, move)
    assert state.doomed and state.moves_since_hope == 2
    hint = ai.hint(state)
    assert hint is not None and hint.kind == "error" and hint.move is None
    assert "undo 2 moves (press U 2 times) to get back to row 10, column 4" in hint.reason
    assert hint.highlight == ((7, 3), (8, 3), (9, 3))
    one_back = RULES.play(RULES.play(RULES.play(State(level), "start 10 3"), "U"), "U")
    assert "undo (U) to step back to row 10, column 4" in ai.hint(one_back).reason


def test_doomed_advice_back_to_the_cell_you_stand_on_says_so():
    """Walked out and back onto the same cell, doomed, the advice read "undo 2 moves (press U 2
    times) to get back to row 7, column 13" to a player standing on row 7, column 13 (seen at
    640x400 on Even ground): the way back ends where they stand, earlier, and it says that."""
    state = State(Level.from_rows([[0] * 16 for _ in range(12)]))
    for move in ("start 6 11", "R", "R", "L"):
        state = RULES.play(state, move)
    assert state.doomed and state.moves_since_hope == 2 and state.path[-3] == state.pos
    advice = ai.undo_advice(state)
    assert advice == "undo 2 moves (press U 2 times) to stand here, on row 7, column 13, 2 moves earlier"
    assert advice in ai.hint(state).reason


def play_steps(session: Session, steps) -> None:
    for step in steps:
        session.apply_step(step)


def test_watch_from_scratch_plays_the_par_route_and_wins():
    session = Session(RULES, SEED, hint=ai.hint, watch=ai.watch)
    play_steps(session, list(session.watch()))
    outcome = session.outcome
    assert outcome is not None and outcome.is_win and session.state.loot == 6


def test_watch_from_a_doomed_state_steps_back_to_the_latest_hopeful_one():
    """It used to start the round over, throwing away the player's whole route."""
    level = generate(21, 21, 0.2, 4)
    session = Session(RULES, level, watch=ai.watch)
    for move in ("start 10 3", "U", "U", "U"):
        session.play(move)
    assert session.state.doomed
    hopeful = max(i for i in range(session.index + 1) if not session.state_at(i).doomed)
    assert 0 < hopeful < session.index
    back = session.state_at(hopeful)
    steps = list(session.watch())
    assert steps[0].undo == session.index - hopeful and not steps[0].move.startswith("start")
    assert "stepped back" in steps[0].label
    play_steps(session, steps)
    assert session.outcome is not None and session.outcome.is_win
    assert session.state.path[: len(back.path)] == back.path
    assert session.state.loot == back.loot + solve_state(back).loot  # the best from there


def test_watch_mid_game_finishes_on_the_centre():
    level = generate(15, 15, 0.3, 2)
    session = Session(RULES, level, watch=ai.watch)
    best = solve_level(level)
    session.play(str(Move.start(best.start)))
    session.play(best.moves[0])
    play_steps(session, list(session.watch()))
    assert session.outcome is not None and session.outcome.is_win and session.state.loot == best.loot


@pytest.fixture
def memo(tmp_path, monkeypatch):
    """A memo of its own for the test, writing every result to ``tmp_path / "memo.json"``."""
    fresh = fresh_memo(tmp_path / "memo.json")
    monkeypatch.setattr(ai, "MEMO", fresh)
    return fresh


def fresh_memo(path):
    """A memo as the game declares it, read anew from ``path`` (a new run), writing every result."""
    return ResultMemo("royale", ai.SOLVER_VERSION, encode=ai._encode_route, decode=ai._decode_route,
                      path=path, persist_after=0.0)


def test_the_par_is_remembered_on_disk_and_a_forged_entry_is_ignored(memo, monkeypatch):
    route = ai.best_from(State(SEED))
    assert route is not None and route.loot == 6 and route.exact
    monkeypatch.setattr(ai, "MEMO", fresh_memo(memo.path))
    assert ai.known_best(State(SEED)) == route
    # A forged entry that does not replay to its claim is ignored (and then solved again).
    data = json.loads(memo.path.read_text())
    (key,) = data["entries"]
    data["entries"][key]["value"]["loot"] = 99
    memo.path.write_text(json.dumps(data))
    monkeypatch.setattr(ai, "MEMO", fresh_memo(memo.path))
    assert ai.known_best(State(SEED)) is None
    assert ai.best_from(State(SEED)).loot == 6


def test_a_damaged_memo_file_is_dropped_with_one_note_and_written_anew(memo, monkeypatch, caplog):
    for text in ("{not json", "[1, 2]", '{"version": 3, "entries": 7}', "\x00\xff"):
        memo.path.write_text(text)
        fresh = fresh_memo(memo.path)
        monkeypatch.setattr(ai, "MEMO", fresh)
        caplog.clear()
        assert ai.known_best(State(SEED)) is None
        assert ai.best_from(State(SEED)).loot == 6, text
        notes = [r for r in caplog.records if "AI memo" in r.getMessage()]
        assert len(notes) == 1 and "dropped" in notes[0].getMessage(), text
        assert json.loads(memo.path.read_text())["version"] == ai.SOLVER_VERSION


def test_a_run_that_keeps_no_files_remembers_the_par_in_memory_only(memo):
    """``play royale --screenshot`` wrote royale-par.json into the player's data folder: a
    screenshot run leaves that folder as it found it (``keeps_files``), the par is still known."""
    from arcade.services import files

    files.keep_files(False)  # put back by the conftest's user_home for the next test
    assert ai.best_from(State(SEED)).loot == 6
    assert ai.known_best(State(SEED)).loot == 6, "remembered for this run"
    assert not memo.path.exists()


def test_the_memo_never_trusts_an_entry_of_another_solver_version(memo):
    """A valid but suboptimal route (loot 1; par is 6), as an older solver might have stored it."""
    poor = {"value": {"start": [8, 10], "moves": "U", "loot": 1}, "exact": True, "seconds": 1.0}
    key = ResultMemo.key(ai.grid_key(SEED), "")
    memo.path.write_text(json.dumps({"version": ai.SOLVER_VERSION - 1, "entries": {key: poor}}))
    assert ai.known_best(State(SEED)) is None
    assert ai.best_from(State(SEED)).loot == 6
    assert json.loads(memo.path.read_text())["entries"][key]["value"]["loot"] == 6


def test_level_key_ignores_headers():
    plain = Level(SEED.loot)
    assert ai.level_key(plain) == ai.level_key(SEED) and ai.grid_key(plain) == ai.grid_key(SEED)
    assert ai.level_key(generate(9, 9, 0.2, 1)) != ai.level_key(generate(9, 9, 0.2, 2))


def test_a_second_caller_waiting_for_the_par_leaves_when_told_to_stop(memo):
    """A hint waits for the par being solved -- unless the player moved on meanwhile."""
    import threading
    import time

    solving, release = threading.Event(), threading.Event()

    def someone_elses_search(_deadline):  # someone else is solving this level (the par)
        solving.set()
        release.wait(10)

    first = threading.Thread(target=memo.solve, args=(ai.grid_key(SEED), "", State(SEED), someone_elses_search),
                             kwargs={"budget": None})
    first.start()
    try:
        assert solving.wait(5)
        stop = threading.Event()
        threading.Timer(0.1, stop.set).start()
        started = time.monotonic()
        assert ai.best_from(State(SEED), should_stop=stop.is_set) is None
        assert time.monotonic() - started < 5
    finally:
        release.set()
        first.join(5)
    assert ai.best_from(State(SEED)).loot == 6  # and once free, it solves as before


def test_the_hint_and_the_watch_name_the_start_from_1():
    hint = ai.hint(State(SEED))
    assert hint.reason.startswith("drop at row 4, column 11 — ")  # the start (3, 10)
    first = next(iter(ai.watch(State(SEED))))
    assert first.label == "The AI drops at row 4, column 11 and aims for 6 loot."


def test_memo_entries_no_route_can_have_are_ignored_and_solved_again(memo, monkeypatch):
    """``int(Infinity)`` and ``int(1e999)`` are OverflowErrors: such an entry failed every par and
    hint of its level ("The AI failed: OverflowError") for good, as the cache was never rewritten."""
    key = ResultMemo.key(ai.grid_key(SEED), "")

    def write(start, loot="1", exact="true", seconds="1"):
        value = f'{{"start": {start}, "moves": "U", "loot": {loot}}}'
        memo.path.write_text(f'{{"version": {ai.SOLVER_VERSION}, "entries": {{"{key}": '
                             f'{{"value": {value}, "exact": {exact}, "seconds": {seconds}}}}}}}')
        monkeypatch.setattr(ai, "MEMO", fresh_memo(memo.path))

    for start in ("[Infinity, 0]", "[0, -Infinity]", "[NaN, 0]", "[8]", '"8,10"'):
        write(start)
        assert ai.known_best(State(SEED)) is None, start
    for exact, seconds in (("1", "1"), ("true", "NaN"), ("true", "-1"), ("true", "true")):
        write("[8, 10]", exact=exact, seconds=seconds)
        assert ai.known_best(State(SEED)) is None, (exact, seconds)
    write("[8, 10]", loot="1e999")
    assert ai.best_from(State(SEED)).loot == 6


def test_memo_entries_with_numbers_of_the_wrong_kind_are_ignored(memo, monkeypatch):
    """A 400-digit ``seconds`` made ``math.isfinite`` raise OverflowError out of the hint's worker;
    ``"8"``, ``8.5`` and ``true`` were read as numbers (int() of them) and the entry trusted."""
    key = ResultMemo.key(ai.grid_key(SEED), "")

    def write(start="[8, 10]", loot="1", seconds="1"):
        value = f'{{"start": {start}, "moves": "U", "loot": {loot}}}'
        memo.path.write_text(f'{{"version": {ai.SOLVER_VERSION}, "entries": {{"{key}": '
                             f'{{"value": {value}, "exact": true, "seconds": {seconds}}}}}}}')
        monkeypatch.setattr(ai, "MEMO", fresh_memo(memo.path))

    write(seconds="1" + "0" * 400)
    assert ai.known_best(State(SEED)) is None
    for start, loot in (("[8.5, 10]", "1"), ('["8", 10]', "1"), ("[8, true]", "1"), ("[8, 10]", '"1"'),
                        ("[8, 10]", "1.0")):
        write(start, loot)
        assert ai.known_best(State(SEED)) is None, (start, loot)
    write()
    assert ai.known_best(State(SEED)).loot == 1  # the same entry, well formed, is read
