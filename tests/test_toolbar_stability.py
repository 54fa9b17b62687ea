"""Contract: no button moves under the player's pointer when the game's state changes, in every game.

Seen in Hashi: a watch of the AI stopped, its Pause AI and Step buttons went, every button after
them slid left, and the player's next click, aimed at Undo, opened the editor. A hint arriving, a
watch starting, pausing or stopping, a result coming, a label switching ("Watch AI" / "Stop
watching") are not the player's doing: each game's buttons (the toolbar and the scene's button
rows) are collected in each state the framework can drive headlessly, and every button present in
two states must have the same rectangle in both -- at 1280x800 and at 640x400, where the row is
tightest. Driven with posted clicks on the dummy driver.
"""

from __future__ import annotations

import pygame
import pytest

from arcade.core.registry import GameInfo
from arcade.ui.app import App
from arcade.ui.game_scene import GameScene
from arcade.ui.overlays import ResultScene
from arcade.ui.widgets import Button
from tests.test_frontend_contract import GAMES, HASHI, finished_with_its_result, frames, resize, small_game

SIZES = [(1280, 800), (640, 400)]

Rects = dict[str, tuple[int, int, int, int]]


def buttons(scene: GameScene) -> Rects:
    """Every button on screen by what it stands for (its keys, else its label), with its rect:
    the toolbar's row, the buttons in its More menu (no rect while closed), the scene's rows."""
    rects: Rects = {}
    for b in [*scene.toolbar.row(), *scene.toolbar.menu()]:
        rects[f"toolbar {b.hotkey or b.label}"] = tuple(b.rect)
    for i, row in enumerate(scene.button_rows()):
        for b in row:
            rects[f"row {i} {b.hotkey or b.label}"] = tuple(b.rect)
    return rects


def moved(before: Rects, after: Rects) -> list[tuple[str, tuple, tuple]]:
    return [(name, before[name], after[name]) for name in before.keys() & after.keys()
            if before[name] != after[name]]


def click(app: App, button: Button) -> None:
    """The player clicks ``button`` where it is drawn (posted events, one frame), a while after their
    last click (not the second half of a double-click, which the toolbar lets go)."""
    app.stack.top.toolbar.guard.last_press = None
    pos = button.rect.center
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))])


def on_row(scene: GameScene, *labels: str) -> Button | None:
    return next((b for b in scene.toolbar.row() if b.label in labels and b.rect.width), None)


def settle(app: App, scene: GameScene) -> None:
    for worker in scene.workers:
        worker.wait(30)
    frames(app, 3)


def states(app: App, info: GameInfo, scene: GameScene) -> list[tuple[str, Rects]]:
    """The scene's buttons in each state the framework drives: idle, hint shown, watching, watch
    paused, watch stopped, game over (its result panel closed, the board looked at)."""
    settle(app, scene)
    seen = [("idle", buttons(scene))]
    hint = on_row(scene, "Hint")
    if hint is not None:
        click(app, hint)
        settle(app, scene)
        seen.append(("hint shown", buttons(scene)))
        scene.hint = None
    watch = on_row(scene, *scene.WATCH_LABELS) if scene.has_watch else None
    if watch is not None:
        click(app, watch)
        settle(app, scene)
        seen.append(("watching", buttons(scene)))
        pause = on_row(scene, "Pause AI")
        if pause is not None:
            click(app, pause)
            frames(app, 2)
            seen.append(("watch paused", buttons(scene)))
        stop = on_row(scene, "Stop watching")
        if stop is not None:
            click(app, stop)
            frames(app, 2)
            seen.append(("watch stopped", buttons(scene)))
    if info.name != "toy" or scene.has_watch:
        finished_with_its_result(app, info, scene)
        app.pop()
        frames(app, 3)
        assert app.stack.top is scene and not isinstance(app.stack.top, ResultScene)
        seen.append(("game over", buttons(scene)))
    return seen


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_no_button_moves_when_the_game_state_changes(info, size, toy_registered):
    with small_game(info) as (app, scene):
        resize(app, size)
        seen = states(app, info, scene)
        assert len(seen) >= 2, [name for name, _ in seen]
        first_name, first = seen[0]
        for name, rects in seen[1:]:
            assert moved(first, rects) == [], f"{first_name} -> {name}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_button_of_the_hashi_editor_moves_when_its_verdict_comes_or_goes(size, toy_registered):
    """The editor's buttons with a condition (Fix, Resume draft, Back to game) stay in place, grey."""
    from arcade.core.registry import Launch
    from tests.test_frontend_contract import new_app, registry_with

    app = new_app(registry_with(HASHI, 0))
    try:
        scene = app.launch("hashi", Launch(options={"edit": ""}))
        resize(app, size)
        settle(app, scene)
        seen = [("idle", buttons(scene))]
        scene.set_number("3")  # an island under the cursor: a new verdict, perhaps a fix
        settle(app, scene)
        seen.append(("edited", buttons(scene)))
        scene.undo()
        settle(app, scene)
        seen.append(("undone", buttons(scene)))
        for name, rects in seen[1:]:
            assert moved(seen[0][1], rects) == [], name
    finally:
        app.close()


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.name)
def test_the_pause_button_sits_in_the_rows_right_corner(info: GameInfo) -> None:
    """The place kept for a hidden Result button left a hole in the middle of the row, Pause after
    it: from the Result button on, the row goes to the right edge, the hole between two groups."""
    with small_game(info) as (app, scene):
        for size in SIZES:
            resize(app, size)
            frames(app, 2)
            row = scene.toolbar.row()
            pause = next(b for b in row if b.label == "Pause")
            assert pause in row[-2:] and row[-1] in (pause, scene.toolbar.more), [b.label for b in row]
            assert row[-1].rect.right == scene.toolbar.rect.right, (size, row[-1].rect, scene.toolbar.rect)
