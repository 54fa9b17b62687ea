"""Every bundled Hashi level is unique and labelled with its real grade; the generated packs are complete."""

from __future__ import annotations

import re

import pytest

from arcade.games.hashi import generator, solver
from arcade.games.hashi.formats import read_puzzle
from arcade.services.resources import levels_dir

ROOT = levels_dir("hashi")
ALL = sorted(ROOT.rglob("*.txt"))
PACKS = ("easy", "medium", "hard")
PACKED = [p for p in ALL if p.parent.name in PACKS]


@pytest.mark.parametrize("path", ALL, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_bundled_level_is_unique_and_graded_as_labelled(path):
    puzzle = read_puzzle(path)
    assert puzzle.title
    assert solver.count_solutions(puzzle, 2) == 1
    grade = solver.grade(puzzle)
    assert grade.solved and grade.name == puzzle.meta_value("difficulty")


def test_the_generated_packs_cover_sizes_grades_and_topologies():
    assert len(PACKED) >= 60
    puzzles = [read_puzzle(p) for p in PACKED]
    sides = [(p.cols, p.rows) for p in puzzles]
    assert min(min(s) for s in sides) == 7 and max(max(s) for s in sides) == 30
    wrapped = [p for p in puzzles if p.topology.value != "plane"]
    assert len(wrapped) >= 6 and {p.topology.value for p in wrapped} == {"cylinder", "torus"}
    for folder in PACKS:
        assert sum(p.parent.name == folder for p in PACKED) >= 15
    assert len({p.title for p in puzzles}) == len(puzzles)


@pytest.mark.parametrize("path", [p for p in PACKED if read_puzzle(p).topology.value != "plane"],
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_wrapped_pack_levels_need_a_bridge_round_the_edge(path):
    puzzle = read_puzzle(path)
    (solution,) = solver.solutions(puzzle, 2)
    assert any(n and puzzle.lines[i].wraps for i, n in enumerate(solution))


@pytest.mark.parametrize("path", PACKED[::9], ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_pack_level_is_reproduced_by_its_recorded_seed(path):
    puzzle = read_puzzle(path)
    seed = int(re.fullmatch(r"seed (\d+), density 1", puzzle.meta_value("generator")).group(1))
    made = generator.generate(puzzle.rows, puzzle.cols, puzzle.meta_value("difficulty"), puzzle.topology,
                              seed=seed)
    assert made.puzzle.islands == puzzle.islands
