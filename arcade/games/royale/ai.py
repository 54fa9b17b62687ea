"""Battle Royale AI (pure): par per level (cached in memory and on disk), hints and the "watch" route.

Everything here runs in the UI's worker thread, never in a frame. A level's par and its
optimal route are solved once and remembered -- in memory for this run and in a small
JSON file in the user's data dir (keyed by the solver's version and a hash of the level
text), so reopening a big level gives its par at once, and an entry stored by an older
solver -- which might have had a bug -- is never trusted. The level file's own ``# par:`` header is trusted only for
the number; the route always comes from the solver or the cache.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from arcade.core.errors import IllegalMove
from arcade.core.game import Hint, Step
from arcade.core.grid import cell_name
from arcade.core.inputs import parse_json
from arcade.games.royale.formats import format_level
from arcade.games.royale.logic import DIRECTION_NAMES, DIRECTIONS, RULES, Level, Move, State, replay, route_is_valid
from arcade.games.royale.solver import SOLVER_VERSION, Route, solve_level, solve_state
from arcade.services.files import atomic_write_text, keeps_files, read_kept_text
from arcade.services.paths import data_dir

#: Longest a hint or a par may think before settling for the best route found so far.
THINK_SECONDS = 30.0
_CACHE_LIMIT = 400


def level_key(level: Level) -> str:
    """Identity of a level's grid (headers do not change the answer) and of the solver that answers."""
    grid = format_level(Level(level.loot))
    return f"v{SOLVER_VERSION}-" + hashlib.blake2b(grid.encode(), digest_size=12).hexdigest()


class ParCache:
    """Optimal routes by level: memory first, then ``royale-par.json`` in the data dir."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self._memory: dict[str, Route] = {}
        self._lock = threading.Lock()
        self._busy: dict[str, threading.Lock] = {}

    @property
    def path(self) -> Path:
        return self._path or data_dir() / "royale-par.json"

    def _read_disk(self) -> dict[str, dict]:
        try:
            data = parse_json(read_kept_text(self.path))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def peek(self, level: Level) -> Route | None:
        """The cached optimal route, without solving (None if unknown)."""
        key = level_key(level)
        with self._lock:
            if key in self._memory:
                return self._memory[key]
        entry = self._read_disk().get(key)
        if not isinstance(entry, dict):
            return None
        try:
            route = Route((int(entry["start"][0]), int(entry["start"][1])), str(entry["moves"]), int(entry["loot"]))
        except (KeyError, TypeError, ValueError, IndexError, OverflowError):  # int(Infinity) overflows
            return None
        # A damaged or foreign cache entry must never mislead the player: replay it.
        valid = route_is_valid(level, route.start, route.moves)
        if not valid or replay(level, route.start, route.moves).loot != route.loot:
            return None
        with self._lock:
            self._memory[key] = route
        return route

    def get(self, level: Level, deadline: float | None = None,
            should_stop: Callable[[], bool] | None = None) -> Route | None:
        """The optimal route of ``level`` (solving it if needed); None when no route exists.

        One solve per level at a time: a second caller (a hint while the par is being
        computed) waits for the first one's answer instead of solving again -- unless
        ``should_stop`` says its caller has moved on, which then gets None at once.
        """
        key = level_key(level)
        with self._lock:
            busy = self._busy.setdefault(key, threading.Lock())
        while not busy.acquire(timeout=0.05):
            if should_stop is not None and should_stop():
                return None
        try:
            route = self.peek(level)
            if route is not None:
                return route
            route = solve_level(level, deadline=deadline, should_stop=should_stop)
            if route is not None and route.exact:
                self.store(level, route)
            return route
        finally:
            busy.release()

    def store(self, level: Level, route: Route) -> None:
        key = level_key(level)
        with self._lock:
            self._memory[key] = route
        data = self._read_disk()
        data[key] = {"start": list(route.start), "moves": route.moves, "loot": route.loot}
        if len(data) > _CACHE_LIMIT:
            for old in list(data)[: len(data) - _CACHE_LIMIT]:
                del data[old]
        if not keeps_files():  # a screenshot run leaves the data folder as it found it: memory only
            return
        with contextlib.suppress(OSError):  # a cache that cannot be written only costs time next run
            atomic_write_text(self.path, json.dumps(data) + "\n")


PARS = ParCache()


def _deadline() -> float:
    return time.monotonic() + THINK_SECONDS


def best_from(state: State, should_stop: Callable[[], bool] | None = None) -> Route | None:
    """The optimal continuation (or, unplaced, the optimal route) -- par cache for the start."""
    if not state.placed:
        return PARS.get(state.level, _deadline(), should_stop)
    return solve_state(state, deadline=_deadline(), should_stop=should_stop)


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
                    rule=rule, highlight=tuple(route.cells))
    best = state.loot + route.loot
    if not route.moves:
        return Hint("finish", f"finish now — best still possible: {best} (nothing more is worth the walk)",
                    rule=rule, highlight=(state.pos,))
    letter = route.moves[0]
    return Hint(letter, f"go {DIRECTION_NAMES[letter]} — {reach(best)}", rule=rule, highlight=tuple(route.cells))


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
