"""Copy, paste and duplicate of a scripted event (#32: cards, heroes AND events): the exact JSON
written, one undo step each named in words, a card level's event refused by a skirmish level,
and in the window the builder's Copy / Paste buttons."""

from __future__ import annotations

import pygame
import pytest

from game.workshop import clipboard, event_edits as ev, forms
from game.workshop.model import Document
from game.workshop.templates import new_level
from tests.client.driver import click, step
from tests.workshop.helpers import ctrl, row_centre


@pytest.fixture(autouse=True)
def empty_clipboard():
    clipboard.SHARED.data = None
    yield
    clipboard.SHARED.data = None


def skirmish_doc() -> Document:
    doc = Document(new_level("skirmish"))
    doc.data["opponent"]["heroes"][0]["label"] = "brute"
    return doc


def labels(rows) -> list[str]:
    return [row.label for row in rows]


def test_an_event_copied_pastes_into_another_level_and_duplicates_in_place():
    doc = skirmish_doc()
    ev.add_event(doc, "round", skirmish=True)
    ev.add_event(doc, "health_at_most", skirmish=True)
    ev.set_when_field(doc, 1, "health_at_most", 25)
    first = {"when": {"round": 2}, "say": [{"speaker": "Practice Dummy", "text": "..."}]}
    second = {"when": {"health_at_most": 25, "hero": "brute"}, "say": [{"speaker": "Practice Dummy", "text": "..."}]}
    assert doc.get(("events",)) == [first, second]
    assert ev.paste_refusal(doc) == "No event copied yet: open an event and press Copy"
    assert ev.paste_event(doc) is None and len(doc.get(("events",))) == 2

    ev.copy_event(doc, 1)
    assert clipboard.SHARED.data == {"game": "skirmish", "what": "events", "items": [second]}
    doc.data["events"][1]["say"][0]["text"] = "changed after the copy"  # the clipboard holds its own copy
    assert clipboard.SHARED.data["items"][0]["say"][0]["text"] == "..."

    other = skirmish_doc()  # another skirmish level: the copy pastes there, at the end
    assert ev.paste_event(other) == 0
    assert other.get(("events",)) == [second]
    assert other.undo_stack[-1].label == 'paste event: when brute is at 25 health or less, Practice Dummy says "..."'
    assert ev.open_index(other) == 0 and other.problems == []
    assert ev.paste_event(other, after=0) == 1 and other.get(("events",)) == [second, second]
    assert other.undo() == 'paste event: when brute is at 25 health or less, Practice Dummy says "..."'
    assert other.get(("events",)) == [second]
    assert other.undo() is not None and other.get(("events",)) is None and not other.dirty

    assert ev.duplicate_event(doc, 0) == 1  # right after the one it copies
    assert doc.get(("events",))[:2] == [first, first] and len(doc.get(("events",))) == 3
    assert doc.undo_stack[-1].label == 'duplicate event 1: at round 2, Practice Dummy says "..."'
    doc.undo()
    assert doc.get(("events",))[0] == first and len(doc.get(("events",))) == 2

    cards = Document(new_level("cards"))  # a skirmish event does not fit a card level
    assert ev.paste_refusal(cards) == (
        "The clipboard holds events from a skirmish level: paste them into a skirmish level"
    )
    assert ev.paste_event(cards) is None and cards.get(("events",)) is None


def test_the_builder_rows_offer_copy_duplicate_and_paste():
    doc = skirmish_doc()
    ev.add_event(doc, "round", skirmish=True)
    rows = labels(forms.build(doc, "Events"))
    assert rows[-3:] == ["Copy", "Duplicate", "Raw fields"]
    ev.copy_event(doc, 0)
    assert labels(forms.build(doc, "Events"))[-4:] == ["Copy", "Duplicate", "Paste after this one", "Raw fields"]
    ev.open_event(doc, None)
    assert "+ paste the copied event" in labels(forms.build(doc, "Events"))


def test_copy_and_paste_with_the_builders_buttons_then_undo(app):
    app.push("title")
    editor = app.push("workshop_editor", kind="skirmish")
    doc = editor.doc
    step(app)
    click(app, next(rect for rect, name in editor.tab_rects() if name == "Events").center)
    click(app, row_centre(editor, "+ event at a round"))
    click(app, row_centre(editor, "Round", side="plus"))
    event = {"when": {"round": 3}, "say": [{"speaker": "Practice Dummy", "text": "..."}]}
    assert doc.get(("events",)) == [event]
    click(app, row_centre(editor, "Copy"))
    step(app)
    click(app, row_centre(editor, "Paste after this one"))
    assert doc.get(("events",)) == [event, event] and ev.open_index(doc) == 1
    step(app)
    assert editor.rows.rows[1].label == "Event 2"
    ctrl(app, pygame.K_z)
    assert editor.notice == 'Undid: paste event: at round 3, Practice Dummy says "..."'
    assert doc.get(("events",)) == [event]
