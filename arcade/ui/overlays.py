"""Overlay scenes (ui): pause with the current game's keys, results, and short confirmations.

Overlays dim the scene below, show a centred panel, and take the keyboard: Esc closes
them, Enter picks the first button, and every button is also clickable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from arcade.core.registry import LEVELS_BUTTON, NEW_BOARD_BUTTON
from arcade.ui.focus import focus_in_grid
from arcade.ui.input import standard_action
from arcade.ui.key_table import KeyRow, key_indent, key_table_rows, row_lines
from arcade.ui.keymap import parse_keys
from arcade.ui.scene import Scene
from arcade.ui.scrolling import NOTCH_LINES, Scroll
from arcade.ui.text import draw_text, wholly_inside, wrap_text
from arcade.ui.theme import Theme
from arcade.ui.widgets import Button

if TYPE_CHECKING:
    from arcade.ui.app import App

_BACKDROPS: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


def draw_backdrop(surface: pygame.Surface, alpha: int = 150) -> None:
    """Dim everything drawn so far (the scene under an overlay); the shade surface is cached."""
    key = (surface.get_size(), alpha)
    shade = _BACKDROPS.get(key)
    if shade is None:
        if len(_BACKDROPS) > 8:
            _BACKDROPS.clear()
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, alpha))
        _BACKDROPS[key] = shade
    surface.blit(shade, (0, 0))


def draw_panel(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, role: str = "accent") -> None:
    """The dialog panel every overlay draws its content on: shadow, fill and a 2 px outline in the ``role``
    colour ("accent", "warning" ...), so every dialog looks the same.
    """
    shadow = rect.move(0, 6)
    pygame.draw.rect(surface, theme["shadow"], shadow, border_radius=14)
    pygame.draw.rect(surface, theme["panel"], rect, border_radius=14)
    pygame.draw.rect(surface, theme[role], rect, width=2, border_radius=14)


#: Height of a row of panel buttons (a 38-pixel button and its gap).
BUTTON_ROW = 46


def button_rows(widths: list[int], room: int, gap: int) -> list[list[int]]:
    """Indices of buttons ``widths`` wide, in rows no wider than ``room`` (at least one a row)."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, w in enumerate(widths):
        if rows[-1] and used + gap + w > room:
            rows.append([])
            used = 0
        used += (gap if rows[-1] else 0) + w
        rows[-1].append(i)
    return rows if rows[0] else []


class PanelScene(Scene):
    """A centred panel with a title, wrapped body lines, a key table and a row of buttons."""

    overlay = True

    def __init__(
        self,
        title: str,
        lines: list[str] | None = None,
        buttons: list[tuple[str, Callable[[], None]]] | list[tuple[str, Callable[[], None], str]] | None = None,
        *,
        role: str = "accent",
        keys: list[tuple[str, str]] | None = None,
    ) -> None:
        super().__init__()
        self.title = title
        self.lines = lines or []
        self.role = role
        self.keys = keys or []
        # A button may carry a hotkey ("R"): it works on the panel as the button's label says.
        self.buttons = [Button(spec[0], self._wrap(spec[1]), hotkey=spec[2] if len(spec) > 2 else "")
                        for spec in (buttons or [])]
        self.selected = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        #: The key table's scroll (wheel, PgUp/PgDn) when it is taller than the panel.
        self.key_scroll = Scroll()
        self._body: list[str] = []
        self._keys_h = 0
        #: The key table's columns: each one's x from the first and its rows (see :meth:`_layout_keys`).
        self._key_columns: list[tuple[int, list[KeyRow]]] = []
        #: Height taken by rows of buttons after the first (they wrap in a narrow window) and the keys line.
        self._buttons_extra = 0
        #: The line under the buttons that names the panel's keys, as laid out ("": none), and its height.
        self._hint = ""
        self._hint_h = 0

    #: Close the panel before running a button's action (result panels: every choice leaves them).
    close_first = False
    #: "center", or "bottom" to leave the middle of the screen visible (Runway's fall stays in view).
    placement = "center"
    #: What Esc does here, in the keys line under the buttons.
    escape_words = "close"

    def keys_hint(self, width: int) -> str:
        """The line under the buttons that names the panel's keys, as short as ``width`` pixels
        need ("" without buttons or room): a keyboard player saw a ring on one button and nothing
        saying that ← → move it, Enter presses it, Esc closes the panel or M goes to the menu."""
        if not self.buttons or self.app is None:
            return ""
        moves = ["←→ choose"] if len(self.buttons) > 1 else []
        # A button of Esc's own (Tron's Look at board) names what Esc does; the others' keys follow.
        esc = next((b.label.lower() for b in self.buttons if b.hotkey == "Esc"), self.escape_words)
        keyed = [f"{b.hotkey} {b.label.lower()}" for b in self.buttons if b.hotkey and b.hotkey != "Esc"]
        menu = [f"{PANEL_KEYS[MAIN_MENU]} {MAIN_MENU.lower()}"] if any(
            b.label == MAIN_MENU and b.hotkey for b in self.buttons) else []
        font = self.app.theme.font(HINT_SIZE)
        # The whole line, then the menu's key alone (Tron's six keyed buttons), then Enter and Esc.
        for parts in ([*moves, "Enter press", f"Esc {esc}", *keyed], [*moves, "Enter press", f"Esc {esc}", *menu],
                      [*moves, "Enter press", f"Esc {esc}"], [*moves, "Enter", "Esc"]):
            line = " · ".join(parts)
            if font.size(line)[0] <= width:
                return line
        return ""

    def _wrap(self, action: Callable[[], None]) -> Callable[[], None]:
        if not self.close_first:
            return action

        def run() -> None:
            self.close()
            action()

        return run

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        assert self.app is not None
        theme = self.app.theme
        px = theme.px  # the panel grows with the window's UI scale (1.0 up to 1280x800)
        widths = [b.preferred_width(theme, 17) for b in self.buttons]
        gap = px(10)
        # Wide enough for the row of buttons where the window allows (Tron's match result had
        # six, and two stuck out of a 700-pixel panel); what still does not fit goes on two rows.
        width = min(max(px(700), sum(widths) + gap * max(0, len(widths) - 1) + px(48)), size[0] - 40)
        height = self._layout_keys(width, 1)
        if height > size[1] - 20 and size[0] >= 900:
            # Too many keys for one column (Tron, Runway): two columns on a wider panel, nothing cut.
            width = min(px(1180), size[0] - 40)
            height = self._layout_keys(width, 2)
        rows = button_rows(widths, width - px(32), gap)
        self._buttons_extra = px(BUTTON_ROW) * max(0, len(rows) - 1)
        self._hint = self.keys_hint(width - px(32))
        self._hint_h = theme.font(HINT_SIZE).get_linesize() + px(2) if self._hint else 0
        self._buttons_extra += self._hint_h  # the keys line sits under the buttons, inside the panel
        height = min(height + self._buttons_extra, size[1] - 20)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        if self.placement == "bottom":
            self.panel.midbottom = (size[0] // 2, size[1] - 8)
        top = self.panel.bottom - px(56) - self._buttons_extra
        for r, row in enumerate(rows):
            total = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = self.panel.centerx - total // 2
            for i in row:
                self.buttons[i].rect = pygame.Rect(x, top + r * px(BUTTON_ROW), widths[i], px(38))
                x += widths[i] + gap
        for b in self.buttons:  # end-to-end tests click them where they were laid out (no-op untraced)
            self.app.trace(f"overlay-button {b.rect.x} {b.rect.y} {b.rect.width} {b.rect.height} {b.label}")
        self._fit_keys()

    def _fit_keys(self) -> None:
        """The key table's scroll over :meth:`keys_area` (again at each draw: a subclass may move the
        panel), stopping on the rows' tops (:meth:`key_row_tops`)."""
        self.key_scroll.fit(self.keys_area(), self._keys_h if self.keys else 0, self.key_row_tops())

    def key_row_tops(self) -> list[int]:
        """Where each key row starts in the table, in both columns: the scroll stops there (as How
        to play's does, :attr:`Scroll.stops`). It stepped by lines, and with only whole rows drawn
        a wrapped key scrolled half past the top left a blank line there, and PgDn stepped over a
        three-line row cut at the bottom, shown in neither page."""
        tops: list[int] = []
        for _x, rows in self._key_columns:
            y = 0
            for row in rows:
                tops.append(y)
                y += self.key_line * row_lines(row)
        return tops

    def _layout_keys(self, width: int, columns: int) -> int:
        """Wrap the body and the key table for a panel ``width`` wide; returns the height it needs.

        Each key's meaning wraps onto more lines rather than being cut; with two columns the rows
        are split where the line counts balance.
        """
        assert self.app is not None
        theme = self.app.theme
        px = theme.px
        self._body = [line for text in self.lines for line in wrap_text(theme, text, 18, width - px(48))]
        column_w = (width - px(48) - px(24) * (columns - 1)) // columns
        # As wide as the longest key needs (plus the gap), but never more than 45 % of the column.
        key_font = theme.font(16, True)
        widest = max((key_font.size(keys)[0] for keys, _what in self.keys), default=0)
        self._keys_w = min(max(widest + px(16), column_w // 3), int(column_w * 0.45))
        label_w = column_w - self._keys_w - px(16)
        # A key too wide for its column wraps onto more lines too, whole: Hashi's pause showed
        # "Left-drag from an i…" and "Ctrl+Y / Ctrl+Shift+…", the very words the table is for.
        rows = key_table_rows(theme, self.keys, 16, self._keys_w - px(8), label_w)
        total = sum(row_lines(row) for row in rows)
        split, seen = len(rows), 0
        if columns == 2:
            for i, row in enumerate(rows):
                if seen >= total / 2:
                    split = i
                    break
                seen += row_lines(row)
        self._key_columns = [(0, rows[:split])] + ([(column_w + px(24), rows[split:])] if columns == 2 else [])
        self._label_w = label_w
        longest = max((sum(row_lines(row) for row in part) for _, part in self._key_columns), default=0)
        self._keys_h = self.key_line * longest
        return px(70) + px(26) * len(self._body) + self.key_line * longest + (px(16) if longest else 0) + px(70)

    @property
    def key_line(self) -> int:
        """A key table line's height: 22 design pixels at the UI scale."""
        return self.app.theme.px(22) if self.app is not None else 22

    def keys_area(self) -> pygame.Rect:
        """Where the key table is drawn: below the body, above the buttons, a whole number of
        22-pixel lines high -- so every scroll position shows whole rows (the last row showed
        cut in half above "more keys")."""
        assert self.app is not None
        px, line = self.app.theme.px, self.key_line
        top = self.panel.y + px(70) + px(26) * len(self._body) + px(8)
        bottom = self.panel.bottom - px(70) - self._buttons_extra
        return pygame.Rect(self.panel.x, top, self.panel.width, max(0, bottom - top) // line * line)

    def _scrolled(self, moved: bool) -> bool:
        """Redraw after the key table scrolled (an 800x500 pause menu cut it at "…" with no way to the rest)."""
        if moved and self.app is not None:
            self.app.redraw = True
        return moved

    def handle(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN:
            for b in self.buttons:
                if b.hotkey and any(m.matches(event) for m in parse_keys(b.hotkey)):
                    b.on_click()
                    return True
            if event.key == pygame.K_ESCAPE:
                self.on_escape()
                return True
            # PgUp/PgDn only: Home/End move the buttons' focus, as ← → do.
            if self.key_scroll.keys(event, self.key_line, ends=False):
                self._scrolled(True)
                return True
            # ↑ ↓ to the row above / below where the buttons wrapped, ← → and Tab in reading order.
            moved = focus_in_grid(event, [b.rect for b in self.buttons], self.selected)
            if moved is not None:
                self.selected = moved
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.buttons:
                self.buttons[self.selected].on_click()
                return True
        if event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                if b.rect.collidepoint(event.pos):
                    self.selected = i
        if event.type == pygame.MOUSEWHEEL:
            self._scrolled(self.key_scroll.wheel(event, NOTCH_LINES * self.key_line))
        return True  # an overlay swallows everything

    def on_escape(self) -> None:
        self.close()

    def is_idle(self) -> bool:
        """A panel only changes on input (or when ``set_lines`` asks for a redraw)."""
        return True

    def draw(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        px, step = theme.px, self.key_line
        draw_backdrop(surface)
        draw_panel(surface, theme, self.panel, self.role)
        # A title too wide for the panel is drawn smaller, whole: Runway's "The program brought 2 of
        # 4 bikes home" at 640x400 ran past both of the panel's edges.
        room = self.panel.width - px(32)
        size = next((s for s in range(28, 19, -2) if theme.font(s, True).size(self.title)[0] <= room), 20)
        draw_text(surface, theme, self.title, (self.panel.centerx, self.panel.y + px(22)), size=size,
                  bold=True, anchor="midtop", colour=theme[self.role] if self.role != "accent" else None,
                  max_width=room)
        y = self.panel.y + px(70)
        for line in self._body:
            draw_text(surface, theme, line, (self.panel.x + px(24), y), size=18)
            y += px(26)
        self._fit_keys()
        area = self.key_scroll.view
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))
        for offset, rows in self._key_columns:
            y = self.key_scroll.screen_y(0)
            x = self.panel.x + px(24) + offset
            for row in rows:
                keys, lines = row
                height = step * row_lines(row)
                # Whole rows only, as How to play and the pickers draw them: at 640x400 the pause
                # table showed "pick a runway, or a saved replay to" with its last line cut off.
                if wholly_inside(y, height, area):
                    for i, part in enumerate(keys):
                        indent = key_indent(theme, i)
                        draw_text(surface, theme, part, (x + indent, y + step * i), size=16,
                                  colour=theme["highlight"], bold=True, max_width=self._keys_w - px(8) - indent)
                    for i, line in enumerate(lines):
                        draw_text(surface, theme, line, (x + self._keys_w, y + step * i), size=16,
                                  max_width=self._label_w)
                y += height
        surface.set_clip(clip)
        self.key_scroll.draw_bar(surface, theme, self.panel.right - px(12))
        if self.key_scroll.more:
            draw_text(surface, theme, "↓ more keys: wheel or PgDn", (self.panel.x + px(24), area.bottom + 2), size=13,
                      colour=theme["text_dim"])
        for i, b in enumerate(self.buttons):
            b.draw(surface, theme, 17, focused=i == self.selected)
        if self._hint:
            below = max(b.rect.bottom for b in self.buttons)  # (moved with the panel's bottom by a subclass)
            draw_text(surface, theme, self._hint, (self.panel.centerx, below + px(3)), size=HINT_SIZE,
                      colour=theme["text_dim"], anchor="midtop")


class PauseScene(PanelScene):
    """Esc or P in a game: resume (Esc or P again), settings, how to play, the keys, back to the menu.

    How to play is a button here because F1 and ? are keys: a player who only uses the mouse saw
    the rules once, on the game's first opening, and had no way back to them. Main menu has the
    key every result panel gives it (:data:`PANEL_KEYS`), listed last in the keys table: M did
    nothing here while M on a result panel went to the menu."""

    escape_words = "resume"

    def __init__(self, game_scene: Scene, keys: list[tuple[str, str]], reason: str = "") -> None:
        """``reason`` is a line above the buttons saying why the game paused when the player did not
        ask (the window went away in the middle of a Tron round)."""
        self.game_scene = game_scene
        menu_key = PANEL_KEYS[MAIN_MENU]
        super().__init__(
            f"Paused — {game_scene.title}",
            [reason] if reason else [],
            [
                ("Resume", self.close),
                ("Settings", self.open_settings),
                ("How to play", self.open_how_to_play),
                (MAIN_MENU, self.to_menu, menu_key),
            ],
            keys=[*keys, (menu_key, "main menu (this panel's button)")],
        )

    def handle(self, event: pygame.event.Event) -> bool:
        # The key that paused resumes: P pauses and P again plays on, like Esc.
        if event.type == pygame.KEYDOWN and standard_action(event) == "pause":
            self.close()
            return True
        return super().handle(event)

    def open_settings(self) -> None:
        from arcade.ui.settings_scene import SettingsScene

        assert self.app is not None
        self.app.push(SettingsScene())

    def open_how_to_play(self) -> None:
        """The game's how-to page over this panel (closing it comes back here, as Settings does)."""
        self.game_scene.open_how_to_play()  # type: ignore[attr-defined]

    def to_menu(self) -> None:
        assert self.app is not None
        self.app.back_to_menu()


#: The keys line's text size (the Settings' and the menu's are 13-14).
HINT_SIZE = 13
#: The result panel's buttons, worded once for every game.
PLAY_AGAIN = "Play again"
LOOK_AT_BOARD = "Look at board"
MAIN_MENU = "Main menu"
NEXT_LEVEL = "Next level"
#: Result buttons that leave the finished board (a new attempt, another level, a rematch, the menu):
#: never the one Enter presses by default.
LEAVING = frozenset({PLAY_AGAIN, MAIN_MENU, NEXT_LEVEL, LEVELS_BUTTON, NEW_BOARD_BUTTON, "Rematch"})
#: The key of a panel button every game's result and pause panels have: M was Main menu on Tron's
#: match result only, then on every result panel but not on the pause panel.
PANEL_KEYS = {MAIN_MENU: "M"}
#: Seconds a result panel takes no key or click after it opens. The game often ends on the
#: player's own key (Battle Royale's last step, with Enter -- "finish on the centre" -- already
#: on its way): that press was meant for the board, not for the panel that came up under it.
ARM_SECONDS = 0.5


def default_button(labels: list[str]) -> int:
    """The button a result panel focuses first: "Look at board" (it only closes the panel), else
    the first that does not leave the finished board, else the first."""
    if LOOK_AT_BOARD in labels:
        return labels.index(LOOK_AT_BOARD)
    return next((i for i, label in enumerate(labels) if label not in LEAVING), 0)


class ResultScene(PanelScene):
    """Shown when a game ends: what happened, the numbers, and what to do next.

    Every button closes the panel first, so an action like "Menu" only has to close the game.
    A result must be read before it can be dismissed by accident: the panel takes no key or
    click for :data:`ARM_SECONDS` after it opens, a key already down as it opens acts only after
    its release, and Enter's default is a button that keeps the board (Enter right after the
    last move used to land on "Play again" and throw the result away).
    """

    close_first = True
    escape_words = "back to the board"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.selected = default_button([b.label for b in self.buttons])
        for button in self.buttons:  # one key for a button every result has, in every game
            button.hotkey = button.hotkey or PANEL_KEYS.get(button.label, "")
        #: Seconds the panel has been open (it takes input from :data:`ARM_SECONDS` on).
        self.opened = 0.0

    @property
    def armed(self) -> bool:
        return self.opened >= ARM_SECONDS

    def enter(self, app: App) -> None:
        super().enter(app)
        app.held_keys.hold_down()
        self._trace()

    def update(self, dt: float) -> None:
        self.opened += dt

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.armed and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                             pygame.MOUSEMOTION):
            # Meant for the board the panel came up over -- a pointer moving over the board where
            # the buttons then appeared too: it focused "Next level" under it, Enter's default.
            return True
        return super().handle(event)

    def reopen(self) -> None:
        """Make the panel ready to be shown again (the game's Result button): focus and arming as new."""
        self.opened = 0.0
        self.selected = default_button([b.label for b in self.buttons])

    def set_lines(self, lines: list[str]) -> None:
        """New body text (a figure that arrived while the panel was open), laid out again."""
        self.lines = lines
        if self.app is not None:
            self.app.redraw = True
            self.resize(self.app.size)
            self._trace()

    def _trace(self) -> None:
        """What the result says, for the end-to-end tests (a no-op without $PUZZLE_ARCADE_TRACE)."""
        if self.app is not None:
            self.app.trace(" | ".join(["result " + self.title, *self.lines]))
