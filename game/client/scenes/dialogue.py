"""Story lines: a speaker's portrait, name and words in a box over the screen below (the campaign
map, or the level's board). The text types itself out; a click, Enter or Space shows the whole
line, the next one advances; Esc skips the rest. `on_done` runs once the last line is gone.

An optional heading (a chapter's number and title) is drawn large above the box, on the menu
backdrop instead of over the screen below."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.portraits import portrait
from game.client.resources import font
from game.client.scene import Scene
from game.client.widgets import backdrop, draw_text, drawable, panel, shade, text_surface, wrap_text
from game.i18n import _

BOX = pygame.Rect(110, 470, 1060, 232)
PORTRAIT = 176
TEXT_SIZE = 21
LINE_HEIGHT = 29
CHARS_PER_MS = 0.06  # typing speed at animation speed 1 (60 characters a second)


class DialogueScene(Scene):
    opaque = False
    name = "dialogue"

    def __init__(
        self, app, lines, on_done=None, heading: tuple[str, str] | None = None, box: pygame.Rect | None = None
    ):
        super().__init__(app)
        self.box = box if box is not None else BOX  # where the lines show (mid-game gomoku: beside the board)
        self.lines = list(lines)
        self.on_done = on_done
        self.heading = heading  # (small line, big line), e.g. ("Chapter 2", "The Stone Garden")
        self.opaque = heading is not None
        self.index = 0
        self.shown = 0.0  # characters of the current line shown so far
        self.age = 0.0
        self.done = False
        self._wrapped: dict[int, list[str]] = {}

    # ------------------------------------------------------------------ flow

    @property
    def line(self):
        return self.lines[self.index] if self.index < len(self.lines) else None

    @property
    def revealed(self) -> bool:
        line = self.line
        return line is None or self.shown >= len(line.text)

    def advance(self) -> None:
        """Show the whole line, or go on to the next one (the end after the last)."""
        if not self.revealed:
            self.shown = float(len(self.line.text))
            return
        self.index += 1
        self.shown = 0.0
        if self.index >= len(self.lines):
            self.finish()
        else:
            self.app.play_sound("click")

    def finish(self) -> None:
        """Close (every line read, or skipped) and run on_done."""
        if self.done:
            return
        self.done = True
        if self.app.top is self:
            self.app.pop()
        if self.on_done is not None:
            self.on_done()

    def on_enter(self) -> None:
        if not self.lines:  # nothing to say: straight on
            self.finish()

    def handle(self, intent) -> None:
        if intent.kind == "press" and intent.button == 1:
            self.advance()
        elif intent.kind == "action" and intent.name in ("confirm", "end_turn"):
            self.advance()
        elif intent.kind == "action" and intent.name == "back":
            self.finish()

    def update(self, dt_ms: float) -> None:
        self.age += dt_ms
        if self.line is not None and not self.revealed:
            self.shown = min(
                float(len(self.line.text)), self.shown + dt_ms * CHARS_PER_MS * self.app.settings.animation_speed
            )

    # ------------------------------------------------------------------ drawing

    def _lines_of(self, index: int) -> list[str]:
        lines = self._wrapped.get(index)
        if lines is None:
            width = self.box.right - 32 - (self.box.x + PORTRAIT + 48)
            lines = wrap_text(self.lines[index].text, TEXT_SIZE, width)
            self._wrapped[index] = lines
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        line = self.line
        if line is None:
            return
        if self.heading:
            surface.blit(backdrop(), (0, 0))
        else:
            shade(surface, 90)
        if self.heading:
            small, big = self.heading
            draw_text(surface, small.upper(), (theme.WIDTH // 2, 190), 22, theme.TEXT_DIM, bold=True, anchor="center")
            draw_text(surface, big, (theme.WIDTH // 2, 250), 60, theme.ACCENT, bold=True, anchor="center", shadow=True)
            pygame.draw.line(
                surface, theme.ACCENT_DARK, (theme.WIDTH // 2 - 220, 300), (theme.WIDTH // 2 + 220, 300), 2
            )
        shadow = self.box.move(0, 6)
        panel(surface, shadow, (0, 0, 0), None, radius=20, alpha=120)
        panel(surface, self.box, (28, 33, 48), theme.ACCENT_DARK, radius=20, width=3, alpha=246)
        face = pygame.Rect(self.box.x + 24, self.box.y + 28, PORTRAIT, PORTRAIT)
        surface.blit(portrait(line.portrait, line.speaker, PORTRAIT), face)
        x = face.right + 24
        draw_text(surface, line.speaker, (x, self.box.y + 22), 26, theme.ACCENT, bold=True)
        face_font = font(TEXT_SIZE)
        y = self.box.y + 64
        lines = self._lines_of(self.index)
        for text, visible in zip(lines, typed_parts(line.text, lines, int(self.shown))):
            image = text_surface(text, TEXT_SIZE, theme.TEXT)
            if visible == len(text):
                surface.blit(image, (x, y))
            else:
                width = face_font.size(drawable(text[:visible]))[0]
                surface.blit(image, (x, y), pygame.Rect(0, 0, width, image.get_height()))
            y += LINE_HEIGHT
        # Where we are, and what to press.
        if len(self.lines) > 1:
            for dot in range(len(self.lines)):
                centre = (x + 6 + dot * 16, self.box.bottom - 22)
                pygame.draw.circle(surface, theme.ACCENT if dot == self.index else (80, 88, 112), centre, 5)
        if self.revealed:
            bob = int(3 * abs(((self.age / 400) % 2) - 1))
            hint = _("Click or Enter")
            right = self.box.right - 28
            tip = (right, self.box.bottom - 22 + bob)
            pygame.draw.polygon(
                surface, theme.ACCENT, [(tip[0] - 12, tip[1] - 7), (tip[0], tip[1]), (tip[0] - 12, tip[1] + 7)]
            )
            draw_text(surface, hint, (right - 22, self.box.bottom - 22), 15, theme.TEXT_DIM, anchor="midright")
        skip = _("Esc: skip")
        draw_text(surface, skip, (self.box.right - 28, self.box.y + 22), 14, (110, 118, 140), anchor="topright")


def typed_parts(full: str, lines: list[str], shown: int) -> list[int]:
    """How many characters of each wrapped line of `full` show when its first `shown` characters
    have been typed out (lines not reached yet are left out). The wrap removed the spaces it broke
    at, and none where Chinese or Thai breaks between words: counted from the text itself."""
    parts = []
    start = 0  # where the wrapped line begins in `full`
    for text in lines:
        if shown - start <= 0:
            break
        parts.append(min(len(text), shown - start))
        start += len(text)
        while start < len(full) and full[start].isspace():
            start += 1
    return parts
