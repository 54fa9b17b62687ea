"""What a game scene does when a game ends (ui): the result panel, its words, the personal best.

:class:`ResultsMixin` is part of :class:`~arcade.ui.game_scene.GameScene`, kept apart because it
is one subject read start to end: the panel's title and buttons (the framework's Next level,
Play again, Look at board, New board, Main menu), its lines (the reason, the game's own
details, the tally and time, the one line on what the AI did), the personal best kept the way
the game's ``RecordSpec`` says, and the panel kept so that F3 / the Result button bring it back
after Look at board. A game overrides the hooks (``result_details``, ``tally_count``,
``counts_as_move``, ``aside_name``, ``ai_label``, ``timed``, ``result_scene``, ``look_at_board``),
never ``result_lines`` itself.

It reads the scene's ``session``, ``info``, ``front``, ``app``, ``elapsed``, ``toast``,
``finished_with_ai`` / ``record_note`` and calls its ``keymap``, ``run_binding``,
``stop_watch``, ``refresh_toolbar``, ``game_over``, ``owns_save`` and level actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from arcade.core.game import Outcome
from arcade.core.registry import LEVELS_BUTTON, NEW_BOARD_BUTTON
from arcade.core.session import AI_MOVE, HINT_MOVE, credit_words
from arcade.core.words import plural
from arcade.services import saves
from arcade.services.files import write_failure
from arcade.ui.formatting import format_record, format_records, format_time
from arcade.ui.overlays import LOOK_AT_BOARD, MAIN_MENU, NEXT_LEVEL, PLAY_AGAIN, ResultScene
from arcade.ui.picker import next_level


class ResultsMixin:
    """The result panel, its lines and the records of :class:`~arcade.ui.game_scene.GameScene`."""

    #: The way back to a finished game's result panel: its key, its toolbar button (shown while
    #: there is a result to go back to) and its row in the keys table.
    RESULT_KEYS: ClassVar[str] = "F3"
    result_button: ClassVar[str] = "Result"
    result_help: ClassVar[str] = "the result panel again (Next level, Play again…) after Look at board"

    def result_title(self, outcome: Outcome) -> str:
        if outcome.winner is not None and self.session.rules.kind == "tick" and outcome.result == "win":
            return f"Player {outcome.winner + 1} wins"
        if outcome.result == "win" and self.session.ai_finished:
            return "The AI solved it" if self.session.rules.kind == "puzzle" else "The AI won"
        return {"win": "Solved!" if self.session.rules.kind == "puzzle" else "You win!",
                "loss": "Game over", "draw": "Draw"}[outcome.result]

    def result_buttons(self, outcome: Outcome) -> list[tuple[str, Callable[[], None]]]:
        """(label, action) for the result overlay; each action runs after the overlay has closed.

        The framework's words in every game: **Next level** (the level after this one in the
        picker's order) -- or **Levels** after the last level or on a board that is not a bundled
        level -- then Play again (first of all after a loss), Look at board, **New board** where
        the game makes new boards (its toolbar's button, the same action), Main menu.
        """
        buttons: list[tuple[str, Callable[[], None]]] = []
        keymap = self.keymap()
        if outcome.result == "loss":
            # After a loss the next thing to try is this level again: Next level first read as if
            # the level had been passed (Runway offered it first after a lost race).
            buttons.append((PLAY_AGAIN, self.new_game))
        if any(b.action == "open_levels" for b in keymap):
            following = next_level(self.info, self.front.levels(), self.session.level_id)
            if following is not None:
                buttons.append((NEXT_LEVEL, lambda: self.load_entry(following)))
            else:
                buttons.append((LEVELS_BUTTON, self.open_levels))
        if outcome.result != "loss":
            buttons.append((PLAY_AGAIN, self.new_game))
        buttons.append((LOOK_AT_BOARD, self.look_at_board))
        new_board = next((b for b in keymap if b.button == NEW_BOARD_BUTTON), None)
        if new_board is not None:
            buttons.append((NEW_BOARD_BUTTON, lambda: self.run_binding(new_board)))
        return [*buttons, (MAIN_MENU, self.to_menu)]

    def reopen_at_next_level(self) -> None:
        """A level the player has won is not where the game reopens: the menu's card (and ``play
        GAME``) open the level after it, as the result's Next level does. Solved, then Main menu,
        then Hashi's card opened First steps again -- a fresh copy of the puzzle just solved, with
        nothing saying so. Play again (a level change) remembers this level again."""
        following = next_level(self.info, self.front.levels(), self.session.level_id)
        if following is not None:
            self.remember_level(following.id)

    def look_at_board(self) -> None:
        """The result's Look at board: the panel closes on the finished board (a game may show more)."""

    def result_scene(self, title: str, lines: list[str], buttons: list[tuple[str, Callable[[], None]]],
                     role: str) -> ResultScene:
        """The overlay itself (a game may show more than text, e.g. a map of the route)."""
        return ResultScene(title, lines, buttons, role=role)

    def to_menu(self) -> None:
        """The result panel's Main menu: the menu even when the program was started in this game."""
        if self.app is not None:
            self.app.back_to_menu()

    def show_result(self, outcome: Outcome) -> None:
        assert self.app is not None
        # The watch is over with the game: under the panel it would only end at its next step, and
        # meanwhile its button looked active (the scene does not update under an overlay).
        self.stop_watch()
        self.push_result(self._result_panel_for(outcome))

    def keep_result(self, outcome: Outcome) -> None:
        """Keep the finished game's result panel for the Result button and F3 without opening it:
        the game came back to an end whose panel was shown before (Runway's timeline scrubbed to
        its end). Without it, F3 there said "the game is not over" beside the race's ✓."""
        shown = self.result_ready
        self._result_panel = self._result_panel_for(outcome)
        if not shown:
            self.refresh_toolbar()

    def _result_panel_for(self, outcome: Outcome) -> ResultScene:
        """The result panel of ``outcome``: its title, lines and buttons, coloured by how it ended."""
        role = {"win": "good", "loss": "error", "draw": "warning"}[outcome.result]
        return self.result_scene(self.result_title(outcome), self.result_lines(outcome),
                                 self.result_buttons(outcome), role)

    def result_stands(self) -> bool:
        """Whether the game on screen stands at an end that has a result panel: the game is over (a
        game may add an end the rules do not make: Runway's program run that broke off). The kept
        panel goes when this turns false (:meth:`forget_result`)."""
        return self.game_over()

    @property
    def result_ready(self) -> bool:
        """The game is over and its result panel was shown: the Result button and its key bring it back."""
        return self._result_panel is not None and self.result_stands()

    def push_result(self, panel: ResultScene) -> None:
        """Open a result panel and keep it, so that after Look at board (or Esc) :meth:`reopen_result`
        brings back the same panel -- its title, its lines, its Next level."""
        assert self.app is not None
        shown = self.result_ready
        self._result_panel = panel
        if self.app.stack.top is self:
            self.app.push(panel)
        else:
            # Another overlay (pause, help) is on top: the panel comes up when the game is back on
            # top (see :meth:`show_due_result`). Hashi's win animation ending under the pause
            # overlay skipped its panel altogether, and with it the Result button and F3.
            self._result_due = True
        if not shown:
            self.refresh_toolbar()

    def show_due_result(self) -> None:
        """A result panel that came due under another overlay, shown at the game's first frame back
        on top -- not as the overlay closes: the level picker closes *before* its pick is handled,
        so the old game's panel went up first and stayed over the newly opened level, its Play
        again ready to throw the new level away. By the next frame the pick has opened the level
        (:meth:`forget_result` dropped the panel) and nothing is due."""
        if not self._result_due or self.app is None or self.app.stack.top is not self:
            return
        self._result_due = False
        if self.result_ready:
            self.app.push(self._result_panel)

    def reopen_result(self) -> None:
        """The Result button: the finished game's result panel again, as it was first shown. Once the
        panel was closed with Look at board, the toolbar offered only Levels, New board and Undo: the
        Next level it had named was nowhere on screen."""
        panel = self._result_panel
        if panel is None or not self.result_stands():
            self.say("There is no result to show: the game is not over.", "warning")
            return
        assert self.app is not None
        if self.app.stack.top is self:
            panel.reopen()
            self.app.push(panel)

    def forget_result(self) -> None:
        """The game is no longer over (Undo, Play again, another level): its result panel goes."""
        self._result_due = False
        if self._result_panel is not None:
            self._result_panel = None
            self.refresh_toolbar()

    def result_lines(self, outcome: Outcome) -> list[str]:
        """The result panel's lines, the same in every game: the reason, the game's own lines
        (:meth:`result_details`), the count and time (:meth:`tally_line` of :meth:`tally_count`),
        and the one line on what the AI did (:meth:`credit_note`). Games override the hooks, not
        this: Runway and Battle Royale each had a copy of it, one edit away from saying it differently."""
        lines = [outcome.reason] if outcome.reason else []
        lines += self.result_details(outcome)
        lines.append(self.tally_line(self.tally_label, self.tally_count()))
        note = self.credit_note()
        if note:
            lines.append(note)
        return lines

    def result_details(self, outcome: Outcome) -> list[str]:
        """The game's own result lines, said after the reason (Runway's AI comparison, Battle
        Royale's loot and par); none by default."""
        return []

    def tally_count(self) -> int:
        """The number the result's tally line counts under :attr:`tally_label` (default: the moves
        played; Runway's turn, Battle Royale's moves without the drop)."""
        return self.session.index

    def credit_note(self) -> str:
        """The result's line on what the AI did: the record note after a win ("The AI played all
        10 moves, 1 of them a hint — not counted as a personal best."), else the credit alone ("The
        AI played 4 of 6 moves."), "" without help -- or, when the AI played alone, only the record
        note's "Not counted...": the tally line said "all played by the AI" already. Hashi's result
        said "Moves: 10, all played by the AI" and then "The AI played 10 of 10 moves, 1 of them a
        hint": twice, and not alike."""
        if self.record_note or not self.finished_with_ai or self.all_by_ai:
            return self.record_note  # a game the AI played alone: the tally line says so
        return self.credit_sentence() + "."

    @property
    def all_by_ai(self) -> bool:
        """Every counted move the AI's own (a watched game, a program's run, no hint): the result's
        tally line says "all played by the AI", and only it."""
        return self.session.ai_played_all and self.ai_credit().endswith(" played it")

    def credit_sentence(self, finished: bool = False) -> str:
        """:meth:`ai_credit` as a sentence: "Played with 1 hint" ("Finished ..." for a win), "The AI
        played it"."""
        credit = self.ai_credit()
        if credit.startswith("with ") or not credit:
            return f"{'Finished' if finished else 'Played'} {credit}".strip()
        # "The AI played ..." -- but a program is named as it is ("codingame_straight.py played ...").
        return "T" + credit[1:] if credit.startswith("the ") else credit

    @property
    def ai_label(self) -> str:
        """Who made the moves marked as not the player's: the AI, or (Runway) an outside program."""
        return "the AI"

    def ai_credit(self) -> str:
        """What the AI did for the game on screen, in words: "" (nothing), "with 1 hint" (hints the
        player played), "the AI played 4 of 6 moves" (watched steps; ", 1 of them a hint" when
        hints were played too), "the AI played it" (every move watched). The result and the
        record note say it this way in every game: a hint that only played the drop was reported
        as "the AI matched the best possible route"."""
        counted: list[str] = []
        aside: list[tuple[str, str]] = []  # moves the result's "Moves" leaves out: (name, kind)
        for index, kind in enumerate(self.session.kinds):
            if self.counts_as_move(index):
                counted.append(kind)
            else:
                aside.append((self.aside_name(index), kind))
        label, moves = self.ai_label, len(counted)
        noun = self.front.move_noun
        words = credit_words(counted.count(HINT_MOVE), counted.count(AI_MOVE), moves, label, noun)
        # Battle Royale's drop is not one of the result's "Moves": the credit counted it ("the AI
        # played 6 of 7 moves" next to "Moves: 6"); such a move is said on its own when the AI chose it.
        if words.endswith(" played it") and any(kind != AI_MOVE for _, kind in aside):
            words = f"{label} played all {plural(moves, noun)}"
        if words.endswith(" played it"):
            return words
        hinted = [name for name, kind in aside if kind == HINT_MOVE]
        if AI_MOVE not in counted:  # the player's moves, with hints: every hint counts ("with 2 hints")
            words, hinted = credit_words(counted.count(HINT_MOVE) + len(hinted), 0, moves, label, noun), []
        played = [name for name, kind in aside if kind == AI_MOVE]
        extra = " and ".join(([f"a hint for {' and '.join(hinted)}"] if hinted else [])
                             + ([f"{label} playing {' and '.join(played)}"] if played else []))
        if not extra:
            return words
        if not words:
            return f"with {extra}"
        return f"{words} and {extra}" if words.startswith("with ") else f"{words}, with {extra}"

    def aside_name(self, index: int) -> str:
        """How a move the result does not count is named in the credit ("a hint for the drop")."""
        return "the first move"

    def counts_as_move(self, index: int) -> bool:
        """Whether the session's move ``index`` is one the result's "Moves" counts (default: all),
        so the AI credit counts the same moves (Battle Royale's drop is not one)."""
        return True

    @property
    def timed(self) -> bool:
        """Whether the clock measured the game on screen. A run replayed from a file was not timed
        here and its file keeps no player's clock: its end panel said "Time: 00:00"."""
        return True

    @property
    def tally_label(self) -> str:
        """The result's count's label, the game's :attr:`~arcade.ui.front.GameFront.move_noun` in
        the plural ("Moves", Runway's "Turns"): the count and the AI credit name the same thing.
        Only its first letter is raised (``capitalize()`` lower-cased the rest: "Ai steps")."""
        noun = plural(2, self.front.move_noun).split(" ", 1)[1]
        return noun[:1].upper() + noun[1:]

    def tally_line(self, label: str, count: int) -> str:
        """A result's count and time: "Moves: 12 · Time: 01:23". The clock counts only the
        player's own time, so after a game the AI played alone it would read 00:00: say so instead
        (and only here, see :attr:`all_by_ai`); with a hint among the AI's moves, no time (the
        credit line says what the AI did); a game the clock did not measure (see :attr:`timed`)
        has no time at all."""
        if self.all_by_ai:
            return f"{label}: {count}, all played by {self.ai_label}"
        if self.session.ai_played_all or not self.timed:
            return f"{label}: {count}"  # with a played hint: the credit line says what the AI did
        return f"{label}: {count} · Time: {format_time(self.elapsed)}"

    def keep_record(self, outcome: Outcome) -> str:
        """Record a personal best the way the game declares it; returns the sentence for the result."""
        spec = self.info.record
        if spec is None or not outcome.is_win:
            return ""
        if not self.finished_with_ai and not self.owns_save():  # a replay of the player's run: not a new game
            return ""
        if self.finished_with_ai:
            if self.all_by_ai:  # the tally line says who played ("all played by the AI"): only it
                return "Not counted as your personal best." if self.ai_label != "the AI" \
                    else "Not counted as a personal best."
            if self.ai_label != "the AI":
                return f"Played by {self.ai_label} — not counted as your personal best."
            return f"{self.credit_sentence(finished=True)} — not counted as a personal best."
        key = self.front.record_key(self.session.level)
        value = self.front.record_value(self)
        if not key or value is None:
            return ""
        old = saves.game_records(self.info.name).get(key)
        try:
            better = saves.record_result(self.info.name, key, value, lower_is_better=spec.lower_is_better)
        except OSError as exc:
            self.toast.show(f"Could not save your record: {write_failure(exc, saves.records_path())}", "error", 6.0)
            return ""
        self.reopen_at_next_level()
        shown = format_record(self.info, value)
        # "bikes saved 3", "time 00:39", "loot 6": the picker's tag reads the same way.
        if better and old is not None:
            shown, was = format_records(self.info, value, old)
            return f"A new personal best: {spec.what} {shown} (was {was})."
        if better:
            return f"Your first result on this level is recorded: {spec.what} {shown}."
        return f"Your best on this level: {spec.what} {format_record(self.info, old)}." if old is not None else ""
