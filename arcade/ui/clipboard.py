"""The system clipboard (ui): copy and paste text, and say why not when there is none.

Every text field pastes with Ctrl+V, and Hashi copies and pastes game IDs: one place talks to
``pygame.scrap``, so a missing clipboard (a bare X server, the dummy driver) reads the same
everywhere and never raises out of a key press.
"""

from __future__ import annotations

import pygame


def copy_text(text: str) -> str:
    """Put ``text`` on the clipboard; returns an error message, or "" on success."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error as exc:
        return f"Could not copy: {exc}"
    return ""


def paste_text() -> tuple[str, str]:
    """(clipboard text, error message). A leading byte-order mark is dropped, as every level file and
    stdin reader drops it: text copied from a file Notepad saved carries one, and a pasted level or
    game ID was refused at "column 1: unexpected '\\ufeff'"."""
    try:
        return (pygame.scrap.get_text() or "").removeprefix("\ufeff"), ""
    except pygame.error as exc:
        return "", f"Could not read the clipboard: {exc}"
