"""Triggered effects and auras: Duelmind's cards beyond LOCM, run by the same engine.

LOCM cards have no effects, so a LOCM battle never enters this module (`Battle.effects_on` is
False) and stays exactly the official game.

Order of resolution (fixed, so games replay exactly from their seed and actions):
1. An action resolves as in LOCM: summon (the creature is placed, then the card's health and
   draw columns apply), item use, or a fight. A creature's play effects then fire in the order
   they are listed; an item's play effects fire after the item's own effect.
   In a fight, the attacker's `attack` effects fire first, then the defender's `attacked`
   effects; if either creature is gone afterwards, no combat damage is dealt.
2. After each effect, dead creatures (defense 0 or less) are swept off the boards: the acting
   player's board first, then the opponent's, each from left to right. Combat deaths: the
   defender, then the attacker.
3. Death effects then fire, in the order the creatures died, each followed by its own sweep;
   new deaths join the end of the queue. This repeats until no creature is dying.
4. Auras are recomputed (a lost defense bonus never takes a creature below 1 defense).
5. The win check: the opponent at 0 or less loses; else the acting player at 0 or less loses.
Turn triggers fire for the owner's creatures from left to right: `turn_end` when the owner
ends its turn (before the turn passes), `turn_start` after the owner's draw.
Random targets use the battle's own seeded generator (`Battle.rng_state`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.cards.actions import FACE, NO_TARGET
from game.rules.cards.model import CHARGE, PLAYER_TARGETS, Card, Choice, Do, Effect, Target, Trigger
from game.rules.cards.state import BOARD_LIMIT, Creature, Side
from game.rules.events import Event, EventKind

_MASK64 = (1 << 64) - 1
_NO_AURA = (0, 0)  # Creature.aura with no bonus
# Module globals for the legal-action generator's calls: an enum member lookup costs ~80 ns.
_FRIENDLY_CREATURE = Choice.FRIENDLY_CREATURE
_ENEMY_CREATURE = Choice.ENEMY_CREATURE
_ENEMY = Choice.ENEMY


def cards_reachable(cards) -> list[Card]:
    """The cards plus every token their effects can summon, transitively."""
    found: dict[int, Card] = {}
    stack = [card for card in cards if card is not None]
    while stack:
        card = stack.pop()
        if card.base_id in found:
            continue
        found[card.base_id] = card
        stack.extend(effect.token for effect in card.effects if effect.token is not None)
    return list(found.values())


class TriggeredEffects:
    """Mixed into Battle: everything about effects, kept out of the LOCM core."""

    # The effect machinery's own state (Battle sets them up and clones them).
    __slots__ = ("effects_on", "auras_on", "rng_state")
    effects_on: bool  # some card in this battle has effects
    auras_on: bool  # some card in this battle has an aura
    rng_state: int  # the random effects' generator

    # The rest of Battle's state, declared for the type checker only: annotations without a
    # value create no class attribute (the slots are Battle's).
    lanes: int
    sides: list[Side]
    current: int
    dying: list[tuple[int, Creature]]
    token_base: int

    if TYPE_CHECKING:  # defined by Battle and by Combat, the other mixin

        def creature(self, uid: int) -> Creature | None: ...

        def _draw(self, side: Side, player: int, count: int, events: list[Event] | None) -> None: ...

        @staticmethod
        def _hit(creature: Creature, amount: int, lethal: int, events: list[Event] | None) -> int: ...

        @staticmethod
        def _health(side: Side, player: int, change: int, events: list[Event] | None) -> None: ...

        def _bury(self, side: Side, owner: int, creature: Creature, events: list[Event] | None) -> None: ...

    # ------------------------------------------------------------------ set-up and randomness

    def _detect_effects(self) -> None:
        """Turn the effect machinery on only when some card in this battle needs it."""
        cards = [i.card for side in self.sides for i in (*side.deck, *side.hand)]
        cards += [c.card for side in self.sides for c in side.board]
        if not any(card.effects for card in cards if card is not None):
            # No effects, so no tokens either (only effects summon them) and no auras: every LOCM
            # battle, found without walking the token graph.
            self.effects_on = self.auras_on = False
            return
        reachable = cards_reachable(cards)
        self.effects_on = any(card.effects for card in reachable)
        self.auras_on = any(card.has_aura for card in reachable)

    def _random(self, n: int) -> int:
        """A number in [0, n) from the battle's own generator (an LCG; cheap to clone)."""
        self.rng_state = (self.rng_state * 6364136223846793005 + 1442695040888963407) & _MASK64
        return (self.rng_state >> 33) % n

    # ------------------------------------------------------------------ hooks used by Battle

    def _play_effects(
        self, player: int, source: Creature | None, card: Card, source_uid: int, chosen: int, events: list[Event] | None
    ) -> None:
        for effect in card.effects:
            if effect.trigger == Trigger.PLAY:
                self._fire(player, source, source_uid, effect, chosen, None, events)

    def _fight_effects(
        self, player: int, attacker: Creature, defender: Creature | None, events: list[Event] | None
    ) -> None:
        for effect in attacker.effects:
            if effect.trigger == Trigger.ATTACK:
                self._fire(player, attacker, attacker.uid, effect, NO_TARGET, defender, events)
        if defender is not None:
            for effect in defender.effects:
                if effect.trigger == Trigger.ATTACKED:
                    self._fire(1 - player, defender, defender.uid, effect, NO_TARGET, attacker, events)

    def _turn_effects(self, player: int, trigger: Trigger, events: list[Event] | None) -> None:
        for creature in list(self.sides[player].board):
            if creature.defense <= 0 or creature not in self.sides[player].board:
                continue
            for effect in creature.effects:
                if effect.trigger == trigger:
                    self._fire(player, creature, creature.uid, effect, NO_TARGET, None, events)

    def _settle(self, events: list[Event] | None) -> None:
        """Resolve death effects until no creature is dying, then recompute auras."""
        dying = self.dying
        while dying:
            owner, creature = dying.pop(0)
            for effect in creature.effects:
                if effect.trigger == Trigger.DEATH:
                    self._fire(owner, creature, creature.uid, effect, NO_TARGET, None, events)
        if self.auras_on:
            self._refresh_auras()

    # ------------------------------------------------------------------ targets

    def choice_targets(self, choice: Choice) -> list[int]:
        """The ids a summon's chosen target may take now (FACE for the opponent)."""
        me = self.sides[self.current]
        enemy = self.sides[1 - self.current]
        if choice == _FRIENDLY_CREATURE:
            return [c.uid for c in me.board]
        enemies = [c.uid for c in enemy.board]
        if choice == _ENEMY_CREATURE:
            return enemies
        if choice == _ENEMY:
            return enemies + [FACE]
        return [c.uid for c in me.board] + enemies

    def _creature_targets(
        self, owner: int, source: Creature | None, effect: Effect, chosen: int, partner: Creature | None
    ) -> list[Creature]:
        mine = self.sides[owner].board
        theirs = self.sides[1 - owner].board
        target = effect.target
        if target == Target.SELF:
            return [source] if source is not None and source in mine else []
        if target == Target.CHOSEN:
            found = self.creature(chosen) if chosen >= 0 else None
            return [found] if found is not None else []
        if target == Target.ENEMY_CREATURES:
            return list(theirs)
        if target == Target.FRIENDLY_CREATURES:
            return [c for c in mine if c is not source]
        if target == Target.ALL_CREATURES:
            return list(mine) + list(theirs)
        if target == Target.RANDOM_ENEMY:
            return [theirs[self._random(len(theirs))]] if theirs else []
        if target == Target.RANDOM_FRIEND:
            others = [c for c in mine if c is not source]
            return [others[self._random(len(others))]] if others else []
        if target == Target.ADJACENT:
            return _neighbours(mine, source)
        if target == Target.PARTNER:
            return [partner] if partner is not None and partner.defense > 0 and self.creature(partner.uid) else []
        return []

    def _player_targets(self, owner: int, effect: Effect, chosen: int) -> list[int]:
        target = effect.target
        if target == Target.OPPONENT or (target == Target.CHOSEN and chosen == FACE):
            return [1 - owner]
        if target == Target.ME:
            return [owner]
        if target == Target.EACH_PLAYER:
            return [owner, 1 - owner]
        return []

    # ------------------------------------------------------------------ effects

    def _fire(
        self,
        owner: int,
        source: Creature | None,
        source_uid: int,
        effect: Effect,
        chosen: int,
        partner: Creature | None,
        events: list[Event] | None,
    ) -> None:
        if events is not None:
            events.append(Event(EventKind.TRIGGER, player=owner, card=source_uid, target=chosen, value=0))
        action = effect.action
        side = self.sides[owner]
        if action == Do.DRAW:
            self._draw(side, owner, effect.amount, events)
            return
        if action == Do.MANA:
            side.mana += effect.amount
            if events is not None:
                events.append(Event(EventKind.MANA, player=owner, value=effect.amount))
            return
        if action == Do.SUMMON:
            lane = source.lane if source is not None else 0
            card = effect.token
            assert card is not None  # the card set refuses a summon without a token (cardset.py)
            for _ in range(effect.amount or 1):
                if not self._lane_has_room(side, lane):
                    break
                token = Creature(self._token_uid(owner), card, lane)
                token.can_attack = bool(token.keywords & CHARGE)
                side.board.append(token)
                if events is not None:
                    events.append(Event(EventKind.SUMMON, player=owner, card=token.uid, target=FACE, value=lane))
            if self.auras_on:
                self._refresh_auras()
            return
        if effect.target in PLAYER_TARGETS or (effect.target == Target.CHOSEN and chosen == FACE):
            for player in self._player_targets(owner, effect, chosen):
                change = -effect.amount if action == Do.DAMAGE else effect.amount if action == Do.HEAL else 0
                if change and events is not None and action == Do.DAMAGE:
                    events.append(Event(EventKind.DAMAGE, player=player, card=FACE, target=FACE, value=effect.amount))
                self._health(self.sides[player], player, change, events)
            return
        for creature in self._creature_targets(owner, source, effect, chosen, partner):
            if action == Do.DAMAGE:
                self._hit(creature, effect.amount, 0, events)
            elif action == Do.DESTROY:
                creature.defense = 0
            elif action == Do.BUFF:
                creature.attack = max(0, creature.attack + effect.attack)
                creature.defense += effect.defense
                if events is not None:
                    events.append(Event(EventKind.BUFF, player=owner, card=creature.uid))
            elif action == Do.GIVE:
                gains_charge = effect.keywords & CHARGE and not creature.keywords & CHARGE
                creature.keywords |= effect.keywords
                if gains_charge and not creature.has_attacked:
                    creature.can_attack = True
                if events is not None:
                    events.append(Event(EventKind.BUFF, player=owner, card=creature.uid))
            elif action == Do.REMOVE:
                creature.keywords &= ~effect.keywords
                if events is not None:
                    events.append(Event(EventKind.BUFF, player=owner, card=creature.uid))
            elif action == Do.SILENCE:
                creature.keywords = 0
                creature.effects = ()
                creature.shows_effects = False
                if events is not None:
                    events.append(Event(EventKind.SILENCE, player=owner, card=creature.uid))
        self._sweep(self.current, events)
        if action == Do.SILENCE and self.auras_on:
            self._refresh_auras()

    def _sweep(self, acting: int, events: list[Event] | None) -> None:
        """Remove dead creatures: the acting player's board first, then the other, left to right."""
        for seat in (acting, 1 - acting):
            side = self.sides[seat]
            for creature in [c for c in side.board if c.defense <= 0]:
                self._bury(side, seat, creature, events)

    def _lane_has_room(self, side: Side, lane: int) -> bool:
        if self.lanes == 1:
            return len(side.board) < BOARD_LIMIT
        return sum(1 for c in side.board if c.lane == lane) < BOARD_LIMIT // 2

    def _token_uid(self, owner: int) -> int:
        """The smallest free id of the owner's parity above the deck ids (ids are recycled)."""
        used = {c.uid for side in self.sides for c in side.board}
        uid = self.token_base + owner
        while uid in used:
            uid += 2
        return uid

    def _refresh_auras(self) -> None:
        for side in self.sides:
            board = side.board
            sources = []
            for c in board:
                if c.effects and c.card.has_aura:
                    sources.append(c)
            if not sources:
                # No aura on this board (the usual case, and this runs after every action):
                # nothing changes unless some creature still holds a bonus, which it loses below.
                for creature in board:
                    if creature.aura != _NO_AURA:
                        break
                else:
                    continue
            for creature in board:
                want_attack = want_defense = 0
                for source in sources:
                    for effect in source.effects:
                        if effect.trigger != Trigger.AURA or source is creature:
                            continue
                        if effect.target == Target.ADJACENT and creature not in _neighbours(board, source):
                            continue
                        want_attack += effect.attack
                        want_defense += effect.defense
                have_attack, have_defense = creature.aura
                if (want_attack, want_defense) != (have_attack, have_defense):
                    creature.attack = max(0, creature.attack + want_attack - have_attack)
                    creature.defense += want_defense - have_defense
                    if want_defense < have_defense and creature.defense < 1:
                        creature.defense = 1  # losing an aura never kills
                    creature.aura = (want_attack, want_defense)


def _neighbours(board: list[Creature], source: Creature | None) -> list[Creature]:
    if source is None or source not in board:
        return []
    lane = [c for c in board if c.lane == source.lane]
    index = lane.index(source)
    return [lane[i] for i in (index - 1, index + 1) if 0 <= i < len(lane)]
