"""No work is lost in the workshop: the window's close button asks (Save / Discard / Cancel),
a new level does not silently replace a file, a file changed by another program is noticed,
and unsaved work survives a crash as a recovery copy offered at the next visit."""

from __future__ import annotations

import json
import os
import shutil

import pygame

from game.client.workshop import campaign_view as view
from game.client.workshop.panel import shorten
from game.rules.levels.loader import campaign_dir, level_path
from game.workshop import campaign_edit as ce
from game.workshop import edits, recovery
from tests.client.driver import click, step
from tests.workshop.helpers import ctrl, press_key, type_text


def close_window(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app)


def copied(tmp_path, level_id: str = "c1_hold_the_line"):
    path = tmp_path / "levels" / f"{level_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(level_path(level_id), path)
    return path


def open_file(app, path):
    app.push("title")
    app.push("workshop", path=str(path))
    step(app, 2)
    assert app.top.name == "workshop_editor"
    return app.top


def copies() -> list[str]:
    return sorted(copy.path.name if copy.path else copy.level_id for copy in recovery.pending())


def edit_outside(path, old: str, new: str) -> None:
    """Another program changes the file (its time set apart from ours: some file systems keep
    whole seconds only)."""
    path.write_text(path.read_text().replace(old, new))
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))


# ---------------------------------------------------------------------------------- the close button


def test_closing_the_window_asks_about_unsaved_work_cancel_then_discard(app, tmp_path):
    editor = open_file(app, copied(tmp_path))
    close_window(app)
    assert not app.running  # nothing unsaved: the window closes at once
    app.running = True
    edits.set_value(editor.doc, ("title",), "Hold the Line Again")
    step(app)
    assert copies() == ["c1_hold_the_line.json"]  # the recovery copy, written after the edit
    close_window(app)
    prompt = app.top
    assert app.running and prompt.name == "workshop_prompt" and prompt.title == "Quit with unsaved changes?"
    assert prompt.message == "c1_hold_the_line.json has changes that are not saved."
    close_window(app)  # a second click waits for the answer: one question, not two
    assert app.top is prompt and app.scenes.count(prompt) == 1
    click(app, prompt.menu.find("Cancel").rect.center)
    assert app.running and app.top is editor and editor.doc.dirty
    close_window(app)
    click(app, app.top.menu.find("Discard").rect.center)
    assert not app.running and copies() == []  # discarded on purpose: no copy is offered later


def test_closing_the_window_can_save_first(app, tmp_path):
    path = copied(tmp_path)
    editor = open_file(app, path)
    edits.set_value(editor.doc, ("title",), "Hold the Line Again")
    step(app)
    close_window(app)
    click(app, app.top.menu.find("Save").rect.center)
    assert not app.running and json.loads(path.read_text())["title"] == "Hold the Line Again"
    assert copies() == []


def test_a_new_level_saved_on_quit_asks_its_file_name_then_quits(app, tmp_path):
    app.push("title")
    editor = app.push("workshop_editor", kind="cards")
    edits.set_value(editor.doc, ("title",), "Fresh")
    step(app)
    close_window(app)
    click(app, app.top.menu.find("Save").rect.center)
    prompt = app.top
    assert app.running and prompt.title == "Save the level as"
    for _ in range(len(prompt.text)):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, str(tmp_path / "fresh.json"))
    press_key(app, pygame.K_RETURN)
    assert not app.running and json.loads((tmp_path / "fresh.json").read_text())["title"] == "Fresh"


def test_each_unsaved_editor_asks_in_turn_then_the_window_closes(app, tmp_path):
    app.push("title")
    campaign = app.push("workshop_campaign", path=campaign_copy(tmp_path))
    ce.remove_level(campaign.doc, 0, 0)
    editor = app.push("workshop_editor", path=copied(tmp_path))
    edits.set_value(editor.doc, ("title",), "Hold the Line Again")
    step(app)
    close_window(app)
    assert app.top.message == "c1_hold_the_line.json has changes that are not saved."
    click(app, app.top.menu.find("Discard").rect.center)
    assert app.running and app.top.message == "campaign.json: changes not saved."
    click(app, app.top.menu.find("Discard").rect.center)
    assert not app.running


# ---------------------------------------------------------------------------------- replacing a file


def test_saving_a_new_level_over_an_existing_file_asks_first(app, tmp_path):
    taken = copied(tmp_path, "c1_first_spark")
    before = taken.read_text()
    app.push("title")
    editor = app.push("workshop_editor", kind="cards")
    ctrl(app, pygame.K_s)
    prompt = app.top
    for _ in range(len(prompt.text)):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, str(taken))
    press_key(app, pygame.K_RETURN)
    ask = app.top
    assert ask.title == "Replace c1_first_spark.json?"
    assert (
        ask.message
        == 'A level file of that name is already in that folder ("First Spark"). Replacing it loses that level.'
    )
    click(app, ask.menu.find("Cancel").rect.center)
    assert app.top is editor and taken.read_text() == before and editor.doc.path is None
    ctrl(app, pygame.K_s)
    prompt = app.top
    for _ in range(len(prompt.text)):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, str(taken))
    press_key(app, pygame.K_RETURN)
    click(app, app.top.menu.find("Replace").rect.center)
    assert app.top is editor and json.loads(taken.read_text())["id"] == "new_puzzle" and editor.doc.path == taken


def test_saving_says_one_problem_in_the_singular(app, tmp_path):
    editor = open_file(app, copied(tmp_path))
    edits.set_value(editor.doc, ("objectives", 0, "turns"), 60)
    ctrl(app, pygame.K_s)
    assert editor.notice == "Saved c1_hold_the_line.json (1 problem)"


# ---------------------------------------------------------------------------------- changed elsewhere


def test_a_file_changed_by_another_program_is_noticed_keep_mine_then_saves_over_it(app, tmp_path):
    path = copied(tmp_path)
    editor = open_file(app, path)
    edits.set_value(editor.doc, ("opponent", "health"), 9)
    edit_outside(path, '"title": "Hold the Line"', '"title": "Hold the Line, from outside"')
    step(app, 55)  # 2.2 s of frames: the editor looks every 2 s
    ask = app.top
    assert ask.title == "Changed by another program"
    click(app, ask.menu.find("Keep mine").rect.center)
    step(app, 55)
    assert app.top is editor  # asked once, not again for the same change
    ctrl(app, pygame.K_s)
    saved = json.loads(path.read_text())
    assert saved["opponent"]["health"] == 9 and saved["title"] == "Hold the Line"


def test_reload_takes_the_other_programs_file_and_undo_brings_mine_back(app, tmp_path):
    path = copied(tmp_path)
    editor = open_file(app, path)
    edits.set_value(editor.doc, ("opponent", "health"), 9)
    edit_outside(path, '"title": "Hold the Line"', '"title": "Hold the Line, from outside"')
    step(app, 55)
    click(app, app.top.menu.find("Reload").rect.center)
    doc = editor.doc
    assert doc.get(("title",)) == "Hold the Line, from outside" and doc.get(("opponent", "health")) is None
    assert not doc.dirty and editor.notice == "Reloaded c1_hold_the_line.json: Ctrl+Z brings back your edits"
    ctrl(app, pygame.K_z)
    assert doc.get(("title",)) == "Hold the Line" and doc.get(("opponent", "health")) == 9 and doc.dirty


def test_saving_checks_the_file_first(app, tmp_path):
    path = copied(tmp_path)
    editor = open_file(app, path)
    edits.set_value(editor.doc, ("opponent", "health"), 9)
    edit_outside(path, '"title": "Hold the Line"', '"title": "Hold the Line, from outside"')
    ctrl(app, pygame.K_s)  # before the editor's next look
    assert app.top.title == "Changed by another program"
    assert json.loads(path.read_text())["title"] == "Hold the Line, from outside"
    click(app, app.top.menu.find("Keep mine").rect.center)
    assert json.loads(path.read_text())["opponent"]["health"] == 9 and not editor.doc.dirty


def test_a_file_only_touched_is_not_a_change(app, tmp_path):
    path = copied(tmp_path)
    editor = open_file(app, path)
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    step(app, 55)
    assert app.top is editor


def test_f5_reloads_the_file_in_the_editor(app, tmp_path):
    path = copied(tmp_path)
    editor = open_file(app, path)
    edit_outside(path, '"title": "Hold the Line"', '"title": "Hold the Line, reloaded"')
    press_key(app, pygame.K_F5)
    assert app.top is editor and editor.doc.get(("title",)) == "Hold the Line, reloaded" and not editor.doc.dirty


# ---------------------------------------------------------------------------------- recovery copies


def test_unsaved_work_left_by_a_crash_is_offered_at_the_next_visit(app, tmp_path):
    path = copied(tmp_path)
    editor = open_file(app, path)
    edits.set_value(editor.doc, ("opponent", "health"), 9)
    step(app)
    edits.set_value(editor.doc, ("opponent", "health"), 8)  # within the throttle: written on exit
    app.reset("title")  # every scene gone without a question, as in a crash
    assert copies() == ["c1_hold_the_line.json"] and "health" not in json.loads(path.read_text())["opponent"]
    app.push("workshop")
    step(app)
    offer = app.top
    assert offer.title == "Recover unsaved work on Hold the Line?"
    assert (
        offer.message == "The workshop closed moments ago with changes not saved; c1_hold_the_line.json is as it was."
    )
    click(app, offer.menu.find("Recover").rect.center)
    editor = app.top
    assert editor.name == "workshop_editor" and editor.doc.path == path
    assert editor.doc.get(("opponent", "health")) == 8 and editor.doc.dirty
    assert editor.notice == "Recovered your unsaved work: Ctrl+Z shows the file as it was saved"
    ctrl(app, pygame.K_s)
    assert json.loads(path.read_text())["opponent"]["health"] == 8 and copies() == []


def test_the_crash_screen_keeps_the_unsaved_work(app, tmp_path, monkeypatch):
    monkeypatch.setattr("game.logs.write_crash_report", lambda *args, **kwargs: (None, "report"))
    editor = open_file(app, copied(tmp_path))
    edits.set_value(editor.doc, ("opponent", "health"), 9)
    edits.set_value(editor.doc, ("opponent", "health"), 8)
    app.show_crash(RuntimeError("a bug in a scene"))
    assert app.top.name == "crash" and copies() == ["c1_hold_the_line.json"]
    (copy,) = recovery.pending()
    assert json.loads(copy.text)["opponent"]["health"] == 8


def test_a_new_levels_copy_can_be_discarded_and_is_not_offered_again(app, tmp_path):
    app.push("title")
    editor = app.push("workshop_editor", kind="gomoku")
    edits.set_value(editor.doc, ("title",), "Half a Board")
    step(app)
    app.reset("title")
    assert copies() == ["new_stones"]
    app.push("workshop")
    step(app)
    assert app.top.title == "Recover unsaved work on Half a Board?"
    assert app.top.message == "The workshop closed moments ago with changes not saved; the level was never saved."
    click(app, app.top.menu.find("Discard").rect.center)
    assert app.top.name == "workshop" and copies() == []


def test_undo_back_to_the_saved_file_removes_the_copy(app, tmp_path):
    editor = open_file(app, copied(tmp_path))
    edits.set_value(editor.doc, ("opponent", "health"), 9)
    step(app)
    assert copies() == ["c1_hold_the_line.json"]
    ctrl(app, pygame.K_z)
    app.reset("title")
    assert copies() == []


# ---------------------------------------------------------------------------------- defects


def campaign_copy(tmp_path):
    folder = tmp_path / "campaign"
    shutil.copytree(campaign_dir(), folder)
    return folder / "campaign.json"


def test_the_remove_button_of_a_level_row_takes_it_out_of_the_chapter(app, tmp_path):
    app.push("title")
    scene = app.push("workshop_campaign", path=campaign_copy(tmp_path))
    step(app)
    first = list(ce.chapter_levels(scene.doc, 0))
    assert first[:2] == ["c1_first_spark", "c1_guard_duty"]
    remove = next(rect for rect, label in scene.level_list.buttons(0, view.LEVEL_BUTTONS) if label == view.REMOVE)
    click(app, remove.center)
    assert ce.chapter_levels(scene.doc, 0) == first[1:]
    assert "c1_first_spark" in ce.unassigned(scene.doc)


def test_a_long_title_is_shortened_to_fit_left_of_the_buttons(app):
    title = "Workshop  ·  The Long and Winding Road to the Duelmind's Tower of Many"
    short = shorten(title, 15, 300, bold=True)
    assert short == "Workshop  ·  The Long and Winding…"
    from game.client.resources import font

    assert font(15, True).size(short)[0] <= 300 < font(15, True).size(title)[0]


def test_simulate_is_told_why_the_level_is_likely_lost(app):
    app.push("title")
    editor = app.push("workshop_editor", kind="cards")
    edits.set_value(editor.doc, ("opponent", "health"), 20)
    step(app)
    press_key(app, pygame.K_F7)
    assert app.top.name == "workshop_simulate"
    assert app.top.warnings == (
        "cannot be won this turn: the player's cards and creatures deal at most 0 damage this turn, "
        "and the opponent has 20 health",
    )
    press_key(app, pygame.K_ESCAPE)  # cancels the simulation
    assert app.top is editor


def test_a_copy_put_off_on_the_front_page_is_offered_when_its_file_is_opened(app, tmp_path):
    path = copied(tmp_path)
    editor = open_file(app, path)
    edits.set_value(editor.doc, ("opponent", "health"), 7)
    app.reset("title")
    app.push("workshop")
    step(app)
    click(app, app.top.menu.find("Later").rect.center)
    assert app.top.name == "workshop" and copies() == ["c1_hold_the_line.json"]
    app.push("workshop_editor", path=path)
    ask = app.top
    assert ask.title == "Recover unsaved work on Hold the Line?"
    assert ask.message == "c1_hold_the_line.json has changes from an earlier session that were never saved."
    click(app, ask.menu.find("Recover").rect.center)
    editor = app.top
    assert editor.doc.get(("opponent", "health")) == 7 and editor.doc.dirty
    ctrl(app, pygame.K_z)
    assert editor.doc.get(("opponent", "health")) is None and not editor.doc.dirty


def test_a_file_opened_at_start_offers_its_copy_and_discard_forgets_it(app, tmp_path):
    path = copied(tmp_path)
    editor = open_file(app, path)
    edits.set_value(editor.doc, ("opponent", "health"), 7)
    app.reset("title")
    app.push("workshop", path=str(path))  # `duelmind workshop FILE`: straight into the editor
    step(app)
    assert app.top.title == "Recover unsaved work on Hold the Line?"
    click(app, app.top.menu.find("Discard").rect.center)
    assert app.top.name == "workshop_editor" and not app.top.doc.dirty and copies() == []


def test_a_question_closed_with_esc_is_not_repeated_but_saving_asks_again(app, tmp_path):
    path = copied(tmp_path)
    editor = open_file(app, path)
    edits.set_value(editor.doc, ("opponent", "health"), 9)
    edit_outside(path, '"title": "Hold the Line"', '"title": "Hold the Line, from outside"')
    step(app, 55)
    assert app.top.title == "Changed by another program"
    press_key(app, pygame.K_ESCAPE)
    step(app, 55)
    assert app.top is editor
    ctrl(app, pygame.K_s)
    assert app.top.title == "Changed by another program"
    assert json.loads(path.read_text())["title"] == "Hold the Line, from outside"


def test_the_campaign_screen_asks_before_saving_over_a_level_changed_elsewhere(app, tmp_path):
    campaign_file = campaign_copy(tmp_path)
    app.push("title")
    scene = app.push("workshop_campaign", path=campaign_file)
    ce.add_reward_unlock(scene.doc, "c1_first_spark", "x_alchemists_riddle")  # an edit in the level's file
    spark = campaign_file.parent / "c1_first_spark.json"
    edit_outside(spark, '"title": "First Spark"', '"title": "First Spark, edited"')
    ctrl(app, pygame.K_s)
    ask = app.top
    assert ask.title == "Changed by another program"
    assert ask.message == (
        "c1_first_spark.json changed since this screen read it (in the level editor or another program). "
        "Saving writes over those changes."
    )
    click(app, ask.menu.find("Cancel").rect.center)
    assert app.top is scene and json.loads(spark.read_text())["title"] == "First Spark, edited"
    ctrl(app, pygame.K_s)
    click(app, app.top.menu.find("Save over them").rect.center)
    saved = json.loads(spark.read_text())
    assert saved["title"] == "First Spark" and "x_alchemists_riddle" in saved["rewards"]["unlocks"]
    assert not scene.doc.dirty


def test_the_campaign_structures_unsaved_work_is_kept_and_recovered(app, tmp_path):
    campaign_file = campaign_copy(tmp_path)
    app.push("title")
    scene = app.push("workshop_campaign", path=campaign_file)
    ce.remove_level(scene.doc, 0, 0)
    ce.add_reward_unlock(scene.doc, "c1_first_spark", "x_alchemists_riddle")
    step(app)
    app.reset("title")
    (copy,) = recovery.pending()
    assert (copy.kind, copy.path, copy.title) == ("campaign", campaign_file, "The Brasswick Duels")
    app.push("workshop")
    step(app)
    assert app.top.title == "Recover unsaved work on the campaign structure?"
    assert app.top.message == "The workshop closed moments ago with changes not saved; campaign.json is as it was."
    click(app, app.top.menu.find("Recover").rect.center)
    scene = app.top
    assert scene.name == "workshop_campaign" and scene.doc.dirty
    assert scene.notice == "Recovered your unsaved work: Ctrl+Z shows the files as they were saved"
    assert ce.chapter_levels(scene.doc, 0)[0] == "c1_guard_duty"
    assert "x_alchemists_riddle" in ce.reward_unlocks(scene.doc, "c1_first_spark")
    ctrl(app, pygame.K_s)
    assert copies() == [] and not scene.doc.dirty
    spark = json.loads((campaign_file.parent / "c1_first_spark.json").read_text())
    assert "x_alchemists_riddle" in spark["rewards"]["unlocks"]
