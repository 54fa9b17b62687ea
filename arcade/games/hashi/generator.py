"""Hashi generator (pure logic): seed 003's island-growing layout, proven unique and graded by the solver.

Layout (after the Java applet in ``seeds/003_...``): a random start island; a stack of
islands under construction; from the island on top, one attempt in each of the four
directions in random order; a bridge is grown cell by cell until a stop chance that
depends on the difficulty (harder = shorter bridges = denser boards) fires, the edge is
reached or, on easy and medium, it would come near another island; it carries 1 or 2
bridges; on hard it may end on an existing island instead of creating one. An island
whose four directions are tried leaves the stack. Columns wrap on a cylinder, rows and
columns on a torus, so bridges may cross the seams.

``no_touching`` keeps every new island off the sides of the others on every difficulty (hard
normally lets islands touch): Simon Tatham's Bridges refuses boards with orthogonally
adjacent islands, so ``generate --format tatham`` asks for it. Repairs never move islands,
so the finished puzzle keeps the property.

The layout comes with its own solution, but that proves nothing: the solver grades the
puzzle with its staged rules (which also proves it unique when they finish) and the
generator *repairs* a layout where deduction gets stuck or where it is too easy, by
small local changes to the hidden solution near the trouble, before giving up on it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from arcade.core.errors import ArcadeError, UsageError
from arcade.core.grid import DisjointSet, size_name
from arcade.core.rng import derive_seed, make_rng
from arcade.core.topology import Cell, Shape, Topology
from arcade.games.hashi import solver
from arcade.games.hashi.logic import DIRS, MAX_BRIDGES, MAX_NUMBER, MAX_SIDE, Puzzle

DIFFICULTIES = ("easy", "medium", "hard")
#: The smallest board the generator makes (the largest is the game's, ``logic.MAX_SIDE``).
MIN_SIDE = 5

#: Chance per cell that a growing bridge stops (before the density factor), and the chance
#: of a double bridge, per difficulty. Harder boards get shorter bridges, hence more islands.
STOP_CHANCE = {"easy": 0.22, "medium": 0.3, "hard": 0.38}
DOUBLE_CHANCE = {"easy": 0.35, "medium": 0.45, "hard": 0.5}
#: Easy and medium never let a new bridge reach an island closer than this (seed 003's rule).
NEAR = 4

_EMPTY, _ISLAND, _HORIZONTAL, _VERTICAL = 0, 1, 2, 3
_DIR_ORDER = ("N", "E", "S", "W")


@dataclass(frozen=True)
class Layout:
    """A board with islands and the generator's own bridges: ``bridges`` maps (cell, E/S) to a count."""

    shape: Shape
    numbers: dict[Cell, int]
    bridges: dict[tuple[Cell, str], int]

    def puzzle(self, meta: tuple[tuple[str, str], ...] = ()) -> Puzzle:
        grid = [[0] * self.shape.cols for _ in range(self.shape.rows)]
        for (r, c), n in self.numbers.items():
            grid[r][c] = n
        return Puzzle.from_grid(grid, self.shape.topology, meta)

    def solution(self, puzzle: Puzzle) -> tuple[int, ...]:
        """The generator's bridges as counts per line of ``puzzle``."""
        counts = [0] * len(puzzle.lines)
        at = puzzle.island_at
        for (cell, letter), n in self.bridges.items():
            line = puzzle.line_from(at[cell], letter)
            assert line is not None, (cell, letter)
            counts[line] = n
        return tuple(counts)


def grow_layout(shape: Shape, difficulty: str, rng: random.Random, density: float = 1.0,
                no_touching: bool = False) -> Layout:
    """Seed 003's algorithm: grow islands and bridges from a random start with a stack.

    ``no_touching``: no island is placed beside another (hard boards otherwise allow it).
    """
    return _Growth(shape, difficulty, rng, density, no_touching).grow()


class _Growth:
    """One run of :func:`grow_layout`: the board so far and the stack of islands under construction.

    Every random draw happens in the same order as in seed 003's single loop, so a seed keeps
    giving the same board (the bundled packs are reproducible from the seeds in their headers).
    """

    def __init__(self, shape: Shape, difficulty: str, rng: random.Random, density: float,
                 no_touching: bool) -> None:
        self.shape = shape
        self.rng = rng
        self.kind = [[_EMPTY] * shape.cols for _ in range(shape.rows)]
        self.numbers: dict[Cell, int] = {}
        self.bridges: dict[tuple[Cell, str], int] = {}
        #: Bridges per pair of islands: both ways round a wrapped row count together (at most 2).
        self.joined: dict[frozenset[Cell], int] = {}
        self.stack: list[tuple[Cell, list[str]]] = []
        self.stop = min(0.95, STOP_CHANCE[difficulty] * density)
        self.double = DOUBLE_CHANCE[difficulty]
        self.join = difficulty == "hard"
        self.apart = not self.join or no_touching  # new islands must keep off other islands' sides

    def grow(self) -> Layout:
        """From a random start, one attempt per direction of the island on top of the stack."""
        rng = self.rng
        self._add_island((rng.randrange(self.shape.rows), rng.randrange(self.shape.cols)))
        stack = self.stack
        while stack:
            cell, untried = stack[-1]
            if not untried:
                stack.pop()
                continue
            letter = untried.pop()
            path, hit = self._water_ahead(cell, DIRS[letter])
            reach = self._bridge_end(cell, path, hit)
            if reach is None:
                continue
            end, k = reach
            count = self._bridge_count(cell, end)
            if count:
                self._build(cell, letter, end, path[:k], count)
        return Layout(self.shape, {c: n for c, n in self.numbers.items() if n}, self.bridges)

    def _add_island(self, cell: Cell) -> None:
        """A new island with no bridge yet, on top of the stack with its directions in random order."""
        self.kind[cell[0]][cell[1]] = _ISLAND
        self.numbers[cell] = 0
        self.stack.append((cell, self.rng.sample(_DIR_ORDER, 4)))

    def _water_ahead(self, cell: Cell, d: tuple[int, int]) -> tuple[list[Cell], Cell | None]:
        """The free water cells straight ahead of ``cell``, and the cell that ends them (None: the edge)."""
        kind = self.kind
        path: list[Cell] = []
        for nxt in self.shape.ray(cell, d):
            if kind[nxt[0]][nxt[1]] != _EMPTY:
                return path, nxt
            path.append(nxt)
        return path, None

    def _bridge_end(self, cell: Cell, path: list[Cell], hit: Cell | None) -> tuple[Cell, int] | None:
        """Where a bridge from ``cell`` along ``path`` ends and how many water cells it covers, or None.

        The bridge grows cell by cell until the stop chance fires; the new island sits at
        ``path[k]`` and the bridge covers ``path[:k]``. On hard a bridge that runs into an
        island joins it; easy and medium (and ``no_touching``) keep new islands off other
        islands' sides, looking further along if needed.
        """
        kind, join, rng = self.kind, self.join, self.rng
        hit_island = hit is not None and kind[hit[0]][hit[1]] == _ISLAND
        if not join and hit_island and len(path) < NEAR:
            return None  # another island is too near in this direction
        if len(path) < 2 and not (join and hit_island and path):
            return None  # no room for at least one water cell and a new island
        k = 1
        while k + 1 < len(path) and rng.random() >= self.stop:
            k += 1
        if join and hit_island and k + 1 >= len(path):
            assert hit is not None
            return (hit, len(path)) if hit != cell else None  # ran into an existing island: join it
        while k < len(path):
            candidate = path[k]
            if not self.apart or not self._island_beside(candidate, path[k - 1]):
                return candidate, k  # water, so never ``cell`` itself
            k += 1
        return None

    def _island_beside(self, cell: Cell, skip: Cell) -> bool:
        kind = self.kind
        return any(n != skip and kind[n[0]][n[1]] == _ISLAND for n in self.shape.neighbours(cell))

    def _bridge_count(self, cell: Cell, end: Cell) -> int:
        """1 or 2 bridges (by the difficulty's double chance), fewer if the pair or a number is full; 0: none."""
        count = 2 if self.rng.random() < self.double else 1
        count = min(count, MAX_BRIDGES - self.joined.get(frozenset((cell, end)), 0))
        if count <= 0:
            return 0  # these two are joined twice already, the other way round
        numbers = self.numbers
        if numbers[cell] + count > MAX_NUMBER or numbers.get(end, 0) + count > MAX_NUMBER:
            count = 1
            if numbers[cell] + 1 > MAX_NUMBER or numbers.get(end, 0) + 1 > MAX_NUMBER:
                return 0
        return count

    def _build(self, cell: Cell, letter: str, end: Cell, water: list[Cell], count: int) -> None:
        """``count`` bridges from ``cell`` towards ``letter`` over ``water`` to ``end`` (a new island
        if nothing stands there yet)."""
        mark = _HORIZONTAL if letter in "EW" else _VERTICAL
        for r, c in water:
            self.kind[r][c] = mark
        # Record the bridge from the end that looks E or S at the other.
        if letter in "ES":
            self.bridges[(cell, letter)] = count
        else:
            self.bridges[(end, "E" if letter == "W" else "S")] = count
        self.numbers[cell] += count
        pair = frozenset((cell, end))
        self.joined[pair] = self.joined.get(pair, 0) + count
        if end not in self.numbers:
            self._add_island(end)
        self.numbers[end] += count


# -- uniqueness and grade by repair ---------------------------------------------------------
#: Nodes (in 64s) the search for a second solution may take while a layout is repaired: on hard
#: 30x30 boards at density 4 that search ran for minutes, and ``generate`` seemed to hang.
KILLER_CHECKS = 10


class _Board:
    """A layout under repair: fixed geometry (lines, crossings) with a hidden solution per line.

    Every change keeps the hidden solution valid (numbers follow the bridges, the network
    stays connected, nothing crosses), so whatever the solver concludes is about a real
    puzzle with at least that solution.
    """

    def __init__(self, puzzle: Puzzle, solution: tuple[int, ...]) -> None:
        self.puzzle = puzzle
        self.net = solver.Net(puzzle)
        self.solution = list(solution)
        self.need = list(self.net.need)
        # Counts each line had before a change: never go back (repairs must not oscillate).
        self.left: set[tuple[int, int]] = set()
        self._needed_cache: set[int] | None = None

    def engine(self, stage: int) -> solver.Engine:
        self.net.need = self.need
        return solver.Engine(self.net, stage)

    def assess(self, target: str) -> tuple[str, solver.Engine]:
        """``"ok"``, ``"easy"`` (solved by weaker rules than the target) or ``"stuck"``, with the engine.

        Trials (the expensive part of "hard") are left to :meth:`finish_hard`, which the
        caller runs only once the puzzle is known to be unique.
        """
        wanted = DIFFICULTIES.index(target)
        engine = self.engine(solver.LOCAL)
        for level, stage in enumerate((solver.LOCAL, solver.ISOLATION, solver.CONNECTIVITY)):
            engine.stage = stage
            engine.propagate()
            if engine.solved():
                return ("ok" if level == wanted else "easy"), engine
            if level == wanted:
                return "stuck", engine
        return "stuck", engine

    @staticmethod
    def finish_hard(engine: solver.Engine) -> bool:
        """Trials to a fixpoint; True if that settles every line."""
        engine.stage = solver.CONNECTIVITY
        while not engine.solved() and engine.trial(first_only=False):
            engine.propagate()
        return engine.solved()

    def _needed(self) -> set[int]:
        """Lines whose bridges hold the hidden solution's network together (its graph bridges)."""
        if self._needed_cache is None:
            net, sol = self.net, self.solution
            adj: list[list[tuple[int, int]]] = [[] for _ in range(net.n)]
            for x, count in enumerate(sol):
                if count:
                    adj[net.a[x]].append((x, net.b[x]))
                    adj[net.b[x]].append((x, net.a[x]))
            disc = [0] * net.n
            low = [0] * net.n
            via = [-1] * net.n
            needed: set[int] = set()
            t = 0
            for root in range(net.n):
                if disc[root]:
                    continue
                t += 1
                disc[root] = low[root] = t
                stack = [(root, iter(adj[root]))]
                while stack:
                    v, it = stack[-1]
                    for x, w in it:
                        if x == via[v]:
                            continue
                        if not disc[w]:
                            t += 1
                            disc[w] = low[w] = t
                            via[w] = x
                            stack.append((w, iter(adj[w])))
                            break
                        low[v] = min(low[v], disc[w])
                    else:
                        stack.pop()
                        if stack:
                            u = stack[-1][0]
                            low[u] = min(low[u], low[v])
                            if low[v] > disc[u]:
                                needed.add(via[v])
            self._needed_cache = needed
        return self._needed_cache

    def mutations(self, line: int) -> Iterator[tuple[int, int]]:
        """Changes (line, new count) of the hidden solution that keep it a valid solution."""
        net, sol, need, left = self.net, self.solution, self.need, self.left
        a, b = net.a[line], net.b[line]
        count = sol[line]
        if count + sum(sol[t] for t in net.twins[line]) < MAX_BRIDGES and need[a] < MAX_NUMBER \
                and need[b] < MAX_NUMBER and not (count == 0 and any(sol[x] for x in net.cross[line])) \
                and (line, count + 1) not in left:
            yield line, count + 1
        if count == 2 and (line, 1) not in left:
            yield line, 1
        if (count == 1 and need[a] > 1 and need[b] > 1 and (line, 0) not in left
                and line not in self._needed()):
            yield line, 0

    def killers(self, engine: solver.Engine,
                should_stop: Callable[[], bool] = lambda: False) -> list[list[tuple[int, int]]] | None:
        """Changes that make a second solution (found from the stuck state) impossible, grouped
        by the separate places where the two solutions differ (one change per place will do).

        With ``D`` = other - hidden: thickening a 1 that the other solution makes 2 would
        need a 3 there; dropping a 1 that it makes 0 would need a -1; a new bridge across a
        line that only the other solution uses would cross it. (Another alternative may
        remain; the next round looks again.)
        """
        engine.stage = solver.CONNECTIVITY
        others: list[tuple[int, ...]] = []
        checks = [KILLER_CHECKS]

        def spent() -> bool:  # asked every 64 nodes: a budget in nodes, so a seed still gives one puzzle
            if should_stop():
                raise GenerationCancelled("generation cancelled")
            checks[0] -= 1
            return checks[0] < 0

        search = solver.Search(engine, probe=False, stop=spent)
        search.seen.append(tuple(self.solution))
        try:
            search.run(1, others.append)
        except solver.Stopped:
            return None  # too costly to look for a second solution here: the caller tries another layout
        if not others:
            return []
        other, sol, net = others[0], self.solution, self.net
        differ = [line for line in range(net.m) if sol[line] != other[line]]
        # Places: differing lines joined through shared islands.
        place = {line: line for line in differ}

        def root(x: int) -> int:
            while place[x] != x:
                x = place[x]
            return x

        by_island: dict[int, int] = {}
        for line in differ:
            for end in (net.a[line], net.b[line]):
                if end in by_island:
                    place[root(line)] = root(by_island[end])
                else:
                    by_island[end] = line
        groups: dict[int, list[tuple[int, int]]] = {}
        for line in differ:
            mine, theirs = sol[line], other[line]
            allowed = dict(self.mutations(line))
            found: list[tuple[int, int]] = []
            if mine == 1 and theirs == 2 and allowed.get(line) == 2:
                found.append((line, 2))
            elif mine == 1 and theirs == 0 and allowed.get(line) == 0:
                found.append((line, 0))
            elif mine == 0 and theirs:
                found.extend((x, 1) for x in net.cross[line] if dict(self.mutations(x)).get(x) == 1)
            groups.setdefault(root(line), []).extend(found)
        return [g for g in groups.values() if g]

    def apply(self, line: int, count: int) -> None:
        self.left.add((line, self.solution[line]))
        self._needed_cache = None
        delta = count - self.solution[line]
        self.solution[line] = count
        self.need[self.net.a[line]] += delta
        self.need[self.net.b[line]] += delta

    def repair(self, difficulty: str, rng: random.Random, max_repairs: int,
               should_stop: Callable[[], bool] = lambda: False) -> tuple[bool, int]:
        """Change the hidden solution until the puzzle is unique and of grade ``difficulty``, at most
        ``max_repairs`` times: (whether it got there, how many changes were made).

        ``should_stop`` is asked every round (and inside the search for a second solution);
        True raises :class:`GenerationCancelled`.
        """
        repairs = 0
        for _ in range(max_repairs + 1):
            if should_stop():
                raise GenerationCancelled("generation cancelled")
            verdict, engine = self.assess(difficulty)
            if verdict == "ok":
                return True, repairs
            if verdict == "easy":
                # Too easy: change the hidden solution somewhere at random and look again (a
                # walk over puzzles on the same islands; repairs follow if it turns ambiguous).
                choices = [m for x in range(self.net.m) for m in self.mutations(x)]
            else:
                # Change the hidden solution where deduction got stuck: preferably in a way that
                # rules out a second solution, else on a line left open (or right next to one).
                open_lines = engine.open_lines()
                places = self.killers(engine, should_stop)
                if places is None:
                    return False, repairs
                if places:
                    for choices in places:
                        line, count = rng.choice(choices)
                        if (line, count) in self.mutations(line):  # an earlier change may forbid it now
                            self.apply(line, count)
                            repairs += 1
                    continue
                if difficulty == "hard":
                    if self.finish_hard(engine):
                        return True, repairs
                    open_lines = engine.open_lines()
                choices = self._open_line_changes(open_lines, difficulty, rng)
            if not choices:
                return False, repairs
            self.apply(*rng.choice(choices))
            repairs += 1
        return False, repairs

    def _open_line_changes(self, open_lines: list[int], difficulty: str,
                           rng: random.Random) -> list[tuple[int, int]]:
        """Changes on the lines deduction left open, else on the lines beside a random one of them."""
        choices = [m for x in open_lines for m in self.mutations(x)]
        if difficulty == "easy":
            # More bridges make numbers press against their room: pigeonhole fires.
            choices = [m for m in choices if m[1] > self.solution[m[0]]] or choices
        if not choices:
            line = rng.choice(open_lines)
            ends = (self.net.a[line], self.net.b[line])
            near = {x for end in ends for x in self.net.lines_of[end]}
            choices = [m for x in sorted(near) for m in self.mutations(x)]
        return choices

    def build(self, meta: tuple[tuple[str, str], ...]) -> Puzzle:
        p = self.puzzle
        grid = [[0] * p.cols for _ in range(p.rows)]
        for island, n in zip(p.islands, self.need):
            grid[island.pos[0]][island.pos[1]] = n
        return Puzzle.from_grid(grid, p.topology, meta)


#: Fresh layouts a request may try. 200 left one 5x5 hard plane seed in ten with "no puzzle found"
#: (about 1 % of its layouts can be made hard; seeds 8 and 9 find theirs on layouts 209 and 218),
#: and at that size a layout costs about a millisecond. Wrapped boards keep 200: the tiny ones
#: that cannot be made at all (5x5 tori, easy or medium) would only take longer to say so.
PLANE_LAYOUTS = 1000
WRAPPED_LAYOUTS = 200


class GenerationError(ArcadeError):
    """No puzzle of the requested grade turned up within the budget (tiny tori, mostly)."""


class GenerationCancelled(Exception):
    """``should_stop`` said the caller no longer waits (the New board dialog's Cancel): no puzzle."""


@dataclass(frozen=True)
class Generated:
    """A generated puzzle with the hidden solution it was built around (a bridge count per line) and how it
    was made: what the generate command prints and the benchmarks and tests check.
    """

    puzzle: Puzzle
    solution: tuple[int, ...]
    difficulty: str
    seed: int
    layouts: int  # layouts tried
    repairs: int  # hidden-solution changes made


def generate(rows: int, cols: int, difficulty: str = "medium", topology: Topology = Topology.PLANE,
             density: float = 1.0, seed: int | None = None, max_layouts: int | None = None,
             max_repairs: int = 60, no_touching: bool = False,
             should_stop: Callable[[], bool] = lambda: False,
             progress: Callable[[int], None] | None = None) -> Generated:
    """A unique puzzle of exactly the requested grade (see :func:`solver.grade`), reproducible from ``seed``.

    ``no_touching``: no two islands orthogonally adjacent (what Tatham's Bridges accepts).
    ``should_stop``: asked between layouts, every repair round and every 64 search nodes; True
    raises :class:`GenerationCancelled`. (The dialog's Cancel used to leave a packed 40x40 hard
    torus running for half a minute on the one worker thread, and the next Generate waited
    behind it.) Asking never changes which puzzle a seed gives.
    ``progress(n)`` is told as the ``n``-th layout (from 1) is started, so a long wait can show it
    is moving.
    ``max_layouts``: how many fresh layouts to try (default :data:`PLANE_LAYOUTS` or
    :data:`WRAPPED_LAYOUTS`). A seed's puzzle is found on the same layout whatever the budget.
    """
    _check_request(rows, cols, difficulty, density)
    if max_layouts is None:
        max_layouts = PLANE_LAYOUTS if topology is Topology.PLANE else WRAPPED_LAYOUTS
    if seed is None:
        seed = make_rng(None).randrange(2**31)
    shape = Shape(rows, cols, topology)
    min_islands = max(4, rows * cols // 20)
    repairs = 0
    for attempt in range(max_layouts):
        if should_stop():
            raise GenerationCancelled("generation cancelled")
        if progress is not None:
            progress(attempt + 1)
        # The option joins the labels only when set, so existing seeds keep their puzzles.
        labels = (rows, cols, difficulty, topology.value, density, attempt, *(("apart",) if no_touching else ()))
        rng = random.Random(derive_seed(seed, *labels))
        layout = grow_layout(shape, difficulty, rng, density, no_touching)
        if len(layout.numbers) < min_islands:
            continue
        puzzle = layout.puzzle()
        board = _Board(puzzle, layout.solution(puzzle))
        done, changes = board.repair(difficulty, rng, max_repairs, should_stop)
        repairs += changes
        if done:
            meta = (("difficulty", difficulty), ("generator", f"seed {seed}"))
            return Generated(board.build(meta), tuple(board.solution), difficulty, seed, attempt + 1, repairs)
    advice = ["try another seed"]
    if density > 2:
        advice.append("a lower density")
    if topology is not Topology.PLANE and rows * cols <= 100:
        advice.append("a larger board (small wrapped boards rarely allow every grade)")
    raise GenerationError(f"no {difficulty} {size_name(cols, rows)} {topology.value} puzzle found from seed {seed}: "
                          + ", or ".join(advice))


def _check_request(rows: int, cols: int, difficulty: str, density: float) -> None:
    """Refuse, with the allowed range, what :func:`generate` cannot make (a usage error, exit 2)."""
    if difficulty not in DIFFICULTIES:
        raise UsageError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
    if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise UsageError(f"board size must be {MIN_SIDE}..{MAX_SIDE} on each side, not {size_name(cols, rows)}")
    if not 0.25 <= density <= 4.0:
        raise UsageError(f"density must be between 0.25 and 4, not {density}")


def lattice_puzzle(size: int = 40, seed: int = 2024, extra: float = 0.35) -> Puzzle:
    """A solvable size x size board for benchmarks: islands every other cell, a random spanning network.

    Islands sit on even rows and columns; a random spanning tree over neighbouring islands
    (plus some extra links) with 1 or 2 bridges each gives the numbers, so the board has at
    least that solution and nothing crosses. Deterministic for a given seed.
    """
    rng = random.Random(seed)
    spots = [(r, c) for r in range(0, size, 2) for c in range(0, size, 2)]
    index = {pos: i for i, pos in enumerate(spots)}
    edges = []
    for r, c in spots:
        for nxt in ((r, c + 2), (r + 2, c)):
            if nxt in index:
                edges.append((index[(r, c)], index[nxt]))
    rng.shuffle(edges)
    groups = DisjointSet(range(len(spots)))
    degree = [0] * len(spots)
    for a, b in edges:
        if groups.union(a, b) or rng.random() < extra:
            n = rng.choice((1, 2))
            degree[a] += n
            degree[b] += n
    grid = [[0] * size for _ in range(size)]
    for (r, c), d in zip(spots, degree):
        grid[r][c] = max(1, min(8, d))
    return Puzzle.from_grid(grid, meta=[("title", f"Benchmark {size_name(size, size)}")])
