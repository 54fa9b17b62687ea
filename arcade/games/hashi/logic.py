"""Hashi rules (pure logic): islands, candidate lines, bridges, moves, validation and the win test.

A :class:`Puzzle` is the level: a board :class:`~arcade.core.topology.Shape` (plane,
cylinder or torus) with numbered islands. From it we derive the *lines* -- every
straight, unobstructed segment between two islands that see each other (adjacent islands
included; on wrapped boards a line may cross the seam, and two islands in the same row
of a cylinder can be joined both ways round) -- and which lines cross. A :class:`State`
holds 0, 1 or 2 bridges per line plus the player's "no bridge here" marks and locked
islands. Moves are small values with a text form (``set 3 4 E 2``) so a save is a list
of lines and a hint is just a move.

Any arrangement that satisfies the rules wins: ``outcome`` never compares against a
stored solution (the seed program's bug).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from arcade.core.errors import IllegalMove, quoted
from arcade.core.game import Outcome, PuzzleRules
from arcade.core.grid import DisjointSet, cell_name, line_of_sight, size_name
from arcade.core.topology import Cell, Shape, Topology
from arcade.core.words import plural

MAX_BRIDGES = 2
MAX_NUMBER = 8
#: The largest board side Hashi makes: the "New board" dialog, the generator and the editor's
#: size buttons share it, so a board one of them makes the others take. It is the size the game
#: is measured at (a drag on 40x40, generating 40x40 hard, the editor's live verdict): the editor
#: once allowed only 30 and cut a 40x40 board it opened to 30x30 at the first size button.
MAX_SIDE = 40
#: The largest board side a file may have (``formats``): bigger than what Hashi makes, because
#: puzzles from elsewhere (collections, Tatham IDs, CLLV sets) are solved and played as they come;
#: the editor opens them too and its size buttons only bring them towards :data:`MAX_SIDE`.
MAX_FILE_SIDE = 200

#: Direction letters and their (d_row, d_col); lines are stored going E or S from their first island.
DIRS: dict[str, Cell] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
DIR_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}

IslandStatus = Literal["short", "done", "over"]


@dataclass(frozen=True)
class Island:
    """An island: its 0-based (row, column) and its number, the bridges it needs (1-8)."""

    pos: Cell
    number: int


@dataclass(frozen=True)
class Line:
    """A place where bridges can go: from island ``a`` going ``direction`` (E or S) to island ``b``."""

    index: int
    a: int
    b: int
    direction: Literal["E", "S"]
    cells: tuple[Cell, ...]
    wraps: bool

    @property
    def horizontal(self) -> bool:
        return self.direction == "E"

    def other(self, island: int) -> int:
        return self.b if island == self.a else self.a


@dataclass(frozen=True)
class Puzzle:
    """A Hashi level. ``meta`` holds ``# key: value`` header pairs (title, author, difficulty...)."""

    shape: Shape
    islands: tuple[Island, ...]
    meta: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        seen: set[Cell] = set()
        for island in self.islands:
            if not self.shape.contains(island.pos):
                raise ValueError(f"island {island.pos} is off the {size_name(self.shape.cols, self.shape.rows)} board")
            if not 1 <= island.number <= MAX_NUMBER:
                raise ValueError(f"island {island.pos} has number {island.number}, expected 1-{MAX_NUMBER}")
            if island.pos in seen:
                raise ValueError(f"two islands share the cell {island.pos}")
            seen.add(island.pos)

    @classmethod
    def from_grid(
        cls,
        numbers: Sequence[Sequence[int]],
        topology: Topology = Topology.PLANE,
        meta: Sequence[tuple[str, str]] = (),
    ) -> Puzzle:
        """Build from a rows x cols grid of ints, 0 meaning no island."""
        rows, cols = len(numbers), len(numbers[0]) if numbers else 0
        islands = tuple(
            Island((r, c), n) for r in range(rows) for c in range(cols) if (n := numbers[r][c])
        )
        return cls(Shape(rows, cols, topology), islands, tuple(meta))

    def to_grid(self) -> list[list[int]]:
        """The numbers as a rows x cols grid, 0 for water (the inverse of :meth:`from_grid`)."""
        grid = [[0] * self.cols for _ in range(self.rows)]
        for island in self.islands:
            grid[island.pos[0]][island.pos[1]] = island.number
        return grid

    # -- derived structure (computed once per puzzle) ------------------------------------
    @property
    def rows(self) -> int:
        return self.shape.rows

    @property
    def cols(self) -> int:
        return self.shape.cols

    @property
    def topology(self) -> Topology:
        return self.shape.topology

    @cached_property
    def island_at(self) -> dict[Cell, int]:
        """Island index by cell."""
        return {island.pos: i for i, island in enumerate(self.islands)}

    @cached_property
    def lines(self) -> tuple[Line, ...]:
        """Every candidate line, each found once by looking E and S from every island."""
        found: list[Line] = []
        at = self.island_at
        for i, island in enumerate(self.islands):
            for letter in ("E", "S"):
                sight = line_of_sight(self.shape, island.pos, DIRS[letter], at.__contains__)
                if sight is None:
                    continue
                found.append(Line(len(found), i, at[sight.target], letter, sight.between, sight.wraps))  # type: ignore[arg-type]
        return tuple(found)

    @cached_property
    def lines_of(self) -> tuple[tuple[tuple[int, str], ...], ...]:
        """Per island: (line index, direction letter seen from that island)."""
        per: list[list[tuple[int, str]]] = [[] for _ in self.islands]
        for line in self.lines:
            per[line.a].append((line.index, line.direction))
            per[line.b].append((line.index, OPPOSITE[line.direction]))
        return tuple(tuple(p) for p in per)

    @cached_property
    def crossings(self) -> tuple[tuple[int, ...], ...]:
        """Per line: the lines it crosses (a horizontal and a vertical sharing a cell)."""
        crossing: list[set[int]] = [set() for _ in self.lines]
        for indices in self.cell_lines.values():
            for x in indices:
                for y in indices:
                    if x != y and self.lines[x].horizontal != self.lines[y].horizontal:
                        crossing[x].add(y)
        return tuple(tuple(sorted(s)) for s in crossing)

    @cached_property
    def cell_lines(self) -> dict[Cell, tuple[int, ...]]:
        """Lines passing through each empty cell (for drawing and hit-testing)."""
        by_cell: dict[Cell, list[int]] = {}
        for line in self.lines:
            for cell in line.cells:
                by_cell.setdefault(cell, []).append(line.index)
        return {cell: tuple(v) for cell, v in by_cell.items()}

    def line_from(self, island: int, letter: str) -> int | None:
        """The line leaving ``island`` in direction ``letter`` (N/E/S/W), if any."""
        for index, d in self.lines_of[island]:
            if d == letter:
                return index
        return None

    def line_between(self, a: int, b: int) -> list[int]:
        """Lines joining two islands (two on a wrapped row or column with only those islands)."""
        return [i for i, _ in self.lines_of[a] if self.lines[i].other(a) == b]

    @cached_property
    def twins(self) -> tuple[tuple[int, ...], ...]:
        """Per line: the other lines joining the same two islands -- the way round a wrapped row or
        column holding only those two. The rules allow at most 2 bridges between the same pair,
        whichever ways they go (both routes were filled, 4 bridges between one pair)."""
        return tuple(tuple(i for i in self.line_between(line.a, line.b) if i != line.index)
                     for line in self.lines)

    def describe(self, island: int) -> str:
        """How messages name an island: its number and 1-based row/column."""
        isl = self.islands[island]
        return f"the {isl.number} at {cell_name(isl.pos)}"

    def describe_line(self, line: int) -> str:
        """How messages name a line: its two islands (and "round the edge" when it wraps)."""
        ln = self.lines[line]
        edge = " round the edge" if ln.wraps else ""
        return f"{self.describe(ln.a)} and {self.describe(ln.b)}{edge}"

    def meta_value(self, key: str, default: str = "") -> str:
        for k, v in self.meta:
            if k == key:
                return v
        return default

    @property
    def title(self) -> str:
        return self.meta_value("title")


def line_move(puzzle: Puzzle, line: int, count: int) -> Move:
    """The move that sets ``line`` to ``count`` bridges, named from its first island."""
    ln = puzzle.lines[line]
    return Move("set", puzzle.islands[ln.a].pos, ln.direction, count)


def mark_move(puzzle: Puzzle, line: int, on: bool = True) -> Move:
    """The move that marks (or unmarks) ``line`` as "no bridge here"."""
    ln = puzzle.lines[line]
    return Move("mark" if on else "unmark", puzzle.islands[ln.a].pos, ln.direction)


@dataclass(frozen=True)
class Move:
    """``set`` bridges on a line to ``count``, ``mark``/``unmark`` it as "no bridge", ``lock``/``unlock`` an island.

    Lines are named by an island and a direction, so a move reads well and never depends
    on internal numbering: ``set 3 4 E 2``, ``mark 0 0 S``, ``lock 5 2``. Any of the line's
    two ends may be used; it is resolved when applied.
    """

    kind: Literal["set", "mark", "unmark", "lock", "unlock"]
    pos: Cell
    direction: str = ""
    count: int = 0

    def __str__(self) -> str:
        r, c = self.pos
        if self.kind == "set":
            return f"set {r} {c} {self.direction} {self.count}"
        if self.kind in ("mark", "unmark"):
            return f"{self.kind} {r} {c} {self.direction}"
        return f"{self.kind} {r} {c}"

    @classmethod
    def parse(cls, text: str) -> Move:
        parts = text.split()
        if not parts:
            raise IllegalMove("empty move")
        kind = parts[0].lower()
        try:
            if kind == "set" and len(parts) == 5:
                move = cls("set", (int(parts[1]), int(parts[2])), parts[3].upper(), int(parts[4]))
            elif kind in ("mark", "unmark") and len(parts) == 4:
                move = cls(kind, (int(parts[1]), int(parts[2])), parts[3].upper())  # type: ignore[arg-type]
            elif kind in ("lock", "unlock") and len(parts) == 3:
                move = cls(kind, (int(parts[1]), int(parts[2])))  # type: ignore[arg-type]
            else:
                raise ValueError
        except ValueError:
            raise IllegalMove(
                f"not a Hashi move: {quoted(text)} (expected 'set R C DIR N', 'mark R C DIR', 'lock R C', ...)"
            ) from None
        if kind != "lock" and kind != "unlock" and move.direction not in DIRS:
            raise IllegalMove(f"direction must be N, E, S or W in {quoted(text)}")
        return move


@dataclass(frozen=True)
class Analysis:
    """Everything live validation shows, computed once per state (see :attr:`State.analysis`)."""

    #: "short" / "done" / "over" per island.
    status: tuple[IslandStatus, ...]
    #: Islands that can no longer reach their number, whatever is built from here.
    stuck: frozenset[int]
    #: Islands of finished groups that are cut off from the rest of the network.
    closed: frozenset[int]
    #: Lines that carry bridges and cross another line with bridges (only in hand-built states).
    crossed: frozenset[int]
    #: How many islands have exactly their number of bridges.
    done: int

    @property
    def over(self) -> frozenset[int]:
        return frozenset(i for i, s in enumerate(self.status) if s == "over")


@dataclass(frozen=True)
class State:
    """Bridges per line (0-2), "no bridge" marks on lines, and islands the player locked as finished."""

    puzzle: Puzzle
    bridges: tuple[int, ...]
    marks: frozenset[int] = field(default_factory=frozenset)
    locks: frozenset[int] = field(default_factory=frozenset)

    @classmethod
    def empty(cls, puzzle: Puzzle) -> State:
        return cls(puzzle, (0,) * len(puzzle.lines))

    @property
    def level(self) -> Puzzle:
        return self.puzzle

    # -- derived facts ------------------------------------------------------------------
    @cached_property
    def degrees(self) -> tuple[int, ...]:
        """Bridges touching each island."""
        deg = [0] * len(self.puzzle.islands)
        for line, n in zip(self.puzzle.lines, self.bridges):
            if n:
                deg[line.a] += n
                deg[line.b] += n
        return tuple(deg)

    def status(self, island: int) -> IslandStatus:
        need = self.puzzle.islands[island].number
        have = self.degrees[island]
        return "short" if have < need else "done" if have == need else "over"

    def missing(self, island: int) -> int:
        """Bridges the island still needs (0 when done or over-full)."""
        return max(0, self.puzzle.islands[island].number - self.degrees[island])

    def blocked_by(self, line: int) -> int | None:
        """A line with bridges that crosses ``line``, if any."""
        for other in self.puzzle.crossings[line]:
            if self.bridges[other]:
                return other
        return None

    def capacity(self, line: int) -> int:
        """How many more bridges ``line`` could take without crossing or exceeding 2 between its two
        islands, both ways round counted (marks count as 0)."""
        if line in self.marks or self.blocked_by(line) is not None:
            return 0
        return MAX_BRIDGES - self.bridges[line] - sum(self.bridges[t] for t in self.puzzle.twins[line])

    @cached_property
    def components(self) -> list[list[int]]:
        """Groups of islands joined by bridges."""
        groups = DisjointSet(range(len(self.puzzle.islands)))
        for line, n in zip(self.puzzle.lines, self.bridges):
            if n:
                groups.union(line.a, line.b)
        return groups.groups()

    @property
    def connected(self) -> bool:
        return len(self.components) <= 1

    def stuck(self, island: int) -> bool:
        """True if the island can no longer reach its number: even filling every open line falls short.

        A line can add at most its free capacity (2 minus what it holds, 0 if marked or
        crossed by a bridge) and no more than the island at its other end still needs.
        """
        p = self.puzzle
        room = 0
        for index, _ in p.lines_of[island]:
            room += min(self.capacity(index), self.missing(p.lines[index].other(island)))
        return self.degrees[island] + room < p.islands[island].number

    def closed_groups(self) -> list[list[int]]:
        """Finished groups that are not the whole network: every island complete, yet cut off."""
        if len(self.components) <= 1:
            return []
        return [g for g in self.components if all(self.status(i) == "done" for i in g)]

    @cached_property
    def crossed_lines(self) -> frozenset[int]:
        """Lines with bridges that cross another line with bridges (``apply`` never makes these)."""
        return frozenset(
            i for i, n in enumerate(self.bridges) if n and self.blocked_by(i) is not None
        )

    @cached_property
    def analysis(self) -> Analysis:
        """Live validation in one object: what the view colours and the status line explains."""
        status = tuple(self.status(i) for i in range(len(self.puzzle.islands)))
        stuck = frozenset(i for i, s in enumerate(status) if s == "short" and self.stuck(i))
        closed = frozenset(i for group in self.closed_groups() for i in group)
        return Analysis(status, stuck, closed, self.crossed_lines, status.count("done"))

    @property
    def valid(self) -> bool:
        """No pair of islands is joined by more than 2 bridges (both ways round a wrapped row
        counted) and no two bridges cross."""
        twins = self.puzzle.twins
        return (all(n >= 0 and n + sum(self.bridges[t] for t in twins[i]) <= MAX_BRIDGES
                    for i, n in enumerate(self.bridges))
                and not self.crossed_lines)

    @cached_property
    def complete(self) -> bool:
        """The win test: every island has exactly its number, nothing crosses, one connected network."""
        return (
            all(d == i.number for d, i in zip(self.degrees, self.puzzle.islands))
            and self.valid
            and self.connected
        )

    def problems(self) -> list[str]:
        """Why the board is not (yet) a solution, most urgent first, in words for the status line."""
        p = self.puzzle
        a = self.analysis
        out: list[str] = []
        for line in sorted(a.crossed):
            out.append(f"Bridges cross between {p.describe_line(line)}.")
        for i in sorted(a.over):
            out.append(f"{_cap(p.describe(i))} has {plural(self.degrees[i], 'bridge')} — too many.")
        for i in sorted(a.stuck):
            out.append(f"{_cap(p.describe(i))} can no longer get {plural(p.islands[i].number, 'bridge')}.")
        for group in self.closed_groups():
            out.append(f"A finished group of {len(group)} islands is cut off from the rest "
                       f"(it includes {p.describe(min(group))}).")
        if not out and all(s == "done" for s in a.status) and not self.connected:
            out.append(f"Every island is satisfied but the network is in {len(self.components)} pieces.")
        return out

    def bridge_list(self) -> list[tuple[int, int, int, int, int]]:
        """Bridges as ``(r1, c1, r2, c2, n)``, 0-based, in line order (the solution file format)."""
        out = []
        for line, n in zip(self.puzzle.lines, self.bridges):
            if n:
                a, b = self.puzzle.islands[line.a].pos, self.puzzle.islands[line.b].pos
                out.append((a[0], a[1], b[0], b[1], n))
        return out

    def __str__(self) -> str:
        """ASCII board, Tatham's convention: ``-``/``=`` horizontal, ``|``/``"`` vertical, ``.`` empty.

        A "no bridge" mark shows as ``x`` in the line's cells. Bridges between adjacent
        islands have no cell to show them in, so they are listed under the board.
        """
        p = self.puzzle
        grid = [["."] * p.cols for _ in range(p.rows)]
        for island in p.islands:
            grid[island.pos[0]][island.pos[1]] = str(island.number)
        for line in sorted(self.marks):
            for r, c in p.lines[line].cells:
                if grid[r][c] == ".":
                    grid[r][c] = "x"
        footer = []
        for line, n in zip(p.lines, self.bridges):
            if n:
                ch = ("-" if n == 1 else "=") if line.horizontal else ("|" if n == 1 else '"')
                for r, c in line.cells:
                    grid[r][c] = ch
                if not line.cells:
                    (r1, c1), (r2, c2) = p.islands[line.a].pos, p.islands[line.b].pos
                    footer.append(f"{r1} {c1} {r2} {c2} {n}")
        text = "\n".join("".join(row) for row in grid)
        if footer:
            text += "\nbridges between adjacent islands: " + "; ".join(footer)
        return text


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class HashiRules(PuzzleRules[Puzzle, State, Move]):
    """Hashi for the framework: levels are :class:`Puzzle`, moves set or mark a line's bridges. The
    formats are imported late, so loading the rules for a contract test or a hint stays cheap.
    """
    name = "hashi"
    level_pattern = "*.txt"
    level_forms = "a game ID like 7x7:a3d31g5a..."
    #: A torus is another puzzle than the plane with the same islands (see :meth:`Rules.board_text`).
    board_headers = ("topology",)

    def parse_level(self, text: str, source: str = "<string>") -> Puzzle:
        from arcade.games.hashi.formats import parse_puzzle

        return parse_puzzle(text, source)

    def format_level(self, level: Puzzle) -> str:
        from arcade.games.hashi.formats import format_level

        return format_level(level)

    def initial_state(self, level: Puzzle, seed: int = 0) -> State:
        return State.empty(level)

    def resolve_line(self, state: State, move: Move) -> int:
        """The line a ``set``/``mark`` move names, or IllegalMove saying why there is none."""
        p = state.puzzle
        island = p.island_at.get(move.pos)
        if island is None:
            raise IllegalMove(f"there is no island at {cell_name(move.pos)}")
        if move.direction not in DIRS:
            raise IllegalMove(f"direction must be N, E, S or W, not {move.direction!r}")
        line = p.line_from(island, move.direction)
        if line is None:
            raise IllegalMove(f"{_cap(p.describe(island))} sees no island to the {DIR_WORDS[move.direction]}")
        return line

    def apply(self, state: State, move: Move) -> State:
        p = state.puzzle
        if move.kind in ("lock", "unlock"):
            island = p.island_at.get(move.pos)
            if island is None:
                raise IllegalMove(f"there is no island at {cell_name(move.pos)}")
            locks = state.locks | {island} if move.kind == "lock" else state.locks - {island}
            return State(p, state.bridges, state.marks, frozenset(locks))
        if move.kind not in ("set", "mark", "unmark"):
            raise IllegalMove(f"unknown move kind {move.kind!r}")
        line_index = self.resolve_line(state, move)
        line = p.lines[line_index]
        for end in (line.a, line.b):
            if end in state.locks:
                raise IllegalMove(f"{_cap(p.describe(end))} is locked as finished — click it to unlock")
        if move.kind in ("mark", "unmark"):
            if move.kind == "mark" and state.bridges[line_index]:
                raise IllegalMove("remove the bridges before marking 'no bridge here'")
            marks = state.marks | {line_index} if move.kind == "mark" else state.marks - {line_index}
            return State(p, state.bridges, frozenset(marks), state.locks)
        if not 0 <= move.count <= MAX_BRIDGES:
            raise IllegalMove(f"at most {MAX_BRIDGES} bridges can join two islands, not {move.count}")
        if move.count and line_index in state.marks:
            raise IllegalMove("this line is marked 'no bridge here' — remove the mark first")
        if move.count:
            other = state.blocked_by(line_index)
            if other is not None:
                raise IllegalMove(f"it would cross the bridge between {p.describe_line(other)}")
            round_the_other_way = sum(state.bridges[t] for t in p.twins[line_index])
            if move.count + round_the_other_way > MAX_BRIDGES:
                raise IllegalMove(f"at most {MAX_BRIDGES} bridges can join two islands, and these two already "
                                  f"have {round_the_other_way} the other way round")
        bridges = list(state.bridges)
        bridges[line_index] = move.count
        return State(p, tuple(bridges), state.marks, state.locks)

    def legal_moves(self, state: State) -> list[Move]:
        if state.complete:
            return []
        p = state.puzzle
        moves: list[Move] = []
        for line in p.lines:
            a = p.islands[line.a].pos
            if line.a in state.locks or line.b in state.locks:
                continue
            other_way = sum(state.bridges[t] for t in p.twins[line.index])
            for n in range(MAX_BRIDGES + 1 - other_way):  # at most 2 for the pair, both ways round
                if n == state.bridges[line.index]:
                    continue
                if n and (line.index in state.marks or state.blocked_by(line.index) is not None):
                    continue
                moves.append(Move("set", a, line.direction, n))
            if not state.bridges[line.index]:
                kind = "unmark" if line.index in state.marks else "mark"
                moves.append(Move(kind, a, line.direction))  # type: ignore[arg-type]
        for i, island in enumerate(p.islands):
            moves.append(Move("unlock" if i in state.locks else "lock", island.pos))
        return moves

    def encode_move(self, move: Move) -> str:
        return str(move)

    def decode_move(self, text: str) -> Move:
        return Move.parse(text)

    def outcome(self, state: State) -> Outcome | None:
        if state.complete:
            n = len(state.puzzle.islands)
            return Outcome("win", f"All {n} islands are satisfied and connected.")
        return None


RULES = HashiRules()


def describe_move(before: State, move: Move, after: State) -> str:
    """A move in words, as Undo and Redo name it: "the bridge between the 3 at row 2, column 4 and
    the 2 at row 2, column 7", "the second bridge between …", "taking away the bridges between …",
    "the 'no bridge' mark between …", "locking the 3 at row 2, column 4 as finished"."""
    p = before.puzzle
    if move.kind in ("lock", "unlock"):
        island = p.island_at.get(move.pos)
        if island is None:
            return ""
        return f"{'locking' if move.kind == 'lock' else 'unlocking'} {p.describe(island)}" + (
            " as finished" if move.kind == "lock" else "")
    try:
        line = RULES.resolve_line(before, move)
    except IllegalMove:
        return ""
    between = f"between {p.describe_line(line)}"
    if move.kind == "mark":
        return f"the 'no bridge' mark {between}"
    if move.kind == "unmark":
        return f"taking away the 'no bridge' mark {between}"
    was, now = before.bridges[line], after.bridges[line]
    if now > was:
        return f"{'the bridges' if now - was == 2 else 'the second bridge' if was else 'the bridge'} {between}"
    if now < was:
        return f"taking away {'the bridges' if was - now == 2 else 'a bridge'} {between}"
    return ""
