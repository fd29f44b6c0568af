"""The records a battle is made of: cards in decks and hands, creatures on boards, each player's
side, and the events an action produces. Rules live in battle.py, legality.py and combat.py."""

from __future__ import annotations

from typing import Iterable, Sequence, cast

from game.rules.cards.actions import Action
from game.rules.game_api import IllegalAction as BaseIllegalAction
from game.rules.cards.model import CHARGE, Card

STARTING_HEALTH = 30
FIRST_RUNE = 25  # runes at 25, 20, 15, 10, 5
RUNE_STEP = 5
HAND_LIMIT = 8
MAX_MANA = 12
BOARD_LIMIT = 6  # creatures per player; with two lanes, 3 per lane
TURN_LIMIT = 50  # from a player's 51st turn on, every draw breaks a rune instead
OPENING_HAND = (4, 5)  # cards drawn before the first turn, by seat

_new = object.__new__  # what Class.__new__(Class) calls, without the two lookups (clones are hot)

# The card of an Instance its observer cannot see (an Observation's redacted battle): None.
# Typed as a Card because what reads `Instance.card` unguarded (the engine, the searches) runs
# on full battles; the code that meets redacted ones checks `card is None`.
HIDDEN: Card = cast(Card, None)


class Instance:
    """A card with its per-game instance id, in a deck or a hand (never changes there)."""

    __slots__ = ("uid", "card")

    def __init__(self, uid: int, card: Card):
        self.uid = uid
        self.card = card

    def __repr__(self) -> str:
        return f"Instance({self.uid}, {self.card.name if self.card else 'hidden'!r})"


class Creature:
    """A creature on the board: the card's stats as changed by combat and items."""

    __slots__ = (
        "uid",
        "card",
        "attack",
        "defense",
        "keywords",
        "lane",
        "can_attack",
        "has_attacked",
        "shows_effects",
        "effects",
        "aura",
    )

    def __init__(self, uid: int, card: Card, lane: int = 0):
        self.uid = uid
        self.card = card
        self.attack = card.attack
        self.defense = card.defense
        self.keywords = card.keywords
        self.lane = lane
        self.can_attack = card.keywords & CHARGE != 0
        self.has_attacked = False
        # The referee prints a board creature's summon effects until it first fights or is
        # targeted by an item; after that the columns read 0 (display only).
        self.shows_effects = True
        self.effects = card.effects  # emptied by silence
        self.aura = (0, 0)  # the attack and defense bonus it has from auras now

    def copy(self) -> "Creature":
        twin = _new(Creature)
        twin.uid = self.uid
        twin.card = self.card
        twin.attack = self.attack
        twin.defense = self.defense
        twin.keywords = self.keywords
        twin.lane = self.lane
        twin.can_attack = self.can_attack
        twin.has_attacked = self.has_attacked
        twin.shows_effects = self.shows_effects
        twin.effects = self.effects
        twin.aura = self.aura
        return twin

    def __repr__(self) -> str:
        return f"Creature({self.uid}, {self.card.name!r}, {self.attack}/{self.defense}, lane {self.lane})"


class Side:
    """One player's half of the battle."""

    __slots__ = (
        "health",
        "max_mana",
        "bonus_mana",
        "bonus_ends",
        "mana",
        "deck",
        "deck_pos",
        "hand",
        "board",
        "next_rune",
        "next_draw",
        "drawn",
        "turns",
        "actions",
    )

    def __init__(self, deck: Sequence[Instance], bonus_mana: int = 0):
        self.health = STARTING_HEALTH
        self.max_mana = 0  # grows by 1 a turn up to MAX_MANA; the bonus is on top
        self.bonus_mana = bonus_mana  # the second player's +1 until a turn ends with 0 mana left
        self.bonus_ends = False
        self.mana = 0
        self.deck: tuple[Instance, ...] = tuple(deck)  # draw order; shared between clones
        self.deck_pos = 0
        self.hand: list[Instance] = []
        self.board: list[Creature] = []
        self.next_rune = FIRST_RUNE  # the remaining runes are next_rune, next_rune - 5, ..., 5
        self.next_draw = 1  # cards to draw at the start of the next own turn
        self.drawn = 1  # cards drawn at the start of the current (or last) own turn
        self.turns = 0
        self.actions: list[tuple[int, Action]] = []  # (base id, action) played this turn

    @property
    def deck_size(self) -> int:
        return len(self.deck) - self.deck_pos

    @property
    def turn_mana(self) -> int:
        """The max mana of this player's current or last turn (what the protocol shows)."""
        return self.max_mana + self.bonus_mana

    def remaining_deck(self) -> tuple[Instance, ...]:
        return self.deck[self.deck_pos :]

    def copy(self) -> "Side":
        twin = _new(Side)
        twin.health = self.health
        twin.max_mana = self.max_mana
        twin.bonus_mana = self.bonus_mana
        twin.bonus_ends = self.bonus_ends
        twin.mana = self.mana
        twin.deck = self.deck
        twin.deck_pos = self.deck_pos
        twin.hand = self.hand[:]
        twin.board = list(map(_copy_creature, self.board))
        twin.next_rune = self.next_rune
        twin.next_draw = self.next_draw
        twin.drawn = self.drawn
        twin.turns = self.turns
        twin.actions = self.actions[:]
        return twin


_copy_creature = Creature.copy  # map() over the plain function: no bound method per creature


class IllegalAction(BaseIllegalAction):
    """An action that is well formed but not allowed now."""


def find_creature(board: Iterable[Creature], uid: int) -> Creature | None:
    for creature in board:
        if creature.uid == uid:
            return creature
    return None
