"""Card definitions: what a card is before it enters a game.

A `Card` is immutable and shared by every copy of it in every game; the per-game state of a
creature on the board lives in `game.cards.battle.Creature`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class CardType(IntEnum):
    """The LOCM card types, numbered as the CodinGame protocol numbers them."""

    CREATURE = 0
    GREEN = 1  # item for an own creature
    RED = 2  # item for an enemy creature
    BLUE = 3  # item for an enemy creature or the opponent


# Keywords are bit flags so that a creature's keywords are one int: cheap to copy and to test.
BREAKTHROUGH = 1
CHARGE = 2
DRAIN = 4
GUARD = 8
LETHAL = 16
WARD = 32

# The protocol's six-character abilities field, in order: "BCDGLW" with "-" for absent.
KEYWORD_LETTERS = "BCDGLW"
KEYWORD_NAMES = ("Breakthrough", "Charge", "Drain", "Guard", "Lethal", "Ward")
KEYWORD_BITS = (BREAKTHROUGH, CHARGE, DRAIN, GUARD, LETHAL, WARD)


def parse_keywords(text: str) -> int:
    """Parse a "BCDGLW"-style field ("-" for absent, any order) into keyword bits."""
    bits = 0
    for letter in text.strip():
        if letter == "-":
            continue
        index = KEYWORD_LETTERS.find(letter)
        if index < 0:
            raise ValueError(f"unknown keyword letter {letter!r} in {text!r}")
        bits |= KEYWORD_BITS[index]
    return bits


_KEYWORD_TEXT = tuple(
    "".join(letter if bits & bit else "-" for letter, bit in zip(KEYWORD_LETTERS, KEYWORD_BITS))
    for bits in range(64)
)


def format_keywords(bits: int) -> str:
    """The six-character protocol form of keyword bits, e.g. "B--G--"."""
    return _KEYWORD_TEXT[bits & 63]


def keyword_names(bits: int) -> list[str]:
    return [name for name, bit in zip(KEYWORD_NAMES, KEYWORD_BITS) if bits & bit]


@dataclass(frozen=True, slots=True)
class Card:
    """One card definition.

    `my_health`, `opp_health` and `draw` apply when the card is played (a creature summoned or
    an item used): a change of the player's own health, of the opponent's health, and cards
    added to the player's next draw.
    """

    base_id: int
    name: str
    type: CardType
    cost: int
    attack: int
    defense: int
    keywords: int = 0
    my_health: int = 0
    opp_health: int = 0
    draw: int = 0
    text: str = ""

    @property
    def is_creature(self) -> bool:
        return self.type == CardType.CREATURE

    def has(self, keyword: int) -> bool:
        return bool(self.keywords & keyword)
