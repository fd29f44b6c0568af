"""The rule-based card bot's arithmetic: what a card or a creature is worth in stat points, how
much the draft wants a card, and LOCM combat worked out by hand (one attack's outcome, the best
set of attackers against one target). rule_bot.py's turn planner decides with these numbers.
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from game.rules.cards.battle import Creature
from game.rules.cards.model import BREAKTHROUGH, CHARGE, DRAIN, GUARD, LETHAL, WARD, Card, CardType

# Cost buckets 0-1, 2, 3, 4, 5, 6, 7+ and how many of 30 cards each should hold.
CURVE_TARGET = (4, 6, 6, 5, 4, 2, 3)
DECK_CARDS = 30
MAX_ITEMS = 7
ALL_KEYWORDS = BREAKTHROUGH | CHARGE | DRAIN | GUARD | LETHAL | WARD


def bucket(cost: int) -> int:
    return max(0, min(cost, 7) - 1)


def creature_worth(attack: int, defense: int, keywords: int) -> float:
    """What a creature with these current stats is worth on the board, in stat points."""
    if defense <= 0:
        return 0.0
    value = float(attack + defense)
    if keywords & GUARD:
        value += 0.5 + 0.3 * defense
    if keywords & WARD:
        value += 1.5 + 0.5 * attack
    if attack > 0:
        if keywords & LETHAL:
            value += 3.0
        if keywords & DRAIN:
            value += 0.5 * attack
        if keywords & BREAKTHROUGH:
            value += 0.25 * attack
    else:
        value *= 0.6  # it can only stand in the way
    if defense == 1 and not keywords & WARD:
        value -= 1.0  # anything kills it
    return value


def creature_value(creature: Creature) -> float:
    return creature_worth(creature.attack, creature.defense, creature.keywords)


def _effects_worth(card: Card) -> float:
    return 0.4 * card.my_health - 0.6 * card.opp_health + 2.0 * card.draw


_GIVEN_KEYWORD_WORTH = ((WARD, 3.0), (LETHAL, 3.0), (GUARD, 1.5), (DRAIN, 1.5), (CHARGE, 1.0), (BREAKTHROUGH, 0.5))


def card_worth(card: Card) -> float:
    """What playing the card is worth in stat points (its board value, or its item effect)."""
    effects = _effects_worth(card)
    if card.type == CardType.CREATURE:
        charge = 0.3 * card.attack if card.keywords & CHARGE else 0.0
        return creature_worth(card.attack, card.defense, card.keywords) + charge + effects
    if card.type == CardType.GREEN:
        given = sum(worth for bit, worth in _GIVEN_KEYWORD_WORTH if card.keywords & bit)
        return 0.85 * (card.attack + card.defense + given) + effects
    damage = min(-card.defense, 8) if card.defense < 0 else 0
    stripped = 1.5 if card.keywords == ALL_KEYWORDS else (1.0 if card.keywords else 0.0)
    if card.type == CardType.RED:
        return 1.4 * damage + 0.7 * max(0, -card.attack) + stripped + effects
    return 1.2 * damage + stripped + effects  # blue: a creature or the face


def draft_score(card: Card, picked: Sequence[Card], pick: int) -> float:
    """How much the bot wants this card at draft pick `pick` (0-based) after `picked`."""
    worth = card_worth(card)
    score = worth - (2.0 * card.cost + 1.0) + 0.1 * worth
    have = sum(1 for other in picked if bucket(other.cost) == bucket(card.cost))
    expected = CURVE_TARGET[bucket(card.cost)] * (pick + 1) / DECK_CARDS
    score += 1.5 * max(-2.0, min(2.0, expected - have))
    if card.type != CardType.CREATURE:
        items = sum(1 for other in picked if other.type != CardType.CREATURE)
        if items >= MAX_ITEMS:
            score -= 3.0 + items - MAX_ITEMS
    elif card.attack == 0:
        score -= 1.0
    return score


def fight(attacker: tuple[int, int, int], defender: tuple[int, int, int]):
    """(attack, defense, keywords) of attacker and defender after one attack (LOCM combat:
    both blows at once, Ward cancels a blow and is lost, Lethal kills on any damage dealt)."""
    aa, ad, ak = attacker
    da, dd, dk = defender
    if aa > 0:
        if dk & WARD:
            dk &= ~WARD
        else:
            dd -= aa
            if ak & LETHAL and dd > 0:
                dd = 0
    if da > 0:
        if ak & WARD:
            ak &= ~WARD
        else:
            ad -= da
            if dk & LETHAL and ad > 0:
                ad = 0
    return (aa, ad, ak), (da, dd, dk)


def combat_stats(creature: Creature) -> tuple[int, int, int]:
    return creature.attack, creature.defense, creature.keywords


def stats_worth(stats: tuple[int, int, int]) -> float:
    return creature_worth(*stats)


class Combo:
    """Attackers (in order) against one target, with the predicted outcome."""

    __slots__ = ("attackers", "target", "kills", "net")

    def __init__(self, attackers: tuple[Creature, ...], target: Creature):
        self.attackers = attackers
        self.target = target
        state = combat_stats(target)
        net = stats_worth(state)
        self.kills = False
        for creature in attackers:
            if self.kills:  # a smaller combo does the same
                self.net = float("-inf")
                return
            mine, state = fight(combat_stats(creature), state)
            net -= stats_worth(combat_stats(creature)) - stats_worth(mine)
            self.kills = state[1] <= 0
        self.net = net - stats_worth(state)  # what the enemy lost minus what I lost


def best_combo(attackers: Sequence[Creature], target: Creature, size: int, must_kill: bool = True) -> Combo | None:
    """The combo of up to `size` attackers (weakest first, so a small one pops a Ward) with the
    best value balance; with must_kill only combos that kill the target."""
    best = None
    ordered = sorted(attackers, key=lambda c: (c.attack, c.defense))
    for count in range(1, min(size, len(ordered)) + 1):
        for members in combinations(ordered, count):
            combo = Combo(members, target)
            if must_kill and not combo.kills:
                continue
            if best is None or (combo.net, -count) > (best.net, -len(best.attackers)):
                best = combo
    return best
