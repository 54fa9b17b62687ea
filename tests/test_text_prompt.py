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


def press(field, key: int, mod: int = 0, unicode: str = "") -> bool:
    return field.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))


def type_text(field, text: str) -> None:
    for char in text:
        press(field, pygame.K_SPACE if char == " " else 0, 0, char)


def test_a_prefilled_field_is_selected_on_focus_so_typing_replaces_it():
    """A prefilled field was typed onto: the newcomer's command ran into the one filled in."""
    from arcade.ui.text_prompt import TextField

    field = TextField("codingame:python3 old.py", 300)
    field.focus()
    assert field.selected_text() == "codingame:python3 old.py"
    type_text(field, "codingame:./mine")
    assert field.text == "codingame:./mine" and field.selection is None


def test_the_fields_keys_select_all_move_delete_words_and_paste(monkeypatch):
    from arcade.ui import text_prompt
    from arcade.ui.text_prompt import TextField

    field = TextField("python3 my bot.py", 20)
    assert press(field, pygame.K_a, pygame.KMOD_CTRL, "\x01")  # Ctrl+A selects all ...
    assert field.selected_text() == field.text
    assert press(field, pygame.K_BACKSPACE, 0, "\b") and field.text == ""  # ... Backspace clears it
    field.set("python3 my bot.py")
    press(field, pygame.K_BACKSPACE, pygame.KMOD_CTRL)  # Ctrl+Backspace: the word before the caret
    assert field.text == "python3 my "
    press(field, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    assert field.text == "python3 "
    assert press(field, pygame.K_HOME) and field.caret == 0
    type_text(field, "x")
    assert field.text == "xpython3 "
    press(field, pygame.K_END, pygame.KMOD_SHIFT)  # Shift+End selects to the end
    assert field.selected_text() == "python3 "
    press(field, pygame.K_DELETE)
    assert field.text == "x" and field.caret == 1
    monkeypatch.setattr(text_prompt, "paste_text", lambda: ("codingame:./bot --fast\nsecond line", ""))
    press(field, pygame.K_a, pygame.KMOD_CTRL)
    assert press(field, pygame.K_v, pygame.KMOD_CTRL, "\x16")  # the first line, cut to the limit
    assert field.text == "codingame:./bot --fa"
    assert not press(field, pygame.K_RETURN, 0, "\r") and not press(field, pygame.K_DOWN)  # the panel's


def test_the_selection_is_drawn_highlighted(app):
    from arcade.ui.text_prompt import TextField

    theme = app.theme
    surface = pygame.Surface((400, 40))
    rect = pygame.Rect(0, 0, 400, 40)
    field = TextField("select me", 80)
    field.focus()
    surface.fill(theme["background"])
    field.draw(surface, theme, rect, size=16)
    accent = surface.map_rgb(theme["accent"])
    highlighted = sum(surface.get_at_mapped((x, 20)) == accent for x in range(400))
    assert highlighted > theme.font(16).size("select me")[0] // 3
    press(field, pygame.K_END)
    surface.fill(theme["background"])
    field.draw(surface, theme, rect, size=16)
    assert not any(surface.get_at_mapped((x, 20)) == accent for x in range(400))


def test_the_prompt_opens_with_its_value_selected_and_says_the_keys(app, driver):
    prompt, got = open_prompt(app, driver, "Old title")
    assert "Ctrl+A" in " ".join(prompt.lines)
    for char in "New":
        driver.key(pygame.key.key_code(char.lower()), 0, char)
    driver.key(pygame.K_RETURN, 0, "\r")
    assert got == ["New"]
