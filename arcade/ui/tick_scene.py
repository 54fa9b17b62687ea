"""The scene of a game that advances in ticks (ui): Runway's and Tron's framework.

:class:`TickScene` adds to :class:`~arcade.ui.game_scene.GameScene` a clock from
``TickRules.tick_seconds`` scaled by one speed control, and a timeline to step and seek through
the session's history -- where a step, a seek, an undo or a redo pauses whatever plays it (the
AI's watch, or the game's own playback). Apart from the one-player :class:`PuzzleScene`, which is
only a few switches on :class:`GameScene`, it is the only flavour with machinery of its own.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from arcade.core.registry import Binding, GameInfo
from arcade.core.session import Session
from arcade.ui.game_scene import GameScene
from arcade.ui.speed import SpeedControl


class TickScene(GameScene):
    """A game that advances in ticks: one clock, one speed control, a timeline to step and seek.

    The clock's rate starts at ``1 / TickRules.tick_seconds`` ticks per second and moves
    through ``speeds`` with + and −; the choice is kept in the game's preferences. The
    session's history is the timeline: ``seek``, ``step_back`` and ``step_forward`` move
    through it (while ``can_scrub`` holds), Home and End jump to its ends.
    """

    #: The speeds (ticks or turns per second) the + and − keys move through.
    speeds: tuple[float, ...] = (4, 6, 8, 10, 12, 15, 20, 30)
    #: What + and − change, for the keys table (a bare "faster / slower" did not say what).
    speed_help = "speed: faster / slower"
    #: Whether the timeline keys act (Tron scrubs only in a replay; Runway always).
    scrub_always = True

    def __init__(self, info: GameInfo, session: Session[Any, Any, Any], prefs: dict[str, Any] | None = None) -> None:
        super().__init__(info, session)
        base_rate = 1.0 / max(1e-3, float(getattr(session.rules, "tick_seconds", 0.1)))
        self.speed = SpeedControl(self.speeds, base_rate, prefs, key="speed")
        self.tick_clock = 0.0

    @property
    def tick_seconds(self) -> float:
        """Seconds per tick at the chosen speed."""
        return 1.0 / max(1e-3, self.speed.value)

    @property
    def can_scrub(self) -> bool:
        return self.scrub_always

    def tick_bindings(self) -> list[Binding]:
        return [
            Binding("+", "change_speed", self.speed_help, arg="1", repeat=True),
            Binding("−", "change_speed", "", arg="-1", repeat=True),
            Binding(",", "step_back", "step back one turn", when="can_scrub", repeat=True),
            Binding(".", "step_forward", "step forward one turn", when="can_scrub", repeat=True),
            Binding("Home", "seek_start", "back to the start", when="can_scrub"),
            Binding("End", "seek_end", "to the end of the history", when="can_scrub"),
        ]

    def bound_keymap(self) -> list[Binding]:
        return [*self.watching_bindings(), *self.game_bindings(), *self.tick_bindings(), *self.standard_bindings()]

    def change_speed(self, arg: str) -> None:
        value = self.speed.change(int(arg))
        if self.watch is not None:
            self.watch.speed = self.speed
        self.speed_changed(value)

    def speed_changed(self, value: float) -> None:
        self.show_speed(f"Speed: {value:g} per second")

    def show_speed(self, text: str) -> None:
        """Say the speed in a toast that replaces the last speed toast: toasts stack, and a long one
        outlives short ones -- after − pressed three times in Tron's first round, "Speed: 8 ticks per
        second from the next round" stayed up alone, read last, while the speed was 4."""
        self.toast.drop("speed")
        self.toast.show(text, "info", tag="speed")

    #: What a step says at the ends of the history (Runway's "This is the start of the race.").
    history_start_text = "This is the start."
    history_end_text = "This is the end of the history."

    # -- the timeline: stepping and seeking hold whatever plays it ------------------------------
    @property
    def playing(self) -> bool:
        """Whether the timeline moves on by itself now: the AI's watch, running, or the game's own
        playback (:meth:`playback_running`: Tron's replay, a program's run on Runway's timeline)."""
        return (self.watch is not None and not self.watch.paused) or self.playback_running()

    def playback_running(self) -> bool:
        """Whether the game's own playback (not the AI's watch) is moving along the timeline."""
        return False

    def pause_playback(self) -> None:
        """Pause the game's own playback where it is (see :meth:`hold_playback`)."""

    def toggle_playback(self) -> bool:
        """Play or pause the game's own playback, if one is on the timeline; False when there is none
        (then :meth:`play_pause` starts the AI's watch)."""
        return False

    def hold_playback(self) -> None:
        """A step, a seek, an undo or a redo while something plays the timeline pauses it where it
        is: the player went there to look at that turn. The AI's watch stays (paused, its button no
        longer lit), so Space resumes it from the turn on screen. Runway and Tron each paused their
        own playback in every one of these methods."""
        if self.watch is not None and not self.watch.paused:
            self.watch.paused = True
            self.refresh_toolbar()
            self.save_if_paused()
        self.pause_playback()

    def play_pause(self) -> None:
        """Space as a tick game's play key: pause or resume the AI's watch; else play or pause the
        game's own playback; else let the AI play from the turn on screen."""
        if self.watch is not None:
            self.watch_pause()
        elif not self.toggle_playback():
            self.toggle_watch()

    #: True while the session moves along its timeline (a seek, a step, an undo or a redo) rather
    #: than playing a move: an end reached that way is a game that was over before, and its result
    #: was shown then (Runway says it in the status line instead of opening the panel again).
    navigating = False

    @contextlib.contextmanager
    def along_timeline(self) -> Iterator[None]:
        """Mark the session changes made inside as moves along the timeline (see :attr:`navigating`)."""
        before, self.navigating = self.navigating, True
        try:
            yield
        finally:
            self.navigating = before

    def seek(self, index: int) -> None:
        self.hold_playback()
        with self.along_timeline():
            self.session.seek(index)

    def seek_start(self) -> None:
        self.seek(0)

    def seek_end(self) -> None:
        self.seek(self.session.length)

    def step_back(self) -> None:
        self.hold_playback()
        with self.along_timeline():
            undone = self.session.undo()
        if not undone:
            self.say(self.history_start_text)

    def step_forward(self) -> None:
        """One turn on: while the AI is watched, its next step (the watch pauses there); else the
        history's next turn, holding any playback; past its end, :meth:`step_past_end`."""
        if self.watch is not None:
            self.watch_step()
            return
        self.hold_playback()
        with self.along_timeline():
            redone = self.session.redo()
        if not redone:
            self.step_past_end()

    def step_past_end(self) -> None:
        """A step forward at the end of the history (Runway plays the AI's next turn there)."""
        self.say(self.history_end_text)

    def undo(self) -> None:
        """While the AI is watched, Undo is a step back that keeps the watch, paused (it used to stop it)."""
        if self.watch is not None:
            self.step_back()
        else:
            with self.along_timeline():
                super().undo()

    def redo(self) -> None:
        """While the AI is watched, Redo is a step along the history that keeps the watch, paused."""
        with self.along_timeline():
            if self.watch is not None:
                self.hold_playback()
                self.session.redo()
            else:
                super().redo()
