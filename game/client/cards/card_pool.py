"""The card pool for quick matches, chosen in exactly one place.

Order: Duelmind's own card set (`levels/cards/*.json`, read by the card-set loader of the rules);
when that folder holds no card file, the LOCM 1.2 list shipped with the rules; a card file with
problems is a CardPoolError that the client shows on an error screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.i18n import _, ngettext
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
            message = _("The card files in {folder} have problems:\n{problems}")
            raise CardPoolError(message.format(folder=card_folder, problems=error)) from None
        if len(cards) < 3:
            message = ngettext(
                "{folder} holds {count} draftable card; a draft needs at least 3",
                "{folder} holds {count} draftable cards; a draft needs at least 3",
                len(cards),
            )
            raise CardPoolError(message.format(folder=card_folder, count=len(cards)))
        return CardPool(tuple(cards), f"{len(cards)} Duelmind cards")
    try:
        cards = list(load_cardlist(OFFICIAL_CARDLIST).values())
    except (CardListError, OSError) as error:
        message = _(
            "No card set found. The game looks for Duelmind's cards in {folder}/*.json, "
            "then for the official LOCM list, which could not be read: {problem}"
        )
        raise CardPoolError(message.format(folder=card_folder, problem=error)) from None
    return CardPool(tuple(cards), f"{len(cards)} official LOCM cards")
