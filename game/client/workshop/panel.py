"""Drawing and clicking the editor's side panel (rows from `forms`) and its problems list.

A row's value sits on its right half: a number with - and + (the wheel also turns it), a choice
that shows its value in words with a drop-down mark and opens a list on click (a grid of
previews for a portrait, a filtered list for a card: game/client/workshop/dropdown.py; nothing
changes until one is picked), a switch, a text that takes the keyboard when clicked (Enter or a
click elsewhere ends it). An optional value shows its default dimmed and an x that removes it.
A row naming a card shows the card's face while the mouse is over it.
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.widgets import draw_text, fit_text, panel, shade, wrap_text
from game.client.workshop.dropdown import DropDowns, Menu
from game.workshop import forms
from game.workshop.forms import Row
from game.i18n import _, ngettext
from game.workshop.model import Document, describe_path, message_in_words, parse_path

ROW_H = 28


class RowPanel(DropDowns):
    def __init__(self, rect: pygame.Rect):
        self.rect = pygame.Rect(rect)
        self.rows: list[Row] = []
        self.scroll = 0
        self.editing: Row | None = None  # the text row taking the keyboard
        self.buffer = ""
        self.highlight: tuple | None = None  # a JSON path to show (a problem clicked)
        self.menu: Menu | None = None  # the open list of a choice row
        self.menu_row: Row | None = None
        self.mouse = (0, 0)

    # ------------------------------------------------------------------ layout

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(
            self.rect.x + 6, self.rect.y + 6 + (index - self.scroll) * ROW_H, self.rect.width - 12, ROW_H - 2
        )

    def visible(self) -> range:
        count = (self.rect.height - 12) // ROW_H
        return range(self.scroll, min(len(self.rows), self.scroll + count))

    def value_rect(self, index: int) -> pygame.Rect:
        rect = self.row_rect(index)
        return pygame.Rect(rect.x + rect.width * 2 // 5, rect.y + 2, rect.width * 3 // 5 - 28, rect.height - 4)

    def remove_rect(self, index: int) -> pygame.Rect:
        rect = self.row_rect(index)
        return pygame.Rect(rect.right - 24, rect.y + 3, 20, rect.height - 6)

    def index_at(self, pos) -> int | None:
        for index in self.visible():
            if self.row_rect(index).collidepoint(pos):
                return index
        return None

    def find(self, label: str, kind: str | None = None) -> int:
        """The index of the first row with this label (tests and the scripted session use it)."""
        return next(i for i, row in enumerate(self.rows) if row.label == label and (kind is None or row.kind == kind))

    def reveal(self, index: int) -> None:
        count = (self.rect.height - 12) // ROW_H
        if index < self.scroll or index >= self.scroll + count:
            self.scroll = max(0, min(index - 2, len(self.rows) - count))

    # ------------------------------------------------------------------ input

    def click(self, doc: Document, pos, button: int = 1) -> bool:
        """A click in the panel; True when it was on a row."""
        if self.menu is not None:
            self.menu_press(doc, pos)
            return True
        if not self.rect.collidepoint(pos):
            self.finish(doc)
            return False
        index = self.index_at(pos)
        if index is None:
            self.finish(doc)
            return True
        row = self.rows[index]
        if row is not self.editing:
            self.finish(doc)
        if row.remove is not None and self.remove_rect(index).collidepoint(pos):
            row.remove()
            return True
        value = self.current(doc, row)
        if row.optional and value is not None and self.remove_rect(index).collidepoint(pos):
            forms.apply(doc, row, None)
            return True
        if row.kind == "button" and row.action:
            row.action()
        elif row.kind == "bool":
            forms.apply(doc, row, not bool(value if value is not None else row.default))
        elif row.kind == "choice":
            self.open_menu(doc, index)
        elif row.kind == "int":
            box = self.value_rect(index)
            self.nudge(doc, row, -1 if pos[0] < box.centerx else 1)
        elif row.kind == "text":
            self.editing = row
            self.buffer = "" if value is None else str(value)
        return True

    def current(self, doc: Document, row: Row):
        if "value" in row.extra:
            return row.extra["value"]
        return forms.value_of(doc, row)

    def nudge(self, doc: Document, row: Row, delta: int) -> None:
        value = self.current(doc, row)
        step = row.extra.get("step", 1)
        if value is None:
            value = row.default if row.default is not None else row.low
        else:
            value = value + delta * step
        forms.apply(doc, row, max(row.low, min(row.high, value)))

    def wheel(self, doc: Document, pos, amount: int) -> bool:
        if not self.rect.collidepoint(pos):
            return False
        index = self.index_at(pos)
        if index is not None and self.rows[index].kind == "int" and self.value_rect(index).collidepoint(pos):
            self.nudge(doc, self.rows[index], 1 if amount > 0 else -1)
            return True
        count = (self.rect.height - 12) // ROW_H
        self.scroll = max(0, min(self.scroll - amount, max(0, len(self.rows) - count)))
        return True

    def type_text(self, doc: Document, text: str) -> None:
        if self.editing is not None:
            self.buffer += text
            forms.apply(doc, self.editing, self.buffer)

    def backspace(self, doc: Document) -> None:
        if self.editing is not None:
            self.buffer = self.buffer[:-1]
            forms.apply(doc, self.editing, self.buffer if self.buffer or not self.editing.optional else None)

    def finish(self, doc: Document) -> None:
        self.editing = None

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, doc: Document, problem_paths: set[tuple]) -> None:
        panel(surface, self.rect, theme.BACKGROUND_2, theme.PANEL_BORDER, radius=10)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-4, -4))
        for index in self.visible():
            self.draw_row(surface, doc, index, problem_paths)
        surface.set_clip(clip)
        count = (self.rect.height - 12) // ROW_H
        if len(self.rows) > count:
            bar = self.rect.height - 16
            top = self.rect.y + 8 + bar * self.scroll // len(self.rows)
            pygame.draw.rect(surface, theme.PANEL_BORDER, (self.rect.right - 6, top, 3, bar * count // len(self.rows)))

    def hovered_card(self):
        """The card named by the row under the mouse (its face is shown beside the panel)."""
        if self.menu is not None:
            return None
        index = self.index_at(self.mouse)
        if index is None or not self.value_rect(index).collidepoint(self.mouse):
            return None
        return self.rows[index].extra.get("card")

    def draw_card_preview(self, surface: pygame.Surface) -> None:
        card = self.hovered_card()
        if card is None:
            return
        from game.client.cards.card_render import render_card

        face = render_card(card, 150)
        y = max(8, min(self.mouse[1] - face.get_height() // 2, surface.get_height() - face.get_height() - 8))
        surface.blit(face, (self.rect.x - face.get_width() - 10, y))

    def draw_row(self, surface, doc: Document, index: int, problem_paths: set[tuple]) -> None:
        row = self.rows[index]
        rect = self.row_rect(index)
        bad = (
            row.path is not None
            and any(p[: len(row.path)] == row.path for p in problem_paths)
            and row.kind != "heading"
        )
        lit = self.highlight is not None and row.path is not None and self.highlight[: len(row.path)] == row.path
        if lit:
            pygame.draw.rect(surface, (70, 62, 40), rect, border_radius=6)
        x = rect.x + 8 + row.indent * 14
        if row.kind == "heading":
            draw_text(surface, row.label, (x, rect.centery), 16, theme.ACCENT, bold=True, anchor="midleft")
        elif row.kind == "button":
            # A wide button is a listed item (an event, a script action) in words: it opens the builder.
            wide = row.extra.get("wide", False)
            room = rect.width - (x - rect.x) - (30 if row.remove is not None else 4)
            box = pygame.Rect(x, rect.y + 2, room if wide else min(room, 240), rect.height - 4)
            bad = wide and row.path is not None and any(p[: len(row.path)] == row.path for p in problem_paths)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, box, border_radius=6)
            pygame.draw.rect(surface, theme.BAD if bad else theme.PANEL_BORDER, box, 1, border_radius=6)
            label = shorten(row.label, 15, box.width - 20) if wide else row.label
            size = 15 if wide else fit_text(label, 15, box.width - 20)  # a large text size stays in the button
            draw_text(
                surface, label, (box.x + 10, box.centery), size, theme.BAD if bad else theme.TEXT, anchor="midleft"
            )
        elif row.kind == "note":
            text = shorten(row.label, 14, rect.right - x - 8)
            draw_text(surface, text, (x, rect.centery), 14, theme.TEXT_DIM, anchor="midleft")
        else:
            size = fit_text(row.label, 15, self.value_rect(index).x - x - 6)  # clear of its value at any text size
            draw_text(
                surface, row.label, (x, rect.centery), size, theme.BAD if bad else theme.TEXT_DIM, anchor="midleft"
            )
            self.draw_value(surface, doc, index, row, bad)
        if row.remove is not None or (row.optional and self.current(doc, row) is not None and row.kind != "heading"):
            box = self.remove_rect(index)
            draw_text(surface, "x", box.center, 15, theme.BAD, bold=True, anchor="center")

    def draw_value(self, surface, doc: Document, index: int, row: Row, bad: bool) -> None:
        box = self.value_rect(index)
        value = self.current(doc, row)
        absent = value is None
        shown = row.default if absent else value
        editing = row is self.editing
        pygame.draw.rect(surface, theme.PANEL_LIGHT if editing else theme.PANEL, box, border_radius=5)
        pygame.draw.rect(
            surface, theme.BAD if bad else theme.ACCENT if editing else theme.PANEL_BORDER, box, 1, border_radius=5
        )
        colour = theme.TEXT_DIM if absent else theme.TEXT
        if row.kind == "bool":
            # TRANSLATORS: a switch row's value in the workshop's side panel.
            text = _("on") if shown else _("off")
            colour = theme.GOOD if shown and not absent else colour
        elif row.kind == "int":
            draw_text(surface, "-", (box.x + 10, box.centery), 18, theme.ACCENT, bold=True, anchor="center")
            draw_text(surface, "+", (box.right - 10, box.centery), 18, theme.ACCENT, bold=True, anchor="center")
            text = "-" if shown is None else str(shown)
            draw_text(
                surface,
                _("{value} (default)").format(value=text) if absent and shown is not None else text,
                box.center,
                15,
                colour,
                anchor="center",
            )
            return
        elif row.kind == "text":
            text = self.buffer + "|" if editing else ("" if shown is None else str(shown))
        else:
            text = forms.words_of(row, shown) if shown is not None else str(row.extra.get("placeholder", ""))
            if shown is None:
                colour = theme.TEXT_DIM
            open_here = self.menu_row is row
            # The drop-down mark: this value is picked from a list.
            mx, my = box.right - 12, box.centery
            points = (
                [(mx - 5, my - 2), (mx + 5, my - 2), (mx, my + 4)]
                if not open_here
                else [(mx - 5, my + 3), (mx + 5, my + 3), (mx, my - 3)]
            )
            pygame.draw.polygon(surface, theme.ACCENT, points)
            box = pygame.Rect(box.x, box.y, box.width - 18, box.height)
        size = fit_text(text, 15, box.width - 12)
        if row.kind == "text" and size <= 10:  # a long text: its end shows while typing, its start otherwise
            size = 11
            while text and draw_width(text, size) > box.width - 12:
                text = text[1:] if editing else text[:-2]
        draw_text(surface, text, (box.x + 6, box.centery), size, colour, anchor="midleft")


def draw_width(text: str, size: int) -> int:
    from game.client.resources import font

    return font(size).size(text)[0]


def count_words(count: int, word: str) -> str:
    """ "1 problem", "3 problems"."""
    return f"{count} {word}{'s' if count != 1 else ''}"


class ProblemList:
    """The problems of the document (or, when it has none, its warnings): the JSON path in words
    and the sentence; a click selects."""

    def __init__(self, rect: pygame.Rect):
        self.rect = pygame.Rect(rect)
        self.entries: list[tuple[pygame.Rect, tuple]] = []

    def draw(self, surface, doc: Document) -> None:
        problems = doc.problems
        warnings = doc.warnings  # none while there are problems
        border = theme.BAD if problems else theme.ACCENT if warnings else theme.GOOD
        panel(surface, self.rect, theme.BACKGROUND_2, border, radius=10)
        if problems:
            title = ngettext("{count} problem", "{count} problems", len(problems)).format(count=len(problems))
        elif warnings:
            title = ngettext(
                "{count} warning (the level can still be played)",
                "{count} warnings (the level can still be played)",
                len(warnings),
            ).format(count=len(warnings))
        else:
            title = _("No problems: levels validate accepts this level")
        size = fit_text(title, 16, self.rect.width - 24, bold=True)  # a longer language's title shrinks
        draw_text(surface, title, (self.rect.x + 12, self.rect.y + 8), size, border, bold=True)
        y = self.rect.y + 32
        self.entries = []
        for problem in problems or warnings:
            parts = parse_path(problem.path)
            sentence = _("{where}: {problem}").format(
                where=describe_path(parts, translate=True), problem=message_in_words(problem.message)
            )
            lines = wrap_text(sentence, 14, self.rect.width - 24)
            height = 17 * len(lines) + 4
            if y + height > self.rect.bottom - 6:
                draw_text(surface, "...", (self.rect.x + 12, y), 14, theme.TEXT_DIM)
                break
            entry = pygame.Rect(self.rect.x + 6, y - 2, self.rect.width - 12, height)
            self.entries.append((entry, parts))
            for i, line in enumerate(lines):
                draw_text(surface, line, (self.rect.x + 12, y + i * 17), 14, theme.TEXT if i else border)
            y += height + 2

    def hit(self, pos) -> tuple | None:
        return next((parts for rect, parts in self.entries if rect.collidepoint(pos)), None)


TITLE_MIN_SIZE = 15  # smaller than this a title is not read at a glance: it is shortened instead


def draw_title_bar(
    surface: pygame.Surface, title: str, doc, buttons, disabled: tuple[str, ...] = (), detail: str = ""
) -> None:
    """An editor's top lines: its title, shortened with "…" when even a smaller size does not fit
    left of the buttons; under it `detail` (the file's name), marked unsaved while the document is
    dirty; then its buttons, Undo and Redo enabled only with something to undo or redo, and
    `disabled` ones off."""
    fit_toolbar(buttons)
    width = buttons[0].rect.x - 24
    size = fit_text(title, 20, width, bold=True, minimum=TITLE_MIN_SIZE)
    draw_text(
        surface,
        shorten(title, size, width, bold=True),
        (12, 4),
        size,
        theme.ACCENT,
        bold=True,
        box=(0, 0, width + 12, 33),  # a Thai line stands taller than a Latin one
    )
    if doc.dirty:
        detail = _("{file}  ·  unsaved").format(file=detail) if detail else _("unsaved")
    if detail:
        draw_text(surface, shorten(detail, 14, width), (12, 29), 14, theme.TEXT_DIM, box=(0, 26, width + 12, 22))
    # The buttons are relabelled in the language of the moment: compared in that language too.
    off = {_(label) for label in disabled}
    for button in buttons:
        button.enabled = (
            not (button.label == _("Undo") and not doc.undo_stack)
            and not (button.label == _("Redo") and not doc.redo_stack)
            and button.label not in off
        )
        button.draw(surface)


def fit_toolbar(buttons, gap: int = 6) -> None:
    """The top row's buttons, each as wide as its label needs in the language of the moment (at
    least its width as made), lined up from the right end of the last one: a longer word takes
    room from the title, not from its own letters."""
    from game.client.resources import font

    row = [button for button in buttons if button.rect.y == buttons[0].rect.y]  # not a screen's other buttons
    right = row[-1].rect.right
    for button in reversed(row):
        base = button.__dict__.setdefault("base_width", button.rect.width)
        button.rect.width = max(base, font(button.size, True).size(button.label)[0] + 18)
        button.rect.right = right
        right = button.rect.x - gap


def draw_help_box(
    surface: pygame.Surface, box: pygame.Rect, title: str, sections, value_x: int, title_size: int = 32
) -> None:
    """A help overlay: the title, then each (heading, [(keys, what it does)]) section as two
    columns (`value_x` from the box's left), and how to close it."""
    shade(surface, 180)
    panel(surface, box, theme.PANEL, theme.ACCENT, radius=16, width=3)
    draw_text(surface, title, (box.centerx, box.y + 32), title_size, theme.ACCENT, bold=True, anchor="center")
    y = box.y + 70
    for heading, rows in sections:
        draw_text(surface, heading, (box.x + 40, y), 20, theme.ACCENT, bold=True)
        y += 28
        for keys, what in rows:
            draw_text(
                surface, keys, (box.x + 50, y), fit_text(keys, 16, value_x - 60, bold=True), theme.TEXT, bold=True
            )
            draw_text(
                surface,
                what,
                (box.x + value_x, y),
                fit_text(what, 16, box.right - value_x - 40 - box.x),
                theme.TEXT_DIM,
            )
            y += 23
        y += 8
    draw_text(
        surface, _("Any key or click closes this"), (box.centerx, box.bottom - 24), 15, theme.TEXT_DIM, anchor="center"
    )


def shorten(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, cut at a word and ended with "…" when it is wider than `width` pixels at `size`."""
    from game.client.resources import font

    if font(size, bold).size(text)[0] <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        shorter = " ".join(words).rstrip(" ·,:;") + "…"
        if font(size, bold).size(shorter)[0] <= width:
            return shorter
    cut = text
    while cut and font(size, bold).size(cut + "…")[0] > width:
        cut = cut[:-1]
    return cut + "…"


def fitted(text: str, size: int, width: int, bold: bool = False) -> tuple[str, int]:
    """`text` and a size at which it fits `width`: smaller first (not below 10), then cut with "…"
    (a longer language's words stay in their place)."""
    size = fit_text(text, size, width, bold=bold, minimum=10)
    return shorten(text, size, width, bold=bold), size


def draw_notice(surface, text: str) -> None:
    """A workshop screen's short notice ("Saved", "Copied 3 cards"), at the bottom centre."""
    draw_text(surface, text, (theme.WIDTH // 2, theme.HEIGHT - 4), 16, theme.TEXT, anchor="midbottom", shadow=True)
