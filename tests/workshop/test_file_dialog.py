"""The workshop's file dialog: what a folder lists, the recent files, names that cannot be files,
the overwrite question; then through the window: a level opened from another folder, saved under
a new name (which becomes the open file), duplicated, a campaign opened by its folder, and a level
of another folder copied into a campaign."""

from __future__ import annotations

import json

import pygame

from game.rules.saves.store import Store
from game.workshop import campaign_edit as ce
from game.workshop import file_browser as fb
from game.workshop.templates import new_level
from tests.client.driver import click, step
from tests.workshop.helpers import ctrl, press_key, shoot, type_text


def write_level(folder, name: str, title: str, kind: str = "cards", level_id: str | None = None):
    folder.mkdir(parents=True, exist_ok=True)
    level = new_level(kind)
    level["id"] = level_id or name
    level["title"] = title
    path = folder / f"{name}.json"
    path.write_text(json.dumps(level, indent=2) + "\n")
    return path


def write_campaign(folder, levels: list[str]):
    folder.mkdir(parents=True, exist_ok=True)
    campaign = {
        "version": 1,
        "title": "Test Tour",
        "chapters": [{"id": "one", "title": "One", "order": "sequential", "levels": levels}],
    }
    path = folder / "campaign.json"
    path.write_text(json.dumps(campaign, indent=2) + "\n")
    return path


# ---------------------------------------------------------------------------------- the model


def test_a_folder_lists_subfolders_then_level_files_with_title_and_game(tmp_path):
    write_level(tmp_path, "b_stones", "Five in a Row", kind="gomoku")
    write_level(tmp_path, "a_spark", "A Spark")
    (tmp_path / "broken.json").write_text('{"kind": "cards",')
    (tmp_path / "notes.txt").write_text("not listed")
    (tmp_path / "drafts").mkdir()
    (tmp_path / ".hidden").mkdir()
    (tmp_path / "__pycache__").mkdir()
    write_campaign(tmp_path / "tour", ["a_spark"])
    assert [(e.name, e.folder, e.title, e.what) for e in fb.listing(tmp_path)] == [
        ("drafts", True, "drafts", "folder"),
        ("tour", True, "tour", "folder"),
        ("a_spark.json", False, "A Spark", "card duel"),
        ("b_stones.json", False, "Five in a Row", "gomoku"),
        ("broken.json", False, "broken", "not valid JSON"),
    ]
    assert [(e.title, e.what) for e in fb.listing(tmp_path / "tour")] == [("Test Tour", "campaign")]


def test_recent_files_are_newest_first_without_repeats_and_drop_missing_files(tmp_path):
    recent = fb.RecentFiles(Store(tmp_path / "config"))
    first = write_level(tmp_path, "first", "First")
    second = write_level(tmp_path, "second", "Second")
    assert recent.files() == []
    recent.add(first)
    recent.add(second)
    recent.add(first)
    assert recent.files() == [first.resolve(), second.resolve()]
    second.unlink()
    assert recent.files() == [first.resolve()]  # a file gone is left out, no error
    (tmp_path / "config" / "workshop_recent.json").write_text("{broken")
    assert recent.files() == []  # an unreadable list starts afresh


def test_names_that_cannot_be_file_names_get_a_sentence():
    assert fb.name_problem("my_level.json") is None
    assert fb.name_problem("My Level") is None
    assert fb.name_problem("") == "Type a name for the file"
    assert fb.name_problem(".json") == "Type a name for the file"
    assert fb.name_problem("a:b?.json") == (
        "A file name cannot hold these characters: : ? (choose the folder above; type only the name here)"
    )
    assert fb.name_problem("con.json") == '"con" is a name Windows keeps for a device: choose another'
    assert fb.name_problem("level.") == "A file name cannot start or end with a space, or end with a dot"
    assert fb.name_problem("tab\there") == "A file name cannot hold control characters"
    assert fb.name_problem("x" * 201) == "That name is too long (200 bytes at most)"
    assert fb.with_suffix("level") == "level.json" and fb.with_suffix("level.JSON") == "level.JSON"


def test_fresh_ids_and_copy_names():
    assert fb.fresh_id("spark", {"other"}) == "spark"
    assert fb.fresh_id("spark", {"spark", "spark_2"}) == "spark_3"
    assert fb.fresh_id("x" * 48, {"x" * 48}) == "x" * 46 + "_2"
    assert fb.copy_name("spark", set()) == "spark_copy"
    assert fb.copy_name("spark_copy", {"spark_copy"}) == "spark_copy_2"
    assert fb.id_for("Bad Name") is None and fb.id_for("good_1") == "good_1"


def test_a_level_of_another_folder_is_copied_into_a_campaign_with_a_fresh_id_when_taken(tmp_path):
    write_level(tmp_path / "tour", "a_spark", "A Spark")
    doc = ce.CampaignDocument(write_campaign(tmp_path / "tour", ["a_spark"]))
    source = write_level(tmp_path / "elsewhere", "a_spark", "Another Spark")
    before = source.read_text()
    assert doc.copy_level_in(source) == "a_spark_2"
    copied = json.loads((tmp_path / "tour" / "a_spark_2.json").read_text())
    assert copied["id"] == "a_spark_2" and copied["title"] == "Another Spark"
    assert source.read_text() == before  # the source is never touched
    assert ce.unassigned(doc) == ["a_spark_2"] and not doc.dirty and doc.changed_files() == []
    assert doc.copy_level_in(write_level(tmp_path / "elsewhere", "b_new", "B")) == "b_new"
    assert [p.message for p in doc.problems if "b_new" in p.message][0].startswith('level "b_new" is in no chapter')


# ---------------------------------------------------------------------------------- in the window


def test_open_a_level_from_another_folder_and_save_it_under_a_new_name(app, tmp_path):
    work = tmp_path / "work"  # (tmp_path also holds the test's home folder)
    drafts = work / "drafts"
    path = write_level(drafts, "my_spark", "My Spark")
    app.push("title")
    app.push("workshop")
    step(app)
    click(app, app.top.menu.find("Open a file...").rect.center)
    dialog = app.top
    assert dialog.name == "workshop_files" and dialog.mode == "open"
    # The path box: typed, Enter walks there; the list shows the level by its title.
    click(app, (dialog.up_button.rect.right + 60, dialog.up_button.rect.centery))
    for _ in range(len(dialog.path_text)):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, str(work))
    press_key(app, pygame.K_RETURN)
    assert [e.name for e in dialog.entries] == ["drafts"]
    press_key(app, pygame.K_RETURN)  # into drafts
    assert dialog.folder == drafts.resolve() and [e.title for e in dialog.entries] == ["My Spark"]
    shoot(app, tmp_path, "file-dialog-open")
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_RETURN)
    editor = app.top
    assert editor.name == "workshop_editor" and editor.doc.path == path
    assert fb.RecentFiles().files()[0] == path.resolve()

    # Save As: a name that cannot be a file is refused with a sentence; a good one is saved.
    ctrl_shift_s(app)
    dialog = app.top
    assert dialog.mode == "save" and dialog.folder == drafts.resolve() and dialog.file_name == "my_spark.json"
    for _ in range(len(dialog.file_name)):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, "new:name")
    press_key(app, pygame.K_RETURN)
    assert app.top is dialog
    assert dialog.message == (
        "A file name cannot hold these characters: : (choose the folder above; type only the name here)"
    )
    shoot(app, tmp_path, "file-dialog-save")
    for _ in range(len("new:name")):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, "second_spark")
    press_key(app, pygame.K_RETURN)
    saved = drafts / "second_spark.json"
    assert app.top is editor and editor.doc.path == saved and not editor.doc.dirty
    assert json.loads(saved.read_text())["title"] == "My Spark"
    assert json.loads(path.read_text())["id"] == "my_spark"  # the first file stays as it was
    assert fb.RecentFiles().files()[:2] == [saved.resolve(), path.resolve()]


def ctrl_shift_s(app) -> None:
    press_key(app, pygame.K_s, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)


def test_save_as_over_another_level_asks_naming_it(app, tmp_path):
    drafts = tmp_path / "drafts"
    write_level(drafts, "taken", "The Taken One")
    app.push("title")
    editor = app.push("workshop_editor", path=write_level(drafts, "mine", "Mine"))
    ctrl_shift_s(app)
    dialog = app.top
    for _ in range(len(dialog.file_name)):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, "taken")
    press_key(app, pygame.K_RETURN)
    ask = app.top
    assert ask.title == "Replace taken.json?"
    assert ask.message == (
        'A level file of that name is already in that folder ("The Taken One"). Replacing it loses that level.'
    )
    click(app, ask.menu.find("Cancel").rect.center)
    assert app.top is editor and editor.doc.path == drafts / "mine.json"
    assert json.loads((drafts / "taken.json").read_text())["title"] == "The Taken One"


def test_duplicate_saves_a_copy_with_a_fresh_id_and_title(app, tmp_path):
    drafts = tmp_path / "drafts"
    path = write_level(drafts, "spark", "Spark")
    write_level(drafts, "spark_copy", "An Earlier Copy")
    app.push("title")
    editor = app.push("workshop_editor", path=path)
    step(app)
    click(app, next(b for b in editor.buttons if b.label == "Duplicate").rect.center)
    dialog = app.top
    assert dialog.title == "Duplicate the level as" and dialog.file_name == "spark_copy_2.json"
    press_key(app, pygame.K_RETURN)
    copy = drafts / "spark_copy_2.json"
    data = json.loads(copy.read_text())
    assert (data["id"], data["title"]) == ("spark_copy_2", "Spark (copy)")
    assert editor.doc.path == copy and json.loads(path.read_text())["title"] == "Spark"


def test_a_campaign_opens_by_its_folder_and_takes_a_level_from_another(app, tmp_path):
    tour = tmp_path / "tour"
    write_level(tour, "a_spark", "A Spark")
    write_campaign(tour, ["a_spark"])
    (tmp_path / "empty").mkdir()
    outside = write_level(tmp_path / "drafts", "a_spark", "Outside Spark")
    app.push("title")
    app.push("workshop")
    step(app)
    click(app, app.top.menu.find("Other campaign...").rect.center)
    dialog = app.top
    assert dialog.mode == "folder"
    dialog.go(tmp_path / "empty")
    click(app, dialog.buttons[1].rect.center)  # "Open this folder"
    assert app.top is dialog
    assert dialog.message == "This folder holds no campaign.json: choose the folder of a campaign"
    dialog.go(tour)
    shoot(app, tmp_path, "file-dialog-folder")
    click(app, dialog.buttons[1].rect.center)
    scene = app.top
    assert scene.name == "workshop_campaign" and scene.doc.path == tour / "campaign.json"
    click(app, next(b for b in scene.buttons if b.label == "Copy a level in...").rect.center)
    dialog = app.top
    dialog.go(outside.parent)
    click(app, dialog.row_rect(0).center)  # a click chooses the line, a second click opens it
    assert app.top is dialog and dialog.chosen == 0
    click(app, dialog.row_rect(0).center)
    assert app.top is scene and scene.level == "a_spark_2"
    assert json.loads((tour / "a_spark_2.json").read_text())["title"] == "Outside Spark"
    assert (
        scene.notice == "Copied a_spark.json into the campaign folder as a_spark_2: Add puts it in the chosen chapter"
    )
    click(app, scene.free_list.buttons(0, ("Add",))[0][0].center)
    assert ce.chapter_levels(scene.doc, 0) == ["a_spark", "a_spark_2"]
    ctrl(app, pygame.K_s)
    assert json.loads((tour / "campaign.json").read_text())["chapters"][0]["levels"] == ["a_spark", "a_spark_2"]


def test_the_front_page_lists_the_campaign_above_its_bottom_row_and_scrolls(app, tmp_path, monkeypatch):
    import game.client.scenes.workshop as front_page

    folder = tmp_path / "big"
    for n in range(37):  # eight rows of five: one row more than the page shows
        write_level(folder, f"l{n:02d}", f"Level {n:02d}")
    monkeypatch.setattr(front_page, "campaign_dir", lambda: folder)
    app.push("title")
    page = app.push("workshop")
    step(app)
    bottom = page.menu.find("Campaign structure").rect
    on_screen = [button for button in page.menu.buttons if button in page.level_buttons]
    assert [button.label for button in on_screen] == [f"Level {n:02d}" for n in range(35)]
    assert max(button.rect.bottom for button in on_screen) < bottom.top
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(on_screen) for b in on_screen[i + 1 :])
    assert not page.menu.find("▲").enabled and page.menu.find("▼").enabled
    for _ in range(3):  # one row is all there is to scroll
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    step(app)
    on_screen = [button for button in page.menu.buttons if button in page.level_buttons]
    assert [button.label for button in on_screen] == [f"Level {n:02d}" for n in range(5, 37)]
    assert on_screen[-1].rect.bottom < bottom.top
    assert page.menu.find("▲").enabled and not page.menu.find("▼").enabled
    click(app, page.menu.find("▲").rect.center)
    assert page.scroll_row == 0
