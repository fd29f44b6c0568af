"""How a fight and an item resolve (LOCM's combat, Ward, Lethal, Breakthrough, Drain, items), and
health with its runes. Mixed into Battle."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.cards.actions import FACE
from game.rules.cards.model import BREAKTHROUGH, CHARGE, DRAIN, LETHAL, WARD, Card, CardType
from game.rules.cards.state import RUNE_STEP, Creature, Side
from game.rules.events import Event, EventKind
from game.rules.cards.state import find_creature as _find

_GREEN = int(CardType.GREEN)  # a plain int: an enum member lookup is slow in the hot path


class Combat:
    __slots__ = ()

    # Battle's state, declared for the type checker only: annotations without a value create no
    # class attribute (the slots are Battle's and TriggeredEffects').
    sides: list[Side]
    effects_on: bool
    dying: list[tuple[int, Creature]]

    if TYPE_CHECKING:  # defined by TriggeredEffects, the other mixin of Battle

        def _fight_effects(
            self, player: int, attacker: Creature, defender: Creature | None, events: list[Event] | None
        ) -> None: ...

    def _attack(self, player: int, attacker: Creature, target_uid: int, events: list[Event] | None) -> None:
        me = self.sides[player]
        enemy = self.sides[1 - player]
        attacker.can_attack = False
        attacker.has_attacked = True
        attacker.shows_effects = False
        if events is not None:
            events.append(Event(EventKind.ATTACK, player=player, card=attacker.uid, target=target_uid))
        power = attacker.attack
        if target_uid == FACE:
            if self.effects_on and attacker.effects:
                self._fight_effects(player, attacker, None, events)
                if attacker not in me.board:
                    return
                power = attacker.attack
            if events is not None:
                events.append(Event(EventKind.DAMAGE, player=1 - player, card=FACE, target=FACE, value=power))
            self._health(enemy, 1 - player, -power, events)
            if power > 0 and attacker.keywords & DRAIN:
                self._health(me, player, power, events)
            return
        for defender in enemy.board:
            if defender.uid == target_uid:
                break
        else:  # impossible for a legal action, the only kind `do` takes
            raise AssertionError(f"attack on {target_uid}, not an enemy creature")
        defender.shows_effects = False
        if self.effects_on and (attacker.effects or defender.effects):
            self._fight_effects(player, attacker, defender, events)
            if attacker not in me.board or defender not in enemy.board:
                return  # a trigger removed one of them: no combat damage
        # Both hit at once, each blow measured against the other's state before the fight.
        hit = self._hit
        dealt = hit(defender, power, attacker.keywords & LETHAL, events)
        hit(attacker, defender.attack, defender.keywords & LETHAL, events)
        if dealt > 0:
            # Breakthrough: the excess over the defender's defense reaches the opponent, only
            # when the damage itself killed (a Lethal-only kill leaves defense at exactly 0).
            if attacker.keywords & BREAKTHROUGH and defender.defense < 0:
                overflow = -defender.defense
                if events is not None:
                    events.append(Event(EventKind.DAMAGE, player=1 - player, card=FACE, target=FACE, value=overflow))
                self._health(enemy, 1 - player, -overflow, events)
            if attacker.keywords & DRAIN:
                self._health(me, player, power, events)
        if defender.defense <= 0:
            self._bury(enemy, 1 - player, defender, events)
        if attacker.defense <= 0:
            self._bury(me, player, attacker, events)

    @staticmethod
    def _hit(creature: Creature, amount: int, lethal: int, events: list[Event] | None) -> int:
        """Deal damage to a creature; returns the damage actually dealt (0 if Ward took it).

        Lethal sets defense to 0 only when the damage itself did not kill, so a negative
        defense afterwards is exactly Breakthrough's excess."""
        if amount <= 0:
            return 0
        if creature.keywords & WARD:
            creature.keywords &= ~WARD
            if events is not None:
                events.append(Event(EventKind.WARD, card=creature.uid))
            return 0
        creature.defense -= amount
        if events is not None:
            events.append(Event(EventKind.DAMAGE, card=creature.uid, value=amount))
        if lethal and creature.defense > 0:
            creature.defense = 0
        return amount

    def _use_item(self, player: int, item: Card, item_uid: int, target_uid: int, events: list[Event] | None) -> None:
        me = self.sides[player]
        enemy = self.sides[1 - player]
        if events is not None:
            events.append(Event(EventKind.USE, player=player, card=item_uid, target=target_uid))
        if target_uid == FACE:  # blue item on the opponent
            self._health(enemy, 1 - player, item.defense, events)
            return
        if item.type == _GREEN:
            creature = _find(me.board, target_uid)
            assert creature is not None  # a legal green item targets an own creature
            creature.shows_effects = False
            gains_charge = item.keywords & CHARGE and not creature.keywords & CHARGE
            creature.keywords |= item.keywords
            if gains_charge and not creature.has_attacked:
                creature.can_attack = True
            attack = creature.attack + item.attack
            creature.attack = attack if attack > 0 else 0
            creature.defense += item.defense
            if events is not None:
                events.append(Event(EventKind.BUFF, player=player, card=target_uid))
            if creature.defense <= 0:
                self._bury(me, player, creature, events)
            return
        # Red, or blue on a creature: keywords removed first, then the stats.
        creature = _find(enemy.board, target_uid)
        assert creature is not None  # a legal red (or blue, not FACE) item targets an enemy creature
        creature.shows_effects = False
        creature.keywords &= ~item.keywords
        attack = creature.attack + item.attack
        creature.attack = attack if attack > 0 else 0
        if item.defense < 0:
            self._hit(creature, -item.defense, 0, events)
        if events is not None:
            events.append(Event(EventKind.BUFF, player=1 - player, card=target_uid))
        if creature.defense <= 0:
            self._bury(enemy, 1 - player, creature, events)

    def _bury(self, side: Side, owner: int, creature: Creature, events: list[Event] | None) -> None:
        if creature.defense <= 0 and creature in side.board:
            side.board.remove(creature)
            if events is not None:
                events.append(Event(EventKind.DEATH, player=owner, card=creature.uid))
            if creature.effects:
                self.dying.append((owner, creature))

    @staticmethod
    def _health(side: Side, player: int, change: int, events: list[Event] | None) -> None:
        if change == 0:
            return
        side.health += change
        if events is not None:
            events.append(Event(EventKind.HEALTH, player=player, value=change))
        if change < 0:
            # Every rune at or above the new health breaks, each earning a draw next turn.
            while side.next_rune > 0 and side.health <= side.next_rune:
                if events is not None:
                    events.append(Event(EventKind.RUNE, player=player, value=side.next_rune))
                side.next_rune -= RUNE_STEP
                side.next_draw += 1
