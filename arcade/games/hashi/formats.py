"""Hashi file formats (pure): our level file, Simon Tatham's game IDs, and CLLV ``.has`` benchmarks.

One module, one error type: every reader raises :class:`FormatError` whose text is
``source:line: what is wrong``, so the CLI and the game can show it on one line.

* Our level file: optional leading ``# key: value`` lines (title, author, difficulty,
  topology = plane | cylinder | torus), then one row per line, ``.`` water, ``1``-``8``
  an island. A ``#`` line without a colon is a comment.
* Tatham game ID (plane only): ``WxH<params>:<desc>``; ``<desc>`` runs row-major, a letter
  ``a``-``z`` is a run of 1-26 empty cells, a digit an island (``A``-``G`` are 10-16, which
  a 2-bridge puzzle can never use). Our header lines may precede it in a file.
* CLLV ``.has`` (Coelho, Laporte, Lindbeck & Vidal 2019): ``rows cols islands`` then rows
  of blank-separated integers, 0 = empty; CRLF line endings occur.
* Solutions as bridges: one ``r1 c1 r2 c2 n`` line per bridge, 0-based; the line runs
  east or south from the first island (which tells the two routes round a cylinder apart).
"""

from __future__ import annotations

import re
from pathlib import Path

from arcade.core.errors import FormatError, quoted
from arcade.core.grid import cell_name, size_name
from arcade.core.topology import Topology
from arcade.games.hashi.logic import MAX_BRIDGES, MAX_FILE_SIDE, MAX_NUMBER, Puzzle, State

#: A Tatham game ID: size, optional parameters, then ``:`` and the description (``#`` means a random seed).
TATHAM_ID = re.compile(r"^(\d+)x(\d+)([A-Za-z0-9.]*)([:#])(\S*)$", re.ASCII)
_CLLV_HEAD = re.compile(r"^\d+\s+\d+\s+\d+$", re.ASCII)
_HEADER_KEY = re.compile(r"^[a-z][a-z0-9_-]*$", re.ASCII)
#: File name endings the level picker lists (our files and Tatham IDs are ``.txt``, CLLV is ``.has``).
LEVEL_SUFFIXES = (".txt", ".has")
FORMATS = ("grid", "tatham", "cllv")
_DIGITS = frozenset("12345678")
#: Longer numbers are refused before ``int()`` sees them (Python caps int parsing at 4300 digits).
_MAX_DIGITS = 9


def _number(source: str, line: int, text: str, what: str) -> int:
    """A whole number of at most a few digits (ASCII only, optional minus), else a FormatError."""
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise FormatError(source, line, f"{what}: {quoted(text)} is not a whole number")
    if len(digits) > _MAX_DIGITS:
        raise FormatError(source, line, f"{what}: {text[:12]}... is far too large")
    return int(text)


def detect(text: str) -> str:
    """``"tatham"``, ``"cllv"`` or ``"grid"`` by looking at the first line that is not a header or blank."""
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if TATHAM_ID.match(stripped):
            return "tatham"
        if _CLLV_HEAD.match(stripped):
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
    from arcade.core.inputs import read_text_file
    from arcade.games.hashi.logic import RULES

    return RULES.parse_level(read_text_file(path), str(path))


def export(puzzle: Puzzle, fmt: str) -> str:
    """Write ``puzzle`` as ``"grid"`` (our file), ``"tatham"`` (a game ID line) or ``"cllv"``."""
    if fmt == "grid":
        return format_level(puzzle)
    if fmt == "tatham":
        return format_tatham(puzzle) + "\n"
    if fmt == "cllv":
        return format_cllv(puzzle)
    raise FormatError("<export>", None, f"unknown format {fmt!r} (expected one of: {', '.join(FORMATS)})")


def _check_size(source: str, line: int, rows: int, cols: int) -> None:
    if rows < 1 or cols < 1:
        raise FormatError(source, line, f"board size {size_name(cols, rows)} is empty")
    if rows > MAX_FILE_SIDE or cols > MAX_FILE_SIDE:
        raise FormatError(source, line, f"board size {size_name(cols, rows)} is larger than "
                                        f"{size_name(MAX_FILE_SIDE, MAX_FILE_SIDE)}")


def _check_rows_read(source: str, line: int, rows: int, cols: int) -> None:
    """Refuse a level file's grid as soon as it outgrows the largest board, naming only what has been
    read: a 201x201 file was "board size 201×1 is larger than 200×200" at its first row, a size it
    does not have (the rows after it were never counted, nor need they be)."""
    largest = size_name(MAX_FILE_SIDE, MAX_FILE_SIDE)
    if cols > MAX_FILE_SIDE:
        raise FormatError(source, line, f"a row of {cols} cells makes the board larger than {largest}")
    if rows > MAX_FILE_SIDE:
        raise FormatError(source, line, f"more than {MAX_FILE_SIDE} rows make the board larger than {largest}")


def _build(
    source: str, line: int, numbers: list[list[int]], topology: Topology, meta: list[tuple[str, str]]
) -> Puzzle:
    count = sum(1 for row in numbers for n in row if n)
    if count == 0:
        raise FormatError(source, line, "the board has no islands")
    if count == 1:
        raise FormatError(source, line, "the board has only one island (a puzzle needs at least two)")
    return Puzzle.from_grid(numbers, topology, meta)


def _last_line(text: str) -> int:
    return max(1, len(text.splitlines()))


def _header(source: str, number: int, line: str) -> tuple[str, str] | None:
    """A ``# key: value`` line as (key, value); None for a plain comment."""
    key, sep, value = line[1:].partition(":")
    key, value = key.strip().lower(), value.strip()
    if not sep:
        return None
    if not _HEADER_KEY.match(key):
        raise FormatError(source, number, f"bad header key {quoted(key)} (use letters, digits, '-' and '_')")
    return key, value


def _apply_header(
    source: str, number: int, pair: tuple[str, str], meta: list[tuple[str, str]]
) -> Topology | None:
    key, value = pair
    if key == "topology":
        try:
            return Topology.parse(value)
        except ValueError as exc:
            raise FormatError(source, number, str(exc)) from None
    meta.append((key, value))
    return None


# -- our level file ----------------------------------------------------------------------
def parse_grid(text: str, source: str = "<string>") -> Puzzle:
    """Our level file (header lines, then the grid); FormatError ``source:line: why`` for anything
    else, so a hand-edited file is told where it went wrong.
    """
    meta: list[tuple[str, str]] = []
    topology = Topology.PLANE
    numbers: list[list[int]] = []
    width = 0
    grid_ended_at: int | None = None
    last_row = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("#"):
            if numbers:
                raise FormatError(source, number, "header lines ('# key: value') must come before the grid")
            pair = _header(source, number, line)
            if pair is not None:
                topology = _apply_header(source, number, pair, meta) or topology
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
            elif ch in _DIGITS:
                row.append(int(ch))
            else:
                raise FormatError(
                    source, number, f"column {col}: unexpected {ch!r} (use '.' for water and 1-8 for islands)"
                )
        if numbers and len(row) != width:
            raise FormatError(source, number, f"row has {len(row)} cells but the first row has {width}")
        width = len(row)
        numbers.append(row)
        last_row = number
        _check_rows_read(source, number, len(numbers), width)
    if not numbers:
        raise FormatError(source, _last_line(text), "no grid rows found (expected rows of '.' and 1-8)")
    return _build(source, last_row, numbers, topology, meta)


def _clean(value: str) -> str:
    """A header value on one line (a value read from a file is already one, and is kept exactly)."""
    return " ".join(value.splitlines()).strip()


def format_level(puzzle: Puzzle) -> str:
    """Our level file: header lines, then the grid."""
    lines = [f"# {key}: {_clean(value)}" for key, value in puzzle.meta if key != "topology"]
    if puzzle.topology is not Topology.PLANE:
        lines.append(f"# topology: {puzzle.topology.value}")
    lines.extend("".join(str(n) if n else "." for n in row) for row in puzzle.to_grid())
    return "\n".join(lines) + "\n"


# -- Tatham game IDs -----------------------------------------------------------------------
#: Tatham's Bridges: smallest board side and the bridges-per-direction range its parameters allow.
TATHAM_MIN_SIDE = 3
TATHAM_MAX_BRIDGES = 4


def parse_tatham(text: str, source: str = "<game id>") -> Puzzle:
    """A Bridges game ID, optionally preceded by our ``# key: value`` header lines."""
    meta: list[tuple[str, str]] = []
    topology = Topology.PLANE
    found: tuple[int, str] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#") and found is None:
            pair = _header(source, number, line)
            if pair is not None:
                topology = _apply_header(source, number, pair, meta) or topology
            continue
        if found is not None:
            raise FormatError(source, number, f"unexpected text after the game ID on line {found[0]}")
        found = (number, line)
    if found is None:
        raise FormatError(source, _last_line(text), "no game ID found (expected WxH:description)")
    lineno, stripped = found
    match = TATHAM_ID.match(stripped)
    if not match:
        raise FormatError(source, lineno, "not a Bridges game ID (expected WxH:description, e.g. 7x7:a3d31g5a...)")
    cols = _number(source, lineno, match.group(1), "width")
    rows = _number(source, lineno, match.group(2), "height")
    _check_size(source, lineno, rows, cols)
    params, sep, desc = match.group(3), match.group(4), match.group(5)
    if sep == "#":
        raise FormatError(source, lineno, "this is a random-seed ID ('#'); copy the game ID with ':' instead")
    # m1 (one bridge per pair) is the same puzzle under looser rules -- its answer still wins here, and
    # any other valid arrangement does too -- so only more than two bridges, a different puzzle, is refused
    # (m1 was refused as well, though the docs and the spec say the parameters are ignored).
    # Tatham's own range is 1-4: "m0" or "m99999999999" is no Bridges ID at all (they read as "this game
    # allows 0 bridges per pair", and the second as 999999, its first six digits).
    maxb = re.search(r"m(\d+)", params)
    if maxb:
        digits = maxb.group(1).lstrip("0") or "0"
        if len(digits) > 1 or not 1 <= int(digits) <= TATHAM_MAX_BRIDGES:
            raise FormatError(source, lineno, f"{quoted('m' + maxb.group(1))} is not a Bridges parameter: "
                              f"it gives 1-{TATHAM_MAX_BRIDGES} bridges per pair")
        if int(digits) > MAX_BRIDGES:
            raise FormatError(source, lineno, f"this game allows {digits} bridges per pair; "
                              f"these rules allow {MAX_BRIDGES}")
    if not desc:
        raise FormatError(source, lineno, "the game ID has no description after ':'")
    cells: list[int] = []
    for ch in desc:
        if "a" <= ch <= "z":
            cells.extend([0] * (ord(ch) - ord("a") + 1))
        elif "1" <= ch <= "9":
            cells.append(int(ch))
        elif "A" <= ch <= "G":
            cells.append(ord(ch) - ord("A") + 10)
        else:
            raise FormatError(source, lineno, f"unexpected {ch!r} in the description")
        if len(cells) > rows * cols:
            raise FormatError(source, lineno, f"description covers more than the {size_name(cols, rows)} board")
    if len(cells) != rows * cols:
        raise FormatError(source, lineno, f"description covers {len(cells)} cells, the "
                          f"{size_name(cols, rows)} board has {rows * cols}")
    big = max(cells)
    if big > MAX_NUMBER:
        raise FormatError(source, lineno, f"island number {big} needs more than {MAX_BRIDGES} bridges per "
                          f"direction; numbers must be 1-{MAX_NUMBER}")
    numbers = [cells[r * cols:(r + 1) * cols] for r in range(rows)]
    return _build(source, lineno, numbers, topology, meta)


def adjacent_pairs(puzzle: Puzzle) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Orthogonally touching islands (on the plane), which Tatham's Bridges refuses to load."""
    at = puzzle.island_at
    pairs = []
    for island in puzzle.islands:
        r, c = island.pos
        for nxt in ((r, c + 1), (r + 1, c)):
            if nxt in at:
                pairs.append((island.pos, nxt))
    return pairs


def tatham_problems(puzzle: Puzzle) -> list[str]:
    """Why Simon Tatham's Bridges would refuse this puzzle as a game ID (empty: it accepts it).

    Its rules (``validate_params`` and ``validate_desc`` in bridges.c): a plane board at least
    3x3, at least two islands, numbers it can write (1-9, A-G) and no two islands side by side.
    """
    problems: list[str] = []
    if puzzle.topology is not Topology.PLANE:
        problems.append(f"Tatham game IDs only describe plane boards, not a {puzzle.topology.value}")
    if puzzle.rows < TATHAM_MIN_SIDE or puzzle.cols < TATHAM_MIN_SIDE:
        problems.append(f"Tatham's Bridges needs a board of at least {size_name(TATHAM_MIN_SIDE, TATHAM_MIN_SIDE)}, "
                        f"not {size_name(puzzle.cols, puzzle.rows)}")
    if len(puzzle.islands) < 2:
        problems.append("Tatham's Bridges needs at least two islands")
    touching = adjacent_pairs(puzzle)
    if touching:
        first, second = touching[0]
        problems.append(f"Tatham's Bridges refuses touching islands ({cell_name(first)} and {cell_name(second)})")
    return problems


def tatham_refusal(game_id: str) -> str | None:
    """What Tatham's Bridges would say on loading ``game_id`` (None: it loads), from the ID text alone.

    A second, independent check of :func:`format_tatham`'s output (tests run every generated
    ID through it): the size and ``m`` parameter, then the description cell by cell -- only
    ``1``-``9``, ``A``-``G`` and ``a``-``z`` runs, exactly W*H cells, no island beside the one
    to its left or above it, at least two islands.
    """
    match = re.fullmatch(r"(\d+)x(\d+)([A-Za-z0-9]*):(.*)", game_id.strip(), re.ASCII)
    if not match:
        return "not a game ID"
    width, height, params, desc = int(match.group(1)), int(match.group(2)), match.group(3), match.group(4)
    if width < TATHAM_MIN_SIDE or height < TATHAM_MIN_SIDE:
        return "Width and height must be at least 3"
    maxb = re.search(r"m(\d+)", params)
    if maxb and not 1 <= int(maxb.group(1)) <= TATHAM_MAX_BRIDGES:
        return "Too many bridges."
    island_rows: list[set[int]] = [set() for _ in range(height)]
    cell = 0
    islands = 0
    for ch in desc:
        if cell >= width * height:
            return "Game description longer than expected"
        if "a" <= ch <= "z":
            cell += ord(ch) - ord("a") + 1
            continue
        if not ("1" <= ch <= "9" or "A" <= ch <= "G"):
            return "Game description contains unexpected character"
        r, c = divmod(cell, width)
        if c - 1 in island_rows[r] or (r and c in island_rows[r - 1]):
            return "Game description contains joined islands"
        island_rows[r].add(c)
        islands += 1
        cell += 1
    if cell < width * height:
        return "Game description shorter than expected"
    if cell > width * height:
        return "Game description longer than expected"
    if islands < 2:
        return "Game description has too few islands"
    return None


def format_tatham(puzzle: Puzzle) -> str:
    """The game ID Simon Tatham's Bridges accepts; FormatError naming the first rule it breaks (see
    :func:`tatham_problems`)."""
    problems = tatham_problems(puzzle)
    if problems:
        raise FormatError("<export>", None, problems[0])
    out: list[str] = []
    run = 0
    for row in puzzle.to_grid():
        for n in row:
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
    return f"{puzzle.cols}x{puzzle.rows}m{MAX_BRIDGES}:{''.join(out)}"


# -- CLLV .has -----------------------------------------------------------------------------
def parse_cllv(text: str, source: str = "<string>") -> Puzzle:
    """A CLLV ``.has`` benchmark instance (counts line, then the grid); FormatError ``source:line: why``
    when it is not one, as for our own files.
    """
    lines = [(i, s.strip()) for i, s in enumerate(text.splitlines(), 1)]
    lines = [(i, s) for i, s in lines if s]
    if not lines:
        raise FormatError(source, _last_line(text), "empty file (expected 'rows cols islands')")
    head_no, head = lines[0]
    parts = head.split()
    if len(parts) != 3:
        raise FormatError(source, head_no, "first line must be 'rows cols islands'")
    rows, cols, count = (_number(source, head_no, v, "first line ('rows cols islands')") for v in parts)
    _check_size(source, head_no, rows, cols)
    body = lines[1:]
    if len(body) < rows:
        raise FormatError(source, body[-1][0] if body else head_no, f"expected {rows} grid rows, found {len(body)}")
    if len(body) > rows:
        raise FormatError(source, body[rows][0], f"unexpected extra line after the {rows} grid rows")
    numbers: list[list[int]] = []
    for number, line in body:
        row = [_number(source, number, v, "grid rows hold whole numbers separated by blanks") for v in line.split()]
        if len(row) != cols:
            raise FormatError(source, number, f"row has {len(row)} numbers, expected {cols}")
        for col, n in enumerate(row, 1):
            if not 0 <= n <= MAX_NUMBER:
                raise FormatError(source, number, f"column {col}: island number {n} is outside 1-{MAX_NUMBER}")
        numbers.append(row)
    found = sum(1 for row in numbers for n in row if n)
    if found != count:
        raise FormatError(source, head_no, f"header says {count} islands, the grid has {found}")
    return _build(source, head_no, numbers, Topology.PLANE, [])


def format_cllv(puzzle: Puzzle) -> str:
    """The CLLV benchmark layout (plane boards only: the format has no place for a topology)."""
    if puzzle.topology is not Topology.PLANE:
        raise FormatError("<export>", None, f"CLLV files only describe plane boards, not a {puzzle.topology.value}")
    lines = [f"{puzzle.rows} {puzzle.cols} {len(puzzle.islands)}"]
    lines.extend(" ".join(f"{n:2d}" for n in row) for row in puzzle.to_grid())
    return "\n".join(lines) + "\n"


# -- solutions -------------------------------------------------------------------------------
def format_bridges(state: State) -> str:
    """One ``r1 c1 r2 c2 n`` line per bridge, 0-based."""
    return "".join(f"{r1} {c1} {r2} {c2} {n}\n" for r1, c1, r2, c2, n in state.bridge_list())


def parse_bridges(text: str, puzzle: Puzzle, source: str = "<solution>") -> State:
    """Read a solution written by :func:`format_bridges` (blank lines and ``#`` comments allowed).

    The result is checked only for what the file can get wrong (unknown islands, no line
    between them, a count outside 1-2, the same line twice, crossing bridges); whether it
    *solves* the puzzle is for the caller to ask (``state.complete``).
    """
    p = puzzle
    bridges = [0] * len(p.lines)
    given_at: dict[int, int] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 5:
            raise FormatError(source, number, "expected 'r1 c1 r2 c2 n' (five whole numbers)")
        r1, c1, r2, c2, n = (_number(source, number, v, "expected 'r1 c1 r2 c2 n'") for v in parts)
        ends = []
        for r, c in ((r1, c1), (r2, c2)):
            island = p.island_at.get((r, c))
            if island is None:
                raise FormatError(source, number, f"there is no island at row {r}, column {c} (0-based)")
            ends.append(island)
        a, b = ends
        if not 1 <= n <= MAX_BRIDGES:
            raise FormatError(source, number, f"a bridge count must be 1 or {MAX_BRIDGES}, not {n}")
        candidates = [i for i in p.line_between(a, b) if p.lines[i].a == a]
        if not candidates:
            candidates = p.line_between(a, b)
        if not candidates:
            raise FormatError(source, number, f"no straight line joins ({r1}, {c1}) and ({r2}, {c2})")
        if len(candidates) > 1:
            raise FormatError(source, number, f"({r1}, {c1}) and ({r2}, {c2}) are joined both ways round; "
                              "list the island the bridge leaves eastwards or southwards first")
        index = candidates[0]
        if index in given_at:
            raise FormatError(source, number, f"this bridge was already given on line {given_at[index]}")
        given_at[index] = number
        bridges[index] = n
    state = State(p, tuple(bridges))
    for index in sorted(state.crossed_lines):
        raise FormatError(source, given_at[index], f"this bridge crosses another ({p.describe_line(index)})")
    return state
