"""A game scene's background work (ui): its worker threads, polled on the main thread.

:class:`WorkerPollingMixin` is part of :class:`~arcade.ui.game_scene.GameScene`: hints, plans,
pars and bot moves run in :class:`~arcade.ui.worker.Worker` threads the scene owns; every frame
(and under an overlay, so a par arrives behind the result) their answers are delivered here, with
the autosave writer's failures and damaged records met elsewhere, and any answer marks the scene
for drawing. It is separate because no game polls a worker itself: this is the one place work
done off the main thread comes back. It reads the scene's ``workers``, ``saver``, ``toast``,
``app`` and ``_dirty``; the scene closes the workers when it is left.
"""

from __future__ import annotations

from arcade.services import saves
from arcade.ui.worker import Worker


class WorkerPollingMixin:
    """The worker threads of :class:`~arcade.ui.game_scene.GameScene`."""

    def new_worker(self) -> Worker:
        """A worker thread for this scene; the base scene polls it every frame and closes it on leave."""
        worker = Worker()
        self.workers.append(worker)
        return worker

    @property
    def busy(self) -> bool:
        return any(w.busy for w in self.workers)

    def poll_workers(self) -> None:
        """Deliver finished background work (par, hints, plans, bot moves) on the main thread.

        An answer always marks the scene for drawing: the callbacks only store what came (the
        editor's verdict, a par), and an idle screen is not drawn again until something says so."""
        for worker in self.workers:
            if worker.poll():
                self._dirty = True
        if self.saver.error:
            self.toast.show(self.saver.error, "error")
            self.saver.error = ""
            self._dirty = True
        notice = self.saver.take_notice()  # this game kept beside another window's: said once
        if notice and self.app is not None:
            self.app.warn(notice, self.toast)
            self._dirty = True
        for problem in saves.take_problems():  # a damaged records file met by a picker or a win
            if self.app is not None:
                self.app.warn(problem, self.toast)
            self._dirty = True

    def background_update(self, dt: float) -> None:
        """Under an overlay (pause, result, picker) the workers still deliver: a par arrives behind the result."""
        self.poll_workers()
