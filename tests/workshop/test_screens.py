"""Screenshots of the workshop's screens, as a designer sees them (DUELMIND_SHOTS=dir keeps them)."""

from __future__ import annotations


import pygame

from game.client.workshop import card_table, stones

from game.workshop import edits
from game.workshop.edits import Slot
from tests.client.driver import click, move, run_until, step
from tests.workshop.helpers import ctrl, open_editor, press_key, row_centre, shoot


def test_front_page_and_help(app, tmp_path):
    app.push("title")
    step(app, 2)
    shoot(app, tmp_path, "title-menu")
    click(app, app.top.menu.find("Workshop").rect.center)
    shoot(app, tmp_path, "front-page")
    click(app, app.top.menu.find("New gomoku level").rect.center)
    assert app.top.doc.kind == "gomoku"
    press_key(app, pygame.K_F1)
    assert app.top.name == "workshop_help"
    shoot(app, tmp_path, "help")
    press_key(app, pygame.K_a)
    assert app.top.name == "workshop_editor"


def test_card_editor_screens(app, tmp_path):
    editor = open_editor(app, "c1_hold_the_line")
    doc = editor.doc
    move(app, editor.picker.row_rect(4).center)
    shoot(app, tmp_path, "cards")
    slot = Slot("opponent", "hand", 0)
    click(app, dict(card_table.slot_rects(doc, "opponent", "hand"))[slot].center)
    assert editor.selected == slot
    shoot(app, tmp_path, "cards-selected")
    press_key(app, pygame.K_ESCAPE)
    click(app, next(rect for rect, name in editor.tab_rects() if name == "Opponent").center)
    editor.rows.scroll = 8
    step(app)
    shoot(app, tmp_path, "cards-opponent-script")
    click(app, next(rect for rect, name in editor.tab_rects() if name == "Story").center)
    shoot(app, tmp_path, "cards-story")
    # Problems: a card the opponent's script names is removed; an objective asks for too many turns.
    edits.remove_card(doc, Slot("opponent", "hand", 3))
    edits.set_value(doc, ("objectives", 0, "turns"), 60)
    step(app, 2)
    assert len(editor.problems.entries) == len(doc.problems) >= 2
    shoot(app, tmp_path, "cards-problems")
    click(app, editor.problems.entries[0][0].center)
    assert editor.tab == "Objectives" and editor.rows.highlight == ("objectives", 0, "turns")
    shoot(app, tmp_path, "cards-problem-selected")
    ctrl(app, pygame.K_z)
    ctrl(app, pygame.K_z)
    assert doc.problems == [] and not doc.dirty


def test_two_lane_board_and_leaving_with_changes(app, tmp_path):
    editor = open_editor(app, "c2_two_lanes")
    doc = editor.doc
    assert card_table.lanes_of(doc) == 2
    edits.place_card(doc, "player", "board", 25, lane=1)
    step(app)
    shoot(app, tmp_path, "cards-two-lanes")
    press_key(app, pygame.K_ESCAPE)
    assert app.top.name == "workshop_prompt"
    shoot(app, tmp_path, "unsaved-changes")
    click(app, app.top.menu.find("Cancel").rect.center)
    assert app.top is editor
    press_key(app, pygame.K_ESCAPE)
    click(app, app.top.menu.find("Discard").rect.center)
    assert app.top.name == "workshop"


def test_gomoku_editor(app, tmp_path):
    editor = open_editor(app, "g2_four_three")
    doc = editor.doc
    click(app, stones.point_centre(doc, 3, 3))
    assert edits.stone_at(doc, 3, 3) == ("black", 5)
    click(app, stones.point_centre(doc, 3, 3))
    assert edits.stone_at(doc, 3, 3) == ("white", 5)
    click(app, stones.point_centre(doc, 3, 3), button=3)
    assert edits.stone_at(doc, 3, 3) is None
    click(app, stones.point_centre(doc, 10, 8), button=3)  # a stone of the forced win (and a white one)
    assert [p.path for p in doc.problems] == ["$.opening"]  # white has more stones: not a real position
    click(app, stones.point_centre(doc, 11, 11), button=3)
    assert [p.path for p in doc.problems] == ["$.objectives[0].moves"]
    move(app, stones.point_centre(doc, 10, 8))
    shoot(app, tmp_path, "gomoku-problem")
    while doc.undo():
        pass
    click(app, row_centre(editor, "Board size", side="plus"))
    assert doc.get(("size",)) == 16
    shoot(app, tmp_path, "gomoku")


def test_simulate_in_the_background(app, tmp_path):
    editor = open_editor(app, "c1_hold_the_line")
    press_key(app, pygame.K_F7)  # the set-up: games, who plays, the thinking time
    assert app.top.name == "workshop_simulate"
    shoot(app, tmp_path, "simulate-setup")
    press_key(app, pygame.K_RETURN)  # Start: 20 games, a middling player, 100 ms
    assert app.top is editor
    sim = editor.sim_strip.sim
    frames = 0
    while sim.running:
        step(app)  # the games run in another process: the editor keeps drawing meanwhile
        frames += 1
        if sim.done == 3:
            shoot(app, tmp_path, "simulate-running")
        run_until(app, lambda: True)
    assert not sim.error, sim.error
    report = sim.report
    assert report["games"] == 20 and 0 <= report["wilson95"][0] <= report["win_rate"] <= report["wilson95"][1]
    assert len(sim.turns) == 20 and len(report["objectives"]) == 2 and report["player"] == "human"
    assert frames > 1
    step(app, 2)
    click(app, editor.sim_strip.results.rect.center)
    assert app.top.name == "workshop_simulate" and app.top.run is sim
    step(app, 2)
    shoot(app, tmp_path, "simulate-done")
    press_key(app, pygame.K_ESCAPE)
    assert app.top is editor
