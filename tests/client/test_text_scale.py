"""Text size 150 %: every text of the menus, settings, controls, pause menu, quick match, campaign
map and result screens stays in the window, in its box and clear of the others (and at 100 %)."""

from __future__ import annotations

import pygame
import pytest

from game.client import resources
from game.client.widgets import draw_text, fit_text, text_surface, wrap_text
from tests.client.driver import key, run_until, step
from tests.client.text_layout import drawn_texts, layout_problems


def _menu_scenes(app):
    """(name, scene) of every screen checked, each shown as the player sees it."""
    yield "title", app.make("title")
    settings = app.make("settings")
    for page in range(len(settings.pages)):
        settings = app.make("settings", tab=page)
        yield f"settings {settings.tabs.labels[page]}", settings
    controls = app.make("controls")
    for index, group in enumerate(controls.groups):
        controls = app.make("controls")
        controls.tabs.index = index
        yield f"controls {group}", controls
    yield "pause", app.make("pause")
    yield "level pause", app.make("pause", leave=lambda: None, quit_label="Quit to campaign map", restart=lambda: None)
    yield "quick match", app.make("quick_match")
    yield "campaign map", app.make("campaign_map")
    yield "result", app.make("result", headline="Victory!", detail="after 9 turns", good=True, on_rematch=lambda: None)


def _check(app, scenes) -> dict:
    wrong = {}
    for name, scene in scenes:
        app.reset(scene)
        step(app, 40)  # entrances played
        problems = layout_problems(drawn_texts(scene))
        if problems:
            wrong[name] = problems
    return wrong


@pytest.mark.parametrize("scale", [1.0, 1.5], ids=["100%", "150%"])
def test_menu_screens_keep_their_text_in_place(app, scale):
    app.settings.text_scale = scale
    app.apply_accessibility()
    assert resources.text_scale() == scale
    scenes = list(_menu_scenes(app))
    assert len(scenes) == 16  # title, 4 settings tabs, 6 control groups, 2 pauses, quick match, map, result
    assert _check(app, scenes) == {}


def test_the_level_result_screen_at_150_percent(app):
    """A lost First Spark (its turn ended without the win): the level's result screen."""
    from game.client import launch
    from game.client.scenes.level_result import LevelResultScene
    from tests.client.campaign_helpers import read_dialogues

    app.settings.text_scale = 1.5
    app.apply_accessibility()
    launch.open_start(app, "c1_first_spark")
    key(app, pygame.K_ESCAPE)
    spark = app.top
    run_until(app, spark.human_to_act, timeout=10)
    key(app, pygame.K_e)
    run_until(app, lambda: app.top.name == "dialogue", timeout=10)
    read_dialogues(app)
    assert isinstance(app.top, LevelResultScene)
    assert _check(app, [("level result", app.top)]) == {}


def test_the_check_finds_text_out_of_its_box_the_window_or_over_another():
    pygame.font.init()
    canvas = pygame.Surface((1280, 720))
    box = pygame.Rect(100, 100, 120, 40)
    from game.client.widgets import recording_texts

    with recording_texts() as drawn:
        draw_text(canvas, "A label far too long for its box", (110, 105), 22, box=box)
        draw_text(canvas, "Over the edge", (1250, 300), 22)
        draw_text(canvas, "First", (400, 400), 22)
        draw_text(canvas, "Second", (420, 405), 22)
        draw_text(canvas, "Apart", (400, 500), 22)
    problems = layout_problems(drawn)
    assert len(problems) == 3
    assert "leaves its box" in problems[0] and "leaves the window" in problems[1] and "overlaps" in problems[2]


def test_fonts_texts_and_fitting_follow_the_text_size():
    pygame.font.init()
    try:
        resources.set_text_scale(1.0)
        normal = text_surface("Settings", 20).get_size()
        assert resources.font(20).get_height() == resources._font(20).get_height()
        resources.set_text_scale(1.5)
        assert resources.font(20).get_height() == resources._font(30).get_height()
        large = text_surface("Settings", 20).get_size()  # not the 100 % picture from the cache
        assert large == resources._font(30).render("Settings", True, (0, 0, 0)).get_size()
        assert large[0] > normal[0] * 1.4
        # fit_text answers in design sizes: the size that, scaled, fits the width
        size = fit_text("Colour-blind safe", 22, 200, bold=True)
        assert (
            resources.font(size, True).size("Colour-blind safe")[0]
            <= 200
            < resources.font(size + 1, True).size("Colour-blind safe")[0]
        )
        assert all(resources.font(18).size(line)[0] <= 300 for line in wrap_text("word " * 40, 18, 300))
    finally:
        resources.set_text_scale(1.0)
