"""Skirmish through the UI: moves and casts by mouse, the AI's turns from the worker pool, hot-seat
with the pass screen, the quick match setup, the event table, sounds and the Tab view."""

from __future__ import annotations

import random

import pygame

from game.client.match import MatchSetup, start_match

from game.client.skirmish.match import SkirmishMatch
from game.client.skirmish.scene import SkirmishScene
from game.client.skirmish.animator import BUILDERS, QUIET
from game.client.sound import EFFECTS, sound_for, takes
from game.rules.events import Event, EventKind
from game.rules.skirmish.actions import Act
from tests.client.driver import click, key, move, step

SKIRMISH_KINDS = {
    EventKind.ROUND,
    EventKind.HERO_TURN,
    EventKind.MOVE,
    EventKind.CAST,
    EventKind.MISS,
    EventKind.CRIT,
    EventKind.HEAL,
    EventKind.ABSORB,
    EventKind.DISPLACE,
    EventKind.STATUS,
    EventKind.EXPIRE,
    EventKind.STUNNED,
    EventKind.ENERGY,
    EventKind.DAMAGE,
    EventKind.DEATH,
    EventKind.MANA,
    EventKind.WIN,
    EventKind.DRAW_GAME,
}


def open_skirmish(app, **options) -> SkirmishScene:
    app.push("title")
    start_match(app, MatchSetup(game="skirmish", **options))
    scene = app.top
    assert isinstance(scene, SkirmishScene)
    return scene


def wait_for_human(app, scene, frames: int = 3000) -> bool:
    for _ in range(frames):
        if scene.human_to_act() or scene.match.over:
            return True
        step(app)
    return False


def test_move_and_cast_with_the_mouse_then_play_to_the_result(app):
    scene = open_skirmish(
        app, opponent="ai", difficulty="easy", seed=5, heroes=("knight", "mage", "ranger"), arena="pillars"
    )
    assert [h.cls.id for h in scene.state.heroes[:3]] == ["knight", "mage", "ranger"]
    assert wait_for_human(app, scene)
    hero = scene.state.active_hero
    target = max(scene.moves())
    move(app, scene.layout.centre(*target))
    assert scene.path_to(target)
    click(app, scene.layout.centre(*target))
    # Five steps of the knight's 10 energy at 2 a step: the walk ends the turn, so it asks first.
    assert len(scene.path_to(target)) == 5 and scene.pending_move == target and hero.cell != target
    assert "the turn ends" in scene.view_model().warning
    click(app, scene.layout.centre(*target))
    assert hero.cell == target
    # An ability with a target: its button lights only legal cells; a click on one casts it.
    assert wait_for_human(app, scene)
    hero = scene.state.active_hero
    casts = [a for a in scene.legal() if a.kind == Act.CAST and a.cell != hero.cell]
    if casts:
        index = [a.id for a in hero.cls.abilities].index(casts[0].ability)
        click(app, scene.ability_buttons[index].rect.center)
        assert scene.selected is not None and scene.selected.id == casts[0].ability
        assert scene.targets() == {a.cell for a in casts if a.ability == casts[0].ability}
        decisions = scene.decisions
        click(app, scene.layout.centre(*casts[0].cell))
        assert scene.decisions == decisions + 1
    rng = random.Random(3)
    for _ in range(20000):
        if type(app.top).__name__ == "ResultScene":
            break
        if scene.human_to_act():
            scene.perform(rng.choice(scene.legal()))
        step(app)
    assert scene.match.over and type(app.top).__name__ == "ResultScene"
    assert scene.ai.stats, "the AI decided through the worker pool"


def test_hot_seat_passes_the_device_between_teams(app):
    scene = open_skirmish(app, opponent="hotseat", seed=11)
    for _ in range(50):
        step(app)
        if type(app.top).__name__ == "PassDeviceScene":
            break
    assert type(app.top).__name__ == "PassDeviceScene"
    key(app, pygame.K_RETURN)
    assert app.top is scene and scene.human_to_act()
    team = scene.state.current_player
    for _ in range(40):  # end turns until the other team's hero is to act: the device is passed again
        if scene.human_to_act():
            key(app, pygame.K_e)
        step(app)
        if type(app.top).__name__ == "PassDeviceScene":
            break
    assert type(app.top).__name__ == "PassDeviceScene" and scene.state.current_player != team


def test_quick_match_offers_skirmish_with_picked_heroes(app):
    app.push("quick_match")
    quick = app.top
    quick.game.index = quick.game.choices.index("skirmish")
    quick.option("skirmish", "heroes")[0].index = quick.option("skirmish", "heroes")[0].choices.index("monk")
    quick.option("skirmish", "arena").index = quick.option("skirmish", "arena").choices.index("ruins")
    quick._layout()
    app.render()
    setup = quick.setup()
    assert setup.game == "skirmish" and setup.heroes[0] == "monk" and setup.arena == "ruins"
    quick.start_match()
    scene = app.top
    assert isinstance(scene, SkirmishScene)
    assert scene.state.heroes[0].cls.id == "monk" and scene.state.arena.id == "ruins"


def test_every_skirmish_event_kind_has_an_animation_and_a_sound():
    for kind in SKIRMISH_KINDS:
        assert kind in BUILDERS, kind
        if kind in QUIET:
            continue
        name = sound_for(Event(kind, player=0, card=1))
        assert name and all(take in EFFECTS for take in takes(name)), kind


def test_the_worker_answers_skirmish_act_with_a_legal_action(ai_pool):
    """The skirmish AI through the worker's one decision request ("act"; it was "skirmish_act")."""
    from game.rules.game_api import Explanation
    from game.rules.skirmish.game import SkirmishGame

    match = SkirmishMatch(MatchSetup(game="skirmish", opponent="watch", difficulty="medium", seed=2))
    state = match.state
    job = ai_pool.submit(
        "act",
        game="skirmish",
        agent="medium",
        seed=1,
        game_id="t",
        seat=state.current_player,
        observation=SkirmishGame(state.observation(state.current_player)),
        budget_ms=60,
    )
    assert job.wait(30)
    assert not job.error, job.error
    assert job.result["action"] in state.legal_actions()
    assert isinstance(job.result["explanation"], Explanation) and job.result["explanation"].headline


def test_tab_shows_the_ai_thoughts(app):
    """The overlay opens on Tab and draws over the board (its frame times are measured by
    `duelmind bench ui --game skirmish`, not asserted here: a wall clock fails on a busy machine)."""
    from game.rules.game_api import Explanation

    scene = open_skirmish(app, opponent="watch", difficulty="easy", seed=7)
    for _ in range(200):
        step(app)
        if scene.explanation:
            break
    assert isinstance(scene.explanation, Explanation) and scene.explanation.facts  # drawn by explain_overlay
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    without = pygame.image.tobytes(surface, "RGB")
    key(app, pygame.K_TAB)
    assert scene.overlay
    scene.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != without


def test_main_skirmish_without_a_sub_command_sets_up_the_client():
    import argparse

    from game.tools import skirmish_cli

    parser = argparse.ArgumentParser()
    skirmish_cli.add_arguments(parser)
    args = parser.parse_args(["--ai", "hard", "--seed", "4"])
    assert args.action is None
    setup = skirmish_cli.client_setup(args)
    assert (setup.game, setup.difficulty, setup.seed, setup.opponent) == ("skirmish", "hard", 4, "ai")
    assert parser.parse_args(["play", "--ai", "easy"]).ai == "easy"
