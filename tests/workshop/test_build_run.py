"""The workshop's scripted build run (#32's "Done when"): a designer builds a NEW skirmish level
in the window with the mouse and the keys alone (a painted map: walls, embers and both teams'
start cells; heroes placed; an event from the builder; the opponent's portrait picked from the
portrait grid), saves it through the file dialog into a new folder, and then the real commands
take the file: `duelmind levels validate` accepts it, `duelmind levels simulate` plays it to its
end headless, and `duelmind play FILE`'s own opening (`launch.open_level`) starts it in the client.

Screenshots of each step go to DUELMIND_SHOTS when it is set (tests/workshop/helpers.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.client.scenes.workshop_files import NAME_RECT
from game.client.workshop import skirmish_canvas
from game.workshop import event_edits
from game.workshop.kinds import editor_kind
from tests.client.driver import click, drag, run_until, step
from tests.workshop.helpers import ctrl, press_key, row_centre, shoot, type_text

ROOT = Path(__file__).resolve().parents[2]


def tab(editor, name: str) -> tuple[int, int]:
    return next(rect for rect, label in editor.tab_rects() if label == name).center


def clear_and_type(app, editor, label: str, text: str) -> None:
    click(app, row_centre(editor, label))
    assert editor.rows.editing is not None
    for _ in range(60):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, text)
    press_key(app, pygame.K_RETURN)


def duelmind(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, DUELMIND_HOME=str(home))
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )


def test_a_designer_builds_a_skirmish_level_saves_it_and_the_commands_play_it(app, tmp_path):
    # 1. A new skirmish level from the workshop's front page.
    app.push("title")
    app.push("workshop")
    step(app)
    click(app, app.top.menu.find(editor_kind("skirmish").new_level_label).rect.center)
    editor = app.top
    doc = editor.doc
    assert editor.name == "workshop_editor" and doc.kind == "skirmish" and doc.path is None
    clear_and_type(app, editor, "Id", "s9_ember_gate")
    clear_and_type(app, editor, "Title", "The Ember Gate")
    assert (doc.get(("id",)), doc.get(("title",))) == ("s9_ember_gate", "The Ember Gate")
    shoot(app, tmp_path, "build-1-new")

    # 2. The map: a wall across the middle with a gap, embers before it, both teams' starts.
    click(app, skirmish_canvas.PAINT.center)
    assert editor.field.painting
    shape = skirmish_canvas.layout(doc)
    drag(app, shape.cell_rect((5, 0)).center, shape.cell_rect((5, 2)).center)  # the wall brush is out first
    assert doc.undo_stack[-1].label == "paint 3 walls"
    press_key(app, pygame.K_3)
    drag(app, shape.cell_rect((4, 5)).center, shape.cell_rect((6, 5)).center)
    assert doc.undo_stack[-1].label == "paint 3 embers cells"
    press_key(app, pygame.K_4)
    for cell in ((1, 1), (1, 3), (1, 6)):
        click(app, shape.cell_rect(cell).center)
    press_key(app, pygame.K_5)
    for cell in ((8, 1), (8, 3), (8, 6)):
        click(app, shape.cell_rect(cell).center)
    painted = doc.get(("map",))
    assert painted["rows"] == [
        ".....#....",
        "...#.##...",
        ".#...#..#.",
        "....##....",
        "....##....",
        ".#..~~~.#.",
        "...#..#...",
        "..........",
    ]
    assert painted["spawns"] == [[[1, 1], [1, 3], [1, 6]], [[8, 1], [8, 3], [8, 6]]]
    shoot(app, tmp_path, "build-2-painted")
    press_key(app, pygame.K_ESCAPE)  # the painter goes; the heroes' palette is back
    assert not editor.field.painting and app.top is editor
    clear_and_type(app, editor, "Map name", "Ember Gate")  # the painted copy of Ruins gets its own name
    painted = doc.get(("map",))
    assert painted["name"] == "Ember Gate"

    # 3. Heroes: everyone to the new start cells (one button), then the cleric gives way to a druid.
    click(app, row_centre(editor, "Heroes to the map's start cells"))
    at = [hero["at"] for hero in doc.get(("player", "heroes"))] + [h["at"] for h in doc.get(("opponent", "heroes"))]
    assert at == [[1, 1], [1, 3], [1, 6], [8, 1], [8, 3], [8, 6]]
    shape = skirmish_canvas.layout(doc)
    click(app, shape.cell_rect((1, 6)).center, button=3)  # the cleric goes
    assert [hero["hero"] for hero in doc.get(("player", "heroes"))] == ["knight", "mage"]
    press_key(app, pygame.K_8)  # the palette's eighth class: the druid
    click(app, shape.cell_rect((2, 6)).center)
    assert doc.get(("player", "heroes", 2)) == {"hero": "druid", "at": [2, 6]}
    press_key(app, pygame.K_ESCAPE)  # the new druid is deselected...
    press_key(app, pygame.K_ESCAPE)  # ...then the palette stops adding
    assert editor.selected is None and editor.field.hero_class is None and app.top is editor
    shoot(app, tmp_path, "build-3-heroes")

    # 4. An event from the builder: at round 2 the opponent says a line.
    click(app, tab(editor, "Events"))
    click(app, row_centre(editor, "+ event at a round"))
    assert event_edits.open_index(doc) == 0
    clear_and_type(app, editor, "Text", "The gate burns. Cross it if you dare.")
    assert doc.get(("events",)) == [
        {"when": {"round": 2}, "say": [{"speaker": "Practice Dummy", "text": "The gate burns. Cross it if you dare."}]}
    ]
    shoot(app, tmp_path, "build-4-event")

    # 5. The opponent's portrait from the grid, clicked.
    click(app, tab(editor, "Opponent"))
    click(app, row_centre(editor, "Portrait"))
    grid = editor.rows.menu
    assert grid is not None and grid.chosen() == "dummy"
    faces = [value for value, _ in grid.options]
    pick = faces.index("brenna")
    shoot(app, tmp_path, "build-5-portraits")
    click(app, grid.item_rect(pick).center)
    assert editor.rows.menu is None and doc.get(("opponent", "portrait")) == "brenna"
    assert doc.problems == []

    # 6. Save through the file dialog (Ctrl+S on a new level asks where), into a new folder.
    folder = tmp_path / "my levels"
    folder.mkdir()
    ctrl(app, pygame.K_s)
    dialog = app.top
    assert dialog.name == "workshop_files" and dialog.mode == "save"
    click(app, (dialog.up_button.rect.right + 60, dialog.up_button.rect.centery))
    for _ in range(len(dialog.path_text)):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, str(folder))
    press_key(app, pygame.K_RETURN)
    assert dialog.folder == folder.resolve()
    assert dialog.file_name == "s9_ember_gate.json"
    click(app, NAME_RECT.center)  # the name box: the level's id is offered; Enter saves
    shoot(app, tmp_path, "build-6-save-dialog")
    press_key(app, pygame.K_RETURN)
    saved = folder / "s9_ember_gate.json"
    assert app.top is editor and editor.doc.path == saved and not doc.dirty
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["map"] == painted and data["opponent"]["portrait"] == "brenna"
    assert data["events"][0]["when"] == {"round": 2}
    shoot(app, tmp_path, "build-7-saved")

    # 7. The real commands take the file.
    home = tmp_path / "cli-home"
    checked = duelmind("levels", "validate", str(saved), home=home)
    assert (checked.returncode, checked.stdout) == (0, "ok: 1 file(s)\n"), checked.stderr
    played = duelmind(
        "levels",
        "simulate",
        str(saved),
        "--games",
        "1",
        "--player",
        "easy",
        "--budget-ms",
        "5",
        "--json",
        "--no-progress",
        home=home,
    )
    assert played.returncode == 0, played.stdout + played.stderr
    report = json.loads(played.stdout)
    assert (report["level"], report["kind"], report["games"]) == ("s9_ember_gate", "skirmish", 1)
    assert report["wins"] in (0, 1) and report["rounds"]["p50"] >= 2  # played to its end, past the event's round

    # 8. `duelmind play FILE` opens it the way the client does: the skirmish on the painted map.
    from game.client.launch import open_level

    open_level(app, str(saved), home=app.top)
    run_until(app, lambda: app.top.name == "skirmish", timeout=20)
    step(app, 3)
    shoot(app, tmp_path, "build-8-playing")
