"""Skirmish levels in the workshop: heroes added, moved and removed on the field, undo and redo,
bad cells reported with their paths, the shipped levels kept byte for byte, and a designer's
session from the template to a file the level loader accepts (with test play and simulate)."""

from __future__ import annotations

import difflib
import os
import json
from pathlib import Path

import pygame
import pytest

from game.workshop import edits, io, skirmish_field as field, skirmish_forms

from game.client.workshop import skirmish_canvas
from game.workshop.model import Document, describe_path, parse_path
from game.workshop.skirmish_field import HeroRef
from game.workshop.templates import new_level
from game.paths import levels_dir
from game.rules.levels.loader import level_path, load_level
from tests.client.driver import click, drag, move, run_until, step
from tests.workshop.helpers import ctrl, press_key, row_centre, shoot, type_text

SKIRMISH_LEVELS = sorted((levels_dir() / "campaign").glob("s[0-9]_*.json"))


def skirmish_doc() -> Document:
    return Document(new_level("skirmish"))


def problems(doc: Document) -> list[tuple[str, str]]:
    return [(problem.path, problem.message) for problem in doc.problems]


# ---------------------------------------------------------------------------------- the model


def test_the_template_validates_clean():
    doc = skirmish_doc()
    assert doc.problems == [] and doc.kind == "skirmish" and doc.get(("map",)) == "ruins"
    assert [len(field.team(doc, side)) for side in field.TEAMS] == [3, 3]


def test_add_move_remove_and_undo_redo():
    doc = skirmish_doc()
    field.remove_hero(doc, HeroRef("player", 1))
    assert field.team(doc, "player") == [{"hero": "knight", "at": [0, 1]}, {"hero": "cleric", "at": [0, 6]}]
    assert problems(doc) == [("$.player.heroes", "needs at least 3 item(s)")]
    druid = field.add_hero(doc, "player", "druid", (2, 3))
    assert druid == HeroRef("player", 2) and doc.get(druid.path()) == {"hero": "druid", "at": [2, 3]}
    assert doc.problems == [] and field.hero_at(doc, (2, 3)) == druid
    with pytest.raises(ValueError, match="already has 3 heroes"):
        field.add_hero(doc, "player", "monk", (2, 4))
    field.move_hero(doc, druid, (4, 2))
    assert doc.get(druid.path() + ("at",)) == [4, 2]
    field.move_hero(doc, druid, (0, 1), swap=True)  # onto the knight: the two change places
    assert field.team(doc, "player") == [
        {"hero": "knight", "at": [4, 2]},
        {"hero": "cleric", "at": [0, 6]},
        {"hero": "druid", "at": [0, 1]},
    ]
    field.set_hero_field(doc, druid, "name", "Warden Ash")
    field.set_hero_field(doc, druid, "label", "warden")  # keys in the shipped order, whatever the edit order
    assert list(doc.get(druid.path()).items()) == [
        ("hero", "druid"),
        ("at", [0, 1]),
        ("label", "warden"),
        ("name", "Warden Ash"),
    ]
    field.set_hero_field(doc, druid, "name", None)
    assert doc.get(druid.path()) == {"hero": "druid", "at": [0, 1], "label": "warden"}
    labels = [doc.undo() for _ in range(3)]
    assert labels == [
        "set the name of Warden Ash (druid)",
        "set the label of Warden Ash (druid)",
        "set the name of Druid",
    ]
    assert doc.undo() == "move Druid to a2"
    assert field.team(doc, "player")[0] == {"hero": "knight", "at": [0, 1]}
    assert doc.redo() == "move Druid to a2" and field.hero_at(doc, (0, 1)) == druid
    while doc.undo():
        pass
    assert doc.data == new_level("skirmish") and not doc.dirty
    assert doc.redo() == "remove Mage from your team" and len(field.team(doc, "player")) == 2


def test_the_map_and_the_start_cells():
    doc = skirmish_doc()
    field.pick_map(doc, "pillars")  # the heroes keep their cells: two are walls on the pillars
    assert problems(doc) == [
        ("$.opponent.heroes[0].at", "9,1 is a wall on Pillars"),
        ("$.opponent.heroes[2].at", "9,6 is a wall on Pillars"),
    ]
    field.heroes_to_start_cells(doc)
    assert doc.problems == []
    assert [hero["at"] for hero in field.team(doc, "opponent")] == [[11, 2], [11, 4], [11, 6]]
    assert doc.undo() == "put the heroes on the map's start cells" and doc.undo() == "play on the map pillars"
    assert doc.data == new_level("skirmish")


def test_bad_cells_are_reported_with_their_paths():
    doc = skirmish_doc()
    field.move_hero(doc, HeroRef("player", 0), (3, 1))  # a wall of the ruins
    assert problems(doc) == [("$.player.heroes[0].at", "3,1 is a wall on Ruins")]
    assert describe_path(parse_path(doc.problems[0].path)) == "your side › heroes 1 › at"
    doc.undo()
    field.move_hero(doc, HeroRef("opponent", 0), (0, 6))  # without swap: two heroes on one tile
    assert problems(doc) == [("$.opponent.heroes[0].at", "0,6 is already taken by the hero at $.player.heroes[2]")]
    doc.undo()
    field.move_hero(doc, HeroRef("opponent", 1), (12, 3))
    assert problems(doc) == [("$.opponent.heroes[1].at", "12,3 is outside the map (Ruins is 10 wide and 8 high)")]
    doc.undo()
    field.set_hero_field(doc, HeroRef("player", 1), "health", 500)
    assert problems(doc) == [("$.player.heroes[1].health", "a Mage has at most 70 health (got 500)")]


def test_objectives_events_and_rewards():
    doc = skirmish_doc()
    reach = field.add_objective(doc, "reach")
    assert doc.get(("objectives", reach)) == {"kind": "reach", "cell": [9, 3], "within": 10} and doc.problems == []
    field.set_reach_cell(doc, reach, 1, 4)
    field.set_objective_field(doc, reach, "hero", "courier")
    assert problems(doc) == [("$.objectives[1].hero", 'no hero of the player\'s is labelled "courier"')]
    field.set_hero_field(doc, HeroRef("player", 1), "label", "courier")
    assert doc.problems == []
    field.set_objective_field(doc, reach, "required", False)
    field.set_objective_field(doc, reach, "within", None)
    assert list(doc.get(("objectives", reach))) == ["kind", "cell", "hero", "required"]
    field.set_objective_kind(doc, reach, "survive")
    assert doc.get(("objectives", reach)) == {"kind": "survive", "rounds": 6, "required": False}
    field.set_objective_field(doc, reach, "rounds", 30)
    assert problems(doc) == [
        ("$.objectives[1].rounds", "Ruins ends in a draw after round 30: use fewer than 30 rounds")
    ]
    doc.undo()
    field.set_objective_kind(doc, reach, "protect")
    assert doc.get(("objectives", reach)) == {"kind": "protect", "label": "courier", "required": False}
    first = field.add_event(doc, "round")
    second = field.add_event(doc, "died")
    assert doc.get(("events",)) == [
        {"when": {"round": 2}, "say": [{"speaker": "Practice Dummy", "text": "..."}]},
        {"when": {"died": "courier"}, "say": [{"speaker": "Practice Dummy", "text": "..."}]},
    ]
    field.set_event_when(doc, first, "died")
    field.add_event_line(doc, second)
    assert doc.get(("events", first, "when")) == {"died": "courier"} and len(doc.get(("events", second, "say"))) == 2
    assert doc.problems == []
    field.remove_event(doc, 0)
    field.remove_event(doc, 0)
    assert "events" not in doc.data
    field.set_reward(doc, "message", "The yard is yours.")
    assert doc.get(("rewards",)) == {"message": "The yard is yours."} and list(doc.data)[-1] == "rewards"
    field.set_reward(doc, "message", None)
    assert "rewards" not in doc.data and doc.problems == []


def test_the_forms_cover_each_tab():
    doc = skirmish_doc()
    assert skirmish_forms.tabs(doc) == ("Level", "Objectives", "Opponent", "Story", "Events", "Twist", "Campaign")
    for tab in skirmish_forms.tabs(doc):
        assert skirmish_forms.build(doc, tab), tab
    rows = skirmish_forms.build(doc, "Objectives")
    next(row for row in rows if row.label == "+ reach").action()
    labels = [row.label for row in skirmish_forms.build(doc, "Objectives")]
    assert labels[5:12] == ["Objective 2", "Kind", "Cell column", "Cell row", "Which hero", "Within rounds", "Required"]
    level = skirmish_forms.build(doc, "Level")
    map_row = next(row for row in level if row.label == "Map")
    assert map_row.choices == ("corridors", "pillars", "ruins", "(custom)")  # "(custom)": the map written in the level
    hero = skirmish_forms.hero_rows(doc, HeroRef("opponent", 2), lambda: None)
    assert [row.label for row in hero] == [
        "Ranger at j7",
        "in the opponent's team",
        "Class",
        "Label",
        "Name",
        "Health",
    ]
    assert hero[-1].default == 80 and hero[-1].high == 80


# ---------------------------------------------------------------------------------- the shipped files


def test_the_shipped_skirmish_levels_are_there():
    assert [path.stem for path in SKIRMISH_LEVELS] == [
        "s1_first_muster",
        "s2_hold_the_gate",
        "s3_the_courier",
        "s4_brennas_champions",
        "s5_slow_them_down",
    ]


@pytest.mark.parametrize("path", SKIRMISH_LEVELS, ids=lambda p: p.stem)
def test_a_hero_moved_changes_its_line_only_and_undo_restores_the_file(path: Path):
    data, original = io.load(path)
    doc = Document(data, path, original)
    assert doc.problems == [] and doc.text() == path.read_text(encoding="utf-8")
    second = HeroRef("player", 1)
    x, y = doc.get(second.path() + ("at",))
    health = doc.get(HeroRef("opponent", 0).path() + ("health",))  # a level may start it wounded
    field.move_hero(doc, second, (x + 1, y))
    field.set_hero_field(doc, HeroRef("opponent", 0), "health", 40)
    lines = path.read_text(encoding="utf-8").splitlines()
    changed = [
        line
        for line in difflib.unified_diff(lines, doc.text().splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]
    assert len(changed) == 4, changed  # two lines out, two in: the teams keep their layout
    assert f'"at": [{x + 1}, {y}]' in changed[1] and '"health": 40' in changed[3]
    assert json.loads(doc.text()) == doc.data
    field.set_hero_field(doc, HeroRef("opponent", 0), "health", health)
    edits.set_value(doc, ("opponent", "ai"), "hard" if doc.get(("opponent", "ai")) != "hard" else "easy")
    assert (
        sum(
            1
            for line in difflib.unified_diff(lines, doc.text().splitlines(), lineterm="", n=0)
            if line.startswith("+") and not line.startswith("+++")
        )
        == 2
    )
    while doc.undo():
        pass
    assert not doc.dirty and doc.text() == path.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------- in the window


def open_editor(app, level_id: str):
    app.push("title")
    app.push("workshop", path=str(level_path(level_id)))
    step(app, 2)
    assert app.top.name == "workshop_editor" and app.top.doc.kind == "skirmish"
    return app.top


def test_skirmish_editor_screens(app, tmp_path):
    editor = open_editor(app, "s1_first_muster")
    doc = editor.doc
    brenna = HeroRef("player", 0)
    move(app, skirmish_canvas.token_centre(doc, brenna))
    shoot(app, tmp_path, "skirmish")
    click(app, skirmish_canvas.token_centre(doc, brenna))
    assert editor.selected == brenna and editor.rows.rows[0].label == "Captain Brenna (knight) at b3"
    shoot(app, tmp_path, "skirmish-selected")
    shape = skirmish_canvas.layout(doc)
    drag(app, skirmish_canvas.token_centre(doc, HeroRef("player", 1)), shape.cell_rect((2, 1)).center)
    assert problems(doc) == [("$.player.heroes[1].at", "2,1 is a wall on Ruins")]
    step(app)
    shoot(app, tmp_path, "skirmish-problem")
    click(app, editor.problems.entries[0][0].center)  # the problem selects the hero it is about
    assert editor.selected == HeroRef("player", 1)
    ctrl(app, pygame.K_z)
    assert doc.problems == [] and not doc.dirty
    press_key(app, pygame.K_ESCAPE)
    click(app, next(rect for rect, name in editor.tab_rects() if name == "Events").center)
    shoot(app, tmp_path, "skirmish-events")


def test_build_a_skirmish_level_save_play_and_simulate(app, tmp_path):
    app.push("title")
    step(app, 2)
    click(app, app.top.menu.find("Workshop").rect.center)
    click(app, app.top.menu.find("New skirmish level").rect.center)
    editor = app.top
    doc = editor.doc
    assert editor.name == "workshop_editor" and doc.kind == "skirmish" and doc.problems == []
    shoot(app, tmp_path, "skirmish-new")
    shape = skirmish_canvas.layout(doc)

    # The mage makes way for a druid, added from the palette (key 8) on a free tile.
    click(app, skirmish_canvas.token_centre(doc, HeroRef("player", 1)))
    press_key(app, pygame.K_DELETE)
    assert [hero["hero"] for hero in field.team(doc, "player")] == ["knight", "cleric"]
    press_key(app, pygame.K_8)
    assert editor.field.hero_class == "druid"
    click(app, shape.cell_rect((1, 4)).center)
    assert field.team(doc, "player")[2] == {"hero": "druid", "at": [1, 4]} and editor.selected == HeroRef("player", 2)
    # A fourth hero is refused with a sentence; the opponent's team is picked on the palette.
    click(app, shape.cell_rect((2, 4)).center)
    assert len(field.team(doc, "player")) == 3 and "already has 3 heroes" in editor.notice
    click(app, skirmish_canvas.TEAM_BUTTONS["opponent"].center)
    click(app, skirmish_canvas.token_centre(doc, HeroRef("opponent", 2)), button=3)  # right click removes
    click(app, shape.cell_rect((8, 4)).center)
    assert field.team(doc, "opponent")[2] == {"hero": "druid", "at": [8, 4]}
    press_key(app, pygame.K_ESCAPE)  # deselect
    press_key(app, pygame.K_ESCAPE)  # stop adding
    assert editor.selected is None and editor.field.hero_class is None
    # The knight dragged forward and labelled in the inspector; then protected by an objective.
    drag(app, skirmish_canvas.token_centre(doc, HeroRef("player", 0)), shape.cell_rect((2, 2)).center)
    assert field.team(doc, "player")[0] == {"hero": "knight", "at": [2, 2]}
    click(app, skirmish_canvas.token_centre(doc, HeroRef("player", 0)))
    click(app, row_centre(editor, "Label"))
    type_text(app, "captain")
    press_key(app, pygame.K_RETURN)
    assert field.team(doc, "player")[0] == {"hero": "knight", "at": [2, 2], "label": "captain"}
    press_key(app, pygame.K_ESCAPE)
    click(app, next(rect for rect, name in editor.tab_rects() if name == "Objectives").center)
    click(app, row_centre(editor, "+ protect"))
    assert doc.get(("objectives", 1)) == {"kind": "protect", "label": "captain"}
    click(app, row_centre(editor, "Required", nth=1))
    click(app, next(rect for rect, name in editor.tab_rects() if name == "Events").center)
    click(app, row_centre(editor, "+ event at a round"))
    assert doc.get(("events", 0, "when")) == {"round": 2}
    assert doc.problems == []

    # Test play opens the skirmish itself; its menu comes back to the editor as it was.
    before = json.loads(json.dumps(doc.data))
    press_key(app, pygame.K_F6)
    assert app.top.name == "skirmish"
    press_key(app, pygame.K_ESCAPE)
    click(app, app.top.menu.find("Quit to workshop").rect.center)
    assert app.top is editor and doc.data == before

    # Saved, and the loader accepts the file.
    ctrl(app, pygame.K_s)
    prompt = app.top
    for _ in range(len(prompt.text)):
        press_key(app, pygame.K_BACKSPACE)
    path = tmp_path / "captains_muster.json"
    type_text(app, str(path))
    press_key(app, pygame.K_RETURN)
    # Saved outside levels/, its $schema leads from its own folder to the level schema.
    schema = Path(os.path.relpath(levels_dir() / "schema" / "level.schema.json", tmp_path)).as_posix()
    assert app.top is editor and not doc.dirty and json.loads(path.read_text()) == {**before, "$schema": schema}
    level = load_level(path)
    assert level.kind == "skirmish" and [h.hero for h in level.player.heroes] == ["knight", "cleric", "druid"]
    assert [o.kind for o in level.objectives] == ["defeat_all", "protect"] and not level.objectives[1].required

    # Simulate runs levels simulate on it in the background and shows the rounds taken.
    press_key(app, pygame.K_F7)
    assert app.top.name == "workshop_simulate"
    press_key(app, pygame.K_RETURN)  # Start, from the set-up
    sim = editor.sim_strip.sim
    run_until(app, lambda: not sim.running, timeout=120)
    assert not sim.error, sim.error
    assert sim.report["kind"] == "skirmish" and "rounds" in sim.report
    click(app, editor.sim_strip.results.rect.center)
    assert app.top.name == "workshop_simulate"
    step(app, 2)
    shoot(app, tmp_path, "skirmish-simulate")
    press_key(app, pygame.K_ESCAPE)
    assert app.top is editor
