"""The Hashi puzzle editor's model (pure logic): a draft board and its undo history.

The editor scene only translates clicks, the wheel and keys into the actions here, so
every edit can be tested without a window. A :class:`Draft` is immutable (the history
keeps every version, undo is a step back, a new edit after undo drops the redo tail,
just like play); :class:`Editor` holds the history and says what each action did in one
sentence for the status line.

A draft may be anything a player is half-way through building -- no islands, one
island, numbers that cannot work -- so it is not a :class:`Puzzle` until
:meth:`Draft.puzzle` is asked for one (``None`` while it has fewer than two islands).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from arcade.core.grid import cell_name, size_name
from arcade.core.topology import Cell, Shape, Topology
from arcade.games.hashi.logic import MAX_NUMBER, MAX_SIDE, Island, Puzzle

#: The smallest board the size buttons make (Tatham's Bridges' least); the largest is the game's
#: own :data:`~arcade.games.hashi.logic.MAX_SIDE`, shared with the New dialog and the generator (a
#: bigger board from a file opens as it is, and W-/H- bring it towards the limit).
MIN_SIDE = 3
#: The number a freshly placed island gets (the wheel or a digit changes it).
DEFAULT_NUMBER = 2
#: Most versions the history keeps (older ones are dropped: an editor session is not a diary).
HISTORY_LIMIT = 2000
#: Header lines that describe one exact board (its grade, the seed that made it, who made it):
#: an edit makes them false, so they go with the first change, and come back when the board is the
#: one opened again. The title stays; the player names it.
PROVENANCE = ("difficulty", "generator", "author")
#: Added to a generated title on the first edit: the grade and seed it states are where the board
#: came from, no longer what it is ("Hard 8×8 cylinder #951009188 (edited)").
EDITED = " (edited)"


@dataclass(frozen=True)
class Draft:
    """One version of the board being edited: size, topology, island numbers by cell, header lines."""

    rows: int
    cols: int
    topology: Topology = Topology.PLANE
    numbers: tuple[tuple[Cell, int], ...] = ()
    meta: tuple[tuple[str, str], ...] = ()

    @classmethod
    def blank(cls, rows: int = 7, cols: int = 7, topology: Topology = Topology.PLANE) -> Draft:
        return cls(rows, cols, topology)

    @classmethod
    def of(cls, puzzle: Puzzle) -> Draft:
        """The draft of an existing puzzle (to edit a level file, a game ID or the puzzle being played)."""
        meta = tuple((k, v) for k, v in puzzle.meta if k != "topology")
        numbers = tuple(sorted((isl.pos, isl.number) for isl in puzzle.islands))
        return cls(puzzle.rows, puzzle.cols, puzzle.topology, numbers, meta)

    @property
    def islands(self) -> dict[Cell, int]:
        return dict(self.numbers)

    def shape_contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def number_at(self, cell: Cell) -> int:
        """The island number at ``cell``, 0 for water."""
        return self.islands.get(cell, 0)

    def with_numbers(self, numbers: dict[Cell, int]) -> Draft:
        return replace(self, numbers=tuple(sorted(numbers.items())))

    def same_board(self, other: Draft) -> bool:
        """Same size, topology and islands (the header lines aside)."""
        return (self.rows, self.cols, self.topology, self.numbers) == \
            (other.rows, other.cols, other.topology, other.numbers)

    def with_meta(self, key: str, value: str) -> Draft:
        """This draft with header ``key`` set to ``value`` (replacing an old one)."""
        return replace(self, meta=(*((k, v) for k, v in self.meta if k != key), (key, value)))

    def puzzle(self) -> Puzzle | None:
        """The draft as a Puzzle, or None while it has fewer than two islands."""
        if len(self.numbers) < 2:
            return None
        return Puzzle(Shape(self.rows, self.cols, self.topology),
                      tuple(Island(cell, n) for cell, n in self.numbers), self.meta)


def _generated_title(meta: tuple[tuple[str, str], ...]) -> bool:
    """Whether the title is the generator's name for its board ("Hard 8×8 cylinder #951009188"):
    it states the grade and the seed, so it goes with them (a curated title stays)."""
    values = dict(meta)
    seed = re.match(r"seed (\d+)", values.get("generator", ""))
    return seed is not None and values.get("title", "").endswith(f"#{seed.group(1)}")


def _edited_meta(meta: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """The header lines of a board changed from the one they describe: no grade, seed or author,
    and a generated title marked as edited (it was dropped, and the puzzle saved as "new puzzle")."""
    generated = _generated_title(meta)
    return tuple((k, f"{v}{EDITED}" if k == "title" and generated else v)
                 for k, v in meta if k not in PROVENANCE)


def _opened_meta(meta: tuple[tuple[str, str], ...],
                 origin: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """The header lines of a board changed back into the one opened (``origin`` its header): the
    provenance lines are true again, and a title only marked as edited is the original once more."""
    title = dict(origin).get("title")
    back = [(k, title if k == "title" and title is not None and v == f"{title}{EDITED}" else v)
            for k, v in meta]
    back += [(k, v) for k, v in origin if k in PROVENANCE and k not in dict(meta)]
    if dict(back) == dict(origin):
        return origin  # the very header opened, in its order: nothing is left unsaved
    return tuple(back)


class Editor:
    """The draft being edited and its history; every action returns the sentence the status line shows."""

    def __init__(self, draft: Draft | None = None) -> None:
        self.history: list[Draft] = [draft or Draft.blank()]
        self.index = 0
        #: The board as opened: a change back to it brings back the header lines an edit dropped.
        self.origin = self.history[0]

    @property
    def draft(self) -> Draft:
        return self.history[self.index]

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.history) - 1

    def _commit(self, draft: Draft) -> bool:
        """Make ``draft`` the current version (a no-op edit leaves the history alone)."""
        if draft == self.draft:
            return False
        if not draft.same_board(self.draft):
            if draft.same_board(self.origin):
                draft = replace(draft, meta=_opened_meta(draft.meta, self.origin.meta))
            else:
                draft = replace(draft, meta=_edited_meta(draft.meta))
        del self.history[self.index + 1:]
        self.history.append(draft)
        if len(self.history) > HISTORY_LIMIT:
            del self.history[0]
        self.index = len(self.history) - 1
        return True

    def apply(self, draft: Draft, what: str) -> str:
        """Replace the board with ``draft`` as one undoable edit (a suggested fix); ``what`` says what changed."""
        return f"Applied: {what}." if self._commit(draft) else "Nothing changed."

    def load(self, draft: Draft) -> str:
        """Start over on ``draft`` (opening a file or game ID): a fresh history."""
        self.history = [draft]
        self.index = 0
        self.origin = draft
        return f"Editing a {size_name(draft.cols, draft.rows)} {draft.topology.value} board."

    # -- island actions ------------------------------------------------------------------
    def toggle(self, cell: Cell, number: int = DEFAULT_NUMBER) -> str:
        """Place an island on water, or remove the island there (a click)."""
        draft = self.draft
        if not draft.shape_contains(cell):
            return "That is off the board."
        numbers = draft.islands
        where = _where(cell)
        if cell in numbers:
            n = numbers.pop(cell)
            self._commit(draft.with_numbers(numbers))
            return f"Removed the {n} at {where}."
        numbers[cell] = max(1, min(MAX_NUMBER, number))
        self._commit(draft.with_numbers(numbers))
        return f"Placed a {numbers[cell]} at {where} (wheel or 1–8 to change it)."

    def set_number(self, cell: Cell, number: int) -> str:
        """Give the island at ``cell`` a number (placing one on water)."""
        draft = self.draft
        if not draft.shape_contains(cell):
            return "That is off the board."
        if not 1 <= number <= MAX_NUMBER:
            return f"Island numbers go from 1 to {MAX_NUMBER}."
        numbers = draft.islands
        old = numbers.get(cell)
        numbers[cell] = number
        self._commit(draft.with_numbers(numbers))
        if old is None:
            return f"Placed a {number} at {_where(cell)}."
        return f"The island at {_where(cell)} now shows {number}."

    def bump(self, cell: Cell, step: int) -> str:
        """The wheel on an island: its number up or down, wrapping round 1..8."""
        n = self.draft.number_at(cell)
        if not n:
            return "Place an island first (click), then turn the wheel on it."
        return self.set_number(cell, (n - 1 + step) % MAX_NUMBER + 1)

    def remove(self, cell: Cell) -> str:
        numbers = self.draft.islands
        if cell not in numbers:
            return "There is no island there."
        n = numbers.pop(cell)
        self._commit(self.draft.with_numbers(numbers))
        return f"Removed the {n} at {_where(cell)}."

    def move(self, src: Cell, dst: Cell) -> str:
        """Move the island at ``src`` to the water at ``dst``, its number with it (a drag), as one
        undoable edit: moving an island took a removal, a placement and renumbering, three edits."""
        draft = self.draft
        numbers = draft.islands
        if src not in numbers:
            return "There is no island there."
        n = numbers[src]
        if not draft.shape_contains(dst):
            return f"The {n} stays at {_where(src)}: that is off the board."
        if dst in numbers:
            return f"The {n} stays at {_where(src)}: {_where(dst)} has an island already (a {numbers[dst]})."
        del numbers[src]
        numbers[dst] = n
        self._commit(draft.with_numbers(numbers))
        return f"Moved the {n} from {_where(src)} to {_where(dst)}."

    def clear(self) -> str:
        """Start over: no islands and no header lines (a new puzzle is not the old one's namesake)."""
        if not self.draft.numbers and not self.draft.meta:
            return "The board is already empty."
        self._commit(replace(self.draft.with_numbers({}), meta=()))
        return "Cleared the board (Undo brings the islands back)."

    # -- board actions -------------------------------------------------------------------
    def resize_refusal(self, rows: int, cols: int) -> str:
        """Why the board cannot become ``cols``×``rows`` ("" if it can). Only a side that changes is
        checked, and only in the direction it moves: a board outside the limits (a file's 2x9) can
        still be brought towards them. Nothing is ever clamped -- the editor once cut a 40x40 board
        to 30x30 at W+, the other side and its islands with it."""
        draft = self.draft
        for new, old, what in ((cols, draft.cols, "wide"), (rows, draft.rows, "tall")):
            if new > old and new > MAX_SIDE:
                return f"The board is {old} cells {what}: {MAX_SIDE} is the most (the largest board Hashi makes)."
            if new < old and new < MIN_SIDE:
                return f"The board is {old} cells {what}: {MIN_SIDE} is the least."
        return ""

    def can_resize(self, d_rows: int, d_cols: int) -> bool:
        """Whether growing or shrinking by ``d_rows``/``d_cols`` is allowed (the size buttons grey out)."""
        return not self.resize_refusal(self.draft.rows + d_rows, self.draft.cols + d_cols)

    def resize(self, rows: int, cols: int) -> str:
        """Change the board size; islands outside a smaller board are dropped, said by number (Undo
        restores them). A size past the limits is refused with the reason, the board unchanged."""
        refusal = self.resize_refusal(rows, cols)
        if refusal:
            return refusal
        draft = self.draft
        kept = {cell: n for cell, n in draft.numbers if cell[0] < rows and cell[1] < cols}
        lost = len(draft.numbers) - len(kept)
        if not self._commit(replace(draft, rows=rows, cols=cols, numbers=tuple(sorted(kept.items())))):
            return f"The board is {size_name(cols, rows)} already."
        note = f"; {lost} island{'s' if lost != 1 else ''} outside it removed (Undo brings them back)" if lost else ""
        return f"The board is now {size_name(cols, rows)}{note}."

    def set_topology(self, topology: Topology) -> str:
        if not self._commit(replace(self.draft, topology=topology)):
            return f"The board is a {topology.value} already."
        return {
            Topology.PLANE: "Plane: the edges are walls.",
            Topology.CYLINDER: "Cylinder: bridges may cross the left/right edge.",
            Topology.TORUS: "Torus: bridges may cross every edge.",
        }[topology]

    def set_title(self, title: str) -> str:
        meta = [(k, v) for k, v in self.draft.meta if k != "title"]
        if title.strip():
            meta.insert(0, ("title", " ".join(title.split())))
        self._commit(replace(self.draft, meta=tuple(meta)))
        return f"Title: {title.strip() or '(none)'}."

    # -- history -------------------------------------------------------------------------
    def undo(self) -> str:
        """Step back, naming the edit taken back ("Undone: moved the 3 from … to …."): a bare
        "Undone." left a creator guessing which of a dozen edits went, and an island undone off a
        part of a big board scrolled away, or a title, changes nothing they can see."""
        if not self.can_undo:
            return "Nothing to undo."
        self.index -= 1
        return _history_step("Undone", describe_change(self.draft, self.history[self.index + 1]))

    def redo(self) -> str:
        """Step forward, naming the edit brought back, as :meth:`undo` does."""
        if not self.can_redo:
            return "Nothing to redo."
        self.index += 1
        return _history_step("Redone", describe_change(self.history[self.index - 1], self.draft))


#: Island changes named one by one in an Undo/Redo sentence; more are counted.
NAMED_CHANGES = 3


def describe_change(before: Draft, after: Draft) -> str:
    """The edit that turned ``before`` into ``after``, in the status line's words ("moved the 3
    from row 3, column 3 to row 5, column 5", "the board 7×7 → 6×7, removed the 4 at …") -- ""
    when only header lines the editor keeps for itself changed. Worked out from the two versions,
    so every kind of edit (a click, the wheel, a drag, a fix, a resize, Clear, a title) is named
    without each one recording a sentence of its own."""
    parts: list[str] = []
    if (before.rows, before.cols) != (after.rows, after.cols):
        parts.append(f"the board {size_name(before.cols, before.rows)} → {size_name(after.cols, after.rows)}")
    if before.topology != after.topology:
        parts.append(f"{before.topology.value} → {after.topology.value}")
    old, new = before.islands, after.islands
    gone = {c: n for c, n in old.items() if c not in new}
    came = {c: n for c, n in new.items() if c not in old}
    islands: list[str] = []
    if len(gone) == 1 and len(came) == 1 and list(gone.values()) == list(came.values()):
        (src, n), (dst, _) = next(iter(gone.items())), next(iter(came.items()))
        islands.append(f"moved the {n} from {_where(src)} to {_where(dst)}")
        gone, came = {}, {}
    # "changed the 3 at row 1, column 1 to 1": it was "the island at row 1, column 1 3 → 1", the
    # column and both numbers run together.
    islands += [f"changed the {old[c]} at {_where(c)} to {new[c]}" for c in sorted(old)
                if c in new and old[c] != new[c]]
    islands += [f"placed a {n} at {_where(c)}" for c, n in sorted(came.items())]
    islands += [f"removed the {n} at {_where(c)}" for c, n in sorted(gone.items())]
    if len(islands) > NAMED_CHANGES:
        counts = [f"{k} island{'s' if k != 1 else ''} {verb}" for k, verb in
                  ((len(came), "placed"), (len(gone), "removed"),
                   (len(islands) - len(came) - len(gone), "changed")) if k]
        islands = [", ".join(counts)]
    parts += islands
    title_old, title_new = dict(before.meta).get("title"), dict(after.meta).get("title")
    if title_old != title_new:
        parts.append(f"the title {_quoted(title_old)} → {_quoted(title_new)}")
    return ", ".join(parts)


def _quoted(title: str | None) -> str:
    return f"“{title}”" if title else "(none)"


def _history_step(verb: str, what: str) -> str:
    return f"{verb}: {what}." if what else f"{verb}."


def _where(cell: Cell) -> str:
    return cell_name(cell)
