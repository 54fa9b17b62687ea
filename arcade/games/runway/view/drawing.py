"""What the Runway viewer draws each frame (ui): the layout, the road and bikes, the minimap, HUD, timeline and pad.

The bands are laid out from the board area (the HUD on top, the road, the minimap, the timeline, the
control pad at the bottom, the program console beside them when shown); each frame draws the road
and its holes, the plan ahead (the watched AI's or the hint's, at most 16 turns, cached), the bikes
mid-turn with their falls, the minimap, the HUD's status and plan rows, the timeline with its
losses and end mark, and the pad. How a lane, bike or row looks is :mod:`.roadview`'s and
:mod:`.panels`'; this module decides what is on screen from the scene's state and changes none of
it (bar the camera snapping on a new layout, and ``_drawn_view``, what was drawn last). It is
separate because a reader of the race's rules should not wade through pixels.

It reads the scene's ``session``, ``app``, ``road``, ``rects``, ``minimap``, ``timeline``, ``pad``,
``transition``, ``falls``, ``clock``, ``plans``, ``ai_name``, ``watch``, ``hint``, ``comparison``,
``speed``, ``playing``, ``previewing``, ``taping`` and ``program_failure``, and keeps
``_plan_states``.
"""

from __future__ import annotations

from typing import Any

import pygame

from arcade.core.game import Outcome
from arcade.games.runway.logic import RULES, Command, State
from arcade.games.runway.motion import losses_by_turn
from arcade.games.runway.view.panels import draw_plan_row, draw_status_row
from arcade.games.runway.view.turns import FALL_SECONDS


class DrawingMixin:
    """The layout and everything drawn each frame (see the module's docstring)."""

    # Provided by the scene this is mixed into (RunwayScene, made in its __init__).
    session: Any
    app: Any
    road: Any
    rects: dict[str, pygame.Rect]
    minimap: Any
    timeline: Any
    pad: Any
    transition: Any
    falls: dict[int, float]
    clock: float
    plans: Any
    ai_name: str
    watch: Any
    hint: Any
    comparison: dict[str, str]
    speed: Any
    playing: bool
    previewing: bool
    taping: bool
    program_failure: Any
    board_area: pygame.Rect
    _plan_states: tuple[tuple, list[State]] | None
    _drawn_view: tuple[float, float, bool] | None

    def layout_board(self, area: pygame.Rect) -> None:
        assert self.app is not None
        compact = area.height < 380
        px = self.app.theme.px  # the bands grow with their text at the window's UI scale
        hud_h, controls_h, timeline_h = (24, 30, 24) if compact else (px(46), px(36), px(32))
        minimap_h, gap = (22, 4) if compact else (34, 8)
        # The command pad keeps the whole width; the program console (programs.py), when shown,
        # takes the right side of what is above it. The How-to-play example has none: the page has
        # its own player under it, and the pad's transport beside it was a second one whose buttons
        # did nothing (a click there steps the page's example).
        pad_h = 0 if self.previewing else controls_h
        self.rects["controls"] = pygame.Rect(area.x, area.bottom - pad_h, area.width, pad_h)
        area = self.console_area(pygame.Rect(area.x, area.y, area.width, area.height - pad_h - gap))
        self.rects["hud"] = pygame.Rect(area.x, area.y, area.width, hud_h)
        self.timeline.rect = pygame.Rect(area.x, area.bottom - timeline_h, area.width, timeline_h)
        top = self.rects["hud"].bottom + gap
        space = pygame.Rect(area.x, top, area.width, self.timeline.rect.top - gap - top)
        self.road.layout(space, self.session.level.length, minimap_h + gap, self.app.theme.scale)
        self.minimap.rect = (pygame.Rect(area.x, self.road.road.bottom + gap, area.width, minimap_h)
                             if self.road.scrolls else pygame.Rect(0, 0, 0, 0))
        self.pad.layout(self.app.theme, self.rects["controls"])
        self.road.snap_to(self.camera_target, self.session.state.speed)
        road = self.road.road  # where the road is, for end-to-end tests (no-op without a trace file)
        self.app.trace(f"runway-layout {self.session.level_id} {road.x} {road.y} {road.w} {road.h} "
                       f"{self.road.base_cell:.1f} {int(self.road.scrolls)}")

    def draw_board(self, surface: pygame.Surface) -> None:
        assert self.app is not None
        theme = self.app.theme
        level = self.session.level
        motions, t = self.motions()
        clip = surface.get_clip()
        # The road's own width, not the board area's: with the console open the road ends short of
        # it, and a hole in the column the road's edge cuts was drawn whole across the gap, up to
        # the console's border.
        road = self.road.road
        surface.set_clip(self.board_area.clip(pygame.Rect(road.x, self.board_area.y, road.width,
                                                          self.board_area.height)))
        self.road.draw_road(surface, theme, level)
        if self.transition is None or self.transition.progress >= 1:
            self.road.draw_plan(surface, theme, self.plan_states())
        fall_time = FALL_SECONDS / self.app.animation_speed
        falls = {i: min(1.0, (self.clock - start) / fall_time) for i, start in self.falls.items()}
        self.road.draw_bikes(surface, theme, motions, t, falls, level.length)
        surface.set_clip(clip)
        if self.road.scrolls:
            self.minimap.draw(surface, theme, level, (self.road.cam, self.road.visible_columns),
                              [m.at(t) for m in motions])
        self.draw_hud(surface)
        states = [self.session.state_at(i) for i in range(self.session.length + 1)]
        final = RULES.outcome(states[-1])
        if final is None and self.taping and self.program_failure:
            final = self.broken_off_outcome()  # the ✗ after a run the program broke off (programs.py)
        self.fit_timeline(final)
        self.timeline.draw(surface, theme, self.session.index, self.session.length, losses_by_turn(states), final)
        self.draw_controls(surface)
        self.draw_console(surface)  # programs.py
        self._drawn_view = self._view_now()

    def fit_timeline(self, final: Outcome | None) -> None:
        """The timeline's axis ends where the race ends: at the history's last turn once that ended the
        race (or a program's run broke off there); a race still running gets its history and the plan
        ahead, with room to go on. It ran to turn 10 after a five-turn race."""
        ended = final is not None or (self.taping and bool(self.program_failure))
        shown = None if ended else self.shown_plan()
        self.timeline.fit(max(self.session.length, self.session.index + (len(shown[1]) if shown else 0)), ended=ended)

    def shown_plan(self) -> tuple[str, tuple[Command, ...]] | None:
        """The AI's commands ahead to show: the watched AI's plan, or the hint's."""
        state = self.session.state
        if self.session.outcome is not None:
            return None
        if self.watch is not None:
            plan = self.plans.get(self.ai_name, state)
            return (self.ai_name, plan.commands) if plan is not None else None
        if self.hint is not None and self.hint.highlight:
            return ("hint", tuple(Command(c) for c in self.hint.highlight))
        return None

    def plan_states(self) -> list[State]:
        """The states the shown plan goes through (at most 16 turns ahead), cached."""
        shown = self.shown_plan()
        if shown is None:
            return []
        key = (self.session.state, shown[1])
        if self._plan_states is None or self._plan_states[0] != key:
            states = [self.session.state]
            for command in shown[1][:16]:
                if RULES.outcome(states[-1]) is not None:
                    break
                states.append(RULES.apply(states[-1], command))
            self._plan_states = (key, states)
        return self._plan_states[1]

    def draw_hud(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        rect = self.rects["hud"]
        compact = rect.height < 40
        row1 = rect.y + (rect.height // 2 if compact else theme.px(11))
        last = self.session.moves[-1] if self.session.index else "—"
        draw_status_row(surface, theme, rect, row1, self.session.state, RULES.turn_limit, last,
                        {} if compact else self.comparison, 15 if compact else 17)
        if not compact:
            if self.session.outcome is not None:
                idle = "The race is over — step back, scrub the timeline or restart"
            elif self.taping and self.program_failure and not self.session.can_redo:
                idle = f"The program's run ended here: {self.program_failure}"
            elif self.taping:
                idle = self.tape_line()
            else:
                idle = "Plan: H asks the exact AI · Space lets the AI drive"
            draw_plan_row(surface, theme, rect, rect.y + theme.px(34), self.shown_plan(), idle)

    def draw_controls(self, surface: pygame.Surface) -> None:
        if self.previewing:
            return
        self.pad.draw(surface, self.app.theme, index=self.session.index, length=self.session.length,
                      race_over=self.session.outcome is not None, playing=self.playing, speed=self.speed.value)
