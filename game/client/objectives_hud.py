"""The objectives HUD of a campaign level: each objective with its live state (pending, met,
failed), its detail ("turn 2 of 3") and a star for bonus objectives. The duel and gomoku scenes
host it (their `hud`); the level scenes call `show(statuses)` when the animations reach the
moment the statuses belong to, so the HUD never runs ahead of what the board shows."""

from __future__ import annotations

import re

import math
from typing import Callable

import pygame

from game import i18n
from game.client import theme
from game.client.rules_words import translate
from game.client.resources import font
from game.client.widgets import draw_text, fit_lines, wrap_text
from game.i18n import _

TEXT_SIZE = 15
DETAIL_SIZE = 13
ICON = 18


def _step(size: int, at_least: int, bold: bool = False) -> int:
    """A line's height at the text size in use (Settings > Accessibility), never less than the
    layout's own at 100 %."""
    return max(at_least, font(size, bold).get_linesize())


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
    "Objective failed: Win." -> "You lost the game.", then in the player's language
    (game/client/rules_words.py); a level's own text (already translated) stays as it is."""
    text = re.sub(r"\b1 (\w+)\(s\)", r"1 \1", text)
    text = re.sub(r"(\d+) (\w+)\(s\)", r"\1 \2s", text)
    if text.startswith("Objective failed: "):
        goal = text[len("Objective failed: ") :].rstrip(".")
        if goal.lower() == "win":
            text = "You lost the game."
        else:
            text = f"Missed: {goal[:1].lower()}{goal[1:]}."
    return translate(text)  # in the player's language (the rules' sentences stay English)


class ObjectivesHUD:
    def __init__(
        self,
        statuses,
        caption: Callable[[], str] | None = None,
        hints: list[str] | None = None,
        padding: int = 0,
        twists: list[str] | None = None,
    ):
        self.statuses = list(statuses)
        self.twists = twists or []  # the level's rule twist in words (modifiers.twist_words), under the list
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
        key = (status.text, status.required, width, i18n.generation())
        lines = self._layout.get(key)
        if lines is None:
            lines = wrap_text(player_words(status.text), TEXT_SIZE, width - ICON - 6)
            self._layout[key] = lines
        return lines

    def height(self, width: int) -> int:
        width -= 2 * self.padding
        total = 2 * self.padding + _step(17, 26, True) + (_step(22, 32, True) if self.caption else 0)
        for status in self.statuses:
            total += len(self._lines(status, width)) * _step(TEXT_SIZE, 19) + self._extra_height(status) + 8
        total += self._twist_height(width)
        return total + len(self.hints) * _step(DETAIL_SIZE, 18) + (4 if self.hints else 0)

    def _twist_lines(self, width: int) -> list[str]:
        key = ("twist", tuple(self.twists), width, i18n.generation())
        lines = self._layout.get(key)
        if lines is None:
            lines = [line for text in self.twists for line in wrap_text(player_words(text), DETAIL_SIZE + 1, width)]
            self._layout[key] = lines
        return lines

    def _twist_height(self, width: int) -> int:
        if not self.twists:
            return 0
        return _step(TEXT_SIZE, 22, True) + len(self._twist_lines(width)) * _step(DETAIL_SIZE + 1, 18) + 8

    def _draw_twists(self, surface: pygame.Surface, x: int, y: int, width: int, rect: pygame.Rect) -> int:
        """The boss's twist under the objectives: a heading and its sentences; returns the y below."""
        if not self.twists:
            return y
        room = rect.bottom - self.padding - y
        if self._twist_height(width) - 8 > room:  # a full list above: one line, "Twist: ...", as small as it must be
            # TRANSLATORS: a boss's rule twist in one line, over the objectives list.
            one = _("Twist: {twist}").format(twist=" ".join(player_words(text) for text in self.twists))
            size, lines = fit_lines([one], DETAIL_SIZE + 1, width, room, minimum=10)
            step = font(size).get_linesize()
            for line in lines:
                if y + step > rect.bottom:
                    break
                draw_text(surface, line, (x, y), size, theme.ACCENT, box=rect)
                y += step
            return y + 4
        draw_text(surface, _("Twist"), (x, y), TEXT_SIZE, theme.ACCENT, bold=True, width=width, box=rect)
        y += _step(TEXT_SIZE, 22, True)
        step = _step(DETAIL_SIZE + 1, 18)
        for line in self._twist_lines(width):
            draw_text(surface, line, (x, y), DETAIL_SIZE + 1, theme.TEXT_DIM, width=width, box=rect)
            y += step
        return y + 8

    @staticmethod
    def _extra_height(status) -> int:
        """The "bonus · turn 2 of 3" line under an objective (none for a plain required one)."""
        return _step(DETAIL_SIZE, 16) if status.detail or not status.required else 0

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        x, y = rect.x + self.padding, rect.y + self.padding
        width = rect.width - 2 * self.padding
        line = _step(TEXT_SIZE, 19)
        if self.caption:
            draw_text(surface, self.caption(), (x, y), 22, theme.ACCENT, bold=True, width=width, box=rect)
            y += _step(22, 32, True)
        draw_text(surface, _("Objectives"), (x, y), 17, theme.TEXT, bold=True, width=width, box=rect)
        y += _step(17, 26, True)
        for status in self.statuses:
            lines = self._lines(status, width)
            block = len(lines) * line + self._extra_height(status)
            if status.index in self.flash:
                glow = pygame.Surface((width + 8, block + 6), pygame.SRCALPHA)
                colour = (
                    theme.GOOD if status.state == "met" else theme.BAD if status.state == "failed" else theme.ACCENT
                )
                alpha = int(90 * min(1.0, self.flash[status.index] / 600))
                pygame.draw.rect(glow, (*colour, alpha), glow.get_rect(), border_radius=8)
                surface.blit(glow, (x - 4, y - 3))
            draw_state_icon(surface, (x + 8, y + line // 2), status.state)
            colour = theme.TEXT if status.state == "pending" else theme.GOOD if status.state == "met" else theme.BAD
            for index, text in enumerate(lines):
                draw_text(surface, text, (x + ICON + 6, y + index * line), TEXT_SIZE, colour, box=rect)
            y += len(lines) * line
            extra = []
            if not status.required:
                # TRANSLATORS: under a bonus objective (one star), beside its progress.
                extra.append(_("bonus"))
            if status.detail:
                extra.append(player_words(status.detail))
            if extra:
                left = x + ICON + 6
                step = self._extra_height(status)
                if not status.required:
                    draw_star(surface, (left + 6, y + step // 2), 6, status.state == "met")
                    left += 16
                words = "  ·  ".join(extra)
                if len(extra) > 1 and font(9).size(words)[0] > x + width - left:
                    words = extra[-1]  # no room for both: the star beside it says "bonus"
                draw_text(
                    surface,
                    words,
                    (left, y + 1),
                    DETAIL_SIZE,
                    theme.TEXT_DIM,
                    width=x + width - left,
                    box=rect,
                )
                y += step
            y += 8
        y = self._draw_twists(surface, x, y, width, rect)
        hint_step = _step(DETAIL_SIZE, 18)
        hint_y = max(y + 4, rect.bottom - self.padding - hint_step * len(self.hints))
        for hint in self.hints:
            if hint_y + hint_step > rect.bottom:
                break  # no room left at a large text size: the keys are on the Controls screen too
            draw_text(surface, hint, (x, hint_y), DETAIL_SIZE, theme.TEXT_DIM, width=width, box=rect)
            hint_y += hint_step
