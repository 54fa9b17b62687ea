"""Contract tests of the front end, run over every registered game -- at every position in the registry.

The journeys that broke before (Continue opening the wrong game, opening a game
overwriting its save, AI wins credited to the player, levels changed without a new
layout, damaged saves crashing or repeating forever) were all where the framework
meets a game, and the old tests passed only because the toy game happened to be
registered last. Here each game is tried first, last and in between, through the
framework's one launch path, the menu and a relaunch, on the dummy driver.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import random
import re
import shutil
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from arcade.core.errors import ArcadeError, IllegalMove
from arcade.core.game import LevelEntry, Outcome, Step, TickRules
from arcade.core.inputs import MAX_INPUT_BYTES
from arcade.core.registry import GameInfo, Launch, Registry
from arcade.core.words import plural
from arcade.games import REGISTRY
from arcade.services import saves
from arcade.services.settings import MIN_WINDOW, Settings
from arcade.ui.app import App
from arcade.ui.game_scene import GameScene
from arcade.ui.menu import MenuEntry, MenuScene
from arcade.ui.overlays import ResultScene
from arcade.ui.picker import PickerScene, next_level
from arcade.ui.scene import Scene
from arcade.ui.status_line import READ_ON
from arcade.ui.widgets import Button
from tests import toygame

GAMES: list[GameInfo] = [*REGISTRY, toygame.INFO]
#: The one game with an editor (Hashi's, opened with --edit).
HASHI = next(g for g in GAMES if g.name == "hashi")
POSITIONS = range(len(GAMES))
#: Small levels, so that watching the AI to the end takes a few frames.
SMALL = {"hashi": "classic/01-first-steps", "royale": "01-seed-14x20", "runway": "00_statement_example",
         "toy": "plus", "tron": "empty-room"}


def registry_with(info: GameInfo, position: int) -> Registry:
    """Every game, with ``info`` sorted at ``position`` of the menu."""
    others = [g for g in GAMES if g.name != info.name]
    ordered = [*others[:position], info, *others[position:]]
    registry = Registry()
    for i, game in enumerate(ordered):
        registry.register(replace(game, order=i))
    return registry


def new_app(registry: Registry) -> App:
    return App(registry, size=(1024, 640), headless=True)


def close(app: App) -> None:
    app.close()


def frames(app: App, n: int = 2, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.frame(dt, [])


@contextlib.contextmanager
def opened_afresh(registry: Registry, name: str, level_id: str, n: int) -> Iterator[GameScene]:
    """A new app with game ``name`` opened on ``level_id`` and ``n`` frames run: what a level shows
    when nothing came before it (closed on the way out)."""
    app = new_app(registry)
    try:
        scene = app.launch(name, Launch(level=level_id))
        frames(app, n)
        yield scene
    finally:
        close(app)


def key(app: App, code: int, mod: int = 0) -> None:
    """Press and release ``code`` (a key whose press changed the scene is ignored until released)."""
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0),
                       pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)])


def safe_moves(scene: GameScene, count: int, seed: int = 1, *, by_ai: bool = False) -> list[str]:
    """Play ``count`` legal moves that do not end the game (as a player would, through the scene's
    session; ``by_ai``: as the AI would, a watched step)."""
    rng = random.Random(seed)
    rules = scene.session.rules
    for _ in range(count):
        state = scene.session.state
        legal = [m for m in rules.legal_moves(state) if rules.outcome(rules.apply(state, m)) is None]
        if not legal:
            break
        scene.session.play(rng.choice(legal), by_ai=by_ai)
    return scene.session.moves


@contextlib.contextmanager
def small_game(info: GameInfo) -> Iterator[tuple[App, GameScene]]:
    """A fresh app with ``info`` first in the menu, its small level open (closed afterwards)."""
    app = new_app(registry_with(info, 0))
    try:
        yield app, app.launch(info.name, Launch(level=SMALL[info.name]))
    finally:
        close(app)


def watch_to_the_end(app: App, scene: GameScene) -> None:
    """Let the AI play the game through, as W (or I) does, until it ends."""
    scene.toggle_watch()
    for _ in range(3000):
        scene.worker.wait(30)
        frames(app, 1, dt=0.25)
        if scene.session.outcome is not None:
            return


def top_game(app: App) -> GameScene:
    scene = app.stack.top
    assert isinstance(scene, GameScene), f"expected a game scene on top, got {type(scene).__name__}"
    return scene


def saved_session(game: str) -> dict:
    return json.loads(saves.autosave_path(game).read_text())["session"]


def open_save_by(app: App, game: str, path: str) -> tuple[Scene, bool]:
    """Open ``game`` the way a player reaches its autosave -- ``"play"`` (the command line), ``"menu"``
    (its card) or ``"continue"`` (the menu's Continue, pressed only if offered) -- and return the
    scene on top and whether the menu offered Continue ("play": False)."""
    if path == "play":
        return app.launch(game, Launch()), False
    menu = app.push(MenuScene())
    offered = menu.autosave is not None
    if path == "continue":
        if offered:
            key(app, pygame.K_c)
        return app.stack.top, offered
    return app.launch(game, Launch()), offered


def play_and_leave(registry: Registry, game: str, count: int = 3) -> list[str]:
    """Open ``game`` the way the menu does, play a few moves, go back to the menu and quit: the autosave stays."""
    app = new_app(registry)
    try:
        app.push(MenuScene())
        scene = app.launch(game, Launch(level=SMALL[game]))
        moves = safe_moves(scene, count)
        assert moves, f"{game}: no move could be played"
        frames(app)
        app.stack.pop_to(MenuScene)
    finally:
        close(app)
    assert saves.autosave_path(game).is_file(), f"{game}: leaving mid-game kept no save"
    return moves


@pytest.fixture
def toy_in_registry():
    REGISTRY.register(toygame.INFO)
    yield
    REGISTRY.unregister(toygame.INFO.name)


@pytest.mark.parametrize("position", POSITIONS)
@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_continue_opens_the_game_that_saved_at_the_saved_state(info, position, toy_in_registry):
    registry = registry_with(info, position)
    moves = play_and_leave(registry, info.name)
    app = new_app(registry)  # a relaunch
    try:
        menu = app.push(MenuScene())
        assert menu.entries[0].title == "Continue" and info.title in menu.entries[0].subtitle
        key(app, pygame.K_c)
        scene = top_game(app)
        assert scene.info.name == info.name
        assert scene.session.moves == moves and scene.session.level_id == SMALL[info.name]
    finally:
        close(app)


DRAFTING = [g for g in GAMES if g.draft is not None]


@pytest.mark.parametrize("info", DRAFTING, ids=[g.name for g in DRAFTING])
def test_continue_opens_a_draft_newer_than_every_autosave(info, toy_in_registry, user_home):
    """Unsaved work a game keeps beside its autosave (the Hashi editor's board) was reachable from
    nowhere on the menu: Continue opened the last game played. The newer of the two is Continue."""
    import os

    from arcade.services.paths import data_dir

    assert info.draft is not None
    registry = registry_with(info, 0)
    play_and_leave(registry, info.name)
    resumed_kind = None
    app = new_app(registry)
    try:
        menu = app.push(MenuScene())
        assert info.draft.label not in menu.entries[0].subtitle  # the autosave alone: the game
        key(app, pygame.K_c)
        resumed_kind = type(top_game(app))
        level_text = top_game(app).session.rules.format_level(top_game(app).session.level)
    finally:
        close(app)
    draft = data_dir() / info.draft.files[0]
    draft.parent.mkdir(parents=True, exist_ok=True)
    draft.write_text(level_text)  # a board the game can open (its check reads it: see the test below)
    later = time.time() + 5
    os.utime(draft, (later, later))
    app = new_app(registry)
    try:
        menu = app.push(MenuScene())
        # The card names the draft as its game does (DraftSpec.describe: Hashi names a titled puzzle).
        from arcade.core.registry import load_object

        words = (load_object(info.draft.describe)() if info.draft.describe else "") or info.draft.label
        assert menu.entries[0].title == "Continue" and words in menu.entries[0].subtitle
        key(app, pygame.K_c)
        scene = top_game(app)
        assert scene.info.name == info.name and type(scene) is not resumed_kind
    finally:
        close(app)


@pytest.mark.parametrize("content", ["", "garbage\n", "\x00\xff\xfe binary", "folder", "huge"])
@pytest.mark.parametrize("info", DRAFTING, ids=[g.name for g in DRAFTING])
def test_a_draft_the_game_cannot_open_is_said_and_never_offered_by_continue(info, content, toy_in_registry,
                                                                         user_home):
    """Continue offered any file where a draft is kept -- empty, garbage, binary, huge -- and then
    opened a blank board with an error. The menu reads it as its game does (:attr:`DraftSpec.check`):
    one that cannot be opened is said and put aside by the game, and Continue offers the autosave."""
    import os

    from arcade.services.paths import data_dir

    assert info.draft is not None and info.draft.check, "a game that keeps a draft says how it is read"
    registry = registry_with(info, 0)
    play_and_leave(registry, info.name)
    draft = data_dir() / info.draft.files[0]
    draft.parent.mkdir(parents=True, exist_ok=True)
    if content == "folder":
        draft.mkdir()
    elif content == "huge":
        draft.write_bytes(b"x" * (MAX_INPUT_BYTES + 1))  # past what any file of ours is read to
    else:
        draft.write_bytes(content.encode("latin-1"))
    later = time.time() + 5
    os.utime(draft, (later, later))
    app = new_app(registry)
    try:
        menu = app.push(MenuScene())
        assert info.draft.label not in menu.entries[0].subtitle, "Continue offered a draft that does not open"
        assert menu.entries[0].title == "Continue" and info.title in menu.entries[0].subtitle  # the autosave
        if content != "folder":  # a folder is no draft at all: nothing was offered, nothing is said
            assert info.title in menu.toast.current and "could not be read" in menu.toast.current
            assert not draft.exists() and any(p.name.startswith(draft.name + ".damaged")
                                              for p in draft.parent.iterdir())
        key(app, pygame.K_c)
        assert top_game(app).info.name == info.name
    finally:
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_play_and_the_menu_entry_resume_and_a_new_game_keeps_the_save_until_its_first_move(info, toy_in_registry):
    registry = registry_with(info, 0)
    moves = play_and_leave(registry, info.name)
    app = new_app(registry)
    try:
        assert app.launch(info.name, Launch()).session.moves == moves  # `play GAME`
        app.stack.pop()
        menu = app.push(MenuScene())
        entry = next(i for i, e in enumerate(menu.entries) if e.title == info.title)
        menu.activate(entry)  # the game's own menu entry
        assert top_game(app).session.moves == moves
        app.stack.pop_to(MenuScene)
        before = saves.autosave_path(info.name).read_text()
        fresh = app.launch(info.name, Launch(new=True))
        assert fresh.session.index == 0
        frames(app)
        app.stack.pop_to(MenuScene)
        assert saves.autosave_path(info.name).read_text() == before, "a new game overwrote the save before a move"
        fresh = app.launch(info.name, Launch(new=True))
        safe_moves(fresh, 1, seed=9)
        app.stack.pop_to(MenuScene)
        assert saved_session(info.name)["moves"] == fresh.session.moves
        again = app.launch(info.name, Launch())
        if again.allow_undo:  # undone back to the start: saved so (Continue brought the move back)
            again.undo()
            frames(app)
            app.stack.pop_to(MenuScene)
            assert saved_session(info.name)["index"] == 0
            assert app.launch(info.name, Launch()).session.index == 0
    finally:
        close(app)


@contextlib.contextmanager
def card_under_pointer(info: GameInfo, size: tuple[int, int], monkeypatch) -> Iterator[
        tuple[App, MenuEntry, dict[str, pygame.Rect], list[str]]]:
    """The menu at ``size`` over a save of ``info``'s game, its card selected by the pointer and
    drawn afresh: (app, the card, where each text was drawn, the saved moves) -- the fullest card,
    with every chip it can have, as the chip tests need it."""
    import arcade.ui.menu as menu_module

    drawn: dict[str, pygame.Rect] = {}
    real = menu_module.draw_text

    def spy(surface, theme, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn[text] = rect = real(surface, theme, text, *args, **kwargs)
        return rect

    monkeypatch.setattr(menu_module, "draw_text", spy)
    registry = registry_with(info, 0)
    moves = play_and_leave(registry, info.name)
    app = new_app(registry)
    try:
        app.on_resize(size)
        menu = app.push(MenuScene())
        frames(app)
        index = next(i for i, e in enumerate(menu.entries) if e.title == info.title)
        entry = menu.entries[index]
        assert entry.rect is not None
        for pos in (entry.rect.midleft, entry.rect.center):  # the first motion is where the pointer rests
            app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))])
        assert menu.selected == index
        drawn.clear()
        app.redraw = True
        frames(app)
        yield app, entry, drawn, moves
    finally:
        close(app)


@pytest.mark.parametrize("size", [MIN_WINDOW, (1024, 640), (1280, 800)])
@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_saved_games_card_offers_a_new_game_to_the_mouse(info, size, toy_in_registry, monkeypatch):
    """The card of a game with a save said "Resume your game · N: new game": N was the only way to
    start afresh from the menu, and a player with the mouse had nothing to click. The selected card
    has a "New game" chip, on the card and clear of its title and of the editor's chip; a click
    opens a new game, and the save stays until that game's first move."""
    with card_under_pointer(info, size, monkeypatch) as (app, entry, drawn, moves):
        chip = entry.new_rect
        assert chip is not None and entry.rect.contains(chip), (size, chip, entry.rect)
        assert not chip.colliderect(drawn[entry.title]), (size, chip, drawn[entry.title])
        assert entry.make_rect is None or not chip.colliderect(entry.make_rect), (size, chip, entry.make_rect)
        app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=chip.center, button=1),
                           pygame.event.Event(pygame.MOUSEBUTTONUP, pos=chip.center, button=1)])
        fresh = top_game(app)
        assert fresh.session.index == 0 and fresh.session.moves != moves
        frames(app)
        app.stack.pop_to(MenuScene)
        assert saved_session(info.name)["moves"] == moves, "a new game overwrote the save before a move"


@pytest.mark.parametrize("size", [MIN_WINDOW, (1024, 640), (1280, 800)])
@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_games_card_offers_how_to_play_to_the_mouse(info, size, toy_in_registry, monkeypatch):
    """From the menu a game's rules opened only with ? or F1: a player with only the mouse met them
    once, on the game's first opening. The selected card has a "How to play" chip -- with a save,
    beside New game (and Hashi's editor chip), so the fullest card -- inside the card and clear of
    its title and of every other chip; a click opens that game's How to play page over the menu."""
    import arcade.ui.menu as menu_module
    from arcade.ui.how_to_play import HowToPlayScene

    with card_under_pointer(info, size, monkeypatch) as (app, entry, drawn, _moves):
        chip = entry.how_rect
        assert chip is not None and entry.rect.contains(chip), (size, chip, entry.rect)
        assert drawn[menu_module.HOW_LABEL].colliderect(chip)
        for other in (entry.make_rect, entry.new_rect):
            assert other is None or not chip.colliderect(other), (size, chip, other)
        for where in (chip, entry.make_rect, entry.new_rect):
            assert where is None or not where.colliderect(drawn[entry.title]), (size, where, drawn[entry.title])
        app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=chip.center, button=1),
                           pygame.event.Event(pygame.MOUSEBUTTONUP, pos=chip.center, button=1)])
        page = app.stack.top
        assert isinstance(page, HowToPlayScene) and page.info.name == info.name


WATCHABLE = [g for g in GAMES if g.name != "tron"]  # Tron's AI is the opponent, not a player's helper


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_a_game_the_ai_finished_is_never_a_personal_best(info, toy_in_registry):
    with small_game(info) as (app, scene):
        assert scene.has_watch
        watch_to_the_end(app, scene)
        assert scene.session.outcome is not None and scene.session.outcome.is_win
        # "Not counted as a personal best.": who played is said once, by the tally line below.
        assert scene.finished_with_ai and "personal best" in scene.record_note
        assert "AI" in scene.result_title(scene.session.outcome)  # the AI crossed the line: its title
        # The player's clock never ran: no "Time: 00:00", the moves are said to be the AI's.
        lines = scene.result_lines(scene.session.outcome)
        assert not any("Time:" in line for line in lines) and any("by the AI" in line for line in lines), lines
        assert saves.read_records().get(info.name, {}) == {}
        winning = scene.session.moves
        # Restart and undo past the AI's moves give the player a clean slate again.
        scene.restart()
        assert not scene.session.ai_moved
        # The AI's moves but the last, the player's last: the player's title, with a line of help.
        for move in winning[:-1]:
            scene.session.play(move, by_ai=True)
        scene.session.play(winning[-1])
        assert scene.session.outcome is not None and scene.session.outcome.is_win
        assert "AI" not in scene.result_title(scene.session.outcome)
        assert any("Time:" in line for line in scene.result_lines(scene.session.outcome))
        assert scene.finished_with_ai == (len(winning) > 1)


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_looking_back_through_a_finished_game_does_not_run_the_clock(info, toy_in_registry):
    """Scrubbing back into a finished Runway race restarted the player's clock (00:14 became 00:16):
    looking back is not playing. A move from there drops the ending and plays again, timed."""
    with small_game(info) as (app, scene):
        assert scene.allow_undo, "a game with a watch keeps a history to look back through"
        watch_to_the_end(app, scene)
        assert scene.session.outcome is not None
        while app.stack.top is not scene:
            app.pop()
        scene.elapsed = 14.0
        scene.session.seek(scene.session.length - 1)
        assert scene.session.outcome is None and scene.session.looking_back
        frames(app, 4, dt=0.5)
        assert scene.elapsed == 14.0, "looking back through a finished game ran the clock"
        rules = scene.session.rules
        state = scene.session.state
        other = [m for m in rules.legal_moves(state) if rules.outcome(rules.apply(state, m)) is None]
        if other:  # a move that does not end the game: it is played again, and the clock runs
            assert scene.play(other[0])
            assert not scene.session.looking_back
            before = scene.elapsed  # 0 when that move is a new attempt's first
            frames(app, 2, dt=0.5)
            assert scene.elapsed > before


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_looking_back_through_a_finished_game_is_not_a_game_to_continue_or_throw_away(info, toy_in_registry):
    """A Runway race won, then scrubbed back to look at it: the level picker asked "pick … again to
    throw away this game (1 move made)", and going back to the menu wrote a save, so the menu
    offered Continue ("Resume your game") for a race that was over and recorded. Looking back is
    not playing: nothing is asked, nothing is saved -- until a move from there plays on."""
    app = new_app(registry_with(info, 0))
    try:
        app.push(MenuScene())
        scene = app.launch(info.name, Launch(level=SMALL[info.name]))
        watch_to_the_end(app, scene)
        assert scene.session.outcome is not None
        while app.stack.top is not scene:
            app.pop()
        scene.stop_watch()  # Look at board, then the timeline dragged back (a watch left on plays forward again)
        scene.session.seek(scene.session.length - 1)
        frames(app, 3, dt=0.5)
        assert scene.session.looking_back
        assert not scene.in_progress(), "a finished game looked back at asked to be thrown away"
        app.stack.pop_to(MenuScene)
        frames(app)
        assert not saves.autosave_path(info.name).is_file(), "a finished game looked back at was saved to continue"
    finally:
        close(app)


def window_event(app: App, kind: int) -> None:
    """A window event as SDL posts it (minimized, restored, focus lost or gained), through the frame loop."""
    pygame.event.post(pygame.event.Event(kind, window=None))
    app.frame(0.5)


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_the_clock_stands_still_while_the_window_is_minimized_or_unfocused(info, toy_in_registry):
    """The play clock ran on while the window sat minimized or behind another: a player who stepped
    away came back to a worse time. It stops until the window is restored and has the focus again."""
    with small_game(info) as (app, scene):
        safe_moves(scene, 1)
        assert scene.session.index == 1
        frames(app, 2, dt=0.5)
        assert scene.elapsed == pytest.approx(1.0), "the clock runs from the first move"
        for away, back in ((pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED),
                           (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED),
                           (pygame.WINDOWHIDDEN, pygame.WINDOWSHOWN)):
            before = scene.elapsed
            window_event(app, away)
            frames(app, 4, dt=0.5)
            assert scene.elapsed == before, f"the clock ran on after {pygame.event.event_name(away)}"
            stopped = scene.elapsed
            window_event(app, back)
            frames(app, 2, dt=0.5)
            assert scene.elapsed > stopped, f"the clock stayed stopped after {pygame.event.event_name(back)}"
        # Minimized and then restored without the focus: still away until the focus comes back.
        window_event(app, pygame.WINDOWFOCUSLOST)
        window_event(app, pygame.WINDOWMINIMIZED)
        window_event(app, pygame.WINDOWRESTORED)
        stopped = scene.elapsed
        frames(app, 2, dt=0.5)
        assert scene.elapsed == stopped
        window_event(app, pygame.WINDOWFOCUSGAINED)
        frames(app, 2, dt=0.5)
        assert scene.elapsed > stopped


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_a_game_left_on_its_result_panel_is_not_redrawn(info, toy_in_registry):
    """Battle Royale under its result panel was drawn 60 times a second (a move's animation that
    only runs on top never finished): half a core for as long as the window stayed open."""
    with small_game(info) as (app, scene):
        watch_to_the_end(app, scene)
        assert scene.session.outcome is not None
        frames(app, 60, dt=0.1)  # the result panel comes and settles
        assert app.stack.top is not scene, "no result panel"
        drawn = app.drawn
        frames(app, 60)
        assert app.drawn - drawn <= 1, f"{app.drawn - drawn} of 60 frames drawn on a still screen"


#: Games whose board stands still once opened (Tron's first round waits with a pulsing arrow, drawn
#: every frame: a test of "drawn on the frame the answer arrives" could not fail there).
STILL = [g for g in GAMES if g.name != "tron"]


@pytest.mark.parametrize("info", STILL, ids=[g.name for g in STILL])
def test_a_workers_answer_is_drawn_on_the_frame_it_arrives(info, toy_in_registry):
    """The Hashi editor's verdict panel kept an old, wrong verdict on screen until the mouse moved:
    the answer was stored by its callback, and a still screen is not drawn again unless told."""
    with small_game(info) as (app, scene):
        for worker in scene.workers:  # what the level's opening asked for (Battle Royale's par)
            worker.wait(30)
        frames(app, 30)
        assert scene.is_idle(), "the scene must be still, or the test could not fail"
        release, answers = threading.Event(), []
        worker = scene.new_worker()
        worker.submit(release.wait, 10, on_done=answers.append)
        frames(app, 3)
        release.set()
        for _ in range(200):
            if not worker.busy or worker._future is None or worker._future.done():
                break
            time.sleep(0.01)
        drawn = app.drawn
        frames(app, 1)
        assert answers == [True], "the answer was not delivered"
        assert app.drawn == drawn + 1, "the frame that delivered the answer was not drawn"


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_results_count_label_keeps_its_nouns_capitals(info, toy_in_registry, monkeypatch):
    """The label was built with ``.capitalize()``, which lower-cases the rest: "AI step" became
    "Ai steps". Only the first letter is raised, in every game."""
    with small_game(info) as (_, scene):
        noun = scene.front.move_noun
        assert scene.tally_label == noun[:1].upper() + noun[1:] + "s"
        monkeypatch.setattr(scene.front, "move_noun", "AI step")
        assert scene.tally_label == "AI steps"


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_new_attempt_starts_its_clock_and_its_status_line_afresh(info, toy_in_registry):
    """Restart then a solve by hand recorded the time of every earlier attempt too; "Play again"
    left the last game's "all islands connected" over the empty board."""
    with small_game(info) as (app, scene):
        rules = scene.session.rules

        def first_safe_move() -> object:
            state = scene.session.state
            return next(m for m in rules.legal_moves(state) if rules.outcome(rules.apply(state, m)) is None)

        if scene.allow_undo:  # a game with Restart (not Tron, whose rounds run on a clock of their own)
            assert scene.play(first_safe_move()) and scene.play(first_safe_move())
            scene.elapsed = 30.0
            scene.restart()
            assert scene.clock_text == "00:00", "the header showed the old time after Restart"
            scene.redo()
            scene.redo()
            assert scene.elapsed == 30.0 and scene.clock_text == "00:30", "redoing the old moves is the same attempt"
            scene.restart()
            assert scene.play(first_safe_move())
            assert scene.elapsed == 0.0, "a new first move did not start a new clock"
            scene.elapsed = 30.0
            scene.restart()
            scene.apply_ai_step(Step(rules.encode_move(first_safe_move())))  # the AI's move, as watched
            assert scene.session.index == 1 and scene.clock_text == "00:00", \
                "the AI's first move after Restart brought the old attempt's time back"
        scene.say("Words about the last game")
        if scene.allow_undo:
            assert scene.play(first_safe_move())
        # The result panel's "Play again", as the player presses it (Battle Royale's was a Restart,
        # keeping the finished game for Redo and writing it back as the autosave).
        again = dict(scene.result_buttons(Outcome("win")))["Play again"]
        again()
        frames(app)
        assert scene.status_text != "Words about the last game"
        assert scene.session.index == 0 and scene.elapsed == 0.0
        assert scene.session.length == 0, "Play again kept the last game's moves (for Redo)"


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_a_hint_asked_for_before_a_move_never_shows_after_it(info, toy_in_registry):
    """A hint takes up to 30 s on a big board; the player may move meanwhile. Its answer was for
    the old position and showed anyway -- and H again would have played it on the new one."""
    import threading

    with small_game(info) as (app, scene):
        release = threading.Event()
        hook = scene.session.hint_hook

        def slow_hint(state):
            release.wait(30)
            return hook(state)

        scene.session.hint_hook = slow_hint
        scene.request_hint()
        assert scene.worker.busy
        safe_moves(scene, 1)
        frames(app)
        release.set()
        scene.worker.wait(30)
        frames(app)
        assert scene.hint is None, scene.hint
        assert not scene.worker.busy and "Thinking" not in scene.status_line()[0], scene.status_line()
        # Asked again on the new position, it comes.
        scene.request_hint()
        scene.worker.wait(30)
        frames(app)
        assert scene.hint is not None, scene.status_text


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_a_played_hint_counts_as_the_ais_move_until_undone(info, toy_in_registry):
    with small_game(info) as (app, scene):
        scene.request_hint()
        scene.worker.wait(30)
        frames(app)
        assert scene.hint is not None and scene.hint.move is not None, scene.status_text
        scene.request_hint()  # H again plays it
        assert scene.session.ai_moved
        scene.undo()
        assert not scene.session.ai_moved


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_a_hint_asked_with_the_mouse_says_which_button_plays_it(info, toy_in_registry):
    """A player who clicked the Hint button read "(H again to play it)": a key they never used.
    The hint names the button they clicked, and clicking it again plays the hint."""
    with small_game(info) as (app, scene):
        frames(app)
        button = next(b for b in scene.toolbar.buttons if b.label == "Hint")

        def click() -> None:
            pos = button.rect.center
            app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

        click()
        scene.worker.wait(30)
        frames(app)
        assert scene.hint is not None and scene.hint.move is not None, scene.status_text
        text = scene.status_line()[0]
        assert f"{button.label} again" in text and "(H again" not in text, text
        # A sentence, as Hashi's "Pigeonhole: ..." is: Runway's read "exact search: JUMP ...".
        assert text.lstrip("▸ ")[:1].isupper(), text
        click()
        assert scene.hint is None and scene.session.ai_moved, scene.status_text


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_new_board_is_called_new_board_wherever_the_player_reads_it(info, toy_in_registry):
    """Hashi's New board button opened a dialog titled "New puzzle"; Battle Royale's said "New grid:
    …" and refused with "press N for a new grid": one name, in the dialog's title, the toast, the
    refusals and the keys table."""
    from arcade.core.registry import NEW_BOARD_BUTTON

    with small_game(info) as (app, scene):
        frames(app)
        new_board = next((b for b in scene.keymap() if b.button == NEW_BOARD_BUTTON), None)
        if new_board is None:
            return
        assert "new board" in new_board.label.lower(), new_board.label
        scene.run_binding(new_board)
        frames(app)
        top = app.stack.top
        read = [getattr(top, "title", ""), scene.status_text, *(m.text for m in scene.toast.messages)]
        if top is not scene:
            assert top.title == NEW_BOARD_BUTTON, top.title
        else:
            assert any(text.startswith(f"{NEW_BOARD_BUTTON}: ") for text in read), read
        words = " ".join(str(t) for t in read).lower()
        assert "new puzzle" not in words and "new grid" not in words, read


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_new_board_or_another_level_asks_before_it_throws_a_game_in_progress_away(info, toy_in_registry):
    """Battle Royale's N threw a round in progress away without a word, Undo grey afterwards; Hashi's
    N opened a dialog first. In every game a new board or another level picked while moves are made
    and the game is not over asks first: the first press (or pick) says so and keeps the game, the
    same again goes ahead."""
    from arcade.core.registry import NEW_BOARD_BUTTON

    with small_game(info) as (app, scene):
        frames(app)
        moves = safe_moves(scene, 3)
        assert moves and scene.in_progress()
        level_id = scene.session.level_id
        new_board = next((b for b in scene.keymap() if b.button == NEW_BOARD_BUTTON), None)
        if new_board is not None:
            scene.run_binding(new_board)
            frames(app)
            assert scene.session.moves == moves and scene.session.level_id == level_id, "thrown away at once"
            if app.stack.top is scene:  # no dialog of its own (Hashi's asks): it said so
                assert any("again to throw away this game" in m.text for m in scene.toast.messages)
                scene.run_binding(new_board)
                frames(app)
                assert scene.session.moves != moves or scene.session.level_id != level_id
            while app.stack.top is not scene:
                app.stack.pop()
            scene.change_level(scene.session.level, level_id)
            safe_moves(scene, 3)
            moves = scene.session.moves
        scene.open_levels()
        picker = app.stack.top
        assert isinstance(picker, PickerScene)
        other = next(i for i, c in enumerate(picker.choices)
                     if not c.header and c.value is not None and c.value.id != level_id
                     and c.value.group not in ("random", "replays") and not c.value.error)
        chosen = picker.choices[other].value.id
        picker.pick(other)
        again = app.stack.top
        assert scene.session.moves == moves and scene.session.level_id == level_id, "thrown away at once"
        assert isinstance(again, PickerScene) and "again to throw away this game" in again.title, again
        assert again.choices[again.selected].value.id == chosen
        # Cancelled, the question goes with that visit: the next visit's single pick asks again (it
        # used to open the level at once, the question having no time limit in the picker).
        app.stack.pop()
        scene.open_levels()
        app.stack.top.pick(other)
        again = app.stack.top
        assert scene.session.moves == moves and scene.session.level_id == level_id, "a stale question answered"
        assert isinstance(again, PickerScene) and "again to throw away this game" in again.title, again
        again.pick(again.selected)
        assert scene.session.level_id == chosen and scene.session.index == 0
        # A finished game or an untouched one is not asked about.
        scene.open_levels()
        picker = app.stack.top
        back = next(i for i, c in enumerate(picker.choices) if not c.header and c.value is not None
                    and c.value.id == level_id)
        picker.pick(back)
        assert scene.session.level_id == level_id


def throw_away_question(app: App, scene: GameScene) -> str:
    """The level picker's "pick … again to throw away this game (…)" for another level (cancelled after)."""
    scene.open_levels()
    picker = app.stack.top
    assert isinstance(picker, PickerScene)
    other = next(i for i, c in enumerate(picker.choices)
                 if not c.header and c.value is not None and c.value.id != scene.session.level_id
                 and c.value.group not in ("random", "replays") and not c.value.error)
    picker.pick(other)
    title = app.stack.top.title.replace("\N{NO-BREAK SPACE}", " ")
    while app.stack.top is not scene:
        app.stack.pop()
    return title


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_throw_away_question_says_what_is_at_stake_with_the_ais_moves(info, toy_in_registry):
    """Runway's "pick again to throw away this game" gave a move count; Battle Royale's, after a drop
    the AI chose alone, said nothing of the game at stake. Every game says it, the AI's moves too:
    whatever the AI played alone, and the player's moves with the AI's among them."""
    with small_game(info) as (app, scene):
        frames(app)
        assert safe_moves(scene, 1, by_ai=True) and scene.in_progress()
        alone = throw_away_question(app, scene)
        assert "again to throw away this game (" in alone, alone
        stake = alone.split("throw away this game (", 1)[1]
        if info.name != "tron":  # Tron's question names the round and the score, a bot's in every step
            assert f"by {scene.ai_label}" in stake or f"{scene.ai_label}'s" in stake, alone
        scene.change_level(scene.session.level, scene.session.level_id)
        safe_moves(scene, 1)
        safe_moves(scene, 3, seed=2, by_ai=True)
        both = throw_away_question(app, scene)
        assert "again to throw away this game (" in both, both
        if info.name != "tron":
            assert f"by {scene.ai_label}" in both.split("this game (", 1)[1], both


@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1024, 640)])
@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_picked_row_stays_under_the_pointer_when_the_picker_asks(info, size, toy_in_registry):
    """A pick over a game in progress brings the picker back asking "pick X again to throw away this
    game"; its title took two lines and moved every row down by half a line (the new picker also
    centred the row asked about), so the second click on the same spot hit the row above. The row
    picked is where it was, under the pointer, and a second click there opens it -- a deliberate one:
    the second press of a double-click is let go (it threw the game away unasked, the question unread)."""
    with small_game(info) as (app, scene):
        resize(app, size)
        frames(app)
        safe_moves(scene, 3)
        assert scene.in_progress()
        level_id = scene.session.level_id
        key(app, pygame.K_l)
        picker = app.stack.top
        assert isinstance(picker, PickerScene)
        def others_shown() -> list[tuple[int, pygame.Rect]]:
            return [(i, rect) for i, rect in picker.rows_in_view()
                    if not picker.choices[i].header and picker.choices[i].value is not None
                    and picker.choices[i].value.id != level_id and not picker.choices[i].value.error
                    and picker.choices[i].value.group != "replays"]

        shown = others_shown()
        if not shown:  # 640x400: the saved replays, the level on screen and headings fill the list
            key(app, pygame.K_DOWN)  # the next level, brought into view
            shown = [(i, rect) for i, rect in others_shown() if i == picker.selected]
        index, rect = shown[-1]  # the lowest: the one a shift down the list would miss most
        pos = (rect.centerx, rect.y + 3)
        app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.frame(1 / 60, [pygame.event.Event(kind, pos=pos, button=1)])
        again = app.stack.top
        assert isinstance(again, PickerScene) and again is not picker and "again to throw away" in again.title
        assert dict(again.rows_in_view()).get(index) == rect, (dict(again.rows_in_view()).get(index), rect)
        assert again._row_at(pos) == index and again.selected == index
        assert all(r.top >= 0 for r in again.title_rects) and again.panel.top >= 0
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # the double-click's second half
            app.frame(1 / 60, [pygame.event.Event(kind, pos=pos, button=1)])
        assert app.stack.top is again and scene.session.level_id == level_id
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.frame(1 / 60, [pygame.event.Event(kind, pos=pos, button=1)])
        assert scene.session.level_id == picker.choices[index].value.id


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_first_arrow_shows_a_hidden_keyboard_cursor_where_it_is(info, toy_in_registry):
    """Hashi's first → put its hidden cursor on the second island, Battle Royale's one cell off the
    centre: the player never saw where it started. In every game with a keyboard cursor
    (:class:`KeyboardCursor`) the first arrow only shows it; the next one moves it."""
    from arcade.ui.keyboard_cursor import KeyboardCursor

    with small_game(info) as (app, scene):
        frames(app)
        cursor = getattr(scene, "keyboard", None)
        if not isinstance(cursor, KeyboardCursor):
            return  # no keyboard cursor on this board (Runway, Tron: arrows steer)
        assert not cursor.shown, "shown before the keyboard was used"
        before = scene.cursor
        key(app, pygame.K_RIGHT)
        assert cursor.shown and scene.cursor == before, f"the first arrow moved it to {scene.cursor}"
        moved = [scene.cursor]
        for code in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
            key(app, code)
            moved.append(scene.cursor)
        assert len(set(moved)) > 1, "the next arrows did not move it"


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_level_change_rebuilds_and_lays_out_the_board(info, toy_in_registry, monkeypatch):
    with small_game(info) as (app, scene):
        frames(app)
        calls: list[str] = []
        monkeypatch.setattr(scene, "level_changed", lambda: calls.append("level_changed"))
        monkeypatch.setattr(scene, "layout_board", lambda area: calls.append("layout"))
        key(app, pygame.K_l)
        picker = app.stack.top
        assert isinstance(picker, PickerScene)
        headers = [c.title.lower() for c in picker.choices if c.header]
        if "replays" in headers:  # the saved replays first, under their heading; then the levels
            assert headers.index("replays") == 0, headers
            headers = headers[1:]
        declared = [g for g in info.level_groups if g in headers]
        assert headers[: len(declared)] == declared, "groups out of their declared order"
        others = [i for i, c in enumerate(picker.choices)
                  if not c.header and c.value is not None and c.value.id != scene.session.level_id
                  and c.value.group not in ("random", "replays") and not c.value.error]
        picker.pick(others[0])
        assert scene.session.level_id == picker.choices[others[0]].value.id
        assert calls[:2] == ["level_changed", "layout"], calls
        frames(app)


def damaged_payloads(game: str, good: dict) -> dict[str, str | bytes | None]:
    """Save files each damaged in one way; the envelope's own damage and the session's (bytes: not
    text; None: a folder where the file belongs)."""
    session = good["session"]

    def with_session(**change) -> str:
        return json.dumps({**good, "session": {**session, **change}})

    def with_extra(**change) -> str:
        return json.dumps({**good, "session": {**session, "extra": {**session.get("extra", {}), **change}}})

    return {
        "nan-time": json.dumps({**good, "saved_at": float("nan")}),
        "not-json": "{",
        "wrong-game": with_session(game="nosuchgame"),
        "moves-not-list": with_session(moves="abc"),
        "huge-index": with_session(index=10**30),
        "seed-float": with_session(seed=1e999),
        "illegal-move": with_session(moves=[*session["moves"], "not a move at all"]),
        "level-garbage": with_session(level="\x00\x01 garbage"),
        "elapsed-text": with_extra(elapsed="abc"),
        "elapsed-null": with_extra(elapsed=None),
        "elapsed-huge": with_extra(elapsed=1e999),
        "extra-list": with_session(extra=[1, 2]),
        # The ways a file is damaged on disk or by another version, whatever game it holds.
        "truncated": json.dumps(good)[: len(json.dumps(good)) // 2],
        "empty": "",
        "a-list": json.dumps([good]),
        "no-session": json.dumps({"saved_at": good["saved_at"], "label": good["label"]}),
        "no-level": json.dumps({**good, "session": {k: v for k, v in session.items() if k != "level"}}),
        "label-number": json.dumps({**good, "label": 5}),
        "moves-numbers": with_session(moves=[1, 2, 3]),
        "binary": b"\x89\x00\xff\xfe garbage \x00\x01" * 40,
        "a-folder": None,
        **({"seats": with_extra(match={**session["extra"].get("match", {}), "seats": ["human", "nobot"]}),
            "round-log": with_extra(round_log=5)} if game == "tron" else {}),
    }


#: What the line says was wrong, for the kinds of damage it used to say in Python's words.
DAMAGE_SAID = {"a-list": "(a list, not a saved game)", "no-level": "'level' is missing",
               "a-folder": "a folder",
               "binary": "(not text)", "empty": "not readable JSON", "elapsed-text": "('elapsed' is not"}


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_damaged_saves_are_moved_aside_with_one_line_on_every_path(info, toy_in_registry, user_home, capsys):
    registry = registry_with(info, 0)
    play_and_leave(registry, info.name)
    good = json.loads(saves.autosave_path(info.name).read_text())
    for kind, payload in damaged_payloads(info.name, good).items():
        for path in ("menu", "continue", "play"):
            target = saves.autosave_path(info.name)
            damaged = target.with_suffix(".json.damaged")
            for old in (target, damaged):
                shutil.rmtree(old) if old.is_dir() else old.unlink(missing_ok=True)
            if payload is None:
                (target / "inside").mkdir(parents=True)
            elif isinstance(payload, bytes):
                target.write_bytes(payload)
            else:
                target.write_text(payload)
            app = new_app(registry)
            try:
                scene, _offered = open_save_by(app, info.name, path)
                frames(app)
                where = f"{kind} via {path}"
                # The menu already moved a save with a damaged envelope aside: then there is no Continue.
                assert isinstance(scene, GameScene) or (path == "continue" and isinstance(scene, MenuScene)), where
                if isinstance(payload, str) and payload.startswith("{") and payload.endswith("}"):
                    assert not target.exists() or saved_session(info.name) != json.loads(payload).get("session"), where
                assert damaged.exists(), f"{where}: the damaged save was not moved aside"
                assert app.crashes == 0, where
                said = [m.text for s in app.stack.scenes for m in getattr(getattr(s, "toast", None), "messages", [])]
                assert any("damaged" in t.lower() or "could not" in t.lower() for t in said), f"{where}: {said}"
                assert all("\n" not in t and "Traceback" not in t for t in said), where
                # The whole line on stderr too, once: a window shortens it and a toast goes.
                told = [line for line in capsys.readouterr().err.splitlines() if "damaged" in line.lower()
                        or "could not" in line.lower()]
                assert len(told) == 1 and told[0].startswith("puzzle-arcade: ") and info.title in told[0], told
                # What was wrong, in the player's words: "list indices must be integers or slices, not
                # str", "damaged save ('level')" and "unknown save version '99'" were Python's or unclear.
                assert not re.search(r"indices|ValueError|KeyError|TypeError", told[0]), told
                assert DAMAGE_SAID.get(kind, "") in told[0], (kind, told)
            finally:
                close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_newer_versions_save_is_kept_as_newer_with_one_line_on_every_path(info, toy_in_registry, user_home,
                                                                           capsys):
    # It said "The saved Hashi game was damaged and moved to hashi.json.damaged (damaged save (save
    # version 99 is newer than this program reads (1)))": a newer version's save is not damage.
    registry = registry_with(info, 0)
    play_and_leave(registry, info.name)
    good = json.loads(saves.autosave_path(info.name).read_text())
    newer = json.dumps({**good, "session": {**good["session"], "version": 99, "shape": "of the future"}})
    target = saves.autosave_path(info.name)
    kept = target.with_name(target.name + ".newer")
    for path in ("menu", "continue", "play"):
        kept.unlink(missing_ok=True)
        target.write_text(newer)
        app = new_app(registry)
        try:
            scene, offered = open_save_by(app, info.name, path)
            assert not offered, f"{path}: a newer version's save offered as Continue"
            frames(app)
            assert isinstance(scene, (GameScene, MenuScene)) and app.crashes == 0, path
            assert kept.read_text() == newer, f"{path}: the newer save's bytes did not survive"
            assert not target.exists() or json.loads(target.read_text())["session"].get("version") != 99, path
            assert not target.with_name(target.name + ".damaged").exists(), path
            told = [line for line in capsys.readouterr().err.splitlines() if "newer" in line]
            assert told == [f"puzzle-arcade: Your saved {info.title} game was made by a newer Puzzle Arcade (save "
                            f"version 99; this one reads 1); it was kept as {kept.name} and a new game starts."], told
        finally:
            close(app)


#: Every preference key a game keeps, at its top level and inside its nested tables.
PREFERENCE_KEYS = ("last_level", "last_board", "random_size", "random_density", "speed", "ai", "program",
                   "show_possible", "seen_how_to_play")
NESTED_PREFERENCE_KEYS = ("mode", "bot1", "bot2", "command1", "command2", "protocol1", "protocol2", "map",
                          "speed", "bot_ms", "best_of", "width", "height", "difficulty", "topology", "density",
                          "no_touching")


def bad_preferences(kind: str) -> dict:
    """Preferences a player (or another version) could have left: wrong scalars, or JSON lists and
    objects where a choice is kept -- ``[1] in {"exact": ...}`` raised "unhashable type" and the game
    would not open (exit 70 from ``play runway``; Tron's setup the same)."""
    if kind == "scalars":
        return {"last_level": "/no/such/level.txt", "random_size": "abc", "speed": "fast",
                "setup": {"map": "/deleted/custom-map.txt", "mode": "chess"}, "ai": 7, "new_puzzle": {"width": "²"}}
    if kind == "board":  # the board kept from last time (see arcade.ui.reopening), damaged
        return {"last_level": "<board>", "last_board": {"id": "generated", "level": "\x00 not a level"}}
    value = [1] if kind == "lists" else {"a": [1]}
    nested = {key: value for key in NESTED_PREFERENCE_KEYS}
    return {**{key: value for key in PREFERENCE_KEYS}, "setup": nested, "new_puzzle": nested}


@pytest.mark.parametrize("kind", ["scalars", "lists", "objects", "board"])
@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_bad_preferences_fall_back_and_the_game_still_opens(info, kind, toy_in_registry, user_home):
    settings = Settings()
    settings.games = {info.name: bad_preferences(kind)}
    settings.save()
    app = new_app(registry_with(info, 0))
    try:
        scene = app.launch(info.name, Launch())
        assert scene is not None and scene.session.level_id, "the game did not open on a fallback level"
        frames(app, 3)
        assert app.crashes == 0
    finally:
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_save_label_no_font_can_draw_neither_breaks_the_menu_nor_the_game(info, toy_in_registry, user_home):
    """A save's label is text from a file: a NUL in it (``\\u0000`` in the JSON) made SDL_ttf raise on
    every frame of the menu -- the cards were gone behind "Something went wrong" -- and a lone
    surrogate the same. It is drawn as U+FFFD / ``\\udXXX`` instead, in the menu and in the game."""
    registry = registry_with(info, 0)
    play_and_leave(registry, info.name)
    target = saves.autosave_path(info.name)
    good = json.loads(target.read_text())
    target.write_text(json.dumps({**good, "label": "First\x00steps \ud800 \udcfb"}))
    app = new_app(registry)
    try:
        menu = app.push(MenuScene())
        frames(app, 3)
        assert app.crashes == 0, "the menu could not draw the save's label"
        key(app, pygame.K_c)
        frames(app, 3)
        assert app.crashes == 0 and isinstance(app.stack.top, GameScene) and menu is not app.stack.top
    finally:
        close(app)


def test_damaged_settings_fall_back_to_defaults_with_a_message(user_home):
    path = Settings.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"animation_speed": NaN, "window_size": ["a", 2], "palette": 5, "games": {"royale": 3}}')
    settings = Settings.load()
    assert settings.animation_speed == 1.0 and settings.window_size == (1280, 800) and settings.games == {}
    assert settings.problem and "\n" not in settings.problem


@pytest.mark.parametrize("where", ["menu", "game"])
def test_damaged_records_are_set_aside_and_said_where_the_player_is(user_home, where):
    """A garbage records.json erased every personal best without a word, then was overwritten."""
    saves.records_path().parent.mkdir(parents=True, exist_ok=True)
    saves.records_path().write_text("garbage")
    app = new_app(REGISTRY)
    try:
        if where == "menu":
            app.push(MenuScene())
            toast = app.stack.top.toast
        else:
            scene = app.launch("royale", Launch(level=SMALL["royale"]))
            scene.open_levels()
            app.pop()
            frames(app)
            toast = scene.toast
        said = [m.text for m in toast.messages if "records" in m.text]
        assert len(said) == 1 and "records.json.damaged" in said[0]
        assert saves.records_path().with_name("records.json.damaged").read_text() == "garbage"
    finally:
        close(app)


def test_an_unexpected_error_in_a_scene_returns_to_the_menu_with_the_save_kept(app, driver, monkeypatch):
    scene = app.launch("hashi", Launch(level=SMALL["hashi"]))
    safe_moves(scene, 2)
    monkeypatch.setattr(scene, "draw_board", lambda surface: 1 / 0)
    driver.frames(2)
    assert app.crashes == 1 and isinstance(app.stack.top, MenuScene)
    assert saved_session("hashi")["moves"] == scene.session.moves
    assert app.running
    said = app.stack.top.toast.current
    assert "Your progress is saved; details are in " in said, said
    where = said.split("details are in ")[1].rstrip(".")
    assert where == "the terminal (stderr)" or Path(where).is_file(), said  # (an earlier test may log to a file)


def test_an_unexpected_error_says_where_its_details_went_and_if_the_save_failed(app, driver, monkeypatch,
                                                                                  tmp_path):
    """The message named a crash log whether or not it had been written, and said the progress
    was saved on a read-only disk too."""
    import errno

    from arcade.services import logs

    logs.setup_logging()
    try:
        scene = app.launch("hashi", Launch(level=SMALL["hashi"]))
        monkeypatch.setattr("arcade.services.saves.atomic_write_text",
                            lambda *a, **k: (_ for _ in ()).throw(OSError(errno.EROFS, "Read-only file system")))
        safe_moves(scene, 2)
        monkeypatch.setattr(scene, "draw_board", lambda surface: 1 / 0)
        driver.frames(2)
        said = app.stack.top.toast.current
        assert "Your latest moves in Hashi could not be saved" in said, said
        assert f"details are in {logs.crash_log_path()}" in said and logs.crash_log_path().is_file(), said
    finally:
        import logging

        for handler in list(logging.getLogger("arcade").handlers):
            if getattr(handler, "baseFilename", None):
                logging.getLogger("arcade").removeHandler(handler)
                handler.close()


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_a_full_disk_is_a_message_never_a_crash(info, toy_in_registry, monkeypatch):
    """Winning with a full (or read-only) data dir: records, saves and settings fail to write, the game goes on."""
    import errno

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    with small_game(info) as (app, scene):
        monkeypatch.setattr("arcade.services.files.atomic_write_text", full)
        monkeypatch.setattr("arcade.services.saves.atomic_write_text", full)
        monkeypatch.setattr("arcade.services.settings.atomic_write_text", full)
        safe_moves(scene, 1)  # an autosave that fails in the background
        scene.session.undo()
        watch_to_the_end(app, scene)
        winning = scene.session.moves
        scene.change_level(scene.session.level, scene.session.level_id)  # again, and win "by hand" this time
        for move in winning:
            scene.session.play(move)
        assert scene.session.outcome is not None and scene.session.outcome.is_win and not scene.finished_with_ai
        app.save_settings()
        frames(app, 3)
        assert app.crashes == 0
        said = [m.text for m in scene.toast.messages]
        assert any("No space left" in t for t in said), said
        assert any("record" in t for t in said), (said, scene.record_note, scene.session.outcome)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_how_to_play_has_rules_a_legal_example_drawn_by_the_game_and_every_key(info, toy_in_registry):
    from arcade.ui.how_to_play import HowToPlayScene

    assert info.how_to_play and all(len(sentence) < 300 for sentence in info.how_to_play)
    with small_game(info) as (app, scene):
        key(app, pygame.K_F1)
        page = app.stack.top
        assert isinstance(page, HowToPlayScene)
        labels = [label for _, label in page.keys]
        assert all(label in labels for _, label in scene.help_lines())
        # Nothing is cut: each key fits its column, each meaning wraps within the text column.
        keys_font, text_font = app.theme.font(14, True), app.theme.font(14)
        key_room = page.key_column - page.text_rect.x - 8
        assert all(keys_font.size(line)[0] <= key_room for keys, _ in page.key_rows for line in keys)
        assert all(text_font.size(line)[0] <= page.text_rect.right - page.key_column
                   for _, lines in page.key_rows for line in lines)
        assert [" ".join(lines) for _, lines in page.key_rows] == [" ".join(m.split()) for _, m in page.keys]
        example = info.load_front().example()
        if example is not None:
            assert len(example.captions) == len(example.moves) + 1
            assert page.preview is not None and page.preview.session.length == len(example.moves)
            for _ in range(1000):  # whatever the example's scene computes in the background has arrived
                if not page.preview.busy:
                    break
                time.sleep(0.01)
            frames(app)

            def shown() -> bytes:  # the example (the player buttons beside it show playing or paused)
                return pygame.image.tobytes(app.screen.subsurface(page.example_rect), "RGB")

            before = shown()
            key(app, pygame.K_RIGHT)
            frames(app)
            assert page.step == 1 and shown() != before
            for _ in range(page.steps - 1):  # round to step 0 again: the same picture as at first
                key(app, pygame.K_RIGHT)     # (Hashi's "complete" ring stayed on from step 1)
            frames(app)
            assert page.step == 0 and shown() == before
            assert not saves.autosave_path(info.name).exists()  # the example never saves
        key(app, pygame.K_RETURN)
        assert app.stack.top is scene
        # Opened from the menu's "?" or by itself on a first visit, the page lists the same keys
        # (a game without an example has no scene to ask: its declared keys, each one the game's).
        app.push(HowToPlayScene(info))
        frames(app)
        if example is not None:
            assert app.stack.top.keys == page.keys
        else:
            assert app.stack.top.keys and all(row in page.keys for row in app.stack.top.keys)
        key(app, pygame.K_RETURN)
        assert app.stack.top is scene
        assert app.crashes == 0


def unlisted_keys(bindings, rows) -> list[str]:
    """The keys of ``bindings`` that run an action but that no help row in ``rows`` names."""
    from arcade.ui.keymap import named_keys, parse_keys

    listed = set()
    for keys, _ in rows:
        listed |= named_keys(keys)
    return [f"{b.keys} ({b.action})" for b in bindings
            if b.action and b.action != "explain_missing"  # a key the game lacks: it only says why
            and any(matcher not in listed for matcher in parse_keys(b.keys))]


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_every_key_that_acts_is_named_on_the_help_pages(info, toy_in_registry):
    """The pause table and How to play are built from the keymap, but a key bound without a label
    of its own was listed only if a row's keys named it: Hashi's PgUp / PgDn (rotate the rows) and
    Home (back as it was) worked and appeared nowhere but docs/hashi.md, Tron's replay keys , and .
    only inside a sentence. Every key that does something is named in a row's keys."""
    from arcade.ui.keymap import help_rows

    with small_game(info) as (_app, scene):
        bindings = scene.keymap()
        assert unlisted_keys(bindings, help_rows(bindings)) == []


def test_every_key_of_the_hashi_editor_is_named_on_its_help_pages(app):  # key names need pygame.init
    from arcade.games.hashi.view.editor import EDITOR_KEYS
    from arcade.ui.keymap import help_rows

    assert unlisted_keys(EDITOR_KEYS, help_rows(EDITOR_KEYS)) == []


EXAMPLES = [g for g in GAMES if g.load_front().example() is not None]


@pytest.mark.parametrize("info", EXAMPLES, ids=[g.name for g in EXAMPLES])
def test_a_playing_how_to_play_example_is_drawn_once_a_step(info, toy_in_registry, monkeypatch):
    """The page drew its example 60 times a second while it played, though it changes only at a
    step (shown without animation): a whole core on Runway's page, the first a player meets. Between
    steps nothing is drawn; a step is drawn once."""
    from arcade.ui import how_to_play

    app = App(registry_with(info, 0), size=(1280, 800), headless=True)
    try:
        app.push(MenuScene())
        page = app.push(how_to_play.HowToPlayScene(info))
        frames(app)
        assert page.playing and page.example_rect.width
        drawn = []
        real = page.draw
        monkeypatch.setattr(page, "draw", lambda surface: (drawn.append(page.step), real(surface)))
        frames(app, 30, dt=how_to_play.STEP_SECONDS / 40)  # three quarters of a step
        assert drawn == [], "drawn between steps"
        frames(app, 20, dt=how_to_play.STEP_SECONDS / 40)
        assert drawn == [1], drawn
    finally:
        close(app)


@pytest.mark.parametrize("size", [MIN_WINDOW, (1024, 640), (1280, 800)])
@pytest.mark.parametrize("info", EXAMPLES, ids=[g.name for g in EXAMPLES])
def test_how_to_play_example_plays_again_with_the_mouse(info, size, toy_in_registry, monkeypatch):
    """A click on How to play's example stepped it and paused it, and then only Space made it play
    again: a mouse player was left with a still picture. The framework's player buttons stand under
    the example (⏮ ◀ ▶/⏸ ▶ ⏭) on the "Got it" row, clear of it, of the example and its caption; the
    example's keys beside them, clear of the title (above the example they ran into it at 1024x640).
    The smallest window shows no example, and no buttons."""
    from arcade.ui import how_to_play
    from arcade.ui.widgets import DoubleClickGuard
    from tests.drawing import texts_drawn

    monkeypatch.setattr(DoubleClickGuard, "SECONDS", -1.0)  # the test's clicks are a player's, seconds apart
    drawn = texts_drawn(monkeypatch, how_to_play)
    app = App(registry_with(info, 0), size=size, headless=True)
    try:
        app.push(MenuScene())
        page = app.push(how_to_play.HowToPlayScene(info))
        frames(app)
        buttons = page.player.values()
        if not page.example_rect.width:
            assert all(not b.rect.width for b in buttons)
            return
        title = next(d.rect for d in drawn if d.text == page.title)
        for button in buttons:
            assert page.panel.contains(button.rect) and not button.rect.colliderect(page.close_button.rect)
            assert not button.rect.colliderect(page.example_rect.inflate(8, 8))
        caption_bottom = max(d.rect.bottom for d in drawn if d.rect.top >= page.example_rect.bottom
                             and d.rect.left >= page.example_rect.left and d.rect.bottom < page.close_button.rect.top)
        assert all(b.rect.top > caption_bottom for b in buttons), "the buttons cover the caption"
        hint = [d.rect for d in drawn if d.text in how_to_play.HINTS]
        assert hint, "the example's keys are not shown"
        assert not hint[-1].colliderect(title) and not hint[-1].colliderect(page.close_button.rect)
        assert not any(hint[-1].colliderect(b.rect) for b in buttons)

        click(app, page.example_rect.center)
        assert page.step == 1 and not page.playing
        frames(app, 3, dt=how_to_play.STEP_SECONDS)
        assert page.step == 1, "paused, the example moved on"
        click(app, page.player["play"].rect.center)
        assert page.playing
        frames(app, 1, dt=how_to_play.STEP_SECONDS + 0.1)
        assert page.step == 2 % page.steps, "the example did not play again"
        click(app, page.player["play"].rect.center)
        assert not page.playing
        click(app, page.player["start"].rect.center)
        assert page.step == 0
        click(app, page.player["step"].rect.center)
        assert page.step == 1
        click(app, page.player["back"].rect.center)
        assert page.step == 0
        click(app, page.player["end"].rect.center)
        assert page.step == page.steps - 1 and not page.playing
        assert app.stack.top is page
    finally:
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_how_to_play_in_a_small_window_scrolls_to_every_key(info, toy_in_registry):
    """At 800x500 the rules ran under the "Got it" button and no key was listed at all ("… more
    in the pause menu", which was cut too): now the column scrolls, and nothing is left out."""
    from arcade.ui.how_to_play import HowToPlayScene

    app = App(registry_with(info, 0), size=(800, 500), headless=True)
    try:
        page = HowToPlayScene(info)
        app.push(page)
        frames(app)
        assert page.text_rect.bottom <= page.close_button.rect.top, "the text column runs under the button"
        assert len(page.key_rows) == len(page.keys) > 0
        key(app, pygame.K_END)
        assert page.scroll.offset == page.scroll.most
        assert page.content_height - page.scroll.offset <= page.text_rect.height
        key(app, pygame.K_HOME)
        assert page.scroll.offset == 0
        if page.scroll.most:
            app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
            assert page.scroll.offset > 0, "the wheel does not scroll"
    finally:
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_how_to_play_scrolls_stop_on_a_rows_top_never_a_wrapped_rows_second_line(info, toy_in_registry):
    """The keys column could stop with a wrapped key's second line alone at the top (its key and
    first line above the view: "runway" with no "click or drag to go to a turn · to look along the").
    However it scrolls -- ↓, the wheel, PgDn, End, and back up -- the top of the view is the top of
    a line of the rules, of the heading or of a key row, and the end shows every key whole."""
    from arcade.ui.how_to_play import HowToPlayScene

    for size in ((800, 600), (800, 500), (640, 400)):
        app = App(registry_with(info, 0), size=size, headless=True)
        try:
            page = HowToPlayScene(info)
            app.push(page)
            frames(app)
            tops = page.row_tops()
            def press(name: int) -> pygame.event.Event:
                return pygame.event.Event(pygame.KEYDOWN, key=name, mod=0)

            notch = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
            back = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
            for down, up in ((press(pygame.K_DOWN), press(pygame.K_UP)), (notch, back),
                             (press(pygame.K_PAGEDOWN), press(pygame.K_PAGEUP))):
                key(app, pygame.K_HOME)
                for move in (down, up):
                    seen = []
                    for _ in range(60):
                        app.frame(1 / 60, [move])
                        seen.append(page.scroll.offset)
                        assert page.scroll.offset in tops, (size, move, page.scroll.offset)
                    assert seen[-1] == (page.scroll.most if move is down else 0), (size, move)
            key(app, pygame.K_END)
            assert page.scroll.offset in tops and page.content_height - page.scroll.offset <= page.text_rect.height
        finally:
            close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_how_to_play_never_draws_a_line_cut_by_the_scrolling_columns_edge(info, toy_in_registry):
    """At 800x600 Runway's page showed a sliver of the next key row, cut in half, above "↓ more:
    wheel, ↓ or PgDn". At every scroll position the column's lines are whole: the strips above the
    first drawn line and below the last one are empty."""
    from arcade.ui.how_to_play import HowToPlayScene

    for size in ((800, 600), (800, 500)):
        app = App(registry_with(info, 0), size=size, headless=True)
        try:
            page = HowToPlayScene(info)
            app.push(page)
            page.playing = False
            rect = page.text_rect
            for scroll in range(0, page.scroll.most + 1, 7):
                page.scroll.offset = scroll
                app.redraw = True
                frames(app, 1)
                heights = {(item[2], item[3]): app.theme.font(item[2], item[3]).get_height()
                           for item in page.column_lines()}
                lines = [item for item in page.column_lines()
                         if rect.y <= item[1][1] <= rect.bottom - heights[item[2], item[3]]]
                assert lines, (size, scroll)
                fonts = [heights[item[2], item[3]] for item in lines]
                top = min(item[1][1] for item in lines)
                bottom = max(item[1][1] + h for item, h in zip(lines, fonts, strict=True))
                for band in (pygame.Rect(rect.x, rect.y, rect.width, top - rect.y),
                             pygame.Rect(rect.x, bottom, rect.width, rect.bottom - bottom)):
                    if band.height <= 0:
                        continue
                    colours = {tuple(app.screen.get_at((x, y))) for x in range(band.x, band.right, 2)
                               for y in range(band.y, band.bottom)}
                    assert len(colours) == 1, f"{size} scroll {scroll}: a cut line drawn in {band}"
        finally:
            close(app)


def test_the_first_opening_of_a_game_in_a_window_shows_how_to_play_once(user_home, monkeypatch):
    from arcade.ui.how_to_play import HowToPlayScene

    app = new_app(REGISTRY)
    app.headless = False  # a window: the page opens by itself the first time only
    try:
        # Not over a bot author's run (play runway --bot), a replay or the editor: their own tools.
        app.launch("hashi", Launch(options={"edit": ""}), strict=True)
        assert not isinstance(app.stack.top, HowToPlayScene)
        app.stack.pop()
        app.launch("hashi", Launch(level=SMALL["hashi"]))
        assert isinstance(app.stack.top, HowToPlayScene)
        key(app, pygame.K_RETURN)
        app.stack.pop()
        app.launch("hashi", Launch(level=SMALL["hashi"]))
        assert not isinstance(app.stack.top, HowToPlayScene)
    finally:
        app.headless = True
        close(app)


def test_a_warning_given_under_how_to_play_waits_for_the_player(user_home, monkeypatch):
    """The start's "Nothing can be saved" came while How to play, opening by itself over the game
    the first time, was on top: a page with no toast, so the line went to the terminal alone. It
    now waits on the game's toast, which does not run down while covered, and the menu's Quit
    says it for as long as the run lasts ("Progress is saved automatically" was untrue)."""
    from arcade.ui import app as app_module
    from arcade.ui.how_to_play import HowToPlayScene

    monkeypatch.setattr(app_module, "to_terminal", lambda line: None)
    app = new_app(REGISTRY)
    app.headless = False  # a window: the page opens by itself the first time
    try:
        menu = app.push(MenuScene())
        app.cannot_save = "~/data is read-only (Permission denied)"
        scene = app.launch("hashi", Launch(level=SMALL["hashi"]))
        assert isinstance(app.stack.top, HowToPlayScene)
        app.warn("Nothing can be saved: ~/data is read-only (Permission denied).")
        frames(app, 60 * 20)  # twenty seconds of reading the rules
        key(app, pygame.K_RETURN)
        assert app.stack.top is scene and scene.toast.current.startswith("Nothing can be saved")
        app.stack.pop_to(MenuScene)
        frames(app)
        assert menu.entries[-1].subtitle == "✗ Nothing is kept: ~/data is read-only (Permission denied)"
    finally:
        app.headless = True
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_hover_text_stays_while_the_game_runs_and_gives_way_when_the_player_acts(info, toy_in_registry):
    """The pointer rests on a toolbar button: its tooltip shows, and stays through moves the
    player did not make (ticks, the AI); a key or a click replaces it with what it brings (the
    hint asked for); moving the pointer brings it back."""
    app = new_app(registry_with(info, 0))
    try:
        scene = top_game_after(app, info)
        motion = pygame.event.Event(pygame.MOUSEMOTION, pos=scene.toolbar.buttons[0].rect.center, rel=(1, 0),
                                    buttons=(0, 0, 0))
        app.frame(1 / 60, [motion])
        hover = scene.toolbar.hovered_tooltip()
        assert hover and scene.status_line() == (hover, "text_dim")
        safe_moves(scene, 1)
        scene.say("a message nobody asked for")
        frames(app)
        assert scene.status_line()[0] == hover
        if scene.has_hint:
            key(app, pygame.K_h)
            scene.worker.wait(30)
            frames(app)
            text, _role = scene.status_line()
            assert text and text != hover and text == scene.status_text
        else:
            header = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)
            app.frame(1 / 60, [header])
            assert scene.status_line()[0] == scene.status_text != hover
        app.frame(1 / 60, [motion])
        assert scene.status_line()[0] == hover
        assert app.crashes == 0
    finally:
        close(app)


def top_game_after(app: App, info: GameInfo) -> GameScene:
    """``info``'s small level opened, with every modal page (how to play, a setup dialog) out of the way."""
    scene = app.launch(info.name, Launch(level=SMALL[info.name]))
    frames(app)
    assert app.stack.top is scene
    return scene


@contextlib.contextmanager
def from_the_menu(registry: Registry, info: GameInfo) -> Iterator[tuple[App, GameScene]]:
    """An app on the menu with ``info``'s small level opened over it, as a player's click opens it;
    closed after."""
    app = new_app(registry)
    try:
        app.push(MenuScene())
        yield app, top_game_after(app, info)
    finally:
        close(app)


def key_down(app: App, code: int, up: bool = False) -> None:
    """One key event alone: the press (or pygame's timer repeat of it), or with ``up`` the release."""
    kind = pygame.KEYUP if up else pygame.KEYDOWN
    app.frame(1 / 60, [pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0)])


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_held_key_that_opened_a_scene_does_not_act_in_it(info, toy_in_registry, monkeypatch):
    """pygame repeats a held key from a timer: a slow Continue got a second C (Tron's console opened)."""
    registry = registry_with(info, 0)
    play_and_leave(registry, info.name)
    app = new_app(registry)
    try:
        app.push(MenuScene())
        key_down(app, pygame.K_c)
        scene = top_game(app)
        frames(app)
        seen: list[int] = []
        handle = scene.handle
        monkeypatch.setattr(scene, "handle", lambda event: (seen.append(event.key) if event.type == pygame.KEYDOWN
                                                            else None, handle(event))[1])
        key_down(app, pygame.K_c)  # the repeat, before the release was read
        assert seen == [], "the repeat of the key that chose Continue reached the game"
        key_down(app, pygame.K_c, up=True)
        key_down(app, pygame.K_c)  # a new press does reach it
        assert seen == [pygame.K_c]
        # Esc held in the game: the pause opens and stays open (the repeat closed it again).
        key_down(app, pygame.K_c, up=True)
        key_down(app, pygame.K_ESCAPE)
        paused = app.stack.top
        assert paused is not scene
        key_down(app, pygame.K_ESCAPE)
        key_down(app, pygame.K_ESCAPE)
        assert app.stack.top is paused, "a held Esc went through the pause"
        key_down(app, pygame.K_ESCAPE, up=True)
        key_down(app, pygame.K_ESCAPE)
        assert app.stack.top is scene, "a new Esc no longer closes the pause"
    finally:
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_new_level_opens_at_its_own_camera_not_the_last_levels_zoom(info, toy_in_registry):
    """Runway kept the player's zoom on the next level: a zoomed-in runway opened with no bike on screen."""
    registry = registry_with(info, 0)
    app = new_app(registry)
    try:
        scene = app.launch(info.name, Launch(level=SMALL[info.name]))
        frames(app)
        fitted = scene.camera_state()
        for _ in range(3):
            key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)  # Ctrl++
        frames(app, 30)
        if any(b.action == "zoom" for b in scene.game_bindings()):
            assert scene.camera_state() != fitted, "Ctrl++ did not zoom (the check could not fail)"
        other = next(e for e in scene.front.levels() if e.id != scene.session.level_id and not e.error)
        scene.load_entry(other)
        frames(app, 30)
        after = scene.camera_state()
    finally:
        close(app)
    with opened_afresh(registry, info.name, other.id, 30) as fresh:
        assert after == fresh.camera_state(), "the new level kept the last level's camera"


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_back_at_the_menu_the_game_left_is_still_the_one_selected(info, toy_in_registry):
    """The first save adds a Continue row above the games: the highlight stayed on the same row,
    the next game's (Enter after leaving Battle Royale opened Runway)."""
    registry = registry_with(info, 0)
    app = new_app(registry)
    try:
        menu = app.push(MenuScene())
        assert menu.entries[0].title != "Continue"
        row = next(i for i, e in enumerate(menu.entries) if e.title == info.title)
        menu.selected = row
        key(app, pygame.K_RETURN)
        scene = top_game(app)
        assert safe_moves(scene, 2)
        frames(app)
        app.stack.pop_to(MenuScene)
        frames(app)
        assert menu.entries[0].title == "Continue"
        assert menu.entries[menu.selected].title == info.title
    finally:
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_back_at_the_menu_from_a_game_not_opened_by_its_card_the_highlight_is_on_it(info, toy_in_registry):
    """A game opened from the command line (``play runway``) or by its letter left the menu's
    highlight where it was (Hashi's card, the first): back at the menu, Enter opened Hashi."""
    registry = registry_with(info, 0)
    app = new_app(registry)
    try:
        menu = app.push(MenuScene())
        menu.selected = next(i for i, e in enumerate(menu.entries) if e.title == "Settings")
        scene = app.launch(info.name)
        frames(app)
        assert safe_moves(scene, 2)
        scene.save_progress(leaving=True)  # Tron saves when the match is left
        app.stack.pop_to(MenuScene)
        frames(app)
        assert menu.entries[menu.selected].title == info.title
        settings = next(i for i, e in enumerate(menu.entries) if e.title == "Settings")
        menu.activate(settings)  # a scene other than a game closing over the menu moves nothing
        frames(app)
        app.stack.pop_to(MenuScene)
        frames(app)
        assert menu.selected == settings
    finally:
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_every_keymap_condition_names_a_predicate_of_the_scene(info, toy_in_registry):
    """A misspelt ``when`` or ``button_when`` would fail only when that key or button is used."""
    with small_game(info) as (app, scene):
        frames(app)
        for binding in scene.keymap():
            for name in (binding.when, binding.button_when):
                if name:
                    assert isinstance(getattr(scene, name), bool), f"{binding.keys}: {name} is not a predicate"


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_progress_that_could_not_be_saved_is_said_until_a_save_succeeds(info, toy_in_registry, monkeypatch):
    """A read-only disk was a toast of a few seconds; the menu then said "Saved just now" and
    quitting lost the moves without a word."""
    import errno

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    registry = registry_with(info, 0)
    play_and_leave(registry, info.name)
    app = new_app(registry)
    try:
        menu = app.push(MenuScene())
        scene = app.launch(info.name)
        with monkeypatch.context() as disk:  # the test's own data folder stays set after it
            disk.setattr("arcade.services.saves.atomic_write_text", read_only)
            safe_moves(scene, 1, seed=7)
            scene.save_progress(leaving=True)  # Tron saves when the match is left
            scene.saver.flush()
            assert saves.save_failure(info.name) == "Read-only file system"
            frames(app)
            app.stack.pop_to(MenuScene)
            frames(app)
            lines = {entry.title: entry.subtitle for entry in menu.entries}
            assert lines["Continue"].startswith("✗ Your latest moves are not saved")
            assert "could not be saved" in lines[info.title]
            assert lines["Quit"].startswith(f"✗ Not saved: {info.title}")
        scene = app.launch(info.name)
        safe_moves(scene, 1, seed=8)
        app.stack.pop_to(MenuScene)
        frames(app)
        assert saves.save_failure(info.name) == ""
        assert menu.entries[-1].subtitle == "Progress is saved automatically"
    finally:
        close(app)


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_hint_and_watch_are_grey_on_a_finished_game_and_back_after_undo(info, toy_in_registry):
    """They stayed clickable after the round and only answered "the game is over"."""
    with small_game(info) as (app, scene):
        frames(app)
        buttons = {b.label: b for b in scene.toolbar.buttons}
        ai = [b for label, b in buttons.items() if label in ("Hint", "Watch AI")]
        assert len(ai) == 2 and all(b.is_enabled() for b in ai)
        watch_to_the_end(app, scene)
        assert scene.session.outcome is not None
        for _ in range(300):  # the last step's animation, then the result panel
            if app.stack.top is not scene:
                break
            frames(app, 1, dt=0.1)
        assert app.stack.top is not scene and not scene.watching, "the watch outlived the game under its panel"
        app.pop()
        frames(app)
        assert not any(b.is_enabled() for b in ai), [(b.label, b.is_enabled(), scene.watching) for b in ai]
        scene.undo()
        assert all(b.is_enabled() for b in ai)


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_undo_and_redo_name_the_move_and_say_where_the_player_stands(info, toy_in_registry):
    """Undo and Redo said only "Undone." / "Redone.": undoing Battle Royale's drop hid the drop
    prompt. Every game with undo names the move in its own words and then says what the status line
    says on arriving there (a finished game: its outcome), and no later frame takes it back."""
    with small_game(info) as (app, scene):
        frames(app)
        assert scene.allow_undo
        safe_moves(scene, 2)
        frames(app, 30, dt=0.1)
        session = scene.session

        def expected(verb: str, index: int) -> str:
            what = scene.describe_move(session.state_at(index), session.rules.decode_move(session.move_at(index)),
                                       session.state_at(index + 1))
            assert what, f"{info.name}: Undo and Redo have no words for {session.move_at(index)!r}"
            return f"{verb}: {what}"

        for verb, press, index in (("Undone", scene.undo, 1), ("Undone", scene.undo, 0), ("Redone", scene.redo, 0)):
            press()
            frames(app, 30, dt=0.1)
            prompt = scene.position_prompt()
            assert scene.status_text.startswith(expected(verb, index)), (info.name, scene.status_text)
            if prompt:
                assert scene.status_text.endswith(prompt[0][1:]) and scene.status_role == prompt[1]
        watch_to_the_end(app, scene)
        outcome = session.outcome
        assert outcome is not None
        for _ in range(300):  # the last step's animation, then the result panel
            if app.stack.top is not scene:
                break
            frames(app, 1, dt=0.1)
        while app.stack.top is not scene:
            app.pop()
        assert not scene.watching
        scene.undo()
        scene.redo()
        frames(app, 30, dt=0.1)
        assert scene.status_text.startswith(expected("Redone", session.index - 1))
        assert scene.status_text.endswith(outcome.reason), (info.name, scene.status_text)
        scene.redo()
        assert scene.status_text == "Nothing to redo."


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_abandoning_a_game_clears_its_own_save_and_never_another_games(info, toy_in_registry):
    """``abandon_save`` (Tron's rematch and new setup) takes this game's save and nothing else: the
    other game's save stays and Continue offers it; a scene that does not autosave (a test-play)
    clears nothing; and the untouched new game writes nothing when left."""
    registry = registry_with(info, 0)
    other = next(g.name for g in GAMES if g.name != info.name and g.name != "toy")
    play_and_leave(registry, other)
    play_and_leave(registry, info.name)
    app = new_app(registry)
    try:
        app.push(MenuScene())
        scene = app.launch(info.name, Launch())
        assert scene.session.index > 0
        kept = scene.autosave_when
        scene.autosave_when = None  # as in a test-play: nothing of the player's may go
        scene.abandon_save()
        assert saves.autosave_path(info.name).is_file()
        scene.autosave_when = kept
        scene.abandon_save()
        assert not saves.autosave_path(info.name).exists()
        assert saves.autosave_path(other).is_file()
        scene.change_level(scene.session.level, scene.session.level_id)  # a new game, left untouched
        frames(app)
        app.stack.pop_to(MenuScene)
        assert not saves.autosave_path(info.name).exists()
    finally:
        close(app)
    app = new_app(registry)
    try:
        menu = app.push(MenuScene())
        assert menu.entries[0].title == "Continue" and REGISTRY.get(other).title in menu.entries[0].subtitle
    finally:
        close(app)


def wheel(app: App, y: int, pos: tuple[int, int] | None = None) -> None:
    events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))] if pos else []
    events.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)))
    app.frame(1 / 60, events)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_after_a_wheel_scroll_the_picker_highlights_a_shown_row_and_enter_opens_it(info, toy_in_registry):
    """The pointer rested on the list, the wheel scrolled it: nothing shown was highlighted, the footer
    said "7 / 68" and Enter opened the row hovered before scrolling, now out of view."""
    app = App(registry_with(info, 0), size=(900, 420), headless=True)  # a short list, so it scrolls
    try:
        scene = app.launch(info.name, Launch(level=SMALL[info.name]))
        frames(app)
        key(app, pygame.K_l)
        picker = app.stack.top
        assert isinstance(picker, PickerScene)
        shown = range(picker.scroll, picker.scroll + picker.visible_rows)
        # With the pointer away from the list, the selection is kept in view.
        wheel(app, -1, (picker.panel.x + 2, picker.panel.y + 2))
        assert picker.scroll <= picker.selected < picker.scroll + picker.visible_rows
        # With the pointer on the list, the highlight follows the row under it.
        pos = (picker.list_rect.centerx, picker.list_rect.y + picker.ROW // 2)
        for _ in range(2):
            wheel(app, -1, pos)
            shown = range(picker.scroll, picker.scroll + picker.visible_rows)
            assert picker.selected in shown, (picker.selected, shown)
            under = picker._row_at(pos)
            if under is not None and not picker.choices[under].header:
                assert picker.selected == under
        chosen = picker.choices[picker.selected]
        number = sum(not c.header for c in picker.choices[: picker.selected + 1])
        assert picker.footer().startswith(f"{number} /") or len(picker.choices) <= picker.visible_rows
        if chosen.value.error or chosen.value.group in ("random", "replays"):
            return
        key(app, pygame.K_RETURN)
        frames(app)
        assert top_game(app) is scene and scene.session.level_id == chosen.value.id
    finally:
        close(app)


TIMED = [g for g in GAMES if g.record is not None and g.record.unit == "time"]


@pytest.mark.parametrize("info", TIMED, ids=[g.name for g in TIMED])
def test_a_new_best_time_never_reads_the_same_as_the_one_it_beat(info, toy_in_registry):
    """8.6 s beaten by 8.1 s read "A new personal best: time 00:08 (was 00:08)"."""
    with small_game(info) as (app, scene):
        frames(app)
        key_ = scene.front.record_key(scene.session.level)
        saves.record_result(info.name, key_, 8.6)
        scene.elapsed = 8.1
        assert scene.keep_record(Outcome("win")) == "A new personal best: time 00:08.1 (was 00:08.6)."
        scene.elapsed = 5.0
        assert scene.keep_record(Outcome("win")) == "A new personal best: time 00:05 (was 00:08)."


def test_times_with_tenths():
    from arcade.ui.formatting import format_time

    assert [format_time(s, tenths=True) for s in (8.14, 8.96, 59.96, 3600.04)] == \
        ["00:08.1", "00:09.0", "01:00.0", "1:00:00.0"]


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_only_a_scene_that_autosaves_owns_the_save(info, toy_in_registry):
    """The Hashi editor's header said "Not saved" when Hashi's autosave had failed: it saves no game."""
    with small_game(info) as (app, scene):
        frames(app)
        assert scene.owns_save() is (scene.autosave_when is not None)
        scene.autosave_when = None
        assert not scene.owns_save()


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_level_opened_by_name_is_where_the_next_start_begins(info, toy_in_registry):
    """``play runway --level 06…`` lost, quit: the save was gone (a finished game) and the next start
    opened the first level, not the one played."""
    registry = registry_with(info, 0)
    app = new_app(registry)
    try:
        first = app.registry.get(info.name).load_front().first_level()
        other = next(e.id for e in app.registry.get(info.name).load_front().levels()
                     if e.id != first and not e.error and e.group != "random")
        app.launch(info.name, Launch(level=other))
        frames(app)
    finally:
        close(app)
    app = new_app(registry)
    try:
        scene = app.launch(info.name, Launch())
        assert scene.session.level_id == other
    finally:
        close(app)


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_main_menu_on_a_result_opens_the_menu_even_when_started_in_the_game(info, toy_in_registry):
    """Started with ``play GAME`` (no menu underneath), the result panel's Main menu quit the program."""
    with small_game(info) as (app, scene):
        assert not any(isinstance(s, MenuScene) for s in app.stack.scenes)
        watch_to_the_end(app, scene)
        for _ in range(300):
            if app.stack.top is not scene:
                break
            frames(app, 1, dt=0.1)
        panel = app.stack.top
        assert panel is not scene, "no result panel"
        button = next(b for b in panel.buttons if b.label == "Main menu")
        button.on_click()
        frames(app)
        assert isinstance(app.stack.top, MenuScene) and app.running


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_m_on_a_result_panel_is_its_main_menu_in_every_game(info, toy_in_registry):
    """Tron's match result takes M for Main menu (the README: "M: the main menu"); the other games'
    result panels, the framework's, took no key for it, so the same key did nothing there."""
    from arcade.ui.overlays import ARM_SECONDS

    with small_game(info) as (app, scene):
        watch_to_the_end(app, scene)
        for _ in range(300):
            if app.stack.top is not scene:
                break
            frames(app, 1, dt=0.1)
        assert app.stack.top is not scene, "no result panel"
        frames(app, int(ARM_SECONDS / 0.1) + 2, dt=0.1)  # armed: it takes keys now
        key(app, pygame.K_m)
        frames(app)
        assert isinstance(app.stack.top, MenuScene) and app.running


def keys_listed_twice(table: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """Every key named by two rows of one keys table: (key, one meaning, the other)."""
    from arcade.ui.keymap import named_keys

    twice = []
    for i, (keys, meaning) in enumerate(table):
        for other_keys, other in table[i + 1:]:
            for matcher in named_keys(keys) & named_keys(other_keys):
                twice.append((f"{keys} | {other_keys} ({matcher.codes})", meaning, other))
    return twice


#: Scenes with a keys table of their own besides each game's board: Hashi's puzzle editor.
KEY_TABLE_SCENES = [*((g, None) for g in GAMES), (REGISTRY.get("hashi"), {"edit": ""})]


@pytest.mark.parametrize(("info", "options"), KEY_TABLE_SCENES,
                         ids=[g.name + ("-editor" if o else "") for g, o in KEY_TABLE_SCENES])
def test_a_keys_table_lists_each_key_once_in_every_mode(info, options, toy_in_registry):
    """Runway's table listed Space three times (let the AI drive; while watching: pause; a program's
    run: play / pause) and Tron's too (the round, the next round, the replay): a key is listed once,
    with what a press of it does in the mode the game is in -- for every combination of the scene's
    conditions, in the pause overlay and on the how-to-play page. Hashi's editor too, whose keys
    table is its own."""
    import itertools

    from arcade.ui.how_to_play import HowToPlayScene
    from arcade.ui.overlays import PauseScene

    app = new_app(registry_with(info, 0))
    try:
        launch = Launch(options=options) if options else Launch(level=SMALL[info.name])
        scene = app.launch(info.name, launch, strict=True)
        frames(app)
        if options:
            assert type(scene).__name__ == "EditorScene" and scene.help_lines()
        conditions = sorted({b.when for b in scene.keymap() if b.when})
        for values in itertools.product((False, True), repeat=len(conditions)):
            mode = dict(zip(conditions, values, strict=True))
            scene.binding_active = lambda b, mode=mode: not b.when or mode[b.when]  # type: ignore[method-assign]
            table = scene.help_lines()
            assert not keys_listed_twice(table), (mode, keys_listed_twice(table))
        del scene.binding_active
        if scene.has_watch:  # for real: while the AI plays
            scene.toggle_watch()
            scene.worker.wait(30)
            frames(app)
            assert scene.watching and not keys_listed_twice(scene.help_lines())
            scene.stop_watch()
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.stack.top, PauseScene) and app.stack.top.keys
        assert not keys_listed_twice(app.stack.top.keys)
        app.pop()
        frames(app)
        key(app, pygame.K_F1)
        assert isinstance(app.stack.top, HowToPlayScene) and app.stack.top.keys
        assert not keys_listed_twice(app.stack.top.keys)
    finally:
        close(app)


#: Every toolbar is one row: at the least a window can be, at the default 1024x640 (where Hashi's
#: Pause went to a second row) and large.
TOOLBAR_SIZES = [MIN_WINDOW, (1024, 640), (1920, 1200), (2560, 1440)]
#: Scenes a game opens besides its board (Hashi's editor has a toolbar of its own).
TOOLBAR_SCENES = [*((g, None) for g in GAMES), (REGISTRY.get("hashi"), {"edit": ""})]


def toolbar_problems(scene: GameScene, size: tuple[int, int]) -> list[str]:
    """What is wrong with ``scene``'s toolbar at ``size``: a second row, a button outside the window,
    on another or on the status line, a label cut, a button neither on the row nor in its More menu."""
    bar, theme = scene.toolbar, scene.app.theme
    window = pygame.Rect((0, 0), size)
    more, overflow = getattr(bar, "more", None), getattr(bar, "overflow", [])
    row = [b for b in [*bar.buttons, more] if b is not None and b.rect.width]  # a closed menu's have none
    problems = []

    def check(buttons, text_size, where):
        for i, b in enumerate(buttons):
            if not window.contains(b.rect):
                problems.append(f"{b.label!r} {where} is outside the window: {b.rect}")
            if theme.font(text_size).size(b.label)[0] > b.rect.width - 6:
                problems.append(f"{b.label!r} {where} is cut: {b.rect.width} px")
            problems.extend(f"{b.label!r} and {o.label!r} {where} overlap" for o in buttons[i + 1:]
                            if b.rect.colliderect(o.rect))

    if len({(b.rect.y, b.rect.height) for b in row}) != 1:
        problems.append(f"more than one row: {[(b.label, b.rect.topleft) for b in row]}")
    check(row, bar.text_size, "on the row")
    if bar.rect.top < scene.status_rect.bottom or scene.board_area.bottom > scene.status_rect.top:
        problems.append(f"the toolbar {bar.rect} or the board {scene.board_area} covers the status line")
    if {id(b) for b in bar.buttons} != {id(b) for b in row if b is not more} | {id(b) for b in overflow}:
        problems.append("a button is neither on the row nor in the More menu")
    if bar.find("Pause") is not None and bar.find("Pause") not in row:
        problems.append("Pause (every key, the menu) went into the More menu")
    if overflow:
        bar.toggle_menu()
        check(overflow, bar._menu_size, "in the More menu")
        problems.extend(f"the More menu covers {b.label!r}" for b in row if b is not more
                        and bar.menu_rect.colliderect(b.rect))
        bar.close_menu()
    return problems


@pytest.mark.parametrize("size", TOOLBAR_SIZES, ids=[f"{w}x{h}" for w, h in TOOLBAR_SIZES])
@pytest.mark.parametrize(("info", "options"), TOOLBAR_SCENES,
                         ids=[g.name + ("-editor" if o else "") for g, o in TOOLBAR_SCENES])
def test_every_toolbar_is_one_row_that_fits_the_window(info, options, size, toy_in_registry):
    """The toolbar wrapped onto a second row when the window was narrow for it (Hashi's at 1024
    pixels): the framework lays every game's out in one row, smaller text first, then a More menu
    for what still does not fit -- never at the default size, never for Pause."""
    app = App(registry_with(info, 0), size=size, headless=True)
    try:
        launch = Launch(options=options) if options else Launch(level=SMALL[info.name])
        scene = app.launch(info.name, launch, strict=True)
        frames(app)
        assert app.size == size and top_game(app) is scene
        assert toolbar_problems(scene, size) == []
        if size != MIN_WINDOW:
            assert getattr(scene.toolbar, "overflow", []) == [], f"buttons in a More menu at {size}"
        if scene.has_watch and scene.session.outcome is None:
            scene.toggle_watch()  # the keymap changes while watching: the toolbar is built anew
            scene.worker.wait(30)
            frames(app)
            assert toolbar_problems(scene, size) == []
    finally:
        close(app)


@pytest.mark.parametrize(("info", "options"), TOOLBAR_SCENES,
                         ids=[g.name + ("-editor" if o else "") for g, o in TOOLBAR_SCENES])
def test_on_a_big_window_every_games_chrome_and_text_grow_and_still_fit(info, options, toy_in_registry):
    """At 2560x1440 the header, the status line and the toolbar were drawn at 1280x720's sizes, tiny in
    a sea of board: the framework's UI scale (1.5 there) makes every game's chrome and its text
    bigger, in one row that still fits the window, the board between them."""
    heights = {}
    for size in [(1280, 720), (2560, 1440)]:
        app = App(registry_with(info, 0), size=size, headless=True)
        try:
            launch = Launch(options=options) if options else Launch(level=SMALL[info.name])
            scene = app.launch(info.name, launch, strict=True)
            frames(app)
            bar = scene.toolbar
            heights[size] = (scene.header_rect.height, scene.status_rect.height, bar.rect.height,
                             app.theme.font(bar.text_size).get_height())
            assert toolbar_problems(scene, size) == []
            screen = pygame.Rect((0, 0), size)
            assert screen.contains(scene.header_rect) and screen.contains(bar.rect)
            assert scene.header_rect.bottom <= scene.board_area.top <= scene.board_area.bottom <= scene.status_rect.top
        finally:
            close(app)
    small, big = heights[(1280, 720)], heights[(2560, 1440)]
    assert all(b > s for s, b in zip(small, big, strict=True)), (small, big)


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_on_a_big_window_the_pause_and_how_to_play_grow_and_their_lines_never_overlap(info, toy_in_registry):
    """The pause screen's and How to play's text grows with the window (UI scale 1.5 at 2560x1440) and
    so do their line steps: 22-pixel key rows under 1.5x text would overlap. Each panel stays inside
    the window, its buttons inside it and apart."""
    from arcade.ui.how_to_play import HowToPlayScene
    from arcade.ui.overlays import PauseScene

    titles = {}
    for size in [(1280, 720), (2560, 1440)]:
        app = App(registry_with(info, 0), size=size, headless=True)
        try:
            scene = app.launch(info.name, Launch(level=SMALL[info.name]), strict=True)
            frames(app)
            scene.open_pause()
            frames(app)
            pause = app.stack.top
            assert isinstance(pause, PauseScene)
            screen = pygame.Rect((0, 0), size)
            theme = app.theme
            assert screen.contains(pause.panel)
            assert pause.key_line >= theme.font(16, True).get_linesize()
            assert all(pause.panel.contains(b.rect) for b in pause.buttons)
            assert not any(a.rect.colliderect(b.rect) for a, b in itertools.combinations(pause.buttons, 2))
            app.pop()
            if info.how_to_play:
                page = app.push(HowToPlayScene(info))
                frames(app)
                assert screen.contains(page.panel) and page.panel.contains(page.close_button.rect)
                items = page.column_lines()
                keys = [(pos[1], theme.font(size_, bold).get_height()) for _t, pos, size_, bold, _r, _w in items
                        if size_ == 14 and not bold]
                assert all(top + height <= next_top for (top, height), (next_top, _h) in itertools.pairwise(keys)
                           if next_top > top), "How to play's key lines overlap"
                app.pop()
            titles[size] = theme.font(28, True).get_height()
        finally:
            close(app)
    assert titles[(2560, 1440)] > titles[(1280, 720)]


def test_the_more_menu_runs_a_button_that_did_not_fit_and_a_click_elsewhere_only_closes_it(toy_in_registry):
    """At the least window Hashi's row cannot hold its thirteen buttons: the rest are one click away."""
    app = App(registry_with(REGISTRY.get("hashi"), 0), size=MIN_WINDOW, headless=True)
    try:
        scene = app.launch("hashi", Launch(level=SMALL["hashi"]), strict=True)
        frames(app)
        bar = scene.toolbar
        assert bar.overflow and bar.more in bar.row()
        hidden = bar.overflow[0]
        assert hidden.rect.width == 0, "a button in the closed menu must not take clicks"
        click(app, bar.more.rect.center)
        assert bar.menu_open and bar.menu_rect.collidepoint(hidden.rect.center)
        moves = scene.session.index
        click(app, scene.board_area.center)  # on the board: closes the menu, does nothing else
        assert not bar.menu_open and scene.session.index == moves
        assert hidden.rect.width == 0
        click(app, bar.more.rect.center)
        escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
        app.frame(1 / 60, [escape])
        assert not bar.menu_open and app.stack.top is scene, "Esc closes the menu, not the game"
        fit = bar.find("Fit")
        assert fit in bar.overflow
        scene.zoom("1")
        zoomed = scene.painter.view.cell
        assert not scene.painter.view.shows_all
        click(app, bar.more.rect.center)
        click(app, fit.rect.center)
        assert scene.painter.view.cell < zoomed and scene.painter.view.shows_all and not scene.toolbar.menu_open
    finally:
        close(app)


def click(app: App, pos: tuple[int, int]) -> None:
    frames(app, 1)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(1 / 60)


#: A cell named as a bare pair of numbers ("(3, 4)"), which players read neither 0- nor 1-based.
BARE_PAIR = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")
#: A cell named the one way every game names cells (arcade.core.grid.cell_name).
CELL_NAME = re.compile(r"\brow (-?\d+), column (-?\d+)\b")
#: The games whose sentences name cells (the contract checks that they still do, so it cannot pass empty).
NAMES_CELLS = {"hashi", "royale", "toy"}


def player_texts(scene: GameScene) -> tuple[list[str], list[str]]:
    """Every sentence the game shows about its board along a game played to its end (by the AI
    where it plays, else by random legal moves): the hint at each position, each watch step, the
    result, the hover text over the whole board at the start and at the end; and, apart, the
    refusals of moves made from legal ones with their numbers changed (often off the board)."""
    session, rules = scene.session, scene.session.rules
    texts: list[str] = []
    refused: list[str] = []

    def hover() -> None:
        area = scene.board_area
        texts.extend(scene.board_tooltip((x, y)) for x in range(area.left + 3, area.right, 9)
                     for y in range(area.top + 3, area.bottom, 9))

    def refusals() -> None:
        for move in list(rules.legal_moves(session.state))[:40]:
            text = rules.encode_move(move)
            for number in set(re.findall(r"\d+", text)):
                for other in ("0", "1", "3", "99"):
                    try:
                        rules.apply(session.state, rules.decode_move(re.sub(rf"\b{number}\b", other, text)))
                    except IllegalMove as exc:
                        refused.append(str(exc))
                    except (ArcadeError, ValueError):
                        pass

    hover()
    refusals()
    rng = random.Random(5)
    steps = itertools.islice(session.watch(), 400) if session.watch_hook else None
    for _ in range(400):
        if session.outcome is not None:
            break
        if session.hint_hook is not None:
            hint = session.hint()
            texts.append(hint.reason if hint is not None else "")
        step = next(steps, None) if steps is not None else None
        if step is not None:
            texts.append(step.label)
            session.apply_step(step)
        elif rules.legal_moves(session.state):
            session.play(rules.encode_move(rng.choice(list(rules.legal_moves(session.state)))))
        else:
            break
        if session.index % 5 == 0:
            refusals()
    if session.outcome is not None:
        texts.append(session.outcome.reason)
    hover()
    return [t for t in texts if t], refused


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_every_game_names_cells_from_1_in_the_same_words(info, toy_in_registry):
    """Battle Royale said "(3, 4)", counted from 0, where Hashi says "the 4 at row 4, column 5":
    every game names a cell through cell_name, as "row R, column C" counted from 1 -- inside the
    board, never a bare pair of numbers."""
    with small_game(info) as (app, scene):
        frames(app)
        view = getattr(getattr(scene, "camera", None), "view", None)
        rows, cols = (view.rows, view.cols) if view is not None else (10**6, 10**6)
        texts, refused = player_texts(scene)
        assert texts and scene.session.outcome is not None, "the game was not played to its end"
        assert [t for t in [*texts, *refused] if BARE_PAIR.search(t)] == []
        names = [(t, int(r), int(c)) for t in texts for r, c in CELL_NAME.findall(t)]
        assert [n for n in names if not (1 <= n[1] <= rows and 1 <= n[2] <= cols)] == [], "a cell off the board"
        refused_names = [(t, int(r), int(c)) for t in refused for r, c in CELL_NAME.findall(t)]
        assert [n for n in refused_names if n[1] < 1 or n[2] < 1] == []
        assert bool(names or refused_names) == (info.name in NAMES_CELLS), (names or refused_names)[:3]


#: A level whose opening says something about it (Hashi's torus note), for the test below.
NOTED = {"hashi": "wrapped/02-doughnut"}


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_words_about_a_level_go_when_another_level_opens(info, toy_in_registry):
    """"Torus: opposite edges are joined (rotate: Alt+arrows)" stayed up after the plane level
    Neighbours was picked from Levels. A level change takes away the status line's words and every
    toast about the old level (``level_note``), in every game: after it the toasts are those the
    new level shows when opened afresh, plus only those about something else (a failed save)."""
    registry = registry_with(info, 0)
    first = NOTED.get(info.name, SMALL[info.name])
    app = new_app(registry)
    try:
        scene = app.launch(info.name, Launch(level=first))
        frames(app, 5)
        scene.say("Words about the first level.")
        scene.level_note("A note about the first level.")
        scene.toast.show("Autosave failed: the disk is full", "error", 60.0)  # not about the level: stays
        other = next(e for e in scene.front.levels()
                     if e.id not in (first, scene.session.level_id) and not e.error and e.group != "random")
        if info.name in NOTED:
            other = next(e for e in scene.front.levels() if e.id == SMALL[info.name])
        scene.load_entry(other)
        assert scene.session.level_id == other.id
        frames(app, 5)
        after = {m.text for m in scene.toast.messages}
        status = scene.status_text
    finally:
        close(app)
    with opened_afresh(registry, info.name, other.id, 5) as fresh:
        fresh_toasts = {m.text for m in fresh.toast.messages}
    assert status != "Words about the first level."
    assert after - fresh_toasts == {"Autosave failed: the disk is full"}, (first, other.id, after)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_toast_that_fades_leaves_the_status_line_drawn_at_its_full_width(info, toy_in_registry):
    """The status line wraps in the room a toast leaves beside it; when the toast faded, an idle
    screen was not drawn again and the line stayed wrapped beside nothing."""
    with small_game(info) as (app, scene):
        frames(app)
        scene.say("A status line long enough to need the whole width of the window " * 2)
        scene.toast.show("A toast beside the status line", "info", 1.0)
        frames(app, 2)
        assert scene._status_cache[0][1] < scene.status_rect.width, "the line did not make room for the toast"
        for _ in range(100):
            had, drawn = bool(scene.toast.messages), app.drawn
            frames(app, 1, dt=0.1)
            if had and not scene.toast.messages:
                assert app.drawn == drawn + 1, "the frame the toast went was not drawn"
                break
        else:
            pytest.fail("the toast never went")
        assert scene._status_cache[0][1] == scene.status_rect.width


#: A hint as long as Hashi's longest (a wrong mark's chain of forced steps), in words every game could say.
LONG_HINT = ("Wrong mark: The 'no bridge' mark on the line from the 3 at row 3, column 10 south to the 3 at row 6, "
             "column 10 is wrong: with it, the 4 at row 5, column 8 could no longer get enough bridges after 4 "
             "forced steps (numbered on the board); remove the mark. " + " ".join(
                 f"{k}. Pigeonhole: the 3 at row {k}, column 10 needs 3 but its other directions take at most 2: "
                 f"at least one bridge west to the 3 at row {k}, column 6." for k in range(1, 5)))


@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1024, 640)])
@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_long_status_text_is_shown_whole_a_page_at_a_time(info, size, toy_in_registry):
    """Hashi's long hints ended in "…" after the status line's two lines at 1024x640: the fix and the
    end of the reason ("numbered on the board; remove the mark") were never shown. Every word of a
    long status text is drawn, two whole lines at a time (never cut, never wider than the line):
    a click on the line turns the page, and so does a pause long enough to read it."""
    with small_game(info) as (app, scene):
        resize(app, size)
        frames(app)
        scene.say(LONG_HINT, "error")
        frames(app)
        assert scene.status_cut, "the text fits two lines: not long enough for this test"
        font = app.theme.font(16)
        pages = []
        for _ in range(30):
            shown = list(scene.status_shown)
            assert 0 < len(shown) <= 2 and shown not in pages
            # Only a part of a text longer than three pages ends in "…", with the key that reads on.
            said = " ".join(shown).removesuffix(READ_ON).removeprefix("…")
            assert "…" not in said and all(font.size(line)[0] <= scene.status_text_rect.width for line in shown)
            assert scene.status_more_rect.width and scene.status_text_rect.contains(scene.status_more_rect)
            pages.append(shown)
            page, part = scene.status_page, scene.status_part
            app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.status_text_rect.center, button=1),
                               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=scene.status_text_rect.center, button=1)])
            frames(app, 1)
            if scene.status_page == 0 and scene.status_part == 0:
                break
            assert (scene.status_page, scene.status_part) in ((page + 1, part), (0, part + 1))
        said = " ".join(" ".join(page) for page in pages).replace(READ_ON, "").replace(" …", " ")
        words = said.split()
        assert words == app.theme.marked("error", LONG_HINT).split(), "a word was lost between the pages"
        assert scene.status_text == LONG_HINT and scene.session.index == 0, "the click did something else"
        # Left alone, the pages turn after a reading pause: a keyboard player reads them all too.
        frames(app, 1, dt=30.0)
        assert scene.status_page == 1


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_a_watch_is_driven_with_the_mouse_and_its_button_says_what_a_click_does(info, toy_in_registry, monkeypatch):
    """Hashi's Watch AI button read the same while the AI played, and pausing or stepping the watch
    took keys the screen did not show. While the AI is watched the button reads "Stop watching"
    (pressed), and Pause AI / Resume AI and Step sit beside it -- the framework's, so every game
    whose watch is the framework's has them. (Runway's watch key plays and pauses, and its pad
    has the player buttons: its Watch button reads "Stop watching", pressed, while the AI drives.)
    They stand there grey before and after a watch: coming and going, they moved every button
    after them, and a click meant for Undo opened Hashi's editor."""
    from arcade.ui.widgets import DoubleClickGuard

    # The test's clicks are a player's, seconds apart: Pause AI takes the Watch button's place.
    monkeypatch.setattr(DoubleClickGuard, "SECONDS", -1.0)
    with small_game(info) as (app, scene):
        frames(app)

        def labels() -> list[str]:
            return [b.label for b in scene.toolbar.row()]

        def grey(*names: str) -> bool:
            return all(not scene.toolbar.find(name).is_enabled() for name in names)

        assert "Watch AI" in labels()
        if scene.watch_action == "toggle_watch":
            assert grey("Pause AI", "Step"), labels()
        click(app, scene.toolbar.find("Watch AI").rect.center)
        scene.worker.wait(30)
        frames(app)
        assert scene.watching, scene.status_text
        if scene.watch_action != "toggle_watch":  # its pad's player buttons pause and step it
            button = scene.toolbar.find("Stop watching")
            assert button is not None and button.toggled
            click(app, button.rect.center)
            assert not scene.watching and "Watch AI" in labels()
            return
        row = labels()
        assert "Watch AI" not in row and scene.toolbar.find("Stop watching").toggled, row
        at = row.index("Stop watching")
        assert row[at + 1: at + 3] == ["Pause AI", "Step"], row
        places = [b.rect.copy() for b in scene.toolbar.row()]
        click(app, scene.toolbar.find("Pause AI").rect.center)
        assert scene.watch.paused and "Resume AI" in labels() and "Pause AI" not in labels()
        assert [b.rect for b in scene.toolbar.row()] == places, "the row moved under the pointer"
        index = scene.session.index
        click(app, scene.toolbar.find("Step").rect.center)
        assert scene.session.index > index
        if scene.watch is None:  # that step was the AI's last (the toy's one-move game)
            assert "Watch AI" in labels() and "Resume AI" not in labels() and grey("Pause AI", "Step")
            return
        assert scene.watch.paused
        click(app, scene.toolbar.find("Resume AI").rect.center)
        assert not scene.watch.paused and "Pause AI" in labels()
        click(app, scene.toolbar.find("Stop watching").rect.center)
        assert not scene.watching
        assert "Watch AI" in labels() and not {"Resume AI", "Stop watching"} & set(labels())
        assert grey("Pause AI", "Step")


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_the_watch_button_stops_a_watch_whose_plan_is_still_being_worked_out(info, toy_in_registry, monkeypatch):
    """A big Battle Royale grid's watch plans for up to 30 s under "The AI is thinking". The button
    still read "Watch AI", and a click on it (or the watch key) started the search over instead of
    stopping it: a player who changed their mind waited again, and the AI played anyway. While the
    plan is worked out the button reads "Stop watching", and a click drops the plan."""
    import threading

    from arcade.ui.widgets import DoubleClickGuard

    monkeypatch.setattr(DoubleClickGuard, "SECONDS", -1.0)  # the player's clicks are seconds apart
    with small_game(info) as (app, scene):
        release = threading.Event()
        submit = scene.worker.submit

        def slow_search(fn, *args, label="", **kw):  # every watch plan takes as long as a big grid's
            def slow(*a):
                release.wait(30)
                return fn(*a)
            submit(slow if label == "watch" else fn, *args, label=label, **kw)

        monkeypatch.setattr(scene.worker, "submit", slow_search)
        frames(app)
        click(app, watch_button(scene).rect.center)
        assert scene.worker.busy and not scene.watching, scene.status_text
        assert watch_button(scene).label == "Stop watching" and not watch_button(scene).toggled
        click(app, watch_button(scene).rect.center)
        release.set()
        scene.worker.wait(30)
        frames(app)
        assert not scene.watching and scene.session.index == 0, "the AI played after its watch was stopped"
        assert watch_button(scene).label == "Watch AI", watch_button(scene).label
        assert "thinking" not in scene.status_text.lower(), scene.status_text


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_the_level_picker_says_it_stopped_the_watch(info, toy_in_registry):
    """L during a watch stops the AI (as the pause menu does) but said nothing: after the picker was
    cancelled the status line still read "Watching the AI — ... pauses", the button "Watch AI".
    It names what stopped it: Runway's line said "(the menu stops it)" under the level picker."""
    with small_game(info) as (app, scene):
        frames(app)
        scene.toggle_watch()
        scene.worker.wait(30)
        frames(app)
        assert scene.watching, scene.status_text
        key(app, pygame.K_l)
        assert isinstance(app.stack.top, PickerScene), type(app.stack.top).__name__
        key(app, pygame.K_ESCAPE)
        frames(app)
        assert app.stack.top is scene and not scene.watching
        assert "Watching the" not in scene.status_text and "stopped" in scene.status_text.lower(), scene.status_text
        assert "level picker" in scene.status_text and "menu" not in scene.status_text, scene.status_text


def watch_button(scene: GameScene):
    """The toolbar's Watch button, whatever it reads now (it is rebuilt as a watch starts and pauses)."""
    found = [b for b in scene.toolbar.buttons if b.label in GameScene.WATCH_LABELS]
    assert len(found) == 1, [b.label for b in scene.toolbar.buttons]
    return found[0]


def start_watch(app: App, scene: GameScene, steps: int = 0) -> None:
    """Start the AI's watch with the Watch button's own action; with ``steps``, let it play that many
    (frames of no time until then: the toy's AI solves its level in one step)."""
    scene.run_binding(next(b for b in scene.keymap() if b.action == scene.watch_action))
    for _ in range(400):
        scene.worker.wait(30)
        frames(app, 1, dt=0.1 if scene.watch is not None and steps else 0.0)
        if scene.watch is not None and scene.session.index >= steps:
            return
    pytest.fail(f"the AI's watch never played {steps} steps: {scene.status_text}")


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_the_watch_button_is_lit_while_the_ai_plays_and_says_so_while_it_is_paused(info, toy_in_registry,
                                                                                    monkeypatch):
    """Runway's Watch AI button was lit and unlit by its own drawing code and still read "Watch AI"
    while the watch was paused, as if a click would start one; Hashi's "Stop watching" stayed lit
    beside "Resume AI". Then Runway's read "Watch AI" (pressed) while the AI drove, where Hashi's
    read "Stop watching". The framework sets the button for every game, the same words in the same
    state: "Watch AI"; "Stop watching", lit while the AI plays and not while its watch is paused;
    a click on it stops the watch (paused or not); "Watch AI" again once it stops."""
    from arcade.ui.widgets import DoubleClickGuard

    monkeypatch.setattr(DoubleClickGuard, "SECONDS", -1.0)  # the test's clicks are a player's, seconds apart
    with small_game(info) as (app, scene):
        frames(app)
        assert watch_button(scene).label == "Watch AI" and not watch_button(scene).toggled
        start_watch(app, scene)
        button = watch_button(scene)
        assert button.label == "Stop watching" and button.toggled, button.label
        key(app, pygame.K_SPACE)  # Space pauses a watch in every game
        assert scene.watch is not None and scene.watch.paused, scene.status_text
        button = watch_button(scene)
        assert button.label == "Stop watching" and not button.toggled, button.label
        key(app, pygame.K_SPACE)
        assert scene.watch is not None and not scene.watch.paused and watch_button(scene).toggled
        assert watch_button(scene).label == "Stop watching"
        click(app, watch_button(scene).rect.center)
        assert not scene.watching, scene.status_text
        assert watch_button(scene).label == "Watch AI" and not watch_button(scene).toggled
        start_watch(app, scene)
        key(app, pygame.K_SPACE)
        assert scene.watch is not None and scene.watch.paused
        click(app, watch_button(scene).rect.center)  # a paused watch stops too
        assert not scene.watching and watch_button(scene).label == "Watch AI"


def play_the_timeline(app: App, scene: GameScene) -> None:
    """Set the timeline of a tick game playing by itself: the AI's watch, or -- a game whose AI is
    the opponent (Tron) -- the replay of a round played to its end (S: the first cycle heads south)."""
    if scene.has_watch:
        start_watch(app, scene, steps=2)
        return
    key(app, pygame.K_s)
    for _ in range(3000):
        frames(app, 1, dt=0.1)
        if scene.session.outcome is not None:
            break
    frames(app, 1)
    scene.run_binding(next(b for b in scene.keymap() if b.action == "toggle_replay"))
    for _ in range(100):
        frames(app, 1, dt=0.1)
        if scene.session.index >= 2:
            return
    pytest.fail(f"the replay did not play: {scene.phase} {scene.session.index}/{scene.session.length} "
                f"{type(app.stack.top).__name__} {scene.status_text}")


#: The games whose rules advance in ticks: their scenes have the framework's timeline (TickScene).
TIMELINED = [g for g in GAMES if isinstance(g.load_rules(), TickRules)]


def test_the_tick_games_are_the_ones_with_a_timeline():
    """What the timeline tests run over: Runway and Tron, and no puzzle (a puzzle's undo stops the watch)."""
    assert sorted(g.name for g in TIMELINED) == ["runway", "tron"]


@pytest.mark.parametrize("info", TIMELINED, ids=[g.name for g in TIMELINED])
def test_a_step_back_while_the_timeline_plays_pauses_it_there_and_keeps_it(info, toy_in_registry):
    """Stepping back while the AI drives (or a replay plays) is the player stopping to look: the
    framework's timeline (TickScene) holds the playback at the turn stepped to -- the AI's watch
    stays, paused, its button no longer lit -- and Space plays on from there; Home holds it at the
    start. Runway and Tron each had their own copy of this, and Tron's Home did not pause."""
    from arcade.ui.tick_scene import TickScene

    with small_game(info) as (app, scene):
        assert isinstance(scene, TickScene)
        frames(app)
        play_the_timeline(app, scene)
        assert scene.playing
        here = scene.session.index
        key(app, pygame.K_COMMA)
        assert scene.session.index == here - 1 and not scene.playing, scene.status_text
        frames(app, 20, dt=0.25)
        assert scene.session.index == here - 1 and not scene.playing, "the playback went on"
        if scene.has_watch:
            assert scene.watch is not None and scene.watch.paused, "the step back ended the watch"
            assert not watch_button(scene).toggled
        key(app, pygame.K_SPACE)  # plays on from the turn on screen...
        assert scene.playing and (scene.watch is not None or not scene.has_watch)
        key(app, pygame.K_HOME)  # ...and a jump holds it too (Tron's replay played on from its start)
        frames(app, 20, dt=0.25)
        assert scene.session.index == 0 and not scene.playing, "the playback went on after Home"


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_result_lines_say_the_reason_first_and_the_tally_the_game_counts(info, toy_in_registry):
    """Every game's result panel is the framework's: the reason first, the game's own lines after
    it, and one tally line counting what the game counts (Runway's turns, Battle Royale's moves
    after the drop) -- games supply the hooks, not a copy of the method."""
    with small_game(info) as (app, scene):
        frames(app)
        safe_moves(scene, 2)
        outcome = Outcome("loss", "The reason it ended.")
        lines = scene.result_lines(outcome)
        assert lines[0] == outcome.reason
        tally = f"{scene.tally_label}: {scene.tally_count()}"
        assert sum(line.startswith(tally) for line in lines) == 1, lines
        assert lines.index(next(line for line in lines if line.startswith(tally))) > 0
        assert scene.result_details(outcome) == lines[1:1 + len(scene.result_details(outcome))]


REPLAYING = [g for g in GAMES if g.load_front().replays]


@pytest.mark.parametrize("info", REPLAYING, ids=[g.name for g in REPLAYING])
def test_the_same_run_saved_twice_is_one_file(info, toy_in_registry):
    """A second Ctrl+S on the same run (the first one's line hidden under a result panel) wrote a
    second, identical replay into the list; it now names the file already kept. A run that went
    on since, or a kept file deleted meanwhile, is written anew."""
    from arcade.services.replays import replay_from_session
    from arcade.ui.replays import replays_folder

    with small_game(info) as (app, scene):
        frames(app)
        assert safe_moves(scene, 2)
        first = scene.keep_replay(replay_from_session(scene.session, ("human", "human")))
        again = scene.keep_replay(replay_from_session(scene.session, ("human", "human")))
        assert first is not None and again == first
        assert sorted(replays_folder().iterdir()) == [first]
        assert "already saved" in scene.status_text and str(first) in scene.status_text
        first.unlink()
        anew = scene.keep_replay(replay_from_session(scene.session, ("human", "human")))
        assert anew is not None and anew.is_file()
        assert safe_moves(scene, 1)
        longer = scene.keep_replay(replay_from_session(scene.session, ("human", "human")))
        assert longer is not None and longer != anew and len(list(replays_folder().iterdir())) == 2


@pytest.mark.parametrize("info", REPLAYING, ids=[g.name for g in REPLAYING])
def test_saved_replays_open_in_the_window_newest_first_and_a_damaged_one_is_refused(info, toy_in_registry):
    """A replay saved with Ctrl+S could only be opened from the command line ("open it with: puzzle-arcade
    play runway --replay …"): the level picker's first row lists the game's saved replays, newest first,
    a damaged file under its own name, refused in one line; a good one opens in the game's viewer."""
    import os

    from arcade.services.replays import replay_from_session, save_replay
    from arcade.ui.replays import SAVED_REPLAYS, replays_folder

    with small_game(info) as (app, scene):
        frames(app)
        moves = safe_moves(scene, 4)
        assert moves
        replay = replay_from_session(scene.session, ("human", "human"))
        saved = scene.keep_replay(replay)  # what Ctrl+S writes, and what it says
        assert saved is not None and saved.parent == replays_folder()
        assert "L → Saved replays opens it here" in scene.status_text and str(saved) in scene.status_text
        folder = replays_folder()
        old, damaged, new = (folder / f"{info.name}-{name}.json" for name in ("old", "damaged", "new"))
        saved.rename(old)
        damaged.write_text('{"format": "puzzle-arcade-replay", "version": 1')
        save_replay(replace(replay, moves=replay.moves[:2], turns=replay.turns[:2]), new)
        (folder / "other-game-x.json").write_text("{}")  # another game's files are not listed
        now = time.time()
        for age, path in ((300, old), (200, damaged), (100, new)):
            os.utime(path, (now - age, now - age))

        def open_list() -> PickerScene:
            scene.open_levels()
            picker = app.stack.top
            assert isinstance(picker, PickerScene)
            rows = [i for i, c in enumerate(picker.choices) if not c.header]
            # At the top, under its own heading: at the end of Tron's thirty-odd maps it was scrolled to.
            assert picker.choices[rows[0]].value.value == SAVED_REPLAYS, "the first row opens the saved replays"
            assert rows[0] == 1 and picker.choices[0].header and picker.choices[0].title == "Replays"
            assert picker.choices[rows[0]].tag == "3 saved"
            picker.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode=""))
            assert picker.selected == rows[0] and picker.scroll == 0, "Home reaches it, its heading in view"
            picker.pick(rows[0])
            listing = app.stack.top
            assert isinstance(listing, PickerScene) and listing is not picker
            return listing

        listing = open_list()
        assert [c.value.path.name for c in listing.choices] == [new.name, damaged.name, old.name]
        # A level by its title, as everywhere else (Tron's list said "huge-room").
        assert listing.choices[0].title.startswith(f"{scene.level_title} — "), listing.choices[0].title
        row = listing.choices[1]
        assert row.title == damaged.name and row.tag == "damaged" and row.role == "error"
        listing.pick(1)
        assert top_game(app) is scene and scene.status_role == "error"
        said = scene.status_text
        assert said.startswith(f"Cannot open the replay {damaged.name}: ") and "\n" not in said
        listing = open_list()
        listing.pick(0)
        frames(app)
        viewer = top_game(app)
        assert viewer is not scene and viewer.info.name == info.name and not viewer.owns_save()
        viewer.session.seek(viewer.session.length)
        assert viewer.session.moves == list(replay.moves[:2])
        frames(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_how_to_play_page_names_cells_as_the_game_does(info, toy_in_registry):
    """Battle Royale's worked example said "the centre is row 3, column 3" on a 7x7 grid, counted
    from 0, while the game names the same cell "row 4, column 4": every cell the rules or the
    example's captions name is named as cell_name names it -- inside the example's board, never a
    bare pair of numbers."""
    from arcade.ui.how_to_play import HowToPlayScene

    app = new_app(registry_with(info, 0))
    try:
        page = HowToPlayScene(info)
        app.push(page)
        frames(app)
        example = info.load_front().example()
        texts = [*info.how_to_play, *(example.captions if example is not None else ())]
        view = getattr(getattr(page.preview, "camera", None), "view", None)
        rows, cols = (view.rows, view.cols) if view is not None else (10**6, 10**6)
        assert [t for t in texts if BARE_PAIR.search(t)] == []
        names = [(t, int(r), int(c)) for t in texts for r, c in CELL_NAME.findall(t)]
        assert [n for n in names if not (1 <= n[1] <= rows and 1 <= n[2] <= cols)] == [], "a cell off the board"
    finally:
        close(app)


def result_panel(app: App, info: GameInfo, scene: GameScene) -> ResultScene:
    """``scene``'s game played to its end (Tron: its match result) and its result panel, just opened."""
    if info.name == "tron":
        scene.show_match_result()
    else:
        watch_to_the_end(app, scene)
    for _ in range(400):  # Hashi celebrates before its panel comes up
        if isinstance(app.stack.top, ResultScene):
            break
        frames(app, 1, dt=0.05)
    panel = app.stack.top
    assert isinstance(panel, ResultScene), type(panel).__name__
    return panel


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_result_panel_takes_no_key_meant_for_the_board_and_enter_keeps_the_board(info, toy_in_registry):
    """Battle Royale teaches Enter as "finish on the centre": pressed right after the last move,
    it landed on the result panel, whose focused "Play again" restarted the level and threw the
    result away. A result panel takes no key or click for a moment after it opens, and Enter's
    default then is a button that keeps the finished board."""
    with small_game(info) as (app, scene):
        panel = result_panel(app, info, scene)
        session = scene.session
        moves, outcome, level = list(session.moves), session.outcome, session.level
        for code in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE):
            key(app, code)
            assert app.stack.top is panel, f"{pygame.key.name(code)} pressed as the panel opened acted on it"
        for button in panel.buttons:
            app.frame(1 / 60, [pygame.event.Event(kind, pos=button.rect.center, button=1)
                               for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)])
            assert app.stack.top is panel, f"a click as the panel opened pressed {button.label!r}"
        frames(app, 40)  # read
        default = panel.buttons[panel.selected].label
        key(app, pygame.K_RETURN)
        assert app.stack.top is scene, default
        assert (session.moves, session.outcome, scene.session.level) == (moves, outcome, level), \
            f"Enter's default {default!r} left the finished board"
        assert app.crashes == 0


#: The framework's words for the level picker's button and a new board's, in every game's toolbar.
LEVELS_BUTTON, NEW_BOARD_BUTTON = "Levels", "New board"
#: The words a result panel may use for what the framework offers after a game.
RESULT_WORDS = {"Next level", LEVELS_BUTTON, "Play again", "Look at board", NEW_BOARD_BUTTON, "Main menu"}


def named_by_id(entry_id: str, text: str) -> bool:
    """Whether ``text`` shows a level's file id as such ("04-loop-13x13 · 13x13", "huge-room")."""
    return bool(re.search(rf"(?<![\w-]){re.escape(entry_id)}(?![\w-])", text)) and \
        any(mark in entry_id for mark in "-_/")


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_every_game_calls_the_same_thing_by_the_same_name_and_a_level_by_its_title(info, toy_in_registry):
    """"Levels" in Hashi and Battle Royale was "Level" in Runway, "New" in Hashi "New grid" in
    Battle Royale; Battle Royale's level list showed file ids ("04-loop-13x13 · 13x13") where Hashi
    shows titles, and Tron's header and the menu's Continue said "huge-room" where its setup said
    "Huge room". The framework owns those words: one for the level picker, one for a new board, and
    a level's title everywhere the player reads its name."""
    registry = registry_with(info, 0)
    app = new_app(registry)
    try:
        scene = app.launch(info.name, Launch(level=SMALL[info.name]))
        keymap = scene.keymap()
        assert [b for b in keymap if b.action == "open_levels"], "no level picker"
        # A button, in every game: Tron's picker (and its Saved replays) had only the L key, out of
        # a mouse player's reach (the toolbar's More menu takes what does not fit).
        assert {b.button for b in keymap if b.action == "open_levels"} == {LEVELS_BUTTON}
        assert scene.toolbar.find(LEVELS_BUTTON) is not None
        labels = [button.label for button in scene.toolbar.buttons]
        assert [t for t in labels if t.lower().startswith("level")] in ([], [LEVELS_BUTTON]), labels
        assert [t for t in labels if t.lower().startswith("new")] in ([], [NEW_BOARD_BUTTON]), labels
        # Titles, not ids: in the picker, in the header, in the autosave the menu's Continue shows.
        entries = [e for e in scene.front.levels() if not e.error]
        assert entries
        for entry in entries:
            assert not named_by_id(entry.id, entry.title) and not named_by_id(entry.id, entry.subtitle), entry
        groups = {}
        for entry in entries:
            groups.setdefault(entry.group, entry)
        for entry in [*groups.values(), entries[-1]]:
            scene.load_entry(entry)
            frames(app)
            assert scene.session.level_id == entry.id
            assert scene.level_title == entry.title and entry.title in scene.autosave_label(), \
                (entry.id, scene.level_title, scene.autosave_label())
        safe_moves(scene, 2)
        frames(app)
        app.stack.pop()
    finally:
        close(app)
    app = new_app(registry)
    try:
        menu = app.push(MenuScene())
        frames(app)
        assert menu.entries[0].title == "Continue" and entries[-1].title in menu.entries[0].subtitle, \
            menu.entries[0].subtitle
        assert not named_by_id(entries[-1].id, menu.entries[0].subtitle)
    finally:
        close(app)


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_every_game_with_ordered_levels_offers_the_next_one_on_its_result(info, toy_in_registry):
    """Only Hashi's result offered "Next level"; Runway and Battle Royale have ordered level sets
    too. The framework's result panel offers the level after this one in the picker's order (the
    next group's first after a group's last: Runway's lone example leads to its first easy runway),
    with the same words in every game, and "New board" where the toolbar has it; after the last
    level, the picker."""
    from arcade.ui.picker import level_groups

    app = new_app(registry_with(info, 0))
    try:
        entries = info.load_front().levels()
        groups = [[e for e in members if not e.error] for _g, members in level_groups(info, entries)]
        first, following = groups[0][-1], groups[1][0]  # a group's last, the next group's first
        last = groups[-1][-1]
        scene = app.launch(info.name, Launch(level=first.id))
        frames(app)
        panel = result_panel(app, info, scene)
        labels = [button.label for button in panel.buttons]
        assert labels[0] == "Next level" and set(labels) <= RESULT_WORDS, labels
        toolbar = [button.label for button in scene.toolbar.buttons]
        assert (NEW_BOARD_BUTTON in labels) == (NEW_BOARD_BUTTON in toolbar), (labels, toolbar)
        frames(app, 40)  # read
        app.frame(1 / 60, [pygame.event.Event(kind, pos=panel.buttons[0].rect.center, button=1)
                           for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)])
        frames(app)
        assert app.stack.top is scene and scene.session.level_id == following.id
        assert scene.session.outcome is None and scene.session.index == 0
        assert scene.level_title == following.title
        scene.change_level(*scene.front.open_level(last.id))
        frames(app)
        assert scene.session.level_id == last.id
        assert scene.result_buttons(Outcome("win"))[0][0] == LEVELS_BUTTON
        # After a loss the same level again comes first: Next level first read as a level passed.
        lost = [label for label, _action in scene.result_buttons(Outcome("loss"))]
        assert lost[:2] == ["Play again", LEVELS_BUTTON], lost
    finally:
        close(app)


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_a_game_the_player_finishes_with_a_played_hint_is_the_players_in_the_title(info, toy_in_registry):
    """Nine moves by hand and the last by H, H: the title said "The AI solved it" (Battle Royale
    "The AI made it") beside "with 1 hint". A played hint is the player's move with help; only a
    watch step that ends the game credits the AI in the title."""
    with small_game(info) as (app, scene):
        session = scene.session
        finish_by_hand(session)
        moves = list(session.moves)
        assert session.outcome is not None and session.outcome.is_win and moves
        while app.stack.top is not scene:
            app.stack.pop()
        scene.change_level(session.level, session.level_id)
        for move in moves[:-1]:
            scene.play(move)
        scene.request_hint()
        scene.worker.wait(30)
        frames(app)
        assert scene.hint is not None and scene.hint.move is not None, scene.status_text
        scene.request_hint()  # H again plays it
        outcome = session.outcome
        assert outcome is not None and outcome.is_win and session.hints_played == 1 and not session.ai_finished
        assert "AI" not in scene.result_title(outcome), scene.result_title(outcome)
        session.undo()
        session.play(moves[-1], by_ai=True)  # the same move as a watch step: the AI crossed the line
        assert session.ai_finished and "AI" in scene.result_title(session.outcome)


def finish_by_hand(session) -> None:
    """Play the AI's plan from here as the player's own moves, to the end."""
    for step in itertools.islice(session.watch(), 600):
        for _ in range(step.undo):
            session.undo()
        if step.move is not None:
            session.play(step.move)
        if session.outcome is not None:
            return


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_the_result_credits_the_ai_with_what_it_did_a_played_hint_is_not_the_ai_playing(info, toy_in_registry):
    """Battle Royale's result said "the AI matched the best possible route" after one hint that
    only played the drop: a played hint is credited as a hint ("with 1 hint"), watched steps as
    the AI's moves ("the AI played 4 of 6 moves"), a watched game as the AI's ("the AI played it")."""
    with small_game(info) as (app, scene):
        session = scene.session
        scene.request_hint()
        scene.worker.wait(30)
        frames(app)
        assert scene.hint is not None and scene.hint.move is not None, scene.status_text
        scene.request_hint()  # H again plays it
        assert (session.hints_played, session.ai_played) == (1, 0)
        finish_by_hand(session)
        outcome = session.outcome
        assert outcome is not None and outcome.is_win
        said = " ".join(scene.result_lines(outcome))
        assert scene.ai_credit() == "with 1 hint"
        assert scene.record_note == "Finished with 1 hint — not counted as a personal best."
        assert "AI matched" not in said and "AI played" not in said and "with 1 hint" in said, said
        # Saved and resumed, the hint is still a hint.
        again = type(session).from_dict(session.rules, session.to_dict())
        assert (again.hints_played, again.ai_played, again.ai_moved) == (1, 0, True)
        # The player's first move, then the AI watched: the AI played all the others.
        moves = list(session.moves)
        while app.stack.top is not scene:  # the result panel, if it came up
            app.stack.pop()
        if len(moves) > 1:
            scene.change_level(session.level, session.level_id)
            scene.play(moves[0])
            watch_to_the_end(app, scene)
            played = session.ai_played
            assert session.outcome is not None and played == session.index - 1 > 0
            # The credit counts what the result's "Moves" counts: Battle Royale's said "the AI
            # played 6 of 7 moves, 1 of them a hint" next to "Moves: 6" (the drop is not a move).
            lines = " ".join(scene.result_lines(session.outcome))
            shown = re.search(r"(?:Moves|Turns): (\d+)", lines)
            assert shown is not None, lines
            counted = int(shown.group(1))
            ai_counted = sum(1 for i, kind in enumerate(session.kinds) if kind == "ai" and scene.counts_as_move(i))
            noun = plural(counted, scene.front.move_noun)  # Runway counts "Turns": its credit says turns
            said = (f"the AI played {ai_counted} of {noun}" if ai_counted < counted
                    else f"the AI played all {noun}")
            assert scene.ai_credit() == said, (scene.ai_credit(), lines)
            assert scene.record_note.startswith(said[:1].upper() + said[1:] + " — ")
            while app.stack.top is not scene:
                app.stack.pop()
        # Watched from the first move to the last: the AI played it.
        scene.change_level(session.level, session.level_id)
        watch_to_the_end(app, scene)
        assert scene.ai_credit() == "the AI played it"
        assert scene.record_note == "Not counted as a personal best."  # "all played by the AI" says who


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_the_result_says_what_the_ai_did_once_and_alike(info, toy_in_registry):
    """Hashi's AI result said "Moves: 10, all played by the AI" and then "The AI played 10 of 10
    moves, 1 of them a hint — not counted...": twice, and the first said nothing of the hint.
    One line says what the AI did, in the framework's words, in every game."""
    with small_game(info) as (app, scene):
        for hint_first in (True, False):
            scene.change_level(scene.session.level, scene.session.level_id)
            if hint_first:
                scene.request_hint()
                scene.worker.wait(30)
                frames(app)
                scene.request_hint()  # H again plays it
            watch_to_the_end(app, scene)
            outcome = scene.session.outcome
            assert outcome is not None
            lines = scene.result_lines(outcome)
            said = [line for line in lines if re.search(r"played by|AI played|played all|with \d+ hint", line)]
            assert len(said) == 1, lines
            assert not re.search(r"played (\d+) of \1 ", said[0]), said
            while app.stack.top is not scene:
                app.stack.pop()


@pytest.mark.parametrize("info", WATCHABLE, ids=[g.name for g in WATCHABLE])
def test_the_watch_button_stays_on_a_narrow_toolbar_whatever_its_action_is_called(info, toy_in_registry):
    """The toolbar keeps Pause, Undo, Redo, Hint and Watch on the row longest; Runway's Watch button
    runs its play / pause key (``watch_action``), and went into More before the game's own buttons."""
    with small_game(info) as (app, scene):
        frames(app)
        assert scene.has_watch
        button = next(b for b in scene.toolbar.buttons if b.label in ("Watch AI", "Stop watching"))
        hint = next(b for b in scene.toolbar.buttons if b.label == "Hint")
        assert button.priority == hint.priority > 1


LONG_TOAST = ("Your unsaved board is kept as a draft: Resume draft (D) in the editor, or hashi --edit, "
              "reopens it; New grid: Random 21x21, 20 % loot (seed in the level list) -- every word of "
              "this message must be readable before it fades")


@pytest.mark.parametrize("size", [MIN_WINDOW, (1024, 640)], ids=["min", "1024x640"])
@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_long_toast_is_drawn_with_every_word_and_stays_long_enough_to_read(info, size, toy_in_registry):
    """Toasts were cut with "…" in small windows and the words were lost ("Your unsaved board is
    kept as a draft: Resume draft (D…" at 640x400, "New grid: Random 21x21, 20 % loot (seed in
    the level…" in Battle Royale): a long one is shown whole, a page of the status line at a time
    where it needs more lines than the line has (it grew over the board), and stays up for the
    time it takes to read."""
    from arcade.ui.toast import reading_seconds

    app = App(registry_with(info, 0), size=size, headless=True)
    try:
        scene = app.launch(info.name, Launch(level=SMALL[info.name]), strict=True)
        frames(app)
        scene.toast.show(LONG_TOAST, "info", 3.0)
        assert scene.toast.messages[-1].remaining >= reading_seconds(LONG_TOAST) > 10
        app.redraw = True
        frames(app, 1)
        toast = scene.toast
        shown: list[str] = []
        up = 0.0
        while toast.messages:
            assert toast.boxes and toast.drawn_lines, "the toast is drawn"
            if toast.drawn_lines[0] != shown[-len(toast.drawn_lines[0]):]:
                shown += toast.drawn_lines[0]
            assert app.screen.get_rect().contains(toast.boxes[0]), (toast.boxes[0], size)
            assert toast.boxes[0].bottom <= scene.status_rect.bottom, "never over the toolbar"
            assert toast.boxes[0].top >= scene.board_area.bottom, "never over the board"
            app.frame(0.5, [])
            up += 0.5
            assert up < 120
        drawn = " ".join(shown)
        assert "…" not in drawn and drawn.split() == app.theme.marked("info", LONG_TOAST).split(), shown
        assert up >= reading_seconds(LONG_TOAST)
    finally:
        close(app)


@pytest.mark.parametrize("size", [MIN_WINDOW, (1024, 640)], ids=["min", "1024x640"])
@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_toast_spread_over_the_status_line_lets_none_of_its_text_peek_out(info, size, toy_in_registry):
    """Leaving the Hashi editor, "Your unsaved board is kept as a draft…" spread over the whole status
    line, and the line's text, wrapped for the corner's room, peeked out at its left for 6 s. It is
    hidden while such a toast is up, and comes back whole when it goes."""
    app = App(registry_with(info, 0), size=size, headless=True)
    try:
        scene = app.launch(info.name, Launch(level=SMALL[info.name]), strict=True)
        frames(app)
        scene.say("Click an island, then a neighbour in line, to build a bridge between them.")
        scene.toast.show(LONG_TOAST, "info", 3.0)
        app.redraw = True
        frames(app, 1)
        box = scene.toast.boxes[0]
        assert box.width > scene.status_rect.width * 0.45, "the toast did not spread over the line"
        font = app.theme.font(16)
        peeking = [line for line in scene.status_shown if scene.status_rect.x + font.size(line)[0] > box.left - 4]
        assert not peeking, (peeking, box)
        assert not scene.status_text_rect.collidepoint(box.left - 2, box.centery) or not scene.status_shown
        for _ in range(400):
            frames(app, 1, dt=0.1)
            if not scene.toast.messages:
                break
        frames(app, 1)
        assert scene.status_shown and scene.status_shown[0].startswith("Click an island"), "the text came back"
    finally:
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_moves_a_full_disk_kept_from_the_save_are_named_on_the_terminal_when_the_window_closes(
        info, toy_in_registry, user_home, monkeypatch, capsys):
    """SIGTERM (or Quit) on a full disk said only "interrupted": the window's "Not saved" mark went
    with it, and the moves since the last good save were lost without a word."""
    import errno

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    with small_game(info) as (app, scene):
        safe_moves(scene, 1)
        scene.save_progress(leaving=True)  # a good save first (Tron saves only when it is left)
        scene.saver.flush()
        assert saves.autosave_path(info.name).is_file()
        monkeypatch.setattr("arcade.services.saves.atomic_write_text", full)
        safe_moves(scene, 1, seed=2)
        frames(app, 2)
        capsys.readouterr()
    err = capsys.readouterr().err
    said = [line for line in err.splitlines() if info.title in line]
    assert len(said) == 1 and "not saved (No space left on device)" in said[0], err
    assert str(saves.autosave_path(info.name)) in said[0], err


class GoneTerminal:
    """A stderr whose terminal went (SIGHUP, a closed pipe): every write raises."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def test_closing_with_the_terminal_gone_still_closes_everything(toy_in_registry, user_home, monkeypatch):
    """The last word of App.close ("your latest moves … were not saved") went to a terminal that
    was gone: the print raised BrokenPipeError and close() ended there, the sound device never
    closed. With stderr raising, close() finishes, down to the sound device."""
    import errno
    import sys

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    info = toygame.INFO
    app = new_app(registry_with(info, 0))
    scene = app.launch(info.name, Launch(level=SMALL[info.name]))
    safe_moves(scene, 1)
    monkeypatch.setattr("arcade.services.saves.atomic_write_text", full)
    safe_moves(scene, 1, seed=2)
    frames(app, 2)
    closed = []
    real_close = app.audio.close
    monkeypatch.setattr(app.audio, "close", lambda: (closed.append(True), real_close()))
    monkeypatch.setattr(sys, "stderr", GoneTerminal())
    app.close()
    assert closed == [True]


def resize(app: App, size: tuple[int, int]) -> None:
    """The player drags the window to ``size`` (one VIDEORESIZE, then a frame)."""
    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])


@pytest.mark.parametrize("size", [(640, 400), (800, 600)])
@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_no_two_controls_touch_in_a_small_window(info, size, toy_in_registry):
    """At 640x400 Runway's "0.5 turns/s" ran into the + beside it: its room was measured for
    "32 turns/s". Every game's controls and their labels (``control_rects``: the toolbar, the
    button rows, a scene's own) keep at least 2 pixels between any two, in the smallest windows."""
    with small_game(info) as (app, scene):
        resize(app, size)
        frames(app)
        rects = scene.control_rects()
        assert rects
        close = [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a[1].inflate(4, 4).colliderect(b[1])]
        assert close == [], close[:3]


def finished_with_its_result(app: App, info: GameInfo, scene: GameScene) -> ResultScene:
    """``scene``'s game over and its result panel open (Tron: a match won, as the scene shows it)."""
    if info.name == "tron":
        while not scene.match.over:
            scene.match.record(Outcome("win", "boxed in", winner=0))
    return result_panel(app, info, scene)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_after_look_at_board_the_result_button_brings_the_same_result_back(info, toy_in_registry):
    """After Look at board nothing on screen led back to the result's Next level: the toolbar had
    Levels, New board and Undo. In every game, once the game is over, a Result button (and F3)
    opens the same panel again -- title, lines, buttons, the Next level that still works -- at any
    window size, while no such button stands on the toolbar of a game that is not over."""
    with small_game(info) as (app, scene):
        frames(app)
        way_back = scene.result_button
        assert scene.toolbar.find(way_back) is None, "a result button before the game is over"
        panel = finished_with_its_result(app, info, scene)
        title, lines, labels = panel.title, list(panel.lines), [b.label for b in panel.buttons]
        frames(app, 40)  # read
        click(app, next(b for b in panel.buttons if b.label == "Look at board").rect.center)
        frames(app)
        assert app.stack.top is scene
        for size in (MIN_WINDOW, (1280, 800)):
            resize(app, size)
            frames(app)
            button = scene.toolbar.find(way_back)
            assert button is not None and button in scene.toolbar.row(), f"no {way_back!r} on the row at {size}"
            assert toolbar_problems(scene, size) == []
        click(app, scene.toolbar.find(way_back).rect.center)
        again = app.stack.top
        assert isinstance(again, ResultScene), f"{way_back!r} opened {type(again).__name__}"
        assert (again.title, again.lines, [b.label for b in again.buttons]) == (title, lines, labels)
        assert again.panel.width <= 1280 and again.buttons[0].rect.right <= 1280  # laid out for the new size
        frames(app, 40)
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is scene
        key(app, pygame.K_F3)  # the key does the same, and the keys table names it once
        assert isinstance(app.stack.top, ResultScene) and app.stack.top.title == title
        assert sum(keys == "F3" for keys, _ in scene.help_lines()) == 1
        frames(app, 40)
        key(app, pygame.K_ESCAPE)
        if scene.session.can_undo and info.name != "tron":  # no longer over: nothing to go back to
            scene.undo()
            frames(app)
            assert scene.toolbar.find(way_back) is None and not scene.result_ready
            key(app, pygame.K_F3)
            assert app.stack.top is scene
        assert app.crashes == 0


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_every_key_that_throws_a_game_away_asks_once_first(info, toy_in_registry):
    """Tron's F5 (Rematch) restarted a running match at 0 : 0 without a word, while New board and
    another level already asked. Every binding marked ``discards`` -- a new board, a rematch -- asks
    the same way in every game: the first press keeps the game and says so, the same again within
    a few seconds goes ahead; on a finished game it goes ahead at once."""
    with small_game(info) as (app, scene):
        frames(app)
        safe_moves(scene, 3)
        discarding = [b for b in scene.keymap()
                      if b.discards and not (b.button == "New board" and scene.new_board_asks)]
        if info.name == "tron":
            assert [b.keys for b in discarding] == ["F5"]
        for binding in discarding:
            assert scene.in_progress()
            before = (list(scene.session.moves), scene.session.level)
            scene.run_binding(binding)
            frames(app)
            assert (list(scene.session.moves), scene.session.level) == before, f"{binding.keys} threw it away at once"
            assert any("again to throw away this game" in m.text for m in scene.toast.messages), binding.keys
            scene.run_binding(binding)
            frames(app)
            assert (list(scene.session.moves), scene.session.level) != before, f"{binding.keys} again did nothing"
            while app.stack.top is not scene:
                app.stack.pop()
            safe_moves(scene, 3)


def zoom_in(app: App, scene: GameScene) -> bool:
    """Ctrl++ three times and a pan of a few pixels, as a player looking closer; False if the game has no zoom."""
    fitted = scene.camera_state()
    for _ in range(3):
        key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    frames(app, 30)
    if not any(b.action == "zoom" for b in scene.game_bindings()):
        return False
    assert scene.camera_state() != fitted, "Ctrl++ did not zoom (the check could not fail)"
    return True


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_continue_brings_back_the_zoom_the_game_was_left_at(info, toy_in_registry):
    """Continue put a Hashi board's turn back but opened it at the fit: zoomed in on a big board,
    the player had to find their corner again. The camera goes with every game's save."""
    registry = registry_with(info, 0)
    with from_the_menu(registry, info) as (app, scene):
        zooms = zoom_in(app, scene)
        assert safe_moves(scene, 2), f"{info.name}: no move could be played"
        frames(app, 30)
        left = scene.camera_state()
        app.stack.pop_to(MenuScene)
    app = new_app(registry)  # a relaunch, then Continue
    try:
        app.push(MenuScene())
        key(app, pygame.K_c)
        scene = top_game(app)
        frames(app, 30)
        if zooms:
            assert scene.camera_state() == left, "Continue opened the game at another camera"
        else:
            assert "camera" not in scene.session.extra
    finally:
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_zoom_with_no_move_after_it_is_in_the_autosave_within_a_second(info, toy_in_registry):
    """The camera was saved with the next move or on leaving only: a window destroyed from outside
    (xdotool windowclose, a window manager that crashed) ends the process in Xlib with no way out
    through Python, and the zoom was lost. A change of the view alone is saved within a second."""
    registry = registry_with(info, 0)
    with from_the_menu(registry, info) as (app, scene):
        if scene.autosave_when != "move":
            pytest.skip("saved at a round's end and on leaving, not move by move (Tron)")
        assert safe_moves(scene, 2), f"{info.name}: no move could be played"
        frames(app, 30)
        scene.saver.flush()
        if not zoom_in(app, scene):
            pytest.skip(f"{info.name} has no zoom")
        frames(app, 80)  # well over a second of frames, with no move
        scene.saver.flush()
        extra = json.loads(saves.autosave_path(info.name).read_text())["session"]["extra"]
        assert extra.get("camera") is not None and extra["camera"] == scene.saved_camera(), extra
    # Continue puts that view back and writes nothing by itself (the view is what the save holds).
    path = saves.autosave_path(info.name)
    written = (path.read_bytes(), path.stat().st_mtime_ns)
    app = new_app(registry)
    try:
        app.push(MenuScene())
        key(app, pygame.K_c)
        scene = top_game(app)
        frames(app, 80)
        scene.saver.flush()
        assert (path.read_bytes(), path.stat().st_mtime_ns) == written, "Continue alone wrote the save again"
    finally:
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_saved_camera_that_no_longer_fits_is_clamped_and_a_damaged_one_ignored(info, toy_in_registry):
    """A zoom saved in a big window, or one edited by hand, opens the game (never a crash): clamped
    to what this window allows, or the game's own camera when the value is not a camera at all."""
    registry = registry_with(info, 0)
    play_and_leave(registry, info.name)
    path = saves.autosave_path(info.name)
    data = json.loads(path.read_text())
    with opened_afresh(registry, info.name, SMALL[info.name], 30) as fresh:
        own = fresh.camera_state()
    for camera, clamped in (({"zoom": 1e5, "centre": [1e3, -1e3], "follow": False}, True),
                            ({"zoom": "big", "centre": [0, 0]}, False), ([1, 2], False),
                            ({"zoom": float("inf")}, False), ({"zoom": -2.0, "centre": [0, 0]}, False),
                            ({"zoom": True, "centre": [0, 0]}, False)):
        data["session"]["extra"]["camera"] = camera
        path.write_text(json.dumps(data))
        app = new_app(registry)
        try:
            scene = app.launch(info.name, Launch())
            frames(app, 30)
            assert scene.session.moves == data["session"]["moves"], "the damaged camera cost the game"
            state = scene.camera_state()
            if clamped:
                view = getattr(getattr(scene, "camera", None), "view", None)
                if view is not None:
                    assert view.zoom == pytest.approx(view.max_zoom) and view.board_rect.colliderect(view.viewport)
                road = getattr(scene, "road", None)
                if road is not None:
                    assert road.user_zoom == 4.0
            else:
                assert state == own, f"a damaged camera {camera!r} was used"
        finally:
            close(app)


def reasked_picker(app: App, scene: GameScene) -> PickerScene:
    """Moves made, the level picker opened and another level picked once: the picker that asks again."""
    safe_moves(scene, 1)
    level_id = scene.session.level_id
    scene.open_levels()
    picker = app.stack.top
    assert isinstance(picker, PickerScene)
    # The longest title of a level the game has: the re-ask names it.
    others = [i for i, c in enumerate(picker.choices)
              if not c.header and c.value is not None and c.value.id != level_id
              and c.value.group not in ("random", "replays") and not c.value.error]
    picker.pick(max(others, key=lambda i: len(picker.choices[i].title)))
    again = app.stack.top
    assert isinstance(again, PickerScene) and "again to throw away this game" in again.title
    return again


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_level_pickers_question_is_drawn_inside_its_dialog_at_every_size(info, toy_in_registry):
    """At 1600x1000 Runway's re-ask "Runway — pick 11 · Mandatory sacrifices again to throw away
    this game (1 move made)" was twice the dialog's width, over both of its edges. The picker's
    title wraps inside its panel, above the list, at every window size from the smallest up, and
    never between a count and its noun."""
    with small_game(info) as (app, scene):
        frames(app)
        again = reasked_picker(app, scene)
        assert again.scroll <= again.selected < again.scroll + again.visible_rows, "asked about out of view"
        for size in (MIN_WINDOW, (800, 600), (1024, 640), (1600, 1000)):
            resize(app, size)
            frames(app)
            assert app.stack.top is again
            lines = again.title_lines(again.panel.width - 32)[0]
            words = " ".join(line for line in lines).split()
            assert words == again.title.split(), "the title was cut"
            # "...throw away this game (1" / "move made)": a count stays with its noun.
            assert not [line for line in lines if re.search(r"\(\w*\s?\d+$", line)], (size, lines)
            assert again.title_rects, "no title drawn"
            for rect in again.title_rects:
                assert again.panel.contains(rect), f"{rect} spills out of {again.panel} at {size}"
                assert rect.bottom <= again.list_rect.top, f"the title runs into the list at {size}"
            assert again.panel.bottom <= size[1] and again.panel.top >= 0
            # The level asked about is the highlighted row, and it is in view.
            assert again.scroll <= again.selected < again.scroll + again.visible_rows, size
        for width in range(160, 1200, 5):  # whichever width puts the line's end at the count
            lines = again.title_lines(width)[0]
            assert not [line for line in lines if re.search(r"\(\d+$", line)], (width, lines)


def discard_toast_up(scene: GameScene) -> bool:
    """Whether the "press again to throw away this game" question's toast is on show."""
    from arcade.ui.discard import DISCARD_TAG

    return any(m.tag == DISCARD_TAG for m in scene.toast.messages)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_throw_away_question_goes_once_it_is_answered(info, toy_in_registry):
    """After the second pick opened the new level (or the second N / F5 went ahead), the corner's
    "! Pick it again to throw away this game (1 move made)" stayed over the new game, about one
    that no longer existed. The question's toast goes when it is answered or the level changes."""
    with small_game(info) as (app, scene):
        frames(app)
        again = reasked_picker(app, scene)
        # The picker's title asks; the same words in a toast sat half hidden behind it.
        assert not discard_toast_up(scene), [m.text for m in scene.toast.messages]
        again.pick(again.selected)
        frames(app)
        assert app.stack.top is scene and scene.session.index == 0
        assert not discard_toast_up(scene), [m.text for m in scene.toast.messages]
        for binding in [b for b in scene.keymap() if b.discards and not (b.button == "New board"
                                                                         and scene.new_board_asks)]:
            safe_moves(scene, 3)
            scene.run_binding(binding)
            frames(app)
            assert discard_toast_up(scene), binding.keys
            scene.run_binding(binding)
            frames(app)
            while app.stack.top is not scene:
                app.stack.pop()
            assert not discard_toast_up(scene), f"{binding.keys}: {[m.text for m in scene.toast.messages]}"
        # A question made moot by another level (opened some other way) goes too.
        safe_moves(scene, 3)
        scene.confirm_discard("level x", "Pick it again", timed=False)
        assert discard_toast_up(scene)
        scene.change_level(scene.session.level, scene.session.level_id)
        frames(app)
        assert not discard_toast_up(scene)


def saved_now(scene: GameScene) -> None:
    """The game's autosave written and on disk, as leaving it writes it (Tron saves only then)."""
    scene.save_progress(leaving=True)
    scene.saver.flush()


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_game_thrown_away_in_the_game_does_not_come_back_from_continue(info, toy_in_registry):
    """Hashi: moves made on First steps, Neighbours picked twice ("pick Neighbours again to throw
    away this game (4 moves made)"), back to the menu before a move on it: the menu's Continue
    offered "Hashi — First steps" and opening Hashi brought the thrown-away game back, moves and
    clock, in place of the level on screen. The untouched new game rightly saves nothing, but the
    old save stayed. A game the player throws away when asked -- another level picked twice, a
    second N or F5 -- loses its save then, in every game; nothing else is touched."""
    with from_the_menu(registry_with(info, 0), info) as (app, scene):
        again = reasked_picker(app, scene)
        saved_now(scene)
        assert saves.can_resume(info.name), "the game in progress was not saved (the check could not fail)"
        again.pick(again.selected)
        frames(app)
        assert app.stack.top is scene and scene.session.index == 0
        app.stack.pop_to(MenuScene)
        frames(app)
        assert not saves.can_resume(info.name), "the game thrown away from the level picker came back"
        scene = app.launch(info.name, Launch(level=SMALL[info.name]))
        frames(app)
        for binding in [b for b in scene.keymap() if b.discards and not (b.button == "New board"
                                                                         and scene.new_board_asks)]:
            safe_moves(scene, 3)
            saved_now(scene)
            assert saves.can_resume(info.name)
            scene.run_binding(binding)
            frames(app)
            assert saves.can_resume(info.name), f"{binding.keys}: the first press, only asking, lost the save"
            scene.run_binding(binding)
            frames(app)
            while app.stack.top is not scene:
                app.stack.pop()
            scene.saver.flush()
            assert not saves.can_resume(info.name), f"{binding.keys} again: the game thrown away kept its save"
        app.stack.pop_to(MenuScene)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_cancelled_or_reopened_picker_takes_its_question_and_toast_but_no_other(info, toy_in_registry):
    """Esc on the level picker's re-ask left "! Pick it again to throw away this game" in the corner
    for its five seconds, about a question no longer asked; and a new picker visit, asking afresh,
    cleared the question but left its toast. Cancelled or reopened, the picker's question goes with
    its toast; a question of another kind (a timed N / F5) is left as it is."""
    with small_game(info) as (app, scene):
        frames(app)
        again = reasked_picker(app, scene)
        assert scene._discard_asked is not None and not discard_toast_up(scene), "asked in its title only"
        again.cancel()
        frames(app)
        assert app.stack.top is scene and not discard_toast_up(scene), [m.text for m in scene.toast.messages]
        assert scene._discard_asked is None
        # Asked, then the picker opened afresh (e.g. from the result panel's Levels button).
        scene.confirm_discard("level x", "Pick it again", timed=False)
        assert discard_toast_up(scene)
        scene.open_levels()
        assert not discard_toast_up(scene) and scene._discard_asked is None
        app.stack.top.cancel()
        # Another kind of question stays through a picker visit, toast and all.
        scene.confirm_discard("new board", "Press N again")
        scene.open_levels()
        assert discard_toast_up(scene) and scene._discard_asked is not None
        app.stack.top.pick(app.stack.top.selected)  # a pick is no cancel: handled by pick_entry
        frames(app)
        assert app.crashes == 0


#: What each phrase of the watch's status line does: the action whose keys it names.
WATCH_PHRASES = {"pauses": "watch_pause", "goes on": "watch_pause", "plays one step": "watch_step", "stops": None}


def status_keys(text: str) -> list[tuple[str, str]]:
    """(verb, key) for every key the watch's status line names before a verb, as How to play names a
    button's keys: "Step (N / .) plays one step" gives ("plays one step", "N"), ("plays one step",
    "."); a button without one ("Resume AI goes on") gives ("goes on", "") -- its name is not a key."""
    found = []
    verbs = "|".join(WATCH_PHRASES)
    for keys, verb in re.findall(rf"(?:Pause AI|Resume AI|Step|Stop watching)(?: \(([^)]*)\))? ({verbs})\b", text):
        found += [(verb, name) for name in keys.split(" / ")] if keys else [(verb, "")]
    return found


FRAMEWORK_WATCH = [g for g in WATCHABLE if g.name != "runway"]  # Runway's AI drives on its own keys


@pytest.mark.parametrize("info", FRAMEWORK_WATCH, ids=[g.name for g in FRAMEWORK_WATCH])
def test_every_key_the_watch_status_line_names_is_in_the_keys_table_for_it(info, toy_in_registry):
    """Hashi's paused watch said "Step or N plays one step" while its pause screen listed only "."
    for "while watching: one step" (N is its New board there) and the README said N and Space.
    Every key the watching and paused status lines name is listed in the keys table the pause
    screen shows, in the row of the action the line says it does -- and it does that."""
    from arcade.ui.keymap import named_keys
    from arcade.ui.overlays import PauseScene

    with small_game(info) as (app, scene):
        frames(app)
        labels = {b.action: b.label for b in scene.keymap() if b.label}
        labels[None] = labels[scene.watch_action]
        scene.toggle_watch()
        scene.worker.wait(30)
        frames(app)
        assert scene.watching
        watching = scene.status_text
        scene.watch_pause()
        paused = scene.status_text
        named = status_keys(watching) + status_keys(paused)
        assert {verb for verb, _ in named} >= {"stops"}, (watching, paused)
        key(app, pygame.K_ESCAPE)  # stops the watch (as the pause screen did)
        key(app, pygame.K_ESCAPE)  # the pause screen
        table = app.stack.top.keys
        assert isinstance(app.stack.top, PauseScene)
        for verb, name in named:
            if not name:
                continue  # a button the table has no key for
            label = labels[WATCH_PHRASES[verb]]
            rows = [keys for keys, meaning in table if meaning == label]
            assert rows and named_keys(name) <= named_keys(rows[0]), \
                f"{name!r} ({verb}) in {watching!r} / {paused!r} is not in the table's {label!r} row: {rows}"


def press_matcher(app: App, matcher) -> None:
    """Press and release the key a keys-table alternative names (its first code, its typed character)."""
    mod = ((pygame.KMOD_LCTRL if matcher.ctrl else 0) | (pygame.KMOD_LALT if matcher.alt else 0)
           | (pygame.KMOD_LSHIFT if matcher.shift else 0))
    code = matcher.codes[0] if matcher.codes else 0
    char = matcher.chars[0] if matcher.chars else ""
    if not char and 32 <= code < 127 and not matcher.ctrl and not matcher.alt:
        char = chr(code).upper() if matcher.shift else chr(code)
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char, scancode=0),
                       pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=char, scancode=0)])


def what_shows(app: App, scene: GameScene) -> tuple:
    """What the player can see change: the scene on top, the status line, the toasts, the game's
    position, the watch, the camera, the toolbar button with the focus ring (Tab), the scene's
    own switches and counters (a toggle such as Hashi's G, a cursor), and whether the window is
    fullscreen (F11 / Alt+Enter: a headless window stays as it is, the setting says what it would be)."""
    frames(app, 2)
    top = app.stack.top
    view = getattr(scene, "view", None)
    camera = tuple(getattr(view, name, None) for name in ("zoom", "scroll", "offset", "follow"))
    own = tuple(sorted((name, value) for name, value in vars(scene).items()
                       if isinstance(value, (bool, int, str, tuple)) and not name.startswith("_")))
    return (id(top), len(app.stack.scenes), scene.status_text, tuple(m.text for m in scene.toast.messages),
            scene.session.index, len(scene.session.moves), id(scene.session.level), scene.watching,
            camera, getattr(scene.toolbar.focus, "label", None), own, app.settings.fullscreen)


def settled_view(app: App, scene: GameScene) -> tuple:
    """:func:`what_shows` once every worker the scene made (``scene.workers``: its AI worker and any
    of its own, Battle Royale's par, Hashi's check, Runway's analysis) is idle. A worker that
    delivers between two snapshots changes the status line, a toast or the scene's attributes
    ("thinking" became "known") by itself: on a loaded machine a key seemed to act, or a key
    bound to nothing seemed to change the screen."""
    for _ in range(50):
        for _ in range(200):
            busy = [worker for worker in scene.workers if worker.busy]
            if not busy:
                break
            for worker in busy:
                worker.wait(30)
            frames(app, 1)
        shown = what_shows(app, scene)
        if not any(worker.busy for worker in scene.workers):  # nothing started by those frames
            return shown
    raise AssertionError(f"{scene.info.name}: its workers never went idle")


#: The keys README's "Keys every game shares" lists for undo, redo, restart and hint (the watch key
#: is each game's own ``watch_keys``).
SHARED_KEYS = ("Ctrl+Z", "U", "Ctrl+Y", "Ctrl+Shift+Z", "R", "Ctrl+R", "H")


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_every_shared_key_works_or_says_why_not_in_this_game(info, toy_in_registry):
    """Tron ignored H without a word though "Keys every game shares" lists it as the hint: a shared
    key either does what the table says, or something of the game's own that its keys table
    lists, or says in one line why this game has no such thing."""
    from arcade.ui.keymap import _alternative, named_keys

    with small_game(info) as (app, scene):
        frames(app)
        safe_moves(scene, 2)
        listed = set().union(*(named_keys(keys) for keys, _ in scene.help_lines()))
        for keys in (*SHARED_KEYS, *scene.watch_keys.split(" / ")):
            matcher = _alternative(keys)
            while app.stack.top is not scene:
                app.stack.pop()
            scene.stop_watch()
            scene.say("")
            scene.toast.messages.clear()
            before = settled_view(app, scene)
            press_matcher(app, matcher)
            after = what_shows(app, scene)
            assert after != before, f"{keys} did nothing visible in {info.name}"
            if matcher not in listed:
                assert app.stack.top is scene and scene.status_text, f"{keys}: not listed, and no word why"
                assert "\n" not in scene.status_text and info.title in scene.status_text, scene.status_text


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_every_key_in_the_shown_keys_table_does_something_visible(info, toy_in_registry):
    """A key a game's keys table lists acts where the player can see it -- the position, the screen,
    an overlay, the status line or a toast -- in the mode it is listed for. Each key is pressed on
    a fresh game with a couple of moves made."""
    from arcade.ui.keymap import _alternative, find_binding, parse_keys

    with small_game(info) as (app, scene):
        frames(app)
        safe_moves(scene, 2)
        frames(app)
        table = scene.help_lines()
    silent = []
    for keys, meaning in table:
        for matcher in parse_keys(keys):
            with small_game(info) as (app, scene):
                frames(app)
                safe_moves(scene, 2)
                frames(app, 3)
                probe = pygame.event.Event(pygame.KEYDOWN, key=matcher.codes[0] if matcher.codes else 0,
                                           mod=0, unicode=matcher.chars[0] if matcher.chars else "")
                active = [b for b in scene.keymap() if scene.binding_active(b)]
                if not (matcher.ctrl or matcher.alt or matcher.shift) and find_binding(active, probe) is None:
                    continue  # listed for another mode ("while watching: one step")
                before = settled_view(app, scene)
                press_matcher(app, _alternative("F12"))  # bound to nothing: the measure sees no change
                assert what_shows(app, scene) == before, "the screen changes by itself: nothing to compare"
                press_matcher(app, matcher)
                if what_shows(app, scene) == before:
                    silent.append(f"{keys} ({meaning})")
    assert not silent, silent


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_game_finished_under_the_pause_overlay_shows_its_result_when_the_overlay_closes(info, toy_in_registry):
    """Hashi's result panel never came when its win animation ended under another overlay (help,
    pause) -- and so no Result button nor F3 -- while other games pushed theirs over the pause
    screen. In every game the result waits for the game to be back on top, then comes up."""
    from arcade.ui.overlays import PauseScene

    with small_game(info) as (app, scene):
        frames(app)
        key(app, pygame.K_ESCAPE)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        finish_covered(scene)
        # Under an overlay the real loop runs only the game's background_update: workers deliver,
        # animations wait (Hashi's win animation plays once the pause is closed).
        frames(app, 60, dt=0.1)
        assert app.stack.top is pause, f"{type(app.stack.top).__name__} came over the pause screen"
        key(app, pygame.K_ESCAPE)
        for _ in range(200):
            if isinstance(app.stack.top, ResultScene):
                break
            frames(app, 1, dt=0.05)
        assert isinstance(app.stack.top, ResultScene), [type(s).__name__ for s in app.stack.scenes]
        assert scene.result_ready and scene.toolbar.find(scene.result_button) is not None
        assert app.crashes == 0


def finish_covered(scene: GameScene) -> None:
    """End the game while an overlay covers it, as a worker's delivery or a session listener would."""
    if scene.info.name == "tron":
        while not scene.match.over:
            scene.match.record(Outcome("win", "boxed in", winner=0))
        scene.show_match_result()
    else:
        finish_by_hand(scene.session)
        assert scene.session.outcome is not None


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_game_finished_under_the_level_picker_shows_no_result_over_the_level_picked(info, toy_in_registry):
    """The old result panel came up over a newly opened level: a game that ended while the level
    picker was open waited for its panel, the picker closes before its pick is handled, and the
    panel went up in that moment -- over the level picked next, its Play again ready to throw
    that level away. A picked level opens bare; cancelled, the picker lets the waiting panel up."""
    with small_game(info) as (app, scene):
        frames(app)
        scene.open_levels()
        picker = app.stack.top
        assert isinstance(picker, PickerScene)
        finish_covered(scene)
        frames(app, 10, dt=0.1)
        assert app.stack.top is picker
        level_id = scene.session.level_id
        other = next(i for i, c in enumerate(picker.choices)
                     if not c.header and isinstance(c.value, LevelEntry) and c.value.id != level_id
                     and c.value.group not in ("random", "replays") and not c.value.error)
        chosen = picker.choices[other].value.id
        picker.pick(other)
        frames(app, 30, dt=0.1)
        while app.stack.top is not scene and not isinstance(app.stack.top, ResultScene):
            app.stack.pop()  # a game's own setup for the level (Tron's), closed
            frames(app, 3)
        assert scene.session.level_id == chosen
        shown = [type(s).__name__ for s in app.stack.scenes if isinstance(s, ResultScene)]
        assert not shown, f"the old game's result over the new level: {shown}"
        assert not scene.result_ready and app.crashes == 0
        # Cancelled, the picker gives way to the result that came due under it.
        scene.open_levels()
        picker = app.stack.top
        finish_covered(scene)
        frames(app, 5, dt=0.1)
        picker.cancel()
        for _ in range(200):
            if isinstance(app.stack.top, ResultScene):
                break
            frames(app, 1, dt=0.05)
        assert isinstance(app.stack.top, ResultScene), [type(s).__name__ for s in app.stack.scenes]


def test_the_key_tests_measure_the_screen_once_every_worker_is_idle(toy_in_registry):
    """The key tests flaked on a loaded machine: a worker of the scene's own (Battle Royale's par
    going from "thinking" to "known") delivered between the two snapshots, and a key seemed to act
    or an unbound key to change the screen. :func:`settled_view` measures once they are all idle."""
    with small_game(toygame.INFO) as (app, scene):
        frames(app)
        slow = scene.new_worker()
        slow.submit(time.sleep, 0.3, on_done=lambda _: scene.say("known"), label="par")
        before = settled_view(app, scene)
        frames(app, 5)
        assert what_shows(app, scene) == before and scene.status_text == "known"


@contextlib.contextmanager
def level_picker(info: GameInfo) -> Iterator[tuple[App, PickerScene]]:
    """``info``'s level picker opened over a small level at 800x600, where its list scrolls."""
    app = App(registry_with(info, 0), size=(800, 600), headless=True)
    try:
        scene = app.launch(info.name, Launch(level=SMALL[info.name]))
        frames(app)
        scene.open_levels()
        picker = app.stack.top
        assert isinstance(picker, PickerScene)
        frames(app)
        yield app, picker
    finally:
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_scroll_of_the_level_picker_never_stops_on_a_headings_gap(info, toy_in_registry):
    """A heading is drawn low in its row, the gap above it parting two groups: a wheel or key scroll
    that stopped with a heading as the list's top row left the list starting on blank space. Below
    the list's start no scroll, by the wheel (either way, at the pointer or away from the list) or
    by the keys (arrows, PgUp/PgDn, letters), leaves a heading on top, and the highlight stays in
    view."""
    with level_picker(info) as (app, picker):
        headings = [i for i, c in enumerate(picker.choices) if c.header and i > 0]

        def check(how: str) -> None:
            top = picker.scroll
            assert top == 0 or not picker.choices[top].header, (how, top, picker.choices[top].title)
            assert top <= picker.selected < top + picker.visible_rows, (how, top, picker.selected)

        steps = len(picker.choices) + 2
        on_list = (picker.list_rect.centerx, picker.list_rect.y + picker.ROW // 2)
        away = (picker.panel.x + 2, picker.panel.y + 2)
        for pos in (on_list, away):
            for direction in (-1, 1):
                for _ in range(steps):
                    wheel(app, direction, pos)
                    check(f"wheel {direction} at {pos}")
        for code in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            for _ in range(steps):
                key(app, code)
                check(pygame.key.name(code))
        if headings and len(picker.choices) > picker.visible_rows:
            # The case the player saw: a scroll that would end with a heading on top.
            for top in headings:
                for direction in (-1, 1):
                    picker.scroll = top + 3 * direction
                    wheel(app, direction, away)
                    check(f"wheel {direction} onto {picker.choices[top].title}")


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_level_picker_never_draws_a_heading_without_its_first_row(info, toy_in_registry):
    """At 800x600 Hashi's level picker showed "MEDIUM" on its last row, its first level cut off
    below the list's edge: a heading over nothing. At every scroll a heading is drawn with its
    first row in view, or not at all (the row stays empty)."""
    with level_picker(info) as (app, picker):
        left_out = 0
        for scroll in range(max(1, len(picker.choices) - picker.visible_rows + 1)):
            picker.scroll = scroll
            drawn = [index for index, _ in picker.rows_in_view()]
            for index in drawn:
                if picker.choices[index].header:
                    assert index + 1 in drawn, (scroll, picker.choices[index].title)
            last = scroll + picker.visible_rows - 1
            if last < len(picker.choices) and picker.choices[last].header:
                left_out += 1
                surface = pygame.Surface(app.size)
                picker.draw(surface)
                band = pygame.Rect(picker.list_rect.x, picker.list_rect.bottom - picker.ROW,
                                   picker.list_rect.width, picker.ROW)
                accent = tuple(app.theme["accent"])[:3]
                assert not any(tuple(surface.get_at((x, y)))[:3] == accent
                               for x in range(band.left, band.left + 200) for y in range(band.top, band.bottom)), \
                    f"{picker.choices[last].title} drawn over nothing at scroll {scroll}"
        if info.name == "hashi":
            assert left_out, "no scroll put a heading on the last row: the test saw nothing"


def overlay_at_sizes(app: App, keycode: int, kind: type) -> Iterator[tuple[tuple[int, int], Scene]]:
    """At 1024x640 and at 800x600: the overlay ``keycode`` opens (a ``kind`` with a keys table),
    closed again once the caller has looked at it."""
    for size in ((1024, 640), (800, 600)):
        resize(app, size)
        frames(app)
        key(app, keycode)
        overlay = app.stack.top
        assert isinstance(overlay, kind) and overlay.keys
        yield size, overlay
        app.pop()
        frames(app)


def assert_key_cell_whole(cell: str, lines: list[str], font: pygame.font.Font, room: int,
                           size: tuple[int, int]) -> None:
    """A key table's cell laid out as ``lines``: every word of it there, no line wider than ``room``."""
    assert " ".join(lines).split() == cell.split(), (size, cell, lines)
    too_wide = [line for line in lines if font.size(line)[0] > room]
    assert not too_wide, f"{cell!r} shortened at {size}: {lines}"


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_pause_screen_shows_every_key_whole(info, toy_in_registry):
    """Hashi's pause showed "Left-drag from an i…", "Ctrl+arrow · Shift+…" and "Ctrl+Y /
    Ctrl+Shift+…": the key column cut the very words it is for. A key too wide for the column
    wraps onto more lines, and every line fits, at 1024x640 and at 800x600."""
    from arcade.ui.overlays import PauseScene

    with small_game(info) as (app, _scene):
        for size, pause in overlay_at_sizes(app, pygame.K_ESCAPE, PauseScene):
            font = app.theme.font(16, True)
            shown = [row for _, rows in pause._key_columns for row in rows]
            assert len(shown) == len(pause.keys)
            for (keys, _what), (lines, _meaning) in zip(pause.keys, shown):
                assert_key_cell_whole(keys, lines, font, pause._keys_w - 8, size)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_pause_screen_draws_whole_key_rows_in_a_small_window(info, toy_in_registry, monkeypatch):
    """At 640x400 Runway's pause table ended in "pick a runway, or a saved replay to": a row's
    first line drawn, its last cut off by the table's edge. A row is drawn whole or not at all
    (the hint below says there are more keys), at every scroll step."""
    from arcade.ui import overlays
    from arcade.ui.overlays import PauseScene

    drawn: dict[str, int] = {}  # where each text was drawn (its top)
    real = overlays.draw_text

    def spy(surface, theme, text, pos, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn[text] = pos[1]
        return real(surface, theme, text, pos, *args, **kwargs)

    monkeypatch.setattr(overlays, "draw_text", spy)
    with small_game(info) as (app, _scene):
        resize(app, (640, 400))
        frames(app)
        key(app, pygame.K_ESCAPE)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        rows = [row for _, part in pause._key_columns for row in part]
        area = pause.keys_area()
        cut_somewhere = False
        for _step in range(12):
            drawn.clear()
            pause.draw(app.screen)
            for keys, lines in rows:
                tops = [drawn[line] for line in lines if line in drawn]
                if tops:  # drawn: every line of it, inside the table (the clip hid a cut one)
                    assert len(tops) == len(lines), (keys, lines)
                    assert area.top <= min(tops) and max(tops) + 22 <= area.bottom, (keys, lines, tops, area)
                cut_somewhere |= not tops
            pause.key_scroll.by(22)
        assert cut_somewhere or pause.key_scroll.most == 0


@pytest.mark.parametrize(("info", "options"), [*((g, None) for g in GAMES), (HASHI, {"edit": ""})],
                         ids=[*(g.name for g in GAMES), "hashi-editor"])
def test_how_to_play_is_a_click_away_on_the_pause_screen(info, options, toy_in_registry):
    """A newcomer with only a mouse saw How to play once, on a game's first opening: it was F1 or ?
    after that, and the pause screen (the toolbar's Pause) offered Resume, Settings, Main menu. The
    pause screen has a How to play button in every game (and Hashi's editor); the page opens over
    the pause screen and closing it comes back there."""
    from arcade.ui.how_to_play import HowToPlayScene
    from arcade.ui.overlays import PauseScene

    app = new_app(registry_with(info, 0))
    try:
        launch = Launch(options=options) if options else Launch(level=SMALL[info.name])
        app.launch(info.name, launch, strict=True)
        frames(app)
        click(app, top_game(app).toolbar.find("Pause").rect.center)
        pause = app.stack.top
        assert isinstance(pause, PauseScene), type(pause).__name__
        buttons = {b.label: b for b in pause.buttons}
        assert "How to play" in buttons, list(buttons)
        click(app, buttons["How to play"].rect.center)
        page = app.stack.top
        assert isinstance(page, HowToPlayScene) and page.keys
        key(app, pygame.K_ESCAPE)
        frames(app)
        assert app.stack.top is pause
    finally:
        close(app)


def press(app: App, pos: tuple[int, int], kind: int) -> None:
    """One half of a click (the press or the release) at ``pos``, and a frame."""
    pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.frame(1 / 60)


@pytest.mark.parametrize("info", [g for g in GAMES if g.name != "tron"], ids=lambda g: g.name)
def test_a_double_click_on_watch_ai_leaves_the_ai_playing(info, toy_in_registry, monkeypatch):
    """A player who double-clicks (many do, on anything) started the AI and stopped it in the same
    gesture: Battle Royale said "Stopped watching.", Runway "Paused": the second press landed on
    the button the first had just turned into Stop watching (or lit up). The second press of a
    double-click on a button the first changed is let go; a third, or a press after the
    double-click time, acts again; a fast second press on a button that stays the same acts too."""
    from arcade.ui import widgets

    clock = [100.0]
    fake = type("Clock", (), {"monotonic": staticmethod(lambda: clock[0])})
    monkeypatch.setattr(widgets, "time", fake, raising=False)
    with small_game(info) as (app, scene):
        frames(app)
        spot = scene.toolbar.find("Watch AI").rect.center
        press(app, spot, pygame.MOUSEBUTTONDOWN)
        press(app, spot, pygame.MOUSEBUTTONUP)
        scene.worker.wait(30)
        frames(app)  # the AI's plan arrives: the toolbar is built again around the watch
        assert scene.watching
        clock[0] += 0.2
        press(app, spot, pygame.MOUSEBUTTONDOWN)
        press(app, spot, pygame.MOUSEBUTTONUP)
        assert scene.watching and not scene.watch.paused, scene.status_text
        clock[0] += 1.0  # a deliberate click later stops (Runway: pauses) it, as the button says
        press(app, spot, pygame.MOUSEBUTTONDOWN)
        press(app, spot, pygame.MOUSEBUTTONUP)
        assert not scene.watching or scene.watch.paused
    with small_game(info) as (app, scene):
        frames(app)
        undo = scene.toolbar.find("Undo")
        safe_moves(scene, 2)
        frames(app)
        for _ in range(2):  # a fast double-click on Undo undoes twice
            press(app, undo.rect.center, pygame.MOUSEBUTTONDOWN)
            press(app, undo.rect.center, pygame.MOUSEBUTTONUP)
            clock[0] += 0.1
        assert scene.session.index == 0


def lost_result_panel(app: App, info: GameInfo, scene: GameScene) -> ResultScene:
    """``scene``'s game lost (Tron: a match the bot won) and its result panel, as the game opens it."""
    if info.name == "tron":
        while not scene.match.over:
            scene.match.record(Outcome("win", "boxed in", winner=1))
        scene.show_match_result()
    else:
        safe_moves(scene, 1)
        scene.show_result(Outcome("loss", "Lost on purpose."))
    frames(app)
    panel = app.stack.top
    assert isinstance(panel, ResultScene), type(panel).__name__
    return panel


@pytest.mark.parametrize("result", ["win", "loss"])
@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_every_result_panel_focuses_look_at_board_and_a_loss_offers_play_again_first(info, result,
                                                                                     toy_in_registry):
    """After a Battle Royale loss the newcomer found "Next level" highlighted, so Enter would skip
    the level just lost. Every game's result panel, won or lost, opens with "Look at board"
    focused (Enter keeps the board), and after a loss "Play again" comes before "Next level" or
    "Levels" (Tron's match result: "Rematch" first)."""
    with small_game(info) as (app, scene):
        frames(app)
        panel = result_panel(app, info, scene) if result == "win" else lost_result_panel(app, info, scene)
        labels = [b.label for b in panel.buttons]
        assert labels[panel.selected] == "Look at board", labels
        # The pointer, still moving over the board, crosses a button as the panel comes up.
        for button in panel.buttons:
            app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(1, 0),
                                                  buttons=(0, 0, 0))])
        assert labels[panel.selected] == "Look at board", labels
        frames(app, 40)  # read: the panel takes keys now
        assert labels[panel.selected] == "Look at board", labels
        if result == "loss":
            again = "Rematch" if info.name == "tron" else "Play again"
            onward = [labels.index(label) for label in ("Next level", LEVELS_BUTTON) if label in labels]
            assert again in labels and all(labels.index(again) < i for i in onward), labels
            assert labels.index(again) == 0, labels


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_how_to_play_shows_every_key_whole(info, toy_in_registry):
    """How to play cut long key cells with "…" ("Ctrl+Y / Ctrl+…") after the pause screen had
    learnt to wrap them: both tables lay out their keys with one helper. At 1024x640 and 800x600
    every key cell's lines fit the column, give back the whole cell, and each line drawn is whole."""
    from arcade.ui.how_to_play import HowToPlayScene
    from arcade.ui.key_table import KEY_SEPARATORS

    with small_game(info) as (app, _scene):
        for size, page in overlay_at_sizes(app, pygame.K_F1, HowToPlayScene):
            font = app.theme.font(14, True)
            room = page.key_column - page.text_rect.x - 8
            assert len(page.key_rows) == len(page.keys)
            for (cell, _what), (lines, _meaning) in zip(page.keys, page.key_rows):
                assert_key_cell_whole(cell, lines, font, room, size)
                # a list of keys breaks only after a separator: no line starts with one ("/ R")
                assert not any(line.startswith(sep.strip()) for line in lines[1:] for sep in KEY_SEPARATORS), lines
            drawn = [text for text, _pos, fsize, bold, _role, _w in page.column_lines() if bold and fsize == 14]
            assert not any(text.endswith("…") for text in drawn), drawn


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_level_pickers_title_uses_the_games_own_word_for_a_level(info, toy_in_registry):
    """Tron's help said "L: choose a map" over a picker titled "Tron — choose a level": the picker's
    title says what the game calls a level (its front's ``level_noun``), the word its help uses."""
    app = new_app(registry_with(info, 0))
    try:
        scene = app.launch(info.name, Launch(level=SMALL[info.name]))
        frames(app)
        noun = scene.front.level_noun
        label = next(b.label for b in scene.keymap() if b.action == "open_levels")
        assert re.search(rf"\b{noun}\b", label), (noun, label)
        key(app, pygame.K_l)
        picker = app.stack.top
        assert isinstance(picker, PickerScene)
        assert picker.title == f"{info.title} — choose a {noun}", picker.title
    finally:
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_at_the_least_window_the_header_keeps_the_level_title_before_the_games_name(info, monkeypatch,
                                                                                     toy_in_registry):
    """At 640x400 the header read "Tron ..." and "Battle Royale — Even...": the game's name, which
    the player just chose, kept and the level's name lost; then "Scattered — Battle…", the game's
    name cut mid-word. In every game a title that fits stays "Game — Level"; else the game's name
    goes whole and the level's name is shown alone, or cut at a word's end when it is too long."""
    with small_game(info) as (app, scene):
        resize(app, MIN_WINDOW)
        frames(app)
        for level in (scene.level_title, "Even sides with a long way round the storm"):
            monkeypatch.setattr(type(scene), "level_title", property(lambda _s, t=level: t))
            scene._dirty = True
            frames(app)
            shown = scene.header_shown
            font = app.theme.font(22, True)
            assert shown and font.size(shown)[0] <= scene.header_room, (shown, scene.header_room)
            assert 16 + font.size(shown)[0] < scene.header_fields_rect.left, "the title runs under the facts"
            if shown == f"{info.title} — {level}":
                continue  # it all fits
            if not font.size(level)[0] <= scene.header_room:
                assert shown.endswith("…") and level.startswith(shown[:-1]), (level, shown)
                assert level[len(shown) - 1] == " ", f"cut mid-word: {shown!r}"  # these words are short
            else:
                assert shown == level, f"the game's name kept in part: {shown!r}"


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_declared_editor_opens_from_its_options_and_the_menu_offers_only_those(info, toy_in_registry):
    """The menu's "Make a puzzle" launches a game with its ``editor_options``: they must open (an
    editor the menu offers and cannot open would be a dead door), and a game without them has no
    such action on its card."""
    app = new_app(registry_with(info, 0))
    try:
        menu = app.push(MenuScene())
        card = next(e for e in menu.entries if e.title == info.title)
        assert (card.make is not None) == bool(info.editor_options)
        if info.editor_options:
            scene = app.launch(info.name, Launch(options=dict(info.editor_options)), strict=True)
            frames(app)
            assert app.stack.top is scene
    finally:
        close(app)


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_tab_reaches_the_toolbar_enter_presses_its_button_and_esc_lets_it_go(info, toy_in_registry, monkeypatch):
    """Keyboard players could not reach the toolbar: Tab focused nothing in a game. Tab puts a ring
    on the first enabled button and Shift+Tab goes back round to the last; Enter presses the one in
    focus -- its own action, not the game's Enter (Runway's WAIT, a move) -- and Esc lets the focus
    go without opening the pause screen. Without focus, Esc still pauses. (The toolbar alone here:
    the scene's other rows come in their screen order, see the tests below.)"""
    with small_game(info) as (app, scene):
        monkeypatch.setattr(scene, "button_rows", list)
        frames(app)
        assert any("Tab" in str(row) and "toolbar buttons" in str(row) for row in scene.help_lines()), \
            "the pause screen's keys table says so"
        bar = scene.toolbar
        enabled = [b for b in bar.buttons if b.is_enabled()]
        first, last = enabled[0], enabled[-1]
        key(app, pygame.K_TAB)
        assert scene.toolbar.focus is first
        said = scene.status_line()[0]
        assert (first.tooltip or first.label) in said and "Enter presses it" in said, \
            "the status line says what the button in focus does, as a hover does"
        frames(app)
        ring = first.rect.inflate(app.theme.px(6), app.theme.px(6))
        assert tuple(app.screen.get_at((ring.centerx, ring.top)))[:3] == app.theme["highlight"], "the ring is drawn"
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        assert scene.toolbar.focus is (enabled[-2] if len(enabled) > 1 else last)
        key(app, pygame.K_ESCAPE)
        assert scene.toolbar.focus is None and app.stack.top is scene, "Esc only let the focus go"
        assert "Enter presses it" not in scene.status_line()[0]
        ran = []
        run = scene.run_binding
        monkeypatch.setattr(scene, "run_binding", lambda binding: (ran.append(binding), run(binding)))
        moves = list(scene.session.moves)
        key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)
        assert [b.button for b in ran] == [first.label], ran
        assert "Enter presses it" not in scene.status_line()[0], "what the press did is said, not the tooltip"
        assert scene.session.moves == moves, "Enter pressed the button, not the game's Enter"
        while app.stack.top is not scene:  # the button opened a screen (Levels): back to the game
            key(app, pygame.K_ESCAPE)
        scene.toolbar.set_focus(None)
        ran.clear()
        key(app, pygame.K_ESCAPE)
        assert [b.action for b in ran] == ["open_pause"], "without focus Esc is the game's again"


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_tab_goes_through_every_button_row_the_scene_declares_in_the_screens_order(info, toy_in_registry,
                                                                                   monkeypatch):
    """Hashi's editor had a side panel of buttons (sizes, topologies) that Tab never reached: the
    focus ring covered the toolbar only. A scene declares its other rows (``button_rows``) and the
    framework's ring goes through them and the toolbar in the screen's order, top to bottom (rows
    above the toolbar first: it went toolbar first, then jumped up), round again; Enter presses the
    one in focus and the status line says what it does."""
    with small_game(info) as (app, scene):
        frames(app)
        pressed: list[str] = []
        side = [Button(label, lambda label=label: pressed.append(label), tooltip=f"side {label}",
                       rect=pygame.Rect(40 + 60 * i, 80, 50, 24)) for i, label in enumerate(("A", "B"))]
        hidden = Button("C", lambda: pressed.append("C"), rect=pygame.Rect(0, 0, 0, 0))
        monkeypatch.setattr(scene, "button_rows", lambda: [side[1:], [hidden], side[:1]])
        enabled = [b for b in scene.toolbar.buttons if b.is_enabled()]
        key(app, pygame.K_TAB)
        assert scene.toolbar.focus is side[0], "the row above the toolbar, its leftmost first"
        assert "side A" in scene.status_line()[0] and "Enter presses it" in scene.status_line()[0]
        frames(app)
        ring = side[0].rect.inflate(app.theme.px(6), app.theme.px(6))
        assert tuple(app.screen.get_at((ring.centerx, ring.top)))[:3] == app.theme["highlight"], "the ring is drawn"
        key(app, pygame.K_TAB)
        assert scene.toolbar.focus is side[1], "left to right"
        key(app, pygame.K_RETURN)
        assert pressed == ["B"] and app.stack.top is scene
        key(app, pygame.K_TAB)
        assert scene.toolbar.focus is enabled[0], "then the toolbar at the foot (C, laid out nowhere, skipped)"
        for _ in enabled:
            key(app, pygame.K_TAB)
        assert scene.toolbar.focus is side[0], "round again to the top"
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        assert scene.toolbar.focus is enabled[-1], "Shift+Tab goes back to the toolbar's last"
        key(app, pygame.K_ESCAPE)
        assert scene.toolbar.focus is None and app.stack.top is scene


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_every_button_drawn_on_a_game_screen_is_reachable_by_tab(info, toy_in_registry, monkeypatch):
    """Runway's commands (UP, DOWN, SPEED...) and player buttons under the board each took a click
    and had a key, but Tab went round the toolbar only. Every enabled button a game screen draws
    is in the focus ring. Deliberate exceptions: a button in the toolbar's More menu is reached
    through More (the ring opens the menu on it), and a grey button is skipped (nothing to press)."""
    with small_game(info) as (app, scene):
        frames(app)
        drawn: list[Button] = []
        real_draw = Button.draw
        monkeypatch.setattr(Button, "draw", lambda self, *a, **k: (drawn.append(self), real_draw(self, *a, **k))[1])
        resize(app, app.size)  # the whole screen drawn again, with the recording draw
        frames(app)
        assert app.stack.top is scene and drawn
        shown = {id(b): b for b in drawn if b.rect.width and b.is_enabled() and b is not scene.toolbar.more}
        reached = set()
        for _ in range(len(scene.toolbar.ring()) + 1):
            key(app, pygame.K_TAB)
            if scene.toolbar.focus is not None:
                reached.add(id(scene.toolbar.focus))
        missed = [b.label or b.tooltip for i, b in shown.items() if i not in reached]
        assert missed == [], f"{info.name}: Tab never reaches {missed}"


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_every_button_on_how_to_play_is_reachable_by_tab_and_enter_presses_it(info, toy_in_registry, monkeypatch):
    """How to play (F1) drew Got it and the example's player buttons (⏮ ◀ ▶/⏸ ▶ ⏭), but Tab did
    nothing there: ⏮ and ⏭ took a mouse. The framework's focus ring goes through every enabled
    button the page draws, Enter presses the one in focus, and Esc only lets the ring go."""
    from arcade.ui.how_to_play import HowToPlayScene

    with small_game(info) as (app, scene):
        frames(app)
        key(app, pygame.K_F1)
        page = app.stack.top
        assert isinstance(page, HowToPlayScene)
        page.toggle()  # paused: its buttons stay as they are while Tab goes round
        drawn: list[Button] = []
        page_draw, button_draw = page.draw, Button.draw
        # Only what the page draws (the game under the overlay draws its own rows).
        monkeypatch.setattr(Button, "draw", lambda self, *a, **k: (
            drawn.append(self) if recording else None, button_draw(self, *a, **k))[1])
        recording = False

        def draw_page(surface: pygame.Surface) -> None:
            nonlocal recording
            recording = True
            page_draw(surface)
            recording = False

        monkeypatch.setattr(page, "draw", draw_page)
        resize(app, app.size)
        frames(app)
        shown = {id(b): b for b in drawn if b.rect.width and b.is_enabled()}
        assert shown, "the page draws its buttons"
        reached: list[Button] = []
        for _ in range(len(shown) + 1):
            key(app, pygame.K_TAB)
            reached.append(page.focus.focus)
        missed = [b.label or b.tooltip for i, b in shown.items() if i not in {id(b) for b in reached}]
        assert missed == [], f"{info.name}: Tab never reaches {missed} on How to play"
        if page.example_rect.width:
            while page.focus.focus is not page.player["end"]:
                key(app, pygame.K_TAB)
            key(app, pygame.K_RETURN)
            assert app.stack.top is page and page.step == page.steps - 1, "Enter pressed ⏭, not Got it"
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is page and page.focus.focus is None, "Esc let the ring go"
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is scene


def files_under(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder`` with its bytes and modification time (a rewrite of the same bytes shows)."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def tree_under(folder: Path) -> dict[str, tuple[bytes, int] | str]:
    """Every file (its bytes and modification time) and every folder under ``folder``: an empty
    folder made by the run shows too."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns) if p.is_file() else "folder"
            for p in sorted(folder.rglob("*"))}


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_screenshot_leaves_the_data_folder_byte_for_byte_as_it_was(info, toy_in_registry, user_home, tmp_path,
                                                                   monkeypatch, capsys):
    """A render-only run still moved a damaged save, settings or records file aside, deleted an
    old interrupted save's temp file, wrote Battle Royale's par cache and left an empty logs/
    folder. Now the whole tree stays as it was; the damage is still said, as "left as it is"."""
    import os

    from arcade.cli import main
    from arcade.games.royale import ai
    from arcade.services.saves import autosave_path, records_path
    from arcade.services.settings import Settings

    for path, text in ((autosave_path(info.name), "{cut sho"), (Settings.path(), "[1, 2"),
                       (records_path(), "{not json")):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    stale = records_path().with_name(".records.json.x1y2.tmp")  # what a save killed mid-write leaves
    stale.write_text("{")
    os.utime(stale, (0, 0))
    monkeypatch.setattr(ai.MEMO, "_memory", {})  # Battle Royale solves its par afresh
    before = tree_under(user_home)
    capsys.readouterr()
    assert main(["play", info.name, "--screenshot", str(tmp_path / "shot.png"), "--frames", "4"]) == 0
    for worker in threading.enumerate():  # a par solved off the main thread is written when it ends
        if worker is not threading.current_thread() and not worker.daemon:
            worker.join(timeout=10)
    assert tree_under(user_home) == before
    assert "left as it is" in capsys.readouterr().err


@pytest.mark.parametrize("run", [["--frames", "2"], ["play", "hashi", "--edit"]], ids=["menu", "editor"])
def test_a_screenshot_leaves_a_damaged_draft_where_it_is(run, user_home, tmp_path, capsys):
    """The menu's screenshot (and ``play hashi --edit --screenshot``) renamed a damaged Hashi draft to
    ``.damaged``, though a screenshot promises to leave the data folder byte for byte as it was: the
    draft's own rename did not ask :func:`~arcade.services.files.keeps_files`, as saves and records do."""
    from arcade.cli import main
    from arcade.games.hashi.view.editor import draft_path

    draft_path().parent.mkdir(parents=True, exist_ok=True)
    draft_path().write_bytes(b"\x00\xffgarbage")
    before = tree_under(user_home)
    capsys.readouterr()
    assert main([*run, "--screenshot", str(tmp_path / "shot.png")]) == 0
    assert tree_under(user_home) == before
    if run[0] != "play":  # (the menu says it on stderr too; the editor in its toast)
        err = capsys.readouterr().err
        assert "could not be read" in err and "left as it is" in err, err


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_a_headless_screenshot_writes_none_of_the_players_files(info, toy_in_registry, user_home, tmp_path,
                                                                 monkeypatch, capsys):
    """``play GAME --screenshot`` resumed the saved game and wrote its save back on the way out; in a
    read-only data folder it said "your latest moves in GAME were not saved" of moves nobody made.
    A screenshot only looks: saves, records and drafts stay as they were, as the settings already did."""
    import errno

    from arcade.cli import main

    play_and_leave(registry_with(info, 0), info.name)
    if info.name == HASHI.name:
        from arcade.games.hashi.view.editor import draft_path, live_copy_path

        draft_path().parent.mkdir(parents=True, exist_ok=True)
        draft_path().write_text("3.2\n...\n1.2\n")  # a draft, and a live copy left by a killed run
        live_copy_path().write_text("2.2\n")
    before = files_under(user_home)
    capsys.readouterr()
    attempts: list[str] = []

    def read_only(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        attempts.append(str(path))
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    with monkeypatch.context() as disk:  # the test's own data folder stays set after it
        for where in ("saves", "settings", "autosave"):
            module = f"arcade.services.{where}"
            if hasattr(__import__(module, fromlist=["x"]), "atomic_write_text"):
                disk.setattr(f"{module}.atomic_write_text", read_only)
        runs = [["play", info.name]]
        if info.name == HASHI.name:
            runs += [["play", "hashi", "--edit"], ["--frames", "2"]]
        for run in runs:
            assert main([*run, "--screenshot", str(tmp_path / "shot.png")]) == 0, run
    err = capsys.readouterr().err
    assert attempts == []
    assert "not saved" not in err and "draft" not in err, err
    assert files_under(user_home) == before


#: A child process (a fresh interpreter: this one imported every game long ago) that records which
#: thread imported each of a game's modules, shows the menu, waits for its warm-up, then opens every
#: registered game from the menu as a click does.
WARM_UP_CHILD = r"""
import importlib.abc, json, sys, threading
from arcade.games import REGISTRY

on_main = {}


class Spy(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        on_main.setdefault(name, threading.current_thread() is threading.main_thread())
        return None


sys.meta_path.insert(0, Spy())
from arcade.ui.app import App
from arcade.ui.menu import MenuScene

app = App(REGISTRY, size=(800, 600), headless=True)
app.preload = True  # as a window does (a headless run opens one game and does not warm up)
app.push(MenuScene())
before_the_first_frame = any(t.name == "arcade-warm-up" for t in threading.enumerate())
app.frame(1 / 60, [])
for thread in threading.enumerate():
    if thread.name == "arcade-warm-up":
        thread.join(120)
launched = {}
for info in REGISTRY:
    already = set(sys.modules)
    menu = app.stack.top
    menu.activate(next(i for i, e in enumerate(menu.entries) if e.title == info.title))
    package = info.front.partition(":")[0].rpartition(".view")[0]
    launched[info.name] = {
        "opened": type(app.stack.top).__name__,
        "front_on_main": on_main.get(info.front.partition(":")[0]),
        "imported_at_the_click": sorted(m for m in set(sys.modules) - already if m.startswith(package)),
    }
    app.back_to_menu()
    app.frame(1 / 60, [])
app.close()
print(json.dumps({"before_the_first_frame": before_the_first_frame, "launched": launched}))
"""


def test_opening_a_game_from_the_menu_imports_none_of_its_code_on_the_main_thread(tmp_path):
    """The menu imports every registered game's window code on a background thread while the player
    chooses: a game's first opening imported its view and AI on the frame that handled the click
    (Tron's numba froze the window for about 200 ms of the main thread, Hashi's code for 80+).
    It starts once the menu's first frame is on screen, so the start-up is no slower."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PUZZLE_ARCADE_HOME": str(tmp_path / "home"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", WARM_UP_CHILD], env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["before_the_first_frame"] is False, "the warm-up shared the CPU with the first frame"
    launched = report["launched"]
    assert sorted(launched) == sorted(REGISTRY.names())
    for name, seen in launched.items():
        assert seen["opened"] != "MenuScene", (name, seen)
        assert seen["front_on_main"] is False, f"{name}'s window code was imported on the main thread"
        assert seen["imported_at_the_click"] == [], (name, seen)


def test_a_game_is_never_opened_while_the_warm_up_imports_another(toy_in_registry, monkeypatch):
    """Opening a game and the menu's warm-up take turns at importing: two threads importing modules
    that import each other can each hold one the other waits for, and Python then hands one of
    them a module half initialised (the warm-up takes the same lock around each game)."""
    from arcade.ui import app as app_module
    from arcade.ui import front

    seen: list[bool] = []
    opening = front.open_session

    def open_and_look(*args, **kwargs):  # type: ignore[no-untyped-def]
        def try_lock() -> None:
            got = app_module._IMPORTING.acquire(blocking=False)
            seen.append(got)
            if got:
                app_module._IMPORTING.release()

        other = threading.Thread(target=try_lock)  # as the warm-up thread would
        other.start()
        other.join(10)
        return opening(*args, **kwargs)

    monkeypatch.setattr(front, "open_session", open_and_look)
    application = new_app(REGISTRY)
    try:
        application.launch(toygame.INFO)
    finally:
        close(application)
    assert seen == [False]



def test_closing_the_window_stops_the_warm_up_after_the_import_under_way(monkeypatch):
    """The warm-up thread is not a daemon, so the process's exit waits for it: quitting while it
    imported kept the process alive 2.5-3 s after the window closed, importing games nobody would
    open. Closed while one game's code is being imported, the app imports no other."""
    from arcade.core import registry as registry_module

    importing = threading.Event()
    go_on = threading.Event()
    loaded: list[str] = []
    load = registry_module.load_object

    def slow_load(path: str):  # type: ignore[no-untyped-def]
        loaded.append(path)
        if path == "first:FRONT":
            importing.set()
            go_on.wait(30)  # the import under way when the window closes
            return load(toygame.INFO.front)
        return load(path)

    monkeypatch.setattr(registry_module, "load_object", slow_load)
    registry = Registry()
    for name in ("first", "second", "third"):
        registry.register(replace(toygame.INFO, name=f"warm-{name}", front=f"{name}:FRONT"))
    application = new_app(registry)
    application.preload = True  # as a window does
    application.drawn = 1  # the menu's first picture is on screen
    application.warm_up_games()
    warm_up = next(t for t in threading.enumerate() if t.name == "arcade-warm-up")
    assert importing.wait(30)
    try:
        close(application)
    finally:
        go_on.set()
    warm_up.join(30)
    assert not warm_up.is_alive()
    assert loaded == ["first:FRONT"], "games were imported after the window closed"


BUNDLED_RECORDS = [g for g in REGISTRY if g.record is not None]


@pytest.mark.parametrize("info", BUNDLED_RECORDS, ids=[g.name for g in BUNDLED_RECORDS])
def test_a_level_won_is_not_where_the_game_reopens(info):
    """Hashi's First steps solved, Main menu, then Hashi's card: First steps again, a fresh board of
    the puzzle just solved, with nothing saying so. A level won opens the next one next time, as
    the result's Next level would; Play again keeps the level that was won."""
    app = new_app(registry_with(info, 0))
    try:
        scene = app.launch(info.name)
        frames(app)
        first = scene.session.level_id
        following = next_level(info, scene.front.levels(), first)
        assert following is not None
        scene.elapsed = 30.0
        assert scene.keep_record(Outcome("win")), "no record kept"
        assert app.game_settings(info.name)["last_level"] == following.id
        scene.new_game()  # Play again: this level is where the game is
        frames(app)
        assert app.game_settings(info.name)["last_level"] == first
        scene.keep_record(Outcome("win"))
        app.pop()
        frames(app)
        again = app.launch(info.name)
        assert again.session.level_id == following.id
    finally:
        close(app)


#: Every game, Tron too: a map its random rows or ``--seed`` drew came back as the setup's bundled
#: map (its ``last_level`` read only the setup). "New each match" as the setup's choice stays the
#: choice (tested with the setup): the map it drew comes back, the next match draws another.
REOPENED = GAMES


def made_levels(app: App, front) -> list[tuple[str, object, str]]:
    """``(how, level, level_id)`` of every kind of level the game makes that no bundled id names:
    a board pasted as text, one from ``--seed``, one from each picker row that is no file."""
    small, _ = front.open_level(SMALL[front.name])
    made = [("pasted", front.rules.parse_level(front.rules.format_level(small), "paste"), "pasted")]
    with contextlib.suppress(ArcadeError):
        made.append(("seed", *front.seeded_level(app, 7)))
    made += [(f"row {e.id}", *front.open_entry(app, e)) for e in front.extra_choices()
             if e.group != "my-puzzles"]
    return made


def relaunched(info: GameInfo) -> tuple[App, GameScene]:
    """The game opened afresh with nothing asked for, as its menu card or ``play GAME`` does."""
    app = new_app(registry_with(info, 0))
    scene = app.launch(info.name, Launch())
    frames(app)
    return app, scene


@pytest.mark.parametrize("info", REOPENED, ids=[g.name for g in REOPENED])
def test_a_made_board_left_untouched_is_where_the_game_reopens(info, toy_in_registry, capsys):
    """A Hashi board generated by New board, left untouched, then Main menu, quit and relaunch: the
    bundled "Seven seas" opened -- an untouched board is never saved, and only bundled levels were
    remembered. Every board a game makes (generated, from a seed, a random row, pasted) is
    remembered, and comes back exactly, under the same name."""
    app = new_app(registry_with(info, 0))
    try:
        made = made_levels(app, info.load_front())
    finally:
        close(app)
    assert made
    for how, level, level_id in made:
        app = new_app(registry_with(info, 0))
        try:
            app.push(MenuScene())
            scene = app.launch(info.name, Launch(level=SMALL[info.name]))
            scene.change_level(level, level_id)  # as New board, a picked row, a paste does
            frames(app)
            title = scene.level_title
            app.stack.pop_to(MenuScene)
        finally:
            close(app)
        assert not saves.autosave_path(info.name).is_file(), f"{how}: an untouched board was saved"
        app, scene = relaunched(info)
        try:
            rules = scene.session.rules
            assert rules.format_level(scene.session.level) == rules.format_level(level), f"{how}: another board"
            assert (scene.session.level_id, scene.level_title) == (level_id, title), how
        finally:
            close(app)
    assert "could not" not in capsys.readouterr().err.lower()


@pytest.mark.parametrize("info", REOPENED, ids=[g.name for g in REOPENED])
def test_a_level_opened_from_a_file_reopens_from_it_and_a_deleted_one_is_said_once(info, toy_in_registry, tmp_path,
                                                                                  capsys):
    """``play GAME --level FILE``, no move, quit: the next start opened a bundled level. The file
    is remembered (read again: an edit made since shows); deleted, the game opens its first level
    and says why in one line."""
    app = new_app(registry_with(info, 0))
    try:
        front = info.load_front()
        small, _ = front.open_level(SMALL[info.name])
        path = tmp_path / "mine.txt"
        path.write_text(front.rules.format_level(small))
        scene = app.launch(info.name, Launch(level=str(path)))
        frames(app)
    finally:
        close(app)
    app, scene = relaunched(info)
    try:
        assert front.rules.format_level(scene.session.level) == path.read_text(), "the file was not reopened"
    finally:
        close(app)
    path.unlink()
    capsys.readouterr()
    app, scene = relaunched(info)
    try:
        assert scene.session.level_id == front.first_level()
    finally:
        close(app)
    told = [line for line in capsys.readouterr().err.splitlines() if "could not be opened" in line]
    assert len(told) == 1 and "starting on the first level" in told[0], told


@pytest.mark.parametrize("info", REOPENED, ids=[g.name for g in REOPENED])
def test_a_file_named_like_a_bundled_level_reopens_from_the_file(info, toy_in_registry, tmp_path):
    """``play tron --level ~/maps/empty-room.txt`` (a map of one's own, or from another version,
    under a bundled map's name), no move, quit: the next start opened the bundled Empty room -- the
    file's id is its name, and a bundled id was remembered as the level itself. A level whose id
    names a bundled level but whose board differs is remembered by its file."""
    front = info.load_front()
    small, small_id = front.open_level(SMALL[info.name])
    rules = front.rules
    other = next(text for e in front.levels() if not e.error
                 if (text := rules.format_level(front.open_entry(None, e)[0])) != rules.format_level(small))
    path = tmp_path / f"{small_id.rsplit('/', 1)[-1]}.txt"
    path.write_text(other)
    app = new_app(registry_with(info, 0))
    try:
        app.launch(info.name, Launch(level=str(path)))
        frames(app)
    finally:
        close(app)
    app, scene = relaunched(info)
    try:
        assert rules.format_level(scene.session.level) == other, "the bundled level opened, not the file"
    finally:
        close(app)


def _described_anew(rules, level, title: str):
    """``level`` with its ``# title:`` line (or a new one) saying ``title``, or None when the game's
    format has no header lines (Tron's maps, Runway's input)."""
    from arcade.core.errors import FormatError

    lines = [line for line in rules.format_level(level).splitlines() if not line.startswith("# title:")]
    try:
        return rules.parse_level("\n".join([f"# title: {title}", *lines]) + "\n", "<renamed>")
    except FormatError:
        return None


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_the_same_board_is_the_same_level_whatever_its_title(info, toy_in_registry):
    """``Rules.same_board`` compares what the game is played on: a level is its own board, a new
    title does not make another board, and two bundled levels with different boards differ."""
    rules, front = info.load_rules(), info.load_front()
    level, _level_id = front.open_level(SMALL[info.name])
    assert rules.same_board(level, level)
    assert rules.same_board(level, rules.parse_level(rules.format_level(level)))
    renamed = _described_anew(rules, level, "Renamed in an editor")
    if renamed is not None:
        assert renamed != level and rules.same_board(level, renamed) and rules.same_board(renamed, level)
    boards = {}
    for entry in front.levels():
        if not entry.error:
            other, _ = front.open_level(entry.id)
            boards.setdefault(rules.format_level(other), other)
        if len(boards) == 2:
            break
    if len(boards) == 2:
        first, second = boards.values()
        assert not rules.same_board(first, second)


@pytest.mark.parametrize("info", GAMES, ids=[g.name for g in GAMES])
def test_play_level_resumes_its_save_after_only_the_files_title_changed(info, toy_in_registry, tmp_path):
    """``play GAME --level FILE`` after only the file's ``# title:`` line was edited started the
    game afresh (levels were compared with their headers), and the first move replaced the save of
    the same grid. The save is resumed, on the file's level as it is now (its new title)."""
    rules = info.load_rules()
    level, _level_id = info.load_front().open_level(SMALL[info.name])
    renamed = _described_anew(rules, level, "Renamed in an editor")
    path = tmp_path / "mine.txt"
    path.write_text(rules.format_level(level))
    app = new_app(registry_with(info, 0))
    try:
        scene = app.launch(info.name, Launch(level=str(path)))
        moves = list(safe_moves(scene, 2))
        assert moves
        saved_now(scene)
        app.stack.pop()
        if renamed is not None:
            path.write_text(rules.format_level(renamed))
        again = app.launch(info.name, Launch(level=str(path)))
        assert again.session.moves == moves, "the save of the same board was not resumed"
        if renamed is not None:
            assert again.session.level == renamed and again.level_title == "Renamed in an editor"
    finally:
        close(app)


def test_a_header_that_changes_the_rules_is_part_of_the_board():
    """Hashi's ``# topology:`` is a header line too, but a torus is another puzzle than the plane
    with the same islands (``board_headers``): only the describing lines are left out."""
    rules = HASHI.load_rules()
    plane = rules.parse_level("# title: Plane\n2.2\n...\n...\n")
    assert rules.same_board(plane, rules.parse_level("# title: Other\n# author: me\n2.2\n...\n...\n"))
    assert not rules.same_board(plane, rules.parse_level("# title: Plane\n# topology: torus\n2.2\n...\n...\n"))
