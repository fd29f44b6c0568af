"""The card picker at the editor's left: a search box (name, id or rules text), filters by cost,
type and keyword, and the matching cards (drag one onto the table, or press H, B or D)."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.client.workshop.panel import fitted
from game.client import theme
from game.client.cards.card_render import render_card
from game.client.widgets import draw_text, fit_text, panel
from game.workshop import catalog
from game.rules.cards.model import KEYWORD_LETTERS, CardType

AREA = pygame.Rect(8, 50, 292, 664)
ROW_H = 24
LIST_TOP = AREA.y + 128
TYPES = (
    (CardType.CREATURE, N_("Creature")),
    (CardType.GREEN, N_("Green")),
    (CardType.RED, N_("Red")),
    (CardType.BLUE, N_("Blue")),
)


class Picker:
    def __init__(self):
        self.query = catalog.Filter()
        self.cards = None
        self.found: list = []
        self.scroll = 0
        self.focus = 0  # the highlighted result (keyboard)
        self.typing = False
        self.hover: int | None = None

    def set_cards(self, cards) -> None:
        if cards is not self.cards:
            self.cards = cards
            self.refresh()

    def refresh(self) -> None:
        self.found = catalog.search(self.cards, self.query)
        self.focus = min(self.focus, max(0, len(self.found) - 1))
        self.scroll = min(self.scroll, max(0, len(self.found) - self.rows_shown()))

    def rows_shown(self) -> int:
        return (AREA.bottom - LIST_TOP - 6) // ROW_H

    @property
    def current(self):
        return self.found[self.focus] if self.found else None

    # ------------------------------------------------------------------ geometry

    def search_rect(self) -> pygame.Rect:
        return pygame.Rect(AREA.x + 8, AREA.y + 8, AREA.width - 16, 28)

    def chips(self) -> list[tuple[pygame.Rect, str, object]]:
        """(rect, filter name, value) of each filter chip."""
        chips = []
        for i, cost in enumerate(catalog.COSTS):
            chips.append((pygame.Rect(AREA.x + 8 + i * 34, AREA.y + 42, 31, 24), "cost", cost))
        for i, (kind, _name) in enumerate(TYPES):
            chips.append((pygame.Rect(AREA.x + 8 + i * 69, AREA.y + 70, 66, 24), "type", kind))
        for i, letter in enumerate(KEYWORD_LETTERS):
            chips.append((pygame.Rect(AREA.x + 8 + i * 46, AREA.y + 98, 43, 24), "keyword", letter))
        return chips

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(AREA.x + 6, LIST_TOP + (index - self.scroll) * ROW_H, AREA.width - 12, ROW_H - 2)

    def card_at(self, pos) -> int | None:
        """The index of the result under `pos`."""
        if not AREA.collidepoint(pos) or pos[1] < LIST_TOP:
            return None
        index = self.scroll + (pos[1] - LIST_TOP) // ROW_H
        return index if index < min(len(self.found), self.scroll + self.rows_shown()) else None

    def index_of(self, card_id: int) -> int | None:
        return next((i for i, card in enumerate(self.found) if card.base_id == card_id), None)

    # ------------------------------------------------------------------ input

    def click(self, pos) -> bool:
        """A click on the search box or a chip (a card row starts a drag: the scene does that)."""
        if self.search_rect().collidepoint(pos):
            self.typing = True
            return True
        for rect, name, value in self.chips():
            if rect.collidepoint(pos):
                current = getattr(self.query, name)
                setattr(self.query, name, None if current == value else value)
                self.refresh()
                return True
        return False

    def type_text(self, text: str) -> None:
        self.query.text += text
        self.focus = self.scroll = 0
        self.refresh()

    def backspace(self) -> None:
        self.query.text = self.query.text[:-1]
        self.refresh()

    def move_focus(self, delta: int) -> None:
        if self.found:
            self.focus = max(0, min(len(self.found) - 1, self.focus + delta))
            if self.focus < self.scroll:
                self.scroll = self.focus
            elif self.focus >= self.scroll + self.rows_shown():
                self.scroll = self.focus - self.rows_shown() + 1

    def wheel(self, amount: int) -> None:
        self.scroll = max(0, min(self.scroll - amount * 3, max(0, len(self.found) - self.rows_shown())))

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, AREA, theme.PANEL, theme.PANEL_BORDER, radius=10)
        box = self.search_rect()
        pygame.draw.rect(surface, theme.BACKGROUND_2, box, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if self.typing else theme.PANEL_BORDER, box, 1, border_radius=6)
        text = self.query.text + ("|" if self.typing else "")
        shown, size = fitted(text or _("Search name, id or text (/)"), 15, box.width - 16)
        draw_text(
            surface,
            shown,
            (box.x + 8, box.centery),
            size,
            theme.TEXT if text else theme.TEXT_DIM,
            anchor="midleft",
        )
        for rect, name, value in self.chips():
            on = getattr(self.query, name) == value
            pygame.draw.rect(surface, theme.ACCENT_DARK if on else theme.BACKGROUND_2, rect, border_radius=5)
            label = {
                "cost": lambda v: "7+" if v == 7 else str(v),
                "type": lambda v: _(dict(TYPES)[v]),
                "keyword": lambda v: v,
            }[name](value)
            # A chip's word is shrunk to its chip rather than cut short ("Creature" in 66 pixels).
            size = fit_text(label, 14, rect.width - 6, bold=on)
            draw_text(surface, label, rect.center, size, theme.TEXT, bold=on, anchor="center")
        for index in range(self.scroll, min(len(self.found), self.scroll + self.rows_shown())):
            card = self.found[index]
            rect = self.row_rect(index)
            if index == self.focus or index == self.hover:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=5)
            if index == self.focus:
                pygame.draw.rect(surface, theme.ACCENT, rect, 1, border_radius=5)
            pygame.draw.circle(surface, theme.MANA, (rect.x + 12, rect.centery), 9)
            draw_text(surface, str(card.cost), (rect.x + 12, rect.centery), 13, theme.TEXT, bold=True, anchor="center")
            pygame.draw.rect(
                surface, theme.CARD_TYPE_COLOURS[int(card.type)], (rect.x + 26, rect.y + 5, 5, rect.height - 10)
            )
            stats = f"{card.attack}/{card.defense}" if card.is_creature else ""
            name = f"{card.base_id} {card.name}"
            draw_text(
                surface,
                name,
                (rect.x + 36, rect.centery),
                fit_text(name, 14, rect.width - 90),
                theme.TEXT,
                anchor="midleft",
            )
            draw_text(surface, stats, (rect.right - 6, rect.centery), 14, theme.TEXT_DIM, anchor="midright")
        if not self.found:
            draw_text(surface, _("no card matches"), (AREA.centerx, LIST_TOP + 20), 15, theme.TEXT_DIM, anchor="center")

    def draw_preview(self, surface: pygame.Surface) -> None:
        index = self.hover if self.hover is not None else None
        if index is None or index >= len(self.found):
            return
        face = render_card(self.found[index], 170)
        y = max(AREA.y, min(self.row_rect(index).y - 60, AREA.bottom - face.get_height()))
        surface.blit(face, (AREA.right + 8, y))
