"""Plain reference implementations the Tron tests check the bot's fast code against (no bot uses them)."""

from __future__ import annotations

from arcade.games.tron.board import Geometry, cells_of


def articulation_points(geo: Geometry, region: int) -> int:
    """Bitboard of the cells of ``region`` whose removal disconnects what remains: Tarjan's
    depth-first search written plainly, the reference the board's local cuts and chamber tree are
    checked against (the bot never needs the set itself: :func:`~arcade.games.tron.board.local_cuts`
    and the chamber walk find what they use)."""
    result = 0
    offsets = geo.offsets
    seen: set[int] = set()
    for root in cells_of(region):
        if root in seen:
            continue
        disc = {root: 0}
        low = {root: 0}
        parent_of: dict[int, int] = {}
        children = {root: 0}
        stack = [(root, 0)]
        counter = 1
        while stack:
            v, k = stack[-1]
            if k < 4:
                stack[-1] = (v, k + 1)
                w = v + offsets[k]
                if not (region >> w & 1):
                    continue
                if w not in disc:
                    disc[w] = low[w] = counter
                    counter += 1
                    parent_of[w] = v
                    children[v] = children.get(v, 0) + 1
                    stack.append((w, 0))
                elif w != parent_of.get(v) and disc[w] < low[v]:
                    low[v] = disc[w]
            else:
                stack.pop()
                if stack:
                    u = stack[-1][0]
                    low[u] = min(low[u], low[v])
                    if u != root and low[v] >= disc[u]:
                        result |= 1 << u
        if children.get(root, 0) > 1:
            result |= 1 << root
        seen.update(disc)
    return result
