"""The workshop leaves no temporary folders behind: test play's folder goes when the editor is
left, a simulation's when it finishes, is cancelled or its screen closes; a level the designer
saved is never deleted. Every mkdtemp of the test goes to a folder of its own, which must end empty
of the workshop's folders."""

from __future__ import annotations

import tempfile

import pygame
import pytest

from game.rules.levels.loader import level_path
from tests.client.campaign_helpers import read_dialogues
from game.workshop import edits
from tests.client.driver import click, run_until, step
from tests.workshop.helpers import open_editor, press_key


@pytest.fixture
def temp_root(tmp_path, monkeypatch):
    root = tmp_path / "tmp"
    root.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    return root


def workshop_folders(root) -> list[str]:
    return sorted(path.name for path in root.iterdir() if path.name.startswith("duelmind-"))


def test_test_play_folder_goes_when_the_editor_is_left(app, temp_root):
    level = level_path("c1_hold_the_line")
    shipped = level.read_bytes()
    editor = open_editor(app, "c1_hold_the_line")
    press_key(app, pygame.K_F6)
    read_dialogues(app)
    assert app.top.name == "duel"
    play_dir = editor.play_dir
    assert play_dir.parent == temp_root and play_dir.name.startswith("duelmind-workshop-")
    assert [p.name for p in play_dir.iterdir()] == ["c1_hold_the_line.json"]
    editor.test_run.leave()
    assert app.top is editor and play_dir.is_dir()  # back in the editor: F6 may play it again
    press_key(app, pygame.K_ESCAPE)  # nothing unsaved: the editor is popped
    assert app.top.name == "workshop"
    assert not play_dir.exists() and editor.play_dir is None
    assert workshop_folders(temp_root) == []
    assert level.read_bytes() == shipped  # the level that was opened is untouched


def test_a_level_saved_into_the_test_play_folder_is_kept(app, temp_root):
    app.push("title")
    app.push("workshop_editor", kind="cards")
    editor = app.top
    play_dir = editor.play_file().parent
    mine = play_dir / "mine.json"
    editor.save_to(mine)
    assert editor.doc.path == mine and not editor.doc.dirty
    app.pop()
    assert mine.is_file()  # the designer's file, saved there on purpose: never deleted


def start_simulation(app, editor, games: int = 2) -> None:
    """F7's set-up with the easy AI at 50 ms and `games` games (fewer than the smallest choice:
    a test plays a few), then Start: the run goes on under the editor, in its strip."""
    press_key(app, pygame.K_F7)
    setup = app.top
    assert setup.name == "workshop_simulate"
    setup.chosen.update(games=games, player="easy", budget=50)
    press_key(app, pygame.K_RETURN)
    assert app.top is editor and editor.sim_strip.sim.running


def test_a_finished_simulation_removes_its_folder(app, temp_root):
    editor = open_editor(app, "c1_hold_the_line")
    edits.set_value(editor.doc, ("player", "health"), 1)  # lost on the opponent's first attack: quick
    start_simulation(app, editor)
    sim = editor.sim_strip.sim
    folder = sim.folder
    assert folder.parent == temp_root and folder.name.startswith("duelmind-simulate-")
    run_until(app, lambda: not sim.running, timeout=120)
    assert not sim.error, sim.error
    assert (sim.report["games"], sim.report["wins"], sim.turns) == (2, 0, [1, 1])  # in memory for the result
    # The lost games' replays (and the level they name) stay for the result's Watch, until the
    # strip is closed; the run's working files are gone already.
    assert sorted(p.name for p in folder.iterdir()) == ["level.json", "replays"]
    step(app, 2)  # the strip still draws
    click(app, editor.sim_strip.dismiss.rect.center)
    assert editor.sim_strip is None and not folder.exists()
    app.reset("title")  # the editor goes (its edit unsaved: a recovery copy, not a temp folder)
    assert workshop_folders(temp_root) == []


def test_a_cancelled_simulation_removes_its_folder(app, temp_root):
    editor = open_editor(app, "c1_hold_the_line")
    start_simulation(app, editor, games=200)
    sim = editor.sim_strip.sim
    folder = sim.folder
    assert folder.is_dir()
    click(app, editor.sim_strip.cancel.rect.center)
    assert app.top is editor and editor.sim_strip is None
    assert sim.error == "cancelled" and sim.process.poll() is not None
    assert not folder.exists()
    press_key(app, pygame.K_ESCAPE)
    assert workshop_folders(temp_root) == []


def test_leaving_everything_mid_simulation_removes_both_folders(app, temp_root):
    editor = open_editor(app, "c1_hold_the_line")
    start_simulation(app, editor, games=200)
    sim = editor.sim_strip.sim
    assert len(workshop_folders(temp_root)) == 2  # the editor's level file, the simulation's run
    app.reset("title")  # the stack is cleared (as when the app quits): every scene on it exits
    assert sim.process.poll() is not None and editor.play_dir is None and editor.sim_strip is None
    assert workshop_folders(temp_root) == []


def test_a_new_run_stops_the_one_still_going(app, temp_root):
    editor = open_editor(app, "c1_hold_the_line")
    start_simulation(app, editor, games=200)
    first = editor.sim_strip.sim
    start_simulation(app, editor, games=200)
    assert first.process.poll() is not None and first.folder is None  # one run at a time
    assert editor.sim_strip.sim is not first
    app.reset("title")
    assert workshop_folders(temp_root) == []
