"""'Review the board' on the end-of-game screens (issue #31): the result's modal steps aside so the
player can look at the final board under it (the app draws the scenes under a non-opaque one), with
a bar at the foot of the screen; any key, any click or its "Back to results" button brings the
results back. The result and level-result scenes each hold one."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.widgets import Button, draw_text, fit_text, panel
from game.i18n import N_, _

BAR = pygame.Rect(0, 0, 760, 64)
LABEL = N_("Review the board")  # translated where the result screens draw it
BACK_LABEL = N_("Back to results")


class ReviewBar:
    def __init__(self) -> None:
        self.active = False
        self.rect = BAR.copy()
        self.rect.midbottom = (theme.WIDTH // 2, theme.HEIGHT - 8)
        self.back = Button(pygame.Rect(self.rect.right - 228, self.rect.y + 8, 216, 48), _(BACK_LABEL), self.close)
        self.back.size = 20

    def open(self) -> None:
        self.active = True

    def close(self) -> None:
        self.active = False

    def handle(self, intent) -> bool:
        """Take `intent` while reviewing (True: it was taken). Any key or click returns to the
        results; moving the mouse only lights the button."""
        if not self.active:
            return False
        if intent.kind == "move":
            self.back.hovered = self.back.rect.collidepoint(intent.pos)
        elif intent.kind == "action" or (intent.kind == "press" and intent.button == 1):
            self.close()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.back.label = _(BACK_LABEL)  # follows a language switch made while the bar was open
        panel(surface, self.rect, theme.PANEL, theme.ACCENT, radius=14, alpha=235)
        pygame.draw.rect(surface, theme.ACCENT, self.rect, 2, border_radius=14)
        words = _("The final board  ·  any key or click: back to results")
        room = self.back.rect.left - 12 - (self.rect.x + 22)
        draw_text(
            surface,
            words,
            (self.rect.x + 22, self.rect.centery),
            fit_text(words, 18, room),
            theme.TEXT,
            anchor="midleft",
        )
        self.back.draw(surface)
