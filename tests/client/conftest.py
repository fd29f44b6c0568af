"""Client tests run without a display: SDL's dummy video and audio drivers, set before pygame
is imported anywhere in the test process, and settings kept in a temporary DUELMIND_HOME."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

THINK_MS = 20  # a fixed tiny AI budget for every test


@pytest.fixture(scope="session")
def ai_pool():
    """One warm AI worker process for the whole session (spawning one costs about a second)."""
    from game.client.ai_worker import AIPool

    pool = AIPool(1)
    yield pool
    pool.close()


@pytest.fixture
def app(tmp_path, monkeypatch, ai_pool):
    import pygame

    from game.client.app import App
    from game.client.settings import SettingsFile
    from game.rules.saves.store import Store

    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path / "home"))
    pygame.init()
    application = App(
        SettingsFile(Store(kind="config")), size=(1280, 720), fullscreen=False, pool=ai_pool, think_ms=THINK_MS
    )
    application.settings.animation_speed = 8.0
    yield application
    application.close()
