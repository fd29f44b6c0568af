"""Small builders for hand-made battle positions in tests."""

from __future__ import annotations

from game.rules.cards.battle import Battle, Creature, Instance
from game.rules.cards.model import Card, CardType, parse_keywords

_next_id = iter(range(1000, 10**6))


def creature_card(
    attack: int = 1,
    defense: int = 1,
    keywords: str = "",
    cost: int = 0,
    my_health: int = 0,
    opp_health: int = 0,
    draw: int = 0,
    base_id: int | None = None,
) -> Card:
    return Card(
        base_id or next(_next_id),
        "test creature",
        CardType.CREATURE,
        cost,
        attack,
        defense,
        parse_keywords(keywords),
        my_health,
        opp_health,
        draw,
    )


def item_card(
    card_type: CardType,
    attack: int = 0,
    defense: int = 0,
    keywords: str = "",
    cost: int = 0,
    my_health: int = 0,
    opp_health: int = 0,
    draw: int = 0,
) -> Card:
    return Card(
        next(_next_id),
        "test item",
        card_type,
        cost,
        attack,
        defense,
        parse_keywords(keywords),
        my_health,
        opp_health,
        draw,
    )


FILLER = Card(999, "filler", CardType.CREATURE, 99, 1, 1)  # too costly to ever be played


def fresh_battle(lanes: int = 1, deck_size: int = 30) -> Battle:
    """Player 0 at the start of its first turn, both decks of unplayable fillers, hands emptied."""
    battle = Battle.from_decks([[FILLER] * deck_size, [FILLER] * deck_size], lanes)
    for side in battle.sides:
        side.hand = []
    return battle


def put(battle: Battle, player: int, card: Card, uid: int, lane: int = 0, ready: bool = True) -> Creature:
    """Place a creature on a board, able to attack unless `ready` is False."""
    creature = Creature(uid, card, lane)
    creature.can_attack = ready
    battle.sides[player].board.append(creature)
    return creature


def give(battle: Battle, player: int, card: Card, uid: int) -> Instance:
    instance = Instance(uid, card)
    battle.sides[player].hand.append(instance)
    return instance
