"""Recovery copies without a window: written at most every EVERY_S seconds while edits come,
at once on flush, removed on discard or when undo goes back to the saved file; restored as an
unsaved document whose undo shows the file."""

from __future__ import annotations

import json
import shutil

import pytest

from game.rules.levels.loader import level_path
from game.workshop import edits, io, recovery
from game.workshop.model import Document
from game.workshop.templates import new_level


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path / "home"))


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def written_health() -> int | None:
    (copy,) = recovery.pending()
    return json.loads(copy.text)["opponent"].get("health")


def test_copies_are_throttled_while_editing_and_flushed_at_once(tmp_path):
    path = tmp_path / "level.json"
    shutil.copy(level_path("c1_hold_the_line"), path)
    data, original = io.load(path)
    doc = Document(data, path, original)
    clock = Clock()
    keeper = recovery.Recovery(doc, clock=clock)
    keeper.tick()
    assert recovery.pending() == []  # nothing unsaved: no copy
    edits.set_value(doc, ("opponent", "health"), 9)
    keeper.tick()
    assert written_health() == 9
    edits.set_value(doc, ("opponent", "health"), 8)
    clock.now += recovery.EVERY_S - 0.5
    keeper.tick()
    assert written_health() == 9  # too soon after the last copy
    clock.now += 0.5
    keeper.tick()
    assert written_health() == 8
    edits.set_value(doc, ("opponent", "health"), 7)
    keeper.flush()
    assert written_health() == 7
    (copy,) = recovery.pending()
    assert (copy.path, copy.level_id, copy.title, copy.kind) == (path, "c1_hold_the_line", "Hold the Line", "cards")
    while doc.undo():
        pass
    keeper.flush()
    assert recovery.pending() == []  # back to the saved file: nothing to recover


def test_a_restored_document_is_unsaved_and_undo_shows_the_file(tmp_path):
    path = tmp_path / "level.json"
    shutil.copy(level_path("c1_hold_the_line"), path)
    data, original = io.load(path)
    doc = Document(data, path, original)
    edits.set_value(doc, ("title",), "Held")
    recovery.Recovery(doc).flush()
    (copy,) = recovery.pending()
    restored = recovery.restore(copy)
    assert restored.path == path and restored.get(("title",)) == "Held" and restored.dirty
    assert restored.undo() == "recover unsaved work"
    assert restored.get(("title",)) == "Hold the Line" and not restored.dirty
    recovery.forget(copy)
    assert recovery.pending() == []


def test_a_new_level_never_saved_is_restored_from_its_games_template():
    doc = Document(new_level("gomoku"))
    edits.set_value(doc, ("title",), "Half a Board")
    keeper = recovery.Recovery(doc)
    keeper.flush()
    (copy,) = recovery.pending()
    assert copy.path is None and copy.name == keeper.name and copy.name.startswith("new-")
    restored = recovery.restore(copy)
    assert restored.path is None and restored.get(("title",)) == "Half a Board" and restored.dirty
    keeper.discard()
    assert recovery.pending() == []


def test_an_unreadable_copy_is_left_out(tmp_path):
    folder = tmp_path / "home" / "data" / recovery.FOLDER
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text('{"version": 1, "text": "{not json"}')
    assert recovery.pending() == []
