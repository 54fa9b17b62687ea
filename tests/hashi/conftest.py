"""Fixtures the Hashi scene tests share."""

from __future__ import annotations

import pytest

from arcade.games.hashi import INFO
from arcade.games.hashi.editing import Draft
from arcade.games.hashi.view.editor import EditorScene


@pytest.fixture
def editor(app, driver) -> EditorScene:
    """The puzzle editor on a blank 5x5 board, drawn twice."""
    scene = EditorScene(INFO, Draft.blank(5, 5))
    app.push(scene)
    driver.frames(2)
    return scene
