"""Portraits of the people at the table and in dialogue: `assets/portraits/<name>.png` when it
exists; else the character's Game Icons face (assets/art/ui_icons.json, group "portraits") lit and
framed like the card art over a backdrop in the character's colour; else a bust drawn here from
the name (face, hair, robe and background picked by a stable hash of the name, so a character
looks the same every time); the riddle is a question mark. Every picture is made once per size.

Every character and every face a player may choose has an icon of its own (no two share one:
tests/client/test_portraits_distinct.py), so a player never meets their own face across the table.

Quick matches put a face on the AI too: each game's match module names a campaign character for
each AI level (`OPPONENTS`, asked through game/client/front_ends.py)."""

from __future__ import annotations

import math
import zlib

import pygame

from game.client import theme
from game.client.paint import art_json, blur, icon_mask, lit_icon, radial, solid, vignette
from game.client.resources import asset_path

_CACHE: dict = {}

SKIN = [(241, 204, 170), (224, 172, 130), (190, 136, 96), (150, 100, 70), (110, 74, 52)]
HAIR = [(40, 30, 26), (94, 60, 34), (150, 96, 50), (214, 176, 96), (172, 60, 40), (30, 30, 40)]
ROBES = [(78, 64, 140), (40, 96, 120), (130, 50, 60), (60, 110, 70), (150, 110, 40), (70, 76, 96)]
BACKS = [(60, 80, 130), (110, 70, 120), (60, 110, 110), (120, 90, 60), (70, 90, 70), (110, 60, 60)]


# Each character's backdrop colour (the icon is lit in warm light over it).
CHARACTER_COLOURS = {
    "tomo": (70, 110, 90),
    "ilsa": (86, 70, 140),
    "maren": (60, 96, 130),
    "hana": (140, 70, 96),
    "corin": (150, 96, 50),
    "voss": (80, 90, 110),
    "halvek": (120, 40, 50),
    "dummy": (120, 96, 60),
    "duelmind": (40, 90, 120),
    "pip": (70, 120, 70),
    "brenna": (130, 110, 60),
    "foundry": (120, 70, 40),
    "riddle": (90, 60, 130),
    "apprentice": (60, 80, 140),
    "knight": (110, 100, 70),
    "ranger": (50, 110, 80),
    "automaton": (100, 80, 50),
    "quill": (96, 84, 60),
    "herald": (50, 70, 100),
}
PLAYER_NAMES = {"apprentice": "You", "knight": "You", "ranger": "You", "automaton": "You"}


def portrait(name: str | None, speaker: str, size: int) -> pygame.Surface:
    """A square portrait of `size` pixels for the portrait `name` (or the speaker's name)."""
    key = (name, speaker, size)
    image = _CACHE.get(key)
    if image is None:
        image = _load(name, size) or _icon_portrait(name, size) or _generate(name or speaker, speaker, size)
        _CACHE[key] = image
    return image


def portrait_icon(name: str) -> str | None:
    """The Game Icons name drawn for portrait `name` (None: a picture file or a drawn bust)."""
    return _portrait_icons().get(name)


def _portrait_icons() -> dict:
    icons = _CACHE.get("icons")
    if icons is None:
        icons = _CACHE["icons"] = dict(art_json("ui_icons.json").get("portraits", {}))
    return icons


def _icon_portrait(name: str | None, size: int) -> pygame.Surface | None:
    """The character's icon, lit and framed like the card art, over its colour."""
    icon = _portrait_icons().get(name or "")
    if not icon:
        return None
    mask = icon_mask(icon, int(size * 0.78))
    if mask is None:
        return None
    colour = CHARACTER_COLOURS.get(name, (70, 80, 110))
    surface = (
        radial(
            (size, size),
            (0.5, 0.36),
            tuple(min(255, int(c * 1.7 + 30)) for c in colour),
            tuple(int(c * 0.35) for c in colour),
            0.9,
        ).convert_alpha()
        if pygame.display.get_surface()
        else radial((size, size), (0.5, 0.36), colour, (10, 10, 16), 0.9)
    )
    px = mask.get_width()
    pos = ((size - px) // 2, int(size * 0.56 - px / 2))
    shadow = blur(solid(mask, (0, 0, 0)), max(2, px // 28))
    shadow.fill((255, 255, 255, 170), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(shadow, (pos[0] + px // 30, pos[1] + px // 20))
    palette = {"tint_top": (255, 246, 222), "tint_bottom": tuple(min(255, int(c * 0.8 + 120)) for c in colour)}
    surface.blit(lit_icon(mask, palette), pos)
    surface.blit(vignette((size, size), 170), (0, 0))
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(4, size // 8)
    pygame.draw.rect(out, (255, 255, 255, 255), out.get_rect(), border_radius=radius)
    out.blit(surface, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    # A brass frame: dark outer line, gold band, light inner line.
    band = max(2, size // 28)
    pygame.draw.rect(out, (60, 40, 16), out.get_rect(), band + 2, border_radius=radius)
    pygame.draw.rect(out, theme.ACCENT, out.get_rect().inflate(-2, -2), band, border_radius=radius)
    pygame.draw.rect(
        out,
        (255, 230, 170),
        out.get_rect().inflate(-2 * band - 2, -2 * band - 2),
        1,
        border_radius=max(2, radius - band),
    )
    return out


def _load(name: str | None, size: int) -> pygame.Surface | None:
    if not name:
        return None
    path = asset_path("portraits", f"{name}.png")
    if not path.exists():
        return None
    try:
        image = pygame.image.load(str(path))
    except (pygame.error, OSError):
        return None
    if pygame.display.get_surface() is not None:
        image = image.convert_alpha()
    return pygame.transform.smoothscale(image, (size, size))


def _pick(seq, seed: int, salt: int):
    return seq[(seed // (salt * 7 + 1)) % len(seq)]


def _generate(name: str, speaker: str, size: int) -> pygame.Surface:
    scale = 2  # drawn at twice the size, then smoothed down (soft edges)
    big = size * scale
    seed = zlib.crc32(name.encode("utf-8"))
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    back = _pick(BACKS, seed, 1)
    special = {"dummy": _dummy, "duelmind": _engine, "riddle": _riddle}.get(name)
    _background(
        surface,
        back if special is None else {"dummy": (120, 96, 60), "duelmind": (40, 44, 60), "riddle": (90, 60, 130)}[name],
    )
    if special is not None:
        special(surface)
    else:
        _bust(surface, seed, speaker)
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=big // 8)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(surface, theme.ACCENT, surface.get_rect(), max(2, big // 40), border_radius=big // 8)
    return pygame.transform.smoothscale(surface, (size, size))


def _background(surface: pygame.Surface, colour) -> None:
    width, height = surface.get_size()
    top = tuple(min(255, int(c * 1.25 + 20)) for c in colour)
    bottom = tuple(int(c * 0.45) for c in colour)
    for y in range(height):
        t = y / max(1, height - 1)
        pygame.draw.line(surface, [int(a + (b - a) * t) for a, b in zip(top, bottom)], (0, y), (width, y))
    glow = pygame.Surface((width, height), pygame.SRCALPHA)
    for radius in range(width // 2, 0, -width // 20):
        alpha = int(40 * (1 - radius / (width / 2)))
        pygame.draw.circle(glow, (255, 240, 200, alpha), (width // 2, int(height * 0.42)), radius)
    surface.blit(glow, (0, 0))


def _bust(surface: pygame.Surface, seed: int, speaker: str) -> None:
    s = surface.get_width()
    words = speaker.lower().split()
    old = any(word in words for word in ("old", "lord", "magister", "master"))
    bearded = bool(words) and words[0] in ("old", "lord", "master")
    skin = _pick(SKIN, seed, 2)
    hair = (200, 200, 205) if old else _pick(HAIR, seed, 3)
    robe = _pick(ROBES, seed, 4)
    style = (seed >> 5) % 5
    cx = s // 2
    head = pygame.Rect(0, 0, int(s * 0.34), int(s * 0.42))
    head.center = (cx, int(s * 0.42))
    # Long hair falls behind the head and shoulders.
    if style == 1:
        pygame.draw.rect(
            surface,
            hair,
            (head.x - s * 0.04, head.y + s * 0.08, head.width + s * 0.08, s * 0.42),
            border_radius=int(s * 0.08),
        )
    # Shoulders and robe, with a lighter collar.
    body = pygame.Rect(int(s * 0.12), int(s * 0.70), int(s * 0.76), int(s * 0.6))
    pygame.draw.ellipse(surface, robe, body)
    collar = tuple(min(255, c + 60) for c in robe)
    pygame.draw.polygon(surface, collar, [(cx - s * 0.13, s * 0.72), (cx, s * 0.86), (cx + s * 0.13, s * 0.72)])
    pygame.draw.rect(surface, tuple(int(c * 0.85) for c in skin), (cx - s * 0.06, s * 0.58, s * 0.12, s * 0.16))
    if style == 3:  # a hood around the head
        hood = head.inflate(int(s * 0.16), int(s * 0.14)).move(0, -int(s * 0.02))
        pygame.draw.ellipse(surface, tuple(int(c * 0.8) for c in robe), hood)
    pygame.draw.ellipse(surface, skin, head)
    # Hair on top.
    if style in (0, 1, 2, 4):
        cap = pygame.Rect(head.x - s * 0.01, head.y - s * 0.03, head.width + s * 0.02, head.height * 0.55)
        pygame.draw.ellipse(surface, hair, cap)
        pygame.draw.rect(
            surface,
            skin,
            (head.x + s * 0.04, head.y + head.height * 0.3, head.width - s * 0.08, head.height * 0.2),
            border_radius=int(s * 0.03),
        )
    if style == 2:  # short, with tufts over the ears
        for side in (-1, 1):
            pygame.draw.ellipse(
                surface,
                hair,
                (cx + side * head.width * 0.42 - s * 0.04, head.y + head.height * 0.2, s * 0.08, head.height * 0.3),
            )
    if style == 4:  # a bun
        pygame.draw.circle(surface, hair, (cx, head.y - s * 0.02), int(s * 0.07))
    if bearded:
        pygame.draw.polygon(
            surface,
            hair,
            [
                (head.x + s * 0.03, head.centery + s * 0.04),
                (head.right - s * 0.03, head.centery + s * 0.04),
                (cx + s * 0.06, head.bottom + s * 0.05),
                (cx - s * 0.06, head.bottom + s * 0.05),
            ],
        )
        pygame.draw.ellipse(
            surface, tuple(int(c * 0.7) for c in skin), (cx - s * 0.04, head.centery + s * 0.09, s * 0.08, s * 0.025)
        )
    else:
        pygame.draw.arc(
            surface,
            (120, 60, 60),
            (cx - s * 0.05, head.centery + s * 0.05, s * 0.1, s * 0.06),
            math.pi * 1.1,
            math.pi * 1.9,
            max(2, s // 90),
        )
    # Eyes and brows.
    for side in (-1, 1):
        ex = cx + side * s * 0.075
        ey = head.centery - s * 0.01
        pygame.draw.ellipse(surface, (250, 250, 250), (ex - s * 0.03, ey - s * 0.017, s * 0.06, s * 0.034))
        pygame.draw.circle(surface, (40, 40, 50), (ex, ey), max(2, int(s * 0.014)))
        pygame.draw.line(
            surface,
            tuple(int(c * 0.7) for c in hair),
            (ex - s * 0.035, ey - s * 0.04 - side * s * 0.004),
            (ex + s * 0.035, ey - s * 0.04 + side * s * 0.004),
            max(2, s // 70),
        )
    pygame.draw.line(
        surface,
        tuple(int(c * 0.8) for c in skin),
        (cx, head.centery),
        (cx - s * 0.012, head.centery + s * 0.05),
        max(2, s // 110),
    )


def _dummy(surface: pygame.Surface) -> None:
    s = surface.get_width()
    cx = s // 2
    pygame.draw.rect(surface, (110, 80, 46), (cx - s * 0.035, s * 0.5, s * 0.07, s * 0.5))
    pygame.draw.rect(surface, (110, 80, 46), (s * 0.18, s * 0.66, s * 0.64, s * 0.06), border_radius=int(s * 0.02))
    pygame.draw.ellipse(surface, (196, 170, 110), (s * 0.24, s * 0.62, s * 0.52, s * 0.5))
    head = pygame.Rect(0, 0, int(s * 0.36), int(s * 0.38))
    head.center = (cx, int(s * 0.4))
    pygame.draw.ellipse(surface, (214, 190, 130), head)
    pygame.draw.ellipse(surface, (150, 120, 70), head, max(2, s // 80))
    for side in (-1, 1):
        ex, ey = cx + side * s * 0.07, head.centery - s * 0.02
        d = s * 0.025
        for sign in (-1, 1):
            pygame.draw.line(surface, (70, 40, 30), (ex - d, ey - sign * d), (ex + d, ey + sign * d), max(2, s // 70))
    for i in range(5):
        x = cx - s * 0.08 + i * s * 0.04
        pygame.draw.line(
            surface, (70, 40, 30), (x, head.centery + s * 0.07), (x, head.centery + s * 0.1), max(2, s // 110)
        )
    pygame.draw.line(
        surface,
        (70, 40, 30),
        (cx - s * 0.09, head.centery + s * 0.085),
        (cx + s * 0.09, head.centery + s * 0.085),
        max(2, s // 110),
    )


def _engine(surface: pygame.Surface) -> None:
    s = surface.get_width()
    cx, cy = s // 2, int(s * 0.47)
    brass, dark = (196, 150, 70), (120, 86, 36)
    teeth = 12
    for i in range(teeth):
        angle = i * math.tau / teeth
        x, y = cx + math.cos(angle) * s * 0.33, cy + math.sin(angle) * s * 0.33
        pygame.draw.circle(surface, dark, (x, y), int(s * 0.06))
    pygame.draw.circle(surface, brass, (cx, cy), int(s * 0.33))
    pygame.draw.circle(surface, dark, (cx, cy), int(s * 0.33), max(3, s // 60))
    pygame.draw.circle(surface, (30, 30, 40), (cx, cy), int(s * 0.16))
    for radius, colour in ((0.13, (90, 200, 255)), (0.08, (170, 235, 255)), (0.035, (255, 255, 255))):
        pygame.draw.circle(surface, colour, (cx, cy), int(s * radius))
    for i in range(6):
        angle = i * math.tau / 6 + 0.3
        x, y = cx + math.cos(angle) * s * 0.25, cy + math.sin(angle) * s * 0.25
        pygame.draw.circle(surface, dark, (x, y), int(s * 0.018))


def _riddle(surface: pygame.Surface) -> None:
    s = surface.get_width()
    from game.client.widgets import draw_text

    pygame.draw.circle(surface, (60, 36, 96), (s // 2, s // 2), int(s * 0.34))
    pygame.draw.circle(surface, theme.ACCENT, (s // 2, s // 2), int(s * 0.34), max(3, s // 60))
    draw_text(surface, "?", (s // 2, s // 2), int(s * 0.5), theme.ACCENT, bold=True, anchor="center", shadow=True)
