"""GridView.blit_cached: reuse the cached board when the caller knows no cell changed."""

from __future__ import annotations

import pygame

from arcade.ui.gridview import GridView


def test_blit_cached_needs_a_complete_render_and_draws_it_unchanged():
    view = GridView(3, 4)
    view.layout(pygame.Rect(0, 0, 40, 30))
    screen = pygame.Surface((40, 30))
    assert not view.blit_cached(screen)  # nothing rendered yet

    def paint(board, cell, rect, key):
        pygame.draw.rect(board, (200, 0, 0) if key else (0, 0, 200), rect)

    view.render(screen, lambda cell: cell == (1, 1), paint)
    other = pygame.Surface((40, 30))
    assert view.blit_cached(other) and view.repainted == 0
    assert pygame.image.tobytes(other, "RGB") == pygame.image.tobytes(screen, "RGB")
    view.invalidate([(0, 0)])
    assert not view.blit_cached(other)  # a cell awaits repainting
    view.render(screen, lambda cell: cell == (1, 1), paint)
    assert view.blit_cached(other)
    view.layout(pygame.Rect(0, 0, 80, 60))
    assert not view.blit_cached(other)  # a new layout drops the cache
