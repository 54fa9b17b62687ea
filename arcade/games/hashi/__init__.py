"""Hashi (Hashiwokakero, "Bridges"): connect numbered islands with bridges.

Registration only: the rules live in ``logic``, file formats in ``formats``, input rules
in ``controller`` and the screen in ``view`` (the only pygame part).
"""

from arcade.core.registry import GameInfo

INFO = GameInfo(
    name="hashi",
    title="Hashi",
    description="Bridges: join numbered islands so every island is satisfied and all are connected",
    rules="arcade.games.hashi.logic:RULES",
    scene="arcade.games.hashi.view:create_scene",
    commands="arcade.games.hashi.cli:COMMANDS",
    order=10,
    keys=(
        ("Left-drag from an island", "build towards a neighbour: 0 → 1 → 2 → 0 bridges"),
        ("Right-drag from an island", "remove a bridge; on an empty line, mark / unmark 'no bridge'"),
        ("Click an island", "lock it as finished (click again to unlock)"),
        ("Arrows · 1–8", "move the cursor between islands · jump to the nearest 1–8"),
        ("Ctrl+arrow · Shift+arrow", "build one more bridge · remove one (or mark) from the cursor"),
        ("Space / Enter", "lock or unlock the island under the cursor"),
        ("G", "show the bridges that could still be built"),
        ("L · I · Ctrl+V", "levels · game ID (copy) · start a pasted game ID or level"),
        ("Alt+arrows · [ ] · wheel", "rotate a cylinder or torus board (also: drag on water)"),
    ),
)
