"""The scripted opponent plays exactly its script, skips (with a warning) what it cannot play,
then follows its fallback rules."""

from __future__ import annotations

import pytest

from ai.cards.scripted import RULES, ScriptedAgent
from ai.levels.opponents import make_opponent
from game.rules.cards.actions import END_TURN, attack, summon, use
from game.rules.levels.model import FALLBACK_RULES
from game.rules.levels.script import ScriptSyntaxError, parse_script_action
from tests.cards.builders import creature_card, fresh_battle, give, item_card, put
from tests.levels.helpers import BRUTE, FOUNDRY_GUARD, GOLEM, HOUND, SPARK_FLASK, STEAMHULK, card_level, started, uid
from game.rules.cards.model import CardType


def opponent_level(script, rules=(), **opponent):
    return card_level(
        player={"board": [{"card": FOUNDRY_GUARD, "label": "wall"}, {"card": GOLEM, "label": "mine"}], "health": 30},
        opponent={
            "mana": 6,
            "hand": [
                {"card": HOUND, "label": "hound"},
                {"card": GOLEM, "label": "golem"},
                {"card": SPARK_FLASK, "label": "flask"},
                STEAMHULK,
            ],
            "board": [{"card": BRUTE, "label": "brute"}],
            "script": script,
            "rules": list(rules),
            **opponent,
        },
    )


def play_opponent_turn(session):
    """The opponent's first turn through the one agent interface; returns the scripted card AI
    (behind its CardTurnAgent) and the actions played."""
    agent = make_opponent(session)
    session.apply("PASS")
    start = len(session.actions)
    session.run_turn(agent, 50)
    return agent.agent, session.actions[start:]


def test_the_script_is_played_in_order_then_the_turn_ends():
    session = started(
        opponent_level(
            [
                {
                    "turn": 1,
                    "actions": [
                        "SUMMON {hound}",
                        "ATTACK {hound} {wall}",
                        "USE {flask} {mine}",
                        "ATTACK {brute} {wall}",
                        "SUMMON {golem}",
                    ],
                }
            ]
        )
    )
    agent, played = play_opponent_turn(session)
    u = session.labels
    assert played == [
        f"SUMMON {u['hound']}",
        f"ATTACK {u['hound']} {u['wall']}",
        f"USE {u['flask']} {u['mine']}",
        f"ATTACK {u['brute']} {u['wall']}",
        f"SUMMON {u['golem']}",
        "PASS",
    ]
    assert agent.warnings == [] and session.warnings == []
    assert [source for _, source, _ in agent.played] == ["script"] * 5 + ["no rule applies"]


def test_an_illegal_scripted_action_is_skipped_with_a_warning():
    session = started(
        opponent_level(
            [
                {
                    "turn": 1,
                    "actions": [
                        "ATTACK {brute} FACE",  # the Foundry Guard must be attacked first
                        "SUMMON {golem}",
                        "ATTACK {golem} {wall}",  # summoned this turn: cannot attack
                        "SUMMON {card:68}",  # Steamhulk costs 6, 4 mana left
                        "ATTACK {brute} {wall}",
                    ],
                }
            ]
        )
    )
    agent, played = play_opponent_turn(session)
    u = session.labels
    assert played == [f"SUMMON {u['golem']}", f"ATTACK {u['brute']} {u['wall']}", "PASS"]
    assert len(agent.warnings) == 3 and agent.warnings == session.warnings
    assert (
        "turn 1: skipped 'ATTACK {brute} FACE': target -1 is not allowed: a Guard must be attacked first"
        == agent.warnings[0]
    )
    assert "skipped 'SUMMON {card:68}'" in agent.warnings[2] and "costs 6" in agent.warnings[2]


def test_scripts_are_per_turn_and_then_end_skips_the_rules():
    session = started(
        opponent_level([{"turn": 2, "actions": ["SUMMON {card:68}"], "then": "end"}], rules=["attack_guards"])
    )
    agent = make_opponent(session)
    session.apply("PASS")
    session.run_turn(agent, 50)
    first = session.actions[1:]
    assert first == [f"ATTACK {uid(session, 'brute')} {uid(session, 'wall')}", "PASS"]  # turn 1: rules only
    session.apply("PASS")
    start = len(session.actions)
    session.run_turn(agent, 50)
    steamhulk = next(i.uid for i in session.battle.sides[1].deck[:8] if i.card.base_id == STEAMHULK)
    assert session.actions[start:] == [f"SUMMON {steamhulk}", "PASS"]  # the brute could attack, but "then": "end"


def test_fallback_rules_after_the_script():
    session = started(
        opponent_level(
            [{"turn": 1, "actions": ["SUMMON {hound}"]}], rules=["attack_guards", "summon_cheapest", "attack_face"]
        )
    )
    agent, played = play_opponent_turn(session)
    u = session.labels
    # Guard first with the strongest attacker (the brute), then the hound; Golem is the cheapest creature.
    assert played[:3] == [
        f"SUMMON {u['hound']}",
        f"ATTACK {u['brute']} {u['wall']}",
        f"ATTACK {u['hound']} {u['wall']}",
    ]
    assert played[3] == f"SUMMON {u['golem']}" and played[-1] == "PASS"
    assert [source for _, source, _ in agent.played][1:4] == [
        "rule attack_guards",
        "rule attack_guards",
        "rule summon_cheapest",
    ]


def test_every_rule_of_the_vocabulary_is_implemented():
    assert set(RULES) == set(FALLBACK_RULES)
    with pytest.raises(ValueError, match="unknown fallback rule"):
        ScriptedAgent([], ["attack_everything"], {})


# ------------------------------------------------------------------------------ each rule


def position():
    """Player 0 to act: attackers 2/2, 5/5 and a 0/4; enemy: 1/1, 4/2, a 1/6 Guard."""
    battle = fresh_battle()
    put(battle, 0, creature_card(2, 2), 1)
    put(battle, 0, creature_card(5, 5), 3)
    put(battle, 0, creature_card(0, 4), 5)
    put(battle, 1, creature_card(1, 1), 2)
    put(battle, 1, creature_card(4, 2), 4)
    return battle


def test_rule_attack_guards_hits_the_weakest_guard_with_the_strongest_creature():
    battle = position()
    put(battle, 1, creature_card(1, 6, "G"), 6)
    put(battle, 1, creature_card(0, 3, "G"), 8)
    assert RULES["attack_guards"](battle, 0) is attack(3, 8)


def test_rule_attack_biggest_and_weakest():
    battle = position()
    assert RULES["attack_biggest"](battle, 0) is attack(3, 4)
    assert RULES["attack_weakest"](battle, 0) is attack(3, 2)


def test_rule_trade_kills_and_survives_with_the_smallest_attacker():
    battle = position()
    assert RULES["trade"](battle, 0) is attack(3, 4)  # the 2/2 would die to the 4/2
    battle.sides[1].board = [c for c in battle.sides[1].board if c.uid != 4]
    assert RULES["trade"](battle, 0) is attack(1, 2)  # the 2/2 kills the 1/1 and survives


def test_rule_attack_face_never_uses_a_zero_attack_creature():
    battle = position()
    assert RULES["attack_face"](battle, 0) is attack(3, -1)
    battle.sides[0].board = [c for c in battle.sides[0].board if c.attack == 0]
    assert RULES["attack_face"](battle, 0) is None


def test_rules_summon_by_cost_and_use_items():
    battle = position()
    battle.sides[0].mana = 5
    give(battle, 0, creature_card(3, 3, cost=3), 7)
    give(battle, 0, creature_card(1, 1, cost=1), 9)
    give(battle, 0, creature_card(9, 9, cost=9), 11)
    give(battle, 0, item_card(CardType.RED, attack=-2, cost=1), 13)
    assert RULES["summon_biggest"](battle, 0) is summon(7)
    assert RULES["summon_cheapest"](battle, 0) is summon(9)
    assert RULES["use_items"](battle, 0) is use(13, 4)  # red: the enemy creature with the highest attack
    assert RULES["end_turn"](battle, 0) is END_TURN


def test_script_grammar_errors_are_plain():
    with pytest.raises(ScriptSyntaxError, match="not by instance id"):
        parse_script_action("ATTACK 7 -1")
    with pytest.raises(ScriptSyntaxError, match="lanes are 0 and 1"):
        parse_script_action("SUMMON {a} 2")
    action = parse_script_action("summon {Boss} 1 {card:12}")
    assert (action.verb, action.actor.label, action.lane, action.target.card_id) == ("SUMMON", "boss", 1, 12)
