"""Duelmind's version, kept in this one place: pyproject reads it (setuptools `dynamic`), and so
do the desktop builds (`build_scripts/`)."""

__version__ = "1.0.0"
