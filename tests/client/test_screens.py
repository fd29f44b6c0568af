"""Screenshots of the key screens: each saved as a PNG of the window size with real content.

Set DUELMIND_SHOTS=/some/dir to keep copies (used while developing to look at them)."""

from __future__ import annotations

import os
import shutil

import pygame
import pytest

from game.cards.actions import Kind
from game.client.match import MatchSetup, start_match
from game.client.scenes.draft import DraftScene
from game.client.scenes.duel import DuelScene
from game.client.scenes.gomoku import GomokuScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.settings import SettingsScene
from game.client.scenes.title import TitleScene
from tests.client.driver import click, colours, drag, key, move, run_until, step


def shoot(app, tmp_path, name: str) -> pygame.Surface:
    path = tmp_path / f"{name}.png"
    app.screenshot(path)
    keep = os.environ.get("DUELMIND_SHOTS")
    if keep:
        os.makedirs(keep, exist_ok=True)
        shutil.copy(path, os.path.join(keep, f"{name}.png"))
    image = pygame.image.load(str(path))
    assert image.get_size() == (1280, 720)
    assert colours(image) >= 12, f"{name} looks blank"
    return image


def test_title_settings_and_pause(app, tmp_path):
    app.push(TitleScene(app))
    step(app, 2)
    shoot(app, tmp_path, "title")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Settings (below Campaign and Quick match)
    assert isinstance(app.top, SettingsScene)
    shoot(app, tmp_path, "settings")
    key(app, pygame.K_ESCAPE)
    start_match(app, MatchSetup(game="gomoku", opponent="hotseat"))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    shoot(app, tmp_path, "pause")


def test_draft_screen(app, tmp_path):
    start_match(app, MatchSetup(game="cards", opponent="ai", difficulty="easy", draft="draft", seed=2))
    draft = app.top
    assert isinstance(draft, DraftScene) and draft.picker == 0
    for _ in range(6):
        click(app, draft.offer_rects()[1].center)
    move(app, draft.offer_rects()[0].center)
    shoot(app, tmp_path, "draft")
    assert len(draft.draft.picks[0]) == 6
    # Finish the draft with the keyboard; the duel starts when the AI's secret picks are in.
    while len(draft.draft.picks[0]) < 30:
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.top, DuelScene), timeout=30)
    deck = [instance.card.base_id for instance in app.top.battle.sides[0].deck]
    assert sorted(deck) == sorted(card.base_id for card in draft.draft.picks[0])


@pytest.mark.parametrize("lanes", [1, 2])
def test_duel_screen_mid_game(app, tmp_path, lanes):
    start_match(app, MatchSetup(game="cards", opponent="ai", difficulty="easy", draft="auto", lanes=lanes, seed=21))
    run_until(app, lambda: isinstance(app.top, DuelScene), timeout=60)
    duel = app.top
    # Play a few turns: summon what can be summoned, then end the turn.
    for _ in range(6):
        run_until(app, lambda: duel.human_to_act() or duel.battle.winner is not None, timeout=30)
        if duel.battle.winner is not None:
            break
        summons = [a for a in duel.battle.legal_actions() if a.kind == Kind.SUMMON]
        if summons:
            action = summons[0]
            drag(app, duel.card_rect(action.card).center,
                 duel.layout().lane_zone(duel.battle.current, action.lane).center)
            if duel.drag is not None:
                click(app, duel.target_rect(("face",) if action.target == -1 else ("creature", action.target)).center)
        else:
            key(app, pygame.K_e)
    run_until(app, lambda: duel.human_to_act() or duel.battle.winner is not None, timeout=30)
    hand = duel.view.sides[0].hand
    if hand:
        move(app, duel.layout().hand_rects(0)[len(hand) // 2].center)
    shoot(app, tmp_path, f"duel-{lanes}lane")
    key(app, pygame.K_TAB)
    assert duel.overlay
    shoot(app, tmp_path, f"duel-{lanes}lane-overlay")


def test_gomoku_screen(app, tmp_path):
    start_match(app, MatchSetup(game="gomoku", opponent="hotseat", rule=4))
    scene = app.top
    assert isinstance(scene, GomokuScene)
    for point in [(5, 7), (0, 0), (6, 7), (9, 9), (7, 5), (10, 10), (7, 6), (10, 4)]:
        click(app, scene.point_centre(*point))
    assert (7, 7) in scene.forbidden()
    move(app, scene.point_centre(8, 5))
    shoot(app, tmp_path, "gomoku")
