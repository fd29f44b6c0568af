"""Pickers instead of free text: a choice row opens a list and changes nothing until one is
picked (mouse and keys), portraits are picked from a grid of previews, labels from the level's
labels, skirmish hero classes by name and role, cards from a filtered list (a listed card shows
its name and, under the mouse, its face)."""

from __future__ import annotations

import pygame

from game.workshop import forms, pick_lists, skirmish_forms
from game.workshop.model import Document
from game.workshop.templates import new_level
from tests.client.driver import click, move, step
from tests.workshop.helpers import ctrl, press_key, row_centre, shoot, type_text


def row(rows, label: str):
    return next(r for r in rows if r.label == label)


def test_choices_carry_their_words_and_a_pick_is_one_edit_named_by_it():
    doc = Document(new_level("cards"))
    kind = row(forms.build(doc, "Objectives"), "Kind")
    assert kind.choices == ("win", "win_within", "survive", "clear_board", "keep_alive")
    assert forms.words_of(kind, "keep_alive") == "Keep a creature alive"
    forms.apply(doc, kind, "keep_alive")
    assert doc.undo_stack[-1].label == "make objective 1 keep alive"
    assert doc.get(("objectives", 0)) == {"kind": "keep_alive", "label": "", "text": "Win this turn"}
    # With no labelled creature the label is typed; once one exists it is picked from the list.
    assert row(forms.build(doc, "Objectives"), "Creature (label)").kind == "text"
    doc.data["player"]["board"] = [{"card": 25, "label": "golem"}]
    doc.version += 1
    label = row(forms.build(doc, "Objectives"), "Creature (label)")
    assert (label.kind, label.choices) == ("choice", ("golem",))
    gomoku = Document(new_level("gomoku"))
    assert forms.words_of(row(forms.build(gomoku, "Objectives"), "Kind"), "win_within") == "Win within N moves"
    first = row(forms.build(doc, "Level"), "Who starts")
    forms.apply(doc, first, "opponent")
    assert doc.undo_stack[-1].label == "who starts: The opponent"


def test_portraits_are_the_named_faces_and_any_the_level_uses():
    doc = Document(new_level("cards"))
    portrait = row(forms.build(doc, "Opponent"), "Portrait")
    assert portrait.picker == "portrait" and portrait.optional
    assert portrait.choices[:4] == ("apprentice", "automaton", "brenna", "corin")
    assert "dummy" in portrait.choices and portrait.names["dummy"] == "Dummy"
    doc.data["opponent"]["portrait"] = "grandmaster_kell"
    doc.version += 1
    assert pick_lists.portraits(doc)[-1] == "grandmaster_kell"  # kept, never silently dropped


def test_cards_in_a_list_show_their_names_and_are_added_from_the_card_picker():
    doc = Document(new_level("cards"))
    add = row(forms.build(doc, "Campaign"), "Add a card")
    assert add.picker == "card" and add.names[57] == "Lightning Drake · 57 · cost 5"
    forms.apply(doc, add, 57)
    assert doc.get(("rewards",)) == {"cards": [57]}
    assert doc.undo_stack[-1].label == "add Lightning Drake to gives cards"
    card = row(forms.build(doc, "Campaign"), "Card 1")
    assert forms.words_of(card, doc.get(card.path)) == "Lightning Drake · 57 · cost 5"
    assert card.extra["card"].name == "Lightning Drake"
    card.remove()
    assert "rewards" not in doc.data and doc.undo_stack[-1].label == "remove Lightning Drake from gives cards"


def test_skirmish_classes_show_their_name_and_role():
    from game.workshop.skirmish_field import HeroRef

    doc = Document(new_level("skirmish"))
    rows = skirmish_forms.hero_rows(doc, HeroRef("player", 0), lambda: None)
    cls = row(rows, "Class")
    assert cls.choices[:3] == ("knight", "berserker", "ranger")
    assert forms.words_of(cls, "knight") == "Knight · tank: stuns and taunts"
    assert forms.words_of(cls, "cleric") == "Cleric · healer"


def test_a_drop_down_changes_nothing_until_a_pick_then_undo(app, tmp_path):
    app.push("title")
    editor = app.push("workshop_editor", kind="cards")
    doc = editor.doc
    step(app)
    click(app, next(rect for rect, name in editor.tab_rects() if name == "Objectives").center)
    before = dict(doc.get(("objectives", 0)))
    click(app, row_centre(editor, "Kind"))
    assert editor.rows.menu is not None and editor.rows.menu.chosen() == "win_within"
    shoot(app, tmp_path, "kind-open")
    click(app, (400, 300))  # outside the list: it closes, nothing changes
    assert editor.rows.menu is None and doc.get(("objectives", 0)) == before and not doc.undo_stack
    click(app, row_centre(editor, "Kind"))
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_ESCAPE)  # Esc closes the list, not the editor
    assert app.top is editor and editor.rows.menu is None and doc.get(("objectives", 0)) == before
    click(app, row_centre(editor, "Kind"))
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_RETURN)
    assert doc.get(("objectives", 0)) == {"kind": "survive", "turns": 3, "text": "Win this turn"}
    assert len(doc.undo_stack) == 1
    ctrl(app, pygame.K_z)
    assert editor.notice == "Undid: make objective 1 survive" and doc.get(("objectives", 0)) == before


def test_the_portrait_grid_and_the_card_picker_in_the_window(app, tmp_path):
    app.push("title")
    editor = app.push("workshop_editor", kind="cards")
    doc = editor.doc
    step(app)
    click(app, next(rect for rect, name in editor.tab_rects() if name == "Opponent").center)
    click(app, row_centre(editor, "Portrait"))
    grid = editor.rows.menu
    assert grid is not None and grid.chosen() == "dummy"
    shoot(app, tmp_path, "portrait-grid")
    faces = [value for value, _ in grid.options]
    assert faces[0] is None and faces[1:] == list(pick_lists.portraits(doc))  # "none" first, then every face
    press_key(app, pygame.K_RIGHT)  # the face after dummy's, in name order
    press_key(app, pygame.K_RETURN)
    assert doc.get(("opponent", "portrait")) == faces[faces.index("dummy") + 1]
    click(app, next(rect for rect, name in editor.tab_rects() if name == "Campaign").center)
    click(app, row_centre(editor, "Add a card"))
    type_text(app, "lightning drake")
    assert editor.rows.menu.filtered == [(57, "Lightning Drake · 57 · cost 5")]
    press_key(app, pygame.K_RETURN)
    assert doc.get(("rewards", "cards")) == [57]
    step(app)
    move(app, row_centre(editor, "Card 1"))
    assert editor.rows.hovered_card().name == "Lightning Drake"
    shoot(app, tmp_path, "card-hover")


def test_unlocked_levels_are_picked_from_the_levels_beside_this_one():
    import json

    from game.rules.levels.loader import level_path

    path = level_path("c1_first_spark")
    doc = Document(json.loads(path.read_text()), path)
    title = json.loads(level_path("c1_guard_duty").read_text())["title"]
    add = row(forms.build(doc, "Campaign"), "Add a level")
    assert "c1_first_spark" not in add.choices and add.names["c1_guard_duty"] == f"{title} (c1_guard_duty)"
    forms.apply(doc, add, "c1_guard_duty")
    assert doc.get(("rewards", "unlocks")) == ["c1_guard_duty"]
    assert doc.undo_stack[-1].label == f"unlock {title} (c1_guard_duty)"
    level = row(forms.build(doc, "Campaign"), "Level 1")
    assert forms.words_of(level, doc.get(level.path)) == f"{title} (c1_guard_duty)"
    level.remove()
    assert doc.get(("rewards", "unlocks")) is None
