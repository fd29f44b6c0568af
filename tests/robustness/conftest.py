"""Robustness tests: no pygame window, and every file the game would save kept under a temporary
DUELMIND_HOME (set for the whole session, so a test that forgets to pass a store still never
touches the player's real folders)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402  (after the SDL variables)


@pytest.fixture(scope="session", autouse=True)
def duelmind_home(tmp_path_factory):
    home = tmp_path_factory.mktemp("duelmind-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DUELMIND_HOME", str(home))
        yield home
