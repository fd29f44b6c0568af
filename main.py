"""Duelmind from a source checkout: `python main.py [COMMAND] [options]`.

The same entry point as the installed `duelmind` command (`game/cli.py`); the desktop build's
PyInstaller analysis starts here too.
"""

from __future__ import annotations

import sys

from game.cli import COMMANDS, main

__all__ = ["COMMANDS", "main"]

if __name__ == "__main__":
    # PyInstaller bundles start worker processes through this same entry point.
    import multiprocessing

    multiprocessing.freeze_support()
    sys.exit(main())
