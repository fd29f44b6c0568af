"""Where the shipped data lives, found the same way from a source checkout, an editable or a
wheel install, and a PyInstaller bundle.

`levels/` and `assets/` are top-level folders of the repository (the design card's shape) and
are installed as data-only packages of the same names, so `importlib.resources` finds them in
any install; a frozen bundle unpacks them under `sys._MEIPASS`.
"""

from __future__ import annotations

import importlib.resources
import sys
from functools import lru_cache
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=None)  # the install does not move while the game runs: look it up once
def _data_folder(name: str) -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / name
    try:
        found = Path(str(importlib.resources.files(name)))
    except (ModuleNotFoundError, TypeError):  # not importable: the checkout beside game/
        return _CHECKOUT / name
    return found if found.is_dir() else _CHECKOUT / name


def project_root() -> Path:
    """The folder holding `levels/` and `assets/` (the checkout, site-packages or the bundle)."""
    return levels_dir().parent


def levels_dir() -> Path:
    return _data_folder("levels")


def assets_dir() -> Path:
    return _data_folder("assets")
