"""The campaign's difficulty setting: what story and hard do to a level's AI opponent, the limits a
level sets, and the problems a `difficulty` block that cannot work gets."""

from __future__ import annotations

import json

import pytest

from game.rules.levels import load_campaign, load_campaign_levels
from game.rules.levels.difficulty import at_difficulty, opponent_at, plays_the_same
from game.rules.levels.loader import read_level
from game.rules.levels.session import level_digest


@pytest.fixture(scope="module")
def levels():
    return load_campaign_levels(load_campaign())


def test_normal_is_the_level_as_written(levels):
    level = levels["c2_two_lanes"]  # card AI medium, 300 ms
    assert opponent_at(level, "normal") == ("medium", 300)
    assert at_difficulty(level, "normal") is level


def test_story_and_hard_move_one_step_along_the_ladder_and_scale_the_time(levels):
    cards = levels["c2_two_lanes"]  # medium, 300 ms
    assert opponent_at(cards, "story") == ("easy", 150)
    assert opponent_at(cards, "hard") == ("hard", 600)
    gomoku = levels["g4_renju_challenge"]  # medium, 400 ms
    assert opponent_at(gomoku, "story") == ("easy", 200)
    assert opponent_at(gomoku, "hard") == ("hard", 800)


def test_the_ladder_stops_at_its_ends(levels):
    five_stones = levels["g1_five_stones"]  # gomoku easy, 200 ms
    assert opponent_at(five_stones, "story") == ("novice", 100)
    # no shipped level plays the novice now; the same level against it: nothing below it
    novice = five_stones.model_copy(update={"opponent": five_stones.opponent.model_copy(update={"ai": "novice"})})
    assert opponent_at(novice, "story") == ("novice", 100)
    assert opponent_at(novice, "hard") == ("easy", 400)
    strongest = levels["s1_first_muster"]  # skirmish hard, 300 ms: nothing above it
    assert opponent_at(strongest, "hard") == ("hard", 600)


def test_the_level_as_met_has_the_changed_opponent_and_nothing_else(levels):
    level = levels["c3_the_duelmind"]  # medium, 500 ms
    hard = at_difficulty(level, "hard")
    assert (hard.opponent.ai, hard.opponent.budget_ms) == ("hard", 1000)
    assert hard.objectives == level.objectives and hard.player == level.player
    assert (level.opponent.ai, level.opponent.budget_ms) == ("medium", 500)  # the original is untouched


def test_a_scripted_opponent_plays_the_same_at_every_difficulty(levels):
    level = levels["c1_first_spark"]
    assert plays_the_same(level)
    assert opponent_at(level, "hard") is None
    assert at_difficulty(level, "story") is level


def _level_file(tmp_path, levels, level_id: str, difficulty: dict):
    data = json.loads(levels[level_id].model_dump_json(by_alias=True, exclude_defaults=True))
    data["difficulty"] = difficulty
    path = tmp_path / f"{level_id}.json"
    path.write_text(json.dumps(data))
    return path


def test_a_level_sets_its_own_limits(tmp_path, levels):
    path = _level_file(tmp_path, levels, "c2_two_lanes", {"story": {"ai": "random"}, "hard": {"budget_ms": 450}})
    level, problems = read_level(path)
    assert problems == []
    assert opponent_at(level, "story") == ("random", 150)  # its own AI, the usual half time
    assert opponent_at(level, "hard") == ("hard", 450)  # the usual step, its own time


def test_a_fixed_level_ignores_the_setting(tmp_path, levels):
    path = _level_file(tmp_path, levels, "g2_four_three", {"fixed": True})
    level, problems = read_level(path)
    assert problems == [] and plays_the_same(level)
    assert at_difficulty(level, "hard") is level


def test_a_difficulty_block_that_cannot_work_is_a_problem_naming_its_field(tmp_path, levels):
    path = _level_file(tmp_path, levels, "c2_two_lanes", {"hard": {"ai": "master"}})
    _level, problems = read_level(path)
    assert [(p.path, p.message) for p in problems] == [
        ("$.difficulty.hard.ai", "'master' is not an AI level of this game (easy, hard, medium, random)")
    ]
    path = _level_file(tmp_path, levels, "c1_first_spark", {"story": {"budget_ms": 100}})
    _level, problems = read_level(path)
    assert [(p.path, p.message) for p in problems] == [
        ("$.difficulty", "a scripted opponent has no AI level or time to change; leave the block out")
    ]
    path = _level_file(tmp_path, levels, "g1_five_stones", {"fixed": True, "hard": {"ai": "hard"}})
    _level, problems = read_level(path)
    assert [(p.path, p.message) for p in problems] == [
        ("$.difficulty.fixed", "every difficulty plays the same, so hard would never apply")
    ]


def test_a_default_difficulty_block_leaves_the_digest_alone(tmp_path, levels):
    """Stored measurements and saves name a level by its digest: writing the default out changes nothing."""
    path = _level_file(tmp_path, levels, "c2_two_lanes", {"fixed": False})
    level, problems = read_level(path)
    assert problems == [] and level_digest(level) == level_digest(levels["c2_two_lanes"])
