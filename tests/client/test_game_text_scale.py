"""The game screens at 100 % and 150 % text (every drawn text in the window, in its box, clear of
the others), reduced motion holding the game screens and the result screen still, the palette
followed when drawing, and a level designer's notes kept out of a player's log."""

from __future__ import annotations

import logging
import math

import pygame
import pytest

from game.client import anim, resources, theme
from tests.client.driver import key, run_until, step
from tests.client.game_screens import HAS_THOUGHTS, OPENERS, show_thoughts
from tests.client.text_layout import drawn_texts, layout_problems


@pytest.fixture
def settings(app):
    """Change the accessibility settings inside a test; the defaults are back afterwards."""

    def apply(**values):
        for name, value in values.items():
            setattr(app.settings, name, value)
        app.apply_accessibility()

    yield apply
    apply(text_scale=1.0, palette=theme.STANDARD, reduced_motion=False)


@pytest.mark.parametrize("scale", [1.0, 1.5], ids=["100%", "150%"])
@pytest.mark.parametrize("screen", list(OPENERS))
def test_a_game_screen_keeps_its_text_in_place(app, settings, screen, scale):
    settings(text_scale=scale)
    assert resources.text_scale() == scale
    scene = OPENERS[screen](app)
    assert app.top is scene
    drawn = drawn_texts(scene)
    assert len(drawn) >= 8  # the side panels were drawn, not an empty frame
    assert layout_problems(drawn) == []
    if screen in HAS_THOUGHTS:
        show_thoughts(app, scene)
        drawn = drawn_texts(scene)
        assert any(text.startswith("What ") and text.endswith(" was thinking") for text, _, _ in drawn)
        assert layout_problems(drawn) == []


def test_the_duel_log_wraps_at_the_text_size_it_is_drawn_at():
    """The log keeps whole entries and wraps them when drawn: a larger text wraps to more lines,
    and what no longer fits is the oldest."""
    from game.client.cards.duel_panels import log_shown

    pygame.font.init()
    log = [(f"Pip summons Sparkwick number {index}", "TEXT") for index in range(30)]
    try:
        resources.set_text_scale(1.0)
        small = log_shown(log, 172, 200)
        resources.set_text_scale(1.5)
        large = log_shown(log, 172, 200)
    finally:
        resources.set_text_scale(1.0)
    assert large[-1][0].endswith("29") and small[-1][0].endswith("29")  # the newest, last, whole
    assert len(large) * resources._font(21).get_height() <= 200
    assert len({text for text, _ in large}) < len({text for text, _ in small})  # fewer entries fit


# ----------------------------------------------------------------------------- reduced motion


def _frame(scene) -> bytes:
    canvas = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    scene.draw(canvas)
    return pygame.image.tobytes(canvas, "RGB")


def test_idle_wave_holds_still_under_reduced_motion():
    try:
        anim.set_reduced_motion(False)
        assert anim.idle_wave(math.pi * 90, 180) == pytest.approx(1.0)
        anim.set_reduced_motion(True)
        assert anim.idle_wave(math.pi * 90, 180) == 0.0
    finally:
        anim.set_reduced_motion(False)


def test_the_result_screen_stands_still_under_reduced_motion(app, settings):
    scene = app.make("result", headline="Victory!", detail="after 9 turns", good=True, on_rematch=lambda: None)
    app.reset(scene)
    scene.age = 50
    assert 0.3 < scene.landed() < 0.35  # the crest is still landing (easeOutBack(50 / 650) = 0.325)
    scene.age = 2000
    moving = (scene.mote_positions(), _frame(scene))
    scene.age = 3000
    assert scene.mote_positions() != moving[0] and _frame(scene) != moving[1]  # the sparks rise
    settings(reduced_motion=True)
    scene.age = 50
    assert scene.landed() == 1.0  # in place at once
    starts = [(int(x), int(y % 720)) for x, y, _, _ in scene.motes]
    scene.age = 2000
    still = _frame(scene)
    assert scene.mote_positions() == starts
    scene.age = 3000
    assert scene.mote_positions() == starts and _frame(scene) == still


def test_the_skirmish_hit_shake_and_pulse_hold_still_under_reduced_motion(app, settings):
    scene = OPENERS["skirmish"](app)
    hurt = next(uid for uid, hero in scene.view.heroes.items() if uid != scene.view.active and hero.shown)
    scene.hurt[hurt] = 10_000.0
    frames = []
    for reduced in (False, True):
        settings(reduced_motion=reduced)
        shots = []
        for time in (0.0, 10 * math.pi):  # sin(time / 20): 0, then 1 (a 4 pixel shake)
            scene.time = time
            shots.append(_frame(scene))
        frames.append(shots)
    assert frames[0][0] != frames[0][1]  # it shakes and pulses
    assert frames[1][0] == frames[1][1]  # held still


def test_the_duel_and_connect_four_hold_still_under_reduced_motion(app, settings):
    settings(reduced_motion=True)
    for scene in (OPENERS["duel 1 lane"](app), OPENERS["connect four"](app)):
        scene.time = 1000.0
        still = _frame(scene)
        scene.time = 1777.0
        assert _frame(scene) == still, scene.name
        settings(reduced_motion=False)
        assert _frame(scene) != still, scene.name  # the turn's glow, the last disc's marker pulse
        settings(reduced_motion=True)


# ----------------------------------------------------------------------------- colours


def test_the_result_laurels_follow_the_palette(app, settings):
    scene = app.make(
        "result", headline="Victory!", detail="", good=True, on_rematch=lambda: None, face=("knight", "You")
    )
    app.reset(scene)
    scene.age = 5000
    seen = []
    for palette in (theme.STANDARD, theme.COLOUR_BLIND_SAFE):
        settings(palette=palette, reduced_motion=True)  # no spark drifts over the leaf
        canvas = pygame.Surface((theme.WIDTH, theme.HEIGHT))
        scene.draw(canvas)
        angle = math.pi / 2 + 0.5  # the first leaf right of the crest: radius 89 + 22 from (640, 200)
        leaf = (int(640 + math.cos(angle) * 111), int(200 + math.sin(angle) * 111))
        seen.append(tuple(canvas.get_at(leaf))[:3])
    assert seen == [(110, 210, 130), (90, 180, 250)]


def test_skirmish_teams_and_card_stats_follow_the_palette(settings):
    from game.client.cards import card_render
    from game.client.skirmish import pieces, view

    pygame.font.init()
    settings(palette=theme.COLOUR_BLIND_SAFE)
    assert view.TEAM_COLOURS == theme.TEAM_COLOURS == (pieces.team_colour(0), pieces.team_colour(1))
    safe = view.TEAM_COLOURS, card_render._stat_colour(3, 2), card_render._stat_colour(1, 2)
    settings(palette=theme.STANDARD)
    assert view.TEAM_COLOURS == theme.TEAM_COLOURS != safe[0]
    # raised: the palette's good lightened by 35 %; lowered: its bad by 25 % (hand-computed)
    assert safe[1:] == ((147, 206, 251), (247, 168, 93))
    assert card_render._stat_colour(3, 2) == (160, 225, 173)
    assert card_render._stat_colour(1, 2) == (240, 135, 131)
    assert card_render._stat_colour(2, 2) == (255, 255, 255)


# ----------------------------------------------------------------------------- designer notes


def _level_duel(app):
    from game.client import launch
    from game.client.cards.duel_scene import DuelScene

    launch.open_start(app, "c1_first_spark")
    key(app, pygame.K_ESCAPE)
    duel = app.top
    assert isinstance(duel, DuelScene)
    run_until(app, duel.human_to_act, timeout=10)
    return duel


@pytest.mark.parametrize("designer", [False, True], ids=["player", "designer"])
def test_a_skipped_scripted_action_is_told_to_designers_only(app, caplog, designer):
    app.settings.designer = designer
    duel = _level_duel(app)
    note = "events[0]: the opponent's hand is full: Sparkwick not given"
    duel.match.session.warnings.append(note)
    with caplog.at_level(logging.WARNING, logger="game.client.cards.level_match"):
        duel.match.after_action(duel.host)
    assert [record.getMessage() for record in caplog.records] == [f"level c1_first_spark: {note}"]
    shown = [text for text, _ in duel.log if text.startswith("level: ")]
    assert shown == ([f"level: {note}"] if designer else [])
    step(app)


@pytest.mark.parametrize("scale", [1.0, 1.5], ids=["100%", "150%"])
def test_every_card_keeps_its_whole_name_in_a_full_hand_and_on_the_board(scale):
    """A card face is a picture of fixed size: at 150 % its words are larger where they fit, and a
    name too long for a full hand's narrow card shrinks back (to 7 pixels, as at 100 %), never
    vanishes."""
    from game.client.cards.card_render import Role, layout_card
    from game.client.cards.duel_layout import BOARD_CARD, HAND_CARD, hand_card_width
    from game.rules.cards.cardset import load_cardset

    pygame.font.init()
    resources.set_text_scale(scale)
    try:
        for card in load_cardset().cards.values():
            for width in (HAND_CARD, hand_card_width(7), hand_card_width(8), BOARD_CARD):
                layout = layout_card(card, width)
                names = [box for box in layout.texts if box.role == Role.NAME]
                assert " ".join(box.text for box in names) == " ".join(card.name.split()), (card.name, width)
                for box in names:
                    assert box.measure()[0] <= box.rect.width and layout.name_plate.contains(box.rect)
                    assert resources.font(box.size, True).get_height() >= 8, (card.name, width)
    finally:
        resources.set_text_scale(1.0)


@pytest.mark.parametrize("level_id", ["c2_two_lanes", "g3_hold_the_garden", "s1_first_muster"])
def test_a_campaign_levels_objectives_panel_keeps_its_text_in_place_at_150_percent(app, settings, level_id):
    """The objectives HUD (objective, its bonus star and "turn 1 of 8" detail) grows with the text."""
    from game.client import launch

    settings(text_scale=1.5)
    launch.open_start(app, level_id)
    if app.top.name == "deck_choice":  # a level where the player brings a deck: the level's own
        key(app, pygame.K_RETURN)
    for _ in range(20):  # the level's opening lines
        if app.top.name != "dialogue":
            break
        key(app, pygame.K_ESCAPE)
    scene = app.top
    step(app, 20)
    drawn = drawn_texts(scene)
    assert any(text == "Objectives" for text, _, _ in drawn)
    assert layout_problems(drawn) == []
