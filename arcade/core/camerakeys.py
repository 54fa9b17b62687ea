"""The zoom and pan rows every game's keymap declares (pure: the registry modules import it).

One camera lives in the shared GridView; these rows name its scene actions (``zoom`` and
``zoom_fit``, see :mod:`arcade.ui.camera`). Ctrl is part of every zoom key because the bare
"+" and "−" already change the speed in Runway and Tron and the watch speed everywhere.
Two help rows only: the help overlay is already long.
"""

from __future__ import annotations

from arcade.core.registry import Binding


def camera_bindings(wheel: str = "wheel, at the pointer", drag: str = "drag") -> tuple[Binding, ...]:
    """Zoom in/out and fit (with a toolbar button); ``wheel`` and ``drag`` say how the mouse does it here.

    A wrapped Hashi board rotates with the plain wheel, so it zooms with Ctrl+wheel only;
    Runway's plain wheel pans the road.
    """
    return (
        Binding("Ctrl++", "zoom", f"zoom in / out ({wheel})", arg="1", repeat=True),
        Binding("Ctrl+−", "zoom", "", arg="-1", repeat=True),
        Binding("Ctrl+0", "zoom_fit", f"fit the whole board · {drag} to pan", button="Fit"),
    )
