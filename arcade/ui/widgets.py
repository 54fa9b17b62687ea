"""Widgets (ui): the button, the toolbar that lays a row of them out, and a form row, drawn with the theme.

Widgets are laid out by their owner (``rect`` is set on resize), react to events through
``handle(event) -> bool`` (True when consumed) and read ``event.pos`` only. Each button
can carry a hotkey, shown in its tooltip and in help screens.

The other parts of the UI kit live beside this module, each named after what it holds:
:mod:`~arcade.ui.text` (drawing and wrapping text), :mod:`~arcade.ui.key_table` (keymap
tables), :mod:`~arcade.ui.toast` (messages) and :mod:`~arcade.ui.slider`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from arcade.ui.focus import focus_step
from arcade.ui.input import DOUBLE_CLICK_SECONDS, DOUBLE_CLICK_SLOP
from arcade.ui.pointer import ARROW, HAND
from arcade.ui.slider import Slider
from arcade.ui.text import draw_text
from arcade.ui.theme import Theme, blend, readable_on

Action = Callable[[], None]


@dataclass
class Button:
    """A button and its state; ``rect`` is set by whoever lays it out (a toolbar, a dialog). A game's toolbar
    buttons come from its keymap, so each does what its key does, and says why (``why_disabled``) when grey.
    """

    label: str
    on_click: Action
    hotkey: str = ""
    tooltip: str = ""
    enabled: bool = True
    toggled: bool = False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hovered: bool = False
    pressed: bool = False
    #: Optional callable re-evaluated every frame to enable/disable the button.
    enabled_when: Callable[[], bool] | None = None
    #: In a toolbar too narrow for every button, the lower priorities go into its "More" menu first.
    priority: int = 1
    #: The other texts the label switches to ("Pause AI" / "Resume AI", Runway's "AI: exact" /
    #: "AI: classic"): the button keeps the width of the widest, so the row does not move under the
    #: pointer when it switches.
    other_labels: tuple[str, ...] = ()
    #: Why a grey button does nothing, read when it is hovered or in the keyboard's focus: a press
    #: on it said nothing, so the player could not tell a limit from a broken button.
    why_disabled: Callable[[], str] | None = None
    #: Optional callable: while it is false the button is neither drawn nor pressed, but a toolbar
    #: keeps its place (the Result button before the game is over): a button that came and went
    #: moved every button after it, and a click meant for Undo landed on Edit.
    shown_when: Callable[[], bool] | None = None
    #: This button and the ones after it sit at the row's right end (the framework's Result button,
    #: whose place is kept while it is hidden: see :meth:`Toolbar.layout`). A fixed mark, never the
    #: game's state, so the row's places stay the same all game long.
    right_group: bool = False

    def is_shown(self) -> bool:
        return self.shown_when is None or self.shown_when()

    def preferred_width(self, theme: Theme, size: int, padding: int | None = None) -> int:
        """The label's width at ``size`` plus ``padding`` (default: the size plus 6 pixels), both in
        design pixels (drawn at the theme's UI scale)."""
        font = theme.font(size)
        text = max(font.size(label)[0] for label in (self.label, *self.other_labels))
        return text + theme.px(size + 6 if padding is None else padding)

    def is_enabled(self) -> bool:
        return self.enabled and (self.enabled_when is None or self.enabled_when())

    def pointer_shape(self, pos: tuple[int, int]) -> str | None:
        """A hand over the button while a click would press it; a grey or hidden one says nothing."""
        if self.rect.collidepoint(pos) and self.is_shown():
            return HAND if self.is_enabled() else ARROW
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = self.is_enabled()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos) and self.is_enabled():
                self.on_click()
                return True
            return was
        return False

    def colours(self, theme: Theme) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """(background, text) for the button's state; the text is whichever of light or dark reads better."""
        enabled = self.is_enabled()
        base = theme["panel_light"]
        # Tints kept light enough that light or dark text always reads at 4.5:1 (WCAG AA) in every
        # palette; the toggled state is also shown by a thicker accent border, not by colour alone.
        if self.toggled:
            base = blend(base, theme["accent"], 0.2)
        if self.hovered and enabled:
            base = blend(base, theme["text"], 0.08)
        if self.pressed:
            base = blend(base, theme["shadow"], 0.3)
        return base, (readable_on(base, theme["text"], theme["text_dark"]) if enabled else theme["text_dim"])

    def draw(self, surface: pygame.Surface, theme: Theme, size: int = 16, *, focused: bool = False) -> None:
        """The button in its state; ``focused``: with the keyboard's focus ring round it (:func:`draw_focus`),
        the one look of the focus in every toolbar, panel and dialog."""
        base, colour = self.colours(theme)
        radius = max(3, self.rect.height // 4)
        pygame.draw.rect(surface, base, self.rect, border_radius=radius)
        border = theme["accent"] if self.toggled else theme["grid"]
        pygame.draw.rect(surface, border, self.rect, width=2 if self.toggled else 1, border_radius=radius)
        draw_text(
            surface, theme, self.label, self.rect.center, size=size, colour=colour,
            anchor="center", max_width=self.rect.width - 6,
        )
        if focused:
            draw_focus(surface, theme, self.rect)


def draw_focus(surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
    """The keyboard's focus, drawn the same everywhere: a ring in the highlight colour round ``rect``
    and clear of it, so it reads on every palette and on a lit (toggled, hovered) button.

    The pause, result and Game ID panels and Settings' Back showed their focus as the toggled
    state's blue fill while toolbars, How to play and Tron's setup drew this ring: a player had two
    looks to learn for one thing, and the fill read as "on" on a button that toggles. The hover
    keeps its own look (a light tint), so the two never read as one."""
    if rect.width and rect.height:
        ring = rect.inflate(theme.px(6), theme.px(6))
        pygame.draw.rect(surface, theme["highlight"], ring, width=max(2, theme.px(2)),
                         border_radius=max(3, ring.height // 4))


class DoubleClickGuard:
    """Lets go of the second press of a double-click on a button that the first press changed.

    A double-click, the habit of many players, started the AI and stopped it again at once: the
    second press landed on the button the first had just turned into its opposite (Watch AI into
    Stop watching, Pause AI into Resume AI, a player's ▶ into ⏸). A button that stays the same
    (Undo, Runway's SPEED, a step) takes every press, however fast, as a fast player means them.
    The toolbar and the player buttons each keep one.
    """

    #: Seconds within which a second press on the same spot is the second half of a double-click
    #: (the usual desktop setting).
    SECONDS = DOUBLE_CLICK_SECONDS
    #: How far (pixels) the pointer may move between the two presses of a double-click.
    SLOP = DOUBLE_CLICK_SLOP

    def __init__(self) -> None:
        #: The last press on a button: (time, position, the button's face then).
        self.last_press: tuple[float, tuple[int, int], tuple[str, bool]] | None = None
        self._swallowing = False

    def swallows(self, event: pygame.event.Event, button_at: Callable[[tuple[int, int]], Button | None]) -> bool:
        """True if ``event`` is such a second press, or the release of one (``button_at``: the button
        under a position, or None)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._swallowing:
            self._swallowing = False
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        pos = (int(event.pos[0]), int(event.pos[1]))
        button = button_at(pos)
        if button is not None and self.last_press is not None:
            when, where, face = self.last_press
            if (time.monotonic() - when <= self.SECONDS
                    and max(abs(pos[0] - where[0]), abs(pos[1] - where[1])) <= self.SLOP
                    and (button.label, button.toggled) != face):
                self.last_press = None  # a third press is a press again
                self._swallowing = True
                return True
        if button is not None and button.is_enabled():
            self.last_press = (time.monotonic(), pos, (button.label, button.toggled))
        return False


class Toolbar:
    """One row of buttons at every window width, laid out by the framework for every game.

    A row that wrapped onto a second one at the smallest windows (Hashi's Pause went under its
    other twelve buttons even at 1024 pixels) took the board's room and broke the row's order.
    Instead, :meth:`layout` tries, in turn: every label at the row's text size; tighter padding
    and gaps; smaller text, down to :data:`MIN_TEXT` pixels; and then it moves the buttons of
    lowest :attr:`Button.priority` (the rightmost of equals first) behind a **More** button at
    the row's end, whose menu opens above it. Labels are never cut: the row is what is shown.

    Keyboard players reach the buttons with Tab / Shift+Tab (the enabled ones, in the row's
    order, those in the More menu opening it): a ring shows the one in focus, Enter or Space
    presses it. Those keys mean things in games (Space pauses Tron, plays Runway), so the toolbar
    takes them only while a button is in focus; Esc, a click, or any other key (a move) lets the
    focus go, and that key goes on to the game.

    The ring goes on through the other button rows the scene declares (:attr:`rows`: a side
    panel's, Runway's commands and player buttons, Tron's replay bar), in the screen's order, top
    to bottom (:meth:`ring`): a button a mouse can press, a keyboard reaches, in every scene,
    without each scene keeping a focus of its own.
    """

    #: Keys that never let the focus go: held down as part of Shift+Tab and the like.
    MODIFIERS = frozenset((pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
                           pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_LGUI, pygame.K_RGUI,
                           pygame.K_MODE, pygame.K_CAPSLOCK, pygame.K_NUMLOCK))
    #: Keys that press the button in focus.
    PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

    #: The smallest label size before buttons go into the More menu (still readable).
    MIN_TEXT = 12
    #: The More button's label.
    MORE = "More…"

    def __init__(self, buttons: list[Button] | None = None, *, gap: int = 6) -> None:
        self.buttons: list[Button] = buttons or []
        self.gap = gap
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.text_size = 16
        #: The buttons in the More menu (in their row order); empty when the row holds them all.
        self.overflow: list[Button] = []
        self.more = Button(self.MORE, self.toggle_menu, tooltip="the buttons the window is too narrow for",
                           priority=0)
        self.menu_open = False
        #: Where the More menu draws when open (its buttons' rects are only set while it is).
        self.menu_rect = pygame.Rect(0, 0, 0, 0)
        self._menu_rects: list[pygame.Rect] = []
        self._padding = 0
        self._menu_size = 16
        #: Lets go of a double-click's second press on a button its first press changed. The scene
        #: hands it on to the toolbar it builds next, since a click often rebuilds the toolbar.
        self.guard = DoubleClickGuard()
        #: The button the keyboard's focus is on (see the class), or None: the keys are the game's.
        self.focus: Button | None = None
        #: Whether the status line says what the focused button does (from a Tab until a press).
        self.focus_told = False
        #: The scene's other button rows (a side panel's), in the focus ring by their place; the
        #: scene draws and clicks them, the ring is drawn round one in focus all the same.
        self.rows: Callable[[], list[list[Button]]] = list

    def ring(self) -> list[Button]:
        """Every button Tab can reach, in the screen's order: the rows top to bottom (this one, the
        More menu's buttons in their place, by its top; a scene's row by its highest button; rows
        at one height left to right), each in its declared order. A scene's buttons laid out with no
        room (a row too narrow for them) are left out: the ring would go round one nobody can see.
        Runway's command row sits above the toolbar, so Tab reaches it first, as the eye does."""
        rows = [[b for b in row if b.rect.width and b.rect.height] for row in self.rows()]
        ordered = sorted([((self.rect.top, self.rect.left), [b for b in self.buttons if b.is_shown()]),
                          *((min((b.rect.top, b.rect.left) for b in row), row) for row in rows if row)],
                         key=lambda pair: pair[0])  # two rows at one height: the left one first
        return [b for _place, row in ordered for b in row]

    def inherit(self, previous: Toolbar) -> None:
        """Take over what the toolbar this one replaces had going: a double-click's guard, and the
        keyboard's focus, on the button for the same keys (a press often rebuilds the row: Watch AI
        becomes Stop watching, and the focus stays on it) -- or the same button with its other face
        (Runway's Stop watching has no key: its key pauses)."""
        self.guard = previous.guard
        self.focus_told = previous.focus_told
        old = previous.focus
        if old is not None:
            ring = self.ring()
            self.focus = old if old in ring else next(
                (b for b in self.buttons if b.hotkey and b.hotkey == old.hotkey),
                next((b for b in ring if old.label in (b.label, *b.other_labels)), None))

    def set_focus(self, button: Button | None) -> None:
        """Put the keyboard's focus on ``button`` (None: let it go); one in the More menu opens it."""
        self.focus = button
        if button is not None and button in self.overflow:
            if not self.menu_open:
                self.toggle_menu()
        else:
            self.close_menu()

    def _focus_key(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab move the focus; while a button has it, Enter / Space press it and Esc lets
        it go (all three consumed), and another key lets it go and goes on. True if consumed."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus = None
            return False
        if event.type != pygame.KEYDOWN or event.key in self.MODIFIERS:
            return False
        mod = getattr(event, "mod", 0)
        if event.key == pygame.K_TAB and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            step = focus_step(event) or 1
            buttons = self.ring()
            start = buttons.index(self.focus) if self.focus in buttons else (-1 if step > 0 else len(buttons))
            ahead = (buttons[(start + step * k) % len(buttons)] for k in range(1, len(buttons) + 1))
            self.set_focus(next((b for b in ahead if b.is_enabled()), None))
            self.focus_told = True
            return True
        button = self.focus
        if button is None:
            return False
        if button not in self.ring():  # gone from the row
            self.focus = None
            return False
        if event.key in self.PRESS and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            if button.is_enabled():
                self.close_menu()
                self.focus_told = False  # what the press did is the status line's now
                button.on_click()
            else:
                self.focus_told = True  # a grey button: the status line says why it does nothing
            return True
        self.set_focus(None)
        return event.key == pygame.K_ESCAPE

    def add(self, button: Button) -> Button:
        self.buttons.append(button)
        return button

    def find(self, label: str) -> Button | None:
        """The button shown with ``label`` (one whose place is kept while hidden is not found)."""
        return next((b for b in self.buttons if b.label == label and b.is_shown()), None)

    def row(self) -> list[Button]:
        """The buttons on the row, left to right (with More at the end when some did not fit); one
        not shown now (:meth:`Button.is_shown`) is left out, its place kept (see :meth:`layout`)."""
        return [b for b in self._placed() if b.is_shown()]

    def _placed(self) -> list[Button]:
        """Every button with a place on the row, shown or not, and More when some did not fit."""
        placed = [b for b in self.buttons if b not in self.overflow]
        return [*placed, self.more] if self.overflow else placed

    def menu(self) -> list[Button]:
        """The More menu's buttons shown now, in the row's order."""
        return [b for b in self.overflow if b.is_shown()]

    def layout(self, theme: Theme, area: pygame.Rect, height: int = 34) -> pygame.Rect:
        """Place the buttons in one row inside ``area`` (see the class); returns the rect used.

        Every button is measured, shown or not, at its widest label: what fits, the text size and
        what goes into More depend on the window alone, never on the game's state, so a button
        keeps its place when a watch stops, a result comes or a label switches (the player's next
        click lands where they aimed).
        ``height`` is in screen pixels; the text sizes, paddings and gaps tried are in design pixels
        (drawn at the theme's UI scale)."""
        size = max(self.MIN_TEXT, min(18, round(height / theme.scale) // 2))
        attempts = [(size, size + 6, self.gap)]
        attempts += [(s, max(8, s // 2 + 4), min(self.gap, 4)) for s in range(size, self.MIN_TEXT - 1, -1)]
        for text, padding, gap in attempts:
            if self._width(theme, self.buttons, text, padding, gap) <= area.width:
                self._place(theme, area, height, [], text, padding, gap)
                return self.rect
        text, padding, gap = attempts[-1]
        # Lowest priority first, and of equals the rightmost: the row keeps its left-to-right order.
        order = sorted(range(len(self.buttons)), key=lambda i: (self.buttons[i].priority, -i))
        hidden: list[Button] = []
        for index in order:
            shown = [b for b in self.buttons if b not in hidden]
            if self._width(theme, [*shown, self.more], text, padding, gap) <= area.width or not shown:
                break
            hidden.append(self.buttons[index])
        self._place(theme, area, height, [b for b in self.buttons if b in hidden], text, padding, gap)
        return self.rect

    @staticmethod
    def _width(theme: Theme, buttons: list[Button], text: int, padding: int, gap: int) -> int:
        return sum(b.preferred_width(theme, text, padding) for b in buttons) + theme.px(gap) * max(0, len(buttons) - 1)

    def _place(self, theme: Theme, area: pygame.Rect, height: int, overflow: list[Button], text: int,
               padding: int, gap: int) -> None:
        self.text_size, self._padding = text, padding
        if [b.label for b in overflow] != [b.label for b in self.overflow]:
            self.menu_open = False
        self.overflow = overflow
        x = area.x
        placed = self._placed()
        for b in placed:
            w = b.preferred_width(theme, text, padding)
            b.rect = pygame.Rect(x, area.y, w, height)
            x += w + theme.px(gap)
        # A place kept for a hidden button (Result, before there is one) left a hole in the middle
        # of the row: from the button marked ``right_group`` on, the row goes to the right edge, so
        # the hole reads as the space between two groups, and Pause (and More) sit in the corner.
        hidden_from = next((i for i, b in enumerate(placed) if b.right_group), None)
        slack = area.right - placed[-1].rect.right if placed else 0
        if hidden_from is not None and slack > 0:
            for b in placed[hidden_from:]:
                b.rect.x += slack
        if not overflow:  # no More button on this row: it keeps no place from a narrower window's
            self.more.rect = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(area.x, area.y, area.width, height)
        # The menu: its buttons stacked upwards from the row, right-aligned under the More button.
        self._menu_size = max(text, min(16, round(height / theme.scale) // 2))
        listed = self.menu()
        width = max((b.preferred_width(theme, self._menu_size) for b in listed), default=0)
        width = max(width, self.more.rect.width)
        right = min(self.more.rect.right, area.right)
        top = area.y - 8 - len(listed) * (height + 4) + 4
        rects = iter(pygame.Rect(right - width, top + i * (height + 4), width, height)
                     for i in range(len(listed)))  # read top down in the row's order
        self._menu_rects = [next(rects) if b in listed else pygame.Rect(0, 0, 0, 0) for b in overflow]
        if listed:
            shown = [r for r in self._menu_rects if r.width]
            self.menu_rect = shown[0].unionall(shown).inflate(12, 12)
        else:
            self.menu_rect = pygame.Rect(0, 0, 0, 0)
        self._place_menu()

    def _place_menu(self) -> None:
        """The menu's buttons answer the pointer only while it is open."""
        for b, rect in zip(self.overflow, self._menu_rects, strict=True):
            b.rect = rect.copy() if self.menu_open else pygame.Rect(0, 0, 0, 0)
            if not self.menu_open:
                b.hovered = b.pressed = False
        self.more.toggled = self.menu_open

    def toggle_menu(self) -> None:
        self.menu_open = not self.menu_open and bool(self.overflow)
        self._place_menu()

    def close_menu(self) -> None:
        if self.menu_open:
            self.menu_open = False
            self._place_menu()

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        """The button (on the row, or in the open menu) under ``pos``."""
        return next((b for b in [*self.row(), *(self.menu() if self.menu_open else [])]
                     if b.rect.collidepoint(pos)), None)

    def pointer_shape(self, pos: tuple[int, int]) -> str | None:
        """A hand over a button a click presses; while the More menu is open, the arrow anywhere
        else (a click there only closes the menu: it does not reach what is under it)."""
        button = self.button_at(pos)
        if button is not None:
            return button.pointer_shape(pos)
        return ARROW if self.menu_open else None

    def handle(self, event: pygame.event.Event) -> bool:
        """Clicks on the row's buttons and the open menu's; True when consumed. While the menu is
        open a click elsewhere only closes it (it does not reach the board under it), and so
        does Esc; another key closes it and goes on to act. The second press of a double-click on
        a button the first press changed is let go (see :class:`DoubleClickGuard`)."""
        if self.guard.swallows(event, self.button_at):
            return True
        if self._focus_key(event):
            return True
        if self.menu_open:
            if event.type == pygame.KEYDOWN:
                self.close_menu()
                return event.key == pygame.K_ESCAPE
            clicked = False
            for b in self.menu():
                clicked = b.handle(event) or clicked
            if event.type == pygame.MOUSEBUTTONUP and clicked:
                self.close_menu()  # its action ran (or the press was let go off it)
                return True
            if clicked:
                return True
            if event.type == pygame.MOUSEBUTTONDOWN and not self.more.rect.collidepoint(event.pos):
                self.close_menu()
                return True
            if event.type == pygame.MOUSEMOTION and self.menu_rect.collidepoint(event.pos):
                self.more.handle(event)
                return True
        consumed = False
        for b in self.row():
            consumed = b.handle(event) or consumed
        return consumed

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        for b in self.row():
            b.draw(surface, theme, self.text_size)
        if self.focus is not None and self.focus not in self.overflow:
            self._draw_focus(surface, theme, self.focus)
        elif self.focus is not None and not self.menu_open:
            self._draw_focus(surface, theme, self.more)  # in the closed menu: More holds it

    def _draw_focus(self, surface: pygame.Surface, theme: Theme, button: Button) -> None:
        """The focus ring (:func:`draw_focus`) round ``button``."""
        draw_focus(surface, theme, button.rect)

    def draw_menu(self, surface: pygame.Surface, theme: Theme) -> None:
        """The open More menu, over everything else (its owner draws it last)."""
        if not (self.menu_open and self.overflow):
            return
        pygame.draw.rect(surface, theme["panel"], self.menu_rect, border_radius=6)
        pygame.draw.rect(surface, theme["grid"], self.menu_rect, width=1, border_radius=6)
        for b in self.menu():
            b.draw(surface, theme, self._menu_size)
        if self.focus is not None and self.focus in self.overflow:
            self._draw_focus(surface, theme, self.focus)

    def hovered_tooltip(self) -> str:
        for b in [*self.row(), *(self.menu() if self.menu_open else [])]:
            if b.hovered and (b.tooltip or b.hotkey):
                return button_tip(b)
        return ""

    def focused_tooltip(self) -> str:
        """What the button in the keyboard's focus does, as hovering says it, and the keys that go on
        from there: the ring alone said which button, not what it does (a hover was the only way).
        Only until it is pressed: then the status line says what the press did (a hint's reason)."""
        if self.focus is None or not self.focus_told:
            return ""
        return button_tip(self.focus) + "  ·  Enter presses it, Tab the next, Esc back to the game"


def button_tip(button: Button) -> str:
    """A button's help line, hovered or in focus (a scene drawing its own buttons says the same):
    what it does and its key -- or, grey, why it does nothing."""
    if button.why_disabled is not None and not button.is_enabled():
        return button.why_disabled()
    return f"{button.tooltip or button.label}" + (f"  [{button.hotkey}]" if button.hotkey else "")


def draw_form_row(
    surface: pygame.Surface, theme: Theme, label: str, widget: Button | Slider, x: int, focused: bool
) -> None:
    """One row of a settings-style form: "▶ label" at ``x``, then its widget, both marked when focused.

    A button's own letter (its one-key hotkey) stands dim just before it: the Settings' S C Z F T
    and the New board's D T O S were told only by a hover's tooltip, and Touching's O did nothing."""
    colour = theme["highlight"] if focused else theme["text"]
    marker = "▶ " if focused else "   "
    draw_text(surface, theme, marker + label, (x, widget.rect.centery), size=18, colour=colour, anchor="midleft")
    if isinstance(widget, Button) and len(widget.hotkey) == 1:
        draw_text(surface, theme, widget.hotkey, (widget.rect.x - theme.px(12), widget.rect.centery), size=14,
                  colour=theme["text_dim"], anchor="midright")
    if isinstance(widget, Slider):
        widget.focused = focused
        widget.draw(surface, theme)
    else:  # the focus ring every focused button has (it was the toggled state's fill here)
        widget.draw(surface, theme, focused=focused)

