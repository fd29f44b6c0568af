"""`levels simulate --difficulty` and `levels report --difficulty`: the level is played as a player
meets it at that setting (game/rules/levels/difficulty.py): the opponent's AI and time moved, the
player's time the level's own. No game is played here: `play_level` is replaced by a recorder of
what it was asked to play."""

from __future__ import annotations

import argparse
import json

import pytest

from game.rules.levels.loader import campaign_dir
from game.tools import campaign_report, simulate_levels


@pytest.fixture
def level_file(tmp_path):
    """A gomoku level (a copy of Four-Three) whose opponent is hard at 300 ms, and whose hard
    setting is capped by the level at 450 ms."""

    def write(**changes) -> str:
        data = json.loads((campaign_dir() / "g2_four_three.json").read_text(encoding="utf-8"))
        data["id"] = "difficulty_probe"
        data["opponent"].update(ai="hard", budget_ms=300)
        data["difficulty"] = {"hard": {"budget_ms": 450}}
        data.update(changes)
        path = tmp_path / "difficulty_probe.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        return str(path)

    return write


@pytest.fixture
def played(monkeypatch):
    """What each game was asked: (opponent AI, opponent's budget in the level, player's budget,
    opponent's budget given)."""
    seen: list[tuple] = []

    def fake_play_level(level, seed, player, opponent=None, budget_ms=None, opponent_budget_ms=None, **_):
        seen.append((level.opponent.ai, level.opponent.budget_ms, budget_ms, opponent_budget_ms))
        states = ["met"] * len(level.objectives)
        return None, simulate_levels.GameOutcome(0, seed, True, 1, 3, states)

    monkeypatch.setattr(simulate_levels, "play_level", fake_play_level)
    return seen


def simulate(capsys, *argv: str) -> dict:
    parser = argparse.ArgumentParser()
    simulate_levels.add_arguments(parser)
    args = parser.parse_args([*argv, "--games", "2", "--json", "--player", "master"])
    assert simulate_levels.run(args) == 0
    return json.loads(capsys.readouterr().out)


def test_normal_plays_the_level_as_written(level_file, played, capsys):
    data = simulate(capsys, level_file())
    assert played == [("hard", 300, None, None)] * 2  # None: the level's own 300 ms for both
    assert (data["difficulty"], data["opponent"], data["budget_ms"], data["opponent_budget_ms"]) == (
        "normal",
        "hard",
        300,
        300,
    )


def test_story_moves_the_opponent_down_and_halves_its_time_not_the_players(level_file, played, capsys):
    data = simulate(capsys, level_file(), "--difficulty", "story")
    assert played == [("medium", 150, 300.0, 150.0)] * 2
    assert (data["difficulty"], data["opponent"], data["budget_ms"], data["opponent_budget_ms"]) == (
        "story",
        "medium",
        300.0,
        150,
    )


def test_hard_moves_the_opponent_up_within_the_levels_own_limit(level_file, played, capsys):
    data = simulate(capsys, level_file(), "--difficulty", "hard", "--budget-ms", "20")
    # --budget-ms is the player's time; the opponent's is the setting's (the level caps it at 450)
    assert played == [("master", 450, 20.0, 450.0)] * 2
    assert (data["opponent"], data["budget_ms"], data["opponent_budget_ms"]) == ("master", 20.0, 450)


def test_a_fixed_level_plays_the_same_at_every_difficulty(level_file, played, capsys):
    path = level_file(difficulty={"fixed": True})
    data = simulate(capsys, path, "--difficulty", "hard", "--budget-ms", "20")
    assert played == [("hard", 300, 20.0, None)] * 2  # None: --budget-ms for both, as at normal
    assert (data["opponent"], data["budget_ms"], data["opponent_budget_ms"]) == ("hard", 20.0, 20.0)


def test_an_unknown_difficulty_is_refused_by_both_commands(capsys):
    for command in (simulate_levels, campaign_report):
        parser = argparse.ArgumentParser()
        command.add_arguments(parser)
        arguments = ["g2_four_three"] if command is simulate_levels else []
        with pytest.raises(SystemExit) as stopped:
            parser.parse_args([*arguments, "--difficulty", "nightmare"])
        assert stopped.value.code == 2
        assert "invalid choice: 'nightmare' (choose from 'story', 'normal', 'hard')" in capsys.readouterr().err


def test_the_report_measures_each_level_at_the_difficulty_asked(monkeypatch):
    asked = []

    def fake_run_games(path, games, player, **options):
        asked.append((path.rsplit("/", 1)[-1], games, player, options["difficulty"]))
        return [simulate_levels.GameOutcome(0, 0, True, 1, 4, ["met"])] * games

    monkeypatch.setattr(simulate_levels, "run_games", fake_run_games)
    parser = argparse.ArgumentParser()
    campaign_report.add_arguments(parser)
    args = parser.parse_args(["--games", "3", "--difficulty", "story", "--no-progress"])
    rows = campaign_report.measure(args, [("g1_five_stones", "stone_garden")], ["stone_garden"])
    assert asked == [("g1_five_stones.json", 3, "human", "story")]
    assert (rows[0].games, rows[0].won) == (3, 3)
