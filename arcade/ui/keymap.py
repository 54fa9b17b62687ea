"""Keymaps (ui): one table of ``Binding`` rows drives key dispatch, toolbar buttons and the help overlay.

A binding's ``keys`` text is written for people ("Ctrl+Z / U", "+ / −", "F5") and parsed
here into matchers, so what the help overlay says is by construction what the keys do.
Alternatives are separated by " / "; each is optional modifiers (Ctrl+, Shift+, Alt+)
and a key: a letter, a digit, a symbol, or a name (Esc, Enter, Space, Tab, Home, End,
PgUp, PgDn, Up, Down, Left, Right, Delete, Backspace, F1-F12). Text that is not a key
("Left-drag", "Arrows") makes a help-only row.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from arcade.core.registry import Binding

NAMED = {
    "esc": (pygame.K_ESCAPE,), "escape": (pygame.K_ESCAPE,), "enter": (pygame.K_RETURN, pygame.K_KP_ENTER),
    "return": (pygame.K_RETURN, pygame.K_KP_ENTER), "space": (pygame.K_SPACE,), "tab": (pygame.K_TAB,),
    "home": (pygame.K_HOME,), "end": (pygame.K_END,), "pgup": (pygame.K_PAGEUP,), "pgdn": (pygame.K_PAGEDOWN,),
    "up": (pygame.K_UP,), "down": (pygame.K_DOWN,), "left": (pygame.K_LEFT,), "right": (pygame.K_RIGHT,),
    "↑": (pygame.K_UP,), "↓": (pygame.K_DOWN,), "←": (pygame.K_LEFT,), "→": (pygame.K_RIGHT,),
    "delete": (pygame.K_DELETE,), "backspace": (pygame.K_BACKSPACE,),
    **{f"f{n}": (getattr(pygame, f"K_F{n}"),) for n in range(1, 13)},
}
#: Symbols matched by the character typed (layouts differ in which key makes "+" or "?").
SYMBOLS = {
    "+": ("+", "="), "−": ("-",), "-": ("-",), "?": ("?",), ",": (",", "<"), ".": (".", ">"), "[": ("[",),
    "]": ("]",), "<": ("<",), ">": (">",),
}
SYMBOL_KEYS = {
    "+": (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS), "−": (pygame.K_MINUS, pygame.K_KP_MINUS),
    "-": (pygame.K_MINUS, pygame.K_KP_MINUS), ",": (pygame.K_COMMA,), ".": (pygame.K_PERIOD,),
    "[": (pygame.K_LEFTBRACKET,), "]": (pygame.K_RIGHTBRACKET,),
}
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META


@dataclass(frozen=True)
class KeyMatcher:
    """One alternative of a binding: key codes or typed characters, and the modifiers it needs."""

    codes: tuple[int, ...]
    chars: tuple[str, ...] = ()
    ctrl: bool = False
    alt: bool = False
    #: None: Shift does not matter (symbols); otherwise it must be held (True) or not (False).
    shift: bool | None = False

    def matches(self, event: pygame.event.Event) -> bool:
        mod = getattr(event, "mod", 0)
        if bool(mod & CTRL) != self.ctrl or bool(mod & pygame.KMOD_ALT) != self.alt:
            return False
        if self.shift is not None and bool(mod & pygame.KMOD_SHIFT) != self.shift:
            return False
        if event.key in self.codes:
            return True
        return bool(self.chars) and getattr(event, "unicode", "") in self.chars


def _alternative(text: str) -> KeyMatcher | None:
    parts = text.strip().split("+")
    # "+" itself, or "Ctrl++"
    if text.strip().endswith("+") and (text.strip() == "+" or text.strip().endswith("++")):
        parts = [*text.strip()[:-2].split("+"), "+"] if text.strip() != "+" else ["+"]
        parts = [p for p in parts if p != ""] or ["+"]
    *mods, key = parts
    mods_lower = {m.strip().lower() for m in mods}
    if not mods_lower <= {"ctrl", "shift", "alt"}:
        return None
    ctrl, alt, shift = "ctrl" in mods_lower, "alt" in mods_lower, "shift" in mods_lower
    name = key.strip()
    lower = name.lower()
    if lower in NAMED:
        return KeyMatcher(NAMED[lower], ctrl=ctrl, alt=alt, shift=shift)
    if name in SYMBOLS:
        return KeyMatcher(SYMBOL_KEYS.get(name, ()), SYMBOLS[name], ctrl=ctrl, alt=alt,
                          shift=True if shift else None)
    if len(name) == 1 and name.isascii() and name.isalnum():
        code = pygame.key.key_code(name.lower())
        codes = (code,)
        if name.isdigit():
            codes += (getattr(pygame, f"K_KP{name}"),)
        return KeyMatcher(codes, ctrl=ctrl, alt=alt, shift=shift)
    return None


@lru_cache(maxsize=512)
def parse_keys(text: str) -> tuple[KeyMatcher, ...]:
    """The matchers of a binding's key text; empty if it names no key (a help-only row)."""
    found = []
    for alternative in text.split(" / "):
        matcher = _alternative(alternative)
        if matcher is None:
            return ()
        found.append(matcher)
    return tuple(found)


def find_binding(bindings: Iterable[Binding], event: pygame.event.Event) -> Binding | None:
    """The first binding with an action whose keys match a KEYDOWN event.

    A letter pressed with Shift that no binding takes with Shift is the letter itself: the keys
    tables print letters as capitals ("H hint"), and Shift+H, what a player reading "H" may well
    press, did nothing."""
    if event.type != pygame.KEYDOWN:
        return None
    bindings = list(bindings)
    for binding in bindings:
        if binding.action and any(m.matches(event) for m in parse_keys(binding.keys)):
            return binding
    mod = getattr(event, "mod", 0)
    if mod & pygame.KMOD_SHIFT and not mod & (CTRL | pygame.KMOD_ALT) and pygame.K_a <= event.key <= pygame.K_z:
        unshifted = pygame.event.Event(event.type, key=event.key, mod=mod & ~pygame.KMOD_SHIFT,
                                       unicode=getattr(event, "unicode", "").lower())
        return find_binding(bindings, unshifted)
    return None


ARROWS = ("Up", "Down", "Left", "Right")


@lru_cache(maxsize=512)
def named_keys(text: str) -> frozenset[KeyMatcher]:
    """Every key a help row's key text names, as matchers: its alternatives, and the words the
    help uses for a group of keys ("Arrows", "Ctrl+arrow", "W A S D", "WASD", "1–8", "[ ]").
    Mouse gestures ("Click", "Left-drag from an island", "wheel", "Timeline") name none."""
    found: set[KeyMatcher] = set()
    for part in re.split(r" / | · ", text):
        part = part.strip()
        matcher = _alternative(part)
        if matcher is not None:
            found.add(matcher)
            continue
        *mods, last = part.split("+")
        if last.lower() in ("arrow", "arrows") and all(m in ("Ctrl", "Shift", "Alt") for m in mods):
            found.update(m for key in ARROWS if (m := _alternative("+".join([*mods, key]))) is not None)
            continue
        span = re.fullmatch(r"(\d)[–-](\d)", part)
        if span:
            found.update(m for n in range(int(span[1]), int(span[2]) + 1) if (m := _alternative(str(n))) is not None)
            continue
        words = part.split()
        if len(words) > 1 and all(_alternative(w) is not None for w in words):  # "W A S D", "[ ]"
            found.update(m for w in words if (m := _alternative(w)) is not None)
        elif re.fullmatch(r"[A-Z]{2,}", part):  # "WASD"
            found.update(m for c in part if (m := _alternative(c)) is not None)
    return frozenset(found)


def listed_once(bindings: Sequence[Binding], active: Callable[[Binding], bool],
                later_first: Callable[[Binding], object] = lambda b: 0) -> dict[int, Binding]:
    """The rows of a help table, each key in one row only: the row a press of it runs now.

    The rows that act now claim their keys in dispatch order, as a press finds them; then the
    rows that do not act now (in ``later_first`` order): a key with no meaning at the moment
    is listed with its meaning in another mode ("R: replay the round that just ended" during
    the round), a key that has one is not listed again with another (Runway listed Space three
    times). A row keeps the alternatives no earlier row claimed ("Right / N" becomes "Right") and
    goes when none is left; a row naming its keys as a group ("Arrows / W A S D") keeps all or
    none. Returns the kept rows, keys trimmed, by their index in ``bindings``.
    """
    claimed: set[KeyMatcher] = set()
    kept: dict[int, Binding] = {}
    now = [i for i, b in enumerate(bindings) if active(b)]
    later = sorted((i for i, b in enumerate(bindings) if not active(b)), key=lambda i: later_first(bindings[i]))
    for i in [*now, *later]:
        binding = bindings[i]
        alternatives = binding.keys.split(" / ")
        names = [named_keys(a) for a in alternatives]
        if not parse_keys(binding.keys) and any(names):  # a group: all or none
            keys = frozenset().union(*names)
            if not keys & claimed:
                claimed |= keys
                kept[i] = binding
            continue
        left = [(a, k) for a, k in zip(alternatives, names, strict=True) if not k & claimed]
        if not left:
            continue
        for _, keys in left:
            claimed |= keys
        text = " / ".join(a for a, _ in left)
        kept[i] = binding if text == binding.keys else replace(binding, keys=text)
    return kept


def help_rows(bindings: Iterable[Binding], *, buttons: bool = False) -> list[tuple[str, str]]:
    """(keys, meaning) for the help overlay: every labelled row once, in order.

    A row without a label that runs the same action as the labelled row just before it
    (the "−" after "+", both changing the speed) adds its keys to that row: "+ / −".
    With ``buttons`` (How to play, read by a player who may use only the mouse), a row whose
    binding has a toolbar button names it before its keys, "Hint (H)" (see :func:`button_cell`).
    """
    rows: list[tuple[str, str, str]] = []
    last: Binding | None = None
    for binding in bindings:
        if binding.label:
            row = (binding.keys, binding.label, binding.button if buttons else "")
            if row not in rows:
                rows.append(row)
            last = binding
        elif last is not None and binding.action and binding.action == last.action and rows:
            keys, label, button = rows[-1]
            rows[-1] = (f"{keys} / {binding.keys}", label, button)
    return [(button_cell(button, keys), label) for keys, label, button in rows]


def button_cell(button: str, keys: str) -> str:
    """A keys table's cell for a row with a toolbar ``button``: "Hint (H)". How to play named only
    the keys ("H … W …") where the game's screen shows "Hint" and "Watch": a mouse player read "H"
    and looked for a key. Without a button, the keys alone."""
    return f"{button} ({keys})" if button else keys
