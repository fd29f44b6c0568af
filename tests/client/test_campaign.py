"""The campaign played through the client: the map, story dialogues, levels won with the mouse,
progress and unlocks, resuming a saved game, `play LEVEL`, F5 reloads, broken level files, and
`python main.py gomoku` opening the client."""

from __future__ import annotations

import argparse
import json
import shutil

import pygame
import pytest

from ai.gomoku import choose_move
from game.rules.cards.actions import FACE, Kind
from game.client import launch
from game.client.scenes.dialogue import DialogueScene
from game.client.cards.draft_scene import DraftScene
from game.client.cards.duel_scene import DuelScene
from game.client.scenes.level_error import LevelErrorScene
from game.client.gomoku.scene import GomokuScene
from game.client.scenes.level_result import LevelResultScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.title import TitleScene
from game.rules.levels.loader import level_path
from game.rules.levels.model import Line
from game.rules.saves.progress import Progress
from tests.client.campaign_helpers import (
    click_stone,
    open_map,
    perform_with_mouse,
    progress_store,
    read_dialogues,
    settle,
    snapshot,
    start_from_map,
    won_before,
)
from tests.client.driver import click, key, run_until, step


@pytest.fixture
def home(tmp_path):
    return tmp_path / "home"  # DUELMIND_HOME of the app fixture


def test_first_level_won_through_the_ui_is_recorded_and_unlocks_the_next(app, home):
    campaign_map = open_map(app)
    assert campaign_map.selected == "c1_first_spark"
    assert campaign_map.states["c1_first_spark"] == "open" and campaign_map.states["c1_guard_duty"] == "locked"
    assert [b.label for b in campaign_map.buttons] == ["Play"]
    start_from_map(app, campaign_map, "c1_first_spark")
    # The chapter's intro (its first level, never played), then the level's story.
    assert isinstance(app.top, DialogueScene) and app.top.heading == ("Chapter 1", "The Apprentice's Bench")
    said = read_dialogues(app)
    assert said[0].startswith("Magister Ilsa: Every master of Brasswick Academy")
    assert len(said) == 3 and "six health" in said[1]
    duel = app.top
    assert isinstance(duel, DuelScene) and duel.match.level.id == "c1_first_spark"
    assert [(s.text, s.state) for s in duel.match.hud.statuses] == [("Win this turn", "pending")]
    # The lesson: summon the Charge hound, then both creatures attack the dummy's face.
    run_until(app, duel.human_to_act, timeout=10)
    perform_with_mouse(app, duel, next(a for a in duel.battle.legal_actions() if a.kind == Kind.SUMMON))
    for _ in range(2):
        perform_with_mouse(
            app, duel, next(a for a in duel.battle.legal_actions() if a.kind == Kind.ATTACK and a.target == FACE)
        )
    assert duel.match.session.over and duel.match.session.result.won
    assert [(s.text, s.state) for s in duel.match.hud.statuses] == [("Win this turn", "met")]
    # The closing line, then the result screen.
    run_until(app, lambda: isinstance(app.top, DialogueScene), timeout=10)
    assert read_dialogues(app) == [
        "Magister Ilsa: Three and three make six. Every duel ends with sums like that one. Well done."
    ]
    result = app.top
    assert isinstance(result, LevelResultScene)
    assert result.result.stars == 1 and result.unlocked == ["c1_guard_duty"]
    assert result.menu.buttons[0].label == "Next: Guard Duty"
    # On disk: the win, and no saved game left.
    progress = Progress(progress_store(home))
    assert progress.completed() == {"c1_first_spark": 1}
    assert progress.record("c1_first_spark").best_turns == 1 and progress.runs() == []
    assert progress.is_unlocked("c1_guard_duty")
    click(app, result.menu.find("Campaign map").rect.center)
    assert app.top is result  # its first moment ignores input: the last line's click is not a choice
    step(app, 40)
    click(app, result.menu.find("Campaign map").rect.center)
    assert app.top is campaign_map
    assert campaign_map.states["c1_first_spark"] == "done" and campaign_map.states["c1_guard_duty"] == "open"
    assert campaign_map.selected == "c1_first_spark"
    # The next level opens from the map, without the chapter's intro this time.
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, DialogueScene) and app.top.heading is None
    assert app.find(DuelScene).match.level.id == "c1_guard_duty"


def test_dialogue_advances_on_click_and_enter_and_esc_skips(app):
    app.push(TitleScene(app))
    finished = []
    lines = [
        Line(speaker="Magister Ilsa", portrait="ilsa", text="First line, long enough to type out for a while."),
        Line(speaker="Old Tomo", portrait="tomo", text="Second."),
        Line(speaker="Hana", text="Third."),
    ]
    dialogue = DialogueScene(app, lines, on_done=lambda: finished.append(True))
    app.push(dialogue)
    step(app)
    assert not dialogue.revealed
    click(app, (640, 300))  # a click while the line types shows all of it
    assert dialogue.index == 0 and dialogue.revealed
    click(app, (640, 300))
    assert dialogue.index == 1 and not finished
    run_until(app, lambda: dialogue.revealed, timeout=5)
    key(app, pygame.K_RETURN)
    assert dialogue.index == 2
    run_until(app, lambda: dialogue.revealed, timeout=5)
    key(app, pygame.K_RETURN)
    assert finished == [True] and isinstance(app.top, TitleScene)
    # Esc skips the rest at once.
    skipped = DialogueScene(app, lines, on_done=lambda: finished.append("skipped"))
    app.push(skipped)
    key(app, pygame.K_ESCAPE)
    assert finished == [True, "skipped"] and isinstance(app.top, TitleScene)


def test_gomoku_level_won_through_the_ui(app, home):
    won_before(home, "c1_first_spark", "c1_guard_duty")
    campaign_map = open_map(app)
    assert campaign_map.states["g1_five_stones"] == "open" and campaign_map.states["g5_the_open_four"] == "locked"
    start_from_map(app, campaign_map, "g1_five_stones")
    assert app.top.heading == ("Chapter 2", "The Stone Garden")
    key(app, pygame.K_ESCAPE)  # skip the intro
    key(app, pygame.K_ESCAPE)  # and the level's story
    scene = app.top
    assert isinstance(scene, GomokuScene) and scene.match.title == "Five Stones"
    said = []
    for move_number in range(60):
        run_until(app, lambda: scene.human_to_move() or scene.match.over or app.top is not scene, timeout=30)
        if isinstance(app.top, DialogueScene):  # Tomo's advice after the sixth move
            said += read_dialogues(app)
            continue
        if scene.match.over:
            break
        # The human side: the strongest gomoku AI picks, the test clicks the point.
        point = choose_move(scene.state.clone(), 60, "hard", move_number)
        click_stone(app, scene, point)
    assert scene.match.session.over and scene.match.session.result.won
    run_until(app, lambda: isinstance(app.top, DialogueScene), timeout=10)
    said += read_dialogues(app)
    assert said[-1].startswith("Old Tomo: Good. You watched his threats")
    # Tomo's advice comes after the player's sixth move (a win in five comes before it).
    assert any("two chances at once" in line for line in said) == (scene.match.session.result.turns >= 6)
    result = app.top
    assert isinstance(result, LevelResultScene) and result.result.won and result.unlocked == ["g5_the_open_four"]
    progress = Progress(progress_store(home))
    assert progress.record("g1_five_stones").wins == 1 and progress.is_unlocked("g5_the_open_four")
    assert progress.completed()["g1_five_stones"] == result.result.stars >= 1


def guard_summon(duel):
    """Summoning the Foundry Guard, if it can be done now (it holds Corin's first attack)."""
    return next(
        (a for a in duel.battle.legal_actions() if a.kind == Kind.SUMMON and duel.card_name(a.card) == "Foundry Guard"),
        None,
    )


def test_scripted_events_speak_during_play_and_give_cards(app, home):
    won_before(home, "c1_first_spark", "c1_guard_duty", "c1_clear_the_floor")
    campaign_map = open_map(app)
    start_from_map(app, campaign_map, "c1_hold_the_line")
    read_dialogues(app)
    duel = app.top
    assert isinstance(duel, DuelScene) and duel.seat_label(duel.match.session.opponent_seat) == "Corin Ashdown"
    said = []
    player = duel.match.session.player_seat
    while not any("Steady!" in line for line in said):
        run_until(app, lambda: duel.human_to_act() or isinstance(app.top, DialogueScene), timeout=30)
        if isinstance(app.top, DialogueScene):
            # The line waits for the reader: the duel shows the moment it was said and goes no further.
            assert duel.anims.busy and duel.anims.active[0].kind == "say"
            hand = [i.card.name for i in duel.view.sides[player].hand]
            lines = read_dialogues(app)
            said += lines
            settle(app, duel)
            if any("Steady!" in line for line in lines):
                # The same event's "give": a Boilerplate Golem flew into the hand, shown as in the model.
                assert hand[-1] == "Boilerplate Golem" and hand.count("Boilerplate Golem") == 1
                assert [i.uid for i in duel.view.sides[player].hand] == [i.uid for i in duel.battle.sides[player].hand]
            continue
        guard = guard_summon(duel)
        if guard is not None:
            perform_with_mouse(app, duel, guard)
        key(app, pygame.K_e)  # end the turn: the scripted opponent plays its own
    assert "Magister Ilsa: Steady! I am sending you a Boilerplate Golem from the workshop." in said
    texts = [s.text for s in duel.match.hud.statuses]
    assert texts == ["Survive 3 enemy turns", "Keep Copperclad Knight alive"]


def test_quitting_mid_level_saves_and_resume_restores_the_same_game(app, home):
    won_before(home, "c1_first_spark", "c1_guard_duty", "c1_clear_the_floor")
    campaign_map = open_map(app)
    start_from_map(app, campaign_map, "c1_hold_the_line")
    read_dialogues(app)
    duel = app.top
    run_until(app, duel.human_to_act, timeout=10)
    perform_with_mouse(app, duel, guard_summon(duel))
    key(app, pygame.K_e)
    run_until(app, lambda: duel.human_to_act() or isinstance(app.top, DialogueScene), timeout=30)
    read_dialogues(app)
    run_until(app, duel.human_to_act, timeout=30)
    moves = [a for a in duel.battle.legal_actions() if a.kind in (Kind.SUMMON, Kind.ATTACK, Kind.USE)]
    perform_with_mouse(app, duel, moves[0])
    before = snapshot(duel)
    assert len(before["actions"]) >= 4 and duel.match.session.opponent_seat != duel.battle.current
    # Quit through the pause menu: back on the map, the level marked as saved.
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    click(app, app.top.menu.find("Quit to campaign map").rect.center)
    assert app.top is campaign_map
    assert campaign_map.runs == {"c1_hold_the_line"} and campaign_map.selected == "c1_hold_the_line"
    assert [b.label for b in campaign_map.buttons] == ["Resume", "Restart"]
    saved = json.loads((progress_store(home).path("run-c1_hold_the_line")).read_text())
    assert saved["actions"] == before["actions"]
    # Resume: the same game, replayed.
    click(app, campaign_map.buttons[0].rect.center)
    resumed = app.top
    assert isinstance(resumed, DuelScene) and resumed is not duel
    assert snapshot(resumed) == before
    run_until(app, resumed.human_to_act, timeout=10)
    assert snapshot(resumed) == before  # nothing moved on: it is the player's turn, as it was
    assert any("saved game" in text for text, _ in resumed.log)
    # Restart: a new game from the beginning, and the old save gone.
    key(app, pygame.K_ESCAPE)
    click(app, app.top.menu.find("Quit to campaign map").rect.center)
    start_from_map(app, campaign_map, "c1_hold_the_line", button="Restart")
    fresh = app.find(DuelScene)
    assert fresh.match.session.actions == [] and not progress_store(home).exists("run-c1_hold_the_line")


def test_play_level_opens_it_and_leaving_returns_to_the_title(app, home):
    parser = argparse.ArgumentParser()
    launch.add_arguments(parser)
    args = parser.parse_args(["c1_guard_duty", "--think-ms", "20"])
    assert args.level == "c1_guard_duty"
    launch.open_start(app, args.level)
    assert [scene.name for scene in app.scenes] == ["title", "duel", "dialogue"]
    duel = app.find(DuelScene)
    assert duel.match.level.id == "c1_guard_duty" and duel.match.run.progress is not None  # a campaign level: it counts
    key(app, pygame.K_ESCAPE)  # skip the story
    key(app, pygame.K_ESCAPE)  # pause
    assert isinstance(app.top, PauseScene)
    click(app, app.top.menu.find("Quit to title").rect.center)
    assert [scene.name for scene in app.scenes] == ["title"]
    # A level file from anywhere opens too, and its results stay out of the progress.
    args = parser.parse_args([str(level_path("g2_four_three"))])
    launch.open_start(app, args.level)
    assert app.find(GomokuScene).match.level.id == "g2_four_three"


def test_f5_reloads_an_edited_level_file(app, home, tmp_path):
    path = tmp_path / "designs" / "spark.json"
    path.parent.mkdir()
    shutil.copy(level_path("c1_first_spark"), path)
    launch.open_start(app, str(path))
    key(app, pygame.K_ESCAPE)
    duel = app.top
    assert isinstance(duel, DuelScene) and duel.match.run.progress is None  # a designer's file
    opponent = duel.match.session.opponent_seat
    assert duel.battle.sides[opponent].health == 6
    run_until(app, duel.human_to_act, timeout=10)
    perform_with_mouse(app, duel, next(a for a in duel.battle.legal_actions() if a.kind == Kind.SUMMON))
    assert len(duel.match.session.actions) == 1
    data = json.loads(path.read_text())
    data["title"] = "Spark, Revised"
    data["opponent"]["health"] = 9
    path.write_text(json.dumps(data))
    key(app, pygame.K_F5)
    assert [scene.name for scene in app.scenes] == ["title", "duel", "dialogue"]
    reloaded = app.find(DuelScene)
    assert reloaded is not duel and reloaded.match.level.title == "Spark, Revised"
    assert reloaded.battle.sides[opponent].health == 9 and reloaded.match.session.actions == []
    # F5 works under the dialogue and the pause menu too.
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_F5)
    assert [scene.name for scene in app.scenes] == ["title", "duel", "dialogue"]
    assert not (home / "data" / "campaign").exists() or not list((home / "data" / "campaign").glob("run-*"))


def test_a_broken_level_file_shows_its_problems_and_f5_reads_it_again(app, tmp_path):
    path = tmp_path / "broken.json"
    good = json.loads(level_path("c1_first_spark").read_text())
    broken = dict(good, objectives=[], helth=3)
    path.write_text(json.dumps(broken))
    launch.open_start(app, str(path))
    error = app.top
    assert isinstance(error, LevelErrorScene)
    assert "$.objectives" in error.message and 'unknown field "helth"' in error.message
    step(app, 2)
    # Fixed in the editor, F5: the level opens.
    path.write_text(json.dumps(good))
    key(app, pygame.K_F5)
    assert [scene.name for scene in app.scenes] == ["title", "duel", "dialogue"]
    # Broken again while playing, F5: the problems, and Esc goes back to the title.
    path.write_text("{ not json")
    key(app, pygame.K_F5)
    assert isinstance(app.top, LevelErrorScene) and "invalid JSON" in app.top.message
    key(app, pygame.K_ESCAPE)
    assert [scene.name for scene in app.scenes] == ["title"]


def test_a_draft_level_drafts_then_duels(app, home):
    launch.open_start(app, "c2_draft_duel")
    read_dialogues(app)
    draft = app.top
    assert isinstance(draft, DraftScene) and draft.picker == draft.match.session.player_seat
    for index in range(30):
        if index % 2:
            click(app, draft.offer_rects()[index % 3].center)
        else:
            key(app, pygame.K_RETURN)
    run_until(app, lambda: app.find(DuelScene) is not None, timeout=60)
    duel = app.find(DuelScene)
    session = duel.match.session
    picks = sorted(card.base_id for card in session.draft_picked(session.player_seat))
    assert sorted(i.card.base_id for i in duel.battle.sides[session.player_seat].deck) == picks
    assert len(session.draft_picked(session.opponent_seat)) == 30
    assert duel.match.specs[session.opponent_seat].name == "easy"  # Lord Halvek: the level's own AI
    assert [a for a in session.actions if a.startswith("PICK")].__len__() == 60


def test_gomoku_command_opens_the_client_on_a_match(tmp_path, monkeypatch):
    from game.tools import terminal_gomoku
    from game.client.app import App
    from game.client.gomoku.scene import GomokuScene
    from game.rules.gomoku import Rule

    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path / "home"))
    seen = {}

    def run_briefly(app):  # instead of the endless frame loop
        app.step(16)
        seen["scenes"] = [scene.name for scene in app.scenes]
        seen["setup"] = app.top.match.setup if isinstance(app.top, GomokuScene) else None
        seen["think_ms"] = app.think_ms
        app.close()
        return 0

    monkeypatch.setattr(App, "run", run_briefly)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")  # as if there were a display
    parser = argparse.ArgumentParser()
    terminal_gomoku.add_arguments(parser)
    args = parser.parse_args(
        ["--size", "17", "--rule", "renju", "--level", "easy", "--budget-ms", "150", "--ai-first", "--seed", "4"]
    )
    assert terminal_gomoku.run(args) == 0
    assert seen["scenes"] == ["title", "gomoku"]
    setup = seen["setup"]
    assert (setup.size, setup.rule, setup.difficulty, setup.human_seat, setup.seed) == (
        17,
        int(Rule.RENJU),
        "easy",
        1,
        4,
    )
    assert seen["think_ms"] == 150


def test_unusable_saves_are_moved_aside_and_the_map_says_so(app, home):
    store = progress_store(home)
    store.root.mkdir(parents=True)
    store.path("progress").write_text("{ not json")
    store.save("run-c1_first_spark", {"level": "c1_first_spark", "seed": 1, "actions": ["ATTACK 99 -1"]}, 1)
    campaign_map = open_map(app)
    assert any("progress could not be read" in notice for notice in campaign_map.notices)
    assert campaign_map.selected == "c1_first_spark" and [b.label for b in campaign_map.buttons] == [
        "Resume",
        "Restart",
    ]
    step(app)
    key(app, pygame.K_ESCAPE)  # the first Esc dismisses the notices
    assert app.top is campaign_map and not campaign_map.notices
    key(app, pygame.K_RETURN)  # Resume: the save does not replay
    assert app.top is campaign_map
    assert any("saved game of c1_first_spark could not be read" in notice for notice in campaign_map.notices)
    assert [b.label for b in campaign_map.buttons] == ["Play"]
    assert sorted(p.name.split(".json")[0] for p in store.root.glob("*.corrupt-*")) == [
        "progress",
        "run-c1_first_spark",
    ]


def test_a_missing_level_shows_the_error_screen(app):
    launch.open_start(app, "no_such_level")
    assert isinstance(app.top, LevelErrorScene) and "file not found" in app.top.message
    click(app, app.top.back.rect.center)
    assert [scene.name for scene in app.scenes] == ["title"]


def test_a_gomoku_level_resumes_where_it_was_left(app, home):
    won_before(home, "c1_first_spark", "c1_guard_duty")
    campaign_map = open_map(app)
    start_from_map(app, campaign_map, "g1_five_stones")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    scene = app.top
    for point in [(7, 7), (8, 8)]:
        run_until(app, scene.human_to_move, timeout=30)
        if scene.state.at(*point):
            point = next(p for p in [(6, 6), (9, 9), (5, 5)] if not scene.state.at(*p))
        click_stone(app, scene, point)
    run_until(app, scene.human_to_move, timeout=30)
    moves = list(scene.state.moves)
    assert len(moves) == 4 and scene.match.session.actions == [f"{x},{y}" for x, y in moves]
    key(app, pygame.K_u)  # no take-backs in a level
    assert scene.state.moves == moves
    key(app, pygame.K_ESCAPE)
    click(app, app.top.menu.find("Quit to campaign map").rect.center)
    assert app.top is campaign_map and [b.label for b in campaign_map.buttons] == ["Resume", "Restart"]
    key(app, pygame.K_RETURN)
    resumed = app.top
    assert isinstance(resumed, GomokuScene) and resumed is not scene
    assert resumed.state.moves == moves and resumed.human_to_move()
    assert [(s.text, s.detail) for s in resumed.match.hud.statuses] == [
        (s.text, s.detail) for s in scene.match.hud.statuses
    ]


def test_without_a_display_the_client_commands_say_so_instead_of_running_unseen(tmp_path, monkeypatch, capsys):
    from game.tools import terminal_gomoku

    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path / "home"))  # (SDL_VIDEODRIVER=dummy: no window to see)
    parser = argparse.ArgumentParser()
    terminal_gomoku.add_arguments(parser)
    assert terminal_gomoku.run(parser.parse_args([])) == 2
    error = capsys.readouterr().err
    assert "shows no window" in error and "duelmind gomoku --terminal" in error
    parser = argparse.ArgumentParser()
    launch.add_arguments(parser)
    assert launch.run(parser.parse_args(["c1_first_spark"])) == 2  # the same code as gomoku's
    assert "--smoke-test" in capsys.readouterr().err


def test_f5_on_the_map_reads_the_campaign_files_again(app, home):
    campaign_map = open_map(app)
    before = campaign_map.data
    key(app, pygame.K_F5)
    assert app.top is campaign_map and campaign_map.data is not before
    assert "Campaign files read again." in campaign_map.notices
