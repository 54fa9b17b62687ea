"""Hashi explanations (pure logic): one sentence per solver deduction, naming the islands involved.

Hints, the watch mode and ``solve --explain`` all speak through :func:`sentence`, so a
rule reads the same everywhere. Islands are always named as a player finds them: their
number and 1-based row and column ("the 3 at row 2, column 5"), never just "the 2" --
a board has many 2s. A wrong bridge is explained by the chain of forced steps that
ends in a contradiction (:func:`chain_text`, from :mod:`.solver.reasons`).
"""

from __future__ import annotations

from arcade.core.grid import cell_name
from arcade.games.hashi import solver
from arcade.games.hashi.logic import OPPOSITE, Move, Puzzle
from arcade.games.hashi.solver import reasons

_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_COUNT = {0: "no bridge", 1: "one bridge", 2: "two bridges"}


def island(puzzle: Puzzle, i: int) -> str:
    """Island ``i`` as a player finds it: its number and 1-based place ("the 3 at row 2, column 5")."""
    isl = puzzle.islands[i]
    return f"the {isl.number} at {cell_name(isl.pos)}"


def between(puzzle: Puzzle, line: int) -> str:
    """The two islands at the ends of ``line``, named as :func:`island` names them."""
    ln = puzzle.lines[line]
    return f"{island(puzzle, ln.a)} and {island(puzzle, ln.b)}"


def bridges(n: int) -> str:
    """A bridge count in words ("no bridge", "one bridge", "two bridges", else "N bridges")."""
    return _COUNT.get(n, f"{n} bridges")


def direction(puzzle: Puzzle, line: int, i: int) -> str:
    """The compass word ("north" ...) of ``line`` seen from island ``i``, one of its two ends."""
    ln = puzzle.lines[line]
    letter = ln.direction if i == ln.a else OPPOSITE[ln.direction]
    return _WORDS[letter]


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


def toward(puzzle: Puzzle, line: int, i: int) -> str:
    """The line seen from island ``i``: ``west to the 2 at row 4, column 1``."""
    other = puzzle.lines[line].other(i)
    return f"{direction(puzzle, line, i)} to {island(puzzle, other)}"


def line_from(puzzle: Puzzle, line: int, i: int = -1) -> str:
    """A line named from one end: ``the line from the 3 at row 2, column 5 west to the 2``."""
    ln = puzzle.lines[line]
    start = i if i >= 0 else ln.a
    return f"the line from {island(puzzle, start)} {toward(puzzle, line, start)}"


def sentence(puzzle: Puzzle, event: solver.Event) -> str:
    """Why ``event`` is forced, in one sentence short enough for a status line."""
    line, rule = event.line, event.rule
    ln = puzzle.lines[line]
    (olo, _ohi), (nlo, nhi) = event.old, event.new
    who = event.island if event.island >= 0 else ln.a
    me = island(puzzle, who)
    Me = me[:1].upper() + me[1:]
    if rule == solver.SINGLE:
        return f"{Me} can only reach {island(puzzle, ln.other(who))}, to the " \
               f"{direction(puzzle, line, who)}: {bridges(nlo)} there."
    if rule == solver.PIGEONHOLE:
        number = puzzle.islands[who].number
        return (f"{Me} needs {number} but its other directions take at most {number - nlo}: "
                f"at least {bridges(nlo)} {toward(puzzle, line, who)}.")
    if rule == solver.SATURATED:
        if nhi == 0:
            return f"{Me} already has all its bridges: none goes {toward(puzzle, line, who)}."
        return f"{Me} is complete: exactly {bridges(nhi)} {toward(puzzle, line, who)}."
    if rule == solver.CAPACITY:
        return f"{Me} has room for at most {bridges(nhi)} {toward(puzzle, line, who)}."
    if rule == solver.CROSSING:
        (cause,) = event.detail
        return f"The bridge on {line_from(puzzle, int(cause))} crosses {line_from(puzzle, line)}: " \
               "no bridge there."  # type: ignore[arg-type]
    if rule == solver.PAIR:
        (cause,) = event.detail
        limit = "no bridge" if nhi == 0 else f"at most {bridges(nhi)}"
        return (f"At most 2 bridges join the same two islands, whichever way round: with "
                f"{line_from(puzzle, int(cause))} taken, {limit} on {line_from(puzzle, line)}.")
    if rule == solver.ISOLATION_11:
        return f"Joining {me} to {island(puzzle, ln.other(who))} would cut both off: no bridge there."
    if rule == solver.ISOLATION_22:
        return (f"A double bridge from {me} to {island(puzzle, ln.other(who))} would cut both off: "
                f"at most one.")
    if rule == solver.ISOLATION_GROUP:
        members = list(event.detail[0]) if event.detail else [ln.a, ln.b]  # type: ignore[arg-type]
        what = "Any bridge" if nhi == 0 else f"More than {bridges(nhi)}"
        return (f"{what} {toward(puzzle, line, who)} from {me} would close its group of {len(members)} off "
                f"from the rest.")
    if rule in (solver.CUT_LINE, solver.PARITY):
        side = list(event.detail[0]) if event.detail else [who]  # type: ignore[arg-type]
        count = f"{len(side)} island{'s' if len(side) != 1 else ''}"
        base = f"{line_from(puzzle, line).capitalize()} is the only way to reach {count}"
        if rule == solver.CUT_LINE:
            return f"{base}: at least {bridges(nlo)}."
        demand = event.detail[1] if len(event.detail) > 1 else "?"
        parity = "odd" if nlo == 1 else "even"
        return f"{base}, which still need {demand} bridge ends ({parity}): exactly {bridges(nlo)}."
    if rule == solver.TRIAL_RULE:
        assumed, (kind, subject) = event.detail  # type: ignore[misc]
        value = int(assumed)
        supposition = "no bridge" if value == 0 else bridges(value)
        if nlo > olo:
            conclusion = f"at least {bridges(nlo)}"
        else:
            conclusion = "no bridge" if nhi == 0 else f"at most {bridges(nhi)}"
        return (f"With {supposition} on {line_from(puzzle, line)}, "
                f"{contradiction_text(puzzle, str(kind), int(subject))}: so {conclusion}.")
    if rule == solver.GIVEN:
        return f"{line_from(puzzle, line).capitalize()} holds {bridges(nlo)} to {bridges(nhi)}."
    return f"{rule}: {line_from(puzzle, line)} now holds {nlo} to {nhi}."


# -- chains: why a claim is wrong ------------------------------------------------------------
#: Chains with more forced steps than this are told by their first and last step only.
MAX_SHOWN_STEPS = 4


def islands_text(puzzle: Puzzle, members: list[int], limit: int = 3) -> str:
    """``the 2 at row 1, column 1 and the 2 at row 1, column 3`` (at most ``limit`` named)."""
    names = [island(puzzle, i) for i in members[:limit]]
    if len(members) > limit:
        return ", ".join(names) + f" and {len(members) - limit} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def conflict_text(puzzle: Puzzle, conflict: reasons.Conflict) -> str:
    """The contradiction a chain ends in, naming every island by position."""
    kind, subject = conflict.kind, conflict.subject
    members = list(conflict.islands)
    if kind == "closed" and members:
        if len(members) <= 3:
            return (f"{islands_text(puzzle, members)} would form a finished group cut off from the other "
                    f"islands")
        return (f"the group of {len(members)} islands around {island(puzzle, members[0])} would be finished but "
                f"cut off from the other islands")
    if kind == "split" and members:
        if len(members) <= 3:
            return f"{islands_text(puzzle, members)} could never be connected to the other islands"
        return (f"a part of {len(members)} islands around {island(puzzle, members[0])} could never be "
                f"connected to the other islands")
    if kind == "empty" and subject >= 0 and conflict.event is not None:
        nlo, nhi = conflict.event.new
        return (f"{line_from(puzzle, subject)} would need at least {bridges(nlo)} and at most "
                f"{bridges(max(nhi, 0))} at once")
    if kind == "cross" and len(conflict.lines) > 1:
        return (f"the bridges between {between(puzzle, conflict.lines[0])} would cross those between "
                f"{between(puzzle, conflict.lines[1])}")
    return contradiction_text(puzzle, kind, subject)


def step_text(puzzle: Puzzle, event: solver.Event) -> str:
    """One forced step of a chain: the rule's name, then why (``Saturation: the 2 at ... none goes north``)."""
    text = sentence(puzzle, event)
    if text.startswith(("The ", "A ", "Any ", "More ", "Joining ")):
        text = text[:1].lower() + text[1:]
    return f"{event.rule}: {text}"


def assumption(puzzle: Puzzle, event: solver.Event) -> str:
    """What a trial step supposed, as a sentence (``Suppose two bridges on the line from ...``)."""
    value = int(event.detail[0])  # type: ignore[arg-type]
    return f"Suppose {'no bridge' if value == 0 else bridges(value)} on {line_from(puzzle, event.line)}."


def conclusion(puzzle: Puzzle, event: solver.Event) -> str:
    """What a trial step proved on its line (``at most one bridge on the line from ...``)."""
    (olo, _), (nlo, nhi) = event.old, event.new
    if nlo > olo:
        what = f"at least {bridges(nlo)}"
    else:
        what = "no bridge" if nhi == 0 else f"at most {bridges(nhi)}"
    return f"{what} on {line_from(puzzle, event.line)}"


#: A contradiction hint tells a chain this long in full; a longer one by its first
#: :data:`TRIAL_TOLD_STEPS` steps and a count (the board numbers every step).
MAX_TRIAL_STEPS = 5
TRIAL_TOLD_STEPS = 3


def trial_text(puzzle: Puzzle, event: solver.Event, chain: reasons.Chain,
               known: list[solver.Event] | None = None) -> str:
    """A trial step ("Contradiction") told as a chain a player can follow by hand: the assumption,
    the lines it forces in order (each by a rule the hints name elsewhere, with its islands), the
    island where it breaks, and what that proves.

    The bare sentence ("With no bridge on ..., the 3 at row 40, column 2 could no longer get
    enough bridges") named a far-away island and none of the steps that lead there. ``known``:
    earlier trial steps whose findings the chain starts from (said before the assumption)."""
    steps = chain.steps
    n = len(steps)
    told = steps if n <= MAX_TRIAL_STEPS else steps[:TRIAL_TOLD_STEPS]
    parts = [f"Known from an earlier contradiction: {conclusion(puzzle, e)}." for e in known or []]
    parts.append(assumption(puzzle, event))
    if told:
        parts.append("Then, numbered on the board: " + " ".join(
            f"{k}. {step_text(puzzle, e)}" for k, e in enumerate(told, 1)))
    if n > len(told):
        parts.append(f"…and {n - len(told)} more forced lines.")
    clash = conflict_text(puzzle, chain.conflict)
    lead = "In the end" if n else "At once"
    parts.append(f"{lead} {clash}, which is impossible: so {conclusion(puzzle, event)}.")
    return " ".join(parts)


def shown_steps(chain: reasons.Chain) -> list[tuple[int, solver.Event]]:
    """The steps to tell, numbered as in the whole chain: all of them, or the first and last of a long one."""
    steps = chain.steps
    numbered = list(enumerate(steps, 1))
    if len(steps) > MAX_SHOWN_STEPS:
        return [numbered[0], numbered[-1]]
    return numbered
