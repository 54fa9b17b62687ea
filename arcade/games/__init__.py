"""The games (registry population): each sub-package's ``INFO`` is registered here.

A game is a sub-package of ``arcade.games`` whose ``__init__`` defines ``INFO``, a
:class:`arcade.core.registry.GameInfo`. Importing this module only imports those small
``__init__`` modules, never a game's UI.
"""

from __future__ import annotations

import importlib
import pkgutil

from arcade.core.registry import GameInfo, Registry

REGISTRY = Registry()


def _discover() -> None:
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        info = getattr(package, "INFO", None)
        if isinstance(info, GameInfo):
            REGISTRY.register(info)


_discover()
