"""Hashi (Hashiwokakero, "Bridges"): connect numbered islands with bridges.

Registration only: the rules live in ``logic``, file formats in ``formats``, input rules
in ``controller`` and the screen in ``view`` (the only pygame part).
"""

from arcade.core.camerakeys import camera_bindings
from arcade.core.registry import Binding, DraftSpec, GameInfo, RecordSpec, levels_binding, new_board_binding

_ARROWS = (("Up", "N"), ("Down", "S"), ("Left", "W"), ("Right", "E"))

INFO = GameInfo(
    name="hashi",
    title="Hashi",
    description="Bridges: join numbered islands into one network",
    rules="arcade.games.hashi.logic:RULES",
    front="arcade.games.hashi.view:FRONT",
    commands="arcade.games.hashi.cli:COMMANDS",
    order=10,
    keymap=(
        Binding("Left-drag from an island", "", "build: 0 → 1 → 2 → 0 bridges"),
        Binding("Right-drag from an island", "", "remove one / mark 'no bridge'"),
        Binding("Click an island", "", "lock it as finished (again: unlock)"),
        Binding("Esc", "cancel_drag", "", when="dragging"),
        Binding("Arrows · 1–8", "", "move the cursor · jump to a number"),
        Binding("Ctrl+arrow · Shift+arrow", "", "build one · remove one (or mark)"),
        *(Binding(key, "cursor_step", "", arg=d, repeat=True) for key, d in _ARROWS),
        *(Binding(f"Ctrl+{key}", "cursor_build", "", arg=d) for key, d in _ARROWS),
        *(Binding(f"Shift+{key}", "cursor_remove", "", arg=d) for key, d in _ARROWS),
        *(Binding(str(n), "jump_to_number", "", arg=str(n)) for n in range(1, 9)),
        Binding("Space / Enter", "lock_cursor", "lock or unlock the cursor's island"),
        Binding("G", "toggle_possible", "show the bridges still possible", button="Possible"),
        levels_binding("choose a level"),
        new_board_binding("open_new_puzzle", "new board (size, difficulty, topology)"),
        Binding("I", "open_game_id", "this puzzle's game ID", button="Game ID"),
        Binding("Ctrl+V", "paste", "play a pasted game ID or level"),
        Binding("Ctrl+P", "print_sheet", "print: this puzzle and its solution as a PDF", button="Print…"),
        Binding("E", "open_editor", "edit this puzzle (the editor with the solver's live verdict)", button="Edit"),
        # Every key that rotates is named here: PgUp / PgDn and Home worked but no help page said so.
        Binding("Alt+arrows · [ ] · PgUp PgDn · wheel", "", "rotate a cylinder or torus board"),
        *(Binding(f"Alt+{key}", "rotate_toward", "", arg=d, repeat=True) for key, d in _ARROWS),
        Binding("[", "rotate_columns", "", arg="-1", repeat=True),
        Binding("]", "rotate_columns", "", arg="1", repeat=True),
        Binding("PgUp", "rotate_rows", "", arg="-1", repeat=True),
        Binding("PgDn", "rotate_rows", "", arg="1", repeat=True),
        Binding("Home", "reset_rotation", "a rotated board back as it was"),
        # A wrapped board rotates with the plain wheel and with a drag on water, so it zooms with Ctrl+wheel.
        *camera_bindings("wheel; Ctrl+wheel if wrapped", "drag water"),
    ),
    record=RecordSpec("time", lower_is_better=True, unit="time"),
    level_groups=("classic", "easy", "medium", "hard", "wrapped"),
    how_to_play=(
        "Join the numbered islands with bridges. Each island needs exactly as many bridges as its number.",
        "Bridges run straight across or down, from one island to the next one in line; at most two join the "
        "same pair, and bridges never cross each other or an island.",
        "The puzzle is solved when every island has its number and all islands form one connected network.",
        "On a cylinder or torus board, bridges may leave one edge and come back on the other side.",
        "Stuck? Hint (H) names the next sure step and why; Watch AI (W) lets the AI solve it step by step.",
    ),
    # The editor's spare copy of an unsaved board, and its running copy (left by a run killed in the
    # editor): Continue reopens it as ``play hashi --edit`` does.
    draft=DraftSpec(files=("hashi-edits/.unsaved-draft.txt", "hashi-edits/.unsaved-draft.live.txt"),
                    options=(("edit", ""),), label="a puzzle not saved to a file",
                    check="arcade.games.hashi.view.editor:draft_problem",
                    describe="arcade.games.hashi.view.editor:draft_label"),
    editor_options=(("edit", ""),),
)
