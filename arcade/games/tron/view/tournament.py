"""The tournament's live table (ui): progress, standings, a line per round; Esc asks, then stops.

The rounds run in worker processes (:class:`~arcade.games.tron.tournament_run.TournamentRun`);
this overlay only reads what finished, so the window keeps drawing whatever the bots do. The
round lines are the CLI's own (a program's failure with its reason), newest first, the failed
rounds kept on screen before the others: a bot author looks for why their program lost. Up/Down
or a click choose a finished round and Enter, or a click on the chosen round (a double click),
opens it in the replay viewer (``play tron --replay``'s), whose Esc comes back here: the author
watches how their program lost without saving files. The wheel scrolls the rounds.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from arcade.core.words import plural
from arcade.games.tron.tournament_run import RoundRow, TournamentRun
from arcade.games.tron.view.setup import map_title
from arcade.ui.columns import lay_out_columns
from arcade.ui.overlays import draw_backdrop, draw_panel
from arcade.ui.scene import Scene
from arcade.ui.scrolling import NOTCH_LINES, Scroll
from arcade.ui.text import draw_text
from arcade.ui.widgets import Button

#: The standings' columns: (title, left edge as a share of the panel's width): fixed pixels ran
#: past the panel's edge in a small window.
COLUMNS = (("Entrant", 0.04), ("Games", 0.40), ("W", 0.52), ("D", 0.58), ("L", 0.64), ("Score", 0.71),
           ("Elo", 0.84))


class TournamentScene(Scene):
    """The table of a tournament in progress (or over); the run is stopped when the scene is left."""

    overlay = True
    title = "Tron tournament"
    #: A round row's height at a UI scale of 1 (a target for the mouse, as the level picker's and
    #: the setup's rows are): the rows were a 13 px text's line, 16 px, too small to aim at and read.
    ROW = 28
    #: The least a row shrinks to in a small window before the list scrolls instead.
    MIN_ROW = 22
    #: The rows' text size; a failed round's reason is a line of it under its row.
    TEXT = 15

    def __init__(self, run: TournamentRun) -> None:
        super().__init__()
        self.run = run
        #: The first Esc while rounds run only asks; the second stops them (the table stays).
        self.asking = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        #: The rounds played and whether the run had ended, as last drawn (see :meth:`is_idle`).
        self._drawn: tuple[int, bool] = (-1, False)
        #: The chosen round's schedule index (a RoundRow's ``index``), None before Up/Down: it
        #: follows the round, not its place, as new rounds come in above it.
        self.chosen: int | None = None
        #: The round list's scroll (the wheel; a round chosen by key or click is kept in view).
        self.scroll = Scroll()
        #: Keep the chosen round in view as rounds come in above it; the wheel lets it go.
        self.follow = False
        #: Where the pointer is (a hovered round is lit), and where each round in view was drawn
        #: (schedule index, rectangle): a click chooses what the player saw there.
        self.pointer: tuple[int, int] | None = None
        self.places: list[tuple[int, pygame.Rect]] = []
        #: The standings' scroll, where they were drawn and the entrants drawn there (see
        #: :meth:`_draw_standings`): many entrants in a small window scroll rather than hide the rounds.
        self.standings_scroll = Scroll()
        self.standings_view = pygame.Rect(0, 0, 0, 0)
        self.standings_shown: list[str] = []
        #: A round row's height as last laid out (see :meth:`_row_height`).
        self.row_h = self.ROW
        #: The round columns as last laid out, (left, width) each (see :meth:`_round_columns`).
        self.round_columns: list[tuple[int, int]] = []
        #: The rounds as last listed (see :meth:`_listed`).
        self._held: list[RoundRow] | None = None
        #: The places last written to the trace (end-to-end tests click them), so it is written once.
        self._traced: object = None
        self._traced_progress: tuple[int, bool] | None = None
        self._traced_button: object = None
        #: The mouse's way out, as Esc is the keyboard's: "Stop" while the rounds run (asks first, as
        #: Esc does), "Back to the game" once they are over. The table had no button, and a click
        #: outside it did nothing: a player with only a mouse could not leave it.
        self.leave_button = Button("Stop", self.leave_or_stop,
                                   other_labels=("Stop now", "Back to the game"))
        #: Called when the table is left (the game says how to open it again).
        self.on_leave: Callable[[], None] | None = None

    def enter(self, app: object) -> None:
        super().enter(app)  # type: ignore[arg-type]
        self.run.start()

    def leave(self) -> None:
        """Leaving (the window closes, the menu) stops the rounds: no worker or program outlives it;
        :attr:`on_leave` tells the game (its T shows the table again)."""
        self.run.stop()
        if self.on_leave is not None:
            self.on_leave()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        assert self.app is not None
        px = self.app.theme.px
        width = min(size[0] - 40, px(760))
        self.panel = pygame.Rect(0, 0, width, size[1] - 40)
        self.panel.center = (size[0] // 2, size[1] // 2)
        self._place_leave_button()

    def _place_leave_button(self) -> None:
        """The button centred at the panel's foot, below the keys' hint (wide enough for any of its labels)."""
        assert self.app is not None
        px = self.app.theme.px
        button = self.leave_button
        width = button.preferred_width(self.app.theme, 16) + px(24)
        button.rect = pygame.Rect(0, 0, width, px(30))
        button.rect.midbottom = (self.panel.centerx, self.panel.bottom - px(8))

    def is_idle(self) -> bool:
        """Drawn again when a round finishes or the run ends (and on input): a table redrawn every
        frame while the rounds ran cost the window a core for nothing."""
        return not self.asking and (self.run.played, self.run.done) == self._drawn

    def status(self) -> str:
        """The progress line, or the question the first Esc asks (short enough for the panel's one
        line: "…(the rounds played stay in the table)" was cut at "tabl…" even at 1280x800)."""
        if self.asking and not self.run.done:
            return "Press Esc again to stop: the rounds played stay"
        return self.run.progress()

    def keys_hint(self) -> str:
        """The keys line under the rounds: what each key does now. While the first Esc's question is
        up it says what the next Esc does, and that any other key carries on: it went on saying
        "Esc: stop (asks first)" under "Press Esc again to stop"."""
        if self.asking and not self.run.done:
            return "Esc again: stop the tournament · any other key: carry on"
        if self.chosen is not None:
            return "↑↓ or click: round · Enter or click it again: watch · Esc: back to the game" \
                if self.run.done else "↑↓ or click: round · Enter or click it again: watch · Esc: stop (asks first)"
        if self.run.played:
            return "↑↓ or click: choose a round to watch · Esc or Enter: back to the game" if self.run.done else \
                "↑↓ or click: choose a round to watch · Esc: stop (asks first)"
        return "Esc or Enter: back to the game" if self.run.done else "Esc: stop (asks first)"

    def round_at(self, pos: tuple[int, int]) -> int | None:
        """The schedule index of the round drawn under ``pos``, if any."""
        return next((index for index, rect in self.places if rect.collidepoint(pos)), None)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = tuple(event.pos)
            return True
        if event.type in (pygame.MOUSEWHEEL, pygame.KEYDOWN):
            self._held = None  # not aiming at a round: list the ones finished meanwhile
        if event.type == pygame.MOUSEWHEEL and self.pointer is not None \
                and self.standings_view.collidepoint(self.pointer):
            self.standings_scroll.wheel(event, NOTCH_LINES * self.app.theme.px(24))
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.follow = not self.scroll.wheel(event, NOTCH_LINES * self.row_h) and self.follow
            return True
        if self.leave_button.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pointer = tuple(event.pos)
            self.click(self.round_at(event.pos))
            return True
        if event.type != pygame.KEYDOWN:
            return event.type == pygame.MOUSEBUTTONDOWN
        if event.key == pygame.K_ESCAPE:
            self.leave_or_stop()
            return True
        if self.asking:  # any other key: the question is dropped
            self.asking = False
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.choose(-1 if event.key == pygame.K_UP else 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.chosen is not None:
                self.open_round(self.chosen)
            elif self.run.done:
                self.close()
        return True

    def leave_or_stop(self) -> None:
        """Esc, or the button under the table: over, back to the game; running, the first press asks
        and the second stops the rounds (the table stays, with the rounds played)."""
        if self.run.done:
            self.close()
        elif self.asking:
            self.run.stop()
            self.asking = False
        else:
            self.asking = True

    def leave_label(self) -> str:
        """The button's word for what a press does now (see :meth:`leave_or_stop`)."""
        if self.run.done:
            return "Back to the game"
        return "Stop now" if self.asking else "Stop"

    def ordered(self) -> list[RoundRow]:
        """Every finished round in the table's order (failed first, then the newest)."""
        return [row for row, _line in self.shown_rounds(self.run.played)]

    def choose(self, step: int) -> None:
        """Up/Down: the round above or below the chosen one (the first Down takes the top one)."""
        rows = self.ordered()
        if not rows:
            return
        at = next((i for i, row in enumerate(rows) if row.index == self.chosen), None)
        at = 0 if at is None else max(0, min(len(rows) - 1, at + step))
        self.chosen = rows[at].index
        self.follow = True

    def click(self, index: int | None) -> None:
        """A click on a round chooses it, as Up/Down would; a click on the chosen round (the second
        of a double click) opens it, as Enter does."""
        if index is None:
            return
        if index == self.chosen:
            self.open_round(index)
        else:
            self.chosen = index
            self.follow = True

    def open_round(self, index: int) -> None:
        """The round in the replay viewer, over this table (its Esc comes back here)."""
        from arcade.core.registry import Launch
        from arcade.games.tron.view import FRONT

        assert self.app is not None
        playback = self.run.replay(index)
        if playback is None:
            return
        self.app.trace(f"tron-tournament-open {index}")  # end-to-end tests: the round the player chose
        viewer = FRONT.open_options(self.app, Launch(options={"replay": playback}))
        assert viewer is not None
        viewer.from_table = True
        viewer.say(viewer.replay_intro(), "info")  # said as it was made, before it knew the table
        self.app.push(viewer)

    def round_lines(self, room: int) -> list[str]:
        """At most ``room`` round lines as the CLI words them: the failed rounds first (their reason),
        then the newest."""
        return [line for _row, line in self.shown_rounds(room)]

    def shown_rounds(self, room: int) -> list[tuple[RoundRow, str]]:
        """The rounds the table has room for, each with the CLI's line: the failed ones first (a bot
        author looks for why their program lost), then the newest."""
        both = list(zip(self.run.rows(), self.run.lines(), strict=True))
        failed = [pair for pair in both if pair[0].failure]
        rest = [pair for pair in reversed(both) if not pair[0].failure]
        return (failed[-room:] + rest)[:room]

    @property
    def reason_h(self) -> int:
        """The height of a failed round's reason line, under its row."""
        return self.app.theme.font(self.TEXT).get_linesize() if self.app is not None else 18

    def _row_height(self, room: int) -> int:
        """The rows' height: :attr:`ROW` at the UI scale, less in a small window (down to
        :attr:`MIN_ROW`) so that three rows show before the list scrolls."""
        assert self.app is not None
        px = self.app.theme.px
        return max(px(self.MIN_ROW), min(px(self.ROW), room // 3))

    def _band_h(self, row: RoundRow) -> int:
        """A round's height in the list: its row, a failed round's reason under it, and the chosen
        round's cut cells in full under that (see :meth:`cut_cells`)."""
        detail = row.index == self.chosen and bool(self.cut_cells(row))
        return self.row_h + (self.reason_h if row.failure else 0) + (self.reason_h if detail else 0)

    @staticmethod
    def cells(row: RoundRow) -> tuple[str, ...]:
        """A round row's cells, in the columns' order: number, map, pairing, result, length. The map by
        the name its header and the setup give it ("Empty room", "Scattered walls #12"), not its id."""
        return (row.number, map_title(row.map_id), row.pairing, row.result, row.length)

    def _round_columns(self, rows: list[RoundRow], view: pygame.Rect) -> list[tuple[int, int]]:
        """The round columns laid out by the widest cell of each among ``rows``, in ``view`` clear of
        its scroll bar: at shares of the panel's width, "120/120" and "hackerrank-tron" were cut at
        640x400 beside a pairing column with room to spare. When they cannot all fit, only the
        widest give way (the chosen round shows them whole under its row)."""
        assert self.app is not None
        px = self.app.theme.px
        font = self.app.theme.font(self.TEXT)
        natural = [max((font.size(cells[i])[0] for cells in map(self.cells, rows)), default=0)
                   for i in range(5)]
        left = self.panel.x + round(COLUMNS[0][1] * self.panel.width)
        return lay_out_columns(natural, left, self.panel.right - px(20) - left, px(12))

    def cut_cells(self, row: RoundRow) -> list[str]:
        """The cells of ``row`` too wide for their column as last laid out (drawn shortened)."""
        if self.app is None or not self.round_columns:
            return []
        font = self.app.theme.font(self.TEXT)
        return [cell for cell, (_left, width) in zip(self.cells(row), self.round_columns, strict=True)
                if font.size(cell)[0] > width]

    def _listed(self, view: pygame.Rect) -> list[RoundRow]:
        """The rounds to list: as they were while the pointer rests on the list, the rounds finished
        meanwhile added once it leaves (or on the next key). Newest first, each finished round
        pushed the list down a line, and a click aimed at one round chose the one above it."""
        resting = self.pointer is not None and view.collidepoint(self.pointer)
        if self._held is None or not resting:
            self._held = self.ordered()
        return self._held

    def _draw_rounds(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """The rounds in ``view``, scrolled, each wholly or not at all; the chosen one outlined, the
        one under the pointer lit; :attr:`places` says where each was drawn."""
        assert self.app is not None
        theme = self.app.theme
        px = theme.px
        rows = self._listed(view)
        self.round_columns = self._round_columns(rows, view)
        tops, top = [], 0
        for row in rows:
            tops.append(top)
            top += self._band_h(row)
        self.scroll.fit(view, top)
        if self.follow and self.chosen is not None:
            at = next((i for i, row in enumerate(rows) if row.index == self.chosen), None)
            if at is not None:
                self.scroll.reveal(tops[at], self._band_h(rows[at]))
        shown = [(row, pygame.Rect(view.x, self.scroll.screen_y(top), view.width, self._band_h(row)))
                 for row, top in zip(rows, tops, strict=True) if self.scroll.shows(top, self._band_h(row))]
        self.places = [(row.index, band) for row, band in shown]
        hovered = self.round_at(self.pointer) if self.pointer is not None else None
        for row, band in shown:
            if row.index in (self.chosen, hovered):
                pygame.draw.rect(surface, theme["panel_light"], band, border_radius=4)
            if row.index == self.chosen:
                pygame.draw.rect(surface, theme["accent"], band, width=1, border_radius=4)
            colour = theme["error"] if row.failure else theme["text"]
            middle = band.y + self.row_h // 2  # the text in the middle of its row
            for cell, (left, width) in zip(self.cells(row), self.round_columns, strict=True):
                draw_text(surface, theme, cell, (left, middle), size=self.TEXT, colour=colour, max_width=width,
                          anchor="midleft")
            under = self.round_columns[1][0]
            line_y = band.y + self.row_h - px(2)
            if row.failure:  # the reason under its round, where a bot author looks
                draw_text(surface, theme, row.failure, (under, line_y), size=self.TEXT,
                          colour=colour, max_width=self.panel.right - under - px(16))
                line_y += self.reason_h
            cut = self.cut_cells(row) if row.index == self.chosen else []
            if cut:  # the chosen round's shortened cells in full: a long map's name stays readable
                draw_text(surface, theme, " · ".join(cut), (under, line_y), size=self.TEXT,
                          colour=theme["text_dim"], max_width=self.panel.right - under - px(16))
        self.scroll.draw_bar(surface, theme, self.panel.right - px(10))
        places = [(index, tuple(rect)) for index, rect in self.places]
        if places != self._traced:  # where each round is, for end-to-end tests (no-op without a trace file)
            self._traced = places
            for index, (x, y, w, h) in places:
                self.app.trace(f"tron-tournament-round {index} {x} {y} {w} {h}")

    def _draw_standings(self, surface: pygame.Surface, y: int, lefts: list[int]) -> int:
        """The standings from ``y``, best first; where the rounds below end. They keep the room of
        the rounds' title and two of their rows: six entrants at 640x400 pushed the round list off
        the panel, so the standings show fewer rows then and the wheel over them scrolls the rest."""
        assert self.app is not None
        theme = self.app.theme
        px = theme.px
        line = px(24)
        rows = self.run.standings()
        least_rounds = px(12) + px(22) + 2 * px(self.MIN_ROW)  # the rounds' title and two rows
        fit = max(1, (self.leave_button.rect.top - px(24) - least_rounds - y) // line)
        self.standings_view = pygame.Rect(self.panel.x + px(12), y, self.panel.width - px(24),
                                          min(len(rows), fit) * line)
        self.standings_scroll.fit(self.standings_view, len(rows) * line, [i * line for i in range(len(rows))])
        self.standings_shown = []
        for n, row in enumerate(rows):
            if not self.standings_scroll.shows(n * line, line):
                continue
            self.standings_shown.append(row.name)
            top = self.standings_scroll.screen_y(n * line)
            cells = (row.title, str(row.games), str(row.wins), str(row.draws), str(row.losses), f"{row.score:.3f}",
                     f"{row.elo:.0f}")
            for i, cell in enumerate(cells):
                room = (lefts[i + 1] if i + 1 < len(lefts) else self.panel.right) - lefts[i] - px(8)
                draw_text(surface, theme, cell, (lefts[i], top), size=16, max_width=room)
        self.standings_scroll.draw_bar(surface, theme, self.panel.right - px(10))
        return self.standings_view.bottom

    def draw(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        self._drawn = (self.run.played, self.run.done)
        theme = self.app.theme
        px = theme.px
        draw_backdrop(surface)
        draw_panel(surface, theme, self.panel, "warning" if self.asking else "accent")
        x, y = self.panel.x, self.panel.y + px(16)
        t = self.run.tournament
        draw_text(surface, theme, "Tron tournament", (self.panel.centerx, y), size=24, bold=True, anchor="midtop")
        y += px(36)
        draw_text(surface, theme, f"{plural(len(t.maps), 'map')}, {plural(t.games, 'game')} per pairing, map and seat, "
                  f"{t.budget_ms:g} ms per move", (self.panel.centerx, y), size=15, anchor="midtop",
                  colour=theme["text_dim"], max_width=self.panel.width - px(24))
        y += px(26)
        if self._drawn != self._traced_progress:  # end-to-end tests wait for "Finished: …" (no-op untraced)
            self._traced_progress = self._drawn
            self.app.trace(f"tron-tournament-progress {self.run.progress()}")
        draw_text(surface, theme, self.status(), (self.panel.centerx, y), size=17, bold=True, anchor="midtop",
                  colour=theme["warning" if self.asking else "text"], max_width=self.panel.width - px(24))
        y += px(34)
        width = self.panel.width
        lefts = [x + round(share * width) for _title, share in COLUMNS]
        for (title, _share), left in zip(COLUMNS, lefts, strict=True):
            draw_text(surface, theme, title, (left, y), size=15, bold=True, colour=theme["text_dim"])
        y += px(24)
        y = self._draw_standings(surface, y, lefts)
        y += px(12)
        draw_text(surface, theme, "Rounds (failed rounds first, with the reason):", (lefts[0], y), size=15,
                  bold=True, colour=theme["text_dim"])
        y += px(22)
        # Whole rows high: scrolled to its end, the list shows no gap above its first row.
        room = max(0, self.leave_button.rect.top - px(24) - y)
        self.row_h = self._row_height(room)
        view = pygame.Rect(self.panel.x + px(12), y, self.panel.width - px(24), room - room % self.row_h)
        self._draw_rounds(surface, view)
        draw_text(surface, theme, self.keys_hint(), (self.panel.centerx, self.leave_button.rect.top - px(3)), size=14,
                  colour=theme["text_dim"], anchor="midbottom", max_width=self.panel.width - px(24))
        self.leave_button.label = self.leave_label()
        self.leave_button.draw(surface, theme, 16)
        placed = (self.leave_button.label, tuple(self.leave_button.rect))
        if placed != self._traced_button:  # end-to-end tests click it (no-op untraced)
            self._traced_button = placed
            r = self.leave_button.rect
            self.app.trace(f"tron-tournament-button {r.x} {r.y} {r.width} {r.height} {placed[0]}")
