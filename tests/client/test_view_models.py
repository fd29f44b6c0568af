"""Issue #30 (5): the duel's and the skirmish's views and animators get a narrow view-model, never
the scene, and the matches act on the screen through a `MatchHost`, never the scene."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pygame
import pytest

from game.client.level_match import MatchHost
from game.client.scene import Scene
from tests.cards.builders import creature_card, fresh_battle, put

ROOT = Path(__file__).resolve().parents[2]
NARROW = [
    "game/client/cards/duel_view.py",
    "game/client/cards/duel_animator.py",
    "game/client/cards/duel_hero.py",
    "game/client/cards/duel_marks.py",
    "game/client/skirmish/view.py",
    "game/client/skirmish/animator.py",
]


@pytest.mark.parametrize("path", NARROW)
def test_views_and_animators_never_name_the_scene(path):
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {node.arg for node in ast.walk(tree) if isinstance(node, ast.arg)}
    names |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert "scene" not in names


def _duel(app):
    from game.client.cards.duel_scene import DuelScene
    from game.client.cards.match import CardMatch
    from game.client.match import MatchSetup

    battle = fresh_battle()
    put(battle, 0, creature_card(2, 2), uid=101)
    return DuelScene(app, CardMatch(MatchSetup(opponent="hotseat"), battle, [], "view-model-test", {}))


def _no_scene_inside(model) -> None:
    for field in dataclasses.fields(model):
        value = getattr(model, field.name)
        assert not isinstance(value, Scene), field.name  # (named look-ups bound to it are fine)


def test_the_duel_view_draws_its_view_model(app):
    from game.client.cards.duel_view import DuelView

    duel = _duel(app)
    duel.revealed = 0
    model = duel.view_model()
    _no_scene_inside(model)
    assert model.labels == (duel.seat_label(0), duel.seat_label(1)) and model.view is duel.view
    surface = pygame.Surface((1280, 720))
    DuelView().draw(surface, model)
    drawn = pygame.image.tobytes(surface, "RGB")
    duel.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") == drawn  # the scene draws exactly its view model


def test_the_skirmish_view_draws_its_view_model(app):
    from game.client.match import MatchSetup
    from game.client.skirmish import view
    from game.client.skirmish.match import SkirmishMatch
    from game.client.skirmish.scene import SkirmishScene

    scene = SkirmishScene(app, SkirmishMatch(MatchSetup(game="skirmish", opponent="hotseat", seed=3)))
    model = scene.view_model()
    _no_scene_inside(model)
    surface = pygame.Surface((1280, 720))
    view.draw(surface, model)
    drawn = pygame.image.tobytes(surface, "RGB")
    scene.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") == drawn


class _App:
    def __init__(self):
        self.pushed: list[tuple[str, dict]] = []
        self.settings = type("S", (), {"portrait": "you"})()

    def push(self, name, **fields):
        self.pushed.append((name, fields))


def test_a_finished_duel_asks_its_host_not_the_scene():
    from game.client.cards.match import CardMatch
    from game.client.match import MatchSetup

    battle = fresh_battle()
    battle.winner = 0
    ended = []
    app = _App()
    host = MatchHost(app, anims=None, end_game=lambda: ended.append(True))
    match = CardMatch(MatchSetup(opponent="hotseat"), battle, [], "host-test", {})
    match.finish(host)
    assert ended == [True]
    assert [name for name, _ in app.pushed] == ["result"] and app.pushed[0][1]["headline"].endswith("wins!")
    match.open_pause(host)
    name, options = app.pushed[-1]
    assert name == "pause" and list(options) == ["on_quit"]
    options["on_quit"]()  # (the unfinished game is kept as a replay first: game/client/replay_recorder.py)
    assert ended == [True, True]  # quitting from the pause menu ends the game through the host
