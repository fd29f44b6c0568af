"""How much damage the player could deal on the first turn of a card level, at most: a quick upper
bound for the check that a "win this turn" objective can be met at all (game/rules/levels/checks.py).

The bound is generous on purpose, so that a level it flags really cannot be won: every creature
on the board that may attack hits the opponent's face (no guard, no block), every card the
player holds (or, with a shuffled deck, might draw) deals all the damage it can to the face, and
only the mana limits which of them are played (the best set that the turn's mana pays for).
When a card could change what the turn holds in ways this sum does not follow (drawing cards,
more mana, summons, buffs to several creatures, effects on attacking, auras, scripted events),
there is no bound (None) and the check says nothing.
"""

from __future__ import annotations

from game.rules.cards.model import CHARGE, Card, CardType, Do, Target, Trigger
from game.rules.levels.build import CardSetup
from game.rules.levels.model import CardLevel, DraftDeck

# Effects that add nothing to the damage to the opponent this turn.
_HARMLESS = (Do.HEAL, Do.REMOVE, Do.DESTROY, Do.SILENCE)
_AT_PLAYERS = (Target.OPPONENT, Target.CHOSEN, Target.EACH_PLAYER)


def _played(card: Card) -> int | None:
    """The most damage to the opponent `card` adds when played from the hand this turn."""
    if card.draw > 0 or card.my_health < 0:  # a draw, or an own rune broken (a draw), opens new cards
        return None
    damage = max(0, -card.opp_health)
    if card.type == CardType.CREATURE and card.has(CHARGE):
        damage += card.attack
    elif card.type == CardType.GREEN:
        damage += max(0, card.attack)  # on a creature that attacks
    elif card.type == CardType.BLUE:
        damage += max(0, -card.defense)  # aimed at the opponent
    for effect in card.effects:
        if effect.action in _HARMLESS:
            continue
        if effect.action == Do.DAMAGE and effect.trigger == Trigger.PLAY:
            damage += effect.amount if effect.target in _AT_PLAYERS else 0
            continue
        if effect.trigger != Trigger.PLAY and card.type == CardType.CREATURE and not card.has(CHARGE):
            continue  # a creature that cannot attack this turn: its later triggers do not fire now
        return None
    return damage


def most_damage_first_turn(level: CardLevel, cardset) -> tuple[int, int] | None:
    """(the most damage the player can deal on their first turn, the opponent's health then);
    None when no bound can be given (see the module's docstring)."""
    if level.events or isinstance(level.player.deck, DraftDeck) or isinstance(level.opponent.deck, DraftDeck):
        return None
    setup = CardSetup(level, 0, cardset)
    battle, _, _ = setup.build()
    seat = setup.player_seat
    if battle.current != seat:
        return None
    me, them = battle.sides[seat], battle.sides[1 - seat]
    damage = 0
    for creature in me.board:
        if creature.card.effects or creature.card.has_aura:
            if any(effect.action not in _HARMLESS for effect in creature.card.effects):
                return None
        if creature.can_attack:
            damage += max(0, creature.attack)
    for creature in them.board:
        if creature.card.has_aura:
            return None
    candidates = [instance.card for instance in me.hand]
    if level.player.deck.kind == "shuffled":  # which cards come is chance: any of them might
        candidates += [instance.card for instance in me.deck[me.deck_pos :]]
    options = []
    for card in candidates:
        adds = _played(card)
        if adds is None:
            return None
        if adds > 0 and card.cost <= me.mana:
            options.append((card.cost, adds))
    best = [0] * (me.mana + 1)  # the most damage for each amount of mana spent (0/1 knapsack)
    for cost, adds in options:
        for mana in range(me.mana, cost - 1, -1):
            best[mana] = max(best[mana], best[mana - cost] + adds)
    return damage + best[me.mana], them.health
