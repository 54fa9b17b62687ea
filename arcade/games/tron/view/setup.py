"""The match setup overlay (ui): mode, who drives each cycle, map, speed, bot time and rounds.

Rows are chosen with Up/Down (or the mouse) and changed with Left/Right (or a click on
the ◂ ▸ arrows, which stand at the same place whatever the value, so a second click on the same
spot steps again); Enter or a click on the map's name opens the map picker (←→ and the arrows
step through the maps there too), Enter elsewhere -- and on the map row once a map is picked
from the list -- starts the match. Rows that do not fit the window (four programs at 640x400)
scroll: the wheel, and the focus moved by a key, bring them into view. The overlay edits a plain
:class:`MatchSetup` and hands it back, so the game scene decides what a new setup means (a new match).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import pygame

from arcade.core.errors import ArcadeError, UsageError
from arcade.core.game import LevelEntry
from arcade.core.grid import size_name
from arcade.games.tron import maps
from arcade.games.tron.ai import BOTS, DEFAULT_BOT
from arcade.games.tron.ai import bot_title as entrant_title
from arcade.games.tron.controller import MODE_TITLES, MODES
from arcade.games.tron.players import PROTOCOLS, parse_spec
from arcade.games.tron.tournament_run import GAMES, MAP_SETS
from arcade.services.botspec import spec_protocol, typed_spec, with_protocol
from arcade.services.settings import stored_choice
from arcade.ui.focus import focus_step
from arcade.ui.overlays import draw_backdrop, draw_panel
from arcade.ui.picker import REPLAYS_GROUP, Choice, PickerScene
from arcade.ui.scene import Scene
from arcade.ui.scrolling import Scroll
from arcade.ui.text import draw_text, wrap_whole
from arcade.ui.text_prompt import FIELD_KEYS, TextField
from arcade.ui.theme import Theme
from arcade.ui.widgets import Button, Toolbar

SPEEDS = (4, 6, 8, 10, 12, 15, 20, 30)
#: The first round of a match against a bot is played at most this fast (ticks per second).
GENTLE_SPEED = 6
BOT_TIMES = (25, 50, 100, 200, 500)
BEST_OF = (1, 3, 5, 7, 9)
#: The map choices that draw a new generated map for every match (named after their family).
RANDOM_MAP = "random"
SCATTER_MAP = "scatter"
FRESH_MAPS = {RANDOM_MAP: "Random map (new each match)", SCATTER_MAP: "Scattered walls (new each match)"}
DEFAULT_MAP = "empty-room"
#: The seat choice after the built-in bots: an outside program (a command and a protocol).
PROGRAM = "program"
SEAT_CHOICES = (*BOTS, PROGRAM)
#: A tournament's third and fourth entrant may be left out (the default: two entrants, as before).
NO_ENTRANT = "none"
EXTRA_CHOICES = (NO_ENTRANT, *SEAT_CHOICES)
#: How many entrants the window's tournament takes (every pairing is played, as the CLI's with more bots).
ENTRANTS = 4
#: The setup's fourth mode (not a match: Start opens the tournament's table, see view/tournament.py).
TOURNAMENT = "tournament"
SETUP_MODE_TITLES = {**MODE_TITLES, TOURNAMENT: "Tournament (bots and programs)"}
#: Longest command the field takes (a path and a few arguments).
MAX_COMMAND = 300


#: Share of a tick a bot may think (the rest is the answer's trip and slack).
BOT_SHARE = 0.75


def bot_budget_ms(bot_ms: float, ticks_per_second: float) -> float:
    """The time a bot really gets for a move: the chosen time, but never more than :data:`BOT_SHARE`
    of a tick at ``ticks_per_second`` (and never under 5 ms)."""
    return max(5.0, min(float(bot_ms), 1000.0 / max(1.0, ticks_per_second) * BOT_SHARE))


def bot_time_text(bot_ms: int, ticks_per_second: float) -> str:
    """The setup's Bot time row: what a bot gets at the chosen speed. "200 ms per move (at most ¾ of
    a tick)" was shown at 30 ticks a second, where a tick is 33 ms and a bot gets 25."""
    budget = bot_budget_ms(bot_ms, ticks_per_second)
    if budget >= bot_ms:
        return f"{bot_ms} ms per move"
    tick = 1000.0 / max(1.0, ticks_per_second)
    return f"{budget:.0f} ms (¾ of a {tick:.0f} ms tick; {bot_ms} chosen)"  # short: the row fits at 640x400


@dataclass(frozen=True)
class MatchSetup:
    """What the player chose; stored in the settings as the next match's defaults."""

    mode: str = "bot"
    bot1: str = "strongest"
    bot2: str = DEFAULT_BOT
    map: str = DEFAULT_MAP
    speed: int = 10
    bot_ms: int = 100
    best_of: int = 3
    #: Per cycle, the outside program's command and protocol (used when that cycle's bot is PROGRAM).
    command1: str = ""
    command2: str = ""
    protocol1: str = "2010"
    protocol2: str = "2010"
    #: A tournament's third and fourth entrants (NO_ENTRANT: left out), with their programs' fields:
    #: a bot author plays their program against all our bots at once.
    bot3: str = NO_ENTRANT
    bot4: str = NO_ENTRANT
    command3: str = ""
    command4: str = ""
    protocol3: str = "2010"
    protocol4: str = "2010"
    #: A tournament's maps (a key of tournament_run.MAP_SETS) and games per pairing, map and seat.
    tourney_maps: str = "map"
    games: int = 1

    def seat_spec(self, seat: int) -> str:
        """Who drives bot seat ``seat`` (0 or 1; 2 and 3 are a tournament's further entrants): a bot
        name or a program's ``PROTOCOL:COMMAND``; a Command field holding a whole spec, label and all
        (``mine=2010:python3 bot.py``, as ``--bot`` takes it), is that spec (:func:`typed_spec`)."""
        bot = getattr(self, f"bot{seat + 1}")
        if bot != PROGRAM:
            return bot
        command, protocol = getattr(self, f"command{seat + 1}"), getattr(self, f"protocol{seat + 1}")
        return typed_spec(command, protocol, PROTOCOLS)

    def seat_protocol(self, seat: int) -> str:
        """The protocol program seat ``seat`` speaks: the one its command names, else its Protocol row's."""
        command = getattr(self, f"command{seat + 1}")
        return spec_protocol(command, PROTOCOLS) or getattr(self, f"protocol{seat + 1}")

    def entrants(self) -> list[int]:
        """The tournament's entrants (indexes 0-3), those left out ("none") skipped."""
        return [i for i in range(ENTRANTS) if getattr(self, f"bot{i + 1}") != NO_ENTRANT]

    def entrant_specs(self) -> list[str]:
        """Each entrant's bot name or program spec, in the setup's order."""
        return [self.seat_spec(i) for i in self.entrants()]

    def seats(self) -> tuple[str, str]:
        if self.mode == "bot":
            return ("human", self.seat_spec(1))
        if self.mode == "humans":
            return ("human", "human")
        return (self.seat_spec(0), self.seat_spec(1))

    def program_seats(self) -> list[int]:
        """The seats (a tournament's entrants) an outside program drives in this mode."""
        if self.mode == "tournament":
            return [i for i in self.entrants() if getattr(self, f"bot{i + 1}") == PROGRAM]
        return [seat for seat, who in enumerate(self.seats()) if ":" in who]

    def check(self) -> str:
        """One line saying what is wrong with a program seat -- or, in a tournament, with a bot
        entered twice -- or "" when the setup can start."""
        who = "Entrant" if self.mode == "tournament" else "Cycle"
        if self.mode == "tournament":
            # Switched to Tournament after a match of Flood fill against you, both entrants were Flood
            # fill, and Start said "the bot 'flood-fill' is listed twice": the CLI's words, an id
            # the panel never shows, and no row to change.
            entered: dict[str, int] = {}
            for seat in self.entrants():
                bot = getattr(self, f"bot{seat + 1}")
                if bot in entered and bot != PROGRAM:
                    others = "another bot, a program or None" if seat >= 2 else "another bot or a program"
                    return f"Entrant {seat + 1}: {bot_title(bot)} is entrant {entered[bot] + 1} already: pick {others}."
                entered.setdefault(bot, seat)
        for seat in self.program_seats():
            command = getattr(self, f"command{seat + 1}")
            if not command.strip():
                return f"{who} {seat + 1}: type the program's command (e.g. python3 mybot.py)."
            try:
                problem = parse_spec(self.seat_spec(seat)).problem()
            except UsageError as exc:
                problem = str(exc)
            if problem:
                return f"{who} {seat + 1}: {problem}"
        return ""

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode, "bot1": self.bot1, "bot2": self.bot2, "map": self.map, "speed": self.speed,
                "bot_ms": self.bot_ms, "best_of": self.best_of, "command1": self.command1,
                "command2": self.command2, "protocol1": self.protocol1, "protocol2": self.protocol2,
                "tourney_maps": self.tourney_maps, "games": self.games, "bot3": self.bot3, "bot4": self.bot4,
                "command3": self.command3, "command4": self.command4, "protocol3": self.protocol3,
                "protocol4": self.protocol4}

    @classmethod
    def from_dict(cls, data: Any) -> MatchSetup:
        """Read saved preferences, keeping defaults for anything missing or odd."""
        setup = cls()
        if not isinstance(data, dict):
            return setup
        picks: dict[str, Any] = {}
        for key, allowed in (("mode", MODES), ("bot1", SEAT_CHOICES), ("bot2", SEAT_CHOICES),
                             ("protocol1", PROTOCOLS), ("protocol2", PROTOCOLS), ("speed", SPEEDS),
                             ("bot_ms", BOT_TIMES), ("best_of", BEST_OF), ("tourney_maps", MAP_SETS),
                             ("games", GAMES), ("bot3", EXTRA_CHOICES), ("bot4", EXTRA_CHOICES),
                             ("protocol3", PROTOCOLS), ("protocol4", PROTOCOLS)):
            choice = stored_choice(data.get(key), allowed, None)
            if choice is not None:
                picks[key] = choice
        for key in ("command1", "command2", "command3", "command4"):
            if isinstance(data.get(key), str):
                picks[key] = data[key][:MAX_COMMAND]
        if isinstance(data.get("map"), str) and data["map"]:
            picks["map"] = data["map"]
        return replace(setup, **picks)


def games_text(games: int) -> str:
    """The Games row: each pairing's games per map, both seats played."""
    return f"{games} per map and seat"


def bot_title(name: str) -> str:
    """A seat's name as the setup panel shows it: the bot's title, "Program…" for an outside
    program, else ``name`` itself.
    """
    if name == PROGRAM:
        return "Program… (your own bot)"
    if name == NO_ENTRANT:
        return "None"
    return entrant_title(name)


def map_name(map_id: str) -> str:
    """A bundled map's name as the pickers show it: "huge-room" is "Huge room"."""
    return map_id.replace("-", " ").replace("_", " ").capitalize()


@lru_cache(maxsize=1)
def _bundled_ids() -> frozenset[str]:
    """The bundled maps' ids, read once: the setup's rows are built every frame it is drawn."""
    return frozenset(entry.id for entry in maps.bundled())


#: The generated families as the player reads them (the setup's "Random map" / "Scattered walls").
FAMILY_TITLES = {RANDOM_MAP: "Random map", SCATTER_MAP: "Scattered walls"}


def generated_map_title(map_id: str) -> str:
    """A generated map's readable name ("scatter-1798841909" is "Scattered walls #1798841909": the
    header showed the raw id), "" for any other map. The raw id stays what --level takes."""
    seed = maps.seed_of(map_id)
    family = map_id.partition("-")[0]
    return f"{FAMILY_TITLES[family]} #{seed}" if seed is not None and family in FAMILY_TITLES else ""


def map_title(ref: str) -> str:
    """The setup's Map row: a family of fresh maps, a bundled map's name, a generated map's name,
    or a file or id as given."""
    if ref in FRESH_MAPS:
        return FRESH_MAPS[ref]
    return map_name(ref) if ref in _bundled_ids() else generated_map_title(ref) or ref


def bundled_map_entries() -> list[LevelEntry]:
    """The bundled maps as both pickers list them (L, and the setup's Map row, which looked different:
    ids and sizes there, names without sizes here): name, what is special, size."""
    entries = []
    for entry in maps.bundled():
        subtitle = maps.NOTES.get(entry.id, maps.GROUP_TITLES.get(entry.group, ""))
        try:
            level = entry.load()
        except ArcadeError as exc:  # a damaged file on disk: listed as such
            entries.append(LevelEntry(entry.id, map_name(entry.id), group=entry.group, error=str(exc)))
            continue
        entries.append(LevelEntry(entry.id, map_name(entry.id), group=entry.group, subtitle=subtitle,
                                  tag=size_name(level.width, level.height)))
    return entries


def fresh_map_entries() -> list[LevelEntry]:
    """The two picker entries that make a new map every match (random symmetric, scattered walls),
    listed after the bundled maps.
    """
    return [LevelEntry(RANDOM_MAP, "A random symmetric map", group="random", subtitle="a new one every match",
                       tag="random"),
            LevelEntry(SCATTER_MAP, "A map with scattered walls", group="random",
                       subtitle="single walls strewn about, 10–30 a side, a new one every match", tag="random")]


def map_choices(current: str = "", replays: bool = True) -> tuple[list[Choice], int]:
    """The setup's map list: the L picker's rows (the framework's: its headers, names and sizes, the
    Saved replays row on top, unless not ``replays``), ``current`` selected."""
    from arcade.games.tron.view import FRONT
    from arcade.ui.level_changes import picker_entries
    from arcade.ui.picker import level_choices

    entries = [e for e in picker_entries(FRONT) if replays or e.group != REPLAYS_GROUP]
    return level_choices(FRONT.info, entries, {}, current)


class SetupScene(Scene):
    """The New match panel: players, map, speed and match length of a :class:`MatchSetup`; Start hands it to
    ``on_start`` (after ``confirm``, when a match in progress would be lost).
    """
    overlay = True
    ROW = 44
    #: How a replay viewed over this panel names it (its Esc and Back button: see arcade.ui.replays).
    return_name = "the setup"
    #: The least a row shrinks to before the rows scroll instead (its 17 px text and a margin).
    MIN_ROW = 30
    ERROR_SIZE = 15

    def is_idle(self) -> bool:
        """The panel changes only on input: resting open (the player reading the options) it was
        drawn 60 times a second, about 70 % of a core at 1280x800 (the base scene's safe default)."""
        return True

    def __init__(self, setup: MatchSetup, on_start: Callable[[MatchSetup], None],
                 confirm: Callable[[], str] | None = None,
                 on_cancel: Callable[[], None] | None = None,
                 on_tournament: Callable[[MatchSetup], Scene | str] | None = None,
                 on_replays: Callable[[], Any] | None = None) -> None:
        super().__init__()
        #: The map list's *Saved replays* row opens the game's saved replays over this panel (a
        #: replay watched from there comes back here on Esc). None: the list has no such row.
        self.on_replays = on_replays
        #: Start in the Tournament mode hands the setup here and opens the scene it returns (the
        #: tournament's table, over the game: no match is thrown away), or shows the one line it
        #: returns instead. None: the mode is not offered.
        self.on_tournament = on_tournament
        #: Called when the panel is left without Start (Cancel, Esc, a click outside): the game
        #: drops the question a Start asked, and its toast (it stayed up for its five seconds).
        self.on_cancel = on_cancel
        #: Asked before Start goes ahead: "" to go, else what to say in the panel (a match in progress
        #: would be thrown away: the first Start says so, the second starts -- as F5 asks).
        self.confirm = confirm
        #: (window size, panel top, the message's extra height) of the last layout: the panel keeps its
        #: top while rows change, its bottom while the message grows.
        self._anchor: tuple[tuple[int, int], int, int] | None = None
        self._traced_places: list[str] = []
        self.title = "New match"
        self.setup = setup
        #: Every map's value, in the picker's order (read once, when ←→ first steps through them).
        self._map_values: list[Any] | None = None
        #: Each row's widest value in pixels, with what it was measured for (the font and what the
        #: row's values depend on): every draw and every click measured every value of every row,
        #: every map's title among them.
        self._widest: dict[str, tuple[tuple[Any, ...], int]] = {}
        self.on_start = on_start
        self.selected = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.row_rects: list[pygame.Rect] = []
        self.row_h = self.ROW
        #: The rows' scroll when they do not all fit (the wheel, or keyboard focus moving off the view).
        self.scroll = Scroll()
        self.buttons = [Button("Start", self.start), Button("Cancel", self.cancel)]
        #: The keyboard's focus ring over Start and Cancel (the framework's, as on the how-to page:
        #: a :class:`Toolbar` with no row of its own). Tab goes down the rows, then to Start and
        #: Cancel, and round: Tab never reached them, so the mouse alone could press them.
        self.focus = Toolbar()
        self.focus.rows = lambda: [self.buttons]
        #: Why Start was refused (a program seat without a usable command), shown in the panel.
        self.error = ""
        #: Its colour's role: "error" for a refusal, "warning" for the question Start asks mid-match
        #: ("Press Start again to throw away this game…" was drawn in the error red: a question is
        #: a warning, not something that went wrong).
        self.error_role = "error"
        #: ``error`` as drawn: wrapped to the panel's width, none of it cut.
        self.error_lines: list[str] = []
        self._laid_out: tuple[tuple[int, int], str] | None = None
        #: A map was just picked from the list on the Map row: Enter there now starts.
        #: Enter used to open the list again and again, so it could never start from that row
        #: although the footer said "Enter start".
        self.map_set = False
        #: The text field of the chosen command row (one at a time: the keyboard is in one), and its row.
        self.input = TextField(limit=MAX_COMMAND)
        self._input_key: str | None = None

    # -- rows --------------------------------------------------------------------------------
    def rows(self) -> list[tuple[str, str, str]]:
        """(key, label, value text) of the rows that apply to the chosen mode."""
        s = self.setup
        rows = [("mode", "Mode", SETUP_MODE_TITLES[s.mode])]
        if s.mode == TOURNAMENT:
            return [*rows, *self.tournament_rows()]
        if s.mode == "watch":
            rows.append(("bot1", "Cycle 1", bot_title(s.bot1)))
            if s.bot1 == PROGRAM:
                rows += self.program_rows(1, s.command1, s.seat_protocol(0))
        else:
            # The seat's one name, as the header will say it (scene.seat_names): two players are
            # "Player 1" and "Player 2" -- this row said "You" while the header said "Player 1".
            rows.append(("human1", "Cycle 1", "You: WASD or arrows" if s.mode == "bot" else "Player 1: WASD"))
        if s.mode == "humans":
            rows.append(("human2", "Cycle 2", "Player 2: arrows"))
        else:
            rows.append(("bot2", "Cycle 2", bot_title(s.bot2)))
            if s.bot2 == PROGRAM:
                rows += self.program_rows(2, s.command2, s.seat_protocol(1))
        rows += [
            ("map", "Map", map_title(s.map)),
            ("speed", "Speed", f"{s.speed} ticks per second"),
        ]
        if s.mode != "humans":
            rows.append(("bot_ms", "Bot time", bot_time_text(s.bot_ms, s.speed)))
        rows.append(("best_of", "Rounds", f"best of {s.best_of}"))
        return rows

    def tournament_rows(self) -> list[tuple[str, str, str]]:
        """The Tournament mode's rows: two to four entrants (a bot or a program, as the seats; the third
        and fourth may be "None"), the maps,
        games per pairing and the bots' time (no speed: nothing is shown while rounds are played)."""
        s = self.setup
        rows: list[tuple[str, str, str]] = []
        for n in range(1, ENTRANTS + 1):
            bot = getattr(s, f"bot{n}")
            rows.append((f"bot{n}", f"Entrant {n}", bot_title(bot)))
            if bot == PROGRAM:
                rows += self.program_rows(n, getattr(s, f"command{n}"), s.seat_protocol(n - 1))
        rows.append(("tourney_maps", "Maps", MAP_SETS.get(s.tourney_maps, s.tourney_maps)))
        if s.tourney_maps == "map":
            rows.append(("map", "Map", map_title(s.map)))
        rows += [("games", "Games", games_text(s.games)), ("bot_ms", "Bot time", f"{s.bot_ms} ms per move")]
        return rows

    def modes(self) -> list[str]:
        """The Mode row's values: the tournament only when the game can open one."""
        return [*MODES, TOURNAMENT] if self.on_tournament is not None else list(MODES)

    def values_of(self, key: str) -> list[str]:
        """Every value text row ``key`` can show (its widest fixes where the row's ▸ stands)."""
        s = self.setup
        if key == "mode":
            return [SETUP_MODE_TITLES[m] for m in self.modes()]
        if key == "tourney_maps":
            return list(MAP_SETS.values())
        if key == "games":
            return [games_text(n) for n in GAMES]
        if key in ("bot1", "bot2"):
            return [bot_title(name) for name in SEAT_CHOICES]
        if key in ("bot3", "bot4"):
            return [bot_title(name) for name in EXTRA_CHOICES]
        if key.startswith("protocol"):
            return [self.program_rows(1, "", protocol)[1][2] for protocol in PROTOCOLS]
        if key == "map":
            return [map_title(ref) for ref in self._map_ids()]
        if key == "speed":
            return [f"{speed} ticks per second" for speed in SPEEDS]
        if key == "bot_ms":
            return [bot_time_text(ms, s.speed) for ms in BOT_TIMES] + [f"{ms} ms per move" for ms in BOT_TIMES]
        if key == "best_of":
            return [f"best of {n}" for n in BEST_OF]
        return []

    #: Where a row's value starts, right of the label; ◂ stands just left of it.
    VALUE_X = 150
    ARROW_W = 20

    #: Every row with ◂ ▸, whatever the mode: their values share one column.
    STEPPED_ROWS = ("mode", "bot1", "bot2", "protocol1", "map", "speed", "bot_ms", "best_of", "tourney_maps", "games")

    def arrow_rects(self, key: str, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """Row ``key``'s ◂ and ▸ in ``rect``, at fixed places: one ◂ x and one ▸ x for every row, ▸
        after the widest value any row can take (capped by the panel; a longer value is shortened
        with "…"). They used to follow the value's width, so clicking ▸ twice on the same spot missed
        the second time; then each row had its own ▸ (x 660, 775, 845, 721, 895 at 1024x640), a
        ragged column."""
        assert self.app is not None
        widest = max(self.widest_value(k) for k in self.STEPPED_ROWS)
        px = self.app.theme.px
        value_x, arrow_w = rect.x + px(self.VALUE_X), px(self.ARROW_W)
        right = min(value_x + widest + 8, rect.right - arrow_w)
        return (pygame.Rect(value_x - arrow_w - 2, rect.y, arrow_w, rect.height),
                pygame.Rect(right, rect.y, arrow_w, rect.height))

    def widest_value(self, key: str) -> int:
        """The width of row ``key``'s widest value, measured once for the font (a new theme, or a new
        size, is another font object) and for what the values depend on (the speed, for the bot's
        time; the map list). A resize relays the panel on every change of a value: it keeps these."""
        assert self.app is not None
        font = self.app.theme.font(17)
        depends: Any = (self.setup.speed if key == "bot_ms"
                        else tuple(self._map_ids()) if key == "map" else None)
        stamp = (font, depends)
        cached = self._widest.get(key)
        if cached is None or cached[0] != stamp:
            cached = (stamp, max((font.size(text)[0] for text in self.values_of(key)), default=0))
            self._widest[key] = cached
        return cached[1]

    def step_row(self, rows: list[tuple[str, str, str]], step: int) -> None:
        """The next row up or down that ← → can change: a seat the players hold ("Cycle 1: You")
        is only said, and the cursor stopped there with nothing to do."""
        self.map_set = False
        for _ in rows:
            self.selected = (self.selected + step) % len(rows)
            if not rows[self.selected][0].startswith("human"):
                return

    @staticmethod
    def program_rows(cycle: int, command: str, protocol: str) -> list[tuple[str, str, str]]:
        """The command field and protocol choice of a cycle driven by an outside program."""
        return [(f"command{cycle}", "Command", command),
                (f"protocol{cycle}", "Protocol", SetupScene.protocol_text(protocol))]

    @staticmethod
    def protocol_text(protocol: str, short: bool = False) -> str:
        """A protocol's value: its name, title and time a move ("2010 — Google AI Challenge 2010 ·
        1 s a move"); ``short``, for a narrow panel, without the title ("2010 · 1 s a move")."""
        from arcade.games.tron.outside import LIMITS

        limit = f"{LIMITS[protocol].move_ms / 1000:g} s a move"
        if short:
            return f"{protocol} · {limit}"
        return f"{protocol} — {PROTOCOLS[protocol].split(':')[0]} · {limit}"

    def change(self, key: str, step: int) -> None:
        s = self.setup
        names = list(SEAT_CHOICES)
        protocols = list(PROTOCOLS)
        cycle: dict[str, tuple[list[Any], Any]] = {
            "mode": (self.modes(), s.mode), "tourney_maps": (list(MAP_SETS), s.tourney_maps),
            "games": (list(GAMES), s.games), "bot1": (names, s.bot1), "bot2": (names, s.bot2),
            "bot3": (list(EXTRA_CHOICES), s.bot3), "bot4": (list(EXTRA_CHOICES), s.bot4),
            "protocol1": (protocols, s.protocol1), "protocol2": (protocols, s.protocol2),
            "protocol3": (protocols, s.protocol3), "protocol4": (protocols, s.protocol4),
            "speed": (list(SPEEDS), s.speed), "bot_ms": (list(BOT_TIMES), s.bot_ms),
            "best_of": (list(BEST_OF), s.best_of),
        }
        if key == "map":
            cycle["map"] = (self._map_ids(), s.map)
        if key not in cycle:
            return
        values, current = cycle[key]
        changes: dict[str, Any] = {}
        if key.startswith("protocol"):  # the protocol a typed spec names is the one shown: step that
            seat = int(key.removeprefix("protocol")) - 1
            current = s.seat_protocol(seat)
        index = values.index(current) if current in values else 0
        changes[key] = values[(index + step) % len(values)]
        if key.startswith("protocol"):
            command = getattr(s, f"command{seat + 1}")
            changes[f"command{seat + 1}"] = with_protocol(command, changes[key], PROTOCOLS)
        self.setup = replace(s, **changes)
        self.error = ""
        self.selected = min(self.selected, len(self.rows()) - 1)
        if self.app is not None:
            self.resize(self.app.size)

    def _map_ids(self) -> list[str]:
        """Every map's value in the picker's order, read once."""
        if self._map_values is None:
            self._map_values = [c.value.id for c in map_choices(replays=False)[0]
                                if not c.header and not c.value.error]
            if self.setup.map not in self._map_values:  # a map file or a generated id: the first choice
                self._map_values.insert(0, self.setup.map)
        return self._map_values

    def open_levels(self) -> None:
        """L in a replay viewed over this panel: the viewer closed, this panel's map list (the same
        rows as L's): a map picked in the viewer started a match there, over the match underneath."""
        self.pick_map()

    def pick_map(self) -> None:
        assert self.app is not None
        choices, current = map_choices(self.setup.map, replays=self.on_replays is not None)

        def picked(choice: Choice) -> None:
            if choice.value.group == REPLAYS_GROUP and self.on_replays is not None:
                self.on_replays()
                return
            if choice.value.error:
                return
            self.setup = replace(self.setup, map=choice.value.id)
            self.map_set = True

        self.app.push(PickerScene("Choose a map", choices, picked, selected=current))

    def tell(self, line: str, role: str = "warning") -> None:
        """Say ``line`` in the panel, where Start's refusals are said (the saved replays' "none yet", a
        damaged file refused): the status line under the panel is dimmed."""
        self.error, self.error_role = line, role

    def cancel(self) -> None:
        """Leave without starting (Cancel, Esc, a click outside the panel)."""
        self.close()
        if self.on_cancel is not None:
            self.on_cancel()

    def start(self) -> None:
        """Start the match -- unless a program seat has no usable command (then say why, in one line)."""
        self.error = self.setup.check()
        self.error_role = "error"
        if self.error:
            # Put the cursor on the field of the cycle the message is about ("Cycle N: ..."): its
            # command, or its bot's row for a bot entered twice.
            number = self.error.split(':')[0][-1]
            keys = [row[0] for row in self.rows()]
            field = next((key for key in (f"command{number}", f"bot{number}") if key in keys), None)
            self.selected = keys.index(field) if field is not None else self.selected
            return
        if self.setup.mode == TOURNAMENT and self.on_tournament is not None:
            opened = self.on_tournament(self.setup)
            if isinstance(opened, str):  # refused as the CLI refuses: the same bot twice, a bad map
                self.error = opened
                return
            assert self.app is not None
            app = self.app
            self.close()
            app.push(opened)
            return
        if self.confirm is not None:
            self.error = self.confirm()
            if self.error:
                self.error_role = "warning"
                return
        self.close()
        self.on_start(self.setup)

    def type_into(self, key: str, event: pygame.event.Event) -> bool:
        """Edit a command field with a key press (the framework's text field); False when the key is not
        the field's. A letter past the length limit is swallowed: it used to fall through and step the row."""
        self._sync_field()
        if not self.input.handle(event):
            return False
        self.setup = replace(self.setup, **{key: self.input.text})
        self.error = ""
        return True

    def _sync_field(self) -> None:
        """Bind the text field to the chosen row when it is a command: arriving there selects the command
        (typing replaces it, as in most dialogs; it was typed onto, two commands run together)."""
        rows = self.rows()
        key = rows[min(self.selected, len(rows) - 1)][0]
        if not key.startswith("command"):
            self._input_key = None
        elif key != self._input_key or self.input.text != getattr(self.setup, key):
            self.input.set(getattr(self.setup, key))
            self.input.focus()
            self._input_key = key

    # -- layout and input ------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        assert self.app is not None
        rows = self.rows()
        theme = self.app.theme
        px = theme.px  # the dialog grows with the window's UI scale (1.0 up to 1280x800)
        width = min(px(620), size[0] - 40)
        # Why Start was refused, whole: a program's long path or a protocol's list is the useful part.
        self.error_lines = wrap_whole(theme, self.error, self.ERROR_SIZE, width - 32) if self.error else []
        line_h = theme.font(self.ERROR_SIZE).get_linesize()
        extra = max(0, len(self.error_lines) - 1) * line_h  # the first line has its place above the keys
        height = min(size[1] - 20, px(80) + px(self.ROW) * len(rows) + px(100) + extra)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        # Rows come and go with the mode: keep the panel's top where it was (it grows downwards), so
        # the row under the pointer stays under the pointer and the next click lands where aimed.
        # A message's extra lines come from a click on Start ("Press Start again to throw away this
        # game…" on two lines): the panel grows upwards for them, so Start stays under the pointer
        # (it moved 18 px down, and a second click on its upper half hit nothing).
        if self._anchor is not None and self._anchor[0] == size:
            top = self._anchor[1] - (extra - self._anchor[2])
            # Grown past the window's foot, the rows shrink (down to readable) before the top moves:
            # at 1024x640 the Tournament's rows lifted the panel 22 px, and the next click on Mode's
            # ▸ landed between two rows and did nothing.
            least = px(170) + extra + px(self.MIN_ROW) * len(rows)
            if top + height > size[1] - 10 and size[1] - 10 - top >= least:
                height = size[1] - 10 - top
                self.panel.height = height
            self.panel.top = max(0, min(top, size[1] - 10 - height))
        self._anchor = (size, self.panel.top, extra)
        # The rows shrink to fit, down to a height their text is readable and clickable in; past
        # that they scroll (four programs' rows at 640x400 were squeezed to 12 px, drawn over each
        # other, the last ones out of reach).
        view = pygame.Rect(self.panel.x + 16, self.panel.y + px(60), width - 32, max(0, height - px(170) - extra))
        self.row_h = max(px(self.MIN_ROW), min(px(self.ROW), view.height // max(1, len(rows))))
        self.scroll.fit(view, self.row_h * len(rows))
        self._place_rows(len(rows))
        self.reveal_selected()  # a smaller window, a row come or gone, Start's message: the focus stays in sight
        self._laid_out = (size, self.error)
        total = sum(b.preferred_width(theme, 17) + px(24) for b in self.buttons) + px(10)
        x = self.panel.centerx - total // 2
        for b in self.buttons:
            w = b.preferred_width(theme, 17) + px(24)
            b.rect = pygame.Rect(x, self.panel.bottom - px(56), w, px(38))
            x += w + px(10)

    def _trace_places(self) -> None:
        """Where each row's ◂ and ▸ and each button were drawn, once per change (end-to-end tests click
        them as a player's mouse would; a no-op untraced)."""
        assert self.app is not None
        lines = []
        for i, ((key, _label, value), rect) in enumerate(zip(self.rows(), self.row_rects, strict=False)):
            if self.shown(i) and not key.startswith(("human", "command")):
                back, forward = self.arrow_rects(key, rect)
                lines.append(f"tron-setup-row {key} {back.centerx} {back.centery} {forward.centerx} "
                             f"{forward.centery} {value}")
        lines += [f"tron-setup-button {b.rect.centerx} {b.rect.centery} {b.label}" for b in self.buttons]
        if lines != self._traced_places:
            self._traced_places = lines
            for line in lines:
                self.app.trace(line)

    def _place_rows(self, count: int) -> None:
        """Each row's rectangle on the screen at the current scroll."""
        view = self.scroll.view
        self.row_rects = [pygame.Rect(view.x, self.scroll.screen_y(i * self.row_h), view.width, self.row_h - 4)
                          for i in range(count)]

    def shown(self, row: int) -> bool:
        """Whether row ``row`` is wholly in view (only those are drawn and clickable)."""
        return self.scroll.shows(row * self.row_h, self.row_h - 4)

    def reveal_selected(self) -> None:
        """Scroll the chosen row into view: focus moved by a key, or by Start to the field it is about."""
        if self.scroll.reveal(self.selected * self.row_h, self.row_h):
            self._place_rows(len(self.row_rects))

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        for i, rect in enumerate(self.row_rects):
            if rect.collidepoint(pos) and self.shown(i):
                return i
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        rows = self.rows()
        if self._tab_to_buttons(event, rows) or self.focus.handle(event):
            return True
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            row = self._row_at(event.pos)
            if row is not None and row != self.selected:
                self.selected = row
                self.map_set = False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self._row_at(event.pos)
            if row is not None:
                if row != self.selected:
                    self.map_set = False
                self.selected = row
                rect = self.row_rects[row]
                back, forward = self.arrow_rects(rows[row][0], rect)
                if rows[row][0] == self._input_key and self.field_box(rect).collidepoint(event.pos):
                    self.input.click(event.pos)  # a click in the focused field places the caret
                elif event.pos[0] < back.right:  # ◂ (and the label) steps back
                    self.change(rows[row][0], -1)
                elif event.pos[0] >= forward.x:  # ▸ and right of it steps on
                    self.change(rows[row][0], 1)
                elif rows[row][0] == "map":  # a click on the map's name opens the list of every map
                    self.pick_map()
                else:  # the value steps on
                    self.change(rows[row][0], 1)
            elif not self.panel.collidepoint(event.pos):
                self.cancel()
        elif event.type == pygame.MOUSEWHEEL:
            if self.scroll.wheel(event, self.row_h):
                self._place_rows(len(rows))
                self._choose_after_wheel(rows)
        elif event.type == pygame.KEYDOWN:
            self._key(event, rows)
            self.reveal_selected()
        self._sync_field()
        return True

    def _tab_to_buttons(self, event: pygame.event.Event, rows: list[tuple[str, str, str]]) -> bool:
        """Tab goes down the rows, then to Start and Cancel (the focus ring), and round to the
        first row; Shift+Tab the other way: the screen's order. True if done here; False leaves a
        Tab between Start and Cancel to the ring itself."""
        if event.type != pygame.KEYDOWN or event.key != pygame.K_TAB:
            return False
        step = focus_step(event)
        assert step is not None
        ring = [b for b in self.focus.ring() if b.is_enabled()]
        if self.focus.focus in ring:
            if 0 <= ring.index(self.focus.focus) + step < len(ring):
                return False
            self.focus.set_focus(None)  # past the buttons: back to the first row (the last)
            self.selected = len(rows) - 1 if step > 0 else 0
            self.step_row(rows, step)
        else:
            before = self.selected
            self.step_row(rows, step)
            if (self.selected - before) * step <= 0 and ring:  # round past the last row: the buttons
                self.selected = before
                self.focus.set_focus(ring[0] if step > 0 else ring[-1])
        self.reveal_selected()
        self._sync_field()
        return True

    def field_box(self, rect: pygame.Rect) -> pygame.Rect:
        """The text box of a command row drawn in ``rect``."""
        assert self.app is not None
        px = self.app.theme.px
        return pygame.Rect(rect.x + px(124), rect.y + 3, rect.width - px(130), rect.height - 6)

    def _choose_after_wheel(self, rows: list[tuple[str, str, str]]) -> None:
        """After the wheel the chosen row is the one under the pointer, or the nearest one in view:
        ← → or typing must never change a row the player cannot see."""
        under = self._row_at(pygame.mouse.get_pos())
        shown = [i for i in range(len(rows)) if self.shown(i)]
        if under is not None:
            self.selected = under
        elif shown and self.selected not in shown:
            self.selected = shown[0] if self.selected < shown[0] else shown[-1]
        else:
            return
        self.map_set = False

    def _key(self, event: pygame.event.Event, rows: list[tuple[str, str, str]]) -> None:
        """A key press on the panel: type, move the focus, change the row, start or cancel."""
        key = rows[self.selected][0]
        if key.startswith("command") and self.type_into(key, event):
            return
        if event.key == pygame.K_ESCAPE:
            self.cancel()
        elif (step := focus_step(event, back=(pygame.K_UP, pygame.K_w),
                                 forward=(pygame.K_DOWN, pygame.K_s))) is not None:
            self.step_row(rows, step)
        elif event.key in (pygame.K_HOME, pygame.K_END):
            # The first and the last row that can change, as in every list (they did nothing here).
            home = event.key == pygame.K_HOME
            self.selected = len(rows) - 1 if home else 0
            self.step_row(rows, 1 if home else -1)
        elif event.key in (pygame.K_LEFT, pygame.K_a):
            self.change(key, -1)
        elif event.key in (pygame.K_RIGHT, pygame.K_d):
            self.change(key, 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if key == "map" and not self.map_set:
                self.pick_map()
            else:
                self.start()

    def draw(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        if self._laid_out != (self.app.size, self.error):
            self.resize(self.app.size)  # an error came or went: its lines take their room
        self._sync_field()  # the focus came to a command row (the mode changed, Start pointed at it)
        draw_backdrop(surface)
        draw_panel(surface, theme, self.panel)
        px = theme.px
        value_x = px(self.VALUE_X)
        draw_text(surface, theme, self.title, (self.panel.centerx, self.panel.y + px(18)), size=26, bold=True,
                  anchor="midtop")
        for i, ((key, label, value), rect) in enumerate(zip(self.rows(), self.row_rects, strict=False)):
            if not self.shown(i):
                continue  # scrolled out of the rows' view: never half a row
            fixed = key.startswith("human")
            field = key.startswith("command")
            if i == self.selected and self.focus.focus is None:  # one focus shown: a button's ring, or the row
                pygame.draw.rect(surface, theme["panel_light"], rect, border_radius=8)
                pygame.draw.rect(surface, theme["accent"], rect, width=1, border_radius=8)
            draw_text(surface, theme, label, (rect.x + px(14), rect.centery), size=17, bold=True, anchor="midleft",
                      colour=theme["text_dim"])
            if field:
                box = self.field_box(rect)
                pygame.draw.rect(surface, theme["background"], box, border_radius=5)
                pygame.draw.rect(surface, theme["accent" if i == self.selected else "panel_light"], box, width=1,
                                 border_radius=5)
                placeholder = self.command_placeholder(box)
                if key == self._input_key:
                    self.input.draw(surface, theme, box, size=16, placeholder=placeholder)
                else:  # another seat's command, unfocused: its end, as before
                    TextField(value, MAX_COMMAND).draw(surface, theme, box, size=16, focused=False,
                                                       placeholder=placeholder)
                continue
            if fixed:
                draw_text(surface, theme, value, (rect.x + value_x - px(self.ARROW_W), rect.centery), size=17,
                          anchor="midleft", colour=theme["text_dim"], max_width=rect.width - px(140))
                continue
            back, forward = self.arrow_rects(key, rect)
            room = forward.x - rect.x - value_x - 4
            if key.startswith("protocol") and theme.font(17).size(value)[0] > room:
                # The protocol's name and its time, without the title: at 640x400 the value was cut
                # to "2010 — Google AI Challenge 2010 · 1 s a m…", the time per move lost.
                value = self.protocol_text(getattr(self.setup, key), short=True)
            draw_text(surface, theme, "◂", back.center, size=17, anchor="center")
            draw_text(surface, theme, value, (rect.x + value_x, rect.centery), size=17, anchor="midleft",
                      max_width=room)
            draw_text(surface, theme, "▸", forward.center, size=17, anchor="center")
        self.scroll.draw_bar(surface, theme, self.panel.right - px(12))
        for b in self.buttons:
            b.draw(surface, theme, 17)
        self._trace_places()
        self.focus.draw(surface, theme)  # only the ring: the focus toolbar has no row of its own
        line_h = theme.font(self.ERROR_SIZE).get_linesize()
        for i, line in enumerate(reversed(self.error_lines)):
            draw_text(surface, theme, line, (self.panel.centerx, self.panel.bottom - px(84) - i * line_h),
                      size=self.ERROR_SIZE, colour=theme[self.error_role], anchor="midbottom")
        draw_text(surface, theme, self.footer_hint(), (self.panel.centerx, self.panel.bottom - px(64)), size=14,
                  colour=theme["text_dim"], anchor="midbottom")

    def command_placeholder(self, box: pygame.Rect) -> str:
        """What an empty Command field says: a command, or a whole spec naming the program as
        ``--bot`` takes it (a label was typed nowhere else, and the field said only "python3
        mybot.py") -- the longest wording that fits ``box``."""
        assert self.app is not None
        return _fitting(self.app.theme, 16, box.width - 16, COMMAND_PLACEHOLDERS)

    def footer_hint(self) -> str:
        """The keys line under the rows, for the row chosen. On the Map row it says the list opens
        with Saved replays (the map list's first row: nothing said so), the longest wording that
        fits the panel at 640x400 and 150 % text."""
        assert self.app is not None
        key = self.rows()[self.selected][0]
        if key.startswith("command"):
            return f"{FIELD_KEYS} · ↑↓ choose · Enter start"  # "type the command ·" made it overflow
        if key != "map":
            return "↑↓ choose · ←→ change · Enter start · Esc cancel"
        listed = "saved replays, every map" if self.on_replays is not None else "every map"
        opens = f"click the name: {listed}" if self.map_set else f"Enter or click: {listed}"
        start = " · Enter start" if self.map_set else ""
        return _fitting(self.app.theme, 14, self.panel.width - self.app.theme.px(32), (
            f"↑↓ choose · ←→ change{start} · {opens} · Esc cancel",
            f"↑↓ ←→{start} · {opens} · Esc cancel",
            f"{start.removeprefix(' · ')} · {opens}".removeprefix(" · "),
        ))


#: What an empty Command field says, longest first (see :meth:`SetupScene.command_placeholder`).
COMMAND_PLACEHOLDERS = (
    "type the command, e.g. python3 bot.py, or name it: mine=2010:python3 bot.py",
    "e.g. python3 bot.py, or named: mine=2010:python3 bot.py",
    "e.g. python3 bot.py, or mine=2010:python3 bot.py",
)


def _fitting(theme: Theme, size: int, width: int, texts: tuple[str, ...]) -> str:
    """The first of ``texts`` (longest first) that fits ``width`` pixels at ``size``, else the last."""
    font = theme.font(size)
    return next((text for text in texts if font.size(text)[0] <= width), texts[-1])
