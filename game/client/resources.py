"""Where the game's files are, from a source checkout or from a PyInstaller bundle, and the
fonts loaded from them (each size loaded once, as a fallback chain), at the player's text size."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from game.client.font_chain import Family as FontFamily
from game.client.font_chain import FontChain, FontFile
from game.paths import project_root


def resource_root() -> Path:
    """The folder holding `assets/` and `levels/`: the bundle's unpack dir when frozen."""
    return project_root()


def resource_path(*parts: str) -> Path:
    return resource_root().joinpath(*parts)


def asset_path(*parts: str) -> Path:
    return resource_path("assets", *parts)


FONT_FILES = {False: "Inter-Regular.otf", True: "Inter-Bold.otf"}
# The fallback chain after Inter (Latin, Cyrillic): a character Inter lacks is drawn with the
# first of these that has it, then with pygame's own font (game/client/font_chain.py). Noto Sans
# SC is cut to the common hanzi and what the catalogs use (build_scripts/subset_fonts.py).
FALLBACK_FILES = (
    ({False: "NotoSansSC-Regular.ttf", True: "NotoSansSC-Bold.ttf"}, None, True),
    ({False: "NotoSansThai-Regular.ttf", True: "NotoSansThai-Bold.ttf"}, "Thai", False),
)

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
def font_family(bold: bool = False) -> FontFamily:
    """The chain's files of one weight that exist, and what each covers (read once)."""
    links = [FontFile(asset_path("fonts", FONT_FILES[bold]))]
    for files, script, fits in FALLBACK_FILES:
        links.append(FontFile(asset_path("fonts", files[bold]), script, fits))
    return FontFamily(tuple(link for link in links if link.path.exists()))


@lru_cache(maxsize=None)
def _font(size: int, bold: bool = False) -> FontChain:
    """A font of `size` pixels: the shipped Inter with its fallbacks, then pygame's default."""
    import pygame

    if not pygame.font.get_init():
        pygame.font.init()
    family = font_family(bold)
    faces: list = []
    for link in family.files:
        try:
            face = pygame.font.Font(str(link.path), size)
        except (OSError, pygame.error):
            faces.append(None)
            continue
        if link.script:
            try:
                face.set_script(link.script)
            except (pygame.error, AttributeError):  # an SDL_ttf without HarfBuzz: drawn unshaped
                pass
        faces.append(face)
    fallback = pygame.font.Font(None, int(size * 1.3))
    fallback.bold = bold
    faces.append(fallback)
    return FontChain(family, faces)
