"""The endgame planner: its paths are real paths, small rooms are filled exactly, plans only grow."""

from __future__ import annotations

import time

from hypothesis import given, settings

from arcade.games.tron.board import (
    Board,
    Geometry,
    cells_of,
    chamber_fill,
    clear_chamber_cache,
    flood,
    geometry,
    mask_of,
    parity_bound,
)
from arcade.games.tron.endgame import FillPlanner, add_detours, greedy_walk, longest_path
from arcade.games.tron.logic import RULES, parse_map
from tests.tron.test_tron_board import as_cells, boards
from tests.tron.test_tron_board import longest_path as brute_force_longest


def assert_is_path(board: Board, head: int, path: list[int]) -> None:
    seen = set()
    prev = head
    for cell in path:
        assert cell - prev in board.geo.offsets, "not a step"
        assert board.free >> cell & 1, "not a free cell"
        assert cell not in seen, "cell visited twice"
        seen.add(cell)
        prev = cell


@settings(max_examples=150, deadline=None)
@given(boards(max_side=5))
def test_small_rooms_are_filled_exactly(level):
    """The planner's first plan on a small room is as long as the brute-force longest path."""
    board = Board.from_level(level)
    region = flood(board.geo, board.free, board.me)
    exact = brute_force_longest(level, level.starts[0], as_cells(board, region))
    path = longest_path(board.geo, board.free, board.me)
    assert path is not None
    assert_is_path(board, board.me, path)
    assert len(path) == exact
    planner = FillPlanner()
    cell, length, _bound = planner.move(board.geo, board.free, board.me, time.perf_counter() + 5)
    assert length == exact
    if exact:
        assert cell in {board.me + o for o in board.geo.offsets}


@settings(max_examples=100, deadline=None)
@given(boards(max_side=7))
def test_walks_and_detours_are_real_paths_never_longer_than_the_chamber_bound(level):
    board = Board.from_level(level)
    walk = greedy_walk(board.geo, board.free, board.me)
    assert_is_path(board, board.me, walk)
    longer = add_detours(board.geo, board.free, board.me, walk)
    assert_is_path(board, board.me, longer)
    assert len(walk) <= len(longer) <= flood(board.geo, board.free, board.me).bit_count()


ROOM = RULES.parse_level("""12 9
############
#1         #
#          #
#          #
#          #
#          #
#          #
#         2#
############
""")


def test_a_big_open_room_is_planned_to_its_parity_bound_and_the_plan_is_followed():
    """80 cells in an open room: the plan reaches the bound, and each later move follows it."""
    board = Board.from_level(ROOM)
    free = board.free & ~(1 << board.opp)
    planner = FillPlanner()
    head = board.me
    bound = chamber_fill(board.geo, free, head)
    moves = 0
    while True:
        cell, length, _ = planner.move(board.geo, free, head, time.perf_counter() + 5)
        if cell < 0:
            break
        if moves == 0:
            assert length == bound
        else:
            assert length == bound - moves
        free &= ~(1 << cell)
        head = cell
        moves += 1
    assert moves == bound


def _three_halls(side: int = 40) -> Board:
    """A hall with a door to each of two more: a path can enter only one of them, so the chamber
    tree (the first hall and the best one beyond) is well below the parity bound (all three)."""
    rows = []
    for y in range(side):
        row = ["#" if x in (0, side - 1) or y in (0, side - 1) else " " for x in range(side)]
        if y not in (side // 4, 3 * side // 4):
            row[side // 2] = "#"
        if y == side // 2:
            row[side // 2:] = "#" * (side - side // 2)
        rows.append(row)
    rows[1][1], rows[side - 2][side - 2] = "1", "2"
    return Board.from_level(parse_map(f"{side} {side}\n" + "\n".join("".join(r) for r in rows) + "\n", "halls"))


def test_a_room_too_big_to_chart_in_time_is_bounded_by_parity_and_still_moves():
    """The chamber tree of a 200x200 room took 30 ms before any walk: past the budget at 25 ms.
    Now it gets a third of the time; out of time, the parity bound stands in and a move is made."""
    board = _three_halls()
    geo = board.geo
    free = board.free & ~(1 << board.opp)
    room = flood(geo, free, board.me)
    clear_chamber_cache()
    cell, length, bound = FillPlanner().move(geo, free, board.me, time.perf_counter() - 1)
    assert cell in {board.me + o for o in geo.offsets} and free >> cell & 1
    assert length >= 1 and bound == parity_bound(geo, room, board.me)
    # With time, the chamber tree's tighter bound.
    clear_chamber_cache()
    _cell, _length, charted = FillPlanner().move(geo, free, board.me, time.perf_counter() + 5)
    assert charted == chamber_fill(geo, free, board.me, room) < bound - 300


def _snake_room(size: int) -> tuple[Geometry, int, int, list[int]]:
    """An open ``size`` x ``size`` room and a path through every cell of it, row by row."""
    geo = geometry(size, size)
    cells = [geo.index(x if y % 2 == 0 else size - 1 - x, y) for y in range(size) for x in range(size)]
    free = 0
    for cell in cells[1:]:
        free |= 1 << cell
    return geo, free, cells[0], cells[1:]


def test_mask_of_is_the_inverse_of_cells_of():
    _geo, free, _head, path = _snake_room(12)
    assert mask_of(path) == free and sorted(cells_of(free)) == sorted(path)
    assert mask_of([]) == 0 and mask_of([0, 7, 8, 300]) == 1 | 1 << 7 | 1 << 8 | 1 << 300


def test_detours_past_the_deadline_leave_a_long_plan_as_it_is():
    """The planner's bookkeeping did not look at the clock: on 200x200, with a 40,000-cell plan,
    ``add_detours`` called after its deadline still built its mask cell by cell (57 ms) and
    checking the kept plan took 12 ms. Past its deadline it now returns the plan untouched; the
    kept plan's check (now one numpy mask) still tells a free path from a blocked one. (Times
    are the benchmark's to measure, not a test's.)"""
    geo, free, head, path = _snake_room(200)
    assert add_detours(geo, free, head, path, time.perf_counter() - 1) == path
    assert FillPlanner._cells_free(free, path)
    assert not FillPlanner._cells_free(free & ~(1 << path[-1]), path)
