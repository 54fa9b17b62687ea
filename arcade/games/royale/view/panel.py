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

    Every legend row fits, tried in this order until one does: one row an item, as designed; the
    short items two to a row (:func:`pack_rows`); that under a compact score (a smaller loot
    headline, tighter lines). At 800x500 with the largest text (125 %) the panel has 256 design
    pixels, and one row an item showed the first six swatches and none of the line marks -- the
    drop's keys a newcomer needs. Two columns keep every item and its words whole where dropping
    items by phase would still not fit the round's twelve; the compact score goes only where even
    that is short, so a roomy panel looks as it always did. Where even the smallest rows cannot
    fit, "hint (H)" is listed only while a hint is on the board (``hint_shown``), and then the line
    mark before it makes way."""
    height = size[1]
    panel = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(panel, theme["panel"], panel.get_rect(), border_radius=10)
    px = theme.px  # the panel's metrics grow with its text at the window's UI scale
    x = px(14)
    marks = line_marks(state, outcome)
    legend = legend_rows(outcome)
    col = (size[0] - 2 * x - px(8)) // 2  # a column's width when the short items go two to a row
    plan = None
    for compact in (False, True):
        # The legend's rows are measured in design pixels, then drawn at the UI scale.
        room = round((height - 8 - _score_bottom(theme, state, outcome, size[0], compact)) / theme.scale)
        for two in (False, True):
            swatch_rows = pack_rows(theme, [t for _, t in legend], col) if two else [[i] for i in range(len(legend))]
            mark_rows = pack_rows(theme, marks, col) if two else [[i] for i in range(len(marks))]
            sizes = legend_sizes(room, len(swatch_rows), len(mark_rows))
            if sizes is not None:
                plan = compact, two, sizes
                break
        if plan is not None:
            break
    if plan is None:  # too small even for two columns under a compact score
        compact, two = True, True
        room = round((height - 8 - _score_bottom(theme, state, outcome, size[0], compact)) / theme.scale)
        sizes = legend_sizes(room, len(pack_rows(theme, [t for _, t in legend], col)),
                             len(pack_rows(theme, marks, col)))
        while sizes is None and len(marks) > 1:
            # Too small even for the smallest rows: "hint (H)" goes first -- unless a hint is on the
            # board, when the mark before it makes way for it.
            drop = HINT if HINT in marks and not hint_shown else next(m for m in reversed(marks) if m != HINT)
            marks = [mark for mark in marks if mark != drop]
            sizes = legend_sizes(room, len(pack_rows(theme, [t for _, t in legend], col)),
                                 len(pack_rows(theme, marks, col)))
    else:
        compact, two, sizes = plan
    y = _draw_score(panel, theme, state, outcome, par, par_known, x, compact)
    step, line_step = sizes or (13, 12)
    text_size = 14 if step >= 24 and not two else 12
    sw = min(px(22), px(step) - px(4))
    swatch_rows = pack_rows(theme, [t for _, t in legend], col) if two else [[i] for i in range(len(legend))]
    mark_rows = pack_rows(theme, marks, col) if two else [[i] for i in range(len(marks))]
    y = _draw_legend(panel, theme, [[legend[i] for i in row] for row in swatch_rows], x, y, sw, px(step), text_size,
                     col + px(8))
    _draw_line_marks(panel, theme, [[marks[i] for i in row] for row in mark_rows], x, y + px(4), sw, px(line_step),
                     text_size, col + px(8))
    return panel


def pack_rows(theme: Theme, texts: list[str], col: int) -> list[list[int]]:
    """The items (indices into ``texts``) of each legend row when the short ones go two to a row.

    An item whose sample and words fit a column ``col`` pixels wide waits for the next such item to
    share its row; a longer one takes a row of its own. The order is kept but for a short item
    moving up beside an earlier one ("safe" beside "doomed" over "no spare moves") -- rows the eye
    reads across as it reads down. Measured at the legend's small text and widest sample."""
    font = theme.font(12)
    rows: list[list[int]] = []
    waiting: list[int] | None = None
    for i, text in enumerate(texts):
        if theme.px(32) + font.size(text)[0] > col:
            rows.append([i])
        elif waiting is None:
            waiting = [i]
            rows.append(waiting)
        else:
            waiting.append(i)
            waiting = None
    return rows


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


#: The score's metrics in design pixels: the loot headline's text size and its row, the par's row,
#: the move's row and the bar's -- as designed, and compact for a panel short of room for its legend
#: (a smaller headline with "Move k of K" on its right, no row of its own).
SCORE = (34, 52, 26, 24, 22)
SCORE_COMPACT = (24, 36, 22, 0, 16)


def _status_lines(theme: Theme, state: State, outcome: Outcome | None, width: int) -> tuple[list[str], str]:
    """The status line wrapped to the panel (at most two lines) and its role."""
    line, role = status_line(state, outcome)
    return wrap_text(theme, line, 15, width - 2 * theme.px(14))[:2], role


def _score_bottom(theme: Theme, state: State, outcome: Outcome | None, width: int, compact: bool) -> int:
    """The y below the score as :func:`_draw_score` draws it, measured without drawing."""
    _, loot_row, par_row, move_row, bar_row = SCORE_COMPACT if compact else SCORE
    lines, _ = _status_lines(theme, state, outcome, width)
    px = theme.px
    return px(12) + px(loot_row) + px(par_row) + px(move_row) + px(bar_row) + len(lines) * px(20) + px(10)


def _draw_score(panel: pygame.Surface, theme: Theme, state: State, outcome: Outcome | None, par: str,
                par_known: bool, x: int, compact: bool = False) -> int:
    """The loot, the par, the moves the storm allows and the status line; returns the y below them."""
    width = panel.get_width()
    px = theme.px
    loot_size, loot_row, par_row, move_row, bar_row = SCORE_COMPACT if compact else SCORE
    y = px(12)
    middle = y + px(loot_row) // 2 - px(4)
    coin = px(14) * loot_size // 34
    draw_coin(panel, theme, (x + coin, middle), coin)
    draw_text(panel, theme, str(state.loot), (x + 2 * coin + px(10), middle), size=loot_size, bold=True,
              anchor="midleft")
    draw_text(panel, theme, "loot", (x + 2 * coin + px(12) + theme.font(loot_size, True).size(str(state.loot))[0],
                                     middle + px(6) * loot_size // 34), size=15, anchor="midleft",
              colour=theme["text_dim"])
    y += px(loot_row)
    draw_text(panel, theme, par, (x, y), size=17, colour=theme["highlight"] if par_known else theme["text_dim"])
    y += px(par_row)
    k, K = state.moves, state.level.max_moves
    if move_row:
        draw_text(panel, theme, f"Move {k} of {K}", (x, y), size=17)
    else:  # compact: beside the loot headline
        draw_text(panel, theme, f"Move {k} of {K}", (width - x, middle), size=17, anchor="midright")
    y += px(move_row)
    # A bar: the moves the storm allows, used so far.
    bar = pygame.Rect(x, y, width - 2 * x, px(10) if not compact else px(8))
    pygame.draw.rect(panel, theme["panel_light"], bar, border_radius=5)
    if K:
        used = bar.copy()
        used.width = max(0, round(bar.width * min(k, K) / K))
        pygame.draw.rect(panel, theme["error"], used, border_radius=5)
    y += px(bar_row)
    lines, role = _status_lines(theme, state, outcome, width)
    for part in lines:
        draw_text(panel, theme, part, (x, y), size=15, colour=theme[role], max_width=width - 2 * x)
        y += px(20)
    return y + px(10)


def _draw_legend(panel: pygame.Surface, theme: Theme, rows: list[list[tuple[tuple, str]]], x: int, y: int, sw: int,
                 step: int, size: int, col: int) -> int:
    """The legend ``rows`` that fit, ``step`` pixels apart, a row's second item ``col`` pixels to the
    right of its first; returns the y below the last."""
    height = panel.get_height()
    for row in rows:
        if y + sw > height - 8:
            break
        for n, (swatch_key, text) in enumerate(row):
            left = x + n * col
            paint_cell(panel, theme, pygame.Rect(left, y, sw, sw), swatch_key)
            draw_text(panel, theme, text, (left + sw + theme.px(10), y + sw // 2), size=size, anchor="midleft",
                      colour=theme["text_dim"])
        y += step
    return y


def _draw_line_marks(panel: pygame.Surface, theme: Theme, rows: list[list[str]], x: int, y: int, sw: int,
                     line_step: int, size: int, col: int) -> None:
    """A sample of each line drawn on the board (``rows`` of them) and its words, as many as fit."""
    height = panel.get_height()
    px = theme.px
    # The samples grow with the UI scale as their rows and words do (at 2560x1440 they stayed 15
    # pixels beside 21-pixel text); exactly the design sizes at scale 1. In a squeezed panel (800x500
    # before the drop) the square samples shrink with their rows: at 15 pixels in 13-pixel rows the
    # ✓ and ✗ squares overlapped each other and the next row's words.
    box = min(px(15), max(px(8), line_step - px(3)))
    half = box // 2
    # The player's sample: below a 20-pixel cell draw_player adds a 4-pixel halo, 20 pixels tall in
    # all, which overlapped the rows above and below once they shrank. In a squeezed panel it has no
    # halo and its disc keeps inside its row, a pixel clear of each neighbour: a 14-pixel disc in
    # 12-pixel rows (2400x500) nearly touched the square of "a step you can take" below it.
    roomy = line_step >= px(20)
    you = px(16) if roomy else (line_step - 2) // 2 / 0.36  # draw_player's radius is 0.36 of a cell
    samples = {
        NEXT_EDGE: lambda x, y: dashed_polyline(panel, theme["error"], [(x, y), (x + sw, y)], px(3), px(5), px(3)),
        OPTIMAL: lambda x, y: draw_route(panel, theme, [(x + 2, y), (x + sw - 2, y)], px(18), "player2", dashed=True,
                                         markers=False),
        HINT: lambda x, y: dashed_polyline(panel, theme["special"], [(x + 2, y), (x + sw - 2, y)], px(3), px(4),
                                           px(3)),
        DROP_OK: lambda x, y: draw_drop_mark(panel, theme, pygame.Rect(x + 2, round(y) - half, box, box), True),
        DROP_NO: lambda x, y: draw_drop_mark(panel, theme, pygame.Rect(x + 2, round(y) - half, box, box), False),
        YOU: lambda x, y: (draw_route(panel, theme, [(x, y), (x + sw - px(4), y)], px(8), "player1", markers=False),
                           draw_player(panel, theme, (x + sw - px(6), y), you, halo=None if roomy else False)),
        STEP: lambda x, y: pygame.draw.rect(panel, theme["text"], (x + 3, round(y) - half, box, box), px(2)),
    }
    for row in rows:
        if y + line_step - px(6) > height - 8:
            break
        for n, name in enumerate(row):
            left = x + n * col
            samples[name](left, y + line_step / 2 - px(3))
            draw_text(panel, theme, name, (left + sw + px(10), y + line_step // 2 - px(3)), size=size,
                      anchor="midleft", colour=theme["text_dim"])
        y += line_step
