"""Changing the level a game scene plays (ui): the picker, a picked row, the level remembered.

:class:`LevelChangesMixin` is part of :class:`~arcade.ui.game_scene.GameScene`: the one level
picker (bundled groups in their declared order, best results, the game's extra rows, its saved
replays), a pick that asks first while a game is in progress, opening a row, and
``change_level`` -- which only replaces the session's level; the scene's session listener
rebuilds and lays out the board for it (Tatham's ``midend_new_game``). It is separate because
none of it is drawn or run per frame: it is the path from "L" to a new level. It reads the
scene's ``app``, ``session``, ``info``, ``front``, ``hint``, ``elapsed`` and calls its
``stop_watch``, ``say``, ``refuse`` and the "press again" question of
:class:`~arcade.ui.discard.DiscardMixin`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arcade.core.errors import ArcadeError
from arcade.core.game import LevelEntry
from arcade.services import saves
from arcade.ui.discard import LEVEL_QUESTION
from arcade.ui.picker import PickerScene, level_choices
from arcade.ui.reopening import remember
from arcade.ui.replays import SAVED_REPLAYS, picker_entry

if TYPE_CHECKING:
    from arcade.ui.front import GameFront


def picker_entries(front: GameFront) -> list[LevelEntry]:
    """Every row of ``front``'s level picker: its levels, its extra rows (a random board) and, for a
    game with replays, the *Saved replays* row. Tron's setup lists its maps from here too: its own
    list had no Saved replays, so a replay saved there could only be found with L."""
    entries = [*front.levels(), *front.extra_choices()]
    if front.replays:
        entries.append(picker_entry(front.info.name))
    return entries


class LevelChangesMixin:
    """The level picker and level changes of :class:`~arcade.ui.game_scene.GameScene`."""

    #: The file the level on screen was read from (``play GAME --level FILE``), remembered as
    #: where the game reopens; None for any other level (set by :func:`arcade.ui.front.open_session`).
    level_file: str | None = None

    def change_level(self, level: Any, level_id: str, *, seed: int = 0) -> None:
        """Play ``level`` in this scene: a fresh game, the board rebuilt and laid out, the choice remembered."""
        self.stop_watch()
        self.hint = None
        self.elapsed = 0.0
        # The listener rebuilds the board and the status line, even for the same level ("Play
        # again" once showed the last game's "all islands connected" over an empty board).
        self._shown_level = None
        self.session.replace_level(level, seed=seed, level_id=level_id)
        self.level_file = None  # no longer the file the game was opened on
        self.remember_level(level_id)

    def remember_level(self, level_id: str) -> None:
        """Where ``play GAME`` and the menu reopen the game next time: the level on screen, however
        it was made (a generated board came back as a bundled level, see :mod:`arcade.ui.reopening`),
        or another bundled level (the one after a level won)."""
        if self.app is None:
            return
        if level_id == self.session.level_id:
            remember(self.app, self.front, self.session.level, level_id, self.level_file)
        elif level_id in {e.id for e in self.front.levels() if not e.error}:
            remember(self.app, self.front, None, level_id)

    def open_levels(self) -> None:
        """The one level picker: bundled groups in their declared order, solved marks and best results."""
        # A new visit to the picker asks afresh: a level asked about in a visit the player cancelled
        # (the question has no time limit there) used to open on a single pick days later.
        self.forget_discard_question(LEVEL_QUESTION)
        self.push_level_picker()

    def push_level_picker(self) -> None:
        """The level picker itself (:meth:`open_levels` without forgetting a question: the re-ask
        opens it again *with* its question). Cancelled, the picker takes its question and toast
        along; a pick is handled by :meth:`pick_entry` (the picker closes before that, so only an
        explicit cancel may drop the question)."""
        assert self.app is not None
        self.stop_watch_for_overlay("The level picker")  # and says so: the status line went on saying "Watching the AI"
        entries = picker_entries(self.front)
        if not entries:
            self.say(f"No {self.info.title} levels found.", "warning")
            return
        choices, selected = level_choices(self.info, entries, saves.game_records(self.info.name),
                                          self.front.picker_row(self.session.level, self.session.level_id))
        picker = PickerScene(f"{self.info.title} — choose a {self.front.level_noun}", choices,
                             lambda choice: self.pick_entry(choice.value, picker), selected=selected,
                             on_cancel=lambda: self.forget_discard_question(LEVEL_QUESTION))
        self.app.push(picker)

    def pick_entry(self, entry: LevelEntry, picker: PickerScene | None = None) -> None:
        """A picker row chosen: while a game is in progress, another level asks first -- the picker
        comes back on that row, saying so, its rows where ``picker`` (the one picked from) had
        them, so a second click on the same spot picks the same level; picking it again opens it."""
        assert self.app is not None
        replaces = entry.group != "replays" and not entry.error
        if replaces and not self.confirm_discard(f"{LEVEL_QUESTION}{entry.id}", "Pick it again", timed=False,
                                                  toast=False):
            before = self.app.stack.top
            self.push_level_picker()  # this visit is the one that asked: its question stays
            again = self.app.stack.top
            if isinstance(again, PickerScene) and again is not before:
                again.title = f"{self.info.title} — pick {entry.title} again to throw away this game{self.moves_made()}"
                index = next((i for i, c in enumerate(again.choices)
                              if getattr(c.value, "id", None) == entry.id and not c.header), None)
                if index is not None and picker is not None and len(picker.choices) == len(again.choices):
                    again.follow(picker, index)
                elif index is not None:
                    again.select(index)
            else:  # no picker came back to ask in: the corner says it
                self.show_discard_question("Pick it again")
            return
        self.load_entry(entry)

    def load_entry(self, entry: LevelEntry) -> None:
        """Open a picker row (a bundled file, or a recipe such as a random runway)."""
        if entry.value == SAVED_REPLAYS and entry.group == "replays":
            self.open_saved_replays()
            return
        if entry.error:
            self.refuse(entry.error)
            return
        assert self.app is not None
        try:
            level, level_id = self.front.open_entry(self.app, entry)
        except ArcadeError as exc:
            self.refuse(str(exc))
            return
        self.change_level(level, level_id)
