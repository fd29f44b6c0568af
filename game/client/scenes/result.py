"""The end of a game: who won, with Rematch and Menu."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, ButtonColumn, draw_text, panel, shade

INPUT_GRACE_MS = 450  # input ignored this long after the screen opens


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
        self.opened_ms = 0.0  # real time since the screen opened (input waits INPUT_GRACE_MS)

    def on_enter(self) -> None:
        self.app.play_sound("defeat" if self.good is False else "victory")

    def rematch(self) -> None:
        self.on_rematch()

    def menu_(self) -> None:
        self.app.reset("title")

    def handle(self, intent) -> None:
        if self.opened_ms < INPUT_GRACE_MS and intent.kind in ("action", "press"):
            return  # the key or click that closed the last line must not choose here
        if intent.kind == "action" and intent.name == "rematch":
            self.rematch()
            return
        if intent.kind == "action" and intent.name == "back":
            self.menu_()
            return
        self.menu.handle(intent, lambda: self.app.play_sound("click"))

    def update(self, dt_ms: float) -> None:
        self.opened_ms += dt_ms
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
