"""The calm screen shown when something the game did not expect went wrong: the app caught an
exception from a scene (`App.run_frame`), saved what could be saved and wrote a crash report
(`game/logs.py`). The player reads where the report is, copies it, and goes back to the title
or quits; nothing else of the broken screen runs again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, ButtonColumn, backdrop, draw_text, panel, wrap_text
from game.i18n import _


def copy_to_clipboard(text: str) -> bool:
    """Put `text` on the system clipboard (SDL's, through pygame-ce); False where there is none."""
    try:
        import pygame.scrap

        pygame.scrap.put_text(text)
        return True
    except (pygame.error, AttributeError, NotImplementedError, OSError):
        return False


class CrashScene(Scene):
    name = "crash"
    music = None

    def __init__(self, app, report: str, report_path: Path | None, saved: list[str] | None = None):
        super().__init__(app)
        self.report = report
        self.report_path = report_path
        self.saved = saved or []  # what was saved just before ("your campaign game", ...)
        self.status = ""
        x = theme.WIDTH // 2 - 470  # three buttons of 300 px: room for longer languages' words
        rect = lambda i: pygame.Rect(x + i * 320, 548, 300, 58)
        self.menu = ButtonColumn(
            [
                Button(rect(0), _("Copy report"), self.copy, primary=True),
                Button(rect(1), _("Back to title"), self.back_to_title),
                Button(rect(2), _("Quit"), self.quit),
            ]
        )

    # ------------------------------------------------------------------ actions

    def copy(self) -> None:
        if copy_to_clipboard(self.report):
            self.status = _("The report is on the clipboard.")
        elif self.report_path is not None:
            self.status = _("Copying is not possible here: open the file above instead.")
        else:
            self.status = _("Copying is not possible here.")

    def back_to_title(self) -> None:
        self.app.reset("title")

    def quit(self) -> None:
        self.app.running = False

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            self.back_to_title()
            return
        if intent.kind == "action" and intent.name in ("left", "right"):  # the buttons sit in a row
            intent = replace(intent, name="up" if intent.name == "left" else "down")
        self.menu.handle(intent, lambda: self.app.play_sound("ui_click"))

    # ------------------------------------------------------------------ drawing

    def message_lines(self) -> list[str]:
        lines = [_("Duelmind ran into a problem it did not expect and stopped what it was doing.")]
        if self.saved:
            # `saved` comes from the app in English (a later session translates it at its source).
            # TRANSLATORS: what goes between the items of a list ("your game, your deck").
            saved = _(", ").join(_(item) for item in self.saved)
            lines.append(_("Saved just now: {things}. Your campaign progress is kept.").format(things=saved))
        else:
            lines.append(_("Your campaign progress is kept."))
        if self.report_path is not None:
            lines.append(_("A report was written to:"))
        else:
            lines.append(_("The report could not be written to a file; copy it to keep it."))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        box = pygame.Rect(140, 110, 1000, 520)
        panel(surface, box, theme.PANEL, theme.ACCENT, radius=18, width=3)
        draw_text(
            surface, _("Something went wrong"), (box.centerx, box.y + 60), 42, theme.ACCENT, bold=True, anchor="center"
        )
        y = box.y + 130
        width = box.width - 100
        for line in self.message_lines():
            for part in wrap_text(line, 22, width):
                draw_text(surface, part, (box.x + 50, y), 22)
                y += 32
        if self.report_path is not None:
            for part in wrap_text(str(self.report_path), 20, width):
                draw_text(surface, part, (box.x + 50, y), 20, theme.ACCENT)
                y += 28
        y += 10
        draw_text(
            surface, _("Sending the report to the developers helps them fix it."), (box.x + 50, y), 20, theme.TEXT_DIM
        )
        if self.status:
            draw_text(surface, self.status, (box.centerx, box.bottom - 110), 20, theme.TEXT_DIM, anchor="center")
        for button in self.menu.buttons:
            button.draw(surface)
