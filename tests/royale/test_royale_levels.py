"""Bundled levels: sizes and densities the issue asks for, and every '# par:' equal to the exact solver."""

from __future__ import annotations

import pytest

from arcade.games.royale.logic import RULES
from arcade.games.royale.solver import solve_level
from arcade.services.resources import level_files

FILES = level_files("royale", RULES.level_pattern)


def test_the_set_spans_the_sizes_and_densities():
    levels = [RULES.load_level_file(p) for p in FILES]
    assert len(levels) >= 12
    sides = {min(lv.rows, lv.cols) for lv in levels}
    assert min(sides) <= 9 and max(sides) >= 51
    generated = [lv for lv in levels if lv.meta_value("generator")]
    densities = {round(lv.loot_count / (lv.rows * lv.cols), 2) for lv in generated}
    assert min(densities) <= 0.1 and max(densities) >= 0.3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_par_header_matches_the_solver(path):
    level = RULES.load_level_file(path)
    route = solve_level(level)
    assert route is not None and route.exact
    assert level.meta_value("par") == str(route.loot)
