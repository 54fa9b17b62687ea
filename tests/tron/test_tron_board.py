"""The bots' bitboards against plain-Python oracles: flood fill, Voronoi, edges, parity, articulation points."""

from __future__ import annotations

import itertools
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.games.tron.board import (
    Board,
    cells_of,
    chamber_fill,
    clear_chamber_cache,
    edges,
    flood,
    geometry,
    local_cuts,
    parity_bound,
    voronoi,
)
from arcade.games.tron.logic import RULES, Level
from tests.tron.tron_oracle import articulation_points


@st.composite
def boards(draw, max_side: int = 6):
    """A small random map with two distinct start cells (walls anywhere, no border needed)."""
    width = draw(st.integers(2, max_side))
    height = draw(st.integers(1, max_side))
    cells = [(x, y) for y in range(height) for x in range(width)]
    walls = draw(st.sets(st.sampled_from(cells), max_size=len(cells) - 2))
    floor = [c for c in cells if c not in walls]
    a = draw(st.sampled_from(floor))
    b = draw(st.sampled_from([c for c in floor if c != a]))
    rows = tuple("".join("#" if (x, y) in walls else " " for x in range(width)) for y in range(height))
    return Level(width, height, rows, (a, b))


def neighbours(level: Level, cell):
    x, y = cell
    for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
        if not level.is_wall(nx, ny):
            yield (nx, ny)


def bfs(level: Level, start, blocked):
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for n in neighbours(level, cell):
            if n not in dist and n not in blocked:
                dist[n] = dist[cell] + 1
                queue.append(n)
    return dist


def as_cells(board: Board, bits: int) -> set[tuple[int, int]]:
    return {board.geo.coords(i) for i in cells_of(bits)}


@settings(max_examples=150, deadline=None)
@given(boards())
def test_flood_matches_breadth_first_search(level):
    board = Board.from_level(level)
    heads = set(level.starts)
    expected = set(bfs(level, level.starts[0], heads - {level.starts[0]})) - {level.starts[0]}
    assert as_cells(board, flood(board.geo, board.free, board.me)) == expected


@settings(max_examples=150, deadline=None)
@given(boards())
def test_voronoi_matches_distances(level):
    board = Board.from_level(level)
    a, b = level.starts
    da = bfs(level, a, {b})
    db = bfs(level, b, {a})
    territory = voronoi(board.geo, board.free, board.me, board.opp)
    mine = {c for c in da if c not in (a, b) and da[c] < db.get(c, 10**9)}
    theirs = {c for c in db if c not in (a, b) and db[c] < da.get(c, 10**9)}
    assert as_cells(board, territory.mine) == mine
    assert as_cells(board, territory.theirs) == theirs
    reach_a = set(da) - {a}
    touching = any(n in reach_a for n in neighbours(level, b))
    assert territory.separated == (not touching)


@settings(max_examples=100, deadline=None)
@given(boards())
def test_edges_count_adjacent_pairs(level):
    board = Board.from_level(level)
    region = board.free
    cells = as_cells(board, region)
    pairs = sum(1 for (x, y) in cells for n in ((x + 1, y), (x, y + 1)) if n in cells)
    assert edges(board.geo, region) == pairs


def longest_path(level: Level, start, region: set) -> int:
    best = 0

    def walk(cell, seen, length):
        nonlocal best
        best = max(best, length)
        for n in neighbours(level, cell):
            if n in region and n not in seen:
                seen.add(n)
                walk(n, seen, length + 1)
                seen.remove(n)

    walk(start, set(), 0)
    return best


@settings(max_examples=200, deadline=None)
@given(boards(max_side=5))
def test_parity_and_chamber_bounds_never_undercount_a_real_path_on_open_regions(level):
    """Both estimates are upper bounds of the longest path when the region is one biconnected room."""
    board = Board.from_level(level)
    region = flood(board.geo, board.free, board.me)
    cells = as_cells(board, region)
    exact = longest_path(level, level.starts[0], cells)
    assert parity_bound(board.geo, region, board.me) >= exact
    estimate = chamber_fill(board.geo, board.free, board.me)
    assert estimate <= region.bit_count()
    if not articulation_points(board.geo, region | 1 << board.me):
        # One room: the chamber tree is the room itself, capped by parity.
        assert estimate == parity_bound(board.geo, region, board.me) >= exact


def test_chamber_fill_sees_dead_ends_that_flood_fill_counts():
    # A corridor with a side branch to a room: a path can use only one branch at each fork.
    lvl = RULES.parse_level("""9 6
#########
#1      #
#### ####
#       #
#########
#2#######
""")
    board = Board.from_level(lvl)
    region = flood(board.geo, board.free, board.me)
    assert region.bit_count() == 6 + 1 + 7
    exact = longest_path(lvl, lvl.starts[0], as_cells(board, region))
    assert exact == 3 + 2 + 3
    assert chamber_fill(board.geo, board.free, board.me) == exact


@settings(max_examples=100, deadline=None)
@given(boards())
def test_articulation_points_match_removal(level):
    board = Board.from_level(level)
    region = board.free
    cells = as_cells(board, region)
    found = as_cells(board, articulation_points(board.geo, region))

    def components(keep):
        seen, count = set(), 0
        for c in keep:
            if c in seen:
                continue
            count += 1
            todo = [c]
            seen.add(c)
            while todo:
                cur = todo.pop()
                for n in neighbours(level, cur):
                    if n in keep and n not in seen:
                        seen.add(n)
                        todo.append(n)
        return count

    base = components(cells)
    expected = {c for c in cells if components(cells - {c}) > base}
    assert found == expected


def test_geometry_masks_and_coordinates():
    geo = geometry(4, 3)
    assert geo.stride == 5
    assert geo.cells.bit_count() == 12 and geo.even.bit_count() == 6
    for x, y in itertools.product(range(4), range(3)):
        assert geo.coords(geo.index(x, y)) == (x, y)


def test_board_from_state_sees_trails_and_both_sides():
    lvl = RULES.parse_level("5 3\n#####\n#1 2#\n#####\n")
    state = RULES.play(RULES.initial_state(lvl), "N N")
    # Both crashed into the wall above; their start cells are now trail.
    board = Board.from_state(RULES.initial_state(lvl), 1)
    assert board.geo.coords(board.me) == (3, 1) and board.geo.coords(board.opp) == (1, 1)
    assert as_cells(board, board.free) == {(2, 1)}
    assert board.to_rows() == ["#####", "#2 1#", "#####"]
    assert state.over


@settings(max_examples=150, deadline=None)
@given(boards())
def test_local_cuts_follow_the_3x3_rule_and_include_every_articulation_point(level):
    """A cell is a local cut when its free neighbours form two or more arcs around it (a corner
    joins two side-by-side neighbours); every real articulation point is one."""
    board = Board.from_level(level)
    geo = board.geo
    cells = board.free | 1 << board.me | 1 << board.opp
    cuts = local_cuts(geo, cells)
    assert articulation_points(geo, cells) & ~cuts == 0
    s = geo.stride
    for c in cells_of(cells):
        sides = [cells >> n & 1 if n >= 0 else 0 for n in (c - s, c + 1, c + s, c - 1)]
        corners = [cells >> n & 1 if n >= 0 else 0 for n in (c - s + 1, c + s + 1, c + s - 1, c - s - 1)]
        links = sum(sides[i] & sides[(i + 1) % 4] & corners[i] for i in range(4))
        arcs = 0 if not any(sides) else max(1, sum(sides) - links)
        assert bool(cuts >> c & 1) == (arcs >= 2)


def test_a_full_chamber_cache_forgets_its_oldest_estimate_not_all(monkeypatch: pytest.MonkeyPatch):
    """Clearing the whole cache when it was full took 4-33 ms inside an answer (50,000 regions as
    keys) without a look at the clock; now the oldest entry makes room, one at a time."""
    from arcade.games.tron import board as board_module

    monkeypatch.setattr(board_module, "_CHAMBER_CACHE_SIZE", 3)
    geo = geometry(7, 1)  # a corridor: every inner cell cuts it, so estimates are cached
    free = sum(1 << geo.index(x, 0) for x in range(7))
    clear_chamber_cache()
    try:
        for x in range(5):
            chamber_fill(geo, free, geo.index(x, 0))
        assert [start for _stride, _region, start in board_module._CHAMBER_CACHE] == [
            geo.index(x, 0) for x in (2, 3, 4)]
    finally:
        clear_chamber_cache()


def test_geometry_masks_are_made_at_once_and_match_the_cells():
    """The layout's masks, now made at once with numpy (bit by bit on the big integers 200x200's
    took 36 ms, inside a round's first answer; ``bench tron`` measures it), are the same bits."""
    for width, height in [(1, 1), (3, 2), (16, 15), (7, 40), (13, 1), (60, 45)]:
        geo = geometry.__wrapped__(width, height)
        stride = width + 1
        cells = even = 0
        for y in range(height):
            for x in range(width):
                bit = 1 << ((y + 1) * stride + x)
                cells |= bit
                even |= bit if (x + y) % 2 == 0 else 0
        assert (geo.cells, geo.even, geo.stride) == (cells, even, stride), (width, height)
