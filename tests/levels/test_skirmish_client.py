"""A skirmish level in the client: opened from the campaign map, the human team played through
the scene (the hard AI picks, the scene applies), the opponent from the worker pool, the
objectives HUD, a quit that saves and a resume that restores, then the result recorded."""

from __future__ import annotations

import pygame
import pytest

from ai.skirmish.registry import make_agent
from game.client.scenes.dialogue import DialogueScene
from game.client.scenes.level_result import LevelResultScene
from game.client.skirmish.scene import SkirmishScene
from game.rules.saves.progress import Progress
from tests.client.campaign_helpers import (
    open_map,
    progress_store,
    read_dialogues,
    start_from_map,
    won_before,
)
from tests.client.conftest import ai_pool, app  # noqa: F401  (fixtures)
from tests.client.driver import key, run_until


@pytest.fixture
def home(tmp_path):
    return tmp_path / "home"


def test_a_skirmish_level_is_played_and_won_through_the_client(app, home):  # noqa: F811
    won_before(home, "c1_first_spark", "c1_guard_duty", "c1_clear_the_floor", "c1_hold_the_line", "c1_apprentice_trial")
    campaign_map = open_map(app)
    assert campaign_map.states["s1_first_muster"] == "open"
    start_from_map(app, campaign_map, "s1_first_muster")
    key(app, pygame.K_ESCAPE)  # the chapter intro
    key(app, pygame.K_ESCAPE)  # the level's story
    scene = app.top
    assert isinstance(scene, SkirmishScene) and scene.match.title == "First Muster"
    assert scene.match.hud is not None and scene.state is scene.match.session.state
    me = make_agent("hard", 1)
    for _ in range(2000):
        run_until(app, lambda: scene.human_to_act() or scene.match.over or app.top is not scene, timeout=60)
        if isinstance(app.top, DialogueScene) and not scene.match.over:
            read_dialogues(app)
            continue
        if scene.match.over:
            break
        scene.human_act(me.act(scene.state.observation(0), 20))
    session = scene.match.session
    assert session.over
    run_until(app, lambda: isinstance(app.top, (DialogueScene, LevelResultScene)), timeout=20)
    read_dialogues(app)
    run_until(app, lambda: isinstance(app.top, LevelResultScene), timeout=20)
    progress = Progress(progress_store(home))
    assert progress.record("s1_first_muster").attempts >= 1
    if session.result.won:
        assert progress.is_unlocked("s2_hold_the_gate")
