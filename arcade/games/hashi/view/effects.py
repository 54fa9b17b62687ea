"""Hashi's per-frame effects (ui): drag preview, AI highlights, refusal flash, pops, celebration, edge markers.

These are drawn over the cached board every frame, so they are plain functions of what
the scene knows (the painter for geometry, the theme for colours, a tween's progress);
none of them changes state.
"""

from __future__ import annotations

import dataclasses
import math

import pygame

from arcade.games.hashi.controller import Highlight, Plan
from arcade.games.hashi.logic import State
from arcade.games.hashi.view.painter import BoardPainter
from arcade.ui.theme import Theme, blend
from arcade.ui.tween import pulse


def draw_seam_markers(surface: pygame.Surface, painter: BoardPainter, theme: Theme, state: State,
                      bridged: list[tuple[int, str]], possible: list[int]) -> None:
    """Lettered arrows pairing both ends of bridges that leave the visible board; faint ones for possible lines."""
    for index in possible:
        painter.edge_markers(surface, index, blend(theme["background"], theme["text_dim"], 0.6))
    analysis = state.analysis
    for index, label in bridged:
        line = state.puzzle.lines[index]
        colour = (theme["error"] if index in analysis.crossed
                  else theme["warning"] if line.a in analysis.closed and line.b in analysis.closed
                  else theme["text"])
        painter.edge_markers(surface, index, colour, label)


def draw_highlight(surface: pygame.Surface, painter: BoardPainter, theme: Theme, highlight: Highlight,
                   role: str, glow: float, current: int = 0) -> None:
    """A hint's or watch step's highlight: glowing bands on lines, crosses on wrong lines, marks on islands.

    A hint (``role`` "hint") frames its islands with corner brackets in its own colour --
    a shape no validation state uses; a watch step rings them. A wrong-bridge hint also
    draws its chain (:func:`draw_chain`) up to its ``current`` part.
    """
    if not highlight:
        return
    colour = theme[role]
    for index in highlight.lines:
        painter.edge_markers(surface, index, colour)
    with painter.view.clipped(surface, whole=painter.outer):  # markers sit in the margin; the rest on the board
        for index in highlight.lines:
            painter.band(surface, index, colour, int(70 + 80 * glow))
        for index in highlight.wrong:
            painter.band(surface, index, theme["error"], int(70 + 80 * glow))
            painter.crosses(surface, index, theme["error"])
        for island in highlight.islands:
            if role == "hint":
                painter.brackets(surface, island, colour, scale=1.22 + 0.06 * glow)
            else:
                painter.ring(surface, island, colour, scale=1.2 + 0.1 * glow)
        if highlight.steps or highlight.conflict is not None:
            draw_chain(surface, painter, theme, highlight, current)


#: Seconds each part of a short chain is the current one while it plays (its caption shows, later
#: steps are faint); a longer chain goes faster (:func:`chain_seconds`).
STEP_SECONDS = 2.6
#: The fastest a long chain plays: a caption of one sentence still reads in it.
FASTEST_STEP_SECONDS = 1.4
#: About how long one pass of a chain takes while it plays: 12 parts at :data:`STEP_SECONDS`.
CHAIN_LOOP_SECONDS = 32.0


def chain_seconds(parts: int) -> float:
    """Seconds a chain of ``parts`` (its steps and its contradiction) shows each while it plays.

    Up to 12 parts, :data:`STEP_SECONDS` each, as chains always played; a longer one shares about
    :data:`CHAIN_LOOP_SECONDS` among its parts, never under :data:`FASTEST_STEP_SECONDS`: the 57
    parts of ``hard/09-world-ocean``'s contradiction took 2.5 minutes a pass at 2.6 s, now 80 s
    (the player steps it at their own pace with the keys or the box's buttons anyway)."""
    return min(STEP_SECONDS, max(FASTEST_STEP_SECONDS, CHAIN_LOOP_SECONDS / max(1, parts)))


def chain_parts(highlight: Highlight) -> int:
    """How many parts a hint's chains walk: each one's steps, then its contradiction if it has one
    (a hint resting on two contradictions walks both, one after the other, as one walk)."""
    return sum(len(c.steps) + (c.conflict is not None) for c in highlight.chains())


def chain_at(highlight: Highlight, current: int) -> tuple[int, Highlight, int]:
    """Part ``current`` of the whole walk: which chain it is in (0 the first), that chain alone as
    a highlight, and the part's index within it."""
    chains = highlight.chains()
    for k, chain in enumerate(chains):
        parts = len(chain.steps) + (chain.conflict is not None)
        if current < parts or k == len(chains) - 1:
            return k, dataclasses.replace(highlight, steps=chain.steps, conflict=chain.conflict, earlier=()), current
        current -= parts
    return 0, highlight, current


def draw_chain(surface: pygame.Surface, painter: BoardPainter, theme: Theme, highlight: Highlight,
               current: int) -> None:
    """The forced steps of a wrong-bridge or contradiction hint, one after another: what each step
    forces on its line (bridges, or crosses for "none"), a numbered diamond beside it, brackets on
    the island whose rule forced it; then the contradiction (brackets and a ✗ diamond in the error
    colour). ``current`` is the part shown (0..steps-1 a step, ``steps`` the contradiction); the
    scene captions it (:mod:`~arcade.games.hashi.view.chain_walk`). A contradiction hint's
    assumption is step 0: a "?" diamond, captioned "Suppose ...", before step 1. Of a hint with
    several chains, the one ``current`` is in is drawn (their steps share lines and numbers)."""
    if highlight.earlier:
        _, highlight, current = chain_at(highlight, current)
    colour = theme["hint"]
    steps = highlight.steps
    for index in highlight.claims:  # the player's other bridges the chain leans on
        painter.band(surface, index, colour, 60)
        painter.dashes(surface, index, colour)
    for k, step in enumerate(steps):
        shown = k <= current
        tint = colour if shown else blend(theme["background"], colour, 0.35)
        lo, hi = step.bounds
        if hi == 0:
            painter.crosses(surface, step.line, tint)
        elif lo > 0:
            painter.bars(surface, step.line, lo, tint)
        else:
            painter.band(surface, step.line, tint, 90)
        if shown and step.island >= 0:
            painter.brackets(surface, step.island, colour, scale=1.3 if k == current else 1.22)
        label = str(step.number) if step.number else "?"  # step 0: a contradiction hint's assumption
        _badge(surface, painter, theme, label, _line_spots(painter, step.line), tint, k == current)
    conflict = highlight.conflict
    if conflict is not None:
        shown = current >= len(steps)
        bad = theme["error"] if shown else blend(theme["background"], theme["error"], 0.35)
        for index in conflict.lines:
            painter.band(surface, index, bad, 80 if shown else 30)
        for island in conflict.islands:
            painter.brackets(surface, island, bad, scale=1.3 if shown else 1.2)
        if conflict.lines:  # on the other side of the line from a step's badge
            _badge(surface, painter, theme, "✗", _line_spots(painter, conflict.lines[0], other_side=True), bad, shown)
        elif conflict.islands:
            x, y = painter.island_centre(conflict.islands[0])
            r = painter.radius * 1.25
            corners = [(x + r, y + r), (x - r, y + r), (x + r, y - r), (x - r, y - r)]
            _badge(surface, painter, theme, "✗", corners, bad, shown)


def chain_captions(painter: BoardPainter, highlight: Highlight) -> list[tuple[str, tuple[float, float]]]:
    """The caption of each shown step of a chain, then of its contradiction, and where each is about.

    A hint with several chains has them all, one after the other: each part counts in the whole
    walk ("3/19"), and each chain's first part names it ("Contradiction 2 of 2"), the divider between
    them -- the board otherwise jumped from one clash to another assumption without a word."""
    chains = highlight.chains()
    out: list[tuple[str, tuple[float, float]]] = []
    for chain in chains:
        steps = chain.steps
        last = max((s.number for s in steps), default=0)
        out += [(f"Step {step.number} of {last} — {step.text}" if step.number else step.text,
                 painter.line_midpoint(step.line)[0]) for step in steps]
        conflict = chain.conflict
        if conflict is not None:
            anchor = painter.island_centre(conflict.islands[0]) if conflict.islands else painter.view.board_rect.center
            out.append((f"✗ So: {conflict.text}", anchor))
    if len(chains) < 2:
        return out
    start = 0
    for k, chain in enumerate(chains, 1):
        out[start] = (f"Contradiction {k} of {len(chains)} — {out[start][0]}", out[start][1])
        start += len(chain.steps) + (chain.conflict is not None)
    return [(f"{n}/{len(out)} · {text}", anchor) for n, (text, anchor) in enumerate(out, 1)]


#: The smallest step badge (half its diamond's width, pixels): below it the number did not read, and
#: the badge is left out (the caption still numbers the step).
BADGE_MIN = 5.0
#: Where along a line's piece its badge may go, best first (the middle, then towards either end).
_ALONG = (0.5, 0.3, 0.7, 0.15, 0.85)


def _line_spots(painter: BoardPainter, line: int, other_side: bool = False) -> list[tuple[float, float]]:
    """Where a line's badge may go, best first: beside the middle of its longest piece, not on it
    (above a horizontal line, right of a vertical one; ``other_side``: below, left), then the other
    side, then further along it and further from it -- :func:`_badge` takes the first spot clear of
    every number (on dense boards the middle's spot sat on a neighbouring island's number)."""
    runs = sorted(painter.line_runs(line), key=lambda run: -math.dist(run.start, run.end))
    cell = painter.view.cell
    sides = (1, -1) if other_side else (-1, 1)
    spots = []
    for away in (cell * 0.42, cell * 0.7):
        for run in runs:
            for t in _ALONG:
                x = run.start[0] + (run.end[0] - run.start[0]) * t
                y = run.start[1] + (run.end[1] - run.start[1]) * t
                for side in sides:
                    spots.append((x, y + side * away) if run.horizontal else (x - side * away, y))
    return spots


def _badge(surface: pygame.Surface, painter: BoardPainter, theme: Theme, label: str,
           spots: list[tuple[float, float]], colour: tuple[int, int, int], current: bool) -> None:
    """A diamond with a step number (the hint's badge shape; the "bridges needed" cue is round), at
    the first of ``spots`` where it covers no island's number; smaller when none is clear, and left
    out when even the smallest is not (the caption numbers the step all the same)."""
    boxes = [box.inflate(2, 2) for box in painter.number_boxes()]
    size = max(9.0, painter.view.cell * (0.26 if current else 0.21))
    while True:
        image = painter.glyph(label, max(7, round(size * 1.05)), theme["text_dark"])
        ink = image.get_bounding_rect()
        for x, y in spots:
            diamond = pygame.Rect(math.floor(x - size) - 1, math.floor(y - size) - 1,
                                  math.ceil(2 * size) + 3, math.ceil(2 * size) + 3)
            at = image.get_rect(center=(round(x), round(y + 0.5)))
            if diamond.union(ink.move(at.topleft)).collidelist(boxes) == -1:
                points = [(x, y - size), (x + size, y), (x, y + size), (x - size, y)]
                pygame.draw.polygon(surface, colour, points)
                pygame.draw.polygon(surface, theme["shadow"], points, width=max(1, round(size / 8)))
                surface.blit(image, at)
                return
        if size <= BADGE_MIN:
            return
        size = max(BADGE_MIN, size * 0.8)


def caption_box(painter: BoardPainter, theme: Theme, screen: pygame.Rect, text: str,
                anchor: tuple[float, float], footer: str | None = None) -> tuple[pygame.Rect, list[str]] | None:
    """Where the caption goes and its wrapped lines (see :func:`fit_caption`), None when no margin holds it."""
    placed = fit_caption(painter, theme, screen, text, anchor, footer)
    return None if placed is None else placed[:2]


def fit_caption(painter: BoardPainter, theme: Theme, screen: pygame.Rect, text: str,
                anchor: tuple[float, float], footer: str | None = None) -> tuple[pygame.Rect, list[str], int] | None:
    """Where the caption goes, its wrapped lines and their text size: beside the board, level with
    what it describes, clear of the row numbers and edge markers (on the left it was drawn over the
    row numbers: "finished1"), when there is room -- a narrower margin will do if it holds every
    word, in the play area's height beside the board and if need be a smaller size. None when no
    margin holds it: a box on the board covered its rows (at 640x400 a hint on an 18-wide board hid
    the bottom four rows), and the status line's pages ("1/2 ▸") hold every word anyway.

    At 640x400 a narrow margin took only a box as high as the board: a wrong-bridge hint's step
    captions on a 12x10 torus never showed, and its steps came as seven pages of the status line.

    A ``footer`` (a chain's keys; "" for its step buttons alone) makes the box taller by
    :func:`footer_height`: a row of step buttons over the caption and the footer's words under it."""
    board = painter.view.board_rect
    # The margin beside the board holds the edge markers (wrapped boards) and, on the left, the row numbers.
    gap = painter.marker_gap[0] if painter.outer.width else 0
    left_edge = board.left - gap - painter.label_band
    right_edge = board.right + gap
    right, left = screen.right - right_edge - 24, left_edge - 24
    room, edges = max(right, left), (left_edge, right_edge, right >= left)
    if room >= 220:
        width = min(room, 340)
        extra = footer_height(theme, footer, width)
        box, lines = _caption_beside(theme, screen, board, text, anchor, width, edges, CAPTION_SIZE, extra)
        return box, lines, CAPTION_SIZE
    if room >= CAPTION_NARROWEST:
        # Beside the board the play area's whole height is free (the column numbers are over the board).
        column = board.union(painter.outer.clip(screen)) if painter.outer.width else board
        extra = footer_height(theme, footer, room)
        for size in (CAPTION_SIZE, CAPTION_SMALL):
            box, lines = _caption_beside(theme, screen, column, text, anchor, room, edges, size, extra)
            if box.height <= column.height and lines == wrap_words(theme, text, room, size):
                return box, lines, size
    return None


CAPTION_SIZE = 15
#: The caption's text size in a narrow margin when the normal size does not fit (13 is the
#: smallest text the game uses for sentences).
CAPTION_SMALL = 13
CAPTION_LINES = 12
CAPTION_NARROWEST = 150  # about 18 characters a line: narrower reads worse than a box on the board


def wrap_words(theme: Theme, text: str, width: int, size: int = CAPTION_SIZE) -> list[str]:
    """The caption's text wrapped to a box ``width`` wide (10 pixels of padding each side)."""
    from arcade.ui.text import wrap_text

    return wrap_text(theme, text, size, width - 20)


def footer_height(theme: Theme, footer: str | None, width: int) -> int:
    """Pixels a caption box ``width`` wide grows by for its ``footer``: a row of step buttons
    (:func:`control_size`) over the words, and the footer's words, small, under them; 0 without
    one (None)."""
    if footer is None:
        return 0
    lines = wrap_words(theme, footer, width, CAPTION_SMALL) if footer else []
    words = 4 + theme.font(CAPTION_SMALL).get_linesize() * len(lines) if lines else 0  # 4: apart from the caption
    return control_size(theme) + 6 + words


def control_size(theme: Theme) -> int:
    """The side of a caption box's step buttons (⏮ ◀ ▶ ▶ ⏭): five fit the narrowest box."""
    return theme.px(22)


def _caption_beside(theme: Theme, screen: pygame.Rect, column: pygame.Rect, text: str, anchor: tuple[float, float],
                    width: int, edges: tuple[int, int, bool], size: int,
                    extra: int = 0) -> tuple[pygame.Rect, list[str]]:
    """A caption box in the margin beside the board (the right one if ``edges[2]``), level with the
    anchor, within ``column``'s height; ``extra`` pixels taller for a footer."""
    left_edge, right_edge, on_right = edges
    lines = wrap_words(theme, text, width, size)[:CAPTION_LINES]
    box = pygame.Rect(0, 0, width, theme.font(size).get_linesize() * len(lines) + 14 + extra)
    box.centery = round(anchor[1])
    if on_right:
        box.left = right_edge + 10
    else:
        box.right = left_edge - 10
    box.clamp_ip(column.inflate(screen.width, 0).clip(screen))
    box.clamp_ip(screen)
    return box, lines


def draw_caption(surface: pygame.Surface, painter: BoardPainter, theme: Theme, text: str,
                 anchor: tuple[float, float], footer: str | None = None, *,
                 words: str | None = None) -> pygame.Rect | None:
    """The current step's sentence in a box beside the board (see :func:`fit_caption`; none when
    there is no room beside it), with the room :func:`footer_height` keeps for ``footer``: a row
    at the top for the step buttons the caller lays out there (:func:`control_size` high, 7 pixels
    in: on top they stay put while the words under them change), and at its foot ``words`` (the
    footer itself unless given: a box measured with its longest footer draws the one that
    applies), small and dim ("": the buttons' row alone). Returns the box."""
    placed = fit_caption(painter, theme, surface.get_rect(), text, anchor, footer)
    if placed is None:
        return None
    box, lines, size = placed
    font = theme.font(size)
    line_h = font.get_linesize()
    backing = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(backing, (*theme["panel"], 235), backing.get_rect(), border_radius=8)
    surface.blit(backing, box)
    pygame.draw.rect(surface, theme["hint"], box, width=2, border_radius=8)
    top = box.y + 7 + (control_size(theme) + 6 if footer is not None else 0)  # the buttons' row first
    for k, line in enumerate(lines):
        surface.blit(font.render(line, True, theme["text"]), (box.x + 10, top + k * line_h))
    if footer:
        small = theme.font(CAPTION_SMALL)
        below = wrap_words(theme, footer if words is None else words, box.width, CAPTION_SMALL)
        y = box.bottom - 7 - small.get_linesize() * len(below)
        for k, line in enumerate(below):
            surface.blit(small.render(line, True, theme["text_dim"]), (box.x + 10, y + k * small.get_linesize()))
    return box


def draw_flash(surface: pygame.Surface, painter: BoardPainter, theme: Theme, lines: frozenset[int],
               islands: frozenset[int], progress: float) -> None:
    """A refused move: the lines and islands involved blink red twice."""
    strength = pulse(progress * 2.0) if progress < 0.5 else pulse(progress * 2.0 - 1.0)
    colour = theme["error"]
    for index in lines:
        painter.band(surface, index, colour, int(40 + 170 * strength))
    for island in islands:
        painter.ring(surface, island, colour, scale=1.25, alpha=int(60 + 195 * strength))


def draw_plan(surface: pygame.Surface, painter: BoardPainter, theme: Theme, plan: Plan,
              pointer: tuple[int, int] | None) -> None:
    """The live preview of a drag: the line it would build (accent), clear (dashed), mark, or why not (red)."""
    if plan.line is not None:
        if plan.refusal:
            painter.band(surface, plan.line, theme["error"], 70)
            if plan.blocking is not None:
                painter.band(surface, plan.blocking, theme["error"], 150)
            painter.crosses(surface, plan.line, theme["error"])
        elif plan.after is None:
            painter.crosses(surface, plan.line, theme["accent"])
        else:
            painter.band(surface, plan.line, theme["accent"], 60)
            painter.bars(surface, plan.line, plan.after, theme["accent"])
            if not plan.after:
                painter.dashes(surface, plan.line, theme["warning"])
        painter.edge_markers(surface, plan.line, theme["accent"])
    if pointer is not None and plan.label:
        role = "error" if plan.refusal and not plan.quiet else "warning" if plan.refusal else "accent"
        # Beside the line, not on it: above a horizontal drag, to the right of a vertical one.
        away = round(painter.view.cell * 0.45) + 10
        if plan.direction in ("N", "S"):
            pos = (pointer[0] + away, pointer[1])
        else:
            pos = (pointer[0] + 6, pointer[1] - away)
        draw_pill(surface, theme, plan.label, pos, theme[role])


def draw_pill(surface: pygame.Surface, theme: Theme, text: str, pos: tuple[int, int],
              colour: tuple[int, int, int]) -> None:
    """A small rounded label next to the pointer ("2 bridges", "no island")."""
    font = theme.font(14, bold=True)
    w, h = font.size(text)
    rect = pygame.Rect(pos[0], pos[1] - h // 2 - 3, w + 12, h + 6)
    rect.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, theme["panel"], rect, border_radius=rect.height // 2)
    pygame.draw.rect(surface, colour, rect, width=2, border_radius=rect.height // 2)
    surface.blit(font.render(text, True, theme["text"]), (rect.x + 6, rect.y + 3))


def draw_pop(surface: pygame.Surface, painter: BoardPainter, theme: Theme, island: int, t: float) -> None:
    """An island just completed: a green ring swells and fades."""
    painter.ring(surface, island, theme["good"], scale=1.0 + 0.9 * t, alpha=int(255 * (1 - t)),
                 width=max(1, round(painter.view.cell / 8 * (1 - t))))


def draw_celebration(surface: pygame.Surface, painter: BoardPainter, theme: Theme, islands: int,
                     t: float) -> None:
    """The puzzle is solved: a wave of coloured rings from the centre and a glowing frame (the words: below)."""
    board = painter.view.board_rect
    cx, cy = board.center
    reach = math.hypot(board.width, board.height) / 2 or 1.0
    colours = (theme["highlight"], theme["good"], theme["accent"])
    for i in range(islands):
        x, y = painter.island_centre(i)
        phase = t * 1.6 - math.hypot(x - cx, y - cy) / reach * 0.9
        if 0.0 < phase < 0.5:
            strength = pulse(phase / 0.5)
            painter.ring(surface, i, colours[i % 3], scale=1.0 + 0.6 * strength, alpha=int(255 * strength))
    pygame.draw.rect(surface, blend(theme["background"], theme["good"], pulse(t)), board.inflate(8, 8), width=3,
                     border_radius=6)


def solved_banner_box(theme: Theme, rect: pygame.Rect, avoid: list[pygame.Rect] | None = None) -> pygame.Rect | None:
    """Where "Solved!" goes in ``rect`` (the status line): centred, or moved left of the boxes in
    ``avoid`` (the toasts on it) -- on the doughnut the torus tip was drawn over it. None when it
    does not fit beside them."""
    size = max(16, min(40, rect.height - 10))
    box = theme.font(size, bold=True, fixed=True).size("Solved!")
    banner = pygame.Rect(0, 0, box[0] + size * 2, box[1] + 8)
    banner.center = rect.center
    blocking = [b for b in avoid or [] if b.colliderect(banner.inflate(12, 0))]
    if blocking:
        banner.right = min(b.left for b in blocking) - 8
        if banner.left < rect.left or any(b.colliderect(banner) for b in avoid or []):
            return None
    return banner


def draw_solved_banner(surface: pygame.Surface, theme: Theme, t: float, rect: pygame.Rect,
                       avoid: list[pygame.Rect] | None = None) -> None:
    """ "Solved!" in ``rect`` (the status line: it never hides an island), fading in, clear of the
    toasts in ``avoid``."""
    if t <= 0.15:
        return
    box = solved_banner_box(theme, rect, avoid)
    if box is None:
        return
    size = max(16, min(40, rect.height - 10))
    image = theme.font(size, bold=True, fixed=True).render("Solved!", True, theme["good"])
    backing = pygame.Surface(box.size, pygame.SRCALPHA)
    alpha = min(1.0, (t - 0.15) * 4)
    pygame.draw.rect(backing, (*theme["panel"], int(240 * alpha)), backing.get_rect(), border_radius=box.height // 2)
    pygame.draw.rect(backing, (*theme["good"], int(255 * alpha)), backing.get_rect(), width=3,
                     border_radius=box.height // 2)
    image.set_alpha(int(255 * alpha))
    backing.blit(image, image.get_rect(center=backing.get_rect().center))
    surface.blit(backing, box)
