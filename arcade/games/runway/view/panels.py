"""Runway panels (ui, pygame): the HUD rows, the turn timeline and the minimap, as small widgets.

Each panel is laid out by the scene (its ``rect``), draws from plain values it is given
(a state, a camera window, the losses per turn) and converts pointer positions back into
turns or columns. None of them touches the session.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from arcade.core.game import Outcome
from arcade.games.runway.logic import LANES, Command, Level, State
from arcade.games.runway.motion import Pose
from arcade.games.runway.view.render import bike_colour, minimap_picture
from arcade.ui.text import draw_text
from arcade.ui.theme import Theme
from arcade.ui.transport import PlayerButtons, SpeedButtons
from arcade.ui.transport import Timeline as BaseTimeline
from arcade.ui.widgets import Button

RANDOM_SIZES = (("Random runway — short", 60), ("Random runway — medium", 180), ("Random runway — long", 500))


def level_title(level_id: str) -> str:
    """``11_mandatory_sacrifices`` → ``11 · Mandatory sacrifices``; ``random-42-120`` → ``Random #42``."""
    if level_id.startswith("random-"):
        return f"Random #{level_id.split('-')[1]}"
    number, _, rest = level_id.partition("_")
    if number.isdigit() and rest:
        return f"{number} · {rest.replace('_', ' ').capitalize()}"
    return level_id


PLAN_LABELS = {"exact": "Exact AI plan", "classic": "Classic AI series", "hint": "Hint plan"}


def draw_status_row(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, y: int, state: State, turn_limit: int,
                    last: str, comparison: dict[str, str], size: int) -> None:
    """Turn, speed, the bikes (numbered, a cross when lost), active/needed, the last command, the AIs' scores."""
    x = rect.x + 4
    gap = theme.px(18)
    x = draw_text(surface, theme, f"Turn {state.turn}/{turn_limit}", (x, y), size=size, bold=True,
                  anchor="midleft").right + gap
    x = draw_text(surface, theme, f"Speed {state.speed}", (x, y), size=size, bold=True, anchor="midleft").right + gap
    radius = theme.px(size) * 0.6
    for index, bike in enumerate(state.bikes):
        centre = (x + radius, y)
        if bike.active:
            pygame.draw.circle(surface, bike_colour(theme, index), centre, radius)
            draw_text(surface, theme, str(index + 1), centre, size=int(size * 0.8), bold=True,
                      colour=theme["text_dark"], anchor="center")
        else:
            pygame.draw.circle(surface, theme["panel_light"], centre, radius)
            pygame.draw.circle(surface, bike_colour(theme, index), centre, radius, width=2)
            draw_text(surface, theme, "✗", centre, size=int(size * 0.85), colour=theme["error"], anchor="center")
        x += radius * 2 + 4
    active, need = len(state.active), state.level.need
    colour = theme["error"] if active < need else theme["text"]
    # The how-to page's example is narrow: at 800x600 this read "2 active · 1 nee", cut by the view's
    # edge. The longest wording that fits is drawn whole; in the narrowest view, none.
    for words in (f"{active} active · {need} needed", f"{active} active · need {need}", f"{active}/{need}"):
        if theme.font(size).size(words)[0] <= rect.right - x - 10:
            x = draw_text(surface, theme, words, (x + 6, y), size=size, colour=colour, anchor="midleft").right + gap
            break
    last_text = f"Last: {last}"
    if theme.font(size).size(last_text)[0] <= rect.right - x - 4:  # a narrow view (the how-to page) leaves it out
        x = draw_text(surface, theme, last_text, (x, y), size=size, anchor="midleft",
                      colour=theme["highlight"]).right + gap
    text = comparison_text(theme, comparison, rect.right - x - 8)
    if text:
        draw_text(surface, theme, text, (rect.right - 4, y), size=14, colour=theme["text_dim"], anchor="midright")


def comparison_text(theme: Theme, comparison: dict[str, str], room: int) -> str:
    """The AIs' scores in the longest wording that fits ``room`` pixels, or "" when none does. With
    the console open the HUD read "Exact AI saves 2/2 in 9 turn…", cut mid-word."""
    if not comparison:
        return ""
    exact, classic = comparison["exact"], comparison["classic"]
    short_exact, short_classic = exact.split(" in ")[0], classic.split(" in ")[0]
    font = theme.font(14)
    for text in (f"Exact AI saves {exact} · classic {classic}", f"AIs: exact {short_exact} · classic {short_classic}",
                 f"Exact AI saves {exact}", f"Exact AI: {short_exact}"):
        if font.size(text)[0] <= room:
            return text
    return ""


def draw_plan_row(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, y: int,
                  shown: tuple[str, Sequence[Command]] | None, idle_text: str) -> None:
    """The AI's commands ahead as chips, the next one highlighted; or a line saying how to get them."""
    if shown is None:
        draw_text(surface, theme, idle_text, (rect.x + 4, y), size=14, colour=theme["text_dim"], anchor="midleft",
                  max_width=rect.width - 8)
        return
    who, commands = shown
    x = draw_text(surface, theme, f"{PLAN_LABELS[who]}:", (rect.x + 4, y), size=14, colour=theme["info"],
                  anchor="midleft").right + 8
    for i, command in enumerate(commands):
        image = theme.font(13, i == 0).render(command.value, True, theme["text"] if i else theme["text_dark"])
        chip = image.get_rect(midleft=(x + 6, y)).inflate(12, 4)
        if chip.right > rect.right - 40:
            draw_text(surface, theme, f"… +{len(commands) - i}", (x + 4, y), size=13, colour=theme["text_dim"],
                      anchor="midleft")
            break
        pygame.draw.rect(surface, theme["highlight"] if i == 0 else theme["panel_light"], chip, border_radius=6)
        surface.blit(image, image.get_rect(center=chip.center))
        x = chip.right + 2


class Timeline(BaseTimeline):
    """The turn scrubber (the framework's :class:`arcade.ui.transport.Timeline`) with Runway's marks:
    losses (✗) over their turns and the result (✓/✗) after the last.

    It spans the turns that matter rather than all of the turn limit, so a five-turn race
    fills the track instead of a tenth: a race that has ended exactly its turns (the axis
    stops at the finish, where the ✓ or ✗ stands), a race still running the history and
    the plan ahead, with a little room to go on.
    """

    def draw(self, surface: pygame.Surface, theme: Theme, index: int, length: int,  # type: ignore[override]
             losses: dict[int, int] | None = None, final: Outcome | None = None) -> None:
        self.draw_track(surface, theme, index, length)
        track = self.track
        # The marks stand clear of the knob, wherever it is: a loss's ✗ above its top, the result's
        # beside its edge. They were drawn just over the track and the knob hid them at a race's end.
        for turn, lost in (losses or {}).items():
            draw_text(surface, theme, "✗" * min(lost, 2), (self.x_of(turn), track.centery - self.knob), size=12,
                      colour=theme["error"], anchor="midbottom", bold=True)
        if final is not None:
            glyph, role = ("✓", "good") if final.is_win else ("✗", "error")
            draw_text(surface, theme, glyph, (self.x_of(length) + self.knob + 4, track.centery), size=15,
                      colour=theme[role], anchor="midleft", bold=True)
        self.draw_knob(surface, theme, index)


class Minimap:
    """The whole runway in one strip, the camera's window on it, and every bike (a cross once lost)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._picture: pygame.Surface | None = None
        self._key: tuple | None = None

    def columns(self, level: Level) -> int:
        return level.length + 2

    def column_at(self, level: Level, x: int) -> float:
        return (x - self.rect.x) / max(1, self.rect.width) * self.columns(level)

    def draw(self, surface: pygame.Surface, theme: Theme, level: Level, window: tuple[float, float],
             poses: Sequence[Pose]) -> None:
        rect = self.rect
        key = (id(level), rect.size, theme.palette_name)
        if self._picture is None or self._key != key:
            self._picture = minimap_picture(theme, level, rect.size)
            self._key = key
        surface.blit(self._picture, rect)
        scale = rect.width / self.columns(level)
        first, count = window
        view = pygame.Rect(rect.x + first * scale, rect.y - 2, count * scale, rect.height + 4)
        pygame.draw.rect(surface, theme["accent"], view.clip(rect.inflate(0, 4)), width=2, border_radius=3)
        lane_h = rect.height / LANES
        for index, pose in enumerate(poses):
            centre = (rect.x + (min(pose.x, level.length + 1) + 0.5) * scale, rect.y + (pose.lane + 0.5) * lane_h)
            colour = bike_colour(theme, index)
            if pose.crashed:
                draw_text(surface, theme, "✗", centre, size=max(9, int(lane_h * 1.6)), colour=colour,
                          anchor="center", bold=True, fixed=True)
            else:
                pygame.draw.circle(surface, colour, centre, max(3, lane_h * 0.6))
                pygame.draw.circle(surface, theme["shadow"], centre, max(3, lane_h * 0.6), width=1)


COMMAND_LABELS = (("↑ UP", Command.UP), ("↓ DOWN", Command.DOWN), ("→ SPEED", Command.SPEED),
                  ("← SLOW", Command.SLOW), ("J JUMP", Command.JUMP), ("⏎ WAIT", Command.WAIT))
COMMAND_HELP = {
    Command.UP: "UP [↑]: every bike one lane up — refused for all if a bike is on the top lane",
    Command.DOWN: "DOWN [↓]: every bike one lane down — refused for all if a bike is on the bottom lane",
    Command.SPEED: "SPEED [→]: one faster, then move; every cell passed must be road",
    Command.SLOW: "SLOW [←]: one slower (not below 0), then move",
    Command.JUMP: "JUMP [J]: fly to x + speed; only the landing cell must be road",
    Command.WAIT: "WAIT [Enter]: move on at the same speed",
}
#: Pixels between the speed's label and the − and + beside it.
SPEED_GAP = 6

#: Runway's wording of the framework's player buttons' help, and its two speed buttons'.
TRANSPORT = {
    "start": "First turn [Home]",
    "back": "Step back one turn [, or Ctrl+Z]",
    "play": "Let the AI drive / pause it [Space]",
    "step": "Step forward one turn — the AI's if none is recorded [. or N]",
    "end": "Last recorded turn [End]",
    "slower": "Slower playback [−]",
    "faster": "Faster playback [+]",
}


class ControlPad:
    """The row under the timeline: the six commands on the left, the framework's player buttons
    (:class:`arcade.ui.transport.PlayerButtons`) and the playback speed on the right.

    ``actions`` maps every name of :data:`TRANSPORT` to a callable.
    """

    def __init__(self, on_command: Callable[[Command], None], actions: dict[str, Callable[[], None]],
                 speeds: Sequence[float]) -> None:
        self.commands = [Button(label, lambda c=command: on_command(c)) for label, command in COMMAND_LABELS]
        self.player = PlayerButtons(actions, TRANSPORT)
        #: − and + round the playback speed (the framework's, room for its widest label).
        self.speed = SpeedButtons(actions, TRANSPORT, "turns/s", speeds)
        self.speed_buttons = self.speed.buttons
        #: Every button right of the commands, by name.
        self.transport: dict[str, Button] = {**self.player.buttons, **self.speed_buttons}
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.text_size = 15
        #: The commands' text size (a point smaller than the row's when only that lets the words fit).
        self.command_size = 15

    @property
    def buttons(self) -> list[Button]:
        return [*self.commands, *self.transport.values()]

    @property
    def speed_rect(self) -> pygame.Rect:
        """Where the playback speed is written (no width when the row has no room for it)."""
        return self.speed.label_rect

    def layout(self, theme: Theme, rect: pygame.Rect) -> None:
        """The commands' names stay readable down to the smallest window: "↑ UP" when there is room,
        else the word alone ("SPEED"; the hover help names the key), the player buttons squared up
        for it if need be. At 800 pixels the row was "↑ ↓ → ← J ⏎": nobody could tell → was SPEED or
        ⏎ WAIT. Only where not even the words fit (the how-to page's example) do the keys' glyphs
        stand alone, and then nothing (the keys still drive)."""
        self.rect = rect
        size = self.text_size = 15 if rect.height >= 34 else 13
        font = theme.font(size)
        icon_w, square = rect.height + 8, rect.height
        show_speed = True
        gap = 4

        def transport_width() -> int:
            return 5 * (icon_w + 4) + 14 + self.speed.width(font, square, SPEED_GAP, label=show_speed)

        def room() -> int:
            return rect.width - transport_width() - 12 - gap * (len(self.commands) - 1)

        def fits(labels: list[str], padding: int) -> bool:
            return sum(font.size(label)[0] + padding for label in labels) <= room()

        def smaller() -> None:
            nonlocal font
            self.command_size = size - 1
            font = theme.font(self.command_size)

        full = [label for label, _command in COMMAND_LABELS]
        words = [label.split()[1] for label in full]
        glyphs = [label.split()[0] for label in full]
        # In a very narrow window the player buttons turn square, then the speed's words go
        # (+ and − still change it, and say so): the transport always fits the row.
        if transport_width() + 6 > rect.width:
            icon_w = square
        if transport_width() + 6 > rect.width:
            show_speed = False
        self.command_size = size
        labels, padding = full, size + 6
        if not fits(labels, padding):
            icon_w = square  # square player buttons leave the names their room
        if not fits(labels, padding):
            labels, padding = words, 12
        if not fits(labels, padding):
            labels, padding = words, 10
            smaller()
        if not fits(labels, padding):
            labels, padding = glyphs, 10
            self.command_size = size
            font = theme.font(size)
        for button, label in zip(self.commands, labels, strict=True):
            button.label = label
        widths = [font.size(label)[0] + padding for label in labels]
        if sum(widths) > room():
            # Not even the glyphs fit: no slivers of buttons; the keys still drive, and the
            # transport on the right keeps its place.
            widths = [0] * len(widths)
        elif labels is words:  # the words share out the room left
            spare = (room() - sum(widths)) // len(widths)
            widths = [w + min(spare, 12) for w in widths]
        x = rect.x
        for button, width in zip(self.commands, widths, strict=True):
            button.rect = pygame.Rect(x, rect.y, width, rect.height if width else 0)
            x += width + gap
        right = rect.right - transport_width()
        x = self.player.layout(right + 8, rect.y, icon_w, rect.height) + 10
        self.speed.layout(x, rect.y, square, font, SPEED_GAP, label=show_speed)

    def handle(self, event: pygame.event.Event) -> bool:
        """Clicks on the pad (hover is tracked but not consumed). The player buttons take their own
        clicks first: they let go of a double-click's second press on ▶ turned ⏸."""
        if self.player.handle(event):
            return True
        consumed = False
        for button in [*self.commands, *self.speed_buttons.values()]:
            consumed = button.handle(event) or consumed
        return consumed and event.type != pygame.MOUSEMOTION

    def tooltip(self, pos: tuple[int, int]) -> str:
        for name, button in self.transport.items():
            if button.rect.collidepoint(pos):
                return TRANSPORT[name]
        for button, (_label, command) in zip(self.commands, COMMAND_LABELS):
            if button.rect.collidepoint(pos):
                return COMMAND_HELP[command]
        return ""

    def draw(self, surface: pygame.Surface, theme: Theme, *, index: int, length: int, race_over: bool,
             playing: bool, speed: float) -> None:
        """The player buttons grey what would do nothing; ▶ stays lit at the history's end while the
        race runs (it steps the AI's turn)."""
        for button in self.commands:
            button.enabled = not race_over
            if button.rect.width:
                button.draw(surface, theme, self.command_size)
        self.player.update(index, length, playing=playing, more=not race_over)
        self.player.draw(surface, theme)
        self.speed.draw(surface, theme, self.text_size, speed)
