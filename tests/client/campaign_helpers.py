"""Helpers for campaign tests: progress set up through the Progress API, the map, dialogues
read through, card actions made with the mouse and gomoku moves clicked."""

from __future__ import annotations

import pygame

from game.rules.cards.actions import FACE, Kind
from game.client.scenes.campaign_map import CampaignMapScene
from game.client.scenes.dialogue import DialogueScene
from game.client.scenes.title import TitleScene
from game.rules.levels.session import LevelResult
from game.rules.saves.progress import Progress
from game.rules.saves.store import Store
from tests.client.driver import click, drag, key, run_until
from game.client.cards.duel_drag import DragKind


def progress_store(home) -> Store:
    """Where the client keeps campaign progress under DUELMIND_HOME=home."""
    return Store(home / "data" / "campaign")


def won_before(home, *level_ids: str, stars: int = 1) -> None:
    """Record wins of `level_ids` (as if played earlier) in the progress under `home`."""
    from game.rules.levels import load_level

    progress = Progress(progress_store(home))
    for level_id in level_ids:
        progress.record_result(load_level(level_id), LevelResult(True, stars, 3, [], "All objectives met."))


def open_map(app) -> CampaignMapScene:
    app.push(TitleScene(app))
    click(app, app.top.menu.find("Campaign").rect.center)
    assert isinstance(app.top, CampaignMapScene)
    return app.top


def start_from_map(app, campaign_map: CampaignMapScene, level_id: str, button: str | None = None) -> None:
    """Select the level's tile with the mouse and press its button (Play, Resume, Restart)."""
    if campaign_map.selected != level_id:  # (a click on the selected tile plays it)
        click(app, campaign_map.tiles[level_id].center)
    assert campaign_map.selected == level_id
    chosen = campaign_map.buttons[0] if button is None else next(b for b in campaign_map.buttons if b.label == button)
    click(app, chosen.rect.center)


def read_dialogues(app, limit: int = 20) -> list[str]:
    """Read every dialogue on top, line by line (Enter), until a game screen is on top; returns
    the lines' speakers and texts."""
    said = []
    for _ in range(limit):
        run_until(app, lambda: not isinstance(app.top, DialogueScene) or app.top.revealed, timeout=10)
        if not isinstance(app.top, DialogueScene):
            return said
        dialogue = app.top
        said.append(f"{dialogue.line.speaker}: {dialogue.line.text}")
        key(app, pygame.K_RETURN)
    raise AssertionError("too many dialogue lines")


def settle(app, scene, timeout: float = 20.0) -> None:
    """Run frames until the scene's animations are done (or another screen covers it)."""
    run_until(app, lambda: not scene.anims.busy or app.top is not scene, timeout=timeout)


def perform_with_mouse(app, duel, action) -> None:
    """Make a card action by dragging, as a person would."""
    battle = duel.battle
    source = duel.card_rect(action.card)
    assert source is not None, f"{action} has no card on screen"
    if action.kind == Kind.SUMMON:
        target = duel.layout().lane_zone(battle.current, action.lane).center
    elif action.target == FACE:
        target = duel.layout().hero(1 - battle.current).center
    else:
        target = duel.layout().all_creature_rects()[action.target].center
    count = len(duel.match.session.actions)
    drag(app, source.center, target)
    if duel.drag is not None and duel.drag.kind is DragKind.CHOOSE:
        key_ = ("face",) if action.target == FACE else ("creature", action.target)
        click(app, duel.target_rect(key_).center)
    assert len(duel.match.session.actions) == count + 1, f"dragging for {action} did not play it"
    settle(app, duel)


def click_stone(app, scene, point) -> None:
    count = len(scene.match.session.actions)
    click(app, scene.point_centre(*point))
    assert len(scene.match.session.actions) == count + 1, f"clicking {point} did not play it"


def snapshot(duel) -> dict:
    """What a resumed game must show again."""
    battle = duel.battle
    return {
        "actions": list(duel.match.session.actions),
        "current": battle.current,
        "turn": battle.turn,
        "sides": [
            (
                side.health,
                side.mana,
                side.max_mana,
                [i.uid for i in side.hand],
                sorted((c.uid, c.attack, c.defense, c.lane) for c in side.board),
                side.deck_size,
            )
            for side in battle.sides
        ],
        "objectives": [(s.text, s.state, s.detail) for s in duel.match.session.objectives()],
    }
