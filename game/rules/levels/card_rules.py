"""Whether a card may appear in a card level at all (its `rules`: the style and the allowed ids):
asked by the level's build, its checks and the player-deck rules (player_deck.py), which the
build itself uses, so it sits apart from both."""

from __future__ import annotations

from game.rules.cards.model import Card
from game.rules.levels.model import CardLevel


def allowed(level: CardLevel, card: Card) -> str | None:
    """Why `card` may not appear in this level, or None."""
    rules = level.rules
    if rules.style == "plain" and card.effects:
        return f"card {card.base_id} ({card.name}) has triggered effects and the level's style is plain"
    if rules.allowed is not None and card.base_id not in rules.allowed and not card.token:
        return f"card {card.base_id} ({card.name}) is not in rules.allowed"
    return None
