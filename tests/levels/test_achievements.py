"""Stars at each difficulty, time played, matches outside the campaign and the achievements the
progress earns; and that a progress file from before them (or with a value this game does not
know) still reads."""

from __future__ import annotations

import json

import pytest

from game.rules.levels import load_campaign, load_campaign_levels
from game.rules.levels.session import LevelResult
from game.rules.saves.achievements import ACHIEVEMENTS, MATCHES_PLAYED, QUICK_WIN_MOVES
from game.rules.saves.progress import Progress
from game.rules.saves.store import Store


@pytest.fixture(scope="module")
def campaign():
    campaign = load_campaign()
    return campaign, load_campaign_levels(campaign)


def result(won: bool, stars: int = 1, turns: int = 5) -> LevelResult:
    return LevelResult(won, stars, turns, [], "All objectives met." if won else "Lost.")


def play(progress, campaign, level_id, won=True, stars=1, turns=5, seconds=60.0, difficulty=None):
    progress.record_result(campaign[1][level_id], result(won, stars, turns), seconds, difficulty)
    return list(progress.new_achievements)


def test_stars_are_kept_per_difficulty_and_time_adds_up(tmp_path, campaign):
    progress = Progress(Store(tmp_path), *campaign)
    play(progress, campaign, "c2_two_lanes", won=False, seconds=100.0)
    play(progress, campaign, "c2_two_lanes", stars=2, seconds=80.0, difficulty="hard")
    play(progress, campaign, "c2_two_lanes", stars=3, seconds=50.0, difficulty="story")
    record = Progress(Store(tmp_path), *campaign).record("c2_two_lanes")  # as read back from the file
    assert (record.attempts, record.wins, record.stars) == (3, 2, 3)
    assert record.stars_at == {"hard": 2, "story": 3}
    assert record.seconds_played == 230.0 and record.best_seconds == 50.0


def test_the_difficulty_setting_is_stored_and_used_for_results(tmp_path, campaign):
    progress = Progress(Store(tmp_path), *campaign)
    assert progress.difficulty == "normal"
    progress.set_difficulty("hard")
    again = Progress(Store(tmp_path), *campaign)
    assert again.difficulty == "hard"
    play(again, campaign, "g1_five_stones", stars=1)
    assert again.record("g1_five_stones").stars_at == {"hard": 1}
    with pytest.raises(ValueError):
        again.set_difficulty("nightmare")


def test_achievements_are_earned_once_by_what_was_played(tmp_path, campaign):
    progress = Progress(Store(tmp_path), *campaign)
    assert play(progress, campaign, "c1_first_spark", won=False) == []
    assert play(progress, campaign, "c1_first_spark") == ["first_spark"]
    assert play(progress, campaign, "c1_guard_duty") == []  # not again
    # a gomoku level won in QUICK_WIN_MOVES moves: one more would not count
    assert play(progress, campaign, "g1_five_stones", turns=QUICK_WIN_MOVES + 1) == []
    assert play(progress, campaign, "g1_five_stones", turns=QUICK_WIN_MOVES) == ["quick_hands"]
    assert play(progress, campaign, "s1_first_muster") == ["three_crafts"]
    # the boss won on normal is no "Against the Odds"; on hard it is
    assert play(progress, campaign, "s4_brennas_champions") == []
    assert play(progress, campaign, "s4_brennas_champions", difficulty="hard") == ["against_the_odds"]
    assert set(Progress(Store(tmp_path), *campaign).data.achievements) == {
        "first_spark",
        "quick_hands",
        "three_crafts",
        "against_the_odds",
    }


def test_a_chapter_won_without_a_loss_is_flawless_and_one_loss_spoils_it(tmp_path, campaign):
    chapter = next(c for c in campaign[0].chapters if c.id == "stone_garden")
    spoiled = Progress(Store(tmp_path / "spoiled"), *campaign)
    play(spoiled, campaign, chapter.levels[0], won=False)
    for level_id in chapter.levels:
        play(spoiled, campaign, level_id, turns=30)
    assert "flawless" not in spoiled.data.achievements
    clean = Progress(Store(tmp_path / "clean"), *campaign)
    earned = [play(clean, campaign, level_id, turns=30) for level_id in chapter.levels]
    assert earned[-1] == ["flawless"] and all("flawless" not in e for e in earned[:-1])


def test_matches_outside_the_campaign_are_tallied(tmp_path, campaign):
    progress = Progress(Store(tmp_path), *campaign)
    progress.record_match("gomoku", "quick", "won", 120.0)
    progress.record_match("gomoku", "quick", "lost", 60.0)
    progress.record_match("gomoku", "quick", "draw", float("nan"))  # a broken clock adds no time
    progress.record_match("cards", "hotseat", "lost", 300.0)
    tallies = Progress(Store(tmp_path), *campaign).data.matches
    assert tallies["gomoku/quick"].model_dump() == {"played": 3, "won": 1, "lost": 1, "seconds": 180.0}
    assert tallies["cards/hotseat"].model_dump() == {"played": 1, "won": 0, "lost": 1, "seconds": 300.0}
    for _ in range(MATCHES_PLAYED - 5):
        progress.record_match("connect4", "quick", "won")
    assert progress.new_achievements == []
    progress.record_match("connect4", "quick", "won")
    assert progress.new_achievements == ["regular"]


def test_an_old_progress_file_and_unknown_values_still_read(tmp_path, campaign):
    """A file from before difficulties (no new fields), and one from a newer game with a difficulty
    this one does not know: both read, nothing moved aside."""
    (tmp_path / "progress.json").write_text(
        json.dumps(
            {
                "version": 1,
                "levels": {"c1_first_spark": {"attempts": 2, "wins": 1, "stars": 2, "stars_at": {"brutal": 3}}},
                "difficulty": "brutal",
            }
        )
    )
    progress = Progress(Store(tmp_path), *campaign)
    assert progress.problems == []
    assert progress.difficulty == "normal"
    record = progress.record("c1_first_spark")
    assert (record.wins, record.stars, record.stars_at, record.seconds_played) == (1, 2, {}, 0.0)


def test_every_achievement_says_what_to_do():
    ids = [a.id for a in ACHIEVEMENTS]
    assert len(ids) == len(set(ids)) == 8
    assert all(a.title and a.goal.endswith(".") for a in ACHIEVEMENTS)
