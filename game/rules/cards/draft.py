"""The arena draft: 60 distinct cards drawn from a pool, 30 picks of 3 offered to both players
alike, secret choices, then each deck shuffled. Works with any card pool."""

from __future__ import annotations

import random
import re
from typing import Callable, Sequence

from game.rules.cards.model import Card

DRAFT_CARDS = 60
PICKS = 30
OFFER_SIZE = 3


class DraftAnswerError(ValueError):
    """A draft answer that is not PICK n, CHOOSE id or PASS for the current offer."""


# An answer's number: ASCII digits only (str.isdigit() also takes "²", which int() refuses) and
# short enough that int() never refuses it either.
_NUMBER = re.compile(r"-?[0-9]{1,18}\Z")


class Draft:
    def __init__(
        self,
        pool: Sequence[Card],
        rng: random.Random,
        picks: int = PICKS,
        draft_cards: int = DRAFT_CARDS,
        offer_size: int = OFFER_SIZE,
    ):
        distinct = list({card.base_id: card for card in pool}.values())
        if len(distinct) < offer_size:
            raise ValueError(f"a draft needs at least {offer_size} distinct cards, the pool has {len(distinct)}")
        self.cards = rng.sample(distinct, min(draft_cards, len(distinct)))
        self.offers = [tuple(rng.sample(self.cards, offer_size)) for _ in range(picks)]
        self.picks: list[list[Card]] = [[], []]

    @property
    def pick_number(self) -> int:
        """The pick both players are on (0-based); equals len(offers) when the draft is over."""
        return min(len(self.picks[0]), len(self.picks[1]))

    @property
    def is_complete(self) -> bool:
        return self.pick_number >= len(self.offers)

    def offer(self, pick: int | None = None) -> tuple[Card, ...]:
        return self.offers[self.pick_number if pick is None else pick]

    def choose(self, seat: int, index: int) -> Card:
        """Player `seat` takes card `index` (0..2) of its current offer."""
        pick = len(self.picks[seat])
        if pick >= len(self.offers):
            raise ValueError(f"player {seat} has made all its picks")
        offer = self.offers[pick]
        if not 0 <= index < len(offer):
            raise DraftAnswerError(f"pick index {index} is not between 0 and {len(offer) - 1}")
        self.picks[seat].append(offer[index])
        return offer[index]

    def decks(self, rng: random.Random) -> list[list[Card]]:
        """Both decks, each shuffled (first player first)."""
        decks = [list(picks) for picks in self.picks]
        for deck in decks:
            rng.shuffle(deck)
        return decks


def parse_draft_answer(line: str, offer: Sequence[Card]) -> int:
    """The offer index a bot's draft answer names: PICK n, CHOOSE baseId, or PASS (= 0)."""
    words = line.split()
    if not words:
        raise DraftAnswerError("empty draft answer")
    verb = words[0].upper()
    if verb == "PASS":
        return 0
    if verb in ("PICK", "CHOOSE") and len(words) >= 2 and _NUMBER.match(words[1]):
        number = int(words[1])
        if verb == "PICK":
            if 0 <= number < len(offer):
                return number
            raise DraftAnswerError(f"PICK {number}: the offer has cards 0 to {len(offer) - 1}")
        for index, card in enumerate(offer):
            if card.base_id == number:
                return index
        raise DraftAnswerError(f"CHOOSE {number}: card {number} is not offered")
    raise DraftAnswerError(f"not a draft answer: {line.strip()[:80]!r}")


Chooser = Callable[[int, int, tuple[Card, ...]], int]  # (seat, pick, offer) -> index


def run_draft(pool: Sequence[Card], rng: random.Random, choosers: Sequence[Chooser]) -> tuple[Draft, list[list[Card]]]:
    """Run a whole draft with two choosers and return it with the shuffled decks."""
    draft = Draft(pool, rng)
    for pick in range(len(draft.offers)):
        offer = draft.offers[pick]
        for seat in (0, 1):
            draft.choose(seat, choosers[seat](seat, pick, offer))
    return draft, draft.decks(rng)
