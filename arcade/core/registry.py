"""The game registry (core): maps a game's name to its rules, scene, CLI commands and levels.

Entries hold dotted paths and are imported lazily, so listing games for the menu or the
CLI's ``--help`` does not import every game's UI. The menu, the CLI, the contract tests
and the benchmarks iterate over the registry instead of naming games.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from arcade.core.errors import UsageError
from arcade.core.game import Rules


def load_object(path: str) -> Any:
    """Import ``"package.module:attribute"``."""
    module_name, _, attr = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module


@dataclass(frozen=True)
class Command:
    """A CLI sub-command a game contributes (``solve``, ``generate``, ``bot``, ``tournament``, ``bench``)."""

    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


@dataclass(frozen=True)
class Launch:
    """What to open: a level (file path or bundled id), a seed, or a save to resume."""

    level: str | None = None
    seed: int | None = None
    save: dict[str, Any] | None = None
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameInfo:
    """One registered game. ``rules``/``scene``/``commands`` are ``"module:attribute"`` paths."""

    name: str
    title: str
    description: str
    rules: str
    scene: str
    commands: str | None = None
    #: Sort key in the menu.
    order: int = 100
    #: One line per key for the pause overlay and the README.
    keys: tuple[tuple[str, str], ...] = ()

    def load_rules(self) -> Rules[Any, Any, Any]:
        return load_object(self.rules)

    def load_scene(self) -> Callable[..., Any]:
        """The scene factory: ``factory(app, launch: Launch) -> Scene``."""
        return load_object(self.scene)

    def load_commands(self) -> dict[str, Command]:
        if not self.commands:
            return {}
        return dict(load_object(self.commands))


class Registry:
    """An ordered collection of :class:`GameInfo` by name."""

    def __init__(self) -> None:
        self._games: dict[str, GameInfo] = {}

    def register(self, info: GameInfo) -> GameInfo:
        self._games[info.name] = info
        return info

    def unregister(self, name: str) -> None:
        self._games.pop(name, None)

    def get(self, name: str) -> GameInfo:
        try:
            return self._games[name]
        except KeyError:
            choices = ", ".join(self.names()) or "none registered"
            raise UsageError(f"unknown game {name!r} (choose from: {choices})") from None

    def names(self) -> list[str]:
        return [g.name for g in self]

    def __iter__(self) -> Iterator[GameInfo]:
        return iter(sorted(self._games.values(), key=lambda g: (g.order, g.name)))

    def __contains__(self, name: object) -> bool:
        return name in self._games

    def __len__(self) -> int:
        return len(self._games)
