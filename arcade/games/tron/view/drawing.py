"""What the Tron screen draws each frame (ui): the header's fields, the status line, the board, the banners.

:class:`DrawingMixin` is the drawing part of :class:`~arcade.games.tron.view.scene.TronScene`:
the header (the names beside their cycles' colour chips, the score, the round, the tick,
the speed), the status line's word at the end of a replay of a round a program lost, and
the board -- the trails through the shared :class:`~arcade.ui.gridview.GridView` (only the
cells the heads just left are repainted from tick to tick), the heads and crash bursts on
top, the console, the replay bar and the phase's banner ("Press an arrow to start", the
countdown, GO, Paused, the round's result). How one cell, head or banner looks is
:mod:`~arcade.games.tron.view.paint`'s; this module decides what is on screen, from the
scene's state, and changes none of it (bar the camera following the cycles). It is
separate because a reader of the rules of a round should not wade through pixels.

It reads the scene's ``session``, ``match``, ``setup``, ``phase``, ``paused``,
``countdown``, ``bots_waited``, ``clock``, ``over_clock``, ``round_key``, ``looked_at``, ``steering``,
``failed``, ``failures``, ``viewer``, ``speed``, ``tweens``, ``view``, ``painter``,
``trails``, ``console``, ``replay``, ``replay_bar``, ``toolbar``, ``board_area`` and
``app``, and keeps ``_painted`` (what the cached board was last painted for); the words
come from the scene's ``seat_name``, ``score_text``, ``named``, ``told``, ``round_banner``
and ``match_over_hint``.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from arcade.games.tron.view.round_end import CRASH_TIME
from arcade.games.tron.view.seats import BOTS_FIRST_START, bots_starting_text
from arcade.games.tron.view.setup import GENTLE_SPEED
from arcade.ui.text import draw_text, fitting_prefix


class DrawingMixin:
    """The header, the status line and the board as the scene's state says they are."""

    # Provided by the scene this is mixed into (TronScene, made in its __init__).
    session: Any
    match: Any
    setup: Any
    app: Any
    phase: str
    viewer: Any
    bots_waited: float

    # -- the header and the status line ------------------------------------------------------------
    def status_fields(self) -> list[str]:
        if self.viewer is not None:  # a replay file has no match: "0 : 0 … Best of 1" was made up
            return [*self.zoom_fields(), f"{self.seat_name(0)} vs {self.seat_name(1)}",
                    "Tournament round" if self.from_table else "Replay file",
                    f"Replay {self.session.index}/{self.session.length}", f"{round(self.speed.value)}/s"]
        match = self.match
        # One wording all match long: the round on screen -- the one running, or the one just
        # played (and replayed) once it ends. It read "Round 1/3" during a round and "Best of 3"
        # once that round was over.
        ended = self.phase in ("over", "replay")
        round_now = max(1, min(match.rounds + (not ended), match.best_of))
        fields = [self.score_text(), f"Round {round_now}/{match.best_of}"]
        if self.phase == "replay":
            fields.append(f"Replay {self.session.index}/{self.session.length}")
        else:
            fields.append(f"Tick {self.tick_shown}")
        # The round on screen: the one just played once it is over (the gentle first round's end
        # showed the next round's speed), the next one otherwise.
        shown = self.match.rounds - 1 if self.phase in ("over", "replay") and self.match.rounds else self.match.rounds
        # A round's replay runs at the speed +/− set, not at the round's: the gentle first round's
        # replay ran at 10 ticks a second under "6/s".
        rate = self.speed.value if self.phase == "replay" else self.round_rate(shown)
        fields.append(f"{round(rate)}/s")
        return [*self.zoom_fields(), *fields]

    @property
    def tick_shown(self) -> int:
        """The header's tick: the last one played -- or, once a program failed to answer, the one it
        was asked to play, which the round ended on. Tick N is the N-th move, counted from 1 as
        crashes, failures, the console and the tournament count them; the header said "Tick 5"
        beside "lost on tick 6" (and the console's line 6)."""
        tick = self.session.state.tick
        if self.phase == "over" and any(self.failures) and self.session.rules.outcome(self.session.state) is None:
            return tick + 1
        return tick

    def header_title_least(self, width: int) -> int:
        """The map's name keeps up to a quarter of the header: the names beside the score are
        shortened before it (at 640x400 a tournament round's facts took the whole header and the
        title, "Emp…", was drawn over the players' names); Tron's facts drop their own way."""
        assert self.app is not None
        return min(self.app.theme.font(22, True).size(self.level_title or self.info.title)[0], width // 4)

    def draw_status_fields(self, surface: pygame.Surface, pos: tuple[int, int], room: int) -> pygame.Rect:
        """The header's facts, the names and the score set apart: each name after its cycle's colour
        chip (cycle 2's hollow, as its trail), the score bold between them. Wider than ``room``, the
        replay's label goes first (the status line says it too), then the zoom, then the speed, then
        the tick, then the names are shortened: at 640x400 a tournament round's fields ran under the title ("Emp…"
        over "Strongest")."""
        assert self.app is not None
        theme = self.app.theme
        px = theme.px
        zoom = self.zoom_fields()
        rest = self.status_fields()[len(zoom) + 1:]
        if self.viewer is not None:
            middle, bold = "vs", False
        else:
            middle, bold = f"{self.match.score[0]:g} : {self.match.score[1]:g}", True
        names = [self.seat_name(0), self.seat_name(1)]
        measure = theme.font(18).size

        def wide(rest: list[str], names: list[str]) -> int:
            """The width drawn below: the facts, both chips and names, the score, the zoom."""
            chips = 2 * px(12) + px(6) + px(6) + px(6)
            gaps = px(22) + px(12) + px(12)
            zoomed = 10 + measure("   ".join(zoom))[0] if zoom else 0
            return (measure("   ".join(rest))[0] + chips + gaps + theme.font(18, bold).size(middle)[0]
                    + sum(measure(name)[0] for name in names) + zoomed)

        if wide(rest, names) > room and self.viewer is not None:
            rest = [field for field in rest if field not in ("Tournament round", "Replay file")]
        # Then the zoom (the board shows it, Ctrl+0 undoes it) and the speed (its keys say it): at
        # 700x430 a zoomed match read "Empty r…" in the title beside "Fl…".
        if wide(rest, names) > room:
            zoom = []
        if wide(rest, names) > room:
            rest = [field for field in rest if not field.endswith("/s")]
        # Then the tick (the replay's bar and the round's result say it): at 640x400 a match of
        # Voronoi against Flood fill read "Voro… 0 : 0 Floo…" beside "Tick 5".
        if wide(rest, names) > room:
            rest = [field for field in rest if not field.startswith(("Tick ", "Replay "))]
        over = wide(rest, names) - room
        if over > 0:
            # The widest each name may be so that both together shrink by ``over``: the long one
            # alone if the short one leaves room, else both to half (it took ``over // 2`` off the
            # longer name only, and two long names ran into the title).
            short, long_ = sorted(measure(name)[0] for name in names)
            target = short + long_ - over
            each = max(px(40), target // 2 if 2 * short >= target else target - short)
            names = [name if measure(name)[0] <= each else
                     fitting_prefix(name, each, lambda text: measure(text)[0], "…") + "…" for name in names]
        x, y = pos
        rect = draw_text(surface, theme, "   ".join(rest), (x, y), size=18, anchor="midright", colour=theme["text"])
        x = rect.left - px(22)
        for seat, piece in ((1, None), (1, names[1]), (None, middle), (0, names[0]), (0, None)):
            if piece is None:  # a chip
                chip = pygame.Rect(0, 0, px(12), px(12))
                chip.midright = (x, y)
                colour = theme[f"player{seat + 1}"]
                pygame.draw.rect(surface, colour, chip, border_radius=3)
                if seat == 1:
                    pygame.draw.rect(surface, theme["panel"], chip.inflate(-px(6), -px(6)), border_radius=1)
                rect.union_ip(chip)
                x = chip.left - px(6)
                continue
            score = seat is None
            part = draw_text(surface, theme, piece, (x, y), size=18, anchor="midright", bold=bold and score,
                             colour=theme["highlight" if score and bold else "text"])
            rect.union_ip(part)
            x = part.left - px(6 if seat == 0 else 12)  # the score keeps off both names
        if zoom:
            rect.union_ip(draw_text(surface, theme, "   ".join(zoom), (x - 10, y), size=18, anchor="midright",
                                    colour=theme["text"]))
        return rect

    def status_line(self) -> tuple[str, str]:
        """At the end of a replay of a round a program lost, what that last board is: the replay
        ended on "Replay 5/5" while the result said the round ended on tick 6, a tick with no board."""
        text, role = super().status_line()
        failed = self.failed
        if (self.phase == "replay" and self.failed_seats_shown and failed is not None and not self._tooltip
                and not self.toolbar.focused_tooltip()):
            tick = self.session.state.tick
            return (f"Tick {tick} is the last board: {self.named(failed.reason).rstrip('.')} "
                    f"-- no move, so no board of tick {tick + 1}; the crossed head is where it stood."), "warning"
        return text, role

    @property
    def failed_seats_shown(self) -> tuple[int, ...]:
        """The seats whose program failed, while the board on screen is the round's last: a failure
        ends the round on the tick the program was asked to play, which has no board of its own, so
        the last board (the tick before) stands for it, with those heads crossed out as a crash's
        are. Empty for a round the rules ended, and for a replay scrubbed back from the end."""
        session = self.session
        if (self.phase not in ("over", "replay") or self.failed is None or session.index < session.length
                or session.rules.outcome(session.state) is not None):
            return ()
        return tuple(seat for seat in (0, 1) if self.failures[seat])

    # -- the board ---------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        assert self.app is not None and self.painter is not None
        painter = self.painter
        session = self.session
        state = session.state
        if self._bar_laid_out != (self.phase == "replay"):  # a replay began or ended: the bar comes or goes
            self.layout_board(self.board_area)
        changed = self.trails.update(session.state_at, session.index, (self.round_key, id(session.initial)))
        cells = self.trails.cells
        over = state.over
        crashed = state.crashed
        palette = self.app.theme.palette_name
        # Only the cells the heads just left change from tick to tick; anything else (a new
        # round, a replay seek, the end of a round dimming a trail, a new palette) repaints all.
        signature = (self.trails.key, over, palette)
        hint = None if changed is None or signature != self._painted else [(y, x) for x, y in changed]
        self._painted = signature

        def key_of(cell: tuple[int, int]) -> Any:
            entry = cells.get((cell[1], cell[0]))
            if entry is None:
                return None
            return (entry[0], entry[1], over and crashed[entry[0]], palette)

        def paint(board: pygame.Surface, cell: tuple[int, int], rect: pygame.Rect, key: Any) -> None:
            painter.paint_trail(board, cell, rect, None if key is None else key[:3])

        self.follow_cycles()
        self.view.render(surface, key_of, paint, hint)
        clip = surface.get_clip()
        # Zoomed in, heads and bursts stay on the board (while it all shows, they may overhang it).
        surface.set_clip((self.board_area if self.view.shows_all else self.view.viewport).clip(clip))
        pulse = self.ready_pulse() if self.phase == "ready" else 0.5 + 0.5 * math.sin(self.clock * 7.0)
        # The heading arrow shows before a round starts, while a resumed round waits for a key, and
        # through the countdown back into a round paused mid-way (Esc, the window gone away): the
        # banner said "the arrow is your heading, turn now if you like" over a board without one,
        # to a player who had to find their cycle and its way again. It points where the next tick
        # goes (a turn pressed in the countdown is that tick's). So while Space holds the round: a
        # turn pressed then is kept for the next tick, and nothing on the board said it was.
        before_start = self.phase in ("ready", "countdown") or (self.phase == "running" and self.paused)
        failed = self.failed_seats_shown
        for seat in (0, 1):
            steering = self.steering[seat]
            if not self.match.is_human(seat):
                heading = state.directions[seat]
            elif steering.queue and session.index > 0:
                heading = steering.queue[0]
            else:
                heading = steering.heading
            painter.draw_head(surface, seat, state.heads[seat], heading, crashed=crashed[seat] or seat in failed,
                              pulse=0.0 if over or self.paused else pulse,
                              arrow=before_start and self.match.is_human(seat),
                              shared=state.heads[0] == state.heads[1])
            burst = self.tweens.get(("burst", seat))
            if burst is not None:
                painter.draw_burst(surface, state.heads[seat], burst.value, seat)
        surface.set_clip(clip)
        if self.console.shown:
            programs = [seat for seat in (0, 1) if ":" in self.match.seats[seat]]
            # Each line is tagged with its cycle's number: the title says whose number is whose. Without
            # a program it said "stderr of cycle [1] / [2]", which read as placeholders left unfilled.
            whose = " and ".join(f"{self.seat_name(seat)} [{seat + 1}]" for seat in programs)
            # The longest wording that fits, as Runway's: at 800 pixels "Console — stderr of tron…"
            # had lost the program's name and its number.
            title = ([f"Console — stderr of {whose}", f"stderr of {whose}", whose] if programs
                     else ["Console — outside programs' stderr", "Outside programs' stderr", "stderr"])
            self.console.draw(surface, self.app.theme, self.console_view(), title,
                              "No stderr yet (a program's stderr shows here)."
                              if any(":" in who for who in self.match.seats) else "Only outside programs write here.")
        if self.phase == "replay":
            self.replay_bar.draw(surface, self.app.theme, session.index, session.length,
                                 playing=not self.replay.paused)
        self.draw_banners(surface)

    def draw_banners(self, surface: pygame.Surface) -> None:
        assert self.painter is not None
        painter = self.painter
        state = self.session.state
        heads = [(state.heads[seat][1], state.heads[seat][0]) for seat in (0, 1)]  # kept in view: see draw_banner
        if self.phase == "ready":
            gentle = (f"This first round runs at a gentle {GENTLE_SPEED} ticks a second."
                      if self.setup.mode == "bot" and self.speed.value > GENTLE_SPEED else "")
            keys = "W A S D or an arrow" if self.setup.mode == "humans" else "an arrow or click"
            if self.session.index > 0:  # a saved round: say where it stands
                lines = [(f"Resumed on tick {self.session.index}: a turn now is taken at once", "text")]
                big = f"Press {keys} to go on"
            else:
                lines = [(self.countdown_hint(), "text"), (gentle, "text_dim")]
                big = f"Press {keys} to start"
            painter.draw_banner(surface, lines, big=big, big_role="info", avoid=heads)
        elif self.phase == "countdown" and self.bots_waited > 0 and not self.paused and not self.bots_started():
            # "Go" waits for a bot process (its first start compiles its search): say so where the
            # countdown's number stood, rather than a dim "1" that never moves on.
            painter.draw_banner(surface, [(bots_starting_text(self.bots_starting(), self.bots_waited), "text"),
                                          (BOTS_FIRST_START, "text_dim")],
                                big="Preparing the bot", big_role="info", avoid=heads)
        elif self.phase == "countdown":
            number = max(1, math.ceil(self.countdown / 0.8))
            text = "Ready" if self.session.index > 0 and self.countdown <= 0.8 else str(number)
            lines = [] if self.paused else [(self.countdown_hint(), "text")]
            if self.paused:
                lines = [("Paused — Space resumes", "text")]
            painter.draw_banner(surface, lines, big=text, fade=0.35 + 0.65 * (self.countdown / 0.8 % 1), avoid=heads)
        elif self.phase == "running":
            go = self.tweens.get("go")
            if self.paused:
                painter.draw_banner(surface, [("Space resumes · Esc menu", "text")], big="Paused", avoid=heads)
            elif go is not None and self.session.index <= 2:
                painter.draw_banner(surface, [], big="GO", big_role="good", fade=go.value, avoid=heads)
        elif (self.phase == "over" and self.over_clock >= CRASH_TIME * 0.6 and self.round_outcome is not None
              and self.looked_at != self.round_key):  # Look at board: the banner is in the status line
            outcome = self.round_outcome
            big, role, _ = self.round_banner()
            match = self.match
            hint = (self.match_over_hint() if match.over
                    else "Enter or Space: next round · R: replay" + (" (next round soon)" if
                                                                    self.setup.mode == "watch" else ""))
            painter.draw_banner(surface, [(self.told(outcome), "text"), (self.score_text(), "highlight"),
                                          (hint, "text_dim")],
                                big=big, big_role=role, avoid=heads)

    def countdown_hint(self) -> str:
        if self.setup.mode == "watch":  # which cycle is whose ("Strongest 1 (1)" said it twice)
            first, second = self.seat_name(0), self.seat_name(1)
            return (f"{first} vs {second}" if self.match.seats[0] == self.match.seats[1]
                    else f"{first} (1) vs {second} (2)")
        if self.setup.mode == "humans":
            return "Cycle 1: W A S D · Cycle 2: arrows"
        return "You are cycle 1: the arrow is your heading, turn now if you like"
