"""Drawing Connect Four: the board's geometry, a blue frame with round holes (drawn over the
discs, so a falling disc passes behind it), the discs, gears in blocked cells, the column
highlight with a ghost disc, the winning line, the side panel and the AI's thoughts (Tab: the
shared view of an Explanation, game/client/explain_overlay.py's `draw_thoughts`)."""

from __future__ import annotations

import math

import pygame

from game.client import theme
from game.client.board_game.scene import SIDE
from game.client.explain_overlay import draw_thoughts
from game.client.widgets import draw_text, vertical_gradient
from game.rules.connect4 import COLUMN_NAMES

AREA = pygame.Rect(40, 24, 660, 672)  # the board, its drop row and its column letters
FRAME_BLUE = (38, 92, 196)
FRAME_LIGHT = (88, 146, 236)
FRAME_DARK = (22, 56, 132)
SLOT = (14, 18, 30)  # behind the holes
DISC = {0: ((214, 48, 52), (255, 110, 100), (150, 24, 30)), 1: ((246, 196, 46), (255, 236, 140), (190, 140, 20))}
GOLD = (255, 226, 110)

_CACHE: dict = {}


class Geometry:
    """Where each cell of a columns x rows board is on the canvas (row 0 at the bottom)."""

    def __init__(self, columns: int, rows: int):
        self.columns, self.rows = columns, rows
        self.cell = int(min((AREA.width - 40) / columns, (AREA.height - 60) / (rows + 1)))
        width, height = self.cell * columns, self.cell * rows
        self.board = pygame.Rect(0, 0, width, height)
        self.board.centerx = AREA.centerx
        self.board.bottom = AREA.bottom - 40
        self.frame = self.board.inflate(28, 28)
        self.drop_y = self.board.y - self.cell // 2 - 14  # the ghost disc's centre, above the frame

    @property
    def radius(self) -> int:
        return int(self.cell * 0.4)

    def centre(self, column: int, row: int) -> tuple[int, int]:
        return (self.board.x + int((column + 0.5) * self.cell), self.board.bottom - int((row + 0.5) * self.cell))

    def column_at(self, pos) -> int | None:
        x, y = pos
        if not (self.board.x <= x < self.board.right and self.drop_y - self.cell // 2 <= y < self.frame.bottom):
            return None
        return min(self.columns - 1, int((x - self.board.x) // self.cell))

    def column_rect(self, column: int) -> pygame.Rect:
        return pygame.Rect(self.board.x + column * self.cell, self.board.y - 10, self.cell, self.board.height + 20)


def background() -> pygame.Surface:
    surface = _CACHE.get("background")
    if surface is None:
        surface = vertical_gradient((theme.WIDTH, theme.HEIGHT), (28, 36, 58), (12, 14, 24))
        glow = pygame.Surface((760, 760), pygame.SRCALPHA)
        for radius, alpha in ((380, 10), (300, 12), (220, 14)):
            pygame.draw.circle(glow, (90, 130, 220, alpha), (380, 380), radius)
        surface.blit(glow, (AREA.centerx - 380, AREA.centery - 380))
        _CACHE["background"] = surface
    return surface


def frame_surface(geometry: Geometry) -> pygame.Surface:
    """The blue frame with a round hole per cell (transparent), its rims and bevel; cached."""
    key = ("frame", geometry.columns, geometry.rows, geometry.cell)
    surface = _CACHE.get(key)
    if surface is not None:
        return surface
    outer = geometry.frame
    surface = pygame.Surface(outer.size, pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, FRAME_BLUE, rect, border_radius=22)
    pygame.draw.rect(surface, FRAME_LIGHT, rect, 3, border_radius=22)
    pygame.draw.rect(surface, FRAME_DARK, rect.inflate(-10, -10), 2, border_radius=18)
    offset = (geometry.board.x - outer.x, geometry.board.y - outer.y)
    radius = geometry.radius
    for column in range(geometry.columns):
        for row in range(geometry.rows):
            cx, cy = geometry.centre(column, row)
            cx, cy = cx - geometry.board.x + offset[0], cy - geometry.board.y + offset[1]
            pygame.draw.circle(surface, FRAME_DARK, (cx + 1, cy + 2), radius + 4)  # the hole's inner shadow
            pygame.draw.circle(surface, FRAME_LIGHT, (cx - 1, cy - 1), radius + 3, 2)  # its lit rim
            pygame.draw.circle(surface, (0, 0, 0, 0), (cx, cy), radius)  # the hole itself
    _CACHE[key] = surface
    return surface


def draw_backing(surface: pygame.Surface, geometry: Geometry) -> None:
    """The shadow under the frame and the dark slots seen through the holes."""
    shadow = pygame.Surface(geometry.frame.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=22)
    surface.blit(shadow, geometry.frame.move(6, 10))
    pygame.draw.rect(surface, SLOT, geometry.board.inflate(-4, -4), border_radius=8)
    # two feet under the frame
    for x in (geometry.frame.x + 24, geometry.frame.right - 64):
        foot = pygame.Rect(x, geometry.frame.bottom - 6, 40, 18)
        pygame.draw.rect(surface, FRAME_DARK, foot, border_radius=6)


def draw_frame(surface: pygame.Surface, geometry: Geometry) -> None:
    surface.blit(frame_surface(geometry), geometry.frame)


def draw_disc(surface: pygame.Surface, centre, radius: int, seat: int, alpha: int = 255) -> None:
    """A disc of `seat`'s colour: a rim, a raised face and a highlight."""
    base, light, dark = DISC[seat]
    size = radius * 2 + 4
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(layer, dark, c, radius)
    pygame.draw.circle(layer, base, c, int(radius * 0.9))
    line = max(1, radius // 14)
    if seat == 0:  # the first player's discs carry a ring, the second's a diamond: told apart by shape
        pygame.draw.circle(layer, dark, c, int(radius * 0.68), line)
    else:
        d = int(radius * 0.6)
        pygame.draw.polygon(layer, dark, [(c[0], c[1] - d), (c[0] + d, c[1]), (c[0], c[1] + d), (c[0] - d, c[1])], line)
    pygame.draw.circle(layer, light, (c[0] - radius // 3, c[1] - radius // 3), max(2, radius // 5))
    if alpha < 255:
        layer.set_alpha(alpha)
    surface.blit(layer, layer.get_rect(center=(int(centre[0]), int(centre[1]))))


def draw_gear(surface: pygame.Surface, centre, radius: int, angle: float = 0.0) -> None:
    """A brass gear jammed in a blocked cell."""
    cx, cy = centre
    teeth = 10
    points = []
    for index in range(teeth * 2):
        a = angle + index * math.pi / teeth
        r = radius * (0.98 if index % 2 == 0 else 0.78)
        for da in (-0.12, 0.12):
            points.append((cx + math.cos(a + da) * r, cy + math.sin(a + da) * r))
    pygame.draw.polygon(surface, (120, 92, 44), [(x + 2, y + 3) for x, y in points])
    pygame.draw.polygon(surface, (196, 150, 72), points)
    pygame.draw.circle(surface, (226, 184, 100), (cx, cy), int(radius * 0.62))
    pygame.draw.circle(surface, (150, 112, 52), (cx, cy), int(radius * 0.62), 3)
    pygame.draw.circle(surface, (70, 54, 30), (cx, cy), int(radius * 0.2))


def draw_column_labels(surface: pygame.Surface, geometry: Geometry, highlight: int | None) -> None:
    for column in range(geometry.columns):
        x, _ = geometry.centre(column, 0)
        on = column == highlight
        draw_text(
            surface,
            COLUMN_NAMES[column],
            (x, geometry.frame.bottom + 24),
            22 if on else 18,
            theme.ACCENT if on else theme.TEXT_DIM,
            bold=True,
            anchor="center",
        )


def draw_column_highlight(surface: pygame.Surface, geometry: Geometry, column: int, legal: bool) -> None:
    rect = geometry.column_rect(column)
    glow = pygame.Surface(rect.size, pygame.SRCALPHA)
    colour = (255, 240, 190, 46) if legal else (230, 70, 70, 40)
    pygame.draw.rect(glow, colour, glow.get_rect(), border_radius=12)
    surface.blit(glow, rect)


def draw_column_focus(surface: pygame.Surface, geometry: Geometry, column: int) -> None:
    """The focused column's outline (the keyboard cursor, or the column under the mouse)."""
    rect = geometry.column_rect(column).inflate(-2, 0)
    pygame.draw.rect(surface, (10, 12, 20), rect.inflate(4, 4), 2, border_radius=14)
    pygame.draw.rect(surface, theme.ACCENT, rect, 3, border_radius=12)


def draw_cross(surface: pygame.Surface, centre, half: float) -> None:
    """A refusal's cross (a full column), dark-edged so its shape reads in any palette."""
    cx, cy = centre
    for colour, width in (((10, 12, 20), 8), (theme.BAD, 5)):
        pygame.draw.line(surface, colour, (cx - half, cy - half), (cx + half, cy + half), width)
        pygame.draw.line(surface, colour, (cx - half, cy + half), (cx + half, cy - half), width)


def draw_winning_line(surface: pygame.Surface, geometry: Geometry, line, t: float) -> None:
    """The four (or more) discs ringed, and a gold line drawn through them as `t` goes 0 -> 1."""
    if not line:
        return
    start = geometry.centre(*line[0])
    end = geometry.centre(*line[-1])
    tip = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
    pygame.draw.line(surface, (60, 40, 0), (start[0] + 2, start[1] + 3), (tip[0] + 2, tip[1] + 3), 12)
    pygame.draw.line(surface, GOLD, start, tip, 10)
    for cell in line:
        pygame.draw.circle(surface, GOLD, geometry.centre(*cell), geometry.radius + 2, 4)
    for point in (start, tip):
        pygame.draw.circle(surface, GOLD, (int(point[0]), int(point[1])), 7)


def draw_last_marker(surface: pygame.Surface, geometry: Geometry, cell, pulse: float) -> None:
    centre = geometry.centre(*cell)
    radius = max(4, int(geometry.radius * (0.22 + 0.04 * pulse)))
    pygame.draw.circle(surface, (255, 255, 255), centre, radius)
    pygame.draw.circle(surface, (40, 40, 40), centre, radius, 2)


__all__ = [
    "AREA",
    "SIDE",
    "Geometry",
    "background",
    "draw_backing",
    "draw_column_focus",
    "draw_column_highlight",
    "draw_cross",
    "draw_column_labels",
    "draw_disc",
    "draw_frame",
    "draw_gear",
    "draw_last_marker",
    "draw_thoughts",
    "draw_winning_line",
]
