"""The application (ui): the window, the frame loop, settings, audio and the scene stack.

One :class:`App` owns the pygame window. ``run`` is the only event loop in the program:
scenes never loop on their own. For tests and ``--screenshot``, ``frame`` advances exactly
one frame with a given time step, so behaviour does not depend on the machine's speed.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import sys
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import pygame

from arcade.core.errors import ArcadeError
from arcade.core.registry import GameInfo, Launch, Registry
from arcade.services import files, saves
from arcade.services.files import atomic_write_bytes, write_failure
from arcade.services.settings import MIN_WINDOW, Settings
from arcade.ui.audio import Audio
from arcade.ui.input import HeldKeys, SceneClicks
from arcade.ui.native_stderr import native_stderr_filtered
from arcade.ui.pointer import ARROW, PointerCursor
from arcade.ui.scene import Scene, SceneStack
from arcade.ui.theme import Theme, ui_scale

WINDOW_TITLE = "Puzzle Arcade"
FPS = 60
TRACE_ENV = "PUZZLE_ARCADE_TRACE"
#: A file to append every slow frame's profile to (see :meth:`App.frame`).
SLOW_FRAMES_ENV = "PUZZLE_ARCADE_SLOW_FRAMES"
#: Main-thread CPU (seconds) above which a frame is a freeze worth a profile: six frames at 60 fps.
SLOW_FRAME = 0.1
#: Seconds of quiet after the window's last resize, maximise or restore before its size is written:
#: it was written only at quit (or with another setting), so a window ended by ``kill -9``, a crash
#: or a power cut reopened at a size from long before -- 640x400 once, the last size saved. A drag
#: sends dozens of sizes a second; the file is written once, when the hand stops.
SIZE_SAVE_DELAY = 0.5
LOG = logging.getLogger("arcade")


def require_pygame_ce() -> None:
    """Stop with one line if upstream pygame was installed over pygame-ce (same import name)."""
    if not getattr(pygame, "IS_CE", False):
        raise ArcadeError(
            "this is upstream pygame, but Puzzle Arcade needs pygame-ce: run "
            "'pip uninstall -y pygame pygame-ce && pip install pygame-ce' in your environment"
        )


def hold_minimum_size() -> None:
    """Tell the window manager the least size the window may be dragged to (``MIN_WINDOW``).

    Without it a window manager let the player drag the window smaller, and the program then set
    it back to 640x400 under the pointer: the window jumped back mid-drag, fighting the hand.
    :meth:`App.on_resize` still holds the size where the hint is not followed (no window manager,
    a tool that sets the size). ``pygame.display.set_mode`` forgets the hint: every window it
    makes or resizes is given it again.
    """
    window = _display_window()
    if window is None:
        return
    with contextlib.suppress(pygame.error, ValueError):  # a driver that cannot: App.on_resize holds the size
        window.minimum_size = MIN_WINDOW


def _display_window() -> Any:
    """The display module's window as a :class:`pygame.Window`, or None where there is none."""
    from_display = getattr(pygame.Window, "from_display_module", None)
    if from_display is None or pygame.display.get_surface() is None:
        return None
    try:
        with warnings.catch_warnings():  # pygame-ce 2.5 warns the call away from display-module windows
            warnings.simplefilter("ignore", DeprecationWarning)
            return from_display()
    except (pygame.error, ValueError):
        return None


def window_position() -> tuple[int, int] | None:
    """Where the window's inside is on the desktop (None where the driver cannot say)."""
    window = _display_window()
    try:
        return tuple(window.position) if window is not None else None  # type: ignore[return-value]
    except pygame.error:
        return None


def place_window(position: tuple[int, int] | None) -> None:
    """Put the window's inside back at ``position``. The window out of fullscreen is a new one, and
    a window manager (openbox) put its frame where the old window's inside was: each fullscreen
    on and off moved the window down by its title bar (20 px)."""
    window = _display_window()
    if window is None or position is None:
        return
    with contextlib.suppress(pygame.error):
        window.position = position


def maximize_window() -> None:
    """Maximise the window. SDL sends no WINDOWMAXIMIZED for it: the caller notes it is."""
    window = _display_window()
    if window is not None:
        with contextlib.suppress(pygame.error):
            window.maximize()


def toggles_fullscreen(event: pygame.event.Event) -> bool:
    """Whether a key press is the window's fullscreen switch: F11, the key a player tries first
    (it did nothing: only Alt+Enter, named nowhere in the window, switched), or Alt+Enter."""
    if event.key == pygame.K_F11:
        return not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_SHIFT)
    return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and bool(event.mod & pygame.KMOD_ALT)


def _desktop_size() -> tuple[int, int] | None:
    """The screen's size, or None where the driver cannot tell (a headless one reports the window)."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        return pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return None


class App:
    """The one window and the one event loop: it owns the settings, audio, theme and the scene stack, and
    every scene reaches them through it. ``headless`` (the dummy driver) is how tests and ``bench`` run it.
    """
    def __init__(
        self,
        registry: Registry,
        *,
        settings: Settings | None = None,
        size: tuple[int, int] | None = None,
        headless: bool = False,
        persist: bool = True,
    ) -> None:
        require_pygame_ce()
        # Before the settings are read: a screenshot run that read a damaged settings file moved it aside.
        self.persist = persist
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        self.registry = registry
        self.settings = settings or Settings.load()
        self.headless = headless
        #: Set by :meth:`close` as it leaves the scenes: a failed settings save is said once, at its end.
        self.closing = False
        #: The game opened last (its registry name): the menu puts its highlight back on it.
        self.last_game: str | None = None
        #: Why nothing of this run can be saved ("" when it can): the data folder is read-only, full
        #: or not a folder (:func:`~arcade.services.files.folder_problem`). Said once at start; the
        #: menu's Quit keeps saying it, since the toast is gone in seconds and "Progress is saved
        #: automatically" was then untrue.
        self.cannot_save = ""
        with native_stderr_filtered():
            pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(300, 40)
        self.theme = Theme(self.settings.palette)
        self.fullscreen = False
        if size is None and not headless:
            from arcade.ui.settings_scene import start_size

            self.settings.window_size = start_size(self.settings.window_size, _desktop_size())
        #: The Window size setting the window last followed: a change of it (the Settings' row)
        #: remakes the window, any other setting's change leaves the window as it is. A ``--size``
        #: window is not that setting: it is this run's only, the remembered size is kept for the
        #: next start (it was saved as the size to remember, so a screenshot's 640x400 stuck).
        self._window_setting = self.settings.window_size
        #: The size the window returns to out of fullscreen: this run's, a ``--size`` one included.
        self.windowed_size = size or self.settings.window_size
        self.size = self.windowed_size
        #: Whether the window is maximised (from the window's events): its size is then the screen's,
        #: not one to remember, and it is maximised again out of fullscreen and at the next start.
        self.maximized = False
        #: Where the window was before fullscreen, to put it back there (see :func:`place_window`).
        self._windowed_position: tuple[int, int] | None = None
        #: Seconds until the window's new size is written (None: nothing waiting), see SIZE_SAVE_DELAY.
        self._size_save_in: float | None = None
        self.screen = self._open_window(self.size, self.settings.fullscreen and not headless)
        if self.settings.maximized and size is None and not headless:
            # Said here, not by an event: SDL sends no WINDOWMAXIMIZED for a maximise it asked for,
            # and the screen-sized resize that follows was remembered as the player's size.
            self.maximized = True
            if not self.fullscreen:  # else maximised once out of fullscreen (set_window)
                maximize_window()
        self.audio = Audio(enabled=self.settings.sound)
        self.stack = SceneStack(self)
        #: Keys that must not act again until released: one that changed the scene, one down
        #: while the window was made anew (see :class:`HeldKeys`).
        self.held_keys = HeldKeys()
        #: The second press of a double-click whose first click changed the scene (see :class:`SceneClicks`).
        self.scene_clicks = SceneClicks()
        #: Problems already told on stderr (the menu is rebuilt, the records read, many times).
        self._warned: set[str] = set()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame_times: list[float] = []
        self.frames = 0
        #: Frames actually drawn (an idle screen is not drawn again), for the idle benchmark and tests.
        self.drawn = 0
        #: Set to draw the next frame whatever the scenes say (a resize, a scene pushed or popped).
        self.redraw = True
        #: Whether the scenes were still moving (not idle) once the last frame was drawn: the frame on
        #: which they come to rest is drawn too, since the update that stopped them may have changed
        #: the picture.
        self._was_moving = False
        #: Unexpected errors caught by the frame guard (the monkey test reads it).
        self.crashes = 0
        self._trace_path = os.environ.get(TRACE_ENV)
        #: Where slow frames' profiles go ($PUZZLE_ARCADE_SLOW_FRAMES; None: not profiled).
        self._slow_path = os.environ.get(SLOW_FRAMES_ENV) or None
        #: The main thread's CPU time of the last frames (seconds): unlike ``frame_times`` it does not
        #: count the time other processes (a busy machine) or threads (a worker holding the GIL) took.
        self.frame_cpu: list[float] = []
        #: Whether the menu imports every game's window code in the background (see
        #: :meth:`warm_up_games`); off for a headless run, which opens at most one game.
        self.preload = not headless
        self._warm_up_wanted = False
        #: Set by :meth:`close`: the warm-up imports no further game (nobody will open one).
        self._warm_up_stop = threading.Event()
        #: Whether the window has the keyboard's focus, and whether it is minimized or hidden, from
        #: the window events (:meth:`note_window_event`): a player's clock stands still while the
        #: window is away (see :attr:`window_away`).
        self.window_focused = True
        self.window_minimized = False
        #: The mouse pointer's shape, asked of the top scene on mouse events and when the top
        #: scene changes (see :meth:`update_pointer`).
        self.pointer = PointerCursor()
        #: Where the pointer is, from the events (None: not over the window, or not known yet).
        self._pointer_pos: tuple[int, int] | None = None
        #: The scene the pointer's shape was last asked of: another on top asks again.
        self._pointer_scene: Scene | None = None

    # -- the player's files -------------------------------------------------------------
    @property
    def persist(self) -> bool:
        """Whether this run writes the player's files: settings, saves, records and drafts.

        False for a headless screenshot run, which only looks: it kept the settings out but wrote
        the resumed game's save back on its way out. One rule for all of them, held by the saves
        files service (:func:`arcade.services.files.keep_files`) where every writer of those files reads it.
        """
        return files.keeps_files()

    @persist.setter
    def persist(self, keep: bool) -> None:
        files.keep_files(keep)

    # -- window ------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        """The window's size; setting it also sets the theme's UI scale (see :func:`ui_scale`), so
        every scene lays itself out and draws its text at the new window's scale."""
        return self._size

    @size.setter
    def size(self, size: tuple[int, int]) -> None:
        self._size = (int(size[0]), int(size[1]))
        self.rescale()

    def rescale(self) -> None:
        """Set the theme's UI scale from the window's size (or the setting that fixes it)."""
        self.theme.scale = ui_scale(self._size, self.settings.text_size)

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        flags = pygame.RESIZABLE
        if fullscreen:
            flags = pygame.FULLSCREEN
            size = (0, 0)
        screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption(WINDOW_TITLE)
        self.fullscreen = fullscreen
        if not fullscreen:
            hold_minimum_size()
        self.size = screen.get_size()
        return screen

    def set_window(self, size: tuple[int, int] | None = None, fullscreen: bool | None = None) -> None:
        """Apply a new window size and/or fullscreen state, then re-lay out every scene."""
        fullscreen = self.fullscreen if fullscreen is None else fullscreen
        if self.headless:
            fullscreen = False
        size = size or self.windowed_size
        leaving = self.fullscreen and not fullscreen
        if fullscreen and not self.fullscreen:
            self._windowed_position = window_position()
        self.screen = self._open_window(size, fullscreen)
        if not fullscreen:
            self.windowed_size = self.size
        if leaving:
            place_window(self._windowed_position)
            if self.maximized:
                maximize_window()
        # The key that asked for it (Alt+Enter, the Settings' Window size or Fullscreen row) may
        # have its release sent to the old window: pygame would repeat it for ever.
        self.held_keys.window_replaced()
        self.stack.resize(self.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1]))
        surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            hold_minimum_size()  # set_mode forgets it
        else:
            self.screen = surface
        if self.screen.get_size() != self.size and not self.maximized:
            # A size the player chose by dragging the window is remembered for the next start, and
            # written once the drag is over; the window's own news of the size it opened at (a
            # ``--size`` one) is not a choice, nor is a maximised window's: the screen's size.
            self.settings.window_size = self._window_setting = self.screen.get_size()
            self._size_save_in = SIZE_SAVE_DELAY
        self.size = self.screen.get_size()
        if not self.maximized:
            self.windowed_size = self.size
        self.redraw = True
        self.stack.resize(self.size)

    def apply_settings(self) -> None:
        """Make the running app follow ``self.settings`` and persist them."""
        self.theme.set_palette(self.settings.palette)
        self.rescale()  # the Text size may have changed: every scene is laid out again below
        self.audio.enabled = self.settings.sound
        size_chosen = self.settings.window_size != self._window_setting
        if size_chosen:  # the Settings' Window size: the size out of fullscreen too, from now on
            self._window_setting = self.windowed_size = self.settings.window_size
        if self.settings.fullscreen != self.fullscreen or (size_chosen and not self.fullscreen):
            self.set_window(None, self.settings.fullscreen)
        else:
            self.stack.resize(self.size)
        self.save_settings()

    def save_settings(self) -> bool:
        """Write the settings now; a full or read-only disk is a message, never a crash.

        Said only when something the player chose is lost (``Settings.choices_unsaved``): what the
        program records by itself (How to play seen) failing in a read-only folder, already told
        at start that nothing can be saved, is no news to the player.
        """
        if not self.persist:
            return True
        try:
            self.settings.save()
        except OSError as exc:
            # At quit close() tries once more and says it once, on the terminal.
            if not self.closing and self.settings.choices_unsaved():
                self.notify(f"Could not save settings: {settings_failure(exc)}", "error")
            return False
        return True

    @property
    def animation_speed(self) -> float:
        return max(0.1, self.settings.animation_speed)

    # -- scenes ------------------------------------------------------------------------
    def push(self, scene: Scene) -> Scene:
        first = not self.stack.scenes
        pushed = self.stack.push(scene)
        if first and self.settings.problem:
            # Said by the first screen, whichever it is: the menu said it alone, and ``play GAME``
            # moved a damaged settings file aside without a word.
            self.warn(self.settings.problem)
        return pushed

    def pop(self) -> Scene | None:
        scene = self.stack.pop()
        if not self.stack.scenes:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> Scene:
        return self.stack.replace(scene)

    def launch(self, game: GameInfo | str, launch: Launch | None = None, *, strict: bool = False) -> Scene | None:
        """Open a game the one way every game is opened (:func:`arcade.ui.front.open_session`).

        Problems met on the way (a damaged save moved aside, a vanished last level) are
        shown on the new scene. A failure to open at all is a message -- or, with
        ``strict`` (the ``play`` command), raised for the CLI's one-line error and exit 2.
        """
        from arcade.ui.front import open_session

        info = self.registry.get(game) if isinstance(game, str) else game
        try:
            with _IMPORTING:  # not beside the warm-up's import of the same modules (see there)
                scene, messages = open_session(self, info.load_front(), launch or Launch())
        except ArcadeError as exc:
            if strict:
                raise
            self.notify(str(exc), "error")
            return None
        self.push(scene)
        self.last_game = info.name
        if not (launch and launch.options):  # a bot author's run, a replay or the editor: no rules page over it
            self.intro(info)
        for message in messages:
            self.trace(f"message {message}")
            self.warn(message)
        return scene

    def warm_up_games(self) -> None:
        """Import every game's window code on a background thread, once a process (the menu calls it).

        A game's first opening from the menu imported its view, its AI and what they need on the
        frame that handled the click: Tron's froze the window for 185-250 ms of the main thread's
        CPU (numba alone, about 150 ms), Hashi's for 80-180 ms, measured at 1280x800 with the
        bytecode cached. Imported meanwhile, the click finds them loaded; a click that comes first
        waits on the import already under way, as long as it would have taken anyway. A game whose
        code fails to import is left to :meth:`launch`, which says why on the main thread. Asked
        before the first frame is drawn, it starts right after it: the start-up's first picture
        does not share the CPU with it.
        """
        if not self.preload:
            return
        if not self.drawn:  # after the first picture: the start-up's first frame shares no CPU with it
            self._warm_up_wanted = True
            return
        self._warm_up_wanted = False
        pending = [info for info in self.registry if info.name not in _WARMED]
        if not pending:
            return
        _WARMED.update(info.name for info in pending)
        # Not a daemon: the interpreter's shutdown stops daemons where they stand, and one stopped
        # inside an import (numba's C extensions) may hold what the shutdown needs. :meth:`close`
        # tells it to stop instead, and the exit waits only for the one game's import under way:
        # waiting for all of them kept the process alive 2.5-3 s after the window closed.
        threading.Thread(target=_import_fronts, args=(pending, self._warm_up_stop),
                         name="arcade-warm-up").start()

    def intro(self, info: GameInfo) -> None:
        """The first time a game is opened in a window, its "How to play" page opens over it."""
        if self.headless or not info.how_to_play:
            return
        prefs = self.game_settings(info.name)
        if prefs.get("seen_how_to_play") is True:
            return
        from arcade.ui.how_to_play import HowToPlayScene

        prefs["seen_how_to_play"] = True
        self.save_settings()
        self.push(HowToPlayScene(info))

    def back_to_menu(self) -> None:
        """Leave whatever is open for the main menu -- also when the program started in a game
        (``play GAME``) and no menu is underneath: a result panel's Main menu then quit the program."""
        from arcade.ui.menu import MenuScene

        self.stack.pop_to(MenuScene)
        if not self.stack.scenes:
            self.push(MenuScene())

    def warn(self, text: str, toast: Any = None, seconds: float = 8.0) -> None:
        """A problem with the player's files (a damaged save moved aside, settings reset): a toast
        on ``toast`` (else the top scene's), and the whole line once on stderr -- a window shortens
        a long line, and a toast is gone in a few seconds with no way to read it again."""
        if text not in self._warned:
            self._warned.add(text)
            to_terminal(f"puzzle-arcade: {text}")
        toast = toast if toast is not None else self._toast()
        if toast is not None:
            toast.show(text, "warning", seconds)

    def _toast(self) -> Any:
        """The toast of the uppermost scene that has one. An overlay without its own (How to play,
        which opens by itself over a game the first time) hands the line to the scene under it,
        whose toast waits while covered: the start's "Nothing can be saved" went to the terminal
        alone, and the player, reading the rules, never saw it."""
        for scene in reversed(self.stack.scenes):
            toast = getattr(scene, "toast", None)
            if toast is not None:
                return toast
        return None

    def notify(self, text: str, role: str = "info") -> None:
        """Show a toast on the top scene if it can, else print to stderr as every other line the
        window leaves on the terminal is: after ``puzzle-arcade:`` (the Hashi editor's note at quit,
        "Your unsaved board is kept as a draft", was the one line without it)."""
        toast = getattr(self.stack.top, "toast", None)  # not one under an overlay: at quit nobody sees it
        if toast is not None:
            toast.show(text, role, 6.0)
        else:
            to_terminal(f"puzzle-arcade: {text}")

    def trace(self, line: str) -> None:
        """Append a line to the trace file named by $PUZZLE_ARCADE_TRACE (end-to-end tests read it)."""
        if self._trace_path:
            with open(self._trace_path, "a", encoding="utf-8") as handle:
                handle.write(line + "\n")

    # -- loop --------------------------------------------------------------------------
    @property
    def window_away(self) -> bool:
        """Whether the player is away from the window: minimized, hidden or without the focus.
        A puzzle's clock stands still meanwhile (:meth:`GameScene.clock_runs`): it ran on while the
        window sat minimized, and a player who stepped away came back to a worse time."""
        return self.window_minimized or not self.window_focused

    def note_window_event(self, event: pygame.event.Event) -> None:
        """Follow the window's focus and minimized state (the scenes still see these events)."""
        if event.type == pygame.WINDOWFOCUSLOST:
            self.window_focused = False
        elif event.type == pygame.WINDOWFOCUSGAINED:
            self.window_focused = True
        elif event.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.window_minimized = True
        elif event.type == pygame.WINDOWMAXIMIZED:
            self.window_minimized = False
            self._note_maximized(True)
        elif event.type == pygame.WINDOWRESTORED:
            if self.window_minimized:  # back from the task bar: maximised or not, as it was
                self.window_minimized = False
            elif not self.fullscreen:
                self._note_maximized(False)
        elif event.type == pygame.WINDOWSHOWN:
            self.window_minimized = False

    def _note_maximized(self, maximized: bool) -> None:
        """The window was maximised or restored: remembered for the next start, written soon."""
        self.maximized = maximized
        if self.settings.maximized != maximized:
            self.settings.maximized = maximized
            self._size_save_in = SIZE_SAVE_DELAY

    @property
    def pointer_shape(self) -> str:
        """The mouse pointer's shape now ("arrow", "hand", "ibeam" or "move"; see :mod:`arcade.ui.pointer`)."""
        return self.pointer.shape

    def update_pointer(self) -> None:
        """Ask the top scene what the pointer should look like where it is, and show that (the
        system cursor is set only when the shape changes)."""
        top = self._pointer_scene = self.stack.top
        where, before = self._pointer_pos, self.pointer.shape
        self.pointer.show(top.pointer_shape(where) if top is not None and where is not None else ARROW)
        if self.pointer.shape != before:  # end-to-end tests read it: a screenshot does not show the pointer
            self.trace(f"pointer {self.pointer.shape}")

    def process(self, event: pygame.event.Event) -> None:
        self.note_window_event(event)
        if self.held_keys.swallows(event):
            return  # the repeat of a key that changed the scene or the window, not released since
        if self.scene_clicks.swallows(event):
            return  # the second half of a double-click whose first click opened or closed a scene
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            if not self.fullscreen:
                self.on_resize(event.size)
        elif event.type == pygame.WINDOWSIZECHANGED:
            if (event.x, event.y) != self.size and not self.fullscreen:
                self.on_resize((event.x, event.y))
        elif event.type == pygame.KEYDOWN and toggles_fullscreen(event):
            # The window is made anew (set_window): until the key's release its repeats are dropped,
            # or each toggled fullscreen again (over the Settings, for ever) or, Alt let go, Enter
            # opened the menu's Continue.
            self.settings.fullscreen = not self.fullscreen
            self.apply_settings()
        else:
            top = self.stack.top
            self.stack.handle(event)
            self.held_keys.note(event, self.stack.top is not top)
            self.scene_clicks.note(event, self.stack.top is not top)
            if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                self._pointer_pos = (int(event.pos[0]), int(event.pos[1]))
                self.update_pointer()  # after the scene: a press may have started a drag
            elif event.type == pygame.WINDOWLEAVE:
                self._pointer_pos = None

    def frame(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: handle events (queued ones if ``events`` is None), update, draw, flip.

        The frame is guarded: an unexpected exception in a scene never ends the program
        (see :meth:`recover`). Its wall time goes to ``frame_times`` and its main-thread CPU to
        ``frame_cpu``; with ``$PUZZLE_ARCADE_SLOW_FRAMES`` set, a slow one is profiled to that file.
        """
        if self._slow_path:
            self._profiled_frame(dt, events)
            return
        started, cpu = time.perf_counter(), time.thread_time()
        self._frame(dt, events)
        self._frame_done(started, cpu)

    def _frame_done(self, started: float, cpu: float) -> None:
        self.frame_times.append(time.perf_counter() - started)
        self.frame_cpu.append(time.thread_time() - cpu)
        if len(self.frame_times) > 2000:
            del self.frame_times[:1000]
            del self.frame_cpu[:1000]
        self.frames += 1

    def _profiled_frame(self, dt: float, events: list[pygame.event.Event] | None) -> None:
        """A frame under cProfile; one over :data:`SLOW_FRAME` of main-thread CPU appends to the file
        named by ``$PUZZLE_ARCADE_SLOW_FRAMES`` the scenes it ran, its events and its costliest
        calls -- how the freezes of ordinary journeys were found (imports on a game's first
        opening). A profiled frame costs about twice as much: for finding causes, not measuring."""
        import cProfile
        import io
        import pstats

        if events is None:
            events = pygame.event.get()
        scenes = " > ".join(type(scene).__name__ for scene in self.stack.scenes)
        profile = cProfile.Profile()
        started, cpu = time.perf_counter(), time.thread_time()
        profile.enable()
        try:
            self._frame(dt, events)
        finally:
            profile.disable()
        used = time.thread_time() - cpu
        self._frame_done(started, cpu)
        if used <= SLOW_FRAME:
            return
        after = " > ".join(type(scene).__name__ for scene in self.stack.scenes)
        names = ", ".join(pygame.event.event_name(event.type) + (f" {pygame.key.name(event.key)}"
                          if event.type == pygame.KEYDOWN else "") for event in events) or "none"
        text = io.StringIO()
        pstats.Stats(profile, stream=text).sort_stats("cumulative").print_stats(30)
        self.trace(f"slow-frame {used * 1000:.0f} ms {after}")
        with contextlib.suppress(OSError), open(self._slow_path or os.devnull, "a", encoding="utf-8") as log:
            log.write(f"== frame {self.frames}: {used * 1000:.0f} ms of main-thread CPU (profiled)\n"
                      f"scenes before: {scenes or '-'}\nscenes after: {after or '-'}\nevents: {names}\n"
                      f"{text.getvalue()}\n")

    def _frame(self, dt: float, events: list[pygame.event.Event] | None) -> None:
        draw = False
        try:
            for event in pygame.event.get() if events is None else events:
                draw = True
                self.process(event)
            self._save_new_size(dt)
            self.stack.update(dt)
            if self.stack.top is not self._pointer_scene:
                self.update_pointer()  # a new scene: the hand over the old one's button means nothing
            # The frame on which the scenes come to rest is drawn as well: the update that stopped
            # them (Tron's replay pausing at its last tick) changed what is on screen, and skipping
            # it left the last moving frame up -- the replay bar's ⏸ lit over a replay at rest.
            settled, self._was_moving = self._was_moving, False
            if draw or self.redraw or settled or not self.stack.idle():
                self.redraw = False
                self.screen.fill(self.theme["background"])
                self.stack.draw(self.screen)
                self.drawn += 1
                draw = True
                # Still moving once drawn (a one-off redraw, such as the clock's new second, is
                # idle again here and costs no second frame).
                self._was_moving = not self.stack.idle()
                if settled and not self._was_moving:
                    # The picture on screen is the one at rest (a move's tween, Runway's camera gliding
                    # to its zoom): end-to-end tests compare screenshots once they read this line.
                    self.trace("rest")
        except Exception as exc:  # the guard exists for the unexpected
            self.recover(exc)
            draw = True
        if draw:
            pygame.display.flip()
            if self._warm_up_wanted:
                self.warm_up_games()

    def _save_new_size(self, dt: float) -> None:
        """Write the settings once the window's size or maximise has been still for SIZE_SAVE_DELAY."""
        if self._size_save_in is None:
            return
        self._size_save_in -= dt
        if self._size_save_in <= 0:
            self._size_save_in = None
            self.save_settings()

    def recover(self, exc: BaseException) -> None:
        """A scene failed: log the traceback, keep the save, and return the player to the menu.

        Each game scene is left (``leave`` writes its autosave) on the way down; the menu
        then says what happened in one line and where the details are.
        """
        from arcade.services.logs import log_crash
        from arcade.ui.game_scene import GameScene
        from arcade.ui.menu import MenuScene

        self.crashes += 1
        to_file = _logs_to_file()
        logged = log_crash("unexpected error in a scene") if to_file else None
        if not to_file:
            LOG.error("unexpected error in a scene", exc_info=exc)
        self.trace(f"crash {type(exc).__name__}: {exc}")
        games = [s for s in self.stack.scenes if isinstance(s, GameScene)]
        where = games[-1].title if games else ""
        while self.stack.scenes and not isinstance(self.stack.top, MenuScene):
            try:
                self.stack.pop()
            except Exception as inner:
                LOG.error("error while leaving a scene", exc_info=inner)
        if not self.stack.scenes:
            self.push(MenuScene())
        self.running = True
        detail = f" ({type(exc).__name__}: {str(exc)[:80]})" if str(exc) else f" ({type(exc).__name__})"
        # Say only what holds: the progress saved (not if its save failed), the log where it went.
        unsaved = [g.info.title for g in games if saves.save_failure(g.info.name)]
        kept = (f"Your latest moves in {', '.join(unsaved)} could not be saved" if unsaved
                else "Your progress is saved")
        if to_file:
            told = f"details are in {logged}" if logged is not None else "the details could not be written to a log"
        else:
            told = "details are in the terminal (stderr)"
        self.notify(f"Something went wrong{' in ' + where if where else ''}{detail}. {kept}; {told}.", "error")

    def run(self, *, max_frames: int | None = None, screenshot: Path | None = None) -> int:
        """The main loop. With ``max_frames`` it stops after that many frames (fixed 1/60 s steps)."""
        self.trace("start")
        while self.running and self.stack.scenes:
            if max_frames is not None:
                self.frame(1.0 / FPS)
            else:
                self.frame(min(self.clock.tick(FPS) / 1000.0, 0.1))
            if self.frames == 1:
                self.trace(f"first-frame {time.time():.6f}")
            if max_frames is not None and self.frames >= max_frames:
                break
        if screenshot is not None:
            self.save_screenshot(screenshot)
        self.close()
        return 0

    def save_screenshot(self, path: Path) -> None:
        """Encode the picture in memory, then write it whole (atomically): pygame writing straight
        to a full disk left a cut or empty PNG and said nothing. A name that is not an image's
        (``shot.txt``) gets a PNG, not whatever format pygame guesses from it."""
        import io

        path = Path(path)
        hint = path.name if path.suffix.lower() in (".png", ".bmp", ".tga", ".jpg", ".jpeg") else "shot.png"
        buffer = io.BytesIO()
        pygame.image.save(self.screen, buffer, hint)
        atomic_write_bytes(path, buffer.getvalue())

    def close(self) -> None:
        """Leave every scene (each hands its save to the writer), write the settings, close the window
        at once, let the data folder's lock go once every save is on disk, and only then the sound
        device.

        Left to ``pygame.quit`` at the interpreter's exit, the devices closed in the reverse order
        of their start: the sound device first, and with PulseAudio closing it waits for the stream
        to drain (measured 0.9-1.5 s after a fresh start, seconds on some desktops), all that time
        with the window still on screen. Nothing the player needs waits on the sound device, so
        it goes last, after the window and the lock on the data folder.
        """
        # A scene that saves the settings as it leaves (Runway's AI and speed) met the same failure
        # as the last try below, and a read-only folder's quit said "could not save settings" twice.
        self.closing = True
        self._warm_up_stop.set()  # the warm-up's next import is for a game nobody will open
        while self.stack.scenes:
            self.stack.pop()
        self.running = False
        if not self.headless and self.persist:
            try:
                self.settings.save()
            except OSError as exc:
                if self.settings.choices_unsaved():  # not for what the program recorded by itself
                    to_terminal(f"puzzle-arcade: could not save settings: {settings_failure(exc)}")
        from arcade.services import autosave, instance

        pygame.display.quit()  # the window goes now; a save still being written is waited for below
        # A scene's flush gives up after a few seconds (a slow disk): the lock stays until the
        # writer is done, or a window opened meanwhile would read a save still being replaced.
        autosave.wait_for_writers()
        instance.release()  # a window opened right after this one is not told another is open

        # The window is gone, and with it the "Not saved" mark: the last word goes to the terminal.
        # A full disk at quit (or at SIGTERM) lost the moves since the last good save with only
        # "interrupted" said, as if they were kept.
        for info in self.registry:
            why = saves.save_failure(info.name)
            if why:
                path = saves.autosave_path(info.name)
                kept = f"the save before them is kept in {path}" if path.is_file() else "no earlier save is kept"
                to_terminal(f"puzzle-arcade: your latest moves in {info.title} were not saved ({why}); {kept}")
        self.audio.close()

    def game_settings(self, name: str) -> dict[str, Any]:
        return self.settings.game(name)


#: Games whose window code this process has imported or is importing (:meth:`App.warm_up_games`).
_WARMED: set[str] = set()
#: Held by the warm-up while it imports one game, and by :meth:`App.launch` while it opens one: two
#: threads importing modules that import each other can each hold a module the other waits for,
#: and Python then hands one of them a module half initialised. A click during the warm-up waits
#: for the game being imported (at most Tron's 150-250 ms), then finds its own game loaded or
#: imports it as it always did.
_IMPORTING = threading.RLock()  # re-entrant: a scene opened while opening another


def _import_fronts(games: list[GameInfo], stop: threading.Event) -> None:
    """Import the games' fronts, in the menu's order, on the warm-up thread; a failure is the
    launch's to report. Once ``stop`` is set (the window closing) it imports nothing more: the
    thread is not a daemon, so the process's exit waits for it, and the rest of the warm-up
    (Tron's numba alone is hundreds of ms on a busy machine) kept the process alive for nothing."""
    for number, info in enumerate(games):
        if stop.is_set():
            _WARMED.difference_update(other.name for other in games[number:])  # a later App warms them
            return
        try:
            with _IMPORTING:
                front = info.load_front()
                for module in getattr(front, "warm_modules", ()):
                    if stop.is_set():
                        break
                    importlib.import_module(module)
        except Exception:  # opening the game says what went wrong, on the main thread
            LOG.debug("warming up %s failed", info.name, exc_info=True)


def settings_failure(exc: OSError) -> str:
    """Why the settings could not be written, and where: "Permission denied" alone left the player
    to guess which file, in which folder (``PUZZLE_ARCADE_HOME`` or the platform's config dir)."""
    return write_failure(exc, Settings.path())


def to_terminal(text: str) -> None:
    """One line on stderr, if there is still a terminal to read it. Quitting after the terminal
    went (SIGHUP, a closed pipe) made the print itself raise (BrokenPipeError, or ValueError on a
    closed stream), and :meth:`App.close` ended there: the sound device was never closed. A
    line nobody can read is not worth a crash, nor the rest of the close."""
    with contextlib.suppress(OSError, ValueError):
        print(text, file=sys.stderr)


def _logs_to_file() -> bool:
    """Whether unexpected errors go to the services' crash log (set up by the CLI), else to stderr."""
    return any(getattr(handler, "baseFilename", None) for handler in logging.getLogger("arcade").handlers)
