"""The campaign map's difficulty setting and profile: choosing Hard with the mouse keeps it with the
progress and a level then meets the stronger opponent; the profile shows the totals and the
achievements, and its text stays in place at 100 % and 150 %."""

from __future__ import annotations

import pygame
import pytest

from game.rules.levels import load_level
from game.rules.levels.session import LevelResult
from game.rules.saves.profile import profile, time_played, win_rate
from game.rules.saves.progress import Progress
from game.rules.levels.unlocks import max_stars
from tests.client.campaign_helpers import open_map, progress_store, won_before
from tests.client.driver import click, key, step
from tests.client.text_layout import drawn_texts, layout_problems


def _button(scene, label: str):
    return next(button for button in scene.menu.buttons if button.label == label)


def test_hard_is_chosen_on_the_map_kept_and_met_in_a_level(app, tmp_path):
    home = tmp_path / "home"
    won_before(home, "c1_first_spark", "c1_guard_duty", "c1_clear_the_floor", "c1_hold_the_line")
    campaign_map = open_map(app)
    assert campaign_map.difficulty_button.label == "Normal mode"
    click(app, campaign_map.difficulty_button.rect.center)
    prompt = app.top
    assert [button.label for button in prompt.menu.buttons] == ["Story", "Normal", "Hard", "Cancel"]
    click(app, _button(prompt, "Hard").rect.center)
    assert app.top is campaign_map and campaign_map.difficulty_button.label == "Hard mode"
    assert Progress(progress_store(home)).difficulty == "hard"
    # g1_five_stones: the easy gomoku AI at 200 ms as written; on hard one level up, twice the time
    from game.client.level_run import LevelRun

    run = LevelRun(app, "g1_five_stones", progress=campaign_map.progress)
    level, problems = run.read()
    assert problems == [] and (level.opponent.ai, level.opponent.budget_ms) == ("medium", 400)
    assert (run.budget_ms(), LevelRun(app, "g1_five_stones").read()[0].opponent.budget_ms) == (20.0, 200)


def test_the_profile_counts_what_was_played(tmp_path):
    store = progress_store(tmp_path)
    progress = Progress(store)
    for level_id, won, seconds in (
        ("c1_first_spark", False, 90.0),
        ("c1_first_spark", True, 30.0),
        ("g1_five_stones", True, 3600.0),
    ):
        progress.record_result(load_level(level_id), LevelResult(won, 3 if won else 0, 7, [], ""), seconds)
    progress.record_match("gomoku", "quick", "won", 600.0)
    progress.record_match("gomoku", "quick", "lost", 120.0)
    progress.record_match("gomoku", "hotseat", "won", 60.0)
    levels = {level_id: load_level(level_id) for level_id in ("c1_first_spark", "g1_five_stones", "s1_first_muster")}
    summary = profile(Progress(store).data, levels, max_stars)
    assert (summary.levels_won, summary.levels_total, summary.stars) == (2, 3, 6)
    assert summary.stars_total == sum(max_stars(level) for level in levels.values())
    assert summary.seconds_played == 90 + 30 + 3600 + 600 + 120 + 60
    assert time_played(summary.seconds_played) == "1 h 15 min"
    by_title = {game.title: game for game in summary.games}
    assert (by_title["Card duel"].campaign, by_title["Card duel"].quick) == ((2, 1), (0, 0))
    assert (by_title["Gomoku"].campaign, by_title["Gomoku"].quick, by_title["Gomoku"].hotseat) == (
        (1, 1),
        (2, 1),
        (1, 1),
    )
    assert (win_rate(2, 1), win_rate(0, 0), time_played(59), time_played(61)) == (
        "50 %",
        "-",
        "under a minute",
        "1 min",
    )


@pytest.mark.parametrize("scale", [1.0, 1.5], ids=["100%", "150%"])
def test_the_profile_opens_from_the_map_and_keeps_its_text_in_place(app, tmp_path, scale):
    won_before(tmp_path / "home", "c1_first_spark", "g1_five_stones", "s1_first_muster", stars=3)
    app.settings.text_scale = scale
    app.apply_accessibility()
    campaign_map = open_map(app)
    click(app, campaign_map.profile_button.rect.center)
    scene = app.top
    assert scene.name == "profile"
    assert set(scene.progress.data.achievements) == {"first_spark", "three_crafts", "quick_hands"}
    step(app, 20)
    assert layout_problems(drawn_texts(scene)) == []
    assert layout_problems(drawn_texts(campaign_map)) == []
    key(app, pygame.K_ESCAPE)
    assert app.top is campaign_map
