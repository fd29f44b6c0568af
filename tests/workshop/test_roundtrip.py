"""Loading and saving a level changes nothing; one edit changes only its own lines."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from game.workshop import edits, io, jsontext
from game.workshop.model import Document
from game.paths import levels_dir

EVERY_FILE = sorted(levels_dir().rglob("*.json"))
LEVELS = sorted(p for p in (levels_dir() / "campaign").glob("*.json") if p.name != "campaign.json")


def test_there_are_files_to_check():
    assert len(LEVELS) >= 14 and len(EVERY_FILE) > len(LEVELS)


@pytest.mark.parametrize("path", EVERY_FILE, ids=lambda p: str(p.relative_to(levels_dir())))
def test_load_then_save_changes_nothing(path: Path, tmp_path):
    data, original = io.load(path)
    copy = tmp_path / path.name
    io.save(copy, data, original)
    assert copy.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: p.stem)
def test_edit_and_undo_leaves_the_file_as_it_was(path: Path):
    data, original = io.load(path)
    doc = Document(data, path, original)
    assert doc.problems == []
    edits.set_value(doc, ("title",), "Something else")
    edits.add_line(doc, "before", "Ilsa", "A new line.")
    if doc.kind == "cards":
        edits.place_card(doc, "player", "board", 25, lane=0)
    elif doc.kind == "gomoku":
        edits.set_stone(doc, 0, 0, "black")
    assert doc.dirty
    while doc.undo():
        pass
    assert not doc.dirty and doc.text() == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: p.stem)
def test_one_edit_changes_one_line(path: Path):
    data, original = io.load(path)
    doc = Document(data, path, original)
    edits.set_value(doc, ("title",), "A Title Changed")
    before = path.read_text(encoding="utf-8").splitlines()
    changed = [
        line
        for line in difflib.unified_diff(before, doc.text().splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]
    assert changed == [
        f'-  "title": {json.dumps(data["title"]) if False else json.dumps(original.root.value["title"])},',
        '+  "title": "A Title Changed",',
    ]


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: p.stem)
def test_a_fresh_layout_reads_back_the_same_data(path: Path):
    data, _ = io.load(path)
    text = jsontext.dump(data)
    assert json.loads(text) == data
    assert text.startswith('{\n  "$schema": "../schema/level.schema.json",\n')
    assert all(not line.endswith(" ") for line in text.splitlines()) and "\t" not in text


def test_new_parts_follow_the_files_style():
    """An expanded file (json.dumps indent=2) gets an expanded new part; a compact one a compact part."""
    for level_id, opened in (("c1_hold_the_line", True), ("c1_first_spark", False)):
        path = levels_dir() / "campaign" / f"{level_id}.json"
        data, original = io.load(path)
        doc = Document(data, path, original)
        edits.add_objective(doc, "win")
        text = doc.text()
        assert ('{\n      "kind": "win"\n    }' in text) is opened
        assert ('{"kind": "win"}' in text) is not opened
        assert json.loads(text) == doc.data


def test_save_is_atomic_and_keeps_permissions(tmp_path):
    path = tmp_path / "level.json"
    data, original = io.load(levels_dir() / "campaign" / "c1_first_spark.json")
    io.save(path, data, original)
    path.chmod(0o640)
    data["title"] = "Changed"
    io.save(path, data, jsontext.parse(path.read_text()))
    assert path.stat().st_mode & 0o777 == 0o640
    assert json.loads(path.read_text())["title"] == "Changed"
    assert [p.name for p in tmp_path.iterdir()] == ["level.json"]  # no temporary file left


def test_a_bad_file_is_a_sentence_not_a_crash(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"kind": "cards", NaN}')
    with pytest.raises(io.WorkshopFileError, match="bad.json"):
        io.load(path)
    path.write_text("[1, 2]")
    with pytest.raises(io.WorkshopFileError, match="JSON object"):
        io.load(path)
