"""Builders for hand-computed skirmish positions: a test arena from text rows, custom hero
classes and abilities, heroes placed by hand, and a scripted random generator."""

from __future__ import annotations

import contextlib
import dataclasses
import time
from unittest import mock

from game.rules.skirmish.data import load_roster
from game.rules.skirmish.model import (
    Ability,
    Affects,
    Arena,
    DamageKind,
    Effect,
    HeroClass,
    Roster,
    Shape,
    TargetKind,
    Verb,
)
from game.rules.skirmish.state import SkirmishState

SHIPPED = load_roster()


class WorkClock:
    """A clock that moves with the work done, not with the machine: each reading costs 20 us
    and each state copy 200 us, so a search under a time budget makes the same choices on any
    machine, loaded or not (the bench measures the real times)."""

    READ_S = 0.00002
    CLONE_S = 0.0002

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += self.READ_S
        return self.now


@contextlib.contextmanager
def work_clock():
    """Within it, time.perf_counter is a WorkClock charged by SkirmishState copies."""
    clock = WorkClock()
    clone = SkirmishState.clone

    def costly_clone(self):
        clock.now += WorkClock.CLONE_S
        return clone(self)

    with mock.patch.object(time, "perf_counter", clock), mock.patch.object(SkirmishState, "clone", costly_clone):
        yield clock


OPEN = ["..........", "..........", "..........", "..........", "..........", "..........", "..........", ".........."]


def arena(rows=OPEN, arena_id="test", round_limit=30, spawns=None) -> Arena:
    walls = frozenset((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#")
    width = len(rows[0])
    spawns = spawns or (((0, 0), (0, 2), (0, 4)), ((width - 1, 0), (width - 1, 2), (width - 1, 4)))
    return Arena(arena_id, arena_id, width, len(rows), walls, spawns, round_limit)


def ability(
    id="hit",
    *effects,
    energy=4,
    mana=0,
    cooldown=0,
    range=1,
    min_range=0,
    los=True,
    target=TargetKind.ENEMY,
    shape=Shape.SINGLE,
    size=0,
    **usage,
) -> Ability:
    from game.rules.skirmish.model import Usage

    effects = effects or (Effect(Verb.DAMAGE),)
    return Ability(
        id,
        id.title(),
        energy,
        mana,
        cooldown,
        range,
        min_range,
        los,
        target,
        shape,
        size,
        tuple(effects),
        Usage(**usage),
    )


def dummy(id="dummy", abilities=(), **stats) -> HeroClass:
    """A plain hero: 100 health, 50 mana, 10 energy, steps cost 2, damage 10-10, always hits, never
    crits, no armour, initiative 4 (team 0 wins its ties in round 1)."""
    base = dict(
        id=id,
        name=id.title(),
        health=100,
        mana=50,
        mana_regen=0,
        energy=10,
        move_cost=2,
        damage=(10, 10),
        hit=1.0,
        crit=0.0,
        armour=0,
        resist=0,
        initiative=4,
        abilities=tuple(abilities) or (ability(),),
    )
    base.update(stats)
    return HeroClass(**base)


def state(classes, rows=OPEN, cells=None, seed=0, round_limit=30, spawns=None) -> SkirmishState:
    """A match on a test arena between six given classes (team 0's three, then team 1's), heroes
    moved to `cells` (uid order) when given. The first hero to act is the highest initiative."""
    classes = list(classes)
    roster = Roster({c.id: c for c in classes}, {}, {"test": arena(rows, round_limit=round_limit, spawns=spawns)})
    ids = [c.id for c in classes]
    s = SkirmishState(roster, "test", [ids[:3], ids[3:]], seed=seed)
    if cells is not None:
        for hero, cell in zip(s.heroes, cells):
            hero.cell = cell
    return s


def six(*classes: HeroClass) -> list[HeroClass]:
    """Six classes with distinct ids, filling up with dummies of initiative 1 (they act last)."""
    out = list(classes)
    while len(out) < 6:
        out.append(dummy(f"filler{len(out)}", initiative=1))
    return [dataclasses.replace(c, id=f"{c.id}_{i}") for i, c in enumerate(out)]


class ScriptedRng:
    """Stands in for random.Random: returns the scripted values in order and fails when a roll
    was not expected, so a test states every roll the rules make."""

    def __init__(self, *values):
        self.values = list(values)

    def random(self):
        return self._next("random")

    def randint(self, lo, hi):
        value = self._next("randint")
        assert lo <= value <= hi, f"scripted randint {value} outside {lo}..{hi}"
        return value

    def _next(self, kind):
        assert self.values, f"unexpected {kind}() roll"
        return self.values.pop(0)


__all__ = [
    "SHIPPED",
    "OPEN",
    "arena",
    "ability",
    "dummy",
    "state",
    "six",
    "ScriptedRng",
    "Affects",
    "DamageKind",
    "Effect",
    "Shape",
    "TargetKind",
    "Verb",
]
