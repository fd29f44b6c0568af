"""The checks of a skirmish level that its model cannot make alone: hero classes and the map exist
(with a "did you mean"), every hero stands on a floor cell of the map and no two share one,
labels are unique, objectives and events name known heroes and reachable rounds and cells.

A level's map is a map file's name or a map written in the level (`InlineMap`, validated by its
model); `level_arena` builds the one `Arena` the checks, the session and the editor use."""

from __future__ import annotations

import difflib
import json

from game.rules.levels.model import SkirmishLevel
from game.rules.levels.problems import Problem, json_path
from game.rules.levels.modifiers import check_skirmish_twist
from game.rules.levels.skirmish_level import SkirmishProtect, SkirmishReach, SkirmishSurvive
from game.rules.skirmish.data import DataError, load_roster, spawn_problems
from game.rules.skirmish.model import Arena, Roster

_ROSTER: list = []


def skirmish_roster():
    """levels/skirmish, loaded once per process (levels only read it)."""
    if not _ROSTER:
        _ROSTER.append(load_roster())
    return _ROSTER[0]


# An inline map's arena id: not a map file's id (those match ^[a-z][a-z0-9_]*$), so a level's
# own map never hides a shipped one in the roster the session plays on.
INLINE_MAP_ID = "(this level)"


def level_map_id(level: SkirmishLevel) -> str:
    return level.map if isinstance(level.map, str) else INLINE_MAP_ID


def level_map_key(level: SkirmishLevel) -> str:
    """What identifies the level's map: its name, or the whole inline map (the session caches by it)."""
    return level.map if isinstance(level.map, str) else json.dumps(level.map.model_dump(mode="json"), sort_keys=True)


def level_arena(level: SkirmishLevel, roster: Roster) -> Arena | None:
    """The level's map as an arena: the named one (None when there is none) or its own."""
    if isinstance(level.map, str):
        return roster.arenas.get(level.map)
    return level.map.arena(INLINE_MAP_ID)


def forget_roster() -> None:
    """Load levels/skirmish again when next asked (the workshop saved a map file there)."""
    _ROSTER.clear()


def _did_you_mean(name: str, known) -> str:
    close = difflib.get_close_matches(name, sorted(known), n=1)
    return f' (did you mean "{close[0]}"?)' if close else f" (known: {', '.join(sorted(known))})"


def check_skirmish(level: SkirmishLevel, file: str, prove: object = None) -> list[Problem]:
    problems: list[Problem] = []

    def problem(parts, message):
        problems.append(Problem(file, json_path(parts), message))

    try:
        roster = skirmish_roster()
    except DataError as error:
        problem(["map"], f"the skirmish data (levels/skirmish) does not load: {error}")
        return problems
    if not isinstance(level.map, str):  # a map file's start cells are checked when it loads
        for message in spawn_problems(level.map.rows, level.map.spawns):
            problem(["map", "spawns"], message)
    arena = level_arena(level, roster)
    if arena is None:
        assert isinstance(level.map, str)  # an inline map always builds
        problem(["map"], f'there is no map "{level.map}"{_did_you_mean(level.map, roster.arenas)}')
    labels: dict[str, tuple[str, list]] = {}  # label -> (side, path)
    cells: dict[tuple[int, int], list] = {}
    for side in ("player", "opponent"):
        for index, hero in enumerate(getattr(level, side).heroes):
            parts = [side, "heroes", index]
            cls = roster.classes.get(hero.hero)
            if cls is None:
                problem(
                    parts + ["hero"], f'there is no hero class "{hero.hero}"{_did_you_mean(hero.hero, roster.classes)}'
                )
            elif hero.health is not None and hero.health > cls.health:
                problem(parts + ["health"], f"a {cls.name} has at most {cls.health} health (got {hero.health})")
            cell = tuple(hero.at)
            if arena is not None:
                if not (0 <= cell[0] < arena.width and 0 <= cell[1] < arena.height):
                    problem(
                        parts + ["at"],
                        f"{cell[0]},{cell[1]} is outside the map ({arena.name} is "
                        f"{arena.width} wide and {arena.height} high)",
                    )
                elif cell in arena.walls:
                    problem(parts + ["at"], f"{cell[0]},{cell[1]} is a wall on {arena.name}")
            if cell in cells:
                problem(parts + ["at"], f"{cell[0]},{cell[1]} is already taken by the hero at {json_path(cells[cell])}")
            cells.setdefault(cell, parts)
            if hero.label is not None:
                if hero.label in labels:
                    problem(
                        parts + ["label"], f'label "{hero.label}" is already used at {json_path(labels[hero.label][1])}'
                    )
                labels.setdefault(hero.label, (side, parts + ["label"]))
    player_labels = {label for label, (side, _) in labels.items() if side == "player"}

    def player_hero(parts, label):
        if label not in player_labels:
            where = " (that is an opponent's hero)" if label in labels else ""
            problem(
                parts,
                f'no hero of the player\'s is labelled "{label}"{where}'
                + (_did_you_mean(label, player_labels) if player_labels and not where else ""),
            )

    limit = arena.round_limit if arena is not None else None
    problems += check_skirmish_twist(level, file, limit)
    if not any(o.required for o in level.objectives):
        problem(["objectives"], "at least one objective must be required (\"required\": true)")
    elif all(o.kind == "protect" for o in level.objectives if o.required):
        problem(
            ["objectives"],
            "a protect objective holds until the level ends: add a required defeat_all, survive or reach that ends it",
        )
    for index, objective in enumerate(level.objectives):
        parts = ["objectives", index]
        kind = objective.kind
        if isinstance(objective, SkirmishProtect):  # kind "protect"
            player_hero(parts + ["label"], objective.label)
        if isinstance(objective, SkirmishReach):  # kind "reach"
            if objective.hero is not None:
                player_hero(parts + ["hero"], objective.hero)
            x, y = objective.cell
            if arena is not None and not arena.floor(x, y):
                problem(parts + ["cell"], f"{x},{y} is not a floor cell of {arena.name}: no hero can stand there")
        rounds = objective.rounds if isinstance(objective, SkirmishSurvive) else getattr(objective, "within", None)
        if arena is not None and limit is not None and rounds is not None and rounds >= limit:
            field = "rounds" if kind == "survive" else "within"
            problem(parts + [field], f"{arena.name} ends in a draw after round {limit}: use fewer than {limit} rounds")
    for index, event in enumerate(level.events):
        parts = ["events", index, "when"]
        if event.when.died is not None and event.when.died not in labels:
            problem(parts + ["died"], f'no hero is labelled "{event.when.died}"')
        if event.when.hero is not None and event.when.hero not in labels:
            problem(parts + ["hero"], f'no hero is labelled "{event.when.hero}"')
        if arena is not None and limit is not None and event.when.round is not None and event.when.round > limit:
            problem(parts + ["round"], f"{arena.name} has at most {limit} rounds")
    return problems
