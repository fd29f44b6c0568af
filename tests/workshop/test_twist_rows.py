"""The workshop's Twist tab (game/workshop/modifier_forms.py) without a window: each game's rows
write the level's `twist`, live validation reads it, undo takes each change back, and a twist
switched off part by part leaves the file as it was."""

from __future__ import annotations

from game.workshop import forms
from game.workshop.model import Document
from game.workshop.modifier_forms import parse_points, points_text, sealed_points
from game.workshop.templates import new_level


def _row(doc: Document, label: str) -> forms.Row:
    return next(row for row in forms.build(doc, "Twist") if row.label == label)


def _set(doc: Document, label: str, value) -> None:
    forms.apply(doc, _row(doc, label), value)


def test_every_game_has_a_twist_tab():
    for kind in ("cards", "gomoku", "skirmish"):
        assert "Twist" in forms.tabs(Document(new_level(kind))), kind


def test_card_twist_rows_write_the_twist_and_switching_all_off_removes_it():
    doc = Document(new_level("cards"))
    before = dict(doc.data)
    labels = [row.label for row in forms.build(doc, "Twist")]
    assert labels == ["Double draw", "Draws two a turn", "Mana surge", "Gains extra mana", "Cursed lane", "Lane"]
    _set(doc, "Draws two a turn", "both")
    _set(doc, "Gains extra mana", "opponent")
    _set(doc, "Extra mana", 3)  # a row that appears once the surge is on
    _set(doc, "Lane", 0)
    _set(doc, "Damage", 2)
    assert doc.get(("twist",)) == {
        "double_draw": "both",
        "mana_surge": {"side": "opponent", "amount": 3},
        "cursed_lane": {"lane": 0, "damage": 2},
    }
    assert doc.problems == []
    for label in ("Draws two a turn", "Gains extra mana", "Lane"):
        _set(doc, label, None)
    assert "twist" not in doc.data and doc.data == before
    assert doc.undo() == "cursed lane" and doc.get(("twist",)) == {"cursed_lane": {"lane": 0, "damage": 2}}


def test_a_cursed_right_lane_on_one_lane_is_a_live_problem():
    doc = Document(new_level("cards"))
    _set(doc, "Lane", 1)
    assert [(p.path, p.message) for p in doc.problems] == [
        ("$.twist.cursed_lane.lane", "lane 1 is not on a board of 1 lane: use lane 0, or set rules.lanes to 2")
    ]


def test_gomoku_sealed_points_rows():
    doc = Document(new_level("gomoku"))
    _set(doc, "Pattern", "ring")
    _set(doc, 'Points ("x,y; x,y")', "3,3; 11, 11")
    assert doc.get(("twist",)) == {"pattern": "ring", "blocked": ["3,3", "11,11"]}
    assert _row(doc, 'Points ("x,y; x,y")').extra["value"] == "3,3; 11,11"
    assert doc.problems == []
    _set(doc, 'Points ("x,y; x,y")', "20,1")
    assert [(p.path, p.message) for p in doc.problems] == [("$.twist.blocked[0]", "20,1 is off the 15x15 board")]


def test_skirmish_storm_rows():
    doc = Document(new_level("skirmish"))
    assert [row.label for row in forms.build(doc, "Twist")][:2] == ["Storm", "From round"]
    _set(doc, "From round", 6)
    _set(doc, "Damage", 3)
    assert doc.get(("twist",)) == {"storm_from_round": 6, "storm_damage": 3}
    _set(doc, "From round", None)
    assert "twist" not in doc.data


def test_points_text_round_trip():
    assert parse_points("3,3; 11,11 7,7") == ["3,3", "11,11", "7,7"]
    assert parse_points("  ") is None and parse_points(None) is None
    assert points_text(["3,3", " 4, 5"]) == "3,3; 4,5"


def test_the_editors_board_draws_the_sealed_points():
    doc = Document(new_level("gomoku"))
    _set(doc, "Pattern", "centre")
    _set(doc, 'Points ("x,y; x,y")', "3,3; 7,7; 40,1; oops")  # 7,7 twice, one off the board, one malformed
    assert sealed_points(doc) == [(7, 7), (3, 3)]
