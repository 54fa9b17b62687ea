"""Replay transport (ui, pygame): a timeline to click or drag to a turn, and the player buttons.

Every game that replays a history needs the same mouse controls: a mouse-only player must be
able to play and pause, step back and on, jump to either end and scrub. Runway had them alone
(its turn timeline and player buttons); Tron's round replays had only keys. The pieces live
here once: :class:`Timeline` (the track, its axis and knob; a game adds its own marks on top),
:class:`Scrub` (a click or drag on it going to a turn, clamped to the record),
:class:`PlayerButtons` (the five player buttons, their icons, help and greyed ends) and
:class:`ReplayBar`, which puts the three in one row (Tron's replay). Runway sets the same
buttons and scrub in its own rows, beside its commands, with :class:`SpeedButtons` (− and + round
the speed they set). :func:`draw_icon` draws the buttons' media glyphs, which the UI font lacks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from arcade.ui.input import release_lost
from arcade.ui.pointer import HAND, MOVE, first_shape
from arcade.ui.text import draw_text
from arcade.ui.theme import Theme
from arcade.ui.widgets import Button, DoubleClickGuard


def draw_icon(surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect, name: str) -> None:
    """Transport icons drawn as shapes (the UI font has no media glyphs): play, pause, step, back,
    start, end."""
    cx, cy = rect.center
    h = max(6, min(rect.width, rect.height) * 0.42)

    def triangle(x: float, direction: int) -> None:
        pygame.draw.polygon(surface, colour, [(x - direction * h * 0.5, cy - h * 0.6),
                                              (x + direction * h * 0.5, cy),
                                              (x - direction * h * 0.5, cy + h * 0.6)])

    def bar(x: float) -> None:
        pygame.draw.rect(surface, colour, (round(x - h * 0.12), round(cy - h * 0.6), max(2, round(h * 0.24)),
                                           round(h * 1.2)))

    if name == "play":
        triangle(cx + h * 0.1, 1)
    elif name == "pause":
        bar(cx - h * 0.3)
        bar(cx + h * 0.3)
    elif name == "step":
        triangle(cx - h * 0.15, 1)
        bar(cx + h * 0.5)
    elif name == "back":
        triangle(cx + h * 0.15, -1)
        bar(cx - h * 0.5)
    elif name == "end":
        triangle(cx - h * 0.45, 1)
        triangle(cx + h * 0.2, 1)
        bar(cx + h * 0.8)
    elif name == "start":
        triangle(cx + h * 0.45, -1)
        triangle(cx - h * 0.2, -1)
        bar(cx - h * 0.8)


class Timeline:
    """A scrubber over turns ``0..span``: a label, the track (the recorded part lighter, the part up
    to the shown turn in the accent), an axis every 1, 5 or 10 turns and a knob. ``turn_at`` turns a
    pointer's x back into a turn. A game draws its own marks between :meth:`draw_track` and
    :meth:`draw_knob`."""

    LABEL = 64
    #: Room right of the track (a game's result mark stands there).
    RESULT = 24
    #: Closest two tick labels may be (pixels): a label next to the end's is left out.
    LABEL_GAP = 24
    #: The knob's radius at the UI scale 1 (:attr:`knob` is it at the window's): a game's marks stand
    #: clear of it (Runway's ✗ piled up on it at a race's end).
    KNOB = 8
    #: The track's thickness at the UI scale 1.
    TRACK = 8

    def __init__(self, limit: int, label: str = "Turns") -> None:
        self.limit = limit
        self.label = label
        self.span = max(1, min(limit, 10))
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: Room left of the track for the label: :data:`LABEL`, or as wide as the label drawn at the
        #: window's UI scale needs (measured as it is drawn; at 2560x1440 the knob covered "Turns").
        self.label_width = self.LABEL
        #: The UI scale the knob, the track and the room for the result grow with (the last drawn
        #: theme's: at 2560x1440 the knob stayed 8 pixels under 21-pixel text).
        self.scale = 1.0

    def _px(self, length: int) -> int:
        return round(length * self.scale) if self.scale != 1.0 else length

    @property
    def knob(self) -> int:
        """The knob's radius on screen: :data:`KNOB` at the UI scale."""
        return self._px(self.KNOB)

    def fit(self, turns: int, *, ended: bool = False) -> None:
        """Span ``turns``: exactly, once the history has ended there; else with room to go on, rounded
        up to a multiple of 5, at least 10. Never past the limit. A history that ended at turn 0 (a
        program that failed its first answer) spans just turn 0: its axis ran to a "1" never played."""
        if ended:
            self.span = max(0, min(self.limit, turns))
        else:
            self.span = max(1, min(self.limit, max(10, -(-(turns + 2) // 5) * 5)))

    @property
    def track(self) -> pygame.Rect:
        r = self.rect
        label, thick = self.label_width, self._px(self.TRACK)
        width = max(10, r.width - label - self._px(self.RESULT))
        return pygame.Rect(r.x + label, r.y + r.height // 2 - thick // 2, width, thick)

    def turn_at(self, x: int) -> int:
        track = self.track
        return round((x - track.x) / track.width * self.span) if self.span else 0

    def x_of(self, turn: float) -> float:
        track = self.track
        return track.x + track.width * min(turn, self.span) / self.span if self.span else track.x

    def ticks(self) -> list[tuple[int, bool]]:
        """The axis: (turn, labelled) every 1, 5 or 10 turns, and at its end, always labelled; a label
        too close to the end's is left out, not its tick."""
        step = 1 if self.span <= 10 else 5 if self.span <= 30 else 10
        end = self.x_of(self.span)
        return [(turn, turn == self.span or end - self.x_of(turn) >= self.LABEL_GAP)
                for turn in [*range(0, self.span, step), self.span]]

    def draw_track(self, surface: pygame.Surface, theme: Theme, index: int, length: int) -> None:
        self.scale = theme.scale
        self.label_width = max(self.LABEL, theme.font(14).size(self.label)[0] + theme.px(8) + self.knob + 4)
        track = self.track
        draw_text(surface, theme, self.label, (self.rect.x + 4, track.centery), size=14, colour=theme["text_dim"],
                  anchor="midleft")
        pygame.draw.rect(surface, theme["grid_faint"], track, border_radius=4)
        tape = pygame.Rect(track.x, track.y, round(self.x_of(length) - track.x), track.height)
        pygame.draw.rect(surface, theme["grid"], tape, border_radius=4)
        done = pygame.Rect(track.x, track.y, round(self.x_of(index) - track.x), track.height)
        pygame.draw.rect(surface, theme["accent"], done, border_radius=4)
        for turn, labelled in self.ticks():
            x = self.x_of(turn)
            tick = track.bottom + theme.px(4)
            pygame.draw.line(surface, theme["text_dim"], (x, track.bottom + 1), (x, tick))
            if labelled and self.rect.height >= theme.px(28):
                draw_text(surface, theme, str(turn), (x, tick), size=10, colour=theme["text_dim"],
                          anchor="midtop")

    def draw_knob(self, surface: pygame.Surface, theme: Theme, index: int) -> None:
        knob = (self.x_of(index), self.track.centery)
        pygame.draw.circle(surface, theme["text"], knob, self.knob)
        pygame.draw.circle(surface, theme["accent"], knob, self.knob, width=theme.px(2))

    def draw(self, surface: pygame.Surface, theme: Theme, index: int, length: int) -> None:
        self.draw_track(surface, theme, index, length)
        self.draw_knob(surface, theme, index)


#: The player buttons, in order, with their hover help (a game may reword them).
PLAYER_BUTTONS = {
    "start": "First tick [Home]",
    "back": "Step back one tick [←]",
    "play": "Play / pause [Space]",
    "step": "Step on one tick [→]",
    "end": "Last tick [End]",
}


class PlayerButtons:
    """The five player buttons (⏮ ◀ ▶/⏸ ▶ ⏭) with their icons, hover help and greyed ends.

    Runway sets them in its command row, Tron in its replay bar: one copy of the buttons, the
    icon for each and the rule for greying. ``actions`` maps every name of :data:`PLAYER_BUTTONS`
    to a callable.
    """

    def __init__(self, actions: dict[str, Callable[[], None]], tooltips: dict[str, str] | None = None) -> None:
        self.tooltips = {**PLAYER_BUTTONS, **(tooltips or {})}
        self.buttons = {name: Button("", actions[name], tooltip=self.tooltips[name]) for name in PLAYER_BUTTONS}
        #: A double-click on ▶ played and paused at once: its second press is let go.
        self.guard = DoubleClickGuard()

    def __getitem__(self, name: str) -> Button:
        return self.buttons[name]

    def values(self) -> list[Button]:
        return list(self.buttons.values())

    def layout(self, x: int, y: int, width: int, height: int, gap: int = 4) -> int:
        """Set the buttons in a row from ``x``, each ``width`` × ``height``; returns the x after the last."""
        for button in self.buttons.values():
            button.rect = pygame.Rect(x, y, width, height)
            x += width + gap
        return x - gap

    def update(self, index: int, length: int, *, playing: bool, more: bool = False) -> None:
        """Grey what would do nothing: ⏮ and ◀ at the first turn, ▶ and ⏭ at the last recorded one
        (▶ stays lit when ``more``: the game makes a turn past the record, Runway's AI's)."""
        self.buttons["start"].enabled = self.buttons["back"].enabled = index > 0
        self.buttons["step"].enabled = index < length or more
        self.buttons["end"].enabled = index < length
        self.buttons["play"].toggled = playing

    def handle(self, event: pygame.event.Event) -> bool:
        """Clicks on the buttons (hover is tracked but not consumed); a double-click's second press on
        a button its first press changed (▶ turned ⏸) is let go (:class:`DoubleClickGuard`)."""
        if self.guard.swallows(event, self.button_at):
            return True
        consumed = False
        for button in self.buttons.values():
            consumed = button.handle(event) or consumed
        return consumed and event.type != pygame.MOUSEMOTION

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        return next((b for b in self.buttons.values() if b.rect.collidepoint(pos)), None)

    def pointer_shape(self, pos: tuple[int, int]) -> str | None:
        """A hand over a button a click presses (see :meth:`Button.pointer_shape`)."""
        return first_shape(self.buttons.values(), pos)

    def tooltip(self, pos: tuple[int, int]) -> str:
        for name, button in self.buttons.items():
            if button.rect.collidepoint(pos):
                return self.tooltips[name]
        return ""

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        playing = self.buttons["play"].toggled
        for name, button in self.buttons.items():
            button.draw(surface, theme)
            icon = "pause" if name == "play" and playing else name
            draw_icon(surface, theme["text"] if button.is_enabled() else theme["text_dim"], button.rect, icon)


class SpeedButtons:
    """− and + with the speed they set between them ("0.5 turns/s").

    The label's room is the widest of every speed's label, with ``gap`` pixels to each button: it
    was sized for "32 turns/s", so at 640x400 "0.5 turns/s" ran into the + beside it. ``actions``
    maps "slower" and "faster" to callables, ``tooltips`` them to their hover help.
    """

    def __init__(self, actions: dict[str, Callable[[], None]], tooltips: dict[str, str], unit: str,
                 speeds: Sequence[float]) -> None:
        self.buttons = {name: Button(glyph, actions[name], tooltip=tooltips[name])
                        for name, glyph in (("slower", "−"), ("faster", "+"))}
        self.unit = unit
        self.speeds = tuple(speeds)
        #: Where the speed is written (no width: not shown, the row is too narrow).
        self.label_rect = pygame.Rect(0, 0, 0, 0)

    def text(self, speed: float) -> str:
        return f"{speed:g} {self.unit}"

    def pointer_shape(self, pos: tuple[int, int]) -> str | None:
        """A hand over − or + while a click changes the speed."""
        return first_shape(self.buttons.values(), pos)

    def width(self, font: pygame.font.Font, square: int, gap: int, *, label: bool = True) -> int:
        """Pixels the two ``square`` buttons take, with the label (its widest, ``gap`` to each side)
        or without it (``gap`` between the buttons)."""
        widest = max((font.size(self.text(speed))[0] for speed in self.speeds), default=0)
        return 2 * square + (widest + 2 * gap if label else gap)

    def layout(self, x: int, y: int, square: int, font: pygame.font.Font, gap: int, *, label: bool = True) -> int:
        """Set −, the label and + in a row from ``x``; returns the x after +."""
        self.buttons["slower"].rect = pygame.Rect(x, y, square, square)
        room = self.width(font, square, gap, label=label) - 2 * square - 2 * gap
        self.label_rect = pygame.Rect(x + square + gap, y, max(0, room), square)
        right = x + self.width(font, square, gap, label=label)
        self.buttons["faster"].rect = pygame.Rect(right - square, y, square, square)
        return right

    def update(self, speed: float) -> None:
        """Grey − at the slowest speed and + at the fastest, as the player buttons grey what would
        do nothing: a click there changed nothing but the toast."""
        self.buttons["slower"].enabled = not self.speeds or speed > min(self.speeds)
        self.buttons["faster"].enabled = not self.speeds or speed < max(self.speeds)

    def draw(self, surface: pygame.Surface, theme: Theme, size: int, speed: float) -> None:
        self.update(speed)
        for button in self.buttons.values():
            button.draw(surface, theme, size)
        if self.label_rect.width:
            draw_text(surface, theme, self.text(speed), self.label_rect.center, size=size,
                      colour=theme["text_dim"], anchor="center")


class Scrub:
    """A click or drag on a :class:`Timeline` going to the turn under the pointer, clamped to the
    recorded ``0..length`` (a drag past the history's end holds at its end)."""

    def __init__(self, timeline: Timeline, seek: Callable[[int], None]) -> None:
        self.timeline = timeline
        self.seek = seek
        self.dragging = False

    def turn_at(self, x: int, length: int) -> int:
        return max(0, min(self.timeline.turn_at(x), length))

    def pointer_shape(self, pos: tuple[int, int]) -> str | None:
        """The grab while the knob is dragged, a hand over the timeline (a click goes there)."""
        if self.dragging:
            return MOVE
        return HAND if self.timeline.rect.collidepoint(pos) else None

    def handle(self, event: pygame.event.Event, length: int) -> bool:
        """True when the event was a press on the timeline or the drag it began (its motion, its release)."""
        if self.dragging and release_lost(event, 1):
            self.dragging = False  # the release went elsewhere: the bare pointer must not seek
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.timeline.rect.collidepoint(event.pos):
            self.dragging = True
        elif not (self.dragging and (event.type == pygame.MOUSEMOTION
                                     or (event.type == pygame.MOUSEBUTTONUP and event.button == 1))):
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            self.dragging = False
        self.seek(self.turn_at(event.pos[0], length))
        return True


class ReplayBar:
    """A replay's mouse controls in one row: the five player buttons, then the timeline.

    ``seek(turn)`` goes to a turn (a click or a drag on the timeline, ⏮ and ⏭); ``toggle`` plays or
    pauses; ``step(delta)`` steps one turn back or on. The bar reads the position it shows from
    :meth:`draw`'s arguments, so it holds no state of the game's.
    """

    HEIGHT = 36

    def __init__(self, seek: Callable[[int], None], toggle: Callable[[], None], step: Callable[[int], None],
                 *, label: str = "Ticks", tooltips: dict[str, str] | None = None) -> None:
        self.seek = seek
        self.timeline = Timeline(10**9, label)
        self.scrub = Scrub(self.timeline, seek)
        self.length = 0
        self.player = PlayerButtons({
            "start": lambda: self.seek(0), "back": lambda: step(-1), "play": toggle,
            "step": lambda: step(1), "end": lambda: self.seek(self.length),
        }, tooltips)
        self.tooltips = self.player.tooltips
        self.buttons = self.player.buttons
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def dragging(self) -> bool:
        return self.scrub.dragging

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        size = rect.height - 4
        x = self.player.layout(rect.x, rect.y + 2, size + 8, size, gap=4) + 4
        self.timeline.rect = pygame.Rect(x + 4, rect.y, max(0, rect.right - x - 4), rect.height)

    def pointer_shape(self, pos: tuple[int, int]) -> str | None:
        """The timeline's drag first (it goes on over the buttons), then the buttons, then the timeline."""
        if self.scrub.dragging:
            return MOVE
        return self.player.pointer_shape(pos) or self.scrub.pointer_shape(pos)

    def handle(self, event: pygame.event.Event) -> bool:
        """Clicks on the buttons, a click or drag on the timeline; True when the bar took the event."""
        return self.player.handle(event) or self.scrub.handle(event, self.length)

    def tooltip(self, pos: tuple[int, int]) -> str:
        return self.player.tooltip(pos) or (
            "click or drag to go to a tick" if self.timeline.rect.collidepoint(pos) else "")

    def draw(self, surface: pygame.Surface, theme: Theme, index: int, length: int, *, playing: bool) -> None:
        self.length = length
        self.timeline.limit = max(1, length)
        self.timeline.fit(length, ended=True)
        self.player.update(index, length, playing=playing)
        self.player.draw(surface, theme)
        self.timeline.draw(surface, theme, index, length)
