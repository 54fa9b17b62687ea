"""The shared game screen (ui): chrome and behaviour every game gets from the framework.

A game's view subclasses :class:`GameScene` and supplies the board: ``layout_board``,
``draw_board``, ``handle_board`` and, optionally, extra buttons, keys and status fields.
The base class provides the header, toolbar, status line and toasts; undo/redo/restart;
hint (run in a worker, shown with its reason, applied by pressing H again); watch the AI
(a :class:`WatchPlayer` with pause, single step and speed); the pause overlay with the
game's keys; autosave after every change; the result overlay when the game ends; and a
play timer that only runs while the player is actually playing.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pygame

from arcade.core.errors import ArcadeError, IllegalMove
from arcade.core.game import Hint, Outcome, Step
from arcade.core.registry import GameInfo
from arcade.core.session import Session
from arcade.services import saves
from arcade.services.autosave import BackgroundSaver
from arcade.ui.input import STANDARD_KEYS, standard_action
from arcade.ui.overlays import PauseScene, ResultScene
from arcade.ui.scene import Scene
from arcade.ui.tween import Tweens
from arcade.ui.watch import WatchPlayer
from arcade.ui.widgets import Button, Toast, Toolbar, draw_text, wrap_text
from arcade.ui.worker import Worker

HEADER = 52
#: Room for two lines of status text: hints and refusals explain themselves in full sentences.
STATUS = 44
#: Most steps a watch source may produce (a runaway AI cannot fill memory).
WATCH_LIMIT = 200_000


def format_time(seconds: float) -> str:
    seconds = int(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


class GameScene(Scene):
    """Base of every game screen. Subclasses call ``super().__init__(info, session)``."""

    #: Write an autosave after every change (tick games with many moves per second may opt out).
    autosave_enabled = True
    #: Undo/redo/restart available to the player.
    allow_undo = True
    #: Whether a hint / watch mode exists for this game (buttons are hidden otherwise).
    has_hint = True
    has_watch = True

    def __init__(self, info: GameInfo, session: Session[Any, Any, Any]) -> None:
        super().__init__()
        self.info = info
        self.title = info.title
        self.session = session
        self.toast = Toast()
        self.tweens = Tweens()
        self.worker = Worker()
        self.toolbar = Toolbar()
        self.watch: WatchPlayer | None = None
        self.watch_finished_by_ai = False
        self.hint: Hint | None = None
        self.status_text = ""
        self.status_role = "text_dim"
        self.elapsed = float(session.extra.get("elapsed", 0.0))
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.header_rect = pygame.Rect(0, 0, 0, 0)
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self._last_outcome: Outcome | None = session.outcome
        #: Autosaves are written by a background thread: an fsync can take longer than a frame.
        self.saver = BackgroundSaver(info.name)
        self._tooltip = ""
        self._status_cache: tuple[tuple[str, int], list[str]] = (("", 0), [])
        session.subscribe(self._on_session_change)

    # -- things subclasses provide -------------------------------------------------------
    @property
    def level_title(self) -> str:
        return self.session.level_id or ""

    def layout_board(self, area: pygame.Rect) -> None:
        """Fit the board into ``area`` (called on every resize)."""

    def draw_board(self, surface: pygame.Surface) -> None:
        """Draw the board and everything on it."""

    def handle_board(self, event: pygame.event.Event) -> bool:
        """Game input (mouse on the board, game keys); True if consumed."""
        return False

    def board_tooltip(self, pos: tuple[int, int]) -> str:
        """Hover help for the game's own widgets at ``pos`` (shown in the status line like toolbar tooltips)."""
        return ""

    def extra_buttons(self) -> list[Button]:
        """Game-specific toolbar buttons, placed before the standard ones."""
        return []

    def game_keys(self) -> list[tuple[str, str]]:
        """Game-specific (keys, meaning) pairs for the help overlay."""
        return list(self.info.keys)

    def status_fields(self) -> list[str]:
        """Short facts for the header's right side (moves, timer, score...)."""
        return [f"Moves {self.session.index}", format_time(self.elapsed)]

    def autosave_label(self) -> str:
        return self.level_title

    def on_changed(self) -> None:
        """After any change of the session (move, undo, redo, restart, AI step)."""

    def on_outcome(self, outcome: Outcome) -> None:
        """The game just ended; the default plays a sound and shows the result overlay."""
        assert self.app is not None
        self.app.audio.play("win" if outcome.is_win else "lose")
        self.show_result(outcome)

    def result_lines(self, outcome: Outcome) -> list[str]:
        lines = [outcome.reason] if outcome.reason else []
        lines.append(f"Moves: {self.session.index} · Time: {format_time(self.elapsed)}")
        if self.watch_finished_by_ai:
            lines.append("Finished by the AI in watch mode.")
        return lines

    def new_game(self) -> None:
        """Start another game of the same kind (default: restart)."""
        self.session.restart()

    # -- layout --------------------------------------------------------------------------
    def enter(self, app) -> None:  # type: ignore[override]
        super().enter(app)
        buttons = list(self.extra_buttons())
        if self.allow_undo:
            buttons += [
                Button("Undo", self.undo, hotkey="Ctrl+Z / U", enabled_when=lambda: self.session.can_undo),
                Button("Redo", self.redo, hotkey="Ctrl+Y / R", enabled_when=lambda: self.session.can_redo),
                Button("Restart", self.restart, hotkey="Ctrl+R", enabled_when=lambda: self.session.index > 0),
            ]
        if self.has_hint:
            buttons.append(Button("Hint", self.request_hint, hotkey="H", tooltip="Show the next sure step"))
        if self.has_watch:
            buttons.append(Button("Watch AI", self.toggle_watch, hotkey="W", tooltip="Let the AI play"))
        buttons.append(Button("Menu", self.open_pause, hotkey="Esc", tooltip="Pause, help and menu"))
        self.toolbar = Toolbar(buttons)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        assert self.app is not None
        w, h = size
        self.header_rect = pygame.Rect(0, 0, w, HEADER)
        bar_height = 34 if h >= 600 else 28
        used = self.toolbar.layout(self.app.theme, pygame.Rect(12, 0, w - 24, bar_height), bar_height)
        bar_top = h - used.height - 10
        self.toolbar.layout(self.app.theme, pygame.Rect(12, bar_top, w - 24, bar_height), bar_height)
        self.status_rect = pygame.Rect(12, bar_top - STATUS - 4, w - 24, STATUS)
        self.board_area = pygame.Rect(12, HEADER + 6, w - 24, self.status_rect.top - HEADER - 12)
        self.layout_board(self.board_area)

    # -- standard actions ----------------------------------------------------------------
    def say(self, text: str, role: str = "text_dim") -> None:
        """Set the status line (a refused move's reason, a hint, the watch step)."""
        self.status_text = text
        self.status_role = role

    def refuse(self, reason: str) -> None:
        """A move was refused: explain, buzz, and let the view flash what it wants."""
        self.say(reason, "error")
        assert self.app is not None
        self.app.audio.play("error")

    def play(self, move: Any) -> bool:
        """Play a move for the player; a refused move is explained in the status line."""
        if self.watch is not None:
            self.stop_watch("Stopped watching: your move.")
        try:
            self.session.play(move)
        except IllegalMove as exc:
            self.refuse(str(exc))
            return False
        return True

    def undo(self) -> None:
        self.stop_watch()
        if self.session.undo():
            self.say("Undone.")
        else:
            self.say("Nothing to undo.")

    def redo(self) -> None:
        self.stop_watch()
        if self.session.redo():
            self.say("Redone.")
        else:
            self.say("Nothing to redo.")

    def restart(self) -> None:
        self.stop_watch()
        self.session.restart()
        self.say("Restarted — Redo brings your moves back.")

    def request_hint(self) -> None:
        """First press: compute and show a hint. Pressing again while it shows: play it.

        A "guess" hint with a move is an offer (reveal one step of a solution), so the second
        press plays it too, as its "(H again to play it)" suffix promises.
        """
        if self.hint is not None and self.hint.move is not None and self.hint.kind in ("move", "error", "guess"):
            hint, self.hint = self.hint, None
            if self.play(hint.move):
                self.say(f"{'Revealed' if hint.kind == 'guess' else 'Played the hint'}: {hint.reason}", "info")
            return
        if self.session.hint_hook is None:
            self.say("This game has no hints.")
            return
        self.say("Thinking…")
        hook, state = self.session.hint_hook, self.session.state
        self.worker.submit(hook, state, on_done=self.show_hint, on_error=self._ai_failed, label="hint")

    def show_hint(self, hint: Hint | None) -> None:
        self.hint = hint
        if hint is None:
            self.say("No hint for this position.")
            return
        role = {"move": "info", "error": "error", "guess": "warning", "info": "text_dim"}[hint.kind]
        prefix = f"{hint.rule}: " if hint.rule else ""
        suffix = "  (H again to play it)" if hint.move is not None else ""
        self.say(prefix + hint.reason + suffix, role)

    def _ai_failed(self, error: BaseException) -> None:
        if isinstance(error, ArcadeError):
            self.say(str(error), "error")
        else:
            self.say(f"The AI failed: {type(error).__name__}: {error}", "error")

    def toggle_watch(self) -> None:
        if self.watch is not None:
            self.stop_watch("Stopped watching.")
            return
        if self.session.watch_hook is None:
            self.say("This game has no AI to watch.")
            return
        if self.session.outcome is not None:
            self.say("The game is over — restart or undo to watch the AI play.")
            return
        self.say("The AI is thinking…")
        hook, state = self.session.watch_hook, self.session.state

        def plan() -> list[Step]:
            return list(itertools.islice(hook(state), WATCH_LIMIT))

        self.worker.submit(plan, on_done=self.start_watch, on_error=self._ai_failed, label="watch")

    def start_watch(self, steps: list[Step]) -> None:
        """Play ``steps`` with the watch player (games with live AIs may call this with an iterator)."""
        assert self.app is not None
        self.hint = None
        self.watch_finished_by_ai = False
        self.watch = WatchPlayer(
            iter(steps), self._apply_watch_step, steps_per_second=4.0 * self.app.animation_speed,
            on_finish=self._watch_done,
        )
        self.say("Watching the AI — Space pause · N step · +/− speed · W stop", "info")

    def _apply_watch_step(self, step: Step) -> None:
        try:
            self.session.apply_step(step)
        except (IllegalMove, ArcadeError) as exc:
            self.stop_watch(f"The AI's step was refused: {exc}")
            return
        if step.label:
            role = {"guess": "warning", "backtrack": "error"}.get(step.kind, "info")
            self.say(step.label, role)
        if self.session.outcome is not None:
            self.watch_finished_by_ai = True

    def _watch_done(self) -> None:
        if self.session.outcome is None:
            self.say("The AI has no more steps.", "warning")
        self.watch = None

    def stop_watch(self, message: str = "") -> None:
        if self.worker.label == "watch":
            self.worker.cancel()
        if self.watch is not None:
            self.watch = None
            if message:
                self.say(message)

    def open_pause(self) -> None:
        assert self.app is not None
        self.stop_watch()
        self.app.push(PauseScene(self, self.help_lines()))

    def help_lines(self) -> list[tuple[str, str]]:
        lines = self.game_keys()
        names = {"undo": "Undo", "redo": "Redo", "restart": "Restart", "hint": "Hint (again: play it)",
                 "watch": "Watch the AI / stop", "pause": "Pause and menu"}
        for action, label in names.items():
            if action in ("undo", "redo", "restart") and not self.allow_undo:
                continue
            if (action == "hint" and not self.has_hint) or (action == "watch" and not self.has_watch):
                continue
            lines.append((" / ".join(STANDARD_KEYS[action]), label))
        if self.has_watch:
            lines.append(("Space · N · + / −", "While watching: pause, single step, speed"))
        return lines

    def result_title(self, outcome: Outcome) -> str:
        if outcome.winner is not None and self.session.rules.kind == "tick" and outcome.result == "win":
            return f"Player {outcome.winner + 1} wins"
        return {"win": "Solved!" if self.session.rules.kind == "puzzle" else "You win!",
                "loss": "Game over", "draw": "Draw"}[outcome.result]

    def result_buttons(self, outcome: Outcome) -> list[tuple[str, Callable[[], None]]]:
        """(label, action) for the result overlay; each action runs after the overlay has closed."""
        return [("Play again", self.new_game), ("Look at board", lambda: None), ("Menu", self.close)]

    def result_scene(self, title: str, lines: list[str], buttons: list[tuple[str, Callable[[], None]]],
                     role: str) -> ResultScene:
        """The overlay itself (a game may show more than text, e.g. a map of the route)."""
        return ResultScene(title, lines, buttons, role=role)

    def show_result(self, outcome: Outcome) -> None:
        assert self.app is not None
        role = {"win": "good", "loss": "error", "draw": "warning"}[outcome.result]
        self.app.push(self.result_scene(self.result_title(outcome), self.result_lines(outcome),
                                        self.result_buttons(outcome), role))

    # -- session events ------------------------------------------------------------------
    def _on_session_change(self, session: Session[Any, Any, Any]) -> None:
        if self.hint is not None and self.hint.kind != "info":
            self.hint = None
        outcome = session.outcome
        self.on_changed()
        if outcome is not None and self._last_outcome is None:
            self._last_outcome = outcome
            self.autosave(final=True)
            self.on_outcome(outcome)
        else:
            self._last_outcome = outcome
            self.autosave()

    def autosave(self, final: bool = False) -> None:
        """Queue the session for the background writer; ``final`` (game over) clears the autosave."""
        if not self.autosave_enabled or self.app is None:
            return
        if final:
            self.saver.flush()
            try:
                saves.clear_autosave(self.info.name)
            except OSError as exc:
                self.toast.show(f"Autosave failed: {exc.strerror or exc}", "error")
            return
        self.session.extra["elapsed"] = round(self.elapsed, 1)
        self.saver.submit(self.session.to_dict(), self.autosave_label())

    def leave(self) -> None:
        self.stop_watch()
        if self.session.outcome is None and self.session.index > 0:
            self.autosave()
        self.saver.flush()
        self.worker.close()

    # -- frame ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.toolbar.handle(event)
            self._tooltip = self.toolbar.hovered_tooltip() or self.board_tooltip(tuple(event.pos))
        elif self.toolbar.handle(event):
            return True
        if self.watch is not None and event.type == pygame.KEYDOWN and self._watch_key(event):
            return True
        if self.handle_board(event):
            return True
        action = standard_action(event)
        if action is None:
            return False
        if action in ("undo", "redo", "restart") and not self.allow_undo:
            return False
        handler = {
            "undo": self.undo, "redo": self.redo, "restart": self.restart, "hint": self.request_hint,
            "watch": self.toggle_watch, "pause": self.open_pause, "help": self.open_pause,
        }[action]
        if (action == "hint" and not self.has_hint) or (action == "watch" and not self.has_watch):
            return False
        handler()
        return True

    def _watch_key(self, event: pygame.event.Event) -> bool:
        assert self.watch is not None
        if event.key == pygame.K_SPACE:
            self.watch.toggle_pause()
            self.say("Paused — N steps, Space resumes." if self.watch.paused else "Watching the AI.", "info")
        elif event.key in (pygame.K_n, pygame.K_PERIOD):
            self.watch.step()
        elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.say(f"Watch speed: {self.watch.faster():g} steps/s", "info")
        elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.say(f"Watch speed: {self.watch.slower():g} steps/s", "info")
        else:
            return False
        return True

    def _status_lines(self, text: str) -> list[str]:
        """The status text wrapped to at most two lines (cached: wrapping measures every word)."""
        key = (text, self.status_rect.width)
        if self._status_cache[0] != key:
            assert self.app is not None
            lines = wrap_text(self.app.theme, text, 16, self.status_rect.width)
            if len(lines) > 2:
                lines = [lines[0], " ".join(lines[1:])]  # draw_text shortens the rest with an ellipsis
            self._status_cache = (key, lines)
        return self._status_cache[1]

    def update(self, dt: float) -> None:
        assert self.app is not None
        self.worker.poll()
        if self.saver.error:
            self.toast.show(self.saver.error, "error")
            self.saver.error = ""
        self.tweens.update(dt * self.app.animation_speed)
        self.toast.update(dt)
        if self.watch is not None:
            self.watch.update(dt)
        elif self.session.outcome is None and self.session.index > 0:
            self.elapsed += dt

    def draw(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        pygame.draw.rect(surface, theme["panel"], self.header_rect)
        pygame.draw.line(surface, theme["grid"], self.header_rect.bottomleft, self.header_rect.bottomright)
        title = self.info.title + (f" — {self.level_title}" if self.level_title else "")
        fields = "   ".join(self.status_fields())
        fields_rect = draw_text(surface, theme, fields, (self.header_rect.right - 16, self.header_rect.centery),
                                size=18, anchor="midright", colour=theme["text"])
        draw_text(surface, theme, title, (16, self.header_rect.centery), size=22, bold=True, anchor="midleft",
                  max_width=max(80, fields_rect.left - 40))
        self.draw_board(surface)
        text = self._tooltip or self.status_text
        role = "text_dim" if self._tooltip else self.status_role
        if self.worker.busy and not self._tooltip:
            dots = "." * (1 + pygame.time.get_ticks() // 300 % 3)
            text = f"{self.status_text.rstrip('…')}{dots}" if self.status_text else f"Thinking{dots}"
        if text:
            colour = theme[role] if role != "text_dim" else theme["text_dim"]
            lines = self._status_lines(f"{theme.glyph(role)} {text}".strip())
            top = self.status_rect.centery - 10 * len(lines)
            for i, line in enumerate(lines):
                draw_text(surface, theme, line, (self.status_rect.x, top + 20 * i), size=16, colour=colour,
                          max_width=self.status_rect.width)
        self.toolbar.draw(surface, theme)
        self.toast.draw(surface, theme, self.status_rect.top - 8)
