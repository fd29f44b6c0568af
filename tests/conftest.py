"""Shared test fixtures. The LOCM card list ships with the rules; the official-engine traces
live beside the project in ../shared/ (never shipped), and only the tests replaying them skip
without it."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from game.rules.cards.locm import OFFICIAL_CARDLIST

REPO_ROOT = Path(__file__).resolve().parent.parent
CARDLIST = OFFICIAL_CARDLIST  # the shipped LOCM card list (other tests import it from here)
SHARED = REPO_ROOT.parent / "shared"
REFERENCE_CARDLIST = SHARED / "locm" / "cardlist.txt"  # compared with the shipped copy when present
TRACES = SHARED / "locm" / "traces"

# Commands run in-process (game.cli.main) set up logging; without this their log lines and
# saves would land in the developer's own user folders. Tests that need a home of their own
# set DUELMIND_HOME themselves.
if "DUELMIND_HOME" not in os.environ:
    os.environ["DUELMIND_HOME"] = tempfile.mkdtemp(prefix="duelmind-tests-home-")
    atexit.register(shutil.rmtree, os.environ["DUELMIND_HOME"], True)


@pytest.fixture(scope="session")
def locm_cards():
    """The official LOCM 1.2 cards by base id, from the list shipped with the rules."""
    from game.rules.cards.locm import load_official_cards

    return load_official_cards()
