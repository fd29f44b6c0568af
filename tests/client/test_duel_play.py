"""Whole card duels played through the UI (mouse drags and keys) against the AI and hot-seat."""

from __future__ import annotations

import pygame

from game.rules.cards.actions import FACE, Kind
from game.client.match import MatchSetup, start_match
from game.client.cards.duel_scene import DuelScene
from game.client.scenes.pass_device import PassDeviceScene
from game.client.scenes.result import ResultScene
from tests.client.driver import click, drag, key, run_until, step
from game.client.cards.duel_drag import DragKind


def play_one_move(app, duel: DuelScene) -> None:
    """The test player's policy, performed with the mouse: attack the face, then creatures,
    summon, use items; otherwise end the turn with the E key."""
    battle = duel.battle
    legal = battle.legal_actions()
    order = [
        [a for a in legal if a.kind == Kind.ATTACK and a.target == FACE],
        [a for a in legal if a.kind == Kind.ATTACK],
        [a for a in legal if a.kind == Kind.SUMMON],
        [a for a in legal if a.kind == Kind.USE],
    ]
    action = next((group[0] for group in order if group), None)
    if action is None:
        key(app, pygame.K_e)
        return
    source = duel.card_rect(action.card)
    assert source is not None, f"{action} has no card on screen"
    if action.kind == Kind.SUMMON:
        target = duel.layout().lane_zone(battle.current, action.lane).center
    elif action.target == FACE:
        target = duel.layout().hero(1 - battle.current).center
    else:
        target = duel.layout().all_creature_rects()[action.target].center
    before = len(battle.sides[battle.current].actions)
    drag(app, source.center, target)
    if duel.drag is not None and duel.drag.kind is DragKind.CHOOSE:
        # A summon whose play effect needs a target: the targets light up, click one.
        assert action.kind == Kind.SUMMON and set(duel.drag.moves) == {
            ("face",) if a.target == FACE else ("creature", a.target)
            for a in legal
            if a.kind == Kind.SUMMON and a.card == action.card and a.lane == action.lane
        }
        click(app, duel.target_rect(("face",) if action.target == FACE else ("creature", action.target)).center)
    assert len(battle.sides[battle.current].actions) == before + 1 or battle.winner is not None, (
        f"dragging for {action} did not play it"
    )


def play_until_over(app, duel: DuelScene, on_pass=None, timeout: float = 150.0) -> None:
    import time

    deadline = time.monotonic() + timeout
    while not isinstance(app.top, ResultScene):
        assert time.monotonic() < deadline, "the duel did not finish in time"
        if isinstance(app.top, PassDeviceScene):
            if on_pass:
                on_pass(app.top)
            click(app, app.top.button.rect.center)
        elif app.top is duel and duel.human_to_act():
            play_one_move(app, duel)
        else:
            step(app)


def test_whole_duel_against_the_ai(app):
    from game.client.scenes.title import TitleScene

    app.push(TitleScene(app))
    start_match(app, MatchSetup(game="cards", opponent="ai", difficulty="random", draft="auto", seed=11))
    run_until(app, lambda: isinstance(app.top, DuelScene), timeout=60)
    duel = app.top
    assert duel.visible_hand_seat() == 0
    play_until_over(app, duel)
    assert duel.battle.winner in (0, 1)
    assert duel.view.sides[1 - duel.battle.winner].health <= 0 or duel.battle.sides[1 - duel.battle.winner].health <= 0
    assert duel.ai_stats, "the AI never decided anything"
    # The AI has a name and a face (the random AI is Pip), and its moves are logged by that name.
    assert duel.seat_label(1) == "Pip" and duel.seat_portrait(1) == "pip"
    assert any(text.startswith("Pip ") for text, _ in duel.log)
    # Rematch starts a fresh match from the result screen (after its first moment, when keys
    # are ignored so the key that ended the game is not taken as a choice).
    step(app, 40)
    key(app, pygame.K_r)
    assert app.top.name in ("draft", "duel")


def test_whole_duel_hot_seat_hides_the_hand_until_the_pass_screen_is_clicked(app):
    start_match(app, MatchSetup(game="cards", opponent="hotseat", draft="auto", lanes=2, seed=5))
    run_until(app, lambda: isinstance(app.top, (PassDeviceScene,)) and app.find(DuelScene) is not None, timeout=60)
    duel = app.find(DuelScene)
    passes = []

    def on_pass(scene):
        assert duel.visible_hand_seat() is None  # nobody's hand is face up behind the screen
        assert app.top.opaque
        passes.append(duel.battle.current)

    play_until_over(app, duel, on_pass)
    assert duel.battle.winner in (0, 1)
    assert len(passes) >= 4 and set(passes) == {0, 1}
    assert duel.view.lanes == 2


def test_a_failing_ai_is_replaced_and_the_game_goes_on(app):
    import random

    from game.rules.cards.battle import Battle
    from game.client.ai_worker import AgentSpec
    from game.client.cards.match import CardMatch
    from game.client.match import new_game_id

    pool = app.card_pool_loader().cards
    rng = random.Random(8)
    decks = [[rng.choice(pool) for _ in range(30)] for _ in range(2)]
    game_id = new_game_id()
    setup = MatchSetup(game="cards", opponent="ai", human_seat=1, difficulty="no-such-ai")
    duel = DuelScene(
        app, CardMatch(setup, Battle.from_decks(decks), pool, game_id, {0: AgentSpec(game_id, 0, "no-such-ai", 1, 1)})
    )
    app.push(duel)
    run_until(app, lambda: duel.battle.current == 1 and duel.human_to_act(), timeout=60)
    assert any("no-such-ai AI failed" in text for text, _ in duel.log)
    assert duel.match.specs[0].name == "easy" and duel.battle.sides[0].turns == 1


def test_hot_seat_draft_passes_the_device_between_the_players(app):
    from game.client.cards.draft_scene import DraftScene

    start_match(app, MatchSetup(game="cards", opponent="hotseat", draft="draft", seed=9))
    draft = app.find(DraftScene)
    assert isinstance(app.top, PassDeviceScene) and draft.picker is None
    key(app, pygame.K_RETURN)
    assert draft.picker == 0
    for _ in range(30):
        key(app, pygame.K_RETURN)
    # Player 1 is done: the screen is covered until player 2 is ready.
    assert isinstance(app.top, PassDeviceScene) and draft.picker is None and app.top.player_label == "Player 2"
    click(app, app.top.button.rect.center)
    assert draft.picker == 1
    for index in range(30):
        click(app, draft.offer_rects()[index % 3].center)
    run_until(app, lambda: app.find(DuelScene) is not None, timeout=10)
    duel = app.find(DuelScene)
    assert [len(side.deck) for side in duel.battle.sides] == [30, 30]
    assert sorted(i.card.base_id for i in duel.battle.sides[1].deck) == sorted(c.base_id for c in draft.draft.picks[1])
    step(app, 3)
    assert isinstance(app.top, PassDeviceScene) and duel.visible_hand_seat() is None
