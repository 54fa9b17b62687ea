"""Zoom and pan input (ui), written once for every game's GridView camera.

:class:`CameraInput` turns pointer events into camera moves -- the wheel (or Ctrl+wheel,
what a touchpad pinch sends) zooms around the pointer, a middle-drag or a drag the game
starts on empty space pans -- and :class:`CameraScene` gives a scene the actions its
keymap rows name (``zoom``, ``zoom_fit``; see :mod:`arcade.core.camerakeys`). Each game
only says which view to drive and what counts as empty space.
"""

from __future__ import annotations

import pygame

from arcade.core.numbers import checked_float
from arcade.ui.gridview import GridView
from arcade.ui.input import MIDDLE, release_lost
from arcade.ui.pointer import MOVE


def ctrl_held() -> bool:
    """Whether Ctrl (or Cmd on a Mac) is down, so Ctrl+wheel zooms where the plain wheel scrolls;
    False before the display is initialised (the CLI, some tests), where there are no keys to ask.
    """
    return bool(pygame.key.get_mods() & (pygame.KMOD_CTRL | pygame.KMOD_META)) if pygame.display.get_init() else False


class CameraInput:
    """Pointer tracking, wheel zoom and drag-to-pan for one GridView.

    Positions come from events only (a MOUSEWHEEL has none: the last MOUSEMOTION's is the
    pointer), so posted test events drive it like a real mouse.
    """

    def __init__(self, view: GridView) -> None:
        self.view = view
        self.pointer: tuple[int, int] | None = None
        self._pan_from: tuple[int, int] | None = None
        self._pan_button = 0

    @property
    def panning(self) -> bool:
        return self._pan_from is not None

    def pointer_shape(self, pos: tuple[int, int]) -> str | None:
        """The grab while the board is being panned, wherever the pointer is."""
        return MOVE if self.panning else None

    def anchor(self) -> tuple[int, int]:
        """Where a zoom is centred: the pointer when it is over the board, else the viewport's centre."""
        if self.pointer is not None and self.view.viewport.collidepoint(self.pointer):
            return self.pointer
        return self.view.viewport.center

    def start_pan(self, pos: tuple[int, int], button: int = 1) -> None:
        self._pan_from = tuple(pos)  # type: ignore[assignment]
        self._pan_button = button

    def drag_to(self, pos: tuple[int, int]) -> bool:
        """Continue a pan: the board follows the pointer. False if no pan is going on."""
        if self._pan_from is None:
            return False
        dx, dy = pos[0] - self._pan_from[0], pos[1] - self._pan_from[1]
        self._pan_from = tuple(pos)  # type: ignore[assignment]
        self.view.pan_by(dx, dy)
        return True

    def stop_pan(self) -> None:
        self._pan_from = None

    def wheel(self, event: pygame.event.Event, *, plain_zooms: bool = True) -> bool:
        """Zoom for a MOUSEWHEEL (the plain wheel only if ``plain_zooms``; Ctrl+wheel always)."""
        if not (plain_zooms or ctrl_held()):
            return False
        steps = getattr(event, "precise_y", None) or event.y
        if not steps:
            return False
        self.view.zoom_by(max(-3.0, min(3.0, float(steps))), self.anchor())
        return True

    def handle(self, event: pygame.event.Event, *, plain_wheel_zooms: bool = True) -> bool:
        """Track the pointer; pan on a middle-drag or a pan the game started; zoom on the wheel.

        Returns True for the events it used (the game should not see them again).
        """
        if self._pan_from is not None and release_lost(event, self._pan_button):
            self.stop_pan()  # the release went elsewhere: the bare pointer must not pan
        if event.type == pygame.MOUSEMOTION:
            pos = tuple(event.pos)
            self.pointer = pos  # type: ignore[assignment]
            return self.drag_to(pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == MIDDLE and self.view.viewport.collidepoint(
                event.pos):
            self.start_pan(event.pos, MIDDLE)
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._pan_from is not None and event.button == self._pan_button:
            self.stop_pan()
            return True
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
            self.stop_pan()
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self.wheel(event, plain_zooms=plain_wheel_zooms)
        return False


def zoom_limit_words(step: int) -> str:
    """What a zoom key says when the camera cannot go further that way (every game's words)."""
    return "This is the closest zoom." if step > 0 else "This is the widest zoom."


def zoom_field(zoom: float, zoomed: bool) -> list[str]:
    """The header's field saying how far the board is zoomed ("Zoom 2.5×"), only while it is
    (every game's words: a GridView camera's and Runway's road say it alike)."""
    return [f"Zoom {zoom:.1f}×"] if zoomed else []


class CameraScene:
    """Mixin for a GameScene: the ``zoom`` and ``zoom_fit`` actions of :func:`camera_bindings`.

    The scene sets ``self.camera`` (a :class:`CameraInput`) and may override
    :meth:`camera_changed` (e.g. to drop caches that depend on the camera).
    """

    camera: CameraInput

    def leave(self) -> None:
        """Leaving the game frees the zoomed board's cached surfaces at once (not at the next GC)."""
        super().leave()  # type: ignore[misc]
        self.camera.view.release()

    def zoom(self, arg: str) -> None:
        """Ctrl++ / Ctrl+−: a step in or out, or a word at either end (Ctrl+− at the fit did nothing
        and said nothing, as if the key were dead)."""
        if self.camera.view.zoom_by(int(arg), self.camera.anchor()):
            self.camera_changed()
            self.drop_limit()  # type: ignore[attr-defined]
        else:
            self.say_limit(zoom_limit_words(int(arg)))  # type: ignore[attr-defined]

    def zoom_fit(self) -> None:
        self.camera.view.fit()
        self.camera_changed()
        self.drop_limit()  # type: ignore[attr-defined]

    def camera_changed(self) -> None:
        """The camera moved or zoomed (hook)."""

    def camera_state(self) -> object:
        view = self.camera.view
        return (round(view.cell, 3), view.zoomed, view.follow, tuple(round(v, 3) for v in view.to_grid(
            view.viewport.center)))

    def saved_camera(self) -> dict[str, object] | None:
        """The zoom over the fit, the grid point at the viewport's centre and whether the camera
        follows: enough to show the same part of the board in any window (None at the fit)."""
        view = self.camera.view
        if not view.zoomed:
            return None
        vp = view.viewport  # the exact middle, as look_at puts it back (Rect.center rounds down)
        row, col = view.to_grid((vp.x + vp.width / 2, vp.y + vp.height / 2))
        return {"zoom": view.zoom, "centre": [row, col], "follow": view.follow}

    def restore_camera(self, saved: dict[str, object]) -> None:
        """Zoom (clamped to what this window allows) and centre on the saved point (clamped to the board)."""
        view = self.camera.view
        zoom = checked_float(saved.get("zoom"), 0.0, 1e6, "the zoom")
        centre = saved.get("centre")
        if not (isinstance(centre, list) and len(centre) == 2):
            raise ValueError("the centre is not a [row, column] pair")
        row = min(max(checked_float(centre[0], -1e6, 1e6, "the centre's row"), 0.0), float(view.rows))
        col = min(max(checked_float(centre[1], -1e6, 1e6, "the centre's column"), 0.0), float(view.cols))
        follow = saved.get("follow", True)
        if not isinstance(follow, bool):
            raise ValueError("'follow' is not true or false")
        view.set_zoom(zoom)
        view.look_at((row, col))
        view.follow = follow
        view.invalidate(background=True)
        self.camera_changed()

    def zoom_fields(self) -> list[str]:
        """A header field saying how far the board is zoomed ("Zoom 2.5×"), only while it is."""
        view = self.camera.view
        return zoom_field(view.cell / max(1.0, view.fit_w), view.zoomed)
