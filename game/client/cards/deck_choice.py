"""Which deck to bring, at the start of a level where the player brings their own: each saved deck
(playable when it is legal for the level, else the first reason it is not), the level's own
suggested deck (always playable: the level lends it), and "Edit decks" (the deck editor, checked
against this level). Choosing calls `on_choose(cards)`; Back leaves the level unplayed.

`open_deck_editor` is how the campaign map and this screen open the editor.

The screen is worded when it is made: Settings cannot be opened over it.
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import draw_fitted, Button, ButtonColumn, panel, shade
from game.client.cards.card_words import card_name
from game.i18n import _, ngettext
from game.rules.cards.text import PLAYER

BOX = pygame.Rect(250, 70, 780, 580)
ROW_H = 58
MAX_ROWS = 6


def collection_of(progress, campaign=None):
    """The player's Collection (their cards and decks) beside `progress`."""
    from game.rules.saves.collection import Collection

    starting = campaign.starting_cards if campaign is not None else None
    return Collection(progress, starting=starting)


def open_deck_editor(app, progress, campaign=None, levels=None, level=None, on_done=None) -> None:
    """The deck editor over the current scene: checked against `level` alone when given, else
    against each campaign level (of `levels`, id -> model) where the player brings a deck."""
    from game.rules.levels.build import level_cardset
    from game.rules.levels.player_deck import player_deck
    from game.workshop.catalog import cardset as core_cardset

    collection = collection_of(progress, campaign)
    if level is not None:
        choices = [level]
    else:
        order = campaign.level_ids() if campaign is not None else sorted(levels or {})
        choices = [levels[i] for i in order if i in (levels or {}) and getattr(levels[i], "kind", "") == "cards"]
        choices = [item for item in choices if player_deck(item) is not None]
    cards = level_cardset(choices[0]) if choices else core_cardset(("core",))
    for problem in collection.problems:
        app.show_banner(problem)
    app.push(
        "deck_editor",
        collection=collection,
        cardset=cards,
        levels=choices,
        fixed=level is not None,
        on_done=on_done,
    )


class DeckChoiceScene(Scene):
    name = "deck_choice"
    opaque = False

    def __init__(self, app, level, progress, campaign=None, on_choose=None, on_back=None):
        super().__init__(app)
        self.level = level
        self.progress = progress
        self.campaign = campaign
        self.on_choose = on_choose
        self.on_back = on_back
        self.rows: list[tuple[str, str, list[int] | None, bool]] = []
        self.refresh()

    def refresh(self, chosen: str | None = None) -> None:
        """The rows: (title, note, cards or None, playable); `chosen` is focused."""
        from game.rules.levels.build import level_cardset
        from game.rules.levels.player_deck import deck_problems, player_deck, suggested_cards

        cardset = level_cardset(self.level)
        collection = collection_of(self.progress, self.campaign)
        owned = collection.owned()
        rows = []
        for deck in collection.decks:
            problems = deck_problems(self.level, deck.cards, cardset, owned, PLAYER, card_name)
            note = _("Ready for this level") if not problems else problems[0]
            rows.append((deck.name, note, list(deck.cards), not problems))
        rules = player_deck(self.level)
        size = rules.size if rules is not None else 0
        chosen_cards = ngettext("{count} card chosen for this level", "{count} cards chosen for this level", size)
        rows.append(
            (_("The level's deck"), chosen_cards.format(count=size), suggested_cards(self.level, cardset), True)
        )
        self.rows = rows[-MAX_ROWS:] if len(rows) > MAX_ROWS else rows
        top = BOX.y + 110
        buttons = [
            Button(
                pygame.Rect(BOX.x + 30, top + i * ROW_H, BOX.width - 60, ROW_H - 8),
                title,
                (lambda cards=cards: self.choose(cards)) if playable else None,
                enabled=playable,
                note=note,
                size=20,
            )
            for i, (title, note, cards, playable) in enumerate(self.rows)
        ]
        width = (BOX.width - 60 - 16) // 2
        edit = pygame.Rect(BOX.x + 30, BOX.bottom - 72, width, 52)
        buttons.append(Button(edit, _("Edit decks"), self.edit, size=20))
        buttons.append(
            Button(pygame.Rect(BOX.x + 46 + width, BOX.bottom - 72, width, 52), _("Back"), self.back, size=20)
        )
        self.menu = ButtonColumn(buttons)
        if chosen is not None:
            found = next((i for i, row in enumerate(self.rows) if row[0] == chosen and row[3]), None)
            if found is not None:
                self.menu.focus = found
                self.menu._mark()

    def choose(self, cards) -> None:
        self.app.pop()
        if self.on_choose is not None:
            self.on_choose(list(cards))

    def edit(self) -> None:
        open_deck_editor(
            self.app, self.progress, self.campaign, level=self.level, on_done=lambda name: self.refresh(name)
        )

    def back(self) -> None:
        self.app.pop()
        if self.on_back is not None:
            self.on_back()

    def handle(self, intent) -> None:
        if intent.kind == "action" and intent.name == "back":
            self.back()
            return
        if intent.kind == "action" and intent.name in ("left", "right"):
            intent = type(intent)("action", intent.pos, name="up" if intent.name == "left" else "down")
        self.menu.handle(intent, lambda: self.app.play_sound("click"))

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 170)
        panel(surface, BOX, theme.PANEL, theme.ACCENT, radius=16, width=3)
        title = _("Choose your deck")
        head = pygame.Rect(BOX.x + 30, BOX.y + 18, BOX.width - 60, 44)
        draw_fitted(surface, title, head, 30, theme.ACCENT, bold=True)
        words = self.level.title
        sub = pygame.Rect(BOX.x + 30, BOX.y + 64, BOX.width - 60, 30)
        draw_fitted(surface, words, sub, 20, theme.TEXT_DIM)
        self.menu.draw(surface)


def ask_for_deck(run, intro=None, heading=None) -> bool:
    """A campaign level where the player brings a deck, started afresh with no deck chosen yet:
    the deck choice comes first, and the level opens with the deck chosen (True). False: nothing
    to ask (a level with its own deck, a designer's file, a deck already chosen for a retry)."""
    from game.rules.levels.player_deck import player_deck

    if run.progress is None or run.deck is not None:
        return False
    level, _problems = run.read()
    if level is None or getattr(level, "kind", "") != "cards" or player_deck(level) is None:
        return False

    def chosen(cards) -> None:
        run.deck = cards
        run.open(intro=intro, heading=heading)

    campaign = run.campaign.data.campaign if run.campaign is not None else None
    run.app.push("deck_choice", level=level, progress=run.progress, campaign=campaign, on_choose=chosen)
    return True
