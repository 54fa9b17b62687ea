"""Hashi's chain walk (ui): a hint's chain of forced steps, stepped by the player or played.

:class:`ChainWalkMixin` is part of :class:`~arcade.games.hashi.view.scene.HashiScene`. A
wrong-bridge or contradiction hint draws its chain on the board a part at a time (the assumption,
each forced step, the clash; :func:`~arcade.games.hashi.view.effects.draw_chain`) with the current
part's caption in a box beside the board. It used to change every 2.6 s whatever the player did:
a 56-step chain took 2.5 minutes a pass and a step missed came back only after all of them. Now
the framework's :class:`~arcade.ui.stepper.SteppedWalk` holds which part is shown: it plays by
itself (faster per step on a long chain, :func:`~arcade.games.hashi.view.effects.chain_seconds`),
and the player steps it -- which pauses it -- with keys or with the framework's player buttons
(:class:`~arcade.ui.transport.PlayerButtons`, ⏮ ◀ ▶/⏸ ▶ ⏭) at the foot of the caption box; a
click elsewhere on the box steps on.

Keys, only while a chain is shown (they come before the game's own): , and . step back and on,
Home and End go to the assumption and the clash, Space plays or pauses; ← and → step too while
the keyboard cursor is hidden -- once it is shown (an arrow up or down, a digit, Ctrl+arrow) the
arrows move it as ever. Enter still locks the cursor's island; a move ends the hint and its walk.
"""

from __future__ import annotations

import pygame

from arcade.core.registry import Binding
from arcade.games.hashi.controller import Highlight
from arcade.games.hashi.view import effects
from arcade.ui.stepper import SteppedWalk
from arcade.ui.transport import PlayerButtons

#: The step buttons' hover help, in the chain's words.
CHAIN_TOOLTIPS = {
    "start": "The assumption, the chain's start [Home]",
    "back": "Step back [, or ←]",
    "play": "Play / pause the chain [Space]",
    "step": "Step on [. or →]",
    "end": "The clash, where it breaks [End]",
}


def chain_footer(*, arrows: bool, playing: bool, short: bool = False) -> str:
    """The keys a chain's caption box names at its foot (``arrows``: ← → step it too); ``short``:
    only the stepping keys, for a narrow margin."""
    keys = "← → or , ." if arrows else ", ."
    if short:
        return f"{keys} step"
    return f"{keys} step · Home End jump · Space {'pauses' if playing else 'plays'}"


def footer_choices(*, arrows: bool, playing: bool) -> list[tuple[str | None, str | None]]:
    """The footers a caption box may have, roomiest first: each as measured (its widest wording,
    so the box does not change size as it is played and paused) and as drawn. The last, None, is
    the box without buttons or keys: a margin that holds only the words still shows them (at
    640x400 a torus's chain fits so), and the keys step it all the same."""
    return [(chain_footer(arrows=True, playing=True), chain_footer(arrows=arrows, playing=playing)),
            (chain_footer(arrows=True, playing=True, short=True),
             chain_footer(arrows=arrows, playing=playing, short=True)),
            ("", ""), (None, None)]


def _too_long(highlight: Highlight, index: int) -> str:
    """The caption of a part whose words no margin holds: which part it is, and for the contradiction
    where its words are (a contradiction hint's words end with it). At 640x400 the clash of
    ``hard/09-world-ocean``'s chain had no box, so a player on the mouse lost the buttons there."""
    _, highlight, index = effects.chain_at(highlight, index)  # of a hint with two chains, the one shown
    steps = highlight.steps
    last = max((s.number for s in steps), default=0)
    if index >= len(steps):
        return "✗ The contradiction: stepped to, the status line says it."
    where = "The assumption" if steps[index].number == 0 else f"Step {steps[index].number} of {last}"
    return f"{where}: stepped to, the status line says it."


class ChainWalkMixin:
    """The stepped chain walk of :class:`~arcade.games.hashi.view.scene.HashiScene`."""

    #: The walk of the hint shown (None: no chain on the board) and the hint it is for.
    _chain: SteppedWalk | None = None
    _chain_for: object = None
    #: Where the caption box was last drawn (empty: not drawn, no room beside the board).
    chain_box = pygame.Rect(0, 0, 0, 0)
    #: The box's top while the player steps the walk (None: it plays, the box follows the parts).
    _chain_top: int | None = None

    def init_chain_walk(self) -> None:
        self._chain = None
        self._chain_for = None
        self.chain_box = pygame.Rect(0, 0, 0, 0)
        self._chain_top = None
        self.chain_buttons = PlayerButtons({
            "start": lambda: self.chain_go("first"), "back": lambda: self.chain_step("-1"),
            "play": self.chain_toggle, "step": lambda: self.chain_step("1"), "end": lambda: self.chain_go("last"),
        }, CHAIN_TOOLTIPS)

    # -- the walk ---------------------------------------------------------------------------
    def chain_highlight(self) -> Highlight | None:
        """The highlight of the hint shown when it has a chain to walk (not while the AI is watched)."""
        if self.hint is None or self.watch is not None:
            return None
        highlight = self._hint_highlight()
        return highlight if highlight.steps or highlight.conflict is not None else None

    def chain_walk(self) -> SteppedWalk | None:
        """The walk of the chain shown; a new hint's starts at its first part, playing."""
        highlight = self.chain_highlight()
        if highlight is None:
            self._chain = self._chain_for = None
            return None
        if self._chain is None or self._chain_for is not self.hint:
            parts = effects.chain_parts(highlight)
            self._chain = SteppedWalk(parts, effects.chain_seconds(parts))
            self._chain_for = self.hint
        return self._chain

    @property
    def chain_shown(self) -> bool:
        """A chain is on the board: its keys step it (:meth:`chain_bindings`)."""
        return self.chain_walk() is not None

    @property
    def chain_arrows(self) -> bool:
        """← → step the chain: one is shown and the keyboard cursor is not."""
        return self.chain_shown and not self.cursor_visible

    #: The last :meth:`chain_part_unboxed` worked out: what it was for, and the answer.
    _unboxed_cache: tuple[object, str | None] = (None, None)

    def chain_part_unboxed(self) -> str | None:
        """The current part's caption once the player steps the walk, when no margin beside the
        board holds its words (the box, if any, then only says which part it is), else None: the
        status line then reads these words, so every part of the walk is read by stepping it, at any
        window size. While the walk plays by itself the status line keeps the hint's summary, which
        says to step it. (The status line used to page the whole explanation instead: 28 pages at
        800x500 for a two-contradiction hint.)"""
        walk = self.chain_walk()
        highlight = self.chain_highlight()
        if walk is None or walk.playing or highlight is None or self.app is None:
            return None
        screen = self.app.screen.get_rect()
        key = (self.hint, walk.index, tuple(self.painter.view.board_rect), tuple(screen), self.app.theme.scale)
        if self._unboxed_cache[0] != key:
            captions = effects.chain_captions(self.painter, highlight)
            text, anchor = captions[min(walk.index, len(captions) - 1)]
            boxed = effects.caption_box(self.painter, self.app.theme, screen, text, anchor) is not None
            self._unboxed_cache = (key, None if boxed else text)
        return self._unboxed_cache[1]

    def chain_update(self, dt: float) -> None:
        walk = self.chain_walk()
        if walk is not None:
            walk.update(dt)

    def chain_step(self, delta: str) -> None:
        walk = self.chain_walk()
        if walk is not None:
            walk.step(int(delta))

    def chain_go(self, end: str) -> None:
        walk = self.chain_walk()
        if walk is not None:
            walk.first() if end == "first" else walk.last()

    def chain_toggle(self) -> None:
        walk = self.chain_walk()
        if walk is not None:
            walk.toggle()

    def chain_bindings(self) -> list[Binding]:
        """The chain's keys, before the game's own while a chain is shown (see the module). The keys
        table lists them while one is shown (the pause screen, How to play opened over it), first,
        as the keys of the moment; the rest of the time the caption box is not there to step, and
        its keys are the game's own again -- the unlabelled rows that act under those lines too: left
        in the table with no chain shown, they still claimed their keys in it, and "." was nobody's
        there (the watch's "while watching: one step" row went, and its status line named no key)."""
        shown = "chain_shown"
        return [
            Binding(", / .", "", "step the hint's chain back / on (← → too while the cursor is hidden)",
                    listed_when=shown),
            Binding(",", "chain_step", "", arg="-1", when=shown, repeat=True, listed_when=shown),
            Binding(".", "chain_step", "", arg="1", when=shown, repeat=True, listed_when=shown),
            Binding("Left", "chain_step", "", arg="-1", when="chain_arrows", repeat=True, listed_when=shown),
            Binding("Right", "chain_step", "", arg="1", when="chain_arrows", repeat=True, listed_when=shown),
            Binding("Home / End", "", "the chain's start (its assumption) / its contradiction", listed_when=shown),
            Binding("Home", "chain_go", "", arg="first", when=shown, listed_when=shown),
            Binding("End", "chain_go", "", arg="last", when=shown, listed_when=shown),
            Binding("Space", "chain_toggle", "play / pause the hint's chain", when=shown, listed_when=shown),
        ]

    # -- mouse ----------------------------------------------------------------------------------
    def handle_chain(self, event: pygame.event.Event) -> bool:
        """The step buttons on the caption box, and a click elsewhere on it stepping on; True when
        the box took the event (a press on it never starts a drag on the board behind)."""
        box = self.chain_box
        if not box.width or self.chain_walk() is None:
            return False
        if self.chain_buttons.handle(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and box.collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.chain_step("1")
            return event.button in (1, 2, 3)
        return False

    def chain_tooltip(self, pos: tuple[int, int]) -> str:
        if not self.chain_box.width:
            return ""
        return self.chain_buttons.tooltip(pos) or (
            "click to step on" if self.chain_box.collidepoint(pos) else "")

    # -- drawing --------------------------------------------------------------------------------
    def draw_chain_caption(self, surface: pygame.Surface) -> None:
        """The current part's caption, the step buttons and the keys in a box beside the board.

        While the walk plays, the box stands level with the part it reads; once the player steps,
        it stays where it was (its top, where the buttons are): it followed each step's line, so
        the ▶ just clicked was somewhere else for the next click."""
        drawn, self.chain_box = self.chain_box, pygame.Rect(0, 0, 0, 0)
        walk = self.chain_walk()
        highlight = self.chain_highlight()
        if walk is None or highlight is None or self.app is None:
            self.chain_buttons.layout(0, 0, 0, 0)
            self._chain_top = None
            return
        theme = self.app.theme
        captions = effects.chain_captions(self.painter, highlight)
        text, anchor = captions[min(walk.index, len(captions) - 1)]
        screen = surface.get_rect()
        choices = footer_choices(arrows=self.chain_arrows, playing=walk.playing)
        measured, words, placed = None, None, None
        for said in (text, _too_long(highlight, walk.index)):  # a margin too narrow for the words: where it is
            measured, words, placed = next(
                ((measured, words, placed) for measured, words in choices
                 if (placed := effects.fit_caption(self.painter, theme, screen, said, anchor, measured)) is not None),
                (None, None, None))
            if placed is not None:
                text = said
                break
        if placed is None:
            self.chain_buttons.layout(0, 0, 0, 0)
            return
        if walk.playing:
            self._chain_top = None
        else:
            if self._chain_top is None:
                self._chain_top = drawn.top if drawn.width else placed[0].top
            anchor = (anchor[0], self._chain_top + placed[0].height / 2)
        box = effects.draw_caption(surface, self.painter, theme, text, anchor, measured, words=words)
        self.chain_box = box or pygame.Rect(0, 0, 0, 0)
        if box is None or measured is None:
            self.chain_buttons.layout(0, 0, 0, 0)
            return
        side = effects.control_size(theme)
        self.chain_buttons.layout(box.x + 10, box.y + 7, side, side, gap=theme.px(4))
        self.chain_buttons.update(walk.index, walk.count - 1, playing=walk.playing, more=True)
        self.chain_buttons.draw(surface, theme)
