"""Hashi solver (pure logic): named deduction rules, propagation with a trail, search and solution counting.

The engine (:mod:`.engine`) holds the rules; :mod:`.search` the search, counting and grading.

How the rules narrow each line's interval of bridge counts, stage by stage (local,
isolation, connectivity, trial -- also how puzzles are graded), is told in :mod:`.engine`.

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
    PAIR,
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
    DEFAULT_TIMEOUT,
    Grade,
    Search,
    Stopped,
    count_solutions,
    engine_from_state,
    grade,
    is_unique,
    luby,
    search,
    solutions,
    solutions_from,
    solutions_within,
    solve,
    staged,
)

__all__ = [
    "CAPACITY", "CONNECTIVITY", "CROSSING", "CUT_LINE", "DEFAULT_TIMEOUT", "GIVEN", "ISOLATION", "ISOLATION_11",
    "ISOLATION_22", "ISOLATION_GROUP", "LOCAL", "PAIR", "PARITY", "PIGEONHOLE", "RULE_STAGE", "SATURATED", "SINGLE",
    "STAGE_NAMES", "TRIAL", "TRIAL_RULE", "Contradiction", "Engine", "Event", "Grade", "Net", "Search", "Stopped",
    "compile_puzzle", "count_solutions", "engine_from_state", "grade", "is_unique", "luby", "search", "solutions",
    "solutions_from", "solutions_within", "solve", "staged",
]
