"""A question over the workshop: a message, an optional text (a file name to save as) and
buttons; each button's callback gets the text (None: the button only closes)."""

from __future__ import annotations

from typing import Any

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, ButtonColumn, draw_text, panel, shade, wrap_text
from game.i18n import _

BOX = pygame.Rect(240, 220, 800, 280)


def leave_or_ask(app, unsaved: str | None, save, discard=None) -> None:
    """Leave an editor (pop it): at once when nothing is unsaved (`unsaved` None), else after the
    question "Save / Discard / Cancel" naming what is unsaved; `save(then=...)` saves, then leaves;
    `discard()` (if given) runs before a Discard leaves."""
    if unsaved is None:
        app.pop()
        return

    def discard_and_leave(_text) -> None:
        if discard is not None:
            discard()
        app.pop()

    app.push(
        "workshop_prompt",
        title=_("Unsaved changes"),
        message=unsaved,
        buttons=[
            (_("Save"), lambda _text: save(then=app.pop)),
            (_("Discard"), discard_and_leave),
            (_("Cancel"), None),
        ],
    )


class UnsavedWork:
    """What a workshop scene with a document does before it is left or the window closes: it asks
    (Save / Discard / Cancel) while its document has unsaved changes, and a Discard forgets the
    recovery copy. The scene has `app`, `doc`, `recovery`, `save(then)` and words what is unsaved
    (`unsaved_words`)."""

    discarded = False  # Discard was chosen: leave or quit without asking again
    app: Any
    doc: Any
    recovery: Any

    def unsaved_words(self) -> str:
        raise NotImplementedError

    def save(self, then=None) -> None:
        raise NotImplementedError

    def unsaved(self) -> str | None:
        return None if self.discarded or not self.doc.dirty else self.unsaved_words()

    def save_before_quit(self, then) -> None:
        self.save(then)

    def discard_unsaved(self) -> None:
        self.discarded = True
        self.recovery.discard()

    def leave(self) -> None:
        leave_or_ask(self.app, self.unsaved(), self.save, self.discard_unsaved)


def quit_question(app, scene: Scene) -> dict:
    """The question the window's close button asks over `scene`, which has unsaved work: Save
    (then quit), Discard (then quit) or Cancel. Quitting goes through the app again, so the next
    scene down with unsaved work asks in turn."""
    from game.client.input import Intent

    def quit_again() -> None:
        app.dispatch(Intent("quit"))

    def discard() -> None:
        scene.discard_unsaved()
        quit_again()

    return {
        "title": _("Quit with unsaved changes?"),
        "message": scene.unsaved() or "",
        "buttons": [
            (_("Save"), lambda _text: scene.save_before_quit(quit_again)),
            (_("Discard"), lambda _text: discard()),
            (_("Cancel"), None),
        ],
    }


class WorkshopPromptScene(Scene):
    name = "workshop_prompt"
    opaque = False
    raw_keys = True

    def __init__(
        self,
        app,
        title: str = "",
        buttons=(),
        message: str = "",
        text: str | None = None,
        quit_for: Scene | None = None,
    ):
        """A question with `buttons` [(label, callback(text) or None)]; or, with `quit_for`, the
        close button's question over that scene (`quit_question`)."""
        super().__init__(app)
        self.asks_quit = quit_for is not None  # a second click on the close button waits for this answer
        if quit_for is not None:
            question = quit_question(app, quit_for)
            title, message, buttons = question["title"], question["message"], question["buttons"]
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
