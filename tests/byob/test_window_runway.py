"""Outside programs in the Runway viewer, driven by posted events: ``play runway --bot``, the console,
the Tests panel, saving a run as a replay and opening it with ``play runway --replay``."""

from __future__ import annotations

import time

import pygame

from arcade.core.registry import Launch
from arcade.games.runway.logic import RULES
from arcade.games.runway.outside import bundled_tests, parse_spec, run_program
from arcade.games.runway.view.scene import RunwayScene
from arcade.games.runway.view.tests_panel import RunwayTestsPanel
from arcade.services.programs import live_programs
from arcade.services.replays import load_replay, open_replay
from tests.byob.helpers import bot
from tests.drawing import assert_rests

STRAIGHT = f"codingame:{bot('codingame_straight.py')}"


def wait_for(driver, condition, limit: float = 60.0) -> None:
    end = time.monotonic() + limit
    while not condition() and time.monotonic() < end:
        driver.frame()
        time.sleep(0.005)
    assert condition()


def test_play_runway_bot_drives_the_viewer_live_and_the_run_is_scrubbable(app, driver):
    spec = parse_spec(STRAIGHT)
    scene = app.launch("runway", Launch(level="00_statement_example", options={"bot": spec}))
    assert isinstance(scene, RunwayScene) and scene.taping
    assert scene.tape_line().startswith("Your program drives: Space pauses its run")
    wait_for(driver, lambda: not scene.bot_worker.busy)
    expected = run_program(scene.session.level, spec, level_id="00_statement_example")
    assert scene.session.length == len(expected.commands) > 0
    assert [scene.session.state_at(i) for i in range(scene.session.length + 1)] == expected.states
    assert expected.line() in scene.status_text
    # The tape plays the run back; Space pauses it, the timeline keys scrub it.
    wait_for(driver, lambda: scene.session.index == scene.session.length)
    driver.key(pygame.K_HOME)
    assert scene.session.index == 0 and scene.tape_paused, "Home holds the run at its start (it played on)"
    driver.key(pygame.K_SPACE)
    assert not scene.tape_paused
    driver.key(pygame.K_SPACE)
    assert scene.tape_paused
    driver.key(pygame.K_PERIOD)
    assert scene.session.index == 1
    # The console (open for a program) shows its stderr up to the turn on screen.
    assert scene.console.shown and scene.console.rect.width > 0
    assert [text for _, text in scene.console_view()] == ["  1 turn 0 speed 1"]
    driver.key(pygame.K_c)
    assert not scene.console.shown and scene.console.rect.width == 0
    driver.key(pygame.K_c)
    driver.key(pygame.K_END)
    assert len(scene.console_view()) == scene.session.length
    app.pop()
    assert not live_programs()


def test_the_tests_panel_lists_every_bundled_test_and_a_row_opens_its_run(app, driver):
    scene = app.launch("runway", Launch(level="00_statement_example"))
    driver.frame()
    driver.key(pygame.K_t)
    panel = app.stack.top
    assert isinstance(panel, RunwayTestsPanel)
    for _ in range(len(panel.spec)):
        driver.key(pygame.K_BACKSPACE)
    driver.key(pygame.K_RETURN)  # an empty spec: one line saying what to type, nothing runs
    assert panel.error.startswith("Type your program's command") and not scene.tests.running
    for char in STRAIGHT:
        driver.key(0, unicode=char)
    driver.key(pygame.K_RETURN)
    assert scene.tests.running and not panel.error
    names = [name for name, _ in bundled_tests()]
    wait_for(driver, lambda: not scene.tests.running, 120)
    assert list(scene.tests.runs) == names == panel.names
    # The panel says the result in its header; the scene's toast said it again, half hidden behind
    # the panel, and lingered after it closed (into Play again).
    assert not any("passed" in m.text for m in scene.toast.messages), scene.toast.current
    lines = [scene.tests.runs[n].line() for n in names]
    assert all(line.startswith(name + ": ") for line, name in zip(lines, names, strict=True))
    assert app.settings.game("runway")["program"] == STRAIGHT
    # A click on a row closes the panel and shows that run.
    row = 3
    driver.click(panel.row_rects[row].center)
    assert app.stack.top is scene and scene.taping and scene.session.level_id == names[row]
    run = scene.tests.runs[names[row]]
    assert scene.session.length == len(run.commands)
    # Ctrl+S saves it; play runway --replay shows the same states.
    driver.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    path = scene.last_replay
    assert path.name.startswith(f"runway-{names[row]}-") and path.parent.name == "replays"
    assert scene.status_text == f"Replay saved — L → Saved replays opens it here; the file: {path}"
    # All of it on screen (a page at a time): the path is one long word, which was cut off at the line's end.
    shown = scene._wrap_status(scene.status_text, 600)
    assert all(app.theme.font(16).size(line)[0] <= 600 for line in shown)
    assert "".join(shown).replace(" ", "") == scene.status_text.replace(" ", "")
    replay = load_replay(path, "runway")
    assert replay.players == (STRAIGHT,) and list(replay.moves) == [c.value for c in run.commands]
    app.pop()
    playback = open_replay(path, RULES)
    viewer = app.launch("runway", Launch(options={"replay": playback}))
    driver.frame()
    assert viewer.taping and viewer.session.index == 0
    # A replay is played back, not driven ("Your program drives: Space pauses its run…").
    assert viewer.tape_line() == "Replay of codingame_straight.py: Space pauses it · an arrow key takes over from here"
    assert [viewer.session.state_at(i) for i in range(viewer.session.length + 1)] == run.states
    assert not live_programs()


def test_saving_the_players_own_run_and_closing_mid_tests_leaves_no_process(app, driver):
    scene = app.launch("runway", Launch(level="00_statement_example"))
    driver.frame()
    driver.key(pygame.K_RIGHT)  # SPEED, the player's own move
    driver.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    replay = load_replay(scene.last_replay, "runway")
    assert replay.players == ("player",) and replay.moves == ("SPEED",)
    assert scene.run_tests(f"codingame:{bot('misbehave.py', 'sleep')}") == ""
    driver.frame()
    app.close()
    assert not live_programs()


def test_the_command_line_opens_the_viewer_on_a_program_and_on_replays(tmp_path):
    from arcade import cli

    shot = tmp_path / "bot.png"
    args = ["play", "runway", "--level", "01_one_lonely_hole", "--bot", STRAIGHT, "--screenshot", str(shot),
            "--frames", "30"]
    assert cli.main(args) == 0 and shot.stat().st_size > 0
    assert not live_programs()
    name, level = bundled_tests()[1]
    path = tmp_path / "r.json"
    from arcade.services.replays import save_replay

    save_replay(run_program(level, STRAIGHT, level_id=name).replay(), path)
    assert cli.main(["play", "runway", "--replay", str(path), "--screenshot", str(shot), "--frames", "5"]) == 0


def test_a_programs_run_is_credited_to_it_shown_once_and_scrubbed_without_the_clock(app, driver):
    """The result said "all played by the AI", popped up again each time the run was scrubbed
    to its end, and the player's clock ran while only the program's run was watched."""
    from arcade.ui.overlays import ResultScene

    spec = parse_spec(STRAIGHT)
    scene = app.launch("runway", Launch(level="00_statement_example", options={"bot": spec}))
    wait_for(driver, lambda: not scene.bot_worker.busy)
    wait_for(driver, lambda: isinstance(app.stack.top, ResultScene))
    assert any("all played by codingame_straight.py" in line for line in app.stack.top.lines)
    app.pop()
    assert scene.elapsed == 0.0, "the clock ran during the program's run"
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_END)
    driver.frames(120)
    assert app.stack.top is scene, "the result came back on scrubbing to the end"
    assert scene.session.outcome is not None and scene.session.outcome.reason in scene.status_text


def test_the_end_of_a_programs_run_gives_the_referees_line_in_the_status_line(app, driver):
    """The referee's line was said when the program finished, before the tape had played its run;
    each turn's line then buried it, and the end said only "1 of 1 bike crossed (1 needed)."."""
    from arcade.ui.overlays import ResultScene

    spec = parse_spec(STRAIGHT)
    scene = app.launch("runway", Launch(level="05_diagonal_columns_of_holes_3_hole_row", options={"bot": spec}))
    wait_for(driver, lambda: not scene.bot_worker.busy)
    expected = run_program(scene.session.level, spec, level_id="05_diagonal_columns_of_holes_3_hole_row")
    wait_for(driver, lambda: isinstance(app.stack.top, ResultScene))
    assert f"codingame_straight.py — {expected.line()}" == scene.status_text
    # ...and so does a test's run opened from the Tests panel, played to its end.
    app.pop()
    scene.tests.runs[expected.level_id] = expected
    assert scene.watch_test(expected.level_id)
    wait_for(driver, lambda: isinstance(app.stack.top, ResultScene))
    assert f"codingame_straight.py — {expected.line()}" == scene.status_text
    app.pop()
    assert not live_programs()


def test_a_programs_run_playing_on_is_not_called_looking_back(app, driver):
    """A program answers faster than the tape plays, so its run had ended before turn 1 was
    shown, and every turn played said "— looking back at a finished race (End: its finish)"."""
    spec = parse_spec(STRAIGHT)
    scene = app.launch("runway", Launch(level="05_diagonal_columns_of_holes_3_hole_row", options={"bot": spec}))
    wait_for(driver, lambda: not scene.bot_worker.busy and scene.session.index >= 1)
    assert scene.playback_running() and scene.status_text.startswith("Turn 1 of ")
    assert "looking back" not in scene.status_text
    # Paused and stepped back through it, the player is looking back at it.
    driver.key(pygame.K_SPACE)
    driver.key(pygame.K_COMMA)
    driver.key(pygame.K_PERIOD)
    assert scene.session.index == 1 and "looking back at a finished race" in scene.status_text
    app.pop()


def test_a_level_picked_while_a_program_drives_is_driven_by_it_too(app, driver):
    """The program was dropped in silence: the new level was an ordinary player's game."""
    spec = parse_spec(STRAIGHT)
    scene = app.launch("runway", Launch(level="00_statement_example", options={"bot": spec}))
    wait_for(driver, lambda: not scene.bot_worker.busy)
    entry = next(e for e in scene.front.levels() if e.id.startswith("01_"))
    scene.load_entry(entry)
    assert scene.session.level_id.startswith("01_") and scene.taping and scene.program_spec == STRAIGHT
    wait_for(driver, lambda: not scene.bot_worker.busy)
    assert scene.session.length > 0
    app.pop()
    assert not live_programs()


def test_a_failed_run_says_why_above_the_road(app, driver, tmp_path):
    crash = tmp_path / "crash.py"
    crash.write_text("import sys\nprint('about to crash', file=sys.stderr)\nraise SystemExit(1)\n")
    import sys

    spec = parse_spec(f"codingame:{sys.executable} {crash}")
    scene = app.launch("runway", Launch(level="01_one_lonely_hole", options={"bot": spec}))
    wait_for(driver, lambda: not scene.bot_worker.busy)
    assert scene.program_failure.startswith("exited with status 1")
    assert scene.program_failure in scene.status_text
    # ...and the run ends on a result panel, as a finished one does (only the status line said it).
    from arcade.ui.overlays import ResultScene

    wait_for(driver, lambda: isinstance(app.stack.top, ResultScene))
    panel = app.stack.top
    assert panel.title == "The program failed" and any(scene.program_failure in line for line in panel.lines)
    app.pop()
    driver.frames(30)
    assert app.stack.top is scene, "the panel came back"


def test_turns_a_program_drove_before_the_player_took_over_are_credited_to_it(app, driver):
    """The result said "The AI drove some of these turns" when no AI had played: the program had."""
    from arcade.ui.overlays import ResultScene

    spec = parse_spec(STRAIGHT)
    scene = app.launch("runway", Launch(level="11_mandatory_sacrifices", options={"bot": spec}))
    wait_for(driver, lambda: not scene.bot_worker.busy)
    wait_for(driver, lambda: isinstance(app.stack.top, ResultScene))
    app.pop()
    scene.session.seek(1)
    assert scene.play("WAIT")  # the player takes over after the program's first turn
    assert not scene.taping and scene.ai_label == "codingame_straight.py"
    while scene.session.outcome is None:
        scene.play("WAIT")
    wait_for(driver, lambda: isinstance(app.stack.top, ResultScene))
    lines = app.stack.top.lines
    assert "The AI drove some of these turns." not in lines, lines
    assert "codingame_straight.py played 1 of 5 turns." in lines, lines  # its name as it is, not capitalised
    app.pop()
    scene.session.seek(0)
    scene.play("WAIT")  # all the player's own now
    assert scene.ai_label == "the AI" and not scene.session.ai_moved
    assert scene.console.shown
    scene.new_game()  # Play again: the player's own game, no program's console left open and empty
    assert not scene.console.shown


def test_watching_a_programs_run_keeps_the_players_own_saved_game(app, driver):
    """A program's run played to its end cleared the player's Runway save (a finished game's goes)."""
    from arcade.services import saves

    scene = app.launch("runway", Launch(level="00_statement_example"))
    driver.frame()
    driver.key(pygame.K_RIGHT)  # SPEED: the player's own game, saved
    scene.saver.flush()
    mine = saves.read_autosave("runway")
    assert mine is not None and mine.data["moves"] == ["SPEED"]
    scene.drive_with(STRAIGHT)
    wait_for(driver, lambda: not scene.bot_worker.busy)
    wait_for(driver, lambda: scene.session.outcome is not None and scene.session.index == scene.session.length)
    for _ in range(120):
        driver.frame(dt=1 / 20)
    scene.saver.flush()
    kept = saves.read_autosave("runway")
    assert kept is not None and kept.data["moves"] == ["SPEED"], "the program's run replaced the save"
    app.pop()
    scene.saver.flush()
    assert saves.read_autosave("runway").data["moves"] == ["SPEED"]


def test_the_tests_panels_errors_are_shown_whole_at_every_window_size(app, driver):
    """The empty command's example was cut at "codingame:p…" and a protocol typo at "(choose from: c…":
    the useful part of the message is where it was cut. Wrapped, every word is on screen."""
    from arcade.services.settings import MIN_WINDOW

    scene = app.launch("runway", Launch(level="00_statement_example"))
    driver.frame()
    driver.key(pygame.K_t)
    panel = app.stack.top
    assert isinstance(panel, RunwayTestsPanel)
    for size in (MIN_WINDOW, (800, 500), (1280, 800)):
        app.on_resize(size)
        for spec in ("codingame:", "codingamcodingame:python3 bot.py",
                     "codingame:/a/very/long/path/that/does/not/exist/anywhere/on/this/machine/to/my_bot.py"):
            panel.spec = spec
            panel.run_all()
            assert panel.error and not scene.tests.running
            app.redraw = True  # run_all called here, not by a key or click: the panel is drawn on input
            driver.frame()
            lines = panel.hint_lines
            assert "".join(lines).replace(" ", "") == panel.error.replace(" ", ""), (size, lines)
            assert not any(line.endswith("…") for line in lines)
            font = app.theme.font(panel.HINT_SIZE)
            assert all(font.size(line)[0] <= panel.hint_rect.width for line in lines)
            assert panel.panel.contains(panel.hint_rect), (size, panel.hint_rect, panel.panel)
            assert not any(panel.hint_rect.colliderect(b.rect) for b in panel.buttons)
            assert panel.hint_rect.top >= panel.row_rects[-1].bottom, (size, lines)
    panel.spec = "codingame:"
    panel.run_all()
    app.redraw = True
    driver.frame()
    assert " ".join(panel.hint_lines).endswith("(e.g. codingame:python3 mybot.py).")
    app.pop()
    app.pop()


def test_a_failed_rows_whole_reason_is_shown_under_the_list_on_hover_and_selection(app, driver):
    """Every row said "exited with status 1 without answering: ModuleNotFo…" and the reason, the one
    thing a bot author needs, was only in the run's console. The hovered or selected row's line is
    shown whole under the list, wrapped, at every window size."""
    from arcade.services.settings import MIN_WINDOW

    crash = ("codingame:sh -c \"echo \\\"ModuleNotFoundError: No module named 'platformdirs'\\\" >&2; exit 1\"")
    scene = app.launch("runway", Launch(level="00_statement_example"))
    driver.frame()
    driver.key(pygame.K_t)
    panel = app.stack.top
    assert isinstance(panel, RunwayTestsPanel)
    panel.spec = crash
    panel.run_all()
    wait_for(driver, lambda: not scene.tests.running, 120)
    names = panel.names
    line = scene.tests.runs[names[0]].line()
    assert line.endswith("ModuleNotFoundError: No module named 'platformdirs'"), line
    font = app.theme.font(panel.HINT_SIZE)
    for size in (MIN_WINDOW, (800, 600), (1280, 800)):
        app.on_resize(size)
        driver.frame()
        assert panel.selected == 0  # the run selects the first row: its reason is on screen at once
        assert " ".join(panel.hint_lines) == line, (size, panel.hint_lines)
        assert all(font.size(text)[0] <= panel.hint_rect.width for text in panel.hint_lines)
        assert panel.panel.contains(panel.hint_rect) and panel.hint_rect.top >= panel.row_rects[-1].bottom
        # Hovering another row shows that row's reason; moving off the rows shows the selected one's again.
        motion = {"rel": (0, 0), "buttons": (0, 0, 0)}
        driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=panel.row_rects[5].center, **motion))
        driver.frame()
        assert " ".join(panel.hint_lines) == scene.tests.runs[names[5]].line()
        driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), **motion))
        driver.frame()
        assert " ".join(panel.hint_lines) == line
    app.pop()
    app.pop()


def test_closing_the_viewer_mid_run_waits_for_nothing_and_leaves_no_program_or_thread(app, driver, monkeypatch):
    """Closing waited for each worker up to the first answer's limit and a second: the window stayed
    while a program ran. Now it kills the programs and waits for no worker; any thread left is a daemon."""
    import threading

    from arcade.ui.worker import Worker
    from tests.byob.helpers import leftovers, processes

    waited = []
    real_wait = Worker.wait
    monkeypatch.setattr(Worker, "wait", lambda self, timeout=None: waited.append(timeout) or real_wait(self, 0))
    before_threads = set(threading.enumerate())
    before = {pid for pid, *_ in processes()}
    scene = app.launch("runway", Launch(level="00_statement_example",
                                        options={"bot": parse_spec(f"codingame:{bot('misbehave.py', 'sleep')}")}))
    driver.frame()
    assert scene.run_tests(f"codingame:{bot('misbehave.py', 'sleep')}") == ""
    wait_for(driver, lambda: len(live_programs()) == 2, 20)  # the driving program and a test's, both silent
    app.pop()
    assert not waited, f"closing waited for a worker ({waited})"
    assert not live_programs()
    assert not leftovers(before)
    left = [t for t in threading.enumerate() if t not in before_threads and t.is_alive() and not t.daemon]
    assert not left, [t.name for t in left]


def _lost_test_run_then(app, driver, how: str) -> RunwayScene:
    """Test 06's lost run from the Tests panel on the timeline, played to its end, then ``how``
    ("play again": the panel's Play again button; "restart": its Look at board, then Ctrl+R)."""
    from arcade.ui.overlays import ResultScene

    scene = app.launch("runway", Launch(level="00_statement_example"))
    name, level = next((n, lv) for n, lv in bundled_tests() if n.startswith("06_"))
    run = run_program(level, parse_spec(STRAIGHT), level_id=name)
    assert not run.passed
    scene.tests.runs[name] = run
    assert scene.watch_test(name) and scene.taping
    wait_for(driver, lambda: isinstance(app.stack.top, ResultScene))
    panel = app.stack.top
    driver.frames(30)
    label = "Play again" if how == "play again" else "Look at board"
    next(b for b in panel.buttons if b.label.startswith(label)).on_click()
    wait_for(driver, lambda: app.stack.top is scene, 5)
    if how == "restart":
        driver.key(pygame.K_r, pygame.KMOD_CTRL)
    return scene


def _hint_twice(scene, driver) -> None:
    driver.key(pygame.K_h)
    wait_for(driver, lambda: scene.hint is not None)
    driver.key(pygame.K_h)
    wait_for(driver, lambda: not scene.animating())


def test_play_again_and_restart_after_a_programs_run_give_the_players_own_game(app, driver):
    """Play again after test 06's lost run looked like the player's game, but two played hints (a
    history as long as the program's 2-turn run) brought the run back: no clock, "Your program
    drives", Space only toggling a tape with nothing on it, the AI never driving past turn 2.
    Ctrl+R kept the run on the timeline the same way."""
    for how in ("play again", "restart"):
        scene = _lost_test_run_then(app, driver, how)
        assert not scene.taping and scene.program_spec is None and scene.driving_spec is None
        assert scene.taken_over is None and not scene.tape_paused and not scene.console.shown
        assert scene.timed and scene.session.index == 0
        _hint_twice(scene, driver)
        _hint_twice(scene, driver)
        assert scene.session.index == 2 and not scene.taping and scene.timed
        driver.key(pygame.K_SPACE)
        wait_for(driver, lambda s=scene: s.watch is not None)
        wait_for(driver, lambda s=scene: s.session.outcome is not None)
        assert scene.session.index > 2 and scene.session.outcome.is_win
        assert scene.timed and scene.clock_text in scene.status_fields(), "the header's clock vanished"
        while scene in app.stack.scenes:
            app.pop()


def test_tests_run_with_the_panel_closed_end_in_a_toast_on_the_game(app, driver):
    """Runs that end with the Tests panel closed are told by a toast on the game (nothing else says it)."""
    scene = app.launch("runway", Launch(level="00_statement_example"))
    driver.frame()
    assert scene.run_tests(STRAIGHT) == ""
    wait_for(driver, lambda: not scene.tests.running, 120)
    driver.frame()
    assert scene.toast.current == "codingame_straight.py: passed 0/13"


def test_restart_and_play_again_after_a_programs_run_keep_the_players_own_save(app, driver):
    """Ctrl+R on a program's run forgot the run first, so its turns, still in the history for Redo,
    were saved as the player's game (the save held ['SPEED', 'SPEED'] instead of ['WAIT']); after
    the Tests panel's "watch this test" the save was of another level, and Redo replayed the
    program's moves credited to "the AI"."""
    from arcade.services import saves

    def saved() -> tuple[str, list[str]]:
        scene.saver.flush()
        kept = saves.read_autosave("runway")
        assert kept is not None, "the player's save was cleared"
        return (kept.data.get("level_id"), kept.data["moves"])

    scene = app.launch("runway", Launch(level="00_statement_example"))
    driver.frame()
    driver.key(pygame.K_RETURN)  # WAIT: the player's own game, saved
    mine = saved()
    assert mine[1] == ["WAIT"]
    name, level = next((n, lv) for n, lv in bundled_tests() if n.startswith("06_"))
    run = run_program(level, parse_spec(STRAIGHT), level_id=name)
    for how in ("restart", "play again", "restart on a test"):
        if how == "restart on a test":
            scene.tests.runs[name] = run
            assert scene.watch_test(name)
        else:
            scene.show_run(STRAIGHT, scene.session.level, scene.session.level_id, ["SPEED", "SPEED"],
                           [])
        scene.seek(scene.session.length)
        driver.frames(3)
        while app.stack.top is not scene:  # a test's lost run shows its result
            app.pop()
        assert scene.taping
        if how == "play again":
            scene.new_game()
        else:
            driver.key(pygame.K_r, pygame.KMOD_CTRL)
        driver.frame()
        assert saved() == mine, how
        assert not scene.taping and scene.session.index == 0 and scene.session.length == 0, how
        driver.key(pygame.K_y, pygame.KMOD_CTRL)
        assert scene.session.length == 0 and saved() == mine, f"{how}: Redo brought the program's moves back"
        if how == "restart on a test":
            assert scene.session.level_id == name  # a fresh game of the level on screen
    driver.key(pygame.K_RIGHT)  # the player's own move on the fresh game: now that is the save
    assert saved()[1] == ["SPEED"]


def test_hints_and_ai_steps_after_taking_over_from_a_program_are_the_ais(app, driver):
    """After a hand-over, the credit counted every later hint and AI step under the program's name
    ("codingame_straight.py played 3 of 4 turns, 1 of them a hint"): only its own turns are its."""
    scene = app.launch("runway", Launch(level="11_mandatory_sacrifices"))
    driver.frame()
    run = run_program(scene.session.level, parse_spec(STRAIGHT), level_id="11_mandatory_sacrifices")
    scene.show_run(STRAIGHT, scene.session.level, "11_mandatory_sacrifices", [run.commands[0].value], [])
    scene.seek(1)
    with scene.session.playing_hint():
        assert scene.play("WAIT", by_ai=True)  # a played hint takes over from the program
    assert scene.ai_credit() == "codingame_straight.py played 1 of 2 turns, with 1 hint"
    assert scene.play("WAIT", by_ai=True)  # the AI's own step
    assert scene.play("WAIT")  # the player's
    assert scene.ai_credit() == "codingame_straight.py played 1 of 4 turns; the AI played 2 more, 1 of them a hint"
    scene.session.seek(1)
    assert scene.ai_credit() == "codingame_straight.py played it"
    scene.session.seek(0)
    scene.play("WAIT")  # the program's turn replaced: all the player's own
    assert scene.ai_credit() == ""


def test_a_stale_tests_runs_failure_shows_no_toast(app, driver, monkeypatch):
    """A run of the Tests panel that failed after another run replaced it (or the runs were stopped)
    still toasted "The tests stopped: …" over the game; its success already said nothing."""
    import threading

    from arcade.games.runway.view import programs as view_programs

    release = threading.Event()

    def broken(*args, **kwargs):
        release.wait(30)
        raise RuntimeError("boom")

    monkeypatch.setattr(view_programs, "run_program", broken)
    scene = app.launch("runway", Launch(level="00_statement_example"))
    driver.frame()
    for stale in (True, False):
        assert scene.run_tests(STRAIGHT) == ""
        state = scene.tests
        if stale:
            scene.tests = view_programs.TestsState()  # another run took the panel
        release.set()
        wait_for(driver, lambda s=state: not s.running, 30)
        driver.frame()
        release.clear()
        if stale:
            assert "boom" not in (scene.toast.current or ""), "a stale run's failure was toasted"
        else:
            assert scene.toast.current == "The tests stopped: boom"


def test_the_tests_panel_takes_home_end_and_shift_tab_as_every_list_does(app, driver):
    app.launch("runway", Launch(level="00_statement_example"))
    driver.frame()
    driver.key(pygame.K_t)
    panel = app.stack.top
    assert isinstance(panel, RunwayTestsPanel) and panel.selected == -1  # the command field
    driver.key(pygame.K_END)  # in the field, End is the text field's: the caret to the end
    assert panel.selected == -1 and panel.input.caret == len(panel.spec) and panel.input.selection is None
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_END)  # on a row, the list's
    assert panel.selected == len(panel.names) - 1
    driver.key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT)  # used to step down, as Tab does
    assert panel.selected == len(panel.names) - 2
    driver.key(pygame.K_HOME)
    assert panel.selected == -1
    driver.key(pygame.K_TAB)
    assert panel.selected == 0


def test_the_tests_panel_resting_open_is_not_redrawn(app, driver):
    """With no tests running, Runway's Tests panel was drawn 60 times a second all the same
    ("results arrive from the worker"); now only while they run."""
    app.launch("runway", Launch(level="00_statement_example"))
    driver.frame()
    driver.key(pygame.K_t)
    assert isinstance(app.stack.top, RunwayTestsPanel) and not app.stack.top.scene.tests.running
    assert_rests(app, driver)


def test_a_run_the_program_broke_off_is_an_end_on_the_timeline_and_f3_brings_its_panel(app, driver, tmp_path):
    """A run broken off by a bad answer showed its panel once: after Look at board the timeline had
    no ✗ after its last turn (a race the rules ended has one) and F3 said "not now", though the
    panel had just been on screen. Now both behave as at a race's end, scrubbed away from and back."""
    import sys

    from arcade.ui.overlays import ResultScene

    late = tmp_path / "late.py"
    late.write_text("m = int(input()); input()\nfor _ in range(4): input()\nt = 0\nwhile True:\n"
                    "    input()\n    for _ in range(m): input()\n    t += 1\n"
                    "    print('SPEED' if t < 3 else 'GO', flush=True)\n")
    spec = parse_spec(f"codingame:{sys.executable} {late}")
    scene = app.launch("runway", Launch(level="01_one_lonely_hole", options={"bot": spec}))
    wait_for(driver, lambda: isinstance(app.stack.top, ResultScene))
    assert app.stack.top.title == "The program failed"
    driver.frames(90)
    driver.key(pygame.K_ESCAPE)  # Look at board
    assert app.stack.top is scene and scene.session.index == 2
    marks = []
    draw = scene.timeline.draw
    scene.timeline.draw = lambda *args, **kw: (marks.append(kw.get("final", args[5] if len(args) > 5 else None)),
                                               draw(*args, **kw))[1]
    scene._dirty = True
    driver.frames(2)
    assert marks and marks[-1] is not None and not marks[-1].is_win, "no ✗ after the broken-off run"
    assert scene.result_ready, "no Result button at the end of the broken-off run"
    driver.key(pygame.K_F3)
    assert isinstance(app.stack.top, ResultScene) and app.stack.top.title == "The program failed", scene.status_text
    driver.frames(90)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_COMMA)  # back one turn: not the end any more
    wait_for(driver, lambda: not scene.animating())
    assert not scene.result_ready
    driver.key(pygame.K_END)
    wait_for(driver, lambda: not scene.animating())
    driver.frames(2)
    assert scene.result_ready and app.stack.top is scene, "the panel popped up again, or F3 lost it"
    driver.key(pygame.K_F3)
    assert isinstance(app.stack.top, ResultScene) and app.stack.top.title == "The program failed"


def test_the_tests_panel_selects_the_last_command_so_typing_replaces_it_and_says_the_keys(app, driver):
    """The command field came prefilled and was typed onto: a newcomer's command ran into the last
    one (Ctrl+A did nothing, and nothing said Ctrl+U cleared it)."""
    scene = app.launch("runway", Launch(level="00_statement_example"))
    driver.frame()
    scene.tests.spec = "codingame:python3 old.py"
    driver.key(pygame.K_t)
    panel = app.stack.top
    assert isinstance(panel, RunwayTestsPanel) and panel.input.selected_text() == "codingame:python3 old.py"
    assert "Ctrl+A" in panel.hint_text() and "Ctrl+U" in panel.hint_text()
    for char in "codingame:./mine":
        driver.key(0, unicode=char)
    assert panel.spec == "codingame:./mine"
    app.pop()
    scene.tests.spec = ""  # nothing run before: the bare protocol is a prefix to type after, not selected
    driver.key(pygame.K_t)
    panel = app.stack.top
    for char in "./mine":
        driver.key(0, unicode=char)
    assert panel.spec == "codingame:./mine"
