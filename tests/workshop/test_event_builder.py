"""The event and script builder (game/workshop/event_edits.py, script_forms.py): events and
script actions built through its functions write the exact JSON expected, each change one undo
step named in words; a dangling label shows as a problem; and in the window, the Events tab's
builder is driven with the mouse and the keys."""

from __future__ import annotations

import pygame

from game.workshop import event_edits, forms, script_forms
from game.workshop.model import Document
from game.workshop.templates import new_level
from tests.client.driver import click, step
from tests.workshop.helpers import press_key, row_centre, shoot


def card_doc() -> Document:
    doc = Document(new_level("cards"))
    # A labelled golem on the player's board: the label events and scripts pick from.
    doc.data["player"]["board"] = [{"card": 25, "label": "golem"}]
    return doc


def skirmish_doc() -> Document:
    doc = Document(new_level("skirmish"))
    doc.data["player"]["heroes"][0]["label"] = "captain"
    doc.data["opponent"]["heroes"][0]["label"] = "brute"
    return doc


def row(rows, label: str):
    return next(r for r in rows if r.label == label)


def test_a_card_event_built_from_menus_writes_the_exact_json():
    doc = card_doc()
    assert event_edits.add_event(doc, "died", skirmish=False) == 0
    assert doc.undo_stack[-1].label == 'add event: when golem dies, Practice Dummy says "..."'
    assert event_edits.open_index(doc) == 0  # the new event opens in the builder
    event_edits.set_when_kind(doc, 0, "health_at_most", skirmish=False)
    assert doc.undo_stack[-1].label == "event 1: when the opponent's health is 10 or less"
    event_edits.set_when_field(doc, 0, "health_at_most", 3)
    event_edits.set_when_field(doc, 0, "side", "player")
    event_edits.add_step(doc, 0, "give")
    event_edits.add_step(doc, 0, "summon")
    assert doc.undo_stack[-1].label == "event 1: add summon Chapel Bellringer for the opponent"
    event_edits.remove_step(doc, 0, 0)
    assert doc.get(("events",)) == [
        {
            "when": {"health_at_most": 3, "side": "player"},
            "do": [
                {"give": {"side": "player", "cards": [25]}},
                {"summon": {"side": "opponent", "card": 9}},
            ],
        }
    ]
    assert doc.problems == []
    assert event_edits.describe_event(doc, doc.get(("events", 0))) == (
        "when your health is 3 or less, give you Gravel Golem; summon Chapel Bellringer for the opponent"
    )
    # The builder's rows: back, heading, the sentence, when and its values, then each step.
    labels = [r.label for r in forms.build(doc, "Events")]
    assert labels[:7] == ["< All events", "Event 1", labels[2], "When", "Health at most", "Whose", "Step 1"]


def test_events_move_and_go_each_one_undo_step_named_in_words():
    doc = card_doc()
    event_edits.add_event(doc, "turn", skirmish=False)
    event_edits.add_event(doc, "board_empty", skirmish=False)
    event_edits.move_event(doc, 1, -1)
    assert doc.undo_stack[-1].label == "move event 2 up"
    assert [list(e["when"]) for e in doc.get(("events",))] == [["board_empty", "side"], ["turn", "side"]]
    assert event_edits.open_index(doc) == 0  # the open event moved with it
    event_edits.remove_event(doc, 0)
    assert doc.undo_stack[-1].label == "remove event 1: when the opponent's board is empty, Practice Dummy says \"...\""
    assert doc.undo() == doc.redo_stack[-1].label
    assert [list(e["when"]) for e in doc.get(("events",))] == [["board_empty", "side"], ["turn", "side"]]


def test_a_dangling_label_shows_as_a_problem():
    doc = card_doc()
    event_edits.add_event(doc, "died", skirmish=False)
    assert doc.problems == []
    event_edits.set_when_field(doc, 0, "died", "gollum")
    event_edits.open_event(doc, None)
    forms.reveal(doc, ("events", 0, "when", "died"))  # the problem clicked opens its event
    assert event_edits.open_index(doc) == 0
    row(forms.build(doc, "Events"), "Raw fields").action()  # the event's JSON fields, as they are
    assert [(r.label, r.kind) for r in forms.build(doc, "Events")[3:6]] == [
        ("Menus", "button"),
        ("when", "heading"),
        ("died", "text"),
    ]
    assert [(p.path, p.message) for p in doc.problems] == [
        ("$.events[0].when.died", 'no card of cards is labelled "gollum" (did you mean "golem"?); labels: golem')
    ]


def test_a_skirmish_event_at_a_heros_health_written_by_the_builder():
    doc = skirmish_doc()
    event_edits.add_event(doc, "health_at_most", skirmish=True)
    assert doc.get(("events",)) == [
        {"when": {"health_at_most": 10, "hero": "brute"}, "say": [{"speaker": "Practice Dummy", "text": "..."}]}
    ]
    assert doc.undo_stack[-1].label == 'add event: when brute is at 10 health or less, Practice Dummy says "..."'
    rows = forms.build(doc, "Events")
    hero = row(rows, "Hero (label)")
    assert hero.kind == "choice" and hero.choices == ("captain", "brute")
    forms.apply(doc, row(rows, "Health at most"), 40)
    forms.apply(doc, hero, "captain")
    event_edits.add_line(doc, 0)
    assert doc.get(("events", 0)) == {
        "when": {"health_at_most": 40, "hero": "captain"},
        "say": [{"speaker": "Practice Dummy", "text": "..."}, {"speaker": "Practice Dummy", "text": "..."}],
    }
    assert doc.problems == []
    event_edits.set_when_field(doc, 0, "hero", "nobody")
    assert [(p.path, p.message) for p in doc.problems] == [("$.events[0].when.hero", 'no hero is labelled "nobody"')]


def test_the_script_builder_writes_the_action_lines():
    doc = card_doc()
    from game.workshop import edits

    edits.add_script_turn(doc)
    script_forms.open_action(doc, 0, 0)
    rows = forms.build(doc, "Opponent")
    assert [r.label for r in rows[:4]] == ["< The script", "Turn 1, action 1", "End the turn", "Does"]
    forms.apply(doc, row(rows, "Does"), "ATTACK")
    assert doc.get(("opponent", "script", 0, "actions")) == ["ATTACK {card:9} FACE"]
    assert doc.undo_stack[-1].label == "script turn 1: ATTACK {card:9} FACE"
    rows = forms.build(doc, "Opponent")
    target = row(rows, "Target")
    assert target.names == {
        "FACE": "The player's face",
        "{golem}": "golem · Gravel Golem (yours)",
        "{card:25}": "Gravel Golem (yours)",
        "{card:9}": "Chapel Bellringer (the opponent's)",
    }
    assert target.choices == ("FACE", "{golem}", "{card:25}", "{card:9}")
    forms.apply(doc, target, "{golem}")
    assert doc.get(("opponent", "script", 0, "actions", 0)) == "ATTACK {card:9} {golem}"
    assert script_forms.describe_action(doc, "ATTACK {card:9} {golem}") == "Chapel Bellringer attacks golem"
    forms.apply(doc, row(forms.build(doc, "Opponent"), "Does"), "SUMMON")
    assert doc.get(("opponent", "script", 0, "actions", 0)) == "SUMMON {card:9} {golem}"
    forms.apply(doc, row(forms.build(doc, "Opponent"), "Target"), None)
    assert doc.get(("opponent", "script", 0, "actions", 0)) == "SUMMON {card:9}"
    assert doc.problems == []
    script_forms.open_action(doc, None)
    listed = [r.label for r in forms.build(doc, "Opponent") if r.kind == "button" and r.extra.get("wide")]
    assert listed == ["1. Summon Chapel Bellringer"]


def test_the_builder_in_the_window_picks_with_keys_and_undoes(app, tmp_path):
    app.push("title")
    editor = app.push("workshop_editor", kind="skirmish")
    doc = editor.doc
    doc.data["opponent"]["heroes"][0]["label"] = "brute"
    doc.version += 1
    step(app)
    click(app, next(rect for rect, name in editor.tab_rects() if name == "Events").center)
    click(app, row_centre(editor, "+ event at a round"))
    assert doc.get(("events", 0, "when")) == {"round": 2} and event_edits.open_index(doc) == 0
    shoot(app, tmp_path, "event-builder")
    click(app, row_centre(editor, "When"))
    assert editor.rows.menu is not None and doc.get(("events", 0, "when")) == {"round": 2}
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_DOWN)
    assert doc.get(("events", 0, "when")) == {"round": 2}  # nothing changes until a pick
    press_key(app, pygame.K_RETURN)
    assert editor.rows.menu is None
    assert doc.get(("events", 0, "when")) == {"health_at_most": 10, "hero": "brute"}
    step(app)
    assert [r.label for r in editor.rows.rows[3:6]] == ["When", "Health at most", "Hero (label)"]
    press_key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert editor.notice == "Undid: event 1: when brute is at 10 health or less"
    assert doc.get(("events", 0, "when")) == {"round": 2}
    click(app, row_centre(editor, "< All events"))
    assert editor.rows.rows[0].label == '1. at round 2, Practice Dummy says "..."'
