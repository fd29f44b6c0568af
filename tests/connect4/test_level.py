"""Connect Four levels: the model and its checks, the session (objectives, events, saves and
resume), and the campaign's bonus puzzle "Four in the Gears" (valid, and won by the hard AI
playing the player's side)."""

from __future__ import annotations

import json

import pytest

from game.rules.connect4.level import Connect4Level, check_connect4
from game.rules.connect4.session import Connect4Session
from game.rules.levels.loader import campaign_dir, parse_level
from game.rules.levels.session import LevelOver, LevelSession, ResumeError
from game.rules.registry import game_kind

GEARS = "x_four_in_the_gears"


def level_data(**fields) -> dict:
    data = {
        "version": 1,
        "kind": "connect4",
        "id": "c4_test",
        "title": "Test",
        "opponent": {"name": "Bolt", "ai": "easy"},
        "objectives": [{"kind": "win"}],
    }
    data.update(fields)
    return data


def parse(**fields) -> Connect4Level:
    level, problems = parse_level(level_data(**fields), "level.json")
    assert problems == [] and level is not None
    return level


def messages(level) -> list[str]:
    return [f"{p.path}: {p.message}" for p in check_connect4(level, "level.json")]


def test_the_registry_names_the_model_and_session_and_the_union_reads_the_kind():
    kind = game_kind("connect4")
    assert kind.level_model_class() is Connect4Level
    assert kind.level_session_class() is Connect4Session
    assert isinstance(parse(), Connect4Level)


def test_model_problems_are_reported_with_paths():
    _, problems = parse_level(level_data(opening=["z"], columns=11), "level.json")
    paths = {p.path for p in problems}
    assert "$.columns" in paths and "$.opening[0]" in paths
    _, problems = parse_level(level_data(objectives=[{"kind": "win_within", "moves": 0}]), "level.json")
    assert any("leaves no move" in p.message for p in problems)


def test_an_opening_already_won_or_illegal_is_a_problem():
    won = parse(opening=["a", "b", "a", "b", "a", "b", "a"])
    assert any("already won" in m for m in messages(won))
    played_on = parse(opening=["a", "b", "a", "b", "a", "b", "a", "b"])
    assert any("$.opening[7]" in m and "already over" in m for m in messages(played_on))
    full = parse(rows=4, opening=["a", "a", "a", "a", "a"])
    assert any("$.opening[4]" in m and "column a is full" in m for m in messages(full))
    narrow = parse(columns=5, opening=["f"])
    assert any("no column f" in m for m in messages(narrow))
    off = parse(columns=5, blocked=["g1"])
    assert any("$.blocked[0]" in m and "off the" in m for m in messages(off))


def test_objectives_must_fit_the_board():
    level = parse(
        columns=4,
        rows=4,
        objectives=[{"kind": "win_within", "moves": 9}, {"kind": "survive", "moves": 9}],
        events=[{"after_move": 9, "say": {"speaker": "Bolt", "text": "Hm."}}],
    )
    found = messages(level)
    assert any("$.objectives[0].moves" in m for m in found)
    assert any("$.objectives[1].moves" in m for m in found)
    assert any("$.events[0].after_move" in m for m in found)
    bonus_only = parse(objectives=[{"kind": "win", "required": False}])
    assert any("at least one objective must be required" in m for m in messages(bonus_only))
    assert messages(parse(opening=["d", "d"], blocked=["a1"])) == []


def test_the_session_plays_says_its_lines_and_settles_win_within():
    level = parse(
        opening=["d", "a"],
        objectives=[{"kind": "win_within", "moves": 4}],
        events=[{"after_move": 1, "say": {"speaker": "Bolt", "text": "Click."}}],
    )
    session = LevelSession.create(level, seed=3)
    session.start()
    assert session.player_seat == 0 and session.is_player_turn
    session.dialogue()
    for column in (3, 1, 3, 1, 3):  # d d d on top of the opening's d: four in column d
        session.apply(column)
        if column == 3 and len(session.actions) == 1:
            assert [line.text for line in session.dialogue()] == ["Click."]
    assert session.over and session.result.won and session.result.turns == 3
    with pytest.raises(LevelOver):
        session.apply(0)


def test_objectives_fail_when_the_moves_run_out_and_survive_is_met():
    level = parse(objectives=[{"kind": "win_within", "moves": 2}])
    session = LevelSession.create(level)
    session.start()
    for column in (0, 6, 1):  # the player's second disc ends it: no four
        session.apply(column)
    assert session.over and not session.result.won and "Win within 2 moves" in session.result.reason
    survive = parse(first="opponent", objectives=[{"kind": "survive", "moves": 2}])
    session = LevelSession.create(survive)
    session.start()
    assert session.player_seat == 1 and not session.is_player_turn
    for column in (0, 6, 1):  # the opponent's second disc: lived through
        session.apply(column)
    assert session.over and session.result.won
    lost = parse(first="opponent", objectives=[{"kind": "survive", "moves": 9}])
    session = LevelSession.create(lost)
    session.start()
    for column in (0, 6, 0, 6, 0, 6, 0):
        session.apply(column)
    assert session.over and not session.result.won


def test_a_save_resumes_the_same_game_and_a_bad_one_says_why():
    level = parse(opening=["d"], first="player")
    session = LevelSession.create(level, seed=9)
    session.start()
    for column in (2, 3, 4):
        session.apply(column)
    data = json.loads(json.dumps(session.save_data()))
    assert data["actions"] == ["2", "3", "4"]
    again = LevelSession.resume(level, data)
    assert again.state.moves == session.state.moves and again.current_seat == session.current_seat
    assert again.objectives() == session.objectives()
    with pytest.raises(ResumeError, match="does not replay"):
        LevelSession.resume(level, {**data, "actions": ["2", "x"]})
    with pytest.raises(ResumeError, match="does not replay"):
        LevelSession.resume(level, {**data, "actions": ["12"]})


def gears_level() -> Connect4Level:
    raw = json.loads((campaign_dir() / f"{GEARS}.json").read_text())
    level, problems = parse_level(raw, GEARS)
    assert problems == [] and level is not None
    return level


def test_four_in_the_gears_is_a_sane_puzzle_unlocked_by_the_garden():
    level = gears_level()
    assert check_connect4(level, GEARS) == []
    assert level.opponent.ai == "hard" and [o.kind for o in level.objectives] == ["win_within"]
    garden = json.loads((campaign_dir() / "g3_hold_the_garden.json").read_text())
    assert GEARS in garden["rewards"]["unlocks"]


def test_four_in_the_gears_validates_like_every_campaign_level():
    """The loader's whole check (read_level), as `levels validate` and the campaign map run it."""
    from game.rules.levels.loader import read_level

    level, problems = read_level(campaign_dir() / f"{GEARS}.json")
    assert level is not None and [str(p) for p in problems] == []


def test_four_in_the_gears_is_won_by_the_hard_ai_on_the_players_side():
    from ai.connect4.agents import Connect4Agent

    level = gears_level()
    session = LevelSession.create(level, seed=1)
    session.start()
    player, opponent = Connect4Agent("hard", 11), Connect4Agent("hard", 12)
    while not session.over:  # node-capped levels: the same moves whatever the clock says
        session.run_turn(player if session.is_player_turn else opponent, 60_000)
    assert session.result.won and session.result.turns <= 3
