"""The card picker's data: a level's card set, searched by name and rules text and filtered by
cost, type and keyword. Pure: no pygame."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.paths import levels_dir
from game.rules.cards.cardset import CardSet, CardSetError, load_cardset
from game.rules.cards.model import KEYWORD_BITS, KEYWORD_LETTERS, Card, CardType
from game.rules.cards.text import card_text

TYPE_NAMES = {CardType.CREATURE: "creature", CardType.GREEN: "green", CardType.RED: "red", CardType.BLUE: "blue"}
COSTS = tuple(range(8))  # 7 means 7 or more


@lru_cache(maxsize=8)
def cardset(files: tuple[str, ...] = ("core",)) -> CardSet | None:
    try:
        return load_cardset([levels_dir() / "cards" / f"{name}.json" for name in files])
    except CardSetError:
        return None


def level_files(data: dict) -> tuple[str, ...]:
    files = (data.get("rules") or {}).get("files") if isinstance(data.get("rules"), dict) else None
    if isinstance(files, list) and files and all(isinstance(f, str) for f in files):
        return tuple(files)
    return ("core",)


@lru_cache(maxsize=4096)
def searchable(card: Card) -> str:
    return f"{card.base_id} {card.name} {card_text(card)}".lower()


@dataclass
class Filter:
    text: str = ""
    cost: int | None = None  # 7: seven or more
    type: CardType | None = None
    keyword: str | None = None  # a letter of BCDGLW
    tokens: bool = False

    def accepts(self, card: Card) -> bool:
        if card.token and not self.tokens:
            return False
        if self.cost is not None and (card.cost < 7 if self.cost == 7 else card.cost != self.cost):
            return False
        if self.type is not None and card.type != self.type:
            return False
        if self.keyword and not card.keywords & KEYWORD_BITS[KEYWORD_LETTERS.index(self.keyword)]:
            return False
        words = self.text.lower().split()
        return all(word in searchable(card) for word in words)


def search(cards: CardSet | None, query: Filter) -> list[Card]:
    if cards is None:
        return []
    found = [card for card in cards.cards.values() if query.accepts(card)]
    return sorted(found, key=lambda card: (card.cost, card.base_id))


def card_named(cards: CardSet | None, card_id: int) -> Card | None:
    return cards.cards.get(card_id) if cards is not None else None
