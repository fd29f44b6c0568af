"""The skirmish map painter (#32): a stroke is one undoable edit named in words, painting a named
map copies it into the level first (one undo gives the name back), start cells, the grid resized
keeping what fits, "save map as" writing a map file that loads and a level on it that plays, and
in the window: a stroke painted with the mouse and undone, and the sight preview lit exactly as
the game's line of sight says."""

from __future__ import annotations

import json
import shutil

import pygame
import pytest

from ai.levels.opponents import make_opponent, make_player
from game.client.workshop import map_tools, skirmish_canvas
from game.rules.levels import LevelSession
from game.rules.levels.loader import level_path, parse_level
from game.rules.levels.skirmish_checks import forget_roster
from game.rules.skirmish import data as skirmish_data
from game.rules.skirmish.data import load_roster
from game.rules.skirmish.grid import Grid
from game.workshop import map_edits, skirmish_field as field
from game.workshop.model import Document
from game.workshop.templates import new_level
from tests.client.driver import click, drag, move, step
from tests.workshop.helpers import ctrl, press_key

RUINS = [
    "..........",
    "...#..#...",
    ".#......#.",
    "....##....",
    "....##....",
    ".#......#.",
    "...#..#...",
    "..........",
]


def skirmish_doc() -> Document:
    return Document(new_level("skirmish"))  # on "ruins"; heroes at a2, a5, a7 and j2, j5, j7


def problems(doc: Document) -> list[tuple[str, str]]:
    return [(problem.path, problem.message) for problem in doc.problems]


def test_a_stroke_on_a_named_map_copies_it_in_and_undoes_in_one_step():
    doc = skirmish_doc()
    assert map_edits.paint(doc, [(2, 0), (2, 1), (3, 1), (2, 2)], "wall") == 3  # (3,1) is a wall already
    assert doc.undo_stack[-1].label == "paint 3 walls"
    assert doc.get(("map", "name")) == "Ruins"
    assert doc.get(("map", "rows"))[:3] == ["..#.......", "..##..#...", ".##.....#."]
    assert doc.get(("map", "rows"))[3:] == RUINS[3:]
    assert map_edits.map_choice(doc) == map_edits.CUSTOM
    assert problems(doc) == []
    assert doc.undo() == "paint 3 walls"
    assert doc.get(("map",)) == "ruins" and not doc.dirty
    assert doc.redo() == "paint 3 walls"
    assert doc.get(("map", "rows"))[1] == "..##..#..."
    assert map_edits.paint(doc, [(2, 0)], "wall") == 0 and len(doc.undo_stack) == 1  # nothing changed: no edit
    assert map_edits.paint(doc, [(0, 7), (1, 7)], "embers") == 2
    assert doc.undo_stack[-1].label == "paint 2 embers cells"
    assert doc.get(("map", "rows"))[7] == "~~........"


def test_a_hero_on_a_cell_painted_to_wall_is_a_problem():
    doc = skirmish_doc()
    map_edits.paint(doc, [(0, 4)], "wall")  # the mage's cell, also a start cell of the map: both said at once
    assert problems(doc) == [
        ("$.map.spawns", "the player's team's second start cell 0,4 is a wall"),
        ("$.player.heroes[1].at", "0,4 is a wall on Ruins"),
    ]
    map_edits.paint(doc, [(0, 3), (1, 3), (0, 4)], "player start")  # (0,4) is floor again under a start
    # Each new start cell pushes out the oldest: a2 for a4, a5 for b4, a7 for a5 (a start again).
    assert doc.undo_stack[-1].label == "set 3 of your team's start cells"
    assert doc.get(("map", "spawns"))[0] == [[0, 3], [1, 3], [0, 4]]
    assert doc.get(("map", "rows"))[4] == "....##...."
    map_edits.paint(doc, [(0, 6)], "wall")  # the cleric's cell, no longer a start cell
    assert problems(doc) == [("$.player.heroes[2].at", "0,6 is a wall on Ruins")]


def test_resize_keeps_what_fits():
    doc = skirmish_doc()
    map_edits.resize(doc, 6, 5)
    assert doc.undo_stack[-1].label == "resize the map to 6 x 5"
    assert doc.get(("map", "rows")) == [row[:6] for row in RUINS[:5]]
    assert ("$.map.spawns", "the player's team's third start cell 0,6 is off the map (6 wide, 5 high)") in problems(doc)
    map_edits.resize(doc, 10, 8)
    assert doc.get(("map", "rows")) == [row[:6] + "...." for row in RUINS[:5]] + [".........."] * 3
    map_edits.resize(doc, 40, 2)  # held to the game's bounds: 24 wide, 4 high at least
    assert len(doc.get(("map", "rows"))) == 4 and len(doc.get(("map", "rows"))[0]) == 24


@pytest.fixture
def maps_copy(tmp_path, monkeypatch):
    """levels/skirmish copied aside: a saved map goes there, not into the shipped folder."""
    folder = tmp_path / "skirmish"
    shutil.copytree(skirmish_data.data_dir(), folder)
    monkeypatch.setattr(skirmish_data, "data_dir", lambda: folder)
    forget_roster()
    yield folder
    forget_roster()


def test_save_map_as_writes_a_map_file_and_the_level_plays_on_it(maps_copy):
    doc = skirmish_doc()
    map_edits.start_from(doc, "pillars")
    assert doc.undo_stack[-1].label == "start the map from a copy of Pillars"
    map_edits.resize(doc, 12, 7)
    field.heroes_to_start_cells(doc)
    map_edits.paint(doc, [(5, 6), (6, 6)], "embers")
    map_edits.set_map_field(doc, "name", "Ash Pit")
    map_edits.set_map_field(doc, "hazard_damage", 4)
    painted = doc.get(("map",))
    path = map_edits.save_map_as(doc, "ash_pit")
    assert path == maps_copy / "maps" / "ash_pit.json"
    assert doc.get(("map",)) == "ash_pit" and doc.undo_stack[-1].label == "play on the saved map ash_pit"
    assert json.loads(path.read_text(encoding="utf-8")) == {"version": 1, "id": "ash_pit", **painted}
    arena = load_roster(maps_copy).arenas["ash_pit"]
    assert (arena.name, arena.width, arena.height, arena.hazards, arena.hazard_damage) == (
        "Ash Pit",
        12,
        7,
        {(5, 6), (6, 6)},
        4,
    )
    with pytest.raises(FileExistsError):
        map_edits.save_map_as(Document(new_level("skirmish") | {"map": painted}), "ash_pit")
    # The level on the saved map: it validates, and plays to its end headless.
    assert problems(doc) == []
    level, found = parse_level(doc.data, "t.json")
    assert found == [] and level is not None
    session = LevelSession.create(level, 2)
    session.start()
    assert session.state.arena.name == "Ash Pit"
    me, rival = make_player(session, "easy", 2), make_opponent(session)
    while not session.over:
        session.run_turn(me if session.is_player_turn else rival, 5)
    assert session.result is not None


def test_save_map_as_refuses_a_broken_map(maps_copy):
    doc = skirmish_doc()
    map_edits.paint(doc, [(0, 1)], "wall")
    with pytest.raises(ValueError, match="^the map cannot be saved yet: spawns: the player's team's first start"):
        map_edits.save_map_as(doc, "broken")
    assert not (maps_copy / "maps" / "broken.json").exists()


# ---------------------------------------------------------------------------------- in the window


def open_editor(app):
    app.push("title")
    app.push("workshop", path=str(level_path("s4_brennas_champions")))  # a level on a named map
    step(app, 2)
    editor = app.top
    assert editor.name == "workshop_editor" and editor.doc.get(("map",)) == "ruins"
    click(app, skirmish_canvas.PAINT.center)
    assert editor.field.painting
    return editor


def test_paint_a_stroke_with_the_mouse_and_undo_it(app):
    editor = open_editor(app)
    doc = editor.doc
    shape = skirmish_canvas.layout(doc)
    drag(app, shape.cell_rect((2, 0)).center, shape.cell_rect((5, 0)).center)  # the wall brush is out first
    assert doc.undo_stack[-1].label == "paint 4 walls"
    assert doc.get(("map", "rows"))[0] == "..####...."
    ctrl(app, pygame.K_z)
    assert doc.get(("map",)) == "ruins" and not doc.dirty
    press_key(app, pygame.K_ESCAPE)  # the painter goes away; the editor stays
    assert not editor.field.painting and app.top is editor


def test_the_sight_preview_lights_what_the_grid_sees(app):
    editor = open_editor(app)
    press_key(app, pygame.K_6)
    assert editor.field.painter.tool == map_tools.SIGHT
    shape = skirmish_canvas.layout(editor.doc)
    origin = (2, 3)
    move(app, shape.cell_rect(origin).center)
    step(app)
    grid = Grid(shape.arena)
    expected = {cell for cell in grid.cells if grid.los(origin, cell)}
    assert editor.field.painter.seen(shape.arena, origin)[1] == expected
    frame = app.canvas.copy()  # the frame as drawn, before any scaling to the window

    def brightness(cell):
        rect = shape.cell_rect(cell).inflate(-8, -8)
        colour = pygame.transform.average_color(frame, rect)
        return sum(colour[:3])

    heroes = {field.cell_of(entry) for _, entry in field.every_hero(editor.doc)}  # tokens cover their tiles
    judged = grid.cells - heroes - {origin}
    lit = {cell for cell in judged if brightness(cell) > 200}
    assert lit == expected & judged
    assert len(lit) > 10 and len(judged - lit) > 10  # both kinds of tile were judged


def test_the_level_tabs_map_row_offers_the_maps_and_the_levels_own():
    doc = skirmish_doc()
    [row] = map_edits.map_rows(doc)
    assert row.choices == ("corridors", "pillars", "ruins", map_edits.CUSTOM)
    assert row.extra["value"] == "ruins" and row.names[map_edits.CUSTOM] == "custom (in this level)"
    row.setter(map_edits.CUSTOM)
    assert doc.undo_stack[-1].label == "copy the map Ruins into the level"
    assert doc.get(("map", "rows")) == RUINS
    rows = map_edits.map_rows(doc)
    assert [r.label for r in rows] == [
        "Map",
        "Map name",
        "Embers damage",
        "Round limit",
        "Storm from round",
        "Storm damage",
    ]
    assert rows[0].extra["value"] == map_edits.CUSTOM
    rows[2].setter(5)
    assert doc.get(("map", "hazard_damage")) == 5 and doc.undo_stack[-1].label == "set the map's hazard damage"
    rows[0].setter("pillars")
    assert doc.get(("map",)) == "pillars"


def test_a_map_painted_with_the_mouse_validates_and_plays_from_its_file(app, tmp_path):
    editor = open_editor(app)
    doc = editor.doc
    shape = skirmish_canvas.layout(doc)
    press_key(app, pygame.K_3)  # embers
    drag(app, shape.cell_rect((4, 0)).center, shape.cell_rect((4, 2)).center)
    assert doc.undo_stack[-1].label == "paint 3 embers cells"
    path = tmp_path / "s9_embers.json"
    text = doc.text().replace('"id": "s4_brennas_champions"', '"id": "s9_embers"')
    path.write_text(text, encoding="utf-8")
    from game.rules.levels.loader import load_level, validate_paths

    assert validate_paths([path]) == ([], 1)
    level = load_level(path)
    assert level.map.arena("x").hazards == {(4, 0), (4, 1), (4, 2)}
    session = LevelSession.create(level, 1)
    session.start()
    me, rival = make_player(session, "easy", 1), make_opponent(session)
    while not session.over:
        session.run_turn(me if session.is_player_turn else rival, 5)
    assert session.result is not None
