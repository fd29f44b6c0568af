"""Objectives, each kind detected from hand-built positions, and how they end a level."""

from __future__ import annotations

import pytest

from game.rules.events import Event, EventKind
from game.rules.levels.objectives import FAILED, MET, PENDING, GomokuObjectiveTracker, ObjectiveTracker
from game.rules.levels.session import LevelOver
from tests.levels.helpers import BELLRINGER, BRUTE, GOLEM, HOUND, SPARK_FLASK, card_level, gomoku_level, started, uid


def states(session):
    return [status.state for status in session.objectives()]


def test_win_is_met_when_the_opponent_falls():
    session = started(card_level(player={"board": [{"card": BRUTE, "label": "brute"}]}, opponent={"health": 4}))
    assert states(session) == [PENDING] and not session.over
    session.apply(f"ATTACK {uid(session, 'brute')} -1")
    assert states(session) == [MET]
    assert session.over and session.result.won and session.result.stars == 1 and session.result.turns == 1
    with pytest.raises(LevelOver):
        session.apply("PASS")


def test_win_within_fails_when_the_last_allowed_turn_ends():
    session = started(card_level(objectives=[{"kind": "win_within", "turns": 1}]))
    assert states(session) == [PENDING]
    session.apply("PASS")
    assert states(session) == [FAILED] and session.over and not session.result.won
    assert session.result.reason == "Objective failed: Win within 1 turn."


def test_win_within_two_turns_is_still_open_after_the_first():
    session = started(
        card_level(
            objectives=[{"kind": "win_within", "turns": 2}], player={"hand": [HOUND], "mana": 3}, opponent={"health": 3}
        )
    )
    session.apply("PASS")  # the player's turn 1 ends: still pending
    assert states(session) == [PENDING]
    session.apply("PASS")  # the dummy's turn 1
    assert session.objectives()[0].detail == "turn 2 of 2"
    hound = next(i.uid for i in session.battle.sides[0].hand if i.card.base_id == HOUND)
    session.apply(f"SUMMON {hound}")
    session.apply(f"ATTACK {hound} -1")
    assert states(session) == [MET] and session.result.won


def test_survive_counts_the_opponents_turns():
    session = started(card_level(objectives=[{"kind": "survive", "turns": 2}]))
    for expected in ([PENDING], [PENDING], [PENDING]):  # my turn 1, its turn 1, my turn 2
        session.apply("PASS")
        assert states(session) == expected
    session.apply("PASS")  # its turn 2 ends
    assert states(session) == [MET] and session.result.won


def test_survive_fails_when_the_player_dies():
    level = card_level(
        objectives=[{"kind": "survive", "turns": 3}],
        player={"health": 2},
        opponent={
            "hand": [HOUND],
            "mana": 3,
            "script": [{"turn": 1, "actions": ["SUMMON {card:37}", "ATTACK {card:37} FACE"]}],
        },
    )
    session = started(level)
    from ai.levels.opponents import make_opponent

    session.apply("PASS")
    session.run_turn(make_opponent(session), 50)
    assert states(session) == [FAILED] and session.over and not session.result.won


def test_clear_board_met_the_moment_the_enemy_board_is_empty():
    level = card_level(
        objectives=[{"kind": "clear_board"}],
        player={"board": [{"card": BRUTE, "label": "brute"}]},
        opponent={"board": [{"card": BELLRINGER, "label": "ringer"}]},
    )
    session = started(level)
    session.apply(f"ATTACK {uid(session, 'brute')} {uid(session, 'ringer')}")
    assert states(session) == [MET] and session.result.won and session.battle.winner is None


def test_clear_board_fails_at_the_end_of_the_turn():
    level = card_level(objectives=[{"kind": "clear_board", "by_turn": 1}], opponent={"board": [{"card": BELLRINGER}]})
    session = started(level)
    session.apply("PASS")
    assert states(session) == [FAILED] and not session.result.won


def test_keep_alive_fails_when_the_creature_dies_and_the_level_is_lost():
    level = card_level(
        objectives=[{"kind": "win"}, {"kind": "keep_alive", "label": "golem"}],
        player={"board": [{"card": GOLEM, "label": "golem", "defense": 2}], "hand": [SPARK_FLASK]},
        opponent={"board": [{"card": GOLEM, "label": "wall"}]},
    )
    session = started(level)
    session.apply(f"ATTACK {uid(session, 'golem')} {uid(session, 'wall')}")
    assert states(session) == [FAILED, FAILED] and session.over
    assert session.result.reason == "Objective failed: Keep Gravel Golem alive."


def test_keep_alive_is_met_when_the_level_is_won_with_the_creature_on_the_board():
    level = card_level(
        objectives=[{"kind": "win"}, {"kind": "keep_alive", "label": "brute", "required": False}],
        player={"board": [{"card": BRUTE, "label": "brute"}]},
        opponent={"health": 4},
    )
    session = started(level)
    session.apply(f"ATTACK {uid(session, 'brute')} -1")
    assert states(session) == [MET, MET] and session.result.stars == 2


def test_a_failed_bonus_objective_does_not_lose_the_level():
    level = card_level(
        objectives=[{"kind": "survive", "turns": 1}, {"kind": "win_within", "turns": 1, "required": False}]
    )
    session = started(level)
    session.apply("PASS")
    assert states(session) == [PENDING, FAILED] and not session.over
    session.apply("PASS")
    assert states(session) == [MET, FAILED] and session.result.won and session.result.stars == 1


def test_tracker_reads_death_events_of_labelled_creatures():
    from tests.cards.builders import creature_card, fresh_battle, put

    battle = fresh_battle()
    put(battle, 0, creature_card(2, 2), uid=41)
    tracker = ObjectiveTracker(
        card_level(objectives=[{"kind": "win"}, {"kind": "keep_alive", "label": "pet"}]).objectives, 0, {"pet": 41}
    )
    tracker.update([Event(EventKind.DEATH, player=0, card=99)], battle)
    assert tracker.states == [PENDING, PENDING]
    tracker.update([Event(EventKind.DEATH, player=0, card=41)], battle)
    assert tracker.states == [FAILED, FAILED] and tracker.outcome == "lost"


# ------------------------------------------------------------------------------ gomoku


def gomoku_tracker(objectives, colour=1, opening=0):
    return GomokuObjectiveTracker(gomoku_level(objectives=objectives).objectives, colour, opening)


def test_gomoku_win_within_fails_after_the_last_move():
    session = started(gomoku_level(objectives=[{"kind": "win_within", "moves": 2}]))
    session.apply((0, 0))
    session.apply((14, 14))
    assert states(session) == [PENDING]
    session.apply((0, 1))
    assert states(session) == [FAILED] and not session.result.won


def test_gomoku_win_is_detected_and_counts_only_the_players_moves():
    level = gomoku_level(
        opening={"black": ["0,0", "1,0", "2,0", "3,0"], "white": ["0,5", "1,5", "2,5", "3,5"]},
        objectives=[{"kind": "win_within", "moves": 1}, {"kind": "win", "required": False}],
    )
    session = started(level)
    assert session.player_seat == 1  # black to move, and the player moves first
    session.apply("4,0")
    assert states(session) == [MET, MET] and session.result.won and session.result.turns == 1


def test_gomoku_survive_is_met_after_the_opponents_moves():
    tracker = gomoku_tracker([{"kind": "survive", "moves": 2}], colour=2)
    from game.rules.gomoku import GomokuState

    state = GomokuState()
    for move, expected in (((7, 7), PENDING), ((0, 0), PENDING), ((8, 8), MET)):
        state.apply(move)
        tracker.update([], state)
        assert tracker.states == [expected]
    assert tracker.outcome == "won"


def test_gomoku_survive_fails_when_the_opponent_wins_first():
    level = gomoku_level(
        first="opponent",
        opening={"black": ["0,0", "1,0", "2,0", "3,0"], "white": ["0,5", "1,5", "2,5", "9,9"]},
        objectives=[{"kind": "survive", "moves": 3}],
    )
    session = started(level)
    assert session.player_seat == 2 and session.current_seat == 1
    session.apply("4,0")  # the opponent (black) completes five
    assert states(session) == [FAILED] and not session.result.won
