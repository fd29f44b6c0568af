"""The small marks the duel draws over the table: the drag's arrow, a target's reticle, a lane's
drop arrow and dashed outline, the thinking spinner and the numbers and words that pop and rise
(made once per text and kept)."""

from __future__ import annotations

import math

import pygame

from game.client import theme
from game.client.anim import reduced_motion

from game.client.widgets import text_surface

_POPPED: dict = {}  # outlined texts, made once per (text, size, colour)


def spinner(surface, centre, time_ms: float, radius: int) -> None:
    for i in range(8):
        angle = (0.0 if reduced_motion() else time_ms / 140) + i * math.tau / 8  # still: the seconds say it runs
        point = (centre[0] + math.cos(angle) * radius, centre[1] + math.sin(angle) * radius)
        pygame.draw.circle(surface, theme.ACCENT, point, 1 + (i >= 6) + (i == 7))


def popped_text(
    surface, text: str, centre, size: int, colour, scale: float, alpha: int, left: int | None = None
) -> None:
    """A number that pops: the outlined text made once, scaled only while it pops, and faded."""
    key = ("pop", text, size, tuple(colour))
    image = _POPPED.get(key)
    if image is None:
        base = text_surface(text, size, colour, True)
        outline = text_surface(text, size, (20, 10, 10), True)
        image = pygame.Surface((base.get_width() + 4, base.get_height() + 4), pygame.SRCALPHA)
        for dx, dy in ((0, 0), (4, 0), (0, 4), (4, 4), (2, 0), (0, 2), (4, 2), (2, 4)):
            image.blit(outline, (dx, dy))
        image.blit(base, (2, 2))
        if len(_POPPED) > 400:
            _POPPED.clear()
        _POPPED[key] = image
    if scale != 1.0:
        image = pygame.transform.smoothscale_by(image, scale)
    if alpha < 255:
        image = image.copy()
        image.set_alpha(max(0, alpha))
    spot = image.get_rect(center=(int(centre[0]), int(centre[1])))
    if left is not None:  # a sentence starts at its spot's left edge
        spot.x = left
    spot.clamp_ip(surface.get_rect())  # a label near an edge slides in: never cut by the window
    surface.blit(image, spot)


def reticle(surface, centre, radius: int, colour) -> None:
    """A target's crosshair: a ring and four ticks, outlined dark so it reads on any picture."""
    x, y = int(centre[0]), int(centre[1])
    for width, tint in ((5, (0, 0, 0)), (2, colour)):
        pygame.draw.circle(surface, tint, (x, y), radius, width)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            inner, outer = radius * 0.45, radius * 1.35
            pygame.draw.line(surface, tint, (x + dx * inner, y + dy * inner), (x + dx * outer, y + dy * outer), width)


def drop_arrow(surface, tip, colour) -> None:
    """A chevron pointing down into a lane that takes the dragged creature."""
    x, y = tip
    points = [(x - 16, y - 14), (x, y), (x + 16, y - 14), (x + 16, y - 6), (x, y + 8), (x - 16, y - 6)]
    pygame.draw.polygon(surface, (0, 0, 0), [(px + 1, py + 2) for px, py in points])
    pygame.draw.polygon(surface, colour, points)


def dashed_rect(surface, colour, rect: pygame.Rect, width: int, dash: int = 14) -> None:
    """A rectangle outlined in dashes (a drop zone: told apart from solid outlines by its shape)."""
    for x in range(rect.x, rect.right, dash * 2):
        end = min(x + dash, rect.right)
        pygame.draw.line(surface, colour, (x, rect.y), (end, rect.y), width)
        pygame.draw.line(surface, colour, (x, rect.bottom - 1), (end, rect.bottom - 1), width)
    for y in range(rect.y, rect.bottom, dash * 2):
        end = min(y + dash, rect.bottom)
        pygame.draw.line(surface, colour, (rect.x, y), (rect.x, end), width)
        pygame.draw.line(surface, colour, (rect.right - 1, y), (rect.right - 1, end), width)


def arrow(surface, start, end, colour) -> None:
    pygame.draw.line(surface, (0, 0, 0), (start[0] + 2, start[1] + 2), (end[0] + 2, end[1] + 2), 7)
    pygame.draw.line(surface, colour, start, end, 5)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    head = [
        end,
        (end[0] - 22 * math.cos(angle - 0.45), end[1] - 22 * math.sin(angle - 0.45)),
        (end[0] - 22 * math.cos(angle + 0.45), end[1] - 22 * math.sin(angle + 0.45)),
    ]
    pygame.draw.polygon(surface, colour, head)
    pygame.draw.circle(surface, colour, start, 8)
