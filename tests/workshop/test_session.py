"""A designer's session from nothing: a new card puzzle built with the mouse and keys, checked
live, won in test play by a scripted player, saved, and accepted by `levels validate`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.client.scenes.workshop_editor import WorkshopEditorScene
from game.client.workshop import card_table
from game.paths import levels_dir
from game.rules.cards.actions import FACE, Kind
from tests.client.campaign_helpers import perform_with_mouse, read_dialogues
from tests.client.driver import click, drag, run_until, step
from tests.workshop.helpers import ctrl, press_key, row_centre, type_text


def test_build_validate_win_and_save_a_puzzle(app, tmp_path):
    app.push("title")
    step(app, 2)
    click(app, app.top.menu.find("Workshop").rect.center)
    assert app.top.name == "workshop"
    click(app, app.top.menu.find("New card puzzle").rect.center)
    editor = app.top
    assert isinstance(editor, WorkshopEditorScene) and editor.doc.kind == "cards"
    doc = editor.doc

    # The Voltaic Hound, found by its rules text, dragged into the hand.
    click(app, editor.picker.search_rect().center)
    type_text(app, "charge")
    names = [card.name for card in editor.picker.found]
    assert "Voltaic Hound" in names
    row = editor.picker.row_rect(names.index("Voltaic Hound")).center
    drag(app, row, card_table.zone_rect("player", "hand").center)
    assert doc.get(("player", "hand")) == [37]
    # The Gravel Golem by name, put on the board with a key; then given a label.
    click(app, editor.picker.search_rect().center)
    for _ in range(len("charge")):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, "gravel")
    press_key(app, pygame.K_RETURN)
    assert editor.picker.current.base_id == 25
    press_key(app, pygame.K_b)
    assert doc.get(("player", "board")) == [{"card": 25}]
    assert editor.selected is not None and editor.rows.rows[0].label.startswith("Gravel Golem")
    click(app, row_centre(editor, "Label"))
    type_text(app, "golem")
    press_key(app, pygame.K_RETURN)
    assert doc.get(("player", "board")) == [{"card": 25, "label": "golem"}]
    # A mistake, seen in the problems panel and undone.
    press_key(app, pygame.K_ESCAPE)  # deselect
    click(app, next(rect for rect, name in editor.tab_rects() if name == "Level").center)
    click(app, row_centre(editor, "Title"))
    for _ in range(len("New Puzzle")):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, "Two Hits")
    press_key(app, pygame.K_RETURN)
    click(app, row_centre(editor, "Health", nth=1, side="minus"))  # the opponent's: 6 -> 5
    click(app, row_centre(editor, "Health", nth=1, side="plus"))
    assert doc.get(("opponent", "health")) == 6 and doc.get(("title",)) == "Two Hits"
    click(app, next(rect for rect, name in editor.tab_rects() if name == "Objectives").center)
    click(app, row_centre(editor, "+ keep alive"))
    assert doc.problems and doc.problems[0].path == "$.objectives[1].label"
    step(app)
    click(app, editor.problems.entries[0][0].center)
    assert editor.rows.highlight == ("objectives", 1, "label")
    ctrl(app, pygame.K_z)
    assert doc.problems == [] and len(doc.get(("objectives",))) == 1
    # A story line before the level.
    click(app, next(rect for rect, name in editor.tab_rects() if name == "Story").center)
    click(app, row_centre(editor, "+ line"))
    click(app, row_centre(editor, "Text"))
    for _ in range(3):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, "Six damage wins.")
    press_key(app, pygame.K_RETURN)
    assert doc.get(("story", "before")) == [{"speaker": "Narrator", "text": "Six damage wins."}]
    assert doc.problems == []
    before = json.loads(json.dumps(doc.data))

    # Test play: won by a scripted player, then back in the editor as it was.
    press_key(app, pygame.K_F6)
    assert read_dialogues(app) == ["Narrator: Six damage wins."]
    duel = app.top
    assert duel.name == "duel"
    run_until(app, duel.human_to_act, timeout=10)
    summon = next(a for a in duel.battle.legal_actions() if a.kind == Kind.SUMMON)
    perform_with_mouse(app, duel, summon)
    for _ in range(2):
        attack = next(a for a in duel.battle.legal_actions() if a.kind == Kind.ATTACK and a.target == FACE)
        perform_with_mouse(app, duel, attack)
    run_until(app, lambda: app.top.name == "level_result", timeout=20)
    result = app.top
    assert result.result.won
    step(app, 20)
    click(app, result.menu.find("Workshop").rect.center)
    assert app.top is editor and doc.data == before and doc.dirty

    # Save (Ctrl+S asks for a file name in the file dialog), then `levels validate` accepts the file.
    ctrl(app, pygame.K_s)
    prompt = app.top
    assert prompt.name == "workshop_files"
    for _ in range(len(prompt.text)):
        press_key(app, pygame.K_BACKSPACE)
    path = tmp_path / "two_hits.json"
    type_text(app, str(path))
    press_key(app, pygame.K_RETURN)
    assert app.top is editor and not doc.dirty and doc.path == path
    saved = path.read_text()
    # Saved outside levels/, its $schema leads from its own folder to the level schema.
    schema = Path(os.path.relpath(levels_dir() / "schema" / "level.schema.json", tmp_path)).as_posix()
    assert saved.startswith(f'{{\n  "$schema": "{schema}",\n  "version": 1,\n  "kind": "cards",')
    assert json.loads(saved) == {**before, "$schema": schema}
    done = subprocess.run(
        [sys.executable, "-m", "game.cli", "levels", "validate", str(path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # Leaving a saved document asks nothing.
    press_key(app, pygame.K_ESCAPE)
    assert app.top.name == "workshop"


def test_a_level_of_another_kind_is_refused_with_a_sentence_not_a_crash(app, tmp_path):
    path = tmp_path / "chess.json"
    path.write_text('{"version": 1, "kind": "chess", "id": "chess", "title": "Chess"}')
    app.push("workshop")
    front = app.top
    front.open(path)
    assert app.top is front and "card, gomoku and skirmish levels" in front.notice
