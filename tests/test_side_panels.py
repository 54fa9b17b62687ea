"""Side panels in small windows at every Text size: every item a panel lists is drawn whole inside it.

At 800x500 with the largest Text size (150 %, drawn at 125 %) Battle Royale's legend showed its
first six items and none of the drop's keys, and Hashi's editor cut "Cylin…" and its verdict's
headline while ~100 pixels lay empty between the board and the panel. Each test renders the real
screen at a window size and Text size and checks the texts drawn (``tests.drawing.texts_drawn``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest

from arcade.core.registry import Launch
from arcade.games import REGISTRY
from arcade.ui.app import App
from tests.conftest import Driver
from tests.drawing import texts_drawn

#: (window size, Text size): the largest text in the small windows, and the default beside it.
WINDOWS = [((800, 500), 1.5), ((800, 500), 0.0), ((640, 400), 1.5), ((960, 600), 1.5), ((1280, 800), 1.5),
           ((780, 420), 1.25)]


@contextmanager
def app_at(size: tuple[int, int], text_size: float) -> Iterator[App]:
    """A headless app of ``size`` at the Settings' ``text_size`` (0: automatic); closed after."""
    app = App(REGISTRY, size=size, headless=True)
    app.persist = False
    app.settings.text_size = text_size
    app.rescale()
    try:
        yield app
    finally:
        app.close()
        pygame.display.quit()


def _royale(app: App, phase: str) -> Any:
    driver = Driver(app)
    scene = app.launch("royale", Launch(level="01-seed-14x20"))
    driver.frames(2)
    scene.par_worker.wait(30)
    driver.frames(1)
    if phase == "in the round":
        for _ in range(5):  # the first press shows the cursor, the next four move it
            driver.key(pygame.K_UP)
        driver.key(pygame.K_RETURN)  # drop at the cursor
        assert scene.session.state.placed and scene.session.outcome is None
    return scene


@pytest.mark.parametrize("phase", ["before the drop", "in the round"])
@pytest.mark.parametrize(("size", "text_size"), WINDOWS, ids=lambda v: str(v))
def test_royale_legend_draws_every_item_inside_the_panel(size, text_size, phase, monkeypatch):
    """At 800x500 @150 % the legend ended at "storm": "reach of the centre", "loot taken", "may drop
    here", "may not drop here" and "hint (H)" were not drawn. Every item the phase lists is drawn
    whole inside the panel, none over another (the short ones may go two to a row)."""
    from arcade.games.royale.view import panel

    with app_at(size, text_size) as app:
        scene = _royale(app, phase)
        if not scene.side_rect.width:  # a window too narrow for the panel (640x400) shows none at all
            assert size[0] < 800
            return
        drawn = texts_drawn(monkeypatch, panel)
        scene._side_cache = None
        scene.draw(app.screen)
        state = scene.session.state
        items = [text for _, text in panel.legend_rows(None)] + panel.line_marks(state, None)
        bounds = pygame.Rect((0, 0), scene.side_rect.size)
        rects = {d.text: d.rect for d in drawn}
        for item in items:
            assert item in rects, (size, text_size, phase, item, [d.text for d in drawn])
            assert bounds.contains(rects[item]), (item, rects[item], bounds)
        # Side by side or a row apart (a text's box is taller than its letters: rows' boxes may touch).
        shown = [rects[item] for item in items]
        for i, a in enumerate(shown):
            for b in shown[i + 1:]:
                assert a.right <= b.left or b.right <= a.left or abs(a.centery - b.centery) >= 12, (a, b)


def _settle(scene: Any, driver: Driver) -> None:
    for worker in (scene.verdict_worker, scene.fix_worker):
        worker.wait(30)
    driver.frames(1)


@pytest.mark.parametrize("board", [(7, 7), (7, 20), (2, 2)], ids=["7x7", "7 rows of 20", "2x2 with one island"])
@pytest.mark.parametrize(("size", "text_size"), WINDOWS, ids=lambda v: str(v))
def test_hashi_editor_panel_draws_every_button_label_and_the_headline_whole(size, text_size, board, monkeypatch):
    """At 800x500 @150 % the topology button read "Cylin…" and the verdict "Not a puzzle …" while
    ~100 pixels lay empty beside the 7x7 board: the panel takes that room, is never narrower than
    its buttons' labels, and a headline too long for a line goes on to a second."""
    from arcade.games.hashi import INFO
    from arcade.games.hashi.editing import Draft
    from arcade.games.hashi.view import verdict_panel
    from arcade.games.hashi.view.editor import EditorScene
    from arcade.ui import widgets

    with app_at(size, text_size) as app:
        driver = Driver(app)
        draft = Draft.blank(*board)
        if board == (2, 2):
            draft = draft.with_numbers({(0, 0): 3})
        scene = EditorScene(INFO, draft, keep_drafts=False)
        app.push(scene)
        driver.frames(2)
        _settle(scene, driver)
        labels = texts_drawn(monkeypatch, widgets)
        texts = texts_drawn(monkeypatch, verdict_panel)
        scene.draw(app.screen)
        theme = app.theme
        for button in scene.panel_buttons:
            [label] = [d for d in labels if d.text == button.label]
            assert theme.font(label.size).size(label.text)[0] <= label.kwargs["max_width"], (button.label, size)
            assert scene.panel_rect.contains(button.rect), (button.label, button.rect, scene.panel_rect)
        verdict = scene.verdict
        assert verdict is not None
        headline = [d for d in texts if d.size == 22]
        glyph = theme.glyph(verdict_panel.ROLE[verdict.kind])
        assert " ".join(d.text for d in headline) == f"{glyph} {verdict.headline}".strip()
        for d in headline:
            assert theme.font(22, True).size(d.text)[0] <= d.kwargs["max_width"], (d.text, size)
            assert scene.panel_rect.contains(d.rect), (d.text, d.rect, scene.panel_rect)
        assert not scene.board_rect.colliderect(scene.panel_rect)


def test_hashi_editor_headline_wraps_to_a_second_line_in_a_narrow_panel():
    """A headline wider than the panel was elided ("Not a puzzle …"); it now goes on to a second
    line, each line whole inside the panel."""
    from arcade.games.hashi import INFO
    from arcade.games.hashi.editing import Draft
    from arcade.games.hashi.view.editor import EditorScene

    with app_at((800, 500), 1.5) as app:
        driver = Driver(app)
        scene = EditorScene(INFO, Draft.blank(7, 7), keep_drafts=False)
        app.push(scene)
        driver.frames(2)
        _settle(scene, driver)
        scene.panel_rect = pygame.Rect(scene.panel_rect.x, scene.panel_rect.y, 200, scene.panel_rect.height)
        headline = [item for item in scene.panel_items() if item.size == 22]
        assert len(headline) == 2, headline
        font = app.theme.font(22, True)
        assert all(font.size(item.text)[0] <= item.rect.width for item in headline), headline
        assert " ".join(item.text for item in headline).endswith("Not a puzzle yet")


def tron_setup_with_a_program(app: App, driver: Driver) -> Any:
    """Tron's New match panel (O) over a match against a bot, its cycle 2 a Program… seat."""
    from dataclasses import replace

    from arcade.games.tron.view.setup import PROGRAM, SetupScene

    scene = app.launch("tron", Launch(level="empty-room", seed=3))
    scene.new_match(replace(scene.setup, mode="bot"))
    driver.frames(1)
    driver.key(pygame.K_o)
    overlay = app.stack.top
    assert isinstance(overlay, SetupScene)
    overlay.setup = replace(overlay.setup, bot2=PROGRAM)  # Cycle 2: Program… (your own bot)
    overlay.resize(app.size)
    return overlay


@pytest.mark.parametrize(("size", "text_size"), WINDOWS, ids=lambda v: str(v))
def test_tron_setups_protocol_value_stays_clear_of_its_arrow_at_every_text_size(size, text_size, monkeypatch):
    """Checked at 800x500 @150 % (it ends "… · 1 s a move" about 15 pixels before ▸): the value is
    drawn whole, its time a move kept, and clear of the ▸ after it."""
    from arcade.games.tron.view import setup as setup_module

    with app_at(size, text_size) as app:
        driver = Driver(app)
        tron_setup_with_a_program(app, driver)
        app.redraw = True
        drawn = texts_drawn(monkeypatch, setup_module)
        driver.frames(1)
        [value] = [d for d in drawn if d.text.startswith("2010 ")]
        [arrow] = [d for d in drawn if d.text == "▸" and abs(d.rect.centery - value.rect.centery) <= 2]
        assert value.text.endswith("1 s a move"), value.text
        assert app.theme.font(17).size(value.text)[0] == value.rect.width, "drawn shortened with …"
        assert value.rect.right + app.theme.px(4) <= arrow.rect.left, (value.rect, arrow.rect)
