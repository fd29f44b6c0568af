"""A clear error screen with a way back (e.g. no card set found)."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, backdrop, draw_text, panel, wrap_text
from game.i18n import _


class ErrorScene(Scene):
    name = "error"

    def __init__(self, app, title: str, message: str):
        super().__init__(app)
        self.title = title
        self.message = message
        self.back = Button(pygame.Rect(theme.WIDTH // 2 - 120, 560, 240, 60), _("Back"), self.close, primary=True)

    def close(self) -> None:
        self.app.pop()

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name in ("back", "confirm"):
            self.close()
        elif intent.kind == "move":
            self.back.hovered = self.back.rect.collidepoint(intent.pos)
        elif intent.kind == "press" and self.back.hit(intent.pos):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        box = pygame.Rect(190, 140, 900, 380)
        panel(surface, box, theme.PANEL, theme.BAD, radius=16, width=3)
        draw_text(surface, self.title, (box.centerx, box.y + 50), 40, theme.BAD, bold=True, anchor="center")
        y = box.y + 110
        for line in wrap_text(self.message, 20, box.width - 80)[:10]:
            draw_text(surface, line, (box.x + 40, y), 20)
            y += 28
        self.back.draw(surface)
