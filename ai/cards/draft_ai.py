"""The draft AI of Medium and Hard: card value, mana curve and keyword needs.

Each offered card gets a score and the best is taken:

- value: the card's fitted contribution to winning (`ai/cards/draft_weights.json`: a logistic
  model of game outcomes on the decks' stats, keywords, costs, item effects and triggered
  effects), times `value_scale`; it already weighs what a card gives against its cost. Medium's
  values ("stats") were fitted on rule-bot games with random drafts (`game/tools/draft_fit.py`);
  hard's ("selfplay") have the stat weights refitted per lane variant on hard's own games
  (`game/tools/draft_selfplay.py`);
- curve: each cost bucket has a target share of the deck; a card whose bucket is behind its
  share at this point of the draft gains, one that is ahead loses;
- needs: enough creatures (items are capped: a hand of items with nothing to put them on is
  dead) and a few Guards to protect the face.

Measured with the same player on both seats (`arena --p1 easy --p1-draft medium --p2 easy`), this
draft beats the rule bot's curve draft; see the README's Card AI section for the numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ai.cards.card_features import fitted_weights, value as fitted_value
from game.rules.cards.model import GUARD, Card, CardType

# Cost buckets (0-1, 2, 3, 4, 5, 6, 7+) and the share of a 30-card deck each should hold.
BUCKET_OF_COST = (0, 0, 1, 2, 3, 4, 5)
CURVE_TARGET = (3.0, 6.0, 6.0, 5.0, 4.0, 3.0, 3.0)
DECK_SIZE = 30


def bucket(cost: int) -> int:
    return BUCKET_OF_COST[cost] if cost < len(BUCKET_OF_COST) else len(CURVE_TARGET) - 1


@dataclass(frozen=True)
class DraftWeights:
    value_scale: float = 80.0  # score points per unit of fitted log-odds
    curve: float = 1.8  # per card of deficit in the card's cost bucket
    items_soft_cap: int = 9  # items beyond this cost `item_penalty` each
    item_penalty: float = 3.5
    guard_target: int = 4
    guard_bonus: float = 1.5
    min_creatures: int = 16


class DraftAI:
    """Scores offered cards given the cards already picked."""

    def __init__(self, weights: DraftWeights = DraftWeights(), source: str = "stats"):
        self.weights = weights
        # "stats": the rule-bot fit (medium); "selfplay": the per-lane refit on hard's own games,
        # which hard drafts with (README, Card AI: the draft refitted on hard's own games).
        if source not in ("stats", "selfplay"):
            raise ValueError(f"draft values: stats or selfplay, not {source!r}")
        self.source = source
        self.lanes: int | None = None
        self._values: dict[tuple[Card, int | None], float] = {}

    def new_game(self, lanes: int | None = None) -> None:
        """Values follow the lane variant; nothing else survives between games except the value
        cache (keyed by the card itself: two cards are the same card only when every field is
        equal)."""
        self.lanes = lanes

    def value(self, card: Card) -> float:
        """The card's own value (no deck context)."""
        key = (card, self.lanes)
        value = self._values.get(key)
        if value is None:
            weights = fitted_weights(self.lanes, self.source)
            value = self._values[key] = self.weights.value_scale * fitted_value(card, weights)
        return value

    def score(self, card: Card, picked: Sequence[Card], pick: int) -> float:
        w = self.weights
        score = self.value(card)
        # Curve: the deficit of the card's bucket against its share at this point of the draft.
        progress = (pick + 1) / DECK_SIZE
        b = bucket(card.cost)
        have = sum(1 for c in picked if bucket(c.cost) == b)
        deficit = CURVE_TARGET[b] * progress - have
        score += w.curve * max(-3.0, min(3.0, deficit))
        items = sum(1 for c in picked if c.type != CardType.CREATURE)
        if card.type != CardType.CREATURE:
            if items >= w.items_soft_cap:
                score -= w.item_penalty * (items - w.items_soft_cap + 1)
        else:
            creatures = len(picked) - items
            still_needed = w.min_creatures - creatures
            picks_left = DECK_SIZE - pick
            if still_needed > 0 and still_needed >= picks_left - 2:
                score += 4.0
            if card.keywords & GUARD:
                guards = sum(1 for c in picked if c.keywords & GUARD)
                if guards < w.guard_target:
                    score += w.guard_bonus
        return score

    def pick(self, offer: Sequence[Card], picked: Sequence[Card], pick: int) -> int:
        scores = [self.score(card, picked, pick) for card in offer]
        return max(range(len(offer)), key=scores.__getitem__)
