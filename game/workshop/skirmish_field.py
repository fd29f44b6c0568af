"""What a designer does to a skirmish level, as document edits: heroes added to a team, moved,
given a class, label or name, removed; the map picked; objectives from the skirmish vocabulary
and events that say lines at a round or when a hero falls. Each function is one undoable edit.

A hero, an objective or an event's condition is written back as a whole object with its keys in
the shipped files' order (`{"hero", "at", "label", "name", "health"}`), so an edit reads like a
hand-written line. Pure: no pygame; the roster (classes and maps) is the one `levels validate`
reads.
"""

from __future__ import annotations

from game.i18n import _

from dataclasses import dataclass

from game.workshop.model import MISSING, Document
from game.workshop.skirmish_map import level_arena
from game.rules.levels.skirmish_level import SkirmishAIName
from game.rules.levels.skirmish_checks import skirmish_roster
from game.rules.skirmish.data import DataError
from game.rules.skirmish.game import cell_name

TEAMS = ("player", "opponent")
TEAM_SIZE = 3  # the game's team size; the level model asks for exactly three a side
AIS: tuple[str, ...] = SkirmishAIName.__args__
HERO_KEYS = ("hero", "at", "label", "name", "health")
OBJECTIVE_KEYS = ("kind", "label", "cell", "hero", "rounds", "within", "required", "text")
OBJECTIVES = ("defeat_all", "survive", "protect", "reach")
EVENT_WHEN = ("round", "died")
SURVIVE_ROUNDS = 6
REACH_ROUNDS = 10

Cell = tuple[int, int]


@dataclass(frozen=True)
class HeroRef:
    """A hero of a level: its team ("player" or "opponent") and its index in that team's list."""

    side: str
    index: int

    def path(self) -> tuple:
        return (self.side, "heroes", self.index)


# ---------------------------------------------------------------------------------- reading


def roster():
    """Hero classes and maps as the game loads them; None when levels/skirmish does not load
    (the problems panel says why: the checks report it on the level's map)."""
    try:
        return skirmish_roster()
    except DataError:
        return None


def map_ids() -> tuple[str, ...]:
    found = roster()
    return tuple(sorted(found.arenas)) if found is not None else ()


def hero_classes() -> list:
    """The hero classes in heroes.json's order (the palette's order)."""
    found = roster()
    return list(found.classes.values()) if found is not None else []


def arena_of(doc: Document):
    """The level's map (a map file's, or its own as painted), or None when it names no map there is."""
    return level_arena(doc)


def team(doc: Document, side: str) -> list:
    heroes = doc.get((side, "heroes"))
    return heroes if isinstance(heroes, list) else []


def cell_of(entry) -> Cell | None:
    """A hero's cell, or None when its `at` is not two whole numbers (the problems say so)."""
    at = entry.get("at") if isinstance(entry, dict) else None
    if isinstance(at, list) and len(at) == 2 and all(type(v) is int for v in at):
        return at[0], at[1]
    return None


def every_hero(doc: Document) -> list[tuple[HeroRef, dict]]:
    return [
        (HeroRef(side, index), entry)
        for side in TEAMS
        for index, entry in enumerate(team(doc, side))
        if isinstance(entry, dict)
    ]


def hero_at(doc: Document, cell: Cell) -> HeroRef | None:
    """The hero standing on `cell` (the last one listed, as it is drawn on top)."""
    found = None
    for ref, entry in every_hero(doc):
        if cell_of(entry) == tuple(cell):
            found = ref
    return found


def labels(doc: Document, side: str | None = None) -> list[str]:
    """The heroes' labels (of one team, or both), in the file's order."""
    return [
        entry["label"]
        for ref, entry in every_hero(doc)
        if isinstance(entry.get("label"), str) and entry["label"] and (side is None or ref.side == side)
    ]


def describe(doc: Document, ref: HeroRef) -> str:
    """ "Captain Brenna (knight)", "Mage": how the editor names a hero."""
    entry = doc.get(ref.path()) or {}
    found = roster()
    cls = found.classes.get(entry.get("hero")) if found is not None else None
    class_name = cls.name if cls is not None else str(entry.get("hero", "hero"))
    name = entry.get("name") or entry.get("label")
    return f"{name} ({class_name.lower()})" if name else class_name


def owner(side: str) -> str:
    return "your team" if side == "player" else "the opponent's team"


# ---------------------------------------------------------------------------------- heroes


def _ordered(entry: dict, keys: tuple[str, ...]) -> dict:
    """The object with its known keys in the shipped order, unknown ones after."""
    return {**{key: entry[key] for key in keys if key in entry}, **{k: v for k, v in entry.items() if k not in keys}}


def add_hero(doc: Document, side: str, hero_class: str, cell: Cell) -> HeroRef:
    """A new hero of `hero_class` on `cell`, last in its team; ValueError when the team is full."""
    if len(team(doc, side)) >= TEAM_SIZE:
        full = (
            _("Your team already has {count} heroes: select one and press Delete first")
            if side == "player"
            else _("The opponent's team already has {count} heroes: select one and press Delete first")
        )
        raise ValueError(full.format(count=TEAM_SIZE))
    with doc.edit(
        (
            _("add a {hero} to your team at {cell}")
            if side == "player"
            else _("add a {hero} to the opponent's team at {cell}")
        ).format(hero=hero_class, cell=cell_name(*cell))
    ):
        doc.ensure((side,), {})
        doc.ensure((side, "heroes"), [])
        index = doc.insert((side, "heroes"), None, {"hero": hero_class, "at": [cell[0], cell[1]]})
    return HeroRef(side, index)


def move_hero(doc: Document, ref: HeroRef, cell: Cell, swap: bool = False) -> None:
    """Put the hero on `cell`. With `swap`, a hero already there takes this one's old cell (a
    drag onto another hero); without, both stand there and the problems say so."""
    entry = doc.get(ref.path())
    old = cell_of(entry)
    if old == tuple(cell):
        return
    other = hero_at(doc, cell) if swap else None
    with doc.edit(_("move {hero} to {cell}").format(hero=describe(doc, ref), cell=cell_name(*cell))):
        doc.set(ref.path() + ("at",), [cell[0], cell[1]])
        if other is not None and other != ref and old is not None:
            doc.set(other.path() + ("at",), [old[0], old[1]])


def remove_hero(doc: Document, ref: HeroRef) -> None:
    with doc.edit(
        (
            _("remove {hero} from your team") if ref.side == "player" else _("remove {hero} from the opponent's team")
        ).format(hero=describe(doc, ref))
    ):
        doc.remove((ref.side, "heroes"), ref.index)


def set_hero_field(doc: Document, ref: HeroRef, key: str, value) -> None:
    """A hero's class, label, name or health; None or "" removes an optional one. Typing into a
    field merges into one edit."""
    entry = dict(doc.get(ref.path()) or {})
    if value is None or value == "":
        entry.pop(key, None)
    else:
        entry[key] = value
    with doc.edit(_("set the {field} of {hero}").format(field=key, hero=describe(doc, ref)), merge=f"{ref}:{key}"):
        doc.set(ref.path(), _ordered(entry, HERO_KEYS))


# ---------------------------------------------------------------------------------- the map


def pick_map(doc: Document, map_id: str) -> None:
    """Play on another map; the heroes keep their cells (a wall or a cell off the map shows as a
    problem; `heroes_to_start_cells` puts them on the map's own)."""
    with doc.edit(_("play on the map {map}").format(map=map_id)):
        doc.set(("map",), map_id)


def heroes_to_start_cells(doc: Document) -> None:
    """Every hero onto its map's starting cells, team by team, in list order."""
    arena = arena_of(doc)
    if arena is None:
        return
    with doc.edit(_("put the heroes on the map's start cells")):
        for side, cells in zip(TEAMS, arena.spawns):
            for index, cell in enumerate(cells[: len(team(doc, side))]):
                doc.set((side, "heroes", index, "at"), [cell[0], cell[1]])


# ---------------------------------------------------------------------------------- objectives


def new_objective(doc: Document, kind: str) -> dict:
    """An objective of `kind` with parameters that validate on this level where they can: protect
    names the first labelled hero of yours; reach the middle of the far column's floor."""
    if kind == "survive":
        return {"kind": kind, "rounds": SURVIVE_ROUNDS}
    if kind == "protect":
        mine = labels(doc, "player")
        return {"kind": kind, "label": mine[0] if mine else ""}
    if kind == "reach":
        return {"kind": kind, "cell": list(far_cell(doc)), "within": REACH_ROUNDS}
    return {"kind": kind}


def far_cell(doc: Document) -> Cell:
    """A floor cell in the map's last column, nearest its middle row (the courier's goal)."""
    arena = arena_of(doc)
    if arena is None:
        return (0, 0)
    x = arena.width - 1
    rows = sorted(range(arena.height), key=lambda y: abs(y - (arena.height - 1) / 2))
    return next(((x, y) for y in rows if arena.floor(x, y)), (x, rows[0]))


def add_objective(doc: Document, kind: str) -> int:
    with doc.edit(_("add the objective {kind}").format(kind=kind.replace("_", " "))):
        doc.ensure(("objectives",), [])
        return doc.insert(("objectives",), None, new_objective(doc, kind))


def set_objective_kind(doc: Document, index: int, kind: str) -> None:
    """Change an objective's kind: its parameters become the new kind's; required and text stay."""
    old = doc.get(("objectives", index)) or {}
    new = new_objective(doc, kind)
    for key in ("required", "text"):
        if key in old:
            new[key] = old[key]
    with doc.edit(_("make objective {number} {kind}").format(number=index + 1, kind=kind.replace("_", " "))):
        doc.set(("objectives", index), _ordered(new, OBJECTIVE_KEYS))


def set_objective_field(doc: Document, index: int, key: str, value) -> None:
    """One parameter of an objective (None removes an optional one), its keys kept in order."""
    objective = dict(doc.get(("objectives", index)) or {})
    if value is None or (value == "" and key in ("hero", "text")):
        objective.pop(key, None)
    else:
        objective[key] = value
    with doc.edit(
        _("set the {field} of objective {number}").format(field=key.replace("_", " "), number=index + 1),
        merge=f"objective{index}:{key}",
    ):
        doc.set(("objectives", index), _ordered(objective, OBJECTIVE_KEYS))


def set_reach_cell(doc: Document, index: int, axis: int, value: int) -> None:
    cell = list(doc.get(("objectives", index, "cell")) or [0, 0])
    cell = (cell + [0, 0])[:2]
    cell[axis] = value
    set_objective_field(doc, index, "cell", cell)


# ---------------------------------------------------------------------------------- events


def new_when(doc: Document, when: str) -> dict:
    if when == "died":
        known = labels(doc, "opponent") or labels(doc)
        return {"died": known[0] if known else ""}
    return {"round": 2}


def add_event(doc: Document, when: str = "round", speaker: str | None = None) -> int:
    """An event that says one line: at a round, or when a labelled hero falls."""
    who = speaker or doc.get(("opponent", "name")) or "Narrator"
    event = {"when": new_when(doc, when), "say": [{"speaker": who, "text": "..."}]}
    with doc.edit(_("add an event when a hero falls") if when == "died" else _("add an event when a round starts")):
        doc.ensure(("events",), [])
        return doc.insert(("events",), None, event)


def set_event_when(doc: Document, index: int, when: str) -> None:
    with doc.edit(
        (
            _("make event {number} happen when a hero falls")
            if when == "died"
            else _("make event {number} happen at a round")
        ).format(number=index + 1)
    ):
        doc.set(("events", index, "when"), new_when(doc, when))


def add_event_line(doc: Document, index: int) -> int:
    said = doc.get(("events", index, "say")) or []
    last = said[-1] if said and isinstance(said[-1], dict) else {}
    line = {key: last[key] for key in ("speaker", "portrait") if key in last} or {"speaker": "Narrator"}
    with doc.edit(_("add a line to event {number}").format(number=index + 1)):
        doc.ensure(("events", index, "say"), [])
        return doc.insert(("events", index, "say"), None, {**line, "text": "..."})


def remove_event(doc: Document, index: int) -> None:
    with doc.edit(_("remove event {number}").format(number=index + 1)):
        doc.remove(("events",), index)
        if not doc.get(("events",)):
            doc.set(("events",), MISSING)


# ---------------------------------------------------------------------------------- rewards


def set_reward(doc: Document, key: str, value) -> None:
    """A reward (unlocks, cards, message); the rewards object comes and goes with its last one."""
    with doc.edit(_("set the reward {field}").format(field=key), merge=f"rewards:{key}"):
        if value is None or value == "" or value == []:
            doc.set(("rewards", key), MISSING)  # nothing to do when there are no rewards
            if doc.get(("rewards",)) == {}:
                doc.set(("rewards",), MISSING)
            return
        doc.ensure(("rewards",), {})
        doc.set(("rewards", key), value)
