"""A skirmish level's map as the workshop sees it: a map file's arena by name, or the level's own
map (an inline `map` object) built however broken it is, so that the field can draw and paint it
while the problems say what is wrong. Apart from `map_edits` (the painting) so that
`skirmish_field` can ask for the level's arena without importing the painter. Pure: no pygame.
"""

from __future__ import annotations

from game.rules.levels.skirmish_checks import INLINE_MAP_ID, skirmish_roster
from game.rules.skirmish.data import DataError, HAZARD, MAX_HEIGHT, MAX_WIDTH, WALL
from game.rules.skirmish.model import Arena
from game.workshop.model import Document

Cell = tuple[int, int]


def inline(doc: Document) -> dict | None:
    """The level's own map object, or None when it names a map file."""
    value = doc.get(("map",))
    return value if isinstance(value, dict) else None


def named_arena(map_id: str) -> Arena | None:
    """A map file's arena; None when there is no such map (or levels/skirmish does not load)."""
    try:
        return skirmish_roster().arenas.get(map_id)
    except DataError:
        return None


def draft_arena(raw: dict) -> Arena | None:
    """An inline map as an arena, however broken (short rows are floor to the longest, unknown
    characters are floor, spawns that are not two whole numbers are left out), so that it can be
    drawn and painted while the problems say what is wrong. None when it has no rows at all."""
    rows = [row for row in raw.get("rows") or [] if isinstance(row, str)]
    width = min(MAX_WIDTH, max((len(row) for row in rows), default=0))
    rows = rows[:MAX_HEIGHT]
    if not rows or width == 0:
        return None
    cells = [(x, y, ch) for y, row in enumerate(rows) for x, ch in enumerate(row[:width])]
    spawns = raw.get("spawns")
    teams: list[tuple[Cell, ...]] = []
    for team in range(2):
        cells_of = spawns[team] if isinstance(spawns, list) and len(spawns) > team else []
        teams.append(tuple(cell for cell in map(_cell, cells_of if isinstance(cells_of, list) else []) if cell))
    name = raw.get("name")
    return Arena(
        INLINE_MAP_ID,
        name if isinstance(name, str) and name else "Custom map",
        width,
        len(rows),
        frozenset((x, y) for x, y, ch in cells if ch == WALL),
        (teams[0], teams[1]),
        _whole(raw.get("round_limit"), 30),
        _whole(raw.get("storm_round"), 0),
        _whole(raw.get("storm_damage"), 0),
        frozenset((x, y) for x, y, ch in cells if ch == HAZARD),
        _whole(raw.get("hazard_damage"), 2),
    )


def _cell(value) -> Cell | None:
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        return value[0], value[1]
    return None


def _whole(value, default: int) -> int:
    return value if type(value) is int else default


def level_arena(doc: Document) -> Arena | None:
    """The level's map as the editor draws it: the named arena, or the level's own (drafted)."""
    raw = inline(doc)
    if raw is not None:
        return draft_arena(raw)
    map_id = doc.get(("map",))
    return named_arena(map_id) if isinstance(map_id, str) else None
