"""Skirmish's data files (`levels/skirmish/`: heroes.json, abilities.json, maps/*.json): pydantic
models, loading into model.py's values with clear errors, and the JSON Schema for editors.

Every problem reads `file: hero 'id' (Name): field.path: message`, with a "did you mean" when a
name is misspelled, like the card files; one bad entry hides no other problem.
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path
from typing import Annotated, ClassVar, Final, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from game.paths import levels_dir
from game.rules.skirmish.model import (
    Ability,
    Affects,
    Arena,
    DamageKind,
    Effect,
    HeroClass,
    Resource,
    Roster,
    Shape,
    StatusKind,
    TargetKind,
    Usage,
    Verb,
)
from game.rules.safe_json import JsonFileError, NotARegularFile, cap_problems, read_json_file, shorten
from game.rules.text_fields import MAX_HERO_NAME, Name

VERSION: Final = 1  # Final: its type is Literal[1], what `version` accepts
_ID = r"^[a-z][a-z0-9_]*$"
Id = Annotated[str, StringConstraints(pattern=_ID, max_length=32)]
# Caps, far above the shipped data (32 abilities, 9 heroes, heroes' health at most a few hundred):
# a bigger file is refused at once instead of being checked entry by entry.
MAX_POINTS = 999  # any damage, heal or collision roll: the largest hero health
Points = Annotated[int, Field(ge=0, le=MAX_POINTS)]
MAX_ABILITIES = 1000
MAX_HEROES = 200
MAX_PROBLEMS_PER_FILE = 50  # then one line: "... and N more problems in this file"
_NEEDS_AMOUNT = {
    StatusKind.SLOW,
    StatusKind.HASTE,
    StatusKind.POISON,
    StatusKind.REGEN,
    StatusKind.SHIELD,
    StatusKind.MIGHT,
    StatusKind.WEAKEN,
    StatusKind.GUARD,
    StatusKind.SUNDER,
    StatusKind.FOCUS,
    StatusKind.BLIND,
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EffectSpec(_Strict):
    verb: Verb
    to: Affects = Field(Affects.ENEMIES, description="whom in the area it affects (move verbs: always the caster)")
    kind: DamageKind = Field(DamageKind.PHYSICAL, description="damage: physical (rolled, armour) or magic")
    scale: float = Field(1.0, gt=0, le=5, description="physical damage: multiplies the caster's damage range")
    power: tuple[Points, Points] | None = Field(
        None, description=f"[low, high]: magic damage, heal, collision damage (0 to {MAX_POINTS})"
    )
    status: StatusKind | None = None
    duration: int = Field(0, ge=0, le=9, description="status: turns of the affected hero")
    amount: int = Field(0, ge=0, le=200, description="status strength (percent or points); restore amount")
    resource: Resource | None = Field(None, description="restore: energy or mana")
    cells: int = Field(0, ge=0, le=6, description="push / pull distance")

    @model_validator(mode="after")
    def _consistent(self) -> EffectSpec:
        verb = self.verb
        if self.power is not None and not 0 <= self.power[0] <= self.power[1]:
            raise ValueError("power must be [low, high] with 0 <= low <= high")
        if verb == Verb.DAMAGE and self.kind == DamageKind.MAGIC and self.power is None:
            raise ValueError("magic damage needs power [low, high]")
        if verb == Verb.HEAL and self.power is None:
            raise ValueError("heal needs power [low, high]")
        if verb == Verb.STATUS:
            if self.status is None or self.duration < 1:
                raise ValueError("status needs a status and a duration of at least 1")
            if self.status in _NEEDS_AMOUNT and self.amount < 1:
                raise ValueError(f"status {self.status.value} needs an amount of at least 1")
        elif self.status is not None:
            raise ValueError("status is only for the status verb")
        if verb == Verb.RESTORE and (self.resource is None or self.amount < 1):
            raise ValueError("restore needs a resource and an amount of at least 1")
        if verb in (Verb.PUSH, Verb.PULL) and self.cells < 1:
            raise ValueError(f"{verb.value} needs cells of at least 1")
        return self

    def build(self) -> Effect:
        return Effect(
            self.verb,
            self.to,
            self.kind,
            self.scale,
            self.power or (0, 0),
            self.status,
            self.duration,
            self.amount,
            self.resource,
            self.cells,
        )


class UsageSpec(_Strict):
    """When the AI considers the ability (the rules ignore this); every given condition must hold."""

    target_health_below: float | None = Field(None, gt=0, le=1)
    caster_health_below: float | None = Field(None, gt=0, le=1)
    caster_energy_below: float | None = Field(None, gt=0, le=1)
    caster_mana_below: float | None = Field(None, gt=0, le=1)
    min_enemies: int = Field(0, ge=0, le=6)
    min_allies: int = Field(0, ge=0, le=3)
    without_status: StatusKind | None = None
    no_friendly_fire: bool = False
    enemy_within: int | None = Field(None, ge=0, le=30)
    no_enemy_within: int | None = Field(None, ge=0, le=30)


class AbilitySpec(_Strict):
    id: Id
    name: Name = Field(min_length=1, max_length=32)
    energy: int = Field(ge=0, le=30)
    mana: int = Field(0, ge=0, le=200)
    cooldown: int = Field(1, ge=0, le=9, description="caster's turns before it is ready again; 0: no limit")
    range: int = Field(ge=0, le=20, description="Manhattan distance to the target cell")
    min_range: int = Field(0, ge=0, le=20)
    los: bool = Field(True, description="the target cell must be in line of sight")
    target: TargetKind
    shape: Shape = Shape.SINGLE
    size: int = Field(0, ge=0, le=8, description="line length, cross arm or radius")
    effects: list[EffectSpec] = Field(min_length=1, max_length=8)
    usage: UsageSpec = Field(default_factory=UsageSpec)
    text: str = Field("", max_length=200)

    @model_validator(mode="after")
    def _consistent(self) -> AbilitySpec:
        if self.min_range > self.range:
            raise ValueError("min_range is larger than range")
        if self.target == TargetKind.SELF and self.range != 0:
            raise ValueError("a self-targeted ability has range 0")
        moves = [e for e in self.effects if e.verb in (Verb.DASH, Verb.TELEPORT)]
        if moves and self.target != TargetKind.EMPTY:
            raise ValueError("dash and teleport need target 'empty'")
        if self.target == TargetKind.EMPTY and not moves:
            raise ValueError("target 'empty' is for dash and teleport")
        if self.shape != Shape.SINGLE and self.size < 1:
            raise ValueError(f"shape {self.shape.value} needs a size of at least 1")
        return self

    def build(self) -> Ability:
        usage = Usage(**self.usage.model_dump())
        return Ability(
            self.id,
            self.name,
            self.energy,
            self.mana,
            self.cooldown,
            self.range,
            self.min_range,
            self.los,
            self.target,
            self.shape,
            self.size,
            tuple(e.build() for e in self.effects),
            usage,
            self.text,
        )


class HeroSpec(_Strict):
    id: Id
    name: Name = Field(min_length=1, max_length=MAX_HERO_NAME)
    role: str = Field("", max_length=60)
    health: int = Field(ge=1, le=999)
    mana: int = Field(ge=0, le=300)
    mana_regen: int = Field(0, ge=0, le=100)
    energy: int = Field(ge=1, le=30, description="energy at the start of each of its turns")
    move_cost: int = Field(ge=1, le=10, description="energy per step")
    damage: tuple[Points, Points] = Field(description=f"physical damage range [low, high] (0 to {MAX_POINTS})")
    hit: float = Field(ge=0, le=1)
    crit: float = Field(ge=0, le=1)
    armour: int = Field(ge=0, le=90, description="physical damage reduction, percent")
    resist: int = Field(ge=0, le=90, description="magic damage reduction, percent")
    initiative: int = Field(ge=0, le=30)
    abilities: list[Annotated[str, StringConstraints(max_length=32)]] = Field(
        min_length=1, max_length=6, description="ability ids from abilities.json"
    )

    @model_validator(mode="after")
    def _consistent(self) -> HeroSpec:
        if not 0 <= self.damage[0] <= self.damage[1]:
            raise ValueError("damage must be [low, high] with 0 <= low <= high")
        if len(set(self.abilities)) != len(self.abilities):
            raise ValueError("an ability is listed twice")
        return self


class _Versioned(_Strict):
    version: Literal[1] = VERSION

    @field_validator("version", mode="before")
    @classmethod
    def _whole_number(cls, value):
        if type(value) is not int:  # true and 1.0 equal 1 in Python, but are no version number
            raise ValueError(f"version must be the whole number {VERSION} (found {_found(value)})")
        return value


class HeroFile(_Versioned):
    model_config = ConfigDict(extra="forbid", title="Duelmind skirmish heroes")
    heroes: list[HeroSpec] = Field(max_length=MAX_HEROES)


class AbilityFile(_Versioned):
    model_config = ConfigDict(extra="forbid", title="Duelmind skirmish abilities")
    abilities: list[AbilitySpec] = Field(max_length=MAX_ABILITIES)


Coordinate = Annotated[int, Field(ge=0, le=23)]
FLOOR, WALL, HAZARD = ".", "#", "~"
TILES = {FLOOR: "floor", WALL: "wall", HAZARD: "embers"}
MIN_WIDTH, MAX_WIDTH, MIN_HEIGHT, MAX_HEIGHT = 4, 24, 4, 20
TEAM_STARTS = 3  # start cells per team: the game's team size
_TEAM_WORDS = ("the player's team", "the opponent's team")
_ORDINALS = ("first", "second", "third")


def spawn_problems(rows: list[str] | None, spawns) -> list[str]:
    """What is wrong with a map's start cells: three a team, none shared, each on the map and not
    a wall (`rows` None: their own problem is said, the cells are not checked against them)."""
    found = []
    for team, cells in enumerate(spawns):
        if len(cells) != TEAM_STARTS:
            found.append(f"{_TEAM_WORDS[team]} needs exactly {TEAM_STARTS} start cells (found {len(cells)})")
    seen: set = set()
    for team, cells in enumerate(spawns):
        for index, (x, y) in enumerate(cells):
            which = f"{_TEAM_WORDS[team]}'s {_ORDINALS[index] if index < len(_ORDINALS) else f'#{index + 1}'} start cell {x},{y}"
            if (x, y) in seen:
                found.append(f"{which} is already another start cell")
            seen.add((x, y))
            if rows is None:
                continue
            if not (0 <= y < len(rows) and 0 <= x < len(rows[0])):
                found.append(f"{which} is off the map ({len(rows[0])} wide, {len(rows)} high)")
            elif rows[y][x] == WALL:
                found.append(f"{which} is a wall")
    return found


class MapSpec(_Strict):
    """What every map holds, in its own file (`MapFile`) or inline in a skirmish level
    (`InlineMap`); both build the same `Arena`."""

    name: Name = Field(min_length=1, max_length=40)
    rows: list[Annotated[str, StringConstraints(max_length=64)]] = Field(
        min_length=MIN_HEIGHT,
        max_length=MAX_HEIGHT,
        description="top row first: '.' floor, '#' wall, '~' embers (floor that burns a hero starting its turn there)",
    )
    spawns: tuple[
        Annotated[list[tuple[Coordinate, Coordinate]], Field(max_length=12)],
        Annotated[list[tuple[Coordinate, Coordinate]], Field(max_length=12)],
    ] = Field(description="the starting cells [x, y] of team 0's three heroes, then team 1's")
    round_limit: int = Field(30, ge=1, le=200, description="after this many rounds the match is a draw")
    storm_round: int = Field(
        0,
        ge=0,
        le=200,
        description="from this round the storm hurts every hero at its turn start, more each round (0: no storm)",
    )
    storm_damage: int = Field(0, ge=0, le=50, description="storm damage per storm round so far")
    hazard_damage: int = Field(
        2, ge=0, le=50, description="damage an embers cell ('~') deals a hero who starts its turn on it"
    )

    @field_validator("rows")
    @classmethod
    def _rows(cls, rows: list[str]) -> list[str]:
        # Each problem names the row and column a designer counts from 1, as a text editor does.
        width = len(rows[0]) if rows else 0
        if not MIN_WIDTH <= width <= MAX_WIDTH:
            raise ValueError(f"row 1 is {width} cells long: a map is {MIN_WIDTH} to {MAX_WIDTH} cells wide")
        for number, row in enumerate(rows, start=1):
            if len(row) != width:
                raise ValueError(
                    f"row {number} is {len(row)} cells long, row 1 is {width}: every row needs the same length"
                )
            stray = next((ch for ch in row if ch not in TILES), None)
            if stray is not None:
                raise ValueError(
                    f"row {number} holds {stray!r} at column {row.index(stray) + 1}: "
                    "use '.' floor, '#' wall or '~' embers"
                )
        return rows

    # A map file's start cells are checked here; an inline map's by the level's checks
    # (skirmish_checks), so that a start cell painted over is listed beside the heroes it traps.
    _check_spawns: ClassVar[bool] = True

    @field_validator("spawns")
    @classmethod
    def _spawns(cls, spawns, info: ValidationInfo):
        found = spawn_problems(info.data.get("rows"), spawns) if cls._check_spawns else []
        if found:
            raise ValueError(found[0])
        return spawns

    def arena(self, arena_id: str) -> Arena:
        cells = [(x, y, ch) for y, row in enumerate(self.rows) for x, ch in enumerate(row)]
        spawns = (tuple(self.spawns[0]), tuple(self.spawns[1]))  # the cells are tuples already
        return Arena(
            arena_id,
            self.name,
            len(self.rows[0]),
            len(self.rows),
            frozenset((x, y) for x, y, ch in cells if ch == WALL),
            spawns,
            self.round_limit,
            self.storm_round,
            self.storm_damage,
            frozenset((x, y) for x, y, ch in cells if ch == HAZARD),
            self.hazard_damage,
        )


class MapFile(_Versioned, MapSpec):
    model_config = ConfigDict(extra="forbid", title="Duelmind skirmish map")
    id: Id

    def build(self) -> Arena:
        return self.arena(self.id)


class InlineMap(MapSpec):
    """A map written inside a skirmish level (its `map`), instead of a map file's name."""

    model_config = ConfigDict(extra="forbid", title="Duelmind skirmish map, inline")
    _check_spawns: ClassVar[bool] = False
    name: Name = Field("Custom map", min_length=1, max_length=40)


def map_rows(arena: Arena) -> list[str]:
    """An arena's rows as a map file writes them (the painter starts from a copy of one)."""
    return [
        "".join(
            WALL if (x, y) in arena.walls else HAZARD if (x, y) in arena.hazards else FLOOR for x in range(arena.width)
        )
        for y in range(arena.height)
    ]


def map_data(arena: Arena) -> dict:
    """An arena as an inline map's JSON object (no version or id), keys in the map files' order."""
    data = {
        "name": arena.name,
        "rows": map_rows(arena),
        "spawns": [[list(cell) for cell in team] for team in arena.spawns],
        "round_limit": arena.round_limit,
        "storm_round": arena.storm_round,
        "storm_damage": arena.storm_damage,
    }
    if arena.hazards:
        data["hazard_damage"] = arena.hazard_damage
    return data


class DataError(ValueError):
    """Problems found in skirmish data files; `problems` lists one message each."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


def data_dir() -> Path:
    return levels_dir() / "skirmish"


def load_roster(folder: str | Path | None = None) -> Roster:
    """Load and cross-check heroes.json, abilities.json and maps/*.json; raises DataError."""
    folder = Path(folder) if folder is not None else data_dir()
    problems: list[str] = []
    named: set[str] = set()  # ability ids present in the file, valid or not
    before = len(problems)
    abilities = _read_list(folder / "abilities.json", "abilities", "ability", AbilityFile, AbilitySpec, problems, named)
    # An abilities file that could not be read at all is one problem; its heroes are not each said
    # to name unknown abilities.
    unreadable = not abilities and not named and len(problems) > before
    heroes = _read_list(folder / "heroes.json", "heroes", "hero", HeroFile, HeroSpec, problems)
    by_id = {spec.id: spec.build() for spec, _ in abilities}
    classes = {}
    for spec, where in heroes:
        missing = False
        for index, ability_id in enumerate(spec.abilities):
            if ability_id not in by_id:
                missing = True
                if ability_id not in named and not unreadable:  # an invalid ability is reported once, by itself
                    problems.append(
                        f"{where}: abilities.{index}: no ability {ability_id!r}{_did_you_mean(ability_id, by_id)}"
                    )
        if not missing:
            classes[spec.id] = HeroClass(
                spec.id,
                spec.name,
                spec.health,
                spec.mana,
                spec.mana_regen,
                spec.energy,
                spec.move_cost,
                tuple(spec.damage),
                spec.hit,
                spec.crit,
                spec.armour,
                spec.resist,
                spec.initiative,
                tuple(by_id[a] for a in spec.abilities),
                spec.role,
            )
    arenas = {}
    map_paths = sorted((folder / "maps").glob("*.json"))
    if not map_paths:
        problems.append(f"{folder / 'maps'}: no map files")
    for path in map_paths:
        raw = _read_json(path, problems)
        if raw is None:
            continue
        try:
            arena = MapFile.model_validate(raw).build()
        except ValidationError as error:
            problems.extend(
                cap_problems(
                    [_describe(str(path), item["loc"], item["msg"]) for item in error.errors()],
                    str(path),
                    MAX_PROBLEMS_PER_FILE,
                )
            )
            continue
        if arena.id in arenas:
            problems.append(f"{path}: id: map {arena.id!r} is already defined")
        arenas[arena.id] = arena
    if problems:
        raise DataError(problems)
    return Roster(classes, by_id, arenas)


def _found(value) -> str:
    return shorten(
        json.dumps(value, ensure_ascii=False) if not isinstance(value, (dict, list)) else type(value).__name__
    )


_LINE_COLUMN = re.compile(r"^invalid JSON at line (\d+), column (\d+): (.*)$")


def _read_json(path: Path, problems: list[str]):
    """The file through the safe reader (size, UTF-8, depth, duplicate keys, regular files only)."""
    try:
        return read_json_file(path)
    except FileNotFoundError:
        problems.append(f"{path}: cannot read: file not found")
    except NotARegularFile as error:
        problems.append(f"{path}: cannot read: {error.strerror}")
    except OSError as error:
        problems.append(f"{path}: cannot read: {error.strerror or error}")
    except JsonFileError as error:
        where = _LINE_COLUMN.match(error.message)  # skirmish's form: FILE:LINE:COLUMN: invalid JSON: ...
        problems.append(f"{path}:{where[1]}:{where[2]}: invalid JSON: {where[3]}" if where else str(error))
    return None


def _read_list(
    path: Path, key: str, noun: str, file_model, item_model, problems: list[str], named: set[str] | None = None
) -> list:
    """Each entry validated on its own; returns (spec, where) pairs for the valid ones and adds
    every entry's id, valid or not, to `named`."""
    found: list[str] = []
    out = _read_list_problems(path, key, noun, file_model, item_model, found, named)
    problems.extend(cap_problems(found, str(path), MAX_PROBLEMS_PER_FILE))
    return out


def _read_list_problems(
    path: Path, key: str, noun: str, file_model, item_model, problems: list[str], named: set[str] | None = None
) -> list:
    raw = _read_json(path, problems)
    if raw is None:
        return []
    if not isinstance(raw, dict) or not isinstance(raw.get(key), list):
        problems.append(f"{path}: {key}: expected an object with a list of {key}")
        return []
    try:
        file_model.model_validate({**raw, key: []})
    except ValidationError as error:
        problems.extend(_describe(str(path), item["loc"], item["msg"]) for item in error.errors())
    limit = file_model.model_fields[key].metadata[0].max_length
    if len(raw[key]) > limit:  # refused at once: checking each of 20,000 entries took a gigabyte
        problems.append(f"{path}: {key}: at most {limit:,} {key} in one file (found {len(raw[key]):,})")
        if named is not None:  # the heroes naming them are not reported as naming unknown ones
            named.update(e["id"] for e in raw[key] if isinstance(e, dict) and isinstance(e.get("id"), str))
        return []
    out, seen = [], set()
    for index, entry in enumerate(raw[key]):
        if named is not None and isinstance(entry, dict) and isinstance(entry.get("id"), str):
            named.add(entry["id"])
        where = f"{path}: {noun} " + (
            f"{shorten(repr(entry.get('id', '?')))} ({shorten(str(entry.get('name', '?')))})"
            if isinstance(entry, dict)
            else f"{key}[{index}]"
        )
        try:
            spec = item_model.model_validate(entry)
        except ValidationError as error:
            problems.extend(_describe(where, item["loc"], item["msg"]) for item in error.errors())
            continue
        if spec.id in seen:
            problems.append(f"{where}: id: {noun} {spec.id!r} is already defined")
            continue
        seen.add(spec.id)
        out.append((spec, where))
    return out


def _describe(where: str, loc, message: str) -> str:
    field = shorten(".".join(str(part) for part in loc)) or "(entry)"
    return f"{where}: {field}: {shorten(message.removeprefix('Value error, '), 300)}"


def _did_you_mean(name: str, known) -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


SCHEMAS: dict[str, type[BaseModel]] = {
    "skirmish_heroes": HeroFile,
    "skirmish_abilities": AbilityFile,
    "skirmish_map": MapFile,
}


def schema_path(name: str) -> Path:
    return levels_dir() / "schema" / f"{name}.schema.json"


def schema_text(name: str) -> str:
    """The JSON Schema of one kind of file, for editors (levels/schema/skirmish_*.schema.json)."""
    return json.dumps(SCHEMAS[name].model_json_schema(), indent=2, sort_keys=True) + "\n"
