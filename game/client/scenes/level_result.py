"""The end of a campaign level: won or lost and why, the stars (popping in one by one), each
objective met or not, the levels this win unlocked and the reward message. Next level, Retry,
and back to the map (or the title); Review the board steps the panel aside to show the final
board, Watch again opens the replay viewer on the game just played. The panel is as tall as
what it holds: each part sits under the last, the buttons right under the text (a fixed guess
at the height left a gap over them)."""

from __future__ import annotations

import pygame
import pytweening

from game.client import theme
from game.client.objectives_hud import draw_star, draw_state_icon, player_words
from game.client.review_bar import LABEL as REVIEW_LABEL
from game.client.review_bar import ReviewBar
from game.client.scene import Scene
from game.client.value_names import count_turns
from game.client.widgets import Button, ButtonColumn, draw_text, fit_text, panel, shade, wrap_text
from game.i18n import _, ngettext
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
            entries.append((_("Next: {level}").format(level=run.level_title(self.next_id)), self.next_level))
        entries.append((_("Retry") if not self.result.won else _("Play again"), self.retry))
        entries.append((_(home), self.leave))  # the run's home label, in English (N_-marked where it is set)
        width = 236 if len(entries) == 3 else 300
        left = box.centerx - (len(entries) * width + (len(entries) - 1) * 16) // 2
        buttons = [
            Button(
                pygame.Rect(left + i * (width + 16), shift + buttons_top, width, BUTTON_H),
                label,
                action,
                primary=i == 0,
                # a long label (a level's title, a longer language) shrinks to its button
                size=min(20 if len(label) > 18 else 24, fit_text(label, 24, width - 16, bold=True)),
            )
            for i, (label, action) in enumerate(entries)
        ]
        self.replay = getattr(run, "replay_path", None)  # written at the level's end (replay_recorder)
        small = [(_(REVIEW_LABEL), self.review.open)] + ([(_("Watch again"), self.watch_again)] if self.replay else [])
        small_left = box.centerx - (len(small) * 260 + (len(small) - 1) * 16) // 2
        for i, (label, action) in enumerate(small):
            buttons.append(
                Button(
                    pygame.Rect(small_left + i * 276, shift + review_top, 260, REVIEW_H),
                    label,
                    action,
                    size=fit_text(label, 18, 260 - 16, bold=True),
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

    def watch_again(self) -> None:
        """The replay viewer on the game just played (Esc there comes back here)."""
        self.app.push("replay_viewer", path=self.replay)

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
            _("Level complete!") if won else _("Level failed"),
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
            _("Enter: choose  ·  R: retry  ·  Esc: back"),
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
        words = ngettext("{earned} of {total} star", "{earned} of {total} stars", slots).format(
            earned=self.result.stars, total=slots
        )
        draw_text(surface, words, (box.centerx, y + 44), 15, theme.TEXT_DIM, anchor="center")

    def _draw_objectives(self, surface, y: int) -> int:
        box = self.box
        x = box.x + 90
        for status in self.result.objectives:
            draw_state_icon(surface, (x, y + 12), status.state if status.state != "pending" else "failed", 11)
            words = player_words(status.text)
            text = words if status.required else _("{objective}   (bonus)").format(objective=words)
            right = box.right - 40
            if status.detail:
                right = draw_text(
                    surface, player_words(status.detail), (box.right - 90, y + 2), 16, theme.TEXT_DIM, anchor="topright"
                ).left
            # a longer language's objective shrinks to stay clear of its detail
            size = fit_text(text, 20, right - 16 - (x + 24), minimum=12)
            draw_text(surface, text, (x + 24, y), size, theme.TEXT if status.state == "met" else theme.TEXT_DIM)
            y += OBJECTIVE_LINE
        return y

    def _footer_lines(self) -> list[tuple[str, tuple]]:
        """The lines under the objectives: turns and record, reward, unlocked levels, problems."""
        lines: list[tuple[str, tuple]] = []
        turns = self.result.turns
        unit = game_kind(self.level.kind).turn_unit  # "turns", "moves" or "rounds"
        length = count_turns(unit, turns)
        if self.run.progress is not None:
            record = self.run.progress.record(self.level.id)
            if record.best_turns is not None:
                line = _("{length}  ·  best: {best}  ·  attempt {attempt}").format(
                    length=length, best=count_turns(unit, record.best_turns), attempt=record.attempts
                )
            else:
                line = _("{length}  ·  attempt {attempt}").format(length=length, attempt=record.attempts)
            lines.append((line, theme.TEXT_DIM))
        else:
            lines.append(
                (
                    _("{length}  ·  a level file outside the campaign: progress is not recorded").format(length=length),
                    theme.TEXT_DIM,
                )
            )
        if self.result.won and self.level.rewards.message:
            lines.append((self.level.rewards.message, theme.ACCENT))
        if getattr(self.run, "cards_won", None):  # the cards this win added to the collection
            from game.client.cards.deck_edit import cards_won_line

            lines.append((cards_won_line(self.level, self.run.cards_won), theme.GOOD))
        titles = getattr(self.run, "achievements_won", None) or []  # earned by this result
        if titles:
            earned = ngettext("Achievement earned: {titles}", "Achievements earned: {titles}", len(titles))
            lines.append((earned.format(titles=_(", ").join(_(title) for title in titles)), theme.ACCENT))
        if self.unlocked:
            names = _(", ").join(self.run.level_title(level_id) for level_id in self.unlocked)
            lines.append((_("Unlocked: {levels}").format(levels=names), theme.GOOD))
        for notice in self.run.notices:
            lines.append((notice, theme.BAD))
        return [(line, colour) for text, colour in lines for line in wrap_text(text, 18, WIDTH - 120)]

    def _draw_footer(self, surface, y: int) -> None:
        for line, colour in self.footer:
            draw_text(surface, line, (self.box.centerx, y), 18, colour, anchor="midtop")
            y += FOOTER_LINE
