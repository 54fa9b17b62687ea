"""Hashi file formats (pure): our level file, Simon Tatham's game IDs, and CLLV ``.has`` benchmarks.

One module, one error type: every reader raises :class:`FormatError` whose text is
``source:line: what is wrong``, so the CLI and the game can show it on one line.

* Our level file: optional leading ``# key: value`` lines (title, author, difficulty,
  topology = plane | cylinder | torus), then one row per line, ``.`` water, ``1``-``8``
  an island.
* Tatham game ID (plane only): ``WxH<params>:<desc>``; ``<desc>`` runs row-major, a letter
  ``a``-``z`` is a run of 1-26 empty cells, a digit an island (``A``-``G`` are 10-16, which
  a 2-bridge puzzle can never use).
* CLLV ``.has`` (Coelho, Laporte, Lindbeck & Vidal 2019): ``rows cols islands`` then rows
  of blank-separated integers, 0 = empty; CRLF line endings occur.
* Solutions as bridges: one ``r1 c1 r2 c2 n`` line per bridge, 0-based.
"""

from __future__ import annotations

import re
from pathlib import Path

from arcade.core.errors import FormatError
from arcade.core.topology import Topology
from arcade.games.hashi.logic import MAX_NUMBER, Puzzle, State

TATHAM_ID = re.compile(r"^(\d+)x(\d+)([^:]*):([A-Za-z0-9]+)$")
MAX_SIDE = 200


def detect(text: str) -> str:
    """``"tatham"``, ``"cllv"`` or ``"grid"`` by looking at the first meaningful line."""
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if TATHAM_ID.match(stripped):
            return "tatham"
        if re.fullmatch(r"\d+\s+\d+\s+\d+", stripped):
            return "cllv"
        return "grid"
    return "grid"


def parse_puzzle(text: str, source: str = "<string>") -> Puzzle:
    """Read any supported format (auto-detected)."""
    kind = detect(text)
    if kind == "tatham":
        return parse_tatham(text, source)
    if kind == "cllv":
        return parse_cllv(text, source)
    return parse_grid(text, source)


def read_puzzle(path: str | Path) -> Puzzle:
    """Read a puzzle file of any supported format; unreadable files are a FormatError too."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(str(path), None, f"not a UTF-8 text file ({exc.reason})") from None
    except OSError as exc:
        raise FormatError(str(path), None, f"cannot read file: {exc.strerror or exc}") from None
    return parse_puzzle(text, str(path))


def _check_size(source: str, line: int | None, rows: int, cols: int) -> None:
    if rows < 1 or cols < 1:
        raise FormatError(source, line, f"board size {cols}x{rows} is empty")
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise FormatError(source, line, f"board size {cols}x{rows} is larger than {MAX_SIDE}x{MAX_SIDE}")


def _build(source: str, numbers: list[list[int]], topology: Topology, meta: list[tuple[str, str]]) -> Puzzle:
    if not any(any(row) for row in numbers):
        raise FormatError(source, None, "the board has no islands")
    return Puzzle.from_grid(numbers, topology, meta)


# -- our level file ----------------------------------------------------------------------
def parse_grid(text: str, source: str = "<string>") -> Puzzle:
    meta: list[tuple[str, str]] = []
    topology = Topology.PLANE
    numbers: list[list[int]] = []
    width = 0
    grid_ended_at: int | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("#"):
            if numbers:
                raise FormatError(source, number, "header lines ('# key: value') must come before the grid")
            key, sep, value = line[1:].partition(":")
            key, value = key.strip().lower(), value.strip()
            if not sep:
                continue  # a plain comment
            if not re.fullmatch(r"[a-z][a-z0-9_-]*", key):
                raise FormatError(source, number, f"bad header key {key!r}")
            if key == "topology":
                try:
                    topology = Topology.parse(value)
                except ValueError as exc:
                    raise FormatError(source, number, str(exc)) from None
            else:
                meta.append((key, value))
            continue
        if not line:
            if numbers and grid_ended_at is None:
                grid_ended_at = number
            continue
        if grid_ended_at is not None:
            raise FormatError(source, number, f"unexpected text after the grid ended at line {grid_ended_at}")
        row = []
        for col, ch in enumerate(line, 1):
            if ch == ".":
                row.append(0)
            elif ch.isdigit() and 1 <= int(ch) <= MAX_NUMBER:
                row.append(int(ch))
            else:
                raise FormatError(
                    source, number, f"column {col}: unexpected {ch!r} (use '.' for water and 1-8 for islands)"
                )
        if numbers and len(row) != width:
            raise FormatError(source, number, f"row has {len(row)} cells but the first row has {width}")
        width = len(row)
        numbers.append(row)
        _check_size(source, number, len(numbers), width)
    if not numbers:
        raise FormatError(source, None, "no grid rows found (expected rows of '.' and 1-8)")
    return _build(source, numbers, topology, meta)


def format_level(puzzle: Puzzle) -> str:
    """Our level file: header lines, then the grid."""
    lines = [f"# {key}: {value}" for key, value in puzzle.meta]
    if puzzle.topology is not Topology.PLANE:
        lines.append(f"# topology: {puzzle.topology.value}")
    grid = [["."] * puzzle.cols for _ in range(puzzle.rows)]
    for island in puzzle.islands:
        grid[island.pos[0]][island.pos[1]] = str(island.number)
    lines.extend("".join(row) for row in grid)
    return "\n".join(lines) + "\n"


# -- Tatham game IDs -----------------------------------------------------------------------
def parse_tatham(text: str, source: str = "<game id>") -> Puzzle:
    lineno, stripped = next(((i, s.strip()) for i, s in enumerate(text.splitlines(), 1) if s.strip()), (1, ""))
    match = TATHAM_ID.match(stripped)
    if not match:
        raise FormatError(source, lineno, "not a Bridges game ID (expected WxH:description, e.g. 7x7:a3d31g5a...)")
    cols, rows = int(match.group(1)), int(match.group(2))
    _check_size(source, lineno, rows, cols)
    cells: list[int] = []
    for ch in match.group(4):
        if "a" <= ch <= "z":
            cells.extend([0] * (ord(ch) - ord("a") + 1))
        elif ch.isdigit() and ch != "0":
            cells.append(int(ch))
        elif "A" <= ch <= "G":
            raise FormatError(source, lineno, f"island number {ord(ch) - ord('A') + 10} needs more than 2 bridges "
                              "per direction, which these rules do not allow")
        else:
            raise FormatError(source, lineno, f"unexpected {ch!r} in the description")
        if len(cells) > rows * cols:
            raise FormatError(source, lineno, f"description covers more than the {cols}x{rows} board")
    if len(cells) != rows * cols:
        raise FormatError(source, lineno, f"description covers {len(cells)} cells, the {cols}x{rows} board has "
                          f"{rows * cols}")
    if any(n > MAX_NUMBER for n in cells):
        raise FormatError(source, lineno, f"island numbers must be 1-{MAX_NUMBER}")
    numbers = [cells[r * cols:(r + 1) * cols] for r in range(rows)]
    return _build(source, numbers, Topology.PLANE, [])


def format_tatham(puzzle: Puzzle) -> str:
    """The game ID Simon Tatham's Bridges accepts (plane boards only)."""
    if puzzle.topology is not Topology.PLANE:
        raise FormatError("<export>", None, "Tatham game IDs only describe plane boards, not "
                          f"a {puzzle.topology.value}")
    numbers = {island.pos: island.number for island in puzzle.islands}
    out: list[str] = []
    run = 0
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            n = numbers.get((r, c), 0)
            if n == 0:
                run += 1
                if run == 26:
                    out.append("z")
                    run = 0
                continue
            if run:
                out.append(chr(ord("a") + run - 1))
                run = 0
            out.append(str(n))
    if run:
        out.append(chr(ord("a") + run - 1))
    return f"{puzzle.cols}x{puzzle.rows}:{''.join(out)}"


# -- CLLV .has -----------------------------------------------------------------------------
def parse_cllv(text: str, source: str = "<string>") -> Puzzle:
    lines = [(i, s.strip()) for i, s in enumerate(text.splitlines(), 1)]
    lines = [(i, s) for i, s in lines if s]
    if not lines:
        raise FormatError(source, None, "empty file")
    head_no, head = lines[0]
    try:
        rows, cols, count = (int(v) for v in head.split())
    except ValueError:
        raise FormatError(source, head_no, "first line must be 'rows cols islands'") from None
    _check_size(source, head_no, rows, cols)
    body = lines[1:]
    if len(body) < rows:
        raise FormatError(source, body[-1][0] if body else head_no, f"expected {rows} grid rows, found {len(body)}")
    if len(body) > rows:
        raise FormatError(source, body[rows][0], f"unexpected extra line after the {rows} grid rows")
    numbers: list[list[int]] = []
    for number, line in body:
        try:
            row = [int(v) for v in line.split()]
        except ValueError:
            raise FormatError(source, number, "grid rows must hold integers separated by blanks") from None
        if len(row) != cols:
            raise FormatError(source, number, f"row has {len(row)} numbers, expected {cols}")
        for col, n in enumerate(row, 1):
            if not 0 <= n <= MAX_NUMBER:
                raise FormatError(source, number, f"column {col}: island number {n} is outside 1-{MAX_NUMBER}")
        numbers.append(row)
    found = sum(1 for row in numbers for n in row if n)
    if found != count:
        raise FormatError(source, head_no, f"header says {count} islands, the grid has {found}")
    return _build(source, numbers, Topology.PLANE, [])


def format_cllv(puzzle: Puzzle) -> str:
    numbers = {island.pos: island.number for island in puzzle.islands}
    lines = [f"{puzzle.rows} {puzzle.cols} {len(puzzle.islands)}"]
    for r in range(puzzle.rows):
        lines.append(" ".join(f"{numbers.get((r, c), 0):2d}" for c in range(puzzle.cols)))
    return "\n".join(lines) + "\n"


# -- solutions -------------------------------------------------------------------------------
def format_bridges(state: State) -> str:
    """One ``r1 c1 r2 c2 n`` line per bridge, 0-based."""
    return "".join(f"{r1} {c1} {r2} {c2} {n}\n" for r1, c1, r2, c2, n in state.bridge_list())
