"""A question over the workshop: a message, an optional text (a file name to save as) and
buttons; each button's callback gets the text (None: the button only closes)."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, ButtonColumn, draw_text, panel, shade, wrap_text

BOX = pygame.Rect(240, 220, 800, 280)


def leave_or_ask(app, unsaved: str | None, save) -> None:
    """Leave an editor (pop it): at once when nothing is unsaved (`unsaved` None), else after the
    question "Save / Discard / Cancel" naming what is unsaved; `save(then=...)` saves, then leaves."""
    if unsaved is None:
        app.pop()
        return
    app.push(
        "workshop_prompt",
        title="Unsaved changes",
        message=unsaved,
        buttons=[
            ("Save", lambda _: save(then=app.pop)),
            ("Discard", lambda _: app.pop()),
            ("Cancel", None),
        ],
    )


class WorkshopPromptScene(Scene):
    name = "workshop_prompt"
    opaque = False
    raw_keys = True

    def __init__(self, app, title: str, buttons, message: str = "", text: str | None = None):
        super().__init__(app)
        self.title = title
        self.message = message
        self.text = text
        width = 200
        left = BOX.centerx - (len(buttons) * (width + 16) - 16) // 2
        self.menu = ButtonColumn(
            [
                Button(
                    pygame.Rect(left + i * (width + 16), BOX.bottom - 76, width, 52),
                    label,
                    lambda cb=callback: self.choose(cb),
                    primary=i == 0,
                )
                for i, (label, callback) in enumerate(buttons)
            ]
        )

    def choose(self, callback) -> None:
        self.app.pop()
        if callback is not None:
            callback(self.text)

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            self.app.pop()
        elif intent.kind == "text" and self.text is not None:
            self.text += intent.value
        elif intent.kind == "key":
            if intent.name == "backspace" and self.text is not None:
                self.text = self.text[:-1]
            elif intent.name in ("return", "enter"):
                self.menu.buttons[0].on_click()
            elif intent.name in ("left", "right"):
                from game.client.input import Intent

                self.menu.handle(Intent("action", name="up" if intent.name == "left" else "down"))
        else:
            self.menu.handle(intent, lambda: self.app.play_sound("click"))

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 160)
        panel(surface, BOX, theme.PANEL, theme.ACCENT, radius=16, width=3)
        draw_text(surface, self.title, (BOX.centerx, BOX.y + 36), 30, theme.ACCENT, bold=True, anchor="center")
        y = BOX.y + 76
        for line in wrap_text(self.message, 18, BOX.width - 60)[:3] if self.message else []:
            draw_text(surface, line, (BOX.centerx, y), 18, theme.TEXT, anchor="center")
            y += 24
        if self.text is not None:
            field = pygame.Rect(BOX.x + 30, y + 4, BOX.width - 60, 36)
            pygame.draw.rect(surface, theme.BACKGROUND_2, field, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT, field, 1, border_radius=6)
            shown = self.text + "|"
            from game.client.widgets import fit_text

            draw_text(
                surface,
                shown,
                (field.x + 8, field.centery),
                fit_text(shown, 16, field.width - 16),
                theme.TEXT,
                anchor="midleft",
            )
        self.menu.draw(surface)
