"""Outside programs in the Tron window, driven by posted events: the setup's Program seat, the console,
a program's failure losing the round, saving a round as a replay and opening it with ``play --replay``."""

from __future__ import annotations

import time
from dataclasses import replace

import pygame

from arcade.core.registry import Launch
from arcade.games.tron.logic import RULES
from arcade.games.tron.runner import ProgramRunner
from arcade.games.tron.view.rounds import COUNTDOWN
from arcade.games.tron.view.scene import TronScene
from arcade.games.tron.view.setup import PROGRAM, MatchSetup, SetupScene
from arcade.services import saves
from arcade.services.programs import live_programs
from arcade.services.replays import load_replay, open_replay
from arcade.ui.overlays import PauseScene
from tests.byob.helpers import bot

SMALL = "test-board2"


def open_tron(app, **setup) -> TronScene:
    scene = app.launch("tron", Launch(level="empty-room", seed=3))
    assert isinstance(scene, TronScene)
    if setup:
        scene.new_match(replace(scene.setup, **setup))
    app.frame(1 / 60)
    return scene


def play_round(driver, scene: TronScene, limit: float = 30.0) -> None:
    """Run the clock until the round is over, waiting for the programs like the frame loop would."""
    driver.frame(dt=COUNTDOWN + 0.05)
    end = time.monotonic() + limit
    while scene.phase in ("countdown", "running") and time.monotonic() < end:
        scene.poll_bots()
        if scene.moves_ready():
            driver.frame(dt=scene.tick_seconds)
        else:
            time.sleep(0.002)
    assert scene.phase == "over", scene.phase


def type_text(driver, text: str) -> None:
    for char in text:
        driver.key(pygame.key.key_code(char) if char.isalnum() else 0, unicode=char)


def setup_with_a_program_seat(app, driver) -> tuple[TronScene, SetupScene]:
    """Bot vs bot, the setup open (O) and cycle 1's seat stepped to Program…, as a player does."""
    scene = open_tron(app, mode="watch", best_of=1)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    driver.key(pygame.K_DOWN)  # cycle 1
    while overlay.setup.bot1 != PROGRAM:
        driver.key(pygame.K_RIGHT)
    return scene, overlay


def test_setup_offers_a_program_seat_validates_the_command_and_remembers_it(app, driver):
    scene, overlay = setup_with_a_program_seat(app, driver)
    keys = [row[0] for row in overlay.rows()]
    assert keys[2:4] == ["command1", "protocol1"]
    driver.key(pygame.K_RETURN)  # no command yet: refused with one line, the overlay stays
    assert app.stack.top is overlay and overlay.error.startswith("Cycle 1: type the program's command")
    assert overlay.rows()[overlay.selected][0] == "command1"
    type_text(driver, 'python3 "unclosed')
    driver.key(pygame.K_RETURN)
    assert app.stack.top is overlay and "cannot split the command" in overlay.error
    for _ in range(len('python3 "unclosed')):
        driver.key(pygame.K_BACKSPACE)
    type_text(driver, "./no-such-bot")  # a program that cannot start is refused here, not in the round
    driver.key(pygame.K_RETURN)
    assert app.stack.top is overlay and overlay.error == "Cycle 1: cannot start './no-such-bot': no such program"
    for _ in range(len("./no-such-bot")):
        driver.key(pygame.K_BACKSPACE)
    assert overlay.setup.command1 == ""
    type_text(driver, bot("tron2010_straight.py"))
    driver.key(pygame.K_DOWN)  # protocol row: Right switches to hackerrank and back
    driver.key(pygame.K_RIGHT)
    assert overlay.setup.protocol1 == "hackerrank"
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)
    assert app.stack.top is scene
    assert scene.match.seats[0] == f"2010:{bot('tron2010_straight.py')}"
    assert isinstance(scene.runners[0], ProgramRunner)
    saved = app.settings.game("tron")["setup"]
    assert saved["bot1"] == PROGRAM and saved["command1"] == bot("tron2010_straight.py")
    assert MatchSetup.from_dict(saved).seats()[0] == scene.match.seats[0]
    assert scene.console.shown  # a program seat opens the console
    scene.stop_runners()


def test_a_program_plays_a_round_its_stderr_shows_in_the_console_and_the_replay_reopens(app, driver, tmp_path):
    spec = bot("tron2010_straight.py")
    scene = open_tron(app, mode="watch", bot1=PROGRAM, command1=spec, bot2="flood-fill", best_of=1,
                      map=SMALL)
    play_round(driver, scene)
    lines = [text for _, text in scene.console_view()]
    assert any("heading" in line for line in lines), lines[-5:]
    assert len(scene.turns) == scene.session.length
    driver.frames(2)
    # Ctrl+S saves the round into the user data dir and says where.
    driver.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    path = scene.last_replay
    assert path.exists() and str(path) in scene.status_text
    replay = load_replay(path, "tron")
    assert replay.players[0] == f"2010:{spec}" and replay.moves == tuple(scene.session.moves)
    assert any("heading" in line for turn in replay.turns for line in turn.stderr[0])
    app.pop()
    assert not live_programs()
    # play tron --replay FILE: the same states, scrubbed, the console showing the stderr up to the tick.
    playback = open_replay(path, RULES)
    viewer = app.launch("tron", Launch(options={"replay": playback}))
    assert isinstance(viewer, TronScene) and viewer.phase == "replay" and viewer.runners == [None, None]
    driver.frame()
    assert [viewer.session.state_at(i) for i in range(viewer.session.length + 1)] == playback.states
    assert viewer.console.shown and viewer.seat_name(0) == "tron2010_straight.py"
    driver.key(pygame.K_SPACE)  # pause
    driver.key(pygame.K_END)
    assert viewer.session.index == viewer.session.length
    assert any("heading" in text for _, text in viewer.console_view())
    driver.key(pygame.K_HOME)
    assert viewer.session.index == 0 and viewer.console_view() == []
    driver.key(pygame.K_c)
    assert not viewer.console.shown
    assert not viewer.has_progress()  # viewing a file leaves no match to continue


def test_a_2010_programs_process_is_gone_soon_after_its_round_ends(app, driver):
    """The round's process ends with the round, even one that stays when its input ends: it is stopped
    from the program's worker thread (no frame waits for it), not left for the next round."""
    from tests.byob.helpers import processes

    scene = open_tron(app, mode="watch", bot1=PROGRAM, command1=bot("tron2010_straight.py", "--ignore-eof"),
                      bot2="flood-fill", best_of=3, map=SMALL)

    def running() -> list[int]:
        return [pid for pid, _, state, cmd in processes() if "--ignore-eof" in cmd and state != "Z"]

    play_round(driver, scene)
    assert scene.match.rounds == 1 and not scene.match.over  # a round to come: nothing else ends it
    end = time.monotonic() + 1.5  # a bound on correctness, not a speed test: no frame is drawn meanwhile
    while running() and time.monotonic() < end:
        time.sleep(0.02)
    assert not running() and not live_programs()
    app.pop()


def test_a_crashing_program_loses_the_round_with_its_reason(app, driver):
    scene = open_tron(app, mode="watch", bot1=PROGRAM, command1=bot("misbehave.py", "crash"), bot2="flood-fill",
                      best_of=1)
    play_round(driver, scene)
    outcome = scene.round_outcome
    assert outcome is not None and outcome.winner == 1
    # The first answer's tick is 1, as for a crash, in the tournament and in the console (it said 0).
    assert "lost on tick 1: exited with status 1 without answering: ZeroDivisionError" in outcome.reason
    assert "misbehave.py wins" not in scene.status_text and "exited with status 1" in scene.status_text
    name = scene.seat_name(0)
    assert f"{name} lost on tick 1" in scene.status_text and f"{name} ({name})" not in scene.status_text
    traceback = [text for _, text in scene.console_view()]
    assert any("divide" in text for text in traceback) and all(text.split()[0] == "1" for text in traceback)
    # The header names the tick the round ended on, as the result does (it said "Tick 0").
    assert "Tick 1" in scene.status_fields() and scene.session.state.tick == 0
    replay = scene.round_replay()
    assert replay.failures[0] and replay.result["winner"] == 1 and len(replay.turns) == len(replay.moves) + 1
    scene.stop_runners()


def test_a_hackerrank_program_in_the_bot_seat_against_the_player(app, driver):
    scene = open_tron(app, mode="bot", bot2=PROGRAM, command2=bot("hackerrank_straight.py"),
                      protocol2="hackerrank", best_of=1, map=SMALL)
    assert scene.match.seats[1].startswith("hackerrank:")
    driver.key(pygame.K_DOWN)  # the first round starts on the player's key
    play_round(driver, scene)
    assert any(" at " in text for _, text in scene.console_view())
    app.pop()
    assert not live_programs()


def test_a_silent_program_loses_on_time_and_leaving_mid_round_leaves_no_process(app, driver, monkeypatch):
    from arcade.games.tron import outside
    from arcade.services.program_limits import Limits

    monkeypatch.setitem(outside.LIMITS, "2010", Limits(300.0, 300.0))
    scene = open_tron(app, mode="watch", bot1=PROGRAM, command1=bot("misbehave.py", "sleep"), bot2="random",
                      best_of=1)
    play_round(driver, scene)
    assert scene.round_outcome is not None and scene.round_outcome.winner == 1
    assert "300 ms" in scene.round_outcome.reason or "time" in scene.round_outcome.reason
    # A new round starts the program again; closing the window mid-round kills it.
    scene.new_match(replace(scene.setup, best_of=3))
    driver.frame(dt=COUNTDOWN + 0.05)
    app.close()
    assert not live_programs()


def test_the_seeds_hackerrank_program_plays_and_a_match_with_a_program_resumes(app, driver):
    from arcade.services import saves

    spec = bot("seed_hackerrank.py")
    scene = open_tron(app, mode="watch", bot1="random", bot2=PROGRAM, command2=spec, protocol2="hackerrank",
                      best_of=3, map="hackerrank-tron")  # the seed reads a 15 x 15 board
    play_round(driver, scene)
    assert scene.match.rounds == 1 and len(scene.turns) == scene.session.length > 3
    assert not scene.failures[1], scene.failures
    app.pop()  # leaving mid-match saves it; Continue brings the program back into its seat
    saved = saves.read_autosave("tron")
    assert saved is not None
    resumed = app.launch("tron", Launch(save=saved.data))
    assert isinstance(resumed, TronScene) and resumed.match.seats[1] == f"hackerrank:{spec}"
    assert isinstance(resumed.runners[1], ProgramRunner) and resumed.match.rounds == 1
    app.pop()
    assert not live_programs()


def test_play_tron_replay_on_the_command_line(tmp_path):
    from arcade import cli
    from arcade.games.tron.match import play_round as play_match_round
    from arcade.games.tron.players import make_player
    from arcade.games.tron.replay import round_replay
    from arcade.services.replays import save_replay

    with make_player(f"2010:{bot('tron2010_straight.py')}") as outside, make_player("flood-fill") as ours:
        record = play_match_round(RULES.parse_level("7 5\n#######\n#1    #\n#     #\n#    2#\n#######\n"),
                                  (outside, ours), 50)
    path = tmp_path / "round.json"
    save_replay(round_replay(record), path)
    shot = tmp_path / "shot.png"
    assert cli.main(["play", "tron", "--replay", str(path), "--screenshot", str(shot), "--frames", "5"]) == 0
    assert shot.stat().st_size > 0


def test_a_replay_file_is_only_watched_until_a_match_is_set_up(app, driver, tmp_path):
    scene = open_tron(app, mode="watch", bot1=PROGRAM, command1=bot("tron2010_straight.py"), bot2="random",
                      best_of=1, map=SMALL)
    play_round(driver, scene)
    path = tmp_path / "r.json"
    from arcade.services.replays import save_replay

    save_replay(scene.round_replay(), path)
    app.pop()
    viewer = app.launch("tron", Launch(options={"replay": open_replay(path, RULES)}))
    driver.frame()
    driver.key(pygame.K_F5)  # rematch: refused, nothing starts
    assert viewer.phase == "replay" and "replay file" in viewer.status_text and viewer.runners == [None, None]
    # The keys table says what Esc does here: the menu (it said "replay: leave").
    esc = [label for keys, label in viewer.help_lines() if "Esc" in keys]
    assert esc and all("leave" not in label for label in esc), esc
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene) and any("menu" in label for label in esc)
    driver.key(pygame.K_ESCAPE)
    assert app.stack.top is viewer
    viewer.new_match(replace(viewer.setup, mode="watch", bot1="random", bot2="flood-fill"))
    assert viewer.viewer is None and viewer.phase == "countdown" and viewer.runners[0] is not None
    app.pop()


def test_play_with_a_program_spec_puts_the_program_in_the_opponents_seat(app, driver):
    """``play tron --bot '2010:python3 mybot.py'`` played Flood fill (the option was read and dropped)."""
    from arcade.cli import build_parser, play_options

    args = build_parser().parse_args(["play", "tron", "--bot", f"2010:{bot('tron2010_straight.py')}"])
    scene = app.launch("tron", Launch(options=play_options("tron", args)), strict=True)
    driver.frame()
    assert isinstance(scene, TronScene) and scene.match.seats[0] == "human"
    assert scene.match.seats[1].startswith("2010:") and scene.match.seats[1].endswith("tron2010_straight.py")
    assert isinstance(scene.runners[1], ProgramRunner)
    assert scene.status_fields()[0].startswith("You 0 : 0 tron2010_straight.py")
    scene.stop_runners()


def run_program_ticks(driver, scene: TronScene, count: int, limit: float = 20.0) -> None:
    end = time.monotonic() + limit
    target = scene.session.index + count
    while scene.session.index < target and scene.phase in ("countdown", "running") and time.monotonic() < end:
        scene.poll_bots()
        if scene.phase == "countdown" or scene.moves_ready():
            driver.frame(dt=max(scene.countdown + 0.05, scene.tick_seconds) if scene.phase == "countdown"
                         else scene.tick_seconds)
        else:
            time.sleep(0.002)
    assert scene.session.index >= target, (scene.phase, scene.session.index)


def test_a_resumed_rounds_console_numbers_its_lines_by_the_real_tick(app, driver):
    """After Continue the console numbered from 1 again (the header said Tick 11, a replay 43–67):
    each line carries its tick, and the console says the output from before the save is gone."""
    scene = open_tron(app, mode="watch", bot1=PROGRAM, command1=bot("tron2010_straight.py"),
                      bot2="flood-fill", best_of=3)
    run_program_ticks(driver, scene, 4)
    assert scene.session.index == 4
    app.pop()
    saved = saves.read_autosave("tron")
    assert saved is not None
    resumed = app.launch("tron", Launch(save=saved.data))
    driver.frame()
    assert isinstance(resumed, TronScene) and resumed.session.index == 4
    run_program_ticks(driver, resumed, 3)
    lines = resumed.console_view()
    assert lines[0] == (-1, "(ticks 1–4: earlier output was not kept across the relaunch)")
    numbers = [int(text.split()[0]) for player, text in lines[1:]]
    assert numbers and numbers[0] == 5 and numbers[-1] == resumed.session.state.tick
    replay = resumed.round_replay()
    assert len(replay.turns) >= resumed.session.index and replay.turns[4].stderr[0]
    resumed.stop_runners()


def test_the_setups_program_errors_are_shown_whole_at_every_window_size(app, driver):
    """A refused command's reason was one line cut with "…" at the panel's edge: the program's path
    or the end of the reason was lost. Wrapped, every word is on screen."""
    from arcade.services.settings import MIN_WINDOW

    open_tron(app, mode="watch", best_of=1)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    long_path = "./a/very/long/path/that/does/not/exist/anywhere/on/this/machine/to/the/bot/program.py"
    for size in (MIN_WINDOW, (800, 500), (1280, 800)):
        app.on_resize(size)
        for command in (long_path, 'python3 "an unclosed quote in a long command line to split'):
            overlay.setup = replace(overlay.setup, bot1=PROGRAM, bot2=PROGRAM, command1="", command2=command)
            overlay.start()
            assert app.stack.top is overlay and overlay.error.startswith("Cycle 1:")
            overlay.setup = replace(overlay.setup, command1=command)
            overlay.start()
            assert app.stack.top is overlay and overlay.error.startswith("Cycle 1: "), overlay.error
            app.redraw = True  # start() called here, not by a key or click: the panel is drawn on input
            driver.frame()
            lines = overlay.error_lines
            assert "".join(lines).replace(" ", "") == overlay.error.replace(" ", ""), (size, lines)
            font = app.theme.font(overlay.ERROR_SIZE)
            assert all(font.size(line)[0] <= overlay.panel.width - 32 for line in lines)
            line_h = font.get_linesize()
            top = overlay.panel.bottom - 84 - len(lines) * line_h
            shown = [rect for i, rect in enumerate(overlay.row_rects) if overlay.shown(i)]
            assert shown and top >= shown[-1].bottom - 2, (size, lines)  # rows past it scroll (the wheel)
    app.pop()


def test_your_program_at_800x500_opens_with_both_cycles_in_view(app, driver):
    """With the program's console beside it, Huge room opened at 1.7x around cycle 1 and cycle 2
    started off screen until Ctrl+0."""
    from arcade.cli import build_parser, play_options

    app.on_resize((800, 500))
    args = build_parser().parse_args(["play", "tron", "--level", "huge-room", "--bot",
                                      f"2010:{bot('tron2010_straight.py')}"])
    scene = app.launch("tron", Launch(level="huge-room", options=play_options("tron", args)), strict=True)
    driver.frame()
    assert scene.console.shown and scene.phase == "ready"
    view = scene.view
    assert all(view.viewport.contains(view.cell_rect((y, x))) for x, y in scene.session.state.heads)
    scene.stop_runners()


def test_closing_mid_round_kills_the_programs_and_leaves_no_thread_to_wait_for(app, driver):
    """Tron's runners ran in non-daemon pools (joined at exit) and closing waited for the worker
    talking to a program: now the programs are killed and every thread left is a daemon."""
    import threading

    from tests.byob.helpers import leftovers, processes

    before_threads = set(threading.enumerate())
    before = {pid for pid, *_ in processes()}
    scene = open_tron(app, mode="watch", bot1=PROGRAM, command1=bot("misbehave.py", "sleep"), bot2=PROGRAM,
                      command2=bot("misbehave.py", "sleep"), protocol2="hackerrank", best_of=3)
    driver.frame(dt=COUNTDOWN + 0.05)
    end = time.monotonic() + 20
    while len(live_programs()) < 2 and time.monotonic() < end:
        driver.frame()
        time.sleep(0.01)
    assert len(live_programs()) == 2 and scene.phase == "running"  # both waiting on a silent program
    # The interpreter's exit joins every non-daemon thread: no runner's worker may be one.
    running = [t.name for t in threading.enumerate() if t not in before_threads and not t.daemon]
    assert not running, running
    app.pop()
    assert not live_programs()
    assert not leftovers(before)
    left = [t for t in threading.enumerate() if t not in before_threads and t.is_alive() and not t.daemon]
    assert not left, [t.name for t in left]


def test_a_letter_past_the_commands_length_limit_is_swallowed_not_a_move_to_another_row(app, driver):
    """The command field typed through its own code: a letter past the limit fell through to the
    setup's keys, and "s" / "w" moved to another row. It is the framework's text field now (TextField)."""
    from arcade.games.tron.view.setup import MAX_COMMAND

    _scene, overlay = setup_with_a_program_seat(app, driver)
    driver.key(pygame.K_DOWN)
    assert overlay.rows()[overlay.selected][0] == "command1"
    overlay.setup = replace(overlay.setup, command1="x" * MAX_COMMAND)
    driver.key(pygame.K_END)  # the field selects its command on arrival; End: the caret after it
    driver.key(pygame.K_s, unicode="s")
    driver.key(pygame.K_d, unicode="d")
    assert overlay.setup.command1 == "x" * MAX_COMMAND and overlay.setup.bot1 == PROGRAM
    assert overlay.rows()[overlay.selected][0] == "command1"


def test_at_800x600_the_console_names_the_program_whole_and_wraps_its_placeholder(app, driver, monkeypatch):
    """At 800x600 the console's title read "Console — stderr of tron…" (the program's name and
    number cut off) and its placeholder "No stderr yet (a program's stde…"."""
    from arcade.cli import build_parser, play_options
    from arcade.ui import console as console_module

    app.on_resize((800, 600))
    args = build_parser().parse_args(["play", "tron", "--bot", f"2010:{bot('tron2010_straight.py')}"])
    scene = app.launch("tron", Launch(level="empty-room", options=play_options("tron", args)), strict=True)
    driver.frame()
    drawn: list[tuple[str, int]] = []
    real = console_module.draw_text

    def spy(surface, theme, text, pos, *args, **kwargs):
        drawn.append((text, kwargs.get("max_width") or 0))
        return real(surface, theme, text, pos, *args, **kwargs)

    monkeypatch.setattr(console_module, "draw_text", spy)
    scene.draw(app.screen)
    theme, console = app.theme, scene.console
    assert console.shown and "tron2010_straight.py [2]" in console.title_shown, console.title_shown
    assert theme.font(15, bold=True).size(console.title_shown)[0] <= console.rect.width - 20
    placeholder = [text for text, _ in drawn if text != console.title_shown]
    assert " ".join(placeholder) == "No stderr yet (a program's stderr shows here).", placeholder
    assert all(theme.font(13).size(text)[0] <= width for text, width in drawn if text in placeholder)
    scene.stop_runners()


def test_continue_after_a_program_lost_a_round_by_failing_shows_that_round_over(app, driver):
    """A round a program lost by crashing mid-round came back from Continue as "Round 2/3" running on
    the lost round's board: its end was not in the save (the rules only know crashes into walls)."""
    scene = open_tron(app, mode="watch", bot1=PROGRAM, command1=bot("tron2010_straight.py", "--crash-after", "3"),
                      bot2="straight", best_of=3)
    play_round(driver, scene)
    assert scene.match.rounds == 1 and scene.session.index == 3
    reason = scene.round_outcome.reason
    assert "lost on tick 4" in reason
    app.pop()  # leaving between rounds saves the match
    saved = saves.read_autosave("tron")
    assert saved is not None
    resumed = app.launch("tron", Launch(save=saved.data))
    driver.frame()
    assert isinstance(resumed, TronScene)
    assert resumed.phase == "over" and resumed.round_outcome is not None
    assert resumed.round_outcome.winner == 1 and resumed.round_outcome.reason == reason
    assert "Round 1/3" in resumed.status_fields() and "lost on tick 4" in resumed.status_text
    # Its stderr was not kept across the relaunch: the console says so (it said "No stderr yet").
    assert resumed.console_view()[0] == (-1, "(ticks 1–4: earlier output was not kept across the relaunch)")
    driver.key(pygame.K_RETURN)  # the next round starts on a fresh board
    assert resumed.match.rounds == 1 and resumed.session.index == 0 and resumed.phase == "countdown"
    assert resumed.round_outcome is None
    run_program_ticks(driver, resumed, 1)  # the program is up (leaving while it starts is another test's)
    app.pop()
    assert not live_programs()


def test_a_new_match_without_a_program_closes_the_console_a_program_seat_opened(app, driver):
    """After a match against a program, a match of built-in bots kept the empty console ("Only outside
    programs write here.") beside a board squeezed into two thirds of the window."""
    scene = open_tron(app, mode="watch", bot1=PROGRAM, command1=bot("tron2010_straight.py"), bot2="random",
                      best_of=1, map=SMALL)
    assert scene.console.shown
    squeezed = scene.view.area.width
    scene.new_match(replace(scene.setup, bot1="flood-fill"))
    driver.frame()
    assert scene.runners[0] is not None and scene.runners[0].bot_name == "flood-fill"
    assert not scene.console.shown
    assert scene.view.area.width > squeezed  # the board has the whole width again
    scene.new_match(replace(scene.setup, bot1=PROGRAM))  # a program again: the console opens again
    driver.frame()
    assert scene.console.shown
    app.pop()


def test_a_command_field_selects_its_command_on_arrival_so_typing_replaces_it(app, driver):
    """The command fields only appended: a remembered command typed over ran into the new one."""
    _scene, overlay = setup_with_a_program_seat(app, driver)
    overlay.setup = replace(overlay.setup, command1="python3 old.py")
    driver.key(pygame.K_DOWN)
    assert overlay.rows()[overlay.selected][0] == "command1"
    assert overlay.input.selected_text() == "python3 old.py"
    for char in "./mine":
        driver.key(0, unicode=char)
    assert overlay.setup.command1 == "./mine"
    driver.key(pygame.K_BACKSPACE, pygame.KMOD_CTRL)  # Ctrl+Backspace: the word
    driver.key(pygame.K_a, pygame.KMOD_CTRL, "\x01")
    assert overlay.setup.command1 == "" and overlay.rows()[overlay.selected][0] == "command1"


def test_a_label_typed_into_the_command_field_names_the_program_everywhere(app, driver):
    """Two seats running one script with other arguments were "tron2010_straight.py" and
    "tron2010_straight.py#2", with no way to name them in the window; the Command field now takes
    the text ``--bot`` takes, label and protocol included."""
    scene, overlay = setup_with_a_program_seat(app, driver)
    driver.key(pygame.K_DOWN)  # the Command row
    type_text(driver, f"fast=2010:{bot('tron2010_straight.py')} --twice")
    driver.key(pygame.K_DOWN)  # its Protocol row shows the protocol the command names; stepping it rewrites that
    assert overlay.rows()[overlay.selected][2].startswith("2010")
    driver.key(pygame.K_RIGHT)
    assert overlay.setup.command1.startswith("fast=hackerrank:")
    driver.key(pygame.K_LEFT)
    assert overlay.setup.command1 == f"fast=2010:{bot('tron2010_straight.py')} --twice"
    driver.key(pygame.K_RETURN)
    assert app.stack.top is scene
    assert scene.match.seats[0] == f"fast=2010:{bot('tron2010_straight.py')} --twice"
    assert isinstance(scene.runners[0], ProgramRunner)
    assert scene.seat_name(0) == "fast"
    scene.stop_runners()
    # The window's tournament names its entrants by their labels too (as tournament tron --bot does).
    from arcade.games.tron.tournament_run import TournamentRun

    labelled = replace(scene.setup, mode="tournament", bot1=PROGRAM, bot2=PROGRAM,
                       command2=f"slow=2010:{bot('tron2010_straight.py')}")
    run = TournamentRun.create(labelled.entrant_specs(), "map", SMALL, 1, 100.0)
    assert run.tournament.bots[:2] == ["fast", "slow"]


def test_two_labelled_programs_keep_their_labels_in_the_header_and_the_saved_replay(app, driver):
    fast, slow = (f"{label}=2010:{bot('tron2010_straight.py')}" for label in ("fast", "slow"))
    scene = open_tron(app, mode="watch", bot1=PROGRAM, command1=fast, bot2=PROGRAM, command2=slow,
                      best_of=1, map=SMALL)
    assert scene.status_fields()[0].startswith("fast 0 : 0 slow")
    play_round(driver, scene)
    driver.frames(2)
    driver.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    replay = load_replay(scene.last_replay, "tron")
    assert replay.players == (fast, slow)
    app.pop()
    viewer = app.launch("tron", Launch(options={"replay": open_replay(scene.last_replay, RULES)}))
    driver.frame()
    assert (viewer.seat_name(0), viewer.seat_name(1)) == ("fast", "slow")


def test_play_with_a_labelled_program_spec_keeps_its_label(app, driver):
    """``play tron --bot 'mine=2010:…'`` dropped the label: the header named the script instead."""
    from arcade.cli import build_parser, play_options

    spec = f"mine=2010:{bot('tron2010_straight.py')}"
    args = build_parser().parse_args(["play", "tron", "--bot", spec])
    scene = app.launch("tron", Launch(options=play_options("tron", args)), strict=True)
    driver.frame()
    assert isinstance(scene, TronScene) and scene.match.seats == ("human", spec)
    assert isinstance(scene.runners[1], ProgramRunner)
    assert scene.status_fields()[0].startswith("You 0 : 0 mine")
    scene.stop_runners()
