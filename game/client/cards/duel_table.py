"""The duel table's painted surfaces, each made once and kept: the table itself per lane count
(wood, the playmat with a slot for every creature, the players' plates, the log's inset) and
the small game pieces on it (health gem, rune stones, mana crystals, a card back). Drawing
them is ``duel_view``'s; this module only paints."""

from __future__ import annotations

import pygame

from game.client.cards import duel_layout
from game.client import theme
from game.client.paint import radial, vignette
from game.client.widgets import vertical_gradient

RUNE_COLOUR = (200, 160, 255)

_TABLES: dict = {}
_PIECES: dict = {}


def board_slots(lanes: int, zone: pygame.Rect) -> list[pygame.Rect]:
    """Where creatures can stand in a board zone: the slots drawn on the mat."""
    return duel_layout.slot_rects(lanes, zone)


def table_background(lanes: int = 1) -> pygame.Surface:
    """The table (made once per lane count): dark wood, a stitched playmat with a slot for every
    creature, plates under the players' portraits and an inset for the log."""
    key = ("duel", lanes)
    surface = _TABLES.get(key)
    if surface is not None:
        return surface
    surface = vertical_gradient((theme.WIDTH, theme.HEIGHT), (52, 38, 30), (22, 16, 14))
    grain = pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
    for y in range(0, theme.HEIGHT, 7):  # faint wood grain
        pygame.draw.line(grain, (0, 0, 0, 18 + (y * 29) % 22), (0, y), (theme.WIDTH, y + (y * 13) % 9 - 4), 2)
    surface.blit(grain, (0, 0))
    # The playmat: felt with a lighter centre, a gold stitch and a rune circle in the middle.
    mat = pygame.Rect(duel_layout.CENTER.x + 6, 70, duel_layout.CENTER.width - 12, 392)
    felt = pygame.Surface(mat.size, pygame.SRCALPHA)
    cloth = radial(mat.size, (0.5, 0.5), (46, 84, 92), (16, 30, 40), 0.9)
    cloth.blit(vignette(mat.size, 120), (0, 0))
    mask = pygame.Surface(mat.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=26)
    felt.blit(cloth, (0, 0))
    felt.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    shadow = pygame.Surface((mat.width + 20, mat.height + 20), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=32)
    surface.blit(shadow, (mat.x - 10, mat.y - 4))
    surface.blit(felt, mat)
    pygame.draw.rect(surface, (120, 92, 50), mat, 3, border_radius=26)
    stitch = mat.inflate(-16, -16)
    for x in range(stitch.x + 24, stitch.right - 24, 14):
        for y in (stitch.y, stitch.bottom - 1):
            pygame.draw.line(surface, (176, 142, 80), (x, y), (x + 7, y), 2)
    for y in range(stitch.y + 24, stitch.bottom - 24, 14):
        for x in (stitch.x, stitch.right - 1):
            pygame.draw.line(surface, (176, 142, 80), (x, y), (x, y + 7), 2)
    middle = (duel_layout.BOARD_TOP.bottom + duel_layout.BOARD_BOTTOM.y) // 2
    pygame.draw.line(surface, (150, 122, 70), (mat.x + 40, middle), (mat.right - 40, middle), 2)
    pygame.draw.circle(surface, (26, 44, 52), (mat.centerx, middle), 16)
    pygame.draw.circle(surface, (176, 142, 80), (mat.centerx, middle), 16, 2)
    pygame.draw.polygon(
        surface,
        (176, 142, 80),
        [(mat.centerx, middle - 9), (mat.centerx + 7, middle), (mat.centerx, middle + 9), (mat.centerx - 7, middle)],
    )
    if lanes == 2:
        for zone in (duel_layout.BOARD_TOP, duel_layout.BOARD_BOTTOM):
            pygame.draw.line(surface, (120, 100, 64), (zone.centerx, zone.y + 10), (zone.centerx, zone.bottom - 10), 2)
    slots = pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
    for zone in (duel_layout.BOARD_TOP, duel_layout.BOARD_BOTTOM):
        for rect in board_slots(lanes, zone):
            pygame.draw.rect(slots, (0, 0, 0, 60), rect, border_radius=10)
            pygame.draw.rect(slots, (190, 170, 120, 70), rect, 2, border_radius=10)
    surface.blit(slots, (0, 0))
    # Plates for the players (brass-edged dark wood) and the log's inset.
    for rect in (duel_layout.HERO_TOP, duel_layout.HERO_BOTTOM):
        plate = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (30, 22, 20, 235), plate.get_rect(), border_radius=16)
        surface.blit(plate, rect)
        pygame.draw.rect(surface, (120, 92, 50), rect, 2, border_radius=16)
    for rect in (duel_layout.LOG, duel_layout.STATUS, pygame.Rect(16, 236, 200, 248)):
        inset = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(inset, (10, 8, 8, 120), inset.get_rect(), border_radius=14)
        surface.blit(inset, rect)
        pygame.draw.rect(surface, (84, 64, 44), rect, 1, border_radius=14)
    surface = surface.convert() if pygame.display.get_surface() else surface
    _TABLES[key] = surface
    return surface


def piece(kind: str, size: int) -> pygame.Surface:
    """Game pieces drawn once per size: the health gem, a rune stone (lit or spent), a mana crystal
    (full or empty), a small card back."""
    key = (kind, size)
    image = _PIECES.get(key)
    if image is not None:
        return image
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    if kind == "heart":
        body, rim, shine = theme.HEALTH, (120, 20, 30), (255, 190, 180)
        r = size * 0.27
        for dx in (-1, 1):
            pygame.draw.circle(image, rim, (c + dx * r * 0.95, size * 0.38), r + 2)
        pygame.draw.polygon(image, rim, [(c - r * 2 - 1, size * 0.42), (c + r * 2 + 1, size * 0.42), (c, size * 0.94)])
        for dx in (-1, 1):
            pygame.draw.circle(image, body, (c + dx * r * 0.95, size * 0.38), r)
        pygame.draw.polygon(image, body, [(c - r * 1.93, size * 0.44), (c + r * 1.93, size * 0.44), (c, size * 0.88)])
        pygame.draw.circle(image, shine, (c - r * 1.1, size * 0.32), max(2, size // 14))
    elif kind.startswith("rune"):
        alive = kind == "rune"
        fill = RUNE_COLOUR if alive else (58, 52, 72)
        points = [(c, 1), (size - 2, c), (c, size - 1), (2, c)]
        pygame.draw.polygon(image, fill, points)
        pygame.draw.polygon(image, (250, 236, 255) if alive else (96, 90, 112), points, 2)
        if alive:
            pygame.draw.line(image, (255, 255, 255), (c - size * 0.15, c - size * 0.05), (c, c - size * 0.3), 2)
    elif kind.startswith("mana"):
        full = kind == "mana"
        fill = theme.MANA if full else (40, 50, 74)
        points = [(c, 1), (size * 0.85, c), (c, size - 1), (size * 0.15, c)]
        pygame.draw.polygon(image, fill, points)
        pygame.draw.polygon(image, (200, 226, 255) if full else (80, 92, 120), points, 1)
        if full:
            pygame.draw.polygon(image, (170, 210, 255), [(c, 3), (size * 0.78, c), (c, c)])
    elif kind == "back":
        rect = pygame.Rect(size * 0.2, 1, size * 0.6, size - 2)
        pygame.draw.rect(image, (70, 40, 90), rect, border_radius=3)
        pygame.draw.rect(image, theme.ACCENT, rect, 1, border_radius=3)
        pygame.draw.circle(image, theme.ACCENT, rect.center, max(2, size // 7), 1)
    _PIECES[key] = image
    return image
