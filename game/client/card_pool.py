"""The card pool for quick matches, chosen in exactly one place.

Order: Duelmind's own card set (`levels/cards/*.json`, read by the card-set loader of the rules);
else, in a development checkout, the reference LOCM list beside the repository
(`../shared/locm/cardlist.txt`, test data that is never shipped); else a CardPoolError that the
client shows on an error screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.cards.cardset import CardSetError, load_cardset
from game.cards.locm import CardListError, load_cardlist
from game.cards.model import Card
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
            raise CardPoolError(f"{card_folder} holds {len(cards)} draftable cards; a draft needs at least 3")
        return CardPool(tuple(cards), f"{len(cards)} Duelmind cards")
    reference = base.parent / "shared" / "locm" / "cardlist.txt"
    if reference.exists():
        try:
            cards = list(load_cardlist(reference).values())
        except CardListError as error:
            raise CardPoolError(str(error)) from None
        return CardPool(tuple(cards), f"{len(cards)} reference LOCM cards (development checkout)")
    raise CardPoolError(
        f"No card set found. The game looks for Duelmind's cards in {card_folder}/*.json, "
        f"and in a development checkout for {reference}.")
