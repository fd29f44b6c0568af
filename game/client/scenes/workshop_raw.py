"""The raw editor: a level file that is not valid JSON (a missing comma, a stray bracket) opened
as its text, to fix by hand. The error (the same sentence `levels validate` prints, with its line
and column) is checked again after every key; Ctrl+S writes the text atomically (the broken file
stays as it was until then); once the saved text reads as a level, the normal editor takes over.

The text and its edits are game/workshop/raw_text.py's; this scene draws them and maps keys.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.i18n import _
from game.client import resources, theme
from game.client.scene import Scene
from game.client.scenes.workshop_prompt import leave_or_ask
from game.client.widgets import Button, draw_text, hover_buttons, panel, press_buttons, vertical_gradient
from game.client.workshop import keys
from game.client.workshop.panel import draw_notice
from game.rules.safe_json import read_text_file
from game.workshop import io
from game.workshop.raw_text import Check, RawText, check

TEXT_RECT = pygame.Rect(20, 132, 1240, 560)
GUTTER = 58  # the line numbers' column
LINE_SIZE = 16


class WorkshopRawScene(Scene):
    name = "workshop_raw"
    raw_keys = True  # every key and typed text (game/client/workshop/keys.py)

    def __init__(self, app, path: str | Path):
        super().__init__(app)
        self.path = Path(path)
        self.raw = RawText(read_text_file(self.path))  # the front page opens only files it could read
        self.top_row = 0
        self.left = 0  # pixels of the lines scrolled out on the left (a long line, the cursor at its end)
        self.discarded = False
        self.notice, self.notice_ms = "", 0.0
        self._checked: tuple[int, Check] | None = None
        found = self.check()
        if found.line:
            self.raw.go(found.line - 1, found.column - 1)  # the cursor where the error is
        labels = [(_("Back"), self.leave), (_("Save Ctrl+S"), self.save)]  # no language switch reaches here
        widths = [70, 120]
        self.buttons, x = [], 1268 - sum(widths) - 6 * (len(widths) - 1)
        for (label, action), width in zip(labels, widths):
            self.buttons.append(Button(pygame.Rect(x, 8, width, 34), label, action, size=16))
            x += width + 6
        self.background = vertical_gradient((theme.WIDTH, theme.HEIGHT), (28, 32, 48), (16, 18, 28))

    def on_enter(self) -> None:
        keys.install(self.app)

    # ------------------------------------------------------------------ state

    def check(self) -> Check:
        if self._checked is None or self._checked[0] != self.raw.version:
            self._checked = (self.raw.version, check(self.raw.text, str(self.path)))
        return self._checked[1]

    def say(self, text: str) -> None:
        self.notice, self.notice_ms = text, 3000.0

    @property
    def line_height(self) -> int:
        return resources.font(LINE_SIZE).get_linesize() + 2

    @property
    def rows_shown(self) -> int:
        return max(1, TEXT_RECT.height // self.line_height)

    def reveal_cursor(self) -> None:
        if self.raw.row < self.top_row:
            self.top_row = self.raw.row
        elif self.raw.row >= self.top_row + self.rows_shown:
            self.top_row = self.raw.row - self.rows_shown + 1
        x = resources.font(LINE_SIZE).size(self.raw.lines[self.raw.row][: self.raw.column])[0]
        room = TEXT_RECT.width - GUTTER - 24
        if x - self.left > room:
            self.left = x - room + room // 3
        elif x < self.left:
            self.left = max(0, x - room // 3)

    # ------------------------------------------------------------------ saving and leaving

    def save(self, then=None) -> None:
        """Write the text as it is (atomically: a crash leaves the old file or the new one); a
        text that reads as a level then opens in the normal editor."""
        try:
            io.write_atomic(self.path, self.raw.text)
        except io.WorkshopFileError as error:
            self.say(str(error))
            return
        self.raw.mark_saved()
        if then is not None:
            then()
            return
        if not self.check().ok:
            self.say(_("Saved {file}; it still has an error to fix").format(file=self.path.name))
            return
        app, path = self.app, self.path
        app.pop()
        try:
            app.push("workshop_campaign" if self.check().campaign else "workshop_editor", path=path)
        except io.WorkshopFileError as error:  # changed again between the save and here
            app.push("workshop_raw", path=path)
            app.top.say(str(error))

    def unsaved(self) -> str | None:
        if self.discarded or not self.raw.dirty:
            return None
        return _("{file} has changes that are not saved.").format(file=self.path.name)

    def save_before_quit(self, then) -> None:
        self.save(then)

    def discard_unsaved(self) -> None:
        self.discarded = True

    def leave(self) -> None:
        leave_or_ask(self.app, self.unsaved(), self.save, self.discard_unsaved)

    # ------------------------------------------------------------------ input

    def handle(self, intent) -> None:
        if intent.kind == "move":
            hover_buttons(self.buttons, intent.pos)
        elif intent.kind == "press" and intent.button == 1:
            if not press_buttons(self.buttons, intent.pos, lambda: self.app.play_sound("click")):
                self.click_text(intent.pos)
        elif intent.kind == "wheel":
            self.top_row = max(0, min(len(self.raw.lines) - 1, self.top_row - 3 * intent.value))
        elif intent.kind == "text":
            self.raw.insert(intent.value)
            self.reveal_cursor()
        elif intent.kind == "key":
            self.key(intent)
        elif intent.kind == "action" and intent.name == "back":
            self.leave()

    def key(self, intent) -> None:
        name = intent.name
        if keys.ctrl(intent):
            if name == "s":
                self.save()
            elif name in ("home", "end"):
                self.raw.go(0 if name == "home" else len(self.raw.lines) - 1, 0)
            elif name == "e":  # to the error
                found = self.check()
                if found.line:
                    self.raw.go(found.line - 1, found.column - 1)
        elif name in ("return", "enter"):
            self.raw.newline()
        elif name == "backspace":
            self.raw.backspace()
        elif name == "delete":
            self.raw.delete()
        elif name == "tab":
            self.raw.insert("  ")
        else:
            self.raw.move(name, self.rows_shown - 1)
        self.reveal_cursor()

    def click_text(self, pos) -> None:
        if not TEXT_RECT.collidepoint(pos):
            return
        row = self.top_row + (pos[1] - TEXT_RECT.y) // self.line_height
        if row >= len(self.raw.lines):
            self.raw.go(len(self.raw.lines) - 1, len(self.raw.lines[-1]))
            return
        line, font, x = self.raw.lines[row], resources.font(LINE_SIZE), pos[0] - TEXT_RECT.x - GUTTER + self.left
        column = 0
        while column < len(line) and font.size(line[: column + 1])[0] <= x + font.size(line[column])[0] // 2:
            column += 1
        self.raw.go(row, column)

    def update(self, dt_ms: float) -> None:
        self.notice_ms = max(0.0, self.notice_ms - dt_ms)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        draw_text(surface, _("Fix the file's text"), (12, 4), 20, theme.ACCENT, bold=True)
        detail = _("{file}  ·  unsaved").format(file=self.path.name) if self.raw.dirty else self.path.name
        draw_text(surface, detail, (12, 29), 14, theme.TEXT_DIM)
        for button in self.buttons:
            button.draw(surface)
        found = self.check()
        box = pygame.Rect(20, 56, 1240, 68)
        panel(surface, box, theme.PANEL, theme.GOOD if found.ok else theme.BAD, radius=10, width=2)
        if found.ok:
            if found.campaign:
                first = _("The text reads as a campaign now")
                second = _("Ctrl+S saves it and opens it in the campaign structure")
            else:
                first = _("The text reads as a level now")
                second = _("Ctrl+S saves it and opens it in the level editor")
        else:
            # The reader's own words (Python's JSON reader: English) after the place in the file.
            first = (
                _("Line {line}, column {column}: {error}").format(
                    line=found.line, column=found.column, error=found.message.split(": ", 1)[-1]
                )
                if found.line
                else found.message
            )
            second = _(
                "Fix it here and press Ctrl+S (Ctrl+E goes to the error). The file on disk changes only when you save."
            )
        draw_text(surface, first, (box.x + 14, box.y + 10), 18, theme.TEXT, bold=True, width=box.width - 28, box=box)
        draw_text(surface, second, (box.x + 14, box.y + 40), 15, theme.TEXT_DIM, width=box.width - 28, box=box)
        self.draw_lines(surface, found)
        if self.notice_ms > 0:
            draw_notice(surface, self.notice)

    def draw_lines(self, surface: pygame.Surface, found: Check) -> None:
        pygame.draw.rect(surface, theme.BACKGROUND_2, TEXT_RECT, border_radius=6)
        font, height = resources.font(LINE_SIZE), self.line_height
        clip = surface.get_clip()
        inner = TEXT_RECT.inflate(-4, -4)
        text_clip = pygame.Rect(
            TEXT_RECT.x + GUTTER - 4, inner.y, inner.right - (TEXT_RECT.x + GUTTER - 4), inner.height
        )
        surface.set_clip(inner)
        for index in range(self.rows_shown):
            row = self.top_row + index
            if row >= len(self.raw.lines):
                break
            y = TEXT_RECT.y + 2 + index * height
            if not found.ok and row == found.line - 1:
                pygame.draw.rect(surface, (70, 30, 36), (TEXT_RECT.x + 2, y, TEXT_RECT.width - 4, height))
            draw_text(
                surface, str(row + 1), (TEXT_RECT.x + GUTTER - 12, y), LINE_SIZE - 2, theme.TEXT_DIM, anchor="topright"
            )
            line = self.raw.lines[row]
            surface.set_clip(text_clip)
            if line:
                surface.blit(font.render(line, True, theme.TEXT), (TEXT_RECT.x + GUTTER - self.left, y))
            if row == self.raw.row:
                x = TEXT_RECT.x + GUTTER - self.left + font.size(line[: self.raw.column])[0]
                pygame.draw.line(surface, theme.ACCENT, (x, y + 1), (x, y + height - 2), 2)
            surface.set_clip(inner)
        surface.set_clip(clip)
