"""How to play names a toolbar button with its keys ("Hint (H)"), in every registered game.

The page listed "H … W …" where the game's screen shows "Hint" and "Watch": a player who uses only
the mouse read "H" and looked for a key. A row whose binding has a button now names both, from the
same bindings that build the toolbar -- opened with F1 in the game and from the menu's card alike.
"""

from __future__ import annotations

import re

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.games import REGISTRY
from arcade.ui.app import App
from arcade.ui.how_to_play import HowToPlayScene
from arcade.ui.menu import MenuScene

#: A small level of each game, quick to open.
SMALL = {"hashi": "classic/01-first-steps", "royale": "01-seed-14x20", "runway": "00_statement_example",
         "tron": "empty-room"}


def _press(app: App, code: int, unicode: str = "") -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=unicode, scancode=0),
                       pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=unicode, scancode=0)])


def _key_cells(page: HowToPlayScene) -> list[str]:
    """The key column's cells as drawn (a wrapped cell's lines joined)."""
    return [" ".join(lines) for lines, _meaning in page.key_rows]


@pytest.mark.parametrize("info", list(REGISTRY), ids=lambda g: g.name)
def test_how_to_play_names_each_button_with_its_keys(info, user_home):
    app = App(REGISTRY, size=(1024, 640), headless=True)
    app.persist = False
    try:
        menu = app.push(MenuScene())
        scene = app.launch(info.name, Launch(level=SMALL[info.name]))
        app.frame(1 / 60)
        while isinstance(app.stack.top, HowToPlayScene):  # the first opening shows it by itself
            _press(app, pygame.K_ESCAPE)
        assert app.stack.top is scene
        on_toolbar = {button.label for button in scene.toolbar.row()}
        buttons = [b for b in scene.listed_bindings() if b.button and b.label and b.button in on_toolbar]
        assert buttons, "the game shows no button the keys table lists"
        # The rules' own words name a button as the keys table does: "Stuck? H names the next sure
        # step" sent a mouse player looking for a key where the toolbar says Hint.
        prose = " ".join(info.how_to_play)
        for binding in buttons:
            keys = binding.keys.split(" / ")
            for named_key in re.findall(re.escape(binding.button) + r" \(([^)]+)\)", prose):
                assert named_key in keys, f"{binding.button} ({named_key}) in the rules: its keys are {keys}"
            for key in (k for k in keys if len(k) == 1):
                assert not re.search(rf"(^|[.;?!] ){re.escape(key)} ", prose), \
                    f"the rules name {key} alone where the toolbar says {binding.button}: {prose}"
        _press(app, pygame.K_F1)
        page = app.stack.top
        assert isinstance(page, HowToPlayScene)
        cells = _key_cells(page)
        for binding in buttons:
            first_key = binding.keys.split(" / ")[0]
            named = [cell for cell in cells if cell.startswith(f"{binding.button} (") and first_key in cell]
            assert named, f"{binding.button!r} ({binding.keys}) is not named on How to play: {cells}"
        # The menu's How to play (no game behind it) names them the same way.
        _press(app, pygame.K_ESCAPE)
        scene.close()
        app.frame(1 / 60)
        assert app.stack.top is menu
        menu_page = app.push(HowToPlayScene(info))
        app.frame(1 / 60)
        assert any(cell.startswith("Hint (") or cell.startswith("Pause (") for cell in _key_cells(menu_page))
        assert "Pause (Esc / P)" in _key_cells(menu_page)
    finally:
        app.close()
        pygame.display.quit()
