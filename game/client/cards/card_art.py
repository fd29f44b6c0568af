"""Card pictures are composed, not pasted: a Game Icons silhouette, tinted, lit and shadowed, over a
background painted for the card's family, inside a frame of its type; each made once per size.

The family of a card (`family_of`) is its type plus its main keyword, or its cost band when it has
none (creature:guard, red:high). The type gives the palette (bronze creatures, green, red and
blue items) and the frame; the keyword or band gives the background's motif (a Guard's masonry, a
Ward's rings, a big card's sunburst). A picture is keyed by (art, family, size) in an LRU dict and
painted on first use only: a duel's card faces are drawn ahead in idle frames (scenes/duel.py), so
no frame ever pays for one (measured, CPU time: a whole 250 px face with its picture about 2 ms, a
hand-size one about 1 ms; a face over a cached picture 0.2 ms).

Which icon a card shows (`art_name`): the card's own `art` (Duelmind's cards carry it in
levels/cards/*.json), else the LOCM mapping assets/art/locm_card_icons.json for an official LOCM
card, else a picture for its type from assets/art/ui_icons.json, which also names the keyword
badges' icons. The rules never read these files; only the client does.
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, lru_cache

import pygame

from game.client import theme
from game.client.paint import (
    LRU,
    art_json,
    blur,
    gradient,
    icon_mask,
    lit_icon,
    mix,
    radial,
    solid,
    vignette,
    with_alpha,
)
from game.rules.cards.model import KEYWORD_BITS, KEYWORD_NAMES, Card, CardType

TYPE_KEYS = {CardType.CREATURE: "creature", CardType.GREEN: "green", CardType.RED: "red", CardType.BLUE: "blue"}


class Motif(StrEnum):
    """What a picture's background shows: the card's main keyword, or else its cost band."""

    LOW = "low"  # cost 0-2: a soft halo
    MID = "mid"  # 3-5: a ring of runes
    HIGH = "high"  # 6+: a sunburst
    GUARD = "guard"
    LETHAL = "lethal"
    WARD = "ward"
    DRAIN = "drain"
    BREAKTHROUGH = "breakthrough"
    CHARGE = "charge"


BANDS = (Motif.LOW, Motif.MID, Motif.HIGH)
_BAND_TOPS = ((2, Motif.LOW), (5, Motif.MID), (99, Motif.HIGH))  # highest cost of each band
# Which keyword names a card's look, when it has several: the one that changes play the most.
_KEYWORD_PRIORITY = ("Guard", "Lethal", "Ward", "Drain", "Breakthrough", "Charge")


@dataclass(frozen=True)
class Family:
    """A card's look: its type (palette and frame) and its motif."""

    type: CardType
    motif: Motif

    def __str__(self) -> str:
        return f"{TYPE_KEYS[self.type]}:{self.motif}"


# Per type: background centre and edge, icon tint top and bottom, frame metal and card body.
PALETTES = {
    CardType.CREATURE: {
        "centre": (128, 86, 44),
        "edge": (22, 13, 8),
        "tint_top": (255, 242, 204),
        "tint_bottom": (206, 136, 62),
        "metal_light": (238, 200, 120),
        "metal_dark": (110, 72, 30),
        "body_top": (58, 44, 32),
        "body_bottom": (28, 21, 16),
    },
    CardType.GREEN: {
        "centre": (44, 118, 60),
        "edge": (6, 24, 12),
        "tint_top": (236, 255, 222),
        "tint_bottom": (104, 196, 104),
        "metal_light": (150, 224, 140),
        "metal_dark": (30, 92, 48),
        "body_top": (32, 56, 38),
        "body_bottom": (14, 26, 18),
    },
    CardType.RED: {
        "centre": (146, 42, 38),
        "edge": (30, 5, 7),
        "tint_top": (255, 232, 214),
        "tint_bottom": (232, 112, 84),
        "metal_light": (244, 140, 116),
        "metal_dark": (112, 26, 24),
        "body_top": (64, 30, 30),
        "body_bottom": (30, 12, 14),
    },
    CardType.BLUE: {
        "centre": (46, 88, 176),
        "edge": (6, 12, 36),
        "tint_top": (230, 242, 255),
        "tint_bottom": (104, 156, 238),
        "metal_light": (150, 190, 250),
        "metal_dark": (30, 58, 128),
        "body_top": (30, 42, 70),
        "body_bottom": (12, 18, 34),
    },
}
# The motif's glow per cost band (keywords glow in their badge colour).
_BAND_GLOW = {Motif.LOW: (200, 190, 160), Motif.MID: (250, 220, 150), Motif.HIGH: (255, 236, 170)}


# ----------------------------------------------------------------------------- which picture


@cache
def _official_names() -> dict[int, str]:
    from game.rules.cards.locm import CardListError, load_official_cards

    try:
        return {card_id: card.name for card_id, card in load_official_cards().items()}
    except (CardListError, OSError):
        return {}


def locm_art(card: Card) -> str:
    """The LOCM mapping's icon for an official LOCM card (same id and name), else ""."""
    if _official_names().get(card.base_id) != card.name:
        return ""
    icon = art_json("locm_card_icons.json").get(str(card.base_id), "")
    return icon if isinstance(icon, str) else ""


def art_name(card: Card) -> str:
    """The icon a card shows: its own `art`, the LOCM mapping's, or its type's stand-in."""
    return card.art or locm_art(card) or art_json("ui_icons.json").get("fallback", {}).get(TYPE_KEYS[card.type], "")


def keyword_icon_name(keyword: str) -> str:
    """The icon of a keyword badge, by keyword name ("Guard")."""
    return art_json("ui_icons.json").get("keywords", {}).get(keyword, "")


def family_of(card: Card) -> Family:
    """The card's look: its type, and its main keyword or else its cost band."""
    for name in _KEYWORD_PRIORITY:
        if card.keywords & KEYWORD_BITS[KEYWORD_NAMES.index(name)]:
            return Family(card.type, Motif(name.lower()))
    return Family(card.type, next(band for top, band in _BAND_TOPS if card.cost <= top))


# ----------------------------------------------------------------------------- the caches

# A duel shows at most 60 distinct cards at three sizes; the draft adds its offers.
_ART = LRU(420)
_FRAMES = LRU(64)
_BADGES = LRU(96)


def cache_info() -> dict:
    """The pictures' cache: how many were painted, served again, kept."""
    return _ART.info()


def clear_caches() -> None:
    for lru in (_ART, _FRAMES, _BADGES):
        lru.clear()


def _seed(*parts) -> random.Random:
    return random.Random(zlib.crc32("/".join(map(str, parts)).encode()))


# ----------------------------------------------------------------------------- backgrounds


def _motif(layer: pygame.Surface, motif: Motif, glow, rng: random.Random) -> None:
    """The background's pattern: what the card's main keyword or cost band looks like."""
    w, h = layer.get_size()
    cx, cy = w / 2, h * 0.46
    scale = min(w, h)
    line = max(1, scale // 60)
    if motif == Motif.GUARD:  # masonry
        rows = 6
        row_h = h / rows
        brick = w / 3.2
        for r in range(rows + 1):
            y = int(r * row_h)
            pygame.draw.line(layer, (*glow, 46), (0, y), (w, y), line)
            offset = (r % 2) * brick / 2
            x = -offset
            while x < w:
                pygame.draw.line(layer, (*glow, 40), (int(x), y), (int(x), int(y + row_h)), line)
                x += brick
    elif motif == Motif.WARD:  # rings of a shield bubble
        for i in range(1, 6):
            r = scale * (0.14 + i * 0.11)
            pygame.draw.circle(layer, (*glow, 70 - i * 9), (cx, cy), r, max(1, line + (i == 1)))
    elif motif == Motif.LETHAL:  # toxic bubbles
        for _ in range(18):
            r = scale * rng.uniform(0.02, 0.07)
            x, y = rng.uniform(0, w), rng.uniform(h * 0.2, h)
            pygame.draw.circle(layer, (*glow, rng.randint(30, 70)), (x, y), r, max(1, line))
    elif motif == Motif.DRAIN:  # a swirl drawn inwards
        points = []
        start = rng.random() * math.tau
        for i in range(120):
            t = i / 119
            angle = start + t * math.tau * 2.2
            r = scale * (0.62 - 0.5 * t)
            points.append((cx + math.cos(angle) * r, cy + math.sin(angle) * r * 0.9))
        pygame.draw.lines(layer, (*glow, 70), False, points, max(2, line * 2))
    elif motif == Motif.BREAKTHROUGH:  # cracks from the centre
        for i in range(7):
            angle = i * math.tau / 7 + rng.uniform(-0.3, 0.3)
            x, y = cx, cy
            points = [(x, y)]
            for step in range(5):
                angle += rng.uniform(-0.5, 0.5)
                length = scale * rng.uniform(0.1, 0.17)
                x, y = x + math.cos(angle) * length, y + math.sin(angle) * length
                points.append((x, y))
            pygame.draw.lines(layer, (*glow, 80), False, points, max(1, line + 1))
    elif motif == Motif.CHARGE:  # speed streaks
        for _ in range(16):
            y = rng.uniform(0, h)
            x = rng.uniform(-w * 0.3, w * 0.7)
            length = w * rng.uniform(0.25, 0.6)
            pygame.draw.line(
                layer,
                (*glow, rng.randint(40, 90)),
                (x, y),
                (x + length, y - length * 0.35),
                max(1, line + rng.randint(0, 1)),
            )
    else:  # a cost band: a soft halo, a ring of runes, or a sunburst
        rings = BANDS.index(motif) + 1
        if motif == Motif.HIGH:
            rays = 16
            for i in range(rays):
                angle = i * math.tau / rays + rng.random() * 0.05
                tip = (cx + math.cos(angle) * scale * 1.1, cy + math.sin(angle) * scale * 1.1)
                a1, a2 = angle - 0.07, angle + 0.07
                base1 = (cx + math.cos(a1) * scale * 0.16, cy + math.sin(a1) * scale * 0.16)
                base2 = (cx + math.cos(a2) * scale * 0.16, cy + math.sin(a2) * scale * 0.16)
                pygame.draw.polygon(layer, (*glow, 38 if i % 2 else 58), [base1, tip, base2])
        for i in range(rings):
            r = scale * (0.40 + i * 0.09)
            pygame.draw.circle(layer, (*glow, 64 - i * 14), (cx, cy), r, line)
            if motif != Motif.LOW:  # tick marks like runes on the ring
                ticks = 12 + 6 * i
                for k in range(ticks):
                    angle = k * math.tau / ticks
                    p1 = (cx + math.cos(angle) * r, cy + math.sin(angle) * r)
                    p2 = (cx + math.cos(angle) * (r - scale * 0.03), cy + math.sin(angle) * (r - scale * 0.03))
                    pygame.draw.line(layer, (*glow, 70), p1, p2, line)
    # A few motes of light everywhere.
    for _ in range(10):
        pygame.draw.circle(
            layer,
            (255, 255, 240, rng.randint(30, 80)),
            (rng.uniform(0, w), rng.uniform(0, h)),
            max(1.0, scale * rng.uniform(0.006, 0.016)),
        )


def _glow_colour(motif: Motif, palette: dict):
    if motif in _BAND_GLOW:
        return mix(_BAND_GLOW[motif], palette["tint_bottom"], 0.35)
    return theme.KEYWORD_COLOURS.get(motif.value[0].upper(), (230, 220, 180))  # by the keyword's letter


def _background(family: Family, size, seed: str) -> pygame.Surface:
    motif = family.motif
    palette = PALETTES[family.type]
    glow = _glow_colour(motif, palette)
    centre = mix(palette["centre"], glow, 0.25 if motif in _BAND_GLOW else 0.35)
    surface = radial(size, (0.5, 0.44), centre, palette["edge"], reach=0.9)
    layer = pygame.Surface(size, pygame.SRCALPHA)
    _motif(layer, motif, glow, _seed(seed, family))
    surface.blit(layer, (0, 0))
    return surface


def _compose(art: str, family: Family, size) -> pygame.Surface:
    """Background, glow, shadow, lit icon, vignette and light from above, at `size`."""
    w, h = size
    motif = family.motif
    palette = PALETTES[family.type]
    surface = _background(family, size, art)
    px = max(8, int(min(w * 0.86, h * 0.86)))
    mask = icon_mask(art, px)
    if mask is not None:
        pos = ((w - px) // 2, int(h * 0.47 - px / 2))
        glow_colour = _glow_colour(motif, palette)
        # Glow: the silhouette in the glow colour, blurred wide, added to the background.
        halo = pygame.Surface(size)
        halo.fill((0, 0, 0))
        grow = int(px * 0.12)
        big = pygame.transform.smoothscale(mask, (px + 2 * grow, px + 2 * grow))
        halo.blit(solid(big, mix(glow_colour, (0, 0, 0), 0.5)), (pos[0] - grow, pos[1] - grow))
        surface.blit(blur(halo, max(3, px // 14)), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        # Shadow: dark silhouette, blurred, offset down-right.
        shadow = solid(mask, (0, 0, 0))
        shadow = blur(shadow, max(2, px // 28))
        shadow.fill((255, 255, 255, 190), special_flags=pygame.BLEND_RGBA_MULT)
        offset = max(2, px // 24)
        surface.blit(shadow, (pos[0] + offset, pos[1] + offset + offset // 2))
        surface.blit(lit_icon(mask, palette), pos)
    surface.blit(vignette(size), (0, 0))
    surface.blit(_top_light(size), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return surface.convert() if pygame.display.get_surface() else surface


@lru_cache(maxsize=16)
def _top_light(size) -> pygame.Surface:
    """Light from above: a faint warm sheet over the top third (added)."""
    w, h = size
    return gradient((w, max(1, h // 3)), (36, 34, 30), (0, 0, 0))


def card_art(card: Card, size) -> pygame.Surface:
    """The card's picture at `size` (w, h): cached by (art, family, size), painted once."""
    art, family = art_name(card), family_of(card)
    size = (max(8, int(size[0])), max(8, int(size[1])))
    return _ART.get((art, family, size), lambda: _compose(art, family, size))


# ----------------------------------------------------------------------------- frames and badges


def _frame(kind: CardType, size) -> pygame.Surface:
    """The card's body and metal border for a type, with its corner ornaments."""
    w, h = size
    palette = PALETTES[kind]
    radius = max(6, w // 11)
    band = max(3, w // 30)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    body = gradient(size, palette["body_top"], palette["body_bottom"])
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    body = with_alpha(body)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(body, (0, 0))
    # Fine texture: faint diagonal hatching in the body.
    hatch = pygame.Surface(size, pygame.SRCALPHA)
    step = max(4, w // 18)
    for x in range(-h, w, step):
        pygame.draw.line(hatch, (255, 255, 255, 7), (x, h), (x + h, 0), 1)
    hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(hatch, (0, 0))
    # The metal border: dark outline, metal band with a lit top edge, dark inner line.
    metal = gradient(size, palette["metal_light"], palette["metal_dark"])
    ring = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(ring, (255, 255, 255, 255), ring.get_rect(), band + 1, border_radius=radius)
    metal = with_alpha(metal)
    metal.blit(ring, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(metal, (0, 0))
    pygame.draw.rect(surface, (12, 10, 8), surface.get_rect(), 1, border_radius=radius)
    inner = surface.get_rect().inflate(-2 * (band + 1), -2 * (band + 1))
    pygame.draw.rect(surface, mix(palette["metal_dark"], (0, 0, 0), 0.5), inner, 1, border_radius=max(2, radius - band))
    pygame.draw.rect(
        surface,
        (*mix(palette["metal_light"], (255, 255, 255), 0.4), 150),
        surface.get_rect().inflate(-2, -2),
        1,
        border_radius=radius,
    )
    _corners(surface, kind, palette, band, radius)
    return surface


def _corners(surface: pygame.Surface, kind: CardType, palette: dict, band: int, radius: int) -> None:
    """Ornaments on the border, one kind per card type: rivets, leaves, thorns, gems."""
    w, h = surface.get_size()
    light, dark = palette["metal_light"], palette["metal_dark"]
    r = max(2, band)
    spots = [(band // 2 + 1, h // 2), (w - band // 2 - 1, h // 2)]
    corners = [
        (radius * 0.55, radius * 0.55),
        (w - radius * 0.55, radius * 0.55),
        (radius * 0.55, h - radius * 0.55),
        (w - radius * 0.55, h - radius * 0.55),
    ]
    for x, y in spots:
        if kind == CardType.CREATURE:  # a rivet
            pygame.draw.circle(surface, dark, (x, y), r + 1)
            pygame.draw.circle(surface, light, (x, y), r)
            pygame.draw.circle(surface, (255, 250, 230), (x - r / 3, y - r / 3), max(1, r / 3))
        elif kind == CardType.GREEN:  # a leaf
            leaf = pygame.Rect(0, 0, r * 2, r * 5)
            leaf.center = (x, y)
            pygame.draw.ellipse(surface, dark, leaf.inflate(2, 2))
            pygame.draw.ellipse(surface, light, leaf)
            pygame.draw.line(surface, dark, leaf.midtop, leaf.midbottom, 1)
        elif kind == CardType.RED:  # a thorn
            pts = [(x, y - r * 2.6), (x + r * 1.2, y), (x, y + r * 2.6), (x - r * 1.2, y)]
            pygame.draw.polygon(surface, dark, [(px, py + (1 if py > y else -1 if py < y else 0)) for px, py in pts])
            pygame.draw.polygon(surface, light, pts)
        else:  # a gem
            pts = [(x, y - r * 2), (x + r * 1.3, y), (x, y + r * 2), (x - r * 1.3, y)]
            pygame.draw.polygon(surface, dark, pts)
            pygame.draw.polygon(
                surface,
                mix(light, (255, 255, 255), 0.3),
                [(x, y - r * 1.4), (x + r * 0.8, y), (x, y + r * 1.4), (x - r * 0.8, y)],
            )
    for x, y in corners:
        pygame.draw.circle(surface, dark, (x, y), max(1, r - 1) + 1)
        pygame.draw.circle(surface, light, (x, y), max(1, r - 1))


def frame(card_type: CardType, size) -> pygame.Surface:
    """The card body and border for a type at `size` (w, h), cached."""
    size = (int(size[0]), int(size[1]))
    return _FRAMES.get((card_type, size), lambda: _frame(card_type, size))


def _badge(keyword: str, px: int) -> pygame.Surface:
    letter = keyword[0]
    colour = theme.KEYWORD_COLOURS.get(letter, (220, 220, 220))
    surface = pygame.Surface((px, px), pygame.SRCALPHA)
    c = px / 2
    pygame.draw.circle(surface, (0, 0, 0, 140), (c, c + max(1, px // 16)), c)
    pygame.draw.circle(surface, mix(colour, (0, 0, 0), 0.72), (c, c), c - 0.5)
    pygame.draw.circle(surface, colour, (c, c), c - 0.5, max(1, px // 12))
    inner = max(6, int(px * 0.66))
    mask = icon_mask(keyword_icon_name(keyword), inner)
    if mask is not None:
        icon = mask.copy()
        icon.blit(
            gradient((inner, inner), (255, 255, 255), mix(colour, (255, 255, 255), 0.3)),
            (0, 0),
            special_flags=pygame.BLEND_RGB_MULT,
        )
        surface.blit(icon, ((px - inner) // 2, (px - inner) // 2))
    else:  # no icon file: the keyword's letter
        from game.client.widgets import text_surface

        image = text_surface(letter, max(8, int(px * 0.6)), (255, 255, 255), bold=True)
        surface.blit(image, image.get_rect(center=(c, c)))
    return surface


def keyword_badge(keyword: str, px: int) -> pygame.Surface:
    """A round badge with the keyword's icon (by name, e.g. "Guard"), px wide, cached."""
    return _BADGES.get((keyword, int(px)), lambda: _badge(keyword, int(px)))
