"""What the current player may do: the legal-action generator (the search's inner loop) and the
reason an action is refused. Mixed into Battle."""

from __future__ import annotations

from game.rules.cards.actions import END_TURN, FACE, NO_TARGET, Action, Kind, attack_row, summon, summon_row, use_row
from game.rules.cards.model import GUARD, CardType
from game.rules.cards.state import BOARD_LIMIT, Creature
from game.rules.cards.state import find_creature as _find


class Legality:
    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player; END_TURN first.

        This is the search's inner loop, so it indexes rows of interned actions (by target id
        + 1, FACE being index 0) rather than building actions."""
        if self.winner is not None:
            return []
        me = self.sides[self.current]
        enemy = self.sides[1 - self.current]
        actions = [END_TURN]
        own_board = me.board
        enemy_board = enemy.board
        lanes = self.lanes
        if me.hand:
            mana = me.mana
            if lanes == 1:
                lane_room = (len(own_board) < BOARD_LIMIT,)
            else:
                in_lane0 = sum(1 for creature in own_board if creature.lane == 0)
                per_lane = BOARD_LIMIT // 2
                lane_room = (in_lane0 < per_lane, len(own_board) - in_lane0 < per_lane)
            for instance in me.hand:
                card = instance.card
                if card is None or card.cost > mana:  # None: a card this observer cannot see
                    continue
                card_type = card.type
                if card_type == CardType.CREATURE:
                    row = summon_row(instance.uid)
                    chosen = self.choice_targets(card.choice) if card.choice is not None else None
                    for lane in range(lanes):
                        if lane_room[lane]:
                            if chosen:
                                actions += [summon(instance.uid, lane, target) for target in chosen]
                            else:
                                actions.append(row[lane])
                    continue
                row = use_row(instance.uid)
                if card_type == CardType.GREEN:
                    actions += [row[creature.uid + 1] for creature in own_board]
                else:
                    actions += [row[creature.uid + 1] for creature in enemy_board]
                    if card_type == CardType.BLUE:
                        actions.append(row[0])
        attackers = [creature for creature in own_board if creature.can_attack]
        if attackers:
            targets = self._attack_targets(enemy_board)
            for creature in attackers:
                row = attack_row(creature.uid)
                actions += [row[target + 1] for target in targets[creature.lane]]
        return actions

    def _attack_targets(self, enemy_board: list[Creature]) -> list[list[int]]:
        """Per lane, the ids an attacker in that lane may target (Guard first, else all + FACE)."""
        if self.lanes == 1:
            guards = [c.uid for c in enemy_board if c.keywords & GUARD]
            return [guards or [c.uid for c in enemy_board] + [FACE]]
        targets = []
        for lane in (0, 1):
            in_lane = [c for c in enemy_board if c.lane == lane]
            guards = [c.uid for c in in_lane if c.keywords & GUARD]
            targets.append(guards or [c.uid for c in in_lane] + [FACE])
        return targets

    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None when it is legal."""
        if self.winner is not None:
            return "the battle is over"
        kind = action.kind
        if kind == Kind.END_TURN:
            return None
        me = self.sides[self.current]
        enemy = self.sides[1 - self.current]
        if kind == Kind.ATTACK:
            attacker = _find(me.board, action.card)
            if attacker is None:
                return f"creature {action.card} is not on your board"
            if not attacker.can_attack:
                return f"creature {action.card} cannot attack this turn"
            if action.target != FACE and _find(enemy.board, action.target) is None:
                return f"target {action.target} is not an enemy creature"
            if action.target not in self._attack_targets(enemy.board)[attacker.lane]:
                if action.target == FACE or _find(enemy.board, action.target).lane == attacker.lane:
                    return f"target {action.target} is not allowed: a Guard must be attacked first"
                return f"target {action.target} is in the other lane"
            return None
        instance = next((i for i in me.hand if i.uid == action.card), None)
        if instance is None:
            return f"card {action.card} is not in your hand"
        card = instance.card
        if card is None:
            return f"card {action.card} is hidden from this observer"
        if card.cost > me.mana:
            return f"card {action.card} costs {card.cost}, you have {me.mana} mana"
        if kind == Kind.SUMMON:
            if card.type != CardType.CREATURE:
                return f"card {action.card} is not a creature"
            if action.lane >= self.lanes:
                return f"lane {action.lane} does not exist"
            limit = BOARD_LIMIT if self.lanes == 1 else BOARD_LIMIT // 2
            if sum(1 for c in me.board if c.lane == action.lane) >= limit:
                return "the board is full" if self.lanes == 1 else f"lane {action.lane} is full"
            chosen = self.choice_targets(card.choice) if card.choice is not None else []
            if action.target == NO_TARGET and chosen:
                return f"card {action.card} needs a target: one of {chosen}"
            if action.target != NO_TARGET and action.target not in chosen:
                return f"target {action.target} is not allowed for card {action.card}"
            return None
        # USE
        if card.type == CardType.CREATURE:
            return f"card {action.card} is a creature, not an item"
        if card.type == CardType.GREEN:
            if _find(me.board, action.target) is None:
                return f"a green item needs one of your creatures as target, not {action.target}"
            return None
        if action.target == FACE and card.type == CardType.BLUE:
            return None
        if _find(enemy.board, action.target) is None:
            return f"this item needs an enemy creature as target, not {action.target}"
        return None

    def is_legal(self, action: Action) -> bool:
        return self.illegal_reason(action) is None
