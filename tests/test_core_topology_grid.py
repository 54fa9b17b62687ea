"""Topology and grid helpers: wrapped steps, rays, lines of sight, disjoint sets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arcade.core.grid import (
    DisjointSet,
    cell_name,
    line_of_sight,
    size_name,
)
from arcade.core.topology import DIRECTIONS, Shape, Topology


def test_plane_edges_stop():
    shape = Shape(3, 4)
    assert shape.step((0, 0), (-1, 0)) is None
    assert shape.step((0, 3), (0, 1)) is None
    assert shape.neighbours((0, 0)) == [(0, 1), (1, 0)]


def test_cylinder_wraps_columns_only():
    shape = Shape(3, 4, Topology.CYLINDER)
    assert shape.step((1, 3), (0, 1)) == (1, 0)
    assert shape.step((0, 2), (-1, 0)) is None
    assert shape.crosses_seam((1, 3), (0, 1))
    assert not shape.crosses_seam((1, 2), (0, 1))


def test_torus_wraps_both_axes():
    shape = Shape(3, 4, Topology.TORUS)
    assert shape.step((0, 0), (-1, 0)) == (2, 0)
    assert shape.step((2, 3), (1, 0)) == (0, 3)
    assert len(shape.neighbours((0, 0))) == 4
    assert shape.distance((0, 0), (2, 3)) == 2


def test_ray_visits_each_other_cell_once_on_a_wrapped_axis():
    shape = Shape(2, 5, Topology.CYLINDER)
    assert list(shape.ray((0, 3), (0, 1))) == [(0, 4), (0, 0), (0, 1), (0, 2)]
    assert list(Shape(2, 5).ray((0, 3), (0, 1))) == [(0, 4)]


def test_line_of_sight_reports_cells_between_and_the_seam():
    shape = Shape(1, 6, Topology.CYLINDER)
    islands = {(0, 1), (0, 4)}
    east = line_of_sight(shape, (0, 4), (0, 1), islands.__contains__)
    assert east is not None
    assert east.target == (0, 1) and east.between == ((0, 5), (0, 0)) and east.wraps
    west = line_of_sight(shape, (0, 4), (0, -1), islands.__contains__)
    assert west.target == (0, 1) and west.between == ((0, 3), (0, 2)) and not west.wraps
    # Adjacent cells see each other with nothing between.
    adjacent = line_of_sight(Shape(1, 3), (0, 0), (0, 1), {(0, 1)}.__contains__)
    assert adjacent.between == ()
    assert line_of_sight(Shape(1, 3), (0, 0), (0, -1), islands.__contains__) is None


def test_disjoint_set_groups():
    ds = DisjointSet(range(6))
    assert ds.union(0, 1) and ds.union(1, 2) and not ds.union(0, 2)
    ds.union(4, 5)
    assert ds.connected(0, 2) and not ds.connected(2, 3)
    assert sorted(map(sorted, ds.groups())) == [[0, 1, 2], [3], [4, 5]]
    assert ds.size(5) == 2 and len(ds) == 6


def test_topology_parse_names_choices():
    assert Topology.parse(" Torus ") is Topology.TORUS
    with pytest.raises(ValueError, match="plane, cylinder, torus"):
        Topology.parse("klein")


def test_shape_rejects_empty():
    with pytest.raises(ValueError):
        Shape(0, 3)


@given(
    rows=st.integers(1, 7), cols=st.integers(1, 7), topology=st.sampled_from(list(Topology)),
    r=st.integers(0, 6), c=st.integers(0, 6),
)
def test_steps_are_reversible_and_stay_on_board(rows, cols, topology, r, c):
    shape = Shape(rows, cols, topology)
    cell = (r % rows, c % cols)
    for d in DIRECTIONS:
        nxt = shape.step(cell, d)
        if nxt is None:
            continue
        assert shape.contains(nxt)
        assert shape.step(nxt, (-d[0], -d[1])) == cell
        assert shape.distance(cell, nxt) <= 1


@pytest.mark.parametrize(("cell", "name", "short"), [
    ((0, 0), "row 1, column 1", "r1,c1"),
    ((3, 10), "row 4, column 11", "r4,c11"),  # Battle Royale's seed start, which it called "(3, 10)"
    ((1, 4), "row 2, column 5", "r2,c5"),
    ((149, 0), "row 150, column 1", "r150,c1"),
])
def test_a_cell_is_named_as_players_count_from_1(cell, name, short):
    assert cell_name(cell) == name and cell_name(cell, short=True) == short


def test_a_board_size_is_written_width_by_height_with_the_times_sign():
    assert size_name(40, 7) == "40×7"  # 40 columns, 7 rows: as Hashi always said it
    assert size_name(20, 14) == "20×14"  # Battle Royale's seed grid, which its picker called "14x20"


#: f-strings that still write a size with an ASCII "x": text the player types or a file is named by
#: (game IDs, ``--size``, level ids and file names, benchmark lines), not a size shown as a size.
ASCII_SIZES = {
    "arcade/games/hashi/formats.py": 1,  # the Tatham game ID "7x7m2:…"
    "arcade/games/hashi/ai_cli.py": 2,  # the --size help, a generated file's name
    "arcade/games/royale/generator.py": 2,  # the --size it was given, the command that regenerates it
    "arcade/games/royale/view/__init__.py": 1,  # a random grid's level id
    "arcade/core/topology.py": 1,  # a programming error (topology cannot import grid)
    "arcade/cli.py": 1,  # a window's size in pixels, as --size takes it
    "arcade/ui/settings_scene.py": 1,  # a window's size in pixels, not a board's
}


def test_every_size_shown_to_a_player_goes_through_size_name():
    """Battle Royale's picker said "14x20" (rows x columns) where Hashi said "40×7" (width × height):
    each game formatted sizes itself. Any new f-string that does is caught here."""
    root = Path(__file__).resolve().parent.parent
    pattern = re.compile(r"\{[^{}]*\}\s*[x×]\s*\{[^{}]*\}")
    found = {}
    for path in sorted((root / "arcade").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name == "arcade/core/grid.py" or "bench" in name:
            continue
        count = sum(1 for line in path.read_text(encoding="utf-8").splitlines()
                    if pattern.search(line) and "zoom" not in line.lower())
        if count:
            found[name] = count
    assert found == ASCII_SIZES
