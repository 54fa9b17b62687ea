"""Tron's board on screen (ui): where it is laid out, what the mouse does on it, what the camera shows.

The board shares its area with the console and, in a replay, the replay bar; on a map too big to
read at the fit the camera zooms in once a round and follows the player's cycle. A mixin of
:class:`~arcade.games.tron.view.scene.TronScene`, apart from the rounds, because layout and camera
change with the window and the player's zoom, not with the match.

It reads the scene's ``phase``, ``session``, ``match``, ``app``, ``view``, ``camera``, ``console``,
``replay_bar`` and ``round_key``; it keeps ``_bar_laid_out``, ``_camera_round`` and ``_auto_zoom``
(made in the scene's ``__init__``) and steers through :meth:`click_steer` (see :mod:`.steering`).
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from arcade.ui.pointer import HAND
from arcade.ui.transport import ReplayBar
from arcade.ui.widgets import Button

#: Below this cell size a cycle is hard to follow (a 200x200 file fits a window in 3-pixel
#: cells; the bundled 50x50 map gets 9 at 1024x640 and stays whole): such a map starts each
#: round zoomed to :data:`READABLE_CELL` around the player's cycle.
SMALLEST_CELL = 8
READABLE_CELL = 12


class BoardCameraMixin:
    """The board's layout, the mouse on it and the camera (see the module's docstring)."""

    # Provided by the scene this is mixed into (TronScene, made in its __init__).
    phase: str
    session: Any
    match: Any
    app: Any
    view: Any
    camera: Any
    console: Any
    replay_bar: Any
    round_key: int
    _bar_laid_out: bool
    _camera_round: int
    _auto_zoom: float

    def layout_board(self, area: pygame.Rect) -> None:
        self._bar_laid_out = self.phase == "replay"
        if self._bar_laid_out:  # the replay's controls take a row under the board
            # As tall as the window's text makes it: 36 pixels at Text size 150 % left the Ticks bar
            # no room for its numbers and its buttons small beside the status line.
            bar_h = self.app.theme.px(ReplayBar.HEIGHT) if self.app is not None else ReplayBar.HEIGHT
            self.replay_bar.layout(pygame.Rect(area.x, area.bottom - bar_h, area.width, bar_h))
            area = pygame.Rect(area.x, area.y, area.width, area.height - bar_h - 8)
        self.view.layout(self.console.split(area), scale=self.app.theme.scale if self.app is not None else None)
        if self.app is not None and self.console.shown:
            rect = self.console.rect
            self.app.trace(f"tron-console {rect.x} {rect.y} {rect.width} {rect.height}")  # end-to-end tests
        self.readable_camera()
        if self.app is not None:  # where the board is, for end-to-end tests (no-op without a trace file)
            self.app.trace(f"tron-layout {self.session.level_id} {self.view.cols} {self.view.rows} "
                           f"{self.view.cell} {self.view.origin[0]} {self.view.origin[1]}")

    button_rows_name = "replay bar"

    def button_rows(self) -> list[list[Button]]:
        """The replay bar's player buttons, while a replay shows them: Tab reached the toolbar only,
        so a keyboard user could not press ⏮ ◀ ▶ ▶ ⏭ as a mouse does (their keys aside)."""
        return [self.replay_bar.player.values()] if self.phase == "replay" and self._bar_laid_out else []

    def board_tooltip(self, pos: tuple[int, int]) -> str:
        return self.replay_bar.tooltip(pos) if self.phase == "replay" and self._bar_laid_out else ""

    def pointer_widgets(self) -> list[object]:
        """The scene's widgets, the replay bar only while a replay shows it (its last places stay)."""
        shown = self.phase == "replay" and self._bar_laid_out
        return [w for w in super().pointer_widgets() if shown or w is not self.replay_bar]  # type: ignore[misc]

    def board_pointer(self, pos: tuple[int, int]) -> str | None:
        """A hand over the board while a click there steers (see :meth:`click_steer`)."""
        if (self.phase in ("ready", "countdown", "running") and self.view.viewport.collidepoint(pos)
                and len(self.human_seats()) == 1):
            return HAND
        return None

    def handle_board(self, event: pygame.event.Event) -> bool:
        """Against a bot a click steers (see :meth:`click_steer`); otherwise the mouse moves the
        camera: wheel zooms, a drag pans (over the console, the wheel scrolls its lines). In a
        replay, its bar's buttons and timeline come first."""
        if self.phase == "replay" and self._bar_laid_out and self.replay_bar.handle(event):
            return True
        if self.console.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.view.viewport.collidepoint(event.pos):
            if self.click_steer(event.pos):
                return True
            self.camera.start_pan(event.pos)
            return True
        return self.camera.handle(event)

    def readable_camera(self) -> None:
        """Once a round, on a map too big to read at the fit (cells under :data:`SMALLEST_CELL`): zoom
        in towards :data:`READABLE_CELL` -- but never so far that a cycle starts off screen: at 800x500
        with a program's console, Huge room opened at 1.7x on cycle 1 and cycle 2 was not in view
        until Ctrl+0. The camera then follows the player's cycle; Fit or Ctrl+0 shows the whole map.
        Bots alone: the whole map, as a spectator wants it."""
        view = self.view
        if self._camera_round == self.round_key or view.viewport.width <= 1:
            return  # done for this round, or not laid out yet (layout_board calls again)
        self._camera_round = self.round_key
        if view.zoomed and view.zoom != self._auto_zoom:
            return  # the player's own zoom stays
        if view.zoomed:
            view.fit()  # the last round's start: this round's heads may be elsewhere
        self._auto_zoom = 0.0
        if not self.human_seats() or view.cell >= SMALLEST_CELL:
            return
        state = self.session.state
        rows = [state.heads[seat][1] for seat in (0, 1)]
        cols = [state.heads[seat][0] for seat in (0, 1)]
        margin = 4  # cells around the heads, as the following camera keeps (see follow_cycles)
        both = min(view.viewport.width / (max(cols) - min(cols) + 1 + 2 * margin),
                   view.viewport.height / (max(rows) - min(rows) + 1 + 2 * margin))
        cell = math.floor(min(float(READABLE_CELL), both))
        if cell <= view.cell:
            return  # the heads are as far apart as the map is wide: the fit is what shows both
        view.set_zoom(cell / max(1.0, view.fit_w))
        self._auto_zoom = view.zoom
        view.follow = True
        view.look_at(((min(rows) + max(rows) + 1) / 2, (min(cols) + max(cols) + 1) / 2))
        self.camera_changed()

    def followed_heads(self) -> list[tuple[int, int]]:
        """The heads the camera keeps on screen, as (row, col): the humans', or both when bots play."""
        state = self.session.state
        return [(state.heads[seat][1], state.heads[seat][0]) for seat in self.human_seats() or [0, 1]]

    def follow_cycles(self) -> None:
        """Keep the followed cycles' heads on screen (a few cells ahead of the edge) while zoomed."""
        if not self.view.zoomed or not self.view.follow:
            return
        self.view.scroll_into_view(self.followed_heads(), margin=4)
