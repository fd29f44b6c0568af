"""Hot-seat: an opaque screen that hides the next player's hand until they click."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scene import Scene
from game.i18n import _
from game.client.widgets import Button, backdrop, draw_text


class PassDeviceScene(Scene):
    opaque = True  # nothing of the game below shows through
    name = "pass_device"

    def __init__(self, app, player_label: str, on_ready, detail: str = ""):
        super().__init__(app)
        self.player_label = player_label
        self.on_ready = on_ready
        self.detail = detail
        self.button = Button(
            pygame.Rect(theme.WIDTH // 2 - 160, 420, 320, 70), _("I'm ready"), self.ready, primary=True
        )

    def ready(self) -> None:
        self.app.pop()
        self.on_ready()

    def handle(self, intent) -> None:
        if intent.kind == "move":
            self.button.hovered = self.button.rect.collidepoint(intent.pos)
        elif (intent.kind == "press" and intent.button == 1) or (intent.kind == "action" and intent.name == "confirm"):
            self.ready()
        elif intent.kind == "action" and intent.name == "back":
            self.app.push("pause")

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        self.button.label = _("I'm ready")  # Settings (from the pause menu) may have switched the language
        draw_text(surface, _("Pass the device"), (theme.WIDTH // 2, 220), 34, theme.TEXT_DIM, anchor="center")
        draw_text(
            surface,
            _("{player}, your turn").format(player=self.player_label),
            (theme.WIDTH // 2, 300),
            60,
            theme.ACCENT,
            bold=True,
            anchor="center",
            shadow=True,
        )
        if self.detail:
            draw_text(surface, self.detail, (theme.WIDTH // 2, 360), 20, theme.TEXT_DIM, anchor="center")
        self.button.draw(surface)
        draw_text(
            surface,
            _("Click or press Enter when the other player is not looking"),
            (theme.WIDTH // 2, 530),
            18,
            theme.TEXT_DIM,
            anchor="center",
        )
