"""The pause menu (Esc during a game): resume, settings, leave to the title."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.scenes.menu import ButtonColumn
from game.client.widgets import Button, draw_text, panel, shade


class PauseScene(Scene):
    opaque = False
    name = "pause"

    def __init__(self, app, on_quit=None):
        super().__init__(app)
        self.on_quit = on_quit
        x = theme.WIDTH // 2 - 150
        self.menu = ButtonColumn([
            Button(pygame.Rect(x, 280, 300, 62), "Resume", self.resume, primary=True),
            Button(pygame.Rect(x, 360, 300, 62), "Settings", self.settings),
            Button(pygame.Rect(x, 440, 300, 62), "Quit to title", self.quit),
        ])

    def resume(self) -> None:
        self.app.pop()

    def settings(self) -> None:
        from game.client.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit(self) -> None:
        if self.on_quit:
            self.on_quit()
        from game.client.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            self.resume()
            return
        self.menu.handle(intent, lambda: self.app.play_sound("click"))

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 170)
        box = pygame.Rect(theme.WIDTH // 2 - 200, 180, 400, 360)
        panel(surface, box, theme.PANEL, theme.ACCENT, radius=18, width=3)
        draw_text(surface, "Paused", (box.centerx, box.y + 50), 40, theme.ACCENT, bold=True, anchor="center")
        self.menu.draw(surface)
