"""A long toast's pages are turned by a click as well as by a reading pause, and a toast never pages
beside a newer long status text.

A toast too long for the status line is shown there a page at a time ("1/2 ▸"), like the line's own
text; but only a reading pause turned it -- a click on its marker, which turns the status line's
pages, did nothing. And at 640x400 a hint asked for under the torus notice was paged beside it, two
page markers side by side in one cramped line: the newer now takes the line, the other waits.
"""

from __future__ import annotations

import pygame

from tests.test_status_line_pages import close, hashi_at, longest_hint_text

LONG = ("Played the hint: the bridge between the island at column 7, row 3 and the island at column 7, "
        "row 9 must be doubled, because the island needs every bridge it can still get, and nothing "
        "else on the board can give it one more; look at the islands around it to see why.")
NOTICE = "This puzzle has more than one solution: any valid one wins, so play on as you like."


def click(app, pos) -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def test_a_click_on_a_long_toast_turns_its_page_and_on_the_last_lets_it_go():
    app, scene = hashi_at((640, 400))
    try:
        scene.toast.show(LONG, "info")
        app.frame(1 / 60)
        assert scene.toast.paged
        first = scene.toast.drawn_lines[0]
        seen = list(first)
        pages = len(scene.toast.messages[-1].page_seconds)
        assert pages > 1
        for _ in range(pages - 1):
            box = scene.toast.boxes[0]
            click(app, (box.right - 20, box.centery))  # on its marker
            assert scene.toast.messages, "a page turned, the toast stays"
            assert scene.toast.drawn_lines[0] != seen[-len(scene.toast.drawn_lines[0]):]
            seen += scene.toast.drawn_lines[0]
        assert " ".join(seen).split() == app.theme.marked("info", LONG).split()
        # The last page is up for its own reading time only, not the whole message's.
        assert scene.toast.messages[-1].remaining <= scene.toast.messages[-1].page_seconds[-1] + 0.1
        box = scene.toast.boxes[0]
        click(app, box.center)  # anywhere on it: on the last page, it goes early
        assert not scene.toast.messages and not scene.toast.boxes
    finally:
        close(app)


def test_a_click_on_a_short_toast_lets_it_go():
    app, scene = hashi_at((1024, 640))
    try:
        scene.toast.show("Saved to your levels", "info", 5.0)
        app.frame(1 / 60)
        assert scene.toast.boxes
        click(app, scene.toast.boxes[0].center)
        assert not scene.toast.messages
    finally:
        close(app)


def test_a_long_hint_under_a_long_notice_takes_the_line_and_the_notice_waits_its_turn():
    app, scene = hashi_at((640, 400))
    try:
        scene.level_note(NOTICE)
        app.frame(1 / 60)
        hint = " ".join(longest_hint_text().split()[:40])
        scene.say(hint, "info")
        app.frame(1 / 60)
        # The hint is newer: it has the whole line, a page at a time; the notice is not drawn.
        assert scene.status_cut and scene.status_text_rect.width == scene.status_rect.width
        assert not scene.toast.boxes
        notice_seen, hint_back = False, False
        for _ in range(120):
            app.frame(0.5)
            # Never both paged side by side.
            assert not (scene.status_shown and scene.toast.boxes), (scene.status_shown, scene.toast.drawn_lines)
            if scene.toast.boxes:
                notice_seen = True
                said = " ".join(" ".join(lines) for lines in scene.toast.drawn_lines)
                assert said.endswith("as you like.") or scene.toast.paged, said
            elif notice_seen and scene.status_shown:
                hint_back = True
                break
        assert notice_seen, "the notice had its turn once the hint was read"
        assert hint_back and scene.status_page == 0, "and the hint came back after it"
    finally:
        close(app)


def test_a_click_on_the_hints_last_page_gives_the_waiting_notice_its_turn():
    app, scene = hashi_at((640, 400))
    try:
        scene.level_note(NOTICE)
        app.frame(1 / 60)
        scene.say(" ".join(longest_hint_text().split()[:40]), "info")
        app.frame(1 / 60)
        pages = scene.status_pages(scene._status_cache[1])
        for _ in range(pages):
            assert not scene.toast.boxes
            click(app, scene.status_text_rect.center)
        app.frame(1 / 60)
        assert scene.toast.boxes and not scene.status_shown
    finally:
        close(app)
