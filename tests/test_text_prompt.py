"""The framework's text prompt (arcade/ui/text_prompt.py), driven by posted events: typing, Enter, Esc."""

from __future__ import annotations

import pygame

from arcade.ui.text_prompt import TextPromptScene


def open_prompt(app, driver, text: str = "", limit: int = 80):
    got: list[str] = []
    prompt = TextPromptScene("Title", "Name it:", text, got.append, limit=limit)
    app.push(prompt)
    driver.frames(1)
    return prompt, got


def test_typing_space_backspace_and_enter_keep_the_text(app, driver):
    prompt, got = open_prompt(app, driver, "Old")
    driver.key(pygame.K_u, pygame.KMOD_CTRL, "\x15")  # Ctrl+U clears the current text
    for char in "a b":
        driver.key(pygame.K_SPACE if char == " " else pygame.key.key_code(char), 0, char)
    driver.key(pygame.K_BACKSPACE, 0, "\b")
    assert prompt.text == "a " and app.stack.top is prompt  # Space typed a space, pressed no button
    driver.key(pygame.K_RETURN, 0, "\r")
    assert got == ["a "] and app.stack.top is not prompt


def test_esc_and_cancel_drop_it_ok_keeps_it_and_the_limit_holds(app, driver):
    prompt, got = open_prompt(app, driver, "Kept")
    driver.key(pygame.K_x, 0, "x")
    driver.key(pygame.K_ESCAPE, 0, "\x1b")
    assert got == [] and app.stack.top is not prompt
    prompt, got = open_prompt(app, driver, "", limit=3)
    for char in "abcd":
        driver.key(pygame.key.key_code(char), 0, char)
    assert prompt.text == "abc"
    ok = next(b for b in prompt.buttons if b.label == "OK")
    assert prompt.panel.contains(prompt.field) and prompt.field.bottom <= ok.rect.top
    driver.click(ok.rect.center)
    assert got == ["abc"]
