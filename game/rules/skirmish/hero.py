"""A hero on the field: its class (immutable data) plus what changes during the match.

Statuses are a dict from kind to an immutable `Status`, so copying a hero is a few dict copies
(searches copy heroes at every simulated action).
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.skirmish.model import HeroClass, StatusKind

Cell = tuple[int, int]


class Status(NamedTuple):
    turns: int  # the affected hero's turns left, counted down at the end of each of its turns
    amount: int = 0
    source: int = 0  # uid of the hero who applied it (taunt: whom to target)


class Hero:
    __slots__ = ("uid", "team", "slot", "cls", "cell", "health", "mana", "energy", "cooldowns", "statuses", "alive")

    def __init__(self, uid: int, team: int, slot: int, cls: HeroClass, cell: Cell):
        self.uid = uid  # 1..3 for team 0, 4..6 for team 1 (never 0: events use 0 for "no card")
        self.team = team
        self.slot = slot
        self.cls = cls
        self.cell = cell
        self.health: float = cls.health  # an int in real games; a float in expected-value simulations
        self.mana: float = cls.mana
        self.energy: float = 0
        self.cooldowns: dict[str, int] = {}  # ability id -> turns left; absent means ready
        self.statuses: dict[StatusKind, Status] = {}
        self.alive = True

    def copy(self) -> Hero:
        twin = Hero.__new__(Hero)
        twin.uid = self.uid
        twin.team = self.team
        twin.slot = self.slot
        twin.cls = self.cls
        twin.cell = self.cell
        twin.health = self.health
        twin.mana = self.mana
        twin.energy = self.energy
        twin.cooldowns = self.cooldowns.copy()
        twin.statuses = self.statuses.copy()
        twin.alive = self.alive
        return twin

    def amount(self, kind: StatusKind) -> int:
        status = self.statuses.get(kind)
        return status.amount if status is not None else 0

    def has(self, kind: StatusKind) -> bool:
        return kind in self.statuses

    @property
    def health_ratio(self) -> float:
        return self.health / self.cls.health

    @property
    def mana_ratio(self) -> float:
        return self.mana / self.cls.mana if self.cls.mana else 1.0

    # Effective stats: class values changed by statuses, clamped so no buff makes nonsense.
    def hit_chance(self) -> float:
        return min(1.0, max(0.0, self.cls.hit + (self.amount(StatusKind.FOCUS) - self.amount(StatusKind.BLIND)) / 100))

    def crit_chance(self) -> float:
        return min(1.0, max(0.0, self.cls.crit + self.amount(StatusKind.FOCUS) / 100))

    def damage_percent(self) -> int:
        return max(0, 100 + self.amount(StatusKind.MIGHT) - self.amount(StatusKind.WEAKEN))

    def armour(self) -> int:
        return min(90, max(0, self.cls.armour + self.amount(StatusKind.GUARD) - self.amount(StatusKind.SUNDER)))

    def resist(self) -> int:
        return min(90, max(0, self.cls.resist + self.amount(StatusKind.GUARD) - self.amount(StatusKind.SUNDER)))

    def turn_energy(self) -> int:
        return max(0, self.cls.energy + self.amount(StatusKind.HASTE) - self.amount(StatusKind.SLOW))

    def __repr__(self) -> str:
        return (
            f"Hero({self.uid} {self.cls.id} team {self.team} at {self.cell} hp {self.health:g}/{self.cls.health}"
            f" mp {self.mana:g} en {self.energy:g})"
        )
