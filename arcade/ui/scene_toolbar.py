"""A game scene's toolbar (ui): the buttons built from the keymap, and the row of controls.

:class:`ToolbarMixin` is part of :class:`~arcade.ui.game_scene.GameScene`: the toolbar along the
window's foot is built from the keymap's rows that name a button (greyed while their action has
nothing to do, the watch's own buttons beside Watch, grey until the AI is watched), laid out in one
row whose overflow goes into a More menu by :data:`~ToolbarMixin.TOOLBAR_PRIORITY`, and rebuilt
when the keymap changes. No button moves with the game's state (see
:meth:`ToolbarMixin.build_toolbar`). It is separate because it is the one place a keymap row
becomes a button; the widget itself is :class:`~arcade.ui.widgets.Toolbar`. It reads the scene's ``app``,
``session``, ``keymap`` and ``run_binding`` (:mod:`arcade.ui.bindings`), the watch's state
(:class:`~arcade.ui.assist.AssistMixin`) and ``result_ready``, and a scene's own ``button_rows``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import pygame

from arcade.core.registry import Binding
from arcade.ui.widgets import Button, Toolbar


class ToolbarMixin:
    """The toolbar and the rows of controls of :class:`~arcade.ui.game_scene.GameScene`."""

    #: What the keys table calls the :meth:`button_rows` Tab goes through after the toolbar.
    button_rows_name = "side-panel"

    def button_rows(self) -> list[list[Button]]:
        """The scene's own button rows (a side panel's, drawn and clicked by the scene), in reading
        order: Tab / Shift+Tab reach them after the toolbar's, and Enter or Space presses the one in
        focus (see :class:`~arcade.ui.widgets.Toolbar`)."""
        return []

    def control_rects(self) -> list[tuple[str, pygame.Rect]]:
        """(name, rect) of every control and label in the scene's rows of controls: the toolbar's
        buttons, the :meth:`button_rows`, and a scene's own (Runway's commands, player buttons and
        playback speed override this to add them). No two may touch, at any window size (the
        contract tests hold every game to it): at 640x400 Runway's "0.5 turns/s" ran into its +."""
        rects = [(button.label, button.rect) for button in self.toolbar.row() if button.rect.width]
        return rects + [(button.label, button.rect) for row in self.button_rows() for button in row
                        if button.rect.width]

    #: Toolbar buttons kept on the row longest when the window is too narrow for all (the rest go
    #: into its More menu, the game's own buttons before these): Pause, which also lists every key,
    #: then the moves every game shares ("toggle_watch" stands for the game's ``watch_action``:
    #: Runway's is its play / pause key). The watch's Pause AI and Step, on the row all game long
    #: (grey until a watch), go with the game's own: at 640x400 they kept Levels and New board off
    #: the row for a watch that may never come, and the status line names their keys during one.
    TOOLBAR_PRIORITY: ClassVar[dict[str, int]] = {"open_pause": 3, "undo": 2, "redo": 2, "request_hint": 2,
                                                  "toggle_watch": 2, "reopen_result": 3}

    def build_toolbar(self) -> None:
        """The toolbar from the keymap's rows that have a button (again when the keymap changes).

        The same buttons in the same places whatever the game's state, so none moves under the
        pointer when the player did not move it (a watch stopping shifted Hashi's row, and the
        click meant for Undo opened the editor): the watch's own buttons stand right after the
        Watch button all game long, grey while the AI is not watched; a button with a
        ``shown_when`` (the Result button, until there is a result) keeps its place while hidden;
        and a label that switches is measured at its widest (see :meth:`Toolbar.layout`)."""
        buttons = []
        watch_rows = set(self.watching_bindings())
        watching: list[Button] = []
        for binding in self.keymap():
            if not binding.button:
                continue
            enabled = self._enabled_predicate(binding)
            watch = binding.action == self.watch_action and self.has_watch and binding not in watch_rows
            stops_by_click_only = watch and self.watching and self.watch_action != "toggle_watch"
            button = Button(binding.button,
                            (lambda b=binding: self.press_watch_button(b)) if watch
                            else (lambda b=binding: self.run_binding(b)),
                            # The watch key pauses there: the button's help says what a click does.
                            hotkey="" if stops_by_click_only else binding.keys,
                            tooltip="stop watching: the AI stops, you take over here" if stops_by_click_only
                            else binding.label, enabled_when=enabled,
                            priority=self.TOOLBAR_PRIORITY.get(
                                "toggle_watch" if binding.action == self.watch_action else binding.action, 1),
                            shown_when=(lambda b=binding: bool(getattr(self, b.shown_when))) if binding.shown_when
                            else None,
                            right_group=binding.action == "reopen_result")
            if binding in watch_rows:
                if binding.action == "watch_pause":
                    button.other_labels = ("Pause AI" if button.label == "Resume AI" else "Resume AI",)
                button.why_disabled = lambda: f"only while the AI is watched: {self.WATCH_LABELS[0]} first"
                watching.append(button)
                continue
            if watch:
                button.toggled = self.watch_lit
                button.other_labels = tuple(label for label in self.WATCH_LABELS if label != button.label)
                buttons.append(button)
                buttons += watching
                watching = []
                continue
            buttons.append(button)
        # The last press goes on to the new row: a double-click on a button the press rebuilt the
        # toolbar for (Watch AI) must not reach the button that took its place.
        previous, self.toolbar = self.toolbar, Toolbar([*buttons, *watching])
        self.toolbar.rows = lambda: self.button_rows()  # read at each Tab: a scene may rebuild its rows
        self.toolbar.inherit(previous)  # and the keyboard's focus, on the button for the same keys

    def refresh_toolbar(self) -> None:
        """Build and lay out the toolbar again (a watch started, paused or stopped), the board as it is."""
        if self.app is None:
            return
        self.build_toolbar()
        self._layout_toolbar(self.app.size)
        self._dirty = True

    def _enabled_predicate(self, binding: Binding) -> Callable[[], bool] | None:
        # Hint and Watch have nothing to do on a finished game (they only said so): grey, as Finish is.
        checks = {"undo": lambda: self.session.can_undo, "redo": lambda: self.session.can_redo,
                  "restart": lambda: self.session.index > 0,
                  "request_hint": lambda: self.session.outcome is None,
                  self.watch_action: lambda: self.watching or self.session.outcome is None}
        if binding.action in checks:
            return checks[binding.action]
        if binding.button_when:
            return lambda: bool(getattr(self, binding.button_when))
        if binding.when:
            return lambda: self.binding_active(binding)
        return None

    def _layout_toolbar(self, size: tuple[int, int]) -> int:
        """Lay the toolbar out along the window's foot; returns its top."""
        assert self.app is not None
        w, h = size
        bar_height = self.app.theme.px(34 if h >= 600 else 28)
        bar_top = h - bar_height - 10  # one row at every size (buttons that do not fit go into its More menu)
        self.toolbar.layout(self.app.theme, pygame.Rect(12, bar_top, w - 24, bar_height), bar_height)
        for button in self.toolbar.row():  # end-to-end tests click buttons where they were laid out
            r = button.rect
            self.app.trace(f"toolbar-button {r.x} {r.y} {r.width} {r.height} {button.label}")
        return bar_top
