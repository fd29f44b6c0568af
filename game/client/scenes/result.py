"""The end of a game: who won, with Rematch and Menu."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, ButtonColumn, draw_text, panel, shade


class ResultScene(Scene):
    opaque = False
    name = "result"

    def __init__(self, app, headline: str, detail: str, good: bool | None, on_rematch):
        super().__init__(app)
        self.headline = headline
        self.detail = detail
        self.good = good
        self.on_rematch = on_rematch
        x = theme.WIDTH // 2 - 150
        self.menu = ButtonColumn([
            Button(pygame.Rect(x, 390, 300, 62), "Rematch", self.rematch, primary=True),
            Button(pygame.Rect(x, 470, 300, 62), "Main menu", self.menu_),
        ])
        self.age = 0.0

    def on_enter(self) -> None:
        self.app.play_sound("defeat" if self.good is False else "victory")

    def rematch(self) -> None:
        self.on_rematch()

    def menu_(self) -> None:
        self.app.reset("title")

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "rematch":
            self.rematch()
            return
        if intent.kind == "action" and intent.name == "back":
            self.menu_()
            return
        self.menu.handle(intent, lambda: self.app.play_sound("click"))

    def update(self, dt_ms: float) -> None:
        self.age += dt_ms

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, min(170, int(self.age / 3)))
        box = pygame.Rect(theme.WIDTH // 2 - 260, 190, 520, 392)
        colour = theme.GOOD if self.good else theme.BAD if self.good is False else theme.ACCENT
        panel(surface, box, theme.PANEL, colour, radius=18, width=3)
        draw_text(surface, self.headline, (box.centerx, box.y + 70), 56, colour, bold=True, anchor="center", shadow=True)
        draw_text(surface, self.detail, (box.centerx, box.y + 135), 20, theme.TEXT_DIM, anchor="center")
        self.menu.draw(surface)
        draw_text(surface, "R: rematch  ·  Esc: menu", (box.centerx, box.bottom - 22), 15, theme.TEXT_DIM,
                  anchor="center")
