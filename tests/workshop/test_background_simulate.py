"""Simulate without blocking (game/workshop/simulate.py, game/client/workshop/sim_strip.py): the
set-up, the run in a child process while the designer keeps editing, its states, Cancel that
ends the child, the lost games kept as replays in the run's own folder, and the "simulated
before your last N edits" count. Few games, small budgets: Hold the Line with 1 health loses
every game on the opponent's first attack, so the lost games are known in advance."""

from __future__ import annotations

import copy
import json
import sys
import tempfile
from pathlib import Path

import pygame
import pytest

from game.client.workshop import card_table
from game.rules.levels.loader import level_path
from game.workshop import edits, io
from game.workshop.model import Document
from game.client.scenes.workshop_simulate import can_watch
from game.workshop.simulate import Setup, Simulation, command, lost_games, player_choices, staleness
from tests.client.driver import click, drag, move, run_until, step
from tests.workshop.helpers import ctrl, open_editor, press_key

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def temp_root(tmp_path, monkeypatch):
    """Every mkdtemp of the test in a folder of its own (checked empty of the workshop's at the end)."""
    root = tmp_path / "tmp"
    root.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    return root


def doomed_level(folder: Path) -> Path:
    """Hold the Line with 1 health: the opponent's creatures on the board win on its first turn."""
    data = json.loads(level_path("c1_hold_the_line").read_text(encoding="utf-8"))
    data["player"]["health"] = 1
    path = folder / "doomed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_command_line_keeps_lost_games_in_the_runs_folder():
    line = command(Path("l.json"), 4, Path("r.jsonl"), 20, "human", Path("replays"), 10)
    assert line[:3] == [sys.executable, "-m", "game.cli"]
    assert line[3:] == [
        "levels", "simulate", "l.json", "--games", "4", "--json", "--results", "r.jsonl", "--budget-ms", "20",
        "--player", "human", "--keep-replays", "10", "--keep", "lost", "--replay-dir", "replays",
    ]  # fmt: skip
    assert command(Path("l.json"), 4, Path("r.jsonl"))[3:] == [
        "levels", "simulate", "l.json", "--games", "4", "--json", "--results", "r.jsonl",
    ]  # fmt: skip


def test_who_can_sit_in_the_players_seat():
    assert player_choices("cards") == [
        ("human", "A middling player"),
        ("hard", "Hard AI"),
        ("medium", "Medium AI"),
        ("easy", "Easy AI"),
    ]


def test_a_run_reports_every_game_and_keeps_the_lost_ones_until_it_is_cleaned_up(tmp_path, temp_root):
    sim = Simulation.of(doomed_level(tmp_path), Setup(games=4, player="easy", budget_ms=20))
    assert not sim.running and not sim.finished
    sim.start()
    assert sim.running
    level_copy = sim.folder / "level.json"  # the level as it was at the start: edits later do not reach it
    assert json.loads(level_copy.read_text())["player"]["health"] == 1
    sim.process.wait(timeout=120)  # then one poll reads every game and the report
    sim.poll()
    assert sim.finished and not sim.error
    assert (sim.report["games"], sim.report["wins"], sim.done) == (4, 0, 4)
    assert sim.turns == [1, 1, 1, 1]
    lost = lost_games(sim.report)
    assert [(game.number, game.turns, game.failed) for game in lost] == [
        (1, 1, "Survive 3 enemy turns"),
        (2, 1, "Survive 3 enemy turns"),
        (3, 1, "Survive 3 enemy turns"),
        (4, 1, "Survive 3 enemy turns"),
    ]
    replays = sim.folder / "replays"
    assert [game.file for game in lost] == [replays / f"game-000{i}.replay.json" for i in range(4)]
    assert sim.replay_files() == [game.file for game in lost]
    # The replays and the level they name stay; the run's working files go.
    assert sorted(path.name for path in sim.folder.iterdir()) == ["level.json", "replays"]
    folder = sim.folder
    sim.clean_up()
    assert not folder.exists() and sim.folder is None
    assert list(temp_root.iterdir()) == []


def test_cancel_ends_the_child_process_and_removes_its_folder(tmp_path, temp_root):
    sim = Simulation.of(doomed_level(tmp_path), Setup(games=200, player="easy", budget_ms=20))
    sim.start()
    folder = sim.folder
    assert sim.process.poll() is None  # still starting up: far from 200 games
    sim.cancel()
    assert sim.process.poll() is not None  # ended: terminate, then kill if it did not go
    assert (sim.error, sim.running, sim.finished) == ("cancelled", False, False)
    assert not folder.exists() and list(temp_root.iterdir()) == []


def test_how_many_edits_ago_the_run_was_started():
    data, original = io.load(level_path("c1_hold_the_line"))
    doc = Document(data, level_path("c1_hold_the_line"), original)
    edits.set_value(doc, ("player", "health"), 12)  # an edit before the run: not counted
    sim = Simulation.of(Path("unused.json"), Setup(), doc=doc)
    assert sim.edits_since(doc) == 0 and staleness(0) == ""
    edits.set_value(doc, ("player", "mana"), 4)
    edits.remove_card(doc, edits.Slot("player", "hand", 0))
    edits.set_value(doc, ("opponent", "health"), 25)
    assert sim.edits_since(doc) == 3
    assert staleness(3) == "Simulated before your last 3 edits"
    doc.undo()
    assert sim.edits_since(doc) == 2
    doc.undo()
    doc.undo()
    assert sim.edits_since(doc) == 0  # back to what was simulated
    doc.undo()  # below the start: the level differs again, by the edit undone
    assert sim.edits_since(doc) == 1 and staleness(1) == "Simulated before your last edit"
    doc.redo()
    assert sim.edits_since(doc) == 0


# ---------------------------------------------------------------------------------- in the editor


def start_from_setup(app, editor, games: int) -> None:
    """F7, the easy AI at 50 ms, Start: the run goes on under the editor."""
    press_key(app, pygame.K_F7)
    setup = app.top
    assert setup.name == "workshop_simulate" and setup.run is None
    for label in ("Easy AI", "50 ms"):
        click(app, next(button for button in setup.buttons if button.label == label).rect.center)
    setup.chosen["games"] = games  # fewer than the smallest choice (20): a unit test plays a few
    assert setup.setup() == Setup(games, "easy", 50)
    press_key(app, pygame.K_RETURN)
    assert app.top is editor and editor.sim_strip is not None


def test_simulate_in_the_background_while_editing(app, temp_root):
    editor = open_editor(app, "c1_hold_the_line")
    edits.set_value(editor.doc, ("player", "health"), 1)
    start_from_setup(app, editor, 4)
    sim = editor.sim_strip.sim
    assert sim.running and sim.player == "easy" and sim.budget_ms == 50
    # Keep editing while it plays: a card selected and deleted, as with no simulation.
    slot, rect = card_table.slot_rects(editor.doc, "player", "hand")[0]
    click(app, rect.center)
    press_key(app, pygame.K_DELETE)
    assert editor.doc.get(("player", "hand")) == [102, 128, 121, 109]
    assert editor.doc.undo_stack[-1].label == "remove Foundry Guard from your hand"
    run_until(app, lambda: not sim.running, timeout=120)
    assert sim.finished and (sim.report["games"], sim.report["wins"]) == (4, 0)
    assert staleness(sim.edits_since(editor.doc)) == "Simulated before your last edit"
    assert editor.problems.rect.bottom == editor.sim_strip.rect.y - 6  # the problems end above the strip
    click(app, editor.sim_strip.results.rect.center)
    result = app.top
    assert result.name == "workshop_simulate" and result.run is sim
    assert [(game.number, game.failed) for game in lost_games(sim.report)] == [
        (n, "Survive 3 enemy turns") for n in (1, 2, 3, 4)
    ]
    step(app, 2)
    if can_watch():  # each lost game opens in the replay viewer, from the run's own folder
        assert [game.number for _, game in result.watch] == [1, 2, 3, 4]
        click(app, result.watch[1][0].rect.center)
        viewer = app.top
        assert viewer.name == "replay_viewer" and viewer.path == sim.folder / "replays" / "game-0001.replay.json"
        assert viewer.problem is None  # it plays back: the level copy it names is still there
        step(app, 2)
        press_key(app, pygame.K_ESCAPE)
        assert app.top is result
    else:
        assert result.watch == []  # no replay viewer in this build: no Watch buttons
    press_key(app, pygame.K_ESCAPE)
    assert app.top is editor and editor.sim_strip is not None  # Results again later, until ×
    folder = sim.folder
    assert folder.is_dir()  # the lost games' replays
    click(app, editor.sim_strip.dismiss.rect.center)
    assert editor.sim_strip is None and not folder.exists()


def test_multi_select_copy_and_paste_into_the_other_hand(app):
    editor = open_editor(app, "c1_hold_the_line")
    before = copy.deepcopy(editor.doc.data)
    hand = dict(card_table.slot_rects(editor.doc, "player", "hand"))
    click(app, hand[edits.Slot("player", "hand", 0)].center)
    pygame.key.set_mods(pygame.KMOD_LCTRL)
    try:
        click(app, hand[edits.Slot("player", "hand", 2)].center)
    finally:
        pygame.key.set_mods(0)
    assert editor.multi.current(editor) == [edits.Slot("player", "hand", 0), edits.Slot("player", "hand", 2)]
    ctrl(app, pygame.K_c)
    assert editor.notice == "Copied 2 cards: Ctrl+V pastes them where the mouse is"
    # Over the opponent's hand, right of its cards: they go after the last.
    target = card_table.zone_rect("opponent", "hand")
    move(app, (target.right - 20, target.centery))
    ctrl(app, pygame.K_v)
    assert editor.doc.get(("opponent", "hand")) == [
        {"card": 42, "label": "stormrider"},
        {"card": 37},
        {"card": 65, "label": "brawler"},
        {"card": 142},
        26,
        128,
    ]
    assert editor.notice == "Done: paste Foundry Guard and Sleeping Draught"
    assert editor.multi.current(editor) == [edits.Slot("opponent", "hand", 4), edits.Slot("opponent", "hand", 5)]
    ctrl(app, pygame.K_z)
    assert editor.doc.data == before and editor.notice == "Undid: paste Foundry Guard and Sleeping Draught"


def test_a_box_selects_the_cards_it_touches_and_delete_removes_them_in_one_step(app):
    editor = open_editor(app, "c1_hold_the_line")
    before = copy.deepcopy(editor.doc.data)
    hand = dict(card_table.slot_rects(editor.doc, "player", "hand"))
    zone = card_table.zone_rect("player", "hand")
    # From the empty place right of the five cards, leftwards over the last two.
    drag(app, (zone.right - 10, zone.bottom - 4), (hand[edits.Slot("player", "hand", 3)].centerx, zone.y + 4))
    assert editor.multi.current(editor) == [edits.Slot("player", "hand", 3), edits.Slot("player", "hand", 4)]
    assert editor.notice == "2 cards selected: Ctrl+C copy, Ctrl+X cut, Ctrl+D duplicate, Delete"
    press_key(app, pygame.K_DELETE)
    assert editor.doc.get(("player", "hand")) == [26, 102, 128]
    assert editor.doc.undo_stack[-1].label == "remove Rust Spray and Repair Kit"
    assert editor.multi.current(editor) == []
    ctrl(app, pygame.K_z)
    assert editor.doc.data == before


def test_a_run_that_fails_says_why_in_the_commands_words(temp_root):
    from game.tools.args import PROGRAM

    sim = Simulation.of(REPO / "tests/levels/malformed/unknown_card.json", Setup(games=2, player="easy", budget_ms=20))
    sim.start()
    level = sim.folder / "level.json"
    sim.process.wait(timeout=120)
    sim.poll()
    assert (sim.running, sim.finished) == (False, False)
    assert sim.error == f"{level} has problems; fix them first ({PROGRAM} levels validate {level})"
    assert list(temp_root.iterdir()) == []  # nothing kept from a failed run
