"""Files changed by another program are noticed when the window comes back to the front, not only
every 2 s; the campaign structure notices them too, and F5 reloads it (Ctrl+Z brings back what was
there)."""

from __future__ import annotations

import json
import os

import pygame

from game.workshop import campaign_edit as ce
from game.workshop import edits
from game.workshop.templates import new_level
from tests.client.driver import click, step
from tests.workshop.helpers import ctrl, press_key


def edit_outside(path, old: str, new: str) -> None:
    """Another program changes the file (its time set apart from ours: some file systems keep
    whole seconds only)."""
    path.write_text(path.read_text().replace(old, new))
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))


def focus_back(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED, window=None))
    step(app)
    step(app)


def small_campaign(tmp_path):
    folder = tmp_path / "tour"
    folder.mkdir()
    for name, title in (("a_spark", "A Spark"), ("b_flame", "B Flame")):
        level = new_level("cards")
        level["id"], level["title"] = name, title
        (folder / f"{name}.json").write_text(json.dumps(level, indent=2) + "\n")
    campaign = {"version": 1, "title": "Tour", "chapters": [{"id": "one", "title": "One", "levels": ["a_spark"]}]}
    (folder / "campaign.json").write_text(json.dumps(campaign, indent=2) + "\n")
    return folder


def test_the_level_editor_looks_at_its_file_when_the_window_comes_back(app, tmp_path):
    folder = small_campaign(tmp_path)
    path = folder / "a_spark.json"
    app.push("title")
    editor = app.push("workshop_editor", path=path)
    step(app, 3)  # the window's own first focus event is behind us
    edit_outside(path, '"title": "A Spark"', '"title": "A Spark, from outside"')
    step(app, 3)
    assert app.top is editor  # 120 ms: the 2-second look has not come yet
    focus_back(app)
    ask = app.top
    assert ask.name == "workshop_prompt" and ask.title == "Changed by another program"
    click(app, ask.menu.find("Reload").rect.center)
    assert app.top is editor and editor.doc.data["title"] == "A Spark, from outside"


def test_the_campaign_structure_notices_outside_changes_every_two_seconds(app, tmp_path):
    folder = small_campaign(tmp_path)
    app.push("title")
    scene = app.push("workshop_campaign", path=folder / "campaign.json")
    step(app, 3)
    ce.add_level(scene.doc, "b_flame", 0)
    edit_outside(folder / "b_flame.json", '"title": "B Flame"', '"title": "B Flame, renamed"')
    step(app, 52)  # 2.08 s of frames
    ask = app.top
    assert ask.title == "Changed by another program"
    assert ask.message == (
        "b_flame.json changed outside this screen since it read the campaign. "
        "Reload (Ctrl+Z then brings your edits back), or keep yours and save over them."
    )
    click(app, ask.menu.find("Keep mine").rect.center)
    step(app, 52)
    assert app.top is scene  # asked once about one change
    ctrl(app, pygame.K_s)  # kept: saved without a second question
    assert app.top is scene and json.loads((folder / "campaign.json").read_text())["chapters"][0]["levels"] == [
        "a_spark",
        "b_flame",
    ]


def test_f5_reloads_the_campaign_structure_and_undo_brings_the_edits_back(app, tmp_path):
    folder = small_campaign(tmp_path)
    app.push("title")
    scene = app.push("workshop_campaign", path=folder / "campaign.json")
    step(app, 3)
    ce.add_level(scene.doc, "b_flame", 0)
    edits.set_value(scene.doc, ("campaign", "title"), "Tour, mine")
    edit_outside(folder / "campaign.json", '"title": "Tour"', '"title": "Tour, theirs"')
    press_key(app, pygame.K_F5)
    assert app.top is scene and scene.notice == "Reloaded campaign.json: Ctrl+Z brings back your edits"
    assert scene.doc.get(("campaign", "title")) == "Tour, theirs" and not scene.doc.dirty
    assert ce.chapter_levels(scene.doc, 0) == ["a_spark"]
    ctrl(app, pygame.K_z)
    assert scene.doc.get(("campaign", "title")) == "Tour, mine" and scene.doc.dirty
    assert ce.chapter_levels(scene.doc, 0) == ["a_spark", "b_flame"]
    # A level file added to the folder meanwhile is read too.
    level = new_level("cards")
    level["id"] = "c_new"
    (folder / "c_new.json").write_text(json.dumps(level))
    click(app, next(b for b in scene.buttons if b.label == "Reload F5").rect.center)
    assert ce.unassigned(scene.doc) == ["b_flame", "c_new"]
