"""A deliberately simple exhaustive Hashi search, used by the tests as an oracle.

It knows nothing of the game's solver: it tries 0, 1 and 2 bridges on every line in
order, prunes only on island counts and crossings, and checks connectivity at the end,
so on small boards it lists *every* solution.
"""

from __future__ import annotations

from arcade.games.hashi.logic import Puzzle, State


def all_solutions(puzzle: Puzzle, limit: int = 1000) -> list[State]:
    lines = puzzle.lines
    need = [island.number for island in puzzle.islands]
    # For pruning: how much each island can still receive from lines not yet decided.
    remaining_room = [0] * len(need)
    for line in lines:
        remaining_room[line.a] += 2
        remaining_room[line.b] += 2
    have = [0] * len(need)
    bridges = [0] * len(lines)
    found: list[State] = []

    def crosses(index: int) -> bool:
        return any(bridges[other] for other in puzzle.crossings[index] if other < index)

    def search(index: int) -> None:
        if len(found) >= limit:
            return
        if index == len(lines):
            per_pair: dict[frozenset[int], int] = {}  # at most 2 between a pair, both ways round counted
            for line, n in zip(lines, bridges):
                key = frozenset((line.a, line.b))
                per_pair[key] = per_pair.get(key, 0) + n
            if have == need and all(n <= 2 for n in per_pair.values()):
                state = State(puzzle, tuple(bridges))
                if state.complete:
                    found.append(state)
            return
        line = lines[index]
        remaining_room[line.a] -= 2
        remaining_room[line.b] -= 2
        for n in (0, 1, 2):
            if n and crosses(index):
                break
            if have[line.a] + n > need[line.a] or have[line.b] + n > need[line.b]:
                break
            if have[line.a] + n + remaining_room[line.a] < need[line.a]:
                continue
            if have[line.b] + n + remaining_room[line.b] < need[line.b]:
                continue
            bridges[index] = n
            have[line.a] += n
            have[line.b] += n
            search(index + 1)
            have[line.a] -= n
            have[line.b] -= n
            bridges[index] = 0
        remaining_room[line.a] += 2
        remaining_room[line.b] += 2

    search(0)
    return found
