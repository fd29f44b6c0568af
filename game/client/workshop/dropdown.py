"""The list a choice row of the side panel opens: its choices in words, one lit, picked with a
click or Up/Down and Enter; Esc or a click outside closes it and changes nothing. A long list
(cards, more than a screenful) takes typed text as a filter. A portrait row opens a grid of
portrait previews instead (`PortraitGrid`), picked the same way (the arrows move in the grid).

`DropDowns` is the side panel's part that opens, drives and closes them; the pick is applied as
one edit (`forms.apply`), and only when it differs from the value.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.client import theme
from game.client.widgets import draw_text, fit_text, panel
from game.workshop import forms
from game.workshop.model import Document

ITEM_H = 26
MAX_SHOWN = 12  # items shown at once; more scroll (the wheel, the arrows, typing filters)
FILTER_FROM = 10  # lists this long take typed text as a filter
SCREEN = pygame.Rect(0, 0, 1280, 720)


class Menu:
    """An open list of (value, words) under (or above) `anchor`, the row's value box."""

    def __init__(self, options: list[tuple[object, str]], current, anchor: pygame.Rect, width: int = 300):
        self.options = options
        self.query = ""
        self.filtered = list(options)
        self.focus = next((i for i, (value, _) in enumerate(options) if value == current), 0)
        self.current = current
        self.scroll = 0
        self.anchor = pygame.Rect(anchor)
        self.width = max(width, anchor.width)
        self.reveal()

    @property
    def filters(self) -> bool:
        return len(self.options) >= FILTER_FROM

    def shown(self) -> int:
        return min(MAX_SHOWN, len(self.filtered))

    def rect(self) -> pygame.Rect:
        head = ITEM_H if self.filters else 0
        height = head + max(1, self.shown()) * ITEM_H + 8
        x = min(self.anchor.right - self.width, SCREEN.right - self.width - 4)
        y = self.anchor.bottom + 2
        if y + height > SCREEN.bottom - 4:  # no room below: open above the row
            y = max(4, self.anchor.y - 2 - height)
        return pygame.Rect(max(4, x), y, self.width, height)

    def item_rect(self, index: int) -> pygame.Rect:
        box = self.rect()
        head = ITEM_H if self.filters else 0
        return pygame.Rect(box.x + 4, box.y + 4 + head + (index - self.scroll) * ITEM_H, box.width - 8, ITEM_H - 2)

    def item_at(self, pos) -> int | None:
        for index in range(self.scroll, self.scroll + self.shown()):
            if self.item_rect(index).collidepoint(pos):
                return index
        return None

    def reveal(self) -> None:
        if self.focus < self.scroll:
            self.scroll = self.focus
        elif self.focus >= self.scroll + MAX_SHOWN:
            self.scroll = self.focus - MAX_SHOWN + 1
        self.scroll = max(0, min(self.scroll, max(0, len(self.filtered) - MAX_SHOWN)))

    def move(self, delta: int) -> None:
        if self.filtered:
            self.focus = max(0, min(len(self.filtered) - 1, self.focus + delta))
            self.reveal()

    def type_text(self, text: str) -> None:
        if self.filters:
            self.set_query(self.query + text)

    def backspace(self) -> None:
        if self.filters:
            self.set_query(self.query[:-1])

    def set_query(self, query: str) -> None:
        self.query = query
        words = query.lower().split()
        self.filtered = [o for o in self.options if all(word in o[1].lower() for word in words)]
        self.focus, self.scroll = 0, 0

    def wheel(self, amount: int) -> None:
        self.scroll = max(0, min(self.scroll - amount, max(0, len(self.filtered) - MAX_SHOWN)))

    def chosen(self):
        """The focused option's value (None: the filter left nothing)."""
        return self.filtered[self.focus][0] if self.filtered else None

    def draw(self, surface: pygame.Surface, hover=None) -> None:
        box = self.rect()
        panel(surface, box.inflate(4, 4), theme.BACKGROUND_2, theme.ACCENT, radius=8, width=2)
        if self.filters:
            line = self.query + "|" if self.query else _("Type to filter")
            colour = theme.TEXT if self.query else theme.TEXT_DIM
            draw_text(surface, line, (box.x + 12, box.y + 4 + ITEM_H // 2), 14, colour, anchor="midleft")
        if not self.filtered:
            draw_text(
                surface,
                _("Nothing matches"),
                (box.x + 12, self.item_rect(0).centery),
                14,
                theme.TEXT_DIM,
                anchor="midleft",
            )
        under = self.item_at(hover) if hover is not None else None
        for index in range(self.scroll, self.scroll + self.shown()):
            value, words = self.filtered[index]
            rect = self.item_rect(index)
            if index == self.focus or index == under:
                pygame.draw.rect(
                    surface, theme.ACCENT_DARK if index == self.focus else theme.PANEL_LIGHT, rect, border_radius=5
                )
            mark = "• " if value == self.current else "  "
            text = mark + words
            draw_text(
                surface,
                text,
                (rect.x + 8, rect.centery),
                fit_text(text, 15, rect.width - 16),
                theme.TEXT,
                anchor="midleft",
            )
        if len(self.filtered) > MAX_SHOWN:
            top = self.item_rect(self.scroll).y
            bar = self.shown() * ITEM_H
            y = top + bar * self.scroll // len(self.filtered)
            pygame.draw.rect(surface, theme.PANEL_BORDER, (box.right - 6, y, 3, bar * MAX_SHOWN // len(self.filtered)))


TILE = 76  # a portrait preview
COLUMNS = 6
NAME_H = 18


class PortraitGrid(Menu):
    """The portraits to choose from as previews with their names, opened left of the panel."""

    def __init__(self, options: list[tuple[object, str]], current, anchor: pygame.Rect, speaker: str = ""):
        super().__init__(options, current, anchor)
        self.speaker = speaker

    @property
    def filters(self) -> bool:
        return False

    def shown(self) -> int:
        return len(self.filtered)

    def rect(self) -> pygame.Rect:
        rows = max(1, -(-len(self.options) // COLUMNS))
        width = COLUMNS * (TILE + 10) + 14
        height = 34 + rows * (TILE + NAME_H + 8) + 6
        y = max(4, min(self.anchor.y - height // 2, SCREEN.bottom - height - 4))
        return pygame.Rect(self.anchor.x - width - 12, y, width, height)

    def item_rect(self, index: int) -> pygame.Rect:
        box = self.rect()
        row, column = divmod(index, COLUMNS)
        return pygame.Rect(
            box.x + 10 + column * (TILE + 10), box.y + 32 + row * (TILE + NAME_H + 8), TILE, TILE + NAME_H
        )

    def reveal(self) -> None:
        self.scroll = 0

    def move(self, delta: int) -> None:
        """Left/Right move by one, Up/Down by a row (the panel passes -COLUMNS and COLUMNS)."""
        if 0 <= self.focus + delta < len(self.filtered):
            self.focus += delta

    def draw(self, surface: pygame.Surface, hover=None) -> None:
        from game.client.portraits import portrait

        box = self.rect()
        panel(surface, box.inflate(4, 4), theme.BACKGROUND_2, theme.ACCENT, radius=8, width=2)
        draw_text(surface, _("Choose a portrait"), (box.x + 12, box.y + 8), 16, theme.ACCENT, bold=True)
        under = self.item_at(hover) if hover is not None else None
        for index, (value, words) in enumerate(self.filtered):
            rect = self.item_rect(index)
            if index == self.focus or index == under:
                pygame.draw.rect(
                    surface,
                    theme.ACCENT_DARK if index == self.focus else theme.PANEL_LIGHT,
                    rect.inflate(6, 4),
                    border_radius=6,
                )
            if value is None:
                pygame.draw.rect(surface, theme.PANEL, (rect.x, rect.y, TILE, TILE), border_radius=8)
                draw_text(surface, _("none"), (rect.centerx, rect.y + TILE // 2), 15, theme.TEXT_DIM, anchor="center")
            else:
                surface.blit(portrait(str(value), self.speaker or str(value), TILE), rect.topleft)
            if value == self.current:
                pygame.draw.rect(surface, theme.GOOD, (rect.x, rect.y, TILE, TILE), 3, border_radius=8)
            draw_text(
                surface,
                words,
                (rect.centerx, rect.y + TILE + NAME_H // 2 + 1),
                fit_text(words, 13, TILE + 6),
                theme.TEXT,
                anchor="center",
            )


class DropDowns:
    """The side panel's open list (RowPanel inherits it): `rows`, `rect`, `value_rect` and
    `current` are the panel's."""

    menu: Menu | None
    menu_row: forms.Row | None
    mouse: tuple[int, int]
    rect: pygame.Rect
    rows: list

    def current(self, doc: Document, row: forms.Row):
        raise NotImplementedError

    def value_rect(self, index: int) -> pygame.Rect:
        raise NotImplementedError

    def open_menu(self, doc: Document, index: int) -> None:
        """Open the list of choice row `index` (its value lit); nothing changes until a pick."""
        row = self.rows[index]
        value = self.current(doc, row)
        value = row.default if value is None else value
        options = [(choice, forms.words_of(row, choice)) for choice in row.choices]
        box = self.value_rect(index)
        # Out to the panel's edge, so the list covers the x marks of the rows under it.
        anchor = pygame.Rect(box.x, box.y, self.rect.right - 6 - box.x, box.height)
        if row.picker == "portrait":
            speaker = str(row.extra.get("speaker", ""))
            self.menu = PortraitGrid([(None, "none")] + options, value, self.rect, speaker)
            self.menu.anchor = pygame.Rect(self.rect.x, anchor.y, 1, anchor.height)
        else:
            width = 340 if row.picker == "card" else max(280, anchor.width)
            self.menu = Menu(options, value, anchor, width)
        self.menu_row = row

    def close_menu(self) -> None:
        self.menu = self.menu_row = None

    def pick(self, doc: Document) -> None:
        """Apply the lit choice as one edit (unless it is the value already) and close the list."""
        menu, row = self.menu, self.menu_row
        self.close_menu()
        if menu is None or row is None or not menu.filtered:
            return
        value = menu.chosen()
        if value != self.current(doc, row):  # the value it has already: no edit
            forms.apply(doc, row, value)

    def menu_press(self, doc: Document, pos) -> None:
        assert self.menu is not None
        index = self.menu.item_at(pos)
        if index is None:
            if not self.menu.rect().collidepoint(pos):
                self.close_menu()  # a click outside: nothing changes
            return
        self.menu.focus = index
        self.pick(doc)

    def menu_intent(self, doc: Document, intent) -> bool:
        """The open list takes every input (True) until it closes: arrows, Enter, Esc, typing,
        clicks and the wheel."""
        if self.menu is None:
            return False
        if intent.kind in ("release", "resize"):
            return False
        if intent.kind not in ("press", "move", "wheel", "text", "key") and not (
            intent.kind == "action" and intent.name == "back"
        ):
            self.close_menu()  # anything else (closing the window, a reload) goes on as usual
            return False
        grid = isinstance(self.menu, PortraitGrid)
        if intent.kind == "press":
            self.menu_press(doc, intent.pos)
        elif intent.kind == "move":
            self.mouse = intent.pos
        elif intent.kind == "wheel":
            self.menu.wheel(intent.value)
        elif intent.kind == "text":
            self.menu.type_text(intent.value)
        elif intent.kind == "action" and intent.name == "back":
            self.close_menu()
        elif intent.kind == "key":
            name = intent.name
            steps = {"up": -COLUMNS if grid else -1, "down": COLUMNS if grid else 1, "page up": -10, "page down": 10}
            if grid:
                steps.update({"left": -1, "right": 1})
            if name in steps:
                self.menu.move(steps[name])
            elif name in ("return", "enter", "keypad enter"):
                self.pick(doc)
            elif name == "escape":
                self.close_menu()
            elif name == "backspace":
                self.menu.backspace()
        return True

    def draw_menu(self, surface: pygame.Surface) -> None:
        """The open list, over everything else (the scene draws it last)."""
        if self.menu is not None:
            self.menu.draw(surface, self.mouse)
