"""A level's rule twist inside the battle: the one place the card engine hears of level modifiers.

A campaign boss may bend the rules (game/rules/levels/modifiers.py reads them from the level
file): a side draws two cards a turn, gains extra mana each turn, or has a cursed lane whose
creatures take damage when their side ends its turn. `Battle.twist` holds a `BattleTwist` (None
in every other battle); the battle calls `turn_start` before a side's draw and `turn_end` before
the turn passes. The twist lives in the battle, so clones, observations and the AIs' sampled
battles keep it: the AI searches the twisted rules, and the referee and `levels simulate` play
them, without any of them knowing levels exist.

Frozen and made of tuples, so clones share one instance and the worker pool can pickle it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.rules.cards.state import Creature, Side
from game.rules.events import Event, EventKind


class Battle(Protocol):
    """What a twist uses of game.rules.cards.battle.Battle (named so, not imported: the battle
    imports this module)."""

    sides: list[Side]
    effects_on: bool

    def _hit(self, creature: Creature, amount: int, lethal: int, events: list[Event] | None) -> int: ...

    def _bury(self, side: Side, owner: int, creature: Creature, events: list[Event] | None) -> None: ...

    def _settle(self, events: list[Event] | None) -> None: ...

    def _check_winner(self, acting: int, events: list[Event] | None) -> None: ...


@dataclass(frozen=True)
class BattleTwist:
    extra_draws: tuple[int, int] = (0, 0)  # by seat: cards drawn at each turn start on top of the usual one
    extra_mana: tuple[int, int] = (0, 0)  # by seat: mana added at each turn start (that turn only)
    cursed_lane: int | None = None  # the lane whose creatures are hurt at their side's turn end
    curse_damage: tuple[int, int] = (0, 0)  # by seat: what each of its creatures there takes

    def turn_start(self, battle: Battle, player: int, events: list[Event] | None) -> None:
        """Before `player`'s draw (its mana already set): more cards to draw, more mana."""
        side = battle.sides[player]
        side.next_draw += self.extra_draws[player]
        surge = self.extra_mana[player]
        if surge:
            side.mana += surge
            if events is not None:
                events.append(Event(EventKind.MANA, player=player, value=surge))

    def turn_end(self, battle: Battle, player: int, events: list[Event] | None) -> None:
        """As `player` ends its turn: its creatures in the cursed lane take the curse's damage
        (Ward stops it as it stops any damage), the dead are buried (death effects resolve) and
        the winner is checked as after any action."""
        damage = self.curse_damage[player]
        if self.cursed_lane is None or not damage:
            return
        side = battle.sides[player]
        hurt = [creature for creature in side.board if creature.lane == self.cursed_lane]
        for creature in hurt:
            battle._hit(creature, damage, 0, events)
        for creature in hurt:
            if creature.defense <= 0:
                battle._bury(side, player, creature, events)
        if battle.effects_on:
            battle._settle(events)
        if battle.sides[0].health <= 0 or battle.sides[1].health <= 0:
            battle._check_winner(player, events)
