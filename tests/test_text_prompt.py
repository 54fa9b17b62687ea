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


def test_an_empty_focused_field_shows_its_placeholder_dimmed_behind_the_caret(app):
    """The example showed only while the field had no cursor: a player who moved onto it lost it."""
    from arcade.ui.text_prompt import TextField

    theme = app.theme
    rect, pad = pygame.Rect(0, 0, 400, 40), 8
    field = TextField("", 80)
    field.focus()

    def drawn(placeholder: str) -> pygame.Surface:
        surface = pygame.Surface(rect.size)
        surface.fill(theme["background"])
        field.draw(surface, theme, rect, size=16, placeholder=placeholder, pad=pad)
        return surface

    bare, shown = drawn(""), drawn("e.g. python3 bot.py")
    caret = bare.map_rgb(theme["text"])
    assert bare.get_at_mapped((pad, 20)) == caret, "the caret is at the start"
    assert shown.get_at_mapped((pad, 20)) == caret, "the caret is drawn over the placeholder"
    beyond = [(x, y) for x in range(pad + 4, 300) for y in range(8, 32)]
    assert any(shown.get_at((x, y)) != bare.get_at((x, y)) for x, y in beyond), "no placeholder drawn"
    assert not any(shown.get_at_mapped((x, y)) == caret for x, y in beyond), "drawn dimmed, not as text"


def placeholders_drawn(app, driver, monkeypatch) -> list:
    """The texts the framework's field draws on the next frame, dimmed (its placeholders)."""
    from arcade.ui import text_prompt
    from tests.drawing import texts_drawn

    drawn = texts_drawn(monkeypatch, text_prompt)
    app.redraw = True
    driver.frames(1)
    return [d.text for d in drawn if d.kwargs.get("colour") == app.theme["text_dim"]]


def test_the_prompt_shows_its_placeholder_while_empty_and_focused(app, driver, monkeypatch):
    prompt = TextPromptScene("Title", "Name it:", "", lambda _text: None, placeholder="e.g. Harbour lights")
    app.push(prompt)
    driver.frames(1)
    assert placeholders_drawn(app, driver, monkeypatch) == ["e.g. Harbour lights"]
    driver.key(pygame.K_h, 0, "h")
    assert placeholders_drawn(app, driver, monkeypatch) == []


def test_every_field_shows_its_example_while_it_has_the_cursor(app, driver, monkeypatch):
    """Each place a field is typed in, empty and focused: Tron setup's Command row, the Hashi
    editor's Title (F2), Runway's Tests command cleared with Ctrl+U."""
    from dataclasses import replace

    from arcade.core.registry import Launch
    from arcade.games.hashi import INFO as HASHI
    from arcade.games.hashi.editing import Draft
    from arcade.games.hashi.view.editor import EditorScene
    from arcade.games.runway.view.tests_panel import RunwayTestsPanel
    from arcade.games.tron.view.setup import PROGRAM, SetupScene

    tron = app.launch("tron", Launch(level="empty-room", seed=3))
    tron.new_match(replace(tron.setup, mode="bot"))
    driver.frames(1)
    driver.key(pygame.K_o)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.setup = replace(setup.setup, bot2=PROGRAM)  # Cycle 2: Program, its Command row empty
    setup.resize(app.size)
    while setup.rows()[setup.selected][0] != "command2":
        driver.key(pygame.K_DOWN)
    assert setup._input_key == "command2" and setup.input.text == ""
    [said] = placeholders_drawn(app, driver, monkeypatch)
    assert "python3 bot.py" in said
    monkeypatch.undo()
    app.pop()
    app.pop()

    editor = EditorScene(HASHI, Draft.blank(5, 5))
    app.push(editor)
    driver.frames(1)
    driver.key(pygame.K_F2)
    assert isinstance(app.stack.top, TextPromptScene)
    assert placeholders_drawn(app, driver, monkeypatch) == [app.stack.top.placeholder] != [""]
    monkeypatch.undo()
    app.pop()
    app.pop()

    app.launch("runway", Launch())
    driver.frames(1)
    driver.key(pygame.K_t)
    panel = app.stack.top
    assert isinstance(panel, RunwayTestsPanel) and panel.selected == -1
    driver.key(pygame.K_u, pygame.KMOD_CTRL, "\x15")
    assert panel.spec == ""
    [said] = placeholders_drawn(app, driver, monkeypatch)
    assert said.startswith("e.g. codingame:")
