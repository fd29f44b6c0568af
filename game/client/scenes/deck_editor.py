"""The deck editor: the player's collection on the left (filtered by cost, type, keyword and text),
the deck on the right with its counts, mana curve, size and why it is not legal for a level; saved
decks by name (new, rename, copy, delete with a question). Opens from the campaign map (checked
against each level where the player brings a deck, chosen with the arrows) and from such a
level's start (checked against that level; `on_done` then gets the deck's name when it is left).

Mouse: a card adds a copy, a right click (or a click on its deck row) takes one out; hover shows
the card large. Keys: arrows move over the cards, Enter adds, Delete takes out, Tab switches
between the cards, the deck and the search, typing in the search filters, Ctrl+S saves, Esc leaves
(asking when the deck has unsaved changes). The model is game/client/cards/deck_edit.py, the
drawing game/client/cards/deck_view.py.
"""

from __future__ import annotations

import pygame

from game.client.cards.deck_edit import DeckEdit
from game.client.cards.deck_view import (
    CARD_H,
    CARD_W,
    COLUMNS,
    GRID,
    GRID_GAP_X,
    LIST,
    PAGE_ROW,
    RIGHT,
    ROW_H,
    ROWS,
    SEARCH,
    TYPES,
    DeckDrawing,
)
from game.client.scene import Scene
from game.client.widgets import Button, hover_buttons, press_buttons
from game.rules.cards.model import KEYWORD_LETTERS, KEYWORD_NAMES, CardType
from game.rules.cards.text import keyword_word, PLAYER
from game.i18n import _, pgettext


class DeckEditorScene(DeckDrawing, Scene):
    name = "deck_editor"
    raw_keys = True  # the search takes typed text; the keys are read here

    def __init__(self, app, collection, cardset, levels=None, fixed: bool = False, on_done=None):
        super().__init__(app)
        self.edit = DeckEdit(collection, cardset, levels, fixed)
        self.on_done = on_done
        self.page = 0
        self.focus = 0  # the card the keys are on, among the shown ones
        self.zone = "cards"  # "cards", "deck" or "search"
        self.deck_row = 0
        self.scroll = 0
        self.hover: tuple[str, int] | None = None  # ("card" | "row", card id)
        self.mouse = (0, 0)
        # Worded when made: Settings cannot be opened over the editor.
        self.back = Button(pygame.Rect(20, 14, 120, 44), _("Back"), self.leave, size=20)
        top = RIGHT.y + 58
        width = (RIGHT.width - 24 - 3 * 8) // 4
        self.deck_buttons = [
            Button(pygame.Rect(RIGHT.x + 12 + i * (width + 8), top, width, 36), label, action, size=17)
            for i, (label, action) in enumerate(
                (
                    (_("New"), self.ask_new),
                    (_("Copy"), self.copy),
                    (_("Rename"), self.ask_rename),
                    (pgettext("button", "Delete"), self.ask_delete),
                )
            )
        ]
        bottom = RIGHT.bottom - 56
        width = (RIGHT.width - 24 - 2 * 8) // 3
        self.save_button = Button(
            pygame.Rect(RIGHT.x + 12, bottom, width, 44), _("Save"), self.save, primary=True, size=20
        )
        self.foot_buttons = [
            self.save_button,
            Button(pygame.Rect(RIGHT.x + 20 + width, bottom, width, 44), _("Build for me"), self.build, size=17),
            Button(pygame.Rect(RIGHT.x + 28 + 2 * width, bottom, width, 44), _("Clear"), self.clear, size=17),
        ]
        self.chips = self._chips()

    # ------------------------------------------------------------------ the filter chips

    def _chips(self) -> list[tuple[pygame.Rect, str, object]]:
        """(rect, label, (what, value)) of every filter chip: costs, types, keywords."""
        chips = []
        x = SEARCH.right + 12
        for cost in (None, *range(8)):
            label = _("Any") if cost is None else ("7+" if cost == 7 else str(cost))
            width = 44 if cost is None else 32
            chips.append((pygame.Rect(x, SEARCH.y + 2, width, 34), label, ("cost", cost)))
            x += width + 4
        x = 20
        for label, kind in TYPES:
            width = 92 if kind == CardType.CREATURE else 62
            chips.append((pygame.Rect(x, 118, width, 34), label, ("type", kind)))
            x += width + 4
        # one chip for the keywords, clicked through them in turn: their names are too long for a row
        chips.append((pygame.Rect(x + 12, 118, GRID.right - x - 12, 34), "Keyword", ("keyword", "cycle")))
        return chips

    def _chip_label(self, label: str, what: str) -> str:
        if what == "type":
            return _(label)
        if what != "keyword":
            return label
        letter = self.edit.filter.keyword
        if letter is None:
            return _("Keyword: any")
        return _("Keyword: {keyword}").format(
            keyword=keyword_word(KEYWORD_NAMES[KEYWORD_LETTERS.index(letter)], PLAYER)
        )

    def _chip_on(self, what: str, value) -> bool:
        if what == "keyword":
            return self.edit.filter.keyword is not None
        return getattr(self.edit.filter, what) == value

    def _set_chip(self, what: str, value, step: int = 1) -> None:
        if what == "keyword":  # Any, then each keyword, then Any again (a right click goes back)
            choices = [None, *KEYWORD_LETTERS]
            value = choices[(choices.index(self.edit.filter.keyword) + step) % len(choices)]
        setattr(self.edit.filter, what, value)
        self.page = self.focus = 0

    # ------------------------------------------------------------------ the grid

    def shown(self):
        return self.edit.shown()

    def pages(self) -> int:
        return max(1, -(-len(self.shown()) // (COLUMNS * ROWS)))

    def card_rects(self) -> list[tuple[pygame.Rect, object]]:
        """Where each card of the page is drawn."""
        per_page = COLUMNS * ROWS
        cards = self.shown()[self.page * per_page : (self.page + 1) * per_page]
        return [
            (
                pygame.Rect(
                    GRID.x + (i % COLUMNS) * (CARD_W + GRID_GAP_X),
                    GRID.y + (i // COLUMNS) * (CARD_H + 28),
                    CARD_W,
                    CARD_H,
                ),
                card,
            )
            for i, card in enumerate(cards)
        ]

    def row_rects(self) -> list[tuple[pygame.Rect, object, int]]:
        entries = self.edit.entries()[self.scroll : self.scroll + LIST.height // ROW_H]
        return [
            (pygame.Rect(LIST.x, LIST.y + i * ROW_H, LIST.width, ROW_H), card, n) for i, (card, n) in enumerate(entries)
        ]

    # ------------------------------------------------------------------ unsaved work

    def unsaved(self) -> str | None:
        """What closing the window now would lose (the app asks Save / Discard / Cancel)."""
        if not self.edit.dirty:
            return None
        return self._unsaved_words()

    def _unsaved_words(self) -> str:
        if self.edit.name is None:
            return _("The new deck has changes that are not saved.")
        return _("{deck} has changes that are not saved.").format(deck=self.edit.name)

    def save_before_quit(self, then) -> None:
        self.save()
        if not self.edit.dirty:
            then()

    def discard_unsaved(self) -> None:
        self.edit.saved = list(self.edit.cards)

    # ------------------------------------------------------------------ actions

    def add(self, card_id: int) -> None:
        if self.edit.add(card_id):
            self.app.play_sound("click")

    def remove(self, card_id: int) -> None:
        if self.edit.remove(card_id):
            self.app.play_sound("click")

    def save(self) -> None:
        from game.rules.saves.store import StoreError

        try:
            self.edit.save()
        except (StoreError, ValueError) as error:
            self.edit.message = _("Not saved: {reason}").format(reason=error)

    def build(self) -> None:
        self.edit.build()

    def clear(self) -> None:
        self.edit.clear()

    def copy(self) -> None:
        self._safely(self.edit.copy)

    def _safely(self, action, *args) -> None:
        from game.rules.saves.store import StoreError

        try:
            action(*args)
        except (StoreError, ValueError, KeyError) as error:
            self.edit.message = _("Not saved: {reason}").format(reason=error)
        self.scroll = 0

    def ask_new(self) -> None:
        self.app.push(
            "workshop_prompt",
            title=_("A new deck"),
            message=_("Name the new deck."),
            text=self.edit.collection.free_name(_("My deck")),
            buttons=[
                (_("Create"), lambda text: self._safely(self.edit.new, text or _("My deck"))),
                (_("Cancel"), None),
            ],
        )

    def ask_rename(self) -> None:
        self.app.push(
            "workshop_prompt",
            title=_("Rename the deck"),
            message=_("The deck's new name."),
            text=self.edit.name or _("My deck"),
            buttons=[(_("Rename"), lambda text: text and self._safely(self.edit.rename, text)), (_("Cancel"), None)],
        )

    def ask_delete(self) -> None:
        if self.edit.name is None:
            self.edit.clear()
            return
        self.app.push(
            "workshop_prompt",
            title=_("Delete this deck?"),
            message=_("{deck} will be gone for good. Your cards stay in your collection.").format(deck=self.edit.name),
            buttons=[
                (pgettext("button", "Delete"), lambda _answer: self._safely(self.edit.delete)),
                (_("Keep it"), None),
            ],
        )

    def leave(self) -> None:
        def done(_=None) -> None:
            if self.app.top is self:
                self.app.pop()
            if self.on_done is not None:
                self.on_done(self.edit.name)

        if not self.edit.dirty:
            done()
            return

        def save_and_leave(_) -> None:
            self.save()
            if not self.edit.dirty:
                done()

        self.app.push(
            "workshop_prompt",
            title=_("Save this deck?"),
            message=self._unsaved_words(),
            buttons=[(_("Save"), save_and_leave), (_("Discard"), done), (_("Cancel"), None)],
        )

    # ------------------------------------------------------------------ input

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            if self.zone == "search":
                self.zone = "cards"
            else:
                self.leave()
        elif intent.kind == "text":
            if self.zone == "deck":
                return
            if self.zone == "cards":  # typing over the cards searches them ("/" only opens the search)
                self.zone = "search"
                if intent.value == "/":
                    return
            self.edit.filter.text += intent.value
            self.page = self.focus = 0
        elif intent.kind == "key":
            self._key(intent.name, intent.value or 0)
            self._follow_keys()
        elif intent.kind == "move":
            self.mouse = intent.pos
            hover_buttons([self.back, *self.deck_buttons, *self.foot_buttons], intent.pos)
            self.hover = self._under(intent.pos)
        elif intent.kind == "wheel":
            if LIST.collidepoint(intent.pos):
                self._scroll(-int(intent.value))
            else:
                self._turn_page(-int(intent.value))
        elif intent.kind == "press":
            self._press(intent.pos, intent.button)

    def _follow_keys(self) -> None:
        """The large card follows the keys as it follows the mouse: the card or deck row they are on."""
        self.hover = None
        if self.zone == "cards":
            index = self.focus - self.page * COLUMNS * ROWS
            rects = self.card_rects()
            if 0 <= index < len(rects):
                rect, card = rects[index]
                self.hover, self.mouse = ("card", card.base_id), rect.center
        elif self.zone == "deck":
            rows = self.row_rects()
            index = self.deck_row - self.scroll
            if 0 <= index < len(rows):
                rect, card, _ = rows[index]
                self.hover, self.mouse = ("row", card.base_id), rect.center

    def _under(self, pos) -> tuple[str, int] | None:
        for rect, card in self.card_rects():
            if rect.collidepoint(pos):
                return ("card", card.base_id)
        for rect, card, _count in self.row_rects():
            if rect.collidepoint(pos):
                return ("row", card.base_id)
        return None

    def _press(self, pos, button: int) -> None:
        if button == 1 and press_buttons([self.back, *self.deck_buttons, *self.foot_buttons], pos, None):
            return
        self.zone = "search" if SEARCH.collidepoint(pos) else "cards" if GRID.collidepoint(pos) else self.zone
        for rect, label, (what, value) in self.chips:
            if rect.collidepoint(pos):
                self._set_chip(what, value, 1 if button == 1 else -1)
                return
        for index, (rect, card) in enumerate(self.card_rects()):
            if rect.collidepoint(pos):
                self.focus = self.page * COLUMNS * ROWS + index
                (self.add if button == 1 else self.remove)(card.base_id)
                return
        for rect, card, _count in self.row_rects():
            if rect.collidepoint(pos):
                self.zone = "deck"
                self.remove(card.base_id)
                return
        for rect, step in self._arrows():
            if rect.collidepoint(pos):
                step()
                return

    def _arrows(self):
        """The clickable arrows: the saved decks, the level, the pages."""
        name_row = pygame.Rect(RIGHT.x + 12, RIGHT.y + 12, RIGHT.width - 24, 38)
        level_row = pygame.Rect(RIGHT.x + 12, RIGHT.y + 104, RIGHT.width - 24, 30)
        page_row = PAGE_ROW
        arrows = [
            (pygame.Rect(name_row.x, name_row.y, 40, name_row.height), lambda: self._step_deck(-1)),
            (pygame.Rect(name_row.right - 40, name_row.y, 40, name_row.height), lambda: self._step_deck(1)),
            (pygame.Rect(page_row.x, page_row.y, 40, page_row.height), lambda: self._turn_page(-1)),
            (pygame.Rect(page_row.right - 40, page_row.y, 40, page_row.height), lambda: self._turn_page(1)),
        ]
        if not self.edit.fixed and len(self.edit.levels) > 1:
            arrows += [
                (pygame.Rect(level_row.x, level_row.y, 40, level_row.height), lambda: self.edit.next_level(-1)),
                (pygame.Rect(level_row.right - 40, level_row.y, 40, level_row.height), lambda: self.edit.next_level(1)),
            ]
        return arrows

    def _step_deck(self, step: int) -> None:
        if self.edit.dirty:
            self.edit.message = _("Save or clear this deck's changes first")
            return
        self.edit.step_deck(step)
        self.scroll = 0

    def _turn_page(self, step: int) -> None:
        self.page = max(0, min(self.pages() - 1, self.page + step))
        self.focus = min(self.page * COLUMNS * ROWS, max(0, len(self.shown()) - 1))

    def _scroll(self, step: int) -> None:
        most = max(0, len(self.edit.entries()) - LIST.height // ROW_H)
        self.scroll = max(0, min(most, self.scroll + step))

    def _key(self, name: str, mods: int) -> None:
        if mods & pygame.KMOD_CTRL and name == "s":
            self.save()
            return
        if name == "tab":
            order = ("cards", "deck", "search")
            self.zone = order[(order.index(self.zone) + 1) % 3]
            return
        if self.zone == "search":
            if name == "backspace":
                self.edit.filter.text = self.edit.filter.text[:-1]
                self.page = self.focus = 0
            elif name in ("return", "enter", "down"):
                self.zone = "cards"
            return
        if self.zone == "deck":
            entries = self.edit.entries()
            if name in ("up", "down") and entries:
                self.deck_row = max(0, min(len(entries) - 1, self.deck_row + (1 if name == "down" else -1)))
                self.scroll = min(self.scroll, self.deck_row)
                self.scroll = max(self.scroll, self.deck_row - LIST.height // ROW_H + 1)
            elif name in ("return", "enter", "delete", "backspace") and entries:
                self.remove(entries[min(self.deck_row, len(entries) - 1)][0].base_id)
                self.deck_row = min(self.deck_row, max(0, len(self.edit.entries()) - 1))
            return
        shown = self.shown()
        if not shown:
            return
        moves = {"left": -1, "right": 1, "up": -COLUMNS, "down": COLUMNS}
        if name in moves:
            self.focus = max(0, min(len(shown) - 1, self.focus + moves[name]))
            self.page = self.focus // (COLUMNS * ROWS)
        elif name in ("return", "enter"):
            self.add(shown[min(self.focus, len(shown) - 1)].base_id)
        elif name in ("delete", "backspace"):
            self.remove(shown[min(self.focus, len(shown) - 1)].base_id)
