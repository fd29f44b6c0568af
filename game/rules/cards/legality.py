"""What the current player may do: the legal-action generator (the search's inner loop) and the
reason an action is refused. Mixed into Battle."""

from __future__ import annotations

from typing import TYPE_CHECKING

# The row lists themselves, indexed here without a call (a row is made on its card id's first use):
from game.rules.cards.actions import _ATTACK_ROWS, _SUMMON_ROWS, _TARGETED_SUMMON_ROWS, _USE_ROWS  # noqa: I001
from game.rules.cards.actions import (
    END_TURN,
    FACE,
    NO_TARGET,
    Action,
    Kind,
    attack_row,
    summon_row,
    targeted_summon_rows,
    use_row,
)
from game.rules.cards.model import GUARD, CardType, Choice
from game.rules.cards.state import BOARD_LIMIT, Creature, Side
from game.rules.cards.state import find_creature as _find


_CREATURE = int(CardType.CREATURE)
_GREEN = int(CardType.GREEN)
_BLUE = int(CardType.BLUE)
_PER_LANE = BOARD_LIMIT // 2


class Legality:
    __slots__ = ()

    # Battle's state, declared for the type checker only: annotations without a value create no
    # class attribute (the slots are Battle's).
    lanes: int
    sides: list[Side]
    current: int
    winner: int | None

    if TYPE_CHECKING:  # defined by TriggeredEffects, the other mixin of Battle

        def choice_targets(self, choice: Choice) -> list[int]: ...

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player; END_TURN first, then each playable hand card's
        actions in hand order, then each attacker's in board order.

        This is the search's inner loop, written for CPython 3.11's costs: it indexes rows of
        interned actions (by target id + 1, FACE being index 0) rather than building actions,
        compares against plain ints (an enum member lookup costs four times a local's), appends
        in plain loops (a comprehension is a function call, 150 ns, for lists of 1 to 6), and
        gathers the attack targets in one pass over the enemy board, only when some creature
        can attack."""
        if self.winner is not None:
            return []
        current = self.current
        me = self.sides[current]
        own_board = me.board
        enemy_board = self.sides[1 - current].board
        actions = [END_TURN]
        append = actions.append
        hand = me.hand
        if hand:
            mana = me.mana
            lanes = self.lanes
            if lanes == 1:
                room0, room1 = len(own_board) < BOARD_LIMIT, False
            else:
                in_lane0 = 0
                for creature in own_board:
                    if not creature.lane:
                        in_lane0 += 1
                room0, room1 = in_lane0 < _PER_LANE, len(own_board) - in_lane0 < _PER_LANE
            for instance in hand:
                card = instance.card
                if card is None or card.cost > mana:  # None: a card this observer cannot see
                    continue
                card_type = card.type
                uid = instance.uid
                if card_type == _CREATURE:
                    if card.choice is not None:
                        chosen = self.choice_targets(card.choice)
                        if chosen:
                            rows = _TARGETED_SUMMON_ROWS[uid] or targeted_summon_rows(uid)
                            for row, room in ((rows[0], room0), (rows[1], room1))[:lanes]:
                                if room:
                                    for target in chosen:
                                        append(row[target + 1])
                            continue
                    summons = _SUMMON_ROWS[uid] or summon_row(uid)
                    if room0:
                        append(summons[0])
                    if room1:
                        append(summons[1])
                    continue
                row = _USE_ROWS[uid] or use_row(uid)
                if card_type == _GREEN:
                    for creature in own_board:
                        append(row[creature.uid + 1])
                else:
                    for creature in enemy_board:
                        append(row[creature.uid + 1])
                    if card_type == _BLUE:
                        append(row[0])  # FACE
        targets = None
        for creature in own_board:
            if creature.can_attack:
                if targets is None:
                    targets = self._attack_rows(enemy_board)
                uid = creature.uid
                row = _ATTACK_ROWS[uid] or attack_row(uid)
                for index in targets[creature.lane]:
                    append(row[index])
        return actions

    def _attack_rows(self, enemy_board: list[Creature]) -> tuple[list[int], ...]:
        """Per lane, the attack-row indexes (target id + 1, FACE = 0) an attacker in that lane
        may use: the lane's Guards, else all its creatures then FACE. One pass over the board."""
        all0 = []
        guards0 = []
        if self.lanes == 1:
            for c in enemy_board:
                all0.append(c.uid + 1)
                if c.keywords & GUARD:
                    guards0.append(c.uid + 1)
            all0.append(0)
            return (guards0 or all0,)
        all1 = []
        guards1 = []
        for c in enemy_board:
            index = c.uid + 1
            if c.lane:
                all1.append(index)
                if c.keywords & GUARD:
                    guards1.append(index)
            else:
                all0.append(index)
                if c.keywords & GUARD:
                    guards0.append(index)
        all0.append(0)
        all1.append(0)
        return guards0 or all0, guards1 or all1

    def _attack_targets(self, enemy_board: list[Creature]) -> list[list[int]]:
        """Per lane, the ids an attacker in that lane may target (Guard first, else all + FACE)."""
        return [[index - 1 for index in lane] for lane in self._attack_rows(enemy_board)]

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
            defender = _find(enemy.board, action.target) if action.target != FACE else None
            if action.target != FACE and defender is None:
                return f"target {action.target} is not an enemy creature"
            if action.target not in self._attack_targets(enemy.board)[attacker.lane]:
                if defender is None or defender.lane == attacker.lane:  # None: FACE
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
