"""Hashi (Hashiwokakero, "Bridges"): connect numbered islands with bridges.

Registration only: the rules live in ``logic``, file formats in ``formats``, input rules
in ``controller`` and the screen in ``view`` (the only pygame part).
"""

from arcade.core.registry import GameInfo

INFO = GameInfo(
    name="hashi",
    title="Hashi",
    description="Bridges: join numbered islands into one network",
    rules="arcade.games.hashi.logic:RULES",
    scene="arcade.games.hashi.view:create_scene",
    commands="arcade.games.hashi.cli:COMMANDS",
    order=10,
    keys=(
        ("Left-drag from an island", "build: 0 → 1 → 2 → 0 bridges"),
        ("Right-drag from an island", "remove one / mark 'no bridge'"),
        ("Click an island", "lock it as finished (again: unlock)"),
        ("Arrows · 1–8", "move the cursor · jump to a number"),
        ("Ctrl+arrow · Shift+arrow", "build one · remove one (or mark)"),
        ("Space / Enter", "lock or unlock the cursor's island"),
        ("G", "show the bridges still possible"),
        ("L · N · I · Ctrl+V", "levels · new puzzle · game ID · paste a puzzle"),
        ("H (again)", "hint: the next sure step and why (again: play it)"),
        ("Alt+arrows · [ ] · wheel", "rotate a cylinder or torus board"),
    ),
)
