"""Tron's window (ui): the only part of the game that imports pygame.

``scene`` holds the game screen, ``paint`` draws the board, ``setup`` the match setup
overlay; the registry opens :func:`create_scene`.
"""

from arcade.games.tron.view.scene import TronScene, create_scene

__all__ = ["TronScene", "create_scene"]
