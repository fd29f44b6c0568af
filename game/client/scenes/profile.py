"""The profile: the campaign's totals (levels, stars, time played, the difficulty), each game's
record in the campaign, quick matches and hot-seat, and the achievements, earned or still to
earn (with what to do). Opened from the campaign map; Esc, Enter or Back closes it.

The numbers come from game/rules/saves/profile.py and the achievements from
game/rules/saves/achievements.py; this scene only draws them."""

from __future__ import annotations

import time

import pygame

from game.client import theme
from game.client.objectives_hud import draw_star
from game.client.resources import font
from game.client.scene import Scene
from game.client.value_names import DIFFICULTY_NAMES, month_name, value_name
from game.client.widgets import Button, backdrop, draw_text, fit_text, panel, wrap_text
from game.i18n import N_, _, pgettext
from game.rules.levels.unlocks import max_stars
from game.rules.saves.achievements import ACHIEVEMENTS
from game.rules.saves.profile import profile, win_rate

TOTALS = pygame.Rect(theme.WIDTH // 2 - 560, 100, 1120, 84)
GAMES = pygame.Rect(theme.WIDTH // 2 - 560, 196, 520, 400)
BADGES = pygame.Rect(theme.WIDTH // 2 - 28, 196, 588, 400)
COLUMNS = ((N_("Game"), 0, 150), (N_("Campaign"), 150, 130), (N_("Quick match"), 280, 130), (N_("Hot-seat"), 410, 90))


class ProfileScene(Scene):
    name = "profile"
    opaque = True

    def __init__(self, app, progress, levels):
        """`progress`: the player's Progress; `levels`: the campaign's levels (id -> level)."""
        super().__init__(app)
        self.progress = progress
        self.summary = profile(progress.data, levels, max_stars)
        self.back = Button(pygame.Rect(theme.WIDTH // 2 - 130, 614, 260, 52), _("Back"), self.close, primary=True)

    def close(self) -> None:
        self.app.pop()

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name in ("back", "confirm"):
            self.close()
        elif intent.kind == "move":
            self.back.hovered = self.back.rect.collidepoint(intent.pos)
        elif intent.kind == "press" and intent.button == 1 and self.back.hit(intent.pos):
            self.close()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_text(
            surface, _("Profile"), (theme.WIDTH // 2, 50), 44, theme.ACCENT, bold=True, anchor="center", shadow=True
        )
        self._draw_totals(surface)
        self._draw_games(surface)
        self._draw_achievements(surface)
        self.back.draw(surface)

    def _draw_totals(self, surface) -> None:
        panel(surface, TOTALS, theme.PANEL, theme.PANEL_BORDER, radius=12, alpha=230)
        s = self.summary
        cells = (
            (_("Levels won"), _("{count} of {total}").format(count=s.levels_won, total=s.levels_total)),
            (_("Stars"), _("{count} of {total}").format(count=s.stars, total=s.stars_total)),
            (_("Time played"), time_played(s.seconds_played)),
            (_("Difficulty"), value_name(DIFFICULTY_NAMES, self.progress.difficulty, _("Normal"))),
        )
        width = TOTALS.width // len(cells)
        for index, (label, value) in enumerate(cells):
            centre = TOTALS.x + width * index + width // 2
            draw_text(surface, label, (centre, TOTALS.y + 22), 16, theme.TEXT_DIM, anchor="center")
            size = fit_text(value, 26, width - 24, bold=True)
            draw_text(surface, value, (centre, TOTALS.y + 56), size, theme.TEXT, bold=True, anchor="center")
        draw_star(surface, (TOTALS.x + width + 30, TOTALS.y + 56), 11, True)

    def _draw_games(self, surface) -> None:
        panel(surface, GAMES, theme.PANEL, theme.PANEL_BORDER, radius=12, alpha=230)
        x, y = GAMES.x + 18, GAMES.y + 14
        draw_text(surface, _("Games played and won"), (x, y), 20, theme.ACCENT, bold=True, width=GAMES.width - 36)
        y += font(20, True).get_linesize() + 10
        for title, dx, width in COLUMNS:
            size = fit_text(_(title), 16, width - 8, bold=True)
            draw_text(surface, _(title), (x + dx, y), size, theme.TEXT_DIM, bold=True)
        y += font(16, True).get_linesize() + 6
        line = max(46, 2 * font(15).get_linesize() + 6)
        for game in self.summary.games:
            name = _(game.title)  # the game's title (translated once the rules mark it)
            size = fit_text(name, 18, COLUMNS[0][2] - 8, bold=True)
            draw_text(surface, name, (x, y), size, theme.TEXT, bold=True)
            for (played, won), (_title, dx, width) in zip((game.campaign, game.quick), COLUMNS[1:3]):
                value = _("{count} of {total}").format(count=won, total=played) if played else "-"
                self._cell(surface, (x + dx, y), width, value, win_rate(played, won))
            played = game.hotseat[0]
            self._cell(surface, (x + COLUMNS[3][1], y), COLUMNS[3][2], str(played) if played else "-", "")
            y += line
        note = _("Campaign counts level attempts; hot-seat counts games between two people.")
        for index, text in enumerate(wrap_text(note, 14, GAMES.width - 36)):
            draw_text(surface, text, (x, GAMES.bottom - 44 + index * font(14).get_linesize()), 14, theme.TEXT_DIM)

    @staticmethod
    def _cell(surface, at, width: int, value: str, rate: str) -> None:
        draw_text(surface, value, at, fit_text(value, 17, width - 8), theme.TEXT)
        if rate and rate != "-":
            words = _("won {rate}").format(rate=rate)
            draw_text(surface, words, (at[0], at[1] + font(17).get_linesize()), 14, theme.TEXT_DIM)

    def _draw_achievements(self, surface) -> None:
        panel(surface, BADGES, theme.PANEL, theme.PANEL_BORDER, radius=12, alpha=230)
        earned = self.progress.data.achievements
        x, y = BADGES.x + 18, BADGES.y + 14
        heading = _("Achievements: {count} of {total}").format(
            count=sum(1 for a in ACHIEVEMENTS if a.id in earned), total=len(ACHIEVEMENTS)
        )
        draw_text(surface, heading, (x, y), 20, theme.ACCENT, bold=True, width=BADGES.width - 36)
        top = y + font(20, True).get_linesize() + 10
        cell_w, cell_h = (BADGES.width - 48) // 2, (BADGES.bottom - 12 - top) // 4
        for index, achievement in enumerate(ACHIEVEMENTS):
            column, row = index % 2, index // 2
            cell = pygame.Rect(x + column * (cell_w + 12), top + row * cell_h, cell_w, cell_h - 8)
            when = earned.get(achievement.id)
            colour = theme.GOOD if when is not None else theme.PANEL_BORDER
            panel(surface, cell, theme.PANEL, colour, radius=10, alpha=255 if when is not None else 150)
            draw_star(surface, (cell.x + 20, cell.y + 22), 10, when is not None)
            title = _(achievement.title)
            title_size = fit_text(title, 17, cell.width - 44, bold=True)
            draw_text(
                surface,
                title,
                (cell.x + 38, cell.y + 10),
                title_size,
                theme.TEXT if when is not None else theme.TEXT_DIM,
                bold=True,
            )
            # The achievements' words are marked in the rules (N_) and translated here.
            goal = _(achievement.goal).format(count=achievement.count)
            words = goal if when is None else _("{goal} Earned on {date}.").format(goal=goal, date=_day(when))
            lines = wrap_text(words, 14, cell.width - 46)
            step = font(14).get_linesize()
            room = max(1, (cell.bottom - 4 - (cell.y + 12 + font(17, True).get_linesize())) // step)
            for number, text in enumerate(lines[:room]):
                at = (cell.x + 38, cell.y + 12 + font(17, True).get_linesize() + number * step)
                draw_text(surface, text, at, 14, theme.TEXT_DIM)


def _day(when: float) -> str:
    """The day `when` fell on, in the player's local time and language: "27 Nov 2026", "2026年11月27日"."""
    day = time.localtime(when)
    # TRANSLATORS: a date; {month} is the month's short name, {month_number} its number (1-12).
    return pgettext("date", "{day} {month} {year}").format(
        day=day.tm_mday, month=month_name(day.tm_mon), month_number=day.tm_mon, year=day.tm_year
    )


def time_played(seconds: float) -> str:
    """Time in words: "3 h 05 min", "42 min", "under a minute" (the rules' time_played, translated)."""
    minutes = int(seconds // 60)
    if minutes < 1:
        return _("under a minute")
    hours, minutes = divmod(minutes, 60)
    if hours:
        return _("{hours} h {minutes} min").format(hours=hours, minutes=f"{minutes:02d}")
    return _("{minutes} min").format(minutes=minutes)
