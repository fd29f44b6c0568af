"""Painting a skirmish level's map in the workshop, as document edits: floor, wall and embers
cells, each team's start cells, the grid's size, a copy of a shipped arena to start from, and
"save map as" (the level's own map written to levels/skirmish/maps/, the level then naming it).

A level's `map` is a map file's name or the map itself (an `InlineMap`: rows of '.', '#', '~',
spawns, round limit, storm, hazard damage). Painting a named map first copies it into the level,
in the same edit, so one undo gives the named map back. Each stroke of the brush is one edit,
named by what it did ("paint 5 walls"). The map drawn while it is being painted may be invalid
(a start cell on a wall, a hero on a wall): `draft_arena` builds it anyway, and the live problems
say what is wrong. Pure: no pygame.
"""

from __future__ import annotations

from game.i18n import N_, _

import json
from pathlib import Path

from pydantic import ValidationError

from game.rules.levels.skirmish_checks import INLINE_MAP_ID, forget_roster
from game.rules.saves.store import write_atomically
from game.rules.skirmish import data as skirmish_data
from game.rules.skirmish.data import (
    FLOOR,
    HAZARD,
    MAX_HEIGHT,
    MAX_WIDTH,
    MIN_HEIGHT,
    MIN_WIDTH,
    TEAM_STARTS,
    WALL,
    InlineMap,
    MapFile,
    map_data,
)
from game.rules.skirmish.grid import Grid
from game.rules.skirmish.model import Arena
from game.workshop.model import Document
from game.workshop import skirmish_field as field
from game.workshop.skirmish_map import inline, level_arena, named_arena

# The inline map's numbers on the Level tab: (label, field, default, lowest, highest)
MAP_NUMBERS = (
    (N_("Embers damage"), "hazard_damage", 2, 0, 50),
    (N_("Round limit"), "round_limit", 30, 1, 200),
    (N_("Storm from round"), "storm_round", 0, 0, 200),
    (N_("Storm damage"), "storm_damage", 0, 0, 50),
)

Cell = tuple[int, int]
CUSTOM = "(custom)"  # the map row's choice for a map written in the level (never a map id)
CUSTOM_WORDS = N_("custom (in this level)")
# The brushes: a tile character, or a team's start cells (0: the player's, 1: the opponent's).
TILE_BRUSHES = {"floor": FLOOR, "wall": WALL, "embers": HAZARD}
START_BRUSHES = {"player start": 0, "opponent start": 1}
BRUSHES = (*TILE_BRUSHES, *START_BRUSHES)
_NOUNS = {"floor": ("floor cell", "floor cells"), "wall": ("wall", "walls"), "embers": ("embers cell", "embers cells")}


# ---------------------------------------------------------------------------------- reading


def map_choices() -> tuple[str, ...]:
    """What the Level tab's map row offers: every map file, then the level's own map."""
    return (*field.map_ids(), CUSTOM)


def map_choice_names() -> dict[str, str]:
    found = field.roster()
    names = {map_id: arena.name for map_id, arena in found.arenas.items()} if found is not None else {}
    return {**names, CUSTOM: _(CUSTOM_WORDS)}


def map_choice(doc: Document) -> str:
    """The map row's value: the named map's id, or CUSTOM for the level's own."""
    return CUSTOM if inline(doc) is not None else str(doc.get(("map",)) or "")


def visible_cells(grid: Grid, cell: Cell) -> set[Cell]:
    """The floor cells a hero on `cell` sees, by the game's own line of sight (its Grid)."""
    if not grid.floor(cell):
        return set()
    return {other for other in grid.cells if grid.los(cell, other)}


# ---------------------------------------------------------------------------------- edits


def pick_map_choice(doc: Document, choice: str) -> None:
    """The map row's pick: a map file by name, or CUSTOM (a copy of the map played on now)."""
    if choice == CUSTOM:
        make_inline(doc)
    else:
        field.pick_map(doc, choice)


def make_inline(doc: Document) -> None:
    """Copy the named map into the level (nothing when the level's map is its own already)."""
    if inline(doc) is not None:
        return
    map_id = doc.get(("map",))
    arena = named_arena(map_id) if isinstance(map_id, str) else None
    with doc.edit(_("copy the map {map} into the level").format(map=arena.name if arena else "Ruins")):
        _copy_in(doc, arena)


def _copy_in(doc: Document, arena: Arena | None) -> dict:
    data = map_data(arena if arena is not None else named_arena("ruins") or _blank())
    doc.set(("map",), data)
    return data


def _blank() -> Arena:
    return Arena(
        INLINE_MAP_ID, "Custom map", 10, 8, frozenset(), (((0, 1), (0, 3), (0, 5)), ((9, 1), (9, 3), (9, 5))), 30
    )


def start_from(doc: Document, map_id: str) -> None:
    """Make the level's map a copy of the map file `map_id` (its own, to paint)."""
    arena = named_arena(map_id)
    if arena is None:
        raise ValueError(f"there is no map {map_id!r}")
    with doc.edit(_("start the map from a copy of {map}").format(map=arena.name)):
        _copy_in(doc, arena)


def _ensure_inline(doc: Document) -> dict:
    raw = inline(doc)
    if raw is None:
        map_id = doc.get(("map",))
        raw = _copy_in(doc, named_arena(map_id) if isinstance(map_id, str) else None)
    return raw


def _grid_rows(raw: dict, arena: Arena) -> list[list[str]]:
    """The rows as a rectangle of characters (a broken row is padded with floor)."""
    rows = [row for row in raw.get("rows") or [] if isinstance(row, str)][: arena.height]
    return [list((row + FLOOR * arena.width)[: arena.width]) for row in rows]


def paint(doc: Document, cells, brush: str) -> int:
    """Paint `cells` with `brush` (see BRUSHES) as one edit; returns how many cells changed (0:
    no edit). A start brush adds the cells to that team's start cells (the oldest drops out past
    three; a cell taken from the other team leaves it) and makes a wall under them floor."""
    if brush not in BRUSHES:
        raise ValueError(f"no brush {brush!r}")
    arena = level_arena(doc)
    if arena is None:
        return 0
    cells = [c for c in dict.fromkeys(tuple(c) for c in cells) if 0 <= c[0] < arena.width and 0 <= c[1] < arena.height]
    if not cells:
        return 0
    raw = inline(doc) or map_data(arena)
    rows = _grid_rows(raw, arena)
    spawns = [list(arena.spawns[0]), list(arena.spawns[1])]
    changed = 0
    if brush in TILE_BRUSHES:
        tile = TILE_BRUSHES[brush]
        for x, y in cells:
            if rows[y][x] != tile:
                rows[y][x] = tile
                changed += 1
        singular, plural = _NOUNS[brush]
        label = f"paint {changed} {singular if changed == 1 else plural}"
    else:
        team = START_BRUSHES[brush]
        for cell in cells:
            if cell in spawns[team]:
                continue
            if cell in spawns[1 - team]:
                spawns[1 - team].remove(cell)
            spawns[team].append(cell)
            if len(spawns[team]) > TEAM_STARTS:
                spawns[team].pop(0)
            if rows[cell[1]][cell[0]] == WALL:
                rows[cell[1]][cell[0]] = FLOOR
            changed += 1
        whose = "your team's" if team == 0 else "the opponent's"
        label = f"set {changed} of {whose} start cells"
    if not changed:
        return 0
    with doc.edit(label):
        _ensure_inline(doc)
        doc.set(("map", "rows"), ["".join(row) for row in rows])
        if brush in START_BRUSHES:
            doc.set(("map", "spawns"), [[[x, y] for x, y in team_cells] for team_cells in spawns])
    return changed


def resize(doc: Document, width: int, height: int) -> None:
    """Make the grid `width` x `height` (within the game's bounds), keeping every cell that fits;
    new cells are floor. Start cells and heroes left off the map show as problems."""
    width = max(MIN_WIDTH, min(MAX_WIDTH, width))
    height = max(MIN_HEIGHT, min(MAX_HEIGHT, height))
    arena = level_arena(doc)
    if arena is None or (arena.width, arena.height) == (width, height):
        return
    raw = inline(doc) or map_data(arena)
    kept = [("".join(row) + FLOOR * width)[:width] for row in _grid_rows(raw, arena)[:height]]
    rows = kept + [FLOOR * width] * (height - len(kept))
    with doc.edit(_("resize the map to {width} x {height}").format(width=width, height=height)):
        _ensure_inline(doc)
        doc.set(("map", "rows"), rows)


def set_map_field(doc: Document, key: str, value) -> None:
    """One setting of the level's own map (name, round_limit, storm_round, storm_damage,
    hazard_damage); typing or nudging merges into one edit."""
    with doc.edit(_("set the map's {field}").format(field=key.replace("_", " ")), merge=f"map:{key}"):
        _ensure_inline(doc)
        doc.set(("map", key), value)


# ---------------------------------------------------------------------------------- files


def maps_folder() -> Path:
    """levels/skirmish/maps/: where the game loads its maps from (read when asked: tests move it)."""
    return skirmish_data.data_dir() / "maps"


def map_file_text(map_id: str, raw: dict) -> str:
    """A map file as the shipped ones are laid out: one row a line, the rest compact."""
    spec = MapFile.model_validate({"version": 1, "id": map_id, **raw})  # ValidationError: not written
    head = {"version": 1, "id": map_id, "name": spec.name}
    lines = [json.dumps(head)[:-1] + ",", ' "rows": [']
    lines += [f"  {json.dumps(row)}" + ("," if i < len(spec.rows) - 1 else "],") for i, row in enumerate(spec.rows)]
    tail = {
        key: value
        for key, value in spec.model_dump(mode="json").items()
        if key not in ("version", "id", "name", "rows")
    }
    lines.append(" " + json.dumps(tail)[1:])
    return "\n".join(lines) + "\n"


def save_map_as(doc: Document, map_id: str, overwrite: bool = False) -> Path:
    """Write the level's own map to levels/skirmish/maps/<map_id>.json, atomically, and make the level name it (one edit). FileExistsError when the file is there and
    `overwrite` is not given (ask first); ValueError when the id or the map is not valid (the
    message says why); StoreError when it cannot be written."""
    raw = inline(doc)
    if raw is None:
        raise ValueError(_("this level plays on a map file already: paint it first to make it the level's own"))
    try:
        InlineMap.model_validate(raw)
        text = map_file_text(map_id, raw)
    except ValidationError as error:  # its first problem, in one sentence
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        message = first["msg"].removeprefix("Value error, ")
        raise ValueError(f"the map cannot be saved yet: {where + ': ' if where else ''}{message}") from None
    path = maps_folder() / f"{map_id}.json"
    if path.exists() and not overwrite:
        raise FileExistsError(str(path))
    write_atomically(path, text.encode("utf-8"))
    forget_roster()  # the new map is one of the roster's now
    with doc.edit(_("play on the saved map {map}").format(map=map_id)):
        doc.set(("map",), map_id)
    return path


# ---------------------------------------------------------------------------------- the Level tab


def map_rows(doc: Document) -> list:
    """The Level tab's map rows: which map (the map files, or "custom (in this level)"), and for
    the level's own map its name, embers damage, round limit and storm."""
    from game.workshop.forms import Row  # forms builds on the workshop's other modules

    rows = [
        Row(
            _("Map"),
            "choice",
            ("map",),
            map_choices(),
            names=map_choice_names(),
            extra={"value": map_choice(doc)},
            setter=lambda choice: pick_map_choice(doc, choice),
        )
    ]
    if inline(doc) is None:
        return rows

    def setter(key: str):
        return lambda value: set_map_field(doc, key, value)

    def row(label: str, key: str, default: int, low: int, high: int) -> Row:
        return Row(label, "int", ("map", key), default=default, low=low, high=high, setter=setter(key), indent=1)

    numbers = [row(_(label), key, default, low, high) for label, key, default, low, high in MAP_NUMBERS]
    return rows + [Row(_("Map name"), "text", ("map", "name"), setter=setter("name"), indent=1), *numbers]
