"""Hashi solver (pure logic): named deduction rules, propagation with a trail, search and solution counting.

The engine (:mod:`.engine`) holds the rules; :mod:`.search` the search, counting and grading.

The solver never looks at :class:`~arcade.games.hashi.logic.State` objects while it works:
it compiles a :class:`~arcade.games.hashi.logic.Puzzle` into flat lists (:class:`Net`) and
keeps, per candidate line, an interval ``lo..hi`` of bridge counts still possible. Rules
narrow intervals; every change goes on a trail so a guess is undone in time proportional
to what it changed. Rules come in stages, which is also how puzzles are graded:

1. *local* (easy): pigeonhole / single neighbour (a number that the other directions
   cannot cover forces bridges), saturation and capacity (a number already reached, or a
   small neighbour, caps a line), crossing elimination.
2. *isolation* (medium): never close a group that cannot reach the rest -- 1–1, 2=2 and
   the general form on groups of islands already joined.
3. *connectivity* (hard): the islands must stay connected, so a line whose removal would
   split the possible network is needed; a split network is a contradiction.
4. *trial* (hard): assume a line's value, propagate stages 1-3; a contradiction proves
   the opposite (a one-step lookahead a careful player does on paper).

Beyond that the solver *guesses* (depth-first search with propagation at every node),
which makes it complete: it finds a solution of any solvable board and counts solutions
up to a limit, so uniqueness is proven rather than assumed.
"""

from arcade.games.hashi.solver.engine import (
    CAPACITY,
    CONNECTIVITY,
    CROSSING,
    CUT_LINE,
    GIVEN,
    ISOLATION,
    ISOLATION_11,
    ISOLATION_22,
    ISOLATION_GROUP,
    LOCAL,
    PARITY,
    PIGEONHOLE,
    RULE_STAGE,
    SATURATED,
    SINGLE,
    STAGE_NAMES,
    TRIAL,
    TRIAL_RULE,
    Contradiction,
    Engine,
    Event,
    Net,
    compile_puzzle,
)
from arcade.games.hashi.solver.search import (
    Grade,
    Search,
    count_solutions,
    engine_from_state,
    grade,
    is_unique,
    luby,
    search,
    solutions,
    solutions_from,
    solve,
    staged,
)

__all__ = [
    "CAPACITY", "CONNECTIVITY", "CROSSING", "CUT_LINE", "GIVEN", "ISOLATION", "ISOLATION_11", "ISOLATION_22",
    "ISOLATION_GROUP", "LOCAL", "PARITY", "PIGEONHOLE", "RULE_STAGE", "SATURATED", "SINGLE", "STAGE_NAMES",
    "TRIAL", "TRIAL_RULE", "Contradiction", "Engine", "Event", "Grade", "Net", "Search", "compile_puzzle",
    "count_solutions", "engine_from_state", "grade", "is_unique", "luby", "search", "solutions",
    "solutions_from", "solve", "staged",
]
