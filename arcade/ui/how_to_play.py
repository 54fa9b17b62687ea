"""How to play (ui): a game's rules in a few sentences, a worked example drawn by the game's own view, every key.

The rules come from the game's ``GameInfo.how_to_play``; the example is the game's
``GameFront.example()`` -- a tiny level and a few moves -- played on a real scene of the
game in *preview* mode (no saves, no records, no overlays), so the example looks exactly
like the game; the keys come from the same keymap that drives the game. It opens from
the menu (? on a game), with F1 in a game, and by itself the first time a game is opened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from arcade.core.game import Example
from arcade.core.registry import GameInfo
from arcade.core.session import Session
from arcade.ui.key_table import KEY_INDENT, KeyRow, key_table_rows, row_lines
from arcade.ui.keymap import help_rows
from arcade.ui.overlays import draw_backdrop, draw_panel
from arcade.ui.pointer import ARROW, first_shape, hand_over
from arcade.ui.scene import Scene
from arcade.ui.scrolling import NOTCH_LINES, Scroll
from arcade.ui.stepper import SteppedWalk
from arcade.ui.text import draw_text, fitting_prefix, wholly_inside, wrap_text
from arcade.ui.transport import PlayerButtons
from arcade.ui.widgets import Button, Toolbar

if TYPE_CHECKING:
    from arcade.ui.game_scene import GameScene

#: Seconds each step of the example stays on screen while it plays by itself.
STEP_SECONDS = 1.8
#: The example's player buttons' hover help: its steps are moves, not ticks, and Home/End scroll the column.
PLAYER_TOOLTIPS = {"start": "First step", "back": "Step back [←]", "play": "Play / pause [Space]",
                   "step": "Step on [→]", "end": "Last step"}
#: The example's keys, beside its player buttons (see :meth:`HowToPlayScene.hint`).
HINTS = ("Tab buttons · ← → step · Space play/pause · Enter close", "← → step · Space play/pause · Enter close",
         "← → step · Space play/pause")
#: The keys that scroll the rules-and-keys column a line (PgUp/PgDn and Home/End: :meth:`Scroll.keys`).
LINE_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1}


class HowToPlayScene(Scene):
    """The overlay. ←/→ step through the example, Space plays/pauses it, Esc or Enter closes.

    The mouse has the same through the framework's player buttons under the example (⏮ ◀ ▶/⏸ ▶ ⏭):
    a click on the example stepped it and paused it, and nothing made it play again.

    Tab reaches those buttons and Got it through the framework's focus ring (:attr:`focus`, a
    :class:`Toolbar` with no row of its own), as in every game: Tab did nothing here, so ⏮ and ⏭
    took a mouse. While a button has the ring, Enter / Space press it and Esc lets it go.
    """

    overlay = True

    def __init__(self, info: GameInfo, keys: list[tuple[str, str]] | None = None) -> None:
        super().__init__()
        self.info = info
        self.title = f"How to play {info.title}"
        self.keys = keys
        self.example: Example | None = None
        self.preview: GameScene | None = None
        #: Which step of the example is shown, played or stepped (the framework's stepped walk).
        self.walk = SteppedWalk(1, STEP_SECONDS)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.example_rect = pygame.Rect(0, 0, 0, 0)
        #: Lines under the example for its caption (see :meth:`_caption_lines_needed`).
        self.caption_lines = 2
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.close_button = Button("Got it", self.close, hotkey="Enter")
        self.player = PlayerButtons({"start": lambda: self.step_to(0), "back": lambda: self.step_to(self.step - 1),
                                     "play": self.toggle, "step": lambda: self.step_to(self.step + 1),
                                     "end": lambda: self.step_to(self.steps - 1)}, PLAYER_TOOLTIPS)
        #: The keyboard's focus ring over Got it and the player buttons (see the class).
        self.focus = Toolbar()
        self.focus.rows = self.button_rows
        self._body: list[str] = []
        #: The rules-and-keys column's scroll (wheel, ↑ ↓, PgUp/PgDn, Home/End) when it is taller than the page.
        self.scroll = Scroll()
        #: Where the meanings start, and each key with its meaning wrapped (see :meth:`_layout_keys`).
        self.key_column = 0
        self.key_rows: list[KeyRow] = []

    def enter(self, app: Any) -> None:
        super().enter(app)
        front = self.info.load_front()
        self.example = front.example()
        if self.example is not None:
            rules = self.info.load_rules()
            # The game's own AI hooks, never run here, so the page lists the same keys as the game.
            session = Session(rules, rules.parse_level(self.example.level, "example"), **front.hooks())
            for move in self.example.moves:
                session.play(move)
            session.seek(0)
            self.preview = front.make_scene(app, session)
            self.preview.start_preview(app)
        if self.keys is None:  # a toolbar button named with its keys, "Hint (H)", from the same bindings
            self.keys = (self.preview.how_to_play_lines() if self.preview is not None
                         else help_rows(self.info.keymap, buttons=True))

    def button_rows(self) -> list[list[Button]]:
        """The buttons the page shows, for the focus ring: Got it, and the player's when the example is drawn."""
        return [[self.close_button], self.player.values() if self.example_rect.width else []]

    # -- stepping ----------------------------------------------------------------------------
    @property
    def steps(self) -> int:
        return len(self.example.moves) + 1 if self.example is not None else 0

    @property
    def step(self) -> int:
        """The example's step shown."""
        return self.walk.index

    @property
    def playing(self) -> bool:
        return self.walk.playing

    @playing.setter
    def playing(self, value: bool) -> None:
        self.walk.playing = value

    def show(self, step: int) -> None:
        if self.preview is None:
            return
        self.walk.count = max(1, self.steps)
        self.walk.show(step)
        self.preview.show_preview_step(self.step)
        if self.app is not None:
            self.app.redraw = True

    def step_to(self, step: int) -> None:
        """Show ``step`` (wrapping round, like → past the last) and stop playing: the player took over."""
        if self.preview is not None:
            self.walk.playing = False
            self.show(step)

    def toggle(self) -> None:
        """Play the example by itself from where it is, or pause it (Space, the ▶/⏸ button)."""
        self.walk.toggle()
        if self.app is not None:
            self.app.redraw = True

    def update(self, dt: float) -> None:
        self.player.update(self.step, self.steps - 1, playing=self.playing, more=True)  # → wraps to the start
        if self.preview is None:
            return
        self.walk.count = max(1, self.steps)
        if self.walk.update(dt):
            self.show(self.walk.index)

    def is_idle(self) -> bool:
        """Always, playing or not: the example is shown a step at a time without animation
        (:meth:`show` asks for the one frame a step needs), so drawing it 60 times a second between
        steps changed nothing and kept a whole core busy on Runway's page, the first thing a
        player sees."""
        return True

    # -- layout ------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        assert self.app is not None
        w, h = size
        px = self.app.theme.px  # the page grows with the window's UI scale (1.0 up to 1280x800)
        self.panel = pygame.Rect(0, 0, min(px(1180), w - 40), min(px(760), h - 30))
        self.panel.center = (w // 2, h // 2)
        inner = self.panel.inflate(-40, -40)
        side = self.preview is not None and inner.width >= 700
        text_w = inner.width // 2 - 10 if side else inner.width
        head, foot = px(46), px(56)
        self.text_rect = pygame.Rect(inner.x, inner.y + head, text_w, inner.height - head - foot)
        example_h = inner.height - head - foot
        self.caption_lines = self._caption_lines_needed(inner.width - text_w - 20, example_h) if side else 0
        self.example_rect = (pygame.Rect(inner.x + text_w + 20, inner.y + head, inner.width - text_w - 20,
                                         example_h - px(10) - px(20) * self.caption_lines)
                             if side else pygame.Rect(0, 0, 0, 0))
        if self.preview is not None and self.example_rect.width:
            self.preview.layout_preview(self.example_rect)
            self.show(self.step)
        self._body = [line for text in self.info.how_to_play
                      for line in wrap_text(self.app.theme, text, 17, self.text_rect.width)]
        self._layout_keys()
        self.close_button.rect = pygame.Rect(0, 0, self.close_button.preferred_width(self.app.theme, 17) + px(20),
                                             px(38))
        self.close_button.rect.midbottom = (self.panel.centerx, self.panel.bottom - px(16))
        # The player buttons on the close button's row, under the example's right edge; the example's
        # keys beside them (they stood above the example, against the title's right end at 1024x640).
        side_px = px(30)
        if self.example_rect.width:
            right = self.example_rect.right - 5 * side_px - 4 * px(4)
            self.player.layout(right, self.close_button.rect.centery - side_px // 2, side_px, side_px, px(4))
        else:
            self.player.layout(0, 0, 0, 0)

    def _caption_lines(self, step: int, width: int) -> list[str]:
        """Step ``step``'s caption wrapped to ``width``, its counter ("1/3 ·") in front."""
        assert self.app is not None and self.example is not None
        caption = self.example.captions[step] if step < len(self.example.captions) else ""
        return wrap_text(self.app.theme, f"{step}/{self.steps - 1} · {caption}", 16, width)

    def _caption_lines_needed(self, width: int, height: int) -> int:
        """Lines under the example for its longest caption (at least 2, and the example keeps at
        least half of ``height``): with the Text size at 150 % in a 800x500 window the captions were
        cut after two lines, mid-sentence, with nothing to say there was more."""
        if self.example is None or self.app is None:
            return 2
        px = self.app.theme.px
        most = max(2, (height // 2 - px(10)) // px(20))
        longest = max((len(self._caption_lines(step, width)) for step in range(self.steps)), default=2)
        return max(2, min(longest, most))

    def _layout_keys(self) -> None:
        """The key column as wide as the longest key needs (within reason), each meaning wrapped.

        A meaning wraps onto a second line rather than being cut; the column scrolls when the
        rules and keys are taller than the page (at 800x500 no key was shown at all).
        """
        assert self.app is not None
        theme = self.app.theme
        width = self.text_rect.width
        widest = max((theme.font(14, True).size(keys)[0] for keys, _meaning in self.keys or []), default=0)
        self.key_column = self.text_rect.x + min(max(widest + theme.px(12), width // 3), width // 2)
        # A key too wide for its column wraps, whole, like the pause screen's (it was cut at "…").
        self.key_rows = key_table_rows(theme, self.keys or [], 14, self.key_column - self.text_rect.x - 8,
                                       self.text_rect.right - self.key_column)
        self.scroll.fit(self.text_rect, self.content_height, self.row_tops())

    def row_tops(self) -> list[int]:
        """The content top of every line of the rules, of the "Keys" heading and of every key row:
        where a scroll may stop (:attr:`Scroll.stops`), so a key whose meaning wrapped is never
        shown from its second line, the key and its first line above the view."""
        px = self.app.theme.px if self.app is not None else int
        tops = [px(24) * i for i in range(len(self._body))]
        y = px(24) * len(self._body) + px(14)
        tops.append(y)
        y += px(26)
        for row in self.key_rows:
            tops.append(y)
            y += px(20) * row_lines(row)
        return tops

    @property
    def content_height(self) -> int:
        """The rules, a gap, the "Keys" heading and every key row, in pixels (see :meth:`draw`)."""
        px = self.app.theme.px if self.app is not None else int
        return (px(24) * len(self._body) + px(14) + px(26)
                + sum(px(20) * row_lines(row) for row in self.key_rows))

    @property
    def line(self) -> int:
        """A line of the rules, in pixels: what ↑ ↓ scroll, NOTCH_LINES of them a wheel notch."""
        return self.app.theme.px(24) if self.app is not None else 24

    # -- input ---------------------------------------------------------------------------------
    def pointer_shape(self, pos: tuple[int, int]) -> str:
        """The buttons' hand, and a hand over the example (a click shows its next step)."""
        return first_shape(self.pointer_widgets(), pos) or hand_over((self.example_rect,), pos) or ARROW

    def handle(self, event: pygame.event.Event) -> bool:
        if self.focus.handle(event):
            self._moved(True)  # the ring moved (or a press ran): draw it
            return True
        if self.close_button.handle(event):
            return True
        if self.example_rect.width and self.player.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_F1):
                self.close()
            elif event.key == pygame.K_RIGHT:
                self.step_to(self.step + 1)
            elif event.key == pygame.K_LEFT:
                self.step_to(self.step - 1)
            elif event.key == pygame.K_SPACE:
                self.toggle()
            elif event.key in LINE_KEYS:
                self._moved(self.scroll.by(LINE_KEYS[event.key] * self.line))
            else:
                self._moved(self.scroll.keys(event, self.line))
        elif event.type == pygame.MOUSEWHEEL:
            self._moved(self.scroll.wheel(event, NOTCH_LINES * self.line))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.example_rect.collidepoint(event.pos):
            self.step_to(self.step + 1)
        return True  # an overlay swallows everything

    def _moved(self, moved: bool) -> None:
        if moved and self.app is not None:
            self.app.redraw = True

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        draw_backdrop(surface, 190)
        draw_panel(surface, theme, self.panel)
        draw_text(surface, theme, self.title, (self.panel.centerx, self.panel.y + theme.px(18)), size=28, bold=True,
                  anchor="midtop")
        self._draw_column(surface)
        if self.preview is not None and self.example is not None and self.example_rect.width:
            self._draw_example(surface)
        self.close_button.draw(surface, theme, 17)
        self.focus.draw(surface, theme)  # only the ring: the focus toolbar has no row of its own

    def _draw_column(self, surface: pygame.Surface) -> None:
        """The rules, then every key, clipped to the column and scrolled; a bar and a hint when it scrolls."""
        assert self.app is not None
        theme = self.app.theme
        rect = self.text_rect
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip))
        for text, pos, size, bold, role, max_width in self.column_lines():
            if not wholly_inside(pos[1], theme.font(size, bold).get_height(), rect):
                continue  # cut by the column's edge: whole once scrolled to, never half
            draw_text(surface, theme, text, pos, size=size, bold=bold, colour=theme[role], max_width=max_width)
        surface.set_clip(clip)
        self.scroll.draw_bar(surface, theme, rect.right + 4)
        if self.scroll.more:
            draw_text(surface, theme, "↓ more: wheel, ↓ or PgDn", (rect.x, rect.bottom + 4), size=13,
                      colour=theme["text_dim"])

    def column_lines(self) -> list[tuple[str, tuple[int, int], int, bool, str, int | None]]:
        """The column's lines at the current scroll: (text, top-left, size, bold, colour role, max width).
        :meth:`_draw_column` leaves out a line the column's top or bottom edge would cut: at 800x600 a
        sliver of the next key row showed above "↓ more", cut in half, unreadable."""
        rect = self.text_rect
        px = self.app.theme.px if self.app is not None else int
        items: list[tuple[str, tuple[int, int], int, bool, str, int | None]] = []
        y = self.scroll.screen_y(0)
        for line in self._body:
            items.append((line, (rect.x, y), 17, False, "text", None))
            y += px(24)
        y += px(14)
        items.append(("Keys", (rect.x, y), 17, True, "accent", None))
        y += px(26)
        column, step = self.key_column, px(20)
        for row in self.key_rows:
            keys, lines = row
            for i, part in enumerate(keys):
                indent = px(KEY_INDENT) if i else 0
                items.append((part, (rect.x + indent, y + step * i), 14, True, "highlight",
                              column - rect.x - px(8) - indent))
            for i, line in enumerate(lines):
                items.append((line, (column, y + step * i), 14, False, "text", None))
            y += step * row_lines(row)
        return items

    def _draw_example(self, surface: pygame.Surface) -> None:
        assert self.app is not None and self.example is not None and self.preview is not None
        theme = self.app.theme
        rect = self.example_rect
        pygame.draw.rect(surface, theme["background"], rect.inflate(8, 8), border_radius=8)
        clip = surface.get_clip()
        surface.set_clip(rect)
        self.preview.draw_board(surface)
        surface.set_clip(clip)
        counter = f"{self.step}/{self.steps - 1} ·"
        lines = self._caption_lines(self.step, rect.width)
        if len(lines) > self.caption_lines:  # no room for all of it even so: the last line says so
            kept = lines[self.caption_lines - 1]
            width = theme.font(16).size
            lines = [*lines[:self.caption_lines - 1],
                     fitting_prefix(kept, rect.width, lambda t: width(t)[0], "…").rstrip() + "…"]
        for i, line in enumerate(lines):  # the step counter stands out, the words read as one text
            x, y = rect.x, rect.bottom + theme.px(10) + theme.px(20) * i
            if i == 0 and line.startswith(counter):
                x = draw_text(surface, theme, counter, (x, y), size=16, colour=theme["info"]).right
                line = line[len(counter):]
            draw_text(surface, theme, line, (x, y), size=16, colour=theme["text"])
        self.player.draw(surface, theme)
        hint = self.hint()
        if hint:
            draw_text(surface, theme, hint, (self.player["start"].rect.left - theme.px(10),
                                             self.player["start"].rect.centery),
                      size=13, colour=theme["text_dim"], anchor="midright")

    def hint(self) -> str:
        """The example's keys, the longest of :data:`HINTS` that fits between the close button and the
        player buttons ("" when none does)."""
        assert self.app is not None
        room = self.player["start"].rect.left - self.close_button.rect.right - self.app.theme.px(26)
        font = self.app.theme.font(13)
        return next((hint for hint in HINTS if font.size(hint)[0] <= room), "")
