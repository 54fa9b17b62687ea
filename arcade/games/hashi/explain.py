"""Hashi explanations (pure logic): one sentence per solver deduction, naming the islands involved.

Hints, the watch mode and ``solve --explain`` all speak through :func:`sentence`, so a
rule reads the same everywhere. Islands are named as a player sees them: their number
and 1-based row and column ("the 3 at row 2, column 5").
"""

from __future__ import annotations

from arcade.games.hashi import solver
from arcade.games.hashi.logic import OPPOSITE, Move, Puzzle

_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_COUNT = {0: "no bridge", 1: "one bridge", 2: "two bridges"}


def island(puzzle: Puzzle, i: int) -> str:
    isl = puzzle.islands[i]
    return f"the {isl.number} at row {isl.pos[0] + 1}, column {isl.pos[1] + 1}"


def short(puzzle: Puzzle, i: int) -> str:
    """Compact island name for lists: ``3 (r2,c5)``."""
    isl = puzzle.islands[i]
    return f"{isl.number} (r{isl.pos[0] + 1},c{isl.pos[1] + 1})"


def between(puzzle: Puzzle, line: int) -> str:
    ln = puzzle.lines[line]
    return f"{island(puzzle, ln.a)} and {island(puzzle, ln.b)}"


def bridges(n: int) -> str:
    return _COUNT.get(n, f"{n} bridges")


def direction(puzzle: Puzzle, line: int, i: int) -> str:
    ln = puzzle.lines[line]
    letter = ln.direction if i == ln.a else OPPOSITE[ln.direction]
    return _WORDS[letter]


def group_text(puzzle: Puzzle, members: list[int], limit: int = 4) -> str:
    names = [short(puzzle, i) for i in members[:limit]]
    more = f" and {len(members) - limit} more" if len(members) > limit else ""
    return ", ".join(names) + more


def move_for(puzzle: Puzzle, line: int, count: int | None) -> str:
    """``set`` (count) or ``mark`` (count None) on a line, named from its first island."""
    ln = puzzle.lines[line]
    pos = puzzle.islands[ln.a].pos
    if count is None:
        return str(Move("mark", pos, ln.direction))
    return str(Move("set", pos, ln.direction, count))


def contradiction_text(puzzle: Puzzle, kind: str, subject: int) -> str:
    """What goes wrong, from a Contradiction's (kind, subject)."""
    if kind == "over" and subject >= 0:
        return f"{island(puzzle, subject)} would get more bridges than its number"
    if kind == "short" and subject >= 0:
        return f"{island(puzzle, subject)} could no longer get enough bridges"
    if kind == "closed" and subject >= 0:
        return f"a finished group around {island(puzzle, subject)} would be cut off from the rest"
    if kind == "split":
        return "the islands would fall apart into groups that can never be joined"
    if kind == "cross" and subject >= 0:
        return f"the bridges between {between(puzzle, subject)} would have to cross another"
    if kind == "empty" and subject >= 0:
        return f"no count would be left for the line between {between(puzzle, subject)}"
    return "the board could not be finished"


def sentence(puzzle: Puzzle, event: solver.Event) -> str:
    """Why ``event`` is forced, in one sentence."""
    line, rule = event.line, event.rule
    ln = puzzle.lines[line]
    (olo, ohi), (nlo, nhi) = event.old, event.new
    who = event.island if event.island >= 0 else ln.a
    other = ln.other(who)
    if rule == solver.SINGLE:
        return (f"{island(puzzle, who).capitalize()} can only reach {island(puzzle, other)}, "
                f"so it needs {bridges(nlo)} there.")
    if rule == solver.PIGEONHOLE:
        number = puzzle.islands[who].number
        room = number - nlo
        return (f"{island(puzzle, who).capitalize()} needs {number} bridges but its other directions can take "
                f"at most {room}, so at least {bridges(nlo)} must go {direction(puzzle, line, who)} "
                f"to {island(puzzle, other)}.")
    if rule == solver.SATURATED:
        if nhi == 0:
            return (f"{island(puzzle, who).capitalize()} already has all its bridges elsewhere, so there is "
                    f"no bridge {direction(puzzle, line, who)} to {island(puzzle, other)}.")
        return (f"{island(puzzle, who).capitalize()} is complete with its sure bridges, so the line "
                f"{direction(puzzle, line, who)} keeps exactly {bridges(nhi)}.")
    if rule == solver.CAPACITY:
        return (f"{island(puzzle, who).capitalize()} has room for only {bridges(nhi)} more "
                f"{direction(puzzle, line, who)}, towards {island(puzzle, other)}.")
    if rule == solver.CROSSING:
        (cause,) = event.detail
        return (f"The bridge between {between(puzzle, int(cause))} crosses the line between "
                f"{between(puzzle, line)}, so no bridge can go there.")  # type: ignore[arg-type]
    if rule == solver.ISOLATION_11:
        return (f"Joining {between(puzzle, line)} would make a pair of 1s that nothing else can reach, "
                f"so there is no bridge between them.")
    if rule == solver.ISOLATION_22:
        return (f"A double bridge between {between(puzzle, line)} would close both off from the rest, "
                f"so at most one bridge goes there.")
    if rule == solver.ISOLATION_GROUP:
        members = list(event.detail[0]) if event.detail else [ln.a, ln.b]  # type: ignore[arg-type]
        if nhi == 0:
            what = "any bridge"
        elif nhi < ohi:
            what = f"more than {bridges(nhi)}"
        else:
            what = "another bridge"
        return (f"{what.capitalize()} between {between(puzzle, line)} would finish the group "
                f"{group_text(puzzle, members)} with no way left to reach the other islands.")
    if rule in (solver.CUT_LINE, solver.PARITY):
        side = list(event.detail[0]) if event.detail else [who]  # type: ignore[arg-type]
        base = (f"Every other route is blocked, so the line between {between(puzzle, line)} is the only way "
                f"to reach the {len(side)} island{'s' if len(side) != 1 else ''} {group_text(puzzle, side)}")
        if rule == solver.CUT_LINE:
            return base + f": it needs at least {bridges(nlo)}."
        demand = event.detail[1] if len(event.detail) > 1 else None
        parity = "odd" if nhi == 1 else "even"
        return base + (f"; they still need {demand} bridge ends in all, an {parity} number, "
                       f"so the line carries exactly {bridges(nlo if nlo == nhi else nhi)}.")
    if rule == solver.TRIAL_RULE:
        assumed, (kind, subject) = event.detail  # type: ignore[misc]
        if nlo > olo:
            supposition = f"{bridges(int(assumed))} between {between(puzzle, line)}"
            if int(assumed) == 0:
                supposition = f"no bridge between {between(puzzle, line)}"
            conclusion = f"at least {bridges(nlo)}"
        else:
            supposition = f"{bridges(int(assumed))} between {between(puzzle, line)}"
            conclusion = "no bridge there" if nhi == 0 else f"at most {bridges(nhi)}"
        return (f"Suppose there were {supposition}: then {contradiction_text(puzzle, str(kind), int(subject))}; "
                f"so {conclusion}.")
    if rule == solver.GIVEN:
        return f"The line between {between(puzzle, line)} holds {bridges(nlo)} to {bridges(nhi)}."
    return f"{rule}: the line between {between(puzzle, line)} now holds {nlo} to {nhi}."
