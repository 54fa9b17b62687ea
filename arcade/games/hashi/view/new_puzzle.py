"""Hashi's "New board" dialog (ui): size, difficulty, topology, density and seed, generated off the frame loop.

The generator runs in this overlay's own :class:`~arcade.ui.worker.Worker` (the scene
below is not updated while an overlay is on top), so the window keeps drawing -- with a
"Generating…" line and a Cancel button -- however long a 40x40 hard board takes. The
choices are remembered in the game's settings for next time.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pygame

from arcade.core.errors import ArcadeError
from arcade.core.grid import size_name
from arcade.core.numbers import parse_int
from arcade.core.rng import new_seed
from arcade.core.topology import Topology
from arcade.games.hashi import generator
from arcade.games.hashi.logic import MAX_SIDE, Puzzle
from arcade.services.settings import stored_choice
from arcade.ui.focus import focus_after
from arcade.ui.overlays import draw_backdrop, draw_panel
from arcade.ui.scene import Scene
from arcade.ui.slider import Slider
from arcade.ui.text import draw_text
from arcade.ui.widgets import Button, draw_form_row
from arcade.ui.worker import Worker, job_cancelled

#: Every size the generator makes: ← → step by one (odd sizes were out of reach).
SIDES = list(range(generator.MIN_SIDE, MAX_SIDE + 1))
DENSITIES = [0.5, 0.75, 1.0, 1.25, 1.5, 2.0]
TOPOLOGY_LABELS = {Topology.PLANE: "Plane", Topology.CYLINDER: "Cylinder", Topology.TORUS: "Torus"}
MAX_SEED_DIGITS = 9
#: The height of the "Generating throws away this game" line.
WARNING_LINE = 22
#: What the seed box takes: ASCII digits only ("²" and "٣" pass str.isdigit, and "²" fails int()).
DIGITS = frozenset("0123456789")


def puzzle_title(width: int, height: int, difficulty: str, topology: Topology, seed: int) -> str:
    """A generated puzzle's title, with its seed, so the same puzzle can be made again ("Hard 10×10 torus #42")."""
    where = "" if topology is Topology.PLANE else f" {topology.value}"
    return f"{difficulty.capitalize()} {size_name(width, height)}{where} #{seed}"


def make_puzzle(width: int, height: int, difficulty: str, topology: Topology, density: float, seed: int,
                no_touching: bool = False, progress: Callable[[int], None] | None = None) -> Puzzle:
    """Generate (in the worker thread) and give the puzzle its title.

    The generator asks :func:`job_cancelled`, so Cancel (or a new Generate, or closing the dialog)
    ends it within a repair round instead of holding the worker thread until it finishes.
    """
    made = generator.generate(height, width, difficulty, topology, density, seed, no_touching=no_touching,
                              should_stop=job_cancelled, progress=progress)
    title = puzzle_title(width, height, difficulty, topology, seed)
    return Puzzle(made.puzzle.shape, made.puzzle.islands, (("title", title), *made.puzzle.meta))


class NewPuzzleScene(Scene):
    """The dialog. ``on_ready(puzzle)`` receives the generated puzzle; the dialog closes itself."""

    overlay = True
    title = "New board"

    def __init__(self, prefs: dict[str, Any], on_ready: Callable[[Puzzle], None], discards: str = "") -> None:
        """``discards``: what generating throws away, said in warning colour above the buttons
        ("Generating throws away this game (3 moves made)"); empty when no game is in progress.
        (N then Enter threw a game with moves away without a word.)"""
        super().__init__()
        self.discards = discards
        self.warning_rect: pygame.Rect | None = None  # where the warning was drawn last
        saved = prefs.get("new_puzzle", {}) if isinstance(prefs.get("new_puzzle"), dict) else {}
        self.prefs = prefs
        self.on_ready = on_ready
        self.width: int = stored_choice(saved.get("width"), SIDES, 10)
        self.height: int = stored_choice(saved.get("height"), SIDES, 10)
        self.difficulty: str = stored_choice(saved.get("difficulty"), generator.DIFFICULTIES, "medium")
        try:
            self.topology = Topology.parse(str(saved.get("topology", "plane")))
        except ValueError:
            self.topology = Topology.PLANE
        self.density: float = stored_choice(saved.get("density"), DENSITIES, 1.0)
        #: Tatham's Bridges refuses islands side by side; "never" makes puzzles one can hand to its players.
        self.no_touching = saved.get("no_touching") is True
        self.seed_text = ""  # empty: a fresh random seed each time
        self.worker = Worker()
        self.busy: tuple[str, float] | None = None  # (what, seconds so far)
        #: Which layout the generator is on (set from the worker thread): a packed 40x40 hard torus
        #: takes half a minute over dozens of layouts, and a bare clock looked as if it had hung.
        self.attempt = 0
        self._job = 0  # which Generate the attempts belong to (a cancelled job's are ignored)
        self.message = ("Choose and press Enter; leave the seed empty for a surprise.", "text_dim")
        self.focus = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.width_slider = Slider(SIDES, self.width, self._set_width, fmt=lambda v: f"{int(v)} columns")
        self.height_slider = Slider(SIDES, self.height, self._set_height, fmt=lambda v: f"{int(v)} rows")
        self.density_slider = Slider(DENSITIES, self.density, self._set_density, fmt=self._density_label)
        self.difficulty_button = Button(self.difficulty.capitalize(), self._next_difficulty, hotkey="D")
        self.topology_button = Button(TOPOLOGY_LABELS[self.topology], self._next_topology, hotkey="T")
        self.touching_button = Button(self._touching_label(), self._toggle_touching, hotkey="O",
                                      tooltip="'Never' makes puzzles Tatham's Bridges accepts (its game IDs)")
        self.seed_button = Button(self._seed_label(), self._random_seed, hotkey="S",
                                  tooltip="Type digits for a seed; click for a random one")
        self.rows: list[tuple[str, Button | Slider]] = [
            ("Width", self.width_slider),
            ("Height", self.height_slider),
            ("Difficulty", self.difficulty_button),
            ("Topology", self.topology_button),
            ("Island density", self.density_slider),
            ("Touching islands", self.touching_button),
            ("Seed", self.seed_button),
        ]
        self.generate_button = Button("Generate", self.generate, hotkey="Enter",
                                      enabled_when=lambda: self.busy is None)
        self.cancel_button = Button("Cancel", self.cancel, hotkey="Esc")
        #: The buttons are the focus's last stops, after the rows (as Settings' Back and Tron's Start
        #: and Cancel): Tab went round the rows only, so the keyboard never lit them.
        self.buttons = [self.generate_button, self.cancel_button]

    # -- choices -----------------------------------------------------------------------------------
    @staticmethod
    def _density_label(value: float) -> str:
        words = {0.5: "sparse", 0.75: "light", 1.0: "normal", 1.25: "rich", 1.5: "dense", 2.0: "packed"}
        return f"{value:g}× ({words.get(value, '')})"

    def _set_width(self, value: float) -> None:
        self.width = int(value)

    def _set_height(self, value: float) -> None:
        self.height = int(value)

    def _set_density(self, value: float) -> None:
        self.density = float(value)

    def _touching_label(self) -> str:
        return "Never (as Tatham)" if self.no_touching else "Allowed"

    def _toggle_touching(self) -> None:
        self.no_touching = not self.no_touching
        self.touching_button.label = self._touching_label()

    def _next_difficulty(self) -> None:
        options = generator.DIFFICULTIES
        self.difficulty = options[(options.index(self.difficulty) + 1) % len(options)]
        self.difficulty_button.label = self.difficulty.capitalize()

    def _next_topology(self) -> None:
        options = list(Topology)
        self.topology = options[(options.index(self.topology) + 1) % len(options)]
        self.topology_button.label = TOPOLOGY_LABELS[self.topology]

    def _seed_label(self) -> str:
        return self.seed_text or "Random"

    def _random_seed(self) -> None:
        self.seed_text = str(new_seed())
        self.seed_button.label = self._seed_label()

    def _type_seed(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self.seed_text = self.seed_text[:-1]
        elif event.unicode in DIGITS and len(self.seed_text) < MAX_SEED_DIGITS:
            self.seed_text += event.unicode
        else:
            return False
        self.seed_button.label = self._seed_label()
        return True

    # -- generating ----------------------------------------------------------------------------------
    def generate(self) -> None:
        if self.busy is not None:
            return
        seed = parse_int(self.seed_text, what="the seed") if self.seed_text else new_seed()
        self.prefs["new_puzzle"] = {"width": self.width, "height": self.height, "difficulty": self.difficulty,
                                    "topology": self.topology.value, "density": self.density,
                                    "no_touching": self.no_touching}
        what = puzzle_title(self.width, self.height, self.difficulty, self.topology, seed)
        self.busy = (what, 0.0)
        self.message = (f"Generating {what}…", "info")
        self._job += 1
        self.attempt = 0
        self.worker.submit(make_puzzle, self.width, self.height, self.difficulty, self.topology, self.density,
                           seed, self.no_touching, functools.partial(self._progress, self._job),
                           on_done=self._done, on_error=self._failed, label="generate")

    def _progress(self, job: int, attempt: int) -> None:
        """The generator started its ``attempt``-th layout (called on the worker thread)."""
        if job == self._job:
            self.attempt = attempt

    def busy_text(self) -> str:
        """The line shown while a board is made: what, a clock, and from the second layout on which one."""
        assert self.busy is not None
        what, seconds = self.busy
        dots = "." * (1 + int(seconds * 3) % 3)
        tried = f", attempt {self.attempt}" if self.attempt > 1 else ""
        return f"Generating {what}{dots}  ({seconds:.1f} s{tried})"

    def _done(self, puzzle: Puzzle) -> None:
        self.busy = None
        self.close()
        self.on_ready(puzzle)

    def _failed(self, error: BaseException) -> None:
        self.busy = None
        if isinstance(error, ArcadeError):
            self.message = (str(error), "error")
        else:
            self.message = (f"Generation failed: {type(error).__name__}: {error}", "error")

    def cancel(self) -> None:
        if self.busy is not None:
            self.worker.cancel()
            self.busy = None
            self.message = ("Cancelled.", "warning")
            return
        self.close()

    def close(self) -> None:
        self.worker.cancel()
        super().close()

    # -- scene ------------------------------------------------------------------------------------
    def is_idle(self) -> bool:
        """Only a board being made moves (its seconds, the worker's answer): resting open, the
        dialog was drawn 60 times a second (the base scene's safe default)."""
        return self.busy is None

    def update(self, dt: float) -> None:
        if self.busy is not None:
            self.busy = (self.busy[0], self.busy[1] + dt)
        self.worker.poll()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        assert self.app is not None
        px = self.app.theme.px  # the form grows with the window's UI scale (1.0 up to 1280x800)
        width = min(px(640), size[0] - 40)
        # Rows close up to fit the window: at 640x400 the buttons lay over the seed field and the
        # hint over the panel's border.
        head, foot = (px(72), px(110)) if size[1] >= 500 else (58, 94)
        if self.discards:
            foot += px(WARNING_LINE)  # its own line under the message, not over the buttons
        row = max(28, min(px(48) if size[1] >= 560 else 40, (size[1] - 16 - head - foot) // len(self.rows)))
        height = head + row * len(self.rows) + foot
        self.row_height = row
        self.panel = pygame.Rect(0, 0, width, min(height, size[1] - 16))
        self.panel.center = (size[0] // 2, size[1] // 2)
        y = self.panel.y + head
        label_width = min(px(200), width // 3)
        for _label, widget in self.rows:
            if isinstance(widget, Slider):
                widget.rect = pygame.Rect(self.panel.x + label_width + px(24), y + (row - px(24)) // 2,
                                          width - label_width - px(190), px(24))
            else:
                widget.rect = pygame.Rect(self.panel.x + label_width + px(24), y + 2, px(170), row - max(6, row // 5))
            y += row
        self.message_y = y + px(14)
        self.warning_y = self.message_y + px(WARNING_LINE)
        self.generate_button.rect = pygame.Rect(0, 0, px(140), px(38))
        self.cancel_button.rect = pygame.Rect(0, 0, px(120), px(38))
        self.generate_button.rect.bottomright = (self.panel.centerx - px(6), self.panel.bottom - px(16))
        self.cancel_button.rect.bottomleft = (self.panel.centerx + px(6), self.panel.bottom - px(16))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.generate_button.handle(event) or self.cancel_button.handle(event):
            return True
        if self.busy is None:
            for i, (_label, widget) in enumerate(self.rows):
                if widget.handle(event):
                    self.focus = i
                    return True
        if event.type != pygame.KEYDOWN:
            return True  # an overlay swallows everything
        if event.key == pygame.K_ESCAPE:
            self.cancel()
        elif self.busy is not None:
            pass
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            (self.focused_button() or self.generate_button).on_click()
        elif (moved := focus_after(event, self.focus, len(self.rows) + len(self.buttons))) is not None:
            self.focus = moved
        elif (button := self.focused_button()) is not None and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus = len(self.rows) + (event.key == pygame.K_RIGHT)  # the two buttons side by side
        elif button is None and self.rows[self.focus][1] is self.seed_button and self._type_seed(event):
            pass
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            widget = self.rows[self.focus][1]
            if isinstance(widget, Slider):
                widget.focused = True
                widget.handle(event)
            elif event.key == pygame.K_RIGHT:
                widget.on_click()
        elif event.key == pygame.K_SPACE:
            widget = button or self.rows[self.focus][1]
            if isinstance(widget, Button):
                widget.on_click()
        elif event.key == pygame.K_d:
            self._next_difficulty()
        elif event.key == pygame.K_t:
            self._next_topology()
        elif event.key == pygame.K_s:
            self._random_seed()
        elif event.key == pygame.K_o:  # the letter its button shows (it did nothing)
            self._toggle_touching()
        return True

    def focused_button(self) -> Button | None:
        """Generate or Cancel when the keyboard's focus is on it, past the rows; else None."""
        index = self.focus - len(self.rows)
        return self.buttons[index] if 0 <= index < len(self.buttons) else None

    def draw(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        draw_backdrop(surface, 160)
        draw_panel(surface, theme, self.panel)
        draw_text(surface, theme, "New board", (self.panel.centerx, self.panel.y + theme.px(20)), size=28, bold=True,
                  anchor="midtop")
        for i, (label, widget) in enumerate(self.rows):
            draw_form_row(surface, theme, label, widget, self.panel.x + theme.px(20),
                          i == self.focus and self.busy is None)
        text, role = self.message
        if self.busy is not None:
            text = self.busy_text()
        draw_text(surface, theme, text, (self.panel.centerx, self.message_y), size=16, colour=theme[role],
                  anchor="midtop", max_width=self.panel.width - 40)
        if self.discards:
            self.warning_rect = draw_text(surface, theme, theme.marked("warning", self.discards),
                                          (self.panel.centerx, self.warning_y), size=16, colour=theme["warning"],
                                          anchor="midtop", max_width=self.panel.width - 40)
        for button in self.buttons:  # ringed as a focused row's button is (see draw_form_row)
            button.draw(surface, theme, 17, focused=button is self.focused_button() and self.busy is None)
