"""Battle Royale AI (pure): par per level, hints and the "watch" route, all remembered in the AI memo.

Everything here runs in the UI's worker thread, never in a frame. The best route from a
position -- the par's before the drop, a hint's or a watch's after it -- is searched once and
remembered in the framework's :class:`~arcade.services.ai_memo.ResultMemo` (memory for this
run, ``ai-memo/royale.json`` in the user's data dir for a long search; keyed by a hash of the
grid, the position and the solver's version, so an entry an older, maybe buggy solver stored is
never trusted). Watch right after a hint, and a big level reopened, take the answer at once; a
route a time limit cut short stays marked "not proven best". The level file's own ``# par:``
header is trusted only for the number; the route always comes from the solver or the memo.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterator
from typing import Any

from arcade.core.errors import IllegalMove
from arcade.core.game import Hint, Step
from arcade.core.grid import cell_name
from arcade.games.royale.formats import format_level
from arcade.games.royale.logic import DIRECTION_NAMES, DIRECTIONS, RULES, Level, Move, State, replay, route_is_valid
from arcade.games.royale.solver import SOLVER_VERSION, Route, solve_state
from arcade.services.ai_memo import Remembered, ResultMemo

#: Longest a hint or a par may think before settling for the best route found so far.
THINK_SECONDS = 30.0


def grid_key(level: Level) -> str:
    """Identity of a level's grid: headers do not change the answer (the AI memo's level key)."""
    grid = format_level(Level(level.loot))
    return hashlib.blake2b(grid.encode(), digest_size=12).hexdigest()


def level_key(level: Level) -> str:
    """Identity of a level's grid and of the solver that answers (the records' key since version 3)."""
    return f"v{SOLVER_VERSION}-{grid_key(level)}"


def position_key(state: State) -> str:
    """Where the player stands and how they came: "" before the drop, else the drop and the steps
    ("7,10:DDR") -- the route on depends on the loot already taken and the last few cells."""
    if not state.placed:
        return ""
    path = state.path
    letters = "".join(next(d for d, (dr, dc) in DIRECTIONS.items() if (a[0] + dr, a[1] + dc) == b)
                      for a, b in itertools.pairwise(path))
    return f"{path[0][0]},{path[0][1]}:{letters}"


def _encode_route(route: Route) -> dict:
    return {"start": list(route.start), "moves": route.moves, "loot": route.loot}


def _decode_route(data: Any, state: State) -> Route | None:
    """A stored route, if it holds up from ``state``: a damaged or forged entry must never mislead
    the player, so it is replayed (legal, alive, on the centre, with the loot it claims)."""
    if not isinstance(data, dict) or not isinstance(data.get("start"), list) or len(data["start"]) != 2:
        return None
    numbers = [*data["start"], data.get("loot")]
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
        return None  # "2", 2.5 or true were read as numbers: the entry is damaged, not a route
    start, loot = (numbers[0], numbers[1]), numbers[2]
    moves = data.get("moves")
    if not isinstance(moves, str) or not set(moves) <= set(DIRECTIONS):
        return None
    try:
        if not state.placed:
            if not route_is_valid(state.level, start, moves) or replay(state.level, start, moves).loot != loot:
                return None
        else:
            if start != state.pos:
                return None
            end = state
            for letter in moves:
                end = RULES.apply(end, Move.go(letter))
            if end.dead or not end.on_centre or end.loot - state.loot != loot:
                return None
    except IllegalMove:
        return None
    return Route(start, moves, loot)


#: The best routes the solver found, by grid and position: the par (before the drop), a hint's and
#: a watch's plan. Watch right after a hint, or a level reopened, takes the answer at once -- a big
#: grid's search runs for up to ``THINK_SECONDS`` (see :mod:`arcade.services.ai_memo`).
MEMO: ResultMemo[Route] = ResultMemo("royale", SOLVER_VERSION, encode=_encode_route, decode=_decode_route)


def known_best(state: State, seconds: float | None = None) -> Route | None:
    """The remembered best route on from ``state`` (the par's before the drop), without searching:
    one that serves a search of ``seconds`` (default ``THINK_SECONDS``); None when unknown. A
    route a time limit cut short keeps ``exact=False``."""
    budget = THINK_SECONDS if seconds is None else seconds
    found = MEMO.peek(grid_key(state.level), position_key(state), state, budget)
    return None if found is None else _marked(found)


def _marked(found: Remembered[Route]) -> Route:
    """The route, marked as its search ended: a cut-short one stays "not proven best" when reused."""
    route = found.value
    if route.exact == found.exact:
        return route
    return Route(route.start, route.moves, route.loot, found.exact, route.nodes)


def best_from(state: State, should_stop: Callable[[], bool] | None = None,
              seconds: float | None = None) -> Route | None:
    """The best continuation (or, unplaced, the best route over every drop: the par), remembered:
    the hint, the watch and the par ask the memo first, and a search one of them ran answers the
    others. ``seconds`` at most (default ``THINK_SECONDS``); a remembered cut-short route serves a
    search no longer than the one that found it."""
    def search(deadline: float | None) -> tuple[Route, bool] | None:
        route = solve_state(state, deadline=deadline, should_stop=should_stop)
        return None if route is None else (route, route.exact)

    budget = THINK_SECONDS if seconds is None else seconds
    found = MEMO.solve(grid_key(state.level), position_key(state), state, search, budget=budget,
                       should_stop=should_stop)
    return None if found is None else _marked(found)


def hint(state: State, should_stop: Callable[[], bool] | None = None) -> Hint | None:
    """The best next move and "best still possible: N"."""
    outcome = RULES.outcome(state)
    if outcome is not None:
        return Hint(None, "The round is over: undo or restart to try another route.", kind="info")
    if state.doomed:
        return doomed_hint(state)
    route = best_from(state, should_stop)
    if route is None:
        return Hint(None, "No empty cell can reach the centre before the storm closes.", kind="info")
    # On a huge grid the search may stop at its time limit: then the route is the best it found,
    # and the hint must not call it optimal.
    rule = "optimal route" if route.exact else "best route found"

    def reach(loot: int) -> str:
        return f"best still possible: {loot}" if route.exact else f"{loot} loot, not proven best (out of time)"

    if not state.placed:
        return Hint(str(Move.start(route.start)), f"drop at {cell_name(route.start)} — {reach(route.loot)}",
                    rule=rule, highlight=tuple(route.cells), played_reason=reach(route.loot))
    best = state.loot + route.loot
    if not route.moves:
        return Hint("finish", f"finish now — best still possible: {best} (nothing more is worth the walk)",
                    rule=rule, highlight=(state.pos,))
    letter = route.moves[0]
    # Once played, only the reach still holds: "go left" said after the step read as "step left again".
    return Hint(letter, f"go {DIRECTION_NAMES[letter]} — {reach(best)}", rule=rule, highlight=tuple(route.cells),
                played_reason=reach(best))


def undo_advice(state: State) -> str:
    """What to press to get a doomed ``state`` back within reach of the centre: one Undo is not
    always enough (a player may walk on after being doomed), so say how many."""
    back = state.moves_since_hope
    if back >= len(state.path):
        return "undo the drop (U) and drop closer to the centre"
    target = state.path[-1 - back]
    if target == state.pos:
        # A player who walked out and back stands on that very cell, too late: "get back to row 7,
        # column 13" read as nonsense to a player standing on row 7, column 13.
        return (f"undo {back} moves (press U {back} times) to stand here, on {cell_name(target)}, "
                f"{back} moves earlier")
    if back == 1:
        return f"undo (U) to step back to {cell_name(state.path[-2])}"
    return f"undo {back} moves (press U {back} times) to get back to {cell_name(target)}"


def doomed_hint(state: State) -> Hint:
    """The hint for a doomed player: no search (nothing can win from here), just the way back.

    It used to say only "undo (U) to step back" -- however far the player had walked on --
    so a player three moves past hope pressed U, was still doomed, and asked again. The
    violet line shows the way back to the latest cell of the route that can still make it.
    """
    back = state.moves_since_hope
    way_back = tuple(reversed(state.path[max(0, len(state.path) - 1 - back):]))
    return Hint(None, f"the centre is out of reach in the moves left: {undo_advice(state)}, "
                      "from where you can still make it.",
                rule="doomed", kind="error", highlight=way_back)


def last_hopeful(state: State) -> tuple[int, State]:
    """How many moves to take back from a doomed ``state`` to the latest one that can still reach
    the centre, and that state (unplaced when even the drop was hopeless).

    Watching the AI from a doomed position used to start the whole round over, the player's
    route and loot thrown away, where a step or two back would have done.
    """
    path = state.path
    back = state.moves_since_hope
    if back >= len(path):
        return len(path), State(state.level)
    letters = "".join(next(d for d, (dr, dc) in DIRECTIONS.items() if (a[0] + dr, a[1] + dc) == b)
                      for a, b in itertools.pairwise(path))
    return back, replay(state.level, path[0], letters[: len(path) - 1 - back])


def watch(state: State, should_stop: Callable[[], bool] | None = None) -> Iterator[Step]:
    """Steps of the optimal route from here (from the start if unplaced; from the latest
    position that could still reach the centre if doomed)."""
    if RULES.outcome(state) is not None:
        return
    undo = 0
    if state.doomed:
        undo, state = last_hopeful(state)
    route = best_from(state, should_stop)
    if route is None:
        yield Step(None, "No empty cell can reach the centre in time.", kind="info", undo=undo)
        return
    goal = state.loot + route.loot
    # A search cut short by its time limit (a very big grid) found a route, not the best one: the
    # watch used to say it "aims for 33 loot" beside a par of "38+?", as if 33 were the most.
    unproven = "" if route.exact else ", the best route it found (not proven best: out of time)"
    if not state.placed:
        label = f"The AI drops at {cell_name(route.start)} and aims for {route.loot} loot{unproven}."
        if undo:
            label = "The centre was out of reach from every cell of your route, so the AI starts over: " + label
        yield Step(str(Move.start(route.start)), label, undo=undo, highlight=tuple(route.cells))
        state = RULES.apply(state, Move.start(route.start))
        undo = 0
    for letter in route.moves:
        state = RULES.apply(state, Move.go(letter))
        label = f"{DIRECTION_NAMES[letter].capitalize()} — loot {state.loot} of {goal}"
        if unproven:
            label += " (not proven best)"
        if undo:
            label = (f"The centre was out of reach, so the AI stepped back {undo} move{'s' * (undo != 1)}, "
                     f"to where it still could make it. {label}")
        yield Step(letter, label, undo=undo, highlight=(state.pos,))
        undo = 0
    try:
        if RULES.outcome(state) is None:
            RULES.apply(state, Move.finish())
            yield Step("finish", f"The AI finishes on the centre with {state.loot} loot.", highlight=(state.pos,))
    except IllegalMove:  # pragma: no cover - every route ends on the centre
        return
