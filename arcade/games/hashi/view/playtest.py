"""Test-play (view): the normal Hashi play scene on the editor's puzzle, with E back to the editor.

T in the editor pushes :class:`PlaytestScene`; it is a :class:`~arcade.games.hashi.view.scene.HashiScene`
that keeps no autosave and no record, and whose results panel offers "Back to the editor". It is
separate from the editor because it is the play scene's subclass, not part of editing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from arcade.core.registry import Binding, GameInfo
from arcade.core.session import Session
from arcade.games.hashi.view.scene import HashiScene
from arcade.ui.overlays import LOOK_AT_BOARD

if TYPE_CHECKING:
    from arcade.games.hashi.view.editor import EditorScene


class PlaytestScene(HashiScene):
    """The normal play scene on the editor's puzzle: no autosave, no records, E goes back.

    Another puzzle chosen here (the level picker, a paste, a new puzzle) ends the test-play: that
    puzzle is played normally, with its records, autosave and next level. (It stayed a
    "Test-play" that kept no record of a real level.)
    """

    autosave_when = None
    #: The level id of the editor's puzzle ("Play again" keeps testing it).
    LEVEL_ID = "test-play"
    #: The way back to the editor stays on the row, with Pause, in a small window: at 640x400 it
    #: went into the More menu as "Edit", and nothing on screen said how to get back.
    TOOLBAR_PRIORITY: ClassVar[dict[str, int]] = {**HashiScene.TOOLBAR_PRIORITY, "open_editor": 3}

    def __init__(self, info: GameInfo, session: Session[Any, Any, Any], editor: EditorScene) -> None:
        super().__init__(info, session)
        self.editor_scene = editor
        self.testing = True

    def game_bindings(self) -> list[Binding]:
        """E's button says where it goes while testing: "Edit" read as "edit this puzzle", and it
        was the only way back to the editor by mouse."""
        rows = super().game_bindings()
        if not self.testing:
            return rows
        return [replace(b, label="back to the editor", button="Back to editor") if b.action == "open_editor" else b
                for b in rows]

    def change_level(self, level: Any, level_id: str, *, seed: int = 0) -> None:
        if level_id != self.LEVEL_ID and self.testing:
            self.testing = False
            self.autosave_when = HashiScene.autosave_when
        super().change_level(level, level_id, seed=seed)

    @property
    def level_title(self) -> str:
        """"Test-play — Harbour at dawn": the header said only "Test-play", whichever puzzle it was."""
        if not self.testing:
            return super().level_title
        title = dict(self.editor_scene.draft.meta).get("title", "")
        return f"Test-play — {title}" if title else "Test-play"

    def no_solution_text(self) -> str:
        if not self.testing:
            return super().no_solution_text()
        return ("This puzzle has no solution (the solver proved it): you can play it, but not finish it. "
                "E goes back to the editor.")

    def open_editor(self) -> None:
        if self.testing:
            self.close()
        else:
            super().open_editor()

    def back_in_editor_text(self) -> str:
        """What the editor's status line says on the way back: how the test-play went."""
        if not self.testing:
            return "Back in the editor."
        outcome = self.session.outcome
        if outcome is not None and outcome.is_win:
            credit = self.ai_credit()
            return f"Back in the editor — the test-play was solved{f' ({credit})' if credit else ''}."
        return "Back in the editor — the test-play was not solved (T plays it again)."

    def keep_record(self, outcome: Any) -> str:
        return "A test-play is not a personal best." if self.testing else super().keep_record(outcome)

    def result_buttons(self, outcome: Any) -> list[tuple[str, Any]]:
        if not self.testing:
            return super().result_buttons(outcome)
        # Look at board as in every result panel (Enter's default: it keeps the finished board).
        return [("Back to the editor", self.close), (LOOK_AT_BOARD, self.look_at_board), ("Play again", self.new_game)]
