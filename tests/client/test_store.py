"""The atomic, versioned JSON store (game/rules/saves/store.py): no pygame involved."""

from __future__ import annotations

import json
import os

import pytest

from game.rules.saves.store import Store, StoreError, default_root


def test_missing_file_gives_a_copy_of_the_default(tmp_path):
    store = Store(tmp_path)
    default = {"volume": 0.5, "size": [1280, 720]}
    document = store.load("settings", version=1, default=default)
    assert document.data == default and document.problem is None and not document.existed
    document.data["size"].append(3)
    assert default["size"] == [1280, 720]


def test_save_then_load_round_trips_with_version(tmp_path):
    store = Store(tmp_path)
    path = store.save("settings", {"volume": 0.25}, version=3)
    assert json.loads(path.read_text())["version"] == 3
    document = store.load("settings", version=3)
    assert document.data == {"volume": 0.25, "version": 3} and document.existed


def test_save_leaves_no_temporary_files_and_replaces_atomically(tmp_path, monkeypatch):
    store = Store(tmp_path)
    store.save("save", {"n": 1}, version=1)
    replaced = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (replaced.append((a, b)), real_replace(a, b)))
    store.save("save", {"n": 2}, version=1)
    ((source, target),) = replaced
    assert os.path.dirname(source) == str(tmp_path) and target == store.path("save")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]
    assert store.load("save", version=1).data["n"] == 2


def test_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    store = Store(tmp_path)
    store.save("save", {"n": 1}, version=1)

    def broken_replace(a, b):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(StoreError, match="disk full"):
        store.save("save", {"n": 2}, version=1)
    monkeypatch.undo()
    assert store.load("save", version=1).data["n"] == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]


def test_upgrader_runs_once_per_version_step(tmp_path):
    store = Store(tmp_path)
    store.path("settings").parent.mkdir(parents=True, exist_ok=True)
    store.path("settings").write_text(json.dumps({"version": 1, "speed": 2}))
    steps = []

    def upgrade(data, from_version):
        steps.append(from_version)
        if from_version == 1:
            data["animation_speed"] = data.pop("speed")
        if from_version == 2:
            data["volume"] = 1.0
        return data

    document = store.load("settings", version=3, upgrade=upgrade)
    assert steps == [1, 2]
    assert document.upgraded_from == 1
    assert document.data == {"animation_speed": 2, "volume": 1.0, "version": 3}


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"version": "x"}', '{"version": 99}', ""])
def test_unreadable_file_is_moved_aside_never_overwritten(tmp_path, content):
    store = Store(tmp_path)
    path = store.path("settings")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    document = store.load("settings", version=2, default={"volume": 1.0})
    assert document.data == {"volume": 1.0}
    assert document.problem and "settings.json" in document.problem and "moved to" in document.problem
    assert document.moved_to is not None and document.moved_to.name.startswith("settings.json.corrupt-")
    assert document.moved_to.read_text() == content
    assert not path.exists()
    store.save("settings", document.data, version=2)
    assert document.moved_to.read_text() == content  # the bad file survives the next save


def test_file_that_cannot_be_moved_aside_is_not_overwritten(tmp_path, monkeypatch):
    store = Store(tmp_path)
    path = store.path("settings")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("garbage")
    monkeypatch.setattr(Store, "move_aside", staticmethod(lambda p: None))
    document = store.load("settings", version=1)
    assert "left in place" in document.problem
    with pytest.raises(StoreError, match="not overwriting"):
        store.save("settings", {"volume": 1}, version=1)
    assert path.read_text() == "garbage"


def test_duelmind_home_overrides_the_platform_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path))
    assert default_root("config") == tmp_path / "config"
    assert Store(kind="data").root == tmp_path / "data"
    with pytest.raises(ValueError):
        default_root("cache")


def test_document_names_cannot_escape_the_folder(tmp_path):
    store = Store(tmp_path)
    for name in ("../x", "a/b", "", ".hidden"):
        with pytest.raises(ValueError):
            store.path(name)
