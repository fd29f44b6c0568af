"""Achievements where a player sees them: the campaign map counts the ones earned under the stars,
and the level-result screen names those the result just earned; both keep their text in place at
100 % and 150 %."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from game.client.level_run import LevelRun
from game.client.scenes.level_result import LevelResultScene
from game.rules.levels.session import LevelResult, ObjectiveStatus
from game.rules.saves.progress import Progress
from tests.client.campaign_helpers import open_map, progress_store, won_before
from tests.client.driver import step
from tests.client.text_layout import drawn_texts, layout_problems

SCALES = pytest.mark.parametrize("scale", [1.0, 1.5], ids=["100%", "150%"])


@SCALES
def test_the_map_counts_the_achievements_earned(app, tmp_path, scale):
    # a card, a gomoku (3 moves: Quick Hands) and a skirmish level won: First Spark, Three Crafts
    # and Quick Hands, 3 of the 8
    won_before(tmp_path / "home", "c1_first_spark", "g1_five_stones", "s1_first_muster")
    app.settings.text_scale = scale
    app.apply_accessibility()
    campaign_map = open_map(app)
    step(app, 3)
    texts = [text for text, _rect, _box in drawn_texts(campaign_map)]
    assert "3 of 8 achievements" in texts
    assert layout_problems(drawn_texts(campaign_map)) == []


def finished_run(app, home, level_id: str) -> LevelRun:
    """A campaign LevelRun of `level_id` whose game just ended in a win (3 moves, 2 stars)."""
    progress = Progress(progress_store(home))
    run = LevelRun(app, level_id, progress=progress, home_label="Campaign map")
    run.level, problems = run.read()
    assert problems == []
    met = [
        ObjectiveStatus(i, o.kind, f"Objective {i + 1}", o.required, "met") for i, o in enumerate(run.level.objectives)
    ]
    run.session = SimpleNamespace(result=LevelResult(True, 2, 3, met, "All objectives met."), over=True)
    run.started = time.monotonic()
    run.finish()
    return run


@SCALES
def test_the_result_screen_names_the_achievements_just_earned(app, tmp_path, scale):
    home = tmp_path / "home"
    won_before(home, "c1_first_spark", "s1_first_muster")  # First Spark earned before
    app.settings.text_scale = scale
    app.apply_accessibility()
    run = finished_run(app, home, "g1_five_stones")  # a third game, won in 3 moves
    assert run.achievements_won == ["Three Crafts", "Quick Hands"]
    scene = LevelResultScene(app, run)
    lines = [text for text, _colour in scene.footer]
    assert "Achievements earned: Three Crafts, Quick Hands" in lines
    assert layout_problems(drawn_texts(scene)) == []


def test_a_result_that_earns_nothing_new_says_nothing_of_achievements(app, tmp_path):
    home = tmp_path / "home"
    won_before(home, "c1_first_spark")
    run = finished_run(app, home, "c1_guard_duty")  # a second card level: nothing new
    assert run.achievements_won == []
    scene = LevelResultScene(app, run)
    assert not any("chievement" in text for text, _colour in scene.footer)
    one = finished_run(app, tmp_path / "fresh", "c1_first_spark")  # the first win of all
    assert [text for text, _ in LevelResultScene(app, one).footer if "chievement" in text] == [
        "Achievement earned: First Spark"
    ]
