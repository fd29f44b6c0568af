"""Where the shipped data lives, the same way from a source checkout and from a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def project_root() -> Path:
    """The folder holding `levels/` and `assets/`: the bundle's unpack dir when frozen."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def levels_dir() -> Path:
    return project_root() / "levels"


def assets_dir() -> Path:
    return project_root() / "assets"
