"""The Hashi controller without pygame: drag directions, the build cycle, right-drag removal, clicks, cursor."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from arcade.games.hashi.controller import (
    LEFT,
    RIGHT,
    Gestures,
    Highlight,
    arrow_plan,
    drag_direction,
    move_cursor,
    nearest_with_number,
    plan_build,
    plan_remove,
    read_highlight,
)
from arcade.games.hashi.formats import parse_puzzle
from arcade.games.hashi.logic import RULES, Move, State


def board(text: str, topology: str = "plane") -> State:
    header = f"# topology: {topology}\n" if topology != "plane" else ""
    return State.empty(parse_puzzle(header + text))


def centre(state: State, pos: tuple[int, int]) -> tuple[float, float]:
    return (pos[0] + 0.5, pos[1] + 0.5)


def drag(state: State, start: tuple[int, int], offset: tuple[float, float], button=LEFT) -> State:
    """Press on the island at ``start``, move by ``offset`` (rows, cols) in a few steps, release; play it."""
    gestures = Gestures()
    c = centre(state, start)
    assert gestures.press(state.puzzle.island_at[start], c, button)
    for k in (0.25, 0.5, 1.0):
        gestures.motion(state, (c[0] + offset[0] * k, c[1] + offset[1] * k))
    result = gestures.release(state, (c[0] + offset[0], c[1] + offset[1]))
    assert result.kind in ("play", "click")
    assert result.plan is not None and result.plan.ok, result.plan
    return RULES.apply(state, result.plan.move)


def test_the_pure_modules_do_not_import_pygame():
    code = (
        "import sys\n"
        "import arcade.games.hashi.logic, arcade.games.hashi.formats, arcade.games.hashi.controller\n"
        "import arcade.games.hashi.catalog, arcade.games.hashi.cli\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])


@pytest.mark.parametrize(("vector", "expected"), [
    ((0.0, 0.1), None), ((0.2, -0.3), None),
    ((0.0, 0.6), "E"), ((0.1, -2.0), "W"), ((0.9, 0.2), "S"), ((-3.0, 1.0), "N"),
])
def test_a_drag_needs_only_to_make_its_direction_clear(vector, expected):
    assert drag_direction(*vector) == expected


def test_a_wobbling_drag_keeps_its_direction_until_the_other_axis_clearly_wins():
    assert drag_direction(1.0, 1.1) == "E"
    assert drag_direction(1.1, 1.0, previous="E") == "E"
    assert drag_direction(1.5, 1.0, previous="E") == "S"


def test_left_drags_cycle_zero_one_two_zero_without_reaching_the_other_island():
    state = board("4....4")
    line = state.puzzle.line_from(0, "E")
    counts = []
    for _ in range(3):
        state = drag(state, (0, 0), (0.1, 0.8))  # less than one cell: the direction is enough
        counts.append(state.bridges[line])
    assert counts == [1, 2, 0]


def test_right_drag_removes_one_bridge_then_toggles_the_no_bridge_mark():
    state = board("3.3")
    state = RULES.play(state, "set 0 0 E 2")
    state = drag(state, (0, 2), (0, -1), RIGHT)
    assert state.bridges == (1,)
    state = drag(state, (0, 2), (0, -1), RIGHT)
    assert state.bridges == (0,) and not state.marks
    state = drag(state, (0, 0), (0, 1), RIGHT)
    assert state.marks == {0}
    state = drag(state, (0, 0), (0, 1), RIGHT)
    assert state.marks == frozenset()


def test_a_click_locks_and_returning_to_the_island_cancels():
    state = board("2.2")
    gestures = Gestures()
    gestures.press(0, (0.5, 0.5), LEFT)
    result = gestures.release(state, (0.55, 0.45))
    assert result.kind == "click" and result.plan.move == Move("lock", (0, 0))
    gestures.press(0, (0.5, 0.5), LEFT)
    assert gestures.motion(state, (0.5, 1.5)).move == Move("set", (0, 0), "E", 1)
    assert gestures.motion(state, (0.5, 0.6)) is None  # back on the island: no direction
    assert gestures.release(state, (0.5, 0.6)).kind == "cancel"
    assert not gestures.active
    gestures.press(0, (0.5, 0.5), RIGHT)
    assert gestures.release(state, (0.5, 0.5)).kind == "cancel"  # a right click does nothing
    assert Gestures().release(state, (0, 0)).kind == "cancel"


def test_the_live_plan_explains_refusals_before_release():
    state = board(".1.\n1.1\n.1.")
    state = RULES.play(state, "set 1 0 E 1")
    gestures = Gestures()
    gestures.press(state.puzzle.island_at[(0, 1)], (0.5, 1.5), LEFT)
    plan = gestures.motion(state, (1.5, 1.5))
    assert plan.direction == "S" and not plan.ok
    assert "cross the bridge" in plan.refusal and plan.blocking == state.puzzle.line_from(1, "E")
    nothing = gestures.motion(state, (0.5, 3.0))
    assert nothing.quiet and "sees no island to the east" in nothing.refusal and nothing.line is None


def test_a_refused_line_is_named_in_a_whole_sentence():
    """The status line said "✗ it would cross the bridge between the 3 at row 4, column 5 and ..." --
    a fragment whose "it" named nothing: the rules' reason now follows the move it refuses."""
    state = RULES.play(board(".1.\n1.1\n.1."), "set 1 0 E 1")
    plan = plan_build(state, state.puzzle.island_at[(0, 1)], "S")
    assert plan.refusal == ("Cannot build a bridge between the 1 at row 1, column 2 and the 1 at row 3, column 2: "
                            "it would cross the bridge between the 1 at row 2, column 1 and the 1 at row 2, column 3")
    marked = RULES.play(board("2.2"), "mark 0 0 E")
    assert plan_build(marked, 0, "E").refusal.startswith(
        "Cannot build a bridge between the 2 at row 1, column 1 and the 2 at row 1, column 3: this line is marked")
    built = RULES.play(board("2.2"), "set 0 0 E 1")
    assert plan_remove(RULES.play(built, "set 0 0 E 0"), 0, "E").ok
    # A reason that is a sentence of its own (it names its island) is left as it is.
    assert plan_build(RULES.play(board("2.2"), "lock 0 2"), 0, "E").refusal.startswith("The 2 at row 1, column 3")


def test_locked_islands_refuse_and_say_so():
    state = RULES.play(board("2.2"), "lock 0 2")
    plan = plan_build(state, 0, "E")
    assert not plan.ok and "locked as finished" in plan.refusal
    assert plan_remove(state, 0, "E").refusal


def test_a_solved_board_refuses_every_gesture():
    state = RULES.play(board("2.2"), "set 0 0 E 2")
    for plan in (plan_build(state, 0, "E"), plan_remove(state, 1, "W"), arrow_plan(state, 0, "E", RIGHT)):
        assert not plan.ok and plan.refusal == "the puzzle is solved — undo to change it"


def test_keyboard_build_stops_at_two_and_says_why():
    state = RULES.play(board("2.2"), "set 0 0 E 2")
    plan = arrow_plan(state, 0, "E", LEFT)
    assert not plan.ok and "at most 2 bridges" in plan.refusal and "Shift+arrow" in plan.refusal
    assert arrow_plan(state, 0, "E", RIGHT).move == Move("set", (0, 0), "E", 1)


def test_the_cursor_goes_straight_ahead_first_then_into_a_cone():
    p = board("1...1\n.....\n..1..\n1....\n....1").puzzle
    at = p.island_at
    assert move_cursor(p, at[(0, 0)], "E") == at[(0, 4)]
    assert move_cursor(p, at[(0, 0)], "S") == at[(3, 0)]
    assert move_cursor(p, at[(3, 0)], "E") == at[(2, 2)]  # nothing straight ahead: nearest in the cone
    assert move_cursor(p, at[(0, 0)], "W") == at[(0, 0)]  # nothing there: stay


def test_the_cursor_wraps_round_a_cylinder():
    p = board("1...1\n.....\n1....", "cylinder").puzzle
    at = p.island_at
    assert move_cursor(p, at[(0, 4)], "E") == at[(0, 0)]
    assert move_cursor(p, at[(0, 0)], "W") == at[(0, 4)]
    assert move_cursor(p, at[(0, 0)], "N") == at[(0, 0)]  # rows do not wrap on a cylinder


def test_number_keys_jump_to_the_nearest_island_with_that_number():
    p = board("3...2\n.....\n2...3").puzzle
    at = p.island_at
    assert nearest_with_number(p, at[(0, 0)], 3) == at[(2, 4)]
    assert nearest_with_number(p, at[(0, 0)], 2) == at[(2, 0)]
    assert nearest_with_number(p, at[(0, 0)], 7) is None


def test_ai_highlights_are_read_safely():
    p = board("2.2\n...\n2.2").puzzle
    found = read_highlight(p, (("island", 1), ("line", 0), ("wrong", 2), ("line", 99), ("bogus", 1), "x", ("island",)))
    assert found == Highlight(frozenset({1}), frozenset({0}), frozenset({2}))
    assert not read_highlight(p, ())
