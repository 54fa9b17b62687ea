"""The editor's live verdict (pure logic): no solution, unique (and how hard), or two solutions and a fix.

The editor asks after every change; the answer comes from the complete solver, so
"unique" is proven, never guessed:

* **no solution** -- with the smallest contradiction found: an island that cannot get
  its number from its lines at all, an odd total of numbers (every bridge has two ends),
  or the contradiction the rules reach from the empty board; it names what to highlight.
* **unique** -- with the grade of the explained solve (easy / medium / hard, or "needs
  search" when the rules stall) and how often each rule fired.
* **2+ solutions** -- two of them and the lines where they differ, and (asked for
  separately, since it takes longer) :func:`suggest_fix`: one island or number change
  after which the exact counter finds exactly one solution.
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from arcade.core.grid import cell_name
from arcade.core.topology import Cell
from arcade.games.hashi import explain, solver
from arcade.games.hashi.formats import adjacent_pairs
from arcade.games.hashi.logic import MAX_BRIDGES, MAX_NUMBER, Island, Puzzle

#: What each grade says the puzzle needs, in the verdict's words.
NEEDS = {"easy": "local rules only", "medium": "isolation rules", "hard": "connectivity or trial steps",
         "search": "guessing (the rules stall; search settles it)"}


@dataclass(frozen=True)
class Verdict:
    """What the solver says about a draft. ``kind`` is "empty", "none", "unique" or "many"."""

    kind: str
    headline: str
    detail: str = ""
    #: Islands and lines to highlight (the contradiction's subject).
    islands: frozenset[int] = frozenset()
    lines: frozenset[int] = frozenset()
    #: The island of the last edit the "no solution" words lead with ("… (the last edit) standing
    #: between …"), ringed on the board apart from the contradiction's own islands: only the far end
    #: of the explanation was marked, and the player looked for the other.
    edited: frozenset[int] = frozenset()
    grade: str = ""
    #: (rule name, times it fired) in the explained solve of a unique puzzle, most used first.
    rules: tuple[tuple[str, int], ...] = ()
    #: The solutions found (one for "unique", two for "many"), bridge counts per line.
    solutions: tuple[tuple[int, ...], ...] = ()
    #: Lines whose bridge counts differ between the two solutions shown.
    differ: frozenset[int] = frozenset()
    seconds: float = 0.0

    @property
    def summary(self) -> str:
        return f"{self.headline} — {self.detail}" if self.detail else self.headline


@dataclass(frozen=True)
class Fix:
    """A change that makes a puzzle with several solutions unique (proven by the exact counter)."""

    text: str
    puzzle: Puzzle
    #: The cells the change touches (for the highlight).
    cells: tuple[Cell, ...] = field(default=())
    tried: int = 0


def find_solutions(puzzle: Puzzle, limit: int = 2, stop: Callable[[], bool] | None = None) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions by the complete search; raises :class:`solver.Stopped` when ``stop()`` says so."""
    found: list[tuple[int, ...]] = []
    engine = solver.Engine(solver.compile_puzzle(puzzle), solver.CONNECTIVITY)
    solver.Search(engine, stop=stop).run(limit, found.append)
    return found


def verdict(puzzle: Puzzle | None, stop: Callable[[], bool] | None = None, near: tuple[Cell, ...] = ()) -> Verdict:
    """The verdict on ``puzzle`` (None: the draft has fewer than two islands).

    ``stop`` is asked during the search; when it says True, :class:`solver.Stopped` is raised
    (the draft changed again, so this answer would be stale). ``near``: the cells the last edit
    changed; "no solution" is then explained by the contradiction found nearest to them.
    """
    started = time.perf_counter()
    if puzzle is None:
        return Verdict("empty", "Not a puzzle yet", "place at least two islands")
    found = find_solutions(puzzle, 2, stop)
    if not found:
        result = _no_solution(puzzle, near)
    elif len(found) == 1:
        result = _unique(puzzle, found[0])
    else:
        a, b = found
        differ = frozenset(i for i, (x, y) in enumerate(zip(a, b)) if x != y)
        result = Verdict("many", "2+ solutions",
                         f"two shown; they differ on {len(differ)} line{'s' if len(differ) != 1 else ''}",
                         solutions=(a, b), differ=differ)
    return _timed(result, started)


def _timed(result: Verdict, started: float) -> Verdict:
    return replace(result, seconds=time.perf_counter() - started)


def _unique(puzzle: Puzzle, solution: tuple[int, ...]) -> Verdict:
    log: list[solver.Event] = []
    engine = solver.Engine(solver.compile_puzzle(puzzle), solver.LOCAL, log)
    needed = solver.LOCAL
    try:
        for stage in solver.staged(engine):
            needed = max(needed, stage)
    except solver.Contradiction:  # cannot happen on a solvable board; grade it as search
        pass
    name = "search" if not engine.solved() else {solver.LOCAL: "easy", solver.ISOLATION: "medium"}.get(needed, "hard")
    counts = Counter(event.rule for event in log if event.rule != solver.GIVEN)
    rules = tuple(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    return Verdict("unique", "Unique", f"grade: {name}, needs: {NEEDS[name]}", grade=name, rules=rules,
                   solutions=(solution,))


def _distance(puzzle: Puzzle, cell: Cell, near: tuple[Cell, ...]) -> int:
    """How many rows and columns ``cell`` is from the nearest of ``near`` (round a wrapped board's edges)."""
    topology = puzzle.topology

    def apart(a: int, b: int, size: int, wraps: bool) -> int:
        d = abs(a - b)
        return min(d, size - d) if wraps else d

    return min((apart(cell[0], r, puzzle.rows, topology.wraps_rows)
                + apart(cell[1], c, puzzle.cols, topology.wraps_columns) for r, c in near), default=0)


def _no_solution(puzzle: Puzzle, near: tuple[Cell, ...] = ()) -> Verdict:
    """Explain an unsolvable board with the smallest contradiction found (one island before the whole board).

    With ``near`` (the cells of the last edit) the islands are looked at nearest first, and the
    rules start from them: the rules reach the same conclusions in any order, but the first
    contradiction they meet was wherever the board's first rows led. On ``hard/20-open-sea``
    a 2 added in the editor was blamed on a 6 five columns away; now the contradiction named is
    the one the rules meet first going out from the edit, and an edited island is named first."""
    distances = [_distance(puzzle, island.pos, near) for island in puzzle.islands]
    order = sorted(range(len(puzzle.islands)), key=distances.__getitem__)
    found = _first_contradiction(puzzle, order, distances)
    edited = [i for i in order if puzzle.islands[i].pos in near]
    if not edited or edited[0] in found.islands or not found.detail[:1].islower():
        return found
    lead = f"with {explain.island(puzzle, edited[0])} (the last edit){_standing(puzzle, edited[0])}"
    return replace(found, detail=f"{lead}, {found.detail}", edited=frozenset({edited[0]}))


def _standing(puzzle: Puzzle, i: int) -> str:
    """Which islands island ``i`` stands between, in a row or a column (it cuts the line they would
    share without it): what an island added in the editor changed for the islands around it."""
    pairs = []
    for first, second in (("W", "E"), ("N", "S")):
        a, b = puzzle.line_from(i, first), puzzle.line_from(i, second)
        if a is not None and b is not None:
            pairs.append(f"{explain.island(puzzle, puzzle.lines[a].other(i))} and "
                         f"{explain.island(puzzle, puzzle.lines[b].other(i))}")
    return f" standing between {' and between '.join(pairs)}" if pairs else ""


def _first_contradiction(puzzle: Puzzle, order: list[int], distances: list[int]) -> Verdict:
    """The first contradiction found looking at the islands in ``order``, ``distances`` from the last
    edit (see :func:`_no_solution`)."""
    for i in order:
        island = puzzle.islands[i]
        reach = MAX_BRIDGES * len(puzzle.lines_of[i])
        if island.number > reach:
            why = ("it sees no other island" if reach == 0
                   else f"its {len(puzzle.lines_of[i])} line{'s hold' if reach > 2 else ' holds'} at most {reach}")
            return Verdict("none", "No solution", f"{explain.island(puzzle, i)} needs {island.number} but {why}",
                           islands=frozenset({i}))
    total = sum(island.number for island in puzzle.islands)
    if total % 2:
        return Verdict("none", "No solution",
                       f"the numbers add up to {total}, an odd total, but every bridge has two ends",
                       islands=frozenset(range(len(puzzle.islands))))
    net = solver.compile_puzzle(puzzle)
    # Nearest first, by the simplest rules there: a contradiction two cells from the edit by the
    # isolation rule says more than one by the local rules across the board.
    tries = [(radius, stage) for radius in _radii(distances)
             for stage in (solver.LOCAL, solver.ISOLATION, solver.CONNECTIVITY)]
    for radius, stage in [*tries, (None, solver.TRIAL)]:
        found = _contradiction(puzzle, net, stage, order, distances, radius)
        if found is not None:
            return found
    return Verdict("none", "No solution", "the search tried every arrangement and none satisfies every island")


def _radii(distances: list[int]) -> list[int]:
    """How far from the last edit the rules look, step by step (see :func:`_contradiction`): near
    it cell by cell, then further in growing steps, at last the whole board."""
    far = max(distances, default=0)
    return [r for r in (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64) if r < far] + [far]


def _contradiction(puzzle: Puzzle, net: solver.Net, stage: int, order: list[int], distances: list[int],
                   radius: int | None) -> Verdict | None:
    """The contradiction the rules of ``stage`` meet using only the islands within ``radius`` of the
    last edit (None: all of them), or None. The islands further away are never taken off the
    engine's queue, so their rules are not used: a contradiction found is still one of the whole
    board (every solution meets the rules of every island), and the nearest one the rules reach."""
    engine = solver.Engine(net, min(stage, solver.CONNECTIVITY))
    engine.queue = deque(i for i in order if radius is None or distances[i] <= radius)
    try:
        engine.propagate()
        if stage == solver.TRIAL:
            engine.trial(first_only=False)
    except solver.Contradiction as exc:
        kind, subject = exc.args[0], exc.args[1]
        on_line = kind in ("cross", "empty")
        islands = frozenset() if on_line or subject < 0 else frozenset({subject})
        if kind == "closed" and subject >= 0:  # the whole finished group, not its root alone
            islands = frozenset(engine.group(subject))
        lines = frozenset({subject}) if on_line and subject >= 0 else frozenset()
        if on_line and subject >= 0:
            line = puzzle.lines[subject]
            islands = frozenset({line.a, line.b})
        rule = solver.STAGE_NAMES[stage]
        return Verdict("none", "No solution",
                       f"{explain.contradiction_text(puzzle, kind, subject)} ({rule} rules)",
                       islands=islands, lines=lines)
    return None


# -- fixes -----------------------------------------------------------------------------------
def _with(puzzle: Puzzle, numbers: dict[Cell, int]) -> Puzzle | None:
    """``puzzle`` with island numbers changed (0 removes an island; a new cell adds one); None if invalid."""
    grid = {isl.pos: isl.number for isl in puzzle.islands}
    for cell, n in numbers.items():
        if n == 0:
            grid.pop(cell, None)
        elif 1 <= n <= MAX_NUMBER:
            grid[cell] = n
        else:
            return None
    if len(grid) < 2:
        return None
    return Puzzle(puzzle.shape, tuple(Island(c, n) for c, n in sorted(grid.items())), puzzle.meta)


def _where(cell: Cell) -> str:
    return cell_name(cell)


def _touches(cell: Cell, occupied: set[Cell]) -> bool:
    """Whether an island at ``cell`` would sit beside one of ``occupied`` (as :func:`adjacent_pairs` counts)."""
    r, c = cell
    return any(n in occupied for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))


def candidates(puzzle: Puzzle, a: tuple[int, ...], b: tuple[int, ...]) -> Iterator[tuple[str, dict[Cell, int]]]:
    """Small changes worth trying, simplest first, all near the lines where the two solutions differ.

    1. an island in the middle of a differing line, carrying what one solution put there
       (both solutions' bridges would have to pass it) -- on a puzzle with no touching islands,
       on the cell nearest the middle that touches none, and one that would touch only last;
    2. one island's number moved by 2 (so the total stays even);
    3. one island removed;
    4. one solution's bridge count changed on one line, with both end numbers following
       (so that solution, edited, is still a solution of the new puzzle).
    """
    differ = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    isl = puzzle.islands
    seen: set[tuple[tuple[Cell, int], ...]] = set()

    def once(text: str, change: dict[Cell, int]) -> Iterator[tuple[str, dict[Cell, int]]]:
        key = tuple(sorted(change.items()))
        if key not in seen:
            seen.add(key)
            yield text, change

    # An island added beside another made the puzzle one Tatham's Bridges refuses, so a puzzle
    # with no touching islands lost its game ID to the fix: the cell nearest the middle of the
    # line that touches none is tried, and a touching one only after every other kind of change.
    apart = not adjacent_pairs(puzzle)
    occupied = {island.pos for island in isl}
    touching: list[tuple[str, dict[Cell, int]]] = []
    for line_index in differ:
        cells = puzzle.lines[line_index].cells
        if not cells:
            continue
        middle = cells[len(cells) // 2]
        if apart:
            free = [c for c in sorted(cells, key=lambda c: abs(cells.index(c) - len(cells) // 2))
                    if not _touches(c, occupied)]
            middle = free[0] if free else middle
        for sol in (a, b):
            n = 2 * sol[line_index]
            if not n:
                continue
            if apart and _touches(middle, occupied):
                touching.append((f"add a {n} at {_where(middle)}", {middle: n}))
            else:
                yield from once(f"add a {n} at {_where(middle)}", {middle: n})
    ends = sorted({end for i in differ for end in (puzzle.lines[i].a, puzzle.lines[i].b)})
    for i in ends:
        for delta in (2, -2):
            n = isl[i].number + delta
            if 1 <= n <= MAX_NUMBER:
                yield from once(f"change the {isl[i].number} at {_where(isl[i].pos)} to {n}", {isl[i].pos: n})
    for i in ends:
        yield from once(f"remove the {isl[i].number} at {_where(isl[i].pos)}", {isl[i].pos: 0})
    for sol in (a, b):
        for line_index in range(len(puzzle.lines)):
            line = puzzle.lines[line_index]
            if line.a not in ends and line.b not in ends:
                continue
            for count in range(MAX_BRIDGES + 1):
                delta = count - sol[line_index]
                if not delta:
                    continue
                na, nb = isl[line.a].number + delta, isl[line.b].number + delta
                if 1 <= na <= MAX_NUMBER and 1 <= nb <= MAX_NUMBER:
                    pa, pb = isl[line.a].pos, isl[line.b].pos
                    yield from once(f"change the {isl[line.a].number} at {_where(pa)} to {na} and the "
                                    f"{isl[line.b].number} at {_where(pb)} to {nb}", {pa: na, pb: nb})
    for text, change in touching:
        yield from once(text, change)


def suggest_fix(puzzle: Puzzle, a: tuple[int, ...], b: tuple[int, ...], *, budget: float = 5.0,
                cancelled: Callable[[], bool] = lambda: False) -> Fix | None:
    """The first small change (see :func:`candidates`) after which the puzzle has exactly one solution.

    Each candidate is checked with the exact solution counter, so a returned fix is proven.
    Gives up (None) after ``budget`` seconds or as soon as ``cancelled()`` says the draft changed.
    """
    deadline = time.perf_counter() + budget

    def stop() -> bool:
        return cancelled() or time.perf_counter() > deadline

    tried = 0
    for text, change in candidates(puzzle, a, b):
        if stop():
            return None
        fixed = _with(puzzle, change)
        if fixed is None:
            continue
        tried += 1
        try:
            count = len(find_solutions(fixed, 2, stop))
        except solver.Stopped:
            return None
        if count == 1:
            return Fix(text[:1].upper() + text[1:], fixed, tuple(change), tried)
    return None
