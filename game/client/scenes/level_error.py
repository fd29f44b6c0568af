"""A level file that cannot be played: every problem the validator found (JSON path and
sentence), instead of a crash. F5 reads the file again (fix it in an editor, press F5)."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, backdrop, draw_text, hover_buttons, panel, press_buttons, wrap_text
from game.i18n import _, ngettext

BOX = pygame.Rect(90, 60, 1100, 560)
MAX_LINES = 14


class LevelErrorScene(Scene):
    name = "level_error"

    def __init__(self, app, run, problems):
        super().__init__(app)
        self.run = run
        self.level_run = run  # F5 reads the file again
        self.problems = list(problems)
        self.file = str(run.path)
        self.back = Button(pygame.Rect(theme.WIDTH // 2 - 270, 640, 250, 60), _("Back"), self.close)
        self.retry = Button(
            pygame.Rect(theme.WIDTH // 2 + 20, 640, 250, 60), _("Reload (F5)"), self.reload, primary=True
        )

    @property
    def message(self) -> str:
        """Every problem as one text (for tests and logs)."""
        return "\n".join(f"{p.path}: {p.message}" for p in self.problems)

    def close(self) -> None:
        self.run.leave()

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            self.close()
        elif intent.kind == "action" and intent.name == "confirm":
            self.reload()
        elif intent.kind == "move":
            hover_buttons((self.back, self.retry), intent.pos)
        elif intent.kind == "press" and intent.button == 1:
            press_buttons((self.back, self.retry), intent.pos, lambda: self.app.play_sound("click"))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        panel(surface, BOX, theme.PANEL, theme.BAD, radius=16, width=3)
        count = len(self.problems)
        self.back.label, self.retry.label = _("Back"), _("Reload (F5)")  # Settings may have switched the language
        draw_text(
            surface,
            _("This level cannot be played"),
            (BOX.centerx, BOX.y + 44),
            38,
            theme.BAD,
            bold=True,
            anchor="center",
        )
        draw_text(
            surface,
            # TRANSLATORS: a level file's path and how many problems it has (the level designer's screen).
            ngettext("{file}: {count} problem", "{file}: {count} problems", count).format(file=self.file, count=count),
            (BOX.centerx, BOX.y + 88),
            17,
            theme.TEXT_DIM,
            anchor="center",
        )
        y = BOX.y + 124
        shown = 0
        for problem in self.problems:
            lines = self._lines(problem)
            if shown + len(lines) + 1 > MAX_LINES:
                break
            draw_text(surface, problem.path, (BOX.x + 36, y), 16, theme.ACCENT, bold=True)
            y += 23
            for line in lines:
                draw_text(surface, line, (BOX.x + 60, y), 18, theme.TEXT)
                y += 24
            shown += len(lines) + 1
            y += 6
        hidden = count - self._shown_count()
        if hidden > 0:
            draw_text(
                surface,
                ngettext(
                    "... and {count} more (duelmind levels validate lists them all)",
                    "... and {count} more (duelmind levels validate lists them all)",
                    hidden,
                ).format(count=hidden),
                (BOX.x + 36, y + 4),
                16,
                theme.TEXT_DIM,
            )
        draw_text(
            surface,
            _("Fix the file and press F5 to read it again  ·  Esc: back"),
            (BOX.centerx, BOX.bottom - 28),
            16,
            theme.TEXT_DIM,
            anchor="center",
        )
        self.back.draw(surface)
        self.retry.draw(surface)

    def _lines(self, problem) -> list[str]:
        return wrap_text(problem.message, 18, BOX.width - 100)

    def _shown_count(self) -> int:
        shown = count = 0
        for problem in self.problems:
            lines = len(self._lines(problem)) + 1
            if shown + lines > MAX_LINES:
                break
            shown += lines
            count += 1
        return count
