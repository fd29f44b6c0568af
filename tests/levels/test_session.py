"""Building a battle from a level (overrides, labels, seats, decks), playing it through a
LevelSession, and replaying saves exactly."""

from __future__ import annotations

import pytest

from ai.cards.random_agent import RandomAgent
from ai.agents import CardTurnAgent
from ai.levels.opponents import make_opponent
from game.tools.simulate_levels import play_level
from ai.cards.search_common import state_key
from game.rules.cards.battle import IllegalAction
from game.rules.levels import LevelSession, ResumeError, load_level
from game.rules.levels.session import level_digest
from tests.levels.helpers import BRUTE, GOLEM, HOUND, KNIGHT, SPARK_FLASK, card_level, gomoku_level, started, uid
from game.rules.events import EventKind


def test_overrides_health_mana_hand_board_and_labels():
    level = card_level(
        player={
            "health": 12,
            "mana": 5,
            "hand": [HOUND, {"card": SPARK_FLASK, "label": "flask"}],
            "board": [{"card": BRUTE, "label": "brute", "ready": False}, {"card": GOLEM, "attack": 1, "defense": 9}],
        },
        opponent={"health": 7, "mana": 4, "board": [{"card": KNIGHT, "label": "knight"}]},
    )
    session = started(level)
    battle = session.battle
    me, them = battle.sides
    assert (me.health, me.next_rune, me.mana, me.max_mana) == (12, 10, 5, 5)
    assert (them.health, them.next_rune, them.max_mana) == (7, 5, 3)  # its first turn makes it 4
    assert [i.card.base_id for i in me.hand] == [HOUND, SPARK_FLASK]  # no opening draw, no turn-1 draw
    assert me.deck_size == 6 and len(them.hand) == 5 and them.deck_size == 1
    brute, golem = me.board
    assert (brute.uid, brute.can_attack) == (uid(session, "brute"), False)
    assert (golem.attack, golem.defense, golem.can_attack) == (1, 9, True)
    assert uid(session, "flask") == me.hand[1].uid and uid(session, "knight") == them.board[0].uid
    ids = [i.uid for side in battle.sides for i in side.deck]
    assert len(ids) == len(set(ids)) and all(i % 2 == 1 for i in [x.uid for x in me.deck])
    session.apply("PASS")
    assert them.mana == 4 + them.bonus_mana


def test_the_opponent_can_play_first():
    session = started(card_level(first="opponent"))
    assert (session.player_seat, session.opponent_seat, session.current_seat) == (1, 0, 0)
    assert not session.is_player_turn
    session.run_turn(make_opponent(session), 20)
    assert session.is_player_turn and session.battle.sides[1].turns == 1


def test_a_seeded_shuffle_is_the_same_for_every_attempt_and_an_unseeded_one_is_not():
    cards = list(range(12, 26))
    seeded = card_level(player={"deck": {"kind": "shuffled", "cards": cards, "seed": 5}})
    unseeded = card_level(player={"deck": {"kind": "shuffled", "cards": cards}})

    def order(level, seed):
        return [p.card.base_id for p in LevelSession.create(level, seed).setup.plans[0].deck]

    assert order(seeded, 1) == order(seeded, 2) != cards
    assert order(unseeded, 1) != order(unseeded, 2)
    assert sorted(order(unseeded, 1)) == cards


def test_illegal_actions_raise_with_the_engines_reason():
    session = started(
        card_level(player={"board": [{"card": GOLEM, "label": "golem"}]}, opponent={"board": [{"card": 9}]})
    )
    with pytest.raises(IllegalAction, match="Guard"):
        session.apply(f"ATTACK {uid(session, 'golem')} -1")
    assert session.actions == []


def play_some(session, turns, seed=3):
    agents = {session.player_seat: CardTurnAgent(RandomAgent(seed)), session.opponent_seat: make_opponent(session)}
    while not session.over and session.battle.turn < turns:
        session.run_turn(agents[session.current_seat], 20)


def test_save_and_resume_replays_exactly():
    level = load_level("c1_apprentice_trial")
    session = started(level, seed=11)
    play_some(session, 6)
    data = session.save_data()
    assert data["level"] == level.id and data["seed"] == 11 and data["digest"] == level_digest(level)
    resumed = LevelSession.resume(level, data)
    assert resumed.actions == session.actions
    assert state_key(resumed.battle) == state_key(session.battle)
    assert [s.state for s in resumed.objectives()] == [s.state for s in session.objectives()]
    assert resumed.dialogue() == []


def test_a_save_leaves_out_an_unfinished_opponent_turn():
    level = card_level(
        opponent={
            "hand": [HOUND, GOLEM],
            "mana": 5,
            "script": [{"turn": 1, "actions": ["SUMMON {card:37}", "SUMMON {card:25}"]}],
        }
    )
    session = started(level)
    session.apply("PASS")
    before = session.save_data()["actions"]
    agent = make_opponent(session)
    session.apply(agent.act(session.observation(), 20).action)  # the opponent is halfway through its turn
    assert session.save_data()["actions"] == before == ["PASS"]
    session.run_turn(agent, 20)
    assert session.save_data()["actions"] == session.actions and session.is_player_turn


def test_resume_refuses_a_save_that_does_not_fit():
    level = load_level("c1_first_spark")
    with pytest.raises(ResumeError, match="not 'c1_first_spark'"):
        LevelSession.resume(level, {"level": "other", "seed": 0, "actions": []})
    with pytest.raises(ResumeError, match=r"action 1 \('ATTACK 99 -1'\) does not replay"):
        LevelSession.resume(level, {"level": level.id, "seed": 0, "actions": ["ATTACK 99 -1"]})
    with pytest.raises(ResumeError, match="no seed"):
        LevelSession.resume(level, {"level": level.id, "actions": []})


def test_draft_levels_pick_then_play_and_replay():
    pool = [6, 12, 14, 17, 19, 21, 25, 26, 28, 31, 33, 42]
    level = card_level(
        rules={"deck_size": 5},
        player={"deck": {"kind": "draft", "pool": pool, "picks": 5}},
        opponent={"deck": {"kind": "draft", "pool": pool, "picks": 5}},
    )
    session = started(level, seed=4)
    assert session.phase == "draft" and session.drafting_seats() == [0, 1] and session.battle is None
    offer = session.draft_offer(0)
    assert len(offer) == 3
    assert session.draft_pick(0, 2) == []
    assert session.draft_picked(0) == [offer[2]]
    session.run_draft(0, RandomAgent(1))
    events = []
    for _ in range(5):
        events = session.draft_pick(1, 0)
    assert session.phase == "play" and events and events[-1].kind in (EventKind.TURN, EventKind.DRAW)
    assert sorted(c.base_id for c in session.draft_picked(0)) == sorted(
        i.card.base_id for i in session.battle.sides[0].deck
    )
    resumed = LevelSession.resume(level, session.save_data())
    assert state_key(resumed.battle) == state_key(session.battle)


def test_gomoku_session_colours_moves_and_resume():
    level = gomoku_level(first="opponent")
    session = started(level, seed=2)
    assert (session.player_seat, session.current_seat) == (2, 1) and not session.is_player_turn
    session.run_turn(make_opponent(session), 20)
    assert session.is_player_turn and len(session.actions) == 1
    x, y = session.state.moves[0]
    with pytest.raises(IllegalAction, match="occupied"):
        session.apply((x, y))
    session.apply("0,0")
    resumed = LevelSession.resume(level, session.save_data())
    assert resumed.state.moves == session.state.moves and resumed.actions == ["%d,%d" % (x, y), "0,0"]


def test_play_level_reports_the_outcome():
    session, outcome = play_level(load_level("c1_first_spark"), seed=1, player="easy", budget_ms=20)
    assert session.over and outcome.won and outcome.turns == 1 and outcome.objectives == ["met"]


class _PlannedTurns:
    """A card AI that plans the turns it is given, in order, with a warning each."""

    name = "planned"

    def __init__(self, *plans):
        self.plans = list(plans)
        self.asked = 0

    def new_game(self, seat: int, lanes: int) -> None:
        pass

    def decide(self, observation, budget_ms: float):
        from ai.cards.agent import Decision

        self.asked += 1
        return Decision(self.plans.pop(0), {"warnings": [f"plan {self.asked}: skipped 'X'"]})


def test_run_turn_plans_again_at_a_stale_action_and_collects_each_plans_warnings():
    from game.rules.cards.actions import attack, parse_action

    session = started(
        card_level(
            player={"board": [{"card": GOLEM, "label": "golem"}]},
            opponent={"board": [{"card": GOLEM, "label": "wall", "defense": 1}]},
        )
    )
    golem, wall = uid(session, "golem"), uid(session, "wall")
    # The plan's second action targets the wall, which the first one killed: the AI plans again.
    ai = _PlannedTurns([attack(golem, wall), attack(golem, wall), parse_action("PASS")], [parse_action("PASS")])
    played = session.run_turn(CardTurnAgent(ai), 50)
    assert [a.text() for a, _ in played] == [f"ATTACK {golem} {wall}", "PASS"] and not session.is_player_turn
    assert ai.asked == 2 and session.warnings == ["plan 1: skipped 'X'", "plan 2: skipped 'X'"]
    with pytest.raises(IllegalAction):
        session.run_turn(CardTurnAgent(_PlannedTurns([attack(golem, wall)])), 50)  # not the player's creature now
