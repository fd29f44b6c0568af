"""ARCHITECTURE.md stays true: every path it names exists."""

from __future__ import annotations

import re

from tests.architecture.import_graph import REPO_ROOT

PATH = re.compile(r"`((?:game|ai|levels|assets|build_scripts|tests)/[^`\s*]*|main\.py)`")  # globs left out


def test_every_path_the_codemap_names_exists():
    text = (REPO_ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    named = sorted(set(PATH.findall(text)))
    assert len(named) > 30  # the map names the places a newcomer needs
    missing = [path for path in named if not (REPO_ROOT / path.rstrip("/")).exists()]
    assert missing == []
