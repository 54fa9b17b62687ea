"""The zoom and pan rows every game's keymap declares (pure: the registry modules import it).

One camera lives in the shared GridView; these rows name its scene actions
(:class:`arcade.ui.camera.CameraScene`). Ctrl is part of every zoom key because the bare
"+" and "−" already change the speed in Runway and Tron and the watch speed everywhere.
"""

from __future__ import annotations

from arcade.core.registry import Binding


def camera_bindings(wheel: str = "Wheel / Ctrl+wheel",
                    drag: str = "Drag on empty space / middle-drag") -> tuple[Binding, ...]:
    """Zoom in/out, fit (with a toolbar button), and the help rows for the mouse.

    ``wheel`` and ``drag`` say what zooms and what pans in this game (a wrapped Hashi board
    rotates with the plain wheel, so it zooms with Ctrl+wheel only).
    """
    return (
        Binding("Ctrl++", "zoom", "zoom in / out around the pointer", arg="1"),
        Binding("Ctrl+−", "zoom", "", arg="-1"),
        Binding("Ctrl+0", "zoom_fit", "fit the whole board in the window", button="Fit"),
        Binding(wheel, "", "zoom around the pointer"),
        Binding(drag, "", "pan a zoomed board"),
    )
