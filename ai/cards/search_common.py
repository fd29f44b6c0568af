"""Pieces shared by the card searches: pruned own-turn actions, transposition keys, a lethal
finder, and a time guard.

Own actions never touch hidden cards (draws only happen when a turn starts), so every function
here works on an observation's redacted battle as well as on a full one.
"""

from __future__ import annotations

import gc
import time
from contextlib import contextmanager

from game.rules.cards.actions import FACE, Action, Kind
from game.rules.cards.battle import Battle, Creature
from game.rules.cards.model import BREAKTHROUGH, CHARGE, LETHAL, CardType


def useful_actions(battle: Battle) -> list[Action]:
    """The current player's legal actions without END_TURN and without useless ones:
    attacks with 0 attack (they deal nothing and only take damage), and red/blue items that
    would change nothing on their target creature and have no effect of their own."""
    me = battle.sides[battle.current]
    enemy = battle.sides[1 - battle.current]
    actions = battle.legal_actions()
    result = []
    own_board = me.board
    hand = None
    for action in actions:
        kind = action.kind
        if kind == Kind.END_TURN:
            continue
        if kind == Kind.ATTACK:
            attacker = _find(own_board, action.card)
            if attacker.attack <= 0:
                continue
        elif kind == Kind.USE and action.target != FACE:
            if hand is None:
                hand = {instance.uid: instance.card for instance in me.hand}
            card = hand[action.card]
            if card.type != CardType.GREEN and not (card.my_health or card.opp_health or card.draw):
                target = _find(enemy.board, action.target)
                if (
                    not (card.keywords & target.keywords)
                    and card.defense >= 0
                    and (card.attack >= 0 or target.attack == 0)
                ):
                    continue
        result.append(action)
    return result


def _find(board: list[Creature], uid: int) -> Creature:
    for creature in board:
        if creature.uid == uid:
            return creature
    raise KeyError(uid)


def state_key(battle: Battle) -> tuple:
    """A transposition key for positions within one player's turn: two action orders that lead
    to the same position get the same key."""
    me = battle.sides[battle.current]
    enemy = battle.sides[1 - battle.current]
    # bool(c.effects): a silenced creature looks like its old self but has lost its effects (a
    # Null Golem that no longer silences its attacker); without it the two positions were one.
    mine = [(c.uid, c.attack, c.defense, c.keywords, bool(c.effects), c.can_attack, c.lane) for c in me.board]
    mine.sort()
    theirs = [(c.uid, c.attack, c.defense, c.keywords, bool(c.effects), c.lane) for c in enemy.board]
    theirs.sort()
    return (
        me.mana,
        tuple([i.uid for i in me.hand]),
        tuple(mine),
        tuple(theirs),
        me.health,
        enemy.health,
        me.next_rune,
        enemy.next_rune,
        me.next_draw,
        enemy.next_draw,
        battle.winner,
    )


def damage_bound(battle: Battle) -> int:
    """An upper bound of the damage the current player can still deal to the enemy this turn
    (guards ignored, mana counted per card): when it is below the enemy's health, no lethal."""
    me = battle.sides[battle.current]
    mana = me.mana
    bound = 0
    board_attack = 0
    waiting_attack = 0  # creatures that could attack only if given Charge
    for creature in me.board:
        if creature.can_attack:
            bound += creature.attack
        elif not creature.has_attacked:
            waiting_attack += creature.attack
        board_attack += creature.attack
    charge_items = False
    for instance in me.hand:
        card = instance.card
        if card is None or card.cost > mana:  # None: drawn during a search on an observation, hidden
            continue
        card_type = card.type
        bound -= min(card.opp_health, 0)
        if card_type == CardType.CREATURE:
            if card.keywords & CHARGE:
                bound += card.attack
            else:
                waiting_attack += card.attack
        elif card_type == CardType.GREEN:
            if card.attack > 0:
                bound += card.attack * 2  # may also push Breakthrough excess
            if card.keywords & (CHARGE | BREAKTHROUGH | LETHAL):
                charge_items = True
        elif card_type == CardType.BLUE:
            bound += max(0, -card.defense)
    if charge_items:
        bound += waiting_attack + board_attack
    return bound


def find_lethal(battle: Battle, seat: int, deadline: float, node_limit: int = 20000) -> list[Action] | None:
    """A sequence of the current player's actions that wins this turn, or None (none exists, or
    none was found within the node limit / deadline). Depth-first with transpositions, cut by
    `damage_bound`."""
    if battle.winner is not None or battle.current != seat:
        return None
    enemy = battle.sides[1 - seat]
    if damage_bound(battle) < enemy.health:
        return None
    seen: set = set()
    budget = [node_limit]

    def relevant(state: Battle, action: Action) -> bool:
        if action.kind != Kind.SUMMON:
            return True
        me = state.sides[state.current]
        for instance in me.hand:
            if instance.uid == action.card:
                card = instance.card
                return bool(card.keywords & CHARGE) or card.opp_health < 0 or _has_charge_item(me)
        return True

    def dfs(state: Battle) -> list[Action] | None:
        actions = [a for a in useful_actions(state) if relevant(state, a)]  # noqa: F821 (deleted after the search, below)
        # Face damage first: it finds the common lethal quickly.
        actions.sort(key=lambda a: 0 if a.target == FACE and a.kind != Kind.SUMMON else 1)
        for action in actions:
            budget[0] -= 1
            if budget[0] <= 0 or ((budget[0] & 63) == 0 and time.perf_counter() > deadline):
                budget[0] = 0
                return None
            child = state.clone()
            child.do(action)
            if child.winner is not None:
                if child.winner == seat:
                    return [action]
                continue
            key = state_key(child)
            if key in seen:
                continue
            seen.add(key)
            if damage_bound(child) < child.sides[1 - seat].health:
                continue
            rest = dfs(child)  # noqa: F821 (deleted after the search, below)
            if rest is not None:
                return [action] + rest
            if budget[0] <= 0:
                return None
        return None

    try:
        return dfs(battle)
    finally:
        # dfs and relevant refer to themselves through their closure cells: clearing the cells
        # frees them (and the transposition set) now, not at the next cyclic collection, which
        # the searches pause (no_gc).
        del dfs, relevant


def _has_charge_item(side) -> bool:
    return any(i.card is not None and i.card.type == CardType.GREEN and i.card.keywords & CHARGE for i in side.hand)


@contextmanager
def no_gc():
    """Pause the cyclic garbage collector during a timed search (a full collection can take
    tens of milliseconds). Search code must therefore create no reference cycles (no recursive
    closures left alive): its objects are freed by reference counting as it goes.
    tests/cards/test_ai_search.py checks that a decision leaves no cyclic garbage."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class Deadline:
    """Absolute perf_counter deadlines for one decision."""

    __slots__ = ("start", "end")

    def __init__(self, budget_ms: float, safety_ms: float, fraction: float = 1.0):
        self.start = time.perf_counter()
        usable = max(0.0, budget_ms * fraction - safety_ms)
        self.end = self.start + usable / 1000.0

    def at(self, fraction: float) -> float:
        """The time `fraction` of the way from start to end."""
        return self.start + (self.end - self.start) * fraction

    def passed(self) -> bool:
        return time.perf_counter() >= self.end
