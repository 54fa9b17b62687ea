"""Battle Royale side panel (ui): loot, par, moves and spare moves, and a legend painted like the board."""

from __future__ import annotations

import pygame

from arcade.core.game import Outcome
from arcade.games.royale.logic import State
from arcade.ui.text import draw_text, wrap_text
from arcade.ui.theme import Theme

from .paint import (
    DOOMED,
    DROP_NO,
    DROP_OK,
    EDGE,
    HINT,
    NEXT_EDGE,
    OPTIMAL,
    SAFE,
    STEP,
    STORM,
    YOU,
    dashed_polyline,
    draw_coin,
    draw_drop_mark,
    draw_player,
    draw_route,
    paint_cell,
)


def line_marks(state: State, outcome: Outcome | None) -> list[str]:
    """The marks drawn over the cells that the legend lists for this state, in order.

    Before the drop the board can show the drop marks (under the pointer, or at the keyboard's
    cursor) and a hint (a cell); during the round the player, a step under the pointer, the storm's next
    edge and a hint; after it, the optimal route too. A red "✗" square once showed on the centre
    with no legend row, and the goal read as forbidden. Only what the state can show is listed,
    so the rows fit a small window.
    """
    if not state.placed:
        return [DROP_OK, DROP_NO, HINT]
    if outcome is None:
        return [YOU, STEP, NEXT_EDGE, HINT]
    return [YOU, OPTIMAL, HINT]


def status_line(state: State, outcome: Outcome | None) -> tuple[str, str]:
    """A short line about where the player stands, with its role (glyph and colour)."""
    if not state.placed:
        # The keyboard way too: "click a cell to drop" left a keyboard player without a clue. One
        # line of the panel (a second pushed the legend's last rows off at 800x500).
        return "drop: click / arrows+Enter", "info"
    level = state.level
    distance = level.distance_to_centre(state.pos)  # type: ignore[arg-type]
    spare = state.remaining - distance
    if state.dead:
        return "✗ caught by the storm", "error"
    if outcome is not None:
        return ("✓ made it to the centre", "good") if outcome.is_win else ("✗ no safe move left", "error")
    if state.doomed:
        return f"✗ doomed: centre {distance} away", "error"
    if state.on_centre:  # it said "centre 0 away", or "! no spare moves: centre 0 away" as a warning
        return (f"✓ on the centre · {spare} spare" if spare >= 2 else "✓ on the centre: finish here"), "good"
    if spare < 2:
        return f"! no spare moves: centre {distance} away", "warning"
    return f"centre {distance} away · {spare} spare", "text_dim"


def legend_sizes(room: int, swatches: int, marks: int) -> tuple[int, int] | None:
    """(row step, line-mark step) that fit ``swatches`` swatch rows and ``marks`` line-mark rows in
    ``room`` pixels -- as :func:`render_side` draws them: a step per swatch row (the last only its
    swatch), then a 4-pixel gap and a step per line mark, the last 6 pixels less. None if even the
    smallest do not fit. (The gap went uncounted: at 800x500 the round's last row, the hint, fell off.)"""
    step, line_step = 28, 22

    def need(step: int, line_step: int) -> int:
        if marks:
            return swatches * step + 4 + marks * line_step - 6
        return (swatches - 1) * step + min(22, step - 4)

    if need(step, line_step) > room:  # a small window: smaller rows rather than fewer
        scale = max(0.45, room / need(step, line_step))
        step, line_step = max(13, int(step * scale)), max(12, int(line_step * scale))
        while need(step, line_step) > room and (step > 13 or line_step > 12):
            step, line_step = max(13, step - 1), max(12, line_step - 1)
    return (step, line_step) if need(step, line_step) <= room else None


def render_side(theme: Theme, size: tuple[int, int], state: State, outcome: Outcome | None, par: str,
                par_known: bool, hint_shown: bool = False) -> pygame.Surface:
    """The side panel as a surface (the scene caches it until something shown changes): the score,
    then the legend of the board's cells, then the samples of the lines drawn on it.

    Every legend row fits; where even the smallest rows cannot, "hint (H)" is listed only while a
    hint is on the board (``hint_shown``), and then the line mark before it makes way."""
    height = size[1]
    panel = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(panel, theme["panel"], panel.get_rect(), border_radius=10)
    px = theme.px  # the panel's metrics grow with its text at the window's UI scale
    x = px(14)
    y = _draw_score(panel, theme, state, outcome, par, par_known, x)
    # The legend's rows are measured in design pixels, then drawn at the UI scale.
    room = round((height - 8 - y) / theme.scale)
    marks = line_marks(state, outcome)
    legend = legend_rows(outcome)
    sizes = legend_sizes(room, len(legend), len(marks))
    while sizes is None and len(marks) > 1:
        # Too small even for the smallest rows: "hint (H)" goes first -- unless a hint is on the
        # board, when the mark before it makes way for it.
        drop = HINT if HINT in marks and not hint_shown else next(m for m in reversed(marks) if m != HINT)
        marks = [mark for mark in marks if mark != drop]
        sizes = legend_sizes(room, len(legend), len(marks))
    step, line_step = sizes or (13, 12)
    text_size = 14 if step >= 24 else 12
    sw = min(px(22), px(step) - px(4))
    y = _draw_legend(panel, theme, legend, x, y, sw, px(step), text_size)
    _draw_line_marks(panel, theme, marks, x, y + px(4), sw, px(line_step), text_size)
    return panel


#: The legend, a swatch painted exactly like the board and its words -- the centre and the loot
#: first: a small window used to drop the last rows, and those were them.
LEGEND = [
    ((SAFE, 0, False, True, 0), "the centre"),
    ((SAFE, 1, False, False, 0), "loot"),
    ((SAFE, 0, False, False, 0), "safe"),
    ((EDGE, 0, False, False, 0), "no spare moves"),
    ((DOOMED, 0, False, False, 0), "doomed"),
    ((STORM, 0, False, False, 0), "storm"),
    ((SAFE, 0, False, False, 15), "reach of the centre"),
    ((SAFE, 2, False, False, 0), "loot taken"),
]


#: The legend once the round is over: the board shows the final zone plainly, without the
#: next move's zones and diamond (see :func:`~.paint.cell_keys`), so the legend lists none of them.
LEGEND_OVER = [
    LEGEND[0],
    LEGEND[1],
    ((SAFE, 0, False, False, 0), "the final zone"),
    LEGEND[5],
    LEGEND[7],
]


def legend_rows(outcome: Outcome | None) -> list[tuple[tuple, str]]:
    """The legend's swatches for the board as it is: during the round every zone, after it the final state's."""
    return LEGEND if outcome is None else LEGEND_OVER


def _draw_score(panel: pygame.Surface, theme: Theme, state: State, outcome: Outcome | None, par: str,
                par_known: bool, x: int) -> int:
    """The loot, the par, the moves the storm allows and the status line; returns the y below them."""
    width = panel.get_width()
    px = theme.px
    y = px(12)
    draw_coin(panel, theme, (x + px(14), y + px(22)), px(14))
    draw_text(panel, theme, str(state.loot), (x + px(38), y + px(22)), size=34, bold=True, anchor="midleft")
    draw_text(panel, theme, "loot", (x + px(40) + theme.font(34, True).size(str(state.loot))[0], y + px(28)),
              size=15, anchor="midleft", colour=theme["text_dim"])
    y += px(52)
    draw_text(panel, theme, par, (x, y), size=17, colour=theme["highlight"] if par_known else theme["text_dim"])
    y += px(26)
    k, K = state.moves, state.level.max_moves
    draw_text(panel, theme, f"Move {k} of {K}", (x, y), size=17)
    y += px(24)
    # A bar: the moves the storm allows, used so far.
    bar = pygame.Rect(x, y, width - 2 * x, px(10))
    pygame.draw.rect(panel, theme["panel_light"], bar, border_radius=5)
    if K:
        used = bar.copy()
        used.width = max(0, round(bar.width * min(k, K) / K))
        pygame.draw.rect(panel, theme["error"], used, border_radius=5)
    y += px(22)
    line, role = status_line(state, outcome)
    for part in wrap_text(theme, line, 15, width - 2 * x)[:2]:
        draw_text(panel, theme, part, (x, y), size=15, colour=theme[role], max_width=width - 2 * x)
        y += px(20)
    return y + px(10)


def _draw_legend(panel: pygame.Surface, theme: Theme, rows: list[tuple[tuple, str]], x: int, y: int, sw: int,
                 step: int, size: int) -> int:
    """The legend ``rows`` that fit, ``step`` pixels apart; returns the y below the last."""
    height = panel.get_height()
    for swatch_key, text in rows:
        if y + sw > height - 8:
            break
        paint_cell(panel, theme, pygame.Rect(x, y, sw, sw), swatch_key)
        draw_text(panel, theme, text, (x + sw + theme.px(10), y + sw // 2), size=size, anchor="midleft",
                  colour=theme["text_dim"])
        y += step
    return y


def _draw_line_marks(panel: pygame.Surface, theme: Theme, marks: list[str], x: int, y: int, sw: int,
                     line_step: int, size: int) -> None:
    """A sample of each line drawn on the board (``marks``) and its words, as many as fit."""
    height = panel.get_height()
    px = theme.px
    # The samples grow with the UI scale as their rows and words do (at 2560x1440 they stayed 15
    # pixels beside 21-pixel text); exactly the design sizes at scale 1. In a squeezed panel (800x500
    # before the drop) the square samples shrink with their rows: at 15 pixels in 13-pixel rows the
    # ✓ and ✗ squares overlapped each other and the next row's words.
    box = min(px(15), max(px(8), line_step - px(3)))
    half = box // 2
    # The player's sample: below a 20-pixel cell draw_player adds a 4-pixel halo, 20 pixels tall in
    # all, which overlapped the rows above and below once they shrank; without it, it keeps to its row.
    you = px(16) if line_step >= px(20) else px(20)
    samples = {
        NEXT_EDGE: lambda y: dashed_polyline(panel, theme["error"], [(x, y), (x + sw, y)], px(3), px(5), px(3)),
        OPTIMAL: lambda y: draw_route(panel, theme, [(x + 2, y), (x + sw - 2, y)], px(18), "player2", dashed=True,
                                      markers=False),
        HINT: lambda y: dashed_polyline(panel, theme["special"], [(x + 2, y), (x + sw - 2, y)], px(3), px(4), px(3)),
        DROP_OK: lambda y: draw_drop_mark(panel, theme, pygame.Rect(x + 2, round(y) - half, box, box), True),
        DROP_NO: lambda y: draw_drop_mark(panel, theme, pygame.Rect(x + 2, round(y) - half, box, box), False),
        YOU: lambda y: (draw_route(panel, theme, [(x, y), (x + sw - px(4), y)], px(8), "player1", markers=False),
                        draw_player(panel, theme, (x + sw - px(6), y), you)),
        STEP: lambda y: pygame.draw.rect(panel, theme["text"], (x + 3, round(y) - half, box, box), px(2)),
    }
    for name in marks:
        if y + line_step - px(6) > height - 8:
            break
        samples[name](y + line_step / 2 - px(3))
        draw_text(panel, theme, name, (x + sw + px(10), y + line_step // 2 - px(3)), size=size, anchor="midleft",
                  colour=theme["text_dim"])
        y += line_step
