"""The deck editor's drawing (game/client/scenes/deck_editor.py is its flow and input): where
each part sits, the filters, the page of cards with their counts, the deck's panel with its name,
curve, rows and verdict, and the large card under the mouse."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.cards.card_render import render_card
from game.client.cards.card_words import card_name
from game.i18n import N_, _, ngettext
from game.client.widgets import draw_fitted, backdrop, draw_text, fit_line, panel
from game.rules.cards.model import CardType

CARD_W, CARD_H = 104, 146
COLUMNS, ROWS = 6, 3
GRID = pygame.Rect(20, 164, 770, 3 * (CARD_H + 28))
GRID_GAP_X = (GRID.width - COLUMNS * CARD_W) // (COLUMNS - 1)
RIGHT = pygame.Rect(806, 70, 454, 640)
ROW_H = 26
LIST = pygame.Rect(RIGHT.x + 12, 330, RIGHT.width - 24, 8 * ROW_H)
PREVIEW_W = 230
SEARCH = pygame.Rect(20, 72, 250, 38)
PAGE_ROW = pygame.Rect(GRID.right - 200, 16, 200, 40)  # beside the title: the grid fills the height
TYPES = (  # the type chips, translated where drawn
    (N_("All"), None),
    (N_("Creatures"), CardType.CREATURE),
    (N_("Green"), CardType.GREEN),
    (N_("Red"), CardType.RED),
    (N_("Blue"), CardType.BLUE),
)
HINTS = N_("Type to search  ·  Enter add  ·  Delete remove  ·  Tab deck list  ·  Ctrl+S save  ·  Esc back")


class DeckDrawing:
    """Drawing for DeckEditorScene, which holds `edit` (a DeckEdit) and the view's state."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        self.back.draw(surface)
        title = pygame.Rect(154, 14, 106, 44)
        size = fit_line(_("Decks"), 30, title.width, title.height, bold=True)
        draw_text(
            surface, _("Decks"), (title.x, title.centery), size, theme.ACCENT, bold=True, anchor="midleft", box=title
        )
        owned = len(self.edit.owned_cards())
        words = ngettext("Your collection: {count} card", "Your collection: {count} cards", owned).format(count=owned)
        spot = pygame.Rect(270, 16, PAGE_ROW.x - 280, 40)
        size = fit_line(words, 18, spot.width, spot.height)
        draw_text(surface, words, (spot.x, spot.centery), size, theme.TEXT_DIM, anchor="midleft", box=spot)
        self._draw_filters(surface)
        self._draw_grid(surface)
        self._draw_deck(surface)
        draw_text(surface, _(HINTS), (GRID.centerx, 700), 14, theme.TEXT_DIM, anchor="center", width=GRID.width)
        self._draw_preview(surface)

    def _draw_filters(self, surface) -> None:
        on = self.zone == "search"
        panel(
            surface,
            SEARCH,
            theme.BACKGROUND_2 if hasattr(theme, "BACKGROUND_2") else theme.PANEL,
            theme.ACCENT if on else theme.PANEL_BORDER,
            radius=8,
        )
        text = self.edit.filter.text + ("|" if on else "")
        shown = text or _("Search names and text")
        size = fit_line(shown, 17, SEARCH.width - 16, SEARCH.height - 4)
        draw_text(
            surface,
            shown,
            (SEARCH.x + 8, SEARCH.centery),
            size,
            theme.TEXT if text else theme.TEXT_DIM,
            anchor="midleft",
            box=SEARCH,
        )
        for rect, label, (what, value) in self.chips:
            lit = self._chip_on(what, value)
            label = self._chip_label(label, what)
            panel(
                surface,
                rect,
                theme.ACCENT_DARK if lit else theme.PANEL,
                theme.ACCENT if lit else theme.PANEL_BORDER,
                radius=8,
            )
            size = fit_line(label, 15, rect.width - 6, rect.height - 4, bold=lit)
            draw_text(surface, label, rect.center, size, theme.TEXT, bold=lit, anchor="center", box=rect)

    def _draw_grid(self, surface) -> None:
        shown = self.shown()
        if not shown:
            draw_text(
                surface, _("No card of your collection matches"), GRID.center, 20, theme.TEXT_DIM, anchor="center"
            )
        allowed = self.edit.allowed_ids()
        for index, (rect, card) in enumerate(self.card_rects()):
            surface.blit(render_card(card, CARD_W), rect)
            if card.base_id not in allowed:
                panel(surface, rect, (0, 0, 0), None, radius=8, alpha=150)
            focused = self.zone == "cards" and self.page * COLUMNS * ROWS + index == self.focus
            if focused:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=10)
            count = self.edit.count(card.base_id)
            if count:
                label = ngettext("{count} in deck", "{count} in deck", count).format(count=count)
            else:
                label = _("Not allowed here") if card.base_id not in allowed else ""
            if label:
                under = pygame.Rect(rect.x - 10, rect.bottom + 3, rect.width + 20, 22)  # into the gap: longer words
                size = fit_line(label, 15, under.width, under.height)
                colour = theme.ACCENT if count else theme.TEXT_DIM
                draw_text(surface, label, under.center, size, colour, bold=bool(count), anchor="center", box=under)
        pages = self.pages()
        if pages > 1:
            row = PAGE_ROW
            draw_text(surface, "<", (row.x + 20, row.centery), 22, theme.ACCENT, bold=True, anchor="center")
            draw_text(surface, ">", (row.right - 20, row.centery), 22, theme.ACCENT, bold=True, anchor="center")
            words = _("Page {number} of {total}").format(number=self.page + 1, total=pages)
            draw_text(
                surface, words, row.center, fit_line(words, 17, row.width - 90, row.height), theme.TEXT, anchor="center"
            )

    def _draw_deck(self, surface) -> None:
        edit = self.edit
        panel(surface, RIGHT, theme.PANEL, theme.PANEL_BORDER, radius=14)
        name_row = pygame.Rect(RIGHT.x + 12, RIGHT.y + 12, RIGHT.width - 24, 38)
        panel(surface, name_row, theme.PANEL_LIGHT, None, radius=8)
        name = edit.name or _("New deck")
        name = name + " *" if edit.dirty else name
        inner = name_row.inflate(-90, 0)
        draw_text(surface, "<", (name_row.x + 20, name_row.centery), 22, theme.ACCENT, bold=True, anchor="center")
        draw_text(surface, ">", (name_row.right - 20, name_row.centery), 22, theme.ACCENT, bold=True, anchor="center")
        draw_fitted(surface, name, inner, 22, theme.TEXT, bold=True)
        for button in self.deck_buttons:
            button.draw(surface)
        level_row = pygame.Rect(RIGHT.x + 12, RIGHT.y + 104, RIGHT.width - 24, 30)
        level = edit.level
        if level is not None:
            words = _("For {level}").format(level=level.title)
        else:
            words = ngettext("Decks of {count} card", "Decks of {count} cards", edit.size).format(count=edit.size)
        inner = level_row.inflate(-90, 0)
        if not edit.fixed and len(edit.levels) > 1:
            draw_text(surface, "<", (level_row.x + 20, level_row.centery), 20, theme.ACCENT, bold=True, anchor="center")
            draw_text(
                surface, ">", (level_row.right - 20, level_row.centery), 20, theme.ACCENT, bold=True, anchor="center"
            )
        draw_fitted(surface, words, inner, 17, theme.TEXT_DIM)
        self._draw_curve(surface, pygame.Rect(RIGHT.x + 12, RIGHT.y + 142, RIGHT.width - 24, 110))
        for index, (rect, card, count) in enumerate(self.row_rects()):
            lit = (self.hover == ("row", card.base_id)) or (
                self.zone == "deck" and self.scroll + index == self.deck_row
            )
            if lit:
                panel(surface, rect, theme.PANEL_LIGHT, None, radius=6)
            cost = pygame.Rect(rect.x + 4, rect.y + 2, 26, rect.height - 4)
            pygame.draw.circle(surface, theme.MANA, cost.center, 11)
            draw_text(
                surface,
                str(card.cost),
                cost.center,
                fit_line(str(card.cost), 15, 20, 20, bold=True),
                theme.TEXT_DARK,
                bold=True,
                anchor="center",
            )
            label = pygame.Rect(rect.x + 36, rect.y, rect.width - 90, rect.height)
            draw_text(
                surface,
                card_name(card.name),
                (label.x, label.centery),
                fit_line(card_name(card.name), 17, label.width, label.height),
                theme.TEXT,
                anchor="midleft",
                box=label,
            )
            times = pygame.Rect(rect.right - 50, rect.y, 46, rect.height)
            draw_text(
                surface,
                f"x{count}",
                (times.right, times.centery),
                fit_line(f"x{count}", 17, times.width, times.height, bold=True),
                theme.ACCENT,
                bold=True,
                anchor="midright",
                box=times,
            )
        if not edit.cards:
            draw_text(surface, _("Click a card to add it"), LIST.center, 18, theme.TEXT_DIM, anchor="center")
        self._draw_verdict(
            surface, pygame.Rect(RIGHT.x + 12, LIST.bottom + 6, RIGHT.width - 24, RIGHT.bottom - 64 - LIST.bottom - 6)
        )
        for button in self.foot_buttons:
            button.draw(surface)

    def _draw_curve(self, surface, area: pygame.Rect) -> None:
        edit = self.edit
        count = ngettext("{count} of {size} card", "{count} of {size} cards", edit.size).format(
            count=len(edit.cards), size=edit.size
        )
        head = pygame.Rect(area.x, area.y, area.width, 26)
        colour = theme.GOOD if len(edit.cards) == edit.size else theme.TEXT
        draw_text(
            surface,
            count,
            (head.x, head.centery),
            fit_line(count, 20, 200, 26, bold=True),
            colour,
            bold=True,
            anchor="midleft",
            box=head,
        )
        caption = _("Mana curve")
        draw_text(
            surface,
            caption,
            (head.right, head.centery),
            fit_line(caption, 15, 150, 26),
            theme.TEXT_DIM,
            anchor="midright",
            box=head,
        )
        curve = edit.curve()
        bars = pygame.Rect(area.x + 150, area.y + 30, area.width - 150, area.height - 52)
        tallest = max(1, max(curve))
        step = bars.width // len(curve)
        for cost, n in enumerate(curve):
            column = pygame.Rect(bars.x + cost * step + 4, bars.y, step - 8, bars.height)
            height = round(column.height * n / tallest)
            if n:
                pygame.draw.rect(
                    surface, theme.MANA, (column.x, column.bottom - height, column.width, height), border_radius=3
                )
                number = pygame.Rect(
                    column.x - 2,
                    column.bottom - height - 18 if height < column.height - 16 else column.bottom - height,
                    column.width + 4,
                    18,
                )
                draw_text(
                    surface,
                    str(n),
                    number.center,
                    fit_line(str(n), 14, number.width, number.height, bold=True),
                    theme.TEXT,
                    bold=True,
                    anchor="center",
                )
            below = pygame.Rect(column.x - 2, column.bottom + 2, column.width + 4, 18)
            label = "7+" if cost == len(curve) - 1 else str(cost)
            draw_fitted(surface, label, below, 14, theme.TEXT_DIM)
        creatures = sum(1 for card_id in edit.cards if edit.cardset.cards[card_id].type == CardType.CREATURE)
        items = len(edit.cards) - creatures
        lines = (
            ngettext("{count} creature", "{count} creatures", creatures).format(count=creatures),
            ngettext("{count} item", "{count} items", items).format(count=items),
        )
        for index, line in enumerate(lines):
            spot = pygame.Rect(area.x, area.y + 40 + index * 26, 140, 24)
            draw_text(
                surface,
                line,
                (spot.x, spot.centery),
                fit_line(line, 17, spot.width, spot.height),
                theme.TEXT_DIM,
                anchor="midleft",
                box=spot,
            )

    def _draw_verdict(self, surface, area: pygame.Rect) -> None:
        edit = self.edit
        problems = edit.problems()
        lines: list[tuple[str, tuple]] = []
        below = len(edit.entries()) - self.scroll - LIST.height // ROW_H
        if below > 0:  # the list scrolls (the wheel, or the arrows on the deck after Tab)
            more = ngettext("{count} more below: scroll the list", "{count} more below: scroll the list", below)
            lines.append((more.format(count=below), theme.TEXT_DIM))
        if edit.message:
            lines.append((edit.message, theme.ACCENT))
        if problems:
            lines += [(problem, theme.BAD) for problem in problems]
        elif edit.level is not None:
            lines.append((_("Ready for {level}").format(level=edit.level.title), theme.GOOD))
        y = area.y
        for text, colour in lines:
            if y + 22 > area.bottom:
                break
            spot = pygame.Rect(area.x, y, area.width, 22)
            draw_text(
                surface,
                text,
                (spot.x, spot.centery),
                fit_line(text, 16, spot.width, spot.height),
                colour,
                anchor="midleft",
                box=spot,
            )
            y += 22

    def _draw_preview(self, surface) -> None:
        if self.hover is None:
            return
        kind, card_id = self.hover
        card = self.edit.cardset.cards.get(card_id)
        if card is None:
            return
        face = render_card(card, PREVIEW_W)
        rect = face.get_rect()
        if kind == "row":
            rect.midright = (
                RIGHT.x - 12,
                min(max(self.mouse[1], rect.height // 2 + 10), theme.HEIGHT - rect.height // 2 - 10),
            )
        else:
            x, y = self.mouse
            rect.topleft = (x + 24, y - rect.height // 2)
            if rect.right > theme.WIDTH - 10:
                rect.right = x - 24
            rect.clamp_ip(pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT))
        pygame.draw.rect(surface, (0, 0, 0), rect.move(6, 6), border_radius=14)
        surface.blit(face, rect)
