"""What one player may see of a battle, and full battles sampled consistently with it.

An `Observation` holds a redacted copy of the battle: every card the observer cannot see (the
opponent's hand, both decks) is an `Instance` whose `card` is None. Instance ids stay true: they
follow from deck positions (2*i + p + 1), so they are public. The observer also knows the
contents of its own remaining deck (it drafted it) but not their order.

`determinize()` fills the hidden cards back in: the own deck shuffled, the opponent's unseen
cards drawn from a candidate pool. Searches (information-set MCTS) call it once per sample, so
the AI never looks at a card it could not know.

battle.py imports this module (`Battle.observation()` creates Observations), so this one names
the battle only through `ObservedBattle`, what an observation needs of it: an
`Observation[Battle]` holds a `Battle` and determinizes into one.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Generic, Protocol, Self, Sequence, TypeVar

from game.rules.cards.state import HIDDEN, Creature, Instance, Side
from game.rules.cards.model import Card


class ObservedBattle(Protocol):
    """What an observation reads and copies of a battle (game.rules.cards.battle.Battle has it)."""

    sides: list[Side]
    rng_state: int

    def clone(self) -> Self: ...

    def _detect_effects(self) -> None: ...


B = TypeVar("B", bound=ObservedBattle)  # the battle's class: Battle


class Observation(Generic[B]):
    __slots__ = ("player", "battle", "my_deck", "opponent_seen", "card_pool")

    def __init__(
        self,
        player: int,
        battle: B,
        my_deck: Sequence[Card] | None,
        opponent_seen: Sequence[Card],
        card_pool: Sequence[Card],
    ):
        self.player = player
        self.battle = battle  # redacted: hidden cards are Instance(uid, None)
        self.my_deck = None if my_deck is None else list(my_deck)  # own remaining deck, unordered
        self.opponent_seen = list(opponent_seen)  # opponent cards revealed so far (played)
        self.card_pool = list(card_pool)  # cards the decks were built from (e.g. the draft's 60)

    @classmethod
    def of(cls, battle: B, player: int, card_pool: Sequence[Card] | None = None) -> Observation[B]:
        redacted = battle.clone()
        redacted.rng_state = 0  # the generator's state would foretell random effects
        me = redacted.sides[player]
        opponent = redacted.sides[1 - player]
        my_deck = sorted((i.card for i in me.remaining_deck()), key=_card_order)
        _hide_deck(me)
        _hide_deck(opponent)
        opponent.hand = [Instance(i.uid, HIDDEN) for i in opponent.hand]
        played = battle.sides[1 - player].deck[: battle.sides[1 - player].deck_pos]
        in_hand = {i.uid for i in battle.sides[1 - player].hand}
        seen = [i.card for i in played if i.uid not in in_hand]
        if card_pool is None:
            card_pool = _distinct_cards(i.card for side in battle.sides for i in side.deck)
        return cls(player, redacted, my_deck, seen, card_pool)

    @property
    def me(self) -> Side:
        return self.battle.sides[self.player]

    @property
    def opponent(self) -> Side:
        return self.battle.sides[1 - self.player]

    def determinize(
        self, rng: random.Random, opponent_cards: Sequence[Card] | None = None, my_deck: Sequence[Card] | None = None
    ) -> B:
        """A full battle consistent with this observation.

        The own deck is `my_deck` (or the known contents) in a random order; each hidden
        opponent card is drawn from `opponent_cards` (a multiset: pass what the opponent can
        still hold, e.g. from draft inference) or else uniformly from the card pool."""
        battle = self.battle.clone()
        me = battle.sides[self.player]
        opponent = battle.sides[1 - self.player]
        known = my_deck if my_deck is not None else self.my_deck
        own = list(known) if known is not None else []
        if len(own) != me.deck_size:  # contents unknown (or stale): draw them from the pool
            own = [rng.choice(self.card_pool) for _ in range(me.deck_size)]
        rng.shuffle(own)
        _fill_deck(me, own)
        candidates = list(opponent_cards) if opponent_cards else self.card_pool
        hidden = opponent.deck_size + len(opponent.hand)
        if opponent_cards and len(candidates) >= hidden:
            drawn = rng.sample(candidates, hidden)
        else:
            drawn = [rng.choice(candidates) for _ in range(hidden)]
        opponent.hand = [Instance(i.uid, card) for i, card in zip(opponent.hand, drawn)]
        _fill_deck(opponent, drawn[len(opponent.hand) :])
        battle.rng_state = rng.getrandbits(64)
        battle._detect_effects()  # the sampled cards may differ in what they need
        return battle


def _card_order(card: Card) -> int:
    return card.base_id


def _distinct_cards(cards) -> list[Card]:
    return list({card.base_id: card for card in cards}.values())


def _hide_deck(side: Side) -> None:
    side.deck = side.deck[: side.deck_pos] + tuple(Instance(i.uid, HIDDEN) for i in side.remaining_deck())


def _fill_deck(side: Side, cards: Sequence[Card]) -> None:
    remaining = side.remaining_deck()
    side.deck = side.deck[: side.deck_pos] + tuple(Instance(i.uid, card) for i, card in zip(remaining, cards))


def count_cards(cards: Sequence[Card]) -> Counter:
    """A multiset of cards by base id (for inference and tests)."""
    return Counter(card.base_id for card in cards)


def creature_from_line(
    card: Card, uid: int, attack: int, defense: int, keywords: int, lane: int, shows_effects: bool, can_attack: bool
) -> Creature:
    """A board creature rebuilt from protocol values (for bots that only see text)."""
    creature = Creature(uid, card, lane)
    creature.attack = attack
    creature.defense = defense
    creature.keywords = keywords
    creature.can_attack = can_attack
    creature.shows_effects = shows_effects
    return creature
