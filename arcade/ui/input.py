"""Input normalisation (ui): mouse press -> drag -> release gestures and the standard key actions.

Like Tatham's midend, scenes never look at raw button state: a :class:`PointerTracker`
turns pygame events into :class:`Gesture` values using ``event.pos`` only -- never
``pygame.mouse.get_pos()``, which synthetic test events do not move.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Literal

import pygame

Point = tuple[int, int]
GestureKind = Literal["press", "drag", "release", "click", "cancel"]

LEFT, MIDDLE, RIGHT = 1, 2, 3


@dataclass(frozen=True)
class Gesture:
    """A normalised pointer action. ``moved`` turns true once the drag passed the threshold."""

    kind: GestureKind
    button: int
    start: Point
    pos: Point
    moved: bool
    shift: bool = False
    ctrl: bool = False

    @property
    def delta(self) -> Point:
        return (self.pos[0] - self.start[0], self.pos[1] - self.start[1])


def release_lost(event: pygame.event.Event, button: int) -> bool:
    """Whether ``event`` says a press of mouse ``button`` is over though its MOUSEBUTTONUP never came.

    The release can go to another program: one that took the pointer or the focus mid-drag (a
    screenshot tool's grab, a notification, Alt+Tab held with the button). Then the window lost the
    focus, or its next motion's ``buttons`` show the button up. A drag that waited for the release
    stayed held and the bare pointer went on dragging (a slider, the replay timeline, a board's
    gesture). A motion without ``buttons`` (a synthetic one) says nothing either way.
    """
    if event.type == pygame.WINDOWFOCUSLOST:
        return True
    if event.type != pygame.MOUSEMOTION:
        return False
    buttons = getattr(event, "buttons", None)
    return buttons is not None and 1 <= button <= len(buttons) and not buttons[button - 1]


class PointerTracker:
    """Turns MOUSEBUTTONDOWN/MOTION/UP into press, drag, click/release and cancel gestures."""

    def __init__(self, threshold: int = 6) -> None:
        self.threshold = threshold
        self.button: int | None = None
        self.start: Point = (0, 0)
        self.moved = False
        self._mods = 0

    @property
    def active(self) -> bool:
        return self.button is not None

    def _gesture(self, kind: GestureKind, pos: Point) -> Gesture:
        assert self.button is not None
        return Gesture(
            kind,
            self.button,
            self.start,
            pos,
            self.moved,
            shift=bool(self._mods & pygame.KMOD_SHIFT),
            ctrl=bool(self._mods & pygame.KMOD_CTRL),
        )

    def handle(self, event: pygame.event.Event) -> Gesture | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (LEFT, MIDDLE, RIGHT):
            if self.button is not None:  # a second button while dragging cancels the drag
                gesture = self._gesture("cancel", tuple(event.pos))
                self.button = None
                return gesture
            self.button = event.button
            self.start = tuple(event.pos)
            self.moved = False
            self._mods = pygame.key.get_mods() if pygame.display.get_init() else 0
            return self._gesture("press", self.start)
        if self.button is not None and release_lost(event, self.button):
            gesture = self._gesture("cancel", self.start)
            self.button = None
            return gesture
        if event.type == pygame.MOUSEMOTION and self.button is not None:
            pos = tuple(event.pos)
            if not self.moved and (
                abs(pos[0] - self.start[0]) >= self.threshold
                or abs(pos[1] - self.start[1]) >= self.threshold
            ):
                self.moved = True
            return self._gesture("drag", pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == self.button:
            gesture = self._gesture("release" if self.moved else "click", tuple(event.pos))
            self.button = None
            return gesture
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE) and self.button is not None:
            gesture = self._gesture("cancel", self.start)
            self.button = None
            return gesture
        return None

    def reset(self) -> None:
        self.button = None


def standard_action(event: pygame.event.Event) -> str | None:
    """Map a KEYDOWN to a standard action name, or None."""
    if event.type != pygame.KEYDOWN:
        return None
    key, mod = event.key, event.mod
    ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    shift = bool(mod & pygame.KMOD_SHIFT)
    if ctrl:
        if key == pygame.K_z:
            return "redo" if shift else "undo"
        if key == pygame.K_y:
            return "redo"
        if key == pygame.K_r:
            return "restart"
        return None
    if key == pygame.K_u:
        return "undo"
    if key == pygame.K_r:
        return "redo"
    if key == pygame.K_h:
        return "hint"
    if key == pygame.K_w:
        return "watch"
    if key in (pygame.K_ESCAPE, pygame.K_p):
        return "pause"
    if key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
        return "help"
    return None


#: Seconds within which a second press on the same spot is the second half of a double-click (the
#: usual desktop setting), and how far (pixels) the pointer may move between the two presses.
DOUBLE_CLICK_SECONDS = 0.5
DOUBLE_CLICK_SLOP = 6


class SceneClicks:
    """Drops the second half of a double-click whose first click changed the scene.

    A double-click, the habit of many players, opened a game from the menu and its second press
    then played on the board that had just opened there (it locked a Hashi island); the same with
    the pause screen's Resume, a picked level, How to play's Got it. The keys have
    :class:`HeldKeys` for this; a mouse has no held state to wait for, so the press that comes
    within :data:`DOUBLE_CLICK_SECONDS` on the same spot (and its release) is dropped. A third
    press, or one elsewhere, is a press again.
    """

    def __init__(self) -> None:
        #: Where and until when a left click changed the scene.
        self._changed: tuple[tuple[int, int], float] | None = None
        self._swallowing = False

    def swallows(self, event: pygame.event.Event) -> bool:
        """True for the second press of such a double-click, or its release."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == LEFT and self._swallowing:
            self._swallowing = False
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != LEFT or self._changed is None:
            return False
        (x, y), until = self._changed
        self._changed = None
        pos = event.pos
        if time.monotonic() <= until and max(abs(pos[0] - x), abs(pos[1] - y)) <= DOUBLE_CLICK_SLOP:
            self._swallowing = True
            return True
        return False

    def note(self, event: pygame.event.Event, scene_changed: bool) -> None:
        """After ``event`` was handled: remember a left press or release that changed the top scene.
        A key pressed in between ends the double-click: the next press is the player's own (Paste on
        the Game ID panel, I to open it again, Paste again -- the second Paste was dropped)."""
        if event.type == pygame.KEYDOWN:
            self._changed = None
        elif (scene_changed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                and event.button == LEFT):
            self._changed = ((int(event.pos[0]), int(event.pos[1])), time.monotonic() + DOUBLE_CLICK_SECONDS)


class HeldKeys:
    """Keeps a key that changed the scene from acting again in the scene it opened.

    pygame repeats a held key from a timer thread (``key.set_repeat``). When the press opens
    a scene that is slow to start (a big Tron map, a bot process), the timer fires before the
    release is read, and the new scene gets a KEYDOWN the player never meant for it: C for
    Continue toggled Tron's console, a held Esc popped the pause and then the game. A key
    whose press changed the top scene is therefore ignored until it is released (or the
    window loses focus, when the release may never come).

    A key that was down when the window was made anew (Alt+Enter; the Settings' Window size and
    Fullscreen rows, by Enter, Space, Z, F or an arrow) is *stale*. Its release can go to the old
    window, and pygame then repeats the press until a release comes; and on X11 the old window's
    end sends a release of its own, the new window's focus then a fresh press of every key still
    held -- which made the window anew again, for as long as the key was down: the window size
    cycled on its own, fullscreen toggled for ever. A stale key's presses are dropped until its
    release, and the press the new window's focus brings is taken for what it is: the same key,
    still held, so stale again. Only that press: one arriving right with the focus (within
    :data:`FOCUS_PRESS_SECONDS`), before the new window has seen the key released. A person who
    let go and pressed again within a second of the remake pressed later than that, or after a
    release the new window saw -- a real press, which used to be swallowed.
    """

    #: How long after the window was replaced the new window's focus may bring a press of a key
    #: held through it (SDL does so at once; a person's next press of it comes later).
    REFOCUS_SECONDS = 1.0
    #: How soon after the new window's focus its press of a held key comes: X11 sends it in the
    #: same batch of events; a person's release and new press take longer.
    FOCUS_PRESS_SECONDS = 0.05

    def __init__(self) -> None:
        self.held: set[int] = set()
        #: Keys pressed and not released yet: a KEYDOWN for one of them is the keyboard's repeat.
        self.down: set[int] = set()
        #: Keys down when the window was replaced (see :meth:`window_replaced`).
        self.stale: set[int] = set()
        #: The keys down at the last window change, whether its new window has had the focus since,
        #: and until when a press of one of them is the focus's, not the player's.
        self._replaced: set[int] = set()
        self._refocused = False
        self._replaced_until = 0.0
        self._focused_at = 0.0

    def swallows(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` is the held-over repeat of a key that changed the scene (drop it).

        Every KEYDOWN is also marked ``event.repeat`` (pygame does not say): whether its key was
        already down. A binding acts on repeats only if it says so (:attr:`Binding.repeat`).
        """
        if event.type == pygame.KEYDOWN:
            event.repeat = event.key in self.down
            self.down.add(event.key)
            if event.key in self._replaced and self._refocused:
                now = time.monotonic()
                if now < self._replaced_until and now < self._focused_at + self.FOCUS_PRESS_SECONDS:
                    self.stale.add(event.key)  # the new window's focus pressing a key still held
                self._replaced.discard(event.key)  # any later press is the player's
        elif event.type == pygame.KEYUP:
            self.held.discard(event.key)
            self.down.discard(event.key)
            self.stale.discard(event.key)
            if self._refocused:
                # The new window saw the key go up: its next press is a real one. (A release before
                # the focus may be the old window's end, X11's, with the key still held.)
                self._replaced.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.held.clear()
            self.down.clear()
        elif event.type == pygame.WINDOWFOCUSGAINED and self._replaced:
            self._refocused = True
            self._focused_at = time.monotonic()
        return event.type == pygame.KEYDOWN and (event.key in self.held or event.key in self.stale)

    def window_replaced(self) -> None:
        """The window was made anew: every key down now is stale until its own release comes."""
        self.stale |= self.down
        self._replaced = set(self.down)
        self._refocused = False
        self._replaced_until = time.monotonic() + self.REFOCUS_SECONDS

    def hold_down(self) -> None:
        """Hold every key that is down now: a scene opened by something else than a key (a round
        that ended on a timer, the AI's last step) must not take the repeat of a key pressed before."""
        self.held |= self.down

    def note(self, event: pygame.event.Event, scene_changed: bool) -> None:
        """After ``event`` was handled: hold its key if it pushed, popped or replaced the top scene."""
        if event.type == pygame.KEYDOWN and scene_changed:
            self.held.add(event.key)
