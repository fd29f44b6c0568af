"""The pause menu (Esc or a gamepad's Start during a game): resume, settings, controls, leave to
the title.

A campaign level passes `leave` (back to the campaign map, or wherever the level was opened
from) with its label, and `restart` (a "Restart level" button)."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, ButtonColumn, draw_text, panel, shade
from game.i18n import N_, _


class PauseScene(Scene):
    opaque = False
    name = "pause"

    def __init__(self, app, on_quit=None, leave=None, quit_label: str = N_("Quit to title"), restart=None):
        """`quit_label`: the last button's words in English, marked with N_ (translated when drawn)."""
        super().__init__(app)
        self.on_quit = on_quit
        self.leave = leave
        self.on_restart = restart
        entries = [(N_("Resume"), self.resume, True)]
        if restart is not None:
            entries.append((N_("Restart level"), self.restart, False))
        entries += [
            (N_("Settings"), self.settings, False),
            (N_("Controls"), self.controls, False),
            (quit_label, self.quit, False),
        ]
        self.labels = [label for label, _action, _primary in entries]  # English; drawn translated
        x = theme.WIDTH // 2 - 150
        gap = 74  # five buttons (a level's pause menu) still fit the 720-pixel canvas
        top = 300 - (len(entries) - 3) * gap // 2
        self.box = pygame.Rect(theme.WIDTH // 2 - 200, top - 100, 400, 110 + gap * len(entries))
        self.menu = ButtonColumn(
            [
                Button(pygame.Rect(x, top + i * gap, 300, 58), _(label), action, primary=primary)
                for i, (label, action, primary) in enumerate(entries)
            ]
        )

    def resume(self) -> None:
        self.app.pop()

    def restart(self) -> None:
        self.on_restart()

    def settings(self) -> None:
        self.app.push("settings")

    def controls(self) -> None:
        self.app.push("controls")

    def quit(self) -> None:
        if self.on_quit:
            self.on_quit()
        if self.leave is not None:
            self.leave()
            return
        self.app.reset("title")

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            self.resume()
            return
        self.menu.handle(intent, lambda: self.app.play_sound("click"))

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 170)
        for button, label in zip(self.menu.buttons, self.labels):  # Settings may have switched the language
            button.label = _(label)
        panel(surface, self.box, theme.PANEL, theme.ACCENT, radius=18, width=3)
        draw_text(
            surface,
            _("Paused"),
            (self.box.centerx, self.box.y + 50),
            40,
            theme.ACCENT,
            bold=True,
            anchor="center",
            box=self.box,
        )
        self.menu.draw(surface)
