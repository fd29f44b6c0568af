"""The rules and the AIs type-check: mypy, configured in pyproject.toml ([tool.mypy]: game/rules
and ai, the pydantic plugin), reports no error. Skipped, with the reason, without mypy.

By hand: `python -m mypy` (from the repository root; the same configuration and files)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ("game/rules", "ai")
_ERROR = re.compile(r"^(?P<file>[^:\s]+\.py):\d+(?::\d+)?: error:", re.MULTILINE)


def _missing(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is None
    except ImportError:  # a parent package is missing
        return True


@pytest.mark.skipif(_missing("mypy"), reason="mypy is not installed (pip install mypy)")
@pytest.mark.skipif(_missing("pydantic.mypy"), reason="pyproject.toml's mypy configuration needs pydantic's plugin")
def test_rules_and_ai_type_check():
    command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), *CHECKED]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    output = done.stdout + done.stderr
    if done.returncode == 0:
        return
    per_file = Counter(match["file"] for match in _ERROR.finditer(output))
    summary = "\n".join(f"  {count:4d}  {file}" for file, count in sorted(per_file.items()))
    pytest.fail(
        f"mypy found errors (`{' '.join(['python -m mypy', *CHECKED])}` to see them), by file:\n"
        f"{summary or '  (none parsed: see the output)'}\n\nmypy's output:\n{output}",
        pytrace=False,
    )
