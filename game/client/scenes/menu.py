"""A vertical menu of buttons driven by mouse or keys (shared by title and pause)."""

from __future__ import annotations

import pygame

from game.client.input import Intent
from game.client.widgets import Button


class ButtonColumn:
    def __init__(self, buttons: list[Button]):
        self.buttons = buttons
        self.focus = next((i for i, b in enumerate(buttons) if b.enabled), 0)
        self._mark()

    def _mark(self) -> None:
        for index, button in enumerate(self.buttons):
            button.focused = index == self.focus

    def handle(self, intent: Intent, click_sound=None) -> bool:
        if intent.kind == "move":
            for index, button in enumerate(self.buttons):
                button.hovered = button.rect.collidepoint(intent.pos)
                if button.hovered and button.enabled:
                    self.focus = index
            self._mark()
            return False
        if intent.kind == "press" and intent.button == 1:
            for button in self.buttons:
                if button.hit(intent.pos):
                    if click_sound:
                        click_sound()
                    if button.on_click:
                        button.on_click()
                    return True
        if intent.kind == "action":
            if intent.name in ("up", "down"):
                delta = -1 if intent.name == "up" else 1
                for _ in range(len(self.buttons)):
                    self.focus = (self.focus + delta) % len(self.buttons)
                    if self.buttons[self.focus].enabled:
                        break
                self._mark()
                return True
            if intent.name == "confirm":
                button = self.buttons[self.focus]
                if button.enabled and button.on_click:
                    if click_sound:
                        click_sound()
                    button.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(surface)

    def find(self, label: str) -> Button:
        return next(button for button in self.buttons if button.label == label)
