"""A saved game is never replaced without the player choosing Restart (`play LEVEL` asks, as
the map does), and a save that fails is said at once, wherever the player is, and tried again."""

from __future__ import annotations

import json

import pygame

from ai.levels.opponents import make_opponent
from game.client import launch
from game.client.scenes.dialogue import DialogueScene
from game.client.cards.duel_scene import DuelScene
from game.client.scenes.title import TitleScene
from game.rules.levels import LevelSession, load_level
from game.rules.saves.progress import Progress
from game.rules.saves.store import StoreError
from tests.client.campaign_helpers import open_map, progress_store, read_dialogues, start_from_map, won_before
from tests.client.driver import click, key, run_until


def _saved_game(home) -> dict:
    """A saved game of c1_apprentice_trial with the player's pass and the opponent's turn in it."""
    session = LevelSession.create(load_level("c1_apprentice_trial"), seed=8)
    session.start()
    session.apply("PASS")
    session.run_turn(make_opponent(session), 20)
    Progress(progress_store(home)).save_run(session)
    return json.loads(progress_store(home).path("run-c1_apprentice_trial").read_text())


def _prompt_button(app, label):
    assert app.top.name == "workshop_prompt", app.top.name
    return next(b for b in app.top.menu.buttons if b.label == label)


def test_play_level_with_a_saved_game_asks_and_never_replaces_it_unasked(app, tmp_path):
    home = tmp_path / "home"
    saved = _saved_game(home)
    path = progress_store(home).path("run-c1_apprentice_trial")
    title = app.push(TitleScene(app))
    # Back: the saved game is left as it was.
    launch.open_level(app, "c1_apprentice_trial", home=title)
    click(app, _prompt_button(app, "Back").rect.center)
    assert app.top is title and json.loads(path.read_text()) == saved
    # Esc on the question does the same.
    launch.open_level(app, "c1_apprentice_trial", home=title)
    key(app, pygame.K_ESCAPE)
    assert app.top is title and json.loads(path.read_text()) == saved
    # Resume: the same game goes on.
    launch.open_level(app, "c1_apprentice_trial", home=title)
    click(app, _prompt_button(app, "Resume").rect.center)
    duel = app.find(DuelScene)
    assert duel is not None and duel.match.session.actions == saved["actions"]
    # Restart (chosen): a new game, and only now is the old save gone.
    duel.level_run.leave()
    launch.open_level(app, "c1_apprentice_trial", home=title)
    click(app, _prompt_button(app, "Restart").rect.center)
    fresh = app.find(DuelScene)
    assert fresh is not duel and fresh.match.session.actions == [] and not path.exists()


def test_a_failed_save_is_told_at_once_and_tried_again(app, tmp_path, monkeypatch):
    won_before(tmp_path / "home", "c1_first_spark", "c1_guard_duty", "c1_clear_the_floor")
    campaign_map = open_map(app)
    start_from_map(app, campaign_map, "c1_hold_the_line")
    read_dialogues(app)
    duel = app.top
    run = duel.level_run
    run_until(app, duel.human_to_act, timeout=10)
    attempts = []
    real_save_run = Progress.save_run

    def full_disk(self, session):
        attempts.append(len(session.actions))
        raise StoreError("no space left on the device")

    monkeypatch.setattr(Progress, "save_run", full_disk)
    key(app, pygame.K_e)  # end the turn: the game is saved after it
    run_until(app, lambda: bool(attempts) or isinstance(app.top, DialogueScene), timeout=30)
    read_dialogues(app)
    run_until(app, lambda: bool(attempts), timeout=30)
    assert app.banner is not None and "could not be saved: no space left" in app.banner[0]
    assert "try again" in app.banner[0]
    count = len(attempts)
    run.checkpoint()  # nothing new was played, but the last save failed: it is tried again
    assert len(attempts) == count + 1
    # Quit to the map with the disk still full: said over the map, where the player now is.
    key(app, pygame.K_ESCAPE)
    click(app, app.top.menu.find("Quit to campaign map").rect.center)
    assert app.top is campaign_map
    assert app.banner is not None and "could not be saved" in app.banner[0]
    app.step(16)  # drawn over the map
    # Space again: the next save goes through.
    monkeypatch.setattr(Progress, "save_run", real_save_run)
    assert run.save_now()
