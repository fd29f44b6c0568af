"""Painting helpers shared by the client's art: the card pictures and frames (card_art.py), the
portraits, the skirmish icons and the duel table. Game Icons silhouettes are read from
``assets/art/icons/`` as white masks and lit with an embossed tint; surfaces are mixed, blurred,
graded and vignetted cheaply (painted small and scaled); ``LRU`` keeps what was painted once.
The JSON maps beside the icons (which icon a card, a keyword or a portrait shows) are read
through ``art_json``, which answers {} for a missing or broken file."""

from __future__ import annotations

import json
import math
from collections import OrderedDict
from functools import cache, lru_cache

import pygame

from game.client.resources import asset_path


# ----------------------------------------------------------------------------- the cache


class LRU:
    """A small LRU dict that counts what it painted (`renders`) and what it served again (`hits`)."""

    def __init__(self, size: int):
        self.size = size
        self.items: OrderedDict = OrderedDict()
        self.renders = 0
        self.hits = 0

    def get(self, key, make):
        value = self.items.get(key)
        if value is not None:
            self.items.move_to_end(key)
            self.hits += 1
            return value
        value = make()
        self.renders += 1
        self.items[key] = value
        if len(self.items) > self.size:
            self.items.popitem(last=False)
        return value

    def info(self) -> dict:
        return {"renders": self.renders, "hits": self.hits, "cached": len(self.items)}

    def clear(self) -> None:
        self.items.clear()
        self.renders = self.hits = 0


# ----------------------------------------------------------------------------- icons and their maps


@cache
def art_json(name: str) -> dict:
    try:
        with open(asset_path("art", name), encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def icon_file(name: str):
    return asset_path("art", "icons", f"{name}.svg")


def icon_mask(name: str, px: int) -> pygame.Surface | None:
    """The white icon at px x px, or None if its file is missing or unreadable."""
    path = icon_file(name) if name else None
    if path is None or not path.is_file():
        return None
    try:
        surface = pygame.image.load_sized_svg(str(path), (px, px))
    except (pygame.error, OSError, ValueError):
        return None
    if surface.get_size() != (px, px):
        surface = pygame.transform.smoothscale(surface, (px, px))
    return surface.convert_alpha() if pygame.display.get_surface() else surface


def lit_icon(mask: pygame.Surface, palette: dict) -> pygame.Surface:
    """The icon tinted by a top-to-bottom gradient, embossed (light upper rim, dark lower rim) and
    with a soft sheen over its upper half."""
    px = mask.get_width()
    edge = max(1, px // 70)
    out = pygame.Surface((px, px), pygame.SRCALPHA)
    out.blit(solid(mask, mix(palette["tint_bottom"], (0, 0, 0), 0.65)), (edge, edge))
    out.blit(solid(mask, (255, 255, 255)), (-edge, -edge))
    tinted = mask.copy()
    tinted.blit(
        gradient((px, px), palette["tint_top"], palette["tint_bottom"]), (0, 0), special_flags=pygame.BLEND_RGB_MULT
    )
    out.blit(tinted, (0, 0))
    sheen = pygame.Surface((px, px), pygame.SRCALPHA)
    pygame.draw.ellipse(sheen, (255, 255, 255, 60), (-px * 0.25, -px * 0.45, px * 1.2, px * 0.9))
    sheen = blur(sheen, 6)
    sheen.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(sheen, (0, 0))
    return out


# ----------------------------------------------------------------------------- surfaces


def mix(a, b, t: float):
    return tuple(int(x + (y - x) * t) for x, y in zip(a[:3], b[:3]))


def gradient(size, top, bottom) -> pygame.Surface:
    """An opaque vertical gradient: a 2x16 strip smoothscaled (no per-line drawing)."""
    strip = pygame.Surface((2, 16))
    for y in range(16):
        colour = mix(top, bottom, y / 15)
        strip.fill(colour, (0, y, 2, 1))
    return pygame.transform.smoothscale(strip, (max(1, size[0]), max(1, size[1])))


def blur(surface: pygame.Surface, factor: int) -> pygame.Surface:
    """A soft blur: down by `factor` and back up, twice (cheap at any size)."""
    w, h = surface.get_size()
    small = (max(1, w // factor), max(1, h // factor))
    out = pygame.transform.smoothscale(surface, small)
    out = pygame.transform.smoothscale(out, (max(1, w // 2), max(1, h // 2)))
    return pygame.transform.smoothscale(out, (w, h))


def solid(mask: pygame.Surface, colour) -> pygame.Surface:
    """A copy of a white mask in `colour`, alpha kept."""
    out = mask.copy()
    out.fill(colour[:3], special_flags=pygame.BLEND_RGB_MULT)
    return out


def radial(size, centre, inner, outer, reach: float = 0.75) -> pygame.Surface:
    """An opaque radial gradient from `inner` at `centre` (fractions) to `outer`, painted small and scaled."""
    w, h = size
    sw, sh = max(4, w // 6), max(4, h // 6)
    small = pygame.Surface((sw, sh))
    small.fill(outer)
    cx, cy = centre[0] * sw, centre[1] * sh
    radius = max(sw, sh) * reach
    steps = 18
    for i in range(steps):
        t = i / (steps - 1)
        pygame.draw.circle(small, mix(outer, inner, t**1.6), (cx, cy), max(1.0, radius * (1 - t)))
    return pygame.transform.smoothscale(small, (w, h))


@lru_cache(maxsize=16)
def vignette(size, strength: int = 150) -> pygame.Surface:
    """Dark corners and edges, alpha rising with the distance from the centre (one per size)."""
    w, h = size
    small = pygame.Surface((16, 16), pygame.SRCALPHA)
    for y in range(16):
        for x in range(16):
            dx, dy = (x - 7.5) / 7.5, (y - 7.5) / 7.5
            d = min(1.0, math.hypot(dx * 0.9, dy))
            small.set_at((x, y), (0, 0, 0, int(strength * max(0.0, d - 0.45) / 0.55)))
    return pygame.transform.smoothscale(small, (w, h))


def with_alpha(surface: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    return out
