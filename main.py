"""Start Puzzle Arcade from a checkout: ``python main.py [command ...]`` (same CLI as ``python -m arcade``)."""

from arcade.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
