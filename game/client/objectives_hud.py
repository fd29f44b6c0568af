"""The objectives HUD of a campaign level: each objective with its live state (pending, met,
failed), its detail ("turn 2 of 3") and a star for bonus objectives. The duel and gomoku scenes
host it (their `hud`); the level scenes call `show(statuses)` when the animations reach the
moment the statuses belong to, so the HUD never runs ahead of what the board shows."""

from __future__ import annotations

import re

import math
from typing import Callable

import pygame

from game.client import theme
from game.client.widgets import draw_text, wrap_text

TEXT_SIZE = 15
LINE = 19
ICON = 18


def star_points(centre, radius: float, inner: float = 0.45, rotation: float = -math.pi / 2) -> list:
    points = []
    for index in range(10):
        r = radius if index % 2 == 0 else radius * inner
        angle = rotation + index * math.pi / 5
        points.append((centre[0] + math.cos(angle) * r, centre[1] + math.sin(angle) * r))
    return points


def draw_star(surface: pygame.Surface, centre, radius: float, filled: bool, colour=theme.ACCENT) -> None:
    points = star_points(centre, radius)
    if filled:
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, (255, 236, 170), points, max(1, int(radius / 7)))
    else:
        pygame.draw.polygon(surface, (48, 54, 74), points)
        pygame.draw.polygon(surface, (110, 118, 140), points, max(1, int(radius / 7)))


def draw_state_icon(surface: pygame.Surface, centre, state: str, radius: int = 8) -> None:
    x, y = centre
    if state == "met":
        pygame.draw.circle(surface, theme.GOOD, centre, radius)
        pygame.draw.lines(
            surface,
            theme.TEXT_DARK,
            False,
            [(x - radius * 0.5, y), (x - radius * 0.1, y + radius * 0.45), (x + radius * 0.55, y - radius * 0.45)],
            max(2, radius // 3),
        )
    elif state == "failed":
        pygame.draw.circle(surface, theme.BAD, centre, radius)
        d = radius * 0.45
        for sign in (-1, 1):
            pygame.draw.line(surface, theme.TEXT, (x - d, y - sign * d), (x + d, y + sign * d), max(2, radius // 3))
    else:
        pygame.draw.circle(surface, theme.TEXT_DIM, centre, radius, 2)


def player_words(text: str) -> str:
    """Rules text as a player reads it: "1 move(s) left" -> "1 move left", "3 move(s)" -> "3 moves",
    "Objective failed: Win." -> "You did not win."."""
    text = re.sub(r"\b1 (\w+)\(s\)", r"1 \1", text)
    text = re.sub(r"(\d+) (\w+)\(s\)", r"\1 \2s", text)
    if text.startswith("Objective failed: "):
        goal = text[len("Objective failed: ") :].rstrip(".")
        if goal.lower() == "win":
            return "You lost the game."
        return f"Missed: {goal[:1].lower()}{goal[1:]}."
    return text


class ObjectivesHUD:
    def __init__(
        self, statuses, caption: Callable[[], str] | None = None, hints: list[str] | None = None, padding: int = 0
    ):
        self.statuses = list(statuses)
        self.padding = padding  # inside the rect it is given
        self.caption = caption  # e.g. "Turn 2", drawn above the list
        self.hints = hints or []  # short lines at the bottom (keys)
        self.flash: dict[int, float] = {}  # objective index -> ms left of its "just changed" glow
        self._layout: dict = {}

    def show(self, statuses) -> None:
        """The statuses the board has caught up with; a change glows for a moment."""
        before = {s.index: s.state for s in self.statuses}
        self.statuses = list(statuses)
        for status in self.statuses:
            if before.get(status.index, status.state) != status.state:
                self.flash[status.index] = 1200.0

    def update(self, dt_ms: float) -> None:
        for index in list(self.flash):
            self.flash[index] -= dt_ms
            if self.flash[index] <= 0:
                del self.flash[index]

    def _lines(self, status, width: int) -> list[str]:
        key = (status.text, status.required, width)
        lines = self._layout.get(key)
        if lines is None:
            lines = wrap_text(status.text, TEXT_SIZE, width - ICON - 6)
            self._layout[key] = lines
        return lines

    def height(self, width: int) -> int:
        width -= 2 * self.padding
        total = 2 * self.padding + 26 + (32 if self.caption else 0)
        for status in self.statuses:
            total += len(self._lines(status, width)) * LINE + (16 if status.detail or not status.required else 0) + 8
        return total + len(self.hints) * 18 + (4 if self.hints else 0)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        x, y = rect.x + self.padding, rect.y + self.padding
        width = rect.width - 2 * self.padding
        if self.caption:
            draw_text(surface, self.caption(), (x, y), 22, theme.ACCENT, bold=True)
            y += 32
        draw_text(surface, "Objectives", (x, y), 17, theme.TEXT, bold=True)
        y += 26
        for status in self.statuses:
            lines = self._lines(status, width)
            block = len(lines) * LINE + (16 if status.detail or not status.required else 0)
            if status.index in self.flash:
                glow = pygame.Surface((width + 8, block + 6), pygame.SRCALPHA)
                colour = (
                    theme.GOOD if status.state == "met" else theme.BAD if status.state == "failed" else theme.ACCENT
                )
                alpha = int(90 * min(1.0, self.flash[status.index] / 600))
                pygame.draw.rect(glow, (*colour, alpha), glow.get_rect(), border_radius=8)
                surface.blit(glow, (x - 4, y - 3))
            draw_state_icon(surface, (x + 8, y + 9), status.state)
            colour = theme.TEXT if status.state == "pending" else theme.GOOD if status.state == "met" else theme.BAD
            for index, line in enumerate(lines):
                draw_text(surface, line, (x + ICON + 6, y + index * LINE), TEXT_SIZE, colour)
            y += len(lines) * LINE
            extra = []
            if not status.required:
                extra.append("bonus")
            if status.detail:
                extra.append(player_words(status.detail))
            if extra:
                left = x + ICON + 6
                if not status.required:
                    draw_star(surface, (left + 6, y + 8), 6, status.state == "met")
                    left += 16
                draw_text(surface, "  ·  ".join(extra), (left, y + 1), 13, theme.TEXT_DIM)
                y += 16
            y += 8
        hint_y = max(y + 4, rect.bottom - self.padding - 18 * len(self.hints))
        for hint in self.hints:
            draw_text(surface, hint, (x, hint_y), 13, theme.TEXT_DIM)
            hint_y += 18
