"""Where the game's files are, from a source checkout or from a PyInstaller bundle, and the
fonts loaded from them (each size loaded once), at the player's text size."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from game.paths import project_root


def resource_root() -> Path:
    """The folder holding `assets/` and `levels/`: the bundle's unpack dir when frozen."""
    return project_root()


def resource_path(*parts: str) -> Path:
    return resource_root().joinpath(*parts)


def asset_path(*parts: str) -> Path:
    return resource_path("assets", *parts)


FONT_FILES = {False: "Inter-Regular.otf", True: "Inter-Bold.otf"}


_text_scale = 1.0  # Settings.text_scale: every font is this much larger than asked


def set_text_scale(scale: float) -> None:
    """Make every later `font(size)` `scale` times larger. Callers that keep rendered text
    (widgets' text cache, card faces) must drop it: `App.apply_accessibility` does."""
    global _text_scale
    _text_scale = max(0.5, min(float(scale), 3.0))


def text_scale() -> float:
    return _text_scale


def font(size: int, bold: bool = False):
    """A font for text designed at `size` pixels, at the player's text size (one cache for all:
    every text drawn goes through here, so the setting reaches every screen)."""
    return _font(max(1, round(size * _text_scale)), bold)


@lru_cache(maxsize=None)
def _font(size: int, bold: bool = False):
    """A font of `size` pixels: the shipped Inter, else pygame's bundled default font."""
    import pygame

    if not pygame.font.get_init():
        pygame.font.init()
    path = asset_path("fonts", FONT_FILES[bold])
    if path.exists():
        try:
            return pygame.font.Font(str(path), size)
        except (OSError, pygame.error):
            pass
    fallback = pygame.font.Font(None, int(size * 1.3))
    fallback.bold = bold
    return fallback
