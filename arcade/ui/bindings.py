"""A game scene's keymap (ui): the rows that drive key dispatch, the toolbar and the keys table.

:class:`BindingsMixin` is part of :class:`~arcade.ui.game_scene.GameScene`: one list of ``Binding``
rows -- the watch's keys while the AI is watched, the game's declared rows, the framework's own
(undo, hint, watch, pause, how to play, the focus ring, fullscreen) and, for the shared keys of a
feature the game lacks, a row that says why -- dispatched on a key press, listed once per key in
the help overlay, and said "not now" for a key listed for another moment. It is separate because
it is the one table everything else reads: :mod:`arcade.ui.scene_toolbar` builds its buttons from
it and :meth:`GameScene.handle` finds a key's row in it. It reads the scene's ``info``, ``title``,
the feature switches (``allow_undo``, ``has_hint``, ``has_watch``, ``watch_keys``...) and
``button_rows``, and runs a row's action on the scene (asking first through the "press again"
question of :class:`~arcade.ui.discard.DiscardMixin` when it would throw a game away).
:func:`tab_binding` and :func:`fullscreen_binding` are the framework's rows that scenes with a keys
table of their own (the Hashi editor) list too.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from arcade.core.registry import NEW_BOARD_BUTTON, Binding
from arcade.ui.keymap import KeyMatcher, help_rows, listed_once, named_keys, parse_keys
from arcade.ui.status_line import READ_ON_KEY

#: The keys table's row on the status line's pages: a long text or message is shown a page at a
#: time, and a click turns it (the keys table named no way to turn a toast's page).
PAGES_HELP = "next page of a long text or message (\"1/2 ▸\"); on its last, a message goes"


def tab_binding(rows: str = "") -> Binding:
    """The keys table's row for the keyboard's focus ring (see :class:`~arcade.ui.widgets.Toolbar`),
    one wording for every scene: ``rows`` names the scene's own button rows the ring goes through
    too ("side-panel" in the Hashi editor; Runway's said "side-panel" of the commands and players
    under its board)."""
    where = f"toolbar and {rows}" if rows else "toolbar"
    return Binding("Tab / Shift+Tab", "", f"{where} buttons (Enter or Space presses one, Esc leaves them)")


def fullscreen_binding() -> Binding:
    """The keys table's row for the window's fullscreen switch, which the app itself answers
    (:func:`~arcade.ui.app.toggles_fullscreen`): Alt+Enter was named in no table in the window, and
    F11, the key a player tries, did nothing."""
    return Binding("F11 / Alt+Enter", "", "fullscreen on and off")


class BindingsMixin:
    """The keymap of :class:`~arcade.ui.game_scene.GameScene`: its rows, their dispatch and the keys table."""

    def game_bindings(self) -> list[Binding]:
        """The game's keymap rows (default: the registry's declaration; a scene may vary it by mode)."""
        return list(self.info.keymap)

    #: While a binding runs: whether a held key's repeat triggered it. A key that repeats to move
    #: about (stepping through a history) must not go on to play turns once the history ends.
    key_repeating = False

    def standard_bindings(self) -> list[Binding]:
        """The framework's own rows, for the features this scene has."""
        rows: list[Binding] = []
        if self.allow_undo:
            rows += [
                Binding("Ctrl+Z / U", "undo", "undo", button="Undo", repeat=True),
                Binding("Ctrl+Y / Ctrl+Shift+Z / R", "redo", "redo", button="Redo", repeat=True),
                Binding("Ctrl+R", "restart", "restart (redo brings the moves back, one a press)", button="Restart"),
            ]
        if self.has_hint:
            rows.append(Binding("H", "request_hint", self.hint_help, button="Hint"))
        if self.has_watch:
            rows.append(Binding(self.watch_keys, self.watch_action, self.watch_help, button=self.watch_button))
        rows += [
            Binding(self.RESULT_KEYS, "reopen_result", self.result_help, button=self.result_button,
                    when="result_ready", shown_when="result_ready"),
            # Before the pause: Esc first puts away what is open for a moment (see ``transient_open``).
            Binding("Esc", "close_transient", self.transient_help, when="transient_open",
                    listed_when="transient_open"),
            *self.back_binding(),  # a replay viewed over a game: Esc goes back to it (see arcade.ui.replays)
            Binding("Esc / P", "open_pause", "pause, settings, main menu", button="Pause"),
            Binding("F1 / ?", "open_how_to_play", "how to play: the rules, an example, every key"),
            Binding(READ_ON_KEY, "read_on", "read on: the next part of a long status line",
                    when="status_reads_on", listed_when="status_reads_on"),
            # The status line's and a toast's pages turn on a click (no key: F4 reads on past a part),
            # listed while a page marker is up, as F4 is.
            Binding("Click the status line", "", PAGES_HELP, listed_when="status_paged"),
            tab_binding(self.button_rows_name if self.button_rows() else ""),
            fullscreen_binding(),
        ]
        return rows

    #: The README's "Keys every game shares" rows a game may lack (feature: the keys and the name
    #: it goes by) -- see :meth:`missing_bindings`.
    SHARED_FEATURES: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("undo", "Ctrl+Z / U", "undo"), ("undo", "Ctrl+Y / Ctrl+Shift+Z / R", "redo"),
        ("undo", "Ctrl+R", "restart"), ("hint", "H", "hints"), ("watch", "W", "AI to watch"),
    )

    #: Why the game has no undo, hint or watch, said when a shared key for it is pressed.
    missing_reasons: ClassVar[dict[str, str]] = {}

    def missing_bindings(self, bound: list[Binding]) -> list[Binding]:
        """Rows for the shared keys of features this game lacks: a press says in one line why.
        Tron ignored H without a word while "Keys every game shares" lists it as the hint. The keys
        the game uses itself (Tron's W steers, its R replays) are left to it; the rows have no label,
        so the game's keys table does not list what it does not have."""
        have = {"undo": self.allow_undo, "hint": self.has_hint, "watch": self.has_watch}
        used: set[KeyMatcher] = set()
        for binding in bound:
            for alternative in binding.keys.split(" / "):
                used |= named_keys(alternative)
        rows = []
        for feature, keys, name in self.SHARED_FEATURES:
            if have[feature]:
                continue
            keys = self.watch_keys if feature == "watch" else keys
            free = [k for k in keys.split(" / ") if not named_keys(k) & used]
            if free:
                rows.append(Binding(" / ".join(free), "explain_missing", "", arg=name))
        return rows

    def explain_missing(self, name: str) -> None:
        """A shared key of a feature this game does not have: say why, in one line."""
        self.say(self.missing_reasons.get(name, f"{self.title} has no {name}."), "warning")

    def bound_keymap(self) -> list[Binding]:
        """The bindings of what this scene has, in dispatch order: watching keys, the game's, the framework's."""
        return [*self.watching_bindings(), *self.game_bindings(), *self.standard_bindings()]

    def keymap(self) -> list[Binding]:
        """Every binding in dispatch order: :meth:`bound_keymap`, then the shared keys of what the
        game lacks (see :meth:`missing_bindings`)."""
        bound = self.bound_keymap()
        return [*bound, *self.missing_bindings(bound)]

    def binding_active(self, binding: Binding) -> bool:
        return not binding.when or bool(getattr(self, binding.when))

    def run_binding(self, binding: Binding) -> None:
        """Run a key's or a button's action; one that throws a game in progress away (``discards``:
        a new board, a rematch) asks first -- unless it has a dialog of its own (``new_board_asks``)."""
        if self.passes_down(binding):  # a replay viewed over a game: L, a new board... act on that game
            self.pass_down(binding)
            return
        new_board = binding.button == NEW_BOARD_BUTTON
        if (binding.discards or new_board) and not (new_board and self.new_board_asks):
            keys = binding.keys.split(" / ")[0]
            name = binding.button or binding.label
            if not self.confirm_discard(name.lower(), f"Press {keys} ({name}) again"):
                return
        action = getattr(self, binding.action)
        if binding.arg is None:
            action()
        else:
            action(binding.arg)

    def help_lines(self) -> list[tuple[str, str]]:
        """The help overlay: each key once, with what a press of it does now.

        The game's keys first, the framework's after, keys of a mode (watching, a replay) last.
        A key with meanings in several modes is listed with the one it has at the moment (Tron's
        Space pauses the round, or the replay, or goes on to the next round); a key whose only
        meaning does not apply now is still listed with it (see :func:`listed_once`).
        """
        return help_rows(self.listed_bindings())

    def how_to_play_lines(self) -> list[tuple[str, str]]:
        """:meth:`help_lines` for How to play: a row with a toolbar button names it with its keys,
        "Hint (H)" (see :func:`~arcade.ui.keymap.button_cell`)."""
        return help_rows(self.listed_bindings(), buttons=True)

    def listed_bindings(self) -> list[Binding]:
        """The rows of the keys table, as :meth:`help_lines` lists them (keys trimmed to those listed there)."""
        rows = [b for b in self.keymap() if not b.listed_when or getattr(self, b.listed_when)]

        def is_mode(b: Binding) -> bool:
            return b.when in ("watching", "replaying")

        kept = listed_once(rows, self.binding_active, later_first=is_mode)
        order = sorted(kept, key=lambda i: (is_mode(rows[i]), i))
        return [kept[i] for i in order]

    def explain_not_now(self, event: pygame.event.Event) -> bool:
        """A key the keys table lists for another moment ("R: replay the round that just ended"
        pressed during Tron's round) says so, in one line: it did nothing without a word."""
        for binding in self.listed_bindings():
            if not binding.label or not binding.action or self.binding_active(binding):
                continue
            pressed = [k for k in binding.keys.split(" / ") if any(m.matches(event) for m in parse_keys(k))]
            if pressed:
                self.say(f"{pressed[0]}: {binding.label} — not now.")
                return True
        return False
