"""The text layout check: every text a scene draws (recorded by `widgets.recording_texts`) stays
in the window, in the box its caller named, and clear of the screen's other texts.

A text's rect is its whole line (ascent to descent, accents included); what must not overlap is
its ink, the middle of that line: `INK_TOP` of the height is above the capitals, `INK_BOTTOM`
below the baseline's descenders (Inter)."""

from __future__ import annotations

from itertools import combinations

import pygame

from game.client import theme
from game.client.widgets import recording_texts

INK_TOP, INK_BOTTOM = 0.2, 0.12
WINDOW = pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT)


def ink(rect: pygame.Rect) -> pygame.Rect:
    top = round(rect.height * INK_TOP)
    return pygame.Rect(rect.x, rect.y + top, rect.width, rect.height - top - round(rect.height * INK_BOTTOM))


def drawn_texts(scene) -> list[tuple[str, pygame.Rect, pygame.Rect | None]]:
    """What `scene` draws in one frame, on its own (not the scenes under it)."""
    canvas = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    with recording_texts() as drawn:
        scene.draw(canvas)
    unique = []
    for item in drawn:  # an outline drawn as several copies of one text is one text
        if not any(item[0] == seen[0] and item[1] == seen[1] for seen in unique):
            unique.append(item)
    return unique


def layout_problems(drawn) -> list[str]:
    """Texts out of the window, out of their box, or over one another, in words."""
    wrong = []
    for text, rect, box in drawn:
        if not WINDOW.contains(ink(rect)):
            wrong.append(f"{text!r} leaves the window at {tuple(rect)}")
        if box is not None and not (
            box.left <= rect.left
            and rect.right <= box.right
            and box.top <= ink(rect).top <= ink(rect).bottom <= box.bottom
        ):
            wrong.append(f"{text!r} at {tuple(rect)} leaves its box {tuple(box)}")
    for (text_a, rect_a, _), (text_b, rect_b, _) in combinations(drawn, 2):
        if ink(rect_a).colliderect(ink(rect_b)):
            wrong.append(f"{text_a!r} at {tuple(rect_a)} overlaps {text_b!r} at {tuple(rect_b)}")
    return wrong
