"""The card pool for quick matches, chosen in exactly one place.

Order: Duelmind's own card set (`levels/cards/*.json`) when it ships; else, in a development
checkout, the reference LOCM list beside the repository (`../shared/locm/cardlist.txt`, test data
that is never shipped); else a CardPoolError that the client shows on an error screen.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from game.cards.locm import CardListError, load_cardlist
from game.cards.model import KEYWORD_LETTERS, KEYWORD_NAMES, Card, CardType, parse_keywords
from game.client.resources import resource_path, resource_root


class CardPoolError(Exception):
    """No usable card set was found (the message says where the game looked)."""


@dataclass(frozen=True)
class CardPool:
    cards: tuple[Card, ...]
    source: str


_TYPES = {
    "creature": CardType.CREATURE, "green": CardType.GREEN, "itemgreen": CardType.GREEN,
    "red": CardType.RED, "itemred": CardType.RED, "blue": CardType.BLUE, "itemblue": CardType.BLUE,
}


def _card_from_json(entry: dict, where: str) -> Card:
    try:
        base_id = int(entry.get("id", entry.get("base_id")))
        raw_type = entry.get("type", "creature")
        if isinstance(raw_type, str):
            card_type = _TYPES[raw_type.replace("_", "").replace(" ", "").lower()]
        else:
            card_type = CardType(int(raw_type))
        raw_keywords = entry.get("keywords", "")
        if isinstance(raw_keywords, list):
            letters = "".join(KEYWORD_LETTERS[KEYWORD_NAMES.index(word.capitalize())] if len(word) > 1 else word.upper()
                              for word in raw_keywords)
            keywords = parse_keywords(letters)
        else:
            keywords = parse_keywords(str(raw_keywords))
        return Card(base_id=base_id, name=str(entry["name"]), type=card_type, cost=int(entry["cost"]),
                    attack=int(entry.get("attack", 0)), defense=int(entry.get("defense", 0)), keywords=keywords,
                    my_health=int(entry.get("my_health", 0)), opp_health=int(entry.get("opp_health", 0)),
                    draw=int(entry.get("draw", entry.get("card_draw", 0))), text=str(entry.get("text", "")))
    except (KeyError, ValueError, TypeError) as error:
        raise CardPoolError(f"{where}: bad card {entry!r:.120}: {error}") from None


def _load_json_cards(files: list[Path]) -> list[Card]:
    cards: dict[int, Card] = {}
    for path in files:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise CardPoolError(f"{path}: {error}") from None
        entries = data.get("cards", []) if isinstance(data, dict) else data
        if not isinstance(entries, list):
            raise CardPoolError(f"{path}: expected a list of cards")
        for index, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise CardPoolError(f"{path}: card {index} is not an object")
            card = _card_from_json(entry, f"{path} card {index}")
            cards[card.base_id] = card
    return list(cards.values())


def load_card_pool(root: Path | None = None) -> CardPool:
    """The quick-match card pool (see the module docstring for where it comes from)."""
    base = Path(root) if root is not None else resource_root()
    json_files = sorted((base / "levels" / "cards").glob("*.json"))
    if json_files:
        cards = _load_json_cards(json_files)
        if len(cards) < 3:
            raise CardPoolError(f"{base / 'levels' / 'cards'} holds {len(cards)} cards; a draft needs at least 3")
        return CardPool(tuple(cards), f"{len(cards)} cards from levels/cards")
    reference = base.parent / "shared" / "locm" / "cardlist.txt"
    if reference.exists():
        try:
            cards = list(load_cardlist(reference).values())
        except CardListError as error:
            raise CardPoolError(str(error)) from None
        return CardPool(tuple(cards), f"{len(cards)} reference LOCM cards (development checkout)")
    raise CardPoolError(
        "No card set found. The game looks for Duelmind's cards in "
        f"{resource_path('levels', 'cards')}/*.json, and in a development checkout for {reference}.")
