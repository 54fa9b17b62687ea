"""The mouse and the camera on the Runway viewer (ui): dragging the road and minimap, the wheel, zoom, tooltips.

A left-drag on the road or the minimap looks along the runway (the camera stops following the
bikes until F), the wheel pans and Ctrl+wheel zooms; clicks and drags on the timeline go to a turn
(the framework's :class:`~arcade.ui.transport.Scrub`) and the control pad takes its own. The camera
follows the leading live bike as drawn now, and the player's zoom is saved with the game. The
tooltips name a timeline turn's command and what the minimap does. A mixin of
:class:`~arcade.games.runway.view.scene.RunwayScene` because it is the input half of the board,
apart from what is drawn.

It reads the scene's ``session``, ``road``, ``minimap``, ``timeline``, ``pad``, ``scrub`` and
``console``, and sets ``drag`` and ``drag_origin`` (made in the scene's ``__init__``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from arcade.core.numbers import checked_float
from arcade.games.runway.view.roadview import USER_ZOOM
from arcade.ui.camera import ctrl_held, zoom_limit_words
from arcade.ui.input import release_lost
from arcade.ui.pointer import HAND, MOVE

if TYPE_CHECKING:
    from arcade.ui.widgets import Button


class RoadInputMixin:
    """The mouse on the road, minimap, timeline and pad, and the camera (see the module's docstring)."""

    # Provided by the scene this is mixed into (RunwayScene, made in its __init__).
    session: Any
    road: Any
    minimap: Any
    timeline: Any
    pad: Any
    scrub: Any
    console: Any
    drag: str | None
    drag_origin: tuple[int, float]

    def camera_state(self) -> object:
        return (self.road.user_zoom, self.road.follow, round(self.road.cam, 3))

    def saved_camera(self) -> dict[str, object] | None:
        """The player's zoom over the speed's own (the camera follows the bikes at every layout)."""
        return {"zoom": self.road.user_zoom} if self.road.zoomed else None

    def restore_camera(self, saved: dict[str, object]) -> None:
        low, high = USER_ZOOM
        zoom = checked_float(saved.get("zoom"), 0.0, 1e6, "the zoom")
        self.road.user_zoom = min(high, max(low, zoom))
        self.road.snap_to(self.camera_target, self.session.state.speed)

    def follow(self) -> None:
        self.road.follow = True
        self.say("The camera follows the bikes.")

    def zoom(self, arg: str) -> None:
        """Ctrl++ / Ctrl+− (and Ctrl+wheel): the player's zoom over the speed's own."""
        if self.road.zoom_by(int(arg)):
            self.drop_limit()
        else:
            self.say_limit(zoom_limit_words(int(arg)))

    def zoom_fit(self) -> None:
        self.road.fit()
        self.say("The camera follows the bikes at the speed's own zoom.")

    def lead_x(self) -> float:
        """Column of the leading live bike as drawn now (the camera follows it)."""
        motions, t = self.motions()
        xs = [m.at(t).x for m in motions if not m.wreck and (m.impact is None or t < m.impact)]
        return max(xs or [m.at(t).x for m in motions] or [0.0])

    def camera_target(self) -> float:
        return self.road.target(self.session.level.length, self.lead_x())

    def board_pointer(self, pos: tuple[int, int]) -> str | None:
        """The grab while the road or the minimap is dragged, a hand over them (a click or a drag
        looks there); the pad's buttons and the timeline are the framework's widgets."""
        if self.drag is not None:
            return MOVE
        if self.minimap.rect.collidepoint(pos) or self.road.road.union(self.road.sky).collidepoint(pos):
            return HAND
        return None

    def handle_board(self, event: pygame.event.Event) -> bool:
        if self.console.handle(event) or self.pad.handle(event):  # the wheel over the console scrolls it
            return True
        if self.drag is None and self.scrub.handle(event, self.session.length):
            return True
        if self.drag is not None and release_lost(event, 1):
            self.drag = None  # the release went elsewhere: the bare pointer must not drag the road
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            areas = {"minimap": self.minimap.rect,
                     "road": self.road.road.union(self.road.sky)}
            for name, rect in areas.items():
                if rect.collidepoint(event.pos):
                    self.drag = name
                    self.drag_origin = (event.pos[0], self.road.cam)
                    self._drag_to(event.pos)
                    return True
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self._drag_to(event.pos)
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self.drag = None
            return True
        elif event.type == pygame.MOUSEWHEEL and ctrl_held():
            return self.road.zoom_by(event.y) or True
        elif event.type == pygame.MOUSEWHEEL and (self.road.scrolls or self.road.grid.zoomed):
            self.road.pan(-(event.y - event.x) * 3)
            return True
        return False

    button_rows_name = "command, player and speed"

    def button_rows(self) -> list[list[Button]]:
        """The control pad's row (commands, player buttons, − and +): each has a key, but Tab went
        round the toolbar only and a keyboard user could not reach them as a mouse does."""
        return [self.pad.buttons]

    def control_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The toolbar's buttons and the control pad's (the button rows), and the speed's label."""
        speed = self.pad.speed_rect
        return [*super().control_rects(), *([("speed", speed)] if speed.width else [])]

    def board_tooltip(self, pos: tuple[int, int]) -> str:
        tip = self.pad.tooltip(pos)
        if tip:
            return tip
        if self.timeline.rect.collidepoint(pos):
            # The command from the whole history, redo tail included: a drag rightwards is a turn
            # ahead of the one on screen when this is said, and read only "Turn 6" where the
            # hover read "Turn 2: JUMP".
            turn = self.scrub.turn_at(pos[0], self.session.length)
            played = f": {self.session.move_at(turn - 1)}" if turn else ""
            return f"Turn {turn}{played} — click or drag to go there"
        if self.minimap.rect.collidepoint(pos):
            return "The whole runway — click or drag to look there (F follows the bikes again)"
        return ""

    def _drag_to(self, pos: tuple[int, int]) -> None:
        if self.drag == "minimap":
            column = self.minimap.column_at(self.session.level, pos[0]) - self.road.visible_columns / 2
            self.road.pan(column - self.road.cam)
        elif self.drag == "road":
            self.road.pan(self.drag_origin[1] - (pos[0] - self.drag_origin[0]) / self.road.cell_w - self.road.cam)
