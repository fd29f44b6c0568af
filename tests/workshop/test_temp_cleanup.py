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
from tests.client.driver import run_until, step
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


def test_a_finished_simulation_removes_its_folder(app, temp_root):
    editor = open_editor(app, "c1_hold_the_line")
    app.push("workshop_simulate", path=editor.play_file(), kind="cards", title="Hold the line", games=2)
    scene = app.top
    folder = scene.sim.folder
    assert folder.parent == temp_root and folder.name.startswith("duelmind-simulate-")
    run_until(app, lambda: not scene.sim.running, timeout=120)
    assert not scene.sim.error, scene.sim.error
    assert scene.sim.report["games"] == 2 and len(scene.sim.turns) == 2  # kept in memory for the screen
    assert not folder.exists() and scene.sim.folder is None
    step(app, 2)  # the report still draws
    press_key(app, pygame.K_ESCAPE)
    assert app.top is editor
    press_key(app, pygame.K_ESCAPE)
    assert app.top.name == "workshop" and workshop_folders(temp_root) == []


def test_a_cancelled_simulation_removes_its_folder(app, temp_root):
    editor = open_editor(app, "c1_hold_the_line")
    press_key(app, pygame.K_F7)
    scene = app.top
    assert scene.name == "workshop_simulate" and scene.sim.running
    folder = scene.sim.folder
    assert folder.is_dir()
    press_key(app, pygame.K_ESCAPE)  # Cancel
    assert app.top is editor
    assert scene.sim.error == "cancelled" and scene.sim.process.poll() is not None
    assert not folder.exists()
    press_key(app, pygame.K_ESCAPE)
    assert workshop_folders(temp_root) == []


def test_leaving_everything_mid_simulation_removes_both_folders(app, temp_root):
    editor = open_editor(app, "c1_hold_the_line")
    press_key(app, pygame.K_F7)
    scene = app.top
    assert scene.name == "workshop_simulate"
    assert len(workshop_folders(temp_root)) == 2  # the editor's level file, the simulation's results
    app.reset("title")  # the stack is cleared: every scene on it exits, the top first
    assert scene.sim.process.poll() is not None and editor.play_dir is None
    assert workshop_folders(temp_root) == []
