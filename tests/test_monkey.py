"""A monkey at the keyboard and mouse: tens of thousands of random events through the real frame loop.

Each chunk starts the headless app on the menu or in one game and feeds it seeded random
events -- key presses (with modifiers and odd characters such as ``²``), clicks, drags,
wheel turns, pointer moves, window resizes -- with frames of random length in between, so
timers, watches, Tron rounds, pars and workers all run. Whatever the monkey opens (pause,
settings, level pickers, result overlays, Hashi's New-puzzle and game-ID panels, Tron's
match setup and replays, the menu with Continue and N) it keeps poking. A game chunk that
has fallen back to the menu for a while reopens its game, which resumes its autosave.

Asserted, for the whole run:

* no exception reached the frame guard (``app.crashes`` stays 0, and the ``arcade`` logger
  saw no error), and no AI worker failed with anything but a game's own refusal;
* no save was lost: whenever a game screen closed, its autosave on disk holds the game as
  it was left (when the game keeps one), and at the end every autosave present replays
  with its game's ``resume_session``; nothing was moved aside as damaged; the settings
  written on the way load back without a complaint.

The events are reproducible from the chunk's seed (the threads' timing is not); a failure
shows the last events sent. ``MONKEY_SEED=N`` (default 1000) runs other sequences.
"""

from __future__ import annotations

import collections
import logging
import os
import random
import time
from typing import Any

import pygame
import pytest

from arcade.core.errors import ArcadeError
from arcade.games import REGISTRY
from arcade.services import saves
from arcade.services.settings import Settings
from arcade.ui.game_scene import GameScene
from arcade.ui.menu import MenuScene
from arcade.ui.worker import Worker

#: Events per chunk; five chunks (the menu and each game) make 21,000 events.
EVENTS = 4200
CHUNKS = ["menu", *REGISTRY.names()]

KEYS = [
    *(getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz0123456789"),
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
    pygame.K_RIGHT, pygame.K_RETURN, pygame.K_RETURN, pygame.K_SPACE, pygame.K_SPACE, pygame.K_TAB,
    pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
    pygame.K_F1, pygame.K_F2, pygame.K_F5, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_MINUS, pygame.K_COMMA,
    pygame.K_PERIOD, pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_SLASH, pygame.K_KP_ENTER,
    pygame.K_KP2, pygame.K_KP_PLUS,
]
SYMBOLS = {pygame.K_PLUS: "+", pygame.K_EQUALS: "=", pygame.K_MINUS: "-", pygame.K_COMMA: ",",
           pygame.K_PERIOD: ".", pygame.K_LEFTBRACKET: "[", pygame.K_RIGHTBRACKET: "]", pygame.K_SLASH: "/",
           pygame.K_SPACE: " ", pygame.K_KP_PLUS: "+", pygame.K_KP2: "2", pygame.K_TAB: "\t",
           pygame.K_RETURN: "\r", pygame.K_KP_ENTER: "\r"}
#: Characters a keyboard layout may type that naive ``isdigit``/``int`` code trips over.
ODD_TEXT = ["²", "٣", "é", "ß", "?", "−", "\x00", "１"]


class Monkey:
    """Seeded random events for the app, the last ones remembered for the failure message."""

    def __init__(self, app: Any, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.recent: collections.deque[str] = collections.deque(maxlen=40)
        self.sent = 0

    def pos(self) -> tuple[int, int]:
        w, h = self.app.size
        return self.rng.randrange(w), self.rng.randrange(h)

    def key_events(self) -> list[pygame.event.Event]:
        rng = self.rng
        key = pygame.K_ESCAPE if rng.random() < 0.04 else rng.choice(KEYS)
        mod = 0
        roll = rng.random()
        if roll < 0.08:
            mod = pygame.KMOD_LCTRL
        elif roll < 0.16:
            mod = pygame.KMOD_LSHIFT
        elif roll < 0.20:
            mod = pygame.KMOD_LALT
        name = pygame.key.name(key)
        text = SYMBOLS.get(key, name if len(name) == 1 else "")
        if mod & pygame.KMOD_SHIFT:
            text = text.upper() if text.isalpha() else {"=": "+", "/": "?", ",": "<", ".": ">"}.get(text, text)
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            text = ""
        if rng.random() < 0.02:
            text = rng.choice(ODD_TEXT)
        self.recent.append(f"key {name!r} mod={mod} text={text!r}")
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)]

    def mouse_events(self) -> list[pygame.event.Event]:
        rng = self.rng
        roll = rng.random()
        start = self.pos()
        if roll < 0.45:
            button = rng.choice((1, 1, 1, 1, 3, 2))
            self.recent.append(f"click {button} at {start}")
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=button)]
        if roll < 0.65:
            button = rng.choice((1, 1, 3, 2))
            end = (start[0] + rng.randint(-200, 200), start[1] + rng.randint(-200, 200))
            self.recent.append(f"drag {button} {start} -> {end}")
            held = {1: (1, 0, 0), 2: (0, 1, 0), 3: (0, 0, 1)}[button]
            events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button)]
            for i in range(1, 5):
                pos = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
                events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=held))
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button))
            return events
        if roll < 0.80:
            x, y = rng.choice(((0, 1), (0, -1), (1, 0), (-1, 0), (0, 3)))
            self.recent.append(f"wheel {x},{y}")
            return [pygame.event.Event(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=float(x),
                                       precise_y=float(y))]
        self.recent.append(f"move to {start}")
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(1, 1), buttons=(0, 0, 0))]

    def window_events(self) -> list[pygame.event.Event]:
        rng = self.rng
        if rng.random() < 0.5:
            size = (rng.randint(560, 1280), rng.randint(380, 800))
            self.recent.append(f"resize {size}")
            return [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]
        kind = rng.choice((pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST, pygame.WINDOWENTER))
        self.recent.append(f"window event {kind}")
        return [pygame.event.Event(kind)]

    def events(self) -> list[pygame.event.Event]:
        """One player action: mostly keys and clicks, sometimes the window itself."""
        roll = self.rng.random()
        self.sent += 1
        if roll < 0.55:
            return self.key_events()
        if roll < 0.99:
            return self.mouse_events()
        return self.window_events()

    def dt(self) -> float:
        roll = self.rng.random()
        return 1 / 60 if roll < 0.85 else 0.25 if roll < 0.97 else 1.5


class SaveChecker:
    """Whenever a game screen closes, its autosave must hold the game as it was left."""

    def __init__(self) -> None:
        self.lost: list[str] = []

    def closed(self, scene: Any) -> None:
        if not isinstance(scene, GameScene):
            return
        session = scene.session
        name = scene.info.name
        match = getattr(scene, "match", None)
        if match is not None:  # Tron keeps a match that is neither over nor untouched
            keeps = not match.over and (session.index > 0 or match.rounds > 0)
        else:
            keeps = scene.autosave_when is not None and session.outcome is None and session.index > 0
        if not keeps:
            return
        try:
            saved = saves.read_autosave(name)
        except saves.DamagedSave as exc:
            self.lost.append(f"{name}: {exc}")
            return
        if saved is None:
            self.lost.append(f"{name}: no autosave after leaving {session.level_id!r} at move {session.index}")
            return
        data = saved.data
        if (data.get("level_id"), data.get("moves", [])[: data.get("index")]) != (session.level_id, session.moves):
            self.lost.append(f"{name}: the autosave holds {data.get('level_id')!r} move {data.get('index')}, "
                             f"the game was left on {session.level_id!r} move {session.index}")
        elif match is not None and data.get("extra", {}).get("match") != match.to_dict():
            self.lost.append(f"{name}: the autosave's match {data.get('extra', {}).get('match')} "
                             f"is not the match left ({match.to_dict()})")


@pytest.mark.slow
@pytest.mark.parametrize("chunk", CHUNKS)
def test_monkey(app, chunk, monkeypatch, user_home):
    errors: list[logging.LogRecord] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            errors.append(record)

    handler = Collect(logging.ERROR)
    logging.getLogger("arcade").addHandler(handler)
    worker_errors: list[str] = []
    submit = Worker.submit

    def watched_submit(self: Worker, fn: Any, *args: Any, on_done: Any, on_error: Any = None, label: str = "") -> None:
        def failed(exc: BaseException) -> None:
            if not isinstance(exc, ArcadeError):
                worker_errors.append(f"{label or fn}: {type(exc).__name__}: {exc}")
            if on_error is None:
                raise exc
            on_error(exc)

        submit(self, fn, *args, on_done=on_done, on_error=failed, label=label)

    monkeypatch.setattr(Worker, "submit", watched_submit)
    checker = SaveChecker()
    stack = app.stack
    pop = stack.pop

    def checked_pop() -> Any:
        scene = pop()
        checker.closed(scene)
        return scene

    monkeypatch.setattr(stack, "pop", checked_pop)
    seen: collections.Counter[str] = collections.Counter()
    push = stack.push

    def counted_push(scene: Any) -> Any:
        seen[type(scene).__name__] += 1
        return push(scene)

    monkeypatch.setattr(stack, "push", counted_push)
    monkey = Monkey(app, seed=int(os.environ.get("MONKEY_SEED", "1000")) + CHUNKS.index(chunk))
    app.push(MenuScene())
    if chunk != "menu":
        app.launch(chunk)
    away = 0
    where: collections.Counter[str] = collections.Counter()
    started = time.monotonic()
    try:
        while monkey.sent < EVENTS:
            if not app.stack.scenes or not app.running:
                app.running = True
                if not app.stack.scenes:
                    app.push(MenuScene())
            in_game = any(isinstance(s, GameScene) and s.info.name == chunk for s in app.stack.scenes)
            away = 0 if in_game or chunk == "menu" else away + 1
            if away > 40:  # a game chunk wandered off (another game, the menu): back to its game, resumed
                monkey.recent.append(f"reopen {chunk}")
                app.stack.pop_to(MenuScene)
                if not app.stack.scenes:
                    app.push(MenuScene())
                app.launch(chunk)
                away = 0
            where[type(app.stack.top).__name__] += 1
            events = []
            for _ in range(monkey.rng.choice((3, 4, 5, 6, 7, 8, 9))):
                events += monkey.events()
            app.frame(monkey.dt(), events)
            assert app.crashes == 0 and not errors and not worker_errors, _report(monkey, errors, worker_errors)
        while app.stack.scenes:  # leave every game: their saves are checked on the way out
            app.stack.pop()
    finally:
        logging.getLogger("arcade").removeHandler(handler)
    elapsed = time.monotonic() - started
    assert app.crashes == 0 and not errors and not worker_errors, _report(monkey, errors, worker_errors)
    assert not checker.lost, checker.lost
    app.save_settings()
    assert not Settings.load().problem, "the settings the monkey left behind do not load cleanly"
    assert not list(saves.saves_dir().glob("*.damaged")) if saves.saves_dir().exists() else True
    for info in REGISTRY:
        saved = saves.read_autosave(info.name)
        if saved is not None:
            front = info.load_front()
            front.make_scene(app, front.resume_session(saved.data, saved.path.name))
    print(f"monkey {chunk}: {monkey.sent} events, {app.frames} frames in {elapsed:.1f} s; "
          f"opened {dict(seen)}; frames on top {dict(where)}")


def _report(monkey: Monkey, errors: list[logging.LogRecord], worker_errors: list[str]) -> str:
    import traceback

    lines = [f"after {monkey.sent} events; the last ones:", *monkey.recent]
    for record in errors:
        lines.append(record.getMessage())
        if record.exc_info:
            lines.extend(traceback.format_exception(*record.exc_info))
    lines.extend(worker_errors)
    return "\n".join(lines)
