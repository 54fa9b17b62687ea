"""Runway's view (ui, pygame): the viewer scene and its drawing modules; the only pygame code of the game."""

from arcade.games.runway.view.scene import RunwayScene, create_scene

__all__ = ["RunwayScene", "create_scene"]
