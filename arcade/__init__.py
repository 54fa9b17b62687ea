"""Puzzle Arcade: grid puzzles and games on pygame-ce with explainable AIs.

The package is layered: ``arcade.core`` and each game's logic/solver modules are pure
Python (no pygame), ``arcade.ui`` and each game's ``view`` module draw and translate
input, and ``arcade.cli`` ties them together behind one argparse command line.
"""

import os

__version__ = "0.1.0"

# pygame prints a banner on import; that would corrupt the stdout protocols of `bot` commands.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# pygame would name the X11 window class after sys.argv[0] ("__main__.py"); window managers
# and the end-to-end tests (xdotool) find the window by this class instead.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "puzzle-arcade")
