"""Scenes and the scene stack (ui): menu, game, pause, settings and result screens.

Like pyspacewar's UI modes, a scene has ``enter``/``leave`` and receives events, time and
a surface to draw on. The :class:`SceneStack` pushes, pops and replaces scenes; overlay
scenes (pause, result, settings opened over a game) are drawn on top of the scenes below
them, and only the top scene receives input and time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from arcade.ui.pointer import ARROW, first_shape

if TYPE_CHECKING:
    from arcade.ui.app import App


class Scene:
    """Base class; override what you need. ``app`` is set by ``enter``."""

    #: Overlays are drawn over the scene below (which keeps its last picture).
    overlay: bool = False
    #: Shown in the window title and the pause overlay.
    title: str = ""

    def __init__(self) -> None:
        self.app: App | None = None
        self.size: tuple[int, int] = (0, 0)

    def enter(self, app: App) -> None:
        """Called when the scene is pushed; ``resize`` follows immediately."""
        self.app = app

    def leave(self) -> None:
        """Called when the scene is popped or replaced: stop timers, save, release workers."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above this one was popped."""

    def resize(self, size: tuple[int, int]) -> None:
        """Lay everything out again for a window of ``size`` pixels."""
        self.size = size

    def handle(self, event: pygame.event.Event) -> bool:
        """React to one event; True if consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds (already scaled by nothing)."""

    def is_idle(self) -> bool:
        """True when nothing on screen would change if the scene were drawn again now.

        The frame loop skips drawing while every visible scene is idle and no input came:
        an idle menu costs next to nothing. The default is the safe answer: always draw.
        """
        return False

    def is_idle_covered(self) -> bool:
        """:meth:`is_idle` while an overlay is on top. Only :meth:`background_update` runs then, so
        an animation under the overlay cannot move on; a scene whose picture depends on nothing
        else may say so here (a game under its result panel must not be redrawn every frame)."""
        return self.is_idle()

    def background_update(self, dt: float) -> None:
        """Called instead of ``update`` while another scene is on top: finish background work, no animation."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (overlays draw only themselves)."""

    def pointer_shape(self, pos: tuple[int, int]) -> str:
        """What the mouse pointer looks like at ``pos`` (a name from :mod:`arcade.ui.pointer`): a hand
        over what a click acts on, an I-beam over a text field, a grab while dragging, else the arrow.

        The default asks the scene's widgets (:meth:`pointer_widgets`), so every screen made of
        buttons, toolbars, sliders and text fields gets it for free; a scene that draws its own
        clickable places (cards, rows, a board) extends it. Called on mouse events only.
        """
        return first_shape(self.pointer_widgets(), pos) or ARROW

    def pointer_widgets(self) -> list[object]:
        """The scene's widgets that answer ``pointer_shape(pos)``: by default those it holds as
        attributes, or in a short list, tuple or dict of them (other scenes it holds are not asked:
        only the top scene says what is under the pointer)."""
        found: list[object] = []
        for value in vars(self).values():
            if isinstance(value, (list, tuple, dict)):
                items = value.values() if isinstance(value, dict) else value
                if len(items) <= 64:
                    found += [item for item in items if _answers(item)]
            elif _answers(value):
                found.append(value)
        return found

    def help_lines(self) -> list[tuple[str, str]]:
        """(keys, what they do) pairs for the pause/help overlay."""
        return []

    def close(self) -> None:
        """Pop this scene if it is the one on top (closing twice, or from below, does nothing)."""
        if self.app is not None and self.app.stack.top is self:
            self.app.pop()


def _answers(value: object) -> bool:
    """Whether ``value`` is a widget that says the pointer's shape (a scene is not one)."""
    return not isinstance(value, (Scene, type)) and callable(getattr(value, "pointer_shape", None))


class SceneStack:
    """The open scenes, bottom to top: only the top one gets events and updates (the ones below only
    ``background_update``), and pushing or popping calls pause/resume so a scene knows when it is covered.
    """
    def __init__(self, app: App) -> None:
        self.app = app
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].pause()
        return self._enter(scene)

    def _enter(self, scene: Scene) -> Scene:
        self.app.redraw = True
        self.scenes.append(scene)
        scene.enter(self.app)
        scene.resize(self.app.size)
        self.app.trace(f"push {type(scene).__name__}")
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self.app.redraw = True
        scene.leave()
        self.app.trace(f"pop {type(scene).__name__}")
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene; the scene below stays paused (it is neither resumed nor paused again)."""
        if not self.scenes:
            return self.push(scene)
        old = self.scenes.pop()
        old.leave()
        self.app.trace(f"pop {type(old).__name__}")
        return self._enter(scene)

    def pop_to(self, scene_type: type[Scene]) -> None:
        """Pop until a scene of ``scene_type`` is on top (or the stack is empty)."""
        while self.scenes and not isinstance(self.scenes[-1], scene_type):
            self.pop()

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)

    def visible(self) -> list[Scene]:
        """The scenes drawn this frame: the top one and the ones it overlays, down to the first opaque one."""
        if not self.scenes:
            return []
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        return self.scenes[first:]

    def idle(self) -> bool:
        top = self.top
        return all(scene.is_idle() if scene is top else scene.is_idle_covered() for scene in self.visible())

    def handle(self, event: pygame.event.Event) -> bool:
        return self.top.handle(event) if self.top else False

    def update(self, dt: float) -> None:
        for scene in self.scenes[:-1]:
            scene.background_update(dt)
        if self.top:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
