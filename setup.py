"""The one build step pyproject.toml cannot say: the message catalogs (game/locale/*/LC_MESSAGES/
duelmind.po) compiled to .mo inside the wheel, with Babel (game/i18n.py, docs/translating.md).

Everything else about the package is in pyproject.toml. An editable install (`pip install -e .`)
reads the checkout instead, where game/i18n.py compiles each catalog into the user cache on first
use; the desktop build compiles them itself (build_scripts/bundle_config.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # the checkout is the package: game/i18n.py compiles into the cache
        sys.path.insert(0, str(ROOT))  # game/i18n.py imports nothing but the standard library (and Babel)
        from game.i18n import compile_all

        for path in compile_all(ROOT / "game" / "locale", into=Path(self.build_lib) / "game" / "locale"):
            print(f"compiled {path}")


if __name__ == "__main__":  # as setuptools runs it (the tests import the step alone)
    setup(cmdclass={"build_py": BuildWithCatalogs})
