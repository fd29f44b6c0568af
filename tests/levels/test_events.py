"""Scripted events fire once, when their condition first holds, and do what they say."""

from __future__ import annotations

from ai.levels.opponents import make_opponent
from tests.levels.helpers import BELLRINGER, BRUTE, GOLEM, HOUND, SPARK_FLASK, card_level, started, uid
from game.rules.events import EventKind


def say(text):
    return {"say": {"speaker": "Tester", "text": text}}


def test_turn_event_gives_cards_at_the_start_of_that_turn():
    level = card_level(
        events=[
            {
                "when": {"turn": 2, "side": "player"},
                "do": [say("Here."), {"give": {"cards": [{"card": HOUND, "label": "gift"}]}}],
            }
        ]
    )
    session = started(level)
    gift = uid(session, "gift")
    assert session.dialogue() == [] and gift not in [i.uid for i in session.battle.sides[0].hand]
    session.apply("PASS")
    session.apply("PASS")  # the player's turn 2 starts
    assert [line.text for line in session.dialogue()] == ["Here."]
    hand = [i.uid for i in session.battle.sides[0].hand]
    assert gift in hand and session.battle.sides[0].hand[-1].card.base_id == HOUND
    session.apply("PASS")
    session.apply("PASS")
    assert session.dialogue() == [] and [i.uid for i in session.battle.sides[0].hand].count(gift) == 1


def test_health_event_summons_for_the_opponent_and_reports_it():
    level = card_level(
        player={"board": [{"card": BRUTE, "label": "brute"}]},
        opponent={"health": 10},
        events=[
            {
                "when": {"health_at_most": 6, "side": "opponent"},
                "do": [{"summon": {"card": BELLRINGER, "label": "ringer"}}],
            }
        ],
    )
    session = started(level)
    events = session.apply(f"ATTACK {uid(session, 'brute')} -1")
    ringer = uid(session, "ringer")
    assert (EventKind.SUMMON, 1, ringer) in [(e.kind, e.player, e.card) for e in events]
    assert [c.uid for c in session.battle.sides[1].board] == [ringer]
    assert not session.battle.sides[1].board[0].can_attack


def test_death_event_fires_when_the_labelled_creature_dies():
    level = card_level(
        player={"hand": [SPARK_FLASK]},
        opponent={"board": [{"card": GOLEM, "label": "victim", "defense": 2}]},
        events=[{"when": {"died": "victim"}, "do": [say("Avenge it!")]}],
    )
    session = started(level)
    flask = session.battle.sides[0].hand[0].uid
    session.apply(f"USE {flask} {uid(session, 'victim')}")
    assert [line.text for line in session.dialogue()] == ["Avenge it!"]


def test_board_empty_event_and_scripted_opponent_together():
    level = card_level(
        opponent={"hand": [HOUND], "mana": 3, "script": [{"turn": 1, "actions": ["SUMMON {card:37}"]}]},
        events=[
            {"when": {"board_empty": True, "side": "player"}, "do": [say("Nothing to fear.")]},
            {"when": {"turn": 1, "side": "opponent"}, "do": [say("My turn.")]},
        ],
    )
    session = started(level)
    assert [line.text for line in session.dialogue()] == ["Nothing to fear."]
    session.apply("PASS")
    session.run_turn(make_opponent(session), 50)
    assert [line.text for line in session.dialogue()] == ["My turn."]


def test_a_full_hand_skips_the_gift_with_a_warning():
    level = card_level(
        player={"hand": [GOLEM] * 8},
        events=[{"when": {"turn": 1, "side": "player"}, "do": [{"give": {"cards": [HOUND]}}]}],
    )
    session = started(level)
    assert len(session.battle.sides[0].hand) == 8
    assert session.warnings == ["events[0]: player's hand is full: Voltaic Hound not given"]
