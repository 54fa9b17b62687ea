"""The AI at the player's side (ui): hints and watching the AI play, written once for every game.

:class:`AssistMixin` is part of :class:`~arcade.ui.game_scene.GameScene`. A hint is computed in the
scene's worker (a second press plays it, credited as a hint); a watch plans the AI's steps in the
worker and plays them with a :class:`~arcade.ui.watch.WatchPlayer` at the scene's watch speed, with
pause, step and speed keys that mean something else only while it runs. The status line's words for
both name the buttons and the keys the keys table lists (the pause screen and How to play show that
table, so the two never disagree). It is separate because it reads as one subject: it uses the
scene's ``session``, ``worker``, ``watch``, ``watch_rate`` and ``say``, and its game-specific parts
are the class attributes (``watch_keys``, ``watch_action``) and the session's hint and watch hooks.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, ClassVar

from arcade.core.errors import ArcadeError, IllegalMove
from arcade.core.game import Hint, Step
from arcade.core.registry import Binding
from arcade.ui.keymap import button_cell, listed_once
from arcade.ui.watch import WatchPlayer
from arcade.ui.watch_feed import StepFeed, plan_start
from arcade.ui.worker import job_cancelled

#: Most steps a watch source may produce (a runaway AI cannot fill memory).
WATCH_LIMIT = 200_000
#: The longest hint reason said again after the hint is played, beside the move (a sentence or
#: two); a longer one -- a contradiction's chain -- was read while the hint showed.
PLAYED_REASON_CHARS = 240


class AssistMixin:
    """Hint and watch of :class:`~arcade.ui.game_scene.GameScene`."""

    #: The Watch button's two labels, the same in every game (see :attr:`watch_button`).
    WATCH_LABELS: ClassVar[tuple[str, str]] = ("Watch AI", "Stop watching")
    #: The rest of a long watch plan, still being worked out (see :meth:`_start_streamed_watch`).
    _feed: StepFeed | None = None

    @property
    def watch_button(self) -> str:
        """The Watch button's label: what a click does now, the same in every game -- "Watch AI",
        and "Stop watching" while the AI is watched, played or paused (it read "Watch AI"
        throughout, and only the keys said how to stop). Runway's, whose key plays and pauses, read
        "Watch AI" (pressed) while the AI drove and "Resume AI" while it was paused, where Hashi's
        read "Stop watching": a click on it now stops the watch as Hashi's does (see
        :meth:`press_watch_button`); pausing is its player buttons' and Space's. Whether it is lit is
        :attr:`watch_lit`. It reads "Stop watching" too while the AI's plan is worked out (a big
        Battle Royale grid's for up to 30 s): "Watch AI" there offered to start what had started,
        and a click on it started the search over (see :meth:`toggle_watch`)."""
        return self.WATCH_LABELS[self.watching or self.planning_watch]

    @property
    def planning_watch(self) -> bool:
        """The AI's plan for a watch is being worked out in the worker (the watch has not begun)."""
        return self.worker.label == "watch" and self.watch is None

    def press_watch_button(self, binding: Binding) -> None:
        """A click on the Watch button: what its label says. While the AI is watched it stops the
        watch in every game, even where the watch key plays and pauses (Runway's Space / W)."""
        if self.watching and self.watch_action != "toggle_watch":
            self.toggle_watch()
        else:
            self.run_binding(binding)

    @property
    def watch_paused(self) -> bool:
        """The AI is being watched, its watch paused (by the player, a step, a scrub)."""
        return self.watch is not None and self.watch.paused

    @property
    def watch_lit(self) -> bool:
        """The Watch button is shown pressed while the AI plays, and only then: not while its watch
        is paused (Hashi's stayed lit beside "Resume AI"; Runway's was set by its own drawing code),
        nor while something else plays (a program's run on Runway's timeline)."""
        return self.watching and not self.watch_paused

    def watching_bindings(self) -> list[Binding]:
        """Keys that mean something else while the AI is being watched (they come first); their
        buttons -- pause or resume, one step -- are on the toolbar while the AI is watched, beside
        the Watch button, so a watch can be driven with the mouse alone."""
        if not self.has_watch:
            return []
        paused = self.watch is not None and self.watch.paused
        return [
            Binding("Space", "watch_pause", "while watching: pause / resume", when="watching",
                    button="Resume AI" if paused else "Pause AI"),
            Binding("N / .", "watch_step", "while watching: one step", when="watching", repeat=True,
                    button="Step"),
            Binding("+", "watch_speed", "while watching: faster / slower", arg="1", when="watching", repeat=True),
            Binding("−", "watch_speed", "", arg="-1", when="watching", repeat=True),
        ]

    @property
    def watching(self) -> bool:
        return self.watch is not None

    def request_hint(self) -> None:
        """First press: compute and show a hint. Pressing again while it shows: play it (as the AI's move).

        A "guess" hint with a move is an offer (reveal one step of a solution), so the second
        press plays it too, as its "(Hint again to play it)" suffix promises.
        """
        if self.hint is not None and self.hint.move is not None and self.hint.kind in ("move", "error", "guess"):
            hint, self.hint = self.hint, None
            before = self.session.state
            with self.session.playing_hint():  # the AI's move, credited as a hint, not as the AI's play
                played = self.play(hint.move, by_ai=True)
            if played:
                self.say(self.played_hint_text(hint, before), "info")
                self.hint_played(hint)
            return
        if self.session.hint_hook is None:
            self.say("This game has no hints.")
            return
        if self.worker.label == "hint":
            # The same position's hint is on its way (a move would have dropped it). Asking again
            # started it over: on a big Hashi board an impatient second H doubled a ten-second wait.
            self.say("Still thinking… (a move drops the hint)")
            return
        self.say(f"Thinking{self.thinking_note()}…")
        hook, state = self.session.hint_hook, self.session.state
        planning = self.planning_watch
        self.worker.submit(hook, state, on_done=self.show_hint, on_error=self._ai_failed, label="hint")
        if planning:  # the hint took the watch's place in the worker: the button offers a watch again
            self.refresh_toolbar()

    def played_hint_text(self, hint: Hint, before: Any) -> str:
        """What the status line says once ``hint`` was played from ``before``: the move in the
        game's words, then the reason when it is short. The reason was on screen while the hint
        showed; repeating a contradiction's whole chain (2,000 characters on a wrapped Hashi board)
        after the move buried the one thing the player wanted then -- which move was made."""
        verb = "Revealed" if hint.kind == "guess" else "Played the hint"
        what = self.describe_move(before, self.session.rules.decode_move(hint.move), self.session.state)
        reason = hint.played_reason or hint.reason
        if not what:
            return f"{verb}: {reason}"
        what = what if what.endswith((".", "!", "?")) else what + "."
        if len(reason) <= PLAYED_REASON_CHARS:
            # It follows a full stop, so it starts a sentence (Royale's "go left" read ". go left").
            return f"{verb}: {what} {reason[:1].upper()}{reason[1:]}"
        return f"{verb}: {what} (H shows the next step and why.)"

    @property
    def transient_open(self) -> bool:
        """Something the player called up for a moment is on the board: a hint shown (with whatever
        the game draws for it -- Hashi's stepped chain walk) or one being worked out. Esc puts it
        away first, as it closes an overlay or a picker everywhere else, and only a second Esc opens
        the pause menu (Esc during Hashi's chain walk opened the pause menu over the hint). A game
        with a transient state of its own extends this and :meth:`close_transient`.

        A watch of the AI (playing, paused or being planned) is one too: Esc opened the pause menu,
        which stops the watch -- the player who wanted it stopped had to leave the game to do it."""
        return self.hint is not None or self.worker.label == "hint" or self.watch is not None or self.planning_watch

    @property
    def transient_help(self) -> str:
        """Esc's row in the keys table while :attr:`transient_open`: what it puts away now."""
        what = "stop watching the AI" if self.watch is not None or self.planning_watch else "put the hint away"
        return f"{what} (Esc again: pause)"

    def close_transient(self) -> None:
        """Esc while :attr:`transient_open`: stop the watch, the board left as far as the AI got (the
        watch's button and key start it again from there); else put the hint away (and drop one
        being worked out). The board is back to normal and the status line says so, and what a
        second Esc does."""
        if self.watch is not None or self.planning_watch:
            self.stop_watch()
            # "press I to watch again": Battle Royale's "(I watches again)" read as the player's "I".
            self.say(f"Stopped watching: the board stays as the AI left it (press {self.watch_keys} to watch again)"
                     " — Esc again opens the pause menu.", "info")
            return
        if self.worker.label == "hint":
            self.worker.cancel()
        self.hint = None
        self.say("Hint put away (H asks again) — Esc again opens the pause menu.")

    def hint_played(self, hint: Hint) -> None:
        """After H again played ``hint``: a game with a camera brings its move into view (the player
        may have panned away since it was shown)."""

    def thinking_note(self) -> str:
        """Words after "Thinking" while a hint or a watch is worked out: "" (it comes at once), or,
        where a game knows the search may take long, how long at most and that a move stops it."""
        return ""

    def show_hint(self, hint: Hint | None) -> None:
        self.hint = hint
        if hint is None:
            self.say("No hint for this position.")
            return
        role = {"move": "info", "error": "error", "guess": "warning", "info": "text_dim"}[hint.kind]
        # The rule starts the line's sentence: Runway's and Royale's read "exact search: JUMP ...",
        # "optimal route: go up ...", beside Hashi's "Pigeonhole: ...". (Games compare their rule
        # names, "doomed", so they stay as they are in the Hint.)
        prefix = f"{hint.rule[:1].upper()}{hint.rule[1:]}: " if hint.rule else ""
        # The button's name, which is also the key's (H): a player who clicked Hint read "H again",
        # a key they had never used.
        suffix = "  (Hint again to play it)" if hint.move is not None else ""
        self.say(prefix + hint.reason + suffix, role)

    def _ai_failed(self, error: BaseException) -> None:
        if isinstance(error, ArcadeError):
            self.say(str(error), "error")
        else:
            self.say(f"The AI failed: {type(error).__name__}: {error}", "error")

    def toggle_watch(self) -> None:
        """Start a watch (its plan is worked out in the worker), or stop it -- also while it is only
        being planned: the watch key or button pressed again then started the search over, so a
        player who changed their mind during a 30 s plan waited 30 s more, told the AI was thinking."""
        if self.watch is not None:
            self.stop_watch("Stopped watching.")
            return
        if self.drop_watch_plan():
            return
        if self.session.watch_hook is None:
            self.say("This game has no AI to watch.")
            return
        if self.session.outcome is not None:
            self.say("The game is over — restart or undo to watch the AI play.")
            return
        self.say(f"The AI is thinking{self.thinking_note()}…")
        hook, state = self.session.watch_hook, self.session.state

        def plan() -> tuple[list[Step], StepFeed | None]:
            return plan_start(hook(state), WATCH_LIMIT)

        self.plan_watch(plan, self._start_streamed_watch)

    def plan_watch(self, plan: Callable[[], Any], on_done: Callable[[Any], None]) -> None:
        """Work the watch's plan out in the worker, then ``on_done(plan())`` on the frame loop; the
        Watch button reads "Stop watching" meanwhile, and a press on it or the watch key drops the
        plan (:meth:`drop_watch_plan`). Every game's watch that needs a search goes through here."""
        def failed(error: BaseException) -> None:
            self.refresh_toolbar()  # the button read "Stop watching" while the plan was worked out
            self._ai_failed(error)

        self.worker.submit(plan, on_done=on_done, on_error=failed, label="watch")
        self.refresh_toolbar()

    def drop_watch_plan(self) -> bool:
        """The watch key or button pressed while the watch's plan is worked out: drop it (True), say
        so, and offer the watch again. It started the search over: a player who changed their mind
        during a big grid's 30 s plan waited 30 s more, and the AI then played anyway."""
        if not self.planning_watch:
            return False
        self.stop_watch()
        self.say("Stopped: the AI's plan was dropped before it played.", "info")
        return True

    def _start_streamed_watch(self, planned: tuple[list[Step], StepFeed | None]) -> None:
        """Watch the steps planned so far at once; the rest of a long plan is worked out meanwhile
        (see :mod:`arcade.ui.watch_feed`: a whole plan first kept a 400-island board's watch at
        "The AI is thinking…" for a minute)."""
        first, feed = planned
        if feed is None:
            self.start_watch(first)
            return
        self._feed = feed
        self.start_watch(itertools.chain(first, feed))
        self.worker.submit(feed.fill, job_cancelled, on_done=lambda _none: None,
                           on_error=self._ai_failed, label="watch")

    def start_watch(self, steps: Any) -> None:
        """Play ``steps`` (a list or a lazy iterator) with the watch player at the scene's watch speed."""
        assert self.app is not None
        self.hint = None
        self.watch = WatchPlayer(iter(steps), self.apply_ai_step, speed=self.watch_rate,
                                 on_finish=self._watch_done)
        self.refresh_toolbar()
        self.say(self.watching_text(), "info")

    def apply_ai_step(self, step: Step) -> None:
        """Carry out one AI step (its moves are the AI's: see ``Session.ai_moved``)."""
        if not self.may_play():  # a replay watched over a game: no second game in it
            self.stop_watch()
            return
        elapsed = self.elapsed
        self.new_attempt_clock()
        try:
            self.session.apply_step(step)
        except (IllegalMove, ArcadeError) as exc:
            self.elapsed = elapsed
            self.stop_watch(f"The AI's step was refused: {exc}")
            return
        self.watch_step_shown(step)

    def watch_step_shown(self, step: Step) -> None:
        """After a watch step: show its label (games add highlights).

        The step that ends the game leaves the outcome's words, said as the game ended (just
        before this), on show: the last step's label would hide how it ended.
        """
        if step.label and self.session.outcome is None:
            role = {"guess": "warning", "backtrack": "error"}.get(step.kind, "info")
            self.say(step.label, role)

    def _watch_done(self) -> None:
        feed, self._feed = self._feed, None
        if feed is not None and feed.cut_short:
            # Its plan was stopped (a hint asked for meanwhile took the worker) or failed (the
            # status line already says how): not "no more steps", which the AI had.
            if not self.status_text.startswith("The AI failed"):
                self.say(f"The AI stopped planning — press {self.watch_keys} to watch it again from here.", "warning")
        elif self.session.outcome is None:
            self.say("The AI has no more steps.", "warning")
        self.watch = None
        self.refresh_toolbar()
        if self._save_due:
            self.save_progress()

    def stop_watch(self, message: str = "") -> None:
        self._dirty = True
        self._feed = None
        if self.planning_watch:
            self.worker.cancel()
            self.refresh_toolbar()
        elif self.worker.label == "watch":
            self.worker.cancel()
        if self.watch is not None:
            self.watch = None
            self.refresh_toolbar()
            if message:
                self.say(message)
        if self._save_due:
            self.save_progress()

    def watch_pause(self) -> None:
        assert self.watch is not None
        self.watch.toggle_pause()
        self.refresh_toolbar()
        self.say(self.watch_paused_text() if self.watch.paused else "Watching the AI.", "info")
        self.save_if_paused()

    def save_if_paused(self) -> None:
        """A paused watch is saved at once (it may stay paused a long time, or be killed there)."""
        if self._save_due and self.watch is not None and self.watch.paused:
            self.save_progress()

    def watch_step(self) -> None:
        assert self.watch is not None
        was_paused = self.watch.paused
        self.watch.step()  # it pauses the watch: the button now offers to resume
        if not was_paused and self.watch is not None:
            self.refresh_toolbar()

    def watch_speed(self, arg: str) -> None:
        self.say(f"Watch speed: {self.watch_rate.change(int(arg)):g} steps/s", "info")

    def stop_watch_for_overlay(self, overlay: str) -> None:
        """The pause menu, the how-to page and the level picker stop the AI (playing or planning);
        the status line says so, naming ``overlay`` ("The level picker"). It went on saying
        "Paused — Space resumes…", and Space then started a new watch; Runway's line then said
        "the menu stops it" under the level picker too."""
        stopping = self.watch is not None or self.worker.label == "watch"
        self.stop_watch()
        if stopping:
            self.say(self.watch_stopped_text(overlay), "info")

    def table_keys(self, action: str) -> list[str]:
        """The keys the keys table names for ``action``, as the pause screen and the how-to-play page
        show it: those overlays stop the watch, so their table is the one without it, where a key
        the game uses for something else (Hashi's N: new board, its Space: lock the island) is
        listed with that meaning only (see :func:`listed_once`). The watch's status line names these
        keys and no other: it said "Step or N plays one step" where the pause screen listed only
        "." for it, and the README said N and Space. A row the table leaves out here (``listed_when``:
        Hashi's ", / ." of a hint's chain, with no chain shown) claims no key: it took "." from the
        watch's step, and the paused line said "Step plays one step" with no key at all."""
        rows = [b for b in self.keymap() if not b.listed_when or getattr(self, b.listed_when)]

        def shown(b: Binding) -> bool:
            return b.when != "watching" and self.binding_active(b)

        kept = listed_once(rows, shown, later_first=lambda b: b.when in ("watching", "replaying"))
        return [key for binding in kept.values() if binding.action == action for key in binding.keys.split(" / ")]

    def _button_or_keys(self, button: str, action: str) -> str:
        """"Step (.)" / "Pause AI": a watch button and the keys the table names for its action,
        worded as How to play words a button's row (:func:`~arcade.ui.keymap.button_cell`)."""
        keys = " / ".join(self.table_keys(action))
        return button_cell(button, keys) if keys else button

    def watching_text(self) -> str:
        """The status line while the AI plays: its buttons and the keys the keys table lists for them."""
        stop = self._button_or_keys("Stop watching", self.watch_action)
        speed = " · +/− speed" if {"+", "−"} <= set(self.table_keys("watch_speed")) else ""
        return (f"Watching the AI — {self._button_or_keys('Pause AI', 'watch_pause')} pauses · "
                f"{self._button_or_keys('Step', 'watch_step')} plays one step{speed} · {stop} stops")

    def watch_paused_text(self) -> str:
        """The status line of a paused watch (as :meth:`watching_text`, from the keys table)."""
        return (f"Paused — {self._button_or_keys('Step', 'watch_step')} plays one step, "
                f"{self._button_or_keys('Resume AI', 'watch_pause')} goes on.")

    def watch_stopped_text(self, overlay: str) -> str:
        """The status line once ``overlay`` ("The level picker") stopped the watch: what stopped
        it, and the keys that start it again."""
        return f"{overlay} stopped the AI — press {self.watch_keys} to watch it again from here."
