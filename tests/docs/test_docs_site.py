"""The documentation: the MkDocs site builds with `--strict` (no broken links, anchors or nav
entries), and the README stays a one-minute page: at most 200 lines, the play and test commands
first (the test command being exactly the one CI runs), and every relative link pointing at a
file that exists."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys

import pytest

from tests.conftest import REPO_ROOT

README = REPO_ROOT / "README.md"
CI_SCRIPT = REPO_ROOT / ".ci" / "run"
PLAY_COMMAND = "python3.11 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/duelmind"
TEST_COMMAND = 'python3.11 -m venv .venv && .venv/bin/pip install -e ".[test]" && .venv/bin/python -m pytest -n auto'
MAX_README_LINES = 200


def _missing_docs_tools() -> list[str]:
    return [
        name
        for module, name in (("mkdocs", "mkdocs"), ("material", "mkdocs-material"))
        if importlib.util.find_spec(module) is None
    ]


def test_the_docs_site_builds_strictly(tmp_path):
    missing = _missing_docs_tools()
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (pip install -e \".[docs]\" or \".[test]\")")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stdout}\n{result.stderr}"
    assert (tmp_path / "site" / "index.html").is_file()
    # The pages included from the repository root really were included.
    architecture = (tmp_path / "site" / "architecture" / "index.html").read_text(encoding="utf-8")
    assert "codemap" in architecture and "--8&lt;--" not in architecture


def _code_blocks(text: str) -> list[str]:
    """The contents of the fenced code blocks, in order, each stripped."""
    return [block.strip() for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, re.M | re.S)]


def test_the_readme_is_short():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, (
        f"README.md has {len(lines)} lines; keep it to {MAX_README_LINES} and move the rest to docs/"
    )


def test_the_readme_starts_with_the_play_and_test_commands():
    blocks = _code_blocks(README.read_text(encoding="utf-8"))
    assert blocks[:2] == [PLAY_COMMAND, TEST_COMMAND], blocks[:2]


def _ci_command() -> str:
    """The command line `.ci/run` runs: its one line that runs pytest."""
    lines = [line.strip() for line in CI_SCRIPT.read_text(encoding="utf-8").splitlines()]
    commands = [line for line in lines if line and not line.startswith("#") and "pytest" in line]
    assert len(commands) == 1, f".ci/run should run pytest on exactly one line: {commands}"
    return commands[0]


def test_the_readme_test_command_is_what_ci_runs():
    assert _ci_command() == TEST_COMMAND, (
        ".ci/run and the README's test command differ: CI must run exactly the command the README gives"
    )


LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def test_every_relative_link_in_the_readme_points_to_a_file_that_exists():
    links = LINK.findall(README.read_text(encoding="utf-8"))
    relative = [link for link in links if not re.match(r"^[a-z][a-z0-9+.-]*:", link) and not link.startswith("#")]
    assert relative, "expected the README to link to the docs"
    missing = [link for link in relative if not (REPO_ROOT / link.split("#", 1)[0]).exists()]
    assert missing == [], f"README.md links to files that do not exist: {missing}"
