"""Duelmind's shipped level data (JSON, no code): a package only so that an installed copy is
found through `importlib.resources` (see `game/paths.py`)."""
