"""A referee's check of the exact Runway AI against a breadth-first search written from the spec alone.

The package's own brute force (in test_runway_ai.py) walks the rules module with a 5-turn limit;
this one re-implements the spec's table (shared/specs/runway.md) without importing it, keeps the
puzzle's 50-turn limit, and reaches held-out shapes: bikes that start past column 0 or on a hole,
starting speeds up to 49, holes in the last column, 1-4 bikes, need 1 .. all.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from arcade.games.runway.ai import exact_plan
from arcade.games.runway.logic import RULES, Bike, Level

TURNS = 50


def spec_turn(lanes: list[str], x: int, s: int, bikes: tuple[int | None, ...], command: str):
    """One turn by the spec: (x, s, lanes of the bikes, None for destroyed ones)."""
    length = len(lanes[0])

    def hole(col: int, lane: int) -> bool:
        return col < length and lanes[lane][col] == "0"

    s = s + 1 if command == "SPEED" else max(0, s - 1) if command == "SLOW" else s
    alive = [y for y in bikes if y is not None]
    shift = 0
    if command == "UP" and 0 not in alive:
        shift = -1
    if command == "DOWN" and 3 not in alive:
        shift = 1
    out = []
    for y in bikes:
        if y is None:
            out.append(None)
        elif command == "JUMP":
            out.append(None if hole(x + s, y) else y)
        elif shift:
            bad = (any(hole(c, y) for c in range(x + 1, x + s))
                   or any(hole(c, y + shift) for c in range(x + 1, x + s + 1)))
            out.append(None if bad else y + shift)
        else:
            out.append(None if any(hole(c, y) for c in range(x + 1, x + s + 1)) else y)
    return x + s, s, tuple(out)


def spec_best(level: Level) -> tuple[int, int] | None:
    """(most bikes across, fewest turns for that many) over every command sequence; None: no win."""
    lanes, need = list(level.lanes), level.need
    x0 = level.bikes[0].x
    layer = {(x0, level.speed, tuple(b.y for b in level.bikes))}
    seen = set(layer)
    best: tuple[int, int] | None = None
    for turn in range(1, TURNS + 1):
        nxt = set()
        for x, s, bikes in layer:
            for command in ("SPEED", "SLOW", "JUMP", "WAIT", "UP", "DOWN"):
                state = spec_turn(lanes, x, s, bikes, command)
                active = sum(y is not None for y in state[2])
                if active < need:
                    continue
                if state[0] >= len(lanes[0]):
                    if best is None or active > best[0]:
                        best = (active, turn)
                elif state not in seen:
                    seen.add(state)
                    nxt.add(state)
        layer = nxt
    return best


@st.composite
def held_out_levels(draw) -> Level:
    length = draw(st.integers(1, 12))
    density = draw(st.sampled_from((0.0, 0.15, 0.3, 0.5, 0.8)))
    flips = st.lists(st.floats(0, 1), min_size=length, max_size=length)
    lanes = tuple("".join("0" if f < density else "." for f in draw(flips)) for _ in range(4))
    used = sorted(draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True)))
    need = draw(st.sampled_from((1, len(used), draw(st.integers(1, len(used))))))
    speed = draw(st.one_of(st.integers(0, 4), st.integers(0, 49)))
    x = draw(st.sampled_from((0, 0, draw(st.integers(0, length - 1)))))  # mostly from the start
    return Level(lanes, need, speed, tuple(Bike(x, y) for y in used))


@settings(max_examples=200, deadline=None)
@given(held_out_levels())
@example(Level(("...0", "...0", "...0", "...0"), 1, 0, (Bike(0, 0),)))  # a wall of holes in the last column
@example(Level(("0...", "0..0", "....", "...."), 2, 0, (Bike(0, 0), Bike(0, 1))))  # starting on holes
@example(Level((".0.0.0.0", "0.0.0.0.", ".0.0.0.0", "0.0.0.0."), 4, 49, tuple(Bike(0, y) for y in range(4))))
def test_the_exact_ai_matches_a_spec_bfs_and_its_plan_plays_out(level):
    expected = spec_best(level)
    start = RULES.initial_state(level)
    plan = exact_plan(start)
    end = start
    for command in plan.commands:
        end = RULES.apply(end, command)
    outcome = RULES.outcome(end)
    if expected is None:
        assert not plan.win
        assert outcome is not None and outcome.result == "loss"
    else:
        assert plan.win and plan.complete
        assert (plan.survivors, plan.turns) == expected
        assert outcome is not None and outcome.is_win and len(end.active) == expected[0]
