"""The search AIs find wins on board, avoid suiciding into their own deck-out, and answer even
with a tiny budget."""

from __future__ import annotations

import pytest

from ai.cards.evaluation import WIN, evaluate, health_after_draws
from ai.cards.search_common import damage_bound, find_lethal
from game.rules.cards.actions import END_TURN, Kind
from tests.cards.ai_positions import LETHAL_POSITIONS, deck_out_trap, make, play_decision


@pytest.mark.parametrize("position", sorted(LETHAL_POSITIONS))
@pytest.mark.parametrize("agent_name", ["medium", "hard"])
def test_finds_lethal_on_board(agent_name, position):
    battle = LETHAL_POSITIONS[position]()
    agent = make(agent_name)
    agent.new_game(0, battle.lanes)
    decision = agent.decide(battle.observation(0), 100.0)
    after = play_decision(battle, decision.actions)
    assert after.winner == 0, [a.text(battle.lanes) for a in decision.actions]


@pytest.mark.parametrize("position", sorted(LETHAL_POSITIONS))
def test_lethal_search_and_bound(position):
    battle = LETHAL_POSITIONS[position]()
    assert damage_bound(battle) >= battle.sides[1].health
    line = find_lethal(battle, 0, deadline=float("inf"))
    assert line is not None and play_decision(battle, line).winner == 0


def test_no_lethal_is_reported_when_there_is_none():
    battle = LETHAL_POSITIONS["item"]()
    battle.sides[0].hand = []  # without the item the guard cannot be passed
    assert find_lethal(battle, 0, deadline=float("inf")) is None
    battle = LETHAL_POSITIONS["face"]()
    battle.sides[1].health = 6  # one short
    assert damage_bound(battle) < 6 and find_lethal(battle, 0, deadline=float("inf")) is None


@pytest.mark.parametrize("draw_item", [False, True])
@pytest.mark.parametrize("agent_name", ["medium", "hard"])
def test_does_not_draw_into_its_own_deck_out(agent_name, draw_item):
    battle = deck_out_trap(draw_item)
    draw_cards = {i.uid for i in battle.sides[0].hand if i.card.draw}
    agent = make(agent_name)
    agent.new_game(0, 1)
    decision = agent.decide(battle.observation(0), 100.0)
    played = {a.card for a in decision.actions if a.kind in (Kind.SUMMON, Kind.USE)}
    assert not played & draw_cards
    # It still plays the harmless card: the trap is about the draw, not about playing.
    assert played
    after = play_decision(battle, decision.actions)
    assert after.winner is None and after.sides[0].health > 0


def test_the_evaluation_sees_the_deck_out():
    battle = deck_out_trap()
    safe = evaluate(battle, 0)
    battle.sides[0].next_draw = 2
    assert evaluate(battle, 0) == -WIN * 0.5 < safe


@pytest.mark.parametrize(
    "health,rune,draws,deck,turns,expected",
    [
        (7, 5, 1, 0, 3, 5),
        (7, 5, 2, 0, 3, 0),
        (30, 25, 3, 1, 3, 20),
        (12, 10, 1, 5, 50, 10),
        (12, 10, 1, 5, 49, 12),
        (4, 0, 1, 0, 9, 0),
    ],
)
def test_health_after_draws_follows_the_rules(health, rune, draws, deck, turns, expected):
    assert health_after_draws(health, rune, draws, deck, turns) == expected


@pytest.mark.parametrize("agent_name", ["medium", "hard"])
@pytest.mark.parametrize("budget_ms", [0.0, 1.0, 3.0])
def test_answers_with_a_tiny_budget(agent_name, budget_ms):
    battle = LETHAL_POSITIONS["blue-charge"]()
    battle.sides[1].health = 30  # no lethal: the whole search has to give up in time
    agent = make(agent_name)
    agent.new_game(0, 1)
    decision = agent.decide(battle.observation(0), budget_ms)
    assert decision.actions and decision.actions[-1] is END_TURN
    play_decision(battle, decision.actions)  # legal
