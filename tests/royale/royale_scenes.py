"""Opening a Battle Royale level for scene tests, shared by the scene and reuse tests."""

from __future__ import annotations

from typing import Any

from arcade.core.registry import Launch


def open_level(app: Any, driver: Any, level: str = "01-seed-14x20") -> Any:
    """Launch ``level`` and wait until its par is known, so a test starts on a settled board."""
    scene = app.launch("royale", Launch(level=level))
    assert scene is not None
    driver.frames(2)
    scene.par_worker.wait(30)
    driver.frames(1)
    return scene
