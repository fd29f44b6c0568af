"""Lint and format run as tests, so `.ci/run` catches them: `ruff check` (pyflakes and pycodestyle
rules, as configured in pyproject.toml) and `ruff format --check` over the whole repository."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _ruff() -> list[str]:
    try:
        import ruff  # noqa: F401 (only finding out whether it is installed)
    except ImportError:
        if shutil.which("ruff") is None:
            pytest.skip("ruff is not installed (pip install -e '.[test]')")
        return ["ruff"]
    return [sys.executable, "-m", "ruff"]


@pytest.mark.parametrize("command", [["check", "."], ["format", "--check", "."]], ids=["lint", "format"])
def test_ruff_finds_nothing(command):
    done = subprocess.run([*_ruff(), *command], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"ruff {' '.join(command)}:\n{done.stdout}{done.stderr}"
