"""The shipped skirmish data, its exported JSON Schema, and the loader's error messages."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.rules.skirmish.data import SCHEMAS, DataError, data_dir, load_roster, schema_path, schema_text
from tests.skirmish.helpers import SHIPPED


def test_shipped_data_is_big_enough():
    assert len(SHIPPED.classes) >= 8
    assert len(SHIPPED.abilities) >= 24
    used = {a.id for c in SHIPPED.classes.values() for a in c.abilities}
    assert used == set(SHIPPED.abilities), "every ability belongs to some class"
    verbs = {e.verb for a in SHIPPED.abilities.values() for e in a.effects}
    statuses = {e.status for a in SHIPPED.abilities.values() for e in a.effects if e.status}
    shapes = {a.shape for a in SHIPPED.abilities.values()}
    assert len(verbs) == 8 and len(shapes) == 4 and len(statuses) >= 12


def test_shipped_maps_are_mirror_fair():
    assert len(SHIPPED.arenas) >= 3
    for arena in SHIPPED.arenas.values():
        w = arena.width
        assert {(w - 1 - x, y) for x, y in arena.walls} == arena.walls, arena.id
        assert tuple((w - 1 - x, y) for x, y in arena.spawns[0]) == arena.spawns[1], arena.id


def test_exported_schemas_are_up_to_date():
    for name in SCHEMAS:
        assert schema_path(name).read_text(encoding="utf-8") == schema_text(name), (
            f"{schema_path(name)} is stale: run `main.py skirmish validate --write-schema`"
        )


@pytest.fixture
def folder(tmp_path) -> Path:
    copy = tmp_path / "skirmish"
    shutil.copytree(data_dir(), copy)
    return copy


def edit(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def problems(folder: Path) -> list[str]:
    with pytest.raises(DataError) as error:
        load_roster(folder)
    return error.value.problems


def test_a_misspelled_ability_names_file_hero_path_and_a_guess(folder):
    edit(folder / "heroes.json", lambda d: d["heroes"][0]["abilities"].__setitem__(1, "shield_bsh"))
    [message] = problems(folder)
    assert message == (
        f"{folder / 'heroes.json'}: hero 'knight' (Knight): abilities.1: no ability 'shield_bsh'; "
        "did you mean 'shield_bash'?"
    )


def test_unknown_fields_and_inconsistent_effects_are_reported_each(folder):
    def change(d):
        d["abilities"][0]["effects"][0]["colour"] = "red"
        d["abilities"][2]["effects"].append({"verb": "heal"})

    edit(folder / "abilities.json", change)
    found = problems(folder)
    assert len(found) == 2
    assert found[0].endswith("ability 'strike' (Strike): effects.0.colour: Extra inputs are not permitted")
    assert found[1].endswith("ability 'shield_bash' (Shield Bash): effects.2: heal needs power [low, high]")


def test_map_errors(folder):
    edit(folder / "maps" / "ruins.json", lambda d: d["rows"].__setitem__(2, ".#.."))
    edit(folder / "maps" / "pillars.json", lambda d: d["spawns"][0].__setitem__(0, [2, 1]))
    found = problems(folder)
    assert found == [
        f"{folder / 'maps' / 'pillars.json'}: spawns: the player's team's first start cell 2,1 is a wall",
        f"{folder / 'maps' / 'ruins.json'}: rows: row 3 is 4 cells long, row 1 is 10: every row needs the same length",
    ]


def test_invalid_json_gives_line_and_column(folder):
    (folder / "heroes.json").write_text('{"version": 1,\n "heroes": [}')
    [message] = problems(folder)
    assert message.startswith(f"{folder / 'heroes.json'}:2:")
