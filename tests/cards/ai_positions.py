"""Hand-built positions and helpers shared by the card AI tests."""

from __future__ import annotations

from ai.cards.ismcts import ISMCTSAgent
from ai.cards.planner import PlannerAgent
from game.rules.cards.actions import END_TURN
from game.rules.cards.battle import Battle
from game.rules.cards.model import CardType
from tests.cards.builders import creature_card, fresh_battle, give, item_card, put

AGENT_CLASSES = {"medium": PlannerAgent, "hard": ISMCTSAgent}


def make(name: str, seed: int = 1):
    agent = AGENT_CLASSES[name](seed=seed)
    return agent


def play_decision(battle: Battle, actions) -> Battle:
    """Apply a decision's actions to a clone with the engine's checks (IllegalAction on a bug)."""
    result = battle.clone()
    player = result.current
    for action in actions:
        if result.winner is not None or result.current != player:
            break
        result.apply(action)
        if action is END_TURN:
            break
    return result


def start(battle: Battle, mana: int) -> Battle:
    battle.sides[0].mana = mana
    battle.sides[0].max_mana = mana
    return battle


# Each builder returns a battle where player 0 (to move) has a win on board this turn.


def lethal_face_attacks(lanes: int = 1) -> Battle:
    battle = start(fresh_battle(lanes), 0)
    put(battle, 0, creature_card(3, 3), 1)
    put(battle, 0, creature_card(2, 2), 3)
    put(battle, 1, creature_card(1, 1), 2)
    put(battle, 1, creature_card(6, 6), 4)
    battle.sides[1].health = 5
    return battle


def lethal_through_guard() -> Battle:
    """The guard (0/4) must die first; only one of the two attackers is needed for it."""
    battle = start(fresh_battle(1), 0)
    put(battle, 0, creature_card(4, 4), 1)
    put(battle, 0, creature_card(4, 1), 3)
    put(battle, 1, creature_card(0, 4, "G"), 2)
    put(battle, 1, creature_card(5, 5), 4)
    battle.sides[1].health = 4
    return battle


def lethal_needs_item() -> Battle:
    """A 5/5 Guard with Ward blocks; only the item that removes Guard opens the face."""
    battle = start(fresh_battle(1), 0)
    put(battle, 0, creature_card(6, 6), 1)
    put(battle, 0, creature_card(3, 3), 3)
    put(battle, 1, creature_card(5, 5, "GW"), 2)
    give(battle, 0, item_card(CardType.RED, keywords="G", cost=0), 5)
    give(battle, 0, creature_card(2, 2, cost=0), 7)
    battle.sides[1].health = 7
    return battle


def lethal_blue_and_charge() -> Battle:
    """1 from the board, 2 from a blue item, 3 from a Charge creature summoned now."""
    battle = start(fresh_battle(1), 5)
    put(battle, 0, creature_card(1, 1), 1)
    give(battle, 0, item_card(CardType.BLUE, defense=-2, cost=2), 3)
    give(battle, 0, creature_card(3, 1, "C", cost=3), 5)
    give(battle, 0, creature_card(5, 5, cost=3), 7)
    battle.sides[1].health = 6
    return battle


def lethal_other_lane() -> Battle:
    """Two lanes: the Guard only protects lane 0; lane 1 attackers reach the face."""
    battle = start(fresh_battle(2), 0)
    put(battle, 0, creature_card(2, 2), 1, lane=0)
    put(battle, 0, creature_card(3, 3), 3, lane=1)
    put(battle, 0, creature_card(2, 2), 5, lane=1)
    put(battle, 1, creature_card(1, 8, "G"), 2, lane=0)
    battle.sides[1].health = 5
    return battle


LETHAL_POSITIONS = {
    "face": lethal_face_attacks,
    "face-2-lanes": lambda: lethal_face_attacks(2),
    "guard": lethal_through_guard,
    "item": lethal_needs_item,
    "blue-charge": lethal_blue_and_charge,
    "lane": lethal_other_lane,
}


def deck_out_trap(draw_item: bool = False) -> Battle:
    """Player 0 has an empty deck, 7 health and one rune (5) left: next turn's draw takes it to
    5; one more draw (a card-draw effect played now) would take it to 0. A harmless creature is
    also in hand, so the draw card is avoidable."""
    battle = start(fresh_battle(1, deck_size=30), 4)
    me = battle.sides[0]
    me.deck_pos = len(me.deck)
    me.health = 7
    me.next_rune = 5
    if draw_item:
        put(battle, 0, creature_card(1, 3), 1, ready=False)
        give(battle, 0, item_card(CardType.GREEN, attack=3, defense=3, cost=2, draw=1), 3)
    else:
        give(battle, 0, creature_card(4, 4, cost=2, draw=1), 3)
    give(battle, 0, creature_card(1, 1, cost=1), 5)
    return battle
