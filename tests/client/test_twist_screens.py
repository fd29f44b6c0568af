"""A boss's twist on screen (game/rules/levels/modifiers.py): the objectives panel says it in
words, and each board shows it: the cursed lane tinted and named, the sealed gomoku points as
slate squares, the storm's round over the arena; no text of it runs over another."""

from __future__ import annotations

import pygame

from game.client import launch
from game.client.cards.duel_scene import DuelScene
from game.client.gomoku.scene import GomokuScene
from game.client.skirmish.scene import SkirmishScene
from game.rules.levels.modifiers import twist_words
from tests.client.driver import key, step
from tests.client.text_layout import drawn_texts, layout_problems


def _open(app, level_id: str, scene_type):
    launch.open_start(app, level_id)
    key(app, pygame.K_ESCAPE)  # skip the story (it says the twist too)
    step(app, 3)
    return app.find(scene_type)


def test_the_cursed_lane_is_tinted_and_named_for_the_side_it_hurts(app):
    duel = _open(app, "v1_silent_archive", DuelScene)
    texts = [text for text, _, _ in drawn_texts(duel)]
    assert texts.count("cursed: -1 at turn end") == 1  # the archive's curse hurts the player only
    # the panel is full of objectives here: the twist is one paragraph, "Twist: The right lane ..."
    assert any(text.startswith("Twist: The right lane is") for text in texts)
    assert twist_words(duel.match.level) == [
        "The right lane is cursed: your creatures there take 1 damage each time your turn ends."
    ]
    assert layout_problems(drawn_texts(duel)) == []


def test_sealed_points_are_drawn_and_refused(app, tmp_path):
    scene = _open(app, "v3_founders_board", GomokuScene)
    assert scene.match.hud.twists == [
        "5 points are sealed (marked on the board): no stone may be played there, and no row can pass through them."
    ]
    path = tmp_path / "sealed.png"
    app.screenshot(path)
    image = pygame.image.load(str(path))
    sealed, open_point = scene.point_centre(7, 7), scene.point_centre(6, 6)
    assert image.get_at(sealed)[:3] == (78, 70, 92)  # the slate square's face
    assert image.get_at(open_point)[:3] != (78, 70, 92)
    assert scene.refusal_text((7, 7)) == "That point is sealed"
    assert layout_problems(drawn_texts(scene)) == []


def test_the_storm_round_shows_over_the_arena(app):
    scene = _open(app, "s4_brennas_champions", SkirmishScene)
    drawn = drawn_texts(scene)
    assert "Storm from round 6" in [text for text, _, _ in drawn]
    assert layout_problems(drawn) == []


def test_the_storm_label_counts_its_damage(app):
    from types import SimpleNamespace

    from game.client.skirmish import view
    from game.client.widgets import recording_texts

    arena = SimpleNamespace(storm_round=6, storm_damage=2)
    canvas = pygame.Surface((1280, 720))
    with recording_texts() as drawn:
        view._draw_storm(canvas, arena, 5)
        view._draw_storm(canvas, arena, 8)
        view._draw_storm(canvas, SimpleNamespace(storm_round=0, storm_damage=0), 8)  # no storm: no words
    assert [text for text, _, _ in drawn] == ["Storm from round 6", "Storm: 6 damage"]  # 2 x (8 - 6 + 1)
