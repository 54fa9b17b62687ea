"""Hashi's caption (ui): a hint or watch step too long for the status line, whole, beside the board.

:class:`CaptionMixin` is part of :class:`~arcade.games.hashi.view.scene.HashiScene`. The status
line shows two lines a page at a time; where the margin beside the board holds the whole
explanation, it is shown there at once, level with the islands it names, and the status line
then points to it in a few words instead of saying the same sentence a second time. Where no
margin holds it (a wide board at 640x400), there is no box: one on the board covered the rows
it talked about, and the status line's pages hold every word.
"""

from __future__ import annotations

from typing import Any

from arcade.games.hashi.controller import ChainStep
from arcade.games.hashi.view import effects
from arcade.ui.status_line import STATUS_LINES
from arcade.ui.text import wrap_text


class CaptionMixin:
    """The long-explanation caption of :class:`~arcade.games.hashi.view.scene.HashiScene`."""

    #: The last caption worked out: what it was for, and the answer (wrapping measures every word).
    _caption_cache: tuple[Any, tuple[str, tuple[float, float]] | None] = (None, None)

    def status_line(self) -> tuple[str, str]:
        """The status line: while the caption shows the explanation, a pointer to it (the box and
        the line said the same words twice)."""
        text, role = super().status_line()
        if text == self.status_text and self.status_caption() is not None:
            return self.caption_pointer(), role
        if text == self.status_text:
            return self.chain_part_unboxed() or self.chain_summary() or text, role
        return text, role

    #: The last chain summary worked out: what it was for, and the answer.
    _summary_cache: tuple[Any, str | None] = (None, None)

    def chain_summary(self) -> str | None:
        """A wrong-bridge or contradiction hint's words without its list of steps, which the board
        captions one by one (see :func:`effects.chain_captions`, and :meth:`chain_part_unboxed` for
        a part no margin holds); None when the hint has no chain.

        The status line said each step a second time: at 640x400 a hint on a 12x10 torus took seven
        pages of two lines ("1/7 ▸"), the steps' pages out of step with the board's. And the short
        words were used only when every caption fitted the margin: at 800x500 one too long for it
        brought back the whole explanation, 28 pages of a two-contradiction hint. Now the short
        words are shortened further, to what the hint concludes, until they take at most
        :data:`SUMMARY_PAGES` pages: the steps are on the board, the box or the status line as the
        walk reaches them."""
        hint = self.hint if self.watch is None else None
        if hint is None or self.app is None or hint.kind not in ("error", "move"):
            return None
        highlight = self._hint_highlight()
        if not highlight.steps:
            return None
        text = self.status_text
        # The whole line's width: a toast beside it never re-pages the text (the framework moves the
        # toast instead), so the words chosen do not change while one is up.
        width = self.status_rect.width
        key = (text, width, self.app.theme.scale)
        if self._summary_cache[0] != key:
            shorter: str | None = text
            for chain in highlight.chains():  # each chain's steps, in order (a hint may rest on two)
                shorter = _without_steps(shorter, chain.steps) if shorter is not None and chain.steps else shorter
            choices = [words for words in (shorter,) if words is not None]
            choices += [*_conclusions(hint.rule, text, len(highlight.chains())), _pointer(hint.rule, text)]
            self._summary_cache = (key, next((words for words in choices if self._status_pages(words) <= SUMMARY_PAGES),
                                             choices[-1]))
        return self._summary_cache[1]

    def _status_pages(self, text: str) -> int:
        """How many pages of the status line ``text`` takes (with room for the page marker)."""
        theme = self.app.theme
        width = self.status_rect.width - self._status_marker_width()
        return self.status_pages(wrap_text(theme, text, 16, max(1, width)))

    def caption_pointer(self) -> str:
        """What the status line says while the caption holds the explanation."""
        hint = self.hint if self.watch is None else None
        what = hint.rule if hint is not None and hint.rule else "Why"
        again = "  (Hint again to play it)" if hint is not None and hint.move is not None else ""
        return f"{what}: read it in the box beside the board.{again}"

    def status_long(self, text: str) -> bool:
        """Whether ``text`` takes more than the status line's two lines at its width."""
        theme = self.app.theme
        return len(wrap_text(theme, text, 16, self.status_rect.width)) > STATUS_LINES

    def status_caption(self) -> tuple[str, tuple[float, float]] | None:
        """The whole explanation of a watch step or hint, and where on the board it is about, when it
        is too long for the status line and a margin beside the board holds it (see
        :func:`effects.caption_box`). A chain hint has its own captions, step by step."""
        if self.app is None:
            return None
        text = self.status_text
        if super().status_line()[0] != text:
            return None  # the status line shows a hover text
        hint = self.hint
        highlight = self.step_highlight if self.watch is not None else self._hint_highlight() if hint else None
        if highlight is None or highlight.steps or highlight.conflict is not None:
            return None
        painter = self.painter
        if highlight.lines or highlight.wrong:
            anchor = painter.line_midpoint(min(highlight.lines or highlight.wrong))[0]
        elif highlight.islands:
            anchor = painter.island_centre(min(highlight.islands))
        else:
            anchor = painter.view.board_rect.center
        screen = self.app.screen.get_rect()
        key = (text, anchor, tuple(painter.view.board_rect), tuple(screen), self.status_text_rect.width,
               self.status_rect.width)
        if self._caption_cache[0] != key:
            fits = (self.status_long(text)
                    and effects.caption_box(painter, self.app.theme, screen, text, anchor) is not None)
            self._caption_cache = (key, (text, anchor) if fits else None)
        return self._caption_cache[1]


#: The most pages of the status line a chain hint's summary takes (see :meth:`CaptionMixin.chain_summary`).
SUMMARY_PAGES = 3
#: What a chain hint's status line adds when it is cut to its conclusion.
_STEP_THEM = "step its chain on the board with , and ."
#: How a chain's words end, before what it proves (see :func:`arcade.games.hashi.explain.trial_text`).
_PROVES = "which is impossible: so "


def _again(text: str) -> str:
    """The "(Hint again to play it)" a hint's status line ends with, if it does."""
    end = text.rfind("  (")
    return text[end:] if end >= 0 and text.endswith(")") else ""


def _conclusions(rule: str, text: str, chains: int) -> list[str]:
    """A contradiction hint's words cut to what it proves, longest first: what its last chain's
    clash rules out and what follows; then, of a hint resting on two, only what follows from both
    (the move). None of either when these are not a contradiction hint's words."""
    at = text.rfind(_PROVES)
    if at < 0:
        return []
    said = "Each assumption breaks" if chains > 1 else "The assumption breaks"
    proved = text[at + len(_PROVES):]
    out = [f"{rule or 'Hint'}: {said} ({_STEP_THEM}): so {proved}"]
    after = proved.find(". ")
    follows = proved[after + 2:].strip() if after >= 0 else ""
    if chains > 1 and follows and not follows.startswith("("):
        out.append(f"{rule or 'Hint'}: both assumptions break ({_STEP_THEM}). {proved[after + 2:].lstrip()}")
    return out


def _pointer(rule: str, text: str) -> str:
    """The shortest status line of a chain hint: where its words are."""
    return f"{rule or 'Hint'}: {_STEP_THEM} to see why{_again(text)}"


#: How a contradiction hint's words list its steps (see :func:`arcade.games.hashi.explain.trial_text`).
_TRIAL_STEPS, _TRIAL_END = " Then, numbered on the board: ", " In the end "


def _without_steps(text: str, steps: tuple[ChainStep, ...]) -> str | None:
    """A chain hint's words without the steps the board captions one by one (None: not found in them).

    A wrong-bridge hint lists its shown steps ("1. ... 2. ..."); a contradiction hint (its assumption
    is step 0) tells its first steps and a count, which become "the box beside the board walks its
    N forced steps": at 640x400 its words took seven pages of the status line, the steps' pages
    out of step with the box."""
    if steps[0].number == 0:
        start = text.find(_TRIAL_STEPS)
        end = text.find(_TRIAL_END, start)
        if start < 0 or end < 0:
            return None
        n = max(step.number for step in steps)
        walk = "its forced step" if n == 1 else f"its {n} forced steps"
        return f"{text[:start]} The box beside the board walks {walk} one by one.{text[end:]}"
    listed = " " + " ".join(f"{step.number}. {step.text}" for step in steps)
    return text.replace(listed, "", 1) if listed in text else None
