"""The rule-based bot ("easy"): always legal, clearly stronger than random, and its attack and
item rules do the obvious right thing in hand-built positions."""

from __future__ import annotations

import random

import pytest

from ai.cards.agent import play_game
from ai.cards.random_agent import RandomAgent
from ai.cards.registry import agent_names, make_agent
from ai.cards.rule_bot import RuleAgent
from ai.cards.rule_values import MAX_ITEMS, fight
from game.rules.cards.actions import END_TURN, FACE, Kind, attack, summon, use
from game.rules.cards.battle import Battle
from game.rules.cards.draft import Draft
from game.rules.cards.model import CardType

from tests.cards.builders import creature_card, fresh_battle, give, item_card, put


def _games(pool, lanes: int, games: int, opponent: str, seed: int) -> int:
    """Games of easy against `opponent`, seats alternating; returns easy's wins. play_game
    raises IllegalAction if any agent plays an illegal action."""
    wins = 0
    for game in range(games):
        seat = game % 2
        easy = RuleAgent(seed=seed + game)
        other = make_agent(opponent, seed=seed + 10_000 + game)
        agents = [easy, other] if seat == 0 else [other, easy]
        result = play_game(agents, pool, random.Random(seed * 7919 + game), lanes=lanes, budget_ms=100)
        wins += result.winner == seat
    return wins


@pytest.mark.parametrize("lanes", [1, 2])
def test_beats_random_clearly_and_never_plays_illegal(locm_cards, lanes):
    wins = _games(list(locm_cards.values()), lanes, 100, "random", seed=lanes)
    assert wins >= 90, f"easy won only {wins}/100 against random with {lanes} lane(s)"


@pytest.mark.parametrize("lanes", [1, 2])
def test_self_play_is_legal(locm_cards, lanes):
    _games(list(locm_cards.values()), lanes, 100, "easy", seed=100 + lanes)


@pytest.mark.parametrize("lanes", [1, 2])
def test_more_random_games_are_legal(locm_cards, lanes):
    _games(list(locm_cards.values()), lanes, 100, "random", seed=500 + lanes)


def test_registry_names():
    assert agent_names()[:2] == ["random", "easy"]
    assert isinstance(make_agent("easy", seed=1), RuleAgent)
    assert isinstance(make_agent("random"), RandomAgent)
    with pytest.raises(KeyError, match="unknown card AI 'nope'"):
        make_agent("nope")


# ----------------------------------------------------------------------------- positions


def _turn(battle: Battle, seat: int = 0):
    """The bot's whole turn on `battle` (applied, but for the final END_TURN), from the seat's observation."""
    agent = RuleAgent(seed=0)
    agent.new_game(seat, battle.lanes)
    decision = agent.decide(battle.observation(seat), 100.0)
    assert decision.actions[-1] is END_TURN
    played = []
    for action in decision.actions:
        if battle.winner is not None or action is END_TURN:
            break
        battle.apply(action)  # raises on an illegal action
        played.append(action)
    return played, decision.explanation


def test_kills_the_guard_in_the_way_then_goes_face():
    battle = fresh_battle()
    put(battle, 0, creature_card(4, 4), 1)
    put(battle, 0, creature_card(3, 3), 3)
    put(battle, 1, creature_card(2, 3, "G"), 2)
    played, explanation = _turn(battle)
    assert battle.creature(2) is None, played
    assert any(a.kind == Kind.ATTACK and a.target == FACE for a in played)
    assert battle.sides[1].health < 30
    assert any("guard" in note for note in explanation["rules"])


def test_takes_lethal_by_stripping_the_guard():
    battle = fresh_battle()
    battle.sides[1].health = 7
    put(battle, 0, creature_card(4, 4), 1)
    put(battle, 0, creature_card(3, 3), 3)
    put(battle, 1, creature_card(1, 8, "G"), 2)  # 7 attack cannot kill it
    give(battle, 0, item_card(CardType.RED, keywords="G"), 5)  # remove Guard, cost 0
    played, _ = _turn(battle)
    assert battle.winner == 0
    assert use(5, 2) in played


def test_takes_lethal_instead_of_a_good_trade():
    battle = fresh_battle()
    battle.sides[1].health = 5
    battle.sides[0].health = 8  # under pressure: the trading rules alone would trade up here
    put(battle, 0, creature_card(3, 3, "L"), 1)
    put(battle, 0, creature_card(2, 2), 3)
    put(battle, 1, creature_card(5, 5), 2)
    played, _ = _turn(battle)
    assert battle.winner == 0
    assert played == [attack(1, FACE), attack(3, FACE)] or played == [attack(3, FACE), attack(1, FACE)]


def test_takes_lethal_with_charge_and_a_face_item():
    battle = fresh_battle()
    battle.sides[1].health = 6
    battle.sides[0].mana = 4
    put(battle, 0, creature_card(1, 1), 1)
    give(battle, 0, creature_card(3, 1, "C", cost=2), 3)
    give(battle, 0, item_card(CardType.BLUE, opp_health=-2, cost=2), 5)
    _turn(battle)
    assert battle.winner == 0


def test_removal_goes_to_the_biggest_threat_it_kills():
    battle = fresh_battle()
    battle.sides[0].mana = 2
    put(battle, 1, creature_card(1, 1), 2)
    put(battle, 1, creature_card(6, 3), 4)
    put(battle, 1, creature_card(7, 7), 6)  # too big for the axe
    give(battle, 0, item_card(CardType.RED, defense=-3, cost=2), 1)
    played, _ = _turn(battle)
    assert played[0] == use(1, 4)
    assert battle.creature(4) is None


def test_big_removal_is_not_wasted_on_a_small_creature():
    battle = fresh_battle()
    battle.sides[0].mana = 5
    put(battle, 1, creature_card(1, 1), 2)
    give(battle, 0, item_card(CardType.RED, defense=-99, keywords="BCDGLW", cost=5), 1)
    played, _ = _turn(battle)
    assert not any(a.kind == Kind.USE for a in played)


def test_green_item_turns_a_bad_attack_into_a_good_trade():
    battle = fresh_battle()
    battle.sides[0].mana = 1
    put(battle, 0, creature_card(2, 2), 1)
    put(battle, 1, creature_card(3, 3), 2)
    give(battle, 0, item_card(CardType.GREEN, attack=2, defense=2, cost=1), 3)
    played, _ = _turn(battle)
    assert played[:2] == [use(3, 1), attack(1, 2)]
    assert battle.creature(2) is None and battle.creature(1) is not None


def test_does_not_suicide_into_a_bigger_creature():
    battle = fresh_battle()
    put(battle, 0, creature_card(2, 2), 1)
    put(battle, 1, creature_card(5, 5), 2)
    played, _ = _turn(battle)
    assert played == [attack(1, FACE)]


def test_spends_mana_on_the_best_creatures():
    battle = fresh_battle()
    battle.sides[0].mana = 5
    give(battle, 0, creature_card(1, 1, cost=1), 1)
    give(battle, 0, creature_card(3, 3, cost=3), 3)
    give(battle, 0, creature_card(5, 6, cost=5), 5)
    give(battle, 0, creature_card(2, 3, cost=2), 7)
    played, _ = _turn(battle)
    summoned = {a.card for a in played if a.kind == Kind.SUMMON}
    assert summoned in ({5}, {3, 7}), played
    assert battle.sides[0].mana == 0


def test_two_lanes_guard_goes_where_the_enemy_attack_is():
    battle = fresh_battle(lanes=2)
    battle.sides[0].mana = 2
    put(battle, 1, creature_card(5, 5), 2, lane=1)
    give(battle, 0, creature_card(1, 5, "G", cost=2), 1)
    played, _ = _turn(battle)
    assert summon(1, 1) in played


def test_two_lanes_attackers_only_hit_their_own_lane():
    battle = fresh_battle(lanes=2)
    put(battle, 0, creature_card(4, 4), 1, lane=0)
    put(battle, 0, creature_card(4, 4), 3, lane=1)
    put(battle, 1, creature_card(1, 9, "G"), 2, lane=0)  # blocks lane 0 only
    played, _ = _turn(battle)
    assert attack(3, FACE) in played
    assert attack(1, FACE) not in played
    assert battle.sides[1].health == 26


def test_fight_predicts_the_engine():
    rng = random.Random(5)
    letters = "BCDGLW"
    for _ in range(400):
        mine = creature_card(rng.randint(0, 6), rng.randint(1, 6), "".join(rng.sample(letters, rng.randint(0, 3))))
        theirs = creature_card(rng.randint(0, 6), rng.randint(1, 6), "".join(rng.sample(letters, rng.randint(0, 3))))
        battle = fresh_battle()
        attacker = put(battle, 0, mine, 1)
        defender = put(battle, 1, theirs, 2)
        before = (
            (attacker.attack, attacker.defense, attacker.keywords),
            (defender.attack, defender.defense, defender.keywords),
        )
        predicted = fight(*before)
        battle.apply(attack(1, 2))
        for creature, (attack_after, defense_after, keywords_after) in (
            (attacker, predicted[0]),
            (defender, predicted[1]),
        ):
            alive = battle.creature(creature.uid) is not None
            assert alive == (defense_after > 0), (before, predicted)
            if alive:
                assert (creature.attack, creature.defense, creature.keywords) == (
                    attack_after,
                    defense_after,
                    keywords_after,
                )


# ----------------------------------------------------------------------------- draft


def test_draft_follows_a_curve_and_caps_items(locm_cards):
    pool = list(locm_cards.values())
    for seed in range(20):
        rng = random.Random(seed)
        draft = Draft(pool, rng)
        agent = RuleAgent(seed=seed)
        agent.new_game(0, 1)
        for pick, offer in enumerate(draft.offers):
            draft.choose(0, agent.draft_pick(offer, draft.picks[0], pick))
        deck = draft.picks[0]
        items = sum(1 for card in deck if card.type != CardType.CREATURE)
        cheap = sum(1 for card in deck if card.cost <= 2)
        expensive = sum(1 for card in deck if card.cost >= 7)
        assert items <= MAX_ITEMS + 2, (seed, items)
        assert cheap >= 7, (seed, cheap)
        assert expensive <= 6, (seed, expensive)


def test_draft_takes_the_clearly_better_card(locm_cards):
    agent = RuleAgent(seed=0)
    agent.new_game(0, 1)
    # Beavrat (1: 2/2) over Exploding Skitterbug (1: 1/1) and Hermit Slime (2: 0/5 Guard).
    offer = (locm_cards[24], locm_cards[3], locm_cards[55])
    assert agent.draft_pick(offer, [], 0) == 1
    # Decimate over Throwing Knife and Pierce Armour.
    offer = (locm_cards[143], locm_cards[141], locm_cards[151])
    assert agent.draft_pick(offer, [], 0) == 2
