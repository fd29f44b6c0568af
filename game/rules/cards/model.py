"""Card definitions: what a card is before it enters a game.

A `Card` is immutable and shared by every copy of it in every game; the per-game state of a
creature on the board lives in `game.rules.cards.battle.Creature`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum


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
    "".join(letter if bits & bit else "-" for letter, bit in zip(KEYWORD_LETTERS, KEYWORD_BITS)) for bits in range(64)
)


def format_keywords(bits: int) -> str:
    """The six-character protocol form of keyword bits, e.g. "B--G--"."""
    return _KEYWORD_TEXT[bits & 63]


def keyword_names(bits: int) -> list[str]:
    return [name for name, bit in zip(KEYWORD_NAMES, KEYWORD_BITS) if bits & bit]


class Trigger(StrEnum):
    """When a card's effect fires (see game/rules/cards/effects.py for the exact order)."""

    PLAY = "play"  # a creature summoned (battlecry) or an item used
    DEATH = "death"  # after the creature left the board (deathrattle)
    TURN_START = "turn_start"  # its owner's turn, after the draw
    TURN_END = "turn_end"  # its owner ends the turn
    ATTACK = "attack"  # it attacks, before combat damage
    ATTACKED = "attacked"  # it is attacked, before combat damage
    AURA = "aura"  # continuous, while it is on the board


class Do(StrEnum):
    """What an effect does."""

    DAMAGE = "damage"  # amount: creatures (Ward cancels it) or players (runes break as usual)
    HEAL = "heal"  # amount: players only
    DRAW = "draw"  # amount: the owner draws now
    GIVE = "give"  # keywords: added
    REMOVE = "remove"  # keywords: removed
    BUFF = "buff"  # attack, defense: added (negative defense is not damage: Ward does not stop it)
    SUMMON = "summon"  # token, amount (how many): into the owner's board
    DESTROY = "destroy"  # the creatures die (Ward does not save them)
    SILENCE = "silence"  # keywords and effects (auras too) removed
    MANA = "mana"  # amount: the owner gains mana this turn


class Target(StrEnum):
    """Whom an effect affects."""

    SELF = "self"
    CHOSEN = "chosen"  # the item's target, or the target chosen when summoning (see Choice)
    ENEMY_CREATURES = "enemy_creatures"
    FRIENDLY_CREATURES = "friendly_creatures"  # the others, not itself
    ALL_CREATURES = "all_creatures"  # itself included
    RANDOM_ENEMY = "random_enemy"  # a random enemy creature (the battle's seeded RNG)
    RANDOM_FRIEND = "random_friend"  # a random other friendly creature
    ADJACENT = "adjacent"  # its neighbours on its board (same lane)
    PARTNER = "partner"  # the other creature of the fight (attack/attacked triggers)
    OPPONENT = "opponent"
    ME = "me"  # the card's owner
    EACH_PLAYER = "each_player"


class Choice(StrEnum):
    """What a creature's summon may target when its play effect targets CHOSEN."""

    ENEMY_CREATURE = "enemy_creature"
    FRIENDLY_CREATURE = "friendly_creature"
    ANY_CREATURE = "any_creature"
    ENEMY = "enemy"  # an enemy creature or the opponent


PLAYER_TARGETS = frozenset({Target.OPPONENT, Target.ME, Target.EACH_PLAYER})


@dataclass(frozen=True, slots=True)
class Effect:
    trigger: Trigger
    action: Do
    target: Target
    amount: int = 0
    attack: int = 0
    defense: int = 0
    keywords: int = 0
    token: "Card | None" = None
    choose: Choice | None = None


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
    effects: tuple[Effect, ...] = ()
    token: bool = False  # summoned by effects only; never drafted
    art: str = ""  # the picture: an icon name (assets/art/icons/<art>.svg); "" lets the client choose
    # Derived from `effects` once, for the engine's inner loop:
    choice: Choice | None = field(init=False, default=None, compare=False)  # summon's chosen target
    has_aura: bool = field(init=False, default=False, compare=False)

    def __post_init__(self):
        for effect in self.effects:
            if effect.trigger == Trigger.PLAY and effect.target == Target.CHOSEN and self.type == CardType.CREATURE:
                object.__setattr__(self, "choice", effect.choose or Choice.ANY_CREATURE)
            if effect.trigger == Trigger.AURA:
                object.__setattr__(self, "has_aura", True)

    @property
    def is_creature(self) -> bool:
        return self.type == CardType.CREATURE

    def has(self, keyword: int) -> bool:
        return bool(self.keywords & keyword)
