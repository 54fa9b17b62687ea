"""Entry point for ``python -m arcade``: the same ``main`` as ``main.py`` and the console script."""

from arcade.cli import main

raise SystemExit(main())
