"""A game scene's autosave (ui): when the game in progress is saved, cleared or left alone.

:class:`AutosaveMixin` is part of :class:`~arcade.ui.game_scene.GameScene`: the scene's
``autosave_when`` says when (after every move, on leaving, never); only the player's own game
with progress is saved (:meth:`owns_save`, :meth:`has_progress`), a finished or abandoned one's
save goes, and while the AI is watched a save is written at most every
:data:`WATCH_SAVE_SECONDS`. The play time, the camera (zoom and pan, put back once at the first
layout) and the game's own ``save_extra`` go with it; a change of those alone (a zoom, a pan, a
wrapped board turned) is saved within :data:`VIEW_SAVE_SECONDS`, since a window destroyed from
outside ends the process with no way out through Python (see :meth:`AutosaveMixin.save_view_changes`);
for the same reason the play time since the last save is written every :data:`CLOCK_SAVE_SECONDS`
while the clock runs, and once when it stops (see :meth:`AutosaveMixin.save_clock_changes`). Writes go to a
:class:`~arcade.services.autosave.BackgroundSaver` so an fsync never holds up a frame. It is
separate because it is the whole policy of what survives a quit; it reads the scene's ``app``,
``info``, ``session``, ``watch``, ``elapsed``, ``toast`` and ``previewing``.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from arcade.core.registry import GameInfo
from arcade.services import saves
from arcade.services.autosave import BackgroundSaver
from arcade.services.files import write_failure

LOG = logging.getLogger("arcade")


#: While the AI is watched, the game is saved at most this often (seconds of watching).
WATCH_SAVE_SECONDS = 5.0
#: A change of the view alone (zoom, pan, a wrapped board's turn) is saved at most this often.
VIEW_SAVE_SECONDS = 1.0
#: While the play clock runs with no move, its time is saved at most this often (seconds of play):
#: a run ended by ``kill -9`` or a destroyed window loses at most this much of the player's time.
CLOCK_SAVE_SECONDS = 5.0
#: Play time not worth a write of its own when the clock stops (a save holds tenths of a second).
CLOCK_SAVE_MIN = 1.0


class AutosaveMixin:
    """The autosave of :class:`~arcade.ui.game_scene.GameScene`."""

    def _init_autosave(self, info: GameInfo) -> None:
        """The background writer of the autosaves, what a watch has left unsaved, and whether the
        save's camera was put back yet."""
        #: Autosaves are written by a background thread: an fsync can take longer than a frame.
        self.saver = BackgroundSaver(info.name, title=info.title)
        self._save_due = False
        #: Seconds watched since the last save (see :meth:`save_progress`).
        self._watched_unsaved = 0.0
        #: Whether the saved camera (zoom, pan) was put back: once, at the first layout, when the
        #: board knows the window it is shown in (see :meth:`restore_camera`).
        self._camera_restored = False
        #: The view as the last save holds it (see :meth:`save_view_changes`), and the seconds since it was looked at.
        self._saved_view = ""
        self._view_unchecked = 0.0
        #: The play time the last save holds (None: the one the scene opened with, see :meth:`save_clock_changes`).
        self._saved_elapsed: float | None = None

    def saved_camera(self) -> dict[str, Any] | None:
        """The player's zoom and pan, to go with the autosave (None: the view is at its own camera).

        Continue restored a Hashi board's turn but opened it at the fit: zoomed in on a 40x40
        board, the player had to find their corner again. Every view that zooms says here what to
        keep and gets it back through :meth:`restore_camera`."""
        return None

    def restore_camera(self, saved: dict[str, Any]) -> None:
        """Put back what :meth:`saved_camera` gave, clamped to the window the board has now (a
        smaller window, a board grown since). Raise ``ValueError`` for a value that is not one: a
        damaged camera opens the game at its own camera, it never costs the game."""

    def _restore_saved_camera(self) -> None:
        """Once, after the first layout: the save's camera, validated (see :meth:`restore_camera`)."""
        if self._camera_restored:
            return
        self._camera_restored = True
        saved = self.session.extra.get("camera")
        if saved is None:
            return
        try:
            if not isinstance(saved, dict):
                raise ValueError("'camera' is not an object")
            self.restore_camera(saved)
        except ValueError as exc:
            LOG.warning("the saved camera was ignored: %s", exc)
            self.session.extra.pop("camera", None)
        if self.autosave_when == "move":
            self._saved_view = self._view_now()  # what the save holds: Continue writes nothing by itself

    def _view_now(self) -> str:
        """The camera and the game's ``save_extra`` (not the play time), as text to compare."""
        self.save_extra()
        extra = {k: v for k, v in self.session.extra.items() if k not in ("elapsed", "camera")}
        return json.dumps([self.saved_camera(), extra], sort_keys=True, default=str)

    def save_view_changes(self, dt: float) -> None:
        """Save a change of the view made with no move after it, once it is :data:`VIEW_SAVE_SECONDS`
        old. It was saved with the next move or on leaving only, and a window destroyed from outside
        (a window manager that crashed, an X session killed) ends the process in Xlib's error
        handler: no Python code runs, and the zoom and pan were lost. (Moves are saved as they are
        made; a Tron match is saved at each round's end, not tick by tick.)"""
        self._view_unchecked += dt
        if self._view_unchecked < VIEW_SAVE_SECONDS:
            return
        self._view_unchecked = 0.0
        if (self.autosave_when != "move" or self.app is None or not self._camera_restored or not self.owns_save()
                or (self.watch is not None and not self.watch.paused) or self.game_over()
                or not self.has_progress()):
            return
        if self._view_now() != self._saved_view:
            self.save_progress()

    def save_clock_changes(self, running: bool) -> None:
        """Save the play time gained since the last save: every :data:`CLOCK_SAVE_SECONDS` while the
        clock runs (``running``), and once when it stops with :data:`CLOCK_SAVE_MIN` or more unsaved
        (a pause, a picker or any overlay over the game, the window away).

        The time went into the save only with a move or on leaving; a run that ended with no way
        out through Python (``kill -9``, a window destroyed from outside, a crash of Python) lost
        every second since the last move -- for a player thinking over a timed puzzle, all of it.
        A game at rest (its clock stopped, the time saved) writes nothing."""
        if self._saved_elapsed is None:
            self._saved_elapsed = self.elapsed  # what the save it was opened from holds
        unsaved = abs(self.elapsed - self._saved_elapsed)
        if unsaved < CLOCK_SAVE_MIN or (running and unsaved < CLOCK_SAVE_SECONDS):
            return
        if (self.autosave_when != "move" or self.app is None or not self.owns_save()
                or (self.watch is not None and not self.watch.paused) or self.game_over()
                or not self.has_progress()):
            self._saved_elapsed = self.elapsed  # nothing to save: not asked again every frame
            return
        self.save_progress()

    def autosave_label(self) -> str:
        return self.level_title

    def game_over(self) -> bool:
        """Whether the game is over, so its autosave goes (Tron: the match, not the round)."""
        return self.session.outcome is not None

    def has_progress(self) -> bool:
        """Whether there is anything worth saving (an untouched game never replaces an older save).
        Moves undone back to the start count: the save must hold the undo (Continue brought the
        undone move back), and Redo still has them."""
        return self.session.length > 0

    def owns_save(self) -> bool:
        """Whether the game on screen is the player's own, whose autosave this scene writes and clears.

        An outside program's run or a replay put on the timeline is not: watching Runway's test
        panel play a program's run to its end cleared the player's saved game (a finished game's
        save goes), and its turns would have replaced it. Nor is a scene that never autosaves (the
        editor, a test-play, the How-to-play example): its header must not say "Not saved".
        """
        return self.autosave_when is not None and not self.previewing

    def save_extra(self) -> None:
        """Put the scene's own state (a match score, a setup) into ``session.extra`` before a save."""

    def save_progress(self, *, leaving: bool = False) -> None:
        """Write the autosave, or clear it once the game is over; never blocks a frame.

        Saves go to a background writer (an fsync can take longer than a frame). While the
        AI is being watched a step is not worth a file write: one save every
        :data:`WATCH_SAVE_SECONDS` of watching, and one at the end or a pause (a kill -9 while
        watching lost every step the AI had played).
        """
        if self.autosave_when is None or self.app is None or not self.owns_save():
            return
        if self.game_over():
            self.saver.flush()
            try:
                self.saver.clear()
            except OSError as exc:
                self.toast.show(f"Autosave failed: {write_failure(exc, saves.autosave_path(self.info.name))}", "error")
            return
        if (not self.has_progress() or (self.autosave_when == "leave" and not leaving)
                or self.session.looking_back):
            # Looking back through a finished game is not playing it: its save went when it ended,
            # and writing one back made the menu offer to Continue a race already won (a move from
            # there plays on, and saves again).
            return
        playing = self.watch is not None and not self.watch.paused
        if playing and not leaving and self._watched_unsaved < WATCH_SAVE_SECONDS:
            self._save_due = True
            return
        self._save_due = False
        self._watched_unsaved = 0.0
        self.session.extra["elapsed"] = round(self.elapsed, 1)
        self._saved_elapsed = self.elapsed
        camera = self.saved_camera()
        if camera:
            self.session.extra["camera"] = camera
        else:
            self.session.extra.pop("camera", None)
        self.save_extra()
        if self.autosave_when == "move":
            self._saved_view = self._view_now()
        self.saver.submit(self.session.to_dict(), self.autosave_label())

    def abandon_save(self) -> None:
        """The player gave this game up for a new one from inside the scene (Tron's rematch, a new
        match from its setup): its autosave goes now, and the untouched new game saves nothing until
        it has progress, as ever.

        A new game from the menu keeps the old save until its first move (opened by mistake, it must
        not cost a game); a choice made in the game, looking at it, is the player's word that it is
        over -- Tron's old match came back from Continue after a rematch left at 0 : 0. Only this
        game's own save is touched, and never by a scene that does not autosave (a test-play).
        """
        if not self.owns_save() or self.app is None:
            return
        self._save_due = False
        self.saver.flush()  # a write of the old game still under way would bring it back
        try:
            self.saver.clear()
        except OSError as exc:
            self.toast.show(f"Autosave failed: {write_failure(exc, saves.autosave_path(self.info.name))}", "error")
