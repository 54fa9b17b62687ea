"""What a change of the Battle Royale position sets going on screen (ui): the step, the storm, loot, a death.

Every change of the session's state comes through ``on_changed``: the cell colours are recomputed
there (not every frame), and a step animates -- the player glides to its new cell, the ring the
storm just ate fades out while the new edge flashes, a pickup floats "+1", a death flashes -- each
a tween the framework advances in ``update``, with its sound. A drop pops; undo, redo, restart and
a load jump without animation. A mixin of :class:`~arcade.games.royale.view.scene.RoyaleScene`
because it holds what changes between frames, and :mod:`.drawing` only reads it.

It reads the scene's ``session``, ``app`` and ``tweens``, and sets ``_shown``, ``keys``,
``_keys_version``, ``ring``, ``step_from``, ``pickups``, ``flash``, ``show_optimal`` and
``_side_cache`` (made in ``level_changed``).
"""

from __future__ import annotations

from typing import Any

import pygame

from arcade.games.royale.logic import Cell, State
from arcade.ui.tween import ease_in_out, ease_out_back, ease_out_cubic, linear

from .paint import cell_keys

RING_SECONDS = 0.55
STEP_SECONDS = 0.14
PICKUP_SECONDS = 0.7
FLASH_SECONDS = 0.8


class AnimationMixin:
    """A changed position's animations and sounds (see the module's docstring)."""

    # Provided by the scene this is mixed into (RoyaleScene, made in level_changed).
    session: Any
    app: Any
    tweens: Any
    _shown: State
    keys: list[list[tuple]]
    _keys_version: int
    ring: tuple[int, pygame.Surface | None, list[list[tuple]]] | None
    step_from: Cell | None
    pickups: list[Cell]
    flash: Cell | None
    show_optimal: bool
    _side_cache: Any

    def on_changed(self) -> None:
        old, new = self._shown, self.session.state
        self._shown = new
        assert self.app is not None
        moves = self.session.moves
        self.app.trace(f"royale-move {len(moves)} {moves[-1] if moves else '-'}")
        self.keys = cell_keys(new)
        self._keys_version += 1
        self._follow_player()
        self._side_cache = None
        audio = self.app.audio
        if new.placed and old.placed and new.path[:-1] == old.path and len(new.path) == len(old.path) + 1:
            self.step_from = old.path[-1]
            self.tweens.start("step", 0.0, 1.0, STEP_SECONDS, easing=ease_out_cubic)
            self._start_ring(old, new)
            if new.loot > old.loot:
                self.pickups = [new.path[-1]]
                self.tweens.start("pickup", 0.0, 1.0, PICKUP_SECONDS, easing=linear)
                audio.play("pickup")
            else:
                audio.play("tick")
            if new.dead:
                self.flash = new.path[-1]
                self.tweens.start("flash", 0.0, 1.0, FLASH_SECONDS, easing=linear)
                audio.play("crash")
            self._describe_position()
        elif new.placed and not old.placed:
            self.step_from = None
            self.tweens.start("drop", 0.0, 1.0, 0.35, easing=ease_out_back)
            audio.play("pop")
            self._describe_position()
        elif new.finished and not old.finished:
            pass
        else:  # undo, redo, restart, load: no animation
            self.tweens.clear()
            self.ring = None
            self.step_from = None
            self.pickups = []
            self.flash = None
            if new.placed:
                self._describe_position()
        if self.session.outcome is None:
            self.show_optimal = False

    def _start_ring(self, old: State, new: State) -> None:
        """Capture the ring the storm just ate, drawn as it looked, to fade it out."""
        k = new.moves
        self.ring = (k, None, cell_keys(old, k - 1))
        self.tweens.start("ring", 0.0, 1.0, RING_SECONDS, easing=ease_in_out, on_done=self._ring_done)

    def _ring_done(self) -> None:
        self.ring = None
