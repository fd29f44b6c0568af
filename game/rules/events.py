"""What happened in a game, as typed values: every game's `apply(action)` returns a list of these.

One shape for all of Duelmind's games (cards, gomoku, and the games to come): an `EventKind`
and named fields, always built by keyword (`Event(EventKind.BUFF, player=0, card=uid)`), so a
value can never land in the wrong field. The client's animators are tables from kind to
animation; the logs and the level objectives read the same events.

Fields and what they mean for each kind:

| kind | player | card | target | value | point / line |
| --- | --- | --- | --- | --- | --- |
| TURN | whose turn starts | | | turn number | |
| DRAW, GIVE | who gets the card | the card | | | |
| HAND_FULL | who could not draw | | | | |
| RUNE | whose rune broke | | | the rune (25, 20, ...) | |
| DECK_OUT | who drew from an empty deck | | | new health | |
| SUMMON | owner | the creature | | lane | |
| USE | who used it | the item | its target (FACE: the opponent) | | |
| ATTACK | attacker's owner | the attacker | the defender or FACE | | |
| DAMAGE | whose face (card FACE) | the creature hit, or FACE | | amount | |
| WARD | | the creature that lost its Ward | | | |
| DEATH | owner | the creature | | | |
| HEALTH | whose health changed | | | the change | |
| BUFF | owner | the creature whose stats changed | | | |
| SILENCE | owner | the creature silenced | | | |
| TRIGGER | the source's owner | the source | the chosen target | | |
| MANA | who gains mana | | | amount | |
| STONE | who placed it | | | | point = (x, y) |
| FOUL | the player who made a renju foul | | | | foul = its name |
| WIN | the winner | | | | line = the winning five (gomoku) |
| DRAW_GAME | | | | | |
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from enum import Enum

NO_CARD = 0
FACE = -1  # a player's face (portrait) as a target; the same value as game.rules.cards.actions.FACE


class EventKind(Enum):
    # card duels
    TURN = "turn"
    DRAW = "draw"
    GIVE = "give"  # a level's scripted event puts a card into a hand
    HAND_FULL = "hand_full"
    RUNE = "rune"
    DECK_OUT = "deck_out"
    SUMMON = "summon"
    USE = "use"
    ATTACK = "attack"
    DAMAGE = "damage"
    WARD = "ward"
    DEATH = "death"
    HEALTH = "health"
    BUFF = "buff"
    SILENCE = "silence"
    TRIGGER = "trigger"
    MANA = "mana"
    # gomoku
    STONE = "stone"
    FOUL = "foul"
    # skirmish (fields: player = the hero's team, card = the hero's uid 1..6, target = the other
    # hero's uid or -1, point = a cell (x, y), name = an ability id or a status name)
    ROUND = "round"  # value: the round number starting
    HERO_TURN = "hero_turn"  # card: the hero whose turn starts; value: its energy
    MOVE = "move"  # card walked to point along line (the path, start excluded); value: energy spent
    CAST = "cast"  # card cast ability name on point
    MISS = "miss"  # card's attack on target missed
    CRIT = "crit"  # card's attack on target is a critical hit (its DAMAGE follows)
    HEAL = "heal"  # card healed by value
    ABSORB = "absorb"  # card's shield absorbed value damage
    DISPLACE = "displace"  # card pushed, pulled, dashed or teleported to point (name: the ability)
    STATUS = "status"  # card gets status name for value turns
    EXPIRE = "expire"  # card's status name ended
    STUNNED = "stunned"  # card's turn is skipped
    ENERGY = "energy"  # card gains value energy
    # skirmish also uses DAMAGE (card: the hero hit, target: the source or -1, value: amount),
    # DEATH (player, card) and MANA (card: the hero, value: the change)
    # every game
    WIN = "win"
    DRAW_GAME = "draw_game"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened (see the module docstring for each kind's fields)."""

    kind: EventKind
    _: KW_ONLY  # every other field by name
    player: int = -1
    card: int = NO_CARD
    target: int = FACE
    value: int = 0
    point: tuple[int, int] | None = None
    line: tuple[tuple[int, int], ...] = ()
    foul: str = ""
    name: str = ""  # skirmish: the ability id (CAST, DISPLACE) or the status name (STATUS, EXPIRE)
