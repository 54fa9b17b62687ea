"""Where user files live (services): platformdirs' config and data dirs, overridable for tests.

Setting ``PUZZLE_ARCADE_HOME`` puts config, data and logs under one directory; the test suite
uses it so runs never touch the real user dirs.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "puzzle-arcade"
HOME_ENV = "PUZZLE_ARCADE_HOME"


def config_dir() -> Path:
    """Where settings.json lives; ``$PUZZLE_ARCADE_HOME/config`` when that is set, so tests and
    screenshot runs never read or replace the player's own settings. It may not exist yet.
    """
    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override) / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """Where autosaves, records, replays and editor drafts live (``$PUZZLE_ARCADE_HOME/data`` when that is set);
    it may not exist yet: each writer makes the folders it writes to.
    """
    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override) / "data"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def shown_path(path: Path) -> str:
    """``path`` as a player reads it: the home folder as ``~`` (a replay's full path did not fit
    the status line, and the command to open it was cut off)."""
    try:
        if not path.is_absolute():
            return str(path)
        inside = path.relative_to(Path.home())
        return "~" if inside == Path() else f"~/{inside}"  # the home itself was "~/."
    except (ValueError, RuntimeError):  # elsewhere, or no home directory
        return str(path)


def log_dir() -> Path:
    """Where the crash log goes (``~/.local/state/puzzle-arcade/log`` on Linux)."""
    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override) / "logs"
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
