"""Shared test fixtures. Reference data lives beside the project in ../shared/ (never shipped)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED = REPO_ROOT.parent / "shared"
CARDLIST = SHARED / "locm" / "cardlist.txt"
TRACES = SHARED / "locm" / "traces"


@pytest.fixture(scope="session")
def locm_cards():
    """The official LOCM cards by base id (skips when ../shared/ is not beside the checkout)."""
    if not CARDLIST.exists():
        pytest.skip(f"reference card list not found at {CARDLIST}")
    from game.cards.locm import load_cardlist

    return load_cardlist(CARDLIST)
