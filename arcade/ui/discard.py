"""Asking before a game in progress is thrown away (ui): "press again to throw away this game".

:class:`DiscardMixin` is part of :class:`~arcade.ui.game_scene.GameScene`: a new board, another
level from the picker, Tron's rematch -- anything that would replace a game with moves made
asks first, with a toast (or the picker's title) saying what would go, and goes ahead when
asked again. It is separate because the question has a life of its own (a time limit, a picker
visit that keeps it, a level change that drops it) that the rest of the scene only starts or
forgets. It reads the scene's ``session``, ``toast`` and ``_dirty`` and asks its
``game_over``, ``owns_save``, ``counts_as_move``, ``aside_name``, ``ai_label`` and ``abandon_save``
(a game thrown away loses its save at once).
"""

from __future__ import annotations

import time
from typing import ClassVar

from arcade.core.words import NBSP, plural

#: The tag of the "press again to throw away this game" question's toast (see :meth:`GameScene.confirm_discard`).
DISCARD_TAG = "discard"
#: What the level picker's "press again" questions start with (see :meth:`GameScene.forget_discard_question`).
LEVEL_QUESTION = "level "


class DiscardMixin:
    """The "press again" question of :class:`~arcade.ui.game_scene.GameScene`."""

    #: Whether the game's New board action asks first by itself (Hashi's opens its dialog).
    new_board_asks: ClassVar[bool] = False
    #: How long a "press again" stays asked (seconds).
    CONFIRM_SECONDS: ClassVar[float] = 5.0

    def in_progress(self) -> bool:
        """Moves made in the player's own game, not finished: a new board or another level would
        throw them away (a replay or a program's run on screen is not the player's game). A finished
        game looked back at (Undo, scrubbing) is over: a Runway race won and scrubbed back asked
        "pick … again to throw away this game (1 move made)" of a race already recorded."""
        return (self.session.index > 0 and not self.game_over() and not self.session.looking_back
                and self.owns_save())

    def confirm_discard(self, what: str, again: str, *, timed: bool = True, toast: bool = True) -> bool:
        """Nothing a player did is lost silently: while a game is in progress, the first request to
        replace it (``what``) only says "``again`` to throw away this game (3 moves made)"; the same
        request again while its toast is up -- at least :data:`CONFIRM_SECONDS`, and the toast says
        so (``timed``; the level picker asks on its own screen, so no time limit there) -- goes
        ahead. Battle Royale's N threw a round away without a word, and Undo was grey afterwards.
        ``toast=False``: the question is put where it is asked (the level picker's title) -- its
        toast, the same words, sat half hidden behind the picker, cut by its edge."""
        if not self.in_progress():
            self.forget_discard_question()
            return True
        now = time.monotonic()
        asked = self._discard_asked
        if asked is not None and asked[0] == what and (not timed or self._still_asked(asked[1], now, toast)):
            self.forget_discard_question()
            # Asked and answered: the game is over by the player's word, and so is its save. Kept,
            # it outlived the untouched game that replaced it (which saves nothing before its first
            # move): Continue reopened the game thrown away instead of the level left on screen.
            self.abandon_save()
            return True
        self._discard_asked = (what, now)
        if toast:
            self.show_discard_question(again, timed=timed)
        return False

    def _still_asked(self, asked: float, now: float, toast: bool) -> bool:
        """Whether a timed question asked at ``asked`` still stands: while its toast is up (or waits
        its turn behind a long status text), and without a toast for :data:`CONFIRM_SECONDS`. What
        the player sees decides: the toast says how long it stands, and it goes when the question
        does -- timed apart, the question ran out silently while its toast was kept back or paged,
        or stood on after a click had put its toast away."""
        if toast:
            return any(m.tag == DISCARD_TAG for m in self.toast.messages)
        return now - asked < self.CONFIRM_SECONDS

    def show_discard_question(self, again: str, *, timed: bool = False) -> None:
        """The question's toast: "``again`` to throw away this game (3 moves made), within 5 s" --
        ``timed``, it says how long it stands (it expired unannounced: the toast faded, and the
        next press asked again with no word of why). Up as long as the question stands, it fades
        calmly as any toast when it runs out."""
        within = f", within{NBSP}{self.CONFIRM_SECONDS:g}{NBSP}s" if timed else ""
        self.toast.show(f"{again} to throw away this game{self.moves_made()}{within}", "warning",
                        self.CONFIRM_SECONDS, tag=DISCARD_TAG)

    def forget_discard_question(self, kind: str | None = None) -> None:
        """The "press again" question answered, or moot (another level opened, its dialog cancelled
        or opened afresh): it goes, and its toast with it -- "! Pick it again to throw away this
        game (1 move made)" stayed in the corner over the new level, about a game that no longer
        existed, and a cancelled picker or Tron setup left it up for its five seconds. ``kind``
        (the start of what was asked: ``"level "``, Tron's ``"new match"``) forgets only that
        dialog's question: a new picker visit left F5's question alone, but not its toast."""
        asked = self._discard_asked
        if kind is not None and (asked is None or not asked[0].startswith(kind)):
            return
        self._discard_asked = None
        if self.toast.drop(DISCARD_TAG):
            self._dirty = True

    def moves_made(self) -> str:
        """" (3 moves made)": the game at stake, in the same words in every game -- the moves it has,
        counted as its result counts them (Battle Royale's drop is not one: "2 moves made" read next
        to "Move 1/6"), the moves the result leaves out named on their own ("your drop and 1 move
        made"), and how many of them the AI chose (a watched step or a hint played): ", 2 of them by
        the AI", "3 moves made by the AI", "the AI's drop". After a drop the AI chose alone, Battle
        Royale asked "pick again to throw away this game" with nothing after it, where Runway gave
        a count. No-break spaces keep a count one unit: the picker's question wrapped as "...this
        game (1" / "move made)"."""
        label = self.ai_label
        counted: list[str] = []
        aside: list[str] = []
        for index, kind in enumerate(self.session.kinds):
            if self.counts_as_move(index):
                counted.append(kind)
            else:
                name = self.aside_name(index).removeprefix("the ")
                aside.append(f"{label}'s{NBSP}{name}" if kind else f"your{NBSP}{name}")
        by_ai = sum(1 for kind in counted if kind)
        parts = list(aside)
        if counted:  # "3 moves made by the AI" (all of them), "3 moves made, 2 of them by the AI"
            parts.append(f"{plural(len(counted), 'move', joiner=NBSP)}{NBSP}made"
                         + (f" by {label}" if by_ai == len(counted) else ""))
        if not parts:
            return ""
        of_them = f", {by_ai}{NBSP}of{NBSP}them by {label}" if 0 < by_ai < len(counted) else ""
        return f" ({' and '.join(parts)}{of_them})"
