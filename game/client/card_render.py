"""How a card looks: drawn by the game itself from its data (no images), cached per look.

A card shows its cost (blue gem), name, a procedural emblem tinted by its type, keyword badges,
rules text (on large cards) and attack/defense. Board creatures pass their current stats, shown
green when above the card's and red when below.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict

import pygame

from game.rules.cards.model import KEYWORD_BITS, KEYWORD_LETTERS, Card, CardType
from game.client import theme
from game.client.widgets import fit_text, text_surface, wrap_text

CARD_RATIO = 1.4  # height / width

_ACCENTS = [(250, 210, 90), (120, 220, 250), (240, 120, 160), (160, 240, 140), (250, 160, 80), (200, 160, 255)]

_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 400


def keyword_letters(bits: int) -> list[str]:
    return [letter for letter, bit in zip(KEYWORD_LETTERS, KEYWORD_BITS) if bits & bit]


def _darker(colour, factor: float = 0.6):
    return tuple(int(c * factor) for c in colour[:3])


def _lighter(colour, amount: float = 0.35):
    return tuple(int(c + (255 - c) * amount) for c in colour[:3])


def _emblem(card: Card, rect: pygame.Rect, surface: pygame.Surface) -> None:
    """A procedural picture: a tinted gradient and a few shapes seeded by the card id."""
    base = theme.CARD_TYPE_COLOURS[int(card.type)]
    rng = random.Random(card.base_id * 7919 + 17)
    top, bottom = _lighter(base, 0.15), _darker(base, 0.35)
    art = pygame.Surface(rect.size, pygame.SRCALPHA)
    for y in range(rect.height):
        t = y / max(1, rect.height - 1)
        pygame.draw.line(art, [int(a + (b - a) * t) for a, b in zip(top, bottom)], (0, y), (rect.width, y))
    cx, cy = rect.width / 2, rect.height / 2
    scale = min(rect.width, rect.height)
    # Rays behind the motif.
    rays = rng.randint(5, 9)
    offset = rng.random() * math.tau
    for i in range(rays):
        angle = offset + i * math.tau / rays
        tip = (cx + math.cos(angle) * scale, cy + math.sin(angle) * scale)
        side1 = (cx + math.cos(angle + 0.18) * scale * 0.2, cy + math.sin(angle + 0.18) * scale * 0.2)
        side2 = (cx + math.cos(angle - 0.18) * scale * 0.2, cy + math.sin(angle - 0.18) * scale * 0.2)
        pygame.draw.polygon(art, (*_lighter(base, 0.5), 60), [side1, tip, side2])
    # A central shape: polygon for creatures, a potion-like circle for items.
    accent = rng.choice(_ACCENTS)
    sides = rng.randint(3, 7)
    radius = scale * (0.26 + rng.random() * 0.08)
    spin = rng.random() * math.tau
    if card.type == CardType.CREATURE:
        points = [(cx + math.cos(spin + i * math.tau / sides) * radius, cy + math.sin(spin + i * math.tau / sides) * radius)
                  for i in range(sides)]
        pygame.draw.polygon(art, _darker(base, 0.45), points)
        pygame.draw.polygon(art, _lighter(base, 0.6), points, max(1, int(scale * 0.03)))
        inner = [(cx + (x - cx) * 0.45, cy + (y - cy) * 0.45) for x, y in points]
        pygame.draw.polygon(art, accent, inner)
    else:
        pygame.draw.circle(art, _darker(base, 0.45), (cx, cy + radius * 0.2), radius)
        pygame.draw.circle(art, _lighter(base, 0.6), (cx, cy + radius * 0.2), radius, max(1, int(scale * 0.03)))
        neck = pygame.Rect(0, 0, radius * 0.6, radius * 0.7)
        neck.midbottom = (cx, cy - radius * 0.6)
        pygame.draw.rect(art, _lighter(base, 0.5), neck, border_radius=3)
        pygame.draw.circle(art, accent, (cx, cy + radius * 0.2), radius * 0.55)
        pygame.draw.circle(art, _lighter(base, 0.7), (cx - radius * 0.3, cy), radius * 0.18)
    # Sparkles.
    for _ in range(rng.randint(3, 6)):
        pygame.draw.circle(art, (255, 255, 255, 90), (rng.random() * rect.width, rng.random() * rect.height),
                           max(1, scale * 0.02))
    surface.blit(art, rect)


def _badge(surface: pygame.Surface, centre, radius: int, colour, label: str, text_colour=theme.TEXT_DARK) -> None:
    pygame.draw.circle(surface, (10, 10, 14), (centre[0] + 1, centre[1] + 2), radius)
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, _lighter(colour, 0.5), centre, radius, max(1, radius // 7))
    size = fit_text(label, max(9, int(radius * 1.25)), int(radius * 1.8), bold=True)
    image = text_surface(label, size, text_colour, bold=True)
    surface.blit(image, image.get_rect(center=centre))


def _stat_colour(value: int, base: int, normal, higher, lower):
    if value > base:
        return higher
    if value < base:
        return lower
    return normal


def render_card(card: Card, width: int, attack: int | None = None, defense: int | None = None,
                keywords: int | None = None) -> pygame.Surface:
    """The card face at `width` pixels (height = width * 1.4), cached."""
    attack = card.attack if attack is None else attack
    defense = card.defense if defense is None else defense
    keywords = card.keywords if keywords is None else keywords
    key = (card, width, attack, defense, keywords)
    cached = _CACHE.get(key)
    if cached is not None:
        _CACHE.move_to_end(key)
        return cached
    surface = _draw_card(card, width, attack, defense, keywords)
    _CACHE[key] = surface
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return surface


def _draw_card(card: Card, width: int, attack: int, defense: int, keywords: int) -> pygame.Surface:
    height = int(width * CARD_RATIO)
    large = width >= 150
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    colour = theme.CARD_TYPE_COLOURS[int(card.type)]
    radius = max(6, width // 12)
    frame = surface.get_rect()
    pygame.draw.rect(surface, (34, 34, 44), frame, border_radius=radius)
    pygame.draw.rect(surface, colour, frame, max(2, width // 36), border_radius=radius)
    pad = max(4, width // 18)
    # Name banner.
    banner = pygame.Rect(pad, pad, width - 2 * pad, int(height * 0.13))
    pygame.draw.rect(surface, _darker(colour, 0.55), banner, border_radius=max(3, radius // 2))
    gem_r = max(9, int(width * (0.1 if large else 0.12)))
    name_left = pad + 2 * gem_r + 1
    name_size = fit_text(card.name, max(9, int(height * 0.075)), banner.right - name_left - 4, bold=True)
    name = text_surface(card.name, name_size, theme.TEXT, bold=True)
    surface.set_clip(pygame.Rect(name_left, banner.y, banner.right - name_left - 3, banner.height))
    surface.blit(name, name.get_rect(midleft=(name_left, banner.centery)))
    surface.set_clip(None)
    # Art.
    art = pygame.Rect(pad, banner.bottom + pad // 2, width - 2 * pad, int(height * (0.36 if large else 0.42)))
    _emblem(card, art, surface)
    pygame.draw.rect(surface, _darker(colour, 0.5), art, max(1, width // 60))
    # Keyword badges under the art.
    letters = keyword_letters(keywords)
    badge_r = max(7, int(width * (0.075 if large else 0.085)))
    y = art.bottom + badge_r + pad // 2
    if letters:
        total = len(letters) * (badge_r * 2 + 3) - 3
        x = frame.centerx - total // 2 + badge_r
        for letter in letters:
            _badge(surface, (x, y), badge_r, theme.KEYWORD_COLOURS[letter], letter)
            x += badge_r * 2 + 3
    # Rules text / type line.
    text_top = y + badge_r + 2 if letters else art.bottom + pad // 2
    bottom_band = int(height * (0.12 if large else 0.17))
    if large:
        box = pygame.Rect(pad, text_top, width - 2 * pad, height - bottom_band - text_top)
        pygame.draw.rect(surface, (232, 224, 206), box, border_radius=6)
        lines = [theme.CARD_TYPE_NAMES[int(card.type)]]
        effects = []
        if card.my_health:
            effects.append(f"You {'gain' if card.my_health > 0 else 'lose'} {abs(card.my_health)} health.")
        if card.opp_health:
            effects.append(f"Opponent {'gains' if card.opp_health > 0 else 'loses'} {abs(card.opp_health)} health.")
        if card.draw:
            effects.append(f"Draw {card.draw} card{'s' if card.draw > 1 else ''} next turn.")
        body = card.text.strip() or " ".join(effects)
        text_size = max(10, int(width * 0.058))
        yy = box.y + 4
        type_image = text_surface(lines[0], text_size, (110, 90, 60), bold=True)
        surface.blit(type_image, type_image.get_rect(midtop=(box.centerx, yy)))
        yy += type_image.get_height()
        for line in wrap_text(body, text_size, box.width - 10):
            image = text_surface(line, text_size, theme.TEXT_DARK)
            if yy + image.get_height() > box.bottom:
                break
            surface.blit(image, image.get_rect(midtop=(box.centerx, yy)))
            yy += image.get_height() - 1
    else:
        label = theme.CARD_TYPE_NAMES[int(card.type)].split()[0]
        if card.type == CardType.CREATURE and (card.my_health or card.opp_health or card.draw):
            label = "effect"
        image = text_surface(label, max(9, int(width * 0.1)), theme.TEXT_DIM)
        if text_top + image.get_height() < height - bottom_band:
            surface.blit(image, image.get_rect(midtop=(frame.centerx, text_top)))
    # Cost gem.
    _badge(surface, (pad + gem_r - 2, pad + gem_r - 2), gem_r, theme.MANA, str(card.cost), theme.TEXT)
    # Attack and defense.
    stat_r = max(9, int(width * (0.09 if large else 0.12)))
    bottom = height - pad - stat_r + 2
    if card.type == CardType.CREATURE:
        attack_text = _stat_colour(attack, card.attack, theme.TEXT_DARK, (10, 90, 20), (150, 20, 20))
        defense_text = _stat_colour(defense, card.defense, theme.TEXT, (160, 255, 160), (255, 225, 120))
        _badge(surface, (pad + stat_r - 2, bottom), stat_r, (232, 170, 60), str(attack), attack_text)
        _badge(surface, (width - pad - stat_r + 2, bottom), stat_r, (200, 70, 70), str(defense), defense_text)
    else:
        if card.attack:
            _badge(surface, (pad + stat_r - 2, bottom), stat_r, (232, 170, 60), f"{card.attack:+d}")
        if card.defense:
            _badge(surface, (width - pad - stat_r + 2, bottom), stat_r, (200, 70, 70), f"{card.defense:+d}", theme.TEXT)
    return surface


_BACKS: dict[int, pygame.Surface] = {}


def render_back(width: int) -> pygame.Surface:
    back = _BACKS.get(width)
    if back is None:
        height = int(width * CARD_RATIO)
        back = pygame.Surface((width, height), pygame.SRCALPHA)
        radius = max(5, width // 12)
        pygame.draw.rect(back, (48, 40, 92), back.get_rect(), border_radius=radius)
        inner = back.get_rect().inflate(-width // 6, -width // 6)
        pygame.draw.rect(back, (78, 64, 140), inner, border_radius=radius)
        pygame.draw.rect(back, theme.ACCENT, back.get_rect(), max(2, width // 30), border_radius=radius)
        c = inner.center
        r = inner.width // 3
        pygame.draw.polygon(back, theme.ACCENT, [(c[0], c[1] - r), (c[0] + r, c[1]), (c[0], c[1] + r), (c[0] - r, c[1])],
                            max(1, width // 25))
        pygame.draw.circle(back, theme.ACCENT, c, max(2, r // 3))
        _BACKS[width] = back
    return back
