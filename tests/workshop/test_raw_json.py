"""A level file that is not valid JSON opens in the raw editor: the error with its line and column,
the text fixed by typing, checked again on every key, saved atomically with Ctrl+S (the broken
file untouched until then), and then the normal editor; a file that reads but breaks the level's
rules opens in the normal editor with its problems."""

from __future__ import annotations

import json

import pygame

from game.workshop.raw_text import Check, RawText, check
from game.workshop.templates import new_level
from tests.client.driver import click, step
from tests.workshop.helpers import ctrl, press_key, shoot, type_text


def broken_level(tmp_path):
    """A card level with the comma after `"version": 1` (line 3) left out."""
    text = json.dumps(new_level("cards"), indent=2) + "\n"
    lines = text.split("\n")
    assert lines[2] == '  "version": 1,'
    lines[2] = '  "version": 1'
    path = tmp_path / "drafts" / "broken.json"
    path.parent.mkdir(parents=True)
    path.write_text("\n".join(lines))
    return path


def test_the_raw_text_edits_and_moves():
    raw = RawText("ab\n  cd")
    raw.go(1, 4)
    raw.newline()  # indented as the line it splits
    assert raw.lines == ["ab", "  cd", "  "] and (raw.row, raw.column) == (2, 2)
    raw.insert('"x"')
    raw.move("home")
    raw.backspace()  # joins the line to the one above
    assert raw.lines == ["ab", "  cd  \"x\""] and (raw.row, raw.column) == (1, 4)
    raw.move("up")
    assert (raw.row, raw.column) == (0, 2)  # kept inside the shorter line
    raw.move("right")
    assert (raw.row, raw.column) == (1, 0)
    raw.delete()
    raw.move("end")
    raw.delete()  # nothing after the last character
    assert raw.text == 'ab\n cd  "x"' and raw.dirty
    raw.mark_saved()
    assert not raw.dirty


def test_the_check_names_line_and_column_then_what_a_level_needs():
    assert check('{\n  "a": 1\n  "b": 2\n}', "f.json") == Check(
        False, "invalid JSON at line 3, column 3: Expecting ',' delimiter", 3, 3
    )
    found = check("[1, 2]", "f.json")
    assert (found.ok, found.message, found.line) == (False, "a level file is a JSON object {...}, not list", 0)
    assert check('{"kind": "chess"}', "f.json").message == (
        '"kind" must name a game the workshop edits (card, gomoku and skirmish)'
    )
    assert check('{"kind": "gomoku"}', "f.json").ok


def test_a_broken_file_is_fixed_by_typing_saved_and_opened_in_the_editor(app, tmp_path):
    path = broken_level(tmp_path)
    broken = path.read_bytes()
    app.push("title")
    app.push("workshop", path=str(path))
    step(app, 2)
    raw = app.top
    assert raw.name == "workshop_raw"
    found = raw.check()
    assert (found.ok, found.line, found.column) == (False, 4, 3)
    assert found.message == "invalid JSON at line 4, column 3: Expecting ',' delimiter"
    assert (raw.raw.row, raw.raw.column) == (3, 2)  # the cursor where the error is
    shoot(app, tmp_path, "raw-editor-error")
    press_key(app, pygame.K_UP)
    press_key(app, pygame.K_END)
    type_text(app, ",")
    assert raw.check().ok and raw.raw.dirty
    assert path.read_bytes() == broken  # nothing written before the save
    shoot(app, tmp_path, "raw-editor-fixed")
    ctrl(app, pygame.K_s)
    editor = app.top
    assert editor.name == "workshop_editor" and editor.doc.path == path
    assert editor.doc.data == new_level("cards") and not editor.doc.dirty
    assert json.loads(path.read_text()) == new_level("cards")


def test_leaving_the_raw_editor_with_changes_asks_and_keeps_the_file(app, tmp_path):
    path = broken_level(tmp_path)
    broken = path.read_bytes()
    app.push("title")
    app.push("workshop", path=str(path))
    step(app, 2)
    raw = app.top
    type_text(app, "oops")
    press_key(app, pygame.K_ESCAPE)
    ask = app.top
    assert ask.title == "Unsaved changes" and ask.message == "broken.json has changes that are not saved."
    click(app, ask.menu.find("Discard").rect.center)
    assert app.top.name == "workshop" and path.read_bytes() == broken
    assert raw.unsaved() is None


def test_a_level_that_reads_but_breaks_the_rules_opens_in_the_editor_with_its_problems(app, tmp_path):
    level = new_level("cards")
    level["opponent"]["health"] = -3
    path = tmp_path / "bad_health.json"
    path.write_text(json.dumps(level, indent=2))
    app.push("title")
    app.push("workshop", path=str(path))
    step(app, 2)
    editor = app.top
    assert editor.name == "workshop_editor"
    assert [problem.path for problem in editor.doc.problems] == ["$.opponent.health"]


def test_a_broken_campaign_file_is_fixed_and_opens_in_the_campaign_structure(app, tmp_path):
    folder = tmp_path / "tour"
    folder.mkdir()
    level = new_level("cards")
    level["id"] = "a_spark"
    (folder / "a_spark.json").write_text(json.dumps(level, indent=2))
    path = folder / "campaign.json"
    title = "A Tour of the Long Title " * 6  # a line wider than the raw editor's box
    text = f'{{"version": 1, "title": "{title}", "chapters": [{{"id": "one", "title": "One", "levels": ["a_spark"]}}'
    path.write_text(text)  # the chapters' closing bracket and the campaign's brace missing
    app.push("title")
    app.push("workshop", path=str(path))
    step(app, 2)
    raw = app.top
    assert raw.name == "workshop_raw"
    found = raw.check()
    assert (found.line, found.column) == (1, len(text) + 1) and found.message.endswith("Expecting ',' delimiter")
    press_key(app, pygame.K_END)
    assert raw.left > 0  # the line is wider than the box: scrolled to show the cursor
    type_text(app, "]}")
    assert raw.check().ok and raw.check().campaign
    ctrl(app, pygame.K_s)
    assert app.top.name == "workshop_campaign" and app.top.doc.path == path
