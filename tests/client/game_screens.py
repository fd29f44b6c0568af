"""Every game screen opened as a player sees it mid-game (the text size tests and the
screenshots share these): the duel in 1 and 2 lanes with a full hand, the draft, skirmish,
gomoku and Connect Four, each also with the Tab "thoughts" overlay open."""

from __future__ import annotations

import pygame

from game.client.match import MatchSetup, start_match
from tests.client.driver import click, key, run_until, step


def _duel(app, lanes: int):
    from game.client.cards.duel_scene import DuelScene

    app.reset("title")
    start_match(app, MatchSetup(game="cards", opponent="ai", difficulty="random", draft="auto", lanes=lanes, seed=11))
    run_until(app, lambda: isinstance(app.top, DuelScene), timeout=60)
    duel = app.top
    # End turns until the AI has played one (its thoughts exist) and the hand is full.
    for _ in range(12):
        run_until(app, lambda: duel.human_to_act() or duel.battle.winner is not None, timeout=60)
        if duel.explanation is not None and len(duel.view.sides[0].hand) == 8:  # a full hand
            break
        key(app, pygame.K_e)
    step(app, 40)
    return duel


def _draft(app):
    from game.client.cards.draft_scene import DraftScene

    app.reset("title")
    start_match(app, MatchSetup(game="cards", opponent="ai", difficulty="random", draft="draft", seed=9))
    run_until(app, lambda: isinstance(app.top, DraftScene) and app.top.picker is not None, timeout=30)
    draft = app.top
    for index in range(5):
        run_until(app, lambda: draft.picker is not None, timeout=30)
        click(app, draft.offer_rects()[index % 3].center)
    run_until(app, lambda: draft.picker is not None, timeout=30)
    step(app, 20)
    return draft


def _skirmish(app):
    from game.client.skirmish.scene import SkirmishScene

    app.reset("title")
    start_match(app, MatchSetup(game="skirmish", opponent="ai", difficulty="easy", seed=5))
    scene = app.top
    assert isinstance(scene, SkirmishScene)
    run_until(app, lambda: scene.explanation is not None and scene.human_to_act(), timeout=60)
    step(app, 20)
    return scene


def _board(app, game: str, moves: int, **options):
    app.reset("title")
    start_match(app, MatchSetup(game=game, opponent="ai", difficulty="easy", human_seat=1, seed=4, **options))
    scene = app.top
    run_until(app, lambda: scene.explanation is not None and scene.human_to_move(), timeout=60)
    step(app, 20)
    return scene


def _gomoku(app):
    return _board(app, "gomoku", 1)


def _connect4(app):
    return _board(app, "connect4", 1)


OPENERS = {
    "duel 1 lane": lambda app: _duel(app, 1),
    "duel 2 lanes": lambda app: _duel(app, 2),
    "draft": _draft,
    "skirmish": _skirmish,
    "gomoku": _gomoku,
    "connect four": _connect4,
}
HAS_THOUGHTS = ("duel 1 lane", "duel 2 lanes", "skirmish", "gomoku", "connect four")


def show_thoughts(app, scene) -> None:
    """Tab: the AI's thoughts over the board."""
    key(app, pygame.K_TAB)
    assert scene.overlay
    step(app, 5)
