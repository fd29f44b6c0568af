"""The end of a campaign level: won or lost and why, the stars (popping in one by one), each
objective met or not, the levels this win unlocked and the reward message. Next level, Retry,
and back to the map (or the title); Review the board steps the panel aside to show the final
board. The panel is as tall as what it holds: each part sits under the last, the buttons right
under the text (a fixed guess at the height left a gap over them)."""

from __future__ import annotations

import pygame
import pytweening

from game.client import theme
from game.client.objectives_hud import draw_star, draw_state_icon, player_words
from game.client.review_bar import LABEL as REVIEW_LABEL
from game.client.review_bar import ReviewBar
from game.client.scene import Scene
from game.client.widgets import Button, ButtonColumn, draw_text, panel, shade, wrap_text
from game.rules.levels.unlocks import max_stars
from game.rules.registry import game_kind

WIDTH = 800
STAR_DELAY_MS = 380
OBJECTIVE_LINE = 34
FOOTER_LINE = 26
# The panel's parts, top to bottom (offsets from the panel's top, then gaps between parts).
HEADLINE_Y, TITLE_Y, REASON_Y, STARS_Y = 50, 98, 128, 186
OBJECTIVES_Y = 258  # under the stars and their "1 of 3 stars"
FOOTER_GAP = 10  # objectives -> footer
BUTTONS_GAP = 24  # footer -> the buttons
BUTTON_H, REVIEW_H = 60, 40
HINT_GAP = 30  # the review button -> the key hints' centre
BOTTOM_GAP = 22  # the key hints' centre -> the panel's bottom

INPUT_GRACE_MS = 450  # input ignored this long after the screen opens


class LevelResultScene(Scene):
    opaque = False
    name = "level_result"

    def __init__(self, app, run):
        super().__init__(app)
        self.run = run
        self.level_run = run  # F5 plays the level again, read from its file
        self.level = run.level
        self.result = run.session.result
        self.unlocked = list(run.unlocked)
        self.age = 0.0
        self.opened_ms = 0.0  # real time since the screen opened (input waits INPUT_GRACE_MS)
        self.next_id = run.next_level_id() if self.result.won else None
        self.footer = self._footer_lines()
        self.review = ReviewBar()
        footer_bottom = (
            OBJECTIVES_Y + OBJECTIVE_LINE * len(self.result.objectives) + FOOTER_GAP + FOOTER_LINE * len(self.footer)
        )
        buttons_top = footer_bottom + BUTTONS_GAP
        review_top = buttons_top + BUTTON_H + 12
        self.hint_y = review_top + REVIEW_H + HINT_GAP
        height = self.hint_y + BOTTOM_GAP
        self.box = pygame.Rect(0, 0, WIDTH, min(theme.HEIGHT - 20, height))
        self.box.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        box = self.box
        shift = box.y + min(0, box.height - height)  # a panel taller than the screen keeps its foot
        home = run.home_label
        entries = []
        if self.next_id is not None:
            entries.append((f"Next: {run.level_title(self.next_id)}", self.next_level))
        entries.append(("Retry" if not self.result.won else "Play again", self.retry))
        entries.append((home, self.leave))
        width = 236 if len(entries) == 3 else 300
        left = box.centerx - (len(entries) * width + (len(entries) - 1) * 16) // 2
        buttons = [
            Button(
                pygame.Rect(left + i * (width + 16), shift + buttons_top, width, BUTTON_H),
                label,
                action,
                primary=i == 0,
                size=20 if len(label) > 18 else 24,
            )
            for i, (label, action) in enumerate(entries)
        ]
        buttons.append(
            Button(
                pygame.Rect(box.centerx - 130, shift + review_top, 260, REVIEW_H),
                REVIEW_LABEL,
                self.review.open,
                size=18,
            )
        )
        self.menu = ButtonColumn(buttons)
        self.panel_top = shift  # where the parts' offsets count from

    def on_enter(self) -> None:
        self.app.play_sound("victory" if self.result.won else "defeat")
        if self.result.won and self.run.unlocked:
            self.app.play_sound("level_unlocked")

    def next_level(self) -> None:
        self.run.open_next(self.next_id)

    def retry(self) -> None:
        self.run.restart()

    def leave(self) -> None:
        self.run.leave()

    def handle(self, intent) -> None:
        if self.opened_ms < INPUT_GRACE_MS and intent.kind in ("action", "press"):
            return  # the key or click that closed the last line must not choose here
        if self.review.handle(intent):
            return
        if intent.kind == "action" and intent.name == "rematch":
            self.retry()
            return
        if intent.kind == "action" and intent.name == "back":
            self.leave()
            return
        if intent.kind == "action" and intent.name in ("left", "right"):
            intent = type(intent)("action", intent.pos, name="up" if intent.name == "left" else "down")
        self.menu.handle(intent, lambda: self.app.play_sound("click"))

    def update(self, dt_ms: float) -> None:
        self.opened_ms += dt_ms
        self.age += dt_ms * self.app.settings.animation_speed

    def draw(self, surface: pygame.Surface) -> None:
        if self.review.active:  # the final board, under a bar that leads back
            self.review.draw(surface)
            return
        box = self.box
        top = self.panel_top
        shade(surface, min(180, int(self.age / 2)))
        won = self.result.won
        colour = theme.GOOD if won else theme.BAD
        panel(surface, box.move(0, 6), (0, 0, 0), None, radius=22, alpha=110)
        panel(surface, box, theme.PANEL, colour, radius=22, width=3)
        draw_text(
            surface,
            "Level complete!" if won else "Level failed",
            (box.centerx, top + HEADLINE_Y),
            50,
            colour,
            bold=True,
            anchor="center",
            shadow=True,
        )
        draw_text(surface, self.level.title, (box.centerx, top + TITLE_Y), 24, theme.TEXT, bold=True, anchor="center")
        draw_text(
            surface,
            player_words(self.result.reason),
            (box.centerx, top + REASON_Y),
            17,
            theme.TEXT_DIM,
            anchor="center",
        )
        self._draw_stars(surface, top + STARS_Y)
        y = self._draw_objectives(surface, top + OBJECTIVES_Y)
        self._draw_footer(surface, y + FOOTER_GAP)
        self.menu.draw(surface)
        draw_text(
            surface,
            "Enter: choose  ·  R: retry  ·  Esc: back",
            (box.centerx, top + self.hint_y),
            14,
            theme.TEXT_DIM,
            anchor="center",
        )

    def _draw_stars(self, surface, y: int) -> None:
        box = self.box
        slots = max_stars(self.level)
        gap = 92
        left = box.centerx - (slots - 1) * gap // 2
        for index in range(slots):
            centre = (left + index * gap, y)
            earned = index < self.result.stars
            t = (self.age - 250 - index * STAR_DELAY_MS) / 320
            if earned and t < 1:
                draw_star(surface, centre, 34, False)
                if t > 0:
                    draw_star(surface, centre, 34 * (1.6 - 0.6 * pytweening.easeOutBack(t)) * min(1.0, t * 3), True)
                continue
            draw_star(surface, centre, 34, earned)
        words = f"{self.result.stars} of {slots} star{'s' if slots != 1 else ''}"
        draw_text(surface, words, (box.centerx, y + 44), 15, theme.TEXT_DIM, anchor="center")

    def _draw_objectives(self, surface, y: int) -> int:
        box = self.box
        x = box.x + 90
        for status in self.result.objectives:
            draw_state_icon(surface, (x, y + 12), status.state if status.state != "pending" else "failed", 11)
            text = status.text + ("" if status.required else "   (bonus)")
            draw_text(surface, text, (x + 24, y), 20, theme.TEXT if status.state == "met" else theme.TEXT_DIM)
            if status.detail:
                draw_text(
                    surface, player_words(status.detail), (box.right - 90, y + 2), 16, theme.TEXT_DIM, anchor="topright"
                )
            y += OBJECTIVE_LINE
        return y

    def _footer_lines(self) -> list[tuple[str, tuple]]:
        """The lines under the objectives: turns and record, reward, unlocked levels, problems."""
        lines: list[tuple[str, tuple]] = []
        turns = self.result.turns
        unit = game_kind(self.level.kind).turn_unit.removesuffix("s")  # "turn", "move" or "round"
        plural = lambda n: f"{n} {unit}{'s' if n != 1 else ''}"  # noqa: E731
        if self.run.progress is not None:
            record = self.run.progress.record(self.level.id)
            best = f"  ·  best: {plural(record.best_turns)}" if record.best_turns is not None else ""
            lines.append((f"{plural(turns)}{best}  ·  attempt {record.attempts}", theme.TEXT_DIM))
        else:
            lines.append(
                (f"{plural(turns)}  ·  a level file outside the campaign: progress is not recorded", theme.TEXT_DIM)
            )
        if self.result.won and self.level.rewards.message:
            lines.append((self.level.rewards.message, theme.ACCENT))
        if self.unlocked:
            names = ", ".join(self.run.level_title(level_id) for level_id in self.unlocked)
            lines.append((f"Unlocked: {names}", theme.GOOD))
        for notice in self.run.notices:
            lines.append((notice, theme.BAD))
        return [(line, colour) for text, colour in lines for line in wrap_text(text, 18, WIDTH - 120)]

    def _draw_footer(self, surface, y: int) -> None:
        for line, colour in self.footer:
            draw_text(surface, line, (self.box.centerx, y), 18, colour, anchor="midtop")
            y += FOOTER_LINE
