"""A card level's `runes` (how many of a side's runes still stand) and `turn` (the duel's turn when
the level starts): what the build sets in the engine, how the rune and turn-limit rules then play,
what objectives, scripts and events count, the validator's messages, and the workshop's rows.

Hand-computed expectations. Runes stand at 25, 20, 15, 10, 5 and `next_rune` is the highest one
standing (0: none). A level's `turn` N starts the first side's own turn N; both sides have played
N - 1 turns before it, so after the build (which starts that turn): battle.turn = 2N - 1, the first
side's turns = N, the other's = N - 1. From a side's own turn 51 on, every draw breaks a rune."""

from __future__ import annotations

import json

from ai.levels.opponents import make_opponent
from game.workshop import edits, forms
from game.workshop.model import Document
from game.workshop.templates import new_level
from game.rules.cards.actions import END_TURN
from game.rules.cards.state import TURN_LIMIT
from game.rules.events import EventKind
from game.rules.levels.checks import check_level
from game.rules.levels.loader import parse_level
from game.rules.levels.model import MAX_TURNS
from game.rules.levels.objectives import FAILED, MET, PENDING
from tests.levels.helpers import BASE_CARDS, GOLEM, card_level, merge, started

FILE = "test.json"


def problems_of(**changes) -> dict[str, str]:
    """Every problem of BASE_CARDS with `changes`, as `levels validate` finds them: path -> message."""
    level, problems = parse_level(merge(BASE_CARDS, changes), FILE)
    if level is not None:
        problems = check_level(level, FILE)
    return {p.path: p.message for p in problems}


def rune_events(events) -> list[int]:
    return [e.value for e in events if e.kind is EventKind.RUNE]


# ---------------------------------------------------------------------------------- runes


def test_runes_default_follows_health_as_before():
    assert started(card_level()).battle.sides[0].next_rune == 25  # health 30: all five runes
    battle = started(card_level(player={"health": 12})).battle
    assert (battle.sides[0].health, battle.sides[0].next_rune) == (12, 10)  # the runes at 10 and 5
    assert started(card_level(player={"health": 10})).battle.sides[0].next_rune == 5  # 10 itself is broken
    assert started(card_level(player={"health": 5})).battle.sides[0].next_rune == 0


def test_runes_leave_only_the_lowest_standing():
    battle = started(card_level(player={"health": 12, "runes": 1})).battle
    assert (battle.sides[0].health, battle.sides[0].next_rune) == (12, 5)
    assert battle.sides[1].next_rune == 25  # the opponent untouched
    assert started(card_level(player={"health": 12, "runes": 0})).battle.sides[0].next_rune == 0
    assert started(card_level(opponent={"runes": 3})).battle.sides[1].next_rune == 15  # health 30: 15, 10, 5
    assert started(card_level(player={"health": 12, "runes": 2})).battle.sides[0].next_rune == 10  # = default


def test_fewer_runes_mean_fewer_extra_draws():
    # health 12 by default: 3 damage (to 9) breaks the rune at 10 and earns a draw next turn
    battle = started(card_level(player={"health": 12})).battle
    events = []
    battle._health(battle.sides[0], 0, -3, events)
    assert rune_events(events) == [10] and battle.sides[0].next_draw == 2 and battle.sides[0].next_rune == 5
    # runes 1: the same damage breaks nothing; down to 5 the last rune breaks
    battle = started(card_level(player={"health": 12, "runes": 1})).battle
    events = []
    battle._health(battle.sides[0], 0, -3, events)
    assert rune_events(events) == [] and battle.sides[0].next_draw == 1
    battle._health(battle.sides[0], 0, -4, events)
    assert rune_events(events) == [5] and battle.sides[0].next_draw == 2 and battle.sides[0].next_rune == 0
    # runes 0: nothing ever breaks
    battle = started(card_level(player={"health": 12, "runes": 0})).battle
    events = []
    battle._health(battle.sides[0], 0, -11, events)
    assert rune_events(events) == [] and battle.sides[0].next_draw == 1 and battle.sides[0].health == 1


# ---------------------------------------------------------------------------------- turn


def test_default_turn_counters_are_unchanged():
    battle = started(card_level()).battle
    assert battle.turn == 1 and [s.turns for s in battle.sides] == [1, 0]


def test_a_late_start_sets_both_turn_counters():
    session = started(card_level(turn=40))
    battle = session.battle
    assert battle.turn == 79 and [s.turns for s in battle.sides] == [40, 39]
    assert session.player_turns() == 1
    events = session.apply(END_TURN)
    assert battle.turn == 80 and [s.turns for s in battle.sides] == [40, 40]
    assert [(e.player, e.value) for e in events if e.kind is EventKind.TURN] == [(1, 40)]
    session.apply(END_TURN)
    assert battle.turn == 81 and [s.turns for s in battle.sides] == [41, 40] and session.player_turns() == 2


def test_a_late_start_with_the_opponent_first():
    session = started(card_level(turn=40, first="opponent"))
    battle = session.battle
    assert session.player_seat == 1
    assert battle.turn == 79 and [s.turns for s in battle.sides] == [40, 39]  # seat 0 is the opponent
    assert session.player_turns() == 0
    session.apply(END_TURN)
    assert battle.turn == 80 and battle.sides[1].turns == 40 and session.player_turns() == 1


def limit_level(turn: int | None = None, **player):
    ten = {"deck": {"cards": [GOLEM] * 10}}
    changes = {"player": {**ten, **player}, "opponent": ten}
    if turn is not None:
        changes["turn"] = turn
    return card_level(**changes)


def pass_turns(session, count: int) -> list:
    events = []
    for _ in range(count):
        events += session.apply(END_TURN)
    return events


def deck_outs(events, seat: int = 0) -> list[int]:
    return [e.value for e in events if e.kind is EventKind.DECK_OUT and e.player == seat]


def test_the_turn_limit_breaks_a_rune_at_the_players_turn_51():
    # turn 50: the player's turn 50 and the opponent's draw normally; the player's turn 51 breaks
    # the rune at 25 although 5 cards are left (10 - 4 opening - 1 drawn at turn 50)
    session = started(limit_level(50))
    side = session.battle.sides[0]
    assert (side.health, side.deck_size) == (30, 5)
    events = pass_turns(session, 2)
    assert side.turns == 51 and deck_outs(events) == [25]
    assert (side.health, side.next_rune, side.deck_size, len(side.hand)) == (25, 20, 5, 5)
    # turn 49: the player's turn 50 still draws; the break comes one round later
    session = started(limit_level(49))
    side = session.battle.sides[0]
    events = pass_turns(session, 2)
    assert side.turns == 50 and deck_outs(events) == [] and (side.health, side.deck_size) == (30, 4)
    events = pass_turns(session, 2)
    assert side.turns == 51 and deck_outs(events) == [25] and (side.health, side.deck_size) == (25, 4)
    # default: the same two rounds draw normally
    session = started(limit_level())
    events = pass_turns(session, 4)
    assert deck_outs(events) == [] and session.battle.sides[0].health == 30


def test_past_the_turn_limit_with_no_rune_left_the_draw_loses():
    session = started(limit_level(50, health=12, runes=0))
    events = pass_turns(session, 2)
    assert deck_outs(events) == [0] and session.battle.winner == 1
    assert session.over and not session.result.won and session.result.turns == 2
    # runes 1: the draw sets health to 5 instead
    session = started(limit_level(50, health=12, runes=1))
    events = pass_turns(session, 2)
    assert deck_outs(events) == [5] and session.battle.sides[0].next_rune == 0 and not session.over


def test_objectives_count_the_turns_of_the_level():
    level = card_level(
        turn=40,
        opponent={"board": [{"card": GOLEM}]},
        objectives=[
            {"kind": "win_within", "turns": 2},
            {"kind": "clear_board", "by_turn": 2, "required": False},
            {"kind": "survive", "turns": 1, "required": False},
        ],
    )
    session = started(level)
    status = session.objectives()
    assert status[0].detail == "turn 1 of 2" and status[0].state == PENDING
    assert status[1].text == "Clear the enemy board by your turn 41"  # the duel's turn, as the HUD shows
    session.apply(END_TURN)
    assert [s.state for s in session.objectives()] == [PENDING, PENDING, PENDING]
    session.apply(END_TURN)  # the opponent's first turn of the level ended: survived
    status = session.objectives()
    assert status[0].detail == "turn 2 of 2" and status[2].state == MET
    session.apply(END_TURN)  # the player's second turn ends without a win
    assert session.over and session.result.reason == "Objective failed: Win within 2 turns."
    assert [s.state for s in session.objectives()] == [FAILED, FAILED, MET] and session.result.turns == 2


def test_script_and_event_turns_are_the_duels_turns():
    level = card_level(
        turn=40,
        opponent={
            "hand": [{"card": GOLEM, "label": "golem"}],
            "script": [{"turn": 40, "actions": ["SUMMON {golem}"], "then": "end"}],
        },
        events=[{"when": {"turn": 41, "side": "player"}, "do": [{"say": {"speaker": "Ilsa", "text": "Turn 41."}}]}],
    )
    session = started(level)
    agent = make_opponent(session)
    session.apply(END_TURN)
    session.run_turn(agent, 50)
    assert session.actions[1:] == [f"SUMMON {session.labels['golem']}", "PASS"]
    assert [line.text for line in session.dialogue()] == ["Turn 41."]


# ---------------------------------------------------------------------------------- validation


def test_too_many_runes_for_the_health_are_a_problem():
    assert problems_of(player={"health": 12, "runes": 3}) == {
        "$.player.runes": "with 12 health at most 2 runes can stand (at 10 and 5), not 3"
    }
    assert problems_of(opponent={"health": 25, "runes": 5}) == {
        "$.opponent.runes": "with 25 health at most 4 runes can stand (at 20, 15, 10 and 5), not 5"
    }
    assert problems_of(player={"health": 5, "runes": 1}) == {
        "$.player.runes": "with 5 health no rune can stand (a rune breaks when health drops to its value): use 0, not 1"
    }
    assert problems_of(player={"health": 12, "runes": 2}) == {}
    assert problems_of(player={"runes": 5}) == {} and problems_of(player={"health": 5, "runes": 0}) == {}
    assert problems_of(player={"runes": 6}) == {"$.player.runes": "must be at most 5 (found 6)"}
    assert problems_of(player={"runes": -1}) == {"$.player.runes": "must be at least 0 (found -1)"}


def test_a_turn_outside_the_duel_is_a_problem():
    assert MAX_TURNS == TURN_LIMIT == 50  # the model's bound is the engine's limit
    assert problems_of(turn=0) == {"$.turn": "turn 0 is before the duel's first turn: use 1 or more (or leave it out)"}
    assert problems_of(turn=51) == {
        "$.turn": "turn 51 is past the turn limit: from a side's turn 51 on every draw "
        "breaks a rune instead, so a level starts at turn 50 at the latest"
    }
    assert problems_of(turn=50) == {} and problems_of(turn=1) == {}
    assert problems_of(turn="3") == {"$.turn": 'must be a whole number (found "3")'}


def test_script_and_event_turns_before_a_late_start_are_problems():
    script = [{"turn": 1, "actions": ["PASS"]}, {"turn": 40, "actions": ["PASS"]}]
    assert problems_of(turn=40, opponent={"script": script}) == {
        "$.opponent.script[0].turn": 'turn 1 is before the level starts: it starts at turn 40 ("turn"), and script '
        "and event turns count the duel's turns, so the opponent's first turn here is 40"
    }
    event = {"when": {"turn": 39, "side": "player"}, "do": [{"say": {"speaker": "A", "text": "B"}}]}
    assert problems_of(turn=40, events=[event]) == {
        "$.events[0].when.turn": 'turn 39 is before the level starts: it starts at turn 40 ("turn"), and script '
        "and event turns count the duel's turns, so the player's first turn here is 40"
    }
    assert problems_of(turn=39, events=[event], opponent={"script": script[1:]}) == {}


def test_a_late_start_shortens_the_duel_the_checks_allow():
    # ten cards each, turn 48, player first: the player draws at its turns 48, 49, 50 (5 cards
    # would be left), then the five runes break and the next draw is 0 health: at most 3 + 6 turns
    assert problems_of(
        turn=48, player={"deck": {"cards": [GOLEM] * 10}}, objectives=[{"kind": "win_within", "turns": 10}]
    ) == {
        "$.objectives[0].turns": "win within 10 turns: the player's deck and runes last at most 9 turns, "
        "so the limit never applies"
    }
    # runes 0: the first draw past the limit (or with no card) loses: 3 + 1 turns
    assert problems_of(
        turn=48, player={"deck": {"cards": [GOLEM] * 10}, "runes": 0}, objectives=[{"kind": "win_within", "turns": 5}]
    ) == {
        "$.objectives[0].turns": "win within 5 turns: the player's deck and runes last at most 4 turns, "
        "so the limit never applies"
    }
    assert (
        problems_of(
            turn=48,
            player={"deck": {"cards": [GOLEM] * 10}, "runes": 0},
            objectives=[{"kind": "win_within", "turns": 4}],
        )
        == {}
    )


# ---------------------------------------------------------------------------------- workshop


def test_the_workshop_sets_and_clears_runes_and_turn():
    doc = Document(new_level("cards"))
    edits.set_value(doc, ("player", "health"), 12)
    edits.set_value(doc, ("player", "runes"), 1)
    edits.set_value(doc, ("turn",), 40)
    assert doc.problems == []
    data = json.loads(doc.text())
    assert list(data)[:9] == ["$schema", "version", "kind", "id", "title", "rules", "first", "turn", "player"]
    assert data["turn"] == 40
    assert data["player"] == {
        "deck": {"kind": "fixed", "cards": [25, 25, 25]},
        "health": 12,
        "mana": 3,
        "runes": 1,
        "hand": [],
        "board": [],
    }
    rows = {row.path: row for row in forms.build(doc, "Level") if row.path is not None}
    turn, runes = rows[("turn",)], rows[("player", "runes")]
    assert (turn.kind, turn.optional, turn.default, turn.low, turn.high) == ("int", True, 1, 1, 50)
    assert (runes.kind, runes.optional, runes.default, runes.low, runes.high) == ("int", True, 2, 0, 5)
    assert rows[("opponent", "runes")].default == 1  # the template's opponent has 6 health: the rune at 5
    edits.set_value(doc, ("player", "runes"), 3)
    assert [(p.path, p.message) for p in doc.problems] == [
        ("$.player.runes", "with 12 health at most 2 runes can stand (at 10 and 5), not 3")
    ]
    forms.apply(doc, runes, None)  # cleared: back to the default
    forms.apply(doc, turn, None)
    assert "runes" not in doc.data["player"] and "turn" not in doc.data and doc.problems == []
    edits.set_value(doc, ("turn",), 51)
    assert [p.path for p in doc.problems] == ["$.turn"]
