"""The Hashi editor with the keyboard only: islands placed, numbered and removed at the cursor, and
the keys table saying so."""

from __future__ import annotations

import pygame


def test_number_keys_and_delete_act_at_the_keyboard_cursor_and_the_table_says_so(editor, driver):
    """With no pointer on the board, Space places an island at the cursor, 3 sets its number and
    Delete removes it -- but the keys table said 1-8 and 0 / Delete act on "the island under the
    pointer", so a keyboard player read that those keys were the mouse's."""
    editor.hover = None
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_DOWN)
    cell = editor.cursor
    driver.key(pygame.K_SPACE, unicode=" ")
    driver.key(pygame.K_3, unicode="3")
    assert editor.draft.number_at(cell) == 3
    driver.key(pygame.K_DELETE)
    assert not editor.draft.number_at(cell)
    rows = {b.keys: b.label for b in editor.game_bindings() if b.label}
    for keys in ("Wheel · 1–8", "0 / Delete"):
        assert "keyboard cursor" in rows[keys], rows[keys]


def test_the_opening_line_names_the_keys_that_place_and_remove(app, editor):
    """The editor opened saying "Click: place or remove an island · …": a player on the keyboard was
    not told that the arrows and Space place (and remove) islands."""
    said = editor.status_text
    assert "arrows + Space: place or remove an island" in said, said
