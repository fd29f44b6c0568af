"""Small drawing helpers and widgets: cached text, panels, buttons, option rows."""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.client import theme
from game.client.input import Intent
from game.client.line_breaking import needs_units, units, wrap_units
from game.client.resources import font, text_scale

_TEXT_CACHE: OrderedDict = OrderedDict()
_TEXT_CACHE_SIZE = 1500
# What the font renderer cannot take: control characters (a NUL raises) and lone surrogates.
_UNDRAWABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


MAX_DRAWN_CHARACTERS = 2000  # no line on a 1280-pixel canvas holds more


def drawable(text) -> str:
    """`text` as something the font renderer always accepts: a non-string becomes its str(), and
    control characters and lone surrogates become U+FFFD. Validation keeps them out of the game's
    data; this keeps a string from anywhere else (a save, a protocol line) from crashing a frame."""
    text = text if isinstance(text, str) else str(text)
    return _UNDRAWABLE.sub("\ufffd", text[:MAX_DRAWN_CHARACTERS])


def text_surface(text: str, size: int, colour=theme.TEXT, bold: bool = False) -> pygame.Surface:
    text = drawable(text)
    key = (text, size, tuple(colour), bold, text_scale())
    surface = _TEXT_CACHE.get(key)
    if surface is None:
        face = font(size, bold)
        try:
            surface = face.render(text, True, colour)
        except pygame.error:  # nothing visible to draw ("\u200b"), or too wide for one surface
            surface = pygame.Surface((0, face.get_linesize()), pygame.SRCALPHA)
        _TEXT_CACHE[key] = surface
        if len(_TEXT_CACHE) > _TEXT_CACHE_SIZE:
            _TEXT_CACHE.popitem(last=False)
    else:
        _TEXT_CACHE.move_to_end(key)
    return surface


# When a list (tests' layout checks: `recording_texts()`), every text drawn adds (text, rect,
# box): box is the rect the caller said the text must stay in, or None.
_DRAWN: list | None = None


class recording_texts:
    """`with recording_texts() as drawn:` collects (text, rect, box) of every text drawn inside."""

    def __enter__(self) -> list:
        global _DRAWN
        _DRAWN = []
        return _DRAWN

    def __exit__(self, *exc) -> None:
        global _DRAWN
        _DRAWN = None


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos,
    size: int = 20,
    colour=theme.TEXT,
    bold: bool = False,
    anchor: str = "topleft",
    shadow: bool = False,
    width: int | None = None,
    box=None,
) -> pygame.Rect:
    """Draw `text`; with `width`, at the largest size <= `size` that fits that many pixels (at
    any text size setting). `box`: the rect the text belongs in, for the layout checks."""
    if width is not None:
        size = fit_text(text, size, width, bold)
    image = text_surface(text, size, colour, bold)
    rect = image.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    if shadow:
        surface.blit(text_surface(text, size, (0, 0, 0), bold), rect.move(2, 2))
    surface.blit(image, rect)
    if _DRAWN is not None and image.get_width() > 0:
        _DRAWN.append((drawable(text), rect, pygame.Rect(box) if box is not None else None))
    return rect


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    face = font(size, bold)
    lines: list[str] = []
    paragraphs = str(text).replace("\r\n", "\n").split("\n")  # newlines break lines; other controls go
    for paragraph in map(drawable, paragraphs):
        if needs_units(paragraph):  # Chinese or Thai: breaks between characters or words
            lines.extend(wrap_units(units(paragraph), lambda trial: face.size(trial)[0] <= width))
            continue
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if face.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_text(text: str, size: int, width: int, bold: bool = False, minimum: int = 9) -> int:
    """The largest font size <= size at which `text` fits in `width` pixels."""
    text = drawable(text)
    while size > minimum and font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def panel(
    surface: pygame.Surface,
    rect,
    colour=theme.PANEL,
    border=theme.PANEL_BORDER,
    radius: int = 12,
    width: int = 2,
    alpha: int | None = None,
) -> None:
    rect = pygame.Rect(rect)
    if alpha is not None:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*colour[:3], alpha), layer.get_rect(), border_radius=radius)
        surface.blit(layer, rect)
    else:
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None and width:
        pygame.draw.rect(surface, border, rect, width, border_radius=radius)


def vertical_gradient(size, top, bottom) -> pygame.Surface:
    width, height = size
    surface = pygame.Surface((width, height))
    for y in range(height):
        t = y / max(1, height - 1)
        colour = [int(a + (b - a) * t) for a, b in zip(top, bottom)]
        pygame.draw.line(surface, colour, (0, y), (width, y))
    return surface


_SHADES: dict = {}


def shade(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (the layer is made once per size and strength)."""
    key = (surface.get_size(), alpha // 10)
    layer = _SHADES.get(key)
    if layer is None:
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        layer.fill((8, 10, 16, alpha // 10 * 10))
        _SHADES[key] = layer
    surface.blit(layer, (0, 0))


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], None] | None = None
    enabled: bool = True
    note: str = ""  # small text under the label (e.g. "coming soon")
    size: int = 24
    hovered: bool = False
    focused: bool = False
    primary: bool = False

    def draw(self, surface: pygame.Surface) -> None:
        lit = self.enabled and (self.hovered or self.focused)
        if not self.enabled:
            colour, border, text_colour = theme.PANEL, theme.DISABLED, theme.DISABLED
        elif self.primary:
            colour = theme.ACCENT if lit else theme.ACCENT_DARK
            border, text_colour = theme.ACCENT, theme.TEXT_DARK if lit else theme.TEXT
        else:
            colour = theme.PANEL_LIGHT if lit else theme.PANEL
            border, text_colour = (theme.ACCENT if lit else theme.PANEL_BORDER), theme.TEXT
        shadow = self.rect.move(0, 4)
        pygame.draw.rect(surface, (10, 12, 18), shadow, border_radius=12)
        pygame.draw.rect(surface, colour, self.rect, border_radius=12)
        pygame.draw.rect(surface, border, self.rect, 2, border_radius=12)
        room = self.rect.width - 16  # the label shrinks to its button at a large text size
        if self.note:
            draw_text(
                surface,
                self.label,
                (self.rect.centerx, self.rect.centery - 9),
                self.size,
                text_colour,
                bold=True,
                anchor="center",
                width=room,
                box=self.rect,
            )
            draw_text(
                surface,
                self.note,
                (self.rect.centerx, self.rect.centery + 15),
                14,
                theme.TEXT_DIM,
                anchor="center",
                width=room,
                box=self.rect,
            )
        else:
            draw_text(
                surface,
                self.label,
                self.rect.center,
                self.size,
                text_colour,
                bold=True,
                anchor="center",
                width=room,
                box=self.rect,
            )

    def hit(self, pos) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


@dataclass
class OptionRow:
    """A label with a value chosen from `choices` by clicking the arrows (or left/right keys)."""

    label: str
    choices: list
    index: int = 0
    format: Callable[[object], str] = str
    on_change: Callable[[object], None] | None = None
    enabled: Callable[[], bool] = field(default=lambda: True)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    focused: bool = False

    @property
    def value(self):
        return self.choices[self.index]

    def step(self, delta: int) -> None:
        if not self.enabled() or not self.choices:
            return
        self.index = (self.index + delta) % len(self.choices)
        if self.on_change:
            self.on_change(self.value)

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        left = pygame.Rect(self.rect.right - 330, self.rect.y + 6, 40, self.rect.height - 12)
        right = pygame.Rect(self.rect.right - 50, self.rect.y + 6, 40, self.rect.height - 12)
        return left, right

    def click(self, pos) -> bool:
        left, right = self.arrows()
        if left.collidepoint(pos):
            self.step(-1)
            return True
        if right.collidepoint(pos) or self.rect.collidepoint(pos):
            self.step(1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        enabled = self.enabled()
        colour = theme.PANEL_LIGHT if self.focused else theme.PANEL
        panel(surface, self.rect, colour, theme.ACCENT if self.focused else theme.PANEL_BORDER, radius=10)
        text_colour = theme.TEXT if enabled else theme.DISABLED
        left, right = self.arrows()
        draw_text(
            surface,
            self.label,
            (self.rect.x + 20, self.rect.centery),
            22,
            text_colour,
            anchor="midleft",
            width=left.x - self.rect.x - 30,
            box=self.rect,
        )
        for rect, glyph in ((left, "<"), (right, ">")):
            pygame.draw.rect(surface, theme.BACKGROUND_2, rect, border_radius=8)
            draw_text(
                surface,
                glyph,
                rect.center,
                22,
                theme.ACCENT if enabled else theme.DISABLED,
                bold=True,
                anchor="center",
                box=self.rect,
            )
        middle = (left.right + right.left) // 2
        draw_text(
            surface,
            self.format(self.value) if enabled else "-",
            (middle, self.rect.centery),
            22,
            theme.ACCENT if enabled else theme.DISABLED,
            bold=True,
            anchor="center",
            width=right.x - left.right - 12,
            box=self.rect,
        )


class Tabs:
    """A row of tabs across `rect`, one chosen (`index`): drawn like buttons, the chosen one lit."""

    def __init__(self, rect: pygame.Rect, labels: list[str], gap: int = 8):
        self.labels = labels
        self.index = 0
        self.hovered: int | None = None
        width = (rect.width - gap * (len(labels) - 1)) // len(labels)
        self.rects = [pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.height) for i in range(len(labels))]

    def at(self, pos) -> int | None:
        return next((i for i, rect in enumerate(self.rects) if rect.collidepoint(pos)), None)

    def hover(self, pos) -> None:
        self.hovered = self.at(pos)

    def draw(self, surface: pygame.Surface) -> None:
        for index, (label, rect) in enumerate(zip(self.labels, self.rects)):
            chosen = index == self.index
            lit = chosen or index == self.hovered
            colour = theme.ACCENT_DARK if chosen else theme.PANEL_LIGHT if lit else theme.PANEL
            panel(surface, rect, colour, theme.ACCENT if lit else theme.PANEL_BORDER, radius=10)
            draw_text(
                surface,
                label,
                rect.center,
                22,
                theme.TEXT,
                bold=chosen,
                anchor="center",
                width=rect.width - 16,
                box=rect,
            )


_BACKDROP: dict = {}


def backdrop() -> pygame.Surface:
    """The menu background: a deep gradient with soft diamonds (made once)."""
    surface = _BACKDROP.get("menu")
    if surface is None:
        import math
        import random

        surface = vertical_gradient((theme.WIDTH, theme.HEIGHT), (34, 40, 66), (14, 16, 26))
        layer = pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
        rng = random.Random(7)
        for _ in range(26):
            x, y = rng.randrange(theme.WIDTH), rng.randrange(theme.HEIGHT)
            r = rng.randrange(20, 90)
            colour = rng.choice([(240, 190, 80, 18), (90, 160, 255, 20), (206, 74, 70, 16), (84, 178, 96, 16)])
            pygame.draw.polygon(layer, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
        for i in range(60):
            angle = i * 0.7
            x = theme.WIDTH / 2 + math.cos(angle) * (200 + i * 9)
            y = theme.HEIGHT / 2 + math.sin(angle) * (120 + i * 5)
            pygame.draw.circle(layer, (255, 255, 255, 20), (x, y), 2)
        surface.blit(layer, (0, 0))
        _BACKDROP["menu"] = surface
    return surface


def hover_buttons(buttons, pos) -> None:
    """Mark the button under the mouse as hovered (and no other)."""
    for button in buttons:
        button.hovered = button.rect.collidepoint(pos)


def press_buttons(buttons, pos, click_sound=None) -> bool:
    """Click the enabled button at `pos`, if any (with `click_sound()` first); True if one was."""
    for button in buttons:
        if button.hit(pos):
            if click_sound:
                click_sound()
            if button.on_click:
                button.on_click()
            return True
    return False


class ButtonColumn:
    """A vertical menu of buttons driven by the mouse or the keys (title, pause, results)."""

    def __init__(self, buttons: list[Button]):
        self.buttons = buttons
        self.focus = next((i for i, b in enumerate(buttons) if b.enabled), 0)
        self._mark()

    def _mark(self) -> None:
        for index, button in enumerate(self.buttons):
            button.focused = index == self.focus

    def handle(self, intent: Intent, click_sound=None) -> bool:
        if intent.kind == "move":
            hover_buttons(self.buttons, intent.pos)
            for index, button in enumerate(self.buttons):
                if button.hovered and button.enabled:
                    self.focus = index
            self._mark()
            return False
        if intent.kind == "press" and intent.button == 1:
            if press_buttons(self.buttons, intent.pos, click_sound):
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


def fit_line(text: str, size: int, width: int, height: int, bold: bool = False, minimum: int = 9) -> int:
    """The largest font size <= size at which `text` fits `width` pixels and its line `height`:
    for a line whose room is fixed (a slot in a panel), at any text size setting."""
    size = fit_text(text, size, width, bold, minimum)
    while size > minimum and font(size, bold).get_height() > height:
        size -= 1
    return size


def fit_lines(lines, size: int, width: int, height: int, bold: bool = False, minimum: int = 9) -> tuple[int, list[str]]:
    """`lines` wrapped to `width` at the largest size <= size whose wrapped lines, one under
    another a line height apart, take no more than `height`: (that size, the wrapped lines)."""
    while True:
        wrapped = [part for line in lines for part in wrap_text(line, size, width, bold)]
        if size <= minimum or len(wrapped) * font(size, bold).get_height() <= height:
            return size, wrapped
        size -= 1


def draw_fitted(surface, text: str, rect: pygame.Rect, size: int, colour, bold: bool = False) -> pygame.Rect:
    """`text` centred in `rect`, at `size` or smaller so that it fits the rect (a label in a box)."""
    fitted = fit_line(text, size, rect.width, rect.height, bold=bold)
    return draw_text(surface, text, rect.center, fitted, colour, bold=bold, anchor="center", box=rect)
