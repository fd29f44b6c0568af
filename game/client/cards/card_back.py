"""The back of a card, as the opponent's hand, the title screen and the campaign map show it:
Duelmind's mark (the application icon's purple card with a gold diamond) drawn as a finished
card back: a violet field with a lattice, a gold frame with corner studs, and the diamond cut
in four lit facets with a glow behind it. Drawn three times larger and scaled down, so the
thin lines stay smooth at every size, and kept per width."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.cards.card_render import CARD_RATIO
from game.client.paint import gradient, with_alpha

SUPERSAMPLE = 3
FIELD_TOP, FIELD_BOTTOM = (86, 66, 156), (38, 28, 78)
LATTICE = (160, 136, 230, 60)
GOLD, GOLD_DARK, GOLD_LIGHT = theme.ACCENT, (150, 104, 40), (255, 230, 160)

_BACKS: dict[int, pygame.Surface] = {}


def render_back(width: int) -> pygame.Surface:
    """The card back ``width`` pixels wide (the face's proportions)."""
    back = _BACKS.get(width)
    if back is None:
        height = int(width * CARD_RATIO)
        big = _draw(width * SUPERSAMPLE, height * SUPERSAMPLE)
        back = pygame.transform.smoothscale(big, (width, height))
        _BACKS[width] = back
    return back


def _draw(w: int, h: int) -> pygame.Surface:
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(6, w // 11)
    outer = surface.get_rect()
    # The field: a vertical gradient, lighter towards the centre, clipped to the card's corners.
    field = with_alpha(gradient((w, h), FIELD_TOP, FIELD_BOTTOM))
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    for step in range(12, 0, -1):
        r = w * 0.55 * step / 12
        pygame.draw.circle(glow, (255, 220, 150, 5), (w // 2, h // 2), r)
    field.blit(glow, (0, 0))
    # The lattice inside the inner frame: diagonal lines both ways.
    inner = outer.inflate(-w * 0.2, -w * 0.2)
    lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
    pitch = max(6, w // 7)
    line = max(1, w // 90)
    for offset in range(-inner.height, inner.width + inner.height, pitch):
        pygame.draw.line(lattice, LATTICE, (offset, 0), (offset + inner.height, inner.height), line)
        pygame.draw.line(lattice, LATTICE, (offset, inner.height), (offset + inner.height, 0), line)
    field.blit(lattice, inner)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), outer, border_radius=radius)
    field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(field, (0, 0))
    # The frame: a broad gold band with a dark inner edge, and a thin gold line around the lattice.
    band = max(3, w // 20)
    pygame.draw.rect(surface, GOLD, outer, band, border_radius=radius)
    pygame.draw.rect(
        surface, GOLD_DARK, outer.inflate(-2 * band, -2 * band), max(1, band // 3), border_radius=max(2, radius - band)
    )
    pygame.draw.rect(surface, GOLD_DARK, outer, max(1, band // 4), border_radius=radius)  # a crisp edge
    pygame.draw.rect(surface, GOLD, inner, max(1, w // 60), border_radius=max(2, radius // 2))
    stud = max(3, w // 22)
    for x in (inner.left, inner.centerx, inner.right):
        for y in (inner.top, inner.bottom):
            _diamond(surface, (x, y), stud)
    for y in (inner.centery,):
        for x in (inner.left, inner.right):
            _diamond(surface, (x, y), stud)
    # The mark: a diamond in four facets lit from the top left, on a soft gold halo.
    centre = outer.center
    size = w * 0.26
    halo = pygame.Surface((w, h), pygame.SRCALPHA)
    for step in range(10, 0, -1):
        pygame.draw.circle(halo, (255, 200, 90, 7), centre, size * (0.9 + step * 0.09))
    surface.blit(halo, (0, 0))
    cx, cy = centre
    top, right, bottom, left = (cx, cy - size * 1.25), (cx + size, cy), (cx, cy + size * 1.25), (cx - size, cy)
    pygame.draw.polygon(surface, (40, 24, 60), [(x + band // 2, y + band // 2) for x, y in (top, right, bottom, left)])
    pygame.draw.polygon(surface, (255, 222, 140), [top, (cx, cy), left])  # lit
    pygame.draw.polygon(surface, (240, 188, 82), [top, right, (cx, cy)])
    pygame.draw.polygon(surface, (204, 146, 52), [left, (cx, cy), bottom])
    pygame.draw.polygon(surface, (160, 106, 36), [(cx, cy), right, bottom])  # shade
    pygame.draw.polygon(surface, GOLD_LIGHT, [top, right, bottom, left], max(1, w // 80))
    inset = size * 0.42
    gem = [(cx, cy - inset * 1.25), (cx + inset, cy), (cx, cy + inset * 1.25), (cx - inset, cy)]
    pygame.draw.polygon(surface, (70, 50, 130), gem)
    pygame.draw.polygon(surface, (120, 96, 200), [gem[0], (cx, cy), gem[3]])
    pygame.draw.polygon(surface, GOLD_DARK, gem, max(1, w // 90))
    return surface


def _diamond(surface: pygame.Surface, centre, r: float) -> None:
    x, y = centre
    points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    pygame.draw.polygon(surface, GOLD, points)
    pygame.draw.polygon(surface, GOLD_DARK, points, max(1, round(r / 4)))
