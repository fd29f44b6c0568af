"""Screenshots of the key screens: each saved as a PNG of the window size with real content.

Set DUELMIND_SHOTS=/some/dir to keep copies (used while developing to look at them)."""

from __future__ import annotations

import os
import shutil

import pygame
import pytest

from game.rules.cards.actions import Kind
from game.client.match import MatchSetup, start_match
from game.client.cards.draft_scene import DraftScene
from game.client.cards.duel_scene import DuelScene
from game.client.gomoku.scene import GomokuScene
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
    assert image.get_size() == app.window.get_size()
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
            drag(
                app,
                duel.card_rect(action.card).center,
                duel.layout().lane_zone(duel.battle.current, action.lane).center,
            )
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


# --------------------------------------------------------------------------- the campaign


def test_campaign_map_and_chapter_intro(app, tmp_path):
    from tests.client.campaign_helpers import open_map, won_before

    home = tmp_path / "home"
    won_before(home, "c1_first_spark", "c1_guard_duty", stars=1)
    won_before(home, "c1_clear_the_floor", stars=2)
    won_before(home, "g1_five_stones", stars=2)
    campaign_map = open_map(app)
    assert campaign_map.selected == "c1_hold_the_line"  # the first open level not yet won
    click(app, campaign_map.tiles["c1_clear_the_floor"].center)
    assert campaign_map.selected == "c1_clear_the_floor" and app.top is campaign_map
    assert campaign_map.states == {
        **campaign_map.states,
        "c1_first_spark": "done",
        "c1_hold_the_line": "open",
        "g5_the_open_four": "open",  # the Stone Garden's second level, after Five Stones
        "g2_four_three": "locked",
        "x_alchemists_riddle": "open",
        "c2_round_one": "locked",
    }
    assert campaign_map.progress.total_stars() == 6
    shoot(app, tmp_path, "campaign-map")
    # A chapter's header shows its intro again.
    click(app, campaign_map.columns[1].rect.center)
    assert app.top.name == "dialogue" and app.top.heading == ("Chapter 2", "The Stone Garden")
    run_until(app, lambda: app.top.revealed, timeout=5)
    shoot(app, tmp_path, "campaign-chapter-intro")


def _play_a_turn(app, duel) -> None:
    """Summon what can be summoned, attack with what can attack, then end the turn."""
    from tests.client.campaign_helpers import perform_with_mouse

    for _ in range(6):
        if not duel.human_to_act():
            return
        legal = duel.battle.legal_actions()
        action = next((a for a in legal if a.kind == Kind.SUMMON), None) or next(
            (a for a in legal if a.kind == Kind.ATTACK), None
        )
        if action is None:
            break
        perform_with_mouse(app, duel, action)
    if duel.human_to_act():
        key(app, pygame.K_e)


def test_level_dialogue_objectives_hud_and_result(app, tmp_path):
    from game.client import launch
    from game.client.scenes.dialogue import DialogueScene
    from game.client.cards.duel_scene import DuelScene
    from game.client.scenes.level_result import LevelResultScene
    from tests.client.campaign_helpers import read_dialogues

    launch.open_start(app, "c3_the_duelmind")
    dialogue = app.top
    assert isinstance(dialogue, DialogueScene)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # the second line: the Duelmind speaks
    run_until(app, lambda: dialogue.revealed, timeout=5)
    assert dialogue.line.speaker == "The Duelmind"
    shoot(app, tmp_path, "level-dialogue")
    duel = app.find(DuelScene)
    while duel.view.sides[duel.match.session.player_seat].turns < 3 and not duel.match.session.over:
        run_until(
            app,
            lambda: duel.human_to_act() or isinstance(app.top, DialogueScene) or duel.match.session.over,
            timeout=60,
        )
        if isinstance(app.top, DialogueScene):
            read_dialogues(app)
        elif duel.human_to_act():
            _play_a_turn(app, duel)
    run_until(app, lambda: duel.human_to_act() or app.top is not duel, timeout=60)
    assert [s.text for s in duel.match.hud.statuses] == [
        "Win",
        "Keep the Founder's Knight alive",
        "Win within 14 turns",
    ]
    hand = duel.view.sides[duel.match.session.player_seat].hand
    if hand and app.top is duel:
        move(app, duel.layout().hand_rects(duel.match.session.player_seat)[len(hand) // 2].center)
    shoot(app, tmp_path, "level-objectives-hud")
    # A lost level: First Spark's turn ended without the win.
    launch.open_start(app, "c1_first_spark")
    key(app, pygame.K_ESCAPE)
    spark = app.top
    run_until(app, spark.human_to_act, timeout=10)
    key(app, pygame.K_e)
    run_until(app, lambda: isinstance(app.top, DialogueScene), timeout=10)
    read_dialogues(app)
    result = app.top
    assert isinstance(result, LevelResultScene) and not result.result.won
    assert [(s.text, s.state) for s in result.result.objectives] == [("Win this turn", "failed")]
    step(app, 30)
    shoot(app, tmp_path, "level-result-lost")


def test_level_result_won_and_gomoku_level(app, tmp_path):
    from game.client import launch
    from game.client.gomoku.scene import GomokuScene
    from ai.gomoku.threats import find_vcf
    from game.client.scenes.level_result import LevelResultScene
    from tests.client.campaign_helpers import click_stone, read_dialogues

    launch.open_start(app, "g2_four_three")
    read_dialogues(app)
    scene = app.top
    assert isinstance(scene, GomokuScene)
    run_until(app, scene.human_to_move, timeout=10)
    # The winning line comes from the validator's own prover (no time budget: no flakiness).
    click_stone(app, scene, find_vcf(scene.state.clone(), 3)[0])
    run_until(app, lambda: scene.human_to_move() or scene.match.over, timeout=30)
    move(app, scene.point_centre(7, 9))
    shoot(app, tmp_path, "level-gomoku")
    while not scene.match.over:
        run_until(app, lambda: scene.human_to_move() or scene.match.over, timeout=30)
        if scene.human_to_move():
            click_stone(app, scene, find_vcf(scene.state.clone(), 3)[0])
    assert scene.match.session.result.won  # the four-three, found within three moves
    run_until(app, lambda: app.top.name == "dialogue", timeout=10)
    read_dialogues(app)
    assert isinstance(app.top, LevelResultScene)
    step(app, 40)
    shoot(app, tmp_path, "level-result-won")


def test_level_error_screen(app, tmp_path):
    import json

    from game.client import launch
    from game.rules.levels.loader import level_path

    path = tmp_path / "my_level.json"
    data = json.loads(level_path("c1_hold_the_line").read_text())
    data["objectives"][0]["turns"] = 0
    data["opponent"]["script"][0]["actions"] = ["SUMMON {nobody}"]
    data["player"]["helth"] = 3
    path.write_text(json.dumps(data))
    launch.open_start(app, str(path))
    assert app.top.name == "level_error" and len(app.top.problems) >= 2
    step(app, 2)
    shoot(app, tmp_path, "level-error")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
@pytest.mark.parametrize("winner", [0, 1], ids=["victory", "defeat"])
def test_the_end_of_a_quick_duel_is_presented_with_the_faces(app, tmp_path, size, winner):
    from game.client.cards.match import CardMatch
    from game.client.scenes.result import ResultScene
    from game.rules.cards.battle import Battle

    app.settings.width, app.settings.height = size
    app.apply_window_settings()
    pool = app.card_pool_loader().cards
    decks = [list(pool[:30]), list(pool[30:60])]
    match = CardMatch(MatchSetup(opponent="ai", difficulty="easy"), Battle.from_decks(decks), pool, "end-test", {})
    duel = DuelScene(app, match)
    app.push(duel)
    step(app, 2)
    match.battle.winner = winner  # the last blow has landed
    run_until(app, lambda: isinstance(app.top, ResultScene), timeout=10)
    result = app.top
    assert result.headline == ("Victory!" if winner == 0 else "Defeat")
    assert result.face == (match.seat_portrait(0, app), "You")  # the winner, or you after a defeat
    step(app, 60)  # the entrance has played
    shoot(app, tmp_path, f"result-{'victory' if winner == 0 else 'defeat'}-{size[1]}p")


@pytest.mark.parametrize("designer", [False, True], ids=["player", "designer"])
def test_the_workshop_lists_levels_by_title_and_shows_ids_only_to_designers(app, tmp_path, designer):
    import json

    from game.rules.levels.loader import campaign_dir

    app.settings.designer = designer
    page = app.push("workshop")
    step(app, 2)
    labels = {button.label: button.note for button in page.menu.buttons if button.label in page.titles.values()}
    title = json.loads((campaign_dir() / "c1_first_spark.json").read_text())["title"]
    assert title == "First Spark" and labels[title] == ("c1_first_spark" if designer else "")
    stems = {path.stem for path in page.files}
    assert "c1_first_spark" in stems
    assert not stems & {button.label for button in page.menu.buttons}  # no raw file id as a label
    shoot(app, tmp_path, f"workshop-front-{'designer' if designer else 'player'}")


def test_the_card_pickers_type_chips_say_whole_words_that_fit():
    from game.client.widgets import fit_text, text_surface
    from game.client.workshop.picker import TYPES, Picker

    assert [label for _kind, label in TYPES] == ["Creature", "Green", "Red", "Blue"]
    chips = [rect for rect, name, _value in Picker().chips() if name == "type"]
    for rect, (_kind, label) in zip(chips, TYPES):
        for bold in (False, True):
            size = fit_text(label, 14, rect.width - 6, bold=bold)
            assert text_surface(label, size, bold=bold).get_width() <= rect.width - 6
