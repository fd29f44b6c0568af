"""The gomoku editor names points as play does (columns a-o from the left, rows 1-15 from the
bottom): the legend's point under the mouse, undo's words and the problems (the file keeps x,y)."""

from __future__ import annotations

import pygame

from game.client.workshop import stones
from tests.client.driver import click, move
from tests.workshop.helpers import ctrl


def test_a_checkers_points_are_named_as_on_the_board():
    assert (
        stones.points_in_words("there is already a stone on 7,7 (at $.opening.black[0])", 15)
        == "there is already a stone on h8 (at $.opening.black[0])"
    )
    # A sentence that names the point already says it once.
    assert stones.points_in_words("the black stone on 0,14 (a1) makes a double four", 15) == (
        "the black stone on a1 makes a double four"
    )
    assert stones.points_in_words("there is already a stone on 0,0", 9) == "there is already a stone on a9"
    # Off the board: the x,y the file has, as there is no name for it.
    assert stones.points_in_words("move 15,3 is off the 15x15 board", 15) == "move 15,3 is off the 15x15 board"


def test_the_editor_says_h8_for_the_centre(app):
    app.push("title")
    editor = app.push("workshop_editor", kind="gomoku")
    doc = editor.doc
    click(app, stones.point_centre(doc, 7, 7))
    assert doc.get(("opening", "black")) == ["7,7"]  # the file keeps x,y from the top-left
    assert doc.undo_stack[-1].label == "put a black stone on h8"
    move(app, stones.point_centre(doc, 0, 14))
    assert stones.legend(doc, {"black": 1, "white": 0}, stones.point_at(doc, editor.mouse))[-1] == "point a1"
    doc.insert(("opening", "white"), None, "7,7")  # typed into the file: a second stone on h8
    assert [problem.message for problem in doc.problems] == ["there is already a stone on h8 (at $.opening.black[0])"]
    ctrl(app, pygame.K_z)
    ctrl(app, pygame.K_z)
    assert doc.get(("opening", "black")) == [] and editor.notice == "Undid: put a black stone on h8"
