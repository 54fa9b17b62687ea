"""The Tests panel (ui): CodinGame's "test cases" list for a bot author's Runway program.

A command field (``codingame:COMMAND``, the last one used filled in and selected, so typing
replaces it -- it used to be typed onto, a newcomer's command run into the old one), then one row per
bundled test: not run yet, running, ``pass K/N alive in T turns`` or ``fail — reason``.
Enter (or Run all) runs the program on every test in the scene's worker -- the panel
only reads the results, so frames never wait; a click on a finished row (or Enter on it)
closes the panel and puts that run on the viewer's timeline.
"""

from __future__ import annotations

from typing import Any

import pygame

from arcade.games.runway.view.programs import short_name
from arcade.ui.focus import focus_step
from arcade.ui.overlays import draw_backdrop, draw_panel
from arcade.ui.scene import Scene
from arcade.ui.text import draw_text, wrap_whole
from arcade.ui.text_prompt import FIELD_KEYS, TextField
from arcade.ui.widgets import Button

MAX_SPEC = 300
#: What the command field says while it is empty (cleared with Ctrl+U, it said nothing).
SPEC_PLACEHOLDER = "e.g. codingame:python3 bot.py"


class RunwayTestsPanel(Scene):
    """The Tests overlay over a Runway scene (``scene``, whose ``tests`` it reads and whose worker runs the
    program): the command field, one row per bundled test, Run all.
    """
    overlay = True
    ROW = 26
    HINT_SIZE = 14

    def __init__(self, scene: Any) -> None:
        super().__init__()
        self.title = "Test cases"
        self.scene = scene
        self.input = TextField(scene.tests.spec or "codingame:", MAX_SPEC)
        #: -1: the command field; 0..n-1: a test row.
        self.selected = -1 if not scene.tests.runs else 0
        if self.selected == -1:
            self.focus_field()
        #: The row under the mouse (None: none): its full line is shown under the list, as the selected row's.
        self.hovered: int | None = None
        self.error = ""
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.field = pygame.Rect(0, 0, 0, 0)
        self.row_rects: list[pygame.Rect] = []
        #: The line under the list as drawn: the error (or the keys) wrapped to the room left of the buttons.
        self.hint_lines: list[str] = []
        self.hint_rect = pygame.Rect(0, 0, 0, 0)
        self._laid_out: tuple[tuple[int, int], str] | None = None
        self.buttons = [Button("Run all", self.run_all), Button("Close", self.close)]

    @property
    def spec(self) -> str:
        """The command field's text."""
        return self.input.text

    @spec.setter
    def spec(self, text: str) -> None:
        self.input.set(text)

    def focus_field(self) -> None:
        """Give the command field the keys: a program's spec selected (typing replaces it), the bare
        ``codingame:`` prefix not (the command is typed after it)."""
        self.selected = -1
        self.input.focus(select=self.spec.strip() != "codingame:")

    @property
    def names(self) -> list[str]:
        tests = self.scene.tests
        if tests.names:
            return tests.names
        from arcade.games.runway.outside import bundled_tests

        tests.names = [name for name, _ in bundled_tests()]
        return tests.names

    def is_idle(self) -> bool:
        """Results arrive from the worker while the tests run; once they have all come (or none
        were started) the panel changes only on input, and was drawn 60 times a second."""
        return not self.scene.tests.running

    # -- actions --------------------------------------------------------------------------------
    def run_all(self) -> None:
        self.error = self.scene.run_tests(self.spec.strip())
        if not self.error:
            self.selected = 0

    def watch(self, row: int) -> None:
        name = self.names[row]
        if self.scene.watch_test(name):
            self.close()
        elif self.scene.tests.running:
            self.error = f"{name} has not finished yet."
        else:
            self.error = "Run the tests first (Enter on the command)."

    # -- layout and input -------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        assert self.app is not None
        count = len(self.names)
        theme = self.app.theme
        px = theme.px  # the panel grows with the window's UI scale (1.0 up to 1280x800)
        width = min(px(760), size[0] - 40)
        widths = [b.preferred_width(theme, 16) + px(20) for b in self.buttons]
        # The line under the list, left of the buttons: the keys, or an error wrapped whole (a typo in
        # the protocol was cut at "(choose from: c…", the empty command's example at "codingame:p…").
        text_w = width - 36 - sum(w + 8 for w in widths)
        self.hint_lines = wrap_whole(theme, self.hint_text(), self.HINT_SIZE, text_w)
        line_h = theme.font(self.HINT_SIZE).get_linesize()
        extra = max(0, len(self.hint_lines) * line_h - px(40))  # what the buttons' band does not hold
        chrome = px(170)
        row_h = max(18, min(px(self.ROW), (size[1] - px(240) - extra) // max(1, count)))
        height = min(size[1] - 20, chrome + extra + row_h * count)
        # A long error in a low window: the rows give it room (they are short-lived: typing clears it).
        row_h = max(12, min(row_h, (height - chrome - extra) // max(1, count)))
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.field = pygame.Rect(self.panel.x + 16, self.panel.y + px(52), width - 32, px(32))
        top = self.field.bottom + px(10)
        self.row_rects = [pygame.Rect(self.panel.x + 16, top + i * row_h, width - 32, row_h - 2) for i in range(count)]
        x = self.panel.right - 16
        for b, w in zip(reversed(self.buttons), reversed(widths), strict=True):
            x -= w
            b.rect = pygame.Rect(x, self.panel.bottom - px(46), w, px(34))
            x -= 8
        block = len(self.hint_lines) * line_h
        self.hint_rect = pygame.Rect(self.panel.x + 18, min(self.panel.bottom - px(29) - block // 2,
                                                            self.panel.bottom - 10 - block),
                                     text_w, block)
        self._laid_out = (size, self.hint_text())

    def hint_text(self) -> str:
        """The line under the list: the error if there is one, else the hovered (or selected) row's
        failure in full, else what the keys do.

        A row is one line and a failure's reason is cut to fit it ("exited with status 1 without
        answering: ModuleNotFo…"); the reason is what a bot author needs, so it is shown whole here,
        wrapped, at any window size.
        """
        if self.error:
            return self.error
        row = self.hovered if self.hovered is not None else self.selected
        if 0 <= row < len(self.names):
            run = self.scene.tests.runs.get(self.names[row])
            if run is not None and not run.passed:
                return run.line()
        # Short enough to fit beside the buttons (the longer one was cut after "↓ then Enter or").
        return (f"Enter runs every test · ↓ Enter or a click: watch one · {FIELD_KEYS}" if self.selected == -1
                else "Enter or click: watch this run · ↑ command · Esc close")

    def handle(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = next((i for i, rect in enumerate(self.row_rects) if rect.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.field.collidepoint(event.pos):
                if self.selected == -1:
                    self.input.click(event.pos)
                else:
                    self.focus_field()
            for i, rect in enumerate(self.row_rects):
                if rect.collidepoint(event.pos):
                    self.selected = i
                    self.watch(i)
                    return True
            if not self.panel.collidepoint(event.pos):
                self.close()
        elif event.type == pygame.KEYDOWN:
            if self.selected == -1 and self.type_into(event):
                return True
            count = len(self.names)
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif (step := focus_step(event)) is not None:
                self.selected = min(count - 1, max(-1, self.selected + step))
                if self.selected == -1:
                    self.focus_field()
            elif event.key in (pygame.K_HOME, pygame.K_END):  # on a row (the field's own move its caret)
                if event.key == pygame.K_HOME:
                    self.focus_field()
                else:
                    self.selected = count - 1
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.selected == -1:
                    self.run_all()
                else:
                    self.watch(self.selected)
        return True

    def type_into(self, event: pygame.event.Event) -> bool:
        """Edit the command with a key press (the framework's text field); False when the key is not the field's."""
        if not self.input.handle(event):
            return False
        self.error = ""
        return True

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        tests = self.scene.tests
        if self._laid_out != (self.app.size, self.hint_text()):
            self.resize(self.app.size)  # an error came or went: its lines take their room
        draw_backdrop(surface)
        draw_panel(surface, theme, self.panel)
        done = [tests.runs[n] for n in tests.names if n in tests.runs]
        status = ""
        if tests.spec and tests.runs:
            status = f"{short_name(tests.spec)}: passed {sum(r.passed for r in done)}/{len(tests.names)}"
            if tests.running:
                status += f" · running {len(done) + 1}/{len(tests.names)}…"
        if tests.error:
            status = tests.error
        px = theme.px
        draw_text(surface, theme, self.title, (self.panel.x + 18, self.panel.y + px(14)), size=24, bold=True)
        draw_text(surface, theme, status, (self.panel.right - 18, self.panel.y + px(20)), size=15, anchor="topright",
                  colour=theme["text_dim"], max_width=self.panel.width // 2)
        focused = self.selected == -1
        pygame.draw.rect(surface, theme["background"], self.field, border_radius=6)
        pygame.draw.rect(surface, theme["accent" if focused else "panel_light"], self.field, width=1,
                         border_radius=6)
        self.input.draw(surface, theme, self.field, size=16, focused=focused, placeholder=SPEC_PLACEHOLDER)
        for i, (name, rect) in enumerate(zip(self.names, self.row_rects, strict=False)):
            if i == self.selected:
                pygame.draw.rect(surface, theme["panel_light"], rect, border_radius=6)
            run = tests.runs.get(name)
            if run is not None:
                text, role = run.line(), ("good" if run.passed else "error")
                mark = "✓" if run.passed else "✗"
            elif tests.running and tests.spec:
                text, role, mark = f"{name}: waiting…", "text_dim", "·"
            else:
                text, role, mark = f"{name}: not run", "text_dim", "·"
            design_h = rect.height / theme.scale  # the row's height in design pixels
            size = 15 if design_h >= 20 else 13 if design_h >= 14 else 11
            draw_text(surface, theme, mark, (rect.x + px(10), rect.centery), size=size, bold=True, anchor="midleft",
                      colour=theme[role])
            draw_text(surface, theme, text, (rect.x + px(32), rect.centery), size=size, anchor="midleft",
                      colour=theme["text"] if run is not None else theme["text_dim"], max_width=rect.width - px(40))
        for b in self.buttons:
            b.draw(surface, theme, 16)
        line_h = theme.font(self.HINT_SIZE).get_linesize()
        for i, line in enumerate(self.hint_lines):
            draw_text(surface, theme, line, (self.hint_rect.x, self.hint_rect.y + i * line_h), size=self.HINT_SIZE,
                      colour=theme["error" if self.error else "text_dim"])
