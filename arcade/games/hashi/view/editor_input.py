"""The Hashi editor's input (view): its keymap, the board's layout and hit-testing, mouse gestures,
the side panel's size and topology buttons, the keyboard cursor and the edits they make.

:class:`EditorInputMixin` is part of :class:`~arcade.games.hashi.view.editor.EditorScene`. Every
gesture here ends in one call of the pure :class:`~arcade.games.hashi.editing.Editor` whose
message goes to the scene's ``changed`` (say it, keep the spare copy, ask the solver again). It
is separate because it reads as one subject -- pixels and keys in, edits out -- while the scene
keeps the verdict, the drafts and the files. It uses the scene's ``editor``, ``draft``,
``changed``, ``refuse``, ``say``, ``relayout``, ``hover``, ``cursor``, ``dragging`` and ``pressed_at``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from arcade.core.grid import cell_name
from arcade.core.registry import Binding
from arcade.core.topology import Cell, Topology
from arcade.games.hashi.editing import Draft, Editor
from arcade.games.hashi.logic import MAX_SIDE
from arcade.games.hashi.view.painter import MAX_CELL
from arcade.ui.bindings import fullscreen_binding, tab_binding
from arcade.ui.gridview import ruler_band
from arcade.ui.side_panel import panel_width
from arcade.ui.widgets import Button, button_tip

PANEL_WIDTH = 380
#: Pixels a click on an island may wander and still remove it: on a 40x40 board cells are a few
#: pixels wide, and a hand's jitter across a border would move the island instead.
CLICK_SLOP = 4
#: The smallest editor cell (pixels): a 40x40 board still fits the least window.
MIN_CELL = 3
_ARROWS = (("Up", (-1, 0)), ("Down", (1, 0)), ("Left", (0, -1)), ("Right", (0, 1)))

EDITOR_KEYS = (
    Binding("Click · right-click", "", "place an island or remove it · remove it"),
    Binding("Drag an island", "", "move it to water, number and all (one edit)"),
    Binding("Wheel · 1–8", "", "change the number of the island under the pointer or the keyboard cursor"),
    *(Binding(str(n), "set_number", "", arg=str(n)) for n in range(1, 9)),
    Binding("0 / Delete", "remove_here", "remove the island under the pointer or the keyboard cursor"),
    Binding("Arrows · Space", "", "move the keyboard cursor · place or remove there"),
    *(Binding(key, "move_cursor", "", arg=key, repeat=True) for key, _ in _ARROWS),
    Binding("Space", "toggle_here", ""),
    Binding("Ctrl+Z / U", "undo", "undo", button="Undo", repeat=True),
    Binding("Ctrl+Y / Ctrl+Shift+Z / R", "redo", "redo", button="Redo", repeat=True),
    Binding("F", "apply_fix", "apply the suggested fix", button="Fix", when="has_fix"),
    Binding("T", "test_play", "test-play this puzzle (E comes back)", button="Test-play"),
    Binding("E", "back_to_game", "back to the game the editor was opened from", button="Back to game",
            when="over_a_game", listed_when="over_a_game"),
    Binding("F2 / Ctrl+T", "name_puzzle", "give the puzzle a title (My puzzles lists it, Save names the file "
            "after it)", button="Title"),
    Binding("Ctrl+S / S", "save", "save the level file", button="Save"),
    Binding("I", "copy_game_id", "copy the Tatham game ID (or say why not)", button="Game ID"),
    Binding("Ctrl+C", "copy_level", "copy the level file"),
    Binding("Ctrl+N", "clear_board", "start over on an empty board (Undo brings it back)"),
    Binding("D", "resume_draft", "resume draft: the board you left unsaved last time", button="Resume draft",
            when="draft_waiting", listed_when="draft_waiting"),  # a draft is only written on leaving
    Binding("Ctrl+P", "print_sheet", "print: a PDF with the solution", button="Print…"),
    Binding("Esc / P", "open_pause", "pause, settings, main menu", button="Pause"),
    Binding("F1 / ?", "open_how_to_play", "how to play Hashi, and every key of the editor"),
    tab_binding("side-panel"),
    fullscreen_binding(),
)


class EditorInputMixin:
    """The input side of :class:`~arcade.games.hashi.view.editor.EditorScene` (see the module)."""

    app: Any
    editor: Editor
    draft: Draft
    hover: Cell | None
    cursor: Cell
    dragging: Cell | None
    pressed_at: tuple[int, int]
    board_rect: pygame.Rect
    label_band: int
    panel_rect: pygame.Rect
    cell: int
    panel_buttons: list[Button]
    _tooltip: str
    changed: Callable[[str], None]
    refuse: Callable[..., None]
    say: Callable[..., None]
    relayout: Callable[[], None]

    # -- layout ------------------------------------------------------------------------------
    def layout_board(self, area: pygame.Rect) -> None:
        px = self.app.theme.px if self.app is not None else int  # the panel grows with its text
        want = px(PANEL_WIDTH)
        panel_w = min(want, max(240, area.width // 3, min(area.width // 2, self._buttons_need())))
        d = self.draft
        # A band above and left for the row and column numbers the messages name cells by.
        rough = min((area.width - panel_w) // d.cols, area.height // d.rows)
        scale = self.app.theme.scale if self.app is not None else 1.0  # the numbers grow with the text
        band = self.label_band = ruler_band(scale) if rough >= 6 else 0
        # The panel takes the room a board limited by the height leaves beside it: at 800x500 with
        # the largest text ~100 pixels lay empty while the panel cut "Cylin…" and its headline.
        most = round(MAX_CELL * scale)
        tall = max(MIN_CELL, min(most, (area.height - band) // d.rows))
        panel_w = panel_width(area.width, panel_w, want, band + tall * d.cols, 12)
        self.panel_rect = pygame.Rect(area.right - panel_w, area.top, panel_w, area.height)
        board_area = pygame.Rect(area.left + band, area.top + band, area.width - panel_w - 12 - band,
                                 area.height - band)
        # Smaller cells rather than a board over the header and the status line (a 40x40 board at
        # the least window has 5-pixel cells; it was 8 at the least, 320 pixels in 250). As large as
        # the play board's at most (MAX_CELL at the UI scale): capped at 64, a small board stayed small
        # in a big window.
        self.cell = max(MIN_CELL, min(most, board_area.width // d.cols, board_area.height // d.rows))
        w, h = self.cell * d.cols, self.cell * d.rows
        self.board_rect = pygame.Rect(0, 0, w, h)
        self.board_rect.center = board_area.center
        self._layout_panel_buttons()
        if self.app is not None:  # end-to-end tests read where the board is from the trace file
            self.app.trace(f"editor-layout {self.cell} {self.board_rect.x} {self.board_rect.y} {d.rows} {d.cols}")

    def _build_panel_buttons(self) -> None:
        def size(dr: int, dc: int) -> Callable[[], None]:
            return lambda: self.resize_board(dr, dc)

        def allowed(dr: int, dc: int) -> Callable[[], bool]:
            return lambda: self.editor.can_resize(dr, dc)

        def refusal(dr: int, dc: int) -> Callable[[], str]:
            return lambda: self.editor.resize_refusal(self.draft.rows + dr, self.draft.cols + dc)

        # A size button at its limit is grey; a click on it says why (see handle_board).
        self.size_buttons = {
            (0, -1): Button("W −", size(0, -1), tooltip="one column less", enabled_when=allowed(0, -1),
                           why_disabled=refusal(0, -1)),
            (0, 1): Button("W +", size(0, 1), tooltip=f"one column more (up to {MAX_SIDE})",
                           enabled_when=allowed(0, 1), why_disabled=refusal(0, 1)),
            (-1, 0): Button("H −", size(-1, 0), tooltip="one row less", enabled_when=allowed(-1, 0),
                           why_disabled=refusal(-1, 0)),
            (1, 0): Button("H +", size(1, 0), tooltip=f"one row more (up to {MAX_SIDE})", enabled_when=allowed(1, 0),
                           why_disabled=refusal(1, 0)),
        }
        self.panel_buttons = [
            *self.size_buttons.values(),
            *(Button(t.value.capitalize(), lambda t=t: self.set_topology(t.value),
                     tooltip=f"make the board a {t.value}") for t in Topology),
        ]

    def _buttons_need(self) -> int:
        """The panel width at which every panel button's label is drawn whole (measured, at the
        buttons' 15-pixel text): three topology buttons to a row, four size buttons to a row."""
        if self.app is None:
            return 0
        font, pad = self.app.theme.font(15), 6 + self.app.theme.px(4)

        def widest(buttons: list[Button]) -> int:
            return max(font.size(button.label)[0] for button in buttons) + pad

        return 20 + max(4 * widest(self.panel_buttons[:4]) + 18, 3 * widest(self.panel_buttons[4:]) + 12)

    def _layout_panel_buttons(self) -> None:
        px = self.app.theme.px if self.app is not None else int  # the buttons grow with their text
        x, y = self.panel_rect.x + 10, self.panel_rect.y + px(34)
        bw = (self.panel_rect.width - 20 - 18) // 4
        for i, button in enumerate(self.panel_buttons[:4]):
            button.rect = pygame.Rect(x + i * (bw + 6), y, bw, px(28))
        tw = (self.panel_rect.width - 20 - 12) // 3
        for i, button in enumerate(self.panel_buttons[4:]):
            button.rect = pygame.Rect(x + i * (tw + 6), y + px(36), tw, px(28))
        if self.app is not None:
            for button in self.panel_buttons:
                r = button.rect
                self.app.trace(f"editor-button {r.x} {r.y} {r.width} {r.height} {button.label.replace(' ', '')}")

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.board_rect.collidepoint(pos):
            return None
        return ((pos[1] - self.board_rect.y) // self.cell, (pos[0] - self.board_rect.x) // self.cell)

    def cell_centre(self, cell: Cell) -> tuple[int, int]:
        return (self.board_rect.x + cell[1] * self.cell + self.cell // 2,
                self.board_rect.y + cell[0] * self.cell + self.cell // 2)

    # -- input -------------------------------------------------------------------------------
    def handle_board(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for (dr, dc), button in self.size_buttons.items():
                if button.rect.collidepoint(event.pos) and not button.is_enabled():
                    self.resize_board(dr, dc)  # refused, with the reason
                    return True
        for button in self.panel_buttons:
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.cell_at(tuple(event.pos))
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.dragging = None  # a release lost outside the window ends that drag here
            cell = self.cell_at(tuple(event.pos))
            if cell is None:
                return False
            self.cursor = cell
            if event.button == 3:
                self.changed(self.editor.remove(cell))
            elif self.draft.number_at(cell):
                self.dragging = cell  # a click removes it, a drag moves it: the release decides
                self.pressed_at = tuple(event.pos)
            else:
                self.changed(self.editor.toggle(cell))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            x, y = event.pos
            still = abs(x - self.pressed_at[0]) <= CLICK_SLOP and abs(y - self.pressed_at[1]) <= CLICK_SLOP
            self.drop(self.dragging, self.dragging if still else self.cell_at((x, y)))
            return True
        if event.type == pygame.MOUSEWHEEL:
            cell = self.hover
            if cell is None or not event.y:
                return False
            self.changed(self.editor.bump(cell, 1 if event.y > 0 else -1))
            return True
        return False

    def drop(self, src: Cell, cell: Cell | None) -> None:
        """The release of a press on an island: on that island it is a click (removed, as ever);
        on water the island moves there, number and all, in one edit. A press removed the island at
        once, so a drag to move it lost it instead, and moving took three edits."""
        self.dragging = None
        self._tooltip = ""  # the drag's "Let go to move…" would hide what the drop did until the pointer moved
        if cell == src:
            self.changed(self.editor.toggle(src))
        elif cell is None:
            self.say(f"The {self.draft.number_at(src)} stays at {cell_name(src)}: let go off the board.")
        else:
            message = self.editor.move(src, cell)
            if message.startswith("Moved"):
                self.cursor = cell
                self.changed(message)
            else:
                self.refuse(message)

    def button_rows(self) -> list[list[Button]]:
        """The side panel's two rows (sizes, then topologies): Tab reaches them after the toolbar."""
        return [self.panel_buttons[:4], self.panel_buttons[4:]]

    def board_tooltip(self, pos: tuple[int, int]) -> str:
        for button in self.panel_buttons:
            if button.rect.collidepoint(pos):
                return button_tip(button)  # a grey size button says why
        cell = self.cell_at(pos)
        if self.dragging is not None and cell not in (None, self.dragging):
            n, there = self.draft.number_at(self.dragging), self.draft.number_at(cell)
            if there:
                return f"There is a {there} at {cell_name(cell)} already: let go on water to move the {n}."
            return f"Let go to move the {n} to {cell_name(cell)}."
        return ""

    def _target(self) -> Cell:
        return self.hover if self.hover is not None else self.cursor

    # -- keymap actions ------------------------------------------------------------------------
    def set_number(self, digit: str) -> None:
        self.changed(self.editor.set_number(self._target(), int(digit)))

    def remove_here(self) -> None:
        self.changed(self.editor.remove(self._target()))

    def toggle_here(self) -> None:
        """Space: place or remove on the square drawn (the hovered cell's, when the pointer is on the
        board), as the number keys do -- it toggled the keyboard's cell hidden under the hover."""
        self.changed(self.editor.toggle(self._target()))

    def move_cursor(self, key: str) -> None:
        """An arrow moves the square drawn one cell. The editor's cursor is never hidden -- the
        square is on the hovered cell, else on the keyboard's -- so the first arrow moves too, from
        that square: it jumped from the keyboard's old cell, hidden under the hover, instead."""
        dr, dc = dict(_ARROWS)[key]
        d = self.draft
        row, col = self._target()
        self.hover = None
        self.cursor = ((row + dr) % d.rows, (col + dc) % d.cols)

    def undo(self) -> None:
        self.changed(self.editor.undo())
        self.relayout()

    def redo(self) -> None:
        self.changed(self.editor.redo())
        self.relayout()

    def resize_board(self, d_rows: int, d_cols: int) -> None:
        d = self.draft
        refusal = self.editor.resize_refusal(d.rows + d_rows, d.cols + d_cols)
        if refusal:
            self.refuse(refusal)
            return
        self.changed(self.editor.resize(d.rows + d_rows, d.cols + d_cols))
        self.cursor = (min(self.cursor[0], self.draft.rows - 1), min(self.cursor[1], self.draft.cols - 1))
        self.relayout()

    def set_topology(self, name: str) -> None:
        self.changed(self.editor.set_topology(Topology.parse(name)))

    def clear_board(self) -> None:
        """Start over: a new puzzle, which lets go of the file the old one came from until Undo
        brings that board back (Save wrote the new puzzle over the old one's file)."""
        before = self.draft
        message = self.editor.clear()
        if self.draft is not before:
            self.cleared_from = (self.draft, self.path)
        self.changed(message)
