"""Inline maps (#32): a skirmish level's `map` may be a map written in the level instead of a map
file's name. It is validated like a map file, with problems naming its fields; the level's heroes
are checked against it; a session plays on it."""

from __future__ import annotations

import json

from ai.levels.opponents import make_opponent, make_player
from game.rules.levels import LevelSession
from game.rules.levels.checks import check_level
from game.rules.levels.loader import parse_level
from game.rules.levels.model import LEVEL_ADAPTER
from tests.levels.helpers import merge
from tests.levels.test_skirmish_levels import BASE

ASH_PIT = {
    "name": "Ash Pit",
    "rows": [
        "......",
        ".#~~#.",
        "......",
        "......",
    ],
    "spawns": [[[0, 0], [0, 2], [0, 3]], [[5, 0], [5, 2], [5, 3]]],
    "round_limit": 12,
    "hazard_damage": 3,
}
HEROES = {
    "player": {
        "heroes": [{"hero": "knight", "at": [0, 0]}, {"hero": "mage", "at": [0, 2]}, {"hero": "cleric", "at": [0, 3]}]
    },
    "opponent": {
        "ai": "easy",
        "budget_ms": 5,
        "heroes": [
            {"hero": "berserker", "at": [5, 0]},
            {"hero": "rogue", "at": [5, 2]},
            {"hero": "ranger", "at": [5, 3]},
        ],
    },
}


def level_with(map_value, **changes):
    return merge(merge(BASE, HEROES), {"map": map_value, **changes})


def problems(raw) -> list[str]:
    level, found = parse_level(raw, "t.json")
    if level is not None:
        found = check_level(level, "t.json")
    return [f"{p.path}: {p.message}" for p in found]


def test_an_inline_map_validates_and_builds_its_arena():
    assert problems(level_with(ASH_PIT)) == []
    level = LEVEL_ADAPTER.validate_python(level_with(ASH_PIT))
    session = LevelSession.create(level, 0)
    arena = session.state.arena
    assert (arena.name, arena.width, arena.height) == ("Ash Pit", 6, 4)
    assert arena.walls == {(1, 1), (4, 1)}
    assert arena.hazards == {(2, 1), (3, 1)}
    assert arena.hazard_damage == 3


def test_a_broken_inline_map_names_its_fields():
    rows = dict(ASH_PIT, rows=["......", ".#~~#", "......", "..x..."])
    assert problems(level_with(rows)) == [
        "$.map.rows: row 2 is 5 cells long, row 1 is 6: every row needs the same length"
    ]
    stray = dict(ASH_PIT, rows=["......", ".#~~#.", "......", "..x..."])
    assert problems(level_with(stray)) == [
        "$.map.rows: row 4 holds 'x' at column 3: use '.' floor, '#' wall or '~' embers"
    ]
    on_wall = dict(ASH_PIT, spawns=[[[0, 0], [1, 1], [0, 3]], [[5, 0], [5, 2], [5, 3]]])
    assert problems(level_with(on_wall)) == ["$.map.spawns: the player's team's second start cell 1,1 is a wall"]
    off_map = dict(ASH_PIT, spawns=[[[0, 0], [0, 2], [0, 3]], [[5, 0], [5, 2], [6, 3]]])
    assert problems(level_with(off_map)) == [
        "$.map.spawns: the opponent's team's third start cell 6,3 is off the map (6 wide, 4 high)"
    ]
    two = dict(ASH_PIT, spawns=[[[0, 0], [0, 2]], [[5, 0], [5, 2], [5, 3]]])
    assert problems(level_with(two)) == ["$.map.spawns: the player's team needs exactly 3 start cells (found 2)"]


def test_heroes_are_checked_against_the_inline_map():
    raw = level_with(ASH_PIT)
    raw["player"]["heroes"][1]["at"] = [4, 1]
    raw["opponent"]["heroes"][2]["at"] = [6, 3]
    assert problems(raw) == [
        "$.player.heroes[1].at: 4,1 is a wall on Ash Pit",
        "$.opponent.heroes[2].at: 6,3 is outside the map (Ash Pit is 6 wide and 4 high)",
    ]


def test_a_level_on_an_inline_map_plays_to_its_end_headless():
    level = LEVEL_ADAPTER.validate_python(level_with(ASH_PIT))
    session = LevelSession.create(level, 3)
    session.start()
    me, rival = make_player(session, "easy", 3), make_opponent(session)
    while not session.over:
        session.run_turn(me if session.is_player_turn else rival, 5)
    assert session.result is not None
    assert 1 <= session.state.round <= 12


def test_a_save_on_an_inline_map_replays_exactly_with_its_burns():
    # The mage starts on embers (3 damage at its turn start): the replayed save burns it the same.
    raw = level_with(dict(ASH_PIT, spawns=[[[0, 0], [2, 1], [0, 3]], [[5, 0], [5, 2], [5, 3]]]))
    raw["player"]["heroes"][1]["at"] = [2, 1]
    level = LEVEL_ADAPTER.validate_python(raw)
    session = LevelSession.create(level, 5)
    session.start()
    me, rival = make_player(session, "easy", 5), make_opponent(session)
    for _ in range(4):
        session.run_turn(me if session.is_player_turn else rival, 5)
    data = json.loads(json.dumps(session.save_data()))
    twin = LevelSession.resume(level, data)
    assert [(h.cell, h.health) for h in twin.state.heroes] == [(h.cell, h.health) for h in session.state.heroes]
    assert twin.state.arena.hazards == {(2, 1), (3, 1)}


def test_a_large_painted_map_computes_sight_when_asked():
    # 24 x 20 is 480 cells (115,000 pairs, seconds): its pairs are computed as asked, not at once.
    from game.rules.skirmish.data import InlineMap
    from game.rules.skirmish.grid import Grid

    rows = ["." * 24] * 10 + ["." * 12 + "#" + "." * 11] + ["." * 24] * 9
    spawns = [[[0, 0], [0, 1], [0, 2]], [[23, 0], [23, 1], [23, 2]]]
    grid = Grid(InlineMap(rows=rows, spawns=spawns).arena("big"))
    assert grid._los == {}
    assert not grid.los((0, 10), (23, 10)) and grid.los((0, 0), (23, 0))
    assert len(grid._los) == 2
    small = Grid(InlineMap(**{k: v for k, v in ASH_PIT.items() if k != "hazard_damage"}).arena("small"))
    assert len(small._los) == 22 * 23 // 2  # 22 floor cells (embers are floor): every pair, itself included
