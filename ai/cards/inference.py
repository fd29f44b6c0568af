"""What the hidden cards can be: draft inference and determinization for the searches.

The agent remembers every draft offer. Both players were offered the same three cards at each
pick and each took one, so the opponent's deck is one card from each offer. Cards the opponent
has played (`Observation.opponent_seen`) are matched to distinct offers that contained them (a
random maximum matching, so a card offered at several picks may come from any of them); every
other offer gave one still-hidden card: the opponent's hand and remaining deck are sampled one
card per unmatched offer, weighted towards the cards a sensible drafter takes. So a sampled card
was always offered, and never more often than the offers allow once the played cards are
accounted for.

The own deck is known exactly (`Observation.my_deck`, the true remaining multiset); only its
order is sampled.

Without a remembered draft (decks given directly, or a draft the agent did not see) the
opponent's hidden cards are drawn from the observation's card pool, as
`Observation.determinize` does.
"""

from __future__ import annotations

import math
import random
from itertools import accumulate
from typing import Callable, Sequence

from game.rules.cards.battle import Battle, Instance
from game.rules.cards.model import Card
from game.rules.cards.observation import Observation


class DraftMemory:
    """The offers of the current game's draft, in pick order."""

    def __init__(self) -> None:
        self.offers: list[tuple[Card, ...]] = []

    def reset(self) -> None:
        self.offers = []

    def record(self, offer: Sequence[Card], pick: int) -> None:
        if pick == len(self.offers):
            self.offers.append(tuple(offer))
        elif pick < len(self.offers):  # asked again for the same pick: keep the first record
            return
        else:  # a pick we never saw: the record is incomplete, do not trust it
            self.offers = []


def match_seen(seen: Sequence[Card], offers: Sequence[Sequence[Card]], rng: random.Random) -> list[int] | None:
    """Offer indexes matched to the seen cards (distinct offers, each containing its card), in
    random order among the possible matchings; None when no matching covers every seen card."""
    holders: dict[int, list[int]] = {}
    for index, offer in enumerate(offers):
        for card_id in {card.base_id for card in offer}:
            holders.setdefault(card_id, []).append(index)
    order = list(range(len(seen)))
    rng.shuffle(order)
    owner = [-1] * len(offers)  # offer -> seen position
    for position in order:
        if not _augment(position, [False] * len(offers), seen, holders, owner, rng):
            return None
    matched = [-1] * len(seen)
    for offer_index, position in enumerate(owner):
        if position >= 0:
            matched[position] = offer_index
    return matched


def _augment(
    position: int,
    visited: list[bool],
    seen: Sequence[Card],
    holders: dict[int, list[int]],
    owner: list[int],
    rng: random.Random,
) -> bool:
    """One augmenting path of the bipartite matching from seen card `position` (Kuhn's
    algorithm). A module-level function, not a closure: a recursive closure is a reference
    cycle, and the searches run with the cyclic collector paused (search_common.no_gc)."""
    choices = holders.get(seen[position].base_id, ())
    choices = rng.sample(choices, len(choices)) if len(choices) > 1 else choices
    for offer_index in choices:
        if visited[offer_index]:
            continue
        visited[offer_index] = True
        if owner[offer_index] < 0 or _augment(owner[offer_index], visited, seen, holders, owner, rng):
            owner[offer_index] = position
            return True
    return False


class HiddenSampler:
    """Samples the hidden cards of one observation: `sample()` -> (own deck in draw order,
    opponent's hidden cards: its hand first, then its deck in draw order)."""

    def __init__(
        self,
        observation: Observation[Battle],
        offers: Sequence[Sequence[Card]],
        rng: random.Random,
        card_weight: Callable[[Card], float] | None = None,
        temperature: float = 4.0,
    ):
        self.rng = rng
        self.player = observation.player
        me = observation.me
        opponent = observation.opponent
        self.my_cards = list(observation.my_deck) if observation.my_deck is not None else []
        self.pool = list(observation.card_pool)
        if len(self.my_cards) != me.deck_size:
            # Only when the caller could not tell the own deck (e.g. a bot that missed its
            # draft): keep what is known and fill up from the pool rather than fail.
            rng.shuffle(self.my_cards)
            del self.my_cards[me.deck_size :]
            filler = self.my_cards or self.pool
            while len(self.my_cards) < me.deck_size and filler:
                self.my_cards.append(rng.choice(filler))
        self.hidden_count = opponent.deck_size + len(opponent.hand)
        self.seen = list(observation.opponent_seen)
        self.offers = [tuple(offer) for offer in offers]
        self._cumulative: list[list[float]] = []
        weight = card_weight or (lambda card: 0.0)
        for offer in self.offers:
            raw = [weight(card) / temperature for card in offer]
            top = max(raw)
            self._cumulative.append(list(accumulate(math.exp(value - top) for value in raw)))
        # Is the draft record usable? Every seen card must come from a distinct offer, and the
        # unmatched offers must be enough for the hidden cards.
        self.from_draft = (
            bool(self.offers)
            and len(self.offers) - len(self.seen) >= self.hidden_count
            and (match_seen(self.seen, self.offers, rng) is not None)
        )

    def opponent_cards(self) -> list[Card]:
        """One sample of the opponent's hidden cards (hand first, then deck order)."""
        rng = self.rng
        if not self.from_draft:
            pool = self.pool or self.seen or self.my_cards
            if not pool:
                raise ValueError("no card pool to sample the opponent's cards from")
            return [rng.choice(pool) for _ in range(self.hidden_count)]
        matched = set(match_seen(self.seen, self.offers, rng) or ())
        free = [index for index in range(len(self.offers)) if index not in matched]
        if len(free) > self.hidden_count:
            free = rng.sample(free, self.hidden_count)
        cards = []
        for index in free:
            offer = self.offers[index]
            cumulative = self._cumulative[index]
            cards.append(offer[_draw_index(cumulative, rng.random() * cumulative[-1])])
        rng.shuffle(cards)
        return cards

    def my_deck(self) -> list[Card]:
        cards = self.my_cards[:]
        self.rng.shuffle(cards)
        return cards

    def sample(self) -> "Determinization":
        return Determinization(self.player, self.my_deck(), self.opponent_cards(), self.rng.getrandbits(64))


def _draw_index(cumulative: list[float], x: float) -> int:
    for index, bound in enumerate(cumulative):
        if x < bound:
            return index
    return len(cumulative) - 1


class Determinization:
    """One sampled assignment of every hidden card; `fill(battle)` returns a full clone of a
    redacted battle of the same turn (same hand and deck ids) with the hidden cards set, and
    with the random-effect generator in a sampled state of its own (the observation's state is
    a fixed 0, which would give every simulation the same luck)."""

    __slots__ = (
        "player",
        "my_cards",
        "opponent_cards",
        "rng_state",
        "_cache_key",
        "_my_deck",
        "_opp_deck",
        "_opp_hand",
    )

    def __init__(self, player: int, my_cards: list[Card], opponent_cards: list[Card], rng_state: int = 0):
        self.player = player
        self.my_cards = my_cards
        self.opponent_cards = opponent_cards
        self.rng_state = rng_state
        self._cache_key: tuple[int, int, tuple[int, ...]] | None = None

    def _prepare(self, battle: Battle) -> None:
        me = battle.sides[self.player]
        opponent = battle.sides[1 - self.player]
        remaining = me.remaining_deck()
        self._my_deck = me.deck[: me.deck_pos] + tuple(
            Instance(i.uid, card) for i, card in zip(remaining, self.my_cards)
        )
        hand = opponent.hand
        self._opp_hand = [Instance(i.uid, card) for i, card in zip(hand, self.opponent_cards)]
        rest = self.opponent_cards[len(hand) :]
        self._opp_deck = opponent.deck[: opponent.deck_pos] + tuple(
            Instance(i.uid, card) for i, card in zip(opponent.remaining_deck(), rest)
        )
        self._cache_key = (me.deck_pos, opponent.deck_pos, tuple(i.uid for i in hand))

    def fill(self, battle: Battle) -> Battle:
        me = battle.sides[self.player]
        opponent = battle.sides[1 - self.player]
        key = (me.deck_pos, opponent.deck_pos, tuple(i.uid for i in opponent.hand))
        if key != self._cache_key:
            self._prepare(battle)
        full = battle.clone()
        full.sides[self.player].deck = self._my_deck
        full.sides[1 - self.player].deck = self._opp_deck
        full.sides[1 - self.player].hand = self._opp_hand[:]
        full.rng_state = self.rng_state
        return full
