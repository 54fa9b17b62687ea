"""Outside programs in the Runway viewer (ui): a program's run as a tape, its stderr console, test cases, replays.

A bot author's run (``play runway --bot SPEC``, a row of the Tests panel, a replay file)
becomes the session's history: every command the program gave is a move, so the
timeline, stepping and scrubbing work as for any run. While a program still plays (in a
worker thread, never in a frame) its commands are appended as they arrive and the tape
plays them back at the playback speed. Each turn's stderr lines feed the console (C);
Ctrl+S saves whatever is on screen as a replay file; T opens the Tests panel.

:class:`ProgramsMixin` is mixed into :class:`~arcade.games.runway.view.scene.RunwayScene`
(before the framework's scene class, so its ``__init__``, ``update`` and ``leave`` wrap
the framework's); the scene calls :meth:`console_area` when laying out and
:meth:`draw_console` after drawing.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame

from arcade.core.errors import ArcadeError
from arcade.core.game import Outcome
from arcade.core.session import AI_MOVE, HINT_MOVE, credit_words
from arcade.core.words import plural
from arcade.games.runway.logic import Level
from arcade.games.runway.outside import RunwayRun, bundled_tests, parse_spec, run_program
from arcade.services import programs
from arcade.services.botspec import short_name_of
from arcade.services.replays import Playback, Replay, Turn, replay_credit, replay_from_session
from arcade.ui.console import ConsolePanel, console_lines


@dataclass
class TestsState:
    """The Tests panel's results, kept on the scene so they survive closing the panel."""

    spec: str = ""
    names: list[str] = field(default_factory=list)
    runs: dict[str, RunwayRun] = field(default_factory=dict)
    running: bool = False
    stop: threading.Event = field(default_factory=threading.Event)
    #: Why the runs stopped (the worker failed), shown in the panel's header.
    error: str = ""


def short_name(spec: str) -> str:
    """A program's spec shortened for the screen: its label, else its script's file name."""
    return short_name_of(spec, parse_spec)


#: A saved replay of a run played in the window (not an outside program's): "player", or "ai" in older files.
OWN_RUNS = ("player", "ai")


def replayed_run(player: str) -> str:
    """Whose run a replay holds, for "Replay of …": a program's name, or the player's or the AI's own run
    (a saved run of the player's own said "Replay of player")."""
    return {"player": "your run", "ai": "the AI's run"}.get(player) or short_name(player)


class ProgramsMixin:
    """A program's run on the runway viewer's timeline, its console, the Tests panel and replay files."""

    # Provided by the scene this is mixed into (GameScene / RunwayScene).
    session: Any
    app: Any
    toast: Any
    prefs: dict
    speed: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: A program's run is being put on the timeline (its turns are not the player's to save).
        self._loading_run = False
        self._live: RunwayRun | None = None
        self._live_stop = threading.Event()
        self.forget_program_run()
        self.bot_worker = self.new_worker()  # type: ignore[attr-defined]
        self.tests = TestsState()
        self.tests_worker = self.new_worker()  # type: ignore[attr-defined]
        # Narrower than Tron's: the command pad under the road needs the width.
        self.console = ConsolePanel(min_width=200, max_width=300, share=0.22)
        self.last_replay: Path | None = None

    # -- the program's run as the session's history ------------------------------------------
    def forget_program_run(self) -> None:
        """No program's run on the timeline any more: the one reset of every piece of "program run"
        state, used by Play again (and so Restart on a program's run), another level and a new run put on
        the timeline.

        ``taping`` is inferred from the level and the history's length, so a stale spec came back
        to life: after Play again on a test's 2-turn run, two played hints made the history 2 turns
        long again and the player's game turned into "Your program drives" -- no clock, Space only
        toggling a tape with nothing left on it, the AI never driving.
        """
        self._stop_live()
        #: The spec of the program whose run is on the timeline (None: the player's or the AI's run).
        self.program_spec: str | None = None
        self.program_moves: list[str] = []
        #: Per turn of the program's run: its answer time and stderr (console, replay).
        self.program_turns: list[Turn] = []
        self.program_failure = ""
        #: The referee's line for the run once it is known ("mybot.py — 01_…: pass 1/1 alive in 11
        #: turns"): said again when the tape reaches the end, as the turns' lines had buried it.
        self.program_line = ""
        self.program_level: Level | None = None
        #: The run on the timeline came from a replay file (nothing is driving: it is played back).
        self.program_replayed = False
        #: A replayed run's credit, in the live result's words ("with 1 hint"; see :func:`replay_credit`).
        self.replayed_credit = ""
        #: The program whose run the player took over: its turns stay in the history and are its,
        #: not the AI's ("slow.py played 3 of 7 turns" after taking over from slow.py).
        self.taken_over: tuple[str, Level, int] | None = None
        #: The program ``play runway --bot`` drives with: it drives again on a level picked later.
        self.driving_spec: str | None = None
        #: The tape's result was shown once: scrubbing back to its end tells it in the status line.
        self.tape_result_shown = False
        self.tape_paused = False
        self._tape_clock = 0.0

    @property
    def taping(self) -> bool:
        """A program's run is on the timeline (a move of the player's own ends that)."""
        return (self.program_spec is not None and self.session.level is self.program_level
                and self.session.length == len(self.program_moves))

    def owns_save(self) -> bool:
        """A program's run on the timeline is not the player's game: it neither replaces nor clears
        its save, from the moment it is loaded or starts arriving until the player's own move."""
        on_screen = self.program_spec is not None and self.session.level is self.program_level
        return super().owns_save() and not (self._loading_run or on_screen)  # type: ignore[misc]

    @property
    def ai_label(self) -> str:
        """A program's run is the program's, not the AI's ("Turns: 2, all played by rwbot.py"),
        and so are its turns left in the history after the player took over."""
        if self.taping and self.program_spec and not self.own_run:
            return short_name(self.program_spec)
        if self.taken_over is not None:
            spec, level, kept = self.taken_over  # the program's first ``kept`` turns are in the history
            if self.session.level is level and min(self.session.index, kept):
                return short_name(spec)
        return "the AI"

    def ai_credit(self) -> str:
        """After the player took over from a program, its first turns are the program's and any
        later hint or AI step is the AI's, each said under its own name ("slow.py played 3 of 7
        turns; the AI played 2 more, 1 of them a hint"): every AI move and hint was counted under
        the program's name ("slow.py played 5 of 7 turns, 1 of them a hint")."""
        if self.taken_over is None or self.ai_label == "the AI":
            return super().ai_credit()  # type: ignore[misc]
        spec, _, kept = self.taken_over
        kinds = self.session.kinds
        noun = self.front.move_noun  # type: ignore[attr-defined]
        words = credit_words(0, min(kept, len(kinds)), len(kinds), short_name(spec), noun)
        later = kinds[kept:]
        hints, played = later.count(HINT_MOVE), later.count(AI_MOVE)
        if played:
            of_them = f", {hints} of them {'a hint' if hints == 1 else 'hints'}" if hints else ""
            return f"{words}; the AI played {played + hints} more{of_them}"
        return f"{words}, with {plural(hints, 'hint')}" if hints else words

    @property
    def own_run(self) -> bool:
        """The run on the timeline is a saved replay of a run played in the window (the player's,
        hints and AI steps marked), not an outside program's: it is credited as the live result was."""
        return self.program_replayed and self.program_spec in OWN_RUNS

    def play(self, move: Any, *, by_ai: bool = False) -> bool:
        """The player's own move takes over from the program's run (the tape ends there); so does a
        played hint (H twice, the only ``by_ai`` move that comes through here): it left the tape's
        spec behind, and a history as long as the tape's was taken for the program's run again."""
        if not self.may_play():  # type: ignore[attr-defined]  # a replay viewed over a game: only watched
            return False
        self.take_over_from_program()
        return super().play(move, by_ai=by_ai)  # type: ignore[misc]

    def take_over_from_program(self) -> None:
        """A move not on the tape is about to be played at the turn on screen: the program's run
        ends there (its turns before it stay in the history, credited to it)."""
        self._stop_live()
        index = self.session.index
        if self.program_spec is not None and self.program_level is self.session.level and index:
            self.taken_over = (self.program_spec, self.session.level, index)
        elif self.taken_over is not None and index < self.taken_over[2]:  # a program's turn replaced
            self.taken_over = (*self.taken_over[:2], index)
        self.program_spec = None
        self.driving_spec = None
        self.tape_paused = False

    def show_run(self, spec: str, level: Level, level_id: str, commands: list[str], turns: list[Turn],
                 failure: str = "", *, played: bool = False) -> None:
        """Put a program's run on the timeline, from its start, and play it back (``played``: the
        session already holds exactly these moves, as when a replay file opens the scene)."""
        self.forget_program_run()
        if not played:
            self._loading_run = True
            try:
                if self.session.level is not level or self.session.level_id != level_id:
                    self.change_level(level, level_id)  # type: ignore[attr-defined]
                else:
                    self.stop_watch()  # type: ignore[attr-defined]
                    self.session.replace_level(level, seed=self.session.seed, level_id=level_id)
                for command in commands:
                    self.session.play(command, by_ai=True)
                self.session.seek(0)
            finally:
                self._loading_run = False
        self.program_level = self.session.level
        self.program_spec = spec
        self.program_moves = list(commands)
        self.program_turns = list(turns)
        self.program_failure = failure
        self.program_line = ""
        self.program_replayed = False
        self.tape_paused = False
        self.tape_result_shown = False
        self._tape_clock = 0.0
        if any(any(lines) for turn in turns for lines in turn.stderr):
            self.console_visible(True)

    def show_playback(self, playback: Playback, *, played: bool = False) -> None:
        """``play runway --replay FILE``: the replay's run on the timeline."""
        replay = playback.replay
        self.show_run(replay.players[0], self.session.level if played else playback.level,
                      replay.level_id or "replay", list(replay.moves), list(replay.turns),
                      replay.failures[0] if replay.failures else "", played=played)
        self.program_replayed = True
        self.replayed_credit = replay_credit(replay, noun=self.front.move_noun)  # type: ignore[attr-defined]
        self.say_program(f"{self.replay_heading()}: {replay.result.get('reason', '')}")

    def replay_heading(self) -> str:
        """"Replay of your run, with 1 hint": whose run, with the live result's credit words."""
        if not self.own_run:
            return f"Replay of {replayed_run(self.program_spec or '')}"
        credit = self.replayed_credit
        if credit.endswith(" played it"):
            return "Replay of the AI's run"
        return f"Replay of your run{', ' + credit if credit else ''}"

    def tape_line(self) -> str:
        """The HUD's line while a program's run is on the timeline: a replay is played back, not driven.
        Paused, it says what Space does then: it read "Space pauses it" over a paused replay, beside
        the status line's "Paused — Space plays on"."""
        space = "plays" if self.tape_paused else "pauses"
        if self.program_replayed and self.program_spec is not None:
            # Over a game, the replay is only watched: an arrow key is refused (see ReplaysMixin.may_play).
            then = f"Esc back to {self.back_to}" if self.back_to else "an arrow key takes over from here"  # type: ignore[attr-defined]
            return f"{self.replay_heading()}: Space {space} it · {then}"
        return f"Your program drives: Space {space} its run · an arrow key takes over from here"

    def drive_with(self, spec: str) -> None:
        """``play runway --bot SPEC``: run the program on this runway in a worker; its turns appear as they come."""
        self._stop_live()
        level, level_id = self.session.level, self.session.level_id
        self.show_run(spec, level, level_id, [], [])
        self.driving_spec = spec
        self.console_visible(True)
        self.prefs["program"] = spec
        stop = threading.Event()
        self._live_stop = stop

        def turn(run: RunwayRun) -> None:
            if not stop.is_set():
                self._live = run

        def play() -> RunwayRun:
            return run_program(level, spec, level_id=level_id, on_turn=turn, stop=stop)

        def done(run: RunwayRun) -> None:
            if stop.is_set():
                return  # stopped: another run took the timeline, or the viewer was left
            self._live = run
            self._take_live()
            self._live = None
            self.program_failure = run.failure
            self.program_line = f"{short_name(spec)} — {run.line()}"
            self.say_program(self.program_line)

        def failed(exc: BaseException) -> None:
            if not stop.is_set():
                self.say_program(f"The program could not run: {exc}", "error")

        self.bot_worker.submit(play, on_done=done, on_error=failed, label="program")
        self.say_program(f"{short_name(spec)} is driving — Space pauses the tape · C console · Ctrl+S saves")

    def _take_live(self) -> None:
        """Append the commands the running program gave since the last frame to the history."""
        run = self._live
        if run is None or not self.taping:
            return
        count = min(len(run.commands), len(run.turns))
        if count <= len(self.program_moves):
            self.program_turns = list(run.turns)
            return
        session = self.session
        index = session.index
        session.seek(session.length)
        for command in run.commands[len(self.program_moves):count]:
            session.play(command, by_ai=True)
            self.program_moves.append(command.value)
        self.program_turns = list(run.turns)
        session.seek(index)  # the tape plays the new turns at the playback speed

    def _stop_live(self) -> None:
        self._live_stop.set()
        self._live = None

    @property
    def timed(self) -> bool:
        """A run on the timeline (a program's, or a replay of the player's own) was not timed here,
        and a replay file keeps no player's clock (docs/runway.md): no "Time" for it."""
        return not self.taping

    def clock_runs(self) -> bool:
        """A program's run on the timeline is not the player's time (scrubbing it ran the clock)."""
        return not self.taping and super().clock_runs()  # type: ignore[misc]

    def load_entry(self, entry: Any) -> None:
        """A level picked while a program drives: the program drives there too (it was dropped in silence)."""
        spec = self.driving_spec if self.taping else None
        super().load_entry(entry)  # type: ignore[misc]
        if spec is not None and self.session.level is not self.program_level:
            self.drive_with(spec)

    def run_broke_off(self) -> bool:
        """The turn on screen is where the program broke its run off (a timeout, a crash, a bad
        answer): an end the rules did not make, yet an end all the same -- the timeline's ✗ after
        it, its panel kept for the Result button and F3 (after Look at board, F3 said "not now")."""
        return (self.taping and bool(self.program_failure) and self.session.outcome is None
                and not self.session.can_redo and self._live is None)

    def result_stands(self) -> bool:
        return super().result_stands() or self.run_broke_off()  # type: ignore[misc]

    def broken_off_outcome(self) -> Outcome:
        """The result of a run the program broke off: a loss, with the program's reason."""
        return Outcome("loss", f"{short_name(self.program_spec or '')}: {self.program_failure}")

    def failed_run_ended(self) -> bool:
        """A program's run that failed has been played to its end and its panel not shown yet."""
        return (self.run_broke_off() and not self.tape_result_shown
                and not self.bot_worker.busy and not self.animating())  # type: ignore[attr-defined]

    def say_tape_end(self, role: str) -> None:
        """At the end of a program's run played back, the status line gives the referee's line
        (docs/runway.md). It was said when the program finished -- long before the tape had played
        the run -- and each turn's line then buried it: the end said only "1 of 1 bike crossed"."""
        if self.taping and self.program_line:
            self.say_program(self.program_line, role)

    def tape_pause(self) -> None:
        self.tape_paused = not self.tape_paused
        playing = "Playing the replay." if self.program_replayed else "Playing the program's run."
        self.say_program("Paused — Space plays on · , . step · drag the timeline" if self.tape_paused
                         else playing)

    def update(self, dt: float) -> None:
        super().update(dt)  # type: ignore[misc]
        if self._live is not None:
            self._take_live()
        if self.failed_run_ended():
            # A run the program broke off (a timeout, a crash, a bad answer) has no outcome from the
            # rules; it ended with a line in the status bar only, where a finished run gets a panel.
            self.tape_result_shown = True
            self.say_tape_end("error")
            self.show_result(self.broken_off_outcome())
        elif self.tape_result_shown and not self.result_ready and self.run_broke_off():
            # Scrubbed back to where the run broke off, its panel shown before: F3 brings it again,
            # as at the end of a race the rules ended.
            self.keep_result(self.broken_off_outcome())
        if not self.taping or self.tape_paused or not self.session.can_redo:
            self._tape_clock = 0.0
            return
        if self.animating():  # type: ignore[attr-defined]
            return
        self._tape_clock += dt * self.speed.value
        if self._tape_clock >= 1.0:
            self._tape_clock = 0.0
            self.session.redo()

    def leave(self) -> None:
        """Stop the program's runs: nothing a program started outlives the viewer, and closing never
        waits for them (it waited for each worker up to the first answer's limit and a second).

        The stop events are set first, then every program they belong to is killed; a worker starting
        the next test's program just then has it killed as it starts (``Program(stop=...)``). The
        workers' threads are daemons, ended with the scene's workers. Only this scene's programs: a
        replay viewed over a game (``programs.close_all`` here) stopped the program driving there.
        """
        self._stop_live()
        self.tests.stop.set()
        programs.close_stopped()
        super().leave()  # type: ignore[misc]

    def say_program(self, text: str, role: str = "info") -> None:
        self.say(text, role)  # type: ignore[attr-defined]

    # -- the console ------------------------------------------------------------------------------
    def console_visible(self, shown: bool) -> None:
        if self.console.shown != shown:
            self.console.shown = shown
            self.relayout()  # type: ignore[attr-defined]

    def toggle_console(self) -> None:
        self.console_visible(not self.console.shown)
        self.say_program("Console: the program's stderr up to the turn on screen (C hides it)."
                         if self.console.shown else "Console hidden (C shows it).")

    def console_area(self, area: pygame.Rect) -> pygame.Rect:
        """The board's part of ``area`` (the console takes the right side while shown)."""
        return self.console.split(area)

    def console_view(self) -> list[tuple[int, str]]:
        if not self.taping:
            return []
        index = self.session.index
        upto = index + (1 if index >= self.session.length else 0)  # a failed last answer shows at the end
        return console_lines(self.program_turns, upto, ("",))

    def draw_console(self, surface: pygame.Surface) -> None:
        if not self.console.shown or self.app is None:
            return
        if self.taping and self.program_spec:
            name = short_name(self.program_spec)
            title: tuple[str, ...] = (f"Console — {name} stderr", f"{name} stderr", name, "stderr")
        else:
            title = ("Console — a program's stderr", "Console — stderr", "Console")
        empty = ("No stderr up to this turn." if self.taping else
                 "Shows a program's stderr: play runway --bot SPEC, or T for the Tests panel.")
        self.console.draw(surface, self.app.theme, self.console_view(), title, empty)

    # -- replay files ---------------------------------------------------------------------------------
    def run_replay(self) -> Replay:
        """What is on the timeline as a replay: the program's run (times, stderr, failure) or the player's."""
        session = self.session
        index = session.index
        session.seek(session.length)
        try:
            if self.taping and self.program_spec is not None:
                moves = len(session.moves)
                turns = list(self.program_turns[:moves + 1])
                turns += [Turn((0.0,), ((),))] * (moves - len(turns))
                failure = self.program_failure if len(turns) > moves or self.program_failure else ""
                replay = replay_from_session(session, (self.program_spec,), turns=tuple(turns),
                                             failures=(failure,))
                if failure:
                    outcome = session.outcome or Outcome("loss", failure)
                    replay = replace(replay, result={"result": "loss", "winner": None, "score": outcome.score,
                                                     "reason": failure})
            else:
                # The player's run: who chose each move (the player, a hint, an AI step) is in its
                # meta, so the list, the viewer and its end panel credit it as the live result did
                # (a run with one hint was saved as the AI's: "Turns: 5, all played by ai").
                replay = replay_from_session(session, ("player",))
        finally:
            session.seek(index)
        return replay

    def save_replay(self) -> None:
        """Write the run on the timeline to the user data dir (``replays/``) and say where."""
        path = self.keep_replay(self.run_replay())  # type: ignore[attr-defined]
        if path is not None:
            self.last_replay = path

    # -- test cases ---------------------------------------------------------------------------------
    def open_tests(self) -> None:
        from arcade.games.runway.view.tests_panel import RunwayTestsPanel

        if not self.tests.spec:
            self.tests.spec = str(self.prefs.get("program") or self.program_spec or "")
        assert self.app is not None
        self.app.push(RunwayTestsPanel(self))

    def run_tests(self, spec: str) -> str:
        """Run ``spec`` on every bundled test in the worker; "" when started, else why not (one line)."""
        if spec.strip() in ("", "codingame:"):  # the parser's "no command after 'codingame:'" said less
            return "Type your program's command after codingame: (e.g. codingame:python3 mybot.py)."
        try:
            parsed = parse_spec(spec)
        except ArcadeError as exc:
            return str(exc)
        if parsed.problem():
            return parsed.problem()
        try:
            levels = bundled_tests()
        except ArcadeError as exc:
            return f"cannot read the bundled tests: {exc}"
        self.tests.stop.set()
        state = TestsState(spec=spec, names=[name for name, _ in levels])
        self.tests = state
        self.prefs["program"] = spec
        state.running = True

        def run_all() -> int:
            for name, level in levels:
                if state.stop.is_set():
                    break
                state.runs[name] = run_program(level, parsed, level_id=name, stop=state.stop)
            return sum(run.passed for run in state.runs.values())

        def done(passed: int) -> None:
            state.running = False
            if self.tests is state and not state.stop.is_set() and not self.tests_panel_open():
                self.toast.show(f"{short_name(spec)}: passed {passed}/{len(levels)}",
                                "good" if passed == len(levels) else "warning", 6.0)

        def failed(exc: BaseException) -> None:
            state.running = False
            state.error = f"The tests stopped: {exc}"
            # A stale run's failure (another run started, or the runs were stopped) is not news.
            if self.tests is state and not state.stop.is_set() and not self.tests_panel_open():
                self.toast.show(state.error, "error", 6.0)

        self.tests_worker.submit(run_all, on_done=done, on_error=failed, label="tests")
        return ""

    def tests_panel_open(self) -> bool:
        """Whether the Tests panel is on screen: it says the runs' result in its header itself. The
        scene's toast said it again, half hidden behind the panel, and lingered after it closed
        (into Play again); it is shown only for runs that end with the panel closed."""
        from arcade.games.runway.view.tests_panel import RunwayTestsPanel

        return self.app is not None and any(isinstance(scene, RunwayTestsPanel) for scene in self.app.stack.scenes)

    def watch_test(self, name: str) -> bool:
        """Show the run of test ``name`` on the timeline (False if it has not run yet)."""
        run = self.tests.runs.get(name)
        if run is None:
            return False
        self.show_run(run.spec, run.level, name, [c.value for c in run.commands], list(run.turns), run.failure)
        self.program_line = f"{short_name(run.spec)} — {run.line()}"
        self.say_program(f"Test {run.line()} — Space plays · , . step · C console")
        return True

