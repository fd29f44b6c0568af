"""Skirmish's static data as immutable values: hero classes, abilities as a few effects over a small
vocabulary of verbs, arenas, and the AI's usage rules (the loader in data.py builds them from JSON).

Adding an ability is data; adding a verb is one enum member here and one function in effects.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Verb(Enum):
    DAMAGE = "damage"  # physical (caster's damage range x scale, hit/crit rolls, armour) or magic (power, resist)
    HEAL = "heal"  # power, capped at max health
    STATUS = "status"  # a status for some turns (statuses always land: only damage is rolled)
    RESTORE = "restore"  # energy or mana, capped at the maximum
    PUSH = "push"  # cells away from the caster; stopped by walls and heroes (then `power` collision damage)
    PULL = "pull"  # cells toward the caster, same stops
    DASH = "dash"  # the caster walks to the target cell, free, within the ability's range in steps
    TELEPORT = "teleport"  # the caster appears on the (empty) target cell


class DamageKind(Enum):
    PHYSICAL = "physical"
    MAGIC = "magic"


class Shape(Enum):
    SINGLE = "single"  # the target cell
    LINE = "line"  # `size` cells from the caster toward the target, stopped by walls
    CROSS = "cross"  # the target cell and `size` cells in the four directions, stopped by walls
    RADIUS = "radius"  # cells within Manhattan `size` of the target that it can see


class TargetKind(Enum):
    ENEMY = "enemy"  # a cell holding an enemy hero
    ALLY = "ally"  # a cell holding a hero of the caster's team (the caster included)
    SELF = "self"  # the caster's own cell
    EMPTY = "empty"  # an empty floor cell (dash, teleport)
    CELL = "cell"  # any floor cell (ground-targeted areas)


class Affects(Enum):
    ENEMIES = "enemies"  # enemy heroes in the area
    ALLIES = "allies"  # the caster's team in the area, the caster included
    HEROES = "heroes"  # everyone in the area (friendly fire)
    CASTER = "caster"  # the caster only, wherever the area is


class Resource(Enum):
    ENERGY = "energy"
    MANA = "mana"


class StatusKind(Enum):
    STUN = "stun"  # the hero's next turns are skipped
    SLOW = "slow"  # amount less energy per turn
    HASTE = "haste"  # amount more energy per turn
    POISON = "poison"  # amount damage at the start of each of its turns (ignores armour and shields)
    REGEN = "regen"  # amount healing at the start of each of its turns
    SHIELD = "shield"  # absorbs up to amount damage
    TAUNT = "taunt"  # enemy-targeted abilities may only target the hero who taunted
    MIGHT = "might"  # damage dealt +amount %
    WEAKEN = "weaken"  # damage dealt -amount %
    GUARD = "guard"  # armour and resist +amount points
    SUNDER = "sunder"  # armour and resist -amount points
    FOCUS = "focus"  # hit and crit chance +amount %
    BLIND = "blind"  # hit chance -amount %


# Statuses bad for the hero who has them: the AI's scores and the `without_status` rule read this.
DEBUFFS = frozenset(
    {
        StatusKind.STUN,
        StatusKind.SLOW,
        StatusKind.POISON,
        StatusKind.TAUNT,
        StatusKind.WEAKEN,
        StatusKind.SUNDER,
        StatusKind.BLIND,
    }
)
MOVE_VERBS = frozenset({Verb.DASH, Verb.TELEPORT})


@dataclass(frozen=True, slots=True)
class Effect:
    verb: Verb
    to: Affects = Affects.ENEMIES
    kind: DamageKind = DamageKind.PHYSICAL  # damage only
    scale: float = 1.0  # physical damage: multiplies the caster's damage range
    power: tuple[int, int] = (0, 0)  # magic damage, heal, collision damage: a range rolled uniformly
    status: StatusKind | None = None
    duration: int = 0  # status: turns of the affected hero
    amount: int = 0  # status strength; restore amount
    resource: Resource | None = None  # restore only
    cells: int = 0  # push / pull distance


@dataclass(frozen=True, slots=True)
class Usage:
    """When the AI considers an ability at all (the article's `usageLogic`); the rules ignore it.

    Each set field must hold; "the targets" are the heroes the ability's effects reach."""

    target_health_below: float | None = None  # some target hero under this fraction of max health
    caster_health_below: float | None = None
    caster_energy_below: float | None = None
    caster_mana_below: float | None = None
    min_enemies: int = 0  # at least this many enemies in the area
    min_allies: int = 0  # at least this many allies (caster included) in the area
    without_status: StatusKind | None = None  # some target hero lacks this status
    no_friendly_fire: bool = False  # never when an ally would be hurt
    enemy_within: int | None = None  # an enemy within this many steps of the caster (after dash/teleport: of the cell)
    no_enemy_within: int | None = None  # no enemy within this many steps of the target cell (escapes)


@dataclass(frozen=True, slots=True)
class Ability:
    id: str
    name: str
    energy: int
    mana: int
    cooldown: int  # caster's turns before it can be cast again (1: once per turn)
    range: int  # Manhattan distance from the caster to the target cell
    min_range: int
    los: bool  # the target cell must be in line of sight
    target: TargetKind
    shape: Shape
    size: int
    effects: tuple[Effect, ...]
    usage: Usage = field(default_factory=Usage)
    text: str = ""

    @property
    def harmful(self) -> bool:
        return any(
            e.verb in (Verb.DAMAGE, Verb.PUSH, Verb.PULL) or (e.verb == Verb.STATUS and e.status in DEBUFFS)
            for e in self.effects
        )


@dataclass(frozen=True, slots=True)
class HeroClass:
    id: str
    name: str
    health: int
    mana: int
    mana_regen: int
    energy: int  # energy at the start of each of its turns (not banked)
    move_cost: int  # energy per step
    damage: tuple[int, int]
    hit: float
    crit: float
    armour: int  # physical damage reduction, percent
    resist: int  # magic damage reduction, percent
    initiative: int
    abilities: tuple[Ability, ...]
    role: str = ""


@dataclass(frozen=True, slots=True)
class Arena:
    """A map: its size, walls, embers and the three starting cells of each team."""

    id: str
    name: str
    width: int
    height: int
    walls: frozenset[tuple[int, int]]
    spawns: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
    round_limit: int
    storm_round: int = 0  # from this round on the storm hurts every hero at its turn start (0: never)
    storm_damage: int = 0  # per round of storm so far: storm_damage * (round - storm_round + 1)
    # Embers: floor cells (walkable, no block to sight) that burn a hero starting its turn there.
    hazards: frozenset[tuple[int, int]] = frozenset()
    hazard_damage: int = 2

    def floor(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height and (x, y) not in self.walls


@dataclass(frozen=True)
class Roster:
    """Everything loaded from levels/skirmish: classes, abilities and arenas by id."""

    classes: dict[str, HeroClass]
    abilities: dict[str, Ability]
    arenas: dict[str, Arena]
