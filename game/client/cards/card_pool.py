"""The card pool for quick matches, chosen in exactly one place.

Order: Duelmind's own card set (`levels/cards/*.json`, read by the card-set loader of the rules);
when that folder holds no card file, the LOCM 1.2 list shipped with the rules; a card file with
problems is a CardPoolError that the client shows on an error screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.rules.cards.cardset import CardSetError, load_cardset
from game.rules.cards.locm import OFFICIAL_CARDLIST, CardListError, load_cardlist
from game.rules.cards.model import Card
from game.client.resources import resource_root


class CardPoolError(Exception):
    """No usable card set was found (the message says where the game looked)."""


@dataclass(frozen=True)
class CardPool:
    cards: tuple[Card, ...]  # the draftable cards (tokens left out)
    source: str


def load_card_pool(root: Path | None = None) -> CardPool:
    """The quick-match card pool (see the module docstring for where it comes from)."""
    base = Path(root) if root is not None else resource_root()
    card_folder = base / "levels" / "cards"
    files = sorted(card_folder.glob("*.json"))
    if files:
        try:
            cards = load_cardset(files).draftable
        except CardSetError as error:
            raise CardPoolError(f"The card files in {card_folder} have problems:\n{error}") from None
        if len(cards) < 3:
            held = "one draftable card" if len(cards) == 1 else f"{len(cards)} draftable cards"
            raise CardPoolError(f"{card_folder} holds {held}; a draft needs at least 3")
        return CardPool(tuple(cards), f"{len(cards)} Duelmind cards")
    try:
        cards = list(load_cardlist(OFFICIAL_CARDLIST).values())
    except (CardListError, OSError) as error:
        raise CardPoolError(
            f"No card set found. The game looks for Duelmind's cards in {card_folder}/*.json, "
            f"then for the official LOCM list, which could not be read: {error}"
        ) from None
    return CardPool(tuple(cards), f"{len(cards)} official LOCM cards")
