"""What the deck editor edits, without pygame: the cards a player may choose from (their collection,
for the level the deck is checked against), the filter over them (the workshop's card search,
game/workshop/catalog.py), the deck being built with its counts, curve and problems, and the
saved decks it is one of (game/rules/saves/collection.py). The scene (game/client/scenes/
deck_editor.py) draws this and turns clicks and keys into these calls; the tests drive it too.

Its messages are said in the player's language when they are made (Settings cannot be opened over
the editor); the search finds a card by its English and its translated name and rules text.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import lru_cache

from game import i18n
from game.client.cards.card_words import card_name, rules_text
from game.i18n import _, ngettext
from game.rules.cards.text import PLAYER

from game.rules.cards.cardset import CardSet
from game.rules.cards.model import Card
from game.rules.levels.player_deck import (
    build_from_collection,
    deck_pool,
    mana_curve,
    player_deck,
    problems_against,
)
from game.workshop.catalog import Filter, searchable

DEFAULT_SIZE, DEFAULT_COPIES = 30, 2  # when no level says: a full LOCM deck


class DeckEdit:
    """The deck being edited. `levels`: the card levels it may be checked against (those where the
    player brings a deck, in campaign order; the first is chosen); `cardset`: their cards."""

    def __init__(self, collection, cardset: CardSet, levels: list | None = None, fixed: bool = False):
        self.collection = collection
        self.cardset = cardset
        self.levels = [level for level in (levels or []) if player_deck(level) is not None]
        self.level_index = 0
        self.fixed = fixed  # opened from a level's start: checked against that level only
        self.filter = Filter()
        self.name: str | None = None  # the saved deck this is (None: a new deck not saved yet)
        self.cards: list[int] = []
        self.saved: list[int] = []
        self.message = ""  # the last refusal or confirmation, for the player
        names = collection.names()
        if names:
            self.open(names[0])

    # ------------------------------------------------------------------ the level

    @property
    def level(self):
        return self.levels[self.level_index] if self.levels else None

    def next_level(self, step: int = 1) -> None:
        if self.levels and not self.fixed:
            self.level_index = (self.level_index + step) % len(self.levels)

    @property
    def size(self) -> int:
        rules = player_deck(self.level) if self.level is not None else None
        return rules.size if rules is not None else DEFAULT_SIZE

    @property
    def max_copies(self) -> int:
        rules = player_deck(self.level) if self.level is not None else None
        return rules.max_copies if rules is not None else DEFAULT_COPIES

    def allowed_ids(self) -> set[int]:
        """The cards a deck may use for the chosen level (every card without one)."""
        if self.level is None:
            return {card.base_id for card in self.cardset.draftable}
        return {card.base_id for card in deck_pool(self.level, self.cardset)}

    # ------------------------------------------------------------------ the cards to choose from

    def owned_cards(self) -> list[Card]:
        """The player's cards, by cost then id (tokens never)."""
        owned = self.collection.owned()
        cards = [card for card in self.cardset.draftable if card.base_id in owned]
        return sorted(cards, key=lambda card: (card.cost, card.base_id))

    def shown(self) -> list[Card]:
        """The owned cards the filter lets through."""
        words = self.filter.text.lower().split()
        rest = replace(self.filter, text="")
        language = i18n.generation()
        return [
            card
            for card in self.owned_cards()
            if rest.accepts(card) and all(word in _searchable(card, language) for word in words)
        ]

    # ------------------------------------------------------------------ the deck

    def count(self, card_id: int) -> int:
        return self.cards.count(card_id)

    def add(self, card_id: int) -> bool:
        """One more copy; False (and `message` says why) when the rules refuse it."""
        card = self.cardset.cards[card_id]
        if self.count(card_id) >= self.max_copies:
            most = self.max_copies
            template = ngettext("At most {count} copy of {card}", "At most {count} copies of {card}", most)
            self.message = template.format(count=most, card=card_name(card.name))
            return False
        if len(self.cards) >= self.size:
            self.message = ngettext(
                "The deck is full: {count} card", "The deck is full: {count} cards", self.size
            ).format(count=self.size)
            return False
        self.cards.append(card_id)
        self.message = ""
        return True

    def remove(self, card_id: int) -> bool:
        if card_id not in self.cards:
            return False
        self.cards.remove(card_id)
        self.message = ""
        return True

    def clear(self) -> None:
        self.cards = []
        self.message = ""

    def build(self) -> None:
        """A deck for the chosen level from the player's collection, with a mana curve."""
        if self.level is not None:
            self.cards = build_from_collection(self.level, self.cardset, self.collection.owned())
        else:
            from game.rules.levels.player_deck import auto_build

            self.cards = auto_build(self.owned_cards(), self.size, self.max_copies)
        self.message = _("Built from your collection")

    def entries(self) -> list[tuple[Card, int]]:
        """The deck's cards with their counts, by cost then name."""
        counts = Counter(self.cards)
        cards = [self.cardset.cards[card_id] for card_id in counts]
        return [(card, counts[card.base_id]) for card in sorted(cards, key=lambda c: (c.cost, card_name(c.name)))]

    def curve(self) -> list[int]:
        return mana_curve(self.cards, self.cardset)

    def problems(self) -> list[str]:
        """Why the deck may not be played in the chosen level ([]: it may)."""
        owned = self.collection.owned()
        return problems_against(
            self.cards, self.cardset, self.allowed_ids(), self.size, self.max_copies, owned, PLAYER, card_name
        )

    @property
    def dirty(self) -> bool:
        return self.cards != self.saved

    # ------------------------------------------------------------------ the saved decks

    def open(self, name: str) -> None:
        deck = self.collection.deck(name)
        if deck is None:
            return
        self.name = name
        self.cards = list(deck.cards)
        self.saved = list(deck.cards)
        self.message = ""

    def step_deck(self, step: int) -> None:
        """The next (or previous) saved deck."""
        names = self.collection.names()
        if not names:
            return
        index = names.index(self.name) if self.name in names else -step
        self.open(names[(index + step) % len(names)])

    def new(self, name: str) -> None:
        """A new, empty deck, saved at once under a free name like `name`."""
        deck = self.collection.save_deck(self.collection.free_name(name), [])
        self.open(deck.name)

    def save(self) -> None:
        """Keep the deck under its name (a new deck gets one)."""
        name = self.name or self.collection.free_name(_("My deck"))
        deck = self.collection.save_deck(name, self.cards)
        self.name = deck.name
        self.saved = list(self.cards)
        self.message = _("Saved {deck}").format(deck=deck.name)

    def rename(self, new: str) -> None:
        if self.name is None:
            self.name = self.collection.free_name(new)
            return
        self.name = self.collection.rename(self.name, new)

    def copy(self) -> None:
        """The deck as it is now, saved under a new name ("... copy"), and opened."""
        base = self.name or _("My deck")
        # TRANSLATORS: the name of a copy of a saved deck.
        copied = _("{deck} copy").format(deck=base)
        deck = self.collection.save_deck(self.collection.free_name(copied), self.cards)
        self.open(deck.name)

    def delete(self) -> None:
        if self.name is not None:
            self.collection.delete(self.name)
        self.name, self.cards, self.saved = None, [], []
        names = self.collection.names()
        if names:
            self.open(names[0])


def cards_won_line(level, card_ids: list[int]) -> str:
    """The result screen's line naming the cards a win added to the collection ("" for none)."""
    if not card_ids:
        return ""
    from game.rules.cards.cardset import CardSetError
    from game.rules.levels.build import level_cardset

    try:
        cards = level_cardset(level).cards
    except CardSetError:
        cards = {}
    names = [
        card_name(cards[card_id].name) if card_id in cards else _("card {id}").format(id=card_id)
        for card_id in card_ids
    ]
    # TRANSLATORS: {cards} is a list of card names.
    template = ngettext("New card for your decks: {cards}", "New cards for your decks: {cards}", len(names))
    return template.format(cards=i18n.pgettext("list", ", ").join(names))


@lru_cache(maxsize=4096)
def _searchable(card: Card, language: int) -> str:
    """What the search looks in: the English (id, name, rules text) and the player's language's."""
    if i18n.language() == i18n.ENGLISH:
        return searchable(card)
    return f"{searchable(card)} {card_name(card.name)} {rules_text(card)}".lower()
